//! The card loop's readers (`ir/card_loop.rs`), compiled from a card rule
//! and the end rules when `playout-loop` chooses the card loop.

use crate::builtins::BuiltinId;
use crate::ir::card_loop::{Bounds, CardReaders, Check, Count, Leaf, Target};
use crate::ir::plan::LOOP_ENDS;
use crate::ir::{At, CardChain, Node, Read, Rules};

/// The readers of a card rule's conditions and of the end rules.
pub fn readers(rules: &Rules, chain: CardChain) -> CardReaders {
    let test = chain.select.test.as_ref().map_or(Check::Always, check);
    let draw = chain
        .draw()
        .map(|(n, when)| (count(n), when.map_or(Check::Always, check)));
    let mut ends = [Check::Always; LOOP_ENDS];
    for (reader, end) in ends.iter_mut().zip(&rules.ends) {
        *reader = check(&end.condition);
    }
    let target = match chain.target {
        n if matches!(n.args_of(BuiltinId::Field), Some([Node::Read(Read::Total)])) => {
            Target::FieldOfTotal
        }
        _ => Target::Eval,
    };
    CardReaders {
        target,
        test,
        draw,
        ends,
    }
}

/// The reader of a draw's count.
fn count(n: &Node) -> Count {
    match n {
        Node::Read(Read::Played) => Count::Played,
        _ => Count::Eval,
    }
}

/// The reader of a condition.
fn check(condition: &Node) -> Check {
    let read = || -> Option<Check> {
        Some(match condition {
            Node::Not(a) => Check::Not(leaf(a)?),
            Node::And(a, b) => Check::Both(leaf(a)?, leaf(b)?),
            other => Check::Is(leaf(other)?),
        })
    };
    read().unwrap_or(Check::Eval)
}

/// The leaf of a condition, if it is one the loop reads.
fn leaf(node: &Node) -> Option<Leaf> {
    let chosen = |c: &Node| matches!(c, Node::Read(Read::Cell(At::Chosen)));
    let mover = |p: &Node| matches!(p, Node::Read(Read::Mover));
    if let Some([Node::Const(t), p]) = node.args_of(BuiltinId::Line) {
        return mover(p).then_some(Leaf::MoverLine(u8::try_from(*t).ok()?));
    }
    let Node::CmpConst(op, a, c) = node else {
        return None;
    };
    Some(match (&**a, a.args_of(BuiltinId::Lead)) {
        (Node::Read(Read::Turn), _) => Leaf::Turn(Bounds::of(*op, *c)),
        (_, Some([p, at])) if mover(p) && chosen(at) => Leaf::Lead(Bounds::of(*op, *c)),
        (a, _) if a.is_call_at(BuiltinId::Margin, At::Chosen) => Leaf::Margin(Bounds::of(*op, *c)),
        _ => return None,
    })
}
