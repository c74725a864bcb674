//! Monte Carlo tree search (UCT with random rollouts) for any rules file and any number of seats.
//!
//! Rewards: the winner scores 1 and every other seat 0; a draw, and a rollout
//! that gets stuck or hits the move cap, gives every seat `1 / seats` (0.5 with
//! two), its fair share, so that a draw is worth what an even game is. Each
//! node keeps the reward total of the seat that made the move into it, so UCB1
//! at a node maximises the reward of the seat to move there (max^n style,
//! which needs no assumption about alliances between more than two seats).

use std::time::{Duration, Instant};

use rand::Rng;

use self::iteration::{Allowance, Settings, TreeSearch};
use self::root::RootMove;
use super::{Budget, Player, PlayerSpec};
use crate::engine::{Move, State};
use crate::ir::Rules;

/// The UCB1 exploration constant the player starts with, for rewards in
/// 0..=1: 1, chosen by matches against OpenSpiel's MCTSBot, where it beat
/// the textbook sqrt 2 in all four games measured (benches/README.md,
/// "Matches against OpenSpiel's MCTSBot").
pub const EXPLORATION: f64 = 1.0;

/// The constant where a search keeps RAVE statistics (`rave.rs`), whose
/// blended means need less exploration: 0.1, chosen by matches against
/// OpenSpiel's MCTSBot in Hex 7x7 and Connect Four, where it beat 0.3 and
/// 1 (benches/README.md).
pub const RAVE_EXPLORATION: f64 = 0.1;

/// The constant where playouts are MAST's (`mast.rs`) and the search keeps
/// no RAVE statistics: 0.5, chosen by matches against OpenSpiel's MCTSBot
/// in Breakthrough and Reversi (benches/README.md).
pub const MAST_EXPLORATION: f64 = 0.5;

/// Whether a search's playouts are decisive, and whether they are MAST's,
/// for the kind the player asked for: decisive only where the rules make
/// wins cheap to see; by default MAST only where the search keeps no RAVE
/// statistics (`rave`: with them, MAST lost Hex 7x7 82% to random
/// playouts' 96%); never where a hand is hidden (not measured there).
fn playouts(kind: super::Playouts, rave: bool, rules: &Rules) -> (bool, bool) {
    use super::Playouts::{Auto, Decisive, Mast, Random};
    let decisive = matches!(kind, Auto | Decisive) && rules.sees_wins().is_some();
    let mast = match kind {
        Auto => !decisive && !rave,
        Mast => true,
        Decisive | Random => false,
    };
    (decisive, mast && !rules.has_hidden())
}

/// Rollouts longer than this stop and count as a draw, so that rules whose
/// games need not end cannot hang the search.
const ROLLOUT_CAP: u32 = 10_000;

/// Iterations between looks at the clock: a rollout costs far more than a clock read,
/// but tiny games make rollouts cheap enough for the read to show.
const CLOCK_EVERY: u32 = 8;

/// Deals of the unseen cards searched per move when the rules hide cards:
/// more deals see more of what the others may hold, fewer search each deeper.
const DEALS: u32 = 8;

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
    /// The chosen move's value for the mover when the solver proved it:
    /// 1 a win, 0 a loss, the mover's share of a draw; `None` when open.
    pub proven: Option<f64>,
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

/// A UCT player: deterministic for a given seed when its budget is in iterations.
#[derive(Clone, Debug)]
pub struct MctsPlayer {
    budget: Budget,
    exploration: super::Exploration,
    solve: bool,
    policy: super::Policy,
    /// One tree search a thread; the first runs on the caller's thread.
    searches: Vec<TreeSearch>,
    /// The position after the last move chosen, and that move: the next
    /// search starts from its subtree if the game went on from there.
    chosen: Option<(State, Move)>,
    stats: SearchStats,
}

impl MctsPlayer {
    /// A player thinking `budget` per move on one thread, its chance fixed by `seed`.
    pub fn new(budget: Budget, seed: u64) -> Self {
        MctsPlayer {
            budget,
            exploration: super::Exploration::default(),
            solve: true,
            policy: super::Policy::default(),
            searches: vec![TreeSearch::new(seed)],
            chosen: None,
            stats: SearchStats::default(),
        }
    }

    /// The same player with another UCB1 exploration constant (`None`:
    /// the default for its search).
    pub fn with_exploration(mut self, exploration: super::Exploration) -> Self {
        self.exploration = exploration;
        self
    }

    /// The same player searching on `threads` threads (at least 1), each
    /// growing its own tree (root parallel): an iteration budget is shared
    /// among them, a time budget is each one's. The first thread searches
    /// as the one-thread player does, so one thread plays its games.
    pub fn with_threads(mut self, threads: usize) -> Self {
        // Seeds drawn from a copy of the first's chance, which stays as it was.
        let mut seeds = self.searches[0].rng.clone();
        let more: Vec<TreeSearch> = (1..threads.max(1))
            .map(|_| TreeSearch::new(seeds.gen()))
            .collect();
        self.searches.truncate(1);
        self.searches.extend(more);
        self
    }

