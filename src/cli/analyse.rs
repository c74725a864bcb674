//! `tabula analyse`: many games played and measured, per seat and overall,
//! with 95% confidence intervals; for each value of an option with
//! `--sweep`; as a table, JSON, or a page with plots (`--report`).

mod report;
mod table;
pub mod totals;
mod trace;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::check::turn_bound;
use super::load::{load_text, parse_sets, read, Loaded};
use super::simulate::players_rng::PlayersRng;
use super::simulate::progress::Progress;
use super::simulate::seating::Seating;
use super::simulate::shard::Shard;
use super::simulate::summary::{digest, Study};
use super::{Failure, Format};
use crate::ai::PlayerSpec;
use totals::{Measures, Totals};

/// The most games an analysis plays for one option value.
pub const MAX_GAMES: u32 = 1_000_000;

/// The most values one `--sweep` runs.
pub const MAX_VALUES: i64 = 64;

/// Arguments of `tabula analyse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules file.
    pub file: String,
    /// How many games to play (for each value of a swept option).
    #[arg(long, default_value_t = 500)]
    pub games: u32,
    /// Players, seed and options.
    #[command(flatten)]
    pub seating: Seating,
    /// Run the analysis for each value of an option: NAME=LOW..HIGH.
    #[arg(long, value_name = "OPTION=A..B")]
    pub sweep: Option<String>,
    /// Play only share K of N of the games (K from 1); `tabula merge`
    /// adds the shares' `--format json` analyses up.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Measure when each game was decided with this many random playouts
    /// from every position (the first from which the eventual winner wins
    /// 90% of them at every later one); 0: only for scored games, by the
    /// lead. Slow on long games: playouts times positions.
    #[arg(long, value_name = "PLAYOUTS", default_value_t = 0)]
    pub decisiveness: u32,
    /// Also write a page with plots, for a browser.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// A sweep in one table with each rate's 95% interval (140 columns for
    /// two seats) instead of tables that fit 80.
    #[arg(long)]
    pub wide: bool,
}

/// An analysis: what was asked, and what each option value's games showed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Analysis {
    /// The game's title.
    pub game: String,
    /// What was asked (the games are per value).
    pub study: Study,
    /// Seat names.
    pub seats: Vec<String>,
    /// Players per seat.
    pub players: Vec<String>,
    /// Whether the rules keep a score.
    pub scored: bool,
    /// The random playouts a position that measured decisiveness (0: by
    /// the lead, in scored games).
    #[serde(default)]
    pub decisiveness_playouts: u32,
    /// The option swept, if any.
    pub sweep: Option<String>,
    /// The results, one per option value (one with no value without a sweep).
    pub values: Vec<ValueResult>,
    /// The values of the sweep at which the rules do not fit, not played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
    /// Each end rule's condition as written, in the rules' order (for the
    /// plot of which ended the games).
    #[serde(default)]
    pub end_rules: Vec<String>,
}

/// A value of the sweep not played, and why.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    /// The value.
    pub value: i64,
    /// Its error, in a line.
    pub error: String,
}

/// One option value's games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ValueResult {
    /// The swept option's value.
    pub value: Option<i64>,
    /// The seats at this value (an option may change them).
    pub seats: Vec<String>,
    /// The exact counts.
    pub totals: Totals,
    /// The measures derived from them.
    pub measures: Measures,
}

impl Analysis {
    /// Whether decisiveness was measured (by playouts, or by the lead).
    pub fn measures_decisiveness(&self) -> bool {
        self.scored || self.decisiveness_playouts > 0
    }

    /// Derives every value's measures from its totals again.
    pub fn derive(&mut self) {
        let (scored, decisive) = (self.scored, self.measures_decisiveness());
        for v in &mut self.values {
            v.measures = v.totals.measures(scored, decisive);
        }
    }
}

/// Runs `tabula analyse`.
pub fn run(args: Args) -> Result<(), Failure> {
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Failure::usage(format!(
            "error: --games must be from 1 to {MAX_GAMES}"
        )));
    }
    let sweep = args.sweep.as_deref().map(parse_sweep).transpose()?;
    // A page that cannot be written is said before the games are played.
    if let Some(path) = &args.report {
        crate::record::check_writable(std::path::Path::new(path))
            .map_err(|e| Failure::usage(format!("error: cannot write `{path}`: {e}")))?;
    }
    if let Some(shard) = args.shard {
        shard.check(args.games)?;
    }
    let share = args.shard.map_or(0..args.games, |s| s.games(args.games));
    let values: Vec<Option<i64>> = match &sweep {
        Some((_, low, high)) => (*low..=*high).map(Some).collect(),
        None => vec![None],
    };
    let text = read(&args.file)?;
    // What is wrong at every value is said once, not once a value.
    parse_sets(&args.seating.sets)?;
    if crate::check::check(&text).has_errors() {
        load_text(args.file.clone(), text.clone(), &[])?;
    }
    let mut analysis: Option<Analysis> = None;
    let mut skipped = Vec::new();
    for value in values {
        let played = play_value(&args, &text, &sweep, value, share.clone());
        let (loaded, specs, totals) = match (played, &sweep, value) {
            (Ok(played), _, _) => played,
            // A value that does not fit is said, and the sweep goes on.
            (Err(f), Some((name, _, _)), Some(value)) => {
                eprintln!("{}", f.message.trim_end());
                let name = crate::report::printable(name);
                eprintln!("{name} = {value}: not played; the sweep goes on.\n");
                skipped.push(Skipped {
                    value,
                    error: table::gist(&f.message),
                });
                continue;
            }
            (Err(f), _, _) => return Err(f),
        };
        let a = analysis
            .get_or_insert_with(|| new_analysis(&args, &loaded, &specs, &sweep, share.start));
        let measures = totals.measures(a.scored, a.measures_decisiveness());
        a.values.push(ValueResult {
            value,
            seats: loaded.rules.seats.clone(),
            totals,
            measures,
        });
    }
    let Some(mut analysis) = analysis else {
        return Err(Failure::usage(
            "error: no value of the sweep could be played (each one's error is above)",
        ));
    };
    analysis.skipped = skipped;
    if let Some(path) = &args.report {
        let page = report::page(&analysis);
        crate::record::write_atomically(std::path::Path::new(path), &page)
            .map_err(|e| Failure::usage(format!("error: cannot write `{path}`: {e}")))?;
    }
    print(&analysis, args.format, args.wide);
    Ok(())
}

