//! The hand-written native Connect Four and Reversi
//! (`benches/native/connect_four.rs`, `benches/native/reversi.rs`) checked on
//! their own: perft counts from the start, scenarios for each way a game
//! ends, and seeded random games compared move by move with slow reference
//! models written here on a plain grid of cells, with invariants after every
//! move. Timings: `cargo test --release --test native_classics -- --ignored
//! --nocapture`.

#[path = "../benches/native/connect_four.rs"]
mod connect_four;
#[path = "../benches/native/reversi.rs"]
mod reversi;

use std::time::Instant;

use connect_four::{column_of, parse_column, ConnectFour};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reversi::{notation, parse_cell, parse_move, Ending, Move, Reversi, BLACK, WHITE};

/// Random games of each game played with invariants.
const GAMES: u64 = 1000;

/// The eight line directions as (column step, row step).
const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

// ---------------------------------------------------------------- Connect Four

/// Plays a sequence of column letters, e.g. `"aabbc"`.
fn c4(moves: &str) -> ConnectFour {
    let mut g = ConnectFour::new();
    for letter in moves.chars() {
        g.play(parse_column(letter).expect("a column letter"));
    }
    g
}

/// The labels of `seat`'s discs, ascending by cell id.
fn c4_discs(g: &ConnectFour, seat: usize) -> Vec<String> {
    (0..connect_four::CELLS)
        .filter(|&c| g.owner(c) == Some(seat))
        .map(connect_four::cell_label)
        .collect()
}

/// Whether `seat` has four in a row, by trying every cell and direction on
/// the interpreter's cell ids (independent of the bitboard layout).
fn c4_has_four(g: &ConnectFour, seat: usize) -> bool {
    let (w, h) = (connect_four::COLUMNS as i32, connect_four::ROWS as i32);
    let owns = |x: i32, y: i32| {
        (0..w).contains(&x) && (0..h).contains(&y) && g.owner((y * w + x) as usize) == Some(seat)
    };
    (0..w).any(|x| {
        (0..h).any(|y| {
            STEPS
                .iter()
                .any(|&(dx, dy)| (0..4).all(|k| owns(x + k * dx, y + k * dy)))
        })
    })
}

/// Move sequences of `depth` moves, counted through a game's move list
/// (`list`) and `play` rather than a bitboard shortcut of `perft`.
fn perft_by_listing<G: Copy, M: Copy>(
    g: &G,
    depth: u32,
    list: &dyn Fn(&G, &mut Vec<M>),
    play: &dyn Fn(&mut G, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    list(g, &mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *g;
            play(&mut child, m);
            perft_by_listing(&child, depth - 1, list, play)
        })
        .sum()
}

/// Connect Four's sequences of `depth` moves, by its move list.
fn c4_perft_by_listing(g: &ConnectFour, depth: u32) -> u64 {
    perft_by_listing(g, depth, &|g, out| g.legal_moves(out), &|g, m| g.play(m))
}

#[test]
fn connect_four_perft_from_the_empty_board() {
    let expected = [7, 49, 343, 2_401, 16_807, 117_649];
    let g = ConnectFour::new();
    let got: Vec<u64> = (1..=6).map(|d| g.perft(d)).collect();
    assert_eq!(got, expected);
    assert_eq!(c4_perft_by_listing(&g, 4), 2_401);
}

#[test]
fn connect_four_labels_and_landing_cells() {
    let mut g = ConnectFour::new();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let letters: String = moves.iter().map(|&m| column_of(m)).collect();
    assert_eq!(letters, "abcdefg");
    assert_eq!(connect_four::cell_label(0), "a1");
    assert_eq!(connect_four::cell_label(6), "g1");
    assert_eq!(connect_four::cell_label(41), "g6");
    assert_eq!(connect_four::parse_cell("c2"), Some(9));
    assert_eq!(connect_four::parse_cell("h1"), None);
    assert_eq!(g.landing(3), Some(3));
    g.play(3);
    g.play(3);
    // Two discs in column d: the next lands on d3, and d1 is seat 0's.
    assert_eq!(
        g.landing(3).map(connect_four::cell_label).as_deref(),
        Some("d3")
    );
    assert_eq!(
        g.last_cell().map(connect_four::cell_label).as_deref(),
        Some("d2")
    );
    assert_eq!(
        (c4_discs(&g, 0), c4_discs(&g, 1)),
        (vec!["d1".into()], vec!["d2".into()])
    );
}

