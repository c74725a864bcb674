//! Any text as a game record: read, and when it names a shipped game by its
//! hash, replayed move by move with its chance outcomes, as `tabula replay`
//! does. A corrupt record is refused; nothing may panic or hang. The body
//! is `fuzz/bodies.rs`, which `tests/fuzz_seeds.rs` runs on the seeds in CI.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../bodies.rs"]
mod bodies;

fuzz_target!(|data: &[u8]| bodies::record_input(data));
