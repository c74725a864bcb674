//! `tabula play`: a game at the terminal, people and AIs in any seats.

mod cards;
mod help;
mod hint;
mod prompt;
mod seats;
mod track;
mod undo;

use super::load::{color_stdout, Loaded};
use super::view;
use super::Failure;
use crate::ai::{make_player, Player, PlayerSpec};
use crate::engine::{FaultKind, Move, State, LIST_TIME};
use crate::record::Record;
use crate::report::printable;
use prompt::{Input, Prompt};

/// Why a typed move was refused, in a player's words (`tabula engine` says it too).
pub(crate) use help::why;

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
    /// (iterations), mcts:300ms, mcts:5000:c=0.7 (an exploration constant),
    /// mcts:5000:playouts=random (or decisive, mast; default auto),
    /// mcts:5000:rave=off (default: human in the
    /// first seat, mcts in the others; with --from, the record's).
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
    /// Threads each MCTS player (and `hint`) searches on, each growing a
    /// tree of its own (1 to 256; default 1, whose games a seed replays).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
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
        .map(|(i, s)| make_player(s, seed.wrapping_add(i as u64 + 1), args.threads.into()))
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
    let mut prompt = Prompt::new()?;
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
            match table.hand_over(&mut prompt.editor, &rules, &state)? {
                Handover::Taken { cleared } => {
                    // The screen was cleared: which letter is which seat again.
                    if legend && cleared {
                        // The letters' lines: one, or one a seat with kinds.
                        let seats = view::legend(&rules);
                        let keep = if rules.kinds.is_empty() {
                            1
                        } else {
                            rules.seats.len()
                        };
                        let letters: Vec<&str> = seats.lines().take(keep).collect();
                        say!("{}\n", letters.join("\n"));
                    }
                }
                Handover::Quit => return leave(&record_path, &record, &prompt),
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
            return refusals(&prompt);
        }
        if rules.turn_limit > 0 && state.turn > rules.turn_limit {
            say!(
                "The game has reached its limit of {} turns (`limit` in the rules): it stops here, unfinished.",
                rules.turn_limit
            );
            save(&record_path, &record)?;
            return refusals(&prompt);
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
            return Err(Failure::problem(format!(
                "error: the game stopped with no legal move for {}, a fault in the rules file",
                rules.seats[state.mover as usize]
            )));
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
            match prompt.ask(&rules, &state, &legal, table.hands(&state))? {
                Input::Move(m) => m,
                Input::Quit => return leave(&record_path, &record, &prompt),
                Input::Hint(budget) => {
                    let salt = seed ^ 0x6869_6e74 ^ u64::from(state.turn) << 32;
                    say!(
                        "{}\n",
                        hint::hint(&rules, &state, budget, salt, args.threads.into())
                    );
                    redraw = false;
                    continue;
                }
                Input::Undo if table.hidden => {
                    say!("There is no undo when several people share the terminal in a game of hidden cards: it would take back another person's turn.");
                    prompt.refuse();
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
                            prompt.refuse();
                            redraw = false;
                        }
                        Undo::Refused => {
                            say!("No undo: since your last turn you have seen cards you could not see before it (cards drawn, played from another hand or passed to you), and taking the turns back would let you play your turn again knowing them.\n");
                            prompt.refuse();
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
            "{title}. Type one walk for each die, the space a mover leaves and where it ends, such as `{}` (in any order), or `help`.",
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
    if rules.deck.is_empty() {
        if let Some(hit) = track::hits(rules, before, now, chosen) {
            say!("{hit}");
        }
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

/// The exit status of a game left before its end (`quit`, Ctrl-C, the end
/// of the input).
pub const UNFINISHED: u8 = 3;

/// The exit status of a game whose input, not a terminal, had lines
/// refused (an illegal move, an unknown command): the script that wrote
/// it went wrong, whether or not the game then finished.
pub const REFUSED: u8 = 4;

/// Leaves a game before its end, keeping its record: exit status
/// [`UNFINISHED`], or [`REFUSED`] when input was refused on the way.
fn leave(path: &Option<String>, record: &Record, prompt: &Prompt) -> Result<(), Failure> {
    save(path, record)?;
    match path {
        // Said after the save, so that it is true.
        Some(path) => {
            say!(
                "Game left unfinished; `{}` keeps it. To go on:",
                printable(path)
            );
            // Never wrapped: a command to copy.
            println!("  tabula play --from {}", shell_word(&printable(path)));
        }
        None => say!("Game left unfinished."),
    }
    refusals(prompt)?;
    Err(Failure::rendered(UNFINISHED, String::new()))
}

/// `text` as one word of a shell command: quoted unless it is plain.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./-+=:,".contains(c);
    match text.chars().all(plain) && !text.is_empty() {
        true => text.to_string(),
        false => format!("'{}'", text.replace('\'', r"'\''")),
    }
}

/// Success, unless lines of input that is not a terminal were refused.
fn refusals(prompt: &Prompt) -> Result<(), Failure> {
    match prompt.refused {
        0 => Ok(()),
        n => Err(Failure::rendered(
            REFUSED,
            format!(
                "error: {n} {} refused (an illegal move or an unknown command)",
                if n == 1 {
                    "line of input was"
                } else {
                    "lines of input were"
                }
            ),
        )),
    }
}

fn save(path: &Option<String>, record: &Record) -> Result<(), Failure> {
    if let Some(path) = path {
        crate::record::write_atomically(std::path::Path::new(path), &record.to_json())
            .map_err(|e| Failure::usage(format!("error: cannot write the record `{path}`: {e}")))?;
    }
    Ok(())
}
