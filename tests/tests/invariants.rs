//! Invariants over many seeded random games: every ship and card is somewhere, the colony
//! track equals the board, and every game ends (a winner or the turn limit), never an error.

use cosmic_engine::{invariants, Game, NoHooks, Options, Setup};
use std::sync::Arc;

fn play(players: u8, seed: u64, random: bool) {
    static HOOKS: NoHooks = NoHooks;
    let components =
        Arc::new(cosmic_cards::builtin_components().expect("built-in components load"));
    let agents = cosmic_tests::bot_agents(players, seed, random);
    let options = Options {
        check_invariants: true,
        ..Options::default()
    };
    let mut game = Game::new(
        &Setup::new(players, seed),
        components,
        agents,
        &HOOKS,
        options,
    )
    .expect("setup");
    let result = game
        .run()
        .unwrap_or_else(|e| panic!("{players} players, seed {seed}, random {random}: {e}"));
    invariants::check(game.state(), game.components()).expect("final state");
    let need = game.state().rules.colonies_to_win;
    for w in &result.winners {
        assert!(
            game.state().players[w.ix()].track >= need,
            "a winner without enough colonies"
        );
    }
    for p in game.state().seats() {
        let winner = result.winners.contains(&p);
        assert_eq!(
            winner,
            game.state().players[p.ix()].track >= need,
            "every player at the target shares the win"
        );
    }
}

#[test]
fn random_games_keep_every_invariant() {
    for players in 3..=8 {
        for seed in 0..12 {
            play(players, 1000 * players as u64 + seed, true);
        }
    }
}

#[test]
fn basic_games_keep_every_invariant() {
    for players in 3..=8 {
        for seed in 0..25 {
            play(players, 7000 * players as u64 + seed, false);
        }
    }
}

/// Games with the reward deck as far as it is confirmed (a game the command line refuses to
/// deal, played here to exercise its rules): kickers, crooked deals, rifts, the reward deck's
/// artifacts and the choice of deck keep every invariant, with random and basic bots.
#[test]
fn reward_deck_games_keep_every_invariant() {
    use cosmic_engine::{AlienSetup, Variants};
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let runtime = library.runtime();
    let mut kickers = 0;
    for players in [3u8, 5, 6] {
        for seed in 0..8 {
            let random = seed % 2 == 0;
            let setup = Setup {
                variants: Variants {
                    rewards: true,
                    ..Variants::default()
                },
                aliens: AlienSetup::Random,
                ..Setup::new(players, 9000 + seed)
            };
            let options = Options {
                check_invariants: true,
                record_events: true,
                ..Options::default()
            };
            let agents = cosmic_tests::bot_agents(players, seed, random);
            let mut game = Game::new(
                &setup,
                library.components.clone(),
                agents,
                &runtime,
                options,
            )
            .expect("setup");
            game.run()
                .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            invariants::check(game.state(), game.components()).expect("final state");
            kickers += (game.events().iter())
                .filter(|e| matches!(e.kind, cosmic_engine::EventKind::KickerPlayed { .. }))
                .count();
        }
    }
    assert!(kickers > 0, "the reward deck's kickers were played");
}
