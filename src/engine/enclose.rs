//! Enclosing: the rows of other seats' pieces between a cell and another of
//! the mover's pieces, in every direction (Reversi's flips, Pente's and
//! Go-Moku's custodial captures). `encloses(c)` counts them for a piece
//! not yet put down; `flip enclosed` and `capture enclosed` act on them
//! after one is.

use super::bitboard::{cell_bit, push_cells};
use super::{Move, State};
use crate::ir::compass::Compass;
use crate::ir::{Candidates, CellId, EnclosedEffect, Rules, NO_CELL};

/// The compass directions a row may run in.
const DIRECTIONS: u8 = 8;

impl Rules {
    /// How many pieces a piece of the mover's on `cell` would enclose.
    pub(super) fn encloses(&self, state: &State, cell: CellId) -> usize {
        if cell == NO_CELL || cell as usize >= self.geometry.cell_count() {
            return 0;
        }
        (0..DIRECTIONS)
            .map(|d| self.enclosed_row(state, cell, d, None))
            .sum()
    }

    /// Appends the empty cells where a piece of the mover's would enclose
    /// some: from the word where the board has one, else cell by cell.
    pub(super) fn enclosing_cells(&self, state: &State, out: &mut Vec<Move>) {
        if let Some(bits) = self.kind_word(&Candidates::Enclosing, state) {
            return push_cells(bits, out);
        }
        let cells = state.empty_cells();
        out.extend(
            cells
                .filter(|&c| self.encloses(state, c) > 0)
                .map(Move::Place),
        );
    }

    /// The enclosing cells as a word, a direction at a time (the mover's
    /// pieces, moved across runs of other seats' pieces, land on the cells
    /// that close them), when the board allows shifts.
    pub(super) fn enclosing_word(&self, state: &State) -> Option<u128> {
        let shifts = self.geometry.compass.shifts.as_ref()?;
        let (own, others) = self.own_and_others(state);
        let cells = self.geometry.cell_count();
        // The empty cells' word holds board cells only.
        let empty = state.tops[0];
        Some(if cells <= 64 {
            // The common boards: one 64-bit word, half the work.
            u128::from(enclosing_bits(
                shifts,
                own as u64,
                others as u64,
                empty as u64,
            ))
        } else {
            enclosing_bits(shifts, own, others, empty)
        })
    }

    /// The length of the row of other seats' pieces from `cell` (not
    /// counted) in direction `d` that one of the mover's pieces closes, or
    /// 0; with `exactly`, only a row of that length counts.
    fn enclosed_row(&self, state: &State, cell: CellId, d: u8, exactly: Option<u8>) -> usize {
        let own = state.mover + 1;
        let seats = self.seats.len() as u8;
        let compass = &self.geometry.compass;
        let mut at = compass.step(cell, d);
        let mut length = 0;
        while at != NO_CELL {
            match state.board[at as usize] {
                code if code == own => break,
                // An empty cell or a neutral piece leaves the row open.
                code if code == 0 || code > seats => return 0,
                _ => length += 1,
            }
            at = compass.step(at, d);
        }
        let closed = at != NO_CELL && length > 0;
        if closed && exactly.is_none_or(|n| n as usize == length) {
            length
        } else {
            0
        }
    }

    /// Flips or captures the rows the mover's piece on `cell` encloses.
    pub(super) fn enclosed(
        &self,
        state: &mut State,
        cell: CellId,
        effect: EnclosedEffect,
        exactly: Option<u8>,
    ) {
        if cell == NO_CELL || cell as usize >= self.geometry.cell_count() {
            return;
        }
        let mut changed = false;
        if let Some(mut rows) = self.enclosed_word(state, cell, exactly) {
            changed = rows != 0;
            while rows != 0 {
                self.take_enclosed(state, rows.trailing_zeros() as CellId, effect);
                rows &= rows - 1;
            }
        } else {
            // Rows from one cell never cross: each is taken as it is found.
            for d in 0..DIRECTIONS {
                let length = self.enclosed_row(state, cell, d, exactly);
                let mut at = cell;
                for _ in 0..length {
                    at = self.geometry.compass.step(at, d);
                    self.take_enclosed(state, at, effect);
                    changed = true;
                }
            }
        }
        if changed {
            // Rows and runs of both seats may have been made or broken.
            self.recount(state);
        }
    }

