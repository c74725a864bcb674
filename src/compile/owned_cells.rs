//! The `owned-cells` pass: an aggregate over the cells a seat's pieces top
//! (`sum(number(c) for c where owner(c) == p)`, the seat named directly,
//! or `owner(c) == p and MORE`) becomes `Node::OwnedAggregate`, read off
//! the seat's bitboard instead of every cell of the board tested (`MORE`
//! tested on those cells only), and a sum or maximum of those cells'
//! numbers `Node::OwnedNumbers` (these need the tops' bitboards). An
//! aggregate over the cells of one kind of piece (`sum(1 for c where
//! kind(c) == pawn)`, or that and more, a seat's too) becomes
//! `Node::KindAggregate`, its cells read off the kind's bitboard where the
//! state keeps one (`bitboards`), else found by a scan of the kinds; and
//! one whose condition also says `owner(c) == p`, where the state keeps
//! both bitboards, `Node::OwnedKindAggregate`, their AND.

use crate::builtins::BuiltinId;
use crate::ir::{At, Read};
use crate::ir::{CmpOp, Node, Rules, SeatRef};
use crate::syntax::ast::Aggregate;

/// Rewrites the rules' owned aggregates; says how many.
pub fn owned_cells(rules: &mut Rules) -> Option<String> {
    let (seats, tops) = (rules.seats.len(), rules.plan.keeps.tops);
    // A seat's pieces of a kind are an AND of two bitboards where both are kept.
    let both = tops && rules.plan.keeps.kind_tops;
    let (mut owned_found, mut kind_found, mut owned_kind_found) = (0, 0, 0);
    rules.rewrite_nodes(&mut |node| {
        // A kind's pieces are most often fewer than a seat's (one king of
        // sixteen pieces): `owner(c) == p and kind(c) == k` goes by kind.
        if let Some(of_kind) = of_kind(node, seats, both) {
            match of_kind {
                Node::OwnedKindAggregate(..) => owned_kind_found += 1,
                _ => kind_found += 1,
            }
            *node = of_kind;
        } else if let Some(owned) = owned(node, seats).filter(|_| tops) {
            *node = owned;
            owned_found += 1;
        }
    });
    let mut said = Vec::new();
    if owned_found > 0 {
        said.push(format!("{owned_found} aggregates over a seat's cells"));
    }
    if kind_found > 0 {
        said.push(format!("{kind_found} over a kind's cells"));
    }
    if owned_kind_found > 0 {
        said.push(format!("{owned_kind_found} over a seat's cells of a kind"));
    }
    (!said.is_empty()).then(|| said.join(", "))
}

/// The form over a kind's cells of an aggregate whose condition is
/// `kind(c) == K` (K a kind, not the -1 of an empty cell), or that and
/// more; with `both` bitboards kept, over a seat's cells of the kind when
/// the more is `owner(c) == p` (or that and more still).
fn of_kind(node: &Node, seats: usize, both: bool) -> Option<Node> {
    let Node::Aggregate(aggregate, body, Some(condition)) = node else {
        return None;
    };
    let kind_of = |n: &Node| n.kind_test(At::Each).filter(|&k| k >= 0);
    let (k, rest) = match &**condition {
        Node::And(a, b) if kind_of(a).is_some() => (kind_of(a)?, Some(b.clone())),
        Node::And(a, b) if kind_of(b).is_some() => (kind_of(b)?, Some(a.clone())),
        c => (kind_of(c)?, None),
    };
    let owned = rest
        .as_deref()
        .filter(|_| both)
        .and_then(|r| split_owner(r, seats));
    Some(match owned {
        Some((seat, more)) => Node::OwnedKindAggregate(*aggregate, seat, k, body.clone(), more),
        None => Node::KindAggregate(*aggregate, k, body.clone(), rest),
    })
}

/// `owner(c) == p`, or that and more: the seat, named directly, and the more.
fn split_owner(condition: &Node, seats: usize) -> Option<(SeatRef, Option<Box<Node>>)> {
    let (owner, more) = match condition {
        Node::And(a, b) if owned_by(a).is_some() => (&**a, Some(b.clone())),
        Node::And(a, b) if owned_by(b).is_some() => (&**b, Some(a.clone())),
        c => (c, None),
    };
    Some((direct_seat(owned_by(owner)?, seats)?, more))
}

/// A seat named directly: the mover, the next seat, the bound one, or a
/// seat of the rules.
fn direct_seat(seat: Node, seats: usize) -> Option<SeatRef> {
    Some(match seat {
        Node::Read(Read::Mover) => SeatRef::Mover,
        Node::Read(Read::Next) => SeatRef::Next,
        Node::Read(Read::Bound) => SeatRef::Bound,
        Node::Const(c) if (0..seats as i64).contains(&c) => SeatRef::Fixed(c as u8),
        _ => return None,
    })
}

/// The owned form of an aggregate, if it is one over a seat's cells.
fn owned(node: &Node, seats: usize) -> Option<Node> {
    let Node::Aggregate(kind, body, Some(condition)) = node else {
        return None;
    };
    // `owner(c) == p and MORE`: the seat's cells, MORE tested on each.
    let (condition, rest) = match &**condition {
        Node::And(a, b) if owned_by(a).is_some() => (&**a, Some(b.clone())),
        Node::And(a, b) if owned_by(b).is_some() => (&**b, Some(a.clone())),
        c => (c, None),
    };
    let seat = direct_seat(owned_by(condition)?, seats)?;
    let numbers = body.is_call_at(BuiltinId::Number, At::Each) && rest.is_none();
    Some(match kind {
        Aggregate::Sum | Aggregate::Max if numbers => Node::OwnedNumbers(*kind, seat),
        _ => Node::OwnedAggregate(*kind, seat, body.clone(), rest),
    })
}

/// The seat `condition` says a cell's owner is (`owner(c) == p`), if it
/// says that.
fn owned_by(condition: &Node) -> Option<Node> {
    let owner_of_each = |n: &Node| n.is_owner_of_each();
    let seat = match condition {
        Node::Cmp(CmpOp::Eq, a, b) => match (&**a, &**b) {
            (o, p) | (p, o) if owner_of_each(o) => p,
            _ => return None,
        },
        // A seat named in the rules: `owner(c) == Blue`.
        Node::CmpConst(CmpOp::Eq, o, c) if owner_of_each(o) => return Some(Node::Const(*c)),
        _ => return None,
    };
    Some(seat.clone())
}
