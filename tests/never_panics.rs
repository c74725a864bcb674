//! Property tests: no input makes the parser, the checker, the reports, the
//! compiler or the engine panic.
//!
//! - arbitrary strings (any Unicode) and token soups of the rules language;
//! - the rules files (rules/*.game and tests/diagnostics/*.game) mutated:
//!   characters and tokens deleted, inserted and replaced, truncated, lines
//!   swapped, duplicated and deleted;
//! - for mutated files that still check clean: compiling them (with their
//!   defaults and with option values in and out of range) and playing a game
//!   (`start`, `legal_moves`, `play` of legal moves, move notation);
//! - `render_human` and `to_json` on every resulting diagnostic, and on
//!   diagnostics whose spans end at the end of the input or follow multi-byte
//!   characters.
//!
//! The case count is modest so that the file runs in seconds in debug builds;
//! raise it for a longer search with `PROPTEST_CASES=10000 cargo test --release
//! --test never_panics`. A failure prints the smallest input found; add it to
//! the regression tests at the bottom.

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::Config;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tabula::check::check;
use tabula::diagnostic::Diagnostic;
use tabula::report::{render_human, to_json, Lines};

/// The default number of cases per property (`PROPTEST_CASES` overrides it).
const CASES: u32 = 384;

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    // No regression file: a failure prints its shrunk input, which belongs in
    // the named regression tests below.
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// The valid rules files and the broken ones, read once.
fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        for dir in ["rules", "tests/diagnostics"] {
            let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
                .expect("a folder of rules files")
                .map(|e| e.expect("a directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "game"))
                .collect();
            paths.sort();
            files.extend(
                paths
                    .iter()
                    .map(|p| std::fs::read_to_string(p).expect("a readable rules file")),
            );
        }
        assert!(files.len() >= 2, "no rules files found");
        files
    })
}

/// The valid rules files only (they come first in the corpus).
fn valid_rules() -> &'static [String] {
    static VALID: OnceLock<Vec<String>> = OnceLock::new();
    VALID.get_or_init(|| {
        corpus()
            .iter()
            .filter(|s| !check(s).has_errors())
            .cloned()
            .collect()
    })
}

/// Words and symbols of the rules language, and some awkward ones.
const TOKENS: &[&str] = &[
    "game",
    "option",
    "players",
    "board",
    "supply",
    "define",
    "score",
    "phase",
    "after",
    "end",
    "place",
    "where",
    "when",
    "for",
    "turns",
    "turn",
    "in",
    "and",
    "or",
    "not",
    "wins",
    "draw",
    "highest",
    "true",
    "false",
    "square",
    "hex",
    "x",
    "int",
    "bool",
    "seat",
    "cell",
    "mover",
    "next",
    "last",
    "full",
    "empty",
    "edge",
    "adjacent",
    "line",
    "runs",
    "count",
    "gain",
    "size",
    "pieces",
    "p",
    "X",
    "O",
    "Light",
    "Dark",
    "0",
    "1",
    "2",
    "3",
    "4",
    "6",
    "13",
    "14",
    "26",
    "27",
    "255",
    "256",
    "65536",
    "2147483647",
    "4294967296",
    "9223372036854775807",
    "99999999999999999999",
    "-",
    "+",
    "*",
    "/",
    "%",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "=",
    "+=",
    "-=",
    "(",
    ")",
    ",",
    ":",
    ";",
    "..",
    "\"",
    "\"title\"",
    "//",
    "\n",
    "\n  ",
    "\r\n",
    "\t",
    " ",
    "é",
    "♠",
    "😀",
    "\u{0}",
    "\u{feff}",
    "\u{301}",
];

/// Tokens a mutation that should keep the file valid may swap for each other.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "9",
    "13",
    "26",
    "45",
    "500",
    "99999999999999999999",
];
const SEATS: &[&str] = &["mover", "next", "X", "O", "Light", "Dark", "p"];
const CONDITIONS: &[&str] = &[
    "empty",
    "full",
    "edge",
    "not empty",
    "true",
    "false",
    "empty(last)",
    "adjacent(last)",
];

fn token_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(TOKENS),
            prop::sample::select(&[" ", "", "\n", "  "][..]),
        ),
        0..60,
    )
    .prop_map(|parts| parts.into_iter().flat_map(|(t, s)| [t, s]).collect())
}

