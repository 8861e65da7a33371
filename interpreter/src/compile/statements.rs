//! Compiling statements: blocks, bound names, `if` and `choose`.

use super::abilities::{
    changes_quantity, last_phase, lasting_answer, moves_subject, replaced_event, replaces_nothing,
    INSTEAD_WORDS, LASTING_ANSWER_WORDS,
};
use super::{name_tokens, Compiler, Form};
use crate::diagnostic::Lint;
use crate::ir::{self, ChoiceArm, Expr, LastingBody, Pick, Reaction, Stmt, Trigger};
use crate::vocabulary::{Bound, Ty};
use cosmic_engine::effects::Until;
use cosmic_engine::Window;
use cosmic_grammar::ast;
use cosmic_grammar::Span;

/// The list of `one or more of PLAYERS`, which the parser reads as `one or (more of PLAYERS)`.
fn one_or_more_of(what: &ast::Expr) -> Option<ast::Path> {
    let ast::Expr::Binary {
        op: ast::BinaryOp::Or,
        lhs,
        rhs,
        ..
    } = what
    else {
        return None;
    };
    let one = matches!(&**lhs, ast::Expr::Path(p) if p.segments.len() == 1
        && p.segments[0].words.len() == 1
        && p.segments[0].words[0].text == "one");
    let ast::Expr::Path(rest) = &**rhs else {
        return None;
    };
    let more = rest.segments.len() > 1
        && rest.segments[0].words.len() == 1
        && rest.segments[0].words[0].text == "more"
        && matches!(rest.segments[0].link, Some(ast::Link::Of));
    if !(one && more) {
        return None;
    }
    let mut list = rest.clone();
    // Drop the word `more` and its `of` link.
    list.segments.remove(0);
    Some(list)
}

/// The durations a lasting effect may be written with: the opening word, the rest, and when
/// the effect ends.
pub const DURATIONS: &[(&str, &str, Until)] = &[
    ("for", "the rest of the encounter", Until::EndOfEncounter),
    ("until", "the end of the encounter", Until::EndOfEncounter),
    ("for", "the rest of the turn", Until::EndOfTurn),
    ("until", "the end of the turn", Until::EndOfTurn),
    ("for", "the rest of the game", Until::EndOfGame),
    // The hazard whose text runs: only a hazard that remains in play (`Compiler::in_play`).
    ("until", "this hazard leaves play", Until::InPlay(u16::MAX)),
];

