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
use tabula::ir::{CellId, Rules};

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
    /// The seed of the start position (chance: a random first seat). Default:
    /// the smallest seed that gives `first`, or 0.
    seed: Option<u64>,
    /// The seat that moves first (drawn from the seed when the rules say
    /// `first random`): chooses the seed, or is checked against `seed`.
    first: Option<String>,
    /// Card games: the chance outcomes to start from instead of a seed (see
    /// `State::scripted`): the whole deck in the order the cards are drawn,
    /// the first seat, then each reshuffled pile in drawing order.
    chance: Option<Vec<u32>>,
    /// Moves in notation, see [`split_moves`].
    #[serde(default)]
    moves: Vec<String>,
    legal: Option<Vec<String>>,
    legal_count: Option<usize>,
    #[serde(default)]
    illegal: Vec<Illegal>,
    /// Per cell label: its stack, bottom first, a letter a piece (see [`piece_letter`]).
    stacks: Option<BTreeMap<String, String>>,
    scores: Option<BTreeMap<String, i32>>,
    gains: Option<BTreeMap<String, i32>>,
    supply: Option<BTreeMap<String, i32>>,
    outcome: Option<String>,
    mover: Option<String>,
    /// The turn number (from 1).
    turn: Option<u32>,
    /// Per seat named: its hand, any order.
    hands: Option<BTreeMap<String, Vec<u8>>>,
    /// Per cell label: the stones of each seat named there (seats not named: 0).
    stones: Option<BTreeMap<String, BTreeMap<String, u8>>>,
    /// Per cell label: its owner, a seat or "none".
    owners: Option<BTreeMap<String, String>>,
    /// Per cell label: the kind of its piece (`kinds`), or "none".
    kinds: Option<BTreeMap<String, String>>,
    /// The discard pile, bottom first.
    discard: Option<Vec<u8>>,
    /// How many cards the draw pile holds.
    draw_count: Option<usize>,
}

/// A move that must be refused: its text, or its text and a fragment of the
/// error message it must be refused with.
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum Illegal {
    Text(String),
    Refused(Refused),
}

/// `{ move = "...", error = "..." }`: a move and a fragment of the error it must be refused with.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Refused {
    #[serde(rename = "move")]
    text: String,
    error: String,
}

/// A scenario with `from` resolved: its rules, options, start and all moves
/// from the start (strings as written, see [`split_moves`]).
struct Resolved {
    rules: String,
    set: BTreeMap<String, i64>,
    seed: Option<u64>,
    first: Option<String>,
    chance: Option<Vec<u32>>,
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
    let own = s.moves.clone();
    let Some(from) = &s.from else {
        let rules = s
            .rules
            .clone()
            .or_else(|| file.rules.clone())
            .ok_or("no rules file given")?;
        return Ok(Resolved {
            rules,
            set: s.set.clone(),
            seed: s.seed,
            first: s.first.clone(),
            chance: s.chance.clone(),
            moves: own,
        });
    };
    let Some(parent) = file.scenarios[..index].iter().position(|p| &p.name == from) else {
        return Err(format!("`from`: no earlier scenario is named {from:?}"));
    };
    if s.rules.is_some()
        || !s.set.is_empty()
        || s.seed.is_some()
        || s.first.is_some()
        || s.chance.is_some()
    {
        return Err(
            "a scenario with `from` takes the rules, options, seed (or chance) and first seat of that scenario"
                .into(),
        );
    }
    let base = &done[parent];
    let mut moves = base.moves.clone();
    moves.extend(own);
    Ok(Resolved {
        rules: base.rules.clone(),
        set: base.set.clone(),
        seed: base.seed,
        first: base.first.clone(),
        chance: base.chance.clone(),
        moves,
    })
}

/// Whether the moves of `rules` sow (a move is a stack and its path).
fn sows(rules: &Rules) -> bool {
    rules
        .phases
        .iter()
        .any(|p| p.rules.iter().any(|r| r.sowing().is_some()))
}

