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
