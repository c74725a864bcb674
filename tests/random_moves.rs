//! The engine's random move, which is drawn straight from a placing step's
//! candidates (a bitboard word, the empty-cell list) without listing the
//! moves, or under `must leave` as the first move in a random order that
//! passes the filter, against the listed legal moves: it is always one of
//! them, and every one of them is about equally likely.

use std::collections::HashMap;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabula::engine::{Move, State};
use tabula::ir::Rules;

#[path = "common/rules.rs"]
#[allow(dead_code)]
mod rules;
use rules::{load, load_text};

/// A Reversi whose placements are narrowed by a board-only condition (a
/// mask on the enclosing cells) and by a condition on the position (a
/// guard): both are applied to the drawn word too.
const NARROWED_REVERSI: &str = r#"
game "Narrowed Reversi"
players Black, White
board square 6 x 6
setup: put 1 White where cell == c3 or cell == d4; put 1 Black where cell == c4 or cell == d3
phase play
  place where empty and encloses(cell) > 0 and column(cell) != 2 and count(mover) < 12 then flip enclosed
  otherwise pass
end when passes == 2: draw
end when full: draw
"#;

/// Connect Four with one column closed to drops.
const NARROWED_DROP: &str = r#"
game "Six Columns"
players Yellow, Red
board square 7 x 6
phase play
  drop where column(cell) != 4
end when line(4, mover): mover wins
end when count(mover) == 18: draw
"#;

/// A `must leave` that only column a passes: most moves fail it, and once
/// column a is full none passes and the forced pass is the move.
const LEAVE_COLUMN_A: &str = r#"
game "Column A"
players Black, White
board square 5 x 5
must leave sum(1 for c where owner(c) == mover and column(c) != 1) == 0
phase play
  place where empty
  otherwise pass
end when passes == 2: draw
"#;

/// Plays random games by the engine's random move and checks each draw
/// against the listed moves; returns the positions seen, for `uniform`.
fn draws_are_legal(name: &str, rules: &Rules, games: u64) -> Vec<State> {
    let mut positions = Vec::new();
    let (mut legal, mut buf) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = rules.start(seed);
        for turn in 0..500 {
            rules.legal_moves(&state, &mut legal);
            let drawn = rules.random_move(&state, &mut buf, &mut rng);
            let Some(m) = drawn else {
                assert!(
                    legal.is_empty(),
                    "{name} seed {seed}: no draw from {legal:?}"
                );
                break;
            };
            assert!(
                legal.contains(&m),
                "{name} seed {seed} turn {turn}: drew {} (not legal)",
                rules.move_text(m)
            );
            if turn % 7 == 3 && legal.len() > 1 {
                positions.push(state.clone());
            }
            rules.play(&mut state, m);
        }
        assert!(state.is_over(), "{name} seed {seed}: no end");
    }
    positions
}

/// Draws many random moves in `state`: each legal move comes up about
/// equally often (a chi-squared bound far in the tail).
fn uniform(name: &str, rules: &Rules, state: &State, rng: &mut Pcg64Mcg) {
    let mut legal = Vec::new();
    rules.legal_moves(state, &mut legal);
    let per_move = 60;
    let mut seen: HashMap<Move, usize> = HashMap::new();
    let mut buf = Vec::new();
    for _ in 0..per_move * legal.len() {
        let m = rules.random_move(state, &mut buf, rng).expect("a move");
        *seen.entry(m).or_default() += 1;
    }
    let k = legal.len() as f64;
    let chi2: f64 = legal
        .iter()
        .map(|m| seen.get(m).copied().unwrap_or(0) as f64 - per_move as f64)
        .map(|d| d * d / per_move as f64)
        .sum();
    let limit = (k - 1.0) + 6.0 * (2.0 * (k - 1.0)).sqrt();
    assert!(
        chi2 < limit,
        "{name}: chi-squared {chi2:.1} over {limit:.1} for {k} moves"
    );
    assert_eq!(seen.len(), legal.len(), "{name}: a move never drawn");
}

fn check(name: &str, rules: &Rules, games: u64) {
    let positions = draws_are_legal(name, rules, games);
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    for state in positions.iter().step_by(5).take(6) {
        uniform(name, rules, state, &mut rng);
    }
}

#[test]
fn random_moves_of_the_classics_are_legal_and_uniform() {
    check("connect four", &load("connect-four.game", &[]), 30);
    check("reversi", &load("reversi.game", &[]), 20);
    check("hex", &load("hex.game", &[("size", 5)]), 20);
    check("tic-tac-toe", &load("tic-tac-toe.game", &[]), 30);
    check("kalah", &load("kalah.game", &[]), 10);
}

#[test]
fn random_moves_keep_to_masks_and_guards() {
    check("narrowed reversi", &load_text(NARROWED_REVERSI, &[]), 20);
    check("six columns", &load_text(NARROWED_DROP, &[]), 30);
}

#[test]
fn random_moves_under_must_leave_are_legal_and_uniform() {
    check("chess", &load("chess.game", &[]), 2);
    check("oware", &load("oware.game", &[]), 10);
    check("go 5x5", &load("go.game", &[("size", 5)]), 5);
    check("column a", &load_text(LEAVE_COLUMN_A, &[]), 10);
}
