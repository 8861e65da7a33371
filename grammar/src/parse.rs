//! The parser's entry point. It never fails and never panics: it returns the tree and every
//! syntax error together.
//!
//! A well-formed file is parsed by pest in one go. Otherwise the file is cut into pieces at item,
//! entry and statement boundaries (newlines outside brackets, matched braces) and each piece is
//! parsed on its own; a piece that still fails is split into its header and its block, and the
//! block's pieces are parsed in turn. What cannot be parsed becomes an `Invalid` node holding
//! its text, and the rest of the file is still read, so one bad card file shows all its problems.

use pest::iterators::Pair;
use pest::Parser;

use crate::ast::*;
use crate::build::Builder;
use crate::diagnostic::{self, SyntaxError, ABILITY_KEYWORDS, ENTRY_KEYWORDS};
use crate::grammar::{CosmicParser, Rule};
use crate::scan::{self, Scan, TokKind};

/// A parsed file and every syntax error found in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The tree; parts that did not parse are `Invalid` nodes.
    pub file: File,
    /// The errors, in source order.
    pub errors: Vec<SyntaxError>,
}

impl Parsed {
    /// Whether the file parsed without error.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Parses a source file. Never fails: errors are returned next to the (partial) tree.
pub fn parse(source: &str) -> Parsed {
    let scan = scan::scan(source);
    let span = Span::new(0, source.len());
    if scan.errors.is_empty() {
        if let Ok(mut pairs) = CosmicParser::parse(Rule::file, source) {
            if let Some(pair) = pairs.next() {
                let builder = Builder::new(0);
                let items = builder.file(pair);
                let errors = builder.into_errors();
                return finish(items, scan.comments, span, errors);
            }
        }
    }
    let mut recovery = Recovery {
        src: source,
        scan: &scan,
        errors: scan.errors.clone(),
        depth: 0,
    };
    let items = recovery.items();
    let errors = recovery.errors;
    finish(items, scan.comments.clone(), span, errors)
}

fn finish(
    items: Vec<Item>,
    comments: Vec<Comment>,
    span: Span,
    mut errors: Vec<SyntaxError>,
) -> Parsed {
    errors.sort_by_key(|e| (e.span().start, e.span().end));
    errors.dedup();
    errors.truncate(MAX_ERRORS);
    Parsed {
        file: File {
            items,
            comments,
            span,
        },
        errors,
    }
}

/// The child of `pair` with the given rule; the grammar guarantees it is there.
fn child(pair: Pair<Rule>, rule: Rule) -> Pair<Rule> {
    pair.into_inner()
        .find(|p| p.as_rule() == rule)
        .expect("the grammar guarantees this child")
}

/// A piece of the file as a range of token indices.
type Piece = (usize, usize);

/// Why a piece did not parse: pest's error, or `None` when it was never handed to pest.
type Failure = Option<pest::error::Error<Rule>>;

struct Recovery<'s> {
    src: &'s str,
    scan: &'s Scan,
    errors: Vec<SyntaxError>,
    /// How many blocks deep the recovery is; past the limit, blocks are skipped.
    depth: usize,
}

/// Blocks nested deeper than this are not recovered (the scanner already reported them).
const MAX_RECOVERY_DEPTH: usize = 48;

/// At most this many errors are returned for one file.
const MAX_ERRORS: usize = 100;

impl<'s> Recovery<'s> {
    fn bytes(&self, (s, e): Piece) -> (usize, usize) {
        (self.scan.tokens[s].start, self.scan.tokens[e - 1].end)
    }

