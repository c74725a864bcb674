//! `tabula play`: a game at the terminal, people and AIs in any seats.

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

use super::load::{color_stdout, load, Loaded};
use super::view;
use super::Failure;
use crate::ai::{make_player, Player, PlayerSpec};
use crate::engine::{Move, MoveError, State};
use crate::record::Record;

/// Arguments of `tabula play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rules file (default: Hex Fours, built in).
    pub file: Option<String>,
    /// Who sits in each seat, in seat order: human, random, mcts, mcts:5000 (iterations), mcts:300ms.
    #[arg(long, value_delimiter = ',', default_value = "human,mcts")]
    pub players: Vec<String>,
    /// The seed of the game's chance and of the AIs (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Set an option: NAME=VALUE (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub sets: Vec<String>,
    /// Write the game's record to this file (after every move).
    #[arg(long)]
    pub record: Option<String>,
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
    let Loaded { rules, file, text } = load(args.file.as_deref(), &args.sets)?;
    let specs = parse_players(&args.players, rules.seats.len(), "human")?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let mut ais: Vec<Option<Box<dyn Player + Send>>> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| make_player(s, seed.wrapping_add(i as u64 + 1)))
        .collect();
    let names: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
    let mut record = Record::new(&rules, &file, &text, seed, &names);
    let mut editor = DefaultEditor::new()
        .map_err(|e| Failure::usage(format!("error: cannot read the terminal: {e}")))?;
    let color = color_stdout();

    let mut state = rules.start(seed);
    // Write the record at once, so that a bad path is reported before the game starts.
    save(&args.record, &record)?;
    let mut history: Vec<State> = Vec::new();
    println!(
        "{} (seed {seed}). Type a move such as `{}`, or `help`.",
        rules.title,
        example_move(&rules, &state)
    );
    // The legend says which letter is which seat; one-letter seat names need none.
    if rules.seats.iter().any(|s| s.chars().count() > 1) {
        println!("{}\n", view::legend(&rules));
    }
    let mut redraw = true;
    loop {
        // Draw before a person moves and at the end; between two AI moves only
        // when nobody at the table is a person (a game to watch).
        let watching = ais.iter().all(Option::is_some);
        let person_next = !state.is_over() && ais[state.mover as usize].is_none();
        if redraw && (person_next || state.is_over() || watching) {
            println!(
                "{}\n{}\n",
                view::board(&rules, &state, color),
                view::status(&rules, &state)
            );
        }
        redraw = true;
        if state.is_over() {
            record.finish(&rules, &state);
            save(&args.record, &record)?;
            return Ok(());
        }
        let legal = rules.sorted_moves(&state);
        if legal.is_empty() {
            println!("No legal move for {}, and the rules say nothing for this case: the game stops here.", rules.seats[state.mover as usize]);
            println!("This is a fault in the rules file; `tabula check --playouts 100 {file}` finds such positions.");
            save(&args.record, &record)?;
            return Ok(());
        }
        let seat = state.mover as usize;
        let chosen: Move = if let Some(ai) = ais[seat].as_mut() {
            println!("{} ({}) is thinking...", rules.seats[seat], ai.name());
            let m = ai.choose(&rules, &state);
            let detail = ai.last_search().map_or(String::new(), |s| {
                format!(" after {} playouts", s.iterations)
            });
            println!(
                "{} plays {}{detail}\n",
                rules.seats[seat],
                rules.move_text(m)
            );
            m
        } else {
            match prompt(&mut editor, &rules, &state, &legal)? {
                Input::Move(m) => m,
                Input::Quit => {
                    println!("Game left unfinished.");
                    save(&args.record, &record)?;
                    return Ok(());
                }
                Input::Undo => {
                    if undo(&mut history, &mut state, &mut record, &ais) {
                        println!("Undone: back to your last turn.\n");
                    } else {
                        println!("Nothing to undo yet.\n");
                        redraw = false;
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
        record.moves.push(rules.move_text(chosen));
        save(&args.record, &record)?;
        for (seat, &gain) in state.gains.iter().enumerate() {
            if gain != 0 && rules.score.is_some() {
                let points = if gain.abs() == 1 { "point" } else { "points" };
                println!(
                    "{} {} {} {points} (now {}).",
                    rules.seats[seat],
                    if gain > 0 { "scores" } else { "loses" },
                    gain.abs(),
                    state.scores[seat]
                );
            }
        }
    }
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
) -> Result<Input, Failure> {
    let seat = &rules.seats[state.mover as usize];
    let line = match editor.readline(&format!("{seat}> ")) {
        Ok(line) => line,
        Err(ReadlineError::Interrupted | ReadlineError::Eof) => return Ok(Input::Quit),
        Err(e) => {
            return Err(Failure::usage(format!(
                "error: cannot read the terminal: {e}"
            )))
        }
    };
    let text = line.trim();
    if !text.is_empty() {
        let _ = editor.add_history_entry(text);
    }
    match text.to_ascii_lowercase().as_str() {
        "" => Ok(Input::Again),
        "help" | "?" | "moves" => {
            let moves: Vec<String> = legal.iter().map(|&m| rules.move_text(m)).collect();
            println!("Legal moves ({}):", moves.len());
            for chunk in moves.chunks(12) {
                println!("  {}", chunk.join(" "));
            }
            println!("Commands: a move (e.g. `{}`), `help`, `undo` (take back your last move), `board`, `quit`.", moves[0]);
            Ok(Input::Again)
        }
        "board" => {
            println!(
                "{}\n{}",
                view::board(rules, state, false),
                view::status(rules, state)
            );
            Ok(Input::Again)
        }
        "undo" => Ok(Input::Undo),
        "quit" | "exit" | "q" => Ok(Input::Quit),
        _ => match rules.parse_move(state, text) {
            Ok(m) => Ok(Input::Move(m)),
            Err(e) => {
                println!("{}. Type `help` for the legal moves.", why(rules, state, e));
                Ok(Input::Again)
            }
        },
    }
}

/// Says why a typed move was refused, in the words a player needs.
fn why(rules: &crate::ir::Rules, state: &State, error: MoveError) -> String {
    match &error {
        MoveError::Illegal(label) => match rules
            .geometry
            .cell_by_label(label)
            .and_then(|c| state.owner(c))
        {
            Some(owner) => format!("{label} is taken (by {})", rules.seats[owner as usize]),
            None => {
                let phase = &rules.phases[state.phase as usize];
                let texts: Vec<&str> = phase.places.iter().map(|p| p.text.as_str()).collect();
                format!(
                    "{label} is not allowed now: in phase `{}` the rule is `{}`",
                    phase.name,
                    texts.join("` or `")
                )
            }
        },
        _ => error.to_string(),
    }
}

/// Takes back moves until the last human turn before now; false if there is none.
fn undo(
    history: &mut Vec<State>,
    state: &mut State,
    record: &mut Record,
    ais: &[Option<Box<dyn Player + Send>>],
) -> bool {
    let Some(back) = history
        .iter()
        .rposition(|s| ais[s.mover as usize].is_none())
    else {
        return false;
    };
    *state = history[back].clone();
    history.truncate(back);
    record.moves.truncate(back);
    record.result = None;
    true
}

fn example_move(rules: &crate::ir::Rules, state: &State) -> String {
    rules
        .sorted_moves(state)
        .first()
        .map_or_else(String::new, |&m| rules.move_text(m))
}

fn save(path: &Option<String>, record: &Record) -> Result<(), Failure> {
    if let Some(path) = path {
        std::fs::write(path, record.to_json())
            .map_err(|e| Failure::usage(format!("error: cannot write the record `{path}`: {e}")))?;
    }
    Ok(())
}
