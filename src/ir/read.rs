//! Reads: the values an expression takes straight off the move's scope or
//! the state, with no expression below them.
//!
//! The compiler lowers the context's names (`mover`, `cell`, `turn`, ...)
//! to reads. The `direct-reads` pass then fuses a built-in whose
//! arguments are all such names into one read (`supply(mover)`,
//! `height(to)`, `stones(piece, to)`), and a comparison of reads or of a
//! read with a constant into a [`Test`]: so the engine reads each in one
//! step, and never looks below a node during play to find out whether it
//! could.

use super::{CmpOp, Node};
use crate::builtins::{BuiltinId, Ty};

/// A seat named without an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The mover.
    Mover,
    /// The seat after the mover.
    Next,
    /// The seat a score is computed for (0 where none is).
    Bound,
    /// A seat by its index.
    Fixed(u8),
    /// The seat of the piece the move last moved (none: no seat).
    Piece,
    /// The seat a space belongs to (track boards; none: no seat).
    SeatOf(At),
}

/// A cell named without an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The cell the move chooses.
    Chosen,
    /// The cell an aggregate is at.
    Each,
    /// The cell the move picked a piece from.
    From,
    /// The cell the move put a piece on.
    To,
    /// The last cell placed on.
    Last,
}

/// A value read in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// The mover.
    Mover,
    /// The seat after the mover.
    Next,
    /// The current turn number, from 1.
    Turn,
    /// The seat a score is computed for.
    Bound,
    /// No empty cell is left.
    Full,
    /// How many cards the move plays.
    Played,
    /// The sum of the values of the cards the move plays.
    Total,
    /// The seat of the piece the move last picked up, removed or put on, or -1.
    Piece,
    /// The card the move plays (its code; 0 for none).
    Card,
    /// The die the walk being chosen uses (`move by dice`; 0 elsewhere).
    ThisDie,
    /// How many turns in a row ended in a forced pass.
    Passes,
    /// How many pieces the move just played captured.
    Captures,
    /// How many pieces the `gather` being decided would move.
    Gathered,
    /// The position the turn just played left was seen before.
    Repeated,
    /// A counter's value, by index.
    Counter(u8),
    /// A cell of the context (or `NO_CELL`).
    Cell(At),
    /// The seat's supply (unlimited reads as the largest integer).
    Supply(Who),
    /// The seat's score.
    Score(Who),
    /// The seat's score gain this turn.
    Gain(Who),
    /// The seat's pieces on the board.
    Count(Who),
    /// The seat's run total for a length (index into `Rules::run_lengths`).
    Runs(u8, Who),
    /// The seat has a line of the table's length.
    Line(u8, Who),
    /// The cell is empty.
    Empty(At),
    /// How many pieces the cell holds.
    Height(At),
    /// The seat that owns the cell, or -1.
    Owner(At),
    /// The kind of the piece on the cell, or -1 (`kind(c)`).
    Kind(At),
    /// How many of the seat's pieces the cell holds.
    Stones(Who, At),
    /// The seat's pieces on the cell minus the most any other seat has there.
    Lead(Who, At),
    /// The most pieces one seat has on the cell minus the next most.
    Margin(At),
    /// The seat a space belongs to (track boards), or -1.
    SeatOf(At),
    /// Whether the movers on the space are locked (track boards).
    Locked(At),
    /// The cell's number (`numbers`; 0 for no cell).
    Number(At),
    /// The cell numbered with the cards' total, or `NO_CELL`.
    FieldOfTotal,
    /// The value of the card the move plays (`value(card)`).
    CardValue,
    /// The seat's partner.
    Partner(Who),
    /// How many of the seat's movers are locked (track boards).
    LockedMovers(Who),
    /// Whether one group of the seat's pieces joins two sides, named by
    /// constants (`connects(mover, top, bottom)`).
    Connects(Who, u8, u8),
    /// What the last move did, or the position's count (`last_from`,
    /// `last_kind`, `repetitions`): a built-in of no arguments, by its
    /// row, in one step.
    OfGame(BuiltinId),
    /// Any other built-in of one context cell (`pit(c)`, `opposite(to)`),
    /// by its row, in one step.
    OfCell(BuiltinId, At),
    /// Any other built-in of one seat named directly (`store(mover)`), by
    /// its row, in one step.
    OfSeat(BuiltinId, Who),
}

/// A read compared with a constant (`supply(mover) == 0`), or with
/// another read (`cell != from`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Test {
    /// The comparison.
    pub op: CmpOp,
    /// The value on the left.
    pub read: Read,
    /// The value on the right.
    pub against: Against,
}

