//! Any text as a game record: read, and when it names a shipped game by its
//! hash, replayed move by move with its chance outcomes, as `tabula replay`
//! does. A corrupt record is refused; nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::cli::position::{check_chance, play_moves, replayed_start};
use tabula::record::{rules_hash, Record};

/// The shipped games a record may name.
const SHIPPED: [&str; 7] = [
    include_str!("../../rules/tic-tac-toe.game"),
    include_str!("../../rules/hex-fours.game"),
    include_str!("../../rules/qawale.game"),
    include_str!("../../rules/just-4-fun.game"),
    include_str!("../../rules/exago.game"),
    include_str!("../../rules/gomoku.game"),
    include_str!("../../rules/partners.game"),
];

fuzz_target!(|data: &[u8]| {
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
});
