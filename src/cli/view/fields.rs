//! Drawing a board of counted fields (`owner majority`): a grid of boxes, each
//! with the field's number, its owner and the stones every seat has on it.

use owo_colors::Style;

use super::{decisive_cells, glyphs, seat_colours, split_label, wrap};
use crate::engine::State;
use crate::ir::geometry::Shape;
use crate::ir::{CellId, Rules, NO_CELL};

/// Whether no seat may place on the cell now (in Just 4 Fun: it is
/// locked), by the card rules themselves.
pub fn closed(rules: &Rules, state: &State, cell: CellId) -> bool {
    let cards = rules.phases[state.phase as usize]
        .rules
        .iter()
        .any(|p| p.card_chain().is_some());
    cards
        && !state.is_over()
        && !(0..rules.seats.len() as u8).any(|s| rules.may_place(state, s, cell))
}

/// The stones on a field, seat by seat, those without any left out: `Y2 R1`.
fn stones_text(rules: &Rules, state: &State, cell: CellId, glyph: &[char]) -> Vec<(usize, String)> {
    (0..rules.seats.len())
        .filter_map(|s| {
            let n = state.stones(cell, s as u8, rules);
            (n > 0).then(|| (s, format!("{}{n}", glyph[s])))
        })
        .collect()
}

/// A field's number as printed (its label on a board without numbers); the
/// fields of the winning line between stars, else the last field played in
/// brackets.
fn number_text(rules: &Rules, state: &State, cell: CellId, line: &[CellId]) -> String {
    let n = match rules.numbers.get(cell as usize) {
        Some(n) => n.to_string(),
        None => rules.geometry.labels[cell as usize].clone(),
    };
    if line.contains(&cell) {
        format!("*{n}*")
    } else if cell == state.last && state.last != NO_CELL {
        format!("[{n}]")
    } else {
        n
    }
}

/// A line of text in pieces, each with its style (none: plain).
#[derive(Default)]
struct Line(Vec<(String, Option<Style>)>);

impl Line {
    fn push(&mut self, text: impl Into<String>, style: Option<Style>) {
        self.0.push((text.into(), style));
    }

    fn pad(&mut self, n: usize) {
        if n > 0 {
            self.push(" ".repeat(n), None);
        }
    }

    fn render(&self, color: bool) -> String {
        let mut out = String::new();
        for (text, style) in &self.0 {
            match style {
                Some(style) if color => out.push_str(&style.style(text).to_string()),
                _ => out.push_str(text),
            }
        }
        out.trim_end().to_string()
    }
}

/// The board as a grid of boxes, top row first: in each box the field's
/// number (the last one played in brackets, a winning line's between stars)
/// with its owner's letter on the right (`#` after it when the field is
/// locked), and under it the stones of each seat (`Y2 R1`).
///
/// Rows have no border between them, so that the board and the status fit a
/// 24-line terminal; with colour the stones line is underlined instead. A
/// board without numbers has column letters above and below and row numbers
/// both sides; a numbered board has none, so that no printed number is
/// mistaken for a field.
pub fn draw(rules: &Rules, state: &State, color: bool) -> String {
    let Shape::Square { width, height } = rules.geometry.shape else {
        return String::new();
    };
    let g = &rules.geometry;
    // Cells by (x, y), so that the rows can be walked top first.
    let mut at = vec![NO_CELL; width * height];
    for (cell, &(x, y)) in g.coords.iter().enumerate() {
        at[y as usize * width + x as usize] = cell as CellId;
    }
    let grid = Grid::new(rules, state, at, width);
    let row_name = |y: usize| split_label(&g.labels[grid.at[y * width] as usize]).1;
    let names = rules.numbers.is_empty();
    let name_width = match names {
        true => (0..height).map(|y| row_name(y).len()).max().unwrap_or(1),
        false => 0,
    };
    // The boxes start after the row names and a space.
    let margin = if names { name_width + 1 } else { 0 };
    let mut lines: Vec<Line> = Vec::new();
    if names {
        lines.push(grid.letters(margin));
    }
    lines.push(grid.border(margin, "┌", "┬", "┐"));
    for y in (0..height).rev() {
        let name = if names { row_name(y) } else { "" };
        let mut top = Line::default();
        let mut under = Line::default();
        top.pad(name_width - name.len());
        top.push(name, FAINT);
        top.pad(usize::from(names));
        under.pad(margin);
        for x in 0..width {
            let cell = grid.at[y * width + x];
            grid.top(&mut top, cell);
            // The underline parts this row from the next; the border ends the last.
            grid.under(&mut under, cell, y > 0);
        }
        top.push("│", FAINT);
        if names {
            top.push(" ", None);
            top.push(name, FAINT);
        }
        under.push("│", FAINT);
        lines.push(top);
        lines.push(under);
    }
    lines.push(grid.border(margin, "└", "┴", "┘"));
    if names {
        lines.push(grid.letters(margin));
    }
    let text: Vec<String> = lines.iter().map(|l| l.render(color)).collect();
    text.join("\n")
}

