//! What `simulate` and `analyse` share on their command lines: who plays,
//! from which seed, with which options.

use serde::{Deserialize, Serialize};

use super::super::play::parse_players;
use super::super::Failure;
use crate::ai::PlayerSpec;
use crate::engine::splitmix64;

/// Players, seed and options of a study.
#[derive(clap::Args, Debug)]
pub struct Seating {
    /// Who sits in each seat (default: random everywhere): random, mcts, mcts:2000, mcts:100ms.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// The study's seed: the first game's seed, and where every game's
    /// comes from (see --seeds).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How game i's seed comes from --seed S: `independent`, S xor a hash
    /// of i (another S, other games); `consecutive`, S + i (as before this
    /// option, so that --seed 1 and --seed 2 share all but one game).
    #[arg(long, value_enum, default_value_t = Seeds::Independent)]
    pub seeds: Seeds,
    /// Set an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
}

/// How each game's seed comes from a study's seed.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seeds {
    /// Game i's seed is S xor a hash of i that is 0 for game 0: every game
    /// its own stream, in this study and against another seed's.
    Independent,
    /// Game i's seed is S + i.
    Consecutive,
}

impl Seeds {
    /// What a summary written before there was a choice used.
    pub fn before_the_choice() -> Seeds {
        Seeds::Consecutive
    }

    /// The seed of game `i` of a study of seed `seed`. Game 0's is the
    /// study's seed, so that `--games 1 --seed X` plays again any game
    /// whose seed is X.
    pub fn game(self, seed: u64, i: u32) -> u64 {
        match self {
            Seeds::Consecutive => seed.wrapping_add(u64::from(i)),
            Seeds::Independent => seed ^ splitmix64(u64::from(i)) ^ splitmix64(0),
        }
    }
}

impl Seating {
    /// The seed of game `i` of the study.
    pub fn game_seed(&self, i: u32) -> u64 {
        self.seeds.game(self.seed, i)
    }

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
