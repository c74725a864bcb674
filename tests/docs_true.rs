//! What the docs and the messages say is true: a fix a help suggests
//! checks clean, an example shows what it says it shows, every code is in
//! every table, and every file the README names exists.

use std::path::Path;

use assert_cmd::Command;
use miette::Diagnostic as _;
use tabula::check::check;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Tic-tac-toe with one more end rule, `end when CONDITION: draw`.
fn with_end(condition: &str) -> String {
    read("rules/tic-tac-toe.game") + &format!("end when {condition}: draw\n")
}

#[test]
fn every_code_of_the_diagnostics_reference_is_in_the_language_table() {
    let reference = read("docs/diagnostics.md");
    let language = read("docs/language.md");
    let codes: Vec<&str> = reference
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|l| l.split(':').next())
        .filter(|c| c.len() == 5 && c.starts_with(['E', 'W', 'R']))
        .collect();
    assert!(codes.len() > 30, "{codes:?}");
    for code in codes {
        assert!(
            language.contains(&format!("\n| {code} | ")),
            "docs/language.md's diagnostics table has no row for {code}"
        );
    }
}

#[test]
fn the_fix_e0011_suggests_checks_clean() {
    // The condition, and the text the report points at.
    for condition in [
        "not empty",
        "edge",
        "corner",
        "owner == X",
        "empty(cell)",
        "adjacent(last)",
        "to == last",
        "piece == X",
    ] {
        let source = with_end(condition);
        let checked = check(&source);
        let d = checked
            .diagnostics
            .iter()
            .find(|d| d.code().is_some_and(|c| c.to_string() == "E0011"))
            .unwrap_or_else(|| panic!("`{condition}` gives no E0011"));
        let label = d.labels().and_then(|mut l| l.next()).expect("a label");
        let span = label.offset()..label.offset() + label.len();
        let pointed = &source[span.clone()];
        let help = d.help().expect("a help").to_string();
        // The last code in the help is the fix; `…` stands for the
        // arguments already given.
        let fix = help.rsplit('`').nth(1).expect("code in the help");
        let given = pointed
            .split_once('(')
            .map_or("", |(_, rest)| rest.trim_end_matches(')'));
        let fixed =
            source[..span.start].to_string() + &fix.replace('…', given) + &source[span.end..];
        let rechecked = check(&fixed);
        assert!(
            !rechecked.has_errors(),
            "E0011 on `{pointed}` suggests `{fix}` ({help}), which does not check: {:?}",
            rechecked
                .diagnostics
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_example_of_explain_r0002_gives_r0002() {
    let explained = Command::cargo_bin("tabula")
        .unwrap()
        .args(["explain", "R0002"])
        .output()
        .unwrap();
    let text = String::from_utf8(explained.stdout).unwrap();
    assert!(!text.contains("never removed"), "{text}");
    // `explain` shows a code block indented by four spaces.
    let example: String = text
        .lines()
        .skip_while(|l| !l.starts_with("    // Mistake"))
        .take_while(|l| l.starts_with("    "))
        .map(|l| format!("{}\n", &l[4..]))
        .collect();
    assert!(
        !example.is_empty(),
        "no rules file in `tabula explain R0002`:\n{text}"
    );
    let dir = tempfile::TempDir::new().unwrap();
    std::fs::write(dir.path().join("example.game"), example).unwrap();
    let out = Command::cargo_bin("tabula")
        .unwrap()
        .current_dir(dir.path())
        .args(["check", "example.game", "--playouts", "5"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("error[R0002]"), "{said}");
}

#[test]
fn every_file_the_readme_names_exists() {
    let readme = read("README.md");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = readme
        .split(|c: char| !(c.is_ascii_alphanumeric() || "_-./".contains(c)))
        .filter(|w| w.ends_with(".md") && !w.starts_with('.'));
    for name in names {
        let found = root.join(name).exists() || root.join("docs").join(name).exists();
        assert!(found, "the README names `{name}`, which does not exist");
    }
}

#[test]
fn every_cargo_install_in_the_docs_is_locked() {
    for doc in ["README.md", "benches/README.md", "docs/cluster.md"] {
        for line in read(doc).lines().filter(|l| l.contains("cargo install ")) {
            assert!(
                line.contains("--locked"),
                "{doc}: `{line}` builds with other versions than Cargo.lock's"
            );
        }
    }
}

/// `place on CELL where COND` filters: a false condition removes the whole
/// move, as docs/language.md's table of steps says (it once said the step
/// was played "if COND holds there", as if it were skipped otherwise).
#[test]
fn a_false_where_of_place_on_removes_the_move_as_the_docs_say() {
    let source = "game \"Place on\"\nplayers X, O\nboard square 3 x 3\nsupply 9\n\
                  phase play\n  place where empty and cell != a1 then place on a1 where empty\n\
                  end when full: draw\n";
    let rules = tabula::compile::load(source, &[]).unwrap_or_else(|e| panic!("{e:?}"));
    let mut state = rules.start(1);
    assert_eq!(rules.sorted_moves(&state).len(), 8);
    let b2 = rules.parse_move(&state, "b2").unwrap();
    rules.play(&mut state, b2);
    // a1 is taken: every way through the chain fails at `place on`.
    assert!(rules.sorted_moves(&state).is_empty());
    let language = read("docs/language.md");
    let row = language
        .lines()
        .find(|l| l.starts_with("| `place on CELL"))
        .expect("a row for `place on` in the table of steps");
    assert!(
        row.contains("no move") && !row.contains("if `COND` holds there"),
        "docs/language.md does not say that a false `where` removes the move: {row}"
    );
}
