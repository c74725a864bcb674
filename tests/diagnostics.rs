//! The checker's diagnostics, one broken rules file per code.
//!
//! For every file in `tests/diagnostics/` the checker's report, as a person
//! reads it (`render_human` without colour), is compared with a snapshot in
//! `tests/snapshots/`, and the codes reported must include the code that starts
//! the file's name (`E0002-unknown-name.game` must report E0002). A fixture may
//! list more codes it must report on a comment line `// codes: E0001 E0002`.
//!
//! To accept new or changed reports, regenerate the snapshots and then READ
//! every changed `.snap` file (`git diff tests/snapshots`) before committing:
//!
//! ```text
//! INSTA_UPDATE=always cargo test --test diagnostics
//! ```
//!
//! (`cargo insta review` does the same interactively if cargo-insta is
//! installed: `cargo install cargo-insta`.) Without `INSTA_UPDATE`, a changed
//! report fails the test and insta writes the new one next to the old as
//! `.snap.new`; a new fixture with no snapshot yet also fails until accepted.
//! docs/diagnostics.md shows these reports too: keep it in step.

use std::fs;
use std::path::{Path, PathBuf};

use miette::Diagnostic as _;
use tabula::check::check;
use tabula::diagnostic::Diagnostic;
use tabula::report::{render_human, to_json};

/// The broken rules files, sorted by name.
fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    files
}

/// The codes a diagnostic list holds, in order.
fn codes(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d.code().map(|c| c.to_string()).unwrap_or_default())
        .collect()
}

/// The codes a fixture must report: the one its name starts with, and those
/// listed on a `// codes:` line.
fn expected_codes(stem: &str, source: &str) -> Vec<String> {
    let mut expected = Vec::new();
    let prefix = stem.split('-').next().unwrap_or_default();
    let is_code = prefix.len() == 5
        && prefix.starts_with(['E', 'W'])
        && prefix[1..].chars().all(|c| c.is_ascii_digit());
    if is_code {
        expected.push(prefix.to_string());
    }
    for line in source.lines() {
        if let Some(list) = line.trim().strip_prefix("// codes:") {
            expected.extend(
                list.split([' ', ','])
                    .filter(|c| !c.is_empty())
                    .map(String::from),
            );
        }
    }
    expected
}

#[test]
fn every_fixture_reports_its_code_and_matches_its_snapshot() {
    let files = fixtures();
    assert!(
        files.len() >= 20,
        "expected the broken rules files in tests/diagnostics, found {}",
        files.len()
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_omit_expression(true);
    settings.set_prepend_module_to_snapshot(true);
    for path in files {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 file name")
            .to_string();
        let source = fs::read_to_string(&path).expect("a readable fixture");
        assert!(
            source.starts_with("//"),
            "{stem}: a fixture starts with a `//` comment saying what mistake it contains"
        );
        let checked = check(&source);
        let found = codes(&checked.diagnostics);
        let expected = expected_codes(&stem, &source);
        assert!(
            !expected.is_empty(),
            "{stem}: name the file by its code (E0002-...) or list `// codes:` in it"
        );
        for code in &expected {
            assert!(
                found.contains(code),
                "{stem}: expected {code} among the reported codes {found:?}"
            );
        }
        // Only warnings: the rules are still usable; any error: no program.
        let only_warnings = expected.iter().all(|c| c.starts_with('W'));
        assert_eq!(
            checked.program.is_some(),
            only_warnings,
            "{stem}: a program is handed on exactly when there is no error (codes {found:?})"
        );
        assert_eq!(
            checked.has_errors(),
            !only_warnings,
            "{stem}: has_errors (codes {found:?})"
        );

        let file = format!("tests/diagnostics/{stem}.game");
        let rendered = render_human(&checked.diagnostics, &file, &source, false);
        settings.set_description(format!("tabula check {file}"));
        settings.bind(|| insta::assert_snapshot!(stem.as_str(), rendered));
    }
}

#[test]
fn several_errors_are_all_reported_not_only_the_first() {
    let source = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics/several-errors.game"),
    )
    .expect("the fixture with several errors");
    let checked = check(&source);
    let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
    assert!(
        errors >= 4,
        "expected at least 4 errors, got {:?}",
        codes(&checked.diagnostics)
    );
    // Reported in source order.
    let offsets: Vec<usize> = checked
        .diagnostics
        .iter()
        .map(tabula::check::first_offset)
        .collect();
    assert!(
        offsets.windows(2).all(|w| w[0] <= w[1]),
        "diagnostics are sorted by position: {offsets:?}"
    );
}