    fn word(&self, index: usize) -> &'s str {
        self.scan.text(self.src, index)
    }

    fn tok_span(&self, index: usize) -> Span {
        let tok = self.scan.tokens[index];
        Span::new(tok.start, tok.end)
    }

    /// The token index just past the bracket group opened at `open`.
    fn jump(&self, open: usize) -> usize {
        let partner = self.scan.partner[open];
        if self.scan.closed[open] {
            partner + 1
        } else {
            partner
        }
    }

    /// Parses `start..end` with `rule` and builds the result; errors of the builder are kept.
    fn parse_with<T>(
        &mut self,
        rule: Rule,
        start: usize,
        end: usize,
        build: impl FnOnce(&Builder, Pair<'s, Rule>) -> T,
    ) -> Result<T, Failure> {
        if self.scan.is_refused(start, end) {
            return Err(None);
        }
        let text = &self.src[start..end];
        match CosmicParser::parse(rule, text) {
            Ok(mut pairs) => {
                let Some(outer) = pairs.next() else {
                    return Err(None);
                };
                let builder = Builder::new(start);
                let value = build(&builder, outer);
                self.errors.extend(builder.into_errors());
                Ok(value)
            }
            Err(error) => Err(Some(error)),
        }
    }

    /// Reports a failure unless a lexical error in the same place already explains it.
    fn report(&mut self, failure: Failure, rule: Rule, start: usize, end: usize) {
        let Some(error) = failure else { return };
        if self.scan.has_lexical_error_in(start, end) {
            return;
        }
        self.errors
            .push(diagnostic::from_pest(&error, rule, start, self.src));
    }

    fn invalid(&self, start: usize, end: usize) -> Invalid {
        Invalid {
            text: self.src[start..end].to_string(),
            span: Span::new(start, end),
        }
    }

    /// Cuts the token range `from..to` into pieces at separators outside brackets.
    fn split(&self, from: usize, to: usize) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = Vec::new();
        let mut current: Option<usize> = None;
        let mut i = from;
        while i < to {
            match self.scan.tokens[i].kind {
                // A closer here closes nothing (it was reported by the scanner): a boundary.
                TokKind::Sep | TokKind::Close(_) => {
                    if let Some(s) = current.take() {
                        pieces.push((s, i));
                    }
                    i += 1;
                }
                TokKind::Open(_) => {
                    current.get_or_insert(i);
                    let closed = self.scan.closed[i];
                    i = self.jump(i).clamp(i + 1, to);
                    // A block closed by the indentation guess ends where a new line starts.
                    if !closed {
                        if let Some(s) = current.take() {
                            pieces.push((s, i));
                        }
                    }
                }
                TokKind::Text => {
                    current.get_or_insert(i);
                    i += 1;
                }
            }
        }
        if let Some(s) = current {
            pieces.push((s, to));
        }
        // `} else {` on a new line and headers continued after a comma belong to the piece above.
        let mut merged: Vec<Piece> = Vec::with_capacity(pieces.len());
        for piece in pieces {
            if let Some(last) = merged.last_mut() {
                let continues = self.word(piece.0) == "else" || self.word(last.1 - 1) == ",";
                if continues {
                    last.1 = piece.1;
                    continue;
                }
            }
            merged.push(piece);
        }
        merged
    }

    /// The `{` tokens at the top level of a piece.
    fn blocks(&self, (s, e): Piece) -> Vec<usize> {
        let mut found = Vec::new();
        let mut i = s;
        while i < e {
            match self.scan.tokens[i].kind {
                TokKind::Open(b) => {
                    if b == b'{' {
                        found.push(i);
                    }
                    i = self.jump(i).max(i + 1);
                }
                _ => i += 1,
            }
        }
        found
    }

    /// The span of the block opened at `open`, to its `}` or to where it implicitly ends.
    fn block_span(&self, open: usize) -> Span {
        let start = self.scan.tokens[open].start;
        let partner = self.scan.partner[open];
        let end = if self.scan.closed[open] {
            self.scan.tokens[partner].end
        } else if partner > open + 1 {
            self.scan.tokens[partner - 1].end
        } else {
            self.scan.tokens[open].end
        };
        Span::new(start, end)
    }

    /// The token range inside the block opened at `open`.
    fn inside(&self, open: usize) -> (usize, usize) {
        (open + 1, self.scan.partner[open].max(open + 1))
    }

    /// Reports tokens after a block that should have ended its piece.
    fn check_trailing(&mut self, (_, e): Piece, open: usize) {
        let after = self.jump(open);
        if after < e {
            let span = self.tok_span(after);
            if self.scan.has_lexical_error_in(span.start, span.end) {
                return;
            }
            let found = self.word(after);
            self.errors.push(SyntaxError::Unexpected {
                message: format!("expected the end of the line after `}}`, found `{found}`"),
                span,
                label: "expected the end of the line".into(),
                help: Some("start the next entry or statement on a new line".into()),
            });
        }
    }

    /// Reports a near miss of a keyword at the start of a piece; true when it did.
    fn misspelled_start(&mut self, piece: Piece, known: &[&str]) -> bool {
        let first = self.word(piece.0);
        if known.contains(&first) {
            return false;
        }
        let Some(suggestion) = diagnostic::near_keyword(first, known.iter().copied()) else {
            return false;
        };
        let span = self.tok_span(piece.0);
        self.errors
            .push(diagnostic::unknown_keyword(first, span, suggestion));
        true
    }

    fn items(&mut self) -> Vec<Item> {
        let n = self.scan.tokens.len();
        self.split(0, n)
            .into_iter()
            .map(|piece| self.item_piece(piece))
            .collect()
    }

    fn item_piece(&mut self, piece: Piece) -> Item {
        let (start, end) = self.bytes(piece);
        let failure = match self.parse_with(Rule::item_only, start, end, |b, p| {
            b.item(child(p, Rule::item))
        }) {
            Ok(decl) => return Item::Decl(decl),
            Err(failure) => failure,
        };
        let Some(&open) = self.blocks(piece).first() else {
            self.report(failure, Rule::item_only, start, end);
            return Item::Invalid(self.invalid(start, end));
        };
        self.check_trailing(piece, open);
        let head_end = self.scan.tokens[open].start;
        let head = self.parse_with(Rule::item_head_only, start, head_end, |b, p| {
            b.item_head(child(p, Rule::item_head))
        });
        let entries = self.entries_in(open);
        match head {
            Ok((kind, name)) => Item::Decl(Decl {
                kind,
                name,
                entries,
                span: Span::new(start, end),
            }),
            Err(failure) => {
                self.report(failure, Rule::item_head_only, start, head_end);
                Item::Invalid(self.invalid(start, end))
            }
        }
    }

    fn entries_in(&mut self, open: usize) -> Vec<Entry> {
        if self.depth >= MAX_RECOVERY_DEPTH {
            return Vec::new();
        }
        self.depth += 1;
        let (from, to) = self.inside(open);
        let entries = self
            .split(from, to)
            .into_iter()
            .map(|piece| self.entry_piece(piece))
            .collect();
        self.depth -= 1;
        entries
    }

    fn entry_piece(&mut self, piece: Piece) -> Entry {
        let (start, end) = self.bytes(piece);
        let failure = match self.parse_with(Rule::entry_only, start, end, |b, p| {
            b.entry(child(p, Rule::entry))
        }) {
            Ok(entry) => return entry,
            Err(failure) => failure,
        };
        let blocks = self.blocks(piece);
        let first = self.word(piece.0);
        let statements_inside = ABILITY_KEYWORDS.contains(&first) || first == "define";
        let Some(&open) = blocks.first() else {
            self.report(failure, Rule::entry_only, start, end);
            return Entry::Invalid(self.invalid(start, end));
        };
        self.check_trailing(piece, open);
        let head_end = self.scan.tokens[open].start;
        let span = Span::new(start, end);
        if statements_inside {
            if first == "define" {
                let head = self.parse_with(Rule::define_head_only, start, head_end, |b, p| {
                    b.define_head(child(p, Rule::define_head))
                });
                let body = self.stmts_in(open);
                return match head {
                    Ok(name) => {
                        self.check_not_empty(&body);
                        Entry::Define(Define { name, body, span })
                    }
                    Err(failure) => {
                        self.report(failure, Rule::define_head_only, start, head_end);
                        Entry::Invalid(self.invalid(start, end))
                    }
                };
            }
            let head = self.parse_with(Rule::ability_head_only, start, head_end, |b, p| {
                b.ability_head(child(p, Rule::ability_head))
            });
            let body = self.stmts_in(open);
            return match head {
                Ok(head) => {
                    self.check_not_empty(&body);
                    Entry::Ability(head.with_body(body, span))
                }
                Err(failure) => {
                    self.report(failure, Rule::ability_head_only, start, head_end);
                    Entry::Invalid(self.invalid(start, end))
                }
            };
        }
        let head = self.parse_with(Rule::section_head_only, start, head_end, |b, p| {
            b.section_head(child(p, Rule::section_head))
        });
        match head {
            Ok((kind, name)) => {
                let entries = self.entries_in(open);
                Entry::Section(Section {
                    kind,
                    name,
                    entries,
                    span,
                })
            }
            // Not a section either: most likely a misspelled ability keyword (`powr`).
            Err(_) if self.misspelled_start(piece, ENTRY_KEYWORDS) => {
                for open in blocks {
                    self.stmts_in(open);
                }
                Entry::Invalid(self.invalid(start, end))
            }
            Err(failure) => {
                self.report(failure, Rule::section_head_only, start, head_end);
                for open in blocks {
                    self.entries_in(open);
                }
                Entry::Invalid(self.invalid(start, end))
            }
        }
    }

    fn check_not_empty(&mut self, body: &Block) {
        if body.stmts.is_empty() {
            self.errors
                .push(SyntaxError::EmptyAbility { span: body.span });
        }
    }

    fn stmts_in(&mut self, open: usize) -> Block {
        let (from, to) = self.inside(open);
        let mut stmts = Vec::new();
        if self.depth < MAX_RECOVERY_DEPTH {
            self.depth += 1;
            stmts = self
                .split(from, to)
                .into_iter()
                .map(|piece| self.stmt_piece(piece))
                .collect();
            self.depth -= 1;
        }
        Block {
            stmts,
            span: self.block_span(open),
        }
    }

    fn stmt_piece(&mut self, piece: Piece) -> Stmt {
        let (start, end) = self.bytes(piece);
        let failure = match self.parse_with(Rule::stmt_only, start, end, |b, p| {
            b.stmt(child(p, Rule::stmt))
        }) {
            Ok(stmt) => return stmt,
            Err(failure) => failure,
        };
        let blocks = self.blocks(piece);
        let starters: Vec<&str> = diagnostic::statement_starters().collect();
        if self.misspelled_start(piece, &starters) {
            for open in blocks {
                self.stmts_in(open);
            }
            return Stmt::Invalid(self.invalid(start, end));
        }
        let Some(&open) = blocks.first() else {
            self.report(failure, Rule::stmt_only, start, end);
            return Stmt::Invalid(self.invalid(start, end));
        };
        let first = self.word(piece.0);
        if first == "if" {
            return self.if_chain(piece, &blocks);
        }
        self.check_trailing(piece, open);
        let head_end = self.scan.tokens[open].start;
        let span = Span::new(start, end);
        match first {
            "for" | "until" if self.word(piece.0 + 1) != "each" => {
                let head = self.parse_with(Rule::lasting_head_only, start, head_end, |b, p| {
                    b.duration(child(p, Rule::duration))
                });
                let body = self.stmts_in(open);
                match head {
                    Ok((opener, duration)) => Stmt::Lasting(Lasting {
                        opener,
                        duration,
                        body,
                        span,
                    }),
                    Err(failure) => {
                        self.report(failure, Rule::lasting_head_only, start, head_end);
                        Stmt::Invalid(self.invalid(start, end))
                    }
                }
            }
            "at" | "instead" | "whenever" => {
                let head = self.parse_with(Rule::reaction_head_only, start, head_end, |b, p| {
                    b.reaction_head(p)
                });
                let body = self.stmts_in(open);
                match head {
                    Ok((timing, condition)) => Stmt::Reaction(Reaction {
                        timing,
                        condition,
                        body,
                        span,
                    }),
                    Err(failure) => {
                        self.report(failure, Rule::reaction_head_only, start, head_end);
                        Stmt::Invalid(self.invalid(start, end))
                    }
                }
            }
            "for" => {
                let head = self.parse_with(Rule::for_head_only, start, head_end, |b, p| {
                    let var = b.word_in(p.clone()).expect("loop variable");
                    let over = b.expr_in(p).expect("loop range");
                    (var, over)
                });
                let body = self.stmts_in(open);
                match head {
                    Ok((var, over)) => Stmt::ForEach(ForEach {
                        var,
                        over,
                        body,
                        span,
                    }),
                    Err(failure) => {
                        self.report(failure, Rule::for_head_only, start, head_end);
                        Stmt::Invalid(self.invalid(start, end))
                    }
                }
            }
            "as" => {
                let head = self.parse_with(Rule::as_head_only, start, head_end, |b, p| {
                    b.expr_in(p).expect("acting player")
                });
                let body = self.stmts_in(open);
                match head {
                    Ok(player) => Stmt::As(ActAs { player, body, span }),
                    Err(failure) => {
                        self.report(failure, Rule::as_head_only, start, head_end);
                        Stmt::Invalid(self.invalid(start, end))
                    }
                }
            }
            "choose" => {
                let head = self.parse_with(Rule::choose_one_head_only, start, head_end, |_, _| ());
                let options = self.options_in(open);
                match head {
                    Ok(()) => Stmt::ChooseOne(ChooseOne { options, span }),
                    Err(failure) => {
                        self.report(failure, Rule::choose_one_head_only, start, head_end);
                        Stmt::Invalid(self.invalid(start, end))
                    }
                }
            }
            _ => {
                self.report(failure, Rule::stmt_only, start, end);
                for open in blocks {
                    self.stmts_in(open);
                }
                Stmt::Invalid(self.invalid(start, end))
            }
        }
    }

    /// `if a { } else if b { } else { }` rebuilt from its heads and blocks.
    fn if_chain(&mut self, piece: Piece, blocks: &[usize]) -> Stmt {
        let (start, end) = self.bytes(piece);
        let mut parts: Vec<(Option<Expr>, Block, usize)> = Vec::new();
        let mut ok = true;
        let mut head_start = start;
        for (k, &open) in blocks.iter().enumerate() {
            let head_end = self.scan.tokens[open].start;
            let rule = if k == 0 {
                Rule::if_head_only
            } else {
                Rule::else_head_only
            };
            let head = self.parse_with(rule, head_start, head_end, |b, p| b.expr_in(p));
            let body = self.stmts_in(open);
            match head {
                Ok(cond) if k == 0 && cond.is_none() => ok = false,
                Ok(cond) => parts.push((cond, body, head_start)),
                Err(failure) => {
                    ok = false;
                    self.report(failure, rule, head_start, head_end);
                }
            }
            let after = self.jump(open);
            head_start = if after < piece.1 {
                self.scan.tokens[after].start
            } else {
                end
            };
        }
        if let Some(&last) = blocks.last() {
            self.check_trailing(piece, last);
        }
        // A plain `else` must come last.
        if let Some(pos) = parts.iter().position(|p| p.0.is_none()) {
            if pos + 1 < parts.len() {
                let at = parts[pos + 1].2;
                self.errors.push(SyntaxError::Unexpected {
                    message: "nothing may follow a plain `else { ... }`".into(),
                    span: Span::new(at, (at + 4).min(end)),
                    label: "this branch can never run".into(),
                    help: Some(
                        "put the plain `else` last, or give this branch `else if` and a condition"
                            .into(),
                    ),
                });
                ok = false;
            }
        }
        if !ok || parts.is_empty() {
            return Stmt::Invalid(self.invalid(start, end));
        }
        let mut otherwise: Option<Else> = None;
        for (cond, block, head_start) in parts.into_iter().rev() {
            otherwise = Some(match cond {
                None => Else::Block(block),
                Some(cond) => Else::If(Box::new(If {
                    cond,
                    then: block,
                    otherwise: otherwise.take(),
                    span: Span::new(head_start, end),
                })),
            });
        }
        match otherwise {
            Some(Else::If(node)) => Stmt::If(*node),
            _ => Stmt::Invalid(self.invalid(start, end)),
        }
    }

    fn options_in(&mut self, open: usize) -> Vec<ChoiceOption> {
        let (from, to) = self.inside(open);
        let mut options = Vec::new();
        if self.depth >= MAX_RECOVERY_DEPTH {
            return options;
        }
        self.depth += 1;
        for piece in self.split(from, to) {
            let (start, end) = self.bytes(piece);
            let failure = match self.parse_with(Rule::option_only, start, end, |b, p| {
                b.option(child(p, Rule::option))
            }) {
                Ok(option) => {
                    options.push(option);
                    continue;
                }
                Err(failure) => failure,
            };
            let Some(&block) = self.blocks(piece).first() else {
                self.report(failure, Rule::option_only, start, end);
                continue;
            };
            self.check_trailing(piece, block);
            let head_end = self.scan.tokens[block].start;
            let head = self.parse_with(Rule::option_head_only, start, head_end, |b, p| {
                let mut prefer = None;
                if let Some(c) = p
                    .clone()
                    .into_inner()
                    .find(|c| c.as_rule() == Rule::prefer_clause)
                {
                    b.condition_clause(&mut prefer, c, "when bots prefer it (`prefer if ...`)");
                }
                (b.string(child(p, Rule::string)), prefer)
            });
            let body = self.stmts_in(block);
            match head {
                Ok((label, prefer)) => options.push(ChoiceOption {
                    label,
                    prefer,
                    body,
                    span: Span::new(start, end),
                }),
                Err(failure) => self.report(failure, Rule::option_head_only, start, head_end),
            }
        }
        self.depth -= 1;
        options
    }
}
