//! Tests of the `tabula` command line as a user meets it: exit statuses,
//! what is printed, and the files written (records), for `check`, `perft`,
//! `simulate`, `replay` and `play` (driven through piped stdin).
//!
//! Every test is deterministic: fixed seeds, MCTS only with an iteration
//! budget (`mcts:50`), never a time budget.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

const TIC_TAC_TOE: &str = "rules/tic-tac-toe.game";
const HEX_FOURS: &str = "rules/hex-fours.game";

/// Three mistakes: an unknown name (E0002, with a did-you-mean), a line
/// longer than the board (E0006) and an unused option (W0001).
const BROKEN: &str = r#"game "Tic-tac-toe"
option size = 3 in 3..5
players X, O
board square 3 x 3

phase play
  place where emtpy

end when line(4, mover): mover wins
end when full: draw
"#;

/// Only a warning: the option `size` is never used.
const WARNING_ONLY: &str = r#"game "Tic-tac-toe"
option size = 3 in 3..5
players X, O
board square 3 x 3

phase play
  place where empty

end when line(3, mover): mover wins
end when full: draw
"#;

/// Clean to the checker, but stuck in play: after the first piece, every
/// piece must go next to the last one, and the only end is a full board. A
/// random walk on a 3 x 3 board often gets stuck before it has visited all
/// nine cells (3 of the first 5 seeds do), so in 50 random games some mover
/// has no legal move (R0001) whatever the seeds.
const STALLS: &str = r#"game "Crowded"
players X, O
board square 3 x 3

phase first for 1 turn
  place where empty
phase chase
  place where empty and adjacent(last)

end when full: draw
"#;

/// A complete tic-tac-toe game that X wins on the ninth move (row 2).
const X_WINS: [&str; 9] = ["b2", "a1", "c3", "a3", "a2", "c1", "b1", "b3", "c2"];

/// What a run of `tabula` gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// Asserts the exit status, showing everything printed when it differs.
    fn expect(self, code: i32) -> Self {
        assert_eq!(
            self.code, code,
            "expected exit status {code}, got {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        );
        assert!(
            !self.stderr.contains("panicked"),
            "tabula panicked:\n{}",
            self.stderr
        );
        self
    }

    /// stdout parsed as JSON.
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }
}

/// Runs `tabula ARGS` in the package root (so `rules/...` paths resolve).
fn tabula(args: &[&str]) -> Run {
    tabula_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, "")
}

