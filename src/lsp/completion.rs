//! What completing a word offers: the keywords of the grammar, the
//! built-ins, and the names the file declares where the cursor is.

use lsp_types::{CompletionItem, CompletionItemKind};

use super::symbols::{Kind, Symbol};
use crate::builtins;
use crate::syntax::Span;

/// Every word the grammar spells out (items, steps, effects, operators).
pub const KEYWORDS: &[&str] = &[
    "a",
    "after",
    "again",
    "all",
    "and",
    "any",
    "around",
    "at",
    "attacked",
    "back",
    "block",
    "blocked",
    "board",
    "bool",
    "by",
    "capture",
    "capturing",
    "card",
    "cards",
    "cell",
    "clock",
    "counter",
    "deal",
    "dealer",
    "deals",
    "deck",
    "define",
    "dice",
    "discard",
    "draw",
    "drop",
    "each",
    "else",
    "enclosed",
    "end",
    "enter",
    "exactly",
    "facing",
    "false",
    "first",
    "flip",
    "for",
    "from",
    "game",
    "gather",
    "group",
    "hand",
    "hex",
    "highest",
    "home",
    "homes",
    "if",
    "in",
    "int",
    "into",
    "jump",
    "keep",
    "keeping",
    "kind",
    "kinds",
    "largest",
    "last_from",
    "last_kind",
    "leap",
    "leave",
    "limit",
    "lines",
    "lose",
    "majority",
    "max",
    "most",
    "move",
    "must",
    "neutral",
    "not",
    "numbers",
    "of",
    "on",
    "option",
    "or",
    "otherwise",
    "overshooting",
    "overtaking",
    "owner",
    "partner",
    "pass",
    "per",
    "phase",
    "pick",
    "piece",
    "pits",
    "place",
    "play",
    "players",
    "promote",
    "put",
    "random",
    "remove",
    "repeat",
    "repetitions",
    "reversal",
    "rotate",
    "score",
    "seat",
    "send",
    "setup",
    "skipping",
    "slide",
    "sow",
    "split",
    "square",
    "stacks",
    "starts",
    "step",
    "stores",
    "sum",
    "supply",
    "surrounded",
    "switch",
    "teams",
    "the",
    "then",
    "throw",
    "tiebreak",
    "to",
    "track",
    "triangle",
    "true",
    "turn",
    "turning",
    "turns",
    "uncounted",
    "when",
    "where",
    "while",
    "will",
    "wins",
    "with",
    "without",
    "x",
    "zones",
];

/// The completions for the word `prefix` at `at`: those that start with it.
pub fn complete(prefix: &str, at: Span, symbols: &[Symbol]) -> Vec<CompletionItem> {
    let fits = |w: &str| w.starts_with(prefix) && w != prefix;
    let mut out: Vec<CompletionItem> = Vec::new();
    for s in symbols {
        let in_scope = s
            .scope
            .is_none_or(|sc| sc.start <= at.start && at.end <= sc.end);
        if in_scope && fits(&s.name) && !out.iter().any(|c| c.label == s.name) {
            let (kind, detail) = match s.kind {
                Kind::Define => (CompletionItemKind::FUNCTION, "definition"),
                Kind::Option => (CompletionItemKind::CONSTANT, "option"),
                Kind::Seat => (CompletionItemKind::ENUM_MEMBER, "seat"),
                Kind::Phase => (CompletionItemKind::MODULE, "phase"),
                Kind::Neutral => (CompletionItemKind::ENUM_MEMBER, "neutral piece"),
                Kind::Parameter => (CompletionItemKind::VARIABLE, "parameter"),
            };
            out.push(item(&s.name, kind, detail.to_string()));
        }
    }
    for b in builtins::all().filter(|b| fits(b.name)) {
        if !out.iter().any(|c| c.label == b.name) {
            out.push(item(b.name, CompletionItemKind::FUNCTION, b.signature()));
        }
    }
    for k in KEYWORDS.iter().filter(|k| fits(k)) {
        if !out.iter().any(|c| c.label == *k) {
            out.push(item(k, CompletionItemKind::KEYWORD, "keyword".into()));
        }
    }
    out
}

fn item(label: &str, kind: CompletionItemKind, detail: String) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail),
        ..CompletionItem::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_the_grammar_is_offered() {
        let grammar = include_str!("../../grammar/tabula.pest");
        let code: String = grammar
            .lines()
            .map(|l| l.split("//").next().unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n");
        for quoted in code.split('"').skip(1).step_by(2) {
            let word = quoted.trim();
            if !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                assert!(
                    KEYWORDS.contains(&word) || word == "_",
                    "`{word}` is not offered"
                );
            }
        }
    }
}
