//! The line flags and run totals behind `line(n, p)` and `runs(n, p)`.

use super::State;
use crate::ir::{CellId, Rules};

impl Rules {
    /// Updates the line flags and run totals after `seat` placed on `cell`.
    ///
    /// Only lines and runs through the changed cell can change, and pieces are
    /// never removed, so the update is exact.
    #[inline]
    pub(super) fn update_counters(&self, state: &mut State, cell: CellId, seat: u8) {
        self.update_lines(state, cell, seat);
        if !self.run_lengths.is_empty() {
            self.update_runs(state, cell, seat);
        }
    }

    /// Updates the line flags after `seat` placed on the empty `cell`.
    #[inline(always)]
    pub(super) fn update_lines(&self, state: &mut State, cell: CellId, seat: u8) {
        let seats = self.seats.len();
        let own = seat + 1;
        for (t, table) in self.line_tables.iter().enumerate() {
            let at = t * seats + seat as usize;
            if state.lines[at] {
                continue;
            }
            state.lines[at] =
                if let (Some(shifts), true) = (&table.axis_shifts, self.plan.keeps.tops) {
                    // Long lines: many pass each cell, so the whole board is
                    // searched by shifts instead.
                    table.holds_line(shifts, state.tops[own as usize] as u64)
                } else if table.small_masks.is_some() && self.plan.keeps.tops {
                    // One AND a line against the seat's bitboard.
                    table.covers_line_through(state.tops[own as usize] as u64, cell)
                } else if let (Some(masks), true) = (&table.masks, self.plan.keeps.tops) {
                    let tops = state.tops[own as usize];
                    table
                        .through(cell)
                        .iter()
                        .any(|&l| masks[l as usize] & !tops == 0)
                } else if self.geometry.point_lines.is_empty() {
                    // Too many cells for bitboards (the state keeps the slot
                    // grid then): the runs through the cell, one walk each way
                    // along each axis, not every line.
                    debug_assert!(self.plan.keeps.slots, "lines without bitboards or slots");
                    self.has_run(state, cell, own, table.length)
                } else {
                    // A board of lines has no axes: its lines through the cell.
                    self.in_line_of(state, t, cell, own)
                };
        }
    }

    /// Whether a line of table `t` through `cell` holds `own`'s pieces
    /// only (false for a table or cell out of range). Out of line: in
    /// `update_lines`, inlined, it cost Exago 3% though Exago never calls it.
    #[inline(never)]
    pub(super) fn in_line_of(&self, state: &State, t: usize, cell: CellId, own: u8) -> bool {
        let Some(table) = self.line_tables.get(t) else {
            return false;
        };
        if cell as usize >= self.geometry.cell_count() {
            return false;
        }
        let through = table.through(cell).iter();
        through.into_iter().any(|&l| {
            let cells = table.line(l);
            cells.iter().all(|&c| state.board[c as usize] == own)
        })
    }

    /// Whether `own`, which holds `cell`, has a run of `length` along an
    /// axis through it. The walks stop at the grid's empty border, so they
    /// need no edge test; most stop at the first step.
    fn has_run(&self, state: &State, cell: CellId, own: u8, length: usize) -> bool {
        let start = self.geometry.slot[cell as usize] as isize;
        let walk = |stride: isize| {
            let (mut n, mut at) = (0, start + stride);
            while state.slots[at as usize] == own {
                n += 1;
                at += stride;
            }
            n
        };
        let strides = &self.geometry.strides;
        strides.iter().any(|&s| 1 + walk(s) + walk(-s) >= length)
    }

    /// Updates the run totals after `seat` placed on the empty `cell`.
    pub(super) fn update_runs(&self, state: &mut State, cell: CellId, seat: u8) {
        let seats = self.seats.len();
        let own = seat + 1;
        let stones = &state.slots;
        let start = self.geometry.slot[cell as usize] as isize;
        if let [values] = &self.run_values[..] {
            // One run length (the usual case): the change summed in a register
            // and stored once.
            let (mut change, alone) = (0, values[1]);
            for &stride in &self.geometry.strides {
                let before = run_length(stones, start, -stride, own);
                let after = run_length(stones, start, stride, own);
                // Most placements join no run: a run of one, read once.
                // Else a table lookup instead of a division: this is the
                // hottest loop.
                change += match before | after {
                    0 => alone,
                    _ => values[before + after + 1] - values[before] - values[after],
                };
            }
            state.runs[seat as usize] += change;
            return;
        }
        for &stride in &self.geometry.strides {
            let (before, after) = (
                run_length(stones, start, -stride, own),
                run_length(stones, start, stride, own),
            );
            for (t, values) in self.run_values.iter().enumerate() {
                state.runs[t * seats + seat as usize] +=
                    values[before + after + 1] - values[before] - values[after];
            }
        }
    }