/// Runs `tabula ARGS` in the package root with the given stdin.
fn tabula_stdin(args: &[&str], stdin: &str) -> Run {
    tabula_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// Runs `tabula ARGS` in `dir` with the given stdin.
fn tabula_in(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let output = Command::cargo_bin("tabula")
        .expect("the tabula binary is built")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .write_stdin(stdin)
        .output()
        .expect("tabula runs");
    Run {
        code: output.status.code().expect("tabula exited, not killed"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Writes `text` to `dir/name` and returns the full path as a string.
fn write(dir: &TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write a temp file");
    path.to_string_lossy().into_owned()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("read a JSON file");
    serde_json::from_str(&text).expect("the file is JSON")
}

fn moves_of(record: &Value) -> Vec<String> {
    record["moves"]
        .as_array()
        .expect("moves is an array")
        .iter()
        .map(|m| m.as_str().expect("a move is a string").to_string())
        .collect()
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temp path")
}

/// Plays X_WINS with two humans, writing a record; returns the run and the record's path.
fn play_x_wins(dir: &TempDir) -> (Run, PathBuf) {
    let record = dir.path().join("x-wins.json");
    let input = X_WINS.join("\n") + "\n";
    let run = tabula_stdin(
        &[
            "play",
            TIC_TAC_TOE,
            "--players",
            "human,human",
            "--seed",
            "5",
            "--record",
            path_str(&record),
        ],
        &input,
    );
    (run, record)
}

/// A game for one is played alone without naming the players: the
/// default puts the human in the first seat and the AI in the others only.
#[test]
fn play_a_game_for_one_without_naming_players() {
    let run = tabula_stdin(
        &["play", "rules/peg-solitaire.game", "--seed", "1"],
        "d2-d4\nquit\n",
    )
    .expect(3);
    assert!(
        run.stdout.contains("Solo to move"),
        "stdout: {}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("d2-d4 is not"),
        "stdout: {}",
        run.stdout
    );
    assert!(
        run.stdout.contains("turn 2"),
        "the jump was played: {}",
        run.stdout
    );
}

// ---------------------------------------------------------------- check

#[test]
fn check_the_shipped_rules_is_ok() {
    for file in [TIC_TAC_TOE, HEX_FOURS] {
        let run = tabula(&["check", file]).expect(0);
        assert!(
            run.stdout.contains(&format!("{file}: ok")),
            "stdout: {}",
            run.stdout
        );
    }
    // Several files at once, too.
    let run = tabula(&["check", TIC_TAC_TOE, HEX_FOURS]).expect(0);
    assert_eq!(run.stdout.matches(": ok").count(), 2, "{}", run.stdout);
}

#[test]
fn check_reports_every_mistake_with_codes_and_help() {
    let dir = TempDir::new().unwrap();
    write(&dir, "broken.game", BROKEN);
    let run = tabula_in(dir.path(), &["check", "broken.game"], "").expect(1);
    for code in ["E0002", "E0006", "W0001"] {
        assert!(run.stderr.contains(code), "no {code} in:\n{}", run.stderr);
    }
    assert!(
        run.stderr.contains("unknown name `emtpy`"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("did you mean `empty`?"),
        "{}",
        run.stderr
    );
    // The diagnostic points at the file, line and column of the mistake.
    assert!(run.stderr.contains("broken.game:7:15"), "{}", run.stderr);
    assert!(
        run.stdout.contains("broken.game: 2 errors and 1 warning"),
        "{}",
        run.stdout
    );
}

#[test]
fn check_with_only_warnings_succeeds() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "warning.game", WARNING_ONLY);
    let run = tabula(&["check", &file]).expect(0);
    assert!(run.stderr.contains("W0001"), "{}", run.stderr);
    assert!(
        run.stderr.contains("option `size` is never used"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("0 errors and 1 warning"),
        "{}",
        run.stdout
    );
}

#[test]
fn check_json_lists_each_diagnostic_with_its_position() {
    let dir = TempDir::new().unwrap();
    write(&dir, "broken.game", BROKEN);
    let run = tabula_in(
        dir.path(),
        &["check", "broken.game", "--format", "json"],
        "",
    )
    .expect(1);
    let json = run.json();
    let list = json.as_array().expect("a JSON array");
    assert_eq!(list.len(), 3, "{json:#}");
    for d in list {
        for key in ["code", "severity", "message", "file", "line", "column"] {
            assert!(d.get(key).is_some(), "no `{key}` in {d}");
        }
        assert_eq!(d["file"], "broken.game");
    }
    let find = |code: &str| {
        list.iter()
            .find(|d| d["code"] == code)
            .unwrap_or_else(|| panic!("no {code} in {json:#}"))
    };
    let unknown = find("E0002");
    assert_eq!(unknown["severity"], "error");
    assert_eq!(unknown["message"], "unknown name `emtpy`");
    assert_eq!(unknown["line"], 7);
    assert_eq!(unknown["column"], 15);
    assert_eq!(unknown["help"], "did you mean `empty`?");
    let too_long = find("E0006");
    assert_eq!(too_long["severity"], "error");
    assert_eq!(too_long["line"], 9);
    let unused = find("W0001");
    assert_eq!(unused["severity"], "warning");
    assert_eq!(unused["line"], 2);
    assert_eq!(unused["column"], 8);

    // A clean file gives an empty array.
    let run = tabula(&["check", TIC_TAC_TOE, "--format", "json"]).expect(0);
    assert_eq!(run.json(), serde_json::json!([]));
}

#[test]
fn check_usage_errors_exit_2() {
    let run = tabula(&["check", "no/such/file.game"]).expect(2);
    assert!(run.stderr.contains("no/such/file.game"), "{}", run.stderr);
    tabula(&["check", TIC_TAC_TOE, "--bogus"]).expect(2);
    tabula(&["check"]).expect(2);
    tabula(&["check", TIC_TAC_TOE, "--format", "xml"]).expect(2);
    tabula(&["check", TIC_TAC_TOE, "--playouts", "many"]).expect(2);
    tabula(&["frobnicate"]).expect(2);
    tabula(&[]).expect(2);
}

#[test]
fn check_playouts_finds_a_turn_without_legal_moves() {
    let dir = TempDir::new().unwrap();
    write(&dir, "stalls.game", STALLS);
    // Reading the rules finds nothing...
    tabula_in(dir.path(), &["check", "stalls.game"], "").expect(0);
    // ...playing them does.
    let args = ["check", "stalls.game", "--playouts", "50", "--seed", "1"];
    let run = tabula_in(dir.path(), &args, "").expect(1);
    assert!(run.stderr.contains("R0001"), "{}", run.stderr);
    assert!(run.stderr.contains("no legal move for"), "{}", run.stderr);
    assert!(run.stdout.contains("1 error"), "{}", run.stdout);

    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let run = tabula_in(dir.path(), &json_args, "").expect(1);
    let json = run.json();
    let r = json
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "R0001")
        .unwrap_or_else(|| panic!("no R0001 in {json:#}"));
    assert_eq!(r["severity"], "error");
    // It points at the phase that ran out of moves.
    assert_eq!(r["line"], 7, "{r}");

    // The shipped games never stall.
    tabula(&["check", TIC_TAC_TOE, "--playouts", "50", "--seed", "1"]).expect(0);
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_counts_tic_tac_toe() {
    let run = tabula(&["perft", TIC_TAC_TOE, "--depth", "9", "--format", "json"]).expect(0);
    assert_eq!(
        run.json(),
        serde_json::json!({
            "nodes": [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872],
            "terminal": [0, 0, 0, 0, 1440, 5328, 47952, 72576, 127872],
            "games": 255168
        })
    );
    let run = tabula(&["perft", TIC_TAC_TOE, "--depth", "3"]).expect(0);
    assert!(run.stdout.contains("504"), "{}", run.stdout);
}

#[test]
fn perft_bulk_counts_the_last_depth_unplayed() {
    // Tic-tac-toe's terminal positions start at depth 5: in bulk the last
    // depth's are not counted, the earlier depths' are.
    let run = tabula(&[
        "perft",
        TIC_TAC_TOE,
        "--depth",
        "6",
        "--bulk",
        "--format",
        "json",
    ]);
    assert_eq!(
        run.expect(0).json(),
        serde_json::json!({
            "nodes": [9, 72, 504, 3024, 15120, 54720],
            "terminal": [0, 0, 0, 0, 1440],
            "games": 1440
        })
    );
    let run = tabula(&["perft", TIC_TAC_TOE, "--depth", "6", "--bulk"]).expect(0);
    let last = run
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("6 "));
    assert!(last.is_some_and(|l| l.ends_with(" -")), "{}", run.stdout);
    assert!(
        run.stdout.contains("up to depth 5): 1440"),
        "{}",
        run.stdout
    );
    // With dice each throw after a move is a position: no bulk count.
    let run = tabula(&["perft", "rules/backgammon.game", "--depth", "1", "--bulk"]).expect(2);
    assert!(run.stderr.contains("leave out --bulk"), "{}", run.stderr);
}

#[test]
fn perft_usage_errors_exit_2() {
    let run = tabula(&["perft", TIC_TAC_TOE, "--depth", "0"]).expect(2);
    assert!(run.stderr.contains("--depth"), "{}", run.stderr);
    tabula(&["perft", TIC_TAC_TOE]).expect(2);
    tabula(&["perft", TIC_TAC_TOE, "--depth", "x"]).expect(2);
    tabula(&["perft", "no/such/file.game", "--depth", "1"]).expect(2);
}

// ---------------------------------------------------------------- simulate

fn simulate_json(args: &[&str]) -> Value {
    let mut all = vec!["simulate"];
    all.extend_from_slice(args);
    all.extend(["--format", "json"]);
    tabula(&all).expect(0).json()
}

fn int(v: &Value) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("{v} is not a whole number"))
}

fn wins(summary: &Value) -> Vec<u64> {
    summary["wins"]
        .as_array()
        .expect("wins is an array")
        .iter()
        .map(int)
        .collect()
}

#[test]
fn simulate_json_summary_adds_up_and_is_deterministic() {
    let args = [TIC_TAC_TOE, "--games", "200", "--seed", "3"];
    let a = simulate_json(&args);
    assert_eq!(int(&a["games"]), 200);
    let w = wins(&a);
    assert_eq!(w.len(), 2, "{a:#}");
    let total = w.iter().sum::<u64>() + int(&a["draws"]) + int(&a["unfinished"]);
    assert_eq!(total, 200, "{a:#}");
    assert_eq!(int(&a["unfinished"]), 0, "tic-tac-toe always ends");
    let mean = a["mean_length"].as_f64().expect("mean_length is a number");
    assert!((5.0..=9.0).contains(&mean), "mean_length {mean}");
    assert!(a["games_per_second"].as_f64().expect("a number") > 0.0);
    let (games, moves) = (
        a["games_per_second"].as_f64().unwrap(),
        a["moves_per_second"].as_f64().unwrap(),
    );
    // Every game has moves: the move rate is the game rate times the mean length.
    let length = a["mean_length"].as_f64().unwrap();
    assert!(
        (moves / games - length).abs() < 1e-6 * length,
        "{moves} {games} {length}"
    );
    assert_eq!(a["mean_scores"].as_array().map(Vec::len), Some(2));

    let b = simulate_json(&args);
    for key in ["wins", "draws", "unfinished", "mean_length"] {
        assert_eq!(
            a[key], b[key],
            "`{key}` differs between two runs with seed 3"
        );
    }
}

#[test]
fn simulate_mcts_beats_random() {
    let s = simulate_json(&[
        TIC_TAC_TOE,
        "--players",
        "random,mcts:50",
        "--games",
        "10",
        "--seed",
        "1",
    ]);
    assert_eq!(s["players"], serde_json::json!(["random", "mcts:50"]));
    let w = wins(&s);
    // Random (X) rarely beats even a small search.
    assert!(w[0] <= 3, "random beat mcts:50 in {} of 10 games", w[0]);
    assert_eq!(w[0] + w[1] + int(&s["draws"]) + int(&s["unfinished"]), 10);
}

#[test]
fn simulate_records_replay() {
    let dir = TempDir::new().unwrap();
    let records = dir.path().join("records");
    tabula(&[
        "simulate",
        TIC_TAC_TOE,
        "--games",
        "4",
        "--seed",
        "7",
        "--records",
        path_str(&records),
    ])
    .expect(0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&records)
        .expect("the records folder exists")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<_> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "game-00001.json",
            "game-00002.json",
            "game-00003.json",
            "game-00004.json"
        ]
    );
    for file in &files {
        let record = read_json(file);
        assert_eq!(record["format"], "tabula-record/2");
        assert_eq!(record["game"], "Tic-tac-toe");
        assert!(!record["result"].is_null(), "a finished game: {record:#}");
        let run = tabula(&["replay", path_str(file)]).expect(0);
        assert!(run.stdout.contains("all legal"), "{}", run.stdout);
    }
}

