//! The `end-tests` pass: each end rule's condition, when it has a common
//! shape (a line, a full board, a counter compared with a constant, two of
//! them joined by `and` or `or`, a sum of two seats' locked movers compared
//! with a constant), becomes an [`EndTest`] the engine reads without the
//! evaluator, every turn and in the playout loops. Anything else is
//! [`EndTest::Evaluated`].

use crate::builtins::BuiltinId;
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
fn atom(condition: &Node) -> Option<Atom> {
    Some(match condition {
        Node::Call(BuiltinId::Line, args) => match &**args {
            [Node::Const(t), p] => Atom::Line(u8::try_from(*t).ok()?, who(p)?),
            _ => return None,
        },
        Node::Read(Read::Full) => Atom::Full,
        Node::CmpConst(op, a, c) => {
            let counter = match &**a {
                Node::Read(Read::Turn) => Counter::Turn,
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
