//! A player's log names only what its view has shown it. The log a human reads at the
//! terminal (`Names::event_for`, `Names::json_for`) must keep the secrets the agent's `View`
//! keeps: the cards others draw or hand each other, alien sheets lying face down, techs kept
//! face down, cards set face down on a sheet or put under the deck unseen, and which kind a
//! token lying face down beside a planet is (a Saboteur's trap or decoy).
//!
//! Each seat's knowledge is what its view has ever shown it (its hand, the discard piles,
//! revealed cards, sheets and techs face up). Every card, alien and tech a seat's JSON line
//! names must be in that knowledge, just before or just after the event.

use cosmic_engine::agents::RandomAgent;
use cosmic_engine::{
    Agent, AlienSetup, CardId, Event, Game, Options, Scene, Setup, Side, Variants, View,
};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

/// What one seat has seen so far.
#[derive(Default, Clone)]
struct Knowledge {
    cards: BTreeSet<u64>,
    aliens: BTreeSet<u64>,
    techs: BTreeSet<u64>,
}

impl Knowledge {
    /// Adds everything `view` shows now.
    fn learn(&mut self, view: &View) {
        let cards = view.hand().iter().chain(view.discard());
        self.cards.extend(cards.map(|c| c.0 as u64));
        for side in [Side::Offense, Side::Defense] {
            self.cards
                .extend(view.encounter_card(side).map(|c| c.0 as u64));
        }
        self.cards
            .extend(view.reinforcements().iter().map(|r| r.card.0 as u64));
        for planet in view.planets() {
            self.cards
                .extend(view.cards_beside(planet).map(|c| c.0 as u64));
        }
        for q in view.seats() {
            self.aliens.extend(view.alien(q).map(u64::from));
            let techs = view.techs_of(q).into_iter().filter_map(|t| t.tech);
            self.techs.extend(techs.map(u64::from));
        }
        self.techs
            .extend(view.tech_discard().iter().map(|&t| t as u64));
    }
}

/// The ids a JSON line names, by the kind of thing they are.
fn named(line: &serde_json::Value) -> Vec<(&'static str, u64)> {
    let map = line.as_object().expect("an event is an object");
    let event = map["event"].as_str().unwrap_or_default();
    let mut out = Vec::new();
    let mut take = |kind: &'static str, key: &str| {
        if let Some(id) = map.get(key).and_then(|v| v.as_u64()) {
            out.push((kind, id));
        }
    };
    if event.starts_with("card") || event == "encounter-card-replaced" {
        take("card", "card");
        take("card", "old");
        take("card", "new");
    }
    if event.starts_with("alien") {
        take("alien", "alien");
    }
    if event.starts_with("tech") {
        take("tech", "tech");
    }
    // What card text had a player pick: one card, or several.
    if let Some(picked) = map.get("picked") {
        if let Some(id) = picked.get("card").and_then(|v| v.as_u64()) {
            out.push(("card", id));
        }
        let cards = picked.get("cards").and_then(|v| v.as_array());
        out.extend(
            cards
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_u64())
                .map(|id| ("card", id)),
        );
    }
    for key in ["from", "to", "place"] {
        if let Some(t) = map
            .get(key)
            .and_then(|p| p.get("tech"))
            .and_then(|t| t.as_u64())
        {
            out.push(("tech", t));
        }
    }
    out
}

/// Whether the event is about `seat` itself (its own draws, sheets and techs, a card it
/// gives or gets): a player knows what it does.
fn about_self(line: &serde_json::Value, seat: u64) -> bool {
    ["player", "from", "to"]
        .iter()
        .any(|key| line.get(key).and_then(|v| v.as_u64()) == Some(seat))
}

/// Whether the event shows its card to everyone by itself: a card played, shown, revealed,
/// discarded or played as a reinforcement is face up on the table.
fn public_act(line: &serde_json::Value) -> bool {
    let event = line["event"].as_str().unwrap_or_default();
    matches!(
        event,
        "card-played" | "cards-revealed" | "card-discarded" | "reinforcement-played"
    )
}

/// Plays one game of random bots with every secret-keeping variant, checking every seat's
/// log line by line (or the referee's log, as if a seat read it); returns the problems found.
/// A game of `setup` among random bots (seeded from the setup's seed), invariants checked.
fn random_game<'a>(
    library: &cosmic_cards::Library,
    runtime: &'a cosmic_interpreter::runtime::Runtime,
    setup: &Setup,
) -> Game<'a> {
    let agents: Vec<Box<dyn Agent>> = (0..setup.players)
        .map(|i| Box::new(RandomAgent::new(setup.seed * 10 + i as u64)) as Box<dyn Agent>)
        .collect();
    let options = Options {
        check_invariants: true,
        ..Options::default()
    };
    Game::new(setup, library.components.clone(), agents, runtime, options).expect("setup")
}

