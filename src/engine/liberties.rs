//! Groups and their liberties (Go): a group is a set of one seat's pieces
//! joined through neighbouring cells; its liberties are the empty cells
//! next to it. `capture surrounded` takes the groups of other seats next
//! to the piece just put down that have none; `surrounded(c)` says
//! whether the group holding `c` has none, `liberties(c)` how many it has; `territory(p)` counts the empty
//! cells whose region (empty cells joined through neighbours) touches
//! pieces of seat `p`'s and of no other seat. Each is a walk on the stack.

use super::seen::{Seen, MAX_CELLS};
use super::State;
use crate::ir::{CellId, Rules, NO_CELL};

/// A walk's cells, on the stack: as many as the board has.
type Cells = [CellId];

/// The cells of a board of at most this many fit the smaller buffer (its
/// setting to `NO_CELL` was 8% of Go's work with the larger).
const SMALL: usize = 128;

impl Rules {
    /// The cells a walk may reach: the board's, at most [`MAX_CELLS`].
    fn walked_cells(&self) -> usize {
        self.geometry.cell_count().min(MAX_CELLS)
    }

    /// Calls `f` with a buffer for a walk's cells, as small as the board
    /// allows.
    fn with_cells<R>(&self, f: impl FnOnce(&mut Cells) -> R) -> R {
        if self.walked_cells() <= SMALL {
            f(&mut [NO_CELL; SMALL])
        } else {
            f(&mut [NO_CELL; MAX_CELLS])
        }
    }

    /// Whether `code` is a seat's piece (not empty, not neutral).
    fn is_seat_code(&self, code: u8) -> bool {
        code != 0 && code as usize <= self.seats.len()
    }

    /// Whether the group holding `cell` has no liberty (false for an
    /// empty cell, a neutral piece or no cell): `surrounded(c)`.
    pub(super) fn surrounded(&self, state: &State, cell: CellId) -> bool {
        let on_board = (cell as usize) < self.walked_cells();
        if !on_board || !self.is_seat_code(state.board[cell as usize]) {
            return false;
        }
        self.with_cells(|cells| {
            self.surrounded_group(state, cell, &mut Seen::default(), cells)
                .is_some()
        })
    }

    /// Walks the group holding `start` into `cells`, marking them in
    /// `seen`: its size when it has no liberty, else `None` (the walk
    /// stops at the first liberty).
    fn surrounded_group(
        &self,
        state: &State,
        start: CellId,
        seen: &mut Seen,
        cells: &mut Cells,
    ) -> Option<usize> {
        self.flood(state, start, seen, cells, |other, _| other != 0)
    }

    /// How many empty cells lie next to the group holding `cell` (0 for an
    /// empty cell, a neutral piece or no cell): `liberties(c)`.
    pub(super) fn liberties(&self, state: &State, cell: CellId) -> usize {
        let on_board = (cell as usize) < self.walked_cells();
        if !on_board || !self.is_seat_code(state.board[cell as usize]) {
            return 0;
        }
        let (mut counted, mut found) = (Seen::default(), 0);
        self.with_cells(|cells| {
            self.flood(state, cell, &mut Seen::default(), cells, |other, n| {
                if other == 0 && !counted.has(n) {
                    counted.mark(n);
                    found += 1;
                }
                true
            })
        });
        found
    }

    /// Walks the cells of `start`'s code joined to it through neighbours
    /// (a group, or an empty region) into `cells`, marking them in `seen`,
    /// and shows `border` the code of each other neighbour: its size, or
    /// `None` as soon as `border` says stop.
    fn flood(
        &self,
        state: &State,
        start: CellId,
        seen: &mut Seen,
        cells: &mut Cells,
        mut border: impl FnMut(u8, usize) -> bool,
    ) -> Option<usize> {
        let limit = self.walked_cells();
        let code = state.board[start as usize];
        let (mut top, mut size) = (0, 1);
        cells[0] = start;
        seen.mark(start as usize);
        while top < size {
            let c = cells[top];
            top += 1;
            for &n in self.geometry.neighbours_of(c) {
                let n = n as usize;
                if n >= limit || seen.has(n) {
                    continue;
                }
                let other = state.board[n];
                if other == code {
                    seen.mark(n);
                    cells[size] = n as CellId;
                    size += 1;
                } else if !border(other, n) {
                    return None;
                }
            }
        }
        Some(size)
    }

