//! What each built-in does: the implementation column of the table of
//! built-ins (`builtins.rs` holds the name, parameters and type of each
//! row). The evaluator computes a call's arguments, in order, and hands
//! them here; a built-in whose arguments are the context's names was
//! fused by `direct-reads` into a read and never gets here.
//!
//! Arguments are numbers: a cell its id (`NO_CELL` for none), a seat its
//! index (a seat of none, -1, indexes nothing and reads 0), a line or run
//! counter its index.

use super::eval::{supply_value, Scope};
use crate::builtins::{facts, BuiltinId};
use crate::ir::{CellId, Read, Rules};

/// The most arguments a built-in takes (`connects(p, a, b)`).
pub(super) const MAX_ARGS: usize = 3;

/// Built-in `id` applied to the arguments' values `a` (0 past its arity)
/// in scope `s`: a row per built-in. The names the compiler turns into
/// constants or other nodes (`last`, `cell`, `from`, `to`, directions,
/// sides, `forward`, `exact_line`) are never called: 0.
#[inline]
pub(super) fn apply(r: &Rules, id: BuiltinId, a: &[i64; MAX_ARGS], s: &Scope) -> i64 {
    use BuiltinId as B;
    match id {
        B::Mover => r.read(Read::Mover, s),
        B::Next => r.read(Read::Next, s),
        B::Turn => r.read(Read::Turn, s),
        B::Full => r.read(Read::Full, s),
        B::Played => r.read(Read::Played, s),
        B::Total => r.read(Read::Total, s),
        B::Piece => r.read(Read::Piece, s),
        B::Card => r.read(Read::Card, s),
        B::Passes => r.read(Read::Passes, s),
        B::Captures => r.read(Read::Captures, s),
        B::Gathered => r.read(Read::Gathered, s),
        B::Repeated => r.read(Read::Repeated, s),
        B::Kind => s.state.kind_value(cell(a[0]) as usize),
        B::Sees => r.sees(s.state, cell(a[0]), cell(a[1])) as i64,
        B::Last | B::Cell | B::From | B::To => 0,
        B::Empty => r.empty_at(s.state, cell(a[0])),
        B::Height => r.height_at(s.state, cell(a[0])),
        B::InLine => {
            let c = cell(a[1]);
            let own = s.state.board.get(c as usize).copied().unwrap_or(0);
            let seat_piece = own != 0 && own as usize <= r.seats.len();
            (seat_piece && r.in_line_of(s.state, a[0] as usize, c, own)) as i64
        }
        B::Line => r
            .entry(&s.state.lines, a[0] as u8, seat(a[1]))
            .is_some_and(|&l| l) as i64,
        B::Runs => r
            .entry(&s.state.runs, a[0] as u8, seat(a[1]))
            .map_or(0, |&n| n as i64),
        B::Supply => s
            .state
            .supply
            .get(seat(a[0]))
            .map_or(0, |&v| supply_value(v)),
        B::Score => counter(&s.state.scores, a[0]),
        B::Gain => counter(&s.state.gains, a[0]),
        B::Count => counter(&s.state.counts, a[0]),
        B::Captured => counter(&s.state.captured, a[0]),
        B::HandSize => s.state.hand_len.get(seat(a[0])).map_or(0, |&n| n as i64),
        B::Owner => r.owner_at(s.state, cell(a[0])),
        B::Stones => r.stones_at(s.state, seat(a[0]), cell(a[1])),
        B::Lead => r.lead_at(s.state, seat(a[0]), cell(a[1])),
        B::Margin => r.margin_at(s.state, cell(a[0])),
        B::Connected => (r.group_sizes(s.state).0 <= 1) as i64,
        B::Groups => r.group_sizes(s.state).0 as i64,
        B::LargestGroup => r.group_sizes(s.state).1 as i64,
        B::Value => r.value_of(a[0]),
        // No partner (no teams) reads as seat 0.
        B::Partner => r.partner.get(seat(a[0])).map_or(0, |&p| p as i64),
        B::Locked => r.locked(s.state, cell(a[0])) as i64,
        B::LockedMovers => r.locked_movers(s.state, seat(a[0])) as i64,
        B::Store => r.geometry.store(seat(a[0])) as i64,
        B::Encloses => r.encloses(s.state, cell(a[0])) as i64,
        B::Connects => r.connects(s.state, seat(a[0]), a[1], a[2]) as i64,
        B::Edge => facts::edge(r.board(), a),
        B::Corner => facts::corner(r.board(), a),
        B::Centre => facts::centre(r.board(), a),
        B::Home => facts::home(r.board(), a),
        B::StartSpace => facts::start_space(r.board(), a),
        B::EndZone => facts::end_zone(r.board(), a),
        B::Numbered => facts::numbered(r.board(), a),
        B::SeatOf => facts::seat_of(r.board(), a),
        B::Adjacent => facts::adjacent(r.board(), a),
        B::Pit => facts::pit(r.board(), a),
        B::Opposite => facts::opposite(r.board(), a),
        B::Row => facts::row(r.board(), a),
        B::Column => facts::column(r.board(), a),
        B::Step => facts::step(r.board(), a),
        B::Between => facts::between(r.board(), a),
        B::OnSide => facts::on_side(r.board(), a),
        B::Sides => i64::from(r.sides_of_group(s.state, cell(a[0]))),
        B::Surrounded => r.surrounded(s.state, cell(a[0])) as i64,
        B::Liberties => r.liberties(s.state, cell(a[0])) as i64,
        B::Attacked | B::LastFrom | B::Repetitions | B::LastKind => move_facts(r, id, a, s),
        B::Roll | B::Die | B::Ahead | B::DiceLeft | B::Pips => chance_facts(r, id, a, s),
        B::ThisDie => r.read(Read::ThisDie, s),
        B::Territory => r.territory(s.state, seat(a[0])) as i64,
        B::RepeatedBoard => r.repeated_board(s.state) as i64,
        B::Restores => r.restores(s.state, a[0]) as i64,
        B::Number => facts::number(r.board(), a),
        B::Field => facts::field(r.board(), a),
        B::Direction(_)
        | B::Side(_)
        | B::Forward
        | B::Backward
        | B::ForwardLeft
        | B::ForwardRight
        | B::ExactLine => 0,
    }
}

