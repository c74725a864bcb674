//! `tabula moves`: a position, whose turn it is, and its legal moves.

use super::load::color_stdout;
use super::position::{open, PositionArgs};
use super::view::{self, Hands};
use super::{Failure, Format};
use crate::engine::{FaultKind, Outcome, LIST_TIME, MAX_MOVES};

/// Arguments of `tabula moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules file (default: Hex Fours, built in, as `play` has; with
    /// --from: the record's, if left out).
    pub file: Option<String>,
    /// The seed of the chance drawn on the way (with --moves).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Set an option: NAME=VALUE (repeatable; not with --from).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

/// A key that orders numbers inside text by value: runs of digits become
/// numbers, the rest stays text.
pub(crate) fn natural_key(text: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut word = String::new();
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            if !digits.is_empty() {
                key.push((
                    std::mem::take(&mut word),
                    digits.parse().unwrap_or(u64::MAX),
                ));
                digits.clear();
            }
            word.push(c);
        }
    }
    key.push((word, digits.parse().unwrap_or(0)));
    key
}

/// The machine-readable answer.
#[derive(serde::Serialize)]
struct Answer {
    to_move: String,
    /// Empty when `sealed`.
    moves: Vec<String>,
    /// A record of a game with hidden cards still being played: no moves listed.
    sealed: bool,
    over: bool,
    result: Option<String>,
}

/// Runs `tabula moves`.
pub fn run(args: Args) -> Result<(), Failure> {
    let start = open(args.file.as_deref(), &args.sets, args.seed, &args.position)?;
    let rules = &start.loaded.rules;
    let state = &start.state;
    let listed = rules.sorted_moves(state);
    // A cut of this position's listing (an earlier position's is not this one's).
    match state
        .fault()
        .filter(|f| f.turn == state.turn)
        .map(|f| f.kind)
    {
        Some(FaultKind::TooManyMoves) => {
            return Err(Failure::problem(format!(
                "error[R0005]: this position has more than {MAX_MOVES} moves, too many to list; \
                 narrow the move rules (a `where` condition, lower stacks, fewer steps)"
            )))
        }
        Some(FaultKind::SlowListing) => {
            return Err(Failure::problem(format!(
                "error[R0006]: this position's moves took more than {} s to list; \
                 narrow the move rules (a `where` condition, fewer steps, fewer seats)",
                LIST_TIME.as_secs()
            )))
        }
        _ => {}
    }
    let mut moves: Vec<String> = listed.into_iter().map(|m| rules.move_text(m)).collect();
    // As people read them: `a2` before `a10`, `2+5` before `10`.
    moves.sort_by_cached_key(|m| natural_key(m));
    let result = state.outcome.map(|o| match o {
        Outcome::Win(s) => crate::cli::view::winners(rules, s as usize),
        Outcome::Draw => "draw".to_string(),
    });
    let to_move = rules.seats[state.mover as usize].clone();
    match args.format {
        Format::Json => {
            let moves = if start.sealed { Vec::new() } else { moves };
            let answer = Answer {
                to_move,
                moves,
                sealed: start.sealed,
                over: state.is_over(),
                result,
            };
            println!("{}", serde_json::to_string(&answer).expect("serialises"));
        }
        Format::Human if start.sealed => {
            // A game still being played: no hand, and no moves.
            let withheld = start.moves_withheld().unwrap_or_default();
            println!("{}", view::board(rules, state, color_stdout()));
            println!("{}", view::status_with(rules, state, Hands::Hidden));
            println!(
                "{}. They are listed once the game is over.",
                view::capitalised(&withheld)
            );
        }
        Format::Human => {
            // The mover's own view: another seat's hidden cards stay hidden.
            let shown = Hands::Of(state.mover);
            println!("{}", view::board(rules, state, color_stdout()));
            println!("{}", view::status_with(rules, state, shown));
            match result {
                Some(r) => {
                    println!("The game is over: {r}.");
                    if let Some(how) = view::ending(rules, state, &start.loaded.text) {
                        println!("{}", view::fit(&how));
                    }
                }
                None => {
                    println!("{to_move} to move; {} legal moves:", moves.len());
                    for m in &moves {
                        println!("{m}");
                    }
                }
            }
        }
    }
    Ok(())
}
