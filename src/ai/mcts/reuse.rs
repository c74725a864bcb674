//! Tree reuse: the next search starts from the subtree of the position the
//! game reached, if the last search's tree holds it, with any number of
//! seats (the moves of all the seats between two of the player's turns).

use super::iteration::TreeSearch;
use super::tree::Tree;
use crate::engine::{Move, State};
use crate::ir::Rules;

/// Positions played while looking for the new root: the others' moves since
/// the player's last are found by playing the tree's own moves, and a tree
/// whose position is not found within this many is dropped.
const MOST_PLAYS: u32 = 4096;

impl TreeSearch {
    /// Makes the subtree of position `root` this search's tree, if its tree
    /// holds it below the root's move `chosen`, which led to `after`.
    /// Positions are compared whole, so a new game, an undo or anything
    /// else unexpected starts a fresh tree. Returns whether it did.
    pub fn reuse(&mut self, rules: &Rules, chosen: Move, after: &State, root: &State) -> bool {
        if self.tree.nodes.is_empty() {
            return false;
        }
        let Some((node, _)) = self.tree.children(0).find(|(_, n)| n.entry == Some(chosen)) else {
            return false;
        };
        let mut plays = MOST_PLAYS;
        match find(&self.tree, rules, node, after, root, &mut plays) {
            Some(found) => {
                self.tree.keep(found);
                true
            }
            None => false,
        }
    }
}

/// The node below `node` (whose position is `at`), `node` included, whose
/// position is `root`: a turn is one move, so only the moves of the turns
/// before `root`'s are followed, within `plays` positions played.
fn find(
    tree: &Tree,
    rules: &Rules,
    node: u32,
    at: &State,
    root: &State,
    plays: &mut u32,
) -> Option<u32> {
    if at == root {
        return Some(node);
    }
    if at.is_over() || at.turn >= root.turn || tree.nodes[node as usize].chance {
        return None;
    }
    let mut next = at.clone();
    for (child, n) in tree.children(node) {
        *plays = plays.checked_sub(1)?;
        next.clone_from(at);
        rules.play(&mut next, n.entry?);
        if let Some(found) = find(tree, rules, child, &next, root, plays) {
            return Some(found);
        }
    }
    None
}
