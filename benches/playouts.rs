//! Random playouts per second: the interpreter on each rules file, beside a
//! hand-written native Rust Hex Fours (the ceiling the interpreter is measured
//! against). Run with `cargo bench`; divan prints playouts/s as "item/s".
//!
//! Each bench checks what it computed (games end with a result, perft counts),
//! so that a faster but wrong engine fails instead of looking good.

#[path = "native/hex_fours.rs"]
mod native_hex_fours;
#[path = "native/qawale.rs"]
mod native_qawale;

use divan::counter::ItemsCount;
use divan::Bencher;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tabula::engine::{perft, random_playout};
use tabula::ir::Rules;

fn main() {
    divan::main();
}

fn load(file: &str) -> Rules {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("rules file");
    tabula::compile::load(&source, &[]).unwrap_or_else(|_| panic!("{path} must compile"))
}

fn interpreted(bencher: Bencher, file: &str) {
    let rules = load(file);
    let start = rules.start(0);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    let mut state = start.clone();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        state.clone_from(&start);
        random_playout(&rules, &mut state, &mut buf, &mut rng, u32::MAX);
        assert!(state.is_over(), "a random game must end with a result");
    });
}

/// One random game of Hex Fours in the interpreter.
#[divan::bench(sample_count = 100, sample_size = 100)]
fn hex_fours_interpreted(bencher: Bencher) {
    interpreted(bencher, "hex-fours.game");
}

/// One random game of Hex Fours in hand-written Rust.
#[divan::bench(sample_count = 100, sample_size = 100)]
fn hex_fours_native(bencher: Bencher) {
    let mut game = native_hex_fours::HexFours::new(6, 45);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        native_hex_fours::random_playout(&mut game, &mut buf, &mut rng);
        assert!(game.is_over());
    });
}

/// One random game of Qawale in the interpreter.
#[divan::bench(sample_count = 100, sample_size = 100)]
fn qawale_interpreted(bencher: Bencher) {
    interpreted(bencher, "qawale.game");
}

/// One random game of Qawale in hand-written Rust.
#[divan::bench(sample_count = 100, sample_size = 100)]
fn qawale_native(bencher: Bencher) {
    let mut game = native_qawale::Qawale::new(0);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        native_qawale::random_playout(&mut game, &mut buf, &mut rng, 0);
        assert!(game.is_over());
    });
}

/// One random game of tic-tac-toe in the interpreter.
#[divan::bench(sample_count = 100, sample_size = 100)]
fn tic_tac_toe_interpreted(bencher: Bencher) {
    interpreted(bencher, "tic-tac-toe.game");
}

/// The full tic-tac-toe game tree: 255,168 complete games.
#[divan::bench(sample_count = 10)]
fn tic_tac_toe_perft_9(bencher: Bencher) {
    let rules = load("tic-tac-toe.game");
    let start = rules.start(0);
    bencher.bench_local(|| {
        let counts = perft(&rules, &start, 9);
        assert_eq!(counts.games, 255_168);
    });
}