/// The moves written in `strings`, one string a move each. A string may hold
/// several moves separated by `;`; in games where a move is one cell, moves
/// may also be separated by spaces ("a1 a2" is two moves), but where a move
/// is a stack and its path, the cells of one move are separated by spaces
/// ("a1 b1 c1 c2" is one move).
fn split_moves(rules: &Rules, strings: &[String]) -> Vec<String> {
    // A track move is words (`5 Y3-Y8`): one a string, or `;` between them.
    let one_cell = !sows(rules) && rules.track.is_none();
    strings
        .iter()
        .flat_map(|s| s.split(';').map(move |m| (m, s.contains(';'))))
        .flat_map(|(m, whole)| {
            // Between `;`, a move of several words (`d1-d7 d5`: an amazon
            // and its arrow) is one move.
            if one_cell && !whole {
                // Moves are words (`f6`, `d4-e5`); `keep C` belongs to the move before.
                let mut moves: Vec<String> = Vec::new();
                let mut words = m.split_whitespace();
                while let Some(w) = words.next() {
                    match (w, moves.last_mut()) {
                        ("keep", Some(last)) => {
                            last.push_str(" keep ");
                            last.push_str(words.next().unwrap_or_default());
                        }
                        _ => moves.push(w.to_string()),
                    }
                }
                moves
            } else {
                let m = m.split_whitespace().collect::<Vec<_>>().join(" ");
                if m.is_empty() {
                    Vec::new()
                } else {
                    vec![m]
                }
            }
        })
        .collect()
}

/// The seed to start from: `seed`, else the smallest seed whose start
/// position has `first` to move, else 0. With both, checks that they agree.
fn start_seed(rules: &Rules, seed: Option<u64>, first: Option<&str>) -> Result<u64, String> {
    let Some(first) = first else {
        return Ok(seed.unwrap_or(0));
    };
    let want = seat_index(rules, first).map_err(|e| format!("first: {e}"))?;
    let first_of = |seed: u64| rules.start(seed).mover as usize;
    match seed {
        Some(seed) if first_of(seed) == want => Ok(seed),
        Some(seed) => Err(format!(
            "first: seed {seed} gives {} the first move, not {first}",
            rules.seats[first_of(seed)]
        )),
        None => (0..1000)
            .find(|&seed| first_of(seed) == want)
            .ok_or_else(|| format!("first: no seed below 1000 gives {first} the first move")),
    }
}

/// The letter of a piece code in `stacks`: a seat's piece is its name's
/// initial in capitals, a neutral piece its kind's initial in small letters
/// (Qawale: L Light, D Dark, t Tan).
fn piece_letter(rules: &Rules, code: u8) -> char {
    let seats = rules.seats.len();
    let code = code as usize;
    let initial = |name: &str| name.chars().next().unwrap_or('?');
    if (1..=seats).contains(&code) {
        initial(&rules.seats[code - 1]).to_ascii_uppercase()
    } else {
        rules
            .neutrals
            .get(code.wrapping_sub(seats + 1))
            .map_or('?', |n| initial(n).to_ascii_lowercase())
    }
}

/// A stack as letters, bottom first (`""` when empty).
fn stack_text(rules: &Rules, state: &State, cell: CellId) -> String {
    state
        .stack(cell, rules)
        .iter()
        .map(|&code| piece_letter(rules, code))
        .collect()
}

/// The start position from `chance` (see `State::scripted`); `first`, if
/// given, is checked against the seat it gives the first move.
fn scripted_start(
    rules: &Rules,
    chance: &[u32],
    seed: Option<u64>,
    first: Option<&str>,
) -> Result<State, String> {
    if seed.is_some() {
        return Err("give `seed` or `chance`, not both".into());
    }
    let state = State::scripted(rules, chance);
    if state.bad_script {
        return Err("chance: not a deal of this deck (see State::scripted)".into());
    }
    if let Some(first) = first {
        let want = seat_index(rules, first).map_err(|e| format!("first: {e}"))?;
        if want != state.mover as usize {
            return Err(format!(
                "first: the chance list gives {} the first move, not {first}",
                rules.seats[state.mover as usize]
            ));
        }
    }
    Ok(state)
}

