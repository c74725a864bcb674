//! Board geometry, computed once when the rules are compiled.
//!
//! Cells are dense ids. For every cell the tables hold its coordinates, its
//! label in move notation, its neighbours, whether it is on the edge, and one
//! step along each direction of each axis; for every line length the rules use,
//! every line (window of n cells in a row) through every cell.

use super::compass::{Compass, HEX_STEPS, SQUARE_STEPS};

/// A cell's dense id.
pub type CellId = u16;

/// The width of the empty border around the board in the slot grid: a walk
/// may take this many steps without a test before it must check.
pub const BORDER: usize = 3;

/// "No cell": a neighbour off the board, or `last` before any move.
pub const NO_CELL: CellId = CellId::MAX;

/// The board's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Width by height square cells; ids row by row from the bottom row, a1 first.
    Square {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A hexagon of hexagonal cells; ids row by row from the top row.
    Hex {
        /// Cells along one side.
        side: usize,
    },
    /// A rhombus of hexagonal cells, `width` columns by `height` rows (a Hex
    /// board); ids row by row from the top row.
    Rhombus {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A triangle of hexagonal cells (a Y board): the rhombus of `side` by
    /// `side` cut along its short diagonal, each row one cell shorter than
    /// the one above; ids row by row from the top row.
    Triangle {
        /// Cells along one side.
        side: usize,
    },
    /// Two rows of pits, one a seat, maybe with a store at each seat's
    /// right (`ring` holds the sowing order).
    Pits {
        /// Pits a row.
        pits: usize,
        /// Whether each seat has a store.
        stores: bool,
    },
    /// The spaces of a track (`ir::Track` holds its tables); no two spaces
    /// are adjacent and there are no lines.
    Track,
    /// Points joined by lines on a grid of `width` by `height`
    /// (`ir/points.rs`); ids row by row from the bottom.
    Lines {
        /// Columns of the grid.
        width: usize,
        /// Rows of the grid.
        height: usize,
    },
}

/// Precomputed geometry of a board.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// The shape.
    pub shape: Shape,
    /// Coordinates per cell: (column, row) on square boards, axial (q, r) on hex boards.
    pub coords: Vec<(i32, i32)>,
    /// Labels per cell in move notation.
    pub labels: Vec<String>,
    /// Whether each cell is on the edge.
    pub edge: Vec<bool>,
    /// Whether each cell is a corner: it has the fewest neighbours.
    pub corner: Vec<bool>,
    /// The directions to a neighbour, as steps; the opposite of direction d is d ^ 1.
    pub directions: Vec<(i32, i32)>,
    /// `toward[c * directions + d]`: the neighbour of c in direction d, or `NO_CELL`.
    pub toward: Vec<CellId>,
    /// Neighbours (cells sharing a side), `neighbour_start[c]..neighbour_start[c+1]`.
    pub neighbours: Vec<CellId>,
    /// Offsets into `neighbours`.
    pub neighbour_start: Vec<u32>,
    /// The line axes as (dx, dy) steps; lines run along these.
    pub axes: Vec<(i32, i32)>,
    /// `step[(c * axes + a) * 2 + d]`: the next cell from c along axis a, forward (d = 0) or back (d = 1).
    pub step: Vec<CellId>,
    /// The board inside a larger grid with a border of empty slots ("mailbox"),
    /// so that a step along an axis is adding a constant and a walk stops at
    /// the border without testing for the edge: slot of each cell.
    pub slot: Vec<u32>,
    /// The number of slots in the grid.
    pub slot_count: usize,
    /// Per axis: the slot offset of one step forward.
    pub strides: Vec<isize>,
    /// The longest line on the board.
    pub longest_line: usize,
    /// Whether each cell is the board's centre (a hexagon's middle cell; the
    /// middle 1, 2 or 4 cells of a square board).
    pub centre: Vec<bool>,
    /// Each cell's neighbours as a bitmask, when the board has at most 128
    /// cells (empty otherwise): groups are then found on bitboards.
    pub neighbour_masks: Vec<u128>,
    /// Directions by name, rows, columns and sides.
    pub compass: Compass,
    /// The sowing ring of a pits board.
    pub ring: Option<super::pits::Ring>,
    /// The lines of a board of lines, each its points in order (empty on
    /// other boards, whose lines run along the axes).
    pub point_lines: Vec<Vec<CellId>>,
}

