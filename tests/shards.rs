//! A study spread over machines: `simulate --shard K/N` plays a disjoint,
//! reproducible share of the games, and `tabula merge` adds the shares'
//! summaries up to exactly what one run over all the games prints.

#[path = "common/run.rs"]
mod run;

use run::{refused, rules, tabula};

use serde_json::Value;

/// A summary without what depends on the machine (time, threads).
fn counted(mut summary: Value) -> Value {
    for key in ["seconds", "games_per_second", "moves_per_second", "threads"] {
        summary.as_object_mut().unwrap().remove(key);
    }
    summary
}

/// Runs the study `args` in `of` shards, writing each summary into `dir`;
/// returns the files.
fn shards(dir: &std::path::Path, args: &[&str], of: u32) -> Vec<String> {
    (1..=of)
        .map(|k| {
            let shard = format!("{k}/{of}");
            let mut all = vec!["simulate"];
            all.extend_from_slice(args);
            all.extend(["--shard", &shard, "--format", "json"]);
            let path = dir.join(format!("shard-{k}.json"));
            std::fs::write(&path, tabula(&all)).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn merged_shards_equal_one_run_over_all_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let kalah = rules("kalah.game");
    let study = [kalah.as_str(), "--games", "300", "--seed", "11"];
    let files = shards(dir.path(), &study, 7);
    let mut merge = vec!["merge", "--format", "json"];
    merge.extend(files.iter().map(String::as_str));
    let merged: Value = serde_json::from_str(&tabula(&merge)).unwrap();
    let mut whole = vec!["simulate", "--format", "json"];
    whole.extend_from_slice(&study);
    let whole: Value = serde_json::from_str(&tabula(&whole)).unwrap();
    assert_eq!(counted(merged.clone()), counted(whole));
    // Kalah scores, so the means are compared too, from exact totals.
    assert_eq!(merged["games"], 300);
    assert!(merged["mean_scores"][0].as_f64().unwrap() > 0.0);
    // The shares are disjoint and cover the games: their counts add up.
    let shares: Vec<Value> = files
        .iter()
        .map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap())
        .collect();
    let played: u64 = shares.iter().map(|s| s["games"].as_u64().unwrap()).sum();
    assert_eq!(played, 300);
}

/// Merges the shards of `study` in `of` shares, the files given in
/// reverse, and compares with one run.
fn merge_equals_one_run(study: &[&str], of: u32) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let files = shards(dir.path(), study, of);
    let mut merge = vec!["merge", "--format", "json"];
    merge.extend(files.iter().rev().map(String::as_str));
    let merged: Value = serde_json::from_str(&tabula(&merge)).unwrap();
    let mut whole = vec!["simulate", "--format", "json"];
    whole.extend_from_slice(study);
    let whole: Value = serde_json::from_str(&tabula(&whole)).unwrap();
    assert_eq!(counted(merged.clone()), counted(whole));
    merged
}

#[test]
fn merged_shards_of_mcts_players_equal_one_run() {
    let ttt = rules("tic-tac-toe.game");
    let study = [
        ttt.as_str(),
        "--games",
        "12",
        "--seed",
        "3",
        "--players",
        "mcts:30,random",
    ];
    let merged = merge_equals_one_run(&study, 3);
    assert_eq!(merged["players"][0], "mcts:30");
}

#[test]
fn merged_shards_of_a_team_game_equal_one_run() {
    let partners = rules("partners.game");
    let merged = merge_equals_one_run(&[partners.as_str(), "--games", "12", "--seed", "3"], 4);
    assert_eq!(merged["team_wins"].as_array().unwrap().len(), 2);
}

#[test]
fn a_merge_refuses_missing_repeated_and_foreign_shards() {
    let dir = tempfile::tempdir().unwrap();
    let ttt = rules("tic-tac-toe.game");
    let files = shards(dir.path(), &[&ttt, "--games", "40"], 4);
    let err = refused(&["merge", &files[0], &files[1], &files[3]], 1);
    assert!(err.contains("shard 3 of 4 is missing"), "{err}");
    let err = refused(
        &[
            "merge", &files[0], &files[1], &files[1], &files[2], &files[3],
        ],
        1,
    );
    assert!(err.contains("are both shard 2/4"), "{err}");
    // Another seed is another study.
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    let foreign = shards(&other, &[&ttt, "--games", "40", "--seed", "1"], 4);
    let err = refused(&["merge", &files[0], &files[1], &files[2], &foreign[3]], 1);
    assert!(err.contains("different studies"), "{err}");
    // A shard of a Tabula whose random players drew from SmallRng (its
    // summary says nothing of the generator) played other games.
    let text = std::fs::read_to_string(&files[3]).unwrap();
    let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(old["study"]["players_rng"], "splitmix64");
    old["study"].as_object_mut().unwrap().remove("players_rng");
    let older = dir.path().join("older.json");
    std::fs::write(&older, old.to_string()).unwrap();
    let older = older.to_str().unwrap();
    let err = refused(&["merge", &files[0], &files[1], &files[2], older], 1);
    assert!(err.contains("random players' generators"), "{err}");
    // A file that is no summary, and one that is not there.
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"games\": 3}").unwrap();
    let err = refused(&["merge", bad.to_str().unwrap()], 1);
    assert!(err.contains("is not a summary"), "{err}");
    refused(&["merge", "no-such-file.json"], 2);
    // A share must hold a game, and be K/N with K from 1 to N.
    let err = refused(&["simulate", &ttt, "--games", "2", "--shard", "1/3"], 2);
    assert!(err.contains("holds none"), "{err}");
    refused(&["simulate", &ttt, "--shard", "0/3"], 2);
    refused(&["simulate", &ttt, "--shard", "three"], 2);
}

