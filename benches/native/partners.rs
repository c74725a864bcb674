//! Hand-written native implementation of Partners (rules:
//! `docs/games/partners.md`).
//!
//! It serves two purposes: it is the speed ceiling that the interpreter's
//! random playouts are benchmarked against, and an independent reference for
//! cross-checking the interpreter move by move (sorted lists of move texts).
//! Cell ids and move texts therefore follow the interpreter's conventions:
//!
//! - seats 0..3 are Yellow, Red, Blue, Green, clockwise; partners are `s ^ 2`;
//! - ring spaces `0..60`: seat `s`'s start space is `15 * s`, its numbered
//!   spaces `15 * s + k` (`k = 1..=14`), labelled `Y0`, `Y1` .. `Y14`;
//! - homes `60 + s` (`Yh`), end zones `64 + 4 * s + k - 1` (`Ye1` outermost to
//!   `Ye4` innermost);
//! - moves read `5 Y3-Y8`, `1 Y3-R3` (14 forward: R0 is not counted),
//!   `start Yh-Y0`, `-4 Y2-G12`, `7 R2-R6 Y8-Y9 Y3-Y5` (Yellow's parts,
//!   in the order played), `switch A B` (A's id first), `pass`,
//!   `give CARD`; TO is where the walk ends, before a landing sends anybody
//!   home.
//!
//! The board keeps, per cell, how many movers stand there and their colour
//! (two colours never share a cell), per colour the cells of its 4 movers and
//! a bitmask of its end zone, so a move touches two or three cells and
//! generation iterates over at most 4 cells per colour. A walk that stays on
//! the ring is computed at once (14 spaces cross at most one start space);
//! one that reaches or starts in the end zone is stepped space by space, which
//! keeps the entering, turning and walking-back rules in one readable place.
//! A 7 split is searched depth first over every order of parts (any mover
//! not moved yet may take the next part), each part played on a copy of the
//! `Board` (under 200 bytes); a split that leaves a position listed before
//! is dropped.
//!
//! Cards are dense codes `0..14` in the order of `NAMES`. Hands are kept
//! sorted, so that the copies of a kind are adjacent (one move per distinct
//! kind). The current shuffle is a fixed array read from the front; the
//! discard pile grows at its end. Nothing is allocated while moves are
//! generated and played, given a reused move buffer.
//!
//! Choices the rules leave open, as fixed for the interpreter:
//! - a walk may not step onto an occupied end space in either direction:
//!   forward it turns there, backward (after turning) the move is illegal;
//! - a walk may end where it began (it turned back exactly), and is then a
//!   legal move that changes nothing;
//! - split moves are one per position they leave (parts in another order,
//!   a mover relayed by another of its colour, or parts of different sizes
//!   that turn back to the same space, are one move); its text is the first
//!   order of parts the search finds.

// A bench and the cross-check tests each use a different subset of this API;
// the unused remainder must not trip `-D warnings` in either of them.
#![allow(dead_code)]

use rand::Rng;

/// Seats, which are also the colours: Yellow, Red, Blue, Green.
pub const SEATS: usize = 4;

/// Movers per colour.
pub const MOVERS: usize = 4;

/// Spaces in one seat's segment of the ring: the start space and 14 more.
pub const SEGMENT: usize = 15;

/// Ring spaces: cells `0..RING`.
pub const RING: usize = SEATS * SEGMENT;

/// Seat `s`'s home is cell `HOME + s`.
pub const HOME: usize = RING;

/// Seat `s`'s end space `k` (1 to 4) is cell `END + 4 * s + k - 1`.
pub const END: usize = HOME + SEATS;

/// Spaces in an end zone.
pub const END_SPACES: usize = 4;

/// Number of cells.
pub const CELLS: usize = END + SEATS * END_SPACES;

/// Card kinds.
pub const KINDS: usize = 14;

/// Cards in the deck: 4 of each kind.
pub const DECK_SIZE: usize = 4 * KINDS;

/// Cards a deal gives each seat.
pub const HAND: usize = 4;

/// Cards one deal uses.
const DEAL: usize = SEATS * HAND;

/// Deals a dealer makes from one shuffle before the next seat deals.
pub const RUN: u8 = 3;

/// Seat initials, as cell labels use them.
pub const INITIALS: [char; SEATS] = ['Y', 'R', 'B', 'G'];

/// Seat colour names.
pub const SEAT_NAMES: [&str; SEATS] = ["Yellow", "Red", "Blue", "Green"];

/// A card kind: an index into `NAMES`.
pub type Card = u8;

/// The `1` (1 or 14 forward).
pub const ONE: Card = 0;
/// The `7` (split).
pub const SEVEN: Card = 5;
/// The `8` (enter, or 8 forward).
pub const EIGHT: Card = 6;
/// The `13` (enter, or 13 forward).
pub const THIRTEEN: Card = 10;
/// The `-4` (4 back).
pub const BACK4: Card = 11;
/// The `start` (enter).
pub const START: Card = 12;
/// The `switch` (exchange two movers).
pub const SWITCH: Card = 13;

/// Card names as move texts write them, by kind code.
pub const NAMES: [&str; KINDS] = [
    "1", "2", "3", "5", "6", "7", "8", "9", "10", "12", "13", "-4", "start", "switch",
];

