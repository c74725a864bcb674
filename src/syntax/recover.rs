//! Splitting a file into top-level chunks, for error recovery.
//!
//! A chunk starts at a line that begins (at column 0) with an item keyword and
//! runs to the next such line. Comments and blank lines before the first item
//! belong to no chunk.

const ITEM_KEYWORDS: &[&str] = &[
    "game", "option", "players", "first", "board", "neutral", "supply", "setup", "define", "score",
    "phase", "after", "end", "numbers", "owner", "deck", "hand", "tiebreak", "must", "limit",
    "teams", "deal", "pass", "blocked", "kinds", "counter", "clock", "dice",
];

/// The keyword `word` is when written in lowercase, if it is a capitalised one.
pub fn capitalised_keyword(word: &str) -> Option<&'static str> {
    ITEM_KEYWORDS
        .iter()
        .find(|k| k.eq_ignore_ascii_case(word) && **k != word)
        .copied()
}

/// Byte ranges of the top-level chunks of `source`.
pub fn chunks(source: &str) -> Vec<(usize, usize)> {
    let mut starts = Vec::new();
    let mut offset = 0;
    let mut first_text = None;
    for line in source.split_inclusive('\n') {
        let word: String = line
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        // `Players` starts an item too: one with a capitalised keyword.
        if ITEM_KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(&word)) {
            starts.push(offset);
        } else if first_text.is_none() && !is_blank_or_comment(line) && starts.is_empty() {
            first_text = Some(offset);
        }
        offset += line.len();
    }
    // Text before the first item is a chunk of its own, so that it gets an error.
    if let Some(start) = first_text {
        starts.insert(0, start);
    }
    let mut ranges = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(source.len());
        ranges.push((start, end));
    }
    ranges
}

fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with("//")
}

#[cfg(test)]
mod tests {
    use super::chunks;

    #[test]
    fn splits_at_item_keywords_in_column_zero() {
        let src =
            "// c\ngame \"x\"\nplayers A, B\nphase p\n  place where empty\nend when full: draw\n";
        let starts: Vec<&str> = chunks(src)
            .iter()
            .map(|&(s, e)| src[s..e].lines().next().unwrap())
            .collect();
        assert_eq!(
            starts,
            [
                "game \"x\"",
                "players A, B",
                "phase p",
                "end when full: draw"
            ]
        );
    }

    #[test]
    fn stray_text_before_the_first_item_is_its_own_chunk() {
        let src = "oops\ngame \"x\"\n";
        assert_eq!(chunks(src).len(), 2);
    }
}
