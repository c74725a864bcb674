//! The language reference's examples: every complete rules file in a
//! `tabula` block of docs/language.md (one with `players`, `board`, a
//! `phase` and an `end`) checks without errors and plays random games.

use std::path::Path;

#[path = "common/docs.rs"]
mod docs;
use docs::{complete_examples, tabula_blocks};

#[test]
fn every_complete_example_checks_clean_and_plays() {
    let complete = complete_examples();
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

#[test]
fn the_example_of_gather_on_a_square_board_does_what_the_text_says() {
    let shown = docs::tabula_blocks()
        .into_iter()
        .find(|b| b.starts_with("game \"Magnets\""))
        .expect("docs/language.md shows `gather` on a square board (Magnets)");
    assert!(shown.contains("board square"), "{shown}");
    // With stacks: O's piece on b3 pulls in X's from c3 (and nothing from a3).
    // Without: b3 is taken, so X's piece stays on c3.
    for (rules_text, b3, c3) in [
        (shown.clone(), 2, 0),
        (shown.replace(" with stacks", ""), 1, 1),
    ] {
        let rules = tabula::compile::load(&rules_text, &[]).expect("compiles");
        let mut state = rules.start(0);
        for text in ["c3", "b3"] {
            let m = rules
                .parse_move(&state, text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            rules.play(&mut state, m);
        }
        let cell = |label: &str| rules.geometry.cell_by_label(label).expect("a cell");
        assert_eq!(
            (state.height(cell("b3")), state.height(cell("c3"))),
            (b3, c3),
            "{rules_text}"
        );
    }
}
