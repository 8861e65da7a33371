//! Rule tests: the phases up to planning (Combined Rules v8.3, "Start Turn Phase" to
//! "Phase 5: Planning", with "Drawing New Cards from Cosmic Deck" and "Stripping a Planet").

use cosmic_engine::components::SpecialDestiny;
use cosmic_engine::deal::{CardTransfer, DealTerms};
use cosmic_engine::event::Rule;
use cosmic_engine::DecisionKind::*;
use cosmic_engine::{
    Answer, CardId, Color, DestinyKind, EventKind, Flow, Game, Hooks, Outcome, Place, Request,
    Window,
};
use cosmic_tests::*;

const NOTHING_TO_PLAY: [&str; 8] = [
    "Cosmic Zap",
    "Cosmic Zap",
    "Mobius Tubes",
    "Mobius Tubes",
    "Emotion Control",
    "Force Field",
    "Ionic Gas",
    "Plague",
];

fn destiny(c: Color) -> DestinyKind {
    DestinyKind::Color(c)
}

fn names_drawn(t: &Table, p: cosmic_engine::PlayerId, rule: Rule) -> Vec<String> {
    t.events()
        .iter()
        .filter(|e| Table::rule_of(e) == rule)
        .filter_map(|e| match e.kind {
            EventKind::CardDrawn { player, card } if player == p => Some(t.card_name(card)),
            _ => None,
        })
        .collect()
}

fn count_discarded(t: &Table, p: cosmic_engine::PlayerId, rule: Rule) -> usize {
    t.events()
        .iter()
        .filter(|e| Table::rule_of(e) == rule)
        .filter(|e| matches!(e.kind, EventKind::CardDiscarded { player, .. } if player == p))
        .count()
}

// Start Turn Phase / Drawing New Cards 1: an offense with no encounter card discards its hand
// and draws eight cards, repeating until it holds an encounter card.
#[test]
fn start_turn_offense_without_encounter_card_draws_new_hands_until_it_has_one() {
    let mut t = Table::new(3, 1);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Card Zap", "Reinforcement +2"]);
    t.set_hand(GREEN, &["Negotiate"]);
    let second = [
        "Attack 12",
        "Quash",
        "Card Zap",
        "Reinforcement +2",
        "Reinforcement +3",
        "Reinforcement +3",
        "Reinforcement +3",
        "Reinforcement +5",
    ];
    let mut top: Vec<&str> = NOTHING_TO_PLAY.to_vec();
    top.extend(second);
    t.deck_on_top(&top);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 1"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
    t.play();

    assert_eq!(count_discarded(&t, BLUE, Rule::NewHand), 2 + 8);
    assert_eq!(names_drawn(&t, BLUE, Rule::NewHand), top);
    // When the offense aims the gate, it holds the second hand.
    let launch = &t.asked_of(BLUE, LaunchPlanet)[0];
    let mut hand: Vec<String> = launch.state.players[BLUE.ix()]
        .hand
        .iter()
        .map(|&c| t.card_name(c))
        .collect();
    hand.sort();
    let mut want = second.map(String::from).to_vec();
    want.sort();
    assert_eq!(hand, want);
}

// Phase 1: Regroup: the offense retrieves one ship from the warp and places it on any of its
// home or foreign colonies.
#[test]
fn regroup_retrieves_one_ship_to_a_chosen_colony() {
    let mut t = Table::with_bots(3, 2);
    t.set_offense(BLUE);
    t.set_ships(BLUE, planet(BLUE, 1), 1);
    t.set_ships(BLUE, planet(PURPLE, 2), 1);
    assert_eq!(t.warp(BLUE), 2);
    t.script(BLUE, [step(RegroupColony, "Purple 2")]);
    t.play();

    assert_eq!(
        t.options(BLUE, RegroupColony),
        ["Blue 1", "Blue 2", "Blue 3", "Blue 4", "Blue 5", "Purple 2"]
    );
    assert_eq!(
        t.moved_by(
            BLUE,
            Place::Warp,
            Place::Planet(planet(PURPLE, 2)),
            Some(Rule::Regroup)
        ),
        1
    );
    let retrieved = t
        .encounter_events(1)
        .iter()
        .filter(|e| Table::rule_of(e) == Rule::Regroup)
        .filter(|e| {
            matches!(
                e.kind,
                EventKind::ShipsMoved {
                    from: Place::Warp,
                    ..
                }
            )
        })
        .count();
    assert_eq!(
        retrieved,
        1,
        "exactly one ship leaves the warp\n{}",
        t.log()
    );
    let next = &t.asked()[1];
    assert_eq!(next.state.ships_on(planet(PURPLE, 2), BLUE), 2);
    assert_eq!(next.state.players[BLUE.ix()].warp, 1);
}

