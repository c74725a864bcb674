//! Drawing the board, the game status and the seat legend for the terminal.

use owo_colors::{AnsiColors, Style};

use crate::engine::{Outcome, State};
use crate::ir::geometry::Shape;
use crate::ir::{CellId, Rules};

/// Piece colours by seat; seats past the end wrap around.
const SEAT_COLOURS: [AnsiColors; 6] = [
    AnsiColors::BrightRed,
    AnsiColors::BrightBlue,
    AnsiColors::BrightGreen,
    AnsiColors::BrightYellow,
    AnsiColors::BrightMagenta,
    AnsiColors::BrightCyan,
];

/// The board as text: a grid with coordinates on its edges, the last-placed piece in brackets.
pub fn board(rules: &Rules, state: &State, color: bool) -> String {
    let canvas = match rules.geometry.shape {
        Shape::Square { width, height } => square(rules, state, width, height),
        Shape::Hex { side } => hex(rules, state, side),
    };
    canvas.render(color)
}

/// The title, the turn, who moves or the result, and each seat's score and supply.
pub fn status(rules: &Rules, state: &State) -> String {
    let name = |s: usize| rules.seats.get(s).map_or("?", String::as_str);
    let scored = rules.score.is_some();
    let headline = match state.outcome {
        None => format!("{} to move", name(state.mover as usize)),
        Some(Outcome::Win(w)) if scored => {
            // The winner's score first, so "Dark wins 7-5" whichever seat Dark is.
            let w = w as usize;
            let others = (0..state.scores.len()).filter(|&s| s != w);
            let order: Vec<usize> = std::iter::once(w).chain(others).collect();
            format!("{} wins {}", name(w), score_line(state, &order))
        }
        Some(Outcome::Win(w)) => format!("{} wins", name(w as usize)),
        Some(Outcome::Draw) if scored => {
            let order: Vec<usize> = (0..state.scores.len()).collect();
            format!("Draw {}", score_line(state, &order))
        }
        Some(Outcome::Draw) => "Draw".to_string(),
    };
    let mut out = format!("{}, turn {}: {}", rules.title, state.turn, headline);
    let seats: Vec<String> = (0..rules.seats.len())
        .filter_map(|s| {
            let mut parts = Vec::new();
            if scored {
                parts.push(format!("score {}", state.scores[s]));
            }
            if state.supply[s] != i32::MAX {
                parts.push(format!("{} left", state.supply[s]));
            }
            (!parts.is_empty()).then(|| format!("{}: {}", name(s), parts.join(", ")))
        })
        .collect();
    if !seats.is_empty() {
        out.push('\n');
        out.push_str(&seats.join("   "));
    }
    out
}

/// Which piece letter stands for which seat, on one line.
pub fn legend(rules: &Rules) -> String {
    let glyphs = glyphs(&rules.seats);
    let pair = |(g, seat): (&char, &String)| format!("{g} = {seat}");
    let pairs: Vec<String> = glyphs.iter().zip(&rules.seats).map(pair).collect();
    pairs.join("   ")
}

/// Scores joined with dashes, in the given seat order.
fn score_line(state: &State, order: &[usize]) -> String {
    let scores: Vec<String> = order.iter().map(|&s| state.scores[s].to_string()).collect();
    scores.join("-")
}

/// One character per seat: the name's first letter, or digits when two names share it.
fn glyphs(seats: &[String]) -> Vec<char> {
    let first = |n: &String| n.chars().next().and_then(|c| c.to_uppercase().next());
    let firsts: Vec<char> = seats.iter().map(|n| first(n).unwrap_or('?')).collect();
    if firsts
        .iter()
        .enumerate()
        .all(|(i, c)| !firsts[..i].contains(c))
    {
        return firsts;
    }
    let digit = |i: u32| char::from_digit(i % 36, 36).unwrap_or('?');
    (1..=seats.len() as u32).map(digit).collect()
}

/// Splits a label into its letters and its number ("f11" into "f" and "11").
fn split_label(label: &str) -> (&str, &str) {
    let digits = label.find(|c: char| c.is_ascii_digit());
    label.split_at(digits.unwrap_or(label.len()))
}

