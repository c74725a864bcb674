//! End tests: an end rule's condition as the compiler's `end-tests` pass
//! recognised it, so that the engine and its playout loops read it without
//! matching the shape of its expression during play.

use super::{CmpOp, SeatRef};

/// A seat an end test names directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The mover.
    Mover,
    /// The seat after the mover.
    Next,
    /// A seat by its index.
    Fixed(u8),
}

/// A counter an end test compares with a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// The seat's supply (unlimited reads as the largest integer).
    Supply(Who),
    /// The seat's pieces on the board.
    Count(Who),
    /// The turn number.
    Turn,
    /// How many turns in a row ended in a forced pass (`passes`).
    Passes,
    /// The seat's runs counted by the run table (`runs(n, p)`;
    /// `exact_line(n, p)` is `runs > 0` of a table of exact runs).
    Runs(u8, Who),
}

/// A leaf of an end condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// The seat has a line of the table's length (`line(n, p)`).
    Line(u8, Who),
    /// No cell is empty (`full`).
    Full,
    /// A counter compared with a constant (`supply(mover) == 0`).
    Compare(Counter, CmpOp, i64),
    /// The seat tops a cell on a side, the side by the mover (`any(on_side(c,
    /// far_row) for c where owner(c) == mover)`, `far_row` depending on the
    /// mover only): the side per mover, 255 for none.
    OnSide(Who, [u8; MAX_SEATS]),
}

/// The most seats (the language's limit).
pub const MAX_SEATS: usize = 8;

/// An end rule's condition, read without the evaluator where it has a
/// common shape.
#[derive(Clone, Debug, PartialEq)]
pub enum EndTest {
    /// A leaf.
    One(Atom),
    /// Both leaves (`a and b`).
    Both(Atom, Atom),
    /// Either leaf (`a or b`).
    Either(Atom, Atom),
    /// A sum of two seats' locked movers compared with a constant (a
    /// team's `locked_movers(mover) + locked_movers(partner(mover)) == 8`).
    LockedSum(SeatRef, SeatRef, CmpOp, i64),
    /// Anything else: the expression, evaluated.
    Evaluated,
}

impl EndTest {
    /// Whether the test is made of leaves only (no evaluation, no sum).
    pub fn atoms(&self) -> bool {
        matches!(
            self,
            EndTest::One(_) | EndTest::Both(..) | EndTest::Either(..)
        )
    }
}
