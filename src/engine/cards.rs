//! Cards: dealing, drawing with the discard pile reshuffled when the draw
//! pile runs out, card moves (a set of cards from the hand names a cell), the
//! forced move, and chance that a replayed record supplies instead of the RNG.

use rand::Rng;

use super::eval::Scope;
use super::{Move, State};
use crate::ir::{CardPlay, CellId, Place, Rules, NO_CELL};

impl State {
    /// The cards `seat` holds, sorted by value (0 for a card the view hides).
    pub fn hand(&self, seat: u8, rules: &Rules) -> &[u8] {
        let start = seat as usize * rules.deck.len();
        &self.hands[start..start + self.hand_len[seat as usize] as usize]
    }

    /// The draw pile, bottom first (the last card is drawn next; 0 for a card
    /// the view hides).
    pub fn draw_pile(&self) -> &[u8] {
        &self.draw_pile
    }

    /// The discard pile, bottom first.
    pub fn discard_pile(&self) -> &[u8] {
        &self.discard
    }

    /// Shuffles the deck into the draw pile and deals each seat its hand, in
    /// seat order, from the top.
    pub(super) fn deal(&mut self, rules: &Rules) {
        self.draw_pile.clear();
        self.draw_pile.extend_from_slice(&rules.deck);
        self.shuffle_draw_pile();
        for seat in 0..rules.seats.len() as u8 {
            for _ in 0..rules.hand {
                self.draw_card(seat, rules);
            }
        }
    }

    /// A chance seat (the first player), from the script or the RNG.
    pub(super) fn chance_seat(&mut self, seats: usize) -> u8 {
        let seat = match self.script.get(self.script_at) {
            Some(&s) if (s as usize) < seats => {
                self.script_at += 1;
                s
            }
            scripted => {
                self.bad_script |= scripted.is_some();
                self.script.clear();
                self.rng.gen_range(0..seats as u32)
            }
        };
        self.chance.push(seat);
        seat as u8
    }

    /// Shuffles the draw pile, or puts it in the script's order.
    fn shuffle_draw_pile(&mut self) {
        let n = self.draw_pile.len();
        let scripted = self.script.get(self.script_at..self.script_at + n);
        match scripted {
            Some(order) if is_reordering(order, &self.draw_pile) => {
                // The script lists the cards in the order they are drawn.
                for (slot, &card) in self.draw_pile.iter_mut().rev().zip(order) {
                    *slot = card as u8;
                }
                self.script_at += n;
            }
            _ => {
                self.bad_script |= self.script_at < self.script.len();
                self.script.clear();
                // Fisher-Yates, with the game's RNG.
                for i in (1..n).rev() {
                    let j = super::below(&mut self.rng, i + 1);
                    self.draw_pile.swap(i, j);
                }
            }
        }
        self.chance
            .extend(self.draw_pile.iter().rev().map(|&c| u32::from(c)));
    }

    /// Draws the top card into `seat`'s hand, first turning the discard pile
    /// into a new shuffled draw pile if the draw pile is empty; nothing if
    /// both are empty.
    pub(super) fn draw_card(&mut self, seat: u8, rules: &Rules) {
        if self.draw_pile.is_empty() {
            if self.discard.is_empty() {
                return;
            }
            std::mem::swap(&mut self.draw_pile, &mut self.discard);
            self.shuffle_draw_pile();
        }
        let card = self.draw_pile.pop().expect("the pile is not empty");
        let start = seat as usize * rules.deck.len();
        let len = self.hand_len[seat as usize] as usize;
        let hand = &mut self.hands[start..start + len + 1];
        // Kept sorted, so that equal card sets are equal slot sets.
        let at = hand[..len].partition_point(|&c| c <= card);
        hand.copy_within(at..len, at + 1);
        hand[at] = card;
        self.hand_len[seat as usize] += 1;
    }

    /// Moves the cards in the hand slots `slots` to the discard pile, in
    /// hand order; returns how many and their total.
    pub(super) fn discard_cards(&mut self, seat: u8, slots: u16, rules: &Rules) -> (u8, i32) {
        let start = seat as usize * rules.deck.len();
        let len = self.hand_len[seat as usize] as usize;
        let (mut kept, mut played, mut total) = (0, 0, 0);
        for i in 0..len {
            let card = self.hands[start + i];
            if slots & (1 << i) != 0 {
                self.discard.push(card);
                played += 1;
                total += i32::from(card);
            } else {
                self.hands[start + kept] = card;
                kept += 1;
            }
        }
        self.hand_len[seat as usize] = kept as u8;
        (played, total)
    }
}

