//! The search tree: nodes in one arena linked by index, each with the
//! moves not yet tried from it, its visits and reward, and, once the
//! solver has proven it, the outcome of its position under best play.

use rand::rngs::SmallRng;
use rand::Rng;

use crate::engine::{Move, Outcome};

/// No node: the end of a sibling list.
pub(super) const NONE: u32 = u32::MAX;

/// A node of the search tree.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// The move into this node (`None` at the root and at a throw's node).
    pub entry: Option<Move>,
    /// The seat that made `entry`: whose rewards `reward` totals.
    pub seat: u8,
    pub first_child: u32,
    pub next_sibling: u32,
    /// Where this node's untried moves start in the tree's move arena.
    pub untried_start: u32,
    /// How many are left; they are only listed once the node is walked through,
    /// because most leaves are rolled out once and never revisited.
    pub untried_len: u32,
    pub moves_listed: bool,
    /// With dice: the move into this node starts a turn whose throw is
    /// chance, so its children are throws (`throw`), each with its moves.
    pub chance: bool,
    /// A throw's node: the faces thrown, one a byte (0 for a move's node).
    pub throw: u32,
    /// The outcome of this node's position under best play, once proven
    /// (the solver: a game over here, or proven from its children).
    pub proven: Option<Outcome>,
    pub visits: u32,
    pub reward: f64,
    /// Where this node's RAVE table starts in the tree's table arena
    /// (`rave.rs`), or `NONE`.
    pub amaf: u32,
}

impl Node {
    pub fn new(entry: Option<Move>, seat: u8) -> Self {
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
            proven: None,
            visits: 0,
            reward: 0.0,
            amaf: NONE,
        }
    }

    /// Whether every move from here has a child: none is left untried.
    pub fn expanded(&self) -> bool {
        self.moves_listed && self.untried_len == 0
    }
}

/// The arena: nodes and the untried moves of every node, reused between searches.
#[derive(Clone, Debug, Default)]
pub(super) struct Tree {
    pub nodes: Vec<Node>,
    pub untried: Vec<Move>,
    /// The RAVE tables of the nodes that have one, `amaf_cells` each.
    pub amaf: Vec<super::rave::Stat>,
    pub amaf_cells: usize,
    /// With one tree over many deals, per node (`info_set.rs`).
    pub sets: Vec<super::info_set::SetStat>,
}

impl Tree {
    pub fn reset(&mut self, mover: u8) {
        self.nodes.clear();
        self.untried.clear();
        self.amaf.clear();
        self.sets.clear();
        self.nodes.push(Node::new(None, mover));
    }

    /// Keeps only the subtree below `node`, which becomes the root (index
    /// 0), copied into fresh arenas so that memory does not grow over a game.
    pub fn keep(&mut self, node: u32) {
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
        if node.amaf != NONE {
            let start = node.amaf as usize;
            node.amaf = self.amaf.len() as u32;
            self.amaf_cells = from.amaf_cells;
            self.amaf
                .extend_from_slice(&from.amaf[start..start + from.amaf_cells]);
        }
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    pub fn list_moves(&mut self, node: u32, moves: &[Move]) {
        let start = self.untried.len() as u32;
        self.untried.extend_from_slice(moves);
        let n = &mut self.nodes[node as usize];
        n.untried_start = start;
        n.untried_len = moves.len() as u32;
        n.moves_listed = true;
    }

    /// Removes a random untried move of `node`, so that expansion order is unbiased.
    pub fn take_untried(&mut self, node: u32, rng: &mut SmallRng) -> Move {
        let n = &mut self.nodes[node as usize];
        let start = n.untried_start as usize;
        let last = start + n.untried_len as usize - 1;
        self.untried.swap(rng.gen_range(start..=last), last);
        n.untried_len -= 1;
        self.untried[last]
    }

    /// Removes untried move `m` of `node`, if it is one.
    pub fn take_move(&mut self, node: u32, m: Move) {
        let n = &mut self.nodes[node as usize];
        let start = n.untried_start as usize;
        let end = start + n.untried_len as usize;
        if let Some(i) = self.untried[start..end].iter().position(|&u| u == m) {
            self.untried.swap(start + i, end - 1);
            n.untried_len -= 1;
        }
    }

    pub fn add_child(&mut self, parent: u32, entry: Move, seat: u8) -> u32 {
        let child = self.nodes.len() as u32;
        let mut node = Node::new(Some(entry), seat);
        node.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(node);
        self.nodes[parent as usize].first_child = child;
        child
    }

    pub fn children(&self, parent: u32) -> impl Iterator<Item = (u32, &Node)> + '_ {
        let mut next = self.nodes[parent as usize].first_child;
        std::iter::from_fn(move || {
            let index = next;
            let node = self.nodes.get(index as usize)?;
            next = node.next_sibling;
            Some((index, node))
        })
    }

    /// The child of chance node `parent` for `throw`, added if it is new.
    pub fn throw_child(&mut self, parent: u32, throw: u32) -> u32 {
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
}
