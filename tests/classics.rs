//! The classic games played by the interpreter beside independent models:
//! Connect Four and Reversi move by move against the hand-written native
//! games (`benches/native/`), Hex's connection rule against a search written
//! here, and Breakthrough's invariants, over seeded random games.

#[path = "../benches/native/connect_four.rs"]
mod connect_four;
#[path = "../benches/native/reversi.rs"]
mod reversi;

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tabula::engine::{Move, Outcome, State};
use tabula::ir::Rules;

/// Random games per check.
const GAMES: u64 = 300;

fn load(file: &str, set: &[(&str, i64)]) -> Rules {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("rules file");
    let set: Vec<(String, i64)> = set.iter().map(|(k, v)| (k.to_string(), *v)).collect();
    tabula::compile::load(&source, &set).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// The legal moves of `state` in notation, sorted.
fn legal(rules: &Rules, state: &State) -> BTreeSet<String> {
    let mut moves = Vec::new();
    rules.legal_moves(state, &mut moves);
    moves.iter().map(|&m| rules.move_text(m)).collect()
}

/// The seat that owns `cell` in the interpreter, by label.
fn owner(rules: &Rules, state: &State, label: &str) -> Option<u8> {
    state.owner(rules.geometry.cell_by_label(label).expect("a cell"))
}

/// Plays the move written `text`, which must be legal.
fn play(rules: &Rules, state: &mut State, text: &str) {
    let m: Move = rules
        .parse_move(state, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    rules.play(state, m);
}

#[test]
fn connect_four_agrees_with_the_native_game_move_by_move() {
    let rules = load("connect-four.game", &[]);
    let mut buf = Vec::new();
    for seed in 0..GAMES {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = rules.start(seed);
        let mut native = connect_four::ConnectFour::new();
        while !native.is_over() {
            native.legal_moves(&mut buf);
            let expected: BTreeSet<String> = buf
                .iter()
                .map(|&m| connect_four::column_of(m).to_string())
                .collect();
            assert_eq!(legal(&rules, &state), expected, "seed {seed}");
            let m = buf[rng.gen_range(0..buf.len())];
            play(&rules, &mut state, &connect_four::column_of(m).to_string());
            let cell = native.landing(m).expect("a legal column");
            native.play(m);
            let label = connect_four::cell_label(cell);
            assert_eq!(
                owner(&rules, &state, &label),
                native.owner(cell).map(|s| s as u8)
            );
        }
        let outcome = native
            .winner()
            .map_or(Outcome::Draw, |s| Outcome::Win(s as u8));
        assert_eq!(state.outcome, Some(outcome), "seed {seed}");
    }
}

#[test]
fn reversi_agrees_with_the_native_game_move_by_move() {
    let rules = load("reversi.game", &[]);
    let mut buf = Vec::new();
    let cells = rules.geometry.cell_count();
    for seed in 0..GAMES {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = rules.start(seed);
        let ending = reversi::Ending::TwoPasses;
        let mut native = reversi::Reversi::new().with_ending(ending);
        while !native.is_over() {
            native.legal_moves(&mut buf);
            let expected: BTreeSet<String> = buf.iter().map(|&m| reversi::notation(m)).collect();
            assert_eq!(legal(&rules, &state), expected, "seed {seed}");
            let m = buf[rng.gen_range(0..buf.len())];
            play(&rules, &mut state, &reversi::notation(m));
            native.play(m);
            for cell in 0..cells {
                let label = &rules.geometry.labels[cell];
                let native_cell = reversi::parse_cell(label).expect("same board");
                assert_eq!(
                    owner(&rules, &state, label),
                    native.owner(native_cell).map(|s| s as u8),
                    "seed {seed}, {label}"
                );
            }
        }
        let outcome = native
            .winner()
            .map_or(Outcome::Draw, |s| Outcome::Win(s as u8));
        assert_eq!(state.outcome, Some(outcome), "seed {seed}");
    }
}

/// Whether `seat`'s pieces join sides `a` and `b` of a Hex board, by a
/// search over the cells from side `a`.
fn joined(rules: &Rules, state: &State, seat: u8, a: u8, b: u8) -> bool {
    let g = &rules.geometry;
    let on = |c: usize, side: u8| g.compass.sides[c] >> side & 1 != 0;
    let mine = |c: usize| state.owner(c as u16) == Some(seat);
    let mut seen = vec![false; g.cell_count()];
    let mut stack: Vec<usize> = (0..g.cell_count())
        .filter(|&c| mine(c) && on(c, a))
        .collect();
    while let Some(c) = stack.pop() {
        if std::mem::replace(&mut seen[c], true) {
            continue;
        }
        if on(c, b) {
            return true;
        }
        stack.extend(
            g.neighbours_of(c as u16)
                .iter()
                .map(|&n| n as usize)
                .filter(|&n| mine(n)),
        );
    }
    false
}

#[test]
fn hex_ends_exactly_when_a_chain_joins_the_mover_s_sides() {
    for size in [3, 5, 11] {
        let rules = load("hex.game", &[("size", size)]);
        let mut buf = Vec::new();
        for seed in 0..GAMES {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut state = rules.start(seed);
            while !state.is_over() {
                rules.legal_moves(&state, &mut buf);
                assert_eq!(buf.len(), state.empty_count(), "every empty cell is a move");
                let seat = state.mover;
                rules.play(&mut state, buf[rng.gen_range(0..buf.len())]);
                // Red joins top (0) and bottom (1), Blue left (2) and right (3).
                let (a, b) = if seat == 0 { (0, 1) } else { (2, 3) };
                let won = joined(&rules, &state, seat, a, b);
                let outcome = won.then_some(Outcome::Win(seat));
                assert_eq!(state.outcome, outcome, "size {size} seed {seed}");
            }
        }
    }
}

#[test]
fn breakthrough_moves_one_row_forward_and_ends_on_the_far_row_or_a_wipe_out() {
    let rules = load("breakthrough.game", &[]);
    let mut buf = Vec::new();
    let row = |rules: &Rules, c: u16| rules.geometry.compass.rows[c as usize] as i32;
    for seed in 0..GAMES {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = rules.start(seed);
        assert_eq!(state.counts, vec![16, 16]);
        while !state.is_over() {
            rules.legal_moves(&state, &mut buf);
            assert!(!buf.is_empty(), "seed {seed}: a side with pieces can move");
            let seat = state.mover;
            let m = buf[rng.gen_range(0..buf.len())];
            let text = rules.move_text(m);
            let (from, to) = text.split_once('-').expect("FROM-TO");
            let (from, to) = (
                rules.geometry.cell_by_label(from).expect("a cell"),
                rules.geometry.cell_by_label(to).expect("a cell"),
            );
            let forward = if seat == 0 { 1 } else { -1 };
            assert_eq!(
                row(&rules, to) - row(&rules, from),
                forward,
                "seed {seed} {text}"
            );
            let straight = rules.geometry.compass.columns[from as usize]
                == rules.geometry.compass.columns[to as usize];
            let taken = state.owner(to);
            assert!(
                taken != Some(seat),
                "seed {seed}: {text} onto its own piece"
            );
            assert!(
                !(straight && taken.is_some()),
                "seed {seed}: {text} captures straight"
            );
            let before = state.counts.clone();
            rules.play(&mut state, m);
            let other = 1 - seat as usize;
            let lost = usize::from(taken.is_some());
            assert_eq!(state.counts[other] as usize + lost, before[other] as usize);
            assert_eq!(state.counts[seat as usize], before[seat as usize]);
        }
        let Some(Outcome::Win(w)) = state.outcome else {
            panic!("seed {seed}: Breakthrough has no draw");
        };
        let far = if w == 0 { 8 } else { 1 };
        let arrived = (0..64u16).any(|c| state.owner(c) == Some(w) && row(&rules, c) == far);
        assert!(arrived || state.counts[1 - w as usize] == 0, "seed {seed}");
    }
}

#[test]
fn reversi_passes_are_forced_and_two_end_the_game() {
    let rules = load("reversi.game", &[]);
    let mut state = rules.start(0);
    for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"] {
        play(&rules, &mut state, m);
    }
    assert_eq!(legal(&rules, &state), BTreeSet::from(["pass".to_string()]));
    play(&rules, &mut state, "pass");
    assert_eq!(state.outcome, None, "one pass does not end it");
    play(&rules, &mut state, "pass");
    assert_eq!(state.outcome, Some(Outcome::Win(0)));
}

/// Kalah(6,4) written out on an array in ring order: South's pits 0..6
/// (a1..f1), South's store 6, North's pits 7..13 (f2 down to a2), North's
/// store 13.
#[derive(Clone)]
struct KalahModel {
    pits: [u8; 14],
    mover: usize,
    over: bool,
}

impl KalahModel {
    fn new() -> Self {
        let mut pits = [4; 14];
        (pits[6], pits[13]) = (0, 0);
        KalahModel {
            pits,
            mover: 0,
            over: false,
        }
    }

    fn store(seat: usize) -> usize {
        6 + 7 * seat
    }

    /// The ring index of a pit label (`c1`, `e2`).
    fn index(label: &str) -> usize {
        let column = (label.as_bytes()[0] - b'a') as usize;
        if label.ends_with('1') {
            column
        } else {
            12 - column
        }
    }

    fn label(i: usize) -> String {
        let (column, row) = if i < 6 { (i, 1) } else { (12 - i, 2) };
        format!("{}{row}", (b'a' + column as u8) as char)
    }

    fn side(&self, seat: usize) -> u32 {
        let start = 7 * seat;
        self.pits[start..start + 6].iter().map(|&s| s as u32).sum()
    }

    fn moves(&self) -> BTreeSet<String> {
        let start = 7 * self.mover;
        (start..start + 6)
            .filter(|&i| self.pits[i] > 0)
            .map(Self::label)
            .collect()
    }

    fn play(&mut self, label: &str) {
        let me = self.mover;
        let mut at = Self::index(label);
        let seeds = std::mem::take(&mut self.pits[at]);
        for _ in 0..seeds {
            at = (at + 1) % 14;
            if at == Self::store(1 - me) {
                at = (at + 1) % 14;
            }
            self.pits[at] += 1;
        }
        let own_pit = (7 * me..7 * me + 6).contains(&at);
        // A pit's ring index and the one across add up to 12.
        let across = 12usize.saturating_sub(at);
        if own_pit && self.pits[at] == 1 && self.pits[across] > 0 {
            let taken = self.pits[at] + std::mem::take(&mut self.pits[across]);
            self.pits[at] = 0;
            self.pits[Self::store(me)] += taken;
        }
        if self.side(0) == 0 || self.side(1) == 0 {
            self.over = true;
        } else if at != Self::store(me) {
            self.mover = 1 - me;
        }
    }

    fn outcome(&self) -> Outcome {
        let score = |s: usize| self.pits[Self::store(s)] as u32 + self.side(s);
        match score(0).cmp(&score(1)) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Win(1),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

#[test]
fn kalah_agrees_with_a_model_written_from_the_rules_move_by_move() {
    let rules = load("kalah.game", &[]);
    let height = |state: &State, i: usize| {
        let label = match i {
            6 => "store1".to_string(),
            13 => "store2".to_string(),
            i => KalahModel::label(i),
        };
        state.height(rules.geometry.cell_by_label(&label).expect("a cell"))
    };
    for seed in 0..GAMES {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = rules.start(seed);
        let mut model = KalahModel::new();
        while !model.over {
            let moves = model.moves();
            assert_eq!(legal(&rules, &state), moves, "seed {seed}");
            assert_eq!(state.mover as usize, model.mover, "seed {seed}");
            let m = moves
                .iter()
                .nth(rng.gen_range(0..moves.len()))
                .expect("a move")
                .clone();
            play(&rules, &mut state, &m);
            model.play(&m);
            for i in 0..14 {
                assert_eq!(
                    height(&state, i),
                    model.pits[i],
                    "seed {seed}, ring cell {i}"
                );
            }
        }
        assert_eq!(state.outcome, Some(model.outcome()), "seed {seed}");
    }
}

#[test]
fn a_pair_enclosed_between_two_of_the_mover_s_pieces_is_captured() {
    let text = "game \"Pairs\"\nplayers Black, White\nboard square 7 x 7\n\
                phase play\n  place where empty then capture enclosed exactly 2\n\
                end when line(5, mover) or captured(mover) >= 4: mover wins\nend when full: draw\n";
    let rules = tabula::compile::load(text, &[]).expect("compiles");
    let mut state = rules.start(0);
    // Black a1; White b1 c1; Black d1 closes the pair b1 c1.
    for m in ["a1", "b1", "g7", "c1", "d1"] {
        play(&rules, &mut state, m);
    }
    assert_eq!(owner(&rules, &state, "b1"), None);
    assert_eq!(owner(&rules, &state, "c1"), None);
    assert_eq!(state.counts, vec![3, 0]);
    // Three in a row are not a pair: White b2 c2 d2 between Black a2 and e2.
    for m in ["b2", "a2", "c2", "f6", "d2", "e2"] {
        play(&rules, &mut state, m);
    }
    for cell in ["b2", "c2", "d2"] {
        assert_eq!(owner(&rules, &state, cell), Some(1), "{cell} stays");
    }
    // The second pair wins: captured(Black) reaches 4.
    for m in ["b3", "a3", "c3", "d3"] {
        play(&rules, &mut state, m);
    }
    assert_eq!(state.outcome, Some(Outcome::Win(0)));
}

#[test]
fn kalah_with_the_most_seeds_fills_a_store_past_64_without_failing() {
    // 12 pits of 5 seeds a side: 120 seeds, more than a stack holds on
    // other boards; a store may take them all.
    let rules = load("kalah.game", &[("pits", 12), ("seeds", 5)]);
    let mut buf = Vec::new();
    let mut most = 0;
    for seed in 0..200 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = rules.start(seed);
        tabula::engine::random_playout(&rules, &mut state, &mut buf, &mut rng, 5_000);
        assert!(state.outcome.is_some(), "seed {seed}");
        let stores =
            ["store1", "store2"].map(|s| rules.geometry.cell_by_label(s).expect("a store"));
        let seeds: u32 = (0..rules.geometry.cell_count() as u16)
            .map(|c| u32::from(state.height(c)))
            .sum();
        assert_eq!(seeds, 120, "seed {seed}: seeds are conserved");
        most = most.max(stores.iter().map(|&c| state.height(c)).max().unwrap_or(0));
    }
    assert!(most > 64, "some store passed 64 seeds (at most {most})");
}

/// Seat-relative directions on a hex board: the first seat (bottom) moves
/// up the board by `forward_left` and `forward_right` (its `forward`, north,
/// leads nowhere), the second down, the third and fourth across.
#[test]
fn seat_relative_directions_on_a_hex_board() {
    let source = r#"
game "Hex March"
players Red, Blue, Green, Gold
board hex 5 x 5
setup: put 1 Red where cell == c5; put 1 Blue where cell == c1; put 1 Green where cell == a3; put 1 Gold where cell == e3
phase play
  pick where owner(cell) == mover then step forward, forward_left, forward_right
end when full: draw
"#;
    let rules = tabula::compile::load(source, &[]).expect("compiles");
    let mut state = rules.start(0);
    let expected: [&[&str]; 4] = [
        &["c5-c4", "c5-d4"],
        &["c1-b2", "c1-c2"],
        &["a3-a4", "a3-b2", "a3-b3"],
        &["e3-d3", "e3-d4", "e3-e2"],
    ];
    for moves in expected {
        let found: Vec<String> = legal(&rules, &state).into_iter().collect();
        assert_eq!(found, moves);
        play(&rules, &mut state, moves[0]);
    }
}

/// A race to a side, `any(on_side(c, S) for c where owner(c) == P)`, read as
/// one test (the seat's pieces on the side), on a board small enough for
/// bitboards and on one too large for them, with the seat named and
/// computed: the seat's piece on the side wins, another's does not.
#[test]
fn a_race_to_a_side_is_won_by_a_piece_on_it_on_any_board() {
    for (side, cells) in [(5, 25), (12, 144)] {
        for seat in ["White", "mover"] {
            let source = format!(
                "players White, Black\nboard square {side} x {side}\nphase play\n  place where empty\n\
                 end when any(on_side(c, top) for c where owner(c) == {seat}): mover wins\n"
            );
            let rules = tabula::compile::load(&source, &[]).expect("compiles");
            assert_eq!(rules.geometry.cell_count(), cells);
            let mut state = rules.start(0);
            let top = format!("a{side}");
            play(&rules, &mut state, "a1");
            play(&rules, &mut state, &top);
            if seat == "mover" {
                assert_eq!(state.outcome, Some(Outcome::Win(1)), "{side}: Black on top");
                continue;
            }
            assert_eq!(
                state.outcome, None,
                "{side}: Black's piece on top is not White's"
            );
            play(&rules, &mut state, &format!("b{side}"));
            assert_eq!(
                state.outcome,
                Some(Outcome::Win(0)),
                "{seat} on {side}: White's piece on top"
            );
        }
    }
}
