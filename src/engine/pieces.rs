//! Putting pieces on cells and taking them off, keeping every table the
//! state keeps beside the board true: heights, stacks, the empty-cell list,
//! the seats' bitboards, the slot grid, sowing counts and majorities.

use super::bitboard::cell_bit;
use super::State;
use crate::ir::{CellId, Rules};

impl State {
    /// Puts a piece (by code) on top of a cell; the caller checks the capacity.
    #[inline(always)]
    pub(super) fn push(&mut self, cell: CellId, code: u8, rules: &Rules) {
        let c = cell as usize;
        let h = self.heights[c] as usize;
        self.heights[c] += 1;
        if h == 0 {
            self.joined.0 = self.joined.0 && self.joins(cell, rules);
            self.occupy(cell);
        }
        if rules.majority {
            let owner = self.add_stone(c, code, rules.seats.len());
            self.set_top(cell, owner, rules);
            return;
        }
        self.stacks[c * rules.stack_capacity + h] = code;
        self.recount_sowing(c, rules);
        self.set_top(cell, code, rules);
    }

    /// Counts one more piece of `code` on `cell` of a board of counted
    /// fields and returns the code of its owner now, which the board holds.
    /// (`push` keeps its own copy of these steps: calling this from it
    /// moved Gomoku, Hex and Hex Fours by 0.1-0.3% through inlining.)
    #[inline(always)]
    pub(super) fn add_counted(&mut self, cell: CellId, code: u8, rules: &Rules) -> u8 {
        let c = cell as usize;
        let h = self.heights[c];
        self.heights[c] = h + 1;
        if h == 0 {
            self.joined.0 = self.joined.0 && self.joins(cell, rules);
            self.occupy(cell);
        }
        let before = self.board[c];
        let owner = self.add_stone(c, code, rules.seats.len());
        if owner != before {
            self.set_top(cell, owner, rules);
        }
        owner
    }

    /// Writes a piece of each `(cell, code)` on its empty cell, in order,
    /// into the board, the stacks, the heights and the empty-cell list
    /// (each taken out as `occupy` does, the list shortened once), but not
    /// the seats' words nor `joined`: a loop on words keeps those itself
    /// and writes them once (only for rules without majorities, runs or
    /// sowing). Always inline: with two loops calling it, left to the
    /// compiler it became a call, which cost tic-tac-toe 8% and Connect
    /// Four 9%. The tables indexed by cell are cut to the board's length first, so
    /// that one bounds check on the board covers them (6 a cell fewer). The
    /// word loop keeps its cells as bytes, the flipping loop as `CellId`s.
    #[inline(always)]
    pub(super) fn fill_empties<C>(&mut self, cells: &[(C, u8)], rules: &Rules)
    where
        C: Copy + Into<usize>,
    {
        let State {
            heights,
            stacks,
            board,
            empty_list,
            empty_pos,
            empty_listed,
            ..
        } = self;
        let n = board.len();
        let stride = rules.stack_capacity;
        if !*empty_listed {
            let heights = &mut heights[..n];
            for &(cell, code) in cells {
                let c = cell.into();
                board[c] = code;
                heights[c] = 1;
                stacks[c * stride] = code;
            }
            return;
        }
        let (heights, empty_pos) = (&mut heights[..n], &mut empty_pos[..n]);
        let mut len = empty_list.len();
        for &(cell, code) in cells {
            let c = cell.into();
            board[c] = code;
            heights[c] = 1;
            stacks[c * stride] = code;
            // The last empty cell takes this one's place in the list.
            let pos = empty_pos[c];
            len -= 1;
            let moved = empty_list[len];
            empty_list[pos as usize] = moved;
            empty_pos[moved as usize] = pos;
        }
        empty_list.truncate(len);
    }

    /// Counts one more piece of `code` on cell `c` and returns the code of
    /// the cell's owner: the seat with more pieces there than each other.
    /// Only the piece's seat gains one, so the most and the next most
    /// change without a pass over the seats.
    #[inline(always)]
    fn add_stone(&mut self, c: usize, code: u8, seats: usize) -> u8 {
        let before = self.board[c];
        let counts = &mut self.stones[c * seats..(c + 1) * seats];
        let Some(n) = counts.get_mut((code as usize).wrapping_sub(1)) else {
            // A neutral piece: no seat gains.
            return before;
        };
        *n += 1;
        let n = *n;
        let [best, second] = self.most[c];
        let (most, owner) = if n > best {
            // The seat held the most (alone or tied): now alone.
            let second = if before == code { second } else { best };
            ([n, second], code)
        } else if n == best {
            // It draws level with the one that held the most.
            ([best, best], 0)
        } else {
            ([best, second.max(n)], before)
        };
        self.most[c] = most;
        owner
    }

    /// Takes a cell's whole stack into `out` (bottom first) and empties the cell.
    pub(super) fn take(&mut self, cell: CellId, rules: &Rules, out: &mut [u8]) -> usize {
        let c = cell as usize;
        let h = self.heights[c] as usize;
        if h == 0 {
            return 0;
        }
        let start = c * rules.stack_capacity;
        out[..h].copy_from_slice(&self.stacks[start..start + h]);
        self.heights[c] = 0;
        self.joined.0 = false;
        self.recount_sowing(c, rules);
        self.set_top(cell, 0, rules);
        self.vacate(cell);
        h
    }

