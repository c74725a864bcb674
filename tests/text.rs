//! Untrusted text stays text: control characters in rules files, records,
//! file names, options and what is typed at the prompt (an escape that
//! clears the screen, say) are never printed raw.

mod common;

use tempfile::TempDir;

const ESC: char = '\u{1b}';
const CLEAR: &str = "\u{1b}[2J";

/// Runs `tabula ARGS` in `dir`: (exit status, stdout and stderr together).
fn tabula_in(dir: &TempDir, args: &[&str]) -> (i32, String) {
    let (code, stdout, stderr) = common::tabula_in(dir, args);
    (code, format!("{stdout}{stderr}"))
}

#[test]
fn control_characters_in_a_rules_file_are_escaped() {
    let dir = TempDir::new().unwrap();
    let rules = format!(
        "game \"Evil{ESC}[2J\"\nplayers X, O\nboard square 3 x 3\n// {ESC}[31m a comment\n\
         phase play\n  place where emtpy {ESC}[0m\nend when full: draw\n"
    );
    std::fs::write(dir.path().join("evil.game"), rules).unwrap();
    let (code, out) = tabula_in(&dir, &["check", "evil.game"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[E0001]") || out.contains("error[E0002]"),
        "{out}"
    );
    assert!(!out.contains(ESC), "a raw escape was printed: {out:?}");

    let clean = format!(
        "game \"Evil{ESC}[2J\"\nplayers X, O\nboard square 3 x 3\nphase play\n  place where empty\n\
         end when full: draw\n"
    );
    std::fs::write(dir.path().join("title.game"), clean).unwrap();
    let (code, out) = tabula_in(&dir, &["play", "title.game", "--players", "random,random"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Evil\\u{1b}[2J"), "{out}");
    assert!(!out.contains(ESC), "a raw escape was printed: {out:?}");
}

#[test]
fn control_characters_in_a_record_are_escaped() {
    let dir = TempDir::new().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let records = dir.path().join("records");
    // The rules inside the folder, where a record's rules are looked for.
    std::fs::copy(
        format!("{root}/rules/tic-tac-toe.game"),
        dir.path().join("ttt.game"),
    )
    .unwrap();
    let rules = "ttt.game".to_string();
    let records_arg = records.to_string_lossy().into_owned();
    let args = [
        "simulate",
        &rules,
        "--games",
        "1",
        "--records",
        &records_arg,
    ];
    let (code, out) = tabula_in(&dir, &args);
    assert_eq!(code, 0, "{out}");
    let path = records.join("game-00001.json");
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record["moves"][0] = format!("b2{ESC}[2J").into();
    std::fs::write(&path, record.to_string()).unwrap();
    let path_arg = path.to_string_lossy().into_owned();
    let (code, out) = tabula_in(&dir, &["replay", &path_arg]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("b2\\u{1b}[2J"), "{out}");
    assert!(!out.contains(ESC), "a raw escape was printed: {out:?}");
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_file_is_read_as_nothing() {
    let dir = TempDir::new().unwrap();
    let rules = "\u{feff}game \"Marked\"\nplayers X, O\nboard square 3 x 3\n\
                 phase play\n  place where empty\nend when full: draw\n";
    std::fs::write(dir.path().join("marked.game"), rules).unwrap();
    let (code, out) = tabula_in(&dir, &["check", "marked.game"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("marked.game: ok"), "{out}");
}

#[test]
fn a_long_line_quoted_in_a_diagnostic_is_cut() {
    // A rule of a million characters with a misspelt name at its end.
    let dir = TempDir::new().unwrap();
    let long = vec!["not full"; 120_000].join(" or ");
    let rules = format!(
        "game \"Long\"\nplayers X, O\nboard square 3 x 3\nphase play\n  \
         place where empty and ({long} or emtpy)\nend when full: draw\n"
    );
    std::fs::write(dir.path().join("long.game"), rules).unwrap();
    let (code, out) = tabula_in(&dir, &["check", "long.game"]);
    assert_eq!(code, 1, "{}", &out[..out.len().min(2000)]);
    assert!(out.len() < 20_000, "{} bytes printed", out.len());
    assert!(
        out.contains("more characters)"),
        "{}",
        &out[..out.len().min(2000)]
    );
}

/// Asserts that `out` holds no raw escape and shows `CLEAR` escaped.
fn escaped(args: &[&str], out: &str) {
    assert!(
        !out.contains(ESC),
        "tabula {args:?} printed a raw escape: {out:?}"
    );
    let shown = out.to_lowercase();
    assert!(shown.contains("\\u{1b}[2j"), "tabula {args:?}: {out}");
}

#[test]
fn file_names_are_escaped() {
    let dir = TempDir::new().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).unwrap();
    let ttt = std::fs::read_to_string(format!("{root}/rules/tic-tac-toe.game")).unwrap();
    std::fs::write(folder.join(format!("a{CLEAR}.game")), &ttt).unwrap();
    let broken = ttt.replace("where empty", "where emtpy");
    std::fs::write(folder.join(format!("b{CLEAR}.game")), broken).unwrap();
    let (code, out) = tabula_in(&dir, &["check", "games"]);
    assert_eq!(code, 1, "{out}");
    escaped(&["check", "games"], &out);
    let broken = format!("games/b{CLEAR}.game");
    let missing = format!("missing{CLEAR}.game");
    for args in [
        vec!["play", broken.as_str()],
        vec!["moves", missing.as_str()],
        vec!["replay", missing.as_str()],
        vec!["play", "--from", missing.as_str()],
        vec!["analyse", missing.as_str(), "--games", "1"],
    ] {
        let (code, out) = tabula_in(&dir, &args);
        assert!(code == 1 || code == 2, "tabula {args:?}: {out}");
        escaped(&args, &out);
    }
}

#[test]
fn options_and_moves_typed_on_the_command_line_are_escaped() {
    let dir = TempDir::new().unwrap();
    let ttt = format!("{}/rules/tic-tac-toe.game", env!("CARGO_MANIFEST_DIR"));
    let hex = format!("{}/rules/hex.game", env!("CARGO_MANIFEST_DIR"));
    let moves = format!("b2, {CLEAR}");
    let players = format!("human,{CLEAR}");
    let value = format!("size={CLEAR}");
    let name = format!("size{CLEAR}=5");
    let sweep = format!("size{CLEAR}=3..4");
    for args in [
        vec!["moves", ttt.as_str(), "--moves", moves.as_str()],
        vec!["play", ttt.as_str(), "--players", players.as_str()],
        vec!["simulate", ttt.as_str(), "--players", players.as_str()],
        vec!["moves", hex.as_str(), "--set", value.as_str()],
        vec!["check", hex.as_str(), "--set", name.as_str()],
        vec!["moves", hex.as_str(), "--set", name.as_str()],
        vec!["analyse", hex.as_str(), "--sweep", sweep.as_str()],
        vec!["perft", ttt.as_str(), "--depth", CLEAR],
        vec!["explain", CLEAR],
    ] {
        let (code, out) = tabula_in(&dir, &args);
        assert!(code == 1 || code == 2, "tabula {args:?}: {out}");
        escaped(&args, &out);
    }
}

#[test]
fn text_typed_at_the_prompt_is_escaped() {
    let ttt = format!("{}/rules/tic-tac-toe.game", env!("CARGO_MANIFEST_DIR"));
    let args = ["play", ttt.as_str(), "--players", "human,human"];
    let out = assert_cmd::Command::cargo_bin("tabula")
        .unwrap()
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(format!("{CLEAR}\nb{CLEAR}2\nquit\n"))
        .output()
        .unwrap();
    // Both lines were refused: exit status 4.
    assert_eq!(out.status.code(), Some(4));
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    escaped(&args, &text);
}
