//! Drawing the board, the game status and the piece legend for the terminal.

mod blocks;
mod cards;
mod colours;
mod dice;
mod ending;
mod fields;
mod hex;
mod kinds;
mod legend;
mod lines;
mod pits;
mod prose;
mod removed;
mod rhombus;
mod track;
pub use legend::legend;

pub use prose::{capitalised, fit, rounded, wrap};

pub use cards::{card_list, points, Hands};
use colours::{seat_colours, tint};
pub use dice::thrown;
use ending::decisive_cells;
pub use ending::ending;
pub use fields::closed;
#[cfg(test)]
pub(crate) use fields::tests::{dealt, play as play_cards};
pub use removed::removed;

use owo_colors::{AnsiColors, Style};

use crate::engine::{Outcome, State};
use crate::ir::geometry::Shape;
use crate::ir::{CellId, PieceCode, Rules};

/// The board as text: a grid with coordinates on its edges, the last-placed
/// piece in brackets; on boards with stacks each cell shows its pieces bottom
/// to top, the top piece last.
///
/// When a line has won, its cells are marked: in reverse video, and between
/// stars without colour (`*X*X*X*`).
pub fn board(rules: &Rules, state: &State, color: bool) -> String {
    if rules.majority && matches!(rules.geometry.shape, Shape::Square { .. }) {
        return fields::draw(rules, state, color);
    }
    let canvas = match rules.geometry.shape {
        Shape::Square { width, height } => square(rules, state, width, height),
        Shape::Hex { side } => hex::draw(rules, state, side),
        Shape::Rhombus { width, height } => rhombus::draw(rules, state, width, height),
        Shape::Triangle { side } => rhombus::draw(rules, state, side, side),
        Shape::Pits { pits, stores } => pits::draw(rules, state, pits, stores),
        Shape::Lines { width, height } => lines::draw(rules, state, width, height),
        Shape::Track => match &rules.track {
            Some(t) => track::draw(rules, state, t),
            None => return String::new(),
        },
    };
    canvas.render(color)
}

/// The title, the turn, who moves or the result, and each seat's score and
/// supply; with cards or counted fields, a line a seat and the piles, no hand shown.
pub fn status(rules: &Rules, state: &State) -> String {
    status_with(rules, state, Hands::Hidden)
}

/// The status, showing the hands `hands` allows.
pub fn status_with(rules: &Rules, state: &State, hands: Hands) -> String {
    if rules.majority || !rules.deck.is_empty() {
        return cards::status(rules, state, hands);
    }
    let name = |s: usize| rules.seats.get(s).map_or("?", String::as_str);
    let scored = rules.score.is_some();
    // During play the engine keeps scores only when a rule reads them; at
    // the end they are final.
    let scores = if state.is_over() {
        state.scores.clone()
    } else {
        rules.scores_now(state)
    };
    let headline = match state.outcome {
        None if rules.dice.is_some() => format!(
            "{} to move, {}",
            name(state.mover as usize),
            thrown(rules, state)
        ),
        None => format!("{} to move", name(state.mover as usize)),
        Some(Outcome::Win(w)) if scored => {
            // The winner's score first, so "Dark wins 7-5" whichever seat Dark is.
            let w = w as usize;
            let others = (0..scores.len()).filter(|&s| s != w);
            let order: Vec<usize> = std::iter::once(w).chain(others).collect();
            format!("{} wins {}", name(w), score_line(&scores, &order))
        }
        Some(Outcome::Win(w)) => winners(rules, w as usize),
        Some(Outcome::Draw) if scored => {
            let order: Vec<usize> = (0..scores.len()).collect();
            format!("Draw {}", score_line(&scores, &order))
        }
        Some(Outcome::Draw) => "Draw".to_string(),
    };
    let mut out = format!("{}, turn {}: {}", rules.title, state.turn, headline);
    if !state.is_over() {
        for name in unmet(rules, state) {
            out += &format!(", {name}");
        }
    }
    let seats: Vec<String> = (0..rules.seats.len())
        .filter_map(|s| {
            let mut parts = Vec::new();
            if scored {
                parts.push(format!("score {}", scores[s]));
            }
            if state.supply[s] != i32::MAX {
                parts.push(format!("{} left", state.supply[s]));
            }
            (!parts.is_empty()).then(|| format!("{}: {}", name(s), parts.join(", ")))
        })
        .collect();
    if !seats.is_empty() {
        out.push('\n');
        // Many seats: a shorter form, so that six fit a standard 80 columns.
        let line = seats.join("   ");
        let short = || {
            let left: Vec<String> = (0..rules.seats.len())
                .map(|s| format!("{} {}", name(s), state.supply[s]))
                .collect();
            format!("Left to place: {}", left.join(", "))
        };
        out.push_str(&match (line.len() > 78, scored) {
            (false, _) => line,
            (true, false) => short(),
            (true, true) => seats.join("  "),
        });
    }
    out
}

