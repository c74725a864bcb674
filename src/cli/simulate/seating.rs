//! What `simulate` and `analyse` share on their command lines: who plays,
//! from which seed, with which options.

use super::super::play::parse_players;
use super::super::Failure;
use crate::ai::PlayerSpec;

/// Players, seed and options of a study.
#[derive(clap::Args, Debug)]
pub struct Seating {
    /// Who sits in each seat (default: random everywhere): random, mcts, mcts:2000, mcts:100ms.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// The seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Set an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
}

impl Seating {
    /// The player of each of `seats` seats (random where none is given);
    /// `command` plays AI players only.
    pub fn specs(&self, seats: usize, command: &str) -> Result<Vec<PlayerSpec>, Failure> {
        let specs = if self.players.is_empty() {
            vec![PlayerSpec::Random; seats]
        } else {
            parse_players(&self.players, seats, "random")?
        };
        if specs.contains(&PlayerSpec::Human) {
            return Err(Failure::usage(format!(
                "error: {command} plays AI players only; use `tabula play` for human seats"
            )));
        }
        Ok(specs)
    }
}
