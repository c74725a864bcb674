//! The general step runner's moves on small boards.

use crate::engine::Outcome;
use crate::ir::Rules;

fn rules(source: &str) -> Rules {
    crate::compile::load(source, &[]).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The legal moves after `moves`, in notation, sorted.
fn moves_after(rules: &Rules, moves: &[&str]) -> Vec<String> {
    let mut state = rules.start(0);
    for m in moves {
        let m = rules
            .parse_move(&state, m)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        rules.play(&mut state, m);
    }
    let mut texts: Vec<String> = rules
        .sorted_moves(&state)
        .into_iter()
        .map(|m| rules.move_text(m))
        .collect();
    texts.sort();
    texts
}

const MORRIS: &str = "players White, Black\nboard square 3 x 3\nsupply 3\n\
    phase play\n  place where empty\n  \
    pick where supply(mover) == 0 then place where adjacent(from) and cell != from\n\
    end when line(3, mover): mover wins\nlimit 300 turns\n";

#[test]
fn a_piece_steps_to_an_empty_neighbour_of_the_cell_it_left() {
    let rules = rules(MORRIS);
    // White a1 c1 c3, Black b2 a3 b1: White's pieces step along a side.
    let moves = moves_after(&rules, &["a1", "b2", "c1", "a3", "c3", "b1"]);
    assert_eq!(moves, ["a1-a2", "c1-c2", "c3-b3", "c3-c2"]);
}

#[test]
fn a_step_into_a_row_wins() {
    let rules = rules(MORRIS);
    let mut state = rules.start(0);
    // White a1 c1 b3, Black a2 c2 c3; White's b3 steps down to b1.
    for m in [
        "a1", "a2", "c1", "c2", "b3", "c3", "b3-b2", "a2-a3", "b2-b1",
    ] {
        let m = rules
            .parse_move(&state, m)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        rules.play(&mut state, m);
    }
    assert_eq!(state.outcome, Some(Outcome::Win(0)));
}

#[test]
fn a_removal_takes_a_piece_next_to_the_one_placed() {
    let rules = rules(
        "players X, O\nboard square 4 x 4\nsupply 8\nscore(p) = count(p)\n\
         phase play\n  place where empty\n  \
         place where empty then remove where owner(cell) == next and adjacent(to)\n\
         end when supply(mover) == 0 and supply(next) == 0: highest score wins\n",
    );
    let moves = moves_after(&rules, &["a1", "b1"]);
    // Next to O's b1 are c1 and b2: placing there may take it.
    assert_eq!(moves.len(), 14 + 2, "{moves:?}");
    for taking in ["b2 b1", "c1 b1"] {
        assert!(
            moves.contains(&taking.to_string()),
            "{moves:?} lacks {taking}"
        );
    }
    let mut state = rules.start(0);
    for m in ["a1", "b1", "c1 b1"] {
        let m = rules.parse_move(&state, m).expect("legal");
        rules.play(&mut state, m);
    }
    assert_eq!(state.counts, vec![2, 0]);
    assert_eq!(state.supply, vec![6, 7], "a removed piece leaves the game");
}

#[test]
fn keeping_the_largest_group_on_a_square_board() {
    let rules = rules(
        "players X, O\nboard square 7 x 1\nsupply 3\n\
         phase play\n  place where empty\n  \
         pick where supply(mover) == 0 then keep largest group then place where empty and cell != from\n\
         end when full: draw\nlimit 50 turns\n",
    );
    // X a1 c1 d1, O b1 e1 f1, g1 free. Picking c1 up sends a1 b1 home
    // (d1 e1 f1 are more); picking d1 up sends e1 f1 home.
    let played = ["a1", "b1", "c1", "f1", "d1", "e1"];
    assert_eq!(
        moves_after(&rules, &played),
        ["a1-g1", "c1-a1", "c1-b1", "c1-g1", "d1-e1", "d1-f1", "d1-g1"]
    );
    let mut state = rules.start(0);
    for m in played.iter().chain(&["c1-a1"]) {
        let m = rules.parse_move(&state, m).expect("legal");
        rules.play(&mut state, m);
    }
    assert_eq!(state.supply, vec![1, 1]);
    assert_eq!(state.counts, vec![2, 2]);
}

#[test]
fn a_group_kept_where_none_tie_is_refused_as_nothing_to_keep() {
    let rules = rules(
        "players X, O\nboard square 7 x 1\nsupply 3\n\
         phase play\n  place where empty\n  \
         pick where supply(mover) == 0 then keep largest group then place where empty and cell != from\n\
         end when full: draw\nlimit 50 turns\n",
    );
    let mut state = rules.start(0);
    for m in ["a1", "b1", "c1", "f1", "d1", "e1"] {
        let m = rules.parse_move(&state, m).expect("legal");
        rules.play(&mut state, m);
    }
    // Lifting a1 leaves one group: `a1-g1` needs no `keep`.
    assert!(rules.parse_move(&state, "a1-g1").is_ok());
    let refused = rules.parse_move(&state, "a1-g1 keep c1").unwrap_err();
    let said = refused.to_string();
    assert!(said.contains("nothing to keep"), "{said}");
    assert!(said.contains("`a1-g1`"), "{said}");
}

#[test]
fn later_steps_read_whose_piece_was_taken() {
    // Take a piece off, then place one, only if the piece taken was the opponent's.
    let rules = rules(
        "players X, O\nboard square 3 x 1\nsupply 5\n\
         phase play\n  place where empty\n  \
         remove then place where empty and piece == next\n\
         end when full: draw\nlimit 20 turns\n",
    );
    assert_eq!(moves_after(&rules, &["a1", "b1"]), ["b1-b1", "b1-c1", "c1"]);
}

#[test]
fn a_second_step_goes_on_from_where_the_first_put_the_piece() {
    let rules = rules(
        "players X, O\nboard square 4 x 4\n\
         setup: put 1 X where cell == a1; put 1 O where cell == d4\n\
         phase play\n  pick where owner(cell) == mover then step n, e where empty \
         then step n, e where empty and from != a1\nend when turn == 6: draw\n",
    );
    // The second step's `from` is where the first one ended, never a1.
    assert_eq!(
        moves_after(&rules, &[]),
        ["a1-a2-a3", "a1-a2-b2", "a1-b1-b2", "a1-b1-c1"]
    );
    // Played, the piece stands where the last step put it.
    let after = moves_after(&rules, &["a1-b1-c1"]);
    assert!(after.iter().all(|m| m.starts_with("d4-")), "{after:?}");
}
