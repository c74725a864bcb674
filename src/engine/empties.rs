//! The empty cells of a state: a list (with each cell's place in it) where
//! the plan keeps one (`Keeps::empty_list`), else the word of piece code 0.

use super::State;
use crate::ir::CellId;

impl State {
    /// The number of empty cells.
    pub fn empty_count(&self) -> usize {
        match self.empty_listed {
            true => self.empty_list.len(),
            false => self.empty_word().count_ones() as usize,
        }
    }

    /// Whether no cell is empty. A list not kept is empty: a kept one's
    /// one test answers most positions.
    #[inline]
    pub(super) fn is_full(&self) -> bool {
        self.empty_list.is_empty() && (self.empty_listed || self.empty_word() == 0)
    }

    /// The empty cells where the state keeps them as a word (not listed).
    #[inline]
    fn empty_word(&self) -> u128 {
        self.tops.first().copied().unwrap_or(0)
    }

    /// The empty cells: in the list's order, or lowest first.
    pub(super) fn empty_cells(&self) -> EmptyCells<'_> {
        EmptyCells {
            list: self.empty_list.iter(),
            word: if self.empty_listed {
                0
            } else {
                self.empty_word()
            },
        }
    }
}

/// The empty cells of a state ([`State::empty_cells`]): the list's, then
/// the word's (one of the two is empty).
pub(super) struct EmptyCells<'s> {
    list: std::slice::Iter<'s, CellId>,
    word: u128,
}

impl Iterator for EmptyCells<'_> {
    type Item = CellId;

    fn next(&mut self) -> Option<CellId> {
        if let Some(&c) = self.list.next() {
            return Some(c);
        }
        let c = (self.word != 0).then(|| self.word.trailing_zeros() as CellId)?;
        self.word &= self.word - 1;
        Some(c)
    }
}