/// Spaces forward of each kind's plain forward use (the 1's first one), 0 if
/// it has none.
const FORWARD: [u8; KINDS] = [1, 2, 3, 5, 6, 0, 8, 9, 10, 12, 13, 0, 0, 0];

/// "No card" in the transit slots.
const NO_CARD: Card = u8::MAX;

/// Longest walk a card makes.
const MAX_STEPS: usize = 14;

/// Most parts of a 7: each moves at least one space.
pub const MAX_PARTS: usize = 7;

/// Most movers that can take part in a 7: a player's own, then the partner's.
const MAX_CANDIDATES: usize = 2 * MOVERS;

/// `LOCKED[mask]`: locked movers of an end zone whose occupied spaces are the
/// bits of `mask` (bit 0 = end 1): the run of occupied spaces from end 4
/// outward, since a mover is locked when every space inward of it is full.
const LOCKED: [u8; 16] = locked_table();

/// Builds `LOCKED`.
const fn locked_table() -> [u8; 16] {
    let mut t = [0u8; 16];
    let mut m = 0;
    while m < 16 {
        let mut n = 0;
        while n < 4 && (m >> (3 - n)) & 1 == 1 {
            n += 1;
        }
        t[m] = n as u8;
        m += 1;
    }
    t
}

/// The deck in kind order: 4 of each kind.
pub const DECK: [Card; DECK_SIZE] = deck();

/// Builds `DECK`.
const fn deck() -> [Card; DECK_SIZE] {
    let mut d = [0u8; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        d[i] = (i / 4) as Card;
        i += 1;
    }
    d
}

/// Name of a card kind in move texts.
pub fn card_name(card: Card) -> &'static str {
    NAMES[card as usize]
}

/// Card kind of a move-text name, e.g. `"-4"` or `"switch"`.
pub fn card_by_name(name: &str) -> Option<Card> {
    NAMES.iter().position(|&n| n == name).map(|k| k as Card)
}

/// Seat `seat`'s start space.
pub const fn start_of(seat: usize) -> usize {
    SEGMENT * seat
}

/// Cell of seat `seat`'s end space `k` (1 to 4).
pub const fn end_cell(seat: usize, k: usize) -> usize {
    END + END_SPACES * seat + k - 1
}

/// Label of a cell: `Y0`..`Y14` on the ring, `Yh` for a home, `Ye1`..`Ye4`.
pub fn cell_label(cell: usize) -> String {
    if cell < RING {
        format!("{}{}", INITIALS[cell / SEGMENT], cell % SEGMENT)
    } else if cell < END {
        format!("{}h", INITIALS[cell - HOME])
    } else {
        let e = cell - END;
        format!("{}e{}", INITIALS[e / END_SPACES], e % END_SPACES + 1)
    }
}

/// Cell id of a label such as `R12`, `Gh` or `Be3`.
pub fn parse_cell(label: &str) -> Option<usize> {
    let mut chars = label.chars();
    let initial = chars.next()?;
    let seat = INITIALS.iter().position(|&i| i == initial)?;
    let rest = chars.as_str();
    if rest == "h" {
        return Some(HOME + seat);
    }
    if let Some(k) = rest.strip_prefix('e') {
        let k: usize = k.parse().ok().filter(|k| (1..=END_SPACES).contains(k))?;
        return Some(end_cell(seat, k));
    }
    // No sign, no leading zero: one spelling per cell.
    if rest.starts_with('+') || (rest.len() > 1 && rest.starts_with('0')) {
        return None;
    }
    let k: usize = rest.parse().ok().filter(|&k| k < SEGMENT)?;
    Some(start_of(seat) + k)
}

/// A move of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// One mover walks forward or back, or enters from home: `card` names the
    /// card, `to` is where the walk ends (before landing effects).
    Step {
        /// The card played.
        card: Card,
        /// Cell the mover leaves.
        from: u8,
        /// Cell the walk ends on.
        to: u8,
    },
    /// A 7 split: `parts[..count]` as `(from, to)` in the order played.
    Split {
        /// The parts; unused entries are `(0, 0)`.
        parts: [(u8, u8); MAX_PARTS],
        /// Number of parts.
        count: u8,
    },
    /// A switch of the single movers on cells `a < b`.
    Switch {
        /// The lower cell id.
        a: u8,
        /// The higher cell id.
        b: u8,
    },
    /// No usable card: the hand is discarded and the seat sits out.
    Pass,
    /// The exchange: this card goes to the partner once all have chosen.
    Give(Card),
}

/// Text of a move, e.g. `5 Y3-Y8`, `7 Y3-Y5 R2-R6`, `switch Y3 B4`, `give 7`.
pub fn notation(m: Move) -> String {
    match m {
        Move::Step { card, from, to } => format!(
            "{} {}-{}",
            card_name(card),
            cell_label(from as usize),
            cell_label(to as usize)
        ),
        Move::Split { parts, count } => {
            let mut s = String::from(card_name(SEVEN));
            for &(from, to) in &parts[..count as usize] {
                s.push(' ');
                s.push_str(&cell_label(from as usize));
                s.push('-');
                s.push_str(&cell_label(to as usize));
            }
            s
        }
        Move::Switch { a, b } => format!(
            "{} {} {}",
            card_name(SWITCH),
            cell_label(a as usize),
            cell_label(b as usize)
        ),
        Move::Pass => "pass".to_string(),
        Move::Give(card) => format!("give {}", card_name(card)),
    }
}

