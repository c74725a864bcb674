//! What hovering over a word shows: a built-in's signature and meaning, a
//! keyword's section of the language reference, or a declared name's
//! declaration.

use super::symbols::{Kind, Symbol};
use crate::builtins::builtin;

/// The language reference, whose sections document the keywords.
const REFERENCE: &str = include_str!("../../docs/language.md");

/// The most of a reference section a hover shows.
const MAX_SECTION: usize = 1500;

/// Markdown for the word `word`, which names `symbol` if it is declared.
pub fn hover(word: &str, symbol: Option<&Symbol>) -> Option<String> {
    if let Some(s) = symbol {
        let what = match s.kind {
            Kind::Define => "definition",
            Kind::Option => "option",
            Kind::Seat => "seat",
            Kind::Phase => "phase",
            Kind::Neutral => "kind of neutral piece",
            Kind::Parameter => "parameter",
        };
        return Some(format!(
            "{what} `{word}`\n\n```tabula\n{}\n```",
            s.declaration
        ));
    }
    if let Some(b) = builtin(word) {
        return Some(format!("built-in: {}", b.signature()));
    }
    section(word)
}

/// The start of the reference's first section whose heading names `word`
/// in backquotes, or a keyword named as `word ...` in one.
pub fn section(word: &str) -> Option<String> {
    let quoted = format!("`{word}`");
    let opening = format!("`{word} ");
    let mut lines = REFERENCE.lines();
    let heading = lines
        .by_ref()
        .find(|l| l.starts_with("### ") && (l.contains(&quoted) || l.contains(&opening)))?;
    let mut body = String::new();
    for line in lines {
        if line.starts_with('#') || body.len() > MAX_SECTION {
            break;
        }
        body.push_str(line);
        body.push('\n');
    }
    // Cut at a paragraph's end, so that no code block is left open.
    let body = match body.len() > MAX_SECTION {
        true => body[..body.len().min(MAX_SECTION)]
            .rfind("\n\n")
            .map_or(String::new(), |i| body[..i].to_string()),
        false => body,
    };
    Some(format!(
        "{}\n\n{}",
        heading.trim_start_matches('#').trim(),
        body.trim()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_have_their_section_and_builtins_their_meaning() {
        let phase = hover("phase", None).unwrap();
        assert!(phase.contains("`phase`"), "{phase}");
        let line = hover("line", None).unwrap();
        assert!(line.starts_with("built-in: "), "{line}");
        assert_eq!(hover("zzz", None), None);
    }

    #[test]
    fn no_section_leaves_a_code_block_open() {
        for word in ["board", "phase", "deck", "end", "define", "place"] {
            let text = section(word).unwrap_or_default();
            assert_eq!(text.matches("```").count() % 2, 0, "{word}: {text}");
        }
    }
}
