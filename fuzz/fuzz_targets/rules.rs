//! Any text as a rules file: parsed, checked and its reports rendered; if it
//! is clean, compiled and played for a bounded number of turns, its moves
//! listed and written out. Nothing may panic, hang or exhaust memory. The
//! body is `fuzz/bodies.rs`, which `tests/fuzz_seeds.rs` runs on the seeds
//! in CI.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../bodies.rs"]
mod bodies;

fuzz_target!(|data: &[u8]| bodies::rules_input(data));
