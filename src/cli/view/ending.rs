//! How a game ended, in words, under the final board.

use crate::engine::{Outcome, State};
use crate::ir::geometry::Shape;
use crate::ir::{CellId, Rules};
use crate::report::printable;

/// The line that won the game, if a line rule ended it: its cells in line order.
pub(super) fn winning_line(rules: &Rules, state: &State) -> Option<Vec<CellId>> {
    let end = rules.ending(state)?;
    match state.outcome {
        Some(Outcome::Win(w)) => rules.line_won(state, end, w),
        _ => None,
    }
}

/// The winner and the line that won (`X wins with 3 in a diagonal: a1 b2
/// c3`), or the end rule that fired, quoted from `source`.
pub fn ending(rules: &Rules, state: &State, source: &str) -> Option<String> {
    let end = rules.ending(state)?;
    if let (Some(line), Some(Outcome::Win(w))) = (winning_line(rules, state), state.outcome) {
        // A numbered board names its fields by number, as its players do.
        let cells: Vec<String> = line
            .iter()
            .map(|&c| match rules.numbers.get(c as usize) {
                Some(n) => n.to_string(),
                None => rules.geometry.labels[c as usize].clone(),
            })
            .collect();
        let name = &rules.seats[w as usize];
        let n = line.len();
        let way = direction(rules, &line);
        return Some(format!(
            "{name} wins with {n} in a {way}: {}.",
            cells.join(" ")
        ));
    }
    let span = rules.ends[end].span;
    let rule = source.get(span.start..span.end)?.trim();
    Some(format!("The game ended by the rule `{}`.", printable(rule)))
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
