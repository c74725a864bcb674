//! Mancala moves on a board of pits: sowing a pit's seeds along the ring,
//! gathering whole pits into another (a capture into a store), and a
//! second turn for the mover.

use super::chain::Progress;
use super::eval::Scope;
use super::State;
use crate::ir::{CellId, GatherBack, Node, Rules, NO_CELL};
use crate::syntax::ast::Skips;

impl Rules {
    /// Sows every seed of `pit` along the ring, one a cell, passing the
    /// other seats' stores (with `skips`, every store and maybe `pit`
    /// itself); `progress.to` becomes the cell of the last seed.
    pub(super) fn sow_around(
        &self,
        state: &mut State,
        pit: CellId,
        skips: Skips,
        progress: &mut Progress,
    ) {
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
                let store = ring.is_store(at) && (skips.stores || ring.seat_of[at as usize] != own);
                let skipped = store || (skips.from && at == pit);
                if !skipped && !full(state, at) {
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
        self.gather_into(state, &from, target);
    }

    /// Moves every piece on `from` onto `target` (a cell of the board), as
    /// many as it holds.
    fn gather_into(&self, state: &mut State, from: &[CellId], target: CellId) {
        let count = self.geometry.cell_count();
        let mut pieces = [0u8; 256];
        for &c in from {
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

    /// Moves the pieces of the run of cells back along the ring from
    /// `g.start`, while each meets `g.condition`, onto `g.into`, if `g.when`
    /// holds with `gathered` the run's piece count.
    pub(super) fn gather_back(&self, state: &mut State, g: &GatherBack, progress: Progress) {
        let Some(ring) = &self.geometry.ring else {
            return;
        };
        let scope = progress.scope(state, NO_CELL);
        let target = self.eval(&g.into, &scope) as CellId;
        if target as usize >= self.geometry.cell_count() {
            return;
        }
        let mut at = self.eval(&g.start, &scope) as CellId;
        let mut run = [NO_CELL; 256];
        let (mut len, mut pieces) = (0, 0);
        // At most once round the ring, and never through the target.
        while (at as usize) < ring.prev.len() && len < ring.prev.len() && at != target {
            if self.eval(&g.condition, &Scope { each: at, ..scope }) == 0 {
                break;
            }
            run[len] = at;
            len += 1;
            pieces += i32::from(state.heights[at as usize]);
            at = ring.prev[at as usize];
        }
        let scope = Scope {
            total: pieces,
            ..scope
        };
        if len == 0 || g.when.as_ref().is_some_and(|w| self.eval(w, &scope) == 0) {
            return;
        }
        self.gather_into(state, &run[..len], target);
    }

    /// Whether the mover moves again, by `again [if COND]`.
    pub(super) fn again(&self, state: &mut State, when: Option<&Node>, progress: Progress) {
        if when.is_none_or(|w| self.eval(w, &progress.scope(state, NO_CELL)) != 0) {
            state.again = true;
        }
    }
}
