//! `tabula replay`: re-checking a record move by move, and its result.

use super::load::color_stdout;
use super::position;
use super::view;
use super::Failure;
use crate::record::ResultRecord;
use crate::report::printable;

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
    let record = position::read_record(&args.record)?;
    let (file, text) = position::record_rules(&record, &args.record, args.rules.as_deref())?;
    let used = file.clone();
    let rules = position::load_record_rules(&record, &args.record, file, text)?.rules;
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
    let mut state = position::replayed_start(&rules, &record);
    position::play_moves(&rules, &mut state, &record.moves, &args.record).map_err(|e| {
        Failure::problem(format!(
            "{}\nthe record is not a legal game of {}",
            e.message, rules.title
        ))
    })?;
    position::check_chance(&state, &record, true)?;
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
            "error: the moves are legal, but the recorded result ({}) is not what they give ({}){}",
            describe(&rules, &record.result),
            describe(&rules, &replayed.result),
            difference(&rules, &record.result, &replayed.result)
        )));
    }
    let mut ending = describe(&rules, &record.result);
    if rules.score.is_none() {
        // Scores mean nothing in a game without them: every seat has 0.
        ending = ending.split(", ").next().unwrap_or_default().to_string();
    }
    println!(
        "{}: {} moves replayed against {}, all legal; result checked: {ending}",
        printable(&args.record),
        record.moves.len(),
        printable(&used)
    );
    Ok(())
}

/// Where two finished results differ, in words: in a team game the two
/// may read alike (`Yellow and Blue win`) though the record names another
/// seat of the team than the one the end rule names.
fn difference(
    rules: &crate::ir::Rules,
    recorded: &Option<ResultRecord>,
    replayed: &Option<ResultRecord>,
) -> String {
    let (Some(recorded), Some(replayed)) = (recorded, replayed) else {
        return String::new();
    };
    let name = |w: &Option<String>| {
        w.as_deref().map_or("no winner (a draw)".to_string(), |w| {
            format!("`{}`", printable(w))
        })
    };
    let mut parts = Vec::new();
    if recorded.winner != replayed.winner {
        parts.push(format!(
            "the record's winner is {}, the moves' {} (the seat the end rule names, \
             whose team wins with it)",
            name(&recorded.winner),
            name(&replayed.winner)
        ));
    }
    for (seat, name) in rules.seats.iter().enumerate() {
        let (was, is) = (recorded.scores.get(seat), replayed.scores.get(seat));
        if was != is {
            let shown = |s: Option<&i32>| s.map_or("none".to_string(), i32::to_string);
            parts.push(format!(
                "{name}'s score is {} in the record, {} by the moves",
                shown(was),
                shown(is)
            ));
        }
    }
    if recorded.scores.len() > rules.seats.len() {
        parts.push(format!(
            "the record has {} scores for {} seats",
            recorded.scores.len(),
            rules.seats.len()
        ));
    }
    match parts.is_empty() {
        true => String::new(),
        false => format!(":\n  {}", parts.join("\n  ")),
    }
}

/// A result in words.
fn describe(rules: &crate::ir::Rules, result: &Option<ResultRecord>) -> String {
    match result {
        Some(r) => {
            let scores: Vec<String> = r.scores.iter().map(|s| s.to_string()).collect();
            match &r.winner {
                // With teams, the winner's whole team.
                Some(w) => match rules.seats.iter().position(|s| s == w) {
                    // The winner's score first, as `play` says it.
                    Some(seat) if seat < scores.len() => {
                        let mut first = scores.clone();
                        let won = first.remove(seat);
                        first.insert(0, won);
                        format!("{}, {}", view::winners(rules, seat), first.join("-"))
                    }
                    Some(seat) => format!("{}, {}", view::winners(rules, seat), scores.join("-")),
                    None => format!("{} wins, {}", printable(w), scores.join("-")),
                },
                None => format!("a draw, {}", scores.join("-")),
            }
        }
        None => "an unfinished game".to_string(),
    }
}
