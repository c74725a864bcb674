//! What `tabula engine`'s replies say of the game: the status every reply
//! after a change carries, the legal moves, what a seat sees, the result,
//! and why a request cannot be done in this position.

use serde_json::Value;

use super::session::Session;
use crate::cli::view::{self, Hands};
use crate::engine::{FaultKind, Outcome, LIST_TIME, MAX_MOVES};
use crate::ir::Rules;

/// A reply's fields after `"ok"`, in the order they are written.
pub type Fields = Vec<(&'static str, Value)>;

/// A request refused: the error reply's message and any more fields.
#[derive(Debug)]
pub struct Refusal {
    /// What went wrong, for people.
    pub error: String,
    /// More fields for programs (the moves an ambiguous move could be).
    pub more: Fields,
}

impl From<String> for Refusal {
    fn from(error: String) -> Self {
        Refusal {
            error,
            more: Vec::new(),
        }
    }
}

impl From<&str> for Refusal {
    fn from(error: &str) -> Self {
        error.to_string().into()
    }
}

/// Whether the game has stopped at the rules' `limit N turns`, unfinished.
fn at_limit(rules: &Rules, turn: u32) -> bool {
    rules.turn_limit > 0 && turn > rules.turn_limit
}

/// The status: the turn, the seat to move, whether the game is over and
/// its result, and the dice thrown for this turn in a game with dice.
pub fn status(session: &Session) -> Fields {
    let (rules, state) = (&session.rules, &session.state);
    let over = state.is_over() || at_limit(rules, state.turn);
    let to_move = match over {
        true => Value::Null,
        false => Value::from(rules.seats[state.mover as usize].clone()),
    };
    let mut fields = vec![
        ("turn", Value::from(state.turn)),
        ("to_move", to_move),
        ("over", Value::from(over)),
        (
            "result",
            result_text(session).map_or(Value::Null, Value::from),
        ),
    ];
    if let (Some(dice), false) = (rules.dice, over) {
        let faces = &state.dice()[..(dice.count as usize).min(state.dice().len())];
        fields.push(("dice", Value::from(faces.to_vec())));
    }
    fields
}

/// "X wins", "Yellow and Blue win", "draw", or the limit the game stopped
/// at; `None` while it goes on.
fn result_text(session: &Session) -> Option<String> {
    let (rules, state) = (&session.rules, &session.state);
    match state.outcome {
        Some(Outcome::Win(s)) => Some(view::winners(rules, s as usize)),
        Some(Outcome::Draw) => Some("draw".to_string()),
        None if at_limit(rules, state.turn) => Some(format!(
            "unfinished: stopped at the rules' limit of {} turns",
            rules.turn_limit
        )),
        None => None,
    }
}

/// Refuses a move or a search once the game is over or has stopped.
pub fn playable(session: &Session) -> Result<(), Refusal> {
    match result_text(session) {
        Some(result) => Err(format!("the game is over ({result}): send `new` or `undo`").into()),
        None => Ok(()),
    }
}

/// Why there is nothing to search: no legal move, a fault in the rules.
pub fn stuck(session: &Session) -> String {
    let seat = &session.rules.seats[session.state.mover as usize];
    format!(
        "{seat} has no legal move and the rules say nothing for this case: a fault in the \
         rules file (`tabula check --playouts 100` finds such positions)"
    )
}

/// `moves`: the status and the legal moves, in notation, sorted as people
/// read them (as `tabula moves --format json` lists them).
pub fn moves(session: &Session) -> Result<Fields, Refusal> {
    let (rules, state) = (&session.rules, &session.state);
    let listed = rules.sorted_moves(state);
    let fault = state.fault().filter(|f| f.turn == state.turn);
    if fault.is_some_and(|f| f.kind == FaultKind::TooManyMoves) {
        return Err(format!(
            "this position has more than {MAX_MOVES} moves, too many to list (R0005)"
        )
        .into());
    }
    let mut texts: Vec<String> = listed.into_iter().map(|m| rules.move_text(m)).collect();
    texts.sort_by_cached_key(|m| crate::cli::moves::natural_key(m));
    if result_text(session).is_some() {
        texts.clear();
    }
    let mut fields = status(session);
    fields.push(("moves", Value::from(texts)));
    if fault.is_some_and(|f| f.kind == FaultKind::SlowListing) {
        let cut = format!(
            "these moves took more than {} s to list: only those found by then (R0006)",
            LIST_TIME.as_secs()
        );
        fields.push(("cut", Value::from(cut)));
    }
    Ok(fields)
}

/// `position`: what `seat` (by default the seat to move) sees: the status,
/// the board and the status lines as `tabula play` draws them (its own
/// hand only), the scores, the hand, and the moves played so far.
pub fn position(session: &Session, seat: Option<&str>) -> Result<Fields, Refusal> {
    let (rules, state) = (&session.rules, &session.state);
    let seat = match seat {
        None => state.mover,
        Some(name) => match rules
            .seats
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
        {
            Some(s) => s as u8,
            None => {
                return Err(format!(
                    "no seat `{}`: the seats are {}",
                    crate::report::printable(name),
                    rules.seats.join(", ")
                )
                .into())
            }
        },
    };
    let hands = match state.is_over() {
        true => Hands::All,
        false => Hands::Of(seat),
    };
    let mut fields = status(session);
    fields.push(("seat", Value::from(rules.seats[seat as usize].clone())));
    fields.push(("board", Value::from(view::board(rules, state, false))));
    fields.push((
        "status",
        Value::from(view::status_with(rules, state, hands)),
    ));
    if rules.score.is_some() {
        fields.push(("scores", Value::from(rules.scores_now(state))));
    }
    if rules.has_hidden() {
        let hand: Vec<&str> = state
            .hand(seat, rules)
            .iter()
            .map(|&c| rules.card_name(c))
            .collect();
        fields.push(("hand", Value::from(hand)));
    }
    fields.push(("played", Value::from(session.played.clone())));
    Ok(fields)
}

/// `result`: the status, the winners, the final scores and how the game
/// ended, in words.
pub fn result(session: &Session) -> Fields {
    let (rules, state) = (&session.rules, &session.state);
    let mut fields = status(session);
    let winners: Vec<&str> = match state.outcome {
        Some(Outcome::Win(s)) => view::team_of(rules, s as usize),
        _ => Vec::new(),
    };
    fields.push(("winners", Value::from(winners)));
    if rules.score.is_some() {
        fields.push(("scores", Value::from(rules.scores_now(state))));
    }
    let ending = match state.is_over() {
        true => view::ending(rules, state, session.text()),
        false => None,
    };
    fields.push(("ending", ending.map_or(Value::Null, Value::from)));
    fields.push(("moves_played", Value::from(session.played.len())));
    fields
}
