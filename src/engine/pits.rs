//! Mancala moves on a board of pits: sowing a pit's seeds along the ring,
//! gathering whole pits into another (a capture into a store), and a
//! second turn for the mover.

use super::chain::Progress;
use super::State;
use crate::ir::{CellId, Node, Rules, NO_CELL};

impl Rules {
    /// Sows every seed of `pit` along the ring, one a cell, passing the
    /// other seats' stores; `progress.to` becomes the cell of the last seed.
    pub(super) fn sow_around(&self, state: &mut State, pit: CellId, progress: &mut Progress) {
        let Some(ring) = &self.geometry.ring else {
            return;
        };
        let mut seeds = [0u8; 256];
        let n = state.take(pit, self, &mut seeds);
        let own = state.mover;
        let mut at = pit;
        let full =
            |state: &State, c: CellId| state.heights[c as usize] as usize >= self.stack_capacity;
        for &seed in &seeds[..n] {
            // Past the other seat's store, and past a full cell (the pit
            // sown from has room: the loop ends within one round).
            for _ in 0..ring.next.len() {
                at = ring.next[at as usize];
                let other_store = ring.is_store(at) && ring.seat_of[at as usize] != own;
                if !other_store && !full(state, at) {
                    break;
                }
            }
            if full(state, at) {
                state.push(pit, seed, self);
                continue;
            }
            state.push(at, seed, self);
        }
        progress.from = pit;
        progress.to = if n > 0 { at } else { NO_CELL };
        state.last = progress.to;
    }

    /// Moves every piece on `cells` onto `into`, if `when` holds.
    pub(super) fn gather(
        &self,
        state: &mut State,
        cells: &[Node],
        into: &Node,
        when: Option<&Node>,
        progress: Progress,
    ) {
        let scope = progress.scope(state, NO_CELL);
        if when.is_some_and(|w| self.eval(w, &scope) == 0) {
            return;
        }
        let count = self.geometry.cell_count();
        let target = self.eval(into, &scope) as CellId;
        if target as usize >= count {
            return;
        }
        let mut from = [NO_CELL; crate::ir::MAX_GATHERED];
        for (slot, c) in from.iter_mut().zip(cells) {
            *slot = self.eval(c, &scope) as CellId;
        }
        let mut pieces = [0u8; 256];
        for &c in &from {
            if c as usize >= count || c == target {
                continue;
            }
            let n = state.take(c, self, &mut pieces);
            for &p in &pieces[..n] {
                // A cell holds at most what the board can; the rest stay.
                if (state.heights[target as usize] as usize) < self.stack_capacity {
                    state.push(target, p, self);
                } else {
                    state.push(c, p, self);
                }
            }
        }
    }

    /// Whether the mover moves again, by `again [if COND]`.
    pub(super) fn again(&self, state: &mut State, when: Option<&Node>, progress: Progress) {
        if when.is_none_or(|w| self.eval(w, &progress.scope(state, NO_CELL)) != 0) {
            state.again = true;
        }
    }
}
