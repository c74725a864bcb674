//! A picked-up piece walking (`step`, `slide`, `jump`): the cells it may
//! reach in each direction from the cell it left, the capture of another
//! seat's piece where it stops, and of the piece it jumps over.

use super::chain::Progress;
use super::eval::Scope;
use super::{Move, State};
use crate::ir::{CellId, Node, Rules, SeatRef, Walk, NO_CELL};
use crate::syntax::ast::Reach;

impl Rules {
    /// Appends the cells the walk allows from `progress.from`: one step in
    /// each direction (sliding: every empty cell on the way, and the first
    /// occupied one), empty or held by another seat (jumping: the empty
    /// cell past a piece next to it), passing the condition.
    pub(super) fn walk_cells(
        &self,
        walk: &Walk,
        state: &State,
        progress: Progress,
        out: &mut Vec<Move>,
    ) {
        let from = progress.from;
        if from == NO_CELL {
            return;
        }
        let own = state.mover + 1;
        let start = out.len();
        let scope = progress.scope(state, NO_CELL);
        // The same cell by two directions (a direction listed twice) is one
        // move: on a board of at most 128 cells, the cells pushed as bits.
        let small = self.geometry.cell_count() <= 128;
        let mut pushed = 0u128;
        let mut push = |out: &mut Vec<Move>, at: CellId| {
            let new = match small {
                true => pushed & super::bitboard::cell_bit(at) == 0,
                false => !out[start..].contains(&Move::Place(at)),
            };
            if new {
                pushed |= super::bitboard::cell_bit(at);
                out.push(Move::Place(at));
            }
        };
        let select = &walk.select;
        let plain = select.mask.is_none() && select.guard.is_none() && select.test.is_none();
        for (slot, d) in walk.directions.iter().enumerate() {
            let Ok(d @ 0..8) = u8::try_from(self.direction(d, &scope)) else {
                continue;
            };
            let compass = &self.geometry.compass;
            if walk.reach != Reach::Slide {
                let to = self.reach(walk, state, progress, (slot, d));
                if to != NO_CELL {
                    push(out, to);
                }
                continue;
            }
            let mut at = compass.step(from, d);
            while at != NO_CELL {
                let code = state.board[at as usize];
                if code != own && (plain || self.walk_allows(walk, state, progress, at)) {
                    push(out, at);
                }
                if code != 0 {
                    break;
                }
                at = compass.step(at, d);
            }
        }
    }

    /// The cell a step or jump (not a slide) from `progress.from` in
    /// direction `d` (the walk's direction number `slot`) reaches, if the
    /// walk allows it, else `NO_CELL`: one step onto an empty cell or
    /// another seat's piece, or a jump over a piece onto the empty cell
    /// beyond.
    #[inline(always)]
    pub(super) fn reach(
        &self,
        walk: &Walk,
        state: &State,
        progress: Progress,
        (slot, d): (usize, u8),
    ) -> CellId {
        let compass = &self.geometry.compass;
        let next = match &walk.leap {
            Some(leap) => leap.targets[progress.from as usize * crate::ir::LEAPS + d as usize],
            None => compass.step(progress.from, d),
        };
        if next == NO_CELL {
            return NO_CELL;
        }
        let to = match walk.reach {
            Reach::Jump { .. } => {
                let land = compass.step(next, d);
                let over_a_piece = land != NO_CELL
                    && state.heights[next as usize] > 0
                    && state.heights[land as usize] == 0;
                if !over_a_piece {
                    return NO_CELL;
                }
                land
            }
            // The codes the cell may hold, read off the walk's table (the
            // pass gives one to steps and leaps only).
            _ if walk.targets.is_some() => {
                let targets = walk.targets.as_deref().unwrap_or_default();
                let seats = self.seats.len();
                let allowed = targets[slot * seats + state.mover as usize];
                let code = state.board[next as usize];
                let fits = allowed >> code & 1 != 0;
                return match fits && self.walk_guard_allows(walk, state, progress, next) {
                    true => next,
                    false => NO_CELL,
                };
            }
            _ if state.board[next as usize] == state.mover + 1 => return NO_CELL,
            _ => next,
        };
        if self.walk_allows(walk, state, progress, to) {
            to
        } else {
            NO_CELL
        }
    }

    /// A walk's direction: a compass point, or the mover's own (`forward`)
    /// read off its table without the evaluator's call, since every piece
    /// a move may pick asks for each direction again.
    #[inline(always)]
    pub(super) fn direction(&self, d: &Node, scope: &Scope) -> i64 {
        match d {
            Node::Const(d) => *d,
            Node::PerSeat(table, SeatRef::Mover) => table[scope.state.mover as usize],
            d => self.eval(d, scope),
        }
    }

