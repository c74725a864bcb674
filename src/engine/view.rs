//! Hidden information: what one seat sees of a state, and full states
//! consistent with what it sees.
//!
//! A view is a `State` in which every card the seat cannot see is 0: the other
//! seats' hands (their sizes stay) and the draw pile (its size stays). The
//! record of chance outcomes and the RNG, which would tell the order of the
//! piles, are cleared. A human's screen and the AI both work from a view; the
//! AI fills the hidden cards with a random deal of the cards it has not seen
//! (`determinize`), so it never reads a card it could not know.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::State;
use crate::ir::Rules;

impl Rules {
    /// Whether the rules hide anything from some seat (they have cards).
    pub fn has_hidden(&self) -> bool {
        !self.deck.is_empty()
    }

    /// Whether the game's seed tells chance that no seat has seen yet:
    /// cards still to be drawn, or dice still to be thrown.
    pub fn has_chance_ahead(&self) -> bool {
        self.has_hidden() || self.dice.is_some()
    }

    /// What `seat` sees of `state`: the board, its own hand, the discard
    /// pile, and only the sizes of the other hands and of the draw pile.
    pub fn view(&self, state: &State, seat: u8) -> State {
        let mut view = state.clone();
        if !self.has_hidden() {
            if self.dice.is_some() {
                // The throws to come are nobody's to see.
                view.rng = Pcg64Mcg::seed_from_u64(0);
            }
            return view;
        }
        let size = self.deck.len();
        for other in 0..self.seats.len() {
            // Past a hand's length lie stale cards: nobody's to see.
            let len = view.hand_len[other] as usize;
            let from = if other == seat as usize { len } else { 0 };
            view.hands[other * size + from..(other + 1) * size].fill(0);
        }
        view.draw_pile.fill(0);
        // The cards passed to partners lie face down: only the giver knows his.
        let each = super::deal::MAX_EXCHANGE;
        for (giver, cards) in view.round.transit.chunks_mut(each).enumerate() {
            if giver != seat as usize {
                cards.fill(0);
            }
        }
        view.chance.clear();
        view.script.clear();
        view.script_at = 0;
        view.rng = Pcg64Mcg::seed_from_u64(0);
        view
    }

    /// A full state consistent with `view` (as `seat` sees it): the cards
    /// `seat` has not seen are dealt at random to the hidden places, and
    /// chance is reseeded from `rng`.
    pub fn determinize<R: Rng>(&self, view: &State, seat: u8, rng: &mut R) -> State {
        let mut state = view.clone();
        self.deal_unseen(view, seat, rng, &mut state);
        state
    }

    /// [`Rules::determinize`] into `state`, reusing its buffers: a search
    /// that deals anew each iteration would otherwise allocate a position
    /// each time.
    pub fn determinize_into<R: Rng>(&self, view: &State, seat: u8, rng: &mut R, state: &mut State) {
        state.clone_from(view);
        self.deal_unseen(view, seat, rng, state);
    }

