//! Building the card and counted-field parts of the AST: decks and
//! aggregates over cells.

use pest::iterators::Pair;

use super::{build_expr, int, name, span_of, Rule};
use crate::syntax::ast::*;

/// `4 x 1..12` or `1 x 13`.
pub(super) fn deck_part(pair: Pair<Rule>, offset: usize) -> DeckPart {
    let span = span_of(&pair, offset);
    let mut inner = pair.into_inner();
    let count = int(&inner.next().expect("count"));
    let lo = int(&inner.next().expect("value"));
    let hi = inner.next().map_or(lo, |p| int(&p));
    DeckPart {
        count,
        lo,
        hi,
        span,
    }
}

/// A rule's span without the blank lines and comments after it, for labels.
pub(super) fn trimmed(pair: &Pair<Rule>, offset: usize) -> crate::syntax::Span {
    let full = span_of(pair, offset);
    crate::syntax::Span::new(full.start, full.start + pair.as_str().trim_end().len())
}

/// `sum(EXPR for c [where COND])` or `max(...)`.
pub(super) fn aggregate(pair: Pair<Rule>, offset: usize) -> ExprKind {
    let mut inner = pair.into_inner();
    let kind = match inner.next().expect("kind").as_str() {
        "sum" => Aggregate::Sum,
        "max" => Aggregate::Max,
        "any" => Aggregate::Any,
        _ => Aggregate::All,
    };
    let body = build_expr(inner.next().expect("body"), offset);
    let var = name(inner.next().expect("variable"), offset);
    let condition = inner.next().map(|p| Box::new(build_expr(p, offset)));
    ExprKind::Aggregate(kind, var, Box::new(body), condition)
}
