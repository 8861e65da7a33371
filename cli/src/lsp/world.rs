//! What the server knows: every content file of the workspace (and of each opened file's
//! folder), with the editor's text for the open ones, and the built-in library; and the
//! answers to the editor's questions, turned from byte offsets into the protocol's types.

use super::position::LineIndex;
use crate::lint::{problems, read_sources, to_json};
use cosmic_interpreter::ide::{self, CompletionKind, SymbolKind};
use cosmic_interpreter::{check, SourceFile};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionList, CompletionParams, CompletionResponse,
    Diagnostic, DiagnosticSeverity, DocumentFormattingParams, DocumentSymbol, DocumentSymbolParams,
    DocumentSymbolResponse, GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents,
    HoverParams, Location, MarkupContent, MarkupKind, NumberOrString, TextDocumentPositionParams,
    TextEdit, Uri,
};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The server's files and open documents.
pub struct World {
    /// Content files: first those with a path, sorted by it (so a folder's files are
    /// contiguous, in the order `lint` reads them), then the built-in library.
    files: Vec<SourceFile>,
    /// Each file's path (none for the built-in library) or, for a document that is not a
    /// file, its URI.
    keys: Vec<Key>,
    /// The documents open in the editor.
    open: Vec<Uri>,
}

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    File(PathBuf),
    Unsaved(String),
    Builtin,
}

/// The folder the editor opened, if any.
pub fn root(params: &lsp_types::InitializeParams) -> Option<PathBuf> {
    let folder = params.workspace_folders.as_ref().and_then(|f| f.first());
    #[allow(deprecated)] // `root_uri` is what older clients send.
    let uri = folder.map(|f| &f.uri).or(params.root_uri.as_ref());
    uri.and_then(path_of)
}

/// The path of a `file:` URI.
fn path_of(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied(),
            bytes.get(i + 2).copied(),
        ) {
            (b'%', Some(h), Some(l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h)? * 16 + hex(l)?) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The `file:` URI of a path.
fn uri_of(path: &Path) -> Option<Uri> {
    let mut s = String::from("file://");
    for b in path.to_str()?.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&s).ok()
}

impl World {
    /// The content files under `root` and the built-in library.
    pub fn new(root: Option<PathBuf>) -> World {
        let mut world = World {
            files: Vec::new(),
            keys: Vec::new(),
            open: Vec::new(),
        };
        for (name, text) in cosmic_cards::builtin_sources() {
            world
                .files
                .push(SourceFile::new(format!("cards/{name}"), *text));
            world.keys.push(Key::Builtin);
        }
        if let Some(root) = root {
            world.load(&root);
        }
        world
    }

    /// Reads the `.cosmic` files under `folder` that are not known yet.
    fn load(&mut self, folder: &Path) {
        if let Ok(files) = read_sources(&[folder.to_path_buf()]) {
            for f in files {
                let key = Key::File(PathBuf::from(&f.name));
                // A build's output or a hidden folder holds no content to check.
                let skipped = Path::new(&f.name).components().any(|c| {
                    c.as_os_str() == "target" || c.as_os_str().to_string_lossy().starts_with('.')
                });
                if !skipped && !self.keys.contains(&key) {
                    self.insert(key, f);
                }
            }
        }
    }

    fn insert(&mut self, key: Key, file: SourceFile) -> usize {
        let at = self.keys.partition_point(|k| *k < key);
        self.keys.insert(at, key);
        self.files.insert(at, file);
        at
    }

    fn key_of(uri: &Uri) -> Key {
        match path_of(uri) {
            Some(p) => Key::File(p),
            None => Key::Unsaved(uri.as_str().to_string()),
        }
    }

    fn index(&self, uri: &Uri) -> Option<usize> {
        let key = World::key_of(uri);
        self.keys.iter().position(|k| *k == key)
    }

