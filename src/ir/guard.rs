//! The guard-column layout of a small rectangular board: each row of
//! cells one bit wider than the board, the spare bit always empty, so
//! that a step along any axis is a left shift by a constant that runs
//! into an empty bit at the edge instead of into the next row. A seat's
//! lines are then found by shifts alone, with no masks (as hand-written
//! Connect Four programs lay out their bitboards).
//!
//! ```text
//!  cells (7 x 6)            bits (rows of 7 + 1)
//!  35 36 .. 41              40 41 .. 46 [47]
//!  ..                       ..
//!   7  8 .. 13               8  9 .. 14 [15]
//!   0  1 ..  6               0  1 ..  6 [ 7]
//! ```

use super::geometry::{CellId, Geometry, NO_CELL};

/// A board's cells in rows of `width + 1` bits (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuardLayout {
    /// The cells a row, as the cell ids count them (`id = row * width + column`).
    pub width: u8,
    /// The rows.
    pub rows: u8,
    /// Each cell's bit.
    pub bits: [u8; 64],
    /// Per axis, `1 << step` and `1 << 2 * step`, `step` the shift of one
    /// step along it (0 past the board's axes): a shift by a step is a
    /// multiplication by these, one instruction with the factor in memory
    /// where a shift by a variable amount takes two (the amount must go to
    /// `cl` first).
    pub factors: [[u64; 2]; 4],
}

impl Geometry {
    /// The guard-column layout of this board, when its cells are a
    /// rectangle numbered row by row whose rows with a guard bit each fit
    /// in 64 bits together, and a step along each of its (at most four) axes is
    /// the same left shift from every cell, one that leaves the board
    /// exactly where the axis does; `None` otherwise. Only steps of at
    /// most 31 bits: a run is found with shifts of up to two steps.
    pub fn guard_layout(&self) -> Option<GuardLayout> {
        let axes = self.axes.len();
        if !self.point_lines.is_empty() || axes == 0 || axes > 4 || self.cell_count() > 64 {
            return None;
        }
        let width = self.coords.iter().map(|&(x, _)| x).max()? + 1;
        let rows = self.coords.iter().map(|&(_, y)| y).max()? + 1;
        let rectangle = self
            .coords
            .iter()
            .enumerate()
            .all(|(c, &(x, y))| x >= 0 && y >= 0 && c as i32 == y * width + x);
        if !rectangle || (width + 1) * rows > 64 {
            return None;
        }
        let mut layout = GuardLayout {
            width: width as u8,
            rows: rows as u8,
            bits: [0; 64],
            factors: [[0; 2]; 4],
        };
        for (c, &(x, y)) in self.coords.iter().enumerate() {
            layout.bits[c] = (y * (width + 1) + x) as u8;
        }
        for axis in 0..axes {
            let step = self.guard_step(&layout, axis)?;
            layout.factors[axis] = [1 << step, 1 << (2 * step)];
        }
        Some(layout)
    }

    /// The shift of one step along `axis` in `layout` (forward, or back
    /// when the bits fall forward), if it is the same from every cell and
    /// lands on no cell's bit from a cell with no step that way.
    fn guard_step(&self, layout: &GuardLayout, axis: usize) -> Option<u8> {
        let cells = self.cell_count() as CellId;
        let bit = |c: CellId| i32::from(layout.bits[c as usize]);
        let along = |back: bool| {
            let mut delta = None;
            for c in 0..cells {
                let to = self.step(c, axis, back);
                if to != NO_CELL && *delta.get_or_insert(bit(to) - bit(c)) != bit(to) - bit(c) {
                    return None;
                }
            }
            delta
        };
        let step = match along(false)? {
            d if d > 0 => (d, false),
            _ => (along(true)?, true),
        };
        let (delta, back) = step;
        let image = (0..cells).fold(0u128, |m, c| m | 1u128 << bit(c));
        // Off the board, the shift must land on a guard bit (or past them).
        let lands_off = (0..cells)
            .filter(|&c| self.step(c, axis, back) == NO_CELL)
            .all(|c| image >> (bit(c) + delta) & 1 == 0);
        (delta > 0 && delta < 32 && lands_off).then_some(delta as u8)
    }
}

impl GuardLayout {
    /// The cells of a one-word bitboard (bit = cell id) in this layout, a
    /// cell at a time: a playout from the start has none.
    #[inline]
    pub fn spread(&self, mut cells: u64) -> u64 {
        let mut bits = 0;
        while cells != 0 {
            bits |= 1 << self.bits[cells.trailing_zeros() as usize % 64];
            cells &= cells - 1;
        }
        bits
    }

    /// The one-word bitboard (bit = cell id) of bits in this layout.
    #[inline]
    pub fn gather(&self, bits: u64) -> u64 {
        let (w, row) = (u32::from(self.width), (1u64 << self.width) - 1);
        (0..u32::from(self.rows)).fold(0, |c, y| c | (bits >> (y * (w + 1)) & row) << (y * w))
    }

    /// Whether `stones` (in this layout) hold a run of `N` (3 to 6) cells
    /// along an axis, by doubling: pairs are stones a step after a stone,
    /// runs of 4 pairs two steps after a pair, and so on, each shift
    /// running into the guard bits at the edges. The shifts are
    /// multiplications by `factors`; a missing axis's are by 0, so it has
    /// no pairs.
    #[inline(always)]
    pub fn holds_run<const N: usize>(&self, stones: u64) -> bool {
        self.factors.iter().any(|&[step, two]| {
            let pairs = stones & stones.wrapping_mul(step);
            let fours = pairs & pairs.wrapping_mul(two);
            let runs = match N {
                3 => pairs & pairs.wrapping_mul(step),
                4 => fours,
                5 => fours & fours.wrapping_mul(step),
                _ => fours & fours.wrapping_mul(two),
            };
            runs != 0
        })
    }
}
