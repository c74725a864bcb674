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
    pub small_masks: Option<Vec<u64>>,
}

impl Geometry {
    /// Every line of `length` cells, with the lines through each cell.
    pub fn line_table(&self, length: usize) -> LineTable {
        let mut cells = Vec::new();
        let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); self.cell_count()];
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
            wide.iter().map(|&m| m as u64).collect()
        });
        LineTable {
            length,
            cells,
            through,
            through_start,
            masks,
            small_masks,
        }
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

    /// The ids of the lines through `cell`.
    pub fn through(&self, cell: CellId) -> &[u32] {
        let c = cell as usize;
        &self.through[self.through_start[c] as usize..self.through_start[c + 1] as usize]
    }
}
