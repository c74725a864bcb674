//! The `effect-picks` pass: an effect after every turn whose value is
//! one value or another as a condition holds (`V if C else W`, or `X * B`
//! with `B` 0 or 1, as in `c * (1 if C else 0)`) becomes a
//! [`Node::Pick`]: the tests its condition starts with are read in one
//! loop and the pick inline in `play`'s effects (`Plan::effect_picks`),
//! so that chess's castling rights, en passant column and 50-move clock
//! cost no call of the evaluator but where a test leaves the value to it.
//!
//! It changes no value and no fault: a product with 0 or 1 is the other
//! factor or 0, which no overflow reaches, and the factor a pick leaves
//! unread must be a read or a constant, which cannot fault; the
//! condition is read in the order written, stopping where `and` or `or`
//! would. Runs after `direct-reads`, whose tests it gathers.

use crate::ir::{ArithOp, Node, Pick, Rules, Target, Test};

/// Makes picks of the effects' values; says how many, or `None`.
pub fn effect_picks(rules: &mut Rules) -> Option<String> {
    let mut made = 0usize;
    for effect in &mut rules.effects {
        // `again if C` is a condition, not a value (read by `play`).
        if matches!(effect.target, Target::Again(_)) {
            continue;
        }
        if let Some(pick) = pick_of(&effect.value) {
            effect.value = Node::Pick(Box::new(pick));
            made += 1;
        }
    }
    rules.plan.effect_picks = made > 0;
    match made {
        0 => None,
        1 => Some("1 effect".into()),
        n => Some(format!("{n} effects")),
    }
}

/// The pick a value is: `THEN if C else OTHER`, or a product of a read
/// or constant with a value of 0 or 1.
fn pick_of(value: &Node) -> Option<Pick> {
    let (then, condition, other) = match value {
        Node::If(then, condition, other) => ((**then).clone(), &**condition, (**other).clone()),
        Node::Arith(ArithOp::Mul, a, b, _) => {
            let (x, (condition, holds)) = match (flag(a), flag(b)) {
                (_, Some(f)) if plain(a) => (a, f),
                (Some(f), _) if plain(b) => (b, f),
                _ => return None,
            };
            let (x, zero) = ((**x).clone(), Node::Const(0));
            match holds {
                true => (x, condition, zero),
                false => (zero, condition, x),
            }
        }
        _ => return None,
    };
    let (any, tests, rest) = split(condition);
    Some(Pick {
        any,
        tests: tests.into_boxed_slice(),
        rest,
        then,
        other,
    })
}

/// Whether a factor may be left unread: a read or a constant, which
/// cannot fault.
fn plain(n: &Node) -> bool {
    matches!(n, Node::Const(_) | Node::Read(_))
}

/// A value of 0 or 1 as the condition it is 1 on: the condition, and
/// whether 1 is where it holds (`1 if C else 0`) or where it fails.
fn flag(n: &Node) -> Option<(&Node, bool)> {
    match n {
        Node::If(a, c, b) => match (&**a, &**b) {
            (Node::Const(1), Node::Const(0)) => Some((c, true)),
            (Node::Const(0), Node::Const(1)) => Some((c, false)),
            _ => None,
        },
        Node::Test(_)
        | Node::Both(_)
        | Node::And(..)
        | Node::Or(..)
        | Node::Not(_)
        | Node::Cmp(..)
        | Node::CmpConst(..) => Some((n, true)),
        _ => None,
    }
}

/// A condition as the tests it starts with and the rest, joined by `or`
/// (`true`) or `and` (`false`).
fn split(condition: &Node) -> (bool, Vec<Test>, Option<Node>) {
    let any = matches!(condition, Node::Or(..));
    let mut parts = Vec::new();
    flatten(condition, any, &mut parts);
    let mut tests = Vec::new();
    let mut parts = parts.into_iter().peekable();
    while let Some(part) = parts.peek() {
        match (part, any) {
            (Node::Test(t), _) => tests.push(*t),
            (Node::Both(both), false) => tests.extend(both.iter()),
            _ => break,
        }
        parts.next();
    }
    // The rest joined again from the left, as the parser joins a chain:
    // `and` and `or` read their parts in one order however grouped.
    let rest = parts.reduce(|a, b| match any {
        true => Node::Or(Box::new(a), Box::new(b)),
        false => Node::And(Box::new(a), Box::new(b)),
    });
    (any, tests, rest)
}

/// The parts of a chain of `or` (`any`) or `and`, in order.
fn flatten(n: &Node, any: bool, parts: &mut Vec<Node>) {
    match (n, any) {
        (Node::Or(a, b), true) | (Node::And(a, b), false) => {
            flatten(a, any, parts);
            flatten(b, any, parts);
        }
        _ => parts.push(n.clone()),
    }
}
