//! What `tabula play` tells a person besides the board: how the game ended
//! (marked on the board), what a move took off it, and prose that fits the
//! terminal's 80 columns (issue 32, item 16).

#[path = "common/run.rs"]
mod run;

use run::{rules, typed};

/// `tabula play ARGS` with `input` typed; its output.
fn play(args: &[&str], input: &str) -> String {
    typed(&[&["play"], args].concat(), input)
}

#[test]
fn hex_marks_the_chain_that_joins_the_sides() {
    let hex = rules("hex.game");
    let moves = "b1,a1,b2,a2,b3";
    let args = [
        &hex,
        "--set",
        "size=3",
        "--players",
        "random,random",
        "--moves",
        moves,
    ];
    let out = play(&args, "");
    assert!(
        out.contains("Red wins with a chain of 3 joining two sides: b1 b2 b3."),
        "{out}"
    );
    // Each cell of the chain between stars, on its own row.
    assert_eq!(out.matches("*R*").count(), 3, "{out}");
}

#[test]
fn yavalath_marks_the_three_that_lost() {
    let out = play(
        &[
            &rules("yavalath.game"),
            "--players",
            "random,random",
            "--moves",
            "a1,e5,a2,e7,a3",
        ],
        "",
    );
    let said = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("Black wins by the rule `end when line(3, mover): next wins`: White has 3 in a line: a1 a2 a3."),
        "{out}"
    );
    assert!(out.contains("*W*W*W*"), "{out}");
}

#[test]
fn a_capture_says_what_left_the_board() {
    let opening = "a2-a3, h7-h6, a3-a4, h6-h5, a4-a5, h5-h4, a5-a6";
    let args = [
        &rules("breakthrough.game"),
        "--players",
        "human,human",
        "--moves",
        opening,
    ];
    let out = play(&args, "b7-a6\nquit\n");
    assert!(out.contains("White's piece on a6 left the board."), "{out}");
}

#[test]
fn a_jump_says_which_peg_it_took() {
    let args = [&rules("peg-solitaire.game"), "--players", "human"];
    let out = play(&args, "d6-d4\nquit\n");
    assert!(out.contains("Solo's piece on d5 left the board."), "{out}");
}

/// A piece the mover takes off its own cell is gone, not moved: nothing of
/// the mover's arrived elsewhere.
#[test]
fn a_piece_removed_by_its_owner_left_the_board() {
    let dir = tempfile::TempDir::new().unwrap();
    let file = dir.path().join("take-back.game");
    let text = "game \"Take back\"\nplayers X, O\nboard square 3 x 3\n\
                phase play\n  place where empty\n  remove where owner(cell) == mover\n\
                end when full: draw\n";
    std::fs::write(&file, text).unwrap();
    let args = [
        file.to_str().unwrap(),
        "--players",
        "human,human",
        "--moves",
        "a1,b1",
    ];
    let out = play(&args, "a1\nquit\n");
    assert!(out.contains("X's piece on a1 left the board."), "{out}");
}

/// A turn of a block moves pieces: none left the board.
#[test]
fn marbles_a_block_turns_did_not_leave_the_board() {
    let args = [
        &rules("pentago.game"),
        "--players",
        "human,human",
        "--moves",
        "a6 1cw",
    ];
    // White's turn of block 1 takes Black's marble from c6 to c4.
    let out = play(&args, "f1 1cw\nquit\n");
    assert!(
        out.contains("turn 3: Black to move"),
        "the move was not played: {out}"
    );
    assert!(!out.contains("left the board"), "{out}");
}

#[test]
fn discs_turned_over_did_not_leave_the_board() {
    let args = [&rules("reversi.game"), "--players", "human,human"];
    let out = play(&args, "d3\nquit\n");
    assert!(out.contains("[B]"), "d3 was not played: {out}");
    assert!(!out.contains("left the board"), "{out}");
}

/// Every line `play` prints fits in 80 columns, so that the terminal never
/// breaks a word (`fiel/d`): the first lines, the help, the end.
#[test]
fn play_fits_80_columns_in_every_shipped_game() {
    let dir = format!("{}/rules", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let file = path.to_string_lossy().into_owned();
        let seats = if file.contains("peg-solitaire") {
            "human"
        } else if file.contains("partners") {
            "human,random,random,random"
        } else {
            "human,random"
        };
        let out = play(
            &[&file, "--players", seats, "--seed", "1"],
            "help\nboard\nundo\nquit\n",
        );
        for line in out.lines() {
            assert!(
                line.chars().count() <= 80,
                "{file}: a line of {} columns:\n{line}",
                line.chars().count()
            );
        }
    }
    // The end, with the rule quoted.
    let args = [
        &rules("yavalath.game"),
        "--players",
        "random,random",
        "--moves",
        "a1,e5,a2,e7,a3",
    ];
    for line in play(&args, "").lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
}

/// Exago: a relocation that cuts groups off says which tiles went back.
#[test]
fn exago_says_which_tiles_a_relocation_sent_back() {
    let exago = rules("exago.game");
    let said = (1..=10).find_map(|seed| {
        let seed = seed.to_string();
        let out = play(&[&exago, "--players", "random,random", "--seed", &seed], "");
        // The sentence, its lines joined.
        let text = out.split_whitespace().collect::<Vec<_>>().join(" ");
        let at = text.find("went back to")?;
        let start = text[..at].rfind(". ").map_or(0, |i| i + 2);
        let end = at + text[at..].find('.')?;
        Some(text[start..=end].to_string())
    });
    let said = said.expect("no relocation sent a group back in 10 games");
    assert!(
        said.contains("piece on ") || said.contains("pieces on "),
        "{said}"
    );
    assert!(said.ends_with("'s supply."), "{said}");
}

/// A game that ends because the player to move has none says so.
#[test]
fn a_stuck_player_is_named_at_the_end() {
    let args = [
        &rules("oware.game"),
        "--set",
        "houses=3",
        "--set",
        "seeds=2",
        "--players",
        "human,human",
        "--moves",
        "a1,c2,c1,b2,b1,c2,c1,a2,c1",
    ];
    let out = play(&args, "quit\n");
    assert!(
        out.contains(
            "The game ended because North had no legal move (`otherwise highest score wins`)."
        ),
        "{out}"
    );
}

#[test]
fn a_game_of_dice_says_each_throw_and_keeps_the_seed_to_the_end() {
    // Seed 1 throws Red a 6 first: a mover comes in, and Red throws again.
    let out = play(
        &[
            &rules("ludo.game"),
            "--seed",
            "1",
            "--players",
            "human,mcts:20",
        ],
        "rh\nquit\n",
    );
    assert!(out.contains("turn 1: Red to move, a 6 thrown"), "{out}");
    assert!(out.contains("turn 2: Red to move, a "), "{out}");
    // The seed would tell every throw to come: not said while playing.
    assert!(!out.contains("seed 1"), "{out}");
    let watched = play(
        &[
            &rules("ludo.game"),
            "--seed",
            "1",
            "--players",
            "random,random",
        ],
        "",
    );
    assert!(
        watched.contains("Red, a 6 thrown, plays Rh-R0"),
        "{watched}"
    );
    assert!(
        watched.contains("The throws came from seed 1 (`--seed 1` throws them again)."),
        "{watched}"
    );
}
