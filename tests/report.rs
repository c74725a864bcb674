//! `tabula analyse --report`: the page is opened in a real headless
//! browser (Chromium), which must load it without errors and lay out its
//! four plots, each point marked (a plot of one point shows it). CI installs Chromium (`.ci/run`); elsewhere install it
//! (Debian: `apt-get install chromium`) or point TABULA_BROWSER at one.

use std::path::Path;
use std::process::Command;

/// The browser to open the page in.
fn browser() -> String {
    if let Ok(b) = std::env::var("TABULA_BROWSER") {
        return b;
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()))
        .unwrap_or_else(|| {
            panic!("no Chromium to open the report in: install it (apt-get install chromium) or set TABULA_BROWSER")
        })
        .to_string()
}

/// Chromium's headless flags for a closed network, with a fresh profile.
fn headless(profile: &Path) -> Vec<String> {
    [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
    ]
    .into_iter()
    .map(String::from)
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect()
}

/// Opens `page` in headless Chromium: the DOM it built, and its log.
fn open(page: &Path, profile: &Path) -> (String, String) {
    let out = Command::new(browser())
        .args(headless(profile))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("the browser runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_plot_of_one_point_shows_it_and_draws_and_end_rules_are_plotted() {
    // Every game is one move and a draw, by the one end rule: each plot
    // has a single point, which a line alone did not show.
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("one.game");
    std::fs::write(
        &rules,
        "game \"One move\"\nplayers X, O\nboard square 1 x 1\n\
         phase play\n  place where empty\nend when full: draw\n",
    )
    .unwrap();
    let page = dir.path().join("one.html");
    assert_cmd::Command::cargo_bin("tabula")
        .unwrap()
        .arg("analyse")
        .arg(&rules)
        .args(["--games", "5", "--report"])
        .arg(&page)
        .assert()
        .success();
    let (dom, _) = open(&page, &dir.path().join("profile"));
    let figures: Vec<&str> = dom.split("<figure>").skip(1).collect();
    assert_eq!(figures.len(), 4, "{dom}");
    // Game lengths, how the games ended, branching: one point each, marked.
    for f in [figures[0], figures[2], figures[3]] {
        assert!(f.contains("<circle"), "{f}");
    }
    assert!(figures[2].contains("draws"), "{}", figures[2]);
    assert!(
        figures[2].contains("end rule 1: end when full: draw"),
        "{}",
        figures[2]
    );
}

#[test]
fn the_report_loads_in_a_browser_and_shows_its_plots() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("gomoku.html");
    let rules = format!("{}/rules/gomoku.game", env!("CARGO_MANIFEST_DIR"));
    let run = assert_cmd::Command::cargo_bin("tabula")
        .unwrap()
        .args([
            "analyse",
            &rules,
            "--games",
            "40",
            "--sweep",
            "size=7..9",
            "--report",
        ])
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );

    let (dom, log) = open(&page, &dir.path().join("profile"));
    // The browser parsed the page: its title, the table, and three plots,
    // each with its lines and its labels.
    assert!(dom.contains("<h1>Gomoku</h1>"), "{dom}");
    for caption in [
        "Game lengths",
        "Win rates by option value (95% intervals)",
        "How the games ended (share of games)",
        "Branching factor by turn",
    ] {
        assert!(
            dom.contains(&format!("<figcaption>{caption}</figcaption>")),
            "{caption}"
        );
    }
    assert!(!dom.contains("not drawn"), "a plot failed to draw");
    let figures: Vec<&str> = dom.split("<figure>").skip(1).collect();
    assert_eq!(figures.len(), 4);
    for f in &figures {
        assert!(
            f.contains("<svg") && f.contains("<polyline") && f.contains("<text"),
            "{f}"
        );
    }
    // The swept values and the seats label the lines.
    assert!(dom.contains("size = 9") && dom.contains("Black") && dom.contains("White"));
    // Which end rule ended the games: Gomoku's five in a row.
    assert!(dom.contains("end rule 1: end when"), "{}", figures[2]);
    // Nothing went wrong in the page (no script error, no resource missing).
    let problems: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("CONSOLE") || l.contains("Uncaught") || l.contains("net::ERR"))
        .collect();
    assert!(problems.is_empty(), "{problems:?}");
}
