//! Players: the [`Player`] interface, player specs as typed on the command line, and the AIs.

pub mod mcts;
pub mod random;

use std::fmt;
use std::str::FromStr;

use crate::engine::{Move, State};
use crate::ir::Rules;

pub use mcts::{MctsPlayer, SearchStats};
pub use random::RandomPlayer;

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

/// How much a searching player may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// A fixed number of search iterations: reproducible for a given seed.
    Iterations(u32),
    /// Wall-clock milliseconds: steady speed, but not reproducible.
    Millis(u64),
}

impl Default for Budget {
    /// One second a move.
    fn default() -> Self {
        Budget::Millis(1000)
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Millis(ms) => write!(f, "{ms}ms"),
        }
    }
}

/// Who sits in a seat: `human`, `random`, `mcts`, `mcts:5000` or `mcts:300ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerSpec {
    /// Moves typed at the terminal.
    Human,
    /// Uniformly random legal moves.
    Random,
    /// Monte Carlo tree search with this budget per move.
    Mcts(Budget),
}

/// Why a player spec was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerSpecError {
    /// Not one of the player kinds.
    #[error("unknown player `{0}`: expected human, random, mcts, mcts:N (N iterations a move) or mcts:Nms (N milliseconds a move)")]
    Unknown(String),
    /// `mcts:` followed by something that is not a positive budget.
    #[error("bad MCTS budget `{0}`: expected a positive number of iterations (mcts:5000) or of milliseconds (mcts:300ms)")]
    Budget(String),
}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let spec = text.trim().to_ascii_lowercase();
        match spec.split_once(':') {
            None => match spec.as_str() {
                "human" => Ok(PlayerSpec::Human),
                "random" => Ok(PlayerSpec::Random),
                "mcts" => Ok(PlayerSpec::Mcts(Budget::default())),
                _ => Err(PlayerSpecError::Unknown(text.trim().to_string())),
            },
            Some(("mcts", budget)) => parse_budget(budget.trim())
                .map(PlayerSpec::Mcts)
                .ok_or_else(|| PlayerSpecError::Budget(budget.trim().to_string())),
            Some(_) => Err(PlayerSpecError::Unknown(text.trim().to_string())),
        }
    }
}

/// Reads `5000` as iterations and `300ms` as milliseconds; zero is refused
/// because a search that may not run at all cannot pick a move.
fn parse_budget(text: &str) -> Option<Budget> {
    let budget = match text.strip_suffix("ms") {
        Some(ms) => Budget::Millis(ms.trim().parse().ok()?),
        None => Budget::Iterations(text.parse().ok()?),
    };
    match budget {
        Budget::Iterations(0) | Budget::Millis(0) => None,
        _ => Some(budget),
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Mcts(budget) => write!(f, "mcts:{budget}"),
        }
    }
}

/// The AI a spec names, seeded by `seed`; `None` for a human.
pub fn make_player(spec: &PlayerSpec, seed: u64) -> Option<Box<dyn Player + Send>> {
    match *spec {
        PlayerSpec::Human => None,
        PlayerSpec::Random => Some(Box::new(RandomPlayer::new(seed))),
        PlayerSpec::Mcts(budget) => Some(Box::new(MctsPlayer::new(budget, seed))),
    }
}

#[cfg(test)]
use crate::compile::shipped as test_rules;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        let cases = [
            ("human", PlayerSpec::Human),
            ("Random", PlayerSpec::Random),
            ("mcts", PlayerSpec::Mcts(Budget::Millis(1000))),
            ("mcts:5000", PlayerSpec::Mcts(Budget::Iterations(5000))),
            ("mcts:300ms", PlayerSpec::Mcts(Budget::Millis(300))),
            (" MCTS: 300 ms ", PlayerSpec::Mcts(Budget::Millis(300))),
        ];
        for (text, spec) in cases {
            assert_eq!(text.parse::<PlayerSpec>(), Ok(spec), "{text}");
        }
    }

    #[test]
    fn specs_round_trip() {
        let specs = [
            PlayerSpec::Human,
            PlayerSpec::Random,
            PlayerSpec::Mcts(Budget::Iterations(1)),
            PlayerSpec::Mcts(Budget::Iterations(5000)),
            PlayerSpec::Mcts(Budget::Millis(300)),
            PlayerSpec::Mcts(Budget::default()),
        ];
        for spec in specs {
            assert_eq!(spec.to_string().parse::<PlayerSpec>(), Ok(spec), "{spec}");
        }
        assert_eq!(
            PlayerSpec::Mcts(Budget::Millis(300)).to_string(),
            "mcts:300ms"
        );
        assert_eq!(
            PlayerSpec::Mcts(Budget::Iterations(5000)).to_string(),
            "mcts:5000"
        );
    }

    #[test]
    fn bad_specs_are_refused_with_the_accepted_forms() {
        for text in ["", "alphazero", "random:5", "mctsx"] {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert!(
                matches!(err, PlayerSpecError::Unknown(_)),
                "{text}: {err:?}"
            );
            let message = err.to_string();
            for form in ["human", "random", "mcts:N", "mcts:Nms"] {
                assert!(message.contains(form), "{message}");
            }
        }
        for text in [
            "mcts:",
            "mcts:0",
            "mcts:0ms",
            "mcts:-5",
            "mcts:fast",
            "mcts:5s",
            "mcts:1.5",
        ] {
            let err = text.parse::<PlayerSpec>().unwrap_err();
            assert!(matches!(err, PlayerSpecError::Budget(_)), "{text}: {err:?}");
            assert!(err.to_string().contains("mcts:300ms"), "{err}");
        }
    }

    #[test]
    fn made_players_name_their_spec() {
        assert!(make_player(&PlayerSpec::Human, 0).is_none());
        for spec in [
            PlayerSpec::Random,
            PlayerSpec::Mcts(Budget::Iterations(50)),
            PlayerSpec::Mcts(Budget::Millis(20)),
        ] {
            let player = make_player(&spec, 1).expect("an AI");
            assert_eq!(player.name(), spec.to_string());
        }
    }
}