#[test]
fn simulate_with_options() {
    let dir = TempDir::new().unwrap();
    let records = dir.path().join("small");
    let s = simulate_json(&[
        HEX_FOURS,
        "--set",
        "size=3",
        "--set",
        "pieces=5",
        "--games",
        "20",
        "--seed",
        "1",
        "--records",
        path_str(&records),
    ]);
    assert_eq!(int(&s["games"]), 20);
    // Five pieces each: no game is longer than ten moves.
    assert!(s["mean_length"].as_f64().unwrap() <= 10.0, "{s:#}");
    // The records remember the options, and replay with them.
    let first = records.join("game-00001.json");
    let record = read_json(&first);
    assert_eq!(
        record["options"],
        serde_json::json!([["size", 3], ["pieces", 5]])
    );
    tabula(&["replay", path_str(&first)]).expect(0);
}

#[test]
fn simulate_usage_errors_exit_2() {
    let run = tabula(&["simulate", HEX_FOURS, "--set", "nosuch=1", "--games", "1"]).expect(2);
    assert!(run.stderr.contains("nosuch"), "{}", run.stderr);
    assert!(
        run.stderr.contains("size") && run.stderr.contains("pieces"),
        "the message should name the known options:\n{}",
        run.stderr
    );

    let run = tabula(&["simulate", HEX_FOURS, "--set", "size=99", "--games", "1"]).expect(2);
    assert!(run.stderr.contains("99"), "{}", run.stderr);
    assert!(
        run.stderr.contains("range") && run.stderr.contains("13"),
        "the message should give the range:\n{}",
        run.stderr
    );

    let run = tabula(&["simulate", HEX_FOURS, "--set", "size", "--games", "1"]).expect(2);
    assert!(run.stderr.contains("NAME=VALUE"), "{}", run.stderr);
    tabula(&["simulate", HEX_FOURS, "--set", "size=big", "--games", "1"]).expect(2);

    let run = tabula(&[
        "simulate",
        TIC_TAC_TOE,
        "--players",
        "human,random",
        "--games",
        "1",
    ])
    .expect(2);
    assert!(run.stderr.contains("tabula play"), "{}", run.stderr);

    tabula(&[
        "simulate",
        TIC_TAC_TOE,
        "--players",
        "random",
        "--games",
        "1",
    ])
    .expect(2);
    let run = tabula(&[
        "simulate",
        TIC_TAC_TOE,
        "--players",
        "random,bogus",
        "--games",
        "1",
    ])
    .expect(2);
    assert!(run.stderr.contains("bogus"), "{}", run.stderr);
    tabula(&[
        "simulate",
        TIC_TAC_TOE,
        "--players",
        "random,mcts:0",
        "--games",
        "1",
    ])
    .expect(2);
    tabula(&["simulate", TIC_TAC_TOE, "--games", "0"]).expect(2);
    tabula(&["simulate", "no/such/file.game"]).expect(2);
}

