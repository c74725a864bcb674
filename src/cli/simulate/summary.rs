//! The statistics of a simulation: counted as exact totals, so that the
//! summaries of the shards of one study add up to the summary of the
//! whole (`tabula merge`), and printed for people or tools.

use serde::{Deserialize, Serialize};

use super::super::view::rounded;
use super::players_rng::PlayersRng;
use super::seating::Seeds;
use crate::engine::{FaultKind, Outcome, State};
use crate::ir::Rules;

/// What a run's games add up to, game by game, each thread counting its
/// own (merged at the end): in place, so that counting a game allocates
/// nothing. Sized for the most seats a game has (8).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    games: u32,
    /// Games won, by the seat that won them (each seat's wins, with its
    /// team's, are counted from these at the end: a game counts one).
    winners: [u32; 8],
    draws: u32,
    unfinished: u32,
    /// Games per fault code, in the order of [`FAULT_CODES`].
    faults: [u32; 4],
    score_totals: [i64; 8],
    total_length: u64,
}

/// The fault codes a game may meet first, as `check --playouts` reports them.
const FAULT_CODES: [&str; 4] = ["R0003", "R0004", "R0005", "R0006"];

impl Tally {
    /// Counts the game that ended (or stopped) in `state` after `length`
    /// moves. Inlined: on a short game the call was a sixtieth of it.
    #[inline]
    pub fn add(&mut self, state: &State, length: u32) {
        self.games += 1;
        self.total_length += u64::from(length);
        if let Some(fault) = state.fault() {
            self.faults[fault_index(fault.kind)] += 1;
        }
        match state.outcome {
            Some(Outcome::Win(w)) => self.winners[w as usize] += 1,
            Some(Outcome::Draw) => self.draws += 1,
            None => self.unfinished += 1,
        }
        for (sum, &s) in self.score_totals.iter_mut().zip(&state.scores) {
            *sum += i64::from(s);
        }
    }

    /// Each seat's wins: with teams, each seat of the winning team won.
    fn wins(&self, rules: &Rules) -> Vec<u32> {
        let seats = rules.seats.len();
        let team = |s: usize| rules.team.get(s).copied();
        let won = |s: usize, w: usize| s == w || team(s) == team(w);
        let of = |s| {
            (0..seats)
                .filter(|&w| won(s, w))
                .map(|w| self.winners[w])
                .sum()
        };
        (0..seats).map(of).collect()
    }

    /// Both tallies' games.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.total_length += other.total_length;
        let pairs = self.winners.iter_mut().zip(other.winners);
        pairs.for_each(|(a, b)| *a += b);
        let pairs = self.faults.iter_mut().zip(other.faults);
        pairs.for_each(|(a, b)| *a += b);
        let pairs = self.score_totals.iter_mut().zip(other.score_totals);
        pairs.for_each(|(a, b)| *a += b);
        self
    }
}

/// What a simulation was asked: the same for every shard of one study.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Study {
    /// A digest of the rules text (64-bit FNV-1a, in hex): shards of
    /// another file's study do not merge.
    pub rules: String,
    /// The options set, as given (`size=5`).
    pub options: Vec<String>,
    /// Where the games start: empty for the rules' start, else the
    /// `--moves` or `--from` given.
    pub start: String,
    /// The study's seed (game i's seed comes from it as `seeds` says).
    pub seed: u64,
    /// How each game's seed comes from `seed` (a summary without it is of
    /// a study from before the choice: consecutive).
    #[serde(default = "Seeds::before_the_choice")]
    pub seeds: Seeds,
    /// The study's games, all shards together.
    pub games: u32,
    /// The generator the random players drew from (a summary without it
    /// is older than the field, `smallrng`): shards drawn from different
    /// ones played different games, and do not merge.
    #[serde(default)]
    pub players_rng: PlayersRng,
    /// This share of the games, `[K, N]` (K from 1 to N), if a shard.
    pub shard: Option<[u32; 2]>,
    /// The index of the first game played here.
    pub first: u32,
}

