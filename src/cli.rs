//! The command line: `tabula check | play | simulate | analyse | merge | perft | replay | moves | explain | lsp`.
//!
//! Exit status: 0 success, 1 problems found (errors in a rules file, a record
//! that does not replay), 2 usage errors (bad options, unreadable files).

mod analyse;
mod check;
mod explain;
pub(crate) mod load;
mod merge;
mod moves;
mod perft;
mod play;
pub mod position;
mod replay;
mod rules_path;
mod simulate;
pub mod view;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// The command-line interface.
#[derive(Parser, Debug)]
#[command(
    name = "tabula",
    version,
    about = "A general game-rules interpreter: check, play and simulate rules files."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// For people.
    #[default]
    Human,
    /// For tools.
    Json,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check rules files and report every mistake.
    Check(check::Args),
    /// Play a game at the terminal (no FILE: Hex Fours against the AI).
    Play(play::Args),
    /// Play many games and print statistics.
    Simulate(simulate::Args),
    /// Play many games and measure them, with confidence intervals, per
    /// option value with --sweep; a page with plots with --report.
    Analyse(analyse::Args),
    /// Add up the summaries of a study's shards (`simulate` or `analyse` with `--shard K/N --format json`).
    Merge(merge::Args),
    /// Count the positions reachable by legal moves, depth by depth.
    Perft(perft::Args),
    /// Re-check a game record move by move.
    Replay(replay::Args),
    /// Show a position and list its legal moves.
    Moves(moves::Args),
    /// Say what a diagnostic code means, with an example: `tabula explain E0002`.
    Explain(explain::Args),
    /// Serve an editor over standard input and output (the Language Server
    /// Protocol): diagnostics as you type, hover, go to definition, find
    /// references, completion.
    Lsp,
}

/// A failure the command reports before exiting with the given status.
#[derive(Debug)]
pub struct Failure {
    /// 1 for problems found, 2 for usage errors.
    pub status: u8,
    /// What to print (already formatted; may be empty when already printed).
    pub message: String,
}

impl Failure {
    /// A usage error (exit status 2).
    pub fn usage(message: impl Into<String>) -> Self {
        Failure {
            status: 2,
            message: message.into(),
        }
    }

    /// A problem found (exit status 1).
    pub fn problem(message: impl Into<String>) -> Self {
        Failure {
            status: 1,
            message: message.into(),
        }
    }
}

/// Parses the arguments, runs the command, and returns the exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::Play(args) => play::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Lsp => crate::lsp::run().map_err(|e| Failure::problem(format!("tabula lsp: {e}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            if !f.message.is_empty() {
                eprintln!("{}", f.message.trim_end());
            }
            ExitCode::from(f.status)
        }
    }
}
