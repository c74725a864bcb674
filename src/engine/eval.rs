//! Evaluating IR expressions against a state.

use super::calls::{apply, MAX_ARGS};
use super::{FaultKind, State};
use crate::builtins::BuiltinId;
use crate::ir::{ArithOp, CellId, Node, Pick, Rules, SeatRef, NO_CELL};
use crate::syntax::ast::Aggregate;

/// What an expression is evaluated against.
#[derive(Clone, Copy)]
pub(super) struct Scope<'s> {
    pub state: &'s State,
    /// The cell a move chooses, or `NO_CELL`.
    pub chosen: CellId,
    /// The seat a score is computed for.
    pub bound: u8,
    /// How many cards the move plays.
    pub played: u8,
    /// The sum of their values.
    pub total: i32,
    /// The cell an aggregate is at.
    pub each: CellId,
    /// The cell this move picked a piece from, or `NO_CELL`.
    pub from: CellId,
    /// The cell this move put a piece on, or `NO_CELL`.
    pub to: CellId,
    /// The code of the piece this move last picked up, removed or put on (0: none).
    pub piece: u8,
    /// The card this move plays (its code; 0: none).
    pub card: u8,
}

impl<'s> Scope<'s> {
    /// A scope with the chosen cell (or `NO_CELL`) and nothing else bound.
    pub fn at(state: &'s State, chosen: CellId) -> Self {
        Scope {
            state,
            chosen,
            bound: 0,
            played: 0,
            total: 0,
            each: NO_CELL,
            from: NO_CELL,
            to: NO_CELL,
            piece: 0,
            card: 0,
        }
    }

    /// A scope with the chosen cell and the cards a move plays.
    pub fn of_cards(state: &'s State, chosen: CellId, played: u8, total: i32) -> Self {
        Scope {
            played,
            total,
            ..Scope::at(state, chosen)
        }
    }

    /// The same scope at another cell of an aggregate.
    fn at_each(&self, each: CellId) -> Self {
        Scope { each, ..*self }
    }
}

impl Rules {
    /// The score of `seat` in `state` (0 when the rules have no score). A
    /// score that is a run total is read inline: every turn reads it.
    #[inline]
    pub(super) fn score_of(&self, state: &State, seat: u8) -> i32 {
        match self.plan.score_runs {
            Some(t) => state.runs[t as usize * self.seats.len() + seat as usize],
            None => self.score_by_rule(state, seat),
        }
    }

    /// The score of `seat` by the rules' `score` expression.
    #[inline(never)]
    fn score_by_rule(&self, state: &State, seat: u8) -> i32 {
        match &self.score {
            Some(node) => {
                let scope = Scope {
                    bound: seat,
                    ..Scope::at(state, NO_CELL)
                };
                self.eval(node, &scope)
                    .clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
            }
            None => 0,
        }
    }

    /// A per-seat value (a seat's starting supply) in `state`, from 0 to
    /// `i32::MAX - 1` (`i32::MAX` means unlimited).
    pub(super) fn seat_value(&self, state: &State, node: &Node, seat: u8) -> i32 {
        let scope = Scope {
            bound: seat,
            ..Scope::at(state, NO_CELL)
        };
        self.eval(node, &scope).clamp(0, i64::from(i32::MAX) - 1) as i32
    }

