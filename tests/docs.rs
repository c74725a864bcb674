//! The language reference's examples: every complete rules file in a
//! `tabula` block of docs/language.md (one with `players`, `board`, a
//! `phase` and an `end`) checks without errors and plays random games.

use std::path::Path;

/// The `tabula` code blocks of the language reference.
fn tabula_blocks() -> Vec<String> {
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

#[test]
fn every_complete_example_checks_clean_and_plays() {
    let complete: Vec<String> = tabula_blocks()
        .into_iter()
        .filter(|b| {
            ["players", "board", "phase", "end when"]
                .iter()
                .all(|item| b.lines().any(|l| l.starts_with(item)))
        })
        .collect();
    assert!(
        complete.len() >= 10,
        "found {} complete examples",
        complete.len()
    );
    for block in &complete {
        let checked = tabula::check::check(block);
        let errors: Vec<String> = checked
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.to_string())
            .collect();
        assert!(errors.is_empty(), "{block}\nreports {errors:?}");
        let rules = tabula::compile::load(block, &[]).expect("compiles");
        for seed in 0..3 {
            let mut state = rules.start(seed);
            let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            let mut buf = Vec::new();
            tabula::engine::random_playout(&rules, &mut state, &mut buf, &mut rng, 300);
            assert!(state.fault().is_none(), "{block}\nfails at run time");
        }
    }
}

#[test]
fn the_partners_example_is_the_shipped_rules_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/partners.game");
    let shipped = std::fs::read_to_string(path).expect("rules/partners.game");
    let shown = tabula_blocks()
        .into_iter()
        .find(|b| b.starts_with("// Partners (Thomas Bisgaard"))
        .expect("docs/language.md shows Partners");
    assert_eq!(
        shown, shipped,
        "docs/language.md shows rules/partners.game as it is"
    );
}
