//! `tabula play`: a game at the terminal, people and AIs in any seats.

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

mod cards;
mod help;
mod seats;
mod track;
mod undo;

use super::load::{color_stdout, Loaded};
use super::view::{self, Hands};
use super::Failure;
use crate::ai::{make_player, Player, PlayerSpec};
use crate::engine::{FaultKind, Move, MoveError, State, LIST_TIME};
use crate::record::Record;
use crate::report::printable;
use help::{help, why};

/// Prints prose, broken between words to fit the terminal's 80 columns.
macro_rules! say {
    ($($arg:tt)*) => {
        println!("{}", view::fit(&format!($($arg)*)))
    };
}
use seats::{Handover, Table};
use undo::Undo;

/// Arguments of `tabula play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules file (default: Hex Fours, built in).
    pub file: Option<String>,
    /// Who sits in each seat, in seat order: human, random, mcts, mcts:5000
    /// (iterations), mcts:300ms (default: human in the first seat, mcts in the
    /// others; with --from, the record's).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// The seed of the game's chance and of the AIs (default: from the clock;
    /// with --from, the record's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Set an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// Write the game's record to this file (after every move; with --from,
    /// the record resumed, unless another file is named).
    #[arg(long)]
    pub record: Option<String>,
    /// Where the game starts: after --moves, or resuming a record (--from).
    #[command(flatten)]
    pub position: super::position::PositionArgs,
}

/// Parses player specs, one a seat.
pub fn parse_players(
    specs: &[String],
    seats: usize,
    example: &str,
) -> Result<Vec<PlayerSpec>, Failure> {
    let players: Vec<PlayerSpec> = specs
        .iter()
        .map(|s| {
            s.parse()
                .map_err(|e| Failure::usage(format!("error: --players: {e}")))
        })
        .collect::<Result<_, _>>()?;
    if players.len() != seats {
        return Err(Failure::usage(format!(
            "error: --players lists {} player(s), but the game has {seats} seats; give one for each, e.g. --players {}",
            players.len(),
            vec![example; seats].join(",")
        )));
    }
    Ok(players)
}