    /// Whether the walk's condition allows `cell`. Not through
    /// `guard_and_test`, whose test goes to the evaluator: that way
    /// measured 3% slower on Breakthrough.
    fn walk_allows(&self, walk: &Walk, state: &State, progress: Progress, cell: CellId) -> bool {
        let select = &walk.select;
        let scope = progress.scope(state, cell);
        select.mask.as_ref().is_none_or(|m| m.contains(cell)) && self.guard_and_test(select, &scope)
    }

    /// Whether the walk's mask and guard allow `cell`: its test is the
    /// table of `walk-targets`.
    fn walk_guard_allows(
        &self,
        walk: &Walk,
        state: &State,
        progress: Progress,
        cell: CellId,
    ) -> bool {
        let select = &walk.select;
        let guard = |g: &crate::ir::Node| self.eval(g, &progress.scope(state, cell)) != 0;
        select.mask.as_ref().is_none_or(|m| m.contains(cell))
            && select.guard.as_ref().is_none_or(guard)
    }

    /// Moves the walking piece to `to`: what stands there is captured, and
    /// so is the piece it jumped over when the jump captures.
    pub(super) fn walk_to(&self, walk: &Walk, state: &mut State, from: CellId, to: CellId) {
        self.walk_captures(walk, state, from, to);
        self.place_piece(state, to);
    }

    /// What a walk from `from` to `to` captures, the piece in the air: what
    /// stands on `to`, and the piece jumped over when the jump captures.
    #[inline]
    pub(super) fn walk_captures(&self, walk: &Walk, state: &mut State, from: CellId, to: CellId) {
        if state.heights[to as usize] > 0 {
            self.capture_on(state, to);
        }
        if walk.reach == (Reach::Jump { capturing: true }) {
            let over = self.geometry.compass.between(from, to);
            if over != NO_CELL {
                self.capture_on(state, over);
            }
        }
    }

    /// Whether `b` is empty and reached from `a` along one of the eight
    /// directions over empty cells (`sees`: a queen's move).
    pub(super) fn sees(&self, state: &State, a: CellId, b: CellId) -> bool {
        let cells = state.heights.len();
        if a == b || a as usize >= cells || b as usize >= cells {
            return false;
        }
        let compass = &self.geometry.compass;
        (0..8).any(|d| {
            let mut at = compass.step(a, d);
            while at != NO_CELL && state.heights[at as usize] == 0 {
                if at == b {
                    return true;
                }
                at = compass.step(at, d);
            }
            false
        })
    }

    /// Puts a neutral piece of `code` on `cell` (a move's `place arrow`):
    /// lines and runs through it are counted again, since it breaks them.
    pub(super) fn place_neutral(&self, state: &mut State, cell: CellId, code: u8) {
        state.push(cell, code, self);
        if !self.line_tables.is_empty() || !self.run_lengths.is_empty() {
            self.recount(state);
        }
        state.last = cell;
    }

    /// Captures what stands on `cell` (another seat's pieces, or neutral
    /// ones), before the walking piece is put there.
    pub(super) fn capture_on(&self, state: &mut State, cell: CellId) {
        let mut pieces = [0u8; 256];
        let n = state.take(cell, self, &mut pieces);
        let mover = state.mover as usize;
        for &code in &pieces[..n] {
            if let Some(count) = state.counts.get_mut((code as usize).wrapping_sub(1)) {
                *count -= 1;
            }
            state.captured[mover] += 1;
            self.after_removal(state, code);
        }
    }

    /// `capture at CELL`: the pieces on the cell are captured. Out of line,
    /// as `relocate`: inlined into the step runner it cost Kalah 3.8%.
    #[inline(never)]
    pub(super) fn capture_at(&self, state: &mut State, c: &Node, progress: Progress) {
        let c = self.eval(c, &progress.scope(state, NO_CELL));
        if (0..state.heights.len() as i64).contains(&c) && state.heights[c as usize] > 0 {
            self.capture_on(state, c as CellId);
        }
    }

    /// `move A to B`: the top piece of `a` goes onto `b` with its kind
    /// (what stood on `b` is captured); nothing when `a` is empty.
    #[inline(never)]
    pub(super) fn relocate(&self, state: &mut State, a: &Node, b: &Node, progress: Progress) {
        let scope = progress.scope(state, NO_CELL);
        let (a, b) = (self.eval(a, &scope), self.eval(b, &scope));
        let cells = 0..state.heights.len() as i64;
        if !cells.contains(&a) || !cells.contains(&b) || a == b || state.heights[a as usize] == 0 {
            return;
        }
        let (a, b) = (a as CellId, b as CellId);
        if state.heights[b as usize] > 0 {
            self.capture_on(state, b);
        }
        let kind = state.kind_code(a);
        let code = state.pop(a, self);
        state.push(b, code, self);
        state.set_kind(b, kind);
    }
}