/// The largest char boundary of `s` at or below `at`.
fn floor_boundary(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

/// Byte ranges of the words (runs of letters, digits, `_`) and single other
/// non-space characters of `s`.
fn tokens_of(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut end = start + c.len_utf8();
        if c.is_alphanumeric() || c == '_' {
            while let Some(&(i, d)) = chars.peek() {
                if !(d.is_alphanumeric() || d == '_') {
                    break;
                }
                end = i + d.len_utf8();
                chars.next();
            }
        }
        out.push((start, end));
    }
    out
}

/// One change to a rules file.
#[derive(Clone, Debug)]
enum Mutation {
    DeleteChars(Index, usize),
    InsertChar(Index, char),
    ReplaceChar(Index, char),
    InsertToken(Index, &'static str),
    ReplaceToken(Index, &'static str),
    DeleteToken(Index),
    Truncate(Index),
    SwapLines(Index, Index),
    DuplicateLine(Index),
    DeleteLine(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let token = prop::sample::select(TOKENS);
    prop_oneof![
        (any::<Index>(), 1..12usize).prop_map(|(i, n)| Mutation::DeleteChars(i, n)),
        (any::<Index>(), any::<char>()).prop_map(|(i, c)| Mutation::InsertChar(i, c)),
        (any::<Index>(), any::<char>()).prop_map(|(i, c)| Mutation::ReplaceChar(i, c)),
        (any::<Index>(), token.clone()).prop_map(|(i, t)| Mutation::InsertToken(i, t)),
        (any::<Index>(), token).prop_map(|(i, t)| Mutation::ReplaceToken(i, t)),
        any::<Index>().prop_map(Mutation::DeleteToken),
        any::<Index>().prop_map(Mutation::Truncate),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<Index>().prop_map(Mutation::DuplicateLine),
        any::<Index>().prop_map(Mutation::DeleteLine),
    ]
}

/// Mutations that often leave a file valid: one token swapped for another of its kind.
fn gentle_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), prop::sample::select(NUMBERS))
            .prop_map(|(i, t)| Mutation::ReplaceToken(i, t)),
        (any::<Index>(), prop::sample::select(SEATS))
            .prop_map(|(i, t)| Mutation::ReplaceToken(i, t)),
        (any::<Index>(), prop::sample::select(CONDITIONS))
            .prop_map(|(i, t)| Mutation::ReplaceToken(i, t)),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<Index>().prop_map(Mutation::DuplicateLine),
        any::<Index>().prop_map(Mutation::DeleteLine),
        any::<Index>().prop_map(Mutation::DeleteToken),
    ]
}

fn apply(source: &str, m: &Mutation) -> String {
    let mut s = source.to_string();
    let at = |i: &Index, s: &str| floor_boundary(s, i.index(s.len() + 1));
    let lines = |s: &str| -> Vec<String> { s.split_inclusive('\n').map(String::from).collect() };
    match m {
        Mutation::DeleteChars(i, n) => {
            let start = at(i, &s);
            let end = floor_boundary(&s, start + n);
            s.replace_range(start..end.max(start), "");
        }
        Mutation::InsertChar(i, c) => s.insert(at(i, &s), *c),
        Mutation::ReplaceChar(i, c) => {
            let start = at(i, &s);
            if let Some(old) = s[start..].chars().next() {
                s.replace_range(start..start + old.len_utf8(), &c.to_string());
            }
        }
        Mutation::InsertToken(i, t) => s.insert_str(at(i, &s), t),
        Mutation::ReplaceToken(i, _) | Mutation::DeleteToken(i) if !tokens_of(&s).is_empty() => {
            let tokens = tokens_of(&s);
            let (start, end) = tokens[i.index(tokens.len())];
            let with = if let Mutation::ReplaceToken(_, t) = m {
                t
            } else {
                ""
            };
            s.replace_range(start..end, with);
        }
        Mutation::ReplaceToken(..) | Mutation::DeleteToken(_) => {}
        Mutation::Truncate(i) => s.truncate(at(i, &s)),
        Mutation::SwapLines(a, b) => {
            let mut l = lines(&s);
            if !l.is_empty() {
                let (a, b) = (a.index(l.len()), b.index(l.len()));
                l.swap(a, b);
                // A last line without its newline must not glue onto the next.
                s = l
                    .iter()
                    .map(|x| {
                        if x.ends_with('\n') {
                            x.clone()
                        } else {
                            format!("{x}\n")
                        }
                    })
                    .collect();
            }
        }
        Mutation::DuplicateLine(i) => {
            let mut l = lines(&s);
            if !l.is_empty() {
                let k = i.index(l.len());
                let copy = if l[k].ends_with('\n') {
                    l[k].clone()
                } else {
                    format!("\n{}", l[k])
                };
                l.insert(k + 1, copy);
                s = l.concat();
            }
        }
        Mutation::DeleteLine(i) => {
            let mut l = lines(&s);
            if !l.is_empty() {
                l.remove(i.index(l.len()));
                s = l.concat();
            }
        }
    }
    s
}

