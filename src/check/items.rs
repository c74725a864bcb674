//! The top-level items: names they define, items that may appear once, and
//! the diagnostics that only repeat a syntax error.

use std::collections::HashMap;

use super::resolve::Symbols;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{File, Item, ItemKind, Players};
use crate::syntax::Span;

/// Whether a diagnostic only repeats a syntax error: the item that did not
/// parse is not missing, the names it defines are not unknown, and the names
/// it uses may not be unused.
pub(super) fn follows_from_broken(d: &Diagnostic, broken: &[crate::syntax::BrokenItem]) -> bool {
    let broke = |keyword: &str| broken.iter().any(|b| b.keyword == keyword);
    match d {
        Diagnostic::Missing { item, .. } => broke(item),
        Diagnostic::NoEnd { .. } => broke("end"),
        Diagnostic::UnknownName { name, .. } => broken
            .iter()
            .any(|b| b.name.as_deref() == Some(name.as_str())),
        Diagnostic::Unused { name, .. } => broken.iter().any(|b| b.words.contains(name)),
        Diagnostic::NoScore { .. } => broke("score"),
        Diagnostic::NeedsItem { item, .. } => broke(item.split(' ').next().unwrap_or(item)),
        Diagnostic::NeedsStacks { .. } => broke("board"),
        _ => false,
    }
}

/// Collects the top-level names, reporting duplicates.
pub(super) fn collect_symbols<'a>(
    file: &'a File,
    diagnostics: &mut Vec<Diagnostic>,
) -> Symbols<'a> {
    let mut symbols = Symbols::default();
    let mut seen: HashMap<&str, Span> = HashMap::new();
    let mut declare = |name: &'a str, span: Span, diagnostics: &mut Vec<Diagnostic>| -> bool {
        if let Some(b) = crate::builtins::builtin(name).filter(|b| !b.may_be_shadowed()) {
            diagnostics.push(Diagnostic::ShadowsBuiltin {
                name: name.into(),
                meaning: b.meaning.into(),
                span: span.into(),
            });
            false
        } else if let Some(first) = seen.get(name) {
            diagnostics.push(Diagnostic::Duplicate {
                name: name.into(),
                span: span.into(),
                first: (*first).into(),
            });
            false
        } else {
            seen.insert(name, span);
            true
        }
    };
    for item in &file.items {
        match &item.kind {
            ItemKind::Option(o) if declare(&o.name.text, o.name.span, diagnostics) => {
                symbols
                    .options
                    .insert(&o.name.text, symbols.option_defaults.len());
                symbols.option_defaults.push(o.default);
                symbols.option_per_seat.push(o.per_seat.is_some());
            }
            ItemKind::Define(d) if declare(&d.name.text, d.name.span, diagnostics) => {
                symbols
                    .defines
                    .insert(&d.name.text, symbols.define_items.len());
                symbols.define_items.push(d);
            }
            ItemKind::Kinds(names) => {
                for n in names {
                    if declare(&n.text, n.span, diagnostics) {
                        let k = symbols.piece_kinds.len();
                        symbols.piece_kinds.insert(&n.text, k);
                    }
                }
            }
            ItemKind::Counter(n, ..) if declare(&n.text, n.span, diagnostics) => {
                symbols.counters.insert(&n.text, symbols.counters.len());
            }
            ItemKind::Neutral(names) => {
                for n in names {
                    if declare(&n.text, n.span, diagnostics) {
                        symbols.neutrals.insert(&n.text, symbols.neutrals.len());
                    }
                }
            }
            ItemKind::Deck(parts) => {
                let kinds = super::deck::card_kinds(file);
                for part in parts {
                    for kind in &part.kinds {
                        if let crate::syntax::ast::CardKind::Named(n) = kind {
                            let code = kinds.iter().position(|k| k.0 == n.text).unwrap_or(0);
                            if !symbols.cards.contains_key(n.text.as_str())
                                && declare(&n.text, n.span, diagnostics)
                            {
                                symbols.cards.insert(&n.text, code);
                            }
                        }
                    }
                }
            }
            ItemKind::Players(Players::Named(names) | Players::Some(_, names)) => {
                for n in names {
                    if declare(&n.text, n.span, diagnostics) {
                        symbols.seats.insert(&n.text, symbols.seats.len());
                    }
                }
            }
            _ => {}
        }
    }
    symbols
}

/// Items that may appear at most once, by keyword.
pub(super) fn single_items<'a>(
    file: &'a File,
    diagnostics: &mut Vec<Diagnostic>,
) -> HashMap<&'static str, &'a Item> {
    let mut found: HashMap<&'static str, &Item> = HashMap::new();
    for item in &file.items {
        let key = match item.kind {
            ItemKind::Game(_) => "game",
            ItemKind::Players(_) => "players",
            ItemKind::Board(..) => "board",
            ItemKind::FirstRandom => "first",
            ItemKind::Neutral(_) => "neutral",
            ItemKind::Kinds(_) => "kinds",
            ItemKind::Supply(_) | ItemKind::SupplyPerSeat(_) => "supply",
            ItemKind::Limit(_) => "limit",
            ItemKind::Score(_) => "score",
            ItemKind::Numbers(_) => "numbers",
            ItemKind::OwnerMajority => "owner",
            ItemKind::Deck(_) => "deck",
            ItemKind::Hand(_) => "hand",
            ItemKind::Dice(_) => "dice",
            _ => continue,
        };
        if let Some(first) = found.get(key) {
            diagnostics.push(Diagnostic::DuplicateItem {
                item: key.into(),
                span: item.keyword.into(),
                first: first.keyword.into(),
            });
        } else {
            found.insert(key, item);
        }
    }
    found
}