// ---------------------------------------------------------------- replay

/// Writes the X_WINS record with one edit applied, and replays it.
fn replay_edited(edit: impl FnOnce(&mut Value)) -> Run {
    let dir = TempDir::new().unwrap();
    let (_, record) = play_x_wins(&dir);
    let mut json = read_json(&record);
    edit(&mut json);
    let edited = write(&dir, "edited.json", &json.to_string());
    tabula(&["replay", &edited])
}

#[test]
fn replay_a_record_from_play() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("hex.json");
    tabula_stdin(
        &[
            "play",
            HEX_FOURS,
            "--players",
            "human,random",
            "--seed",
            "5",
            "--record",
            path_str(&record),
        ],
        "f6\nquit\n",
    )
    .expect(3);
    let json = read_json(&record);
    let moves = moves_of(&json);
    assert_eq!(moves.len(), 2, "f6 and the random reply: {json:#}");
    assert_eq!(moves[0], "f6");
    assert!(json["result"].is_null(), "the game was left unfinished");
    let run = tabula(&["replay", path_str(&record)]).expect(0);
    assert!(run.stdout.contains("2 moves replayed"), "{}", run.stdout);
    assert!(run.stdout.contains("unfinished"), "{}", run.stdout);
    // --show prints the final position too.
    let run = tabula(&["replay", path_str(&record), "--show"]).expect(0);
    assert!(run.stdout.contains("Light"), "{}", run.stdout);
}

#[test]
fn replay_refuses_an_illegal_move_and_names_it() {
    // Move 4 (O) on b2, which X took with move 1.
    let run = replay_edited(|r| r["moves"][3] = "b2".into()).expect(1);
    assert!(run.stderr.contains("move 4"), "{}", run.stderr);
    assert!(run.stderr.contains("b2"), "{}", run.stderr);

    // A move that is not a cell at all.
    let run = replay_edited(|r| r["moves"][2] = "zz9".into()).expect(1);
    assert!(run.stderr.contains("move 3"), "{}", run.stderr);

    // A move after the game is over.
    let run = replay_edited(|r| r["moves"].as_array_mut().unwrap().push("a2".into())).expect(1);
    assert!(run.stderr.contains("move 10"), "{}", run.stderr);
}

#[test]
fn replay_refuses_a_wrong_result() {
    let run = replay_edited(|r| r["result"]["winner"] = "O".into()).expect(1);
    assert!(run.stderr.contains("result"), "{}", run.stderr);
    // A finished game recorded as unfinished.
    replay_edited(|r| r["result"] = Value::Null).expect(1);
    // A draw recorded for a won game.
    replay_edited(|r| r["result"]["winner"] = Value::Null).expect(1);
}

#[test]
fn replay_refuses_other_rules_and_formats() {
    let run = replay_edited(|r| r["rules_hash"] = "fnv1a64:0000000000000000".into()).expect(1);
    assert!(run.stderr.contains("changed"), "{}", run.stderr);
    let run = replay_edited(|r| r["format"] = "tabula-record/99".into()).expect(1);
    assert!(run.stderr.contains("tabula-record/99"), "{}", run.stderr);
}

