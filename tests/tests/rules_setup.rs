//! Rule tests: setting up the game (Combined Rules v8.3, "Setup" and "Concepts").

use cosmic_engine::components::SpecialDestiny;
use cosmic_engine::{Color, DestinyKind, EventKind, PlanetId, PlayerId};
use cosmic_tests::*;

// Setup: each player takes the planets and 20 ships of one color; colors are handed out
// blue, green, purple, red, yellow (base game), then orange, black, white (expansions).
// Each of the five home planets starts with four ships; the warp and colony track are empty.
#[test]
fn setup_colors_in_order_with_five_planets_of_four_ships() {
    for players in [3u8, 8] {
        let t = Table::new(players, 40 + players as u64);
        let s = t.state();
        let colors: Vec<Color> = s.players.iter().map(|p| p.color).collect();
        assert_eq!(colors, Color::ALL[..players as usize], "{players} players");
        assert_eq!(s.planets.len(), 5 * players as usize);
        for p in s.seats() {
            assert_eq!(s.home_planets(p).count(), 5);
            for pl in s.home_planets(p) {
                for q in s.seats() {
                    let want = if q == p { 4 } else { 0 };
                    assert_eq!(s.ships_on(pl, q), want, "{players} players, {pl:?}, {q:?}");
                }
            }
            let me = &s.players[p.ix()];
            assert_eq!(s.ships_total(p), 20);
            assert_eq!((me.warp, me.track, me.power_active), (0, 0, true));
        }
        assert_eq!(t.color(BLUE), "Blue");
        assert_eq!(
            t.color(PlayerId(players - 1)),
            Color::ALL[players as usize - 1].name()
        );
    }
}

// Setup: the cosmic deck (72 cards in the base game, no flares without aliens) is shuffled
// and each player is dealt eight cards; the rest is the deck, the discard pile is empty.
#[test]
fn setup_deals_eight_card_hands_from_the_72_card_deck() {
    for players in [3u8, 8] {
        let t = Table::new(players, 50 + players as u64);
        let s = t.state();
        assert_eq!(s.cards.len(), 72);
        for p in s.seats() {
            assert_eq!(s.players[p.ix()].hand.len(), 8, "{players} players");
        }
        assert_eq!(s.piles.cosmic.draw.len(), 72 - 8 * players as usize);
        assert!(s.piles.cosmic.discard.is_empty());
    }
}

// Setup: the destiny deck holds three cards of each color in play, two wilds and three
// specials (colors not in play are left in the box).
#[test]
fn setup_destiny_deck_has_three_per_color_in_play_two_wilds_three_specials() {
    for players in [3u8, 5, 8] {
        let t = Table::new(players, 60 + players as u64);
        let s = t.state();
        let n = players as usize;
        assert_eq!(s.destiny_cards.len(), 3 * n + 2 + 3, "{players} players");
        assert_eq!(s.destiny.draw.len(), s.destiny_cards.len());
        assert!(s.destiny.discard.is_empty());
        let count = |k: DestinyKind| {
            s.destiny
                .draw
                .iter()
                .filter(|d| s.destiny_cards[d.0 as usize].kind == k)
                .count()
        };
        for (i, &c) in Color::ALL.iter().enumerate() {
            let want = if i < n { 3 } else { 0 };
            assert_eq!(
                count(DestinyKind::Color(c)),
                want,
                "{c} with {players} players"
            );
        }
        assert_eq!(count(DestinyKind::Wild), 2);
        for sp in [
            SpecialDestiny::MostForeignColonies,
            SpecialDestiny::FewestShipsInWarp,
            SpecialDestiny::MostCardsInHand,
        ] {
            assert_eq!(count(DestinyKind::Special(sp)), 1);
        }
    }
}

// Setup 7, Choose First Player: reveal destiny cards until one matches a player's color; that
// player goes first; then the destiny deck is shuffled (all cards back in it).
#[test]
fn setup_first_player_is_the_first_color_revealed_from_destiny() {
    for seed in 0..6 {
        let t = Table::new(4, seed);
        let events = t.game().events();
        let revealed: Vec<DestinyKind> = events
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::DestinyRevealed { card } => {
                    Some(t.state().destiny_cards[card.0 as usize].kind)
                }
                _ => None,
            })
            .collect();
        let first = events
            .iter()
            .find_map(|e| match e.kind {
                EventKind::FirstPlayer { player } => Some(player),
                _ => None,
            })
            .expect("a first player is named");
        let (last, before) = revealed.split_last().expect("a card was revealed");
        assert_eq!(
            *last,
            DestinyKind::Color(t.state().players[first.ix()].color)
        );
        assert!(
            before
                .iter()
                .all(|k| !matches!(k, DestinyKind::Color(c) if t.state().player_of(*c).is_some())),
            "seed {seed}: an earlier card already named a player: {revealed:?}"
        );
        assert_eq!(t.state().offense, first);
        assert_eq!(t.state().destiny.draw.len(), t.state().destiny_cards.len());
    }
}

