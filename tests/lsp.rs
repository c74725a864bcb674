//! `tabula lsp` driven over standard input and output as an editor drives
//! it, message by message: diagnostics as a file is opened and changed,
//! hover, go to definition, find references, completion, shutdown.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

/// A server being driven: its input, and the messages it wrote, read by a thread.
struct Editor {
    child: Child,
    input: ChildStdin,
    output: Receiver<Value>,
    next_id: i64,
}

impl Editor {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tabula lsp starts");
        let input = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, output) = channel();
        std::thread::spawn(move || {
            while let Some(message) = read_message(&mut stdout) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        Editor {
            child,
            input,
            output,
            next_id: 1,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.input.flush().unwrap();
    }

    /// Sends bytes as they are, a message or not.
    fn send_raw(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
        self.input.flush().unwrap();
    }

    /// The next error response that answers no request (`id` null).
    fn error_without_id(&self) -> Value {
        loop {
            let m = self.receive();
            if m.get("error").is_some() && m["id"].is_null() {
                return m["error"].clone();
            }
        }
    }

    fn change(&mut self, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its response's result (or error).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.receive();
            if m["id"] == json!(id) {
                return if m.get("error").is_some() {
                    m["error"].clone()
                } else {
                    m["result"].clone()
                };
            }
        }
    }

    fn receive(&self) -> Value {
        self.output
            .recv_timeout(Duration::from_secs(20))
            .expect("the server answers within 20 s")
    }

    /// The next diagnostics the server publishes.
    fn diagnostics(&self) -> Vec<Value> {
        loop {
            let m = self.receive();
            if m["method"] == "textDocument/publishDiagnostics" {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }
}

fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().ok();
        }
    }
    let mut body = vec![0; length?];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

const URI: &str = "file:///work/race.game";

const BROKEN: &str = "game \"Race\"\noption size = 5 in 3..9\nplayers Red, Blue\n\
board square size x size\ndefine mine(c: cell) = owner(c) == mover\n\n\
phase play\n  place where emtpy(cell)\n\nend when line(size, mover): mover wins\n";

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

#[test]
fn an_editor_sees_diagnostics_docs_definitions_references_and_completions() {
    let mut editor = Editor::start();
    let init = editor.request("initialize", json!({"capabilities": {}}));
    let caps = &init["capabilities"];
    assert_eq!(caps["hoverProvider"], json!(true), "{init}");
    assert_eq!(caps["definitionProvider"], json!(true));
    assert_eq!(caps["referencesProvider"], json!(true));
    assert!(caps["completionProvider"].is_object());
    editor.notify("initialized", json!({}));

    // Opening a file with a misspelt name marks it, as `check` reports it.
    editor.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "tabula", "version": 1, "text": BROKEN}}),
    );
    let marks = editor.diagnostics();
    let e0002 = marks
        .iter()
        .find(|d| d["code"] == "E0002")
        .unwrap_or_else(|| panic!("an E0002 mark: {marks:?}"));
    assert_eq!(e0002["severity"], json!(1));
    assert_eq!(e0002["range"]["start"], json!({"line": 7, "character": 14}));
    assert_eq!(e0002["range"]["end"], json!({"line": 7, "character": 19}));
    assert!(
        e0002["message"].as_str().unwrap().contains("empty"),
        "{e0002}"
    );
    // The definition nobody uses is a warning.
    assert!(marks
        .iter()
        .any(|d| d["code"] == "W0001" && d["severity"] == json!(2)));

    // Fixed as typed: the marks go, but for the unused definition.
    let fixed = BROKEN.replace("emtpy(cell)", "empty(cell) and not mine(cell)");
    editor.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    assert_eq!(editor.diagnostics(), Vec::<Value>::new());

    // Hover: a built-in's meaning, a keyword's section of the reference,
    // a definition's text.
    let line = editor.request("textDocument/hover", at(9, 10));
    assert!(
        line["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("built-in: "),
        "{line}"
    );
    let phase = editor.request("textDocument/hover", at(6, 2));
    assert!(
        phase["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("`phase`"),
        "{phase}"
    );
    let mine = editor.request("textDocument/hover", at(7, 34));
    assert!(
        mine["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("define mine(c: cell)"),
        "{mine}"
    );

    // Go to definition: from a use of `mine` to its declaration.
    let def = editor.request("textDocument/definition", at(7, 34));
    assert_eq!(def["uri"], URI);
    assert_eq!(def["range"]["start"], json!({"line": 4, "character": 7}));

    // Find references: the option `size`, declared once and used three times.
    let mut params = at(1, 8);
    params["context"] = json!({"includeDeclaration": true});
    let refs = editor.request("textDocument/references", params);
    assert_eq!(refs.as_array().unwrap().len(), 4, "{refs}");

    // Completion: built-ins, keywords and names that start with the word.
    editor.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": fixed.replace("not mine(cell)", "not mi")}]}),
    );
    editor.diagnostics();
    let items = editor.request("textDocument/completion", at(7, 36));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"mine"), "{labels:?}");
    assert!(labels.iter().all(|l| l.starts_with("mi")), "{labels:?}");

    // An unknown request is an error, not a crash.
    let unknown = editor.request("textDocument/formatting", at(0, 0));
    assert_eq!(unknown["code"], json!(-32601));

    assert_eq!(editor.request("shutdown", Value::Null), Value::Null);
    editor.notify("exit", Value::Null);
    let status = editor.child.wait().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn a_document_nested_too_deeply_is_marked_and_the_server_goes_on() {
    let mut editor = Editor::start();
    editor.request("initialize", json!({"capabilities": {}}));
    editor.notify("initialized", json!({}));
    let deep = BROKEN.replace("emtpy(cell)", &("not ".repeat(13_000) + "empty(cell)"));
    let deep = deep.replace(
        "line(size, mover)",
        &("full if full else ".repeat(15_000) + "full"),
    );
    editor.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "tabula", "version": 1, "text": deep}}),
    );
    let marks = editor.diagnostics();
    assert_eq!(
        marks.iter().filter(|d| d["code"] == "E0025").count(),
        2,
        "{marks:?}"
    );
    let hover = editor.request("textDocument/hover", at(6, 2));
    assert!(hover["contents"].is_object(), "{hover}");
}

