//! Decisive playouts (`engine/decisive.rs`) against a plain twin: at every
//! position of random games of each rules file where they apply, the move a
//! decisive playout makes first is checked against every legal move played
//! out on a copy. Where the phase's moves are plain placements and some move wins at once, the playout wins; else where
//! a seat of another team would win at once on a cell the mover can take
//! (the first such seat after the mover), the playout takes one of those
//! cells. Debug builds also check, after every move, that the winning cells
//! the playout keeps equal those read afresh.

// Only the file list is used here.
#[allow(dead_code)]
#[path = "common/rules.rs"]
mod common_rules;

use rand::rngs::SmallRng;
use rand::SeedableRng;
use tabula::engine::{Move, Outcome, State};
use tabula::ir::{Form, Rules};

/// Whether `m`, played by `seat` from `state`, wins at once for its team.
fn wins_for(rules: &Rules, state: &State, seat: u8, m: Move) -> bool {
    let mut after = state.clone();
    after.mover = seat;
    rules.play(&mut after, m);
    matches!(after.outcome, Some(Outcome::Win(w)) if rules.team[w as usize] == rules.team[seat as usize])
}

/// What the first decisive move from `state` must be: `Some(moves)`, one of
/// which it must be, or `None` when it may be any legal move.
fn expected(rules: &Rules, state: &State) -> Option<Vec<Move>> {
    let moves = rules.sorted_moves(state);
    let mover = state.mover;
    let winning: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| wins_for(rules, state, mover, m))
        .collect();
    if !winning.is_empty() {
        return Some(winning);
    }
    let seats = rules.seats.len() as u8;
    (1..seats)
        .map(|k| (mover + k) % seats)
        .filter(|&s| rules.team[s as usize] != rules.team[mover as usize])
        .map(|s| {
            moves
                .iter()
                .copied()
                .filter(|&m| wins_for(rules, state, s, m))
                .collect::<Vec<_>>()
        })
        .find(|stops| !stops.is_empty())
}

/// Checks the first decisive move at every position of `games` random
/// games; returns how many positions had a win to take and a win to stop.
fn check_file(name: &str, rules: &Rules, games: u64) -> (usize, usize) {
    let (mut wins, mut stops) = (0, 0);
    let mut buf = Vec::new();
    for game in 0..games {
        let mut rng = SmallRng::seed_from_u64(game);
        let mut state = State::new(rules, game);
        // A whole decisive playout first: its kept cells are checked at
        // every move in debug builds.
        let mut whole = state.clone();
        rules.decisive_playout(&mut whole, &mut buf, &mut rng, 400);
        for _ in 0..400 {
            if state.is_over() || rules.sorted_moves(&state).is_empty() {
                break;
            }
            let mut after = state.clone();
            rules.decisive_playout(&mut after, &mut buf, &mut rng, 1);
            // Decisive only where the phase's moves are plain placements.
            let phase = &rules.phases[state.phase as usize];
            let placing = phase.rules.iter().all(|r| r.form == Form::Place);
            let must = expected(rules, &state).filter(|_| placing);
            if let Some(ms) = &must {
                let played = ms.iter().any(|&m| {
                    let mut b = state.clone();
                    rules.play(&mut b, m);
                    b.board == after.board && b.outcome == after.outcome && b.mover == after.mover
                });
                assert!(
                    played,
                    "{name}, game {game}, turn {}: the playout did not play one of {ms:?}",
                    state.turn
                );
                if wins_for(rules, &state, state.mover, ms[0]) {
                    wins += 1;
                } else {
                    stops += 1;
                }
            }
            // On by a random move, so that the game is not all forced.
            let moves = rules.sorted_moves(&state);
            let m = moves[tabula::engine::below(&mut rng, moves.len())];
            rules.play(&mut state, m);
        }
    }
    (wins, stops)
}

#[test]
fn a_decisive_playout_takes_a_win_and_stops_one_as_every_move_played_out_says() {
    let mut checked = Vec::new();
    for (name, rules) in common_rules::shipped_and_hostile() {
        if rules.sees_wins().is_none() {
            continue;
        }
        let (wins, stops) = check_file(&name, &rules, 30);
        eprintln!("{name}: {wins} wins taken, {stops} stopped");
        checked.push((name, wins, stops));
    }
    let names: Vec<_> = checked.iter().map(|c| c.0.as_str()).collect();
    assert!(
        checked.len() >= 3,
        "too few rules files with decisive playouts: {names:?}"
    );
    let wins: usize = checked.iter().map(|c| c.1).sum();
    let stops: usize = checked.iter().map(|c| c.2).sum();
    assert!(
        wins >= 100 && stops >= 100,
        "too few cases: {wins} wins, {stops} stops"
    );
}
