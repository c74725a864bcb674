//! A record replays and resumes with no flag from the folder it was written
//! in and from the project's root, wherever its rules file lies: it carries
//! the rules text, used when the file is not found beside it, not to be
//! trusted there, or changed. `play`, `moves` and `perft` take `--rules`
//! as `replay` does.

mod common;

use common::tabula_in;
use tempfile::TempDir;

/// A project: `play/rules/x.game` (tic-tac-toe) and an empty `other/`.
fn project() -> TempDir {
    let root = TempDir::new().unwrap();
    std::fs::create_dir_all(root.path().join("play/rules")).unwrap();
    std::fs::create_dir_all(root.path().join("other")).unwrap();
    let ttt = format!("{}/rules/tic-tac-toe.game", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(ttt, root.path().join("play/rules/x.game")).unwrap();
    root
}

/// `tabula ARGS` in `root/folder` with `input` typed: (status, all output).
fn run(root: &TempDir, folder: &str, args: &[&str], input: &str) -> (i32, String) {
    let out = assert_cmd::Command::cargo_bin("tabula")
        .unwrap()
        .args(args)
        .current_dir(root.path().join(folder))
        .env("NO_COLOR", "1")
        .write_stdin(input)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap(), text)
}

/// `simulate ../play/rules/x.game --games GAMES --records r` in `other/`.
fn simulate_into_other_r(root: &TempDir, games: &str) {
    let args = ["simulate", "../play/rules/x.game", "--games", games];
    let (code, out) = run(
        root,
        "other",
        &[&args[..], &["--records", "r"]].concat(),
        "",
    );
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_played_record_replays_and_resumes_from_its_folder_and_the_root() {
    let root = project();
    let play = ["play", "../play/rules/x.game", "--players", "human,human"];
    let (code, out) = run(
        &root,
        "other",
        &[&play[..], &["--record", "g.json"]].concat(),
        "b2\na1\nquit\n",
    );
    assert_eq!(code, 3, "left unfinished: {out}");
    for (folder, record) in [("other", "g.json"), ("", "other/g.json")] {
        let (code, out) = run(&root, folder, &["replay", record], "");
        assert_eq!(code, 0, "replay {record} in `{folder}`: {out}");
        let (code, out) = run(&root, folder, &["moves", "--from", record], "");
        assert_eq!(code, 0, "moves --from {record} in `{folder}`: {out}");
    }
    let (code, out) = run(&root, "other", &["play", "--from", "g.json"], "c3\nquit\n");
    assert_eq!(code, 3, "left unfinished: {out}");
    let saved = std::fs::read_to_string(root.path().join("other/g.json")).unwrap();
    assert!(saved.contains("\"c3\""), "{saved}");
    let (code, out) = run(&root, "other", &["replay", "g.json"], "");
    assert_eq!(code, 0, "{out}");
    // The rules file changed since: the record's own text is used.
    let rules = root.path().join("play/rules/x.game");
    let changed = std::fs::read_to_string(&rules).unwrap() + "// changed\n";
    std::fs::write(&rules, changed).unwrap();
    let (code, out) = run(&root, "", &["replay", "other/g.json"], "");
    assert_eq!(code, 0, "{out}");
}

#[test]
fn simulated_records_replay_from_their_folder_and_the_root() {
    let root = project();
    simulate_into_other_r(&root, "2");
    for (folder, record) in [
        ("other/r", "game-00002.json"),
        ("", "other/r/game-00001.json"),
    ] {
        let (code, out) = run(&root, folder, &["replay", record], "");
        assert_eq!(code, 0, "replay {record} in `{folder}`: {out}");
    }
}

#[test]
fn play_moves_and_perft_take_rules_as_replay_does() {
    let root = project();
    simulate_into_other_r(&root, "1");
    let (record, rules) = ("other/r/game-00001.json", "play/rules/x.game");
    for args in [
        vec!["moves", "--from", record, "--upto", "2", "--rules", rules],
        vec![
            "perft", "--from", record, "--upto", "2", "--rules", rules, "--depth", "1",
        ],
        vec![
            "play",
            "--from",
            record,
            "--upto",
            "2",
            "--rules",
            rules,
            "--players",
            "random,random",
        ],
    ] {
        let (code, out, err) = tabula_in(&root, &args);
        assert_eq!(code, 0, "tabula {args:?}: {out}{err}");
    }
    // Another file than the record's is refused, as with replay.
    let other = root.path().join("other/y.game");
    std::fs::write(&other, "game \"Y\"\nplayers X, O\nboard square 3 x 3\nphase play\n  place where empty\nend when full: draw\n").unwrap();
    let (code, _, err) = tabula_in(
        &root,
        &["moves", "--from", record, "--rules", "other/y.game"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("not the rules file the record was written with"),
        "{err}"
    );
}
