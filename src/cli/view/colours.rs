//! Each seat's colour on the terminal: a seat named after a colour is drawn
//! in it, so that Red's pieces are red; the others take the palette's
//! colours that no seat's name has taken.

use owo_colors::AnsiColors;

use crate::ir::{PieceCode, Rules};

/// The colours of seats whose names say none, in the order they are given.
const PALETTE: [AnsiColors; 6] = [
    AnsiColors::BrightRed,
    AnsiColors::BrightBlue,
    AnsiColors::BrightGreen,
    AnsiColors::BrightYellow,
    AnsiColors::BrightMagenta,
    AnsiColors::BrightCyan,
];

/// The colour a seat's name says, if it names one the terminal has.
fn named(name: &str) -> Option<AnsiColors> {
    Some(match name.to_ascii_lowercase().as_str() {
        "yellow" | "gold" => AnsiColors::BrightYellow,
        "red" => AnsiColors::BrightRed,
        "pink" | "magenta" | "purple" | "violet" => AnsiColors::BrightMagenta,
        "white" => AnsiColors::BrightWhite,
        "blue" => AnsiColors::BrightBlue,
        "green" => AnsiColors::BrightGreen,
        "cyan" => AnsiColors::BrightCyan,
        // The terminal's plain yellow is the nearest to orange, and not
        // Yellow's bright one.
        "orange" | "brown" => AnsiColors::Yellow,
        // Black on a dark terminal would not show: dark grey does.
        "black" | "grey" | "gray" => AnsiColors::BrightBlack,
        _ => return None,
    })
}

/// Every seat's colour, in seat order: the named ones first, then the
/// palette's free colours for the rest (wrapping round when none is free).
pub(super) fn seat_colours(rules: &Rules) -> Vec<AnsiColors> {
    let named: Vec<Option<AnsiColors>> = rules.seats.iter().map(|s| named(s)).collect();
    let taken = named.clone();
    let mut free = PALETTE
        .iter()
        .filter(|&&c| !taken.contains(&Some(c)))
        .chain(PALETTE.iter())
        .cycle();
    named
        .into_iter()
        .map(|n| n.unwrap_or_else(|| *free.next().expect("cycles")))
        .collect()
}

/// A piece's colour, by code: seats have theirs; neutral and unknown pieces none.
pub(super) fn tint(code: PieceCode, colours: &[AnsiColors]) -> Option<AnsiColors> {
    let seat = (code as usize).checked_sub(1)?;
    colours.get(seat).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_seats(seats: &[&str]) -> Rules {
        let mut rules = crate::compile::shipped("tic-tac-toe", &[]);
        rules.seats = seats.iter().map(|s| s.to_string()).collect();
        rules
    }

    #[test]
    fn a_seat_named_after_a_colour_is_drawn_in_it() {
        let rules = with_seats(&["Yellow", "Red", "Blue", "Green"]);
        let expected = [
            AnsiColors::BrightYellow,
            AnsiColors::BrightRed,
            AnsiColors::BrightBlue,
            AnsiColors::BrightGreen,
        ];
        assert_eq!(seat_colours(&rules), expected);
    }

    #[test]
    fn other_seats_take_colours_no_name_has() {
        let rules = with_seats(&["X", "Red", "O"]);
        let colours = seat_colours(&rules);
        assert_eq!(colours[1], AnsiColors::BrightRed);
        assert!(!colours[0..1].contains(&AnsiColors::BrightRed));
        assert_ne!(colours[0], colours[2]);
    }
}

#[cfg(test)]
mod boards {
    use super::super::tests::played;

    /// The SGR parameters written just before each `glyph` of `text` that is
    /// drawn in bold (a piece or a seat's name, not a faint label).
    fn inks_of(text: &str, glyph: char) -> Vec<String> {
        let mut inks = Vec::new();
        for (i, _) in text.match_indices(glyph) {
            let before = &text[..i];
            if let Some(m) = before.strip_suffix('m') {
                let start = m.rfind("\u{1b}[").map_or(0, |s| s + 2);
                let ink = &m[start..];
                if ink.split(';').any(|p| p == "1") {
                    inks.push(ink.to_string());
                }
            }
        }
        inks
    }

    /// Connect Four: Yellow's discs were red and Red's blue (issue 32,
    /// item 12). 93 is bright yellow, 91 bright red.
    #[test]
    fn connect_four_draws_yellow_in_yellow_and_red_in_red() {
        let rules = crate::compile::shipped("connect-four", &[]);
        let state = played(&rules, &["d", "d", "c"]);
        let text = super::super::board(&rules, &state, true);
        let yellow = inks_of(&text, 'Y');
        let red = inks_of(&text, 'R');
        assert!(!yellow.is_empty() && !red.is_empty(), "{text:?}");
        assert!(yellow.iter().all(|i| i.starts_with("93;")), "{yellow:?}");
        assert!(red.iter().all(|i| i.starts_with("91;")), "{red:?}");
    }

    /// Partners: every seat's movers and name in its own colour.
    #[test]
    fn partners_draws_each_seat_in_the_colour_it_is_named_after() {
        let rules = crate::compile::shipped("partners", &[]);
        let text = super::super::board(&rules, &rules.start(1), true);
        for (glyph, ink) in [('Y', "93"), ('R', "91"), ('B', "94"), ('G', "92")] {
            let inks = inks_of(&text, glyph);
            assert!(!inks.is_empty(), "no {glyph} drawn in colour: {text:?}");
            assert!(
                inks.iter().all(|i| i.starts_with(&format!("{ink};"))),
                "{glyph}: {inks:?}"
            );
        }
    }
}
