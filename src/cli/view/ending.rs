//! How a game ended, in words, under the final board.

use crate::engine::{Outcome, State};
use crate::ir::geometry::Shape;
use crate::ir::{CellId, Rules};
use crate::report::printable;

/// The cells that decided the game, marked on the board: a line or a chain
/// joining two sides that the end rule which fired reads.
struct Decider {
    /// Whose pieces they are: the winner's, or the seat that lost by them.
    seat: u8,
    cells: Vec<CellId>,
    /// A chain joining two sides (`connects`), not a line.
    chain: bool,
}

/// The winner's line or chain, else the line or chain of the seat that
/// lost by making it (Yavalath's three), if a line or chain decided.
fn decider(rules: &Rules, state: &State) -> Option<Decider> {
    let end = rules.ending(state)?;
    let Some(Outcome::Win(winner)) = state.outcome else {
        return None;
    };
    let others = (0..rules.seats.len() as u8).filter(|&s| s != winner);
    std::iter::once(winner).chain(others).find_map(|seat| {
        let line = rules.line_won(state, end, seat).map(|c| (c, false));
        let (cells, chain) = line.or_else(|| Some((rules.chain_won(state, end, seat)?, true)))?;
        Some(Decider { seat, cells, chain })
    })
}

/// The cells that decided the game, to be marked on the board.
pub(super) fn decisive_cells(rules: &Rules, state: &State) -> Option<Vec<CellId>> {
    decider(rules, state).map(|d| d.cells)
}

/// A game over with no end rule holding: the seat to move had no legal
/// move in a phase whose `otherwise` ends the game.
fn stuck(rules: &Rules, state: &State) -> Option<String> {
    state.outcome?;
    let stuck = rules.phases.get(state.phase as usize)?.stuck.as_ref()?;
    let how = rules.stuck_outcome(stuck, state);
    let seat = rules.seats.get(state.mover as usize)?;
    // The named `must leave` it could not meet, if any: `while checked`.
    let unmet = super::unmet(rules, state);
    let while_unmet = match unmet.is_empty() {
        true => String::new(),
        false => format!(" while {}", unmet.join(" and ")),
    };
    Some(format!(
        "The game ended because {} had no legal move{while_unmet} (`otherwise {}`).",
        printable(seat),
        crate::syntax::ast::stuck_words(how)
    ))
}

/// The winner and the line or chain that won (`X wins with 3 in a diagonal:
/// a1 b2 c3`), the rule and the line that lost, or the end rule that fired,
/// quoted from `source`.
pub fn ending(rules: &Rules, state: &State, source: &str) -> Option<String> {
    let Some(end) = rules.ending(state) else {
        return stuck(rules, state);
    };
    let span = rules.ends[end].span;
    let rule = printable(source.get(span.start..span.end)?.trim());
    let (Some(d), Some(Outcome::Win(winner))) = (decider(rules, state), state.outcome) else {
        return Some(format!("The game ended by the rule `{rule}`."));
    };
    // A numbered board names its fields by number, as its players do.
    let cells: Vec<String> = d
        .cells
        .iter()
        .map(|&c| match rules.numbers.get(c as usize) {
            Some(n) => n.to_string(),
            None => rules.geometry.labels[c as usize].clone(),
        })
        .collect();
    let n = d.cells.len();
    let what = match d.chain {
        true => format!("a chain of {n} joining two sides"),
        false => format!("{n} in a {}", direction(rules, &d.cells)),
    };
    let (name, cells) = (&rules.seats[d.seat as usize], cells.join(" "));
    Some(match d.seat == winner {
        true => format!("{name} wins with {what}: {cells}."),
        false => format!(
            "{} wins by the rule `{rule}`: {name} has {what}: {cells}.",
            rules.seats[winner as usize]
        ),
    })
}

/// How a line runs, as players say it: a row, a column or a diagonal on a
/// square board; any line of a hex board is a line.
fn direction(rules: &Rules, line: &[CellId]) -> &'static str {
    if !matches!(rules.geometry.shape, Shape::Square { .. }) {
        return "line";
    }
    let at = |c: CellId| rules.geometry.coords[c as usize];
    let Some((&first, rest)) = line.split_first() else {
        return "line";
    };
    let first = at(first);
    if rest.iter().all(|&c| at(c).1 == first.1) {
        "row"
    } else if rest.iter().all(|&c| at(c).0 == first.0) {
        "column"
    } else {
        "diagonal"
    }
}
