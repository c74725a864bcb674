//! What a track move did, for everyone to read: the card and the walks,
//! the movers sent home and the movers locked.

use crate::cli::view;
use crate::engine::{Move, MoveError, State};
use crate::ir::Rules;

/// Moves listed a card at most, in `help`.
const LISTED: usize = 16;

/// The `help` of a track game: the hand, then the legal moves by card, and
/// how to type them; in the exchange, how to pass a card.
pub fn help(rules: &Rules, state: &State, legal: &[Move]) -> String {
    if rules.deck.is_empty() {
        return walks_help(rules, state, legal);
    }
    let seat = state.mover as usize;
    let hand = view::card_list(rules, state.hand(state.mover, rules));
    let mut out = format!("Your hand: {hand}.\n");
    if state.round().giving > 0 {
        let partner = &rules.seats[rules.partner[seat] as usize];
        out += &view::wrap(&format!("Pass one card face down to your partner {partner}: nobody sees it, and you get theirs once everyone has chosen. Type the card, or `give` and the card, e.g. `{}`.", example(rules, legal)), 80);
        out.push('\n');
        return out + COMMANDS;
    }
    if let [Move::Pass] = legal {
        out += &view::wrap("None of your cards can be used: type `pass` to put your hand down and sit out until the next deal.", 80);
        out.push('\n');
        return out + COMMANDS;
    }
    let mut by_card: Vec<(String, Vec<String>)> = Vec::new();
    for &m in legal {
        let text = rules.move_text(m);
        let (card, rest) = text.split_once(' ').unwrap_or((&text, ""));
        match by_card.iter_mut().find(|(c, _)| c == card) {
            Some((_, moves)) => moves.push(rest.to_string()),
            None => by_card.push((card.to_string(), vec![rest.to_string()])),
        }
    }
    out += &format!("Legal moves ({}), by card:\n", legal.len());
    let width = by_card.iter().map(|(c, _)| c.len()).max().unwrap_or(0);
    for (card, moves) in &by_card {
        let shown: Vec<&str> = moves.iter().take(LISTED).map(String::as_str).collect();
        let more = if moves.len() > LISTED {
            format!(
                " and {} more (type `{card}` and a mover to narrow them)",
                moves.len() - LISTED
            )
        } else {
            String::new()
        };
        out += &view::wrap(&format!("  {card:<width$}  {}{more}", shown.join(", ")), 80);
        out.push('\n');
    }
    out += &view::wrap(&format!("Type the card, then the movers: `{}`; a mover may be its space alone. The card alone lists its moves.", example(rules, legal)), 80);
    out.push('\n');
    out + COMMANDS
}

/// The `help` of a track game without cards: the throw and the moves.
fn walks_help(rules: &Rules, state: &State, legal: &[Move]) -> String {
    let thrown = match rules.dice {
        Some(_) => format!("{}: ", view::thrown(rules, state)),
        None => String::new(),
    };
    let text = match legal {
        [Move::Pass] => format!("{thrown}no mover can move; type `pass`."),
        _ => {
            let moves: Vec<String> = legal.iter().map(|&m| rules.move_text(m)).collect();
            format!(
                "{thrown}legal moves ({}): {}. Type the mover's space and where it ends, `{}`, or its space alone.",
                legal.len(),
                moves.join(", "),
                example(rules, legal)
            )
        }
    };
    view::wrap(&text, 80) + "\n" + COMMANDS
}

/// The commands of the prompt.
const COMMANDS: &str =
    "Commands: a move, `help`, `hint` (the AI's move for you), `undo` (take back your last move), `board`, `quit`.\n";

/// A legal move to show as an example.
fn example(rules: &Rules, legal: &[Move]) -> String {
    legal
        .first()
        .map_or_else(String::new, |&m| rules.move_text(m))
}

