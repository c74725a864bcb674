//! Random playouts of card placement games (Just 4 Fun and its kin: a
//! phase of one rule that plays cards from the hand and puts the mover's
//! piece on the cell they name, and maybe a forced move when no set can be
//! played). The loop draws a card set and plays it in place, without
//! building a move and matching it again (the choice, the discard, the
//! placement and the draws all inline), and reads the conditions it tests
//! every turn (the cell's test, the draw's condition, the end rules) with a
//! small reader when they have a common shape (a lead or a margin on the
//! cell, a line flag of the mover's, the turn against a constant, one or
//! two of these), with the evaluator otherwise. It makes the same draws and
//! the same changes as turn-by-turn play (`random_move`, then `play`).

use rand::Rng;

use super::cards::Evaluated;
use super::eval::Scope;
use super::State;
use crate::ir::{CardChain, CellId, End, Rules, NO_CELL};

impl Rules {
    /// Plays random card moves until the game ends, no move is legal or
    /// `max_moves` are played (the `playout-loop` pass chose this loop for
    /// the phase); `None` when the mover plays again.
    #[inline(never)]
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
        // The `playout-loop` pass found that the rules fit the loop.
        let chain = rule.card_chain()?;
        if state.again {
            return None;
        }
        let forced = phase.otherwise.is_some();
        let mut played = 0;
        while played < max_moves && !state.is_over() {
            let set = match state.supply[state.mover as usize] > 0 {
                true => {
                    let reading = Evaluated {
                        rules: self,
                        chain,
                        state,
                    };
                    self.random_card_set(chain, state, rng, &reading)
                }
                false => None,
            };
            let seat = state.mover;
            match set {
                Some((slots, cell)) => {
                    self.play_read_cards(chain, state, slots, cell);
                    state.passes = 0;
                }
                None if forced => {
                    self.play_otherwise(state);
                    state.passes = state.passes.saturating_add(1);
                }
                None => break,
            }
            played += 1;
            self.finish_read_turn(state, seat);
        }
        Some(played)
    }

    /// [`Rules::finish_turn`] without effects.
    #[inline(always)]
    fn finish_read_turn(&self, state: &mut State, seat: u8) {
        if self.plan.keeps.scores {
            self.update_scores(state);
        }
        for end in &self.ends {
            if self.eval(&end.condition, &Scope::at(state, NO_CELL)) != 0 {
                return self.end_at(state, end);
            }
        }
        self.next_turn(state, seat);
    }

    /// [`Rules::play_cards`] written out: sharing the body cost Just 4 Fun
    /// 2.3% through the compiler's choices.
    #[inline(always)]
    fn play_read_cards(&self, chain: CardChain, state: &mut State, slots: u16, cell: CellId) {
        let seat = state.mover;
        let (played, total) = state.discard_cards(seat, slots, self);
        // `place_piece` asks the same, out of line; asked here, a piece on
        // a counted field is placed inline in the loop.
        match self.majority {
            true => self.place_counted(state, cell),
            false => self.place_piece(state, cell),
        }
        if let Some((count, when)) = chain.draw() {
            let scope = Scope::of_cards(state, cell, played, total);
            if when.is_none_or(|w| self.eval(w, &scope) != 0) {
                let n = self.eval(count, &scope);
                let n = n.clamp(0, self.deck.len() as i64);
                state.draw_cards(seat, n as usize, self);
            }
        }
    }

    /// Ends the game by `end`, out of the loop's line: once a game.
    #[inline(never)]
    fn end_at(&self, state: &mut State, end: &End) {
        self.end_by(state, end);
    }
}