#[test]
fn replay_reports_a_corrupt_file_clearly() {
    let dir = TempDir::new().unwrap();
    for (name, text) in [
        ("truncated.json", r#"{"format": "tabula-rec"#),
        ("empty.json", ""),
        ("array.json", "[1, 2, 3]"),
        ("not-json.json", "b2 a1 c3\n"),
    ] {
        let file = write(&dir, name, text);
        let run = tabula(&["replay", &file]).expect(1);
        assert!(
            run.stderr.contains("is not a valid record"),
            "{name}: {}",
            run.stderr
        );
        assert!(run.stderr.contains(name), "{name}: {}", run.stderr);
    }
    let run = tabula(&["replay", "no/such/record.json"]).expect(2);
    assert!(run.stderr.contains("no/such/record.json"), "{}", run.stderr);
    tabula(&["replay"]).expect(2);
}

// ---------------------------------------------------------------- play

#[test]
fn play_help_lists_the_legal_moves() {
    // No FILE: the built-in Hex Fours. Its first move may go anywhere but the edge.
    let run = tabula_stdin(
        &["play", "--players", "human,random", "--seed", "5"],
        "help\nquit\n",
    )
    .expect(3);
    assert!(run.stdout.contains("Hex Fours"), "{}", run.stdout);
    assert!(run.stdout.contains("Legal moves (61)"), "{}", run.stdout);
    assert!(run.stdout.contains("f6"), "{}", run.stdout);

    let run = tabula_stdin(
        &[
            "play",
            TIC_TAC_TOE,
            "--players",
            "human,human",
            "--seed",
            "1",
        ],
        "help\nquit\n",
    )
    .expect(3);
    assert!(run.stdout.contains("Legal moves (9)"), "{}", run.stdout);
}

#[test]
fn play_refuses_illegal_moves_and_goes_on() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let run = tabula_stdin(
        &[
            "play",
            "--players",
            "human,random",
            "--seed",
            "5",
            "--record",
            path_str(&record),
        ],
        "a1\nzz9\nf6\nquit\n",
    )
    .expect(4);
    // a1 is on the edge, not allowed for the first piece; the message says why.
    assert!(run.stdout.contains("a1 is not allowed"), "{}", run.stdout);
    assert!(run.stdout.contains("zz9"), "{}", run.stdout);
    assert!(run.stdout.contains("not a cell"), "{}", run.stdout);
    // The game went on: f6 was accepted and Dark replied.
    assert!(run.stdout.contains("Dark plays"), "{}", run.stdout);
    assert!(
        run.stdout.contains("Game left unfinished"),
        "{}",
        run.stdout
    );
    let moves = moves_of(&read_json(&record));
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0], "f6");
}

#[test]
fn play_refuses_a_taken_cell() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let run = tabula_stdin(
        &[
            "play",
            TIC_TAC_TOE,
            "--players",
            "human,human",
            "--seed",
            "1",
            "--record",
            path_str(&record),
        ],
        "b2\nb2\nB1\nquit\n",
    )
    .expect(4);
    assert!(run.stdout.contains("b2 is taken"), "{}", run.stdout);
    // Moves are read case-insensitively.
    assert_eq!(moves_of(&read_json(&record)), ["b2", "b1"]);
}

#[test]
fn play_undo_takes_back_a_move() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    let run = tabula_stdin(
        &[
            "play",
            TIC_TAC_TOE,
            "--players",
            "human,human",
            "--seed",
            "1",
            "--record",
            path_str(&record),
        ],
        "undo\nb2\nundo\na1\nquit\n",
    )
    .expect(4);
    assert!(run.stdout.contains("Nothing to undo"), "{}", run.stdout);
    assert!(run.stdout.contains("Undone"), "{}", run.stdout);
    // b2 was taken back; a1 is X's first move.
    assert_eq!(moves_of(&read_json(&record)), ["a1"]);
}

#[test]
fn play_undo_against_the_ai_goes_back_to_your_turn() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    tabula_stdin(
        &[
            "play",
            TIC_TAC_TOE,
            "--players",
            "human,mcts:50",
            "--seed",
            "2",
            "--record",
            path_str(&record),
        ],
        "b2\nundo\nquit\n",
    )
    .expect(3);
    // Both X's move and the AI's reply were taken back.
    assert!(moves_of(&read_json(&record)).is_empty());
}

/// A game left before its end exits 3, whether by `quit` or by the end of
/// the input; nothing is said on standard error.
#[test]
fn play_quit_and_end_of_input_exit_3() {
    let args = [
        "play",
        TIC_TAC_TOE,
        "--players",
        "human,human",
        "--seed",
        "1",
    ];
    let run = tabula_stdin(&args, "quit\n").expect(3);
    assert!(
        run.stdout.contains("Game left unfinished"),
        "{}",
        run.stdout
    );
    assert_eq!(run.stderr, "");
    tabula_stdin(&args, "").expect(3);
    // End of input in the middle of a game.
    let run = tabula_stdin(&args, "b2\n").expect(3);
    assert!(run.stdout.contains("turn 2"), "{}", run.stdout);
}

