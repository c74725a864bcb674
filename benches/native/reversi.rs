//! Hand-written native implementation of Reversi (Othello) on an 8 by 8 board.
//!
//! It serves two purposes: it is the speed ceiling that the interpreter's
//! random playouts are benchmarked against, and an independent reference for
//! cross-checking the interpreter's move lists, flips, passes and scores. Cell
//! ids and labels therefore follow the interpreter's square boards:
//! `id = row * 8 + column`, rows counted from the **bottom** (usual Othello
//! diagrams put row 1 at the top), so `a1 = 0` is the bottom-left corner and
//! `h8 = 63` the top right. The start position in these names:
//!
//! ```text
//! 8  . . . . . . . .
//! 7  . . . . . . . .
//! 6  . . . . . . . .
//! 5  . . . B W . . .      Black (seat 0, moves first): d5, e4
//! 4  . . . W B . . .      White (seat 1): d4, e5
//! 3  . . . . . . . .
//! 2  . . . . . . . .
//! 1  . . . . . . . .
//!    a b c d e f g h
//! ```
//!
//! These are the usual Othello names of the start discs; only the drawing is
//! upside down (row 1 at the bottom), which is a mirror image of the usual
//! position, so every count from the start is the usual one.
//!
//! A placement must outflank at least one line of opponent discs, and flips
//! every line it outflanks. A seat with no placement plays the forced move
//! `Pass`, which is legal only then. More discs wins; equal is a draw.
//!
//! When the game ends is a choice (`Ending`). By default it ends as soon as
//! neither seat can place (a full board, a wiped-out colour, or both seats
//! stuck), and no pass is played at the end. Under `Ending::TwoPasses`, the
//! rule of `rules/reversi.game` (`end when passes == 2`), it ends only once
//! two passes in a row have been played, so a seat passes even when the other
//! cannot place either. The two agree on every position and winner and differ
//! only in those two final passes: in turn counts, and in perft from depth 10
//! (the shortest game has 9 moves; depths 10 and 11 under `TwoPasses` are the
//! published Othello perft counts):
//!
//! | end rule      | 7      | 8       | 9         | 10         | 11          |
//! |---------------|--------|---------|-----------|------------|-------------|
//! | `NoPlacement` | 55 092 | 390 216 | 3 005 288 | 24 571 056 | 212 258 216 |
//! | `TwoPasses`   | 55 092 | 390 216 | 3 005 288 | 24 571 284 | 212 258 800 |
//!
//! Each seat's discs are a bitboard with bit `i` = cell id `i`, so a step in a
//! direction is a shift plus a mask of the file the shift would wrap into.
//! Legal placements come from a flood fill per direction (6 steps cover the
//! longest line of opponent discs); flips by walking from the placed disc.

// A bench and the cross-check tests each use a different subset of this API;
// the unused remainder must not trip `-D warnings` in either of them.
#![allow(dead_code)]

use rand::Rng;

/// Board side length.
pub const SIDE: usize = 8;

/// Number of cells.
pub const CELLS: usize = SIDE * SIDE;

/// Discs on the board at the start.
pub const START_DISCS: u32 = 4;

/// Seat that moves first (Black).
pub const BLACK: usize = 0;

/// The other seat (White).
pub const WHITE: usize = 1;

/// Column `a`.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Column `h`.
const FILE_H: u64 = FILE_A << 7;

/// The eight directions as (bit shift, mask of cells a step may land on). A
/// step east must not land on column `a` (that would be a wrap from `h` to
/// the next row), a step west not on column `h`; vertical steps fall off the
/// ends of the `u64` by themselves.
const DIRS: [(i32, u64); 8] = [
    (1, !FILE_A),  // east
    (-1, !FILE_H), // west
    (8, !0),       // north
    (-8, !0),      // south
    (9, !FILE_A),  // north-east
    (7, !FILE_H),  // north-west
    (-7, !FILE_A), // south-east
    (-9, !FILE_H), // south-west
];

/// Cell ids of the start position, `[black, white]`: d5, e4 and d4, e5.
const START: [u64; 2] = [(1 << 35) | (1 << 28), (1 << 27) | (1 << 36)];

/// One step of every disc of `b` in direction `d` (an index into `DIRS`).
#[inline(always)]
fn shift(b: u64, d: usize) -> u64 {
    let (s, mask) = DIRS[d];
    if s > 0 {
        (b << s) & mask
    } else {
        (b >> -s) & mask
    }
}

/// Every empty cell where a disc of `own` would outflank a line of `other`.
#[inline]
fn placements(own: u64, other: u64) -> u64 {
    let empty = !(own | other);
    let mut moves = 0;
    for d in 0..DIRS.len() {
        // The opponent discs reachable from one of ours in a straight run;
        // a line holds at most 6 of them between two cells.
        let mut run = shift(own, d) & other;
        for _ in 0..5 {
            run |= shift(run, d) & other;
        }
        moves |= shift(run, d) & empty;
    }
    moves
}

