//! Syntax errors as miette diagnostics, in a designer's words. [`from_pest`] is the one place
//! that turns a pest failure into text: it renames grammar rules into what a designer types
//! (`}`, "a statement", "`mandatory`, `optional` or `innate`") and suggests a keyword when a word
//! is a near miss of one.

use miette::Diagnostic;
use pest::error::{ErrorVariant, InputLocation};
use thiserror::Error;

use crate::ast::Span;
use crate::grammar::Rule;

/// The keywords that open an ability.
pub(crate) const ABILITY_KEYWORDS: &[&str] = &["power", "wild", "super", "effect"];
/// The keywords an entry may start with besides a free property or section key.
pub(crate) const ENTRY_KEYWORDS: &[&str] = &["let", "define", "power", "wild", "super", "effect"];
/// The verbs of action statements (kept in step with `verb` in the grammar).
pub(crate) const VERBS: &[&str] = &[
    "add",
    "become",
    "cancel",
    "collect",
    "declare",
    "discard",
    "divide",
    "draw",
    "duplicate",
    "end",
    "free",
    "gain",
    "give",
    "have",
    "invite",
    "join",
    "keep",
    "look",
    "lose",
    "make",
    "move",
    "multiply",
    "play",
    "receive",
    "regain",
    "remember",
    "remove",
    "replace",
    "restart",
    "reveal",
    "reverse",
    "set",
    "shuffle",
    "skip",
    "subtract",
    "swap",
    "take",
    "win",
];
/// Keywords that start a statement other than an action.
pub(crate) const STATEMENT_KEYWORDS: &[&str] =
    &["if", "for", "until", "at", "let", "choose", "as", "do"];

/// A syntax error with its place in the source.
#[derive(Debug, Clone, PartialEq, Eq, Error, Diagnostic)]
pub enum SyntaxError {
    /// The parser met something it did not expect.
    #[error("{message}")]
    #[diagnostic(code(cosmic::syntax::unexpected))]
    Unexpected {
        /// "expected `}`, found `draw`".
        message: String,
        /// What was found.
        #[label("{label}")]
        span: Span,
        /// The label under the span.
        label: String,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },
    /// A word that is a near miss of a keyword.
    #[error("unknown word `{found}` where a keyword belongs")]
    #[diagnostic(code(cosmic::syntax::unknown_keyword))]
    UnknownKeyword {
        /// The word as written.
        found: String,
        /// Where.
        #[label("did you mean `{suggestion}`?")]
        span: Span,
        /// The closest keyword.
        suggestion: String,
        /// How to fix it.
        #[help]
        help: String,
    },
    /// A `{`, `[` or `(` without its closer.
    #[error("this `{open}` is never closed")]
    #[diagnostic(code(cosmic::syntax::unclosed))]
    Unclosed {
        /// The opening character.
        open: char,
        /// Where it opens.
        #[label("opened here")]
        span: Span,
        /// Where the closer probably belongs.
        #[help]
        help: String,
    },
    /// A `}`, `]` or `)` that closes nothing.
    #[error("this `{close}` closes nothing")]
    #[diagnostic(code(cosmic::syntax::stray_close))]
    StrayClose {
        /// The closing character.
        close: char,
        /// Where.
        #[label("nothing to close here")]
        span: Span,
        /// How to fix it.
        #[help]
        help: String,
    },
    /// A string whose closing quote is missing.
    #[error("this string is never closed")]
    #[diagnostic(
        code(cosmic::syntax::unterminated_string),
        help("close it with `\"` before the end of the line (write a line break inside a string as `\\n`)")
    )]
    UnterminatedString {
        /// From the opening quote to the end of the line.
        #[label("the string starts here and runs to the end of the line")]
        span: Span,
    },
    /// A number that is not a whole number, or too large.
    #[error("`{text}` is not a number the rules can use")]
    #[diagnostic(code(cosmic::syntax::bad_number))]
    BadNumber {
        /// The text as written.
        text: String,
        /// Where.
        #[label("{reason}")]
        span: Span,
        /// Why.
        reason: String,
        /// How to fix it.
        #[help]
        help: String,
    },
    /// An unknown `\` escape in a string.
    #[error("unknown escape `{text}` in a string")]
    #[diagnostic(
        code(cosmic::syntax::bad_escape),
        help("the escapes are `\\\"`, `\\\\`, `\\n` and `\\t`; write a lone backslash as `\\\\`")
    )]
    BadEscape {
        /// The escape as written.
        text: String,
        /// Where.
        #[label("not an escape")]
        span: Span,
    },
    /// An ability with no statement.
    #[error("this ability does nothing")]
    #[diagnostic(
        code(cosmic::syntax::empty_ability),
        help("write at least one effect between the braces, such as `draw 1 card`, or remove the ability")
    )]
    EmptyAbility {
        /// The ability's block.
        #[label("empty block")]
        span: Span,
    },
    /// An ability clause given twice.
    #[error("this ability already says {what}")]
    #[diagnostic(
        code(cosmic::syntax::duplicate_clause),
        help("keep one of them; to allow several roles or phases, join them with `or`")
    )]
    DuplicateClause {
        /// What kind of clause (`how it is used`).
        what: String,
        /// The repeated clause.
        #[label("said again here")]
        span: Span,
        /// The first one.
        #[label("first said here")]
        first: Span,
    },
    /// Brackets nested too deeply to be read safely.
    #[error("this is nested too deeply")]
    #[diagnostic(
        code(cosmic::syntax::too_deep),
        help("split the expression with `let`, or use fewer nested brackets and blocks")
    )]
    TooDeep {
        /// Where the limit was passed.
        #[label("too many brackets or blocks open here")]
        span: Span,
    },
    /// An expression too long or too deep to be read safely.
    #[error("this expression is too complex")]
    #[diagnostic(
        code(cosmic::syntax::too_complex),
        help("split it into smaller parts with `let`")
    )]
    TooComplex {
        /// Where.
        #[label("too many operators here")]
        span: Span,
    },
}

