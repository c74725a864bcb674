//! The same random games of Partners replayed in the interpreter and in the
//! native program, for a comparison that does not depend on how long each
//! side's own random games run: each game is drawn once in the interpreter
//! (its deals and its moves), then each side replays it, listing its moves
//! every turn and playing the one drawn. Under callgrind, each side's count
//! is read with `--toggle-collect`:
//!
//! ```text
//! cargo build --release --example partners_same
//! valgrind --tool=callgrind --toggle-collect='*replay_interpreted*' \
//!     target/release/examples/partners_same 100
//! valgrind --tool=callgrind --toggle-collect='*replay_native*' \
//!     target/release/examples/partners_same 100
//! ```

#[path = "../benches/native/partners.rs"]
mod native_partners;

use native_partners::Partners;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula::engine::State;
use tabula::ir::Rules;

/// A game drawn once: its seed, first dealer, the native order of each
/// shuffle, and each turn's move as an index into each side's list.
struct Game {
    seed: u64,
    dealer: usize,
    shuffles: Vec<Vec<u8>>,
    turns: Vec<(u16, u16)>,
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/partners.game");
    let text = std::fs::read_to_string(path).expect("rules/partners.game");
    let rules = tabula::compile::load(&text, &[]).expect("Partners loads");
    let games: Vec<Game> = (0..games).map(|seed| draw(&rules, seed)).collect();
    let moves: usize = games.iter().map(|g| g.turns.len()).sum();
    let a = replay_interpreted(&rules, &games);
    let b = replay_native(&games);
    assert_eq!((a, b), (moves, moves), "both sides replay every move");
    println!(
        "{} games, {moves} moves, replayed on both sides",
        games.len()
    );
}

/// Draws one random game in the interpreter, with the native program
/// beside it to find each move in its list.
fn draw(rules: &Rules, seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = rules.start(seed);
    let dealer = state.round().dealer as usize;
    let mut native = Partners::new(dealer);
    let to_native = |code: u32| {
        native_partners::card_by_name(rules.card_name(code as u8)).expect("a card of both")
    };
    let (mut shuffles, mut turns) = (Vec::new(), Vec::new());
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    while !state.is_over() && turns.len() < 5000 {
        if native.deal_due() {
            deal(&mut native, &state, &mut shuffles, to_native);
            continue;
        }
        rules.legal_moves(&state, &mut ours);
        native.legal_moves(&mut theirs);
        let i = rng.gen_range(0..ours.len());
        let text = rules.move_text(ours[i]);
        let j = theirs
            .iter()
            .position(|&m| native.move_text(m) == text)
            .expect("the native program lists the move");
        turns.push((i as u16, j as u16));
        rules.play(&mut state, ours[i]);
        native.play(theirs[j]);
    }
    Game {
        seed,
        dealer,
        shuffles,
        turns,
    }
}

/// Deals the native game as the interpreter dealt: the next shuffle, read
/// off the interpreter's chance outcomes, when one is due.
fn deal(
    native: &mut Partners,
    state: &State,
    shuffles: &mut Vec<Vec<u8>>,
    to_native: impl Fn(u32) -> u8,
) {
    if native.needs_shuffle() {
        // Each shuffle is 56 outcomes after the first dealer.
        let from = 1 + shuffles.len() * 56;
        let order: Vec<u8> = state.chance[from..from + 56]
            .iter()
            .map(|&c| to_native(c))
            .collect();
        native.deal(Some(&order));
        shuffles.push(order);
    } else {
        native.deal(None);
    }
}

/// Replays the games in the interpreter (its deals are its own, seeded).
#[inline(never)]
fn replay_interpreted(rules: &Rules, games: &[Game]) -> usize {
    let mut moves = Vec::new();
    let mut played = 0;
    for game in games {
        let mut state = rules.start(game.seed);
        for &(i, _) in &game.turns {
            rules.legal_moves(&state, &mut moves);
            rules.play(&mut state, moves[i as usize]);
            played += 1;
        }
    }
    played
}

/// Replays the games in the native program, dealt the same shuffles.
#[inline(never)]
fn replay_native(games: &[Game]) -> usize {
    let mut moves = Vec::new();
    let mut played = 0;
    for game in games {
        let mut native = Partners::new(game.dealer);
        let mut shuffles = game.shuffles.iter();
        for &(_, j) in &game.turns {
            while native.deal_due() {
                let order = native.needs_shuffle().then(|| shuffles.next()).flatten();
                native.deal(order.map(Vec::as_slice));
            }
            native.legal_moves(&mut moves);
            native.play(moves[j as usize]);
            played += 1;
        }
    }
    played
}
