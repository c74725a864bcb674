//! `undo` against an AI in a game of hidden cards shows no card: it is
//! refused once a turn since the undoing seat's last one has shown it a
//! card it could not see before (issue 32, item 10).

use std::path::Path;

use serde_json::Value;

#[path = "common/run.rs"]
mod run;

use run::{rules, typed as tabula};

/// A seed at which `seat` moves first in `file`, and its first legal move.
fn first_turn_of(file: &str, seat: &str) -> (String, String) {
    for seed in 1..200 {
        let seed = seed.to_string();
        let json = tabula(&["moves", file, "--seed", &seed, "--format", "json"], "");
        let position: Value = serde_json::from_str(&json).unwrap();
        if position["to_move"] == seat {
            let first = position["moves"][0].as_str().unwrap().to_string();
            return (seed, first);
        }
    }
    panic!("{seat} never moves first in {file}");
}

fn moves_recorded(record: &Path) -> usize {
    let text = std::fs::read_to_string(record).unwrap();
    let record: Value = serde_json::from_str(&text).unwrap();
    record["moves"].as_array().unwrap().len()
}

/// Plays `first` as Yellow against AIs, then asks to undo; the output and
/// how many moves the record then holds.
fn undo_after(file: &str, players: &str, seed: &str, first: &str) -> (String, usize) {
    let dir = tempfile::TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let args = [
        "play",
        file,
        "--players",
        players,
        "--seed",
        seed,
        "--record",
        record.to_str().unwrap(),
    ];
    let out = tabula(&args, &format!("{first}\nundo\nquit\n"));
    (out, moves_recorded(&record))
}

/// Just 4 Fun: after Yellow's move and Red's reply, undo would give Yellow
/// back its turn with Red's hand as it was, two of its cards now known.
#[test]
fn just_4_fun_refuses_an_undo_that_would_show_the_ais_hand() {
    let file = rules("just-4-fun.game");
    let (seed, first) = first_turn_of(&file, "Yellow");
    let (out, moves) = undo_after(&file, "human,mcts:20", &seed, &first);
    assert!(out.contains("No undo"), "{out}");
    assert!(!out.contains("Undone"), "{out}");
    assert_eq!(moves, 2, "the record kept Yellow's move and Red's");
}

/// Partners: once the gifts have been passed, undoing Yellow's gift would
/// let it choose again knowing what its partner gave.
#[test]
fn partners_refuses_an_undo_past_the_partners_gift() {
    let file = rules("partners.game");
    let (seed, first) = first_turn_of(&file, "Yellow");
    assert!(first.starts_with("give"), "{first}");
    let players = "human,random,random,random";
    let (out, moves) = undo_after(&file, players, &seed, &first);
    assert!(out.contains("No undo"), "{out}");
    assert_eq!(moves, 4, "every gift kept");
}

/// With nothing hidden, undo against the AI goes back as before.
#[test]
fn an_open_game_still_undoes() {
    let file = rules("connect-four.game");
    let (out, moves) = undo_after(&file, "human,mcts:20", "1", "d");
    assert!(out.contains("Undone"), "{out}");
    assert_eq!(moves, 0);
}

/// The moves recorded in `record`, in order.
fn recorded(record: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(record).unwrap();
    let record: Value = serde_json::from_str(&text).unwrap();
    let moves = record["moves"].as_array().unwrap();
    moves
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// A game resumed from its record and then undone keeps the moves made
/// before the resume: only the move taken back leaves the record, and the
/// record still replays.
#[test]
fn an_undo_after_a_resume_keeps_the_earlier_moves() {
    let file = rules("tic-tac-toe.game");
    let dir = tempfile::TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let path = record.to_str().unwrap();
    let args = ["play", &file, "--players", "human,human", "--record", path];
    let left = tabula(&args, "b2\na1\nquit\n");
    assert_eq!(recorded(&record), ["b2", "a1"]);
    // Leaving says how to go on.
    let go_on = format!("To go on:\n  tabula play --from {path}\n");
    assert!(left.contains(&go_on), "{left}");
    let out = tabula(&["play", "--from", path], "c3\nundo\na3\nquit\n");
    assert!(out.contains("Undone"), "{out}");
    assert_eq!(recorded(&record), ["b2", "a1", "a3"]);
    // Back to the resume point and on: the record is still a game.
    tabula(&["play", "--from", path], "c1\nundo\nc3\nquit\n");
    assert_eq!(recorded(&record), ["b2", "a1", "a3", "c3"]);
    let replayed = tabula(&["replay", path], "");
    assert!(replayed.contains("all legal"), "{replayed}");
}
