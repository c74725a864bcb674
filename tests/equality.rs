//! A state's equality compares positions, not storage: two states that
//! reach one position by different moves are equal though the tables kept
//! for speed (the empty-cell list's order, the union-find of `connects`)
//! differ, and two different positions are not.

use tabula::compile::{load_with, Passes};
use tabula::engine::State;
use tabula::ir::Rules;

fn rules(path: &str, set: &[(&str, i64)], passes: Passes) -> Rules {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .expect("a rules file");
    let set: Vec<(String, i64)> = set.iter().map(|&(k, v)| (k.to_string(), v)).collect();
    load_with(&text, &set, passes).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// The state after `moves`, in notation, from the start of seed 0.
fn after(rules: &Rules, moves: &[&str]) -> State {
    let mut state = rules.start(0);
    for text in moves {
        let m = rules
            .parse_move(&state, text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        rules.play(&mut state, m);
    }
    state
}

/// The same position by two orders of moves is equal, though its storage
/// differs; a position one piece away is not.
fn transposed(rules: &Rules, one: &[&str], other: &[&str], apart: &[&str]) {
    let (a, b, c) = (after(rules, one), after(rules, other), after(rules, apart));
    assert_ne!(
        format!("{a:?}"),
        format!("{b:?}"),
        "{one:?} and {other:?} are stored alike: the test shows nothing"
    );
    assert!(a == b, "{one:?} and {other:?} reach one position");
    assert!(a != c, "{one:?} and {apart:?} reach different positions");
    assert!(b != c);
}

#[test]
fn one_position_reached_two_ways_is_equal_and_another_is_not() {
    // Without the passes tic-tac-toe keeps a list of its empty cells, in
    // the order they were taken; with them, only their bitboard.
    let (one, other) = (["a1", "b1", "c1", "b2"], ["c1", "b1", "a1", "b2"]);
    let ttt = rules("rules/tic-tac-toe.game", &[], Passes::NONE);
    transposed(&ttt, &one, &other, &["a1", "b1", "c2", "b2"]);
    let ttt = rules("rules/tic-tac-toe.game", &[], Passes::ALL);
    let (a, b) = (after(&ttt, &one), after(&ttt, &other));
    assert_eq!(format!("{a:?}"), format!("{b:?}"), "no list, one storage");
    for passes in [Passes::ALL, Passes::NONE] {
        // Hex keeps no bitboards, so its list is kept with the passes too.
        let hex = rules("rules/hex.game", &[("size", 4)], passes);
        transposed(
            &hex,
            &["a1", "d4", "b1", "d3", "c1"],
            &["b1", "d3", "a1", "d4", "c1"],
            &["a1", "d4", "b1", "d3", "c2"],
        );
    }
}
