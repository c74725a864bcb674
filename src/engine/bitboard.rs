//! The cells a choosing step allows as one bitboard word, on boards of at
//! most 128 cells whose seats' pieces the engine keeps as bitboards: read
//! off the state without listing, so that a random move is one draw from
//! the word and a move list one pass over its bits.

use super::chain::Progress;
use super::pool::{buffer, give_buffer};
use super::{Move, State};
use crate::ir::{Candidates, CellId, Rules, Select, NO_CELL};

impl Rules {
    /// The cells `select` allows as a word, or `None` where they must be
    /// listed (a test per cell, a board too big, candidates with no word).
    #[inline]
    pub(super) fn candidate_word(
        &self,
        select: &Select,
        state: &State,
        progress: Progress,
    ) -> Option<u128> {
        if select.test.is_some() {
            return None;
        }
        let mut bits = self.kind_word(&select.candidates, state)?;
        if let Some(guard) = &select.guard {
            if self.eval(guard, &progress.scope(state, NO_CELL)) == 0 {
                return Some(0);
            }
        }
        if let Some(mask) = &select.mask {
            bits &= mask.bits();
        }
        Some(bits)
    }

    /// The cells a kind of candidates names, as a word, where it has one.
    #[inline]
    pub(super) fn kind_word(&self, candidates: &Candidates, state: &State) -> Option<u128> {
        if !self.plan.keeps.tops || self.geometry.cell_count() > 128 {
            return None;
        }
        // With majorities a cell's top is its owner, and a tied cell reads
        // as empty: only the owners' words mean what they say.
        if self.majority && !matches!(candidates, Candidates::Owned | Candidates::OwnedKind(_)) {
            return None;
        }
        match candidates {
            Candidates::Empty => Some(state.tops[0]),
            Candidates::Owned => Some(state.tops[state.mover as usize + 1]),
            Candidates::OwnedKind(k) => state
                .word_of_kind(i64::from(*k))
                .map(|kind| kind & state.tops[state.mover as usize + 1]),
            Candidates::Dropped => self.dropped_word(state),
            Candidates::Enclosing => self.enclosing_word(state),
            Candidates::EmptyTouching => self.touching_word(state),
            _ => None,
        }
    }

    /// The cells a choosing step allows, as a bitboard (boards of at most
    /// 128 cells): read off the state where the step has a word, else listed.
    pub(super) fn candidate_bits(
        &self,
        select: &Select,
        state: &State,
        progress: Progress,
    ) -> u128 {
        let plain = select.mask.is_none() && select.test.is_none();
        if plain && self.plan.keeps.tops && matches!(select.candidates, Candidates::Owned) {
            // The common case (a pick's pieces), asked many times a move by
            // the block rules: the mover's bitboard, no more.
            let open = select
                .guard
                .as_ref()
                .is_none_or(|g| self.eval(g, &progress.scope(state, NO_CELL)) != 0);
            return if open {
                state.tops[state.mover as usize + 1]
            } else {
                0
            };
        }
        if let Some(bits) = self.candidate_word(select, state, progress) {
            return bits;
        }
        let mut cells = buffer();
        self.candidate_cells(select, state, progress, &mut cells);
        let bits = cells.iter().fold(0u128, |bits, &m| match m {
            Move::Place(c) => bits | 1 << c,
            _ => bits,
        });
        give_buffer(cells);
        bits
    }

    /// The empty cells next to a piece, from the neighbour masks.
    fn touching_word(&self, state: &State) -> Option<u128> {
        let masks = &self.geometry.neighbour_masks;
        if masks.is_empty() {
            return None;
        }
        let empty = state.tops[0];
        let mut occupied = !empty & board_cells(masks.len());
        let mut near = 0u128;
        while occupied != 0 {
            near |= masks[occupied.trailing_zeros() as usize];
            occupied &= occupied - 1;
        }
        Some(near & empty)
    }
}

/// The bitmask of a board's first `cells` cells.
pub(super) fn board_cells(cells: usize) -> u128 {
    if cells >= 128 {
        u128::MAX
    } else {
        (1u128 << cells) - 1
    }
}

/// Appends the cells of `bits`, lowest first, as `Move::Place`.
pub(super) fn push_cells(mut bits: u128, out: &mut Vec<Move>) {
    while bits != 0 {
        out.push(Move::Place(bits.trailing_zeros() as CellId));
        bits &= bits - 1;
    }
}

/// The `n`th cell of `bits` (counted from 0, lowest first; `n` is under
/// the count): the lower half is skipped by its count when `n` is past it.
#[inline]
pub(super) fn nth_cell(bits: u128, n: u32) -> CellId {
    let low = bits as u64;
    let below = low.count_ones();
    if n < below {
        nth_cell64(low, n)
    } else {
        64 + nth_cell64((bits >> 64) as u64, n - below)
    }
}

/// [`nth_cell`] of a one-word board.
#[inline]
pub(super) fn nth_cell64(mut word: u64, n: u32) -> CellId {
    for _ in 0..n {
        word &= word - 1;
    }
    word.trailing_zeros() as CellId
}

/// The bit of `cell` (below 128) in a bitboard: a look-up instead of a
/// shift of 128 bits (two shifts and two conditional moves), which cost
/// Reversi and Breakthrough 0.7% where a piece goes on or off a cell.
#[inline(always)]
pub(super) fn cell_bit(cell: CellId) -> u128 {
    CELL_BITS[cell as usize % 128]
}

/// Each cell's bit in a bitboard of 128 cells.
static CELL_BITS: [u128; 128] = {
    let mut bits = [0u128; 128];
    let mut c = 0;
    while c < 128 {
        bits[c] = 1 << c;
        c += 1;
    }
    bits
};

#[cfg(test)]
mod tests {
    use super::nth_cell;

    #[test]
    fn nth_cell_counts_set_bits_from_the_lowest() {
        let bits: u128 = (1 << 3) | (1 << 17) | (1 << 40) | (1 << 127);
        let cells: Vec<_> = (0..4).map(|n| nth_cell(bits, n)).collect();
        assert_eq!(cells, [3, 17, 40, 127]);
        let full = u128::MAX;
        assert!((0..128).all(|n| u32::from(nth_cell(full, n)) == n));
    }
}
