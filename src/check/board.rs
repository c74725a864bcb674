//! The board item and the constants that must stay within bounds (sizes,
//! limits), with the board's size and longest line for other checks.

use super::constant;
use super::program::{BoardSpec, Hir, LinesSpec, Typed};
use super::resolve::Resolver;
use super::{MAX_HEX_SIDE, MAX_SQUARE_SIDE};
use crate::builtins::Ty;
use crate::diagnostic::Diagnostic;
use crate::syntax::ast::{Board, Expr, ExprKind, Item, ItemKind, Name};
use crate::syntax::Span;

/// The board item checked: its sizes are constants within bounds.
pub(super) fn check_board(r: &mut Resolver, item: &Item) -> BoardSpec {
    let ItemKind::Board(board, _) = &item.kind else {
        return BoardSpec::Missing;
    };
    let why = "the board is built when the rules are compiled";
    let bounded = |r: &mut Resolver, e, what: &str, max: i64| bounded(r, e, why, what, max);
    match board {
        Board::Square(w, h) => {
            let w = bounded(r, w, "the board's width", MAX_SQUARE_SIDE);
            let h = bounded(r, h, "the board's height", MAX_SQUARE_SIDE);
            BoardSpec::Square(w, h)
        }
        Board::Hex(s) => BoardSpec::Hex(bounded(r, s, "the hexagon's side", MAX_HEX_SIDE)),
        Board::Pits { pits, stores } => {
            let pits = bounded(r, pits, "a row's pits", MAX_PITS);
            BoardSpec::Pits(pits, *stores)
        }
        Board::Rhombus(w, h) => {
            let w = bounded(r, w, "the rhombus's width", MAX_SQUARE_SIDE);
            let h = bounded(r, h, "the rhombus's height", MAX_SQUARE_SIDE);
            BoardSpec::Rhombus(w, h)
        }
        Board::Triangle(s) => {
            BoardSpec::Triangle(bounded(r, s, "the triangle's side", MAX_SQUARE_SIDE))
        }
        Board::Lines(lines) => BoardSpec::Lines(check_lines(r, lines)),
        Board::Track(t) => BoardSpec::Track {
            segment: match t.facing {
                true => bounded(r, &t.segment, "a facing track's spaces", MAX_FACING),
                false => bounded(r, &t.segment, "a segment's numbered spaces", MAX_SEGMENT),
            },
            facing: t.facing,
            home: bounded(r, &t.home, "a seat's movers", MAX_MOVERS),
            end_zone: bounded(r, &t.end_zone, "an end zone's spaces", MAX_END_ZONE),
            starts_uncounted: t.starts_uncounted,
            turning_back: t.turning_back,
            overtaking: t.overtaking,
            overshooting: t.overshooting,
        },
    }
}

/// The most pits a row may have (its letters run `a` to `l`).
pub const MAX_PITS: i64 = 12;

/// The most numbered spaces a track segment may have (a space is a byte in a move).
pub const MAX_SEGMENT: i64 = 23;
/// The most spaces of a facing track (a space is a byte in a move).
pub const MAX_FACING: i64 = 48;
/// The most movers a seat may have.
pub const MAX_MOVERS: i64 = 15;
/// The most spaces an end zone may have.
pub const MAX_END_ZONE: i64 = 6;

/// Checks a constant that must be from 1 to `max`. A number too large for 64
/// bits written there is reported as out of these bounds, as written.
pub(super) fn bounded(r: &mut Resolver, e: &Expr, why: &str, what: &str, max: i64) -> Typed {
    let out_of_bounds = |value: String| Diagnostic::OutOfBounds {
        what: what.into(),
        value,
        min: 1,
        max,
        span: e.span.into(),
    };
    if let ExprKind::Int(n @ i64::MAX) = e.kind {
        let text = number_text(n, e.span, r.symbols.source);
        r.diagnostics.push(out_of_bounds(text));
        return Typed {
            kind: Hir::Int(n),
            ty: Ty::Int,
            span: e.span,
        };
    }
    let t = r.constant(e, why);
    if let Some(v) = constant::evaluate(&t, &r.symbols.option_defaults) {
        if v < 1 || v > max {
            r.diagnostics.push(out_of_bounds(v.to_string()));
        }
    }
    t
}

/// A number as the rules write it: its digits when the parser saturated it.
pub(super) fn number_text(n: i64, span: Span, source: &str) -> String {
    match source.get(span.start..span.end) {
        Some(text) if n == i64::MAX && !text.is_empty() => text.to_string(),
        _ => n.to_string(),
    }
}

/// How a board of cells is laid out, for its labels and directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Square cells: column letters, row numbers from the bottom.
    Square,
    /// A hexagon: row letters from the bottom, diagonal numbers.
    Hexagon,
    /// A rhombus of hexagons: column letters, row numbers from the top.
    Rhombus,
    /// A triangle of hexagons: as the rhombus, each row one cell shorter.
    Triangle,
    /// Two rows of pits (`a1`, `a2`), and stores `store1`, `store2`.
    Pits,
    /// Points joined by lines, named as on a square board.
    Lines,
}