/// The discs of `other` that a disc of `own` placed on `bit` outflanks.
#[inline]
fn flips(own: u64, other: u64, bit: u64) -> u64 {
    let mut all = 0;
    for d in 0..DIRS.len() {
        let mut line = 0;
        let mut x = shift(bit, d);
        while x & other != 0 {
            line |= x;
            x = shift(x, d);
        }
        // The run counts only if one of ours closes it (not an empty cell
        // or the edge, where `x` is 0).
        if x & own != 0 {
            all |= line;
        }
    }
    all
}

/// The interpreter's label of a cell id: column letter then row from the
/// bottom, so `0` is `a1` and `63` is `h8`.
pub fn cell_label(cell: usize) -> String {
    let col = (b'a' + (cell % SIDE) as u8) as char;
    format!("{col}{}", cell / SIDE + 1)
}

/// Cell id of a label such as `d3`, or `None` if it names no cell.
pub fn parse_cell(label: &str) -> Option<usize> {
    match label.as_bytes() {
        &[col @ b'a'..=b'h', row @ b'1'..=b'8'] => {
            Some((row - b'1') as usize * SIDE + (col - b'a') as usize)
        }
        _ => None,
    }
}

/// When a game ends; the rules of play are the same under both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ending {
    /// As soon as neither seat can place: no pass is played at the end.
    #[default]
    NoPlacement,
    /// Once two passes in a row have been played, as in `rules/reversi.game`:
    /// a seat that cannot place passes even if the other cannot either.
    TwoPasses,
}

/// A move of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc placed on this cell id.
    Place(u8),
    /// The forced move of a seat that cannot place.
    Pass,
}

/// The interpreter's notation of a move: the cell (`d3`) or `pass`.
pub fn notation(m: Move) -> String {
    match m {
        Move::Place(c) => cell_label(c as usize),
        Move::Pass => "pass".to_string(),
    }
}

/// Parses the notation written by `notation`.
pub fn parse_move(text: &str) -> Option<Move> {
    if text == "pass" {
        return Some(Move::Pass);
    }
    parse_cell(text).map(|c| Move::Place(c as u8))
}

/// A Reversi position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reversi {
    /// Each seat's discs, bit `i` = cell id `i`.
    discs: [u64; 2],
    mover: usize,
    /// The mover's legal placements, kept so a playout lists them only once.
    open: u64,
    /// Moves played, passes included.
    turns: u32,
    /// Discs placed (moves other than passes).
    placed: u32,
    /// Passes played since the last placement.
    passes: u32,
    ending: Ending,
    over: bool,
}

impl Default for Reversi {
    fn default() -> Self {
        Self::new()
    }
}

impl Reversi {
    /// The start position, Black to move.
    pub fn new() -> Self {
        Self::from_discs(START[BLACK], START[WHITE], BLACK)
    }

    /// A position with these discs (bit `i` = cell id `i`) and `mover` to
    /// move, counted as the start of a game (no moves played) with the
    /// default `Ending`; it is over at once if neither seat can place. The two
    /// sets must not overlap.
    pub fn from_discs(black: u64, white: u64, mover: usize) -> Self {
        assert_eq!(black & white, 0, "a cell owned by both seats");
        let mut game = Reversi {
            discs: [black, white],
            mover,
            open: 0,
            turns: 0,
            placed: 0,
            passes: 0,
            ending: Ending::default(),
            over: false,
        };
        game.settle();
        game
    }

    /// This position under the end rule `ending` (which also survives
    /// `reset`).
    pub fn with_ending(mut self, ending: Ending) -> Self {
        self.ending = ending;
        self.settle();
        self
    }

    /// The end rule in force.
    pub fn ending(&self) -> Ending {
        self.ending
    }

    /// Resets to the start position, keeping the end rule.
    pub fn reset(&mut self) {
        *self = Self::new().with_ending(self.ending);
    }

    /// Lists the mover's placements into `open` and decides whether the game
    /// has ended.
    #[inline]
    fn settle(&mut self) {
        let (own, other) = (self.discs[self.mover], self.discs[1 - self.mover]);
        self.open = placements(own, other);
        self.over = match self.ending {
            // The other seat's placements are only needed when the mover is
            // stuck, which is rare, so the common case costs one generation.
            Ending::NoPlacement => self.open == 0 && placements(other, own) == 0,
            Ending::TwoPasses => self.passes >= 2,
        };
    }