#[test]
fn bad_input_is_answered_with_an_error_and_the_server_goes_on() {
    let mut editor = Editor::start();
    // Before `initialize`, a request is refused.
    let early = editor.request("textDocument/hover", at(0, 0));
    assert_eq!(early["code"], json!(-32002), "{early}");
    editor.request("initialize", json!({"capabilities": {}}));
    editor.notify("initialized", json!({}));
    let framed = |body: &[u8]| {
        let mut m = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        m.extend(body);
        m
    };
    for (bad, code) in [
        (framed(b"{not json"), -32700),
        (
            framed(b"{\"jsonrpc\": \"2.0\", \"method\": \"\xff\xfe\"}"),
            -32700,
        ),
        (b"Content-Type: text/plain\r\n\r\n".to_vec(), -32700),
        (b"Content-Length: many\r\n\r\n".to_vec(), -32700),
        (b"hello\r\n\r\n".to_vec(), -32700),
        (framed(b"[1, 2]"), -32600),
    ] {
        editor.send_raw(&bad);
        let error = editor.error_without_id();
        assert_eq!(error["code"], json!(code), "{error} for {bad:?}");
        // ... and the next message is read as ever.
        let hover = editor.request("textDocument/hover", at(0, 0));
        assert!(hover.is_null(), "{hover}");
    }

    // Changes that come out of order: the older one is dropped.
    editor.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "tabula", "version": 1, "text": BROKEN}}),
    );
    assert!(!editor.diagnostics().is_empty());
    let fixed = BROKEN.replace("emtpy(cell)", "empty(cell)");
    editor.change(5, &fixed);
    editor.change(4, BROKEN);
    for version in 6..=9 {
        editor.change(version, if version == 9 { &fixed } else { BROKEN });
    }
    loop {
        let m = editor.receive();
        if m["method"] == "textDocument/publishDiagnostics" {
            let published = &m["params"];
            assert_ne!(published["version"], json!(4), "{m}");
            if published["version"] == json!(9) {
                let marks = published["diagnostics"].as_array().unwrap();
                assert!(marks.iter().all(|d| d["code"] != "E0002"), "{m}");
                break;
            }
        }
    }
    let hover = editor.request("textDocument/hover", at(7, 14));
    let meaning = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        meaning.starts_with("built-in: "),
        "version 9 has `empty`: {hover}"
    );

    // A message larger than the cap is refused before it is read.
    editor.send_raw(b"Content-Length: 99999999999999\r\n\r\n{");
    let error = editor.error_without_id();
    assert_eq!(error["code"], json!(-32600), "{error}");
    assert!(
        error["message"].as_str().unwrap().contains("16 MiB"),
        "{error}"
    );
    assert!(
        editor.child.try_wait().unwrap().is_none(),
        "the server is still running"
    );
    editor.child.kill().unwrap();
}

/// The requests at a position of one document, for the property below.
fn requests_at(line: u32, character: u32) -> Vec<lsp_server::Message> {
    let at = at(line, character);
    let mut references = at.clone();
    references["context"] = json!({"includeDeclaration": false});
    [
        ("textDocument/hover", at.clone()),
        ("textDocument/definition", at.clone()),
        ("textDocument/references", references),
        ("textDocument/completion", at),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (method, params))| {
        lsp_server::Message::Request(lsp_server::Request::new(
            (i as i32).into(),
            method.to_string(),
            params,
        ))
    })
    .collect()
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 64, failure_persistence: None, ..Default::default() })]

    /// Whatever the document and wherever the cursor, every request gets
    /// an answer and nothing panics: a rules file cut anywhere, with
    /// characters of one, two and four UTF-16 units.
    #[test]
    fn the_server_answers_any_document_at_any_position(
        file in 0usize..4,
        cut in 0usize..4000,
        extra in "[ -~\n\té𝄞]{0,40}",
        line in 0u32..200,
        character in 0u32..120,
    ) {
        let files = ["rules/partners.game", "rules/exago.game", "rules/connect-four.game", "tests/diagnostics/E0002-unknown-name.game"];
        let text = std::fs::read_to_string(format!("{}/{}", env!("CARGO_MANIFEST_DIR"), files[file])).unwrap();
        let mut cut = cut.min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let text = format!("{}{extra}", &text[..cut]);
        let mut server = tabula::lsp::Server::default();
        let open = lsp_server::Notification::new(
            "textDocument/didOpen".to_string(),
            json!({"textDocument": {"uri": URI, "languageId": "tabula", "version": 1, "text": text}}),
        );
        let published = server.handle(lsp_server::Message::Notification(open));
        proptest::prop_assert_eq!(published.len(), 1);
        for request in requests_at(line, character) {
            let answers = server.handle(request);
            proptest::prop_assert!(matches!(answers.as_slice(), [lsp_server::Message::Response(r)] if r.response_result.is_ok()));
        }
    }
}
