//! Perft: counting the positions reached by legal move sequences.

use super::{FaultKind, Move, State};
use crate::ir::Rules;

/// Counts per depth, from 1.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Perft {
    /// Positions reached by sequences of each length.
    pub nodes: Vec<u64>,
    /// How many of those are terminal, depth by depth: all but the last
    /// depth when that was counted in bulk.
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
    count(rules, state, depth, false)
}

/// [`perft`] counting the last depth in bulk, as chess perft programs do:
/// a position there is one of its parent's legal moves, not played, so
/// that depth's terminal positions are not counted (`terminal` stops a
/// depth short). Not for games with dice, whose throw after a move is
/// part of the position: `None` for those.
pub fn perft_bulk(rules: &Rules, state: &State, depth: usize) -> Option<Perft> {
    rules.dice.is_none().then(|| {
        let mut counts = count(rules, state, depth, true);
        counts.terminal.truncate(depth.saturating_sub(1));
        counts.games = counts.terminal.iter().sum();
        counts
    })
}

fn count(rules: &Rules, state: &State, depth: usize, bulk: bool) -> Perft {
    let mut counts = Perft {
        nodes: vec![0; depth],
        terminal: vec![0; depth],
        games: 0,
        cut: None,
    };
    let mut levels: Vec<Level> = (0..depth).map(|_| Level::default()).collect();
    let throws = rules.dice.map_or_else(Vec::new, |d| d.throws());
    // With no filter but `must leave` (and no dice, whose throw comes
    // before the move is played), each move is tested as it is played.
    let tests_as_played = !rules.filters.is_empty()
        && throws.is_empty()
        && rules
            .filters
            .iter()
            .all(|f| matches!(f, crate::ir::Filter::MustLeave(..)));
    let mut walker = Walker {
        rules,
        throws,
        tests_as_played,
        bulk,
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
    /// Whether `must leave` is tested as each move is played
    /// ([`Rules::play_leaving`]), not by listing the legal moves first.
    tests_as_played: bool,
    /// Whether the last depth is counted in bulk ([`perft_bulk`]).
    bulk: bool,
    counts: &'a mut Perft,
}

impl Walker<'_> {
    fn walk(&mut self, state: &State, level: usize, levels: &mut [Level]) {
        let Some((Level { moves, child }, rest)) = levels.split_first_mut() else {
            return;
        };
        let bulk = self.bulk && rest.is_empty();
        match self.tests_as_played && !bulk {
            true => self.rules.timed_unfiltered_moves(state, moves),
            false => self.rules.legal_moves(state, moves),
        }
        let cut = state
            .fault()
            .filter(|f| matches!(f.kind, FaultKind::TooManyMoves | FaultKind::SlowListing));
        if cut.is_some() {
            self.counts.cut = self.counts.cut.or(cut);
            return;
        }
        if bulk {
            self.counts.nodes[level] += moves.len() as u64;
            return;
        }
        if self.tests_as_played {
            return self.walk_testing(state, moves, (level, child), rest);
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

    /// [`Walker::walk`] over `moves` before `must leave`: each played on
    /// the level's copy, and counted when the filter keeps it. When it
    /// keeps none, the forced move, if any, is the move (as listed).
    fn walk_testing(
        &mut self,
        state: &State,
        moves: &[Move],
        (level, slot): (usize, &mut Option<State>),
        rest: &mut [Level],
    ) {
        let mut kept = 0;
        for &m in moves {
            let child = copy_into(slot, state);
            if !self.rules.play_leaving(child, m) {
                continue;
            }
            kept += 1;
            self.count_and_walk(child, level, rest);
            if self.counts.cut.is_some() {
                return;
            }
        }
        let phase = &self.rules.phases[state.phase as usize];
        if kept == 0 && !moves.is_empty() && phase.has_forced_move() {
            let child = copy_into(slot, state);
            self.rules.play(child, Move::Pass);
            self.count_and_walk(child, level, rest);
        }
    }

    /// Counts `child`, a position at `level`, as terminal or walks on.
    fn count_and_walk(&mut self, child: &State, level: usize, rest: &mut [Level]) {
        self.counts.nodes[level] += 1;
        if child.is_over() {
            self.counts.terminal[level] += 1;
        } else {
            self.walk(child, level + 1, rest);
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
        let child = copy_into(slot, state);
        if let Some(t) = t {
            child.throw_next(&self.throws[t]);
        }
        let logged = child.chance.len();
        self.rules.play(child, m);
        self.count_and_walk(child, level, rest);
        !child.is_over() && child.chance.len() > logged
    }
}

/// The level's copy of `state`, its buffers reused: no allocation a
/// position.
fn copy_into<'s>(slot: &'s mut Option<State>, state: &State) -> &'s mut State {
    match slot {
        Some(child) => {
            child.clone_from(state);
            child
        }
        None => slot.insert(state.clone()),
    }
}
