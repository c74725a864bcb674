//! Seeded random games: every rules file in `rules/` is played to the end many
//! times, and invariants are checked after every move. For Hex Fours the
//! interpreter is also played move by move against the hand-written native
//! implementation in `benches/native/hex_fours.rs`.

use std::path::PathBuf;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use tabula::engine::{random_playout, Move, Outcome, State};
use tabula::ir::Rules;

// Its own unit tests run with this binary too.
#[path = "../benches/native/hex_fours.rs"]
mod native_hex_fours;

use native_hex_fours::HexFours;

/// Seeds 0..GAMES for every rules file.
const GAMES: u64 = 1000;
/// Games played against the native implementation with the default options.
const NATIVE_GAMES: u64 = 200;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every rules file in `rules/`, by file name, loaded with default options.
fn all_rules() -> Vec<(String, Rules)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("rules"))
        .expect("rules/")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no rules files");
    paths
        .into_iter()
        .map(|p| {
            let name = p.file_name().expect("name").to_string_lossy().into_owned();
            (name, load(&p, &[]))
        })
        .collect()
}

fn load(path: &std::path::Path, set: &[(&str, i64)]) -> Rules {
    let source = std::fs::read_to_string(path).expect("rules file");
    let set: Vec<(String, i64)> = set.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    tabula::compile::load(&source, &set)
        .unwrap_or_else(|e| panic!("{} {set:?} does not load: {e:?}", path.display()))
}

fn hex_fours(size: i64, pieces: i64) -> Rules {
    load(
        &root().join("rules/hex-fours.game"),
        &[("size", size), ("pieces", pieces)],
    )
}

/// Hex Fours points recomputed from scratch: per seat, per axis, the sum of
/// floor(L / 4) over maximal runs, found by walking axial coordinates on a
/// square grid of (q, r) (cells off the hexagon stay empty).
fn hex_points(rules: &Rules, state: &State) -> Vec<i32> {
    let radius = rules
        .geometry
        .coords
        .iter()
        .map(|&(q, _)| q.abs())
        .max()
        .unwrap_or(0);
    let span = 2 * radius + 1;
    let mut grid = vec![0u8; (span * span) as usize];
    let index = |q: i32, r: i32| ((r + radius) * span + q + radius) as usize;
    for (c, &(q, r)) in rules.geometry.coords.iter().enumerate() {
        grid[index(q, r)] = state.board[c];
    }
    let at = |q: i32, r: i32| {
        if q.abs() > radius || r.abs() > radius {
            0
        } else {
            grid[index(q, r)]
        }
    };
    let mut points = vec![0; rules.seats.len()];
    for &(q, r) in &rules.geometry.coords {
        let v = at(q, r);
        if v == 0 {
            continue;
        }
        for (dq, dr) in [(1, 0), (0, 1), (1, -1)] {
            // Count each run once, from its first cell.
            if at(q - dq, r - dr) == v {
                continue;
            }
            let mut len = 0;
            while at(q + len * dq, r + len * dr) == v {
                len += 1;
            }
            points[v as usize - 1] += len / 4;
        }
    }
    points
}

/// Tic-tac-toe: whether `seat` has three in a row, by brute force over coordinates.
fn has_three(rules: &Rules, state: &State, seat: u8) -> bool {
    let own = |x: i32, y: i32| {
        (0..3).contains(&x)
            && (0..3).contains(&y)
            && rules
                .geometry
                .coords
                .iter()
                .position(|&c| c == (x, y))
                .is_some_and(|c| state.board[c] == seat + 1)
    };
    let rows = (0..3).any(|y| (0..3).all(|x| own(x, y)));
    let cols = (0..3).any(|x| (0..3).all(|y| own(x, y)));
    let diag = (0..3).all(|i| own(i, i));
    let anti = (0..3).all(|i| own(i, 2 - i));
    rows || cols || diag || anti
}

/// What a game keeps track of between moves, for the checks.
struct Track {
    moves: Vec<Move>,
    scores: Vec<i32>,
}

