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

    /// The cells the piece lifted from `from` may go to, when lifting it
    /// leaves the other pieces as they are (`occupied`: the board before).
    pub(super) fn relocation_targets(
        &self,
        shape: &Relocation,
        occupied: u128,
        from: CellId,
    ) -> u128 {
        let rest = occupied & !(1 << from);
        let all = u128::MAX >> (128 - self.geometry.cell_count());
        let mut near = if shape.touching { 0 } else { all };
        if shape.touching {
            let mut bits = rest;
            while bits != 0 {
                near |= self.geometry.neighbour_masks[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        let back = if shape.not_back { 1 << from } else { 0 };
        near & all & !rest & !back
    }

    /// Whether the pieces lifted at `from` leave nothing to cut off: no
    /// `keep largest group`, or one group that stays joined around `from`.
    pub(super) fn splits_nothing(
        &self,
        shape: &Relocation,
        state: &State,
        one_group: &mut Option<bool>,
        from: CellId,
    ) -> bool {
        !shape.keep
            || (*one_group.get_or_insert_with(|| self.group_sizes(state).0 <= 1)
                && self.joined_without(state, from))
    }

    /// Appends the moves of relocation rule `number`: on bitboards for the
    /// picks that split nothing, by the general runner for the others.
    pub(super) fn relocation_moves(
        &self,
        number: u8,
        rule: &MoveRule,
        shape: &Relocation,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let occupied = !state.tops[0] & (u128::MAX >> (128 - self.geometry.cell_count()));
        let place = rule.steps.len() - 1;
        let mut picks = buffer();
        self.candidate_cells(shape.pick, state, Progress::START, &mut picks);
        let mut one_group = None;
        for &m in picks.iter() {
            let Move::Place(from) = m else { continue };
            if !self.splits_nothing(shape, state, &mut one_group, from) {
                // Groups may be cut off: the general runner, for this pick only.
                let only = |step: &Step, c: CellId| matches!(step, Step::Pick(_)) && c != from;
                self.walk_moves(number, rule, state, &only, out);
                continue;
            }
            let mut targets = self.relocation_targets(shape, occupied, from);
            while targets != 0 {
                let mut choices = [NO_CELL; MAX_STEPS];
                choices[0] = from;
                choices[place] = targets.trailing_zeros() as CellId;
                out.push(Move::Chain {
                    rule: number,
                    choices,
                });
                targets &= targets - 1;
            }
        }
        give_buffer(picks);
    }
}
