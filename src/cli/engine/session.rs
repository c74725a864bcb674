//! The game `tabula engine` holds: its rules and options, the position,
//! the positions before it (for `undo`) and the AI, and what each request
//! does to them.

use serde_json::Value;

use super::report::{self, Fields, Refusal};
use crate::ai::{Budget, Exploration, MctsPlayer, Player, Policy};
use crate::cli::load::{load_plain, Loaded};
use crate::engine::{MoveError, State};
use crate::ir::Rules;

/// The longest principal variation a `go` reports.
const PV_MOVES: usize = 24;

/// The game being played.
pub struct Session {
    /// The rules file's name, for messages.
    file: String,
    /// The rules text, compiled anew when `new` changes the options.
    text: String,
    /// The options in force, as `--set` gives them.
    options: Vec<(String, i64)>,
    /// The rules, compiled with `options`.
    pub rules: Rules,
    /// The seed of this game's chance and AI.
    seed: u64,
    /// The position.
    pub state: State,
    /// Every position before it, in order, for `undo`.
    history: Vec<State>,
    /// The moves played, in notation.
    pub played: Vec<String>,
    /// The AI, which keeps its tree from one `go` to the next.
    ai: MctsPlayer,
    /// Moves taken back in a game of hidden cards: each reshuffles the
    /// unseen cards from a seed of its own.
    reshuffles: u64,
    /// Threads the AI searches on.
    threads: usize,
}

impl Session {
    /// A game of `loaded`'s rules with `options` (those it was compiled
    /// with) from `seed`, its AI searching on `threads` threads.
    pub fn new(loaded: Loaded, options: Vec<(String, i64)>, seed: u64, threads: usize) -> Self {
        let state = loaded.rules.start(seed);
        Session {
            file: loaded.file,
            text: loaded.text,
            options,
            rules: loaded.rules,
            seed,
            state,
            history: Vec::new(),
            played: Vec::new(),
            ai: MctsPlayer::new(Budget::Iterations(1), seed.wrapping_add(1)).with_threads(threads),
            reshuffles: 0,
            threads,
        }
    }

    /// The rules text, for the words of an ending.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// `new`: a game from its start, with other options if given (the
    /// rules compiled anew; options that do not fit change nothing) and
    /// a seed (drawn from the system's entropy if not given).
    pub fn restart(
        &mut self,
        options: Option<Vec<(String, i64)>>,
        seed: Option<u64>,
    ) -> Result<Fields, Refusal> {
        let options = options.unwrap_or_else(|| self.options.clone());
        let sets: Vec<String> = options.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let loaded = load_plain(self.file.clone(), self.text.clone(), &sets)
            .map_err(|f| refusal_of_options(&f.message))?;
        let seed = seed.unwrap_or_else(rand::random);
        *self = Session::new(loaded, options, seed, self.threads);
        let mut fields = report::status(self);
        fields.push(("seats", Value::from(self.rules.seats.clone())));
        let options: serde_json::Map<String, Value> = self
            .options
            .iter()
            .map(|(n, v)| (n.clone(), Value::from(*v)))
            .collect();
        fields.push(("options", Value::Object(options)));
        // The seed tells every card to come: it stays the engine's.
        if !self.rules.has_hidden() {
            fields.push(("seed", Value::from(self.seed)));
        }
        Ok(fields)
    }

    /// `play`: the move typed, if it is legal now.
    pub fn play(&mut self, text: &str) -> Result<Fields, Refusal> {
        report::playable(self)?;
        let m = match self.rules.parse_move(&self.state, text) {
            Ok(m) => m,
            Err(MoveError::Ambiguous { what, options }) => {
                let error = format!("`{}` is not a whole move: {what}", printable(text));
                return Err(Refusal {
                    error,
                    more: vec![("options", Value::from(options))],
                });
            }
            Err(e) => {
                let legal = self.rules.sorted_moves(&self.state);
                let shown = printable(text);
                return Err(
                    crate::cli::play::why(&self.rules, &self.state, &legal, &shown, e).into(),
                );
            }
        };
        let written = self.rules.move_text(m);
        self.history.push(self.state.clone());
        self.rules.play(&mut self.state, m);
        self.played.push(written.clone());
        let mut fields = vec![("move", Value::from(written))];
        fields.extend(report::status(self));
        Ok(fields)
    }

