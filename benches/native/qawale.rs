//! Hand-written native implementation of Qawale (rules: `docs/games/qawale.md`).
//!
//! It serves two purposes: it is the speed ceiling that the interpreter's
//! random playouts are benchmarked against, and an independent reference for
//! cross-checking the interpreter's move generation and end-of-game handling.
//! Cell ids therefore follow the interpreter's numbering exactly: `id = y * 4 +
//! x`, row by row from the bottom (`a1 = 0`, `d1 = 3`, `a2 = 4`, `d4 = 15`), and
//! directions are numbered east, west, north, south (`0..4`, the opposite of
//! `d` being `d ^ 1`), so both sides list moves in the same order.
//!
//! The number of no-reversal walks of `k` steps from a cell, given the one
//! direction it may not take, depends only on the board geometry, never on the
//! pebbles. It is tabulated once at compile time (`WALKS`), which gives the
//! number of legal moves without listing them, and turns a uniform index over
//! all legal moves into its move by walking down the table. Random playouts use
//! that: one random number per turn, exactly uniform over the legal moves, and
//! no move list even when a tall stack has billions of paths.

// A bench and the cross-check tests each use a different subset of this API;
// the unused remainder must not trip `-D warnings` in either of them.
#![allow(dead_code)]

use rand::Rng;

/// Board side length.
pub const SIDE: usize = 4;

/// Number of cells.
pub const CELLS: usize = SIDE * SIDE;

/// Pebbles each player starts with in supply; one is played per turn.
pub const PEBBLES: u8 = 8;

/// Neutral pebbles on the board (2 on each corner at the start).
pub const NEUTRALS: u8 = 8;

/// Pebble kind of seat 0.
pub const LIGHT: u8 = 0;

/// Pebble kind of seat 1.
pub const DARK: u8 = 1;

/// Pebble kind of the neutral (tan) pebbles.
pub const NEUTRAL: u8 = 2;

/// Total pebbles in the game: the tallest possible stack and the longest sowing.
const TOTAL: usize = 2 * PEBBLES as usize + NEUTRALS as usize;

/// Turns in a game without a line: every pebble of both supplies played.
pub const MAX_TURNS: u32 = 2 * PEBBLES as u32;

/// Direction vectors `(dx, dy)`: east, west, north, south, in the
/// interpreter's order; `d ^ 1` is the opposite of `d`.
const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// "No forbidden direction": the first drop of a sowing may go any way.
const FREE: usize = 4;

/// Off-board neighbour marker; `WALKS` has an all-zero row for it, so an
/// off-board step weighs nothing and needs no separate test.
const OFF: u8 = CELLS as u8;

/// Neighbour of each cell in each direction, or `OFF`.
const NEIGH: [[u8; 4]; CELLS] = neighbours();

/// `STEPS[c][f]`: `NEIGH[c]` with direction `f` (the reversal) also `OFF`.
// This and the tables below are statics, not consts, so that each has one
// copy in memory rather than one per use.
static STEPS: [[[u8; 4]; 5]; CELLS] = steps();

/// `WALKS[k][c][f]`: no-reversal walks of `k` steps from `c` whose first step
/// is not `f` (`FREE` for none); row `OFF` is all zeros.
static WALKS: [[[u64; 5]; CELLS + 1]; TOTAL + 1] = walks();

/// `PATHS[h][c]`: legal paths from cell `c` holding a stack of height `h`
/// (0 when empty), so `WALKS[h + 1][c][FREE]` for `h >= 1`; the sowing of a
/// stack as tall as all the pebbles (`h = TOTAL`) is never played.
static PATHS: [[u64; CELLS]; TOTAL + 1] = paths();

/// The 10 winning lines as cell bitsets: 4 rows, 4 columns, 2 long diagonals.
const LINES: [u16; 10] = lines();

/// Builds `NEIGH`.
const fn neighbours() -> [[u8; 4]; CELLS] {
    let mut t = [[OFF; 4]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (x, y) = ((c % SIDE) as i32, (c / SIDE) as i32);
        let mut d = 0;
        while d < 4 {
            let (nx, ny) = (x + DIRS[d].0, y + DIRS[d].1);
            if nx >= 0 && nx < SIDE as i32 && ny >= 0 && ny < SIDE as i32 {
                t[c][d] = (ny * SIDE as i32 + nx) as u8;
            }
            d += 1;
        }
        c += 1;
    }
    t
}

/// Builds `STEPS`.
const fn steps() -> [[[u8; 4]; 5]; CELLS] {
    let mut t = [[[OFF; 4]; 5]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut f = 0;
        while f < 5 {
            t[c][f] = NEIGH[c];
            if f < 4 {
                t[c][f][f] = OFF;
            }
            f += 1;
        }
        c += 1;
    }
    t
}

/// Builds `WALKS` by the recurrence: a walk is a first step then a walk from
/// the neighbour that may not step straight back.
const fn walks() -> [[[u64; 5]; CELLS + 1]; TOTAL + 1] {
    let mut w = [[[0u64; 5]; CELLS + 1]; TOTAL + 1];
    let mut c = 0;
    while c < CELLS {
        w[0][c] = [1; 5];
        c += 1;
    }
    let mut k = 1;
    while k <= TOTAL {
        let mut c = 0;
        while c < CELLS {
            let mut f = 0;
            while f < 5 {
                let mut sum = 0;
                let mut d = 0;
                while d < 4 {
                    if d != f {
                        sum += w[k - 1][NEIGH[c][d] as usize][d ^ 1];
                    }
                    d += 1;
                }
                w[k][c][f] = sum;
                f += 1;
            }
            c += 1;
        }
        k += 1;
    }
    w
}

