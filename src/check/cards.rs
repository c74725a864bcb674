//! Checking cards and counted fields: the deck, hands, card moves and forced
//! moves, field numbers, ownership by majority, tie-breaks, and a seat count
//! chosen by option.

use super::program::Program;
use super::resolve::{Context, Resolver};
use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{File, ItemKind, MoveKind, Phase, Players, StepKind};
use crate::syntax::Span;

/// The largest number a field may carry (`field(n)` is a table lookup).
pub const MAX_FIELD_NUMBER: i64 = 9999;
/// The most cards one card move may play (subsets of the hand are enumerated).
pub const MAX_PLAYED: i64 = 8;

/// Fills the program's deck, hand, numbers, ownership, tie-breaks and seat
/// count, and reports what is wrong with them.
pub fn check_cards(file: &File, r: &mut Resolver, program: &mut Program) {
    let mut board = None;
    for item in &file.items {
        match &item.kind {
            ItemKind::Board(_, stacks) => board = Some((item.span, *stacks)),
            ItemKind::Players(Players::Some(count, names)) => {
                program.seats = names.iter().map(|n| n.text.clone()).collect();
                let why = "the seats are chosen when the rules are compiled";
                let count = r.constant(count, why);
                if let Some(n) = super::constant::evaluate(&count, &r.symbols.option_defaults) {
                    if n < 1 || n > names.len() as i64 {
                        r.diagnostics.push(out_of_bounds(
                            "the number of seats",
                            n,
                            names.len() as i64,
                            count.span,
                        ));
                    }
                }
                program.seat_count = Some(count);
            }
            ItemKind::Numbers(numbers) => {
                let span = numbers
                    .first()
                    .map_or(item.span, |f| f.1.to(numbers[numbers.len() - 1].1));
                for &(n, at) in numbers {
                    if !(1..=MAX_FIELD_NUMBER).contains(&n) {
                        r.diagnostics.push(out_of_bounds(
                            "a field number",
                            n,
                            MAX_FIELD_NUMBER,
                            at,
                        ));
                    }
                }
                program.numbers = Some((numbers.iter().map(|n| n.0).collect(), span));
            }
            ItemKind::OwnerMajority => program.majority = true,
            ItemKind::Deck(parts) => super::deck::check_deck(parts, item, r, program),
            ItemKind::Hand(size) => {
                program.hand = Some(r.constant(size, "the cards are dealt before the first move"));
            }
            ItemKind::Tiebreak(t) => {
                let params = [(t.param.text.as_str(), Ty::Seat)];
                let ctx = Context {
                    params: &params,
                    chosen_cell: false,
                };
                program.tiebreaks.push(r.expect(&t.body, ctx, Ty::Int));
            }
            _ => {}
        }
    }
    if program.majority {
        if let Some((span, false)) = board {
            r.diagnostics.push(Diagnostic::NeedsStacks {
                what: "`owner majority`".into(),
                span: find(file, |k| matches!(k, ItemKind::OwnerMajority)).into(),
                board: span.into(),
            });
        }
    }
    if program.majority {
        // Sowing moves whole stacks, whose order `owner majority` does not keep.
        for item in &file.items {
            if let ItemKind::Phase(p) = &item.kind {
                for span in sow_steps(p) {
                    r.diagnostics.push(Diagnostic::Unsupported {
                        what: "sowing on a board with `owner majority`".into(),
                        span: span.into(),
                        help: "a board with `owner majority` keeps how many pieces each seat has on a cell, not their order: sow on a board without it".into(),
                    });
                }
                // Such a board keeps counts, not pieces in order: none can be taken off.
                for (what, span) in removal_steps(p) {
                    r.diagnostics.push(Diagnostic::Unsupported {
                        what: format!("`{what}` on a board with `owner majority`"),
                        span: span.into(),
                        help: "a board with `owner majority` keeps how many pieces each seat has on a cell, not the pieces themselves, so none can be taken off: drop `owner majority`, or the step".into(),
                    });
                }
            }
        }
    }
    if program.hand.is_some() && !has_deck(file) {
        let span = find(file, |k| matches!(k, ItemKind::Hand(_)));
        r.diagnostics
            .push(needs_item("dealing hands", "deck", span));
    }
}

/// Whether the file declares a deck.
pub fn has_deck(file: &File) -> bool {
    file.items
        .iter()
        .any(|i| matches!(i.kind, ItemKind::Deck(_)))
}

/// The span of the first item of a kind.
fn find(file: &File, kind: impl Fn(&ItemKind) -> bool) -> Span {
    file.items
        .iter()
        .find(|i| kind(&i.kind))
        .map_or(Span::default(), |i| i.span)
}

fn out_of_bounds(what: &str, value: i64, max: i64, span: Span) -> Diagnostic {
    Diagnostic::OutOfBounds {
        what: what.into(),
        value: value.to_string(),
        min: 1,
        max,
        span: span.into(),
    }
}

/// Where a phase's rules sow.
pub fn sow_steps(phase: &Phase) -> impl Iterator<Item = Span> + '_ {
    phase.moves.iter().flat_map(|m| match &m.kind {
        MoveKind::Chain(steps) => steps
            .iter()
            .filter(|s| matches!(s.kind, StepKind::Sow { .. }))
            .map(|s| s.span)
            .collect::<Vec<_>>(),
        MoveKind::Otherwise { .. } | MoveKind::Pass | MoveKind::MayPass | MoveKind::Stuck(..) => {
            Vec::new()
        }
    })
}

/// Where a phase's rules take pieces off the board: (the step's word, its span).
fn removal_steps(phase: &Phase) -> Vec<(&'static str, Span)> {
    let mut found = Vec::new();
    for m in &phase.moves {
        if let MoveKind::Chain(steps) = &m.kind {
            for s in steps {
                let what = match s.kind {
                    StepKind::Pick(_) => "pick",
                    StepKind::Remove(..) => "remove",
                    StepKind::KeepLargestGroup(_) => "keep largest group",
                    _ => continue,
                };
                found.push((what, s.span));
            }
        }
    }
    found
}

fn needs_item(what: &str, item: &str, span: Span) -> Diagnostic {
    Diagnostic::needs_item(what, item, span)
}
