//! A board of points joined by lines (`board lines`, Nine Men's Morris):
//! the points lie on a grid and are named as on a square board, but only
//! the points the lines list exist, and two points are neighbours when a
//! line runs from one to the other. A direction from a point leads along
//! its line to the next point that way (`e` from `a1` on the morris board is
//! `d1`); the lines are the board's lines (`line(n, p)`, `in_line(n, c)`):
//! every window of n points along one.

use super::compass::{Compass, SQUARE_STEPS};
use super::geometry::{CellId, Geometry, Shape, NO_CELL};

impl Geometry {
    /// The board of `points` ((column, row) from 0, row by row from the
    /// bottom) joined by `lines` (each its points in order, as indices).
    pub fn lines(points: &[(i32, i32)], lines: &[Vec<usize>]) -> Self {
        let width = points.iter().map(|p| p.0 + 1).max().unwrap_or(1) as usize;
        let height = points.iter().map(|p| p.1 + 1).max().unwrap_or(1) as usize;
        let labels = points
            .iter()
            .map(|&(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1))
            .collect();
        let longest = lines.iter().map(Vec::len).max().unwrap_or(0);
        let shape = Shape::Lines { width, height };
        let mut geometry = Self::unlinked(shape, points.to_vec(), labels, longest);
        geometry.point_lines = lines
            .iter()
            .map(|l| l.iter().map(|&i| i as CellId).collect())
            .collect();
        geometry.link_points();
        geometry
    }

    /// Neighbours, edges, corners and the compass from the lines.
    fn link_points(&mut self) {
        let cells = self.coords.len();
        let mut around: Vec<Vec<CellId>> = vec![Vec::new(); cells];
        for line in &self.point_lines {
            for pair in line.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                if !around[a as usize].contains(&b) {
                    around[a as usize].push(b);
                    around[b as usize].push(a);
                }
            }
        }
        let most = around.iter().map(Vec::len).max().unwrap_or(0);
        let fewest = around.iter().map(Vec::len).min().unwrap_or(0);
        self.edge = around.iter().map(|n| n.len() < most).collect();
        self.corner = around.iter().map(|n| n.len() == fewest).collect();
        self.neighbours = around.iter().flatten().copied().collect();
        self.neighbour_start = std::iter::once(0)
            .chain(around.iter().scan(0, |at, n| {
                *at += n.len() as u32;
                Some(*at)
            }))
            .collect();
        if cells <= 128 {
            self.neighbour_masks = around
                .iter()
                .map(|n| n.iter().fold(0u128, |m, &c| m | 1 << c))
                .collect();
        }
        // A neighbour lies in the compass direction of the signs of its step.
        let mut steps = vec![NO_CELL; cells * 8];
        for (c, near) in around.iter().enumerate() {
            let (x, y) = self.coords[c];
            for &n in near {
                let (nx, ny) = self.coords[n as usize];
                let signs = ((nx - x).signum(), (ny - y).signum());
                let d = SQUARE_STEPS.iter().position(|s| *s == Some(signs));
                if let Some(d) = d.filter(|&d| steps[c * 8 + d] == NO_CELL) {
                    steps[c * 8 + d] = n;
                }
            }
        }
        let row_column = |(x, y): (i32, i32)| (y as u8 + 1, x as u8 + 1);
        let compass = Compass::new(
            &self.coords,
            &[None; 8],
            |_| false,
            |_| NO_CELL,
            row_column,
            false,
        );
        self.compass = Compass { steps, ..compass };
        self.directions = SQUARE_STEPS.iter().flatten().copied().collect();
        self.toward = self.compass.steps.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A corner of a morris board: a1-d1-g1 and a1-a4-a7.
    fn corner() -> Geometry {
        let points = [(0, 0), (3, 0), (6, 0), (0, 3), (0, 6)];
        Geometry::lines(&points, &[vec![0, 1, 2], vec![0, 3, 4]])
    }

    #[test]
    fn neighbours_are_the_next_points_along_a_line() {
        let g = corner();
        assert_eq!(g.labels, ["a1", "d1", "g1", "a4", "a7"]);
        assert_eq!(g.neighbours_of(0), [1, 3]);
        assert_eq!(g.neighbours_of(1), [0, 2]);
        assert_eq!(g.neighbours_of(4), [3]);
        assert!(!g.adjacent(1, 3));
    }

    #[test]
    fn a_direction_leads_along_the_line_that_way() {
        let g = corner();
        // n, e, s, w are 0, 2, 4, 6.
        assert_eq!(g.compass.step(0, 0), 3);
        assert_eq!(g.compass.step(0, 2), 1);
        assert_eq!(g.compass.step(0, 4), NO_CELL);
        assert_eq!(g.compass.step(1, 6), 0);
        assert_eq!(g.compass.step(0, 1), NO_CELL);
    }

    #[test]
    fn its_lines_are_windows_of_the_lines_declared() {
        let g = corner();
        let threes = g.line_table(3);
        assert_eq!(threes.cells, [0, 1, 2, 0, 3, 4]);
        assert_eq!(g.line_table(2).cells.len(), 8);
        assert!(g.line_table(4).cells.is_empty());
        assert_eq!(g.longest_line, 3);
    }
}
