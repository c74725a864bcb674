//! Cards: dealing, drawing with the discard pile reshuffled when the draw
//! pile runs out, card moves (a set of cards from the hand names a cell), the
//! forced move, and chance that a replayed record supplies instead of the RNG.

use rand::Rng;

use super::card_sets::CardSets;
use super::eval::Scope;
use super::{Move, State};
use crate::ir::{CardChain, CellId, Rules, Select, NO_CELL};

impl State {
    /// The cards `seat` holds, sorted by value (0 for a card the view hides).
    pub fn hand(&self, seat: u8, rules: &Rules) -> &[u8] {
        let start = seat as usize * rules.deck.len();
        &self.hands[start..start + self.hand_len[seat as usize] as usize]
    }

    /// `seat`'s hand and the room after it, with the hand's length: the
    /// cards past the hand are stale.
    #[inline(always)]
    pub(super) fn hand_room(&self, seat: u8, rules: &Rules) -> (&[u8], usize) {
        let start = seat as usize * rules.deck.len();
        let room = &self.hands[start..start + rules.deck.len()];
        (room, self.hand_len[seat as usize] as usize)
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

    /// The start's chance: the first seat (with `first random`), then the
    /// deck shuffled into the draw pile and each seat's hand dealt from the
    /// top, in seat order. The seat is listed first although the generator
    /// draws it after the shuffle (so that a seed deals as it always did):
    /// then a record cut after the cards drawn so far is a prefix of the
    /// whole, and resumes.
    pub(super) fn deal_and_draw_first(&mut self, rules: &Rules) {
        let seats = rules.seats.len();
        let scripted_seat = if rules.first_random {
            self.chance.push(0);
            self.scripted_seat(seats)
        } else {
            None
        };
        if !rules.deck.is_empty() {
            self.draw_pile.clear();
            self.draw_pile.extend_from_slice(&rules.deck);
            self.shuffle_draw_pile();
            for seat in 0..seats as u8 {
                for _ in 0..rules.hand {
                    self.draw_card(seat, rules);
                }
            }
        }
        if rules.first_random {
            let seat = scripted_seat.unwrap_or_else(|| self.rng.gen_range(0..seats as u32));
            self.chance[0] = seat;
            self.mover = seat as u8;
        }
    }

    /// The first seat from the script, if it lists one in range; a seat out
    /// of range spoils the script (the RNG is used from here on).
    fn scripted_seat(&mut self, seats: usize) -> Option<u32> {
        let scripted = self.script.get(self.script_at).copied()?;
        if (scripted as usize) < seats {
            self.script_at += 1;
            return Some(scripted);
        }
        self.bad_script = true;
        self.script.clear();
        None
    }

    /// Shuffles the draw pile. A script's next outcomes, as many as there are
    /// (up to the pile's size), are the cards drawn first, in order: a record
    /// that lists only the cards drawn so far resumes, the rest shuffled.
    fn shuffle_draw_pile(&mut self) {
        let n = self.draw_pile.len();
        let mut k = self.script.len().saturating_sub(self.script_at).min(n);
        let scripted = self.script_at..self.script_at + k;
        if k > 0 && !take_out(&self.script[scripted], &mut self.draw_pile) {
            self.bad_script = true;
            self.script.clear();
            k = 0;
        }
        // The cards not scripted (all of them without a script) are the bottom
        // of the pile, shuffled with the game's RNG; the scripted ones go on
        // top, the first to be drawn last in the list.
        let free = n - k;
        shuffle(&mut self.draw_pile[..free], &mut self.rng);
        // Empty when the script was spoilt and cleared (k is 0 then).
        let order = self
            .script
            .get(self.script_at..self.script_at + k)
            .unwrap_or(&[]);
        for (slot, &card) in self.draw_pile[free..].iter_mut().rev().zip(order) {
            *slot = card as u8;
        }
        self.script_at += k;
        self.list_draw_pile();
    }

    /// Appends the draw pile to the chance outcomes, in drawing order.
    fn list_draw_pile(&mut self) {
        self.chance
            .extend(self.draw_pile.iter().rev().map(|&c| u32::from(c)));
    }

    /// Shuffles the cards no seat has seen (the draw pile) again with a fresh
    /// generator seeded by `seed`, which replaces the game's: after a move is
    /// taken back, the next cards are not the ones that were drawn.
    pub fn reshuffle_unseen(&mut self, seed: u64) {
        use rand::SeedableRng;
        self.rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        shuffle(&mut self.draw_pile, &mut self.rng);
        let seen = self.seen_chance().len();
        self.chance.truncate(seen);
        self.list_draw_pile();
    }

    /// The chance outcomes every seat may know: all but the cards still in
    /// the draw pile (the last outcomes listed).
    pub fn seen_chance(&self) -> &[u32] {
        let unseen = self.draw_pile.len().min(self.chance.len());
        &self.chance[..self.chance.len() - unseen]
    }

    /// Draws the top card into `seat`'s hand, first turning the discard pile
    /// into a new shuffled draw pile if the draw pile is empty; nothing if
    /// both are empty.
    pub(super) fn draw_card(&mut self, seat: u8, rules: &Rules) {
        self.draw_cards(seat, 1, rules);
    }

    /// Draws `n` cards into `seat`'s hand, one at a time as
    /// [`State::draw_card`] does.
    #[inline(always)]
    pub(super) fn draw_cards(&mut self, seat: u8, n: usize, rules: &Rules) {
        for _ in 0..n {
            if self.draw_pile.is_empty() {
                if self.discard.is_empty() {
                    return;
                }
                self.turn_discards_over();
            }
            let card = self.draw_pile.pop().expect("the pile is not empty");
            self.put_in_hand(seat, card, rules);
        }
    }

    /// The discard pile, shuffled, becomes the draw pile: out of line, as
    /// it happens once in many draws.
    #[inline(never)]
    fn turn_discards_over(&mut self) {
        std::mem::swap(&mut self.draw_pile, &mut self.discard);
        self.shuffle_draw_pile();
    }

    /// Every card not in a hand goes into the draw pile, shuffled.
    pub(super) fn gather_and_shuffle(&mut self) {
        self.draw_pile.append(&mut self.discard);
        self.shuffle_draw_pile();
    }

    /// Adds `card` to `seat`'s hand, which stays sorted.
    #[inline(always)]
    pub(super) fn put_in_hand(&mut self, seat: u8, card: u8, rules: &Rules) {
        let start = seat as usize * rules.deck.len();
        let len = self.hand_len[seat as usize] as usize;
        let hand = &mut self.hands[start..start + len + 1];
        // Kept sorted, so that equal card sets are equal slot sets: an
        // insertion from the end, as hands are short.
        let mut at = len;
        while at > 0 && hand[at - 1] > card {
            hand[at] = hand[at - 1];
            at -= 1;
        }
        hand[at] = card;
        self.hand_len[seat as usize] += 1;
    }

    /// Moves the cards in the hand slots `slots` to the discard pile, in
    /// hand order; returns how many and their total.
    #[inline(always)]
    pub(super) fn discard_cards(&mut self, seat: u8, slots: u16, rules: &Rules) -> (u8, i32) {
        let start = seat as usize * rules.deck.len();
        let len = self.hand_len[seat as usize] as usize;
        let hand = &mut self.hands[start..start + len];
        let (mut total, mut kept) = (0, 0);
        // One pass: a played card goes to the pile, a kept one down the hand.
        for i in 0..len {
            let card = hand[i];
            if i < 16 && slots & (1 << i) != 0 {
                self.discard.push(card);
                total += i32::from(card);
            } else {
                hand[kept] = card;
                kept += 1;
            }
        }
        self.hand_len[seat as usize] = kept as u8;
        (slots.count_ones() as u8, total)
    }
}

/// How a card rule's cell and test are read: the cell the cards' number
/// or value name, and whether the rule allows the mover's piece there. The
/// evaluator reads them for any rule; the card loop has its readers.
pub(super) trait CardReading {
    /// The cell the cards name.
    fn target(&self, played: u8, total: i32) -> CellId;
    /// Whether the rule allows the mover's piece on `cell`.
    fn allows(&self, cell: CellId, played: u8, total: i32) -> bool;
}

/// A card rule's cell and test read by the evaluator, on `state`.
struct Evaluated<'a> {
    /// The rules.
    rules: &'a Rules,
    /// The card rule.
    chain: CardChain<'a>,
    /// The position the cards are played in.
    state: &'a State,
}

