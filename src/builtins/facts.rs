//! What the built-ins of the board's fixed facts do (`edge`, `home`,
//! `adjacent`, `step`, `row`, `number`, ...): one implementation, which the
//! compiler runs to fold a call whose arguments are fixed (a condition on
//! the chosen cell becomes a mask) and the engine runs on the values of
//! the arguments during play, so the two cannot disagree.
//!
//! Arguments are numbers, as the engine's calls take them: a cell its id
//! (`NO_CELL`, or any value past the cells, is no cell), a direction or a
//! side its index.

use super::BuiltinId;
use crate::ir::track::Track;
use crate::ir::{CellId, Geometry, SpaceKind, NO_CELL};

/// The board's fixed facts the built-ins read.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    /// The cells and their neighbours, rows, sides and pits.
    pub geometry: &'a Geometry,
    /// The track's spaces, on a track board.
    pub track: Option<&'a Track>,
    /// Each cell's number (`numbers`), or empty.
    pub numbers: &'a [i64],
    /// The cell of each number, or empty.
    pub field_of: &'a [CellId],
}

/// The implementation of a built-in of the board's fixed facts, on the
/// arguments' values.
pub type Fact = fn(Board, &[i64; 3]) -> i64;

/// The implementation of built-in `id`, if it reads only the board's fixed
/// facts: a row per built-in. The engine's calls name the same functions.
pub fn of(id: BuiltinId) -> Option<Fact> {
    use BuiltinId as B;
    Some(match id {
        B::Edge => edge,
        B::Corner => corner,
        B::Centre => centre,
        B::Home => home,
        B::StartSpace => start_space,
        B::EndZone => end_zone,
        B::Numbered => numbered,
        B::SeatOf => seat_of,
        B::Adjacent => adjacent,
        B::Pit => pit,
        B::Opposite => opposite,
        B::Row => row,
        B::Column => column,
        B::Step => step,
        B::Between => between,
        B::OnSide => on_side,
        B::Number => number,
        B::Field => field,
        _ => return None,
    })
}

/// `edge(c)`.
#[inline]
pub fn edge(b: Board, a: &[i64; 3]) -> i64 {
    on_cell(&b.geometry.edge, cell(a[0]))
}

/// `corner(c)`.
#[inline]
pub fn corner(b: Board, a: &[i64; 3]) -> i64 {
    on_cell(&b.geometry.corner, cell(a[0]))
}

/// `centre(c)`.
#[inline]
pub fn centre(b: Board, a: &[i64; 3]) -> i64 {
    on_cell(&b.geometry.centre, cell(a[0]))
}

/// `home(c)`.
#[inline]
pub fn home(b: Board, a: &[i64; 3]) -> i64 {
    space_is(b.track, SpaceKind::Home, cell(a[0]))
}

/// `start_space(c)`.
#[inline]
pub fn start_space(b: Board, a: &[i64; 3]) -> i64 {
    space_is(b.track, SpaceKind::Start, cell(a[0]))
}

/// `end_zone(c)`.
#[inline]
pub fn end_zone(b: Board, a: &[i64; 3]) -> i64 {
    space_is(b.track, SpaceKind::End, cell(a[0]))
}

/// `numbered(c)`.
#[inline]
pub fn numbered(b: Board, a: &[i64; 3]) -> i64 {
    space_is(b.track, SpaceKind::Numbered, cell(a[0]))
}

/// `seat_of(c)`: the seat a track space or a pit belongs to, or -1.
#[inline]
pub fn seat_of(b: Board, a: &[i64; 3]) -> i64 {
    let ring = b.geometry.ring.as_ref().map(|r| &r.seat_of);
    let seats = b.track.map(|t| &t.seat_of).or(ring);
    let c = cell(a[0]) as usize;
    seats.and_then(|s| s.get(c)).map_or(-1, |&p| p as i64)
}

/// `adjacent(a, b)`.
#[inline]
pub fn adjacent(b: Board, a: &[i64; 3]) -> i64 {
    b.geometry.adjacent(cell(a[0]), cell(a[1])) as i64
}

/// `pit(c)`. Always inlined: left to the compiler, it went out of line
/// when `calls::apply` grew, and cost Kalah 3.9%.
#[inline(always)]
pub fn pit(b: Board, a: &[i64; 3]) -> i64 {
    b.geometry.is_pit(cell(a[0])) as i64
}

/// `opposite(c)`.
#[inline]
pub fn opposite(b: Board, a: &[i64; 3]) -> i64 {
    b.geometry.opposite(cell(a[0])) as i64
}

/// `row(c)`.
#[inline]
pub fn row(b: Board, a: &[i64; 3]) -> i64 {
    at_cell(&b.geometry.compass.rows, cell(a[0]))
}

/// `column(c)`.
#[inline]
pub fn column(b: Board, a: &[i64; 3]) -> i64 {
    at_cell(&b.geometry.compass.columns, cell(a[0]))
}

/// `step(c, d)`: the cell one step from c in direction d, or no cell.
#[inline]
pub fn step(b: Board, a: &[i64; 3]) -> i64 {
    let c = cell(a[0]);
    match u8::try_from(a[1]) {
        Ok(d @ 0..8) if c != NO_CELL => i64::from(b.geometry.compass.step(c, d)),
        _ => i64::from(NO_CELL),
    }
}

/// `between(a, b)`.
#[inline]
pub fn between(b: Board, a: &[i64; 3]) -> i64 {
    i64::from(b.geometry.compass.between(cell(a[0]), cell(a[1])))
}

/// `on_side(c, side)`.
#[inline]
pub fn on_side(b: Board, a: &[i64; 3]) -> i64 {
    let side = u8::try_from(a[1]).ok().filter(|&s| s < 4);
    side.is_some_and(|side| b.geometry.compass.on_side(cell(a[0]), side)) as i64
}

/// `number(c)`: the cell's number, 0 for none.
#[inline]
pub fn number(b: Board, a: &[i64; 3]) -> i64 {
    b.numbers.get(cell(a[0]) as usize).copied().unwrap_or(0)
}

/// `field(n)`: the cell numbered n, or no cell.
#[inline]
pub fn field(b: Board, a: &[i64; 3]) -> i64 {
    let field = usize::try_from(a[0]).ok().and_then(|n| b.field_of.get(n));
    i64::from(field.copied().unwrap_or(NO_CELL))
}

/// A cell argument (a value past the cells is no cell's id).
fn cell(v: i64) -> CellId {
    v as CellId
}

/// Whether a cell is marked in a per-cell table (no cell: not).
fn on_cell(marks: &[bool], c: CellId) -> i64 {
    (c != NO_CELL && marks.get(c as usize).copied().unwrap_or(false)) as i64
}

/// A cell's entry in a per-cell table of small numbers (no cell: 0).
fn at_cell<T: Copy + Into<i64>>(table: &[T], c: CellId) -> i64 {
    table.get(c as usize).map_or(0, |&v| v.into())
}

/// Whether a cell is a track space of `kind`.
fn space_is(track: Option<&Track>, kind: SpaceKind, c: CellId) -> i64 {
    track.is_some_and(|t| t.kind.get(c as usize) == Some(&kind)) as i64
}
