//! A compiled shape of chain: the relocation (`pick`, maybe `keep largest
//! group`, then `place` on an empty cell, next to a piece or anywhere, maybe
//! not back where it came from). For a pick that splits no group, its
//! targets are found on bitboards, without playing the pick on a copy: the
//! listing of such moves and `must block`'s test for a win use this.

use super::chain::{buffer, give_buffer, Progress};
use super::{Move, State};
use crate::ir::{
    Candidates, CellId, CmpOp, MoveRule, Node, Rules, Select, Step, MAX_STEPS, NO_CELL,
};

/// A relocation chain, read off its steps.
pub(super) struct Relocation<'r> {
    /// Which pieces may be picked up.
    pub pick: &'r Select,
    /// Whether a `keep largest group` comes between (as step 1).
    pub keep: bool,
    /// Whether the piece goes down next to a piece (else on any empty cell).
    pub touching: bool,
    /// Whether it may not go back where it came from (`cell != from`).
    pub not_back: bool,
}

impl Rules {
    /// Whether the pieces `occupied` form one group (or none).
    pub(super) fn one_group(&self, occupied: u128) -> bool {
        occupied == 0 || self.grow(occupied, occupied.trailing_zeros() as CellId) == occupied
    }

    /// The rule as a relocation, when it is one and the board fits a bitboard.
    pub(super) fn relocation<'r>(&self, rule: &'r MoveRule) -> Option<Relocation<'r>> {
        let (pick, keep, place) = match rule.steps.as_slice() {
            [Step::Pick(p), Step::KeepLargestGroup(None), Step::Place(q)] => (p, true, q),
            [Step::Pick(p), Step::Place(q)] => (p, false, q),
            _ => return None,
        };
        let bitboards = self.keeps_tops && !self.geometry.neighbour_masks.is_empty();
        if self.stacks || !bitboards || place.guard.is_some() || place.mask.is_some() {
            return None;
        }
        let touching = match place.candidates {
            Candidates::EmptyTouching => true,
            Candidates::Empty => false,
            _ => return None,
        };
        let not_back = match &place.test {
            None => false,
            Some(Node::Cmp(CmpOp::Ne, a, b))
                if matches!(
                    (&**a, &**b),
                    (Node::Chosen, Node::From) | (Node::From, Node::Chosen)
                ) =>
            {
                true
            }
            _ => return None,
        };
        Some(Relocation {
            pick,
            keep,
            touching,
            not_back,
        })
    }

    /// The cells the piece lifted from `from` may go to, the pieces
    /// `kept` on the board (after any cut-off groups went home).
    pub(super) fn relocation_targets(&self, shape: &Relocation, kept: u128, from: CellId) -> u128 {
        let all = u128::MAX >> (128 - self.geometry.cell_count());
        let mut near = if shape.touching { 0 } else { all };
        if shape.touching {
            let mut bits = kept;
            while bits != 0 {
                near |= self.geometry.neighbour_masks[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        let back = if shape.not_back { 1 << from } else { 0 };
        near & all & !kept & !back
    }

    /// What lifting the piece on `from` leaves, for each way the mover may
    /// choose: (the group named among equals, or `NO_CELL`; the pieces kept).
    /// `None` when the pieces fall into more groups than it follows.
    pub(super) fn relocation_outcomes(
        &self,
        shape: &Relocation,
        occupied: u128,
        whole: bool,
        from: CellId,
    ) -> Option<Outcomes> {
        let rest = occupied & !(1 << from);
        let mut out = Outcomes::default();
        // One group before, and the lifted piece's neighbours joined right
        // around it: still one group, found without growing it.
        let around = rest & self.geometry.neighbour_masks[from as usize];
        let joined = around != 0 && self.grow(around, around.trailing_zeros() as CellId) == around;
        if !shape.keep || (whole && joined) {
            out.push(NO_CELL, rest);
            return Some(out);
        }
        let mut groups = [0u128; GROUPS];
        let (mut count, mut left) = (0, rest);
        while left != 0 {
            if count == GROUPS {
                return None;
            }
            let group = self.grow(rest, left.trailing_zeros() as CellId);
            groups[count] = group;
            count += 1;
            left &= !group;
        }
        let largest = groups[..count]
            .iter()
            .map(|g| g.count_ones())
            .max()
            .unwrap_or(0);
        let tied = groups[..count]
            .iter()
            .filter(|g| g.count_ones() == largest)
            .count();
        for &group in groups[..count].iter().filter(|g| g.count_ones() == largest) {
            // A choice only when groups tie: named by the group's first cell.
            let named = if tied > 1 {
                group.trailing_zeros() as CellId
            } else {
                NO_CELL
            };
            out.push(named, group);
        }
        if count == 0 {
            out.push(NO_CELL, 0);
        }
        Some(out)
    }

    /// Appends the moves of relocation rule `number`, found on bitboards
    /// (by the general runner when the pieces fall into too many groups).
    pub(super) fn relocation_moves(
        &self,
        number: u8,
        rule: &MoveRule,
        shape: &Relocation,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let occupied = !state.tops[0] & (u128::MAX >> (128 - self.geometry.cell_count()));
        let place = rule.steps.len().saturating_sub(1);
        let whole = self.one_group(occupied);
        let mut picks = buffer();
        self.candidate_cells(shape.pick, state, Progress::START, &mut picks);
        for &m in picks.iter() {
            let Move::Place(from) = m else { continue };
            let Some(outcomes) = self.relocation_outcomes(shape, occupied, whole, from) else {
                let only = |step: &Step, c: CellId| matches!(step, Step::Pick(_)) && c != from;
                self.walk_moves(number, rule, state, &only, out);
                continue;
            };
            for &(named, kept) in outcomes.list() {
                let mut targets = self.relocation_targets(shape, kept, from);
                while targets != 0 {
                    let mut choices = [NO_CELL; MAX_STEPS];
                    choices[0] = from;
                    if shape.keep {
                        choices[1] = named;
                    }
                    choices[place] = targets.trailing_zeros() as CellId;
                    out.push(Move::Chain {
                        rule: number,
                        choices,
                    });
                    targets &= targets - 1;
                }
            }
        }
        give_buffer(picks);
    }
}

/// The most groups a relocation's bitboard path follows.
const GROUPS: usize = 16;

/// The ways a lifted piece leaves the board: (group named, pieces kept).
#[derive(Default)]
pub(super) struct Outcomes {
    len: usize,
    ways: [(CellId, u128); GROUPS],
}

impl Outcomes {
    fn push(&mut self, named: CellId, kept: u128) {
        self.ways[self.len] = (named, kept);
        self.len += 1;
    }

    /// The ways.
    pub(super) fn list(&self) -> &[(CellId, u128)] {
        &self.ways[..self.len]
    }
}