impl CardReading for Evaluated<'_> {
    fn target(&self, played: u8, total: i32) -> CellId {
        self.rules.target_of(self.chain, self.state, played, total)
    }

    fn allows(&self, cell: CellId, played: u8, total: i32) -> bool {
        let (rules, select) = (self.rules, self.chain.select);
        rules.guard_and_mask_allow(select, self.state, cell, played, total)
            && select.test.as_ref().is_none_or(|t| {
                let scope = Scope::of_cards(self.state, cell, played, total);
                rules.eval(t, &scope) != 0
            })
    }
}

/// A card set the mover could play, for explanations (see `Rules::card_options`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardOption {
    /// The cards, by value, ascending.
    pub cards: Vec<u8>,
    /// The cell they name, if any.
    pub cell: Option<CellId>,
    /// Whether the rule allows the mover's piece there now.
    pub allowed: bool,
}

impl State {
    /// Moves the whole hand of `seat` to the discard pile, in hand order;
    /// returns how many cards and their total.
    pub(super) fn discard_hand(&mut self, seat: u8, rules: &Rules) -> (u8, i32) {
        let start = seat as usize * rules.deck.len();
        let len = self.hand_len[seat as usize] as usize;
        let cards = &self.hands[start..start + len];
        self.discard.extend_from_slice(cards);
        let total = cards.iter().map(|&c| i32::from(c)).sum();
        self.hand_len[seat as usize] = 0;
        (len as u8, total)
    }
}

