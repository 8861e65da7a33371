//! Plays a prepared scenario and checks its expectations against the result.

use super::build::{color, did_you_mean, planet, Prepared, Until};
use super::error::{Errors, ScenarioError};
use super::scenario::Scenario;
use cosmic_engine::{
    Answer, Decision, DecisionKind, EventKind, Game, GameError, Names, Outcome, PlayerId, Request,
    Scene, Stop,
};
use std::cell::{Cell, RefCell};
use std::fmt::Write;
use std::rc::Rc;

/// One checked expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Whether it held.
    pub ok: bool,
    /// What was expected, and what was found if it failed.
    pub text: String,
}

/// The result of running a ruling.
#[derive(Clone, Debug)]
pub struct Ruling {
    /// The ruling's title.
    pub title: String,
    /// Its source in the rule books.
    pub source: String,
    /// The resolution trace: each event with the rule that caused it.
    pub trace: Vec<String>,
    /// The expectations, checked.
    pub checks: Vec<Check>,
}

impl Ruling {
    /// Whether every expectation held.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.ok)
    }

    /// The whole report as plain text (what `cosmic ruling` prints and the snapshots hold).
    pub fn render(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "ruling: {}", self.title);
        let _ = writeln!(s, "source: {}", self.source);
        let _ = writeln!(s, "\ntrace:");
        for line in &self.trace {
            let _ = writeln!(s, "  {line}");
        }
        let _ = writeln!(s, "\nexpectations:");
        for c in &self.checks {
            let _ = writeln!(s, "  {} {}", if c.ok { "pass" } else { "FAIL" }, c.text);
        }
        s
    }
}

/// A decision put to a player during play, or made without asking, seen by the game's
/// decision and forced observers.
struct Asked {
    /// How many events had happened when it was asked (it goes before the next one).
    at: usize,
    /// The decision.
    decision: Decision,
    /// The totals standing when a reinforcement is asked.
    totals: Option<[i32; 2]>,
    /// The only legal answer, when the engine made the decision without asking.
    forced: Option<Answer>,
}

impl Asked {
    fn new(at: usize, d: &Decision, scene: &Scene, forced: Option<&Answer>) -> Asked {
        Asked {
            at,
            decision: d.clone(),
            totals: match d.kind {
                DecisionKind::Reinforcement => scene.state.encounter.totals,
                _ => None,
            },
            forced: forced.cloned(),
        }
    }
}

/// One line of the trace: an event with the rule that caused it, or an answered decision.
struct Line {
    text: String,
    source: Option<String>,
}

impl Line {
    fn render(&self) -> String {
        match &self.source {
            Some(source) => format!("{}  [{source}]", self.text),
            None => self.text.clone(),
        }
    }
}

/// The keys of a player's expectations besides planets.
const PLAYER_KEYS: &[&str] = &[
    "warp",
    "praw",
    "removed",
    "captured",
    "stacked",
    "held",
    "colonies",
    "home_colonies",
    "hand_size",
    "alien",
    "power",
    "hand",
    "sheet",
    "techs",
    "reads",
    "never_reads",
    "tokens",
    "lucre",
];

