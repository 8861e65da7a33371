//! Plays a prepared scenario and checks its expectations against the result.

use super::build::{color, planet, Prepared, Until};
use super::error::{Errors, ScenarioError};
use super::scenario::Scenario;
use cosmic_engine::event::Cause;
use cosmic_engine::{EventKind, Game, GameError, Outcome, Stop};
use std::fmt::Write;

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

/// Plays the scenario and checks it.
pub fn play(scn: &Scenario, e: &Errors, mut prepared: Prepared) -> Result<Ruling, ScenarioError> {
    let game = &mut prepared.game;
    let first_event = game.events().len();
    let result = match prepared.until {
        Until::Game => match game.play_turn_from(prepared.start) {
            Ok(()) | Err(Stop::TurnEnds) => {
                let o = game.state().offense;
                game.state_mut().offense = game.state().left_of(o, 1);
                game.run().map(|_| ())
            }
            Err(Stop::GameOver) => Ok(()),
            Err(Stop::Error(err)) => Err(err),
        },
        _ => match game.play_turn_from(prepared.start) {
            Ok(()) | Err(Stop::TurnEnds) | Err(Stop::GameOver) => Ok(()),
            Err(Stop::Error(err)) => Err(err),
        },
    };
    let names = game.names();
    let trace: Vec<String> = game.events()[first_event..]
        .iter()
        .map(|ev| {
            let Cause::Rule(rule) = ev.cause;
            format!("{}  [{}]", names.event(ev), rule.source())
        })
        .collect();
    if let Err(err) = result {
        let span = prepared.script.borrow().failed_at.clone().unwrap_or(0..0);
        let mut message = format!("the ruling cannot be played: {err}");
        if let GameError::Agent { message: m, .. } = &err {
            message = m.clone();
        }
        let mut error = e.at(span, message, "this answer");
        error.help = Some(format!(
            "add or fix an [[answer]]; the trace so far:\n{}",
            trace
                .iter()
                .rev()
                .take(8)
                .rev()
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        ));
        return Err(error);
    }
    let mut checks = expectations(scn, e, game)?;
    drop(prepared.game);
    for span in prepared.script.borrow().unused.iter() {
        let line = e_line(e, span.start);
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

fn check(checks: &mut Vec<Check>, what: String, expected: String, found: String) {
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

fn expectations(scn: &Scenario, e: &Errors, game: &Game) -> Result<Vec<Check>, ScenarioError> {
    let g = game.state();
    let names = game.names();
    let players = g.player_count() as u8;
    let mut checks = Vec::new();
    let x = &scn.expect;
    if let Some(o) = &x.outcome {
        let found = game
            .events()
            .iter()
            .find_map(|ev| match ev.kind {
                EventKind::EncounterResolved { outcome } => Some(outcome_name(outcome)),
                _ => None,
            })
            .unwrap_or("none");
        const ALL: [&str; 7] = [
            "offense-wins",
            "defense-wins",
            "deal-made",
            "deal-failed",
            "both-lose",
            "reestablished",
            "aborted",
        ];
        if !ALL.contains(&o.get_ref().as_str()) {
            return Err(e.hint(
                o.span(),
                format!("`{}` is not an outcome", o.get_ref()),
                "unknown outcome",
                ALL.join(", "),
            ));
        }
        check(
            &mut checks,
            "outcome".into(),
            o.get_ref().clone(),
            found.into(),
        );
    }
    if let Some(w) = &x.winners {
        let mut expected = Vec::new();
        for s in w {
            expected.push(names.player(color(e, s, players)?).to_string());
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
    for (who, table) in &x.players {
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
                "hand_size" => check(
                    &mut checks,
                    format!("{c} cards in hand"),
                    want_num()?.to_string(),
                    pl.hand.len().to_string(),
                ),
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
    let lines: Vec<String> = game.events().iter().map(|ev| names.event(ev)).collect();
    for want in &x.events {
        let ok = lines.iter().any(|l| l == want.get_ref());
        checks.push(Check {
            ok,
            text: format!(
                "the log says \"{}\"{}",
                want.get_ref(),
                if ok { "" } else { ", but it does not" }
            ),
        });
    }
    for not in &x.no_events {
        let ok = !lines.iter().any(|l| l == not.get_ref());
        checks.push(Check {
            ok,
            text: format!(
                "the log never says \"{}\"{}",
                not.get_ref(),
                if ok { "" } else { ", but it does" }
            ),
        });
    }
    if checks.is_empty() {
        return Err(e.hint(
            0..0,
            "this ruling expects nothing",
            "no [expect]",
            "add an [expect] table: outcome, winners, or per-player values",
        ));
    }
    Ok(checks)
}
