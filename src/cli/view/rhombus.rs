//! Drawing a rhombus of hexagonal cells (a Hex board): each row half a cell
//! right of the one above, column letters above and below, row numbers at
//! both ends of each row.

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
    // Room for the widest row number and a gap on the left.
    let numbers = height.to_string().len();
    let left = numbers + gap;
    let column = |q: usize, r: usize| left + half * (2 * q + r);
    canvas.lines.resize_with(height + 2, Vec::new);
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        let (q, r) = (q as usize, r as usize);
        canvas.cell(r + 1, column(q, r), rules, state, cell as CellId);
    }
    for q in 0..width {
        let (letters, _) = split_label(&g.labels[q]);
        canvas.put(0, column(q, 0), letters, Ink::Faint);
        canvas.put(height + 1, column(q, height), letters, Ink::Faint);
    }
    for r in 0..height {
        let (_, number) = split_label(&g.labels[r * width]);
        let start = column(0, r) - gap - number.len();
        canvas.put(r + 1, start, number, Ink::Faint);
        canvas.put(
            r + 1,
            column(width - 1, r) + cell_width + gap,
            number,
            Ink::Faint,
        );
    }
    canvas
}
