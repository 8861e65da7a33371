//! Compiling items (aliens, artifacts, techs...): shared `let`s and `define`s, then abilities.

use super::{name_tokens, path_tokens, Compiler};
use crate::diagnostic::Lint;
use crate::ir::{Expr, Item, ItemKind};
use crate::vocabulary::{self, Bound, Ty};
use cosmic_grammar::ast::{self, Entry};

impl Compiler<'_> {
    pub(super) fn item(&mut self, d: &ast::Decl) {
        // An unknown kind is an error of the library's metadata lint: nothing of it is compiled.
        let Some(kind) = ItemKind::from_word(&d.kind.text) else {
            return;
        };
        let index = self.program.items.len() as u32;
        let mut item = Item {
            kind,
            name: d.name.value.clone(),
            count: None,
            research: None,
            has_flare: false,
            abilities: Vec::new(),
            setup_tokens: None,
            keeps_power: false,
            super_uncancellable: false,
            secret: false,
            remains_in_play: false,
            set: String::new(),
            excludes: Vec::new(),
            edition: String::new(),
            value: None,
            deck: None,
            access: None,
        };
        self.collect_shared(&d.entries);
        for e in &d.entries {
            if let Entry::Property(p) = e {
                if p.key.text == "power-loss" {
                    item.keeps_power = self.snippet(p.value.span()) == "never";
                }
                if p.key.text == "super-cancel" {
                    item.super_uncancellable = self.snippet(p.value.span()) == "never";
                    if !item.super_uncancellable {
                        // Whatever lints clean runs: a value nothing reads is refused.
                        self.lints.push(Lint::Unsupported {
                            what: format!("`super-cancel {}`", self.snippet(p.value.span())),
                            help: "write `super-cancel never`: nothing may cancel the super flare's play".into(),
                            span: p.span,
                        });
                    }
                }
                if p.key.text == "lasts" {
                    item.remains_in_play = self.snippet(p.value.span()) == "until-discarded";
                    if !item.remains_in_play || kind != ItemKind::Hazard {
                        // Whatever lints clean runs: a `lasts` nothing reads is refused.
                        self.lints.push(Lint::Unsupported {
                            what: format!("`lasts {}` on a {}", self.snippet(p.value.span()), kind.word()),
                            help: "only a hazard lasts: write `lasts until-discarded` in a hazard that remains in play".into(),
                            span: p.span,
                        });
                    }
                }
                if p.key.text == "set" {
                    item.set = self.snippet(p.value.span()).to_string();
                }
                if p.key.text == "excludes" {
                    item.excludes = crate::library::excluded_names(&p.value);
                }
                if p.key.text == "reveal" {
                    item.secret = self.snippet(p.value.span()) == "when-used";
                }
                if p.key.text == "edition" {
                    item.edition = self.snippet(p.value.span()).to_string();
                }
                if p.key.text == "deck" {
                    item.deck = Some(self.snippet(p.value.span()).to_string());
                }
                if p.key.text == "access" {
                    item.access = crate::ir::Access::from_word(&self.snippet(p.value.span()));
                }
                if p.key.text == "value" {
                    item.value = crate::library::int_value(&p.value);
                }
                if p.key.text == "count" {
                    if let ast::Expr::Int { value, .. } = p.value {
                        item.count = u8::try_from(value).ok();
                    }
                }
                if p.key.text == "research" {
                    if let ast::Expr::Int { value, .. } = p.value {
                        item.research = u8::try_from(value).ok();
                    }
                }
            }
        }
        if !kind.plays() {
            // Whatever lints clean runs: an ability the runtime would never reach is an error.
            for a in crate::library::abilities(&d.entries) {
                self.lints.push(Lint::Unsupported {
                    what: format!("the abilities of a {} card", kind.word()),
                    help: format!(
                        "{} cards are not played yet; their names, counts and text may be written, \
                         their abilities not",
                        kind.word()
                    ),
                    span: a.span,
                });
            }
        }
        if kind.attachment() {
            // An attachment gives its `effect`s to whoever its access rule names; a power or
            // a flare half would belong to no alien and never act.
            for a in crate::library::abilities(&d.entries) {
                if a.kind.text != "effect" {
                    self.lints.push(Lint::Attachment {
                        found: format!("a `{}` in a {}", a.kind.text, kind.word()),
                        help: format!(
                            "a {}'s abilities are `effect`s, held by whoever its `access` rule \
                             names: write `effect \"Name\" ...`",
                            kind.word()
                        ),
                        span: a.kind.span,
                    });
                }
            }
        }
        let mut list = Vec::new();
        self.entries(&d.entries, index, &mut list, &mut item.has_flare);
        item.abilities = list;
        self.program.items.push(item);
    }

    fn collect_shared(&mut self, entries: &[Entry]) {
        for e in entries {
            match e {
                Entry::Let(l) => {
                    let name = name_tokens(&l.name);
                    self.item_lets.insert(name.clone(), l.value.clone());
                    let found = match &l.value {
                        ast::Expr::Int { value, .. } => Some((Expr::Int(*value as i32), Ty::Int)),
                        ast::Expr::Path(p) => {
                            vocabulary::resolve(&path_tokens(p), None, &self.item_bounds, 0)
                        }
                        _ => None,
                    };
                    if let Some((value, ty)) = found {
                        self.item_bounds.push(Bound {
                            tokens: name,
                            slot: 0,
                            ty,
                            value: Some(value),
                        });
                    }
                }
                Entry::Define(df) => {
                    self.defines.insert(name_tokens(&df.name), df.body.clone());
                }
                Entry::Section(s) => self.collect_shared(&s.entries),
                _ => {}
            }
        }
    }

    fn entries(&mut self, entries: &[Entry], item: u32, out: &mut Vec<u32>, flare: &mut bool) {
        for e in entries {
            match e {
                Entry::Ability(a) => out.push(self.ability(a, item)),
                Entry::Section(s) => {
                    if s.kind.text == "flare" {
                        *flare = true;
                    }
                    self.entries(&s.entries, item, out, flare);
                }
                _ => {}
            }
        }
    }
}
