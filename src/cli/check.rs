//! `tabula check`: diagnostics for rules files, and faults found by playing them.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::load::{color_stderr, read, text_of};
use super::{Failure, Format};
use crate::diagnostic::Diagnostic;
use crate::engine::{random_playout, Fault, FaultKind, MAX_MOVES};
use crate::ir::Rules;
use crate::report::{printable, render_human, render_plain, to_json};

/// Arguments of `tabula check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules files to check (a folder: every `.game` file in it; `-`:
    /// standard input).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Also play this many random games to find faults that only running shows.
    #[arg(long, default_value_t = 0)]
    pub playouts: u32,
    /// The seed of the first random game (game i uses seed + i).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print what each file compiles to: its phases, rules and steps as the
    /// engine runs them, the specialising passes that fired and the plan.
    #[arg(long)]
    pub ir: bool,
    /// The specialising passes allowed: `all`, `none`, a list of names
    /// (`relocation,random-draw`) or a list of names to leave out
    /// (`-playout-loop`). With `none` the engine runs its general paths only.
    #[arg(long, default_value = "all")]
    pub passes: String,
    /// Set an option for compiling (and --playouts): NAME=VALUE.
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub set: Vec<String>,
}

/// Runs `tabula check`.
pub fn run(args: Args) -> Result<(), Failure> {
    let mut all_json = Vec::new();
    let mut errors = 0;
    // The code of the first report, for the closing hint.
    let mut first_code: Option<String> = None;
    let passes = crate::compile::Passes::parse(&args.passes)
        .map_err(|e| Failure::usage(format!("error: `--passes {}`: {e}", args.passes)))?;
    let sets = super::load::parse_sets(&args.set)?;
    let files = files(&args.files)?;
    for file in &files {
        let (file, text) = if file == "-" {
            let name = "standard input";
            (name, text_of(name, std::io::stdin().lock())?)
        } else {
            (file.as_str(), read(file)?)
        };
        let checked = crate::check::check(&text);
        let mut diagnostics = checked.diagnostics;
        // The rules are compiled with their default options too: what only
        // compiling finds (a definition that expands too far, a value out of
        // bounds) is reported with the rest.
        let mut played = false;
        if let Some(program) = &checked.program {
            match crate::compile::compile_with(program, &sets, passes) {
                Ok(rules) => {
                    if args.ir {
                        if files.len() > 1 {
                            println!("// {}", printable(file));
                        }
                        print!("{}", crate::ir::print::program_text(&rules));
                    }
                    if args.playouts > 0 {
                        played = true;
                        diagnostics.extend(faults(&rules, args.playouts, args.seed));
                    }
                }
                Err(crate::compile::CompileError::Invalid(d)) => diagnostics.push(*d),
                Err(e) => return Err(Failure::rendered(1, render_plain(e, file, &text))),
            }
        }
        errors += diagnostics.iter().filter(|d| d.is_error()).count();
        let code = diagnostics.first().and_then(miette::Diagnostic::code);
        first_code = first_code.or_else(|| code.map(|c| c.to_string()));
        match args.format {
            Format::Json => all_json.extend(to_json(&diagnostics, file, &text)),
            Format::Human => {
                eprint!(
                    "{}",
                    render_human(&diagnostics, file, &text, color_stderr())
                );
                let (e, w) = (
                    diagnostics.iter().filter(|d| d.is_error()).count(),
                    diagnostics.iter().filter(|d| !d.is_error()).count(),
                );
                let played = if played && e == 0 {
                    format!(", {} random games played", args.playouts)
                } else {
                    String::new()
                };
                // A folder's file names are anybody's: `a\x1b[2J.game`.
                let file = printable(file);
                if e == 0 && w == 0 {
                    println!("{file}: ok{played}");
                } else {
                    println!(
                        "{file}: {} and {}{played}",
                        plural(e, "error"),
                        plural(w, "warning")
                    );
                }
            }
        }
    }
    if let (Some(code), Format::Human) = (first_code, args.format) {
        eprintln!("For more about a code, with an example, try `tabula explain {code}`.");
    }
    if args.format == Format::Json {
        println!(
            "{}",
            serde_json::to_string_pretty(&all_json).expect("diagnostics serialise")
        );
    }
    if errors > 0 {
        Err(Failure::problem(""))
    } else {
        Ok(())
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The files named: a folder stands for the `.game` files in it, by name.
fn files(named: &[String]) -> Result<Vec<String>, Failure> {
    let mut files = Vec::new();
    for name in named {
        let path = std::path::Path::new(name);
        if !path.is_dir() {
            files.push(name.clone());
            continue;
        }
        let entries = std::fs::read_dir(path)
            .map_err(|e| Failure::usage(format!("error: cannot read the folder `{name}`: {e}")))?;
        let mut games: Vec<String> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "game") && p.is_file())
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if games.is_empty() {
            return Err(Failure::usage(format!(
                "error: the folder `{name}` holds no `.game` file"
            )));
        }
        games.sort();
        files.extend(games);
    }
    Ok(files)
}

