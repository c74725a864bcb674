//! Where a command starts: after the moves of `--moves`, or at a record's
//! position (`--from RECORD [--upto N]`), with the record's chance outcomes.

use std::path::Path;

use super::load::{load, load_text, read, Loaded};
use super::Failure;
use crate::engine::State;
use crate::ir::Rules;
use crate::record::{rules_hash, Record, FORMAT};

/// The options that choose a start position.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct PositionArgs {
    /// Start after these moves, in the rules' notation, comma-separated: "f6, e5".
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// Start at a record's position (its rules, options and chance outcomes).
    #[arg(long, value_name = "RECORD", conflicts_with = "moves")]
    pub from: Option<String>,
    /// With --from: only the record's first N moves.
    #[arg(long, value_name = "N", requires = "from")]
    pub upto: Option<usize>,
    /// With --from: the rules file to use instead of the one the record
    /// names (as `replay --rules`; the same as naming FILE).
    #[arg(long, value_name = "FILE", requires = "from")]
    pub rules: Option<String>,
}

/// A loaded game at its start position.
pub struct Start {
    /// The rules, their file and text.
    pub loaded: Loaded,
    /// The position.
    pub state: State,
    /// The moves played to reach it, in notation.
    pub moves: Vec<String>,
    /// Whether it comes from the record of a game with hidden cards still
    /// being played: a record for nobody at the table (see `Record::reveals`).
    pub sealed: bool,
}

impl Start {
    /// Why the legal moves here are withheld, if they are: a record of a
    /// game with hidden cards still being played is for nobody at the
    /// table, and its moves (or their count) would tell the mover's hand.
    /// `moves` and `perft` follow this one rule.
    pub fn moves_withheld(&self) -> Option<String> {
        let mover = &self.loaded.rules.seats[self.state.mover as usize];
        self.sealed.then(|| {
            format!(
                "this record is of a game with hidden cards still being played: its legal \
                 moves would show {mover}'s hand"
            )
        })
    }
}

/// Loads the rules (from `file`, or with `--from` from the record) and plays
/// to the position asked for. `seed` draws the chance of `--moves`.
pub fn open(
    file: Option<&str>,
    sets: &[String],
    seed: u64,
    position: &PositionArgs,
) -> Result<Start, Failure> {
    let Some(path) = &position.from else {
        let loaded = load(file, sets)?;
        let mut state = loaded.rules.start(seed);
        let texts: Vec<String> = position
            .moves
            .iter()
            .flat_map(|m| m.split(','))
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .collect();
        play_moves(&loaded.rules, &mut state, &texts, "--moves")?;
        return Ok(Start {
            loaded,
            state,
            moves: texts,
            sealed: false,
        });
    };
    if !sets.is_empty() {
        return Err(Failure::usage(
            "error: --set cannot be used with --from: the options are the record's",
        ));
    }
    let file = match (file, &position.rules) {
        (Some(a), Some(b)) if a != b => {
            return Err(Failure::usage(
                "error: name the rules file once: FILE or --rules FILE",
            ))
        }
        (file, rules) => rules.as_deref().or(file),
    };
    let record = read_record(path)?;
    let (file, text) = record_rules(&record, path, file)?;
    let loaded = load_record_rules(&record, path, file, text)?;
    let upto = position.upto.unwrap_or(record.moves.len());
    if upto > record.moves.len() {
        return Err(Failure::usage(format!(
            "error: --upto {upto}: the record has {} moves",
            record.moves.len()
        )));
    }
    let mut state = replayed_start(&loaded.rules, &record);
    let moves = record.moves[..upto].to_vec();
    play_moves(&loaded.rules, &mut state, &moves, path)?;
    check_chance(&state, &record, upto == record.moves.len())?;
    Ok(Start {
        loaded,
        state,
        moves,
        sealed: record.reveals.is_some(),
    })
}

/// The start of a recorded game: its chance outcomes replayed, then its
/// seed, or a fresh one when the record keeps it back (a game of hidden
/// cards saved during play: what was not drawn yet is drawn anew).
pub fn replayed_start(rules: &Rules, record: &Record) -> State {
    let seed = record.seed.unwrap_or_else(rand::random);
    State::resumed(rules, &chance_of(record), seed)
}

/// The record's chance outcomes as the engine takes them.
fn chance_of(record: &Record) -> Vec<u32> {
    record
        .chance
        .iter()
        .map(|&c| u32::try_from(c).unwrap_or(u32::MAX))
        .collect()
}

/// Plays `moves` in notation; an illegal one is reported with its number
/// (from 1) and why, and nothing else runs.
pub fn play_moves(
    rules: &Rules,
    state: &mut State,
    moves: &[String],
    source: &str,
) -> Result<(), Failure> {
    for (i, text) in moves.iter().enumerate() {
        if state.bad_script {
            break;
        }
        match rules.parse_move(state, text) {
            Ok(m) => rules.play(state, m),
            Err(e) => {
                let whose = if state.is_over() {
                    "after the game ended".to_string()
                } else {
                    format!("{} to move", rules.seats[state.mover as usize])
                };
                return Err(Failure::problem(format!(
                    "error: move {} of {source} (`{text}`, {whose}) is not legal: {e}",
                    i + 1
                )));
            }
        }
    }
    Ok(())
}