#[test]
fn a_merge_refuses_totals_past_what_it_counts() {
    // Shares whose totals are near the integers' limits cannot come from
    // one study: their sum is refused, not wrapped to a negative number.
    let dir = tempfile::tempdir().unwrap();
    let fours = rules("hex-fours.game");
    let files = shards(dir.path(), &[&fours, "--games", "6"], 2);
    for file in &files {
        let mut summary: Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        summary["score_totals"] = serde_json::json!([i64::MAX - 5, 0]);
        std::fs::write(file, summary.to_string()).unwrap();
    }
    let err = refused(&["merge", &files[0], &files[1]], 1);
    assert!(err.contains("past what it can count"), "{err}");
}

#[test]
fn in_a_team_game_each_seat_of_the_winning_team_wins() {
    let partners = rules("partners.game");
    let out = tabula(&["simulate", &partners, "--games", "12", "--format", "json"]);
    let summary: Value = serde_json::from_str(&out).unwrap();
    let wins: Vec<u64> = summary["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    // Yellow and Blue are partners, as are Red and Green.
    assert_eq!(wins[0], wins[2], "{wins:?}");
    assert_eq!(wins[1], wins[3], "{wins:?}");
    let ended = 12 - summary["draws"].as_u64().unwrap() - summary["unfinished"].as_u64().unwrap();
    assert_eq!(wins[0] + wins[1], ended, "{wins:?}");
    let teams = summary["team_wins"].as_array().unwrap();
    assert_eq!(teams[0][1].as_u64(), Some(wins[0]), "{teams:?}");
}

/// Simulates `games` random games of Connect Four into `dir/name`: each
/// record's seed and moves, and the record files.
fn recorded(
    dir: &std::path::Path,
    name: &str,
    seed: u64,
    seeds: &str,
    games: u32,
) -> Vec<(Value, Value, String)> {
    let folder = dir.join(name);
    let (c4, seed, games_text) = (
        rules("connect-four.game"),
        seed.to_string(),
        games.to_string(),
    );
    let folder_text = folder.to_string_lossy().into_owned();
    tabula(&[
        "simulate",
        &c4,
        "--games",
        &games_text,
        "--seed",
        &seed,
        "--seeds",
        seeds,
        "--records",
        &folder_text,
    ]);
    (1..=games)
        .map(|i| {
            let file = folder.join(format!("game-{i:05}.json"));
            let record: Value =
                serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
            (
                record["seed"].clone(),
                record["moves"].clone(),
                file.to_string_lossy().into_owned(),
            )
        })
        .collect()
}

#[test]
fn studies_of_neighbouring_seeds_share_no_game_unless_asked_to() {
    let dir = tempfile::tempdir().unwrap();
    let one = recorded(dir.path(), "one", 1, "independent", 10);
    let two = recorded(dir.path(), "two", 2, "independent", 10);
    for (seed, moves, _) in &one {
        assert!(
            two.iter().all(|(s, m, _)| s != seed && m != moves),
            "{seed} in both"
        );
    }
    // Game 0's seed is the study's, and any game plays again alone from its seed.
    assert_eq!(one[0].0, 1);
    let (seed, moves, _) = &one[6];
    let again = recorded(
        dir.path(),
        "again",
        seed.as_u64().unwrap(),
        "independent",
        1,
    );
    assert_eq!(&again[0].1, moves);
    // Every record replays.
    let c4 = rules("connect-four.game");
    for (_, _, file) in one.iter().chain(&two) {
        tabula(&["replay", file, "--rules", &c4]);
    }
    // As before the choice: seed 2's games are seed 1's, one along.
    let one = recorded(dir.path(), "one-consecutive", 1, "consecutive", 10);
    let two = recorded(dir.path(), "two-consecutive", 2, "consecutive", 10);
    for (a, b) in one[1..].iter().zip(&two) {
        assert_eq!((&a.0, &a.1), (&b.0, &b.1));
    }
    // The summary says which.
    let said = tabula(&["simulate", &c4, "--games", "3", "--seed", "7"]);
    assert!(
        said.contains("3 games, seed 7, each game its own stream"),
        "{said}"
    );
}

/// A sowing game whose every stack has more paths than the engine lists
/// (R0005) once the stacks grow: each game meets the fault.
const CUT_SHORT: &str = "game \"Cut short\"
players A, B
board square 2 x 2 with stacks
neutral Tan
supply 40
setup: put 1 Tan where true

phase play
  place where true then sow

end when turn == 0: draw
";

#[test]
fn games_that_met_a_fault_are_counted_by_code_and_merge_like_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cut-short.game");
    std::fs::write(&file, CUT_SHORT).unwrap();
    let file = file.to_string_lossy().into_owned();
    let study = [file.as_str(), "--games", "12", "--seed", "5"];
    let merged = merge_equals_one_run(&study, 3);
    assert_eq!(merged["faults"], serde_json::json!([["R0005", 12]]));
    // People see the code, how many games met it and where to read more.
    let text = tabula(&["simulate", &file, "--games", "12", "--seed", "5"]);
    let line = text.lines().find(|l| l.starts_with("fault R0005"));
    let line = line.unwrap_or_else(|| panic!("no fault line in:\n{text}"));
    assert!(line.contains("12 (100.0%)"), "{line}");
    assert!(line.contains("tabula explain R0005"), "{line}");
    // A study without faults says nothing of them.
    let ttt = rules("tic-tac-toe.game");
    let quiet = tabula(&["simulate", &ttt, "--games", "20", "--format", "json"]);
    assert!(!quiet.contains("faults"), "{quiet}");
}