/// The named `must leave not NAME` conditions that do not hold for the
/// seat to move (chess's `checked` while in check). Only a named condition
/// is said: the others' words may mean nothing before a move.
pub(super) fn unmet(rules: &Rules, state: &State) -> Vec<String> {
    if state.is_over() && rules.ending(state).is_some() {
        // Ended by an end rule: the position after the last move is not
        // the mover's to leave.
        return Vec::new();
    }
    let named = |text: &&str| {
        let name = text.strip_prefix("not ")?;
        let plain = name.chars().all(|c| c.is_alphanumeric() || c == '_');
        plain.then(|| name.to_string())
    };
    rules.unmet_leaves(state).iter().filter_map(named).collect()
}

/// "X wins", or with teams "Yellow and Blue win".
pub fn winners(rules: &Rules, seat: usize) -> String {
    let team = team_of(rules, seat);
    match team.as_slice() {
        [one] => format!("{one} wins"),
        _ => format!("{} win", team.join(" and ")),
    }
}

/// The names of the seats of `seat`'s team, in seat order.
pub fn team_of(rules: &Rules, seat: usize) -> Vec<&str> {
    let team = rules.team.get(seat).copied();
    (0..rules.seats.len())
        .filter(|&s| rules.team.get(s).copied() == team)
        .map(|s| rules.seats[s].as_str())
        .collect()
}