/// Input that is not a terminal with a line refused exits 4, even when the
/// game then ends: the script that wrote it went wrong. The count is said
/// on standard error.
#[test]
fn play_refused_input_exits_4() {
    let args = [
        "play",
        TIC_TAC_TOE,
        "--players",
        "human,human",
        "--seed",
        "1",
    ];
    let mut input = vec!["b2", "b2", "fly"];
    input.extend(&X_WINS[1..]);
    let run = tabula_stdin(&args, &(input.join("\n") + "\n")).expect(4);
    assert!(run.stdout.contains("X wins"), "{}", run.stdout);
    assert!(
        run.stderr.contains(
            "error: 2 lines of input were refused (an illegal move or an unknown command)"
        ),
        "{}",
        run.stderr
    );
    let run = tabula_stdin(&args, "undo\nquit\n").expect(4);
    assert!(
        run.stderr.contains("1 line of input was refused"),
        "{}",
        run.stderr
    );
    // `help`, `board` and a blank line are not refused.
    let run = tabula_stdin(&args, &format!("help\nboard\n\n{}\n", X_WINS.join("\n"))).expect(0);
    assert!(run.stdout.contains("X wins"), "{}", run.stdout);
}

/// A game that stops with no legal move the rules say nothing of did not
/// end: a fault in the rules file, exit status 1.
#[test]
fn play_stuck_with_no_legal_move_exits_1() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "stalls.game", STALLS);
    // O's a3 leaves X no empty cell beside it.
    let run = tabula_stdin(
        &["play", &file, "--players", "human,human", "--seed", "1"],
        "a2\na1\nb1\nb2\nb3\na3\n",
    )
    .expect(1);
    assert!(run.stdout.contains("No legal move for X"), "{}", run.stdout);
    assert!(
        run.stderr
            .contains("error: the game stopped with no legal move for X"),
        "{}",
        run.stderr
    );
}

