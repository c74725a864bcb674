//! Every seed of the `rules` fuzz target goes through what the target does
//! (check, report, compile, a random playout, the moves read back), so that
//! an input the fuzzer once found stays fixed without a nightly toolchain.

use rand::rngs::SmallRng;
use rand::SeedableRng;

#[test]
fn every_fuzz_seed_is_checked_compiled_and_played() {
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/rules");
    let mut files: Vec<_> = std::fs::read_dir(&seeds)
        .expect("the fuzz seeds")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    files.sort();
    assert!(files.len() > 40, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable seed");
        let checked = tabula::check::check(&text);
        let _ = tabula::report::render_human(&checked.diagnostics, "seed.game", &text, false);
        let Some(program) = &checked.program else {
            continue;
        };
        let Ok(rules) = tabula::compile::compile(program, &[]) else {
            continue;
        };
        let mut state = rules.start(0);
        let mut rng = SmallRng::seed_from_u64(0);
        let mut moves = Vec::new();
        tabula::engine::random_playout(&rules, &mut state, &mut moves, &mut rng, 100);
        rules.legal_moves(&state, &mut moves);
        for &m in moves.iter().take(20) {
            let text = rules.move_text(m);
            let read = rules.parse_move(&state, &text);
            assert!(read.is_ok(), "{}: `{text}` must read back", file.display());
        }
    }
}
