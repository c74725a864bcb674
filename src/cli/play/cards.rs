//! `tabula play` in a card game: `help` lists the card sets by the field they
//! name, a refused card set is explained, and every card move is reported.

use crate::cli::view;
use crate::engine::{Move, MoveError, State};
use crate::ir::{CardPlay, CellId, Rules};

/// A field as people name it: its number (the board shows no letters then),
/// or its label on a board without numbers.
pub fn field(rules: &Rules, cell: CellId) -> String {
    match rules.numbers.get(cell as usize) {
        Some(n) => n.to_string(),
        None => rules.geometry.labels[cell as usize].clone(),
    }
}

/// The cards of a card move, as typed: `5+11+13`.
fn cards_text(cards: &[u8]) -> String {
    let values: Vec<String> = cards.iter().map(u8::to_string).collect();
    values.join("+")
}

/// The card part of the current phase's rules, if it has one.
fn card_play<'r>(rules: &'r Rules, state: &State) -> Option<&'r CardPlay> {
    let phase = &rules.phases[state.phase as usize];
    phase
        .rules
        .iter()
        .find_map(|r| r.card_chain().map(|c| c.play))
}

/// Why the mover may not place on `cell`, in the player's words.
pub fn blocked(rules: &Rules, state: &State, cell: CellId) -> String {
    let seat = state.mover;
    if state.supply[seat as usize] <= 0 {
        return "you have no stones left".to_string();
    }
    if view::closed(rules, state, cell) {
        return format!(
            "no player may place there now: {} ({})",
            standing(rules, state, cell),
            condition(rules, state)
        );
    }
    if !rules.may_place(state, seat, cell) {
        return format!(
            "you may not place there now: {} ({})",
            standing(rules, state, cell),
            condition(rules, state)
        );
    }
    let phase = &rules.phases[state.phase as usize];
    let texts: Vec<String> = phase.rules.iter().map(|p| rule_text(&p.text)).collect();
    format!("the rule is `{}`", texts.join("` or `"))
}

/// Who has how many pieces on a cell, which the conditions of a card rule
/// usually read: `it holds Yellow 2, Red 0`.
fn standing(rules: &Rules, state: &State, cell: CellId) -> String {
    let counts: Vec<String> = (0..rules.seats.len() as u8)
        .map(|s| {
            format!(
                "{} {}",
                rules.seats[s as usize],
                state.stones(cell, s, rules)
            )
        })
        .collect();
    format!("it holds {}", counts.join(", "))
}

/// The conditions of the phase's card rules as written: `the rule is
/// `where lead(mover) > -2 and margin < 2``.
fn condition(rules: &Rules, state: &State) -> String {
    let phase = &rules.phases[state.phase as usize];
    let wheres: Vec<String> = phase
        .rules
        .iter()
        .filter(|p| p.card_chain().is_some())
        .filter_map(|p| {
            let text = rule_text(&p.text);
            let clause = text.split_once(" where ")?.1;
            let clause = clause.split(" then ").next().unwrap_or(clause);
            Some(format!("where {clause}"))
        })
        .collect();
    match wheres.as_slice() {
        [] => "the rules allow no card set there".to_string(),
        _ => format!("the rule says `{}`", wheres.join("` or `")),
    }
}

/// A rule as written, on one line, without the comments that may follow it.
fn rule_text(text: &str) -> String {
    let lines = text.lines().map(|l| l.split("//").next().unwrap_or(""));
    let words: Vec<&str> = lines.flat_map(str::split_whitespace).collect();
    words.join(" ")
}

