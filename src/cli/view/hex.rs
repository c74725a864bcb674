//! Drawing a hexagonal board, Abalone style.

use super::{split_label, Canvas, Ink};
use crate::engine::State;
use crate::ir::{CellId, Rules};

/// A hexagon, Abalone style, with coordinates on every edge: rows lettered at
/// both ends, diagonals numbered at both ends (above the top row and along
/// the upper-left edge, below the bottom row and along the lower-right edge).
///
/// With one-character cells, cell (q, r) sits at column 2q + r, so each row is
/// shifted half a cell from the one above and a diagonal (q fixed) runs
/// down-right one column per line; wider cells (tall stacks) scale this by
/// `half`, half the distance between two cells of a row. A diagonal's number
/// goes one step past each end cell, so a reader finds it by following the
/// diagonal either way.
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
    // The widest number at a place: above or below the board (written one
    // digit a line), on the upper-left or the lower-right edge.
    let widest = |place: fn(i32, i32, i32) -> bool| {
        let numbers = numbers().filter(|&(_, (top, low, _))| place(top, low, r_max));
        numbers.map(|(_, (_, _, n))| n.len()).max().unwrap_or(0)
    };
    let above = widest(|top, _, r_max| top == -r_max);
    let below = widest(|_, low, r_max| low == r_max).max(1);
    let upper_left = widest(|top, _, r_max| top > -r_max);
    let lower_right = widest(|_, low, r_max| low < r_max);
    // The middle row's left letter lands in column 0, after room for an
    // upper-left number.
    let left = (upper_left + gap) as i32;
    let column = |q: i32, r: i32| {
        let c = half * (2 * q + r + 2 * r_max) + (width + gap) as i32 + left;
        c as usize
    };
    let line = |r: i32| (r + r_max) as usize + above;
    canvas.lines.resize_with(above + rows + below, Vec::new);
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        canvas.cell(line(r), column(q, r), rules, state, cell as CellId);
    }
    // Where each row's letters go: beside its end cells, or beyond room for
    // the widest edge number, so the letters along an edge line up.
    let mut letters_at: Vec<Option<(usize, usize)>> = row_ends
        .iter()
        .enumerate()
        .map(|(l, e)| {
            e.map(|(first, last, _)| {
                let r = l as i32 - r_max;
                (column(first, r) - width - gap, column(last, r) + 1 + gap)
            })
        })
        .collect();
    for (q, (top, low, number)) in numbers() {
        let faint = Ink::Faint;
        // Up-left of the top cell: above the board, digits upwards, the
        // last next to the board; else on a row's line, ending next to it.
        let (r, c) = (top - 1, column(q, top - 1));
        if r < -r_max {
            for (i, digit) in number.chars().rev().enumerate() {
                canvas.put(above - 1 - i, c, &digit.to_string(), faint);
            }
        } else {
            let l = (r + r_max) as usize;
            canvas.put(line(r), c + 1 - number.len(), number, faint);
            if let Some(at) = &mut letters_at[l] {
                at.0 = c - upper_left - gap;
            }
        }
        // Down-right of the lowest cell: below the board, digits downwards;
        // else on a row's line, starting next to it.
        let (r, c) = (low + 1, column(q, low + 1));
        if r > r_max {
            for (i, digit) in number.chars().enumerate() {
                canvas.put(line(r) + i, c, &digit.to_string(), faint);
            }
        } else {
            canvas.put(line(r), c, number, faint);
            if let Some(at) = &mut letters_at[(r + r_max) as usize] {
                at.1 = c + lower_right + gap;
            }
        }
    }
    for (l, ends) in row_ends.iter().enumerate() {
        if let (Some((_, _, letters)), Some((left, right))) = (ends, letters_at[l]) {
            canvas.put(
                line(l as i32 - r_max),
                left + 1 - letters.len(),
                letters,
                Ink::Faint,
            );
            canvas.put(line(l as i32 - r_max), right, letters, Ink::Faint);
        }
    }
    // Room was left for upper-left numbers wider than the lower-left
    // letters: the leftmost mark starts the line.
    let marks = canvas.lines.iter().flatten();
    let indent = marks.map(|m| m.column).min().unwrap_or(0);
    for m in canvas.lines.iter_mut().flatten() {
        m.column -= indent;
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
        let expected = "    3 4 5
 e 2 · · · e
d 1 · · · · d
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
        // Two lines of numbers above (10 and 11 upwards), 11 rows, one below.
        assert_eq!(lines.len(), 14);
        assert_eq!(lines[7][13], 'L');
        assert_eq!(lines[12][8], 'D');
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
                // Up-left the diagonal ends at the same number: on a row's
                // line its last digit, above the board read downwards.
                let mut k = 1;
                while lines[y - k][x - k] == '·' {
                    k += 1;
                }
                let (l, c) = (y - k, x - k);
                let up: String = if lines[l][..=c].iter().any(|c| c.is_alphabetic()) {
                    let digits = lines[l][..=c]
                        .iter()
                        .rev()
                        .take_while(|c| c.is_ascii_digit());
                    digits.collect::<Vec<_>>().into_iter().rev().collect()
                } else {
                    let column = (0..=l)
                        .rev()
                        .map(|l| lines[l].get(c).copied().unwrap_or(' '));
                    let digits: Vec<char> = column.take_while(char::is_ascii_digit).collect();
                    digits.into_iter().rev().collect()
                };
                assert_eq!(up, number, "the top end of {label}'s diagonal, side {side}");
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
        let expected = "         3     4     5
   e  2     ·     ·     ·  e
d  1     ·     ·     ·     ·  d
 c    ·     ·   LDL     ·     ·  c
    b    ·     ·     ·     ·     5  b
       a   [D]    ·     ·     4  a
               1     2     3";
        assert_eq!(board(&rules, &state, false), expected);
    }
}
