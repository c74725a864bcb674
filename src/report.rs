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
    // Each report reads the whole file: past the first few, a person reads
    // no more, and the time would grow with the square of the file.
    for d in diagnostics.iter().take(MAX_SHOWN) {
        let report = miette::Report::new(d.clone())
            .with_source_code(NamedSource::new(file, source.to_string()));
        // Writing to a String cannot fail.
        let _ = handler.render_report(&mut out, report.as_ref());
        out.push('\n');
    }
    if let Some(more) = diagnostics.len().checked_sub(MAX_SHOWN).filter(|&n| n > 0) {
        out.push_str(&format!(
            "... and {more} more not shown (`--format json` lists them all)\n\n"
        ));
    }
    out
}

/// The most diagnostics shown to a person for one file.
pub const MAX_SHOWN: usize = 50;

/// Converts diagnostics to their JSON shape.
pub fn to_json(diagnostics: &[Diagnostic], file: &str, source: &str) -> Vec<JsonDiagnostic> {
    let lines = Lines::new(source);
    diagnostics
        .iter()
        .map(|d| {
            let offset = crate::check::first_offset(d).min(source.len());
            let (line, column) = lines.line_column(offset);
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

/// Where each line of a text starts, to turn byte offsets into lines and
/// columns without reading the text again for each.
pub struct Lines<'s> {
    source: &'s str,
    starts: Vec<usize>,
}

impl<'s> Lines<'s> {
    /// The lines of `source`.
    pub fn new(source: &'s str) -> Self {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { source, starts }
    }

    /// The line and column (both from 1; the column in characters) of a
    /// byte offset.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = (0..=offset.min(self.source.len()))
            .rev()
            .find(|&o| self.source.is_char_boundary(o))
            .unwrap_or(0);
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        (line, self.source[start..offset].chars().count() + 1)
    }
}
