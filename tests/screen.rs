//! What a new user sees: commands that act as they expect, and no numbers
//! that mean nothing.

mod common;
#[path = "common/run.rs"]
mod run;

use common::tabula_in;
use tempfile::TempDir;

fn dir_with(name: &str, text: &str) -> TempDir {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    dir
}

#[test]
fn moves_without_a_file_lists_the_built_in_game_as_play_does() {
    let dir = TempDir::new().unwrap();
    let (code, stdout, stderr) = tabula_in(&dir, &["moves"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("Hex Fours, turn 1"), "{stdout}");
    assert!(stdout.contains("61 legal moves"), "{stdout}");
}

#[test]
fn a_score_of_pieces_counted_shows_during_play() {
    let dir = dir_with(
        "count.game",
        "game \"Count\"\nplayers X, O\nboard square 3 x 3\nscore(p) = count(p)\n\
         phase play\n  place where empty\nend when full: highest score wins\n",
    );
    let (code, stdout, stderr) = tabula_in(&dir, &["moves", "count.game", "--moves", "a1,b1,a2"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("X: score 2   O: score 1"), "{stdout}");
}

#[test]
fn replay_of_a_game_without_scores_prints_none() {
    let dir = TempDir::new().unwrap();
    let rules = format!("{}/rules/tic-tac-toe.game", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(&rules, dir.path().join("ttt.game")).unwrap();
    let args = ["simulate", "ttt.game", "--games", "1", "--records", "r"];
    assert_eq!(tabula_in(&dir, &args).0, 0);
    let (code, stdout, stderr) = tabula_in(&dir, &["replay", "r/game-00001.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("result checked: "), "{stdout}");
    assert!(
        !stdout.contains("0-0"),
        "scores in a game without scores: {stdout}"
    );
}

#[test]
fn a_forced_move_in_the_open_is_announced_but_not_searched() {
    let dir = dir_with(
        "two.game",
        "game \"Two cells\"\nplayers X, O\nboard square 2 x 1\n\
         phase play\n  place where empty\nend when full: draw\n",
    );
    let args = ["play", "two.game", "--players", "mcts,mcts", "--seed", "1"];
    let (code, stdout, stderr) = tabula_in(&dir, &args);
    assert_eq!(code, 0, "{stderr}");
    // X chooses between two cells; O's one cell is forced, and announced
    // alike (issue 32, item 26), but with open hands not searched.
    assert_eq!(stdout.matches("is thinking").count(), 2, "{stdout}");
    assert!(stdout.contains("as its only move"), "{stdout}");
    assert!(
        !stdout.contains("Type a move"),
        "nobody types here: {stdout}"
    );
}

#[test]
fn the_end_of_a_game_says_how_it_was_won() {
    let dir = TempDir::new().unwrap();
    let rules = format!("{}/rules/tic-tac-toe.game", env!("CARGO_MANIFEST_DIR"));
    let won = "b2,a1,c3,a3,a2,c1,b1,b3,c2";
    let args = ["play", &rules, "--players", "random,random", "--moves", won];
    let (code, stdout, stderr) = tabula_in(&dir, &args);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("X wins with 3 in a row: a2 b2 c2."),
        "{stdout}"
    );
    // The final board marks the line (stars: no colour into a pipe).
    assert!(stdout.contains("2 *X*X*X* 2"), "{stdout}");
    let drawn = "b2,a1,c3,a3,a2,c2,b3,b1,c1";
    let args = [
        "play",
        &rules,
        "--players",
        "random,random",
        "--moves",
        drawn,
    ];
    let (_, stdout, _) = tabula_in(&dir, &args);
    assert!(
        stdout.contains("The game ended by the rule `end when full: draw`."),
        "{stdout}"
    );
}

#[test]
fn replay_says_which_rules_it_used_and_refuses_a_name_that_does_not_fit() {
    let dir = TempDir::new().unwrap();
    // A game of the built-in Hex Fours, recorded away from the project.
    let args = [
        "play",
        "--players",
        "random,random",
        "--seed",
        "2",
        "--record",
        "g.json",
    ];
    assert_eq!(tabula_in(&dir, &args).0, 0);
    let (code, stdout, stderr) = tabula_in(&dir, &["replay", "g.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("against rules/hex-fours.game (built in)"),
        "{stdout}"
    );
    // The same record naming another game's file is refused.
    let text = std::fs::read_to_string(dir.path().join("g.json")).unwrap();
    let renamed = text.replace("rules/hex-fours.game", "rules/qawale.game");
    std::fs::write(dir.path().join("r.json"), renamed).unwrap();
    let (code, _, stderr) = tabula_in(&dir, &["replay", "r.json"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("--rules FILE"), "{stderr}");
    // A record of a rules file that is not here asks for it.
    let rules = format!("{}/rules/tic-tac-toe.game", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(&rules, dir.path().join("ttt.game")).unwrap();
    let args = ["simulate", "ttt.game", "--games", "1", "--records", "recs"];
    assert_eq!(tabula_in(&dir, &args).0, 0);
    std::fs::remove_file(dir.path().join("ttt.game")).unwrap();
    // The record holds the rules text (issue 32, item 2) ...
    let (code, stdout, stderr) = tabula_in(&dir, &["replay", "recs/game-00001.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("as the record holds it"), "{stdout}");
    // ... which an older record does not.
    let path = dir.path().join("recs/game-00001.json");
    let older = without_rules_text(&std::fs::read_to_string(&path).unwrap());
    std::fs::write(&path, older).unwrap();
    let (code, _, stderr) = tabula_in(&dir, &["replay", "recs/game-00001.json"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("pass the rules file with --rules FILE"),
        "{stderr}"
    );
}

/// A record as written before records held their rules text.
fn without_rules_text(record: &str) -> String {
    let mut value: serde_json::Value = serde_json::from_str(record).unwrap();
    value.as_object_mut().unwrap().remove("rules_text");
    value.to_string()
}

#[test]
fn a_move_typed_as_several_cells_is_refused_in_the_games_terms() {
    let text = std::fs::read_to_string(format!(
        "{}/rules/tic-tac-toe.game",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let rules = tabula::compile::load(&text, &[]).unwrap();
    let state = rules.start(0);
    for typed in ["b2 c3", "b2,c3", " b2  c3 "] {
        let refused = rules.parse_move(&state, typed).unwrap_err().to_string();
        assert_eq!(
            refused, "`b2 c3` names 2 cells; a move here is one cell, such as `b2`",
            "{typed}"
        );
        assert!(!refused.contains("sow"), "{refused}");
    }
    // The example is a move that can be played: not a taken first cell.
    let taken = rules.parse_move(&state, "b2").unwrap();
    let mut after = state.clone();
    rules.play(&mut after, taken);
    let refused = rules.parse_move(&after, "b2 c3").unwrap_err().to_string();
    assert_eq!(
        refused,
        "`b2 c3` names 2 cells; a move here is one cell, such as `a1`"
    );
}

#[test]
fn just_4_fun_for_four_fits_a_24_line_terminal() {
    let dir = TempDir::new().unwrap();
    let rules = format!("{}/rules/just-4-fun.game", env!("CARGO_MANIFEST_DIR"));
    let args = [
        "play",
        &rules,
        "--set",
        "seats=4",
        "--players",
        "random,random,random,random",
        "--moves",
        "",
    ];
    let (code, stdout, stderr) = tabula_in(&dir, &args);
    assert_eq!(code, 0, "{stderr}");
    // One screen: the board from its top border to the piles under the
    // status, with a line left for the prompt and one for a message.
    let lines: Vec<&str> = stdout.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.starts_with('┌'))
        .expect("a board");
    let piles = top
        + lines[top..]
            .iter()
            .position(|l| l.starts_with("Draw pile"))
            .expect("piles");
    assert!(piles - top < 22, "{} lines:\n{stdout}", piles - top + 1);
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{stdout}");
}

#[test]
fn explain_prints_a_codes_section_and_check_points_to_it() {
    let dir = dir_with(
        "broken.game",
        "game \"T\"\nplayers X, O\nboard square 3 x 3\nphase play\n  place where emtpy\n\
         end when full: draw\n",
    );
    let (code, _, stderr) = tabula_in(&dir, &["check", "broken.game"]);
    assert_eq!(code, 1);
    assert!(
        stderr.ends_with("try `tabula explain E0002`.\n"),
        "{stderr}"
    );
    let (code, stdout, stderr) = tabula_in(&dir, &["explain", "E0002"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("E0002: unknown name"), "{stdout}");
    assert!(stdout.contains("help: did you mean `empty`?"), "{stdout}");
    let (code, _, stderr) = tabula_in(&dir, &["explain", "E9999"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no diagnostic code `E9999`"), "{stderr}");
    assert!(stderr.contains("E0001, E0002"), "{stderr}");
}

#[test]
fn an_unknown_name_is_suggested_only_from_its_own_kind() {
    // `lime(3, mover)` is a call: `line` fits, the seat `Lime` does not.
    let dir = dir_with(
        "kinds.game",
        "game \"T\"\nplayers Lime, Blue\nboard square 3 x 3\nphase play\n  place where empty\n\
         end when lime(3, mover): mover wins\nend when Lim == mover: draw\n",
    );
    let (code, _, stderr) = tabula_in(&dir, &["check", "kinds.game"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("unknown name `lime`"), "{stderr}");
    assert!(stderr.contains("did you mean `line`?"), "{stderr}");
    // `Lim` alone is bare: the seat fits, once.
    assert_eq!(
        stderr.matches("did you mean `Lime`?").count(),
        1,
        "{stderr}"
    );
}

#[test]
fn an_item_with_a_syntax_error_is_not_reported_missing_too() {
    let rules = std::fs::read_to_string(format!(
        "{}/rules/just-4-fun.game",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    for (from, to) in [
        ("deck 4 x 1..12", "deck 4 y 1..12"),
        (
            "board square 6 x 6 with stacks",
            "board square 6 x 6 with stakcs",
        ),
        ("owner majority", "owner majorty"),
    ] {
        assert!(rules.contains(from));
        let dir = dir_with("broken.game", &rules.replace(from, to));
        let (code, stdout, stderr) = tabula_in(&dir, &["check", "broken.game"]);
        assert_eq!(code, 1);
        assert_eq!(stderr.matches("error[").count(), 1, "{to}: {stderr}");
        assert!(stdout.contains("1 error and 0 warnings"), "{to}: {stdout}");
    }
}

#[test]
fn a_record_names_its_rules_from_its_folder_and_nothing_outside_is_read() {
    let dir = TempDir::new().unwrap();
    let rules = format!("{}/rules/tic-tac-toe.game", env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir(dir.path().join("rules")).unwrap();
    std::fs::copy(&rules, dir.path().join("rules/ttt.game")).unwrap();
    let args = [
        "simulate",
        "rules/ttt.game",
        "--games",
        "1",
        "--records",
        "recs",
    ];
    assert_eq!(tabula_in(&dir, &args).0, 0);
    let text = std::fs::read_to_string(dir.path().join("recs/game-00001.json")).unwrap();
    assert!(text.contains(r#""rules": "../rules/ttt.game""#), "{text}");
    // Without the rules text the record holds, as older records are.
    let text = without_rules_text(&text);
    // From the project folder and from the records' folder alike.
    let (code, stdout, stderr) = tabula_in(&dir, &["replay", "recs/game-00001.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("against rules/ttt.game"), "{stdout}");
    // A record naming a file by an absolute path, or climbing out of every
    // folder it may read, is not read, and the name is not printed.
    let secret = dir.path().join("rules/ttt.game");
    let secret = secret.to_str().unwrap();
    for named in [secret, "../../../../../../../../etc/hostname"] {
        let changed = text.replace("../rules/ttt.game", named);
        std::fs::write(dir.path().join("recs/evil.json"), changed).unwrap();
        let (code, _, stderr) = tabula_in(&dir, &["replay", "recs/evil.json"]);
        assert_eq!(code, 2, "{stderr}");
        assert!(
            !stderr.contains("ttt.game") && !stderr.contains("etc"),
            "{stderr}"
        );
        assert!(stderr.contains("--rules FILE"), "{stderr}");
    }
}

/// What `play` prints for each line of `input` typed into `file`, two
/// people at the table.
fn typed_into(file: &str, input: &str) -> String {
    let rules = run::rules(file);
    run::typed(
        &["play", &rules, "--players", "human,human", "--seed", "1"],
        input,
    )
}

/// A move typed only in part (a morris placement that makes a mill and
/// leaves out the piece it removes, an amazon moved without its arrow) is
/// said to go on, with a whole move as the example, not "not allowed".
#[test]
fn a_move_typed_in_part_is_said_to_go_on() {
    let out = typed_into("morris.game", "a1\nb2\nd1\nb4\ng1\nquit\n");
    assert!(
        out.contains("`g1` is only the start of a move: here it goes on, as `g1 b2` does"),
        "{out}"
    );
    let out = typed_into("amazons.game", "d1-d5\nd1-e3 e4\nquit\n");
    assert!(out.contains("`d1-d5` is only the start of a move"), "{out}");
    // The arrow's cell is not read as part of the cell gone to.
    assert!(
        out.contains("after d1 is picked up, e3 is not allowed"),
        "{out}"
    );
    assert!(!out.contains("not a cell"), "{out}");
}

/// Chess's legend is a line a seat, each within 80 columns.
#[test]
fn the_legend_of_kinds_is_a_line_a_seat() {
    let out = typed_into("chess.game", "quit\n");
    let white = "White: P = pawn   K = king   Q = queen   R = rook   B = bishop   N = knight";
    let black = "Black: p = pawn   k = king   q = queen   r = rook   b = bishop   n = knight";
    assert!(out.contains(&format!("{white}\n{black}\n")), "{out}");
}

/// Pentago's board draws no borders between its blocks: the legend names
/// each block by its corners, numbered as the rule counts them.
#[test]
fn the_blocks_a_rule_turns_are_named_in_the_legend() {
    let out = typed_into("pentago.game", "quit\n");
    assert!(
        out.contains("Blocks of 3 x 3: 1 a4-c6, 2 d4-f6, 3 a1-c3, 4 d1-f3."),
        "{out}"
    );
}

/// Oware's pits show counts: no letter legend that names nothing shown.
#[test]
fn a_pit_board_has_no_letter_legend() {
    let out = typed_into("oware.game", "quit\n");
    assert!(out.contains("A pit shows its seeds"), "{out}");
    assert!(!out.contains("S = South"), "{out}");
}

/// `replay` says a scored result as `play` does: the winner's score first.
#[test]
fn replay_puts_the_winners_score_first_as_play_does() {
    let dir = TempDir::new().unwrap();
    let record = dir.path().join("go.json");
    let path = record.to_str().unwrap();
    let rules = run::rules("go.game");
    let args = ["play", &rules, "--players", "human,human", "--record", path];
    let played = run::typed(&args, "e5\nc3\npass\npass\n");
    assert!(played.contains("White wins 8-1"), "{played}");
    let replayed = run::typed(&["replay", path], "");
    assert!(
        replayed.contains("result checked: White wins, 8-1"),
        "{replayed}"
    );
}

/// A player in check is told so (chess's `must leave not checked` does not
/// hold as the turn begins), and a mate says why the game ended.
#[test]
fn check_and_mate_are_said() {
    let out = typed_into("chess.game", "e2-e4\nf7-f6\nd1-h5\nquit\n");
    assert!(out.contains("turn 4: Black to move, checked\n"), "{out}");
    assert!(out.contains("turn 3: White to move\n"), "{out}");
    let out = typed_into("chess.game", "f2-f3\ne7-e5\ng2-g4\nd8-h4\n");
    let mate = "White had no legal move while checked (`otherwise lose`)";
    assert!(out.contains(mate), "{out}");
}

/// `help` stays readable: Amazons' 2,176 moves as a count and a few for
/// each amazon; Pentago's moves of two words kept whole, with commas.
#[test]
fn help_lists_many_moves_and_moves_of_two_words_readably() {
    let out = typed_into("amazons.game", "help\nquit\n");
    assert!(
        out.contains("Legal moves (2176), too many to list"),
        "{out}"
    );
    assert!(out.contains("  d1 to: 544 moves, e.g. "), "{out}");
    assert!(out.lines().count() < 60, "{out}");
    let out = typed_into("pentago.game", "help\nquit\n");
    assert!(out.contains("  a1 1ccw, a1 1cw, a1 2ccw,"), "{out}");
}

/// A refused track move is quoted as it was typed, not in lower case.
#[test]
fn a_refused_track_move_is_quoted_as_typed() {
    let out = typed_into("ludo.game", "R3-R9\nquit\n");
    assert!(out.contains("`R3-R9` is not a move now"), "{out}");
}

/// A move that hits says so: the board shows one more mover on the bar
/// (backgammon) or at home (Ludo), which is easy to miss.
#[test]
fn a_hit_is_said() {
    let dir = TempDir::new().unwrap();
    let rules = format!("{}/rules/backgammon.game", env!("CARGO_MANIFEST_DIR"));
    let args = ["play", &rules, "--players", "random,random", "--seed", "4"];
    let (code, stdout, stderr) = tabula_in(&dir, &args);
    assert_eq!(code, 0, "{stderr}");
    let said =
        "White, 4 and 3 thrown (7), plays p8-p4 p24-p21\n\nHit: 1 Black mover, sent to the bar.";
    assert!(stdout.contains(said), "{stdout}");
    // Ludo's movers go home.
    let rules = format!("{}/rules/ludo.game", env!("CARGO_MANIFEST_DIR"));
    let args = ["play", &rules, "--players", "random,random", "--seed", "4"];
    let (_, stdout, _) = tabula_in(&dir, &args);
    assert!(stdout.contains(" mover, sent home."), "{stdout}");
}
