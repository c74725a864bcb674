//! The cells a walk over the board has reached, a bit a cell, on the
//! stack: the group walks of `connects`, `sides` and liberties.

/// The most cells a board has (26 x 26).
pub(super) const MAX_CELLS: usize = 676;

/// The cells a walk has reached, a bit a cell.
pub(super) struct Seen([u64; MAX_CELLS / 64 + 1]);

impl Default for Seen {
    fn default() -> Self {
        Seen([0; MAX_CELLS / 64 + 1])
    }
}

impl Seen {
    pub(super) fn has(&self, c: usize) -> bool {
        self.0[c / 64] >> (c % 64) & 1 != 0
    }

    pub(super) fn mark(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }
}
