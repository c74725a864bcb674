//! Reading, checking and compiling a rules file for a command.

use std::io::IsTerminal;

use crate::check::check;
use crate::cli::Failure;
use crate::compile::compile;
use crate::ir::Rules;
use crate::report::render_human;

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
    std::fs::read_to_string(file)
        .map_err(|e| Failure::usage(format!("error: cannot read `{file}`: {e}")))
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
    let set = parse_sets(sets)?;
    let checked = check(&text);
    if checked.has_errors() {
        let report = render_human(&checked.diagnostics, &file, &text, color_stderr());
        return Err(Failure::problem(format!(
            "{report}error: `{file}` has errors; run `tabula check {file}` after fixing them"
        )));
    }
    let program = checked.program.expect("no errors means a program");
    let rules = compile(&program, &set).map_err(|e| {
        let report =
            miette::Report::new(e).with_source_code(miette::NamedSource::new(&file, text.clone()));
        Failure::usage(format!("{report:?}"))
    })?;
    Ok(Loaded { rules, file, text })
}
