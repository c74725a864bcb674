//! Directions by name and the sides of a board, computed once with the
//! geometry: the cell one step away in each compass direction, each cell's
//! row and column as players count them, the sides it lies on, and the
//! lowest cell of each column (where a dropped piece starts falling).

use super::geometry::{CellId, NO_CELL};

/// A compass direction: an index into [`DIRECTION_NAMES`]. The opposite of
/// `d` is `(d + 4) % 8`.
pub type Direction = u8;

/// The directions' names, in index order.
pub const DIRECTION_NAMES: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

/// The sides of a board, in index order.
pub const SIDE_NAMES: [&str; 4] = ["top", "bottom", "left", "right"];

/// Steps of the eight directions on a square board: (column, row), rows
/// counted upwards.
pub const SQUARE_STEPS: [Option<(i32, i32)>; 8] = [
    Some((0, 1)),
    Some((1, 1)),
    Some((1, 0)),
    Some((1, -1)),
    Some((0, -1)),
    Some((-1, -1)),
    Some((-1, 0)),
    Some((-1, 1)),
];

/// Steps on a hex board, in axial (q, r) with r growing downwards and rows
/// drawn horizontally: no cell lies straight north or south of another.
pub const HEX_STEPS: [Option<(i32, i32)>; 8] = [
    None,
    Some((1, -1)),
    Some((1, 0)),
    Some((0, 1)),
    None,
    Some((-1, 1)),
    Some((-1, 0)),
    Some((0, -1)),
];

/// The seat-relative directions: seat i moves `FORWARD[i % 4]`, from its
/// side of the board toward the opposite one (the first seat starts at the
/// bottom, the second at the top, the third at the left, the fourth at the
/// right). Backward is the opposite.
pub const FORWARD: [Direction; 4] = [0, 4, 2, 6];

/// The compass tables of a board.
#[derive(Clone, Debug, Default)]
pub struct Compass {
    /// `steps[c * 8 + d]`: the cell one step from `c` in direction `d`, or
    /// `NO_CELL` off the board (or where the board has no such direction).
    pub steps: Vec<CellId>,
    /// Per cell: its row, from 1, as its label counts rows.
    pub rows: Vec<u8>,
    /// Per cell: its column, from 1 (`a` is 1).
    pub columns: Vec<u8>,
    /// Per cell: the sides it lies on, a bit per side (`1 << side`).
    pub sides: Vec<u8>,
    /// The lowest cell of each column, left to right (square boards; empty
    /// on others).
    pub floors: Vec<CellId>,
    /// Per column (in `floors` order), its cells as a bitmask, when the
    /// board has at most 128 cells (empty otherwise).
    pub column_masks: Vec<u128>,
    /// The floors as a bitmask, beside `column_masks` (0 without them).
    pub floor_bits: u128,
    /// When every step adds a constant to the cell id (square and rhombus
    /// boards) and the board has at most 128 cells: per direction, that
    /// constant and the bitmask of the cells with a step that way, so that
    /// a bitboard moves one step a direction in a shift.
    pub shifts: Option<[(i32, u128); 8]>,
}

