//! The names a rules file declares (definitions, options, seats, phases,
//! kinds of neutral piece, parameters) and where each is written, read off
//! the syntax tree; and the words of the text outside comments and strings.

use crate::syntax::ast::{ItemKind, Name, Players};
use crate::syntax::{parse, Span};

/// What a declared name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `define NAME`.
    Define,
    /// `option NAME`.
    Option,
    /// A seat of `players`.
    Seat,
    /// `phase NAME`.
    Phase,
    /// A kind of piece of `neutral`.
    Neutral,
    /// A parameter of a definition (named only inside it).
    Parameter,
}

/// A declared name.
#[derive(Clone, Debug)]
pub struct Symbol {
    /// The name as written.
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// Where the name is written in its declaration.
    pub span: Span,
    /// Where it can be used: the whole file, or its definition's item.
    pub scope: Option<Span>,
    /// Its declaration's text (the whole item, comments left out).
    pub declaration: String,
}

/// The names a rules file declares, in source order. A file with syntax
/// errors still declares the names of its items that parse.
pub fn symbols(text: &str) -> Vec<Symbol> {
    let parsed = parse(text);
    let mut out = Vec::new();
    for item in &parsed.file.items {
        let declaration = declaration_text(text, item.span);
        let mut add = |name: &Name, kind: Kind, scope: Option<Span>| {
            out.push(Symbol {
                name: name.text.clone(),
                kind,
                span: name.span,
                scope,
                declaration: declaration.clone(),
            })
        };
        match &item.kind {
            ItemKind::Define(d) => {
                add(&d.name, Kind::Define, None);
                for p in &d.params {
                    add(&p.name, Kind::Parameter, Some(item.span));
                }
            }
            ItemKind::Option(o) => add(&o.name, Kind::Option, None),
            ItemKind::Players(Players::Named(names) | Players::Some(_, names)) => {
                names.iter().for_each(|n| add(n, Kind::Seat, None))
            }
            ItemKind::Phase(p) => add(&p.name, Kind::Phase, None),
            ItemKind::Neutral(names) => names.iter().for_each(|n| add(n, Kind::Neutral, None)),
            _ => {}
        }
    }
    out
}

/// The declaration a use of the word at `span` names: a parameter of the
/// definition it is written in, else a name of the whole file.
pub fn resolve<'s>(symbols: &'s [Symbol], word: &str, at: Span) -> Option<&'s Symbol> {
    let inside = |s: &Symbol| {
        s.scope
            .is_none_or(|sc| sc.start <= at.start && at.end <= sc.end)
    };
    symbols
        .iter()
        .filter(|s| s.name == word && inside(s))
        .min_by_key(|s| s.scope.is_none())
}

/// The words of `text` (names and keywords) outside comments and strings,
/// as byte spans.
pub fn words(text: &str) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        // Bytes, not characters: `i` may stand inside a multi-byte
        // character, which is no part of a word.
        let upto = |from: usize, stop: &[u8]| {
            bytes[from..]
                .iter()
                .position(|c| stop.contains(c))
                .map_or(bytes.len(), |n| from + n)
        };
        if bytes[i..].starts_with(b"//") {
            i = upto(i, b"\n");
        } else if b == b'"' {
            i = (upto(i + 1, b"\"\n") + 1).min(bytes.len());
        } else if b.is_ascii_alphabetic() || b == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(Span::new(start, i));
        } else if b.is_ascii_digit() {
            // A number, with any letters run into it, is no word.
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The word at byte `offset` (or just before it: the cursor may stand
/// after the last letter).
pub fn word_at(text: &str, offset: usize) -> Option<Span> {
    words(text)
        .into_iter()
        .find(|w| w.start <= offset && offset <= w.end)
}

/// Every use of the declaration `symbol` in `text`, its declaration first.
pub fn references(text: &str, symbols: &[Symbol], symbol: &Symbol) -> Vec<Span> {
    words(text)
        .into_iter()
        .filter(|w| text[w.start..w.end] == symbol.name)
        .filter(|w| {
            resolve(symbols, &symbol.name, *w)
                .is_some_and(|s| s.span == symbol.span && s.kind == symbol.kind)
        })
        .collect()
}

/// An item's text without its comments and trailing blank lines.
fn declaration_text(text: &str, span: Span) -> String {
    let item = text.get(span.start..span.end).unwrap_or_default();
    let lines: Vec<&str> = item
        .lines()
        .map(|l| l.split("//").next().unwrap_or_default().trim_end())
        .filter(|l| !l.is_empty())
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "game \"T\" // a \"quoted\" word\noption size = 3 in 3..5\nplayers X, O\n\
        board square size x size\ndefine mine(c: cell) = owner(c) == mover\n\
        define c = 1\nphase play\n  place where empty and not mine(cell)\nend when full: draw\n";

    #[test]
    fn words_skip_comments_strings_and_numbers() {
        let words: Vec<&str> = words("game \"A b\" // c d\nx 3x y_2")
            .iter()
            .map(|w| &"game \"A b\" // c d\nx 3x y_2"[w.start..w.end])
            .collect();
        assert_eq!(words, ["game", "x", "y_2"]);
    }

    #[test]
    fn a_parameter_hides_a_name_of_the_file_inside_its_definition() {
        let symbols = symbols(TEXT);
        let c = symbols
            .iter()
            .find(|s| s.name == "c" && s.kind == Kind::Define)
            .unwrap();
        // `c` the definition is used nowhere: the `c`s of `mine` are its parameter.
        assert_eq!(references(TEXT, &symbols, c), vec![c.span]);
        let size = symbols.iter().find(|s| s.name == "size").unwrap();
        assert_eq!(references(TEXT, &symbols, size).len(), 3);
    }
}
