//! Data-driven rules scenarios: every `tests/scenarios/*.toml` file is a list
//! of positions reached by legal moves from the start, with what must hold
//! there. The format is described at the top of `tests/scenarios/hex-fours.toml`.
//!
//! All scenarios of all files run; the failures are collected and reported
//! together, each with its file and scenario name.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use tabula::engine::{Move, Outcome, State};
use tabula::ir::Rules;

/// One scenario file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// The default rules file (a name in `rules/`).
    rules: Option<String>,
    #[serde(rename = "scenario", default)]
    scenarios: Vec<Scenario>,
}

/// One scenario: moves from the start, then expectations.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Scenario {
    name: String,
    /// The rules file, if not the file's default.
    rules: Option<String>,
    /// Option values.
    #[serde(default)]
    set: BTreeMap<String, i64>,
    /// An earlier scenario whose end position this one starts from.
    from: Option<String>,
    /// Moves in notation; each string may hold several, separated by spaces.
    #[serde(default)]
    moves: Vec<String>,
    legal: Option<Vec<String>>,
    legal_count: Option<usize>,
    #[serde(default)]
    illegal: Vec<String>,
    scores: Option<BTreeMap<String, i32>>,
    gains: Option<BTreeMap<String, i32>>,
    supply: Option<BTreeMap<String, i32>>,
    outcome: Option<String>,
    mover: Option<String>,
}

