//! `tabula lsp`: a language server over standard input and output, for
//! editors. It marks the checker's diagnostics as a file is typed, shows a
//! built-in's or keyword's documentation on hover, goes to the declaration
//! of a definition, option, seat, phase or parameter and finds its uses,
//! and completes keywords, built-ins and the names in scope.

mod completion;
mod hover;
mod server;
mod symbols;
mod text;
mod transport;

use std::collections::VecDeque;

use lsp_server::{ErrorCode, Message};
use lsp_types::{
    CompletionOptions, HoverProviderCapability, OneOf, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind,
};
use serde_json::{json, Value};

pub use server::{diagnose, Server};
use transport::Incoming;

/// What the server can do, as it tells the editor.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        ..ServerCapabilities::default()
    }
}

/// Serves one editor on standard input and output until it asks the
/// server to exit (or closes the stream). Messages are read by a thread of
/// their own, so that a change already followed by a later one of the same
/// document is not checked.
pub fn run() -> Result<(), String> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        transport::pump(&mut input, &mut |incoming| send.send(incoming).is_ok());
    });
    let mut output = std::io::stdout().lock();
    let mut session = Session::default();
    let mut queued = VecDeque::new();
    loop {
        let incoming = match queued.pop_front() {
            Some(incoming) => incoming,
            None => match receive.recv() {
                Ok(incoming) => incoming,
                Err(_) => return Ok(()),
            },
        };
        let answers = match incoming {
            Incoming::Bad(answer) => vec![answer],
            Incoming::Message(message) => {
                queued.extend(receive.try_iter());
                let superseded = change_of(&message).is_some_and(|(uri, version)| {
                    queued.iter().any(|later| match later {
                        Incoming::Message(later) => change_of(later)
                            .is_some_and(|(later, newer)| later == uri && newer > version),
                        Incoming::Bad(_) => false,
                    })
                });
                match session.answer(message, superseded) {
                    Some(answers) => answers,
                    None => return Ok(()),
                }
            }
        };
        for answer in answers {
            transport::write(&mut output, &answer).map_err(|e| e.to_string())?;
        }
    }
}

/// The document a change is to, and the version it makes.
fn change_of(message: &Message) -> Option<(&str, i64)> {
    match message {
        Message::Notification(n) if n.method == "textDocument/didChange" => {
            let document = &n.params["textDocument"];
            Some((document["uri"].as_str()?, document["version"].as_i64()?))
        }
        _ => None,
    }
}

/// The protocol's states around the server: requests are answered only
/// after `initialize` and until `shutdown`.
#[derive(Default)]
struct Session {
    server: Server,
    initialized: bool,
    shut_down: bool,
}

impl Session {
    /// The answers to `message`; `None` when the editor says to exit.
    fn answer(&mut self, message: Message, superseded: bool) -> Option<Vec<Value>> {
        let refuse = |id, code, why: &str| vec![transport::error(json!(id), code, why)];
        let answers = match &message {
            Message::Notification(n) if n.method == "exit" => return None,
            Message::Request(r) if r.method == "initialize" && !self.initialized => {
                self.initialized = true;
                let result = json!({
                    "capabilities": capabilities(),
                    "serverInfo": {"name": "tabula", "version": env!("CARGO_PKG_VERSION")},
                });
                vec![json!({"jsonrpc": "2.0", "id": r.id, "result": result})]
            }
            Message::Request(r) if !self.initialized => refuse(
                &r.id,
                ErrorCode::ServerNotInitialized,
                "not initialized yet",
            ),
            Message::Request(r) if self.shut_down || r.method == "initialize" => {
                let why = format!("`{}` after `shutdown` or a second `initialize`", r.method);
                refuse(&r.id, ErrorCode::InvalidRequest, &why)
            }
            Message::Request(r) if r.method == "shutdown" => {
                self.shut_down = true;
                vec![json!({"jsonrpc": "2.0", "id": r.id, "result": null})]
            }
            // Before `initialize`, notifications are dropped.
            _ if !self.initialized => Vec::new(),
            _ if superseded => {
                self.server.superseded(message);
                Vec::new()
            }
            _ => (self.server.handle(message).iter())
                .filter_map(|m| serde_json::to_value(m).ok())
                .collect(),
        };
        Some(answers)
    }
}
