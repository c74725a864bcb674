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
    // The snippets quote the file: its control characters become `?`
    // (as many as their bytes, so that the spans still fit).
    let shown = masked(source);
    let source = shown.as_str();
    let lines = Lines::new(source);
    let mut out = String::new();
    // Each report reads the whole file: past the first few, a person reads
    // no more, and the time would grow with the square of the file.
    for d in diagnostics.iter().take(MAX_SHOWN) {
        let far = too_far_to_quote(d, &lines);
        let mut report = miette::Report::new(d.clone());
        if far.is_none() {
            // The file's name is typed by a person or read from a folder.
            let name = printable(file);
            report = report.with_source_code(NamedSource::new(name, source.to_string()));
        }
        let mut rendered = String::new();
        // Writing to a String cannot fail.
        let _ = handler.render_report(&mut rendered, report.as_ref());
        out.push_str(&header(d, color));
        out.push('\n');
        if let Some((line, column)) = far {
            let file = printable(file);
            out.push_str(&format!(
                "   ╭─[{file}:{line}:{column}] (too far along its line to quote)\n"
            ));
        }
        out.push_str(&without_header(&rendered));
        out.push('\n');
    }
    if let Some(more) = diagnostics.len().checked_sub(MAX_SHOWN).filter(|&n| n > 0) {
        out.push_str(&format!(
            "... and {more} more not shown (`--format json` lists them all)\n\n"
        ));
    }
    out
}

/// Where `d` points, when one of its labels lies so far along its line
/// that miette would pad it with a width past what Rust's formatting takes
/// (65,535 columns; a tab is up to 4, a character's bytes bound its width).
fn too_far_to_quote(d: &Diagnostic, lines: &Lines) -> Option<(usize, usize)> {
    const FARTHEST: usize = 60_000;
    let far = d.labels()?.any(|label| {
        let (_, start, end) = lines.locate(label.offset() + label.len());
        let before = &lines.source[start..end];
        before.len() + 3 * before.bytes().filter(|&b| b == b'\t').count() > FARTHEST
    });
    far.then(|| lines.line_column(crate::check::first_offset(d)))
}

/// The first line of a report, as rustc writes it: `error[E0002]: unknown
/// name `emtpy``, the severity in words (in colour on a terminal).
fn header(d: &Diagnostic, color: bool) -> String {
    use owo_colors::OwoColorize as _;
    let code = d.code().map(|c| c.to_string()).unwrap_or_default();
    let severity = if d.is_error() { "error" } else { "warning" };
    let lead = format!("{severity}[{code}]");
    let lead = match (color, d.is_error()) {
        (false, _) => lead,
        (true, true) => lead.red().bold().to_string(),
        (true, false) => lead.yellow().bold().to_string(),
    };
    format!("{lead}: {}", printable(&d.to_string()))
}

/// A miette report without its own header (the code, a blank line and the
/// message after its mark, wrapped lines included): [`header`] says it.
fn without_header(rendered: &str) -> String {
    let mut out = String::new();
    let (mut in_header, mut in_message) = (true, false);
    for line in rendered.lines() {
        let visible = plain(line);
        let text = visible.trim_start();
        if in_header {
            if text.starts_with(['×', '⚠', '☞']) {
                (in_header, in_message) = (false, true);
            }
            continue;
        }
        // A long message wraps onto lines marked `  │`, before the snippet.
        if in_message && visible.starts_with("  │") {
            continue;
        }
        in_message = false;
        match cut(&visible) {
            Some(shorter) => out.push_str(&shorter),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// A report's line made short enough to read, when it quotes a long line
/// of the file (or underlines one, or labels a place far along one): the
/// quote and the underline are cut, a label's indent is shortened.
/// `None` for a line to print as it is.
fn cut(visible: &str) -> Option<String> {
    let length = visible.chars().count();
    if length <= MAX_QUOTED {
        return None;
    }
    let label = visible.find("╰──");
    if let Some(at) = label.filter(|&at| visible[..at].chars().count() > MAX_QUOTED) {
        // The gutter (`    ·`), then the label, its indent left out.
        let gutter = visible.find('·').map_or(0, |g| g + '·'.len_utf8());
        return Some(format!("{} … {}", &visible[..gutter], &visible[at..]));
    }
    let quote = visible
        .trim_start()
        .starts_with(|c: char| c.is_ascii_digit())
        || !visible.chars().any(char::is_alphanumeric);
    quote.then(|| {
        let kept: String = visible.chars().take(MAX_QUOTED).collect();
        format!("{kept} … ({} more characters)", length - MAX_QUOTED)
    })
}

/// The most characters of a report's line shown: a longer line of the
/// file (or its underline) is cut there.
const MAX_QUOTED: usize = 200;

/// `line` without its ANSI colour sequences.
pub fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ ... final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `source` with each control character (but line ends and tabs) and each
/// mark that reorders text replaced by as many `?` as it has bytes.
fn masked(source: &str) -> String {
    source
        .chars()
        .map(|c| match c {
            '\n' | '\t' => c.to_string(),
            c if c.is_control() || reorders(c) => "?".repeat(c.len_utf8()),
            c => c.to_string(),
        })
        .collect()
}

/// Whether `c` is one of the marks that reorder text on the screen.
fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Text from a file, safe to print: control characters (an escape that
/// would clear the screen, a carriage return that would hide what came
/// before) and the marks that reorder text are written as escapes.
pub fn printable(text: &str) -> String {
    escaped(text, |c| c.is_control() || reorders(c))
}

/// [`printable`] for text of several lines (a message): its line ends and
/// tabs are kept, every other control character is written as an escape.
pub fn printable_lines(text: &str) -> String {
    escaped(text, |c| {
        (c.is_control() && c != '\n' && c != '\t') || reorders(c)
    })
}

/// `text` with each character `unsafe_char` picks written as an escape.
fn escaped(text: &str, unsafe_char: impl Fn(char) -> bool) -> String {
    if !text.chars().any(&unsafe_char) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if unsafe_char(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A report of an error found after checking (options that do not fit),
/// without colour and safe to print: its message may quote what a person
/// typed (`--set NAME=...`).
pub fn render_plain(
    error: impl miette::Diagnostic + Send + Sync + 'static,
    file: &str,
    source: &str,
) -> String {
    let named = NamedSource::new(printable(file), masked(source));
    let report = miette::Report::new(error).with_source_code(named);
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut rendered = String::new();
    // Writing to a String cannot fail.
    let _ = handler.render_report(&mut rendered, report.as_ref());
    printable_lines(&rendered)
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
        let (line, start, offset) = self.locate(offset);
        (line + 1, self.source[start..offset].chars().count() + 1)
    }

    /// The line (from 0) of a byte offset, where that line starts, and the
    /// offset itself, clamped to the text and moved back to the start of
    /// the character it falls inside.
    pub fn locate(&self, offset: usize) -> (usize, usize, usize) {
        let offset = (0..=offset.min(self.source.len()))
            .rev()
            .find(|&o| self.source.is_char_boundary(o))
            .unwrap_or(0);
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        (line, self.starts[line], offset)
    }

    /// The text of line `line` (from 0), without its newline.
    pub fn line(&self, line: usize) -> Option<(usize, &'s str)> {
        let start = *self.starts.get(line)?;
        let text = self.source[start..].split('\n').next().unwrap_or_default();
        Some((start, text))
    }
}
