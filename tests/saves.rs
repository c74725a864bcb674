//! Nothing a user saves is lost or shortened, and nothing but a regular
//! file is written over: records resumed from part of them, pipes and
//! other special files named as a record or a report, a report whose
//! folder is missing.

use std::path::Path;

use assert_cmd::Command;
use records::partners_record;
use serde_json::Value;
use tempfile::TempDir;

#[path = "common/records.rs"]
mod records;

fn tabula() -> Command {
    let mut cmd = Command::cargo_bin("tabula").expect("the binary is built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1");
    cmd
}

fn moves_of(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("a record");
    let record: Value = serde_json::from_str(&text).expect("JSON");
    record["moves"].as_array().expect("moves").clone()
}

/// A finished random game of tic-tac-toe, recorded in `dir`.
fn finished_record(dir: &TempDir) -> std::path::PathBuf {
    tabula()
        .args(["simulate", "rules/tic-tac-toe.game", "--games", "1"])
        .args(["--seed", "3", "--records"])
        .arg(dir.path())
        .assert()
        .success();
    dir.path().join("game-00001.json")
}

/// A named pipe in `dir`.
fn fifo(dir: &TempDir, name: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    path
}

#[test]
fn resuming_part_of_a_record_writes_a_new_one_and_keeps_the_old() {
    let dir = TempDir::new().unwrap();
    let record = finished_record(&dir);
    let before = std::fs::read_to_string(&record).unwrap();
    let all = moves_of(&record).len();
    assert!(all >= 5, "a game of {all} moves");
    let out = tabula()
        .args(["play", "--from"])
        .arg(&record)
        .args(["--upto", "3", "--players", "human,human"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    // Left unfinished: exit status 3.
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("at move 3 of"), "{said}");
    assert_eq!(
        std::fs::read_to_string(&record).unwrap(),
        before,
        "the record was changed"
    );
    let part = dir.path().join("game-00001-from-3.json");
    assert_eq!(moves_of(&part).len(), 3);
    // Again: the new file is not written over either.
    tabula()
        .args(["play", "--from"])
        .arg(&record)
        .args(["--upto", "3", "--players", "human,human"])
        .write_stdin("quit\n")
        .assert()
        .code(3);
    assert!(dir.path().join("game-00001-from-3-2.json").is_file());
    tabula().arg("replay").arg(&part).assert().success();
}

#[test]
fn a_pipe_named_as_a_record_or_report_is_refused_and_left_as_it_is() {
    let dir = TempDir::new().unwrap();
    let pipe = fifo(&dir, "pipe.json");
    let out = tabula()
        .args(["play", "rules/tic-tac-toe.game", "--players", "human,human"])
        .arg("--record")
        .arg(&pipe)
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("pipe.json"), "{said}");
    let report = fifo(&dir, "report.html");
    let out = tabula()
        .args([
            "analyse",
            "rules/tic-tac-toe.game",
            "--games",
            "5",
            "--report",
        ])
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("not a regular file"), "{said}");
    for path in [pipe, report] {
        let kind = std::fs::symlink_metadata(&path).unwrap().file_type();
        assert!(!kind.is_file(), "{} became a regular file", path.display());
    }
}

#[test]
fn a_report_whose_folder_is_missing_is_refused_before_the_games() {
    let dir = TempDir::new().unwrap();
    let page = dir.path().join("missing").join("r.html");
    let out = tabula()
        .args([
            "analyse",
            "rules/tic-tac-toe.game",
            "--games",
            "50",
            "--report",
        ])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("does not exist"), "{said}");
    // Nothing was played: no table of results.
    assert!(String::from_utf8_lossy(&out.stdout).trim().is_empty());
}

#[test]
fn a_record_whose_options_do_not_fit_its_rules_is_an_invalid_record() {
    // docs/records.md: an invalid record exits 1 (an unknown option was 2).
    let dir = TempDir::new().unwrap();
    let record = finished_record(&dir);
    let mut saved: Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    saved["options"] = serde_json::json!([["bogus", 1]]);
    std::fs::write(&record, saved.to_string()).unwrap();
    for command in ["replay", "moves"] {
        let mut args = vec![command];
        if command == "moves" {
            args.push("--from");
        }
        let out = tabula().args(&args).arg(&record).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{command}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("unknown option `bogus`"), "{said}");
        assert!(said.contains("is not a valid record"), "{said}");
    }
}