/// Whether `order` holds exactly the cards of `pile`, in some order.
fn is_reordering(order: &[u32], pile: &[u8]) -> bool {
    let mut counts = [0i32; 256];
    for &c in pile {
        counts[c as usize] += 1;
    }
    for &c in order {
        match counts.get_mut(c as usize) {
            Some(n) => *n -= 1,
            None => return false,
        }
    }
    counts.iter().all(|&n| n == 0)
}

impl Rules {
    /// Appends the card moves of a rule: every distinct set of `min..=max`
    /// cards of the mover's hand whose named cell the rule allows.
    pub(super) fn card_moves(
        &self,
        place: &Place,
        play: &CardPlay,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let seat = state.mover;
        let hand = state.hand(seat, self);
        let len = hand.len().min(16);
        // Slot i+1 repeats slot i's value: a set may use it only with slot i,
        // so that each set of values is listed once.
        let mut repeats = 0u32;
        for i in 1..len {
            if hand[i] == hand[i - 1] {
                repeats |= 1 << i;
            }
        }
        for slots in 1u32..1 << len {
            let played = slots.count_ones() as u8;
            if played < play.min || played > play.max || (slots & repeats) & !(slots << 1) != 0 {
                continue;
            }
            let total = (0..len)
                .filter(|&i| slots & (1 << i) != 0)
                .map(|i| i32::from(hand[i]))
                .sum();
            let scope = Scope {
                played,
                total,
                ..Scope::at(state, NO_CELL)
            };
            let cell = self.eval(&play.target, &scope) as CellId;
            if cell == NO_CELL
                || cell as usize >= self.geometry.cell_count()
                || state.heights[cell as usize] as usize >= self.stack_capacity
                || !self.allows(place, state, cell, played, total)
            {
                continue;
            }
            let mut cards = [0u8; 8];
            let chosen = (0..len).filter(|&i| slots & (1 << i) != 0);
            for (slot, i) in cards.iter_mut().zip(chosen) {
                *slot = hand[i];
            }
            out.push(Move::Cards {
                rule: 0,
                slots: slots as u16,
                cards,
                cell,
            });
        }
    }

    /// Whether a place rule's guard, mask and test allow `cell`.
    fn allows(&self, place: &Place, state: &State, cell: CellId, played: u8, total: i32) -> bool {
        let scope = Scope {
            played,
            total,
            ..Scope::at(state, cell)
        };
        place
            .guard
            .as_ref()
            .is_none_or(|g| self.eval(g, &scope) != 0)
            && place.mask.as_ref().is_none_or(|m| m[cell as usize])
            && place
                .test
                .as_ref()
                .is_none_or(|t| self.eval(t, &scope) != 0)
    }

    /// Plays a card move: the cards go to the discard pile, the mover's piece
    /// on the cell, then the rule's draw.
    pub(super) fn play_cards(&self, state: &mut State, play: &CardPlay, slots: u16, cell: CellId) {
        let seat = state.mover;
        let (played, total) = state.discard_cards(seat, slots, self);
        self.place_piece(state, cell);
        if let Some((count, when)) = &play.draw {
            let scope = Scope {
                played,
                total,
                ..Scope::at(state, cell)
            };
            if when.as_ref().is_none_or(|c| self.eval(c, &scope) != 0) {
                let n = self.eval(count, &scope).clamp(0, self.deck.len() as i64);
                for _ in 0..n {
                    state.draw_card(seat, self);
                }
            }
        }
    }

    /// Plays the phase's forced move: the whole hand to the discard pile, then draw.
    pub(super) fn play_otherwise(&self, state: &mut State) {
        let seat = state.mover;
        let Some(otherwise) = &self.phases[state.phase as usize].otherwise else {
            return;
        };
        let all = (1u32 << state.hand_len[seat as usize].min(16)) - 1;
        let (played, total) = state.discard_cards(seat, all as u16, self);
        let scope = Scope {
            played,
            total,
            ..Scope::at(state, NO_CELL)
        };
        let n = self
            .eval(&otherwise.draw, &scope)
            .clamp(0, self.deck.len() as i64);
        for _ in 0..n {
            state.draw_card(seat, self);
        }
    }
}