    /// The same player with the solver on or off (on by default; see `solver`).
    pub fn with_solver(mut self, solve: bool) -> Self {
        self.solve = solve;
        self
    }

    /// The same player with this policy (decisive playouts and RAVE by
    /// default: see `engine/decisive.rs` and `rave.rs`).
    pub fn with_policy(mut self, policy: super::Policy) -> Self {
        self.policy = policy;
        self
    }

    /// Searches with `policy` from the next move on.
    pub fn set_policy(&mut self, policy: super::Policy) {
        self.policy = policy;
    }

    /// Searches with UCB1 exploration constant `c` from the next move on.
    pub fn set_exploration(&mut self, c: super::Exploration) {
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

    /// Searches from `root` within the budget and returns the move to play
    /// (see [`root::best`]).
    ///
    /// When the rules hide cards, the search never reads them: it works from
    /// the mover's view and deals the unseen cards at random, anew at each
    /// iteration into one tree (`ismcts`, the default), or a few times
    /// (determinizations), each deal searched with its share of the budget;
    /// it plays the move with the most visits over all of them.
    fn search(&mut self, rules: &Rules, root: &State) -> Move {
        let started = Instant::now();
        let moves = &mut self.searches[0].moves;
        rules.legal_moves(root, moves);
        assert!(
            !moves.is_empty(),
            "MCTS was asked to move with no legal move"
        );
        // A forced move needs no search; but where hands are hidden, one is
        // searched as any other, so that neither the time taken nor the
        // playouts counted tell the table that the hand forced it.
        if moves.len() == 1 && !rules.has_hidden() {
            let forced = moves[0];
            self.chosen = None;
            self.stats = SearchStats {
                elapsed: started.elapsed(),
                ..SearchStats::default()
            };
            return forced;
        }
        let allowance = match self.budget {
            Budget::Iterations(n) => Allowance {
                iterations: n.max(1),
                deadline: None,
            },
            Budget::Millis(ms) => Allowance {
                iterations: u32::MAX,
                deadline: Some(started + Duration::from_millis(ms)),
            },
        };
        let rave =
            self.policy.rave && rules.pieces_stay() && rules.dice.is_none() && !rules.has_hidden();
        let (decisive, mast) = playouts(self.policy.playouts, rave, rules);
        let default = match (rave, mast) {
            (true, _) => RAVE_EXPLORATION,
            (false, true) => MAST_EXPLORATION,
            (false, false) => EXPLORATION,
        };
        let settings = Settings {
            exploration: self.exploration.given().unwrap_or(default),
            solve: self.solve && solver::applies(rules),
            decisive,
            mast,
            rave,
        };
        let (totals, iterations, nodes, reused) = if rules.has_hidden() {
            let (totals, iterations, nodes) = match self.policy.ismcts {
                true => self.search_info_sets(rules, root, settings, allowance),
                false => self.search_deals(rules, root, settings, allowance),
            };
            (totals, iterations, nodes, 0)
        } else {
            self.search_open(rules, root, settings, allowance)
        };
        let best = root::best(&totals, root.mover, &rules.team)
            .expect("a searched root with legal moves has a child");
        self.stats = SearchStats {
            iterations,
            nodes,
            best_visits: best.visits,
            best_value: best.reward / best.visits.max(1) as f64,
            elapsed: started.elapsed(),
            reused,
            proven: best
                .proven
                .map(|o| solver::worth(o, root.mover, &rules.team)),
        };
        // With dice the next search's root has a throw this tree has not
        // seen, and with hidden cards each deal was a guess: those start afresh.
        self.chosen = None;
        if !rules.has_hidden() && rules.dice.is_none() {
            let mut after = root.clone();
            rules.play(&mut after, best.entry);
            self.chosen = Some((after, best.entry));
        }
        best.entry
    }

    /// Searches a game of open hands: each thread grows its tree (kept
    /// from the last search where it holds `root`). Returns the root's
    /// moves, the iterations run, the nodes and the visits reused.
    fn search_open(
        &mut self,
        rules: &Rules,
        root: &State,
        settings: Settings,
        allowance: Allowance,
    ) -> (Vec<RootMove>, u32, usize, u32) {
        let chosen = self.chosen.take();
        let mut reused = 0;
        for search in &mut self.searches {
            let kept = chosen
                .as_ref()
                .is_some_and(|(after, m)| search.reuse(rules, *m, after, root));
            if !kept {
                search.tree.reset(root.mover);
            }
            if settings.mast {
                search.mast.age();
            }
            reused += search.tree.nodes[0].visits;
        }
        let threads = self.searches.len() as u32;
        let grown = on_every_thread(&mut self.searches, root, |k, search, root| {
            search.grow(rules, root, settings, share(allowance, k, threads))
        });
        let (totals, nodes) = self.root_moves();
        (totals, grown.iter().sum(), nodes, reused)
    }

    /// The root's moves summed over every thread's tree, and the nodes.
    fn root_moves(&self) -> (Vec<RootMove>, usize) {
        let mut totals = Vec::new();
        for search in &self.searches {
            root::add_root_moves(&mut totals, &search.tree);
        }
        (
            totals,
            self.searches.iter().map(|s| s.tree.nodes.len()).sum(),
        )
    }

    /// Searches a game of hidden cards from the mover's view with one tree
    /// a thread, each iteration on a fresh deal of the unseen cards
    /// (`info_set.rs`). Returns the root's moves summed over the threads,
    /// the iterations run and the nodes.
    fn search_info_sets(
        &mut self,
        rules: &Rules,
        root: &State,
        settings: Settings,
        allowance: Allowance,
    ) -> (Vec<RootMove>, u32, usize) {
        self.chosen = None;
        let threads = self.searches.len() as u32;
        let view = rules.view(root, root.mover);
        let grown = on_every_thread(&mut self.searches, &view, |k, search, view| {
            search.grow_over_deals(rules, view, settings, share(allowance, k, threads))
        });
        let (totals, nodes) = self.root_moves();
        (totals, grown.iter().sum(), nodes)
    }

    /// Searches a game of hidden cards from the mover's view: [`DEALS`]
    /// deals of the unseen cards, shared among the threads, each searched
    /// with its share of the budget. Returns the root's moves summed over
    /// the deals, the iterations run and the nodes.
    fn search_deals(
        &mut self,
        rules: &Rules,
        root: &State,
        settings: Settings,
        allowance: Allowance,
    ) -> (Vec<RootMove>, u32, usize) {
        self.chosen = None;
        let threads = self.searches.len() as u32;
        let searched = on_every_thread(&mut self.searches, root, |k, search, root| {
            let deals = (k as u32..DEALS).step_by(threads as usize).count() as u32;
            let limit = share(allowance, k, threads).iterations;
            let (mut totals, mut iterations, mut nodes) = (Vec::new(), 0, 0);
            let view = rules.view(root, root.mover);
            for deal in 0..deals {
                let left = deals - deal;
                let deal_allowance = Allowance {
                    iterations: (limit.saturating_sub(iterations) / left).max(1),
                    deadline: allowance.deadline.map(|d| {
                        let now = Instant::now();
                        now + d.saturating_duration_since(now) / left
                    }),
                };
                let full = rules.determinize(&view, root.mover, &mut search.rng);
                search.tree.reset(full.mover);
                iterations += search.grow(rules, &full, settings, deal_allowance);
                nodes += search.tree.nodes.len();
                root::add_root_moves(&mut totals, &search.tree);
            }
            (totals, iterations, nodes)
        });
        let mut totals = Vec::new();
        for (moves, _, _) in &searched {
            for &m in moves {
                root::add(&mut totals, m);
            }
        }
        let iterations = searched.iter().map(|s| s.1).sum();
        (totals, iterations, searched.iter().map(|s| s.2).sum())
    }
}

/// Thread `k`'s part of `allowance` shared among `threads`: the
/// iterations are shared, the deadline is each one's.
fn share(allowance: Allowance, k: usize, threads: u32) -> Allowance {
    let (limit, k) = (allowance.iterations, k as u32);
    Allowance {
        iterations: limit / threads + u32::from(k < limit % threads),
        ..allowance
    }
}

/// Runs `work` on every tree search and position `root`, each on a thread
/// of its own with a copy of `root` (a position is not shared between
/// threads) but the first, which runs on this one; returns the results in
/// order.
fn on_every_thread<R: Send>(
    searches: &mut [TreeSearch],
    root: &State,
    work: impl Fn(usize, &mut TreeSearch, &State) -> R + Sync,
) -> Vec<R> {
    let Some((first, rest)) = searches.split_first_mut() else {
        return Vec::new();
    };
    if rest.is_empty() {
        return vec![work(0, first, root)];
    }
    let work = &work;
    std::thread::scope(|scope| {
        let others: Vec<_> = rest
            .iter_mut()
            .enumerate()
            .map(|(k, search)| {
                let copy = root.clone();
                scope.spawn(move || work(k + 1, search, &copy))
            })
            .collect();
        let mut results = vec![work(0, first, root)];
        results.extend(
            others
                .into_iter()
                .map(|t| t.join().expect("a search thread panicked")),
        );
        results
    })
}

impl Player for MctsPlayer {
    /// # Panics
    /// When no move is legal, which the [`Player`] contract rules out.
    fn choose(&mut self, rules: &Rules, state: &State) -> Move {
        self.search(rules, state)
    }

    fn name(&self) -> String {
        PlayerSpec::Mcts(self.budget, self.exploration, self.policy).to_string()
    }

    fn last_search(&self) -> Option<SearchStats> {
        Some(self.stats)
    }
}

mod info_set;
mod iteration;
mod mast;
mod pv;
mod rave;
mod reuse;
mod root;
mod solver;
mod tree;

#[cfg(test)]
mod tests;

/// A throw as one number: each die's face a byte.
fn throw_key(faces: &[u8]) -> u32 {
    faces.iter().fold(0, |key, &f| key << 8 | u32::from(f))
}
