//! One tree and the search that grows it: select down the tree, expand one
//! move, roll out, back up. A player has one of these a thread.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::mast::Mast;
use super::solver::{settled, worth};
use super::tree::Tree;
use super::{throw_key, CLOCK_EVERY, ROLLOUT_CAP};
use crate::engine::{random_playout, Move, Outcome, State};
use crate::ir::Rules;

/// A tree, its chance and its buffers. Aligned to two cache lines so that
/// the searches of two threads, side by side in one `Vec`, never share one
/// (their chance is written at every random draw).
#[derive(Clone, Debug)]
#[repr(align(128))]
pub(super) struct TreeSearch {
    pub rng: SmallRng,
    pub tree: Tree,
    /// The nodes walked this iteration, root first.
    pub(super) path: Vec<u32>,
    /// Move buffer for listing moves and for rollouts.
    pub moves: Vec<Move>,
    /// Per seat: this iteration's reward.
    pub(super) rewards: Vec<f64>,
    /// The position an iteration plays on, reused so that copying the root
    /// allocates nothing.
    pub(super) scratch: Option<State>,
    /// The position a move is tried on when looking for a win at once.
    trial: Option<State>,
    /// With RAVE: per seat, its pieces at the iteration's leaf, then the
    /// cells it took below the node being backed up.
    placed: Vec<u128>,
    /// With MAST: the moves' means and the iteration's moves (`mast.rs`).
    pub mast: Mast,
}

/// How long a tree may grow: up to `iterations`, and until `deadline`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Allowance {
    pub iterations: u32,
    pub deadline: Option<Instant>,
}

/// How a search grows its tree.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// Whether proven positions are marked and used (see `solver`).
    pub solve: bool,
    /// Whether nodes keep RAVE statistics (`rave.rs`): the pieces stay
    /// where they are put, and the player wants it.
    pub rave: bool,
    /// Whether playouts take wins at once and stop them (see
    /// `engine/decisive.rs`): the rules make that cheap, and the player
    /// wants it.
    pub decisive: bool,
    /// Whether playouts lean towards the moves that did well (`mast.rs`),
    /// where they are not decisive.
    pub mast: bool,
}

impl TreeSearch {
    pub fn new(seed: u64) -> Self {
        TreeSearch {
            rng: SmallRng::seed_from_u64(seed),
            tree: Tree::default(),
            path: Vec::new(),
            moves: Vec::new(),
            rewards: Vec::new(),
            scratch: None,
            trial: None,
            placed: Vec::new(),
            mast: Mast::default(),
        }
    }

    /// Grows the tree from `root` within `allowance`, or until the root is
    /// proven; returns the iterations run.
    pub fn grow(
        &mut self,
        rules: &Rules,
        root: &State,
        settings: Settings,
        allowance: Allowance,
    ) -> u32 {
        let Allowance {
            iterations: limit,
            deadline,
        } = allowance;
        let mut iterations = 0;
        while iterations < limit && self.tree.nodes[0].proven.is_none() {
            self.iterate(rules, root, settings);
            iterations += 1;
            if let Some(deadline) = deadline {
                if iterations % CLOCK_EVERY == 0 && Instant::now() >= deadline {
                    break;
                }
            }
        }
        iterations
    }

    /// One iteration: select down the tree, expand one move, roll out (or
    /// take a proven outcome), back up.
    fn iterate(&mut self, rules: &Rules, root: &State, settings: Settings) {
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
        let proven = self.descend(rules, &mut state, settings);
        let leaf_mover = state.mover;
        if settings.rave {
            self.placed.clear();
            let seats = rules.seats.len() as u8;
            self.placed
                .extend((0..seats).map(|s| rules.pieces_of(&state, s)));
        }
        let outcome = match proven {
            Some(proven) => Some(proven),
            None => {
                if !state.is_over() {
                    let cap = rollout_cap(rules, &state);
                    let (moves, rng) = (&mut self.moves, &mut self.rng);
                    if settings.decisive {
                        rules.decisive_playout(&mut state, moves, rng, cap);
                    } else if settings.mast {
                        self.mast.playout(rules, &mut state, moves, rng, cap);
                    } else {
                        random_playout(rules, &mut state, moves, rng, cap);
                    }
                }
                state.outcome
            }
        };
        self.reward_seats(outcome, &rules.team);
        if settings.mast {
            self.back_up_mast();
        }
        if settings.rave {
            self.back_up_amaf(rules, &state, leaf_mover);
        }
        self.scratch = Some(state);
        for &index in &self.path {
            let n = &mut self.tree.nodes[index as usize];
            n.visits += 1;
            n.reward += self.rewards[n.seat as usize];
        }
        if settings.solve {
            self.back_up_proofs(&rules.team);
        }
    }

    /// After an iteration: adds its rewards to the moves of its path and
    /// of its playout.
    fn back_up_mast(&mut self) {
        for &node in &self.path {
            let n = &self.tree.nodes[node as usize];
            if let Some(m) = n.entry {
                self.mast.made(&m, n.seat);
            }
        }
        self.mast.back_up(&self.rewards);
    }

