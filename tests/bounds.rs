//! Work stays bounded and failures are reported, whatever the rules ask:
//! positions with more moves than the engine lists, and arithmetic past
//! the integers.

mod common;

use assert_cmd::Command;
use common::tabula_in;
use tabula::engine::{FaultKind, MAX_MOVES};
use tempfile::TempDir;

/// Tall stacks in the corners of an 8 x 8 board: a 21-step path from a
/// corner can go billions of ways. (A game that sows has at most 255
/// pieces: 80 in the set-up and 20 a seat.)
const TALL_STACKS: &str = "game \"Tall stacks\"\nplayers A, B\n\
    board square 8 x 8 with stacks\nneutral Tan\nsupply 20\nsetup: put 20 Tan where corner\n\
    phase play\n  place where not empty then sow\nend when full: draw\n";

/// A score that overflows as soon as a seat has two pieces.
const HUGE_SCORE: &str = "game \"Huge\"\nplayers X, O\nboard square 3 x 3\n\
    score(p) = count(p) * 4611686018427387904\n\
    phase play\n  place where empty\nend when full: highest score wins\n";

fn load(source: &str) -> tabula::ir::Rules {
    tabula::compile::load(source, &[]).unwrap_or_else(|e| panic!("{e:?}"))
}

#[test]
fn a_position_with_too_many_moves_lists_a_bounded_number_and_says_so() {
    let rules = load(TALL_STACKS);
    let state = rules.start(0);
    let mut moves = Vec::new();
    rules.legal_moves(&state, &mut moves);
    // The paths of the first stacks, up to the limit.
    assert!(moves.len() <= MAX_MOVES && moves.len() > MAX_MOVES / 2);
    let fault = state.fault().expect("the cut is recorded");
    assert_eq!(fault.kind, FaultKind::TooManyMoves);
}

#[test]
fn a_sown_path_is_read_without_listing_every_path() {
    let rules = load(TALL_STACKS);
    let state = rules.start(0);
    // 21 steps from a1 (20 tan pebbles and the mover's), along the edge and back.
    let path = "a1 b1 c1 d1 e1 f1 g1 h1 g1 f1 e1 d1 c1 b1 a1 a2 a3 a4 a5 a6 a7 a8";
    let m = rules.parse_move(&state, path).expect("a legal path");
    assert_eq!(rules.move_text(m), path);
    assert!(state.fault().is_none(), "nothing was listed");
    let short = "a1 b1 c1";
    let refused = rules.parse_move(&state, short).expect_err("too short");
    assert!(refused.to_string().contains("needs 21 cells"), "{refused}");
}

#[test]
fn moves_refuses_to_list_a_position_with_too_many_moves() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("tall.game"), TALL_STACKS).unwrap();
    let (code, stdout, stderr) = tabula_in(&dir, &["moves", "tall.game"]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stderr.contains("R0005"), "{stderr}");
    assert!(stdout.len() < 10_000, "the moves were printed");
    // Random games draw a sowing without listing the moves, and still find it.
    let args = ["check", "tall.game", "--playouts", "2"];
    let (code, stdout, stderr) = tabula_in(&dir, &args);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stderr.contains("error[R0005]"), "{stderr}");
}

#[test]
fn arithmetic_past_the_integers_is_a_fault_not_a_wrapped_number() {
    let rules = load(HUGE_SCORE);
    let mut state = rules.start(0);
    for cell in ["a1", "b1", "a2", "b2"] {
        let m = rules.parse_move(&state, cell).unwrap();
        rules.play(&mut state, m);
    }
    // The overflowing product counts 0, not a wrapped negative number...
    assert_eq!(rules.scores_now(&state), vec![0, 0]);
    // ...and the game says it failed.
    let fault = state.fault().expect("the product overflowed");
    assert_eq!(fault.kind, FaultKind::Overflow);

    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("huge.game"), HUGE_SCORE).unwrap();
    let (code, _, stderr) = tabula_in(&dir, &["check", "huge.game", "--playouts", "5"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("R0004"), "{stderr}");
    assert!(stderr.contains("arithmetic overflow"), "{stderr}");
}

