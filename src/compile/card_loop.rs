//! The card loop's readers (`ir/card_loop.rs`), compiled from a card rule
//! and the end rules when `playout-loop` chooses the card loop.

use crate::ir::card_loop::{Bounds, CardReaders, Check, Count, Leaf, Target};
use crate::ir::plan::LOOP_ENDS;
use crate::ir::{At, CardChain, Node, Read, Rules, SeatRef};

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
        Node::Field(n) if matches!(**n, Node::Read(Read::Total)) => Target::FieldOfTotal,
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
    Some(match node {
        Node::Line(t, SeatRef::Mover) => Leaf::MoverLine(*t),
        Node::CmpConst(op, a, c) => match &**a {
            Node::Read(Read::Turn) => Leaf::Turn(Bounds::of(*op, *c)),
            Node::Lead(SeatRef::Mover, at) if chosen(at) => Leaf::Lead(Bounds::of(*op, *c)),
            Node::Margin(at) if chosen(at) => Leaf::Margin(Bounds::of(*op, *c)),
            _ => return None,
        },
        _ => return None,
    })
}
