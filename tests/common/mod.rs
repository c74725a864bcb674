//! What several test files share: running the `tabula` binary.

use assert_cmd::Command;
use tempfile::TempDir;

/// Runs `tabula ARGS` in `dir` without colour: (exit status, stdout, stderr).
pub fn tabula_in(dir: &TempDir, args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("tabula")
        .expect("the tabula binary is built")
        .args(args)
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        // A hang fails the test (killed: no exit code) instead of CI.
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .expect("tabula runs");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    let code = out.status.code().expect("exited, not killed");
    (code, text(out.stdout), text(out.stderr))
}
