//! What a person types at `tabula play`'s prompt: a move (asked to
//! narrow it when it leaves a choice open), or a command. In a run whose
//! input is not a terminal, every line refused is counted, for the exit
//! status.

use std::io::IsTerminal;

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

use super::help::{help, why};
use super::hint;
use crate::ai::Budget;
use crate::cli::view::{self, Hands};
use crate::cli::Failure;
use crate::engine::{Move, MoveError, State};
use crate::ir::Rules;
use crate::report::printable;

/// Prints prose, broken between words to fit the terminal's 80 columns.
macro_rules! say {
    ($($arg:tt)*) => {
        println!("{}", view::fit(&format!($($arg)*)))
    };
}

/// What was typed, for the game loop.
pub enum Input {
    /// A legal move.
    Move(Move),
    /// `undo`.
    Undo,
    /// `hint`, with the search it asks for.
    Hint(Budget),
    /// `quit`, Ctrl-C or the end of the input.
    Quit,
    /// Nothing for the game to do (`help`, `board`, a blank line, or a
    /// line refused and answered): ask again.
    Again,
}

/// The prompt: the line editor, and the lines refused in a run whose input
/// is not a terminal.
pub struct Prompt {
    /// The line editor, with its history.
    pub editor: DefaultEditor,
    /// Lines refused so far, counted only when the input is not a terminal.
    pub refused: u32,
    /// Whether the input is a terminal (a person typing, who sees each refusal).
    interactive: bool,
}

impl Prompt {
    /// A prompt on standard input.
    pub fn new() -> Result<Self, Failure> {
        let editor = DefaultEditor::new()
            .map_err(|e| Failure::usage(format!("error: cannot read the terminal: {e}")))?;
        Ok(Prompt {
            editor,
            refused: 0,
            interactive: std::io::stdin().is_terminal(),
        })
    }

    /// Counts a line refused, when the input is not a terminal.
    pub fn refuse(&mut self) {
        if !self.interactive {
            self.refused += 1;
        }
    }

    /// Reads what the mover types and answers `help`, `board` and refused
    /// moves itself.
    pub fn ask(
        &mut self,
        rules: &Rules,
        state: &State,
        legal: &[Move],
        hands: Hands,
    ) -> Result<Input, Failure> {
        let seat = &rules.seats[state.mover as usize];
        let Some(line) = self.read_line(&format!("{seat}> "))? else {
            return Ok(Input::Quit);
        };
        let text = line.trim();
        if !text.is_empty() {
            let _ = self.editor.add_history_entry(text);
        }
        let lower = text.to_ascii_lowercase();
        if let Some(budget) = hint::parse(&lower) {
            return Ok(match budget {
                Ok(budget) => Input::Hint(budget),
                Err(why) => {
                    say!("{why}.");
                    self.refuse();
                    Input::Again
                }
            });
        }
        match lower.as_str() {
            "" => Ok(Input::Again),
            "help" | "?" | "moves" => {
                print!("{}", view::fit(&help(rules, state, legal)));
                Ok(Input::Again)
            }
            "board" => {
                println!(
                    "{}\n{}",
                    view::board(rules, state, false),
                    view::status_with(rules, state, hands)
                );
                Ok(Input::Again)
            }
            "undo" => Ok(Input::Undo),
            "quit" | "exit" | "q" => Ok(Input::Quit),
            _ => match rules.parse_move(state, text) {
                Ok(m) => Ok(Input::Move(m)),
                Err(MoveError::Ambiguous { what, options }) => {
                    self.choose(rules, state, text, &what, &options)
                }
                Err(e) => {
                    say!(
                        "{}. Type `help` for the legal moves.",
                        why(rules, state, legal, text, e)
                    );
                    self.refuse();
                    Ok(Input::Again)
                }
            },
        }
    }

    /// Asks which of several complete moves a typed move meant (which of equal
    /// groups stays, which movers a card moves): by number, by the whole move,
    /// or by more of it (`y3` after `7`), a step at a time.
    fn choose(
        &mut self,
        rules: &Rules,
        state: &State,
        typed: &str,
        what: &str,
        options: &[String],
    ) -> Result<Input, Failure> {
        let (mut typed, mut what, mut options) =
            (typed.to_string(), what.to_string(), options.to_vec());
        // Each answer narrows the moves; a move has a handful of words.
        for _ in 0..16 {
            say!("{}.", view::capitalised(&what));
            for (i, option) in options.iter().enumerate() {
                say!("  {}) {option}", i + 1);
            }
            let ask = format!(
                "{typed} ... which (1-{}, or more of the move)? ",
                options.len()
            );
            let Some(line) = self.read_line(&ask)? else {
                return Ok(Input::Again);
            };
            let answer = line.trim();
            // A number answers by the list: one not on it is asked again, never
            // read as a move (`7`, a card, would play the 7).
            let number = !answer.is_empty() && answer.bytes().all(|b| b.is_ascii_digit());
            let picked = match answer.parse::<usize>() {
                Ok(n) if (1..=options.len()).contains(&n) => options[n - 1].clone(),
                _ if number => {
                    say!(
                        "{answer} is not on the list: type 1 to {}, or more of the move.",
                        options.len()
                    );
                    self.refuse();
                    continue;
                }
                _ => answer.to_string(),
            };
            let longer = format!("{typed} {answer}");
            let read = rules
                .parse_move(state, &picked)
                .or_else(|_| rules.parse_move(state, &longer));
            match read {
                Ok(m) => return Ok(Input::Move(m)),
                Err(MoveError::Ambiguous {
                    what: w,
                    options: o,
                }) => {
                    (typed, what, options) = (longer, w, o);
                }
                Err(_) => {
                    say!("Not one of them; type the move again.");
                    self.refuse();
                    return Ok(Input::Again);
                }
            }
        }
        Ok(Input::Again)
    }

    /// A line typed at the prompt; `None` on Ctrl-C or end of input. Answers
    /// quote what was typed (`x is not allowed now`), so a control character in
    /// it is kept as an escape, never sent back to the terminal.
    fn read_line(&mut self, prompt: &str) -> Result<Option<String>, Failure> {
        match self.editor.readline(prompt) {
            Ok(line) => Ok(Some(printable(&line))),
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => Ok(None),
            Err(e) => Err(Failure::usage(format!(
                "error: cannot read the terminal: {e}"
            ))),
        }
    }
}
