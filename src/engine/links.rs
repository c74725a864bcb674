//! Which sides of the board each seat's pieces join (`connects`): a
//! union-find over the cells, each set's root marked with the sides its
//! cells lie on, and per seat the pairs of sides one of its groups joins
//! (a bit a pair, so `connects` is one test). It is brought up to date once a move (or a step of a chain),
//! not at every change of a cell, so that games without `connects` pay
//! nothing: a piece put on an empty cell joins its neighbours of the same
//! seat in a few steps; any other move (pieces taken off, moved, flipped or
//! covered) rebuilds the sets from the board. Without the `side-links`
//! pass, `connects` walks the seat's groups on the board instead.

use super::seen::{Seen, MAX_CELLS};
use super::State;
use crate::ir::{CellId, Rules, NO_CELL};

/// The bits of a mark that hold a root's sides; the rest hold its rank.
const SIDES: u8 = 0b1111;

/// For each set of sides (a bit a side), the pairs of sides it joins: bit
/// `4a + b` for every two sides `a` and `b` in it (a side with itself too).
const PAIRS: [u16; 16] = pairs();

const fn pairs() -> [u16; 16] {
    let mut table = [0u16; 16];
    let mut m = 0;
    while m < 16 {
        let mut a = 0;
        while a < 4 {
            let mut b = 0;
            while b < 4 {
                if m >> a & 1 != 0 && m >> b & 1 != 0 {
                    table[m] |= 1 << (a * 4 + b);
                }
                b += 1;
            }
            a += 1;
        }
        m += 1;
    }
    table
}

impl Rules {
    /// How many cells the union-find covers: none unless the plan keeps it
    /// (`side-links`).
    pub(super) fn link_cells(&self) -> usize {
        if self.plan.keeps.links {
            self.geometry.cell_count()
        } else {
            0
        }
    }

    /// Whether one group of `seat`'s pieces touches sides `a` and `b`
    /// (false for a seat or side out of range). Always inline: with the
    /// walk beside it the compiler left it out of line: Hex 1.5% more.
    #[inline(always)]
    pub(super) fn connects(&self, state: &State, seat: usize, a: i64, b: i64) -> bool {
        let side = |s: i64| u8::try_from(s).ok().filter(|&s| s < 4);
        let (Some(a), Some(b)) = (side(a), side(b)) else {
            return false;
        };
        // The union-find's sides are empty unless `side-links` keeps them
        // (a test of the plan as well costs Hex 0.6%).
        let Some(&reached) = state.sides_joined.get(seat) else {
            return self.connects_walked(state, seat, a, b);
        };
        reached >> (a * 4 + b) & 1 != 0
    }

    /// [`Rules::connects`] without the union-find (no `side-links`): each
    /// group of `seat`'s pieces with a cell on side `a` is walked, and the
    /// sides its cells lie on gathered (false for a seat out of range). Out
    /// of line and cold, so that `connects` stays small.
    #[cold]
    #[inline(never)]
    fn connects_walked(&self, state: &State, seat: usize, a: u8, b: u8) -> bool {
        let Some(code) = (seat < self.seats.len()).then(|| seat as u8 + 1) else {
            return false;
        };
        let sides = &self.geometry.compass.sides;
        let mut seen = Seen::default();
        (0..self.cells_with_sides()).any(|start| {
            let fresh = !seen.has(start) && state.board[start] == code;
            fresh
                && sides[start] >> a & 1 != 0
                && self.group_sides(state, start as CellId, &mut seen) >> b & 1 != 0
        })
    }

    /// How many sides the group of one seat's pieces holding `cell`
    /// touches (0 for an empty cell or no cell): `sides(c)`.
    pub(super) fn sides_of_group(&self, state: &State, cell: CellId) -> u32 {
        let on_board = (cell as usize) < self.cells_with_sides();
        if !on_board || state.board[cell as usize] == 0 {
            return 0;
        }
        self.group_sides(state, cell, &mut Seen::default())
            .count_ones()
    }

