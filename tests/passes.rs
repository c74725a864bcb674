//! The specialising passes against the general paths. Every rules file in
//! rules/, every complete example of docs/language.md and every odd or
//! hostile file of tests/hostile/ is compiled twice, with every pass
//! (`Passes::ALL`) and with none (`Passes::NONE`, the general listing and
//! turn-by-turn play), and:
//!
//! - the two list the same legal moves at every position of random games,
//!   reach the same position after each move, and each one's random move
//!   is one of its legal moves whenever there is one; and so do every pass
//!   and every pass but one, for each pass that fired;
//! - with all passes, and with each pass left out in turn, a random
//!   playout ends exactly where turn-by-turn play with the same draws does
//!   (the loops claim the same draws);
//! - where a pass draws random moves differently, the results of seeded
//!   random games with and without the passes agree by a chi-square test.
//!
//! Nothing may panic: each file runs under `catch_unwind`, and every file
//! that fails is named in one report.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabula::compile::{load_with, Pass, Passes};
use tabula::engine::{random_playout, Outcome, State};
use tabula::ir::plan::Playout;
use tabula::ir::Rules;

#[path = "common/docs.rs"]
mod docs;

/// The most moves a game of the move-by-move comparison plays.
const MOVES: usize = 60;
/// The most moves a playout plays.
const PLAYOUT_MOVES: u32 = 400;

/// Every rules text to compare: (name, text).
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for folder in ["rules", "tests/hostile"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(folder))
            .expect("a folder of rules")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("a rules file");
            let name = path.strip_prefix(root).unwrap_or(&path);
            all.push((name.display().to_string(), text));
        }
    }
    for (i, block) in docs::complete_examples().into_iter().enumerate() {
        all.push((format!("docs/language.md example {}", i + 1), block));
    }
    all
}

/// The rules compiled with `passes`, or `None` when the text is refused
/// (then with every set of passes alike).
fn compiled(text: &str, passes: Passes) -> Option<Rules> {
    load_with(text, &[], passes).ok()
}

/// Runs `check` on every source, each under `catch_unwind`; panics naming
/// every source that failed.
fn on_every_source(check: fn(&str, &Rules, &Rules)) {
    let mut failures = Vec::new();
    let mut compared = 0;
    for (name, text) in sources() {
        let started = std::time::Instant::now();
        let result = within_limit(move || {
            let all = compiled(&text, Passes::ALL);
            let none = compiled(&text, Passes::NONE);
            match (all, none) {
                (Some(all), Some(none)) => {
                    check(&text, &all, &none);
                    true
                }
                (None, None) => false,
                _ => panic!("compiles with one set of passes only"),
            }
        });
        if std::env::var("PASSES_TIMES").is_ok() {
            eprintln!("{:8.3} s {name}", started.elapsed().as_secs_f64());
        }
        match result {
            Ok(true) => compared += 1,
            Ok(false) => {}
            Err(e) => failures.push(format!("{name}: {}", panic_text(&e))),
        }
    }
    assert!(compared >= 100, "only {compared} sources compared");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The most one source may take, in a debug build on a loaded machine: a
/// source that hangs fails the test, named, instead of hanging CI. The
/// slowest, `track-max-sizes` (a 12 split among six movers, played with
/// each of the 19 passes left out), took 90 s in
/// `every_playout_loop_ends_where_turn_by_turn_play_does` on 2026-11-27
/// (debug, 2 cores, load 2.5) and over 120 s with a build beside it.
const LIMIT: std::time::Duration = std::time::Duration::from_secs(240);

/// Runs `work` on a thread of its own, under `catch_unwind` and [`LIMIT`]
/// (past it the thread is left running and the source counts as failed).
fn within_limit(
    work: impl FnOnce() -> bool + Send + 'static,
) -> Result<bool, Box<dyn std::any::Any + Send>> {
    let (done, wait) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = done.send(catch_unwind(AssertUnwindSafe(work)));
        })
        .expect("a thread");
    wait.recv_timeout(LIMIT)
        .unwrap_or_else(|_| Err(Box::new(format!("took over {LIMIT:?}"))))
}