/// Runs `tabula play`.
pub fn run(args: Args) -> Result<(), Failure> {
    let from = match &args.position.from {
        Some(path) => Some(super::position::read_record(path)?),
        None => None,
    };
    // Drawn from the system's entropy: with hidden cards it must not be guessed.
    let seed = args
        .seed
        .or(from.as_ref().and_then(|r| r.seed))
        .unwrap_or_else(rand::random);
    let start = super::position::open(args.file.as_deref(), &args.sets, seed, &args.position)?;
    let Loaded { rules, file, text } = start.loaded;
    let players = match (&from, args.players.is_empty()) {
        (Some(r), true) => r.seats.iter().map(|s| s.player.clone()).collect(),
        // A human in the first seat and the AI in every other (a game for
        // one is played alone).
        (None, true) => (0..rules.seats.len())
            .map(|s| if s == 0 { "human" } else { "mcts" }.to_string())
            .collect(),
        (_, false) => args.players.clone(),
    };
    let specs = parse_players(&players, rules.seats.len(), "human")?;
    let mut ais: Vec<Option<Box<dyn Player + Send>>> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| make_player(s, seed.wrapping_add(i as u64 + 1)))
        .collect();
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    let mut record = Record::new(&rules, &file, &text, seed, &names);
    record.moves = start.moves;
    let mut state = start.state;
    record.note_chance(&state);
    if state.is_over() {
        record.finish(&rules, &state);
    }
    // Resuming a record goes on writing it, unless told otherwise; resumed
    // from part of it, the game goes to a new file, so that the record is
    // never shortened.
    let record_path = match (&args.record, &args.position.from, &from) {
        (Some(path), _, _) => Some(path.clone()),
        (None, Some(path), Some(resumed)) if record.moves.len() < resumed.moves.len() => {
            let new = part_record_path(path, record.moves.len());
            say!(
                "Resuming `{}` at move {} of {}: this game is recorded in `{}`; `{}` is kept as it is.",
                printable(path),
                record.moves.len(),
                resumed.moves.len(),
                printable(&new),
                printable(path),
            );
            Some(new)
        }
        (None, from, _) => from.clone(),
    };
    if let Some(path) = &record_path {
        record.rules = match &from {
            // Rules read from the record's own text (no file): its name stays.
            Some(resumed) if !std::path::Path::new(&file).is_file() => resumed.rules.clone(),
            // Named from the record's folder, where `replay` looks for it.
            _ => super::rules_path::for_record(&file, std::path::Path::new(path)),
        };
    }
    let mut editor = DefaultEditor::new()
        .map_err(|e| Failure::usage(format!("error: cannot read the terminal: {e}")))?;
    let color = color_stdout();

    // Never overwrite what is not a record (the rules file itself, say).
    if let Some(path) = &args.record {
        if !crate::record::may_overwrite(std::path::Path::new(path)) {
            return Err(Failure::usage(format!(
                "error: `{path}` exists and is not a Tabula record: refusing to overwrite it; choose another --record file"
            )));
        }
    }
    // Write the record at once, so that a bad path is reported before the game starts.
    save(&record_path, &record)?;
    let mut history: Vec<State> = Vec::new();
    // Whether a move was taken back (the seed then no longer tells the game).
    let mut undone = false;
    let mut table = Table::new(&rules, ais.iter().map(Option::is_none).collect());
    let cards = !rules.deck.is_empty();
    let nobody = ais.iter().all(Option::is_some);
    introduce(&rules, &state, seed, nobody);
    if let (Some(path), true) = (&record_path, rules.has_hidden()) {
        say!(
            "The record `{}` lists every seat's cards as they are dealt and drawn (not the ones to come): keep it from the players until the game ends.",
            printable(path)
        );
    }
    // The legend says which letter is which seat or neutral kind, and how a
    // stack reads; one-letter seat names alone need none.
    let long_names = rules.seats.iter().any(|s| s.chars().count() > 1);
    let legend = long_names || !rules.neutrals.is_empty() || rules.stacks || rules.majority;
    if legend {
        say!("{}\n", view::legend(&rules));
    }
    let mut redraw = true;
    // The turn whose cut listing the table was told of (R0006), once.
    let mut told_cut = None;
    loop {
        if table.needs_handover(&state) {
            match table.hand_over(&mut editor, &rules, &state)? {
                Handover::Taken { cleared } => {
                    // The screen was cleared: which letter is which seat again.
                    if legend && cleared {
                        let seats = view::legend(&rules);
                        say!("{}\n", seats.lines().next().unwrap_or(""));
                    }
                }
                Handover::Quit => return leave(&record_path, &record),
            }
            redraw = true;
        }
        // Draw before a person moves and at the end; between two AI moves only
        // when nobody at the table is a person (a game to watch).
        let watching = ais.iter().all(Option::is_some);
        let person_next = !state.is_over() && ais[state.mover as usize].is_none();
        if redraw && (person_next || state.is_over() || watching) {
            println!(
                "{}\n{}\n",
                view::board(&rules, &state, color),
                view::status_with(&rules, &state, table.hands(&state))
            );
        }
        redraw = true;
        if state.is_over() {
            if let Some(how) = view::ending(&rules, &state, &text) {
                say!("{how}");
            }
            record.finish(&rules, &state);
            save(&record_path, &record)?;
            // After a resume or an undo, later cards came from fresh chance.
            if rules.has_chance_ahead() && from.is_none() && !undone {
                let said = match rules.has_hidden() {
                    true => {
                        format!("The deal came from seed {seed} (`--seed {seed}` deals it again).")
                    }
                    false => format!(
                        "The throws came from seed {seed} (`--seed {seed}` throws them again)."
                    ),
                };
                say!("{said}");
            }
            return Ok(());
        }
        if rules.turn_limit > 0 && state.turn > rules.turn_limit {
            say!(
                "The game has reached its limit of {} turns (`limit` in the rules): it stops here, unfinished.",
                rules.turn_limit
            );
            save(&record_path, &record)?;
            return Ok(());
        }
        let legal = rules.sorted_moves(&state);
        let cut = state.fault().filter(|f| f.kind == FaultKind::SlowListing);
        if let Some(fault) = cut.filter(|f| f.turn == state.turn && told_cut != Some(f.turn)) {
            told_cut = Some(fault.turn);
            say!(
                "(These moves took more than {} s to list: only those found by then are offered, R0006; `tabula explain R0006` says more.)",
                LIST_TIME.as_secs()
            );
        }
        if legal.is_empty() {
            say!("No legal move for {}, and the rules say nothing for this case: the game stops here.", rules.seats[state.mover as usize]);
            say!("This is a fault in the rules file; `tabula check --playouts 100 {}` finds such positions.", printable(&file));
            save(&record_path, &record)?;
            return Ok(());
        }
        let seat = state.mover as usize;
        let mut detail = String::new();
        let chosen: Move = if let Some(ai) = ais[seat].as_mut() {
            // Said alike whether the move was forced or not: in a game of
            // hidden hands, a forced move would tell the table about the hand
            // (the AI searches it too; see `MctsPlayer::search`).
            say!("{} ({}) is thinking...", rules.seats[seat], ai.name());
            let m = ai.choose(&rules, &state);
            detail = ai
                .last_search()
                .map_or(String::new(), |s| match s.iterations {
                    // Only with open hands, where everybody sees it was forced.
                    0 => " as its only move".to_string(),
                    n => format!(" after {n} playouts"),
                });
            if !cards {
                // The throw the AI moved by, which the board no longer shows.
                let thrown = match rules.dice {
                    Some(_) => format!(", {},", view::thrown(&rules, &state)),
                    None => String::new(),
                };
                say!(
                    "{}{thrown} plays {}{detail}\n",
                    rules.seats[seat],
                    rules.move_text(m)
                );
            }
            m
        } else {
            match prompt(&mut editor, &rules, &state, &legal, table.hands(&state))? {
                Input::Move(m) => m,
                Input::Quit => return leave(&record_path, &record),
                Input::Undo if table.hidden => {
                    say!("There is no undo when several people share the terminal in a game of hidden cards: it would take back another person's turn.");
                    redraw = false;
                    continue;
                }
                Input::Undo => {
                    match undo::undo(&rules, &mut history, &mut state, &mut record, &ais) {
                        Undo::Done => {
                            undone = true;
                            // The file follows the game back at once.
                            save(&record_path, &record)?;
                            say!("Undone: back to your last turn.\n");
                        }
                        Undo::Nothing => {
                            say!("Nothing to undo yet.\n");
                            redraw = false;
                        }
                        Undo::Refused => {
                            say!("No undo: since your last turn you have seen cards you could not see before it (cards drawn, played from another hand or passed to you), and taking the turns back would let you play your turn again knowing them.\n");
                            redraw = false;
                        }
                    }
                    continue;
                }
                Input::Again => {
                    redraw = false;
                    continue;
                }
            }
        };
        history.push(state.clone());
        rules.play(&mut state, chosen);
        record.push_move(rules.move_text(chosen), &state);
        save(&record_path, &record)?;
        let before = history.last().expect("just pushed");
        if let Some(report) = tell_turn(&rules, before, &state, chosen, &detail) {
            table.note(seat as u8, report);
        }
    }
}

