//! `cosmic lsp`: the effect language in any editor. A language server over stdio, a thin
//! layer over the analysis `lint`, `explain` and `fmt` run: diagnostics are `lint`'s (the same
//! check, codes, spans and help, as `lint --format json` shapes them), hover, completion, go
//! to definition and the outline are `cosmic_interpreter::ide`'s, formatting is `fmt`'s.
//! Everything here is protocol: documents, URIs and UTF-16 positions.

mod position;
mod world;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    Request as LspRequest,
};
use lsp_types::{
    CompletionOptions, InitializeParams, InitializeResult, OneOf, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind,
};
use world::World;

/// What the server can do.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), "\"".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves one editor on stdin and stdout until it says `exit`; returns the exit code.
pub fn run() -> miette::Result<i32> {
    let (connection, io) = Connection::stdio();
    let fail = |e: &dyn std::fmt::Display| miette::miette!("language server: {e}");
    let (id, params) = connection.initialize_start().map_err(|e| fail(&e))?;
    let params: InitializeParams = serde_json::from_value(params).map_err(|e| fail(&e))?;
    let result = InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo {
            name: "cosmic".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    };
    let result = serde_json::to_value(result).map_err(|e| fail(&e))?;
    connection
        .initialize_finish(id, result)
        .map_err(|e| fail(&e))?;
    let mut world = World::new(world::root(&params));
    let code = serve(&connection, &mut world).map_err(|e| fail(&e))?;
    drop(connection);
    io.join().map_err(|e| fail(&e))?;
    Ok(code)
}

/// The message loop; 0 after a `shutdown` then `exit`, 1 after an `exit` alone (as the
/// protocol asks).
fn serve(connection: &Connection, world: &mut World) -> Result<i32, lsp_server::ProtocolError> {
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(0);
                }
                let response = respond(world, request);
                send(connection, response.into());
            }
            Message::Notification(n) if n.method == "exit" => return Ok(1),
            Message::Notification(n) => {
                if let Some(changed) = notice(world, n) {
                    publish(connection, world, changed);
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(1)
}

fn send(connection: &Connection, message: Message) {
    // The editor went away: there is nobody left to tell.
    let _ = connection.sender.send(message);
}

/// Applies a document notification; returns the documents whose diagnostics may have changed.
fn notice(world: &mut World, n: Notification) -> Option<Vec<lsp_types::Uri>> {
    match n.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let p: lsp_types::DidOpenTextDocumentParams = serde_json::from_value(n.params).ok()?;
            Some(world.open(p.text_document.uri, p.text_document.text))
        }
        DidChangeTextDocument::METHOD => {
            let p: lsp_types::DidChangeTextDocumentParams =
                serde_json::from_value(n.params).ok()?;
            // Full sync: the last change holds the whole text.
            let text = p.content_changes.into_iter().last()?.text;
            Some(world.open(p.text_document.uri, text))
        }
        DidCloseTextDocument::METHOD => {
            let p: lsp_types::DidCloseTextDocumentParams = serde_json::from_value(n.params).ok()?;
            Some(world.close(p.text_document.uri))
        }
        DidSaveTextDocument::METHOD => None,
        _ => None,
    }
}

/// Sends the diagnostics of each listed document (an empty list to a closed one).
fn publish(connection: &Connection, world: &World, uris: Vec<lsp_types::Uri>) {
    for uri in uris {
        let params = lsp_types::PublishDiagnosticsParams {
            diagnostics: world.diagnostics(&uri),
            version: None,
            uri,
        };
        send(
            connection,
            Notification::new(PublishDiagnostics::METHOD.into(), params).into(),
        );
    }
}

fn respond(world: &World, request: Request) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => answer::<HoverRequest>(request, |p| world.hover(p)),
        Completion::METHOD => answer::<Completion>(request, |p| world.complete(p)),
        GotoDefinition::METHOD => answer::<GotoDefinition>(request, |p| world.definition(p)),
        DocumentSymbolRequest::METHOD => {
            answer::<DocumentSymbolRequest>(request, |p| world.symbols(p))
        }
        Formatting::METHOD => answer::<Formatting>(request, |p| world.format(p)),
        method => Err((
            ErrorCode::MethodNotFound,
            format!("cosmic lsp does not answer `{method}`"),
        )),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

type Answer = Result<serde_json::Value, (ErrorCode, String)>;

/// Reads a request's parameters, answers it, and writes the result.
fn answer<R: LspRequest>(request: Request, f: impl FnOnce(R::Params) -> R::Result) -> Answer {
    let bad = |e: serde_json::Error| (ErrorCode::InvalidParams, e.to_string());
    let (_, params): (RequestId, R::Params) = request.extract(R::METHOD).map_err(|e| match e {
        lsp_server::ExtractError::JsonError { error, .. } => bad(error),
        lsp_server::ExtractError::MethodMismatch(r) => (
            ErrorCode::MethodNotFound,
            format!("unexpected method {}", r.method),
        ),
    })?;
    serde_json::to_value(f(params)).map_err(bad)
}
