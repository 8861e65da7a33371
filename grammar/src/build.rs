//! Builds the typed tree from pest's pairs. Pieces of a broken file are parsed on their own, so
//! every span is shifted by the piece's offset. Problems pest cannot see (bad numbers and escapes,
//! empty abilities, repeated clauses, over-long expressions) are collected here.

use std::cell::{Cell, RefCell};
use std::sync::OnceLock;

use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};

use crate::ast::*;
use crate::diagnostic::SyntaxError;
use crate::grammar::Rule;

/// Deeper operator trees are cut (with an error) so no later recursion runs out of stack.
const MAX_EXPR_DEPTH: u32 = 64;

/// An ability header without its block (the recovering parser builds the two apart).
pub(crate) struct AbilityHead {
    pub kind: Word,
    pub name: Option<Str>,
    pub usage: Option<Usage>,
    pub roles: Option<Roles>,
    pub timing: Vec<Timing>,
    pub condition: Option<Expr>,
    pub limit: Option<Phrase>,
    pub prefer: Option<Expr>,
}

impl AbilityHead {
    /// The ability with its body.
    pub fn with_body(self, body: Block, span: Span) -> Ability {
        Ability {
            kind: self.kind,
            name: self.name,
            usage: self.usage,
            roles: self.roles,
            timing: self.timing,
            condition: self.condition,
            limit: self.limit,
            prefer: self.prefer,
            body,
            span,
        }
    }
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    // Lowest precedence first; keep in step with `BinaryOp::precedence`.
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::op_or, Assoc::Left))
            .op(Op::infix(Rule::op_and, Assoc::Left))
            .op(Op::prefix(Rule::op_not))
            .op(Op::infix(Rule::op_is, Assoc::Left)
                | Op::infix(Rule::op_is_not, Assoc::Left)
                | Op::infix(Rule::op_eq, Assoc::Left)
                | Op::infix(Rule::op_ne, Assoc::Left)
                | Op::infix(Rule::op_lt, Assoc::Left)
                | Op::infix(Rule::op_le, Assoc::Left)
                | Op::infix(Rule::op_gt, Assoc::Left)
                | Op::infix(Rule::op_ge, Assoc::Left))
            .op(Op::postfix(Rule::op_rounded_up) | Op::postfix(Rule::op_rounded_down))
            .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
            .op(Op::infix(Rule::op_mul, Assoc::Left) | Op::infix(Rule::op_div, Assoc::Left))
            .op(Op::prefix(Rule::op_neg) | Op::prefix(Rule::op_up_to))
    })
}

/// Turns pairs into tree nodes for one parsed piece.
pub(crate) struct Builder {
    base: usize,
    errors: RefCell<Vec<SyntaxError>>,
}

impl Builder {
    /// A builder for a piece of the source that starts at byte `base`.
    pub fn new(base: usize) -> Self {
        Builder {
            base,
            errors: RefCell::new(Vec::new()),
        }
    }

    /// The errors found while building.
    pub fn into_errors(self) -> Vec<SyntaxError> {
        self.errors.into_inner()
    }

