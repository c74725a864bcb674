//! Hand-written native implementation of Connect Four (rules:
//! `rules/connect-four.game`, 7 columns by 6 rows).
//!
//! It serves two purposes: it is the speed ceiling that the interpreter's
//! random playouts are benchmarked against, and an independent reference for
//! cross-checking the interpreter's move lists, wins and draws. The outside
//! therefore speaks the interpreter's language: a move is a column (`0` is
//! column `a`), moves are listed in column order, and a cell id is the
//! interpreter's, `id = row * 7 + column` counted from the bottom-left
//! (`a1 = 0`, `g1 = 6`, `a6 = 35`, `g6 = 41`).
//!
//! Inside, each seat's discs are a bitboard in the column-major layout of
//! John Tromp's and Pascal Pons' solvers: column `c`, row `r` is bit
//! `c * 7 + r`, each column one bit taller than the board. The spare top bit
//! of every column stays empty, so a shift along any line direction runs into
//! a zero instead of wrapping into the next column:
//!
//! ```text
//!  .  .  .  .  .  .  .     6 13 20 27 34 41 48   (always empty)
//!  a6 b6 c6 d6 e6 f6 g6    5 12 19 26 33 40 47
//!  ...                     ...
//!  a1 b1 c1 d1 e1 f1 g1    0  7 14 21 28 35 42
//! ```
//!
//! Adding the bottom bit of every column to the occupied set carries up each
//! column to its lowest empty cell, so all landing cells come from one
//! addition; a four is found by two shift-and-ands per direction.

// A bench and the cross-check tests each use a different subset of this API;
// the unused remainder must not trip `-D warnings` in either of them.
#![allow(dead_code)]

use rand::Rng;

/// Number of columns.
pub const COLUMNS: usize = 7;

/// Number of rows.
pub const ROWS: usize = 6;

/// Number of cells; a game that fills them all without a four is a draw.
pub const CELLS: usize = COLUMNS * ROWS;

/// Bits per column in the bitboard: the rows plus one always-empty guard bit.
const HEIGHT: usize = ROWS + 1;

/// The bottom cell of every column.
const BOTTOM: u64 = bottom();

/// Every real cell (no guard bits).
const BOARD: u64 = BOTTOM * ((1 << ROWS) - 1);

/// The top real cell of every column: a column is full when its bit is set.
const TOP: u64 = BOTTOM << (ROWS - 1);

/// Bit shifts of the four line directions: up a column, along a row, and the
/// two diagonals (down-right and up-right in board terms).
const LINE_SHIFTS: [usize; 4] = [1, HEIGHT, HEIGHT - 1, HEIGHT + 1];

/// Builds `BOTTOM`.
const fn bottom() -> u64 {
    let mut b = 0;
    let mut c = 0;
    while c < COLUMNS {
        b |= 1 << (c * HEIGHT);
        c += 1;
    }
    b
}

/// A move: the column the disc is dropped into, `0` for `a` to `6` for `g`.
pub type Move = u8;

/// Bitboard bit of an interpreter cell id.
#[inline]
fn bit_of(cell: usize) -> u64 {
    1 << ((cell % COLUMNS) * HEIGHT + cell / COLUMNS)
}

/// Interpreter cell id of a single-bit bitboard.
#[inline]
fn cell_of(bit: u64) -> usize {
    let i = bit.trailing_zeros() as usize;
    (i % HEIGHT) * COLUMNS + i / HEIGHT
}

