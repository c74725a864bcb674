//! Dropping a piece into a column (`drop`): where it comes to rest, and the
//! moves written as the column, as players of such games say them.

use super::{Move, MoveError, State};
use crate::ir::compass::Compass;
use crate::ir::{Candidates, CellId, Rules, NO_CELL};

/// The direction a dropped piece falls: south.
const DOWN: u8 = 4;
/// Up a column: north.
pub(super) const UP: u8 = 0;

impl Rules {
    /// Appends the lowest empty cell of each column, left to right: where a
    /// piece dropped into it comes to rest.
    pub(super) fn dropped(&self, state: &State, out: &mut Vec<Move>) {
        let landing = self.kind_word(&Candidates::Dropped, state);
        if let Some(bits) = landing {
            for &column in &self.geometry.compass.column_masks {
                if bits & column != 0 {
                    out.push(Move::Place((bits & column).trailing_zeros() as CellId));
                }
            }
            return;
        }
        for &floor in &self.geometry.compass.floors {
            let mut c = floor;
            while c != NO_CELL && state.heights[c as usize] > 0 {
                c = self.geometry.compass.step(c, UP);
            }
            if c != NO_CELL {
                out.push(Move::Place(c));
            }
        }
    }

    /// The landing cells as a word: the empty cells on the floor or above
    /// a piece, found in one shift of the occupied cells up the columns.
    #[inline]
    pub(super) fn dropped_word(&self, state: &State) -> Option<u128> {
        let compass = &self.geometry.compass;
        let shifts = compass.shifts.as_ref()?;
        if compass.column_masks.is_empty() {
            return None;
        }
        // The empty cells' word holds board cells only.
        let empty = state.tops[0];
        let above = Compass::shift(shifts, !empty, UP as usize);
        Some(empty & (above | compass.floor_bits))
    }

    /// Whether a piece dropped on `cell` would rest there: it is empty, on
    /// the floor or on a piece.
    pub(super) fn rests_on(&self, state: &State, cell: CellId) -> bool {
        let below = self.geometry.compass.step(cell, DOWN);
        state.heights[cell as usize] == 0 && (below == NO_CELL || state.heights[below as usize] > 0)
    }

    /// Whether placements are written as their column: every rule that
    /// chooses a cell to place on drops into a column.
    pub fn writes_columns(&self) -> bool {
        self.columns
    }
}

impl Rules {
    /// A cell's column as a move: its letter.
    pub(super) fn column_text(&self, cell: CellId) -> String {
        let label = &self.geometry.labels[cell as usize];
        label
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .to_string()
    }

    /// Reads a column (`d`) as the drop into it, when moves are written so.
    pub(super) fn read_column(&self, state: &State, text: &str) -> Option<Result<Move, MoveError>> {
        if !self.writes_columns() || !text.bytes().all(|b| b.is_ascii_lowercase()) {
            return None;
        }
        let in_column = |c: CellId| self.column_text(c) == text;
        if !(0..self.geometry.cell_count() as CellId).any(in_column) {
            let columns = self.geometry.compass.floors.len();
            let last = self
                .geometry
                .compass
                .floors
                .last()
                .map(|&c| self.column_text(c));
            return Some(Err(MoveError::Refused(format!(
                "`{text}` is not a column of this board: its {columns} columns are a to {}",
                last.unwrap_or_default()
            ))));
        }
        let moves = self.sorted_moves(state);
        let found = moves.iter().find(|m| match m {
            Move::Place(c) => in_column(*c),
            Move::Chain { .. } => self.move_text(**m) == text,
            _ => false,
        });
        Some(match found {
            Some(&m) => Ok(m),
            None if self.dropped_full(state, text) => {
                Err(MoveError::Refused(format!("column {text} is full")))
            }
            None => Err(MoveError::Illegal(text.to_string())),
        })
    }

    /// Whether the column named `text` has no empty cell.
    fn dropped_full(&self, state: &State, text: &str) -> bool {
        let mut cells =
            (0..self.geometry.cell_count() as CellId).filter(|&c| self.column_text(c) == text);
        cells.all(|c| state.heights[c as usize] > 0)
    }
}
