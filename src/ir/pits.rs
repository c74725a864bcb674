//! A board of pits in two rows, one row a seat, with a store at each
//! seat's right (mancala games): the order seeds are sown in, the pit
//! across from each, and each cell's seat.

use super::compass::{Compass, SQUARE_STEPS};
use super::geometry::{CellId, Geometry, Shape, NO_CELL};

/// The sowing ring of a pits board.
#[derive(Clone, Debug)]
pub struct Ring {
    /// Per cell: the next cell along the ring, counterclockwise (along the
    /// first seat's row to the right, into its store, back along the
    /// second seat's row to the left, into its store).
    pub next: Vec<CellId>,
    /// Per cell: the cell before it along the ring (`next` backwards).
    pub prev: Vec<CellId>,
    /// Per cell: the pit across the board (`NO_CELL` for a store).
    pub opposite: Vec<CellId>,
    /// Per cell: the seat whose row (or store) it is.
    pub seat_of: Vec<u8>,
    /// Per seat: its store (`NO_CELL` without stores).
    pub stores: Vec<CellId>,
}

impl Ring {
    /// The ring of `pits` pits a row, with stores or not. Cells are the
    /// first seat's pits left to right (`a1`...), its store, then the
    /// second seat's pits left to right (`a2`...), its store.
    pub fn new(pits: usize, stores: bool) -> Self {
        let row = pits + usize::from(stores);
        let cells = 2 * row;
        let pit = |seat: usize, i: usize| (seat * row + i) as CellId;
        let store = |seat: usize| stores.then(|| (seat * row + pits) as CellId);
        let mut next = vec![NO_CELL; cells];
        let mut prev = vec![NO_CELL; cells];
        let mut opposite = vec![NO_CELL; cells];
        let mut seat_of = vec![0; cells];
        // The first seat's row runs right, the second seat's left.
        let mut order: Vec<CellId> = (0..pits).map(|i| pit(0, i)).collect();
        order.extend(store(0));
        order.extend((0..pits).rev().map(|i| pit(1, i)));
        order.extend(store(1));
        for (k, &c) in order.iter().enumerate() {
            next[c as usize] = order[(k + 1) % order.len()];
            prev[c as usize] = order[(k + order.len() - 1) % order.len()];
        }
        for i in 0..pits {
            opposite[pit(0, i) as usize] = pit(1, i);
            opposite[pit(1, i) as usize] = pit(0, i);
            seat_of[pit(1, i) as usize] = 1;
        }
        if let Some(s) = store(1) {
            seat_of[s as usize] = 1;
        }
        let stores = (0..2).map(|s| store(s).unwrap_or(NO_CELL)).collect();
        Ring {
            next,
            prev,
            opposite,
            seat_of,
            stores,
        }
    }

    /// Whether `cell` is a store. A loop over the few stores, inline:
    /// sowing asks it for every pit it passes, and `contains` on a slice
    /// of `u16` is a call (Kalah 5% slower).
    #[inline]
    #[allow(clippy::manual_contains)]
    pub fn is_store(&self, cell: CellId) -> bool {
        cell != NO_CELL && self.stores.iter().any(|&s| s == cell)
    }
}

impl Geometry {
    /// Two rows of `pits` pits, maybe with a store at each seat's right:
    /// pits named as on a square board (`a1` is the first seat's leftmost
    /// pit, `a2` the pit across from it), stores `store1` and `store2`.
    /// Pits beside each other in a row are adjacent; there are no lines.
    pub fn pits(pits: usize, stores: bool) -> Self {
        let mut coords = Vec::new();
        let mut labels = Vec::new();
        for y in 0..2 {
            for x in 0..pits as i32 {
                coords.push((x, y));
                labels.push(format!("{}{}", (b'a' + x as u8) as char, y + 1));
            }
            if stores {
                // Each store at its seat's right end, outside the rows.
                coords.push((if y == 0 { pits as i32 } else { -1 }, y));
                labels.push(format!("store{}", y + 1));
            }
        }
        let ring = Ring::new(pits, stores);
        let row = pits + usize::from(stores);
        let inside = move |(x, y): (i32, i32)| (0..pits as i32).contains(&x) && (0..2).contains(&y);
        let index = move |(x, y): (i32, i32)| (y as usize * row + x as usize) as CellId;
        let centre = vec![false; coords.len()];
        let row_column = |(x, y): (i32, i32)| (y as u8 + 1, (x + 1).max(0) as u8);
        let compass = Compass::new(&coords, &SQUARE_STEPS, inside, index, row_column, false);
        let mut geometry = Geometry::build(
            centre,
            Shape::Pits { pits, stores },
            coords,
            labels,
            &[(1, 0), (-1, 0)],
            Vec::new(),
            inside,
            index,
            0,
        );
        geometry.compass = compass;
        geometry.ring = Some(ring);
        geometry
    }
}

impl Geometry {
    /// Seat `seat`'s store, or `NO_CELL` (no store, or not a pits board).
    pub fn store(&self, seat: usize) -> CellId {
        let ring = self.ring.as_ref();
        ring.and_then(|r| r.stores.get(seat).copied())
            .unwrap_or(NO_CELL)
    }

    /// The pit across from `cell`, or `NO_CELL`.
    pub fn opposite(&self, cell: CellId) -> CellId {
        let ring = self.ring.as_ref();
        ring.and_then(|r| r.opposite.get(cell as usize).copied())
            .unwrap_or(NO_CELL)
    }

    /// Whether `cell` is a pit of a pits board (not a store).
    pub fn is_pit(&self, cell: CellId) -> bool {
        self.ring
            .as_ref()
            .is_some_and(|r| (cell as usize) < r.next.len() && !r.is_store(cell))
    }
}
