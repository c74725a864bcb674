//! Seeded random games: every rules file in `rules/` is played to the end many
//! times, and invariants are checked after every move. For Hex Fours and
//! Qawale the interpreter is also played move by move against the hand-written
//! native implementations in `benches/native/`.

use std::path::PathBuf;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use tabula::engine::{random_playout, Move, Outcome, State};
use tabula::ir::{Form, Rules};

#[path = "common/rules.rs"]
#[allow(dead_code)]
mod common_rules;

// Its own unit tests run with this binary too.
#[path = "../benches/native/hex_fours.rs"]
mod native_hex_fours;

use native_hex_fours::HexFours;

// Its own unit tests run with this binary too.
#[path = "../benches/native/qawale.rs"]
mod native_qawale;

use native_qawale::Qawale;

/// Seeds 0..GAMES for every rules file.
const GAMES: u64 = 1000;
/// Games played against the native implementation with the default options.
const NATIVE_GAMES: u64 = 200;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every rules file in `rules/` whose games must end, by file name, loaded
/// with default options. Pieces never leave the board in these, so a game
/// ends within a move a cell. Games that need not end (they declare a
/// `limit`: pieces move) have their own tests (tests/exago.rs).
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
        .filter(|(_, rules)| rules.turn_limit == 0)
        .collect()
}

