//! Evaluating constant expressions (numbers, options, arithmetic on them,
//! and comparisons and `A if C else B` on those; conditions are 1 or 0).

use super::program::{Hir, Typed};
use crate::syntax::ast::{BinaryOp, UnaryOp};

/// The value of a constant expression given the option values, or `None` if it
/// depends on the game state, divides by zero or overflows (or holds a number
/// too large for 64 bits, which the parser saturates to `i64::MAX`).
pub fn evaluate(e: &Typed, options: &[i64]) -> Option<i64> {
    match &e.kind {
        Hir::Int(i64::MAX) => None,
        Hir::Int(n) => Some(*n),
        Hir::Bool(b) => Some(*b as i64),
        Hir::Option(i) => options.get(*i).copied(),
        Hir::Unary(UnaryOp::Neg, a) => evaluate(a, options)?.checked_neg(),
        Hir::Unary(UnaryOp::Not, a) => Some((evaluate(a, options)? == 0) as i64),
        Hir::If(value, condition, other) => match evaluate(condition, options)? {
            0 => evaluate(other, options),
            _ => evaluate(value, options),
        },
        Hir::Binary(op, a, b) => {
            let (a, b) = (evaluate(a, options)?, evaluate(b, options)?);
            match op {
                BinaryOp::Add => a.checked_add(b),
                BinaryOp::Sub => a.checked_sub(b),
                BinaryOp::Mul => a.checked_mul(b),
                BinaryOp::Div => a.checked_div(b),
                BinaryOp::Rem => a.checked_rem(b),
                BinaryOp::Eq => Some((a == b) as i64),
                BinaryOp::Ne => Some((a != b) as i64),
                BinaryOp::Lt => Some((a < b) as i64),
                BinaryOp::Le => Some((a <= b) as i64),
                BinaryOp::Gt => Some((a > b) as i64),
                BinaryOp::Ge => Some((a >= b) as i64),
                BinaryOp::And => Some((a != 0 && b != 0) as i64),
                BinaryOp::Or => Some((a != 0 || b != 0) as i64),
            }
        }
        _ => None,
    }
}

/// Whether the expression is constant (its value may still be undefined, as 1/0).
pub fn is_constant(e: &Typed) -> bool {
    match &e.kind {
        Hir::Int(_) | Hir::Bool(_) | Hir::Option(_) | Hir::Error => true,
        Hir::Unary(_, a) => is_constant(a),
        Hir::Binary(_, a, b) => is_constant(a) && is_constant(b),
        Hir::If(value, condition, other) => {
            is_constant(value) && is_constant(condition) && is_constant(other)
        }
        _ => false,
    }
}

/// Whether the expression contains a part that had an error (already
/// reported), including a number too large for 64 bits.
pub fn has_error(e: &Typed) -> bool {
    match &e.kind {
        Hir::Error | Hir::Int(i64::MAX) => true,
        Hir::Unary(_, a) => has_error(a),
        Hir::Binary(_, a, b) => has_error(a) || has_error(b),
        Hir::If(a, b, c) => has_error(a) || has_error(b) || has_error(c),
        Hir::Builtin(_, args) | Hir::Define(_, args) => args.iter().any(has_error),
        _ => false,
    }
}

/// Why a constant expression has no value: the innermost part that fails
/// (a division by zero, an overflow), and the reason in words. `None` if it
/// has a value, or is not a constant, or contains an error.
pub fn no_value(e: &Typed, options: &[i64]) -> Option<(crate::syntax::Span, &'static str)> {
    if !is_constant(e) || has_error(e) || evaluate(e, options).is_some() {
        return None;
    }
    match &e.kind {
        Hir::Unary(_, a) => no_value(a, options).or(Some((e.span, "this overflows"))),
        Hir::Binary(op, a, b) => {
            if let Some(part) = no_value(a, options).or_else(|| no_value(b, options)) {
                return Some(part);
            }
            let divides_by_zero =
                matches!(op, BinaryOp::Div | BinaryOp::Rem) && evaluate(b, options) == Some(0);
            Some((
                e.span,
                if divides_by_zero {
                    "this divides by zero"
                } else {
                    "this overflows"
                },
            ))
        }
        _ => None,
    }
}

/// The E0018 diagnostic for a constant expression that has no value, if it has none.
pub fn no_value_diagnostic(e: &Typed, options: &[i64]) -> Option<crate::diagnostic::Diagnostic> {
    let (span, reason) = no_value(e, options)?;
    let help = if reason == "this divides by zero" {
        "constants are computed before play, with the options' values: divide by a number that is not 0"
    } else {
        "constants are computed before play, with the options' values: keep every result from -9223372036854775808 to 9223372036854775807"
    };
    Some(crate::diagnostic::Diagnostic::NoValue {
        span: span.into(),
        reason: reason.into(),
        help: help.into(),
    })
}
