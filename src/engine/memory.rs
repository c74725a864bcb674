//! What the state keeps beyond the pieces' owners, for the rules that ask:
//! each cell's kind of piece (`kinds`), the counters (`counter`) and how
//! many pieces the move just played captured (`captures`). Boxed and absent
//! for rules that ask for none of them, so that their states stay as small
//! and their copies as cheap as before.

use crate::ir::Rules;

/// The kinds, counters and captures of a game.
#[derive(Clone, Debug, Default)]
pub(super) struct Memory {
    /// Per cell: the kind of the piece on it (meaningless on an empty
    /// cell); empty without `kinds`.
    pub kinds: Vec<u8>,
    /// Per kind: the cells holding a piece of it, as a bitboard (kept with
    /// `Keeps::kind_tops`, else empty). Bit `c` is in `kind_tops[kinds[c]]`
    /// exactly when `c` holds a piece.
    pub kind_tops: Vec<u128>,
    /// Each counter's value.
    pub counters: Vec<i64>,
    /// How many pieces the move just played captured.
    pub captures: u32,
    /// Per seat: its `captured` count after its last turn (kept with
    /// `captures`: a seat captures only in its own turns).
    pub seen: Vec<i32>,
    /// The positions so far, as hashes, oldest first (kept with `repeated`).
    pub positions: Vec<u64>,
    /// Whether the last position remembered was among the earlier ones.
    pub repeated: bool,
    /// How many times the last position remembered has been seen.
    pub repetitions: u32,
    /// The boards the turns left, as hashes, oldest first, the start's
    /// first (kept with `repeated_board` and `restores`).
    pub boards: Vec<u64>,
    /// Where the last move picked its piece up (`last_from`), and the
    /// piece's kind then (`last_kind`, -1 for none): kept with `moves`.
    pub moved_from: crate::ir::CellId,
    pub moved_kind: i64,
    /// Whether `positions` was left out of this copy (a look-ahead within a
    /// turn): such a copy must not finish a turn.
    pub partial: bool,
}

/// A state's memory: none when the rules keep nothing of it.
pub(super) type Slot = Option<Box<Memory>>;

/// Makes `slot` the start memory of `rules` (none if they keep none).
pub(super) fn reset(slot: &mut Slot, rules: &Rules) {
    let keeps = &rules.plan.keeps;
    let wanted =
        !rules.kinds.is_empty() || !rules.counters.is_empty() || keeps.captures || keeps.repeated;
    let wanted = wanted || keeps.boards || keeps.moves;
    match wanted {
        true => slot.get_or_insert_with(Default::default).reset(rules),
        false => *slot = None,
    }
}

/// Copies `from` into `to`, reusing its buffers; without `history`, the
/// positions remembered are left out (a copy that never finishes a turn).
#[inline]
pub(super) fn copy(to: &mut Slot, from: &Slot, history: bool) {
    match (to.as_mut(), from) {
        (None, None) => {}
        (Some(t), Some(f)) => t.copy_from(f, history),
        (_, f) => {
            to.clone_from(f);
            if let (Some(t), false) = (to.as_mut(), history) {
                t.positions.clear();
                t.partial = true;
            }
        }
    }
}

/// Whether two memories are alike (see [`Memory::same`]).
pub(super) fn same(a: &Slot, b: &Slot, heights: &[u8]) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.same(b, heights),
        (a, b) => a.is_none() && b.is_none(),
    }
}

impl Memory {
    /// The start: every cell of the first kind, the counters at their start.
    pub fn reset(&mut self, rules: &Rules) {
        self.kinds.clear();
        if !rules.kinds.is_empty() {
            self.kinds.resize(rules.geometry.cell_count(), 0);
        }
        self.kind_tops.clear();
        if rules.plan.keeps.kind_tops {
            self.kind_tops.resize(rules.kinds.len(), 0);
        }
        self.counters.clear();
        self.counters.extend(rules.counters.iter().map(|c| c.1));
        self.captures = 0;
        self.positions.clear();
        self.repeated = false;
        self.repetitions = 1;
        self.boards.clear();
        (self.moved_from, self.moved_kind) = (crate::ir::NO_CELL, -1);
        self.partial = false;
        self.seen.clear();
        if rules.plan.keeps.captures {
            self.seen.resize(rules.seats.len(), 0);
        }
    }

    /// Counts what `seat`'s turn just captured, from its `captured` count.
    #[cold]
    #[inline(never)]
    pub fn count_captures(&mut self, captured: &[i32], seat: u8) {
        let (now, seen) = (captured[seat as usize], &mut self.seen[seat as usize]);
        self.captures = (now - *seen).max(0) as u32;
        *seen = now;
    }

    /// Copies `source`, reusing the buffers.
    pub fn copy_from(&mut self, source: &Memory, history: bool) {
        super::state::copy_vec(&mut self.kinds, &source.kinds);
        super::state::copy_vec(&mut self.kind_tops, &source.kind_tops);
        super::state::copy_vec(&mut self.counters, &source.counters);
        self.captures = source.captures;
        super::state::copy_vec(&mut self.seen, &source.seen);
        if history {
            super::state::copy_vec(&mut self.positions, &source.positions);
        } else {
            self.positions.clear();
        }
        self.partial = !history || source.partial;
        self.repeated = source.repeated;
        self.repetitions = source.repetitions;
        super::state::copy_vec(&mut self.boards, &source.boards);
        (self.moved_from, self.moved_kind) = (source.moved_from, source.moved_kind);
    }

