//! Random playouts of card placement games (Just 4 Fun and its kin: a
//! phase of one rule that plays cards from the hand and puts the mover's
//! piece on the cell they name, and maybe a forced move when no set can be
//! played). The loop draws a card set and plays it in place, without
//! building a move and matching it again (the choice, the discard, the
//! placement and the draws all inline), and reads the conditions it tests
//! every turn (the cell's test, the draw's condition, the end rules) with
//! the readers the `playout-loop` pass compiled for them
//! (`ir/card_loop.rs`), with the evaluator where a reader says so. It makes the same draws and
//! the same changes as turn-by-turn play (`random_move`, then `play`).

use rand::Rng;

use super::cards::CardReading;
use super::eval::Scope;
use super::State;
use crate::ir::card_loop::{CardReaders, Check, Count, Leaf, Target};
use crate::ir::{CardChain, CellId, End, Node, Rules, NO_CELL};

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
        let readers = self.plan.card_readers.as_ref()?;
        if state.again {
            return None;
        }
        let forced = phase.has_forced_move();
        let mut played = 0;
        while played < max_moves && !state.is_over() {
            let set = match state.supply[state.mover as usize] > 0 {
                true => {
                    let reading = Reading {
                        rules: self,
                        chain,
                        readers,
                        state,
                    };
                    self.random_card_set(chain, state, rng, &reading)
                }
                false => None,
            };
            let seat = state.mover;
            match set {
                Some((slots, cell)) => {
                    self.play_read_cards(chain, readers, state, slots, cell);
                    state.passes = 0;
                }
                None if forced => {
                    self.play_otherwise(state);
                    state.passes = state.passes.saturating_add(1);
                }
                None => break,
            }
            played += 1;
            self.finish_read_turn(readers, state, seat);
        }
        Some(played)
    }

    /// [`Rules::finish_turn`] without effects, with the end rules read by
    /// their readers.
    #[inline(always)]
    fn finish_read_turn(&self, readers: &CardReaders, state: &mut State, seat: u8) {
        if self.plan.keeps.scores {
            self.update_scores(state);
        }
        for (check, end) in readers.ends.iter().zip(&self.ends) {
            if check_holds(*check, self, state, NO_CELL, (0, 0), Some(&end.condition)) {
                return self.end_at(state, end);
            }
        }
        self.next_turn(state, seat);
    }

    /// [`Rules::play_cards`] with the draw's condition read by its reader.
    /// Written out, not `play_cards` with the reader passed in: sharing the
    /// body cost Just 4 Fun 2.3% through the compiler's choices.
    #[inline(always)]
    fn play_read_cards(
        &self,
        chain: CardChain,
        readers: &CardReaders,
        state: &mut State,
        slots: u16,
        cell: CellId,
    ) {
        let seat = state.mover;
        let (played, total) = state.discard_cards(seat, slots, self);
        // `place_piece` asks the same, out of line; asked here, a piece on
        // a counted field is placed inline in the loop.
        match self.majority {
            true => self.place_counted(state, cell),
            false => self.place_piece(state, cell),
        }
        if let (Some((count, when)), Some((n, condition))) = (readers.draw, chain.draw()) {
            if check_holds(when, self, state, cell, (played, total), condition) {
                let n = match count {
                    Count::Played => i64::from(played),
                    Count::Eval => self.eval(n, &Scope::of_cards(state, cell, played, total)),
                };
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

/// A card rule's cell and test read by the loop's readers, on `state`.
struct Reading<'a> {
    /// The rules the readers were made from.
    rules: &'a Rules,
    /// The card rule.
    chain: CardChain<'a>,
    /// Its readers.
    readers: &'a CardReaders,
    /// The position the cards are played in.
    state: &'a State,
}

impl CardReading for Reading<'_> {
    #[inline(always)]
    fn target(&self, played: u8, total: i32) -> CellId {
        let rules = self.rules;
        match self.readers.target {
            Target::FieldOfTotal => usize::try_from(total)
                .ok()
                .and_then(|n| rules.field_of.get(n).copied())
                .unwrap_or(NO_CELL),
            Target::Eval => rules.target_of(self.chain, self.state, played, total),
        }
    }

    /// Whether the card rule's test allows a piece on `cell`, as
    /// the evaluator's reading (`Evaluated` in cards.rs) says.
    #[inline(always)]
    fn allows(&self, cell: CellId, played: u8, total: i32) -> bool {
        let (rules, state) = (self.rules, self.state);
        rules.guard_and_mask_allow(self.chain.select, state, cell, played, total)
            && check_holds(
                self.readers.test,
                rules,
                state,
                cell,
                (played, total),
                self.chain.select.test.as_ref(),
            )
    }
}

/// Whether a check holds, with `cell` chosen and `cards` (how many, of
/// what total) played; `node` is the condition it reads, evaluated when
/// the check says so.
#[inline(always)]
fn check_holds(
    check: Check,
    rules: &Rules,
    state: &State,
    cell: CellId,
    (played, total): (u8, i32),
    node: Option<&Node>,
) -> bool {
    match check {
        Check::Always => true,
        Check::Is(a) => leaf_holds(a, rules, state, cell),
        Check::Not(a) => !leaf_holds(a, rules, state, cell),
        Check::Both(a, b) => leaf_holds(a, rules, state, cell) && leaf_holds(b, rules, state, cell),
        Check::Eval => {
            node.is_none_or(|n| rules.eval(n, &Scope::of_cards(state, cell, played, total)) != 0)
        }
    }
}

/// Whether a leaf holds with `cell` chosen (a lead or margin on no cell is
/// 0, as the evaluator reads it).
#[inline(always)]
fn leaf_holds(leaf: Leaf, rules: &Rules, state: &State, cell: CellId) -> bool {
    let mover = state.mover;
    let on_cell = cell != NO_CELL;
    match leaf {
        Leaf::MoverLine(t) => state.lines[t as usize * rules.seats.len() + mover as usize],
        Leaf::Turn(bounds) => bounds.hold(i64::from(state.turn)),
        Leaf::Lead(bounds) => {
            let lead = match (on_cell, rules.majority) {
                (true, true) => state.counted_lead(cell, mover, rules.seats.len()),
                (true, false) => state.lead(cell, mover, rules),
                (false, _) => 0,
            };
            bounds.hold(lead)
        }
        Leaf::Margin(bounds) => {
            let margin = match (on_cell, rules.majority) {
                (true, true) => state.counted_margin(cell),
                (true, false) => state.margin(cell, rules),
                (false, _) => 0,
            };
            bounds.hold(margin)
        }
    }
}