    /// After an iteration ending in `last`, where pieces stay: gives each
    /// node of the path the cells its mover took below it, leaf first (the
    /// playout's, then each move's of the path as the walk goes up).
    fn back_up_amaf(&mut self, rules: &Rules, last: &State, leaf_mover: u8) {
        for (seat, placed) in self.placed.iter_mut().enumerate() {
            *placed = rules.pieces_of(last, seat as u8) & !*placed;
        }
        for i in (0..self.path.len()).rev() {
            let node = self.path[i];
            let mover = match self.path.get(i + 1) {
                Some(&below) => self.tree.nodes[below as usize].seat,
                None => leaf_mover,
            } as usize;
            self.tree
                .record_amaf(node, self.placed[mover], self.rewards[mover]);
            let n = &self.tree.nodes[node as usize];
            if let Some(Move::Place(cell)) = n.entry {
                self.placed[n.seat as usize] |= 1u128 << cell;
            }
        }
    }

    /// Walks from the root to a new leaf (or a proven node, or a position
    /// with no move), playing the moves on `state`; fills `path`. Returns
    /// the outcome of a proven node reached.
    fn descend(&mut self, rules: &Rules, state: &mut State, settings: Settings) -> Option<Outcome> {
        self.path.clear();
        self.path.push(0);
        let mut node = 0;
        loop {
            if !self.tree.nodes[node as usize].moves_listed {
                rules.legal_moves(state, &mut self.moves);
                self.tree.list_moves(node, &self.moves);
                if settings.rave {
                    self.tree.add_amaf(node, rules.geometry.cell_count());
                }
                if settings.solve {
                    if let Some((m, win)) = self.win_at_once(rules, state) {
                        // The winning move becomes the node's child (the move
                        // a proven root plays), and the node is proven.
                        self.tree.take_move(node, m);
                        let child = self.tree.add_child(node, m, state.mover);
                        self.tree.nodes[child as usize].proven = Some(win);
                        self.tree.nodes[node as usize].proven = Some(win);
                        rules.play(state, m);
                        self.path.push(child);
                        return Some(win);
                    }
                }
            }
            if self.tree.nodes[node as usize].untried_len > 0 {
                let m = match settings.rave {
                    true => self.tree.take_best_untried(node, &mut self.rng),
                    false => self.tree.take_untried(node, &mut self.rng),
                };
                let seat = state.mover;
                rules.play(state, m);
                node = self.tree.add_child(node, m, seat);
                let child = &mut self.tree.nodes[node as usize];
                child.chance = rules.dice.is_some() && !state.is_over();
                if settings.solve && state.is_over() {
                    child.proven = Some(settled(state.outcome));
                }
                self.path.push(node);
                return None;
            }
            // No child means the game is over or stuck here: the state is its own result.
            let child = self.tree.select(node, settings.exploration, &rules.team)?;
            rules.play(
                state,
                self.tree.nodes[child as usize]
                    .entry
                    .expect("a child has an entry move"),
            );
            node = child;
            self.path.push(node);
            if let Some(proven) = self.tree.nodes[node as usize].proven {
                return Some(proven);
            }
            if self.tree.nodes[node as usize].chance {
                node = self.tree.throw_child(node, throw_key(state.dice()));
                self.path.push(node);
            }
        }
    }

    /// A move in `moves` (those of `state`) that wins the
    /// game at once for the mover's team, and its outcome: a node whose mover
    /// can win at once is proven as soon as its moves are listed, so that
    /// the move into it is known lost for the seat that made it, without
    /// waiting for the winning move to be tried.
    fn win_at_once(&mut self, rules: &Rules, state: &State) -> Option<(Move, Outcome)> {
        let mut trial = self.trial.take().unwrap_or_else(|| state.clone());
        let mut found = None;
        for &m in &self.moves {
            trial.clone_from(state);
            rules.play(&mut trial, m);
            if let Some(outcome @ Outcome::Win(_)) = trial.outcome {
                if worth(outcome, state.mover, &rules.team) == 1.0 {
                    found = Some((m, outcome));
                    break;
                }
            }
        }
        self.trial = Some(trial);
        found
    }

    /// After an iteration: proves what its leaf's proof now proves, from
    /// the leaf up, stopping at the first node left open.
    fn back_up_proofs(&mut self, team: &[u8]) {
        for &node in self.path.iter().rev() {
            if !self.tree.prove(node, team) {
                break;
            }
        }
    }

    /// Fills `rewards` for an outcome, by seat's team: every seat of the
    /// winner's team wins; no outcome (a stuck or capped rollout) is a draw.
    pub(super) fn reward_seats(&mut self, outcome: Option<Outcome>, team: &[u8]) {
        let outcome = settled(outcome);
        self.rewards.clear();
        self.rewards
            .extend((0..team.len()).map(|seat| worth(outcome, seat as u8, team)));
    }
}

/// The most moves a rollout from `state` plays: a game the rules stop at a
/// turn limit is a draw there, as is a rollout that reaches the cap.
pub(super) fn rollout_cap(rules: &Rules, state: &State) -> u32 {
    match rules.turn_limit {
        0 => ROLLOUT_CAP,
        limit => (limit + 1).saturating_sub(state.turn).min(ROLLOUT_CAP),
    }
}