impl SyntaxError {
    /// The primary span of the error.
    pub fn span(&self) -> Span {
        match self {
            SyntaxError::Unexpected { span, .. }
            | SyntaxError::UnknownKeyword { span, .. }
            | SyntaxError::Unclosed { span, .. }
            | SyntaxError::StrayClose { span, .. }
            | SyntaxError::UnterminatedString { span }
            | SyntaxError::BadNumber { span, .. }
            | SyntaxError::BadEscape { span, .. }
            | SyntaxError::EmptyAbility { span }
            | SyntaxError::DuplicateClause { span, .. }
            | SyntaxError::TooDeep { span }
            | SyntaxError::TooComplex { span } => *span,
        }
    }
}

/// What a failing rule stands for, in a designer's words, with an order for listing.
fn describe(rule: Rule) -> (u8, &'static str) {
    use Rule as R;
    match rule {
        R::lbrace | R::stmt_block | R::entry_block | R::option_block => (10, "`{`"),
        R::rbrace => (11, "`}`"),
        R::lbracket | R::list => (12, "`[`"),
        R::rbracket => (13, "`]`"),
        R::lparen => (14, "`(`"),
        R::rparen => (15, "`)`"),
        R::comma => (16, "`,`"),
        R::equals => (17, "`=`"),
        R::kw_if | R::if_clause | R::if_head_only => (20, "`if`"),
        R::kw_else | R::else_clause | R::else_head_only => (21, "`else`"),
        R::kw_each => (22, "`each`"),
        R::kw_in => (23, "`in`"),
        R::kw_of => (24, "`of`"),
        R::kw_per => (25, "`per`"),
        R::kw_one => (26, "`one`"),
        R::kw_up => (27, "`up`"),
        R::kw_down => (28, "`down`"),
        R::kw_or => (29, "`or`"),
        R::kw_to => (30, "`to`"),
        R::kw_from | R::choose_from => (31, "`from`"),
        R::kw_as | R::choose_as => (32, "`as`"),
        R::kw_with => (33, "`with`"),
        R::kw_by => (34, "`by`"),
        R::kw_into => (35, "`into`"),
        R::kw_for => (36, "`for`"),
        R::kw_until => (37, "`until`"),
        R::kw_beside => (37, "`beside`"),
        R::kw_under => (37, "`under`"),
        R::kw_around => (37, "`around`"),
        R::prep => (38, "a preposition such as `to`, `from` or `with`"),
        R::arg => (38, "a preposition such as `to`, `from` or `with`"),
        R::kw_let => (40, "`let`"),
        R::kw_define | R::define | R::define_head | R::define_head_only => {
            (41, "`define` and a name")
        }
        R::kw_do => (42, "`do`"),
        R::kw_choose => (43, "`choose`"),
        R::kw_all | R::all_of => (44, "`all [...]`"),
        R::kw_any | R::any_of => (45, "`any [...]`"),
        R::reaction_timing => (48, "a reaction's timing (`at ...`, `instead of ...`, `whenever ...`)"),
        R::clause => (49, "an ability clause (`mandatory`, `as ...`, `at ...`, `whenever ...`, `instead of ...`, `during ...`, `if ...`, `once per ...`, `prefer if ...`)"),
        R::usage => (50, "`mandatory`, `optional` or `innate`"),
        R::roles => (51, "`as` and the roles that may use it"),
        R::role => (52, "a role such as `offense`, `main player` or `ally`"),
        R::at_clause | R::kw_at => (53, "`at` and a phase"),
        R::kw_whenever | R::whenever_clause => (54, "`whenever` and an event"),
        R::kw_instead | R::instead_clause => (55, "`instead of` and an event"),
        R::kw_during | R::during_clause => (56, "`during` and a phase"),
        R::kw_once | R::once_clause => (57, "`once per ...`"),
        R::kw_bots | R::kw_prefer | R::prefer_clause => (57, "`bots prefer if ...`"),
        R::phases | R::phase | R::phase_word => {
            (58, "a phase such as `regroup`, `reveal` or `any phase`")
        }
        R::window | R::window_kw => (59, "`after`, `before` or `when`"),
        R::phrase | R::phrase_word => (60, "words that describe it"),
        R::duration => (61, "a duration such as `for the rest of the encounter`"),
        R::item | R::item_head | R::item_only | R::item_head_only | R::file => {
            (70, "an item such as `alien \"Name\" { ... }`")
        }
        R::kind => (71, "an item kind such as `alien` or `artifact`"),
        R::entry | R::entry_only => (
            72,
            "a property, an ability (`power`, `wild`, `super`, `effect`) or a section",
        ),
        R::property | R::key | R::section | R::section_head | R::section_head_only => {
            (73, "a property or a section")
        }
        R::ability | R::ability_head | R::ability_head_only | R::ability_kw => {
            (74, "an ability (`power`, `wild`, `super` or `effect`)")
        }
        R::stmt
        | R::stmt_only
        | R::action
        | R::verb
        | R::if_stmt
        | R::for_stmt
        | R::let_stmt
        | R::choose_stmt
        | R::choose_one
        | R::choose_one_head_only
        | R::as_stmt
        | R::as_head_only
        | R::lasting_stmt
        | R::reaction_stmt
        | R::reaction_head_only
        | R::lasting_head_only
        | R::do_stmt
        | R::for_head_only => (75, "a statement such as `draw 1 card` or `if ... { ... }`"),
        R::option | R::option_only | R::option_head_only => {
            (76, "an option such as `\"label\" { ... }`")
        }
        R::name => (77, "a name"),
        R::expr
        | R::count
        | R::count_noun
        | R::number
        | R::path
        | R::valued
        | R::valued_words
        | R::times_x
        | R::segment
        | R::op_not
        | R::op_neg
        | R::op_up_to
        | R::prefix
        | R::primary
        | R::paren => (80, "a value (a number, a string or words such as `my ships`)"),
        R::string | R::string_inner | R::string_char => (81, "a string in double quotes"),
        R::op_or
        | R::op_and
        | R::op_is_not
        | R::op_is
        | R::op_le
        | R::op_ge
        | R::op_ne
        | R::op_lt
        | R::op_gt
        | R::op_eq
        | R::op_add
        | R::op_sub
        | R::op_mul
        | R::op_div
        | R::op_rounded_up
        | R::op_rounded_down
        | R::kw_and
        | R::kw_not
        | R::kw_is
        | R::kw_rounded
        | R::infix
        | R::postfix => (85, "an operator"),
        R::word | R::ident | R::ident_char | R::reserved | R::link | R::possessive | R::kw_on => {
            (90, "a word")
        }
        R::eol | R::EOI => (95, "the end of the line"),
        R::WHITESPACE | R::COMMENT => (99, "a space"),
    }
}

