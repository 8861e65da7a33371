//! The typed syntax tree of the effect language. Every node carries the byte span of the source
//! it came from, so later stages (name resolution, type checks, lints) can point at it.
//!
//! The tree is deliberately small: references, windows and events are paths or phrases of words
//! that the interpreter resolves; the parser knows no game vocabulary.

use serde::{Deserialize, Serialize};

/// A byte range `start..end` in the source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The span moved `by` bytes to the right (pieces of a file are parsed on their own).
    pub fn shifted(self, by: usize) -> Self {
        Span::new(self.start + by, self.end + by)
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Self {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Whether `other` lies within this span.
    pub fn contains(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// Length in bytes.
    pub fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        miette::SourceSpan::new(span.start.into(), span.len())
    }
}

/// A whole source file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct File {
    /// The items, in source order.
    pub items: Vec<Item>,
    /// Every `#` comment of the file, in source order (the formatter re-attaches them).
    pub comments: Vec<Comment>,
    /// The whole file.
    pub span: Span,
}

/// A `#` comment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comment {
    /// The text after `#`, without the line break.
    pub text: String,
    /// Whether only whitespace precedes it on its line (otherwise it trails code).
    pub own_line: bool,
    /// From `#` to the end of the line.
    pub span: Span,
}

/// A top-level item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Item {
    /// `alien "Name" { ... }`.
    Decl(Decl),
    /// Source that did not parse; its errors are in `Parsed::errors`.
    Invalid(Invalid),
}

/// A game component: a kind keyword, a name and a block of entries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decl {
    /// `alien`, `artifact`, `tech`, `hazard`, `moon`, `station`, `reward`, `envoy`, ...
    pub kind: Word,
    /// The component's name.
    pub name: Str,
    /// Its properties, abilities, sections and definitions.
    pub entries: Vec<Entry>,
    /// The whole item.
    pub span: Span,
}

/// Source kept verbatim because it did not parse.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Invalid {
    /// The text as written.
    pub text: String,
    /// Where it was.
    pub span: Span,
}

/// One entry of an item or a section.
// Entries are built once and read many times; boxing the large variants would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Entry {
    /// `alert red`.
    Property(Property),
    /// `power "Multiply" mandatory, ... { ... }`.
    Ability(Ability),
    /// `flare { ... }`.
    Section(Section),
    /// `let name = value`, shared by the item's abilities.
    Let(Let),
    /// `define name { ... }`, run with `do name`.
    Define(Define),
    /// An entry that did not parse.
    Invalid(Invalid),
}

/// `key value`: metadata such as `summary "..."`, `alert red`, `count 2`, `research 9`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Property {
    /// The property's name.
    pub key: Word,
    /// Its value.
    pub value: Expr,
    /// The whole line.
    pub span: Span,
}

/// A named group of entries, such as a flare with its `wild` and `super` halves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Section {
    /// `flare`, or any other section keyword.
    pub kind: Word,
    /// An optional name.
    pub name: Option<Str>,
    /// The entries inside.
    pub entries: Vec<Entry>,
    /// The whole section.
    pub span: Span,
}

/// `define name { ... }`: statements reused by several abilities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Define {
    /// The definition's name.
    pub name: Name,
    /// What it does.
    pub body: Block,
    /// The whole definition.
    pub span: Span,
}

/// An ability: who may use it, when, how, under what condition, and what it does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    /// `power`, `wild`, `super` or `effect`: where the ability lives.
    pub kind: Word,
    /// An optional name.
    pub name: Option<Str>,
    /// `mandatory`, `optional` or `innate`.
    pub usage: Option<Usage>,
    /// `as main player or ally`.
    pub roles: Option<Roles>,
    /// `at ...`, `whenever ...`, `instead of ...`, `during ...`, in source order.
    pub timing: Vec<Timing>,
    /// `if ...`.
    pub condition: Option<Expr>,
    /// `once per ...`.
    pub limit: Option<Phrase>,
    /// `prefer if ...`: when a bot should use it (a hint for bots, not a rule).
    pub prefer: Option<Expr>,
    /// The effects.
    pub body: Block,
    /// The whole ability.
    pub span: Span,
}

/// How an ability is used.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Usage {
    /// Which usage.
    pub kind: UsageKind,
    /// The keyword.
    pub span: Span,
}

/// The three ways an ability is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum UsageKind {
    /// It must be used when it can; using it is a use that can be zapped.
    Mandatory,
    /// Its controller is asked; using it is a use that can be zapped.
    Optional,
    /// Always-on text: never "used", so never zapped.
    Innate,
}

impl UsageKind {
    /// The keyword as written.
    pub fn keyword(self) -> &'static str {
        match self {
            UsageKind::Mandatory => "mandatory",
            UsageKind::Optional => "optional",
            UsageKind::Innate => "innate",
        }
    }
}

