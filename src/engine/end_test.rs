//! Reading end rules as the compiler's `end-tests` pass recognised them
//! (`ir::end_test`): leaves straight off the state, a team's sum of locked
//! movers without the evaluator's calls, anything else evaluated.

use super::eval::{next_seat, supply_value, Scope};
use super::State;
use crate::ir::end_test::{Atom, Counter, EndTest, Who, MAX_SEATS};
use crate::ir::{CmpOp, End, Rules, SeatRef, NO_CELL};

impl Rules {
    /// Whether end rule `end`, whose test is `test`, holds.
    #[inline(always)]
    pub(super) fn end_holds(&self, test: &EndTest, end: &End, state: &State) -> bool {
        match test {
            EndTest::One(a) => self.atom_holds(*a, state),
            EndTest::Both(a, b) => self.atom_holds(*a, state) && self.atom_holds(*b, state),
            EndTest::Either(a, b) => self.either(*a, *b, state),
            EndTest::LockedSum(p, q, op, c) => self.locked_sum(p, q, *op, *c, state),
            // Out of line: inlined, its reads swell every loop over the end rules.
            EndTest::Evaluated => {
                self.eval_outlined(&end.condition, &Scope::at(state, NO_CELL)) != 0
            }
        }
    }

    /// Whether `a` or `b` holds (`supply(mover) == 0 or full`): out of
    /// `try_ends`' line, so that the games without such a rule do not
    /// carry its code.
    #[inline(never)]
    fn either(&self, a: Atom, b: Atom, state: &State) -> bool {
        self.atom_holds(a, state) || self.atom_holds(b, state)
    }

    /// Whether a leaf of an end condition holds. Always inline: as a call
    /// (`#[inline]`) it cost Gomoku 1.0% and Breakthrough 0.9% (callgrind).
    #[inline(always)]
    pub(super) fn atom_holds(&self, atom: Atom, state: &State) -> bool {
        let seats = self.seats.len();
        let seat = |who: Who| match who {
            Who::Mover => state.mover as usize,
            Who::Next => next_seat(state.mover as usize, seats),
            Who::Fixed(s) => s as usize,
        };
        match atom {
            Atom::Line(t, who) => state.lines[t as usize * seats + seat(who)],
            Atom::Full => state.is_full(),
            Atom::OnSide(who, sides) => self.on_side_holds(seat(who), &sides, state),
            Atom::Compare(counter, op, c) => {
                let value = match counter {
                    Counter::Supply(who) => supply_value(state.supply[seat(who)]),
                    Counter::Count(who) => i64::from(state.counts[seat(who)]),
                    Counter::Turn => i64::from(state.turn),
                    Counter::Passes => i64::from(state.passes),
                    Counter::Runs(t, who) => i64::from(state.runs[t as usize * seats + seat(who)]),
                };
                op.apply(value, c) != 0
            }
        }
    }

    /// Whether `seat` tops a cell on the mover's side of `sides`. Out of
    /// line: `atom_holds` is inlined into every loop over the end rules.
    #[inline(never)]
    fn on_side_holds(&self, seat: usize, sides: &[u8; MAX_SEATS], state: &State) -> bool {
        let side = sides[state.mover as usize & (MAX_SEATS - 1)];
        self.piece_on_side(state, seat, i64::from(side))
    }

    /// Whether two seats' locked movers add up as the test says.
    #[inline(never)]
    fn locked_sum(&self, p: &SeatRef, q: &SeatRef, op: CmpOp, c: i64, state: &State) -> bool {
        let scope = Scope::at(state, NO_CELL);
        let locked = |p: &SeatRef| {
            let seat = match self.direct_seat(p, &scope) {
                Some(seat) => seat,
                None => self.seat_of(p, &scope),
            };
            self.locked_movers(state, seat)
        };
        let a = locked(p);
        // The second seat's count lies in 0..=end_len: where the test comes
        // out alike at both ends of that range (a team's 8 when the mover
        // has fewer than 4 locked), it is decided without reading it.
        let most = self.track.as_ref().map_or(0, |t| t.end_len);
        let (lo, hi) = (a as i64, (a + most) as i64);
        let holds = |v: i64| op.apply(v, c) != 0;
        let decided = match op {
            CmpOp::Eq | CmpOp::Ne => c < lo || c > hi,
            CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge => holds(lo) == holds(hi),
        };
        if decided {
            return holds(lo);
        }
        holds((a + locked(q)) as i64)
    }
}
