//! A library of content files: every file parsed, then the checks that span files
//! (duplicate names) and each component's metadata. Later stages (name resolution, types,
//! the IR) build on this.

use crate::diagnostic::Lint;
use crate::names::did_you_mean;
use cosmic_grammar::ast::{Decl, Entry, Expr, Item};
use cosmic_grammar::{Parsed, SyntaxError};
use std::collections::HashMap;

/// The kinds of component the library knows (`ir::ItemKind`'s list).
pub const KINDS: &[&str] = crate::ir::ItemKind::WORDS;

/// The properties the interpreter reads; any other is reported as unknown.
pub const PROPERTIES: &[&str] = &[
    "summary",
    "alert",
    "set",
    "edition",
    "setup",
    "text",
    "count",
    "research",
    "power-loss",
    "super-cancel",
    "excludes",
    "reveal",
    "value",
    "deck",
    "access",
    "lasts",
];

/// One content file.
pub struct SourceFile {
    /// Its name (a path relative to the library, or as given on the command line).
    pub name: String,
    /// Its text.
    pub text: String,
    /// The parse: tree and syntax errors.
    pub parsed: Parsed,
}

impl SourceFile {
    /// Parses `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let parsed = cosmic_grammar::parse(&text);
        SourceFile {
            name: name.into(),
            text,
            parsed,
        }
    }

    /// The file's components.
    pub fn decls(&self) -> impl Iterator<Item = &Decl> {
        self.parsed.file.items.iter().filter_map(|i| match i {
            Item::Decl(d) => Some(d),
            Item::Invalid(_) => None,
        })
    }
}

/// Every problem found in one file.
#[derive(Default)]
pub struct FileReport {
    /// Syntax errors.
    pub syntax: Vec<SyntaxError>,
    /// Lints.
    pub lints: Vec<Lint>,
}

impl FileReport {
    /// Errors (syntax errors and error-level lints).
    pub fn errors(&self) -> usize {
        self.syntax.len() + self.lints.iter().filter(|l| !l.is_warning()).count()
    }

    /// Warnings.
    pub fn warnings(&self) -> usize {
        self.lints.iter().filter(|l| l.is_warning()).count()
    }
}

/// Checks a set of files together; the reports are in the files' order.
pub fn check(files: &[SourceFile]) -> Vec<FileReport> {
    let mut reports: Vec<FileReport> = files
        .iter()
        .map(|f| FileReport {
            syntax: f.parsed.errors.clone(),
            lints: Vec::new(),
        })
        .collect();
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    for (i, f) in files.iter().enumerate() {
        // A file of only comments (or nothing) is almost always a mistake in a card library;
        // a file that failed to parse already has its syntax errors.
        if f.parsed.file.items.is_empty() && f.parsed.errors.is_empty() {
            reports[i].lints.push(Lint::EmptyFile {
                span: cosmic_grammar::Span::new(0, 0),
            });
        }
        for d in f.decls() {
            let kind = d.kind.text.clone();
            let name = d.name.value.clone();
            lint_metadata(d, &mut reports[i].lints);
            let duel = crate::explain::property(d, "edition", &f.text).as_deref() == Some("duel");
            for a in abilities(&d.entries) {
                crate::header::compile(a, &f.text, &mut reports[i].lints);
                // A fight's timing is Duel's: another edition has no duel or contest.
                if let (Some(span), false) = (crate::header::duel_timing(a), duel) {
                    reports[i].lints.push(Lint::EditionOnly {
                        found: f.text.get(span.start..span.end).unwrap_or("").to_string(),
                        edition: "Duel",
                        help: "duels and contests are Duel's: add `edition duel` to a Duel card, or time the ability by an encounter's phases (`at reveal after encounter cards are revealed`)".into(),
                        span,
                    });
                }
            }
            match seen.get(&(kind.clone(), name.to_lowercase())) {
                Some(&first) => reports[i].lints.push(Lint::DuplicateName {
                    kind,
                    name,
                    first_file: files[first].name.clone(),
                    span: d.name.span,
                }),
                None => {
                    seen.insert((kind, name.to_lowercase()), i);
                }
            }
        }
    }
    let (_, compiled) = crate::compile::compile(files);
    for (report, lints) in reports.iter_mut().zip(compiled) {
        report.lints.extend(lints);
    }
    reports
}

/// Every ability among `entries`, including those inside sections (a flare's halves).
pub fn abilities(entries: &[Entry]) -> Vec<&cosmic_grammar::ast::Ability> {
    let mut out = Vec::new();
    for e in entries {
        match e {
            Entry::Ability(a) => out.push(a),
            Entry::Section(s) => out.extend(abilities(&s.entries)),
            _ => {}
        }
    }
    out
}

/// The value of a property given as a single word (`alert red`), if it is one.
fn word_value(e: &Expr) -> Option<String> {
    match e {
        Expr::Path(p) if p.segments.len() == 1 && p.segments[0].words.len() == 1 => {
            Some(p.segments[0].words[0].text.clone())
        }
        Expr::Str(s) => Some(s.value.clone()),
        _ => None,
    }
}