/// Checks the invariants after the move `track.moves.last()` by `seat`.
fn check_after_move(name: &str, rules: &Rules, state: &State, seat: u8, track: &mut Track) {
    let cells = rules.geometry.cell_count();
    let seats = rules.seats.len();
    let played = track.moves.len();
    let ctx = || format!("{name}: after moves {:?}", moves_text(rules, &track.moves));

    // The board: valid seats, counts per seat, one piece per move.
    assert!(
        state.board.iter().all(|&v| (v as usize) <= seats),
        "{}: a cell holds no seat",
        ctx()
    );
    let mut on_board = vec![0; seats];
    for &v in &state.board {
        if v > 0 {
            on_board[v as usize - 1] += 1;
        }
    }
    assert_eq!(
        on_board,
        state.counts,
        "{}: pieces on the board vs counts",
        ctx()
    );
    assert_eq!(
        on_board.iter().sum::<i32>() as usize,
        played,
        "{}: one piece per move",
        ctx()
    );
    assert_eq!(
        state.empty_count(),
        cells - played,
        "{}: empty cells",
        ctx()
    );
    assert!(played <= cells, "{}: longer than the board", ctx());
    let Move::Place(last) = *track.moves.last().expect("a move") else {
        panic!("{}: a sowing move in a placement game", ctx());
    };
    assert_eq!(
        state.board[last as usize],
        seat + 1,
        "{}: the mover's piece",
        ctx()
    );

    // Scores never go down; gains are the rise.
    for s in 0..seats {
        assert!(
            state.scores[s] >= track.scores[s],
            "{}: a score went down",
            ctx()
        );
        assert_eq!(
            state.gains[s],
            state.scores[s] - track.scores[s],
            "{}: gain",
            ctx()
        );
    }
    track.scores.clone_from(&state.scores);

    // Whose turn: seats alternate while the game goes on.
    if !state.is_over() {
        assert_eq!(state.mover as usize, played % seats, "{}: mover", ctx());
        assert_eq!(state.turn as usize, played + 1, "{}: turn", ctx());
    }

    if let Some(pieces) = rules.supply {
        for s in 0..seats {
            let (placed, supply) = (state.counts[s], state.supply[s]);
            assert!(supply >= 0, "{}: negative supply", ctx());
            assert!(
                placed + supply <= pieces,
                "{}: more pieces than {pieces}",
                ctx()
            );
        }
    }

    match rules.title.as_str() {
        "Hex Fours" => check_hex_fours(rules, state, seat, track, &ctx),
        "Tic-tac-toe" => check_tic_tac_toe(rules, state, seat, &ctx),
        _ => {}
    }
}

fn check_hex_fours(
    rules: &Rules,
    state: &State,
    seat: u8,
    track: &Track,
    ctx: &dyn Fn() -> String,
) {
    let pieces = rules.supply.expect("Hex Fours has a supply");
    assert_eq!(
        hex_points(rules, state),
        state.scores,
        "{}: points vs a recount",
        ctx()
    );
    // Pieces are conserved: placed + supply + set aside == pieces, where the
    // set-aside pieces are the points, clamped when the supply ran out.
    for s in 0..2 {
        let (placed, supply, points) = (state.counts[s], state.supply[s], state.scores[s]);
        if supply > 0 {
            assert_eq!(
                placed + supply + points,
                pieces,
                "{}: seat {s}'s pieces",
                ctx()
            );
        } else {
            assert!(
                placed + points >= pieces,
                "{}: seat {s} ran out early",
                ctx()
            );
        }
    }
    // The opening.
    let Move::Place(first) = track.moves[0] else {
        panic!("{}: a sowing move in Hex Fours", ctx());
    };
    assert!(
        !rules.geometry.edge[first as usize],
        "{}: first move on the edge",
        ctx()
    );
    if let Some(&Move::Place(second)) = track.moves.get(1) {
        assert!(
            rules.geometry.adjacent(first, second),
            "{}: second move not adjacent",
            ctx()
        );
    }
    // The end: at once when the mover has no piece left or the board is full.
    let ends = state.supply[seat as usize] == 0 || state.empty_count() == 0;
    assert_eq!(state.is_over(), ends, "{}: end", ctx());
    if let Some(outcome) = state.outcome {
        let expected = match state.scores[0].cmp(&state.scores[1]) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Win(1),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        assert_eq!(outcome, expected, "{}: result", ctx());
    }
}

