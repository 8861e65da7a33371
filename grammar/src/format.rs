//! The canonical layout: two-space indentation, one entry or statement per line, one ability
//! header per line with its clauses in a fixed order (usage, roles, timing, condition, limit, bot hint),
//! a blank line around abilities and sections, and operators spaced and parenthesised only where
//! precedence needs it.
//!
//! Comments are kept: each comment is printed before the first node that starts after it, and a
//! comment that trailed code stays at the end of the line printed just before it. A comment
//! inside a multi-line expression therefore moves to the next line boundary, and a comment inside
//! source that did not parse stays inside that verbatim text.

use crate::ast::*;

/// Formats a file in the canonical layout.
pub fn format(file: &File) -> String {
    let mut p = Printer {
        out: String::new(),
        comments: &file.comments,
        next: 0,
        indent: 0,
        can_trail: false,
    };
    for (i, item) in file.items.iter().enumerate() {
        let span = item_span(item);
        p.before(span.start, i > 0);
        match item {
            Item::Decl(decl) => p.decl(decl),
            Item::Invalid(invalid) => p.invalid(invalid),
        }
    }
    p.before(usize::MAX, !file.items.is_empty());
    while p.out.ends_with("\n\n") {
        p.out.pop();
    }
    p.out
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Decl(d) => d.span,
        Item::Invalid(i) => i.span,
    }
}

fn entry_span(entry: &Entry) -> Span {
    match entry {
        Entry::Property(x) => x.span,
        Entry::Ability(x) => x.span,
        Entry::Section(x) => x.span,
        Entry::Let(x) => x.span,
        Entry::Define(x) => x.span,
        Entry::Invalid(x) => x.span,
    }
}

// Abilities, sections and definitions get a blank line around them.
fn is_block(entry: &Entry) -> bool {
    matches!(
        entry,
        Entry::Ability(_) | Entry::Section(_) | Entry::Define(_)
    )
}

struct Printer<'f> {
    out: String,
    comments: &'f [Comment],
    /// The first comment not printed yet.
    next: usize,
    indent: usize,
    /// Whether the last line printed is code that a trailing comment may join.
    can_trail: bool,
}

