//! Drawing a board of points joined by lines (Nine Men's Morris): the
//! points on their grid, top row first, with a text line between two rows
//! for the lines that run down; `─` along a row, `│` down a column, `╲` and
//! `╱` on a diagonal. Column letters above and below, row numbers both
//! sides of the rows that have points.

use super::{Canvas, Ink};
use crate::engine::State;
use crate::ir::{CellId, Rules};

/// A board of lines on a grid of `width` by `height`.
pub(super) fn draw(rules: &Rules, state: &State, width: usize, height: usize) -> Canvas {
    let g = &rules.geometry;
    let number_width = height.to_string().len();
    let mut canvas = Canvas::new(2 * height + 1, rules, state);
    let (cell_width, gap) = (canvas.width, canvas.gap);
    let anchor = |x: i32| number_width + 2 + (cell_width + gap) * x as usize + cell_width - 1;
    let line_of = |y: i32| 2 * (height - 1 - y as usize) + 1;
    for x in 0..width {
        let letter = ((b'a' + x as u8) as char).to_string();
        canvas.put(0, anchor(x as i32), &letter, Ink::Faint);
        canvas.put(2 * height, anchor(x as i32), &letter, Ink::Faint);
    }
    // Cells first: a line drawn where a bracket already is gives way.
    for (cell, &(x, y)) in g.coords.iter().enumerate() {
        canvas.cell(line_of(y), anchor(x), rules, state, cell as CellId);
    }
    for y in 0..height as i32 {
        if g.coords.iter().any(|p| p.1 == y) {
            let name = (y + 1).to_string();
            let right = anchor(width as i32 - 1) + 3;
            canvas.put(line_of(y), number_width - name.len(), &name, Ink::Faint);
            canvas.put(line_of(y), right, &name, Ink::Faint);
        }
    }
    for pair in g.point_lines.iter().flat_map(|l| l.windows(2)) {
        let at = |c: CellId| {
            let (x, y) = g.coords[c as usize];
            (line_of(y) as i64, anchor(x) as i64)
        };
        join(&mut canvas, at(pair[0]), at(pair[1]));
    }
    canvas
}

/// Draws the segment between two points at (text line, column).
fn join(canvas: &mut Canvas, (l1, c1): (i64, i64), (l2, c2): (i64, i64)) {
    let (dl, dc) = (l2 - l1, c2 - c1);
    let glyph = match (dl.signum(), dc.signum()) {
        (0, _) => "─",
        (_, 0) => "│",
        (a, b) if a == b => "╲",
        _ => "╱",
    };
    // Along a row every column between; else every text line between.
    let steps = if dl == 0 { dc.abs() } else { dl.abs() };
    for k in 1..steps {
        let (line, column) = (l1 + dl * k / steps, c1 + dc * k / steps);
        canvas.put(line as usize, column as usize, glyph, Ink::Faint);
    }
}
