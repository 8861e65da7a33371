//! Compiling expressions and references (paths read through the vocabulary), typed.

use super::Compiler;
use crate::diagnostic::Lint;
use crate::ir::{self, Expr, QuantityRef};
use crate::names::did_you_mean;
use crate::vocabulary::{self, Bound, Ty};
use cosmic_engine::state::Phase;
use cosmic_engine::CardType;
use cosmic_grammar::ast::{self, Link, UnaryOp};

/// An expression read with its type, if it resolved.
type Typed = Option<(Expr, Ty)>;

/// The card named after `a copy of` (`a copy of claw`), if `e` is written so.
fn copied(e: &ast::Expr) -> Option<ast::Path> {
    let ast::Expr::Path(p) = e else {
        return None;
    };
    let first = p.segments.first()?;
    let words: Vec<&str> = first.words.iter().map(|w| w.text.as_str()).collect();
    if words != ["a", "copy"] || first.link != Some(Link::Of) || p.segments.len() < 2 {
        return None;
    }
    let mut rest = p.clone();
    rest.segments.remove(0);
    rest.span.start = rest.segments[0].span.start;
    Some(rest)
}

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

/// The first reference in `e` to what the ability's trigger answers (`it`, `that number`...)
/// whose kind is not among every trigger's subjects (`have`): the kinds it allows, and what
/// it names.
pub(super) fn subject_needed(e: &Expr, have: u32) -> Option<(u32, &'static str)> {
    use ir::SubjectKind as K;
    let own = match e {
        Expr::Subject => Some((
            K::VALUES,
            "`it`, `them`, `that player` name what a `whenever` or `instead of` trigger answers: a card played or discarded, the player something happened to, or the ships a replacement takes over",
        )),
        Expr::TargetsPower(_) => Some((
            K::USES,
            "`that play` is the use a `whenever ... is used` or `whenever ... is played` trigger answers",
        )),
        Expr::SubjectResearch => Some((
            K::TechUse.bit(),
            "`that tech` is the tech whose use `whenever another tech is used` answers",
        )),
        Expr::SubjectCount => Some((
            K::Count.bit() | K::Rewards.bit() | K::Ships.bit() | K::LandingShips.bit(),
            "`that number` counts the ships or cards of a `whenever` trigger such as `whenever my ships go to the warp`, or the ships an `instead of` trigger takes over",
        )),
        Expr::SubjectStacked => Some((
            K::Ships.bit(),
            "`ships in their stacks` counts the ships captured in the stacks among the ships an `instead of` trigger takes over",
        )),
        Expr::SubjectPlanet => Some((
            K::PLANETS,
            "`that planet` is the planet of `whenever ships land on a planet`, `whenever my tokens are revealed` or `instead of ... ships landing on a planet`",
        )),
        Expr::RewardsTaken(_) => Some((
            K::Rewards.bit(),
            "`the rewards' cards` and `the rewards' ships` count the rewards `whenever I receive rewards` answers, taken as cards or as ships",
        )),
        Expr::LandingPlayers => Some((
            K::Landing.bit(),
            "`the landing players` are those whose ships `whenever ships land on a planet` answers",
        )),
        _ => None,
    };
    if let Some((allowed, _)) = own.filter(|(allowed, _)| have & !allowed != 0) {
        return own.map(|(_, names)| (allowed, names));
    }
    let mut found = None;
    e.for_each_child(|c| {
        if found.is_none() {
            found = subject_needed(c, have);
        }
    });
    found
}