// No Colonies during Regroup Phase: an offense with no colony at all places the retrieved
// ship directly on the hyperspace gate and continues its turn as normal.
#[test]
fn regroup_without_colonies_puts_the_ship_on_the_gate() {
    let mut t = Table::with_bots(3, 3);
    t.set_offense(BLUE);
    for n in 1..=5 {
        t.set_ships(BLUE, planet(BLUE, n), 0);
    }
    assert_eq!(t.warp(BLUE), 20);
    assert!(!t.power(BLUE));
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.play();

    assert!(!t.was_asked(BLUE, RegroupColony));
    assert_eq!(
        t.moved_by(
            BLUE,
            Place::Warp,
            Place::Gate,
            Some(Rule::RegroupNoColonies)
        ),
        1
    );
    let aim = &t.asked_of(BLUE, LaunchPlanet)[0];
    assert_eq!(aim.state.encounter.gate[BLUE.ix()], 1);
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
    assert!(t.happened(|k| matches!(k, EventKind::CardsRevealed { .. })));
}

// Phase 2: Destiny, Driving Out Foreign Colonies: drawing one's own color lets the offense
// aim the gate at another player's colony in its home system; that player is the defense.
#[test]
fn destiny_own_color_drives_out_a_foreign_colony() {
    let mut t = Table::new(3, 4);
    t.set_offense(BLUE);
    t.set_ships(GREEN, planet(GREEN, 1), 2);
    t.set_ships(GREEN, planet(BLUE, 2), 2);
    assert_eq!(t.track(GREEN), 1);
    t.set_hand(BLUE, &["Attack 20"]);
    t.set_hand(GREEN, &["Attack 04"]);
    t.destiny_on_top(&[destiny(Color::Blue)]);
    t.script(
        BLUE,
        [
            step(OwnColor, "drive Green off Blue 2"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
    t.play();

    assert_eq!(
        t.options(BLUE, OwnColor),
        ["drive Green off Blue 2", "draw again"]
    );
    assert!(
        !t.was_asked(BLUE, LaunchPlanet),
        "destiny already aimed the gate"
    );
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
    assert!(
        t.happened(|k| matches!(k, EventKind::GateAimed { planet: p } if *p == planet(BLUE, 2)))
    );
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.ships(GREEN, planet(BLUE, 2)), 0);
    assert_eq!(t.warp(GREEN), 2);
    assert_eq!(t.track(GREEN), 0);
    assert_eq!(t.ships(BLUE, planet(BLUE, 2)), 8);
    assert_eq!(t.track(BLUE), 0, "a home planet is not a foreign colony");
}

// Re-Establishing a Home Colony: with its own color drawn and a home planet with no ships at
// all, the offense may aim the gate there and re-establish a colony with up to four ships
// from its other colonies. This counts as a successful encounter (a second one is offered).
#[test]
fn destiny_own_color_reestablishes_an_empty_home_planet_as_a_success() {
    let mut t = Table::new(3, 5);
    t.set_offense(BLUE);
    t.set_ships(BLUE, planet(BLUE, 3), 0);
    t.set_hand(BLUE, &["Attack 08"]);
    t.destiny_on_top(&[destiny(Color::Blue)]);
    t.script(
        BLUE,
        [
            step(RegroupColony, "Blue 1"),
            step(OwnColor, "re-establish Blue 3"),
            step(ReestablishShips, "Blue 1: 3, Blue 2: 2"),
            step(ReestablishShips, "Blue 1: 2, Blue 2: 2"),
            step(SecondEncounter, "no"),
        ],
    );
    t.play();

    assert!(
        !t.options(BLUE, RegroupColony)
            .contains(&"Blue 3".to_string()),
        "a ship from the warp cannot return to a lost planet"
    );
    assert_eq!(
        t.options(BLUE, OwnColor),
        ["re-establish Blue 3", "draw again"]
    );
    let asked = &t.asked_of(BLUE, ReestablishShips)[0];
    let Request::Ships(r) = &asked.request else {
        panic!("a ship request")
    };
    assert_eq!((r.min, r.max), (1, 4));
    assert_eq!(t.refused().len(), 1, "five ships are too many");
    assert_eq!(t.ships(BLUE, planet(BLUE, 3)), 4);
    assert_eq!(t.ships(BLUE, planet(BLUE, 1)), 5 - 2);
    assert_eq!(t.outcomes(), [Outcome::Reestablished]);
    assert!(!t.happened(|k| matches!(k, EventKind::DefenseNamed { .. })));
    assert!(t.was_asked(BLUE, SecondEncounter));
}

// Phase 2: Destiny, If a Color is Drawn: a player who draws his own color may draw again
// (until he draws a card of a different color) instead of driving out a colony.
#[test]
fn destiny_own_color_may_draw_again() {
    let mut t = Table::with_bots(3, 6);
    t.set_offense(BLUE);
    t.set_ships(GREEN, planet(GREEN, 1), 3);
    t.set_ships(GREEN, planet(BLUE, 2), 1);
    t.destiny_on_top(&[destiny(Color::Blue), destiny(Color::Purple)]);
    t.script(BLUE, [step(OwnColor, "draw again")]);
    t.play();

    let discarded = t
        .index_of(|k| matches!(k, EventKind::DestinyDiscarded { .. }))
        .expect("the own-color card is discarded");
    let named = t
        .index_of(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == PURPLE))
        .expect("the next card names Purple");
    assert!(discarded < named);
    let drawn = t
        .encounter_events(1)
        .iter()
        .filter(|e| matches!(e.kind, EventKind::DestinyDrawn { .. }))
        .count();
    assert_eq!(drawn, 2, "{}", t.log());
}

// Phase 2: Destiny: with its own color drawn and nothing to drive out or re-establish, the
// only thing the offense can do is draw again (no question is put).
#[test]
fn destiny_own_color_with_nothing_to_attack_at_home_draws_again() {
    let mut t = Table::with_bots(3, 7);
    t.set_offense(BLUE);
    t.destiny_on_top(&[destiny(Color::Blue), destiny(Color::Green)]);
    t.play();
    assert!(!t.was_asked(BLUE, OwnColor));
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
}

/// The turn's encounter ended with no outcome, by `rule`.
fn assert_turn_ended_by(t: &Table, rule: Rule) {
    let ended = t
        .events()
        .iter()
        .find(|e| matches!(e.kind, EventKind::EncounterResolved { .. }))
        .expect("the encounter is resolved");
    assert_eq!(Table::rule_of(ended), rule);
    assert_eq!(t.outcomes(), [Outcome::Aborted], "{}", t.log());
}

/// Card text destroys every planet of `owner`'s home system, outside an encounter.
fn destroy_home_system(t: &mut Table, owner: cosmic_engine::PlayerId) {
    for n in 1..=5 {
        t.game_mut()
            .destroy_planet(planet(owner, n), 0)
            .expect("destroying a planet outside an encounter goes through");
    }
}

// Phase 2: Destiny, with every planet the offense could attack destroyed by card text: no
// destiny card can name a defense, so the offense's turn ends without drawing one (our
// reading; the rules never leave a game without planets to attack). A game stopped with an
// error here before.
#[test]
fn destiny_with_no_planet_left_to_attack_ends_the_turn() {
    let mut t = Table::with_bots(3, 7);
    t.set_offense(BLUE);
    for owner in [GREEN, PURPLE] {
        destroy_home_system(&mut t, owner);
    }
    t.destiny_on_top(&[destiny(Color::Blue), DestinyKind::Wild]);
    t.play();

    assert!(!t.happened(|k| matches!(k, EventKind::DestinyDrawn { .. })));
    assert!(!t.happened(|k| matches!(k, EventKind::DefenseNamed { .. })));
    assert_turn_ended_by(&t, Rule::NoEncounterPossible);
}

// Phase 2: Destiny, the offense's own color when no other home system has a planet left:
// drawing again could only loop, so it is not offered; the encounter at home is had. A soak
// game drew 256 cards without an encounter before (a random bot always drawing again).
#[test]
fn own_color_with_no_other_planet_left_is_no_reason_to_draw_again() {
    let mut t = Table::with_bots(3, 7);
    t.set_offense(BLUE);
    for owner in [GREEN, PURPLE] {
        destroy_home_system(&mut t, owner);
    }
    // Green's ships went to the warp with its planets: one is a foreign colony in Blue's system.
    t.set_ships(GREEN, planet(BLUE, 1), 1);
    t.destiny_on_top(&[destiny(Color::Blue)]);
    t.play();

    // One encounter is left, so nothing is asked: drawing again is not among the options.
    assert!(!t.was_asked(BLUE, OwnColor), "{}", t.log());
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
}

/// Card text that destroys Green's last home planets as soon as a destiny card is drawn (a
/// hazard devouring planets on special destiny cards does it in play).
struct DestinyDevoursGreen;

impl Hooks for DestinyDevoursGreen {
    fn at(&self, window: Window, game: &mut Game<'_>) -> Flow {
        if window == Window::DestinyDrawn {
            for n in 1..=5 {
                game.destroy_planet(planet(GREEN, n), 0)?;
            }
        }
        Ok(())
    }
}

static DESTINY_DEVOURS_GREEN: DestinyDevoursGreen = DestinyDevoursGreen;

// Phase 2: Destiny, when card text destroys the last planets to attack while the offense draws:
// its own color then offers nothing (no foreign colony at home, no empty home planet, no other
// system to draw again for), so its turn ends as when that is found before the first draw. A
// soak game (the Entropy Beast in play) asked an own-color question with no options before.
#[test]
fn destiny_with_the_last_planets_destroyed_while_drawing_ends_the_turn() {
    let mut t = Table::setup(TableSetup {
        hooks: &DESTINY_DEVOURS_GREEN,
        bots: true,
        ..TableSetup::new(3, 7)
    });
    t.set_offense(BLUE);
    destroy_home_system(&mut t, PURPLE);
    t.destiny_on_top(&[destiny(Color::Green), destiny(Color::Blue)]);
    t.play();

    assert!(!t.was_asked(BLUE, OwnColor), "{}", t.log());
    assert!(!t.happened(|k| matches!(k, EventKind::DefenseNamed { .. })));
    assert_turn_ended_by(&t, Rule::NoEncounterPossible);
}

// Card text naming a defense whose home system has no planet left (all stolen or destroyed)
// leaves the encounter as destiny made it: there is nothing there to aim at, and no empty
// choice is asked. The Will choosing such a player stopped a soak game with an error before.
#[test]
fn card_text_aiming_at_a_home_system_without_planets_changes_nothing() {
    let mut t = Table::with_bots(3, 7);
    t.set_offense(BLUE);
    destroy_home_system(&mut t, GREEN);
    t.game_mut()
        .aim_gate_at(BLUE, GREEN, true, 0)
        .expect("aiming at an empty home system asks nothing");
    assert!(!t.was_asked(BLUE, LaunchPlanet));
    assert_eq!(t.state().encounter.defense, None);
    assert_eq!(t.state().encounter.planet, None);
}

// Phase 2: Destiny, with one other player's planet left, destiny still finds it.
#[test]
fn destiny_with_one_planet_left_to_attack_names_its_owner() {
    let mut t = Table::with_bots(3, 7);
    t.set_offense(BLUE);
    for (owner, keep) in [(GREEN, 6), (PURPLE, 3)] {
        for n in (1..=5).filter(|&n| n != keep) {
            t.game_mut()
                .destroy_planet(planet(owner, n), 0)
                .expect("destroying a planet outside an encounter goes through");
        }
    }
    t.play();

    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == PURPLE)));
    assert!(!t.outcomes().contains(&Outcome::Aborted), "{}", t.log());
}

