//! What an analysis counts, as exact totals that add up across the shards
//! of a study, and the measures derived from them, with 95% confidence
//! intervals where they apply.

use serde::{Deserialize, Serialize};

use super::trace::Trace;
use crate::engine::Outcome;

/// The turns whose branching factor is kept one by one (for the plot).
pub const TRACKED_TURNS: usize = 1000;

/// The counts of one option value's games: what merges by addition.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Totals {
    /// Games played.
    pub games: u32,
    /// Wins by seat.
    pub wins: Vec<u32>,
    /// Games won by the seat that moved first.
    pub first_wins: u32,
    /// Draws.
    pub draws: u32,
    /// Games that stopped without a result (the turn cap or the rules'
    /// limit, or no legal move).
    pub unfinished: u32,
    /// How many games took each number of moves: `(moves, games)`, by moves.
    pub lengths: Vec<(u32, u32)>,
    /// The legal moves of every position met, summed.
    pub moves_open: u64,
    /// Positions met.
    pub positions: u64,
    /// For each of the first turns, `(legal moves summed, positions)`.
    pub by_turn: Vec<(u64, u32)>,
    /// Changes of the leading seat, summed (scored games).
    pub lead_changes: u64,
    /// When the game was decided, in thousandths of the game, summed over
    /// the games measured, and how many those are.
    pub decided_at: (u64, u32),
    /// The thousandths of the board's cells that held a piece, summed.
    pub coverage: u64,
    /// Games ended by each end rule, in the rules' order (a summary
    /// written before they were counted has none).
    #[serde(default)]
    pub endings: Vec<u32>,
}

impl Totals {
    /// Empty totals for `seats` seats.
    pub fn new(seats: usize) -> Self {
        Totals {
            wins: vec![0; seats],
            ..Totals::default()
        }
    }

    /// Counts one game.
    pub fn count(&mut self, t: &Trace) {
        self.games += 1;
        match t.outcome {
            Some(Outcome::Win(w)) => {
                if let Some(n) = self.wins.get_mut(w as usize) {
                    *n += 1;
                }
                self.first_wins += u32::from(w == t.first);
            }
            Some(Outcome::Draw) => self.draws += 1,
            None => self.unfinished += 1,
        }
        add_length(&mut self.lengths, t.length, 1, &mut Sum::default());
        self.moves_open += t.branching.iter().map(|&b| u64::from(b)).sum::<u64>();
        self.positions += t.branching.len() as u64;
        let kept = t.branching.len().min(TRACKED_TURNS);
        if self.by_turn.len() < kept {
            self.by_turn.resize(kept, (0, 0));
        }
        for (slot, &b) in self.by_turn.iter_mut().zip(&t.branching) {
            slot.0 += u64::from(b);
            slot.1 += 1;
        }
        self.lead_changes += u64::from(t.lead_changes);
        if let Some(at) = t.decided_at {
            self.decided_at.0 += (at * 1000.0).round() as u64;
            self.decided_at.1 += 1;
        }
        self.coverage += (t.coverage * 1000.0).round() as u64;
        if let Some(end) = t.ended_by {
            if self.endings.len() <= end {
                self.endings.resize(end + 1, 0);
            }
            self.endings[end] += 1;
        }
    }

    /// Adds another share's totals; `false` (the totals then meaningless)
    /// when one would pass its integer's range: shares read from files
    /// may say anything.
    pub fn add(&mut self, o: &Totals) -> bool {
        let mut sum = Sum::default();
        sum.add(&mut self.games, o.games);
        for (a, &b) in self.wins.iter_mut().zip(&o.wins) {
            sum.add(a, b);
        }
        sum.add(&mut self.first_wins, o.first_wins);
        sum.add(&mut self.draws, o.draws);
        sum.add(&mut self.unfinished, o.unfinished);
        for &(moves, games) in &o.lengths {
            add_length(&mut self.lengths, moves, games, &mut sum);
        }
        sum.add(&mut self.moves_open, o.moves_open);
        sum.add(&mut self.positions, o.positions);
        if self.by_turn.len() < o.by_turn.len() {
            self.by_turn.resize(o.by_turn.len(), (0, 0));
        }
        for (a, b) in self.by_turn.iter_mut().zip(&o.by_turn) {
            sum.add(&mut a.0, b.0);
            sum.add(&mut a.1, b.1);
        }
        sum.add(&mut self.lead_changes, o.lead_changes);
        sum.add(&mut self.decided_at.0, o.decided_at.0);
        sum.add(&mut self.decided_at.1, o.decided_at.1);
        sum.add(&mut self.coverage, o.coverage);
        if self.endings.len() < o.endings.len() {
            self.endings.resize(o.endings.len(), 0);
        }
        for (a, &b) in self.endings.iter_mut().zip(&o.endings) {
            sum.add(a, b);
        }
        sum.fits
    }
}