#[test]
fn connect_four_vertical_win() {
    let g = c4("ababab");
    assert!(!g.is_over());
    let g = c4("abababa");
    assert!(g.is_over());
    assert_eq!(g.winner(), Some(0));
    assert_eq!(c4_discs(&g, 0), ["a1", "a2", "a3", "a4"]);
    assert_eq!(g.move_count(), 0);
}

#[test]
fn connect_four_horizontal_win() {
    // Seat 1 stacks on seat 0's row and never has three.
    let g = c4("aabbccd");
    assert!(g.is_over());
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.last_cell(), Some(3));
    // Three in a row with a gap is no four.
    let g = c4("aabbddg");
    assert!(!g.is_over());
}

#[test]
fn connect_four_diagonal_wins() {
    // Seat 0 builds a1 b2 c3 d4 (rising), then the mirror g1 f2 e3 d4.
    for (moves, four) in [
        ("abbccdcddgd", ["a1", "b2", "c3", "d4"]),
        ("gffeedeaddd", ["d4", "e3", "f2", "g1"]),
    ] {
        let g = c4(moves);
        assert!(g.is_over(), "{moves}");
        assert_eq!(g.winner(), Some(0), "{moves}");
        assert!(four
            .iter()
            .all(|l| c4_discs(&g, 0).contains(&l.to_string())));
        // One move earlier nobody had won.
        assert!(!c4(&moves[..moves.len() - 1]).is_over());
    }
}

#[test]
fn connect_four_full_column_is_not_legal() {
    let mut g = c4("aaaaaa");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves, [1, 2, 3, 4, 5, 6]);
    assert!(!g.is_legal(0));
    assert_eq!(g.landing(0), None);
    assert_eq!(g.move_count(), 6);
    g.play(1);
    assert_eq!(g.perft(2), 36);
}

#[test]
#[should_panic(expected = "illegal move")]
fn connect_four_rejects_a_full_column() {
    c4("aaaaaaa");
}

#[test]
fn connect_four_full_board_draw() {
    // Columns a, b, e and f hold seat 0, 1, 0, 1, 0, 1 from the bottom and
    // c, d and g the opposite: rows read 0 0 1 1 0 0 1 or its inverse, and
    // no diagonal alternates in step with the columns, so nobody has four.
    let g = c4("aaaaaabbbbbbeccccccddddddggggggeeeeeffffff");
    assert!(g.is_over());
    assert_eq!(g.winner(), None);
    assert_eq!(g.turns(), 42);
    assert_eq!((g.disc_count(0), g.disc_count(1)), (21, 21));
    assert!(!c4_has_four(&g, 0) && !c4_has_four(&g, 1));
    let mut moves = vec![0];
    g.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

/// Checks one Connect Four position against the reference win test and the
/// disc counts.
fn c4_check(g: &ConnectFour, played: u32) {
    assert_eq!(g.turns(), played);
    assert_eq!(g.disc_count(0) + g.disc_count(1), played);
    assert_eq!(g.disc_count(0), played.div_ceil(2));
    let wins = [c4_has_four(g, 0), c4_has_four(g, 1)];
    // Only the last mover can have a four: the game stops at the first.
    let last = (played as usize + 1) % 2;
    assert!(!wins[1 - last], "the waiting seat has four");
    assert_eq!(g.winner(), wins[last].then_some(last));
    assert_eq!(g.is_over(), wins[last] || played == 42);
    for c in 0..connect_four::CELLS {
        // Discs rest on discs: every occupied cell above row 1 has one below.
        if c >= connect_four::COLUMNS && g.owner(c).is_some() {
            assert!(g.owner(c - connect_four::COLUMNS).is_some());
        }
    }
}

#[test]
fn connect_four_random_games_keep_invariants() {
    let mut rng = SmallRng::seed_from_u64(0x4334);
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    let mut fast = ConnectFour::new();
    for _ in 0..GAMES {
        let mut g = ConnectFour::new();
        let mut played = 0;
        while !g.is_over() {
            g.legal_moves(&mut moves);
            let open: Vec<u8> = (0..7).filter(|&c| g.landing(c).is_some()).collect();
            assert_eq!(moves, open);
            g.play(moves[rng.gen_range(0..moves.len())]);
            played += 1;
            c4_check(&g, played);
        }
        let len = connect_four::random_playout(&mut fast, &mut buf, &mut rng);
        assert!(fast.is_over() && (7..=42).contains(&len));
        c4_check(&fast, len);
    }
}

// -------------------------------------------------------------------- Reversi

/// A bitboard of labelled cells, e.g. `"a1 b1"`.
fn cells(labels: &str) -> u64 {
    labels
        .split_whitespace()
        .map(|l| 1u64 << parse_cell(l).unwrap_or_else(|| panic!("no cell {l}")))
        .fold(0, |a, b| a | b)
}

/// The labels of a bitboard's cells, ascending by cell id.
fn labels(bits: u64) -> Vec<String> {
    (0..64)
        .filter(|&c| bits & (1 << c) != 0)
        .map(reversi::cell_label)
        .collect()
}

/// The legal moves in notation, in the engine's order.
fn move_texts(g: &Reversi) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.into_iter().map(notation).collect()
}

