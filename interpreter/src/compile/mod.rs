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
    let hazard_names = hazard_names(files);
    let destiny_names = destiny_names(files);
    // The kinds of token each file's text reads, with where: checked against those placed.
    let mut token_reads = Vec::new();
    for f in files {
        let mut out = Vec::new();
        let mut reads = Vec::new();
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
                hazard_names: &hazard_names,
                destiny_names: &destiny_names,
                item_name: d.name.value.clone(),
                item_kind: d.kind.text.clone(),
                item_lasts: crate::explain::property(d, "lasts", &f.text).as_deref()
                    == Some("until-discarded"),
                duel_item: crate::explain::property(d, "edition", &f.text).as_deref()
                    == Some("duel"),
                form: Form::Triggered,
                ability_label: String::new(),
                acts_until: None,
                dealt: false,
                answers_draws: None,
                subjects: 0,
                home: ir::Home::Effect,
                args_read: std::cell::Cell::new(0),
                token_reads: &mut reads,
            }
            .item(d);
        }
        lints.push(out);
        token_reads.push(reads);
    }
    let placed = placed_tokens(&program);
    for (out, reads) in lints.iter_mut().zip(token_reads) {
        for (key, span) in reads.into_iter().filter(|(k, _)| !placed.contains(k)) {
            let found = program.sources[key as usize].clone();
            out.push(Lint::UnplacedToken { found, span });
        }
    }
    (program, lints)
}

/// The kinds of token the program's text places from the supply (`place a trap token ...
/// beside PLANET`), anywhere in an ability or a lasting effect.
fn placed_tokens(program: &Program) -> std::collections::BTreeSet<u32> {
    fn walk(body: &[ir::Stmt], out: &mut std::collections::BTreeSet<u32>) {
        ir::any_stmt(body, &mut |st| {
            if let ir::Stmt::PlaceToken {
                key,
                from_sheet: false,
                ..
            } = st
            {
                out.insert(*key);
            }
            false
        });
    }
    let mut out = std::collections::BTreeSet::new();
    for ab in &program.abilities {
        walk(&ab.body, &mut out);
    }
    for l in &program.lasting {
        walk(&l.body, &mut out);
        l.reactions.iter().for_each(|r| walk(&r.body, &mut out));
    }
    out
}

/// The names of the cards played by their text among `files` (artifacts, edicts, and each
/// alien's flare as `Flare: NAME`), as written: what `CARD is "NAME"` may name (compared
/// without case).
fn card_names(files: &[SourceFile]) -> Vec<String> {
    let mut names = Vec::new();
    for f in files {
        for d in f.decls() {
            let name = &d.name.value;
            match ItemKind::from_word(&d.kind.text) {
                Some(ItemKind::Artifact | ItemKind::Edict) => names.push(name.clone()),
                Some(ItemKind::Alien) => names.push(format!("Flare: {name}")),
                _ => {}
            }
        }
    }
    names
}

/// The names of the hazards among `files`: what `discard "NAME" from play` may name.
fn hazard_names(files: &[SourceFile]) -> Vec<String> {
    (files.iter())
        .flat_map(|f| f.decls())
        .filter(|d| ItemKind::from_word(&d.kind.text) == Some(ItemKind::Hazard))
        .map(|d| d.name.value.clone())
        .collect()
}

