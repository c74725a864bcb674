//! Monte Carlo tree search (UCT with random rollouts) for any rules file and any number of seats.
//!
//! Rewards: the winner scores 1 and every other seat 0; a draw, and a rollout
//! that gets stuck or hits the move cap, gives every seat `1 / seats` (0.5 with
//! two), its fair share, so that a draw is worth what an even game is. Each
//! node keeps the reward total of the seat that made the move into it, so UCB1
//! at a node maximises the reward of the seat to move there (max^n style,
//! which needs no assumption about alliances between more than two seats).

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::{Budget, Player, PlayerSpec};
use crate::engine::{random_playout, Move, Outcome, State};
use crate::ir::Rules;

/// The UCB1 exploration constant the player starts with: sqrt 2, the textbook value for rewards in 0..=1.
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Rollouts longer than this stop and count as a draw, so that rules whose
/// games need not end cannot hang the search.
const ROLLOUT_CAP: u32 = 10_000;

/// Iterations between looks at the clock: a rollout costs far more than a clock read,
/// but tiny games make rollouts cheap enough for the read to show.
const CLOCK_EVERY: u32 = 8;

/// Deals of the unseen cards searched per move when the rules hide cards:
/// more deals see more of what the others may hold, fewer search each deeper.
const DEALS: u32 = 8;

/// No node: the end of a sibling list.
const NONE: u32 = u32::MAX;

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run (0 when the move was forced in a game of open hands).
    pub iterations: u32,
    /// Nodes in the tree, the root included.
    pub nodes: usize,
    /// Visits of the chosen move.
    pub best_visits: u32,
    /// The chosen move's mean reward for the mover, in 0..=1.
    pub best_value: f64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
    /// Visits the root already had from the last search (tree reuse), 0 for a fresh tree.
    pub reused: u32,
}

impl SearchStats {
    /// Iterations per second (0 for a forced move in a game of open hands).
    pub fn iterations_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.iterations as f64 / secs
        } else {
            0.0
        }
    }
}

/// A node of the search tree; nodes live in one arena and link by index.
#[derive(Clone, Debug)]
struct Node {
    /// The move into this node (`None` at the root).
    entry: Option<Move>,
    /// The seat that made `entry`: whose rewards `reward` totals.
    seat: u8,
    first_child: u32,
    next_sibling: u32,
    /// Where this node's untried moves start in the tree's move arena.
    untried_start: u32,
    /// How many are left; they are only listed once the node is walked through,
    /// because most leaves are rolled out once and never revisited.
    untried_len: u32,
    moves_listed: bool,
    /// With dice: the move into this node starts a turn whose throw is
    /// chance, so its children are throws (`throw`), each with its moves.
    chance: bool,
    /// A throw's node: the faces thrown, one a byte (0 for a move's node).
    throw: u32,
    visits: u32,
    reward: f64,
}

/// The arena: nodes and the untried moves of every node, reused between searches.
#[derive(Clone, Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
    untried: Vec<Move>,
}

impl Tree {
    fn reset(&mut self, mover: u8) {
        self.nodes.clear();
        self.untried.clear();
        self.nodes.push(Node::new(None, mover));
    }

    /// Keeps only the subtree below `node`, which becomes the root (index
    /// 0), copied into fresh arenas so that memory does not grow over a game.
    fn keep(&mut self, node: u32) {
        let mut kept = Tree::default();
        // (old index, new index) of the nodes whose children are still to copy.
        let mut pending = vec![(node, 0u32)];
        kept.push_copy(self, node);
        while let Some((old, new)) = pending.pop() {
            let mut last = NONE;
            for (child, _) in self.children(old) {
                let copy = kept.push_copy(self, child);
                match last {
                    NONE => kept.nodes[new as usize].first_child = copy,
                    before => kept.nodes[before as usize].next_sibling = copy,
                }
                last = copy;
                pending.push((child, copy));
            }
        }
        *self = kept;
    }

