//! Perft: counts of positions reached by legal move sequences, checked against
//! the data files in `tests/perft/` (one file per rules file; the format is
//! described in `tests/perft/tic-tac-toe.toml`).
//!
//! Besides the counts in the files, every case is checked to equal the sum of
//! the counts over its children, and the Hex Fours counts are recomputed by a
//! brute-force implementation of the rules written here from the rules text,
//! sharing nothing with the engine but the notation.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Deserialize;
use tabula::engine::{perft, Perft, State};
use tabula::ir::Rules;

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
    /// Moves from the start to the position counted; each string may hold several.
    #[serde(default)]
    moves: Vec<String>,
    depth: usize,
    /// Positions reached at depths 1..=depth.
    nodes: Vec<u64>,
    /// How many of them are terminal.
    terminal: Vec<u64>,
    /// Terminal positions at any depth up to `depth`.
    games: u64,
}

impl Case {
    fn moves(&self) -> Vec<String> {
        self.moves
            .iter()
            .flat_map(|m| m.split_whitespace().map(str::to_string))
            .collect()
    }

    fn expected(&self) -> Perft {
        Perft {
            nodes: self.nodes.clone(),
            terminal: self.terminal.clone(),
            games: self.games,
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

fn position(rules: &Rules, moves: &[String], what: &str) -> State {
    let mut state = rules.start(0);
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
        for case in &file.cases {
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
            let state = position(&rules, &case.moves(), &what);
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
    };
    for m in rules.sorted_moves(state) {
        let mut child = state.clone();
        rules.play(&mut child, m);
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
        for case in file.cases.iter().filter(|c| c.depth >= 2) {
            let rules = load(&file, case);
            let what = format!("{} / {:?}", file.rules, case.name);
            let state = position(&rules, &case.moves(), &what);
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

/// An independent Hex Fours, straight from shared/games/hex-fours.md: axial
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
        for text in case.moves() {
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
        };
        brute.count(&s, 0, &mut got);
        got.games = got.terminal.iter().sum();
        assert_eq!(got, case.expected(), "{}: the brute-force count", case.name);
    }
}
