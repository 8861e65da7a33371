//! The technology variant's setup rules that a ruling file cannot show (they depend on the
//! whole tech deck).

use cosmic_engine::agents::RandomAgent;
use cosmic_engine::components::TechDef;
use cosmic_engine::{Agent, Game, NoHooks, Options, Setup, Variants};
use std::sync::Arc;

fn tech_game(four_planets: bool) -> Game<'static> {
    static HOOKS: NoHooks = NoHooks;
    let mut components = cosmic_cards::builtin_components().expect("built-in components load");
    for (name, research) in [
        ("Big", Some(9)),
        ("Eight", Some(8)),
        ("Small", Some(3)),
        ("Any", None),
    ] {
        components.techs.push(TechDef {
            name: name.into(),
            research,
            secret: false,
        });
    }
    let agents: Vec<Box<dyn Agent>> = (0..3)
        .map(|i| Box::new(RandomAgent::new(i)) as Box<dyn Agent>)
        .collect();
    let setup = Setup {
        variants: Variants {
            four_planets,
            tech: true,
            ..Variants::default()
        },
        ..Setup::new(3, 7)
    };
    let options = Options {
        record_events: true,
        check_invariants: true,
        record_answers: false,
        no_late_observer: false,
    };
    Game::new(&setup, Arc::new(components), agents, &HOOKS, options).expect("setup")
}

/// Every tech of the game, wherever it is after setup, by name.
fn all_techs(game: &Game) -> Vec<String> {
    let s = game.state();
    let names = game.names();
    let mut all: Vec<String> = s
        .techs
        .draw
        .iter()
        .chain(&s.techs.discard)
        .chain(
            s.players
                .iter()
                .flat_map(|p| p.techs.iter().map(|h| &h.tech)),
        )
        .map(|&t| names.tech(t).to_string())
        .collect();
    all.sort();
    all
}

#[test]
fn four_planet_games_remove_techs_of_research_eight_or_more() {
    let game = tech_game(true);
    assert_eq!(all_techs(&game), ["Any", "Small"]);
    let game = tech_game(false);
    assert_eq!(all_techs(&game), ["Any", "Big", "Eight", "Small"]);
}

#[test]
fn each_player_keeps_one_tech_face_down_at_setup() {
    let game = tech_game(false);
    let s = game.state();
    // Four techs for three players: the first two are dealt two, the last none.
    let kept: Vec<usize> = s.players.iter().map(|p| p.techs.len()).collect();
    assert_eq!(kept, [1, 1, 0]);
    assert!(s
        .players
        .iter()
        .flat_map(|p| &p.techs)
        .all(|h| !h.completed && h.ships == 0));
    assert_eq!(s.techs.discard.len(), 2);
    assert!(s.techs.draw.is_empty());
}