/// The first line: the game, and how to type a move (or that the AI plays
/// every seat).
fn introduce(rules: &crate::ir::Rules, state: &State, seed: u64, nobody: bool) {
    // The seed tells every card and throw to come: then it is said at the end.
    let title = if rules.has_chance_ahead() {
        rules.title.clone()
    } else {
        format!("{} (seed {seed})", rules.title)
    };
    if nobody {
        say!("{title}: the AI plays every seat.");
    } else if rules.track.is_some() && help::walks_by_dice(rules) {
        say!(
            "{title}. Type a walk a die, each the mover's space and where it ends, such as `{}` (in any order), or `help`.",
            help::first_move(rules, state)
        );
    } else if rules.track.is_some() && rules.deck.is_empty() {
        say!(
            "{title}. Type the space of the mover to move and where it ends, such as `{}` (its space alone will do), or `help`.",
            help::example_move(rules, state)
        );
    } else if rules.track.is_some() {
        say!(
            "{title}. Type a card and the movers it moves, such as `5 Y3` (`5` alone lists its moves), or `help`."
        );
    } else if !rules.deck.is_empty() {
        // Not a move of the first hand: that hand may be hidden.
        say!(
            "{title}. Type the cards you play, such as `5+11+13` (their sum names the field), or `help`."
        );
    } else {
        say!(
            "{title}. Type a move such as `{}`, or `help`.",
            help::example_move(rules, state)
        );
    }
}

