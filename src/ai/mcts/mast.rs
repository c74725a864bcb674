//! MAST (move-average sampling): playouts that lean towards the moves that
//! have done well for their mover anywhere in the search. Each seat's moves
//! keep a mean reward over every iteration that made them, in the tree or
//! in a playout; a playout takes the move of best mean, or one at random
//! with probability `EXPLORE` (epsilon-greedy, which measured better than
//! drawing by a Gibbs distribution in general game players). A move is
//! known by a hash of the move and its mover into a table of fixed size:
//! two moves sharing an entry only blur each other's means.

use rand::rngs::SmallRng;
use rand::Rng;

use crate::engine::{Move, State};
use crate::ir::Rules;

/// Entries in the table: a power of two, 128 KiB of statistics, so that
/// the games with the most moves (chess's from-to pairs) seldom share one.
const ENTRIES: usize = 1 << 14;

/// The chance that a playout's move is drawn at random.
const EXPLORE: f64 = 0.4;

/// The mean of a move no iteration has made yet: above every other, so
/// that a move is tried before it is judged.
const UNSEEN: f32 = 1.0;

/// A move's statistics: its weight (iterations, halved at each new
/// search, so a fraction) and its reward over them.
#[derive(Clone, Copy, Debug, Default)]
struct Stat {
    weight: f32,
    reward: f32,
}

/// The table and the moves of the iteration under way.
#[derive(Clone, Debug, Default)]
pub(super) struct Mast {
    table: Vec<Stat>,
    /// The entries of the moves this iteration's playout made, and their
    /// movers.
    made: Vec<(u32, u8)>,
}

impl Mast {
    /// Starts a search: makes the table the first time, else halves every
    /// statistic, so that a search (a move later) keeps what was learnt
    /// but weighs what it learns itself more.
    pub fn age(&mut self) {
        if self.table.is_empty() {
            self.table.resize(ENTRIES, Stat::default());
        }
        for stat in &mut self.table {
            stat.weight /= 2.0;
            stat.reward /= 2.0;
        }
    }

    /// The mean of the move at table entry `at`.
    fn mean(&self, at: usize) -> f32 {
        let stat = self.table[at];
        match stat.weight > 0.0 {
            true => stat.reward / stat.weight,
            false => UNSEEN,
        }
    }

    /// Records a move of the iteration's path, made by `seat`.
    pub fn made(&mut self, m: &Move, seat: u8) {
        self.made.push((entry(m, seat) as u32, seat));
    }

    /// Adds the iteration's rewards (per seat) to every move it made, then
    /// forgets them.
    pub fn back_up(&mut self, rewards: &[f64]) {
        for &(at, seat) in &self.made {
            let stat = &mut self.table[at as usize];
            stat.weight += 1.0;
            stat.reward += rewards[seat as usize] as f32;
        }
        self.made.clear();
    }

    /// Plays to the end of the game, or `cap` moves, or a position with no
    /// move, each move the best by its mean or, with probability
    /// `EXPLORE`, one at random; records the moves. Returns the moves played.
    pub fn playout(
        &mut self,
        rules: &Rules,
        state: &mut State,
        moves: &mut Vec<Move>,
        rng: &mut SmallRng,
        cap: u32,
    ) -> u32 {
        let mut played = 0;
        while played < cap && !state.is_over() {
            // A random move is drawn as random playouts draw it, most
            // often without listing the moves.
            let mover = state.mover;
            let drawn = match rng.gen_bool(EXPLORE) {
                true => rules
                    .random_move(state, moves, rng)
                    .map(|m| (m, entry(&m, mover))),
                false => {
                    rules.legal_moves(state, moves);
                    (!moves.is_empty()).then(|| self.best(moves, mover, rng))
                }
            };
            let Some((m, at)) = drawn else {
                break;
            };
            self.made.push((at as u32, mover));
            rules.play(state, m);
            played += 1;
        }
        played
    }

    /// The move of `moves` of best mean for `seat`, ties drawn at
    /// random, and its table entry.
    fn best(&self, moves: &[Move], seat: u8, rng: &mut SmallRng) -> (Move, usize) {
        let mut best = (moves[0], entry(&moves[0], seat));
        let (mut best_mean, mut ties) = (f32::NEG_INFINITY, 0u32);
        for m in moves {
            let at = entry(m, seat);
            let mean = self.mean(at);
            if mean > best_mean {
                (best, best_mean, ties) = ((*m, at), mean, 1);
            } else if mean == best_mean {
                ties += 1;
                if rng.gen_range(0..ties) == 0 {
                    best = (*m, at);
                }
            }
        }
        best
    }
}

/// The table entry of `m` made by `seat`: an FxHash of the move's parts.
fn entry(m: &Move, seat: u8) -> usize {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(K);
    let h = match m {
        Move::Place(cell) => mix(1, u64::from(*cell)),
        Move::Pass => 2,
        Move::Give(card) => mix(3, u64::from(*card)),
        Move::Chain { rule, choices } => choices
            .iter()
            .fold(mix(4, u64::from(*rule)), |h, c| mix(h, u64::from(*c))),
    };
    (mix(h, u64::from(seat)) >> 50) as usize & (ENTRIES - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_rules;
    use rand::SeedableRng;

    #[test]
    fn a_playout_takes_the_move_of_best_mean_and_tries_unseen_moves_first() {
        let mut mast = Mast::default();
        mast.age();
        let (a, b, c) = (Move::Place(0), Move::Place(1), Move::Place(2));
        for (m, reward) in [(a, 0.2), (b, 0.9), (c, 0.4)] {
            mast.made(&m, 0);
            mast.back_up(&[reward, 1.0 - reward]);
        }
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(mast.best(&[a, b, c], 0, &mut rng).0, b);
        // The other seat's means are its own: none of its moves is seen.
        assert_eq!(mast.mean(entry(&b, 1)), UNSEEN);
        assert_eq!(
            mast.best(&[a, b, c, Move::Place(3)], 0, &mut rng).0,
            Move::Place(3)
        );
        // Aging halves the counts but keeps the means.
        mast.age();
        assert!((mast.mean(entry(&b, 0)) - 0.9).abs() < 1e-6);
    }

    #[test]
    fn a_winning_move_earns_its_mover_the_best_mean() {
        let rules = test_rules("tic-tac-toe", &[]);
        // X (seat 0) to move, and c1 wins at once.
        let mut root = rules.start(0);
        for text in ["a1", "a2", "b1", "b2"] {
            let m = rules.parse_move(&root, text).expect("a move");
            rules.play(&mut root, m);
        }
        let win = rules.parse_move(&root, "c1").expect("a move");
        let (mut mast, mut moves) = (Mast::default(), Vec::new());
        mast.age();
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..500 {
            let mut state = root.clone();
            mast.playout(&rules, &mut state, &mut moves, &mut rng, 100);
            let reward = match state.outcome {
                Some(crate::engine::Outcome::Win(0)) => 1.0,
                Some(crate::engine::Outcome::Win(_)) => 0.0,
                _ => 0.5,
            };
            mast.back_up(&[reward, 1.0 - reward]);
        }
        rules.legal_moves(&root, &mut moves);
        for m in moves.iter().filter(|&&m| m != win) {
            assert!(
                mast.mean(entry(&win, 0)) > mast.mean(entry(m, 0)),
                "{}",
                rules.move_text(*m)
            );
        }
    }
}