/// Whether a game is one these checks model: a piece placed (or a stack
/// sown) each turn, won by a line or drawn on a full board. Games that
/// connect sides, flip, move pieces or pass have their own checks
/// (tests/classics.rs).
fn placement_game(rules: &Rules) -> bool {
    let placing = |r: &tabula::ir::MoveRule| matches!(r.form, Form::Place | Form::Sow);
    !rules.plan.keeps.links
        && rules
            .phases
            .iter()
            .all(|p| p.otherwise.is_none() && p.rules.iter().all(placing))
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

    if let Some(pieces) = rules.supply.each() {
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
    let pieces = rules.supply.each().expect("Hex Fours has a supply");
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
        if rules.has_hidden() || !placement_game(&rules) {
            // Card games have their own invariants: tests/just_4_fun.rs.
            continue;
        }
        let clock = std::time::Instant::now();
        // Seeds in parallel: the checks are slow in a debug build.
        let lengths: Vec<usize> = if rules.stacks {
            assert_eq!(
                rules.title, "Qawale",
                "{name}: no checks for this game with stacks"
            );
            let paths = QawalePaths::new(&rules);
            (0..GAMES)
                .into_par_iter()
                .map(|seed| play_checked_qawale(&name, &rules, &paths, seed))
                .collect()
        } else {
            (0..GAMES)
                .into_par_iter()
                .map(|seed| play_checked(&name, &rules, seed))
                .collect()
        };
        let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
        println!(
            "{name}: {GAMES} games, {}..{} moves, mean {mean:.1}, {:.1} s",
            lengths.iter().min().expect("games"),
            lengths.iter().max().expect("games"),
            clock.elapsed().as_secs_f64()
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
    let placing = |r: &Rules| !r.has_hidden() && placement_game(r);
    for (name, rules) in all_rules().into_iter().filter(|(_, r)| placing(r)) {
        // Card games (tests/just_4_fun.rs) may pass turns: no cell bound.
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
        ours.extend(rules.sorted_moves(&state).into_iter().map(|m| match m {
            Move::Place(c) => c,
            other => panic!("{}: {other:?} is not a placement", ctx()),
        }));
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

// --- Qawale -------------------------------------------------------------------

/// Random Qawale games along which every legal move is tried.
const QAWALE_EVERY_MOVE_GAMES: u64 = 200;
/// Pebbles in Qawale: 8 each, 8 tan.
const QAWALE_PEBBLES: i32 = 8;
/// The code of a tan pebble: after the two seats.
const TAN: u8 = 3;

/// Whether the tops in `board` (one code per cell) hold a line of 4 of
/// `code`: a row, a column or a long diagonal, found from the coordinates.
fn qawale_line(rules: &Rules, board: &[u8], code: u8) -> bool {
    let mut at = [[0u8; 4]; 4];
    for (c, &(x, y)) in rules.geometry.coords.iter().enumerate() {
        at[y as usize][x as usize] = board[c];
    }
    let own = |x: usize, y: usize| at[y][x] == code;
    (0..4).any(|i| (0..4).all(|k| own(k, i)) || (0..4).all(|k| own(i, k)))
        || (0..4).all(|k| own(k, k))
        || (0..4).all(|k| own(k, 3 - k))
}

/// Per (cell, steps, direction of the step that came in, 4 for none): the
/// number of sowing paths of that many steps, never straight back, counted on
/// the coordinates. The number of legal moves follows from the heights.
struct QawalePaths {
    /// `count[(steps * 16 + cell) * 5 + came]`.
    count: Vec<u64>,
}

impl QawalePaths {
    const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

    fn new(rules: &Rules) -> Self {
        let mut cell_at = [0; 16];
        for (c, &(x, y)) in rules.geometry.coords.iter().enumerate() {
            cell_at[(y * 4 + x) as usize] = c;
        }
        let mut count = vec![0u64; 26 * 16 * 5];
        for steps in 0..26 {
            for c in 0..16 {
                let (x, y) = rules.geometry.coords[c];
                for came in 0..5 {
                    count[(steps * 16 + c) * 5 + came] = if steps == 0 {
                        1
                    } else {
                        Self::DIRS
                            .iter()
                            .enumerate()
                            .filter(|&(_, &(dx, dy))| {
                                let back = came < 4
                                    && (dx, dy) == (-Self::DIRS[came].0, -Self::DIRS[came].1);
                                !back && (0..4).contains(&(x + dx)) && (0..4).contains(&(y + dy))
                            })
                            .map(|(d, &(dx, dy))| {
                                let next = cell_at[((y + dy) * 4 + x + dx) as usize];
                                count[((steps - 1) * 16 + next) * 5 + d]
                            })
                            .sum()
                    };
                }
            }
        }
        QawalePaths { count }
    }

    /// The number of legal moves: every stack, one step per pebble and one more.
    fn moves(&self, state: &State) -> u64 {
        (0..16)
            .map(|c| match state.height(c as u16) as usize {
                0 => 0,
                h => self.count[((h + 1) * 16 + c) * 5 + 4],
            })
            .sum()
    }
}

/// The stacks of every cell, bottom first.
fn all_stacks(rules: &Rules, state: &State) -> Vec<Vec<u8>> {
    (0..rules.geometry.cell_count())
        .map(|c| state.stack(c as u16, rules).to_vec())
        .collect()
}

/// Checks a Qawale position: pebbles conserved, tops and heights agree with
/// the stacks, counts and supplies, at most 16 turns.
fn check_qawale_position(rules: &Rules, state: &State, ctx: &dyn Fn() -> String) {
    let mut pieces = [0i32; 4];
    let mut total = 0;
    for c in 0..16u16 {
        let stack = state.stack(c, rules);
        assert_eq!(stack.len(), state.height(c) as usize, "{}: height", ctx());
        assert_eq!(
            state.board[c as usize],
            stack.last().copied().unwrap_or(0),
            "{}: the top of {}",
            ctx(),
            rules.geometry.labels[c as usize]
        );
        for &p in stack {
            assert!((1..=TAN).contains(&p), "{}: a pebble of code {p}", ctx());
            pieces[p as usize] += 1;
        }
        total += stack.len() as i32;
    }
    assert_eq!(
        total + state.supply[0] + state.supply[1],
        3 * QAWALE_PEBBLES,
        "{}: 24 pebbles",
        ctx()
    );
    assert_eq!(pieces[TAN as usize], QAWALE_PEBBLES, "{}: 8 tan", ctx());
    for s in 0..2 {
        assert_eq!(
            pieces[s + 1] + state.supply[s],
            QAWALE_PEBBLES,
            "{}: seat {s}'s 8 pebbles",
            ctx()
        );
        assert_eq!(
            pieces[s + 1],
            state.counts[s],
            "{}: seat {s}'s count",
            ctx()
        );
    }
    let turns = 2 * QAWALE_PEBBLES - state.supply[0] - state.supply[1];
    assert!(turns <= 16, "{}: more than 16 turns", ctx());
}

/// Plays one seeded random Qawale game, checking everything after every
/// move against a prediction made from the rules; returns its length.
fn play_checked_qawale(name: &str, rules: &Rules, paths: &QawalePaths, seed: u64) -> usize {
    let mut state = rules.start(seed);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut played: Vec<Move> = Vec::new();
    let first = state.mover;
    assert_eq!(
        state.chance,
        vec![u32::from(first)],
        "{name} seed {seed}: the draw"
    );
    for c in 0..16u16 {
        let corner = rules.geometry.corner[c as usize];
        let want: &[u8] = if corner { &[TAN, TAN] } else { &[] };
        assert_eq!(
            state.stack(c, rules),
            want,
            "{name} seed {seed}: the set-up"
        );
    }
    check_qawale_position(rules, &state, &|| format!("{name} seed {seed}: the start"));
    while !state.is_over() {
        let ctx = || {
            format!(
                "{name} seed {seed}: after {:?}",
                played
                    .iter()
                    .map(|&m| rules.move_text(m))
                    .collect::<Vec<_>>()
            )
        };
        assert!(played.len() < 16, "{}: no result after 16 turns", ctx());
        let mover = state.mover;
        assert_eq!(
            mover as usize,
            (first as usize + played.len()) % 2,
            "{}: mover",
            ctx()
        );
        assert_eq!(state.turn as usize, played.len() + 1, "{}: turn", ctx());

        // The legal moves: all different, each a stack and a path of its
        // height plus one, step by step to a neighbour, never straight back;
        // as many as the path count says.
        rules.legal_moves(&state, &mut buf);
        let mut sorted = buf.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), buf.len(), "{}: a duplicate legal move", ctx());
        assert_eq!(
            buf.len() as u64,
            paths.moves(&state),
            "{}: the number of legal moves",
            ctx()
        );
        for &m in &buf {
            let Some((from, steps, dirs)) = rules.sown(m) else {
                panic!("{}: a move that does not sow", ctx());
            };
            let height = state.height(from);
            assert!(height > 0, "{}: a move from an empty cell", ctx());
            assert_eq!(steps, height + 1, "{}: path length", ctx());
            let (mut before, mut at, mut length) = (None, from, 0);
            for next in rules.sow_path(from, steps, dirs) {
                assert!(
                    rules.geometry.adjacent(at, next) && Some(next) != before,
                    "{}: {} is not a path, or goes straight back",
                    ctx(),
                    rules.move_text(m)
                );
                (before, at, length) = (Some(at), next, length + 1);
            }
            assert_eq!(length, steps as usize, "{}: path length", ctx());
        }

        // Play one; predict the stacks from the rules: the mover's pebble on
        // the stack, the stack picked up and dropped bottom first on the path.
        let m = buf[rng.gen_range(0..buf.len())];
        let text = rules.move_text(m);
        let labels: Vec<&str> = text.split(' ').collect();
        let cell = |l: &str| rules.geometry.cell_by_label(l).expect("a cell") as usize;
        let mut want = all_stacks(rules, &state);
        let mut hand = std::mem::take(&mut want[cell(labels[0])]);
        hand.push(mover + 1);
        assert_eq!(hand.len(), labels.len() - 1, "{}: {text}: drops", ctx());
        for (pebble, label) in hand.into_iter().zip(&labels[1..]) {
            want[cell(label)].push(pebble);
        }
        assert_eq!(
            rules.parse_move(&state, &text),
            Ok(m),
            "{}: {text} reads back",
            ctx()
        );
        rules.play(&mut state, m);
        played.push(m);
        let ctx = || {
            format!(
                "{name} seed {seed}: after {:?}",
                played
                    .iter()
                    .map(|&m| rules.move_text(m))
                    .collect::<Vec<_>>()
            )
        };
        assert_eq!(all_stacks(rules, &state), want, "{}: the stacks", ctx());
        let last = cell(labels[labels.len() - 1]);
        assert_eq!(state.last as usize, last, "{}: the last drop", ctx());
        assert_eq!(
            state.board[last],
            mover + 1,
            "{}: the mover's pebble lands last",
            ctx()
        );
        check_qawale_position(rules, &state, &ctx);
        let supply = |s: usize| {
            QAWALE_PEBBLES - played.iter().skip(s ^ first as usize).step_by(2).count() as i32
        };
        assert_eq!(
            state.supply,
            vec![supply(0), supply(1)],
            "{}: supply",
            ctx()
        );

        // The result, from the tops.
        let expected = qawale_result(rules, &state, mover, played.len());
        assert_eq!(state.outcome, expected, "{}: result", ctx());
    }
    assert!(
        state.fault().is_none(),
        "{name} seed {seed}: an expression failed"
    );
    assert!(
        rules.sorted_moves(&state).is_empty(),
        "{name} seed {seed}: moves after the end"
    );
    played.len()
}

fn qawale() -> Rules {
    load(&root().join("rules/qawale.game"), &[])
}

/// The engine's random move (drawn from the path counts, without listing the
/// moves) is a legal move, and every legal move is about equally likely,
/// however many paths each stack has.
#[test]
fn qawale_random_moves_are_uniform() {
    let rules = qawale();
    // The start (40 moves, one height), and after moves that leave stacks of
    // heights 1 to 4 (short and long paths side by side).
    let positions: [&[&str]; 3] = [
        &[],
        &["a1 b1 c1 d1"],
        &["a1 b1 c1 d1", "d1 d2 c2 c1 d1", "d4 d3 d2 c2"],
    ];
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    for moves in positions {
        let mut state = rules.start(0);
        for text in moves {
            let m = rules.parse_move(&state, text).expect("legal");
            rules.play(&mut state, m);
        }
        let legal = rules.sorted_moves(&state);
        let per_move = 200;
        let draws = per_move * legal.len();
        let mut seen = vec![0usize; legal.len()];
        let mut buf = Vec::new();
        for _ in 0..draws {
            let m = rules
                .random_move(&state, &mut buf, &mut rng)
                .expect("a move");
            let i = legal
                .binary_search(&m)
                .unwrap_or_else(|_| panic!("{moves:?}: {} is not legal", rules.move_text(m)));
            seen[i] += 1;
        }
        // Chi-squared over the moves (k - 1 degrees of freedom): its mean is
        // k - 1 and its standard deviation sqrt(2 (k - 1)); 6 of those is far.
        let k = legal.len() as f64;
        let chi2: f64 = seen
            .iter()
            .map(|&n| (n as f64 - per_move as f64).powi(2) / per_move as f64)
            .sum();
        let limit = (k - 1.0) + 6.0 * (2.0 * (k - 1.0)).sqrt();
        assert!(
            chi2 < limit,
            "{moves:?}: {} moves, chi-squared {chi2:.1} over {limit:.1}: not uniform",
            legal.len()
        );
        assert!(seen.iter().all(|&n| n > 0), "{moves:?}: a move never drawn");
    }
}

/// Plays the interpreter and the native Qawale side by side with the same
/// random choices: the same legal moves (as notation), the same stacks, the
/// same supplies, mover, end and result after every move.
fn agree_with_native_qawale(rules: &Rules, seed: u64) -> usize {
    let mut state = rules.start(seed);
    let mut native = Qawale::new(state.mover as usize);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut buf, mut theirs) = (Vec::new(), Vec::new());
    let mut played: Vec<String> = Vec::new();
    loop {
        let ctx = || format!("qawale seed {seed}: after {played:?}");
        for c in 0..16 {
            let ours: Vec<u8> = state.stack(c as u16, rules).to_vec();
            let native_stack: Vec<u8> = native.stack(c).iter().map(|&p| p + 1).collect();
            assert_eq!(
                ours,
                native_stack,
                "{}: the stack on {}",
                ctx(),
                rules.geometry.labels[c]
            );
        }
        let supply = native.supply();
        assert_eq!(
            state.supply,
            vec![i32::from(supply[0]), i32::from(supply[1])],
            "{}: supply",
            ctx()
        );
        assert_eq!(state.is_over(), native.is_over(), "{}: over", ctx());
        if state.is_over() {
            let expected = native
                .winner()
                .map_or(Outcome::Draw, |w| Outcome::Win(w as u8));
            assert_eq!(state.outcome, Some(expected), "{}: result", ctx());
            assert!(
                rules.sorted_moves(&state).is_empty(),
                "{}: moves after the end",
                ctx()
            );
            native.legal_moves(&mut theirs);
            assert!(theirs.is_empty(), "{}: native moves after the end", ctx());
            return played.len();
        }
        assert_eq!(state.mover as usize, native.mover(), "{}: mover", ctx());
        rules.legal_moves(&state, &mut buf);
        let mut ours: Vec<(String, Move)> = buf.iter().map(|&m| (rules.move_text(m), m)).collect();
        ours.sort_unstable();
        native.legal_moves(&mut theirs);
        let mut theirs_text: Vec<String> = theirs.iter().map(native_qawale::notation).collect();
        theirs_text.sort_unstable();
        let ours_text: Vec<&String> = ours.iter().map(|(t, _)| t).collect();
        assert!(
            ours_text.iter().copied().eq(theirs_text.iter()),
            "{}: legal moves differ: {} here, {} native",
            ctx(),
            ours.len(),
            theirs.len()
        );
        assert_eq!(
            native.move_count(),
            ours.len() as u64,
            "{}: native count",
            ctx()
        );
        let (text, m) = ours[rng.gen_range(0..ours.len())].clone();
        let native_move = native_qawale::parse_sow(&text).expect("native notation");
        assert!(native.is_legal(&native_move), "{}: {text} native", ctx());
        rules.play(&mut state, m);
        native.play(&native_move);
        played.push(text);
    }
}

#[test]
fn qawale_agrees_with_the_native_implementation() {
    let rules = qawale();
    let lengths: Vec<usize> = (0..NATIVE_GAMES)
        .into_par_iter()
        .map(|seed| agree_with_native_qawale(&rules, seed))
        .collect();
    assert!(lengths.iter().all(|&n| (1..=16).contains(&n)));
}

/// The result a Qawale move must give, from the tops after it: a line for the
/// mover wins for the mover, even if the other seat has one too; a line only
/// for the other seat wins for it; else after the 16th turn a draw.
fn qawale_result(rules: &Rules, state: &State, mover: u8, turns: usize) -> Option<Outcome> {
    let other = 1 - mover;
    if qawale_line(rules, &state.board, mover + 1) {
        Some(Outcome::Win(mover))
    } else if qawale_line(rules, &state.board, other + 1) {
        Some(Outcome::Win(other))
    } else if turns == 16 {
        Some(Outcome::Draw)
    } else {
        None
    }
}

/// Along random games, every legal move (not only the one played) is tried
/// and its result checked, so that the rarer ends come up: lines for both
/// sides at once, and a line made only for the opponent.
#[test]
fn qawale_every_move_gets_the_right_result() {
    let rules = qawale();
    let tally: Vec<[usize; 4]> = (0..QAWALE_EVERY_MOVE_GAMES)
        .into_par_iter()
        .map(|seed| {
            // Per game: lines for both, for the opponent only, for the
            // mover only, draws.
            let mut tally = [0; 4];
            let mut state = rules.start(seed);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut buf = Vec::new();
            let mut child = state.clone();
            let mut turns = 0;
            while !state.is_over() {
                turns += 1;
                rules.legal_moves(&state, &mut buf);
                let mover = state.mover;
                for &m in &buf {
                    child.clone_from(&state);
                    rules.play(&mut child, m);
                    let expected = qawale_result(&rules, &child, mover, turns);
                    assert_eq!(
                        child.outcome,
                        expected,
                        "seed {seed}, turn {turns}: {}",
                        rules.move_text(m)
                    );
                    let mine = qawale_line(&rules, &child.board, mover + 1);
                    let theirs = qawale_line(&rules, &child.board, 2 - mover);
                    match (mine, theirs, expected) {
                        (true, true, _) => tally[0] += 1,
                        (false, true, _) => tally[1] += 1,
                        (true, false, _) => tally[2] += 1,
                        (_, _, Some(Outcome::Draw)) => tally[3] += 1,
                        _ => {}
                    }
                }
                let m = buf[rng.gen_range(0..buf.len())];
                rules.play(&mut state, m);
            }
            tally
        })
        .collect();
    let total = tally.iter().fold([0; 4], |mut t, g| {
        (0..4).for_each(|i| t[i] += g[i]);
        t
    });
    println!("Qawale moves tried: lines for both {}, for the opponent only {}, for the mover only {}, draws {}", total[0], total[1], total[2], total[3]);
    assert!(
        total.iter().all(|&n| n > 0),
        "every kind of end comes up: {total:?}"
    );
}

/// What `simulate` does between games (a copy of the start, whose chance
/// generator the game never draws from, unless `Rules::set_up_draws`, when
/// the set-up runs again with the game's chance) against a fresh set-up,
/// on every rules file, shipped and hostile: the same start for each seed,
/// and the same random game from it, whether or not the set-up draws
/// chance; and where it draws none, no game draws chance later either.
#[test]
fn restarting_from_a_copy_plays_the_games_a_fresh_set_up_plays() {
    let (mut compared, mut drawn) = (0, 0);
    for (what, rules) in common_rules::shipped_and_hostile() {
        let start = rules.start(0);
        // A state that played a game first, as a simulation's does.
        let mut restarted = rules.start(99);
        let mut buf = Vec::new();
        random_playout(&rules, &mut restarted, &mut buf, &mut small_rng(99), 200);
        for seed in [1, 2, 7] {
            let what = format!("{what} seed {seed}");
            let fresh = State::new(&rules, seed);
            // As simulate starts a game: a copy keeps the start's chance
            // (seed 0's), which the game must then never draw from.
            if rules.set_up_draws() {
                restarted.reset(&rules, seed);
                drawn += 1;
            } else {
                restarted.clone_from(&start);
            }
            assert!(restarted == fresh, "{what}: the starts differ");
            let (mut a, mut b) = (fresh, restarted.clone());
            let la = random_playout(&rules, &mut a, &mut buf, &mut small_rng(seed), 200);
            let lb = random_playout(&rules, &mut b, &mut buf, &mut small_rng(seed), 200);
            assert_eq!(la, lb, "{what}: lengths");
            assert!(a == b, "{what}: the games differ");
            if !rules.set_up_draws() {
                assert!(
                    b.rng == start.rng,
                    "{what}: drew chance the set-up does not"
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 200, "only {compared} games compared");
    assert!(drawn > 10, "only {drawn} set-ups that draw chance");
}

fn small_rng(seed: u64) -> rand::rngs::SmallRng {
    rand::rngs::SmallRng::seed_from_u64(seed)
}
