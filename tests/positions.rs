//! Starting from a position: `--moves`, `--from RECORD [--upto N]`, `tabula
//! moves`, and resuming a recorded game, driven through the command line.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use records::partners_record;
use serde_json::Value;
use tempfile::TempDir;

#[path = "common/records.rs"]
mod records;

fn tabula() -> Command {
    let mut cmd = Command::cargo_bin("tabula").expect("the binary is built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// Every shipped rules file.
fn rules_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("rules/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    files
}

/// A JSON array of strings.
fn strings(list: &Value) -> Vec<String> {
    let items = list.as_array().expect("an array");
    items
        .iter()
        .map(|m| m.as_str().expect("a string").to_string())
        .collect()
}

/// `tabula moves ... --format json`, parsed.
fn moves_json(args: &[&str]) -> Value {
    let out = tabula()
        .arg("moves")
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "tabula moves {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn a_record_replayed_upto_a_move_is_the_position_its_moves_give() {
    let dir = TempDir::new().unwrap();
    for file in rules_files() {
        let file = file.to_string_lossy().into_owned();
        for seed in [3u64, 11] {
            let stem = std::path::Path::new(&file)
                .file_stem()
                .unwrap()
                .to_string_lossy();
            let records = dir.path().join(format!("{seed}-{stem}"));
            tabula()
                .args(["simulate", &file, "--games", "1", "--seed"])
                .arg(seed.to_string())
                .arg("--records")
                .arg(&records)
                .assert()
                .success();
            let record_path = records.join("game-00001.json");
            let record: Value =
                serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
            let moves = strings(&record["moves"]);
            // A move part-way through, different for each file and seed.
            let upto = (seed as usize * 7 + file.len()) % moves.len().max(1);
            let from = moves_json(&[
                "--from",
                record_path.to_str().unwrap(),
                "--upto",
                &upto.to_string(),
            ]);
            let listed = moves_json(&[
                &file,
                "--seed",
                &seed.to_string(),
                "--moves",
                &moves[..upto].join(", "),
            ]);
            assert_eq!(from, listed, "{file} seed {seed} after {upto} moves");
            assert!(!from["moves"].as_array().unwrap().is_empty());
            // The whole record: the game is over, as the record says.
            let end = moves_json(&["--from", record_path.to_str().unwrap()]);
            assert_eq!(end["over"], Value::Bool(true), "{file} seed {seed}");
            assert_eq!(end["moves"].as_array().unwrap().len(), 0);
        }
    }
}

#[test]
fn an_illegal_move_in_the_list_is_reported_with_its_number_and_nothing_runs() {
    for command in ["moves", "perft", "simulate"] {
        let mut cmd = tabula();
        cmd.args([
            command,
            "rules/tic-tac-toe.game",
            "--moves",
            "b2, a1, b2, c3",
        ]);
        if command == "perft" {
            cmd.args(["--depth", "2"]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert!(out.stdout.is_empty(), "{command} printed a result");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("move 3 of --moves (`b2`, X to move) is not legal"),
            "{command}: {err}"
        );
    }
    // A word that is no cell at all.
    let out = tabula()
        .args(["moves", "rules/tic-tac-toe.game", "--moves", "b2, z9"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2 of --moves (`z9`"));
}

#[test]
fn perft_from_a_mid_game_position_is_the_sum_over_its_children() {
    let start = "f6, e5, g7";
    let perft = |moves: &str, depth: u32| -> u64 {
        let out = tabula()
            .args(["perft", "rules/hex-fours.game", "--moves", moves, "--depth"])
            .arg(depth.to_string())
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let counts: Value = serde_json::from_slice(&out.stdout).unwrap();
        counts["nodes"][depth as usize - 1].as_u64().unwrap()
    };
    let children = strings(&moves_json(&["rules/hex-fours.game", "--moves", start])["moves"]);
    assert!(children.len() > 50);
    let total: u64 = children
        .iter()
        .map(|m| perft(&format!("{start}, {m}"), 1))
        .sum();
    assert_eq!(perft(start, 2), total);
    assert_eq!(perft(start, 1), children.len() as u64);
}

#[test]
fn a_game_stopped_and_resumed_from_its_record_goes_on_where_it_stopped() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let record_arg = record.to_str().unwrap();
    // X plays b2 and a1's neighbour, O answers; then the game is left.
    tabula()
        .args([
            "play",
            "rules/tic-tac-toe.game",
            "--players",
            "human,human",
            "--seed",
            "1",
        ])
        .args(["--record", record_arg])
        .write_stdin("b2\na1\nquit\n")
        .assert()
        .code(3);
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved["moves"], serde_json::json!(["b2", "a1"]));
    // Resumed: the record's players and position; it goes on writing the record.
    let out = tabula()
        .args(["play", "--from", record_arg])
        .write_stdin("c3\nquit\n")
        .output()
        .unwrap();
    // Left unfinished again: exit status 3.
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("turn 3: X to move"), "{text}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(saved["moves"], serde_json::json!(["b2", "a1", "c3"]));
    tabula().args(["replay", record_arg]).assert().success();
    // --upto past the record's end is refused.
    let out = tabula()
        .args(["moves", "--from", record_arg, "--upto", "9"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_card_game_resumes_with_the_same_deal_and_draws() {
    let dir = TempDir::new().unwrap();
    tabula()
        .args([
            "simulate",
            "rules/just-4-fun.game",
            "--games",
            "1",
            "--seed",
            "8",
        ])
        .args(["--set", "seats=3", "--records"])
        .arg(dir.path())
        .assert()
        .success();
    let record = dir.path().join("game-00001.json");
    let record_arg = record.to_str().unwrap();
    // The first seat to move, its hand, and the piles at the tenth move are
    // the same whether the record is replayed or the moves are given.
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let moves = strings(&saved["moves"]);
    let human = |args: &[&str]| {
        let out = tabula().arg("moves").args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let from = human(&["--from", record_arg, "--upto", "10"]);
    let listed = human(&[
        "rules/just-4-fun.game",
        "--set",
        "seats=3",
        "--seed",
        "8",
        "--moves",
        &moves[..10].join(", "),
    ]);
    assert_eq!(from, listed);
    assert!(from.contains("your hand"), "{from}");
}

#[test]
fn a_number_not_on_the_list_of_which_move_is_asked_again_not_played() {
    let dir = TempDir::new().unwrap();
    let record = partners_record(dir.path());
    let record = record.to_str().unwrap();
    // A position where a card alone fits several moves (`1`: 1 Y0-Y1 or 1 Y0-Y14).
    let (upto, card, fitting) = (1..200)
        .find_map(|n| {
            let upto = n.to_string();
            let at = moves_json(&["rules/partners.game", "--from", record, "--upto", &upto]);
            let moves = strings(&at["moves"]);
            let card = moves.first()?.split(' ').next()?.to_string();
            let fitting: Vec<String> = (moves.iter())
                .filter(|m| m.split(' ').next() == Some(&card))
                .cloned()
                .collect();
            (card != "give" && fitting.len() > 1).then_some((upto, card, fitting))
        })
        .expect("a card that fits several moves");
    let beyond = fitting.len() + 1;
    let out = tabula()
        .args([
            "play",
            "rules/partners.game",
            "--from",
            record,
            "--upto",
            &upto,
        ])
        .args(["--players", "human,human,human,human"])
        .write_stdin(format!("\n{card}\n{beyond}\n1\nquit\n"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    // The number not on the list was refused: exit status 4.
    assert_eq!(out.status.code(), Some(4), "{said}");
    let asked = format!("`{card}` fits {} moves.", fitting.len());
    assert_eq!(said.matches(&asked).count(), 2, "{said}");
    assert!(
        said.contains(&format!("{beyond} is not on the list")),
        "{said}"
    );
    let (_, walk) = fitting[0].split_once(' ').unwrap();
    assert!(said.contains(&format!("plays {card}: {walk}.")), "{said}");
    assert_eq!(
        said.matches(" plays ").count(),
        2,
        "one move, told twice: {said}"
    );
}
