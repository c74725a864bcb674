//! Untrusted text stays text: control characters in rules files and records
//! (an escape that clears the screen, say) are never printed raw.

mod common;

use tempfile::TempDir;

const ESC: char = '\u{1b}';

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