/// Whether `order` holds exactly the cards of `pile`, in some order.
/// Fisher-Yates with the game's RNG.
fn shuffle(cards: &mut [u8], rng: &mut rand_pcg::Pcg64Mcg) {
    for i in (1..cards.len()).rev() {
        let j = super::below(rng, i + 1);
        cards.swap(i, j);
    }
}

/// Arranges `pile` so that the cards of `order` (a part of its cards) are
/// its last ones, the others before them in their order; false, with `pile`
/// unchanged in content, if `order` is not a part of it.
fn take_out(order: &[u32], pile: &mut [u8]) -> bool {
    let mut counts = [0i32; 256];
    for &c in order {
        match counts.get_mut(c as usize) {
            Some(n) => *n += 1,
            None => return false,
        }
    }
    let mut kept = 0;
    for i in 0..pile.len() {
        let c = pile[i] as usize;
        if counts[c] > 0 {
            counts[c] -= 1;
        } else {
            pile.swap(kept, i);
            kept += 1;
        }
    }
    counts.iter().all(|&n| n == 0) && kept + order.len() == pile.len()
}

impl Rules {
    /// Appends the card moves of a rule: every distinct set of `min..=max`
    /// cards of the mover's hand whose named cell the rule allows.
    pub(super) fn card_moves(
        &self,
        number: u8,
        chain: CardChain,
        state: &State,
        out: &mut Vec<Move>,
    ) {
        let sets = CardSets::of(chain.play, state.hand(state.mover, self));
        for slots in sets.list() {
            if let Some(cell) = self.evaluated_card_cell(chain, state, &sets, slots) {
                out.push(self.card_set_move(number, sets.cards(slots), cell));
            }
        }
    }

    /// A uniformly random card move of the phase's one card rule, or the
    /// forced move: card sets are tried in random order until one names an
    /// allowed cell, which is uniform over the legal moves and usually tests
    /// one or two sets instead of all of them. `None` if the phase's moves
    /// are not of that shape. Out of line: inlined into `random_move` it
    /// cost Reversi and Breakthrough about 1%, whose playouts never call it.
    #[inline(never)]
    pub(super) fn random_card_move<R: Rng>(
        &self,
        state: &State,
        rng: &mut R,
    ) -> Option<Option<Move>> {
        let phase = &self.phases[state.phase as usize];
        let [rule] = phase.rules.as_slice() else {
            return None;
        };
        let chain = rule.card_chain()?;
        if !self.filters.is_empty() {
            return None;
        }
        if state.is_over() {
            return Some(None);
        }
        let pass = phase.has_forced_move().then_some(Move::Pass);
        if state.supply[state.mover as usize] <= 0 {
            return Some(pass);
        }
        let reading = Evaluated {
            rules: self,
            chain,
            state,
        };
        let Some((slots, cell)) = self.random_card_set(chain, state, rng, &reading) else {
            return Some(pass);
        };
        let hand = state.hand(state.mover, self);
        let number = self.rule_number(state.phase, 0);
        Some(Some(self.card_set_move(
            number,
            CardSets::cards_of(hand, slots),
            cell,
        )))
    }

    /// A card set of the mover's drawn uniformly among those whose named
    /// cell the rule allows (sets are tried in random order until one
    /// does), with that cell; `None` if no set does.
    ///
    /// `reading` reads the cell the cards name and the rule's test of it.
    #[inline(always)]
    pub(super) fn random_card_set<R: Rng>(
        &self,
        chain: CardChain,
        state: &State,
        rng: &mut R,
        reading: &impl CardReading,
    ) -> Option<(u16, CellId)> {
        let (room, len) = state.hand_room(state.mover, self);
        let mut sets = CardSets::in_room(chain.play, room, len);
        while sets.len > 0 {
            let slots = sets.take(super::below(rng, sets.len));
            if let Some(cell) = self.card_cell(state, &sets, slots, reading) {
                return Some((slots, cell));
            }
        }
        None
    }

