//! The compiler: checked files in, a `Program` out, with every problem as a located lint.
//! Headers go through `header`; references through `vocabulary`; statements become IR here.
//! `let` at item level and `define` are inlined where they are used.

use crate::diagnostic::Lint;
use crate::header::{self, When};
use crate::ir::{
    self, ChoiceArm, Code, Dest, Expr, Happening, Home, Item, ItemKind, Op, Pick, Program,
    QuantityRef, Replaced, Stmt, StmtKind, Trigger,
};
use crate::library::SourceFile;
use crate::names::did_you_mean;
use crate::vocabulary::{self, Bound, Ty};
use cosmic_engine::effects::Until;
use cosmic_engine::state::Phase;
use cosmic_engine::{Outcome, Window};
use cosmic_grammar::ast::{self, Entry, Link, UnaryOp};
use cosmic_grammar::Span;
use std::collections::HashMap;

/// Compiles every file; lints are returned per file, in the files' order.
pub fn compile(files: &[SourceFile]) -> (Program, Vec<Vec<Lint>>) {
    let mut program = Program {
        format: ir::FORMAT,
        ..Program::default()
    };
    let mut lints = Vec::new();
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
                item_name: d.name.value.clone(),
                form: Form::Triggered,
                acts_until: None,
            }
            .item(d);
        }
        lints.push(out);
    }
    (program, lints)
}

/// Which form the ability being compiled has (what its statements may do).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Form {
    Triggered,
    /// At game setup, before any encounter.
    Setup,
    Continuous,
    Replacement,
}

struct Compiler<'a> {
    program: &'a mut Program,
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
    form: Form,
    /// The last phase the ability being compiled can act in, when it is limited to phases.
    acts_until: Option<Phase>,
}

fn name_tokens(n: &ast::Name) -> Vec<String> {
    n.words.iter().map(|w| w.text.to_lowercase()).collect()
}