// Phase 2: Destiny, If a Wild is Drawn: the offense may have an encounter with any other
// player, in that player's home system.
#[test]
fn destiny_wild_lets_the_offense_choose_the_defense() {
    let mut t = Table::with_bots(4, 8);
    t.set_offense(GREEN);
    t.destiny_on_top(&[DestinyKind::Wild]);
    t.script(GREEN, [step(WildDefense, "Red")]);
    t.play();

    assert_eq!(t.options(GREEN, WildDefense), ["Blue", "Purple", "Red"]);
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == RED)));
    assert_eq!(
        t.options(GREEN, LaunchPlanet),
        ["Red 1", "Red 2", "Red 3", "Red 4", "Red 5"]
    );
}

// Phase 2: Destiny, If a Special is Drawn: the card names the defense (most foreign
// colonies, fewest ships in the warp, most cards in hand).
#[test]
fn destiny_special_designates_the_defense() {
    // Most cards in hand: Purple holds ten, everyone else eight.
    let mut t = Table::with_bots(4, 9);
    t.set_offense(BLUE);
    let hand = t.hand(PURPLE);
    let mut names: Vec<String> = hand.iter().map(|&c| t.card_name(c)).collect();
    names.extend(["Attack 40".to_string(), "Attack 30".to_string()]);
    let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    t.set_hand(PURPLE, &names);
    t.destiny_on_top(&[DestinyKind::Special(SpecialDestiny::MostCardsInHand)]);
    t.play();
    assert!(!t.was_asked(BLUE, SpecialTie));
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == PURPLE)));

    // Most foreign colonies: Red has one, nobody else any.
    let mut t = Table::with_bots(4, 10);
    t.set_offense(BLUE);
    t.set_ships(RED, planet(RED, 1), 3);
    t.set_ships(RED, planet(GREEN, 4), 1);
    t.destiny_on_top(&[DestinyKind::Special(SpecialDestiny::MostForeignColonies)]);
    t.play();
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == RED)));

    // Fewest ships in the warp: everyone but Green has some there.
    let mut t = Table::with_bots(4, 11);
    t.set_offense(BLUE);
    for p in [BLUE, PURPLE, RED] {
        t.set_warp(p, 2);
    }
    t.destiny_on_top(&[DestinyKind::Special(SpecialDestiny::FewestShipsInWarp)]);
    t.script(BLUE, [step(RegroupColony, "Blue 1")]);
    t.play();
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
}

