//! The compiler: checked files in, a `Program` out, with every problem as a located lint.
//! Headers go through `header`; references through `vocabulary`; statements become IR here.
//! `let` at item level and `define` are inlined where they are used.
//!
//! This module holds the `Compiler` and its entry point; its children hold one concern each
//! (see ARCHITECTURE.md for the map).

mod abilities;
mod actions;
mod expressions;
mod items;
mod statements;

pub use abilities::{INSTEAD_WORDS, WHENEVER_WORDS};
pub use expressions::path_tokens;
pub use statements::DURATIONS;

use crate::diagnostic::Lint;
use crate::ir::{self, ItemKind, Program};
use crate::library::SourceFile;
use crate::vocabulary::Bound;
use cosmic_engine::state::Phase;
use cosmic_grammar::ast;
use cosmic_grammar::Span;
use std::collections::HashMap;

/// Compiles every file; lints are returned per file, in the files' order.
pub fn compile(files: &[SourceFile]) -> (Program, Vec<Vec<Lint>>) {
    let mut program = Program {
        format: ir::FORMAT,
        ..Program::default()
    };
    let mut lints = Vec::new();
    let card_names = card_names(files);
    for f in files {
        let mut out = Vec::new();
        for d in f.decls() {
            Compiler {
                program: &mut program,
                lints: &mut out,
                text: &f.text,
                item_lets: HashMap::new(),
                item_bounds: Vec::new(),
                defines: HashMap::new(),
                expanding: Vec::new(),
                expanding_lets: Vec::new(),
                scope: Vec::new(),
                slots: 0,
                card_names: &card_names,
                item_name: d.name.value.clone(),
                item_kind: d.kind.text.clone(),
                duel_item: crate::explain::property(d, "edition", &f.text).as_deref()
                    == Some("duel"),
                form: Form::Triggered,
                ability_label: String::new(),
                acts_until: None,
                answers_draws: false,
            }
            .item(d);
        }
        lints.push(out);
    }
    (program, lints)
}

/// The names of the cards played by their text among `files` (artifacts, edicts, and each
/// alien's flare as `Flare: NAME`), lower case: what `CARD is "NAME"` may name.
fn card_names(files: &[SourceFile]) -> Vec<String> {
    let mut names = Vec::new();
    for f in files {
        for d in f.decls() {
            let name = d.name.value.to_lowercase();
            match ItemKind::from_word(&d.kind.text) {
                Some(ItemKind::Artifact | ItemKind::Edict) => names.push(name),
                Some(ItemKind::Alien) => names.push(format!("flare: {name}")),
                _ => {}
            }
        }
    }
    names
}

/// Which form the ability being compiled has (what its statements may do).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Form {
    Triggered,
    /// At game setup, before any encounter.
    Setup,
    Continuous,
    Replacement,
    /// The body of a lasting effect: read like a continuous ability's while it lasts.
    Lasting,
}

struct Compiler<'a> {
    program: &'a mut Program,
    /// What `CARD is "NAME"` may name (`card_names`).
    card_names: &'a [String],
    lints: &'a mut Vec<Lint>,
    text: &'a str,
    item_lets: HashMap<Vec<String>, ast::Expr>,
    /// The item's `let`s of a number or a single reference, resolved once.
    item_bounds: Vec<Bound>,
    defines: HashMap<Vec<String>, ast::Block>,
    /// The definitions being inlined now (a `do` of one of them would never end).
    expanding: Vec<Vec<String>>,
    /// The item `let`s being inlined, innermost last (a `let` may not use itself).
    expanding_lets: Vec<Vec<String>>,
    scope: Vec<Bound>,
    slots: u8,
    item_name: String,
    /// The kind of item being compiled, as written (`alien`, `tech`...).
    item_kind: String,
    /// Whether the item is a Duel card (`edition duel`): Duel's references are its own.
    duel_item: bool,
    form: Form,
    /// How the log names the ability being compiled (`Calculator's power (Equalize)`).
    ability_label: String,
    /// The last phase the ability being compiled can act in, when it is limited to phases.
    acts_until: Option<Phase>,
    /// Whether the ability being compiled answers cards drawn as rewards (`the cards drawn`
    /// names them).
    answers_draws: bool,
}

fn name_tokens(n: &ast::Name) -> Vec<String> {
    n.words.iter().map(|w| w.text.to_lowercase()).collect()
}

impl Compiler<'_> {
    pub(super) fn source(&mut self, name: String) -> u32 {
        self.program.sources.push(name);
        (self.program.sources.len() - 1) as u32
    }

    /// Lints `found` at `span` unless the item is a tech: `this tech` is a tech's own card.
    /// Returns whether the item is a tech.
    pub(super) fn in_tech(&mut self, span: Span) -> bool {
        if self.item_kind == "tech" {
            return true;
        }
        let item = match self.item_kind.as_str() {
            "alien" => "an alien",
            "artifact" => "an artifact",
            "edict" => "an edict",
            _ => "not a tech",
        };
        self.lints.push(Lint::TechOnly {
            found: self.snippet(span),
            item,
            span,
        });
        false
    }

    pub(super) fn snippet(&self, span: Span) -> String {
        self.text
            .get(span.start..span.end)
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }
}