/// `as main player or ally`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Roles {
    /// The alternatives.
    pub roles: Vec<Role>,
    /// The whole clause.
    pub span: Span,
}

/// One role, possibly negated (`not main player`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Role {
    /// Whether `not` precedes it.
    pub negated: bool,
    /// Its words (`offensive ally`).
    pub words: Vec<Word>,
    /// The role.
    pub span: Span,
}

/// When an ability acts; its form (triggered, replacement, continuous) follows from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Timing {
    /// `at reveal when totals are computed`: triggered at a window.
    At {
        /// The phases (`launch or alliance`).
        phases: Vec<Phrase>,
        /// A finer window inside them.
        window: Option<Window>,
        /// The clause.
        span: Span,
    },
    /// `whenever a card is drawn`: triggered by an event.
    Whenever {
        /// The event.
        event: Phrase,
        /// The clause.
        span: Span,
    },
    /// `instead of my ships going to the warp`: replaces an event.
    InsteadOf {
        /// The replaced event.
        event: Phrase,
        /// The clause.
        span: Span,
    },
    /// `during launch or alliance`: continuous while in these phases.
    During {
        /// The phases.
        phases: Vec<Phrase>,
        /// The clause.
        span: Span,
    },
}

impl Timing {
    /// The clause's span.
    pub fn span(&self) -> Span {
        match self {
            Timing::At { span, .. }
            | Timing::Whenever { span, .. }
            | Timing::InsteadOf { span, .. }
            | Timing::During { span, .. } => *span,
        }
    }
}

/// `after alliances are formed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Window {
    /// `after`, `before` or `when`.
    pub relation: WindowRelation,
    /// What happens at that point.
    pub phrase: Phrase,
    /// The window.
    pub span: Span,
}

/// How a window relates to the point it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowRelation {
    /// `after ...`.
    After,
    /// `before ...`.
    Before,
    /// `when ...`.
    When,
}

impl WindowRelation {
    /// The keyword as written.
    pub fn keyword(self) -> &'static str {
        match self {
            WindowRelation::After => "after",
            WindowRelation::Before => "before",
            WindowRelation::When => "when",
        }
    }
}

/// Free words naming a phase, a window or an event (`totals are computed`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Phrase {
    /// The words; a possessive stays glued to its word (`player's`).
    pub words: Vec<Word>,
    /// The phrase.
    pub span: Span,
}

/// A `{ ... }` block of statements.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Block {
    /// The statements in order.
    pub stmts: Vec<Stmt>,
    /// From `{` to `}`.
    pub span: Span,
}

/// One statement of an ability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Stmt {
    /// `move them to my colonies`.
    Action(Action),
    /// `if ... { } else { }`.
    If(If),
    /// `for each x in xs { }`.
    ForEach(ForEach),
    /// `let name = value`.
    Let(Let),
    /// `choose a player as target`.
    Choose(Choose),
    /// `choose one { "a" { } "b" { } }`.
    ChooseOne(ChooseOne),
    /// `as opponent { }`.
    As(ActAs),
    /// `for the rest of the encounter { }`.
    Lasting(Lasting),
    /// `at resolution after the encounter is resolved { }` inside a lasting effect.
    Reaction(Reaction),
    /// `do name`.
    Do(Do),
    /// A statement that did not parse.
    Invalid(Invalid),
}

impl Stmt {
    /// Where the statement is written.
    pub fn span(&self) -> Span {
        match self {
            Stmt::Action(x) => x.span,
            Stmt::If(x) => x.span,
            Stmt::ForEach(x) => x.span,
            Stmt::Let(x) => x.span,
            Stmt::Choose(x) => x.span,
            Stmt::ChooseOne(x) => x.span,
            Stmt::As(x) => x.span,
            Stmt::Lasting(x) => x.span,
            Stmt::Reaction(x) => x.span,
            Stmt::Do(x) => x.span,
            Stmt::Invalid(x) => x.span,
        }
    }
}

/// A verb with an optional object and prepositional arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// `move`, `draw`, `set`, `look at`, ...
    pub verb: Word,
    /// What the verb acts on.
    pub object: Option<Expr>,
    /// `to ...`, `from ...`, `by ...`, ...
    pub args: Vec<Arg>,
    /// The statement.
    pub span: Span,
}

/// A prepositional argument of an action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Arg {
    /// `to`, `from`, `with`, `by`, `into`, `as`, `for` or `until`.
    pub prep: Word,
    /// Its value.
    pub value: Expr,
    /// The argument.
    pub span: Span,
}

/// `if cond { ... } else ...`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct If {
    /// The condition.
    pub cond: Expr,
    /// Done when it holds.
    pub then: Block,
    /// Done otherwise.
    pub otherwise: Option<Else>,
    /// The whole statement.
    pub span: Span,
}

