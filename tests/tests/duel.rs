//! Cosmic Encounter Duel played by the engine's Duel procedure, on test fixtures: the
//! rule book's worked examples ("Example of Duel", "Example of Reinforcement") with their
//! exact numbers, the rules around them, secret simultaneous choices, and invariants over
//! many seeded games.
//!
//! The fixtures are test-only. The plans, reinforcements, ship advantage and tactics halves
//! named here are the ones the rule book's examples print; what the examples do not give (the
//! other half of each tactics token, the destiny card's next-deck icon, planet names, the
//! filler cards of the random games) is made up for the test and never enters the library.

use cosmic_engine::agents::scripted::{step, ScriptedAgent};
use cosmic_engine::agents::RandomAgent;
use cosmic_engine::duel::*;
use cosmic_engine::{
    Agent, Answer, Decision, DecisionKind, Edition, Event, Game, NoHooks, Options, PlayerId, Setup,
    View,
};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

const ORANGE: PlayerId = PlayerId(0);
const BLUE: PlayerId = PlayerId(1);

fn plan(name: &str, value: i16, count: u8) -> DuelCardDef {
    DuelCardDef {
        name: name.into(),
        kind: DuelCardKind::Plan(value),
        count,
    }
}

fn reinforcement(name: &str, value: i16) -> DuelCardDef {
    DuelCardDef {
        name: name.into(),
        kind: DuelCardKind::Reinforcement(value),
        count: 1,
    }
}

fn token(a: TacticHalf, b: TacticHalf) -> TacticDef {
    TacticDef { halves: [a, b] }
}

/// "Vacant Shipyard": a discovery card with ship advantage +8 and the Unsupervised Prize for
/// the loser (Example of Duel). Its next-deck icon is not printed in the example: fixture.
fn vacant_shipyard() -> DestinyCardDef {
    DestinyCardDef {
        name: "Vacant Shipyard".into(),
        deck: DestinyDeck::Discovery,
        next: DestinyDeck::Discovery,
        effect: DestinyEffect::DiscoverAndDuel {
            advantage: 8,
            prize: PrizeDef {
                name: "Unsupervised Prize".into(),
                to: PrizeTaker::Loser,
            },
        },
    }
}

fn planets(n: usize) -> Vec<PlanetTileDef> {
    (1..=n)
        .map(|i| PlanetTileDef {
            name: format!("Planet {i}"),
            symbol: "blue".into(),
        })
        .collect()
}

/// The Example of Duel's table: the Preservationist (orange) holds "Sinister" 13 and a
/// Shield 2 tactic; the Bouncer (blue) holds "Inadequate" 06 and a Blast 4 tactic.
fn example_of_duel() -> DuelComponents {
    use TacticHalf::*;
    DuelComponents {
        plans: [
            vec![plan("Sinister", 13, 8)],
            vec![plan("Inadequate", 6, 8)],
        ],
        reinforcements: Vec::new(),
        destiny: vec![vacant_shipyard()],
        planets: planets(1),
        tactics: [
            vec![token(Shield(2), Blast(1))],
            vec![token(Blast(4), Shield(1))],
        ],
        envoys: Vec::new(),
    }
}

struct Played {
    events: Vec<String>,
    game_state: cosmic_engine::GameState,
    result: Result<Vec<PlayerId>, String>,
}

