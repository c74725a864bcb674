//! The card sets a hand may play: every set of hand slots of an allowed
//! size, equal cards counted once, as a bitset over the 256 sets of a
//! hand's first 8 slots. The hand is held as one word (a card a byte), so
//! that a set's total and the repeated cards are found by a few word
//! operations instead of a loop over the cards.

use crate::ir::CardPlay;

/// The most hand slots a set is drawn from.
const SLOTS: usize = 8;

/// Bytes of a word whose top bit is set.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Bytes of a word whose low 7 bits are set.
const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// `SKIPS[i]`: the sets of hand slots (of 8) that hold slot `i + 1` but not
/// slot `i`, as a 256-bit set.
const SKIPS: [[u64; 4]; SLOTS - 1] = {
    let mut skips = [[0u64; 4]; SLOTS - 1];
    let mut i = 0;
    while i < SLOTS - 1 {
        let mut s = 0usize;
        while s < 256 {
            if s & (1 << (i + 1)) != 0 && s & (1 << i) == 0 {
                skips[i][s / 64] |= 1 << (s % 64);
            }
            s += 1;
        }
        i += 1;
    }
    skips
};

/// `BYTES[s]`: the bytes of a word that the set of slots `s` holds.
static BYTES: [u64; 256] = {
    let mut bytes = [0u64; 256];
    let mut s = 0;
    while s < 256 {
        let mut i = 0;
        while i < SLOTS {
            if s & (1 << i) != 0 {
                bytes[s] |= 0xff << (8 * i);
            }
            i += 1;
        }
        s += 1;
    }
    bytes
};

/// The distinct card sets a rule may play from a hand (of its first 8
/// cards): small to copy and to draw from.
pub(super) struct CardSets {
    /// The hand's first cards (sorted), one a byte, the first lowest; 0
    /// past the hand.
    hand: u64,
    /// Bit `s` of the 256: the set of hand slots `s` is a candidate.
    valid: [u64; 4],
    /// How many bits are set.
    pub(super) len: usize,
}

impl CardSets {
    /// Every set of `min..=max` cards of `hand`, equal values counted once:
    /// of equal cards a set uses the first ones (the hand is sorted).
    pub(super) fn of(play: &CardPlay, hand: &[u8]) -> Self {
        Self::in_room(play, hand, hand.len())
    }

    /// [`CardSets::of`] the first `len` cards of `room`, a hand and the
    /// room after it (whatever it holds): a hand with 8 bytes of room is
    /// read as one word.
    #[inline(always)]
    pub(super) fn in_room(play: &CardPlay, room: &[u8], len: usize) -> Self {
        let n = len.min(SLOTS).min(room.len());
        let word = word_of(room, n);
        let mut valid = play.sets_by_size[n];
        // Up to 6 cards, every set is in the first word.
        let words = (1usize << n).div_ceil(64);
        let mut repeats = repeated_slots(word, n);
        while repeats != 0 {
            // Slot i repeats slot i - 1: no set takes it without i - 1.
            let i = repeats.trailing_zeros() as usize;
            repeats &= repeats - 1;
            for (v, skip) in valid[..words].iter_mut().zip(&SKIPS[i - 1]) {
                *v &= !skip;
            }
        }
        let len = valid[..words].iter().map(|w| w.count_ones() as usize).sum();
        CardSets {
            hand: word,
            valid,
            len,
        }
    }

    /// The total of the cards in `slots`.
    #[inline]
    pub(super) fn total(&self, slots: u16) -> i32 {
        let cards = self.hand & BYTES[slots as usize & 0xff];
        // Pairs of bytes added into 16-bit lanes (at most 510 each), then
        // the four lanes added into the top one (at most 2040).
        let pairs = (cards & 0x00ff_00ff_00ff_00ff) + (cards >> 8 & 0x00ff_00ff_00ff_00ff);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as i32
    }

    /// The cards in `slots`, in hand order, as a move holds them.
    pub(super) fn cards(&self, slots: u16) -> [u8; 8] {
        cards_in(self.hand, slots)
    }

    /// The cards of `hand` in `slots`, as [`CardSets::cards`] gives them.
    pub(super) fn cards_of(hand: &[u8], slots: u16) -> [u8; 8] {
        cards_in(word_of(hand, hand.len().min(SLOTS)), slots)
    }

    /// The sets, in slot order.
    pub(super) fn list(&self) -> impl Iterator<Item = u16> + '_ {
        (0..4usize).flat_map(move |w| {
            let mut bits = self.valid[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    (w * 64 + b) as u16
                })
            })
        })
    }

    /// Removes and returns the `k`-th set (in slot order); `k < len`.
    pub(super) fn take(&mut self, mut k: usize) -> u16 {
        for w in 0..4 {
            let n = self.valid[w].count_ones() as usize;
            if k >= n {
                k -= n;
                continue;
            }
            let mut bits = self.valid[w];
            for _ in 0..k {
                bits &= bits - 1;
            }
            let b = bits.trailing_zeros();
            self.valid[w] &= !(1 << b);
            self.len -= 1;
            return (w as u32 * 64 + b) as u16;
        }
        unreachable!("k is below the number of sets")
    }
}

