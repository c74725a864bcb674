//! Random playouts per second of the classic games (Connect Four, Reversi,
//! Hex, Gomoku): the interpreter on each rules file, beside hand-written
//! native Rust Connect Four and Reversi on bitboards (the ceilings). Run with
//! `cargo bench --bench classics`; divan prints playouts/s as "item/s".
//!
//! Each bench checks that its games end with a result.

#[path = "common/interpreted.rs"]
mod common;
#[path = "native/connect_four.rs"]
mod native_connect_four;
#[path = "native/reversi.rs"]
mod native_reversi;

use common::interpreted_capped;
use divan::counter::ItemsCount;
use divan::Bencher;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    divan::main();
}

/// Random games of `file` in the interpreter.
fn interpreted(bencher: Bencher, file: &str, set: &[(&str, i64)]) {
    interpreted_capped(bencher, file, set, u32::MAX);
}

/// One random game of Connect Four in the interpreter.
#[divan::bench(sample_count = 100, sample_size = 100)]
fn connect_four_interpreted(bencher: Bencher) {
    interpreted(bencher, "connect-four.game", &[]);
}

/// One random game of Connect Four in hand-written Rust.
#[divan::bench(sample_count = 100, sample_size = 1000)]
fn connect_four_native(bencher: Bencher) {
    let mut game = native_connect_four::ConnectFour::new();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        native_connect_four::random_playout(&mut game, &mut buf, &mut rng);
        assert!(game.is_over());
    });
}

/// One random game of Reversi in the interpreter.
#[divan::bench(sample_count = 100, sample_size = 10)]
fn reversi_interpreted(bencher: Bencher) {
    interpreted(bencher, "reversi.game", &[]);
}

/// One random game of Reversi in hand-written Rust, ending as the rules
/// file does (after two passes).
#[divan::bench(sample_count = 100, sample_size = 100)]
fn reversi_native(bencher: Bencher) {
    let ending = native_reversi::Ending::TwoPasses;
    let mut game = native_reversi::Reversi::new().with_ending(ending);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        native_reversi::random_playout(&mut game, &mut buf, &mut rng);
        assert!(game.is_over());
    });
}

/// One random game of Hex on the 11 x 11 board in the interpreter.
#[divan::bench(sample_count = 100, sample_size = 10)]
fn hex_interpreted(bencher: Bencher) {
    interpreted(bencher, "hex.game", &[]);
}

/// One random game of free-style Gomoku on 15 x 15 in the interpreter.
#[divan::bench(sample_count = 100, sample_size = 10)]
fn gomoku_interpreted(bencher: Bencher) {
    interpreted(bencher, "gomoku.game", &[]);
}

/// One random game of Gomoku where only exactly five wins.
#[divan::bench(sample_count = 100, sample_size = 10)]
fn gomoku_exact_interpreted(bencher: Bencher) {
    interpreted(bencher, "gomoku.game", &[("exact", 1)]);
}
