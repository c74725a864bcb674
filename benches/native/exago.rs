//! Hand-written native implementation of Exago (rules: `docs/games/exago.md`).
//!
//! It serves two purposes: it is the speed ceiling that the interpreter's
//! random playouts are benchmarked against, and an independent reference for
//! cross-checking the interpreter's move lists and perft counts. Cell ids and
//! move notation therefore follow the interpreter exactly: axial coordinates
//! `(q, r)` with `|q|, |r|, |q + r| <= R` (`R = side - 1`), numbered densely by
//! `r` ascending (the top row first) and then `q` ascending; a cell's label is
//! the row letter `'a' + (R - r)` and the number `q + R + 1` (side 6: the
//! centre `(0, 0)` is `f6`, id 45; the top row is `k6..k11`, the bottom row
//! `a1..a6`). A placement is written as its cell (`f6`), a relocation as
//! `F-T` (`d4-e5`), and a relocation whose lift left several largest groups
//! as `F-T keep C`, `C` the lowest cell of the group that stays.
//!
//! Rules as implemented, beyond the rules text: the first move of the game
//! (turn 1) is the centre cell and nothing else; handicaps are subtracted from
//! the starting tiles and clamped at 0; must-block looks for the first seat
//! after the mover that could win at once in the current position (its own
//! supply choosing placement or relocation, no must-block of its own), and
//! keeps the mover's moves after which that seat has no winning move (all of
//! them if none does, or if the mover can win at once). A seat with no legal
//! move (only possible with large handicaps) leaves an empty move list and the
//! game is neither over nor advanced; a playout stops there.
//!
//! Internally every cell set is a `u128` over a padded `(2R + 1)^2` grid
//! (index `(r + R) * (2R + 1) + (q + R)`, whose order is the cell id order), so
//! a step in an axial direction is one shift and one mask of the cells whose
//! source lies on the hexagon; side 6 uses 121 bits. The cells that would
//! complete a line for a seat come from shifted runs (no per-line loop), and
//! whether lifting a tile splits the group is first decided locally: if the
//! occupied neighbours of the lifted cell form one arc of its ring, they stay
//! connected to each other, so nothing is cut off and no flood fill is needed.
//!
//! Perft from the start (side 6, default options, seat 0 first): positions
//! reached at each depth, and in brackets how many of them are won. The two
//! columns agree while nobody can have a line; from depth 8 must-block bites
//! (with 3 seats Blue must answer Red's 3 in a row), and with 2 seats Red's
//! fifth tile can win at depth 9.
//!
//! | depth | 2 seats                | 3 seats      |
//! |-------|------------------------|--------------|
//! | 1     | 1                      | 1            |
//! | 2     | 6                      | 6            |
//! | 3     | 48                     | 48           |
//! | 4     | 468                    | 468          |
//! | 5     | 5 328                  | 5 328        |
//! | 6     | 68 928                 | 68 928       |
//! | 7     | 994 086                | 994 086      |
//! | 8     | 15 712 326             | 15 431 214   |
//! | 9     | 269 825 562 (225 576)  | 260 210 946  |
//!
//! A mid-game position with relocations, cut-offs, a tie and an active
//! threat (3 seats, Red first, default options; Yellow to move at turn 42 with
//! an empty hand, supplies 1, 0, 0):
//!
//! ```text
//! f6 g7 h8 h9 g6 h6 i7 f5 i6 j7 h5 g5 i10 k7 e4 e5 j6 g9 j7-j11 g7-d3
//! e6 d6 g6-e7 f4 e3 f5-c3 e4-e2 k6 i5 h4 h3 i5-e1 h6-c2 b2 j6-e4 h4-j6
//! j5 h7 e2-d4 e2 h4
//! ```
//!
//! gives 54, 998, 29 202, 1 756 882 (32 826 won) at depths 1-4. Depths 1-3 of
//! that position and 1-4 from the start were also counted by a brute-force
//! implementation written separately from the rules text.

// A bench and the cross-check tests each use a different subset of this API;
// the unused remainder must not trip `-D warnings` in either of them.
#![allow(dead_code)]

use std::sync::Arc;

use rand::Rng;

/// Axial direction vectors in ring order: consecutive entries (cyclically) are
/// neighbours of each other, which the arc test relies on, and `d + 3` is the
/// opposite of `d`, so axis `a` is the direction pair `(a, a + 3)`.
const DIRS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Most seats in a game.
pub const MAX_SEATS: usize = 6;

/// Seat colours in seat order.
pub const SEAT_NAMES: [&str; MAX_SEATS] = ["Red", "Blue", "Yellow", "Green", "Purple", "Orange"];

/// Largest supported side: the padded grid of side 6 (121 slots) is the
/// largest that fits a `u128`.
pub const MAX_SIDE: usize = 6;

/// Whether a step in each direction of `DIRS` raises the slot index (a left
/// shift): fixed by the slot formula, and a constant so the branch folds.
const LEFT: [bool; 6] = [true, false, false, false, true, true];

/// "No cell" in a move field.
const NONE: u8 = u8::MAX;

/// A grid slot that is never on the board (121..128 are padding for side 6),
/// used for off-board ring neighbours so the ring read needs no branch.
const OFF: u8 = 127;

