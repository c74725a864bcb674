//! `tabula merge`: the summaries of a study's shards (`simulate --shard
//! K/N --format json`), added up into the summary of the whole study,
//! exactly as one run over all its games would print it.

use std::io::Read;

use super::simulate::shard::Shard;
use super::simulate::summary::{print_summary, Summary};
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
}

/// Runs `tabula merge`.
pub fn run(args: Args) -> Result<(), Failure> {
    let mut shards = Vec::new();
    for file in &args.files {
        shards.push((file.as_str(), read(file)?));
    }
    let merged = merge(&shards)?;
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&merged).expect("summary serialises")
        ),
        Format::Human => print_summary(&merged),
    }
    Ok(())
}

/// Reads one summary.
fn read(file: &str) -> Result<Summary, Failure> {
    let mut text = String::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(MAX_SUMMARY + 1).read_to_string(&mut text))
        .map_err(|e| Failure::usage(format!("error: cannot read `{file}`: {e}")))?;
    if text.len() as u64 > MAX_SUMMARY {
        return Err(Failure::problem(format!(
            "error: `{file}` is larger than a summary can be ({} KiB)",
            MAX_SUMMARY >> 10
        )));
    }
    serde_json::from_str(&text).map_err(|e| {
        Failure::problem(format!(
            "error: `{file}` is not a summary of `tabula simulate --format json`: {e}"
        ))
    })
}

/// The summary of the whole study the shards are of: every share exactly
/// once, all of one study.
pub fn merge(shards: &[(&str, Summary)]) -> Result<Summary, Failure> {
    let (first_file, first) = shards
        .first()
        .ok_or_else(|| Failure::usage("error: no summaries"))?;
    let Some([_, of]) = first.study.shard else {
        return match shards {
            [(_, whole)] => Ok(whole.clone()),
            _ => Err(Failure::problem(format!(
                "error: `{first_file}` is a whole study, not a shard (run `simulate` with --shard K/N)"
            ))),
        };
    };
    let mut seen = vec![None; of as usize];
    for (file, s) in shards {
        same_study(first_file, first, file, s)?;
        let Some([k, n]) = s
            .study
            .shard
            .filter(|&[k, n]| n == of && (1..=n).contains(&k))
        else {
            return Err(Failure::problem(format!(
                "error: `{file}` is not one of the {of} shards of `{first_file}`'s study"
            )));
        };
        let share = Shard { k, of: n }.games(s.study.games);
        if s.games != share.len() as u32
            || s.study.first != share.start
            || s.wins.len() != s.seats.len()
        {
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
    Ok(added(shards.iter().map(|(_, s)| s)))
}

/// Refuses a summary of another study than the first file's.
fn same_study(first_file: &str, first: &Summary, file: &str, s: &Summary) -> Result<(), Failure> {
    let mut a = first.study.clone();
    let mut b = s.study.clone();
    (a.shard, a.first, b.shard, b.first) = (None, 0, None, 0);
    let differs = if first.game != s.game || first.seats != s.seats {
        Some("game")
    } else if a.rules != b.rules {
        Some("rules text")
    } else if first.players != s.players {
        Some("players")
    } else if a != b {
        Some("options, start, seed or number of games")
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

/// The totals of the summaries added up, and the means derived from them.
fn added<'s>(mut shards: impl Iterator<Item = &'s Summary>) -> Summary {
    let mut sum = shards.next().expect("one summary at least").clone();
    for s in shards {
        sum.games += s.games;
        sum.draws += s.draws;
        sum.unfinished += s.unfinished;
        sum.total_length += s.total_length;
        sum.seconds += s.seconds;
        sum.threads = sum.threads.max(s.threads);
        for (a, b) in sum.wins.iter_mut().zip(&s.wins) {
            *a += b;
        }
        for (a, b) in sum.team_wins.iter_mut().zip(&s.team_wins) {
            a.1 += b.1;
        }
        for (a, b) in sum.score_totals.iter_mut().zip(&s.score_totals) {
            *a += b;
        }
    }
    sum.study.shard = None;
    sum.study.first = 0;
    sum.derive_means();
    sum
}