/// Builds `PATHS`.
const fn paths() -> [[u64; CELLS]; TOTAL + 1] {
    // Recomputed rather than read from the `WALKS` static, which a const
    // initialiser may not read on older compilers.
    let walks = walks();
    let mut p = [[0u64; CELLS]; TOTAL + 1];
    let mut h = 1;
    while h < TOTAL {
        let mut c = 0;
        while c < CELLS {
            p[h][c] = walks[h + 1][c][FREE];
            c += 1;
        }
        h += 1;
    }
    p
}

/// Builds `LINES`.
const fn lines() -> [u16; 10] {
    let mut l = [0u16; 10];
    let mut i = 0;
    while i < SIDE {
        let mut j = 0;
        while j < SIDE {
            l[i] |= 1 << (i * SIDE + j);
            l[SIDE + i] |= 1 << (j * SIDE + i);
            j += 1;
        }
        l[8] |= 1 << (i * SIDE + i);
        l[9] |= 1 << (i * SIDE + SIDE - 1 - i);
        i += 1;
    }
    l
}

/// Whether the cell bitset `tops` covers a whole winning line.
#[inline]
fn has_line(tops: u16) -> bool {
    // Shifted copies ANDed together leave a bit on each full row's a-cell and
    // each full column's row-1 cell: a few operations instead of 10 masks.
    let t = u32::from(tops);
    let rows = t & t >> 1 & t >> 2 & t >> 3 & 0x1111;
    let cols = t & t >> 4 & t >> 8 & t >> 12 & 0x000F;
    let (diag, anti) = (u32::from(LINES[8]), u32::from(LINES[9]));
    rows | cols != 0 || t & diag == diag || t & anti == anti
}

/// A move: the chosen stack and its sowing path, as one 2-bit direction per drop.
///
/// Drop `i` uses bits `2i..2i + 2` of `dirs`; bits past `len` drops are zero,
/// so equal moves compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sow {
    /// The cell whose stack is played and sown.
    pub from: u8,
    /// Number of drops: the stack's height once the mover's pebble is on it.
    pub len: u8,
    /// Direction of each drop from the previous one (or from `from`).
    pub dirs: u64,
}

impl Sow {
    /// Direction index (`0..4`: east, west, north, south) of drop `i`.
    pub fn dir(&self, i: usize) -> usize {
        ((self.dirs >> (2 * i)) & 3) as usize
    }

    /// The cells the pebbles are dropped on, in order (the origin not included).
    ///
    /// Yields `OFF` (16) past the edge, which only an illegal move can contain.
    pub fn path_cells(&self) -> impl Iterator<Item = u8> + '_ {
        let mut cur = self.from;
        (0..self.len as usize).map(move |i| {
            cur = NEIGH.get(cur as usize).map_or(OFF, |n| n[self.dir(i)]);
            cur
        })
    }
}

/// Label of a cell: column letter `a..d` then row number `1..4`.
pub fn cell_label(cell: usize) -> String {
    let col = (b'a' + (cell % SIDE) as u8) as char;
    format!("{col}{}", cell / SIDE + 1)
}

/// Cell id of a label such as `c2`, or `None` if it names no cell.
pub fn parse_cell(label: &str) -> Option<usize> {
    match label.as_bytes() {
        &[col @ b'a'..=b'd', row @ b'1'..=b'4'] => {
            Some((row - b'1') as usize * SIDE + (col - b'a') as usize)
        }
        _ => None,
    }
}

/// The interpreter's notation of a move: the origin then the drop cells,
/// space-separated, e.g. `a1 b1 c1 c2`.
pub fn notation(m: &Sow) -> String {
    let mut s = cell_label(m.from as usize);
    for c in m.path_cells() {
        s.push(' ');
        s.push_str(&cell_label(c as usize));
    }
    s
}

/// Parses the notation written by `notation`; `None` unless each cell is
/// orthogonally adjacent to the previous one. Legality is `is_legal`'s job.
pub fn parse_sow(text: &str) -> Option<Sow> {
    let mut cells = text.split_whitespace().map(parse_cell);
    let from = cells.next()??;
    let (mut prev, mut len, mut dirs) = (from, 0u32, 0u64);
    for cell in cells {
        let cell = cell?;
        let d = (0..4).find(|&d| NEIGH[prev][d] as usize == cell)?;
        if len as usize >= TOTAL {
            return None;
        }
        dirs |= (d as u64) << (2 * len);
        len += 1;
        prev = cell;
    }
    Some(Sow {
        from: from as u8,
        len: len as u8,
        dirs,
    })
}

/// A Qawale position.
///
/// Equality compares positions (stacks, supplies, turn, result), not the
/// stale bytes above each stack's height.
#[derive(Clone, Debug)]
pub struct Qawale {
    /// Each cell's stack, bottom first; only the first `heights[c]` count.
    stacks: [[u8; TOTAL]; CELLS],
    /// Height of each stack.
    heights: [u8; CELLS],
    /// Cells whose top pebble is Light, Dark, neutral (indexed by pebble
    /// kind, so a drop updates them without a branch); their union is the
    /// set of non-empty cells.
    tops: [u16; 3],
    /// Legal paths from each cell (`PATHS[height][cell]`, 0 if empty), kept
    /// up to date by each drop so a random move need not recompute them.
    weights: [u64; CELLS],
    supply: [u8; 2],
    mover: usize,
    turns: u32,
    over: bool,
    winner: Option<usize>,
}

impl Qawale {
    /// The start position, `first` seat to move.
    pub fn new(first: usize) -> Self {
        let mut game = Qawale {
            stacks: [[0; TOTAL]; CELLS],
            heights: [0; CELLS],
            tops: [0; 3],
            weights: [0; CELLS],
            supply: [PEBBLES; 2],
            mover: first,
            turns: 0,
            over: false,
            winner: None,
        };
        game.reset(first);
        game
    }