/// Room for near-complete lines of one seat: a seat has at most 12 tiles, each
/// in at most 15 windows, and a near-complete window holds at least 3 of them
/// (4 with 5-lines), so at most 45 windows qualify.
const MAX_NEAR: usize = 64;

/// Number of arcs of occupied cells in a 6-cell ring, by ring bitmask (a
/// full ring counts as one arc).
const ARCS: [u8; 64] = arcs();

/// Builds `ARCS`.
const fn arcs() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut b = 0;
    while b < 64 {
        let mut n = 0;
        let mut i = 0;
        while i < 6 {
            let prev = (i + 5) % 6;
            if (b >> i) & 1 == 1 && (b >> prev) & 1 == 0 {
                n += 1;
            }
            i += 1;
        }
        table[b] = if b == 63 { 1 } else { n };
        b += 1;
    }
    table
}

/// The bit of grid slot `g`.
#[inline(always)]
fn bit(g: u8) -> u128 {
    1u128 << g
}

/// Grid slot of the lowest set bit.
#[inline(always)]
fn lowest(x: u128) -> u8 {
    x.trailing_zeros() as u8
}

/// Iterates the grid slots of the set bits of `x`, ascending.
#[inline(always)]
fn bits(mut x: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let g = x.trailing_zeros() as u8;
        x &= x - 1;
        Some(g)
    })
}

/// Appends one move per slot of `targets`, all from `from` keeping `keep`
/// (`NONE` and `NONE` for placements).
#[inline]
fn push_all(out: &mut Vec<NativeMove>, targets: u128, from: u8, keep: u8) {
    out.reserve(targets.count_ones() as usize);
    for to in bits(targets) {
        out.push(NativeMove { from, to, keep });
    }
}

/// Variant rules (see the rules file); `Default` is the published game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Relocations are allowed while the mover still holds tiles.
    pub relocate_early: bool,
    /// Cut-off groups are checked after the relocated tile is put down.
    pub reconnect: bool,
    /// The must-block rule is in force.
    pub must_block: bool,
    /// Tiles taken away from each seat at the start (clamped to leave >= 0).
    pub handicap: [i32; MAX_SEATS],
}

impl Default for Options {
    fn default() -> Self {
        Options {
            relocate_early: false,
            reconnect: false,
            must_block: true,
            handicap: [0; MAX_SEATS],
        }
    }
}

/// A move: a placement (`from == NONE`) or a relocation, with the kept
/// group's lowest slot when the mover resolved a tie. Fields are grid slots.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NativeMove {
    from: u8,
    to: u8,
    keep: u8,
}

impl NativeMove {
    /// Whether this move relocates a tile rather than placing one.
    pub fn is_relocation(&self) -> bool {
        self.from != NONE
    }

    /// Whether this relocation names the group that stays (a tie was resolved).
    pub fn has_keep(&self) -> bool {
        self.keep != NONE
    }
}

/// Tiles on the board and in hand: everything a move changes besides turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    /// Occupied slots, all colours.
    occ: u128,
    /// Slots occupied by each seat.
    tiles: [u128; MAX_SEATS],
    /// Tiles in hand per seat.
    supply: [i32; MAX_SEATS],
}

/// The whole mutable game state; `Copy`, so perft saves and restores it by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    pos: Pos,
    mover: u8,
    /// Number of the move about to be played, from 1.
    turn: u32,
    winner: Option<u8>,
}

/// Near-complete lines of one seat: windows of `need` cells that lack exactly
/// one cell of that seat (in any state).
#[derive(Clone, Debug)]
struct Near {
    lines: [u128; MAX_NEAR],
    len: usize,
}

impl Near {
    /// An empty list.
    fn new() -> Self {
        Near {
            lines: [0; MAX_NEAR],
            len: 0,
        }
    }

    /// The lines found.
    fn as_slice(&self) -> &[u128] {
        &self.lines[..self.len]
    }
}

/// Board geometry and fixed game parameters, shared by clones.
#[derive(Debug)]
struct Geo {
    side: usize,
    radius: i32,
    /// Row stride of the padded grid, `2R + 1`.
    width: usize,
    cells: usize,
    seats: usize,
    /// Tiles in a row that win: 5 with 2 seats, else 4.
    need: usize,
    options: Options,
    /// Tiles of each seat at the start, after handicap.
    start_tiles: [i32; MAX_SEATS],
    /// Grid slot of the centre cell.
    centre: u8,
    /// All slots on the hexagon.
    on_hex: u128,
    /// Shift amount of a step in each direction: left for the directions in
    /// `LEFT`, right for the others.
    shift: [u32; 6],
    /// Per direction, the slots whose source slot (one step back) is on the
    /// hexagon: masks away the row wrap-around and the padding.
    valid: [u128; 6],
    /// Per slot, its neighbours on the hexagon.
    nb: Vec<u128>,
    /// Per slot, its 6 neighbours in `DIRS` order (`OFF` if off the board).
    ring: Vec<[u8; 6]>,
    /// Per slot, `lines[line_start[g]..line_start[g + 1]]` are the winning
    /// windows through it.
    line_start: Vec<u16>,
    lines: Vec<u128>,
    /// Cell id of each slot (`NONE` off the board).
    cell_of: Vec<u8>,
    /// Slot of each cell id.
    slot_of: Vec<u8>,
}