    /// The editor opened or changed a document; returns the open documents to check again.
    pub fn open(&mut self, uri: Uri, text: String) -> Vec<Uri> {
        let key = World::key_of(&uri);
        match &key {
            Key::File(p) if self.index(&uri).is_none() => {
                // Checked as `cosmic lint` checks its folder.
                if let Some(folder) = p.parent() {
                    self.load(folder);
                }
            }
            _ => {}
        }
        let name = match &key {
            Key::File(p) => p.display().to_string(),
            _ => uri.as_str().to_string(),
        };
        let file = SourceFile::new(name, text);
        match self.index(&uri) {
            Some(i) => self.files[i] = file,
            None => {
                self.insert(key, file);
            }
        }
        if !self.open.contains(&uri) {
            self.open.push(uri);
        }
        self.open.clone()
    }

    /// The editor closed a document: its file goes back to what the disk holds.
    pub fn close(&mut self, uri: Uri) -> Vec<Uri> {
        self.open.retain(|u| *u != uri);
        if let (Some(i), Some(path)) = (self.index(&uri), path_of(&uri)) {
            match std::fs::read_to_string(&path) {
                Ok(text) => self.files[i] = SourceFile::new(path.display().to_string(), text),
                Err(_) => {
                    self.files.remove(i);
                    self.keys.remove(i);
                }
            }
        }
        let mut again = self.open.clone();
        again.push(uri);
        again
    }

    /// The files `cosmic lint FOLDER` would check together with file `i`: those of its folder
    /// (a document that is not a file alone).
    fn lint_range(&self, i: usize) -> std::ops::Range<usize> {
        let Key::File(path) = &self.keys[i] else {
            return i..i + 1;
        };
        let Some(folder) = path.parent() else {
            return i..i + 1;
        };
        let inside = |k: &Key| matches!(k, Key::File(p) if p.starts_with(folder));
        let start = (0..i)
            .rev()
            .take_while(|&j| inside(&self.keys[j]))
            .last()
            .unwrap_or(i);
        let end = (i..self.keys.len())
            .take_while(|&j| inside(&self.keys[j]))
            .last()
            .unwrap_or(i);
        start..end + 1
    }

    /// What `cosmic lint` reports for an open document (none once it is closed).
    pub fn diagnostics(&self, uri: &Uri) -> Vec<Diagnostic> {
        let Some(i) = self.index(uri).filter(|_| self.open.contains(uri)) else {
            return Vec::new();
        };
        let range = self.lint_range(i);
        let files = &self.files[range.clone()];
        let reports = check(files);
        let file = &self.files[i];
        let index = LineIndex::new(&file.text);
        problems(&reports[i - range.start])
            .map(|(d, warning)| {
                let j = to_json(file, d, warning);
                let mut message = j.message;
                for label in &j.labels {
                    message.push_str(&format!("\n{label}"));
                }
                if let Some(help) = &j.help {
                    message.push_str(&format!("\nhelp: {help}"));
                }
                Diagnostic {
                    range: index.range(j.start, j.end),
                    severity: Some(if warning {
                        DiagnosticSeverity::WARNING
                    } else {
                        DiagnosticSeverity::ERROR
                    }),
                    code: Some(NumberOrString::String(j.code)),
                    source: Some("cosmic".into()),
                    message,
                    ..Diagnostic::default()
                }
            })
            .collect()
    }

    /// The document and the byte offset a request points at.
    fn at(&self, p: &TextDocumentPositionParams) -> Option<(usize, usize)> {
        let i = self.index(&p.text_document.uri)?;
        Some((i, LineIndex::new(&self.files[i].text).offset(p.position)))
    }

