//! The instruction-counting scripts of `benches/` fail when what they run
//! fails, rather than print a figure they did not measure. They run here
//! with stand-ins for valgrind, cargo, g++ and an rbg2cpp checkout on the
//! PATH, so no real build or count is made.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use tempfile::TempDir;

/// A valgrind that reports 1000 + 10 N instructions for a run of N games
/// (the first number among the program's arguments) and then, with
/// `FAKE_VALGRIND=sigill`, dies as a program of AVX-512 did under it.
const VALGRIND: &str = r#"#!/bin/bash
shift 2
prog=$1; shift
n=0; for a in "$@"; do if [[ $a =~ ^[0-9]+$ ]]; then n=$a; break; fi; done
echo "==1== Collected : $((1000 + 10 * n))" >&2
if [[ ${FAKE_VALGRIND:-} == sigill ]]; then
  echo "==1== Process terminating with default action of signal 4 (SIGILL)" >&2
  exit 132
fi
"#;

/// A g++ that writes down its arguments and makes the file named by `-o`.
const GXX: &str = r#"#!/bin/bash
echo "$@" >>"$GXX_LOG"
while [[ $# -gt 0 ]]; do if [[ $1 == -o ]]; then touch "$2"; fi; shift; done
"#;

/// rbg2cpp, making the reasoner it is asked for.
const RBG2CPP: &str = "#!/bin/bash\ntouch \"$2.cpp\" \"$2.hpp\"\n";

fn script(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs `benches/SCRIPT tic-tac-toe` with the stand-ins: its exit status,
/// output, errors and g++'s arguments.
fn run(script_name: &str, valgrind: &str) -> (i32, String, String, String) {
    let fake = TempDir::new().unwrap();
    let bin = fake.path().join("bin");
    script(&bin, "valgrind", VALGRIND);
    script(&bin, "cargo", "#!/bin/sh\n");
    script(&bin, "g++", GXX);
    let rbg = fake.path().join("rbg");
    script(&rbg, "bin/rbg2cpp", RBG2CPP);
    for file in ["test/simulation.cpp", "test/rbg_random_generator.hpp"] {
        script(&rbg, file, "");
    }
    script(&rbg, "rbgGames/games/ticTacToe.rbg", "");
    let log = fake.path().join("g++.log");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let out = Command::new("bash")
        .arg(format!(
            "{}/benches/{script_name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .arg("tic-tac-toe")
        .env("PATH", path)
        .env("RBG", &rbg)
        .env("GXX_LOG", &log)
        .env("FAKE_VALGRIND", valgrind)
        .env_remove("RBG_MARCH")
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    let built = std::fs::read_to_string(&log).unwrap_or_default();
    let code = out.status.code().unwrap_or(-1);
    (code, text(out.stdout), text(out.stderr), built)
}

#[test]
fn a_run_that_dies_under_valgrind_fails_the_script_and_prints_no_figure() {
    for name in ["instructions.sh", "rbg2cpp.sh", "simulate.sh"] {
        let (code, out, err, _) = run(name, "sigill");
        assert_ne!(code, 0, "{name}: {out}{err}");
        assert!(err.contains("failed under valgrind"), "{name}: {err}");
        assert!(err.contains("SIGILL"), "{name}: {err}");
        assert!(
            !out.contains("tic-tac-toe"),
            "{name} printed a figure: {out}"
        );
    }
}

#[test]
fn counts_that_work_give_a_figure_and_rbg2cpp_is_not_built_for_the_native_cpu() {
    for name in ["instructions.sh", "rbg2cpp.sh", "simulate.sh"] {
        let (code, out, err, built) = run(name, "");
        assert_eq!(code, 0, "{name}: {out}{err}");
        let row = out.lines().find(|l| l.starts_with("tic-tac-toe")).unwrap();
        assert!(row.split_whitespace().nth(1) == Some("10"), "{name}: {row}");
        if name == "rbg2cpp.sh" {
            assert!(built.contains("-Ofast"), "{built}");
            assert!(!built.contains("-march=native"), "{built}");
        }
    }
}