/// Plays `turns` destiny cards of a Duel game on `components`, the seats answering from
/// their scripts; `arrange` changes the state after setup.
fn play(
    components: DuelComponents,
    scripts: [Vec<cosmic_engine::agents::scripted::ScriptStep>; 2],
    turns: u32,
    arrange: impl FnOnce(&mut cosmic_engine::GameState),
) -> Played {
    let comps = Arc::new(cosmic_engine::Components {
        duel: components,
        ..Default::default()
    });
    let setup = Setup {
        edition: Edition::Duel,
        ..Setup::new(2, 7)
    };
    let [a, b] = scripts;
    let agents: Vec<Box<dyn Agent>> = vec![
        Box::new(ScriptedAgent::new(a)),
        Box::new(ScriptedAgent::new(b)),
    ];
    let options = Options {
        record_events: true,
        check_invariants: true,
        ..Options::default()
    };
    let mut game = Game::new(&setup, comps, agents, &NoHooks, options).expect("a Duel game");
    let state = game.state_mut();
    state.rules.turn_limit = turns;
    arrange(state);
    let result = game.run().map(|r| r.winners).map_err(|e| e.to_string());
    let names = game.names();
    Played {
        events: game.events().iter().map(|e| names.event(e)).collect(),
        game_state: game.state().clone(),
        result,
    }
}

fn contains(events: &[String], wanted: &[&str]) {
    let mut at = 0;
    for w in wanted {
        match events[at..].iter().position(|e| e == w) {
            Some(i) => at += i + 1,
            None => panic!(
                "`{w}` not found (in order) in the log:\n{}",
                events.join("\n")
            ),
        }
    }
}

#[test]
fn example_of_duel_shield_two_against_blast_four_and_the_ship_advantage_moves() {
    // Seed 002, "Example of Duel": 3 ships against 2, Shield 2 against Blast 4 destroys two,
    // the advantage (+8) moves to the Bouncer, 13 against 6 + 8 = 14: the Bouncer wins, and
    // the Preservationist retreats and gains the Unsupervised Prize.
    let played = play(
        example_of_duel(),
        [
            vec![
                step(DecisionKind::Dial, "3"),
                step(DecisionKind::Plan, "Sinister \"13\""),
                step(DecisionKind::Tactic, "tactic 1 half 1"),
            ],
            vec![
                step(DecisionKind::Dial, "2"),
                step(DecisionKind::Plan, "Inadequate \"06\""),
                step(DecisionKind::Tactic, "tactic 1 half 1"),
            ],
        ],
        1,
        |_: &mut cosmic_engine::GameState| {},
    );
    assert_eq!(played.result, Ok(vec![]), "{:#?}", played.events);
    contains(
        &played.events,
        &[
            "destiny: Vacant Shipyard",
            "Planet 1 is discovered",
            "duel over Planet 1 (ship advantage +8)",
            "dials revealed: Orange 3, Blue 2",
            "Orange sends 3 ships to Planet 1",
            "Blue sends 2 ships to Planet 1",
            "tactics revealed: Orange Shield 2, Blue Blast 4",
            "2 of Orange's ships on Planet 1 are destroyed (to the Warp)",
            "plans revealed: Orange Sinister \"13\", Blue Inadequate \"06\"",
            "clout: Orange 13, Blue 14 (Blue has the ship advantage)",
            "Blue wins",
            "Orange resolves the Unsupervised Prize",
            "Orange retreats 1 ship from Planet 1",
            "Orange discards Sinister \"13\"",
            "Blue discards Inadequate \"06\"",
        ],
    );
    let d = played.game_state.duel.as_deref().unwrap();
    assert_eq!(d.planets[0].ships, [0, 2]);
    assert!(d.controls(BLUE, 0) && !d.controls(ORANGE, 0));
    assert_eq!(played.game_state.players[0].warp, SHIPS_IN_WARP + 2);
    assert_eq!(d.players[0].supply, 15 - 3 + 1);
    // The Blast and Shield halves are spent after resolution.
    assert!(d.players[0].tactics[0].spent && d.players[1].tactics[0].spent);
}