/// The reserved words: the literals of the grammar's `keyword` rule.
fn reserved_words() -> Vec<String> {
    let grammar =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/tabula.pest"))
            .expect("the grammar");
    let start = grammar.find("\nkeyword").expect("a `keyword` rule");
    let rule = &grammar[start..];
    let rule = &rule[..rule.find("!name_char").expect("the rule's end")];
    let words: Vec<String> = rule
        .split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect();
    assert!(words.len() >= 30, "the reserved words: {words:?}");
    words
}

#[test]
fn a_reserved_word_as_a_name_is_reported_as_reserved() {
    // Every reserved word, in every place that declares a name, and used as one.
    let rest = "board square 3 x 3\nphase play\n  place where empty\nend when full: draw\n";
    for word in reserved_words() {
        let mut cases = vec![
            (format!("option {word} = 9\nplayers X, O\n{rest}"), "cannot name an option"),
            (format!("option n({word}) = 9\nplayers X, O\n{rest}"), "cannot name a seat parameter"),
            (format!("define {word} = 1\nplayers X, O\n{rest}"), "cannot name a definition"),
            (format!("define f({word}: int) = 1\nplayers X, O\n{rest}"), "cannot name a parameter"),
            (format!("define f(a: int, {word}: seat) = 1\nplayers X, O\n{rest}"), "cannot name a parameter"),
            (format!("players {word}, b\n{rest}"), "cannot name a seat"),
            (format!("players X, {word}\n{rest}"), "cannot name a seat"),
            (format!("players X, O\nneutral {word}\n{rest}"), "cannot name a neutral piece"),
            (format!("players X, O\nscore({word}) = 1\n{rest}"), "cannot name a seat parameter"),
            (format!("players X, O\ndefine s = sum(1 for {word} where true)\n{rest}"), "cannot name the variable of an aggregate"),
            (format!("players X, O\nboard square 3 x 3\nphase {word}\n  place where empty\nend when full: draw\n"), "cannot name a phase"),
        ];
        // `true` and `false` are values where an expression goes.
        if word != "true" && word != "false" {
            cases.push((
                format!("players X, O\n{rest}end when full and {word}: draw\n"),
                "cannot be used as a name",
            ));
        }
        for (source, what) in cases {
            let checked = check(&source);
            let want = format!("syntax error: `{word}` is a reserved word and {what}");
            let found: Vec<String> = checked.diagnostics.iter().map(|d| d.to_string()).collect();
            let d = checked
                .diagnostics
                .iter()
                .find(|d| d.to_string() == want)
                .unwrap_or_else(|| panic!("{source}\nexpected \"{want}\", got {found:?}"));
            assert_eq!(codes(std::slice::from_ref(d)), ["E0001"], "{source}");
            // The report points at the word, and is the item's only one.
            let at = tabula::check::first_offset(d);
            assert_eq!(&source[at..at + word.len()], word, "{source}");
            assert_eq!(found.len(), 1, "{source}\n{found:?}");
        }
    }
}

#[test]
fn the_docs_list_the_reserved_words() {
    let docs = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md"))
        .expect("docs/language.md");
    let start = docs
        .find("These words are reserved and cannot be names:")
        .expect("the list of reserved words in docs/language.md");
    let list = docs[start..]
        .split('`')
        .nth(1)
        .expect("the words between backquotes");
    let mut listed: Vec<&str> = list.split_whitespace().collect();
    let mut reserved = reserved_words();
    listed.sort_unstable();
    reserved.sort_unstable();
    assert_eq!(
        listed, reserved,
        "docs/language.md, \"A rules file\", lists the grammar's `keyword` rule"
    );
}

