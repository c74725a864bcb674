//! The deck: its kinds of card (numbers and names) and their codes.
//!
//! A card is a byte in the engine: its kind's code. A deck of numbers only
//! (`deck 4 x 1..12`) keeps each card's number as its code, so that a card
//! move's total is the sum of the codes; a deck with kinds listed in
//! brackets (`deck 4 x (1, -4, start)`) numbers its kinds in the order
//! written, from 1.

use super::program::Program;
use super::resolve::Resolver;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{CardKind, DeckPart, File, Item, ItemKind};

/// The most cards a deck may hold (a card is a byte in the engine).
pub const MAX_DECK: usize = 255;
/// The largest number a card may carry, either way.
pub const MAX_CARD_VALUE: i64 = 255;

/// Every kind of card the deck declares, by code: (name, value), with an
/// unused entry at code 0. The name of a numbered kind is its number.
pub fn card_kinds(file: &File) -> Vec<(String, i64)> {
    let parts: Vec<&DeckPart> = file
        .items
        .iter()
        .filter_map(|i| match &i.kind {
            ItemKind::Deck(parts) => Some(parts),
            _ => None,
        })
        .flatten()
        .collect();
    let mut kinds = vec![(String::new(), 0)];
    if parts.iter().all(|p| p.kinds.is_empty()) {
        // Numbers only: the code is the number.
        let top = parts.iter().map(|p| p.hi.clamp(0, MAX_CARD_VALUE)).max();
        kinds.extend((1..=top.unwrap_or(0)).map(|v| (v.to_string(), v)));
        return kinds;
    }
    for part in parts {
        let listed = part.kinds.iter().map(|k| match k {
            CardKind::Number(v) => (v.to_string(), *v),
            CardKind::Named(n) => (n.text.clone(), 0),
        });
        let range = (part.lo..=part.hi.min(part.lo.saturating_add(MAX_DECK as i64)))
            .map(|v| (v.to_string(), v));
        for kind in listed.chain(range) {
            if !kinds.contains(&kind) && kinds.len() <= MAX_DECK {
                kinds.push(kind);
            }
        }
    }
    kinds
}

/// Checks the deck item and fills the program's deck (one code a card).
pub fn check_deck(parts: &[DeckPart], item: &Item, r: &mut Resolver, program: &mut Program) {
    let listed = parts.iter().any(|p| !p.kinds.is_empty());
    for part in parts {
        let values: Vec<i64> = part
            .kinds
            .iter()
            .filter_map(|k| match k {
                CardKind::Number(v) => Some(*v),
                CardKind::Named(_) => None,
            })
            .collect();
        let lowest = if listed { -MAX_CARD_VALUE } else { 1 };
        if part.count < 1 || part.count > MAX_DECK as i64 {
            r.diagnostics.push(out_of_bounds(
                "a card's count",
                part.count,
                1,
                MAX_DECK as i64,
                part,
            ));
        } else if let Some(bad) = bad_value(part, &values, lowest) {
            r.diagnostics.push(out_of_bounds(
                "a card's value",
                bad,
                lowest,
                MAX_CARD_VALUE,
                part,
            ));
        } else if part.kinds.is_empty() && part.lo > part.hi {
            let what = format!("the low end of {}..{}", part.lo, part.hi);
            r.diagnostics
                .push(out_of_bounds(&what, part.lo, lowest, part.hi, part));
        } else {
            add_cards(part, program);
        }
    }
    if program.deck.len() > MAX_DECK {
        let n = program.deck.len() as i64;
        r.diagnostics.push(Diagnostic::OutOfBounds {
            what: "the number of cards".into(),
            value: n.to_string(),
            min: 1,
            max: MAX_DECK as i64,
            span: item.span.into(),
        });
    }
}

/// A value of the part out of `lowest..=MAX_CARD_VALUE`: a listed number,
/// or an end of its range.
fn bad_value(part: &DeckPart, listed: &[i64], lowest: i64) -> Option<i64> {
    let fits = |v: &i64| (lowest..=MAX_CARD_VALUE).contains(v);
    if let Some(&bad) = listed.iter().find(|v| !fits(v)) {
        return Some(bad);
    }
    let ends = [part.lo, part.hi];
    part.kinds
        .is_empty()
        .then(|| ends.into_iter().find(|v| !fits(v)))
        .flatten()
}

/// Adds a part's cards to the deck, by code.
fn add_cards(part: &DeckPart, program: &mut Program) {
    let code = |name: &str, value: i64| {
        program
            .card_kinds
            .iter()
            .position(|k| k.0 == name && k.1 == value)
            .unwrap_or(0) as u32
    };
    let mut codes: Vec<u32> = part
        .kinds
        .iter()
        .map(|k| match k {
            CardKind::Number(v) => code(&v.to_string(), *v),
            CardKind::Named(n) => code(&n.text, 0),
        })
        .collect();
    if part.kinds.is_empty() {
        codes.extend((part.lo..=part.hi).map(|v| code(&v.to_string(), v)));
    }
    for c in codes {
        for _ in 0..part.count {
            program.deck.push(c);
        }
    }
}

fn out_of_bounds(what: &str, value: i64, min: i64, max: i64, part: &DeckPart) -> Diagnostic {
    Diagnostic::OutOfBounds {
        what: what.into(),
        value: value.to_string(),
        min,
        max,
        span: part.span.into(),
    }
}