    /// Evaluates a node to an integer (conditions are 0 or 1).
    ///
    /// Constants, reads and tests are read inline, so that an expression
    /// costs one call per node of any other kind.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn eval(&self, node: &Node, s: &Scope) -> i64 {
        match self.direct(node, s) {
            Some(v) => v,
            None => self.inner(node, s),
        }
    }

    /// The value of a pick: its tests read in one loop, the rest of its
    /// condition only when they leave it undecided.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn pick(&self, p: &Pick, s: &Scope) -> i64 {
        // A test equal to `any` decides: `true` in an `or`, `false` in an
        // `and`. A loop, not `any` with a closure, which stayed out of
        // line (chess, callgrind: some 100 instructions a test).
        let mut decided = false;
        for t in p.tests.iter() {
            if self.test(t, s) == p.any {
                decided = true;
                break;
            }
        }
        let holds = match (decided, &p.rest) {
            (true, _) => p.any,
            (false, Some(rest)) => self.eval(rest, s) != 0,
            (false, None) => !p.any,
        };
        self.eval(if holds { &p.then } else { &p.other }, s)
    }

    /// `pick` out of line, for the evaluator: inlined into `inner`, its
    /// reads cost every game that evaluates nodes (Kalah +1.5%, Exago
    /// +1.1%, callgrind), picks or none.
    #[inline(never)]
    fn pick_outlined(&self, p: &Pick, s: &Scope) -> i64 {
        self.pick(p, s)
    }

    /// `eval` out of line: for the rare fallback of a small hot reader,
    /// whose own code the inlined leaves would swell.
    #[inline(never)]
    pub(super) fn eval_outlined(&self, node: &Node, s: &Scope) -> i64 {
        self.eval(node, s)
    }

    /// The seat a seat reference names.
    pub(super) fn seat_of(&self, p: &SeatRef, s: &Scope) -> usize {
        match p {
            SeatRef::Node(n) => self.eval(n, s) as usize,
            // No partner (no teams) reads as seat 0, as `partner` does.
            SeatRef::MoverPartner => {
                let mover = s.state.mover as usize;
                self.partner.get(mover).copied().unwrap_or(0) as usize
            }
            direct => self.direct_seat(direct, s).expect("direct seat"),
        }
    }

    /// The seat a direct seat reference names, if it is direct.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn direct_seat(&self, p: &SeatRef, s: &Scope) -> Option<usize> {
        Some(match p {
            SeatRef::Mover => s.state.mover as usize,
            SeatRef::Bound => s.bound as usize,
            SeatRef::Fixed(f) => *f as usize,
            SeatRef::Next => next_seat(s.state.mover as usize, self.seats.len()),
            // Read by `seat_of`: an arm here would cost every game's leaves.
            SeatRef::Node(_) | SeatRef::MoverPartner => return None,
        })
    }

    /// The value of a node read in one step, if it is one.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn direct(&self, node: &Node, s: &Scope) -> Option<i64> {
        Some(match node {
            Node::Const(v) => *v,
            Node::Read(r) => self.read(*r, s),
            Node::Test(t) => self.test(t, s) as i64,
            Node::Both(tests) => (self.test(&tests[0], s) && self.test(&tests[1], s)) as i64,
            Node::Choose(choice) => {
                let (then, test, other) = &**choice;
                self.read(if self.test(test, s) { *then } else { *other }, s)
            }
            _ => return None,
        })
    }

    /// Evaluates an inner node (or a counter of a computed seat).
    #[inline(never)]
    fn inner(&self, node: &Node, s: &Scope) -> i64 {
        let st = s.state;
        let seat = |p: &SeatRef| self.seat_of(p, s);
        let cell = |n: &Node| self.eval(n, s) as CellId;
        match node {
            Node::Call(id, args) => self.call(*id, args, s),
            Node::Not(a) => (self.eval(a, s) == 0) as i64,
            // Only the least integer has no negation, and only an overflow
            // (already a fault) makes it.
            Node::Neg(a) => self.eval(a, s).saturating_neg(),
            Node::And(a, b) => (self.eval(a, s) != 0 && self.eval(b, s) != 0) as i64,
            Node::Or(a, b) => (self.eval(a, s) != 0 || self.eval(b, s) != 0) as i64,
            Node::Cmp(op, a, b) => op.apply(self.eval(a, s), self.eval(b, s)),
            Node::CmpConst(op, a, b) => op.apply(self.eval(a, s), *b),
            Node::Arith(op, a, b, span) => {
                let (a, b) = (self.eval(a, s), self.eval(b, s));
                if b == 0 && matches!(op, ArithOp::Div | ArithOp::Rem) {
                    st.record_fault(FaultKind::DivisionByZero, *span);
                    return 0;
                }
                let value = op.checked(a, b);
                // Past the integers the result means nothing: a fault, as
                // a division by zero is.
                value.unwrap_or_else(|| {
                    st.record_fault(FaultKind::Overflow, *span);
                    0
                })
            }
            Node::Aggregate(kind, body, condition) => {
                let cells = 0..self.geometry.cell_count() as CellId;
                self.fold_cells(*kind, body, condition.as_deref(), cells, s)
            }
            // Only the seat's cells, read off its bitboard.
            Node::OwnedAggregate(kind, p, body, rest) => {
                let bits = st.tops.get(seat(p) + 1).copied().unwrap_or(0);
                self.fold_cells(*kind, body, rest.as_deref(), bit_cells(bits), s)
            }
            // Only the cells of the kind: its bitboard, or a scan of the kinds.
            Node::KindAggregate(kind, k, body, rest) => {
                let count = *kind == Aggregate::Sum && **body == Node::Const(1) && rest.is_none();
                match st.word_of_kind(*k) {
                    Some(bits) if count => i64::from(bits.count_ones()),
                    Some(bits) => self.fold_cells(*kind, body, rest.as_deref(), bit_cells(bits), s),
                    None if count => st.cells_of_kind(*k).count() as i64,
                    None => self.fold_cells(*kind, body, rest.as_deref(), st.cells_of_kind(*k), s),
                }
            }
            // The seat's cells of the kind: one AND of their bitboards.
            Node::OwnedKindAggregate(kind, p, k, body, rest) => {
                let owned = st.tops.get(seat(p) + 1).copied().unwrap_or(0);
                let bits = owned & st.word_of_kind(*k).unwrap_or(0);
                self.fold_cells(*kind, body, rest.as_deref(), bit_cells(bits), s)
            }
            Node::OwnedNumbers(kind, p) => {
                let bits = st.tops.get(seat(p) + 1).copied().unwrap_or(0);
                self.fold_numbers(*kind, bits)
            }
            Node::AroundAggregate(kind, around, body, condition) => {
                let c = cell(around);
                let cells: &[CellId] = if c == NO_CELL {
                    &[]
                } else {
                    self.geometry.neighbours_of(c)
                };
                self.fold_cells(*kind, body, condition.as_deref(), cells.iter().copied(), s)
            }
            Node::If(value, condition, other) => {
                if self.eval(condition, s) != 0 {
                    self.eval(value, s)
                } else {
                    self.eval(other, s)
                }
            }
            Node::Pick(p) => self.pick_outlined(p, s),
            Node::PerSeat(table, p) => table.get(seat(p)).copied().unwrap_or(0),
            Node::PieceOnSide(p, side) => {
                let (seat, side) = (seat(p), self.eval(side, s));
                self.piece_on_side(st, seat, side) as i64
            }
            // Listed, not `_`: a new kind of node must be handled here or there.
            Node::Const(_) | Node::Read(_) | Node::Test(_) | Node::Both(_) | Node::Choose(_) => {
                self.direct(node, s).unwrap_or(0)
            }
        }
    }
}