// Rules that only say "the words could go on": listed only when nothing else is expected.
fn is_continuation(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::word | Rule::ident | Rule::link | Rule::possessive | Rule::kw_on | Rule::segment
    )
}

/// Keywords a failing rule would have accepted, for "did you mean".
fn keywords_of(rule: Rule) -> &'static [&'static str] {
    use Rule as R;
    match rule {
        R::usage => &["mandatory", "optional", "innate"],
        R::ability_kw | R::ability | R::ability_head => ABILITY_KEYWORDS,
        R::entry | R::entry_only => ENTRY_KEYWORDS,
        R::verb | R::action => VERBS,
        R::window | R::window_kw => &["after", "before", "when"],
        R::at_clause | R::kw_at => &["at"],
        R::roles | R::kw_as => &["as"],
        R::whenever_clause | R::kw_whenever => &["whenever"],
        R::instead_clause | R::kw_instead => &["instead"],
        R::during_clause | R::kw_during => &["during"],
        R::once_clause | R::kw_once => &["once"],
        R::prefer_clause | R::kw_bots | R::kw_prefer => &["bots prefer"],
        R::if_clause | R::kw_if => &["if"],
        R::kw_else | R::else_clause => &["else"],
        R::kw_each => &["each"],
        R::kw_per => &["per"],
        _ => &[],
    }
}