/// Where the movers stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    /// Movers on each cell.
    count: [u8; CELLS],
    /// Their colour; meaningful only where `count > 0`, except that homes and
    /// end spaces always hold their owner's colour.
    colour: [u8; CELLS],
    /// The cell of each colour's 4 movers, in no particular order.
    pos: [[u8; MOVERS]; SEATS],
    /// Each colour's occupied end spaces, bit `k - 1` for end `k`: kept up to
    /// date since locking and the walks ask for it all the time.
    ends: [u8; SEATS],
}

impl Board {
    /// Every mover at home.
    fn new() -> Self {
        let mut b = Board {
            count: [0; CELLS],
            colour: [0; CELLS],
            pos: [[0; MOVERS]; SEATS],
            ends: [0; SEATS],
        };
        for s in 0..SEATS {
            b.count[HOME + s] = MOVERS as u8;
            b.colour[HOME + s] = s as u8;
            for k in 1..=END_SPACES {
                b.colour[end_cell(s, k)] = s as u8;
            }
            b.pos[s] = [(HOME + s) as u8; MOVERS];
        }
        b
    }

    /// Occupied end spaces of colour `c`: bit `k - 1` for end `k`.
    #[inline]
    fn end_mask(&self, c: usize) -> u8 {
        self.ends[c]
    }

    /// Locked movers of colour `c`.
    #[inline]
    fn locked(&self, c: usize) -> usize {
        LOCKED[self.end_mask(c) as usize] as usize
    }

    /// Whether a mover of colour `c` on `cell` is locked: in its end zone with
    /// every space inward of it occupied.
    #[inline]
    fn is_locked(&self, c: usize, cell: usize) -> bool {
        let first = end_cell(c, 1);
        cell >= first && cell < first + END_SPACES && {
            let e = cell - first;
            self.end_mask(c) >> e == 15 >> e
        }
    }

    /// One step back on the ring for a mover of colour `c` from ring space
    /// `at`: start spaces are stepped over, and one held by its owner blocks
    /// every other colour (`None`).
    #[inline]
    fn back_step(&self, c: usize, at: usize) -> Option<usize> {
        let mut prev = if at == 0 { RING - 1 } else { at - 1 };
        if prev.is_multiple_of(SEGMENT) {
            if prev != start_of(c) && self.count[prev] > 0 {
                return None;
            }
            prev = if prev == 0 { RING - 1 } else { prev - 1 };
        }
        Some(prev)
    }

    /// Where a walk of `n` spaces back from ring space `from` ends for a
    /// mover of colour `c`, or `None` if a held start space is in the way.
    /// Back walks never enter an end zone: they go over the own start too.
    fn back(&self, c: usize, from: usize, n: usize) -> Option<usize> {
        let mut at = from;
        for _ in 0..n {
            at = self.back_step(c, at)?;
        }
        Some(at)
    }

    /// Where a walk of `n` spaces forward from `from` (a ring space or an end
    /// space of its own) ends for a mover of colour `c`, or `None` if it may
    /// not make it.
    fn forward(&self, c: usize, from: usize, n: usize) -> Option<usize> {
        if let Some(to) = self.ring_walk(c, from, n) {
            return to;
        }
        let mut ends = [0u8; MAX_STEPS];
        (self.forward_walks(c, from, n, &mut ends) == n).then(|| ends[n - 1] as usize)
    }

    /// The common case of `forward` without stepping: a walk from a ring
    /// space that stays on the ring. A walk of at most 14 crosses at most one
    /// start space. `None` if the walk would reach the mover's end zone, or
    /// starts in it.
    #[inline]
    fn ring_walk(&self, c: usize, from: usize, n: usize) -> Option<Option<usize>> {
        if from >= RING {
            return None;
        }
        let o = from % SEGMENT;
        if o + n < SEGMENT {
            return Some(Some(from + n));
        }
        let start = start_of((from / SEGMENT + 1) % SEATS);
        if start == start_of(c) {
            return None;
        }
        // Spaces walked past the start space, which itself is not counted.
        let k = o + n - (SEGMENT - 1);
        Some((self.count[start] == 0).then_some(start + k))
    }