/// Required properties and allowed values, per kind.
fn lint_metadata(d: &Decl, out: &mut Vec<Lint>) {
    let kind = d.kind.text.as_str();
    if crate::ir::ItemKind::from_word(kind).is_none() {
        let known = KINDS.join(", ");
        let help = match did_you_mean(kind, KINDS.iter().copied()) {
            Some(k) => format!("did you mean `{k}`? Known kinds: {known}"),
            None => format!("known kinds: {known}"),
        };
        out.push(Lint::UnknownKind {
            found: kind.to_string(),
            help,
            span: d.kind.span,
        });
        return;
    }
    let props: Vec<_> = d
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Property(p) => Some(p),
            _ => None,
        })
        .collect();
    let duel = props
        .iter()
        .any(|p| p.key.text == "edition" && word_value(&p.value).as_deref() == Some("duel"));
    let required: &[(&str, &str)] = match kind {
        // A Duel alien's frame colour (its complexity) is not known for every alien.
        "alien" if duel => &[("summary", "summary \"Multiplies\""), ("set", "set duel")],
        "alien" => &[
            ("summary", "summary \"Multiplies\""),
            ("alert", "alert green"),
            ("set", "set base"),
        ],
        // A Duel reinforcement's copies are not known for every card: its value is what
        // the rules need.
        "reinforcement" if duel => &[("value", "value 12")],
        "artifact" | "reinforcement" | "edict" => &[("count", "count 1")],
        "plan" => &[("value", "value 13")],
        "tech" => &[("research", "research 4")],
        "hex" => &[
            ("access", "access holder"),
            ("set", "set \"Expansion Set 9\""),
        ],
        _ => &[],
    };
    for &(property, example) in required {
        if !props.iter().any(|p| p.key.text == property) {
            out.push(Lint::MissingMetadata {
                kind: kind.to_string(),
                name: d.name.value.clone(),
                property,
                example,
                span: d.name.span,
            });
        }
    }
    for p in &props {
        let key = p.key.text.as_str();
        if !PROPERTIES.contains(&key) {
            let known = PROPERTIES.join(", ");
            let help = match did_you_mean(key, PROPERTIES.iter().copied()) {
                Some(m) => format!("did you mean `{m}`? Known properties: {known}"),
                None => format!("known properties: {known}; rules belong in an ability"),
            };
            out.push(Lint::UnknownProperty {
                found: key.to_string(),
                help,
                span: p.key.span,
            });
            continue;
        }
        if key == "excludes" {
            // A list of alien names: `excludes ["First Alien", "Second Alien"]`.
            let ok = match &p.value {
                Expr::List { items, .. } => {
                    !items.is_empty() && items.iter().all(|i| matches!(i, Expr::Str(_)))
                }
                _ => false,
            };
            if !ok {
                out.push(Lint::BadValue {
                    property: p.key.text.clone(),
                    found: word_value(&p.value).unwrap_or_else(|| "this".to_string()),
                    help: "write the names of the aliens it is not used with, in quotes: `excludes [\"First Alien\", \"Second Alien\"]`".to_string(),
                    span: p.value.span(),
                });
            }
            continue;
        }
        if key == "access" {
            let attachment = crate::ir::ItemKind::from_word(kind).is_some_and(|k| k.attachment());
            if !attachment {
                let attachments: Vec<&str> = (crate::ir::ItemKind::ALL.iter())
                    .filter(|k| k.attachment())
                    .map(|k| k.word())
                    .collect();
                out.push(Lint::Attachment {
                    found: format!("an access rule on {kind} `{}`", d.name.value),
                    help: format!(
                        "only an attachment ({}) has an access rule; the abilities of this \
                         {kind} act for the player holding it: remove `access`",
                        attachments.join(", ")
                    ),
                    span: p.key.span,
                });
                continue;
            }
        }
        if key == "value" {
            if int_value(&p.value).is_none() {
                out.push(Lint::BadValue {
                    property: p.key.text.clone(),
                    found: word_value(&p.value).unwrap_or_else(|| "this".to_string()),
                    help: "write the card's printed number, e.g. `value 13` or `value -10`"
                        .to_string(),
                    span: p.value.span(),
                });
            }
            continue;
        }
        let allowed: &[&str] = match key {
            "alert" => &["green", "yellow", "red"],
            "deck" => &["orange", "blue"],
            "edition" => &["ffg", "eon", "duel"],
            "reveal" => &["on-completion", "when-used"],
            "access" => crate::ir::Access::WORDS,
            _ => continue,
        };
        let found = word_value(&p.value).unwrap_or_else(|| "this".to_string());
        if !allowed.contains(&found.as_str()) {
            let mut help = format!("write one of: {}", allowed.join(", "));
            if let Some(m) = did_you_mean(&found, allowed.iter().copied()) {
                help = format!("did you mean `{m}`? ({help})");
            }
            out.push(Lint::BadValue {
                property: p.key.text.clone(),
                found,
                help,
                span: p.value.span(),
            });
        }
    }
}

/// The alien names of an `excludes` property (a list of strings; anything else is linted).
pub(crate) fn excluded_names(e: &Expr) -> Vec<String> {
    match e {
        Expr::List { items, .. } => items
            .iter()
            .filter_map(|i| match i {
                Expr::Str(s) => Some(s.value.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// A whole number written as a property's value (`13`, `-10`), if it is one that fits.
pub(crate) fn int_value(e: &Expr) -> Option<i16> {
    match e {
        Expr::Int { value, .. } => i16::try_from(*value).ok(),
        Expr::Unary {
            op: cosmic_grammar::ast::UnaryOp::Neg,
            operand,
            ..
        } => match &**operand {
            Expr::Int { value, .. } => i16::try_from(*value).ok().map(|v| -v),
            _ => None,
        },
        _ => None,
    }
}