/// Renders and converts the diagnostics every way the command line does, and
/// checks the positions they give.
fn report(diagnostics: &[Diagnostic], source: &str) {
    let plain = render_human(diagnostics, "fuzz.game", source, false);
    let coloured = render_human(diagnostics, "fuzz.game", source, true);
    assert_eq!(diagnostics.is_empty(), plain.is_empty());
    assert_eq!(diagnostics.is_empty(), coloured.is_empty());
    let json = to_json(diagnostics, "fuzz.game", source);
    assert_eq!(json.len(), diagnostics.len());
    let lines = source.split('\n').count();
    for d in &json {
        assert!(!d.code.is_empty() && !d.message.is_empty(), "{d:?}");
        assert!(d.severity == "error" || d.severity == "warning", "{d:?}");
        assert!(
            d.line >= 1 && d.line <= lines,
            "line {} of {lines}: {d:?}",
            d.line
        );
        assert!(d.column >= 1, "{d:?}");
        serde_json::to_string(d).expect("serializable");
    }
}

/// Checks `source` and reports the result; returns the diagnostics' count and
/// the program if the check is clean.
fn check_and_report(source: &str) -> Option<tabula::check::Program> {
    let checked = check(source);
    report(&checked.diagnostics, source);
    assert_eq!(
        checked.program.is_some(),
        !checked.has_errors(),
        "a program exactly when there is no error"
    );
    checked.program
}

