//! Looking at the top of the cosmic deck (`Game::look_at_top`, card text's `look at the top
//! card of the deck`): what the looker and the others see, and a deck too short or empty.
//! The rulings under `tests/rulings-own-cards/scryer-*` play it through card text.

use cosmic_engine::event::EventKind;
use cosmic_engine::piles::Back;
use cosmic_engine::PlayerId;
use cosmic_tests::Table;

const BLUE: PlayerId = PlayerId(0);
const GREEN: PlayerId = PlayerId(1);

#[test]
fn the_looker_sees_the_top_cards_and_the_others_do_not() {
    let mut t = Table::new(3, 1);
    t.deck_on_top(&["Attack 15", "Morph"]);
    let before = t.state().piles.cosmic.draw.clone();
    let cards = t.game_mut().look_at_top(BLUE, Back::Cosmic, 2, 0);
    assert_eq!(
        cards.iter().map(|&c| t.card_name(c)).collect::<Vec<_>>(),
        ["Attack 15", "Morph"],
        "top first"
    );
    assert_eq!(
        t.state().piles.cosmic.draw,
        before,
        "the deck is left as it was"
    );
    let scene = t.game().scene();
    for &c in &cards {
        assert!(
            scene.view(BLUE).can_see(c),
            "the looker sees what it looked at"
        );
        assert!(!scene.view(GREEN).can_see(c), "another seat never sees it");
    }
    let e = t.game().events().last().expect("the look is an event");
    let names = t.game().names();
    assert_eq!(
        names.event_for(e, Some(BLUE)).as_deref(),
        Some("Blue looks at the top 2 cards of the deck: Attack 15, Morph")
    );
    assert_eq!(
        names.event_for(e, Some(GREEN)).as_deref(),
        Some("Blue looks at the top 2 cards of the deck")
    );
    let json = names.json_for(e, Some(GREEN)).expect("green hears of it");
    assert!(
        !json.contains("\"cards\"") && json.contains("\"count\":2"),
        "{json}"
    );
}

#[test]
fn a_short_deck_has_the_discard_pile_shuffled_in_under_it_as_a_draw_would() {
    let mut t = Table::new(3, 2);
    t.deck_on_top(&["Attack 15"]);
    t.deck_down_to(1);
    let discarded = t.state().piles.cosmic.discard.len();
    assert!(discarded > 2);
    let cards = t.game_mut().look_at_top(BLUE, Back::Cosmic, 3, 0);
    assert_eq!(cards.len(), 3);
    assert_eq!(
        t.card_name(cards[0]),
        "Attack 15",
        "the deck's own card stays on top"
    );
    assert!(t.state().piles.cosmic.discard.is_empty());
    assert!(t
        .game()
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::DeckShuffled { .. })));
    // The cards looked at are the ones a draw of three takes.
    let hand = t.state().players[BLUE.ix()].hand.len();
    t.game_mut()
        .draw_n(BLUE, 3, cosmic_engine::event::Rule::CardText)
        .expect("a draw");
    assert_eq!(t.state().players[BLUE.ix()].hand[hand..], cards[..]);
}

#[test]
fn an_empty_deck_and_discard_pile_show_nothing_and_cause_no_quake() {
    let mut t = Table::new(3, 3);
    t.deck_and_discard_into_hand(GREEN);
    let events = t.game().events().len();
    let cards = t.game_mut().look_at_top(BLUE, Back::Cosmic, 1, 0);
    assert!(cards.is_empty());
    assert_eq!(
        t.game().events().len(),
        events,
        "no look, no reshuffle, no cosmic quake"
    );
}
