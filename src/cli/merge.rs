//! `tabula merge`: the summaries of a study's shards (`simulate --shard
//! K/N --format json`, or `analyse`'s), added up into the summary of the
//! whole study, exactly as one run over all its games would print it.

use std::io::Read;

use serde::de::DeserializeOwned;

use super::analyse::totals::Sum;
use super::analyse::{self, Analysis};
use super::simulate::shard::Shard;
use super::simulate::summary::{print_summary, Study, Summary};
use super::{Failure, Format};

/// The largest summary file read: a summary is a few kilobytes.
const MAX_SUMMARY: u64 = 1 << 20;

/// Arguments of `tabula merge`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shards' summaries (`tabula simulate --shard K/N --format json`),
    /// one of each share.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// A sweep's analysis in one wide table with the intervals (as
    /// `tabula analyse --wide`).
    #[arg(long)]
    pub wide: bool,
}

/// A share of a study that merges with the others of its study.
pub trait Share: Clone {
    /// What was asked.
    fn study(&self) -> &Study;
    /// What must be the same in every share besides the study: the game,
    /// its seats, the players (and the swept values).
    fn identity(&self) -> String;
    /// The games this share played (for each value of a sweep).
    fn played(&self) -> Vec<u32>;
    /// Whether its counts are one per seat, as written (a changed file's
    /// may not be).
    fn consistent(&self) -> bool;
    /// Adds another share of the same study; `false` when a total would
    /// pass its integer's range.
    fn add(&mut self, other: &Self) -> bool;
    /// Marks the sum as the whole study and derives its means again.
    fn finish(&mut self);
}

impl Share for Summary {
    fn study(&self) -> &Study {
        &self.study
    }
    fn identity(&self) -> String {
        format!(
            "{:?}",
            (&self.game, &self.seats, &self.players, self.wins.len())
        )
    }
    fn played(&self) -> Vec<u32> {
        vec![self.games]
    }
    fn consistent(&self) -> bool {
        let seats = self.seats.len();
        self.wins.len() == seats && self.players.len() == seats && self.score_totals.len() == seats
    }
    fn add(&mut self, s: &Self) -> bool {
        let mut sum = Sum::default();
        sum.add(&mut self.games, s.games);
        sum.add(&mut self.draws, s.draws);
        sum.add(&mut self.unfinished, s.unfinished);
        for (code, n) in &s.faults {
            match self.faults.iter_mut().find(|(c, _)| c == code) {
                Some((_, total)) => sum.add(total, *n),
                None => self.faults.push((code.clone(), *n)),
            }
        }
        sum.add(&mut self.total_length, s.total_length);
        self.seconds += s.seconds;
        self.threads = self.threads.max(s.threads);
        for (a, &b) in self.wins.iter_mut().zip(&s.wins) {
            sum.add(a, b);
        }
        for (a, b) in self.team_wins.iter_mut().zip(&s.team_wins) {
            sum.add(&mut a.1, b.1);
        }
        for (a, &b) in self.score_totals.iter_mut().zip(&s.score_totals) {
            sum.add(a, b);
        }
        sum.fits
    }
    fn finish(&mut self) {
        self.study.shard = None;
        self.faults.sort();
        self.study.first = 0;
        self.derive_means();
    }
}

impl Share for Analysis {
    fn study(&self) -> &Study {
        &self.study
    }
    fn identity(&self) -> String {
        let values: Vec<_> = self
            .values
            .iter()
            .map(|v| (v.value, &v.seats, v.totals.wins.len()))
            .collect();
        format!(
            "{:?}",
            (
                &self.game,
                &self.seats,
                &self.players,
                &self.sweep,
                self.decisiveness_playouts,
                values,
            )
        )
    }
    fn played(&self) -> Vec<u32> {
        self.values.iter().map(|v| v.totals.games).collect()
    }
    fn consistent(&self) -> bool {
        !self.values.is_empty()
            && self.values.iter().all(|v| {
                v.totals.wins.len() == v.seats.len() && self.players.len() == v.seats.len()
            })
    }
    fn add(&mut self, other: &Self) -> bool {
        let values = self.values.iter_mut().zip(&other.values);
        values.fold(true, |fits, (a, b)| a.totals.add(&b.totals) && fits)
    }
    fn finish(&mut self) {
        self.study.shard = None;
        self.study.first = 0;
        self.derive();
    }
}

/// Runs `tabula merge`.
pub fn run(args: Args) -> Result<(), Failure> {
    let texts: Vec<(&str, String)> = args
        .files
        .iter()
        .map(|f| Ok((f.as_str(), read(f)?)))
        .collect::<Result<_, Failure>>()?;
    // An analysis holds its option values' results; a summary does not.
    let analyses = texts.iter().any(|(_, t)| {
        serde_json::from_str::<serde_json::Value>(t).is_ok_and(|v| v.get("values").is_some())
    });
    if analyses {
        let merged = merge(&parsed::<Analysis>(&texts, "tabula analyse")?)?;
        analyse::print(&merged, args.format, args.wide);
        return Ok(());
    }
    let merged = merge(&parsed::<Summary>(&texts, "tabula simulate")?)?;
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&merged).expect("summary serialises")
        ),
        Format::Human => print_summary(&merged),
    }
    Ok(())
}

