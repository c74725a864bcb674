//! Random playouts, which the engine runs in tighter loops for a last
//! phase of placements only (on one word for small boards whose ends are
//! lines and a full board), against turn-by-turn play: the same random
//! draws give the same game, move for move, down to every table of the
//! final state.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabula::engine::{random_playout, State};
use tabula::ir::plan::{DuelLines, Playout};
use tabula::ir::Rules;

#[path = "common/rules.rs"]
#[allow(dead_code)]
mod rules;
use rules::{load, load_text};

/// Three seats with a supply of six, a cell closed to placing and a line
/// that makes the next seat win: games end by a line, or stop when a seat
/// has no piece left.
const THREE_SEATS: &str = r#"
game "Three Seats"
players Red, Green, Blue
board square 5 x 5
supply 6
phase play
  place where empty and cell != c3
end when line(3, mover): next wins
end when full: draw
"#;

/// Connect Four with one column closed and an end no word holds (a count).
const SIX_COLUMNS: &str = r#"
game "Six Columns"
players Yellow, Red
board square 7 x 6
phase play
  drop where column(cell) != 4
end when line(4, mover): mover wins
end when count(mover) == 18: draw
"#;

/// Three seats scoring rows of three after an opening phase of two turns
/// on the inner cells: the placement loop starts on the third turn and
/// keeps scores and an effect after each turn that hands points to the
/// next seat's supply.
const SCORED_ROWS: &str = r#"
game "Scored Rows"
players Red, Green, Blue
board square 6 x 6
supply 9
score(p) = runs(3, p)
phase inner for 2 turns
  place where empty and not edge
phase rows
  place where empty
after turn: supply(next) += gain(mover)
end when supply(mover) == 0 or full: highest score wins
"#;

/// A race to a line of four on a hexagon where each point scored costs a
/// piece, with a centre opening: an effect that reads the score's rise,
/// and an end rule that is a line.
const COSTLY_LINES: &str = r#"
game "Costly Lines"
players White, Black
board hex 4
supply 14
score(p) = runs(3, p)
phase centre for 1 turn
  place where centre
phase lines
  place where empty
after turn: supply(mover) -= gain(mover)
end when line(4, mover): mover wins
end when supply(mover) == 0: highest score wins
end when full: draw
"#;

/// The game turn-by-turn play gives: the engine's random move, played,
/// until there is none.
fn turn_by_turn(rules: &Rules, seed: u64) -> (State, u32) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut state, mut buf) = (rules.start(seed), Vec::new());
    let mut played = 0;
    while let Some(m) = rules.random_move(&state, &mut buf, &mut rng) {
        rules.play(&mut state, m);
        played += 1;
    }
    (state, played)
}

/// Checks that `games` random playouts of `rules` end exactly as turn-by-turn
/// play with the same draws, whole and cut into pieces of a few moves.
fn playouts_match_turns(name: &str, rules: &Rules, games: u64) {
    let mut buf = Vec::new();
    let mut outcomes = 0;
    for seed in 0..games {
        let (expected, moves) = turn_by_turn(rules, seed);
        outcomes += u32::from(expected.is_over());

        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut whole = rules.start(seed);
        let n = random_playout(rules, &mut whole, &mut buf, &mut rng, 10_000);
        assert_eq!(n, moves, "{name} seed {seed}: moves played");
        assert!(
            whole == expected,
            "{name} seed {seed}: the final states differ"
        );

        // Stopped every few moves and taken up again, as a capped playout
        // is, and equal to turn-by-turn play wherever it stops.
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut pieces = rules.start(seed);
        let (mut step_rng, mut stepped) = (Pcg64Mcg::seed_from_u64(seed), rules.start(seed));
        let mut total = 0;
        for cap in (1..).map(|k| k % 4) {
            let n = random_playout(rules, &mut pieces, &mut buf, &mut rng, cap);
            total += n;
            for _ in 0..n {
                let m = rules.random_move(&stepped, &mut buf, &mut step_rng);
                rules.play(
                    &mut stepped,
                    m.expect("a move where the playout played one"),
                );
            }
            assert!(
                pieces == stepped,
                "{name} seed {seed}: a capped playout differs after {total} moves"
            );
            if n < cap {
                break;
            }
        }
        assert_eq!(total, moves, "{name} seed {seed}: moves played in pieces");
        assert!(
            pieces == expected,
            "{name} seed {seed}: a capped playout lost its way"
        );
    }
    assert!(outcomes > 0, "{name}: no game ended with a result");
}

#[test]
fn tic_tac_toe_playouts_are_turn_by_turn_games() {
    playouts_match_turns("tic-tac-toe", &load("tic-tac-toe.game", &[]), 300);
}

#[test]
fn connect_four_playouts_are_turn_by_turn_games() {
    playouts_match_turns("connect four", &load("connect-four.game", &[]), 300);
    let small = load("connect-four.game", &[("columns", 5), ("rows", 4)]);
    playouts_match_turns("connect four 5x4", &small, 300);
}

#[test]
fn gomoku_playouts_are_turn_by_turn_games() {
    // 8 x 8 fits one word; 15 x 15 does not.
    playouts_match_turns("gomoku 8", &load("gomoku.game", &[("size", 8)]), 100);
    playouts_match_turns("gomoku 15", &load("gomoku.game", &[]), 20);
    let exact = load("gomoku.game", &[("size", 8), ("exact", 1)]);
    playouts_match_turns("gomoku 8 exact", &exact, 100);
}

#[test]
fn hex_playouts_are_turn_by_turn_games() {
    playouts_match_turns("hex 5", &load("hex.game", &[("size", 5)]), 200);
}

