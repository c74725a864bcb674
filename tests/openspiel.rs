//! Random play against OpenSpiel's: the outcomes of seeded random games
//! of a shipped game, each move drawn uniformly among the legal moves, are
//! within sampling error of OpenSpiel's random play of the same game
//! (`tests/openspiel/*-stats.toml`, written by the scripts beside them).
//! The perft counts from OpenSpiel are checked by tests/perft.rs.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use tabula::engine::Outcome;
use tabula::ir::Rules;

/// Games Tabula plays (fewer than OpenSpiel's 20,000: the test profile).
const GAMES: u64 = 3000;

/// Mixed into a game's seed to seed the draw of its moves.
const MOVES_STREAM: u64 = 0x9e37_79b9_7f4a_7c15;

fn load(file: &str) -> Rules {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("rules file");
    tabula::compile::load(&source, &[]).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// OpenSpiel's figures: games, first seat's wins, second's, draws, moves.
fn reference(name: &str) -> [f64; 5] {
    let path = format!("{}/tests/openspiel/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("stats file");
    let value = |key: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{key} = ")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("{path}: no {key}"))
    };
    ["games", "first", "second", "draws", "moves"].map(value)
}

/// Tabula's random games of `rules`: the first seat's wins, the second's,
/// draws, moves played, and the sum of the squares of the games' lengths.
fn play(rules: &Rules, games: u64) -> [f64; 5] {
    let games: Vec<(Option<Outcome>, usize)> = (0..games)
        .into_par_iter()
        .map(|seed| {
            let mut state = rules.start(seed);
            // Not the state's own seed: the moves drawn must not follow
            // the dice thrown.
            let mut rng = Pcg64Mcg::seed_from_u64(seed ^ MOVES_STREAM);
            let (mut buf, mut moves) = (Vec::new(), 0);
            while let Some(m) = rules.random_move(&state, &mut buf, &mut rng) {
                rules.play(&mut state, m);
                moves += 1;
            }
            (state.outcome, moves)
        })
        .collect();
    let count = |o: Outcome| games.iter().filter(|g| g.0 == Some(o)).count() as f64;
    let moves = games.iter().map(|g| g.1).sum::<usize>() as f64;
    let squares = games.iter().map(|g| (g.1 as f64).powi(2)).sum::<f64>();
    [
        count(Outcome::Win(0)),
        count(Outcome::Win(1)),
        count(Outcome::Draw),
        moves,
        squares,
    ]
}

/// Whether two proportions from `n` and `m` games differ by less than four
/// standard errors of their difference.
fn close(a: f64, n: f64, b: f64, m: f64) -> bool {
    let p = (a + b) / (n + m);
    let se = (p * (1.0 - p) * (1.0 / n + 1.0 / m)).sqrt();
    (a / n - b / m).abs() < 4.0 * se.max(1e-9)
}

/// Tabula's random play of `file` is within sampling error of OpenSpiel's
/// figures in `stats`, and its mean game length within 5%.
fn random_play_is_openspiels(file: &str, stats: &str) {
    random_play_over(file, stats, GAMES);
}

/// [`random_play_is_openspiels`] over `games` games.
fn random_play_over(file: &str, stats: &str, games: u64) {
    let rules = load(file);
    let [n, first, second, draws, moves] = reference(stats);
    let ours = play(&rules, games);
    let g = games as f64;
    for (what, a, b) in [
        ("first seat's wins", ours[0], first),
        ("second seat's wins", ours[1], second),
        ("draws", ours[2], draws),
    ] {
        assert!(
            close(a, g, b, n),
            "{file}: {what}: {a} of {g} games here, {b} of {n} in OpenSpiel"
        );
    }
    let (mine, theirs) = (ours[3] / g, moves / n);
    assert!(
        (mine - theirs).abs() < 0.05 * theirs,
        "{file}: mean length {mine:.1} here, {theirs:.1} in OpenSpiel"
    );
    // And within four standard errors, the lengths' spread taken from
    // Tabula's games (OpenSpiel's files keep only the sum): 5% alone let
    // Amazons drawn action by action (3.5% shorter) pass.
    let variance = (ours[4] / g - mine * mine).max(0.0);
    let se = (variance * (1.0 / g + 1.0 / n)).sqrt();
    assert!(
        (mine - theirs).abs() < 4.0 * se.max(1e-9),
        "{file}: mean length {mine:.2} here, {theirs:.2} in OpenSpiel, {:.1} standard errors apart",
        (mine - theirs).abs() / se
    );
}

#[test]
fn draughts_random_play_is_openspiels() {
    random_play_is_openspiels("draughts.game", "draughts-stats.toml");
}

#[test]
fn oware_random_play_is_openspiels() {
    random_play_is_openspiels("oware.game", "oware-stats.toml");
}

#[test]
fn y_random_play_is_openspiels() {
    random_play_is_openspiels("y.game", "y-stats.toml");
}

#[test]
fn pentago_random_play_is_openspiels() {
    random_play_is_openspiels("pentago.game", "pentago-stats.toml");
}

#[test]
fn backgammon_random_play_is_openspiels() {
    random_play_is_openspiels("backgammon.game", "backgammon-stats.toml");
}

#[test]
fn ludo_random_play_is_openspiels() {
    random_play_is_openspiels("ludo.game", "ludo-stats.toml");
}

#[test]
fn morris_random_play_is_openspiels() {
    random_play_is_openspiels("morris.game", "morris-stats.toml");
}

#[test]
fn go_random_play_is_openspiels() {
    random_play_is_openspiels("go.game", "go-stats.toml");
}

#[test]
fn chess_random_play_is_openspiels() {
    // A random game of chess is 340 moves, each tested for check: fewer
    // games in a debug build (the sampling error is then wider).
    let games = if cfg!(debug_assertions) { 300 } else { GAMES };
    random_play_over("chess.game", "chess-stats.toml", games);
}

#[test]
fn amazons_random_play_is_openspiels() {
    random_play_is_openspiels("amazons.game", "amazons-stats.toml");
}
