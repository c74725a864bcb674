//! The `end-tests` pass: each end rule's condition, when it has a common
//! shape (a line, a full board, a counter compared with a constant, two of
//! them joined by `and` or `or`, a sum of two seats' locked movers compared
//! with a constant), becomes an [`EndTest`] the engine reads without the
//! evaluator, every turn and in the playout loops. Anything else is
//! [`EndTest::Evaluated`].

use super::fold::{fold, Known};
use crate::builtins::BuiltinId;
use crate::ir::end_test::{Atom, Counter, EndTest, Who, MAX_SEATS};
use crate::ir::Read;
use crate::ir::{ArithOp, Node, Rules, SeatRef};

/// Writes the end tests into the plan; says how many were recognised.
pub fn end_tests(rules: &mut Rules) -> Option<String> {
    let seats = rules.seats.len();
    let tests: Vec<EndTest> = rules.ends.iter().map(|e| of(&e.condition, seats)).collect();
    let read = tests.iter().filter(|t| **t != EndTest::Evaluated).count();
    let said: Vec<String> = tests
        .iter()
        .enumerate()
        .filter(|(_, t)| **t != EndTest::Evaluated)
        .map(|(i, t)| format!("end {} {t:?}", i + 1))
        .collect();
    rules.plan.ends = tests;
    (read > 0).then(|| said.join(", "))
}

/// The test of one end condition in a game of `seats` seats.
pub fn of(condition: &Node, seats: usize) -> EndTest {
    let atom = |n: &Node| atom(n, seats);
    let test = match condition {
        Node::And(a, b) => atom(a).zip(atom(b)).map(|(a, b)| EndTest::Both(a, b)),
        Node::Or(a, b) => atom(a).zip(atom(b)).map(|(a, b)| EndTest::Either(a, b)),
        Node::CmpConst(op, sum, c) => match &**sum {
            Node::Arith(ArithOp::Add, a, b, _) => {
                let locked = |n: &Node| match n.args_of(BuiltinId::LockedMovers) {
                    Some([p]) => Some(SeatRef::from_node(p.clone())),
                    _ => None,
                };
                locked(a)
                    .zip(locked(b))
                    .map(|(p, q)| EndTest::LockedSum(p, q, *op, *c))
            }
            _ => atom(condition).map(EndTest::One),
        },
        other => atom(other).map(EndTest::One),
    };
    test.unwrap_or(EndTest::Evaluated)
}

/// The leaf a condition is, if it is one.
fn atom(condition: &Node, seats: usize) -> Option<Atom> {
    Some(match condition {
        Node::PieceOnSide(p, side) => Atom::OnSide(seat(p)?, sides(side, seats)?),
        Node::Call(BuiltinId::Line, args) => match &**args {
            [Node::Const(t), p] => Atom::Line(u8::try_from(*t).ok()?, who(p)?),
            _ => return None,
        },
        Node::Read(Read::Full) => Atom::Full,
        Node::CmpConst(op, a, c) => {
            let counter = match &**a {
                Node::Read(Read::Turn) => Counter::Turn,
                Node::Read(Read::Passes) => Counter::Passes,
                Node::Call(BuiltinId::Supply, p) => Counter::Supply(who(p.first()?)?),
                Node::Call(BuiltinId::Count, p) => Counter::Count(who(p.first()?)?),
                Node::Call(BuiltinId::Runs, p) => match &**p {
                    [Node::Const(t), p] => Counter::Runs(u8::try_from(*t).ok()?, who(p)?),
                    _ => return None,
                },
                _ => return None,
            };
            Atom::Compare(counter, *op, *c)
        }
        _ => return None,
    })
}

/// The side `side` names for each mover, if it depends on nothing else
/// (255 where it names no side).
fn sides(side: &Node, seats: usize) -> Option<[u8; MAX_SEATS]> {
    let mut sides = [u8::MAX; MAX_SEATS];
    for (mover, s) in sides.iter_mut().enumerate().take(seats) {
        let known = Known {
            seats,
            mover,
            code: None,
            direction: None,
        };
        *s = u8::try_from(fold(side, known)?).unwrap_or(u8::MAX);
    }
    Some(sides)
}

/// The seat a seat reference names, if it is one an end test reads.
fn seat(p: &SeatRef) -> Option<Who> {
    Some(match p {
        SeatRef::Mover => Who::Mover,
        SeatRef::Next => Who::Next,
        SeatRef::Fixed(s) => Who::Fixed(*s),
        _ => return None,
    })
}

/// The seat a seat argument names directly, if it is one an end test
/// reads (the mover, the next seat or a fixed seat).
fn who(p: &Node) -> Option<Who> {
    use crate::ir::read::Who as Named;
    Some(match crate::ir::read::who(p)? {
        Named::Mover => Who::Mover,
        Named::Next => Who::Next,
        Named::Fixed(s) => Who::Fixed(s),
        Named::Bound | Named::Piece | Named::SeatOf(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end tests of a two-seat game ending by `condition`.
    fn ends_of(condition: &str) -> Vec<EndTest> {
        let source = format!(
            "game \"t\"\nplayers A, B\nboard square 4 x 4\n\
             phase play\n  place where empty(cell)\nend when {condition}: mover wins\n"
        );
        let rules = crate::compile::load(&source, &[]).expect("the rules compile");
        rules.plan.ends
    }

    #[test]
    fn a_piece_on_a_side_of_the_mover_s_is_read_per_mover() {
        let far = "any(on_side(c, top if mover == A else bottom) for c where owner(c) == mover)";
        let mut sides = [u8::MAX; MAX_SEATS];
        sides[..2].copy_from_slice(&[0, 1]);
        assert_eq!(
            ends_of(far),
            vec![EndTest::One(Atom::OnSide(Who::Mover, sides))]
        );
        let next = "any(on_side(c, left) for c where owner(c) == next)";
        assert!(matches!(
            ends_of(next)[..],
            [EndTest::One(Atom::OnSide(Who::Next, _))]
        ));
        // A side that depends on the turn is evaluated.
        let turned = "any(on_side(c, top if turn > 3 else bottom) for c where owner(c) == mover)";
        assert_eq!(ends_of(turned), vec![EndTest::Evaluated]);
    }
}
