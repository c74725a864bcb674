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

use lsp_server::Connection;
use lsp_types::{
    CompletionOptions, HoverProviderCapability, OneOf, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind,
};

pub use server::{diagnose, Server};

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
/// server to exit (or closes the stream).
pub fn run() -> Result<(), String> {
    let (connection, threads) = Connection::stdio();
    let caps = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    connection.initialize(caps).map_err(|e| e.to_string())?;
    let mut server = Server::default();
    for message in &connection.receiver {
        if let lsp_server::Message::Request(r) = &message {
            if connection.handle_shutdown(r).map_err(|e| e.to_string())? {
                break;
            }
        }
        for answer in server.handle(message) {
            connection.sender.send(answer).map_err(|e| e.to_string())?;
        }
    }
    drop(connection);
    threads.join().map_err(|e| e.to_string())
}