/// The `help` of a card game: the hand, then the legal card sets a line a
/// field (by number), the sets that name a field the mover may not use and
/// why; or, when the forced move is the only one, what it does.
pub fn help(rules: &Rules, state: &State, legal: &[Move]) -> String {
    let hand = state.hand(state.mover, rules);
    let mut out = format!("Your hand: {}.\n", view::card_list(rules, hand));
    let mut by_field: Vec<(i64, CellId, Vec<String>)> = Vec::new();
    for &m in legal {
        if let Some((_, cell)) = rules.played_cards(m) {
            let number = rules.numbers.get(cell as usize).copied().unwrap_or(0);
            let text = rules.move_text(m);
            match by_field.iter_mut().find(|(_, c, _)| *c == cell) {
                Some((_, _, sets)) => sets.push(text),
                None => by_field.push((number, cell, vec![text])),
            }
        }
    }
    by_field.sort_by_key(|&(n, c, _)| (n, c));
    let width = by_field
        .iter()
        .map(|(_, c, _)| field(rules, *c).len())
        .max()
        .unwrap_or(0);
    if !by_field.is_empty() {
        let sets: usize = by_field.iter().map(|(_, _, s)| s.len()).sum();
        out += &format!("Legal moves ({sets}), by the field the cards name:\n");
        for (_, cell, sets) in &by_field {
            out += &format!("  {:<width$} <- {}\n", field(rules, *cell), sets.join(", "));
        }
    }
    // The card sets that name a field the mover may not use, and why.
    let mut refused: Vec<(CellId, Vec<u8>)> = Vec::new();
    let stones_left = state.supply[state.mover as usize] > 0;
    for option in rules
        .card_options(state)
        .into_iter()
        .filter(|_| stones_left)
    {
        let Some(cell) = option.cell.filter(|_| !option.allowed) else {
            continue;
        };
        if !by_field.iter().any(|(_, c, _)| *c == cell) && !refused.iter().any(|(c, _)| *c == cell)
        {
            refused.push((cell, option.cards));
        }
    }
    refused.sort_by_key(|&(c, _)| rules.numbers.get(c as usize).copied().unwrap_or(0));
    if !refused.is_empty() {
        out += "Not allowed:\n";
        for (cell, set) in &refused {
            out += &format!(
                "  {:<width$} <- {}: {}\n",
                field(rules, *cell),
                cards_text(set),
                blocked(rules, state, *cell)
            );
        }
    }
    if legal.contains(&Move::Pass) {
        let phase = &rules.phases[state.phase as usize];
        let does = phase.otherwise.as_ref().map_or(String::new(), |o| {
            let text = rule_text(&o.text);
            text.strip_prefix("otherwise ").unwrap_or(&text).to_string()
        });
        let why = if state.supply[state.mover as usize] <= 0 {
            "You have no stones left"
        } else {
            "No set of your cards names a field you may use"
        };
        out += &format!("{why}: your only move is `pass` ({does}).\n");
    } else {
        // The set of most cards shows best how to type several.
        let example = legal
            .iter()
            .filter(|&&m| rules.played_cards(m).is_some())
            .map(|&m| rules.move_text(m))
            .max_by_key(|t| (t.matches('+').count(), std::cmp::Reverse(t.clone())))
            .unwrap_or_default();
        out += &format!(
            "Type the cards you play, e.g. `{example}` or `{}`: their sum names the field.\n",
            example.replace('+', " ")
        );
    }
    out
}

/// Why a move typed in a card game was refused; `None` when the general
/// message says it best.
pub fn why(
    rules: &Rules,
    state: &State,
    legal: &[Move],
    text: &str,
    error: &MoveError,
) -> Option<String> {
    let hand = state.hand(state.mover, rules);
    let lower = text.trim().to_ascii_lowercase();
    let values: Option<Vec<u8>> = lower
        .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().ok())
        .collect();
    match error {
        MoveError::NoSuchCard(card) => {
            let held = hand.iter().filter(|&&c| c.to_string() == *card).count();
            let typed = values
                .as_ref()
                .map_or(0, |v| v.iter().filter(|c| c.to_string() == *card).count());
            let mut out = match held {
                0 => format!("you hold no {card}"),
                1 if typed > 1 => format!("you hold only one {card}"),
                n => format!("you hold only {n} cards of {card}"),
            };
            out += &format!(" (your hand: {})", view::card_list(rules, hand));
            Some(out)
        }
        MoveError::Illegal(_) if lower == "pass" => Some(format!(
            "you may pass only when no set of your cards names a field you may use, \
             and {} do",
            match legal.len() {
                1 => "one set".to_string(),
                n => format!("{n} sets"),
            }
        )),
        MoveError::Illegal(_) => {
            let Some(values) = values.filter(|v| !v.is_empty()) else {
                return Some(cell_instead(rules, state, legal, &lower));
            };
            let play = card_play(rules, state)?;
            let typed = cards_text(&values);
            let n = values.len() as u8;
            if n < play.min || n > play.max {
                return Some(format!(
                    "a move plays {} to {} cards, not {n}",
                    play.min, play.max
                ));
            }
            let sum: usize = values.iter().map(|&c| c as usize).sum();
            let option = rules
                .card_options(state)
                .into_iter()
                .find(|o| o.cards == values);
            match option.and_then(|o| o.cell) {
                None => {
                    let numbers = rules.numbers.iter();
                    let (lo, hi) = (numbers.clone().min(), numbers.max());
                    let range = match (lo, hi) {
                        (Some(lo), Some(hi)) => format!(" (they go from {lo} to {hi})"),
                        _ => String::new(),
                    };
                    Some(format!(
                        "{typed} = {sum}, and no field has that number{range}"
                    ))
                }
                Some(cell) => Some(format!(
                    "{typed} names field {}, where you may not place: {}",
                    field(rules, cell),
                    blocked(rules, state, cell)
                )),
            }
        }
        MoveError::NoSuchCell(_) => Some(cell_instead(rules, state, legal, &lower)),
        // Cells where cards were due (`a1 b2`): said in cards, not cells.
        MoveError::Refused(_) if values.is_none() => {
            Some(cell_instead(rules, state, legal, &lower))
        }
        _ => None,
    }
}