/// The diagnostic of a fault found in the game played from `seed`.
fn fault_diagnostic(fault: Fault, seed: u64) -> Diagnostic {
    let (turn, span) = (fault.turn, fault.span.into());
    match fault.kind {
        FaultKind::DivisionByZero => Diagnostic::DivisionByZero { turn, seed, span },
        FaultKind::Overflow => Diagnostic::Overflow { turn, seed, span },
        FaultKind::TooManyMoves => Diagnostic::TooManyMoves {
            max: MAX_MOVES,
            turn,
            seed,
            span,
        },
    }
}

/// Plays random games and reports the first fault of each kind.
pub fn faults(rules: &Rules, games: u32, seed: u64) -> Vec<Diagnostic> {
    let bound = turn_bound(rules);
    let mut found = Vec::new();
    let (mut stalled, mut endless) = (false, false);
    let mut kinds = [false; 3];
    let mut buf = Vec::new();
    for i in 0..games {
        let game_seed = seed.wrapping_add(u64::from(i));
        let mut state = rules.start(game_seed);
        let mut rng = SmallRng::seed_from_u64(game_seed);
        random_playout(rules, &mut state, &mut buf, &mut rng, bound);
        if let Some(fault) = state.fault() {
            // The first fault of each kind.
            let kind = fault.kind as usize;
            if !kinds[kind] {
                kinds[kind] = true;
                found.push(fault_diagnostic(fault, game_seed));
            }
        }
        if state.is_over() {
            continue;
        }
        rules.legal_moves(&state, &mut buf);
        if buf.is_empty() && !stalled {
            stalled = true;
            let phase = &rules.phases[state.phase as usize];
            found.push(Diagnostic::NoLegalMove {
                seat: rules.seats[state.mover as usize].clone(),
                turn: state.turn,
                seed: game_seed,
                span: phase.span.into(),
            });
        } else if !buf.is_empty() && !endless && rules.turn_limit == 0 {
            // A game stopped by the rules' own `limit` is what they asked for.
            endless = true;
            let span = rules.ends.first().map(|e| e.span).unwrap_or_default();
            found.push(Diagnostic::Endless {
                bound,
                seed: game_seed,
                span: span.into(),
            });
        }
    }
    found
}

/// How many turns a game may take before it counts as endless.
pub fn turn_bound(rules: &Rules) -> u32 {
    // The rules' own limit (`limit N turns`): a game that reaches it is unfinished.
    if rules.turn_limit > 0 {
        return rules.turn_limit;
    }
    // Placement games fill the board; allow generously more for games with
    // other ends, and most for races, whose movers go round and round.
    let least = if rules.track.is_some() { 10_000 } else { 1000 };
    (rules.geometry.cell_count() as u32)
        .saturating_mul(10)
        .max(least)
}
