//! Exago (`rules/exago.game`, rules text in `docs/games/exago.md`): seeded
//! random games with 2 to 6 seats, checked after every move against
//! invariants computed here from the board alone: tiles are conserved per
//! seat, the tiles form one group, and nobody holds a winning line while the
//! game goes on. The rules page's scenarios are in `tests/scenarios/exago.toml`.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use tabula::engine::{Outcome, State};
use tabula::ir::{CellId, Rules};

/// Random games per seat count (each capped at `MOVES` moves).
const GAMES: u64 = 20;
/// Moves played at most in each random game.
const MOVES: usize = 200;

fn rules(set: &[(&str, i64)]) -> Rules {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/exago.game");
    let source = std::fs::read_to_string(path).expect("rules/exago.game");
    let set: Vec<(String, i64)> = set.iter().map(|&(k, v)| (k.to_string(), v)).collect();
    tabula::compile::load(&source, &set)
        .unwrap_or_else(|e| panic!("exago.game with {set:?} does not load: {e:?}"))
}

/// Tiles each seat starts with: 12 with 2 seats, else 6.
fn tiles(seats: usize) -> i32 {
    if seats == 2 {
        12
    } else {
        6
    }
}

/// The axial coordinates of a cell, from its label: the row letter counts
/// up from the bottom, the number along the diagonal.
fn axial(rules: &Rules, cell: CellId) -> (i32, i32) {
    let label = rules.geometry.labels[cell as usize].as_bytes();
    let radius = 5;
    let r = radius - i32::from(label[0] - b'a');
    let number: i32 = std::str::from_utf8(&label[1..]).unwrap().parse().unwrap();
    (number - radius - 1, r)
}

/// Per seat, whether it has `need` of its tiles in a row along an axis.
fn lines(rules: &Rules, state: &State, need: usize) -> Vec<bool> {
    let at: std::collections::HashMap<(i32, i32), u8> = (0..rules.geometry.cell_count() as CellId)
        .filter_map(|c| state.owner(c).map(|s| (axial(rules, c), s)))
        .collect();
    let mut found = vec![false; rules.seats.len()];
    for (&(q, r), &seat) in &at {
        for (dq, dr) in [(1, 0), (0, 1), (1, -1)] {
            if (0..need as i32).all(|k| at.get(&(q + k * dq, r + k * dr)) == Some(&seat)) {
                found[seat as usize] = true;
            }
        }
    }
    found
}