// Phase 2: Destiny, special cards: when several players tie for what the card designates,
// the offense chooses among them.
#[test]
fn destiny_special_tie_is_chosen_by_the_offense() {
    let mut t = Table::with_bots(4, 12);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 08"]);
    t.set_hand(
        GREEN,
        &[
            "Attack 04",
            "Attack 04",
            "Attack 04",
            "Attack 06",
            "Attack 06",
            "Attack 06",
        ],
    );
    t.set_hand(
        RED,
        &[
            "Attack 08",
            "Attack 08",
            "Attack 08",
            "Attack 10",
            "Attack 10",
            "Attack 10",
        ],
    );
    t.set_hand(PURPLE, &["Negotiate", "Negotiate"]);
    t.destiny_on_top(&[DestinyKind::Special(SpecialDestiny::MostCardsInHand)]);
    t.script(BLUE, [step(SpecialTie, "Red")]);
    t.play();

    assert_eq!(t.options(BLUE, SpecialTie), ["Green", "Red"]);
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == RED)));
}

// Color of Special Destiny Cards: a special is treated as the color of the player it
// designates, so one that designates the offense counts as drawing its own color.
#[test]
fn destiny_special_naming_the_offense_counts_as_own_color() {
    let mut t = Table::with_bots(3, 13);
    t.set_offense(BLUE);
    t.set_hand(
        BLUE,
        &[
            "Attack 20",
            "Attack 04",
            "Attack 04",
            "Attack 06",
            "Attack 06",
            "Attack 06",
            "Attack 08",
            "Attack 08",
            "Attack 08",
            "Attack 10",
        ],
    );
    t.set_ships(GREEN, planet(GREEN, 1), 3);
    t.set_ships(GREEN, planet(BLUE, 4), 1);
    t.destiny_on_top(&[DestinyKind::Special(SpecialDestiny::MostCardsInHand)]);
    t.script(BLUE, [step(OwnColor, "drive Green off Blue 4")]);
    t.play();

    assert_eq!(
        t.options(BLUE, OwnColor),
        ["drive Green off Blue 4", "draw again"]
    );
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
    assert!(
        t.happened(|k| matches!(k, EventKind::GateAimed { planet: p } if *p == planet(BLUE, 4)))
    );
}

