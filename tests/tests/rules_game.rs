//! Rule tests: the turn and the game (Combined Rules v8.3: second encounters, losing alien
//! powers, the cosmic quake, winning) and the decision API's refusals.

use cosmic_engine::decision::Choice;
use cosmic_engine::event::Rule;
use cosmic_engine::DecisionKind::*;
use cosmic_engine::{
    Answer, CardId, Color, DestinyKind, EventKind, GameError, Outcome, Place, Request, Stop,
};
use cosmic_tests::*;

fn destiny(c: Color) -> DestinyKind {
    DestinyKind::Color(c)
}

// Start Turn Phase: a turn is one or two encounters; the second only if the offense won the
// first (or made a deal). After Resolving the Encounter: a success on the first encounter
// lets the offense choose a second one; there is never a third.
#[test]
fn second_encounter_is_offered_after_a_success_and_never_a_third() {
    let mut t = Table::new(3, 60);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 20", "Attack 15", "Attack 14"]);
    t.set_hand(GREEN, &["Attack 04"]);
    t.set_hand(PURPLE, &["Attack 04"]);
    t.destiny_on_top(&[destiny(Color::Green), destiny(Color::Purple)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
            step(EncounterCard, "Attack 20"),
            step(SecondEncounter, "yes"),
            step(LaunchPlanet, "Purple 1"),
            step(LaunchShips, "Blue 2: 4"),
            step(OffenseInvites, "none"),
            step(EncounterCard, "Attack 15"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
    t.script(PURPLE, [step(DefenseInvites, "none")]);
    t.play();

    assert_eq!(t.outcomes(), [Outcome::OffenseWins, Outcome::OffenseWins]);
    assert_eq!(t.asked_of(BLUE, SecondEncounter).len(), 1);
    assert_eq!(
        t.hand_names(BLUE),
        ["Attack 14"],
        "an encounter card is left"
    );
    assert_eq!(t.track(BLUE), 2);
    assert_eq!(
        t.count(|k| matches!(k, EventKind::EncounterStarted { .. })),
        2
    );
}

// After Resolving the Encounter: "If the defense won (or a deal failed), the offense may not
// have a second encounter; play passes clockwise."
#[test]
fn no_second_encounter_after_a_failure() {
    let mut t = Table::new(3, 61);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 04", "Attack 20"]);
    t.set_hand(GREEN, &["Attack 20"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 1"),
            step(OffenseInvites, "none"),
            step(EncounterCard, "Attack 04"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
    t.play();

    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert!(!t.was_asked(BLUE, SecondEncounter));
    assert_eq!(
        t.count(|k| matches!(k, EventKind::EncounterStarted { .. })),
        1
    );
}

// Drawing New Cards 2: "After a successful first encounter, if the offense has no encounter
// cards, they cannot have a second encounter that turn."
#[test]
fn no_second_encounter_without_an_encounter_card_in_hand() {
    let mut t = Table::new(3, 62);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 20", "Card Zap", "Reinforcement +2"]);
    t.set_hand(GREEN, &["Attack 04"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
            step(Reinforcement, "pass"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
    t.play();

    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert!(!t.was_asked(BLUE, SecondEncounter));
    assert_eq!(
        t.count(|k| matches!(k, EventKind::EncounterStarted { .. })),
        1
    );
    assert!(matches!(
        t.kinds().last(),
        Some(EventKind::TurnEnded { .. })
    ));
}

// Losing Alien Powers: with fewer than three home colonies a player loses its alien power at
// once; with three or more again it regains it at once (here by re-establishing a home
// colony after drawing its own color).
#[test]
fn alien_power_is_lost_below_three_home_colonies_and_regained() {
    let mut t = Table::new(3, 63);
    t.set_ships(BLUE, planet(BLUE, 4), 0);
    t.set_ships(BLUE, planet(BLUE, 5), 0);
    assert!(t.power(BLUE), "three home colonies keep the power");

    // Green takes Blue 3: Blue is down to two home colonies.
    t.set_offense(GREEN);
    t.set_hand(GREEN, &["Attack 20"]);
    t.set_hand(BLUE, &["Attack 04", "Attack 08"]);
    t.destiny_on_top(&[destiny(Color::Blue)]);
    t.script(
        GREEN,
        [
            step(LaunchPlanet, "Blue 3"),
            step(LaunchShips, "Green 1: 4"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(
        BLUE,
        [
            step(DefenseInvites, "none"),
            step(EncounterCard, "Attack 04"),
        ],
    );
    t.play();
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.state().home_colonies(BLUE), 2);
    assert!(!t.power(BLUE));
    let lost = t
        .index_of(|k| matches!(k, EventKind::PowerLost { player } if *player == BLUE))
        .expect("Blue loses its power");
    let stripped = t
        .index_of(|k| matches!(k, EventKind::ColonyLost { player, .. } if *player == BLUE))
        .unwrap();
    assert!(stripped < lost);

    // Blue draws its own color and re-establishes Blue 4: three home colonies again.
    t.set_offense(BLUE);
    t.destiny_on_top(&[destiny(Color::Blue)]);
    t.script(
        BLUE,
        [
            step(RegroupColony, "Blue 1"),
            step(OwnColor, "re-establish Blue 4"),
            step(ReestablishShips, "Blue 1: 2, Blue 2: 2"),
            step(SecondEncounter, "no"),
        ],
    );
    t.play();
    assert_eq!(
        t.options(BLUE, OwnColor),
        [
            "drive Green off Blue 3",
            "re-establish Blue 4",
            "re-establish Blue 5",
            "draw again"
        ]
    );
    assert_eq!(t.state().home_colonies(BLUE), 3);
    assert!(t.power(BLUE));
    assert!(t.happened(|k| matches!(k, EventKind::PowerRegained { player } if *player == BLUE)));
}

// Drawing New Cards, when no encounter card is left to draw even after a cosmic quake (card
// text removed the others from the game): the encounter ends with no outcome, and the turn with
// it, as for an offense out of encounter cards (our reading: the rules do not cover it). A soak
// game stopped with an error here before.
#[test]
fn no_encounter_card_left_even_after_a_cosmic_quake_ends_the_turn() {
    let mut t = Table::with_bots(3, 65);
    t.set_offense(BLUE);
    // Every encounter card becomes an artifact: none is held, none can be drawn.
    let encounter: Vec<CardId> = (0..t.state().cards.len() as u16)
        .map(CardId)
        .filter(|&c| t.state().kind(c).is_encounter())
        .collect();
    for c in encounter {
        t.reprint(c, "Mobius Tubes");
    }
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.play();

    let quake = t
        .index_of(|k| matches!(k, EventKind::NoEncounterCardToDraw { player } if *player == BLUE))
        .expect("the deck counts as empty and quakes");
    let ended = t
        .events()
        .iter()
        .position(|e| matches!(e.kind, EventKind::EncounterResolved { .. }))
        .expect("the encounter is resolved");
    assert!(quake < ended, "{}", t.log());
    assert_eq!(
        Table::rule_of(&t.events()[ended]),
        Rule::NoEncounterCardLeft
    );
    assert_eq!(t.outcomes(), [Outcome::Aborted], "{}", t.log());
    assert!(!t.happened(|k| matches!(k, EventKind::DestinyDrawn { .. })));
}

// Cosmic Quake: when a card must be drawn and both the deck and the discard pile are empty,
// all players discard their hands, the discard pile is shuffled into a new deck and every
// player is dealt eight cards.
#[test]
fn cosmic_quake_when_deck_and_discard_are_both_empty() {
    let mut t = Table::new(3, 64);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 04"]);
    t.set_hand(GREEN, &["Attack 20"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.deck_and_discard_into_hand(PURPLE);
    assert_eq!(t.hand(PURPLE).len(), 70);
    assert!(t.state().piles.cosmic.draw.is_empty() && t.state().piles.cosmic.discard.is_empty());
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 1"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "Purple")]);
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "defense"),
            step(AllyShips, "Purple 1: 1"),
            step(Reinforcement, "pass"),
            step(ReturnShips, "Purple 1: 1"),
        ],
    );
    t.play();

    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    // Purple's reward card cannot be drawn: the quake happens instead.
    assert_eq!(t.count(|k| matches!(k, EventKind::CosmicQuake)), 1);
    let quake = t.index_of(|k| matches!(k, EventKind::CosmicQuake)).unwrap();
    let reward = t
        .index_of(|k| matches!(k, EventKind::RewardsTaken { .. }))
        .unwrap();
    assert!(reward < quake);
    for p in [BLUE, GREEN, PURPLE] {
        assert_eq!(t.hand(p).len(), 8, "{} is dealt eight cards", t.color(p));
    }
    // 70 cards were in hands; the two encounter cards were on the table.
    assert_eq!(t.state().piles.cosmic.draw.len(), 70 - 24);
    assert_eq!(t.state().piles.cosmic.discard.len(), 2);
}

// The Colony Track / Winning the Game: a player who establishes a fifth foreign colony wins
// immediately.
#[test]
fn fifth_foreign_colony_wins_immediately() {
    let mut t = Table::new(3, 65);
    t.set_offense(BLUE);
    t.set_ships(BLUE, planet(BLUE, 5), 0);
    for pl in [
        planet(GREEN, 2),
        planet(GREEN, 3),
        planet(PURPLE, 1),
        planet(PURPLE, 2),
    ] {
        t.set_ships(BLUE, pl, 1);
    }
    assert_eq!(t.track(BLUE), 4);
    t.set_hand(BLUE, &["Attack 20", "Attack 10"]);
    t.set_hand(GREEN, &["Attack 04"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
            step(EncounterCard, "Attack 20"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
    t.play_to_win();

    assert_eq!(t.track(BLUE), 5);
    assert_eq!(t.state().winners, [BLUE]);
    assert!(matches!(
        t.kinds().last(),
        Some(EventKind::GameWon { winners }) if *winners == [BLUE]
    ));
    assert!(!t.was_asked(BLUE, SecondEncounter));
}

// Shared Wins: if two or more players establish their fifth foreign colony at the same time
// (the offense and an offensive ally landing together), they all win.
#[test]
fn two_players_reaching_five_colonies_at_once_share_the_win() {
    let mut t = Table::new(3, 66);
    t.set_offense(BLUE);
    t.set_ships(BLUE, planet(BLUE, 5), 0);
    for pl in [
        planet(GREEN, 1),
        planet(GREEN, 2),
        planet(PURPLE, 2),
        planet(PURPLE, 3),
    ] {
        t.set_ships(BLUE, pl, 1);
    }
    t.set_ships(GREEN, planet(GREEN, 5), 0);
    for pl in [
        planet(BLUE, 1),
        planet(BLUE, 2),
        planet(PURPLE, 4),
        planet(PURPLE, 5),
    ] {
        t.set_ships(GREEN, pl, 1);
    }
    assert_eq!((t.track(BLUE), t.track(GREEN)), (4, 4));
    t.set_hand(BLUE, &["Attack 20"]);
    t.set_hand(GREEN, &["Negotiate"]);
    t.set_hand(PURPLE, &["Attack 04"]);
    t.destiny_on_top(&[destiny(Color::Purple)]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Purple 1"),
            step(LaunchShips, "Blue 3: 4"),
            step(OffenseInvites, "Green"),
        ],
    );
    t.script(PURPLE, [step(DefenseInvites, "none")]);
    t.script(
        GREEN,
        [step(JoinAlliance, "offense"), step(AllyShips, "Green 2: 1")],
    );
    t.play_to_win();

    assert_eq!((t.track(BLUE), t.track(GREEN)), (5, 5));
    assert_eq!(t.state().winners, [BLUE, GREEN]);
    assert_eq!(
        t.count(|k| matches!(k, EventKind::GameWon { .. })),
        1,
        "one shared win"
    );
}

// Decision API: an answer that is not among the legal options is refused with a clear
// message; the refusal changes nothing and the player is asked again.
#[test]
fn illegal_answer_is_refused_with_a_message_and_changes_nothing() {
    let mut t = Table::with_bots(3, 67);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Wild]);
    t.script(
        BLUE,
        [
            exact(WildDefense, Answer::Pick(99)),
            exact(WildDefense, Answer::Ships(vec![1])),
            step(WildDefense, "Purple"),
        ],
    );
    t.play();

    let refused = t.refused();
    let reasons: Vec<&str> = refused.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "option 99 does not exist: pick 0 to 1",
            "that answer has the wrong shape for this request"
        ]
    );
    let asks = t.asked_of(BLUE, WildDefense);
    assert_eq!(asks.len(), 3);
    assert!(asks.iter().all(|a| a.state == asks[0].state));
    assert!(refused.iter().all(|r| r.state == asks[0].state));
    assert!(t.happened(|k| matches!(k, EventKind::DefenseNamed { defense } if *defense == PURPLE)));
}

// Decision API, called directly: after too many illegal answers the engine gives up with an
// error naming the player, the decision and the reason, and the state is as it was.
#[test]
fn repeated_illegal_answers_end_with_a_clear_error_and_no_change() {
    let mut t = Table::new(3, 68);
    t.script(
        BLUE,
        (0..5).map(|_| exact(SecondEncounter, Answer::Pick(99))),
    );
    let before = t.state().clone();
    let events = t.game().events().len();
    let result = t.game_mut().ask(
        BLUE,
        SecondEncounter,
        Request::Pick(vec![Choice::Yes, Choice::No]),
    );
    let Err(Stop::Error(e)) = result else {
        panic!("expected the answers to be given up on, got {result:?}")
    };
    assert!(matches!(*e, GameError::IllegalAnswers { .. }));
    assert_eq!(
        e.to_string(),
        "Blue gave illegal answers to the second-encounter decision: option 99 does not exist: pick 0 to 1"
    );
    assert!(*t.state() == before, "the state did not change");
    assert_eq!(t.game().events().len(), events, "no event was recorded");

    // A legal answer after a refusal is taken.
    t.script(
        BLUE,
        [
            exact(SecondEncounter, Answer::Pick(2)),
            step(SecondEncounter, "no"),
        ],
    );
    let answer = t.game_mut().ask(
        BLUE,
        SecondEncounter,
        Request::Pick(vec![Choice::Yes, Choice::No]),
    );
    assert_eq!(answer, Ok(Answer::Pick(1)));
    assert!(*t.state() == before);
    t.assert_scripts_used();
}

// Stripping a Planet of Ships: "If a player must relocate ships but has no colonies anywhere
// on the board, those ships go to the warp."
#[test]
fn ships_with_no_colony_to_return_to_go_to_the_warp() {
    let mut t = Table::new(3, 69);
    t.set_offense(BLUE);
    for n in 1..=4 {
        t.set_ships(BLUE, planet(BLUE, n), 0);
    }
    // Regroup brings Blue 5 back to four ships, and all four are launched.
    t.set_ships(BLUE, planet(BLUE, 5), 3);
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(GREEN, &["Negotiate", "Quash"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    let deal = cosmic_engine::deal::DealTerms {
        defense_gives: cosmic_engine::deal::CardTransfer {
            random: 1,
            ..Default::default()
        },
        ..Default::default()
    };
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 5: 4"),
            step(OffenseInvites, "none"),
            exact(DealProposal, Answer::deal(Some(deal))),
        ],
    );
    t.script(
        GREEN,
        [step(DefenseInvites, "none"), step(DealResponse, "accept")],
    );
    t.play();

    assert_eq!(t.outcomes(), [Outcome::DealMade]);
    assert!(!t.state().has_colony(BLUE));
    assert_eq!(t.moved(BLUE, Place::Gate, Place::Warp), 4);
    assert_eq!(t.warp(BLUE), 20);
}

// Shared Wins: colonies granted by a deal are established together, so both main players
// reaching their fifth foreign colony through one deal share the win.
#[test]
fn a_deal_giving_both_players_their_fifth_colony_is_a_shared_win() {
    let mut t = Table::new(3, 70);
    t.set_offense(BLUE);
    t.set_ships(BLUE, planet(BLUE, 5), 0);
    for n in 1..=4 {
        t.set_ships(BLUE, planet(PURPLE, n), 1);
    }
    t.set_ships(GREEN, planet(GREEN, 5), 0);
    for pl in [
        planet(BLUE, 1),
        planet(BLUE, 2),
        planet(BLUE, 3),
        planet(PURPLE, 5),
    ] {
        t.set_ships(GREEN, pl, 1);
    }
    assert_eq!((t.track(BLUE), t.track(GREEN)), (4, 4));
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(GREEN, &["Negotiate"]);
    t.destiny_on_top(&[destiny(Color::Green)]);
    let terms = cosmic_engine::deal::DealTerms {
        offense_colony: Some(planet(GREEN, 1)),
        defense_colony: Some(planet(BLUE, 4)),
        ..Default::default()
    };
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 2"),
            step(LaunchShips, "Blue 1: 2"),
            step(OffenseInvites, "none"),
            exact(DealProposal, Answer::deal(Some(terms))),
            step(DealColonyShips, "the gate: 1"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DefenseInvites, "none"),
            step(DealResponse, "accept"),
            step(DealColonyShips, "Green 2: 1"),
        ],
    );
    t.play_to_win();

    assert!(t.happened(|k| matches!(k, EventKind::DealMade { .. })));
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 1);
    assert_eq!(t.ships(GREEN, planet(BLUE, 4)), 1);
    assert_eq!(t.state().winners, [BLUE, GREEN]);
}

// Drawing from the cosmic deck: when the deck runs out while cards are still to be drawn,
// the discard pile is shuffled into a new deck (only with both empty is there a quake).
#[test]
fn an_empty_deck_is_refilled_from_the_shuffled_discard_pile() {
    let mut t = Table::with_bots(3, 71);
    t.set_offense(BLUE);
    t.set_hand(BLUE, &["Attack 08"]);
    t.set_hand(GREEN, &["Card Zap"]);
    t.deck_on_top(&["Quash", "Plague", "Ionic Gas"]);
    t.deck_down_to(3);
    let discards = t.state().piles.cosmic.discard.len();
    t.destiny_on_top(&[destiny(Color::Green)]);
    t.play();

    let drawn_before = t
        .events()
        .iter()
        .take_while(|e| !matches!(e.kind, EventKind::DeckShuffled { .. }))
        .filter(|e| matches!(e.kind, EventKind::CardDrawn { player, .. } if player == GREEN))
        .count();
    assert_eq!(drawn_before, 3, "the three cards left are drawn first");
    assert!(
        t.happened(
            |k| matches!(k, EventKind::DeckShuffled { cards, .. } if *cards as usize == discards + 1)
        ),
        "the discard pile (with Green's old hand) becomes the deck\n{}",
        t.log()
    );
    assert!(!t.happened(|k| matches!(k, EventKind::CosmicQuake)));
}
