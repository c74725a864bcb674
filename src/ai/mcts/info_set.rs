//! One tree over many deals of the hidden cards: single-observer
//! information-set MCTS (Cowling, Powley and Whitehouse, "Information Set
//! Monte Carlo Tree Search", 2012). Each iteration deals the cards the
//! searching seat has not seen at random (`Rules::determinize`), walks the
//! tree with that deal and grows it by one node, so that every iteration
//! adds to the same statistics instead of a few deals each getting a
//! shallow tree of its own. A node stands for all the positions its moves
//! lead to over the deals: a move is chosen among the children the deal
//! allows, and a child's exploration term counts the times it was allowed
//! (its availability) instead of its parent's visits.

use std::time::Instant;

use rand::Rng;

use super::iteration::{rollout_cap, Allowance, Settings, TreeSearch};
use super::tree::{Tree, NONE};
use super::CLOCK_EVERY;
use crate::engine::{random_playout, Move, State};
use crate::ir::CellId;
use crate::ir::Rules;

impl TreeSearch {
    /// Grows one tree from `view` (the position as `seat`, its mover,
    /// sees it) within `allowance`, dealing the unseen cards anew each
    /// iteration; returns the iterations run.
    pub fn grow_over_deals(
        &mut self,
        rules: &Rules,
        view: &State,
        settings: Settings,
        allowance: Allowance,
    ) -> u32 {
        self.tree.reset(view.mover);
        self.tree.sets.push(SetStat::default());
        // The root's moves are the mover's own, the same in every deal:
        // listed once, kept as the root's in the tree's arena.
        rules.legal_moves(view, &mut self.moves);
        self.tree.list_moves(0, &self.moves);
        let mut iterations = 0;
        while iterations < allowance.iterations {
            self.iterate_deal(rules, view, settings);
            iterations += 1;
            if let Some(deadline) = allowance.deadline {
                if iterations % CLOCK_EVERY == 0 && Instant::now() >= deadline {
                    break;
                }
            }
        }
        iterations
    }

    /// One iteration on a fresh deal: walk down, expand one move, roll
    /// out, back up. Playouts are decisive where the settings say, else random (MAST
    /// and RAVE are not used where cards are hidden).
    fn iterate_deal(&mut self, rules: &Rules, view: &State, settings: Settings) {
        let mut state = self.scratch.take().unwrap_or_else(|| view.clone());
        rules.determinize_into(view, view.mover, &mut self.rng, &mut state);
        self.descend_deal(rules, &mut state, settings.exploration);
        if !state.is_over() {
            let cap = rollout_cap(rules, &state);
            let (moves, rng) = (&mut self.moves, &mut self.rng);
            if settings.decisive {
                rules.decisive_playout(&mut state, moves, rng, cap);
            } else {
                random_playout(rules, &mut state, moves, rng, cap);
            }
        }
        self.reward_seats(state.outcome, &rules.team);
        self.scratch = Some(state);
        for &index in &self.path {
            let n = &mut self.tree.nodes[index as usize];
            n.visits += 1;
            n.reward += self.rewards[n.seat as usize];
        }
    }

    /// Walks from the root with the moves this deal allows, playing them
    /// on `state`, until it adds a node (or the game ends or sticks);
    /// fills `path`.
    fn descend_deal(&mut self, rules: &Rules, state: &mut State, exploration: f64) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        while !state.is_over() {
            if node == 0 {
                let root = &self.tree.nodes[0];
                let start = root.untried_start as usize;
                let listed = &self.tree.untried[start..start + root.untried_len as usize];
                self.moves.clear();
                self.moves.extend_from_slice(listed);
            } else {
                rules.legal_moves(state, &mut self.moves);
            }
            if self.moves.is_empty() {
                return;
            }
            let seat = state.mover;
            match self
                .tree
                .choose_allowed(node, &self.moves, exploration, &mut self.rng)
            {
                Allowed::New(m) => {
                    rules.play(state, m);
                    node = self.tree.add_child(node, m, seat);
                    self.tree.sets.push(SetStat {
                        avail: 1,
                        key: fingerprint(&m),
                    });
                    self.path.push(node);
                    return;
                }
                Allowed::Child(child, m) => {
                    rules.play(state, m);
                    node = child;
                    self.path.push(node);
                }
            }
        }
    }
}

/// What one tree over many deals keeps of a node beside its visits.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SetStat {
    /// How many times the move into the node was legal when its parent
    /// was walked through (its availability).
    pub avail: u32,
    /// The move's fingerprint, which finds the child of a move.
    pub key: u64,
}

/// What a walk does at a node, given the moves a deal allows there.
enum Allowed {
    /// Adds a child for this move, which has none yet.
    New(Move),
    /// Goes down to this child, whose move this is.
    Child(u32, Move),
}

impl Tree {
    /// At `parent`, with `moves` allowed: a move with no child yet, drawn
    /// at random, if there is one; else the allowed child of best UCB1
    /// value, each child's availability counted in. Either way the allowed
    /// children were available once more.
    fn choose_allowed<R: Rng>(
        &mut self,
        parent: u32,
        moves: &[Move],
        exploration: f64,
        rng: &mut R,
    ) -> Allowed {
        let (mut fresh, mut seen) = (None, 0);
        let (mut best, mut best_value) = (NONE, f64::NEG_INFINITY);
        for &m in moves {
            let child = self.child_for(parent, m);
            if child == NONE {
                seen += 1;
                if rng.gen_range(0..seen) == 0 {
                    fresh = Some(m);
                }
                continue;
            }
            let (n, set) = (&self.nodes[child as usize], &mut self.sets[child as usize]);
            set.avail += 1;
            let visits = f64::from(n.visits.max(1));
            let value =
                n.reward / visits + exploration * (f64::from(set.avail).ln() / visits).sqrt();
            if value > best_value {
                (best, best_value) = (child, value);
            }
        }
        match fresh {
            Some(m) => Allowed::New(m),
            None => {
                let entry = self.nodes[best as usize]
                    .entry
                    .expect("a child has an entry move");
                Allowed::Child(best, entry)
            }
        }
    }

    /// The child of `parent` whose move is `m`, or `NONE`.
    fn child_for(&self, parent: u32, m: Move) -> u32 {
        let key = fingerprint(&m);
        self.children(parent)
            .find(|&(i, n)| self.sets[i as usize].key == key && n.entry == Some(m))
            .map_or(NONE, |(index, _)| index)
    }
}

/// A move as one number, equal for equal moves and seldom for others:
/// comparing children's moves whole, at every node of every iteration,
/// cost more than the playouts.
fn fingerprint(m: &Move) -> u64 {
    let (tag, words): (u64, &[CellId]) = match m {
        Move::Place(cell) => (1, std::slice::from_ref(cell)),
        Move::Pass => (2, &[]),
        Move::Chain { rule, choices } => (3 + (u64::from(*rule) << 2), choices),
        Move::Give(card) => (4 + (u64::from(*card) << 2), &[]),
    };
    words.iter().fold(tag, |h, &w| {
        (h ^ u64::from(w))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29)
    })
}
