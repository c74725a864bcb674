//! `dice N x LOW..HIGH`: the dice thrown at the start of every turn, and
//! what reads them (`roll`, `die(i)`).

use super::board::number_text;
use super::program::Program;
use super::resolve::Resolver;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{File, ItemKind};
use crate::syntax::Span;

/// The most dice a turn throws.
pub const MAX_DICE: i64 = 4;
/// The highest face a die may show (a face is a byte in the state).
pub const MAX_FACE: i64 = 99;

/// The dice as the program keeps them: how many, and their faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceSpec {
    /// How many dice a turn throws.
    pub count: u8,
    /// The lowest face.
    pub low: u8,
    /// The highest face.
    pub high: u8,
}

/// Fills the program's dice from the `dice` item (`single_items` reports a
/// second one) and checks their numbers.
pub fn check_dice(file: &File, r: &mut Resolver, program: &mut Program) {
    check_first_by_dice(file, r);
    let Some(dice) = file.items.iter().find_map(|i| match &i.kind {
        ItemKind::Dice(d) => Some(d),
        _ => None,
    }) else {
        return;
    };
    let mut within = |(value, span): (i64, Span), what: &str, min: i64, max: i64| {
        if (min..=max).contains(&value) {
            return true;
        }
        r.diagnostics.push(Diagnostic::OutOfBounds {
            what: what.into(),
            value: number_text(value, span, r.symbols.source),
            min,
            max,
            span: span.into(),
        });
        false
    };
    let count = within(dice.count, "the number of dice", 1, MAX_DICE);
    let low = within(dice.low, "a die's lowest face", 0, MAX_FACE);
    let high = low && within(dice.high, "a die's highest face", dice.low.0, MAX_FACE);
    if count && low && high {
        program.dice = Some(DiceSpec {
            count: dice.count.0 as u8,
            low: dice.low.0 as u8,
            high: dice.high.0 as u8,
        });
    }
    let deck = file
        .items
        .iter()
        .find(|i| matches!(i.kind, ItemKind::Deck(_)));
    if let Some(deck) = deck {
        r.diagnostics.push(Diagnostic::Unsupported {
            what: "dice and cards in one game".into(),
            span: deck.keyword.into(),
            help: "a game has dice or a deck of cards as its chance, not both (yet)".into(),
        });
    }
}

/// Whether the file throws dice (`roll` and `die` read them).
pub fn has_dice(file: &File) -> bool {
    file.items
        .iter()
        .any(|i| matches!(i.kind, ItemKind::Dice(_)))
}

/// `first by dice` throws one die a seat: it needs `dice`, as many as a
/// fixed list of players has seats (a number set by an option is not
/// known here).
fn check_first_by_dice(file: &File, r: &mut Resolver) {
    let Some(first) = file
        .items
        .iter()
        .find(|i| matches!(i.kind, ItemKind::FirstByDice))
    else {
        return;
    };
    let dice = file.items.iter().find_map(|i| match &i.kind {
        ItemKind::Dice(d) => Some(d.count.0),
        _ => None,
    });
    let seats = file.items.iter().find_map(|i| match &i.kind {
        ItemKind::Players(crate::syntax::ast::Players::Named(names)) => Some(names.len()),
        _ => None,
    });
    match (dice, seats) {
        (None, _) => r.diagnostics.push(Diagnostic::needs_item(
            "`first by dice`",
            "dice",
            first.span,
        )),
        (Some(count), Some(seats)) if count != seats as i64 => {
            r.diagnostics.push(Diagnostic::Unsupported {
                what: format!(
                    "`first by dice` with {count} {} for {seats} seats",
                    if count == 1 { "die" } else { "dice" }
                ),
                span: first.span.into(),
                help: format!(
                    "each seat throws one die to decide who starts: declare `dice {seats} x ...`, or use `first random`"
                ),
            })
        }
        _ => {}
    }
}