/// A cell argument (a value past the cells is no cell's id).
fn cell(v: i64) -> CellId {
    v as CellId
}

/// A seat argument: a seat of none (-1) is past every seat.
fn seat(v: i64) -> usize {
    v as usize
}

/// A seat's counter; a seat of none has none: 0.
fn counter<T: Copy + Into<i64>>(counters: &[T], p: i64) -> i64 {
    counters.get(seat(p)).map_or(0, |&v| v.into())
}

/// What the last move did and what may take a piece (`attacked`,
/// `last_from`, `last_kind`, `repetitions`): out of line, so that `apply`
/// stays small enough for the other rows to be inlined into it (inline,
/// they cost Kalah 3.8%).
#[inline(never)]
pub(super) fn move_facts(r: &Rules, id: BuiltinId, a: &[i64; MAX_ARGS], s: &Scope) -> i64 {
    let memory = s.state.memory.as_ref();
    match id {
        BuiltinId::Attacked => r.attacked(s.state, cell(a[0])) as i64,
        BuiltinId::LastFrom => {
            memory.map_or(i64::from(crate::ir::NO_CELL), |m| i64::from(m.moved_from))
        }
        BuiltinId::Repetitions => memory.map_or(0, |m| i64::from(m.repetitions)),
        BuiltinId::LastKind => memory.map_or(-1, |m| m.moved_kind),
        _ => 0,
    }
}

/// The dice and where they take a mover (`roll`, `die`, `ahead`): out of
/// line, as `move_facts`, so that `apply` stays small.
#[inline(never)]
fn chance_facts(r: &Rules, id: BuiltinId, a: &[i64; MAX_ARGS], s: &Scope) -> i64 {
    match id {
        BuiltinId::Roll => s.state.dice.iter().map(|&d| i64::from(d)).sum(),
        BuiltinId::Die => usize::try_from(a[0] - 1)
            .ok()
            .and_then(|i| s.state.dice.get(i))
            .map_or(0, |&d| i64::from(d)),
        BuiltinId::DiceLeft => s.state.dice_left(r) as i64,
        BuiltinId::Pips => r.pips(seat(a[0]), cell(a[1])),
        BuiltinId::Ahead => i64::from(r.ahead(s.state, cell(a[0]), a[1])),
        _ => 0,
    }
}
