//! Legal moves and the move notation.

use super::eval::Scope;
use super::State;
use crate::ir::{Candidates, CellId, Place, Rules, NO_CELL};

/// A move: small and `Copy`, so that move lists are flat arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Put one of the mover's pieces on the cell.
    Place(CellId),
    /// Put one of the mover's pieces on the stack at `from`, then pick the
    /// stack up and sow it along a path of `steps` steps (directions packed in
    /// `dirs`, see `engine/sow.rs`).
    Sow {
        /// The stack.
        from: CellId,
        /// The path's length: the stack's height with the new piece.
        steps: u8,
        /// The path's directions.
        dirs: u64,
    },
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
    /// A sowing path that cannot be right, with the reason.
    #[error("{0}")]
    BadPath(String),
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
        let start = out.len();
        self.candidate_cells(place, state, out);
        if let Some(sowing) = &place.sow {
            // The candidates become stacks to sow: append their paths, then drop them.
            let end = out.len();
            for i in start..end {
                if let Move::Place(c) = out[i] {
                    self.sow_moves(sowing, state, c, out);
                }
            }
            out.drain(start..end);
        }
    }

    /// Appends the cells a place rule allows, as `Move::Place`.
    pub(super) fn candidate_cells(&self, place: &Place, state: &State, out: &mut Vec<Move>) {
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
            let mut keep = start;
            for i in start..out.len() {
                if matches!(out[i], Move::Place(c) if mask[c as usize]) {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
        if let Some(test) = &place.test {
            let mut keep = start;
            for i in start..out.len() {
                let (Move::Place(c) | Move::Sow { from: c, .. }) = out[i];
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

    /// A move in the rules' notation: a cell label such as `e5`, or a sown
    /// stack and its path such as `a1 b1 c1 c2`.
    pub fn move_text(&self, m: Move) -> String {
        match m {
            Move::Place(c) => self.geometry.labels[c as usize].clone(),
            Move::Sow { from, steps, dirs } => {
                let mut text = self.geometry.labels[from as usize].clone();
                for c in self.sow_path(from, steps, dirs) {
                    text.push(' ');
                    text.push_str(&self.geometry.labels[c as usize]);
                }
                text
            }
        }
    }

    /// Reads a move typed in the rules' notation and checks that it is legal.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Move, MoveError> {
        if state.is_over() {
            return Err(MoveError::GameOver);
        }
        let lower = text.trim().to_ascii_lowercase();
        let labels: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let mut cells = Vec::with_capacity(labels.len());
        for label in &labels {
            cells.push(
                self.geometry
                    .cell_by_label(label)
                    .ok_or_else(|| MoveError::NoSuchCell(label.to_string()))?,
            );
        }
        let m = match cells.as_slice() {
            [] => return Err(MoveError::NoSuchCell(String::new())),
            [cell] if !self.sows(state) => Move::Place(*cell),
            [from, path @ ..] => self.read_path(state, *from, path, &labels)?,
        };
        if self.sorted_moves(state).contains(&m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(lower))
        }
    }

    /// Whether the moves of the current phase sow.
    fn sows(&self, state: &State) -> bool {
        self.phases[state.phase as usize]
            .places
            .iter()
            .any(|p| p.sow.is_some())
    }

    /// Reads a sowing path, saying what is wrong with it in the player's terms.
    fn read_path(
        &self,
        state: &State,
        from: CellId,
        path: &[CellId],
        labels: &[&str],
    ) -> Result<Move, MoveError> {
        let phase = &self.phases[state.phase as usize];
        let mut stacks = Vec::new();
        for place in phase.places.iter().filter(|p| p.sow.is_some()) {
            self.candidate_cells(place, state, &mut stacks);
        }
        if !stacks.contains(&Move::Place(from)) {
            let rules: Vec<&str> = phase.places.iter().map(|p| p.text.as_str()).collect();
            return Err(MoveError::BadPath(format!(
                "{} is not a stack you can sow now (it holds {}); the rule is `{}`",
                labels[0],
                plural(state.heights[from as usize] as usize, "piece"),
                rules.join("` or `")
            )));
        }
        let needed = state.heights[from as usize] as usize + 1;
        if path.len() != needed {
            return Err(MoveError::BadPath(format!(
                "the stack on {} holds {}, {} with yours, so its path needs {} after {}, not {}",
                labels[0],
                plural(needed - 1, "piece"),
                needed,
                plural(needed, "cell"),
                labels[0],
                path.len()
            )));
        }
        let no_reversal = self.phases[state.phase as usize]
            .places
            .iter()
            .any(|p| p.sow.as_ref().is_some_and(|s| s.no_reversal));
        let bits = self.step_bits();
        let (mut dirs, mut at, mut came) = (0u64, from, usize::MAX);
        for (i, &to) in path.iter().enumerate() {
            let d = self.geometry.direction(at, to).ok_or_else(|| {
                MoveError::BadPath(format!(
                    "{} is not next to {}: each drop goes to a neighbour of the one before",
                    labels[i + 1],
                    labels[i]
                ))
            })?;
            if no_reversal && came != usize::MAX && d == came ^ 1 {
                return Err(MoveError::BadPath(format!(
                    "the path goes straight back from {} to {}, which the rules forbid",
                    labels[i],
                    labels[i + 1]
                )));
            }
            dirs |= (d as u64) << (i as u32 * bits);
            at = to;
            came = d;
        }
        Ok(Move::Sow {
            from,
            steps: needed as u8,
            dirs,
        })
    }
}

/// "1 piece", "3 pieces".
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
