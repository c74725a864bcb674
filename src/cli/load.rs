//! Reading, checking and compiling a rules file for a command.

use std::io::IsTerminal;

use crate::check::check;
use crate::cli::Failure;
use crate::compile::{compile, CompileError};
use crate::ir::Rules;
use crate::report::{printable, render_human, render_plain};

/// The rules file played when `play` is given no file.
pub const DEFAULT_RULES: (&str, &str) = (
    "rules/hex-fours.game",
    include_str!("../../rules/hex-fours.game"),
);

/// Rules loaded for play, with their source for records.
pub struct Loaded {
    /// The compiled rules.
    pub rules: Rules,
    /// The file name as given.
    pub file: String,
    /// The rules text.
    pub text: String,
}

/// Whether to colour what goes to stderr.
pub fn color_stderr() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// Whether to colour what goes to stdout.
pub fn color_stdout() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal()
}

/// Reads a file, or fails with a usage error that names it.
pub fn read(file: &str) -> Result<String, Failure> {
    text_of(file, open_regular(file)?)
}

/// Opens a regular file for reading, or fails with a usage error that
/// names it: a folder, a named pipe, a device or a socket is refused
/// before it is read (opening a pipe waits for a writer, for ever).
pub fn open_regular(file: &str) -> Result<std::fs::File, Failure> {
    let cannot = |e: std::io::Error| Failure::usage(format!("error: cannot read `{file}`: {e}"));
    let not_regular = |meta: &std::fs::Metadata| {
        let what = if meta.is_dir() {
            "a folder, not a file"
        } else {
            "not a regular file (a pipe, device or socket); give a file"
        };
        Failure::usage(format!("error: `{file}` is {what}"))
    };
    let meta = std::fs::metadata(file).map_err(cannot)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    // Without waiting, in case the file was replaced by a pipe since.
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let opened = options.open(file).map_err(cannot)?;
    let meta = opened.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok(opened)
}

/// The most a rules file or record may hold: both are small, and reading
/// stops here (an endless input such as `/dev/zero` included).
pub const MAX_FILE: u64 = 4 << 20;

/// Reads at most [`MAX_FILE`] bytes of UTF-8 text from `input`, named `name`
/// in messages.
pub fn text_of(name: &str, input: impl std::io::Read) -> Result<String, Failure> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    input
        .take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::usage(format!("error: cannot read `{name}`: {e}")))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(Failure::problem(format!(
            "error: `{name}` is larger than {} MiB: too large for a rules file or record",
            MAX_FILE >> 20
        )));
    }
    // A byte-order mark some editors write at the start says nothing.
    if bytes.starts_with(&[0xef, 0xbb, 0xbf]) {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&bytes[start..at]).chars().count() + 1;
        Failure::problem(format!(
            "error: `{name}` is not UTF-8 text: line {line}, column {column} holds a byte \
             that is not a character (save the file as UTF-8)"
        ))
    })
}

/// Parses `NAME=VALUE` option settings.
pub fn parse_sets(sets: &[String]) -> Result<Vec<(String, i64)>, Failure> {
    sets.iter()
        .map(|s| {
            let (name, value) = s.split_once('=').ok_or_else(|| {
                Failure::usage(format!(
                    "error: `--set {s}` should be NAME=VALUE, for example `--set size=5`"
                ))
            })?;
            let value: i64 = value.trim().parse().map_err(|_| {
                Failure::usage(format!(
                    "error: `--set {s}`: the value `{value}` is not a whole number"
                ))
            })?;
            Ok((name.trim().to_string(), value))
        })
        .collect()
}

/// Loads a rules file (or the default game), printing any diagnostics; errors stop here.
pub fn load(file: Option<&str>, sets: &[String]) -> Result<Loaded, Failure> {
    let (file, text) = match file {
        Some(f) => (f.to_string(), read(f)?),
        None => (DEFAULT_RULES.0.to_string(), DEFAULT_RULES.1.to_string()),
    };
    load_text(file, text, sets)
}