/// A tic-tac-toe whose end condition is `condition`, and `extra` items first.
fn with_end(extra: &str, condition: &str) -> String {
    format!(
        "game \"Deep\"\nplayers X, O\nboard square 3 x 3\n{extra}phase play\n  place where empty\n\
         end when {condition}: draw\nend when full: draw\n"
    )
}

/// `tabula check` on `text`: its exit status and everything it printed.
fn check(text: &str) -> (i32, String) {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("deep.game"), text).unwrap();
    let (code, stdout, stderr) = tabula_in(&dir, &["check", "deep.game"]);
    (code, format!("{stdout}{stderr}"))
}

#[test]
fn nesting_past_the_limits_is_an_error_not_a_stack_overflow() {
    let brackets = format!("{}full{}", "(".repeat(7000), ")".repeat(7000));
    let sum = vec!["1"; 20_000].join(" + ") + " > 0";
    let score = format!("score(p) = {}\n", vec!["count(p)"; 10_000].join(" + "));
    let doubling: String = (1..=40)
        .map(|i| format!("define d{i} = d{} + d{}\n", i - 1, i - 1))
        .collect();
    let doubling = format!("define d0 = count(mover)\n{doubling}");
    for (extra, condition, says) in [
        ("", brackets.as_str(), "more than 64 brackets open"),
        ("", sum.as_str(), "more than 256 levels deep"),
        (score.as_str(), "full", "more than 256 levels deep"),
        (
            doubling.as_str(),
            "d40 > 5",
            "with its definitions written out",
        ),
    ] {
        let (code, out) = check(&with_end(extra, condition));
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("E0025") && out.contains(says), "{out}");
        assert!(!out.contains("overflow"), "{out}");
    }
    // Within the limits, deep is fine.
    let nested = format!("{}full{}", "(".repeat(60), ")".repeat(60));
    let (code, out) = check(&with_end("", &nested));
    assert_eq!(code, 0, "{out}");
}

#[test]
fn chains_of_prefix_operators_and_of_if_else_are_errors_not_stack_overflows() {
    let nots = "not ".repeat(13_000) + "full";
    let negs = "- ".repeat(13_000) + "1 > 0";
    let elses = "full if full else ".repeat(15_000) + "full";
    let nots_between = "not full == ".repeat(13_000) + "full";
    for condition in [&nots, &negs, &elses, &nots_between] {
        let (code, out) = check(&with_end("", condition));
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("E0025") && out.contains("more than 256 levels deep"));
        assert!(
            !out.contains("overflow") && !out.contains("panicked"),
            "{out}"
        );
    }
    // A quote left open ends at its line: the brackets below it count.
    let brackets = format!("{}full{}", "(".repeat(7000), ")".repeat(7000));
    let (code, out) = check(&with_end("", &brackets).replace("\"Deep\"", "\"Deep"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("E0025") && out.contains("more than 64 brackets open"));
    // A mistake too far along its line to quote is placed, not quoted.
    let far = format!("{}fulll", " ".repeat(70_000));
    let (code, out) = check(&with_end("", &far));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("deep.game:6:70010") && out.contains("`full`"),
        "{out}"
    );
    // Within the limits, they mean what they say.
    let (code, out) = check(&with_end("", &("not ".repeat(200) + "full")));
    assert_eq!(code, 0, "{out}");
    let elses = "full if full else ".repeat(200) + "full";
    let (code, out) = check(&with_end("", &elses));
    assert_eq!(code, 0, "{out}");
}

