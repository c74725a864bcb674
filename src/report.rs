//! Rendering diagnostics for people (miette's graphical reports) and for tools (JSON).

use miette::{Diagnostic as _, GraphicalReportHandler, GraphicalTheme, NamedSource};
use serde::Serialize;

use crate::diagnostic::Diagnostic;

/// One diagnostic as `--format json` prints it: a stable shape for tools.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct JsonDiagnostic {
    /// The code, such as `E0002`.
    pub code: String,
    /// `error` or `warning`.
    pub severity: String,
    /// The one-line message.
    pub message: String,
    /// The file.
    pub file: String,
    /// The line of the primary label, from 1.
    pub line: usize,
    /// The column of the primary label, from 1 (in characters).
    pub column: usize,
    /// The help line, if any.
    pub help: Option<String>,
}

/// Renders diagnostics as a person reads them; `color` adds ANSI colours.
pub fn render_human(diagnostics: &[Diagnostic], file: &str, source: &str, color: bool) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut out = String::new();
    for d in diagnostics {
        let report = miette::Report::new(d.clone())
            .with_source_code(NamedSource::new(file, source.to_string()));
        // Writing to a String cannot fail.
        let _ = handler.render_report(&mut out, report.as_ref());
        out.push('\n');
    }
    out
}

/// Converts diagnostics to their JSON shape.
pub fn to_json(diagnostics: &[Diagnostic], file: &str, source: &str) -> Vec<JsonDiagnostic> {
    diagnostics
        .iter()
        .map(|d| {
            let offset = crate::check::first_offset(d).min(source.len());
            let (line, column) = line_column(source, offset);
            JsonDiagnostic {
                code: d.code().map(|c| c.to_string()).unwrap_or_default(),
                severity: if d.is_error() { "error" } else { "warning" }.into(),
                message: d.to_string(),
                file: file.into(),
                line,
                column,
                help: d.help().map(|h| h.to_string()),
            }
        })
        .collect()
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = (0..=offset)
        .rev()
        .find(|&o| source.is_char_boundary(o))
        .unwrap_or(0);
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
