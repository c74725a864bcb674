//! Enclosing: the rows of other seats' pieces between a cell and another of
//! the mover's pieces, in every direction (Reversi's flips, Pente's and
//! Go-Moku's custodial captures). `encloses(c)` counts them for a piece
//! not yet put down; `flip enclosed` and `capture enclosed` act on them
//! after one is.

use super::State;
use crate::ir::{CellId, EnclosedEffect, Rules, NO_CELL};

/// The compass directions a row may run in.
const DIRECTIONS: u8 = 8;

impl Rules {
    /// How many pieces a piece of the mover's on `cell` would enclose.
    pub(super) fn encloses(&self, state: &State, cell: CellId) -> usize {
        if cell == NO_CELL || cell as usize >= self.geometry.cell_count() {
            return 0;
        }
        (0..DIRECTIONS)
            .map(|d| self.enclosed_row(state, cell, d, None))
            .sum()
    }

    /// The length of the row of other seats' pieces from `cell` (not
    /// counted) in direction `d` that one of the mover's pieces closes, or
    /// 0; with `exactly`, only a row of that length counts.
    fn enclosed_row(&self, state: &State, cell: CellId, d: u8, exactly: Option<u8>) -> usize {
        let own = state.mover + 1;
        let seats = self.seats.len() as u8;
        let compass = &self.geometry.compass;
        let mut at = compass.step(cell, d);
        let mut length = 0;
        while at != NO_CELL {
            match state.board[at as usize] {
                code if code == own => break,
                // An empty cell or a neutral piece leaves the row open.
                code if code == 0 || code > seats => return 0,
                _ => length += 1,
            }
            at = compass.step(at, d);
        }
        let closed = at != NO_CELL && length > 0;
        if closed && exactly.is_none_or(|n| n as usize == length) {
            length
        } else {
            0
        }
    }

    /// Flips or captures the rows the mover's piece on `cell` encloses.
    pub(super) fn enclosed(
        &self,
        state: &mut State,
        cell: CellId,
        effect: EnclosedEffect,
        exactly: Option<u8>,
    ) {
        if cell == NO_CELL || cell as usize >= self.geometry.cell_count() {
            return;
        }
        let mover = state.mover as usize;
        let mut changed = false;
        for d in 0..DIRECTIONS {
            let length = self.enclosed_row(state, cell, d, exactly);
            let mut at = cell;
            for _ in 0..length {
                at = self.geometry.compass.step(at, d);
                let code = state.pop(at, self);
                if let Some(c) = state.counts.get_mut(code as usize - 1) {
                    *c -= 1;
                }
                match effect {
                    EnclosedEffect::Flip => {
                        state.push(at, state.mover + 1, self);
                        state.counts[mover] += 1;
                    }
                    EnclosedEffect::Capture => state.captured[mover] += 1,
                }
                changed = true;
            }
        }
        if changed {
            // Rows and runs of both seats may have been made or broken.
            self.recount(state);
        }
    }
}
