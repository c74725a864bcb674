//! `otherwise lose`, `otherwise draw`, `otherwise highest score wins`:
//! the game ends when the seat to move has no legal move; with `lose`,
//! won by the seat that moved last. Whether a move exists is asked
//! without listing them all: the general runner stops at its first way
//! through a chain (only `must leave` among the filters can take the last
//! move away: with it, the moves are listed unfiltered and tried one by
//! one until one passes).

use super::chain::Way;
use super::pool::{buffer, give_buffer};
use super::{Move, Outcome, State};
use crate::ir::{Filter, Form, Rules};
use crate::syntax::ast::Stuck;

impl Rules {
    /// Ends the game if the seat to move is stuck in a phase whose stuck
    /// mover ends it; `last` moved last (and wins, with `otherwise lose`).
    #[inline(never)]
    pub(super) fn end_if_stuck(&self, state: &mut State, last: u8) {
        let Some(stuck) = &self.phases[state.phase as usize].stuck else {
            return;
        };
        // Timed like a listing (R0006): a search cut short counts as a
        // move found, the game going on.
        let (found, over) = super::budget::listing(|| self.has_a_move(state));
        if over {
            let span = self.phases[state.phase as usize].span;
            state.record_fault(super::FaultKind::SlowListing, span);
        }
        if found || over {
            return;
        }
        if !self.plan.keeps.scores {
            self.update_scores(state);
        }
        let how = self.stuck_outcome(stuck, state);
        state.outcome = Some(match how {
            Stuck::Lose => Outcome::Win(last),
            Stuck::Draw => Outcome::Draw,
            Stuck::HighestScore => self.highest(state),
        });
    }

    /// The outcome for the seat to move, stuck: the first of `otherwise A
    /// if COND else B` whose condition holds.
    pub(crate) fn stuck_outcome(&self, stuck: &crate::ir::StuckEnd, state: &State) -> Stuck {
        match &stuck.unless {
            Some((c, other))
                if self.eval(c, &super::eval::Scope::at(state, crate::ir::NO_CELL)) == 0 =>
            {
                *other
            }
            _ => stuck.how,
        }
    }

    /// Whether some move of the chain rules of the seat to move passes
    /// `must leave` (or, with none, the forced move): rule by rule, so
    /// that the rules after the first one with such a move are not listed
    /// (chess: a knight's move most often ends the search before a
    /// queen's slides are listed, or the second knight's moves).
    fn some_rule_leaves(&self, state: &State) -> bool {
        let phase = &self.phases[state.phase as usize];
        let mut moves = buffer();
        let mut any_listed = false;
        let mut leaves = false;
        for (i, rule) in phase.rules.iter().enumerate() {
            moves.clear();
            let number = self.rule_number(state.phase, i);
            // A piece walk's moves are tried piece by piece as listed.
            leaves = match rule.form == Form::PieceWalk && self.relocation(rule).is_none() {
                true => {
                    let mut found = false;
                    let enough = |listed: &[Move]| {
                        found = self.some_move_leaves(state, listed);
                        found
                    };
                    self.piece_walk_moves_until(number, rule, state, &mut moves, enough);
                    found
                }
                false => {
                    self.chain_moves(number, rule, state, &mut moves);
                    self.some_move_leaves(state, &moves)
                }
            };
            any_listed |= !moves.is_empty();
            if leaves {
                break;
            }
        }
        if !leaves && !any_listed && phase.has_forced_move() {
            leaves = self.some_move_leaves(state, &[Move::Pass]);
        }
        give_buffer(moves);
        leaves
    }

    /// Whether the seat to move has a legal move.
    fn has_a_move(&self, state: &State) -> bool {
        let phase = &self.phases[state.phase as usize];
        let chains = phase.rules.iter().all(|r| r.form.is_chain());
        let filtered = self
            .filters
            .iter()
            .any(|f| matches!(f, Filter::MustLeave(..)));
        if chains && filtered && state.round.giving == 0 {
            return self.some_rule_leaves(state);
        }
        if !chains || filtered || state.round.giving > 0 {
            // Only `must leave` can take every move away (the other filters
            // keep some move of a list): the first move it keeps will do.
            let mut moves = buffer();
            self.unfiltered_moves(state, &mut moves);
            let any = match filtered {
                true => self.some_move_leaves(state, &moves),
                false => !moves.is_empty(),
            };
            give_buffer(moves);
            return any;
        }
        let mut options = buffer();
        let mut found = |way: Way| match way.last {
            _ if super::budget::step() => true,
            None => true,
            Some(step) => {
                options.clear();
                self.step_choices(step, way.state, way.progress, &mut options);
                !options.is_empty()
            }
        };
        let any = phase.rules.iter().any(|rule| {
            rule.form != Form::Track
                && self.walk_chain_except(rule, state, &|_, _| false, &mut found)
        });
        give_buffer(options);
        any
    }
}