    fn error(&self, error: SyntaxError) {
        self.errors.borrow_mut().push(error);
    }

    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span::new(s.start() + self.base, s.end() + self.base)
    }

    fn word(&self, pair: &Pair<Rule>) -> Word {
        Word {
            text: pair.as_str().to_string(),
            span: self.span(pair),
        }
    }

    /// The items of a whole file.
    pub fn file(&self, pair: Pair<Rule>) -> Vec<Item> {
        pair.into_inner()
            .filter(|p| p.as_rule() == Rule::item)
            .map(|p| Item::Decl(self.item(p)))
            .collect()
    }

    /// `kind "name" { ... }`.
    pub fn item(&self, pair: Pair<Rule>) -> Decl {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let (kind, name) = self.item_head(inner.next().expect("item head"));
        let entries = self.entry_block(inner.next().expect("item block"));
        Decl {
            kind,
            name,
            entries,
            span,
        }
    }

    /// The kind and name of an item.
    pub fn item_head(&self, pair: Pair<Rule>) -> (Word, Str) {
        let mut inner = pair.into_inner();
        let kind = self.word(&inner.next().expect("kind"));
        let name = self.string(inner.next().expect("name"));
        (kind, name)
    }

    fn entry_block(&self, pair: Pair<Rule>) -> Vec<Entry> {
        pair.into_inner()
            .filter(|p| p.as_rule() == Rule::entry)
            .map(|p| self.entry(p))
            .collect()
    }

    /// One entry.
    pub fn entry(&self, pair: Pair<Rule>) -> Entry {
        let inner = pair.into_inner().next().expect("entry body");
        match inner.as_rule() {
            Rule::let_stmt => Entry::Let(self.let_stmt(inner)),
            Rule::define => {
                let span = self.span(&inner);
                let mut parts = inner.into_inner();
                let name = self.define_head(parts.next().expect("define head"));
                let body = self.stmt_block(parts.next().expect("define body"));
                if body.stmts.is_empty() {
                    self.error(SyntaxError::EmptyAbility { span: body.span });
                }
                Entry::Define(Define { name, body, span })
            }
            Rule::ability => Entry::Ability(self.ability(inner)),
            Rule::section => {
                let span = self.span(&inner);
                let mut parts = inner.into_inner();
                let (kind, name) = self.section_head(parts.next().expect("section head"));
                let entries = self.entry_block(parts.next().expect("section block"));
                Entry::Section(Section {
                    kind,
                    name,
                    entries,
                    span,
                })
            }
            Rule::property => {
                let span = self.span(&inner);
                let mut parts = inner.into_inner();
                let key = self.word(&parts.next().expect("key"));
                let value = self.expr(parts.next().expect("value"));
                Entry::Property(Property { key, value, span })
            }
            other => unreachable!("entry holds {other:?}"),
        }
    }

    /// `define name`.
    pub fn define_head(&self, pair: Pair<Rule>) -> Name {
        let name = pair
            .into_inner()
            .find(|p| p.as_rule() == Rule::name)
            .expect("define name");
        self.name(name)
    }

    /// A section's keyword and optional name.
    pub fn section_head(&self, pair: Pair<Rule>) -> (Word, Option<Str>) {
        let mut inner = pair.into_inner();
        let kind = self.word(&inner.next().expect("section key"));
        let name = inner.next().map(|p| self.string(p));
        (kind, name)
    }

    fn ability(&self, pair: Pair<Rule>) -> Ability {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let head = self.ability_head(inner.next().expect("ability head"));
        let body = self.stmt_block(inner.next().expect("ability body"));
        self.check_not_empty(&body);
        head.with_body(body, span)
    }

    /// Reports an ability whose block holds no statement.
    pub fn check_not_empty(&self, body: &Block) {
        if body.stmts.is_empty() {
            self.error(SyntaxError::EmptyAbility { span: body.span });
        }
    }

    /// An ability's keyword, name and clauses; a clause given twice is reported.
    pub fn ability_head(&self, pair: Pair<Rule>) -> AbilityHead {
        let mut inner = pair.into_inner();
        let kind = self.word(&inner.next().expect("ability keyword"));
        let mut head = AbilityHead {
            kind,
            name: None,
            usage: None,
            roles: None,
            timing: Vec::new(),
            condition: None,
            limit: None,
            prefer: None,
        };
        for part in inner {
            let span = self.span(&part);
            match part.as_rule() {
                Rule::string => head.name = Some(self.string(part)),
                Rule::usage => {
                    let kind = match part.as_str() {
                        "mandatory" => UsageKind::Mandatory,
                        "optional" => UsageKind::Optional,
                        _ => UsageKind::Innate,
                    };
                    self.once(&head.usage.as_ref().map(|u| u.span), span, "how it is used");
                    head.usage.get_or_insert(Usage { kind, span });
                }
                Rule::roles => {
                    self.once(&head.roles.as_ref().map(|r| r.span), span, "who may use it");
                    let roles = self.roles(part);
                    head.roles.get_or_insert(roles);
                }
                Rule::at_clause => head.timing.push(self.at_clause(part)),
                Rule::during_clause => {
                    let phases = part
                        .into_inner()
                        .find(|p| p.as_rule() == Rule::phases)
                        .map(|p| self.phases(p))
                        .unwrap_or_default();
                    head.timing.push(Timing::During { phases, span });
                }
                Rule::whenever_clause => {
                    let event = self.phrase_in(part);
                    head.timing.push(Timing::Whenever { event, span });
                }
                Rule::instead_clause => {
                    let event = self.phrase_in(part);
                    head.timing.push(Timing::InsteadOf { event, span });
                }
                Rule::if_clause => {
                    self.condition_clause(&mut head.condition, part, "when it applies (`if ...`)")
                }
                Rule::prefer_clause => self.condition_clause(
                    &mut head.prefer,
                    part,
                    "when bots prefer it (`prefer if ...`)",
                ),
                Rule::once_clause => {
                    let first = head.limit.as_ref().map(|l| l.span);
                    self.once(&first, span, "how often it may be used");
                    let limit = self.phrase_in(part);
                    head.limit.get_or_insert(limit);
                }
                _ => {}
            }
        }
        head
    }

    // Fills a clause holding one condition (`if ...`, `prefer if ...`); a second one of the
    // same kind is reported and the first kept.
    pub(crate) fn condition_clause(&self, slot: &mut Option<Expr>, part: Pair<Rule>, what: &str) {
        let span = self.span(&part);
        let first = slot.as_ref().map(Expr::span);
        self.once(&first, span, what);
        let cond = part
            .into_inner()
            .find(|p| p.as_rule() == Rule::expr)
            .map(|p| self.expr(p));
        if slot.is_none() {
            *slot = cond;
        }
    }

    // Reports a clause whose kind was already given.
    fn once(&self, first: &Option<Span>, span: Span, what: &str) {
        if let Some(first) = first {
            self.error(SyntaxError::DuplicateClause {
                what: what.into(),
                span,
                first: *first,
            });
        }
    }

    fn roles(&self, pair: Pair<Rule>) -> Roles {
        let span = self.span(&pair);
        let roles = pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::role)
            .map(|role| {
                let span = self.span(&role);
                let mut negated = false;
                let mut words = Vec::new();
                for p in role.into_inner() {
                    match p.as_rule() {
                        Rule::kw_not => negated = true,
                        _ => words.push(self.word(&p)),
                    }
                }
                Role {
                    negated,
                    words,
                    span,
                }
            })
            .collect();
        Roles { roles, span }
    }

    fn phases(&self, pair: Pair<Rule>) -> Vec<Phrase> {
        pair.into_inner()
            .filter(|p| p.as_rule() == Rule::phase)
            .map(|p| Phrase {
                span: self.span(&p),
                words: p.into_inner().map(|w| self.word(&w)).collect(),
            })
            .collect()
    }

    fn window(&self, pair: Pair<Rule>) -> Window {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let relation = match inner.next().map(|p| p.as_str().to_string()).as_deref() {
            Some("after") => WindowRelation::After,
            Some("before") => WindowRelation::Before,
            _ => WindowRelation::When,
        };
        let phrase = inner.next().map(|p| self.phrase(p)).unwrap_or(Phrase {
            words: Vec::new(),
            span,
        });
        Window {
            relation,
            phrase,
            span,
        }
    }

    fn phrase_in(&self, pair: Pair<Rule>) -> Phrase {
        let span = self.span(&pair);
        pair.into_inner()
            .find(|p| p.as_rule() == Rule::phrase)
            .map(|p| self.phrase(p))
            .unwrap_or(Phrase {
                words: Vec::new(),
                span,
            })
    }

    fn phrase(&self, pair: Pair<Rule>) -> Phrase {
        let span = self.span(&pair);
        let words = pair
            .into_inner()
            .map(|w| {
                // Curly apostrophes are stored as straight ones so both spellings compare equal.
                let text = w.as_str().replace('\u{2019}', "'");
                Word {
                    text,
                    span: self.span(&w),
                }
            })
            .collect();
        Phrase { words, span }
    }

    fn name(&self, pair: Pair<Rule>) -> Name {
        Name {
            span: self.span(&pair),
            words: pair.into_inner().map(|w| self.word(&w)).collect(),
        }
    }

    /// `{ statements }`.
    pub fn stmt_block(&self, pair: Pair<Rule>) -> Block {
        Block {
            span: self.span(&pair),
            stmts: pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::stmt)
                .map(|p| self.stmt(p))
                .collect(),
        }
    }

    /// One statement.
    /// `at reveal after encounter cards are revealed`.
    fn at_clause(&self, pair: Pair<Rule>) -> Timing {
        let span = self.span(&pair);
        let mut phases = Vec::new();
        let mut window = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::phases => phases = self.phases(p),
                Rule::window => window = Some(self.window(p)),
                _ => {}
            }
        }
        Timing::At {
            phases,
            window,
            span,
        }
    }

    /// A reaction's window and condition, from its statement or its head alone.
    pub fn reaction_head(&self, pair: Pair<Rule>) -> (Timing, Option<Expr>) {
        let mut timing = None;
        let mut condition = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::at_clause => timing = Some(self.at_clause(p)),
                Rule::instead_clause => {
                    let span = self.span(&p);
                    let event = self.phrase_in(p);
                    timing = Some(Timing::InsteadOf { event, span });
                }
                Rule::whenever_clause => {
                    let span = self.span(&p);
                    let event = self.phrase_in(p);
                    timing = Some(Timing::Whenever { event, span });
                }
                Rule::if_clause => {
                    condition = (p.into_inner())
                        .find(|x| x.as_rule() == Rule::expr)
                        .map(|x| self.expr(x))
                }
                _ => {}
            }
        }
        (timing.expect("reaction window"), condition)
    }

    pub fn stmt(&self, pair: Pair<Rule>) -> Stmt {
        let inner = pair.into_inner().next().expect("statement body");
        let span = self.span(&inner);
        match inner.as_rule() {
            Rule::if_stmt => Stmt::If(self.if_stmt(inner)),
            Rule::for_stmt => {
                let mut var = None;
                let mut over = None;
                let mut body = None;
                for p in inner.into_inner() {
                    match p.as_rule() {
                        Rule::word => var = Some(self.word(&p)),
                        Rule::expr => over = Some(self.expr(p)),
                        Rule::stmt_block => body = Some(self.stmt_block(p)),
                        _ => {}
                    }
                }
                Stmt::ForEach(ForEach {
                    var: var.expect("loop variable"),
                    over: over.expect("loop range"),
                    body: body.expect("loop body"),
                    span,
                })
            }
            Rule::let_stmt => Stmt::Let(self.let_stmt(inner)),
            Rule::choose_stmt => {
                let mut what = None;
                let mut from = None;
                let mut to = None;
                let mut binding = None;
                for p in inner.into_inner() {
                    match p.as_rule() {
                        Rule::expr => what = Some(self.expr(p)),
                        Rule::choose_from => {
                            let mut exprs = p.into_inner().filter(|e| e.as_rule() == Rule::expr);
                            from = exprs.next().map(|e| self.expr(e));
                            to = exprs.next().map(|e| self.expr(e));
                        }
                        Rule::choose_as => {
                            binding = p
                                .into_inner()
                                .find(|n| n.as_rule() == Rule::name)
                                .map(|n| self.name(n));
                        }
                        _ => {}
                    }
                }
                Stmt::Choose(Choose {
                    what: what.expect("chosen thing"),
                    from,
                    to,
                    binding,
                    span,
                })
            }
            Rule::choose_one => {
                let options = inner
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::option_block)
                    .map(|block| {
                        block
                            .into_inner()
                            .filter(|p| p.as_rule() == Rule::option)
                            .map(|p| self.option(p))
                            .collect()
                    })
                    .unwrap_or_default();
                Stmt::ChooseOne(ChooseOne { options, span })
            }
            Rule::as_stmt => {
                let mut player = None;
                let mut body = None;
                for p in inner.into_inner() {
                    match p.as_rule() {
                        Rule::expr => player = Some(self.expr(p)),
                        Rule::stmt_block => body = Some(self.stmt_block(p)),
                        _ => {}
                    }
                }
                Stmt::As(ActAs {
                    player: player.expect("acting player"),
                    body: body.expect("as body"),
                    span,
                })
            }
            Rule::lasting_stmt => {
                let mut head = None;
                let mut body = None;
                for p in inner.into_inner() {
                    match p.as_rule() {
                        Rule::duration => head = Some(self.duration(p)),
                        Rule::stmt_block => body = Some(self.stmt_block(p)),
                        _ => {}
                    }
                }
                let (opener, duration) = head.expect("duration");
                Stmt::Lasting(Lasting {
                    opener,
                    duration,
                    body: body.expect("lasting body"),
                    span,
                })
            }
            Rule::reaction_stmt => {
                let body = (inner.clone().into_inner())
                    .find(|p| p.as_rule() == Rule::stmt_block)
                    .map(|p| self.stmt_block(p))
                    .expect("reaction body");
                let (timing, condition) = self.reaction_head(inner);
                Stmt::Reaction(Reaction {
                    timing,
                    condition,
                    body,
                    span,
                })
            }
            Rule::do_stmt => {
                let name = inner
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::name)
                    .map(|p| self.name(p))
                    .expect("do name");
                Stmt::Do(Do { name, span })
            }
            Rule::action => {
                let mut verb = None;
                let mut object = None;
                let mut args = Vec::new();
                for p in inner.into_inner() {
                    match p.as_rule() {
                        Rule::verb => {
                            // `look   at` is stored as `look at`.
                            let text = p.as_str().split_whitespace().collect::<Vec<_>>().join(" ");
                            verb = Some(Word {
                                text,
                                span: self.span(&p),
                            });
                        }
                        Rule::expr => object = Some(self.expr(p)),
                        Rule::arg => args.push(self.arg(p)),
                        _ => {}
                    }
                }
                Stmt::Action(Action {
                    verb: verb.expect("verb"),
                    object,
                    args,
                    span,
                })
            }
            other => unreachable!("statement holds {other:?}"),
        }
    }

    fn arg(&self, pair: Pair<Rule>) -> Arg {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let prep = self.word(&inner.next().expect("preposition"));
        let value = self.expr(inner.next().expect("argument value"));
        Arg { prep, value, span }
    }

    /// One option of `choose one`.
    pub fn option(&self, pair: Pair<Rule>) -> ChoiceOption {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let label = self.string(inner.next().expect("option label"));
        let mut next = inner.next().expect("option body");
        let mut prefer = None;
        if next.as_rule() == Rule::prefer_clause {
            self.condition_clause(&mut prefer, next, "when bots prefer it (`prefer if ...`)");
            next = inner.next().expect("option body");
        }
        let body = self.stmt_block(next);
        ChoiceOption {
            label,
            prefer,
            body,
            span,
        }
    }

    fn if_stmt(&self, pair: Pair<Rule>) -> If {
        let span = self.span(&pair);
        let mut cond = None;
        let mut then = None;
        let mut otherwise = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::expr => cond = Some(self.expr(p)),
                Rule::stmt_block => then = Some(self.stmt_block(p)),
                Rule::else_clause => {
                    otherwise = p.into_inner().find_map(|e| match e.as_rule() {
                        Rule::if_stmt => Some(Else::If(Box::new(self.if_stmt(e)))),
                        Rule::stmt_block => Some(Else::Block(self.stmt_block(e))),
                        _ => None,
                    });
                }
                _ => {}
            }
        }
        If {
            cond: cond.expect("if condition"),
            then: then.expect("if block"),
            otherwise,
            span,
        }
    }

    /// `let name = value`.
    pub fn let_stmt(&self, pair: Pair<Rule>) -> Let {
        let span = self.span(&pair);
        let mut name = None;
        let mut value = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::name => name = Some(self.name(p)),
                Rule::expr => value = Some(self.expr(p)),
                _ => {}
            }
        }
        Let {
            name: name.expect("let name"),
            value: value.expect("let value"),
            span,
        }
    }

    /// The first `expr` inside `pair` (for the recovering parser's heads).
    pub fn expr_in(&self, pair: Pair<Rule>) -> Option<Expr> {
        pair.into_inner()
            .find(|p| p.as_rule() == Rule::expr)
            .map(|p| self.expr(p))
    }

    /// The first `word` inside `pair`.
    /// A lasting effect's duration: its opening `for` or `until`, and the rest.
    pub fn duration(&self, pair: Pair<Rule>) -> (Word, Phrase) {
        let mut parts = pair.into_inner();
        let opener = parts.next().expect("`for` or `until`");
        let opener = self.word(&opener);
        let rest = parts.next().expect("duration words");
        (opener, self.phrase(rest))
    }

    pub fn word_in(&self, pair: Pair<Rule>) -> Option<Word> {
        pair.into_inner()
            .find(|p| p.as_rule() == Rule::word)
            .map(|p| self.word(&p))
    }

    /// A string literal with its escapes resolved (unknown ones are reported).
    pub fn string(&self, pair: Pair<Rule>) -> Str {
        let span = self.span(&pair);
        let inner = pair.into_inner().next();
        let raw = inner.as_ref().map_or("", |p| p.as_str());
        let inner_start = inner.as_ref().map_or(span.start, |p| self.span(p).start);
        let mut value = String::with_capacity(raw.len());
        let mut chars = raw.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                value.push(c);
                continue;
            }
            match chars.next() {
                Some((_, '"')) => value.push('"'),
                Some((_, '\\')) => value.push('\\'),
                Some((_, 'n')) => value.push('\n'),
                Some((_, 't')) => value.push('\t'),
                Some((j, other)) => {
                    let end = j + other.len_utf8();
                    self.error(SyntaxError::BadEscape {
                        text: raw[i..end].to_string(),
                        span: Span::new(inner_start + i, inner_start + end),
                    });
                    value.push(other);
                }
                None => {}
            }
        }
        Str { value, span }
    }

    fn number(&self, pair: &Pair<Rule>) -> Expr {
        let span = self.span(pair);
        let text = pair.as_str();
        let bad = |reason: &str, help: &str| {
            self.error(SyntaxError::BadNumber {
                text: text.to_string(),
                span,
                reason: reason.into(),
                help: help.into(),
            });
            Expr::Int { value: 0, span }
        };
        if text.contains('.') {
            return bad(
                "not a whole number",
                "the rules count in whole numbers; use `rounded up` or `rounded down` after a division",
            );
        }
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return bad(
                "letters are glued to the number",
                "put a space between the number and the word (`3 cards`); `x` is never multiplication, write `*`",
            );
        }
        match text.parse::<i64>() {
            Ok(value) if value <= 1_000_000_000 => Expr::Int { value, span },
            _ => bad("too large", "numbers may be at most 1000000000"),
        }
    }

    /// An expression, through the Pratt parser.
    pub fn expr(&self, pair: Pair<Rule>) -> Expr {
        let reported = Cell::new(false);
        let (expr, _) = pratt()
            .map_primary(|p| (self.primary(p), 1))
            .map_prefix(|op, (rhs, depth)| {
                let span = self.span(&op).to(rhs.span());
                let op = match op.as_rule() {
                    Rule::op_not => UnaryOp::Not,
                    Rule::op_up_to => UnaryOp::UpTo,
                    _ => UnaryOp::Neg,
                };
                self.deepen(
                    Expr::Unary {
                        op,
                        operand: Box::new(rhs),
                        span,
                    },
                    depth,
                    &reported,
                )
            })
            .map_postfix(|(lhs, depth), op| {
                let span = lhs.span().to(self.span(&op));
                let op = match op.as_rule() {
                    Rule::op_rounded_up => UnaryOp::RoundedUp,
                    _ => UnaryOp::RoundedDown,
                };
                self.deepen(
                    Expr::Unary {
                        op,
                        operand: Box::new(lhs),
                        span,
                    },
                    depth,
                    &reported,
                )
            })
            .map_infix(|(lhs, ld), op, (rhs, rd)| {
                let span = lhs.span().to(rhs.span());
                let op = match op.as_rule() {
                    Rule::op_or => BinaryOp::Or,
                    Rule::op_and => BinaryOp::And,
                    Rule::op_is => BinaryOp::Is,
                    Rule::op_is_not => BinaryOp::IsNot,
                    Rule::op_eq => BinaryOp::Eq,
                    Rule::op_ne => BinaryOp::Ne,
                    Rule::op_lt => BinaryOp::Lt,
                    Rule::op_le => BinaryOp::Le,
                    Rule::op_gt => BinaryOp::Gt,
                    Rule::op_ge => BinaryOp::Ge,
                    Rule::op_add => BinaryOp::Add,
                    Rule::op_sub => BinaryOp::Sub,
                    Rule::op_mul => BinaryOp::Mul,
                    _ => BinaryOp::Div,
                };
                if ld.max(rd) >= MAX_EXPR_DEPTH {
                    if !reported.replace(true) {
                        self.error(SyntaxError::TooComplex { span });
                    }
                    // Keep the deeper side only, so the tree never grows past the limit.
                    return if ld >= rd { (lhs, ld) } else { (rhs, rd) };
                }
                (
                    Expr::Binary {
                        op,
                        lhs: Box::new(lhs),
                        rhs: Box::new(rhs),
                        span,
                    },
                    ld.max(rd) + 1,
                )
            })
            // Parentheses and line breaks inside them leave pairs that are not operands.
            .parse(
                pair.into_inner()
                    .filter(|p| !matches!(p.as_rule(), Rule::lparen | Rule::rparen | Rule::eol)),
            );
        expr
    }

    // Wraps a unary node unless the tree is already at the depth limit.
    fn deepen(&self, node: Expr, depth: u32, reported: &Cell<bool>) -> (Expr, u32) {
        if depth < MAX_EXPR_DEPTH {
            return (node, depth + 1);
        }
        if !reported.replace(true) {
            self.error(SyntaxError::TooComplex { span: node.span() });
        }
        match node {
            Expr::Unary { operand, .. } => (*operand, depth),
            other => (other, depth),
        }
    }

    fn primary(&self, pair: Pair<Rule>) -> Expr {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::expr => self.expr(pair),
            Rule::number => self.number(&pair),
            Rule::string => Expr::Str(self.string(pair)),
            Rule::path => Expr::Path(self.path(pair)),
            Rule::valued => {
                let mut inner = pair.into_inner();
                let words = inner.next().expect("a valued reference's words");
                let at = self.span(&words);
                let reference = Path {
                    segments: vec![Segment {
                        span: at,
                        words: words.into_inner().map(|w| self.word(&w)).collect(),
                        link: None,
                    }],
                    span: at,
                };
                let value = inner
                    .find(|p| matches!(p.as_rule(), Rule::number | Rule::expr))
                    .expect("a valued reference's value");
                let value = match value.as_rule() {
                    Rule::number => self.number(&value),
                    _ => self.expr(value),
                };
                Expr::Valued {
                    reference,
                    value: Box::new(value),
                    span,
                }
            }
            Rule::list => Expr::List {
                items: self.list_items(pair),
                span,
            },
            Rule::all_of | Rule::any_of => {
                let is_all = pair.as_rule() == Rule::all_of;
                let items = pair
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::list)
                    .map(|l| self.list_items(l))
                    .unwrap_or_default();
                if is_all {
                    Expr::All { items, span }
                } else {
                    Expr::Any { items, span }
                }
            }
            Rule::count => {
                let mut count = None;
                let mut of = false;
                let mut noun = None;
                for p in pair.into_inner() {
                    match p.as_rule() {
                        Rule::number => count = Some(self.number(&p)),
                        Rule::expr => count = Some(self.expr(p)),
                        Rule::count_noun => {
                            for q in p.into_inner() {
                                match q.as_rule() {
                                    Rule::kw_of => of = true,
                                    Rule::path => noun = Some(self.path(q)),
                                    _ => {}
                                }
                            }
                        }
                        _ => {}
                    }
                }
                let count = count.expect("counted number");
                match noun {
                    // A bare number or parenthesised expression counts nothing.
                    None => count,
                    Some(noun) => Expr::Count {
                        count: Box::new(count),
                        of,
                        noun,
                        span,
                    },
                }
            }
            other => unreachable!("primary holds {other:?}"),
        }
    }

    fn list_items(&self, pair: Pair<Rule>) -> Vec<Expr> {
        pair.into_inner()
            .filter(|p| p.as_rule() == Rule::expr)
            .map(|p| self.expr(p))
            .collect()
    }

    fn path(&self, pair: Pair<Rule>) -> Path {
        let span = self.span(&pair);
        let mut segments: Vec<Segment> = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::segment => segments.push(Segment {
                    span: self.span(&p),
                    words: p.into_inner().map(|w| self.word(&w)).collect(),
                    link: None,
                }),
                Rule::link => {
                    let text = p.as_str();
                    let link = match text {
                        "of" => Link::Of,
                        "in" => Link::In,
                        "on" => Link::On,
                        "at" => Link::At,
                        "'s" | "\u{2019}s" => Link::Possessive,
                        _ => Link::PluralPossessive,
                    };
                    if let Some(last) = segments.last_mut() {
                        last.link = Some(link);
                    }
                }
                _ => {}
            }
        }
        Path { segments, span }
    }
}