fn panic_text(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// The legal moves in notation, sorted; `None` when they are more than the
/// engine lists (R0005: then only the first are kept, and the two may keep
/// different ones) or took longer than it gives a listing (R0006: how far
/// each got depends on the machine's load).
fn texts(rules: &Rules, state: &State) -> Option<Vec<String>> {
    let mut moves = Vec::new();
    rules.legal_moves(state, &mut moves);
    if cut_short(state) {
        return None;
    }
    let mut texts: Vec<String> = moves.into_iter().map(|m| rules.move_text(m)).collect();
    texts.sort();
    Some(texts)
}

/// Whether two lists of moves in notation are the same moves: the same
/// texts, or the same pieces after each, since a split is listed as the
/// first order of parts that leaves its position, and with a pass that
/// tries fewer orders another order may come first.
fn same_moves(a: (&Rules, &State, &[String]), b: (&Rules, &State, &[String])) -> bool {
    if a.2 == b.2 {
        return true;
    }
    let pieces = |(rules, state, texts): (&Rules, &State, &[String])| {
        let mut all: Vec<Vec<Vec<u8>>> = texts
            .iter()
            .map(|text| {
                let mut next = state.clone();
                let m = rules.parse_move(state, text).expect("a listed move reads");
                rules.play(&mut next, m);
                let cells = 0..next.board.len() as tabula::ir::CellId;
                cells.map(|c| next.stack(c, rules).to_vec()).collect()
            })
            .collect();
        all.sort();
        all
    };
    a.2.len() == b.2.len() && pieces(a) == pieces(b)
}

/// A list for a message: its first few items and how many there are.
fn few(items: &[String]) -> String {
    let shown: Vec<&str> = items.iter().take(6).map(String::as_str).collect();
    format!("{} moves: {} ...", items.len(), shown.join(", "))
}

/// A random move of `rules` must be legal when one is, and none otherwise.
fn random_move_is_legal(rules: &Rules, state: &State, legal: &[String], rng: &mut Pcg64Mcg) {
    let mut buf = Vec::new();
    match rules.random_move(state, &mut buf, rng) {
        Some(m) => {
            let text = rules.move_text(m);
            assert!(
                legal.contains(&text),
                "turn {}: the random move {text} is not among {}",
                state.turn,
                few(legal)
            );
        }
        None => assert!(
            legal.is_empty(),
            "turn {}: no random move drawn, but {} are legal",
            state.turn,
            few(legal)
        ),
    }
}

/// The same legal moves, positions and scores, move by move, in `seeds`
/// random games played by both rules (the second's moves are the
/// reference).
fn same_games(all: &Rules, none: &Rules, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let (mut a, mut b) = (all.start(seed), none.start(seed));
        assert!(a == b, "seed {seed}: the start positions differ");
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..MOVES {
            let Some(legal) = texts(none, &b) else {
                break;
            };
            let listed = texts(all, &a).unwrap_or_default();
            if !same_moves((all, &a, &listed), (none, &b, &legal)) {
                panic!(
                    "seed {seed}, turn {}: {} with every pass, {} without",
                    b.turn,
                    few(&listed),
                    few(&legal)
                );
            }
            random_move_is_legal(all, &a, &listed, &mut rng.clone());
            random_move_is_legal(none, &b, &legal, &mut rng.clone());
            if legal.is_empty() {
                break;
            }
            let text = &legal[tabula::engine::below(&mut rng, legal.len())];
            for (rules, state) in [(all, &mut a), (none, &mut b)] {
                let m = rules
                    .parse_move(state, text)
                    .unwrap_or_else(|e| panic!("seed {seed}: {text} refused: {e}"));
                // Read back as the very move listed, not a twin written alike.
                assert!(
                    rules.sorted_moves(state).contains(&m),
                    "seed {seed}: {text} reads as {m:?}, which is not listed"
                );
                rules.play(state, m);
            }
            assert!(a == b, "seed {seed}: the positions after {text} differ");
            // A division by zero or an overflow met is a fault of the game
            // either way (`simulate` reports it): not one a pass adds.
            let kind = |s: &State| s.fault().map(|f| f.kind);
            assert_eq!(kind(&a), kind(&b), "seed {seed}: faults after {text}");
            let scores = none.scores_now(&b);
            assert_eq!(
                all.scores_now(&a),
                scores,
                "seed {seed}: scores after {text}"
            );
        }
    }
}

fn same_moves_and_positions(_: &str, all: &Rules, none: &Rules) {
    same_games(all, none, 0..3);
}

