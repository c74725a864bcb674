//! Building the card and counted-field parts of the AST: decks, card moves,
//! forced moves and aggregates over cells.

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

/// `play MIN..MAX cards then place on CELL [where COND] [then draw N [if COND]]`.
pub(super) fn cards_rule(pair: Pair<Rule>, offset: usize) -> MoveRule {
    let span = trimmed(&pair, offset);
    let mut inner = pair.into_inner();
    let min = int(&inner.next().expect("min"));
    let max = int(&inner.next().expect("max"));
    let target = Some(build_expr(inner.next().expect("target"), offset));
    let mut condition = None;
    let mut draw = None;
    for part in inner {
        match part.as_rule() {
            Rule::then_draw => draw = Some(then_draw(part, offset)),
            _ => condition = Some(build_expr(part, offset)),
        }
    }
    MoveRule {
        kind: MoveKind::Cards { min, max },
        condition,
        sow: None,
        target,
        draw,
        span,
    }
}

/// A rule's span without the blank lines and comments after it, for labels.
fn trimmed(pair: &Pair<Rule>, offset: usize) -> crate::syntax::Span {
    let full = span_of(pair, offset);
    crate::syntax::Span::new(full.start, full.start + pair.as_str().trim_end().len())
}

/// `then draw N [if COND]`.
fn then_draw(pair: Pair<Rule>, offset: usize) -> (Expr, Option<Expr>) {
    let mut inner = pair.into_inner();
    let count = build_expr(inner.next().expect("count"), offset);
    (count, inner.next().map(|p| build_expr(p, offset)))
}

/// `otherwise discard hand then draw N`.
pub(super) fn otherwise_rule(pair: Pair<Rule>, offset: usize) -> MoveRule {
    let span = trimmed(&pair, offset);
    let count = build_expr(pair.into_inner().next().expect("count"), offset);
    MoveRule {
        kind: MoveKind::Otherwise,
        condition: None,
        sow: None,
        target: None,
        draw: Some((count, None)),
        span,
    }
}

/// `sum(EXPR for c [where COND])` or `max(...)`.
pub(super) fn aggregate(pair: Pair<Rule>, offset: usize) -> ExprKind {
    let mut inner = pair.into_inner();
    let kind = match inner.next().expect("kind").as_str() {
        "sum" => Aggregate::Sum,
        _ => Aggregate::Max,
    };
    let body = build_expr(inner.next().expect("body"), offset);
    let var = name(inner.next().expect("variable"), offset);
    let condition = inner.next().map(|p| Box::new(build_expr(p, offset)));
    ExprKind::Aggregate(kind, var, Box::new(body), condition)
}
