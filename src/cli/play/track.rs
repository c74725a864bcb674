//! What a track move did, for everyone to read: the card and the walks,
//! the movers sent home and the movers locked.

use crate::engine::{Move, State};
use crate::ir::Rules;

/// "Yellow plays 5: Y3-Y8, sends a Red mover home." and the like.
pub fn report(rules: &Rules, before: &State, after: &State, m: Move) -> String {
    let seat = before.mover as usize;
    let name = |s: usize| rules.seats[s].as_str();
    let text = rules.move_text(m);
    let (card, walks) = match m {
        Move::Track { card, .. } if card != 0 => {
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
    let entered = match m {
        Move::Track { parts, .. } => parts.0.iter().filter(|&&c| c as usize == track.home(seat) as usize).count(),
        _ => 0,
    };
    for s in 0..track.seats {
        let home = |st: &State| st.height(track.home(s)) as usize;
        let back = (home(after) + if s == seat { entered } else { 0 }).saturating_sub(home(before));
        if back > 0 {
            let movers = if back == 1 { "mover" } else { "movers" };
            out += &format!(", {back} {} {movers} sent home", name(s));
        }
    }
    for s in 0..track.seats {
        let locked = rules.locked_movers(after, s) - rules.locked_movers(before, s).min(rules.locked_movers(after, s));
        if locked > 0 {
            let total = rules.locked_movers(after, s);
            out += &format!(", {} locks a mover ({total} of {})", name(s), track.movers);
        }
    }
    out + "."
}