impl Compiler<'_> {
    fn source(&mut self, name: String) -> u32 {
        self.program.sources.push(name);
        (self.program.sources.len() - 1) as u32
    }

    fn snippet(&self, span: Span) -> String {
        self.text
            .get(span.start..span.end)
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn item(&mut self, d: &ast::Decl) {
        let kind = match d.kind.text.as_str() {
            "alien" => ItemKind::Alien,
            "artifact" => ItemKind::Artifact,
            "tech" => ItemKind::Tech,
            _ => ItemKind::Other,
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
            secret: false,
            set: String::new(),
        };
        self.collect_shared(&d.entries);
        for e in &d.entries {
            if let Entry::Property(p) = e {
                if p.key.text == "power-loss" {
                    item.keeps_power = self.snippet(p.value.span()) == "never";
                }
                if p.key.text == "set" {
                    item.set = self.snippet(p.value.span()).to_string();
                }
                if p.key.text == "reveal" {
                    item.secret = self.snippet(p.value.span()) == "when-used";
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

    fn ability(&mut self, a: &ast::Ability, item: u32) -> u32 {
        let h = header::compile(a, self.text, &mut Vec::new());
        let home = match h.home.as_str() {
            "wild" => Home::Wild,
            "super" => Home::Super,
            "effect" => Home::Effect,
            _ => Home::Power,
        };
        let label = match (&h.name, home) {
            (Some(n), Home::Power) => format!("{}'s power ({n})", self.item_name),
            (None, Home::Power) => format!("{}'s power", self.item_name),
            (_, Home::Wild) => format!("{}'s wild flare", self.item_name),
            (_, Home::Super) => format!("{}'s super flare", self.item_name),
            // One rule for every named ability: what holds it, then its name in brackets.
            (Some(n), Home::Effect) => format!("{} ({n})", self.item_name),
            _ => self.item_name.clone(),
        };
        let source = self.source(label);
        self.scope.clear();
        self.slots = 0;
        let mut triggers = Vec::new();
        let mut replaces_power = false;
        self.form = Form::Triggered;
        for (w, t) in h.when.iter().zip(&a.timing) {
            match w {
                When::Setup => {
                    self.form = Form::Setup;
                    triggers.push(Trigger::Setup)
                }
                When::At { phases, window } => triggers.push(Trigger::At {
                    phases: phases.clone(),
                    window: window.unwrap_or(match phases.first() {
                        Some(&p) if phases.len() == 1 => Window::PhaseStart(p),
                        _ => Window::PhaseStart(Phase::StartTurn),
                    }),
                }),
                When::During(phases) => {
                    self.form = Form::Continuous;
                    triggers.push(Trigger::During(phases.clone()));
                }
                When::Whenever(text) => match text.as_str() {
                    "an alien power is used" | "a power is used" => {
                        triggers.push(Trigger::On(Happening::PowerUsed))
                    }
                    "a flare or an artifact is played" | "an artifact or a flare is played" => {
                        triggers.push(Trigger::On(Happening::CardPlayed))
                    }
                    "my power is zapped" => triggers.push(Trigger::On(Happening::MyPowerZapped)),
                    "this alien leaves the game" => {
                        triggers.push(Trigger::On(Happening::AlienLeft))
                    }
                    "an artifact is played" => {
                        triggers.push(Trigger::On(Happening::ArtifactPlayed))
                    }
                    "i make a deal" | "I make a deal" => triggers.push(Trigger::DealTerm),
                    "a flare is played" => triggers.push(Trigger::On(Happening::FlarePlayed)),
                    "a wild flare is played" => {
                        triggers.push(Trigger::On(Happening::WildFlarePlayed))
                    }
                    "i play an artifact" | "I play an artifact" => {
                        triggers.push(Trigger::On(Happening::MyArtifactPlayed))
                    }
                    "another player loses its power" => {
                        triggers.push(Trigger::On(Happening::PowerLost))
                    }
                    "the deck is reshuffled" => {
                        triggers.push(Trigger::On(Happening::DeckReshuffled))
                    }
                    "my ships go to the warp" => {
                        triggers.push(Trigger::On(Happening::MyShipsToWarp))
                    }
                    "another player's ships go to the warp" => {
                        triggers.push(Trigger::On(Happening::OthersShipsToWarp))
                    }
                    "another player's ships are removed from the game" => {
                        triggers.push(Trigger::On(Happening::OthersShipsRemoved))
                    }
                    "another player retrieves ships from the warp" => {
                        triggers.push(Trigger::On(Happening::OthersShipsRetrieved))
                    }
                    "another player draws cards" => {
                        triggers.push(Trigger::On(Happening::OthersCardsDrawn))
                    }
                    "another tech is used" => triggers.push(Trigger::On(Happening::TechUsed)),
                    "this tech is completed" => {
                        triggers.push(Trigger::On(Happening::TechCompleted))
                    }
                    "another player gains a colony" => {
                        triggers.push(Trigger::On(Happening::OthersColonyGained))
                    }
                    "another player discards an artifact" => triggers.push(Trigger::On(
                        Happening::OthersDiscard(cosmic_engine::CardType::Artifact),
                    )),
                    "another player discards a flare" => triggers.push(Trigger::On(
                        Happening::OthersDiscard(cosmic_engine::CardType::Flare),
                    )),
                    "another player discards a reinforcement" => triggers.push(Trigger::On(
                        Happening::OthersDiscard(cosmic_engine::CardType::Reinforcement),
                    )),
                    "i discard an artifact for a new hand"
                    | "I discard an artifact for a new hand" => triggers.push(Trigger::On(
                        Happening::NewHandDiscard(cosmic_engine::CardType::Artifact),
                    )),
                    "another player plays a reinforcement" => {
                        triggers.push(Trigger::On(Happening::ReinforcementPlayed))
                    }
                    "a deal fails" => triggers.push(Trigger::At {
                        phases: vec![Phase::Resolution],
                        window: Window::DealFailed,
                    }),
                    "a deal is made" => triggers.push(Trigger::At {
                        phases: vec![Phase::Resolution],
                        window: Window::DealMade,
                    }),
                    _ => self.unknown_event("event", text, t.span(), WHENEVER_WORDS),
                },
                When::InsteadOf(text) if text == "my power" => replaces_power = true,
                When::InsteadOf(text) => {
                    self.form = Form::Replacement;
                    match text.as_str() {
                        "my ships going to the warp" => {
                            triggers.push(Trigger::Instead(Replaced::Mine))
                        }
                        "the losing side's ships going to the warp" => {
                            triggers.push(Trigger::Instead(Replaced::LosingSide))
                        }
                        "another player's ships going to the warp" => {
                            triggers.push(Trigger::Instead(Replaced::Others))
                        }
                        "my allies' ships going to the warp"
                        | "my allies ships going to the warp" => {
                            triggers.push(Trigger::Instead(Replaced::MyAllies))
                        }
                        _ => self.unknown_event("replaced event", text, t.span(), INSTEAD_WORDS),
                    }
                }
            }
        }
        // With several `at` phases and no window, each phase's start is a trigger.
        let timing: Vec<&When> = h
            .when
            .iter()
            .filter(|w| !matches!(w, When::InsteadOf(t) if t == "my power"))
            .collect();
        if let [When::At {
            phases,
            window: None,
        }] = timing.as_slice()
        {
            if phases.len() > 1 {
                triggers = phases
                    .iter()
                    .map(|&p| Trigger::At {
                        phases: vec![p],
                        window: Window::PhaseStart(p),
                    })
                    .collect();
            }
        }
        // With an event or a replacement, `at PHASE` without a window limits when it applies
        // rather than being a trigger of its own.
        let mut phases = Vec::new();
        // (`instead of my power` names no event: a super's `at PHASE` stays its trigger.)
        if h.when.iter().any(|w| match w {
            When::Whenever(_) => true,
            When::InsteadOf(text) => text != "my power",
            _ => false,
        }) {
            for w in &h.when {
                if let When::At {
                    phases: ps,
                    window: None,
                } = w
                {
                    phases.extend(ps.iter().copied());
                }
            }
            triggers.retain(|t| {
                !matches!(t, Trigger::At { window: Window::PhaseStart(p), .. } if phases.contains(p))
            });
            phases.sort();
            phases.dedup();
            if phases.len() >= 8 {
                phases.clear();
            }
        }
        self.acts_until = if phases.is_empty() {
            last_phase(&triggers)
        } else {
            phases.last().copied()
        };
        let condition = a.condition.as_ref().map(|c| self.expr(c, Ty::Bool));
        if let (Some(c), Some(written)) = (&condition, &a.condition) {
            if crate::fold::never_holds(c) {
                self.lints.push(Lint::NeverHolds {
                    span: written.span(),
                });
            }
        }
        let prefer = a.prefer.as_ref().map(|c| self.expr(c, Ty::Bool));
        let limit = a.limit.as_ref().and_then(|l| {
            let text: Vec<&str> = l.words.iter().map(|w| w.text.as_str()).collect();
            match text.as_slice() {
                ["encounter"] => Some(Until::EndOfEncounter),
                ["turn"] => Some(Until::EndOfTurn),
                ["game"] => Some(Until::EndOfGame),
                _ => {
                    self.lints.push(Lint::UnknownName {
                        what: "limit".into(),
                        found: text.join(" "),
                        help: "write `once per encounter`, `once per turn` or `once per game`"
                            .into(),
                        span: l.span,
                    });
                    None
                }
            }
        });
        let body = self.block(&a.body);
        if self.form == Form::Continuous && !changes_quantity(&body) {
            self.lints.push(Lint::ChangesNothing { span: a.span });
        }
        if self.form == Form::Replacement && !moves_subject(&body) {
            self.lints.push(Lint::ReplacesNothing { span: a.span });
        }
        if replaces_power && home != Home::Super {
            self.lints.push(Lint::Unsupported {
                what: "`instead of my power` outside a super flare".into(),
                help: "only a super flare is used instead of its alien's power".into(),
                span: a.span,
            });
        }
        self.program.abilities.push(ir::Ability {
            item,
            source,
            home,
            usage: h.usage,
            roles: h.roles,
            triggers,
            condition,
            limit,
            prefer,
            phases,
            replaces_power,
            slots: self.slots,
            body,
            span: a.span,
        });
        (self.program.abilities.len() - 1) as u32
    }

    fn unknown_event(&mut self, what: &str, text: &str, span: Span, known: &[&str]) {
        let help = match did_you_mean(text, known.iter().copied()) {
            Some(m) => format!("did you mean `{m}`? Known: {}", known.join("; ")),
            None => format!("known: {}", known.join("; ")),
        };
        self.lints.push(Lint::UnknownName {
            what: what.into(),
            found: text.into(),
            help,
            span,
        });
    }

    fn block(&mut self, b: &ast::Block) -> Vec<Stmt> {
        let depth = self.scope.len();
        let mut out = Vec::new();
        for s in &b.stmts {
            let before = out.len();
            self.stmt(s, &mut out);
            self.check_form(&out[before..], s.span());
        }
        self.scope.truncate(depth);
        out
    }

    /// Refuses statements the ability's form does not run: a continuous ability's changes
    /// are read whenever a quantity is computed, so it can only change quantities.
    fn check_form(&mut self, written: &[Stmt], span: Span) {
        if self.form == Form::Setup && written.iter().any(|st| st.kind().needs_encounter()) {
            self.lints.push(Lint::Unsupported {
                what: format!("`{}` at game setup", self.snippet(span)),
                help: "there is no encounter, turn or use to act on before the game starts; \
                       act at a phase instead (`at start turn`)"
                    .into(),
                span,
            });
        }
        if self.form != Form::Continuous {
            return;
        }
        if written
            .iter()
            .any(|st| !matches!(st.kind(), StmtKind::Modify | StmtKind::If | StmtKind::Let))
        {
            self.lints.push(Lint::Unsupported {
                what: format!("`{}` in a `during` ability", self.snippet(span)),
                help: "a `during` ability holds for the whole phase and can only change \
                       quantities (`add 1 to my side's total`, with `let` and `if` if need be); to act \
                       once, write `at PHASE`"
                    .into(),
                span,
            });
        }
    }

    fn bind(&mut self, tokens: Vec<String>, ty: Ty) -> u8 {
        let slot = self.slots;
        self.slots = self.slots.saturating_add(1);
        self.scope.push(Bound {
            tokens,
            slot,
            ty,
            value: None,
        });
        slot
    }

    fn stmt(&mut self, s: &ast::Stmt, out: &mut Vec<Stmt>) {
        match s {
            ast::Stmt::Action(a) => {
                if let Some(st) = self.action(a) {
                    out.push(st);
                }
            }
            ast::Stmt::If(i) => out.push(self.if_stmt(i)),
            ast::Stmt::ForEach(f) => {
                // `for each ship in (that number)`: the block runs that many times.
                let before = self.lints.len();
                let (over, var_ty) = match self.any_expr(&f.over) {
                    (x, Ty::Int) => (x, Ty::Int),
                    (x, Ty::Cards) => (x, Ty::Card),
                    _ => {
                        self.lints.truncate(before);
                        (self.expr(&f.over, Ty::Players), Ty::Player)
                    }
                };
                let depth = self.scope.len();
                let slot = self.bind(vec![f.var.text.to_lowercase()], var_ty);
                let body = self.block(&f.body);
                self.scope.truncate(depth);
                out.push(Stmt::ForEach(slot, over, body));
            }
            ast::Stmt::Let(l) => {
                let (value, ty) = self.any_expr(&l.value);
                let slot = self.bind(name_tokens(&l.name), ty);
                out.push(Stmt::Let(slot, value));
            }
            ast::Stmt::Choose(c) => {
                if let Some(st) = self.choose(c) {
                    out.push(st);
                }
            }
            ast::Stmt::ChooseOne(c) => {
                let mut options = Vec::new();
                for o in &c.options {
                    let label = self.source(o.label.value.clone());
                    let prefer = o.prefer.as_ref().map(|p| self.expr(p, Ty::Bool));
                    let body = self.block(&o.body);
                    options.push(ChoiceArm {
                        label,
                        prefer,
                        body,
                    });
                }
                out.push(Stmt::ChooseOne(options));
            }
            ast::Stmt::As(a) => {
                let who = self.expr(&a.player, Ty::Player);
                let body = self.block(&a.body);
                out.push(Stmt::As(who, body));
            }
            ast::Stmt::Do(d) => match self.defines.get(&name_tokens(&d.name)).cloned() {
                Some(_) if self.expanding.contains(&name_tokens(&d.name)) => {
                    self.lints.push(Lint::RecursiveDefine {
                        name: name_tokens(&d.name).join(" "),
                        span: d.span,
                    });
                }
                Some(body) => {
                    self.expanding.push(name_tokens(&d.name));
                    for s in &body.stmts {
                        self.stmt(s, out);
                    }
                    self.expanding.pop();
                }
                None => {
                    let known: Vec<String> = self.defines.keys().map(|k| k.join(" ")).collect();
                    self.lints.push(Lint::UnknownName {
                        what: "definition".into(),
                        found: name_tokens(&d.name).join(" "),
                        help: if known.is_empty() {
                            "this item has no `define`".into()
                        } else {
                            format!("defined here: {}", known.join(", "))
                        },
                        span: d.span,
                    });
                }
            },
            ast::Stmt::Invalid(_) => {}
        }
    }

    fn if_stmt(&mut self, i: &ast::If) -> Stmt {
        let cond = self.expr(&i.cond, Ty::Bool);
        let then = self.block(&i.then);
        let otherwise = match &i.otherwise {
            None => Vec::new(),
            Some(ast::Else::Block(b)) => self.block(b),
            Some(ast::Else::If(inner)) => vec![self.if_stmt(inner)],
        };
        Stmt::If(cond, then, otherwise)
    }

    fn choose(&mut self, c: &ast::Choose) -> Option<Stmt> {
        let what = self.snippet(c.what.span());
        if what == "the destiny card" && c.from.is_none() && c.binding.is_none() {
            return Some(Stmt::ChooseDestiny);
        }
        let pick = match (what.as_str(), &c.from, &c.to) {
            ("a number", Some(lo), Some(hi)) => Some((
                Pick::Number(self.expr(lo, Ty::Int), self.expr(hi, Ty::Int)),
                Ty::Int,
            )),
            ("a player", from, None) => {
                let list = match from {
                    Some(f) => self.expr(f, Ty::Players),
                    None => Expr::AllPlayers,
                };
                Some((Pick::Player(list), Ty::Player))
            }
            ("a defense", from, None) => {
                let list = match from {
                    Some(f) => self.expr(f, Ty::Players),
                    None => Expr::AllPlayers,
                };
                Some((Pick::Defense(list), Ty::Player))
            }
            ("a side", Some(f), None) => Some((Pick::Side(self.expr(f, Ty::Side)), Ty::Side)),
            ("a card", Some(f), None) => Some((Pick::Card(self.expr(f, Ty::Cards)), Ty::Card)),
            ("a planet", Some(f), None) => {
                Some((Pick::Planet(self.expr(f, Ty::Planets)), Ty::Planet))
            }
            ("a side", None, None) => Some((
                Pick::Side(Expr::List(vec![
                    Expr::Side(cosmic_engine::Side::Offense),
                    Expr::Side(cosmic_engine::Side::Defense),
                ])),
                Ty::Side,
            )),
            _ => {
                // `choose any number of the allies`: the object is the list itself.
                if what.starts_with("any number of ") {
                    match &c.what {
                        ast::Expr::Path(p) => {
                            let mut p = p.clone();
                            // Drop the words `any number` and the `of` link.
                            p.segments.remove(0);
                            // Players, or else cards (`any number of attack cards in my hand`).
                            let before = self.lints.len();
                            match self.path(&p, Some(Ty::Players)) {
                                Some((e, ty)) if ty.fits(Ty::Players) => {
                                    Some((Pick::Players(e), Ty::Players))
                                }
                                _ => {
                                    self.lints.truncate(before);
                                    self.path(&p, Some(Ty::Cards))
                                        .map(|(e, _)| (Pick::Cards(e), Ty::Cards))
                                }
                            }
                        }
                        _ => None,
                    }
                } else {
                    None
                }
            }
        };
        let Some((pick, ty)) = pick else {
            self.lints.push(Lint::Unsupported {
                what: format!("`choose {what}`"),
                help: "choose `a player [from PLAYERS]`, `a side [from [SIDES]]`, `a card from [CARDS]`, `a number from LOW to HIGH`, or `any number of PLAYERS`".into(),
                span: c.span,
            });
            return None;
        };
        let tokens = c.binding.as_ref().map(name_tokens).unwrap_or_default();
        let slot = self.bind(tokens, ty);
        Some(Stmt::Choose(slot, pick))
    }

    fn arg<'b>(&self, a: &'b ast::Action, prep: &str) -> Option<&'b ast::Expr> {
        a.args
            .iter()
            .find(|x| x.prep.text == prep)
            .map(|x| &x.value)
    }

    fn until(&mut self, a: &ast::Action) -> Until {
        match self.arg(a, "until").map(|e| self.snippet(e.span())) {
            None => Until::EndOfEncounter,
            Some(t) => match t.as_str() {
                "the end of the encounter" => Until::EndOfEncounter,
                "my new hand is drawn" => Until::NewHand,
                "the end of the turn" => Until::EndOfTurn,
                "the end of the game" => Until::EndOfGame,
                other => {
                    self.lints.push(Lint::UnknownName {
                        what: "duration".into(),
                        found: other.into(),
                        help: "write `until the end of the encounter`, `until the end of the turn`, `until the end of the game` or `until my new hand is drawn`".into(),
                        span: a.span,
                    });
                    Until::EndOfEncounter
                }
            },
        }
    }

    /// The name an action's `as NAME` gives what it makes (`Some(None)` without one); a
    /// name that is not plain words is reported with `help`, and gives `None`.
    fn bind_as(&mut self, a: &ast::Action, ty: Ty, help: &str) -> Option<Option<u8>> {
        match self.arg(a, "as") {
            Some(ast::Expr::Path(p)) => Some(Some(self.bind(path_tokens(p), ty))),
            Some(_) => {
                self.unsupported(a, help);
                None
            }
            None => Some(None),
        }
    }

    fn unsupported(&mut self, a: &ast::Action, help: &str) -> Option<Stmt> {
        self.lints.push(Lint::Unsupported {
            what: format!("`{}`", self.snippet(a.span)),
            help: help.into(),
            span: a.span,
        });
        None
    }

    fn action(&mut self, a: &ast::Action) -> Option<Stmt> {
        let verb = a.verb.text.split_whitespace().collect::<Vec<_>>().join(" ");
        let object = a.object.as_ref();
        let object_text = object.map(|o| self.snippet(o.span())).unwrap_or_default();
        match verb.as_str() {
            "set" | "add" | "subtract" | "multiply" | "divide" => self.modify(&verb, a),
            "remove"
                if object_text.starts_with("my ")
                    && object_text.ends_with(" tokens")
                    && self.arg(a, "from").is_none() =>
            {
                // `remove my cannon tokens`: the kind is named as it was placed (`a cannon token`).
                let kind = &object_text[3..object_text.len() - 1];
                let key = self.declaration(kind);
                Some(Stmt::RemovePlanetTokens(key))
            }
            "remove" => {
                let from = self.arg(a, "from").map(|e| self.snippet(e.span()));
                if from.as_deref() == Some("the game") {
                    // `remove 1 of my ships in the warp from the game`: the owner picks which.
                    if let Some(ast::Expr::Count { count, noun, .. }) = object {
                        let n = self.expr(count, Ty::Int);
                        let ships = self.path(noun, Some(Ty::Ships)).map(|(e, _)| e)?;
                        return Some(Stmt::Move {
                            ships,
                            count: Some(n),
                            up_to: false,
                            to: Dest::Removed(None),
                            chooser: None,
                        });
                    }
                    let ships = self.expr(object?, Ty::Ships);
                    // `with 5 ships kept`: the owner never drops below 5 ships in the game.
                    let keep = match self.arg(a, "with") {
                        Some(ast::Expr::Count { count, .. }) => {
                            Some(Box::new(self.expr(count, Ty::Int)))
                        }
                        Some(other) => {
                            self.lints.push(Lint::Unsupported {
                                what: format!("`with {}`", self.snippet(other.span())),
                                help: "write `remove them from the game with 5 ships kept`".into(),
                                span: other.span(),
                            });
                            None
                        }
                        None => None,
                    };
                    Some(Stmt::Move {
                        ships,
                        count: None,
                        up_to: false,
                        to: Dest::Removed(keep),
                        chooser: None,
                    })
                } else {
                    self.tokens(a, -1)
                }
            }
            "move" => self.move_stmt(a),
            "draw" if object_text == "a new hand" => Some(Stmt::NewHand),
            "draw" => {
                let n = match object {
                    Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
                    _ => Expr::Int(1),
                };
                // `draw 4 cards as drawn` names the cards drawn.
                let named = self.bind_as(
                    a,
                    Ty::Cards,
                    "name the cards drawn with a plain name: `draw 4 cards as drawn`",
                )?;
                Some(Stmt::Draw(n, named))
            }
            "discard" if object_text.starts_with("1 card of each type in") => {
                let who = match object {
                    Some(ast::Expr::Count { noun, .. }) => {
                        let mut p = noun.clone();
                        // `card of each type in PLAYER's hand`: the owner is after `in`.
                        let at = p.segments.iter().position(|s| s.link == Some(Link::In));
                        match at {
                            Some(i) => {
                                p.segments.drain(..=i);
                                let hand = ast::Expr::Path(p);
                                self.owner_of(&hand, "hand")?
                            }
                            None => Expr::Me,
                        }
                    }
                    _ => Expr::Me,
                };
                Some(Stmt::DiscardEachType(who))
            }
            "discard" if object_text == "the destiny card" => Some(Stmt::RedrawDestiny),
            "discard" if object_text == "that tech" => Some(Stmt::DiscardSubjectTech),
            "have" if object_text == "the encounter" => {
                let with = self.arg(a, "with")?;
                // `with PLAYER on any planet`: wherever that player has a colony.
                let mut anywhere = false;
                let defense = match with {
                    ast::Expr::Path(p) if p.segments.len() > 1 && {
                        let last = p.segments.last()?;
                        last.words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>() == ["any", "planet"]
                    } => {
                        anywhere = true;
                        self.path(&without_last(p), Some(Ty::Player)).map(|(e, _)| e)?
                    }
                    other => self.expr(other, Ty::Player),
                };
                Some(Stmt::EncounterWith { defense, anywhere })
            }
            "become" if object_text == "a random unused alien" => {
                Some(Stmt::GainRandomAlien { incarnation: true })
            }
            "gain" if object_text == "the power of a random unused alien" => {
                Some(Stmt::GainRandomAlien { incarnation: false })
            }
            "replace" if object_text.ends_with("alien") => {
                let with = self.arg(a, "with").map(|x| self.snippet(x.span()));
                if with.as_deref() != Some("a random unused alien") {
                    return self.unsupported(a, "write `replace PLAYER's alien with a random unused alien`");
                }
                let p = self.owner_of(object?, "alien")?;
                Some(Stmt::ReplaceAlien(p))
            }
            "play"
                if object.is_none()
                    && self
                        .arg(a, "from")
                        .is_some_and(|f| self.snippet(f.span()) == "my sheet") =>
            {
                if self.arg(a, "for").map(|f| self.snippet(f.span())).as_deref()
                    != Some("the rest of the game")
                {
                    return self.unsupported(a, "write `play from my sheet for the rest of the game`");
                }
                Some(Stmt::OpenSheet)
            }
            "place" if object_text.ends_with(" token") && self.arg(a, "beside").is_some() => {
                let key = self.token_kind(&object_text);
                let planet = self.expr(self.arg(a, "beside")?, Ty::Planet);
                Some(Stmt::PlaceToken { key, planet })
            }
            "place" => {
                let object = object?;
                if let Some(pl) = self.arg(a, "beside") {
                    let card = self.expr(object, Ty::Cards);
                    let planet = Some(self.expr(pl, Ty::Planet));
                    let until = self.arg(a, "until").map(|_| self.until(a));
                    return Some(Stmt::SetAside {
                        card,
                        planet,
                        until,
                    });
                }
                // `place a prometheus ship on site`: a ship token joins my fleet there.
                if let ast::Expr::Path(p) = object {
                    let n = p.segments.len();
                    if n > 1 && p.segments[n - 2].link == Some(Link::On) {
                        let what = self.snippet(Span {
                            start: p.segments[0].span.start,
                            end: p.segments[n - 2].span.end,
                        });
                        if what.ends_with(" ship") {
                            let key = self.token_kind(&what);
                            let mut at = p.clone();
                            at.segments = vec![p.segments[n - 1].clone()];
                            at.span = p.segments[n - 1].span;
                            let planet = self.path(&at, Some(Ty::Planet)).map(|(e, _)| e)?;
                            return Some(Stmt::PlaceShipToken { key, planet });
                        }
                    }
                }
                // `place gift on my sheet`: the last segment is the sheet (or `this tech`).
                match object {
                    ast::Expr::Path(p)
                        if p.segments.len() > 1
                            && p.segments[p.segments.len() - 2].link == Some(Link::On)
                            && self.snippet(p.segments.last()?.span) == "this tech" =>
                    {
                        let card = self.path(&without_last(p), Some(Ty::Cards)).map(|(e, _)| e)?;
                        Some(Stmt::SetUnderTech(card))
                    }
                    ast::Expr::Path(p)
                        if p.segments.len() > 1
                            && p.segments[p.segments.len() - 2].link == Some(Link::On)
                            && self.snippet(p.segments.last()?.span) == "my sheet" =>
                    {
                        let card = self.path(&without_last(p), Some(Ty::Cards)).map(|(e, _)| e)?;
                        let until = self.arg(a, "until").map(|_| self.until(a));
                        Some(Stmt::SetAside {
                            card,
                            planet: None,
                            until,
                        })
                    }
                    _ => self.unsupported(
                        a,
                        "write `place CARD beside PLANET` (face up) or `place CARD on my sheet` (face down), with `until the end of the encounter` if it comes back",
                    ),
                }
            }
            "destroy" => Some(Stmt::DestroyPlanet(self.expr(object?, Ty::Planet))),
            "create" if object_text.starts_with("a planet in ") => {
                let owner = match object? {
                    ast::Expr::Path(p) if p.segments.len() > 1 => {
                        let mut p = p.clone();
                        p.segments.remove(0);
                        self.owner_of(&ast::Expr::Path(p), "home system")?
                    }
                    _ => return self.unsupported(a, "write `create a planet in my home system`"),
                };
                // `as genesis` names the new planet.
                let named = self.bind_as(
                    a,
                    Ty::Planet,
                    "name the new planet with a plain name: `create a planet in my home system as genesis`",
                )?;
                Some(Stmt::CreatePlanet { owner, named })
            }
            "lend" if object_text == "my power" => {
                let to = self.expr(self.arg(a, "to")?, Ty::Player);
                Some(Stmt::LendPower(to))
            }
            "force" => {
                // `force recipient to play gift`: the words after `to` are `play CARD`.
                let card = match self.arg(a, "to") {
                    Some(ast::Expr::Path(p))
                        if p.segments[0].words.first().map(|w| w.text.as_str()) == Some("play")
                            && p.segments[0].words.len() > 1 =>
                    {
                        let mut p = p.clone();
                        p.segments[0].words.remove(0);
                        self.path(&p, Some(Ty::Card)).map(|(e, _)| e)?
                    }
                    _ => return self.unsupported(a, "write `force PLAYER to play CARD`"),
                };
                let who = self.expr(object?, Ty::Player);
                Some(Stmt::ObligePlay { who, card })
            }
            "replace" if object_text.ends_with("encounter card") => {
                let who = self.owner_of(object?, "encounter card")?;
                let Some(with) = self.arg(a, "with") else {
                    return self.unsupported(a, "write `replace my encounter card with CARD`");
                };
                let card = self.expr(with, Ty::Card);
                Some(Stmt::ReplaceEncounterCard { who, card })
            }
            "swap" => {
                let with = self.arg(a, "with");
                match (object, with) {
                    (Some(x), Some(y)) => {
                        let xt = self.snippet(x.span());
                        if xt.ends_with("hand") {
                            let p = self.owner_of(x, "hand")?;
                            let q = self.owner_of(y, "hand")?;
                            Some(Stmt::SwapHands(p, q))
                        } else if xt.ends_with("encounter card") {
                            Some(Stmt::SwapEncounterCards)
                        } else if xt.ends_with("alien") {
                            let p = self.owner_of(x, "alien")?;
                            let q = self.owner_of(y, "alien")?;
                            Some(Stmt::SwapAliens(p, q))
                        } else {
                            self.unsupported(a, "swap two hands (`swap my hand with opponent's hand`), two aliens (`swap offense's alien with defense's alien`) or the two encounter cards")
                        }
                    }
                    _ => self.unsupported(a, "write `swap A with B`"),
                }
            }
            "play" if object_text.ends_with("encounter card face up") => {
                Some(Stmt::SelectFaceUp(Expr::Me))
            }
            "play"
                if self
                    .arg(a, "as")
                    .is_some_and(|x| self.snippet(x.span()) == "a reinforcement") =>
            {
                let card = self.expr(object?, Ty::Card);
                let side = match self.arg(a, "for") {
                    Some(f) => self.expr(f, Ty::Side),
                    None => Expr::SideOf(Box::new(Expr::Me)),
                };
                Some(Stmt::Reinforce { card, side })
            }
            "join" => {
                let side = self.expr(object?, Ty::Side);
                Some(Stmt::Join(side))
            }
            "cancel" => match object_text.as_str() {
                "it" | "that use" | "that play" => Some(Stmt::CancelSubject),
                "that power" => {
                    let until = self.until(a);
                    Some(Stmt::PowerOffSubject(until))
                }
                "the deal" => Some(Stmt::FailDeal),
                "my power" => Some(Stmt::ZapOwnPower),
                _ => self.unsupported(
                    a,
                    "cancel `it`, `that use`, `that power`, `my power` or `the deal`",
                ),
            },
            "declare" => {
                let words = object_text
                    .split_whitespace()
                    .filter(|w| !matches!(*w, "a" | "an" | "the"))
                    .collect::<Vec<_>>()
                    .join(" ");
                let key = self.declaration(&words);
                Some(Stmt::Declare(key))
            }
            "have" if object_text == "another encounter" => Some(Stmt::AnotherEncounter),
            "have" if object_text == "an encounter" && self.arg(a, "with").is_none() => {
                Some(Stmt::OwnEncounter)
            }
            "have" if object_text == "an encounter" && self.arg(a, "with").is_some() => {
                let defense = self.expr(self.arg(a, "with")?, Ty::Player);
                Some(Stmt::OutOfTurnEncounter(defense))
            }
            "discard" if matches!(object_text.as_str(), "this card" | "this flare") => {
                Some(Stmt::DiscardThis)
            }
            "shuffle" => match (object, self.arg(a, "with")) {
                (Some(x), Some(y)) if self.snippet(x.span()).ends_with("hand") => {
                    let p = self.owner_of(x, "hand")?;
                    let q = self.owner_of(y, "hand")?;
                    Some(Stmt::MixHands(p, q))
                }
                _ => self.unsupported(a, "write `shuffle my hand with opponent's hand`"),
            },
            "give" if object_text == "this tech" => {
                let to = self.expr(self.arg(a, "to")?, Ty::Player);
                Some(Stmt::GiveTech(to))
            }
            "give" if object_text.ends_with(" token") => {
                // `give a grudge token to victim`: a token of that kind on the player.
                let to = self.expr(self.arg(a, "to")?, Ty::Player);
                let key = self.token_kind(&object_text);
                Some(Stmt::GiveToken(to, key))
            }
            "give" => {
                let to = self.expr(self.arg(a, "to")?, Ty::Player);
                if let (Some(ast::Expr::Count { count, noun, .. }), Some(from)) =
                    (object, self.arg(a, "from"))
                {
                    if self.snippet(noun.span) == "cards" {
                        if self.owner_of(from, "hand")? != Expr::Me {
                            return self.unsupported(a, "a player gives from its own hand: `give 2 cards from my hand to opponent`");
                        }
                        let count = self.expr(count, Ty::Int);
                        return Some(Stmt::GiveCards { count, to });
                    }
                }
                let card = match object_text.as_str() {
                    "this card" | "this flare" => Some(Expr::ThisCard),
                    "1 card" if self.arg(a, "from").is_some() => {
                        let from = self.owner_of(self.arg(a, "from")?, "hand")?;
                        if from != Expr::Me {
                            return self.unsupported(a, "a player gives from its own hand: `give 1 card from my hand to opponent`");
                        }
                        None
                    }
                    _ => {
                        return self.unsupported(
                            a,
                            "write `give this card to PLAYER` or `give 1 card from my hand to PLAYER`",
                        )
                    }
                };
                // `give 1 card from my hand to PLAYER as offer` names the card given.
                let named = self.arg(a, "as").map(|n| {
                    let words = self.snippet(n.span()).to_lowercase();
                    let tokens = words.split_whitespace().map(str::to_string).collect();
                    self.bind(tokens, Ty::Card)
                });
                Some(Stmt::Give { card, to, named })
            }
            "take" if object_text.ends_with("at random") => {
                let count = match object {
                    Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
                    _ => Expr::Int(1),
                };
                let from = self.owner_of(self.arg(a, "from")?, "hand")?;
                Some(Stmt::TakeRandom { count, from })
            }
            "take" if self.arg(a, "from").is_some() => {
                let (inner, up_to) = match object {
                    Some(ast::Expr::Unary {
                        op: UnaryOp::UpTo,
                        operand,
                        ..
                    }) => (Some(&**operand), true),
                    o => (o, false),
                };
                let count = match inner {
                    Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
                    _ => return self.unsupported(a, "write `take 2 cards from opponent's hand` or `take up to (n) cards from opponent's hand`"),
                };
                let from = self.owner_of(self.arg(a, "from")?, "hand")?;
                Some(Stmt::TakeChosen { count, up_to, from })
            }
            "discard" if object_text.starts_with("any number of ") => {
                let list = match object {
                    Some(ast::Expr::Path(p)) => {
                        let mut p = p.clone();
                        // Drop the words `any number` and the `of` link.
                        p.segments.remove(0);
                        self.path(&p, Some(Ty::Cards)).map(|(e, _)| e)
                    }
                    _ => None,
                }?;
                Some(Stmt::DiscardAny(list))
            }
            "discard" if object_text.ends_with("hand") && self.arg(a, "from").is_none() => {
                let who = self.owner_of(object?, "hand")?;
                Some(Stmt::DiscardHand(who))
            }
            "discard" if object_text.ends_with("at random") && self.arg(a, "from").is_some() => {
                let count = match object {
                    Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
                    _ => Expr::Int(1),
                };
                let from = self.owner_of(self.arg(a, "from")?, "hand")?;
                Some(Stmt::DiscardRandom { count, from })
            }
            // `discard it`, `discard fodder`: cards named by a reference, wherever they lie.
            "discard"
                if self.arg(a, "from").is_none() && matches!(object, Some(ast::Expr::Path(_))) =>
            {
                let cards = self.expr(object?, Ty::Cards);
                Some(Stmt::DiscardCards(cards))
            }
            "discard" if self.arg(a, "from").is_some() => {
                let from = self.owner_of(self.arg(a, "from")?, "hand")?;
                if from != Expr::Me {
                    return self.unsupported(a, "a player discards from its own hand: `discard 1 card from my hand`");
                }
                // `discard up to 3 cards from my hand`: the player may discard fewer.
                let mut object = object;
                let mut up_to = false;
                if let Some(ast::Expr::Unary {
                    op: UnaryOp::UpTo,
                    operand,
                    ..
                }) = object
                {
                    up_to = true;
                    object = Some(&**operand);
                }
                let (count, mut noun) = match object {
                    Some(ast::Expr::Count { count, noun, .. }) => {
                        (self.expr(count, Ty::Int), self.snippet(noun.span))
                    }
                    _ => return self.unsupported(a, "write `discard 1 card from my hand` or `discard 1 negotiate card from my hand`"),
                };
                // `discard 1 card that matches hated from my hand`.
                let mut like = None;
                if let (Some(i), Some(ast::Expr::Count { noun: path, .. })) =
                    (noun.find(" that match"), object)
                {
                    let mut p = path.clone();
                    let first = p.segments.first_mut()?;
                    let skip = first
                        .words
                        .iter()
                        .position(|w| w.text == "match" || w.text == "matches")?;
                    first.words.drain(..=skip);
                    if first.words.is_empty() {
                        p.segments.remove(0);
                    }
                    like = Some(self.path(&p, Some(Ty::Card)).map(|(e, _)| e)?);
                    noun.truncate(i);
                }
                let ty = match noun.trim_end_matches('s') {
                    "card" => None,
                    other => match other.strip_suffix(" card").map(|t| {
                        vocabulary::resolve(&[t.to_string()], Some(Ty::Type), &[], 0)
                    }) {
                        Some(Some((Expr::Type(t), _))) => Some(t),
                        _ => return self.unsupported(a, "write `discard 1 card from my hand` or `discard 1 negotiate card from my hand`"),
                    },
                };
                Some(Stmt::DiscardChosen {
                    count,
                    ty,
                    like,
                    up_to,
                })
            }
            "reveal" if object.is_some() && self.arg(a, "to").is_none() => {
                // `reveal hated`: a card of the acting player's hand, shown to everyone.
                let card = self.expr(object?, Ty::Card);
                Some(Stmt::ShowCard(card))
            }
            "keep" if object_text == "my encounter card face down" => Some(Stmt::KeepFaceDown),
            "look at" if object_text.ends_with("draws") => {
                let who = self.owner_of(object?, "draws")?;
                Some(Stmt::WatchDraws(who))
            }
            "look at" if object_text.ends_with("hand") => {
                let who = self.owner_of(object?, "hand")?;
                Some(Stmt::LookAtHand(who))
            }
            "end" if object_text == "the encounter successfully" => {
                Some(Stmt::EndEncounter(Outcome::OffenseWins))
            }
            "end" if object_text == "the encounter" => {
                let with = self.arg(a, "with").map(|e| self.snippet(e.span()));
                match with.as_deref() {
                    Some("a successful deal") => Some(Stmt::EndEncounter(Outcome::DealMade)),
                    Some("both sides losing") => Some(Stmt::EndEncounter(Outcome::BothLose)),
                    _ => self.unsupported(
                        a,
                        "write `end the encounter with a successful deal` or `end the encounter with both sides losing`",
                    ),
                }
            }
            "win" if object_text == "the game" => Some(Stmt::Win),
            "win" if object_text == "the encounter" => Some(Stmt::WinEncounter),
            "lose" if object_text == "my power" => Some(Stmt::LosePower(self.until(a))),
            "regain" if object_text == "my power" => Some(Stmt::RegainPower),
            _ => self.unsupported(
                a,
                "the runtime runs: set/add/subtract/multiply/divide a quantity, add/remove tokens, move or remove ships, draw (a new hand), discard one card of each type or this card, swap hands, aliens or encounter cards, shuffle hands together, give or take cards, play an encounter card face up, join a side, cancel, declare, have another encounter, end the encounter, win the encounter or the game, lose/regain my power, reveal a card, give a token",
            ),
        }
    }

    /// `PLAYER's WORDS ships in the encounter`: how many of its ship tokens of that kind
    /// (`place a WORDS ship on PLANET`) are in the encounter.
    fn ship_tokens_in_encounter(&mut self, toks: &[String], scope: &[Bound]) -> Option<(Expr, Ty)> {
        let tail = ["ships", "in", "encounter"];
        if toks.len() < 5 || toks[toks.len() - 3..] != tail {
            return None;
        }
        let (who, words) = match toks.iter().position(|t| t == "'s") {
            Some(i) => (
                vocabulary::resolve(&toks[..i], Some(Ty::Player), scope, 0)?.0,
                &toks[i + 1..toks.len() - 3],
            ),
            None if toks[0] == "my" => (Expr::Me, &toks[1..toks.len() - 3]),
            None => return None,
        };
        if words.is_empty() || words.iter().any(|w| w == "'s") {
            return None;
        }
        // Named as it was placed: `a prometheus ship`.
        let key = self.declaration(&format!("{} ship", words.join(" ")));
        Some((Expr::ShipTokensInEncounter(Box::new(who), key), Ty::Int))
    }

    /// The kind of token `a grudge token` names (its words without the article), numbered
    /// like a declaration.
    fn token_kind(&mut self, object_text: &str) -> u32 {
        let words = object_text
            .split_whitespace()
            .filter(|w| !matches!(*w, "a" | "an" | "the" | "1"))
            .collect::<Vec<_>>()
            .join(" ");
        self.declaration(&words)
    }

    /// The declaration's source number (one per distinct wording in the library).
    fn declaration(&mut self, words: &str) -> u32 {
        let label = words.to_string();
        match self.program.sources.iter().position(|s| *s == label) {
            Some(i) => i as u32,
            None => self.source(label),
        }
    }

    fn owner_of(&mut self, e: &ast::Expr, noun: &str) -> Option<Expr> {
        // `PLAYER's hand` is read as the player who owns it (the noun may be several words).
        let noun_words: Vec<&str> = noun.split(' ').collect();
        if let ast::Expr::Path(p) = e {
            let mut p = p.clone();
            let last = p.segments.last_mut()?;
            let words: Vec<&str> = last.words.iter().map(|w| w.text.as_str()).collect();
            if words.ends_with(&noun_words) {
                if last.words.len() > noun_words.len() {
                    // `my hand`: the owner is the possessive pronoun.
                    last.words.truncate(last.words.len() - noun_words.len());
                    let words: Vec<String> = last.words.iter().map(|w| w.text.clone()).collect();
                    if words == ["my"] {
                        return Some(Expr::Me);
                    }
                } else {
                    p = without_last(&p);
                }
                return self.path(&p, Some(Ty::Player)).map(|(e, _)| e);
            }
        }
        self.lints.push(Lint::TypeMismatch {
            expected: format!("a player's {noun}"),
            found: self.snippet(e.span()),
            help: format!("write `my {noun}` or `opponent's {noun}`"),
            span: e.span(),
        });
        None
    }

    fn tokens(&mut self, a: &ast::Action, sign: i32) -> Option<Stmt> {
        let n = match a.object.as_ref() {
            Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
            _ => {
                return self.unsupported(
                    a,
                    "write `add 10 tokens to this sheet` or `remove 1 token from this sheet`",
                )
            }
        };
        let delta = if sign < 0 { Expr::Neg(Box::new(n)) } else { n };
        Some(Stmt::Tokens {
            player: Expr::Me,
            delta,
        })
    }

    /// The names bound in scope (by `choose`, `let`, `for each`...) that `text` uses as whole
    /// words, with their slots, longest first (an inner name shadows an outer one).
    fn names_in(&self, text: &str) -> Vec<(String, u8)> {
        let mut names: Vec<(String, u8)> = Vec::new();
        for b in self.scope.iter().rev().filter(|b| b.value.is_none()) {
            let name = b.tokens.join(" ");
            if !names.iter().any(|(n, _)| *n == name) && crate::reads::uses(text, &name) {
                names.push((name, b.slot));
            }
        }
        names.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
        names
    }

    fn modify(&mut self, verb: &str, a: &ast::Action) -> Option<Stmt> {
        let object = a.object.as_ref()?;
        let object_text = self.snippet(object.span());
        if verb == "add" && object_text.ends_with("tokens") || object_text.ends_with(" token") {
            return self.tokens(a, 1);
        }
        let (target, amount, op) = match verb {
            "set" => (object, self.arg(a, "to")?, Op::Set),
            "add" => (self.arg(a, "to")?, object, Op::Add),
            "subtract" => (self.arg(a, "from")?, object, Op::Sub),
            "multiply" => (object, self.arg(a, "by")?, Op::Mul),
            _ => (object, self.arg(a, "by")?, Op::Div),
        };
        let before = self.lints.len();
        // A quantity changed before the rules compute it: the change lasts until then, so
        // the target need not exist yet (a total raised in planning counts at reveal).
        let until = self.acts_until.take();
        let (t, ty) = self.any_expr(target);
        self.acts_until = until;
        if self.lints.len() > before {
            return None; // the reference itself was reported
        }
        match t {
            Expr::Quantity(q) => {
                let want = if q == QuantityRef::Winner {
                    Ty::Side
                } else {
                    Ty::Int
                };
                let value = self.expr(amount, want);
                let relative = reads(&value, &q);
                let until = self.until(a);
                self.program.codes.push(Code {
                    op,
                    amount: value,
                    relative,
                });
                let code = (self.program.codes.len() - 1) as u32;
                let text = self.snippet(a.span);
                let names = self.names_in(&text);
                let label = format!("{}: {text}", self.item_name);
                let source = self.source(label);
                Some(Stmt::Modify {
                    quantity: q,
                    code,
                    source,
                    until,
                    names,
                })
            }
            Expr::TypeOf(card) if op == Op::Set => {
                let to = match self.expr(amount, Ty::Type) {
                    Expr::Type(t) => t,
                    _ => return None,
                };
                let label = format!("{}: {}", self.item_name, self.snippet(a.span));
                let source = self.source(label);
                Some(Stmt::SetType {
                    card: *card,
                    to,
                    source,
                })
            }
            _ => {
                self.lints.push(Lint::TypeMismatch {
                    expected: "a quantity (a total, a value, a limit, the winner...)".into(),
                    found: ty.words().into(),
                    help: "only quantities can be set, added to or multiplied: `my side's total`, `my encounter card's value`, `my launch limit`, `the winner`".into(),
                    span: target.span(),
                });
                None
            }
        }
    }

    fn move_stmt(&mut self, a: &ast::Action) -> Option<Stmt> {
        let mut object = a.object.as_ref()?;
        let mut up_to = false;
        if let ast::Expr::Unary {
            op: UnaryOp::UpTo,
            operand,
            ..
        } = object
        {
            up_to = true;
            object = operand;
        }
        let to_expr = self.arg(a, "to")?;
        let to_text = self.snippet(to_expr.span());
        let (ships, count) = match object {
            ast::Expr::Count { count, noun, .. } => {
                let n = self.expr(count, Ty::Int);
                let s = self.path(noun, Some(Ty::Ships)).map(|(e, _)| e)?;
                (s, Some(n))
            }
            other => {
                let (e, ty) = self.any_expr(other);
                if ty.fits(Ty::Cards) && to_text == "the bottom of the deck" {
                    return Some(Stmt::ToDeckBottom(e));
                }
                if ty == Ty::Card || (ty == Ty::Subject && to_text.ends_with("hand")) {
                    let to = self.owner_of(to_expr, "hand")?;
                    return Some(Stmt::TakeCard { card: e, to });
                }
                if !ty.fits(Ty::Ships) {
                    self.lints.push(Lint::TypeMismatch {
                        expected: "ships".into(),
                        found: ty.words().into(),
                        help: "move `them`, `my ships in the warp`, `3 of my ships`...".into(),
                        span: other.span(),
                    });
                    return None;
                }
                (e, None)
            }
        };
        let to = if to_text == "the warp" {
            Dest::Warp
        } else if to_text == "the encounter" {
            Dest::Encounter
        } else if to_text == "the target planet" {
            Dest::TargetPlanet
        } else if let Some((pl, Ty::Planet)) = {
            let before = self.lints.len();
            let found = Some(self.any_expr(to_expr));
            self.lints.truncate(before);
            found
        } {
            Dest::Planet(Box::new(pl))
        } else if to_text.ends_with("home planets") {
            Dest::HomePlanets(Box::new(self.owner_of(to_expr, "home planets")?))
        } else if to_text.ends_with("colonies") {
            Dest::Colonies(Box::new(self.owner_of(to_expr, "colonies")?))
        } else if to_text.ends_with("hand") {
            Dest::Hand(Box::new(self.owner_of(to_expr, "hand")?))
        } else {
            self.lints.push(Lint::UnknownReference {
                found: to_text,
                help: "ships move to `the warp`, `the encounter`, `the target planet`, `my colonies` or `PLAYER's home planets`".into(),
                span: to_expr.span(),
            });
            return None;
        };
        // `by PLAYER`: that player picks which ships.
        let chooser = self.arg(a, "by").map(|b| self.expr(b, Ty::Player));
        Some(Stmt::Move {
            ships,
            count,
            up_to,
            to,
            chooser,
        })
    }

    /// Compiles an expression that must have type `want`.
    fn expr(&mut self, e: &ast::Expr, want: Ty) -> Expr {
        let before = self.lints.len();
        let (x, ty) = self.typed(e, Some(want));
        if !ty.fits(want) && self.lints.len() == before {
            self.lints.push(Lint::TypeMismatch {
                expected: want.words().into(),
                found: ty.words().into(),
                help: format!("write {} here", want.words()),
                span: e.span(),
            });
        }
        x
    }

    fn any_expr(&mut self, e: &ast::Expr) -> (Expr, Ty) {
        self.typed(e, None)
    }

    fn typed(&mut self, e: &ast::Expr, want: Option<Ty>) -> (Expr, Ty) {
        match e {
            ast::Expr::Int { value, .. } => (Expr::Int(*value as i32), Ty::Int),
            ast::Expr::Str(_) => (Expr::Int(0), Ty::Int),
            ast::Expr::Path(p) => match self.path(p, want) {
                Some(r) => r,
                None => (Expr::Int(0), want.unwrap_or(Ty::Int)),
            },
            ast::Expr::List { items, .. } => {
                let inner = match want {
                    Some(Ty::Players) => Some(Ty::Player),
                    Some(Ty::Cards) => Some(Ty::Card),
                    w => w,
                };
                let mut ty = inner.unwrap_or(Ty::Int);
                let list = items
                    .iter()
                    .map(|i| {
                        let (x, t) = self.typed(i, inner);
                        ty = t;
                        x
                    })
                    .collect();
                let ty = match ty {
                    Ty::Player => Ty::Players,
                    Ty::Card => Ty::Cards,
                    t => t,
                };
                (Expr::List(list), ty)
            }
            ast::Expr::All { items, .. } => (
                Expr::All(items.iter().map(|i| self.expr(i, Ty::Bool)).collect()),
                Ty::Bool,
            ),
            ast::Expr::Any { items, .. } => (
                Expr::Any(items.iter().map(|i| self.expr(i, Ty::Bool)).collect()),
                Ty::Bool,
            ),
            ast::Expr::Count { count, .. } => (self.expr(count, Ty::Int), Ty::Int),
            ast::Expr::Unary { op, operand, .. } => match op {
                UnaryOp::Not => (Expr::Not(Box::new(self.expr(operand, Ty::Bool))), Ty::Bool),
                UnaryOp::Neg => (Expr::Neg(Box::new(self.expr(operand, Ty::Int))), Ty::Int),
                UnaryOp::UpTo => self.typed(operand, want),
                UnaryOp::RoundedDown => self.typed(operand, want),
                UnaryOp::RoundedUp => match &**operand {
                    ast::Expr::Binary {
                        op: ast::BinaryOp::Div,
                        lhs,
                        rhs,
                        ..
                    } => (
                        Expr::DivUp(
                            Box::new(self.expr(lhs, Ty::Int)),
                            Box::new(self.expr(rhs, Ty::Int)),
                        ),
                        Ty::Int,
                    ),
                    other => self.typed(other, want),
                },
            },
            // `n is odd`, `n is not even`: a number's parity.
            ast::Expr::Binary { op, lhs, rhs, .. }
                if matches!(op, ast::BinaryOp::Is | ast::BinaryOp::IsNot)
                    && matches!(&**rhs, ast::Expr::Path(p) if matches!(path_tokens(p).as_slice(), [w] if w == "odd" || w == "even")) =>
            {
                let odd = self.expr(lhs, Ty::Int);
                let wants_odd = matches!(&**rhs, ast::Expr::Path(p) if path_tokens(p) == ["odd"]);
                let is = matches!(op, ast::BinaryOp::Is);
                let e = Expr::Odd(Box::new(odd));
                (
                    if wants_odd == is {
                        e
                    } else {
                        Expr::Not(Box::new(e))
                    },
                    Ty::Bool,
                )
            }
            ast::Expr::Binary { op, lhs, rhs, .. } => {
                use ast::BinaryOp as B;
                let (bop, operands, result) = match op {
                    B::Or => (ir::BinOp::Or, Some(Ty::Bool), Ty::Bool),
                    B::And => (ir::BinOp::And, Some(Ty::Bool), Ty::Bool),
                    B::Is | B::Eq => (ir::BinOp::Eq, None, Ty::Bool),
                    B::IsNot | B::Ne => (ir::BinOp::Ne, None, Ty::Bool),
                    B::Lt => (ir::BinOp::Lt, Some(Ty::Int), Ty::Bool),
                    B::Le => (ir::BinOp::Le, Some(Ty::Int), Ty::Bool),
                    B::Gt => (ir::BinOp::Gt, Some(Ty::Int), Ty::Bool),
                    B::Ge => (ir::BinOp::Ge, Some(Ty::Int), Ty::Bool),
                    B::Add => (ir::BinOp::Add, Some(Ty::Int), Ty::Int),
                    B::Sub => (ir::BinOp::Sub, Some(Ty::Int), Ty::Int),
                    B::Mul => (ir::BinOp::Mul, Some(Ty::Int), Ty::Int),
                    B::Div => (ir::BinOp::Div, Some(Ty::Int), Ty::Int),
                };
                let (l, r) = match operands {
                    Some(t) => (self.expr(lhs, t), self.expr(rhs, t)),
                    None => {
                        // `is` compares like with like: a card with a type reads its type.
                        let (l, lt) = self.any_expr(lhs);
                        let (r, rt) = self.typed(rhs, Some(lt));
                        match (lt, rt) {
                            (Ty::Card | Ty::Subject, Ty::Type) => (Expr::TypeOf(Box::new(l)), r),
                            _ if rt.fits(lt) || lt.fits(rt) => (l, r),
                            _ => {
                                self.lints.push(Lint::TypeMismatch {
                                    expected: lt.words().into(),
                                    found: rt.words().into(),
                                    help: "compare values of the same kind".into(),
                                    span: rhs.span(),
                                });
                                (l, r)
                            }
                        }
                    }
                };
                (Expr::Binary(bop, Box::new(l), Box::new(r)), result)
            }
        }
    }

    /// Resolves a reference against the scope and the vocabulary.
    fn path(&mut self, p: &ast::Path, want: Option<Ty>) -> Option<(Expr, Ty)> {
        let toks = path_tokens(p);
        // Item-level `let` names are inlined where they are used.
        if let Some(value) = self.item_lets.get(&toks).cloned() {
            if self.expanding_lets.contains(&toks) {
                self.lints.push(Lint::RecursiveLet {
                    name: toks.join(" "),
                    span: p.span,
                });
                return None;
            }
            self.expanding_lets.push(toks);
            let typed = self.typed(&value, want);
            self.expanding_lets.pop();
            return Some(typed);
        }
        // `PLAYER declared WORDS this encounter`.
        if let Some(i) = toks.iter().position(|t| t == "declared") {
            if toks.ends_with(&["this".to_string(), "encounter".to_string()]) && i > 0 {
                let who = vocabulary::resolve(&toks[..i], Some(Ty::Player), &self.scope, 0);
                let what = toks[i + 1..toks.len() - 2].join(" ");
                if let Some((who, _)) = who {
                    let key = self.declaration(&what);
                    return Some((Expr::Declared(Box::new(who), key), Ty::Bool));
                }
            }
        }
        // An item's `let`s of a number or a reference may stand inside a reference
        // (`attack cards in my hand below reserve cap`).
        let mut scope = self.item_bounds.clone();
        scope.extend(self.scope.iter().cloned());
        // `PLAYER has a WORDS token` (given with `give a WORDS token to PLAYER`).
        if let Some(i) = toks.iter().position(|t| t == "has") {
            if toks.last().map(String::as_str) == Some("token") && i > 0 && i + 2 <= toks.len() {
                let who = vocabulary::resolve(&toks[..i], Some(Ty::Player), &self.scope, 0);
                let what = toks[i + 1..].join(" ");
                if let Some((who, _)) = who {
                    let key = self.declaration(&what);
                    return Some((Expr::Declared(Box::new(who), key), Ty::Bool));
                }
                // `target planet has a cannon token`: a token beside a planet.
                let planet = vocabulary::resolve(&toks[..i], Some(Ty::Planet), &scope, 0);
                if let Some((planet, _)) = planet {
                    let words = toks[i + 1..]
                        .iter()
                        .filter(|w| !matches!(w.as_str(), "a" | "an" | "the"))
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" ");
                    let key = self.declaration(&words);
                    return Some((Expr::PlanetHasToken(Box::new(planet), key), Ty::Bool));
                }
            }
        }
        let found = vocabulary::resolve(&toks, want, &scope, 0)
            .or_else(|| vocabulary::resolve(&toks, None, &scope, 0))
            .or_else(|| self.ship_tokens_in_encounter(&toks, &scope));
        if let (Some((e, _)), Some(until)) = (&found, self.acts_until) {
            if let Some((from, what)) = exists_from(e).filter(|(from, _)| *from > until) {
                self.lints.push(Lint::NotYetAvailable {
                    found: self.snippet(p.span),
                    what,
                    from: from.name(),
                    until: until.name(),
                    span: p.span,
                });
            }
        }
        if found.is_none() {
            let text = self.snippet(p.span);
            let examples = vocabulary::examples();
            let mut known: Vec<String> = self.scope.iter().map(|b| b.tokens.join(" ")).collect();
            known.extend(examples.iter().cloned());
            let fixed = self.respelled(&toks, want);
            let help = match fixed
                .as_deref()
                .or_else(|| did_you_mean(&text, known.iter().map(String::as_str)))
            {
                Some(m) => format!("did you mean `{m}`?"),
                None => format!(
                    "references look like: {}",
                    examples
                        .iter()
                        .take(12)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            self.lints.push(Lint::UnknownReference {
                found: text,
                help,
                span: p.span,
            });
        }
        found
    }

    /// The reference with its misspelt words corrected, when that makes it resolve
    /// (`oponent's ships in the encountr` -> `opponent 's ships in encounter`).
    fn respelled(&self, toks: &[String], want: Option<Ty>) -> Option<String> {
        let mut words: Vec<String> = vocabulary::words();
        for b in &self.scope {
            words.extend(b.tokens.iter().cloned());
        }
        let mut fixed = toks.to_vec();
        let mut changed = false;
        for t in fixed.iter_mut() {
            if words.iter().any(|w| w == t) {
                continue;
            }
            let t2 = t.trim_end_matches('s');
            let guess = did_you_mean(t, words.iter().map(String::as_str))
                .or_else(|| words.iter().map(String::as_str).find(|w| *w == t2))?;
            *t = guess.to_string();
            changed = true;
        }
        let resolves = |f: &[String]| {
            vocabulary::resolve(f, want, &self.scope, 0).is_some()
                || vocabulary::resolve(f, None, &self.scope, 0).is_some()
        };
        if !resolves(&fixed) {
            // A possessive written without its apostrophe: `opponents ships`.
            let split = (0..fixed.len()).find_map(|i| {
                let stem = fixed[i].strip_suffix('s')?;
                if !words.iter().any(|w| w == stem) && stem != "me" {
                    return None;
                }
                let mut f = fixed[..i].to_vec();
                f.push(stem.to_string());
                f.push("'s".to_string());
                f.extend_from_slice(&fixed[i + 1..]);
                resolves(&f).then_some(f)
            })?;
            fixed = split;
            changed = true;
        }
        (changed && resolves(&fixed)).then(|| {
            fixed
                .iter()
                .map(|t| if t == "me" { "my" } else { t.as_str() })
                .collect::<Vec<_>>()
                .join(" ")
                .replace("my 's", "my")
                .replace(" 's", "'s")
        })
    }
}

/// Whether a continuous block changes a quantity anywhere in it.
fn changes_quantity(body: &[Stmt]) -> bool {
    body.iter().any(|st| match st {
        Stmt::Modify { .. } => true,
        Stmt::If(_, then, otherwise) => changes_quantity(then) || changes_quantity(otherwise),
        _ => false,
    })
}

/// Whether a block moves (or removes) the ships its replacement replaces, anywhere in it.
fn moves_subject(body: &[Stmt]) -> bool {
    body.iter().any(|st| match st {
        Stmt::Move {
            ships: Expr::Subject,
            ..
        } => true,
        Stmt::If(_, then, otherwise) => moves_subject(then) || moves_subject(otherwise),
        Stmt::ForEach(_, _, b) | Stmt::As(_, b) => moves_subject(b),
        Stmt::ChooseOne(arms) => arms.iter().any(|arm| moves_subject(&arm.body)),
        _ => false,
    })
}

/// A reference's tokens, as the vocabulary reads them.
/// The path without its last segment (`my sheet` of `gift on my sheet`).
fn without_last(p: &ast::Path) -> ast::Path {
    let mut p = p.clone();
    p.segments.pop();
    if let Some(l) = p.segments.last_mut() {
        l.link = None;
    }
    p
}

/// A reference's tokens as the vocabulary reads them (see [`vocabulary::tokens`]).
pub fn path_tokens(p: &ast::Path) -> Vec<String> {
    let words: Vec<(String, Option<&'static str>)> = p
        .segments
        .iter()
        .flat_map(|s| {
            let n = s.words.len();
            s.words.iter().enumerate().map(move |(i, w)| {
                let link = if i + 1 == n {
                    s.link.map(|l| match l {
                        Link::Possessive | Link::PluralPossessive => "'s",
                        Link::Of => "of",
                        Link::In => "in",
                        Link::On => "on",
                        Link::At => "at",
                    })
                } else {
                    None
                };
                (w.text.clone(), link)
            })
        })
        .collect();
    vocabulary::tokens(&words)
}

/// The last phase `triggers` act in, if every one of them is limited to phases.
fn last_phase(triggers: &[Trigger]) -> Option<Phase> {
    let mut last = None;
    for t in triggers {
        let phases = match t {
            Trigger::At { phases, .. } | Trigger::During(phases) => phases,
            _ => return None,
        };
        last = last.max(Some(*phases.iter().max()?));
    }
    last
}

/// The first phase in which every part of `e` exists, and what appears then, in words
/// (encounter cards are selected in planning, allies join in alliance...).
fn exists_from(e: &Expr) -> Option<(Phase, &'static str)> {
    let own = match e {
        Expr::Defense | Expr::Opponent(_) => Some((Phase::Destiny, "the defense is known")),
        Expr::Allies(_) => Some((Phase::Alliance, "allies join")),
        Expr::Invited(_) | Expr::SideInvited(..) => Some((Phase::Alliance, "allies are invited")),
        Expr::Ships(_, ir::ShipPlace::Encounter) => {
            Some((Phase::Launch, "ships enter the encounter"))
        }
        Expr::Ships(_, ir::ShipPlace::Target) => Some((Phase::Launch, "the gate is aimed")),
        Expr::EncounterCard(_) | Expr::Quantity(QuantityRef::CardValue(_)) => {
            Some((Phase::Planning, "encounter cards are selected"))
        }
        Expr::RevealedCards
        | Expr::Quantity(QuantityRef::SideTotal(_))
        | Expr::Quantity(QuantityRef::BaseTotal(_))
        | Expr::WouldLose
        | Expr::WouldWin
        | Expr::Quantity(QuantityRef::Winner) => {
            Some((Phase::Reveal, "encounter cards are revealed"))
        }
        Expr::LosingSide
        | Expr::Won(_)
        | Expr::DealMade
        | Expr::DealFailed
        | Expr::Lost(_)
        | Expr::Gained(_)
        | Expr::Compensating(_) => Some((Phase::Resolution, "the encounter is resolved")),
        _ => None,
    };
    let mut latest = own;
    e.for_each_child(|c| {
        if let Some(found) = exists_from(c) {
            if latest.is_none_or(|(p, _)| found.0 > p) {
                latest = Some(found);
            }
        }
    });
    latest
}

/// Whether `e` reads the quantity `q` (a change computed from the value it changes).
fn reads(e: &Expr, q: &QuantityRef) -> bool {
    match e {
        Expr::Quantity(r) if r == q => true,
        Expr::WouldLose | Expr::WouldWin => *q == QuantityRef::Winner,
        _ => {
            let mut found = false;
            e.for_each_child(|c| found = found || reads(c, q));
            found
        }
    }
}

/// The `whenever` events the runtime knows.
pub const WHENEVER_WORDS: &[&str] = &[
    "an alien power is used",
    "a flare or an artifact is played",
    "my power is zapped",
    "this alien leaves the game",
    "a deal is made",
    "a deal fails",
    "an artifact is played",
    "a flare is played",
    "a wild flare is played",
    "I play an artifact",
    "another player loses its power",
    "the deck is reshuffled",
    "another player plays a reinforcement",
    "I make a deal",
    "my ships go to the warp",
    "another player's ships go to the warp",
    "another player's ships are removed from the game",
    "another player retrieves ships from the warp",
    "another player draws cards",
    "this tech is completed",
    "another tech is used",
    "another player gains a colony",
    "another player discards an artifact",
    "another player discards a flare",
    "another player discards a reinforcement",
    "I discard an artifact for a new hand",
];

/// The `instead of` events the runtime knows.
pub const INSTEAD_WORDS: &[&str] = &[
    "my power",
    "my ships going to the warp",
    "the losing side's ships going to the warp",
    "another player's ships going to the warp",
    "my allies' ships going to the warp",
];
