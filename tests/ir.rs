//! Golden files of what each rules file compiles to: `tabula check FILE
//! --ir` for every file in rules/ and every complete example of
//! docs/language.md, with every pass and with none, pinned in tests/ir/.
//! A change to the compiler, its passes or the printer shows here as a
//! diff. After a change you mean, write the files anew:
//!
//! ```text
//! TABULA_BLESS=1 cargo test --test ir
//! ```

use std::path::{Path, PathBuf};

use tabula::compile::{load_with, Passes};
use tabula::ir::print::program_text;

#[path = "common/docs.rs"]
mod docs;

/// Every source to pin: (golden file's stem, rules text).
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join("rules"))
        .expect("rules/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    paths.sort();
    for path in paths {
        let stem = path.file_stem().expect("a name").to_string_lossy();
        let text = std::fs::read_to_string(&path).expect("a rules file");
        all.push((stem.into_owned(), text));
    }
    for (i, block) in docs::complete_examples().into_iter().enumerate() {
        all.push((format!("docs-example-{:02}", i + 1), block));
    }
    all
}

/// The text pinned for one source: the program with every pass, then the
/// passes' part of it with none.
fn pinned(text: &str) -> String {
    let all = load_with(text, &[], Passes::ALL).expect("compiles");
    let none = load_with(text, &[], Passes::NONE).expect("compiles");
    let general = program_text(&none);
    let plan: Vec<&str> = general
        .lines()
        .filter(|l| {
            let plan = ["pass ", "random draws", "state keeps"];
            plan.iter().any(|p| l.starts_with(p)) || l.contains("form ")
        })
        .collect();
    format!(
        "{}\n// with --passes none:\n{}\n",
        program_text(&all),
        plan.join("\n")
    )
}

#[test]
fn every_program_prints_as_its_golden_file() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let bless = std::env::var_os("TABULA_BLESS").is_some();
    let mut stale = Vec::new();
    for (stem, text) in sources() {
        let path = folder.join(format!("{stem}.ir"));
        let now = pinned(&text);
        if bless {
            std::fs::create_dir_all(&folder).expect("tests/ir/");
            std::fs::write(&path, &now).expect("a golden file");
            continue;
        }
        let was = std::fs::read_to_string(&path).unwrap_or_default();
        if was != now {
            let first = was
                .lines()
                .zip(now.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(was.lines().count().min(now.lines().count()));
            let line = |t: &str| t.lines().nth(first).unwrap_or("(end)").to_string();
            stale.push(format!(
                "{}: line {}\n  pinned: {}\n  now:    {}",
                path.display(),
                first + 1,
                line(&was),
                line(&now)
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n\nIf the change is meant: TABULA_BLESS=1 cargo test --test ir",
        stale.join("\n")
    );
}

#[test]
fn check_ir_prints_the_program_and_its_passes() {
    let bin = env!("CARGO_BIN_EXE_tabula");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/exago.game");
    let out = std::process::Command::new(bin)
        .args(["check", "--ir"])
        .arg(&file)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("form relocation"), "{text}");
    assert!(text.contains("pass relocation: play rule 2"), "{text}");
    let none = std::process::Command::new(bin)
        .args(["check", "--ir", "--passes", "none"])
        .arg(&file)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&none.stdout);
    assert!(text.contains("pass relocation: -"), "{text}");
    assert!(!text.contains("form relocation"), "{text}");
    let bad = std::process::Command::new(bin)
        .args(["check", "--ir", "--passes", "fast"])
        .arg(&file)
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("no pass `fast`"), "{err}");
}
