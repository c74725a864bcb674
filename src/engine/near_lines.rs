//! The lines a seat is one piece short of, found once for a position
//! (`must block`'s test for a win, and its lasting wins), and the cells
//! that complete them.

use super::State;
use crate::ir::{CellId, Rules};

impl Rules {
    /// The lines of table `t` that `seat` has all but at most one cell of
    /// (whatever is on that cell), when the board fits a bitboard.
    pub(super) fn near_lines(&self, state: &State, t: usize, seat: u8) -> NearLines {
        let table = &self.line_tables[t];
        let (Some(masks), true) = (&table.masks, self.plan.keeps.tops) else {
            return NearLines::default();
        };
        let own = state.tops[seat as usize + 1];
        let mut near = NearLines {
            known: true,
            ..NearLines::default()
        };
        let pieces = own.count_ones() as usize;
        if pieces + 1 < table.length {
            return near;
        }
        // Few pieces: only the lines through them (a cell lies in at most
        // `length` lines per axis, and boards have up to four axes), each
        // taken at its lowest piece; else every line.
        if pieces * table.length * 4 < masks.len() {
            let mut bits = own;
            while bits != 0 {
                let c = bits.trailing_zeros();
                for &l in table.through(c as CellId) {
                    let m = masks[l as usize];
                    let missing = m & !own;
                    let first = (m & own).trailing_zeros() == c;
                    if first && missing & missing.wrapping_sub(1) == 0 && !near.push(m) {
                        return NearLines::default();
                    }
                }
                bits &= bits - 1;
            }
            return near;
        }
        for &m in masks {
            let missing = m & !own;
            if missing & missing.wrapping_sub(1) == 0 && !near.push(m) {
                return NearLines::default();
            }
        }
        near
    }
}

/// The lines a seat is at most one cell short of, found once for a position:
/// taking pieces away only makes lines longer to complete, so after a
/// chain's removals no other line can be completed by one piece.
#[derive(Clone, Copy)]
pub(super) struct NearLines {
    /// Whether the list is known (the board fits a bitboard and the lines fit here).
    pub(super) known: bool,
    /// How many.
    len: usize,
    /// The lines' masks.
    masks: [u128; 64],
}

impl Default for NearLines {
    fn default() -> Self {
        NearLines::UNKNOWN
    }
}

impl NearLines {
    /// No list: any line may be near.
    pub(super) const UNKNOWN: NearLines = NearLines {
        known: false,
        len: 0,
        masks: [0; 64],
    };

    /// Whether the list is known and empty: no line can be completed.
    pub(super) fn none(&self) -> bool {
        self.known && self.len == 0
    }

    pub(super) fn lines(&self) -> &[u128] {
        &self.masks[..self.len]
    }

    /// Adds a line; false when there is no room (then the list is unknown).
    fn push(&mut self, mask: u128) -> bool {
        if self.len == self.masks.len() {
            return false;
        }
        self.masks[self.len] = mask;
        self.len += 1;
        true
    }
}

/// The cells completing one of `lines` for the pieces `own`, if free.
pub(super) fn completing<'l>(lines: impl Iterator<Item = &'l u128>, own: u128, free: u128) -> u128 {
    let mut cells = 0;
    for &m in lines {
        let missing = m & !own;
        if missing & missing.wrapping_sub(1) == 0 {
            cells |= missing & free;
        }
    }
    cells
}