/// The names of the content destiny cards text among `files` shuffles into the destiny deck
/// (`shuffle ["Invasion!"] into the destiny deck`): what `the destiny card is "NAME"` may
/// name. Read from the text, since the statement sits in an ability's body.
fn destiny_names(files: &[SourceFile]) -> Vec<String> {
    let mut names = Vec::new();
    for f in files {
        for line in f.text.lines() {
            let line = line.trim_start();
            let Some(rest) = line.strip_prefix("shuffle") else {
                continue;
            };
            if !rest.trim_end().ends_with("into the destiny deck") {
                continue;
            }
            // The quoted names of the list.
            for (i, part) in rest.split('"').enumerate() {
                if i % 2 == 1 && !names.iter().any(|n: &String| n == part) {
                    names.push(part.to_string());
                }
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
    /// A replacement inside a lasting effect (`instead of ... { ... }`): it only says where
    /// the ships go.
    LastingReplacement,
}

struct Compiler<'a> {
    program: &'a mut Program,
    /// What `CARD is "NAME"` may name (`card_names`).
    card_names: &'a [String],
    /// What `discard "NAME" from play` may name (`hazard_names`).
    hazard_names: &'a [String],
    /// What `the destiny card is "NAME"` may name (`destiny_names`).
    destiny_names: &'a [String],
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
    /// Whether the item remains in play until discarded (`lasts until-discarded`).
    item_lasts: bool,
    /// Whether the item is a Duel card (`edition duel`): Duel's references are its own.
    duel_item: bool,
    form: Form,
    /// How the log names the ability being compiled (`Calculator's power (Equalize)`).
    ability_label: String,
    /// The last phase the ability being compiled can act in, when it is limited to phases.
    acts_until: Option<Phase>,
    /// Whether the block being compiled made a deal already (`make a deal with ...`): from
    /// there on `a deal was made` and `a deal failed` are known, whatever the phase.
    dealt: bool,
    /// Whether the ability being compiled answers cards drawn as rewards (`the cards drawn`
    /// names them).
    answers_draws: Option<ir::Drawn>,
    /// What the triggers of the ability (or reaction) being compiled hand it to name, one
    /// bit per `ir::SubjectKind`: every one must have what `it` or `that ...` names.
    subjects: u32,
    /// Where the ability being compiled is written: an alien's power, a flare half, or a
    /// card's or a tech's effect.
    home: ir::Home,
    /// The arguments (`to ...`, `from ...`) of the action being compiled that its form has
    /// read, one bit per argument: the others are refused.
    args_read: std::cell::Cell<u32>,
    /// The kinds of token the file's text reads, with where (`compile` checks that some
    /// text places each).
    token_reads: &'a mut Vec<(u32, Span)>,
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

    /// What a reference may name here: the item's `let`s of a number or a reference, then
    /// the ability's own bindings.
    pub(super) fn visible_scope(&self) -> Vec<Bound> {
        let mut scope = self.item_bounds.clone();
        scope.extend(self.scope.iter().cloned());
        scope
    }

    /// Lints `span` unless every trigger of the ability hands it a subject among `allowed`
    /// (`it`, `cancel it`, `that number`...); `names` says what the text names.
    pub(super) fn needs_subject(&mut self, allowed: u32, names: &str, span: Span) {
        let missing = self.subjects & !allowed;
        if missing == 0 {
            return;
        }
        let trigger = match missing.trailing_zeros() {
            k if k == ir::SubjectKind::Nothing as u32 => {
                "this ability's trigger answers nothing (a window, game setup, a deal term or a happening that carries nothing)"
            }
            k if k == ir::SubjectKind::PowerUse as u32 => "this ability answers a power's use",
            k if k == ir::SubjectKind::CardUse as u32 => "this ability answers a card being played",
            k if k == ir::SubjectKind::TechUse as u32 => "this ability answers a tech's use",
            k if k == ir::SubjectKind::Card as u32 => {
                "this ability answers a card already played or discarded"
            }
            k if k == ir::SubjectKind::Player as u32 => "this ability answers a player",
            k if k == ir::SubjectKind::Count as u32 => {
                "this ability answers ships or cards counted for a player"
            }
            k if k == ir::SubjectKind::Tech as u32 => "this ability answers a tech completed",
            k if k == ir::SubjectKind::Play as u32 => {
                "this ability answers a wild flare or an artifact played, its effects done"
            }
            k if k == ir::SubjectKind::Rewards as u32 => "this ability answers rewards received",
            k if k == ir::SubjectKind::NewHand as u32 => {
                "this ability answers a new hand about to be drawn"
            }
            k if k == ir::SubjectKind::Alliances as u32 => {
                "this ability acts once alliances are formed"
            }
            k if k == ir::SubjectKind::GameWon as u32 => "this ability acts as the game is won",
            _ => "this ability's trigger replaces ships going to the warp or leaving it",
        };
        self.lints.push(Lint::NoSubject {
            found: self.snippet(span),
            trigger,
            help: names.to_string(),
            span,
        });
    }

    pub(super) fn snippet(&self, span: Span) -> String {
        let text = self.text.get(span.start..span.end).unwrap_or("");
        // A span that runs to the end of its line may take in a comment there: it is no part
        // of what is written (a `#` inside a string is).
        let mut quoted = false;
        let end = (text.char_indices())
            .find(|&(_, c)| {
                quoted ^= c == '"';
                c == '#' && !quoted
            })
            .map_or(text.len(), |(i, _)| i);
        text[..end].split_whitespace().collect::<Vec<_>>().join(" ")
    }
}
