//! The search agent: its games are reproducible, a saved game with a search seat resumes as
//! it was played, and it plays every variant without breaking the rules in its rollouts.

use cosmic_engine::agents::search::{rollouts_played, Budget, Settings};
use cosmic_engine::agents::{BasicAgent, ReplayAgent, SearchAgent};
use cosmic_engine::{Agent, AlienSetup, Answer, DecisionKind, Game, Options, Setup, Variants};

/// A small search: a few rollouts a decision, each a turn past the current one.
const SMALL: Settings = Settings {
    budget: Budget::Rollouts(4),
    horizon: Some(1),
};

/// A search large enough to leave the basic bot's answers now and then (with a few rollouts
/// for each answer, none is surely better).
const ENOUGH: Settings = Settings {
    budget: Budget::Rollouts(24),
    horizon: Some(1),
};

/// The seats of the test games: a search bot in seat 0, basic bots in the others.
fn agents(
    library: &cosmic_cards::Library,
    players: u8,
    seed: u64,
    search: Settings,
) -> Vec<Box<dyn Agent>> {
    (0..players)
        .map(|i| -> Box<dyn Agent> {
            let seed = cosmic_engine::agents::agent_seed(seed, i);
            if i == 0 {
                Box::new(SearchAgent::new(seed, search, Box::new(library.runtime())))
            } else {
                Box::new(BasicAgent::new(seed))
            }
        })
        .collect()
}

/// Plays `setup` with `agents`, invariants checked; its JSON log and recorded answers.
fn play(
    library: &cosmic_cards::Library,
    setup: &Setup,
    agents: Vec<Box<dyn Agent>>,
) -> (String, Vec<cosmic_engine::RecordedAnswer>) {
    let runtime = library.runtime();
    let options = Options {
        record_events: true,
        check_invariants: true,
        record_answers: true,
        no_late_observer: false,
    };
    let mut game =
        Game::new(setup, library.components.clone(), agents, &runtime, options).expect("setup");
    game.run().expect("the game runs");
    let names = game.names();
    let log = game.events().iter().map(|e| names.json(e) + "\n").collect();
    (log, game.answers().to_vec())
}

#[test]
fn a_search_game_is_reproducible_and_resumes_as_it_was_played() {
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let setup = Setup {
        aliens: AlienSetup::Random,
        ..Setup::new(3, 41)
    };
    let before = rollouts_played();
    let (log, answers) = play(&library, &setup, agents(&library, 3, 41, ENOUGH));
    assert!(rollouts_played() > before, "the search bot searched");
    let (again, _) = play(&library, &setup, agents(&library, 3, 41, ENOUGH));
    assert_eq!(log, again, "the same seed and budget give the same game");

    // Resumed from half its answers, as `play --load` does: the search bot is shadowed
    // through the recording, then searches from the game's own fork.
    let mut by_seat: Vec<Vec<(DecisionKind, Answer)>> = vec![Vec::new(); 3];
    for a in &answers[..answers.len() / 2] {
        by_seat[a.player.ix()].push((a.kind, a.answer.clone()));
    }
    let resumed: Vec<Box<dyn Agent>> = (agents(&library, 3, 41, ENOUGH).into_iter().zip(by_seat))
        .map(|(live, recorded)| {
            Box::new(ReplayAgent::new(recorded, Some(live), true)) as Box<dyn Agent>
        })
        .collect();
    let (resumed_log, _) = play(&library, &setup, resumed);
    assert_eq!(
        log, resumed_log,
        "the resumed game ends as the uninterrupted one"
    );
}

#[test]
fn search_bots_play_every_variant_within_the_rules() {
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    for (seed, variants, aliens) in [
        (
            5,
            Variants {
                hidden_powers: true,
                rotating_powers: true,
                ..Variants::default()
            },
            AlienSetup::Random,
        ),
        (
            6,
            Variants {
                tech: true,
                ..Variants::default()
            },
            AlienSetup::DealtFlares,
        ),
    ] {
        let setup = Setup {
            aliens,
            variants,
            ..Setup::new(4, seed)
        };
        // Every invariant is checked in the game and in each of its rollouts.
        play(&library, &setup, agents(&library, 4, seed, SMALL));
    }
}