    /// Takes the top piece off a cell (which holds one) and returns its code.
    pub(super) fn pop(&mut self, cell: CellId, rules: &Rules) -> u8 {
        let c = cell as usize;
        let h = self.heights[c] as usize;
        let start = c * rules.stack_capacity;
        let code = self.stacks[start + h - 1];
        self.heights[c] -= 1;
        self.recount_sowing(c, rules);
        let top = if h > 1 { self.stacks[start + h - 2] } else { 0 };
        self.set_top(cell, top, rules);
        if h == 1 {
            self.joined.0 = false;
            self.vacate(cell);
        }
        code
    }

    /// Turns the top piece of `cell` (which holds one) into a piece of
    /// `code`, in place; returns the code it had. Cheaper than taking it
    /// off and putting another on: flips do this many times a move.
    pub(super) fn recolour(&mut self, cell: CellId, code: u8, rules: &Rules) -> u8 {
        let c = cell as usize;
        if rules.majority {
            // Counts, not stacks: one piece off, another on.
            let old = self.pop(cell, rules);
            self.push(cell, code, rules);
            return old;
        }
        let slot = c * rules.stack_capacity + self.heights[c] as usize - 1;
        let old = std::mem::replace(&mut self.stacks[slot], code);
        self.set_top(cell, code, rules);
        old
    }

    /// A piece taken off the board goes back to its seat's supply (a
    /// neutral piece leaves the game).
    pub(super) fn return_piece(&mut self, code: u8, rules: &Rules) {
        if let Some(seat) = (code as usize)
            .checked_sub(1)
            .filter(|&s| s < rules.seats.len())
        {
            self.counts[seat] -= 1;
            // An unlimited supply (`i32::MAX`) stays so.
            self.supply[seat] = self.supply[seat].saturating_add(1);
        }
    }

    /// Keeps a cell's count of sowing moves (and the total) true after its
    /// height changed.
    #[inline]
    fn recount_sowing(&mut self, c: usize, rules: &Rules) {
        if let Some(table) = &rules.plan.sow_counts {
            let n = table
                .get(self.heights[c] as usize * self.heights.len() + c)
                .copied()
                .unwrap_or(0);
            self.sow_total = self.sow_total - self.sow_moves[c] + n;
            self.sow_moves[c] = n;
        }
    }

    /// Sets the visible piece of a cell, on the board and in the slot grid.
    #[inline(always)]
    fn set_top(&mut self, cell: CellId, code: u8, rules: &Rules) {
        // The seat bitboards serve line checks, the slot grid run walks: each is
        // kept only when the rules have them.
        if rules.plan.keeps.tops {
            // Indexed by piece code (0 empty, then seats, then neutral kinds), so
            // that moving a cell's bit needs no branch on who owned it.
            let bit = cell_bit(cell);
            let old = self.board[cell as usize] as usize;
            self.tops[old] &= !bit;
            self.tops[code as usize] |= bit;
            if rules.plan.keeps.kind_tops {
                State::retop_kind(&mut self.memory, cell, code);
            }
        }
        self.board[cell as usize] = code;
        if rules.plan.keeps.slots {
            self.slots[rules.geometry.slot[cell as usize] as usize] = code;
        }
    }

    /// Whether a piece put on the empty `cell` keeps the pieces one group:
    /// it is the first, or it touches one (only known on bitboards).
    fn joins(&self, cell: CellId, rules: &Rules) -> bool {
        let masks = &rules.geometry.neighbour_masks;
        if self.empty_count() == rules.geometry.cell_count() {
            return true;
        }
        rules.plan.keeps.tops && !masks.is_empty() && masks[cell as usize] & !self.tops[0] != 0
    }

    /// Takes a cell out of the empty-cell list, where it is kept.
    #[inline]
    fn occupy(&mut self, cell: CellId) {
        occupy_in(&mut self.empty_list, &mut self.empty_pos, cell);
    }

    /// Puts a cell on the empty-cell list, where it is kept (a list not
    /// kept has no positions: the bounds test tells it, as in `occupy_in`).
    #[inline]
    fn vacate(&mut self, cell: CellId) {
        if let Some(pos) = self.empty_pos.get_mut(cell as usize) {
            *pos = self.empty_list.len() as CellId;
            self.empty_list.push(cell);
        }
    }
}

/// Takes a cell out of an empty-cell list and its table of positions. A
/// list that is not kept has no positions: the bounds test of the cell's
/// tells that too, so a list kept costs no more for it.
#[inline(always)]
pub(super) fn occupy_in(list: &mut Vec<CellId>, positions: &mut [CellId], cell: CellId) {
    let Some(&pos) = positions.get(cell as usize) else {
        return;
    };
    let pos = pos as usize;
    let moved = *list.last().expect("the cell was empty");
    list.swap_remove(pos);
    if moved != cell {
        positions[moved as usize] = pos as CellId;
    }
}