    /// Captures each group of another seat's pieces next to `cell` (where
    /// the mover's piece was just put down) that has no liberty: every
    /// piece on its cells leaves the board, counted in the mover's
    /// `captured`.
    pub(super) fn capture_surrounded(&self, state: &mut State, cell: CellId) {
        if (cell as usize) >= self.walked_cells() {
            return;
        }
        let own = state.mover + 1;
        let taken = self.with_cells(|cells| {
            let mut taken = false;
            for &n in self.geometry.neighbours_of(cell) {
                let code = state.board.get(n as usize).copied().unwrap_or(0);
                if !self.is_seat_code(code) || code == own {
                    continue;
                }
                // A fresh walk each: one that stopped at a liberty saw only
                // part of its group. A group taken leaves its cells empty.
                let seen = &mut Seen::default();
                if let Some(size) = self.surrounded_group(state, n, seen, cells) {
                    self.take_group(state, &cells[..size]);
                    taken = true;
                }
            }
            taken
        });
        if taken {
            // Lines and runs of the seats taken from may have been broken.
            self.recount(state);
        }
    }

    /// Takes every piece on `cells` off the board, captured by the mover.
    fn take_group(&self, state: &mut State, cells: &[CellId]) {
        let mover = state.mover as usize;
        for &c in cells {
            while state.heights[c as usize] > 0 {
                let code = state.pop(c, self);
                if let Some(count) = (code as usize)
                    .checked_sub(1)
                    .and_then(|s| state.counts.get_mut(s))
                {
                    *count -= 1;
                    state.captured[mover] += 1;
                }
            }
        }
    }

    /// How many empty cells lie in regions that touch pieces of `seat`'s
    /// and of no other seat (neutral pieces and the edge bound a region
    /// but belong to nobody): `territory(p)`.
    pub(super) fn territory(&self, state: &State, seat: usize) -> usize {
        if seat >= self.seats.len() {
            return 0;
        }
        let limit = self.walked_cells();
        let mut seen = Seen::default();
        self.with_cells(|cells| {
            let mut owned = 0;
            for start in 0..limit {
                if state.board[start] != 0 || seen.has(start) {
                    continue;
                }
                let (size, touched) = self.region(state, start as CellId, &mut seen, cells);
                if touched == 1 << seat {
                    owned += size;
                }
            }
            owned
        })
    }

    /// The empty region holding `start`: its size, and the seats whose
    /// pieces it touches (a bit a seat).
    fn region(
        &self,
        state: &State,
        start: CellId,
        seen: &mut Seen,
        cells: &mut Cells,
    ) -> (usize, u64) {
        let mut touched = 0u64;
        let size = self.flood(state, start, seen, cells, |code, _| {
            if self.is_seat_code(code) && code <= 64 {
                touched |= 1 << (code - 1);
            }
            true
        });
        (size.unwrap_or(0), touched)
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::Rules;

    const GO: &str = "players Black, White\nboard square 5 x 5\n\
        phase play\n  place where empty then capture surrounded\n  pass\n\
        end when passes == 2: draw\n";

    /// The position after `moves`.
    fn after(rules: &Rules, moves: &[&str]) -> crate::engine::State {
        let mut state = rules.start(0);
        for m in moves {
            let m = rules.parse_move(&state, m).expect("legal");
            rules.play(&mut state, m);
        }
        state
    }

    #[test]
    fn a_group_counts_each_empty_neighbour_once() {
        let rules = crate::compile::load(GO, &[]).expect("rules");
        let at = |label: &str| rules.geometry.cell_by_label(label).expect("cell");
        let state = after(&rules, &["c3", "c4", "b3"]);
        // c3-b3: c2, d3 (c4 is White's), a3, b2, b4.
        assert_eq!(rules.liberties(&state, at("c3")), 5);
        assert_eq!(rules.liberties(&state, at("b3")), 5);
        // c4: b4, d4, c5.
        assert_eq!(rules.liberties(&state, at("c4")), 3);
        assert_eq!(rules.liberties(&state, at("a1")), 0);
        assert!(!rules.surrounded(&state, at("c4")));
    }

    #[test]
    fn a_group_with_no_empty_neighbour_is_taken() {
        let rules = crate::compile::load(GO, &[]).expect("rules");
        let at = |label: &str| rules.geometry.cell_by_label(label).expect("cell");
        // White's a1 and b1 lose c1, their last liberty.
        let state = after(&rules, &["a2", "a1", "b2", "b1", "c1"]);
        assert_eq!(state.board[at("a1") as usize], 0);
        assert_eq!(state.board[at("b1") as usize], 0);
        // c1 breathes through b1 again, d1 and c2.
        assert_eq!(rules.liberties(&state, at("c1")), 3);
        // Every empty point reaches Black only: White has no stone left.
        assert_eq!(rules.territory(&state, 0), 22);
    }
}
