//! Same seed + same content + same answers = the identical event log.

use cosmic_engine::agents::scripted::{ScriptAnswer, ScriptStep, ScriptedAgent};
use cosmic_engine::{Agent, AlienSetup, Game, NoHooks, Options, Prepared, Setup};
use std::sync::Arc;

fn log_of(
    players: u8,
    seed: u64,
    agents: Vec<Box<dyn Agent>>,
    record_answers: bool,
) -> (String, Game<'static>) {
    static HOOKS: NoHooks = NoHooks;
    let components =
        Arc::new(cosmic_cards::builtin_components().expect("built-in components load"));
    let options = Options {
        record_events: true,
        check_invariants: true,
        record_answers,
        no_late_observer: false,
    };
    let mut game = Game::new(
        &Setup::new(players, seed),
        components,
        agents,
        &HOOKS,
        options,
    )
    .expect("setup");
    game.run().expect("game runs");
    let names = game.names();
    let log: String = game.events().iter().map(|e| names.json(e) + "\n").collect();
    (log, game)
}

#[test]
fn same_seed_gives_byte_identical_logs() {
    for (players, seed, random) in [(5, 11, true), (3, 12, false), (8, 13, true), (6, 14, false)] {
        let (a, _) = log_of(
            players,
            seed,
            cosmic_tests::bot_agents(players, seed, random),
            false,
        );
        let (b, _) = log_of(
            players,
            seed,
            cosmic_tests::bot_agents(players, seed, random),
            false,
        );
        assert!(!a.is_empty());
        assert_eq!(a, b, "{players} players, seed {seed}");
    }
}

#[test]
fn different_seeds_give_different_games() {
    let (a, _) = log_of(5, 1, cosmic_tests::bot_agents(5, 1, true), false);
    let (b, _) = log_of(5, 2, cosmic_tests::bot_agents(5, 2, true), false);
    assert_ne!(a, b);
}

#[test]
fn replaying_the_recorded_answers_gives_the_same_log() {
    // Agents never draw from the game's RNG, so a script of the same answers replays the game.
    let (original, game) = log_of(5, 99, cosmic_tests::bot_agents(5, 99, true), true);
    let mut per_player: Vec<Vec<ScriptStep>> = vec![Vec::new(); 5];
    for a in game.answers() {
        per_player[a.player.ix()].push(ScriptStep {
            kind: Some(a.kind),
            answer: ScriptAnswer::Exact(a.answer.clone()),
        });
    }
    let scripts = per_player
        .into_iter()
        .map(|steps| Box::new(ScriptedAgent::new(steps)) as Box<dyn Agent>)
        .collect();
    let (replayed, _) = log_of(5, 99, scripts, false);
    assert_eq!(original, replayed);
}

#[test]
fn a_game_resumed_from_a_save_ends_exactly_as_the_uninterrupted_game() {
    use cosmic_engine::agents::{agent_seed, BasicAgent, RandomAgent, ReplayAgent};
    use cosmic_engine::save::{digest, Save, SAVE_FORMAT};
    for (players, seed, random) in [(5, 21, true), (4, 22, false)] {
        let (full, game) = log_of(
            players,
            seed,
            cosmic_tests::bot_agents(players, seed, random),
            true,
        );
        let answers = game.answers().to_vec();
        let final_digest = digest(game.state());
        for cut in [0, 1, answers.len() / 3, answers.len() / 2, answers.len()] {
            // The save as `cosmic play --save` writes it, read back from its JSON.
            let save = Save {
                format: SAVE_FORMAT,
                setup: cosmic_engine::Setup::new(players, seed),
                seats: vec![if random { "random" } else { "basic" }.into(); players as usize],
                answers: answers[..cut].to_vec(),
                events: 0,
                digest: String::new(),
                finished: false,
                cards: Vec::new(),
                library: String::new(),
                search: None,
            };
            let save = Save::from_json(&save.to_json()).expect("a save reads back");
            let agents: Vec<Box<dyn Agent>> = (0..players)
                .map(|i| {
                    let live: Box<dyn Agent> = if random {
                        Box::new(RandomAgent::new(agent_seed(seed, i)))
                    } else {
                        Box::new(BasicAgent::new(agent_seed(seed, i)))
                    };
                    let mine = save
                        .answers
                        .iter()
                        .filter(|a| a.player.0 == i)
                        .map(|a| (a.kind, a.answer.clone()));
                    Box::new(ReplayAgent::new(mine, Some(live), true)) as Box<dyn Agent>
                })
                .collect();
            let (resumed, game) = log_of(players, seed, agents, false);
            assert_eq!(
                full, resumed,
                "{players} players, seed {seed}, resumed after {cut} answers"
            );
            assert_eq!(final_digest, digest(game.state()));
        }
    }
}