/// All statement starters.
pub(crate) fn statement_starters() -> impl Iterator<Item = &'static str> {
    STATEMENT_KEYWORDS.iter().chain(VERBS.iter()).copied()
}

/// Optimal-string-alignment distance (a swap of two letters costs 1), by characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The keyword closest to `word`, if it is a plausible misspelling of one.
pub(crate) fn near_keyword<'k>(
    word: &str,
    candidates: impl IntoIterator<Item = &'k str>,
) -> Option<&'k str> {
    let word = word.to_ascii_lowercase();
    let len = word.chars().count();
    let limit = if len >= 5 { 2 } else { 1 };
    candidates
        .into_iter()
        .filter(|k| *k != word && k.len().abs_diff(len) <= 1)
        .map(|k| (edit_distance(&word, k), k))
        .filter(|(d, k)| *d <= limit && *d < len.min(k.len()))
        // Among equally close words, one the typed word begins was probably cut short.
        .min_by_key(|(d, k)| (*d, !k.starts_with(word.as_str())))
        .map(|(_, k)| k)
}

/// The token starting at `pos`, described for a message, and its span.
fn found_at(src: &str, pos: usize) -> (String, Span) {
    let rest = &src[pos.min(src.len())..];
    let Some(c) = rest.chars().next() else {
        return (
            "the end of the file".into(),
            Span::new(src.len(), src.len()),
        );
    };
    let ident_len = |s: &str| {
        s.char_indices()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .map_or(s.len(), |(i, _)| i)
    };
    match c {
        '\n' | '\r' => ("the end of the line".into(), Span::new(pos, pos + 1)),
        '"' => {
            let end = rest[1..]
                .find(['"', '\n', '\r'])
                .map_or(rest.len(), |i| i + 2)
                .min(rest.len());
            ("a string".into(), Span::new(pos, pos + end))
        }
        c if c.is_ascii_digit() => {
            let len = ident_len(rest).max(1);
            (
                format!("the number `{}`", &rest[..len]),
                Span::new(pos, pos + len),
            )
        }
        c if c.is_ascii_alphabetic() || c == '_' => {
            let len = ident_len(rest).max(1);
            (format!("`{}`", &rest[..len]), Span::new(pos, pos + len))
        }
        c => (format!("`{c}`"), Span::new(pos, pos + c.len_utf8())),
    }
}

/// The word starting at `pos`, if any.
fn word_at(src: &str, pos: usize) -> Option<&str> {
    let rest = &src[pos.min(src.len())..];
    let len = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .map_or(rest.len(), |(i, _)| i);
    let word = &rest[..len];
    word.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        .then_some(word)
}