    /// Appends a copy of node `old` of `from`, with its untried moves and
    /// no links; returns its index.
    fn push_copy(&mut self, from: &Tree, old: u32) -> u32 {
        let mut node = from.nodes[old as usize].clone();
        let start = node.untried_start as usize;
        let untried = &from.untried[start..start + node.untried_len as usize];
        node.untried_start = self.untried.len() as u32;
        self.untried.extend_from_slice(untried);
        node.first_child = NONE;
        node.next_sibling = NONE;
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    fn list_moves(&mut self, node: u32, moves: &[Move]) {
        let start = self.untried.len() as u32;
        self.untried.extend_from_slice(moves);
        let n = &mut self.nodes[node as usize];
        n.untried_start = start;
        n.untried_len = moves.len() as u32;
        n.moves_listed = true;
    }

    /// Removes a random untried move of `node`, so that expansion order is unbiased.
    fn take_untried(&mut self, node: u32, rng: &mut SmallRng) -> Move {
        let n = &mut self.nodes[node as usize];
        let start = n.untried_start as usize;
        let last = start + n.untried_len as usize - 1;
        self.untried.swap(rng.gen_range(start..=last), last);
        n.untried_len -= 1;
        self.untried[last]
    }

    fn add_child(&mut self, parent: u32, entry: Move, seat: u8) -> u32 {
        let child = self.nodes.len() as u32;
        let mut node = Node::new(Some(entry), seat);
        node.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(node);
        self.nodes[parent as usize].first_child = child;
        child
    }

    fn children(&self, parent: u32) -> impl Iterator<Item = (u32, &Node)> + '_ {
        let mut next = self.nodes[parent as usize].first_child;
        std::iter::from_fn(move || {
            let index = next;
            let node = self.nodes.get(index as usize)?;
            next = node.next_sibling;
            Some((index, node))
        })
    }

    /// The child of chance node `parent` for `throw`, added if it is new.
    fn throw_child(&mut self, parent: u32, throw: u32) -> u32 {
        if let Some((index, _)) = self.children(parent).find(|(_, n)| n.throw == throw) {
            return index;
        }
        let seat = self.nodes[parent as usize].seat;
        let child = self.nodes.len() as u32;
        let mut node = Node::new(None, seat);
        node.throw = throw;
        node.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(node);
        self.nodes[parent as usize].first_child = child;
        child
    }

    /// The child with the highest UCB1 value; every child has been visited once.
    fn select(&self, parent: u32, exploration: f64) -> Option<u32> {
        let log_visits = (self.nodes[parent as usize].visits as f64).ln();
        let mut best = (NONE, f64::NEG_INFINITY);
        for (index, child) in self.children(parent) {
            let visits = child.visits as f64;
            let value = child.reward / visits + exploration * (log_visits / visits).sqrt();
            if value > best.1 {
                best = (index, value);
            }
        }
        (best.0 != NONE).then_some(best.0)
    }

    /// The root's most visited child and its index; equal visits go to the higher reward.
    fn most_visited(&self) -> Option<(u32, &Node)> {
        let better = |b: &Node, c: &Node| (c.visits, c.reward) > (b.visits, b.reward);
        self.children(0)
            .reduce(|b, c| if better(b.1, c.1) { c } else { b })
    }
}