    /// Keeps the counters true after a piece of `code` left the board: a
    /// line can only be lost by the seat that had it, and a seat without a
    /// line cannot gain one by losing a piece, so most removals need nothing.
    pub(super) fn after_removal(&self, state: &mut State, code: u8) {
        let seats = self.seats.len();
        let had_line = (code as usize)
            .checked_sub(1)
            .filter(|&s| s < seats)
            .is_some_and(|s| state.lines.iter().skip(s).step_by(seats).any(|&f| f));
        if had_line || !self.run_lengths.is_empty() {
            self.recount(state);
        }
    }

    /// Recomputes every line flag and run total from the board, after a move
    /// that covered or moved pieces (so a line or run may have been broken).
    pub(super) fn recount(&self, state: &mut State) {
        let seats = self.seats.len();
        let tops = self.plan.keeps.tops;
        for (t, table) in self.line_tables.iter().enumerate() {
            let flags = &mut state.lines[t * seats..(t + 1) * seats];
            if let (Some(small), true) = (&table.small_masks, tops) {
                let (masks, tops) = (&small.lines, &state.tops[1..=seats]);
                match seats {
                    2 => flags.copy_from_slice(&lines_on::<2>(masks, tops)),
                    3 => flags.copy_from_slice(&lines_on::<3>(masks, tops)),
                    4 => flags.copy_from_slice(&lines_on::<4>(masks, tops)),
                    _ => {
                        for (flag, &t) in flags.iter_mut().zip(tops) {
                            *flag = lines_on::<1>(masks, &[t])[0];
                        }
                    }
                }
                continue;
            }
            if let (Some(masks), true) = (&table.masks, tops) {
                for (flag, &tops) in flags.iter_mut().zip(&state.tops[1..]) {
                    // Without an early exit: no branch to mispredict, and the loop vectorises.
                    *flag = masks
                        .iter()
                        .fold(false, |found, &m| found | (m & !tops == 0));
                }
                continue;
            }
            flags.fill(false);
            // One pass over the lines: a line belongs to the seat of its first cell, if any.
            for l in 0..table.line_count() as u32 {
                let cells = table.line(l);
                let own = state.board[cells[0] as usize];
                if own != 0
                    && own as usize <= seats
                    && cells[1..].iter().all(|&c| state.board[c as usize] == own)
                {
                    flags[own as usize - 1] = true;
                }
            }
        }
        if self.run_lengths.is_empty() {
            return;
        }
        for v in state.runs.iter_mut() {
            *v = 0;
        }
        for axis in 0..self.geometry.axes.len() {
            for start in 0..self.geometry.cell_count() as CellId {
                let own = state.board[start as usize];
                if own == 0 || own as usize > seats {
                    continue;
                }
                // Count each maximal run once, from its first cell.
                let before = self.geometry.step(start, axis, true);
                if before != crate::ir::NO_CELL && state.board[before as usize] == own {
                    continue;
                }
                let mut length = 1;
                let mut c = self.geometry.step(start, axis, false);
                while c != crate::ir::NO_CELL && state.board[c as usize] == own {
                    length += 1;
                    c = self.geometry.step(c, axis, false);
                }
                for (t, values) in self.run_values.iter().enumerate() {
                    state.runs[t * seats + own as usize - 1] += values[length];
                }
            }
        }
    }
}

/// Per seat, whether its bitboard (at most 64 cells) covers one of `masks`.
///
/// The seats are checked together in one pass over the masks, without an
/// early exit: the loop unrolls, and there is no branch to mispredict.
#[inline(always)]
fn lines_on<const N: usize>(masks: &[u64], tops: &[u128]) -> [bool; N] {
    let mut bits = [0u64; N];
    for (b, &t) in bits.iter_mut().zip(tops) {
        *b = t as u64;
    }
    let mut found = [false; N];
    for &m in masks {
        for s in 0..N {
            found[s] |= m & !bits[s] == 0;
        }
    }
    found
}

/// How many of `own`'s pieces follow `start` in the slot grid, stepping by `step`.
///
/// The walk stops at the grid's empty border, so it needs no edge test; most
/// stop at the first step (three steps without a branch, then a loop, ran
/// twice the instructions in exact-five Gomoku: benches/README.md).
#[inline(always)]
fn run_length(stones: &[u8], start: isize, step: isize, own: u8) -> usize {
    let (mut n, mut at) = (0, start + step);
    while stones[at as usize] == own {
        n += 1;
        at += step;
    }
    n
}
