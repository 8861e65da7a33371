//! A compact, readable dump of the tree for snapshots and debugging: one node per line with its
//! span, expressions as prefix forms so their structure (and so precedence) is visible.
//! Paths print their segments and links apart: `path(my side | 's | total)`.

use std::fmt::Write;

use crate::ast::*;
use crate::format::string;

/// Dumps a file, one node per line, indented by depth, with `@start..end` spans.
pub fn dump(file: &File) -> String {
    let mut d = Dumper {
        out: String::new(),
        depth: 0,
    };
    d.line(&format!("file{}", at(file.span)));
    d.depth += 1;
    for item in &file.items {
        match item {
            Item::Decl(decl) => {
                d.line(&format!(
                    "{} {}{}",
                    decl.kind.text,
                    string(&decl.name.value),
                    at(decl.span)
                ));
                d.nested(|d| d.entries(&decl.entries));
            }
            Item::Invalid(i) => d.invalid(i),
        }
    }
    for c in &file.comments {
        let place = if c.own_line { "own line" } else { "trailing" };
        d.line(&format!("comment {place} {:?}{}", c.text, at(c.span)));
    }
    d.out
}

fn at(span: Span) -> String {
    format!(" @{}..{}", span.start, span.end)
}

struct Dumper {
    out: String,
    depth: usize,
}

impl Dumper {
    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn nested(&mut self, f: impl FnOnce(&mut Self)) {
        self.depth += 1;
        f(self);
        self.depth -= 1;
    }

    fn invalid(&mut self, i: &Invalid) {
        self.line(&format!("invalid {:?}{}", i.text, at(i.span)));
    }

    fn entries(&mut self, entries: &[Entry]) {
        for entry in entries {
            match entry {
                Entry::Property(p) => self.line(&format!(
                    "property {} = {}{}",
                    p.key.text,
                    expr(&p.value),
                    at(p.span)
                )),
                Entry::Let(l) => self.let_line(l),
                Entry::Define(def) => {
                    self.line(&format!(
                        "define {}{}",
                        words(&def.name.words),
                        at(def.span)
                    ));
                    self.nested(|d| d.block("body", &def.body));
                }
                Entry::Section(s) => {
                    let name = s.name.as_ref().map(|n| format!(" {}", string(&n.value)));
                    self.line(&format!(
                        "section {}{}{}",
                        s.kind.text,
                        name.unwrap_or_default(),
                        at(s.span)
                    ));
                    self.nested(|d| d.entries(&s.entries));
                }
                Entry::Ability(a) => self.ability(a),
                Entry::Invalid(i) => self.invalid(i),
            }
        }
    }

    fn let_line(&mut self, l: &Let) {
        self.line(&format!(
            "let {} = {}{}",
            words(&l.name.words),
            expr(&l.value),
            at(l.span)
        ));
    }

    fn ability(&mut self, a: &Ability) {
        let name = a.name.as_ref().map(|n| format!(" {}", string(&n.value)));
        self.line(&format!(
            "ability {}{}{}",
            a.kind.text,
            name.unwrap_or_default(),
            at(a.span)
        ));
        self.nested(|d| {
            if let Some(u) = &a.usage {
                d.line(&format!("usage {}{}", u.kind.keyword(), at(u.span)));
            }
            if let Some(r) = &a.roles {
                let roles: Vec<String> = r
                    .roles
                    .iter()
                    .map(|role| {
                        let not = if role.negated { "not " } else { "" };
                        format!("[{not}{}]", words(&role.words))
                    })
                    .collect();
                d.line(&format!("roles {}{}", roles.join(" "), at(r.span)));
            }
            for t in &a.timing {
                let text = match t {
                    Timing::At { phases, window, .. } => {
                        let window = window.as_ref().map(|w| {
                            format!(" {} [{}]", w.relation.keyword(), words(&w.phrase.words))
                        });
                        format!("at {}{}", phrases(phases), window.unwrap_or_default())
                    }
                    Timing::Whenever { event, .. } => format!("whenever [{}]", words(&event.words)),
                    Timing::InsteadOf { event, .. } => {
                        format!("instead of [{}]", words(&event.words))
                    }
                    Timing::During { phases: p, .. } => format!("during {}", phrases(p)),
                };
                d.line(&format!("{text}{}", at(t.span())));
            }
            if let Some(c) = &a.condition {
                d.line(&format!("if {}{}", expr(c), at(c.span())));
            }
            if let Some(l) = &a.limit {
                d.line(&format!("once per [{}]{}", words(&l.words), at(l.span)));
            }
            if let Some(c) = &a.prefer {
                d.line(&format!("bots prefer if {}{}", expr(c), at(c.span())));
            }
            d.block("body", &a.body);
        });
    }