/// The number of groups of tiles (joined through touching tiles).
fn groups(rules: &Rules, state: &State) -> usize {
    let cells: Vec<(i32, i32)> = (0..rules.geometry.cell_count() as CellId)
        .filter(|&c| state.owner(c).is_some())
        .map(|c| axial(rules, c))
        .collect();
    let mut seen = vec![false; cells.len()];
    let mut count = 0;
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        count += 1;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            let (q, r) = cells[i];
            for (j, &(x, y)) in cells.iter().enumerate() {
                let d = (x - q, y - r);
                let touching = matches!(d, (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1));
                if touching && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    count
}

/// Plays a random game and checks the invariants after every move.
fn check_game(seats: usize, seed: u64) {
    let rules = rules(&[("seats", seats as i64)]);
    let need = if seats == 2 { 5 } else { 4 };
    let mut state = rules.start(seed);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut played = Vec::new();
    for _ in 0..MOVES {
        let moves = rules.sorted_moves(&state);
        let ctx = format!("{seats} seats, seed {seed}, after {played:?}");
        if state.is_over() {
            assert!(moves.is_empty(), "{ctx}: moves after the end");
            break;
        }
        assert!(!moves.is_empty(), "{ctx}: no legal move");
        let m = moves[rng.gen_range(0..moves.len())];
        played.push(rules.move_text(m));
        let mover = state.mover;
        rules.play(&mut state, m);
        let ctx = format!("{seats} seats, seed {seed}, after {played:?}");
        for s in 0..seats {
            let on_board = (0..rules.geometry.cell_count() as CellId)
                .filter(|&c| state.owner(c) == Some(s as u8))
                .count() as i32;
            assert_eq!(
                on_board + state.supply[s],
                tiles(seats),
                "{ctx}: seat {s}'s tiles"
            );
        }
        assert_eq!(groups(&rules, &state), 1, "{ctx}: the tiles form one group");
        let lines = lines(&rules, &state, need);
        match state.outcome {
            Some(Outcome::Win(w)) => {
                assert_eq!(w, mover, "{ctx}: the winner is the mover");
                assert!(lines[w as usize], "{ctx}: the winner has a line");
            }
            None => assert!(
                !lines.iter().any(|&l| l),
                "{ctx}: a line, and the game goes on"
            ),
            Some(Outcome::Draw) => panic!("{ctx}: Exago has no draw"),
        }
    }
}

/// Runs `game(seats, seed)` for 2 to 6 seats and `games` seeds each, in parallel.
fn for_every_seat_count(games: u64, game: impl Fn(usize, u64) + Sync + Send) {
    (2..=6usize)
        .flat_map(|seats| (0..games).map(move |seed| (seats, seed)))
        .collect::<Vec<_>>()
        .into_par_iter()
        .for_each(|(seats, seed)| game(seats, seed));
}

#[test]
fn random_games_keep_the_invariants_for_2_to_6_seats() {
    for_every_seat_count(GAMES, check_game);
}

#[test]
fn handicaps_take_tiles_from_the_seats_named() {
    let rules = rules(&[("seats", 3), ("handicap.Blue", 2), ("handicap.Yellow", 5)]);
    let state = rules.start(0);
    assert_eq!(state.supply, vec![6, 4, 1]);
    // One value for every seat at once.
    let rules = self::rules(&[("handicap", 3)]);
    assert_eq!(rules.start(0).supply, vec![9, 9]);
}

#[test]
fn bad_handicaps_are_refused_with_the_reason() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/exago.game");
    let source = std::fs::read_to_string(path).expect("rules/exago.game");
    let load = |k: &str, v: i64| tabula::compile::load(&source, &[(k.to_string(), v)]);
    for (key, value, words) in [
        ("handicap.Green", 1, "no seat `Green` plays"),
        ("handicap.Blue", 12, "outside its range"),
        ("size.Blue", 1, "not set per seat"),
        ("handicapp.Blue", 1, "unknown option"),
    ] {
        match load(key, value) {
            Err(tabula::compile::LoadError::Compile(e)) => {
                assert!(e.to_string().contains(words), "{key}={value}: {e}")
            }
            other => panic!("{key}={value} must be refused, got {:?}", other.is_ok()),
        }
    }
}

// The hand-written native Exago, the speed ceiling of the benches, is also a
// second implementation to compare with move by move.
#[path = "../benches/native/exago.rs"]
mod native;

/// Plays the engine and the native Exago side by side with the same random
/// choices, comparing the legal moves (as notation) after every move.
fn agree_with_native(seats: usize, seed: u64, moves: usize) {
    let rules = rules(&[("seats", seats as i64)]);
    let mut state = rules.start(seed);
    let mut game = native::Exago::new(6, seats, state.mover as usize, native::Options::default());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut theirs = Vec::new();
    let mut played = Vec::new();
    for _ in 0..moves {
        let mut ours: Vec<String> = rules
            .sorted_moves(&state)
            .into_iter()
            .map(|m| rules.move_text(m))
            .collect();
        game.legal_moves(&mut theirs);
        let mut native_moves: Vec<String> = theirs.iter().map(|&m| game.move_text(m)).collect();
        ours.sort();
        native_moves.sort();
        assert_eq!(
            ours, native_moves,
            "{seats} seats, seed {seed}, after {played:?}"
        );
        assert_eq!(
            state.is_over(),
            game.is_over(),
            "{seats} seats, seed {seed}: over"
        );
        if ours.is_empty() {
            return;
        }
        let text = ours[rng.gen_range(0..ours.len())].clone();
        let m = rules.parse_move(&state, &text).expect("a listed move");
        rules.play(&mut state, m);
        game.play_text(&text).expect("the native Exago plays it");
        assert_eq!(
            state.supply,
            game.supply(),
            "{seats} seats, seed {seed}: supplies"
        );
        played.push(text);
    }
}

#[test]
fn the_engine_agrees_with_the_native_exago() {
    for_every_seat_count(4, |seats, seed| agree_with_native(seats, seed, 150));
}