/// Plays a move written in notation.
fn play(g: &mut Reversi, text: &str) {
    g.play(parse_move(text).expect("a move"));
}

/// The reference Reversi rule: the cells a disc of `seat` on `cell` would
/// flip, by walking each direction on (column, row) coordinates.
fn reference_flips(g: &Reversi, seat: usize, cell: usize) -> u64 {
    let at = |x: i32, y: i32| ((0..8).contains(&x) && (0..8).contains(&y)).then_some(y * 8 + x);
    let (x0, y0) = ((cell % 8) as i32, (cell / 8) as i32);
    let mut all = 0;
    for (dx, dy) in STEPS {
        let (mut line, mut k) = (0u64, 1);
        while let Some(c) = at(x0 + k * dx, y0 + k * dy) {
            match g.owner(c as usize) {
                Some(s) if s == seat => {
                    all |= line;
                    break;
                }
                Some(_) => line |= 1 << c,
                None => break,
            }
            k += 1;
        }
    }
    all
}

/// The reference placements of `seat`: empty cells that flip something.
fn reference_placements(g: &Reversi, seat: usize) -> Vec<u8> {
    (0..64)
        .filter(|&c| g.owner(c).is_none() && reference_flips(g, seat, c) != 0)
        .map(|c| c as u8)
        .collect()
}

/// Reversi's sequences of `depth` moves, by its move list.
fn reversi_perft_by_listing(g: &Reversi, depth: u32) -> u64 {
    perft_by_listing(g, depth, &|g, out| g.legal_moves(out), &|g, m| g.play(m))
}

#[test]
fn reversi_perft_from_the_start() {
    let expected = [4, 12, 56, 244, 1_396, 8_200, 55_092];
    for ending in [Ending::NoPlacement, Ending::TwoPasses] {
        let g = Reversi::new().with_ending(ending);
        let got: Vec<u64> = (1..=7).map(|d| g.perft(d)).collect();
        assert_eq!(got, expected, "{ending:?}");
    }
    let g = Reversi::new();
    assert_eq!(reversi_perft_by_listing(&g, 5), 1_396);
}

#[test]
fn reversi_start_position_and_first_moves() {
    let mut g = Reversi::new();
    assert_eq!(labels(g.discs(BLACK)), ["e4", "d5"]);
    assert_eq!(labels(g.discs(WHITE)), ["d4", "e5"]);
    assert_eq!(move_texts(&g), ["d3", "c4", "f5", "e6"]);
    play(&mut g, "d3");
    assert_eq!(labels(g.discs(BLACK)), ["d3", "d4", "e4", "d5"]);
    assert_eq!(labels(g.discs(WHITE)), ["e5"]);
    // White answers beside the new column or across the diagonal.
    assert_eq!(move_texts(&g), ["c3", "e3", "c5"]);
}

#[test]
fn reversi_flips_in_several_directions_at_once() {
    // Black on d4 closes six lines: west, east, south, north, north-west and
    // south-east. White's e5 run (north-east) ends at an empty f6 and c3
    // (south-west) at an empty b2, so they stay White.
    let white = cells("c4 e4 d3 d5 c5 e3 e5 c3");
    let black = cells("b4 f4 d2 d6 b6 f2");
    let mut g = Reversi::from_discs(black, white, BLACK);
    play(&mut g, "d4");
    assert_eq!(labels(g.discs(WHITE)), ["c3", "e5"]);
    assert_eq!(g.discs(BLACK), black | cells("d4 c4 e4 d3 d5 c5 e3"));
    assert_eq!((g.disc_count(BLACK), g.disc_count(WHITE)), (13, 2));
}

#[test]
fn reversi_flips_a_whole_row() {
    let white = cells("b1 c1 d1 e1 f1 g1");
    let mut g = Reversi::from_discs(cells("a1"), white, BLACK);
    assert_eq!(move_texts(&g), ["h1"]);
    play(&mut g, "h1");
    assert_eq!(g.disc_count(BLACK), 8);
    assert_eq!((g.disc_count(WHITE), g.is_over()), (0, true));
}

