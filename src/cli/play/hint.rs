//! `hint` at the prompt: the move the AI would play for the seat to move,
//! and what it is worth to that seat.
//!
//! The AI searches from what the seat to move sees: in a game of hidden
//! cards it deals the cards that seat cannot see at random several times
//! and searches each deal (`MctsPlayer::search`), so a hint never tells a
//! person anything their own seat could not know.

use crate::ai::{Budget, MctsPlayer, Player};
use crate::engine::State;
use crate::ir::Rules;

/// The search of a `hint` without a number: a second, as the `mcts` player thinks.
pub const HINT_BUDGET: Budget = Budget::Millis(1000);

/// Reads `hint` or `hint N` (N iterations); `None` for anything else,
/// `Some(Err)` for a count that is not a positive number.
pub fn parse(text: &str) -> Option<Result<Budget, String>> {
    let rest = text.strip_prefix("hint")?;
    if !rest.is_empty() && !rest.starts_with(' ') {
        return None;
    }
    match rest.trim() {
        "" => Some(Ok(HINT_BUDGET)),
        n => Some(match n.parse::<u32>() {
            Ok(n) if (1..=1_000_000).contains(&n) => Ok(Budget::Iterations(n)),
            _ => Err(format!(
                "`hint {n}`: give the playouts to search as a number from 1 to 1000000, or `hint` alone for a second's search"
            )),
        }),
    }
}

/// The hint for the seat to move in `state` (which has a legal move),
/// searched within `budget` on `threads` threads, the search's chance drawn
/// from `seed`.
pub fn hint(rules: &Rules, state: &State, budget: Budget, seed: u64, threads: usize) -> String {
    let seat = &rules.seats[state.mover as usize];
    let mut ai = MctsPlayer::new(budget, seed).with_threads(threads);
    let m = ai.choose(rules, state);
    let stats = ai.stats();
    let text = rules.move_text(m);
    if stats.iterations == 0 {
        return format!("Hint: `{text}`, {seat}'s only move.");
    }
    let line = ai.principal_variation(rules, m, 6);
    let then = match line.get(1..) {
        Some(rest) if !rest.is_empty() => {
            let rest: Vec<String> = rest.iter().map(|&m| rules.move_text(m)).collect();
            format!(" After `{text}` it expects: {}.", rest.join(", "))
        }
        _ => String::new(),
    };
    let hidden = match rules.has_hidden() {
        true => " (searched on random deals of the cards you cannot see)",
        false => "",
    };
    let worth = match stats.proven {
        Some(1.0) => format!("a proven win for {seat}"),
        Some(0.0) => format!("a proven loss for {seat} (every move loses)"),
        Some(_) => format!("a proven draw for {seat}"),
        None => format!(
            "worth {:.2} to {seat} (1 a sure win, 0 a sure loss)",
            stats.best_value
        ),
    };
    format!(
        "Hint: `{text}`, {worth}, from {} of {} playouts{hidden}.{then}",
        stats.best_visits, stats.iterations
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_reads_a_count() {
        assert_eq!(parse("hint"), Some(Ok(HINT_BUDGET)));
        assert_eq!(parse("hint 500"), Some(Ok(Budget::Iterations(500))));
        assert!(matches!(parse("hint 0"), Some(Err(_))));
        assert!(matches!(parse("hint lots"), Some(Err(_))));
        assert_eq!(parse("hints"), None);
        assert_eq!(parse("b2"), None);
    }

    #[test]
    fn a_hint_takes_a_win() {
        let rules = crate::compile::shipped("tic-tac-toe", &[]);
        let mut state = rules.start(0);
        for m in ["a1", "a2", "b1", "b2"] {
            let m = rules.parse_move(&state, m).unwrap();
            rules.play(&mut state, m);
        }
        let said = hint(&rules, &state, Budget::Iterations(2000), 1, 1);
        assert!(
            said.starts_with("Hint: `c1`, a proven win for X,"),
            "{said}"
        );
    }
}
