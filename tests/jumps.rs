//! Jumps (`jump DIRS [capturing] [where COND]`) and `between(a, b)`: Peg
//! Solitaire (rules/peg-solitaire.game) counted against a search written
//! here from the rules text, and two fixtures: pieces that jump only over
//! an opponent's piece, capturing it, and pieces that jump over any piece
//! without capturing.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tabula::engine::{perft, Outcome, State};
use tabula::ir::Rules;

fn load_text(source: &str) -> Rules {
    tabula::compile::load(source, &[]).unwrap_or_else(|e| panic!("{e:?}"))
}

fn load(file: &str) -> Rules {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    load_text(&std::fs::read_to_string(&path).expect("rules file"))
}

/// The legal moves in notation, sorted.
fn legal(rules: &Rules, state: &State) -> BTreeSet<String> {
    let mut moves = Vec::new();
    rules.legal_moves(state, &mut moves);
    moves.iter().map(|&m| rules.move_text(m)).collect()
}

fn play(rules: &Rules, state: &mut State, text: &str) {
    let m = rules
        .parse_move(state, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    rules.play(state, m);
}

fn owner(rules: &Rules, state: &State, label: &str) -> Option<u8> {
    state.owner(rules.geometry.cell_by_label(label).expect("a cell"))
}

/// The English board as the rules text gives it: a 7x7 grid without its
/// four 2x2 corners; `true` where a peg stands.
fn on_cross(x: i32, y: i32) -> bool {
    (0..7).contains(&x) && (0..7).contains(&y) && ((2..=4).contains(&x) || (2..=4).contains(&y))
}

/// Move sequences of each length from `pegs`, by jumping a peg over a
/// neighbour into an empty hole of the cross.
fn count_sequences(pegs: &mut [[bool; 7]; 7], depth: usize, counts: &mut [u64]) {
    if depth == counts.len() {
        return;
    }
    for x in 0..7 {
        for y in 0..7 {
            for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (ox, oy, tx, ty) = (x + dx, y + dy, x + 2 * dx, y + 2 * dy);
                let legal = on_cross(x, y)
                    && on_cross(tx, ty)
                    && pegs[x as usize][y as usize]
                    && pegs[ox as usize][oy as usize]
                    && !pegs[tx as usize][ty as usize];
                if !legal {
                    continue;
                }
                counts[depth] += 1;
                let cells = [(x, y, false), (ox, oy, false), (tx, ty, true)];
                for &(cx, cy, v) in &cells {
                    pegs[cx as usize][cy as usize] = v;
                }
                count_sequences(pegs, depth + 1, counts);
                for &(cx, cy, v) in &cells {
                    pegs[cx as usize][cy as usize] = !v;
                }
            }
        }
    }
}

#[test]
fn peg_solitaire_counts_agree_with_a_search_written_here() {
    let rules = load("peg-solitaire.game");
    let mut pegs = [[false; 7]; 7];
    for x in 0..7 {
        for y in 0..7 {
            pegs[x as usize][y as usize] = on_cross(x, y) && (x, y) != (3, 3);
        }
    }
    let mut expected = vec![0; 5];
    count_sequences(&mut pegs, 0, &mut expected);
    let counted = perft(&rules, &rules.start(0), 5);
    assert_eq!(counted.nodes, expected);
    assert_eq!(expected[..3], [4, 12, 60]);
}

#[test]
fn peg_solitaire_random_games_take_one_peg_a_jump() {
    let rules = load("peg-solitaire.game");
    for seed in 0..100 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = rules.start(seed);
        let mut pegs = 32;
        assert_eq!(state.counts[0], pegs);
        while !state.is_over() {
            let moves: Vec<String> = legal(&rules, &state).into_iter().collect();
            let text = &moves[rng.gen_range(0..moves.len())];
            play(&rules, &mut state, text);
            if text != "pass" {
                pegs -= 1;
                let (from, to) = text.split_once('-').expect("FROM-TO");
                assert_eq!(owner(&rules, &state, from), None, "{text}: the peg left");
                assert_eq!(owner(&rules, &state, to), Some(0), "{text}: it landed");
            }
            assert_eq!(state.counts[0], pegs, "seed {seed}: one peg a jump");
        }
        let expected = if pegs == 1 {
            Outcome::Win(0)
        } else {
            Outcome::Draw
        };
        assert_eq!(state.outcome, Some(expected), "seed {seed}, {pegs} pegs");
    }
}

/// Men step diagonally forward, or jump diagonally forward over an
/// opponent's man, taking it.
const JUMPERS: &str = r#"
game "Jumpers"
players White, Black
board square 6 x 6
setup: put 1 White where row(cell) <= 2 and (row(cell) + column(cell)) % 2 == 0; put 1 Black where row(cell) >= 5 and (row(cell) + column(cell)) % 2 == 0
phase play
  pick where owner(cell) == mover then step forward_left, forward_right where empty(cell)
  pick where owner(cell) == mover
    then jump forward_left, forward_right capturing where owner(between(from, cell)) == next
  otherwise pass
