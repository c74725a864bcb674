//! The root's moves, their statistics summed over the trees searched (one a
//! thread, or one a deal of hidden cards), and the move to play.

use super::solver::worth;
use super::tree::Tree;
use crate::engine::{Move, Outcome};

/// A move at the root and what the searches found of it.
#[derive(Clone, Copy, Debug)]
pub(super) struct RootMove {
    pub entry: Move,
    pub visits: u32,
    /// The mover's reward summed over the visits.
    pub reward: f64,
    /// Its outcome under best play, if a search proved it.
    pub proven: Option<Outcome>,
}

/// Adds the root moves of `tree` to `totals`.
pub(super) fn add_root_moves(totals: &mut Vec<RootMove>, tree: &Tree) {
    if tree.nodes.is_empty() {
        return;
    }
    for (_, child) in tree.children(0) {
        let root_move = RootMove {
            entry: child.entry.expect("a root's child has an entry move"),
            visits: child.visits,
            reward: child.reward,
            proven: child.proven,
        };
        add(totals, root_move);
    }
}

/// Adds what one search found of a root move to `totals`: visits and
/// rewards summed, a proof kept.
pub(super) fn add(totals: &mut Vec<RootMove>, found: RootMove) {
    match totals.iter_mut().find(|t| t.entry == found.entry) {
        Some(total) => {
            total.visits += found.visits;
            total.reward += found.reward;
            total.proven = total.proven.or(found.proven);
        }
        None => totals.push(found),
    }
}

/// The move to play: one proven to win for the mover's team if there is
/// one; else the most visited of those not proven lost (equal visits go to
/// the higher reward); else, every move being lost, the most visited.
pub(super) fn best(moves: &[RootMove], mover: u8, team: &[u8]) -> Option<RootMove> {
    let value = |m: &RootMove| m.proven.map(|o| worth(o, mover, team));
    let rank = |m: &RootMove| {
        let class = match value(m) {
            Some(1.0) => 2,
            Some(0.0) => 0,
            _ => 1,
        };
        (class, m.visits, m.reward)
    };
    moves
        .iter()
        .copied()
        .reduce(|b, c| if rank(&c) > rank(&b) { c } else { b })
}