impl Geo {
    /// Precomputes the geometry.
    fn new(side: usize, seats: usize, options: Options) -> Self {
        assert!(
            (2..=MAX_SIDE).contains(&side),
            "side must be 2..={MAX_SIDE}"
        );
        assert!((2..=MAX_SEATS).contains(&seats), "seats must be 2..=6");
        let radius = side as i32 - 1;
        let width = (2 * radius + 1) as usize;
        let on = |q: i32, r: i32| q.abs() <= radius && r.abs() <= radius && (q + r).abs() <= radius;
        let slot = |q: i32, r: i32| ((r + radius) * width as i32 + (q + radius)) as u8;
        let need = if seats == 2 { 5 } else { 4 };
        let base = if seats == 2 { 12 } else { 6 };
        let mut start_tiles = [0; MAX_SEATS];
        for (s, t) in start_tiles.iter_mut().enumerate().take(seats) {
            *t = (base - options.handicap[s]).max(0);
        }

        let mut on_hex = 0u128;
        let mut cell_of = vec![NONE; width * width];
        let mut slot_of = Vec::new();
        for r in -radius..=radius {
            for q in -radius..=radius {
                if on(q, r) {
                    let g = slot(q, r);
                    on_hex |= bit(g);
                    cell_of[g as usize] = slot_of.len() as u8;
                    slot_of.push(g);
                }
            }
        }

        let mut shift = [0; 6];
        let mut valid = [0u128; 6];
        for (d, &(dq, dr)) in DIRS.iter().enumerate() {
            let delta = dq + dr * width as i32;
            assert_eq!(delta > 0, LEFT[d], "direction sign table");
            shift[d] = delta.unsigned_abs();
            for r in -radius..=radius {
                for q in -radius..=radius {
                    if on(q, r) && on(q - dq, r - dr) {
                        valid[d] |= bit(slot(q, r));
                    }
                }
            }
        }

        let mut nb = vec![0u128; width * width];
        let mut ring = vec![[OFF; 6]; width * width];
        let mut line_start = vec![0u16; width * width + 1];
        let mut lines = Vec::new();
        for g in 0..width * width {
            let (q, r) = ((g % width) as i32 - radius, (g / width) as i32 - radius);
            line_start[g] = lines.len() as u16;
            if !on(q, r) {
                continue;
            }
            for (d, &(dq, dr)) in DIRS.iter().enumerate() {
                if on(q + dq, r + dr) {
                    nb[g] |= bit(slot(q + dq, r + dr));
                    ring[g][d] = slot(q + dq, r + dr);
                }
            }
            for &(dq, dr) in &DIRS[..3] {
                for offset in 0..need as i32 {
                    let mut mask = 0u128;
                    let mut whole = true;
                    for k in 0..need as i32 {
                        let (cq, cr) = (q + (k - offset) * dq, r + (k - offset) * dr);
                        if !on(cq, cr) {
                            whole = false;
                            break;
                        }
                        mask |= bit(slot(cq, cr));
                    }
                    if whole {
                        lines.push(mask);
                    }
                }
            }
        }
        line_start[width * width] = lines.len() as u16;

        Geo {
            side,
            radius,
            width,
            cells: slot_of.len(),
            seats,
            need,
            options,
            start_tiles,
            centre: slot(0, 0),
            on_hex,
            shift,
            valid,
            nb,
            ring,
            line_start,
            lines,
            cell_of,
            slot_of,
        }
    }

    /// Moves every slot of `x` one step in direction `d`, dropping those that
    /// leave the hexagon.
    #[inline(always)]
    fn step(&self, x: u128, d: usize) -> u128 {
        let s = self.shift[d];
        let moved = if LEFT[d] { x << s } else { x >> s };
        moved & self.valid[d]
    }

    /// The cells adjacent to some cell of `x` (possibly in `x`).
    #[inline]
    fn dilate(&self, x: u128) -> u128 {
        self.step(x, 0)
            | self.step(x, 1)
            | self.step(x, 2)
            | self.step(x, 3)
            | self.step(x, 4)
            | self.step(x, 5)
    }

    /// Cells `c` such that some winning window through `c` has all its other
    /// cells in `x` (`c` itself in any state).
    #[inline]
    fn win_cells(&self, x: u128) -> u128 {
        self.win_cells_along(x, 0) | self.win_cells_along(x, 1) | self.win_cells_along(x, 2)
    }

    /// `win_cells` for the windows along axis `a` (directions `a`, `a + 3`).
    #[inline(always)]
    fn win_cells_along(&self, x: u128, a: usize) -> u128 {
        let n = self.need;
        // fwd[k]: the k cells after c along direction a are all in x;
        // back[k] likewise against it.
        let mut fwd = [self.on_hex; 5];
        let mut back = [self.on_hex; 5];
        fwd[1] = self.step(x, a + 3);
        back[1] = self.step(x, a);
        for k in 2..n {
            fwd[k] = fwd[1] & self.step(fwd[k - 1], a + 3);
            back[k] = back[1] & self.step(back[k - 1], a);
        }
        let mut win = 0u128;
        for i in 0..n {
            win |= fwd[i] & back[n - 1 - i];
        }
        win
    }

