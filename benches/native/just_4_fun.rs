//! Hand-written native implementation of Just 4 Fun (rules:
//! `docs/games/just-4-fun.md`).
//!
//! It serves two purposes: it is the speed ceiling that the interpreter's
//! random playouts are benchmarked against, and an independent reference for
//! cross-checking the interpreter's move generation, card handling and
//! end-of-game scoring. Cell ids therefore follow the interpreter's numbering
//! exactly: `id = y * 6 + x`, row by row from the bottom (`a1 = 0`, `f1 = 5`,
//! `a6 = 30`, `f6 = 35`). The number printed on each field uses the default
//! map of the rules file, reading order from the top-left: `a6` is field 1,
//! `f6` field 6, `a1` field 31 and `f1` field 36 (`field_number`).
//!
//! Piles are fixed arrays used as stacks: the top of the draw pile (the card
//! drawn next) is the **last** element of `draw_pile()`, and the discard pile
//! grows at its end. Hands are kept sorted ascending, so that the card sets of
//! a hand are the sub-multisets picked by bitmasks over its slots, a repeated
//! value always using its lowest copies first (one move per multiset).
//!
//! Each seat's owned fields are a bitboard (a line is found by shifts), and
//! the fields it may place on a byte table indexed by card sum; both are
//! updated for the one cell a placement changes. A random move costs the 16
//! subset sums of the hand at once (one byte each in a `u128`), a table
//! look-up per subset, and one random number; nothing is allocated.

// A bench and the cross-check tests each use a different subset of this API;
// the unused remainder must not trip `-D warnings` in either of them.
#![allow(dead_code)]

use rand::Rng;

/// Board side length.
pub const SIDE: usize = 6;

/// Number of cells (fields).
pub const CELLS: usize = SIDE * SIDE;

/// Most seats in a game.
pub const MAX_SEATS: usize = 4;

/// Fewest seats in a game.
pub const MIN_SEATS: usize = 2;

/// Stones each seat starts with in supply; one is placed per play.
pub const STONES: u8 = 20;

/// Cards in a hand between turns.
pub const HAND: usize = 4;

/// Cards in the deck.
pub const DECK_SIZE: usize = 55;

/// Room in a pile array: the deck plus slack, so that a play can write all 4
/// hand cards past the end of the discard pile and keep only those played.
const PILE: usize = 64;

/// Rounds before the game ends on points (each seat has this many turns).
pub const ROUNDS: u32 = 20;

/// The deck in ascending order: 1 to 12 four times each, 13 to 19 once each.
pub const DECK: [u8; DECK_SIZE] = deck();

/// Cells in columns `a..c` (`x <= 2`): where a line going east or north-east
/// can start.
const WEST: u64 = column_mask(0) | column_mask(1) | column_mask(2);

/// Cells in columns `d..f` (`x >= 3`): where a line going north-west can start.
const EAST: u64 = column_mask(3) | column_mask(4) | column_mask(5);

/// Field number of each cell (`1..=36`).
const FIELD: [u8; CELLS] = fields();

/// Cell of each field number (index 0 unused).
const CELL: [u8; CELLS + 1] = cells();

/// `SUBSETS[dup]`: the slot subsets (bit `m` for mask `m`) of a sorted hand
/// that are distinct multisets, where bit `i` of `dup` says slot `i` equals
/// slot `i - 1`: a subset may use a copy only if it also uses the copy before
/// it.
static SUBSETS: [u16; 1 << HAND] = subsets();

/// `SLOT_ONES[i]`: byte `m` is 1 if slot subset `m` holds slot `i`. The sum
/// of `hand[i] * SLOT_ONES[i]` holds all 16 subset sums, one per byte (a sum
/// is at most 76, so no byte carries into the next).
const SLOT_ONES: [u128; HAND] = slot_ones();

/// Entries in a table indexed by a card sum: the sum of 4 cards is at most
/// 19 + 18 + 17 + 16 = 70, and no sum past 36 names a field. A power of two,
/// so that a masked index needs no bounds check.
const SUMS: usize = 128;

/// `OPEN_START[n]`: 1 for each field number `n` (1 to 36), 0 for other sums.
const OPEN_START: [u8; SUMS] = open_start();

/// `ORDER[m]`: the slots of subset `m` ascending, then the other slots
/// ascending, as one little-endian byte each (times 8: bit shifts).
static ORDER: [[u8; HAND]; 1 << HAND] = orders();

/// The 54 windows of 4 cells in a line: 18 horizontal, 18 vertical, 9 in each
/// diagonal direction (used by the tests and by `lines_through`).
pub static WINDOWS: [u64; 54] = windows();

/// Builds `DECK`.
const fn deck() -> [u8; DECK_SIZE] {
    let mut d = [0u8; DECK_SIZE];
    let mut i = 0;
    while i < 48 {
        d[i] = (i / 4) as u8 + 1;
        i += 1;
    }
    while i < DECK_SIZE {
        d[i] = (i - 48) as u8 + 13;
        i += 1;
    }
    d
}

/// Bitboard of column `x`.
const fn column_mask(x: usize) -> u64 {
    let mut m = 0u64;
    let mut y = 0;
    while y < SIDE {
        m |= 1 << (y * SIDE + x);
        y += 1;
    }
    m
}

/// Builds `FIELD`.
const fn fields() -> [u8; CELLS] {
    let mut f = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        f[c] = ((SIDE - 1 - c / SIDE) * SIDE + c % SIDE + 1) as u8;
        c += 1;
    }
    f
}

/// Builds `CELL`.
const fn cells() -> [u8; CELLS + 1] {
    let f = fields();
    let mut t = [0u8; CELLS + 1];
    let mut c = 0;
    while c < CELLS {
        t[f[c] as usize] = c as u8;
        c += 1;
    }
    t
}

/// Builds `OPEN_START`.
const fn open_start() -> [u8; SUMS] {
    let mut t = [0u8; SUMS];
    let mut n = 1;
    while n <= CELLS {
        t[n] = 1;
        n += 1;
    }
    t
}

/// Builds `SUBSETS`.
const fn subsets() -> [u16; 1 << HAND] {
    let mut t = [0u16; 1 << HAND];
    let mut dup = 0;
    while dup < 1 << HAND {
        let mut mask = 1;
        while mask < 1 << HAND {
            if mask & dup & !(mask << 1) == 0 {
                t[dup] |= 1 << mask;
            }
            mask += 1;
        }
        dup += 1;
    }
    t
}

/// Builds `SLOT_ONES`.
const fn slot_ones() -> [u128; HAND] {
    let mut t = [0u128; HAND];
    let mut i = 0;
    while i < HAND {
        let mut m = 0;
        while m < 1 << HAND {
            if m >> i & 1 == 1 {
                t[i] |= 1 << (8 * m);
            }
            m += 1;
        }
        i += 1;
    }
    t
}

/// Builds `ORDER`.
const fn orders() -> [[u8; HAND]; 1 << HAND] {
    let mut t = [[0u8; HAND]; 1 << HAND];
    let mut m = 0;
    while m < 1 << HAND {
        let mut n = 0;
        let mut pass = 0;
        while pass < 2 {
            let mut i = 0;
            while i < HAND {
                if (m >> i & 1 == 1) == (pass == 0) {
                    t[m][n] = (8 * i) as u8;
                    n += 1;
                }
                i += 1;
            }
            pass += 1;
        }
        m += 1;
    }
    t
}

/// Builds `WINDOWS`.
const fn windows() -> [u64; 54] {
    let mut w = [0u64; 54];
    let mut n = 0;
    // (dx, dy) as offsets with the start ranges that keep 4 cells on board.
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
    let mut d = 0;
    while d < 4 {
        let (dx, dy) = dirs[d];
        let mut y = 0;
        while y < SIDE as i32 {
            let mut x = 0;
            while x < SIDE as i32 {
                let (ex, ey) = (x + 3 * dx, y + 3 * dy);
                if ex >= 0 && ex < SIDE as i32 && ey < SIDE as i32 {
                    let mut m = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        m |= 1 << ((y + k * dy) * SIDE as i32 + x + k * dx);
                        k += 1;
                    }
                    w[n] = m;
                    n += 1;
                }
                x += 1;
            }
            y += 1;
        }
        d += 1;
    }
    assert!(n == 54);
    w
}

