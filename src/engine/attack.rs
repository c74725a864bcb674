//! `attacked(c)`: whether a seat other than the mover has a move, as the
//! rules stand, whose walking piece ends on cell `c` (chess's check: a
//! piece that could take the king). The slow twin: each other seat's walk
//! rules are followed on a copy with that seat to move, every walk held to
//! the one cell; the `must leave` and `must capture` filters are not
//! applied (a piece pinned to its own king still gives check).

use std::cell::Cell;

use super::chain::Way;
use super::pool::{give_back, scratch_of};
use super::State;
use crate::ir::plan::{KindBits, RayStart};
use crate::ir::{CellId, MoveRule, Node, Rules, SeatRef, Step, LEAPS, NO_CELL};
use crate::syntax::ast::Reach;

thread_local! {
    /// Whether an `attacked` is being answered on this thread: one asked
    /// inside it (a castling rule's own `not attacked(...)`) is false,
    /// so that two seats' rules never ask each other for ever.
    static ANSWERING: Cell<bool> = const { Cell::new(false) };
}

impl Rules {
    /// Whether another seat's walk could end on `c`.
    pub(super) fn attacked(&self, state: &State, c: CellId) -> bool {
        if c as usize >= state.heights.len() || ANSWERING.with(Cell::get) {
            return false;
        }
        let seats = self.seats.len() as u8;
        let mut attackers = (1..seats).map(|k| (state.mover + k) % seats);
        // Most often no piece stands where a walk could start, or one that
        // surely reaches `c` does: no copy.
        let first = loop {
            let Some(seat) = attackers.next() else {
                return false;
            };
            match self.may_walk_onto(state, seat, c) {
                Onto::No => {}
                Onto::Sure => return true,
                Onto::Maybe => break seat,
            }
        };
        let walking = attackers.filter(|&seat| self.may_walk_onto(state, seat, c) != Onto::No);
        ANSWERING.with(|a| a.set(true));
        let mut other = scratch_of(state);
        let found = std::iter::once(first).chain(walking).any(|seat| {
            other.mover = seat;
            self.walks_onto(&other, c)
        });
        give_back(other);
        ANSWERING.with(|a| a.set(false));
        found
    }

    /// The phase's rules that walk, each with where `attack-rays` says its
    /// walk starts (`None`: not traced).
    fn walking_rules(&self, phase: u8) -> impl Iterator<Item = (&MoveRule, Option<RayStart>)> {
        let phase = phase as usize;
        let traced = self.plan.attack_rays.get(phase);
        let rules = self.phases[phase].rules.iter().enumerate();
        rules
            .filter(|(_, rule)| {
                let walks = rule.steps.iter().any(|s| matches!(s, Step::Walk(_)));
                walks && rule.form.is_chain()
            })
            .map(move |(i, rule)| (rule, traced.and_then(|t| t.get(i).copied().flatten())))
    }

    /// Whether one of `seat`'s walk rules might end on `c`: a rule that is
    /// not traced (`attack-rays`), or one with a piece where its walk could
    /// start; surely, when that rule tests nothing more. Read on `state` as
    /// it is, `seat` not to move.
    fn may_walk_onto(&self, state: &State, seat: u8, c: CellId) -> Onto {
        // A walk never ends on its own seat's piece.
        if state.board[c as usize] == seat + 1 {
            return Onto::No;
        }
        let looks = self.plan.attack_looks.get(state.phase as usize);
        let Some(look) = looks.and_then(|l| l.get(seat as usize)) else {
            return Onto::Maybe;
        };
        let own = seat + 1;
        let mut maybe = look.untraced;
        // The kinds of `seat`'s piece on `at` among `kinds`.
        let mut seen = |at: CellId, kinds: KindBits| {
            if state.board[at as usize] != own {
                return false;
            }
            let bit = 1u64 << (state.kind_code(at) & 63);
            maybe |= kinds.maybe & bit != 0;
            kinds.sure & bit != 0
        };
        let compass = &self.geometry.compass;
        for d in 0..8u8 {
            let (near, far) = (look.near[d as usize], look.far[d as usize]);
            if near.is_empty() {
                continue;
            }
            let back = (d + 4) % 8;
            let mut at = compass.step(c, back);
            if at == NO_CELL {
                continue;
            }
            if state.heights[at as usize] > 0 {
                if seen(at, near) {
                    return Onto::Sure;
                }
                continue;
            }
            if far.is_empty() {
                continue;
            }
            at = compass.step(at, back);
            while at != NO_CELL && state.heights[at as usize] == 0 {
                at = compass.step(at, back);
            }
            if at != NO_CELL && seen(at, far) {
                return Onto::Sure;
            }
        }
        for &(rule, kinds) in &look.leaps {
            let rules = &self.phases[state.phase as usize].rules;
            let Some(Step::Walk(walk)) = rules[rule as usize].steps.get(1) else {
                continue;
            };
            let Some(leap) = &walk.leap else { continue };
            let targets = &leap.targets[c as usize * LEAPS..][..LEAPS];
            if targets.iter().any(|&t| t != NO_CELL && seen(t, kinds)) {
                return Onto::Sure;
            }
        }
        if maybe {
            Onto::Maybe
        } else {
            Onto::No
        }
    }