fn check_tic_tac_toe(rules: &Rules, state: &State, seat: u8, ctx: &dyn Fn() -> String) {
    let other = 1 - seat;
    assert!(
        !has_three(rules, state, other),
        "{}: the other seat has a line",
        ctx()
    );
    let line = has_three(rules, state, seat);
    let expected = if line {
        Some(Outcome::Win(seat))
    } else if state.empty_count() == 0 {
        Some(Outcome::Draw)
    } else {
        None
    };
    assert_eq!(state.outcome, expected, "{}: result", ctx());
}

fn moves_text(rules: &Rules, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| rules.move_text(m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays one seeded random game, checking after every move; returns its length.
fn play_checked(name: &str, rules: &Rules, seed: u64) -> usize {
    let mut state = rules.start(seed);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut track = Track {
        moves: Vec::new(),
        scores: state.scores.clone(),
    };
    assert!(
        state.scores.iter().all(|&s| s == 0),
        "{name}: scores at the start"
    );
    let bound = rules.geometry.cell_count();
    let mut seen = vec![false; bound];
    while !state.is_over() {
        assert!(
            track.moves.len() < bound,
            "{name} seed {seed}: no result after {bound} moves"
        );
        rules.legal_moves(&state, &mut buf);
        assert!(
            !buf.is_empty(),
            "{name} seed {seed}: no legal move but no result after {}",
            moves_text(rules, &track.moves)
        );
        seen.fill(false);
        for &m in &buf {
            let Move::Place(c) = m else {
                panic!("{name}: a sowing move in a placement game");
            };
            assert_eq!(
                state.board[c as usize], 0,
                "{name}: a legal move on an occupied cell"
            );
            assert!(
                !std::mem::replace(&mut seen[c as usize], true),
                "{name}: a duplicate legal move"
            );
        }
        let m = buf[rng.gen_range(0..buf.len())];
        let seat = state.mover;
        rules.play(&mut state, m);
        track.moves.push(m);
        check_after_move(
            &format!("{name} seed {seed}"),
            rules,
            &state,
            seat,
            &mut track,
        );
    }
    assert!(
        state.fault().is_none(),
        "{name} seed {seed}: an expression failed"
    );
    assert!(
        rules.sorted_moves(&state).is_empty(),
        "{name} seed {seed}: moves after the end"
    );
    track.moves.len()
}

#[test]
fn random_games_end_with_a_result_and_keep_invariants() {
    for (name, rules) in all_rules() {
        // Seeds in parallel: the checks are slow in a debug build.
        let lengths: Vec<usize> = (0..GAMES)
            .into_par_iter()
            .map(|seed| play_checked(&name, &rules, seed))
            .collect();
        let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
        println!(
            "{name}: {GAMES} games, {}..{} moves, mean {mean:.1}",
            lengths.iter().min().expect("games"),
            lengths.iter().max().expect("games")
        );
    }
}

#[test]
fn hex_fours_random_games_on_other_boards() {
    // Few pieces (the supply ends it), about half the cells, and one piece per
    // cell (a full board ends it).
    let boards: Vec<(i64, i64)> = (3..=7)
        .flat_map(|size| {
            let cells = 3 * size * (size - 1) + 1;
            [1, 4, 5, cells / 2, cells].map(|pieces| (size, pieces))
        })
        .collect();
    boards.into_par_iter().for_each(|(size, pieces)| {
        let rules = hex_fours(size, pieces);
        for seed in 0..20 {
            play_checked(
                &format!("hex-fours size {size} pieces {pieces}"),
                &rules,
                seed,
            );
        }
    });
}

#[test]
fn the_engines_random_playout_ends_every_game() {
    for (name, rules) in all_rules() {
        let cells = rules.geometry.cell_count() as u32;
        let mut buf = Vec::new();
        for seed in 0..GAMES {
            let mut state = rules.start(seed);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let n = random_playout(&rules, &mut state, &mut buf, &mut rng, cells + 1);
            assert!(
                state.outcome.is_some(),
                "{name} seed {seed}: no result after {n} moves"
            );
            assert!(n <= cells, "{name} seed {seed}: {n} moves");
            assert_eq!(
                state.counts.iter().sum::<i32>() as u32,
                n,
                "{name} seed {seed}"
            );
        }
    }
}

/// Plays the interpreter and the native implementation side by side with the
/// same random choices, comparing everything after every move.
fn agree_with_native(size: i64, pieces: i64, seed: u64) {
    let rules = hex_fours(size, pieces);
    let mut native = HexFours::new(size as usize, pieces as i32);
    assert_eq!(native.cell_count(), rules.geometry.cell_count());
    let mut state = rules.start(seed);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut played = Vec::new();
    loop {
        let ctx = || {
            format!(
                "size {size} pieces {pieces} seed {seed}: after {}",
                moves_text(&rules, &played)
            )
        };
        ours.clear();
        ours.extend(
            rules
                .sorted_moves(&state)
                .into_iter()
                .map(|m| match m {
                    Move::Place(c) => c,
                    Move::Sow { .. } => panic!("{}: a sowing move in Hex Fours", ctx()),
                }),
        );
        native.legal_moves(&mut theirs);
        assert_eq!(ours, theirs, "{}: legal moves", ctx());
        assert_eq!(state.scores, native.points(), "{}: points", ctx());
        assert_eq!(state.supply, native.supply(), "{}: supply", ctx());
        assert_eq!(state.is_over(), native.is_over(), "{}: over", ctx());
        if state.is_over() {
            let expected = native
                .winner()
                .map_or(Outcome::Draw, |w| Outcome::Win(w as u8));
            assert_eq!(state.outcome, Some(expected), "{}: result", ctx());
            return;
        }
        assert_eq!(state.mover as usize, native.mover(), "{}: mover", ctx());
        let c = ours[rng.gen_range(0..ours.len())];
        rules.play(&mut state, Move::Place(c));
        native.play(c);
        played.push(Move::Place(c));
    }
}

#[test]
fn hex_fours_agrees_with_the_native_implementation() {
    (0..NATIVE_GAMES)
        .into_par_iter()
        .for_each(|seed| agree_with_native(6, 45, seed));
}

#[test]
fn hex_fours_agrees_with_the_native_implementation_on_other_boards() {
    let boards: Vec<(i64, i64)> = (3..=9)
        .flat_map(|size| {
            let cells = 3 * size * (size - 1) + 1;
            [1, 5, 7, cells / 2, cells].map(|pieces| (size, pieces))
        })
        .collect();
    boards.into_par_iter().for_each(|(size, pieces)| {
        for seed in 0..10 {
            agree_with_native(size, pieces, seed);
        }
    });
    // The largest boards the rules allow, played until full.
    [(10, 271), (13, 469)]
        .into_par_iter()
        .for_each(|(size, pieces)| agree_with_native(size, pieces, 0));
}

#[path = "../benches/native/qawale.rs"]
mod native_qawale;

#[test]
#[ignore]
fn scratch_measure() {
    let mut hist = std::collections::BTreeMap::new();
    let mut total = 0u64;
    let mut lens = std::collections::BTreeMap::new();
    for seed in 0..1000u64 {
        let mut g = native_qawale::Qawale::new((seed % 2) as usize);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut maxc = 0;
        while !g.is_over() {
            let n = g.move_count();
            total += n;
            maxc = maxc.max(n);
            let m = g.nth_move(rng.gen_range(0..n));
            g.play(&m);
        }
        *hist.entry(maxc.next_power_of_two()).or_insert(0) += 1;
        *lens.entry((g.turns(), g.winner())).or_insert(0) += 1;
    }
    println!("{hist:?} total {total}");
    println!("{lens:?}");
}