    /// The winning windows through slot `g`.
    #[inline(always)]
    fn lines_at(&self, g: u8) -> &[u128] {
        let g = g as usize;
        &self.lines[self.line_start[g] as usize..self.line_start[g + 1] as usize]
    }

    /// Whether `x` holds a whole winning window through slot `g`.
    #[inline]
    fn line_through(&self, g: u8, x: u128) -> bool {
        self.lines_at(g).iter().any(|&l| l & !x == 0)
    }

    /// Fills `near` with the windows that `x` lacks exactly one cell of.
    fn near_lines(&self, x: u128, near: &mut Near) {
        near.len = 0;
        for t in bits(self.win_cells(x) & !x) {
            let tb = bit(t);
            for &l in self.lines_at(t) {
                if l & !x == tb {
                    assert!(near.len < MAX_NEAR, "too many near-complete lines");
                    near.lines[near.len] = l;
                    near.len += 1;
                }
            }
        }
    }

    /// Occupied neighbours of slot `g` as a 6-bit ring mask.
    #[inline(always)]
    fn ring_bits(&self, occ: u128, g: u8) -> usize {
        let ring = &self.ring[g as usize];
        let mut b = 0;
        for (i, &n) in ring.iter().enumerate() {
            b |= (((occ >> n) & 1) as usize) << i;
        }
        b
    }

    /// Whether lifting the tile at `g` surely leaves the other tiles of a
    /// connected `occ` connected: its occupied neighbours form one arc, so
    /// they touch each other around it.
    #[inline(always)]
    fn lift_keeps_connected(&self, occ: u128, g: u8) -> bool {
        let ring = self.ring_bits(occ, g);
        ring != 0 && ARCS[ring] == 1
    }