    /// Reseeds chance in `state`, a copy of `view`, and deals it the cards
    /// `seat` has not seen.
    fn deal_unseen<R: Rng>(&self, view: &State, seat: u8, rng: &mut R, state: &mut State) {
        state.rng = Pcg64Mcg::seed_from_u64(rng.gen());
        if !self.has_hidden() {
            return;
        }
        // The unseen cards: the deck less the seat's hand and the discard pile.
        let mut counts = [0i32; 256];
        for &card in &self.deck {
            counts[card as usize] += 1;
        }
        let each = super::deal::MAX_EXCHANGE;
        let own = &view.round.transit[seat as usize * each..][..each];
        for &card in view.hand(seat, self).iter().chain(&view.discard).chain(own) {
            counts[card as usize] -= 1;
        }
        counts[0] = 0;
        // A deck holds at most `MAX_DECK` (255) cards: no allocation.
        let mut unseen = [0u8; 256];
        let mut len = 0;
        for (card, &n) in counts.iter().enumerate().skip(1) {
            for _ in 0..n.max(0) {
                if len < unseen.len() {
                    unseen[len] = card as u8;
                    len += 1;
                }
            }
        }
        for i in (1..len).rev() {
            unseen.swap(i, super::below(rng, i + 1));
        }
        let mut cards = unseen[..len].iter().copied();
        let size = self.deck.len();
        for other in (0..self.seats.len()).filter(|&s| s != seat as usize) {
            let len = state.hand_len[other] as usize;
            let hand = &mut state.hands[other * size..other * size + len];
            for slot in hand.iter_mut() {
                *slot = cards.next().unwrap_or(0);
            }
            hand.sort_unstable();
        }
        for slot in state.draw_pile.iter_mut() {
            *slot = cards.next().unwrap_or(0);
        }
        for (giver, given) in self.given(state).into_iter().enumerate() {
            if giver != seat as usize {
                for slot in &mut state.round.transit[giver * each..][..given] {
                    *slot = cards.next().unwrap_or(0);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use crate::ir::Rules;

    fn just_4_fun(seats: i64) -> Rules {
        crate::compile::shipped("just-4-fun", &[("seats", seats)])
    }

    #[test]
    fn another_seats_hidden_cards_do_not_change_the_view() {
        let rules = just_4_fun(3);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buf = Vec::new();
        for seed in 0..50 {
            let mut state = rules.start(seed);
            for _ in 0..(seed % 7) {
                if let Some(m) = rules.random_move(&state, &mut buf, &mut rng) {
                    rules.play(&mut state, m);
                }
            }
            // Swap a card of seat 1's hand with one of the draw pile, and
            // reorder the draw pile: seat 0 cannot tell.
            let mut changed = state.clone();
            let size = rules.deck.len();
            let other = changed
                .draw_pile
                .iter()
                .position(|&c| c != changed.hands[size])
                .unwrap();
            std::mem::swap(&mut changed.hands[size], &mut changed.draw_pile[other]);
            changed.hands[size..size + changed.hand_len[1] as usize].sort_unstable();
            changed.draw_pile.reverse();
            assert_ne!(changed.hand(1, &rules), state.hand(1, &rules));
            assert_eq!(
                rules.view(&changed, 0),
                rules.view(&state, 0),
                "seed {seed}"
            );
            // Seat 1 sees its own hand change.
            assert_ne!(
                rules.view(&changed, 1),
                rules.view(&state, 1),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn a_view_shows_its_own_hand_and_the_sizes_of_the_rest() {
        let rules = just_4_fun(4);
        let state = rules.start(9);
        let view = rules.view(&state, 2);
        assert_eq!(view.hand(2, &rules), state.hand(2, &rules));
        for seat in [0, 1, 3] {
            assert_eq!(view.hand(seat, &rules), [0, 0, 0, 0]);
        }
        assert_eq!(view.draw_pile().len(), 55 - 16);
        assert!(view.draw_pile().iter().all(|&c| c == 0));
        assert!(view.chance.is_empty(), "the shuffle's order is hidden");
    }

    #[test]
    fn a_determinization_keeps_what_the_seat_sees_and_the_deck() {
        let rules = just_4_fun(2);
        let mut rng = SmallRng::seed_from_u64(5);
        let state = rules.start(4);
        let view = rules.view(&state, 0);
        for _ in 0..20 {
            let full = rules.determinize(&view, 0, &mut rng);
            assert_eq!(rules.view(&full, 0), view);
            let mut cards: Vec<u8> = full.hand(0, &rules).to_vec();
            cards.extend(full.hand(1, &rules));
            cards.extend(full.draw_pile());
            cards.extend(full.discard_pile());
            cards.sort_unstable();
            let mut deck = rules.deck.clone();
            deck.sort_unstable();
            assert_eq!(cards, deck);
        }
    }
}