// Concepts, Planets and Systems: planets are named by their system's color, 1 to 5.
#[test]
fn planet_helper_names_planets_as_the_rule_book_does() {
    let t = Table::new(3, 1);
    assert_eq!(planet(GREEN, 3), PlanetId { owner: GREEN, n: 2 });
    assert_eq!(t.game().names().planet(planet(PURPLE, 5)), "Purple 5");
}

// An alien sheet that says "do not use with" another (the Sadist: not with the Zombie or the
// Healer) is never dealt into a game beside it: the shuffled aliens are dealt in order,
// passing over one that excludes an alien already dealt.
#[test]
fn setup_never_deals_aliens_that_exclude_each_other() {
    use cosmic_engine::{AlienSetup, Game, Options, Setup};
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let runtime = library.runtime();
    let name = |a: u16| library.components.aliens[a as usize].name.as_str();
    let mut sadist_dealt = 0;
    for seed in 0..400 {
        let players = 8;
        let setup = Setup {
            aliens: AlienSetup::Random,
            sets: vec!["base".into(), "conflict".into()],
            ..Setup::new(players, seed)
        };
        let agents = bot_agents(players, seed, true);
        let game = Game::new(
            &setup,
            library.components.clone(),
            agents,
            &runtime,
            Options::default(),
        )
        .expect("setup");
        let dealt: Vec<&str> = (game.state().players.iter())
            .filter_map(|p| p.alien.map(name))
            .collect();
        if dealt.contains(&"Sadist") {
            sadist_dealt += 1;
            assert!(
                !dealt.contains(&"Zombie") && !dealt.contains(&"Healer"),
                "seed {seed}: {dealt:?}"
            );
        }
    }
    assert!(
        sadist_dealt > 20,
        "the Sadist was dealt {sadist_dealt} times"
    );
}

// Game setup text that takes an unused player color's ships (FFG Symbiote, Cosmic
// Incursion): the player's fleet is doubled, twice as many ships on each home planet, and
// the color is taken in color order after the seated ones. At a table of eight, no color is
// unused and the text does nothing.
#[test]
fn setup_text_takes_the_ships_of_an_unused_color() {
    use cosmic_engine::{AlienSetup, Game, Options, Setup};
    let library = cosmic_cards::builtin_library().expect("the built-in library loads");
    let runtime = library.runtime();
    let index = |n: &str| {
        (library.components.aliens.iter())
            .position(|a| a.name == n)
            .expect("the alien is in the library") as u16
    };
    for (players, doubled) in [(5u8, true), (8, false)] {
        let mut aliens = vec![index("Symbiote")];
        let others = [
            "Virus", "Zombie", "Oracle", "Human", "Macron", "Mind", "Clone",
        ];
        aliens.extend(others[..players as usize - 1].iter().map(|n| index(n)));
        let setup = Setup {
            aliens: AlienSetup::Fixed(aliens),
            sets: vec!["base".into(), "incursion".into()],
            ..Setup::new(players, 7)
        };
        let game = Game::new(
            &setup,
            library.components.clone(),
            bot_agents(players, 7, true),
            &runtime,
            Options::default(),
        )
        .expect("setup");
        let s = game.state();
        let symbiote = PlayerId(0);
        let per_planet = if doubled { 8 } else { 4 };
        for n in 1..=5 {
            assert_eq!(s.ships_on(planet(symbiote, n), symbiote), per_planet);
        }
        assert_eq!(s.ships_on(planet(PlayerId(1), 1), PlayerId(1)), 4);
        assert_eq!(s.fleet_size(symbiote), if doubled { 40 } else { 20 });
        let taken: &[Color] = if doubled { &[Color::Orange] } else { &[] };
        assert_eq!(s.players[0].fleets, taken);
        cosmic_engine::invariants::check(s, game.components()).expect("invariants hold");
    }
}