    /// `explain`'s words for what is under the cursor.
    pub fn hover(&self, p: HoverParams) -> Option<Hover> {
        let (i, at) = self.at(&p.text_document_position_params)?;
        let h = ide::hover(&self.files, i, at)?;
        let index = LineIndex::new(&self.files[i].text);
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: h.markdown,
            }),
            range: Some(index.range(h.span.start, h.span.end)),
        })
    }

    /// What may be written at the cursor, best first.
    pub fn complete(&self, p: CompletionParams) -> Option<CompletionResponse> {
        let (i, at) = self.at(&p.text_document_position)?;
        let text = &self.files[i].text;
        let index = LineIndex::new(text);
        let items = ide::complete(&self.files, i, at)
            .into_iter()
            .enumerate()
            .map(|(n, c)| {
                let typed = text[c.replace.start..c.replace.end].to_string();
                CompletionItem {
                    kind: Some(match c.kind {
                        CompletionKind::Keyword => CompletionItemKind::KEYWORD,
                        CompletionKind::Property => CompletionItemKind::PROPERTY,
                        CompletionKind::Role | CompletionKind::Phase => {
                            CompletionItemKind::ENUM_MEMBER
                        }
                        CompletionKind::Window | CompletionKind::Event => CompletionItemKind::EVENT,
                        CompletionKind::Phrase => CompletionItemKind::VALUE,
                        CompletionKind::Name => CompletionItemKind::VARIABLE,
                        CompletionKind::Component => CompletionItemKind::CLASS,
                    }),
                    detail: Some(c.detail),
                    // The order is ours: "did you mean" comes after what begins as typed.
                    sort_text: Some(format!("{n:04}")),
                    // A near miss does not begin with what was typed: the editor must not
                    // filter it out.
                    filter_text: c.suggestion.then_some(typed),
                    text_edit: Some(lsp_types::CompletionTextEdit::Edit(TextEdit {
                        range: index.range(c.replace.start, c.replace.end),
                        new_text: c.label.clone(),
                    })),
                    label: c.label,
                    ..CompletionItem::default()
                }
            })
            .collect();
        Some(CompletionResponse::List(CompletionList {
            // Ask again as the words grow: the ranking changes with them.
            is_incomplete: true,
            items,
        }))
    }

    /// Where the name under the cursor is defined.
    pub fn definition(&self, p: GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
        let (i, at) = self.at(&p.text_document_position_params)?;
        let (j, span) = ide::definition(&self.files, i, at)?;
        let uri = match &self.keys[j] {
            Key::File(path) => uri_of(path)?,
            Key::Unsaved(uri) => Uri::from_str(uri).ok()?,
            Key::Builtin => return None,
        };
        let range = LineIndex::new(&self.files[j].text).range(span.start, span.end);
        Some(GotoDefinitionResponse::Scalar(Location { uri, range }))
    }

    /// The document's components and their abilities.
    pub fn symbols(&self, p: DocumentSymbolParams) -> Option<DocumentSymbolResponse> {
        let i = self.index(&p.text_document.uri)?;
        let index = LineIndex::new(&self.files[i].text);
        fn convert(s: ide::Symbol, index: &LineIndex) -> DocumentSymbol {
            #[allow(deprecated)] // `deprecated` is a field the type still requires.
            DocumentSymbol {
                name: s.name,
                detail: Some(s.detail),
                kind: match s.kind {
                    SymbolKind::Component => lsp_types::SymbolKind::CLASS,
                    SymbolKind::Section => lsp_types::SymbolKind::NAMESPACE,
                    SymbolKind::Ability => lsp_types::SymbolKind::METHOD,
                    SymbolKind::Define => lsp_types::SymbolKind::FUNCTION,
                    SymbolKind::Let => lsp_types::SymbolKind::CONSTANT,
                },
                tags: None,
                deprecated: None,
                range: index.range(s.span.start, s.span.end),
                selection_range: index.range(s.selection.start, s.selection.end),
                children: Some(s.children.into_iter().map(|c| convert(c, index)).collect()),
            }
        }
        let symbols = ide::symbols(&self.files[i]);
        Some(DocumentSymbolResponse::Nested(
            symbols.into_iter().map(|s| convert(s, &index)).collect(),
        ))
    }

    /// `fmt`'s layout as one edit of the whole document; none if it has syntax errors (as
    /// `fmt` leaves such a file alone).
    pub fn format(&self, p: DocumentFormattingParams) -> Option<Vec<TextEdit>> {
        let f = &self.files[self.index(&p.text_document.uri)?];
        if !f.parsed.errors.is_empty() {
            return None;
        }
        let formatted = cosmic_grammar::format(&f.parsed.file);
        if formatted == f.text {
            return Some(Vec::new());
        }
        let index = LineIndex::new(&f.text);
        Some(vec![TextEdit {
            range: index.range(0, f.text.len()),
            new_text: formatted,
        }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_and_paths_round_trip() {
        let path = Path::new("/tmp/my aliens/é.cosmic");
        let uri = uri_of(path).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/my%20aliens/%C3%A9.cosmic");
        assert_eq!(path_of(&uri).unwrap(), path);
    }
}
