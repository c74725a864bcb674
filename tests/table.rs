//! What the table learns from the AI's turns: the same words whether its
//! hand forced the move or not.

use assert_cmd::Command;

/// A game of Partners among four AIs (it has forced moves: a pass when no
/// card can move, a give of a hand's last card): every move is announced
/// with "is thinking" and played "after N playouts", N never 0.
#[test]
fn a_forced_move_of_a_hidden_hand_is_announced_as_any_other() {
    let dir = tempfile::TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let out = Command::cargo_bin("tabula")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["play", "rules/partners.game", "--seed", "3"])
        .args(["--players", "mcts:16,mcts:16,mcts:16,mcts:16"])
        .args(["--record", record.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let moves = saved["moves"].as_array().unwrap().len();
    assert!(moves > 100, "{moves} moves");
    let thinking = text.matches(" is thinking...").count();
    assert_eq!(thinking, moves, "announced {thinking} of {moves} moves");
    // Reports are wrapped at 80 columns: read them as one line.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let played = words.matches(" playouts").count();
    assert_eq!(played, moves, "playouts said for {played} of {moves} moves");
    assert!(!words.contains("after 0 playouts"), "{text}");
}
