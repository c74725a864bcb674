//! The status of a game with cards or counted fields: one line a seat with
//! its points, stones and hand (only the hands the viewer may see), then the
//! draw and discard piles.

use super::score_line;
use crate::engine::{Outcome, State};
use crate::ir::Rules;

/// Whose hands a display shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hands {
    /// Nobody's: only how many cards each seat holds.
    Hidden,
    /// One seat's: the one at the terminal.
    Of(u8),
    /// Every seat's: a game nobody at the terminal plays in, or one that is over.
    All,
}

impl Hands {
    fn shows(self, seat: u8) -> bool {
        match self {
            Hands::Hidden => false,
            Hands::Of(s) => s == seat,
            Hands::All => true,
        }
    }
}

/// Each seat's points now: the rules' `score`, computed for display (the
/// engine keeps scores during play only when a rule reads them).
pub fn points(rules: &Rules, state: &State) -> Vec<i64> {
    rules.scores_now(state).into_iter().map(i64::from).collect()
}

/// Cards as people write them: `1 3 10 10`, or `none`.
pub fn card_list(rules: &Rules, cards: &[u8]) -> String {
    if cards.is_empty() {
        return "none".to_string();
    }
    let names: Vec<&str> = cards.iter().map(|&c| rules.card_name(c)).collect();
    names.join(" ")
}

/// "1 card", "4 cards".
fn cards(n: usize) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}