/// Whether the bitboard `owned` covers a whole window of 4 in a line.
#[inline]
fn has_line(owned: u64) -> bool {
    // Shifted copies ANDed together leave a bit on the first cell of each
    // full window: four directions instead of 54 masks.
    let b = owned;
    let east = b & b >> 1 & b >> 2 & b >> 3 & WEST;
    let north = b & b >> SIDE & b >> (2 * SIDE) & b >> (3 * SIDE);
    let north_east = b & b >> (SIDE + 1) & b >> (2 * SIDE + 2) & b >> (3 * SIDE + 3) & WEST;
    let north_west = b & b >> (SIDE - 1) & b >> (2 * SIDE - 2) & b >> (3 * SIDE - 3) & EAST;
    east | north | north_east | north_west != 0
}

/// The number printed on `cell` (`1..=36`): reading order from the top-left.
pub fn field_number(cell: usize) -> u8 {
    FIELD[cell]
}

/// The cell printed with field number `n` (`1..=36`).
pub fn cell_of_number(n: u8) -> usize {
    assert!((1..=CELLS as u8).contains(&n), "no field numbered {n}");
    CELL[n as usize] as usize
}

/// Label of a cell: column letter `a..f` then row number `1..6` from the bottom.
pub fn cell_label(cell: usize) -> String {
    let col = (b'a' + (cell % SIDE) as u8) as char;
    format!("{col}{}", cell / SIDE + 1)
}

/// Cell id of a label such as `c2`, or `None` if it names no cell.
pub fn parse_cell(label: &str) -> Option<usize> {
    match label.as_bytes() {
        &[col @ b'a'..=b'f', row @ b'1'..=b'6'] => {
            Some((row - b'1') as usize * SIDE + (col - b'a') as usize)
        }
        _ => None,
    }
}

/// The windows of 4 in a line that contain `cell`, as bitboards.
pub fn lines_through(cell: usize) -> impl Iterator<Item = u64> {
    WINDOWS.iter().copied().filter(move |w| w >> cell & 1 == 1)
}

/// A move of the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Play `count` (1 to 4) cards whose sum is the field number of `field`
    /// and place one stone there.
    Play {
        /// The played values: `cards[..count]` ascending, the rest 0.
        cards: [u8; 4],
        /// Number of cards played.
        count: u8,
        /// Cell id of the field the stone goes on.
        field: u8,
    },
    /// Discard the whole hand and draw 4: legal only when no play is.
    Exchange,
}

impl Move {
    /// The played values in ascending order (empty for an exchange).
    pub fn played(&self) -> &[u8] {
        match self {
            Move::Play { cards, count, .. } => &cards[..(*count as usize).min(4)],
            Move::Exchange => &[],
        }
    }
}

/// Readable form of a move: the cards joined by `+`, then the field's cell and
/// number, e.g. `5+11+13 e2 (29)`; or `exchange`.
pub fn notation(m: &Move) -> String {
    match m {
        Move::Play { field, .. } => {
            let cards: Vec<String> = m.played().iter().map(u8::to_string).collect();
            let cell = *field as usize;
            format!("{} {} ({})", cards.join("+"), cell_label(cell), FIELD[cell])
        }
        Move::Exchange => "exchange".to_string(),
    }
}

/// The mover's legal plays: bit `m` of `subsets` for each slot subset `m`
/// of its hand that is a legal play, on the field numbered `sums[m]`.
#[derive(Clone, Copy, Debug)]
struct Plays {
    subsets: u16,
    sums: [u8; 1 << HAND],
}

impl Plays {
    /// The cell the play of slot subset `mask` places on.
    #[inline]
    fn cell(&self, mask: usize) -> u8 {
        CELL[self.sums[mask] as usize]
    }
}

/// A Just 4 Fun position, with its card piles.
///
/// Equality compares positions (stones, hands, piles in order, supplies,
/// turn, result), not the stale bytes past each pile's length.
#[derive(Clone, Debug)]
pub struct JustFourFun {
    /// Number of seats (2 to 4).
    seats: usize,
    /// Stones on each cell per seat; seats past `seats` stay at 0.
    stones: [[u8; MAX_SEATS]; CELLS],
    /// Cells each seat owns (strictly more stones than every other seat).
    own: [u64; MAX_SEATS],
    /// `open[p][n]`: 1 if seat `p` may place on the field numbered `n`, 0 if
    /// not or if no field has that number, so that a card sum indexes it
    /// directly. A seat may not place where another seat is 2 or more stones
    /// ahead of it, nor where it is itself 2 or more ahead of all others (a
    /// field locked by someone else always has the first case).
    open: [[u8; SUMS]; MAX_SEATS],
    /// Each seat's hand, sorted ascending; only `hand_len[s]` count.
    hands: [[u8; HAND]; MAX_SEATS],
    /// Cards in each hand: 4, except the winner's after the winning play.
    hand_len: [u8; MAX_SEATS],
    /// Draw pile; `draw[..draw_len]`, top (next card drawn) last.
    draw: [u8; PILE],
    draw_len: u8,
    /// Discard pile; `discard[..discard_len]`, most recent last.
    discard: [u8; PILE],
    discard_len: u8,
    /// Stones left in each seat's supply.
    supply: [u8; MAX_SEATS],
    mover: usize,
    turns: u32,
    over: bool,
    winner: Option<usize>,
}

impl JustFourFun {
    /// A new game: the deck shuffled with `rng`, 4 cards dealt to each seat,
    /// then the first seat drawn with `rng`.
    pub fn new<R: Rng>(seats: usize, rng: &mut R) -> Self {
        let mut deck = DECK;
        shuffle(&mut deck, rng);
        let first = below(rng, seats as u32) as usize;
        Self::from_deal(seats, first, &deck)
    }

    /// A new game from a given order of the 55 cards, `deck[0]` dealt first:
    /// `deck[0..4]` to seat 0, `deck[4..8]` to seat 1, and so on; the rest is
    /// the draw pile, `deck[4 * seats]` on top. `first` moves first.
    pub fn from_deal(seats: usize, first: usize, deck: &[u8]) -> Self {
        assert!(
            (MIN_SEATS..=MAX_SEATS).contains(&seats),
            "{seats} seats: 2 to 4 play"
        );
        assert!(first < seats, "seat {first} out of range");
        let mut sorted = deck.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, DECK, "the deck must be the 55 Just 4 Fun cards");
        let mut game = JustFourFun {
            seats,
            stones: [[0; MAX_SEATS]; CELLS],
            own: [0; MAX_SEATS],
            open: [OPEN_START; MAX_SEATS],
            hands: [[0; HAND]; MAX_SEATS],
            hand_len: [0; MAX_SEATS],
            draw: [0; PILE],
            draw_len: 0,
            discard: [0; PILE],
            discard_len: 0,
            supply: [0; MAX_SEATS],
            mover: first,
            turns: 0,
            over: false,
            winner: None,
        };
        for seat in 0..seats {
            game.set_hand(seat, &deck[HAND * seat..HAND * (seat + 1)]);
            game.supply[seat] = STONES;
        }
        let rest = &deck[HAND * seats..];
        for (slot, &card) in game.draw.iter_mut().zip(rest.iter().rev()) {
            *slot = card;
        }
        game.draw_len = rest.len() as u8;
        game
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The winning seat once the game is over; `None` for a draw (or a game
    /// still in progress).
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }

    /// The seat to move; once the game is over, the seat that moved last.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Turns played so far, exchanges included (the interpreter's 1-based
    /// `turn` is this plus one while the game goes on).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Turns after which the game ends on points: 20 per seat.
    pub fn max_turns(&self) -> u32 {
        ROUNDS * self.seats as u32
    }

    /// `seat`'s hand, sorted ascending.
    pub fn hand(&self, seat: usize) -> &[u8] {
        &self.hands[seat][..self.hand_len[seat] as usize]
    }