#[test]
fn a_move_s_from_to_and_piece_outside_a_move_are_reported() {
    let game = |extra: &str| {
        format!(
            "players X, O\nboard square 3 x 3\nsupply 5\nphase play\n  place where empty\n  \
             pick where owner(cell) == mover then place where empty and cell != from\n{extra}\nend when full: draw\n"
        )
    };
    let e0011 = |source: &str| -> Vec<String> {
        check(source)
            .diagnostics
            .iter()
            .filter(|d| d.code().is_some_and(|c| c.to_string() == "E0011"))
            .map(|d| d.to_string())
            .collect()
    };
    for (name, read) in [
        ("from", "row(from) == 1"),
        ("to", "row(to) == 1"),
        ("piece", "piece == X"),
    ] {
        // No move: an end rule, an effect after the turn, a score, a tie-break,
        // a must-block filter, a set-up, a seat's supply.
        for extra in [
            format!("end when {read}: draw"),
            format!("after turn: supply(mover) += 1 if {read} else 0"),
            format!("score(p) = 1 if {read} else 0\nend when full: highest score wins"),
            format!("tiebreak(p) = 1 if {read} else 0"),
            format!("must block when {read}"),
            format!("setup: put 1 X where {read}"),
            format!("supply(p) = 1 if {read} else 0"),
        ] {
            let source = game(&extra);
            let found = e0011(&source);
            assert!(
                found.len() == 1 && found[0].starts_with(&format!("`{name}` is ")),
                "{source}\n{found:?}"
            );
        }
        // Through a definition, at each use outside a move, and not inside one.
        let source = game(&format!(
            "define moved = {read}\nphase again\n  place where empty and moved\nend when moved: draw"
        ));
        let found = e0011(&source);
        assert_eq!(
            found,
            [format!("`moved` uses `{name}`, but there is no move here")],
            "{source}"
        );
        // In a move's chain: fine.
        let source = game(&format!(
            "phase again\n  place where empty and {read} then place where {read}"
        ));
        assert!(!check(&source).has_errors(), "{source}");
    }
    // A track's `blocked where` and `after move` read the walk: fine.
    let source = "players A, B\nboard track 6 per seat, homes of 2, end zones of 2\n\
        blocked where piece != mover and from == to\nafter move: capture at to if piece == mover\n\
        phase play\n  move by 1 where owner(cell) == mover\nend when turn > 9: draw\n";
    let checked = check(source);
    let found: Vec<String> = checked.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(!checked.has_errors(), "{source}\n{found:?}");
}

#[test]
fn the_help_of_e0023_names_every_step_of_a_general_chain() {
    let game = |rule: &str| {
        format!("players X, O\nboard square 3 x 3\nphase play\n  {rule}\nend when full: draw\n")
    };
    // The words a step starts with, as the grammar has them: those the
    // report of an unknown step lists.
    let source = game("place where empty then xyzzy");
    let checked = check(&source);
    let unknown = checked
        .diagnostics
        .iter()
        .find(|d| d.code().is_some_and(|c| c.to_string() == "E0026"))
        .unwrap_or_else(|| panic!("an unknown step: {:?}", codes(&checked.diagnostics)));
    let listed = unknown.help().expect("a help").to_string();
    let listed = &listed[listed.find("here it has").expect("the steps")..];
    let words: Vec<&str> = listed.split('`').skip(1).step_by(2).collect();
    assert!(words.len() >= 15, "{words:?}");
    // A chain that chooses nothing gets E0023 with the forms of a chain.
    let checked = check(&game("keep largest group"));
    let d = checked
        .diagnostics
        .iter()
        .find(|d| d.code().is_some_and(|c| c.to_string() == "E0023"))
        .unwrap_or_else(|| panic!("E0023: {:?}", codes(&checked.diagnostics)));
    let help = d.help().expect("a help").to_string();
    // A track's steps have a help of their own (a card move's shape).
    for word in words
        .iter()
        .filter(|w| !["enter", "move", "split", "switch"].contains(w))
    {
        assert!(
            help.contains(&format!("`{word}")),
            "E0023's help leaves out `{word}`: {help}"
        );
    }
    assert!(d.to_string().contains("`sow around`"), "{d}");
}

#[test]
fn every_rules_file_checks_clean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut seen = 0;
    for entry in fs::read_dir(&dir).expect("the rules folder") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        seen += 1;
        let source = fs::read_to_string(&path).expect("a readable rules file");
        let checked = check(&source);
        let name = path.display().to_string();
        assert!(
            checked.diagnostics.is_empty(),
            "{name} should check with no diagnostics at all, got:\n{}",
            render_human(&checked.diagnostics, &name, &source, false)
        );
        let program = checked.program.expect("a clean check hands on the program");
        if let Err(e) = tabula::compile::compile(&program, &[]) {
            panic!("{name} checks clean but does not compile with its defaults: {e}");
        }
    }
    assert!(
        seen >= 2,
        "expected the rules files in rules/, found {seen}"
    );
}

#[test]
fn json_has_code_severity_message_file_line_and_column() {
    let source = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics/E0002-unknown-name.game"),
    )
    .expect("the fixture");
    let checked = check(&source);
    let file = "tests/diagnostics/E0002-unknown-name.game";
    let json = to_json(&checked.diagnostics, file, &source);
    assert_eq!(json.len(), 1, "{json:?}");
    let value = serde_json::to_value(&json[0]).expect("serializable");
    for field in [
        "code", "severity", "message", "file", "line", "column", "help",
    ] {
        assert!(
            value.get(field).is_some(),
            "field `{field}` missing from {value}"
        );
    }
    // `  place where emtpy` is line 7; `emtpy` starts in column 15.
    assert_eq!(value["code"], "E0002");
    assert_eq!(value["severity"], "error");
    assert_eq!(value["message"], "unknown name `emtpy`");
    assert_eq!(value["file"], file);
    assert_eq!(value["line"], 7);
    assert_eq!(value["column"], 15);
    assert_eq!(value["help"], "did you mean `empty`?");
}

