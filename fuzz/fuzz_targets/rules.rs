//! Any text as a rules file: parsed, checked and its reports rendered; if it
//! is clean, compiled and played for a bounded number of turns, its moves
//! listed and written out. Nothing may panic, hang or exhaust memory. The
//! body is `tabula::fuzz::rules_input`, which `tests/fuzz_seeds.rs` runs on
//! the seeds in CI.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tabula::fuzz::rules_input(data));
