//! `tabula play`: a game at the terminal, people and AIs in any seats.

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

use super::load::{color_stdout, load, Loaded};
use super::view;
use super::Failure;
use crate::ai::{make_player, Player, PlayerSpec};
use crate::engine::{Move, MoveError, State};
use crate::ir::{CellId, Rules};
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
    // The legend says which letter is which seat or neutral kind, and how a
    // stack reads; one-letter seat names alone need none.
    let long_names = rules.seats.iter().any(|s| s.chars().count() > 1);
    if long_names || !rules.neutrals.is_empty() || rules.stacks {
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
            print!("{}", help(rules, state, legal));
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
                println!(
                    "{}. Type `help` for the legal moves.",
                    why(rules, state, legal, text, e)
                );
                Ok(Input::Again)
            }
        },
    }
}

/// The `help` text: the legal moves (by stack when they sow), then the commands.
fn help(rules: &Rules, state: &State, legal: &[Move]) -> String {
    let example = legal
        .first()
        .map_or_else(String::new, |&m| rules.move_text(m));
    let mut out = if legal.iter().any(|m| matches!(m, Move::Sow { .. })) {
        sowing_help(rules, state, legal, &example)
    } else {
        let moves: Vec<String> = legal.iter().map(|&m| rules.move_text(m)).collect();
        let mut out = format!("Legal moves ({}):\n", moves.len());
        for chunk in moves.chunks(12) {
            out += &format!("  {}\n", chunk.join(" "));
        }
        out
    };
    out += &format!("Commands: a move (e.g. `{example}`), `help`, `undo` (take back your last move), `board`, `quit`.\n");
    out
}

/// More sowing moves than this and `help` shows only a few paths of each stack.
const LIST_ALL: usize = 200;

/// Paths shown for each stack when there are too many to list.
const EXAMPLES: usize = 3;

/// Legal sowing moves, one line a stack (its height, then its paths, wrapped),
/// so that hundreds of moves stay readable; with very many, a count and a few
/// paths a stack. Placements allowed alongside come first.
fn sowing_help(rules: &Rules, state: &State, legal: &[Move], example: &str) -> String {
    let labels = &rules.geometry.labels;
    let key = |c: CellId| label_key(&labels[c as usize]);
    // Stacks and paths in label order (a1 a2 .. b1), as people read them.
    let mut stacks: Vec<(CellId, Vec<Vec<CellId>>)> = Vec::new();
    let mut places: Vec<CellId> = Vec::new();
    for &m in legal {
        match m {
            Move::Place(c) | Move::Cards { cell: c, .. } => places.push(c),
            Move::Pass => {}
            Move::Sow { from, steps, dirs } => {
                let path = rules.sow_path(from, steps, dirs).collect();
                match stacks.iter_mut().find(|(c, _)| *c == from) {
                    Some((_, paths)) => paths.push(path),
                    None => stacks.push((from, vec![path])),
                }
            }
        }
    }
    stacks.sort_by_key(|&(c, _)| key(c));
    places.sort_by_key(|&c| key(c));
    let all = legal.len() <= LIST_ALL;
    let mut out = if all {
        format!("Legal moves ({}), by stack:\n", legal.len())
    } else {
        format!(
            "Legal moves ({}), too many to list: by stack, how many and a few of them:\n",
            legal.len()
        )
    };
    if !places.is_empty() {
        let cells: Vec<&str> = places
            .iter()
            .map(|&c| labels[c as usize].as_str())
            .collect();
        out += &wrap("  place a piece on:", &cells, " ");
    }
    for (from, paths) in &mut stacks {
        paths.sort_by(|a, b| a.iter().map(|&c| key(c)).cmp(b.iter().map(|&c| key(c))));
        let height = state.height(*from);
        let pieces = if height == 1 { "piece" } else { "pieces" };
        let steps = paths.first().map_or(0, Vec::len);
        let head = format!(
            "  {} ({height} {pieces}, path of {steps}):",
            labels[*from as usize]
        );
        let texts: Vec<String> = paths
            .iter()
            .take(if all { paths.len() } else { EXAMPLES })
            .map(|p| {
                let cells: Vec<&str> = p.iter().map(|&c| labels[c as usize].as_str()).collect();
                cells.join(" ")
            })
            .collect();
        if all {
            out += &wrap(&head, &texts, ", ");
        } else {
            let count = match paths.len() {
                1 => format!("{head} 1 path,"),
                n => format!("{head} {n} paths, e.g."),
            };
            out += &wrap(&count, &texts, ", ");
        }
    }
    out += &format!(
        "A move is the stack, then each cell its pieces are dropped on, bottom piece first (e.g. `{example}`).\n"
    );
    out
}

/// Items after a head, joined by `separator` and wrapped to the terminal's
/// usual width, the continuation lines indented.
fn wrap(head: &str, items: &[impl AsRef<str>], separator: &str) -> String {
    const WIDTH: usize = 78;
    let mut out = String::from(head);
    let mut line = head.chars().count();
    for (i, item) in items.iter().enumerate() {
        let item = item.as_ref();
        // The separator stays on the line it ends.
        let sep = if i + 1 < items.len() {
            separator.trim_end()
        } else {
            ""
        };
        let len = 1 + item.chars().count() + sep.len();
        if i > 0 && line + len > WIDTH {
            out += "\n      ";
            line = 6;
        } else {
            out.push(' ');
            line += 1;
        }
        out += item;
        out += sep;
        line += len - 1;
    }
    out.push('\n');
    out
}

/// Sorts labels as people read them: letters, then the number as a number (b2 before b10).
fn label_key(label: &str) -> (&str, u64) {
    let at = label
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(label.len());
    let (letters, number) = label.split_at(at);
    (letters, number.parse().unwrap_or(0))
}