    /// The connected part of `within` that contains `seed`.
    fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut group = seed;
        let mut front = seed;
        while front != 0 {
            let mut grow = 0u128;
            for g in bits(front) {
                grow |= self.nb[g as usize];
            }
            front = grow & within & !group;
            group |= front;
        }
        group
    }

    /// Splits `within` into its connected groups (ascending by lowest slot);
    /// returns how many.
    fn groups(&self, within: u128, out: &mut [u128; 8]) -> usize {
        let mut n = 0;
        let mut rest = within;
        while rest != 0 {
            let group = self.flood(bit(lowest(rest)), within);
            assert!(n < out.len(), "too many groups");
            out[n] = group;
            n += 1;
            rest &= !group;
        }
        n
    }

    /// The groups left when the tile at `from` is lifted from the connected
    /// board `occ` (ascending by nothing in particular); returns how many.
    ///
    /// Each group left touches the lifted cell, so one flood starts in each
    /// arc of its occupied neighbours; they grow a layer at a time, merge when
    /// they meet, and stop when one flood is left: it is the rest of the
    /// board. So a small cut-off tail costs a few layers, whatever the size
    /// of the main group.
    fn split(&self, occ: u128, from: u8, out: &mut [u128; 8]) -> usize {
        let rest = occ & !bit(from);
        let ring = self.ring_bits(occ, from);
        let mut group = [0u128; 3];
        let mut front = [0u128; 3];
        let mut active = 0;
        for i in 0..6 {
            if (ring >> i) & 1 == 1 && (ring >> ((i + 5) % 6)) & 1 == 0 {
                group[active] = bit(self.ring[from as usize][i]);
                front[active] = group[active];
                active += 1;
            }
        }
        if active == 0 {
            // A full ring (one arc, no start) or no neighbour: one group.
            out[0] = rest;
            return usize::from(rest != 0);
        }
        let mut n = 0;
        let mut done = 0u128;
        while active > 1 {
            let mut j = 0;
            while j < active {
                front[j] = self.dilate(front[j]) & rest & !group[j];
                group[j] |= front[j];
                if front[j] == 0 {
                    // Nothing left to reach: a whole group.
                    out[n] = group[j];
                    n += 1;
                    done |= group[j];
                    active -= 1;
                    group[j] = group[active];
                    front[j] = front[active];
                    continue;
                }
                j += 1;
            }
            // Floods that met are one group.
            let mut a = 0;
            while a < active {
                let mut b = a + 1;
                while b < active {
                    if group[a] & group[b] != 0 {
                        group[a] |= group[b];
                        front[a] |= front[b];
                        active -= 1;
                        group[b] = group[active];
                        front[b] = front[active];
                    } else {
                        b += 1;
                    }
                }
                a += 1;
            }
        }
        if active == 1 {
            out[n] = rest & !done;
            n += 1;
        }
        n
    }

    /// The group that stays among `groups`: the one holding `keep`, or the
    /// unique largest when `keep` is `NONE`.
    fn kept(&self, groups: &[u128], keep: u8) -> u128 {
        if keep != NONE {
            return *groups
                .iter()
                .find(|&&g| g & bit(keep) != 0)
                .expect("kept cell in a group");
        }
        let max = groups.iter().map(|g| g.count_ones()).max().unwrap_or(0);
        let mut largest = groups.iter().filter(|g| g.count_ones() == max);
        let first = largest.next().copied().unwrap_or(0);
        assert!(
            largest.next().is_none(),
            "a tie for largest needs a kept group"
        );
        first
    }

    /// Removes every tile outside `kept`, returning each to its owner's hand.
    #[inline]
    fn keep_only(&self, pos: &mut Pos, kept: u128) {
        let removed = pos.occ & !kept;
        if removed == 0 {
            return;
        }
        for s in 0..self.seats {
            pos.supply[s] += (pos.tiles[s] & removed).count_ones() as i32;
            pos.tiles[s] &= kept;
        }
        pos.occ = kept;
    }

    /// The position after seat `p` lifts the tile at `from` (default rules:
    /// cut-off groups removed at once, `keep` naming the stayer on a tie).
    fn lift(&self, pos: &Pos, p: usize, from: u8, keep: u8) -> Pos {
        let mut after = *pos;
        let fb = bit(from);
        after.occ &= !fb;
        after.tiles[p] &= !fb;
        if !self.lift_keeps_connected(pos.occ, from) {
            let mut groups = [0u128; 8];
            let n = self.split(pos.occ, from, &mut groups);
            let kept = self.kept(&groups[..n], keep);
            self.keep_only(&mut after, kept);
        }
        after
    }

    /// Applies move `m` of seat `p` to `pos` (no win check).
    fn apply(&self, pos: &mut Pos, p: usize, m: NativeMove) {
        let tb = bit(m.to);
        if m.from == NONE {
            pos.occ |= tb;
            pos.tiles[p] |= tb;
            pos.supply[p] -= 1;
            return;
        }
        if !self.options.reconnect {
            *pos = self.lift(pos, p, m.from, m.keep);
            pos.occ |= tb;
            pos.tiles[p] |= tb;
            return;
        }
        let connected = self.lift_keeps_connected(pos.occ, m.from);
        let fb = bit(m.from);
        pos.occ = (pos.occ & !fb) | tb;
        pos.tiles[p] = (pos.tiles[p] & !fb) | tb;
        if !connected {
            let mut groups = [0u128; 8];
            let n = self.groups(pos.occ, &mut groups);
            let kept = self.kept(&groups[..n], m.keep);
            self.keep_only(pos, kept);
        }
    }

    /// Appends seat `p`'s moves by rules 1-2 (no must-block) to `out`.
    fn generate(&self, pos: &Pos, p: usize, turn: u32, out: &mut Vec<NativeMove>) {
        let place = |to: u8| NativeMove {
            from: NONE,
            to,
            keep: NONE,
        };
        if turn == 1 {
            if pos.supply[p] > 0 && pos.occ & bit(self.centre) == 0 {
                out.push(place(self.centre));
            }
            return;
        }
        let empty = self.on_hex & !pos.occ;
        let frontier = self.dilate(pos.occ) & empty;
        if pos.supply[p] > 0 {
            push_all(out, frontier, NONE, NONE);
        }
        if pos.supply[p] > 0 && !self.options.relocate_early {
            return;
        }
        for from in bits(pos.tiles[p]) {
            let fb = bit(from);
            let occ1 = pos.occ & !fb;
            if occ1 == 0 {
                continue;
            }
            let reloc = |to: u8, keep: u8| NativeMove { from, to, keep };
            if self.lift_keeps_connected(pos.occ, from) {
                // Nothing is cut off, in either mode: the targets are the
                // frontier less the cells that touched only the lifted tile.
                let mut targets = frontier;
                for c in bits(self.nb[from as usize] & frontier) {
                    if self.nb[c as usize] & occ1 == 0 {
                        targets &= !bit(c);
                    }
                }
                push_all(out, targets, from, NONE);
                continue;
            }
            let mut groups = [0u128; 8];
            let n = self.split(pos.occ, from, &mut groups);
            let groups = &groups[..n];
            if !self.options.reconnect {
                let max = groups.iter().map(|g| g.count_ones()).max().unwrap_or(0);
                let tie = groups.iter().filter(|g| g.count_ones() == max).count() > 1;
                for &kept in groups.iter().filter(|g| g.count_ones() == max) {
                    let targets = self.dilate(kept) & self.on_hex & !kept & !fb;
                    let keep = if tie { lowest(kept) } else { NONE };
                    push_all(out, targets, from, keep);
                }
            } else {
                for to in bits(self.dilate(occ1) & empty) {
                    // The groups after the put-down: the ones `to` touches
                    // merge with it, the others stay as they were.
                    let mut after = [0u128; 8];
                    let mut merged = bit(to);
                    let mut m = 0;
                    for &g in groups {
                        if g & self.nb[to as usize] != 0 {
                            merged |= g;
                        } else {
                            after[m] = g;
                            m += 1;
                        }
                    }
                    after[m] = merged;
                    let after = &after[..=m];
                    let max = after.iter().map(|g| g.count_ones()).max().unwrap_or(0);
                    let ties = after.iter().filter(|g| g.count_ones() == max).count();
                    if ties == 1 {
                        out.push(reloc(to, NONE));
                    } else {
                        for &kept in after.iter().filter(|g| g.count_ones() == max) {
                            out.push(reloc(to, lowest(kept)));
                        }
                    }
                }
            }
        }
    }

    /// Whether a seat with tiles `x` and `supply` in hand, moving now on the
    /// board `occ` by rules 1-2 (no opening rule, no must-block), has a move
    /// after which it holds a line; `near` must be the near-complete lines of
    /// `x`.
    fn can_win(&self, occ: u128, x: u128, supply: i32, near: &[u128]) -> bool {
        // Every winning move completes a window whose other cells are the
        // seat's tiles already, so no near-complete line means no win.
        if near.is_empty() {
            return false;
        }
        let empty = self.on_hex & !occ;
        // A tile can be lifted for a line only if the line avoids it: the
        // tiles in every near line (`in_all`), or in every near line whose
        // missing cell is empty (`in_all_open`), cannot.
        let mut in_all = !0u128;
        let mut in_all_open = !0u128;
        let mut any_open = false;
        for &l in near {
            in_all &= l;
            if l & !x & empty != 0 {
                in_all_open &= l;
                any_open = true;
            }
        }
        if supply > 0 {
            // The missing cell touches the line's other tiles, so it is a
            // legal placement whenever it is empty.
            if any_open {
                return true;
            }
            if !self.options.relocate_early {
                return false;
            }
        }
        for from in bits(x & !in_all) {
            let fb = bit(from);
            if self.lift_keeps_connected(occ, from) {
                // Nothing is cut off: the missing cell must be empty already.
                if any_open && fb & in_all_open == 0 {
                    return true;
                }
                continue;
            }
            if self.cut_lift_wins(occ, x, from, near, empty) {
                return true;
            }
        }
        false
    }

    /// `can_win` for one lifted tile `from` whose lift may cut the group.
    #[inline(never)]
    fn cut_lift_wins(&self, occ: u128, x: u128, from: u8, near: &[u128], empty: u128) -> bool {
        let fb = bit(from);
        let mut groups = [0u128; 8];
        let n = self.split(occ, from, &mut groups);
        let groups = &groups[..n];
        let max = groups.iter().map(|g| g.count_ones()).max().unwrap_or(0);
        if !self.options.reconnect {
            // The rest of the line must stay; its missing cell must be free
            // after the removal (empty before, or cut off).
            for &kept in groups.iter().filter(|g| g.count_ones() == max) {
                for &l in near.iter().filter(|&&l| l & fb == 0) {
                    let t = l & !x;
                    if t & kept == 0 && (l & !t) & !kept == 0 {
                        return true;
                    }
                }
            }
            return false;
        }
        // The put-down tile's group (which holds the line) must be a largest
        // one after it merges what it touches.
        for &l in near.iter().filter(|&&l| l & fb == 0) {
            let t = l & !x;
            if t & empty == 0 {
                continue;
            }
            let adj = self.nb[lowest(t) as usize];
            let mut merged = 1;
            let mut other = 0;
            for &g in groups {
                if g & adj != 0 {
                    merged += g.count_ones();
                } else {
                    other = other.max(g.count_ones());
                }
            }
            if merged >= other {
                return true;
            }
        }
        false
    }
}

