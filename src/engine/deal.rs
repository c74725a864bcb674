//! Deals in rounds (`deal N to each, M deals a dealer`) and the exchange
//! between partners after each deal (`pass N card to partner`).
//!
//! The dealer deals one card at a time, starting with the seat after him;
//! his first deal gathers every card and shuffles them (a chance outcome in
//! the record); after his last, the next seat deals. After each deal, if the
//! rules pass cards, every seat chooses the cards it passes, in turn from the
//! seat after the dealer: the chosen cards lie face down, seen by nobody but
//! the giver, until every seat has chosen; then each goes to the giver's
//! partner. The seat after the dealer plays first; a seat with no cards sits
//! out, and when every hand is empty the next deal follows.

use super::{Move, State};
use crate::ir::Rules;

/// The most cards a seat passes to its partner after a deal.
pub const MAX_EXCHANGE: usize = 2;

/// Where the deals stand: a part of the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    /// The dealer.
    pub dealer: u8,
    /// Deals the dealer has made.
    pub deals: u8,
    /// Cards still to be chosen in the exchange (0: no exchange going on).
    pub giving: u8,
    /// The cards chosen so far, `MAX_EXCHANGE` a seat (0: none yet).
    pub transit: [u8; 8 * MAX_EXCHANGE],
}

impl Round {
    /// Before the first deal.
    pub const START: Round = Round {
        dealer: 0,
        deals: 0,
        giving: 0,
        transit: [0; 8 * MAX_EXCHANGE],
    };
}

impl State {
    /// Where the deals stand.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// Moves one card of kind `card` from `seat`'s hand to the discard pile.
    pub(super) fn discard_card(&mut self, seat: u8, card: u8, rules: &Rules) {
        if let Some(i) = self.hand(seat, rules).iter().position(|&c| c == card) {
            self.discard_cards(seat, 1 << i, rules);
        }
    }

    /// Takes one card of kind `card` out of `seat`'s hand (it is there).
    fn take_card(&mut self, seat: u8, card: u8, rules: &Rules) {
        if let Some(i) = self.hand(seat, rules).iter().position(|&c| c == card) {
            self.discard_cards(seat, 1 << i, rules);
            self.discard.pop();
        }
    }
}

impl Rules {
    /// The first deal, at the start: the dealer is the seat `first random`
    /// drew (the first seat otherwise), and the deck was shuffled.
    #[cold]
    pub(super) fn first_deal(&self, state: &mut State) {
        let Some(deal) = self.deal else { return };
        state.round = Round {
            dealer: state.mover,
            ..Round::START
        };
        self.deal_hands(state, deal.size);
    }

    /// After a turn: the next deal if every hand is empty, else the next
    /// seat that holds cards. Out of line: most games do not deal.
    #[cold]
    #[inline(never)]
    pub(super) fn next_dealt_seat(&self, state: &mut State) {
        let Some(deal) = self.deal else { return };
        let seats = self.seats.len() as u8;
        if (0..seats).all(|s| state.hand_len[s as usize] == 0) {
            if state.round.deals >= deal.per_dealer {
                state.round.dealer = (state.round.dealer + 1) % seats;
                state.round.deals = 0;
                state.gather_and_shuffle();
            }
            return self.deal_hands(state, deal.size);
        }
        for _ in 0..seats {
            if state.hand_len[state.mover as usize] > 0 {
                return;
            }
            state.mover = (state.mover + 1) % seats;
        }
    }

    /// Deals `size` cards to each seat, one at a time from the seat after the
    /// dealer, then opens the exchange; the seat after the dealer moves next.
    fn deal_hands(&self, state: &mut State, size: u8) {
        let seats = self.seats.len() as u8;
        let first = (state.round.dealer + 1) % seats;
        for _ in 0..size {
            for k in 0..seats {
                state.draw_card((first + k) % seats, self);
            }
        }
        state.round.deals += 1;
        state.round.giving = self.deal.map_or(0, |d| d.exchange) * seats;
        state.round.transit = [0; 8 * MAX_EXCHANGE];
        state.mover = first;
    }

    /// How many cards each seat has set aside in the exchange so far (they
    /// choose in turn from the seat after the dealer).
    pub(super) fn given(&self, state: &State) -> [usize; 8] {
        let mut given = [0; 8];
        let Some(deal) = self.deal else { return given };
        let seats = self.seats.len();
        let each = deal.exchange as usize;
        let done = (each * seats).saturating_sub(state.round.giving as usize);
        if state.round.giving == 0 {
            return given;
        }
        for k in 0..done {
            given[(state.round.dealer as usize + 1 + k / each.max(1)) % seats] += 1;
        }
        given
    }

    /// The moves of the exchange: each kind of card the mover holds.
    #[cold]
    #[inline(never)]
    pub(super) fn give_moves(&self, state: &State, out: &mut Vec<Move>) {
        let hand = state.hand(state.mover, self);
        for (i, &card) in hand.iter().enumerate() {
            if i == 0 || hand[i - 1] != card {
                out.push(Move::Give(card));
            }
        }
    }

    /// The mover sets `card` aside for his partner; once every seat has
    /// chosen, the cards change hands and the seat after the dealer moves.
    pub(super) fn play_give(&self, state: &mut State, card: u8) {
        let seats = self.seats.len() as u8;
        let each = self.deal.map_or(1, |d| d.exchange.max(1));
        let seat = state.mover;
        state.take_card(seat, card, self);
        let slot = seat as usize * MAX_EXCHANGE
            + state.round.transit[seat as usize * MAX_EXCHANGE..][..MAX_EXCHANGE]
                .iter()
                .take_while(|&&c| c != 0)
                .count();
        state.round.transit[slot] = card;
        state.round.giving -= 1;
        let given = each * seats - state.round.giving;
        let first = (state.round.dealer + 1) % seats;
        state.mover = (first + given / each) % seats;
        if state.round.giving > 0 {
            return;
        }
        for giver in 0..seats as usize {
            let partner = self.partner[giver];
            for k in 0..MAX_EXCHANGE {
                let card = std::mem::take(&mut state.round.transit[giver * MAX_EXCHANGE + k]);
                if card != 0 {
                    state.put_in_hand(partner, card, self);
                }
            }
        }
        state.mover = first;
    }
}