/// The `else` part of an `if`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Else {
    /// `else if ...`.
    If(Box<If>),
    /// `else { ... }`.
    Block(Block),
}

/// `for each ship in my ships in the warp { ... }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ForEach {
    /// The loop variable.
    pub var: Word,
    /// What it ranges over.
    pub over: Expr,
    /// Done for each.
    pub body: Block,
    /// The whole statement.
    pub span: Span,
}

/// `let name = value`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Let {
    /// The bound name.
    pub name: Name,
    /// Its value.
    pub value: Expr,
    /// The whole statement.
    pub span: Span,
}

/// `choose WHAT [from X [to Y]] [as NAME]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choose {
    /// What is chosen (`a player`, `up to 4 of my ships`, `a number`).
    pub what: Expr,
    /// The options, or the low end of a number range.
    pub from: Option<Expr>,
    /// The high end of a number range.
    pub to: Option<Expr>,
    /// The name the choice is bound to.
    pub binding: Option<Name>,
    /// The whole statement.
    pub span: Span,
}

/// `choose one { "label" { ... } ... }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChooseOne {
    /// The options.
    pub options: Vec<ChoiceOption>,
    /// The whole statement.
    pub span: Span,
}

/// One option of `choose one`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoiceOption {
    /// What the chooser sees.
    pub label: Str,
    /// When bots should pick it (`prefer if ...`): a hint, not a rule.
    #[serde(default)]
    pub prefer: Option<Expr>,
    /// What it does.
    pub body: Block,
    /// The option.
    pub span: Span,
}

/// `as opponent { ... }`: the statements are done by another player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActAs {
    /// Who acts.
    pub player: Expr,
    /// What they do.
    pub body: Block,
    /// The whole statement.
    pub span: Span,
}

/// `for the rest of the encounter { ... }`: an effect that lasts for a stated duration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lasting {
    /// `for` or `until`, the word that opens the duration.
    pub opener: Word,
    /// The rest of the duration (`the rest of the encounter`).
    pub duration: Phrase,
    /// What holds meanwhile.
    pub body: Block,
    /// The whole statement.
    pub span: Span,
}

/// `at resolution after the encounter is resolved, if ... { ... }`: inside a lasting effect,
/// what its owner does each time the window comes while the effect lasts (or `instead of`
/// an event, or `whenever` one happens).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reaction {
    /// The window, replaced event or event (`Timing::At`, `InsteadOf` or `Whenever`).
    pub timing: Timing,
    /// Only if this holds then.
    pub condition: Option<Expr>,
    /// What is done.
    pub body: Block,
    /// The whole statement.
    pub span: Span,
}

/// `do name`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Do {
    /// The definition run.
    pub name: Name,
    /// The statement.
    pub span: Span,
}

/// A multi-word name (`lost ships`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Name {
    /// Its words.
    pub words: Vec<Word>,
    /// The name.
    pub span: Span,
}

/// One word as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Word {
    /// The text.
    pub text: String,
    /// Where.
    pub span: Span,
}

/// A string literal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Str {
    /// The value, escapes resolved.
    pub value: String,
    /// With its quotes.
    pub span: Span,
}

/// An expression.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    /// A whole number.
    Int {
        /// Its value.
        value: i64,
        /// Where.
        span: Span,
    },
    /// A string.
    Str(Str),
    /// A reference (`my encounter card's value`).
    Path(Path),
    /// A reference with a value after it (`an attack 12`, `an attack (claim value)`).
    Valued {
        /// The reference.
        reference: Path,
        /// The value written after it.
        value: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `[a, b]`.
    List {
        /// The elements.
        items: Vec<Expr>,
        /// With its brackets.
        span: Span,
    },
    /// `all [a, b]`: every condition holds.
    All {
        /// The conditions.
        items: Vec<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `any [a, b]`: at least one holds.
    Any {
        /// The conditions.
        items: Vec<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// `3 cards` or `3 of my ships`.
    Count {
        /// How many.
        count: Box<Expr>,
        /// Whether `of` was written.
        of: bool,
        /// Of what.
        noun: Path,
        /// The whole expression.
        span: Span,
    },
    /// A prefix operator.
    Unary {
        /// Which.
        op: UnaryOp,
        /// Its operand.
        operand: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
    /// A binary operator.
    Binary {
        /// Which.
        op: BinaryOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
        /// The whole expression.
        span: Span,
    },
}

impl Expr {
    /// The expression's span.
    pub fn span(&self) -> Span {
        match self {
            Expr::Int { span, .. }
            | Expr::List { span, .. }
            | Expr::All { span, .. }
            | Expr::Any { span, .. }
            | Expr::Count { span, .. }
            | Expr::Valued { span, .. }
            | Expr::Unary { span, .. }
            | Expr::Binary { span, .. } => *span,
            Expr::Str(s) => s.span,
            Expr::Path(p) => p.span,
        }
    }
}

/// Prefix and postfix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnaryOp {
    /// `not x`.
    Not,
    /// `-x`.
    Neg,
    /// `up to x`.
    UpTo,
    /// `x rounded up`.
    RoundedUp,
    /// `x rounded down`.
    RoundedDown,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOp {
    /// `or`.
    Or,
    /// `and`.
    And,
    /// `is`.
    Is,
    /// `is not`.
    IsNot,
    /// `=`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
}

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Is => "is",
            BinaryOp::IsNot => "is not",
            BinaryOp::Eq => "=",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
        }
    }

    /// Binding strength; higher binds tighter (matches the parser's Pratt table).
    pub fn precedence(self) -> u8 {
        match self {
            BinaryOp::Or => 1,
            BinaryOp::And => 2,
            BinaryOp::Is
            | BinaryOp::IsNot
            | BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge => 4,
            BinaryOp::Add | BinaryOp::Sub => 6,
            BinaryOp::Mul | BinaryOp::Div => 7,
        }
    }
}