/// Plays the scenario and checks it.
pub fn play(scn: &Scenario, e: &Errors, mut prepared: Prepared) -> Result<Ruling, ScenarioError> {
    let game = &mut prepared.game;
    let first_event = game.events().len();
    // Every decision put to a player, with its place among the events.
    let seen = Rc::new(Cell::new(0usize));
    let asked: Rc<RefCell<Vec<Asked>>> = Rc::default();
    // Each player's own log, rendered as each event happens (what it may see depends on the
    // state at that moment).
    let read: Rc<RefCell<Vec<Vec<String>>>> =
        Rc::new(RefCell::new(vec![Vec::new(); game.state().player_count()]));
    {
        let (seen, read) = (seen.clone(), read.clone());
        game.set_observer(move |e, scene| {
            seen.set(seen.get() + 1);
            let names = scene.names();
            for (p, lines) in read.borrow_mut().iter_mut().enumerate() {
                lines.extend(names.event_for(e, Some(PlayerId(p as u8))));
            }
        });
    }
    {
        let (seen, asked) = (seen.clone(), asked.clone());
        game.set_decision_observer(move |d, scene| {
            asked
                .borrow_mut()
                .push(Asked::new(seen.get(), d, scene, None));
        });
    }
    {
        // A forced decision takes its player's next answer if that answer states it.
        let (seen, asked, script) = (seen.clone(), asked.clone(), prepared.script.clone());
        game.set_forced_observer(move |d, a, scene| {
            let mut asked = asked.borrow_mut();
            script
                .borrow_mut()
                .forced(&scene.view(d.player), d, a, asked.len());
            asked.push(Asked::new(seen.get(), d, scene, Some(a)));
        });
    }
    let duel = game.state().duel.is_some();
    let result = match prepared.until {
        // A Duel ruling plays destiny cards up to the turn limit its table set.
        _ if duel => game.run().map(|_| ()),
        Until::Game => match game.play_turn_from(prepared.start) {
            Ok(())
            | Err(Stop::TurnEnds)
            | Err(Stop::EncounterEnds(_))
            | Err(Stop::EncounterDecided)
            | Err(Stop::EncounterRestarts) => {
                let o = game.state().offense;
                game.state_mut().offense = game.state().next_in_turn_order(o);
                game.run().map(|_| ())
            }
            Err(Stop::GameOver) => Ok(()),
            Err(Stop::Error(err)) => Err(*err),
        },
        Until::NextTurn => match game.play_turn_from(prepared.start) {
            Ok(())
            | Err(Stop::TurnEnds)
            | Err(Stop::EncounterEnds(_))
            | Err(Stop::EncounterDecided)
            | Err(Stop::EncounterRestarts) => {
                let o = game.state().offense;
                game.state_mut().offense = game.state().next_in_turn_order(o);
                match game.play_turn_start() {
                    Err(Stop::Error(err)) => Err(*err),
                    _ => Ok(()),
                }
            }
            Err(Stop::GameOver) => Ok(()),
            Err(Stop::Error(err)) => Err(*err),
        },
        _ => match game.play_turn_from(prepared.start) {
            Ok(())
            | Err(Stop::TurnEnds)
            | Err(Stop::EncounterEnds(_))
            | Err(Stop::EncounterDecided)
            | Err(Stop::EncounterRestarts)
            | Err(Stop::GameOver) => Ok(()),
            Err(Stop::Error(err)) => Err(*err),
        },
    };
    let asked = asked.borrow();
    let lines = trace_lines(game, first_event, game.events().len(), &asked);
    let trace: Vec<String> = lines.iter().map(Line::render).collect();
    // A ruling's trace is short: show it whole so the turn's start is in view, and cut only
    // the middle of a long one.
    let tail = |lines: &[Line]| {
        let rendered: Vec<String> = lines.iter().map(Line::render).collect();
        if rendered.len() <= 40 {
            return rendered.join("\n");
        }
        let (head, rest) = rendered.split_at(5);
        let cut = rest.len() - 30;
        format!(
            "{}\n... ({cut} lines left out)\n{}",
            head.join("\n"),
            rest[cut..].join("\n")
        )
    };
    if let Some(c) = &prepared.script.borrow().contradiction {
        // The trace up to the forced decision (play went on until the next question).
        let upto = &asked[..=c.asked];
        let so_far = trace_lines(game, first_event, upto[c.asked].at, upto);
        return Err(e.hint(
            c.span.clone(),
            format!(
                "{}'s `{}` decision had a single legal answer, `{}`, so the engine made it without asking; this answer says `{}`",
                c.player,
                c.kind.name(),
                c.forced,
                c.written
            ),
            "not the only legal option",
            format!(
                "answer `{}` or remove this [[answer]] (each player's answers are used in the order the engine decides, so one meant for a later `{}` decision comes after one for this decision); the trace so far:\n{}",
                c.forced,
                c.kind.name(),
                tail(&so_far)
            ),
        ));
    }
    if let Err(err) = result {
        let span = prepared.script.borrow().failed_at.clone().unwrap_or(0..0);
        let mut message = format!("the ruling cannot be played: {err}");
        if let GameError::Agent { message: m, .. } = &err {
            message = m.clone();
        }
        let mut error = e.at(span, message, "this answer");
        error.help = Some(format!(
            "add or fix an [[answer]]; the trace so far:\n{}",
            tail(&lines)
        ));
        return Err(error);
    }
    // What the log says: setup's events, then the trace's lines without their rules.
    let names = game.names();
    // A Duel table is rebuilt after setup: its setup's events are of another table.
    let setup_said = if game.state().duel.is_some() {
        0
    } else {
        first_event
    };
    let said: Vec<String> = game.events()[..setup_said]
        .iter()
        .map(|ev| names.event(ev))
        .chain(lines.into_iter().map(|l| l.text))
        .collect();
    let mut checks = expectations(scn, e, game, first_event, &said, &read.borrow())?;
    let script = prepared.script.borrow();
    for offer in &script.offers {
        let line = e_line(e, offer.span.start);
        let what = format!(
            "{}'s options for {} (line {line})",
            offer.player,
            offer.kind.name()
        );
        let ok = offer.matches();
        checks.push(Check {
            ok,
            text: if ok {
                format!("{what} = {}", offer.expected.join(" | "))
            } else {
                format!(
                    "{what} = {}, but the engine offered {}",
                    offer.expected.join(" | "),
                    offer.offered.join(" | ")
                )
            },
        });
    }
    if checks.is_empty() {
        return Err(e.hint(
            0..0,
            "this ruling expects nothing",
            "no [expect]",
            "add an [expect] table (outcome, winners, or per-player values) or `options` to an [[answer]]",
        ));
    }
    for step in script.steps.iter().flatten() {
        let line = e_line(e, step.span.start);
        checks.push(Check {
            ok: false,
            text: format!("every scripted answer is used (the answer on line {line} was not)"),
        });
    }
    Ok(Ruling {
        title: scn.title.clone(),
        source: scn.source.clone(),
        trace,
        checks,
    })
}

