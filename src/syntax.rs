//! The syntax layer: rules-file text to an AST whose every node carries its span.
//!
//! This layer never fails outright: [`parse`] returns the items it could read
//! and the syntax errors it found, so that the checker can report everything
//! at once. It knows nothing of the layers above it.

pub mod ast;
mod depth;
mod parse;
mod recover;

pub use depth::{MAX_BRACKETS, MAX_DEPTH};
pub use parse::{parse, BrokenItem, Parsed};

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        (span.start, span.end.saturating_sub(span.start)).into()
    }
}