/// The width of a standard terminal, which the boxes should fit.
const COLUMNS: usize = 80;

/// Dimmed: borders and coordinates.
const FAINT: Option<Style> = Some(Style::new().dimmed());

/// What drawing the boxes needs: the cells by place, their glyphs, the
/// widest box and the winning line.
struct Grid<'a> {
    rules: &'a Rules,
    state: &'a State,
    /// The cell at (x, y), at `y * width + x`.
    at: Vec<CellId>,
    width: usize,
    glyph: Vec<char>,
    /// Columns inside a box.
    inner: usize,
    /// Whether a box's stones go without spaces between seats.
    packed: bool,
    line: Vec<CellId>,
}

impl<'a> Grid<'a> {
    fn new(rules: &'a Rules, state: &'a State, at: Vec<CellId>, width: usize) -> Self {
        let glyph = glyphs(&rules.seats);
        let line = decisive_cells(rules, state).unwrap_or_default();
        let cells = 0..rules.geometry.cell_count() as CellId;
        // Stones are spaced (` Y1 R1`) unless that makes the board wider
        // than a terminal; then they are packed (` Y1R1P1W1`).
        let stones_width = |c: CellId, packed: bool| {
            let parts = stones_text(rules, state, c, &glyph);
            let spaces = if packed {
                parts.len().min(1)
            } else {
                parts.len()
            };
            parts.iter().map(|(_, t)| t.len()).sum::<usize>() + spaces
        };
        let widest_number = cells
            .clone()
            .map(|c| number_text(rules, state, c, &line).len())
            .max()
            .unwrap_or(1);
        // Inside a box: a space, the number, a space, owner and lock, a space.
        let inner_for = |packed: bool| {
            let widest_stones = cells.clone().map(|c| stones_width(c, packed)).max();
            (widest_number + 5)
                .max(widest_stones.unwrap_or(0) + 1)
                .max(9)
        };
        let packed = width * (inner_for(false) + 1) + 1 > COLUMNS;
        let inner = inner_for(packed);
        Grid {
            rules,
            state,
            at,
            width,
            glyph,
            inner,
            packed,
            line,
        }
    }

    fn seat_style(&self, seat: usize) -> Style {
        Style::new().color(seat_colours(self.rules)[seat])
    }

    /// A border line across the board: `├───┼───┤`.
    fn border(&self, margin: usize, left: &str, mid: &str, right: &str) -> Line {
        let mut line = Line::default();
        line.pad(margin);
        let parts = vec!["─".repeat(self.inner); self.width].join(mid);
        line.push(format!("{left}{parts}{right}"), FAINT);
        line
    }

    /// The column letters, each centred over its box.
    fn letters(&self, margin: usize) -> Line {
        let mut line = Line::default();
        let mut column = 0;
        for (x, &cell) in self.at[..self.width].iter().enumerate() {
            let text = split_label(&self.rules.geometry.labels[cell as usize]).0;
            let centre = margin + 1 + x * (self.inner + 1) + (self.inner - text.len()) / 2;
            line.pad(centre - column);
            line.push(text, FAINT);
            column = centre + text.len();
        }
        line
    }

    /// A box's first line: `│ 12   R#`.
    fn top(&self, top: &mut Line, cell: CellId) {
        let (rules, state) = (self.rules, self.state);
        let owner = state
            .owner(cell)
            .map(usize::from)
            .filter(|&s| s < self.glyph.len());
        let number = number_text(rules, state, cell, &self.line);
        let number_style = match owner {
            _ if self.line.contains(&cell) => Style::new().bold().reversed(),
            _ if cell == state.last => Style::new().bold().underline(),
            Some(_) => Style::new().bold(),
            None => Style::new().dimmed(),
        };
        top.push("│", FAINT);
        top.push(" ", None);
        top.push(&number, Some(number_style));
        let mark_width = 2;
        top.pad(self.inner - 1 - number.len() - mark_width - 1);
        match owner {
            Some(s) => {
                let style = self.seat_style(s).bold();
                top.push(self.glyph[s].to_string(), Some(style));
                let lock = if closed(rules, state, cell) { "#" } else { " " };
                top.push(lock, Some(style));
            }
            None => top.pad(mark_width),
        }
        top.pad(1);
    }

