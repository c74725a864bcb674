//! Bounds on nesting, so that no stage recurses without limit. The
//! brackets open at once are counted on the text before it is parsed (the
//! parser and the tree builder recurse on them, and on nothing else); each
//! expression node knows its depth as it is built (a chain of operators,
//! prefix ones included, or of `if ... else` is built without recursion,
//! but makes a deep tree).

use std::cell::Cell;

use super::ast::{Expr, ExprKind};
use super::Span;

/// The most brackets open at once.
pub const MAX_BRACKETS: usize = 64;

/// The deepest expression tree (operators chained and brackets nested).
pub const MAX_DEPTH: u32 = 256;

/// Where the text first has more than [`MAX_BRACKETS`] brackets open
/// (comments and strings skipped).
pub(super) fn too_many_brackets(source: &str) -> Option<Span> {
    let mut open = 0usize;
    let (mut comment, mut string) = (false, false);
    let bytes = source.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            // A string ends at its line, as in the grammar: an unclosed
            // quote must not hide the brackets of the lines below.
            b'\n' => (comment, string) = (false, false),
            _ if comment => {}
            b'"' => string = !string,
            _ if string => {}
            b'/' if bytes.get(i + 1) == Some(&b'/') => comment = true,
            b'(' => {
                open += 1;
                if open > MAX_BRACKETS {
                    return Some(Span::new(i, i + 1));
                }
            }
            b')' => open = open.saturating_sub(1),
            _ => {}
        }
    }
    None
}

thread_local! {
    /// The first node found too deep since [`take_too_deep`] was last asked.
    static TOO_DEEP: Cell<Option<Span>> = const { Cell::new(None) };
}

/// An expression node. One deeper than [`MAX_DEPTH`] becomes a leaf (its
/// children are dropped, so the tree stays shallow) and its place is kept
/// for [`take_too_deep`].
pub(super) fn node(kind: ExprKind, span: Span) -> Expr {
    let depth = 1 + kind.children().map(|c| c.depth).max().unwrap_or(0);
    if depth > MAX_DEPTH {
        TOO_DEEP.with(|t| {
            if t.get().is_none() {
                t.set(Some(span));
            }
        });
        return Expr {
            kind: ExprKind::Int(0),
            span,
            depth: 1,
        };
    }
    Expr { kind, span, depth }
}

/// Where an expression was found too deep since last asked, if anywhere.
pub(super) fn take_too_deep() -> Option<Span> {
    TOO_DEEP.with(Cell::take)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_in_comments_and_strings_do_not_count() {
        let deep = "(".repeat(MAX_BRACKETS + 1);
        assert_eq!(too_many_brackets(&format!("// {deep}\n")), None);
        assert_eq!(too_many_brackets(&format!("game \"{deep}\"\n")), None);
        let at = too_many_brackets(&format!("end when {deep}")).expect("too deep");
        assert_eq!(at.start, "end when ".len() + MAX_BRACKETS);
    }
}
