//! The server's state (the open documents) and its answer to each message.

use std::collections::HashMap;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{Completion, GotoDefinition, HoverRequest, References, Request as _};
use lsp_types::{
    CompletionParams, CompletionResponse, DiagnosticSeverity, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverContents, HoverParams, Location, MarkupContent, MarkupKind,
    NumberOrString, Position, PublishDiagnosticsParams, ReferenceParams, Uri,
};
use miette::Diagnostic as _;

use super::symbols::{self, resolve, Symbol};
use super::text::Lines;
use super::{completion, hover};
use crate::cli::load::MAX_FILE;
use crate::diagnostic::Diagnostic;

/// The open documents, by URI, and the version of each the server holds.
#[derive(Default)]
pub struct Server {
    documents: HashMap<Uri, String>,
    versions: HashMap<Uri, i32>,
}

impl Server {
    /// The messages to send in answer to `message`: a response to a
    /// request, diagnostics after a document changed.
    pub fn handle(&mut self, message: Message) -> Vec<Message> {
        match message {
            Message::Request(request) => vec![Message::Response(self.respond(request))],
            Message::Notification(n) => self.notice(n, true),
            Message::Response(_) => Vec::new(),
        }
    }

    /// A change that a later one already received replaces: its text is
    /// kept, for the requests between them, but it is not checked.
    pub fn superseded(&mut self, message: Message) {
        if let Message::Notification(n) = message {
            self.notice(n, false);
        }
    }

    fn notice(&mut self, n: Notification, check: bool) -> Vec<Message> {
        let changed = n.method == DidChangeTextDocument::METHOD;
        let Some((uri, text, version)) = change(n) else {
            return Vec::new();
        };
        // A change older than the text held came out of order: stale.
        if let (Some(version), Some(&held)) = (version, self.versions.get(&uri)) {
            if changed && version <= held {
                return Vec::new();
            }
        }
        let diagnostics = match text {
            Some(text) => {
                let found = if check { diagnose(&text) } else { Vec::new() };
                self.documents.insert(uri.clone(), text);
                version.map(|v| self.versions.insert(uri.clone(), v));
                found
            }
            // A closed document's marks go away with it.
            None => {
                self.documents.remove(&uri);
                self.versions.remove(&uri);
                Vec::new()
            }
        };
        if !check {
            return Vec::new();
        }
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        vec![Message::Notification(Notification::new(
            PublishDiagnostics::METHOD.to_string(),
            params,
        ))]
    }

    fn respond(&self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            HoverRequest::METHOD => self.answer(request, |s, p: HoverParams| {
                s.hover(
                    &p.text_document_position_params.text_document.uri,
                    p.text_document_position_params.position,
                )
            }),
            GotoDefinition::METHOD => self.answer(request, |s, p: GotoDefinitionParams| {
                let at = &p.text_document_position_params;
                s.definition(&at.text_document.uri, at.position)
                    .map(GotoDefinitionResponse::Scalar)
            }),
            References::METHOD => self.answer(request, |s, p: ReferenceParams| {
                let at = &p.text_document_position;
                s.references(
                    &at.text_document.uri,
                    at.position,
                    p.context.include_declaration,
                )
            }),
            Completion::METHOD => self.answer(request, |s, p: CompletionParams| {
                let at = &p.text_document_position;
                s.completion(&at.text_document.uri, at.position)
                    .map(CompletionResponse::Array)
            }),
            _ => {
                return Response::new_err(
                    id,
                    ErrorCode::MethodNotFound as i32,
                    format!("tabula lsp does not answer `{}`", request.method),
                )
            }
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err(message) => Response::new_err(id, ErrorCode::InvalidParams as i32, message),
        }
    }

    /// The JSON answer of `f` to a request's parameters (null for none).
    fn answer<P, R>(
        &self,
        request: Request,
        f: impl Fn(&Self, P) -> Option<R>,
    ) -> Result<serde_json::Value, String>
    where
        P: serde::de::DeserializeOwned,
        R: serde::Serialize,
    {
        let params: P = serde_json::from_value(request.params).map_err(|e| e.to_string())?;
        serde_json::to_value(f(self, params)).map_err(|e| e.to_string())
    }

    /// The document, its declared names, and the word at `position` with its text.
    fn word(
        &self,
        uri: &Uri,
        position: Position,
    ) -> Option<(&str, Vec<Symbol>, crate::syntax::Span)> {
        let text = self.documents.get(uri)?;
        let offset = Lines::new(text).offset(position);
        let word = symbols::word_at(text, offset)?;
        Some((text, symbols::symbols(text), word))
    }

    fn hover(&self, uri: &Uri, position: Position) -> Option<Hover> {
        let (text, symbols, word) = self.word(uri, position)?;
        let name = &text[word.start..word.end];
        let value = hover::hover(name, resolve(&symbols, name, word))?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: Some(Lines::new(text).range(word.start, word.end)),
        })
    }

    fn definition(&self, uri: &Uri, position: Position) -> Option<Location> {
        let (text, symbols, word) = self.word(uri, position)?;
        let symbol = resolve(&symbols, &text[word.start..word.end], word)?;
        let range = Lines::new(text).range(symbol.span.start, symbol.span.end);
        Some(Location::new(uri.clone(), range))
    }

    fn references(
        &self,
        uri: &Uri,
        position: Position,
        declaration: bool,
    ) -> Option<Vec<Location>> {
        let (text, symbols, word) = self.word(uri, position)?;
        let symbol = resolve(&symbols, &text[word.start..word.end], word)?;
        let lines = Lines::new(text);
        Some(
            symbols::references(text, &symbols, symbol)
                .into_iter()
                .filter(|s| declaration || *s != symbol.span)
                .map(|s| Location::new(uri.clone(), lines.range(s.start, s.end)))
                .collect(),
        )
    }

    fn completion(&self, uri: &Uri, position: Position) -> Option<Vec<lsp_types::CompletionItem>> {
        let text = self.documents.get(uri)?;
        let offset = Lines::new(text).offset(position);
        // The word up to the cursor is the prefix; none when the cursor
        // follows a space.
        let (prefix, at) = match symbols::word_at(text, offset) {
            Some(w) => (&text[w.start..offset], w),
            None => ("", crate::syntax::Span::new(offset, offset)),
        };
        Some(completion::complete(prefix, at, &symbols::symbols(text)))
    }
}

