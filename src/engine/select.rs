//! Which cells a choosing step may choose: its candidates (kept lists and
//! bitboards where the compiler found a known shape), then its mask, guard
//! and test.

use super::bitboard::push_cells;
use super::chain::Progress;
use super::eval::Scope;
use super::{Move, State};
use crate::ir::{Candidates, CellId, Node, Rules, Select, NO_CELL};

impl Rules {
    /// Appends the cells a choosing step allows, as `Move::Place`.
    pub(super) fn candidate_cells(
        &self,
        place: &Select,
        state: &State,
        progress: Progress,
        out: &mut Vec<Move>,
    ) {
        if let Some(guard) = &place.guard {
            if self.eval(guard, &progress.scope(state, NO_CELL)) == 0 {
                return;
            }
        }
        let start = out.len();
        let cells = 0..self.geometry.cell_count() as CellId;
        match &place.candidates {
            // A full cell takes no more pieces.
            Candidates::All => out.extend(
                cells
                    .filter(|&c| (state.heights[c as usize] as usize) < self.stack_capacity)
                    .map(Move::Place),
            ),
            Candidates::Occupied => out.extend(
                cells
                    .filter(|&c| {
                        let h = state.heights[c as usize] as usize;
                        h > 0 && h < self.stack_capacity
                    })
                    .map(Move::Place),
            ),
            Candidates::Empty => match state.empty_listed {
                true => out.extend(state.empty_list.iter().map(|&c| Move::Place(c))),
                false => push_cells(state.tops[0], out),
            },
            Candidates::EmptyNeighbours(of) => {
                let c = self.eval(of, &progress.scope(state, NO_CELL)) as CellId;
                if c != NO_CELL {
                    let free = self
                        .geometry
                        .neighbours_of(c)
                        .iter()
                        .filter(|&&n| state.board[n as usize] == 0);
                    out.extend(free.map(|&n| Move::Place(n)));
                }
            }
            Candidates::EmptyTouching => self.empty_touching(state, out),
            Candidates::Dropped => self.dropped(state, out),
            Candidates::Enclosing => self.enclosing_cells(state, out),
            // A walk lists the cells it reaches itself (`walk_piece.rs`).
            Candidates::Reached => {}
            Candidates::Owned => {
                let own = state.mover + 1;
                if self.plan.keeps.tops {
                    let mut bits = state.tops[own as usize];
                    while bits != 0 {
                        out.push(Move::Place(bits.trailing_zeros() as CellId));
                        bits &= bits - 1;
                    }
                } else {
                    out.extend(
                        cells
                            .filter(|&c| state.board[c as usize] == own)
                            .map(Move::Place),
                    );
                }
            }
            Candidates::OwnedKind(k) => {
                let own = state.mover + 1;
                match self.kind_word(&place.candidates, state) {
                    Some(bits) => push_cells(bits, out),
                    None => out.extend(
                        cells
                            .filter(|&c| state.board[c as usize] == own && state.kind_code(c) == *k)
                            .map(Move::Place),
                    ),
                }
            }
            Candidates::OwnedBy(seat) => self.cells_owned_by(seat, state, progress, out),
            Candidates::Pieces => out.extend(
                cells
                    .filter(|&c| state.heights[c as usize] > 0)
                    .map(Move::Place),
            ),
        }
        if let Some(mask) = &place.mask {
            let mut keep = start;
            for i in start..out.len() {
                if matches!(out[i], Move::Place(c) if mask.contains(c)) {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
        if let Some(test) = &place.test {
            let mut keep = start;
            for i in start..out.len() {
                let Move::Place(c) = out[i] else {
                    continue;
                };
                if self.eval(test, &progress.scope(state, c)) != 0 {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// The cells topped by a piece of the seat `seat` gives. Out of line:
    /// only remove steps and track steps choose so.
    #[inline(never)]
    fn cells_owned_by(&self, seat: &Node, state: &State, progress: Progress, out: &mut Vec<Move>) {
        let code = self.eval(seat, &progress.scope(state, NO_CELL)) + 1;
        let cells = 0..self.geometry.cell_count() as CellId;
        out.extend(
            cells
                .filter(|&c| i64::from(state.board[c as usize]) == code)
                .map(Move::Place),
        );
    }

    /// Whether `cell` is topped by a piece of the seat `seat` gives.
    #[inline(never)]
    fn is_owned_by(&self, seat: &Node, state: &State, progress: Progress, cell: CellId) -> bool {
        let code = self.eval(seat, &progress.scope(state, NO_CELL)) + 1;
        i64::from(state.board[cell as usize]) == code
    }

    /// Whether a choosing step's selection allows `cell`: one of its
    /// candidates, in its mask, passing its guard and test.
    pub(super) fn select_allows(
        &self,
        select: &Select,
        state: &State,
        progress: Progress,
        cell: CellId,
    ) -> bool {
        let c = cell as usize;
        let height = state.heights[c] as usize;
        let free = height == 0;
        let candidate = match &select.candidates {
            Candidates::All => height < self.stack_capacity,
            Candidates::Occupied => height > 0 && height < self.stack_capacity,
            Candidates::Empty => free,
            Candidates::EmptyNeighbours(of) => {
                let at = self.eval(of, &progress.scope(state, NO_CELL)) as CellId;
                free && self.geometry.adjacent(at, cell)
            }
            Candidates::EmptyTouching => {
                free && self
                    .geometry
                    .neighbours_of(cell)
                    .iter()
                    .any(|&n| state.heights[n as usize] > 0)
            }
            Candidates::Dropped => self.rests_on(state, cell),
            Candidates::Enclosing => free && self.encloses(state, cell) > 0,
            Candidates::Reached => true,
            Candidates::Owned => state.board[c] == state.mover + 1,
            Candidates::OwnedKind(k) => {
                state.board[c] == state.mover + 1 && state.kind_code(cell) == *k
            }
            Candidates::Pieces => height > 0,
            Candidates::OwnedBy(seat) => self.is_owned_by(seat, state, progress, cell),
        };
        let scope = progress.scope(state, cell);
        candidate
            && select.mask.as_ref().is_none_or(|m| m.contains(cell))
            && self.guard_and_test(select, &scope)
    }

    /// Whether a selection's guard and test (where it has them) hold in
    /// `scope`: the guard first, since it does not depend on the cell.
    #[inline(always)]
    pub(super) fn guard_and_test(&self, select: &Select, scope: &Scope) -> bool {
        let holds = |n: &Option<Node>| n.as_ref().is_none_or(|n| self.eval(n, scope) != 0);
        holds(&select.guard) && holds(&select.test)
    }

    /// Appends the empty cells next to a piece.
    fn empty_touching(&self, state: &State, out: &mut Vec<Move>) {
        if let Some(bits) = self.kind_word(&Candidates::EmptyTouching, state) {
            return push_cells(bits, out);
        }
        out.extend(
            state
                .empty_cells()
                .filter(|&c| {
                    self.geometry
                        .neighbours_of(c)
                        .iter()
                        .any(|&n| state.heights[n as usize] > 0)
                })
                .map(Move::Place),
        );
    }
}
