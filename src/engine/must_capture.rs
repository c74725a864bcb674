//! `must capture [most]`: when some of the mover's moves capture, only
//! those are legal; with `most`, only those that capture the most pieces.
//! A move's captures are counted by playing it on a copy, so whatever
//! captures counts (a jump, a step onto a piece, an enclosure): the
//! mover's `captured` counter says how many.

use super::pool::{buffer, give_back, give_buffer, scratch_of};
use super::{Move, State};
use crate::ir::Rules;

impl Rules {
    /// Keeps the moves that capture (the most, with `most`), if any does.
    pub(super) fn must_capture(&self, state: &State, most: bool, moves: &mut Vec<Move>) {
        // A lone move is kept whether it captures or not.
        if moves.len() < 2 || state.is_over() {
            return;
        }
        let mut child = scratch_of(state);
        let mut counts = buffer();
        let mut best = 0;
        // Timed (R0006): the moves not counted in time are kept.
        let mut tested = moves.len();
        for (i, &m) in moves.iter().enumerate() {
            let n = match super::budget::step() {
                false => self.captures_of(state, &mut child, m),
                true => 0,
            };
            if super::budget::ran_out() {
                tested = i;
                break;
            }
            best = best.max(n);
            counts.push(Move::Give(n.min(255) as u8));
        }
        give_back(child);
        if best > 0 {
            let least = if most { best.min(255) } else { 1 };
            let mut kept = 0;
            for i in 0..moves.len() {
                let n = match counts.get(i) {
                    Some(&Move::Give(n)) => i32::from(n),
                    _ => least,
                };
                if i >= tested || n >= least {
                    moves[kept] = moves[i];
                    kept += 1;
                }
            }
            moves.truncate(kept);
        }
        give_buffer(counts);
    }

    /// How many pieces move `m` captures from `state`, played on `child`.
    fn captures_of(&self, state: &State, child: &mut State, m: Move) -> i32 {
        if !self.play_on_copy(state, child, m) {
            return 0;
        }
        let mover = state.mover as usize;
        child.captured[mover] - state.captured[mover]
    }

    /// Plays move `m` of `state` on `child`, a copy, without finishing the
    /// turn (the mover stays): whether it is a move that does something.
    pub(super) fn play_on_copy(&self, state: &State, child: &mut State, m: Move) -> bool {
        child.copy_within_turn(state);
        match m {
            Move::Place(c) => self.place_piece(child, c),
            Move::Chain { rule, choices } => {
                if let Some(rule) = self.rule(rule) {
                    self.play_chain(child, rule, &choices);
                }
            }
            Move::Pass | Move::Give(_) => return false,
        }
        true
    }
}