    /// Walks forward up to `n` spaces from `from`: `ends[p - 1]` is where the
    /// walk of `p` spaces ends, for each `p` up to the returned count (a step
    /// that is not possible ends every longer walk). One pass serves every
    /// length, since a walk never looks ahead at the spaces it has left.
    fn forward_walks(&self, c: usize, from: usize, n: usize, ends: &mut [u8; MAX_STEPS]) -> usize {
        if self.ring_walk(c, from, n).is_some() {
            // Every shorter walk stays on the ring too.
            for (p, end) in (1..=n).zip(ends.iter_mut()) {
                match self.ring_walk(c, from, p) {
                    Some(Some(to)) => *end = to as u8,
                    _ => return p - 1,
                }
            }
            return n;
        }
        let end1 = end_cell(c, 1);
        // The walker's own end space is free once it has left it: turning
        // back may walk over it.
        let mut mask = self.end_mask(c);
        if from >= END {
            mask &= !(1 << (from - end1));
        }
        let mut at = from;
        let mut back = false;
        for (p, end) in ends.iter_mut().enumerate().take(n) {
            if at >= END && !back {
                // The next space inward is the limit: past end 4 or taken.
                let e = at - end1;
                back = e == END_SPACES - 1 || mask >> (e + 1) & 1 == 1;
            }
            if at < END {
                let step = if back {
                    self.back_step(c, at)
                } else {
                    self.forward_step(c, at, mask)
                };
                match step {
                    Some(x) => at = x,
                    None => return p,
                }
            } else if !back {
                at += 1;
            } else if at == end1 {
                at = (start_of(c) + RING - 1) % RING;
            } else if mask >> (at - end1 - 1) & 1 == 1 {
                // Walking back onto a taken end space is not possible.
                return p;
            } else {
                at -= 1;
            }
            *end = at as u8;
        }
        n
    }

    /// One step forward on the ring for a mover of colour `c` from ring
    /// space `at`, whose end zone holds `mask`: start spaces are stepped
    /// over, one held by its owner blocks every other colour, and past its
    /// own start the mover goes into its end zone, or nowhere if end 1 is
    /// taken (there is no turning at the entrance).
    #[inline]
    fn forward_step(&self, c: usize, at: usize, mask: u8) -> Option<usize> {
        let mut next = if at + 1 == RING { 0 } else { at + 1 };
        if next.is_multiple_of(SEGMENT) {
            if next == start_of(c) {
                return (mask & 1 == 0).then(|| end_cell(c, 1));
            }
            if self.count[next] > 0 {
                return None;
            }
            next += 1;
        }
        Some(next)
    }

    /// Points one mover of colour `c` on `from` at `to` in `pos`.
    #[inline]
    fn repoint(&mut self, c: usize, from: usize, to: usize) {
        let p = &mut self.pos[c];
        let i = p
            .iter()
            .position(|&x| x as usize == from)
            .expect("a mover there");
        p[i] = to as u8;
    }

    /// Moves a mover of colour `c` from `from` to the end of its walk `to`,
    /// with the landing effects: a single mover of another colour there goes
    /// home; two or more of one other colour send the moving mover home.
    fn land(&mut self, c: usize, from: usize, to: usize) {
        self.count[from] -= 1;
        let mut dest = to;
        if to < RING && self.count[to] > 0 && self.colour[to] as usize != c {
            let o = self.colour[to] as usize;
            if self.count[to] == 1 {
                self.count[to] = 0;
                self.count[HOME + o] += 1;
                self.repoint(o, to, HOME + o);
            } else {
                dest = HOME + c;
            }
        }
        self.count[dest] += 1;
        self.colour[dest] = c as u8;
        self.repoint(c, from, dest);
        if from >= END {
            self.ends[c] &= !(1 << (from - end_cell(c, 1)));
        }
        if dest >= END {
            self.ends[c] |= 1 << (dest - end_cell(c, 1));
        }
    }

    /// Exchanges the single movers on cells `a` and `b`.
    fn switch(&mut self, a: usize, b: usize) {
        let (ca, cb) = (self.colour[a] as usize, self.colour[b] as usize);
        if ca != cb {
            self.repoint(ca, a, b);
            self.repoint(cb, b, a);
            self.colour[a] = cb as u8;
            self.colour[b] = ca as u8;
        }
    }

    /// Where a mover of colour `c` on `cell` stands in the order 7 parts are
    /// played, larger first: end spaces (deepest first), then ring spaces by
    /// how far they are from the colour's start space.
    #[inline]
    fn progress(c: usize, cell: usize) -> usize {
        if cell >= END {
            RING + cell
        } else {
            (cell + RING - start_of(c)) % RING
        }
    }
}

/// What comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A deal is due.
    Deal,
    /// The seats choose the card for their partner.
    Exchange,
    /// The seats play cards.
    Play,
    /// A team has won.
    Over,
}

/// A game of Partners: the movers, the cards and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partners {
    board: Board,
    /// Each seat's hand, sorted; only `hand_len[s]` count.
    hands: [[Card; HAND]; SEATS],
    hand_len: [u8; SEATS],
    /// The card each seat has chosen in the current exchange, or `NO_CARD`.
    transit: [Card; SEATS],
    /// The dealer's shuffle; `pile[pile_at..]` is still undealt.
    pile: [Card; DECK_SIZE],
    pile_at: u8,
    /// Played and sat-out cards, `discard[..discard_len]`.
    discard: [Card; DECK_SIZE],
    discard_len: u8,
    /// The seat that dealt last (or deals first, before any deal).
    dealer: u8,
    /// Deals the dealer has made from the current shuffle.
    dealt: u8,
    phase: Phase,
    mover: u8,
    /// Seats that have chosen in the current exchange.
    given: u8,
    /// Winning team's lower seat.
    winner: Option<u8>,
    /// Moves played (gives and passes included, deals not).
    plies: u32,
}

