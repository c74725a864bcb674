//! What the state keeps beyond the pieces' owners, for the rules that ask:
//! each cell's kind of piece (`kinds`), the counters (`counter`) and how
//! many pieces the move just played captured (`captures`).

use crate::ir::Rules;

/// The kinds, counters and captures of a game.
#[derive(Clone, Debug, Default)]
pub(super) struct Memory {
    /// Per cell: the kind of the piece on it (meaningless on an empty
    /// cell); empty without `kinds`.
    pub kinds: Vec<u8>,
    /// Each counter's value.
    pub counters: Vec<i64>,
    /// How many pieces the move just played captured.
    pub captures: u32,
}

impl Memory {
    /// The start: every cell of the first kind, the counters at their start.
    pub fn reset(&mut self, rules: &Rules) {
        self.kinds.clear();
        if !rules.kinds.is_empty() {
            self.kinds.resize(rules.geometry.cell_count(), 0);
        }
        self.counters.clear();
        self.counters.extend(rules.counters.iter().map(|c| c.1));
        self.captures = 0;
    }

    /// Copies `source`, reusing the buffers.
    #[inline(always)]
    pub fn copy_from(&mut self, source: &Memory) {
        super::state::copy_vec(&mut self.kinds, &source.kinds);
        super::state::copy_vec(&mut self.counters, &source.counters);
        self.captures = source.captures;
    }

    /// Whether two games' memories are alike, the kinds compared only on
    /// the cells that hold a piece (`heights`).
    pub fn same(&self, other: &Memory, heights: &[u8]) -> bool {
        let kinds = self.kinds.len() == other.kinds.len()
            && heights
                .iter()
                .zip(self.kinds.iter().zip(&other.kinds))
                .all(|(&h, (a, b))| h == 0 || a == b);
        kinds && self.counters == other.counters && self.captures == other.captures
    }

    /// The kind of the piece on `cell` (-1 for none, or without `kinds`).
    #[inline]
    pub fn kind_at(&self, cell: usize, height: u8) -> i64 {
        match self.kinds.get(cell) {
            Some(&k) if height > 0 => i64::from(k),
            _ if height > 0 => 0,
            _ => -1,
        }
    }
}

impl super::State {
    /// The kind of the piece on `cell` (an index into `Rules::kinds`), if
    /// the cell holds a piece and the rules have kinds.
    pub fn kind(&self, cell: crate::ir::CellId) -> Option<u8> {
        let c = cell as usize;
        let height = self.heights.get(c).copied().unwrap_or(0);
        (height > 0).then(|| self.memory.kinds.get(c).copied())?
    }

    /// A counter's value (by index into `Rules::counters`).
    pub fn counter(&self, i: usize) -> Option<i64> {
        self.memory.counters.get(i).copied()
    }
}