/// The Example of Reinforcement's table: Iron Matron (orange) with "The Nearly
/// Unbeatable" 31 and Traitors -07; Pickled (blue), the leader, with "The Below Average" 10,
/// Mega Support +12 and Swayed Backing -10. Both send two ships and shield: the ship
/// advantage is tied, as in the example.
fn example_of_reinforcement() -> DuelComponents {
    use TacticHalf::*;
    DuelComponents {
        plans: [
            vec![plan("The Nearly Unbeatable", 31, 8)],
            vec![plan("The Below Average", 10, 8)],
        ],
        reinforcements: vec![
            reinforcement("Mega Support", 12),
            reinforcement("Swayed Backing", -10),
            reinforcement("Traitors", -7),
        ],
        ..example_of_duel()
    }
    .with_tactics([
        vec![token(Shield(2), Blast(1))],
        vec![token(Shield(1), Blast(4))],
    ])
}

trait WithTactics {
    fn with_tactics(self, t: [Vec<TacticDef>; 2]) -> Self;
}

impl WithTactics for DuelComponents {
    fn with_tactics(mut self, t: [Vec<TacticDef>; 2]) -> Self {
        self.tactics = t;
        self
    }
}

/// Gives each player the reinforcements named, from the reinforcement deck, and makes Blue
/// the leader.
fn deal_reinforcements(s: &mut cosmic_engine::GameState) {
    let d = s.duel.as_deref_mut().unwrap();
    let find = |d: &DuelState, v: i16| {
        *d.reinforcements
            .draw
            .iter()
            .find(|c| d.cards[c.0 as usize].kind == DuelCardKind::Reinforcement(v))
            .unwrap()
    };
    for (p, v) in [(BLUE, 12), (BLUE, -10), (ORANGE, -7)] {
        let c = find(d, v);
        d.reinforcements.draw.retain(|&x| x != c);
        // The hand keeps six cards: a plan goes back on the deck for each.
        let hand = &mut d.players[p.ix()].hand;
        let i = (hand.iter())
            .position(|c| matches!(d.cards[c.0 as usize].kind, DuelCardKind::Plan(_)))
            .unwrap();
        let plan = hand.remove(i);
        d.players[p.ix()].deck.draw.push(plan);
        d.players[p.ix()].hand.push(c);
    }
    d.leader = BLUE;
}

fn reinforcement_script() -> [Vec<cosmic_engine::agents::scripted::ScriptStep>; 2] {
    [
        vec![
            step(DecisionKind::Dial, "2"),
            step(DecisionKind::Plan, "The Nearly Unbeatable \"31\""),
            step(DecisionKind::Tactic, "tactic 1 half 1"),
            step(DecisionKind::Clout, "pass"),
            step(DecisionKind::Clout, "Traitors \"-07\" on Blue's clout"),
            step(DecisionKind::Clout, "pass"),
        ],
        vec![
            step(DecisionKind::Dial, "2"),
            step(DecisionKind::Plan, "The Below Average \"10\""),
            step(DecisionKind::Tactic, "tactic 1 half 1"),
            step(DecisionKind::Clout, "Mega Support \"+12\" on Blue's clout"),
            step(
                DecisionKind::Clout,
                "Swayed Backing \"-10\" on Orange's clout",
            ),
        ],
    ]
}

#[test]
fn example_of_reinforcement_alternates_from_the_leader_until_two_passes() {
    // Seed 002, "Example of Reinforcement": 10 + 12 = 22; 31 - 10 = 21; 22 - 7 = 15. A pass
    // followed by a play does not end the step; a player with no reinforcement passes.
    let played = play(
        example_of_reinforcement(),
        reinforcement_script(),
        1,
        deal_reinforcements,
    );
    assert_eq!(played.result, Ok(vec![]), "{:#?}", played.events);
    contains(
        &played.events,
        &[
            "plans revealed: Orange The Nearly Unbeatable \"31\", Blue The Below Average \"10\"",
            "Blue plays Mega Support \"+12\" on Blue's clout",
            "Orange passes",
            "Blue plays Swayed Backing \"-10\" on Orange's clout",
            "Orange plays Traitors \"-07\" on Blue's clout",
            "Blue passes",
            "Orange passes",
            "clout: Orange 21, Blue 15",
            "Orange wins",
        ],
    );
    // Each reinforcement goes to the pile of the player whose clout it changed.
    let d = played.game_state.duel.as_deref().unwrap();
    let pile = |p: PlayerId| -> Vec<i16> {
        d.players[p.ix()]
            .deck
            .discard
            .iter()
            .map(|c| d.cards[c.0 as usize].kind.number())
            .collect()
    };
    assert_eq!(pile(ORANGE), [31, -10]);
    assert_eq!(pile(BLUE), [10, 12, -7]);
}