#[test]
fn json_warnings_and_columns_count_characters_not_bytes() {
    // Multi-byte characters before the mistake on its line: the column counts characters.
    let source = "players X, O\nboard square 3 x 3\nphase play\n  place where empty\nend when full: draw\ngame \"Écarté ♠\" x\n";
    let checked = check(source);
    let json = to_json(&checked.diagnostics, "t.game", source);
    let e = json
        .iter()
        .find(|d| d.code == "E0001")
        .unwrap_or_else(|| panic!("a syntax error: {json:?}"));
    // `game "Écarté ♠" x` is line 6: the stray `x` is its 17th character (its 21st byte).
    assert_eq!((e.line, e.column), (6, 17), "{e:?}");
    assert_eq!(
        e.message,
        "syntax error: expected the end of the item, found `x`"
    );

    let source = "game \"é\" option n = 3\nplayers X, O\nboard square 3 x 3\nphase play\n  place where empty\nend when full: draw\n";
    let checked = check(source);
    let json = to_json(&checked.diagnostics, "t.game", source);
    let w = json
        .iter()
        .find(|d| d.code == "W0001")
        .unwrap_or_else(|| panic!("an unused option: {json:?}"));
    assert_eq!(w.severity, "warning");
    assert_eq!(w.message, "option `n` is never used");
    // `game "é" option n` on line 1: `n` is the 17th character (the 18th byte).
    assert_eq!((w.line, w.column), (1, 17), "{w:?}");
}

#[test]
fn json_of_a_diagnostic_at_the_start_of_the_file_is_line_1_column_1() {
    let source = "// nothing but a comment\n";
    let checked = check(source);
    let json = to_json(&checked.diagnostics, "empty.game", source);
    assert!(json.iter().any(|d| d.code == "E0008"), "{json:?}");
    for d in &json {
        assert_eq!((d.line, d.column), (1, 1), "{d:?}");
    }
}

/// The codes declared in the sources (`code(E0002)` in src/diagnostic.rs and src/compile.rs).
fn declared_codes() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for file in ["src/diagnostic.rs", "src/compile.rs"] {
        let text = fs::read_to_string(root.join(file)).expect("a source file");
        for (i, _) in text.match_indices("code(") {
            let code: String = text[i + 5..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if code.len() == 5 && !found.contains(&code) {
                found.push(code);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn every_code_has_a_fixture_and_a_section_in_the_docs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = fs::read_to_string(root.join("docs/diagnostics.md")).expect("docs/diagnostics.md");
    let codes = declared_codes();
    assert!(
        codes.len() >= 21,
        "expected E0001..E0016, W0001, W0002, R0001..R0003, found {codes:?}"
    );
    let stems: Vec<String> = fixtures()
        .iter()
        .map(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    for code in &codes {
        assert!(
            docs.contains(&format!("\n## {code}: ")),
            "docs/diagnostics.md has no `## {code}: ...` section"
        );
        // R codes come from playing, E0015 and E0016 from `--set`: no rules file alone gives them.
        let needs_fixture = !code.starts_with('R') && code != "E0015" && code != "E0016";
        if needs_fixture {
            assert!(
                stems.iter().any(|s| s.starts_with(&format!("{code}-"))),
                "no fixture tests/diagnostics/{code}-....game for {code}"
            );
        }
    }
}

#[test]
fn the_docs_show_the_accepted_reports() {
    // docs/diagnostics.md copies each report from its snapshot: when a report
    // changes, paste the new one from tests/snapshots/ into the docs.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = fs::read_to_string(root.join("docs/diagnostics.md")).expect("docs/diagnostics.md");
    for path in fixtures() {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 file name");
        let snapshot = root.join(format!("tests/snapshots/diagnostics__{stem}.snap"));
        let Ok(text) = fs::read_to_string(&snapshot) else {
            continue;
        };
        // The report follows the snapshot's `---` header.
        let report = text
            .splitn(3, "---\n")
            .nth(2)
            .unwrap_or_default()
            .trim_end();
        assert!(
            docs.contains(report),
            "docs/diagnostics.md does not show the current report of {stem}; copy it from {}",
            snapshot.display()
        );
        let source = fs::read_to_string(&path).expect("a readable fixture");
        assert!(
            docs.contains(source.trim_end()),
            "docs/diagnostics.md does not show {stem}.game as it is"
        );
    }
}