/// Joins descriptions as "a, b or c".
fn join_or(items: &[&str]) -> String {
    match items {
        [] => "something else".into(),
        [one] => (*one).into(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// What a value looks like, for help lines.
const VALUE_HELP: &str =
    "a value is a number (`3`), a string in double quotes, or words that name something (`my ships in the encounter`)";

/// The help line for a failure while reading `start`; `at_start` tells whether it failed on
/// the piece's first token (then the piece's kind is what went wrong).
fn help_for(start: Rule, wants: &[&str], at_start: bool) -> Option<String> {
    if wants == ["the end of the line"] {
        return Some(
            "put each entry or statement on its own line, or separate them with `;`".into(),
        );
    }
    if wants.contains(&"`}`") && wants.len() <= 2 {
        return Some("every `{` needs a matching `}`".into());
    }
    let text = match start {
        Rule::ability_head_only => {
            "an ability header reads `power \"Name\" mandatory, as main player, at reveal { ... }`: clauses separated by commas"
        }
        _ if !at_start && wants.contains(&describe(Rule::expr).1) => VALUE_HELP,
        _ if !at_start => return None,
        Rule::stmt_only | Rule::if_head_only | Rule::else_head_only | Rule::for_head_only | Rule::as_head_only | Rule::lasting_head_only => {
            "a statement starts with a verb (`move`, `draw`, `discard`, `give`, `take`, `reveal`, `set`, `add`, ...) or with `if`, `for each`, `let`, `choose`, `as` or `do`"
        }
        Rule::entry_only | Rule::section_head_only | Rule::define_head_only => {
            "inside an item, write properties (`alert red`), abilities (`power \"Name\" mandatory, as offense, at reveal { ... }`), sections (`flare { ... }`), `let` or `define`"
        }
        Rule::item_only | Rule::item_head_only | Rule::file => {
            "a file holds items such as `alien \"Name\" { ... }` or `artifact \"Name\" { ... }`"
        }
        Rule::option_only | Rule::option_head_only | Rule::choose_one_head_only => {
            "each option of `choose one` is a label in quotes followed by a block: `\"draw a card\" { draw 1 card }`"
        }
        _ => return None,
    };
    Some(text.into())
}

/// Turns a pest failure into a syntax error. `start` is the rule the parser was reading, `base`
/// the offset of the parsed piece within `src`.
pub(crate) fn from_pest(
    err: &pest::error::Error<Rule>,
    start: Rule,
    base: usize,
    src: &str,
) -> SyntaxError {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((p, _)) => p,
    } + base;
    let pos = pos.min(src.len());
    let (found, span) = found_at(src, pos);
    let positives: &[Rule] = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { message } => {
            return SyntaxError::Unexpected {
                message: message.clone(),
                label: "here".into(),
                span,
                help: help_for(start, &[], pos == base),
            }
        }
    };
    if let Some(word) = word_at(src, pos) {
        let candidates = positives
            .iter()
            .flat_map(|r| keywords_of(*r).iter().copied());
        if let Some(suggestion) = near_keyword(word, candidates) {
            return unknown_keyword(word, span, suggestion);
        }
    }
    let mut wants: Vec<(u8, &'static str)> = positives
        .iter()
        .filter(|r| !is_continuation(**r))
        .map(|r| describe(*r))
        .collect();
    if wants.is_empty() {
        wants = positives.iter().map(|r| describe(*r)).collect();
    }
    // A header is parsed without its block: where it may end, the `{` follows.
    let head = matches!(
        start,
        Rule::item_head_only
            | Rule::ability_head_only
            | Rule::section_head_only
            | Rule::define_head_only
            | Rule::if_head_only
            | Rule::else_head_only
            | Rule::for_head_only
            | Rule::as_head_only
            | Rule::lasting_head_only
            | Rule::choose_one_head_only
            | Rule::option_head_only
    );
    let item = matches!(start, Rule::item_only | Rule::item_head_only);
    for want in &mut wants {
        if head && want.1 == "the end of the line" {
            *want = describe(Rule::lbrace);
        }
        if item && want.1 == describe(Rule::string).1 {
            *want = (
                want.0,
                "the item's name in double quotes (`alien \"Name\"`)",
            );
        }
    }
    wants.sort();
    wants.dedup_by_key(|w| w.1);
    let mut wants: Vec<&str> = wants.into_iter().map(|w| w.1).collect();
    // "an operator" already covers `or`.
    if wants.contains(&"an operator") {
        wants.retain(|w| *w != "`or`");
    }
    let expected = join_or(&wants);
    let label = if wants.len() <= 2 {
        format!("expected {expected}")
    } else {
        "not expected here".into()
    };
    let before = src[..pos].trim_end();
    let times_x = before.ends_with(" x") || before.ends_with(" X");
    let help = if times_x && span.start < src.len() {
        Some(
            "`x` is a plain word here, not multiplication: write `*` (`my card's value * 2`)"
                .into(),
        )
    } else {
        help_for(start, &wants, pos == base)
    };
    SyntaxError::Unexpected {
        message: format!("expected {expected}, found {found}"),
        label,
        span,
        help,
    }
}

/// A near miss of a keyword.
pub(crate) fn unknown_keyword(found: &str, span: Span, suggestion: &str) -> SyntaxError {
    SyntaxError::UnknownKeyword {
        found: found.into(),
        span,
        suggestion: suggestion.into(),
        help: format!("write `{suggestion}`; keywords are spelled in lower case exactly as in the language reference"),
    }
}