    /// Whether one of the mover's walk rules has a way ending on `c`.
    fn walks_onto(&self, state: &State, c: CellId) -> bool {
        self.walking_rules(state.phase).any(|(rule, start)| {
            let mut sources = [NO_CELL; 2 * LEAPS];
            let traced = start.is_some();
            if let Some(start) = start {
                if !self.sources(rule, start, (state, state.mover), c, &mut sources) {
                    return false;
                }
            }
            // Only a walk's cell is held to `c`, and (traced) a pick to the
            // cells the walk could come from: a promotion is free.
            let skip = |step: &Step, cell: CellId| match step {
                Step::Walk(w) => !w.repeats() && cell != c && cell != NO_CELL,
                Step::Pick(_) => traced && !sources.contains(&cell),
                _ => false,
            };
            self.walk_chain_except(rule, state, &skip, &mut |way: Way| way.progress.to == c)
        })
    }

    /// The cells holding `seat`'s pieces (of the kind the pick asks for,
    /// if it asks) from which the rule's walk (a step, slide or leap in
    /// fixed directions: `attack-rays`) could reach `c`, looking back from
    /// `c` along each direction; whether there is one.
    fn sources(
        &self,
        rule: &MoveRule,
        start: RayStart,
        (state, seat): (&State, u8),
        c: CellId,
        out: &mut [CellId],
    ) -> bool {
        let Some(Step::Walk(walk)) = rule.steps.get(1) else {
            return true;
        };
        let own = seat + 1;
        let of_kind = |cell: CellId| {
            start
                .kind
                .is_none_or(|k| state.kind_value(cell as usize) == k)
        };
        let mut n = 0;
        let mut found = |cell: CellId| {
            if cell != NO_CELL
                && state.board[cell as usize] == own
                && of_kind(cell)
                && n < out.len()
            {
                out[n] = cell;
                n += 1;
            }
        };
        if let Some(leap) = &walk.leap {
            // A leap's cells are symmetric: those it reaches from `c`.
            leap.targets[c as usize * LEAPS..][..LEAPS]
                .iter()
                .for_each(|&t| found(t));
            return n > 0;
        }
        let compass = &self.geometry.compass;
        for d in &walk.directions {
            // Fixed directions (`attack-rays`): a compass point, or the
            // seat's own (`forward`).
            let d = match d {
                Node::Const(d) => *d,
                Node::PerSeat(table, SeatRef::Mover) => table[seat as usize],
                _ => return true,
            };
            let Ok(d @ 0..8) = u8::try_from(d) else {
                continue;
            };
            let back = (d + 4) % 8;
            let mut at = compass.step(c, back);
            while walk.reach == Reach::Slide && at != NO_CELL && state.heights[at as usize] == 0 {
                at = compass.step(at, back);
            }
            found(at);
        }
        n > 0
    }
}

/// What the rays say of a seat's walks onto a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Onto {
    /// None can end there.
    No,
    /// One might: follow the walks on a copy.
    Maybe,
    /// One does (`RayStart::sure`).
    Sure,
}