impl Printer<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
        self.can_trail = true;
    }

    fn blank(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
        self.can_trail = false;
    }

    /// Prints the comments before `pos`: trailing ones first (joining the last line), then the
    /// blank line if asked, then the comments on their own lines.
    fn before(&mut self, pos: usize, blank: bool) {
        while let Some(c) = self.comments.get(self.next) {
            if c.span.start >= pos || c.own_line {
                break;
            }
            self.comment(c);
            self.next += 1;
        }
        if blank {
            self.blank();
        }
        while let Some(c) = self.comments.get(self.next) {
            if c.span.start >= pos {
                break;
            }
            self.comment(c);
            self.next += 1;
        }
    }

    fn comment(&mut self, c: &Comment) {
        if !c.own_line && self.can_trail && self.out.ends_with('\n') {
            self.out.pop();
            self.out.push_str("  #");
            self.out.push_str(&c.text);
            self.out.push('\n');
            self.can_trail = false;
        } else {
            let text = format!("#{}", c.text);
            self.line(&text);
            self.can_trail = false;
        }
    }

    /// Skips the comments inside verbatim text (they are printed with it).
    fn skip_comments_in(&mut self, span: Span) {
        while let Some(c) = self.comments.get(self.next) {
            if c.span.start >= span.end {
                break;
            }
            self.next += 1;
        }
    }

    fn invalid(&mut self, invalid: &Invalid) {
        self.skip_comments_in(invalid.span);
        let text = invalid.text.trim_end();
        self.line(text);
    }

    /// Prints `head {`, the inside, then `}` (or `head {}` when there is nothing inside).
    fn braced(&mut self, head: &str, end: usize, empty: bool, inside: impl FnOnce(&mut Self)) {
        let has_comments = self
            .comments
            .get(self.next)
            .is_some_and(|c| c.span.start < end);
        if empty && !has_comments {
            self.line(&format!("{head} {{}}"));
            return;
        }
        self.line(&format!("{head} {{"));
        self.indent += 1;
        inside(self);
        self.before(end.saturating_sub(1), false);
        self.indent -= 1;
        self.line("}");
    }

    fn decl(&mut self, decl: &Decl) {
        let head = format!("{} {}", decl.kind.text, string(&decl.name.value));
        self.braced(&head, decl.span.end, decl.entries.is_empty(), |p| {
            p.entries(&decl.entries)
        });
    }

    fn entries(&mut self, entries: &[Entry]) {
        for (i, entry) in entries.iter().enumerate() {
            let blank = i > 0 && (is_block(entry) || is_block(&entries[i - 1]));
            self.before(entry_span(entry).start, blank);
            self.entry(entry);
        }
    }

    fn entry(&mut self, entry: &Entry) {
        match entry {
            Entry::Property(p) => {
                let text = format!("{} {}", p.key.text, expr(&p.value));
                self.line(&text);
            }
            Entry::Let(l) => self.line(&let_text(l)),
            Entry::Define(d) => {
                let head = format!("define {}", words(&d.name.words));
                self.block(&head, &d.body);
            }
            Entry::Section(s) => {
                let mut head = s.kind.text.clone();
                if let Some(name) = &s.name {
                    head.push(' ');
                    head.push_str(&string(&name.value));
                }
                self.braced(&head, s.span.end, s.entries.is_empty(), |p| {
                    p.entries(&s.entries)
                });
            }
            Entry::Ability(a) => {
                let head = ability_head(a);
                self.block(&head, &a.body);
            }
            Entry::Invalid(i) => self.invalid(i),
        }
    }

    fn block(&mut self, head: &str, block: &Block) {
        self.braced(head, block.span.end, block.stmts.is_empty(), |p| {
            p.stmts(&block.stmts)
        });
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            self.before(stmt.span().start, false);
            self.stmt(stmt);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Action(a) => {
                let mut text = a.verb.text.clone();
                if let Some(object) = &a.object {
                    text.push(' ');
                    text.push_str(&expr(object));
                }
                for arg in &a.args {
                    text.push_str(&format!(" {} {}", arg.prep.text, expr(&arg.value)));
                }
                self.line(&text);
            }
            Stmt::If(node) => self.if_chain(node, "if"),
            Stmt::ForEach(f) => {
                let head = format!("for each {} in {}", f.var.text, expr(&f.over));
                self.block(&head, &f.body);
            }
            Stmt::Let(l) => self.line(&let_text(l)),
            Stmt::Choose(c) => {
                let mut text = format!("choose {}", expr(&c.what));
                if let Some(from) = &c.from {
                    text.push_str(&format!(" from {}", expr(from)));
                }
                if let Some(to) = &c.to {
                    text.push_str(&format!(" to {}", expr(to)));
                }
                if let Some(name) = &c.binding {
                    text.push_str(&format!(" as {}", words(&name.words)));
                }
                self.line(&text);
            }
            Stmt::ChooseOne(c) => {
                self.braced("choose one", c.span.end, c.options.is_empty(), |p| {
                    for option in &c.options {
                        p.before(option.span.start, false);
                        let mut head = string(&option.label.value);
                        if let Some(prefer) = &option.prefer {
                            head.push_str(&format!(" bots prefer if {}", expr(prefer)));
                        }
                        p.block(&head, &option.body);
                    }
                });
            }
            Stmt::As(a) => {
                let head = format!("as {}", expr(&a.player));
                self.block(&head, &a.body);
            }
            Stmt::Lasting(l) => {
                let head = format!("{} {}", l.opener.text, words(&l.duration.words));
                self.block(&head, &l.body);
            }
            Stmt::Reaction(r) => {
                let mut head = timing_clause(&r.timing);
                if let Some(c) = &r.condition {
                    head.push_str(&format!(", if {}", expr(c)));
                }
                self.block(&head, &r.body);
            }
            Stmt::Do(d) => self.line(&format!("do {}", words(&d.name.words))),
            Stmt::Invalid(i) => self.invalid(i),
        }
    }

    /// `if`, then each `else if` on the closing brace's line, then `else`.
    fn if_chain(&mut self, node: &If, keyword: &str) {
        let head = format!("{keyword} {} {{", expr(&node.cond));
        self.line(&head);
        self.indent += 1;
        self.stmts(&node.then.stmts);
        self.before(node.then.span.end.saturating_sub(1), false);
        self.indent -= 1;
        match &node.otherwise {
            None => self.line("}"),
            Some(Else::If(next)) => self.if_chain(next, "} else if"),
            Some(Else::Block(block)) => {
                self.line("} else {");
                self.indent += 1;
                self.stmts(&block.stmts);
                self.before(block.span.end.saturating_sub(1), false);
                self.indent -= 1;
                self.line("}");
            }
        }
    }
}

fn let_text(l: &Let) -> String {
    format!("let {} = {}", words(&l.name.words), expr(&l.value))
}