/// The trace of play: each event from `first` to `end` with its rule, and each decision of
/// `asked` in its place (before the events its answer caused), forced ones marked.
fn trace_lines(game: &Game, first: usize, end: usize, asked: &[Asked]) -> Vec<Line> {
    let names = game.names();
    // A refused or unanswered decision stops the run, so the answers given are those to the
    // first decisions put to the players.
    let mut answers = game.answers().iter();
    let mut decisions = asked
        .iter()
        .map_while(|q| {
            let (answer, forced) = match &q.forced {
                Some(a) => (a, "(forced) "),
                None => {
                    let a = answers.next()?;
                    debug_assert_eq!((q.decision.player, q.decision.kind), (a.player, a.kind));
                    (&a.answer, "")
                }
            };
            let mut text = format!(
                "{forced}{} decides {}: {}",
                names.player(q.decision.player),
                q.decision.kind.name(),
                describe_answer(&q.decision, answer, &names)
            );
            if q.forced.is_some() {
                text.push_str(", the only legal option");
            }
            if let Some([o, d]) = q.totals {
                let _ = write!(text, " (totals: offense {o}, defense {d})");
            }
            Some((q.at, text))
        })
        .peekable();
    let mut lines = Vec::new();
    for (i, ev) in game.events()[..end].iter().enumerate().skip(first) {
        while let Some((_, text)) = decisions.next_if(|&(at, _)| at <= i) {
            lines.push(Line { text, source: None });
        }
        lines.push(Line {
            text: names.event(ev),
            source: Some(names.cause(ev.cause)),
        });
    }
    lines.extend(decisions.map(|(_, text)| Line { text, source: None }));
    lines
}