end when count(next) == 0: mover wins
end when passes == 2: draw
"#;

#[test]
fn a_capturing_jump_takes_only_the_opponents_piece_it_passes() {
    let rules = load_text(JUMPERS);
    let mut state = rules.start(0);
    // White's men stand on a1 c1 e1 b2 d2 f2, Black's on a5 c5 e5 b6 d6 f6.
    play(&rules, &mut state, "b2-c3");
    play(&rules, &mut state, "e5-d4");
    let moves = legal(&rules, &state);
    assert!(
        moves.contains("c3-e5"),
        "over Black's d4 to the empty e5: {moves:?}"
    );
    assert!(!moves.contains("d2-b4"), "not over White's own c3");
    assert!(!moves.contains("c3-d4"), "a step needs an empty cell");
    let before = state.counts.clone();
    play(&rules, &mut state, "c3-e5");
    assert_eq!(
        owner(&rules, &state, "d4"),
        None,
        "the man jumped over is taken"
    );
    assert_eq!(owner(&rules, &state, "e5"), Some(0));
    assert_eq!(owner(&rules, &state, "c3"), None);
    assert_eq!(state.counts[1], before[1] - 1, "Black lost one man");
    assert_eq!(state.counts[0], before[0], "White lost none");
    assert_eq!(state.captured[0], 1);
}

/// Pieces step orthogonally, or jump over any piece next to them, in any
/// direction, without capturing.
const LEAPERS: &str = r#"
game "Leapers"
players White, Black
board square 5 x 5
setup: put 1 White where row(cell) == 1; put 1 Black where row(cell) == 5
phase play
  pick where owner(cell) == mover then step n, e, s, w where empty(cell)
  pick where owner(cell) == mover then jump n, ne, e, se, s, sw, w, nw
end when count(mover) == 0: draw
"#;

#[test]
fn a_plain_jump_passes_over_any_piece_and_takes_none() {
    let rules = load_text(LEAPERS);
    let mut state = rules.start(0);
    play(&rules, &mut state, "b1-b2");
    play(&rules, &mut state, "b5-b4");
    let moves = legal(&rules, &state);
    for jump in ["a1-c3", "c1-a3"] {
        assert!(
            moves.contains(jump),
            "{jump}: over White's own b2 {moves:?}"
        );
    }
    assert!(
        !moves.contains("b2-b4"),
        "b3 is empty: nothing to jump over"
    );
    assert!(!moves.contains("a1-a3"), "a2 is empty");
    play(&rules, &mut state, "a1-c3");
    assert_eq!(owner(&rules, &state, "b2"), Some(0), "nothing is taken");
    let moves = legal(&rules, &state);
    assert!(moves.contains("b4-d2"), "over White's c3: {moves:?}");
    assert!(moves.contains("c5-a3"), "over Black's own b4");
    play(&rules, &mut state, "b4-d2");
    assert_eq!(owner(&rules, &state, "c3"), Some(0), "still White's");
    assert_eq!(state.counts.to_vec(), vec![5, 5]);
}

#[test]
fn between_names_the_cell_a_jump_passes_over() {
    let rules = load_text(
        r#"
game "Between"
players A, B
board square 5 x 5
setup: put 1 A where cell == between(a1, c3) or cell == between(e5, e3) or cell == between(a1, b1)
phase play
  place where empty
end when full: draw
"#,
    );
    let state = rules.start(0);
    let taken: Vec<&str> = ["b2", "e4", "a1", "b1", "c3"]
        .into_iter()
        .filter(|l| owner(&rules, &state, l).is_some())
        .collect();
    assert_eq!(taken, ["b2", "e4"], "a1 to b1 is one step: no cell between");
}

/// `capturing` written after a `step` is refused with what it is for.
#[test]
fn capturing_belongs_to_jump() {
    let source = LEAPERS.replace(
        "step n, e, s, w where empty(cell)",
        "step n, e, s, w capturing",
    );
    let error = tabula::compile::load(&source, &[]).expect_err("refused");
    let text = format!("{error:?}");
    assert!(text.contains("only a `jump` takes `capturing`"), "{text}");
}

/// A refused jump says why in the jump's terms.
#[test]
fn a_refused_jump_says_what_is_missing() {
    let rules = load("peg-solitaire.game");
    let mut state = rules.start(0);
    play(&rules, &mut state, "b4-d4");
    let refusal = |text: &str| match rules.parse_move(&state, text) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{text} was accepted"),
    };
    assert!(refusal("d4-b4").contains("there is no piece on c4 to jump over"));
    assert!(refusal("a4-b4").contains("b4 is not that far from a4"));
}