/// An analysis with no value yet, of the rules and players of its first value.
fn new_analysis(
    args: &Args,
    loaded: &Loaded,
    specs: &[PlayerSpec],
    sweep: &Option<(String, i64, i64)>,
    first: u32,
) -> Analysis {
    Analysis {
        game: loaded.rules.title.clone(),
        study: Study {
            rules: digest(&loaded.text),
            options: args.seating.sets.clone(),
            start: String::new(),
            seed: args.seating.seed,
            seeds: args.seating.seeds,
            games: args.games,
            players_rng: PlayersRng::SmallRng,
            shard: args.shard.map(|s| [s.k, s.of]),
            first,
        },
        seats: loaded.rules.seats.clone(),
        players: specs.iter().map(|s| s.to_string()).collect(),
        scored: loaded.rules.score.is_some(),
        decisiveness_playouts: args.decisiveness,
        sweep: sweep.as_ref().map(|s| s.0.clone()),
        values: Vec::new(),
        skipped: Vec::new(),
        end_rules: loaded
            .rules
            .ends
            .iter()
            .map(|end| {
                let text = loaded.text.get(end.span.start..end.span.end).unwrap_or("");
                let words: Vec<&str> = text.split_whitespace().collect();
                let line = words.join(" ");
                match line.char_indices().nth(48) {
                    Some((cut, _)) => format!("{}...", &line[..cut]),
                    None => line,
                }
            })
            .collect(),
    }
}

/// Loads the rules at one value of the sweep (or with no sweep) and plays
/// its share of games: the rules, the players and the totals.
fn play_value(
    args: &Args,
    text: &str,
    sweep: &Option<(String, i64, i64)>,
    value: Option<i64>,
    share: std::ops::Range<u32>,
) -> Result<(Loaded, Vec<PlayerSpec>, Totals), Failure> {
    let mut sets = args.seating.sets.clone();
    if let (Some((name, _, _)), Some(v)) = (sweep, value) {
        sets.push(format!("{name}={v}"));
    }
    let loaded = load_text(args.file.clone(), text.to_string(), &sets)?;
    let specs = args.seating.specs(loaded.rules.seats.len(), "analyse")?;
    // MCTS games take long: a progress line from the start, as `simulate` shows.
    let slow = specs.iter().any(|s| *s != PlayerSpec::Random) || args.decisiveness > 0;
    let progress = Progress::new(share.len() as u32, slow && args.format == Format::Human);
    let totals = play_share(
        &loaded,
        &specs,
        &args.seating,
        share,
        args.decisiveness,
        &progress,
    );
    progress.finish();
    Ok((loaded, specs, totals))
}

/// Prints an analysis for people (`wide`: a sweep's intervals in one wide
/// table) or tools.
pub fn print(analysis: &Analysis, format: Format, wide: bool) {
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(analysis).expect("an analysis serialises")
        ),
        // Names come from rules files, --sweep and merged shards.
        Format::Human => print!(
            "{}",
            crate::report::printable_lines(&table::render(analysis, wide))
        ),
    }
}

/// `NAME=LOW..HIGH`.
fn parse_sweep(text: &str) -> Result<(String, i64, i64), Failure> {
    let usage = || {
        Failure::usage(format!(
            "error: `--sweep {text}`: expected OPTION=LOW..HIGH, at most {MAX_VALUES} values (e.g. size=4..8)"
        ))
    };
    let (name, range) = text.split_once('=').ok_or_else(usage)?;
    let (low, high) = range.split_once("..").ok_or_else(usage)?;
    let (low, high): (i64, i64) = (
        low.trim().parse().map_err(|_| usage())?,
        high.trim().parse().map_err(|_| usage())?,
    );
    if name.trim().is_empty() || low > high || high - low >= MAX_VALUES {
        return Err(usage());
    }
    Ok((name.trim().to_string(), low, high))
}

/// Plays the games `share` (each with its seed from `seating`) in parallel
/// and counts them.
fn play_share(
    loaded: &Loaded,
    specs: &[PlayerSpec],
    seating: &Seating,
    share: std::ops::Range<u32>,
    playouts: u32,
    progress: &Progress,
) -> Totals {
    let rules = &loaded.rules;
    let bound = turn_bound(rules);
    share
        .into_par_iter()
        .map_init(
            || rules.start(0),
            |state, i| {
                let seed = seating.game_seed(i);
                state.reset(rules, seed);
                let trace = trace::play(rules, state, specs, seed, bound, playouts);
                progress.moves(u64::from(trace.length));
                progress.games(1);
                trace
            },
        )
        .fold(
            || Totals::new(rules.seats.len()),
            |mut t, trace| {
                t.count(&trace);
                t
            },
        )
        .reduce(
            || Totals::new(rules.seats.len()),
            |mut a, b| {
                // The games of one run: bounded counts, far below the limits.
                let fitted = a.add(&b);
                debug_assert!(fitted, "one run's totals overflowed");
                a
            },
        )
}