/// An answer in words: the option picked, the options picked (or `none`), ships as
/// `place: count` pairs (or `none`), deal terms (or `pass`).
pub(super) fn describe_answer(d: &Decision, a: &Answer, names: &Names) -> String {
    let list = |parts: Vec<String>| {
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(", ")
        }
    };
    match (&d.request, a) {
        (Request::Pick(options), Answer::Pick(i)) => options
            .get(*i)
            .map_or_else(|| format!("option {i}"), |c| c.describe(names)),
        (Request::Subset { options, .. }, Answer::Subset(picked)) => list(
            picked
                .iter()
                .filter_map(|&i| options.get(i))
                .map(|c| c.describe(names))
                .collect(),
        ),
        (Request::Ships(r), Answer::Ships(counts)) => list(
            r.places
                .iter()
                .zip(counts)
                .filter(|&(_, &n)| n > 0)
                .map(|(&(place, _), n)| format!("{}: {n}", names.place(place)))
                .collect(),
        ),
        (Request::Deal(_), Answer::Deal(None)) => "pass".to_string(),
        (Request::Deal(_), Answer::Deal(Some(terms))) => names.terms(terms),
        (_, other) => format!("{other:?}"),
    }
}

fn e_line(e: &Errors, offset: usize) -> usize {
    e.line_of(offset)
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::OffenseWins => "offense-wins",
        Outcome::DefenseWins => "defense-wins",
        Outcome::DealMade => "deal-made",
        Outcome::DealFailed => "deal-failed",
        Outcome::BothLose => "both-lose",
        Outcome::Reestablished => "reestablished",
        Outcome::Aborted => "aborted",
    }
}

/// Checks that `found` is `expected`, saying what was found when it is not.
pub(super) fn check(checks: &mut Vec<Check>, what: String, expected: String, found: String) {
    let ok = expected == found;
    checks.push(Check {
        ok,
        text: if ok {
            format!("{what} = {expected}")
        } else {
            format!("{what} = {expected}, but found {found}")
        },
    });
}

const OUTCOMES: [&str; 7] = [
    "offense-wins",
    "defense-wins",
    "deal-made",
    "deal-failed",
    "both-lose",
    "reestablished",
    "aborted",
];

/// An outcome as written, checked against the outcomes there are.
fn outcome_written(e: &Errors, o: &toml::Spanned<String>) -> Result<String, ScenarioError> {
    let name = o.get_ref().trim();
    if OUTCOMES.contains(&name) {
        return Ok(name.to_string());
    }
    Err(e.hint(
        o.span(),
        format!("`{name}` is not an outcome"),
        "unknown outcome",
        match did_you_mean(name, OUTCOMES) {
            Some(m) => format!("did you mean `{m}`?"),
            None => format!("outcomes are: {}", OUTCOMES.join(", ")),
        },
    ))
}

/// A pile's size as written, checked against the cards there are.
fn pile_written(
    e: &Errors,
    n: &toml::Spanned<u32>,
    cards: usize,
    what: &str,
) -> Result<String, ScenarioError> {
    if *n.get_ref() as usize > cards {
        return Err(e.hint(
            n.span(),
            format!("the game has only {cards} {what} cards"),
            "too many cards",
            "a pile's size counts cards, from 0 to all of them",
        ));
    }
    Ok(n.get_ref().to_string())
}

