//! Running `tabula` on the shipped rules files, for the tests of
//! `simulate`, `analyse`, `merge` and `play`.

// Each test file that includes this uses some of these functions.
#![allow(dead_code)]

use assert_cmd::Command;

/// The path of `rules/NAME`.
pub fn rules(name: &str) -> String {
    format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `tabula ARGS`, which must succeed; its standard output.
pub fn tabula(args: &[&str]) -> String {
    let out = Command::cargo_bin("tabula")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "tabula {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `tabula ARGS`, which must fail with `status`; its standard error.
pub fn refused(args: &[&str], status: i32) -> String {
    let out = Command::cargo_bin("tabula")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(status), "tabula {args:?}");
    String::from_utf8(out.stderr).unwrap()
}

/// `tabula ARGS` without colour, with `input` typed, which must run to
/// an exit status of its own: 0, or for `play` 3 (the game left
/// unfinished) or 4 (a line of input refused); its standard output. The
/// tests that use it read what was printed; tests/cli.rs tests the
/// statuses.
pub fn typed(args: &[&str], input: &str) -> String {
    let out = Command::cargo_bin("tabula")
        .unwrap()
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        matches!(out.status.code(), Some(0 | 3 | 4)),
        "tabula {args:?} exited {:?}: {stdout}{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}
