//! The `owned-cells` pass: an aggregate over the cells a seat's pieces top
//! (`sum(number(c) for c where owner(c) == p)`, the seat named directly)
//! becomes `Node::OwnedAggregate`, read off the seat's bitboard instead
//! of every cell of the board tested, and a sum or maximum of those cells'
//! numbers `Node::OwnedNumbers`. Needs the tops' bitboards.

use crate::builtins::BuiltinId;
use crate::ir::{At, Read};
use crate::ir::{CmpOp, Node, Rules, SeatRef};
use crate::syntax::ast::Aggregate;

/// Rewrites the rules' owned aggregates; says how many.
pub fn owned_cells(rules: &mut Rules) -> Option<String> {
    if !rules.plan.keeps.tops {
        return None;
    }
    let seats = rules.seats.len();
    let mut found = 0;
    rules.rewrite_nodes(&mut |node| {
        if let Some(owned) = owned(node, seats) {
            *node = owned;
            found += 1;
        }
    });
    (found > 0).then(|| format!("{found} aggregates over a seat's cells"))
}

/// The owned form of an aggregate, if it is one over a seat's cells.
fn owned(node: &Node, seats: usize) -> Option<Node> {
    let Node::Aggregate(kind, body, Some(condition)) = node else {
        return None;
    };
    let owner_of_each = |n: &Node| n.is_owner_of_each();
    let named;
    let seat = match &**condition {
        Node::Cmp(CmpOp::Eq, a, b) => match (&**a, &**b) {
            (o, p) | (p, o) if owner_of_each(o) => p,
            _ => return None,
        },
        // A seat named in the rules: `owner(c) == Blue`.
        Node::CmpConst(CmpOp::Eq, o, c) if owner_of_each(o) => {
            named = Node::Const(*c);
            &named
        }
        _ => return None,
    };
    let seat = match *seat {
        Node::Read(Read::Mover) => SeatRef::Mover,
        Node::Read(Read::Next) => SeatRef::Next,
        Node::Read(Read::Bound) => SeatRef::Bound,
        Node::Const(c) if (0..seats as i64).contains(&c) => SeatRef::Fixed(c as u8),
        _ => return None,
    };
    let numbers = body.is_call_at(BuiltinId::Number, At::Each);
    Some(match kind {
        Aggregate::Sum | Aggregate::Max if numbers => Node::OwnedNumbers(*kind, seat),
        _ => Node::OwnedAggregate(*kind, seat, body.clone()),
    })
}