/// The board's layout and sizes with these option values, if known: its
/// width and height (a hexagon's side twice).
pub fn board_size(board: &BoardSpec, options: &[i64]) -> Option<(Layout, i64, i64)> {
    let size = |w, h| {
        Some((
            constant::evaluate(w, options)?,
            constant::evaluate(h, options)?,
        ))
    };
    match board {
        BoardSpec::Square(w, h) => size(w, h).map(|(w, h)| (Layout::Square, w, h)),
        BoardSpec::Rhombus(w, h) => size(w, h).map(|(w, h)| (Layout::Rhombus, w, h)),
        BoardSpec::Hex(s) => size(s, s).map(|(s, _)| (Layout::Hexagon, s, s)),
        BoardSpec::Triangle(s) => size(s, s).map(|(s, _)| (Layout::Triangle, s, s)),
        BoardSpec::Pits(pits, _) => {
            let pits = constant::evaluate(pits, options)?;
            Some((Layout::Pits, pits, 2))
        }
        BoardSpec::Lines(spec) => {
            let extent = |f: fn(&(i32, i32)) -> i32| spec.points.iter().map(f).max();
            let (w, h) = (extent(|p| p.0)?, extent(|p| p.1)?);
            Some((Layout::Lines, i64::from(w) + 1, i64::from(h) + 1))
        }
        BoardSpec::Track { .. } | BoardSpec::Missing => None,
    }
}

/// The longest line on the board, if its sizes are known.
pub fn board_longest(board: &BoardSpec, options: &[i64]) -> Option<i64> {
    match board {
        BoardSpec::Square(w, h) | BoardSpec::Rhombus(w, h) => {
            Some(constant::evaluate(w, options)?.max(constant::evaluate(h, options)?))
        }
        BoardSpec::Pits(..) => Some(0),
        BoardSpec::Lines(spec) => Some(spec.lines.iter().map(Vec::len).max().unwrap_or(0) as i64),
        BoardSpec::Triangle(s) => constant::evaluate(s, options),
        BoardSpec::Hex(s) => Some(
            constant::evaluate(s, options)?
                .saturating_mul(2)
                .saturating_sub(1),
        ),
        BoardSpec::Track { .. } | BoardSpec::Missing => None,
    }
}

/// The points and lines of `board lines`: each point named as on a square
/// board (a column letter, a row from 1 to 26), no point twice in a line.
fn check_lines(r: &mut Resolver, lines: &[Vec<Name>]) -> LinesSpec {
    let mut named: Vec<Option<(i32, i32)>> = Vec::new();
    for point in lines.iter().flatten() {
        named.push(point_at(r, point));
    }
    let mut points: Vec<(i32, i32)> = named.iter().flatten().copied().collect();
    points.sort_unstable_by_key(|&(x, y)| (y, x));
    points.dedup();
    let index = |p: (i32, i32)| {
        points
            .binary_search_by_key(&(p.1, p.0), |&(x, y)| (y, x))
            .ok()
    };
    let mut named = named.into_iter();
    let mut checked = Vec::new();
    for line in lines {
        let ids: Vec<usize> = line
            .iter()
            .filter_map(|_| named.next().flatten().and_then(index))
            .collect();
        let twice = (1..ids.len()).find(|&i| ids[..i].contains(&ids[i]));
        if let Some(i) = twice {
            r.diagnostics.push(Diagnostic::Unsupported {
                what: format!("a line through `{}` twice", line[i].text),
                span: line[i].span.into(),
                help: "a line lists each of its points once, in order: `a1-d1-g1`; a closed ring is several lines".into(),
            });
        }
        checked.push(ids);
    }
    LinesSpec {
        points,
        lines: checked,
    }
}

/// A point's (column, row) from its name, or `None` (reported) when the
/// row is not from 1 to 26.
fn point_at(r: &mut Resolver, point: &Name) -> Option<(i32, i32)> {
    let column = i32::from(point.text.as_bytes()[0] - b'a');
    let digits = &point.text[1..];
    let row = digits.parse::<i64>().unwrap_or(i64::MAX);
    if (1..=MAX_SQUARE_SIDE).contains(&row) && !digits.starts_with('0') {
        return Some((column, row as i32 - 1));
    }
    r.diagnostics.push(Diagnostic::OutOfBounds {
        what: format!("the row of point `{}`", point.text),
        value: digits.to_string(),
        min: 1,
        max: MAX_SQUARE_SIDE,
        span: point.span.into(),
    });
    None
}

#[cfg(test)]
mod tests {
    use miette::Diagnostic;

    /// The codes reported for a game on `board`, with `extra` lines.
    fn codes(board: &str, extra: &str) -> Vec<String> {
        let source = format!(
            "players X, O\nboard {board}\nphase p\n  place where empty\n{extra}\nend when full: draw\n"
        );
        crate::check::check(&source)
            .diagnostics
            .iter()
            .map(|d| d.code().map(|c| c.to_string()).unwrap_or_default())
            .collect()
    }

    #[test]
    fn a_board_of_lines_names_its_points_and_nothing_else() {
        let board = "lines a1-b1-c1, a1-a2";
        assert!(codes(board, "end when owner(c1) == X: X wins").is_empty());
        // b2 lies on the grid but on no line.
        assert_eq!(codes(board, "end when owner(b2) == X: X wins"), ["E0002"]);
        assert_eq!(codes("lines a1-a27", ""), ["E0013"]);
        assert_eq!(codes("lines a1-b1-a1", ""), ["E0022"]);
    }

    #[test]
    fn lines_of_a_board_of_lines_are_its_own() {
        let board = "lines a1-b1-c1, a1-a2";
        assert!(codes(board, "end when line(3, X) or in_line(2, a2): draw").is_empty());
        // Longer than its longest line (3), and runs, which need a grid.
        assert_eq!(codes(board, "end when line(4, X): draw"), ["E0006"]);
        assert_eq!(codes(board, "end when runs(2, X) > 0: draw"), ["E0022"]);
    }
}
