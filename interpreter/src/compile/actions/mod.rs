//! Compiling actions (a verb and its arguments) into statements: moves, changes, tokens...

mod quantities;
mod ships;
mod tokens;

use super::{path_tokens, Compiler};
use crate::diagnostic::Lint;
use crate::ir::{self, Dest, Expr, QuantityRef, Stmt};
use crate::vocabulary::{self, Bound, Ty};
use cosmic_engine::effects::Until;
use cosmic_engine::Outcome;
use cosmic_grammar::ast::{self, Link, UnaryOp};
use cosmic_grammar::Span;

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

/// Whether `e` reads the quantity `q` (a change computed from the value it changes).
pub(super) fn reads(e: &Expr, q: &QuantityRef) -> bool {
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

impl Compiler<'_> {
    fn arg<'b>(&self, a: &'b ast::Action, prep: &str) -> Option<&'b ast::Expr> {
        let (i, arg) = (a.args.iter().enumerate()).find(|(_, x)| x.prep.text == prep)?;
        self.args_read.set(self.args_read.get() | 1 << i.min(31));
        Some(&arg.value)
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

    /// `until this hazard leaves play`: only a hazard that remains in play says it; the
    /// runtime reads it as the hazard whose text runs (`Until::InPlay(u16::MAX)` until then).
    pub(super) fn in_play(&mut self, span: Span) -> Until {
        self.in_a_lasting_hazard(
            "`until this hazard leaves play`",
            "elsewhere write `until the end of the encounter` or another duration",
            span,
        );
        Until::InPlay(u16::MAX)
    }

    /// Reports `what` (which names a hazard in play) written anywhere but in a hazard that
    /// remains in play (`lasts until-discarded`).
    fn in_a_lasting_hazard(&mut self, what: &str, elsewhere: &str, span: Span) {
        if self.item_kind != "hazard" || !self.item_lasts {
            self.lints.push(Lint::Unsupported {
                what: format!("{what} outside a hazard that remains in play"),
                help: format!(
                    "only a hazard with `lasts until-discarded` stays in play; {elsewhere}"
                ),
                span,
            });
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

    /// Whether a `declare`'s object is a card kind (a name bound to one, or `an attack 12`)
    /// rather than the words of a declaration (`declare an upset`).
    fn declares_kind(&self, a: &ast::Action) -> bool {
        match &a.object {
            Some(ast::Expr::Valued { .. }) => true,
            Some(ast::Expr::Path(p)) => {
                let toks = path_tokens(p);
                vocabulary::resolve(&toks, Some(Ty::Kind), &self.scope, 0)
                    .is_some_and(|(_, ty)| ty.fits(Ty::Kind))
            }
            _ => false,
        }
    }

    /// `declare PLAYER's ships on PLANET hostage`: the owner and the planet, each read as
    /// the words before and after `on` are.
    fn hostage(&mut self, a: &ast::Action) -> Option<Stmt> {
        let help = "write `declare PLAYER's ships on PLANET hostage`";
        let Some(ast::Expr::Path(p)) = a.object.as_ref() else {
            return self.unsupported(a, help);
        };
        let words = |i: usize| p.segments[i].words.iter().map(|w| w.text.as_str());
        let shaped = p.segments.len() == 3
            && p.segments[0].link == Some(ast::Link::Possessive)
            && words(1).eq(["ships"])
            && p.segments[1].link == Some(ast::Link::On)
            && p.segments[2].words.len() >= 2;
        if !shaped {
            return self.unsupported(a, help);
        }
        let owner = ast::Expr::Path(p.part(0..1));
        // The planet is the last segment without its final word, `hostage`.
        let mut at = p.part(2..3);
        let seg = &mut at.segments[0];
        seg.words.pop();
        seg.span.end = seg.words.last().map_or(seg.span.end, |w| w.span.end);
        at.span.end = seg.span.end;
        Some(Stmt::Hostage {
            owner: self.expr(&owner, Ty::Player),
            planet: self.expr(&ast::Expr::Path(at), Ty::Planet),
        })
    }

    fn unsupported(&mut self, a: &ast::Action, help: &str) -> Option<Stmt> {
        self.lints.push(Lint::Unsupported {
            what: format!("`{}`", self.snippet(a.span)),
            help: help.into(),
            span: a.span,
        });
        None
    }

    /// Compiles an action; an argument the action's form does not read (`draw 1 card from
    /// X`) is refused rather than dropped.
    pub(super) fn action(&mut self, a: &ast::Action) -> Option<Stmt> {
        let (outer, lints) = (self.args_read.replace(0), self.lints.len());
        let stmt = self.action_form(a);
        let read = self.args_read.replace(outer);
        if stmt.is_some() && self.lints.len() == lints {
            for (i, arg) in a.args.iter().enumerate() {
                if read & (1 << i.min(31)) == 0 {
                    self.lints.push(Lint::Unsupported {
                        what: format!(
                            "`{}` in `{}`",
                            self.snippet(arg.span),
                            self.snippet(a.verb.span)
                        ),
                        help: format!(
                            "this form of `{}` reads no `{} ...`; see docs/language.md for its forms",
                            self.snippet(a.verb.span),
                            arg.prep.text
                        ),
                        span: arg.span,
                    });
                }
            }
        }
        stmt
    }

    fn action_form(&mut self, a: &ast::Action) -> Option<Stmt> {
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
                self.token_reads.push((key, a.span));
                Some(Stmt::RemovePlanetTokens(key))
            }
            "remove" if object_text == "every card played" => {
                let from = self.arg(a, "from").map(|e| self.snippet(e.span()));
                if from.as_deref() != Some("the game") {
                    return self.unsupported(
                        a,
                        "write `remove every card played from the game until ...` (by default until the end of the encounter)",
                    );
                }
                let until = self.arg(a, "until").map(|e| self.snippet(e.span()));
                Some(Stmt::RemovePlayed(match until.as_deref() {
                    Some("this hazard leaves play") => self.in_play(a.span),
                    _ => self.until(a),
                }))
            }
            "remove" => {
                let from = self.arg(a, "from").map(|e| self.snippet(e.span()));
                if from.as_deref() == Some("the game") {
                    // `remove 1 of my ships in the warp from the game`: the owner picks which.
                    if let Some(ast::Expr::Count { count, noun, .. }) = object {
                        let n = self.expr(count, Ty::Int);
                        let ships = self.counted_ships(noun)?;
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
            // `move the encounter to PLANET`: the gate is aimed there instead.
            // `move my tokens beside site to this sheet`: back onto the sheet, face down.
            "move" if object_text == "my tokens" && self.arg(a, "beside").is_some() => {
                let planet = self.expr(self.arg(a, "beside")?, Ty::Planet);
                if self.arg(a, "to").map(|t| self.snippet(t.span())).as_deref()
                    != Some("this sheet")
                {
                    return self.unsupported(a, "write `move my tokens beside PLANET to this sheet`");
                }
                Some(Stmt::ReturnTokens(planet))
            }
            // `reveal my tokens beside site`: turned face up for everyone.
            "reveal" if object_text == "my tokens" => match self.arg(a, "beside") {
                Some(pl) => Some(Stmt::RevealTokens(self.expr(pl, Ty::Planet))),
                None => self.unsupported(a, "write `reveal my tokens beside PLANET`"),
            },
            "move" if object_text == "the encounter" => {
                let Some(to) = self.arg(a, "to") else {
                    return self.unsupported(a, "write `move the encounter to PLANET`");
                };
                Some(Stmt::EncounterAt(self.expr(to, Ty::Planet)))
            }
            // `move site to my home system`: a planet leaves its system for another.
            "move"
                if matches!(&a.object, Some(ast::Expr::Path(p)) if self.names_planet(p))
                    && (self.arg(a, "to"))
                        .is_some_and(|t| self.snippet(t.span()).ends_with("home system")) =>
            {
                let planet = self.expr(object?, Ty::Planet);
                let to = self.owner_of(self.arg(a, "to")?, "home system")?;
                let named = self.bind_as(
                    a,
                    Ty::Planet,
                    "name the planet where it lands with a plain name: `move site to my home system as trophy`",
                )?;
                Some(Stmt::MovePlanet { planet, to, named })
            }
            "move" => self.move_stmt(a),
            "draw" if object_text == "a new hand" => Some(Stmt::NewHand),
            // `replace the new hand`: only the new hand about to be drawn can be replaced.
            "replace" if object_text == "the new hand" => {
                self.needs_subject(
                    ir::SubjectKind::NewHand.bit(),
                    "`replace the new hand` takes over the new hand about to be drawn: write it under `at any phase when a new hand is drawn`",
                    a.span,
                );
                Some(Stmt::ReplaceNewHand)
            }
            // `collect compensation from opponent`: as the rules' negotiate collects it.
            "collect" if object_text == "compensation" => match self.arg(a, "from") {
                Some(from) => Some(Stmt::Compensation(self.expr(from, Ty::Player))),
                None => self.unsupported(
                    a,
                    "say whom from: `collect compensation from opponent`",
                ),
            },
            "collect" => self.unsupported(
                a,
                "`collect` takes compensation: `collect compensation from opponent`",
            ),
            // `receive 3 rewards`: a defensive ally's kind of rewards, ships or cards.
            "receive" => match object {
                Some(ast::Expr::Count { count, noun, .. })
                    if matches!(self.snippet(noun.span).as_str(), "reward" | "rewards") =>
                {
                    Some(Stmt::Rewards(self.expr(count, Ty::Int)))
                }
                _ => self.unsupported(
                    a,
                    "`receive` takes a number of rewards: `receive 2 rewards`, `receive (that number) rewards`",
                ),
            },
            // `draw 1 card from either deck`: as rewards are drawn, the reward deck too.
            "draw"
                if self
                    .arg(a, "from")
                    .is_some_and(|f| self.snippet(f.span()) == "either deck") =>
            {
                match object {
                    Some(ast::Expr::Count { count, .. }) => {
                        Some(Stmt::DrawEither(self.expr(count, Ty::Int)))
                    }
                    _ => self.unsupported(
                        a,
                        "say how many: `draw 1 card from either deck`, `draw (that number) cards from either deck`",
                    ),
                }
            }
            "draw" => {
                // Cards are drawn from the deck; `from the deck` may say so.
                if self.arg(a, "from").is_some_and(|f| self.snippet(f.span()) != "the deck") {
                    return self.unsupported(a, "`draw` takes cards from the deck; to take cards from a hand write `take 1 card from opponent's hand`");
                }
                let n = match object {
                    Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
                    // Anything else (`draw up to 2 cards`, `draw cards`) says no exact number.
                    _ => {
                        return self.unsupported(
                            a,
                            "say how many: `draw 2 cards`, `draw (that number) cards`",
                        )
                    }
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
            "discard" if object_text == "that tech" => {
                self.needs_subject(
                    ir::SubjectKind::TechUse.bit(),
                    "`that tech` is the tech whose use `whenever another tech is used` answers",
                    a.span,
                );
                Some(Stmt::DiscardSubjectTech)
            }
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
            "place"
                if (object_text.ends_with(" token") || object_text.ends_with(" token face down"))
                    && self.arg(a, "beside").is_some() =>
            {
                // `place a trap token face down beside site`: its kind seen by me alone.
                let (kind, face_down) = match object_text.strip_suffix(" face down") {
                    Some(kind) => (kind.to_string(), true),
                    None => (object_text.clone(), false),
                };
                let key = self.token_kind(&kind);
                let planet = self.expr(self.arg(a, "beside")?, Ty::Planet);
                // `... face down from this sheet beside site`: one I keep on my sheet.
                let from_sheet = match self.arg(a, "from").map(|f| self.snippet(f.span())) {
                    None => false,
                    Some(f) if f == "this sheet" && face_down => {
                        self.token_reads.push((key, a.span));
                        true
                    }
                    Some(_) => {
                        return self.unsupported(
                            a,
                            "a token kept on the sheet goes face down: write `place a trap token face down from this sheet beside PLANET`",
                        )
                    }
                };
                Some(Stmt::PlaceToken {
                    key,
                    planet,
                    face_down,
                    from_sheet,
                })
            }
            // `place up to 8 of my ships in the warp on site`: ships set down, not landing.
            "place" if matches!(object.map(|o| without_up_to(o).0), Some(ast::Expr::Count { .. })) => {
                self.place_ships(a, object?)
            }
            "place" => {
                let object = object?;
                // `place site on my sheet`: a planet kept out of the game on my sheet.
                if let Some(stmt) = self.place_planet(a, object) {
                    return stmt;
                }
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
                            let at = p.part(n - 1..n);
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
                        if !self.in_tech(a.span) {
                            return None;
                        }
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
            // `force me to invite partner until this hazard leaves play`.
            "force"
                if matches!(self.arg(a, "to"), Some(ast::Expr::Path(p))
                    if p.segments[0].words.first().map(|w| w.text.as_str()) == Some("invite")
                        && p.segments[0].words.len() > 1) =>
            {
                let Some(ast::Expr::Path(p)) = self.arg(a, "to") else {
                    return None;
                };
                let mut p = p.clone();
                p.segments[0].words.remove(0);
                let whom = self.path(&p, Some(Ty::Player)).map(|(e, _)| e)?;
                let who = self.expr(object?, Ty::Player);
                let until = self.arg(a, "until").map(|e| self.snippet(e.span()));
                let until = match until.as_deref() {
                    Some("this hazard leaves play") => self.in_play(a.span),
                    _ => self.until(a),
                };
                Some(Stmt::ObligeInvite { who, whom, until })
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
                    _ => {
                        return self.unsupported(
                            a,
                            "write `force PLAYER to play CARD` or `force PLAYER to invite PLAYER until ...`",
                        )
                    }
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
            "swap" if object_text == "the deck" => match self.arg(a, "with") {
                Some(w) if self.snippet(w.span()) == "the discard pile" => {
                    Some(Stmt::SwapDeckAndDiscard)
                }
                _ => self.unsupported(a, "write `swap the deck with the discard pile`"),
            },
            "reverse" if object_text == "the turn order" => Some(Stmt::ReverseTurnOrder),
            "reverse" if matches!(object_text.as_str(), "the allies' gains" | "allies' gains") => {
                Some(Stmt::ReverseAlliesGains)
            }
            "reverse" => self.unsupported(
                a,
                "write `reverse the turn order` or `reverse the allies' gains`",
            ),
            "keep" if object_text == "every alien power" => {
                let with = self.arg(a, "with").map(|e| self.snippet(e.span()));
                if with.as_deref() != Some("too few home colonies") {
                    return self.unsupported(
                        a,
                        "write `keep every alien power with too few home colonies until ...` (by default until the end of the encounter)",
                    );
                }
                // Only the statements that start an effect lasting while it is in play
                // (this one, `remove every card played ...`) and a lasting block read `until
                // this hazard leaves play` (the runtime resolves it for them alone).
                let until = self.arg(a, "until").map(|e| self.snippet(e.span()));
                Some(Stmt::KeepPowers(match until.as_deref() {
                    Some("this hazard leaves play") => self.in_play(a.span),
                    _ => self.until(a),
                }))
            }
            "discard" if matches!(object, Some(ast::Expr::Str(_))) => {
                let from = self.arg(a, "from").map(|e| self.snippet(e.span()));
                let Some(ast::Expr::Str(name)) = object else {
                    return None;
                };
                if from.as_deref() != Some("play") {
                    return self.unsupported(a, "a hazard is discarded from play: write `discard \"The Witness\" from play`");
                }
                self.known_hazard(name);
                let name = self.source(name.value.clone());
                Some(Stmt::DiscardHazard(name))
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
                        } else if xt.ends_with("alien sheet") {
                            let p = self.owner_of(x, "alien sheet")?;
                            let q = self.owner_of(y, "alien sheet")?;
                            match self.arg(a, "until").map(|_| self.until(a)) {
                                None => Some(Stmt::SwapSheets(p, q)),
                                Some(Until::EndOfEncounter) => {
                                    Some(Stmt::SwapSheetsForEncounter(p, q))
                                }
                                Some(_) => self.unsupported(
                                    a,
                                    "alien sheets are traded for good or `until the end of the encounter`",
                                ),
                            }
                        } else if xt.ends_with("alien") {
                            let p = self.owner_of(x, "alien")?;
                            let q = self.owner_of(y, "alien")?;
                            Some(Stmt::SwapAliens(p, q))
                        } else if matches!(x, ast::Expr::Path(p) if self.names_planet(p)) {
                            // `swap mine with theirs`: two planets trade home systems.
                            let first = self.expr(x, Ty::Planet);
                            Some(Stmt::TradePlanets(first, self.expr(y, Ty::Planet)))
                        } else {
                            self.unsupported(a, "swap two hands (`swap my hand with opponent's hand`), two planets of different home systems (`swap mine with theirs`), two aliens (`swap offense's alien with defense's alien`; `swap my alien sheet with opponent's alien sheet` with their tokens and the cards on them) or the two encounter cards")
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
                // `join offense's side as ally`: a side is joined as an ally, never otherwise.
                if self.arg(a, "as").is_some_and(|r| self.snippet(r.span()) != "ally") {
                    return self.unsupported(a, "a side is joined as an ally: `join offense's side as ally`, `join both sides as ally`");
                }
                // `join both sides as ally`: each side the player is not on yet.
                if object_text == "both sides" {
                    return Some(Stmt::JoinBoth);
                }
                let side = self.expr(object?, Ty::Side);
                // `join offense's side as ally with no ships`: an ally committing none.
                match self.arg(a, "with").map(|w| self.snippet(w.span())) {
                    None => Some(Stmt::Join(side)),
                    Some(w) if w == "no ships" => Some(Stmt::JoinWithoutShips(side)),
                    Some(_) => self.unsupported(a, "an ally joins with its ships, or `with no ships`: `join offense's side as ally with no ships`"),
                }
            }
            // `duplicate that play`: the effects of a card another player just played, again,
            // as mine, with what it answered.
            "duplicate" if object_text == "that play" => {
                self.needs_subject(
                    ir::SubjectKind::Play.bit(),
                    "`duplicate that play` runs again the play its ability answers: write it under `whenever another player has played a wild flare or an artifact`",
                    a.span,
                );
                Some(Stmt::DuplicatePlay)
            }
            "cancel" => match object_text.as_str() {
                "it" | "that use" | "that play" => {
                    self.needs_subject(
                        ir::SubjectKind::USES,
                        "`cancel it` stops the use its ability answers: write it under `whenever an alien power is used`, `whenever a flare or an artifact is played` (or an artifact, a flare, a wild flare), or `whenever another tech is used`",
                        a.span,
                    );
                    Some(Stmt::CancelSubject)
                }
                "that power" => {
                    self.needs_subject(
                        ir::SubjectKind::PowerUse.bit(),
                        "`cancel that power` zaps the power whose use `whenever an alien power is used` answers",
                        a.span,
                    );
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
            // `remember (guess) as eureka guess`: a number kept for the encounter.
            "remember" => match (object, self.arg(a, "as")) {
                (Some(value), Some(name)) => {
                    let value = self.expr(value, Ty::Int);
                    let words = self.snippet(name.span());
                    let key = self.declaration(&format!("remembered {words}"));
                    Some(Stmt::Remember { key, value })
                }
                _ => self.unsupported(
                    a,
                    "`remember` takes a number and a name: `remember (guess) as eureka guess`",
                ),
            },
            // `declare opponent's ships on site hostage`: held there until the encounter ends.
            "declare" if object_text.ends_with(" hostage") => self.hostage(a),
            // `declare claim`, `declare an attack 12`: a card kind, said to every player.
            "declare" if self.declares_kind(a) => {
                let kind = self.expr(a.object.as_ref()?, Ty::Kind);
                Some(Stmt::DeclareKind(kind))
            }
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
            // `have an encounter with rival for the game`: only a win being won can be held.
            "have"
                if object_text == "an encounter"
                    && self.arg(a, "for").is_some_and(|f| self.snippet(f.span()) == "the game") =>
            {
                self.needs_subject(
                    ir::SubjectKind::GameWon.bit(),
                    "`have an encounter with PLAYER for the game` holds the win of a game being won: write it under `at any phase when the game is won`",
                    a.span,
                );
                let defense = self.expr(self.arg(a, "with")?, Ty::Player);
                Some(Stmt::EncounterForGame(defense))
            }
            // `invite whiner as ally`: invitations reopened once they are answered.
            "invite" if self.arg(a, "as").is_some_and(|x| self.snippet(x.span()) == "ally") => {
                self.needs_subject(
                    ir::SubjectKind::Alliances.bit(),
                    "`invite PLAYER as ally` reopens the invitations once they are answered: write it under `at alliance after alliances are formed`",
                    a.span,
                );
                let whom = self.expr(object?, Ty::Player);
                Some(Stmt::InviteAlly(whom))
            }
            "have" if object_text == "an encounter" && self.arg(a, "with").is_some() => {
                let defense = self.expr(self.arg(a, "with")?, Ty::Player);
                Some(Stmt::OutOfTurnEncounter(defense))
            }
            "discard" if matches!(object_text.as_str(), "this card" | "this flare") => {
                // The card is the tech the ability is on, or the card played from the hand
                // (a flare half, an artifact, an edict); a power or a hazard has none.
                let own_card = self.item_kind == "tech"
                    || matches!(self.home, ir::Home::Wild | ir::Home::Super)
                    || (self.home == ir::Home::Effect
                        && ir::ItemKind::from_word(&self.item_kind)
                            .is_some_and(|k| k.played_from_hand()));
                if !own_card {
                    self.lints.push(Lint::Unsupported {
                        what: format!(
                            "`{}` in {}",
                            self.snippet(a.span),
                            if self.home == ir::Home::Power {
                                "an alien's power".to_string()
                            } else {
                                format!("a {}", self.item_kind)
                            }
                        ),
                        help: "`discard this card` discards the card its ability is on: a tech, a flare half, or an artifact or edict played from the hand".into(),
                        span: a.span,
                    });
                }
                Some(Stmt::DiscardThis)
            }
            // `shuffle all players' hands together`: each is dealt back as many as it held.
            "shuffle" if object_text.ends_with("' hands together") => match object {
                Some(ast::Expr::Path(p)) if p.segments.len() > 1 => {
                    let players = self.path(&without_last(p), Some(Ty::Players))?.0;
                    Some(Stmt::MixHandsOf(players))
                }
                _ => self.unsupported(a, "write `shuffle all players' hands together`"),
            },
            // `shuffle the discard pile into the deck`: one new deck of both, shuffled.
            "shuffle"
                if object_text == "the discard pile"
                    && self.arg(a, "into").is_some_and(|e| self.snippet(e.span()) == "the deck") =>
            {
                Some(Stmt::ShuffleDiscardIntoDeck)
            }
            // `shuffle ["Invasion!", "Invasion!"] into the destiny deck`: my own destiny cards.
            "shuffle" if self.arg(a, "into").is_some_and(|e| {
                self.snippet(e.span()).trim_start_matches("the ").trim() == "destiny deck"
            }) =>
            {
                let names = match object {
                    Some(ast::Expr::List { items, .. }) => (items.iter())
                        .map(|e| match e {
                            ast::Expr::Str(s) => Some(s.value.clone()),
                            _ => None,
                        })
                        .collect::<Option<Vec<_>>>()
                        .filter(|n| !n.is_empty()),
                    _ => None,
                };
                match names {
                    Some(names) => Some(Stmt::ShuffleDestiny(names)),
                    None => self.unsupported(
                        a,
                        "list the destiny cards by name, one per card: `shuffle [\"Invasion!\", \"Invasion!\"] into the destiny deck`",
                    ),
                }
            }
            "shuffle" => match (object, self.arg(a, "with")) {
                (Some(x), Some(y)) if self.snippet(x.span()).ends_with("hand") => {
                    let p = self.owner_of(x, "hand")?;
                    let q = self.owner_of(y, "hand")?;
                    Some(Stmt::MixHands(p, q))
                }
                _ => self.unsupported(
                    a,
                    "write `shuffle my hand with opponent's hand`, `shuffle all players' hands together` or `shuffle the discard pile into the deck`",
                ),
            },
            "give" if object_text == "this tech" => {
                if !self.in_tech(a.span) {
                    return None;
                }
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
                    // A card named earlier (`for each fresh in the cards drawn`): given if it
                    // is in the giver's hand then.
                    _ if matches!(object, Some(ast::Expr::Path(_)))
                        && self.arg(a, "from").is_none() =>
                    {
                        Some(self.expr(object?, Ty::Card))
                    }
                    _ => {
                        return self.unsupported(
                            a,
                            "write `give this card to PLAYER`, `give CARD to PLAYER` (a card of \
                             my hand named earlier) or `give 1 card from my hand to PLAYER`",
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
            // `take the ships of an unused color`: a second fleet of another color's ships.
            "take" if object_text == "the ships of an unused color" => Some(Stmt::TakeFleet),
            "take" if object_text.ends_with("at random") => {
                let count = match object {
                    Some(ast::Expr::Count { count, .. }) => self.expr(count, Ty::Int),
                    _ => Expr::Int(1),
                };
                let from = self.owner_of(self.arg(a, "from")?, "hand")?;
                Some(Stmt::TakeRandom { count, from })
            }
            "take" if self.arg(a, "from").is_some() => {
                let (inner, up_to) = match object.map(without_up_to) {
                    Some((inner, up_to)) => (Some(inner), up_to),
                    None => (None, false),
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
                let (object, up_to) = match object.map(without_up_to) {
                    Some((inner, up_to)) => (Some(inner), up_to),
                    None => (None, false),
                };
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
            "reveal" if object.is_some() => {
                // `reveal hated`: a card of the acting player's hand, shown to everyone;
                // `reveal hated to victim`, to that player alone.
                let card = self.expr(object?, Ty::Card);
                let to = self.arg(a, "to").map(|to| self.expr(to, Ty::Player));
                Some(Stmt::ShowCard(card, to))
            }
            "keep" if object_text == "my encounter card face down" => Some(Stmt::KeepFaceDown),
            // `keep my ships on site`: they share it whatever other players' text says.
            "keep" if object_text.starts_with("my ships on ") => match object? {
                ast::Expr::Path(p) if p.segments.len() == 2 => {
                    let at = ast::Expr::Path(p.part(1..2));
                    Some(Stmt::Shelter(self.expr(&at, Ty::Planet)))
                }
                _ => self.unsupported(a, "write `keep my ships on PLANET`"),
            },
            // `free my captured ships`: out of other players' stacks, into my warp.
            "free" if object_text == "my captured ships" => Some(Stmt::FreeCaptured),
            "free" => self.unsupported(a, "write `free my captured ships`"),
            // `look at the top card of the deck`, `look at 3 cards from the top of the deck`.
            "look at" if object_text.ends_with(" of the deck")
                || object_text.ends_with(" of the cosmic deck")
                || self.arg(a, "from").is_some() =>
            {
                self.look_at_top(a)
            }
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
            "restart" if object_text == "the encounter" => Some(Stmt::RestartEncounter),
            "replay" => {
                let from = self.arg(a, "from").map(|e| self.snippet(e.span()));
                if object_text == "the encounter" && from.as_deref() == Some("the planning phase") {
                    return Some(Stmt::ReplayEncounter);
                }
                self.unsupported(a, "write `replay the encounter from the planning phase`")
            }
            "hire" => {
                let cards = self.expr(object?, Ty::Cards);
                let as_ships = self.arg(a, "as").map(|e| self.snippet(e.span()));
                if as_ships.as_deref() != Some("ships") {
                    return self.unsupported(a, "write `hire CARDS as ships` (cards from the acting player's hand)");
                }
                Some(Stmt::Hire(cards))
            }
            "replace" if object_text.ends_with("hired ships") => self.replace_hired(a),
            // `capture them under my ships in the encounter`: stacked, out of play.
            // `capture them around my home system until this flare is lost`: held, out of
            // play, until the flare leaves its player's hand.
            "capture" if self.arg(a, "around").is_some() => self.capture_around(a),
            "capture" => {
                let ships = self.expr(object?, Ty::Ships);
                let under = self.arg(a, "under").map(|e| self.snippet(e.span()));
                if under.as_deref() != Some("my ships in the encounter") {
                    return self.unsupported(
                        a,
                        "write `capture SHIPS under my ships in the encounter`",
                    );
                }
                Some(Stmt::Move {
                    ships,
                    count: None,
                    up_to: false,
                    to: Dest::Captured,
                    chooser: None,
                })
            }
            "set aside" => {
                let card = self.expr(object?, Ty::Cards);
                let until = self.arg(a, "until").map(|_| self.until(a));
                Some(Stmt::SetAsideFaceUp { card, until })
            }
            "end" if object_text == "the game" => {
                let with = self.arg(a, "with").map(|e| self.snippet(e.span()));
                match with.as_deref() {
                    Some("every player losing") => Some(Stmt::EndGame),
                    _ => self.unsupported(a, "write `end the game with every player losing`"),
                }
            }
            "win" if object_text == "the game" => Some(Stmt::Win),
            "win" if object_text == "the game alone" => Some(Stmt::WinAlone),
            "win" if object_text == "the encounter" => Some(Stmt::WinEncounter),
            "win" if object_text == "the duel or contest" => {
                if !self.duel_item {
                    self.lints.push(Lint::EditionOnly {
                        found: self.snippet(a.span),
                        edition: "Duel",
                        help: "duels and contests are Duel's: an encounter is won with `win the encounter`".into(),
                        span: a.span,
                    });
                }
                Some(Stmt::WinFight)
            }
            // `skip to the reveal with no encounter cards`: the phases before it are skipped.
            "skip" if object.is_none() => {
                let to = self.arg(a, "to").map(|e| self.snippet(e.span()));
                let with = self.arg(a, "with").map(|e| self.snippet(e.span()));
                match (to.as_deref(), with.as_deref()) {
                    (Some("the reveal"), Some("no encounter cards")) => Some(Stmt::SkipToReveal),
                    _ => self.unsupported(a, "write `skip to the reveal with no encounter cards`"),
                }
            }
            // `make a deal with all players`: one deal among me and those players.
            "make" if object_text == "a deal" => match self.arg(a, "with") {
                Some(with) => {
                    let players = self.expr(with, Ty::Players);
                    self.dealt = true;
                    Some(Stmt::DealAmong(players))
                }
                None => self.unsupported(
                    a,
                    "write `make a deal with all players` (or with any players: I make one deal with them)",
                ),
            },
            "lose" if object_text == "my power" => Some(Stmt::LosePower(self.until(a))),
            "regain" if object_text == "my power" => Some(Stmt::RegainPower),
            _ => self.unsupported(
                a,
                "the runtime runs: set/add/subtract/multiply/divide a quantity, add/remove tokens, move or remove ships, draw (a new hand), discard one card of each type or this card, swap hands, aliens or encounter cards, shuffle hands together, give or take cards, play an encounter card face up, join a side, cancel, declare, have another encounter, end the encounter, win the encounter or the game, lose/regain my power, reveal a card, give a token",
            ),
        }
    }

    /// `look at the top card of the deck` or `look at N cards from the top of the deck`,
    /// with `as NAME` if it names them: `the looked-at cards` and `the looked-at card` (the
    /// top one) name them for the rest of the block, as NAME does.
    fn look_at_top(&mut self, a: &ast::Action) -> Option<Stmt> {
        let deck = |t: &str| matches!(t, "the deck" | "the cosmic deck");
        let help = "write `look at the top card of the deck` or `look at 3 cards from the top of the deck` (the cosmic deck: `the deck` or `the cosmic deck`)";
        let object = a.object.as_ref();
        let from = self.arg(a, "from").map(|f| self.snippet(f.span()));
        let (count, one) = match (object, from.as_deref()) {
            (Some(ast::Expr::Path(p)), None)
                if p.segments.len() == 2
                    && p.segments[0].link == Some(Link::Of)
                    && self.snippet(p.segments[0].span) == "the top card"
                    && deck(&self.snippet(p.segments[1].span)) =>
            {
                (Expr::Int(1), true)
            }
            (Some(ast::Expr::Count { count, noun, .. }), Some(from))
                if matches!(self.snippet(noun.span).as_str(), "card" | "cards")
                    && matches!(from, "the top of the deck" | "the top of the cosmic deck") =>
            {
                (self.expr(count, Ty::Int), false)
            }
            _ => return self.unsupported(a, help),
        };
        if let Some(name) = self.arg(a, "as") {
            if !matches!(name, ast::Expr::Path(_)) {
                return self.unsupported(
                    a,
                    "name the cards looked at with a plain name: `look at the top card of the deck as glimpse`",
                );
            }
        }
        let cards = self.bind(vec!["looked-at".into(), "cards".into()], Ty::Cards);
        let top = self.bind(vec!["looked-at".into(), "card".into()], Ty::Card);
        // `as NAME`: the top card when one is looked at, else all of them.
        if let Some(ast::Expr::Path(p)) = self.arg(a, "as") {
            let (slot, ty) = if one {
                (top, Ty::Card)
            } else {
                (cards, Ty::Cards)
            };
            self.scope.push(Bound {
                tokens: path_tokens(p),
                slot,
                ty,
                value: None,
            });
        }
        Some(Stmt::LookAtTop { count, cards, top })
    }

    /// The declaration's source number (one per distinct wording in the library).
    pub(super) fn declaration(&mut self, words: &str) -> u32 {
        let label = words.to_string();
        match self.program.sources.iter().position(|s| *s == label) {
            Some(i) => i as u32,
            None => self.source(label),
        }
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
}

/// An action's object without its `up to`, and whether it had one (`move up to 4 of my
/// ships ...`).
fn without_up_to(object: &ast::Expr) -> (&ast::Expr, bool) {
    match object {
        ast::Expr::Unary {
            op: UnaryOp::UpTo,
            operand,
            ..
        } => (operand, true),
        other => (other, false),
    }
}
