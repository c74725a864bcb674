//! The bodies of the fuzz targets, included by the targets
//! (`fuzz/fuzz_targets/`, cargo-fuzz, nightly) and by `tests/fuzz_seeds.rs`
//! (the seed corpora and the hostile files, each input under a time limit),
//! so that both run the same code. Not part of the library: its code there
//! moved the engine's and cost Exago 2% more instructions a game.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use tabula::cli::position::{check_chance, play_moves, replayed_start};
use tabula::record::{rules_hash, Record};

/// The shipped games a fuzzed record may name.
const SHIPPED: [&str; 7] = [
    include_str!("../rules/tic-tac-toe.game"),
    include_str!("../rules/hex-fours.game"),
    include_str!("../rules/qawale.game"),
    include_str!("../rules/just-4-fun.game"),
    include_str!("../rules/exago.game"),
    include_str!("../rules/gomoku.game"),
    include_str!("../rules/partners.game"),
];

/// Any text as a rules file: parsed, checked and its reports rendered; if
/// it is clean, compiled and played for a bounded number of turns, its
/// moves listed and written out, and each read back. Nothing may panic,
/// hang or exhaust memory.
#[allow(dead_code)]
pub fn rules_input(data: &[u8]) {
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
        assert!(
            read.is_ok(),
            "a listed move `{text}` must read back: {read:?}"
        );
    }
}

/// Any text as a game record: read, and when it names a shipped game by
/// its hash, replayed move by move with its chance outcomes, as `tabula
/// replay` does. A corrupt record is refused; nothing may panic or hang.
#[allow(dead_code)]
pub fn record_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = serde_json::from_str::<Record>(text) else {
        return;
    };
    let Some(rules_text) = SHIPPED.iter().find(|t| rules_hash(t) == record.rules_hash) else {
        return;
    };
    let Ok(rules) = tabula::compile::load(rules_text, &record.options) else {
        return;
    };
    let mut state = replayed_start(&rules, &record);
    if play_moves(&rules, &mut state, &record.moves, "the record").is_ok() {
        let _ = check_chance(&state, &record, true);
    }
}