#[test]
fn a_save_cleans_up_what_a_killed_save_left_beside_its_file() {
    // `kill -9` during a save leaves `NAME.PID.tmp`; the next save of that
    // name in the folder removes it (its process is gone), not another's.
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let stale = dir.path().join("game.json.999999999.tmp");
    let other = dir.path().join("other.json.999999999.tmp");
    std::fs::write(&stale, "{\"half\": ").unwrap();
    std::fs::write(&other, "{\"half\": ").unwrap();
    tabula()
        .args(["play", "rules/tic-tac-toe.game", "--players", "human,human"])
        .arg("--record")
        .arg(&record)
        .write_stdin("b2\nquit\n")
        .assert()
        .code(3);
    assert_eq!(moves_of(&record).len(), 1);
    assert!(!stale.exists(), "the stale temporary file is still there");
    assert!(other.exists(), "another file's temporary was removed");
}

#[test]
fn a_per_seat_option_is_kept_in_the_records_and_they_replay() {
    // `--set handicap.Blue=2` was written as `["handicap", 0]`: the record
    // then replayed with no handicap and was refused at move 21.
    let dir = TempDir::new().unwrap();
    tabula()
        .args(["simulate", "rules/exago.game", "--set", "handicap.Blue=2"])
        .args(["--games", "2", "--seed", "1", "--records"])
        .arg(dir.path())
        .assert()
        .success();
    for game in ["game-00001.json", "game-00002.json"] {
        let record = dir.path().join(game);
        let saved: Value =
            serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
        let options = saved["options"].as_array().unwrap();
        assert!(
            options.contains(&serde_json::json!(["handicap.Blue", 2])),
            "{options:?}"
        );
        tabula().arg("replay").arg(&record).assert().success();
    }
}

#[test]
fn a_result_that_names_the_winners_partner_is_refused_and_says_how_it_differs() {
    let dir = TempDir::new().unwrap();
    let record = partners_record(dir.path());
    let mut saved: Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let winner = saved["result"]["winner"]
        .as_str()
        .expect("a winner")
        .to_string();
    let partners = [
        ("Yellow", "Blue"),
        ("Blue", "Yellow"),
        ("Red", "Green"),
        ("Green", "Red"),
    ];
    let partner = partners.iter().find(|(w, _)| *w == winner).unwrap().1;
    saved["result"]["winner"] = Value::from(partner);
    std::fs::write(&record, saved.to_string()).unwrap();
    let out = tabula().arg("replay").arg(&record).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    // Both results read "Yellow and Blue win": the seat named differs.
    let differs = format!("the record's winner is `{partner}`, the moves' `{winner}`");
    assert!(said.contains(&differs), "{said}");
}

#[test]
fn a_pipe_named_as_a_record_or_rules_file_is_refused_not_waited_on() {
    // Opening a FIFO for reading waits for a writer: `replay pipe.json`
    // blocked for ever. Every command that reads a record, a rules file or
    // a summary refuses anything but a regular file, at once.
    let dir = TempDir::new().unwrap();
    let record = finished_record(&dir);
    let pipe = fifo(&dir, "pipe.json");
    let rules = fifo(&dir, "pipe.game");
    let (pipe, rules, record) = (
        pipe.to_str().unwrap(),
        rules.to_str().unwrap(),
        record.to_str().unwrap(),
    );
    let runs: Vec<Vec<&str>> = vec![
        vec!["replay", pipe],
        vec!["replay", record, "--rules", rules],
        vec!["moves", "--from", pipe],
        vec!["perft", "--from", pipe, "--depth", "1"],
        vec!["play", "--from", pipe],
        vec!["check", rules],
        vec!["moves", rules],
        vec!["perft", rules, "--depth", "1"],
        vec!["play", rules],
        vec!["simulate", rules, "--games", "1"],
        vec!["analyse", rules, "--games", "1"],
        vec!["merge", pipe],
    ];
    for args in runs {
        let out = tabula()
            .args(&args)
            .write_stdin("quit\n")
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("not a regular file"), "{args:?}: {said}");
    }
}