/// Says what the turn from `before` to `now` did that the board does not
/// show at a glance: the cards played and drawn (returned, for the people
/// who did not see it), the pieces it took off the board, and the points it
/// scored. `detail` is how an AI chose the move.
fn tell_turn(
    rules: &crate::ir::Rules,
    before: &State,
    now: &State,
    chosen: Move,
    detail: &str,
) -> Option<String> {
    let mut cards_report = None;
    if !rules.deck.is_empty() {
        let report = cards::report(rules, before, now, chosen);
        // Every AI move says its playouts, a hand put down included.
        let said = match report.strip_suffix('.') {
            _ if detail.is_empty() => report.clone(),
            Some(text) => format!("{text} ({}).", detail.trim_start()),
            None => format!("{report} ({})", detail.trim_start()),
        };
        say!("{said}\n");
        cards_report = Some(report);
    }
    if let Some(removed) = view::removed(rules, before, now, &rules.move_text(chosen)) {
        say!("{removed}");
    }
    // What this turn changed: scores kept only at the end of the game
    // would otherwise count every turn's points at once.
    let (before, now) = (rules.scores_now(before), rules.scores_now(now));
    for (seat, (&before, &now)) in before.iter().zip(&now).enumerate() {
        let gain = now.saturating_sub(before);
        // Counted fields show every seat's points under the board.
        if gain != 0 && rules.score.is_some() && !rules.majority {
            let points = if gain.abs() == 1 { "point" } else { "points" };
            say!(
                "{} {} {} {points} (now {}).",
                rules.seats[seat],
                if gain > 0 { "scores" } else { "loses" },
                gain.abs(),
                now
            );
        }
    }
    cards_report
}

/// A file beside `path` for a game resumed from its first `moves` moves:
/// `game-from-3.json`, or `game-from-3-2.json` (and so on) when that is
/// taken.
fn part_record_path(path: &str, moves: usize) -> String {
    let path = std::path::Path::new(path);
    let stem = path
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy());
    let ext = path
        .extension()
        .map_or("json".into(), |e| e.to_string_lossy());
    let name = |n: usize| match n {
        1 => format!("{stem}-from-{moves}.{ext}"),
        n => format!("{stem}-from-{moves}-{n}.{ext}"),
    };
    let mut n = 1;
    while std::fs::symlink_metadata(path.with_file_name(name(n))).is_ok() {
        n += 1;
    }
    path.with_file_name(name(n)).to_string_lossy().into_owned()
}

/// Leaves a game before its end, keeping its record.
fn leave(path: &Option<String>, record: &Record) -> Result<(), Failure> {
    say!("Game left unfinished.");
    save(path, record)
}

enum Input {
    Move(Move),
    Undo,
    Quit,
    Again,
}

fn prompt(
    editor: &mut DefaultEditor,
    rules: &crate::ir::Rules,
    state: &State,
    legal: &[Move],
    hands: Hands,
) -> Result<Input, Failure> {
    let seat = &rules.seats[state.mover as usize];
    let Some(line) = read_line(editor, &format!("{seat}> "))? else {
        return Ok(Input::Quit);
    };
    let text = line.trim();
    if !text.is_empty() {
        let _ = editor.add_history_entry(text);
    }
    match text.to_ascii_lowercase().as_str() {
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
                choose(editor, rules, state, text, &what, &options)
            }
            Err(e) => {
                say!(
                    "{}. Type `help` for the legal moves.",
                    why(rules, state, legal, text, e)
                );
                Ok(Input::Again)
            }
        },
    }
}

/// Asks which of several complete moves a typed move meant (which of equal
/// groups stays, which movers a card moves): by number, by the whole move,
/// or by more of it (`y3` after `7`), a step at a time.
fn choose(
    editor: &mut DefaultEditor,
    rules: &crate::ir::Rules,
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
        let Some(line) = read_line(editor, &ask)? else {
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
                return Ok(Input::Again);
            }
        }
    }
    Ok(Input::Again)
}

/// A line typed at the prompt; `None` on Ctrl-C or end of input. Answers
/// quote what was typed (`x is not allowed now`), so a control character in
/// it is kept as an escape, never sent back to the terminal.
fn read_line(editor: &mut DefaultEditor, prompt: &str) -> Result<Option<String>, Failure> {
    match editor.readline(prompt) {
        Ok(line) => Ok(Some(printable(&line))),
        Err(ReadlineError::Interrupted | ReadlineError::Eof) => Ok(None),
        Err(e) => Err(Failure::usage(format!(
            "error: cannot read the terminal: {e}"
        ))),
    }
}

fn save(path: &Option<String>, record: &Record) -> Result<(), Failure> {
    if let Some(path) = path {
        crate::record::write_atomically(std::path::Path::new(path), &record.to_json())
            .map_err(|e| Failure::usage(format!("error: cannot write the record `{path}`: {e}")))?;
    }
    Ok(())
}
