//! Where a seat's pieces are, as a bitboard, in games whose pieces stay
//! where they are put: there the cells a seat took between two positions
//! are its pieces in the later one less those in the earlier. The AI's
//! all-moves-as-first statistics (`ai/mcts/rave.rs`) are read this way.

use super::State;
use crate::ir::{Form, Rules};

impl Rules {
    /// Whether every piece stays on the cell it is put on for the rest of
    /// the game, and [`Rules::pieces_of`] knows it: every move of every
    /// phase is a plain placement, no effect after a turn may change the
    /// board, no cell holds a stack, and the board fits a bitboard.
    pub fn pieces_stay(&self) -> bool {
        let placements = self
            .phases
            .iter()
            .all(|p| p.rules.iter().all(|r| r.form == Form::Place));
        placements
            && self.effects.is_empty()
            && !self.stacks
            && !self.majority
            && self.geometry.cell_count() <= 128
    }

    /// The cells holding a piece of `seat`, as a bitboard (meaningful
    /// where [`Rules::pieces_stay`]).
    pub fn pieces_of(&self, state: &State, seat: u8) -> u128 {
        if self.plan.keeps.tops {
            return state.tops.get(seat as usize + 1).copied().unwrap_or(0);
        }
        // Without kept bitboards (Hex keeps links instead), the board says.
        let code = seat + 1;
        let cells = state.board.iter().take(128).enumerate();
        cells.fold(0, |bits, (c, &piece)| match piece == code {
            true => bits | 1u128 << c,
            false => bits,
        })
    }
}