impl UnaryOp {
    /// Binding strength of the operator (see [`BinaryOp::precedence`]).
    pub fn precedence(self) -> u8 {
        match self {
            UnaryOp::Not => 3,
            UnaryOp::RoundedUp | UnaryOp::RoundedDown => 5,
            UnaryOp::Neg | UnaryOp::UpTo => 8,
        }
    }

    /// Whether the operator follows its operand.
    pub fn is_postfix(self) -> bool {
        matches!(self, UnaryOp::RoundedUp | UnaryOp::RoundedDown)
    }

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            UnaryOp::Not => "not",
            UnaryOp::Neg => "-",
            UnaryOp::UpTo => "up to",
            UnaryOp::RoundedUp => "rounded up",
            UnaryOp::RoundedDown => "rounded down",
        }
    }
}

/// A reference: segments of words joined by links.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Path {
    /// The segments; each but the last has a `link` to the next.
    pub segments: Vec<Segment>,
    /// The whole path.
    pub span: Span,
}

impl Path {
    /// The path made of the segments in `range` (the last one linking to nothing), spanning
    /// just their words: `site` out of `my ships on site`, `my ships` out of the same.
    pub fn part(&self, range: std::ops::Range<usize>) -> Path {
        let mut segments = self.segments[range].to_vec();
        if let Some(last) = segments.last_mut() {
            last.link = None;
        }
        let span = match (segments.first(), segments.last()) {
            (Some(first), Some(last)) => Span {
                start: first.span.start,
                end: last.span.end,
            },
            _ => self.span,
        };
        Path { segments, span }
    }
}

/// Consecutive words of a path and what joins them to the next segment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// The words.
    pub words: Vec<Word>,
    /// The link to the next segment; `None` on the last one.
    pub link: Option<Link>,
    /// The words (without the link).
    pub span: Span,
}

/// What joins two segments of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Link {
    /// `'s`.
    Possessive,
    /// A bare `'` after a plural (`allies'`).
    PluralPossessive,
    /// `of`.
    Of,
    /// `in`.
    In,
    /// `on`.
    On,
    /// `at`.
    At,
}

impl Link {
    /// The link as the formatter writes it (possessives glue to the previous word).
    pub fn text(self) -> &'static str {
        match self {
            Link::Possessive => "'s",
            Link::PluralPossessive => "'",
            Link::Of => "of",
            Link::In => "in",
            Link::On => "on",
            Link::At => "at",
        }
    }
}

/// The same file with every span set to `0..0` and every comment's `own_line` cleared, to
/// compare trees while ignoring positions and layout.
pub fn strip_spans(file: &File) -> File {
    let mut value = match serde_json::to_value(file) {
        Ok(value) => value,
        Err(_) => return file.clone(),
    };
    zero_spans(&mut value);
    serde_json::from_value(value).unwrap_or_else(|_| file.clone())
}

/// Whether two files are the same tree, positions and layout aside (comment texts still count).
pub fn same_modulo_spans(a: &File, b: &File) -> bool {
    strip_spans(a) == strip_spans(b)
}

// Spans are the only fields named `span` and `own_line` is only on comments, so resetting those
// keys everywhere strips positions and layout.
fn zero_spans(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                if key == "span" {
                    *child = serde_json::json!({ "start": 0, "end": 0 });
                } else if key == "own_line" {
                    *child = serde_json::Value::Bool(false);
                } else {
                    zero_spans(child);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(zero_spans),
        _ => {}
    }
}
