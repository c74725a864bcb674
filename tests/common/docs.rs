//! The `tabula` code blocks of docs/language.md, for the tests that run
//! the language reference's examples.

use std::path::Path;

/// The `tabula` code blocks of the language reference, in order.
pub fn tabula_blocks() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md");
    let text = std::fs::read_to_string(path).expect("docs/language.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.trim_start()) {
            (None, "```tabula") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

/// The complete rules files among them: those with `players`, `board`, a
/// `phase` and an `end`.
#[allow(dead_code)]
pub fn complete_examples() -> Vec<String> {
    let complete = |b: &String| {
        ["players", "board", "phase", "end when"]
            .iter()
            .all(|item| b.lines().any(|l| l.starts_with(item)))
    };
    tabula_blocks().into_iter().filter(complete).collect()
}
