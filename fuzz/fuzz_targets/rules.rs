//! Any text as a rules file: parsed, checked and its reports rendered; if it
//! is clean, compiled and played for a bounded number of turns, its moves
//! listed and written out. Nothing may panic, hang or exhaust memory.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let checked = tabula::check::check(text);
    let _ = tabula::report::render_human(&checked.diagnostics, "fuzz.game", text, false);
    let _ = tabula::report::to_json(&checked.diagnostics, "fuzz.game", text);
    let Some(program) = &checked.program else {
        return;
    };
    if checked.diagnostics.iter().any(|d| d.is_error()) {
        return;
    }
    let Ok(rules) = tabula::compile::compile(program, &[]) else {
        return;
    };
    let mut state = rules.start(0);
    let mut rng = SmallRng::seed_from_u64(0);
    let mut moves = Vec::new();
    tabula::engine::random_playout(&rules, &mut state, &mut moves, &mut rng, 100);
    rules.legal_moves(&state, &mut moves);
    for &m in moves.iter().take(20) {
        let text = rules.move_text(m);
        let read = rules.parse_move(&state, &text);
        assert!(read.is_ok(), "a listed move `{text}` must read back: {read:?}");
    }
});