/// The title, turn and round, who moves or the result; a line a seat (the
/// mover marked) with its points, stones left and hand, shown only if `hands`
/// says so; the piles.
pub fn status(rules: &Rules, state: &State, hands: Hands) -> String {
    let seats = rules.seats.len().max(1);
    let name = |s: usize| rules.seats.get(s).map_or("?", String::as_str);
    let scored = rules.score.is_some();
    let headline = match state.outcome {
        None if state.round().giving > 0 => format!(
            "{} to pass a card face down to {}",
            name(state.mover as usize),
            name(rules.partner[state.mover as usize] as usize)
        ),
        None => format!("{} to move", name(state.mover as usize)),
        Some(Outcome::Win(w)) if super::team_of(rules, w as usize).len() > 1 => {
            super::winners(rules, w as usize)
        }
        Some(Outcome::Win(w)) => {
            let w = w as usize;
            let best = state.scores.iter().copied().max().unwrap_or(0);
            if scored && state.scores.get(w) == Some(&best) {
                let others = (0..state.scores.len()).filter(|&s| s != w);
                let order: Vec<usize> = std::iter::once(w).chain(others).collect();
                format!("{} wins {}", name(w), score_line(&state.scores, &order))
            } else {
                format!("{} wins", name(w))
            }
        }
        Some(Outcome::Draw) if scored => {
            let order: Vec<usize> = (0..state.scores.len()).collect();
            format!("Draw {}", score_line(&state.scores, &order))
        }
        Some(Outcome::Draw) => "Draw".to_string(),
    };
    let round = (state.turn.max(1) - 1) / seats as u32 + 1;
    let mut out = format!(
        "{}, turn {} (round {round}): {headline}",
        rules.title, state.turn
    );
    let points = points(rules, state);
    let name_width = rules
        .seats
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0);
    let point_width = points
        .iter()
        .map(|p| p.to_string().len())
        .max()
        .unwrap_or(1);
    for (s, &seat_points) in points.iter().enumerate() {
        let mover = !state.is_over() && state.mover as usize == s;
        let mut line = format!(
            "\n{} {:<name_width$}",
            if mover { '▸' } else { ' ' },
            name(s)
        );
        if rules.deal.is_some() {
            let dealer = state.round().dealer as usize == s;
            line += if dealer { " (dealer)" } else { "         " };
        }
        if scored {
            let word = if seat_points == 1 { "point " } else { "points" };
            line += &format!("  {seat_points:>point_width$} {word}");
        } else if rules.score.is_some() {
            line += &format!("  score {}", state.scores[s]);
        }
        if state.supply[s] != i32::MAX {
            let left = state.supply[s];
            let word = if left == 1 { "stone " } else { "stones" };
            line += &format!("  {left:>2} {word} left");
        }
        if !rules.deck.is_empty() {
            let hand = state.hand(s as u8, rules);
            line += &match hands {
                Hands::Of(v) if v as usize == s => {
                    format!("  your hand: {}", card_list(rules, hand))
                }
                _ if hands.shows(s as u8) => format!("  hand: {}", card_list(rules, hand)),
                _ => format!("  {}", cards(hand.len())),
            };
        }
        out += line.trim_end();
    }
    if !rules.deck.is_empty() {
        let discard = state.discard_pile();
        out += &format!(
            "\nDraw pile: {}   Discard pile: ",
            cards(state.draw_pile().len())
        );
        out += &match discard.last() {
            Some(&top) => format!("{}, {} on top", cards(discard.len()), rules.card_name(top)),
            None => "empty".to_string(),
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::fields::tests::{dealt, play};
    use super::*;

    fn just4fun(seats: i64) -> Rules {
        crate::compile::shipped("just-4-fun", &[("seats", seats)])
    }

    #[test]
    fn the_discard_piles_top_card_is_named_as_the_rules_name_it() {
        // Partners' cards have codes other than their values: `start` is
        // the 13th kind, and it was shown as `13 on top`.
        let rules = crate::compile::shipped("partners", &[]);
        let mut state = rules.start(3);
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(3);
        let mut named = 0;
        for _ in 0..400 {
            let Some(m) = rules.random_move(&state, &mut Vec::new(), &mut rng) else {
                break;
            };
            rules.play(&mut state, m);
            let Some(&top) = state.discard_pile().last() else {
                continue;
            };
            let text = status(&rules, &state, Hands::Hidden);
            let name = rules.card_name(top);
            assert!(text.contains(&format!(", {name} on top")), "{text}");
            named += usize::from(name != top.to_string());
        }
        assert!(named > 0, "no card whose name is not its code was on top");
    }

    #[test]
    fn only_the_viewers_hand_is_shown() {
        let rules = just4fun(2);
        let state = dealt(&rules, &[&[1, 2, 8, 8], &[13, 14, 15, 16]], 1);
        assert_eq!(
            status(&rules, &state, Hands::Of(0)),
            "Just 4 Fun, turn 1 (round 1): Red to move\n  \
             Yellow  0 points  20 stones left  your hand: 1 2 8 8\n\
             ▸ Red     0 points  20 stones left  4 cards\n\
             Draw pile: 47 cards   Discard pile: empty"
        );
        let hidden = status(&rules, &state, Hands::Hidden);
        assert!(!hidden.contains("hand"), "{hidden}");
        let all = status(&rules, &state, Hands::All);
        assert!(all.contains("hand: 13 14 15 16"), "{all}");
        assert!(all.contains("hand: 1 2 8 8"), "{all}");
    }

    #[test]
    fn points_piles_and_the_result() {
        let rules = just4fun(3);
        let mut state = dealt(
            &rules,
            &[&[1, 2, 8, 8], &[13, 14, 15, 16], &[3, 4, 5, 6]],
            0,
        );
        play(&rules, &mut state, "8");
        play(&rules, &mut state, "13+16");
        play(&rules, &mut state, "3+4+5+6");
        assert_eq!(points(&rules, &state), vec![8, 29, 18]);
        let text = status(&rules, &state, Hands::Of(1));
        assert!(
            text.starts_with("Just 4 Fun, turn 4 (round 2): Yellow to move\n"),
            "{text}"
        );
        assert!(
            text.contains("▸ Yellow   8 points  19 stones left  4 cards"),
            "{text}"
        );
        assert!(
            text.contains("  Red     29 points  19 stones left  your hand: "),
            "{text}"
        );
        assert!(
            text.ends_with("Draw pile: 36 cards   Discard pile: 7 cards, 6 on top"),
            "{text}"
        );
        let mut over = state.clone();
        over.scores = vec![8, 29, 18];
        over.outcome = Some(Outcome::Win(1));
        let text = status(&rules, &over, Hands::All);
        assert!(text.contains("Red wins 29-8-18"), "{text}");
        assert!(!text.contains('▸'), "{text}");
        over.outcome = Some(Outcome::Win(0));
        assert!(status(&rules, &over, Hands::All).contains("Yellow wins\n"));
    }
}
