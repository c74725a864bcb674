//! Constructs of other game languages and rulebooks that Tabula does not
//! have, with the nearest one it does: a designer who writes `hop` or
//! `custodial` learns what to write instead, not only which keywords the
//! grammar allowed there.

use super::Diagnostic;
use crate::syntax::Span;

/// Words that name a construct the language lacks, and what to write instead.
const MISSING: &[(&[&str], &str)] = &[
    (
        &["hop", "leap", "vault"],
        "a picked-up piece jumps over the piece next to it to the empty cell beyond with `jump DIRECTIONS [capturing]`, and on from there with `repeat jump`: `pick where owner(cell) == mover then repeat jump ne, nw, se, sw capturing where owner(between(from, cell)) == next`",
    ),
    (
        &["custodial", "sandwich", "surround", "intervene"],
        "pieces enclosed in a row between the piece just put down and another of the mover's are taken with `capture enclosed [exactly N]`: `place where empty then capture enclosed exactly 2`",
    ),
    (
        &["outflank", "flank", "reverse", "convert", "turn"],
        "pieces enclosed in a row between the piece just put down and another of the mover's change sides with `flip enclosed`: `place where empty and encloses(cell) > 0 then flip enclosed`",
    ),
    (
        &["gravity", "fall", "insert"],
        "`drop [where CONDITION]` puts a piece into a column, where it falls to the lowest empty cell; the move is written as the column",
    ),
    (
        &["connect", "link", "join"],
        "`connects(p, top, bottom)` says whether one group of the seat's pieces touches both sides; use it in an `end when` condition",
    ),
    (
        &["promotion", "crown", "become"],
        "a piece changes kind with the step `promote to KIND [if CONDITION]` after it moves, the kinds declared with `kinds`: `kinds man, king` and `pick where kind(cell) == man then step forward_left, forward_right then promote to king if on_side(to, top)`",
    ),
    (
        &["pass"],
        "a forced pass is its own rule of the phase, on a line of its own: `otherwise pass` (the mover passes when no other move is legal)",
    ),
];

impl Diagnostic {
    /// The report for `word`, written where a step or item was expected, if
    /// it names a construct the language lacks; `after` is the word before
    /// it (`move piece`, where `move` starts `move by N`).
    pub fn not_in_language(word: &str, after: &str, span: Span) -> Option<Diagnostic> {
        let lower = word.to_ascii_lowercase();
        let (word, nearest) = if after == "move" {
            let help = "a piece moves in two steps: `pick where owner(cell) == mover then step DIRECTIONS` (or `slide DIRECTIONS`, `jump DIRECTIONS`); `move by N` walks a mover along a track";
            (format!("move {word}"), help)
        } else {
            let (_, help) = MISSING
                .iter()
                .find(|(words, _)| words.contains(&lower.as_str()))?;
            (word.to_string(), *help)
        };
        Some(Diagnostic::NotInLanguage {
            word,
            span: span.into(),
            nearest: nearest.into(),
        })
    }
}
