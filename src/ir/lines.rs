//! The line tables: every line (window of n cells in a row along an axis)
//! of one length, and the lines through each cell, as cell lists and as
//! bitmasks, for `line(n, p)` and must block.

use super::geometry::{CellId, Geometry, NO_CELL};

/// Every line of one length, and the lines through each cell.
#[derive(Clone, Debug)]
pub struct LineTable {
    /// The line length.
    pub length: usize,
    /// The lines' cells, `length` ids per line.
    pub cells: Vec<CellId>,
    /// Line ids through each cell, `through_start[c]..through_start[c+1]`.
    pub through: Vec<u32>,
    /// Offsets into `through`.
    pub through_start: Vec<u32>,
    /// Each line as a bitmask of its cells, when the board has at most 128
    /// cells: a line check is then one AND per line against a seat's bitboard.
    pub masks: Option<Vec<u128>>,
    /// The same masks in 64 bits, when the board has at most 64 cells: the
    /// common boards are that small, and a check is then a single AND.
    pub small_masks: Option<SmallMasks>,
    /// When the board has at most 64 cells, the lines are 4 to 6 long and a
    /// step along each axis adds a constant to the cell id: per axis, that
    /// constant and the cells with a step that way. A seat's lines are then
    /// found on its bitboard in `length - 1` shifts an axis, however many
    /// lines pass a cell.
    pub axis_shifts: Option<AxisShifts>,
}

/// The masks of a board of at most 64 cells, in two layouts.
#[derive(Clone, Debug)]
pub struct SmallMasks {
    /// Each line's mask, by line id.
    pub lines: Vec<u64>,
    /// The masks of the lines through each cell, laid out as `through`
    /// (`through_start[c]..through_start[c+1]`): a cell's lines are then
    /// checked in one pass over adjacent words, with no look-up between.
    pub through: Vec<u64>,
}

/// Per axis (at most four: a square board's), the id step along it and the
/// cells that have a step that way; a missing axis has no cells.
#[derive(Clone, Debug, Default)]
pub struct AxisShifts {
    /// The id step.
    pub step: [u32; 4],
    /// The cells with a step, as bits.
    pub from: [u64; 4],
    /// The cells with two steps, as bits.
    pub from2: [u64; 4],
}

impl Geometry {
    /// Every line of `length` cells, with the lines through each cell.
    pub fn line_table(&self, length: usize) -> LineTable {
        let mut cells = Vec::new();
        let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); self.cell_count()];
        // A board of lines: every window of `length` along a declared line.
        for window in self.point_lines.iter().flat_map(|l| l.windows(length)) {
            let id = (cells.len() / length) as u32;
            for &c in window {
                per_cell[c as usize].push(id);
            }
            cells.extend_from_slice(window);
        }
        for start in 0..self.cell_count() as CellId {
            for axis in 0..self.axes.len() {
                let mut line = vec![start];
                while line.len() < length {
                    let next = self.step(*line.last().expect("non-empty"), axis, false);
                    if next == NO_CELL {
                        break;
                    }
                    line.push(next);
                }
                if line.len() == length {
                    let id = (cells.len() / length) as u32;
                    for &c in &line {
                        per_cell[c as usize].push(id);
                    }
                    cells.extend(line);
                }
            }
        }
        let mut through = Vec::new();
        let mut through_start = vec![0];
        for ids in per_cell {
            through.extend(ids);
            through_start.push(through.len() as u32);
        }
        let masks = (self.cell_count() <= 128).then(|| {
            cells
                .chunks_exact(length)
                .map(|line| line.iter().fold(0u128, |m, &c| m | 1u128 << c))
                .collect()
        });
        let small_masks = (self.cell_count() <= 64).then(|| {
            let wide: &Vec<u128> = masks.as_ref().expect("64 cells fit in 128 bits");
            let lines: Vec<u64> = wide.iter().map(|&m| m as u64).collect();
            let through = through.iter().map(|&l| lines[l as usize]).collect();
            SmallMasks { lines, through }
        });
        LineTable {
            length,
            cells,
            through,
            through_start,
            masks,
            small_masks,
            axis_shifts: self.axis_shifts(length),
        }
    }

    /// Per axis, the id step along it and the cells that have one, if the
    /// step is the same number from every cell. A run reads the same both
    /// ways, so an axis whose ids fall forward is walked backward: every
    /// step is then a left shift.
    ///
    /// Only for lines of 4 to 6 on boards of at most 64 cells: fewer lines
    /// of three pass a cell (one AND each is cheaper), and on wider boards
    /// the shifts cost more than the lines through the cell.
    fn axis_shifts(&self, length: usize) -> Option<AxisShifts> {
        let axes = !self.axes.is_empty() && self.axes.len() <= 4;
        if self.cell_count() > 64 || !axes || !(4..=6).contains(&length) {
            return None;
        }
        let along = |axis: usize, back: bool| {
            let mut delta = None;
            let mut from = 0u64;
            for c in 0..self.cell_count() as CellId {
                let to = self.step(c, axis, back);
                if to == NO_CELL {
                    continue;
                }
                let step = i32::from(to) - i32::from(c);
                if *delta.get_or_insert(step) != step {
                    return None;
                }
                from |= 1 << c;
            }
            Some((delta.unwrap_or(0), from))
        };
        let mut shifts = AxisShifts::default();
        for axis in 0..self.axes.len() {
            let (step, from) = match along(axis, false)? {
                (delta, from) if delta >= 0 => (delta, from),
                _ => along(axis, true)?,
            };
            shifts.step[axis] = step as u32;
            shifts.from[axis] = from;
            shifts.from2[axis] = from & (from >> step);
        }
        Some(shifts)
    }
}