#[test]
fn reversi_lines_do_not_wrap_round_the_edge() {
    // In bit order h1 is next to a2 and a3 next to h2, so a shift without its
    // edge mask would offer b2 (h1 over a2) and g2 (a3 over h2) as well.
    let g = Reversi::from_discs(cells("h1 a3"), cells("a2 h2"), BLACK);
    assert_eq!(move_texts(&g), ["a1", "h3"]);
}

#[test]
fn reversi_forced_pass_then_game_end() {
    // Black's b1 can flank nothing (White's only disc is in the corner), but
    // White can flank b1 from c1, which wipes Black out and ends the game.
    let mut g = Reversi::from_discs(cells("b1"), cells("a1"), BLACK);
    assert_eq!(move_texts(&g), ["pass"]);
    assert!(!g.is_legal(Move::Place(2)));
    play(&mut g, "pass");
    assert_eq!((g.mover(), g.turns(), g.placed()), (WHITE, 1, 0));
    assert_eq!(move_texts(&g), ["c1"]);
    assert!(!g.is_legal(Move::Pass));
    play(&mut g, "c1");
    assert!(g.is_over());
    assert_eq!((g.disc_count(BLACK), g.disc_count(WHITE)), (0, 3));
    assert_eq!(g.winner(), Some(WHITE));
    assert!(move_texts(&g).is_empty());
}

#[test]
fn reversi_ends_when_neither_seat_can_move() {
    // Nobody can flank anything: over at once, and no pass is played.
    let g = Reversi::from_discs(cells("a1"), cells("h8"), BLACK);
    assert!(g.is_over());
    assert_eq!((g.turns(), g.winner()), (0, None));
    assert!(move_texts(&g).is_empty());
    assert_eq!(g.perft(3), 0);
}

#[test]
fn reversi_full_board_draw_by_disc_count() {
    // White has rows 5 to 8 and b1; Black the rest but the empty a1. Black's
    // a1 flips b1 only and fills the board at 32 discs each.
    let white = cells("b1") | (u64::MAX << 32);
    let black = !white & !cells("a1");
    let mut g = Reversi::from_discs(black, white, BLACK);
    assert_eq!(move_texts(&g), ["a1"]);
    play(&mut g, "a1");
    assert!(g.is_over());
    assert_eq!((g.disc_count(BLACK), g.disc_count(WHITE)), (32, 32));
    assert_eq!(g.winner(), None);
}

/// Checks one Reversi position: disc conservation, disjoint colours, the
/// legal moves against the reference rule, and the end rule, given the
/// passes played since the last placement.
fn reversi_check(g: &Reversi, moves: &[Move], trailing_passes: u32) {
    let (black, white) = (g.discs(BLACK), g.discs(WHITE));
    assert_eq!(black & white, 0, "a cell owned by both");
    assert_eq!(g.disc_count(BLACK) + g.disc_count(WHITE), 4 + g.placed());
    let own = reference_placements(g, g.mover());
    let other = reference_placements(g, 1 - g.mover());
    let stuck = own.is_empty() && other.is_empty();
    match g.ending() {
        Ending::NoPlacement => assert_eq!(g.is_over(), stuck),
        Ending::TwoPasses => {
            assert_eq!(g.is_over(), trailing_passes == 2);
            assert!(!g.is_over() || stuck);
        }
    }
    let expected: Vec<Move> = match own.is_empty() {
        _ if g.is_over() => Vec::new(),
        true => vec![Move::Pass],
        false => own.into_iter().map(Move::Place).collect(),
    };
    assert_eq!(moves, expected);
}

/// Plays one random game through `legal_moves` and `play`, checking every
/// position and every flip against the reference; returns the passes played.
fn reversi_checked_game(ending: Ending, rng: &mut SmallRng) -> u32 {
    let mut g = Reversi::new().with_ending(ending);
    let (mut moves, mut trailing, mut passes) = (Vec::new(), 0, 0);
    loop {
        g.legal_moves(&mut moves);
        reversi_check(&g, &moves, trailing);
        if g.is_over() {
            break;
        }
        let m = moves[rng.gen_range(0..moves.len())];
        let before = g;
        g.play(m);
        trailing = if m == Move::Pass { trailing + 1 } else { 0 };
        passes += u32::from(m == Move::Pass);
        if let Move::Place(c) = m {
            // Exactly the reference flips change colour, plus the new disc.
            let flipped = reference_flips(&before, before.mover(), c as usize);
            let mine = before.discs(before.mover()) | flipped | (1 << c);
            assert_eq!(g.discs(before.mover()), mine);
        }
    }
    assert_eq!(g.turns(), g.placed() + passes);
    passes
}