impl Partners {
    /// A new game, all movers at home, `dealer` to deal first (no cards
    /// dealt yet: `deal_due()` holds).
    pub fn new(dealer: usize) -> Self {
        assert!(dealer < SEATS, "seat {dealer} out of range");
        Partners {
            board: Board::new(),
            hands: [[0; HAND]; SEATS],
            hand_len: [0; SEATS],
            transit: [NO_CARD; SEATS],
            pile: DECK,
            pile_at: DECK_SIZE as u8,
            // Before the first deal every card waits in the discard pile,
            // like before any reshuffle: 56 cards are always accounted for.
            discard: DECK,
            discard_len: DECK_SIZE as u8,
            dealer: dealer as u8,
            dealt: 0,
            phase: Phase::Deal,
            mover: dealer as u8,
            given: 0,
            winner: None,
            plies: 0,
        }
    }

    /// Whether a deal must come next.
    pub fn deal_due(&self) -> bool {
        self.phase == Phase::Deal
    }

    /// Whether the coming deal starts a dealer's run, so it needs a fresh
    /// shuffle of all 56 cards.
    pub fn needs_shuffle(&self) -> bool {
        self.deal_due() && (self.dealt == 0 || self.dealt == RUN)
    }

    /// Deals: `shuffled` is the 56 cards in the order drawn (index 0 first)
    /// when `needs_shuffle()`, and `None` otherwise. Cards go one at a time
    /// to each seat from the one after the dealer; the exchange follows.
    pub fn deal(&mut self, shuffled: Option<&[Card]>) {
        assert!(self.deal_due(), "no deal is due");
        if self.dealt == RUN {
            self.dealer = (self.dealer + 1) % SEATS as u8;
            self.dealt = 0;
        }
        if self.dealt == 0 {
            let cards = shuffled.expect("a dealer's first deal needs a shuffle");
            let mut counts = [0u8; KINDS];
            for &c in cards {
                counts[c as usize] += 1;
            }
            assert!(
                cards.len() == DECK_SIZE && counts.iter().all(|&n| n == 4),
                "a shuffle holds the 56 cards"
            );
            self.pile.copy_from_slice(cards);
            self.pile_at = 0;
            self.discard_len = 0;
        } else {
            assert!(shuffled.is_none(), "only a dealer's first deal shuffles");
        }
        assert!(
            self.hand_len.iter().all(|&n| n == 0),
            "hands are empty at a deal"
        );
        let first = self.dealer as usize + 1;
        let at = self.pile_at as usize;
        for (i, &card) in self.pile[at..at + DEAL].iter().enumerate() {
            let s = (first + i) % SEATS;
            self.hands[s][self.hand_len[s] as usize] = card;
            self.hand_len[s] += 1;
        }
        for (h, &len) in self.hands.iter_mut().zip(&self.hand_len) {
            h[..len as usize].sort_unstable();
        }
        self.pile_at += DEAL as u8;
        self.dealt += 1;
        self.phase = Phase::Exchange;
        self.given = 0;
        self.mover = (first % SEATS) as u8;
    }

    /// Deals, drawing the shuffle from `rng` when the deal needs one.
    pub fn shuffle_and_deal(&mut self, rng: &mut impl Rng) {
        if self.needs_shuffle() {
            let mut cards = DECK;
            shuffle(&mut cards, rng);
            self.deal(Some(&cards));
        } else {
            self.deal(None);
        }
    }

    /// The seat to move (to choose in the exchange, or to play); the last
    /// seat that moved once the game is over.
    pub fn mover(&self) -> usize {
        self.mover as usize
    }

    /// The seat that dealt last (before the first deal: the first dealer).
    pub fn dealer(&self) -> usize {
        self.dealer as usize
    }

