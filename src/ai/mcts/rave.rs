//! RAVE (rapid action value estimation): at each node, for every cell, the
//! mean reward of the iterations in which the node's mover put a piece on
//! that cell at any time after the node ("all moves as first"), not only
//! as its next move. A move's own mean is blended with its cell's, the
//! cell's weighing most while the move has few visits; every move is still
//! tried once before any twice (trying only the moves whose cells look
//! good lost tic-tac-toe to a perfect player), best cell first. Only in games whose pieces stay where they are
//! put (`Rules::pieces_stay`), where the cells a seat took after a node
//! are its pieces at the end less those it had there.

use rand::rngs::SmallRng;
use rand::Rng;

use super::tree::{Tree, NONE};
use crate::engine::Move;

/// One cell's all-moves-as-first statistics at a node.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stat {
    pub visits: u32,
    pub reward: f32,
}

/// The visits at which a move's own mean and its cell's weigh alike,
/// about (the weight of the cell's is √(k / (3n + k)) after n visits).
const EQUIVALENCE: f64 = 1000.0;

/// The mean reward of a cell never seen in a playout.
const UNSEEN: f64 = 0.5;

impl Tree {
    /// Gives `node` a table of statistics for `cells` cells, if it has none.
    pub fn add_amaf(&mut self, node: u32, cells: usize) {
        let n = &mut self.nodes[node as usize];
        if n.amaf == NONE {
            n.amaf = self.amaf.len() as u32;
            self.amaf_cells = cells;
            self.amaf.resize(self.amaf.len() + cells, Stat::default());
        }
    }

    /// The table of `node`, if it has one.
    pub fn amaf_of(&self, node: u32) -> Option<&[Stat]> {
        let start = self.nodes[node as usize].amaf;
        (start != NONE).then(|| &self.amaf[start as usize..start as usize + self.amaf_cells])
    }

    /// Adds an iteration's `reward` to the cells of `placed` in the table of
    /// `node`, if it has one.
    pub fn record_amaf(&mut self, node: u32, mut placed: u128, reward: f64) {
        let start = self.nodes[node as usize].amaf;
        if start == NONE {
            return;
        }
        let table = &mut self.amaf[start as usize..start as usize + self.amaf_cells];
        while placed != 0 {
            let cell = placed.trailing_zeros() as usize;
            placed &= placed - 1;
            if let Some(stat) = table.get_mut(cell) {
                stat.visits += 1;
                stat.reward += reward as f32;
            }
        }
    }

    /// Removes the untried move of `node` to try next: where it has a
    /// table, the one whose cell has the best mean (ties to the first from
    /// a random place); else a random one.
    pub fn take_best_untried(&mut self, node: u32, rng: &mut SmallRng) -> Move {
        let Some((i, _)) = self.best_untried(node, rng) else {
            return self.take_untried(node, rng);
        };
        let n = &mut self.nodes[node as usize];
        let last = (n.untried_start + n.untried_len - 1) as usize;
        n.untried_len -= 1;
        self.untried.swap(i, last);
        self.untried[last]
    }

    /// Where in the untried arena the untried move of `node` with the best
    /// cell mean is, and that mean; `None` without a table.
    fn best_untried(&self, node: u32, rng: &mut SmallRng) -> Option<(usize, f64)> {
        let table = self.amaf_of(node)?;
        let n = &self.nodes[node as usize];
        let (start, len) = (n.untried_start as usize, n.untried_len as usize);
        let offset = rng.gen_range(0..len);
        let (mut best, mut best_mean) = (start + offset, f64::NEG_INFINITY);
        for k in 0..len {
            let i = start + (offset + k) % len;
            let mean = cell_mean(table, self.untried[i]);
            if mean > best_mean {
                (best, best_mean) = (i, mean);
            }
        }
        Some((best, best_mean))
    }
}

/// `mean`, a child's own mean after `visits`, blended with its cell's in
/// `table`.
pub(super) fn blended(mean: f64, visits: f64, table: &[Stat], entry: Option<Move>) -> f64 {
    let Some(Move::Place(cell)) = entry else {
        return mean;
    };
    let Some(stat) = table.get(cell as usize).filter(|s| s.visits > 0) else {
        return mean;
    };
    let weight = (EQUIVALENCE / (3.0 * visits + EQUIVALENCE)).sqrt();
    let cell_mean = f64::from(stat.reward) / f64::from(stat.visits);
    (1.0 - weight) * mean + weight * cell_mean
}

/// The mean of the cell `m` puts a piece on, in `table`.
fn cell_mean(table: &[Stat], m: Move) -> f64 {
    match m {
        Move::Place(cell) => table
            .get(cell as usize)
            .filter(|s| s.visits > 0)
            .map_or(UNSEEN, |s| f64::from(s.reward) / f64::from(s.visits)),
        _ => UNSEEN,
    }
}

#[cfg(test)]
mod tests {
    use super::super::MctsPlayer;
    use crate::ai::{test_rules, Budget, Player};
    use crate::engine::Move;

    /// Every iteration through a child put the parent's mover's piece on
    /// the child's cell, so that cell's count at the parent is at least the
    /// child's visits, and its reward at least the child's; a cell counts
    /// once an iteration, so never more than the parent's visits.
    #[test]
    fn a_cells_count_covers_its_move_and_never_passes_the_visits() {
        for (name, set) in [
            ("tic-tac-toe", &[][..]),
            ("hex", &[("size", 4)][..]),
            ("connect-four", &[][..]),
        ] {
            let rules = test_rules(name, set);
            let mut player = MctsPlayer::new(Budget::Iterations(3000), 1);
            player.choose(&rules, &rules.start(0));
            let tree = &player.searches[0].tree;
            let mut checked = 0;
            for node in 0..tree.nodes.len() as u32 {
                let Some(table) = tree.amaf_of(node) else {
                    continue;
                };
                let visits = tree.nodes[node as usize].visits;
                assert!(table.iter().all(|s| s.visits <= visits), "{name}");
                for (_, child) in tree.children(node) {
                    let Some(Move::Place(cell)) = child.entry else {
                        continue;
                    };
                    let stat = table[cell as usize];
                    assert!(stat.visits >= child.visits, "{name}: {stat:?} {child:?}");
                    let slack = 1e-4 * f64::from(stat.visits);
                    assert!(f64::from(stat.reward) + slack >= child.reward, "{name}");
                    checked += 1;
                }
            }
            assert!(checked > 100, "{name}: {checked} children checked");
        }
    }
}
