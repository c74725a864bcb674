//! Drawing a board of counted fields (`owner majority`): a grid of boxes, each
//! with the field's number, its owner and the stones every seat has on it.

use owo_colors::{AnsiColors, Style};

use super::{glyphs, split_label, SEAT_COLOURS};
use crate::engine::State;
use crate::ir::geometry::Shape;
use crate::ir::{CellId, Rules, NO_CELL};

/// A seat's colour: the one its name says (Yellow, Red, ...), else the seat palette's.
pub(super) fn seat_colour(rules: &Rules, seat: usize) -> AnsiColors {
    let name = rules.seats.get(seat).map(|s| s.to_ascii_lowercase());
    let named = match name.as_deref() {
        Some("yellow" | "gold") => Some(AnsiColors::BrightYellow),
        Some("red") => Some(AnsiColors::BrightRed),
        Some("pink" | "magenta" | "purple" | "violet") => Some(AnsiColors::BrightMagenta),
        Some("white") => Some(AnsiColors::BrightWhite),
        Some("blue") => Some(AnsiColors::BrightBlue),
        Some("green") => Some(AnsiColors::BrightGreen),
        Some("cyan") => Some(AnsiColors::BrightCyan),
        Some("black" | "grey" | "gray") => Some(AnsiColors::BrightBlack),
        _ => None,
    };
    named.unwrap_or(SEAT_COLOURS[seat % SEAT_COLOURS.len()])
}

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
/// last field played in brackets.
fn number_text(rules: &Rules, state: &State, cell: CellId) -> String {
    let n = match rules.numbers.get(cell as usize) {
        Some(n) => n.to_string(),
        None => rules.geometry.labels[cell as usize].clone(),
    };
    if cell == state.last && state.last != NO_CELL {
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
/// number (the last one played in brackets) with its owner's letter on the
/// right (`#` after it when the field is locked), and under it the stones of
/// each seat (`Y2 R1`); column letters above and below, row numbers both sides.
pub fn draw(rules: &Rules, state: &State, color: bool) -> String {
    let Shape::Square { width, height } = rules.geometry.shape else {
        return String::new();
    };
    let glyph = glyphs(&rules.seats);
    let g = &rules.geometry;
    // Cells by (x, y), so that the rows can be walked top first.
    let mut at = vec![NO_CELL; width * height];
    for (cell, &(x, y)) in g.coords.iter().enumerate() {
        at[y as usize * width + x as usize] = cell as CellId;
    }
    let cells = 0..g.cell_count() as CellId;
    let widest_stones = cells
        .clone()
        .map(|c| {
            let parts = stones_text(rules, state, c, &glyph);
            parts.iter().map(|(_, t)| t.len() + 1).sum::<usize>()
        })
        .max()
        .unwrap_or(0);
    let widest_number = cells
        .map(|c| number_text(rules, state, c).len())
        .max()
        .unwrap_or(1);
    // Inside a box: a space, the number, a space, owner and lock, a space.
    let inner = (widest_number + 5).max(widest_stones + 1).max(9);
    let row_name = |y: usize| split_label(&g.labels[at[y * width] as usize]).1.to_string();
    let name_width = (0..height).map(|y| row_name(y).len()).max().unwrap_or(1);

    let faint = Some(Style::new().dimmed());
    let seat_style = |s: usize| Style::new().color(seat_colour(rules, s));
    let mut lines: Vec<Line> = Vec::new();
    let border = |left: &str, mid: &str, right: &str| {
        let mut line = Line::default();
        line.pad(name_width + 1);
        let bar = "─".repeat(inner);
        let parts = vec![bar; width].join(mid);
        line.push(format!("{left}{parts}{right}"), faint);
        line
    };
    let letters = || {
        let mut line = Line::default();
        let mut column = 0;
        for (x, &cell) in at[..width].iter().enumerate() {
            let text = split_label(&g.labels[cell as usize]).0;
            // Centred over the box.
            let centre = name_width + 2 + x * (inner + 1) + (inner - text.len()) / 2;
            line.pad(centre - column);
            line.push(text, faint);
            column = centre + text.len();
        }
        line
    };
    lines.push(letters());
    lines.push(border("┌", "┬", "┐"));
    for y in (0..height).rev() {
        let name = row_name(y);
        let mut top = Line::default();
        let mut under = Line::default();
        top.pad(name_width - name.len());
        top.push(&name, faint);
        top.push(" │", faint);
        under.pad(name_width + 1);
        under.push("│", faint);
        for x in 0..width {
            let cell = at[y * width + x];
            let owner = state
                .owner(cell)
                .map(usize::from)
                .filter(|&s| s < glyph.len());
            let is_locked = closed(rules, state, cell);
            let number = number_text(rules, state, cell);
            let number_style = match owner {
                _ if cell == state.last => Style::new().bold().underline(),
                Some(_) => Style::new().bold(),
                None => Style::new().dimmed(),
            };
            top.push(" ", None);
            top.push(&number, Some(number_style));
            let mark_width = 2;
            top.pad(inner - 1 - number.len() - mark_width - 1);
            match owner {
                Some(s) => {
                    let style = seat_style(s).bold();
                    top.push(glyph[s].to_string(), Some(style));
                    top.push(if is_locked { "#" } else { " " }, Some(style));
                }
                None => top.pad(mark_width),
            }
            top.push(" │", faint);
            let parts = stones_text(rules, state, cell, &glyph);
            let mut used = 0;
            for (s, text) in &parts {
                let style = if owner == Some(*s) {
                    seat_style(*s).bold()
                } else {
                    seat_style(*s)
                };
                under.push(" ", None);
                under.push(text, Some(style));
                used += text.len() + 1;
            }
            under.pad(inner - used);
            under.push("│", faint);
        }
        top.push(" ", None);
        top.push(&name, faint);
        lines.push(top);
        lines.push(under);
        lines.push(if y == 0 {
            border("└", "┴", "┘")
        } else {
            border("├", "┼", "┤")
        });
    }
    lines.push(letters());
    let text: Vec<String> = lines.iter().map(|l| l.render(color)).collect();
    text.join("\n")
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
    format!("{}\n{}", pairs.join("   "), wrap_words(&text, 80))
}

/// The words of `text` on lines of at most `width` characters.
fn wrap_words(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() {
            line.push_str(word);
        } else if line.chars().count() + 1 + word.chars().count() <= width {
            line.push(' ');
            line.push_str(word);
        } else {
            lines.push(word.to_string());
        }
    }
    lines.join("\n")
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
        let mut order: Vec<u32> = Vec::new();
        for &card in hands.iter().flat_map(|h| h.iter()) {
            let at = rest
                .iter()
                .position(|&c| c == card)
                .expect("a card of the deck");
            rest.remove(at);
            order.push(u32::from(card));
        }
        order.extend(rest.iter().map(|&c| u32::from(c)));
        order.push(first);
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
        // Letters, a border, then three lines a row, letters.
        assert_eq!(lines.len(), 2 + 6 * 3 + 1, "{text}");
        assert!(lines[0].trim_start().starts_with("a "), "{text}");
        assert!(lines[2].starts_with("6 │ 1 "), "{text}");
        assert!(lines[2].ends_with("│ 6"), "{text}");
        assert!(lines[17].starts_with("1 │ 31 "), "{text}");
        // Every row as wide as the others.
        let widths: Vec<usize> = lines[1..20].iter().map(|l| l.chars().count()).collect();
        assert!(widths.iter().all(|&w| w >= widths[1] - 2), "{text}");
        for n in 1..=36 {
            assert!(text.contains(&format!(" {n} ")), "{n}\n{text}");
        }
        assert!(!text.contains('#'));
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
            rules.play(&mut state, m);
            if let crate::engine::Move::Cards { cell, .. } = m {
                placed.push(cell);
            }
            if state.is_over() {
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