/// The cards of the word `hand` in `slots` (of its 8), in hand order.
fn cards_in(hand: u64, slots: u16) -> [u8; 8] {
    let mut cards = [0u8; 8];
    let mut bits = slots & 0xff;
    for slot in cards.iter_mut() {
        if bits == 0 {
            break;
        }
        *slot = (hand >> (8 * bits.trailing_zeros())) as u8;
        bits &= bits - 1;
    }
    cards
}

/// The first `n` (at most 8) cards of `room`, one a byte, the first
/// lowest; 0 past them.
#[inline(always)]
fn word_of(room: &[u8], n: usize) -> u64 {
    match room.first_chunk::<SLOTS>() {
        Some(first) if n == SLOTS => u64::from_le_bytes(*first),
        Some(first) => u64::from_le_bytes(*first) & ((1 << (8 * n)) - 1),
        None => room[..n]
            .iter()
            .rev()
            .fold(0, |w, &c| w << 8 | u64::from(c)),
    }
}

/// Bit `i` set for each slot `i` (from 1 to `n - 1`) of `hand` that holds
/// the same card as slot `i - 1`.
fn repeated_slots(hand: u64, n: usize) -> u32 {
    // Byte i of `diff` is card i against card i - 1; a byte's top bit of
    // `nonzero` is set where that is not 0 (exact: no borrow between bytes).
    let diff = hand ^ hand << 8;
    let nonzero = (((diff & LOW) + LOW) | diff) & HIGH;
    // The top bits of the zero bytes gathered into the low byte, bit i for byte i.
    let zero = (!nonzero & HIGH) >> 7;
    let gathered = (zero.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    // Slot 0 repeats nothing; slots past the hand are not cards.
    gathered & (1u32 << n).wrapping_sub(1) & !1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The repeated slots as a loop over the cards finds them.
    fn repeated_by_loop(hand: &[u8]) -> u32 {
        (1..hand.len())
            .filter(|&i| hand[i] == hand[i - 1])
            .fold(0, |bits, i| bits | 1 << i)
    }

    #[test]
    fn repeated_slots_are_the_equal_neighbours() {
        let hands: [&[u8]; 7] = [
            &[],
            &[5],
            &[1, 1, 1, 1],
            &[1, 2, 2, 3],
            &[0, 0, 128, 128, 255, 255, 7, 7],
            &[3, 4, 5, 6, 7, 8, 9, 9],
            &[200, 200, 1, 2],
        ];
        for hand in hands {
            let word = hand.iter().rev().fold(0u64, |w, &c| w << 8 | u64::from(c));
            assert_eq!(
                repeated_slots(word, hand.len()),
                repeated_by_loop(hand),
                "{hand:?}"
            );
        }
    }

    /// Every set of 1 to 8 slots allowed (`play 1..8 cards`).
    fn any_size() -> CardPlay {
        let mut sets_by_size = [[0u64; 4]; 9];
        for (n, sets) in sets_by_size.iter_mut().enumerate() {
            for s in 1usize..1 << n {
                sets[s / 64] |= 1 << (s % 64);
            }
        }
        CardPlay {
            min: 1,
            max: 8,
            sets_by_size,
        }
    }

    #[test]
    fn a_hand_in_a_room_ignores_what_lies_past_it() {
        // Three cards, then stale ones from earlier hands.
        let room = [3, 3, 5, 9, 9, 9, 9, 9, 9];
        let sets = CardSets::in_room(&any_size(), &room, 3);
        let listed: Vec<u16> = sets.list().collect();
        // The second 3 only with the first: {3}, {5}, {3,3}, {3,5}, {3,3,5}.
        assert_eq!(listed, [0b001, 0b011, 0b100, 0b101, 0b111]);
        assert_eq!(sets.total(0b111), 11);
        assert_eq!(&sets.cards(0b101)[..2], &[3, 5]);
        // A room shorter than a word (a deck of fewer than 8 cards).
        let short = CardSets::in_room(&any_size(), &room[..4], 3);
        assert_eq!(short.list().collect::<Vec<_>>(), listed);
        assert_eq!(short.total(0b111), 11);
    }

    #[test]
    fn a_total_adds_the_cards_of_the_set() {
        let hand = [255, 255, 254, 253, 200, 100, 9, 1];
        let sets = CardSets::of(&any_size(), &hand);
        for slots in 1u16..256 {
            let by_loop: i32 = (0..8)
                .filter(|&i| slots & (1 << i) != 0)
                .map(|i| i32::from(hand[i]))
                .sum();
            assert_eq!(sets.total(slots), by_loop, "slots {slots:#b}");
        }
    }
}
