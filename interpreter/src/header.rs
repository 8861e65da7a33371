//! The first stage of compiling an ability: its header. Usage, roles, phases and windows are
//! closed vocabularies, resolved here into typed values with located errors and "did you
//! mean"; the form (triggered, replacement, continuous) follows from the timing. Events,
//! replacements and statement bodies are resolved by the next stage.

use crate::diagnostic::Lint;
use crate::names::did_you_mean;
use cosmic_engine::state::Phase;
use cosmic_engine::Window;
use cosmic_grammar::ast::{self, Phrase, Timing, UsageKind, WindowRelation};
use cosmic_grammar::Span;
use serde::{Deserialize, Serialize};

/// What a player is during an encounter, as far as an ability's roles care.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Standing {
    /// The offense.
    Offense,
    /// The defense.
    Defense,
    /// An ally of the offense.
    OffensiveAlly,
    /// An ally of the defense.
    DefensiveAlly,
    /// Neither a main player nor an ally.
    Uninvolved,
}

impl Standing {
    /// Every standing, in declaration order (`as usize` indexes it).
    pub(crate) const ALL: [Standing; 5] = [
        Standing::Offense,
        Standing::Defense,
        Standing::OffensiveAlly,
        Standing::DefensiveAlly,
        Standing::Uninvolved,
    ];

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of standings: who may use an ability.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roles(pub u8);

impl Roles {
    /// Every player, whatever their standing.
    pub const ANY: Roles = Roles(0b11111);

    /// Whether a player of this standing may use the ability.
    pub fn allows(self, s: Standing) -> bool {
        self.0 & s.bit() != 0
    }

    fn of(list: &[Standing]) -> Roles {
        Roles(list.iter().fold(0, |m, s| m | s.bit()))
    }