impl Node {
    fn new(entry: Option<Move>, seat: u8) -> Self {
        Node {
            entry,
            seat,
            first_child: NONE,
            next_sibling: NONE,
            untried_start: 0,
            untried_len: 0,
            moves_listed: false,
            chance: false,
            throw: 0,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// A UCT player: deterministic for a given seed when its budget is in iterations.
#[derive(Clone, Debug)]
pub struct MctsPlayer {
    budget: Budget,
    exploration: f64,
    rng: SmallRng,
    tree: Tree,
    /// The nodes walked this iteration, root first.
    path: Vec<u32>,
    /// Move buffer for listing moves and for rollouts.
    moves: Vec<Move>,
    /// Per seat: this iteration's reward.
    rewards: Vec<f64>,
    /// The position an iteration plays on, reused so that copying the root
    /// allocates nothing.
    scratch: Option<State>,
    /// The position after the last move chosen, and that move's node: the
    /// next search starts from its subtree if the game went on from there.
    chosen: Option<(State, u32)>,
    stats: SearchStats,
}

impl MctsPlayer {
    /// A player thinking `budget` per move, its chance fixed by `seed`.
    pub fn new(budget: Budget, seed: u64) -> Self {
        MctsPlayer {
            budget,
            exploration: EXPLORATION,
            rng: SmallRng::seed_from_u64(seed),
            tree: Tree::default(),
            path: Vec::new(),
            moves: Vec::new(),
            rewards: Vec::new(),
            scratch: None,
            chosen: None,
            stats: SearchStats::default(),
        }
    }

    /// The same player with another UCB1 exploration constant.
    pub fn with_exploration(mut self, exploration: f64) -> Self {
        self.exploration = exploration;
        self
    }

    /// Searches with UCB1 exploration constant `c` from the next move on.
    pub fn set_exploration(&mut self, c: f64) {
        self.exploration = c;
    }

    /// The budget per move.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Thinks `budget` from the next move on (the tree it keeps stays).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// What the last [`Player::choose`] did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Searches from `root` within the budget and returns the most visited move.
    ///
    /// When the rules hide cards, the search never reads them: it works from
    /// the mover's view, deals the unseen cards at random several times
    /// (determinizations), searches each deal with its share of the budget,
    /// and plays the move with the most visits over all of them.
    fn search(&mut self, rules: &Rules, root: &State) -> Move {
        let started = Instant::now();
        rules.legal_moves(root, &mut self.moves);
        assert!(
            !self.moves.is_empty(),
            "MCTS was asked to move with no legal move"
        );
        // A forced move needs no search; but where hands are hidden, one is
        // searched as any other, so that neither the time taken nor the
        // playouts counted tell the table that the hand forced it.
        if self.moves.len() == 1 && !rules.has_hidden() {
            self.chosen = None;
            self.stats = SearchStats {
                elapsed: started.elapsed(),
                ..SearchStats::default()
            };
            return self.moves[0];
        }
        let (limit, deadline) = match self.budget {
            Budget::Iterations(n) => (n.max(1), None),
            Budget::Millis(ms) => (u32::MAX, Some(started + Duration::from_millis(ms))),
        };
        if !rules.has_hidden() {
            if !self.reuse(rules, root) {
                self.tree.reset(root.mover);
            }
            let reused = self.tree.nodes[0].visits;
            let iterations = self.grow(rules, root, limit, deadline);
            let (index, best) = self
                .tree
                .most_visited()
                .expect("a searched root with legal moves has a child");
            let entry = best.entry.expect("only the root has no entry move");
            self.stats = SearchStats {
                iterations,
                nodes: self.tree.nodes.len(),
                best_visits: best.visits,
                best_value: best.reward / best.visits as f64,
                elapsed: started.elapsed(),
                reused,
            };
            // With dice the next search's root has a throw this tree has
            // not seen: it starts afresh.
            if rules.dice.is_none() {
                let mut after = root.clone();
                rules.play(&mut after, entry);
                self.chosen = Some((after, index));
            }
            return entry;
        }
        self.chosen = None;
        let view = rules.view(root, root.mover);
        // Per root move: visits and reward summed over the deals.
        let mut totals: Vec<(Move, u32, f64)> = Vec::new();
        let (mut iterations, mut nodes) = (0, 0);
        for deal in 0..DEALS {
            let left = DEALS - deal;
            let share = (limit.saturating_sub(iterations) / left).max(1);
            let until = deadline.map(|d| {
                let now = Instant::now();
                now + d.saturating_duration_since(now) / left
            });
            let full = rules.determinize(&view, root.mover, &mut self.rng);
            self.tree.reset(full.mover);
            iterations += self.grow(rules, &full, share, until);
            nodes += self.tree.nodes.len();
            for (_, child) in self.tree.children(0) {
                let m = child.entry.expect("only the root has no entry move");
                match totals.iter_mut().find(|t| t.0 == m) {
                    Some(t) => {
                        t.1 += child.visits;
                        t.2 += child.reward;
                    }
                    None => totals.push((m, child.visits, child.reward)),
                }
            }
        }
        let best = totals
            .iter()
            .copied()
            .reduce(|b, c| if (c.1, c.2) > (b.1, b.2) { c } else { b })
            .expect("a searched root with legal moves has a child");
        self.stats = SearchStats {
            iterations,
            nodes,
            best_visits: best.1,
            best_value: best.2 / best.1.max(1) as f64,
            elapsed: started.elapsed(),
            reused: 0,
        };
        best.0
    }

    /// Makes the subtree of the position `root` the tree, if the last
    /// search's tree holds it: `root` is the position after the move it
    /// chose (the same seat moves again) or after that and one reply.
    /// Positions are compared whole, so a new game, an undo or anything
    /// else unexpected starts a fresh tree. Returns whether it did.
    fn reuse(&mut self, rules: &Rules, root: &State) -> bool {
        let Some((after, node)) = self.chosen.take() else {
            return false;
        };
        if after == *root {
            self.tree.keep(node);
            return true;
        }
        if after.is_over() || root.turn != after.turn + 1 {
            return false;
        }
        let mut reply = after.clone();
        let found = self.tree.children(node).find_map(|(child, n)| {
            reply.clone_from(&after);
            rules.play(&mut reply, n.entry?);
            (reply == *root).then_some(child)
        });
        match found {
            Some(child) => {
                self.tree.keep(child);
                true
            }
            None => false,
        }
    }

    /// Grows the tree from `root` for up to `limit` iterations or until
    /// `deadline`; returns the iterations run.
    fn grow(&mut self, rules: &Rules, root: &State, limit: u32, deadline: Option<Instant>) -> u32 {
        let mut iterations = 0;
        while iterations < limit {
            self.iterate(rules, root);
            iterations += 1;
            if let Some(deadline) = deadline {
                if iterations % CLOCK_EVERY == 0 && Instant::now() >= deadline {
                    break;
                }
            }
        }
        iterations
    }

    /// One iteration: select down the tree, expand one move, roll out, back up.
    fn iterate(&mut self, rules: &Rules, root: &State) {
        let mut state = match self.scratch.take() {
            Some(mut s) => {
                s.clone_from(root);
                s
            }
            None => root.clone(),
        };
        if rules.dice.is_some() {
            // The throws to come are the search's own, not the game's.
            state.rng = rand_pcg::Pcg64Mcg::seed_from_u64(self.rng.gen());
        }
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        loop {
            if !self.tree.nodes[node as usize].moves_listed {
                rules.legal_moves(&state, &mut self.moves);
                self.tree.list_moves(node, &self.moves);
            }
            if self.tree.nodes[node as usize].untried_len > 0 {
                let m = self.tree.take_untried(node, &mut self.rng);
                let seat = state.mover;
                rules.play(&mut state, m);
                node = self.tree.add_child(node, m, seat);
                self.tree.nodes[node as usize].chance = rules.dice.is_some() && !state.is_over();
                self.path.push(node);
                break;
            }
            // No child means the game is over or stuck here: the state is its own result.
            let Some(child) = self.tree.select(node, self.exploration) else {
                break;
            };
            rules.play(
                &mut state,
                self.tree.nodes[child as usize]
                    .entry
                    .expect("a child has an entry move"),
            );
            node = child;
            self.path.push(node);
            if self.tree.nodes[node as usize].chance {
                node = self.tree.throw_child(node, throw_key(state.dice()));
                self.path.push(node);
            }
        }
        if !state.is_over() {
            // A game the rules stop at a turn limit is a draw there, as is a
            // rollout that reaches the cap.
            let cap = match rules.turn_limit {
                0 => ROLLOUT_CAP,
                limit => (limit + 1).saturating_sub(state.turn).min(ROLLOUT_CAP),
            };
            random_playout(rules, &mut state, &mut self.moves, &mut self.rng, cap);
        }
        self.reward_seats(state.outcome, &rules.team);
        self.scratch = Some(state);
        for &index in &self.path {
            let n = &mut self.tree.nodes[index as usize];
            n.visits += 1;
            n.reward += self.rewards[n.seat as usize];
        }
    }

    /// Fills `rewards` for an outcome, by seat's team (`team`): every seat
    /// of the winner's team wins; no outcome (a stuck or capped rollout) is
    /// a draw.
    fn reward_seats(&mut self, outcome: Option<Outcome>, team: &[u8]) {
        let seats = team.len();
        self.rewards.clear();
        match outcome {
            Some(Outcome::Win(w)) if (w as usize) < seats => {
                let won = team[w as usize];
                self.rewards
                    .extend(team.iter().map(|&t| f64::from(u8::from(t == won))));
            }
            _ => self.rewards.resize(seats, 1.0 / seats as f64),
        }
    }
}

impl Player for MctsPlayer {
    /// # Panics
    /// When no move is legal, which the [`Player`] contract rules out.
    fn choose(&mut self, rules: &Rules, state: &State) -> Move {
        self.search(rules, state)
    }

    fn name(&self) -> String {
        PlayerSpec::Mcts(self.budget, super::Exploration::of(self.exploration)).to_string()
    }

    fn last_search(&self) -> Option<SearchStats> {
        Some(self.stats)
    }
}

mod pv;

#[cfg(test)]
mod tests;

/// A throw as one number: each die's face a byte.
fn throw_key(faces: &[u8]) -> u32 {
    faces.iter().fold(0, |key, &f| key << 8 | u32::from(f))
}
