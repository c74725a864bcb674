//! Drawing a rhombus of hexagonal cells (a Hex board), or a triangle of
//! them (a Y board, each row one cell shorter): each row half a cell right
//! of the one above, column letters above and below, row numbers at both
//! ends of each row.

use super::{split_label, Canvas, Ink};
use crate::engine::State;
use crate::ir::{CellId, Rules};

/// A rhombus of `width` by `height` cells. Cell (q, r) sits at column
/// `half * (2q + r)` after the row numbers, so each row is shifted half a
/// cell from the one above, as on a printed Hex board.
pub(super) fn draw(rules: &Rules, state: &State, width: usize, height: usize) -> Canvas {
    let g = &rules.geometry;
    let mut canvas = Canvas::new(0, rules, state);
    let (cell_width, gap) = (canvas.width, canvas.gap);
    let half = (cell_width + gap).div_ceil(2);
    // Room for the widest row number, a gap and a bracket (the last move's
    // mark) on the left: without it the mark touched the number (`7[W]`).
    let numbers = height.to_string().len();
    let left = numbers + gap + 1;
    let column = |q: usize, r: usize| left + half * (2 * q + r);
    canvas.lines.resize_with(height + 2, Vec::new);
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        let (q, r) = (q as usize, r as usize);
        canvas.cell(r + 1, column(q, r), rules, state, cell as CellId);
    }
    let at = |q: usize, r: usize| {
        let cell = g.coords.iter().position(|&c| c == (q as i32, r as i32))?;
        Some(split_label(&g.labels[cell]))
    };
    // Letters above the top row and below the bottom one, for the columns
    // each has (a triangle's bottom row has one).
    for q in 0..width {
        if let Some((letters, _)) = at(q, 0) {
            canvas.put(0, column(q, 0), letters, Ink::Faint);
        }
        if let Some((letters, _)) = at(q, height - 1) {
            canvas.put(height + 1, column(q, height), letters, Ink::Faint);
        }
    }
    for r in 0..height {
        let Some((_, number)) = at(0, r) else {
            continue;
        };
        let last = (0..width).rev().find(|&q| at(q, r).is_some()).unwrap_or(0);
        let start = column(0, r) - gap - 1 - number.len();
        canvas.put(r + 1, start, number, Ink::Faint);
        canvas.put(
            r + 1,
            column(last, r) + cell_width + gap + 1,
            number,
            Ink::Faint,
        );
    }
    canvas
}