impl LineTable {
    /// The number of lines.
    pub fn line_count(&self) -> usize {
        self.cells.len() / self.length
    }

    /// The cells of line `id`.
    pub fn line(&self, id: u32) -> &[CellId] {
        let s = id as usize * self.length;
        &self.cells[s..s + self.length]
    }

    /// Whether `stones` (the bitboard of a board of at most 64 cells) hold
    /// one of the lines, by the axis shifts (see `axis_shifts`).
    #[inline]
    pub fn holds_line(&self, shifts: &AxisShifts, stones: u64) -> bool {
        match self.length {
            4 => runs_of::<4>(shifts, stones),
            5 => runs_of::<5>(shifts, stones),
            _ => runs_of::<6>(shifts, stones),
        }
    }

    /// The ids of the lines through `cell`.
    #[inline]
    pub fn through(&self, cell: CellId) -> &[u32] {
        &self.through[self.through_range(cell)]
    }

    /// Whether `stones` (a bitboard of at most 64 cells) cover a line
    /// through `cell`, read from the masks of the lines through it side by
    /// side (false without small masks).
    #[inline]
    pub fn covers_line_through(&self, stones: u64, cell: CellId) -> bool {
        let Some(small) = &self.small_masks else {
            return false;
        };
        small.through[self.through_range(cell)]
            .iter()
            .any(|&m| m & !stones == 0)
    }

    /// Where the lines through `cell` are in `through` and `SmallMasks::through`.
    #[inline]
    fn through_range(&self, cell: CellId) -> std::ops::Range<usize> {
        let c = cell as usize;
        self.through_start[c] as usize..self.through_start[c + 1] as usize
    }
}

/// Whether `stones` hold a run of `N` (4 to 6) along an axis, axis by
/// axis until one has it. Written as one OR of the four axes, the compiler
/// vectorised them with shuffles (some 75 instructions a test): this way
/// Connect Four's random game costs 5,110 instructions, not 5,329.
#[inline(always)]
fn runs_of<const N: usize>(shifts: &AxisShifts, stones: u64) -> bool {
    (0..4).any(|axis| run_along::<N>(shifts, axis, stones))
}

/// Whether `stones` hold a run of `N` along `axis`, by doubling: the stones
/// that end a run of 2 are those a step after a stone; of 4, those that
/// end a run of 2 two steps after another; of 5 or 6, those that end a run
/// of 4 one or two steps after another.
fn run_along<const N: usize>(shifts: &AxisShifts, axis: usize, stones: u64) -> bool {
    let (from, from2, step) = (shifts.from[axis], shifts.from2[axis], shifts.step[axis]);
    let pairs = ((stones & from) << step) & stones;
    // Two steps may be a whole word (a board two cells wide): then no
    // cell has them, and the wrapped shift moves nothing.
    let fours = (pairs & from2).wrapping_shl(2 * step) & pairs;
    let runs = match N {
        4 => fours,
        5 => ((fours & from) << step) & fours,
        _ => (fours & from2).wrapping_shl(2 * step) & fours,
    };
    runs != 0
}