    /// The cell the cards in `slots` name, if the rule allows it, read by
    /// the evaluator.
    fn evaluated_card_cell(
        &self,
        chain: CardChain,
        state: &State,
        sets: &CardSets,
        slots: u16,
    ) -> Option<CellId> {
        let reading = Evaluated {
            rules: self,
            chain,
            state,
        };
        self.card_cell(state, sets, slots, &reading)
    }

    /// The cell the cards in `slots` name, if the rule allows it (and it
    /// has room), as `reading` reads them.
    #[inline(always)]
    fn card_cell(
        &self,
        state: &State,
        sets: &CardSets,
        slots: u16,
        reading: &impl CardReading,
    ) -> Option<CellId> {
        let played = slots.count_ones() as u8;
        let total = sets.total(slots);
        let cell = reading.target(played, total);
        let open = cell != NO_CELL
            && (cell as usize) < self.geometry.cell_count()
            && (state.heights[cell as usize] as usize) < self.stack_capacity
            && reading.allows(cell, played, total);
        open.then_some(cell)
    }

    /// The cell `played` cards of `total` value name by a card rule.
    pub(super) fn target_of(
        &self,
        chain: CardChain,
        state: &State,
        played: u8,
        total: i32,
    ) -> CellId {
        let scope = Scope::of_cards(state, NO_CELL, played, total);
        self.eval(chain.target, &scope) as CellId
    }

    /// Whether a place step's guard and mask allow `cell`.
    #[inline(always)]
    pub(super) fn guard_and_mask_allow(
        &self,
        place: &Select,
        state: &State,
        cell: CellId,
        played: u8,
        total: i32,
    ) -> bool {
        place.guard.as_ref().is_none_or(|g| {
            let scope = Scope::of_cards(state, cell, played, total);
            self.eval(g, &scope) != 0
        }) && place.mask.as_ref().is_none_or(|m| m.contains(cell))
    }

    /// Every distinct card set the mover may play by a card rule of this
    /// phase, with the cell it names (if any) and whether the rule allows a
    /// piece there: for explaining moves, not for the move loop.
    pub fn card_options(&self, state: &State) -> Vec<CardOption> {
        let mut options = Vec::new();
        if state.is_over() {
            return options;
        }
        let stones = state.supply[state.mover as usize] > 0;
        for rule in &self.phases[state.phase as usize].rules {
            let Some(chain) = rule.card_chain() else {
                continue;
            };
            let sets = CardSets::of(chain.play, state.hand(state.mover, self));
            for slots in sets.list() {
                let total = sets.total(slots);
                let cell = self.target_of(chain, state, slots.count_ones() as u8, total);
                let cell = (cell != NO_CELL && (cell as usize) < self.geometry.cell_count())
                    .then_some(cell);
                let cards = sets.cards(slots);
                let cards = cards[..slots.count_ones() as usize].to_vec();
                let allowed = stones
                    && cell.is_some()
                    && self
                        .evaluated_card_cell(chain, state, &sets, slots)
                        .is_some();
                options.push(CardOption {
                    cards,
                    cell,
                    allowed,
                });
            }
        }
        options
    }

    /// Whether `seat`, were it to move now, may put a piece on `cell` by a
    /// card rule of the current phase (whatever its cards): for explaining a
    /// refused move and for drawing fields closed to everyone. Not for the
    /// move loop: it copies the state.
    pub fn may_place(&self, state: &State, seat: u8, cell: CellId) -> bool {
        if (seat as usize) >= self.seats.len() || state.supply[seat as usize] <= 0 {
            return false;
        }
        let mut as_seat = state.clone();
        as_seat.mover = seat;
        self.phases[state.phase as usize]
            .rules
            .iter()
            .filter_map(|r| r.card_chain())
            .any(|chain| {
                let reading = Evaluated {
                    rules: self,
                    chain,
                    state: &as_seat,
                };
                (state.heights[cell as usize] as usize) < self.stack_capacity
                    && reading.allows(cell, 0, 0)
            })
    }

    /// Plays the phase's forced move: the whole hand to the discard pile, then draw.
    pub(super) fn play_otherwise(&self, state: &mut State) {
        let seat = state.mover;
        let Some(otherwise) = &self.phases[state.phase as usize].otherwise else {
            return;
        };
        let crate::ir::Forced::DiscardHand(draw) = &otherwise.action else {
            return;
        };
        let (played, total) = state.discard_hand(seat, self);
        let scope = Scope::of_cards(state, NO_CELL, played, total);
        let n = self
            .eval(draw.as_ref().unwrap_or(&crate::ir::Node::Const(0)), &scope)
            .clamp(0, self.deck.len() as i64);
        state.draw_cards(seat, n as usize, self);
    }
}
