//! Players: the [`Player`] interface, player specs as typed on the command line, and the AIs.

pub mod mcts;
pub mod random;
mod spec;

use crate::engine::{Move, State};
use crate::ir::Rules;

pub use mcts::{MctsPlayer, SearchStats};
pub use random::RandomPlayer;
pub(crate) use spec::parse_exploration;
pub use spec::{Budget, Exploration, PlayerSpec, PlayerSpecError, Playouts, Policy};

/// Something that picks moves: an AI (a human is driven by the command line instead).
pub trait Player {
    /// Picks a move for `state.mover`; only called when the game is not over and a move is legal.
    fn choose(&mut self, rules: &Rules, state: &State) -> Move;

    /// A short name for messages, in the form [`PlayerSpec`] parses.
    fn name(&self) -> String;

    /// Statistics of the last [`Player::choose`], for players that search.
    fn last_search(&self) -> Option<SearchStats> {
        None
    }
}

/// The AI a spec names, seeded by `seed`, searching on `threads` threads;
/// `None` for a human.
pub fn make_player(spec: &PlayerSpec, seed: u64, threads: usize) -> Option<Box<dyn Player + Send>> {
    match *spec {
        PlayerSpec::Human => None,
        PlayerSpec::Random => Some(Box::new(RandomPlayer::new(seed))),
        PlayerSpec::Mcts(budget, c, policy) => Some(Box::new(
            MctsPlayer::new(budget, seed)
                .with_exploration(c)
                .with_policy(policy)
                .with_threads(threads),
        )),
    }
}

#[cfg(test)]
use crate::compile::shipped as test_rules;

#[cfg(test)]
mod tests {
    use super::*;

    /// A large constant spreads the visits over the moves; a small one
    /// gives most to the best.
    #[test]
    fn the_exploration_constant_steers_the_search() {
        let rules = test_rules("tic-tac-toe", &[]);
        let best_visits = |c: u32| {
            // Without RAVE, whose blended means steer the search too.
            let policy = Policy {
                rave: false,
                ..Policy::default()
            };
            let spec = PlayerSpec::Mcts(Budget::Iterations(2000), Exploration(Some(c)), policy);
            let mut player = make_player(&spec, 3, 1).expect("an AI");
            player.choose(&rules, &rules.start(0));
            player.last_search().expect("a search").best_visits
        };
        let (narrow, wide) = (best_visits(100), best_visits(20_000));
        assert!(narrow > 2 * wide, "c=0.1: {narrow} visits, c=20: {wide}");
    }

    #[test]
    fn made_players_name_their_spec() {
        assert!(make_player(&PlayerSpec::Human, 0, 1).is_none());
        for spec in [
            PlayerSpec::Random,
            PlayerSpec::Mcts(Budget::Iterations(50), Exploration(None), Policy::default()),
            PlayerSpec::Mcts(Budget::Millis(20), Exploration(None), Policy::default()),
            PlayerSpec::Mcts(
                Budget::Iterations(50),
                Exploration(Some(700)),
                Policy::default(),
            ),
        ] {
            let player = make_player(&spec, 1, 1).expect("an AI");
            assert_eq!(player.name(), spec.to_string());
        }
    }
}
