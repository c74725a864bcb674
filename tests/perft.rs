//! Perft: counts of positions reached by legal move sequences, checked against
//! the data files in `tests/perft/` (one file per rules file; the format is
//! described in `tests/perft/tic-tac-toe.toml`).
//!
//! Besides the counts in the files, every case is checked to equal the sum of
//! the counts over its children, and the Hex Fours and Qawale counts are
//! recomputed by brute-force implementations of the rules written here from
//! the rules texts, sharing nothing with the engine but the notation.
//! Cases marked `release_only` are counted by `cargo test --release` only.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Deserialize;
use tabula::engine::{perft, Perft, State};
use tabula::ir::Rules;

#[path = "common/rules.rs"]
#[allow(dead_code)]
mod common_rules;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerftFile {
    /// The rules file, a name in `rules/`.
    rules: String,
    /// Option values for every case.
    #[serde(default)]
    set: BTreeMap<String, i64>,
    #[serde(rename = "case")]
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    /// Option values for this case, over the file's.
    #[serde(default)]
    set: BTreeMap<String, i64>,
    /// The seat that moves first, when the rules draw it: the case starts from
    /// the smallest seed that gives it (default: seed 0).
    first: Option<String>,
    /// Moves from the start to the position counted, see [`Case::moves`].
    #[serde(default)]
    moves: Vec<String>,
    /// The chance outcomes on the way, in order (each throw of the dice):
    /// the start position's throw first, then the throw after each move.
    #[serde(default)]
    chance: Vec<u32>,
    /// Too slow for a debug build: counted only by `cargo test --release`.
    #[serde(default)]
    release_only: bool,
    depth: usize,
    /// Positions reached at depths 1..=depth.
    nodes: Vec<u64>,
    /// How many of them are terminal.
    terminal: Vec<u64>,
    /// Terminal positions at any depth up to `depth`.
    games: u64,
}

impl Case {
    /// The moves, one a string; several in one string are separated by `;`,
    /// and where a move is one cell, also by spaces. Where a move is a stack
    /// and its path ("a1 b1 c1 c2"), spaces separate its cells.
    fn moves(&self, rules: &Rules) -> Vec<String> {
        let sows = rules
            .phases
            .iter()
            .any(|p| p.rules.iter().any(|r| r.sowing().is_some()));
        self.moves
            .iter()
            .flat_map(|s| s.split(';').map(move |m| (m, s.contains(';'))))
            .flat_map(|(m, whole)| {
                // Between `;`, a move of several words (a sown path, an
                // amazon's move and its arrow) is one move.
                let cells: Vec<&str> = m.split_whitespace().collect();
                match (sows || whole, cells.is_empty()) {
                    (_, true) => vec![],
                    (true, false) => vec![cells.join(" ")],
                    (false, false) => cells.into_iter().map(str::to_string).collect(),
                }
            })
            .collect()
    }

    /// Whether this build counts the case.
    fn runs(&self) -> bool {
        !self.release_only || !cfg!(debug_assertions)
    }

    /// The seed of the start position.
    fn seed(&self, rules: &Rules) -> u64 {
        let Some(first) = &self.first else {
            return 0;
        };
        let seat = rules
            .seats
            .iter()
            .position(|s| s == first)
            .unwrap_or_else(|| panic!("{}: no seat is named {first}", self.name));
        (0..1000)
            .find(|&seed| rules.start(seed).mover as usize == seat)
            .unwrap_or_else(|| panic!("{}: no seed gives {first} the first move", self.name))
    }