    /// Appends the legal moves to `out` after clearing it: the placements by
    /// ascending cell id (`a1`, `b1`, ..., `h8`), or the single `Pass`.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.over {
            return;
        }
        if self.open == 0 {
            out.push(Move::Pass);
            return;
        }
        let mut open = self.open;
        while open != 0 {
            out.push(Move::Place(open.trailing_zeros() as u8));
            open &= open - 1;
        }
    }

    /// Number of legal moves now (a pass counts as one).
    pub fn move_count(&self) -> u32 {
        match (self.over, self.open) {
            (true, _) => 0,
            (false, 0) => 1,
            (false, open) => open.count_ones(),
        }
    }

    /// Whether `m` is a legal move for the mover now.
    pub fn is_legal(&self, m: Move) -> bool {
        match m {
            _ if self.over => false,
            Move::Pass => self.open == 0,
            Move::Place(c) => (c as usize) < CELLS && self.open & (1 << c) != 0,
        }
    }

    /// Plays a legal move for the mover.
    pub fn play(&mut self, m: Move) {
        // Cheap enough to keep in release: a bad move from a cross-check must
        // fail loudly rather than put a disc where nothing flips.
        assert!(self.is_legal(m), "illegal move {m:?}");
        match m {
            Move::Place(c) => self.place(1 << c),
            Move::Pass => self.pass(),
        }
    }

    /// Places the mover's disc on `bit`, a legal placement (the fast path).
    #[inline]
    fn place(&mut self, bit: u64) {
        let me = self.mover;
        let flipped = flips(self.discs[me], self.discs[1 - me], bit);
        self.discs[me] |= bit | flipped;
        self.discs[1 - me] ^= flipped;
        self.placed += 1;
        self.passes = 0;
        self.end_turn();
    }

    /// Plays the forced pass.
    fn pass(&mut self) {
        self.passes += 1;
        self.end_turn();
    }

    /// Hands the turn to the other seat.
    #[inline]
    fn end_turn(&mut self) {
        self.turns += 1;
        self.mover = 1 - self.mover;
        self.settle();
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The seat with more discs, or `None` when equal (a draw once over).
    pub fn winner(&self) -> Option<usize> {
        use std::cmp::Ordering;
        match self.disc_count(BLACK).cmp(&self.disc_count(WHITE)) {
            Ordering::Greater => Some(BLACK),
            Ordering::Less => Some(WHITE),
            Ordering::Equal => None,
        }
    }

    /// Seat to move next.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Number of moves played so far, passes included.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Number of discs placed so far (moves that were not passes).
    pub fn placed(&self) -> u32 {
        self.placed
    }

    /// Number of discs of `seat` on the board.
    pub fn disc_count(&self, seat: usize) -> u32 {
        self.discs[seat].count_ones()
    }

    /// The discs of `seat` as a bitboard, bit `i` = cell id `i`.
    pub fn discs(&self, seat: usize) -> u64 {
        self.discs[seat]
    }

    /// Occupant of a cell id: `None` if empty, else the seat.
    pub fn owner(&self, cell: usize) -> Option<usize> {
        (0..2).find(|&s| self.discs[s] & (1 << cell) != 0)
    }

    /// Move sequences of `depth` moves from here, a pass counting as a move;
    /// a position where the game has ended is not expanded, so a sequence cut
    /// short by the end counts 0.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 || self.over {
            return u64::from(self.move_count());
        }
        if self.open == 0 {
            let mut child = *self;
            child.pass();
            return child.perft(depth - 1);
        }
        let mut total = 0;
        let mut open = self.open;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            let mut child = *self;
            child.place(bit);
            total += child.perft(depth - 1);
        }
        total
    }
}

/// Plays one uniformly random game from the start position (reusing `game`;
/// `buf` is unused, as placements are drawn from the bitboard of legal
/// cells) and returns its length in moves, passes included.
pub fn random_playout<R: Rng>(game: &mut Reversi, buf: &mut Vec<Move>, rng: &mut R) -> u32 {
    let _ = buf;
    game.reset();
    while !game.over {
        if game.open == 0 {
            game.pass();
            continue;
        }
        let k = below(rng, game.open.count_ones());
        game.place(nth_bit(game.open, k));
    }
    game.turns
}

/// The `k`-th lowest set bit of `x` (which has more than `k` set bits).
#[inline]
fn nth_bit(mut x: u64, k: u32) -> u64 {
    for _ in 0..k {
        x &= x - 1;
    }
    x & x.wrapping_neg()
}

/// Uniform integer in `0..n` (`n > 0`) by Lemire's multiply-and-reject method.
///
/// Unbiased like `gen_range`, but rand 0.8's `gen_range` on `u32` uses a
/// conservative rejection zone that throws away up to half of all draws (with
/// an unpredictable retry branch); this rejects with probability `n / 2^32`.
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