/// How a mark is drawn when colour is on.
#[derive(Clone, Copy)]
enum Ink {
    /// Coordinates and empty cells, dimmed so the pieces stand out.
    Faint,
    /// A seat's piece.
    Seat(u8),
    /// The last-placed piece.
    Last(u8),
}

/// Text at a column of one line.
struct Mark {
    column: usize,
    text: String,
    ink: Ink,
}

/// Marks placed by line and column; the gaps become spaces when rendered.
struct Canvas {
    lines: Vec<Vec<Mark>>,
    glyphs: Vec<char>,
}

impl Canvas {
    fn new(lines: usize, rules: &Rules) -> Self {
        Canvas {
            lines: (0..lines).map(|_| Vec::new()).collect(),
            glyphs: glyphs(&rules.seats),
        }
    }

    fn put(&mut self, line: usize, column: usize, text: &str, ink: Ink) {
        let text = text.to_string();
        self.lines[line].push(Mark { column, text, ink });
    }

    /// Draws a cell at `column`; the last-placed piece gets brackets in the gaps either side.
    fn cell(&mut self, line: usize, column: usize, state: &State, cell: CellId) {
        let Some(seat) = state.owner(cell) else {
            self.put(line, column, "·", Ink::Faint);
            return;
        };
        let glyph = self
            .glyphs
            .get(seat as usize)
            .map_or('?', |&g| g)
            .to_string();
        if cell == state.last {
            self.put(line, column - 1, "[", Ink::Seat(seat));
            self.put(line, column, &glyph, Ink::Last(seat));
            self.put(line, column + 1, "]", Ink::Seat(seat));
        } else {
            self.put(line, column, &glyph, Ink::Seat(seat));
        }
    }

    fn render(mut self, color: bool) -> String {
        let mut out = Vec::new();
        for marks in &mut self.lines {
            marks.sort_by_key(|m| m.column);
            let mut line = String::new();
            let mut at = 0;
            for m in marks.iter() {
                // Columns count characters, not bytes or escape codes.
                line.extend(std::iter::repeat_n(' ', m.column.saturating_sub(at)));
                line.push_str(&paint(&m.text, m.ink, color));
                at = at.max(m.column) + m.text.chars().count();
            }
            out.push(line);
        }
        out.join("\n")
    }
}

/// The text with the ink's escape codes, or unchanged without colour.
fn paint(text: &str, ink: Ink, color: bool) -> String {
    if !color {
        return text.to_string();
    }
    let colour = |s: u8| SEAT_COLOURS[s as usize % SEAT_COLOURS.len()];
    let style = match ink {
        Ink::Faint => Style::new().dimmed(),
        Ink::Seat(s) => Style::new().color(colour(s)).bold(),
        Ink::Last(s) => Style::new().color(colour(s)).bold().underline(),
    };
    style.style(text).to_string()
}

/// A square board: top row first, column letters above and below, row numbers both sides.
fn square(rules: &Rules, state: &State, width: usize, height: usize) -> Canvas {
    let labels = &rules.geometry.labels;
    let row_name = |y: usize| split_label(&labels[y * width]).1;
    let number_width = (0..height).map(|y| row_name(y).len()).max().unwrap_or(1);
    // Two columns between a row number and its first cell leave room for a bracket.
    let first = number_width + 2;
    let mut canvas = Canvas::new(height + 2, rules);
    // The bottom row's labels name the columns.
    for (x, label) in labels[..width].iter().enumerate() {
        let letters = split_label(label).0;
        canvas.put(0, first + 2 * x, letters, Ink::Faint);
        canvas.put(height + 1, first + 2 * x, letters, Ink::Faint);
    }
    for (cell, &(x, y)) in rules.geometry.coords.iter().enumerate() {
        let (line, column) = (height - y as usize, first + 2 * x as usize);
        canvas.cell(line, column, state, cell as CellId);
    }
    for y in 0..height {
        let line = height - y;
        let name = row_name(y);
        canvas.put(line, number_width - name.len(), name, Ink::Faint);
        canvas.put(line, first + 2 * width + 1, name, Ink::Faint);
    }
    canvas
}

