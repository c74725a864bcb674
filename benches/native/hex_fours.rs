//! Hand-written native implementation of Hex Fours (rules: `games/hex-fours.md`).
//!
//! It serves two purposes: it is the speed ceiling that the interpreter's
//! random playouts are benchmarked against, and an independent reference for
//! cross-checking the interpreter's scoring and end-of-game handling. Cell ids
//! therefore follow the interpreter's numbering exactly: axial coordinates
//! `(q, r)` with `|q|, |r|, |q + r| <= R` (`R = side - 1`), numbered densely by
//! `r` ascending and then `q` ascending, so both sides can be fed the same
//! move list.
//!
//! Points are computed incrementally: placing at `c` joins the runs on either
//! side of `c` on each of the 3 axes, so only those runs are walked. The
//! stones live on a padded rectangular grid (a ring of wall cells around the
//! hexagon) so a run walk is a fixed stride with no neighbour-table lookup and
//! no edge test.

// A bench and the cross-check tests each use a different subset of this API;
// the unused remainder must not trip `-D warnings` in either of them.
#![allow(dead_code)]

use rand::Rng;

/// Axial direction vectors, arranged so `2 * axis` and `2 * axis + 1` are the
/// two opposite directions along the same axis; run walking relies on that.
const DIRS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Grid value of padding and off-hexagon slots: never equal to a seat value,
/// so run walks stop at the board edge without a separate bounds test.
const WALL: u8 = 0xFF;

/// Width of the wall ring around the hexagon in the padded grid: `run` reads
/// up to 3 slots past a cell without checking.
const PAD: i32 = 3;

/// "No cell" marker for the first/last cell fields.
const NO_CELL: u16 = u16::MAX;

/// A Hex Fours position together with precomputed board geometry.
#[derive(Clone, Debug)]
pub struct HexFours {
    side: usize,
    pieces: i32,
    radius: i32,
    /// Number of real cells; doubles as the off-board marker in `neighbours`.
    cells: usize,
    /// Axial coordinates of each cell id.
    coords: Vec<(i32, i32)>,
    /// `(q + R) * (2R + 1) + (r + R)` to cell id, or `NO_CELL` outside the hexagon.
    id_grid: Vec<u16>,
    /// Flat `cells * 6` neighbour table; off-board entries hold `cells`.
    neighbours: Vec<u16>,
    /// Cells with all 6 neighbours, ascending: the legal first moves.
    interior: Vec<u16>,
    /// Padded `(2R + 1 + 2 PAD)^2` grid: 0 empty, 1/2 = seat + 1, `WALL` off the board.
    board: Vec<u8>,
    /// Position of each cell id in `board`.
    grid_of: Vec<u16>,
    /// `board` index stride of each direction in `DIRS`.
    strides: [isize; 6],
    /// Unordered empty cells, for O(1) uniform choice and swap-removal.
    empties: Vec<u16>,
    /// Index of each cell inside `empties` (meaningless once occupied).
    empty_pos: Vec<u16>,
    /// Bitset of empty cells, so `legal_moves` can emit them in ascending order
    /// without sorting.
    empty_bits: Vec<u64>,
    supply: [i32; 2],
    points: [i32; 2],
    mover: usize,
    turns: u32,
    first: u16,
    last: u16,
    over: bool,
}