#[test]
fn truncated_or_edited_saves_are_refused_clearly() {
    use cosmic_engine::save::{Save, SaveError};
    let (_, game) = log_of(3, 5, cosmic_tests::bot_agents(3, 5, false), true);
    let save = Save {
        format: cosmic_engine::save::SAVE_FORMAT,
        setup: cosmic_engine::Setup::new(3, 5),
        seats: vec!["basic".into(); 3],
        answers: game.answers().to_vec(),
        events: game.stats().events,
        digest: cosmic_engine::save::digest(game.state()),
        finished: true,
        cards: Vec::new(),
        library: String::new(),
        search: None,
    };
    let json = save.to_json();
    for cut in [0, 1, json.len() / 2, json.len() - 2] {
        assert!(
            matches!(
                Save::from_json(&json[..cut]),
                Err(SaveError::Malformed { .. })
            ),
            "cut at {cut}"
        );
    }
    let written = format!("\"format\": {}", cosmic_engine::save::SAVE_FORMAT);
    assert!(json.contains(&written), "{json}");
    let future = json.replacen(&written, "\"format\": 99", 1);
    assert!(matches!(
        Save::from_json(&future),
        Err(SaveError::Version { found: 99 })
    ));
    let edited = json.replacen("\"answers\"", "\"answerz\"", 1);
    assert!(matches!(
        Save::from_json(&edited),
        Err(SaveError::Malformed { .. })
    ));
}

#[test]
fn forced_decisions_are_observed_never_asked_nor_recorded() {
    use cosmic_engine::{Answer, Decision};
    use std::cell::RefCell;
    use std::rc::Rc;
    static HOOKS: NoHooks = NoHooks;
    let (plain, _) = log_of(5, 21, cosmic_tests::bot_agents(5, 21, true), true);
    let components =
        Arc::new(cosmic_cards::builtin_components().expect("built-in components load"));
    let options = Options {
        record_events: true,
        check_invariants: true,
        record_answers: true,
        no_late_observer: false,
    };
    let mut game = Game::new(
        &Setup::new(5, 21),
        components,
        cosmic_tests::bot_agents(5, 21, true),
        &HOOKS,
        options,
    )
    .expect("setup");
    let asked: Rc<RefCell<Vec<Decision>>> = Rc::default();
    let forced: Rc<RefCell<Vec<(Decision, Answer)>>> = Rc::default();
    {
        let asked = asked.clone();
        game.set_decision_observer(move |d, _| asked.borrow_mut().push(d.clone()));
        let forced = forced.clone();
        game.set_forced_observer(move |d, a, _| forced.borrow_mut().push((d.clone(), a.clone())));
    }
    game.run().expect("game runs");
    let names = game.names();
    let observed: String = game.events().iter().map(|e| names.json(e) + "\n").collect();
    // Watching forced decisions changes nothing in the game.
    assert_eq!(plain, observed);
    let (asked, forced) = (asked.borrow(), forced.borrow());
    assert!(!forced.is_empty(), "a whole game has forced decisions");
    for (d, a) in forced.iter() {
        assert_eq!(d.forced().as_ref(), Some(a));
        assert_eq!(d.validate(a), Ok(()));
    }
    // Agents are asked only decisions with a choice, and only those answers are recorded.
    assert!(asked.iter().all(|d| d.forced().is_none()));
    assert_eq!(asked.len(), game.answers().len());
    assert_eq!(game.stats().decisions as usize, game.answers().len());
}