/// A document opened, changed (the server asks for whole texts: the last
/// change is the text) or closed (no text): its URI, text and version.
fn change(n: Notification) -> Option<(Uri, Option<String>, Option<i32>)> {
    match n.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let p = n
                .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                .ok()?;
            let document = p.text_document;
            Some((document.uri, Some(document.text), Some(document.version)))
        }
        DidChangeTextDocument::METHOD => {
            let mut p = n
                .extract::<lsp_types::DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                .ok()?;
            let text = p.content_changes.pop()?.text;
            let document = p.text_document;
            Some((document.uri, Some(text), Some(document.version)))
        }
        DidCloseTextDocument::METHOD => {
            let p = n
                .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                .ok()?;
            Some((p.text_document.uri, None, None))
        }
        _ => None,
    }
}

/// The checker's diagnostics of `text`, as the protocol marks them: the
/// same codes, messages, spans and help as `tabula check`.
pub fn diagnose(text: &str) -> Vec<lsp_types::Diagnostic> {
    let lines = Lines::new(text);
    if text.len() as u64 > MAX_FILE {
        return vec![lsp_types::Diagnostic {
            range: lines.range(0, 0),
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some("tabula".into()),
            message: format!(
                "the file is larger than {} MiB: it is not checked",
                MAX_FILE >> 20
            ),
            ..Default::default()
        }];
    }
    let checked = crate::check::check(text);
    let mut found = checked.diagnostics;
    // As `check` does: what only compiling finds, with the default options.
    if let Some(program) = &checked.program {
        if let Err(crate::compile::CompileError::Invalid(d)) = crate::compile::compile(program, &[])
        {
            found.push(*d);
        }
    }
    found.iter().map(|d| mark(d, &lines)).collect()
}

/// One diagnostic as the protocol marks it: at its first label.
fn mark(d: &Diagnostic, lines: &Lines) -> lsp_types::Diagnostic {
    let span = d.labels().and_then(|mut l| l.next()).map(|l| *l.inner());
    let range = span.map_or(lines.range(0, 0), |s| {
        lines.range(s.offset(), s.offset() + s.len())
    });
    let mut message = d.to_string();
    if let Some(help) = d.help() {
        message.push_str(&format!("\nhelp: {help}"));
    }
    lsp_types::Diagnostic {
        range,
        severity: Some(if d.is_error() {
            DiagnosticSeverity::ERROR
        } else {
            DiagnosticSeverity::WARNING
        }),
        code: d.code().map(|c| NumberOrString::String(c.to_string())),
        source: Some("tabula".into()),
        message,
        ..Default::default()
    }
}