impl HexFours {
    /// A new game before the first move.
    pub fn new(side: usize, pieces: i32) -> Self {
        // Side 1 has no interior cell, hence no legal opening; and every
        // index is stored as u16 to keep the tables small.
        assert!(side >= 2, "Hex Fours needs side >= 2");
        assert!(pieces >= 1, "Hex Fours needs at least one piece per player");
        let radius = side as i32 - 1;
        let span = (2 * radius + 1) as usize;
        let width = span + 2 * PAD as usize;
        assert!(
            width * width <= u16::MAX as usize,
            "board too large for u16 grid ids"
        );
        let cells = 3 * side * (side - 1) + 1;

        let mut coords = Vec::with_capacity(cells);
        let mut id_grid = vec![NO_CELL; span * span];
        for r in -radius..=radius {
            for q in (-radius).max(-radius - r)..=radius.min(radius - r) {
                id_grid[Self::grid_index(radius, q, r)] = coords.len() as u16;
                coords.push((q, r));
            }
        }
        debug_assert_eq!(coords.len(), cells);

        let sentinel = cells as u16;
        let mut neighbours = vec![sentinel; cells * 6];
        let mut interior = Vec::new();
        for (id, &(q, r)) in coords.iter().enumerate() {
            let mut count = 0;
            for (d, &(dq, dr)) in DIRS.iter().enumerate() {
                if let Some(n) = Self::lookup(&id_grid, radius, q + dq, r + dr) {
                    neighbours[id * 6 + d] = n as u16;
                    count += 1;
                }
            }
            if count == 6 {
                interior.push(id as u16);
            }
        }

        // Row-major over (r, q), both shifted to make room for the wall ring.
        let pad = radius + PAD;
        let grid_of = coords
            .iter()
            .map(|&(q, r)| ((r + pad) as usize * width + (q + pad) as usize) as u16)
            .collect();
        let w = width as isize;
        let strides = DIRS.map(|(dq, dr)| dq as isize + dr as isize * w);

        let mut game = HexFours {
            side,
            pieces,
            radius,
            cells,
            coords,
            id_grid,
            neighbours,
            interior,
            board: vec![WALL; width * width],
            grid_of,
            strides,
            empties: Vec::with_capacity(cells),
            empty_pos: vec![0; cells],
            empty_bits: vec![0; cells.div_ceil(64)],
            supply: [pieces; 2],
            points: [0; 2],
            mover: 0,
            turns: 0,
            first: NO_CELL,
            last: NO_CELL,
            over: false,
        };
        game.reset();
        game
    }

    /// Index into `id_grid` for in-range coordinates.
    fn grid_index(radius: i32, q: i32, r: i32) -> usize {
        let span = 2 * radius + 1;
        ((q + radius) * span + (r + radius)) as usize
    }

    /// Cell id at `(q, r)` given the id grid, or `None` off the board.
    fn lookup(id_grid: &[u16], radius: i32, q: i32, r: i32) -> Option<usize> {
        if q.abs() > radius || r.abs() > radius || (q + r).abs() > radius {
            return None;
        }
        Some(id_grid[Self::grid_index(radius, q, r)] as usize)
    }

    /// Board side length.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells on the board.
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// Cell id at axial coordinates `(q, r)`, or `None` if off the board.
    pub fn cell_id(&self, q: i32, r: i32) -> Option<usize> {
        Self::lookup(&self.id_grid, self.radius, q, r)
    }

    /// Axial coordinates `(q, r)` of a cell id.
    pub fn cell_coords(&self, cell: usize) -> (i32, i32) {
        self.coords[cell]
    }

    /// Whether a cell is on the edge (has fewer than 6 neighbours).
    pub fn is_edge(&self, cell: usize) -> bool {
        self.neighbours[cell * 6..cell * 6 + 6]
            .iter()
            .any(|&n| n as usize == self.cells)
    }

    /// Occupant of a cell: `None` if empty, else the seat.
    pub fn occupant(&self, cell: usize) -> Option<usize> {
        match self.board[self.grid_of[cell] as usize] {
            0 => None,
            v => Some(v as usize - 1),
        }
    }

    /// Resets to the start position without reallocating.
    pub fn reset(&mut self) {
        let n = self.cells;
        for &g in &self.grid_of {
            self.board[g as usize] = 0;
        }
        self.empties.clear();
        self.empties.extend(0..n as u16);
        for (i, p) in self.empty_pos.iter_mut().enumerate() {
            *p = i as u16;
        }
        self.empty_bits.fill(u64::MAX);
        // Clear the padding bits of the last word so they never read as empty cells.
        let tail = n % 64;
        if tail != 0 {
            *self.empty_bits.last_mut().expect("at least one word") = (1u64 << tail) - 1;
        }
        self.supply = [self.pieces; 2];
        self.points = [0; 2];
        self.mover = 0;
        self.turns = 0;
        self.first = NO_CELL;
        self.last = NO_CELL;
        self.over = false;
    }