// Depleting the Destiny Deck: with one card left the deck is not drawn from; the last card
// and the discard pile are shuffled into a new deck first.
#[test]
fn destiny_deck_with_one_card_left_is_reshuffled_before_drawing() {
    let mut t = Table::with_bots(5, 14);
    t.set_offense(BLUE);
    let total = t.state().destiny_cards.len();
    t.destiny_deck_down_to(1);
    t.play();
    let shuffled = t
        .index_of(|k| matches!(k, EventKind::DestinyShuffled { cards } if *cards as usize == total))
        .unwrap_or_else(|| panic!("no reshuffle of all {total} cards\n{}", t.log()));
    let drawn = t
        .index_of(|k| matches!(k, EventKind::DestinyDrawn { .. }))
        .unwrap();
    assert!(shuffled < drawn);

    // With two cards left the top card is simply drawn.
    let mut t = Table::with_bots(5, 15);
    t.set_offense(BLUE);
    t.destiny_on_top(&[destiny(Color::Yellow)]);
    t.destiny_deck_down_to(2);
    t.play();
    assert!(!t
        .encounter_events(1)
        .iter()
        .any(|e| matches!(e.kind, EventKind::DestinyShuffled { .. })));
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == YELLOW)));
}

// Phase 3: Launch: the offense aims the gate at a planet of the system destiny named and puts
// one to four of its ships on the gate, from any of its colonies.
#[test]
fn launch_puts_one_to_four_ships_from_any_colonies_on_the_gate() {
    let mut t = Table::with_bots(3, 16);
    t.set_offense(BLUE);
    t.set_ships(BLUE, planet(BLUE, 5), 3);
    t.set_ships(BLUE, planet(PURPLE, 3), 1);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 2"),
            step(LaunchShips, "Blue 1: 4, Blue 2: 1"),
            step(LaunchShips, "Blue 1: 0"),
            step(LaunchShips, "Blue 1: 2, Purple 3: 1, Blue 5: 1"),
        ],
    );
    t.play();

    assert_eq!(
        t.options(BLUE, LaunchPlanet),
        ["Green 1", "Green 2", "Green 3", "Green 4", "Green 5"]
    );
    let Request::Ships(r) = &t.asked_of(BLUE, LaunchShips)[0].request else {
        panic!("a ship request")
    };
    assert_eq!((r.min, r.max), (1, 4));
    let reasons: Vec<String> = t.refused().iter().map(|r| r.reason.clone()).collect();
    assert_eq!(
        reasons,
        [
            "choose between 1 and 4 ships, not 5",
            "choose between 1 and 4 ships, not 0"
        ]
    );
    let launched = |from| t.moved_by(BLUE, Place::Planet(from), Place::Gate, Some(Rule::Launch));
    assert_eq!(launched(planet(BLUE, 1)), 2);
    assert_eq!(launched(planet(PURPLE, 3)), 1);
    assert_eq!(launched(planet(BLUE, 5)), 1);
    assert!(
        t.happened(|k| matches!(k, EventKind::GateAimed { planet: p } if *p == planet(GREEN, 2)))
    );
}

