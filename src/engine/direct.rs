//! Reads and tests: the values an expression takes in one step, off the
//! move's scope or the state (see `ir/read.rs`). Read inline wherever an
//! expression is evaluated, so that a read costs no call; what a read is
//! was chosen when compiling, never found out here. Inlined in release
//! builds only: a debug build keeps every inlined copy's locals apart, and
//! the evaluator's frame grew past a megabyte (a stack overflow in
//! `analyse`'s worker threads). Measured 27 Nov 2026: with the small
//! helpers (`at`, `who`, `piece_seat`, `number_at`) left to the compiler,
//! Breakthrough took 1.7% more instructions and Just 4 Fun 1.7% fewer; all
//! stay inlined.

use super::eval::{next_seat, supply_value, Scope};
use super::State;
use crate::builtins::{facts, BuiltinId};
use crate::ir::read::Who;
use crate::ir::{Against, At, CellId, Read, Rules, Test, NO_CELL};

impl Rules {
    /// The value of a read.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn read(&self, read: Read, s: &Scope) -> i64 {
        let st = s.state;
        match read {
            Read::Mover => st.mover as i64,
            Read::Next => next_seat(st.mover as usize, self.seats.len()) as i64,
            Read::Turn => st.turn as i64,
            Read::Bound => s.bound as i64,
            Read::Full => st.is_full() as i64,
            Read::Played => s.played as i64,
            Read::Total => s.total as i64,
            Read::Piece => self.piece_seat(s.piece),
            // A walk of `move by dice` passes its die where a card would be.
            Read::Card | Read::ThisDie => s.card as i64,
            Read::Passes => st.passes as i64,
            Read::Captures => i64::from(st.captures()),
            Read::Gathered => s.total as i64,
            Read::Repeated => i64::from(st.repeated()),
            Read::Counter(i) => st.counter(i as usize).unwrap_or(0),
            Read::Cell(at) => self.at(at, s) as i64,
            Read::Supply(w) => st
                .supply
                .get(self.who(w, s))
                .map_or(0, |&v| supply_value(v)),
            Read::Score(w) => st.scores.get(self.who(w, s)).map_or(0, |&v| v as i64),
            Read::Gain(w) => st.gains.get(self.who(w, s)).map_or(0, |&v| v as i64),
            Read::Count(w) => st.counts.get(self.who(w, s)).map_or(0, |&v| v as i64),
            Read::Runs(t, w) => st.runs[t as usize * self.seats.len() + self.who(w, s)] as i64,
            Read::Line(t, w) => st.lines[t as usize * self.seats.len() + self.who(w, s)] as i64,
            Read::Empty(at) => self.empty_at(st, self.at(at, s)),
            Read::Height(at) => self.height_at(st, self.at(at, s)),
            Read::Owner(at) => self.owner_at(st, self.at(at, s)),
            Read::Kind(at) => st.kind_value(self.at(at, s) as usize),
            Read::Stones(w, at) => self.stones_at(st, self.who(w, s), self.at(at, s)),
            Read::Lead(w, at) => self.lead_at(st, self.who(w, s), self.at(at, s)),
            Read::Margin(at) => self.margin_at(st, self.at(at, s)),
            Read::SeatOf(at) => self.seat_at(self.at(at, s) as i64),
            Read::Locked(at) => self.locked(st, self.at(at, s)) as i64,
            Read::Number(at) => self.number_at(self.at(at, s)),
            Read::OfGame(id) => super::calls::move_facts(self, id, &[0; super::calls::MAX_ARGS], s),
            Read::FieldOfTotal => self.field_at(s.total as i64),
            Read::CardValue => self.value_of(s.card as i64),
            // No partner (no teams) reads as seat 0, as `partner` does.
            Read::Partner(w) => self.partner.get(self.who(w, s)).map_or(0, |&p| p as i64),
            Read::LockedMovers(w) => self.locked_movers(st, self.who(w, s)) as i64,
            Read::Connects(w, a, b) => self.connects_of(w, a, b, s),
            Read::OfCell(id, at) => self.apply_to(id, self.at(at, s) as i64, s),
            Read::OfSeat(id, w) => self.apply_to(id, self.who(w, s) as i64, s),
        }
    }

    /// Whether one group of a seat's pieces joins two sides. Out of line,
    /// as `apply_to`: an arm of its own inlined with every read cost
    /// Exago, which never reads it, 2.8%.
    #[inline(never)]
    fn connects_of(&self, w: Who, a: u8, b: u8, s: &Scope) -> i64 {
        let seat = self.who(w, s);
        self.connects(s.state, seat, i64::from(a), i64::from(b)) as i64
    }

    /// Built-in `id` of one argument's value: out of line, as the table of
    /// built-ins is too big to copy into every read.
    #[inline(never)]
    fn apply_to(&self, id: BuiltinId, arg: i64, s: &Scope) -> i64 {
        super::calls::apply(self, id, &[arg, 0, 0], s)
    }

    /// Whether a test holds.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn test(&self, t: &Test, s: &Scope) -> bool {
        let against = match t.against {
            Against::Const(c) => c,
            Against::Read(r) => self.read(r, s),
        };
        t.op.apply(self.read(t.read, s), against) != 0
    }

    /// The cell a context cell names, or `NO_CELL`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn at(&self, at: At, s: &Scope) -> CellId {
        match at {
            At::Chosen => s.chosen,
            At::Each => s.each,
            At::From => s.from,
            At::To => s.to,
            At::Last => s.state.last,
        }
    }

    /// The seat a directly named seat is; past the seats for a piece of
    /// no seat.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn who(&self, who: Who, s: &Scope) -> usize {
        match who {
            Who::Mover => s.state.mover as usize,
            Who::Next => next_seat(s.state.mover as usize, self.seats.len()),
            Who::Bound => s.bound as usize,
            Who::Fixed(f) => f as usize,
            Who::Piece => self.piece_seat(s.piece) as usize,
            Who::SeatOf(at) => self.seat_at(self.at(at, s) as i64) as usize,
        }
    }

    /// A piece's seat; -1 for none, or for a neutral piece.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn piece_seat(&self, piece: u8) -> i64 {
        match piece as usize {
            code @ 1.. if code <= self.seats.len() => code as i64 - 1,
            _ => -1,
        }
    }

    /// Whether the cell is empty (no cell is not).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn empty_at(&self, st: &State, c: CellId) -> i64 {
        (c != NO_CELL && st.board[c as usize] == 0) as i64
    }

    /// How many pieces the cell holds (0 for no cell).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn height_at(&self, st: &State, c: CellId) -> i64 {
        if c == NO_CELL {
            return 0;
        }
        st.heights[c as usize] as i64
    }

    /// The seat that owns the cell, or -1.
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn owner_at(&self, st: &State, c: CellId) -> i64 {
        match st.board.get(c as usize) {
            Some(&code) if code != 0 && code as usize <= self.seats.len() => code as i64 - 1,
            _ => -1,
        }
    }

    /// How many of the seat's pieces the cell holds (0 for no cell or seat).
    pub(super) fn stones_at(&self, st: &State, seat: usize, c: CellId) -> i64 {
        if c == NO_CELL || seat >= self.seats.len() {
            return 0;
        }
        st.stones(c, seat as u8, self) as i64
    }

    /// The seat's lead on the cell (0 for no cell or seat).
    pub(super) fn lead_at(&self, st: &State, seat: usize, c: CellId) -> i64 {
        if c == NO_CELL || seat >= self.seats.len() {
            return 0;
        }
        st.lead(c, seat as u8, self)
    }

    /// The margin on the cell (0 for no cell).
    pub(super) fn margin_at(&self, st: &State, c: CellId) -> i64 {
        if c == NO_CELL {
            return 0;
        }
        st.margin(c, self)
    }

    /// The cell's number (0 for no cell).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn number_at(&self, c: CellId) -> i64 {
        facts::number(self.board(), &[i64::from(c), 0, 0])
    }

    /// The cell numbered `n`, or `NO_CELL`.
    pub(super) fn field_at(&self, n: i64) -> i64 {
        facts::field(self.board(), &[n, 0, 0])
    }

    /// A card's value, from its code (0 for none).
    pub(super) fn value_of(&self, code: i64) -> i64 {
        usize::try_from(code)
            .ok()
            .and_then(|c| self.card_kinds.get(c))
            .map_or(0, |k| k.1)
    }

    /// The seat a cell belongs to (its track segment, home or end zone, or
    /// its ring's side), or -1.
    pub(super) fn seat_at(&self, cell: i64) -> i64 {
        facts::seat_of(self.board(), &[cell, 0, 0])
    }

    /// The board's fixed facts, as the built-ins read them.
    #[inline]
    pub(super) fn board(&self) -> facts::Board<'_> {
        facts::Board {
            geometry: &self.geometry,
            track: self.track.as_ref(),
            numbers: &self.numbers,
            field_of: &self.field_of,
        }
    }
}