    /// The cells that have a side mark (every cell of a board of cells).
    fn cells_with_sides(&self) -> usize {
        let sides = self.geometry.compass.sides.len();
        self.geometry.cell_count().min(sides).min(MAX_CELLS)
    }

    /// The sides the group of `start`'s seat holding `start` touches,
    /// marking its cells in `seen`: a walk on the stack (a board has at
    /// most 676 cells).
    fn group_sides(&self, state: &State, start: CellId, seen: &mut Seen) -> u8 {
        let (sides, cells) = (&self.geometry.compass.sides, self.cells_with_sides());
        let code = state.board[start as usize];
        let mut stack = [NO_CELL; MAX_CELLS];
        let (mut top, mut touched) = (1, 0u8);
        stack[0] = start;
        seen.mark(start as usize);
        while top > 0 {
            top -= 1;
            let c = stack[top];
            touched |= sides[c as usize];
            for &n in self.geometry.neighbours_of(c) {
                let n = n as usize;
                if n < cells && !seen.has(n) && state.board[n] == code {
                    seen.mark(n);
                    stack[top] = n as CellId;
                    top += 1;
                }
            }
        }
        touched
    }

    /// Joins a piece of `code` just put on the empty `cell` to its
    /// neighbours of the same seat, and records the sides its group touches.
    pub(super) fn link_piece(&self, state: &mut State, cell: CellId, code: u8) {
        let Some(seat) = (code as usize)
            .checked_sub(1)
            .filter(|&s| s < self.seats.len())
        else {
            return;
        };
        let c = cell as usize;
        state.links[c] = cell;
        state.link_marks[c] = self.geometry.compass.sides[c];
        for &n in self.geometry.neighbours_of(cell) {
            if n != NO_CELL && state.board[n as usize] == code {
                union(state, c, n as usize);
            }
        }
        let root = find(state, c);
        state.sides_joined[seat] |= PAIRS[(state.link_marks[root] & SIDES) as usize];
    }

    /// Brings the sets up to date after a move: `placed` is the cell a
    /// piece was just put on when that was all the move changed.
    pub(super) fn sync_links(&self, state: &mut State, placed: Option<CellId>) {
        match placed {
            Some(cell) => self.link_piece(state, cell, state.board[cell as usize]),
            None => self.relink(state),
        }
    }

    /// Rebuilds the sets from the board.
    pub(super) fn relink(&self, state: &mut State) {
        state.sides_joined.fill(0);
        for cell in 0..self.geometry.cell_count() as CellId {
            let code = state.board[cell as usize];
            // Cells not yet reached stand alone until their piece is linked.
            state.links[cell as usize] = cell;
            state.link_marks[cell as usize] = 0;
            if code != 0 {
                self.link_piece(state, cell, code);
            }
        }
    }
}

/// The root of `n`'s set, pointing each node on the way at its grandparent.
/// Always inline: where the compiler chose, Hex's playouts varied by 0.5%.
#[inline(always)]
fn find(state: &mut State, mut n: usize) -> usize {
    while state.links[n] as usize != n {
        let parent = state.links[n] as usize;
        state.links[n] = state.links[parent];
        n = parent;
    }
    n
}

/// Joins the sets of `a` and `b`, the shallower under the deeper; the
/// root keeps the sides of both.
fn union(state: &mut State, a: usize, b: usize) {
    let (a, b) = (find(state, a), find(state, b));
    if a == b {
        return;
    }
    let (ma, mb) = (state.link_marks[a], state.link_marks[b]);
    let (low, high) = if ma >> 4 < mb >> 4 { (a, b) } else { (b, a) };
    state.links[low] = high as CellId;
    let rank = (ma >> 4).max(mb >> 4) + u8::from(ma >> 4 == mb >> 4);
    state.link_marks[high] = rank << 4 | (ma | mb) & SIDES;
}
