//! An independent Exago, written here straight from docs/games/exago.md
//! with nothing of the engine but the move notation: cells as axial
//! coordinates in a map, groups by search, every rule spelled out. It
//! recounts the Exago cases of `tests/perft/exago.toml` (which
//! tests/perft.rs checks against the engine), so the engine's counts from
//! the start and from mid-game relocation positions are checked by a second,
//! much simpler implementation.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use serde::Deserialize;

type Cell = (i32, i32);

/// The six neighbours' offsets, and the three axes of the lines.
const STEPS: [Cell; 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
const AXES: [Cell; 3] = [(1, 0), (0, 1), (1, -1)];

#[derive(Clone)]
struct Exago {
    radius: i32,
    seats: usize,
    need: i32,
    must_block: bool,
    tiles: HashMap<Cell, usize>,
    supply: Vec<i32>,
    mover: usize,
    turn: u32,
    winner: Option<usize>,
}

impl Exago {
    fn new(side: i32, seats: usize, first: usize, must_block: bool, handicap: &[i32]) -> Self {
        let tiles = if seats == 2 { 12 } else { 6 };
        Exago {
            radius: side - 1,
            seats,
            need: if seats == 2 { 5 } else { 4 },
            must_block,
            tiles: HashMap::new(),
            supply: (0..seats)
                .map(|s| tiles - handicap.get(s).copied().unwrap_or(0))
                .collect(),
            mover: first,
            turn: 1,
            winner: None,
        }
    }

    fn on_board(&self, (q, r): Cell) -> bool {
        q.abs() <= self.radius && r.abs() <= self.radius && (q + r).abs() <= self.radius
    }

    /// The label: the row letter from the bottom, then the number along the diagonal.
    fn label(&self, (q, r): Cell) -> String {
        format!(
            "{}{}",
            (b'a' + (self.radius - r) as u8) as char,
            q + self.radius + 1
        )
    }

    fn neighbours(&self, (q, r): Cell) -> impl Iterator<Item = Cell> + '_ {
        STEPS
            .iter()
            .map(move |&(dq, dr)| (q + dq, r + dr))
            .filter(|&c| self.on_board(c))
    }

    /// Empty cells touching a tile, except `not`.
    fn touching(&self, not: Option<Cell>) -> BTreeSet<Cell> {
        let mut out = BTreeSet::new();
        for &t in self.tiles.keys() {
            for n in self.neighbours(t) {
                if !self.tiles.contains_key(&n) && Some(n) != not {
                    out.insert(n);
                }
            }
        }
        out
    }

    /// The groups of tiles, each sorted (its first cell is its lowest in
    /// the board's order: top row first, then left to right).
    fn groups(&self) -> Vec<Vec<Cell>> {
        let mut seen = BTreeSet::new();
        let mut groups = Vec::new();
        let mut all: Vec<Cell> = self.tiles.keys().copied().collect();
        all.sort_by_key(|&(q, r)| (r, q));
        for start in all {
            if !seen.insert(start) {
                continue;
            }
            let mut group = vec![start];
            let mut stack = vec![start];
            while let Some(c) = stack.pop() {
                for n in self.neighbours(c) {
                    if self.tiles.contains_key(&n) && seen.insert(n) {
                        group.push(n);
                        stack.push(n);
                    }
                }
            }
            group.sort_by_key(|&(q, r)| (r, q));
            groups.push(group);
        }
        groups
    }

    /// The ways to keep the largest group: for each, the group kept (its
    /// first cell when there was a tie) and the position after.
    fn keep_largest(&self) -> Vec<(Option<Cell>, Exago)> {
        let groups = self.groups();
        if groups.len() <= 1 {
            return vec![(None, self.clone())];
        }
        let largest = groups.iter().map(Vec::len).max().unwrap_or(0);
        let tied: Vec<&Vec<Cell>> = groups.iter().filter(|g| g.len() == largest).collect();
        tied.iter()
            .map(|kept| {
                let mut after = self.clone();
                for g in groups.iter().filter(|g| g != kept) {
                    for c in g {
                        let owner = after.tiles.remove(c).expect("a tile");
                        after.supply[owner] += 1;
                    }
                }
                (if tied.len() > 1 { Some(kept[0]) } else { None }, after)
            })
            .collect()
    }

    fn has_line(&self, seat: usize) -> bool {
        self.tiles
            .iter()
            .filter(|&(_, &s)| s == seat)
            .any(|(&(q, r), _)| {
                AXES.iter().any(|&(dq, dr)| {
                    (0..self.need).all(|k| self.tiles.get(&(q + k * dq, r + k * dr)) == Some(&seat))
                })
            })
    }

    /// The moves of `seat` as if it were its turn, by the rules before must
    /// block: (notation, position after, before the turn passes).
    fn raw_moves(&self, seat: usize) -> Vec<(String, Exago)> {
        let mut out = Vec::new();
        if self.turn == 1 {
            let mut after = self.clone();
            after.tiles.insert((0, 0), seat);
            after.supply[seat] -= 1;
            return vec![(self.label((0, 0)), after)];
        }
        if self.supply[seat] > 0 {
            for c in self.touching(None) {
                let mut after = self.clone();
                after.tiles.insert(c, seat);
                after.supply[seat] -= 1;
                out.push((self.label(c), after));
            }
            return out;
        }
        let own: Vec<Cell> = self
            .tiles
            .iter()
            .filter(|&(_, &s)| s == seat)
            .map(|(&c, _)| c)
            .collect();
        for from in own {
            let mut lifted = self.clone();
            lifted.tiles.remove(&from);
            for (kept, rest) in lifted.keep_largest() {
                for to in rest.touching(Some(from)) {
                    let mut after = rest.clone();
                    after.tiles.insert(to, seat);
                    let mut text = format!("{}-{}", self.label(from), self.label(to));
                    if let Some(k) = kept {
                        text += &format!(" keep {}", self.label(k));
                    }
                    out.push((text, after));
                }
            }
        }
        out
    }

    fn wins_at_once(&self, seat: usize) -> bool {
        self.raw_moves(seat)
            .iter()
            .any(|(_, after)| after.has_line(seat))
    }

    /// The legal moves, must block applied, each with the position after.
    fn moves(&self) -> Vec<(String, Exago)> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let all = self.raw_moves(self.mover);
        let finish = |(text, mut after): (String, Exago)| {
            if after.has_line(self.mover) {
                after.winner = Some(self.mover);
            } else {
                after.mover = (self.mover + 1) % self.seats;
            }
            after.turn += 1;
            (text, after)
        };
        let all: Vec<(String, Exago)> = all.into_iter().map(finish).collect();
        if !self.must_block || all.iter().any(|(_, a)| a.winner.is_some()) {
            return all;
        }
        let threat = (1..self.seats)
            .map(|k| (self.mover + k) % self.seats)
            .find(|&s| self.wins_at_once(s));
        let Some(threat) = threat else {
            return all;
        };
        let stopping: Vec<(String, Exago)> = all
            .iter()
            .filter(|(_, after)| !after.wins_at_once(threat))
            .cloned()
            .collect();
        if stopping.is_empty() {
            all
        } else {
            stopping
        }
    }

    fn play(&self, text: &str) -> Exago {
        self.moves()
            .into_iter()
            .find(|(t, _)| t == text)
            .unwrap_or_else(|| panic!("`{text}` is not a legal move"))
            .1
    }

    fn perft(&self, depth: usize, nodes: &mut [u64], terminal: &mut [u64]) {
        if depth == nodes.len() {
            return;
        }
        for (_, after) in self.moves() {
            nodes[depth] += 1;
            if after.winner.is_some() {
                terminal[depth] += 1;
            } else {
                after.perft(depth + 1, nodes, terminal);
            }
        }
    }
}