    fn block(&mut self, label: &str, block: &Block) {
        self.line(&format!("{label}{}", at(block.span)));
        self.nested(|d| {
            for stmt in &block.stmts {
                d.stmt(stmt);
            }
        });
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Action(a) => {
                self.line(&format!("action {}{}", a.verb.text, at(a.span)));
                self.nested(|d| {
                    if let Some(o) = &a.object {
                        d.line(&format!("object {}", expr(o)));
                    }
                    for arg in &a.args {
                        d.line(&format!("{} {}", arg.prep.text, expr(&arg.value)));
                    }
                });
            }
            Stmt::If(node) => self.if_node(node),
            Stmt::ForEach(f) => {
                self.line(&format!(
                    "for each {} in {}{}",
                    f.var.text,
                    expr(&f.over),
                    at(f.span)
                ));
                self.nested(|d| d.block("body", &f.body));
            }
            Stmt::Let(l) => self.let_line(l),
            Stmt::Choose(c) => {
                let mut text = format!("choose {}", expr(&c.what));
                if let Some(from) = &c.from {
                    let _ = write!(text, " from {}", expr(from));
                }
                if let Some(to) = &c.to {
                    let _ = write!(text, " to {}", expr(to));
                }
                if let Some(name) = &c.binding {
                    let _ = write!(text, " as [{}]", words(&name.words));
                }
                self.line(&format!("{text}{}", at(c.span)));
            }
            Stmt::ChooseOne(c) => {
                self.line(&format!("choose one{}", at(c.span)));
                self.nested(|d| {
                    for option in &c.options {
                        d.line(&format!(
                            "option {}{}",
                            string(&option.label.value),
                            at(option.span)
                        ));
                        d.nested(|d| {
                            if let Some(c) = &option.prefer {
                                d.line(&format!("bots prefer if {}{}", expr(c), at(c.span())));
                            }
                            d.block("body", &option.body)
                        });
                    }
                });
            }
            Stmt::As(a) => {
                self.line(&format!("as {}{}", expr(&a.player), at(a.span)));
                self.nested(|d| d.block("body", &a.body));
            }
            Stmt::Lasting(l) => {
                self.line(&format!(
                    "{} {}{}",
                    l.opener.text,
                    words(&l.duration.words),
                    at(l.span)
                ));
                self.nested(|d| d.block("body", &l.body));
            }
            Stmt::Reaction(r) => {
                let window = match &r.timing {
                    Timing::At {
                        phases,
                        window: Some(w),
                        ..
                    } => format!(
                        "{} {} [{}]",
                        phrases(phases),
                        w.relation.keyword(),
                        words(&w.phrase.words)
                    ),
                    Timing::At { phases, .. } => phrases(phases),
                    _ => String::new(),
                };
                self.line(&format!("reaction at {window}{}", at(r.span)));
                self.nested(|d| {
                    if let Some(c) = &r.condition {
                        d.line(&format!("if {}{}", expr(c), at(c.span())));
                    }
                    d.block("body", &r.body)
                });
            }
            Stmt::Do(x) => self.line(&format!("do {}{}", words(&x.name.words), at(x.span))),
            Stmt::Invalid(i) => self.invalid(i),
        }
    }

    fn if_node(&mut self, node: &If) {
        self.line(&format!("if {}{}", expr(&node.cond), at(node.span)));
        self.nested(|d| {
            d.block("then", &node.then);
            match &node.otherwise {
                None => {}
                Some(Else::Block(b)) => d.block("else", b),
                Some(Else::If(next)) => {
                    d.line("else");
                    d.nested(|d| d.if_node(next));
                }
            }
        });
    }
}

fn words(words: &[Word]) -> String {
    words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn phrases(phrases: &[Phrase]) -> String {
    phrases
        .iter()
        .map(|p| format!("[{}]", words(&p.words)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An expression as a prefix form: `(+ 1 path(my ships))`.
fn expr(e: &Expr) -> String {
    match e {
        Expr::Int { value, .. } => value.to_string(),
        Expr::Str(s) => string(&s.value),
        Expr::Path(p) => path(p),
        Expr::Valued {
            reference, value, ..
        } => format!("(valued {} {})", path(reference), expr(value)),
        Expr::List { items, .. } => forms("list", items),
        Expr::All { items, .. } => forms("all", items),
        Expr::Any { items, .. } => forms("any", items),
        Expr::Count {
            count, of, noun, ..
        } => {
            let of = if *of { " of" } else { "" };
            format!("(count {}{of} {})", expr(count), path(noun))
        }
        Expr::Unary { op, operand, .. } => {
            // Unary minus is `neg` so it never reads as subtraction.
            let name = match op {
                UnaryOp::Neg => "neg".to_string(),
                other => other.symbol().replace(' ', "-"),
            };
            format!("({name} {})", expr(operand))
        }
        Expr::Binary { op, lhs, rhs, .. } => format!(
            "({} {} {})",
            op.symbol().replace(' ', "-"),
            expr(lhs),
            expr(rhs)
        ),
    }
}

fn forms(head: &str, items: &[Expr]) -> String {
    let mut out = format!("({head}");
    for item in items {
        out.push(' ');
        out.push_str(&expr(item));
    }
    out.push(')');
    out
}

fn path(p: &Path) -> String {
    let mut parts = Vec::new();
    for segment in &p.segments {
        parts.push(words(&segment.words));
        if let Some(link) = segment.link {
            parts.push(link.text().to_string());
        }
    }
    format!("path({})", parts.join(" | "))
}