#[test]
fn what_is_read_is_capped_and_checked_as_text() {
    let dir = TempDir::new().unwrap();
    // Larger than any rules file: refused without reading it all.
    let big = vec![b'/'; (4 << 20) + 10];
    std::fs::write(dir.path().join("big.game"), big).unwrap();
    let (code, _, stderr) = tabula_in(&dir, &["check", "big.game"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("larger than 4 MiB"), "{stderr}");
    // Not UTF-8: the place is named.
    std::fs::write(dir.path().join("latin.game"), b"game \"Caf\xe9\"\n").unwrap();
    let (code, _, stderr) = tabula_in(&dir, &["check", "latin.game"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("line 1, column 10"), "{stderr}");
}

#[test]
fn check_reads_folders_and_standard_input() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::cargo_bin("tabula")
        .unwrap()
        .args(["check", "rules"])
        .current_dir(root)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("rules/exago.game: ok"), "{stdout}");
    assert!(stdout.contains("rules/tic-tac-toe.game: ok"), "{stdout}");
    let rules = std::fs::read_to_string(format!("{root}/rules/tic-tac-toe.game")).unwrap();
    let out = Command::cargo_bin("tabula")
        .unwrap()
        .args(["check", "-"])
        .write_stdin(rules)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "standard input: ok\n");
}

#[test]
fn thousands_of_mistakes_are_counted_but_not_all_shown() {
    let mut text = String::from("game \"E\"\nplayers X, O\nboard square 3 x 3\n");
    for i in 0..3000 {
        text.push_str(&format!("define d{i} = nosuch{i}\n"));
    }
    text.push_str("phase play\n  place where empty\nend when full: draw\n");
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("errs.game"), text).unwrap();
    let (code, stdout, stderr) = tabula_in(&dir, &["check", "errs.game"]);
    assert_eq!(code, 1);
    assert!(stdout.contains("3000 errors"), "{stdout}");
    let shown = stderr.matches("unknown name").count() + stderr.matches("never used").count();
    assert_eq!(shown, 50, "the first 50 are shown:\n{stderr}");
    assert!(stderr.contains("and 5950 more not shown"), "{stderr}");
}

#[test]
fn option_values_set_on_the_command_line_meet_the_bounds_of_defaults() {
    let dir = TempDir::new().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let partners = std::fs::read_to_string(format!("{root}/rules/partners.game")).unwrap();
    let track = "board track 14 per seat";
    assert!(partners.contains(track));
    let with = |default: &str| {
        let board = format!("option n = {default}\nboard track n per seat");
        partners.replacen(track, &board, 1)
    };
    std::fs::write(dir.path().join("track.game"), with("14")).unwrap();
    for value in ["65536", "24", "0", "2147483648", "9223372036854775000"] {
        // What `check` says of the value as a default...
        std::fs::write(dir.path().join("default.game"), with(value)).unwrap();
        let (code, _, said) = tabula_in(&dir, &["check", "default.game"]);
        assert_eq!(code, 1, "{said}");
        let bound = format!("a segment's numbered spaces must be from 1 to 23, but it is {value}");
        assert!(said.contains(&bound), "{said}");
        // ... every command says of it set, before any work.
        let set = format!("n={value}");
        for command in [
            &["moves", "track.game", "--set", &set][..],
            &["simulate", "track.game", "--games", "1", "--set", &set],
            &["perft", "track.game", "--depth", "1", "--set", &set],
            &["check", "track.game", "--set", &set],
        ] {
            let (code, _, stderr) = tabula_in(&dir, command);
            assert!(code == 1 || code == 2, "{command:?}: {code} {stderr}");
            assert!(stderr.contains(&bound), "{command:?}: {stderr}");
            let named = command[0] == "check" || stderr.contains(&format!("with {set}"));
            assert!(named, "{command:?}: {stderr}");
        }
    }
}