impl Study {
    /// The seeds of `games` games from the study's first here, in words:
    /// a range when they are consecutive.
    pub fn seeds_text(&self, games: u32) -> String {
        let first = self.seeds.game(self.seed, self.first);
        match self.seeds {
            Seeds::Consecutive => {
                let last = first.wrapping_add(u64::from(games.max(1)) - 1);
                format!("seeds {first}..{last}")
            }
            Seeds::Independent => format!("seed {}, each game its own stream", self.seed),
        }
    }
}

/// The statistics `--format json` prints.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Summary {
    /// The game's title.
    pub game: String,
    /// What was asked.
    pub study: Study,
    /// Seat names.
    pub seats: Vec<String>,
    /// Players per seat.
    pub players: Vec<String>,
    /// Games played.
    pub games: u32,
    /// Wins per seat (with teams: the games its team won, whichever seat's
    /// move won them: each seat of the winning team won).
    pub wins: Vec<u32>,
    /// With teams: each team's seats and wins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team_wins: Vec<(Vec<String>, u32)>,
    /// Draws.
    pub draws: u32,
    /// Games that stopped without a result (no legal move, or too long).
    pub unfinished: u32,
    /// Per fault code (`R0003` to `R0006`), the games in which the engine
    /// met it first: a division by zero, an overflow, a position whose
    /// moves were cut short at the most moves or the longest time a
    /// listing takes. Zeros are left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<(String, u32)>,
    /// Whether the rules keep a score (the score column is shown).
    pub scored: bool,
    /// The rules' `limit N turns`, 0 for none.
    pub turn_limit: u32,
    /// The final scores summed per seat.
    pub score_totals: Vec<i64>,
    /// Mean final score per seat.
    pub mean_scores: Vec<f64>,
    /// Moves played in all.
    pub total_length: u64,
    /// Mean number of moves per game.
    pub mean_length: f64,
    /// Wall-clock seconds (merged: summed over the shards).
    pub seconds: f64,
    /// Games per second of wall-clock time, all threads together.
    pub games_per_second: f64,
    /// Moves per second of wall-clock time, all threads together.
    pub moves_per_second: f64,
    /// Threads used (merged: the most any shard used).
    pub threads: usize,
}

/// The summary of the games of `tally`, played in `secs` seconds, of `study`.
pub fn summarise(
    rules: &Rules,
    players: Vec<String>,
    study: Study,
    tally: &Tally,
    secs: f64,
) -> Summary {
    let seats = rules.seats.len();
    let wins = tally.wins(rules);
    let faults = FAULT_CODES
        .iter()
        .zip(tally.faults)
        .filter(|&(_, n)| n > 0)
        .map(|(code, n)| (code.to_string(), n))
        .collect();
    let mut summary = Summary {
        game: rules.title.clone(),
        study,
        seats: rules.seats.clone(),
        players,
        games: tally.games,
        team_wins: team_wins(rules, &wins),
        wins,
        draws: tally.draws,
        unfinished: tally.unfinished,
        faults,
        scored: rules.score.is_some(),
        turn_limit: rules.turn_limit,
        score_totals: tally.score_totals[..seats].to_vec(),
        mean_scores: Vec::new(),
        total_length: tally.total_length,
        mean_length: 0.0,
        seconds: secs,
        games_per_second: 0.0,
        moves_per_second: 0.0,
        threads: rayon::current_num_threads(),
    };
    summary.derive_means();
    summary
}

impl Summary {
    /// The means and rates, from the totals: one run and a merge of its
    /// shards compute them alike.
    pub fn derive_means(&mut self) {
        let n = f64::from(self.games.max(1));
        self.mean_scores = self.score_totals.iter().map(|&s| s as f64 / n).collect();
        self.mean_length = self.total_length as f64 / n;
        let secs = self.seconds.max(1e-9);
        self.games_per_second = f64::from(self.games) / secs;
        self.moves_per_second = self.total_length as f64 / secs;
    }
}

