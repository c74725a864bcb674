//! `must leave COND`: only the moves after which `COND` holds are legal
//! (Oware's rule that a move must leave the opponent seeds; a move that
//! leaves one's own king attacked). Each move is played on a copy and the
//! condition read there, the mover unchanged. Unlike the other filters it
//! may leave no move at all: the phase's `otherwise` then decides.

use super::eval::Scope;
use rand::Rng;

use super::play::below;
use super::pool::{give_back, spare_for};
use super::{FaultKind, Move, State};
use crate::ir::{Filter, Rules, NO_CELL};

impl Rules {
    /// Keeps the moves after which every `must leave` of `filters` holds
    /// (the others are skipped): each move played once on a copy for all.
    pub(super) fn must_leave(&self, state: &State, filters: &[Filter], moves: &mut Vec<Move>) {
        if moves.is_empty() || state.is_over() {
            return;
        }
        let mut child = spare_for(state);
        super::budget::retain_in_time(moves, |m| self.leaves(state, &mut child, filters, m));
        give_back(child);
    }

    /// Whether some move of `moves` passes every `must leave`: the search
    /// stops at the first (a stuck mover is looked for every turn), or when
    /// its time runs out (the caller sees it).
    #[inline(never)]
    pub(super) fn some_move_leaves(&self, state: &State, moves: &[Move]) -> bool {
        let mut child = spare_for(state);
        let found = moves
            .iter()
            .any(|&m| super::budget::step() || self.leaves(state, &mut child, &self.filters, m));
        give_back(child);
        found
    }

    /// A uniformly random move of those that pass every `must leave`: the
    /// moves before the filters, tried in random order until one passes
    /// (`Draw::Tested`). With none passing, the whole listing decides (the
    /// forced move); after a cut by time there is none (R0006).
    pub(super) fn random_leaving_move<R: Rng>(
        &self,
        state: &State,
        buf: &mut Vec<Move>,
        rng: &mut R,
    ) -> Option<Move> {
        let (drawn, over) = super::budget::listing(|| {
            self.unfiltered_moves(state, buf);
            if buf.is_empty() {
                return None;
            }
            let mut child = spare_for(state);
            let mut drawn = None;
            while !buf.is_empty() && !super::budget::step() {
                let m = buf.swap_remove(below(rng, buf.len()));
                if self.leaves(state, &mut child, &self.filters, m) {
                    drawn = Some(m);
                    break;
                }
            }
            give_back(child);
            drawn
        });
        if over {
            state.record_fault(
                FaultKind::SlowListing,
                self.phases[state.phase as usize].span,
            );
            return None;
        }
        drawn.or_else(|| self.any_random_move(state, buf, rng))
    }

    /// Whether move `m`, played on `child` (made a copy of `state` first:
    /// a spare of the pool will do), leaves every `must leave` of
    /// `filters` true.
    fn leaves(&self, state: &State, child: &mut State, filters: &[Filter], m: Move) -> bool {
        // A pass or a forced move changes nothing the rule could forbid.
        !self.play_on_copy(state, child, m) || self.holds_after_move(child, filters)
    }

    /// Whether every `must leave` of `filters` holds in `state`, a move
    /// just made on it (the turn not finished: the mover is still the
    /// seat that moved).
    #[inline]
    pub(super) fn holds_after_move(&self, state: &State, filters: &[Filter]) -> bool {
        filters.iter().all(|f| match f {
            Filter::MustLeave(condition, _) => {
                self.eval(condition, &Scope::at(state, NO_CELL)) != 0
            }
            _ => true,
        })
    }
}

impl Rules {
    /// The `must leave` conditions (as written) that do not hold in
    /// `state` as it stands, for its mover: a chess player's `not checked`
    /// while in check (or when mated: an ended game keeps its last mover).
    pub fn unmet_leaves<'r>(&'r self, state: &State) -> Vec<&'r str> {
        let scope = Scope::at(state, NO_CELL);
        let unmet = self.filters.iter().filter_map(|f| match f {
            Filter::MustLeave(condition, text) if self.eval(condition, &scope) == 0 => {
                Some(text.as_str())
            }
            _ => None,
        });
        unmet.collect()
    }
}