/// `hint` names the AI's move for the seat to move and what it is worth,
/// and plays nothing.
#[test]
fn play_hint_suggests_a_move() {
    let run = tabula_stdin(
        &[
            "play",
            TIC_TAC_TOE,
            "--players",
            "human,human",
            "--seed",
            "1",
        ],
        "a1\na2\nb1\nb2\nhint 2000\nhint 0\nquit\n",
    )
    .expect(4);
    assert!(
        run.stdout.contains("Hint: `c1`, a proven win for X, from "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("`hint 0`: give the playouts"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("turn 5: X to move"),
        "nothing played: {}",
        run.stdout
    );
    // An open position: the value, and the moves expected after the hint's.
    let run = tabula_stdin(
        &[
            "play",
            "rules/connect-four.game",
            "--players",
            "human,human",
            "--seed",
            "1",
        ],
        "hint 3000\nquit\n",
    )
    .expect(3);
    let text = run.stdout.replace('\n', " ");
    let hinted = text
        .split("Hint: `")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .unwrap_or_else(|| panic!("no hint: {text}"));
    assert!(
        text.contains("to Yellow (1 a sure win, 0 a sure loss)"),
        "{text}"
    );
    assert!(
        text.contains(&format!("After `{hinted}` it expects: ")),
        "{text}"
    );
    // In a game of hidden cards it searches from what the mover sees, and says so.
    let run = tabula_stdin(
        &[
            "play",
            "rules/just-4-fun.game",
            "--players",
            "human,human",
            "--seed",
            "1",
        ],
        "\nhint 200\nquit\n",
    )
    .expect(3);
    assert!(
        run.stdout
            .contains("searched on random deals of the cards you cannot see"),
        "{}",
        run.stdout
    );
}

#[test]
fn play_usage_errors_exit_2() {
    let run = tabula_stdin(&["play", "--players", "human"], "").expect(2);
    assert!(run.stderr.contains("2 seats"), "{}", run.stderr);
    tabula_stdin(&["play", TIC_TAC_TOE, "--players", "human,robot"], "").expect(2);
    tabula_stdin(&["play", "no/such/file.game"], "").expect(2);
    tabula_stdin(&["play", TIC_TAC_TOE, "--seed", "minus-one"], "").expect(2);
    tabula_stdin(&["play", TIC_TAC_TOE, "--set", "size=3"], "").expect(2);
}

#[test]
fn play_a_file_with_errors_exits_1() {
    let dir = TempDir::new().unwrap();
    let file = write(&dir, "broken.game", BROKEN);
    let run = tabula_stdin(&["play", &file, "--players", "human,human"], "").expect(1);
    assert!(run.stderr.contains("E0002"), "{}", run.stderr);
    assert!(run.stderr.contains("tabula check"), "{}", run.stderr);
}

#[test]
fn play_a_whole_game_between_two_humans() {
    let dir = TempDir::new().unwrap();
    let (run, record) = play_x_wins(&dir);
    let run = run.expect(0);
    assert!(run.stdout.contains("X wins"), "{}", run.stdout);
    let json = read_json(&record);
    assert_eq!(moves_of(&json), X_WINS);
    assert_eq!(json["result"]["winner"], "X");
    assert_eq!(json["seed"], 5);
    assert_eq!(
        json["seats"],
        serde_json::json!([
            { "name": "X", "player": "human" },
            { "name": "O", "player": "human" }
        ])
    );
    let run = tabula(&["replay", path_str(&record)]).expect(0);
    assert!(run.stdout.contains("9 moves replayed"), "{}", run.stdout);
    assert!(run.stdout.contains("X wins"), "{}", run.stdout);
}

#[test]
fn play_ai_against_ai_finishes() {
    let run = tabula_stdin(
        &[
            "play",
            TIC_TAC_TOE,
            "--players",
            "random,mcts:50",
            "--seed",
            "3",
        ],
        "",
    )
    .expect(0);
    assert!(
        run.stdout.contains("wins") || run.stdout.contains("Draw") || run.stdout.contains("draw"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("O plays"), "{}", run.stdout);
}

/// `tabula play` with no FILE plays the built-in Hex Fours; its record should
/// replay from any folder, not only from a checkout that has `rules/`.
#[test]
fn replay_a_default_game_outside_the_checkout() {
    let dir = TempDir::new().unwrap();
    tabula_in(
        dir.path(),
        &[
            "play",
            "--players",
            "human,random",
            "--seed",
            "5",
            "--record",
            "game.json",
        ],
        "f6\nquit\n",
    )
    .expect(3);
    tabula_in(dir.path(), &["replay", "game.json"], "").expect(0);
}

/// `--records` should record the games whose statistics are printed: the same
/// seed should give the same wins with and without it.
#[test]
fn simulate_records_do_not_change_the_games() {
    let dir = TempDir::new().unwrap();
    let records = dir.path().join("records");
    let args = [TIC_TAC_TOE, "--games", "200", "--seed", "3"];
    let plain = simulate_json(&args);
    let mut with = args.to_vec();
    with.extend(["--records", path_str(&records)]);
    let recorded = simulate_json(&with);
    assert_eq!(plain["wins"], recorded["wins"]);
    assert_eq!(plain["draws"], recorded["draws"]);
}

/// A second `--records` into the same folder would mix two runs' games:
/// refused unless `--overwrite`, and then the records are the new run's.
#[test]
fn simulate_records_refuse_a_folder_with_records() {
    let dir = TempDir::new().unwrap();
    let records = dir.path().join("records");
    let run = |seed: &str, more: &[&str]| {
        let mut args = vec!["simulate", TIC_TAC_TOE, "--games", "3", "--seed", seed];
        args.extend(["--records", path_str(&records)]);
        args.extend(more);
        tabula(&args)
    };
    run("1", &[]).expect(0);
    let first = std::fs::read_to_string(records.join("game-00001.json")).unwrap();
    let refused = run("2", &[]).expect(2);
    assert!(
        refused.stderr.contains("already holds 3 game records"),
        "{}",
        refused.stderr
    );
    assert!(refused.stderr.contains("--overwrite"), "{}", refused.stderr);
    assert_eq!(
        std::fs::read_to_string(records.join("game-00001.json")).unwrap(),
        first
    );
    run("2", &["--overwrite"]).expect(0);
    let second = read_json(&records.join("game-00001.json"));
    assert_eq!(second["seed"], 2);
}

/// The largest seed is a valid `--seed`; the summary's seed range must not overflow.
#[test]
fn simulate_with_the_largest_seed() {
    let run = tabula(&[
        "simulate",
        TIC_TAC_TOE,
        "--games",
        "2",
        "--seed",
        "18446744073709551615",
    ])
    .expect(0);
    assert!(run.stdout.contains("2 games"), "{}", run.stdout);
}

// ---------------------------------------------------------------- play: cards

const JUST_4_FUN: &str = "rules/just-4-fun.game";

/// Just 4 Fun's rules, as `tabula play` loads them.
fn just_4_fun(seats: i64) -> tabula::ir::Rules {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(JUST_4_FUN))
        .expect("read the rules");
    tabula::compile::load(&text, &[("seats".to_string(), seats)]).expect("the rules load")
}

/// A hand as the status line writes it: `1 3 10 10`.
fn hand_text(hand: &[u8]) -> String {
    let cards: Vec<String> = hand.iter().map(u8::to_string).collect();
    cards.join(" ")
}

#[test]
fn play_cards_shows_the_board_the_hand_and_the_piles() {
    let seed = 3;
    let rules = just_4_fun(2);
    let state = rules.start(seed);
    let run = tabula_stdin(
        &[
            "play",
            JUST_4_FUN,
            "--players",
            "human,random",
            "--seed",
            &seed.to_string(),
        ],
        "help\nquit\n",
    )
    .expect(3);
    let out = &run.stdout;
    // The grid of numbered fields and its legend; no coordinates, whose
    // numbers would read as fields.
    assert!(out.contains("\n│ 1 "), "{out}");
    assert!(!out.contains("6 │ 1 "), "{out}");
    assert!(out.contains("│ 36 "), "{out}");
    assert!(out.contains("Y = Yellow   R = Red"), "{out}");
    // Yellow's own hand (Red only plays before, Yellow draws nothing), never Red's.
    let yellow = hand_text(state.hand(0, &rules));
    let red = hand_text(state.hand(1, &rules));
    assert!(out.contains(&format!("your hand: {yellow}")), "{out}");
    assert!(!out.contains(&format!("hand: {red}")), "{out}");
    assert!(out.contains("points"), "{out}");
    assert!(out.contains("stones left"), "{out}");
    assert!(out.contains("Draw pile: "), "{out}");
    assert!(out.contains("Discard pile: "), "{out}");
    // `help` lists the card sets by field.
    assert!(out.contains("by the field the cards name"), "{out}");
    assert!(out.contains(" <- "), "{out}");
}

#[test]
fn play_cards_hides_each_hand_from_the_other_person() {
    let rules = just_4_fun(2);
    // A seed where Red moves first, then Yellow.
    let (seed, state) = (1..50)
        .map(|seed| (seed, rules.start(seed)))
        .find(|(_, s)| s.mover == 1)
        .expect("some seed lets Red start");
    let first = rules.sorted_moves(&state)[0];
    let mut after = state.clone();
    rules.play(&mut after, first);
    let red = hand_text(state.hand(1, &rules));
    let red_after = hand_text(after.hand(1, &rules));
    let yellow = hand_text(state.hand(0, &rules));
    // Enter for Red, Red's move, Enter for Yellow, `help`, then the input ends.
    let input = format!("\n{}\n\nhelp\n", rules.move_text(first));
    let run = tabula_stdin(
        &[
            "play",
            JUST_4_FUN,
            "--players",
            "human,human",
            "--seed",
            &seed.to_string(),
        ],
        &input,
    )
    .expect(3);
    let out = &run.stdout;
    let to_red = out
        .find("Pass the terminal to Red")
        .expect("Red is handed the terminal");
    let to_yellow = out
        .find("Pass the terminal to Yellow")
        .expect("then Yellow");
    assert!(to_red < to_yellow, "{out}");
    // Before the first handover no hand at all; then Red's only; then Yellow's only.
    let (before, red_turn, yellow_turn) =
        (&out[..to_red], &out[to_red..to_yellow], &out[to_yellow..]);
    assert!(!before.contains("hand:"), "{before}");
    assert!(
        red_turn.contains(&format!("your hand: {red}")),
        "{red_turn}"
    );
    assert!(!red_turn.contains(&format!("hand: {yellow}")), "{red_turn}");
    assert!(
        yellow_turn.contains(&format!("your hand: {yellow}")),
        "{yellow_turn}"
    );
    assert!(
        !yellow_turn.contains(&format!("hand: {red_after}")),
        "{yellow_turn}"
    );
    assert!(
        !yellow_turn.contains(&format!("hand: {red}")),
        "{yellow_turn}"
    );
    // Yellow is told what Red played, before taking the terminal.
    let played = format!(
        "Since Yellow's last turn:\n  Red plays {} on field",
        rules.move_text(first)
    );
    assert!(red_turn.contains(&played), "{red_turn}");
    // Nobody's hand is revealed when the game is left unfinished.
    assert!(out.ends_with("Game left unfinished.\n"), "{out}");
}

#[test]
fn play_cards_refuses_an_illegal_card_set() {
    let rules = just_4_fun(2);
    // A seed where Yellow starts with cards adding up past the last field, 36.
    let (seed, state) = (1..500)
        .map(|seed| (seed, rules.start(seed)))
        .find(|(_, s)| {
            s.mover == 0 && s.hand(0, &rules).iter().map(|&c| c as u32).sum::<u32>() > 36
        })
        .expect("some seed lets Yellow start with a high hand");
    let hand = state.hand(0, &rules).to_vec();
    let all = hand_text(&hand).replace(' ', "+");
    let total: u32 = hand.iter().map(|&c| c as u32).sum();
    let missing = (1..=12u8)
        .find(|c| !hand.contains(c))
        .expect("a card not held");
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("game.json");
    // Enter for Yellow, a card not held, a card held, Enter for Red, undo.
    let input = format!("\n{missing}\n{all}\n{}\n\nundo\nquit\n", hand[0]);
    let run = tabula_stdin(
        &[
            "play",
            JUST_4_FUN,
            "--players",
            "human,human",
            "--seed",
            &seed.to_string(),
            "--record",
            path_str(&record),
        ],
        &input,
    )
    .expect(4);
    let out = &run.stdout;
    assert!(
        out.contains(&format!(
            "you hold no {missing} (your hand: {})",
            hand_text(&hand)
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "{all} = {total}, and no field has that number (they go from 1 to 36)"
        )),
        "{out}"
    );
    // The refused sets changed nothing: the card that was held was played next.
    let moves = moves_of(&read_json(&record));
    assert_eq!(moves, [hand[0].to_string()]);
    assert!(
        out.contains(&format!("Yellow plays {} on field", hand[0])),
        "{out}"
    );
    // With hidden hands there is no undo.
    assert!(out.contains("There is no undo"), "{out}");
}

/// Output into a pipe that is already closed (`tabula moves ... | head -1`)
/// stops the program quietly, as Unix tools do: no panic, no exit 101.
#[test]
fn a_closed_pipe_stops_quietly() {
    let bin = assert_cmd::cargo::cargo_bin("tabula");
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/gomoku.game");
    for args in [vec!["moves"], vec!["perft", "--depth", "2"]] {
        let mut child = std::process::Command::new(&bin)
            .args(&args)
            .arg(&rules)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("tabula runs");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("tabula ends");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(output.status.code(), Some(101), "{args:?}: {stderr}");
    }
}

/// `--record` never overwrites a file that is not a record (the rules file
/// itself, say), and leaves no temporary file behind when it writes one.
#[test]
fn a_record_never_overwrites_another_file() {
    let dir = TempDir::new().expect("a temp dir");
    let rules_text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/tic-tac-toe.game"),
    )
    .expect("tic-tac-toe");
    let rules = write(&dir, "ttt.game", &rules_text);
    let play = |record: &str| {
        tabula(&[
            "play",
            &rules,
            "--players",
            "random,random",
            "--record",
            record,
        ])
    };
    let run = play(&rules);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("not a Tabula record"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&rules).expect("kept"), rules_text);
    // A record may be written, and written again.
    let record = dir.path().join("game.json").to_string_lossy().into_owned();
    for _ in 0..2 {
        let run = play(&record);
        assert_eq!(run.code, 0, "{}", run.stderr);
    }
    let files: Vec<String> = std::fs::read_dir(dir.path())
        .expect("the dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 2, "no temporary file is left: {files:?}");
}