/// Where a fault's code stands in [`FAULT_CODES`].
fn fault_index(kind: FaultKind) -> usize {
    match kind {
        FaultKind::DivisionByZero => 0,
        FaultKind::Overflow => 1,
        FaultKind::TooManyMoves => 2,
        FaultKind::SlowListing => 3,
    }
}

/// Each team's seats and wins (each of its seats won them all), when some
/// team has more than one seat.
fn team_wins(rules: &Rules, wins: &[u32]) -> Vec<(Vec<String>, u32)> {
    let mut teams: Vec<(Vec<String>, u32)> = Vec::new();
    let mut leads: Vec<u8> = Vec::new();
    for (s, &w) in wins.iter().enumerate() {
        let lead = rules.team[s];
        match leads.iter().position(|&l| l == lead) {
            Some(i) => teams[i].0.push(rules.seats[s].clone()),
            None => {
                leads.push(lead);
                teams.push((vec![rules.seats[s].clone()], w));
            }
        }
    }
    if teams.iter().all(|t| t.0.len() == 1) {
        teams.clear();
    }
    teams
}

/// Prints the statistics; the score column only for games that score.
/// Names come from rules files and merged shards: escaped (see
/// [`crate::report::printable`]).
pub fn print_summary(s: &Summary) {
    print!("{}", crate::report::printable_lines(&summary_text(s)));
}

/// The statistics as [`print_summary`] prints them.
fn summary_text(s: &Summary) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let pct = |k: u32| 100.0 * f64::from(k) / f64::from(s.games.max(1));
    let shard = match s.study.shard {
        Some([k, n]) => format!(" (shard {k} of {n})"),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "{}: {} games, {}{shard}",
        s.game,
        s.games,
        s.study.seeds_text(s.games)
    );
    let score_head = if s.scored {
        format!(" {:>11}", "mean score")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{:<12} {:<14} {:>14}{score_head}",
        "seat", "player", "wins"
    );
    for i in 0..s.seats.len() {
        let score = if s.scored {
            format!(" {:>11.2}", s.mean_scores[i])
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{:<12} {:<14} {:>6} ({:>5.1}%){score}",
            s.seats[i],
            s.players[i],
            s.wins[i],
            pct(s.wins[i])
        );
    }
    for (team, wins) in &s.team_wins {
        let name = format!("team {}", team.join("+"));
        let _ = writeln!(out, "{name:<27} {wins:>6} ({:>5.1}%)", pct(*wins));
    }
    let _ = writeln!(
        out,
        "{:<27} {:>6} ({:>5.1}%)",
        "draws",
        s.draws,
        pct(s.draws)
    );
    if s.unfinished > 0 {
        // A game stopped by the rules' own limit is what they ask for.
        let why = match s.turn_limit {
            0 => "no legal move or too long: run `tabula check --playouts`".to_string(),
            n => format!("reached the rules' limit of {n} turns, or no legal move"),
        };
        let _ = writeln!(
            out,
            "{:<27} {:>6} ({:>5.1}%)  ({why})",
            "unfinished",
            s.unfinished,
            pct(s.unfinished)
        );
    }
    for (code, n) in &s.faults {
        let _ = writeln!(
            out,
            "{:<27} {:>6} ({:>5.1}%)  (`tabula explain {code}`; `tabula check --playouts` shows one)",
            format!("fault {code}"),
            n,
            pct(*n)
        );
    }
    let _ = writeln!(out, "mean length: {:.1} moves", s.mean_length);
    let _ = writeln!(
        out,
        "speed: {} games/s, {} moves/s ({} thread{})",
        rounded(s.games_per_second),
        rounded(s.moves_per_second),
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    );
    out
}

/// A digest of a rules text: 64-bit FNV-1a, in hex.
pub fn digest(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}