#[test]
fn equal_clout_goes_to_the_straggler() {
    // Both plans 10, tied ships: the straggler (Orange, with Blue leading) wins the tie.
    let mut c = example_of_reinforcement();
    c.plans = [vec![plan("Even", 10, 8)], vec![plan("Even", 10, 8)]];
    let played = play(
        c,
        [
            vec![
                step(DecisionKind::Dial, "2"),
                step(DecisionKind::Plan, "Even \"10\""),
                step(DecisionKind::Tactic, "tactic 1 half 1"),
            ],
            vec![
                step(DecisionKind::Dial, "2"),
                step(DecisionKind::Plan, "Even \"10\""),
                step(DecisionKind::Tactic, "tactic 1 half 1"),
            ],
        ],
        1,
        |s| s.duel.as_deref_mut().unwrap().leader = BLUE,
    );
    contains(
        &played.events,
        &[
            "clout: Orange 10, Blue 10",
            "Orange wins (the straggler wins ties)",
        ],
    );
    // Orange now controls a planet and Blue none: the straggler becomes the leader.
    contains(
        &played.events,
        &["Orange becomes the leader, Blue the straggler"],
    );
}

#[test]
fn no_ships_left_discards_the_plans_and_starts_the_duel_again() {
    use TacticHalf::*;
    let mut c = example_of_duel();
    c.tactics = [
        vec![token(Blast(4), Shield(1)), token(Shield(1), Shield(1))],
        vec![token(Blast(4), Shield(1)), token(Shield(1), Shield(1))],
    ];
    let script = |plan: &str| {
        vec![
            step(DecisionKind::Dial, "1"),
            step(DecisionKind::Plan, plan),
            step(DecisionKind::Tactic, "tactic 1 half 1"),
            step(DecisionKind::Dial, "1"),
            step(DecisionKind::Plan, plan),
            step(DecisionKind::Tactic, "tactic 2 half 1"),
        ]
    };
    let played = play(
        c,
        [script("Sinister \"13\""), script("Inadequate \"06\"")],
        1,
        |_: &mut cosmic_engine::GameState| {},
    );
    contains(
        &played.events,
        &[
            "tactics revealed: Orange Blast 4, Blue Blast 4",
            "Orange discards Sinister \"13\"",
            "Blue discards Inadequate \"06\"",
            "no ships are left on the planet: the duel starts again",
            "dials revealed: Orange 1, Blue 1",
            "clout: Orange 13, Blue 6",
            "Orange wins",
        ],
    );
}

#[test]
fn a_side_left_alone_on_the_planet_wins_without_revealing_plans() {
    let played = play(
        example_of_duel(),
        [
            vec![
                step(DecisionKind::Dial, "1"),
                step(DecisionKind::Plan, "Sinister \"13\""),
                step(DecisionKind::Tactic, "tactic 1 half 1"),
            ],
            vec![
                step(DecisionKind::Dial, "2"),
                step(DecisionKind::Plan, "Inadequate \"06\""),
                step(DecisionKind::Tactic, "tactic 1 half 1"),
            ],
        ],
        1,
        |_: &mut cosmic_engine::GameState| {},
    );
    contains(
        &played.events,
        &[
            "Blue wins (only its ships are left)",
            "Orange resolves the Unsupervised Prize",
        ],
    );
    assert!(!played
        .events
        .iter()
        .any(|e| e.starts_with("plans revealed")));
}

