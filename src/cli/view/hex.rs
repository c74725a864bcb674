//! Drawing a hexagonal board, Abalone style.

use super::{split_label, Canvas, Ink};
use crate::engine::State;
use crate::ir::{CellId, Rules};

/// A hexagon, Abalone style, with coordinates on its edges: rows lettered at
/// both ends, diagonals numbered above the top row and below the bottom row
/// (every diagonal reaches one of them), never on a row's line, where a
/// number beside a row's first or last cell would read as that cell's name
/// (`f 1 · ·`, whose first cell is f2).
///
/// With one-character cells, cell (q, r) sits at column 2q + r, so each row is
/// shifted half a cell from the one above and a diagonal (q fixed) runs
/// down-right one column per line; wider cells (tall stacks) scale this by
/// `half`, half the distance between two cells of a row. A diagonal's number
/// goes one step past its end cell in the top or bottom row, so a reader
/// finds it by following the diagonal up or down.
pub(super) fn draw(rules: &Rules, state: &State, side: usize) -> Canvas {
    let g = &rules.geometry;
    let r_max = side as i32 - 1;
    let rows = 2 * side - 1;
    let mut canvas = Canvas::new(0, rules, state);
    let (width, gap) = (canvas.width, canvas.gap);
    // Neighbours in a row are 2 * half columns apart: room for the cell and a
    // gap, and even, so that the next row can be shifted by exactly half.
    let half = (width + gap).div_ceil(2) as i32;

    // Per row: first and last cell's (q, r) and its letters; per diagonal:
    // its highest and lowest row and its number. Read from the labels so the
    // picture matches them.
    let mut row_ends: Vec<Option<(i32, i32, &str)>> = vec![None; rows];
    let mut diagonals: Vec<Option<(i32, i32, &str)>> = vec![None; rows];
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        let (letters, number) = split_label(&g.labels[cell]);
        let ends = row_ends[(r + r_max) as usize].get_or_insert((q, q, letters));
        ends.0 = ends.0.min(q);
        ends.1 = ends.1.max(q);
        let span = diagonals[(q + r_max) as usize].get_or_insert((r, r, number));
        span.0 = span.0.min(r);
        span.1 = span.1.max(r);
    }
    let numbers = || {
        (-r_max..)
            .zip(&diagonals)
            .filter_map(|(q, d)| d.map(|d| (q, d)))
    };
    // Lines for the widest number above the board and below it (a digit a
    // line): of the diagonals whose top, or lowest, row is `row`.
    let digits = |end: fn(&(i32, i32, &str)) -> i32, row: i32| {
        let at = numbers().filter(|(_, d)| end(d) == row);
        at.map(|(_, d)| d.2.len()).max().unwrap_or(0)
    };
    let above = digits(|d| d.0, -r_max);
    let below = digits(|d| d.1, r_max).max(1);
    // Room for the widest row letters left of the middle row.
    let letters = row_ends.iter().flatten().map(|e| e.2.len()).max();
    let left = (letters.unwrap_or(1) + gap) as i32;
    let column = |q: i32, r: i32| {
        let c = half * (2 * q + r + 2 * r_max) + (width + gap) as i32 + left;
        c as usize
    };
    let line = |r: i32| (r + r_max) as usize + above;
    canvas.lines.resize_with(above + rows + below, Vec::new);
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        canvas.cell(line(r), column(q, r), rules, state, cell as CellId);
    }
    for (q, (top, low, number)) in numbers() {
        // Up-left of a top-row cell: digits upwards, the last next to the board.
        if top == -r_max {
            let c = column(q, top - 1);
            for (i, digit) in number.chars().rev().enumerate() {
                canvas.put(above - 1 - i, c, &digit.to_string(), Ink::Faint);
            }
        }
        // Down-right of a bottom-row cell: digits downwards.
        if low == r_max {
            let (r, c) = (low + 1, column(q, low + 1));
            for (i, digit) in number.chars().enumerate() {
                canvas.put(line(r) + i, c, &digit.to_string(), Ink::Faint);
            }
        }
    }
    // Each row's letters go beside its end cells.
    for (l, ends) in row_ends.iter().enumerate() {
        if let Some((first, last, letters)) = ends {
            let r = l as i32 - r_max;
            let (left, right) = (column(*first, r) - width - gap, column(*last, r) + 1 + gap);
            canvas.put(line(r), left + 1 - letters.len(), letters, Ink::Faint);
            canvas.put(line(r), right, letters, Ink::Faint);
        }
    }
    flush_left(&mut canvas);
    canvas
}

