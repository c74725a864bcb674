//! How a game ended, in words, under the final board.

use crate::engine::{Outcome, State};
use crate::ir::Rules;
use crate::report::printable;

/// The winner and the line that won (`X wins with 3 in a line: a1 b2 c3`),
/// or the end rule that fired, quoted from `source`.
pub fn ending(rules: &Rules, state: &State, source: &str) -> Option<String> {
    let end = rules.ending(state)?;
    if let Some(Outcome::Win(w)) = state.outcome {
        if let Some(line) = rules.line_won(state, end, w) {
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
            return Some(format!(
                "{name} wins with {n} in a line: {}.",
                cells.join(" ")
            ));
        }
    }
    let span = rules.ends[end].span;
    let rule = source.get(span.start..span.end)?.trim();
    Some(format!("The game ended by the rule `{}`.", printable(rule)))
}