    /// A box's second line: `│ Y2 R1`, underlined when `underline`.
    fn under(&self, under: &mut Line, cell: CellId, underline: bool) {
        let owner = self.state.owner(cell).map(usize::from);
        let lined = |style: Style| if underline { style.underline() } else { style };
        under.push("│", FAINT);
        let mut used = 0;
        for (s, text) in stones_text(self.rules, self.state, cell, &self.glyph) {
            let style = match owner == Some(s) {
                true => self.seat_style(s).bold(),
                false => self.seat_style(s),
            };
            if used == 0 || !self.packed {
                under.push(" ", Some(lined(Style::new())));
                used += 1;
            }
            under.push(&text, Some(lined(style)));
            used += text.len();
        }
        under.push(" ".repeat(self.inner - used), Some(lined(Style::new())));
    }
}

/// Which letter is which seat, and how a field reads.
pub fn legend(rules: &Rules) -> String {
    let glyph = glyphs(&rules.seats);
    let pairs: Vec<String> = glyph
        .iter()
        .zip(&rules.seats)
        .map(|(g, s)| format!("{g} = {s}"))
        .collect();
    let (a, b) = (
        glyph.first().copied().unwrap_or('A'),
        glyph.get(1).copied().unwrap_or('B'),
    );
    let names = |i: usize| rules.seats.get(i).map_or("?", String::as_str);
    let mut text = format!(
        "A box is a field: its number, its owner's letter on the right (the owner has \
         the most stones), and below, the stones on it ({a}2 {b}1: two of {}'s, one of {}'s).",
        names(0),
        names(1)
    );
    if rules
        .phases
        .iter()
        .flat_map(|p| &p.rules)
        .any(|p| p.card_chain().is_some())
    {
        text += &format!(" {a}# is a field where nobody may place now.");
    }
    text += " [n] is the field last played.";
    format!("{}\n{}", pairs.join("   "), wrap(&text, 80))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn just4fun(seats: i64) -> Rules {
        crate::compile::shipped("just-4-fun", &[("seats", seats)])
    }

    /// A start where the seats hold these hands (dealt in seat order, the
    /// rest of the deck drawn in deck order) and `first` moves first.
    pub(crate) fn dealt(rules: &Rules, hands: &[&[u8]], first: u32) -> State {
        let mut rest = rules.deck.clone();
        // The first seat is listed before the cards.
        let mut order: Vec<u32> = vec![first];
        for &card in hands.iter().flat_map(|h| h.iter()) {
            let at = rest
                .iter()
                .position(|&c| c == card)
                .expect("a card of the deck");
            rest.remove(at);
            order.push(u32::from(card));
        }
        order.extend(rest.iter().map(|&c| u32::from(c)));
        let state = State::scripted(rules, &order);
        assert!(!state.bad_script);
        state
    }

    /// The text without its escape codes.
    pub(crate) fn strip(text: &str) -> String {
        crate::report::plain(text)
    }

    /// Plays the cards typed, for whoever moves.
    pub(crate) fn play(rules: &Rules, state: &mut State, cards: &str) {
        let m = rules.parse_move(state, cards).unwrap();
        rules.play(state, m);
    }

    #[test]
    fn the_empty_board_shows_every_number_in_reading_order() {
        let rules = just4fun(2);
        let state = rules.start(1);
        let text = draw(&rules, &state, false);
        let lines: Vec<&str> = text.lines().collect();
        // A border, two lines a row, a border: with the status, 24 lines.
        assert_eq!(lines.len(), 1 + 6 * 2 + 1, "{text}");
        assert!(lines[1].starts_with("│ 1 "), "{text}");
        assert!(lines[11].starts_with("│ 31 "), "{text}");
        // No coordinates: the only numbers are the fields'.
        assert!(
            lines
                .iter()
                .all(|l| l.ends_with('│') || l.ends_with('┐') || l.ends_with('┘')),
            "{text}"
        );
        assert!(!text.contains(" a "), "{text}");
        // Every row as wide as the others.
        let widths: Vec<usize> = lines.iter().map(|l| l.chars().count()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{text}");
        for n in 1..=36 {
            assert!(text.contains(&format!(" {n} ")), "{n}\n{text}");
        }
        assert!(!text.contains('#'));
    }

    #[test]
    fn a_board_without_numbers_keeps_its_coordinates_and_marks_a_won_line() {
        let source = "game \"Fields\"\nplayers Red, Blue\nboard square 3 x 3 with stacks\n\
                      owner majority\nphase play\n  place\nend when line(3, mover): mover wins\n";
        let rules = crate::compile::load(source, &[]).unwrap();
        let mut state = rules.start(0);
        for m in ["a1", "a2", "b1", "b2", "c1"] {
            let m = rules.parse_move(&state, m).unwrap();
            rules.play(&mut state, m);
        }
        let text = draw(&rules, &state, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 + 3 * 2 + 2, "{text}");
        assert!(lines[0].trim_start().starts_with("a "), "{text}");
        assert!(lines[2].starts_with("3 │ a3 "), "{text}");
        // The bottom row won: its fields between stars.
        assert!(
            lines[6].starts_with("1 │ *a1* R  │ *b1* R  │ *c1* R  │ 1"),
            "{text}"
        );
        let coloured = draw(&rules, &state, true);
        assert_eq!(strip(&coloured).replace('*', ""), text.replace('*', ""));
    }

    #[test]
    fn stones_owner_lock_and_last_field() {
        let rules = just4fun(2);
        // Deals and moves vary with the seed: find one where a field can be
        // played on three times in a row by the same seat's turns.
        let mut state = rules.start(7);
        let mut placed = Vec::new();
        for _ in 0..40 {
            let moves = rules.sorted_moves(&state);
            let m = moves[moves.len() / 2];
            let before = state.clone();
            rules.play(&mut state, m);
            if let Some((_, cell)) = rules.played_cards(m) {
                placed.push(cell);
            }
            if state.is_over() {
                // A winning line is marked instead of the last field.
                state = before;
                break;
            }
        }
        let text = draw(&rules, &state, false);
        // Each field's stones can be read off its box.
        for cell in 0..36 as CellId {
            let want: Vec<String> = stones_text(&rules, &state, cell, &['Y', 'R'])
                .into_iter()
                .map(|(_, t)| t)
                .collect();
            if !want.is_empty() {
                assert!(
                    text.contains(&format!(" {} ", want.join(" "))),
                    "{want:?}\n{text}"
                );
            }
        }
        let last = rules.numbers[state.last as usize];
        assert!(text.contains(&format!("[{last}]")), "{text}");
    }

    #[test]
    fn owner_and_lock_are_marked() {
        let rules = just4fun(2);
        let mut state = dealt(&rules, &[&[1, 2, 8, 8], &[13, 14, 15, 16]], 0);
        play(&rules, &mut state, "8");
        play(&rules, &mut state, "13");
        let text = draw(&rules, &state, false);
        // Field 8 is Yellow's, field 13 Red's and the last played.
        assert!(text.contains("│ 8    Y  │"), "{text}");
        assert!(text.contains("│ [13] R  │"), "{text}");
        assert!(text.contains("│ Y1      │"), "{text}");
        play(&rules, &mut state, "8");
        let cell = rules.field_of[8];
        assert!(closed(&rules, &state, cell));
        let text = draw(&rules, &state, false);
        assert!(text.contains("│ [8]  Y# │"), "{text}");
        assert!(text.contains("│ Y2      │"), "{text}");
        assert!(!text.contains("[13]"), "{text}");
        let coloured = draw(&rules, &state, true);
        assert!(coloured.contains('\u{1b}'));
        assert_eq!(strip(&coloured), text);
    }

    #[test]
    fn four_seats_fit_and_the_legend_reads() {
        let rules = just4fun(4);
        let legend = legend(&rules);
        assert!(
            legend.starts_with("Y = Yellow   R = Red   P = Pink   W = White\n"),
            "{legend}"
        );
        assert!(legend.contains("nobody may place now"), "{legend}");
        assert!(legend.lines().all(|l| l.chars().count() <= 80), "{legend}");
        let mut state = rules.start(2);
        for _ in 0..30 {
            let moves = rules.sorted_moves(&state);
            rules.play(&mut state, moves[0]);
        }
        let text = draw(&rules, &state, false);
        let widths: Vec<usize> = text
            .lines()
            .skip(1)
            .take(19)
            .map(|l| l.chars().count())
            .collect();
        assert!(widths.iter().all(|&w| w <= 90), "{text}");
    }
}