impl Compass {
    /// The tables for cells at `coords`, stepping by `steps`. `inside` and
    /// `index` locate a coordinate; `row_column` says how labels count a
    /// cell's row and column; `top_first` whether the first coordinate row
    /// (the smallest) is the top one.
    pub fn new(
        coords: &[(i32, i32)],
        steps: &[Option<(i32, i32)>; 8],
        inside: impl Fn((i32, i32)) -> bool,
        index: impl Fn((i32, i32)) -> CellId,
        row_column: impl Fn((i32, i32)) -> (u8, u8),
        top_first: bool,
    ) -> Self {
        let mut table = Vec::with_capacity(coords.len() * 8);
        for &(x, y) in coords {
            for step in steps {
                let to = step.map(|(dx, dy)| (x + dx, y + dy)).filter(|&p| inside(p));
                table.push(to.map_or(NO_CELL, &index));
            }
        }
        let (rows, columns) = coords.iter().map(|&c| row_column(c)).unzip();
        let y_min = coords.iter().map(|c| c.1).min().unwrap_or(0);
        let y_max = coords.iter().map(|c| c.1).max().unwrap_or(0);
        let (top, bottom) = if top_first {
            (y_min, y_max)
        } else {
            (y_max, y_min)
        };
        let row_ends = |y: i32| {
            let xs = coords.iter().filter(|c| c.1 == y).map(|c| c.0);
            (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0))
        };
        let sides = coords
            .iter()
            .map(|&(x, y)| {
                let (left, right) = row_ends(y);
                u8::from(y == top)
                    | u8::from(y == bottom) << 1
                    | u8::from(x == left) << 2
                    | u8::from(x == right) << 3
            })
            .collect();
        let mut compass = Compass {
            steps: table,
            rows,
            columns,
            sides,
            floors: Vec::new(),
            column_masks: Vec::new(),
            floor_bits: 0,
            shifts: None,
        };
        compass.shifts = compass.linear_shifts(coords.len());
        if steps[4].is_some() {
            let mut floors: Vec<CellId> = (0..coords.len() as CellId)
                .filter(|&c| compass.step(c, 4) == NO_CELL)
                .collect();
            floors.sort_by_key(|&c| compass.columns[c as usize]);
            if coords.len() <= 128 {
                compass.column_masks = floors
                    .iter()
                    .map(|&floor| {
                        let mut mask = 0u128;
                        let mut c = floor;
                        while c != NO_CELL {
                            mask |= 1 << c;
                            c = compass.step(c, 0);
                        }
                        mask
                    })
                    .collect();
                compass.floor_bits = floors.iter().fold(0, |bits, &c| bits | 1 << c);
            }
            compass.floors = floors;
        }
        compass
    }

    /// Each direction's id step and the cells that have a step that way,
    /// if every step of a direction adds the same number to the cell id.
    fn linear_shifts(&self, cells: usize) -> Option<[(i32, u128); 8]> {
        if cells > 128 {
            return None;
        }
        let mut shifts = [(0, 0u128); 8];
        for (d, shift) in shifts.iter_mut().enumerate() {
            let mut delta = None;
            for c in 0..cells as CellId {
                let to = self.step(c, d as u8);
                if to == NO_CELL {
                    continue;
                }
                let step = i32::from(to) - i32::from(c);
                if *delta.get_or_insert(step) != step {
                    return None;
                }
                shift.1 |= 1 << c;
            }
            shift.0 = delta.unwrap_or(0);
        }
        Some(shifts)
    }

    /// Moves every cell of `bits` one step in direction `d` (cells with no
    /// step that way drop out), by the shifts of `linear_shifts`. A rotation
    /// by the step (a negative one turns the other way, as `delta as u32`
    /// is the same modulo the width) is a shift here, since no cell kept
    /// leaves the board, and needs no branch on the direction.
    #[inline(always)]
    pub fn shift(shifts: &[(i32, u128); 8], bits: u128, d: usize) -> u128 {
        let (delta, from) = shifts[d];
        (bits & from).rotate_left(delta as u32)
    }

    /// The cell between `a` and `b` when `b` is two steps from `a` in one
    /// direction (a jump), or `NO_CELL`.
    pub fn between(&self, a: CellId, b: CellId) -> CellId {
        (0..8)
            .map(|d| (self.step(a, d), d))
            .find(|&(over, d)| over != NO_CELL && self.step(over, d) == b)
            .map_or(NO_CELL, |(over, _)| over)
    }

    /// The cell one step from `cell` in direction `d`, or `NO_CELL`.
    #[inline]
    pub fn step(&self, cell: CellId, d: Direction) -> CellId {
        self.steps
            .get(cell as usize * 8 + d as usize)
            .copied()
            .unwrap_or(NO_CELL)
    }

    /// Whether `cell` lies on side `side`.
    #[inline]
    pub fn on_side(&self, cell: CellId, side: u8) -> bool {
        self.sides
            .get(cell as usize)
            .is_some_and(|&s| s >> side & 1 != 0)
    }
}