/// Moves all but `keep` of `p`'s supply into the Warp.
fn supply_to_warp(s: &mut cosmic_engine::GameState, p: PlayerId, keep: u8) {
    let d = s.duel.as_deref_mut().unwrap();
    let moved = d.players[p.ix()].supply - keep;
    d.players[p.ix()].supply = keep;
    s.players[p.ix()].warp += moved;
}

#[test]
fn sending_ships_from_an_empty_supply_loses_and_both_at_once_win_nobody() {
    let dials = || {
        [
            vec![step(DecisionKind::Dial, "2")],
            vec![step(DecisionKind::Dial, "2")],
        ]
    };
    let played = play(example_of_duel(), dials(), 1, |s| {
        supply_to_warp(s, ORANGE, 0)
    });
    assert_eq!(played.result, Ok(vec![BLUE]));
    contains(
        &played.events,
        &[
            "Orange must send ships but has none in its supply: it loses",
            "*** Blue wins the game ***",
        ],
    );
    let both = play(example_of_duel(), dials(), 1, |s| {
        supply_to_warp(s, ORANGE, 0);
        supply_to_warp(s, BLUE, 0);
    });
    assert_eq!(both.result, Ok(vec![]));
    contains(
        &both.events,
        &[
            "Orange must send ships but has none in its supply: it loses",
            "Blue must send ships but has none in its supply: it loses",
        ],
    );
    assert!(!both.events.iter().any(|e| e.contains("wins the game")));
}

#[test]
fn a_dial_above_the_supply_sends_the_whole_supply() {
    let played = play(
        example_of_duel(),
        [
            vec![
                step(DecisionKind::Dial, "4"),
                step(DecisionKind::Plan, "Sinister \"13\""),
                step(DecisionKind::Tactic, "tactic 1 half 1"),
            ],
            vec![
                step(DecisionKind::Dial, "1"),
                step(DecisionKind::Plan, "Inadequate \"06\""),
                step(DecisionKind::Tactic, "tactic 1 half 2"),
            ],
        ],
        1,
        |s| supply_to_warp(s, ORANGE, 2),
    );
    contains(
        &played.events,
        &[
            "dials revealed: Orange 4, Blue 1",
            "Orange sends 2 ships to Planet 1",
        ],
    );
}

/// A table for whole games: the confirmed cards and made-up fillers (test-only).
fn whole_game() -> DuelComponents {
    use TacticHalf::*;
    let plans = |c: &str| {
        let values = [
            -2, 0, 3, 6, 8, 10, 11, 13, 15, 17, 19, 21, 24, 27, 31, 36, 42,
        ];
        values
            .iter()
            .map(|&v| plan(&format!("{c} {v}"), v, 1))
            .collect::<Vec<_>>()
    };
    let tactics = || {
        vec![
            token(Blast(4), Shield(2)),
            token(Blast(2), Shield(1)),
            token(Blast(1), Recover(1)),
            token(Shield(3), Recover(2)),
            token(Blast(3), Shield(1)),
        ]
    };
    let mut reinforcements = vec![
        reinforcement("Mega Support", 12),
        reinforcement("Swayed Backing", -10),
        reinforcement("Traitors", -7),
    ];
    reinforcements.extend((1..=4).map(|i| reinforcement(&format!("Filler {i}"), i * 2)));
    let mut shipyard = vacant_shipyard();
    shipyard.next = DestinyDeck::Event;
    let destiny = vec![
        shipyard,
        DestinyCardDef {
            name: "Fixture Contest".into(),
            deck: DestinyDeck::Event,
            next: DestinyDeck::Refresh,
            effect: DestinyEffect::Contest,
        },
        DestinyCardDef {
            name: "Fixture Duel".into(),
            deck: DestinyDeck::Event,
            next: DestinyDeck::Discovery,
            effect: DestinyEffect::DiscoverAndDuel {
                advantage: 3,
                prize: PrizeDef {
                    name: "Fixture Prize".into(),
                    to: PrizeTaker::Winner,
                },
            },
        },
        DestinyCardDef {
            name: "Fixture Refresh".into(),
            deck: DestinyDeck::Refresh,
            next: DestinyDeck::Discovery,
            effect: DestinyEffect::Text,
        },
    ];
    DuelComponents {
        plans: [plans("Orange"), plans("Blue")],
        reinforcements,
        destiny,
        planets: planets(12),
        tactics: [tactics(), tactics()],
        envoys: Vec::new(),
    }
}

