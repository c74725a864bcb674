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
    let first = inner.next().expect("value");
    if first.as_rule() == Rule::card_kinds {
        return DeckPart {
            count,
            lo: 0,
            hi: -1,
            kinds: super::track::card_kinds(first, offset),
            span,
        };
    }
    let lo = int(&first);
    let hi = inner.next().map_or(lo, |p| int(&p));
    DeckPart {
        count,
        lo,
        hi,
        kinds: Vec::new(),
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
