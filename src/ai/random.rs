//! The random player: a uniformly random legal move, the baseline every AI must beat.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::Player;
use crate::engine::{Move, State};
use crate::ir::Rules;

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
    moves: Vec<Move>,
}

impl RandomPlayer {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
            moves: Vec::new(),
        }
    }
}

impl Player for RandomPlayer {
    /// # Panics
    /// When no move is legal, which the [`Player`] contract rules out.
    fn choose(&mut self, rules: &Rules, state: &State) -> Move {
        rules.legal_moves(state, &mut self.moves);
        assert!(
            !self.moves.is_empty(),
            "the random player was asked to move with no legal move"
        );
        self.moves[self.rng.gen_range(0..self.moves.len())]
    }

    fn name(&self) -> String {
        "random".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_legal_moves_and_finishes_games() {
        let rules = crate::ai::test_rules("tic-tac-toe", &[]);
        let mut player = RandomPlayer::new(3);
        for seed in 0..20 {
            let mut state = rules.start(seed);
            while !state.is_over() {
                let m = player.choose(&rules, &state);
                assert!(rules.sorted_moves(&state).contains(&m));
                rules.play(&mut state, m);
            }
        }
    }

    #[test]
    fn equal_seeds_play_equal_games_and_seeds_matter() {
        let rules = crate::ai::test_rules("tic-tac-toe", &[]);
        let game = |seed| {
            let mut player = RandomPlayer::new(seed);
            let mut state = rules.start(0);
            let mut moves = Vec::new();
            while !state.is_over() {
                let m = player.choose(&rules, &state);
                moves.push(m);
                rules.play(&mut state, m);
            }
            moves
        };
        assert_eq!(game(11), game(11));
        assert!((0..10).any(|seed| game(seed) != game(11)));
    }
}
