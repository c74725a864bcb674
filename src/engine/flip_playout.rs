//! Random playouts of a phase of one placement that flips the rows it
//! encloses, with a forced pass (Reversi), on words: the empty cells and
//! each seat's pieces are words held in registers; a turn is the enclosing
//! cells found by shifts, one drawn, and its rows flipped by shifts. The
//! `playout-loop` pass chose it (`Playout::Flips`): nothing else changes
//! during a turn. The loop makes the draws turn-by-turn play makes and,
//! when it stops, writes the position into the state once, so that the
//! state ends exactly as turn-by-turn play leaves it.

use rand::Rng;

use super::bitboard::nth_cell64;
use super::enclose::{enclosed_rows, enclosing_bits};
use super::eval::next_seat;
use super::play::below;
use super::state::copy_slice;
use super::State;
use crate::ir::end_test::{Atom, Counter, Who};
use crate::ir::loop_ends::LeafEnd;
use crate::ir::plan::LOOP_ENDS;
use crate::ir::{CellId, Rules, NO_CELL};

/// The most seats (the language's limit).
const MAX_SEATS: usize = 8;

/// The position as the loop plays it.
struct Flips {
    empty: u64,
    own: [u64; MAX_SEATS],
    /// The cells each seat held when the loop began, and those it placed
    /// since: a cell of a seat's now, in neither, was flipped to it.
    kept: [u64; MAX_SEATS],
    counts: [i32; MAX_SEATS],
    mover: usize,
    turn: u32,
    passes: u8,
    last: CellId,
}

impl Rules {
    /// Plays random turns of the flipping phase `phase` on words while the
    /// game is in it, reading the end rules as `ends`; the number of turns
    /// played, or `None` outside that phase.
    pub(super) fn flip_playout<R: Rng>(
        &self,
        (phase, ends): (u8, &[LeafEnd; LOOP_ENDS]),
        state: &mut State,
        rng: &mut R,
        max_moves: u32,
    ) -> Option<u32> {
        let shifts = self.geometry.compass.shifts.as_ref()?;
        if state.phase != phase || state.is_over() {
            return None;
        }
        let seats = self.seats.len();
        let mut w = Flips::of(state, seats);
        // A turn fills an empty cell or passes: at most 64 placements.
        let mut placed = [(0 as CellId, 0u8); 64];
        let (mut n, mut played, mut ended) = (0, 0, None);
        while played < max_moves {
            let own = w.own[w.mover];
            let others = w.own[..seats].iter().fold(0, |a, &b| a | b) & !own;
            let bits = enclosing_bits(shifts, own, others, w.empty);
            if bits == 0 {
                // Turn by turn, the draw finds no cell and the whole list,
                // the forced pass alone, is drawn from.
                below(rng, 1);
                w.passes = w.passes.saturating_add(1);
            } else {
                let cell = nth_cell64(bits, below(rng, bits.count_ones() as usize) as u32);
                placed[n] = (cell, w.mover as u8 + 1);
                n += 1;
                w.place(cell, enclosed_rows(shifts, 1u64 << cell, own, others, None));
            }
            played += 1;
            ended = ends[..self.ends.len()]
                .iter()
                .position(|&end| w.holds(end, seats));
            if ended.is_some() {
                break;
            }
            w.mover = next_seat(w.mover, seats);
            w.turn += 1;
        }
        self.write_flips(state, &w, &placed[..n]);
        if let Some(e) = ended {
            self.end_by(state, &self.ends[e]);
        }
        Some(played)
    }

    /// Writes the loop's position into the state: the cells placed, in
    /// order (the empty-cell list's order), then the cells flipped, the
    /// words and the counters.
    fn write_flips(&self, state: &mut State, w: &Flips, placed: &[(CellId, u8)]) {
        let seats = self.seats.len();
        state.fill_empties(placed, self);
        for (seat, (&own, &kept)) in w.own.iter().zip(&w.kept).take(seats).enumerate() {
            let mut flipped = own & !kept;
            while flipped != 0 {
                let cell = flipped.trailing_zeros() as CellId;
                state.recolour(cell, seat as u8 + 1, self);
                flipped &= flipped - 1;
            }
        }
        state.tops[0] = u128::from(w.empty);
        for (top, &own) in state.tops[1..=seats].iter_mut().zip(&w.own) {
            *top = u128::from(own);
        }
        copy_slice(&mut state.counts, &w.counts[..seats]);
        if w.last != NO_CELL {
            state.last = w.last;
        }
        // Whether the pieces form one group is not worked out: "not known".
        state.joined.0 = false;
        state.passes = w.passes;
        // An ended game stays on its last mover's turn, as in `play`.
        state.mover = w.mover as u8;
        state.turn = w.turn;
    }
}

impl Flips {
    /// The words of a position.
    fn of(state: &State, seats: usize) -> Self {
        let mut w = Flips {
            empty: state.tops[0] as u64,
            own: [0; MAX_SEATS],
            kept: [0; MAX_SEATS],
            counts: [0; MAX_SEATS],
            mover: state.mover as usize,
            turn: state.turn,
            passes: state.passes,
            last: NO_CELL,
        };
        for (own, &top) in w.own.iter_mut().zip(&state.tops[1..=seats]) {
            *own = top as u64;
        }
        w.kept = w.own;
        w.counts[..seats].copy_from_slice(&state.counts);
        w
    }

    /// The mover's piece on `cell`, and the pieces `flips` turned to it.
    fn place(&mut self, cell: CellId, flips: u64) {
        let bit = 1u64 << cell;
        let mover = self.mover;
        self.empty &= !bit;
        for (own, count) in self.own.iter_mut().zip(&mut self.counts) {
            *count -= (*own & flips).count_ones() as i32;
            *own &= !flips;
        }
        self.own[mover] |= bit | flips;
        self.kept[mover] |= bit;
        self.counts[mover] += 1 + flips.count_ones() as i32;
        self.passes = 0;
        self.last = cell;
    }

    /// Whether an end rule holds on the words.
    fn holds(&self, end: LeafEnd, seats: usize) -> bool {
        match end {
            LeafEnd::One(a) => self.atom(a, seats),
            LeafEnd::Both(a, b) => self.atom(a, seats) && self.atom(b, seats),
            LeafEnd::Either(a, b) => self.atom(a, seats) || self.atom(b, seats),
        }
    }

    /// Whether a leaf holds on the words (`flip_ends` took only these).
    fn atom(&self, atom: Atom, seats: usize) -> bool {
        let seat = |who: Who| match who {
            Who::Mover => self.mover,
            Who::Next => next_seat(self.mover, seats),
            Who::Fixed(s) => s as usize,
        };
        match atom {
            Atom::Full => self.empty == 0,
            Atom::Compare(counter, op, c) => {
                let value = match counter {
                    Counter::Count(who) => i64::from(self.counts[seat(who) % MAX_SEATS]),
                    Counter::Turn => i64::from(self.turn),
                    Counter::Passes => i64::from(self.passes),
                    Counter::Supply(_) | Counter::Runs(..) => return false,
                };
                op.apply(value, c) != 0
            }
            Atom::Line(..) | Atom::OnSide(..) => false,
        }
    }
}
