//! The principal variation of the last search: the line of moves the tree
//! expects, for tools that show what the AI is thinking (`tabula engine`'s
//! `go`).

use super::tree::Node;
use super::MctsPlayer;
use crate::engine::Move;
use crate::ir::Rules;

/// A move below the first must have been visited this often to be shown:
/// a node visited once was only expanded, not searched.
const MIN_VISITS: u32 = 2;

impl MctsPlayer {
    /// The principal variation of the last search, which chose `first`:
    /// `first`, then the most visited reply at each node below it, for at
    /// most `max` moves. It stops where chance comes next (a throw of the
    /// dice), where the search went no deeper, and after the first move in
    /// a game of hidden cards, whose trees were searched on random deals of
    /// the unseen cards (a line from one deal says nothing of the true one).
    /// A forced move, which was not searched, is its own line.
    pub fn principal_variation(&self, rules: &Rules, first: Move, max: usize) -> Vec<Move> {
        let mut line = vec![first];
        let tree = &self.searches[0].tree;
        if rules.has_hidden() || self.stats.iterations == 0 || tree.nodes.is_empty() {
            return line;
        }
        let Some((mut node, _)) = tree.children(0).find(|(_, n)| n.entry == Some(first)) else {
            return line;
        };
        while line.len() < max && !tree.nodes[node as usize].chance {
            let best = tree
                .children(node)
                .filter(|(_, n)| n.visits >= MIN_VISITS && n.entry.is_some())
                .reduce(|b, c| if better(b.1, c.1) { c } else { b });
            let Some((child, n)) = best else { break };
            line.extend(n.entry);
            node = child;
        }
        line
    }
}

/// Whether `c` is a better reply than `b`: more visits, then a higher reward.
fn better(b: &Node, c: &Node) -> bool {
    (c.visits, c.reward) > (b.visits, b.reward)
}

#[cfg(test)]
mod tests {
    use crate::ai::{test_rules, Budget, MctsPlayer, Player};

    #[test]
    fn the_line_starts_with_the_move_and_is_legal_move_by_move() {
        let rules = test_rules("tic-tac-toe", &[]);
        let state = rules.start(0);
        let mut player = MctsPlayer::new(Budget::Iterations(3000), 1);
        let m = player.choose(&rules, &state);
        let line = player.principal_variation(&rules, m, 9);
        assert_eq!(line[0], m);
        assert!(line.len() > 2, "{line:?}");
        let mut after = state.clone();
        for m in line {
            assert!(rules.sorted_moves(&after).contains(&m));
            rules.play(&mut after, m);
        }
    }

    #[test]
    fn a_line_stops_at_chance_and_at_hidden_cards() {
        for name in ["backgammon", "just-4-fun"] {
            let rules = test_rules(name, &[]);
            let state = rules.start(3);
            let mut player = MctsPlayer::new(Budget::Iterations(300), 1);
            let m = player.choose(&rules, &state);
            assert_eq!(player.principal_variation(&rules, m, 9), vec![m], "{name}");
        }
    }
}
