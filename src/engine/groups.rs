//! Groups: sets of occupied cells joined through adjacent occupied cells,
//! whatever the pieces' owners. `connected`, `groups` and `largest_group`
//! read them; `keep largest group` removes every group but the largest.
//!
//! On boards of at most 128 cells a group is grown on bitboards (the
//! occupied cells are the complement of the empty cells' bitboard, and each
//! cell's neighbours are a precomputed mask); larger boards walk a list.

use super::{Move, State};
use crate::ir::{CellId, Rules, NO_CELL};

/// The most groups a position is split into that the engine tells apart
/// (a board holds at most 676 cells, so at most 338 groups on a square one).
const MAX_GROUPS: usize = 512;

impl Rules {
    /// The number of groups and the size of the largest.
    pub(super) fn group_sizes(&self, state: &State) -> (usize, usize) {
        let (mut count, mut largest) = (0, 0);
        self.for_each_group(state, |_, size| {
            count += 1;
            largest = largest.max(size);
        });
        (count, largest)
    }

    /// The largest groups (several when they tie), each as its lowest cell,
    /// into `out`; empty when there is one group or none.
    pub(super) fn largest_groups(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        let mut best = 0;
        let mut groups = 0;
        self.for_each_group(state, |first, size| {
            groups += 1;
            if size > best {
                best = size;
                out.clear();
            }
            if size == best {
                out.push(Move::Place(first));
            }
        });
        if groups <= 1 {
            out.clear();
        }
    }

    /// Keeps only the group holding `keep`, returning every other piece to
    /// its owner's supply.
    pub(super) fn keep_group(&self, state: &mut State, keep: CellId) {
        let cells = self.geometry.cell_count();
        if let Some(occupied) = self.occupied_bits(state) {
            let mut others = occupied & !self.grow(occupied, keep);
            while others != 0 {
                self.clear_cell(state, others.trailing_zeros() as CellId);
                others &= others - 1;
            }
            state.joined.0 = true;
        } else {
            let mut kept = vec![false; cells];
            self.walk_group(state, keep, |c| kept[c as usize] = true);
            for c in 0..cells as CellId {
                if !kept[c as usize] && state.heights[c as usize] > 0 {
                    self.clear_cell(state, c);
                }
            }
        }
    }

    /// Takes every piece off a cell, back to its owner's supply.
    fn clear_cell(&self, state: &mut State, cell: CellId) {
        while state.heights[cell as usize] > 0 {
            let code = state.pop(cell, self);
            state.return_piece(code, self);
            self.after_removal(state, code);
        }
    }

    /// If the pieces form several groups, keeps the largest; when several
    /// tie for largest, the one holding `choice` (the move's choice).
    pub(super) fn keep_largest(&self, state: &mut State, choice: CellId) {
        let (mut best, mut first, mut tied, mut groups) = (0, NO_CELL, 0, 0);
        self.for_each_group(state, |rep, size| {
            groups += 1;
            if size > best {
                (best, first, tied) = (size, rep, 1);
            } else if size == best {
                tied += 1;
            }
        });
        if groups <= 1 {
            state.joined.0 = self.occupied_bits(state).is_some();
        } else {
            // A move names the group among equals; without a name, the first.
            let named = tied > 1 && choice != NO_CELL && state.heights[choice as usize] > 0;
            self.keep_group(state, if named { choice } else { first });
        }
    }

    /// Whether the pieces, one group now, stay one group when the piece on
    /// `cell` (the only one there) is lifted: its occupied neighbours are
    /// joined to each other around it, so every path through it can go round.
    /// Only answered on bitboards; false means "find out".
    pub(super) fn joined_without(&self, state: &State, cell: CellId) -> bool {
        let Some(occupied) = self.occupied_bits(state) else {
            return false;
        };
        let around = occupied & self.geometry.neighbour_masks[cell as usize];
        around == 0 && occupied == 1 << cell || self.around_joined(cell, occupied)
    }

    /// Whether the pieces of `occupied` next to `cell` are non-empty and
    /// joined through each other (from the geometry's table when kept).
    #[inline(always)]
    pub(super) fn around_joined(&self, cell: CellId, occupied: u128) -> bool {
        if let Some(joined) = self
            .plan
            .joined_around
            .joined(&self.geometry, cell, occupied)
        {
            return joined;
        }
        let around = occupied & self.geometry.neighbour_masks[cell as usize];
        around != 0 && self.grow(around, around.trailing_zeros() as CellId) == around
    }

    /// Calls `f(lowest cell, size)` for every group, lowest cells first.
    fn for_each_group(&self, state: &State, mut f: impl FnMut(CellId, usize)) {
        if let Some(mut rest) = self.occupied_bits(state) {
            let occupied = rest;
            while rest != 0 {
                let first = rest.trailing_zeros() as CellId;
                let group = self.grow(occupied, first);
                f(first, group.count_ones() as usize);
                rest &= !group;
            }
            return;
        }
        let mut seen = vec![false; self.geometry.cell_count()];
        let mut groups = 0;
        for start in 0..self.geometry.cell_count() as CellId {
            if seen[start as usize] || state.heights[start as usize] == 0 || groups >= MAX_GROUPS {
                continue;
            }
            let mut size = 0;
            self.walk_group(state, start, |c| {
                seen[c as usize] = true;
                size += 1;
            });
            groups += 1;
            f(start, size);
        }
    }

    /// The occupied cells as a bitboard, when the state keeps the empty
    /// cells' bitboard (boards of at most 128 cells).
    fn occupied_bits(&self, state: &State) -> Option<u128> {
        if !self.plan.keeps.tops || self.geometry.neighbour_masks.is_empty() {
            return None;
        }
        let cells = self.geometry.cell_count();
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        Some(all & !state.tops[0])
    }

    /// The group of `start` within `occupied`, grown a ring at a time.
    pub(super) fn grow(&self, occupied: u128, start: CellId) -> u128 {
        let masks = &self.geometry.neighbour_masks;
        let mut group = 1u128 << start;
        let mut frontier = group;
        while frontier != 0 {
            let mut next = 0;
            let mut bits = frontier;
            while bits != 0 {
                next |= masks[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            frontier = next & occupied & !group;
            group |= frontier;
        }
        group
    }

    /// Calls `f` on every cell of the group of `start` (a list walk, for
    /// boards too large for bitboards).
    fn walk_group(&self, state: &State, start: CellId, mut f: impl FnMut(CellId)) {
        let mut seen = vec![false; self.geometry.cell_count()];
        let mut stack = vec![start];
        seen[start as usize] = true;
        while let Some(c) = stack.pop() {
            f(c);
            for &n in self.geometry.neighbours_of(c) {
                if !seen[n as usize] && state.heights[n as usize] > 0 {
                    seen[n as usize] = true;
                    stack.push(n);
                }
            }
        }
    }
}