/// Counts `games` more games of `moves` moves.
fn add_length(lengths: &mut Vec<(u32, u32)>, moves: u32, games: u32, sum: &mut Sum) {
    match lengths.binary_search_by_key(&moves, |&(m, _)| m) {
        Ok(i) => sum.add(&mut lengths[i].1, games),
        Err(i) => lengths.insert(i, (moves, games)),
    }
}

/// Additions of totals that must not wrap: whether they all fitted.
pub struct Sum {
    /// Whether every addition fitted its integer.
    pub fits: bool,
}

impl Default for Sum {
    fn default() -> Self {
        Sum { fits: true }
    }
}

impl Sum {
    /// `*a += b`, or notes that it does not fit (and leaves `a`).
    pub fn add<T: Checked>(&mut self, a: &mut T, b: T) {
        match a.checked_plus(b) {
            Some(v) => *a = v,
            None => self.fits = false,
        }
    }
}

/// An integer whose additions are checked.
pub trait Checked: Copy {
    /// `self + other`, if it fits.
    fn checked_plus(self, other: Self) -> Option<Self>;
}

impl Checked for u32 {
    fn checked_plus(self, other: Self) -> Option<Self> {
        self.checked_add(other)
    }
}

impl Checked for u64 {
    fn checked_plus(self, other: Self) -> Option<Self> {
        self.checked_add(other)
    }
}

impl Checked for i64 {
    fn checked_plus(self, other: Self) -> Option<Self> {
        self.checked_add(other)
    }
}