fn whole_game_run(
    seed: u64,
    agents: Vec<Box<dyn Agent + '_>>,
) -> (
    Result<Vec<PlayerId>, String>,
    Vec<Event>,
    cosmic_engine::GameState,
    Arc<cosmic_engine::Components>,
) {
    let comps = Arc::new(cosmic_engine::Components {
        duel: whole_game(),
        ..Default::default()
    });
    let setup = Setup {
        edition: Edition::Duel,
        ..Setup::new(2, seed)
    };
    let options = Options {
        record_events: true,
        check_invariants: true,
        ..Options::default()
    };
    let mut game = Game::new(&setup, comps.clone(), agents, &NoHooks, options).expect("a game");
    let r = game.run().map(|r| r.winners).map_err(|e| e.to_string());
    (r, game.events().to_vec(), game.state().clone(), comps)
}

#[test]
fn whole_games_keep_the_invariants_and_end() {
    for seed in 0..60 {
        let agents: Vec<Box<dyn Agent>> = vec![
            Box::new(RandomAgent::new(seed * 2)),
            Box::new(RandomAgent::new(seed * 2 + 1)),
        ];
        let (r, events, state, _) = whole_game_run(seed, agents);
        let winners = r.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let d = state.duel.as_deref().unwrap();
        // A game ends by five planets (the winners hold them) or an empty supply.
        let by_planets = (0..2).any(|p| d.controlled(PlayerId(p)) >= PLANETS_TO_WIN);
        assert!(
            by_planets || !winners.is_empty() || events.len() > 10,
            "seed {seed}"
        );
        for w in &winners {
            assert!(
                d.controlled(*w) >= PLANETS_TO_WIN || d.players[1 - w.ix()].supply == 0,
                "seed {seed}: {w:?} won without five planets or an empty supply"
            );
        }
    }
}

#[test]
fn the_same_seed_and_answers_give_the_same_log() {
    let run = || {
        let agents: Vec<Box<dyn Agent>> =
            vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
        let (_, events, _, _) = whole_game_run(11, agents);
        serde_json::to_string(&events).unwrap()
    };
    assert_eq!(run(), run());
}

/// An agent that checks, at each secret choice, that its view shows nothing of the
/// opponent's choice in the same round.
struct Spy {
    inner: RandomAgent,
    seen: Rc<RefCell<Vec<String>>>,
}

impl Agent for Spy {
    fn decide(
        &mut self,
        view: &View,
        decision: &Decision,
    ) -> Result<Answer, cosmic_engine::AgentError> {
        let d = view.duel().expect("a Duel view");
        let o = PlayerId(1 - view.me().0);
        let note = |what: String| self.seen.borrow_mut().push(what);
        match decision.kind {
            DecisionKind::Dial => {
                // A dial is set before either dial is revealed: no ship of this round is on
                // the planet yet (a discovered planet starts empty; a restarted duel has
                // none left).
                if let Some((planet, _)) = d.fight().and_then(|f| match f.kind {
                    FightKind::Duel { planet, .. } => Some((planet, ())),
                    FightKind::Contest => None,
                }) {
                    let ships = d.planets()[planet as usize].ships;
                    if ships != [0, 0] {
                        note(format!("dial asked with ships on the planet: {ships:?}"));
                    }
                }
            }
            DecisionKind::Plan | DecisionKind::Tactic => {
                let f = d.fight().expect("a fight");
                if f.chosen[o.ix()] || f.plans[o.ix()].is_some() {
                    note(format!(
                        "{:?} asked after the opponent's plan was placed",
                        decision.kind
                    ));
                }
            }
            _ => {}
        }
        self.inner.decide(view, decision)
    }

