//! `tabula check`: diagnostics for rules files, and faults found by playing them.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::load::{color_stderr, read, text_of};
use super::{Failure, Format};
use crate::diagnostic::Diagnostic;
use crate::engine::{random_playout, Fault, FaultKind, State, MAX_MOVES};
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
        let mut played = None;
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
                        let found = faults(&rules, args.playouts, args.seed);
                        played = Some(found.games);
                        diagnostics.extend(found.found);
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
                println!("{}", summary(file, &diagnostics, played, args.playouts));
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

/// A file's line after its reports: `x.game: ok, 100 random games played`
/// (`played` of `asked` games, when the time limit cut them short).
fn summary(file: &str, diagnostics: &[Diagnostic], played: Option<u32>, asked: u32) -> String {
    let e = diagnostics.iter().filter(|d| d.is_error()).count();
    let w = diagnostics.len() - e;
    let played = match played.filter(|_| e == 0) {
        Some(n) if n == asked => format!(", {n} random games played"),
        Some(n) => format!(
            ", {n} of {asked} random games played (the time limit, {} s, ran out)",
            PLAYOUT_TIME.as_secs()
        ),
        None => String::new(),
    };
    // A folder's file names are anybody's: `a\x1b[2J.game`.
    let file = printable(file);
    if e == 0 && w == 0 {
        format!("{file}: ok{played}")
    } else {
        format!(
            "{file}: {} and {}{played}",
            plural(e, "error"),
            plural(w, "warning")
        )
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
        FaultKind::SlowListing => Diagnostic::SlowListing {
            secs: crate::engine::LIST_TIME.as_secs(),
            turn,
            seed,
            span,
        },
    }
}

/// The longest `check --playouts` plays one file's games: past it no game
/// is begun or continued, and the check says how many were played.
pub const PLAYOUT_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// What the random games of `check --playouts` found.
pub struct Played {
    /// The first fault of each kind, and a stalled or endless game.
    pub found: Vec<Diagnostic>,
    /// The games played to their end or to the turn bound.
    pub games: u32,
}

/// Whether a fault cut a position's listing short: more moves (R0005) or
/// more time (R0006) than the engine lists.
fn cut(kind: FaultKind) -> bool {
    matches!(kind, FaultKind::TooManyMoves | FaultKind::SlowListing)
}

/// Plays random games and reports the first fault of each kind, for at
/// most [`PLAYOUT_TIME`]; stops at the first position whose listing was
/// cut short (R0005, R0006: the next games would only take as long).
pub fn faults(rules: &Rules, games: u32, seed: u64) -> Played {
    let bound = turn_bound(rules);
    let started = std::time::Instant::now();
    let mut found = Vec::new();
    let (mut stalled, mut endless) = (false, false);
    let mut kinds = [false; 4];
    let mut buf = Vec::new();
    let mut played = 0;
    for i in 0..games {
        let game_seed = seed.wrapping_add(u64::from(i));
        let mut state = rules.start(game_seed);
        let mut rng = SmallRng::seed_from_u64(game_seed);
        let whole = play_within(rules, &mut state, &mut rng, bound, started);
        let slow = state.fault().is_some_and(|f| cut(f.kind));
        if let Some(fault) = state.fault() {
            // The first fault of each kind.
            let kind = fault.kind as usize;
            if !kinds[kind] {
                kinds[kind] = true;
                found.push(fault_diagnostic(fault, game_seed));
            }
        }
        if !whole || slow {
            break;
        }
        played += 1;
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
    Played {
        found,
        games: played,
    }
}

/// Plays a random game from `state` for at most `bound` moves, a few at a
/// time (the same draws as all at once), until it ends, stalls, finds a
/// position too slow to list, or [`PLAYOUT_TIME`] since `started` runs
/// out; false when the time ran out first.
fn play_within(
    rules: &Rules,
    state: &mut State,
    rng: &mut SmallRng,
    bound: u32,
    started: std::time::Instant,
) -> bool {
    let mut buf = Vec::new();
    let (mut left, mut chunk) = (bound, 1u32);
    while left > 0 && !state.is_over() {
        if started.elapsed() > PLAYOUT_TIME {
            return false;
        }
        let at = std::time::Instant::now();
        let n = chunk.min(left);
        let moved = random_playout(rules, state, &mut buf, rng, n);
        left -= n;
        if moved < n || state.fault().is_some_and(|f| cut(f.kind)) {
            break;
        }
        // Longer chunks while moves are quick; one move at a time when not.
        let quick = at.elapsed() < std::time::Duration::from_millis(20);
        chunk = if quick { (chunk * 2).min(256) } else { 1 };
    }
    true
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
