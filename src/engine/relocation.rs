//! A compiled shape of chain: the relocation (`pick`, maybe `keep largest
//! group`, then `place` on an empty cell, next to a piece or anywhere, maybe
//! not back where it came from). For a pick that splits no group, its
//! targets are found on bitboards, without playing the pick on a copy: the
//! listing of such moves and `must block`'s test for a win use this.

use std::cell::OnceCell;

use super::chain::Progress;
use super::pool::{buffer, give_buffer};
use super::{Move, State};
use crate::ir::{CellId, Form, MoveRule, Rules, Select, Step, NO_CELL};

/// A position's pieces on bitboards.
pub(super) struct Board {
    /// The occupied cells.
    pub occupied: u128,
    /// The cells next to an occupied cell.
    pub touching: u128,
}

/// A relocation chain: what is picked up, and how it goes down.
pub(super) struct Shape<'r> {
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
    /// The occupied cells and the cells next to them.
    pub(super) fn board_bits(&self, state: &State) -> Board {
        let occupied = !state.tops[0] & (u128::MAX >> (128 - self.geometry.cell_count()));
        let mut touching = 0;
        let mut bits = occupied;
        while bits != 0 {
            touching |= self.geometry.neighbour_masks[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        Board { occupied, touching }
    }

    /// Whether the pieces `occupied` form one group (or none).
    pub(super) fn one_group(&self, occupied: u128) -> bool {
        occupied == 0 || self.grow(occupied, occupied.trailing_zeros() as CellId) == occupied
    }

    /// The rule as a relocation, when the compiler found it is one: its
    /// shape read off the steps (the compiler checked them).
    pub(super) fn relocation<'r>(&self, rule: &'r MoveRule) -> Option<Shape<'r>> {
        let (Form::Relocation(how), Some(Step::Pick(pick))) = (rule.form, rule.steps.first())
        else {
            return None;
        };
        Some(Shape {
            pick,
            keep: how.keep,
            touching: how.touching,
            not_back: how.not_back,
        })
    }

    /// The cells the piece lifted from `from` may go to, the pieces
    /// `kept` on the board (after any cut-off groups went home); `board`
    /// is the position before the lift.
    pub(super) fn relocation_targets(
        &self,
        shape: &Shape,
        board: &Board,
        kept: u128,
        from: CellId,
    ) -> u128 {
        let all = u128::MAX >> (128 - self.geometry.cell_count());
        let masks = &self.geometry.neighbour_masks;
        let mut near = if shape.touching { 0 } else { all };
        if shape.touching && kept == board.occupied & !(1 << from) {
            // Nothing went home: the cells next to a piece before, but for
            // those whose only neighbour was the lifted piece.
            let around = masks[from as usize];
            near = board.touching & !around;
            let mut bits = around;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                if masks[c] & kept != 0 {
                    near |= 1 << c;
                }
                bits &= bits - 1;
            }
        } else if shape.touching {
            let mut bits = kept;
            while bits != 0 {
                near |= masks[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        let back = if shape.not_back { 1 << from } else { 0 };
        near & all & !kept & !back
    }

    /// Whether the piece lifted from `from` may go down on one of `cells`,
    /// the pieces `kept` on the board: cheaper than listing its targets
    /// when few cells are asked about.
    pub(super) fn reaches(&self, shape: &Shape, cells: u128, kept: u128, from: CellId) -> bool {
        let back = if shape.not_back { 1 << from } else { 0 };
        let mut cells = cells & !kept & !back;
        if !shape.touching {
            return cells != 0;
        }
        let masks = &self.geometry.neighbour_masks;
        while cells != 0 {
            if masks[cells.trailing_zeros() as usize] & kept != 0 {
                return true;
            }
            cells &= cells - 1;
        }
        false
    }

    /// What lifting the piece on `from` leaves, for each way the mover may
    /// choose, into `out`: (the group named among equals, or `NO_CELL`; the
    /// pieces kept). `whole` says (found when first asked) whether the
    /// pieces are one group before. False when the pieces fall into more
    /// groups than it follows.
    pub(super) fn relocation_outcomes(
        &self,
        shape: &Shape,
        occupied: u128,
        whole: &OnceCell<bool>,
        from: CellId,
        out: &mut Outcomes,
    ) -> bool {
        let rest = occupied & !(1 << from);
        out.len = 0;
        if !shape.keep {
            out.push(NO_CELL, rest);
            return true;
        }
        // One group before, and the lifted piece's neighbours joined right
        // around it: still one group, found without growing it.
        let joined = self.around_joined(from, rest);
        if joined && *whole.get_or_init(|| self.one_group(occupied)) {
            out.push(NO_CELL, rest);
            return true;
        }
        let mut groups = [0u128; GROUPS];
        let (mut count, mut left) = (0, rest);
        while left != 0 {
            if count == GROUPS {
                return false;
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
        true
    }

    /// Appends the moves of relocation rule `number`, found on bitboards
    /// (by the general runner when the pieces fall into too many groups).
    pub(super) fn relocation_moves(
        &self,
        number: u8,
        rule: &MoveRule,
        shape: &Shape,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let board = self.board_bits(state);
        let occupied = board.occupied;
        let place = rule.steps.len().saturating_sub(1);
        let whole = whole_board(state);
        let mut outcomes = Outcomes::default();
        let mut picks = buffer();
        self.candidate_cells(shape.pick, state, Progress::START, &mut picks);
        for &m in picks.iter() {
            let Move::Place(from) = m else { continue };
            if !self.relocation_outcomes(shape, occupied, &whole, from, &mut outcomes) {
                let only = |step: &Step, c: CellId| matches!(step, Step::Pick(_)) && c != from;
                self.walk_moves(number, rule, state, &only, out);
                continue;
            }
            for &(named, kept) in outcomes.list() {
                let mut choices = super::choice::NO_CHOICES;
                choices[0] = from;
                if shape.keep {
                    choices[1] = named;
                }
                let targets = self.relocation_targets(shape, &board, kept, from);
                out.extend(Bits(targets).map(|to| {
                    choices[place] = to;
                    Move::Chain {
                        rule: number,
                        choices,
                    }
                }));
            }
        }
        give_buffer(picks);
    }
}

/// Whether the pieces of `state` form one group: known already, or found
/// when first asked.
pub(super) fn whole_board(state: &State) -> OnceCell<bool> {
    if state.joined.0 {
        OnceCell::from(true)
    } else {
        OnceCell::new()
    }
}

/// The cells of a bitboard, lowest first (an exact size, so that a list
/// extended by them grows once).
struct Bits(u128);

impl Iterator for Bits {
    type Item = CellId;

    fn next(&mut self) -> Option<CellId> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as CellId;
        self.0 &= self.0 - 1;
        Some(c)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

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