// Stripping a Planet of Ships: as soon as a player removes the last of his ships from a
// planet he no longer has a colony there, and ships involved in the encounter cannot return
// to it.
#[test]
fn stripping_a_planet_loses_the_colony_and_ships_cannot_return_there() {
    let mut t = Table::new(3, 17);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(GREEN, &["Negotiate", "Card Zap"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    let deal = DealTerms {
        defense_gives: CardTransfer {
            random: 1,
            ..CardTransfer::default()
        },
        ..DealTerms::default()
    };
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
            exact(DealProposal, Answer::deal(Some(deal))),
            step(ReturnShips, "Blue 2: 4"),
        ],
    );
    t.script(
        GREEN,
        [step(DefenseInvites, "none"), step(DealResponse, "accept")],
    );
    t.play();

    let lost = t
        .index_of(
            |k| matches!(k, EventKind::ColonyLost { player, planet: p } if *player == BLUE && *p == planet(BLUE, 1)),
        )
        .expect("Blue 1 is lost when its last ship leaves");
    let launched = t
        .index_of(|k| {
            matches!(
                k,
                EventKind::ShipsMoved {
                    to: Place::Gate,
                    ..
                }
            )
        })
        .unwrap();
    assert_eq!(lost, launched + 1, "the colony is lost at once");
    assert_eq!(t.outcomes(), [Outcome::DealMade]);
    assert_eq!(
        t.places(BLUE, ReturnShips),
        ["Blue 2", "Blue 3", "Blue 4", "Blue 5"]
    );
    assert_eq!(t.ships(BLUE, planet(BLUE, 1)), 0);
    assert_eq!(t.ships(BLUE, planet(BLUE, 2)), 8);
    assert_eq!(t.hand_names(BLUE), ["Card Zap"]);
}

/// Blue attacks Red 1 at a five-player table. Blue invites Green and Yellow; Red invites
/// Purple and Yellow. Green joins the offense with 2 ships (after trying 5), Purple the
/// defense with 3, Yellow neither. Attack 08 + 6 ships against Attack 10 + 7 ships.
fn five_player_alliance() -> Table {
    let mut t = Table::new(5, 18);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 08"]);
    t.set_hand(RED, &["Attack 10"]);
    t.set_hand(GREEN, &["Attack 04"]);
    t.set_hand(PURPLE, &["Attack 04"]);
    t.set_hand(YELLOW, &["Attack 04"]);
    t.destiny_on_top(&[destiny(Color::Red)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Red 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "Green, Yellow"),
        ],
    );
    t.script(RED, [step(DefenseInvites, "Purple, Yellow")]);
    t.script(
        GREEN,
        [
            step(JoinAlliance, "offense"),
            step(AllyShips, "Green 1: 4, Green 2: 1"),
            step(AllyShips, "Green 1: 2"),
        ],
    );
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "defense"),
            step(AllyShips, "Purple 1: 3"),
            step(ReturnShips, "Purple 1: 3"),
        ],
    );
    t.script(YELLOW, [step(JoinAlliance, "neither")]);
    t.play();
    t
}