/// With each pass that fired left out alone, against every pass: a pass
/// whose output another relies on shows here, not with all of them off.
fn same_without_each_pass(text: &str, all: &Rules, _: &Rules) {
    for (pass, _) in &all.plan.fired {
        let without = compiled(text, Passes::ALL.without(*pass)).expect("compiles");
        let check = catch_unwind(AssertUnwindSafe(|| same_games(all, &without, 0..1)));
        if let Err(e) = check {
            panic!("without {}: {}", pass.name(), panic_text(&e));
        }
    }
}

#[test]
fn every_pass_lists_and_plays_as_the_general_paths_do() {
    on_every_source(same_moves_and_positions);
}

#[test]
fn each_pass_left_out_alone_lists_and_plays_as_all_of_them() {
    on_every_source(same_without_each_pass);
}

/// Random moves drawn and played one at a time, with `rng`.
fn turn_by_turn(rules: &Rules, state: &mut State, rng: &mut Pcg64Mcg, max: u32) -> u32 {
    let mut buf = Vec::new();
    let mut played = 0;
    while played < max {
        let Some(m) = rules.random_move(state, &mut buf, rng) else {
            break;
        };
        rules.play(state, m);
        played += 1;
    }
    played
}

/// Whether a listing in this game was cut short, by count or by time.
fn cut_short(state: &State) -> bool {
    use tabula::engine::FaultKind;
    state
        .fault()
        .is_some_and(|f| matches!(f.kind, FaultKind::TooManyMoves | FaultKind::SlowListing))
}

/// A playout and turn-by-turn play with the same draws end alike (unless
/// a listing was cut short by time: where depends on the machine's load).
fn playout_is_turn_by_turn(rules: &Rules, seed: u64, what: &str) {
    let (mut a, mut b) = (rules.start(seed), rules.start(seed));
    let mut rng_a = Pcg64Mcg::seed_from_u64(seed);
    let mut rng_b = rng_a.clone();
    let n = random_playout(rules, &mut a, &mut Vec::new(), &mut rng_a, PLAYOUT_MOVES);
    let m = turn_by_turn(rules, &mut b, &mut rng_b, PLAYOUT_MOVES);
    let slow = |s: &State| {
        s.fault()
            .is_some_and(|f| f.kind == tabula::engine::FaultKind::SlowListing)
    };
    if slow(&a) || slow(&b) {
        return;
    }
    assert_eq!(n, m, "{what}, seed {seed}: moves played");
    assert!(a == b, "{what}, seed {seed}: the positions differ");
}

fn playouts_as_turn_by_turn(text: &str, all: &Rules, _: &Rules) {
    // A loop of its own is played out more often: what it does rarely (a
    // forced pass) must meet turn-by-turn play too.
    let seeds = match all.plan.playout {
        Playout::Turns => 3,
        _ => 24,
    };
    for seed in 0..seeds {
        playout_is_turn_by_turn(all, seed, "every pass");
    }
    for pass in Pass::ALL {
        // A pass that did not fire changed nothing: without it the rules
        // are the same.
        if !all.plan.fired.iter().any(|(p, _)| *p == pass) {
            continue;
        }
        let rules = compiled(text, Passes::ALL.without(pass)).expect("compiles");
        for seed in 0..2 {
            playout_is_turn_by_turn(&rules, seed, &format!("without {}", pass.name()));
        }
    }
}

#[test]
fn every_playout_loop_ends_where_turn_by_turn_play_does() {
    on_every_source(playouts_as_turn_by_turn);
}

/// Results of `games` seeded random games: wins by seat, draws, unfinished.
fn results(rules: &Rules, games: u64) -> Vec<u64> {
    let seats = rules.seats.len();
    let mut counts = vec![0; seats + 2];
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut state = rules.start(seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
        random_playout(rules, &mut state, &mut buf, &mut rng, PLAYOUT_MOVES);
        let slot = match state.outcome {
            Some(Outcome::Win(s)) => s as usize,
            Some(Outcome::Draw) => seats,
            None => seats + 1,
        };
        counts[slot] += 1;
    }
    counts
}