/// Compiles a clean program (defaults, and option values in and out of
/// range) and plays a game with the given move choices.
fn compile_and_play(program: &tabula::check::Program, source: &str, choices: &[usize], seed: u64) {
    for o in &program.options {
        for value in [
            o.min,
            o.max,
            o.default,
            o.min.saturating_sub(1),
            o.max.saturating_add(1),
        ] {
            let set = [(o.name.clone(), value)];
            match tabula::compile::compile(program, &set) {
                Ok(_) => {}
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
    let _ = tabula::compile::compile(program, &[("no_such_option".to_string(), 1)]);
    let rules = match tabula::compile::compile(program, &[]) {
        Ok(rules) => rules,
        Err(tabula::compile::CompileError::Invalid(d)) => {
            // Reported like a check error: its spans point into the source.
            report(&[*d], source);
            return;
        }
        Err(e) => panic!("defaults that check clean must be in range: {e}"),
    };
    let mut state = rules.start(seed);
    let mut moves = Vec::new();
    let mut rng = SmallRng::seed_from_u64(seed);
    for choice in choices {
        if state.is_over() {
            break;
        }
        rules.legal_moves(&state, &mut moves);
        // The random player's shortcut (used by playouts, `simulate` and
        // `check --playouts`) must draw from the same legal moves.
        let mut buf = Vec::new();
        let drawn = rules.random_move(&state, &mut buf, &mut rng);
        // A listing cut short by its time (R0006, on a loaded machine) may
        // leave out the move drawn: only a whole listing is compared.
        let cut = state
            .fault()
            .is_some_and(|f| f.kind == tabula::engine::FaultKind::SlowListing);
        match drawn {
            Some(_) if cut => {}
            Some(d) => assert!(
                moves.contains(&d),
                "random_move drew {}, which is not a legal move",
                rules.move_text(d)
            ),
            None => assert!(
                moves.is_empty(),
                "random_move found no move, but there are legal moves"
            ),
        }
        if moves.is_empty() {
            break;
        }
        let m = moves[choice % moves.len()];
        let text = rules.move_text(m);
        assert_eq!(
            rules.parse_move(&state, &text),
            Ok(m),
            "the notation of a legal move reads back"
        );
        rules.play(&mut state, m);
    }
    if state.is_over() {
        assert!(rules.parse_move(&state, "a1").is_err());
    }
}

/// Checks, reports, and (if clean) compiles and plays `source`; a panic is
/// re-raised with the input that caused it, so that a failure shows the text.
fn exercise(source: &str, choices: &[usize], seed: u64) {
    let run = || {
        if let Some(program) = check_and_report(source) {
            compile_and_play(&program, source, choices, seed);
        }
    };
    if let Err(panic) = std::panic::catch_unwind(run) {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        panic!("panicked: {message}\non this input ({choices:?}, seed {seed}):\n-----\n{source}\n-----");
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_strings(source in any::<String>()) {
        exercise(&source, &[], 0);
    }

    #[test]
    fn arbitrary_printable_text(source in "[ -~\n\té♠]{0,300}") {
        exercise(&source, &[], 0);
    }

    #[test]
    fn token_soups(source in token_soup()) {
        exercise(&source, &[0; 8], 0);
    }

    #[test]
    fn mutated_rules_files(
        file in any::<Index>(),
        mutations in prop::collection::vec(mutation(), 1..5),
        choices in prop::collection::vec(any::<usize>(), 0..40),
        seed in any::<u64>(),
    ) {
        let corpus = corpus();
        let mut source = corpus[file.index(corpus.len())].clone();
        for m in &mutations {
            source = apply(&source, m);
        }
        exercise(&source, &choices, seed);
    }

    #[test]
    fn mutated_valid_rules_that_still_check_clean_compile_and_play(
        file in any::<Index>(),
        mutations in prop::collection::vec(gentle_mutation(), 1..4),
        choices in prop::collection::vec(any::<usize>(), 0..100),
        seed in any::<u64>(),
    ) {
        let valid = valid_rules();
        let mut source = valid[file.index(valid.len())].clone();
        for m in &mutations {
            source = apply(&source, m);
        }
        exercise(&source, &choices, seed);
    }

    #[test]
    fn reports_with_spans_anywhere_on_char_boundaries(
        source in "(.|\n){0,40}",
        start in any::<Index>(),
        len in any::<Index>(),
    ) {
        let start = floor_boundary(&source, start.index(source.len() + 1));
        let end = floor_boundary(&source, start + len.index(source.len() - start + 1));
        let span = tabula::syntax::Span::new(start, end.max(start));
        let diagnostics = vec![
            Diagnostic::UnknownName { name: "x".into(), span: span.into(), help: None },
            Diagnostic::Duplicate { name: "x".into(), span: span.into(), first: tabula::syntax::Span::new(0, 0).into() },
            Diagnostic::NoEnd { span: tabula::syntax::Span::new(source.len(), source.len()).into() },
        ];
        report(&diagnostics, &source);
        let (line, column) = Lines::new(&source).line_column(start);
        prop_assert!(line >= 1 && column >= 1);
    }
}

// Regression tests: inputs that made something panic, smallest first.

#[test]
fn a_diagnostic_at_the_very_end_of_a_file_without_a_final_newline() {
    for source in [
        "players X, O\nboard square 3 x 3\nphase p\n  place where",
        "end when full: mover",
        "game \"é",
        "é",
    ] {
        check_and_report(source);
    }
}

#[test]
fn a_huge_hex_side_is_reported_not_a_panic() {
    // The checker computed the longest line, 2 * side - 1, without checking for overflow.
    let source = "players X, O\nboard hex 99999999999999999999\nphase p\n  place where empty\nend when full: draw\n";
    let checked = check(source);
    assert!(checked
        .diagnostics
        .iter()
        .any(|d| matches!(d, Diagnostic::OutOfBounds { .. })));
}

#[test]
fn a_place_rule_without_empty_does_not_corrupt_the_board() {
    // `place` with no condition offers occupied cells too; playing on one
    // twice corrupted the list of empty cells, then panicked.
    let source =
        "players X, O\nboard square 3 x 3\nphase p\n  place\nend when count(mover) == 20: draw\n";
    let program = check_and_report(source).expect("checks clean");
    compile_and_play(&program, source, &[0; 30], 0);
}

#[test]
fn random_moves_are_legal_moves() {
    // Only the centre may be played; the random player's shortcut drew any
    // empty cell, ignoring the condition.
    let source = "players X, O\nboard square 3 x 3\nphase p\n  place where not edge\nend when line(3, mover): mover wins\n";
    let program = check_and_report(source).expect("checks clean");
    compile_and_play(&program, source, &[0; 3], 0);
}

#[test]
fn a_score_that_overflows_does_not_panic() {
    // The score is an i32 and its gain the difference of two of them.
    let source = "players X, O\nboard square 3 x 3\nphase p\n  place where empty\nscore(p) = 2147483647 * turn\nend when full: highest score wins\n";
    let program = check_and_report(source).expect("checks clean");
    compile_and_play(&program, source, &[0; 9], 0);
}
