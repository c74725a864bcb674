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
/// Terminal positions are counted and not expanded. With dice, the throw
/// that starts the next turn is part of the position: a move is counted
/// once for each throw after it (`[3, 5]` and `[5, 3]` are two), except a
/// move that ends the game, after which nothing is thrown, and a move
/// after which its seat moves again keeping its throw.
pub fn perft(rules: &Rules, state: &State, depth: usize) -> Perft {
    let mut counts = Perft {
        nodes: vec![0; depth],
        terminal: vec![0; depth],
        games: 0,
        cut: None,
    };
    let mut levels: Vec<Level> = (0..depth).map(|_| Level::default()).collect();
    let throws = rules.dice.map_or_else(Vec::new, |d| d.throws());
    let mut walker = Walker {
        rules,
        throws,
        counts: &mut counts,
    };
    walker.walk(state, 0, &mut levels);
    counts.games = counts.terminal.iter().sum();
    counts
}

/// What the walk keeps for one depth, reused for every position there:
/// the moves listed and the copy each is played on.
#[derive(Default)]
struct Level {
    moves: Vec<Move>,
    child: Option<State>,
}

/// The counting walk: the rules, every throw of their dice (none without),
/// and the counts so far.
struct Walker<'a> {
    rules: &'a Rules,
    throws: Vec<Vec<u8>>,
    counts: &'a mut Perft,
}

impl Walker<'_> {
    fn walk(&mut self, state: &State, level: usize, levels: &mut [Level]) {
        let Some((Level { moves, child }, rest)) = levels.split_first_mut() else {
            return;
        };
        self.rules.legal_moves(state, moves);
        let cut = state
            .fault()
            .filter(|f| matches!(f.kind, FaultKind::TooManyMoves | FaultKind::SlowListing));
        if cut.is_some() {
            self.counts.cut = self.counts.cut.or(cut);
            return;
        }
        for &m in moves.iter() {
            if self.throws.is_empty() {
                self.child(state, m, None, (level, child), rest);
            }
            for t in 0..self.throws.len() {
                if !self.child(state, m, Some(t), (level, child), rest) {
                    break;
                }
            }
            if self.counts.cut.is_some() {
                return;
            }
        }
    }

    /// Counts the position after `m` (with throw `t` next) and walks on
    /// from it; returns whether a throw was made (none when the game ends,
    /// nor when the seat moves again keeping its throw).
    fn child(
        &mut self,
        state: &State,
        m: Move,
        t: Option<usize>,
        (level, slot): (usize, &mut Option<State>),
        rest: &mut [Level],
    ) -> bool {
        // The level's copy, its buffers reused: no allocation a position.
        let child = match slot {
            Some(child) => {
                child.clone_from(state);
                child
            }
            None => slot.insert(state.clone()),
        };
        if let Some(t) = t {
            child.throw_next(&self.throws[t]);
        }
        let logged = child.chance.len();
        self.rules.play(child, m);
        self.counts.nodes[level] += 1;
        if child.is_over() {
            self.counts.terminal[level] += 1;
            return false;
        }
        self.walk(child, level + 1, rest);
        child.chance.len() > logged
    }
}