fn words(words: &[Word]) -> String {
    words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The header of an ability, clauses in canonical order.
fn ability_head(a: &Ability) -> String {
    let mut head = a.kind.text.clone();
    if let Some(name) = &a.name {
        head.push(' ');
        head.push_str(&string(&name.value));
    }
    let mut clauses: Vec<String> = Vec::new();
    if let Some(usage) = &a.usage {
        clauses.push(usage.kind.keyword().to_string());
    }
    if let Some(roles) = &a.roles {
        let roles: Vec<String> = roles
            .roles
            .iter()
            .map(|r| {
                let w = words(&r.words);
                if r.negated {
                    format!("not {w}")
                } else {
                    w
                }
            })
            .collect();
        clauses.push(format!("as {}", roles.join(" or ")));
    }
    for timing in &a.timing {
        clauses.push(timing_clause(timing));
    }
    if let Some(cond) = &a.condition {
        clauses.push(format!("if {}", expr(cond)));
    }
    if let Some(limit) = &a.limit {
        clauses.push(format!("once per {}", words(&limit.words)));
    }
    if let Some(prefer) = &a.prefer {
        clauses.push(format!("bots prefer if {}", expr(prefer)));
    }
    if !clauses.is_empty() {
        head.push(' ');
        head.push_str(&clauses.join(", "));
    }
    head
}

fn phrases(phrases: &[Phrase]) -> String {
    phrases
        .iter()
        .map(|p| words(&p.words))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// A string literal with its escapes.
pub(crate) fn string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An expression in canonical form.
pub(crate) fn expr(e: &Expr) -> String {
    expr_at(e, 0)
}

// Operands (numbers, paths, lists...) bind tightest.
const ATOM: u8 = 9;

fn precedence(e: &Expr) -> u8 {
    match e {
        Expr::Binary { op, .. } => op.precedence(),
        Expr::Unary { op, .. } => op.precedence(),
        _ => ATOM,
    }
}

/// Prints `e`, in parentheses when it binds looser than `min`.
fn expr_at(e: &Expr, min: u8) -> String {
    let text = match e {
        Expr::Int { value, .. } => value.to_string(),
        Expr::Str(s) => string(&s.value),
        Expr::Path(p) => path(p),
        Expr::Valued {
            reference, value, ..
        } => match value.as_ref() {
            Expr::Int { value, .. } => format!("{} {value}", path(reference)),
            other => format!("{} ({})", path(reference), expr(other)),
        },
        Expr::List { items, .. } => list(items),
        Expr::All { items, .. } => format!("all {}", list(items)),
        Expr::Any { items, .. } => format!("any {}", list(items)),
        Expr::Count {
            count, of, noun, ..
        } => {
            let count = match count.as_ref() {
                Expr::Int { value, .. } => value.to_string(),
                other => format!("({})", expr(other)),
            };
            let of = if *of { " of" } else { "" };
            format!("{count}{of} {}", path(noun))
        }
        Expr::Unary { op, operand, .. } => {
            let p = op.precedence();
            match op {
                UnaryOp::Not => format!("not {}", expr_at(operand, p)),
                UnaryOp::Neg => format!("-{}", expr_at(operand, p)),
                UnaryOp::UpTo => format!("up to {}", expr_at(operand, p)),
                UnaryOp::RoundedUp | UnaryOp::RoundedDown => {
                    format!("{} {}", expr_at(operand, p), op.symbol())
                }
            }
        }
        Expr::Binary { op, lhs, rhs, .. } => {
            let p = op.precedence();
            format!(
                "{} {} {}",
                expr_at(lhs, p),
                op.symbol(),
                expr_at(rhs, p + 1)
            )
        }
    };
    if precedence(e) < min {
        format!("({text})")
    } else {
        text
    }
}

fn list(items: &[Expr]) -> String {
    let items: Vec<String> = items.iter().map(expr).collect();
    format!("[{}]", items.join(", "))
}

/// A path as written: possessives glued to the word before them.
pub(crate) fn path(p: &Path) -> String {
    let mut out = String::new();
    for segment in &p.segments {
        out.push_str(&words(&segment.words));
        match segment.link {
            None => {}
            Some(Link::Possessive) => out.push_str("'s "),
            Some(Link::PluralPossessive) => out.push_str("' "),
            Some(link) => {
                out.push(' ');
                out.push_str(link.text());
                out.push(' ');
            }
        }
    }
    out
}

/// One timing clause of a header or a reaction (`at reveal after ...`).
fn timing_clause(timing: &Timing) -> String {
    match timing {
        Timing::At { phases, window, .. } => {
            let mut text = format!("at {}", phrases(phases));
            if let Some(w) = window {
                text.push_str(&format!(
                    " {} {}",
                    w.relation.keyword(),
                    words(&w.phrase.words)
                ));
            }
            text
        }
        Timing::Whenever { event, .. } => format!("whenever {}", words(&event.words)),
        Timing::InsteadOf { event, .. } => format!("instead of {}", words(&event.words)),
        Timing::During { phases: p, .. } => format!("during {}", phrases(p)),
    }
}
