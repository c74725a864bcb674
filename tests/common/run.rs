//! Running `tabula` on the shipped rules files, for the tests of
//! `simulate`, `analyse` and `merge`.

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
