//! Conditions that a move's listing tests many times (the effects after a
//! walk) read in one call when they compare arithmetic on leaves or cell
//! reads with a constant (`height(to) - stones(piece, to) == 1`), instead
//! of one call per node of the general evaluator. Out of the evaluator's
//! inlined paths, so that the games that do not use it run as before.

use super::eval::{next_seat, Scope};
use crate::ir::{ArithOp, CellId, Node, Rules, SeatRef, NO_CELL};

impl Rules {
    /// A value read straight off the scope or the state: no node below it.
    /// A few of `simple`'s leaves only: inlining all of `simple` here makes
    /// these reads 1.5% slower on Partners.
    #[inline(always)]
    fn atom(&self, node: &Node, s: &Scope) -> Option<i64> {
        let st = s.state;
        Some(match node {
            Node::Const(v) => *v,
            Node::Mover => st.mover as i64,
            Node::Chosen => s.chosen as i64,
            Node::Each => s.each as i64,
            Node::To => s.to as i64,
            Node::From => s.from as i64,
            Node::Piece => match s.piece as usize {
                code @ 1.. if code <= self.seats.len() => code as i64 - 1,
                _ => -1,
            },
            Node::Bound => s.bound as i64,
            _ => return None,
        })
    }

    /// Whether a condition holds, for the conditions a move's listing tests
    /// many times (the effects after a walk): a comparison of arithmetic on
    /// leaves or cell reads with a constant (`height(to) - stones(piece,
    /// to) == 1`) is read in one call, not one per node.
    #[inline(never)]
    pub(super) fn condition_holds(&self, node: &Node, s: &Scope) -> bool {
        match node {
            Node::CmpConst(op, a, c) => op.apply(self.cell_reads(a, s), *c) != 0,
            _ => self.eval_outlined(node, s) != 0,
        }
    }

    /// A value the effects after a walk compare (`height(to) - stones(piece,
    /// to)`): arithmetic on leaves or cell reads in one call.
    #[inline(never)]
    pub(super) fn cell_reads(&self, node: &Node, s: &Scope) -> i64 {
        // Two cell reads (`height(to) - stones(piece, to)`) straight away.
        if let Node::Arith(op, x, y, _) = node {
            if let (Some(a), Some(b)) = (self.cell_read(x, s), self.cell_read(y, s)) {
                if b != 0 || !matches!(op, ArithOp::Div | ArithOp::Rem) {
                    if let Some(v) = op.checked(a, b) {
                        return v;
                    }
                }
            }
        }
        self.eval_outlined(node, s)
    }

    /// Whether a test on a cell holds, for the tests a listing asks of
    /// every cell it reaches (`empty(cell) or owner(cell) == next`): and,
    /// or, not and comparisons of leaves, cell reads and steps are read
    /// here in one small function; any other shape goes to the evaluator.
    #[inline(never)]
    pub(super) fn cell_test(&self, node: &Node, s: &Scope) -> bool {
        match self.flat_bool(node, s) {
            Some(holds) => holds,
            None => self.eval(node, s) != 0,
        }
    }

    /// `cell_test`'s reading, or `None` for a shape it leaves to the
    /// evaluator. Its depth is the expression's, which the parser bounds.
    fn flat_bool(&self, node: &Node, s: &Scope) -> Option<bool> {
        Some(match node {
            Node::Or(a, b) => self.flat_bool(a, s)? || self.flat_bool(b, s)?,
            Node::And(a, b) => self.flat_bool(a, s)? && self.flat_bool(b, s)?,
            Node::Not(a) => !self.flat_bool(a, s)?,
            Node::Empty(c) => match self.atom(c, s)? as CellId {
                NO_CELL => false,
                c => s.state.board[c as usize] == 0,
            },
            Node::Cmp(op, a, b) => op.apply(self.flat_value(a, s)?, self.flat_value(b, s)?) != 0,
            Node::CmpConst(op, a, c) => op.apply(self.flat_value(a, s)?, *c) != 0,
            _ => return None,
        })
    }

    /// A leaf, a cell read, the seat after the mover, or a step from a
    /// leaf cell in a leaf direction.
    fn flat_value(&self, node: &Node, s: &Scope) -> Option<i64> {
        if let Some(v) = self.cell_read(node, s).or_else(|| self.atom(node, s)) {
            return Some(v);
        }
        let mover = s.state.mover as usize;
        Some(match node {
            Node::Next => next_seat(mover, self.seats.len()) as i64,
            Node::PerSeat(table, SeatRef::Mover) => table[mover],
            Node::Step(c, d) => self.step_from(self.atom(c, s)? as CellId, self.flat_value(d, s)?),
            _ => return None,
        })
    }

    /// A cell's height, owner or seat, or one seat's pieces there, at a
    /// cell and for a seat read straight off the scope (or off a cell).
    #[inline(always)]
    fn cell_read(&self, node: &Node, s: &Scope) -> Option<i64> {
        let st = s.state;
        Some(match node {
            Node::Height(c) => match self.atom(c, s)? as CellId {
                NO_CELL => 0,
                c => st.heights[c as usize] as i64,
            },
            Node::Owner(c) => match st.board.get(self.atom(c, s)? as CellId as usize) {
                Some(&code) if code != 0 && code as usize <= self.seats.len() => code as i64 - 1,
                _ => -1,
            },
            Node::Stones(p, c) => {
                let seat = match p {
                    // `stones(seat_of(cell), cell)`: a seat read off a cell.
                    SeatRef::Node(n) => match &**n {
                        Node::SeatOf(c) => self.seat_at(self.atom(c, s)?) as usize,
                        n => self.atom(n, s)? as usize,
                    },
                    direct => self.direct_seat(direct, s)?,
                };
                match self.atom(c, s)? as CellId {
                    NO_CELL => 0,
                    _ if seat >= self.seats.len() => 0,
                    c => st.stones(c, seat as u8, self) as i64,
                }
            }
            Node::SeatOf(c) => self.seat_at(self.atom(c, s)?),
            _ => return None,
        })
    }

    /// The seat a cell belongs to (its track segment, home or end zone, or
    /// its ring's side), or -1.
    pub(super) fn seat_at(&self, cell: i64) -> i64 {
        let c = cell as CellId as usize;
        let ring = self.geometry.ring.as_ref().map(|r| &r.seat_of);
        let track = self.track.as_ref().map(|t| &t.seat_of);
        track
            .or(ring)
            .and_then(|s| s.get(c))
            .map_or(-1, |&p| p as i64)
    }
}