/// A proportion with its 95% confidence interval (Wilson's).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
pub struct Rate {
    /// The proportion, from 0 to 1.
    pub rate: f64,
    /// The interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

impl Rate {
    /// `k` out of `n`.
    pub fn of(k: u32, n: u32) -> Self {
        if n == 0 {
            return Rate {
                rate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let (k, n, z) = (f64::from(k), f64::from(n), 1.96f64);
        let p = k / n;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        Rate {
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// Game lengths in moves.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Lengths {
    /// The mean.
    pub mean: f64,
    /// The mean's 95% confidence interval.
    pub low: f64,
    /// Its high end.
    pub high: f64,
    /// The median.
    pub median: f64,
    /// The standard deviation.
    pub spread: f64,
    /// The shortest game.
    pub min: u32,
    /// The longest.
    pub max: u32,
}

/// The measures of one option value, derived from its totals.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Measures {
    /// Win rate by seat.
    pub wins: Vec<Rate>,
    /// How often the seat that moved first won.
    pub first_mover: Rate,
    /// What the first mover would win in a fair game: the decided games'
    /// share, divided among the seats.
    pub fair_share: f64,
    /// 1 minus the gap between the most and the least winning seat's
    /// share of the decided games: 1 is perfectly balanced.
    pub balance: f64,
    /// Draws.
    pub draws: Rate,
    /// Games that stopped without a result.
    pub unfinished: Rate,
    /// Game lengths.
    pub length: Lengths,
    /// Legal moves per position, over all positions met.
    pub branching: f64,
    /// The same for each of the first turns.
    pub branching_by_turn: Vec<f64>,
    /// Changes of the leading seat per game (scored games only).
    pub lead_changes: Option<f64>,
    /// When the game was decided, as a share of the game: from random
    /// playouts (`--decisiveness`), or when the winner took the lead for
    /// good (scored games); lower is decided earlier.
    pub decisiveness: Option<f64>,
    /// The share of the board's cells that held a piece at some time.
    pub coverage: f64,
}

impl Totals {
    /// The measures, for a game that scores or not, whose decisiveness
    /// was measured or not.
    pub fn measures(&self, scored: bool, decisive: bool) -> Measures {
        let n = self.games;
        let decided = n - self.draws - self.unfinished;
        let seat_share: Vec<f64> = self
            .wins
            .iter()
            .map(|&w| f64::from(w) / f64::from(decided.max(1)))
            .collect();
        let most = seat_share.iter().cloned().fold(0.0, f64::max);
        let least = seat_share.iter().cloned().fold(1.0, f64::min);
        let per = |sum: u64| sum as f64 / f64::from(n.max(1));
        Measures {
            wins: self.wins.iter().map(|&w| Rate::of(w, n)).collect(),
            first_mover: Rate::of(self.first_wins, n),
            fair_share: f64::from(decided) / f64::from(n.max(1)) / self.wins.len().max(1) as f64,
            balance: if decided == 0 {
                1.0
            } else {
                1.0 - (most - least)
            },
            draws: Rate::of(self.draws, n),
            unfinished: Rate::of(self.unfinished, n),
            length: self.length_measures(),
            branching: self.moves_open as f64 / self.positions.max(1) as f64,
            branching_by_turn: self
                .by_turn
                .iter()
                .map(|&(sum, k)| sum as f64 / f64::from(k.max(1)))
                .collect(),
            lead_changes: scored.then(|| per(self.lead_changes)),
            decisiveness: (decisive && self.decided_at.1 > 0)
                .then(|| self.decided_at.0 as f64 / 1000.0 / f64::from(self.decided_at.1)),
            coverage: per(self.coverage) / 1000.0,
        }
    }

    fn length_measures(&self) -> Lengths {
        let n = f64::from(self.games.max(1));
        let sum: f64 = self
            .lengths
            .iter()
            .map(|&(m, g)| f64::from(m) * f64::from(g))
            .sum();
        let mean = sum / n;
        let squares: f64 = self
            .lengths
            .iter()
            .map(|&(m, g)| (f64::from(m) - mean).powi(2) * f64::from(g))
            .sum();
        let spread = if self.games > 1 {
            (squares / (n - 1.0)).sqrt()
        } else {
            0.0
        };
        let half = 1.96 * spread / n.sqrt();
        Lengths {
            mean,
            low: mean - half,
            high: mean + half,
            median: self.median(),
            spread,
            min: self.lengths.first().map_or(0, |l| l.0),
            max: self.lengths.last().map_or(0, |l| l.0),
        }
    }

    /// The median length (the mean of the two middle games for an even count).
    fn median(&self) -> f64 {
        let nth = |i: u32| {
            let mut seen = 0;
            for &(m, g) in &self.lengths {
                seen += g;
                if seen > i {
                    return f64::from(m);
                }
            }
            0.0
        };
        match self.games {
            0 => 0.0,
            n if n % 2 == 1 => nth(n / 2),
            n => (nth(n / 2 - 1) + nth(n / 2)) / 2.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_textbook() {
        // 50 of 100: 0.404 to 0.596.
        let r = Rate::of(50, 100);
        assert!(
            (r.low - 0.4038).abs() < 1e-3 && (r.high - 0.5962).abs() < 1e-3,
            "{r:?}"
        );
        // None of 10: from 0 to 0.278.
        let r = Rate::of(0, 10);
        assert_eq!(r.low, 0.0);
        assert!((r.high - 0.2775).abs() < 1e-3, "{r:?}");
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        let mut t = Totals::new(2);
        for m in [5, 1, 9] {
            add_length(&mut t.lengths, m, 1, &mut Sum::default());
        }
        t.games = 3;
        assert_eq!(t.median(), 5.0);
        add_length(&mut t.lengths, 7, 1, &mut Sum::default());
        t.games = 4;
        assert_eq!(t.median(), 6.0);
    }
}