    /// The roles in the rule book's words.
    pub fn describe(self) -> String {
        if self == Roles::ANY {
            return "any player".into();
        }
        let named: [(&[Standing], &str); 9] = [
            (
                &[
                    Standing::Offense,
                    Standing::Defense,
                    Standing::OffensiveAlly,
                    Standing::DefensiveAlly,
                ],
                "a main player or an ally",
            ),
            (&[Standing::Offense, Standing::Defense], "a main player"),
            (
                &[
                    Standing::OffensiveAlly,
                    Standing::DefensiveAlly,
                    Standing::Uninvolved,
                ],
                "a player who is not a main player",
            ),
            (
                &[Standing::OffensiveAlly, Standing::DefensiveAlly],
                "an ally",
            ),
            (&[Standing::OffensiveAlly], "an offensive ally"),
            (&[Standing::DefensiveAlly], "a defensive ally"),
            (&[Standing::Offense], "the offense"),
            (&[Standing::Defense], "the defense"),
            (&[Standing::Uninvolved], "an uninvolved player"),
        ];
        let mut left = self.0;
        let mut parts = Vec::new();
        for (set, words) in named {
            let m = Roles::of(set).0;
            if left & m == m && m != 0 {
                parts.push(words.to_string());
                left &= !m;
            }
        }
        for s in Standing::ALL {
            if left & s.bit() != 0 {
                parts.push(format!("{s:?}").to_lowercase());
            }
        }
        parts.join(" or ")
    }
}

/// The role words a designer may write, and the standings each covers.
const ROLE_WORDS: &[(&str, &[Standing])] = &[
    ("offense", &[Standing::Offense]),
    ("defense", &[Standing::Defense]),
    ("main player", &[Standing::Offense, Standing::Defense]),
    ("ally", &[Standing::OffensiveAlly, Standing::DefensiveAlly]),
    ("offensive ally", &[Standing::OffensiveAlly]),
    ("defensive ally", &[Standing::DefensiveAlly]),
    ("uninvolved player", &[Standing::Uninvolved]),
    ("any player", &Standing::ALL),
    ("player", &Standing::ALL),
];

/// The phase words, and the phases each covers (`any phase`: all of them).
const PHASE_WORDS: &[(&str, &[Phase])] = &[
    ("start turn", &[Phase::StartTurn]),
    ("regroup", &[Phase::Regroup]),
    ("destiny", &[Phase::Destiny]),
    ("launch", &[Phase::Launch]),
    ("alliance", &[Phase::Alliance]),
    ("planning", &[Phase::Planning]),
    ("reveal", &[Phase::Reveal]),
    ("resolution", &[Phase::Resolution]),
    ("any phase", &Phase::ALL),
];

/// The finer windows a designer may name, with the engine window each one is.
const WINDOW_WORDS: &[(WindowRelation, &str, Window)] = &[
    (
        WindowRelation::When,
        "a destiny card is drawn",
        Window::DestinyDrawn,
    ),
    (
        WindowRelation::After,
        "the defense is named",
        Window::DefenseNamed,
    ),
    (
        WindowRelation::After,
        "destiny is drawn",
        Window::DefenseNamed,
    ),
    (
        WindowRelation::Before,
        "ships are committed",
        Window::GateAimed,
    ),
    (
        WindowRelation::After,
        "the gate is aimed",
        Window::GateAimed,
    ),
    (
        WindowRelation::After,
        "ships are launched",
        Window::PhaseEnd(Phase::Launch),
    ),
    (
        WindowRelation::After,
        "allies are invited",
        Window::AlliesInvited,
    ),
    (
        WindowRelation::Before,
        "allies are invited",
        Window::PhaseStart(Phase::Alliance),
    ),
    (
        WindowRelation::After,
        "alliances are formed",
        Window::AlliancesFormed,
    ),
    (
        WindowRelation::After,
        "encounter cards are selected",
        Window::CardsSelected,
    ),
    (
        WindowRelation::Before,
        "encounter cards are selected",
        Window::PhaseStart(Phase::Planning),
    ),
    (
        WindowRelation::Before,
        "encounter cards are revealed",
        Window::PhaseStart(Phase::Reveal),
    ),
    (
        WindowRelation::After,
        "encounter cards are revealed",
        Window::CardsRevealed,
    ),
    (
        WindowRelation::When,
        "encounter cards are revealed",
        Window::CardsRevealed,
    ),
    (
        WindowRelation::When,
        "totals are computed",
        Window::CardsRevealed,
    ),
    (
        WindowRelation::After,
        "totals are computed",
        Window::PhaseEnd(Phase::Reveal),
    ),
    (
        WindowRelation::After,
        "the winner is determined",
        Window::WinnerDetermined,
    ),
    (
        WindowRelation::When,
        "the winner is determined",
        Window::WinnerDetermined,
    ),
    (
        WindowRelation::After,
        "the encounter is resolved",
        Window::EncounterResolved,
    ),
    (
        WindowRelation::When,
        "compensation is collected",
        Window::Compensation,
    ),
    (WindowRelation::When, "a new hand is drawn", Window::NewHand),
    (WindowRelation::When, "the game is won", Window::GameWon),
    // Duel (Steps of a Duel 7, Contests 3): the kind of fight picks the window below.
    (
        WindowRelation::After,
        "plans are revealed",
        Window::PlansRevealed { contest: false },
    ),
];

/// Duel's fights, the words of its ability headers ("Duels", "Contests"), in place of an
/// encounter's phases: `at duel or contest after plans are revealed`.
const FIGHT_WORDS: &[(&str, bool)] = &[("duel", false), ("contest", true)];

/// The Duel window of a fight: the named window, in a contest or a duel.
fn in_fight(window: Window, contest: bool) -> Window {
    match window {
        Window::PlansRevealed { .. } => Window::PlansRevealed { contest },
        other => other,
    }
}

/// Whether an ability's timing is Duel's (a fight's window) and where, for the edition lint.
pub fn duel_timing(a: &ast::Ability) -> Option<Span> {
    a.timing.iter().find_map(|t| match t {
        Timing::At { phases, span, .. }
            if phases
                .iter()
                .any(|p| FIGHT_WORDS.iter().any(|(w, _)| *w == phrase_text(p))) =>
        {
            Some(*span)
        }
        _ => None,
    })
}

/// The role words a designer may write, each with whom it covers in the rule book's words.
pub fn roles() -> impl Iterator<Item = (&'static str, String)> {
    ROLE_WORDS
        .iter()
        .map(|(w, set)| (*w, Roles::of(set).describe()))
}

/// The phase words a designer may write (`game setup` included), each with the phases it
/// covers in words.
pub fn phases() -> impl Iterator<Item = (&'static str, String)> {
    PHASE_WORDS
        .iter()
        .map(|(w, list)| (*w, phase_list(list)))
        .chain([("game setup", "once, when the game is set up".to_string())])
}

fn phase_list(list: &[Phase]) -> String {
    if list.len() == 8 {
        "every phase of the encounter".to_string()
    } else {
        let names: Vec<&str> = list.iter().map(|p| p.name()).collect();
        format!("the {} phase", names.join(" or "))
    }
}

/// The windows a designer may name (`after alliances are formed`), each with the engine
/// window it is.
pub fn windows() -> impl Iterator<Item = (String, Window)> {
    WINDOW_WORDS
        .iter()
        .map(|(rel, words, w)| (format!("{} {words}", rel.keyword()), *w))
}

/// A window in the words a designer writes for it.
pub fn window_words(window: Window) -> String {
    let window = in_fight(window, false);
    match WINDOW_WORDS.iter().find(|(_, _, w)| *w == window) {
        Some((rel, words, _)) => format!("{} {words}", rel.keyword()),
        None => format!("{window:?}"),
    }
}

/// When an ability acts, resolved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum When {
    /// Triggered at an engine window within the listed phases.
    At {
        /// The phases.
        phases: Vec<Phase>,
        /// The engine window (a phase's start when none is named).
        window: Option<Window>,
    },
    /// At game setup.
    Setup,
    /// Triggered by an event (its phrase is resolved by the next stage).
    Whenever(String),
    /// Replaces an event (its phrase is resolved by the next stage).
    InsteadOf(String),
    /// Continuous during the listed phases.
    During(Vec<Phase>),
}

