//! What both benchmark files share: loading a rules file and timing random
//! games of it in the interpreter.

use divan::counter::ItemsCount;
use divan::Bencher;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tabula::engine::random_playout;
use tabula::ir::Rules;

/// The rules file `rules/FILE` with these options.
pub fn load(file: &str, set: &[(&str, i64)]) -> Rules {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("rules file");
    let set: Vec<(String, i64)> = set.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    tabula::compile::load(&source, &set).unwrap_or_else(|_| panic!("{path} must compile"))
}

/// Random games in the interpreter, each stopped after `cap` moves if it has
/// not ended by then.
pub fn interpreted_capped(bencher: Bencher, file: &str, set: &[(&str, i64)], cap: u32) {
    let rules = load(file, set);
    let start = rules.start(0);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    let mut state = start.clone();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        state.clone_from(&start);
        let n = random_playout(&rules, &mut state, &mut buf, &mut rng, cap);
        assert!(
            state.is_over() || n == cap,
            "a random game must end with a result"
        );
    });
}