    /// Stones of `seat` on `cell`.
    pub fn stones(&self, cell: usize, seat: usize) -> u8 {
        self.stones[cell][seat]
    }

    /// The seat owning `cell` (strictly more stones than every other), if any.
    pub fn owner(&self, cell: usize) -> Option<usize> {
        (0..self.seats).find(|&s| self.own[s] >> cell & 1 == 1)
    }

    /// Whether nobody may place on `cell`: one seat has 2 or more stones more
    /// than every other seat there.
    pub fn is_locked(&self, cell: usize) -> bool {
        (0..self.seats).any(|s| {
            let lead = self.stones[cell][s];
            (0..self.seats).all(|o| o == s || self.stones[cell][o] + 2 <= lead)
        })
    }

    /// Whether `seat` may place a stone on `cell` (cards aside): nobody is 2
    /// or more stones ahead of it there and the field is not locked.
    pub fn may_place(&self, cell: usize, seat: usize) -> bool {
        self.open[seat][FIELD[cell] as usize] == 1
    }

    /// Each seat's points: the sum of the numbers of the fields it owns.
    pub fn scores(&self) -> Vec<u32> {
        (0..self.seats).map(|s| self.score(s)).collect()
    }

    /// `scores` without allocating; seats past `seats()` score 0.
    pub fn score_array(&self) -> [u32; MAX_SEATS] {
        std::array::from_fn(|s| self.score(s))
    }

    /// `seat`'s points: the sum of the numbers of the fields it owns.
    pub fn score(&self, seat: usize) -> u32 {
        bits(self.own[seat]).map(|c| u32::from(FIELD[c])).sum()
    }

    /// The highest field number `seat` owns, 0 if it owns none (the tie-break).
    pub fn highest_field(&self, seat: usize) -> u8 {
        bits(self.own[seat]).map(|c| FIELD[c]).max().unwrap_or(0)
    }

    /// The draw pile, bottom first: the top card (drawn next) is the last.
    pub fn draw_pile(&self) -> &[u8] {
        &self.draw[..self.draw_len as usize]
    }

    /// The discard pile in the order the cards were put there (most recent
    /// last; the cards of one play or exchange in ascending order).
    pub fn discard_pile(&self) -> &[u8] {
        &self.discard[..self.discard_len as usize]
    }

    /// Replaces the draw pile (bottom first, top last), e.g. with the
    /// interpreter's after a reshuffle. The caller keeps the 55 cards whole.
    pub fn set_draw_pile(&mut self, cards: &[u8]) {
        assert!(cards.len() <= DECK_SIZE, "more than 55 cards");
        assert!(cards.iter().all(|&c| is_card(c)), "cards are 1 to 19");
        self.draw[..cards.len()].copy_from_slice(cards);
        self.draw_len = cards.len() as u8;
    }

    /// Replaces the discard pile (oldest first). The caller keeps the 55
    /// cards whole.
    pub fn set_discard_pile(&mut self, cards: &[u8]) {
        assert!(cards.len() <= DECK_SIZE, "more than 55 cards");
        assert!(cards.iter().all(|&c| is_card(c)), "cards are 1 to 19");
        self.discard[..cards.len()].copy_from_slice(cards);
        self.discard_len = cards.len() as u8;
    }

    /// Replaces `seat`'s hand with 4 cards (any order; kept sorted). The
    /// caller keeps the 55 cards whole.
    pub fn set_hand(&mut self, seat: usize, cards: &[u8]) {
        assert_eq!(cards.len(), HAND, "a hand holds 4 cards");
        // Also what keeps the subset sums within a byte each.
        assert!(cards.iter().all(|&c| is_card(c)), "cards are 1 to 19");
        assert!(seat < self.seats, "seat {seat} out of range");
        let mut h = [0u8; HAND];
        h.copy_from_slice(cards);
        h.sort_unstable();
        self.hands[seat] = h;
        self.hand_len[seat] = HAND as u8;
    }

    /// Stones left in `seat`'s supply.
    pub fn supply(&self, seat: usize) -> u8 {
        self.supply[seat]
    }

    /// The mover's legal plays, as a set of slot subsets of its hand.
    ///
    /// Slot `i` is bit `i` of a subset, over the hand sorted ascending; a set
    /// of values counts once, as the subset using the lowest copies of
    /// repeated values. Ascending subsets are the order of `legal_moves`:
    /// `[h0]`, `[h1]`, `[h0 h1]`, `[h2]`, `[h0 h2]`, ...
    #[inline]
    fn plays(&self) -> Plays {
        let m = self.mover;
        if self.over || self.supply[m] == 0 {
            return Plays {
                subsets: 0,
                sums: [0; 1 << HAND],
            };
        }
        // Between turns every hand holds 4 cards.
        let h = self.hands[m];
        let dup = usize::from(h[1] == h[0]) << 1
            | usize::from(h[2] == h[1]) << 2
            | usize::from(h[3] == h[2]) << 3;
        // All 16 subset sums at once, one per byte.
        let sums = (0..HAND).fold(0u128, |acc, i| acc + u128::from(h[i]) * SLOT_ONES[i]);
        let sums = sums.to_le_bytes();
        let open = &self.open[m];
        let mut found = 0u32;
        for (mask, &sum) in sums.iter().enumerate() {
            found |= u32::from(open[sum as usize & (SUMS - 1)]) << mask;
        }
        Plays {
            subsets: found as u16 & SUBSETS[dup],
            sums,
        }
    }

    /// The public form of the play of slot subset `mask` on `cell`.
    fn to_move(&self, mask: usize, cell: u8) -> Move {
        let h = &self.hands[self.mover];
        let mut cards = [0u8; 4];
        let mut count = 0;
        for (i, &v) in h.iter().enumerate() {
            if mask >> i & 1 == 1 {
                cards[count] = v;
                count += 1;
            }
        }
        Move::Play {
            cards,
            count: count as u8,
            field: cell,
        }
    }