#[derive(Deserialize)]
struct PerftFile {
    #[serde(default)]
    set: BTreeMap<String, i64>,
    #[serde(rename = "case")]
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    #[serde(default)]
    set: BTreeMap<String, i64>,
    first: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    release_only: bool,
    depth: usize,
    nodes: Vec<u64>,
    terminal: Vec<u64>,
}

const SEATS: [&str; 6] = ["Red", "Blue", "Yellow", "Green", "Purple", "Orange"];

#[test]
fn an_independent_exago_counts_the_same() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft/exago.toml");
    let file: PerftFile = toml::from_str(&std::fs::read_to_string(path).expect("exago.toml"))
        .expect("exago.toml parses");
    for case in file
        .cases
        .iter()
        .filter(|c| !c.release_only || !cfg!(debug_assertions))
    {
        let mut set = file.set.clone();
        set.extend(case.set.clone());
        let get = |k: &str, d: i64| set.get(k).copied().unwrap_or(d);
        let seats = get("seats", 2) as usize;
        let handicap: Vec<i32> = SEATS
            .iter()
            .map(|s| get(&format!("handicap.{s}"), 0) as i32)
            .collect();
        let first = case
            .first
            .as_ref()
            .map_or(0, |f| SEATS.iter().position(|s| s == f).expect("a seat"));
        let mut game = Exago::new(6, seats, first, get("must_block", 1) == 1, &handicap);
        for m in case.moves.iter().flat_map(|s| s.split(';')).map(str::trim) {
            game = game.play(m);
        }
        let mut nodes = vec![0; case.depth];
        let mut terminal = vec![0; case.depth];
        game.perft(0, &mut nodes, &mut terminal);
        assert_eq!(
            (&nodes, &terminal),
            (&case.nodes, &case.terminal),
            "{}: the independent count",
            case.name
        );
    }
}