    fn name(&self) -> &str {
        "spy"
    }
}

#[test]
fn secret_choices_show_nothing_of_the_other_players_choice_before_the_reveal() {
    let seen = Rc::new(RefCell::new(Vec::new()));
    for seed in 0..20 {
        let agents: Vec<Box<dyn Agent>> = vec![
            Box::new(Spy {
                inner: RandomAgent::new(seed),
                seen: seen.clone(),
            }),
            Box::new(Spy {
                inner: RandomAgent::new(seed + 100),
                seen: seen.clone(),
            }),
        ];
        let (r, events, state, comps) = whole_game_run(seed, agents);
        r.unwrap();
        // Each seat's log names no card the other drew.
        let scene = cosmic_engine::Scene {
            state: &state,
            components: &comps,
        };
        let names = scene.names();
        for e in &events {
            if let cosmic_engine::EventKind::Duel(DuelEvent::CardDrawn { player, .. }) = e.kind {
                let other = PlayerId(1 - player.0);
                // The draw itself is public: the other seat hears of it, without the card.
                let json = names.json_for(e, Some(other)).expect("a public event");
                let line: serde_json::Value = serde_json::from_str(&json).unwrap();
                assert!(line.get("card").is_none(), "{line}");
                assert_eq!(
                    line["text"],
                    format!("{} draws a card", names.player(player))
                );
            }
        }
    }
    assert_eq!(*seen.borrow(), Vec::<String>::new());
}

#[test]
fn friendship_keeps_one_allied_envoy_and_turns_the_opponents_ally_neutral() {
    // Becoming Allied: increasing friendship takes a neutral envoy or turns the opponent's
    // ally neutral; a player with two allied envoys keeps one. Three test-only envoys, one
    // per icon deck (no envoy text is confirmed).
    let mut c = example_of_duel();
    c.envoys = (0..3)
        .map(|deck| EnvoyDef {
            name: format!("Envoy {}", deck + 1),
            deck,
        })
        .collect();
    let comps = Arc::new(cosmic_engine::Components {
        duel: c,
        ..Default::default()
    });
    let setup = Setup {
        edition: Edition::Duel,
        ..Setup::new(2, 3)
    };
    let agents: Vec<Box<dyn Agent>> = vec![
        Box::new(ScriptedAgent::new([
            step(DecisionKind::Friendship, "Envoy 1"),
            step(DecisionKind::Friendship, "Envoy 2"),
            step(DecisionKind::KeepEnvoy, "Envoy 2"),
        ])),
        Box::new(ScriptedAgent::new([step(
            DecisionKind::Friendship,
            "Envoy 2",
        )])),
    ];
    let options = Options {
        record_events: true,
        check_invariants: true,
        ..Options::default()
    };
    let mut game = Game::new(&setup, comps, agents, &NoHooks, options).expect("a game");
    let ally = |g: &Game, e: u16| {
        let d = g.state().duel.as_deref().unwrap();
        d.envoys.iter().find(|x| x.def == e).unwrap().ally
    };
    game.increase_friendship(ORANGE).unwrap();
    assert_eq!(ally(&game, 0), Some(ORANGE));
    game.increase_friendship(ORANGE).unwrap();
    assert_eq!((ally(&game, 0), ally(&game, 1)), (None, Some(ORANGE)));
    game.increase_friendship(BLUE).unwrap();
    assert_eq!(ally(&game, 1), None, "the opponent's ally becomes neutral");
}