/// Refuses chance outcomes that could not happen where they are used, or
/// (when the whole record was played) that do not fit its moves.
pub fn check_chance(state: &State, record: &Record, whole: bool) -> Result<(), Failure> {
    let chance = chance_of(record);
    if chance.is_empty() {
        return Ok(());
    }
    let used = state.chance.len();
    let why = if state.bad_script {
        let at = state
            .chance
            .iter()
            .zip(&chance)
            .take_while(|(a, b)| a == b)
            .count();
        format!(
            "outcome {} is not possible where it is used (a shuffle lists the cards of the pile in a new order; a seat is counted from 0)",
            at + 1
        )
    } else if whole && (used < chance.len() || used > chance.len() && record.result.is_some()) {
        // A record of a game being played lists only the cards drawn so far:
        // the rest is drawn anew. A finished one lists every outcome.
        format!(
            "the game uses {used} outcomes and the record lists {}",
            chance.len()
        )
    } else if state.chance[..used.min(chance.len())] != chance[..used.min(chance.len())] {
        "they differ from what the game drew".to_string()
    } else {
        return Ok(());
    };
    Err(Failure::problem(format!(
        "error: the record's chance outcomes do not fit its moves: {why}; the record was changed"
    )))
}

/// The rules of `record` (read from `file`, `text`) compiled with the
/// record's options. Options that do not fit the rules (one they do not
/// have, a value out of range) make the record invalid: exit status 1,
/// as for any invalid record.
pub fn load_record_rules(
    record: &Record,
    path: &str,
    file: String,
    text: String,
) -> Result<Loaded, Failure> {
    let options: Vec<String> = record
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    load_text(file, text, &options).map_err(|f| {
        // The message is safe already, its report's colours included.
        let path = crate::report::printable(path);
        Failure::rendered(
            1,
            format!(
                "{}\nerror: `{path}` is not a valid record: its options do not fit its rules",
                f.message.trim_end()
            ),
        )
    })
}

/// Reads and parses a record file.
pub fn read_record(path: &str) -> Result<Record, Failure> {
    let text = read(path)?;
    let mut record: Record = serde_json::from_str(&text)
        .map_err(|e| Failure::problem(format!("error: `{path}` is not a valid record: {e}")))?;
    // Whatever a record says is printed as text, never as terminal control.
    record.make_printable();
    if record.format != FORMAT {
        return Err(Failure::problem(format!(
            "error: `{path}` has format `{}`; this Tabula reads `{FORMAT}`",
            record.format
        )));
    }
    Ok(record)
}

/// The rules the record was written with: `rules` if given, the file it
/// names, or the built-in default game (a `play` with no file records that).
pub fn record_rules(
    record: &Record,
    path: &str,
    rules: Option<&str>,
) -> Result<(String, String), Failure> {
    let mismatch = |file: &str, text: &str, what: &str| {
        Failure::problem(format!(
            "error: `{file}` {what} (its hash is {}, the record's {})",
            rules_hash(text),
            record.rules_hash
        ))
    };
    if let Some(file) = rules {
        let text = read(file)?;
        if rules_hash(&text) != record.rules_hash {
            return Err(mismatch(
                file,
                &text,
                "is not the rules file the record was written with",
            ));
        }
        return Ok((file.to_string(), text));
    }
    let file = super::rules_path::locate(&record.rules, path);
    let on_disk = file.as_ref().and_then(|f| read(f).ok().map(|t| (f, t)));
    if let Some((file, text)) = &on_disk {
        if rules_hash(text) == record.rules_hash {
            return Ok((file.to_string(), text.clone()));
        }
    }
    // The built-in game, when the record names it and its file is not here.
    let (default_file, default_text) = super::load::DEFAULT_RULES;
    let shown = match super::rules_path::printable(&record.rules) {
        true => format!("`{}`", record.rules),
        false => "a file outside the record's folder".to_string(),
    };
    if rules_hash(default_text) == record.rules_hash {
        let name = |p: &str| Path::new(p).file_name().map(|n| n.to_owned());
        if name(&record.rules) == name(default_file) {
            return Ok((
                format!("{default_file} (built in)"),
                default_text.to_string(),
            ));
        }
        return Err(Failure::problem(format!(
            "error: the record names the rules {shown}, but its hash is that of the built-in \
             `{default_file}`; pass the rules file with --rules FILE"
        )));
    }
    // The text the record carries, when the file is not beside it (or not
    // to be trusted there) or has changed since.
    if let Some(text) = record
        .rules_text
        .as_ref()
        .filter(|t| rules_hash(t) == record.rules_hash)
    {
        return Ok((format!("{shown}, as the record holds it"), text.clone()));
    }
    match on_disk {
        Some((file, text)) => Err(mismatch(
            file,
            &text,
            "has changed since the record was written; pass the original rules file with --rules FILE",
        )),
        None => Err(Failure::usage(format!(
            "error: cannot read the rules the record names, {shown}, beside the record \
             (rules are looked for only there, and only inside the record's folder or this \
             one); pass the rules file with --rules FILE"
        ))),
    }
}
