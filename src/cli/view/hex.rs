//! Drawing a hexagonal board, Abalone style.

use super::{split_label, Canvas, Ink};
use crate::engine::State;
use crate::ir::{CellId, Rules};

/// A hexagon, Abalone style: rows lettered at both ends, diagonals numbered along
/// the bottom and the lower-right edge.
///
/// With one-character cells, cell (q, r) sits at column 2q + r, so each row is
/// shifted half a cell from the one above and a diagonal (q fixed) runs
/// down-right one column per line; wider cells (tall stacks) scale this by
/// `half`, half the distance between two cells of a row. A diagonal's number
/// goes one step further down-right than its last cell, so a reader finds it by
/// following the diagonal.
pub(super) fn draw(rules: &Rules, state: &State, side: usize) -> Canvas {
    let g = &rules.geometry;
    let r_max = side as i32 - 1;
    let rows = 2 * side - 1;
    let mut canvas = Canvas::new(0, rules, state);
    let (width, gap) = (canvas.width, canvas.gap);
    // Neighbours in a row are 2 * half columns apart: room for the cell and a
    // gap, and even, so that the next row can be shifted by exactly half.
    let half = (width + gap).div_ceil(2);
    // A cell's anchor is its rightmost column (a stack's top); the middle
    // row's left letter lands in column 0.
    let column = |q: i32, r: i32| half * (2 * q + r + 2 * r_max) as usize + width + gap;
    let line = |r: i32| (r + r_max) as usize;

    // Per row: first and last column and the row letters; per diagonal: its
    // lowest row and its number. Read from the labels so the picture matches them.
    let mut row_ends: Vec<Option<(usize, usize, &str)>> = vec![None; rows];
    let mut diagonals: Vec<Option<(i32, &str)>> = vec![None; rows];
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        let (letters, number) = split_label(&g.labels[cell]);
        let c = column(q, r);
        let ends = row_ends[line(r)].get_or_insert((c, c, letters));
        ends.0 = ends.0.min(c);
        ends.1 = ends.1.max(c);
        let lowest = diagonals[(q + r_max) as usize].get_or_insert((r, number));
        lowest.0 = lowest.0.max(r);
    }

    let widest = |edge_only: bool| {
        let numbers = diagonals.iter().flatten();
        numbers
            .filter(|(r, _)| !edge_only || *r < r_max)
            .map(|(_, n)| n.len())
            .max()
    };
    let number_lines = widest(false).unwrap_or(1);
    canvas.lines.resize_with(rows + number_lines, Vec::new);
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        canvas.cell(line(r), column(q, r), rules, state, cell as CellId);
    }
    // Where each row's right letter starts: after its last cell, or after room
    // for the widest edge number, so the letters on the lower right line up.
    let edge_width = widest(true).unwrap_or(0);
    let mut right: Vec<usize> = row_ends
        .iter()
        .map(|e| e.map_or(0, |(_, last, _)| last + 1 + gap))
        .collect();
    for (q, diagonal) in (-r_max..).zip(&diagonals) {
        let Some((lowest, number)) = *diagonal else {
            continue;
        };
        let (r, c) = (lowest + 1, column(q, lowest + 1));
        if r > r_max {
            // Under the bottom row numbers may sit only two columns apart, so
            // longer ones are written downwards, one digit a line.
            for (i, digit) in number.char_indices() {
                canvas.put(line(r) + i, c, &number[i..i + digit.len_utf8()], Ink::Faint);
            }
        } else {
            canvas.put(line(r), c, number, Ink::Faint);
            right[line(r)] = c + edge_width + gap;
        }
    }
    for (l, ends) in row_ends.iter().enumerate() {
        let Some((first, _, letters)) = *ends else {
            continue;
        };
        // Left of the cell's widest extent, with a gap for a bracket.
        canvas.put(l, first - width - gap, letters, Ink::Faint);
        canvas.put(l, right[l], letters, Ink::Faint);
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::super::board;
    use crate::engine::State;
    use crate::ir::Rules;

    fn hex_fours(size: i64) -> Rules {
        crate::compile::shipped("hex-fours", &[("size", size)])
    }

    fn played(rules: &Rules, moves: &[&str]) -> State {
        let mut state = rules.start(1);
        for m in moves {
            let m = rules.parse_move(&state, m).unwrap();
            rules.play(&mut state, m);
        }
        state
    }

    #[test]
    fn side_3_hexagon_snapshot() {
        let rules = hex_fours(3);
        let state = played(&rules, &["c3", "c4", "b2"]);
        let expected = "  e · · · e
 d · · · · d
c · · L D · c
 b ·[L]· · 5 b
  a · · · 4 a
     1 2 3";
        assert_eq!(board(&rules, &state, false), expected);
    }

    #[test]
    fn centre_of_side_6_is_in_the_middle_line() {
        let rules = hex_fours(6);
        let mut state = rules.start(1);
        state.board[rules.geometry.cell_by_label("f6").unwrap() as usize] = 1;
        state.board[rules.geometry.cell_by_label("a1").unwrap() as usize] = 2;
        let text = board(&rules, &state, false);
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        assert_eq!(lines.len(), 12);
        assert_eq!(lines[5][12], 'L');
        assert_eq!(lines[10][7], 'D');
    }

    /// Reads every cell's label off the picture as a person would: the row
    /// letter at the line's start, the number by following the diagonal down-right.
    #[test]
    fn every_label_reads_off_the_hexagon() {
        for side in [2, 3, 6, 9] {
            // Only the geometry matters here, and the rules reject side 2.
            let mut rules = hex_fours(3);
            rules.geometry = crate::ir::Geometry::hex(side);
            for (cell, label) in rules.geometry.labels.iter().enumerate() {
                let mut state = rules.start(1);
                state.board[cell] = 1;
                let text = board(&rules, &state, false);
                let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
                let (y, x) = (0..lines.len())
                    .find_map(|y| lines[y].iter().position(|&c| c == 'L').map(|x| (y, x)))
                    .unwrap();
                let letter = lines[y].iter().find(|c| !c.is_whitespace()).unwrap();
                assert_eq!(lines[y].last(), Some(letter), "right letter of {label}");
                let mut k = 1;
                while !lines[y + k][x + k].is_ascii_digit() {
                    assert_eq!(
                        lines[y + k][x + k],
                        '·',
                        "the diagonal from {label} runs over cells"
                    );
                    k += 1;
                }
                let number: String = lines[y + k][x + k..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                assert_eq!(format!("{letter}{number}"), *label, "side {side}");
            }
        }
    }

    /// A hexagon with stacks: wider cells, every row still half a cell from the next.
    #[test]
    fn stacks_widen_the_hexagon() {
        let text = "game \"Towers\"\nplayers Light, Dark\nboard hex 3 with stacks\nsupply 5\n\
                    phase play\n  place\nend when supply(next) == 0: draw\n";
        let rules = crate::compile::load(text, &[]).unwrap();
        let state = played(&rules, &["c3", "c3", "c3", "a1"]);
        let expected = "      e    ·     ·     ·  e
   d    ·     ·     ·     ·  d
c    ·     ·   LDL     ·     ·  c
   b    ·     ·     ·     ·     5  b
      a   [D]    ·     ·     4  a
              1     2     3";
        assert_eq!(board(&rules, &state, false), expected);
    }
}
