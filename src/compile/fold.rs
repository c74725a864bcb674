//! Folding an expression that reads only what a pass knows: the mover
//! and, for a walk's condition, what tops the cell it reaches and the
//! direction it went. The value is the evaluator's, or `None` when the
//! expression reads anything else: the pass then leaves it alone.

use crate::builtins::BuiltinId;
use crate::ir::{At, CmpOp, Node, Read, SeatRef};

/// What an expression is folded with: one mover and, for a walk's
/// condition, the code on the cell it reaches and the compass direction
/// of the step that reached it.
#[derive(Clone, Copy)]
pub struct Known {
    /// How many seats play.
    pub seats: usize,
    /// The mover.
    pub mover: usize,
    /// The code topping the chosen cell, if known.
    pub code: Option<usize>,
    /// The direction of the step that reached the chosen cell, if known
    /// (not for a leap, whose directions index its table).
    pub direction: Option<i64>,
}

/// The value of `n` with what `known` says, as the evaluator would give
/// it, or `None` when it reads anything else.
pub fn fold(n: &Node, k: Known) -> Option<i64> {
    let chosen = |c: &Node| matches!(c, Node::Read(Read::Cell(At::Chosen)));
    Some(match n {
        Node::Const(c) => *c,
        Node::PerSeat(table, SeatRef::Mover) => table.get(k.mover).copied().unwrap_or(0),
        Node::Read(Read::Mover) => k.mover as i64,
        Node::Read(Read::Next) => ((k.mover + 1) % k.seats) as i64,
        Node::Call(BuiltinId::Empty, args) if matches!(&**args, [c] if chosen(c)) => {
            i64::from(k.code? == 0)
        }
        Node::Call(BuiltinId::Owner, args) if matches!(&**args, [c] if chosen(c)) => {
            match k.code? {
                c if c != 0 && c <= k.seats => c as i64 - 1,
                _ => -1,
            }
        }
        Node::Not(a) => i64::from(fold(a, k)? == 0),
        Node::And(a, b) => i64::from(fold(a, k)? != 0 && fold(b, k)? != 0),
        Node::Or(a, b) => i64::from(fold(a, k)? != 0 || fold(b, k)? != 0),
        Node::If(v, c, o) => match fold(c, k)? {
            0 => fold(o, k)?,
            _ => fold(v, k)?,
        },
        Node::CmpConst(op, a, c) => op.apply(fold(a, k)?, *c),
        Node::Cmp(op, a, b) => match (op, stepped(a, b, k).or_else(|| stepped(b, a, k))) {
            (CmpOp::Eq | CmpOp::Ne, Some(same)) => i64::from(same == (*op == CmpOp::Eq)),
            _ => op.apply(fold(a, k)?, fold(b, k)?),
        },
        _ => return None,
    })
}

/// For `cell` compared with `step(from, X)`: whether the two are the same
/// cell (the step reached `cell` in direction `X`), if `X` folds.
fn stepped(cell: &Node, other: &Node, k: Known) -> Option<bool> {
    let direction = k.direction?;
    if !matches!(cell, Node::Read(Read::Cell(At::Chosen))) {
        return None;
    }
    match other.args_of(BuiltinId::Step)? {
        [Node::Read(Read::Cell(At::From)), x] => Some(fold(x, k)? == direction),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_gives_the_evaluator_s_values() {
        let known = |mover, code| Known {
            seats: 3,
            mover,
            code: Some(code),
            direction: Some(0),
        };
        let owner = Node::call(BuiltinId::Owner, vec![Node::Read(Read::Cell(At::Chosen))]);
        // A neutral piece (code 4 of 3 seats) has no owner: -1.
        assert_eq!(fold(&owner, known(0, 4)), Some(-1));
        assert_eq!(fold(&owner, known(0, 0)), Some(-1));
        assert_eq!(fold(&owner, known(0, 3)), Some(2));
        assert_eq!(fold(&Node::Read(Read::Next), known(2, 0)), Some(0));
        assert_eq!(fold(&Node::Read(Read::Turn), known(2, 0)), None);
    }
}
