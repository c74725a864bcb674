//! Drawing a board of pits (a mancala game): each pit and store as its
//! count of seeds, the second seat's row above the first's, each store at
//! its seat's right (the second seat's, seen from the first, at the left),
//! pit letters above and below, row numbers at both ends.

use super::{Canvas, Ink};
use crate::engine::State;
use crate::ir::{CellId, Rules};

/// Columns a count takes: two digits, right-aligned.
const COUNT: usize = 2;
/// Columns from one pit to the next.
const PITCH: usize = 4;

/// The two rows of `pits` pits, with the stores if there are any.
pub(super) fn draw(rules: &Rules, state: &State, pits: usize, stores: bool) -> Canvas {
    let g = &rules.geometry;
    let mut canvas = Canvas::new(4, rules, state);
    // Room for a row number and a store on the left.
    let left = 2 + if stores { PITCH + 3 } else { 0 };
    let column = |x: i32| (left as i32 + x * PITCH as i32) as usize;
    for (cell, &(x, y)) in g.coords.iter().enumerate() {
        let count = state.height(cell as CellId).to_string();
        let line = 2 - y as usize;
        let at = column(x) + COUNT - count.len();
        let last = state.last == cell as CellId;
        let ink = if count == "0" {
            Ink::Faint
        } else if last {
            Ink::Last(None)
        } else {
            Ink::Top(None)
        };
        let is_store = g.ring.as_ref().is_some_and(|r| r.is_store(cell as CellId));
        if is_store {
            canvas.put(line, at - 1, "[", Ink::Faint);
            canvas.put(line, column(x) + COUNT, "]", Ink::Faint);
        }
        canvas.put(line, at, &count, ink);
    }
    for x in 0..pits {
        let letter = ((b'a' + x as u8) as char).to_string();
        let at = column(x as i32) + COUNT - 1;
        canvas.put(0, at, &letter, Ink::Faint);
        canvas.put(3, at, &letter, Ink::Faint);
    }
    let right = column(pits as i32 + i32::from(stores)) + 1;
    for (line, number) in [(1, "2"), (2, "1")] {
        canvas.put(line, 0, number, Ink::Faint);
        canvas.put(line, right, number, Ink::Faint);
    }
    canvas
}