#[test]
fn a_prepared_setup_deals_the_games_game_new_deals() {
    // A run lays its setup out once (`Prepared`) and deals each game from it: each must be
    // the game `Game::new` sets up from that setup with that seed, event for event.
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let runtime = library.runtime();
    let components = library.components.clone();
    let options = Options {
        record_events: true,
        check_invariants: true,
        record_answers: false,
        no_late_observer: false,
    };
    for aliens in [AlienSetup::Random, AlienSetup::DealtFlares] {
        let template = Setup {
            aliens: aliens.clone(),
            sets: vec!["base".into(), "incursion".into()],
            ..Setup::new(5, 0)
        };
        let prepared = Prepared::new(&template, components.clone()).expect("prepared");
        for seed in [3, 4, 5] {
            let agents = || cosmic_tests::bot_agents(5, seed, true);
            let mut a = Game::prepared(&prepared, seed, agents(), &runtime, options).expect("deal");
            let setup = Setup {
                seed,
                ..template.clone()
            };
            let mut b =
                Game::new(&setup, components.clone(), agents(), &runtime, options).expect("setup");
            a.run().expect("game runs");
            b.run().expect("game runs");
            let log = |g: &Game| -> String {
                let names = g.names();
                g.events().iter().map(|e| names.json(e) + "\n").collect()
            };
            assert_eq!(log(&a), log(&b), "{aliens:?}, seed {seed}");
            assert_eq!(a.state(), b.state(), "{aliens:?}, seed {seed}");
        }
    }
}

#[test]
fn a_game_nobody_follows_is_dealt_and_played_as_a_recorded_one() {
    // A run's game keeps no setup log (`Options::no_late_observer`) and records no events:
    // it must be dealt and played as a recorded game is, to the same holdings stamps and
    // record of draws.
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let runtime = library.runtime();
    let recorded = Options {
        record_events: true,
        ..Options::default()
    };
    let unfollowed = Options {
        no_late_observer: true,
        ..Options::default()
    };
    let template = Setup {
        sets: vec!["base".into(), "incursion".into(), "conflict".into()],
        ..Setup::new(5, 0)
    };
    let prepared = Prepared::new(&template, library.components.clone()).expect("prepared");
    // A stamp's low half counts within its game (the high half numbers the game).
    let stamps = |g: &Game| -> Vec<u64> {
        (0..5)
            .map(|p| g.holdings_stamp(cosmic_engine::PlayerId(p)) & 0xFFFF_FFFF)
            .chain([g.holdings_version() & 0xFFFF_FFFF])
            .collect()
    };
    for seed in [3, 4, 5, 6] {
        let agents = || cosmic_tests::bot_agents(5, seed, seed % 2 == 0);
        let mut a = Game::prepared(&prepared, seed, agents(), &runtime, recorded).expect("deal");
        let mut b = Game::prepared(&prepared, seed, agents(), &runtime, unfollowed).expect("deal");
        assert_eq!(a.state(), b.state(), "seed {seed}");
        assert_eq!(a.stats(), b.stats(), "seed {seed}");
        assert_eq!(stamps(&a), stamps(&b), "seed {seed}");
        assert_eq!(
            a.drawn_this_encounter(),
            b.drawn_this_encounter(),
            "seed {seed}"
        );
        let (ra, rb) = (a.run().expect("game runs"), b.run().expect("game runs"));
        assert_eq!(ra, rb, "seed {seed}");
        assert_eq!(a.state(), b.state(), "seed {seed}");
    }
}
