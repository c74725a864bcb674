//! Perft: counting the positions reached by legal move sequences.

use super::{FaultKind, Move, State};
use crate::ir::Rules;

/// Counts per depth, from 1.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Perft {
    /// Positions reached by sequences of each length.
    pub nodes: Vec<u64>,
    /// How many of those are terminal.
    pub terminal: Vec<u64>,
    /// Complete games: terminal positions at any depth up to the limit.
    pub games: u64,
    /// The fault that cut a position's listing (more moves than the engine
    /// lists, R0005, or more time, R0006): counting stopped there, and the
    /// counts are not the game's.
    #[serde(skip)]
    pub cut: Option<super::Fault>,
}

/// Counts the positions reachable from `state` at depths 1..=depth.
/// Terminal positions are counted and not expanded.
pub fn perft(rules: &Rules, state: &State, depth: usize) -> Perft {
    let mut counts = Perft {
        nodes: vec![0; depth],
        terminal: vec![0; depth],
        games: 0,
        cut: None,
    };
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::new()).collect();
    walk(rules, state, 0, &mut counts, &mut buffers);
    counts.games = counts.terminal.iter().sum();
    counts
}

fn walk(rules: &Rules, state: &State, level: usize, counts: &mut Perft, buffers: &mut [Vec<Move>]) {
    let Some((buf, rest)) = buffers.split_first_mut() else {
        return;
    };
    rules.legal_moves(state, buf);
    let cut = state
        .fault()
        .filter(|f| matches!(f.kind, FaultKind::TooManyMoves | FaultKind::SlowListing));
    if cut.is_some() {
        counts.cut = counts.cut.or(cut);
        return;
    }
    for &m in buf.iter() {
        if counts.cut.is_some() {
            return;
        }
        let mut child = state.clone();
        rules.play(&mut child, m);
        counts.nodes[level] += 1;
        if child.is_over() {
            counts.terminal[level] += 1;
        } else {
            walk(rules, &child, level + 1, counts, rest);
        }
    }
}
