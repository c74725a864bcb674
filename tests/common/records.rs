//! Records written by `simulate`, for the tests of what reads them.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A random game of Partners (seed 5) recorded in `dir`: a long game with
/// a winning team, hidden hands and several moves to a card.
pub fn partners_record(dir: &Path) -> PathBuf {
    Command::cargo_bin("tabula")
        .expect("the binary is built")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "simulate",
            "rules/partners.game",
            "--games",
            "1",
            "--seed",
            "5",
        ])
        .arg("--records")
        .arg(dir)
        .assert()
        .success();
    dir.join("game-00001.json")
}