/// An Exago game: geometry (shared by clones) plus the current position.
#[derive(Clone, Debug)]
pub struct Exago {
    geo: Arc<Geo>,
    first: u8,
    st: State,
    /// Scratch for `legal_moves`: near-complete lines before and after a move
    /// (boxed: moved around with the game, they would cost a 1 KB copy each).
    near: Box<[Near; 2]>,
}

impl Exago {
    /// A new game before the first move, `first` to move.
    pub fn new(side: usize, seats: usize, first: usize, options: Options) -> Self {
        let geo = Geo::new(side, seats, options);
        assert!(first < seats, "first seat out of range");
        let mut game = Exago {
            geo: Arc::new(geo),
            first: first as u8,
            st: State {
                pos: Pos {
                    occ: 0,
                    tiles: [0; MAX_SEATS],
                    supply: [0; MAX_SEATS],
                },
                mover: first as u8,
                turn: 1,
                winner: None,
            },
            near: Box::new([Near::new(), Near::new()]),
        };
        game.reset();
        game
    }

    /// A game with the given tiles on the board (`(cell id, seat)`), `mover`
    /// to play move number `turn`; supplies are the starting tiles less those
    /// on the board. For hand-built test positions: the tiles must form one
    /// group and every seat's count must fit its starting tiles.
    pub fn from_position(
        side: usize,
        seats: usize,
        options: Options,
        tiles: &[(u16, usize)],
        mover: usize,
        turn: u32,
    ) -> Self {
        let mut game = Exago::new(side, seats, mover, options);
        let geo = Arc::clone(&game.geo);
        let pos = &mut game.st.pos;
        for &(cell, seat) in tiles {
            assert!(seat < seats, "seat out of range");
            let g = geo.slot_of[cell as usize];
            assert!(pos.occ & bit(g) == 0, "cell {cell} given twice");
            pos.occ |= bit(g);
            pos.tiles[seat] |= bit(g);
            pos.supply[seat] -= 1;
            assert!(pos.supply[seat] >= 0, "seat {seat} has too many tiles");
        }
        if pos.occ != 0 {
            assert_eq!(
                geo.flood(bit(lowest(pos.occ)), pos.occ),
                pos.occ,
                "tiles must form one group"
            );
        }
        game.st.turn = turn.max(1);
        game
    }

