//! `tabula play`'s `help` (the legal moves, readably: by stack when they sow,
//! by field when they play cards) and why a typed move was refused.

use super::cards;
use crate::engine::{Move, MoveError, State};
use crate::ir::{CellId, Rules};

/// The `help` text: the legal moves (by stack when they sow), then the commands.
pub(super) fn help(rules: &Rules, state: &State, legal: &[Move]) -> String {
    let example = legal
        .first()
        .map_or_else(String::new, |&m| rules.move_text(m));
    if rules.track.is_some() {
        return super::track::help(rules, state, legal);
    }
    let cards = !rules.deck.is_empty();
    let out = if cards {
        cards::help(rules, state, legal)
    } else if legal.iter().any(|&m| rules.sown(m).is_some()) {
        sowing_help(rules, state, legal, &example)
    } else if legal.iter().any(|&m| rules.move_text(m).contains('-')) {
        relocation_help(rules, legal)
    } else {
        let moves: Vec<String> = legal.iter().map(|&m| rules.move_text(m)).collect();
        let mut out = format!("Legal moves ({}):\n", moves.len());
        if moves.iter().any(|m| m.contains(' ')) {
            // Moves of several words (Pentago's `a1 1cw`) kept whole, apart.
            return out + &wrap(" ", &moves, ", ") + &commands(cards, &example);
        }
        for chunk in moves.chunks(12) {
            out += &format!("  {}\n", chunk.join(" "));
        }
        out
    };
    out + &commands(cards, &example)
}

