//! Random playouts of card placement games (Just 4 Fun and its kin: a
//! phase of one rule that plays cards from the hand and puts the mover's
//! piece on the cell they name, and maybe a forced move when no set can be
//! played). The loop draws a card set and plays it in place, without
//! building a move and matching it again, with the same draws and the same
//! changes as turn-by-turn play (`random_move`, then `play`).

use rand::Rng;

use super::State;
use crate::ir::{Form, Rules};

impl Rules {
    /// Plays random card moves until the game ends, no move is legal or
    /// `max_moves` are played; `None` when the phase is not one card rule
    /// that lasts to the end of the game (or the game has move filters,
    /// deals, side links, or the mover plays again).
    pub(super) fn card_playout<R: Rng>(
        &self,
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> Option<u32> {
        let phase = self.phases.get(state.phase as usize)?;
        let [rule] = phase.rules.as_slice() else {
            return None;
        };
        let chain = rule.card_chain()?;
        let fits = rule.form == Form::Cards
            && phase.turns.is_none()
            && self.filters.is_empty()
            && self.deal.is_none()
            && !self.side_links
            && !state.again;
        if !fits {
            return None;
        }
        let forced = phase.otherwise.is_some();
        let mut played = 0;
        while played < max_moves && !state.is_over() {
            let set = match state.supply[state.mover as usize] > 0 {
                true => self.random_card_set(chain, state, rng),
                false => None,
            };
            match set {
                Some((slots, cell)) => {
                    self.play_cards(state, chain, slots, cell);
                    state.passes = 0;
                }
                None if forced => {
                    self.play_otherwise(state);
                    state.passes = state.passes.saturating_add(1);
                }
                None => break,
            }
            self.finish_turn(state);
            played += 1;
        }
        Some(played)
    }
}