    /// Resets to the start position, `first` seat to move.
    pub fn reset(&mut self, first: usize) {
        assert!(first < 2, "seat {first} out of range");
        self.heights = [0; CELLS];
        self.tops = [0; 3];
        for corner in [0, SIDE - 1, CELLS - SIDE, CELLS - 1] {
            self.stacks[corner][..2].fill(NEUTRAL);
            self.heights[corner] = 2;
            self.tops[NEUTRAL as usize] |= 1 << corner;
        }
        self.supply = [PEBBLES; 2];
        self.refresh_weights();
        self.mover = first;
        self.turns = 0;
        self.over = false;
        self.winner = None;
    }

    /// Recomputes `weights` from the stack heights.
    fn refresh_weights(&mut self) {
        for (c, w) in self.weights.iter_mut().enumerate() {
            *w = PATHS[self.heights[c] as usize][c];
        }
    }

    /// Bitset of the non-empty cells.
    #[inline]
    fn occupied(&self) -> u16 {
        self.tops[0] | self.tops[1] | self.tops[2]
    }

    /// Number of legal moves, from the walk table (no listing).
    pub fn move_count(&self) -> u64 {
        if self.over {
            return 0;
        }
        self.weights.iter().sum()
    }

    /// Appends all legal moves to `out` after clearing it: by origin cell
    /// ascending, then paths in lexicographic order of their direction
    /// sequences (east < west < north < south), which is `nth_move`'s order.
    ///
    /// A tall stack has up to `4 * 3^23` paths; use `move_count` and
    /// `nth_move` when the list could be too long to build.
    pub fn legal_moves(&self, out: &mut Vec<Sow>) {
        out.clear();
        if self.over {
            return;
        }
        out.reserve(self.move_count() as usize);
        let mut bits = self.occupied();
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            let len = u32::from(self.heights[c]) + 1;
            push_paths(out, c as u8, c, FREE, 0, len, 0);
            bits &= bits - 1;
        }
    }

    /// The legal move at `index` (`< move_count()`) in `legal_moves` order,
    /// found by walking down the walk table instead of listing the moves.
    pub fn nth_move(&self, index: u64) -> Sow {
        assert!(index < self.move_count(), "move index {index} out of range");
        let (from, mut r) = self.origin_of(index);
        let len = self.heights[from] as usize + 1;
        let (mut cur, mut f, mut dirs) = (from, FREE, 0u64);
        for i in 0..len {
            let d = pick_step(cur, f, len - 1 - i, &mut r);
            dirs |= (d as u64) << (2 * i);
            cur = NEIGH[cur][d] as usize;
            f = d ^ 1;
        }
        Sow {
            from: from as u8,
            len: len as u8,
            dirs,
        }
    }

    /// Splits a move index (`< move_count()`) into its origin cell and the
    /// index among that cell's paths.
    #[inline]
    fn origin_of(&self, mut index: u64) -> (usize, u64) {
        // An early-exit scan: its one mispredicted exit costs less than a
        // branchless pass over all 16 prefix sums (measured).
        for (c, &w) in self.weights.iter().enumerate() {
            if index < w {
                return (c, index);
            }
            index -= w;
        }
        unreachable!("move index past the last move");
    }

    /// Whether `m` is a legal move for the mover now.
    pub fn is_legal(&self, m: &Sow) -> bool {
        let from = m.from as usize;
        if self.over || from >= CELLS || self.heights[from] == 0 {
            return false;
        }
        let len = self.heights[from] as usize + 1;
        if m.len as usize != len || m.dirs >> (2 * len) != 0 {
            return false;
        }
        let (mut cur, mut f) = (from, FREE);
        for i in 0..len {
            let d = m.dir(i);
            if d == f || NEIGH[cur][d] == OFF {
                return false;
            }
            cur = NEIGH[cur][d] as usize;
            f = d ^ 1;
        }
        true
    }

    /// Plays a legal move for the mover.
    pub fn play(&mut self, m: &Sow) {
        // Cheap next to the sowing itself; a bad move from a cross-check must
        // fail loudly rather than silently corrupt the stacks.
        assert!(self.is_legal(m), "illegal move {}", notation(m));
        let (hand, len) = self.pick_up(m.from as usize);
        let mut cur = m.from as usize;
        for (i, &pebble) in hand[..len].iter().enumerate() {
            cur = NEIGH[cur][m.dir(i)] as usize;
            self.drop_pebble(cur, pebble);
        }
        self.end_turn();
    }

    /// Plays a uniformly random legal move (the playout fast path): one random
    /// index over all moves, decoded step by step while sowing.
    #[inline]
    fn play_random<R: Rng>(&mut self, rng: &mut R) {
        let (from, mut r) = self.origin_of(below(rng, self.move_count()));
        let (hand, len) = self.pick_up(from);
        let (mut cur, mut f) = (from, FREE);
        for (i, &pebble) in hand[..len].iter().enumerate() {
            let d = pick_step(cur, f, len - 1 - i, &mut r);
            cur = NEIGH[cur][d] as usize;
            f = d ^ 1;
            self.drop_pebble(cur, pebble);
        }
        self.end_turn();
    }

    /// Puts the mover's pebble on `from`, lifts the whole stack off the board
    /// and returns it (bottom first) with its height, the number of drops.
    #[inline]
    fn pick_up(&mut self, from: usize) -> ([u8; TOTAL], usize) {
        let h = self.heights[from] as usize;
        // A copy, so a loop that drops back on `from` cannot clobber pebbles
        // still to be sown (24 bytes, cheaper than reasoning about aliasing).
        let mut hand = self.stacks[from];
        hand[h] = self.mover as u8;
        self.heights[from] = 0;
        self.weights[from] = 0;
        let keep = !(1u16 << from);
        for t in &mut self.tops {
            *t &= keep;
        }
        self.supply[self.mover] -= 1;
        (hand, h + 1)
    }

    /// Drops `pebble` on top of `cell`'s stack.
    #[inline]
    fn drop_pebble(&mut self, cell: usize, pebble: u8) {
        self.stacks[cell][self.heights[cell] as usize] = pebble;
        self.heights[cell] += 1;
        self.weights[cell] = PATHS[self.heights[cell] as usize][cell];
        let bit = 1u16 << cell;
        for t in &mut self.tops {
            *t &= !bit;
        }
        self.tops[pebble as usize] |= bit;
    }

    /// Scores the sown position and passes the turn.
    #[inline]
    fn end_turn(&mut self) {
        let me = self.mover;
        self.turns += 1;
        // The mover's line is tested first: with lines for both, the mover wins.
        if has_line(self.tops[me]) {
            self.winner = Some(me);
            self.over = true;
        } else if has_line(self.tops[1 - me]) {
            self.winner = Some(1 - me);
            self.over = true;
        } else if self.turns == MAX_TURNS {
            self.over = true;
        }
        self.mover = 1 - me;
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

    /// The seat to move (after the end: the seat that would have moved next).
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Pebbles left in each seat's supply.
    pub fn supply(&self) -> [u8; 2] {
        self.supply
    }

    /// The stack on `cell`, bottom first: `LIGHT`, `DARK` or `NEUTRAL` pebbles.
    pub fn stack(&self, cell: usize) -> &[u8] {
        &self.stacks[cell][..self.heights[cell] as usize]
    }

    /// The top pebble of `cell`, or `None` if it is empty.
    pub fn top(&self, cell: usize) -> Option<u8> {
        self.stack(cell).last().copied()
    }

    /// Turns played so far.
    pub fn turns(&self) -> u32 {
        self.turns
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
        // The last ply needs no moves played: the walk table counts them.
        if depth == 1 {
            return self.move_count();
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut child = self.clone();
        moves
            .iter()
            .map(|m| {
                child.clone_from(self);
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}

impl PartialEq for Qawale {
    fn eq(&self, other: &Self) -> bool {
        // `tops` follows from the stacks, so it needs no comparison.
        (0..CELLS).all(|c| self.stack(c) == other.stack(c))
            && (self.supply, self.mover, self.turns) == (other.supply, other.mover, other.turns)
            && (self.over, self.winner) == (other.over, other.winner)
    }
}

impl Eq for Qawale {}

/// Appends every no-reversal path of `len` drops from `cur` that extends the
/// `step` directions already in `dirs`, in lexicographic direction order.
fn push_paths(out: &mut Vec<Sow>, from: u8, cur: usize, f: usize, step: u32, len: u32, dirs: u64) {
    if step == len {
        out.push(Sow {
            from,
            len: len as u8,
            dirs,
        });
        return;
    }
    for (d, &n) in NEIGH[cur].iter().enumerate() {
        if d != f && n != OFF {
            let dirs = dirs | (d as u64) << (2 * step);
            push_paths(out, from, n as usize, d ^ 1, step + 1, len, dirs);
        }
    }
}

/// The direction of the next drop from `cur` (not `f`) for path index `*r`
/// among the walks with `left` more drops after it; reduces `*r` to the index
/// among the walks that continue from the chosen neighbour.
#[inline]
fn pick_step(cur: usize, f: usize, left: usize, r: &mut u64) -> usize {
    let row = &WALKS[left];
    let nb = &STEPS[cur][f];
    // Off-board and forbidden neighbours read the all-zero `OFF` row, so they
    // weigh 0 and are never chosen, without a (mispredicted) test.
    let w = |d: usize| row[nb[d] as usize][d ^ 1];
    let before = [0, w(0), w(0) + w(1), w(0) + w(1) + w(2)];
    // The direction is the number of prefix sums not above `*r`: compares
    // instead of a scan whose exit branch random play mispredicts constantly.
    let d = (1..4).map(|i| usize::from(before[i] <= *r)).sum::<usize>();
    debug_assert!(*r - before[d] < w(d), "path index past the last path");
    *r -= before[d];
    d
}

/// Plays one uniformly random game (uniform over all legal moves at each turn)
/// from the start position with `first` to move, reusing `game`, and returns
/// its length in turns. `buf` is unused: the moves are never listed.
pub fn random_playout<R: Rng>(
    game: &mut Qawale,
    buf: &mut Vec<Sow>,
    rng: &mut R,
    first: usize,
) -> u32 {
    let _ = buf;
    game.reset(first);
    while !game.over {
        game.play_random(rng);
    }
    game.turns
}

/// Uniform integer in `0..n` (`n > 0`) by Lemire's multiply-and-reject method.
///
/// 64-bit because a tall stack has more than `2^32` paths. Unbiased like
/// `gen_range`, and rejects with probability only `n / 2^64`.
#[inline]
fn below<R: Rng>(rng: &mut R, n: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    // Unused when the file is compiled into a bench without the test harness.
    use rand::rngs::SmallRng;
    #[allow(unused_imports)]
    use rand::SeedableRng;

    const L: u8 = LIGHT;
    const D: u8 = DARK;
    const N: u8 = NEUTRAL;

    /// Parses a move known to be well formed.
    fn sow(text: &str) -> Sow {
        parse_sow(text).unwrap_or_else(|| panic!("bad notation {text}"))
    }

    impl Qawale {
        /// A position with the given stacks (by label, bottom first) and
        /// `mover` to move; supplies and turns follow from the pebbles placed.
        fn with_stacks(stacks: &[(&str, &[u8])], mover: usize) -> Self {
            let mut g = Qawale::new(mover);
            g.heights = [0; CELLS];
            g.tops = [0; 3];
            for &(label, pebbles) in stacks {
                let c = parse_cell(label).expect("cell label");
                g.stacks[c][..pebbles.len()].copy_from_slice(pebbles);
                g.heights[c] = pebbles.len() as u8;
                g.tops[*pebbles.last().expect("non-empty") as usize] |= 1 << c;
            }
            g.refresh_weights();
            for seat in 0..2 {
                let placed = stacks
                    .iter()
                    .flat_map(|s| s.1)
                    .filter(|&&p| p == seat as u8);
                g.supply[seat] = PEBBLES - placed.count() as u8;
            }
            g.turns = MAX_TURNS - u32::from(g.supply[0]) - u32::from(g.supply[1]);
            g
        }
    }

    /// Every legal move, built independently of `NEIGH` and the direction
    /// encoding: coordinate steps in the interpreter's direction order, and no
    /// reversal stated as "never the cell two drops back".
    fn brute_force_notations(g: &Qawale) -> Vec<String> {
        fn extend(path: &mut Vec<(i32, i32)>, left: usize, out: &mut Vec<String>) {
            if left == 0 {
                let labels: Vec<String> = path
                    .iter()
                    .map(|&(x, y)| cell_label((y * 4 + x) as usize))
                    .collect();
                out.push(labels.join(" "));
                return;
            }
            let (x, y) = *path.last().expect("origin");
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let next = (x + dx, y + dy);
                let back = path.len() >= 2 && path[path.len() - 2] == next;
                if (0..4).contains(&next.0) && (0..4).contains(&next.1) && !back {
                    path.push(next);
                    extend(path, left - 1, out);
                    path.pop();
                }
            }
        }
        let mut out = Vec::new();
        if g.is_over() {
            return out;
        }
        for c in 0..CELLS {
            if !g.stack(c).is_empty() {
                let mut path = vec![((c % 4) as i32, (c / 4) as i32)];
                extend(&mut path, g.stack(c).len() + 1, &mut out);
            }
        }
        out
    }

    /// Checks piece conservation, supplies, turns and the top bitsets.
    fn check_invariants(g: &Qawale) {
        let mut count = [0u8; 3];
        for c in 0..CELLS {
            for &p in g.stack(c) {
                count[p as usize] += 1;
            }
            for kind in 0..3 {
                let is_top = g.tops[kind] >> c & 1 == 1;
                assert_eq!(is_top, g.top(c) == Some(kind as u8), "cell {c}");
            }
        }
        assert_eq!(count[2], NEUTRALS);
        assert_eq!(count[0] + g.supply()[0], PEBBLES);
        assert_eq!(count[1] + g.supply()[1], PEBBLES);
        let played = 2 * PEBBLES - g.supply()[0] - g.supply()[1];
        assert_eq!(u32::from(played), g.turns());
        assert!(g.turns() <= MAX_TURNS);
        let mut fresh = g.clone();
        fresh.refresh_weights();
        assert_eq!(g.weights, fresh.weights);
        assert_eq!(
            g.move_count(),
            if g.is_over() { 0 } else { fresh.move_count() }
        );
    }

    /// Finds the index of the move whose result is `after`, given the results
    /// of all moves from one position.
    fn result_index(results: &[Qawale], after: &Qawale) -> usize {
        results
            .iter()
            .position(|r| r == after)
            .expect("a legal result")
    }

    #[test]
    fn numbering_matches_interpreter() {
        assert_eq!(parse_cell("a1"), Some(0));
        assert_eq!(parse_cell("d1"), Some(3));
        assert_eq!(parse_cell("a2"), Some(4));
        assert_eq!(parse_cell("d4"), Some(15));
        assert_eq!(parse_cell("e1"), None);
        assert_eq!(parse_cell("a5"), None);
        for c in 0..CELLS {
            assert_eq!(parse_cell(&cell_label(c)), Some(c));
        }
        assert_eq!(NEIGH[0], [1, OFF, 4, OFF]);
        assert_eq!(NEIGH[5], [6, 4, 9, 1]);
        assert_eq!(NEIGH[15], [OFF, 14, OFF, 11]);
        let lines: Vec<String> = LINES
            .iter()
            .map(|&l| {
                let cells: Vec<String> = (0..CELLS)
                    .filter(|&c| l >> c & 1 == 1)
                    .map(cell_label)
                    .collect();
                cells.join(" ")
            })
            .collect();
        assert_eq!(lines[0], "a1 b1 c1 d1");
        assert_eq!(lines[4], "a1 a2 a3 a4");
        assert_eq!(lines[8], "a1 b2 c3 d4");
        assert_eq!(lines[9], "d1 c2 b3 a4");
        assert_eq!(LINES.iter().map(|l| l.count_ones()).sum::<u32>(), 40);
    }

    #[test]
    fn has_line_matches_line_masks() {
        for tops in 0..=u16::MAX {
            let by_masks = LINES.iter().any(|&l| l & !tops == 0);
            assert_eq!(has_line(tops), by_masks, "{tops:#06x}");
        }
    }

    #[test]
    fn walk_table_counts() {
        // The 10 corner paths of the rules, a few small cases and the extremes;
        // the brute-force test checks the table against real move lists.
        assert_eq!(WALKS[3][0][FREE], 10);
        assert_eq!(WALKS[1][5][FREE], 4);
        assert_eq!(WALKS[1][0][FREE], 2);
        assert!(WALKS[TOTAL].iter().all(|row| row[FREE] < 1 << 40));
        assert!(WALKS[TOTAL][OFF as usize].iter().all(|&w| w == 0));
    }

    #[test]
    fn start_position_has_40_moves() {
        for first in 0..2 {
            let g = Qawale::new(first);
            assert_eq!(g.mover(), first);
            assert_eq!(g.supply(), [8, 8]);
            assert_eq!((g.turns(), g.is_over(), g.winner()), (0, false, None));
            for c in 0..CELLS {
                let corner = [0, 3, 12, 15].contains(&c);
                assert_eq!(g.stack(c), if corner { &[N, N][..] } else { &[][..] });
                assert_eq!(g.top(c), corner.then_some(N));
            }
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            assert_eq!(moves.len(), 40);
            assert_eq!(g.move_count(), 40);
            for corner in [0u8, 3, 12, 15] {
                assert_eq!(moves.iter().filter(|m| m.from == corner).count(), 10);
            }
            assert!(moves.iter().all(|m| m.len == 3));
            assert_eq!(notation(&moves[0]), "a1 b1 c1 d1");
            assert_eq!(notation(&moves[1]), "a1 b1 c1 c2");
            assert_eq!(notation(&moves[39]), "d4 d3 d2 d1");
            assert!(moves.contains(&sow("a1 b1 c1 c2")));
        }
    }

    #[test]
    fn first_move_sows_bottom_first() {
        let mut g = Qawale::new(1);
        g.play(&sow("a1 b1 c1 c2"));
        assert!(g.stack(0).is_empty());
        assert_eq!(g.stack(1), &[N][..]);
        assert_eq!(g.stack(2), &[N][..]);
        assert_eq!(g.stack(6), &[D][..]);
        assert_eq!(g.supply(), [8, 7]);
        assert_eq!((g.mover(), g.turns()), (0, 1));

        // Bottom pebble first: the lower pebbles land first.
        let mut g = Qawale::with_stacks(&[("b2", &[D, N])], 0);
        g.play(&sow("b2 c2 c3 d3"));
        assert_eq!(g.top(6), Some(D));
        assert_eq!(g.top(10), Some(N));
        assert_eq!(g.top(11), Some(L));
    }

    #[test]
    fn notation_round_trips() {
        let m = sow("a1 b1 c1 c2");
        assert_eq!((m.from, m.len), (0, 3));
        assert_eq!(m.path_cells().collect::<Vec<_>>(), vec![1, 2, 6]);
        assert_eq!(notation(&m), "a1 b1 c1 c2");
        assert_eq!(parse_sow("a1 c1"), None, "not adjacent");
        assert_eq!(parse_sow("a1 z9"), None);
        assert_eq!(parse_sow(""), None);
    }

    #[test]
    fn moves_match_brute_force_in_random_games() {
        let mut rng = SmallRng::seed_from_u64(0x5157_414C);
        let mut moves = Vec::new();
        let mut checked = 0;
        for game in 0..100 {
            let mut g = Qawale::new(game % 2);
            while !g.is_over() {
                // The listing is exponential in stack height; skip huge cases.
                if g.move_count() <= 20_000 {
                    g.legal_moves(&mut moves);
                    assert_eq!(moves.len() as u64, g.move_count());
                    let ours: Vec<String> = moves.iter().map(notation).collect();
                    assert_eq!(ours, brute_force_notations(&g));
                    for m in &moves {
                        assert!(g.is_legal(m));
                        assert_eq!(parse_sow(&notation(m)), Some(*m));
                    }
                    checked += 1;
                }
                g.play_random(&mut rng);
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn no_move_reverses() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut moves = Vec::new();
        for _ in 0..200 {
            let mut g = Qawale::new(0);
            while !g.is_over() {
                if g.move_count() <= 20_000 {
                    g.legal_moves(&mut moves);
                    for m in &moves {
                        let cells: Vec<u8> =
                            std::iter::once(m.from).chain(m.path_cells()).collect();
                        assert!(cells.windows(3).all(|w| w[0] != w[2]), "{}", notation(m));
                        assert!((0..m.len as usize - 1).all(|i| m.dir(i + 1) != m.dir(i) ^ 1));
                    }
                }
                g.play_random(&mut rng);
            }
        }
        // Going straight back to the origin on the second drop is refused.
        let g = Qawale::new(0);
        assert!(!g.is_legal(&sow("a1 b1 a1 b1")));
        assert!(!g.is_legal(&sow("a1 b1 c1 b1")));
    }

    #[test]
    fn nth_move_matches_listing() {
        let mut rng = SmallRng::seed_from_u64(17);
        let mut moves = Vec::new();
        for _ in 0..100 {
            let mut g = Qawale::new(1);
            while !g.is_over() {
                if g.move_count() <= 5_000 {
                    g.legal_moves(&mut moves);
                    for (i, m) in moves.iter().enumerate() {
                        assert_eq!(g.nth_move(i as u64), *m);
                    }
                }
                g.play_random(&mut rng);
            }
        }
    }

    #[test]
    fn loops_back_to_origin_are_legal() {
        // b2 holds 3 neutrals: with the mover's pebble, 4 drops round a square.
        let mut g = Qawale::with_stacks(&[("b2", &[N, N, N]), ("d4", &[N; 5])], 0);
        let m = sow("b2 c2 c3 b3 b2");
        assert!(g.is_legal(&m));
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert!(moves.contains(&m));
        g.play(&m);
        assert_eq!(
            g.stack(5),
            &[L][..],
            "the last drop lands back on the origin"
        );
        for c in [6, 10, 9] {
            assert_eq!(g.stack(c), &[N][..]);
        }

        // Twice round the square from a 7-stack, ending on the origin.
        let mut g = Qawale::with_stacks(&[("b2", &[N, N, N, N, N, N, D]), ("a4", &[N, N])], 0);
        let m = sow("b2 c2 c3 b3 b2 c2 c3 b3 b2");
        assert!(g.is_legal(&m));
        g.play(&m);
        assert_eq!(g.stack(5), &[N, L][..]);
        assert_eq!(g.stack(6), &[N, N][..]);
        assert_eq!(g.stack(10), &[N, N][..]);
        assert_eq!(g.stack(9), &[N, D][..]);
        check_invariants(&g);
    }

    #[test]
    fn wrong_length_or_empty_origin_is_illegal() {
        let g = Qawale::new(0);
        assert!(!g.is_legal(&sow("a1 b1 c1")));
        assert!(!g.is_legal(&sow("a1 b1 c1 d1 d2")));
        assert!(!g.is_legal(&sow("b2 c2 c3 d3")));
        let mut bad = sow("a1 b1 c1 d1");
        bad.dirs |= 1 << 20;
        assert!(!g.is_legal(&bad));
    }

    #[test]
    #[should_panic(expected = "illegal move")]
    fn play_rejects_reversal() {
        Qawale::new(0).play(&sow("a1 a2 a1 b1"));
    }

    #[test]
    fn lines_for_both_mover_wins() {
        // Light to move sows d3 = [D] + L: D lands on d2 (Dark row 2), L on d1
        // (Light row 1).
        let mut g = Qawale::with_stacks(
            &[
                ("a1", &[L]),
                ("b1", &[L]),
                ("c1", &[L]),
                ("a2", &[D]),
                ("b2", &[D]),
                ("c2", &[D]),
                ("d3", &[D]),
            ],
            0,
        );
        g.play(&sow("d3 d2 d1"));
        assert!(has_line(g.tops[0]) && has_line(g.tops[1]));
        assert_eq!((g.is_over(), g.winner()), (true, Some(0)));
        let mut moves = vec![sow("a1 b1")];
        g.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(g.move_count(), 0);

        // The mirror image with Dark moving: Dark wins.
        let mut g = Qawale::with_stacks(
            &[
                ("a1", &[D]),
                ("b1", &[D]),
                ("c1", &[D]),
                ("a2", &[L]),
                ("b2", &[L]),
                ("c2", &[L]),
                ("d3", &[L]),
            ],
            1,
        );
        g.play(&sow("d3 d2 d1"));
        assert_eq!((g.is_over(), g.winner()), (true, Some(1)));
    }

    #[test]
    fn line_only_for_opponent_opponent_wins() {
        // As above, but a neutral a1 breaks Light's row: only Dark has a line.
        let mut g = Qawale::with_stacks(
            &[
                ("a1", &[N]),
                ("b1", &[L]),
                ("c1", &[L]),
                ("a2", &[D]),
                ("b2", &[D]),
                ("c2", &[D]),
                ("d3", &[D]),
            ],
            0,
        );
        g.play(&sow("d3 d2 d1"));
        assert_eq!((g.is_over(), g.winner()), (true, Some(1)));
    }

    #[test]
    fn columns_and_diagonals_win() {
        // Light completes column d with its own pebble on d4.
        let mut g =
            Qawale::with_stacks(&[("d1", &[L]), ("d2", &[L]), ("d3", &[L]), ("b4", &[N])], 0);
        g.play(&sow("b4 c4 d4"));
        assert_eq!(g.winner(), Some(0));
        // Dark completes the anti-diagonal d1 c2 b3 a4 on a4.
        let mut g =
            Qawale::with_stacks(&[("d1", &[D]), ("c2", &[D]), ("b3", &[D]), ("c4", &[N])], 1);
        g.play(&sow("c4 b4 a4"));
        assert_eq!(g.winner(), Some(1));
    }

    #[test]
    fn stack_of_four_is_not_a_line() {
        let mut g = Qawale::with_stacks(&[("a1", &[L, L, L, L]), ("c3", &[L]), ("d4", &[N])], 0);
        g.play(&sow("d4 c4 b4"));
        assert!(!g.is_over());
        assert_eq!(g.top(0), Some(L));
        // The mover's pebble lands on a 4-stack of its own colour: still no line.
        let mut g = Qawale::with_stacks(&[("b1", &[L, L, L, L]), ("a2", &[N])], 0);
        g.play(&sow("a2 a1 b1"));
        assert_eq!(g.stack(1), &[L, L, L, L, L][..]);
        assert!(!g.is_over());
    }

    #[test]
    fn neutral_tops_never_count() {
        let mut g = Qawale::with_stacks(
            &[
                ("a1", &[N]),
                ("b1", &[N]),
                ("c1", &[N]),
                ("d1", &[N]),
                ("a4", &[N, N]),
            ],
            1,
        );
        g.play(&sow("a4 b4 c4 d4"));
        assert!(has_line(g.tops[NEUTRAL as usize]));
        assert!(!g.is_over());
        assert_eq!(g.winner(), None);
        // Three Light tops and a neutral one in a row are no line either.
        let mut g = Qawale::with_stacks(
            &[
                ("a1", &[L]),
                ("b1", &[L]),
                ("c1", &[N]),
                ("d1", &[L]),
                ("a4", &[N]),
            ],
            1,
        );
        g.play(&sow("a4 b4 c4"));
        assert!(!g.is_over());
    }

    #[test]
    fn draw_after_16_turns_without_line() {
        let mut rng = SmallRng::seed_from_u64(16);
        let mut buf = Vec::new();
        let mut g = Qawale::new(0);
        let (mut draws, mut late_wins) = (0, 0);
        for game in 0..2000 {
            let first = game % 2;
            // Replay step by step to look at the position before the end.
            g.reset(first);
            while !g.is_over() {
                assert!(g.turns() < MAX_TURNS);
                g.play_random(&mut rng);
            }
            if g.turns() == MAX_TURNS {
                assert_eq!(g.supply(), [0, 0]);
                assert_eq!(
                    g.mover(),
                    first,
                    "16 turns pass the move back to the first seat"
                );
                match g.winner() {
                    None => {
                        draws += 1;
                        assert!(!has_line(g.tops[0]) && !has_line(g.tops[1]));
                        g.legal_moves(&mut buf);
                        assert!(buf.is_empty());
                    }
                    // A line on the 16th turn still wins.
                    Some(_) => late_wins += 1,
                }
            } else {
                assert!(g.winner().is_some());
            }
        }
        assert!(
            draws > 0 && late_wins > 0,
            "{draws} draws, {late_wins} late wins"
        );
    }

    #[test]
    fn conservation_over_random_games() {
        let mut rng = SmallRng::seed_from_u64(0x0C0D);
        let mut g = Qawale::new(0);
        for game in 0..1000 {
            g.reset(game % 2);
            check_invariants(&g);
            while !g.is_over() {
                g.play_random(&mut rng);
                check_invariants(&g);
            }
        }
    }

    #[test]
    fn random_games_end_within_16_turns() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buf = Vec::new();
        let mut g = Qawale::new(0);
        let mut wins = [0; 2];
        for game in 0..1000 {
            let len = random_playout(&mut g, &mut buf, &mut rng, game % 2);
            assert!(g.is_over());
            assert_eq!(len, g.turns());
            assert!(len <= MAX_TURNS);
            // A line needs 4 pebbles of one colour: the first seat's 4th turn.
            assert!(len >= 7, "{len}");
            if let Some(w) = g.winner() {
                wins[w] += 1;
                assert!(has_line(g.tops[w]));
            } else {
                assert_eq!(len, MAX_TURNS);
            }
            check_invariants(&g);
        }
        assert!(wins[0] > 0 && wins[1] > 0);
    }

    #[test]
    fn playout_matches_reference_play() {
        // The fused pick-and-sow must play exactly `nth_move` of the same index.
        let mut fast = SmallRng::seed_from_u64(2024);
        let mut slow = SmallRng::seed_from_u64(2024);
        for game in 0..500 {
            let mut a = Qawale::new(game % 2);
            let mut b = a.clone();
            while !a.is_over() {
                a.play_random(&mut fast);
                let m = b.nth_move(below(&mut slow, b.move_count()));
                b.play(&m);
                assert_eq!(a, b);
            }
            assert!(b.is_over());
        }
    }

    #[test]
    fn random_moves_uniform_from_start() {
        let start = Qawale::new(0);
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        let results: Vec<Qawale> = moves
            .iter()
            .map(|m| {
                let mut g = start.clone();
                g.play(m);
                g
            })
            .collect();
        for (i, r) in results.iter().enumerate() {
            assert_eq!(result_index(&results, r), i, "the 40 results are distinct");
        }
        let mut rng = SmallRng::seed_from_u64(40);
        let mut counts = [0u32; 40];
        let mut g = start.clone();
        for _ in 0..40_000 {
            g.clone_from(&start);
            g.play_random(&mut rng);
            counts[result_index(&results, &g)] += 1;
        }
        // Expected 1000 each, standard deviation about 31.
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - 1000.0).powi(2) / 1000.0)
            .sum();
        // 39 degrees of freedom: mean 39, standard deviation about 8.8.
        assert!(chi2 < 39.0 + 5.0 * 8.8, "chi2 {chi2}");
    }

    #[test]
    fn random_moves_uniform_mid_game() {
        // Uneven stacks, so the cells weigh differently; different moves may
        // reach the same position, so compare per distinct result.
        let mut rng = SmallRng::seed_from_u64(6);
        let mut start = Qawale::new(0);
        for _ in 0..6 {
            start.play_random(&mut rng);
        }
        assert!(!start.is_over());
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        let mut results: Vec<Qawale> = Vec::new();
        let mut expected: Vec<f64> = Vec::new();
        for m in &moves {
            let mut g = start.clone();
            g.play(m);
            match results.iter().position(|r| *r == g) {
                Some(i) => expected[i] += 1.0,
                None => {
                    results.push(g);
                    expected.push(1.0);
                }
            }
        }
        let heights: Vec<usize> = (0..CELLS).map(|c| start.stack(c).len()).collect();
        assert!(
            moves.len() >= 50 && heights.iter().max() > Some(&2),
            "{heights:?}"
        );
        let draws = 200 * moves.len();
        let mut counts = vec![0u32; results.len()];
        let mut g = start.clone();
        for _ in 0..draws {
            g.clone_from(&start);
            g.play_random(&mut rng);
            counts[result_index(&results, &g)] += 1;
        }
        let scale = draws as f64 / moves.len() as f64;
        let chi2: f64 = counts
            .iter()
            .zip(&expected)
            .map(|(&c, &e)| (f64::from(c) - e * scale).powi(2) / (e * scale))
            .sum();
        let df = (results.len() - 1) as f64;
        assert!(
            chi2 < df + 5.0 * (2.0 * df).sqrt(),
            "chi2 {chi2} for {df} dof"
        );
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
        let big = 3u64.pow(30);
        assert!((0..1000).all(|_| below(&mut rng, big) < big));
    }

    #[test]
    fn reset_restores_start() {
        let mut g = Qawale::new(0);
        let mut buf = Vec::new();
        let mut rng = SmallRng::seed_from_u64(7);
        random_playout(&mut g, &mut buf, &mut rng, 0);
        g.reset(1);
        assert_eq!(g, Qawale::new(1));
    }

    /// Perft without the walk-table shortcut: every move played and counted.
    fn perft_by_listing(g: &Qawale, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        moves
            .iter()
            .map(|m| {
                let mut child = g.clone();
                child.play(m);
                perft_by_listing(&child, depth - 1)
            })
            .sum()
    }

    #[test]
    fn perft_from_start() {
        let g = Qawale::new(0);
        let counts: Vec<u64> = (1..=4).map(|d| g.perft(d)).collect();
        assert_eq!(counts, vec![40, 2_176, 143_712, 11_129_088]);
        assert_eq!(perft_by_listing(&g, 3), counts[2]);
        // The counts do not depend on who moves first.
        assert_eq!(Qawale::new(1).perft(3), counts[2]);
    }
}