    /// Back to the start position (same first seat), without reallocating.
    pub fn reset(&mut self) {
        self.st = State {
            pos: Pos {
                occ: 0,
                tiles: [0; MAX_SEATS],
                supply: self.geo.start_tiles,
            },
            mover: self.first,
            turn: 1,
            winner: None,
        };
    }

    /// Number of cells on the board.
    pub fn cell_count(&self) -> usize {
        self.geo.cells
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.geo.seats
    }

    /// Tiles in a row that win.
    pub fn need(&self) -> usize {
        self.geo.need
    }

    /// The options the game was made with.
    pub fn options(&self) -> Options {
        self.geo.options
    }

    /// Cell id at axial `(q, r)`, or `None` off the board.
    pub fn cell_id(&self, q: i32, r: i32) -> Option<u16> {
        let rad = self.geo.radius;
        if q.abs() > rad || r.abs() > rad || (q + r).abs() > rad {
            return None;
        }
        let g = ((r + rad) * self.geo.width as i32 + (q + rad)) as usize;
        Some(u16::from(self.geo.cell_of[g]))
    }

    /// Axial `(q, r)` of a cell id.
    pub fn coords(&self, cell: u16) -> (i32, i32) {
        let g = self.geo.slot_of[cell as usize] as usize;
        let w = self.geo.width;
        (
            (g % w) as i32 - self.geo.radius,
            (g / w) as i32 - self.geo.radius,
        )
    }

    /// Label of a cell id, e.g. `f6` for the centre of side 6.
    pub fn label(&self, cell: u16) -> String {
        let (q, r) = self.coords(cell);
        let row = (b'a' + (self.geo.radius - r) as u8) as char;
        format!("{row}{}", q + self.geo.radius + 1)
    }

    /// Cell id of a label, or `None` if it names no cell.
    pub fn cell_of_label(&self, label: &str) -> Option<u16> {
        let mut chars = label.chars();
        let row = chars.next()?;
        if !row.is_ascii_lowercase() {
            return None;
        }
        let number: i32 = chars.as_str().parse().ok()?;
        let rad = self.geo.radius;
        let r = rad - (row as i32 - 'a' as i32);
        self.cell_id(number - rad - 1, r)
    }

    /// Label of a grid slot.
    fn slot_label(&self, g: u8) -> String {
        self.label(u16::from(self.geo.cell_of[g as usize]))
    }

