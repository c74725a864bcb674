//! Legal moves and the move notation.

use super::eval::Scope;
use super::State;
use crate::ir::{Candidates, CellId, Place, Rules, NO_CELL};

/// A move: small and `Copy`, so that move lists are flat arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Put one of the mover's pieces on the cell.
    Place(CellId),
}

/// Why a typed move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text names no cell of this board.
    #[error("`{0}` is not a cell of this board")]
    NoSuchCell(String),
    /// The cell exists but the move is not legal now.
    #[error("{0} is not a legal move now")]
    Illegal(String),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

impl Rules {
    /// Writes the legal moves of `state` into `out` (cleared first), in cell order
    /// when the phase has one place rule, sorted when it has several.
    pub fn legal_moves(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if state.is_over() || state.supply[state.mover as usize] <= 0 {
            return;
        }
        let phase = &self.phases[state.phase as usize];
        for place in &phase.places {
            self.place_moves(place, state, out);
        }
        if phase.places.len() > 1 {
            out.sort_unstable();
            out.dedup();
        }
    }

    fn place_moves(&self, place: &Place, state: &State, out: &mut Vec<Move>) {
        if let Some(guard) = &place.guard {
            let scope = Scope {
                state,
                chosen: NO_CELL,
                bound: 0,
            };
            if self.eval(guard, &scope) == 0 {
                return;
            }
        }
        let start = out.len();
        match &place.candidates {
            Candidates::Empty => out.extend(state.empty_list.iter().map(|&c| Move::Place(c))),
            Candidates::EmptyNeighbours(of) => {
                let scope = Scope {
                    state,
                    chosen: NO_CELL,
                    bound: 0,
                };
                let c = self.eval(of, &scope) as CellId;
                if c != NO_CELL {
                    let free = self
                        .geometry
                        .neighbours_of(c)
                        .iter()
                        .filter(|&&n| state.board[n as usize] == 0);
                    out.extend(free.map(|&n| Move::Place(n)));
                }
            }
        }
        if let Some(mask) = &place.mask {
            out.retain(|&Move::Place(c)| mask[c as usize]);
        }
        if let Some(test) = &place.test {
            let mut keep = start;
            for i in start..out.len() {
                let Move::Place(c) = out[i];
                let scope = Scope {
                    state,
                    chosen: c,
                    bound: 0,
                };
                if self.eval(test, &scope) != 0 {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// The legal moves of `state`, sorted by notation order (cell id).
    pub fn sorted_moves(&self, state: &State) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves(state, &mut moves);
        moves.sort_unstable();
        moves
    }

    /// A move in the rules' notation (a cell label such as `e5`).
    pub fn move_text(&self, m: Move) -> String {
        match m {
            Move::Place(c) => self.geometry.labels[c as usize].clone(),
        }
    }

    /// Reads a move typed in the rules' notation and checks that it is legal.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, MoveError> {
        if state.is_over() {
            return Err(MoveError::GameOver);
        }
        let label = text.trim().to_ascii_lowercase();
        let cell = self
            .geometry
            .cell_by_label(&label)
            .ok_or_else(|| MoveError::NoSuchCell(text.trim().to_string()))?;
        let m = Move::Place(cell);
        if self.sorted_moves(state).contains(&m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(label))
        }
    }
}