/// An ability's header, compiled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The index of the timing clause each of `when` comes from.
    pub clauses: Vec<usize>,
    /// `power`, `wild`, `super` or `effect`.
    pub home: String,
    /// Its name, if any.
    pub name: Option<String>,
    /// Mandatory, optional or innate (innate text is never a zappable use).
    pub usage: Usage,
    /// Who may use it.
    pub roles: Roles,
    /// When it acts.
    pub when: Vec<When>,
    /// The condition as written, if any (compiled by the next stage).
    pub condition: Option<String>,
    /// The limit as written (`once per encounter`), if any.
    pub limit: Option<String>,
    /// The bot hint as written (`prefer if ...`), if any.
    pub prefer: Option<String>,
}

/// How an ability is used.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Usage {
    /// Used whenever it can be; a use can be zapped.
    Mandatory,
    /// Its controller is asked; a use can be zapped.
    Optional,
    /// Never used, always on; cannot be zapped.
    Innate,
}

fn phrase_text(p: &Phrase) -> String {
    p.words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The standings that exist during a phase: allies only once alliances form, the defense
/// only once destiny names it.
fn present(phase: Phase) -> Roles {
    use Standing::*;
    match phase {
        Phase::StartTurn | Phase::Regroup => Roles::of(&[Offense, Uninvolved]),
        Phase::Destiny | Phase::Launch => Roles::of(&[Offense, Defense, Uninvolved]),
        _ => Roles::ANY,
    }
}

/// Compiles an ability's header, pushing every problem to `lints`.
pub fn compile(a: &ast::Ability, source: &str, lints: &mut Vec<Lint>) -> Header {
    // An expression as the designer wrote it.
    let written = |e: &ast::Expr| source[e.span().start..e.span().end].trim().to_string();
    let usage = match a.usage.as_ref().map(|u| u.kind) {
        Some(UsageKind::Mandatory) | None => Usage::Mandatory,
        Some(UsageKind::Optional) => Usage::Optional,
        Some(UsageKind::Innate) => Usage::Innate,
    };
    let mut roles = Roles(0);
    match &a.roles {
        None => roles = Roles::ANY,
        Some(r) => {
            for role in &r.roles {
                let words: String = role
                    .words
                    .iter()
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                match ROLE_WORDS.iter().find(|(w, _)| *w == words) {
                    Some((_, set)) => {
                        let m = Roles::of(set);
                        roles.0 |= if role.negated {
                            !m.0 & Roles::ANY.0
                        } else {
                            m.0
                        };
                    }
                    None => lints.push(unknown(
                        "role",
                        &words,
                        role.span,
                        ROLE_WORDS.iter().map(|(w, _)| *w),
                    )),
                }
            }
        }
    }
    let mut when = Vec::new();
    // The timing clause each `when` comes from (a fight clause gives one per fight).
    let mut clauses = Vec::new();
    for (clause, t) in a.timing.iter().enumerate() {
        match t {
            Timing::At {
                phases,
                window,
                span,
            } => {
                // Duel's fights stand where an encounter's phases do.
                let fights: Vec<bool> = (phases.iter())
                    .filter_map(|p| FIGHT_WORDS.iter().find(|(w, _)| *w == phrase_text(p)))
                    .map(|(_, contest)| *contest)
                    .collect();
                if !fights.is_empty() {
                    let window = window.as_ref().and_then(|w| {
                        let text = phrase_text(&w.phrase);
                        WINDOW_WORDS
                            .iter()
                            .find(|(rel, words, win)| {
                                *rel == w.relation && *words == text && win.is_duel()
                            })
                            .map(|(_, _, win)| *win)
                    });
                    let (Some(window), true) = (window, fights.len() == phases.len()) else {
                        lints.push(Lint::Unsupported {
                            what: "this timing in a duel or contest".into(),
                            help: "a Duel ability acts `at duel or contest after plans are revealed` (the fights, then one of Duel's windows), without an encounter's phases".into(),
                            span: *span,
                        });
                        continue;
                    };
                    for contest in fights {
                        clauses.push(clause);
                        when.push(When::At {
                            phases: Vec::new(),
                            window: Some(in_fight(window, contest)),
                        });
                    }
                    continue;
                }
                if phases.len() == 1 && phrase_text(&phases[0]) == "game setup" {
                    resolve_phases(phases, lints);
                    clauses.push(clause);
                    when.push(When::Setup);
                    continue;
                }
                let (list, window) = at_window(phases, window.as_ref(), lints);
                if roles.0 != 0
                    && !list.is_empty()
                    && list.iter().all(|&p| present(p).0 & roles.0 == 0)
                {
                    lints.push(Lint::NeverFires {
                        roles: roles.describe(),
                        phases: list
                            .iter()
                            .map(|p| p.name())
                            .collect::<Vec<_>>()
                            .join(" or "),
                        span: *span,
                    });
                }
                clauses.push(clause);
                when.push(When::At {
                    phases: list,
                    window,
                });
            }
            Timing::Whenever { event, .. } => {
                clauses.push(clause);
                when.push(When::Whenever(phrase_text(event)))
            }
            Timing::InsteadOf { event, .. } => {
                clauses.push(clause);
                when.push(When::InsteadOf(phrase_text(event)))
            }
            Timing::During { phases, span } => {
                let list = resolve_phases(phases, lints);
                if usage == Usage::Optional {
                    lints.push(Lint::OptionalWithoutMoment { span: *span });
                }
                clauses.push(clause);
                when.push(When::During(list));
            }
        }
    }
    Header {
        clauses,
        home: a.kind.text.clone(),
        name: a.name.as_ref().map(|n| n.value.clone()),
        usage,
        roles,
        when,
        condition: a.condition.as_ref().map(written),
        limit: a.limit.as_ref().map(phrase_text),
        prefer: a.prefer.as_ref().map(written),
    }
}

/// The phases and the window of an `at` clause (`at reveal after encounter cards are
/// revealed`), each unknown name a lint.
pub(crate) fn at_window(
    phases: &[Phrase],
    window: Option<&ast::Window>,
    lints: &mut Vec<Lint>,
) -> (Vec<Phase>, Option<Window>) {
    let list = resolve_phases(phases, lints);
    let window = window.and_then(|w| {
        let text = phrase_text(&w.phrase);
        let found = WINDOW_WORDS
            .iter()
            .find(|(rel, words, _)| *rel == w.relation && *words == text);
        if found.is_none() {
            // Duel's windows are written after a fight, not an encounter's phase.
            let known = WINDOW_WORDS
                .iter()
                .filter(|(rel, _, win)| *rel == w.relation && !win.is_duel())
                .map(|(_, words, _)| *words);
            lints.push(unknown(
                &format!("`{}` window", w.relation.keyword()),
                &text,
                w.phrase.span,
                known,
            ));
        }
        if found.is_some_and(|(_, _, win)| win.is_duel()) {
            lints.push(Lint::EditionOnly {
                found: format!("{} {text}", w.relation.keyword()),
                edition: "Duel",
                help: "this is one of Duel's windows, in a fight rather than an encounter's phase: write `at duel or contest after plans are revealed` in a Duel card (`edition duel`)".into(),
                span: w.phrase.span,
            });
            return None;
        }
        found.map(|(_, _, win)| *win)
    });
    (list, window)
}

fn resolve_phases(phases: &[Phrase], lints: &mut Vec<Lint>) -> Vec<Phase> {
    let mut out = Vec::new();
    for p in phases {
        let text = phrase_text(p);
        if text == "game setup" {
            continue;
        }
        match PHASE_WORDS.iter().find(|(w, _)| *w == text) {
            Some((_, list)) => out.extend_from_slice(list),
            None => lints.push(unknown(
                "phase",
                &text,
                p.span,
                PHASE_WORDS.iter().map(|(w, _)| *w).chain(["game setup"]),
            )),
        }
    }
    out
}

fn unknown<'a>(
    what: &str,
    found: &str,
    span: Span,
    known: impl Iterator<Item = &'a str> + Clone,
) -> Lint {
    let list: Vec<&str> = known.clone().collect();
    let help = match did_you_mean(found, known) {
        Some(m) => format!("did you mean `{m}`? Known: {}", list.join(", ")),
        None => format!("known: {}", list.join(", ")),
    };
    Lint::UnknownName {
        what: what.to_string(),
        found: found.to_string(),
        help,
        span,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(src: &str) -> (Header, Vec<Lint>) {
        let parsed = cosmic_grammar::parse(src);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let ast::Item::Decl(d) = &parsed.file.items[0] else {
            panic!("a declaration")
        };
        let ability = d
            .entries
            .iter()
            .find_map(|e| match e {
                ast::Entry::Ability(a) => Some(a),
                _ => None,
            })
            .expect("an ability");
        let mut lints = Vec::new();
        (compile(ability, src, &mut lints), lints)
    }

    #[test]
    fn roles_phases_and_windows_resolve() {
        let (h, lints) = header(
            "alien \"A\" {\n  power \"P\" optional, as main player or ally, at alliance after alliances are formed {\n    draw 1 card\n  }\n}\n",
        );
        assert!(lints.is_empty(), "{lints:?}");
        assert_eq!(h.usage, Usage::Optional);
        assert!(h.roles.allows(Standing::Offense) && h.roles.allows(Standing::DefensiveAlly));
        assert!(!h.roles.allows(Standing::Uninvolved));
        assert_eq!(
            h.when,
            [When::At {
                phases: vec![Phase::Alliance],
                window: Some(Window::AlliancesFormed)
            }]
        );
    }

    #[test]
    fn an_ally_in_the_destiny_phase_can_never_act() {
        let (_, lints) = header("alien \"A\" {\n  power \"P\" mandatory, as ally, at destiny {\n    draw 1 card\n  }\n}\n");
        assert!(
            matches!(lints.as_slice(), [Lint::NeverFires { .. }]),
            "{lints:?}"
        );
    }

    #[test]
    fn misspelled_words_get_suggestions() {
        let (_, lints) = header("alien \"A\" {\n  power \"P\" mandatory, as ofense, at reveall {\n    draw 1 card\n  }\n}\n");
        let helps: Vec<String> = lints
            .iter()
            .map(|l| match l {
                Lint::UnknownName { help, .. } => help.clone(),
                other => format!("{other:?}"),
            })
            .collect();
        assert!(helps[0].starts_with("did you mean `offense`?"), "{helps:?}");
        assert!(helps[1].starts_with("did you mean `reveal`?"), "{helps:?}");
    }

    #[test]
    fn not_main_player_excludes_both_main_players() {
        let (h, _) = header("alien \"A\" {\n  power \"P\" optional, as not main player, at alliance {\n    draw 1 card\n  }\n}\n");
        assert!(!h.roles.allows(Standing::Offense) && !h.roles.allows(Standing::Defense));
        assert!(h.roles.allows(Standing::Uninvolved) && h.roles.allows(Standing::OffensiveAlly));
        assert_eq!(h.roles.describe(), "a player who is not a main player");
    }
}
