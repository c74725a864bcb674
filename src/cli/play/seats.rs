//! Who sits at the terminal, and what they may see: with hidden hands and two
//! or more people at one terminal, the screen is cleared and the terminal
//! passed before each person's turn, and only that person's hand is shown.

use std::io::{IsTerminal, Write};

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

use crate::cli::view::Hands;
use crate::cli::Failure;
use crate::engine::State;
use crate::ir::Rules;

/// The seats at the table: which are people, and whose hand the screen shows.
pub struct Table {
    /// Per seat: whether a person plays it.
    people: Vec<bool>,
    /// Whether the hands are hidden from each other at one terminal: two or
    /// more people and a game with cards.
    pub hidden: bool,
    /// With hidden hands: the person the terminal was last passed to.
    at_terminal: Option<u8>,
    /// What each move did, with who made it, to tell the next person.
    news: Vec<(u8, String)>,
}

/// What the person handed the terminal did.
pub enum Handover {
    /// Took it: the turn goes on; `cleared` when the screen was cleared first.
    Taken {
        /// Whether the screen was cleared, so that what was on it is gone.
        cleared: bool,
    },
    /// Asked to stop the game.
    Quit,
}

impl Table {
    /// A table: `people[seat]` is true for the seats people play.
    pub fn new(rules: &Rules, people: Vec<bool>) -> Self {
        let count = people.iter().filter(|&&p| p).count();
        Table {
            people,
            hidden: count >= 2 && !rules.deck.is_empty(),
            at_terminal: None,
            news: Vec::new(),
        }
    }

    /// Whose hands the screen may show now: the person at the terminal's;
    /// with one person, always theirs; with none (a game to watch) and at the
    /// end, everyone's.
    pub fn hands(&self, state: &State) -> Hands {
        let people: Vec<u8> = (0..self.people.len() as u8)
            .filter(|&s| self.people[s as usize])
            .collect();
        if state.is_over() {
            return Hands::All;
        }
        match people.as_slice() {
            [] => Hands::All,
            [one] => Hands::Of(*one),
            _ if self.hidden => self.at_terminal.map_or(Hands::Hidden, Hands::Of),
            _ => Hands::Hidden,
        }
    }

    /// Whether the terminal must be passed before the mover's turn.
    pub fn needs_handover(&self, state: &State) -> bool {
        self.hidden
            && !state.is_over()
            && self.people.get(state.mover as usize) == Some(&true)
            && self.at_terminal != Some(state.mover)
    }

    /// Keeps what a move did, to tell the people who did not see it.
    pub fn note(&mut self, seat: u8, text: String) {
        self.news.push((seat, text));
    }

    /// Clears the screen, tells what happened since the mover's last turn,
    /// and waits until the mover has the terminal and presses Enter.
    pub fn hand_over(
        &mut self,
        editor: &mut DefaultEditor,
        rules: &Rules,
        state: &State,
    ) -> Result<Handover, Failure> {
        let seat = state.mover;
        let name = &rules.seats[seat as usize];
        // Nothing is secret before the first person has seen a hand.
        let cleared = self.at_terminal.is_some();
        if cleared {
            clear_screen();
        }
        // What the last person typed is theirs alone.
        let _ = editor.clear_history();
        let since = self
            .news
            .iter()
            .rposition(|(s, _)| *s == seat)
            .map_or(0, |i| i + 1);
        if since < self.news.len() {
            println!("Since {name}'s last turn:");
            for (_, text) in &self.news[since..] {
                // Indented, and wrapped to fit 80 columns with the deeper
                // indent of the lines after the first.
                let wrapped = crate::cli::view::wrap(text, 76);
                println!("  {}", wrapped.replace('\n', "\n    "));
            }
            println!();
        }
        let ask = format!("Pass the terminal to {name}, then press Enter.");
        let line = if std::io::stdout().is_terminal() {
            editor.readline(&format!("{ask} "))
        } else {
            // Without a terminal the prompt is not echoed: print it.
            println!("{ask}");
            editor.readline("")
        };
        match line {
            Ok(text) if matches!(text.trim(), "quit" | "exit" | "q") => Ok(Handover::Quit),
            Ok(_) => {
                self.at_terminal = Some(seat);
                Ok(Handover::Taken { cleared })
            }
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => Ok(Handover::Quit),
            Err(e) => Err(Failure::usage(format!(
                "error: cannot read the terminal: {e}"
            ))),
        }
    }
}

/// Clears the terminal and its scrollback, so that a hand shown before cannot
/// be scrolled back to; without a terminal, a blank line.
fn clear_screen() {
    if std::io::stdout().is_terminal() {
        print!("\x1b[H\x1b[2J\x1b[3J");
        let _ = std::io::stdout().flush();
    } else {
        println!();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn just4fun(seats: i64) -> Rules {
        crate::compile::shipped("just-4-fun", &[("seats", seats)])
    }

    #[test]
    fn whose_hands_are_shown() {
        let rules = just4fun(3);
        let mut state = rules.start(1);
        state.mover = 1;
        // One person: always theirs, whoever moves.
        let one = Table::new(&rules, vec![false, false, true]);
        assert!(!one.hidden);
        assert_eq!(one.hands(&state), Hands::Of(2));
        assert!(!one.needs_handover(&state));
        // Nobody: a game to watch.
        assert_eq!(Table::new(&rules, vec![false; 3]).hands(&state), Hands::All);
        // Two people: nobody's until the terminal is passed.
        let mut two = Table::new(&rules, vec![true, true, false]);
        assert!(two.hidden);
        assert_eq!(two.hands(&state), Hands::Hidden);
        assert!(two.needs_handover(&state));
        two.at_terminal = Some(1);
        assert_eq!(two.hands(&state), Hands::Of(1));
        assert!(!two.needs_handover(&state));
        state.mover = 2;
        assert!(!two.needs_handover(&state), "an AI's turn");
        state.mover = 0;
        assert!(two.needs_handover(&state));
        state.outcome = Some(crate::engine::Outcome::Draw);
        assert_eq!(two.hands(&state), Hands::All);
        // Without cards nothing is hidden.
        let ttt = crate::compile::shipped("tic-tac-toe", &[]);
        assert!(!Table::new(&ttt, vec![true, true]).hidden);
    }
}