/// The answer to a cell typed instead of cards: the sets that name it, if any.
fn cell_instead(rules: &Rules, state: &State, legal: &[Move], text: &str) -> String {
    let how = "in this game you play cards, and their sum names the field";
    let Some(cell) = rules.geometry.cell_by_label(text) else {
        // The example is a move of this hand, not of some other.
        let example = legal.iter().find_map(|&m| {
            let (_, cell) = rules.played_cards(m)?;
            Some((rules.move_text(m), field(rules, cell)))
        });
        return match example {
            Some((cards, field)) => {
                format!("{how}: type their values, e.g. `{cards}` for field {field}")
            }
            None => format!("{how}: type their values, e.g. `5+11`"),
        };
    };
    let sets: Vec<String> = legal
        .iter()
        .filter(|&&m| rules.played_cards(m).is_some_and(|(_, c)| c == cell))
        .map(|&m| format!("`{}`", rules.move_text(m)))
        .collect();
    if !sets.is_empty() {
        return format!(
            "{how}: for field {}, type {}",
            field(rules, cell),
            sets.join(" or ")
        );
    }
    let adds_up = rules
        .card_options(state)
        .iter()
        .any(|o| o.cell == Some(cell));
    if adds_up {
        format!(
            "{how}; field {} is not allowed: {}",
            field(rules, cell),
            blocked(rules, state, cell)
        )
    } else {
        format!(
            "{how}: no set of your cards adds up to {} now",
            field(rules, cell)
        )
    }
}