    /// Appends the legal moves (cell ids, ascending) to `out` after clearing it.
    pub fn legal_moves(&self, out: &mut Vec<u16>) {
        out.clear();
        if self.over {
            return;
        }
        match self.turns {
            // The board is empty, so every interior cell is free.
            0 => out.extend_from_slice(&self.interior),
            1 => {
                let f = self.first as usize;
                for &n in &self.neighbours[f * 6..f * 6 + 6] {
                    if n as usize != self.cells && self.occupant(n as usize).is_none() {
                        out.push(n);
                    }
                }
                // Direction order is not id order; at most 6 entries.
                out.sort_unstable();
            }
            _ => {
                out.reserve(self.empties.len());
                for (w, &word) in self.empty_bits.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        out.push((w * 64) as u16 + bits.trailing_zeros() as u16);
                        bits &= bits - 1;
                    }
                }
            }
        }
    }

    /// Whether `cell` is a legal move for the mover now.
    pub fn is_legal(&self, cell: u16) -> bool {
        let c = cell as usize;
        if self.over || c >= self.cells || self.occupant(c).is_some() {
            return false;
        }
        match self.turns {
            0 => !self.is_edge(c),
            1 => {
                let f = self.first as usize;
                self.neighbours[f * 6..f * 6 + 6].contains(&cell)
            }
            _ => true,
        }
    }

    /// Plays a legal move for the mover.
    pub fn play(&mut self, cell: u16) {
        // Cheap enough to keep in release: a bad move from a cross-check must
        // fail loudly rather than silently corrupt the empty-cell index.
        assert!(self.is_legal(cell), "illegal move {cell}");
        self.apply(cell);
    }

    /// Plays a move already known to be legal (the playout fast path).
    #[inline]
    fn apply(&mut self, cell: u16) {
        let m = self.mover;
        let gain = self.gain_at(cell as usize, m as u8 + 1);
        self.put(cell, m as u8 + 1);
        self.points[m] += gain;
        // One piece placed, then one set aside per point; a large gain can
        // exhaust the supply, but every point still counts.
        self.supply[m] = (self.supply[m] - 1 - gain).max(0);
        if self.turns == 0 {
            self.first = cell;
        }
        self.last = cell;
        self.turns += 1;
        self.over = self.supply[m] == 0 || self.empties.is_empty();
        self.mover = 1 - m;
    }

    /// Points a piece of value `me` placed at the empty cell `c` would gain.
    fn gain_at(&self, c: usize, me: u8) -> i32 {
        let g = self.grid_of[c] as usize;
        let mut gain = 0;
        for axis in 0..3 {
            let a = self.run(g, self.strides[2 * axis], me);
            let b = self.run(g, self.strides[2 * axis + 1], me);
            gain += ((a + b + 1) >> 2) - (a >> 2) - (b >> 2);
        }
        gain
    }

    /// Length of the run of `me` pieces starting next to grid slot `g` along `stride`.
    #[inline]
    fn run(&self, g: usize, stride: isize, me: u8) -> i32 {
        // Whether run lengths are 0, 1, 2 or more is a coin toss in random
        // play, so a plain walk mispredicts constantly; the first 3 slots are
        // read unconditionally (the padding is `PAD` wide for this) and
        // combined without branches.
        let at = |k: isize| i32::from(self.board[g.wrapping_add_signed(k * stride)] == me);
        let m1 = at(1);
        let m2 = m1 & at(2);
        let m3 = m2 & at(3);
        let mut len = m1 + m2 + m3;
        if m3 != 0 {
            // Rare long run: the wall ring stops the walk before leaving the grid.
            let mut n = g.wrapping_add_signed(4 * stride);
            while self.board[n] == me {
                len += 1;
                n = n.wrapping_add_signed(stride);
            }
        }
        len
    }

    /// Marks `cell` occupied by `value` and removes it from the empty-cell index.
    fn put(&mut self, cell: u16, value: u8) {
        let c = cell as usize;
        self.board[self.grid_of[c] as usize] = value;
        let i = self.empty_pos[c] as usize;
        let moved = *self.empties.last().expect("cell was empty");
        self.empties.swap_remove(i);
        self.empty_pos[moved as usize] = i as u16;
        self.empty_bits[c / 64] &= !(1u64 << (c % 64));
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Points of each seat.
    pub fn points(&self) -> [i32; 2] {
        self.points
    }

    /// Unplaced, not set-aside pieces of each seat.
    pub fn supply(&self) -> [i32; 2] {
        self.supply
    }

    /// Seat to move next.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Number of moves played so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Cell of the most recent move, if any.
    pub fn last_move(&self) -> Option<u16> {
        (self.last != NO_CELL).then_some(self.last)
    }

    /// Winner seat, or None for a draw (only meaningful once over).
    pub fn winner(&self) -> Option<usize> {
        use std::cmp::Ordering;
        match self.points[0].cmp(&self.points[1]) {
            Ordering::Greater => Some(0),
            Ordering::Less => Some(1),
            Ordering::Equal => None,
        }
    }
}