fn expectations(
    scn: &Scenario,
    e: &Errors,
    game: &Game,
    first_event: usize,
    said: &[String],
    read: &[Vec<String>],
) -> Result<Vec<Check>, ScenarioError> {
    let g = game.state();
    let names = game.names();
    let players = g.player_count() as u8;
    let mut checks = Vec::new();
    let x = &scn.expect;
    let played = &game.events()[first_event..];
    if let Some(o) = &x.outcome {
        let expected = outcome_written(e, o)?;
        let found = played
            .iter()
            .find_map(|ev| match ev.kind {
                EventKind::EncounterResolved { outcome } => Some(outcome_name(outcome)),
                _ => None,
            })
            .unwrap_or("none");
        check(&mut checks, "outcome".into(), expected, found.into());
    }
    if let Some(list) = &x.outcomes {
        let expected = list
            .iter()
            .map(|o| outcome_written(e, o))
            .collect::<Result<Vec<_>, _>>()?;
        let found: Vec<&str> = played
            .iter()
            .filter_map(|ev| match ev.kind {
                EventKind::EncounterResolved { outcome } => Some(outcome_name(outcome)),
                _ => None,
            })
            .collect();
        check(
            &mut checks,
            "outcomes".into(),
            format!("[{}]", expected.join(", ")),
            format!("[{}]", found.join(", ")),
        );
    }
    if let Some(t) = &x.totals {
        let &[o, d] = t.get_ref().as_slice() else {
            return Err(e.hint(
                t.span(),
                format!("`totals` takes two numbers, not {}", t.get_ref().len()),
                "not [offense, defense]",
                "write the first encounter's final totals as `totals = [offense, defense]`",
            ));
        };
        // The totals computed before the first encounter is resolved.
        let found = played
            .iter()
            .take_while(|ev| !matches!(ev.kind, EventKind::EncounterResolved { .. }))
            .filter_map(|ev| match ev.kind {
                EventKind::TotalsComputed { offense, defense } => {
                    Some(format!("offense {offense}, defense {defense}"))
                }
                _ => None,
            })
            .last()
            .unwrap_or_else(|| "none".into());
        check(
            &mut checks,
            "totals".into(),
            format!("offense {o}, defense {d}"),
            found,
        );
    }
    let piles = [
        (
            &x.deck_size,
            "cosmic deck",
            g.cards.len(),
            g.piles.cosmic.draw.len(),
        ),
        (
            &x.discard_size,
            "discard pile",
            g.cards.len(),
            g.piles.cosmic.discard.len(),
        ),
        (
            &x.destiny_size,
            "destiny deck",
            g.destiny_cards.len(),
            g.destiny.draw.len(),
        ),
        (
            &x.destiny_discard_size,
            "destiny discard pile",
            g.destiny_cards.len(),
            g.destiny.discard.len(),
        ),
    ];
    for (want, pile, cards, found) in piles {
        if let Some(n) = want {
            let kind = if pile.starts_with("destiny") {
                "destiny"
            } else {
                "cosmic"
            };
            let expected = pile_written(e, n, cards, kind)?;
            check(
                &mut checks,
                format!("cards in the {pile}"),
                expected,
                found.to_string(),
            );
        }
    }
    if let Some(w) = &x.winners {
        let mut expected = Vec::new();
        for s in w {
            let p = match g.duel.is_some() {
                true => super::duel::seat(e, s)?,
                false => color(e, s, players)?,
            };
            expected.push(names.player(p).to_string());
        }
        let found: Vec<String> = g
            .winners
            .iter()
            .map(|&p| names.player(p).to_string())
            .collect();
        check(
            &mut checks,
            "winners".into(),
            format!("[{}]", expected.join(", ")),
            format!("[{}]", found.join(", ")),
        );
    }
    if g.duel.is_some() {
        checks.extend(super::duel::expectations(scn, e, game, first_event, read)?);
    }
    for (who, table) in x.players.iter().filter(|_| g.duel.is_none()) {
        // Checked before play: every such key is a color with a table.
        let Some(table) = table.as_table() else {
            continue;
        };
        // serde cannot keep spans through a flattened table: find the key in the file instead.
        let span = e.find_after("[expect", who);
        let p = color(e, &toml::Spanned::new(span.clone(), who.clone()), players)?;
        let pl = &g.players[p.ix()];
        let c = names.player(p);
        for (key, value) in table {
            let want_num = || -> Result<i64, ScenarioError> {
                value.as_integer().ok_or_else(|| {
                    e.at(
                        span.clone(),
                        format!("`{key}` expects a number"),
                        "not a number",
                    )
                })
            };
            match key.as_str() {
                "warp" => check(
                    &mut checks,
                    format!("{c} ships in the warp"),
                    want_num()?.to_string(),
                    pl.warp.to_string(),
                ),
                "praw" => check(
                    &mut checks,
                    format!("{c} tokens in the praw"),
                    want_num()?.to_string(),
                    pl.praw.to_string(),
                ),
                "captured" => check(
                    &mut checks,
                    format!("{c} ships captured in others' stacks"),
                    want_num()?.to_string(),
                    pl.captured.to_string(),
                ),
                "stacked" => check(
                    &mut checks,
                    format!("{c} ships captured in its stacks"),
                    want_num()?.to_string(),
                    game.captured_by(p, false).to_string(),
                ),
                "held" => check(
                    &mut checks,
                    format!("{c} ships held around its home system"),
                    want_num()?.to_string(),
                    game.held_by(p).to_string(),
                ),
                "removed" => check(
                    &mut checks,
                    format!("{c} ships removed"),
                    want_num()?.to_string(),
                    pl.removed.to_string(),
                ),
                "colonies" => check(
                    &mut checks,
                    format!("{c} foreign colonies"),
                    want_num()?.to_string(),
                    pl.track.to_string(),
                ),
                "home_colonies" => check(
                    &mut checks,
                    format!("{c} home colonies"),
                    want_num()?.to_string(),
                    g.home_colonies(p).to_string(),
                ),
                "tokens" => check(
                    &mut checks,
                    format!("{c} tokens on its alien sheet"),
                    want_num()?.to_string(),
                    g.effects.tokens[p.ix()].to_string(),
                ),
                "lucre" => check(
                    &mut checks,
                    format!("{c} lucre"),
                    want_num()?.to_string(),
                    pl.resources.get(cosmic_engine::Resource::Lucre).to_string(),
                ),
                "hand_size" => check(
                    &mut checks,
                    format!("{c} cards in hand"),
                    want_num()?.to_string(),
                    pl.hand.len().to_string(),
                ),
                "alien" => {
                    let want = value.as_str().ok_or_else(|| {
                        e.at(
                            span.clone(),
                            "`alien` expects an alien's name",
                            "not a name",
                        )
                    })?;
                    let have = pl.alien.map_or("none", |a| names.alien(a));
                    check(
                        &mut checks,
                        format!("{c}'s alien"),
                        want.to_string(),
                        have.to_string(),
                    );
                }
                "power" => {
                    let b = value.as_bool().ok_or_else(|| {
                        e.at(
                            span.clone(),
                            "`power` expects true or false",
                            "not a boolean",
                        )
                    })?;
                    check(
                        &mut checks,
                        format!("{c} power active"),
                        b.to_string(),
                        pl.power_active.to_string(),
                    );
                }
                "hand" => {
                    let list = value.as_array().ok_or_else(|| {
                        e.at(
                            span.clone(),
                            "`hand` expects a list of card names",
                            "not a list",
                        )
                    })?;
                    let mut held: Vec<&str> =
                        pl.hand.iter().map(|&card| names.card(card)).collect();
                    for v in list {
                        let name = v.as_str().unwrap_or_default();
                        let i = held.iter().position(|h| h.eq_ignore_ascii_case(name));
                        let ok = i.is_some();
                        if let Some(i) = i {
                            held.remove(i);
                        }
                        checks.push(Check {
                            ok,
                            text: if ok {
                                format!("{c} holds {name}")
                            } else {
                                format!("{c} holds {name}, but does not")
                            },
                        });
                    }
                }
                "sheet" => {
                    let list = value.as_array().ok_or_else(|| {
                        e.at(
                            span.clone(),
                            "`sheet` expects a list of card names",
                            "not a list",
                        )
                    })?;
                    let have: Vec<String> = (g.sheet_cards(p))
                        .map(|c| names.card(c).to_string())
                        .collect();
                    check_same(&mut checks, format!("{c}'s sheet"), list, have);
                }
                "reads" | "never_reads" => {
                    let list = value.as_array().ok_or_else(|| {
                        e.at(
                            span.clone(),
                            format!("`{key}` expects a list of lines of that player's log"),
                            "not a list",
                        )
                    })?;
                    let (present, claim) = match key.as_str() {
                        "reads" => (true, format!("{c} reads")),
                        _ => (false, format!("{c} never reads")),
                    };
                    for v in list {
                        let line = v.as_str().unwrap_or_default();
                        check_line(&mut checks, &read[p.ix()], line, present, &claim);
                    }
                }
                "techs" => {
                    let list = value.as_array().ok_or_else(|| {
                        e.at(
                            span.clone(),
                            "`techs` expects a list of techs like \"Xenon Lasers: completed\"",
                            "not a list",
                        )
                    })?;
                    let show = |h: &cosmic_engine::state::HeldTech| {
                        let name = names.tech(h.tech);
                        if h.completed {
                            format!("{name}: completed")
                        } else if h.ships > 0 {
                            format!("{name}: {}", h.ships)
                        } else {
                            name.to_string()
                        }
                    };
                    let have: Vec<String> = pl.techs.iter().map(show).collect();
                    check_same(&mut checks, format!("{c} techs"), list, have);
                }
                // A planet is a color and a number; a single word is a misspelt key.
                word if !word.contains(' ') => {
                    let help = match did_you_mean(word, PLAYER_KEYS.iter().copied()) {
                        Some(k) => format!("did you mean `{k}`?"),
                        None => format!(
                            "a player's expectations are {} or a planet such as `Red 2`",
                            PLAYER_KEYS.join(", ")
                        ),
                    };
                    return Err(e.hint(
                        span.clone(),
                        format!("`{word}` is not something a player's expectations check"),
                        "unknown key",
                        help,
                    ));
                }
                planet_name => {
                    let id = planet(e, planet_name, span.clone(), g)?;
                    check(
                        &mut checks,
                        format!("{c} ships on {}", names.planet(id)),
                        want_num()?.to_string(),
                        g.ships_on(id, p).to_string(),
                    );
                }
            }
        }
    }
    for want in &x.events {
        check_line(&mut checks, said, want.get_ref(), true, "the log says");
    }
    if !x.events_in_order.is_empty() {
        // Each line after the one before it; the check names the first line out of place.
        let mut from = 0;
        let mut missing = None;
        for want in &x.events_in_order {
            match said[from..].iter().position(|l| l == want.get_ref()) {
                Some(i) => from += i + 1,
                None => {
                    missing = Some(want.get_ref().as_str());
                    break;
                }
            }
        }
        let lines: Vec<String> = (x.events_in_order.iter())
            .map(|l| format!("\"{}\"", l.get_ref()))
            .collect();
        let what = format!("the log says, in this order, {}", lines.join(", "));
        checks.push(Check {
            ok: missing.is_none(),
            text: match missing {
                None => what,
                Some(line) if said.iter().any(|l| l == line) => {
                    format!("{what}, but \"{line}\" comes before the line listed before it")
                }
                Some(line) => format!("{what}, but \"{line}\" is not in the log"),
            },
        });
    }
    for not in &x.no_events {
        check_line(
            &mut checks,
            said,
            not.get_ref(),
            false,
            "the log never says",
        );
    }
    Ok(checks)
}

/// Checks that `line` is one of `lines` (or, unless `present`, that it is none of them);
/// `claim` says so in words ("the log says", "Green never reads").
fn check_line(checks: &mut Vec<Check>, lines: &[String], line: &str, present: bool, claim: &str) {
    let ok = lines.iter().any(|l| l == line) == present;
    let but = match (ok, present) {
        (true, _) => "",
        (false, true) => ", but it does not",
        (false, false) => ", but it does",
    };
    checks.push(Check {
        ok,
        text: format!("{claim} \"{line}\"{but}"),
    });
}

/// Checks that a list of names holds the same names as `have`, in any order.
fn check_same(checks: &mut Vec<Check>, what: String, want: &[toml::Value], mut have: Vec<String>) {
    let mut want: Vec<String> = want
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .collect();
    have.sort();
    want.sort();
    check(checks, what, format!("{want:?}"), format!("{have:?}"));
}
