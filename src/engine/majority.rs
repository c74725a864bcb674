//! Counted fields (`owner majority`): each seat's pieces on a cell, the
//! cell's owner, and how far a seat leads there.

use super::State;
use crate::ir::{CellId, Rules};

impl State {
    /// `seat`'s pieces on the cell minus the most any other seat has there.
    /// Counted fields are read inline; stacks are counted out of line.
    #[inline]
    pub(super) fn lead(&self, cell: CellId, seat: u8, rules: &Rules) -> i64 {
        if !rules.majority {
            return self.lead_in_stack(cell, seat, rules);
        }
        self.counted_lead(cell, seat, rules.seats.len())
    }

    /// [`State::lead`] on a board of counted fields (of `seats` seats),
    /// always inline: the card loop reads it for every card set it tries.
    #[inline(always)]
    pub(super) fn counted_lead(&self, cell: CellId, seat: u8, seats: usize) -> i64 {
        let mine = self.stones[cell as usize * seats + seat as usize];
        let [best, second] = self.most[cell as usize];
        let others = if mine == best && best > second {
            second
        } else {
            best
        };
        i64::from(mine) - i64::from(others)
    }

    /// [`State::lead`] on a board of stacks.
    #[inline(never)]
    fn lead_in_stack(&self, cell: CellId, seat: u8, rules: &Rules) -> i64 {
        let mine = self.stones(cell, seat, rules);
        let others = (0..rules.seats.len() as u8)
            .filter(|&q| q != seat)
            .map(|q| self.stones(cell, q, rules))
            .max()
            .unwrap_or(0);
        i64::from(mine) - i64::from(others)
    }

    /// The most pieces one seat has on the cell minus the next most.
    #[inline]
    pub(super) fn margin(&self, cell: CellId, rules: &Rules) -> i64 {
        if !rules.majority {
            return self.margin_in_stack(cell, rules);
        }
        self.counted_margin(cell)
    }

    /// [`State::margin`] on a board of counted fields, always inline: the
    /// card loop reads it for every card set it tries.
    #[inline(always)]
    pub(super) fn counted_margin(&self, cell: CellId) -> i64 {
        let [best, second] = self.most[cell as usize];
        i64::from(best) - i64::from(second)
    }

    /// [`State::margin`] on a board of stacks.
    #[inline(never)]
    fn margin_in_stack(&self, cell: CellId, rules: &Rules) -> i64 {
        let (mut first, mut second) = (0, 0);
        for q in 0..rules.seats.len() as u8 {
            let n = self.stones(cell, q, rules);
            if n > first {
                (first, second) = (n, first);
            } else if n > second {
                second = n;
            }
        }
        i64::from(first) - i64::from(second)
    }

    /// How many of `seat`'s pieces the cell holds.
    #[inline]
    pub fn stones(&self, cell: CellId, seat: u8, rules: &Rules) -> u8 {
        if rules.majority {
            let seats = rules.seats.len();
            return self.stones[cell as usize * seats + seat as usize];
        }
        self.stack(cell, rules)
            .iter()
            .filter(|&&p| u16::from(p) == u16::from(seat) + 1)
            .count() as u8
    }
}