/// What a move did, for everyone to read: the cards and the field, what
/// became of the field, the cards drawn; for the forced move, that the hand
/// was exchanged.
pub fn report(rules: &Rules, before: &State, after: &State, m: Move) -> String {
    let seat = before.mover;
    let name = |s: u8| rules.seats[s as usize].as_str();
    let held = before.hand(seat, rules).len();
    let now = after.hand(seat, rules).len();
    match (m, rules.played_cards(m)) {
        (_, Some((cards, cell))) => {
            let played = cards.iter().take_while(|&&c| c != 0).count();
            let drew = (now + played).saturating_sub(held);
            let mut out = format!(
                "{} plays {} on field {}",
                name(seat),
                rules.move_text(m),
                field(rules, cell)
            );
            let change = match (before.owner(cell), after.owner(cell)) {
                (None, Some(s)) if s == seat => " and owns it".to_string(),
                (Some(o), Some(s)) if s == seat && o != seat => {
                    format!(" and takes it from {}", name(o))
                }
                (Some(o), None) => format!(" and ties {} there", name(o)),
                _ => String::new(),
            };
            out += &change;
            if !view::closed(rules, before, cell) && view::closed(rules, after, cell) {
                out += ", where nobody may place any more";
            }
            if drew > 0 {
                let cards = if drew == 1 { "card" } else { "cards" };
                out += &format!(", then draws {drew} {cards}");
            }
            out + "."
        }
        (Move::Pass, _) if rules.deal.is_some() => {
            let hand = view::card_list(rules, before.hand(seat, rules));
            format!(
                "{} can use none of these cards: puts the hand down ({hand}) and sits out until the next deal.",
                name(seat)
            )
        }
        // The card stays hidden until every seat has chosen.
        (Move::Give(_), _) => format!(
            "{} passes a card face down to {}.",
            name(seat),
            name(rules.partner[seat as usize])
        ),
        (m, _) if rules.track_of(m).is_some() => super::track::report(rules, before, after, m),
        (Move::Pass, _) => {
            let hand = view::card_list(rules, before.hand(seat, rules));
            let why = if before.supply[seat as usize] <= 0 {
                "has no stones left"
            } else {
                "has no card set naming a field they may use"
            };
            format!(
                "{} {why}: discards the whole hand ({hand}) and draws {now}.",
                name(seat)
            )
        }
        _ => format!("{} plays {}.", name(seat), rules.move_text(m)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::view::{dealt, play_cards as play};

    fn just4fun() -> Rules {
        crate::compile::shipped("just-4-fun", &[])
    }

    fn refused(rules: &Rules, state: &State, text: &str) -> String {
        let legal = rules.sorted_moves(state);
        let error = rules.parse_move(state, text).unwrap_err();
        why(rules, state, &legal, text, &error).unwrap()
    }

    #[test]
    fn help_lists_the_card_sets_by_field() {
        let rules = just4fun();
        let state = dealt(&rules, &[&[5, 11, 13, 19], &[1, 2, 3, 4]], 0);
        let legal = rules.sorted_moves(&state);
        let text = help(&rules, &state, &legal);
        assert!(
            text.starts_with("Your hand: 5 11 13 19.\nLegal moves (12), by the field"),
            "{text}"
        );
        assert!(text.contains("\n  29 <- 5+11+13\n"), "{text}");
        assert!(text.contains("\n  5  <- 5\n"), "{text}");
        assert!(text.contains("\n  24 <- 11+13, 5+19\n"), "{text}");
        // Sums past the last field are no move, and not worth listing.
        assert!(!text.contains("48"), "{text}");
        assert!(text.ends_with("Type the cards you play, e.g. `5+11+13` or `5 11 13`: their sum names the field.\n"), "{text}");
        // Fields in number order.
        let numbers: Vec<i64> = text
            .lines()
            .filter(|l| l.contains("<-"))
            .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
            .collect();
        assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    }

    #[test]
    fn blocked_fields_and_the_forced_exchange() {
        let rules = just4fun();
        let mut state = dealt(&rules, &[&[8, 8, 1, 2], &[8, 8, 3, 4]], 0);
        play(&rules, &mut state, "8");
        // Red may still place on 8 (one behind), but not after Yellow's second stone.
        let legal = rules.sorted_moves(&state);
        assert!(help(&rules, &state, &legal).contains("8  <- 8"));
        play(&rules, &mut state, "3");
        play(&rules, &mut state, "8");
        let text = refused(&rules, &state, "8");
        assert_eq!(
            text,
            "8 names field 8, where you may not place: no player may place there now: \
             it holds Yellow 2, Red 0 (the rule says `where lead(mover) > -2 and margin < 2`)"
        );
        let legal = rules.sorted_moves(&state);
        let text = help(&rules, &state, &legal);
        assert!(text.contains("Not allowed:\n  8"), "{text}");
        assert!(
            text.contains("<- 8: no player may place there now"),
            "{text}"
        );
        // The report of a move says what became of the field.
        let before = state.clone();
        let m = rules.parse_move(&state, "4").unwrap();
        rules.play(&mut state, m);
        assert_eq!(
            report(&rules, &before, &state, m),
            "Red plays 4 on field 4 and owns it, then draws 1 card."
        );
    }

    #[test]
    fn refusals_say_why() {
        let rules = just4fun();
        let state = dealt(&rules, &[&[5, 11, 13, 19], &[1, 2, 3, 4]], 0);
        assert_eq!(
            refused(&rules, &state, "9"),
            "you hold no 9 (your hand: 5 11 13 19)"
        );
        assert_eq!(
            refused(&rules, &state, "5 5"),
            "you hold only one 5 (your hand: 5 11 13 19)"
        );
        assert_eq!(
            refused(&rules, &state, "5+11+13+19"),
            "5+11+13+19 = 48, and no field has that number (they go from 1 to 36)"
        );
        assert!(refused(&rules, &state, "pass").starts_with("you may pass only when"));
        assert_eq!(
            refused(&rules, &state, "e2"),
            "in this game you play cards, and their sum names the field: for field 29, \
             type `5+11+13`"
        );
        assert_eq!(
            refused(&rules, &state, "a6"),
            "in this game you play cards, and their sum names the field: no set of your \
             cards adds up to 1 now"
        );
        // A word or several cells: the cards to type, from this hand.
        let legal = rules.sorted_moves(&state);
        let first = rules.move_text(legal[0]);
        for typed in ["zz", "a1 b2", "c3, d4"] {
            let text = refused(&rules, &state, typed);
            assert!(
                text.starts_with("in this game you play cards"),
                "{typed}: {text}"
            );
            assert!(!text.contains("cell"), "{typed}: {text}");
            assert!(text.contains(&format!("`{first}`")), "{typed}: {text}");
        }
    }

    #[test]
    fn a_forced_exchange_is_reported() {
        let rules = just4fun();
        let mut state = dealt(&rules, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], 0);
        // Nothing left to place: only the exchange.
        state.supply[0] = 0;
        let legal = rules.sorted_moves(&state);
        assert_eq!(legal, vec![Move::Pass]);
        let text = help(&rules, &state, &legal);
        assert!(
            text.ends_with(
                "You have no stones left: your only move is `pass` (discard hand then draw 4).\n"
            ),
            "{text}"
        );
        let before = state.clone();
        rules.play(&mut state, Move::Pass);
        assert_eq!(
            report(&rules, &before, &state, Move::Pass),
            "Yellow has no stones left: discards the whole hand (1 2 3 4) and draws 4."
        );
    }
}