/// The files' texts read as shares of `command`'s JSON.
fn parsed<'f, T: DeserializeOwned>(
    texts: &[(&'f str, String)],
    command: &str,
) -> Result<Vec<(&'f str, T)>, Failure> {
    texts
        .iter()
        .map(|(file, text)| {
            let share = serde_json::from_str(text).map_err(|e| {
                Failure::problem(format!(
                    "error: `{file}` is not a summary of `{command} --format json`: {e}"
                ))
            })?;
            Ok((*file, share))
        })
        .collect()
}

/// Reads one summary's text.
fn read(file: &str) -> Result<String, Failure> {
    let mut text = String::new();
    crate::cli::load::open_regular(file)?
        .take(MAX_SUMMARY + 1)
        .read_to_string(&mut text)
        .map_err(|e| Failure::usage(format!("error: cannot read `{file}`: {e}")))?;
    if text.len() as u64 > MAX_SUMMARY {
        return Err(Failure::problem(format!(
            "error: `{file}` is larger than a summary can be ({} KiB)",
            MAX_SUMMARY >> 10
        )));
    }
    Ok(text)
}

/// The summary of the whole study the shards are of: every share exactly
/// once, all of one study.
pub fn merge<T: Share>(shards: &[(&str, T)]) -> Result<T, Failure> {
    let (first_file, first) = shards
        .first()
        .ok_or_else(|| Failure::usage("error: no summaries"))?;
    if let Some((file, _)) = shards.iter().find(|(_, s)| !s.consistent()) {
        return Err(Failure::problem(format!(
            "error: `{file}` does not count one of each seat: it was changed"
        )));
    }
    let Some([_, of]) = first.study().shard else {
        return match shards {
            [(_, whole)] => {
                let mut whole = whole.clone();
                whole.finish();
                Ok(whole)
            }
            _ => Err(Failure::problem(format!(
                "error: `{first_file}` is a whole study, not a shard (run it with --shard K/N)"
            ))),
        };
    };
    let mut seen = vec![None; of as usize];
    for (file, s) in shards {
        same_study(first_file, first, file, s)?;
        let Some([k, n]) = s
            .study()
            .shard
            .filter(|&[k, n]| n == of && (1..=n).contains(&k))
        else {
            return Err(Failure::problem(format!(
                "error: `{file}` is not one of the {of} shards of `{first_file}`'s study"
            )));
        };
        let share = Shard { k, of: n }.games(s.study().games);
        let whole = s.played().iter().all(|&g| g == share.len() as u32);
        if !whole || s.study().first != share.start {
            return Err(Failure::problem(format!(
                "error: `{file}` does not hold the games of shard {k}/{n}: it was changed"
            )));
        }
        if let Some(other) = seen[k as usize - 1].replace(*file) {
            return Err(Failure::problem(format!(
                "error: `{other}` and `{file}` are both shard {k}/{n}"
            )));
        }
    }
    let missing: Vec<String> = (1..=of)
        .filter(|k| seen[*k as usize - 1].is_none())
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        let (which, are) = match missing.len() {
            1 => ("shard", "is"),
            _ => ("shards", "are"),
        };
        return Err(Failure::problem(format!(
            "error: {which} {} of {of} {are} missing: the merge would not be the whole study",
            missing.join(", ")
        )));
    }
    let mut sum = first.clone();
    for (file, s) in &shards[1..] {
        if !sum.add(s) {
            return Err(Failure::problem(format!(
                "error: adding `{file}` takes a total past what it can count: \
                 these are not the shares of one study"
            )));
        }
    }
    sum.finish();
    Ok(sum)
}

/// Refuses a summary of another study than the first file's.
fn same_study<T: Share>(first_file: &str, first: &T, file: &str, s: &T) -> Result<(), Failure> {
    let mut a = first.study().clone();
    let mut b = s.study().clone();
    (a.shard, a.first, b.shard, b.first) = (None, 0, None, 0);
    let differs = if a.rules != b.rules {
        Some("rules text")
    } else if first.identity() != s.identity() {
        Some("game, seats, players, swept values or decisiveness playouts")
    } else if a.players_rng != b.players_rng {
        Some("random players' generators (`players_rng`, which `simulate` changed on 2026-11-30)")
    } else if a != b {
        Some("options, start, seed, --seeds or number of games")
    } else {
        None
    };
    match differs {
        Some(what) => Err(Failure::problem(format!(
            "error: `{file}` and `{first_file}` are of different studies: their {what} differ"
        ))),
        None => Ok(()),
    }
}
