//! Compiling the actions that move or set down ships and planets: `move`, `place N of
//! SHIPS on PLANET`, `place PLANET on my sheet`, hired ships replaced.

use super::without_up_to;
use crate::compile::{path_tokens, Compiler};
use crate::diagnostic::Lint;
use crate::ir::{Dest, Expr, Stmt};
use crate::vocabulary::{self, Ty};
use cosmic_grammar::ast::{self, Link};

impl Compiler<'_> {
    /// `replace up to N of my hired ships with my ships in the warp`.
    pub(super) fn replace_hired(&mut self, a: &ast::Action) -> Option<Stmt> {
        let help = "write `replace up to 2 of my hired ships with my ships in the warp` (or an exact number)";
        let (object, up_to) = without_up_to(a.object.as_ref()?);
        let with = self.arg(a, "with").map(|e| self.snippet(e.span()));
        match object {
            ast::Expr::Count { count, noun, .. }
                if self.snippet(noun.span) == "my hired ships"
                    && with.as_deref() == Some("my ships in the warp") =>
            {
                let count = self.expr(count, Ty::Int);
                Some(Stmt::ReplaceHired { count, up_to })
            }
            _ => self.unsupported(a, help),
        }
    }

    /// `place N of SHIPS on PLANET`: ships set down on a planet without landing.
    pub(super) fn place_ships(&mut self, a: &ast::Action, object: &ast::Expr) -> Option<Stmt> {
        let (counted, up_to) = without_up_to(object);
        let ast::Expr::Count { count, noun, .. } = counted else {
            return None;
        };
        let n = noun.segments.len();
        if n < 2 || noun.segments[n - 2].link != Some(Link::On) {
            return self.unsupported(a, "write `place 2 of my ships in the warp on PLANET`");
        }
        let ships = self.expr(&ast::Expr::Path(noun.part(0..n - 1)), Ty::Ships);
        let planet = self.expr(&ast::Expr::Path(noun.part(n - 1..n)), Ty::Planet);
        Some(Stmt::Move {
            ships,
            count: Some(self.expr(count, Ty::Int)),
            up_to,
            to: Dest::Placed(Box::new(planet)),
            chooser: None,
        })
    }

    /// The ships counted out of in `3 of my ships in the warp`: a reference that must name
    /// ships, not a number of them (`my captured ships` counts ships held elsewhere).
    pub(super) fn counted_ships(&mut self, noun: &ast::Path) -> Option<Expr> {
        let (ships, ty) = self.path(noun, Some(Ty::Ships))?;
        if !ty.fits(Ty::Ships) {
            self.lints.push(Lint::TypeMismatch {
                expected: "ships".into(),
                found: ty.words().into(),
                help: "count out of ships at a place: `3 of my ships`, `up to 2 of my ships in the warp`".into(),
                span: noun.span,
            });
            return None;
        }
        Some(ships)
    }

    pub(super) fn move_stmt(&mut self, a: &ast::Action) -> Option<Stmt> {
        let (object, up_to) = without_up_to(a.object.as_ref()?);
        let to_expr = self.arg(a, "to")?;
        let to_text = self.snippet(to_expr.span());
        let (ships, count) = match object {
            ast::Expr::Count { count, noun, .. } => {
                let n = self.expr(count, Ty::Int);
                let s = self.counted_ships(noun)?;
                (s, Some(n))
            }
            other => {
                let (e, ty) = self.any_expr(other);
                if ty.fits(Ty::Cards) && to_text == "the bottom of the deck" {
                    return Some(Stmt::ToDeckBottom(e));
                }
                if ty == Ty::Card
                    || (matches!(ty, Ty::Subject | Ty::Cards) && to_text.ends_with("hand"))
                {
                    let to = self.owner_of(to_expr, "hand")?;
                    return Some(Stmt::TakeCard { card: e, to });
                }
                if !ty.fits(Ty::Ships) {
                    // A card name is no card: its copies are (`cards named NAME in CARDS`).
                    let help = if ty == Ty::CardName {
                        "a card name names no card held: move its copies, `cards named wanted in the cards drawn`"
                    } else {
                        "move `them`, `my ships in the warp`, `3 of my ships`..."
                    };
                    self.lints.push(Lint::TypeMismatch {
                        expected: "ships".into(),
                        found: ty.words().into(),
                        help: help.into(),
                        span: other.span(),
                    });
                    return None;
                }
                (e, None)
            }
        };
        let to = if to_text == "the warp" {
            Dest::Warp
        } else if to_text == "this hazard" {
            // Ships lie on a hazard only while it is in play.
            self.in_a_lasting_hazard(
                "ships moved `to this hazard`",
                "ships elsewhere go to `the warp`, `my colonies`, a planet...",
                to_expr.span(),
            );
            Dest::ThisHazard
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
            // Its lints were dropped with the others': a planet the trigger must name
            // (`that planet`) is still checked.
            if let Some((allowed, names)) =
                crate::compile::expressions::subject_needed(&pl, self.subjects)
            {
                self.needs_subject(allowed, names, to_expr.span());
            }
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
        // `with their stacks kept`: the stacks among the ships replaced enter the warp whole.
        let to = match self.arg(a, "with").map(|e| self.snippet(e.span())) {
            None => to,
            Some(w) if w == "their stacks kept" && to == Dest::Warp => {
                self.stacks_kept(a, &ships)?;
                Dest::WarpWhole
            }
            Some(_) => {
                return self.unsupported(
                    a,
                    "only ships a replacement takes over may go to the warp so: `move them to the warp with their stacks kept`",
                )
            }
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

    /// Checks `move them to the warp with their stacks kept`: only the ships that an
    /// `instead of` trigger of ships going to the warp takes over (`them`) may keep their
    /// stacks whole there; anywhere else nothing would be kept and it is refused.
    fn stacks_kept(&mut self, a: &ast::Action, ships: &Expr) -> Option<()> {
        if *ships != Expr::Subject || self.subjects != crate::ir::SubjectKind::Ships.bit() {
            self.unsupported(
                a,
                "stacks enter the warp whole only as ships going to the warp are replaced: `instead of my ships going to the warp { move them to the warp with their stacks kept }`",
            );
            return None;
        }
        Some(())
    }

    /// `capture SHIPS around my home system until this flare is lost`: other players' plain
    /// ships held out of play around the acting player's home system, until the flare whose
    /// text holds them leaves its hand (only a flare's text says it).
    pub(super) fn capture_around(&mut self, a: &ast::Action) -> Option<Stmt> {
        let help = "write `capture SHIPS around my home system until this flare is lost`";
        let around = self.arg(a, "around").map(|e| self.snippet(e.span()));
        let until = self.arg(a, "until").map(|e| self.snippet(e.span()));
        if around.as_deref() != Some("my home system")
            || until.as_deref() != Some("this flare is lost")
        {
            return self.unsupported(a, help);
        }
        if !matches!(self.home, crate::ir::Home::Wild | crate::ir::Home::Super) {
            self.lints.push(Lint::Unsupported {
                what: "`until this flare is lost` outside a flare".into(),
                help: "only a flare, held in its player's hand, can be lost: write it in a `wild` or `super` ability".into(),
                span: a.span,
            });
            return None;
        }
        let ships = self.expr(a.object.as_ref()?, Ty::Ships);
        Some(Stmt::Move {
            ships,
            count: None,
            up_to: false,
            to: Dest::HeldAround,
            chooser: None,
        })
    }

    /// `place PLANET on my sheet`, when the thing placed is a planet: `Some` with the
    /// statement (or `None` after a lint, for a planet placed anywhere else); `None` when
    /// the thing placed is not a planet.
    pub(super) fn place_planet(
        &mut self,
        a: &ast::Action,
        object: &ast::Expr,
    ) -> Option<Option<Stmt>> {
        let ast::Expr::Path(p) = object else {
            return None;
        };
        // What is placed is written before the last `on`: `site on my sheet`, `site on
        // opponent's sheet`.
        let on = (p.segments.iter()).rposition(|s| s.link == Some(Link::On));
        let placed = match on {
            Some(i) => p.part(0..i + 1),
            None => p.clone(),
        };
        if !self.names_planet(&placed) {
            return None;
        }
        let n = p.segments.len();
        let on_my_sheet = on.is_some_and(|i| i + 2 == n)
            && self.snippet(p.segments[n - 1].span) == "my sheet"
            && self.arg(a, "beside").is_none()
            && self.arg(a, "until").is_none();
        if !on_my_sheet {
            self.lints.push(Lint::PlanetPlacement {
                found: self.snippet(a.span),
                span: a.span,
            });
            return Some(None);
        }
        let planet = self.path(&placed, Some(Ty::Planet)).map(|(e, _)| e)?;
        Some(Some(Stmt::KeepPlanet(planet)))
    }

    /// Whether a reference names a planet (asked quietly: nothing is reported of it).
    pub(super) fn names_planet(&self, p: &ast::Path) -> bool {
        let toks = path_tokens(p);
        let scope = self.visible_scope();
        matches!(
            vocabulary::resolve(&toks, Some(Ty::Planet), &scope, 0),
            Some((_, Ty::Planet))
        )
    }
}
