//! Evaluating constant expressions (numbers, options, arithmetic on them).

use super::program::{Hir, Typed};
use crate::syntax::ast::{BinaryOp, UnaryOp};

/// The value of a constant expression given the option values, or `None` if it
/// depends on the game state (or divides by zero).
pub fn evaluate(e: &Typed, options: &[i64]) -> Option<i64> {
    match &e.kind {
        Hir::Int(n) => Some(*n),
        Hir::Option(i) => options.get(*i).copied(),
        Hir::Unary(UnaryOp::Neg, a) => evaluate(a, options)?.checked_neg(),
        Hir::Binary(op, a, b) => {
            let (a, b) = (evaluate(a, options)?, evaluate(b, options)?);
            match op {
                BinaryOp::Add => a.checked_add(b),
                BinaryOp::Sub => a.checked_sub(b),
                BinaryOp::Mul => a.checked_mul(b),
                BinaryOp::Div => a.checked_div(b),
                BinaryOp::Rem => a.checked_rem(b),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether the expression is constant (its value may still be undefined, as 1/0).
pub fn is_constant(e: &Typed) -> bool {
    match &e.kind {
        Hir::Int(_) | Hir::Option(_) | Hir::Error => true,
        Hir::Unary(UnaryOp::Neg, a) => is_constant(a),
        Hir::Binary(op, a, b) => {
            matches!(
                op,
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem
            ) && is_constant(a)
                && is_constant(b)
        }
        _ => false,
    }
}
