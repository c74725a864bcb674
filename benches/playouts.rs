//! Random playouts per second: the interpreter on each rules file, beside
//! hand-written native Rust Hex Fours, Qawale, Just 4 Fun, Exago and Partners (the ceilings the
//! interpreter is measured against). Run with `cargo bench`; divan prints playouts/s as "item/s".
//!
//! Each bench checks what it computed (games end with a result, perft counts),
//! so that a faster but wrong engine fails instead of looking good.

#[path = "common/interpreted.rs"]
mod common;
#[path = "native/exago.rs"]
mod native_exago;
#[path = "native/hex_fours.rs"]
mod native_hex_fours;
#[path = "native/just_4_fun.rs"]
mod native_just_4_fun;
#[path = "native/partners.rs"]
mod native_partners;
#[path = "native/qawale.rs"]
mod native_qawale;

use divan::counter::ItemsCount;
use divan::Bencher;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula::engine::perft;

use common::{interpreted_capped, load};

fn main() {
    divan::main();
}

fn interpreted(bencher: Bencher, file: &str) {
    interpreted_with(bencher, file, &[]);
}

fn interpreted_with(bencher: Bencher, file: &str, set: &[(&str, i64)]) {
    interpreted_capped(bencher, file, set, u32::MAX);
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

/// One random game of Just 4 Fun, 2 or 4 seats, in the interpreter (from a
/// dealt start; reshuffles during the game are drawn).
#[divan::bench(args = [2, 4], sample_count = 100, sample_size = 20)]
fn just_4_fun_interpreted(bencher: Bencher, seats: i64) {
    interpreted_with(bencher, "just-4-fun.game", &[("seats", seats)]);
}

/// One random game of Just 4 Fun in hand-written Rust, from a dealt start.
#[divan::bench(args = [2, 4], sample_count = 100, sample_size = 20)]
fn just_4_fun_native(bencher: Bencher, seats: usize) {
    let mut rng = SmallRng::seed_from_u64(7);
    let start = native_just_4_fun::JustFourFun::new(seats, &mut rng);
    let mut game = start.clone();
    let mut buf = Vec::new();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        game.clone_from(&start);
        native_just_4_fun::random_playout(&mut game, &mut buf, &mut rng);
        assert!(game.is_over());
    });
}

/// Moves at most in a random game of Partners: a safety net only, random
/// games end in about 700 moves (at most about 1,300 in 1,000 seeded games).
const PARTNERS_CAP: u32 = 5000;

/// One random game of Partners in the interpreter, from a dealt start (the
/// deals after the first are drawn during the game).
#[divan::bench(sample_count = 20, sample_size = 2)]
fn partners_interpreted(bencher: Bencher) {
    interpreted_capped(bencher, "partners.game", &[], PARTNERS_CAP);
}

/// One random game of Partners in hand-written Rust, from a fresh dealt
/// start (the first dealer's shuffle is drawn each time).
#[divan::bench(sample_count = 100, sample_size = 10)]
fn partners_native(bencher: Bencher) {
    let start = native_partners::Partners::new(0);
    let mut game = start.clone();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        game.clone_from(&start);
        native_partners::random_playout(&mut game, &mut buf, &mut rng, PARTNERS_CAP);
        assert!(game.is_over(), "a random game of Partners ends");
    });
}

/// Moves at most in a random game of Exago, whose relocations need not end
/// (its rules declare the same `limit`).
const EXAGO_CAP: u32 = 1000;

/// One random game of Exago, 2 or 6 seats, in the interpreter (must block on).
#[divan::bench(args = [2, 6], sample_count = 20, sample_size = 5)]
fn exago_interpreted(bencher: Bencher, seats: i64) {
    interpreted_capped(bencher, "exago.game", &[("seats", seats)], EXAGO_CAP);
}

/// One random game of Exago in hand-written Rust, same cap.
#[divan::bench(args = [2, 6], sample_count = 20, sample_size = 5)]
fn exago_native(bencher: Bencher, seats: usize) {
    let start = native_exago::Exago::new(6, seats, 0, native_exago::Options::default());
    let mut game = start.clone();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut buf = Vec::new();
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        game.clone_from(&start);
        let n = native_exago::random_playout(&mut game, &mut buf, &mut rng, EXAGO_CAP);
        assert!(
            game.is_over() || n == EXAGO_CAP,
            "a game ends or reaches the cap"
        );
    });
}

/// Random Exago games played by the interpreter and the native code in
/// step (their move lists checked to be as long), as each side's move
/// numbers: the same games replayed on both sides are a fair comparison,
/// whatever the lengths of the games each would draw.
fn exago_games(seats: usize, games: u64) -> Vec<(u8, Vec<(u16, u16)>)> {
    let rules = load("exago.game", &[("seats", seats as i64)]);
    let mut rng = SmallRng::seed_from_u64(11);
    let (mut moves, mut native_moves) = (Vec::new(), Vec::new());
    let mut played = Vec::new();
    for g in 0..games {
        let mut state = rules.start(g);
        let first = state.mover;
        let options = native_exago::Options::default();
        let mut native = native_exago::Exago::new(6, seats, first as usize, options);
        let mut game = Vec::new();
        for _ in 0..EXAGO_CAP {
            rules.legal_moves(&state, &mut moves);
            native.legal_moves(&mut native_moves);
            assert_eq!(moves.len(), native_moves.len(), "the two Exagos differ");
            if moves.is_empty() {
                break;
            }
            let i = rng.gen_range(0..moves.len());
            let text = rules.move_text(moves[i]);
            let j = native_moves
                .iter()
                .position(|&m| native.move_text(m) == text)
                .expect("the native Exago has the move");
            game.push((i as u16, j as u16));
            rules.play(&mut state, moves[i]);
            native.play(native_moves[j]);
        }
        played.push((first, game));
    }
    played
}

/// The same random games of Exago (2 or 6 seats) replayed in the
/// interpreter: the moves listed (must block on) and one played, each turn.
#[divan::bench(args = [2, 6], sample_count = 10, sample_size = 1)]
fn exago_same_games_interpreted(bencher: Bencher, seats: usize) {
    let games = exago_games(seats, 20);
    let rules = load("exago.game", &[("seats", seats as i64)]);
    let mut moves = Vec::new();
    bencher
        .counter(ItemsCount::new(games.len()))
        .bench_local(|| {
            for (g, (_, game)) in games.iter().enumerate() {
                let mut state = rules.start(g as u64);
                for &(i, _) in game {
                    rules.legal_moves(&state, &mut moves);
                    rules.play(&mut state, moves[i as usize]);
                }
            }
        });
}

/// The same random games of Exago replayed in hand-written Rust.
#[divan::bench(args = [2, 6], sample_count = 10, sample_size = 1)]
fn exago_same_games_native(bencher: Bencher, seats: usize) {
    let games = exago_games(seats, 20);
    let mut moves = Vec::new();
    let options = native_exago::Options::default();
    bencher
        .counter(ItemsCount::new(games.len()))
        .bench_local(|| {
            for (first, game) in &games {
                let mut native = native_exago::Exago::new(6, seats, *first as usize, options);
                for &(_, j) in game {
                    native.legal_moves(&mut moves);
                    native.play(moves[j as usize]);
                }
            }
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
    let rules = load("tic-tac-toe.game", &[]);
    let start = rules.start(0);
    bencher.bench_local(|| {
        let counts = perft(&rules, &start, 9);
        assert_eq!(counts.games, 255_168);
    });
}
