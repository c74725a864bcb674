//! A fixed set of cells, as compiled from the part of a condition that
//! depends only on the board (`row(cell) <= 2`): looked up by cell, and as
//! one bitboard word where the board has at most 128 cells.

use super::CellId;

/// The cells a step's board-only condition allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellMask {
    /// Per cell, whether it is allowed.
    allowed: Vec<bool>,
    /// The allowed cells as bits (those of ids under 128: the engine reads
    /// the word only on boards that small).
    bits: u128,
}

impl CellMask {
    /// The mask allowing the cells whose entry is `true`.
    pub fn new(allowed: Vec<bool>) -> CellMask {
        let bits = allowed
            .iter()
            .take(128)
            .enumerate()
            .filter(|(_, &a)| a)
            .fold(0u128, |bits, (c, _)| bits | 1 << c);
        CellMask { allowed, bits }
    }

    /// Whether `cell` is allowed (a cell off the board is not).
    #[inline]
    pub fn contains(&self, cell: CellId) -> bool {
        self.allowed.get(cell as usize).copied().unwrap_or(false)
    }

    /// The allowed cells as one word (boards of at most 128 cells).
    #[inline]
    pub fn bits(&self) -> u128 {
        self.bits
    }

    /// The cells both masks allow.
    pub fn and(&self, other: &CellMask) -> CellMask {
        let both = self.allowed.iter().zip(&other.allowed);
        CellMask::new(both.map(|(a, b)| *a && *b).collect())
    }
}
