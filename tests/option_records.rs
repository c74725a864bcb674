//! Every record `simulate` writes replays, under every option of every
//! shipped game: each option at its smallest and largest value, and a
//! per-seat option for one seat (`handicap.Blue=2`) and for all. A value
//! lost from a record (a per-seat one was) makes its replay fail.

use std::path::Path;

use assert_cmd::Command;
use tempfile::TempDir;

fn tabula() -> Command {
    let mut cmd = Command::cargo_bin("tabula").expect("the binary is built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(300));
    cmd
}

/// Each `--set` to try for the shipped rules file `text`.
fn settings(text: &str) -> Vec<String> {
    let checked = tabula::check::check(text);
    let program = checked.program.expect("a shipped game checks clean");
    let mut sets = Vec::new();
    for option in &program.options {
        let values = [option.min, option.max, option.default.max(option.min + 1)];
        let mut values: Vec<i64> = values
            .into_iter()
            .filter(|&v| v != option.default && v <= option.max)
            .collect();
        values.dedup();
        for v in values {
            sets.push(format!("{}={v}", option.name));
            if option.per_seat {
                for seat in program.seats.iter().take(2) {
                    sets.push(format!("{}.{seat}={v}", option.name));
                }
            }
        }
    }
    sets
}

/// Simulates two games of `file` with `set` into a new folder and replays
/// each record written there; the failures, in words.
fn records_replay(file: &str, set: &str) -> Vec<String> {
    let dir = TempDir::new().unwrap();
    let out = tabula()
        .args([
            "simulate", file, "--games", "2", "--seed", "1", "--set", set,
        ])
        .arg("--records")
        .arg(dir.path())
        .output()
        .unwrap();
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stderr);
        return vec![format!("simulate {file} --set {set}: {said}")];
    }
    let mut failures = Vec::new();
    let mut records: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    records.sort();
    assert_eq!(records.len(), 2, "{file} --set {set}: {records:?}");
    for record in records {
        let out = tabula().arg("replay").arg(&record).output().unwrap();
        if !out.status.success() {
            let said = String::from_utf8_lossy(&out.stderr);
            failures.push(format!("replay of {file} --set {set}: {said}"));
        }
    }
    failures
}

#[test]
fn every_record_simulate_writes_under_every_option_replays() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(root.join("rules"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    let mut runs = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = format!("rules/{}", path.file_name().unwrap().to_string_lossy());
        runs.extend(settings(&text).into_iter().map(|set| (file.clone(), set)));
    }
    // handicap.Blue=2 of the issue among them, and a dozen games' options.
    assert!(
        runs.iter().any(|(_, s)| s == "handicap.Blue=11"),
        "{runs:?}"
    );
    assert!(runs.len() > 30, "{runs:?}");
    // Two workers: the runs are processes, mostly waiting.
    let half = runs.len() / 2;
    let (a, b) = runs.split_at(half);
    let failures: Vec<String> = std::thread::scope(|s| {
        let work = |part: &[(String, String)]| {
            part.iter()
                .flat_map(|(f, set)| records_replay(f, set))
                .collect::<Vec<_>>()
        };
        let first = s.spawn(move || work(a));
        let mut all = work(b);
        all.extend(first.join().unwrap());
        all
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