impl Geometry {
    /// A square board of `width` by `height`.
    pub fn square(width: usize, height: usize) -> Self {
        let adjacent = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let axes = vec![(1, 0), (0, 1), (1, 1), (1, -1)];
        let shape = Shape::Square { width, height };
        // Rows count up from the bottom row, y = 0.
        Self::grid(shape, width, height, &adjacent, axes, &SQUARE_STEPS, false)
    }

    /// A grid of `width` columns by `height` rows, cell (x, y) named by
    /// column letter and row number `y + 1`, ids row by row from y = 0:
    /// square cells or a rhombus of hexagons, by their steps and axes.
    /// `top_first` says whether row y = 0 is drawn at the top.
    fn grid(
        shape: Shape,
        width: usize,
        height: usize,
        adjacent: &[(i32, i32)],
        axes: Vec<(i32, i32)>,
        compass_steps: &[Option<(i32, i32)>; 8],
        top_first: bool,
    ) -> Self {
        let mut coords = Vec::new();
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                coords.push((x, y));
            }
        }
        let labels = coords
            .iter()
            .map(|&(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1))
            .collect();
        let inside =
            move |(x, y): (i32, i32)| x >= 0 && y >= 0 && x < width as i32 && y < height as i32;
        let index = move |(x, y): (i32, i32)| (y as usize * width + x as usize) as CellId;
        // The middle cell, or the middle two or four when a side is even.
        let middle = |n: usize, v: i32| v == (n as i32 - 1) / 2 || v == n as i32 / 2;
        let centre = coords
            .iter()
            .map(|&(x, y)| middle(width, x) && middle(height, y))
            .collect();
        let row_column = |(x, y): (i32, i32)| (y as u8 + 1, x as u8 + 1);
        let compass = Compass::new(&coords, compass_steps, inside, index, row_column, top_first);
        let longest = width.max(height);
        let mut geometry = Self::build(
            centre, shape, coords, labels, adjacent, axes, inside, index, longest,
        );
        geometry.compass = compass;
        geometry
    }

    /// A hexagon with `side` cells along each side (91 cells for side 6).
    pub fn hex(side: usize) -> Self {
        let r_max = side as i32 - 1;
        let mut coords = Vec::new();
        for r in -r_max..=r_max {
            for q in -r_max..=r_max {
                if (q + r).abs() <= r_max {
                    coords.push((q, r));
                }
            }
        }
        // Rows are lettered from the bottom (a) up; diagonals numbered 1.. by q.
        let labels = coords
            .iter()
            .map(|&(q, r)| format!("{}{}", (b'a' + (r_max - r) as u8) as char, q + r_max + 1))
            .collect();
        let row_start: Vec<usize> = {
            let mut starts = Vec::new();
            let mut n = 0;
            for r in -r_max..=r_max {
                starts.push(n);
                n += (2 * r_max + 1 - r.abs()) as usize;
            }
            starts
        };
        let steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
        let axes = vec![(1, 0), (0, 1), (1, -1)];
        let inside = move |(q, r): (i32, i32)| {
            q.abs() <= r_max && r.abs() <= r_max && (q + r).abs() <= r_max
        };
        let index = |(q, r): (i32, i32)| {
            let q_min = (-r_max).max(-r_max - r);
            (row_start[(r + r_max) as usize] + (q - q_min) as usize) as CellId
        };
        let centre = coords.iter().map(|&c| c == (0, 0)).collect();
        // As the labels count: rows lettered from the bottom, numbers by q.
        let row_column = |(q, r): (i32, i32)| ((r_max - r) as u8 + 1, (q + r_max) as u8 + 1);
        let compass = Compass::new(&coords, &HEX_STEPS, inside, index, row_column, true);
        let mut geometry = Self::build(
            centre,
            Shape::Hex { side },
            coords,
            labels,
            &steps,
            axes,
            inside,
            index,
            2 * side - 1,
        );
        geometry.compass = compass;
        geometry
    }

    /// A rhombus of `width` by `height` hexagonal cells, each row half a
    /// cell right of the one above (a Hex board). Cells are named as Hex
    /// players name them: the column's letter, then the row's number
    /// counted from the top (`a1` is the top-left corner).
    pub fn rhombus(width: usize, height: usize) -> Self {
        let adjacent = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
        let axes = vec![(1, 0), (0, 1), (1, -1)];
        let shape = Shape::Rhombus { width, height };
        // Rows count down from the top row, r = 0.
        Self::grid(shape, width, height, &adjacent, axes, &HEX_STEPS, true)
    }

    /// A triangle of hexagonal cells, `side` along each side: the cells
    /// (x, y) of a `side` by `side` rhombus with x + y < side, named as on
    /// the rhombus (`a1` the top-left corner, the top row full). Its sides
    /// are `top`, `left` and `right`; `bottom` has no cell (the bottom row
    /// is the one corner where the left and right sides meet).
    pub fn triangle(side: usize) -> Self {
        let n = side as i32;
        let coords: Vec<(i32, i32)> = (0..n)
            .flat_map(|y| (0..n - y).map(move |x| (x, y)))
            .collect();
        let labels = coords
            .iter()
            .map(|&(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1))
            .collect();
        let inside = move |(x, y): (i32, i32)| x >= 0 && y >= 0 && x + y < n;
        // Rows above row y hold n, n - 1, ... cells.
        let index = move |(x, y): (i32, i32)| (y * n - y * (y - 1) / 2 + x) as CellId;
        // The middle cell, when there is one (a side of 3k + 1).
        let centre = coords
            .iter()
            .map(|&(x, y)| (n - 1) % 3 == 0 && x == (n - 1) / 3 && y == x)
            .collect();
        let row_column = |(x, y): (i32, i32)| (y as u8 + 1, x as u8 + 1);
        let mut compass = Compass::new(&coords, &HEX_STEPS, inside, index, row_column, true);
        // Three sides: the bottom row is one corner, not a side.
        compass.sides.iter_mut().for_each(|s| *s &= !0b10);
        let adjacent = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
        let axes = vec![(1, 0), (0, 1), (1, -1)];
        let shape = Shape::Triangle { side };
        let mut geometry = Self::build(
            centre, shape, coords, labels, &adjacent, axes, inside, index, side,
        );
        geometry.compass = compass;
        geometry
    }

    /// The spaces of a track board, labelled: no neighbours, no axes.
    pub fn spaces(labels: Vec<String>) -> Self {
        let coords = (0..labels.len() as i32).map(|i| (i, 0)).collect();
        Self::unlinked(Shape::Track, coords, labels, 0)
    }

    /// Cells at `coords` with no neighbours and no axes yet (a board that
    /// links its cells itself), none of them a centre.
    pub(super) fn unlinked(
        shape: Shape,
        coords: Vec<(i32, i32)>,
        labels: Vec<String>,
        longest_line: usize,
    ) -> Self {
        let centre = vec![false; labels.len()];
        let none = |_| NO_CELL;
        Self::build(
            centre,
            shape,
            coords,
            labels,
            &[],
            Vec::new(),
            |_| false,
            none,
            longest_line,
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn build(
        centre: Vec<bool>,
        shape: Shape,
        coords: Vec<(i32, i32)>,
        labels: Vec<String>,
        adjacent_steps: &[(i32, i32)],
        axes: Vec<(i32, i32)>,
        inside: impl Fn((i32, i32)) -> bool,
        index: impl Fn((i32, i32)) -> CellId,
        longest_line: usize,
    ) -> Self {
        let mut neighbours = Vec::new();
        let mut neighbour_start = vec![0];
        let mut edge = Vec::new();
        for &(x, y) in &coords {
            let before = neighbours.len();
            for &(dx, dy) in adjacent_steps {
                let p = (x + dx, y + dy);
                if inside(p) {
                    neighbours.push(index(p));
                }
            }
            edge.push(neighbours.len() - before < adjacent_steps.len());
            neighbour_start.push(neighbours.len() as u32);
        }
        let fewest = (0..coords.len())
            .map(|c| neighbour_start[c + 1] - neighbour_start[c])
            .min()
            .unwrap_or(0);
        let corner = (0..coords.len())
            .map(|c| neighbour_start[c + 1] - neighbour_start[c] == fewest)
            .collect();
        let mut toward = Vec::with_capacity(coords.len() * adjacent_steps.len());
        for &(x, y) in &coords {
            for &(dx, dy) in adjacent_steps {
                let p = (x + dx, y + dy);
                toward.push(if inside(p) { index(p) } else { NO_CELL });
            }
        }
        let mut step = Vec::with_capacity(coords.len() * axes.len() * 2);
        for &(x, y) in &coords {
            for &(dx, dy) in &axes {
                for p in [(x + dx, y + dy), (x - dx, y - dy)] {
                    step.push(if inside(p) { index(p) } else { NO_CELL });
                }
            }
        }
        let min_x = coords.iter().map(|c| c.0).min().unwrap_or(0);
        let min_y = coords.iter().map(|c| c.1).min().unwrap_or(0);
        let max_x = coords.iter().map(|c| c.0).max().unwrap_or(0);
        let max_y = coords.iter().map(|c| c.1).max().unwrap_or(0);
        let width = (max_x - min_x + 1) as usize + 2 * BORDER;
        let height = (max_y - min_y + 1) as usize + 2 * BORDER;
        let slot = coords
            .iter()
            .map(|&(x, y)| ((y - min_y) as usize + BORDER) * width + (x - min_x) as usize + BORDER)
            .map(|s| s as u32)
            .collect();
        let strides = axes
            .iter()
            .map(|&(dx, dy)| dy as isize * width as isize + dx as isize)
            .collect();
        let neighbour_masks = if coords.len() <= 128 {
            (0..coords.len())
                .map(|c| {
                    neighbours[neighbour_start[c] as usize..neighbour_start[c + 1] as usize]
                        .iter()
                        .fold(0u128, |m, &n| m | 1 << n)
                })
                .collect()
        } else {
            Vec::new()
        };
        Geometry {
            centre,
            neighbour_masks,
            shape,
            coords,
            labels,
            edge,
            corner,
            directions: adjacent_steps.to_vec(),
            toward,
            neighbours,
            neighbour_start,
            axes,
            step,
            slot,
            slot_count: width * height,
            strides,
            longest_line,
            compass: Compass::default(),
            ring: None,
            point_lines: Vec::new(),
        }
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.coords.len()
    }

    /// The neighbours of a cell.
    pub fn neighbours_of(&self, cell: CellId) -> &[CellId] {
        let c = cell as usize;
        &self.neighbours[self.neighbour_start[c] as usize..self.neighbour_start[c + 1] as usize]
    }

    /// Whether two cells share a side.
    pub fn adjacent(&self, a: CellId, b: CellId) -> bool {
        a != NO_CELL && b != NO_CELL && self.neighbours_of(a).contains(&b)
    }

    /// The next cell from `cell` along `axis`, forward or back.
    #[inline]
    pub fn step(&self, cell: CellId, axis: usize, back: bool) -> CellId {
        self.step[(cell as usize * self.axes.len() + axis) * 2 + back as usize]
    }

    /// The neighbour of `cell` in direction `d`, or `NO_CELL`.
    #[inline]
    pub fn toward(&self, cell: CellId, d: usize) -> CellId {
        self.toward[cell as usize * self.directions.len() + d]
    }

    /// The direction from `a` to its neighbour `b`, if they are neighbours.
    pub fn direction(&self, a: CellId, b: CellId) -> Option<usize> {
        (0..self.directions.len()).find(|&d| self.toward(a, d) == b)
    }

    /// The cell with this label.
    pub fn cell_by_label(&self, label: &str) -> Option<CellId> {
        self.labels
            .iter()
            .position(|l| l == label)
            .map(|i| i as CellId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_side_6_has_91_cells_30_on_the_edge() {
        let g = Geometry::hex(6);
        assert_eq!(g.cell_count(), 91);
        assert_eq!(g.edge.iter().filter(|&&e| e).count(), 30);
        assert!(g.labels.iter().all(|l| g.cell_by_label(l).is_some()));
        for c in 0..91 {
            let n = g.neighbours_of(c).len();
            assert_eq!(n == 6, !g.edge[c as usize]);
            for &m in g.neighbours_of(c) {
                assert!(g.adjacent(m, c), "adjacency is symmetric");
            }
        }
    }

    #[test]
    fn tic_tac_toe_has_8_lines_of_3() {
        let g = Geometry::square(3, 3);
        let t = g.line_table(3);
        assert_eq!(t.line_count(), 8);
        // The centre (b2) lies on 4 lines, a corner on 3, a side on 2.
        let b2 = g.cell_by_label("b2").unwrap();
        assert_eq!(t.through(b2).len(), 4);
        assert_eq!(t.through(g.cell_by_label("a1").unwrap()).len(), 3);
        assert_eq!(t.through(g.cell_by_label("a2").unwrap()).len(), 2);
    }

    #[test]
    fn hex_lines_run_along_three_axes() {
        let g = Geometry::hex(6);
        // Per axis, rows of lengths 6..11..6 hold L-3 windows of 4 each.
        let per_axis: usize = [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]
            .iter()
            .map(|l| l - 3)
            .sum();
        assert_eq!(g.line_table(4).line_count(), 3 * per_axis);
    }
}