/// Checks and compiles rules text that has already been read.
pub fn load_text(file: String, text: String, sets: &[String]) -> Result<Loaded, Failure> {
    load_colored(file, text, sets, color_stderr())
}

/// [`load_text`] with reports in plain text, whatever the terminal: for
/// messages that go into replies (`tabula engine`).
pub fn load_plain(file: String, text: String, sets: &[String]) -> Result<Loaded, Failure> {
    load_colored(file, text, sets, false)
}

/// [`load_text`], with reports coloured or not.
fn load_colored(
    file: String,
    text: String,
    sets: &[String],
    color: bool,
) -> Result<Loaded, Failure> {
    let set = parse_sets(sets)?;
    let checked = check(&text);
    if checked.has_errors() {
        let report = render_human(&checked.diagnostics, &file, &text, color);
        let name = printable(&file);
        return Err(Failure::rendered(
            1,
            format!(
                "{report}error: `{name}` has errors; run `tabula check {name}` after fixing them"
            ),
        ));
    }
    let program = checked.program.expect("no errors means a program");
    let rules = compile(&program, &set)
        .map_err(|e| Failure::rendered(2, compile_report(e, &set, &file, &text, color)))?;
    Ok(Loaded { rules, file, text })
}

/// How a compile error reads on the command line. When the options make the
/// rules invalid (E0016), the diagnostic inside is shown in full against the
/// rules text, after a line naming the options that caused it. Safe to print.
pub fn compile_report(
    e: CompileError,
    set: &[(String, i64)],
    file: &str,
    text: &str,
    color: bool,
) -> String {
    match e {
        CompileError::Invalid(inner) => {
            let options: Vec<String> = set.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let with = if options.is_empty() {
                "with the options' defaults".to_string()
            } else {
                format!("with {}", options.join(" and "))
            };
            let report = render_human(&[*inner], file, text, color);
            format!(
                "error[E0016]: {} the rules do not fit:\n\n{}",
                printable(&with),
                report.trim_end()
            )
        }
        e => render_plain(e, file, text),
    }
}

#[cfg(test)]
mod tests {
    use super::load_colored;

    const FIVE: &str = "game \"Five\"\noption size = 15 in 3..19\noption handicap = 1 in 0..3\n\
        players Black, White\nboard square size x size\nsupply 40 / handicap\n\
        phase play\n  place where empty\nend when line(5, mover): mover wins\nend when full: draw\n";

    fn failure(sets: &[&str]) -> String {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        match load_colored("five.game".into(), FIVE.into(), &sets, false) {
            Ok(_) => panic!("{sets:?} should not fit"),
            Err(f) => {
                assert_eq!(f.status, 2, "{}", f.message);
                f.message
            }
        }
    }

    #[test]
    fn options_that_do_not_fit_show_the_error_inside_in_full() {
        let m = failure(&["size=4"]);
        assert!(
            m.starts_with("error[E0016]: with size=4 the rules do not fit:"),
            "{m}"
        );
        // The inner diagnostic, once, with its code, labels and help.
        assert_eq!(m.matches("a line of 5 does not fit").count(), 1, "{m}");
        for part in ["E0006", "length 5", "the board is declared here", "help:"] {
            assert!(m.contains(part), "`{part}` missing from:\n{m}");
        }
        let m = failure(&["size=9", "handicap=0"]);
        assert!(
            m.starts_with("error[E0016]: with size=9 and handicap=0 the rules do not fit:"),
            "{m}"
        );
        assert!(
            m.contains("E0018") && m.contains("this divides by zero"),
            "{m}"
        );
    }

    #[test]
    fn an_unknown_option_suggests_a_close_one() {
        let m = failure(&["sise=4"]);
        assert!(
            m.contains("E0015") && m.contains("did you mean `size`?"),
            "{m}"
        );
        let m = failure(&["colour=4"]);
        assert!(!m.contains("did you mean"), "{m}");
        assert!(m.contains("size, handicap"), "{m}");
    }

    #[test]
    fn loads_with_options_that_fit() {
        let sets = vec!["size=5".to_string()];
        assert!(load_colored("five.game".into(), FIVE.into(), &sets, false).is_ok());
    }
}
