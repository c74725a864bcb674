//! `rotate block N`: the mover turns one of the board's N x N blocks a
//! quarter turn, clockwise or counterclockwise (Pentago). The blocks are
//! numbered row by row from the top left; a turn is written after the
//! move's cell as the block's number and `cw` or `ccw` (`d4 2cw`). The
//! pieces move in 4-cycles of cells, each stack and kind with its cell;
//! lines are counted again afterwards.

use super::State;
use crate::ir::geometry::Shape;
use crate::ir::{CellId, Rules};

impl Rules {
    /// How many N x N blocks the board splits into (0 off a square board).
    pub(super) fn block_count(&self, side: u8) -> usize {
        match self.geometry.shape {
            Shape::Square { width, height } => (width / side as usize) * (height / side as usize),
            _ => 0,
        }
    }

    /// Turns block `choice / 2` a quarter turn, clockwise when `choice` is
    /// odd, as seen on the board (row 1 at the bottom).
    pub(super) fn rotate_block(&self, state: &mut State, side: u8, choice: CellId) {
        let Shape::Square { width, height } = self.geometry.shape else {
            return;
        };
        let n = side as usize;
        let (block, clockwise) = (choice as usize / 2, choice % 2 == 1);
        let across = width / n.max(1);
        if n < 2 || block >= self.block_count(side) {
            return;
        }
        // The block's bottom-left cell; blocks count from the top row down.
        let left = block % across * n;
        let bottom = height - (block / across + 1) * n;
        let cell = |i: usize, j: usize| ((bottom + j) * width + left + i) as CellId;
        // (i, j) -> (j, n-1-i) is a clockwise quarter turn (j counts up).
        for j in 0..n / 2 {
            for i in j..n - 1 - j {
                let ring = [
                    cell(i, j),
                    cell(j, n - 1 - i),
                    cell(n - 1 - i, n - 1 - j),
                    cell(n - 1 - j, i),
                ];
                // Each cell's pieces go to the next cell of the cycle.
                let order = if clockwise {
                    [ring[3], ring[2], ring[1], ring[0]]
                } else {
                    ring
                };
                self.cycle(state, order);
            }
        }
        self.recount(state);
    }

    /// Moves the pieces of `cells[k + 1]` onto `cells[k]`, and those of
    /// the first onto the last.
    fn cycle(&self, state: &mut State, cells: [CellId; 4]) {
        let mut first = [0u8; 256];
        let kind = state.kind_code(cells[0]);
        let count = state.take(cells[0], self, &mut first);
        let mut pieces = [0u8; 256];
        for k in 0..3 {
            let (to, from) = (cells[k], cells[k + 1]);
            let moved = state.kind_code(from);
            let n = state.take(from, self, &mut pieces);
            for &p in &pieces[..n] {
                state.push(to, p, self);
            }
            state.set_kind(to, moved);
        }
        for &p in &first[..count] {
            state.push(cells[3], p, self);
        }
        state.set_kind(cells[3], kind);
    }
}