#[test]
fn playouts_with_supplies_masks_and_other_ends_are_turn_by_turn_games() {
    let three = load_text(THREE_SEATS, &[]);
    playouts_match_turns("three seats", &three, 300);
    // Some games stop with a seat out of pieces: no result, and no crash.
    let unfinished = (0..300).filter(|&s| !turn_by_turn(&three, s).0.is_over());
    assert!(unfinished.count() > 0, "three seats: every game ended");
    playouts_match_turns("six columns", &load_text(SIX_COLUMNS, &[]), 300);
    let path = format!(
        "{}/tests/hostile/word-loop-uneven-supplies.game",
        env!("CARGO_MANIFEST_DIR")
    );
    let uneven = load_text(
        &std::fs::read_to_string(&path).expect("a hostile file"),
        &[],
    );
    assert!(matches!(
        uneven.plan.playout,
        Playout::Placement { words: Some(_), .. }
    ));
    playouts_match_turns("uneven supplies", &uneven, 300);
}

#[test]
fn two_seat_word_loops_are_turn_by_turn_games() {
    // Lines by shifts on guard columns where the rows fit (64 bits
    // exactly, three axes), by the line table where they just do not.
    let cases = [
        ("guard-columns-just-fit", true),
        ("guard-columns-rhombus", true),
        ("guard-columns-just-miss", false),
    ];
    for (file, guard) in cases {
        let path = format!("{}/tests/hostile/{file}.game", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("a hostile file");
        let rules = load_text(&text, &[]);
        let Playout::Placement {
            words: Some(words), ..
        } = &rules.plan.playout
        else {
            panic!("{file}: not the word loop");
        };
        let chosen = matches!(words.duel, Some(DuelLines::Guard(_)));
        assert!(words.duel.is_some() && chosen == guard, "{file}");
        playouts_match_turns(file, &rules, 200);
    }
    let gomoku = load("gomoku.game", &[("size", 6), ("exact", 0)]);
    playouts_match_turns("gomoku 6", &gomoku, 200);
}

#[test]
fn playouts_with_opening_phases_scores_and_effects_are_turn_by_turn_games() {
    playouts_match_turns("scored rows", &load_text(SCORED_ROWS, &[]), 200);
    playouts_match_turns("costly lines", &load_text(COSTLY_LINES, &[]), 200);
    playouts_match_turns("hex fours 4", &load("hex-fours.game", &[("size", 4)]), 200);
}

#[test]
fn playouts_of_other_games_are_turn_by_turn_games() {
    playouts_match_turns("reversi", &load("reversi.game", &[]), 30);
    playouts_match_turns("hex fours", &load("hex-fours.game", &[]), 30);
    playouts_match_turns("kalah", &load("kalah.game", &[]), 30);
}

#[test]
fn flipping_playouts_are_turn_by_turn_games() {
    let reversi = load("reversi.game", &[]);
    assert!(matches!(reversi.plan.playout, Playout::Flips(..)));
    playouts_match_turns("reversi", &reversi, 100);
    // Forced passes are common on small boards, and with three seats.
    for file in ["flip-enclosed-4x4", "flip-enclosed-three-seats-6x6"] {
        let path = format!("{}/tests/hostile/{file}.game", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("a hostile file");
        let rules = load_text(&text, &[]);
        assert!(matches!(rules.plan.playout, Playout::Flips(..)), "{file}");
        playouts_match_turns(file, &rules, 200);
    }
}

/// Three seats sowing on a 4 x 4 board with two kinds of neutral stack:
/// sown stacks go any way (reversals allowed); a line of three for the
/// next seat ends the game for it, a line for the mover or a full board
/// ends it for the mover, and late in the game Red's sixth piece draws.
const THREE_SOWERS: &str = r#"
game "Three Sowers"
players Red, Green, Blue
board square 4 x 4 with stacks
neutral Sand, Stone
supply 7
setup: put 1 Sand where corner; put 2 Stone where cell == c3
phase play
  place where not empty then sow
end when line(3, next): next wins
end when line(3, mover) or full: mover wins
end when turn > 18 and count(Red) >= 6: draw
"#;

/// Two seats sowing without lines (the state keeps no bitboards then): the
/// first to have five pieces played wins unless the board fills first.
const SOWING_RACE: &str = r#"
game "Sowing Race"
players Light, Dark
board square 3 x 3 with stacks
neutral Tan
supply 6
setup: put 1 Tan where not corner
phase play
  place where not empty then sow without reversal
end when full: draw
end when count(mover) >= 5: mover wins
"#;

#[test]
fn sowing_playouts_are_turn_by_turn_games() {
    playouts_match_turns("qawale", &load("qawale.game", &[]), 300);
    playouts_match_turns("three sowers", &load_text(THREE_SOWERS, &[]), 300);
    playouts_match_turns("sowing race", &load_text(SOWING_RACE, &[]), 300);
}

/// Three seats placing single stones on numbered fields by the sum of one
/// or two cards, each field taken once, with a forced discard when no set
/// names an empty field: games end by a row of three or a full board.
const CARD_ROWS: &str = r#"
game "Card Rows"
players Red, Green, Blue
board square 4 x 4
numbers
   1  2  3  4
   5  6  7  8
   9 10 11 12
  13 14 15 16
deck 2 x 1..9
hand 3
phase play
  play 1..2 cards then place on field(total) where empty then draw played
  otherwise discard hand then draw 3
end when line(3, mover): mover wins
end when full: draw
"#;

#[test]
fn card_playouts_are_turn_by_turn_games() {
    for seats in 2..=4 {
        let rules = load("just-4-fun.game", &[("seats", seats)]);
        playouts_match_turns(&format!("just 4 fun, {seats} seats"), &rules, 100);
    }
    playouts_match_turns("card rows", &load_text(CARD_ROWS, &[]), 200);
}
