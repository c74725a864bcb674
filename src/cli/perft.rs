//! `tabula perft`: positions reachable by legal moves, depth by depth.

use super::{Failure, Format};
use crate::engine::{perft, perft_bulk};

/// Arguments of `tabula perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules file (with --from: the record's, if left out).
    pub file: Option<String>,
    /// The deepest depth to count.
    #[arg(long)]
    pub depth: usize,
    /// The seed for any chance in the set-up.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Set an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// Count the last depth in bulk, as chess perft programs do: its
    /// positions are the moves listed, not played, so its terminal
    /// positions are not counted (not for games with dice).
    #[arg(long)]
    pub bulk: bool,
    /// Where to count from (default: the start).
    #[command(flatten)]
    pub position: super::position::PositionArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

/// Runs `tabula perft`.
pub fn run(args: Args) -> Result<(), Failure> {
    if args.depth == 0 || args.depth > 64 {
        return Err(Failure::usage("error: --depth must be from 1 to 64"));
    }
    if args.file.is_none() && args.position.from.is_none() {
        return Err(Failure::usage(
            "error: name the rules file, or a record with --from",
        ));
    }
    let opened =
        super::position::open(args.file.as_deref(), &args.sets, args.seed, &args.position)?;
    if let Some(withheld) = opened.moves_withheld() {
        // As `tabula moves` lists none: a count tells a hand too.
        return Err(Failure::usage(format!(
            "error: {withheld}; they are counted once the game is over"
        )));
    }
    let (loaded, start) = (opened.loaded, opened.state);
    let time = std::time::Instant::now();
    let counts = match args.bulk {
        false => perft(&loaded.rules, &start, args.depth),
        true => perft_bulk(&loaded.rules, &start, args.depth).ok_or_else(|| {
            Failure::usage(
                "error: --bulk counts the last depth's moves without playing them, \
                 but with dice each throw after a move is a position: leave out --bulk",
            )
        })?,
    };
    let secs = time.elapsed().as_secs_f64();
    if let Some(fault) = counts.cut {
        // A listing cut short: the counts would be wrong.
        let what = match fault.kind {
            crate::engine::FaultKind::SlowListing => format!(
                "error[R0006]: a position at turn {} took more than {} s to list its moves",
                fault.turn,
                crate::engine::LIST_TIME.as_secs()
            ),
            _ => format!(
                "error[R0005]: a position at turn {} has more than {} moves, too many to list",
                fault.turn,
                crate::engine::MAX_MOVES
            ),
        };
        return Err(Failure::problem(format!(
            "{what}; no count is given (narrow the move rules: a `where` condition, fewer steps)"
        )));
    }
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string(&counts).expect("counts serialise")
        ),
        Format::Human => {
            println!("{:>5}  {:>14}  {:>14}", "depth", "positions", "terminal");
            for d in 0..args.depth {
                // A depth counted in bulk has no terminal count.
                let terminal = counts.terminal.get(d).map_or("-".into(), u64::to_string);
                println!("{:>5}  {:>14}  {:>14}", d + 1, counts.nodes[d], terminal);
            }
            println!(
                "complete games (terminal positions up to depth {}): {}",
                counts.terminal.len(),
                counts.games
            );
            let total: u64 = counts.nodes.iter().sum();
            println!(
                "{} positions in {:.2} s ({} positions/s)",
                total,
                secs,
                super::view::rounded(total as f64 / secs.max(1e-9))
            );
        }
    }
    Ok(())
}
