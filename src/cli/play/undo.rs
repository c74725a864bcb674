//! `undo` at the prompt: back to the mover's last turn, unless the turns
//! since showed him a card he could not see before it, which taking them
//! back would let him play again knowing.

use crate::ai::Player;
use crate::engine::{State, MAX_EXCHANGE};
use crate::ir::Rules;
use crate::record::Record;

/// What an `undo` did.
pub enum Undo {
    /// Back at the last turn of a person.
    Done,
    /// No person has moved yet.
    Nothing,
    /// A turn since showed that person a card hidden from him before.
    Refused,
}

/// Takes back moves until the last turn of a person (a seat no AI plays);
/// refused when a turn since showed that seat a card it could not see.
pub fn undo(
    rules: &Rules,
    history: &mut Vec<State>,
    state: &mut State,
    record: &mut Record,
    ais: &[Option<Box<dyn Player + Send>>],
) -> Undo {
    let Some(back) = history
        .iter()
        .rposition(|s| ais[s.mover as usize].is_none())
    else {
        return Undo::Nothing;
    };
    let seat = history[back].mover;
    let mut turns = history[back..].iter().chain(std::iter::once(&*state));
    let mut before = turns.next().expect("the state undone to");
    for after in turns {
        if shows(rules, before, after, seat) {
            return Undo::Refused;
        }
        before = after;
    }
    *state = history[back].clone();
    // The cards still to be drawn were seen being drawn: they come anew.
    state.reshuffle_unseen(rand::random());
    // The record may begin with the moves of a resumed game, which the
    // history (this run's turns) does not hold: take back as many as it.
    let taken = history.len() - back;
    history.truncate(back);
    record.moves.truncate(record.moves.len() - taken);
    record.note_chance(state);
    record.result = None;
    Undo::Done
}

/// Whether the turn from `before` to `after` showed `seat` a card it could
/// not see before: a card came into its sight (its hand, its cards passed
/// face down, the discard pile) from a hidden place (another hand, the draw
/// pile, another seat's cards passed). Cards leave its sight only when the
/// discard pile is turned over or gathered, or a card it passed reaches its
/// partner, and those turns are counted as showing too, so that a card
/// leaving cannot hide one arriving.
pub fn shows(rules: &Rules, before: &State, after: &State, seat: u8) -> bool {
    if !rules.has_hidden() {
        return false;
    }
    let seen = |s: &State| {
        let passed = &s.round().transit[seat as usize * MAX_EXCHANGE..][..MAX_EXCHANGE];
        let cards = s
            .hand(seat, rules)
            .iter()
            .chain(s.discard_pile())
            .chain(passed);
        counts(cards)
    };
    let hand = |s: &State| counts(s.hand(seat, rules).iter());
    let more = |a: &[u32; 256], b: &[u32; 256]| a.iter().zip(b).any(|(a, b)| a > b);
    more(&seen(after), &seen(before))
        || more(&hand(after), &hand(before))
        || after.discard_pile().len() < before.discard_pile().len()
}

/// How many cards of each kind (0, no card, not counted).
fn counts<'a>(cards: impl Iterator<Item = &'a u8>) -> [u32; 256] {
    let mut n = [0; 256];
    for &card in cards.filter(|&&c| c != 0) {
        n[card as usize] += 1;
    }
    n
}