/// Says why a typed move was refused, in the words a player needs.
fn why(rules: &Rules, state: &State, legal: &[Move], text: &str, error: MoveError) -> String {
    let phase = &rules.phases[state.phase as usize];
    let texts: Vec<&str> = phase.places.iter().map(|p| p.text.as_str()).collect();
    let rule = format!(
        "in phase `{}` the rule is `{}`",
        phase.name,
        texts.join("` or `")
    );
    let stack = |c: CellId| {
        legal
            .iter()
            .any(|m| matches!(*m, Move::Sow { from, .. } if from == c))
    };
    if let (MoveError::BadPath(_) | MoveError::Illegal(_), true) =
        (&error, legal.iter().any(|m| matches!(m, Move::Sow { .. })))
    {
        // A path's shape is beside the point when its stack cannot be sown at all.
        let first = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .find(|w| !w.is_empty());
        let first = first.unwrap_or("").to_ascii_lowercase();
        if let Some(cell) = rules.geometry.cell_by_label(&first).filter(|&c| !stack(c)) {
            let mut stacks: Vec<CellId> = (0..rules.geometry.cell_count() as CellId)
                .filter(|&c| stack(c))
                .collect();
            stacks.sort_by_key(|&c| label_key(&rules.geometry.labels[c as usize]));
            let names: Vec<&str> = stacks
                .iter()
                .map(|&c| rules.geometry.labels[c as usize].as_str())
                .collect();
            return format!(
                "{} is not a stack you can sow now: {rule}; the stacks you can sow are {}",
                rules.geometry.labels[cell as usize],
                names.join(", ")
            );
        }
    }
    match &error {
        MoveError::Illegal(label) => {
            let owner = rules
                .geometry
                .cell_by_label(label)
                .and_then(|c| state.owner(c));
            // On boards with stacks a piece may go on another: a taken cell is no reason.
            match owner.and_then(|o| rules.seats.get(o as usize)) {
                Some(seat) if !rules.stacks => format!("{label} is taken (by {seat})"),
                _ => format!("{label} is not allowed now: {rule}"),
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Rules {
        crate::compile::load(text, &[]).unwrap()
    }

    fn qawale() -> Rules {
        load(include_str!("../../rules/qawale.game"))
    }

    #[test]
    fn placement_help_is_a_plain_list() {
        let rules = load(include_str!("../../rules/tic-tac-toe.game"));
        let state = rules.start(1);
        let legal = rules.sorted_moves(&state);
        assert_eq!(
            help(&rules, &state, &legal),
            "Legal moves (9):\n  a1 b1 c1 a2 b2 c2 a3 b3 c3\nCommands: a move (e.g. `a1`), \
             `help`, `undo` (take back your last move), `board`, `quit`.\n"
        );
    }

    #[test]
    fn sowing_help_lists_the_paths_by_stack() {
        let rules = qawale();
        let state = rules.start(1);
        let legal = rules.sorted_moves(&state);
        let text = help(&rules, &state, &legal);
        assert!(
            text.starts_with(
                "Legal moves (40), by stack:\n  a1 (2 pieces, path of 3): a2 a3 a4, a2 a3 b3,"
            ),
            "{text}"
        );
        // Every legal move can be read back off the help: its stack's line, then a path.
        for &m in &legal {
            let move_text = rules.move_text(m);
            let (stack, path) = move_text.split_once(' ').unwrap();
            let head = format!("  {stack} (");
            let mut lines = text.lines().skip_while(|l| !l.starts_with(&head));
            let mut block = lines.next().unwrap().to_string();
            block.extend(lines.take_while(|l| l.starts_with("      ")));
            let paths: Vec<String> = block
                .split_once(':')
                .unwrap()
                .1
                .split(',')
                .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            assert!(paths.contains(&path.to_string()), "{move_text} in\n{block}");
        }
        assert!(
            text.lines().all(|l| l.chars().count() <= 78
                || l.starts_with("A move")
                || l.starts_with("Commands")),
            "{text}"
        );
    }

    #[test]
    fn many_sowing_moves_show_counts_and_examples() {
        let rules = qawale();
        let mut state = rules.start(3);
        let mut legal = rules.sorted_moves(&state);
        // Sow the tallest stack each turn until there are many moves.
        while legal.len() <= LIST_ALL {
            let steps = |m: &&Move| match **m {
                Move::Sow { steps, .. } => steps,
                _ => 0,
            };
            let tallest = legal.iter().max_by_key(steps);
            rules.play(&mut state, *tallest.unwrap());
            assert!(!state.is_over());
            legal = rules.sorted_moves(&state);
        }
        let text = help(&rules, &state, &legal);
        assert!(text.contains("too many to list"), "{text}");
        assert!(text.contains(" paths, e.g. "), "{text}");
        println!("{}\n{text}", crate::cli::view::board(&rules, &state, false));
    }

    #[test]
    fn an_empty_cell_is_not_a_stack_to_sow() {
        let rules = qawale();
        let state = rules.start(1);
        let legal = rules.sorted_moves(&state);
        let error = rules.parse_move(&state, "b2").unwrap_err();
        let text = why(&rules, &state, &legal, "b2", error);
        assert!(
            text.starts_with("b2 is not a stack you can sow now"),
            "{text}"
        );
        assert!(text.ends_with("a1, a4, d1, d4"), "{text}");
        let error = rules.parse_move(&state, "a1 b1").unwrap_err();
        assert!(matches!(error, MoveError::BadPath(_)));
        assert_eq!(
            why(&rules, &state, &legal, "a1 b1", error.clone()),
            error.to_string()
        );
    }
}
