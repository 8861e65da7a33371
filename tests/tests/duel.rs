//! Cosmic Encounter Duel played by the engine's Duel procedure, on test fixtures: whole
//! seeded games keep the invariants, end and replay identically, secret simultaneous choices
//! show nothing before the reveal, and friendship keeps one allied envoy. The rule book's
//! worked examples ("Example of Duel", "Example of Reinforcement") and the rules around them
//! are rulings now (`tests/rulings/duel-*.toml`, with their exact numbers).
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