/// Whether `discs` hold four in a row in any direction.
#[inline]
fn has_four(discs: u64) -> bool {
    LINE_SHIFTS.iter().any(|&s| {
        // `pairs` marks each disc with a neighbour `s` further on; a pair
        // with another pair `2s` further on is a run of four.
        let pairs = discs & (discs >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

/// The interpreter's label of a cell id: column letter then row from the
/// bottom, so `0` is `a1` and `41` is `g6`.
pub fn cell_label(cell: usize) -> String {
    let col = (b'a' + (cell % COLUMNS) as u8) as char;
    format!("{col}{}", cell / COLUMNS + 1)
}

/// Cell id of a label such as `d3`, or `None` if it names no cell.
pub fn parse_cell(label: &str) -> Option<usize> {
    match label.as_bytes() {
        &[col @ b'a'..=b'g', row @ b'1'..=b'6'] => {
            Some((row - b'1') as usize * COLUMNS + (col - b'a') as usize)
        }
        _ => None,
    }
}

/// The interpreter's notation of a move: its column letter, `a` to `g`.
pub fn column_of(m: Move) -> char {
    debug_assert!((m as usize) < COLUMNS, "no column {m}");
    (b'a' + m) as char
}

/// The move written as a column letter, or `None` if it names no column.
pub fn parse_column(letter: char) -> Option<Move> {
    ('a'..='g').contains(&letter).then(|| letter as u8 - b'a')
}

/// A Connect Four position. Seat 0 (Yellow in the rules file) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    /// Each seat's discs, in the column-major bit layout.
    discs: [u64; 2],
    /// Both seats' discs together.
    occupied: u64,
    mover: usize,
    turns: u32,
    /// Bit of the most recent disc, 0 before the first move.
    last: u64,
    winner: Option<usize>,
    over: bool,
}

impl Default for ConnectFour {
    fn default() -> Self {
        Self::new()
    }
}

impl ConnectFour {
    /// The empty board, seat 0 to move.
    pub fn new() -> Self {
        ConnectFour {
            discs: [0; 2],
            occupied: 0,
            mover: 0,
            turns: 0,
            last: 0,
            winner: None,
            over: false,
        }
    }

    /// Resets to the empty board.
    pub fn reset(&mut self) {
        *self = Self::new();
    }

    /// The lowest empty cell of every column that has one, as bits.
    #[inline]
    fn landings(&self) -> u64 {
        // Adding a column's bottom bit carries through its filled cells to the
        // first empty one; a full column carries into its guard bit, which
        // `BOARD` masks off.
        (self.occupied + BOTTOM) & BOARD
    }

    /// Appends the legal moves (columns, ascending) to `out` after clearing it.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.over {
            return;
        }
        out.extend((0..COLUMNS as Move).filter(|&c| self.column_open(c)));
    }

    /// Number of legal moves now.
    pub fn move_count(&self) -> u32 {
        if self.over {
            0
        } else {
            self.landings().count_ones()
        }
    }

    /// Whether column `c` still has room (regardless of the game being over).
    fn column_open(&self, c: Move) -> bool {
        self.occupied & TOP & (((1 << HEIGHT) - 1) << (c as usize * HEIGHT)) == 0
    }

    /// Whether `m` is a legal move for the mover now.
    pub fn is_legal(&self, m: Move) -> bool {
        !self.over && (m as usize) < COLUMNS && self.column_open(m)
    }

    /// Cell id where a disc dropped in column `m` would land, or `None` if
    /// the column is full.
    pub fn landing(&self, m: Move) -> Option<usize> {
        let column = ((1u64 << HEIGHT) - 1) << (m as usize * HEIGHT);
        let bit = self.landings() & column;
        (bit != 0).then(|| cell_of(bit))
    }

    /// Plays a legal move for the mover.
    pub fn play(&mut self, m: Move) {
        // Cheap enough to keep in release: a bad move from a cross-check must
        // fail loudly rather than stack a disc on the guard bit.
        assert!(self.is_legal(m), "illegal move {m}");
        let column = ((1u64 << HEIGHT) - 1) << (m as usize * HEIGHT);
        self.drop_bit(self.landings() & column);
    }

    /// Puts the mover's disc on `bit`, a landing cell (the playout fast path).
    #[inline]
    fn drop_bit(&mut self, bit: u64) {
        let m = self.mover;
        self.discs[m] |= bit;
        self.occupied |= bit;
        self.last = bit;
        self.turns += 1;
        // Only the mover's discs changed, so only the mover can have a new four.
        if has_four(self.discs[m]) {
            self.winner = Some(m);
            self.over = true;
        } else {
            self.over = self.turns as usize == CELLS;
        }
        self.mover = 1 - m;
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The seat with four in a row, or `None` (a draw once over).
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }

    /// Seat to move next.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Number of moves played so far (also the number of discs on the board).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Occupant of a cell id: `None` if empty, else the seat.
    pub fn owner(&self, cell: usize) -> Option<usize> {
        let b = bit_of(cell);
        (0..2).find(|&s| self.discs[s] & b != 0)
    }

    /// Number of discs of `seat` on the board.
    pub fn disc_count(&self, seat: usize) -> u32 {
        self.discs[seat].count_ones()
    }

    /// Cell id of the most recent disc, if any.
    pub fn last_cell(&self) -> Option<usize> {
        (self.last != 0).then(|| cell_of(self.last))
    }

    /// Move sequences of `depth` moves from here; a position where the game
    /// has ended is not expanded, so a sequence cut short by a win counts 0.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over {
            return 0;
        }
        // The last ply needs no moves played: each landing cell is one move.
        if depth == 1 {
            return u64::from(self.move_count());
        }
        let mut total = 0;
        let mut open = self.landings();
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            let mut child = *self;
            child.drop_bit(bit);
            total += child.perft(depth - 1);
        }
        total
    }
}

/// Plays one uniformly random game from the empty board (reusing `game`;
/// `buf` is unused, as the landing cells are drawn from a bitboard) and
/// returns its length in moves.
pub fn random_playout<R: Rng>(game: &mut ConnectFour, buf: &mut Vec<Move>, rng: &mut R) -> u32 {
    let _ = buf;
    game.reset();
    while !game.over {
        let open = game.landings();
        let k = below(rng, open.count_ones());
        game.drop_bit(nth_bit(open, k));
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