    /// Flips or captures one enclosed piece, keeping the counts true.
    #[inline(always)]
    fn take_enclosed(&self, state: &mut State, at: CellId, effect: EnclosedEffect) {
        let mover = state.mover as usize;
        let code = match effect {
            EnclosedEffect::Flip => state.recolour(at, state.mover + 1, self),
            EnclosedEffect::Capture => {
                state.captured[mover] += 1;
                state.pop(at, self)
            }
        };
        if let Some(c) = state.counts.get_mut(code as usize - 1) {
            *c -= 1;
        }
        if effect == EnclosedEffect::Flip {
            state.counts[mover] += 1;
        }
    }

    /// The cells of the rows a piece of the mover's on `cell` encloses, as
    /// a word, when the board allows shifts; `None` else.
    fn enclosed_word(&self, state: &State, cell: CellId, exactly: Option<u8>) -> Option<u128> {
        let shifts = self.geometry.compass.shifts.as_ref();
        let shifts = shifts.filter(|_| self.plan.keeps.tops && !self.majority)?;
        let (own, others) = self.own_and_others(state);
        Some(if self.geometry.cell_count() <= 64 {
            u128::from(enclosed_rows(
                shifts,
                1u64 << cell,
                own as u64,
                others as u64,
                exactly,
            ))
        } else {
            enclosed_rows(shifts, cell_bit(cell), own, others, exactly)
        })
    }

    /// The mover's pieces and the other seats' (neutral pieces are neither).
    fn own_and_others(&self, state: &State) -> (u128, u128) {
        let own = state.tops[state.mover as usize + 1];
        let seats = self.seats.len();
        let others = state.tops[1..=seats].iter().fold(0, |a, &b| a | b) & !own;
        (own, others)
    }
}

/// The bits a bitboard word needs: one step a direction, and the logic.
pub(super) trait Word:
    Copy
    + PartialEq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
{
    /// No cell.
    const ZERO: Self;
    /// The cells of `self` one step in direction `d` (see `Compass::shift`).
    fn shifted(self, shifts: &[(i32, u128); 8], d: usize) -> Self;
}

impl Word for u64 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn shifted(self, shifts: &[(i32, u128); 8], d: usize) -> Self {
        // As `Compass::shift`, in one word: the board has at most 64 cells.
        let (delta, from) = shifts[d];
        (self & from as u64).rotate_left(delta as u32)
    }
}

impl Word for u128 {
    const ZERO: Self = 0;
    #[inline(always)]
    fn shifted(self, shifts: &[(i32, u128); 8], d: usize) -> Self {
        Compass::shift(shifts, self, d)
    }
}

/// The empty cells where `own` pieces would close a run of `others`: in
/// each direction, the runs grow a step at a time while they go on (most
/// stop at once), and the cell past a run's end closes it.
#[inline(always)]
pub(super) fn enclosing_bits<W: Word>(shifts: &[(i32, u128); 8], own: W, others: W, empty: W) -> W {
    let mut found = W::ZERO;
    for d in 0..8 {
        let mut front = own.shifted(shifts, d) & others;
        let mut run = front;
        while front != W::ZERO {
            front = front.shifted(shifts, d) & others;
            run |= front;
        }
        found |= run.shifted(shifts, d) & empty;
    }
    found
}

/// The rows of `others` from `start` that an `own` piece closes, in every
/// direction; with `exactly`, only rows of that length.
#[inline(always)]
pub(super) fn enclosed_rows<W: Word>(
    shifts: &[(i32, u128); 8],
    start: W,
    own: W,
    others: W,
    exactly: Option<u8>,
) -> W {
    let mut rows = W::ZERO;
    for d in 0..8 {
        let mut at = start.shifted(shifts, d);
        let (mut row, mut length) = (W::ZERO, 0u8);
        while at & others != W::ZERO {
            row |= at;
            length += 1;
            at = at.shifted(shifts, d);
        }
        if at & own != W::ZERO && exactly.is_none_or(|n| n == length) {
            rows |= row;
        }
    }
    rows
}
