//! The MCTS-solver's proofs are true: whenever a search says the move it
//! chose is proven (a win, a loss or a draw for the mover), a plain
//! exhaustive search of the game from there finds the same value. Checked
//! near the end of random games of every shipped and hostile rules file of
//! two seats without dice or hidden cards, where proofs are found.

#[path = "common/rules.rs"]
mod common_rules;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula::ai::{Budget, MctsPlayer, Player};
use tabula::engine::{Outcome, State};
use tabula::ir::Rules;

/// Positions an exhaustive search may play before it gives up.
const PLAYS: u32 = 50_000;

/// The longest line it follows.
const DEPTH: u32 = 30;

/// The value of `state` for `seat` under best play by both seats (1 a win,
/// 0 a loss, 0.5 a draw or a seat stuck), or `None` when more than `plays`
/// positions would have to be played, or lines longer than [`DEPTH`]
/// followed, to know it.
fn exact(rules: &Rules, state: &State, seat: u8, plays: &mut u32, depth: u32) -> Option<f64> {
    if state.is_over() {
        return Some(match state.outcome {
            Some(Outcome::Win(w)) => f64::from(u8::from(w == seat)),
            _ => 0.5,
        });
    }
    let moves = rules.sorted_moves(state);
    if moves.is_empty() {
        return Some(0.5);
    }
    let depth = depth.checked_sub(1)?;
    // The mover takes the best for itself: the most for `seat` if it is
    // `seat`, the least otherwise.
    let mine = state.mover == seat;
    let (mut best, mut open) = (None::<f64>, false);
    for m in moves {
        *plays = plays.checked_sub(1)?;
        let mut after = state.clone();
        rules.play(&mut after, m);
        let Some(v) = exact(rules, &after, seat, plays, depth) else {
            open = true;
            continue;
        };
        if v == if mine { 1.0 } else { 0.0 } {
            return Some(v);
        }
        let better = best.is_none_or(|b| if mine { v > b } else { v < b });
        if better {
            best = Some(v);
        }
    }
    if open {
        None
    } else {
        best
    }
}

/// The positions of one random game of `rules`, from the start to its end.
fn random_game(rules: &Rules, seed: u64) -> Vec<State> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = rules.start(seed);
    let mut positions = vec![state.clone()];
    while !state.is_over() && state.turn < 400 {
        let moves = rules.sorted_moves(&state);
        if moves.is_empty() {
            break;
        }
        rules.play(&mut state, moves[rng.gen_range(0..moves.len())]);
        positions.push(state.clone());
    }
    positions
}

#[test]
fn every_proof_is_true() {
    let (mut checked, mut too_deep) = (0, 0);
    for (path, rules) in common_rules::shipped_and_hostile() {
        // Boards of hundreds of cells make the test slow and prove nothing more.
        let huge = rules.geometry.cell_count() > 200;
        if rules.seats.len() != 2 || rules.dice.is_some() || rules.has_hidden() || huge {
            continue;
        }
        let game = random_game(&rules, 7);
        // A game that random play does not end would make every playout
        // run to the search's cap: too slow for a test.
        if !game.last().is_some_and(State::is_over) {
            continue;
        }
        let ends = game.len().saturating_sub(8)..game.len();
        for state in game[ends].iter().filter(|s| !s.is_over()) {
            if rules.sorted_moves(state).len() < 2 {
                continue;
            }
            let mut player = MctsPlayer::new(Budget::Iterations(1000), 3);
            let m = player.choose(&rules, state);
            let Some(proven) = player.stats().proven else {
                continue;
            };
            let mut after = state.clone();
            rules.play(&mut after, m);
            let mut plays = PLAYS;
            match exact(&rules, &after, state.mover, &mut plays, DEPTH) {
                Some(v) => {
                    let text = rules.move_text(m);
                    assert_eq!(proven, v, "{path}, turn {}: {text}", state.turn);
                    checked += 1;
                }
                None => too_deep += 1,
            }
        }
    }
    assert!(
        checked >= 150,
        "{checked} proofs checked, {too_deep} too deep to check"
    );
}

#[test]
fn a_proven_win_is_played_at_once_and_a_proven_loss_is_said() {
    let rules = common_rules::load("tic-tac-toe.game", &[]);
    let position = |moves: &[&str]| {
        let mut state = rules.start(0);
        for text in moves {
            let m = rules.parse_move(&state, text).expect("a legal move");
            rules.play(&mut state, m);
        }
        state
    };
    // X wins at c1; the search proves it long before its budget is spent.
    let mut player = MctsPlayer::new(Budget::Iterations(100_000), 1);
    let m = player.choose(&rules, &position(&["a1", "a2", "b1", "b2"]));
    assert_eq!(rules.move_text(m), "c1");
    let stats = player.stats();
    assert_eq!(stats.proven, Some(1.0), "{stats:?}");
    assert!(stats.iterations < 1_000, "{stats:?}");
    // O to move against X's two threats (a3 and c1): lost whatever it does.
    let mut player = MctsPlayer::new(Budget::Iterations(100_000), 1);
    player.choose(&rules, &position(&["a1", "b2", "b1", "c3", "a2"]));
    let stats = player.stats();
    assert!(stats.iterations < 100_000, "{stats:?}");
    // The same searches with the solver off spend the whole budget.
    let mut player = MctsPlayer::new(Budget::Iterations(5_000), 1).with_solver(false);
    player.choose(&rules, &position(&["a1", "a2", "b1", "b2"]));
    assert_eq!(player.stats().iterations, 5_000);
    assert_eq!(player.stats().proven, None);
}