/// Scores joined with dashes, in the given seat order.
fn score_line(scores: &[i32], order: &[usize]) -> String {
    let scores: Vec<String> = order.iter().map(|&s| scores[s].to_string()).collect();
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

/// One character per piece code, from code 1: the seats' glyphs, then each
/// neutral kind's name's first letter in lower case, so that it differs from
/// the seats' capitals; when that is taken, another letter of the name, or
/// any free letter.
fn piece_glyphs(rules: &Rules) -> Vec<char> {
    let mut taken = glyphs(&rules.seats);
    free_letters(&mut taken, &rules.neutrals);
    taken
}

/// Adds to `taken` a small letter for each name: its first letter, or the
/// next of its letters not yet taken, or any free letter.
fn free_letters(taken: &mut Vec<char>, names: &[String]) {
    for name in names {
        let own = name.chars().filter(|c| c.is_alphanumeric());
        let own = own.flat_map(char::to_lowercase);
        let letter = own
            .chain('a'..='z')
            .find(|c| !taken.contains(c))
            .unwrap_or('?');
        taken.push(letter);
    }
}

/// How a mark is drawn when colour is on.
#[derive(Clone, Copy)]
enum Ink {
    /// Coordinates and empty cells, dimmed so the pieces stand out.
    Faint,
    /// A piece under the top of its stack: its colour, dimmed.
    Under(Option<AnsiColors>),
    /// The top piece of a cell, in bold.
    Top(Option<AnsiColors>),
    /// The top piece of the last move's cell, bold and underlined.
    Last(Option<AnsiColors>),
    /// A piece of the winning line, bold and in reverse video.
    Won(Option<AnsiColors>),
    /// A star beside a piece of the winning line: shown only without colour.
    Star,
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
    /// The glyph of each piece code, from code 1.
    glyphs: Vec<char>,
    /// Each kind's letter (`kinds`), else empty.
    kinds: Vec<char>,
    /// Each seat's colour: the codes after the seats are neutral kinds.
    colours: Vec<AnsiColors>,
    /// Columns a cell takes: the tallest stack's height, at least 1.
    width: usize,
    /// Blank columns between two cells: 1, or 2 between stacks, so that a
    /// bracket never joins two stacks into one word.
    gap: usize,
    /// The cells of the line that won the game, if one did.
    line: Vec<CellId>,
}

impl Canvas {
    fn new(lines: usize, rules: &Rules, state: &State) -> Self {
        let width = Canvas::cell_width(rules, state);
        Canvas {
            lines: (0..lines).map(|_| Vec::new()).collect(),
            glyphs: piece_glyphs(rules),
            kinds: kinds::letters(rules),
            colours: seat_colours(rules),
            width,
            gap: if width > 1 { 2 } else { 1 },
            line: decisive_cells(rules, state).unwrap_or_default(),
        }
    }

    /// Columns a cell takes: 1 without stacks, else the tallest stack's height (at least 1).
    fn cell_width(rules: &Rules, state: &State) -> usize {
        if !rules.stacks {
            return 1;
        }
        let cells = 0..rules.geometry.cell_count() as CellId;
        let tallest = cells.map(|c| state.stack(c, rules).len()).max();
        tallest.unwrap_or(0).max(1)
    }

    fn put(&mut self, line: usize, column: usize, text: &str, ink: Ink) {
        let text = text.to_string();
        self.lines[line].push(Mark { column, text, ink });
    }

    /// The glyph of a piece code; `?` for a code no piece has.
    fn glyph(&self, code: PieceCode) -> String {
        let glyph = (code as usize)
            .checked_sub(1)
            .and_then(|i| self.glyphs.get(i));
        glyph.copied().unwrap_or('?').to_string()
    }

    /// Draws a cell whose top piece is at column `anchor`, the pieces under it
    /// to its left (bottom first), so that the tops of a board line up; the
    /// last move's cell gets brackets in the gaps either side.
    fn cell(&mut self, line: usize, anchor: usize, rules: &Rules, state: &State, cell: CellId) {
        let top = state.board[cell as usize];
        let pieces = if rules.stacks {
            state.stack(cell, rules)
        } else if top == 0 {
            &[]
        } else {
            std::slice::from_ref(&state.board[cell as usize])
        };
        // Never wider than the cell: the canvas measured this very state.
        let pieces = &pieces[pieces.len().saturating_sub(self.width)..];
        let Some((&top, under)) = pieces.split_last() else {
            self.put(line, anchor, "·", Ink::Faint);
            return;
        };
        let left = anchor - under.len();
        for (i, &code) in under.iter().enumerate() {
            let glyph = self.glyph(code);
            self.put(
                line,
                left + i,
                &glyph,
                Ink::Under(tint(code, &self.colours)),
            );
        }
        let (mut glyph, tint) = (self.glyph(top), tint(top, &self.colours));
        if let (Some(kind), Some(seat)) = (state.kind(cell), (top as usize).checked_sub(1)) {
            if seat < rules.seats.len() && !self.kinds.is_empty() {
                glyph = kinds::glyph(&self.kinds, seat, kind).to_string();
            }
        }
        if self.line.contains(&cell) {
            // Stars show the line without colour; with it, the reverse video does.
            self.put(line, left - 1, "*", Ink::Star);
            self.put(line, anchor, &glyph, Ink::Won(tint));
            self.put(line, anchor + 1, "*", Ink::Star);
        } else if cell == state.last {
            self.put(line, left - 1, "[", Ink::Top(tint));
            self.put(line, anchor, &glyph, Ink::Last(tint));
            self.put(line, anchor + 1, "]", Ink::Top(tint));
        } else {
            self.put(line, anchor, &glyph, Ink::Top(tint));
        }
    }

    fn render(mut self, color: bool) -> String {
        let mut out = Vec::new();
        for marks in &mut self.lines {
            marks.sort_by_key(|m| m.column);
            let mut line = String::new();
            let mut at = 0;
            for m in marks.iter() {
                // Two cells of a line share the star between them.
                if m.column < at {
                    continue;
                }
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
    let coloured = |c: Option<AnsiColors>| c.map_or(Style::new(), |c| Style::new().color(c));
    let style = match ink {
        Ink::Faint => Style::new().dimmed(),
        Ink::Under(c) => coloured(c).dimmed(),
        Ink::Top(c) => coloured(c).bold(),
        Ink::Last(c) => coloured(c).bold().underline(),
        Ink::Won(c) => coloured(c).bold().reversed(),
        Ink::Star => return " ".to_string(),
    };
    style.style(text).to_string()
}

/// A square board: top row first, column letters above and below (over the
/// tops of the stacks), row numbers both sides.
fn square(rules: &Rules, state: &State, width: usize, height: usize) -> Canvas {
    let labels = &rules.geometry.labels;
    let row_name = |y: usize| split_label(&labels[y * width]).1;
    let number_width = (0..height).map(|y| row_name(y).len()).max().unwrap_or(1);
    let mut canvas = Canvas::new(height + 2, rules, state);
    let (cell_width, gap) = (canvas.width, canvas.gap);
    // Two columns between a row number and its first cell leave room for a
    // bracket; a cell's top piece is its last column.
    let anchor = |x: usize| number_width + 2 + (cell_width + gap) * x + cell_width - 1;
    // The bottom row's labels name the columns.
    for (x, label) in labels[..width].iter().enumerate() {
        let letters = split_label(label).0;
        canvas.put(0, anchor(x), letters, Ink::Faint);
        canvas.put(height + 1, anchor(x), letters, Ink::Faint);
    }
    for (cell, &(x, y)) in rules.geometry.coords.iter().enumerate() {
        let line = height - y as usize;
        canvas.cell(line, anchor(x as usize), rules, state, cell as CellId);
    }
    for y in 0..height {
        let line = height - y;
        let name = row_name(y);
        canvas.put(line, number_width - name.len(), name, Ink::Faint);
        canvas.put(line, anchor(width - 1) + 3, name, Ink::Faint);
    }
    canvas
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_keep_three_significant_digits() {
        assert_eq!(rounded(186_605.2), "187000");
        assert_eq!(rounded(1366.4), "1370");
        assert_eq!(rounded(123.4), "123");
        assert_eq!(rounded(2.3456), "2.35");
        assert_eq!(rounded(0.052_34), "0.0523");
        assert_eq!(rounded(0.0), "0");
        assert_eq!(rounded(f64::NAN), "0");
    }

    fn hex_fours(size: i64) -> Rules {
        crate::compile::shipped("hex-fours", &[("size", size)])
    }

    fn tic_tac_toe() -> Rules {
        crate::compile::shipped("tic-tac-toe", &[])
    }

    fn qawale() -> Rules {
        crate::compile::shipped("qawale", &[])
    }

    pub(super) fn played(rules: &Rules, moves: &[&str]) -> State {
        let mut state = rules.start(1);
        for m in moves {
            let m = rules.parse_move(&state, m).unwrap();
            rules.play(&mut state, m);
        }
        state
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

    /// Reads the pieces off a square board's picture: per cell, the word in
    /// its row, brackets dropped, `·` read as no pieces.
    fn read_cells(rules: &Rules, text: &str) -> Vec<String> {
        let Shape::Square { width, height } = rules.geometry.shape else {
            panic!("a square board")
        };
        let lines: Vec<&str> = text.lines().collect();
        let mut cells = vec![String::new(); width * height];
        for y in 0..height {
            let words: Vec<&str> = lines[height - y].split_whitespace().collect();
            assert_eq!(
                words.len(),
                width + 2,
                "a row number, the cells, a row number"
            );
            for x in 0..width {
                let word = words[x + 1].trim_matches(['[', ']']);
                cells[y * width + x] = word.replace('·', "");
            }
        }
        cells
    }

    #[test]
    fn qawale_start_shows_the_corner_stacks() {
        let rules = qawale();
        let state = rules.start(1);
        let expected = "    a   b   c   d
4  tt   ·   ·  tt  4
3   ·   ·   ·   ·  3
2   ·   ·   ·   ·  2
1  tt   ·   ·  tt  1
    a   b   c   d";
        assert_eq!(board(&rules, &state, false), expected);
        assert_eq!(
            legend(&rules),
            "L = Light   D = Dark   t = Tan (neutral)\n\
             Stacks read bottom to top: the last letter of a cell is its top piece."
        );
        assert_eq!(
            status(&rules, &state),
            "Qawale, turn 1: Light to move\nLight: 8 left   Dark: 8 left"
        );
    }

    #[test]
    fn qawale_stacks_read_bottom_to_top() {
        let rules = qawale();
        let mut state = rules.start(1);
        for _ in 0..5 {
            let moves = rules.sorted_moves(&state);
            let m = moves[moves.len() / 3];
            rules.play(&mut state, m);
            let text = board(&rules, &state, false);
            let glyphs = piece_glyphs(&rules);
            let cells = read_cells(&rules, &text);
            for (c, drawn) in cells.iter().enumerate() {
                let stack = state.stack(c as CellId, &rules);
                let want: String = stack.iter().map(|&p| glyphs[p as usize - 1]).collect();
                assert_eq!(*drawn, want, "cell {}\n{text}", rules.geometry.labels[c]);
            }
            // The last drop is in brackets, and its top piece ends them.
            let last = &rules.geometry.labels[state.last as usize];
            let top = glyphs[state.board[state.last as usize] as usize - 1];
            assert!(text.contains(&format!("{top}]")), "{last}\n{text}");
        }
        let coloured = board(&rules, &state, true);
        assert!(
            coloured.contains("\u{1b}[4m") || coloured.contains(";4m"),
            "{coloured:?}"
        );
    }

    #[test]
    fn unknown_codes_and_clashing_names_do_not_panic() {
        let mut rules = qawale();
        rules.neutrals = vec!["Dust".into(), "dirt".into(), "Light".into()];
        assert_eq!(piece_glyphs(&rules), vec!['L', 'D', 'd', 'i', 'l']);
        let mut state = rules.start(1);
        // Codes no piece has: drawn as `?`.
        state.board[5] = 200;
        let text = board(&rules, &state, false);
        assert!(text.contains("dd"), "{text}");
        rules.neutrals.clear();
        assert!(board(&rules, &state, false).contains("??"));
        let mut plain = tic_tac_toe();
        let mut state = plain.start(1);
        state.board[4] = 9;
        assert!(board(&plain, &state, true).contains('?'));
        plain.seats.clear();
        assert!(board(&plain, &state, false).contains('?'));
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
