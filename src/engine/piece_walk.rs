//! Piece walks (`Form::PieceWalk`): a piece of the mover's picked up and
//! stepped, slid or jumped in fixed directions, onto a cell whose
//! condition reads nothing the lifted piece changes (the compiler checked).
//!
//! Listing needs no lifted copy of the position: each piece's reaches are
//! read where it stands. A random step or jump needs no list: a move is
//! one pair of a piece and a direction (not so a slide's, which the
//! `random-draw` pass leaves to the list), so a pair drawn uniformly until one is
//! legal is a uniformly drawn legal move; after `TRIES` illegal pairs
//! (few legal moves left) the caller lists them instead, which keeps the
//! draw uniform.

use rand::Rng;

use super::bitboard::nth_cell;
use super::chain::Progress;
use super::eval::Scope;
use super::play::below;
use super::pool::{buffer, give_buffer};
use super::{Move, State, MAX_MOVES};
use crate::ir::{CellId, MoveRule, Rules, Select, Step, Walk, NO_CELL};

/// Pairs drawn before a random move gives up and the moves are listed.
const TRIES: u32 = 16;

/// The most directions a walk names that a draw handles (the compass's).
const MAX_DIRECTIONS: usize = 8;

impl Rules {
    /// Appends the moves of piece walk `rule` (number `number`), in the
    /// general runner's order: piece by piece, direction by direction.
    pub(super) fn piece_walk_moves(
        &self,
        number: u8,
        rule: &MoveRule,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        self.piece_walk_moves_until(number, rule, state, out, |_| false);
    }

    /// [`Rules::piece_walk_moves`], handing each piece's moves to `enough`
    /// as they are listed and stopping when it says so: the search for a
    /// stuck mover tries a knight's moves before the next knight's are
    /// listed.
    pub(super) fn piece_walk_moves_until(
        &self,
        number: u8,
        rule: &MoveRule,
        state: &State,
        out: &mut Vec<Move>,
        mut enough: impl FnMut(&[Move]) -> bool,
    ) {
        let (pick, walk, promotion) = match rule.steps.as_slice() {
            [Step::Pick(pick), Step::Walk(walk)] => (pick, walk, None),
            [Step::Pick(pick), Step::Walk(walk), Step::PromoteChosen(kinds, when)] => {
                (pick, walk, Some((kinds, when.as_ref())))
            }
            _ => return,
        };
        let (mut pieces, mut reached) = (buffer(), buffer());
        self.candidate_cells(pick, state, Progress::START, &mut pieces);
        for &piece in pieces.iter() {
            let Move::Place(from) = piece else { continue };
            let listed = out.len();
            if let Some(promotion) = promotion {
                reached.clear();
                self.walk_cells(walk, state, lifted(state, from), &mut reached);
                for &m in reached.iter() {
                    if let Move::Place(to) = m {
                        self.promotions(number, state, (from, to), promotion, out);
                    }
                }
            } else {
                // Each cell reached is a move: rewritten where it was listed.
                let start = out.len();
                self.walk_cells(walk, state, lifted(state, from), out);
                for m in &mut out[start..] {
                    if let Move::Place(to) = *m {
                        *m = walk_move(number, from, to);
                    }
                }
            }
            if out.len() >= MAX_MOVES || enough(&out[listed..]) {
                break;
            }
        }
        give_buffer(pieces);
        give_buffer(reached);
    }

    /// The moves of the piece walked from `from` to `to` then promoted by
    /// choice: one a kind when the condition holds (read before the walk
    /// is played: it reads no cell's contents), else one promoting nothing.
    fn promotions(
        &self,
        number: u8,
        state: &State,
        (from, to): (CellId, CellId),
        (kinds, when): (&Vec<u8>, Option<&crate::ir::Node>),
        out: &mut Vec<Move>,
    ) {
        let walked = Progress {
            to,
            piece: state.mover + 1,
            ..lifted(state, from)
        };
        let Move::Chain { rule, mut choices } = walk_move(number, from, to) else {
            return;
        };
        if !self.holds(when, state, walked) {
            return out.push(Move::Chain { rule, choices });
        }
        for &kind in kinds {
            choices[2] = CellId::from(kind);
            out.push(Move::Chain { rule, choices });
        }
    }

    /// A uniformly random move of piece walk `rule`, or `None` when none of
    /// `TRIES` drawn pairs was legal (or the directions repeat, so that
    /// pairs and moves are not one to one): then list the moves.
    pub(super) fn random_piece_walk<R: Rng>(
        &self,
        number: u8,
        pick: &Select,
        walk: &Walk,
        state: &State,
        rng: &mut R,
    ) -> Option<Move> {
        let mut directions = [0u8; MAX_DIRECTIONS];
        let count = walk.directions.len();
        if count == 0 || count > MAX_DIRECTIONS {
            return None;
        }
        let scope = Scope::at(state, NO_CELL);
        for (i, d) in walk.directions.iter().enumerate() {
            let d = u8::try_from(self.direction(d, &scope)).ok()?;
            if d >= 8 || directions[..i].contains(&d) {
                return None;
            }
            directions[i] = d;
        }
        // A pick of one kind draws from that kind's pieces (the pick is
        // still tested: without the kinds' words the draw is from all).
        let own = state.tops[state.mover as usize + 1];
        let pieces = match pick.candidates {
            crate::ir::Candidates::OwnedKind(_) => {
                self.kind_word(&pick.candidates, state).unwrap_or(own)
            }
            _ => own,
        };
        let n = pieces.count_ones() as usize;
        if n == 0 {
            return None;
        }
        // A pick of any piece of the mover's, with no condition besides, is
        // met by every piece drawn from its word.
        let bare = pick.mask.is_none() && pick.guard.is_none() && pick.test.is_none();
        let picked = bare && matches!(pick.candidates, crate::ir::Candidates::Owned);
        for _ in 0..TRIES {
            let k = below(rng, n * count);
            let from = nth_cell(pieces, (k / count) as u32);
            let slot = k % count;
            let to = self.reach(walk, state, lifted(state, from), (slot, directions[slot]));
            if to != NO_CELL && (picked || self.select_allows(pick, state, Progress::START, from)) {
                return Some(walk_move(number, from, to));
            }
        }
        None
    }
}

/// What the pick of the piece on `from` leaves for the walk's conditions.
fn lifted(state: &State, from: CellId) -> Progress {
    Progress {
        from,
        piece: state.board[from as usize],
        ..Progress::START
    }
}

/// The move picking the piece on `from` and walking it to `to`.
fn walk_move(number: u8, from: CellId, to: CellId) -> Move {
    let mut choices = super::choice::NO_CHOICES;
    choices[0] = from;
    choices[1] = to;
    Move::Chain {
        rule: number,
        choices,
    }
}