/// What a test compares its read with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// A constant.
    Const(i64),
    /// Another read.
    Read(Read),
}

impl Read {
    /// The read a node is: a read, or a built-in whose arguments are all
    /// named directly (what `direct-reads` fuses).
    pub fn of(n: &Node) -> Option<Read> {
        use BuiltinId as B;
        let Node::Call(id, args) = n else {
            return match n {
                Node::Read(r) => Some(*r),
                _ => None,
            };
        };
        let table = |t: &Node| match t {
            Node::Const(t) => u8::try_from(*t).ok(),
            _ => None,
        };
        Some(match (id, &**args) {
            (B::Supply, [p]) => Read::Supply(counted(p)?),
            (B::Score, [p]) => Read::Score(counted(p)?),
            (B::Gain, [p]) => Read::Gain(counted(p)?),
            (B::Count, [p]) => Read::Count(counted(p)?),
            (B::Runs, [t, p]) => Read::Runs(table(t)?, counted(p)?),
            (B::Line, [t, p]) => Read::Line(table(t)?, counted(p)?),
            (B::Empty, [c]) => Read::Empty(at(c)?),
            (B::Height, [c]) => Read::Height(at(c)?),
            (B::Owner, [c]) => Read::Owner(at(c)?),
            (B::Kind, [c]) => Read::Kind(at(c)?),
            (B::Stones, [p, c]) => Read::Stones(who(p)?, at(c)?),
            (B::Lead, [p, c]) => Read::Lead(who(p)?, at(c)?),
            (B::Margin, [c]) => Read::Margin(at(c)?),
            (B::SeatOf, [c]) => Read::SeatOf(at(c)?),
            (B::Locked, [c]) => Read::Locked(at(c)?),
            (B::Number, [c]) => Read::Number(at(c)?),
            (B::LastFrom | B::LastKind | B::Repetitions, []) => Read::OfGame(*id),
            (B::Field, [Node::Read(Read::Total)]) => Read::FieldOfTotal,
            (B::Value, [Node::Read(Read::Card)]) => Read::CardValue,
            (B::Partner, [p]) => Read::Partner(counted(p)?),
            (B::LockedMovers, [p]) => Read::LockedMovers(counted(p)?),
            (B::Connects, [p, Node::Const(a), Node::Const(b)]) => {
                let side = |s: i64| u8::try_from(s).ok();
                Read::Connects(counted(p)?, side(*a)?, side(*b)?)
            }
            (id, [a]) => match crate::builtins::row(*id)?.params {
                [Ty::Cell] => Read::OfCell(*id, at(a)?),
                [Ty::Seat] => Read::OfSeat(*id, counted(a)?),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// The general node a fused read stands for (`height(to)` for
    /// `Height(To)`): what it is printed as, and what the evaluator
    /// computes without the pass. `None` for the context's own names.
    pub fn general(self) -> Option<Node> {
        use BuiltinId as B;
        let cell = |at: At| Node::Read(Read::Cell(at));
        let table = |t: u8| Node::Const(i64::from(t));
        let (id, args) = match self {
            Read::Mover
            | Read::Next
            | Read::Turn
            | Read::Bound
            | Read::Full
            | Read::Played
            | Read::Total
            | Read::Piece
            | Read::Card
            | Read::ThisDie
            | Read::Passes
            | Read::Captures
            | Read::Gathered
            | Read::Repeated
            | Read::Counter(_)
            | Read::Cell(_) => return None,
            Read::Supply(w) => (B::Supply, vec![w.node()]),
            Read::Score(w) => (B::Score, vec![w.node()]),
            Read::Gain(w) => (B::Gain, vec![w.node()]),
            Read::Count(w) => (B::Count, vec![w.node()]),
            Read::Runs(t, w) => (B::Runs, vec![table(t), w.node()]),
            Read::Line(t, w) => (B::Line, vec![table(t), w.node()]),
            Read::Empty(at) => (B::Empty, vec![cell(at)]),
            Read::Height(at) => (B::Height, vec![cell(at)]),
            Read::Owner(at) => (B::Owner, vec![cell(at)]),
            Read::Kind(at) => (B::Kind, vec![cell(at)]),
            Read::Stones(w, at) => (B::Stones, vec![w.node(), cell(at)]),
            Read::Lead(w, at) => (B::Lead, vec![w.node(), cell(at)]),
            Read::Margin(at) => (B::Margin, vec![cell(at)]),
            Read::SeatOf(at) => (B::SeatOf, vec![cell(at)]),
            Read::Locked(at) => (B::Locked, vec![cell(at)]),
            Read::Number(at) => (B::Number, vec![cell(at)]),
            Read::FieldOfTotal => (B::Field, vec![Node::Read(Read::Total)]),
            Read::CardValue => (B::Value, vec![Node::Read(Read::Card)]),
            Read::Partner(w) => (B::Partner, vec![w.node()]),
            Read::LockedMovers(w) => (B::LockedMovers, vec![w.node()]),
            Read::Connects(w, a, b) => {
                let side = |s: u8| Node::Const(i64::from(s));
                (B::Connects, vec![w.node(), side(a), side(b)])
            }
            Read::OfGame(id) => (id, vec![]),
            Read::OfCell(id, at) => (id, vec![cell(at)]),
            Read::OfSeat(id, w) => (id, vec![w.node()]),
        };
        Some(Node::call(id, args))
    }

    /// The read as a node: its general form, or itself.
    pub fn node(self) -> Node {
        self.general().unwrap_or(Node::Read(self))
    }
}

impl Who {
    /// The seat as an argument of a built-in.
    pub fn node(self) -> Node {
        match self {
            Who::Mover => Node::Read(Read::Mover),
            Who::Next => Node::Read(Read::Next),
            Who::Bound => Node::Read(Read::Bound),
            Who::Fixed(s) => Node::Const(i64::from(s)),
            Who::Piece => Node::Read(Read::Piece),
            Who::SeatOf(at) => Node::call(BuiltinId::SeatOf, vec![Node::Read(Read::Cell(at))]),
        }
    }
}

impl Test {
    /// The test a node is: a test, or a comparison (or negation) of reads.
    pub fn of(n: &Node) -> Option<Test> {
        let test = |op, read, against| Test { op, read, against };
        Some(match n {
            Node::Test(t) => *t,
            Node::CmpConst(op, a, c) => test(*op, Read::of(a)?, Against::Const(*c)),
            Node::Cmp(op, a, b) => test(*op, Read::of(a)?, Against::Read(Read::of(b)?)),
            Node::Not(a) => match Test::of(a) {
                Some(t) => Test {
                    op: negated(t.op),
                    ..t
                },
                None => test(CmpOp::Eq, Read::of(a)?, Against::Const(0)),
            },
            _ => return None,
        })
    }

    /// The comparison the test stands for.
    pub fn general(&self) -> Node {
        let read = Box::new(self.read.node());
        match self.against {
            Against::Const(c) => Node::CmpConst(self.op, read, c),
            Against::Read(r) => Node::Cmp(self.op, read, Box::new(r.node())),
        }
    }
}

/// The comparison that holds exactly where `op` does not.
pub fn negated(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Ge => CmpOp::Lt,
        CmpOp::Le => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Le,
    }
}

/// A seat named directly: the mover, the next seat, the bound seat, a
/// fixed seat, or the piece's or a cell's.
pub fn who(p: &Node) -> Option<Who> {
    Some(match p {
        Node::Read(Read::Mover) => Who::Mover,
        Node::Read(Read::Next) => Who::Next,
        Node::Read(Read::Bound) => Who::Bound,
        Node::Const(s) => Who::Fixed(u8::try_from(*s).ok()?),
        Node::Read(Read::Piece) => Who::Piece,
        Node::Call(BuiltinId::SeatOf, c) => match &**c {
            [c] => Who::SeatOf(at(c)?),
            _ => return None,
        },
        _ => return None,
    })
}

/// A seat named directly whose counters a read may index: a piece's or a
/// space's seat may be none.
fn counted(p: &Node) -> Option<Who> {
    who(p).filter(|w| !matches!(w, Who::Piece | Who::SeatOf(_)))
}

/// A context cell: the chosen cell, the aggregate's, from, to or last.
fn at(c: &Node) -> Option<At> {
    match c {
        Node::Read(Read::Cell(at)) => Some(*at),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negated_test_holds_exactly_where_the_test_does_not() {
        let ops = [
            CmpOp::Eq,
            CmpOp::Ne,
            CmpOp::Lt,
            CmpOp::Le,
            CmpOp::Gt,
            CmpOp::Ge,
        ];
        for op in ops {
            for (a, b) in [(1, 2), (2, 2), (3, 2)] {
                assert_ne!(op.apply(a, b), negated(op).apply(a, b), "{op:?} {a} {b}");
            }
        }
    }
}