/// Five pieces removed one after the other from 50, then a place never
/// allowed: 254 million ways to try a turn, and no move
/// (docs/diagnostics.md, R0006).
const SLOW_CHAIN: &str = "game \"Slow chain\"\nplayers A, B\nboard square 10 x 10\n\
    setup: put 1 A where row(cell) <= 5; put 1 B where row(cell) >= 6\n\
    phase play\n  remove where owner(cell) == next\n    then remove where owner(cell) == next\n\
    then remove where owner(cell) == next\n    then remove where owner(cell) == next\n\
    then remove where owner(cell) == next\n    then place where empty and turn < 0\n\
    otherwise pass\nend when passes == 2: draw\n";

/// Six choices a move, three removes and three places on 6 x 6: more
/// moves a turn than the engine lists.
const SIX_STEPS: &str = "game \"Six steps\"\nplayers A, B\nboard square 6 x 6\n\
    setup: put 1 A where row(cell) <= 2; put 1 B where row(cell) >= 5\n\
    phase play\n  remove where owner(cell) == next\n    then place where empty\n\
    then remove where owner(cell) == next\n    then place where empty\n\
    then remove where owner(cell) == next\n    then place where empty\n\
    end when count(next) == 0: mover wins\nlimit 200 turns\n";

/// Runs tabula on `text` saved as `name` with `args` after the file name:
/// exit status, output, and the seconds it took.
fn timed(name: &str, text: &str, command: &str, args: &[&str]) -> (i32, String, f64) {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    let mut all = vec![command, name];
    all.extend_from_slice(args);
    let started = std::time::Instant::now();
    let (code, stdout, stderr) = tabula_in(&dir, &all);
    (
        code,
        format!("{stdout}{stderr}"),
        started.elapsed().as_secs_f64(),
    )
}

/// `check --playouts 100` and `perft --depth 3` of `text` both fail at
/// once with `code` (each took minutes), perft giving no count; what
/// check said.
fn cut_at_once(text: &str, code: &str) -> String {
    let mut said_by_check = String::new();
    for (command, args) in [
        ("check", ["--playouts", "100"]),
        ("perft", ["--depth", "3"]),
    ] {
        let (status, said, secs) = timed("cut.game", text, command, &args);
        assert_eq!(status, 1, "{command}: {said}");
        assert!(
            said.contains(&format!("error[{code}]")),
            "{command}: {said}"
        );
        assert!(command == "check" || said.contains("no count"), "{said}");
        assert!(secs < 30.0, "{command} took {secs} s");
        if command == "check" {
            said_by_check = said;
        }
    }
    said_by_check
}

#[test]
fn a_turn_whose_moves_take_too_long_to_list_is_cut_and_reported() {
    let said = cut_at_once(SLOW_CHAIN, "R0006");
    assert!(said.contains("took more than 1 s to list"), "{said}");
    // The listing itself: cut, and the state says so.
    let rules = load(SLOW_CHAIN);
    let state = rules.start(0);
    let mut moves = Vec::new();
    rules.legal_moves(&state, &mut moves);
    assert_eq!(state.fault().map(|f| f.kind), Some(FaultKind::SlowListing));
}

#[test]
fn check_and_perft_of_more_moves_than_listed_finish_at_once() {
    cut_at_once(SIX_STEPS, "R0005");
}

#[test]
fn the_slow_listing_report_reads_as_documented() {
    let play = SLOW_CHAIN.find("phase play").unwrap() + 6;
    let report = tabula::report::render_human(
        &[tabula::diagnostic::Diagnostic::SlowListing {
            secs: 1,
            turn: 1,
            seed: 0,
            span: (play, 4).into(),
        }],
        "slow.game",
        SLOW_CHAIN,
        false,
    );
    insta::assert_snapshot!("R0006-slow-listing", report);
}

/// `must block` where the threat's moves are many: an amazon that wins
/// by reaching z13, and 26 amazons to stop it, each move with its arrow
/// (over 100,000 moves a turn, each tried against the threat's).
const SLOW_BLOCK: &str = "game \"Slow block\"\nplayers White, Black\nboard square 26 x 26\n\
    neutral arrow\nsetup: put 1 White where cell == z1 ; put 1 Black where row(cell) == 26\n\
    phase play\n  pick where owner(cell) == mover\n\
    then slide n, ne, e, se, s, sw, w, nw where empty(cell)\n\
    then place arrow where sees(to, cell)\n  otherwise lose\nmust block\n\
    end when mover == White and owner(z13) == White: mover wins\nlimit 100 turns\n";

