//! Compiling an ability: its header, its triggers (`whenever`, `instead of`...), its form.

use super::{Compiler, Form};
use crate::diagnostic::Lint;
use crate::header::{self, When};
use crate::ir::{self, Expr, Happening, Home, Replaced, Stmt, StmtKind, Trigger};
use crate::names::did_you_mean;
use crate::vocabulary::Ty;
use cosmic_engine::effects::Until;
use cosmic_engine::state::Phase;
use cosmic_engine::Window;
use cosmic_grammar::ast;
use cosmic_grammar::Span;

/// Whether a continuous block changes a quantity anywhere in it.
pub(super) fn changes_quantity(body: &[Stmt]) -> bool {
    body.iter().any(|st| match st {
        Stmt::Modify { .. } => true,
        Stmt::If(_, then, otherwise) => changes_quantity(then) || changes_quantity(otherwise),
        _ => false,
    })
}

/// Whether a block moves (or removes) the ships its replacement replaces, anywhere in it.
pub(super) fn moves_subject(body: &[Stmt]) -> bool {
    let moves = |st: &Stmt| {
        matches!(
            st,
            Stmt::Move {
                ships: Expr::Subject,
                ..
            }
        )
    };
    crate::ir::any_stmt(body, &mut |st| moves(st))
}

/// The warning for a replacement with `triggers` whose block moves none of `them`: what
/// becomes of the ships it leaves alone depends on the event it replaces.
pub(super) fn replaces_nothing(triggers: &[Trigger], span: Span) -> Lint {
    if (triggers.iter()).any(|t| matches!(t, Trigger::InsteadOfLanding(_))) {
        Lint::ReplacesNoLanding { span }
    } else if (triggers.iter()).any(|t| matches!(t, Trigger::InsteadOfRetrieval(_))) {
        Lint::ReplacesNoRetrieval { span }
    } else {
        Lint::ReplacesNothing { span }
    }
}