    /// Whether the seats are choosing the cards for their partners.
    pub fn in_exchange(&self) -> bool {
        self.phase == Phase::Exchange
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The winning team's lower seat (0 or 1), once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    /// Moves played so far: plays, passes and gives (deals are not moves).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// `seat`'s hand, sorted by kind code.
    pub fn hand(&self, seat: usize) -> &[Card] {
        &self.hands[seat][..self.hand_len[seat] as usize]
    }

    /// The card `seat` has chosen in the exchange under way, not yet passed.
    pub fn transit(&self, seat: usize) -> Option<Card> {
        Some(self.transit[seat]).filter(|&c| c != NO_CARD)
    }

    /// The undealt rest of the current shuffle, next card first.
    pub fn pile(&self) -> &[Card] {
        &self.pile[self.pile_at as usize..]
    }

    /// The discard pile, oldest first.
    pub fn discard(&self) -> &[Card] {
        &self.discard[..self.discard_len as usize]
    }

    /// The colour and number of the movers on `cell`, if any.
    pub fn movers_at(&self, cell: usize) -> Option<(usize, usize)> {
        let n = self.board.count[cell] as usize;
        (n > 0).then(|| (self.board.colour[cell] as usize, n))
    }

    /// The cells of colour `c`'s 4 movers, ascending.
    pub fn positions(&self, c: usize) -> [usize; MOVERS] {
        let mut p = self.board.pos[c].map(usize::from);
        p.sort_unstable();
        p
    }

    /// Locked movers of `seat`'s colour.
    pub fn locked(&self, seat: usize) -> usize {
        self.board.locked(seat)
    }

    /// Whether the mover on end space `cell` is locked (false if none is).
    pub fn is_locked_at(&self, cell: usize) -> bool {
        cell >= END && self.board.count[cell] > 0 && {
            let c = (cell - END) / END_SPACES;
            self.board.is_locked(c, cell)
        }
    }

    /// Scenario set-up: puts colour `c`'s 4 movers on `cells` (its home, its
    /// start and end spaces, or numbered ring spaces no other colour holds).
    pub fn set_movers(&mut self, c: usize, cells: [usize; MOVERS]) {
        let b = &mut self.board;
        for &cell in &b.pos[c] {
            b.count[cell as usize] -= 1;
        }
        for &cell in &cells {
            let ok = cell == HOME + c
                || (cell >= end_cell(c, 1) && cell <= end_cell(c, END_SPACES))
                || (cell < RING && (!cell.is_multiple_of(SEGMENT) || cell == start_of(c)));
            assert!(
                ok,
                "a {} mover may not stand on {}",
                SEAT_NAMES[c],
                cell_label(cell)
            );
            assert!(
                b.count[cell] == 0 || b.colour[cell] as usize == c,
                "{} is taken",
                cell_label(cell)
            );
            assert!(cell < END || b.count[cell] == 0, "one mover per end space");
            b.count[cell] += 1;
            b.colour[cell] = c as u8;
        }
        b.pos[c] = cells.map(|x| x as u8);
        b.ends[c] = (1..=END_SPACES)
            .filter(|&k| b.count[end_cell(c, k)] > 0)
            .fold(0, |m, k| m | 1 << (k - 1));
    }

    /// Scenario set-up: gives each seat its hand (up to 4 cards); the rest of
    /// the deck goes to the discard pile, and the next deal is the next
    /// seat's, from a new shuffle.
    pub fn set_hands(&mut self, hands: [&[Card]; SEATS]) {
        let mut left = [4u8; KINDS];
        for (s, hand) in hands.iter().enumerate() {
            assert!(hand.len() <= HAND, "a hand holds at most 4 cards");
            for &card in hand.iter() {
                assert!(left[card as usize] > 0, "only 4 of each card");
                left[card as usize] -= 1;
            }
            self.hands[s][..hand.len()].copy_from_slice(hand);
            self.hands[s][..hand.len()].sort_unstable();
            self.hand_len[s] = hand.len() as u8;
        }
        self.discard_len = 0;
        for (k, &n) in left.iter().enumerate() {
            for _ in 0..n {
                self.discard[self.discard_len as usize] = k as Card;
                self.discard_len += 1;
            }
        }
        self.transit = [NO_CARD; SEATS];
        self.pile_at = DECK_SIZE as u8;
        self.dealt = RUN;
    }

    /// Scenario set-up: the play phase, `seat` to play.
    pub fn set_turn(&mut self, seat: usize) {
        self.phase = Phase::Play;
        self.mover = seat as u8;
        self.winner = None;
    }

    /// The legal moves of the seat to move (none while a deal is due or once
    /// the game is over).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Deal | Phase::Over => {}
            Phase::Exchange => {
                let hand = self.hand(self.mover as usize);
                for (i, &k) in hand.iter().enumerate() {
                    if i == 0 || hand[i - 1] != k {
                        out.push(Move::Give(k));
                    }
                }
            }
            Phase::Play => {
                self.card_moves(out);
                if out.is_empty() {
                    out.push(Move::Pass);
                }
            }
        }
    }

    /// The moves of every usable card in the mover's hand.
    fn card_moves(&self, out: &mut Vec<Move>) {
        let seat = self.mover as usize;
        // Whose movers: one's own until all 4 are locked, then the partner's.
        let c = if self.board.locked(seat) == MOVERS {
            seat ^ 2
        } else {
            seat
        };
        let hand = self.hand(seat);
        for (i, &k) in hand.iter().enumerate() {
            if i > 0 && hand[i - 1] == k {
                continue;
            }
            match k {
                ONE => {
                    self.forward_moves(c, k, 1, out);
                    self.forward_moves(c, k, 14, out);
                }
                SEVEN => self.split_moves(seat, out),
                EIGHT | THIRTEEN => {
                    self.enter_move(c, k, out);
                    self.forward_moves(c, k, usize::from(FORWARD[k as usize]), out);
                }
                START => self.enter_move(c, k, out),
                BACK4 => self.back_moves(c, k, out),
                SWITCH => self.switch_moves(out),
                _ => self.forward_moves(c, k, usize::from(FORWARD[k as usize]), out),
            }
        }
    }

    /// Card `k` brings a mover of colour `c` from home onto its start space.
    fn enter_move(&self, c: usize, k: Card, out: &mut Vec<Move>) {
        if self.board.count[HOME + c] > 0 {
            out.push(Move::Step {
                card: k,
                from: (HOME + c) as u8,
                to: start_of(c) as u8,
            });
        }
    }

    /// Card `k` moves one mover of colour `c` forward `n` spaces: one move per
    /// cell, since stacked movers give the same move.
    fn forward_moves(&self, c: usize, k: Card, n: usize, out: &mut Vec<Move>) {
        let pos = &self.board.pos[c];
        for i in 0..MOVERS {
            let from = pos[i] as usize;
            if pos[..i].contains(&pos[i])
                || (HOME..END).contains(&from)
                || self.board.is_locked(c, from)
            {
                continue;
            }
            if let Some(to) = self.board.forward(c, from, n) {
                out.push(Move::Step {
                    card: k,
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// The `-4` on a mover of colour `c` on the ring.
    fn back_moves(&self, c: usize, k: Card, out: &mut Vec<Move>) {
        let pos = &self.board.pos[c];
        for i in 0..MOVERS {
            let from = pos[i] as usize;
            if from >= RING || pos[..i].contains(&pos[i]) {
                continue;
            }
            if let Some(to) = self.board.back(c, from, 4) {
                out.push(Move::Step {
                    card: k,
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// Switches of any two single movers on numbered ring spaces.
    fn switch_moves(&self, out: &mut Vec<Move>) {
        let b = &self.board;
        let mut cells = [0u8; SEATS * MOVERS];
        let mut n = 0;
        for &cell in b.pos.iter().flatten() {
            let x = cell as usize;
            if x < RING && !x.is_multiple_of(SEGMENT) && b.count[x] == 1 {
                cells[n] = cell;
                n += 1;
            }
        }
        let cells = &mut cells[..n];
        cells.sort_unstable();
        for i in 0..n {
            for j in i + 1..n {
                out.push(Move::Switch {
                    a: cells[i],
                    b: cells[j],
                });
            }
        }
    }

    /// The 7 splits of `seat`: its own unlocked movers out of home in the
    /// order parts are played, then its partner's, searched depth first.
    fn split_moves(&self, seat: usize, out: &mut Vec<Move>) {
        let b = &self.board;
        let mut cand = [(0u8, 0u8); MAX_CANDIDATES];
        let mut n = 0;
        for c in [seat, seat ^ 2] {
            // A mover still at home can't be locked by this card, so the
            // partner's movers can't take part.
            if c != seat && b.count[HOME + seat] > 0 {
                break;
            }
            let first = n;
            for &cell in &b.pos[c] {
                let x = cell as usize;
                if !(HOME..END).contains(&x) && !b.is_locked(c, x) {
                    cand[n] = (cell, c as u8);
                    n += 1;
                }
            }
            // Furthest along first: stacked movers end up adjacent.
            cand[first..n]
                .sort_unstable_by_key(|&(x, _)| std::cmp::Reverse(Board::progress(c, x as usize)));
        }
        let mut search = SplitSearch {
            seat,
            cand: &cand[..n],
            parts: [(0, 0); MAX_PARTS],
            seen: [0; MAX_SPLITS],
            count: 0,
            out,
        };
        search.run(b, 0, 7, 0);
    }

    /// Plays `m`, which must be legal.
    pub fn play(&mut self, m: Move) {
        let seat = self.mover as usize;
        self.plies += 1;
        match m {
            Move::Give(card) => {
                self.take_card(seat, card);
                self.transit[seat] = card;
                self.given += 1;
                if self.given as usize == SEATS {
                    // Only now does any card reach its partner.
                    for s in 0..SEATS {
                        let card = std::mem::replace(&mut self.transit[s], NO_CARD);
                        self.receive(s ^ 2, card);
                    }
                    self.phase = Phase::Play;
                    self.mover = (self.dealer + 1) % SEATS as u8;
                } else {
                    self.mover = (self.mover + 1) % SEATS as u8;
                }
            }
            Move::Pass => {
                for i in 0..self.hand_len[seat] as usize {
                    self.discard[self.discard_len as usize] = self.hands[seat][i];
                    self.discard_len += 1;
                }
                self.hand_len[seat] = 0;
                self.next_turn();
            }
            Move::Step { card, from, to } => {
                self.spend(seat, card);
                let c = self.board.colour[from as usize] as usize;
                self.board.land(c, from as usize, to as usize);
                self.after_play(seat);
            }
            Move::Split { parts, count } => {
                self.spend(seat, SEVEN);
                for &(from, to) in &parts[..count as usize] {
                    let c = self.board.colour[from as usize] as usize;
                    self.board.land(c, from as usize, to as usize);
                }
                self.after_play(seat);
            }
            Move::Switch { a, b } => {
                self.spend(seat, SWITCH);
                self.board.switch(a as usize, b as usize);
                self.after_play(seat);
            }
        }
    }

    /// Text of `m` in the position before it is played.
    pub fn move_text(&self, m: Move) -> String {
        notation(m)
    }

    /// Plays the legal move whose text is `text`.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        match moves.iter().find(|&&m| notation(m) == text) {
            Some(&m) => {
                self.play(m);
                Ok(())
            }
            None => {
                let texts: Vec<String> = moves.iter().map(|&m| notation(m)).collect();
                Err(format!("`{text}` is not legal here; legal: {texts:?}"))
            }
        }
    }

    /// Removes one `card` from `seat`'s hand, keeping it sorted.
    fn take_card(&mut self, seat: usize, card: Card) {
        let len = self.hand_len[seat] as usize;
        let h = &mut self.hands[seat];
        let i = h[..len]
            .iter()
            .position(|&x| x == card)
            .expect("card in hand");
        h.copy_within(i + 1..len, i);
        self.hand_len[seat] -= 1;
    }

    /// Plays `card` from `seat`'s hand onto the discard pile.
    fn spend(&mut self, seat: usize, card: Card) {
        self.take_card(seat, card);
        self.discard[self.discard_len as usize] = card;
        self.discard_len += 1;
    }

    /// Adds `card` to `seat`'s hand, keeping it sorted.
    fn receive(&mut self, seat: usize, card: Card) {
        let len = self.hand_len[seat] as usize;
        let h = &mut self.hands[seat];
        let i = h[..len].iter().position(|&x| x > card).unwrap_or(len);
        h.copy_within(i..len, i + 1);
        h[i] = card;
        self.hand_len[seat] += 1;
    }

    /// Ends the game if `seat`'s team has all 8 movers locked (only the team
    /// that moved can have changed), else passes the turn on.
    fn after_play(&mut self, seat: usize) {
        if self.board.locked(seat) + self.board.locked(seat ^ 2) == 2 * MOVERS {
            self.phase = Phase::Over;
            self.winner = Some((seat & 1) as u8);
        } else {
            self.next_turn();
        }
    }

    /// The next seat clockwise holding cards plays; if none does, a deal is
    /// due.
    fn next_turn(&mut self) {
        for d in 1..=SEATS {
            let s = (self.mover as usize + d) % SEATS;
            if self.hand_len[s] > 0 {
                self.mover = s as u8;
                return;
            }
        }
        self.phase = Phase::Deal;
    }
}

/// Most distinct 7 splits told apart in one listing.
const MAX_SPLITS: usize = 512;

/// The depth-first search for 7 splits.
struct SplitSearch<'a> {
    /// The player.
    seat: usize,
    /// `(cell, colour)` of each mover that may take part, stacked movers
    /// side by side.
    cand: &'a [(u8, u8)],
    /// The parts chosen so far on the current branch.
    parts: [(u8, u8); MAX_PARTS],
    /// The keys of the positions the splits listed so far leave.
    seen: [u64; MAX_SPLITS],
    count: usize,
    out: &'a mut Vec<Move>,
}

impl SplitSearch<'_> {
    /// Gives the candidates not in `used` parts summing to `left` on
    /// `board`, after `parts[..np]`, in every order: any of them may take
    /// the next part (the movers of one stack in turn, as they are alike).
    fn run(&mut self, board: &Board, used: u32, left: usize, np: usize) {
        for i in 0..self.cand.len() {
            let (cell, c) = self.cand[i];
            let stacked = i > 0 && self.cand[i - 1].0 == cell;
            if used & 1 << i != 0 || stacked && used & 1 << (i - 1) == 0 {
                continue;
            }
            let (x, c) = (cell as usize, c as usize);
            // A partner's mover moves only once all the player's are
            // locked, and not if an earlier part sent it home.
            if (c != self.seat && board.locked(self.seat) < MOVERS)
                || board.count[x] == 0
                || board.colour[x] as usize != c
                || board.is_locked(c, x)
            {
                continue;
            }
            let mut ends = [0u8; MAX_STEPS];
            let n = board.forward_walks(c, x, left, &mut ends);
            for p in 1..=n {
                let to = ends[p - 1];
                self.parts[np] = (cell, to);
                let mut next = *board;
                next.land(c, x, to as usize);
                if p == left {
                    self.emit(np + 1, &next);
                } else {
                    self.run(&next, used | 1 << i, left - p, np + 1);
                }
            }
        }
    }

    /// Adds the split made of `parts[..np]`, which leaves `board`, unless
    /// one listed before leaves the same position.
    fn emit(&mut self, np: usize, board: &Board) {
        // FNV-1a over each cell's movers and their colour.
        let key = (0..CELLS).fold(0xcbf2_9ce4_8422_2325u64, |h, x| {
            let colour = if board.count[x] > 0 {
                board.colour[x]
            } else {
                0
            };
            let h = (h ^ u64::from(board.count[x])).wrapping_mul(0x100_0000_01b3);
            (h ^ u64::from(colour)).wrapping_mul(0x100_0000_01b3)
        });
        if self.seen[..self.count].contains(&key) {
            return;
        }
        if self.count < MAX_SPLITS {
            self.seen[self.count] = key;
            self.count += 1;
        }
        let mut parts = [(0u8, 0u8); MAX_PARTS];
        parts[..np].copy_from_slice(&self.parts[..np]);
        self.out.push(Move::Split {
            parts,
            count: np as u8,
        });
    }
}

/// Fisher-Yates shuffle.
pub fn shuffle(cards: &mut [Card], rng: &mut impl Rng) {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

/// Plays uniformly random legal moves, dealing when a deal is due, until the
/// game ends or `cap` moves have been played; returns the moves played.
pub fn random_playout(
    game: &mut Partners,
    buf: &mut Vec<Move>,
    rng: &mut impl Rng,
    cap: u32,
) -> u32 {
    let mut n = 0;
    while !game.is_over() && n < cap {
        if game.deal_due() {
            game.shuffle_and_deal(rng);
            continue;
        }
        game.legal_moves(buf);
        let m = buf[below(rng, buf.len() as u32) as usize];
        game.play(m);
        n += 1;
    }
    n
}

/// Uniform integer in `0..n` (`n > 0`) by Lemire's multiply-and-reject method.
///
/// Unbiased like `gen_range`, but one multiplication in the common case.
#[inline]
pub fn below(rng: &mut impl Rng, n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}