/// The chi-square statistic of two samples over the same categories (those
/// seen fewer than 10 times in all merged into one) and its degrees of freedom.
fn chi_square(a: &[u64], b: &[u64]) -> (f64, usize) {
    let (mut rows, mut rest) = (Vec::new(), (0, 0));
    for (&x, &y) in a.iter().zip(b) {
        if x + y >= 10 {
            rows.push((x, y));
        } else {
            rest = (rest.0 + x, rest.1 + y);
        }
    }
    if rest.0 + rest.1 > 0 {
        rows.push(rest);
    }
    let (na, nb) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    let mut chi = 0.0;
    for &(x, y) in &rows {
        let total = (x + y) as f64;
        for (observed, n) in [(x as f64, na), (y as f64, nb)] {
            let expected = total * n / (na + nb);
            chi += (observed - expected).powi(2) / expected;
        }
    }
    (chi, rows.len().saturating_sub(1))
}

/// Chi-square at p = 0.001 for 1 to 10 degrees of freedom.
const CRITICAL: [f64; 10] = [
    10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12, 27.88, 29.59,
];

fn same_results(_: &str, all: &Rules, none: &Rules) {
    // Without a random draw of its own, a game draws as the general paths
    // do, and the playout test compares them exactly.
    if all.plan.draws == none.plan.draws {
        return;
    }
    let (a, b) = (results(all, 300), results(none, 300));
    let (chi, df) = chi_square(&a, &b);
    if df > 0 {
        assert!(
            chi < CRITICAL[(df - 1).min(9)],
            "results differ: {a:?} with every pass, {b:?} without (chi-square {chi:.1}, {df} df)"
        );
    }
    let unfinished = |r: &[u64]| r[r.len() - 1];
    let slack = 3 + unfinished(&b) / 5;
    assert!(
        unfinished(&a) <= unfinished(&b) + slack,
        "{} games unfinished with every pass, {} without",
        unfinished(&a),
        unfinished(&b)
    );
}

#[test]
fn random_games_end_alike_with_and_without_the_passes() {
    on_every_source(same_results);
}

#[test]
fn a_forced_pass_is_drawn_in_random_play_under_a_plain_place_rule() {
    // The plain-place draw and the placement loop dropped `otherwise pass`:
    // every random game stopped when the supplies ran out.
    let text = "game \"Pass\"\nplayers X, O\nboard square 3 x 3\nsupply 2\n\
                phase play\n  place where empty\n  otherwise pass\n\
                end when passes == 2: draw\n";
    let rules = load_with(text, &[], Passes::ALL).expect("compiles");
    for seed in 0..20 {
        let mut state = rules.start(seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let n = random_playout(&rules, &mut state, &mut Vec::new(), &mut rng, 1000);
        assert_eq!(state.outcome, Some(Outcome::Draw), "seed {seed}: {n} moves");
        assert_eq!(n, 6, "four placements and two passes");
    }
}

#[test]
fn sowing_piles_every_piece_on_a_cell_or_is_refused() {
    // 84 pieces on four cells that held 64 each: a sowing path overflowed a
    // full cell and the sowing loop panicked. A cell now holds every piece
    // the game has, up to 255 (a height is a byte); more is refused.
    let text = "game \"Sow\"\nplayers A, B\nboard square 2 x 2 with stacks\nneutral Tan\n\
                supply 40\nsetup: put 1 Tan where true\nphase play\n  place where true then sow\n\
                end when turn == 0: draw\n";
    let rules = load_with(text, &[], Passes::ALL).expect("84 pieces fit");
    let mut tallest = 0;
    for seed in 0..50 {
        let mut state = rules.start(seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let n = random_playout(&rules, &mut state, &mut Vec::new(), &mut rng, 200);
        assert_eq!(n, 80, "seed {seed}: every piece placed, then no move");
        let heights: Vec<u8> = (0..4).map(|c| state.height(c)).collect();
        assert_eq!(heights.iter().map(|&h| h as usize).sum::<usize>(), 84);
        tallest = tallest.max(*heights.iter().max().expect("four cells"));
    }
    assert!(tallest > 40, "the stacks grew to {tallest} at most");
    let too_many = text.replace("supply 40", "supply 200");
    let Err(e) = load_with(&too_many, &[], Passes::ALL) else {
        panic!("404 pieces on a sowing board were accepted")
    };
    let said = format!("{e:?}");
    assert!(said.contains("sowing with 404 pieces"), "{said}");
}