    /// Appends all legal moves to `out` after clearing it: none once the game
    /// is over, exactly `[Exchange]` when no play is legal, else at most 15
    /// plays, ordered by the bitmask of the hand slots they use (slot `i` is
    /// bit `i` of the hand sorted ascending: `[h0]`, `[h1]`, `[h0 h1]`,
    /// `[h2]`, `[h0 h2]`, ...); a set of values is listed once.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.over {
            return;
        }
        let plays = self.plays();
        if plays.subsets == 0 {
            out.push(Move::Exchange);
        } else {
            let masks = bits(u64::from(plays.subsets));
            out.extend(masks.map(|mask| self.to_move(mask, plays.cell(mask))));
        }
    }

    /// The slot subset of the mover's hand holding `values` (ascending),
    /// lowest copies first, or `None` if the hand lacks them.
    fn mask_of(&self, values: &[u8]) -> Option<u8> {
        let h = self.hand(self.mover);
        let mut mask = 0u8;
        for &v in values {
            let slot = (0..h.len()).find(|&i| h[i] == v && mask >> i & 1 == 0)?;
            mask |= 1 << slot;
        }
        Some(mask)
    }

    /// Whether `m` is a legal move for the mover now.
    pub fn is_legal(&self, m: &Move) -> bool {
        if self.over {
            return false;
        }
        match *m {
            Move::Exchange => self.plays().subsets == 0,
            Move::Play {
                cards,
                count,
                field,
            } => {
                let count = count as usize;
                let played = &cards[..count.min(4)];
                (1..=4).contains(&count)
                    && played.iter().all(|&v| v > 0)
                    && played.windows(2).all(|w| w[0] <= w[1])
                    && cards[count..].iter().all(|&v| v == 0)
                    && (field as usize) < CELLS
                    && played.iter().map(|&v| usize::from(v)).sum::<usize>()
                        == usize::from(FIELD[field as usize])
                    && self.mask_of(played).is_some()
                    && self.supply[self.mover] > 0
                    && self.may_place(field as usize, self.mover)
            }
        }
    }

    /// Plays a legal move for the mover; a reshuffle of the discard pile, if
    /// the draw pile runs out, uses `rng`.
    pub fn play<R: Rng>(&mut self, m: Move, rng: &mut R) {
        // Cheap next to a cross-check: a bad move must fail loudly rather
        // than silently corrupt the position.
        assert!(self.is_legal(&m), "illegal move {}", notation(&m));
        match m {
            Move::Play { field, .. } => {
                let mask = self.mask_of(m.played()).expect("checked legal");
                self.apply_play(mask, field as usize, rng);
            }
            Move::Exchange => self.apply_exchange(rng),
        }
    }

    /// Plays a uniformly random legal move: the plays are listed in
    /// `legal_moves` order and `below(n)` picks one (the same choice as
    /// `legal_moves` then `play` with that index); with no play, the exchange.
    /// Does nothing once the game is over. `buf` is unused: the plays are
    /// found as a bitset, never listed.
    #[inline]
    pub fn play_random<R: Rng>(&mut self, buf: &mut Vec<Move>, rng: &mut R) {
        let _ = buf;
        if self.over {
            return;
        }
        let plays = self.plays();
        let n = plays.subsets.count_ones();
        if n == 0 {
            self.apply_exchange(rng);
        } else {
            let mut subsets = plays.subsets;
            for _ in 0..below(rng, n) {
                subsets &= subsets - 1;
            }
            let mask = subsets.trailing_zeros() as usize;
            self.apply_play(mask as u8, plays.cell(mask) as usize, rng);
        }
    }

    /// Plays the hand slots in `mask`, places on `cell`, and draws unless the
    /// placement wins.
    #[inline]
    fn apply_play<R: Rng>(&mut self, mask: u8, cell: usize, rng: &mut R) {
        let m = self.mover;
        let count = mask.count_ones() as usize;
        // The hand reordered as the played cards then the kept ones, both
        // ascending: no branch on which slots were played.
        let hand = u32::from_le_bytes(self.hands[m]);
        let order = ORDER[mask as usize];
        let cards = order.map(|shift| (hand >> shift) as u8);
        // All 4 go past the discard pile's end; only the played ones count.
        let d = self.discard_len as usize;
        self.discard[d..d + HAND].copy_from_slice(&cards);
        self.discard_len += count as u8;
        // The kept cards first; the slots after them are drawn into.
        let mut kept = u32::from_le_bytes(cards)
            .rotate_right(8 * count as u32)
            .to_le_bytes();
        let bit = 1u64 << cell;
        let owned_before = self.own[m] & bit;
        self.stones[cell][m] += 1;
        self.supply[m] -= 1;
        self.update_cell(cell);
        // Only the mover can gain a field, so only it can complete a line.
        if owned_before == 0 && self.own[m] & bit != 0 && has_line(self.own[m]) {
            self.hands[m] = kept;
            self.hand_len[m] = (HAND - count) as u8;
            self.turns += 1;
            self.over = true;
            self.winner = Some(m);
            return;
        }
        let top = self.draw_len as usize;
        if top >= HAND {
            // The `count` top cards are the high bytes of the pile's last 4;
            // the order they are drawn in is lost in the sorted hand anyway.
            let drawn = u32::from_le_bytes(self.draw[top - HAND..top].try_into().unwrap());
            let low = (1u32 << (8 * (HAND - count))) - 1;
            let hand = u32::from_le_bytes(kept) & low | drawn & !low;
            kept = hand.to_le_bytes();
            self.draw_len -= count as u8;
        } else {
            for slot in &mut kept[HAND - count..] {
                *slot = self.draw_card(rng);
            }
        }
        self.hands[m] = sort4(kept);
        self.end_turn();
    }

    /// The exchange: the whole hand to the discard pile, then draw 4.
    fn apply_exchange<R: Rng>(&mut self, rng: &mut R) {
        let m = self.mover;
        let d = self.discard_len as usize;
        self.discard[d..d + HAND].copy_from_slice(&self.hands[m]);
        self.discard_len += HAND as u8;
        let mut hand = [0u8; HAND];
        for slot in &mut hand {
            *slot = self.draw_card(rng);
        }
        self.hands[m] = sort4(hand);
        self.end_turn();
    }

    /// Takes the top card of the draw pile, first shuffling the discard pile
    /// into a new draw pile if the draw pile is empty.
    #[inline]
    fn draw_card<R: Rng>(&mut self, rng: &mut R) -> u8 {
        if self.draw_len == 0 {
            self.reshuffle(rng);
        }
        self.draw_len -= 1;
        self.draw[self.draw_len as usize]
    }

    /// The whole discard pile, shuffled, becomes the (empty) draw pile.
    #[cold]
    fn reshuffle<R: Rng>(&mut self, rng: &mut R) {
        let n = self.discard_len as usize;
        assert!(n > 0, "no card left to draw");
        self.draw[..n].copy_from_slice(&self.discard[..n]);
        shuffle(&mut self.draw[..n], rng);
        self.draw_len = n as u8;
        self.discard_len = 0;
    }

    /// Recomputes who owns `cell` and who may place there.
    #[inline]
    fn update_cell(&mut self, cell: usize) {
        let [a, b, c, d] = self.stones[cell];
        // The most stones among the seats other than each seat (absent seats
        // hold 0 everywhere, which changes no maximum).
        let (ab, cd) = (a.max(b), c.max(d));
        let others = [b.max(cd), a.max(cd), d.max(ab), c.max(ab)];
        let keep = !(1u64 << cell);
        let number = FIELD[cell] as usize;
        for (p, (&mine, &most)) in self.stones[cell].iter().zip(&others).enumerate() {
            let owns = u64::from(mine > most);
            self.own[p] = self.own[p] & keep | owns << cell;
            self.open[p][number] = u8::from(mine.abs_diff(most) < 2);
        }
    }

    /// Counts the turn; after the last round, scores the game; otherwise
    /// passes the turn.
    #[inline]
    fn end_turn(&mut self) {
        self.turns += 1;
        if self.turns >= self.max_turns() {
            self.finish();
        } else {
            self.mover += 1;
            if self.mover == self.seats {
                self.mover = 0;
            }
        }
    }

    /// Ends the game on points: the highest score wins; among tied seats the
    /// one owning the highest-numbered field; if none of them owns a field,
    /// a draw.
    fn finish(&mut self) {
        self.over = true;
        let scores = self.score_array();
        let best = scores.iter().copied().max().unwrap_or(0);
        let tied = (0..self.seats).filter(|&s| scores[s] == best);
        let (high, seat) = tied
            .map(|s| (self.highest_field(s), s))
            .max()
            .expect("at least one seat");
        self.winner = (high > 0).then_some(seat);
    }
}

impl PartialEq for JustFourFun {
    fn eq(&self, other: &Self) -> bool {
        // `own` and `open` follow from the stones, so need no comparison.
        self.seats == other.seats
            && self.stones == other.stones
            && (0..self.seats).all(|s| self.hand(s) == other.hand(s))
            && self.draw_pile() == other.draw_pile()
            && self.discard_pile() == other.discard_pile()
            && self.supply == other.supply
            && (self.mover, self.turns) == (other.mover, other.turns)
            && (self.over, self.winner) == (other.over, other.winner)
    }
}

impl Eq for JustFourFun {}

/// Whether `c` is the value of a card (1 to 19).
fn is_card(c: u8) -> bool {
    (1..=19).contains(&c)
}

/// The set bits of `b`, lowest first.
fn bits(mut b: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let c = b.trailing_zeros() as usize;
            b &= b - 1;
            c
        })
    })
}

/// Sorts 4 cards ascending with a branch-free sorting network.
#[inline]
fn sort4(mut h: [u8; HAND]) -> [u8; HAND] {
    for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        let (lo, hi) = (h[i].min(h[j]), h[i].max(h[j]));
        h[i] = lo;
        h[j] = hi;
    }
    h
}

