//! `tabula analyse`: the measures of seeded random games, checked against
//! what is known of the games (tic-tac-toe's random-play odds, the
//! branching factor of a placement game), sweeps, and shards that merge
//! into exactly one run's analysis.

#[path = "common/run.rs"]
mod run;

use run::{refused, rules, tabula};

use serde_json::Value;

fn analyse(args: &[&str]) -> Value {
    let mut all = vec!["analyse", "--format", "json"];
    all.extend_from_slice(args);
    serde_json::from_str(&tabula(&all)).unwrap()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

#[test]
fn tic_tac_toe_measures_match_random_play() {
    let ttt = rules("tic-tac-toe.game");
    let a = analyse(&[&ttt, "--games", "3000", "--seed", "1"]);
    let v = &a["values"][0];
    let (t, m) = (&v["totals"], &v["measures"]);
    let wins: u64 = t["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(
        wins + t["draws"].as_u64().unwrap() + t["unfinished"].as_u64().unwrap(),
        3000
    );
    // Random play: the first player wins 58.5%, the second 28.8%, draws 12.7%;
    // each lies in its 95% interval.
    for (rate, known) in [
        (&m["wins"][0], 0.585),
        (&m["wins"][1], 0.288),
        (&m["draws"], 0.127),
    ] {
        assert!(
            f(&rate["low"]) <= known && known <= f(&rate["high"]),
            "{rate} vs {known}"
        );
        assert!(f(&rate["high"]) - f(&rate["low"]) < 0.05, "{rate}");
    }
    // X always moves first here: the first mover's wins are X's.
    assert_eq!(m["first_mover"], m["wins"][0]);
    // 9 moves open at the first turn, 8 at the second, ...
    let by_turn: Vec<f64> = m["branching_by_turn"]
        .as_array()
        .unwrap()
        .iter()
        .map(f)
        .collect();
    assert_eq!(&by_turn[..5], &[9.0, 8.0, 7.0, 6.0, 5.0]);
    // Games last 5 to 9 moves; the board is never scored.
    let l = &m["length"];
    assert_eq!((l["min"].as_u64(), l["max"].as_u64()), (Some(5), Some(9)));
    assert!(f(&l["low"]) < f(&l["mean"]) && f(&l["mean"]) < f(&l["high"]));
    assert!(m["lead_changes"].is_null() && m["decisiveness"].is_null());
    // A balance below 1: X wins twice as often as O.
    assert!(f(&m["balance"]) < 0.7, "{}", m["balance"]);
}

#[test]
fn a_sweep_measures_each_value() {
    let gomoku = rules("gomoku.game");
    let a = analyse(&[&gomoku, "--games", "30", "--sweep", "size=6..8"]);
    assert_eq!(a["sweep"], "size");
    let values = a["values"].as_array().unwrap();
    assert_eq!(values.len(), 3);
    for (v, size) in values.iter().zip(6..) {
        assert_eq!(v["value"], size);
        // Every empty cell is a move at the first turn.
        assert_eq!(
            f(&v["measures"]["branching_by_turn"][0]),
            f64::from(size * size)
        );
        assert_eq!(v["totals"]["games"], 30);
    }
    // The human table has a row per value.
    let table = tabula(&["analyse", &gomoku, "--games", "30", "--sweep", "size=6..8"]);
    assert!(
        table.lines().any(|l| l.trim_start().starts_with("7 ")),
        "{table}"
    );
}

#[test]
fn a_sweep_says_which_value_does_not_fit_and_plays_the_others() {
    let gomoku = rules("gomoku.game");
    let args = ["analyse", &gomoku, "--games", "5", "--sweep", "size=4..6"];
    let out = assert_cmd::Command::cargo_bin("tabula")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("E0009") && stderr.contains("size = 4"),
        "{stderr}"
    );
    assert!(
        stdout.contains("size = 4: not played: option `size` = 4 is outside its range 5..19"),
        "{stdout}"
    );
    for size in ["5", "6"] {
        let row = stdout
            .lines()
            .any(|l| l.split_whitespace().next() == Some(size));
        assert!(row, "no row for size {size}: {stdout}");
    }
    let a = analyse(&[&gomoku, "--games", "5", "--sweep", "size=4..6"]);
    assert_eq!(a["values"].as_array().unwrap().len(), 2);
    assert_eq!(a["skipped"][0]["value"], 4);
    assert!(a["skipped"][0]["error"]
        .as_str()
        .unwrap()
        .contains("outside its range"));
}