impl Compiler<'_> {
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

    /// Compiles an expression that must have type `want`.
    pub(super) fn expr(&mut self, e: &ast::Expr, want: Ty) -> Expr {
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

    pub(super) fn any_expr(&mut self, e: &ast::Expr) -> (Expr, Ty) {
        self.typed(e, None)
    }

    fn typed(&mut self, e: &ast::Expr, want: Option<Ty>) -> (Expr, Ty) {
        match e {
            ast::Expr::Int { value, .. } => (Expr::Int(*value as i32), Ty::Int),
            ast::Expr::Str(_) => (Expr::Int(0), Ty::Int),
            ast::Expr::Valued {
                reference, value, ..
            } => self.valued(reference, value),
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
                // The statements that let a player take fewer read `up to` themselves
                // (`move`, `take`, `discard`); anywhere else it would be dropped.
                UnaryOp::UpTo => {
                    self.lints.push(Lint::Unsupported {
                        what: format!("`{}` here", self.snippet(e.span())),
                        help: "`up to` lets a player do fewer in `move up to 4 of my ships ...`, `take up to 2 cards from ...` and `discard up to 3 cards from my hand`; elsewhere write the exact number".into(),
                        span: e.span(),
                    });
                    self.typed(operand, want)
                }
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
            // `it is a copy of claw`: two cards of the same printed card (or a copy of any of a
            // list's cards).
            ast::Expr::Binary { op, lhs, rhs, .. }
                if matches!(op, ast::BinaryOp::Is | ast::BinaryOp::IsNot)
                    && copied(rhs).is_some() =>
            {
                let Some(original) = copied(rhs) else {
                    unreachable!("matched above")
                };
                let card = self.expr(lhs, Ty::Card);
                let original = self.expr(&ast::Expr::Path(original), Ty::Cards);
                let e = Expr::CopyOf(Box::new(card), Box::new(original));
                let is = matches!(op, ast::BinaryOp::Is);
                (if is { e } else { Expr::Not(Box::new(e)) }, Ty::Bool)
            }
            // `the destiny card is "Invasion!"`: the destiny card drawn last, by the name of a
            // content destiny card (shuffled in by text; see `destiny_names`).
            ast::Expr::Binary { op, lhs, rhs, .. }
                if matches!(op, ast::BinaryOp::Is | ast::BinaryOp::IsNot)
                    && matches!(&**rhs, ast::Expr::Str(_))
                    && is_destiny_card(&self.snippet(lhs.span())) =>
            {
                let ast::Expr::Str(name) = &**rhs else {
                    unreachable!("matched above")
                };
                self.known_destiny(name);
                let e = Expr::DestinyNamed(name.value.clone());
                let is = matches!(op, ast::BinaryOp::Is);
                (if is { e } else { Expr::Not(Box::new(e)) }, Ty::Bool)
            }
            // `it is "Cosmic Zap"`: a card compared with a card's printed name.
            ast::Expr::Binary { op, lhs, rhs, .. }
                if matches!(op, ast::BinaryOp::Is | ast::BinaryOp::IsNot)
                    && matches!(&**rhs, ast::Expr::Str(_)) =>
            {
                let ast::Expr::Str(name) = &**rhs else {
                    unreachable!("matched above")
                };
                let card = self.expr(lhs, Ty::Card);
                self.known_card(name);
                let e = Expr::Named(Box::new(card), name.value.clone());
                let is = matches!(op, ast::BinaryOp::Is);
                (if is { e } else { Expr::Not(Box::new(e)) }, Ty::Bool)
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
                            // A card with a kind reads its kind; a kind with a type, its type.
                            (Ty::Card | Ty::Subject, Ty::Kind) => (Expr::KindOf(Box::new(l)), r),
                            (Ty::Kind, Ty::Type) => (Expr::TypeOf(Box::new(l)), r),
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

    /// Lints a card name (`"Cosmic Zap"`) that no card played by its text in the library has.
    fn known_card(&mut self, name: &ast::Str) {
        let lower = name.value.to_lowercase();
        if self.card_names.iter().any(|n| n.to_lowercase() == lower) {
            return;
        }
        // Compared without case, suggested as the card spells it.
        let closest =
            crate::names::did_you_mean(&lower, self.card_names.iter().map(String::as_str));
        let help = match closest {
            Some(n) => format!("did you mean `\"{n}\"` (names are compared without case)? Only cards played by their text (artifacts, edicts, flares as `\"Flare: Alien\"`) are named; compare an encounter card by its kind (`is an attack 12`, `is negotiate`)"),
            None => "name an artifact, an edict or a flare (`\"Flare: Alien\"`) of the library; compare an encounter card by its kind (`is an attack 12`, `is negotiate`)".into(),
        };
        self.lints.push(Lint::UnknownCard {
            found: name.value.clone(),
            help,
            span: name.span,
        });
    }

    /// Lints a hazard name (`discard "The Witness" from play`) that no hazard of the
    /// library has: a misspelled name would discard nothing.
    pub(super) fn known_hazard(&mut self, name: &ast::Str) {
        let lower = name.value.to_lowercase();
        if self.hazard_names.iter().any(|n| n.to_lowercase() == lower) {
            return;
        }
        let closest =
            crate::names::did_you_mean(&lower, self.hazard_names.iter().map(String::as_str));
        let help = match closest {
            Some(n) => format!("did you mean `\"{n}\"` (names are compared without case)? Only a hazard of the library is discarded from play"),
            None => "name a hazard of the library, and lint this file with the hazard it names".into(),
        };
        self.lints.push(Lint::UnknownHazard {
            found: name.value.clone(),
            help,
            span: name.span,
        });
    }

    /// Lints a content destiny card's name (`the destiny card is "Invasion!"`) that no
    /// `shuffle [...] into the destiny deck` among the files shuffles in: it would never be
    /// drawn.
    fn known_destiny(&mut self, name: &ast::Str) {
        let lower = name.value.to_lowercase();
        if self.destiny_names.iter().any(|n| n.to_lowercase() == lower) {
            return;
        }
        let closest =
            crate::names::did_you_mean(&lower, self.destiny_names.iter().map(String::as_str));
        let help = match closest {
            Some(n) => format!("did you mean `\"{n}\"` (names are compared without case)?"),
            None => "shuffle the card in with `shuffle [\"NAME\"] into the destiny deck` (game setup text), and lint this file with the one that does".into(),
        };
        self.lints.push(Lint::UnknownDestiny {
            found: name.value.clone(),
            help,
            span: name.span,
        });
    }

    /// `an attack 12`, `an attack (claim value)`: a card type that has a value, with its value.
    fn valued(&mut self, reference: &ast::Path, value: &ast::Expr) -> (Expr, Ty) {
        let toks = path_tokens(reference);
        match vocabulary::resolve(&toks, Some(Ty::Type), &self.scope, 0) {
            Some((Expr::Type(t @ (CardType::Attack | CardType::Reinforcement)), _)) => {
                let value = self.expr(value, Ty::Int);
                (Expr::Kind(t, Some(Box::new(value))), Ty::Kind)
            }
            _ => {
                self.lints.push(Lint::TypeMismatch {
                    expected: "a reference".into(),
                    found: format!("`{}` with a value after it", self.snippet(reference.span)),
                    help: "only an attack or a reinforcement takes a value (`an attack 12`, `an attack (claim value)`); elsewhere a number after a reference is out of place".into(),
                    span: ast::Span::new(reference.span.start, value.span().end),
                });
                (Expr::Int(0), Ty::Int)
            }
        }
    }

    /// Resolves a reference against the scope and the vocabulary.
    pub(super) fn path(&mut self, p: &ast::Path, want: Option<Ty>) -> Option<(Expr, Ty)> {
        let found = self.path_in_any_edition(p, want)?;
        // Duel's references (a revealed plan) mean nothing in another edition's card.
        fn duel_only(e: &Expr) -> bool {
            let mut hit = matches!(e, Expr::Plan(_));
            e.for_each_child(|c| hit |= duel_only(c));
            hit
        }
        if !self.duel_item && duel_only(&found.0) {
            self.lints.push(Lint::EditionOnly {
                found: self.snippet(p.span),
                edition: "Duel",
                help: "a plan is Duel's: write this in a Duel card (`edition duel`)".into(),
                span: p.span,
            });
        }
        Some(found)
    }

    fn path_in_any_edition(&mut self, p: &ast::Path, want: Option<Ty>) -> Option<(Expr, Ty)> {
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
        // `the looked-at cards`: bound by a `look at the top ...` before it, in scope.
        if toks.iter().any(|t| t == "looked-at")
            && !(self.scope.iter()).any(|b| b.tokens.first().is_some_and(|t| t == "looked-at"))
        {
            self.lints.push(Lint::NothingLookedAt {
                found: self.snippet(p.span),
                span: p.span,
            });
            // Read on as if they had been looked at, so that nothing else is reported of it.
            let depth = self.scope.len();
            for (word, ty) in [("cards", Ty::Cards), ("card", Ty::Card)] {
                self.scope.push(Bound {
                    tokens: vec!["looked-at".into(), word.into()],
                    slot: 0,
                    ty,
                    value: None,
                });
            }
            let read = self.path(p, want);
            self.scope.truncate(depth);
            return read;
        }
        // `remembered WORDS`: the number the acting player remembered under that name.
        if toks.len() > 1 && toks[0] == "remembered" {
            let key = self.declaration(&format!("remembered {}", toks[1..].join(" ")));
            return Some((Expr::Remembered(key), Ty::Int));
        }
        // `PLAYER declared WORDS this encounter`; `PLAYERS who declared WORDS this
        // encounter` keeps those of the players who did.
        if let Some(i) = toks.iter().position(|t| t == "declared") {
            let this_encounter = toks.ends_with(&["this".to_string(), "encounter".to_string()]);
            if this_encounter && i > 1 && toks[i - 1] == "who" {
                let scope = self.visible_scope();
                let who = vocabulary::resolve(&toks[..i - 1], Some(Ty::Players), &scope, 0);
                let what = toks[i + 1..toks.len() - 2].join(" ");
                if let Some((who, _)) = who {
                    let key = self.declaration(&what);
                    return Some((Expr::DeclaredAmong(Box::new(who), key), Ty::Players));
                }
            }
            if this_encounter && i > 0 {
                let who = vocabulary::resolve(&toks[..i], Some(Ty::Player), &self.scope, 0);
                let what = toks[i + 1..toks.len() - 2].join(" ");
                if let Some((who, _)) = who {
                    let key = self.declaration(&what);
                    return Some((Expr::Declared(Box::new(who), key), Ty::Bool));
                }
            }
        }
        // `the most WORDS among PLAYERS`, `the fewest WORDS among PLAYERS`: the largest or
        // smallest of a number read for each of the players (`WORDS` as after `player's`).
        if let (Some(most), Some(i)) = (
            toks.first().and_then(|t| match t.as_str() {
                "most" => Some(true),
                "fewest" => Some(false),
                _ => None,
            }),
            toks.iter().position(|t| t == "among"),
        ) {
            if i > 1 && i + 1 < toks.len() {
                return self.extreme(most, &toks[1..i], &toks[i + 1..], p.span);
            }
        }
        // `cards named NAME in CARDS`: the copies of a card named (`choose a card name`).
        if let Some(found) = self.cards_named(p) {
            return Some(found);
        }
        // `PLAYERS having WORDS`: those of the players for whom `player's WORDS` counts at
        // least one (`all players having ships in the warp`).
        if let Some(i) = toks.iter().position(|t| t == "having") {
            if i > 0 && i + 1 < toks.len() {
                return self.having(&toks[..i], &toks[i + 1..], p.span);
            }
        }
        // An item's `let`s of a number or a reference may stand inside a reference
        // (`attack cards in my hand below reserve cap`).
        let scope = self.visible_scope();
        // `trap tokens on this sheet`: how many of that kind I keep on my sheet (placed with
        // `place a trap token face down from this sheet beside PLANET`).
        let tail = ["tokens", "on", "this", "sheet"];
        if toks.len() > tail.len() && toks[toks.len() - tail.len()..] == tail {
            let words = &toks[..toks.len() - tail.len()];
            if !words.iter().any(|w| w == "'s") {
                let key = self.declaration(&format!("{} token", words.join(" ")));
                self.token_reads.push((key, p.span));
                return Some((Expr::SheetTokens(Box::new(Expr::Me), key), Ty::Int));
            }
        }
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
                // `that planet has my token`: a token of that player's, of any kind.
                let owner = (toks.len() >= i + 4 && toks[toks.len() - 2] == "'s")
                    .then(|| {
                        vocabulary::resolve(
                            &toks[i + 1..toks.len() - 2],
                            Some(Ty::Player),
                            &scope,
                            0,
                        )
                    })
                    .flatten();
                if let (Some((planet, _)), Some((owner, _))) = (&planet, owner) {
                    let e = Expr::PlanetHasOwnToken(Box::new(planet.clone()), Box::new(owner));
                    return Some((e, Ty::Bool));
                }
                if let Some((planet, _)) = planet {
                    let words = toks[i + 1..]
                        .iter()
                        .filter(|w| !matches!(w.as_str(), "a" | "an" | "the"))
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" ");
                    let key = self.declaration(&words);
                    self.token_reads.push((key, p.span));
                    return Some((Expr::PlanetHasToken(Box::new(planet), key), Ty::Bool));
                }
            }
        }
        let found = vocabulary::resolve(&toks, want, &scope, 0)
            .or_else(|| vocabulary::resolve(&toks, None, &scope, 0))
            .or_else(|| self.ship_tokens_in_encounter(&toks, &scope));
        if let (Some((e, _)), Some(until)) = (&found, self.acts_until) {
            let dealt = self.dealt && matches!(e, Expr::DealMade | Expr::DealFailed);
            if let Some((from, what)) = exists_from(e).filter(|(from, _)| *from > until && !dealt) {
                self.lints.push(Lint::NotYetAvailable {
                    found: self.snippet(p.span),
                    what,
                    from: from.name(),
                    until: until.name(),
                    span: p.span,
                });
            }
        }
        if let Some((allowed, names)) = found
            .as_ref()
            .and_then(|(e, _)| subject_needed(e, self.subjects))
        {
            self.needs_subject(allowed, names, p.span);
        }
        if matches!(found, Some((Expr::DrawnCards, _))) && self.answers_draws.is_none() {
            self.lints.push(Lint::Unsupported {
                what: format!(
                    "`{}` outside an answer to drawn cards",
                    self.snippet(p.span)
                ),
                help: "`the cards drawn` names the cards of `whenever I draw cards` or \
                       `whenever I draw cards as rewards`"
                    .into(),
                span: p.span,
            });
        }
        // `cards on this tech`, `ships on this tech`: only a tech has a card of its own.
        if matches!(
            &found,
            Some((
                Expr::CardsUnderTech | Expr::Ships(_, ir::ShipPlace::ThisTech),
                _
            ))
        ) && !self.in_tech(p.span)
        {
            return None;
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

    /// `cards named NAME in CARDS` (`None` when `p` does not read so): the cards of the list
    /// that are copies of the card a name bound by `choose a card name` names (cards, even
    /// when a part is reported, so that nothing more is).
    fn cards_named(&mut self, p: &ast::Path) -> Option<(Expr, Ty)> {
        let first = p.segments.first()?;
        let words: Vec<&str> = first.words.iter().map(|w| w.text.as_str()).collect();
        if words.len() < 3
            || words[..2] != ["cards", "named"]
            || first.link != Some(ast::Link::In)
            || p.segments.len() < 2
        {
            return None;
        }
        // The name's own words, for what a lint points at.
        let span = ast::Span {
            start: first.words[2].span.start,
            end: first.span.end,
        };
        let name = ast::Path {
            segments: vec![ast::Segment {
                words: first.words[2..].to_vec(),
                link: None,
                span,
            }],
            span,
        };
        // Once a part is reported, the whole still reads as cards: nothing more to report.
        let nothing = Some((Expr::List(Vec::new()), Ty::Cards));
        let (named, ty) = match self.path(&name, Some(Ty::CardName)) {
            Some(found) => found,
            None => return nothing,
        };
        if !ty.fits(Ty::CardName) {
            self.lints.push(Lint::TypeMismatch {
                expected: Ty::CardName.words().into(),
                found: ty.words().into(),
                help: "name a card first with `choose a card name as wanted`, then write \
                       `cards named wanted in CARDS`"
                    .into(),
                span: name.span,
            });
            return nothing;
        }
        let list = p.part(1..p.segments.len());
        let (cards, ty) = match self.path(&list, Some(Ty::Cards)) {
            Some(found) => found,
            None => return nothing,
        };
        if !ty.fits(Ty::Cards) {
            self.lints.push(Lint::TypeMismatch {
                expected: Ty::Cards.words().into(),
                found: ty.words().into(),
                help: "the copies are looked for in a list of cards: `cards named wanted in \
                       the cards drawn`, `cards named wanted in opponent's hand`"
                    .into(),
                span: list.span,
            });
            return nothing;
        }
        Some((
            Expr::CardsNamed(Box::new(named), Box::new(cards)),
            Ty::Cards,
        ))
    }

    /// Reads `PLAYERS` and, for each of them, `WORDS` as `player's WORDS` (a number): the
    /// players, the slot the reading binds each player to, and the reading (each `None` if
    /// it does not resolve). Shared by `the most ... among` and `... having`.
    fn per_player(&mut self, players: &[String], words: &[String]) -> (Typed, u8, Typed) {
        let mut scope = self.visible_scope();
        let who = vocabulary::resolve(players, Some(Ty::Players), &scope, 0);
        let depth = self.scope.len();
        // A name nobody can write (`#` is no word character): only this reading sees it.
        let slot = self.bind(vec!["#each".into()], Ty::Player);
        scope.push(self.scope[depth].clone());
        let mut per_words = vec!["#each".to_string(), "'s".to_string()];
        per_words.extend(words.iter().cloned());
        let per = vocabulary::resolve(&per_words, Some(Ty::Int), &scope, 0);
        self.scope.truncate(depth);
        (who, slot, per)
    }

    /// `the most WORDS among PLAYERS`: `WORDS` is read for each player as `player's WORDS`.
    fn extreme(
        &mut self,
        most: bool,
        words: &[String],
        players: &[String],
        span: ast::Span,
    ) -> Option<(Expr, Ty)> {
        let (who, slot, per) = self.per_player(players, words);
        match (who, per) {
            (Some((players, _)), Some((per, _))) => Some((
                Expr::Extreme {
                    most,
                    slot,
                    players: Box::new(players),
                    per: Box::new(per),
                },
                Ty::Int,
            )),
            (who, _) => {
                let extreme = if most { "most" } else { "fewest" };
                self.lints.push(Lint::UnknownReference {
                    found: self.snippet(span),
                    help: if who.is_none() {
                        format!("after `among` name players: `the {extreme} ships in the warp among other players`")
                    } else {
                        format!("between `{extreme}` and `among` write what a player has, as after `player's`: `the {extreme} foreign colonies among all players`")
                    },
                    span,
                });
                // Reported here: the caller reads on as if it were a number.
                Some((Expr::Int(0), Ty::Int))
            }
        }
    }

    /// `PLAYERS having WORDS`: `WORDS` is read for each player as `player's WORDS`, a number;
    /// the players for whom it is at least one.
    fn having(
        &mut self,
        players: &[String],
        words: &[String],
        span: ast::Span,
    ) -> Option<(Expr, Ty)> {
        let (who, slot, per) = self.per_player(players, words);
        match (who, per) {
            (Some((players, _)), Some((per, _))) => Some((
                Expr::Having {
                    slot,
                    players: Box::new(players),
                    per: Box::new(per),
                },
                Ty::Players,
            )),
            (who, _) => {
                self.lints.push(Lint::UnknownReference {
                    found: self.snippet(span),
                    help: if who.is_none() {
                        "before `having` name players: `all players having ships in the warp`".into()
                    } else {
                        "after `having` write what a player has, as after `player's`: `other players having foreign colonies`".into()
                    },
                    span,
                });
                // Reported here: the caller reads on as if it named nobody.
                Some((
                    Expr::Except(Box::new(Expr::AllPlayers), Box::new(Expr::AllPlayers)),
                    Ty::Players,
                ))
            }
        }
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

/// Whether words name the destiny card drawn last (`the destiny card`).
fn is_destiny_card(words: &str) -> bool {
    let words: Vec<&str> = (words.split_whitespace())
        .filter(|w| !matches!(*w, "a" | "an" | "the"))
        .collect();
    words == ["destiny", "card"]
}
