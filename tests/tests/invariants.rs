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