    /// The mover's legal moves (after the must-block filter) into `out`,
    /// cleared first; empty once the game is over.
    pub fn legal_moves(&mut self, out: &mut Vec<NativeMove>) {
        out.clear();
        if self.st.winner.is_some() {
            return;
        }
        let geo = &*self.geo;
        let pos = self.st.pos;
        let p = self.st.mover as usize;
        geo.generate(&pos, p, self.st.turn, out);
        // A single move survives any filter (blocking or not).
        if !geo.options.must_block || self.st.turn == 1 || out.len() <= 1 {
            return;
        }
        let [near, near_after] = &mut *self.near;
        geo.near_lines(pos.tiles[p], near);
        if geo.can_win(pos.occ, pos.tiles[p], pos.supply[p], near.as_slice()) {
            return;
        }
        let threat = (1..geo.seats).map(|k| (p + k) % geo.seats).find(|&s| {
            geo.near_lines(pos.tiles[s], near);
            geo.can_win(pos.occ, pos.tiles[s], pos.supply[s], near.as_slice())
        });
        let Some(s) = threat else { return };
        // `near` now holds the threat's lines; they stay valid after any
        // move that leaves its tiles in place.
        let mut lifted: Option<(u8, u8, Pos)> = None;
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            let tb = bit(m.to);
            // The threat's view after the move: the board, its tiles, its hand.
            let (occ, x, supply) = if m.from == NONE {
                (pos.occ | tb, pos.tiles[s], pos.supply[s])
            } else if !geo.options.reconnect {
                // Moves from one lift come in a row: remove the cut-off
                // groups once, then only the put-down differs.
                let base = match &lifted {
                    Some((f, k, base)) if *f == m.from && *k == m.keep => base,
                    _ => {
                        &lifted
                            .insert((m.from, m.keep, geo.lift(&pos, p, m.from, m.keep)))
                            .2
                    }
                };
                (base.occ | tb, base.tiles[s], base.supply[s])
            } else {
                let mut after = pos;
                geo.apply(&mut after, p, m);
                (after.occ, after.tiles[s], after.supply[s])
            };
            let lines = if x == pos.tiles[s] {
                near.as_slice()
            } else {
                geo.near_lines(x, near_after);
                near_after.as_slice()
            };
            if !geo.can_win(occ, x, supply, lines) {
                out[kept] = m;
                kept += 1;
            }
        }
        if kept > 0 {
            out.truncate(kept);
        }
    }

    /// The mover's moves by the placement and relocation rules alone (no
    /// must-block filter) into `out`, cleared first.
    pub fn candidate_moves(&self, out: &mut Vec<NativeMove>) {
        out.clear();
        if self.st.winner.is_none() {
            let p = self.st.mover as usize;
            self.geo.generate(&self.st.pos, p, self.st.turn, out);
        }
    }

    /// Whether `seat` could win at once if it moved now (no opening rule, no
    /// must-block): the threat test of the must-block rule.
    pub fn can_win_now(&self, seat: usize) -> bool {
        let mut near = Near::new();
        let pos = &self.st.pos;
        self.geo.near_lines(pos.tiles[seat], &mut near);
        self.geo
            .can_win(pos.occ, pos.tiles[seat], pos.supply[seat], near.as_slice())
    }

    /// A move in notation: `f6`, `d4-e5`, or `d4-e5 keep c3`.
    pub fn move_text(&self, m: NativeMove) -> String {
        if m.from == NONE {
            return self.slot_label(m.to);
        }
        let mut text = format!("{}-{}", self.slot_label(m.from), self.slot_label(m.to));
        if m.keep != NONE {
            text.push_str(" keep ");
            text.push_str(&self.slot_label(m.keep));
        }
        text
    }

    /// Cells of a move as cell ids: (lifted cell, target cell, kept cell).
    pub fn move_cells(&self, m: NativeMove) -> (Option<u16>, u16, Option<u16>) {
        let cell = |g: u8| u16::from(self.geo.cell_of[g as usize]);
        (
            (m.from != NONE).then(|| cell(m.from)),
            cell(m.to),
            (m.keep != NONE).then(|| cell(m.keep)),
        )
    }

    /// Plays a move from `legal_moves` (not checked) for the mover.
    pub fn play(&mut self, m: NativeMove) {
        assert!(self.st.winner.is_none(), "game is over");
        let geo = &*self.geo;
        let p = self.st.mover as usize;
        geo.apply(&mut self.st.pos, p, m);
        let x = self.st.pos.tiles[p];
        // Only the moved tile can complete a line of the mover: lifting and
        // removals take tiles away, and no seat holds a line before its move.
        if x & bit(m.to) != 0 && geo.line_through(m.to, x) {
            self.st.winner = Some(p as u8);
        } else {
            self.st.mover = ((p + 1) % geo.seats) as u8;
        }
        self.st.turn += 1;
    }

    /// Plays the legal move written `text`, or says why not.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let wanted = text.split_whitespace().collect::<Vec<_>>().join(" ");
        match moves.iter().find(|&&m| self.move_text(m) == wanted) {
            Some(&m) => {
                self.play(m);
                Ok(())
            }
            None => {
                let mut texts: Vec<String> = moves.iter().map(|&m| self.move_text(m)).collect();
                texts.sort();
                Err(format!(
                    "illegal move {text:?}; legal: {}",
                    texts.join(", ")
                ))
            }
        }
    }

    /// Seat to move (the winner once the game is over).
    pub fn mover(&self) -> usize {
        self.st.mover as usize
    }

    /// Tiles in hand of each seat.
    pub fn supply(&self) -> &[i32] {
        &self.st.pos.supply[..self.geo.seats]
    }

    /// Tiles each seat started with (after handicap).
    pub fn start_tiles(&self) -> &[i32] {
        &self.geo.start_tiles[..self.geo.seats]
    }

    /// Whether someone has won.
    pub fn is_over(&self) -> bool {
        self.st.winner.is_some()
    }

    /// The winning seat, once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.st.winner.map(usize::from)
    }

    /// Number of the move about to be played, from 1.
    pub fn turn(&self) -> u32 {
        self.st.turn
    }

    /// Owner seat of each cell id.
    pub fn board(&self) -> Vec<Option<usize>> {
        let pos = &self.st.pos;
        self.geo
            .slot_of
            .iter()
            .map(|&g| (0..self.geo.seats).find(|&s| pos.tiles[s] & bit(g) != 0))
            .collect()
    }
}

/// Random playout: uniformly random legal moves until the game ends or `max_moves` moves; returns moves played.
pub fn random_playout<R: Rng>(
    game: &mut Exago,
    buf: &mut Vec<NativeMove>,
    rng: &mut R,
    max_moves: u32,
) -> u32 {
    let mut played = 0;
    while played < max_moves && !game.is_over() {
        game.legal_moves(buf);
        if buf.is_empty() {
            break;
        }
        let m = buf[rng.gen_range(0..buf.len())];
        game.play(m);
        played += 1;
    }
    played
}

/// Perft: (nodes at each depth 1..=depth, terminal positions at each depth).
pub fn perft(game: &Exago, depth: usize) -> (Vec<u64>, Vec<u64>) {
    let mut nodes = vec![0; depth];
    let mut terminal = vec![0; depth];
    let mut work = game.clone();
    let mut buffers: Vec<Vec<NativeMove>> = (0..depth).map(|_| Vec::new()).collect();
    perft_walk(&mut work, 0, &mut nodes, &mut terminal, &mut buffers);
    (nodes, terminal)
}

/// Counts the subtree below `game` at `level` (0-based), restoring `game`.
fn perft_walk(
    game: &mut Exago,
    level: usize,
    nodes: &mut [u64],
    terminal: &mut [u64],
    buffers: &mut [Vec<NativeMove>],
) {
    let Some((buf, rest)) = buffers.split_first_mut() else {
        return;
    };
    game.legal_moves(buf);
    let saved = game.st;
    for &m in buf.iter() {
        game.play(m);
        nodes[level] += 1;
        if game.is_over() {
            terminal[level] += 1;
        } else {
            perft_walk(game, level + 1, nodes, terminal, rest);
        }
        game.st = saved;
    }
}
