//! The command line: `tabula check | play | engine | simulate | analyse | merge | perft | replay | moves | explain | lsp`.
//!
//! Exit status: 0 success, 1 problems found (errors in a rules file, a record
//! that does not replay), 2 usage errors (bad options, unreadable files);
//! `play` also 3 (the game left unfinished) and 4 (input that is not a
//! terminal had lines refused).

mod analyse;
mod check;
mod engine;
mod explain;
pub(crate) mod load;
mod merge;
pub(crate) mod moves;
mod perft;
mod play;
pub mod position;
mod replay;
mod rules_path;
mod simulate;
pub mod view;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::report::printable_lines;

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
    #[command(
        after_help = "At the prompt: a move, `help`, `hint` (the AI's move for you), \
        `undo`, `board`, `quit`.\n\n\
        Exit status: 0 the game ended (won, drawn, or stopped at the rules' turn limit); \
        3 left unfinished (quit, Ctrl-C, end of input); 4 input that is not a terminal \
        had lines refused (an illegal move, an unknown command); 1 a rules file with \
        errors, or a game stuck with no legal move; 2 usage errors."
    )]
    Play(play::Args),
    /// Serve Tabula's AI to other programs: JSON requests a line on
    /// standard input, a JSON reply a line on standard output
    /// (docs/engine.md).
    Engine(engine::Args),
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
    /// 1 for problems found, 2 for usage errors; `play`'s 3 and 4.
    pub status: u8,
    /// What to print (already formatted and safe for a terminal; may be
    /// empty when already printed).
    pub message: String,
}

impl Failure {
    /// A usage error (exit status 2).
    pub fn usage(message: impl Into<String>) -> Self {
        Self::rendered(2, printable_lines(&message.into()))
    }

    /// A problem found (exit status 1).
    pub fn problem(message: impl Into<String>) -> Self {
        Self::rendered(1, printable_lines(&message.into()))
    }

    /// A failure whose message is already safe for a terminal: made of
    /// escaped parts and reports from [`crate::report`], whose colours stay.
    /// [`Failure::usage`] and [`Failure::problem`] escape what they are
    /// given, since messages quote file names, options and moves as typed.
    pub fn rendered(status: u8, message: String) -> Self {
        Failure { status, message }
    }
}

/// Parses the arguments, runs the command, and returns the exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::Play(args) => play::run(args),
        Command::Engine(args) => engine::run(args),
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

/// Prints what clap says of the arguments. Clap quotes the value it
/// refuses, so when an argument holds a control character the error is
/// made again from the arguments escaped, and printed without colour.
fn usage_error(e: clap::Error) -> ExitCode {
    let status = if e.use_stderr() { 2 } else { 0 };
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let escaped: Vec<String> = args.iter().map(|a| printable_lines(a)).collect();
    if escaped != args {
        let e = Cli::try_parse_from(escaped).err().unwrap_or(e);
        let text = printable_lines(&e.render().to_string());
        if e.use_stderr() {
            eprint!("{text}");
        } else {
            print!("{text}");
        }
    } else {
        let _ = e.print();
    }
    ExitCode::from(status)
}