// Phase 4: Alliance: the offense invites (never the defense), then the defense invites (never
// the offense, possibly players the offense invited); then, starting to the left of the
// offense and going clockwise, each invited player accepts one invitation or declines.
#[test]
fn alliance_invitations_are_answered_clockwise_from_the_offense_left() {
    let t = five_player_alliance();
    assert_eq!(
        t.options(BLUE, OffenseInvites),
        ["Green", "Purple", "Yellow"]
    );
    assert_eq!(
        t.options(RED, DefenseInvites),
        ["Green", "Purple", "Yellow"]
    );
    let order: Vec<_> = t
        .asked()
        .into_iter()
        .filter(|a| matches!(a.kind, OffenseInvites | DefenseInvites | JoinAlliance))
        .map(|a| (a.player, a.kind))
        .collect();
    assert_eq!(
        order,
        [
            (BLUE, OffenseInvites),
            (RED, DefenseInvites),
            (GREEN, JoinAlliance),
            (PURPLE, JoinAlliance),
            (YELLOW, JoinAlliance)
        ]
    );
    assert_eq!(t.options(GREEN, JoinAlliance), ["offense", "neither"]);
    assert_eq!(t.options(PURPLE, JoinAlliance), ["defense", "neither"]);
    assert_eq!(
        t.options(YELLOW, JoinAlliance),
        ["offense", "defense", "neither"]
    );
    // Each ally commits its ships before the next player answers.
    let green_ships = t
        .index_of(|k| matches!(k, EventKind::ShipsMoved { player, .. } if *player == GREEN))
        .unwrap();
    let purple_joins = t
        .index_of(|k| matches!(k, EventKind::AllianceJoined { player, .. } if *player == PURPLE))
        .unwrap();
    assert!(green_ships < purple_joins);
    assert!(
        t.happened(|k| matches!(k, EventKind::AllianceDeclined { player } if *player == YELLOW))
    );
}

// Phase 4: Alliance: an offensive ally puts one to four ships on the gate, a defensive ally
// one to four ships next to the targeted planet, from any of its colonies; they count toward
// their side's total.
#[test]
fn allies_commit_one_to_four_ships_to_the_gate_or_beside_the_planet() {
    let t = five_player_alliance();
    let Request::Ships(r) = &t.asked_of(GREEN, AllyShips)[0].request else {
        panic!("a ship request")
    };
    assert_eq!((r.min, r.max), (1, 4));
    assert_eq!(t.refused().len(), 1);
    assert_eq!(t.refused()[0].player, GREEN);
    assert_eq!(
        t.moved_by(
            GREEN,
            Place::Planet(planet(GREEN, 1)),
            Place::Gate,
            Some(Rule::Alliance)
        ),
        2
    );
    assert_eq!(
        t.moved_by(
            PURPLE,
            Place::Planet(planet(PURPLE, 1)),
            Place::Beside,
            Some(Rule::Alliance)
        ),
        3
    );
    assert_eq!(t.totals(), [(8 + 4 + 2, 10 + 4 + 3)]);
    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert_eq!(
        t.warp(GREEN),
        2,
        "offensive allies share the offense's loss"
    );
}

/// Takes every encounter card from the offense once alliances are formed, as an alien power
/// or another game effect could.
struct OffenseLosesEncounterCards;

impl Hooks for OffenseLosesEncounterCards {
    fn at(&self, window: Window, game: &mut Game<'_>) -> Flow {
        if window == Window::AlliancesFormed {
            let o = game.state().offense;
            let cards: Vec<CardId> = game.state().players[o.ix()]
                .hand
                .iter()
                .copied()
                .filter(|&c| game.state().kind(c).is_encounter())
                .collect();
            for c in cards {
                game.discard_card(o, c, Rule::OffenseOutOfCards);
            }
        }
        Ok(())
    }
}

static OFFENSE_LOSES_ENCOUNTER_CARDS: OffenseLosesEncounterCards = OffenseLosesEncounterCards;

