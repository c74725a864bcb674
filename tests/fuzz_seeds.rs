//! The fuzz targets' bodies (`fuzz/bodies.rs`, which `fuzz/fuzz_targets/`
//! include too) on every seed of their corpora, and the rules body on every
//! hostile file of `tests/hostile/`, so that an input the fuzzer once found
//! stays fixed without a nightly toolchain (in a debug build, which also
//! checks the arithmetic). Each input runs under a time limit: one that
//! hangs fails the test, named, instead of hanging CI.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

#[path = "../fuzz/bodies.rs"]
mod bodies;

/// The most one input may take, in a debug build on a loaded machine.
const LIMIT: Duration = Duration::from_secs(60);

/// The files of `folder` (under the project) whose names end in `ext`.
fn files(folder: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("a folder of inputs")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(ext))
        .collect();
    files.sort();
    files
}

/// Runs `body` on each file, each on a thread of its own under [`LIMIT`];
/// panics naming every file that panicked or ran out of time.
fn each_within_limit(files: &[PathBuf], body: fn(&[u8])) {
    let mut failures = Vec::new();
    for file in files {
        let data = std::fs::read(file).expect("a readable input");
        let (done, wait) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                let result = std::panic::catch_unwind(|| body(&data));
                let _ = done.send(result.is_ok());
            })
            .expect("a thread");
        match wait.recv_timeout(LIMIT) {
            Ok(true) => {
                let _ = worker.join();
            }
            Ok(false) => failures.push(format!("{}: panicked", file.display())),
            // The thread is left running; the test fails at once.
            Err(_) => failures.push(format!("{}: took over {LIMIT:?}", file.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_rules_seed_is_checked_compiled_and_played_in_time() {
    let seeds = files("fuzz/seeds/rules", "");
    assert!(seeds.len() > 40, "{seeds:?}");
    each_within_limit(&seeds, bodies::rules_input);
}

#[test]
fn every_record_seed_is_replayed_in_time() {
    let seeds = files("fuzz/seeds/record", ".json");
    assert!(seeds.len() >= 10, "{seeds:?}");
    each_within_limit(&seeds, bodies::record_input);
}

#[test]
fn every_hostile_rules_file_goes_through_the_rules_target_in_time() {
    let hostile = files("tests/hostile", ".game");
    assert!(hostile.len() > 80, "{hostile:?}");
    each_within_limit(&hostile, bodies::rules_input);
}