/// Shuffles `cards` uniformly (Fisher-Yates from the end, `below` for each
/// swap partner).
fn shuffle<R: Rng>(cards: &mut [u8], rng: &mut R) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// Plays uniformly random legal moves from the current position (the caller
/// resets or clones the start beforehand) until the game ends, and returns
/// the number of turns played in the game.
pub fn random_playout<R: Rng>(game: &mut JustFourFun, buf: &mut Vec<Move>, rng: &mut R) -> u32 {
    while !game.over {
        game.play_random(buf, rng);
    }
    game.turns
}

/// Uniform integer in `0..n` (`n > 0`) by Lemire's multiply-and-reject method.
///
/// Unbiased like `gen_range`, but one multiplication in the common case.
#[inline]
fn below<R: Rng>(rng: &mut R, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    // Unused when the file is compiled into a bench without the test harness.
    use rand::rngs::SmallRng;
    #[allow(unused_imports)]
    use rand::SeedableRng;

    /// All 36 cells as a bitboard.
    const ALL: u64 = (1 << CELLS) - 1;

    /// Whether `owned` covers one of the 54 windows: `has_line` the slow way.
    fn covers_window(owned: u64) -> bool {
        // Not `owned & window == window`, which clippy 1.95's `manual_contains`
        // misreads as a search for `owned & window`.
        WINDOWS.iter().any(|&window| window & !owned == 0)
    }

    /// Seats by colour, as in the rules.
    const YELLOW: usize = 0;
    const RED: usize = 1;
    const PINK: usize = 2;

    impl JustFourFun {
        /// Puts `n` stones of `seat` on the field numbered `field`, bypassing
        /// turns, cards and legality (supply still pays), so scenarios can be
        /// built directly.
        fn put(&mut self, field: u8, seat: usize, n: u8) {
            let c = cell_of_number(field);
            self.stones[c][seat] += n;
            self.supply[seat] -= n;
            self.update_cell(c);
        }

        /// Gives `seat` exactly the hand `cards`, keeping the 55 cards whole:
        /// its old hand goes to the bottom of the draw pile, each card comes
        /// from the draw pile, or else from another seat's hand, which gets a
        /// card of another value from the draw pile instead.
        fn give(&mut self, seat: usize, cards: &[u8]) {
            let mut pile = self.draw_pile().to_vec();
            pile.splice(0..0, self.hand(seat).to_vec());
            for &v in cards {
                if let Some(i) = pile.iter().position(|&c| c == v) {
                    pile.remove(i);
                    continue;
                }
                let other = (0..self.seats)
                    .find(|&s| s != seat && self.hand(s).contains(&v))
                    .expect("card somewhere");
                let j = pile
                    .iter()
                    .position(|c| !cards.contains(c))
                    .expect("a spare card");
                let spare = pile.remove(j);
                let mut hand = self.hand(other).to_vec();
                let k = hand.iter().position(|&c| c == v).unwrap();
                hand[k] = spare;
                self.set_hand(other, &hand);
            }
            self.set_draw_pile(&pile);
            self.set_hand(seat, cards);
        }
    }

    /// A game with the deck in ascending order, `first` to move.
    fn ordered(seats: usize, first: usize) -> JustFourFun {
        JustFourFun::from_deal(seats, first, &DECK)
    }

    /// The play of `cards` (any order) on the field their sum names.
    fn play_of(cards: &[u8]) -> Move {
        let mut c = [0u8; 4];
        c[..cards.len()].copy_from_slice(cards);
        c[..cards.len()].sort_unstable();
        let sum: u8 = cards.iter().sum();
        Move::Play {
            cards: c,
            count: cards.len() as u8,
            field: cell_of_number(sum) as u8,
        }
    }

    /// The legal moves in a fresh vector.
    fn moves(g: &JustFourFun) -> Vec<Move> {
        let mut out = Vec::new();
        g.legal_moves(&mut out);
        out
    }

    /// Every legal move, built from the rules as stated: all ways to choose
    /// 1 to 4 hand cards (by index), kept once per multiset of values, whose
    /// sum is a field where the mover is not 2 behind anyone and that nobody
    /// has locked; sorted.
    fn brute_force(g: &JustFourFun) -> Vec<Move> {
        if g.is_over() {
            return Vec::new();
        }
        let hand = g.hand(g.mover());
        let mut sets: Vec<Vec<u8>> = Vec::new();
        for pick in 1u32..1 << hand.len() {
            let mut set: Vec<u8> = (0..hand.len())
                .filter(|&i| pick >> i & 1 == 1)
                .map(|i| hand[i])
                .collect();
            set.sort_unstable();
            if !sets.contains(&set) {
                sets.push(set);
            }
        }
        let me = g.mover();
        let mut out: Vec<Move> = sets
            .iter()
            .filter(|set| {
                let sum: u32 = set.iter().map(|&v| u32::from(v)).sum();
                if !(1..=36).contains(&sum) || g.supply(me) == 0 {
                    return false;
                }
                let c = cell_of_number(sum as u8);
                let mine = g.stones(c, me);
                let behind = (0..g.seats()).any(|o| o != me && g.stones(c, o) >= mine + 2);
                !behind && !g.is_locked(c)
            })
            .map(|set| play_of(set))
            .collect();
        if out.is_empty() {
            out.push(Move::Exchange);
        }
        out.sort_by(|a, b| a.played().cmp(b.played()));
        out
    }

    /// Checks card and stone conservation and the bitboards against the stones.
    fn check_invariants(g: &JustFourFun) {
        let mut all: Vec<u8> = (0..g.seats()).flat_map(|s| g.hand(s).to_vec()).collect();
        all.extend_from_slice(g.draw_pile());
        all.extend_from_slice(g.discard_pile());
        all.sort_unstable();
        assert_eq!(all, DECK, "the 55 cards");
        for s in 0..g.seats() {
            let on_board: u32 = (0..CELLS).map(|c| u32::from(g.stones(c, s))).sum();
            assert_eq!(
                on_board + u32::from(g.supply(s)),
                u32::from(STONES),
                "stones of {s}"
            );
            let hand = g.hand(s);
            assert!(hand.windows(2).all(|w| w[0] <= w[1]), "hand sorted");
            if !g.is_over() {
                assert_eq!(hand.len(), HAND, "a full hand between turns");
            }
        }
        for c in 0..CELLS {
            let locked = g.is_locked(c);
            for s in 0..g.seats() {
                let mine = g.stones(c, s);
                let most_other = (0..g.seats())
                    .filter(|&o| o != s)
                    .map(|o| g.stones(c, o))
                    .max()
                    .unwrap_or(0);
                assert_eq!(g.owner(c) == Some(s), mine > most_other, "owner of {c}");
                let allowed = most_other < mine + 2 && !locked;
                assert_eq!(g.may_place(c, s), allowed, "may {s} place on {c}");
            }
            for s in g.seats()..MAX_SEATS {
                assert_eq!(g.stones[c][s], 0);
            }
        }
        assert!(g.turns() <= g.max_turns(), "at most 20 rounds");
        if g.is_over() {
            return;
        }
        // Nobody has a line while the game goes on.
        for s in 0..g.seats() {
            assert!(!covers_window(g.own[s]), "line of {s}");
        }
    }

    /// The result of a game that ended on points, from the rules as stated.
    fn points_result(g: &JustFourFun) -> Option<usize> {
        let scores = g.scores();
        let best = *scores.iter().max().unwrap();
        let tied: Vec<usize> = (0..g.seats()).filter(|&s| scores[s] == best).collect();
        let owned_max = |s: usize| {
            (0..CELLS)
                .filter(|&c| g.owner(c) == Some(s))
                .map(field_number)
                .max()
        };
        let best_field = tied.iter().filter_map(|&s| owned_max(s)).max()?;
        tied.into_iter().find(|&s| owned_max(s) == Some(best_field))
    }

    #[test]
    fn deck_has_55_cards() {
        assert_eq!(DECK.len(), 55);
        for v in 1..=12u8 {
            assert_eq!(DECK.iter().filter(|&&c| c == v).count(), 4);
        }
        for v in 13..=19u8 {
            assert_eq!(DECK.iter().filter(|&&c| c == v).count(), 1);
        }
    }

    #[test]
    fn field_numbers_follow_reading_order() {
        assert_eq!(field_number(parse_cell("a6").unwrap()), 1);
        assert_eq!(field_number(parse_cell("f6").unwrap()), 6);
        assert_eq!(field_number(parse_cell("a1").unwrap()), 31);
        assert_eq!(field_number(parse_cell("f1").unwrap()), 36);
        assert_eq!(field_number(0), 31);
        assert_eq!(field_number(5), 36);
        assert_eq!(field_number(30), 1);
        assert_eq!(field_number(35), 6);
        for c in 0..CELLS {
            assert_eq!(field_number(c), ((5 - c / 6) * 6 + c % 6 + 1) as u8);
            assert_eq!(cell_of_number(field_number(c)), c);
            assert_eq!(parse_cell(&cell_label(c)), Some(c));
        }
        assert_eq!(parse_cell("g1"), None);
        assert_eq!(parse_cell("a7"), None);
    }

    #[test]
    fn windows_and_line_test_agree() {
        assert_eq!(WINDOWS.iter().filter(|w| w.count_ones() == 4).count(), 54);
        let mut sorted = WINDOWS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 54, "distinct windows");
        assert_eq!(lines_through(0).count(), 3);
        // c3: 3 across, 3 up, 3 along the diagonal, 2 along the other.
        assert_eq!(
            lines_through(parse_cell("c3").unwrap()).count(),
            3 + 3 + 3 + 2
        );
        assert_eq!(
            (0..CELLS).map(|c| lines_through(c).count()).sum::<usize>(),
            54 * 4
        );
        for &w in WINDOWS.iter() {
            assert!(has_line(w));
            // Three of the four cells are never a line.
            for c in bits(w) {
                assert!(!has_line(w & !(1 << c)));
            }
        }
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..20_000 {
            // Sparse random boards, so both answers happen often.
            let b = rng.gen::<u64>() & rng.gen::<u64>() & ALL;
            let expected = covers_window(b);
            assert_eq!(has_line(b), expected, "{b:#x}");
        }
    }

    #[test]
    fn from_deal_deals_in_seat_order() {
        let mut deck = DECK;
        deck.reverse();
        let g = JustFourFun::from_deal(3, 2, &deck);
        assert_eq!(g.hand(0), &[16, 17, 18, 19]);
        assert_eq!(g.hand(1), &[12, 13, 14, 15]);
        assert_eq!(g.hand(2), &[11, 12, 12, 12]);
        assert_eq!(g.mover(), 2);
        assert_eq!(g.draw_pile().len(), 55 - 12);
        assert_eq!(g.draw_pile().last(), Some(&deck[12]), "top is last");
        assert_eq!(g.draw_pile()[0], deck[54]);
        assert!(g.discard_pile().is_empty());
        assert_eq!((0..3).map(|s| g.supply(s)).collect::<Vec<_>>(), [20; 3]);
        check_invariants(&g);
    }

    #[test]
    fn new_shuffles_and_picks_every_first_seat() {
        let mut rng = SmallRng::seed_from_u64(11);
        let mut firsts = [0u32; 4];
        let mut differ = false;
        let first_hand = JustFourFun::new(4, &mut rng).hand(0).to_vec();
        for _ in 0..400 {
            let g = JustFourFun::new(4, &mut rng);
            check_invariants(&g);
            firsts[g.mover()] += 1;
            differ |= g.hand(0) != first_hand;
        }
        assert!(firsts.iter().all(|&n| n > 50), "{firsts:?}");
        assert!(differ);
    }

    #[test]
    fn random_games_conserve_cards_and_stones_and_end_in_time() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buf = Vec::new();
        for seats in 2..=4 {
            let (mut wins, mut draws, mut on_points) = (0, 0, 0);
            for _ in 0..150 {
                let mut g = JustFourFun::new(seats, &mut rng);
                check_invariants(&g);
                while !g.is_over() {
                    let before = g.turns();
                    let mover = g.mover();
                    g.legal_moves(&mut buf);
                    let mut ours = buf.clone();
                    ours.sort_by(|a, b| a.played().cmp(b.played()));
                    assert_eq!(ours, brute_force(&g), "legal moves as a set");
                    let m = buf[below(&mut rng, buf.len() as u32) as usize];
                    g.play(m, &mut rng);
                    check_invariants(&g);
                    assert_eq!(g.turns(), before + 1);
                    if !g.is_over() {
                        assert_eq!(g.mover(), (mover + 1) % seats);
                    } else {
                        assert_eq!(g.mover(), mover, "the last mover stays");
                    }
                }
                assert!(g.turns() <= ROUNDS * seats as u32);
                let mut none = Vec::new();
                g.legal_moves(&mut none);
                assert!(none.is_empty(), "no moves once over");
                match g.winner() {
                    Some(w) if g.turns() < g.max_turns() => {
                        assert!(covers_window(g.own[w]), "a line wins");
                        wins += 1;
                    }
                    _ => {
                        assert_eq!(g.turns(), g.max_turns());
                        let lined = covers_window(g.own[g.mover()]);
                        if lined {
                            // A line on the very last turn.
                            assert_eq!(g.winner(), Some(g.mover()));
                            wins += 1;
                        } else {
                            assert_eq!(g.winner(), points_result(&g));
                            on_points += 1;
                            draws += usize::from(g.winner().is_none());
                        }
                    }
                }
            }
            // Both endings happen with every seat count.
            assert!(
                wins > 0 && on_points > 0,
                "{seats}: {wins} {on_points} {draws}"
            );
        }
    }

    #[test]
    fn random_playout_matches_play_random_and_legal_moves() {
        let mut rng = SmallRng::seed_from_u64(21);
        let mut buf = Vec::new();
        for seats in 2..=4 {
            for seed in 0..50 {
                let start = JustFourFun::new(seats, &mut rng);
                // play_random draws its index in legal_moves order.
                let mut a = start.clone();
                let mut b = start.clone();
                let mut ra = SmallRng::seed_from_u64(seed);
                let mut rb = SmallRng::seed_from_u64(seed);
                while !a.is_over() {
                    a.play_random(&mut buf, &mut ra);
                    b.legal_moves(&mut buf);
                    let m = if buf == [Move::Exchange] {
                        Move::Exchange
                    } else {
                        buf[below(&mut rb, buf.len() as u32) as usize]
                    };
                    b.play(m, &mut rb);
                    assert_eq!(a, b);
                }
                let mut c = start.clone();
                let mut rc = SmallRng::seed_from_u64(seed);
                let turns = random_playout(&mut c, &mut buf, &mut rc);
                assert_eq!(c, a);
                assert_eq!(turns, a.turns());
                assert!(turns <= 20 * seats as u32);
            }
        }
    }

    #[test]
    fn moves_are_distinct_multisets() {
        let mut g = ordered(2, 0);
        g.give(0, &[5, 5, 3, 2]);
        let ms = moves(&g);
        let sets: Vec<&[u8]> = ms.iter().map(|m| m.played()).collect();
        assert_eq!(
            sets,
            [
                &[2][..],
                &[3],
                &[2, 3],
                &[5],
                &[2, 5],
                &[3, 5],
                &[2, 3, 5],
                &[5, 5],
                &[2, 5, 5],
                &[3, 5, 5],
                &[2, 3, 5, 5],
            ],
            "slot-mask order, one move per multiset"
        );
        assert_eq!(ms, brute_force_in_order(&g));
        // Four equal cards: one move per count.
        let mut g = ordered(2, 0);
        g.give(0, &[7, 7, 7, 7]);
        let sets: Vec<Vec<u8>> = moves(&g).iter().map(|m| m.played().to_vec()).collect();
        assert_eq!(sets, [vec![7], vec![7, 7], vec![7, 7, 7], vec![7, 7, 7, 7]]);
        // Different sets with the same sum are different moves on one field.
        let mut g = ordered(2, 0);
        g.give(0, &[1, 4, 2, 3]);
        let five: Vec<Move> = moves(&g)
            .into_iter()
            .filter(|m| matches!(m, Move::Play { field, .. } if field_number(*field as usize) == 5))
            .collect();
        assert_eq!(five, [play_of(&[2, 3]), play_of(&[1, 4])]);
    }

    /// `brute_force` sorted into the slot-mask order of `legal_moves`.
    fn brute_force_in_order(g: &JustFourFun) -> Vec<Move> {
        let mut b = brute_force(g);
        b.sort_by_key(|m| g.mask_of(m.played()).unwrap());
        b
    }

    #[test]
    fn cards_5_11_13_place_on_field_29() {
        let mut g = ordered(2, 0);
        g.give(0, &[13, 5, 11, 1]);
        let m = play_of(&[5, 11, 13]);
        assert_eq!(
            m,
            Move::Play {
                cards: [5, 11, 13, 0],
                count: 3,
                field: cell_of_number(29) as u8,
            }
        );
        assert_eq!(notation(&m), "5+11+13 e2 (29)");
        assert!(moves(&g).contains(&m));
        let top3: Vec<u8> = g.draw_pile().iter().rev().take(3).copied().collect();
        let mut rng = SmallRng::seed_from_u64(0);
        g.play(m, &mut rng);
        let c = cell_of_number(29);
        assert_eq!(c, parse_cell("e2").unwrap());
        assert_eq!(g.stones(c, 0), 1);
        assert_eq!(g.owner(c), Some(0));
        assert_eq!(g.supply(0), 19);
        assert_eq!(g.discard_pile(), &[5, 11, 13]);
        let mut expected = vec![1];
        expected.extend(top3);
        expected.sort_unstable();
        assert_eq!(g.hand(0), expected, "kept card plus the top 3 drawn");
        assert_eq!((g.mover(), g.turns()), (1, 1));
        check_invariants(&g);
    }

    #[test]
    fn two_ahead_blocks_one_ahead_does_not() {
        // Yellow 2, red 1 on field 12: pink cannot place on 12, red can.
        let mut g = ordered(3, RED);
        g.put(12, YELLOW, 2);
        g.put(12, RED, 1);
        let twelve = play_of(&[12]);
        g.give(RED, &[12, 1, 2, 3]);
        g.give(PINK, &[12, 1, 2, 3]);
        assert!(!g.is_locked(cell_of_number(12)));
        assert!(g.is_legal(&twelve), "red is only 1 behind");
        assert!(moves(&g).contains(&twelve));
        assert_eq!(g.owner(cell_of_number(12)), Some(YELLOW));
        let mut rng = SmallRng::seed_from_u64(0);
        g.play(twelve, &mut rng);
        // A tie 2-2: nobody owns the field any more.
        assert_eq!(g.owner(cell_of_number(12)), None);
        // Now pink is 2 behind both.
        assert_eq!(g.mover(), PINK);
        assert!(!g.is_legal(&twelve), "pink is 2 behind");
        assert!(!moves(&g).contains(&twelve));
        assert!(moves(&g).contains(&play_of(&[1, 2])));
        check_invariants(&g);
    }

    #[test]
    fn pink_behind_yellow_2_red_1_cannot_place() {
        let mut g = ordered(3, PINK);
        g.put(12, YELLOW, 2);
        g.put(12, RED, 1);
        g.give(PINK, &[12, 6, 5, 1]);
        let ms = moves(&g);
        assert!(!ms.contains(&play_of(&[12])));
        assert!(!ms.contains(&play_of(&[6, 5, 1])));
        assert!(ms.contains(&play_of(&[6])));
        assert_eq!(ms, brute_force_in_order(&g));
    }

    #[test]
    fn two_ahead_of_all_locks_the_field_even_for_the_leader() {
        // Yellow 2, red 0, pink 0 on field 12: locked.
        let mut g = ordered(3, YELLOW);
        g.put(12, YELLOW, 2);
        let c = cell_of_number(12);
        assert!(g.is_locked(c));
        assert_eq!(g.owner(c), Some(YELLOW));
        g.give(YELLOW, &[12, 1, 2, 3]);
        assert!(!g.is_legal(&play_of(&[12])), "not even yellow");
        assert!(!moves(&g).contains(&play_of(&[12])));
        for seat in 0..3 {
            assert!(!g.may_place(c, seat));
        }
        // Two seats with 2 and one with 1 is not locked: the 1 may place.
        let mut g = ordered(3, PINK);
        g.put(12, YELLOW, 2);
        g.put(12, PINK, 1);
        assert!(!g.is_locked(c));
        assert!(g.may_place(c, PINK));
        assert!(!g.may_place(c, RED));
        // A lead of 3 over the second is locked too.
        let mut g = ordered(2, 0);
        g.put(12, 0, 4);
        g.put(12, 1, 1);
        assert!(g.is_locked(c));
        assert!(!g.may_place(c, 0) && !g.may_place(c, 1));
    }

    #[test]
    fn no_legal_placement_forces_the_exchange() {
        // Hand 13, 14, 15, 16: sums 13..16 and 27..31; red and pink lock all
        // of them, alternating so that neither has a line.
        let mut g = ordered(3, YELLOW);
        for f in [13, 15, 27, 29, 31] {
            g.put(f, RED, 2);
        }
        for f in [14, 16, 28, 30] {
            g.put(f, PINK, 2);
        }
        g.give(YELLOW, &[16, 14, 13, 15]);
        assert_eq!(moves(&g), [Move::Exchange]);
        assert_eq!(brute_force(&g), [Move::Exchange]);
        assert!(g.is_legal(&Move::Exchange));
        assert!(!g.is_legal(&play_of(&[13])));
        let top4: Vec<u8> = g.draw_pile().iter().rev().take(4).copied().collect();
        let discarded = g.discard_pile().len();
        let mut rng = SmallRng::seed_from_u64(0);
        g.play(Move::Exchange, &mut rng);
        assert_eq!(g.turns(), 1, "the exchange is a turn");
        assert_eq!(g.mover(), RED);
        assert_eq!(&g.discard_pile()[discarded..], &[13, 14, 15, 16]);
        let mut expected = top4;
        expected.sort_unstable();
        assert_eq!(g.hand(YELLOW), expected);
        assert_eq!(g.supply(YELLOW), 20, "no stone placed");
        check_invariants(&g);
        // The exchange is illegal when a play exists.
        assert!(!g.is_legal(&Move::Exchange) || moves(&g) == [Move::Exchange]);
        let mut h = ordered(2, 0);
        h.give(0, &[1, 2, 3, 4]);
        assert!(!h.is_legal(&Move::Exchange));
    }

    #[test]
    fn empty_supply_allows_no_placement() {
        let mut g = ordered(2, 0);
        g.supply[0] = 0;
        assert_eq!(moves(&g), [Move::Exchange]);
    }

    #[test]
    fn placing_can_take_ownership_away() {
        let mut g = ordered(2, 1);
        g.put(7, 0, 1);
        assert_eq!(g.owner(cell_of_number(7)), Some(0));
        g.give(1, &[7, 1, 1, 1]);
        let mut rng = SmallRng::seed_from_u64(0);
        g.play(play_of(&[7]), &mut rng);
        assert_eq!(g.owner(cell_of_number(7)), None);
        assert_eq!(g.scores(), [0, 0]);
    }

    /// Cards whose sum is field number `n`, ascending: the card itself up to
    /// 19, else the rest and 19.
    fn cards_for(n: u8) -> Vec<u8> {
        if n <= 19 {
            vec![n]
        } else {
            vec![n - 19, 19]
        }
    }

    #[test]
    fn four_owned_in_a_line_wins_at_once_without_drawing() {
        for window in [
            ["a1", "b1", "c1", "d1"],
            ["c1", "c2", "c3", "c4"],
            ["b2", "c3", "d4", "e5"],
            ["f1", "e2", "d3", "c4"],
            ["e6", "d5", "c4", "b3"],
        ] {
            let mut g = ordered(3, RED);
            for label in &window[..3] {
                g.put(field_number(parse_cell(label).unwrap()), RED, 1);
            }
            let last = field_number(parse_cell(window[3]).unwrap());
            let winning = cards_for(last);
            let mut hand = winning.clone();
            hand.resize(4, 12);
            g.give(RED, &hand);
            let pile = g.draw_pile().to_vec();
            let mut rng = SmallRng::seed_from_u64(0);
            g.play(play_of(&winning), &mut rng);
            assert!(g.is_over(), "{window:?}");
            assert_eq!(g.winner(), Some(RED));
            assert_eq!(g.turns(), 1);
            assert_eq!(g.mover(), RED);
            assert_eq!(g.draw_pile(), pile, "no drawing after a win");
            assert_eq!(g.hand(RED), &hand[winning.len()..]);
            assert_eq!(g.discard_pile(), winning);
            let mut buf = Vec::new();
            g.legal_moves(&mut buf);
            assert!(buf.is_empty());
            check_invariants(&g);
        }
        // A bent four is no line: a1 b1 c1 and d2.
        let mut g = ordered(2, 0);
        for f in [31, 32, 33] {
            g.put(f, 0, 1);
        }
        g.give(0, &[19, 9, 12, 12]);
        let mut rng = SmallRng::seed_from_u64(0);
        assert_eq!(cell_of_number(28), parse_cell("d2").unwrap());
        g.play(play_of(&[19, 9]), &mut rng);
        assert!(!g.is_over());
        // Nor is a line of 4 with one field only tied.
        let mut g = ordered(2, 0);
        for f in [31, 32, 33] {
            g.put(f, 0, 1);
        }
        g.put(34, 1, 2);
        g.put(34, 0, 1);
        g.give(0, &[1, 1, 1, 1]);
        g.play(play_of(&[1]), &mut rng);
        assert!(!g.is_over());
    }

    #[test]
    fn the_draw_pile_reshuffles_the_discards_when_empty() {
        let mut g = ordered(2, 0);
        g.give(0, &[1, 2, 3, 4]);
        // Move every card of the draw pile but one to the discard pile.
        let pile = g.draw_pile().to_vec();
        let (keep, rest) = pile.split_at(pile.len() - 1);
        g.set_draw_pile(rest);
        g.set_discard_pile(keep);
        let top = rest[0];
        let mut rng = SmallRng::seed_from_u64(5);
        g.play(play_of(&[1, 2]), &mut rng);
        // One card from the old pile, then the discards (the 1 and 2 just
        // played included) became the new draw pile and one came from it.
        assert!(g.discard_pile().is_empty());
        assert_eq!(g.draw_pile().len(), keep.len() + 2 - 1);
        let hand = g.hand(0).to_vec();
        assert!(hand.contains(&top));
        check_invariants(&g);
        // An empty draw pile reshuffles before the first card.
        let mut g = ordered(2, 0);
        g.give(0, &[1, 2, 3, 4]);
        let pile = g.draw_pile().to_vec();
        g.set_draw_pile(&[]);
        g.set_discard_pile(&pile);
        g.play(play_of(&[4]), &mut rng);
        assert_eq!(g.draw_pile().len(), pile.len());
        assert!(g.discard_pile().is_empty());
        check_invariants(&g);
    }

    /// A 2-seat game about to play its last turn (the 40th), seat 0 to move.
    fn last_turn() -> JustFourFun {
        let mut g = ordered(2, 0);
        g.turns = g.max_turns() - 1;
        g
    }

    #[test]
    fn points_tie_goes_to_the_highest_owned_field() {
        // Seat 0 owns 10, seat 1 owns 15; seat 0 ends on 5: 15 all, and the
        // highest field owned, 15, is seat 1's.
        let mut g = last_turn();
        g.put(10, 0, 1);
        g.put(15, 1, 1);
        g.give(0, &[5, 19, 18, 17]);
        let mut rng = SmallRng::seed_from_u64(0);
        g.play(play_of(&[5]), &mut rng);
        assert!(g.is_over());
        assert_eq!(g.turns(), 40);
        assert_eq!(g.scores(), [15, 15]);
        assert_eq!((g.highest_field(0), g.highest_field(1)), (10, 15));
        assert_eq!(g.winner(), Some(1));
        assert_eq!(g.mover(), 0, "the last mover stays");
        // Without the tie the higher score wins.
        let mut g = last_turn();
        g.put(10, 0, 1);
        g.put(15, 1, 1);
        g.give(0, &[6, 19, 18, 17]);
        g.play(play_of(&[6]), &mut rng);
        assert_eq!(g.scores(), [16, 15]);
        assert_eq!(g.winner(), Some(0));
    }

    #[test]
    fn points_tie_with_three_seats_ignores_the_untied_seat() {
        // Seat 2 owns the highest field, 19, but fewer points than seats 0
        // and 1, who tie on 20: seat 0's 12 beats seat 1's 11.
        let mut g = ordered(3, 0);
        g.turns = g.max_turns() - 1;
        g.put(12, 0, 1);
        g.put(11, 1, 1);
        g.put(9, 1, 1);
        g.put(19, 2, 1);
        g.give(0, &[8, 5, 5, 5]);
        let mut rng = SmallRng::seed_from_u64(0);
        g.play(play_of(&[8]), &mut rng);
        assert!(g.is_over());
        assert_eq!(g.turns(), 60);
        assert_eq!(g.scores(), [20, 20, 19]);
        assert_eq!(g.winner(), Some(0));
    }

    #[test]
    fn nobody_owning_anything_is_a_draw() {
        let mut g = last_turn();
        g.put(5, 1, 1);
        g.give(0, &[5, 19, 18, 17]);
        let mut rng = SmallRng::seed_from_u64(0);
        g.play(play_of(&[5]), &mut rng);
        assert!(g.is_over());
        assert_eq!(g.scores(), [0, 0]);
        assert_eq!(g.winner(), None);
        // An exchange as the last turn ends the game too.
        let mut g = last_turn();
        g.supply[0] = 0;
        g.play(Move::Exchange, &mut rng);
        assert!(g.is_over());
        assert_eq!(g.turns(), 40);
        assert_eq!(g.winner(), None);
    }

    #[test]
    fn illegal_moves_are_rejected() {
        let mut g = ordered(2, 0);
        g.give(0, &[5, 5, 3, 2]);
        let field = |n: u8| cell_of_number(n) as u8;
        let bad = [
            // Not in the hand.
            play_of(&[4]),
            play_of(&[5, 5, 5]),
            // Wrong field for the sum.
            Move::Play {
                cards: [5, 0, 0, 0],
                count: 1,
                field: field(6),
            },
            // Unsorted, or stray values past `count`.
            Move::Play {
                cards: [5, 3, 0, 0],
                count: 2,
                field: field(8),
            },
            Move::Play {
                cards: [5, 3, 0, 0],
                count: 1,
                field: field(5),
            },
            // No cards.
            Move::Play {
                cards: [0; 4],
                count: 0,
                field: field(1),
            },
            // A play exists, so no exchange.
            Move::Exchange,
        ];
        for m in bad {
            assert!(!g.is_legal(&m), "{m:?}");
        }
        assert!(g.is_legal(&play_of(&[5, 5, 3, 2])));
        // Sums above 36 name no field.
        let mut g = ordered(2, 0);
        g.give(0, &[19, 18, 1, 1]);
        assert!(moves(&g)
            .iter()
            .all(|m| m.played().iter().map(|&v| u32::from(v)).sum::<u32>() <= 36));
        assert!(!moves(&g).iter().any(|m| m.played() == [18, 19]));
    }

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[below(&mut rng, 7) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
        assert!((0..1000).all(|_| below(&mut rng, 1) == 0));
    }

    #[test]
    fn shuffle_is_roughly_uniform() {
        let mut rng = SmallRng::seed_from_u64(8);
        let mut counts = [[0u32; 4]; 4];
        for _ in 0..40_000 {
            let mut a = [0u8, 1, 2, 3];
            shuffle(&mut a, &mut rng);
            for (pos, &v) in a.iter().enumerate() {
                counts[v as usize][pos] += 1;
            }
        }
        assert!(
            counts
                .iter()
                .flatten()
                .all(|&c| (9_400..10_600).contains(&c)),
            "{counts:?}"
        );
    }
}