/// "Yellow plays 5: Y3-Y8, sends a Red mover home." and the like.
pub fn report(rules: &Rules, before: &State, after: &State, m: Move) -> String {
    let seat = before.mover as usize;
    let name = |s: usize| rules.seats[s].as_str();
    let text = rules.move_text(m);
    let (card, walks) = match rules.track_of(m) {
        Some((_, card, _)) if card != 0 => {
            let card = rules.card_name(card);
            (card, text.strip_prefix(card).unwrap_or(&text).trim())
        }
        _ => ("", text.as_str()),
    };
    let mut out = if card.is_empty() {
        format!("{} moves {walks}", name(seat))
    } else {
        format!("{} plays {card}: {walks}", name(seat))
    };
    let Some(track) = &rules.track else {
        return out + ".";
    };
    for (s, back) in sent_home(rules, before, after, m) {
        let movers = if back == 1 { "mover" } else { "movers" };
        out += &format!(", {back} {} {movers} sent home", name(s));
    }
    for s in 0..track.seats {
        let locked = rules.locked_movers(after, s)
            - rules
                .locked_movers(before, s)
                .min(rules.locked_movers(after, s));
        if locked > 0 {
            let total = rules.locked_movers(after, s);
            out += &format!(", {} locks a mover ({total} of {})", name(s), track.movers);
        }
    }
    out + "."
}

/// The seats whose movers the move from `before` to `after` sent home,
/// each with how many.
fn sent_home(rules: &Rules, before: &State, after: &State, m: Move) -> Vec<(usize, usize)> {
    let Some(track) = &rules.track else {
        return Vec::new();
    };
    let seat = before.mover as usize;
    // The mover's own movers that left home on this move, by its walks.
    let entered = match rules.track_of(m) {
        Some((_, _, parts)) => parts
            .0
            .iter()
            .filter(|&&c| c as usize == track.home(seat) as usize)
            .count(),
        _ => 0,
    };
    let home = |st: &State, s: usize| st.height(track.home(s)) as usize;
    (0..track.seats)
        .map(|s| {
            let had = home(before, s).saturating_sub(if s == seat { entered } else { 0 });
            (s, home(after, s).saturating_sub(had))
        })
        .filter(|&(_, back)| back > 0)
        .collect()
}

/// What a move of a track game without cards did that its text does not
/// say: the movers it hit. On a facing track (backgammon's) they wait on
/// the bar, as the board calls a home there.
pub fn hits(rules: &Rules, before: &State, after: &State, m: Move) -> Option<String> {
    let facing = rules.track.as_ref()?.facing;
    let hit: Vec<String> = sent_home(rules, before, after, m)
        .into_iter()
        .map(|(s, n)| {
            let movers = if n == 1 { "mover" } else { "movers" };
            format!("{n} {} {movers}", rules.seats[s])
        })
        .collect();
    if hit.is_empty() {
        return None;
    }
    let to = if facing { "to the bar" } else { "home" };
    Some(format!("Hit: {}, sent {to}.", hit.join(" and ")))
}

/// Why a typed move was refused, with the hand or the moves to choose from.
pub fn why(rules: &Rules, state: &State, legal: &[Move], typed: &str, error: &MoveError) -> String {
    let hand = view::card_list(rules, state.hand(state.mover, rules));
    match error {
        MoveError::NoSuchCard(card) => format!("you hold no {card} (your hand: {hand})"),
        MoveError::Illegal(text) if text.starts_with("pass") && rules.deck.is_empty() => {
            let some = example(rules, legal);
            format!("you may pass only when no mover can move; you can play `{some}` (type `help` for every move)")
        }
        // Quoted as typed, not as read (lower case).
        MoveError::Illegal(_) if rules.deck.is_empty() => format!(
            "`{}` is not a move now: type a mover's space and where it ends, such as `{}`",
            typed.trim(),
            example(rules, legal)
        ),
        MoveError::Illegal(text) if text.starts_with("pass") => {
            let some = example(rules, legal);
            format!("you may pass only when none of your cards can be used; you can play `{some}` (type `help` for every move)")
        }
        MoveError::NoSuchCell(cell) if !cell.is_empty() => format!(
            "`{cell}` is no space of this board: a move is a card, then the movers' spaces, such as `{}`",
            example(rules, legal)
        ),
        _ => error.to_string(),
    }
}