/// `must leave` read on every cell after each of 60,000 moves.
const SLOW_LEAVE: &str = "game \"Slow leave\"\nplayers White, Black\nboard square 26 x 26\n\
    neutral arrow\nsetup: put 1 White where row(cell) == 1 and column(cell) <= 8 \
    ; put 1 Black where row(cell) == 26 and column(cell) <= 8\n\
    define own(c: cell) = owner(c) == mover\n\
    must leave not any(attacked(c) for c where own(c))\n\
    phase play\n  pick where owner(cell) == mover\n\
    then slide n, ne, e, se, s, sw, w, nw where empty(cell)\n\
    then place arrow where sees(to, cell)\n  otherwise lose\n";

/// [`SLOW_CHAIN`] with `otherwise lose`: whether the mover is stuck is
/// asked after every move, and the search meets the same 254 million ways.
fn slow_stuck() -> String {
    SLOW_CHAIN.replace("otherwise pass", "otherwise lose")
}

#[test]
fn a_filter_that_plays_every_move_is_timed_like_a_listing() {
    cut_at_once(SLOW_BLOCK, "R0006");
    for text in [SLOW_BLOCK, SLOW_LEAVE] {
        let rules = load(text);
        let state = rules.start(0);
        let mut moves = Vec::new();
        let started = std::time::Instant::now();
        rules.legal_moves(&state, &mut moves);
        assert!(started.elapsed().as_secs_f64() < 10.0, "{text}");
        assert_eq!(state.fault().map(|f| f.kind), Some(FaultKind::SlowListing));
        // What the filter could not test is kept: still moves to play.
        assert!(!moves.is_empty());
    }
}

#[test]
fn the_search_for_a_stuck_mover_is_timed_and_the_game_goes_on() {
    let text = slow_stuck();
    cut_at_once(&text, "R0006");
    let (code, said, secs) = timed("stuck.game", &text, "moves", &[]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("error[R0006]: this position's moves took more than 1 s"),
        "{said}"
    );
    assert!(secs < 30.0, "moves took {secs} s");
    // Not a loss for want of a move: the search was cut, not finished.
    let state = load(&text).start(0);
    assert!(!state.is_over());
    assert_eq!(state.fault().map(|f| f.kind), Some(FaultKind::SlowListing));
}

#[test]
fn simulate_stops_a_game_at_its_first_listing_cut_by_time() {
    let args = ["--games", "4", "--format", "json"];
    let (code, said, secs) = timed("slow.game", SLOW_BLOCK, "simulate", &args);
    assert_eq!(code, 0, "{said}");
    assert!(secs < 60.0, "simulate took {secs} s");
    let summary: serde_json::Value = serde_json::from_str(said.trim()).unwrap();
    assert_eq!(
        summary["faults"],
        serde_json::json!([["R0006", 4]]),
        "{said}"
    );
    // Each game stops at its first turn, cut: no move of it played.
    assert_eq!(summary["mean_length"], serde_json::json!(0.0), "{said}");
}

#[test]
fn play_goes_on_with_the_moves_found_and_says_they_were_cut() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("slow.game"), SLOW_BLOCK).unwrap();
    let output = Command::cargo_bin("tabula")
        .unwrap()
        .args(["play", "slow.game", "--players", "human,human"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .write_stdin("nonsense\nquit\n")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    let notice = "These moves took more than 1 s to list";
    // Told once a turn, though the prompt came twice.
    assert_eq!(said.matches(notice).count(), 1, "{said}");
    assert!(said.contains("R0006"), "{said}");
}