/// The line of commands under the moves.
fn commands(cards: bool, example: &str) -> String {
    if cards {
        "Commands: the cards to play, `help`, `hint` (the AI's move for you; `hint 5000` searches 5000 playouts), `undo` (take back your last move), `board`, `quit`.\n".to_string()
    } else {
        format!("Commands: a move (e.g. `{example}`), `help`, `hint` (the AI's move for you; `hint 5000` searches 5000 playouts), `undo` (take back your last move), `board`, `quit`.\n")
    }
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
        if let Move::Place(c) = m {
            places.push(c);
        } else if let Some((from, steps, dirs)) = rules.sown(m) {
            let path = rules.sow_path(from, steps, dirs).collect();
            match stacks.iter_mut().find(|(c, _)| *c == from) {
                Some((_, paths)) => paths.push(path),
                None => stacks.push((from, vec![path])),
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

/// Legal moves that pick a piece up and put it down (`d4-e5`), one line a
/// piece: where it may go. Placements come first.
fn relocation_help(rules: &Rules, legal: &[Move]) -> String {
    let mut texts: Vec<String> = legal.iter().map(|&m| rules.move_text(m)).collect();
    texts.sort_by(|a, b| move_key(a).cmp(&move_key(b)).then(a.cmp(b)));
    let mut out = match texts.len() > LIST_ALL {
        true => format!(
            "Legal moves ({}), too many to list: by piece, how many and a few of them:\n",
            texts.len()
        ),
        false => format!("Legal moves ({}):\n", texts.len()),
    };
    let places: Vec<&String> = texts.iter().filter(|t| !t.contains('-')).collect();
    if !places.is_empty() {
        out += &wrap("  place on:", &places, " ");
    }
    let mut froms: Vec<&str> = texts
        .iter()
        .filter_map(|t| t.split_once('-'))
        .map(|(f, _)| f)
        .collect();
    froms.dedup();
    for from in froms {
        let prefix = format!("{from}-");
        let targets: Vec<&str> = texts
            .iter()
            .filter_map(|t| t.strip_prefix(&prefix))
            .collect();
        // With a group to keep named, commas keep the moves apart.
        let separator = if targets.iter().any(|t| t.contains(' ')) {
            ", "
        } else {
            " "
        };
        let head = format!("  {from} to:");
        out += &match texts.len() > LIST_ALL {
            // Thousands (the amazons' moves with their arrows): a count
            // and a few of each piece's.
            true => wrap(
                &format!("{head} {} moves, e.g.", targets.len()),
                &targets[..targets.len().min(EXAMPLES)],
                ", ",
            ),
            false => wrap(&head, &targets, separator),
        };
    }
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

/// Sorts moves as people read them: label by label (`i2-i5 j4` before
/// `i10-i9 j8`), each label's letters, then its number as a number.
fn move_key(text: &str) -> Vec<(&str, u64)> {
    let mut keys = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches(|c: char| !c.is_ascii_alphanumeric());
        if rest.is_empty() {
            return keys;
        }
        // A label: letters, then digits (at least one character either way).
        let letters = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let digits = rest[letters..].find(|c: char| !c.is_ascii_digit());
        let end = digits.map_or(rest.len(), |d| letters + d);
        keys.push(label_key(&rest[..end]));
        rest = &rest[end..];
    }
}

/// Says why a typed move was refused, in the words a player needs.
pub(crate) fn why(
    rules: &Rules,
    state: &State,
    legal: &[Move],
    text: &str,
    error: MoveError,
) -> String {
    if rules.track.is_some() {
        return super::track::why(rules, state, legal, text, &error);
    }
    if !rules.deck.is_empty() {
        if let Some(why) = cards::why(rules, state, legal, text, &error) {
            return why;
        }
    }
    // A sown path too short has its own, more exact answer.
    if let (false, Some(start)) = (
        matches!(error, MoveError::BadPath(_)),
        started(rules, legal, text),
    ) {
        return start;
    }
    let phase = &rules.phases[state.phase as usize];
    let texts: Vec<&str> = phase.rules.iter().map(|p| p.text.as_str()).collect();
    let rule = format!(
        "in phase `{}` the rule is `{}`",
        phase.name,
        texts.join("` or `")
    );
    let stack = |c: CellId| {
        legal
            .iter()
            .any(|&m| rules.sown(m).is_some_and(|(from, ..)| from == c))
    };
    if let (MoveError::BadPath(_) | MoveError::Illegal(_), true) =
        (&error, legal.iter().any(|&m| rules.sown(m).is_some()))
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

/// What to say when `text` is only the start of legal moves (a morris
/// placement that makes a mill, an amazon's move without its arrow): the
/// rest of the move is missing, which "not allowed" would hide.
fn started(rules: &Rules, legal: &[Move], text: &str) -> Option<String> {
    let typed = text.trim().to_ascii_lowercase();
    // Ending where a cell's label ends: `a1` does not start `a10`.
    let goes_on = |m: &String| {
        m.len() > typed.len()
            && m.starts_with(&typed)
            && !m[typed.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() && c != 'x')
    };
    let texts: Vec<String> = legal.iter().map(|&m| rules.move_text(m)).collect();
    let mut longer = texts.iter().filter(|m| goes_on(m));
    let first = longer.next().filter(|_| !typed.is_empty())?;
    let more = match longer.count() {
        0 => String::new(),
        n => format!(" ({} moves begin so)", n + 1),
    };
    Some(format!(
        "`{typed}` is only the start of a move: here it goes on, as `{first}` does{more}"
    ))
}

/// Whether a rule walks the dice one by one (`move by dice`).
pub(super) fn walks_by_dice(rules: &crate::ir::Rules) -> bool {
    let mut steps = rules
        .phases
        .iter()
        .flat_map(|p| &p.rules)
        .flat_map(|r| &r.steps);
    steps.any(|s| matches!(s, crate::ir::Step::MoveByDice(_)))
}

/// The first legal move that is not a pass, in notation.
pub(super) fn first_move(rules: &crate::ir::Rules, state: &State) -> String {
    let moves = rules.sorted_moves(state);
    let shown = moves.iter().find(|&&m| m != crate::engine::Move::Pass);
    shown
        .or(moves.first())
        .map_or_else(String::new, |&m| rules.move_text(m))
}

/// A move to show as an example: a walk of six on a track, else the
/// first legal move.
pub(super) fn example_move(rules: &crate::ir::Rules, state: &State) -> String {
    if let Some(track) = rules.track.as_ref().filter(|_| rules.deck.is_empty()) {
        // A walk of six from the first seat's fourth space along its way.
        let label = |c: crate::ir::CellId| {
            rules
                .geometry
                .labels
                .get(c as usize)
                .cloned()
                .unwrap_or_default()
        };
        let ahead = |c: crate::ir::CellId, n: usize| {
            (0..n).fold(c, |c, _| match track.ahead.get(c as usize) {
                Some(&next) if next != crate::ir::NO_CELL => next,
                _ => c,
            })
        };
        let from = ahead(track.start(0), 3);
        return format!("{}-{}", label(from), label(ahead(from, 6)));
    }
    // A pass is a poor example where there are other moves.
    first_move(rules, state)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn qawale() -> Rules {
        crate::compile::shipped("qawale", &[])
    }

    #[test]
    fn moves_sort_label_by_label_with_numbers_as_numbers() {
        let mut texts = [
            "i10-i9 j8",
            "i2-i5 j10",
            "i2-i5 j4",
            "d1-d10 e4",
            "d1-d5 e4",
            "c3xe5",
        ];
        texts.sort_by(|a, b| move_key(a).cmp(&move_key(b)));
        let sorted = [
            "c3xe5",
            "d1-d5 e4",
            "d1-d10 e4",
            "i2-i5 j4",
            "i2-i5 j10",
            "i10-i9 j8",
        ];
        assert_eq!(texts, sorted);
    }

    #[test]
    fn relocation_help_lists_where_each_piece_may_go() {
        let rules = crate::compile::shipped(
            "exago",
            &[("must_block", 0), ("handicap.Red", 9), ("handicap.Blue", 9)],
        );
        let first_red = (0..100)
            .find(|&s| rules.start(s).mover == 0)
            .expect("a seed");
        let mut state = rules.start(first_red);
        for m in ["f6", "f7", "f8", "f9", "f10", "f5"] {
            let m = rules.parse_move(&state, m).expect("legal");
            rules.play(&mut state, m);
        }
        let legal = rules.sorted_moves(&state);
        let text = help(&rules, &state, &legal);
        assert!(
            text.starts_with(&format!("Legal moves ({}):\n", legal.len())),
            "{text}"
        );
        for line in ["  f6 to: ", "  f8 to: ", "  f10 to: "] {
            assert!(text.contains(line), "{text}");
        }
        assert!(!text.contains("place on:"), "Red holds no tile: {text}");
    }

    #[test]
    fn placement_help_is_a_plain_list() {
        let rules = crate::compile::shipped("tic-tac-toe", &[]);
        let state = rules.start(1);
        let legal = rules.sorted_moves(&state);
        assert_eq!(
            help(&rules, &state, &legal),
            "Legal moves (9):\n  a1 b1 c1 a2 b2 c2 a3 b3 c3\nCommands: a move (e.g. `a1`), \
             `help`, `hint` (the AI's move for you; `hint 5000` searches 5000 playouts), \
             `undo` (take back your last move), `board`, `quit`.\n"
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
            let steps = |m: &&Move| rules.sown(**m).map_or(0, |(_, steps, _)| steps);
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
