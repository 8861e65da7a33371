//! `cosmic lsp` spoken to over stdio, as an editor does: initialize, open a broken file and
//! receive `lint`'s diagnostics, change it, hover, complete, go to a definition, list the
//! outline, format as `fmt` does, shut down and exit.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// An editor's end of the connection.
struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cosmic"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cosmic lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, messages) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                reader.read_exact(&mut body).expect("a whole message");
                let value = serde_json::from_slice(&body).expect("JSON");
                if tx.send(value).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
            next_id: 1,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn next(&self) -> Value {
        match self.messages.recv_timeout(Duration::from_secs(60)) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => panic!("the server said nothing for a minute"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Sends a request and returns its result, skipping notifications sent meanwhile.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.next();
            if m["id"] == json!(id) {
                assert!(m.get("error").is_none(), "{method}: {m}");
                return m["result"].clone();
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        loop {
            let m = self.next();
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"]
                    .as_array()
                    .expect("a list")
                    .clone();
            }
        }
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cosmic-lsp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn position(text: &str, needle: &str, after: usize) -> Value {
    let at = text.find(needle).expect("needle") + after;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count();
    let character: usize = text[line_start..at].chars().map(char::len_utf16).sum();
    json!({ "line": line, "character": character })
}

// The ability's name holds characters of two and four bytes (one and two UTF-16 units), so
// a column counted in bytes or in characters would be off.
const BROKEN: &str = "alien \"Seer\" {\n  summary \"Sees\"\n  set base\n\n  define peek {\n    draw 1 card\n  }\n\n  power \"Fé𝄞\" mandatory, as ofense, at reveal {\n    do peek\n  }\n}\n";

const MESSY: &str = "alien \"Seer\" {\nsummary   \"Sees\"\n  alert green\n    set base\n  power \"Look\" mandatory, as offense, at reveal { draw 1 card }\n}\n";

#[test]
fn an_editor_session() {
    let dir = temp_dir("session");
    let path = dir.join("seer.cosmic");
    std::fs::write(&path, BROKEN).expect("write");
    let uri = format!("file://{}", path.display());
    let mut client = Client::start();

    let init = client.request(
        "initialize",
        json!({ "processId": null, "rootUri": format!("file://{}", dir.display()), "capabilities": {} }),
    );
    let caps = &init["capabilities"];
    for cap in [
        "hoverProvider",
        "completionProvider",
        "definitionProvider",
        "documentSymbolProvider",
        "documentFormattingProvider",
    ] {
        assert!(!caps[cap].is_null(), "{cap} in {init}");
    }
    assert_eq!(init["serverInfo"]["name"], "cosmic");
    client.notify("initialized", json!({}));

    // Diagnostics: exactly what `cosmic lint` reports for the file, UTF-16 columns.
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "cosmic", "version": 1, "text": BROKEN } }),
    );
    let found = client.diagnostics(&uri);
    let lint = Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args(["lint", "--format", "json"])
        .arg(&dir)
        .output()
        .expect("lint runs");
    let lint: Value = serde_json::from_slice(&lint.stdout).expect("lint's JSON");
    let expected = lint["diagnostics"].as_array().expect("a list");
    assert_eq!(found.len(), expected.len(), "{found:?}\n{expected:?}");
    assert_eq!(
        found.len(),
        2,
        "a missing alert and an unknown role: {found:?}"
    );
    for (d, e) in found.iter().zip(expected) {
        assert_eq!(d["code"], e["code"]);
        assert_eq!(d["severity"], json!(1), "errors");
        assert_eq!(d["source"], "cosmic");
        let message = d["message"].as_str().unwrap();
        assert!(
            message.starts_with(e["message"].as_str().unwrap()),
            "{message}"
        );
        let help = e["help"].as_str().unwrap();
        assert!(message.ends_with(&format!("help: {help}")), "{message}");
        let start = e["start"].as_u64().unwrap() as usize;
        let end = e["end"].as_u64().unwrap() as usize;
        let span = &BROKEN[start..end];
        assert_eq!(d["range"]["start"], position(BROKEN, span, 0), "{d}");
        assert_eq!(d["range"]["end"], position(BROKEN, span, span.len()), "{d}");
    }
    let role = &found[1];
    assert_eq!(role["code"], "cosmic::lint::unknown_name");
    // `ofense` starts at byte 32 of its line, character 28, UTF-16 column 29.
    assert_eq!(
        role["range"]["start"],
        json!({ "line": 8, "character": 29 })
    );
    assert!(role["message"]
        .as_str()
        .unwrap()
        .contains("did you mean `offense`?"));

    // As the file is edited the diagnostics follow: a syntax error now.
    let typing = BROKEN.replace("draw 1 card", "draw 1 card {");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": typing }] }),
    );
    let found = client.diagnostics(&uri);
    assert!(
        found
            .iter()
            .any(|d| d["code"].as_str().unwrap().starts_with("cosmic::syntax::")),
        "{found:?}"
    );
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [{ "text": BROKEN }] }),
    );
    assert_eq!(client.diagnostics(&uri).len(), 2);

    // Hover: `explain`'s words for the ability, a role's meaning, a phrase's type.
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position(BROKEN, "power", 1) }),
    );
    let text = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        text.contains("power \"Fé𝄞\": mandatory (a use: can be zapped)"),
        "{text}"
    );
    assert!(text.contains("do peek"), "{text}");

    // Completion after `as ofense`: the role it misspells first, kept by the editor's filter.
    let list = client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": position(BROKEN, "ofense", 6) }),
    );
    let first = &list["items"][0];
    assert_eq!(first["label"], "offense", "{list}");
    assert_eq!(first["filterText"], "ofense");
    assert_eq!(
        first["textEdit"]["range"]["start"],
        position(BROKEN, "ofense", 0)
    );

    // Go to definition: `do peek` to its `define`.
    let def = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": position(BROKEN, "do peek", 4) }),
    );
    assert_eq!(def["uri"], uri);
    assert_eq!(def["range"]["start"], position(BROKEN, "peek {", 0));

    // The outline: the component and its entries.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri } }),
    );
    assert_eq!(symbols[0]["name"], "Seer");
    let children: Vec<&str> = symbols[0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(children, ["peek", "power \"Fé𝄞\""]);

    // Formatting: `fmt`'s layout.
    let messy = dir.join("messy.cosmic");
    std::fs::write(&messy, MESSY).expect("write");
    let messy_uri = format!("file://{}", messy.display());
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": messy_uri, "languageId": "cosmic", "version": 1, "text": MESSY } }),
    );
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": messy_uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let fmt = Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .arg("fmt")
        .arg(&messy)
        .output()
        .expect("fmt runs");
    assert!(fmt.status.success());
    let formatted = std::fs::read_to_string(&messy).expect("read");
    assert_ne!(formatted, MESSY);
    assert_eq!(edits[0]["newText"], formatted);
    assert_eq!(
        edits[0]["range"]["start"],
        json!({ "line": 0, "character": 0 })
    );
    assert_eq!(
        edits[0]["range"]["end"],
        json!({ "line": 6, "character": 0 })
    );

    // Shutdown, then exit: status 0.
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    let status = client.child.wait().expect("the server ends");
    assert!(status.success(), "{status}");
}