// Phase 5: Planning, Offense has no Encounter Cards (and Drawing New Cards 3): the turn ends
// at once; the offense returns its ships from the gate to its colonies and allies return
// all their committed ships as well.
#[test]
fn planning_offense_without_encounter_card_ends_its_turn_and_ships_go_home() {
    let mut t = Table::setup(TableSetup {
        hooks: &OFFENSE_LOSES_ENCOUNTER_CARDS,
        ..TableSetup::new(4, 19)
    });
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 08", "Negotiate", "Card Zap"]);
    t.set_hand(GREEN, &["Attack 10"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 3"),
            step(OffenseInvites, "Purple"),
            step(ReturnShips, "Blue 2: 3"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "Red")]);
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "offense"),
            step(AllyShips, "Purple 1: 2"),
            step(ReturnShips, "Purple 2: 2"),
        ],
    );
    t.script(
        RED,
        [
            step(JoinAlliance, "defense"),
            step(AllyShips, "Red 1: 1"),
            step(ReturnShips, "Red 2: 1"),
        ],
    );
    t.play();

    assert_eq!(t.outcomes(), [Outcome::Aborted]);
    assert!(!t.was_asked(GREEN, EncounterCard));
    assert!(!t.happened(|k| matches!(k, EventKind::CardSelected { .. })));
    assert!(!t.happened(|k| matches!(k, EventKind::CardsRevealed { .. })));
    for p in [BLUE, GREEN, PURPLE, RED] {
        assert_eq!(t.warp(p), 0, "{} lost no ship", t.color(p));
        assert_eq!(t.state().encounter.gate[p.ix()], 0);
        assert_eq!(t.state().encounter.beside[p.ix()], 0);
    }
    assert_eq!(t.ships(BLUE, planet(BLUE, 2)), 7);
    assert_eq!(t.ships(PURPLE, planet(PURPLE, 2)), 6);
    assert_eq!(t.ships(RED, planet(RED, 2)), 5);
    assert_eq!(t.ships(GREEN, planet(GREEN, 1)), 4);
    assert_eq!(
        t.count(|k| matches!(k, EventKind::EncounterStarted { .. })),
        1
    );
    assert!(matches!(
        t.kinds().last(),
        Some(EventKind::TurnEnded { offense }) if *offense == BLUE
    ));
}

// Phase 5: Planning, Defense has no Encounter Cards (and Drawing New Cards 4): the defense
// discards its hand and draws eight new cards, repeating until it holds an encounter card.
#[test]
fn planning_defense_without_encounter_card_draws_new_hands_until_it_has_one() {
    let mut t = Table::new(3, 20);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 08"]);
    t.set_hand(GREEN, &["Card Zap", "Quash"]);
    let second = [
        "Attack 06",
        "Negotiate",
        "Attack 04",
        "Attack 09",
        "Attack 05",
        "Attack 07",
        "Attack 11",
        "Attack 13",
    ];
    let mut top: Vec<&str> = NOTHING_TO_PLAY.to_vec();
    top.extend(second);
    t.deck_on_top(&top);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DefenseInvites, "none"),
            step(EncounterCard, "Attack 06"),
        ],
    );
    t.play();

    assert_eq!(count_discarded(&t, GREEN, Rule::DefenseNewHand), 2 + 8);
    assert_eq!(names_drawn(&t, GREEN, Rule::DefenseNewHand), top);
    let chosen = &t.asked_of(GREEN, EncounterCard)[0];
    assert_eq!(chosen.options.len(), 8);
    assert_eq!(chosen.state.players[GREEN.ix()].hand.len(), 8);
    assert_eq!(t.totals(), [(8 + 4, 6 + 4)]);
}

/// Three players, Blue the offense, every planet of Green's home system destroyed by card text
/// (its ships in the warp, its power lost with its home colonies).
fn blue_against_green_without_planets() -> Table {
    let mut t = Table::with_bots(3, 7);
    t.set_offense(BLUE);
    for n in 1..=5 {
        t.set_ships(GREEN, planet(GREEN, n), 0);
    }
    t.set_warp(GREEN, 20);
    let s = t.game_mut().state_mut();
    s.planets.retain(|pl| pl.id.owner != GREEN);
    s.players[GREEN.ix()].power_active = false;
    t
}

// Phase 2: Destiny, when card text has destroyed every planet of the home system a destiny
// card names: nothing can be attacked there, so the card is discarded and another drawn (our
// reading: the rules never leave a system without planets; docs/rulings.md).
#[test]
fn destiny_naming_a_home_system_without_planets_draws_again() {
    let mut t = blue_against_green_without_planets();
    t.destiny_on_top(&[destiny(Color::Green), destiny(Color::Purple)]);
    t.play();
    assert!(t.happened(|k| matches!(k, EventKind::DestinyDiscarded { .. })));
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == PURPLE)));
    assert!(!t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
}

// The same reading when card text fixed the defense (an encounter granted against a player's
// home system): with no planet left there, the defense is drawn from destiny instead.
#[test]
fn a_fixed_defense_without_planets_is_drawn_from_destiny_instead() {
    let mut t = blue_against_green_without_planets();
    t.game_mut().state_mut().fixed_defense = Some(GREEN);
    t.destiny_on_top(&[destiny(Color::Purple)]);
    t.play();
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == PURPLE)));
    assert!(!t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == GREEN)));
}