/// Room was left for letters wider than some rows': the leftmost mark
/// starts the line.
fn flush_left(canvas: &mut Canvas) {
    let marks = canvas.lines.iter().flatten();
    let indent = marks.map(|m| m.column).min().unwrap_or(0);
    for m in canvas.lines.iter_mut().flatten() {
        m.column -= indent;
    }
}

#[cfg(test)]
mod tests {
    use super::super::board;
    use super::super::tests::played;
    use crate::ir::Rules;

    fn hex_fours(size: i64) -> Rules {
        crate::compile::shipped("hex-fours", &[("size", size)])
    }

    #[test]
    fn side_3_hexagon_snapshot() {
        let rules = hex_fours(3);
        let state = played(&rules, &["c3", "c4", "b2"]);
        let expected = "   3 4 5
  e · · · e
 d · · · · d
c · · L D · c
 b ·[L]· · b
  a · · · a
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
        // Two lines of numbers above (10 and 11 upwards), 11 rows, one below.
        assert_eq!(lines.len(), 14);
        assert_eq!(lines[7][12], 'L');
        assert_eq!(lines[12][7], 'D');
    }

    /// Reads every cell's label off the picture as a person would: the row
    /// letter at the line's start, the number by following the diagonal
    /// down-right below the board or up-left above it; and no number stands
    /// on a row's line, where it would read as a cell's name (issue 32, item 15).
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
                for line in lines.iter().filter(|l| l.iter().any(|c| c.is_alphabetic())) {
                    assert!(
                        !line.iter().any(char::is_ascii_digit),
                        "a number on a row's line, side {side}:\n{text}"
                    );
                }
                let (y, x) = (0..lines.len())
                    .find_map(|y| lines[y].iter().position(|&c| c == 'L').map(|x| (y, x)))
                    .unwrap();
                let letter = lines[y].iter().find(|c| !c.is_whitespace()).unwrap();
                assert_eq!(lines[y].last(), Some(letter), "right letter of {label}");
                let at = |l: usize, c: usize| lines.get(l).and_then(|l| l.get(c)).copied();
                let mut k = 1;
                while at(y + k, x + k) == Some('·') {
                    k += 1;
                }
                let number: String = if at(y + k, x + k).is_some_and(|c| c.is_ascii_digit()) {
                    // Below the board, read downwards.
                    (y + k..lines.len())
                        .map_while(|l| at(l, x + k).filter(char::is_ascii_digit))
                        .collect()
                } else {
                    let mut k = 1;
                    while at(y - k, x - k) == Some('·') {
                        k += 1;
                    }
                    let (l, c) = (y - k, x - k);
                    let column = (0..=l).rev().map(|l| at(l, c).unwrap_or(' '));
                    let digits: Vec<char> = column.take_while(char::is_ascii_digit).collect();
                    digits.into_iter().rev().collect()
                };
                assert_eq!(format!("{letter}{number}"), *label, "side {side}:\n{text}");
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
        let expected = "        3     4     5
      e    ·     ·     ·  e
   d    ·     ·     ·     ·  d
c    ·     ·   LDL     ·     ·  c
   b    ·     ·     ·     ·  b
      a   [D]    ·     ·  a
              1     2     3";
        assert_eq!(board(&rules, &state, false), expected);
    }
}