impl Compiler<'_> {
    pub(super) fn block(&mut self, b: &ast::Block) -> Vec<Stmt> {
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

    pub(super) fn bind(&mut self, tokens: Vec<String>, ty: Ty) -> u8 {
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
                    // `for each site in shared`: each planet of a list in turn.
                    (x, Ty::Planets | Ty::Planet) => (x, Ty::Planet),
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
            ast::Stmt::Lasting(l) => {
                if let Some(st) = self.lasting(l) {
                    out.push(st);
                }
            }
            // Reactions are read by `lasting`, at its top level; anywhere else they would
            // never run.
            ast::Stmt::Reaction(r) => self.lints.push(Lint::Unsupported {
                what: "a reaction (`at ... { ... }`) outside a lasting effect's own block".into(),
                help: "a reaction belongs directly inside `for the rest of the encounter { ... }` \
                       (or another duration); to act at a window by itself, write an ability \
                       with `at ...` in its header"
                    .into(),
                span: r.timing.span(),
            }),
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

    /// `for the rest of the encounter { ... }`: its body is compiled as a continuous
    /// ability's, in the ability's scope (it reads the names bound before it).
    fn lasting(&mut self, l: &ast::Lasting) -> Option<Stmt> {
        let words: Vec<&str> = l.duration.words.iter().map(|w| w.text.as_str()).collect();
        let words = words.join(" ");
        let until = DURATIONS
            .iter()
            .find(|(opener, rest, _)| *opener == l.opener.text && *rest == words)
            .map(|&(_, _, until)| until);
        let Some(until) = until else {
            let known: Vec<String> = DURATIONS
                .iter()
                .map(|(opener, rest, _)| format!("`{opener} {rest}`"))
                .collect();
            self.lints.push(Lint::UnknownName {
                what: "duration".into(),
                found: format!("{} {words}", l.opener.text),
                help: format!("write {}", known.join(", ")),
                span: Span::new(l.opener.span.start, l.duration.span.end),
            });
            return None;
        };
        if let Until::InPlay(_) = until {
            self.in_play(l.span);
        }
        if self.form == Form::Lasting || self.form == Form::Continuous {
            // `check_form` refuses it where it stands; its body is not compiled twice over.
            return Some(Stmt::Lasting {
                effect: u32::MAX,
                until,
                source: u32::MAX,
            });
        }
        let (outer, subjects) = (self.form, self.subjects);
        self.form = Form::Lasting;
        // A lasting effect acts later, answering nothing: names bound before it carry on.
        self.subjects = ir::SubjectKind::Nothing.bit();
        let depth = self.scope.len();
        let mut body = Vec::new();
        let mut reactions = Vec::new();
        for s in &l.body.stmts {
            if let ast::Stmt::Reaction(r) = s {
                reactions.extend(self.reaction(r));
                continue;
            }
            let before = body.len();
            self.stmt(s, &mut body);
            self.check_form(&body[before..], s.span());
        }
        self.scope.truncate(depth);
        (self.form, self.subjects) = (outer, subjects);
        // A reaction that did not compile is linted already.
        let reacts = (l.body.stmts.iter()).any(|s| matches!(s, ast::Stmt::Reaction(_)));
        if !changes_quantity(&body) && !reacts {
            self.lints.push(Lint::ChangesNothing {
                what: "lasting effect",
                instead: "outside its block, or at a window with a reaction directly inside it \
                          (`at resolution after the encounter is resolved { ... }`)",
                span: l.span,
            });
        }
        let label = format!("{}, {} {words}", self.ability_label, l.opener.text);
        let source = self.source(label);
        self.program.lasting.push(LastingBody {
            // The ability is added once its body is compiled, at the next index.
            ability: self.program.abilities.len() as u32,
            body,
            reactions,
        });
        let effect = (self.program.lasting.len() - 1) as u32;
        Some(Stmt::Lasting {
            effect,
            until,
            source,
        })
    }

    /// `at resolution after the encounter is resolved, if ... { ... }` inside a lasting
    /// effect: compiled as a triggered ability's body, in the scope where it stands.
    fn reaction(&mut self, r: &ast::Reaction) -> Option<Reaction> {
        let (phases, window, span) = match &r.timing {
            ast::Timing::At {
                phases,
                window,
                span,
            } => (phases, window, span),
            ast::Timing::InsteadOf { event, span } => return self.replacement(r, event, *span),
            ast::Timing::Whenever { event, span } => return self.answer(r, event, *span),
            ast::Timing::During { .. } => return None,
        };
        let written = window.is_some();
        let (list, window) = crate::header::at_window(phases, window.as_ref(), self.lints);
        if list.is_empty() {
            // An unknown phase is linted already; `game setup` is long past.
            if phases.iter().all(|p| self.snippet(p.span) == "game setup") {
                self.lints.push(Lint::Unsupported {
                    what: "a reaction at game setup".into(),
                    help: "a lasting effect starts during the game; name a phase".into(),
                    span: *span,
                });
            }
            return None;
        }
        // As in an ability's header: a window inside the phases, or each phase's start.
        let triggers = match window {
            Some(window) => vec![Trigger::At {
                phases: list,
                window,
            }],
            // An unknown window is linted already.
            None if written => return None,
            None => (list.iter())
                .map(|&p| Trigger::At {
                    phases: vec![p],
                    window: Window::PhaseStart(p),
                })
                .collect(),
        };
        let until = last_phase(&triggers);
        let subjects = ir::SubjectKind::Nothing.bit();
        Some(self.reaction_in(r, triggers, Form::Triggered, until, subjects))
    }

    /// `whenever an alien power is used { ... }` inside a lasting effect: compiled as an
    /// answer to a use (`cancel it`, `cancel that power ...`).
    fn answer(&mut self, r: &ast::Reaction, event: &ast::Phrase, span: Span) -> Option<Reaction> {
        let text = (event.words.iter().map(|w| w.text.as_str()))
            .collect::<Vec<_>>()
            .join(" ");
        let Some(happening) = lasting_answer(&text) else {
            self.lints.push(Lint::Unsupported {
                what: format!("`whenever {text}` inside a lasting effect"),
                help: format!(
                    "a lasting effect answers uses and ships or cards moving: {}",
                    LASTING_ANSWER_WORDS.join(", ")
                ),
                span,
            });
            return None;
        };
        let triggers = vec![Trigger::On(happening)];
        let subjects = happening.subject().bit();
        Some(self.reaction_in(r, triggers, Form::Triggered, None, subjects))
    }

    /// `instead of any player's ships going to the warp { ... }` inside a lasting effect
    /// (or `... landing on a planet`): compiled as a replacement's body (`them` the ships,
    /// `that player` their owner, `that planet` where they would land).
    fn replacement(
        &mut self,
        r: &ast::Reaction,
        event: &ast::Phrase,
        span: Span,
    ) -> Option<Reaction> {
        let text = (event.words.iter().map(|w| w.text.as_str()))
            .collect::<Vec<_>>()
            .join(" ");
        let Some(trigger) = replaced_event(&text) else {
            self.lints.push(Lint::UnknownName {
                what: "replaced event of a lasting effect".into(),
                found: text,
                help: format!(
                    "known: {}",
                    INSTEAD_WORDS
                        .iter()
                        .filter(|w| **w != "my power" && !w.ends_with(" leaving the warp"))
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                span,
            });
            return None;
        };
        // A retrieval is replaced by an ability only: no lasting effect looks for one.
        if matches!(trigger, Trigger::InsteadOfRetrieval(_)) {
            self.lints.push(Lint::Unsupported {
                what: format!("`instead of {text}` inside a lasting effect"),
                help: "write it as an ability's replacement: `power \"...\" mandatory, as any player, at any phase, instead of my ships leaving the warp { ... }`".into(),
                span,
            });
            return None;
        }
        let subjects = trigger.subject().bit();
        let triggers = vec![trigger];
        let reaction = self.reaction_in(r, triggers, Form::LastingReplacement, None, subjects);
        if !moves_subject(&reaction.body) {
            self.lints
                .push(replaces_nothing(&reaction.triggers, r.span));
        }
        Some(reaction)
    }

    /// A reaction's condition and body, compiled in `form` with what its triggers hand it
    /// (`subjects`) and the last phase it acts in; the compiler's own state comes back after.
    fn reaction_in(
        &mut self,
        r: &ast::Reaction,
        triggers: Vec<Trigger>,
        form: Form,
        acts_until: Option<cosmic_engine::state::Phase>,
        subjects: u32,
    ) -> Reaction {
        let draws = ir::answered_draws(&triggers);
        let outer = (self.form, self.acts_until, self.subjects, self.dealt);
        let outer_draws = std::mem::replace(&mut self.answers_draws, draws);
        (self.form, self.acts_until, self.subjects, self.dealt) =
            (form, acts_until, subjects, false);
        let condition = r.condition.as_ref().map(|c| self.expr(c, Ty::Bool));
        let body = self.block(&r.body);
        (self.form, self.acts_until, self.subjects, self.dealt) = outer;
        self.answers_draws = outer_draws;
        Reaction {
            triggers,
            condition,
            draws,
            body,
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

    /// A list of cards to choose from, written at `p`; anything else is linted as not what
    /// was `expected`, with `help`.
    fn card_list(&mut self, p: &ast::Path, expected: &str, help: &str) -> Option<Expr> {
        let (list, ty) = self.path(p, Some(Ty::Cards))?;
        if !ty.fits(Ty::Cards) {
            self.lints.push(Lint::TypeMismatch {
                expected: expected.into(),
                found: ty.words().into(),
                help: help.into(),
                span: p.span,
            });
        }
        Some(list)
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
            ("a number at random", Some(lo), Some(hi)) => Some((
                Pick::RandomNumber(self.expr(lo, Ty::Int), self.expr(hi, Ty::Int)),
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
            // `choose a card name as wanted`: a card of the game named, not one held.
            ("a card name", None, None) => Some((Pick::CardName, Ty::CardName)),
            // `choose a card from each hand of other players as shown`: each picks its own.
            ("a card", Some(ast::Expr::Path(p)), None)
                if self.snippet(p.span).starts_with("each hand of ") =>
            {
                let at = (p.segments.iter()).position(|s| s.link == Some(ast::Link::Of));
                match at {
                    Some(i) if i + 1 < p.segments.len() => {
                        // The players' own words, for what a lint points at.
                        let players = ast::Expr::Path(p.part(i + 1..p.segments.len()));
                        Some((Pick::CardEach(self.expr(&players, Ty::Players)), Ty::Cards))
                    }
                    _ => None,
                }
            }
            ("a card", Some(f), None) => Some((Pick::Card(self.expr(f, Ty::Cards)), Ty::Card)),
            ("a card at random", Some(f), None) => {
                Some((Pick::RandomCard(self.expr(f, Ty::Cards)), Ty::Card))
            }
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
            // `choose up to 3 of the cards drawn`: at most that many of a list of cards.
            (_, None, None) if up_to_of(&c.what).is_some() => {
                let (count, noun) = up_to_of(&c.what)?;
                let most = self.expr(count, Ty::Int);
                let list = self.card_list(
                    noun,
                    "cards",
                    "choose up to N of a list of cards: `choose up to 3 of the cards drawn as gifts`",
                )?;
                Some((Pick::UpToCards(most, list), Ty::Cards))
            }
            _ => {
                // `choose one or more of the allies` reads as `one or (more of the allies)`.
                if let Some(list) = one_or_more_of(&c.what) {
                    let before = self.lints.len();
                    match self.path(&list, Some(Ty::Players)) {
                        Some((e, ty)) if ty.fits(Ty::Players) => {
                            Some((Pick::SomePlayers(e), Ty::Players))
                        }
                        _ => {
                            self.lints.truncate(before);
                            None
                        }
                    }
                // `choose any number of the allies`: the object is the list itself.
                } else if what.starts_with("any number of ") {
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
                                    // A count is no list to choose from (`cards in my hand`
                                    // counts them; `my hand` lists them).
                                    let e = self.card_list(
                                        &p,
                                        "players or cards",
                                        "choose from a list: `my hand` (a hand's cards), `attack cards in my hand`, `opponent's allies`; `cards in my hand` is a number",
                                    )?;
                                    Some((Pick::Cards(e), Ty::Cards))
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
                help: "choose `a player [from PLAYERS]`, `a side [from [SIDES]]`, `a card [at random] from [CARDS]`, `a number [at random] from LOW to HIGH`, `a card name`, `any number of PLAYERS` or `one or more of PLAYERS`".into(),
                span: c.span,
            });
            return None;
        };
        let tokens = c.binding.as_ref().map(name_tokens).unwrap_or_default();
        let slot = self.bind(tokens, ty);
        Some(Stmt::Choose(slot, pick))
    }
}

/// `up to N of CARDS`: the count and the list, if `what` reads so.
fn up_to_of(what: &ast::Expr) -> Option<(&ast::Expr, &ast::Path)> {
    let ast::Expr::Unary {
        op: ast::UnaryOp::UpTo,
        operand,
        ..
    } = what
    else {
        return None;
    };
    match &**operand {
        ast::Expr::Count {
            count,
            of: true,
            noun,
            ..
        } => Some((count, noun)),
        _ => None,
    }
}