impl Rules {
    /// A call of a built-in: its arguments in order, then its row's
    /// implementation.
    #[inline]
    fn call(&self, id: BuiltinId, args: &[Node], s: &Scope) -> i64 {
        // Most arguments are constants (a seat, a side, a counter) or the
        // context's names, read inline. No loop: in one, the compiler
        // hoists every read's set-up out of it, some 100 instructions a
        // call whatever the arguments.
        let arg = |a: &Node| match a {
            Node::Const(c) => *c,
            Node::Read(r) => self.read(*r, s),
            a => self.eval_outlined(a, s),
        };
        let values = match args {
            [] => [0; MAX_ARGS],
            [a] => [arg(a), 0, 0],
            [a, b] => [arg(a), arg(b), 0],
            [a, b, c, ..] => [arg(a), arg(b), arg(c)],
        };
        apply(self, id, &values, s)
    }

    /// A seat's entry in row `row` of a table of a row per counter and a
    /// column per seat; none for a seat of none.
    pub(super) fn entry<'t, T>(&self, table: &'t [T], row: u8, seat: usize) -> Option<&'t T> {
        let seats = self.seats.len();
        (seat < seats).then(|| &table[row as usize * seats + seat])
    }

    /// Combines `body` over the cells meeting `condition`: a sum, a maximum
    /// (0 for none), or whether any or all are true (stopping at the first
    /// that decides).
    fn fold_cells(
        &self,
        kind: Aggregate,
        body: &Node,
        condition: Option<&Node>,
        cells: impl Iterator<Item = CellId>,
        s: &Scope,
    ) -> i64 {
        let mut acc: i64 = match kind {
            Aggregate::All => 1,
            _ => 0,
        };
        for c in cells {
            let at = s.at_each(c);
            if condition.is_some_and(|k| self.eval(k, &at) == 0) {
                continue;
            }
            let v = self.eval(body, &at);
            match kind {
                Aggregate::Sum => acc = acc.saturating_add(v),
                Aggregate::Max => acc = acc.max(v),
                Aggregate::Any if v != 0 => return 1,
                Aggregate::All if v == 0 => return 0,
                Aggregate::Any | Aggregate::All => {}
            }
        }
        acc
    }

    /// The sum (or maximum, 0 if none) of the numbers of the cells in `bits`.
    fn fold_numbers(&self, kind: Aggregate, bits: u128) -> i64 {
        let numbers = bit_cells(bits).map(|c| self.numbers.get(c as usize).copied().unwrap_or(0));
        match kind {
            Aggregate::Max => numbers.fold(0, i64::max),
            Aggregate::Sum | Aggregate::Any | Aggregate::All => {
                numbers.fold(0i64, i64::saturating_add)
            }
        }
    }

    /// Whether `seat` tops a cell on side `side`: on its bitboard, when the
    /// state keeps one, only its own cells are looked at.
    #[inline]
    pub(super) fn piece_on_side(&self, state: &State, seat: usize, side: i64) -> bool {
        let Ok(side @ 0..4) = u8::try_from(side) else {
            return false;
        };
        let compass = &self.geometry.compass;
        let code = seat + 1;
        if let Some(masks) = &self.plan.side_masks {
            let bits = state.tops.get(code).copied().unwrap_or(0);
            return bits & masks[side as usize] != 0;
        }
        if self.plan.keeps.tops {
            let bits = state.tops.get(code).copied().unwrap_or(0);
            return bit_cells(bits).any(|c| compass.on_side(c, side));
        }
        let cells = 0..self.geometry.cell_count() as CellId;
        cells
            .filter(|&c| state.board[c as usize] as usize == code)
            .any(|c| compass.on_side(c, side))
    }
}

/// The cells of a bitboard, lowest first.
fn bit_cells(mut bits: u128) -> impl Iterator<Item = CellId> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let c = bits.trailing_zeros() as CellId;
            bits &= bits - 1;
            c
        })
    })
}

/// An unlimited supply reads as the largest number.
#[inline(always)]
pub(super) fn supply_value(v: i32) -> i64 {
    if v == i32::MAX {
        i64::MAX
    } else {
        v as i64
    }
}

/// The seat after `seat`, without a division.
#[inline]
pub(super) fn next_seat(seat: usize, seats: usize) -> usize {
    if seat + 1 == seats {
        0
    } else {
        seat + 1
    }
}
