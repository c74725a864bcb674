//! `tabula replay`: re-checking a record move by move, and its result.

use std::path::Path;

use super::load::{color_stdout, read};
use super::view;
use super::Failure;
use crate::record::{rules_hash, Record, FORMAT};

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
    let rules_file = args
        .rules
        .clone()
        .unwrap_or_else(|| locate(&record.rules, &args.record));
    let rules_text = read(&rules_file)?;
    if rules_hash(&rules_text) != record.rules_hash {
        return Err(Failure::problem(format!(
            "error: `{rules_file}` has changed since the record was written (hash {} instead of {}); replay with the original rules, or pass --rules FILE",
            rules_hash(&rules_text),
            record.rules_hash
        )));
    }
    let sets: Vec<String> = record
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let rules = super::load::load(Some(&rules_file), &sets)?.rules;
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
    let mut state = rules.start(record.seed);
    for (i, text) in record.moves.iter().enumerate() {
        match rules.parse_move(&state, text) {
            Ok(m) => rules.play(&mut state, m),
            Err(e) => {
                return Err(Failure::problem(format!(
                    "error: move {} (`{text}`, {} to move) is not legal: {e}\nthe record is not a legal game of {}",
                    i + 1,
                    rules.seats[state.mover as usize],
                    rules.title
                )))
            }
        }
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
            "error: the moves are legal, but the recorded result {:?} is not what they give: {:?}",
            record.result, replayed.result
        )));
    }
    let ending = match &record.result {
        Some(r) => match &r.winner {
            Some(w) => format!("{w} wins, scores {:?}", r.scores),
            None => format!("a draw, scores {:?}", r.scores),
        },
        None => "unfinished".to_string(),
    };
    println!(
        "{}: {} moves replayed, all legal; result checked: {ending}",
        args.record,
        record.moves.len()
    );
    Ok(())
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