/// A scenario with `from` resolved: its rules, options and all moves from the start.
struct Resolved {
    rules: String,
    set: BTreeMap<String, i64>,
    moves: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scenario_files() -> Vec<PathBuf> {
    let dir = root().join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn load_rules(name: &str, set: &BTreeMap<String, i64>) -> Result<Rules, String> {
    let path = root().join("rules").join(name);
    let source = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let set: Vec<(String, i64)> = set.iter().map(|(k, v)| (k.clone(), *v)).collect();
    tabula::compile::load(&source, &set)
        .map_err(|e| format!("{name} with {set:?} does not load: {e:?}"))
}

/// Resolves `from` chains: the full move list, the rules and the options.
fn resolve(file: &ScenarioFile, index: usize, done: &[Resolved]) -> Result<Resolved, String> {
    let s = &file.scenarios[index];
    let own: Vec<String> = s
        .moves
        .iter()
        .flat_map(|m| m.split_whitespace().map(str::to_string))
        .collect();
    let Some(from) = &s.from else {
        let rules = s
            .rules
            .clone()
            .or_else(|| file.rules.clone())
            .ok_or("no rules file given")?;
        return Ok(Resolved {
            rules,
            set: s.set.clone(),
            moves: own,
        });
    };
    let Some(parent) = file.scenarios[..index].iter().position(|p| &p.name == from) else {
        return Err(format!("`from`: no earlier scenario is named {from:?}"));
    };
    if s.rules.is_some() || !s.set.is_empty() {
        return Err("a scenario with `from` takes the rules and options of that scenario".into());
    }
    let base = &done[parent];
    let mut moves = base.moves.clone();
    moves.extend(own);
    Ok(Resolved {
        rules: base.rules.clone(),
        set: base.set.clone(),
        moves,
    })
}

/// Plays the moves from the start; the first refused move is an error.
fn play_moves(rules: &Rules, moves: &[String]) -> Result<State, String> {
    let mut state = rules.start(0);
    for (i, text) in moves.iter().enumerate() {
        match rules.parse_move(&state, text) {
            Ok(m) => rules.play(&mut state, m),
            Err(e) => {
                return Err(format!(
                    "move {} `{text}` (of {:?}) was refused: {e}",
                    i + 1,
                    moves.join(" ")
                ));
            }
        }
    }
    Ok(state)
}

fn seat_index(rules: &Rules, name: &str) -> Result<usize, String> {
    rules
        .seats
        .iter()
        .position(|s| s == name)
        .ok_or_else(|| format!("no seat is named {name:?} (seats: {:?})", rules.seats))
}

fn outcome_text(rules: &Rules, outcome: Option<Outcome>) -> String {
    match outcome {
        None => "none".into(),
        Some(Outcome::Draw) => "draw".into(),
        Some(Outcome::Win(s)) => format!("win {}", rules.seats[s as usize]),
    }
}

/// Compares a per-seat expectation (every seat named) with the state's values.
fn check_per_seat(
    rules: &Rules,
    what: &str,
    expected: &BTreeMap<String, i32>,
    actual: &[i32],
    errors: &mut Vec<String>,
) {
    let mut want = vec![None; rules.seats.len()];
    for (name, &v) in expected {
        match seat_index(rules, name) {
            Ok(i) => want[i] = Some(v),
            Err(e) => errors.push(format!("{what}: {e}")),
        }
    }
    let named = |vals: Vec<String>| vals.join(", ");
    if want.iter().any(Option::is_none) {
        errors.push(format!(
            "{what}: give a value for every seat {:?}",
            rules.seats
        ));
        return;
    }
    let want: Vec<i32> = want.into_iter().map(|v| v.expect("checked")).collect();
    if want != actual {
        let show = |vals: &[i32]| {
            named(
                rules
                    .seats
                    .iter()
                    .zip(vals)
                    .map(|(s, v)| format!("{s} {v}"))
                    .collect(),
            )
        };
        errors.push(format!(
            "{what}: expected {}, got {}",
            show(&want),
            show(actual)
        ));
    }
}

fn labels(rules: &Rules, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| rules.move_text(m)).collect()
}

/// Checks every expectation of `s` in `state`; returns what failed.
fn check(rules: &Rules, s: &Scenario, state: &State) -> Vec<String> {
    let mut errors = Vec::new();
    let legal = rules.sorted_moves(state);
    if let Some(expected) = &s.legal {
        let mut want = Vec::new();
        for label in expected {
            match rules.geometry.cell_by_label(label) {
                Some(c) => want.push(Move::Place(c)),
                None => errors.push(format!("legal: {label:?} is not a cell of this board")),
            }
        }
        want.sort_unstable();
        if want.windows(2).any(|w| w[0] == w[1]) {
            errors.push("legal: the expected list has duplicates".into());
        }
        want.dedup();
        if want != legal {
            let missing: Vec<Move> = want
                .iter()
                .filter(|m| !legal.contains(m))
                .copied()
                .collect();
            let extra: Vec<Move> = legal
                .iter()
                .filter(|m| !want.contains(m))
                .copied()
                .collect();
            errors.push(format!(
                "legal: not legal but expected {:?}; legal but not expected {:?}",
                labels(rules, &missing),
                labels(rules, &extra)
            ));
        }
    }
    if let Some(n) = s.legal_count {
        if legal.len() != n {
            errors.push(format!("legal_count: expected {n}, got {}", legal.len()));
        }
    }
    for text in &s.illegal {
        if let Ok(m) = rules.parse_move(state, text) {
            errors.push(format!(
                "illegal: {text:?} was accepted (as {})",
                rules.move_text(m)
            ));
        }
        if let Some(c) = rules.geometry.cell_by_label(text) {
            if legal.contains(&Move::Place(c)) {
                errors.push(format!("illegal: {text:?} is in the legal move list"));
            }
        }
    }
    if let Some(expected) = &s.scores {
        check_per_seat(rules, "scores", expected, &state.scores, &mut errors);
    }
    if let Some(expected) = &s.gains {
        check_per_seat(rules, "gains", expected, &state.gains, &mut errors);
    }
    if let Some(expected) = &s.supply {
        check_per_seat(rules, "supply", expected, &state.supply, &mut errors);
    }
    if let Some(expected) = &s.outcome {
        let actual = outcome_text(rules, state.outcome);
        if expected.split_whitespace().collect::<Vec<_>>().join(" ") != actual {
            errors.push(format!("outcome: expected {expected:?}, got {actual:?}"));
        }
        if let Some(Outcome::Win(_)) | Some(Outcome::Draw) = state.outcome {
            if !legal.is_empty() {
                errors.push(format!(
                    "outcome: the game is over but {} moves are legal",
                    legal.len()
                ));
            }
        }
    }
    if let Some(expected) = &s.mover {
        match seat_index(rules, expected) {
            Ok(i) if i == state.mover as usize => {}
            Ok(_) => errors.push(format!(
                "mover: expected {expected}, got {}",
                rules.seats[state.mover as usize]
            )),
            Err(e) => errors.push(format!("mover: {e}")),
        }
    }
    errors
}

/// Runs every scenario of one file; returns one message per failed scenario.
fn run_file(path: &Path) -> (usize, Vec<String>) {
    let name = path
        .file_name()
        .expect("file name")
        .to_string_lossy()
        .into_owned();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
    let file: ScenarioFile = match toml::from_str(&text) {
        Ok(f) => f,
        Err(e) => return (0, vec![format!("{name}: not a valid scenario file: {e}")]),
    };
    let mut failures = Vec::new();
    if file.scenarios.is_empty() {
        failures.push(format!("{name}: no scenarios"));
    }
    let mut seen = HashMap::new();
    let mut resolved: Vec<Resolved> = Vec::new();
    let mut cache: HashMap<(String, BTreeMap<String, i64>), Rules> = HashMap::new();
    for (i, s) in file.scenarios.iter().enumerate() {
        let mut fail = |msg: String| failures.push(format!("{name} / {:?}:\n    {msg}", s.name));
        if let Some(first) = seen.insert(s.name.clone(), i) {
            fail(format!("the name is also used by scenario {}", first + 1));
        }
        let r = match resolve(&file, i, &resolved) {
            Ok(r) => r,
            Err(e) => {
                fail(e);
                // Keep indices aligned for later `from`s; they will fail to play.
                resolved.push(Resolved {
                    rules: String::new(),
                    set: BTreeMap::new(),
                    moves: Vec::new(),
                });
                continue;
            }
        };
        let key = (r.rules.clone(), r.set.clone());
        if !cache.contains_key(&key) {
            match load_rules(&r.rules, &r.set) {
                Ok(rules) => {
                    cache.insert(key.clone(), rules);
                }
                Err(e) => {
                    fail(e);
                    resolved.push(r);
                    continue;
                }
            }
        }
        let rules = &cache[&key];
        match play_moves(rules, &r.moves) {
            Ok(state) => {
                let errors = check(rules, s, &state);
                if !errors.is_empty() {
                    fail(errors.join("\n    "));
                }
            }
            Err(e) => fail(e),
        }
        resolved.push(r);
    }
    (file.scenarios.len(), failures)
}

#[test]
fn every_scenario_holds() {
    let files = scenario_files();
    assert!(!files.is_empty(), "no scenario files in tests/scenarios");
    let mut failures = Vec::new();
    let mut total = 0;
    for path in &files {
        let (n, f) = run_file(path);
        total += n;
        failures.extend(f);
    }
    assert!(
        failures.is_empty(),
        "{} of {total} scenarios failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{total} scenarios in {} files hold", files.len());
}

#[test]
fn there_is_a_scenario_file_for_every_rules_file() {
    let rules_dir = root().join("rules");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&rules_dir).expect("rules/") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_some_and(|x| x == "game") {
            let stem = path
                .file_stem()
                .expect("stem")
                .to_string_lossy()
                .into_owned();
            if !root()
                .join("tests/scenarios")
                .join(format!("{stem}.toml"))
                .exists()
            {
                missing.push(stem);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rules without scenarios in tests/scenarios: {missing:?}"
    );
}

/// The harness itself must catch a wrong expectation and a refused move.
#[test]
fn a_wrong_scenario_fails() {
    let text = r#"
        rules = "tic-tac-toe.game"
        [[scenario]]
        name = "wrong winner"
        moves = ["a1 a2", "b1 b2", "c1"]
        outcome = "win O"
        [[scenario]]
        name = "occupied"
        moves = ["a1 a1"]
        [[scenario]]
        name = "wrong legal list"
        from = "wrong winner"
        legal = ["c3"]
    "#;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("wrong.toml");
    std::fs::write(&path, text).expect("write");
    let (n, failures) = run_file(&path);
    assert_eq!(n, 3);
    assert_eq!(failures.len(), 3, "{failures:#?}");
    assert!(
        failures[0].contains("expected \"win O\", got \"win X\""),
        "{}",
        failures[0]
    );
    assert!(failures[1].contains("move 2 `a1`"), "{}", failures[1]);
    assert!(
        failures[2].contains("not legal but expected [\"c3\"]"),
        "{}",
        failures[2]
    );
}