/// Seeded random games under `ending`, checked and by the fast playout.
fn reversi_random_games(ending: Ending, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut moves, mut buf) = (Vec::new(), Vec::new());
    let mut fast = Reversi::new().with_ending(ending);
    // Under `TwoPasses` every game ends with two passes; count the others.
    let final_passes = if ending == Ending::TwoPasses { 2 } else { 0 };
    let mut passes = 0;
    for _ in 0..GAMES {
        passes += reversi_checked_game(ending, &mut rng) - final_passes;
        let len = reversi::random_playout(&mut fast, &mut buf, &mut rng);
        assert!(fast.is_over() && len == fast.turns() && fast.placed() <= 60);
        assert!(len >= fast.placed() + final_passes);
        fast.legal_moves(&mut moves);
        reversi_check(&fast, &moves, final_passes);
    }
    // Passes in mid-game are rare but must have been exercised.
    assert!(passes > 0);
}

#[test]
fn reversi_random_games_keep_invariants() {
    reversi_random_games(Ending::NoPlacement, 0x5245_5653);
}

#[test]
fn reversi_random_games_ending_on_two_passes_keep_invariants() {
    reversi_random_games(Ending::TwoPasses, 0x3250_4153);
}

#[test]
fn reversi_two_passes_end_the_game_under_that_rule() {
    // Nobody can place: both seats pass, and only then is it over.
    let mut g = Reversi::from_discs(cells("a1"), cells("h8"), BLACK).with_ending(Ending::TwoPasses);
    assert_eq!(move_texts(&g), ["pass"]);
    play(&mut g, "pass");
    assert_eq!(move_texts(&g), ["pass"]);
    assert_eq!(g.perft(1), 1);
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!((g.turns(), g.placed(), g.winner()), (2, 0, None));
    // A pass between placements starts the count again.
    let mut g = Reversi::from_discs(cells("b1"), cells("a1"), BLACK).with_ending(Ending::TwoPasses);
    for m in ["pass", "c1", "pass", "pass"] {
        assert!(!g.is_over());
        play(&mut g, m);
    }
    assert!(g.is_over());
    assert_eq!((g.turns(), g.winner()), (4, Some(WHITE)));
    let mut g = Reversi::new().with_ending(Ending::TwoPasses);
    g.reset();
    assert_eq!(g.ending(), Ending::TwoPasses);
}

// --------------------------------------------------------------- Deep & timing

#[test]
#[ignore = "slow in debug builds; run with --ignored"]
fn deep_perft() {
    // 7^7 less the 7 sequences that fill one column with the first 6 moves
    // and so have one column fewer for the 7th; no win comes before move 7.
    let c4 = ConnectFour::new();
    assert_eq!(c4.perft(7), 823_536);
    assert_eq!(c4.perft(8), c4_perft_by_listing(&c4, 8));
    let g = Reversi::new();
    assert_eq!(g.perft(8), 390_216);
    assert_eq!(reversi_perft_by_listing(&g, 8), 390_216);
    assert_eq!(g.perft(9), 3_005_288);
    // The end rules part at depth 10, after the 228 games of 9 moves.
    assert_eq!(g.perft(10), 24_571_056);
    assert_eq!(g.with_ending(Ending::TwoPasses).perft(10), 24_571_284);
}

#[test]
#[ignore = "a timing, not a check; run with --ignored --nocapture"]
fn playout_speed() {
    let mut rng = SmallRng::seed_from_u64(1);
    let (mut c4_buf, mut rv_buf) = (Vec::new(), Vec::new());
    let mut c4_game = ConnectFour::new();
    let start = Instant::now();
    let mut c4_moves = 0u64;
    for _ in 0..100_000 {
        c4_moves += u64::from(connect_four::random_playout(
            &mut c4_game,
            &mut c4_buf,
            &mut rng,
        ));
    }
    report("Connect Four", 100_000, c4_moves, start);
    let mut rv_game = Reversi::new();
    let start = Instant::now();
    let mut rv_moves = 0u64;
    for _ in 0..10_000 {
        rv_moves += u64::from(reversi::random_playout(&mut rv_game, &mut rv_buf, &mut rng));
    }
    report("Reversi", 10_000, rv_moves, start);
}

/// Prints games and moves per second since `start`.
fn report(name: &str, games: u64, moves: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: {games} games, {:.1} moves/game, {:.0} games/s, {:.0} moves/s",
        moves as f64 / games as f64,
        games as f64 / secs,
        moves as f64 / secs
    );
}