/// Plays one uniformly random game from the start position (reusing `game` and `buf`) and returns its length in moves.
pub fn random_playout<R: Rng>(game: &mut HexFours, buf: &mut Vec<u16>, rng: &mut R) -> u32 {
    game.reset();
    // The two opening moves have restricted choices; build them in order
    // (cheap, done once per game) so the choice is uniform over legal moves.
    for _ in 0..2 {
        if game.over {
            return game.turns;
        }
        game.legal_moves(buf);
        let pick = buf[below(rng, buf.len() as u32) as usize];
        game.apply(pick);
    }
    // Main phase: every empty cell is legal, and a uniform pick does not need
    // them in id order, so draw straight from the unordered empty list.
    while !game.over {
        let i = below(rng, game.empties.len() as u32) as usize;
        let cell = game.empties[i];
        game.apply(cell);
    }
    game.turns
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

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    // Unused when the file is compiled into a bench without the test harness.
    use rand::rngs::SmallRng;
    #[allow(unused_imports)]
    use rand::SeedableRng;

    fn id(g: &HexFours, q: i32, r: i32) -> u16 {
        g.cell_id(q, r).expect("on board") as u16
    }

    impl HexFours {
        /// Puts a piece for `seat` anywhere, bypassing turn order and supply,
        /// so scoring scenarios can be built directly; returns the gain.
        fn place_for_test(&mut self, q: i32, r: i32, seat: usize) -> i32 {
            let c = id(self, q, r);
            assert_eq!(self.occupant(c as usize), None);
            let gain = self.gain_at(c as usize, seat as u8 + 1);
            self.put(c, seat as u8 + 1);
            self.points[seat] += gain;
            gain
        }

        /// Points recomputed from scratch: sum of floor(L/4) over maximal runs.
        fn recount(&self) -> [i32; 2] {
            let mut pts = [0; 2];
            // Walks the dense neighbour table, independent of the grid strides.
            let at = |c: usize| (c < self.cells).then(|| self.occupant(c)).flatten();
            for c in 0..self.cells {
                let Some(seat) = at(c) else { continue };
                for axis in 0..3 {
                    let (fwd, back) = (2 * axis, 2 * axis + 1);
                    // Count each run once, from its start.
                    if at(self.neighbours[c * 6 + back] as usize) == Some(seat) {
                        continue;
                    }
                    let mut len = 1;
                    let mut n = self.neighbours[c * 6 + fwd] as usize;
                    while at(n) == Some(seat) {
                        len += 1;
                        n = self.neighbours[n * 6 + fwd] as usize;
                    }
                    pts[seat] += len / 4;
                }
            }
            pts
        }
    }

    #[test]
    fn numbering_matches_interpreter() {
        let g = HexFours::new(6, 45);
        assert_eq!(g.cell_count(), 91);
        assert_eq!(g.cell_id(0, -5), Some(0));
        assert_eq!(g.cell_id(5, -5), Some(5));
        assert_eq!(g.cell_id(-1, -4), Some(6));
        assert_eq!(g.cell_id(0, 0), Some(45));
        assert_eq!(g.cell_id(-5, 5), Some(85));
        assert_eq!(g.cell_id(0, 5), Some(90));
        assert_eq!(g.cell_id(1, 5), None);
        assert_eq!(g.cell_id(6, 0), None);
        for c in 0..g.cell_count() {
            let (q, r) = g.cell_coords(c);
            assert_eq!(g.cell_id(q, r), Some(c));
        }
        let edges = (0..91).filter(|&c| g.is_edge(c)).count();
        assert_eq!(edges, 30);
    }

    #[test]
    fn run_lengths_score_floor_quarter() {
        let mut g = HexFours::new(6, 45);
        // Row r = 0 has 11 cells, q = -5..=5.
        for (i, q) in (-5..=5).enumerate() {
            g.place_for_test(q, 0, 0);
            let len = i as i32 + 1;
            assert_eq!(g.points(), [len / 4, 0], "run of {len}");
        }
        assert_eq!(g.recount(), g.points());
    }

    #[test]
    fn runs_on_every_axis_score() {
        for (dq, dr) in [(1, 0), (0, 1), (1, -1)] {
            let mut g = HexFours::new(6, 45);
            for k in 0..4 {
                g.place_for_test(k * dq, k * dr, 1);
            }
            assert_eq!(g.points(), [0, 1], "axis ({dq},{dr})");
        }
    }

    #[test]
    fn crossing_rows_score_independently() {
        let mut g = HexFours::new(6, 45);
        for (q, r) in [(-1, 0), (1, 0), (2, 0), (0, -1), (0, 1), (0, 2)] {
            assert_eq!(g.place_for_test(q, r, 0), 0);
        }
        assert_eq!(g.place_for_test(0, 0, 0), 2);
        assert_eq!(g.points(), [2, 0]);
        assert_eq!(g.recount(), g.points());
    }

    #[test]
    fn joining_three_and_four_gains_one() {
        let mut g = HexFours::new(6, 45);
        for q in [-5, -4, -3, -1, 0, 1, 2] {
            g.place_for_test(q, 0, 0);
        }
        assert_eq!(g.points(), [1, 0]);
        assert_eq!(g.place_for_test(-2, 0, 0), 1);
        assert_eq!(g.points(), [2, 0]);
    }

    #[test]
    fn joining_two_fours_gains_nothing() {
        let mut g = HexFours::new(6, 45);
        for q in [-5, -4, -3, -2, 0, 1, 2, 3] {
            g.place_for_test(q, 0, 0);
        }
        assert_eq!(g.points(), [2, 0]);
        assert_eq!(g.place_for_test(-1, 0, 0), 0);
        assert_eq!(g.points(), [2, 0]);
    }

    #[test]
    fn opponent_piece_breaks_run() {
        let mut g = HexFours::new(6, 45);
        for q in [-2, -1, 1, 2] {
            g.place_for_test(q, 0, 0);
        }
        g.place_for_test(0, 0, 1);
        assert_eq!(g.points(), [0, 0]);
    }

    #[test]
    fn first_move_not_on_edge() {
        let g = HexFours::new(6, 45);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert_eq!(moves.len(), 61);
        assert!(moves.windows(2).all(|w| w[0] < w[1]));
        assert!(moves.iter().all(|&c| !g.is_edge(c as usize)));
        assert!(!g.is_legal(id(&g, 5, 0)));
        assert_eq!(HexFours::new(2, 3).interior.len(), 1);
    }

    #[test]
    fn second_move_adjacent_to_first() {
        let mut g = HexFours::new(6, 45);
        let mut moves = Vec::new();
        g.play(id(&g, 0, 0));
        g.legal_moves(&mut moves);
        let mut expected: Vec<u16> = DIRS.iter().map(|&(dq, dr)| id(&g, dq, dr)).collect();
        expected.sort_unstable();
        assert_eq!(moves, expected);
        assert!(!g.is_legal(id(&g, 2, 0)));

        // Next to the edge: the adjacent edge cells are allowed.
        let mut g = HexFours::new(6, 45);
        g.play(id(&g, 4, 0));
        g.legal_moves(&mut moves);
        assert_eq!(moves.len(), 6);
        assert!(moves.contains(&id(&g, 5, 0)));
        assert!(moves.windows(2).all(|w| w[0] < w[1]));

        // Afterwards any empty cell, edge included.
        g.play(id(&g, 5, 0));
        g.legal_moves(&mut moves);
        assert_eq!(moves.len(), 89);
        assert!(moves.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    #[should_panic(expected = "illegal move")]
    fn play_rejects_occupied_cell() {
        let mut g = HexFours::new(6, 45);
        g.play(id(&g, 0, 0));
        g.play(id(&g, 1, 0));
        g.play(id(&g, 0, 0));
    }

    /// Seat 0 builds a row on r = 0 while seat 1 fills far away on r = -5.
    fn play_row_game(pieces: i32, seat0: &[(i32, i32)]) -> HexFours {
        let mut g = HexFours::new(6, pieces);
        // Spaced out so seat 1 never forms a run of its own.
        let filler = [(1, -5), (3, -5), (5, -5), (-1, -4), (1, -4), (3, -4)];
        for (k, &(q, r)) in seat0.iter().enumerate() {
            assert!(!g.is_over());
            g.play(id(&g, q, r));
            if g.is_over() {
                break;
            }
            // Second move must touch the first; afterwards, stay out of the way.
            let reply = if k == 0 {
                (q - 1, r + 1)
            } else {
                filler[k - 1]
            };
            g.play(id(&g, reply.0, reply.1));
        }
        g
    }

    #[test]
    fn scoring_sets_pieces_aside() {
        let g = play_row_game(45, &[(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert_eq!(g.points(), [1, 0]);
        assert_eq!(g.supply(), [45 - 4 - 1, 45 - 4]);
        assert!(!g.is_over());
    }

    #[test]
    fn game_ends_when_supply_exhausted() {
        // Fourth piece leaves 1 in supply; the point sets it aside: supply 0.
        let g = play_row_game(5, &[(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert!(g.is_over());
        assert_eq!(g.points(), [1, 0]);
        assert_eq!(g.supply(), [0, 2]);
        assert_eq!(g.winner(), Some(0));
        assert_eq!(g.turns(), 7);
        let mut moves = vec![1];
        g.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn set_aside_clamps_but_points_count() {
        // 7 pieces: two crossing rows completed by the shared 7th piece, which
        // empties the supply before the 2 points; both points still count.
        let row = [(0, 1), (-1, 0), (1, 0), (2, 0), (0, -1), (0, 2), (0, 0)];
        let g = play_row_game(7, &row);
        assert!(g.is_over());
        assert_eq!(g.points(), [2, 0]);
        assert_eq!(g.supply()[0], 0);
    }

    #[test]
    fn game_ends_on_full_board() {
        // Side 2 (7 cells) with plenty of pieces: only a full board ends it.
        let mut g = HexFours::new(2, 10);
        let mut moves = Vec::new();
        while !g.is_over() {
            g.legal_moves(&mut moves);
            g.play(moves[0]);
        }
        assert_eq!(g.turns(), 7);
        assert_eq!(g.points(), [0, 0]);
        assert_eq!(g.winner(), None);
    }

    #[test]
    fn reset_restores_start() {
        let mut g = HexFours::new(6, 45);
        let mut buf = Vec::new();
        let mut rng = SmallRng::seed_from_u64(7);
        random_playout(&mut g, &mut buf, &mut rng);
        g.reset();
        let fresh = HexFours::new(6, 45);
        assert_eq!(g.board, fresh.board);
        assert_eq!(g.empties, fresh.empties);
        assert_eq!(g.empty_bits, fresh.empty_bits);
        assert_eq!((g.turns(), g.mover(), g.is_over()), (0, 0, false));
        assert_eq!((g.points(), g.supply()), ([0, 0], [45, 45]));
    }

    /// Checks a finished game against the rules' end condition, a
    /// from-scratch recount and the piece-conservation identity.
    fn check_finished(g: &HexFours, len: u32, pieces: i32) {
        assert!(g.is_over());
        assert_eq!(len, g.turns());
        assert_eq!(len as usize, g.cell_count() - g.empties.len());
        assert!(!g.is_edge(g.first as usize));
        assert_eq!(g.recount(), g.points());
        let last_mover = 1 - g.mover();
        assert!(g.supply()[last_mover] == 0 || g.empties.is_empty());
        for seat in 0..2 {
            let placed = (0..g.cell_count())
                .filter(|&c| g.occupant(c) == Some(seat))
                .count() as i32;
            let (pts, sup) = (g.points()[seat], g.supply()[seat]);
            assert!(placed <= pieces);
            if sup > 0 {
                assert_eq!(placed + pts + sup, pieces);
            } else {
                // Clamped: the final move may score more than was left.
                assert!(placed + pts >= pieces);
            }
        }
    }

    #[test]
    fn random_playouts_stay_consistent() {
        let mut g = HexFours::new(6, 45);
        let mut buf = Vec::new();
        let mut rng = SmallRng::seed_from_u64(0x4845_5846);
        for _ in 0..1000 {
            let len = random_playout(&mut g, &mut buf, &mut rng);
            check_finished(&g, len, 45);
        }
    }

    #[test]
    fn random_playouts_on_other_sizes() {
        let mut buf = Vec::new();
        let mut rng = SmallRng::seed_from_u64(11);
        for side in 2..=9 {
            let cells = (3 * side * (side - 1) + 1) as i32;
            // Few pieces (supply ends it), about half the cells, and more than
            // enough (a full board ends it).
            for pieces in [1, 5, cells / 2, cells] {
                let mut g = HexFours::new(side, pieces);
                for _ in 0..50 {
                    let len = random_playout(&mut g, &mut buf, &mut rng);
                    check_finished(&g, len, pieces);
                }
            }
        }
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
    fn legal_moves_match_brute_force_during_random_games() {
        let mut g = HexFours::new(6, 45);
        let mut moves = Vec::new();
        let mut rng = SmallRng::seed_from_u64(99);
        for _ in 0..200 {
            g.reset();
            while !g.is_over() {
                g.legal_moves(&mut moves);
                let expected: Vec<u16> = (0..g.cell_count() as u16)
                    .filter(|&c| g.is_legal(c))
                    .collect();
                assert_eq!(moves, expected);
                let pick = moves[rng.gen_range(0..moves.len())];
                g.play(pick);
            }
        }
    }
}