fn check_game(players: u8, seed: u64, as_seats: bool) -> Vec<String> {
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let runtime = library.runtime();
    let setup = Setup {
        variants: Variants {
            hidden_powers: true,
            rotating_powers: true,
            tech: true,
            ..Variants::default()
        },
        aliens: AlienSetup::Random,
        ..Setup::new(players, seed)
    };
    let mut game = random_game(&library, &runtime, &setup);
    let known = Rc::new(RefCell::new(vec![Knowledge::default(); players as usize]));
    let problems = Rc::new(RefCell::new(Vec::new()));
    let (k, found) = (known.clone(), problems.clone());
    game.set_observer(move |e: &Event, scene: &Scene| {
        let names = scene.names();
        for v in scene.state.seats() {
            let mut known = k.borrow_mut();
            let before = known[v.ix()].clone();
            known[v.ix()].learn(&scene.view(v));
            let after = &known[v.ix()];
            let Some(line) = names.json_for(e, as_seats.then_some(v)) else {
                // Unheard: the seat's log leaves the event out, in text as in JSON.
                if names.event_for(e, as_seats.then_some(v)).is_some() {
                    found.borrow_mut().push(format!(
                        "seed {seed}: the text names an event the JSON leaves out"
                    ));
                }
                continue;
            };
            let json: serde_json::Value = serde_json::from_str(&line).expect("valid JSON");
            if about_self(&json, v.0 as u64) || public_act(&json) {
                continue;
            }
            for (kind, id) in named(&json) {
                let seen = |k: &Knowledge| match kind {
                    "card" => k.cards.contains(&id),
                    "alien" => k.aliens.contains(&id),
                    _ => k.techs.contains(&id),
                };
                let visible = kind == "card" && scene.view(v).can_see(CardId(id as u16));
                if !seen(&before) && !seen(after) && !visible {
                    found.borrow_mut().push(format!(
                        "seed {seed}: {} reads an unseen {kind} in: {line}",
                        names.player(v)
                    ));
                }
            }
            // The text follows the JSON: a hidden id never shows up by name either.
            let text = names
                .event_for(e, as_seats.then_some(v))
                .unwrap_or_default();
            if text.is_empty() || json.get("text").and_then(|t| t.as_str()) != Some(&text) {
                found.borrow_mut().push(format!(
                    "seed {seed}: text and JSON differ: {text} / {line}"
                ));
            }
        }
    });
    game.run()
        .unwrap_or_else(|err| panic!("{players} players, seed {seed}: {err}"));
    let found = problems.borrow().clone();
    found
}

#[test]
fn a_players_log_names_only_what_its_view_has_shown() {
    let mut problems = Vec::new();
    for (players, seed) in [(3, 1), (4, 2), (5, 3), (6, 4), (4, 5), (5, 6)] {
        problems.extend(check_game(players, seed, true));
    }
    problems.truncate(20);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_referees_log_would_fail_the_check() {
    // The same check on the referee's lines finds the secrets: it has teeth.
    let problems = check_game(4, 2, false);
    for secret in ["unseen card", "unseen alien", "unseen tech"] {
        assert!(
            problems.iter().any(|p| p.contains(secret)),
            "no {secret} found in:\n{}",
            problems.join("\n")
        );
    }
}

/// Plays random bots' games with the Saboteur in play (its tokens lie face down), checking
/// that no seat but the Saboteur's sees which kind a face-down token is: not in its view,
/// not in its log (`as_seats`; the referee's log, as if a seat read it, otherwise). Returns
/// the problems found.
fn check_tokens(players: u8, seed: u64, as_seats: bool) -> Vec<String> {
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let runtime = library.runtime();
    let others = ["Human", "Virus", "Oracle", "Zombie", "Filth"];
    let names: Vec<&str> = std::iter::once("Saboteur")
        .chain(others.iter().copied())
        .take(players as usize)
        .collect();
    let setup = Setup {
        aliens: library
            .alien_setup(&names.join(","), players)
            .expect("the aliens are in the library"),
        ..Setup::new(players, seed)
    };
    let mut game = random_game(&library, &runtime, &setup);
    let problems = Rc::new(RefCell::new(Vec::new()));
    let found = problems.clone();
    game.set_observer(move |e: &Event, scene: &Scene| {
        let names = scene.names();
        for v in scene.state.seats() {
            let view = scene.view(v);
            for planet in view.planets() {
                let face_down = (scene.state.tokens_beside(planet)).any(|t| t.face_down);
                for (owner, kind) in view.tokens_beside(planet) {
                    if owner != v && face_down && kind.is_some() {
                        found.borrow_mut().push(format!(
                            "seed {seed}: {}'s view shows a face-down token's kind",
                            names.player(v)
                        ));
                    }
                }
            }
            let Some(line) = names.json_for(e, as_seats.then_some(v)) else {
                continue;
            };
            let json: serde_json::Value = serde_json::from_str(&line).expect("valid JSON");
            let placed_face_down = json["event"] == "planet-token-placed"
                && json["face_down"] == true
                && json["player"].as_u64() != Some(v.0 as u64);
            if placed_face_down && (json.get("key").is_some() || line.contains("trap token")) {
                found.borrow_mut().push(format!(
                    "seed {seed}: {} reads a face-down token's kind in: {line}",
                    names.player(v)
                ));
            }
        }
    });
    game.run()
        .unwrap_or_else(|err| panic!("{players} players, seed {seed}: {err}"));
    let found = problems.borrow().clone();
    found
}

#[test]
fn a_face_down_tokens_kind_is_seen_by_its_owner_alone() {
    let mut problems = Vec::new();
    for (players, seed) in [(3, 1), (4, 2), (5, 3)] {
        problems.extend(check_tokens(players, seed, true));
    }
    problems.truncate(20);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_referees_log_would_name_the_tokens_kinds() {
    // The same check on the referee's lines finds the kinds: it has teeth.
    let problems = check_tokens(4, 2, false);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("face-down token's kind in")),
        "no kind found in:\n{}",
        problems.join("\n")
    );
}