#[test]
fn a_sweep_table_fits_80_columns_and_wide_shows_the_intervals() {
    let exago = rules("exago.game");
    let hex = rules("hex.game");
    for args in [
        vec!["analyse", &hex, "--games", "10", "--sweep", "size=3..5"],
        vec![
            "analyse",
            &exago,
            "--set",
            "seats=6",
            "--games",
            "2",
            "--sweep",
            "handicap=0..1",
        ],
    ] {
        let table = tabula(&args);
        let widest = table.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 80, "{widest} columns:\n{table}");
        assert!(table.contains("--wide"), "{table}");
    }
    let wide = tabula(&[
        "analyse",
        &hex,
        "--games",
        "10",
        "--sweep",
        "size=3..5",
        "--wide",
    ]);
    assert!(wide.contains("confidence intervals in brackets"), "{wide}");
    assert!(
        wide.lines()
            .any(|l| l.contains('[') && l.trim_start().starts_with('4')),
        "{wide}"
    );
}

#[test]
fn a_scored_game_measures_lead_changes_and_decisiveness() {
    let kalah = rules("kalah.game");
    let m = &analyse(&[&kalah, "--games", "200"])["values"][0]["measures"];
    assert!(f(&m["lead_changes"]) > 0.0);
    let d = f(&m["decisiveness"]);
    assert!(d > 0.0 && d < 1.0, "{d}");
    assert!(
        (f(&m["coverage"]) - 1.0).abs() < 1e-9,
        "every pit holds seeds"
    );
}

#[test]
fn decisiveness_by_playouts_for_a_game_without_score() {
    let ttt = rules("tic-tac-toe.game");
    let plain = analyse(&[&ttt, "--games", "200"]);
    assert!(plain["values"][0]["measures"]["decisiveness"].is_null());
    let a = analyse(&[&ttt, "--games", "200", "--decisiveness", "16"]);
    assert_eq!(a["decisiveness_playouts"], 16);
    let v = &a["values"][0];
    // Every game won is measured; the winner is clear at its last move at
    // the latest, and not before the first.
    let won: u64 = v["totals"]["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(v["totals"]["decided_at"][1].as_u64(), Some(won));
    let d = f(&v["measures"]["decisiveness"]);
    assert!(d > 0.3 && d < 1.0, "{d}");
    // The same games: the playouts change no move of them.
    assert_eq!(
        v["totals"]["lengths"],
        plain["values"][0]["totals"]["lengths"]
    );
}

#[test]
fn analysed_shards_merge_into_exactly_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let gomoku = rules("gomoku.game");
    let study = [
        gomoku.as_str(),
        "--games",
        "45",
        "--seed",
        "9",
        "--sweep",
        "size=6..7",
    ];
    let mut files = Vec::new();
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let mut args = vec!["analyse", "--format", "json", "--shard", &shard];
        args.extend_from_slice(&study);
        let path = dir.path().join(format!("{k}.json"));
        std::fs::write(&path, tabula(&args)).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let mut merge = vec!["merge", "--format", "json"];
    merge.extend(files.iter().map(String::as_str));
    let mut whole = vec!["analyse", "--format", "json"];
    whole.extend_from_slice(&study);
    assert_eq!(tabula(&merge), tabula(&whole));
}

#[test]
fn bad_requests_are_refused() {
    let ttt = rules("tic-tac-toe.game");
    for bad in [
        vec!["analyse", &ttt, "--sweep", "size"],
        vec!["analyse", &ttt, "--sweep", "size=5..1"],
        vec!["analyse", &ttt, "--sweep", "nosuch=1..2"],
        vec!["analyse", &ttt, "--games", "0"],
        vec!["analyse", &ttt, "--players", "human,random"],
    ] {
        assert!(!refused(&bad, 2).is_empty(), "{bad:?}");
    }
}
