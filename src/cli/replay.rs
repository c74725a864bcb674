//! `tabula replay`: re-checking a record move by move, and its result.

use std::path::Path;

use super::load::{color_stdout, read};
use super::view;
use super::Failure;
use crate::record::{rules_hash, Record, ResultRecord, FORMAT};

/// Arguments of `tabula replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file (JSON, see docs/records.md).
    pub record: String,
    /// The rules file to use instead of the one the record names.
    #[arg(long)]
    pub rules: Option<String>,
    /// Print the board after the last move.
    #[arg(long)]
    pub show: bool,
}

/// Runs `tabula replay`.
pub fn run(args: Args) -> Result<(), Failure> {
    let text = read(&args.record)?;
    let record: Record = serde_json::from_str(&text).map_err(|e| {
        Failure::problem(format!(
            "error: `{}` is not a valid record: {e}",
            args.record
        ))
    })?;
    if record.format != FORMAT {
        return Err(Failure::problem(format!(
            "error: `{}` has format `{}`; this Tabula reads `{FORMAT}`",
            args.record, record.format
        )));
    }
    let sets: Vec<String> = record
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let rules = rules_for(&record, &args)?;
    let rules = super::load::load_text(rules.0, rules.1, &sets)?.rules;
    if record.seats.len() != rules.seats.len()
        || record
            .seats
            .iter()
            .zip(&rules.seats)
            .any(|(a, b)| &a.name != b)
    {
        return Err(Failure::problem(
            "error: the record's seats are not the seats of these rules",
        ));
    }
    // The game is re-created from the recorded chance outcomes (the first
    // seat, each shuffle's order), not from the seed: a reader can check
    // them by hand, and a record stays good if the RNG changes.
    let chance: Vec<u32> = record
        .chance
        .iter()
        .map(|&c| u32::try_from(c).unwrap_or(u32::MAX))
        .collect();
    let mut state = if chance.is_empty() {
        rules.start(record.seed)
    } else {
        crate::engine::State::scripted(&rules, &chance)
    };
    for (i, text) in record.moves.iter().enumerate() {
        if state.bad_script {
            break;
        }
        match rules.parse_move(&state, text) {
            Ok(m) => rules.play(&mut state, m),
            Err(e) => {
                return Err(Failure::problem(format!(
                    "error: move {} (`{text}`, {}) is not legal: {e}\nthe record is not a legal game of {}",
                    i + 1,
                    if state.is_over() { "after the game ended".to_string() } else { format!("{} to move", rules.seats[state.mover as usize]) },
                    rules.title
                )))
            }
        }
    }
    if !chance.is_empty() && (state.bad_script || state.chance != chance) {
        let used = state.chance.len().min(chance.len());
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
        } else if state.chance.len() > chance.len() {
            format!(
                "the game needs {} outcomes and the record lists {}",
                state.chance.len(),
                chance.len()
            )
        } else {
            format!(
                "the record lists {} outcomes and the game uses {used}",
                chance.len()
            )
        };
        return Err(Failure::problem(format!(
            "error: the record's chance outcomes do not fit its moves: {why}; the record was changed"
        )));
    }
    let mut replayed = record.clone();
    replayed.finish(&rules, &state);
    if args.show {
        println!(
            "{}\n{}",
            view::board(&rules, &state, color_stdout()),
            view::status(&rules, &state)
        );
    }
    if replayed.result != record.result {
        return Err(Failure::problem(format!(
            "error: the moves are legal, but the recorded result ({}) is not what they give ({})",
            describe(&record.result),
            describe(&replayed.result)
        )));
    }
    let ending = describe(&record.result);
    println!(
        "{}: {} moves replayed, all legal; result checked: {ending}",
        args.record,
        record.moves.len()
    );
    Ok(())
}

/// A result in words.
fn describe(result: &Option<ResultRecord>) -> String {
    match result {
        Some(r) => {
            let scores: Vec<String> = r.scores.iter().map(|s| s.to_string()).collect();
            match &r.winner {
                Some(w) => format!("{w} wins, {}", scores.join("-")),
                None => format!("a draw, {}", scores.join("-")),
            }
        }
        None => "an unfinished game".to_string(),
    }
}

/// The rules the record was written with: `--rules`, the file it names, or
/// the built-in default game (a `play` with no file records that).
fn rules_for(record: &Record, args: &Args) -> Result<(String, String), Failure> {
    let mismatch = |file: &str, text: &str, what: &str| {
        Failure::problem(format!(
            "error: `{file}` {what} (its hash is {}, the record's {})",
            rules_hash(text),
            record.rules_hash
        ))
    };
    if let Some(file) = &args.rules {
        let text = read(file)?;
        if rules_hash(&text) != record.rules_hash {
            return Err(mismatch(
                file,
                &text,
                "is not the rules file the record was written with",
            ));
        }
        return Ok((file.clone(), text));
    }
    let file = locate(&record.rules, &args.record);
    let on_disk = std::fs::read_to_string(&file).ok();
    if let Some(text) = &on_disk {
        if rules_hash(text) == record.rules_hash {
            return Ok((file, text.clone()));
        }
    }
    let (default_file, default_text) = super::load::DEFAULT_RULES;
    if rules_hash(default_text) == record.rules_hash {
        return Ok((default_file.to_string(), default_text.to_string()));
    }
    match on_disk {
        Some(text) => Err(mismatch(&file, &text, "has changed since the record was written; replay with the original rules (--rules FILE)")),
        None => Err(Failure::usage(format!("error: cannot read `{file}`, the rules the record names; pass --rules FILE"))),
    }
}

/// Finds the rules file: as written, or relative to the record's folder.
fn locate(rules: &str, record: &str) -> String {
    if Path::new(rules).exists() {
        return rules.to_string();
    }
    let beside = Path::new(record).parent().map(|p| p.join(rules));
    match beside {
        Some(p) if p.exists() => p.to_string_lossy().into_owned(),
        _ => rules.to_string(),
    }
}