/// Plays the moves from `state`; the first refused move is an error, and so
/// is a scripted chance outcome that could not be used.
fn play_moves(rules: &Rules, mut state: State, moves: &[String]) -> Result<State, String> {
    for (i, text) in moves.iter().enumerate() {
        match rules.parse_move(&state, text) {
            Ok(m) => rules.play(&mut state, m),
            Err(e) => {
                return Err(format!(
                    "move {} `{text}` (of {:?}) was refused: {e}",
                    i + 1,
                    moves.join("; ")
                ));
            }
        }
        if state.bad_script {
            return Err(format!(
                "chance: move {} `{text}` reshuffled the discard pile, but the next values of the chance list are not that pile",
                i + 1
            ));
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

/// Whether `text` is a card move: card values joined by `+` or spaces.
fn is_card_text(text: &str) -> bool {
    let mut words = text
        .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
        .filter(|w| !w.is_empty())
        .peekable();
    words.peek().is_some() && words.all(|w| w.bytes().all(|b| b.is_ascii_digit()))
}

/// A move as `move_text` writes it: small letters, one space between cells;
/// a card move's values ascending, joined by `+`.
fn normalize(text: &str) -> String {
    if is_card_text(text) {
        let mut values: Vec<u64> = text
            .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
            .filter_map(|w| w.parse().ok())
            .collect();
        values.sort_unstable();
        return values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("+");
    }
    text.to_ascii_lowercase()
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks every expectation of `s` in `state`; returns what failed.
fn check(rules: &Rules, s: &Scenario, state: &State) -> Vec<String> {
    let mut errors = Vec::new();
    let legal = rules.sorted_moves(state);
    let legal_texts: Vec<String> = labels(rules, &legal);
    if let Some(expected) = &s.legal {
        let mut want = Vec::new();
        for text in expected {
            let text = normalize(text);
            // A track move's words are a card and walks, not cells; a drop
            // is written as its column.
            let not_cells = rules.track.is_some() || rules.writes_columns();
            let words = if is_card_text(&text) || text == "pass" || not_cells {
                Vec::new()
            } else {
                // A relocation or a step is written FROM-TO, a capture
                // FROMxTO (a cell's letters never follow its number).
                let mut after_digit = false;
                text.split(|c: char| {
                    let part = c == ' ' || c == '-' || (c == 'x' && after_digit);
                    after_digit = c.is_ascii_digit();
                    part
                })
                .collect()
            };
            match words
                .into_iter()
                .find(|l| rules.geometry.cell_by_label(l).is_none())
            {
                Some(label) => {
                    errors.push(format!("legal: {label:?} is not a cell of this board"));
                }
                None => want.push(text),
            }
        }
        want.sort_unstable();
        if want.windows(2).any(|w| w[0] == w[1]) {
            errors.push("legal: the expected list has duplicates".into());
        }
        want.dedup();
        // Typed moves are read in any case (track spaces are `Y3`).
        let mut have: Vec<String> = legal_texts.iter().map(|t| t.to_lowercase()).collect();
        have.sort_unstable();
        if want != have {
            let missing: Vec<&String> = want.iter().filter(|m| !have.contains(m)).collect();
            let extra: Vec<&String> = have.iter().filter(|m| !want.contains(m)).collect();
            errors.push(format!(
                "legal: not legal but expected {missing:?}; legal but not expected {extra:?}"
            ));
        }
    }
    if let Some(n) = s.legal_count {
        if legal.len() != n {
            errors.push(format!("legal_count: expected {n}, got {}", legal.len()));
        }
    }
    for illegal in &s.illegal {
        let (text, fragment) = match illegal {
            Illegal::Text(text) => (text, None),
            Illegal::Refused(Refused { text, error }) => (text, Some(error)),
        };
        match rules.parse_move(state, text) {
            Ok(m) => errors.push(format!(
                "illegal: {text:?} was accepted (as {})",
                rules.move_text(m)
            )),
            Err(e) => {
                if let Some(fragment) = fragment {
                    if !e.to_string().contains(fragment.as_str()) {
                        errors.push(format!(
                            "illegal: {text:?} was refused with {:?}, which does not say {fragment:?}",
                            e.to_string()
                        ));
                    }
                }
            }
        }
        if legal_texts.contains(&normalize(text)) {
            errors.push(format!("illegal: {text:?} is in the legal move list"));
        }
    }
    if let Some(expected) = &s.stacks {
        for (label, want) in expected {
            let Some(cell) = rules.geometry.cell_by_label(label) else {
                errors.push(format!("stacks: {label:?} is not a cell of this board"));
                continue;
            };
            let want: String = want.chars().filter(|c| !c.is_whitespace()).collect();
            let have = stack_text(rules, state, cell);
            if want != have {
                errors.push(format!(
                    "stacks: {label} holds {have:?} (bottom first), not {want:?}"
                ));
            }
            let top = state.stack(cell, rules).last().copied().unwrap_or(0);
            if state.board[cell as usize] != top || state.height(cell) as usize != have.len() {
                errors.push(format!(
                    "stacks: {label}: the top or height disagrees with the stack"
                ));
            }
        }
    }
    if let Some(expected) = &s.scores {
        // As the players see them, whether or not kept during play.
        let now = rules.scores_now(state);
        check_per_seat(rules, "scores", expected, &now, &mut errors);
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
    check_cards(rules, s, state, &mut errors);
    errors
}

/// The expectations of card games and counted fields: turn, hands, stones,
/// owners and the piles.
fn check_cards(rules: &Rules, s: &Scenario, state: &State, errors: &mut Vec<String>) {
    if let Some(turn) = s.turn {
        if state.turn != turn {
            errors.push(format!("turn: expected {turn}, got {}", state.turn));
        }
    }
    for (name, want) in s.hands.iter().flatten() {
        match seat_index(rules, name) {
            Ok(seat) => {
                let mut want = want.clone();
                want.sort_unstable();
                let have = state.hand(seat as u8, rules);
                if have != want.as_slice() {
                    errors.push(format!("hands: {name} holds {have:?}, not {want:?}"));
                }
            }
            Err(e) => errors.push(format!("hands: {e}")),
        }
    }
    for (label, want) in s.stones.iter().flatten() {
        let Some(cell) = rules.geometry.cell_by_label(label) else {
            errors.push(format!("stones: {label:?} is not a cell of this board"));
            continue;
        };
        let mut expected = vec![0u8; rules.seats.len()];
        for (name, &n) in want {
            match seat_index(rules, name) {
                Ok(seat) => expected[seat] = n,
                Err(e) => errors.push(format!("stones: {label}: {e}")),
            }
        }
        let have: Vec<u8> = (0..rules.seats.len() as u8)
            .map(|seat| state.stones(cell, seat, rules))
            .collect();
        if have != expected {
            let show = |v: &[u8]| {
                rules
                    .seats
                    .iter()
                    .zip(v)
                    .map(|(s, n)| format!("{s} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            errors.push(format!(
                "stones: {label} holds {}, not {}",
                show(&have),
                show(&expected)
            ));
        }
        let total: u32 = have.iter().map(|&n| u32::from(n)).sum();
        if u32::from(state.height(cell)) != total {
            errors.push(format!(
                "stones: {label}: the height {} is not the {total} stones",
                state.height(cell)
            ));
        }
    }
    for (label, want) in s.owners.iter().flatten() {
        let Some(cell) = rules.geometry.cell_by_label(label) else {
            errors.push(format!("owners: {label:?} is not a cell of this board"));
            continue;
        };
        let have = state.owner(cell).map_or("none".to_string(), |seat| {
            rules.seats[seat as usize].clone()
        });
        if want != "none" {
            if let Err(e) = seat_index(rules, want) {
                errors.push(format!("owners: {label}: {e}"));
                continue;
            }
        }
        if &have != want {
            errors.push(format!("owners: {label} is owned by {have}, not {want}"));
        }
    }
    for (label, want) in s.kinds.iter().flatten() {
        let Some(cell) = rules.geometry.cell_by_label(label) else {
            errors.push(format!("kinds: {label:?} is not a cell of this board"));
            continue;
        };
        let have = state
            .kind(cell)
            .and_then(|k| rules.kinds.get(k as usize))
            .map_or("none", String::as_str);
        if have != want {
            errors.push(format!("kinds: {label} holds a {have}, not a {want}"));
        }
    }
    if let Some(want) = &s.discard {
        if state.discard_pile() != want.as_slice() {
            errors.push(format!(
                "discard: the pile is {:?} (bottom first), not {want:?}",
                state.discard_pile()
            ));
        }
    }
    if let Some(n) = s.draw_count {
        if state.draw_pile().len() != n {
            errors.push(format!(
                "draw_count: the draw pile holds {} cards, not {n}",
                state.draw_pile().len()
            ));
        }
    }
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
                    seed: None,
                    first: None,
                    chance: None,
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
        let start = match &r.chance {
            Some(chance) => scripted_start(rules, chance, r.seed, r.first.as_deref()),
            None => start_seed(rules, r.seed, r.first.as_deref()).map(|seed| rules.start(seed)),
        };
        let start = match start {
            Ok(start) => start,
            Err(e) => {
                fail(e);
                resolved.push(r);
                continue;
            }
        };
        match play_moves(rules, start, &split_moves(rules, &r.moves)) {
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

    // The same for stacks, paths, a drawn first seat and error messages.
    let text = r#"
        rules = "qawale.game"
        [[scenario]]
        name = "wrong stacks"
        first = "Light"
        moves = ["a1 b1 c1 d1"]
        stacks = { d1 = "ttD", a1 = "" }
        [[scenario]]
        name = "a legal move listed as illegal, a wrong error"
        from = "wrong stacks"
        illegal = ["d4 c4 b4 a4", { move = "b1 b2", error = "straight back" }]
        [[scenario]]
        name = "a seed that does not give the first seat"
        seed = 0
        first = "Light"
        [[scenario]]
        name = "a refused path"
        first = "Dark"
        moves = ["a1 b1 c1 d1; d1 c1 d1 c1 b1"]
    "#;
    let path = dir.path().join("wrong-qawale.toml");
    std::fs::write(&path, text).expect("write");
    let (n, failures) = run_file(&path);
    assert_eq!(n, 4);
    let qawale = load_rules("qawale.game", &BTreeMap::new()).expect("loads");
    let light_first = (0..1000)
        .find(|&seed| qawale.start(seed).mover == 0)
        .expect("a seed");
    // Seed 0 gives Light the first move or not: one of the last two fails.
    let expected = if light_first == 0 { 3 } else { 4 };
    assert_eq!(failures.len(), expected, "{failures:#?}");
    assert!(
        failures[0].contains("d1 holds \"ttL\" (bottom first), not \"ttD\""),
        "{}",
        failures[0]
    );
    assert!(
        failures[1].contains("\"d4 c4 b4 a4\" was accepted")
            && failures[1].contains("\"d4 c4 b4 a4\" is in the legal move list")
            && failures[1].contains("does not say \"straight back\""),
        "{}",
        failures[1]
    );
    if light_first != 0 {
        assert!(
            failures[2].contains("seed 0 gives Dark the first move, not Light"),
            "{}",
            failures[2]
        );
    }
    assert!(
        failures[expected - 1].contains("move 2 `d1 c1 d1 c1 b1`")
            && failures[expected - 1].contains("straight back from c1 to d1"),
        "{}",
        failures[expected - 1]
    );
}

/// The harness catches wrong card-game expectations and chance lists.
#[test]
fn a_wrong_card_scenario_fails() {
    // Yellow holds 5 11 13 2, Red 1 2 3 4; the pile gives 6 7 8; Yellow first.
    let prefix = [5u32, 11, 13, 2, 1, 2, 3, 4, 6, 7, 8];
    let mut rest: Vec<u32> = (1..=12).flat_map(|v| [v; 4]).chain(13..=19).collect();
    for v in prefix {
        let i = rest.iter().position(|&r| r == v).expect("in the deck");
        rest.remove(i);
    }
    // The first seat, then the cards.
    let mut chance: Vec<u32> = vec![0];
    chance.extend(prefix);
    chance.extend(rest);
    let mut bad = chance.clone();
    bad[1] = 20;
    let text = format!(
        r#"
        rules = "just-4-fun.game"
        [[scenario]]
        name = "wrong card expectations"
        chance = {chance:?}
        moves = ["5+11+13"]
        hands = {{ Yellow = [2, 6, 7, 9] }}
        stones = {{ e2 = {{ Red = 1 }} }}
        owners = {{ e2 = "Red" }}
        turn = 3
        discard = [5, 11]
        draw_count = 45
        [[scenario]]
        name = "a chance list that is not the deck"
        chance = {bad:?}
        [[scenario]]
        name = "a wrong first seat"
        chance = {chance:?}
        first = "Red"
        [[scenario]]
        name = "a seed and a chance list"
        chance = {chance:?}
        seed = 3
        [[scenario]]
        name = "a wrong legal list of card moves"
        chance = {chance:?}
        legal = ["13+11+5", "2 + 5", "6"]
        illegal = ["2+11"]
        "#
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("wrong-cards.toml");
    std::fs::write(&path, text).expect("write");
    let (n, failures) = run_file(&path);
    assert_eq!(n, 5);
    assert_eq!(failures.len(), 5, "{failures:#?}");
    for fragment in [
        "hands: Yellow holds [2, 6, 7, 8], not [2, 6, 7, 9]",
        "stones: e2 holds Yellow 1, Red 0, not Yellow 0, Red 1",
        "owners: e2 is owned by Yellow, not Red",
        "turn: expected 3, got 2",
        "discard: the pile is [5, 11, 13] (bottom first), not [5, 11]",
        "draw_count: the draw pile holds 44 cards, not 45",
    ] {
        assert!(
            failures[0].contains(fragment),
            "{fragment}: {}",
            failures[0]
        );
    }
    assert!(
        failures[1].contains("not a deal of this deck"),
        "{}",
        failures[1]
    );
    assert!(
        failures[2].contains("the chance list gives Yellow the first move, not Red"),
        "{}",
        failures[2]
    );
    assert!(failures[3].contains("not both"), "{}", failures[3]);
    assert!(
        // "13+11+5" and "2 + 5" are read as the legal 5+11+13 and 2+5.
        failures[4].contains("not legal but expected [\"6\"]; legal but not expected [\"11\", ")
            && !failures[4].contains("\"5+11+13\"")
            && !failures[4].contains("\"2+5\"")
            && failures[4].contains("\"2+11\" is in the legal move list")
            && !failures[4].contains("is not a cell"),
        "{}",
        failures[4]
    );
}

/// The 10 lines of a 4 x 4 board, as (column, row) cells, with their names.
fn qawale_lines() -> Vec<(String, [(i32, i32); 4])> {
    let mut lines = Vec::new();
    for i in 0..4 {
        lines.push((format!("row {}", i + 1), [0, 1, 2, 3].map(|k| (k, i))));
        let column = (b'a' + i as u8) as char;
        lines.push((format!("column {column}"), [0, 1, 2, 3].map(|k| (i, k))));
    }
    lines.push(("diagonal a1-d4".into(), [0, 1, 2, 3].map(|k| (k, k))));
    lines.push(("diagonal a4-d1".into(), [0, 1, 2, 3].map(|k| (k, 3 - k))));
    lines
}

/// Per line: how many of its tops are `code`.
fn qawale_line_counts(rules: &Rules, state: &State, code: u8) -> Vec<(String, usize)> {
    let top = |(x, y): (i32, i32)| {
        let c = rules.geometry.coords.iter().position(|&p| p == (x, y));
        state.board[c.expect("a cell")]
    };
    qawale_lines()
        .into_iter()
        .map(|(name, cells)| {
            let n = cells.iter().filter(|&&c| top(c) == code).count();
            (name, n)
        })
        .collect()
}

/// The names of the lines whose 4 tops are all `code`.
fn qawale_full_lines(rules: &Rules, state: &State, code: u8) -> Vec<String> {
    qawale_line_counts(rules, state, code)
        .into_iter()
        .filter(|(_, n)| *n == 4)
        .map(|(name, _)| name)
        .collect()
}

/// What a search found: the turns, the length of the moves' text, the first
/// seat and the moves.
type Found = (usize, usize, u8, Vec<String>);

/// Not a test: searches random Qawale games for positions the scenarios in
/// qawale.toml need, and prints the shortest found for each as scenario data
/// (the expectations were then worked out separately). Run it by hand:
/// `GAMES=200000 cargo test --release --test scenarios search_qawale -- --ignored --nocapture`.
#[test]
#[ignore]
fn search_qawale() {
    use rand::SeedableRng;
    let rules = load_rules("qawale.game", &BTreeMap::new()).expect("loads");
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let kinds = [
        "lines for both",
        "a line for the opponent only",
        "a line for the mover only",
        "a diagonal line for the mover",
        "a stack of 4 of one colour",
        "4 tan tops in a line",
        "3 tops and a tan top in a line",
        "a draw",
    ];
    let mut best: Vec<Option<Found>> = vec![None; kinds.len()];
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut state = rules.start(seed);
        let first = state.mover;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut moves: Vec<String> = Vec::new();
        while let Some(m) = rules.random_move(&state, &mut buf, &mut rng) {
            let mover = state.mover;
            moves.push(rules.move_text(m));
            rules.play(&mut state, m);
            let mine = qawale_full_lines(&rules, &state, mover + 1);
            let theirs = qawale_full_lines(&rules, &state, 2 - mover);
            let lines = !mine.is_empty() || !theirs.is_empty();
            let tan = qawale_line_counts(&rules, &state, 3);
            let tan_line = tan.iter().any(|(_, n)| *n == 4);
            let three_and_tan = (1..=2).any(|code| {
                let own = qawale_line_counts(&rules, &state, code);
                own.iter()
                    .zip(&tan)
                    .any(|((_, n), (_, t))| *n == 3 && *t == 1)
            });
            let one_colour = (0..16).any(|c| {
                let stack = state.stack(c, &rules);
                stack.len() >= 4 && stack.iter().all(|&p| p == stack[0] && p <= 2)
            });
            let hits = [
                !mine.is_empty() && !theirs.is_empty(),
                mine.is_empty() && !theirs.is_empty(),
                !mine.is_empty() && theirs.is_empty(),
                !mine.is_empty() && theirs.is_empty() && mine.iter().all(|l| l.starts_with("diag")),
                one_colour && !lines,
                tan_line && !lines,
                three_and_tan && !lines,
                state.outcome == Some(tabula::engine::Outcome::Draw),
            ];
            let key = (moves.len(), moves.iter().map(String::len).sum::<usize>());
            for (k, _) in hits.iter().enumerate().filter(|(_, &hit)| hit) {
                if best[k].as_ref().is_none_or(|b| (b.0, b.1) > key) {
                    best[k] = Some((key.0, key.1, first, moves.clone()));
                    println!(
                        "{}: seed {seed}, {} moved, outcome {}, lines {mine:?} for the mover, {theirs:?} for the other",
                        kinds[k],
                        rules.seats[mover as usize],
                        outcome_text(&rules, state.outcome)
                    );
                }
            }
            if lines {
                break;
            }
        }
    }
    for (kind, found) in kinds.iter().zip(&best) {
        match found {
            Some((turns, _, first, moves)) => println!(
                "# {kind}: {turns} turns\nfirst = {:?}\nmoves = {moves:?}\n",
                rules.seats[*first as usize]
            ),
            None => println!("# {kind}: not found"),
        }
    }
}
