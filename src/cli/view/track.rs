//! A track board: the ring as the edge of a rectangle, clockwise from the
//! top left, each space four columns wide (its label when empty, its movers
//! when not); inside it, a line a seat with its home and its end zone. A
//! facing track is its line folded in two rows, as a backgammon board is
//! drawn, with the seats' lines below.

use super::{seat_colours, tint, Canvas, Ink};
use crate::engine::State;
use crate::ir::{CellId, Rules, Track};

/// Columns a space takes.
const SPACE: usize = 4;

/// The board of a track game.
pub(super) fn draw(rules: &Rules, state: &State, track: &Track) -> Canvas {
    if track.facing {
        return draw_facing(rules, state, track);
    }
    let ring = track.ring();
    let (top, side, bottom) = sides(ring);
    let across = top.max(bottom);
    let mut canvas = Canvas::new(side + 2, rules, state);
    for i in 0..ring {
        let (line, column) = position(i, top, side, bottom, across);
        space(&mut canvas, rules, state, i as CellId, line, column * SPACE);
    }
    for seat in 0..track.seats.min(side) {
        let line = 1 + (side - track.seats.min(side)) / 2 + seat;
        seat_line(&mut canvas, rules, state, track, seat, line, SPACE + 1);
    }
    canvas
}

/// A facing track: the second half of its line along the top, left to
/// right, the first half along the bottom, right to left (so that the
/// first seat's way runs round anticlockwise from the top right, its end
/// at the bottom right), with a gap in the middle of each row; then a line
/// a seat.
fn draw_facing(rules: &Rules, state: &State, track: &Track) -> Canvas {
    let line_len = track.ring();
    let bottom = line_len / 2;
    let top = line_len - bottom;
    let mut canvas = Canvas::new(5 + track.seats, rules, state);
    let column = |i: usize, row: usize| i * SPACE + if 2 * i >= row { 2 } else { 0 };
    // The spaces' names above and below their rows, so that a space with
    // movers on it is named too; an empty space is a dot.
    let mut point = |cell: usize, (name, line): (usize, usize), column: usize| {
        let label = &rules.geometry.labels[cell];
        canvas.put(name, column, label, Ink::Faint);
        match state.height(cell as CellId) {
            0 => canvas.put(line, column, "·", Ink::Faint),
            _ => space(&mut canvas, rules, state, cell as CellId, line, column),
        }
    };
    for i in 0..top {
        point(bottom + i, (0, 1), column(i, top));
    }
    for i in 0..bottom {
        point(bottom - 1 - i, (3, 2), column(i, bottom));
    }
    for seat in 0..track.seats {
        seat_line(&mut canvas, rules, state, track, seat, 5 + seat, 0);
    }
    canvas
}

/// A seat's line: its name, its home with its movers, its end zone.
fn seat_line(
    canvas: &mut Canvas,
    rules: &Rules,
    state: &State,
    track: &Track,
    seat: usize,
    line: usize,
    mut column: usize,
) {
    let width = rules
        .seats
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0);
    let name = format!("{:<width$}", rules.seats[seat]);
    canvas.put(
        line,
        column,
        &name,
        Ink::Top(tint(seat as u8 + 1, &seat_colours(rules))),
    );
    column += width + 1;
    // A facing track's home is where hit movers wait, as on a
    // backgammon board's bar; its end zone where they bear off.
    let (home_word, end_word) = if track.facing {
        ("bar ", "off")
    } else {
        ("home", "end")
    };
    canvas.put(line, column, home_word, Ink::Faint);
    column += 5;
    let home = track.home(seat);
    movers(canvas, rules, state, home, line, column, track.movers);
    let at_home = (state.height(home) as usize).min(track.movers);
    let free = "·".repeat(track.movers - at_home);
    canvas.put(line, column + at_home, &free, Ink::Faint);
    column += track.movers + 2;
    canvas.put(line, column, end_word, Ink::Faint);
    column += 4;
    for k in 1..=track.end_len {
        space(canvas, rules, state, track.end(seat, k), line, column);
        column += SPACE;
    }
    // Borne-off movers are all locked: not worth saying on a facing track.
    let locked = locked(state, track, seat);
    if locked > 0 && !track.facing {
        canvas.put(line, column, &format!("{locked} locked"), Ink::Faint);
    }
}

/// The ring's sides: spaces along the top, down each side between, and
/// along the bottom (one more than the top when the ring is odd).
fn sides(ring: usize) -> (usize, usize, usize) {
    let mut top = (ring * 3 / 10).max(1);
    if 2 * top > ring {
        top = ring / 2;
    }
    let side = (ring - 2 * top) / 2;
    let bottom = ring - top - 2 * side;
    (top, side, bottom)
}

/// The line and column (in spaces) of ring space `i`.
fn position(i: usize, top: usize, side: usize, bottom: usize, across: usize) -> (usize, usize) {
    if i < top {
        (0, i)
    } else if i < top + side {
        (1 + i - top, across - 1)
    } else if i < top + side + bottom {
        (side + 1, across - 1 - (i - top - side))
    } else {
        (side - (i - top - side - bottom), 0)
    }
}

/// A space: its movers, or its label dimmed when it is empty.
fn space(
    canvas: &mut Canvas,
    rules: &Rules,
    state: &State,
    cell: CellId,
    line: usize,
    column: usize,
) {
    if state.height(cell) == 0 {
        canvas.put(
            line,
            column,
            &rules.geometry.labels[cell as usize],
            Ink::Faint,
        );
    } else {
        movers(canvas, rules, state, cell, line, column, SPACE - 1);
    }
}

/// The movers on a space: the colour's letter once a mover (`YY`), or the
/// letter and the count when they would not fit (`Y4`).
fn movers(
    canvas: &mut Canvas,
    rules: &Rules,
    state: &State,
    cell: CellId,
    line: usize,
    column: usize,
    room: usize,
) {
    let stack = state.stack(cell, rules);
    let Some(&code) = stack.first() else {
        return;
    };
    let glyph = canvas.glyph(code);
    let text = if stack.len() <= room {
        glyph.repeat(stack.len())
    } else {
        format!("{glyph}{}", stack.len())
    };
    let ink = if cell == state.last {
        Ink::Last(tint(code, &seat_colours(rules)))
    } else {
        Ink::Top(tint(code, &seat_colours(rules)))
    };
    canvas.put(line, column, &text, ink);
}

/// How many of `seat`'s movers are locked: its end zone taken from the
/// innermost space outwards.
fn locked(state: &State, track: &Track, seat: usize) -> usize {
    (1..=track.end_len)
        .rev()
        .take_while(|&k| state.height(track.end(seat, k)) > 0)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ring_goes_round_the_rectangle_once() {
        for ring in [2, 3, 8, 9, 20, 60, 61, 75] {
            let (top, side, bottom) = sides(ring);
            assert_eq!(top + 2 * side + bottom, ring, "ring {ring}");
            let across = top.max(bottom);
            let mut seen = std::collections::HashSet::new();
            for i in 0..ring {
                let (line, column) = position(i, top, side, bottom, across);
                assert!(
                    line <= side + 1 && column < across,
                    "ring {ring}, space {i}"
                );
                assert!(
                    seen.insert((line, column)),
                    "ring {ring}: space {i} overlaps"
                );
            }
        }
    }
}