    fn expected(&self) -> Perft {
        Perft {
            nodes: self.nodes.clone(),
            terminal: self.terminal.clone(),
            games: self.games,
            cut: None,
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn perft_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/perft"))
        .expect("tests/perft/")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft files");
    files
}

fn read(path: &Path) -> PerftFile {
    let text = std::fs::read_to_string(path).expect("perft file");
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The options of a case: the file's, then the case's.
fn options(file: &PerftFile, case: &Case) -> BTreeMap<String, i64> {
    let mut set = file.set.clone();
    set.extend(case.set.clone());
    set
}

fn load(file: &PerftFile, case: &Case) -> Rules {
    let source =
        std::fs::read_to_string(root().join("rules").join(&file.rules)).expect("rules file");
    let set: Vec<(String, i64)> = options(file, case).into_iter().collect();
    tabula::compile::load(&source, &set).unwrap_or_else(|e| panic!("{} {set:?}: {e:?}", file.rules))
}

fn position(rules: &Rules, case: &Case, what: &str) -> State {
    let moves = case.moves(rules);
    let mut state = State::resumed(rules, &case.chance, case.seed(rules));
    assert!(
        !state.bad_script,
        "{what}: the chance outcomes do not fit the rules"
    );
    for (i, text) in moves.iter().enumerate() {
        let m = rules
            .parse_move(&state, text)
            .unwrap_or_else(|e| panic!("{what}: move {} `{text}` refused: {e}", i + 1));
        rules.play(&mut state, m);
    }
    state
}

/// Every case of every file: the engine's perft equals the recorded counts.
#[test]
fn perft_counts_match_the_files() {
    let mut failures = Vec::new();
    for path in perft_files() {
        let file = read(&path);
        for case in file.cases.iter().filter(|c| c.runs()) {
            let rules = load(&file, case);
            let what = format!(
                "{} / {:?}",
                path.file_name().expect("name").to_string_lossy(),
                case.name
            );
            assert_eq!(
                case.nodes.len(),
                case.depth,
                "{what}: one node count per depth"
            );
            assert_eq!(
                case.terminal.len(),
                case.depth,
                "{what}: one terminal count per depth"
            );
            assert_eq!(
                case.terminal.iter().sum::<u64>(),
                case.games,
                "{what}: games = the terminal counts' sum"
            );
            let state = position(&rules, case, &what);
            let got = perft(&rules, &state, case.depth);
            if got != case.expected() {
                failures.push(format!(
                    "{what}:\n  expected {:?}\n  got      {got:?}",
                    case.expected()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The sum over the children of `state` of perft(child, depth - 1), each
/// child counted once at depth 1: what perft(state, depth) must be.
fn children_sum(rules: &Rules, state: &State, depth: usize, what: &str) -> Perft {
    let mut sum = Perft {
        nodes: vec![0; depth],
        terminal: vec![0; depth],
        games: 0,
        cut: None,
    };
    // With dice, each throw after a move is a child of its own; a move
    // that ends the game throws nothing, and is one child, as is one after
    // which its seat moves again keeping its throw.
    let throws = rules.dice.map_or(vec![vec![]], |d| d.throws());
    let moves = rules.sorted_moves(state);
    let children = moves
        .iter()
        .flat_map(|&m| throws.iter().enumerate().map(move |(k, t)| (m, k, t)));
    for (m, k, throw) in children {
        let mut child = state.clone();
        child.throw_next(throw);
        let logged = child.seen_chance().len();
        rules.play(&mut child, m);
        let thrown = child.seen_chance().len() > logged;
        if (child.is_over() || !thrown) && k > 0 {
            continue;
        }
        sum.nodes[0] += 1;
        if child.is_over() {
            sum.terminal[0] += 1;
            assert!(
                rules.sorted_moves(&child).is_empty(),
                "{what}: moves after the end"
            );
            continue;
        }
        let below = perft(rules, &child, depth - 1);
        for k in 1..depth {
            sum.nodes[k] += below.nodes[k - 1];
            sum.terminal[k] += below.terminal[k - 1];
        }
    }
    sum.games = sum.terminal.iter().sum();
    sum
}

/// Every case with depth 2 or more: the sum over the children equals the
/// recorded counts (which `perft_counts_match_the_files` checks against perft).
#[test]
fn perft_is_the_sum_over_the_children() {
    for path in perft_files() {
        let file = read(&path);
        // Not the release-only cases: their counts are checked against perft
        // and a brute-force count already, and this would count them again.
        for case in file
            .cases
            .iter()
            .filter(|c| c.depth >= 2 && !c.release_only)
        {
            let rules = load(&file, case);
            let what = format!("{} / {:?}", file.rules, case.name);
            let state = position(&rules, case, &what);
            let sum = children_sum(&rules, &state, case.depth, &what);
            assert_eq!(sum, case.expected(), "{what}: the sum over the children");
        }
    }
}

/// Mid-game positions of full-size Hex Fours reached by random play.
#[test]
fn hex_fours_mid_game_perft_is_the_sum_over_the_children() {
    let source = std::fs::read_to_string(root().join("rules/hex-fours.game")).expect("rules");
    // With 11 pieces, after 18 plies Light's 11th piece (depth 3) ends every
    // game, and a point before it can end it sooner.
    let positions = [
        (0, vec![], 20, 3),
        (1, vec![("pieces".to_string(), 11)], 18, 3),
    ];
    for (seed, set, plies, depth) in positions {
        let what = format!("hex-fours {set:?} seed {seed}");
        let rules = tabula::compile::load(&source, &set).expect("loads");
        let mut state = rules.start(seed);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..plies {
            let moves = rules.sorted_moves(&state);
            rules.play(&mut state, moves[rng.gen_range(0..moves.len())]);
            assert!(!state.is_over(), "{what}: over too soon");
        }
        let whole = perft(&rules, &state, depth);
        assert_eq!(whole, children_sum(&rules, &state, depth, &what), "{what}");
        assert!(whole.games > 0 || set.is_empty(), "{what}: no game ends");
    }
}

/// An independent Hex Fours, straight from docs/games/hex-fours.md: axial
/// cells, a recount of every run after each move, supply as
/// max(0, pieces - placed - points).
struct BruteHex {
    /// Axial (q, r) per cell.
    cells: Vec<(i32, i32)>,
    labels: Vec<String>,
    /// Cell id + 1 per (q, r) on a square grid around the hexagon, 0 off the board.
    grid: Vec<usize>,
    side: i32,
    pieces: i32,
}

#[derive(Clone)]
struct BruteState {
    /// 0 empty, 1 Light, 2 Dark, per cell.
    board: Vec<u8>,
    placed: [i32; 2],
    points: [i32; 2],
    moves: Vec<usize>,
    over: bool,
}

impl BruteHex {
    fn new(side: i32, pieces: i32) -> Self {
        let r_max = side - 1;
        let (mut cells, mut labels) = (Vec::new(), Vec::new());
        for r in -r_max..=r_max {
            for q in -r_max..=r_max {
                if (q + r).abs() <= r_max {
                    cells.push((q, r));
                    // Rows lettered from the bottom (largest r) up; numbers by q.
                    labels.push(format!(
                        "{}{}",
                        (b'a' + (r_max - r) as u8) as char,
                        q + r_max + 1
                    ));
                }
            }
        }
        let span = 2 * side - 1;
        let mut grid = vec![0; (span * span) as usize];
        for (c, &(q, r)) in cells.iter().enumerate() {
            grid[((r + r_max) * span + q + r_max) as usize] = c + 1;
        }
        BruteHex {
            cells,
            labels,
            grid,
            side,
            pieces,
        }
    }

    fn find(&self, q: i32, r: i32) -> Option<usize> {
        let (r_max, span) = (self.side - 1, 2 * self.side - 1);
        if q.abs() > r_max || r.abs() > r_max {
            return None;
        }
        self.grid[((r + r_max) * span + q + r_max) as usize].checked_sub(1)
    }

    fn neighbours(&self, c: usize) -> Vec<usize> {
        let (q, r) = self.cells[c];
        [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
            .iter()
            .filter_map(|&(dq, dr)| self.find(q + dq, r + dr))
            .collect()
    }

    fn start(&self) -> BruteState {
        BruteState {
            board: vec![0; self.cells.len()],
            placed: [0; 2],
            points: [0; 2],
            moves: vec![],
            over: false,
        }
    }

    fn legal(&self, s: &BruteState) -> Vec<usize> {
        if s.over {
            return vec![];
        }
        let empty = |c: &usize| s.board[*c] == 0;
        match s.moves.len() {
            0 => (0..self.cells.len())
                .filter(|&c| self.neighbours(c).len() == 6)
                .filter(empty)
                .collect(),
            1 => self
                .neighbours(s.moves[0])
                .into_iter()
                .filter(empty)
                .collect(),
            _ => (0..self.cells.len()).filter(empty).collect(),
        }
    }

    fn points(&self, board: &[u8], v: u8) -> i32 {
        let own = |q: i32, r: i32| self.find(q, r).is_some_and(|c| board[c] == v);
        let mut total = 0;
        for &(q, r) in &self.cells {
            for (dq, dr) in [(1, 0), (0, 1), (1, -1)] {
                if own(q, r) && !own(q - dq, r - dr) {
                    let len = (0..).take_while(|&k| own(q + k * dq, r + k * dr)).count() as i32;
                    total += len / 4;
                }
            }
        }
        total
    }

    fn play(&self, s: &mut BruteState, c: usize) {
        let seat = s.moves.len() % 2;
        s.board[c] = seat as u8 + 1;
        s.moves.push(c);
        s.placed[seat] += 1;
        s.points[seat] = self.points(&s.board, seat as u8 + 1);
        let supply = (self.pieces - s.placed[seat] - s.points[seat]).max(0);
        s.over = supply == 0 || s.board.iter().all(|&v| v != 0);
    }

    fn count(&self, s: &BruteState, level: usize, out: &mut Perft) {
        if level == out.nodes.len() {
            return;
        }
        for c in self.legal(s) {
            let mut child = s.clone();
            self.play(&mut child, c);
            out.nodes[level] += 1;
            if child.over {
                out.terminal[level] += 1;
            } else {
                self.count(&child, level + 1, out);
            }
        }
    }
}

#[test]
fn hex_fours_counts_match_a_brute_force_count() {
    let file = read(&root().join("tests/perft/hex-fours.toml"));
    assert_eq!(file.rules, "hex-fours.game");
    for case in &file.cases {
        let set = options(&file, case);
        let side = set.get("size").copied().unwrap_or(6) as i32;
        let pieces = set.get("pieces").copied().unwrap_or(45) as i32;
        let brute = BruteHex::new(side, pieces);
        let mut s = brute.start();
        for text in case.moves(&load(&file, case)) {
            let c = brute
                .labels
                .iter()
                .position(|l| *l == text)
                .expect("a cell");
            assert!(
                brute.legal(&s).contains(&c),
                "{}: {text} is legal",
                case.name
            );
            brute.play(&mut s, c);
        }
        let mut got = Perft {
            nodes: vec![0; case.depth],
            terminal: vec![0; case.depth],
            games: 0,
            cut: None,
        };
        brute.count(&s, 0, &mut got);
        got.games = got.terminal.iter().sum();
        assert_eq!(got, case.expected(), "{}: the brute-force count", case.name);
    }
}

/// An independent Qawale, straight from docs/games/qawale.md: a stack per
/// (column, row), paths found by walking the board step by step, and the
/// tops checked line by line after every move. Small and `Copy`, so that the
/// release-only depth 4 (11 million positions) takes seconds.
#[derive(Clone, Copy)]
struct BruteQawale {
    /// Per (column x, row y), at `y * 4 + x`: the pebbles bottom first,
    /// b'L', b'D' or b't' (the first `heights` count).
    stacks: [[u8; 24]; 16],
    heights: [usize; 16],
    /// The pebble of the seat to move, b'L' or b'D'.
    mover: u8,
    /// Pebbles left, Light's then Dark's.
    supply: [u8; 2],
    over: bool,
}

/// A cell: (column, row) from the bottom left, (0, 0) = a1.
type BruteCell = (i32, i32);

/// A path: the stack's cell, then the drops.
type BrutePath = Vec<BruteCell>;

impl BruteQawale {
    fn start(first: u8) -> Self {
        let mut s = BruteQawale {
            stacks: [[0; 24]; 16],
            heights: [0; 16],
            mover: first,
            supply: [8, 8],
            over: false,
        };
        for (x, y) in [(0, 0), (3, 0), (0, 3), (3, 3)] {
            s.stacks[y * 4 + x][..2].copy_from_slice(b"tt");
            s.heights[y * 4 + x] = 2;
        }
        s
    }

    fn label((x, y): BruteCell) -> String {
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    /// Calls `visit` with every legal move (origin first): each path of h + 1
    /// orthogonal steps (h the stack's height) that never steps straight back.
    fn each_move(&self, visit: &mut dyn FnMut(&[BruteCell])) {
        fn walk(path: &mut BrutePath, left: usize, visit: &mut dyn FnMut(&[BruteCell])) {
            if left == 0 {
                visit(path);
                return;
            }
            let (x, y) = path[path.len() - 1];
            let before = (path.len() >= 2).then(|| path[path.len() - 2]);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let next = (x + dx, y + dy);
                if (0..4).contains(&next.0) && (0..4).contains(&next.1) && Some(next) != before {
                    path.push(next);
                    walk(path, left - 1, visit);
                    path.pop();
                }
            }
        }
        if self.over {
            return;
        }
        let mut path = Vec::with_capacity(25);
        for y in 0..4 {
            for x in 0..4 {
                let height = self.heights[(y * 4 + x) as usize];
                if height > 0 {
                    path.clear();
                    path.push((x, y));
                    walk(&mut path, height + 1, visit);
                }
            }
        }
    }

    fn top(&self, x: i32, y: i32) -> Option<u8> {
        let c = (y * 4 + x) as usize;
        self.heights[c].checked_sub(1).map(|h| self.stacks[c][h])
    }

    fn has_line(&self, pebble: u8) -> bool {
        let own = |x: i32, y: i32| self.top(x, y) == Some(pebble);
        (0..4).any(|i| (0..4).all(|k| own(k, i)) || (0..4).all(|k| own(i, k)))
            || (0..4).all(|k| own(k, k))
            || (0..4).all(|k| own(k, 3 - k))
    }

    fn play(&mut self, path: &[BruteCell]) {
        let at = |(x, y): BruteCell| (y * 4 + x) as usize;
        let from = at(path[0]);
        let mut hand = self.stacks[from];
        let height = self.heights[from];
        hand[height] = self.mover;
        self.heights[from] = 0;
        for (&pebble, &cell) in hand[..=height].iter().zip(&path[1..]) {
            let c = at(cell);
            self.stacks[c][self.heights[c]] = pebble;
            self.heights[c] += 1;
        }
        let (me, other) = if self.mover == b'L' {
            (0, b'D')
        } else {
            (1, b'L')
        };
        self.supply[me] -= 1;
        self.over = self.has_line(self.mover) || self.has_line(other) || self.supply == [0, 0];
        self.mover = other;
    }

    fn count(&self, level: usize, out: &mut Perft) {
        if level == out.nodes.len() {
            return;
        }
        self.each_move(&mut |path| {
            let mut child = *self;
            child.play(path);
            out.nodes[level] += 1;
            if child.over {
                out.terminal[level] += 1;
            } else {
                child.count(level + 1, out);
            }
        });
    }
}

#[test]
fn qawale_counts_match_a_brute_force_count() {
    let file = read(&root().join("tests/perft/qawale.toml"));
    assert_eq!(file.rules, "qawale.game");
    for case in file.cases.iter().filter(|c| c.runs()) {
        let first = match case.first.as_deref() {
            Some("Dark") => b'D',
            Some("Light") | None => b'L',
            Some(other) => panic!("{}: no seat {other}", case.name),
        };
        let mut s = BruteQawale::start(first);
        for text in case.moves(&load(&file, case)) {
            let mut found = None;
            s.each_move(&mut |path| {
                let cells: Vec<String> = path.iter().map(|&c| BruteQawale::label(c)).collect();
                if cells.join(" ") == text {
                    found = Some(path.to_vec());
                }
            });
            let path = found.unwrap_or_else(|| panic!("{}: {text} is not legal", case.name));
            s.play(&path);
        }
        let mut got = Perft {
            nodes: vec![0; case.depth],
            terminal: vec![0; case.depth],
            games: 0,
            cut: None,
        };
        s.count(0, &mut got);
        got.games = got.terminal.iter().sum();
        assert_eq!(got, case.expected(), "{}: the brute-force count", case.name);
    }
}

/// Perft's two ways of counting faster, against a plain walk that lists
/// each position's legal moves and plays each on a copy: perft tests
/// `must leave` as it plays each move (chess, Atari Go, the hostile files
/// with the filter), and `perft_bulk` counts the last depth's moves
/// without playing them. Every rules file without dice, shipped and
/// hostile, to the depth that passes a thousand positions.
#[test]
fn perft_and_bulk_perft_equal_a_plain_walk() {
    let mut checked = 0;
    for (what, rules) in common_rules::shipped_and_hostile() {
        let state = rules.start(0);
        if rules.dice.is_some() {
            assert!(
                tabula::engine::perft_bulk(&rules, &state, 2).is_none(),
                "{what}"
            );
            continue;
        }
        for depth in 1..=4 {
            let (mut nodes, mut terminal) = (vec![0; depth], vec![0; depth]);
            plain_walk(&rules, &state, 0, &mut nodes, &mut terminal);
            let counted = perft(&rules, &state, depth);
            let bulk = tabula::engine::perft_bulk(&rules, &state, depth).expect("no dice");
            if counted.cut.is_some() {
                // Too many moves to list (R0005): no count either way.
                assert!(bulk.cut.is_some(), "{what} {depth}");
                break;
            }
            assert_eq!(
                (&counted.nodes, &counted.terminal),
                (&nodes, &terminal),
                "{what} {depth}"
            );
            assert_eq!(bulk.nodes, nodes, "{what} bulk {depth}");
            assert_eq!(bulk.terminal, terminal[..depth - 1], "{what} bulk {depth}");
            assert_eq!(
                bulk.games,
                terminal[..depth - 1].iter().sum::<u64>(),
                "{what}"
            );
            checked += 1;
            if nodes.iter().sum::<u64>() > 1_000 {
                break;
            }
        }
    }
    assert!(checked > 100, "only {checked} counts compared");
}

/// Counts positions depth by depth: each position's legal moves listed,
/// each played on a copy, terminal positions not walked on.
fn plain_walk(rules: &Rules, state: &State, level: usize, nodes: &mut [u64], terminal: &mut [u64]) {
    if level == nodes.len() {
        return;
    }
    let mut moves = Vec::new();
    rules.legal_moves(state, &mut moves);
    for m in moves {
        let mut child = state.clone();
        rules.play(&mut child, m);
        nodes[level] += 1;
        match child.is_over() {
            true => terminal[level] += 1,
            false => plain_walk(rules, &child, level + 1, nodes, terminal),
        }
    }
}