/// The last phase `triggers` act in, if every one of them is limited to phases.
pub(super) fn last_phase(triggers: &[Trigger]) -> Option<Phase> {
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

/// What a `whenever` event sets off.
#[derive(Clone, Copy)]
enum Whenever {
    /// Something content answers (`Trigger::On`).
    On(Happening),
    /// A window of the resolution phase.
    Resolution(Window),
    /// A deal being made, for terms content offers (`Trigger::DealTerm`).
    DealTerm,
}

/// One list of the `whenever` events the runtime knows, as designers write them, in the
/// order editors offer them: the phrases (`WHENEVER_WORDS`) and what each sets off
/// (`WHENEVER`) come from the same lines, so they cannot drift apart.
macro_rules! whenever_events {
    ($($words:literal => $what:expr,)*) => {
        /// The `whenever` events the runtime knows.
        pub const WHENEVER_WORDS: &[&str] = &[$($words,)*];

        /// What each `whenever` event sets off.
        const WHENEVER: &[(&str, Whenever)] = &[$(($words, $what),)*];
    };
}

whenever_events! {
    "an alien power is used" => Whenever::On(Happening::PowerUsed),
    "a flare or an artifact is played" => Whenever::On(Happening::CardPlayed),
    "my power is zapped" => Whenever::On(Happening::MyPowerZapped),
    "this alien leaves the game" => Whenever::On(Happening::AlienLeft),
    "a deal is made" => Whenever::Resolution(Window::DealMade),
    "a deal fails" => Whenever::Resolution(Window::DealFailed),
    "an artifact is played" => Whenever::On(Happening::ArtifactPlayed),
    "a flare is played" => Whenever::On(Happening::FlarePlayed),
    "a wild flare is played" => Whenever::On(Happening::WildFlarePlayed),
    "I play an artifact" => Whenever::On(Happening::MyArtifactPlayed),
    "another player loses its power" => Whenever::On(Happening::PowerLost),
    "the deck is reshuffled" => Whenever::On(Happening::DeckReshuffled),
    "another player plays a reinforcement" => Whenever::On(Happening::ReinforcementPlayed),
    "I make a deal" => Whenever::DealTerm,
    "my ships go to the warp" => Whenever::On(Happening::MyShipsToWarp),
    "another player's ships go to the warp" => Whenever::On(Happening::OthersShipsToWarp),
    "another player's ships are removed from the game" => {
        Whenever::On(Happening::OthersShipsRemoved)
    },
    "my ships are removed from the game" => Whenever::On(Happening::MyShipsRemoved),
    "another player retrieves ships from the warp" => {
        Whenever::On(Happening::OthersShipsRetrieved)
    },
    "another player draws cards" => Whenever::On(Happening::OthersCardsDrawn),
    "I retrieve ships from the warp" => Whenever::On(Happening::MyShipsRetrieved),
    "I draw cards" => Whenever::On(Happening::MyCardsDrawn),
    "I take cards at random from another player's hand" => {
        Whenever::On(Happening::MyCardsTakenAtRandom)
    },
    "I draw cards as rewards" => Whenever::On(Happening::MyRewardsDrawn),
    "I receive rewards" => Whenever::On(Happening::MyRewardsReceived),
    "a cosmic quake occurs" => Whenever::On(Happening::CosmicQuake),
    "this tech is completed" => Whenever::On(Happening::TechCompleted),
    "this hazard is drawn" => Whenever::On(Happening::HazardDrawn),
    "another tech is used" => Whenever::On(Happening::TechUsed),
    "another player gains a colony" => Whenever::On(Happening::OthersColonyGained),
    "I send another player's ships to the warp" => Whenever::On(Happening::MyShipsSent),
    "another player has played a wild flare or an artifact" => {
        Whenever::On(Happening::OthersPlayed)
    },
    "ships land on a planet" => Whenever::On(Happening::ShipsLanded),
    "my tokens are revealed" => Whenever::On(Happening::MyTokensRevealed),
    "another player discards an artifact" => {
        Whenever::On(Happening::OthersDiscard(cosmic_engine::CardType::Artifact))
    },
    "another player discards a flare" => {
        Whenever::On(Happening::OthersDiscard(cosmic_engine::CardType::Flare))
    },
    "another player discards a reinforcement" => {
        Whenever::On(Happening::OthersDiscard(cosmic_engine::CardType::Reinforcement))
    },
    "I discard an artifact for a new hand" => {
        Whenever::On(Happening::NewHandDiscard(cosmic_engine::CardType::Artifact))
    },
}

/// Other spellings of `whenever` events, each with the phrase it stands for.
const WHENEVER_ALIASES: &[(&str, &str)] = &[
    ("a power is used", "an alien power is used"),
    (
        "an artifact or a flare is played",
        "a flare or an artifact is played",
    ),
];

/// The event a `whenever` reaction inside a lasting effect answers, if `text` names one it
/// may: a use, or ships or cards moving.
pub(super) fn lasting_answer(text: &str) -> Option<Happening> {
    match whenever(text)? {
        Whenever::On(
            h @ (Happening::PowerUsed
            | Happening::CardPlayed
            | Happening::ArtifactPlayed
            | Happening::FlarePlayed
            | Happening::WildFlarePlayed),
        ) => Some(h),
        // Who sent ships is noted only while an ability held answers it, never for a
        // lasting effect (`Runtime::run_body`).
        Whenever::On(Happening::MyShipsSent) => None,
        Whenever::On(h) if h.moves() => Some(h),
        _ => None,
    }
}

/// The events a lasting effect may answer, as designers write them.
pub(super) const LASTING_ANSWER_WORDS: &[&str] = &[
    "an alien power is used",
    "a flare or an artifact is played",
    "an artifact is played",
    "a flare is played",
    "a wild flare is played",
    "ships or cards moving (`my ships go to the warp`, `I draw cards`, ...; not `I send another player's ships to the warp`)",
];

/// What the `whenever` event `text` sets off, if it is one (a leading `I` may be written `i`).
fn whenever(text: &str) -> Option<Whenever> {
    let text = (WHENEVER_ALIASES.iter())
        .find(|(alias, _)| *alias == text)
        .map_or(text, |&(_, words)| words);
    let first_person = text.strip_prefix("i ").map(|rest| format!("I {rest}"));
    let text = first_person.as_deref().unwrap_or(text);
    WHENEVER
        .iter()
        .find(|(words, _)| *words == text)
        .map(|&(_, what)| what)
}

/// The `instead of` events the runtime knows.
pub const INSTEAD_WORDS: &[&str] = &[
    "my power",
    "my ships going to the warp",
    "the losing side's ships going to the warp",
    "another player's ships going to the warp",
    "my allies' ships going to the warp",
    "any player's ships going to the warp",
    "my ships landing on a planet",
    "another player's ships landing on a planet",
    "my allies' ships landing on a planet",
    "any player's ships landing on a planet",
    "my ships leaving the warp",
    "another player's ships leaving the warp",
    "my allies' ships leaving the warp",
    "any player's ships leaving the warp",
];

/// The trigger of an `instead of` event that names ships going to the warp, landing on a
/// planet or leaving the warp (retrieved to their colonies), if `text` is one.
pub(super) fn replaced_event(text: &str) -> Option<Trigger> {
    if let Some(whose) = text.strip_suffix(" going to the warp") {
        return replaced_ships(whose).map(Trigger::Instead);
    }
    if let Some(whose) = text.strip_suffix(" leaving the warp") {
        // Nobody's side has lost while ships are retrieved: no losing side's ships either.
        return match replaced_ships(whose)? {
            Replaced::LosingSide => None,
            r => Some(Trigger::InsteadOfRetrieval(r)),
        };
    }
    let whose = text.strip_suffix(" landing on a planet")?;
    // Nobody's side has lost while ships are landing: the losing side's are never replaced.
    match replaced_ships(whose)? {
        Replaced::LosingSide => None,
        r => Some(Trigger::InsteadOfLanding(r)),
    }
}

/// Whose ships an `instead of` event names (`another player's ships`).
fn replaced_ships(whose: &str) -> Option<Replaced> {
    Some(match whose {
        "my ships" => Replaced::Mine,
        "the losing side's ships" => Replaced::LosingSide,
        "another player's ships" => Replaced::Others,
        "my allies' ships" | "my allies ships" => Replaced::MyAllies,
        "any player's ships" => Replaced::Any,
        _ => return None,
    })
}

impl Compiler<'_> {
    pub(super) fn ability(&mut self, a: &ast::Ability, item: u32) -> u32 {
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
        self.ability_label = label.clone();
        self.home = home;
        let source = self.source(label);
        self.scope.clear();
        self.slots = 0;
        let mut triggers = Vec::new();
        let mut replaces_power = false;
        self.form = Form::Triggered;
        for (w, &clause) in h.when.iter().zip(&h.clauses) {
            let t = &a.timing[clause];
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
                When::Whenever(text) => match whenever(text) {
                    Some(Whenever::On(happening)) => triggers.push(Trigger::On(happening)),
                    Some(Whenever::Resolution(window)) => triggers.push(Trigger::At {
                        phases: vec![Phase::Resolution],
                        window,
                    }),
                    Some(Whenever::DealTerm) => triggers.push(Trigger::DealTerm),
                    None => self.unknown_event("event", text, t.span(), WHENEVER_WORDS),
                },
                When::InsteadOf(text) if text == "my power" => replaces_power = true,
                When::InsteadOf(text) => {
                    self.form = Form::Replacement;
                    match replaced_event(text) {
                        Some(t) => triggers.push(t),
                        None => self.unknown_event("replaced event", text, t.span(), INSTEAD_WORDS),
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
        self.check_hazard(&triggers, &h, a.span);
        self.answers_draws = ir::answered_draws(&triggers);
        self.subjects = triggers.iter().fold(0, |m, t| m | t.subject().bit());
        self.dealt = false;
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
            self.lints.push(Lint::ChangesNothing {
                what: "`during` ability",
                instead: "with `at PHASE`",
                span: a.span,
            });
        }
        if self.form == Form::Replacement && !moves_subject(&body) {
            self.lints.push(replaces_nothing(&triggers, a.span));
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
            draws: self.answers_draws,
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

    /// Refuses statements the ability's form does not run: a continuous ability's changes
    /// are read whenever a quantity is computed, so it can only change quantities.
    pub(super) fn check_form(&mut self, written: &[Stmt], span: Span) {
        if self.form == Form::Setup && written.iter().any(|st| st.kind().needs_encounter()) {
            self.lints.push(Lint::Unsupported {
                what: format!("`{}` at game setup", self.snippet(span)),
                help: "there is no encounter, turn or use to act on before the game starts; \
                       act at a phase instead (`at start turn`)"
                    .into(),
                span,
            });
        }
        // The state a replay goes back to is kept as the planning phase begins.
        let early = self.acts_until.is_some_and(|p| p < Phase::Planning);
        if early
            && written
                .iter()
                .any(|st| st.kind() == StmtKind::ReplayEncounter)
        {
            self.lints.push(Lint::Unsupported {
                what: format!("`{}` before the planning phase", self.snippet(span)),
                help: "an encounter is replayed from its planning phase, so only once that                        phase has begun; act at planning or later (`at reveal after encounter                        cards are revealed`)"
                    .into(),
                span,
            });
        }
        if self.form == Form::LastingReplacement {
            let moves =
                |st: &Stmt| matches!(st.kind(), StmtKind::Move | StmtKind::If | StmtKind::Let);
            if !written.iter().all(moves) {
                self.lints.push(Lint::Unsupported {
                    what: format!("`{}` in a lasting effect's replacement", self.snippet(span)),
                    help: "a replacement inside a lasting effect only says where the ships go \
                           (`remove them from the game`, `move them to my colonies`, with `let` \
                           and `if` if need be)"
                        .into(),
                    span,
                });
            }
            return;
        }
        if !matches!(self.form, Form::Continuous | Form::Lasting) {
            return;
        }
        let held = |st: &Stmt| matches!(st.kind(), StmtKind::Modify | StmtKind::If | StmtKind::Let);
        if self.form == Form::Lasting && !written.iter().all(held) {
            self.lints.push(Lint::Unsupported {
                what: format!("`{}` in a lasting effect", self.snippet(span)),
                help: "a lasting effect holds while it lasts and can only change quantities \
                       (`add 1 to my side's total`, with `let` and `if` if need be); write what \
                       happens once outside its block"
                    .into(),
                span,
            });
            return;
        }
        if !written.iter().all(held) {
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
}

impl Compiler<'_> {
    /// A hazard is nobody's holding: its text acts once, as it is drawn, for the player who
    /// drew it (the offense), so its abilities must say exactly that; and only a hazard is
    /// drawn from the hazard deck.
    fn check_hazard(&mut self, triggers: &[Trigger], h: &header::Header, span: Span) {
        let drawn = triggers.contains(&Trigger::On(Happening::HazardDrawn));
        let hazard = self.item_kind == "hazard";
        let as_drawn = drawn
            && triggers.len() == 1
            && h.usage == crate::header::Usage::Mandatory
            && h.roles.allows(crate::header::Standing::Offense);
        if hazard && !as_drawn {
            self.lints.push(Lint::HazardTiming { span });
        } else if drawn && !hazard {
            self.lints.push(Lint::HazardOnly { span });
        }
    }
}
