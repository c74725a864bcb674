//! The `end-tests` pass: each end rule's condition, when it has a common
//! shape (a line, a full board, a counter compared with a constant, two of
//! them joined by `and` or `or`, a sum of two seats' locked movers compared
//! with a constant), becomes an [`EndTest`] the engine reads without the
//! evaluator, every turn and in the playout loops. Anything else is
//! [`EndTest::Evaluated`].

use crate::ir::end_test::{Atom, Counter, EndTest, Who};
use crate::ir::Read;
use crate::ir::{ArithOp, Node, Rules, SeatRef};

/// Writes the end tests into the plan; says how many were recognised.
pub fn end_tests(rules: &mut Rules) -> Option<String> {
    let tests: Vec<EndTest> = rules.ends.iter().map(|e| of(&e.condition)).collect();
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

/// The test of one end condition.
pub fn of(condition: &Node) -> EndTest {
    let test = match condition {
        Node::And(a, b) => atom(a).zip(atom(b)).map(|(a, b)| EndTest::Both(a, b)),
        Node::Or(a, b) => atom(a).zip(atom(b)).map(|(a, b)| EndTest::Either(a, b)),
        Node::CmpConst(op, sum, c) => match &**sum {
            Node::Arith(ArithOp::Add, a, b, _) => match (&**a, &**b) {
                (Node::LockedMovers(p), Node::LockedMovers(q)) => {
                    Some(EndTest::LockedSum(p.clone(), q.clone(), *op, *c))
                }
                _ => None,
            },
            _ => atom(condition).map(EndTest::One),
        },
        other => atom(other).map(EndTest::One),
    };
    test.unwrap_or(EndTest::Evaluated)
}

/// The leaf a condition is, if it is one.
fn atom(condition: &Node) -> Option<Atom> {
    Some(match condition {
        Node::Line(t, p) => Atom::Line(*t, who(p)?),
        Node::Read(Read::Full) => Atom::Full,
        Node::CmpConst(op, a, c) => {
            let counter = match &**a {
                Node::Supply(p) => Counter::Supply(who(p)?),
                Node::Count(p) => Counter::Count(who(p)?),
                Node::Read(Read::Turn) => Counter::Turn,
                _ => return None,
            };
            Atom::Compare(counter, *op, *c)
        }
        _ => return None,
    })
}

/// The seat a seat reference names directly, if it does.
fn who(p: &SeatRef) -> Option<Who> {
    Some(match p {
        SeatRef::Mover => Who::Mover,
        SeatRef::Next => Who::Next,
        SeatRef::Fixed(s) => Who::Fixed(*s),
        _ => return None,
    })
}