    /// Whether two games' memories are alike, the kinds compared only on
    /// the cells that hold a piece (`heights`).
    pub fn same(&self, other: &Memory, heights: &[u8]) -> bool {
        let kinds = self.kinds.len() == other.kinds.len()
            && heights
                .iter()
                .zip(self.kinds.iter().zip(&other.kinds))
                .all(|(&h, (a, b))| h == 0 || a == b);
        kinds
            && self.counters == other.counters
            && self.positions == other.positions
            && self.boards == other.boards
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
        let kinds = &self.memory.as_ref()?.kinds;
        (height > 0).then(|| kinds.get(c).copied())?
    }

    /// The kind of the piece on `cell` as `kind(c)` reads it: -1 for none.
    pub(super) fn kind_value(&self, cell: usize) -> i64 {
        let height = self.heights.get(cell).copied().unwrap_or(0);
        match &self.memory {
            Some(m) => m.kind_at(cell, height),
            None if height > 0 => 0,
            None => -1,
        }
    }

    /// The cells whose piece is of kind `k`, in order: those where
    /// `kind(c) == k` (`Node::KindAggregate`).
    pub(super) fn cells_of_kind(&self, k: i64) -> impl Iterator<Item = crate::ir::CellId> + '_ {
        let kinds = self.memory.as_ref().map_or(&[][..], |m| &m.kinds[..]);
        let kind = move |c: usize| kinds.get(c).map_or(0, |&x| i64::from(x));
        (self.heights.iter().enumerate())
            .filter(move |&(c, &h)| h > 0 && kind(c) == k)
            .map(|(c, _)| c as crate::ir::CellId)
    }

    /// Whether the kinds' bitboards, where kept, say what the board and the
    /// kinds do (checked after every move in debug builds).
    pub(super) fn kind_words_agree(&self) -> bool {
        let Some(m) = self.memory.as_ref().filter(|m| !m.kind_tops.is_empty()) else {
            return true;
        };
        (0..m.kind_tops.len()).all(|k| {
            let held = |c: usize| self.board[c] != 0 && m.kinds[c] as usize == k;
            let word = (0..self.board.len()).fold(0u128, |w, c| w | u128::from(held(c)) << c);
            word == m.kind_tops[k]
        })
    }

    /// The cells holding a piece of kind `k`, as a bitboard, where the
    /// state keeps one (`Keeps::kind_tops`).
    #[inline]
    pub(super) fn word_of_kind(&self, k: i64) -> Option<u128> {
        let tops = &self.memory.as_ref()?.kind_tops;
        usize::try_from(k).ok().and_then(|k| tops.get(k).copied())
    }

    /// The kind of the piece on `cell` (0 without kinds), for a piece
    /// picked up.
    #[inline]
    pub(super) fn kind_code(&self, cell: crate::ir::CellId) -> u8 {
        match &self.memory {
            Some(m) => m.kinds.get(cell as usize).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// Makes the piece on `cell` of kind `kind` (nothing without kinds).
    #[inline]
    pub(super) fn set_kind(&mut self, cell: crate::ir::CellId, kind: u8) {
        let c = cell as usize;
        if let Some(m) = &mut self.memory {
            if let Some(k) = m.kinds.get_mut(c) {
                let old = std::mem::replace(k, kind);
                if !m.kind_tops.is_empty() && self.board[c] != 0 {
                    let bit = super::bitboard::cell_bit(cell);
                    m.kind_tops[old as usize] &= !bit;
                    m.kind_tops[kind as usize] |= bit;
                }
            }
        }
    }

    /// Keeps the kinds' bitboards true after `cell`'s top became `code`
    /// (0: the cell emptied): its bit stays with the kind the cell records.
    /// Always inline (callgrind, instructions a game: draughts 2,032,785
    /// inlined, 2,043,713 with `#[inline]`; chess within 1% either way).
    #[inline(always)]
    pub(super) fn retop_kind(memory: &mut super::memory::Slot, cell: crate::ir::CellId, code: u8) {
        let Some(m) = memory else {
            return;
        };
        let kind = m.kinds[cell as usize] as usize;
        let bit = super::bitboard::cell_bit(cell);
        let held = if code != 0 { bit } else { 0 };
        m.kind_tops[kind] = m.kind_tops[kind] & !bit | held;
    }

    /// A counter's value (by index into `Rules::counters`).
    pub fn counter(&self, i: usize) -> Option<i64> {
        self.memory.as_ref()?.counters.get(i).copied()
    }

    /// The counter `i`, to set.
    pub(super) fn counter_mut(&mut self, i: usize) -> Option<&mut i64> {
        self.memory.as_mut()?.counters.get_mut(i)
    }

    /// How many pieces the move just played captured (0 when not kept).
    pub(super) fn captures(&self) -> u32 {
        self.memory.as_ref().map_or(0, |m| m.captures)
    }
}