    /// `undo`: back to the position before the last move. In a game of
    /// hidden cards the cards not yet seen are shuffled again, as `tabula
    /// play`'s `undo` does, so that the move played again does not draw
    /// the cards the move taken back showed.
    pub fn undo(&mut self) -> Result<Fields, Refusal> {
        let Some(before) = self.history.pop() else {
            return Err("nothing to undo: no move has been played since the start".into());
        };
        self.state = before;
        if self.rules.has_hidden() {
            self.reshuffles += 1;
            let seed = self.seed ^ self.reshuffles.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            self.state.reshuffle_unseen(seed);
        }
        let undone = self.played.pop().unwrap_or_default();
        let mut fields = vec![("undone", Value::from(undone))];
        fields.extend(report::status(self));
        Ok(fields)
    }

    /// `go`: the AI's move for the seat to move, searched within `budget`
    /// from what that seat sees, with exploration constant `c` and this
    /// policy; the move is not played.
    pub fn go(
        &mut self,
        budget: Budget,
        c: Exploration,
        policy: Policy,
    ) -> Result<Fields, Refusal> {
        report::playable(self)?;
        if self.rules.sorted_moves(&self.state).is_empty() {
            return Err(report::stuck(self).into());
        }
        self.ai.set_budget(budget);
        self.ai.set_exploration(c);
        self.ai.set_policy(policy);
        let m = self.ai.choose(&self.rules, &self.state);
        let stats = self.ai.stats();
        let line = self.ai.principal_variation(&self.rules, m, PV_MOVES);
        let line: Vec<String> = line.into_iter().map(|m| self.rules.move_text(m)).collect();
        let searched = stats.iterations > 0;
        Ok(vec![
            ("move", Value::from(self.rules.move_text(m))),
            ("visits", Value::from(stats.best_visits)),
            (
                "value",
                if searched {
                    Value::from(round(stats.best_value))
                } else {
                    Value::Null
                },
            ),
            ("pv", Value::from(line)),
            ("proven", proven(stats.proven)),
            ("iterations", Value::from(stats.iterations)),
            ("time_ms", Value::from(stats.elapsed.as_millis() as u64)),
            ("forced", Value::from(!searched)),
        ])
    }
}

/// What the solver proved of the chosen move, for the seat to move:
/// `"win"`, `"loss"`, `"draw"`, or null when it is not proven.
fn proven(value: Option<f64>) -> Value {
    match value {
        None => Value::Null,
        Some(1.0) => Value::from("win"),
        Some(0.0) => Value::from("loss"),
        Some(_) => Value::from("draw"),
    }
}

/// The reply to options that do not fit the rules: the diagnostic's
/// message on one line with its code and help, and its whole report (with
/// the rules' lines it points at, when it has them) in `report`.
fn refusal_of_options(report: &str) -> Refusal {
    let lines: Vec<&str> = report.lines().map(str::trim).collect();
    let is_code =
        |l: &str| l.len() == 5 && l.starts_with('E') && l[1..].bytes().all(|b| b.is_ascii_digit());
    let code = lines.iter().find(|l| is_code(l)).map(|c| format!(" ({c})"));
    let message = lines
        .iter()
        .find_map(|l| l.strip_prefix("× "))
        .or_else(|| lines.iter().copied().find(|l| !l.is_empty() && !is_code(l)))
        .unwrap_or("the options do not fit the rules");
    let help = lines
        .iter()
        .find(|l| l.starts_with("help: "))
        .map(|h| format!("; {h}"));
    Refusal {
        error: format!(
            "{message}{}{}",
            code.unwrap_or_default(),
            help.unwrap_or_default()
        ),
        more: vec![("report", Value::from(report.trim_end()))],
    }
}

/// A value to 4 decimals, enough to compare moves by.
fn round(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

/// Text from a request, quoted in a reply: control characters escaped.
fn printable(text: &str) -> String {
    crate::report::printable(text)
}
