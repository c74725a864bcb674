//! The MCTS-solver: positions whose outcome under best play is known are
//! marked proven, and that knowledge replaces their sampled rewards.
//!
//! A node is proven when its game is over, when the seat to move there is
//! stuck (a draw, as a stuck playout counts), when one of its moves is
//! proven to win for the mover (the mover takes it), or when all its moves
//! are proven (the mover takes the best for its team). When a node's moves
//! are first listed, each is tried for a win at once (`win_at_once`): the
//! node is then proven before any of them is expanded, so the move into it
//! is seen lost at once (this makes the search stop an immediate loss). Selection never
//! walks into a move proven lost while another is open, an iteration that
//! reaches a proven node backs up its outcome without a playout, and a
//! search whose root is proven stops. With two teams of seats (Partners)
//! "best" is the mover's team's reward, as everywhere in this search.
//! The solver is off with dice (a throw is not chosen, so no move of it is
//! proven), with hidden cards (a deal is a guess: proving a move in one
//! deal proves nothing of the true one), and with more than two teams
//! (where a seat that loses whatever it does may still choose who wins, so
//! a "proven" win would rest on how it breaks the tie).

use super::rave::blended;
use super::tree::{Tree, NONE};
use crate::engine::Outcome;
use crate::ir::Rules;

/// Whether the solver may prove positions of these rules (see above).
pub(super) fn applies(rules: &Rules) -> bool {
    let mut teams = rules.team.clone();
    teams.sort_unstable();
    teams.dedup();
    rules.dice.is_none() && !rules.has_hidden() && teams.len() <= 2
}

/// What `outcome` is worth to `seat`: 1 when its team won, 0 when another
/// team did, its fair share (`1 / seats`) of a draw.
pub(super) fn worth(outcome: Outcome, seat: u8, team: &[u8]) -> f64 {
    match outcome {
        Outcome::Win(w) if (w as usize) < team.len() => {
            f64::from(u8::from(team[w as usize] == team[seat as usize]))
        }
        _ => 1.0 / team.len() as f64,
    }
}

/// The outcome a finished or stuck position counts as: a game over with no
/// winner, and a seat stuck, are draws.
pub(super) fn settled(outcome: Option<Outcome>) -> Outcome {
    outcome.unwrap_or(Outcome::Draw)
}

impl Tree {
    /// The child to walk into: the highest UCB1 value among the moves not
    /// proven lost for the mover (a proven move's value is exact; an open
    /// one's mean is blended with its cell's where `parent` has a RAVE
    /// table), or any when every move is lost; `None` without children.
    pub fn select(&self, parent: u32, exploration: f64, team: &[u8]) -> Option<u32> {
        let log_visits = (self.nodes[parent as usize].visits as f64).ln();
        let table = self.amaf_of(parent);
        let (mut best, mut best_value, mut lost) = (NONE, f64::NEG_INFINITY, NONE);
        for (index, child) in self.children(parent) {
            let visits = child.visits as f64;
            let mean = match (child.proven, table) {
                (None, None) => child.reward / visits,
                (None, Some(table)) => blended(child.reward / visits, visits, table, child.entry),
                (Some(outcome), _) => match worth(outcome, child.seat, team) {
                    0.0 => {
                        lost = index;
                        continue;
                    }
                    exact => exact,
                },
            };
            let value = mean + exploration * (log_visits / visits).sqrt();
            if value > best_value {
                (best, best_value) = (index, value);
            }
        }
        // Every move is lost (the node is then proven): any will do.
        match (best, lost) {
            (NONE, NONE) => None,
            (NONE, lost) => Some(lost),
            (best, _) => Some(best),
        }
    }

    /// Proves `node` if its moves now allow it (see the module's rules);
    /// returns whether it is proven.
    pub fn prove(&mut self, node: u32, team: &[u8]) -> bool {
        let n = &self.nodes[node as usize];
        if n.proven.is_some() {
            return true;
        }
        let expanded = n.expanded();
        let mut best: Option<(f64, Outcome)> = None;
        let mut all_proven = true;
        for (_, child) in self.children(node) {
            let Some(outcome) = child.proven else {
                all_proven = false;
                continue;
            };
            let value = worth(outcome, child.seat, team);
            if value == 1.0 {
                best = Some((value, outcome));
                break;
            }
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, outcome));
            }
        }
        let proven = match best {
            Some((1.0, outcome)) => Some(outcome),
            Some((_, outcome)) if all_proven && expanded => Some(outcome),
            // Listed, and no move at all: the mover is stuck.
            None if expanded && n.first_child == NONE => Some(Outcome::Draw),
            _ => None,
        };
        self.nodes[node as usize].proven = proven;
        proven.is_some()
    }
}