/// A hexagon, Abalone style: rows lettered at both ends, diagonals numbered along
/// the bottom and the lower-right edge.
///
/// Cell (q, r) sits at column 2q + r, so each row is shifted half a cell from
/// the one above and a diagonal (q fixed) runs down-right one column per line.
/// A diagonal's number goes one step further down-right than its last cell, so
/// a reader finds it by following the diagonal.
fn hex(rules: &Rules, state: &State, side: usize) -> Canvas {
    let g = &rules.geometry;
    let r_max = side as i32 - 1;
    let rows = 2 * side - 1;
    // Shifts the middle row's left letter to column 0.
    let column = |q: i32, r: i32| (2 * q + r + 2 * r_max + 2) as usize;
    let line = |r: i32| (r + r_max) as usize;

    // Per row: first and last column and the row letters; per diagonal: its
    // lowest row and its number. Read from the labels so the picture matches them.
    let mut row_ends: Vec<Option<(usize, usize, &str)>> = vec![None; rows];
    let mut diagonals: Vec<Option<(i32, &str)>> = vec![None; rows];
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        let (letters, number) = split_label(&g.labels[cell]);
        let c = column(q, r);
        let ends = row_ends[line(r)].get_or_insert((c, c, letters));
        ends.0 = ends.0.min(c);
        ends.1 = ends.1.max(c);
        let lowest = diagonals[(q + r_max) as usize].get_or_insert((r, number));
        lowest.0 = lowest.0.max(r);
    }

    let widest = |edge_only: bool| {
        let numbers = diagonals.iter().flatten();
        numbers
            .filter(|(r, _)| !edge_only || *r < r_max)
            .map(|(_, n)| n.len())
            .max()
    };
    let number_lines = widest(false).unwrap_or(1);
    let mut canvas = Canvas::new(rows + number_lines, rules);
    for (cell, &(q, r)) in g.coords.iter().enumerate() {
        canvas.cell(line(r), column(q, r), state, cell as CellId);
    }
    // Where each row's right letter starts: after its last cell, or after room
    // for the widest edge number, so the letters on the lower right line up.
    let edge_width = widest(true).unwrap_or(0);
    let mut right: Vec<usize> = row_ends
        .iter()
        .map(|e| e.map_or(0, |(_, last, _)| last + 2))
        .collect();
    for (q, diagonal) in (-r_max..).zip(&diagonals) {
        let Some((lowest, number)) = *diagonal else {
            continue;
        };
        let (r, c) = (lowest + 1, column(q, lowest + 1));
        if r > r_max {
            // Under the bottom row numbers sit two columns apart, so longer
            // ones are written downwards, one digit a line.
            for (i, digit) in number.char_indices() {
                canvas.put(line(r) + i, c, &number[i..i + digit.len_utf8()], Ink::Faint);
            }
        } else {
            canvas.put(line(r), c, number, Ink::Faint);
            right[line(r)] = c + edge_width + 1;
        }
    }
    for (l, ends) in row_ends.iter().enumerate() {
        let Some((first, _, letters)) = *ends else {
            continue;
        };
        canvas.put(l, first - 2, letters, Ink::Faint);
        canvas.put(l, right[l], letters, Ink::Faint);
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex_fours(size: i64) -> Rules {
        crate::compile::load(
            include_str!("../../rules/hex-fours.game"),
            &[("size".to_string(), size)],
        )
        .unwrap()
    }

    fn tic_tac_toe() -> Rules {
        crate::compile::load(include_str!("../../rules/tic-tac-toe.game"), &[]).unwrap()
    }

    fn played(rules: &Rules, moves: &[&str]) -> State {
        let mut state = rules.start(1);
        for m in moves {
            let m = rules.parse_move(&state, m).unwrap();
            rules.play(&mut state, m);
        }
        state
    }

    #[test]
    fn side_3_hexagon_snapshot() {
        let rules = hex_fours(3);
        let state = played(&rules, &["c3", "c4", "b2"]);
        let expected = "  e · · · e
 d · · · · d
c · · L D · c
 b ·[L]· · 5 b
  a · · · 4 a
     1 2 3";
        assert_eq!(board(&rules, &state, false), expected);
    }

    #[test]
    fn tic_tac_toe_snapshot_and_colour() {
        let rules = tic_tac_toe();
        let state = played(&rules, &["b2", "a1", "c3", "a3"]);
        let expected = "   a b c
3 [O]· X  3
2  · X ·  2
1  O · ·  1
   a b c";
        assert_eq!(board(&rules, &state, false), expected);
        assert!(board(&rules, &state, true).contains('\u{1b}'));
        assert_eq!(legend(&rules), "X = X   O = O");
    }

    #[test]
    fn centre_of_side_6_is_in_the_middle_line() {
        let rules = hex_fours(6);
        let mut state = rules.start(1);
        state.board[rules.geometry.cell_by_label("f6").unwrap() as usize] = 1;
        state.board[rules.geometry.cell_by_label("a1").unwrap() as usize] = 2;
        let text = board(&rules, &state, false);
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        assert_eq!(lines.len(), 12);
        assert_eq!(lines[5][12], 'L');
        assert_eq!(lines[10][7], 'D');
    }

    /// Reads every cell's label off the picture as a person would: the row
    /// letter at the line's start, the number by following the diagonal down-right.
    #[test]
    fn every_label_reads_off_the_hexagon() {
        for side in [2, 3, 6, 9] {
            // Only the geometry matters here, and the rules reject side 2.
            let mut rules = hex_fours(3);
            rules.geometry = crate::ir::Geometry::hex(side);
            for (cell, label) in rules.geometry.labels.iter().enumerate() {
                let mut state = rules.start(1);
                state.board[cell] = 1;
                let text = board(&rules, &state, false);
                let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
                let (y, x) = (0..lines.len())
                    .find_map(|y| lines[y].iter().position(|&c| c == 'L').map(|x| (y, x)))
                    .unwrap();
                let letter = lines[y].iter().find(|c| !c.is_whitespace()).unwrap();
                assert_eq!(lines[y].last(), Some(letter), "right letter of {label}");
                let mut k = 1;
                while !lines[y + k][x + k].is_ascii_digit() {
                    assert_eq!(
                        lines[y + k][x + k],
                        '·',
                        "the diagonal from {label} runs over cells"
                    );
                    k += 1;
                }
                let number: String = lines[y + k][x + k..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                assert_eq!(format!("{letter}{number}"), *label, "side {side}");
            }
        }
    }

    #[test]
    fn status_shows_turn_supply_and_result() {
        let rules = hex_fours(6);
        let state = played(&rules, &["f6", "f7", "e5"]);
        assert_eq!(
            status(&rules, &state),
            "Hex Fours, turn 4: Dark to move\nLight: score 0, 43 left   Dark: score 0, 44 left"
        );
        let mut over = state.clone();
        over.scores = vec![5, 7];
        over.outcome = Some(Outcome::Win(1));
        assert!(status(&rules, &over).starts_with("Hex Fours, turn 4: Dark wins 7-5\n"));
        let ttt = tic_tac_toe();
        let moves = ["b2", "a1", "c3", "a3", "a2", "c2", "b3", "b1", "c1"];
        let draw = played(&ttt, &moves);
        assert_eq!(status(&ttt, &draw), "Tic-tac-toe, turn 9: Draw");
        let win = played(&ttt, &["a1", "a2", "b1", "b2", "c1"]);
        assert_eq!(status(&ttt, &win), "Tic-tac-toe, turn 5: X wins");
    }

    #[test]
    fn shared_first_letters_become_digits() {
        let seats = ["Black".to_string(), "Blue".to_string()];
        assert_eq!(glyphs(&seats), vec!['1', '2']);
        let seats = ["Light".to_string(), "dark".to_string()];
        assert_eq!(glyphs(&seats), vec!['L', 'D']);
    }
}
