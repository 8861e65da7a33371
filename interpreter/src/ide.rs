//! What an editor asks of a file, answered from the same analysis `lint` and `explain` run:
//! what is under the cursor (`hover`), what may be written there (`complete`), where a name
//! is defined (`definition`) and the file's outline (`symbols`). Positions are byte offsets;
//! the language server in `cli/` turns them into the protocol's.

use crate::compile::{path_tokens, DURATIONS, INSTEAD_WORDS, WHENEVER_WORDS};
use crate::header;
use crate::library::{SourceFile, KINDS, PROPERTIES};
use crate::names::edit_distance;
use crate::vocabulary::{self, Bound};
use cosmic_grammar::ast::{
    Ability, Block, Decl, Define, Do, Else, Entry, Expr, Item, Name, Path, Phrase, Property, Role,
    Stmt, Str, Timing, Window, Word,
};
use cosmic_grammar::Span;

/// What the cursor is on.
enum Node<'a> {
    Component(&'a Decl),
    Property(&'a Property),
    Ability(&'a Ability),
    Role(&'a Role),
    Phase(&'a Phrase),
    Window(&'a Window),
    Event(&'a Phrase, bool),
    Path(&'a Path),
    Do(&'a Do),
    Str(&'a Str),
    Binding(Span),
}

/// The node under the cursor, in its component and ability.
struct Found<'a> {
    node: Node<'a>,
    decl: &'a Decl,
    ability: Option<&'a Ability>,
}

fn touches(span: Span, at: usize) -> bool {
    span.start <= at && at <= span.end
}

fn locate(file: &SourceFile, at: usize) -> Option<Found<'_>> {
    file.decls().find(|d| touches(d.span, at)).and_then(|d| {
        if touches(d.kind.span, at) || touches(d.name.span, at) {
            return Some(Found {
                node: Node::Component(d),
                decl: d,
                ability: None,
            });
        }
        let (node, ability) = in_entries(&d.entries, at)?;
        Some(Found {
            node,
            decl: d,
            ability,
        })
    })
}

type Hit<'a> = (Node<'a>, Option<&'a Ability>);

fn in_entries(entries: &[Entry], at: usize) -> Option<Hit<'_>> {
    for e in entries {
        match e {
            Entry::Property(p) if touches(p.span, at) => {
                if touches(p.key.span, at) {
                    return Some((Node::Property(p), None));
                }
                return in_expr(&p.value, at).map(|n| (n, None));
            }
            Entry::Ability(a) if touches(a.span, at) => {
                let node = if at > a.body.span.start {
                    in_block(&a.body, at)
                } else {
                    Some(in_header(a, at))
                };
                return node.map(|n| (n, Some(a)));
            }
            Entry::Section(s) if touches(s.span, at) => return in_entries(&s.entries, at),
            Entry::Let(l) if touches(l.span, at) => {
                if touches(l.name.span, at) {
                    return Some((Node::Binding(name_span(&l.name)), None));
                }
                return in_expr(&l.value, at).map(|n| (n, None));
            }
            Entry::Define(df) if touches(df.span, at) => {
                if touches(df.name.span, at) {
                    return Some((Node::Binding(name_span(&df.name)), None));
                }
                return in_block(&df.body, at).map(|n| (n, None));
            }
            _ => {}
        }
    }
    None
}

fn in_header(a: &Ability, at: usize) -> Node<'_> {
    if let Some(r) = &a.roles {
        if let Some(role) = r.roles.iter().find(|r| touches(r.span, at)) {
            return Node::Role(role);
        }
    }
    for t in &a.timing {
        match t {
            Timing::At { phases, window, .. } => {
                if let Some(p) = phases.iter().find(|p| touches(p.span, at)) {
                    return Node::Phase(p);
                }
                if let Some(w) = window.as_ref().filter(|w| touches(w.span, at)) {
                    return Node::Window(w);
                }
            }
            Timing::During { phases, .. } => {
                if let Some(p) = phases.iter().find(|p| touches(p.span, at)) {
                    return Node::Phase(p);
                }
            }
            Timing::Whenever { event, span } | Timing::InsteadOf { event, span }
                if touches(*span, at) =>
            {
                return Node::Event(event, matches!(t, Timing::InsteadOf { .. }));
            }
            _ => {}
        }
    }
    for e in a.condition.iter().chain(&a.prefer) {
        if let Some(n) = in_expr(e, at) {
            return n;
        }
    }
    Node::Ability(a)
}

fn in_block(b: &Block, at: usize) -> Option<Node<'_>> {
    b.stmts.iter().find_map(|s| in_stmt(s, at))
}

fn in_stmt(s: &Stmt, at: usize) -> Option<Node<'_>> {
    match s {
        Stmt::Action(a) if touches(a.span, at) => a
            .object
            .iter()
            .chain(a.args.iter().map(|arg| &arg.value))
            .find_map(|e| in_expr(e, at)),
        Stmt::If(i) if touches(i.span, at) => in_if(i, at),
        Stmt::ForEach(f) if touches(f.span, at) => {
            if touches(f.var.span, at) {
                return Some(Node::Binding(f.var.span));
            }
            in_expr(&f.over, at).or_else(|| in_block(&f.body, at))
        }
        Stmt::Let(l) if touches(l.span, at) => {
            if touches(l.name.span, at) {
                return Some(Node::Binding(name_span(&l.name)));
            }
            in_expr(&l.value, at)
        }
        Stmt::Choose(c) if touches(c.span, at) => {
            if let Some(b) = c.binding.as_ref().filter(|b| touches(b.span, at)) {
                return Some(Node::Binding(name_span(b)));
            }
            [Some(&c.what), c.from.as_ref(), c.to.as_ref()]
                .into_iter()
                .flatten()
                .find_map(|e| in_expr(e, at))
        }
        Stmt::ChooseOne(c) if touches(c.span, at) => c.options.iter().find_map(|o| {
            if touches(o.label.span, at) {
                return Some(Node::Str(&o.label));
            }
            o.prefer
                .as_ref()
                .and_then(|e| in_expr(e, at))
                .or_else(|| in_block(&o.body, at))
        }),
        Stmt::As(a) if touches(a.span, at) => {
            in_expr(&a.player, at).or_else(|| in_block(&a.body, at))
        }
        Stmt::Lasting(l) if touches(l.span, at) => in_block(&l.body, at),
        Stmt::Reaction(r) if touches(r.span, at) => (r.condition.as_ref())
            .and_then(|c| in_expr(c, at))
            .or_else(|| in_block(&r.body, at)),
        Stmt::Do(d) if touches(d.span, at) => Some(Node::Do(d)),
        _ => None,
    }
}

fn in_if(i: &cosmic_grammar::ast::If, at: usize) -> Option<Node<'_>> {
    in_expr(&i.cond, at)
        .or_else(|| in_block(&i.then, at))
        .or_else(|| match &i.otherwise {
            Some(Else::If(i)) => in_if(i, at),
            Some(Else::Block(b)) => in_block(b, at),
            None => None,
        })
}

fn in_expr(e: &Expr, at: usize) -> Option<Node<'_>> {
    if !touches(e.span(), at) {
        return None;
    }
    match e {
        Expr::Path(p) => Some(Node::Path(p)),
        Expr::Valued {
            reference, value, ..
        } => in_expr(value, at)
            .or_else(|| touches(reference.span, at).then_some(Node::Path(reference))),
        Expr::Str(s) => Some(Node::Str(s)),
        Expr::List { items, .. } | Expr::All { items, .. } | Expr::Any { items, .. } => {
            items.iter().find_map(|e| in_expr(e, at))
        }
        Expr::Count { count, noun, .. } => {
            in_expr(count, at).or_else(|| touches(noun.span, at).then_some(Node::Path(noun)))
        }
        Expr::Unary { operand, .. } => in_expr(operand, at),
        Expr::Binary { lhs, rhs, .. } => in_expr(lhs, at).or_else(|| in_expr(rhs, at)),
        Expr::Int { .. } => None,
    }
}

/// A name bound in a component: by an item `let`, a `define`, or, inside an ability, a
/// `let`, a `choose ... as` or a `for each`.
struct Binding {
    tokens: Vec<String>,
    span: Span,
    what: &'static str,
    /// The definition's source (the value of a `let`, the body of a `define`).
    value: Span,
}

/// A name's words, without the space the parser keeps after them.
fn name_span(n: &Name) -> Span {
    match (n.words.first(), n.words.last()) {
        (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
        _ => n.span,
    }
}

fn name_tokens(words: &[Word]) -> Vec<String> {
    let words: Vec<(String, Option<&'static str>)> =
        words.iter().map(|w| (w.text.clone(), None)).collect();
    vocabulary::tokens(&words)
}

/// The names bound in `d` that are visible at `at` (inside `ability`, those bound before).
fn bindings(d: &Decl, ability: Option<&Ability>, at: usize) -> Vec<Binding> {
    fn shared(entries: &[Entry], out: &mut Vec<Binding>) {
        for e in entries {
            match e {
                Entry::Let(l) => out.push(Binding {
                    tokens: name_tokens(&l.name.words),
                    span: name_span(&l.name),
                    what: "let",
                    value: l.value.span(),
                }),
                Entry::Define(Define { name, body, .. }) => out.push(Binding {
                    tokens: name_tokens(&name.words),
                    span: name_span(name),
                    what: "define",
                    value: body.span,
                }),
                Entry::Section(s) => shared(&s.entries, out),
                _ => {}
            }
        }
    }
    fn local(b: &Block, at: usize, out: &mut Vec<Binding>) {
        for s in &b.stmts {
            if s_start(s) > at {
                break;
            }
            match s {
                Stmt::Let(l) => out.push(Binding {
                    tokens: name_tokens(&l.name.words),
                    span: name_span(&l.name),
                    what: "let",
                    value: l.value.span(),
                }),
                Stmt::Choose(c) => {
                    if let Some(name) = &c.binding {
                        out.push(Binding {
                            tokens: name_tokens(&name.words),
                            span: name_span(name),
                            what: "choose",
                            value: c.span,
                        });
                    }
                }
                Stmt::ForEach(f) if touches(f.span, at) => {
                    out.push(Binding {
                        tokens: name_tokens(std::slice::from_ref(&f.var)),
                        span: f.var.span,
                        what: "for each",
                        value: f.over.span(),
                    });
                    local(&f.body, at, out);
                }
                Stmt::If(i) if touches(i.span, at) => {
                    let mut i = i;
                    loop {
                        local(&i.then, at, out);
                        match &i.otherwise {
                            Some(Else::If(next)) => i = next,
                            Some(Else::Block(b)) => {
                                local(b, at, out);
                                break;
                            }
                            None => break,
                        }
                    }
                }
                Stmt::As(a) if touches(a.span, at) => local(&a.body, at, out),
                Stmt::Lasting(l) if touches(l.span, at) => local(&l.body, at, out),
                Stmt::Reaction(r) if touches(r.span, at) => local(&r.body, at, out),
                Stmt::ChooseOne(c) if touches(c.span, at) => {
                    for o in &c.options {
                        local(&o.body, at, out);
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    shared(&d.entries, &mut out);
    if let Some(a) = ability {
        local(&a.body, at, &mut out);
    }
    out
}

fn s_start(s: &Stmt) -> usize {
    match s {
        Stmt::Action(x) => x.span.start,
        Stmt::If(x) => x.span.start,
        Stmt::ForEach(x) => x.span.start,
        Stmt::Let(x) => x.span.start,
        Stmt::Choose(x) => x.span.start,
        Stmt::ChooseOne(x) => x.span.start,
        Stmt::As(x) => x.span.start,
        Stmt::Lasting(x) => x.span.start,
        Stmt::Reaction(x) => x.span.start,
        Stmt::Do(x) => x.span.start,
        Stmt::Invalid(x) => x.span.start,
    }
}

/// The path up to the segment at `at` (`victim` in `victim's hand`), which may be a name.
fn path_upto(p: &Path, at: usize) -> Path {
    let mut p = p.clone();
    if let Some(i) = p.segments.iter().position(|s| s.span.end >= at) {
        p.segments.truncate(i + 1);
        if let Some(last) = p.segments.last_mut() {
            last.link = None;
            p.span = Span::new(p.span.start, last.span.end);
        }
    }
    p
}

/// The binding named by the path at `at`, or by the part of it up to the cursor.
fn path_binding<'b>(list: &'b [Binding], p: &Path, at: usize) -> Option<(&'b Binding, Span)> {
    let part = path_upto(p, at);
    binding_named(list, &path_tokens(p))
        .map(|b| (b, p.span))
        .or_else(|| binding_named(list, &path_tokens(&part)).map(|b| (b, part.span)))
}

/// The binding a path or a `do` names, innermost first.
fn binding_named<'b>(list: &'b [Binding], tokens: &[String]) -> Option<&'b Binding> {
    list.iter().rev().find(|b| b.tokens == tokens)
}

/// The component named `name` (in any case) among `files`: its file's index and the decl.
fn component<'f>(files: &'f [SourceFile], name: &str) -> Option<(usize, &'f Decl)> {
    files.iter().enumerate().find_map(|(i, f)| {
        f.decls()
            .find(|d| d.name.value.eq_ignore_ascii_case(name.trim()))
            .map(|d| (i, d))
    })
}

/// A hover: the text shown (Markdown) and the source it is about.
#[derive(Debug, Clone, PartialEq)]
pub struct Hover {
    /// What the cursor is on.
    pub span: Span,
    /// What to show, in Markdown.
    pub markdown: String,
}

fn fenced(text: &str) -> String {
    format!("```text\n{}\n```", text.trim_end())
}

fn words(p: &Phrase) -> String {
    p.words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the cursor at `at` in `files[file]` is on: a component or an ability as `explain`
/// shows it, a role, phase, window or event, a vocabulary phrase with its type, a name bound
/// by `let`, `define` or `choose`, or a component named in a string.
pub fn hover(files: &[SourceFile], file: usize, at: usize) -> Option<Hover> {
    let f = &files[file];
    let found = locate(f, at)?;
    let text = &f.text;
    let (span, markdown) = match found.node {
        Node::Component(d) => (d.name.span, fenced(&crate::explain::explain(d, text))),
        Node::Ability(a) => (
            Span::new(a.span.start, a.body.span.start),
            fenced(&crate::explain::ability(a, text)),
        ),
        Node::Property(p) => {
            let known = PROPERTIES.contains(&p.key.text.as_str());
            let what = if known {
                "a property the interpreter reads"
            } else {
                "not a property the interpreter reads (`cosmic lint` says which are)"
            };
            (p.key.span, format!("`{}`: {what}", p.key.text))
        }
        Node::Role(r) => {
            let w = name_words(&r.words);
            let meaning = header::roles().find(|(k, _)| *k == w).map(|(_, m)| m);
            let m = match meaning {
                Some(m) if r.negated => format!("anyone but {m}"),
                Some(m) => m,
                None => "an unknown role".to_string(),
            };
            (r.span, format!("Role `{w}`: usable by {m}"))
        }
        Node::Phase(p) => {
            let w = words(p);
            let m = header::phases()
                .find(|(k, _)| *k == w)
                .map(|(_, m)| m)
                .unwrap_or_else(|| "an unknown phase".to_string());
            (p.span, format!("Phase `{w}`: {m}"))
        }
        Node::Window(win) => {
            let w = format!("{} {}", win.relation.keyword(), words(&win.phrase));
            let m = header::windows()
                .find(|(k, _)| *k == w)
                .map(|(_, e)| format!("the engine's `{e:?}` window"))
                .unwrap_or_else(|| "an unknown window".to_string());
            (win.span, format!("Window `{w}`: {m}"))
        }
        Node::Event(p, replaced) => {
            let w = words(p);
            let (clause, known) = if replaced {
                ("instead of", INSTEAD_WORDS)
            } else {
                ("whenever", WHENEVER_WORDS)
            };
            let m = if known.iter().any(|k| k.eq_ignore_ascii_case(&w)) {
                "an event the runtime knows"
            } else {
                "an event the runtime does not know"
            };
            (p.span, format!("`{clause} {w}`: {m}"))
        }
        Node::Binding(span) => {
            let list = bindings(found.decl, found.ability, span.end);
            let b = list.iter().find(|b| b.span == span)?;
            (span, binding_words(b, text))
        }
        Node::Do(d) => {
            let list = bindings(found.decl, found.ability, d.span.start);
            let b = binding_named(&list, &name_tokens(&d.name.words))?;
            (name_span(&d.name), binding_words(b, text))
        }
        Node::Str(s) => {
            let (_, d) = component(files, &s.value)?;
            (
                s.span,
                fenced(&crate::explain::explain(d, &files[file_of(files, d)].text)),
            )
        }
        Node::Path(p) => {
            let toks = path_tokens(p);
            let list = bindings(found.decl, found.ability, p.span.start);
            if let Some((b, span)) = path_binding(&list, p, at) {
                return Some(Hover {
                    span,
                    markdown: binding_words(b, text),
                });
            }
            (p.span, phrase_words(p, &toks, text)?)
        }
    };
    Some(Hover { span, markdown })
}

fn file_of(files: &[SourceFile], d: &Decl) -> usize {
    files
        .iter()
        .position(|f| f.decls().any(|x| std::ptr::eq(x, d)))
        .unwrap_or(0)
}

fn name_words(words: &[Word]) -> String {
    words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn binding_words(b: &Binding, text: &str) -> String {
    let name = b.tokens.join(" ");
    let value = text.get(b.value.start..b.value.end).unwrap_or("").trim();
    match b.what {
        "let" => format!("`{name}`: named by `let`\n\n```cosmic\nlet {name} = {value}\n```"),
        "define" => format!("`{name}`: defined by `define`, run with `do {name}`\n\n```cosmic\ndefine {name} {value}\n```"),
        "for each" => format!("`{name}`: each of `{value}` in turn (`for each`)"),
        _ => format!("`{name}`: the choice made by\n\n```cosmic\n{value}\n```"),
    }
}

/// A reference in words: the vocabulary pattern it reads as and its type. A reference the
/// vocabulary does not know whole (`my encounter card face up`) is described by its longest
/// known beginning.
fn phrase_words(p: &Path, toks: &[String], text: &str) -> Option<String> {
    let scope: &[Bound] = &[];
    let written = text.get(p.span.start..p.span.end).unwrap_or("").trim();
    (1..=toks.len()).rev().find_map(|n| {
        let (pattern, expr) = vocabulary::pattern_of(&toks[..n], scope)?;
        let whole = if n == toks.len() {
            String::new()
        } else {
            format!(
                " (the words after `{}` belong to the statement)",
                toks[..n].join(" ")
            )
        };
        Some(format!(
            "`{written}`: {}{whole}\n\nVocabulary: `{}`, reads as `{expr:?}`",
            pattern.ty.words(),
            vocabulary::pattern_words_with_holes(pattern),
        ))
    })
}

/// Where the name at `at` in `files[file]` is defined: the `let`, `define`, `choose ... as` or
/// `for each` that binds it, or the component a string (or a component's own name, when an
/// earlier file defines it first) names. Returns the file's index and the name's span.
pub fn definition(files: &[SourceFile], file: usize, at: usize) -> Option<(usize, Span)> {
    let found = locate(&files[file], at)?;
    match found.node {
        Node::Path(p) => {
            let list = bindings(found.decl, found.ability, p.span.start);
            match path_binding(&list, p, at) {
                Some((b, _)) => Some((file, b.span)),
                None => {
                    let written = files[file].text.get(p.span.start..p.span.end)?;
                    component(files, written).map(|(i, d)| (i, d.name.span))
                }
            }
        }
        Node::Do(d) => {
            let list = bindings(found.decl, found.ability, d.span.start);
            binding_named(&list, &name_tokens(&d.name.words)).map(|b| (file, b.span))
        }
        Node::Str(s) => component(files, &s.value).map(|(i, d)| (i, d.name.span)),
        Node::Component(d) => component(files, &d.name.value).map(|(i, d)| (i, d.name.span)),
        Node::Binding(span) => Some((file, span)),
        _ => None,
    }
}

/// What kind of thing an outline entry is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// An alien, artifact, tech, ...
    Component,
    /// `flare { ... }` and other sections.
    Section,
    /// A power, a flare half, a card's effect.
    Ability,
    /// `define name { ... }`.
    Define,
    /// An item-level `let`.
    Let,
}

/// One entry of a file's outline.
#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    /// What the outline shows (`power "Foresight"`).
    pub name: String,
    /// A second line: the kind, or an ability's header as written.
    pub detail: String,
    /// What it is.
    pub kind: SymbolKind,
    /// The whole entry.
    pub span: Span,
    /// Its name (or keyword).
    pub selection: Span,
    /// What it holds.
    pub children: Vec<Symbol>,
}

/// The outline of a file: its components, and in each its sections, abilities, `define`s and
/// `let`s.
pub fn symbols(file: &SourceFile) -> Vec<Symbol> {
    fn children(entries: &[Entry], text: &str) -> Vec<Symbol> {
        let mut out = Vec::new();
        for e in entries {
            match e {
                Entry::Ability(a) => {
                    let name = match &a.name {
                        Some(n) => format!("{} \"{}\"", a.kind.text, n.value),
                        None => a.kind.text.clone(),
                    };
                    let head = text.get(a.span.start..a.body.span.start).unwrap_or("");
                    out.push(Symbol {
                        name,
                        detail: head.split_whitespace().collect::<Vec<_>>().join(" "),
                        kind: SymbolKind::Ability,
                        span: a.span,
                        selection: a.name.as_ref().map_or(a.kind.span, |n| n.span),
                        children: Vec::new(),
                    });
                }
                Entry::Section(s) => out.push(Symbol {
                    name: match &s.name {
                        Some(n) => format!("{} \"{}\"", s.kind.text, n.value),
                        None => s.kind.text.clone(),
                    },
                    detail: "section".into(),
                    kind: SymbolKind::Section,
                    span: s.span,
                    selection: s.kind.span,
                    children: children(&s.entries, text),
                }),
                Entry::Define(d) => out.push(Symbol {
                    name: name_words(&d.name.words),
                    detail: "define".into(),
                    kind: SymbolKind::Define,
                    span: d.span,
                    selection: name_span(&d.name),
                    children: Vec::new(),
                }),
                Entry::Let(l) => out.push(Symbol {
                    name: name_words(&l.name.words),
                    detail: "let".into(),
                    kind: SymbolKind::Let,
                    span: l.span,
                    selection: name_span(&l.name),
                    children: Vec::new(),
                }),
                _ => {}
            }
        }
        out
    }
    file.parsed
        .file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Decl(d) => Some(Symbol {
                name: d.name.value.clone(),
                detail: d.kind.text.clone(),
                kind: SymbolKind::Component,
                span: d.span,
                selection: d.name.span,
                children: children(&d.entries, &file.text),
            }),
            Item::Invalid(_) => None,
        })
        .collect()
}

/// What a completion offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A keyword of the language (`if`, `choose`, a verb, a clause, a component kind).
    Keyword,
    /// A property of a component.
    Property,
    /// A role (`main player`).
    Role,
    /// A phase (`reveal`).
    Phase,
    /// A window (`after alliances are formed`).
    Window,
    /// An event of `whenever` or `instead of`.
    Event,
    /// A phrase of the vocabulary (`my side's total`).
    Phrase,
    /// A name bound by `let`, `define`, `choose ... as` or `for each`.
    Name,
    /// A component's name (an alien, a card).
    Component,
}

/// One completion: the text that replaces `replace`.
#[derive(Clone, Debug, PartialEq)]
pub struct Completion {
    /// What is inserted.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// A short description.
    pub detail: String,
    /// The source the label replaces: what was typed of it so far.
    pub replace: Span,
    /// Offered as a "did you mean" for what was typed, not because it begins with it.
    pub suggestion: bool,
}

/// Where the cursor stands, read from the text before it (which may not parse yet).
enum Context {
    /// Between components: a component kind.
    TopLevel,
    /// Inside a component or a section, at the start of an entry.
    Entry,
    /// In an ability's header, before its block: the header so far.
    Header(String),
    /// In a block of statements: the statement so far.
    Statement(String),
    /// Inside a string.
    Str,
    /// Inside a comment.
    Comment,
}

/// What the text before `at` is inside, and where the entry or statement being written began.
fn context(text: &str, at: usize) -> (Context, usize) {
    let before = &text[..at];
    // The openers of the blocks the cursor is in: each block's head (the text before its `{`).
    let mut opens: Vec<String> = Vec::new();
    let (mut in_str, mut in_comment, mut escaped) = (false, false, false);
    let mut start = 0;
    for (i, c) in before.char_indices() {
        if in_comment {
            if c == '\n' {
                in_comment = false;
            } else {
                continue;
            }
        }
        if in_str {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => in_str = false,
                '\n' => in_str = false,
                _ => escaped = false,
            }
            if c != '\\' {
                escaped = false;
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '#' => in_comment = true,
            '{' => {
                opens.push(before[start..i].trim().to_string());
                start = i + 1;
            }
            '}' => {
                opens.pop();
                start = i + 1;
            }
            ';' => start = i + 1,
            // A line ending in a comma goes on (an ability header's clauses).
            '\n' if !before[start..i].trim_end().ends_with(',') => start = i + 1,
            _ => {}
        }
    }
    if in_comment {
        return (Context::Comment, at);
    }
    if in_str {
        let quote = before.rfind('"').map_or(at, |q| q + 1);
        return (Context::Str, quote);
    }
    let so_far = &before[start..];
    let lead = so_far.len() - so_far.trim_start().len();
    let start = start + lead;
    let so_far = so_far.trim_start().to_string();
    let first = |s: &str| s.split_whitespace().next().unwrap_or("").to_string();
    let kw = cosmic_grammar::keywords::keywords();
    let statement_block = |head: &str| {
        let w = first(head);
        kw.abilities.contains(&w)
            || ["define", "if", "else", "for", "as", "}"].contains(&w.as_str())
            || head.starts_with('"')
    };
    let ctx = match opens.last() {
        None => Context::TopLevel,
        Some(head) if statement_block(head) => Context::Statement(so_far),
        Some(_) if kw.abilities.contains(&first(&so_far)) && so_far.contains(' ') => {
            Context::Header(so_far)
        }
        Some(_) => Context::Entry,
    };
    (ctx, start)
}

/// Candidates in order: those that begin with what was typed, then those with a word that
/// does, then near misses of it ("did you mean"), each group in the order given.
fn rank(
    typed: &str,
    replace: Span,
    candidates: Vec<(String, CompletionKind, String)>,
) -> Vec<Completion> {
    let t = typed.to_lowercase();
    let mut tiers: [Vec<Completion>; 3] = Default::default();
    let mut seen = std::collections::HashSet::new();
    for (label, kind, detail) in candidates {
        if !seen.insert(label.clone()) {
            continue;
        }
        let l = label.to_lowercase();
        let tier = if l.starts_with(&t) {
            0
        } else if !t.is_empty() && l.contains(&format!(" {t}")) {
            1
        } else {
            let head: String = l.chars().take(t.chars().count()).collect();
            let near = ((t.chars().count() + 1) / 3).max(1);
            if !t.is_empty() && edit_distance(&t, &head) <= near {
                2
            } else {
                continue;
            }
        };
        tiers[tier].push(Completion {
            label,
            kind,
            detail,
            replace,
            suggestion: tier > 0,
        });
    }
    tiers.into_iter().flatten().collect()
}

/// What may be written at `at` in `files[file]`: component kinds between components;
/// properties, abilities and sections inside one; usages, roles, phases, windows and events
/// in an ability's header; verbs, statements, vocabulary phrases and bound names in a block;
/// component names inside a string. Ordered as [`rank`] does, with "did you mean" last.
pub fn complete(files: &[SourceFile], file: usize, at: usize) -> Vec<Completion> {
    use CompletionKind as K;
    let f = &files[file];
    let at = at.min(f.text.len());
    let (ctx, start) = context(&f.text, at);
    let kw = cosmic_grammar::keywords::keywords();
    let kws = |list: &[&str], detail: &str| -> Vec<(String, CompletionKind, String)> {
        list.iter()
            .map(|w| (w.to_string(), K::Keyword, detail.to_string()))
            .collect()
    };
    // The typed words from `from` to the cursor, and their span.
    let tail = |from: usize| (f.text[from..at].to_string(), Span::new(from, at));
    match ctx {
        Context::Comment => Vec::new(),
        Context::TopLevel => {
            let (typed, span) = tail(start);
            rank(&typed, span, kws(KINDS, "a kind of component"))
        }
        Context::Str => {
            let (typed, span) = tail(start);
            let names = files
                .iter()
                .flat_map(|f| f.decls())
                .map(|d| (d.name.value.clone(), K::Component, d.kind.text.clone()))
                .collect();
            rank(&typed, span, names)
        }
        Context::Entry => {
            let (typed, span) = tail(start);
            let mut c: Vec<_> = PROPERTIES
                .iter()
                .map(|p| (p.to_string(), K::Property, "a property".to_string()))
                .collect();
            let abilities: Vec<&str> = kw.abilities.iter().map(String::as_str).collect();
            c.extend(kws(&abilities, "an ability"));
            c.extend(kws(&["flare", "let", "define"], "an entry"));
            rank(&typed, span, c)
        }
        Context::Header(head) => header_completions(&f.text, start, at, &head),
        Context::Statement(stmt) => {
            let words: Vec<&str> = stmt.split_whitespace().collect();
            if words.len() <= 1 && !stmt.ends_with(char::is_whitespace) {
                let (typed, span) = tail(start);
                let verbs: Vec<&str> = kw.verbs.iter().map(String::as_str).collect();
                let mut c = kws(&verbs, "an action");
                c.extend(kws(
                    &[
                        "if",
                        "else",
                        "for each",
                        "let",
                        "choose",
                        "choose one",
                        "as",
                        "do",
                    ],
                    "a statement",
                ));
                c.extend(DURATIONS.iter().map(|(opener, rest, _)| {
                    let words = format!("{opener} {rest}");
                    (words, K::Keyword, "a lasting effect".to_string())
                }));
                return rank(&typed, span, c);
            }
            let decl = f.decls().find(|d| touches(d.span, at));
            let ability = decl.and_then(|d| {
                crate::library::abilities(&d.entries)
                    .into_iter()
                    .find(|a| touches(a.span, at))
            });
            let bound = decl.map(|d| bindings(d, ability, at)).unwrap_or_default();
            if words.first() == Some(&"do") {
                let (typed, span) = tail(start + stmt.find("do").unwrap_or(0) + 2);
                let (typed, span) = trim_start(&typed, span);
                let defines = bound
                    .iter()
                    .filter(|b| b.what == "define")
                    .map(|b| (b.tokens.join(" "), K::Name, "define".to_string()))
                    .collect();
                return rank(&typed, span, defines);
            }
            let from = fragment_start(&f.text, start, at);
            let (typed, span) = tail(from);
            phrase_completions(&typed, span, &bound)
        }
    }
}

fn trim_start(typed: &str, span: Span) -> (String, Span) {
    let t = typed.trim_start();
    (t.to_string(), Span::new(span.end - t.len(), span.end))
}

/// Where the reference being typed begins: after the last keyword, operator or bracket.
fn fragment_start(text: &str, start: usize, at: usize) -> usize {
    let kw = cosmic_grammar::keywords::keywords();
    let links = ["of", "in", "on", "at"];
    let mut from = start;
    let mut i = start;
    let s = &text[start..at];
    for piece in s.split_inclusive(|c: char| c.is_whitespace() || "=<>!+-*/,([{".contains(c)) {
        let word =
            piece.trim_end_matches(|c: char| c.is_whitespace() || "=<>!+-*/,([{".contains(c));
        let ended = piece.len() != word.len();
        let is_kw = kw
            .verbs
            .iter()
            .any(|v| v == word || v.starts_with(&format!("{word} ")))
            || (kw.connectives.iter().any(|c| c == word) && !links.contains(&word))
            || kw.others.iter().any(|o| o == word);
        i += piece.len();
        if ended && (is_kw || word.is_empty()) {
            from = i;
        }
    }
    from
}

fn phrase_completions(typed: &str, span: Span, bound: &[Binding]) -> Vec<Completion> {
    use CompletionKind as K;
    let mut c: Vec<(String, CompletionKind, String)> = bound
        .iter()
        .filter(|b| b.what != "define")
        .map(|b| (b.tokens.join(" "), K::Name, format!("bound by {}", b.what)))
        .collect();
    for (p, example) in vocabulary::PATTERNS.iter().zip(vocabulary::examples()) {
        c.push((
            example,
            K::Phrase,
            format!(
                "{} ({})",
                p.ty.words(),
                vocabulary::pattern_words_with_holes(p)
            ),
        ));
    }
    rank(typed, span, c)
}

fn header_completions(text: &str, start: usize, at: usize, head: &str) -> Vec<Completion> {
    use CompletionKind as K;
    // The clause being written: after the last comma.
    let clause_from = start
        + head
            .rfind(',')
            .map_or_else(|| head.find(' ').unwrap_or(0), |i| i + 1);
    let clause_text = &text[clause_from..at];
    let lead = clause_text.len() - clause_text.trim_start().len();
    let clause_from = clause_from + lead;
    let clause = clause_text.trim_start();
    let tail = |skip: usize| {
        let from = clause_from + skip;
        (text[from..at].to_string(), Span::new(from, at))
    };
    let after = |kw: &str| clause.strip_prefix(kw).map(|_| kw.len());
    // `as a or not b`: the role after the last `or` (and `not`).
    if let Some(n) = after("as ") {
        let rest = &clause[n..];
        let mut skip = n + rest.rfind(" or ").map_or(0, |i| i + 4);
        if clause[skip..].starts_with("not ") {
            skip += 4;
        }
        let (typed, span) = tail(skip);
        let roles = header::roles()
            .map(|(w, m)| (w.to_string(), K::Role, format!("usable by {m}")))
            .collect();
        return rank(&typed, span, roles);
    }
    if let Some(n) = after("at ").or_else(|| after("during ")) {
        let rest = &clause[n..];
        let skip = n + rest.rfind(" or ").map_or(0, |i| i + 4);
        let part = &clause[skip..];
        // After a whole phase and a space: its window.
        if let Some((phase, _)) = header::phases().find(|(p, _)| part.starts_with(&format!("{p} ")))
        {
            if clause.starts_with("at ") {
                let (typed, span) = tail(skip + phase.len() + 1);
                let windows = header::windows()
                    .map(|(w, e)| (w, K::Window, format!("the engine's `{e:?}` window")))
                    .collect();
                return rank(&typed, span, windows);
            }
        }
        let (typed, span) = tail(skip);
        let phases = header::phases()
            .map(|(w, m)| (w.to_string(), K::Phase, m))
            .collect();
        return rank(&typed, span, phases);
    }
    for (kw, list) in [
        ("whenever ", WHENEVER_WORDS),
        ("instead of ", INSTEAD_WORDS),
    ] {
        if let Some(n) = after(kw) {
            let (typed, span) = tail(n);
            let events = list
                .iter()
                .map(|e| (e.to_string(), K::Event, kw.trim().to_string()))
                .collect();
            return rank(&typed, span, events);
        }
    }
    if let Some(n) = after("if ").or_else(|| after("prefer if ")) {
        let from = fragment_start(text, clause_from + n, at);
        let (typed, span) = (text[from..at].to_string(), Span::new(from, at));
        return phrase_completions(&typed, span, &[]);
    }
    let (typed, span) = tail(0);
    let clauses = [
        "mandatory",
        "optional",
        "innate",
        "as",
        "at",
        "whenever",
        "instead of",
        "during",
        "if",
        "once per encounter",
        "bots prefer if",
    ];
    rank(
        &typed,
        span,
        clauses
            .iter()
            .map(|c| (c.to_string(), K::Keyword, "a clause".to_string()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEER: &str = "alien \"Seer\" {\n  summary \"Sees\"\n  alert green\n  set base\n\n  let seen = 2\n\n  define peek {\n    draw 1 card\n  }\n\n  power \"Foresight\" mandatory, as main player, at planning before encounter cards are selected {\n    choose a player from my opponents as victim\n    add seen to my side's total\n    move victim's encounter card to victim's hand\n    do peek\n  }\n}\n";

    fn at(text: &str, needle: &str, nth: usize) -> usize {
        text.match_indices(needle).nth(nth).expect("needle").0
    }

    fn files(text: &str) -> Vec<SourceFile> {
        vec![SourceFile::new("oracle.cosmic", text)]
    }

    #[test]
    fn hover_explains_the_ability_and_the_phrase() {
        let fs = files(SEER);
        let h = hover(&fs, 0, at(SEER, "Foresight", 0) + 2).expect("hover");
        assert!(
            h.markdown.contains("usable by a main player"),
            "{}",
            h.markdown
        );
        let h = hover(&fs, 0, at(SEER, "side's total", 0) + 8).expect("hover");
        assert!(
            h.markdown.starts_with("`my side's total`: a number"),
            "{}",
            h.markdown
        );
        assert!(h.markdown.contains("‹a side›'s total"), "{}", h.markdown);
        let h = hover(&fs, 0, at(SEER, "main player,", 0) + 1).expect("hover");
        assert_eq!(h.markdown, "Role `main player`: usable by a main player");
        let h = hover(&fs, 0, at(SEER, "victim's hand", 0)).expect("hover");
        assert!(h.markdown.contains("choice made by"), "{}", h.markdown);
    }

    #[test]
    fn definition_finds_lets_defines_and_choices() {
        let fs = files(SEER);
        let (_, span) = definition(&fs, 0, at(SEER, "do peek", 0) + 4).expect("define");
        assert_eq!(&SEER[span.start..span.end], "peek");
        assert_eq!(span.start, at(SEER, "peek", 0));
        let (_, span) = definition(&fs, 0, at(SEER, "seen to", 0)).expect("let");
        assert_eq!(span.start, at(SEER, "seen", 0));
        let (_, span) = definition(&fs, 0, at(SEER, "victim's hand", 0)).expect("choice");
        assert_eq!(span.start, at(SEER, "victim", 0));
    }

    #[test]
    fn symbols_list_the_abilities() {
        let s = symbols(&files(SEER)[0]);
        let names: Vec<&str> = s[0].children.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["seen", "peek", "power \"Foresight\""]);
    }

    fn labels(text: &str, cursor: &str) -> Vec<(String, bool)> {
        let at = text.find(cursor).expect("cursor") + cursor.len();
        complete(&files(text), 0, at)
            .into_iter()
            .map(|c| (c.label, c.suggestion))
            .collect()
    }

    #[test]
    fn completes_by_context_with_near_misses_last() {
        let roles = labels(SEER, "as main pl");
        assert_eq!(roles[0], ("main player".to_string(), false), "{roles:?}");
        let windows = labels(
            &SEER.replace("before encounter cards are selected", "aftr"),
            "at planning aftr",
        );
        assert!(windows.iter().all(|(_, s)| *s), "{windows:?}");
        assert!(
            windows
                .iter()
                .any(|(w, _)| w == "after alliances are formed"),
            "{windows:?}"
        );
        let phrases = labels(SEER, "add seen to my side's t");
        assert_eq!(phrases[0].0, "my side's total", "{phrases:?}");
        let verbs = labels(&SEER.replace("do peek", "dra"), "dra");
        assert_eq!(verbs[0].0, "draw", "{verbs:?}");
        let typo = labels(&SEER.replace("do peek", "mvoe"), "mvoe");
        assert!(typo.contains(&("move".to_string(), true)), "{typo:?}");
        let names = labels(&SEER.replace("draw 1 card", "let x = vic"), "let x = vic");
        assert_eq!(
            names,
            Vec::<(String, bool)>::new(),
            "a define's body has no victim"
        );
        let bound = labels(SEER, "move vic");
        assert_eq!(bound[0].0, "victim", "{bound:?}");
        let kinds = labels("ali", "ali");
        assert_eq!(kinds[0].0, "alien");
    }
}
