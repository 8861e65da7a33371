//! Rule tests: reveal and resolution (Combined Rules v8.3, "Phase 6: Reveal", "Phase 7:
//! Resolution", "Compensation", deals).

use cosmic_engine::deal::{CardTransfer, DealTerms};
use cosmic_engine::event::Rule;
use cosmic_engine::DecisionKind::*;
use cosmic_engine::{
    Answer, CardKind, CardType, Color, DestinyKind, EventKind, Outcome, Place, PlayerId, Request,
    Side,
};
use cosmic_tests::*;

/// A three-player table where Blue, the offense, will encounter Green (destiny on top).
fn blue_against_green(seed: u64) -> Table {
    let mut t = Table::new(3, seed);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
    t
}

/// Blue aims at Green 1 with `launch`, and neither main player invites allies.
fn no_allies(t: &mut Table, launch: &str) {
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, launch),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
}

fn compensation(t: &Table) -> Vec<(PlayerId, PlayerId, u8)> {
    t.events()
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::CompensationTaken {
                player,
                from,
                cards,
            } => Some((player, from, cards)),
            _ => None,
        })
        .collect()
}

// Phase 6: Reveal, If Both Players Reveal Attack Cards: each side adds its card's value to its
// ships in the encounter; the higher total wins. Phase 7, If the Offense Won: the ships on the
// gate land on the planet (colony marker advanced), the defense's ships go to the warp.
#[test]
fn attack_vs_attack_higher_total_wins() {
    let mut t = blue_against_green(30);
    t.set_hand(BLUE, &["Attack 07"]);
    t.set_hand(GREEN, &["Attack 06"]);
    no_allies(&mut t, "Blue 1: 4");
    t.play();

    assert_eq!(t.totals(), [(7 + 4, 6 + 4)]);
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 4);
    assert_eq!(t.track(BLUE), 1);
    assert_eq!(t.ships(GREEN, planet(GREEN, 1)), 0);
    assert_eq!(t.warp(GREEN), 4);
}

// Phase 6: Reveal: "The player with the higher total wins (ties go to the defense)."
// Phase 7, If the Defense Won: all the ships on the gate go to the warp.
#[test]
fn attack_vs_attack_tie_goes_to_the_defense() {
    let mut t = blue_against_green(31);
    t.set_hand(BLUE, &["Attack 06"]);
    t.set_hand(GREEN, &["Attack 06"]);
    no_allies(&mut t, "Blue 1: 4");
    t.play();

    assert_eq!(t.totals(), [(10, 10)]);
    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert_eq!(t.warp(BLUE), 4);
    assert_eq!(t.ships(GREEN, planet(GREEN, 1)), 4);
    assert_eq!(t.track(BLUE), 0);
}

// Phase 6: Reveal, Reinforcement Cards: main players and allies may play reinforcements on
// either side, in response to each other, until all pass; then the new totals decide.
#[test]
fn reinforcements_played_back_and_forth_change_the_winner() {
    let mut t = blue_against_green(32);
    t.set_hand(BLUE, &["Attack 08", "Reinforcement +2"]);
    t.set_hand(
        GREEN,
        &["Attack 06", "Reinforcement +3", "Reinforcement +5"],
    );
    no_allies(&mut t, "Blue 1: 4");
    t.script(
        BLUE,
        [
            step(Reinforcement, "pass"),
            step(Reinforcement, "Reinforcement +2 for the offense"),
        ],
    );
    t.script(
        GREEN,
        [
            step(Reinforcement, "Reinforcement +3 for the defense"),
            step(Reinforcement, "Reinforcement +5 for the defense"),
        ],
    );
    t.play();

    // 12 v 10, then 12 v 13, 14 v 13, 14 v 18.
    let played: Vec<(PlayerId, i16, Side)> = t
        .events()
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::ReinforcementPlayed { player, card, side } => {
                let CardKind::Reinforcement(v) = t.state().kind(card) else {
                    panic!("not a reinforcement")
                };
                Some((player, v, side))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        played,
        [
            (GREEN, 3, Side::Defense),
            (BLUE, 2, Side::Offense),
            (GREEN, 5, Side::Defense)
        ]
    );
    assert_eq!(t.totals(), [(8 + 4 + 2, 6 + 4 + 3 + 5)]);
    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    for name in ["Reinforcement +2", "Reinforcement +3", "Reinforcement +5"] {
        let c = t.cards_named(name);
        assert!(
            t.state().piles.cosmic.discard.iter().any(|d| c.contains(d)),
            "{name} is discarded after the encounter"
        );
    }
}

// If One Player Reveals an Attack Card and the Other Reveals a Negotiate Card: the negotiator
// loses, then (Compensation) takes one card at random from the opponent's hand for each of
// his own ships lost to the warp, not counting his allies' ships.
#[test]
fn attack_vs_negotiate_negotiator_loses_and_takes_compensation_per_own_ship() {
    let mut t = Table::new(4, 33);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
    t.set_ships(GREEN, planet(GREEN, 1), 3);
    t.set_hand(
        BLUE,
        &["Attack 08", "Quash", "Card Zap", "Plague", "Ionic Gas"],
    );
    t.set_hand(GREEN, &["Negotiate"]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "Red")]);
    t.script(
        RED,
        [step(JoinAlliance, "defense"), step(AllyShips, "Red 1: 2")],
    );
    t.play();

    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.lost_to_warp(GREEN), 3);
    assert_eq!(t.lost_to_warp(RED), 2);
    assert_eq!(compensation(&t), [(GREEN, BLUE, 3)]);
    assert_eq!(t.hand(BLUE).len(), 1);
    assert_eq!(t.hand(GREEN).len(), 3);
    for name in t.hand_names(GREEN) {
        assert!(["Quash", "Card Zap", "Plague", "Ionic Gas"].contains(&name.as_str()));
    }
    assert_eq!(t.hand(RED).len(), 8, "allies get no compensation");
}

// Compensation: "If the opponent doesn't have enough cards to provide full compensation,
// take his entire hand of cards."
#[test]
fn compensation_is_capped_at_the_opponents_hand() {
    let mut t = blue_against_green(34);
    t.set_hand(BLUE, &["Attack 08", "Quash"]);
    t.set_hand(GREEN, &["Negotiate"]);
    no_allies(&mut t, "Blue 1: 4");
    t.play();

    assert_eq!(t.lost_to_warp(GREEN), 4);
    assert_eq!(compensation(&t), [(GREEN, BLUE, 1)]);
    assert!(t.hand(BLUE).is_empty());
    assert_eq!(t.hand_names(GREEN), ["Quash"]);
}

// Compensation when the offense negotiates against an attack: it counts only its own ships
// lost from the gate, not its offensive allies' ships.
#[test]
fn offense_negotiating_against_attack_takes_compensation_for_its_own_ships_only() {
    let mut t = Table::new(4, 35);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(
        GREEN,
        &["Attack 06", "Attack 04", "Quash", "Card Zap", "Plague"],
    );
    t.set_hand(PURPLE, &["Attack 10"]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 3"),
            step(OffenseInvites, "Purple"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DefenseInvites, "none"),
            step(EncounterCard, "Attack 06"),
        ],
    );
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "offense"),
            step(AllyShips, "Purple 1: 2"),
        ],
    );
    t.play();

    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert_eq!((t.warp(BLUE), t.warp(PURPLE)), (3, 2));
    assert_eq!(compensation(&t), [(BLUE, GREEN, 3)]);
    assert_eq!(t.hand(BLUE).len(), 3);
    assert_eq!(t.hand(GREEN).len(), 1);
    assert_eq!(t.hand_names(PURPLE), ["Attack 10"]);
}

// If Both Players Reveal Negotiate Cards: "All allies on both sides return their ships to any
// of their colonies and get nothing"; allies are never included in a deal.
#[test]
fn negotiate_vs_negotiate_allies_go_home_with_nothing() {
    let mut t = Table::new(4, 36);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(GREEN, &["Negotiate", "Quash"]);
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
            step(LaunchShips, "Blue 1: 2"),
            step(OffenseInvites, "Purple"),
            exact(DealProposal, Answer::deal(Some(deal))),
            step(ReturnShips, "Blue 1: 2"),
        ],
    );
    t.script(
        GREEN,
        [step(DefenseInvites, "Red"), step(DealResponse, "accept")],
    );
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
            step(ReturnShips, "Red 3: 1"),
        ],
    );
    let hands = (t.hand(PURPLE).len(), t.hand(RED).len());
    t.play();

    assert_eq!(t.outcomes(), [Outcome::DealMade]);
    let home = |p, to| {
        t.moved_by(
            p,
            Place::Gate,
            Place::Planet(to),
            Some(Rule::NegotiateAllies),
        )
    };
    assert_eq!(home(PURPLE, planet(PURPLE, 2)), 2);
    assert_eq!(
        t.moved_by(
            RED,
            Place::Beside,
            Place::Planet(planet(RED, 3)),
            Some(Rule::NegotiateAllies)
        ),
        1
    );
    let allies_home = t
        .index_of(|k| matches!(k, EventKind::ShipsMoved { player, .. } if *player == RED))
        .unwrap();
    let first_proposal = t
        .index_of(|k| matches!(k, EventKind::DealProposed { .. }))
        .unwrap();
    assert!(allies_home < first_proposal, "allies leave before the deal");
    assert_eq!((t.hand(PURPLE).len(), t.hand(RED).len()), hands);
    assert!(!t.happened(|k| matches!(k, EventKind::RewardsTaken { .. })));
    assert_eq!((t.warp(PURPLE), t.warp(RED)), (0, 0));
    assert_eq!((t.track(PURPLE), t.track(RED)), (0, 0));
    assert_eq!(t.ships(PURPLE, planet(GREEN, 1)), 0);
}

// Successful Deal: "The terms of the deal are carried out as agreed upon" (cards from the
// players' hands, one colony on a planet where the other already has one, using any ships
// not in the warp); the offense returns its remaining gate ships to its colonies; a deal is
// a success, so a second encounter is offered.
#[test]
fn deal_is_carried_out_exactly_as_agreed() {
    let mut t = blue_against_green(37);
    t.set_hand(BLUE, &["Negotiate", "Attack 10", "Reinforcement +5"]);
    t.set_hand(GREEN, &["Negotiate", "Attack 12", "Attack 04", "Card Zap"]);
    let reinforcement = t.card_in_hand(BLUE, "Reinforcement +5");
    let terms = DealTerms {
        offense_gives: CardTransfer {
            named: vec![reinforcement],
            ..CardTransfer::default()
        },
        defense_gives: CardTransfer {
            by_type: vec![(CardType::Attack, 1)],
            ..CardTransfer::default()
        },
        offense_colony: Some(planet(GREEN, 2)),
        defense_colony: None,
        content: Vec::new(),
        ..DealTerms::default()
    };
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 2, Blue 2: 2"),
            step(OffenseInvites, "none"),
            step(EncounterCard, "Negotiate"),
            exact(DealProposal, Answer::deal(Some(terms.clone()))),
            step(DealColonyShips, "the gate: 3"),
            step(ReturnShips, "Blue 1: 1"),
            step(SecondEncounter, "no"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DefenseInvites, "none"),
            step(EncounterCard, "Negotiate"),
            step(DealResponse, "accept"),
            step(DealCards, "Attack 04"),
        ],
    );
    t.play();

    assert_eq!(t.outcomes(), [Outcome::DealMade]);
    assert!(t.happened(|k| matches!(k, EventKind::DealMade { terms: made } if **made == terms)));
    assert_eq!(t.options(GREEN, DealCards), ["Attack 12", "Attack 04"]);
    assert_eq!(t.hand_names(BLUE), ["Attack 04", "Attack 10"]);
    assert_eq!(
        t.hand_names(GREEN),
        ["Attack 12", "Card Zap", "Reinforcement +5"]
    );
    assert_eq!(t.ships(BLUE, planet(GREEN, 2)), 3);
    assert_eq!(
        t.ships(GREEN, planet(GREEN, 2)),
        4,
        "the defense keeps its colony"
    );
    assert_eq!(t.track(BLUE), 1);
    assert_eq!(t.ships(BLUE, planet(BLUE, 1)), 3);
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 0);
    assert_eq!(t.warp(BLUE) + t.warp(GREEN), 0);
    assert!(t.was_asked(BLUE, SecondEncounter));
}

// Unsuccessful Deal: each main player places three of its ships in the warp, from any of its
// colonies or (the offense) from the gate; the offense returns the rest of its gate ships;
// the offense may not have a second encounter.
#[test]
fn failed_deal_costs_each_main_player_three_ships() {
    let mut t = blue_against_green(38);
    t.set_hand(BLUE, &["Negotiate", "Attack 10"]);
    t.set_hand(GREEN, &["Negotiate", "Quash"]);
    let offer = DealTerms {
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
            step(LaunchShips, "Blue 1: 2, Blue 2: 2"),
            step(OffenseInvites, "none"),
            step(EncounterCard, "Negotiate"),
            exact(DealProposal, Answer::deal(Some(offer))),
            step(DealProposal, "pass"),
            step(FailedDealShips, "the gate: 2, Blue 3: 1"),
            step(ReturnShips, "Blue 1: 2"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DefenseInvites, "none"),
            step(DealResponse, "reject"),
            step(DealProposal, "pass"),
            step(FailedDealShips, "Green 1: 3"),
        ],
    );
    t.play();

    assert!(t.happened(|k| matches!(k, EventKind::DealRejected { by } if *by == GREEN)));
    assert!(t.happened(|k| matches!(k, EventKind::DealFailed)));
    assert_eq!(t.outcomes(), [Outcome::DealFailed]);
    for p in [BLUE, GREEN] {
        let Request::Ships(r) = &t.asked_of(p, FailedDealShips)[0].request else {
            panic!("a ship request")
        };
        assert_eq!((r.min, r.max), (3, 3));
    }
    assert_eq!(t.places(BLUE, FailedDealShips)[0], "the gate");
    assert!(!t
        .places(GREEN, FailedDealShips)
        .contains(&"the gate".to_string()));
    assert_eq!((t.warp(BLUE), t.warp(GREEN)), (3, 3));
    assert_eq!(t.ships(BLUE, planet(BLUE, 1)), 4);
    assert_eq!(t.ships(BLUE, planet(BLUE, 3)), 3);
    assert_eq!(t.ships(GREEN, planet(GREEN, 1)), 1);
    assert_eq!(t.hand_names(GREEN), ["Quash"], "nothing changed hands");
    assert!(
        !t.was_asked(BLUE, SecondEncounter),
        "no second encounter after a failed deal"
    );
}

// If Both Players Reveal Negotiate Cards: "The players cannot agree to do nothing", and cards
// must come from the players' hands. A proposal that breaks the deal rules is refused with a
// reason and changes nothing; the player is asked again.
#[test]
fn illegal_deal_proposal_is_refused_and_changes_nothing() {
    let mut t = blue_against_green(39);
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(GREEN, &["Negotiate", "Attack 12"]);
    let their_card = t.card_in_hand(GREEN, "Attack 12");
    let naming_their_card = DealTerms {
        defense_gives: CardTransfer {
            named: vec![their_card],
            ..CardTransfer::default()
        },
        ..DealTerms::default()
    };
    let colony_where_they_have_none = DealTerms {
        offense_colony: Some(planet(PURPLE, 1)),
        ..DealTerms::default()
    };
    let card_they_do_not_hold = DealTerms {
        defense_gives: CardTransfer {
            by_type: vec![(CardType::Morph, 1)],
            ..CardTransfer::default()
        },
        ..DealTerms::default()
    };
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 3"),
            step(OffenseInvites, "none"),
            exact(DealProposal, Answer::deal(Some(naming_their_card))),
            exact(DealProposal, Answer::deal(Some(DealTerms::default()))),
            exact(
                DealProposal,
                Answer::deal(Some(colony_where_they_have_none)),
            ),
            exact(DealProposal, Answer::deal(Some(card_they_do_not_hold))),
            step(DealProposal, "pass"),
            step(FailedDealShips, "the gate: 3"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DefenseInvites, "none"),
            step(EncounterCard, "Negotiate"),
            step(DealProposal, "pass"),
            step(FailedDealShips, "Green 2: 3"),
        ],
    );
    t.play();

    let refused = t.refused();
    let reasons: Vec<&str> = refused.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "you cannot name cards in your opponent's hand: ask by type or at random",
            "a deal must move at least one card or establish a colony",
            "the offense can only be let onto a planet where the defense has a colony",
            "the defense's cards: the giver holds only 0 morph cards besides the named ones",
        ]
    );
    let asks = t.asked_of(BLUE, DealProposal);
    assert_eq!(asks.len(), 5, "asked again after each refusal");
    for (i, a) in asks.iter().enumerate() {
        assert!(a.state == asks[0].state, "refusal {i} changed the state");
    }
    for r in &refused {
        assert!(r.state == asks[0].state);
    }
    assert!(!t.happened(|k| matches!(k, EventKind::DealProposed { .. })));
    assert_eq!(t.outcomes(), [Outcome::DealFailed]);
    assert_eq!(t.hand_names(GREEN), ["Attack 12"]);
}

// If Either Player Reveals the Morph Card: it becomes an exact duplicate of the opponent's
// encounter card and the encounter is resolved as though both played that card.
#[test]
fn morph_copies_the_opponents_card() {
    // A morph against an attack 10 is an attack 10.
    let mut t = blue_against_green(40);
    t.set_hand(BLUE, &["Morph"]);
    t.set_hand(GREEN, &["Attack 10"]);
    t.set_ships(GREEN, planet(GREEN, 1), 3);
    let attack = t.card_in_hand(GREEN, "Attack 10");
    no_allies(&mut t, "Blue 1: 4");
    t.play();
    assert!(t.happened(
        |k| matches!(k, EventKind::MorphCopied { player, copies } if *player == BLUE && *copies == attack)
    ));
    assert_eq!(t.totals(), [(10 + 4, 10 + 3)]);
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 4);

    // A morph against a negotiate is a negotiate: the players try to deal.
    let mut t = blue_against_green(41);
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(GREEN, &["Morph"]);
    no_allies(&mut t, "Blue 1: 3");
    t.script(
        BLUE,
        [
            step(DealProposal, "pass"),
            step(FailedDealShips, "the gate: 3"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DealProposal, "pass"),
            step(FailedDealShips, "Green 1: 3"),
        ],
    );
    t.play();
    let copied = t.events().iter().find_map(|e| match e.kind {
        EventKind::MorphCopied { player, copies } if player == GREEN => Some(copies),
        _ => None,
    });
    let copied = copied.expect("the morph copies the other card");
    assert_eq!(t.card_name(copied), "Negotiate");
    // Two negotiates: a deal is attempted (and fails here).
    assert_eq!(t.outcomes(), [Outcome::DealFailed]);
}

// If Both Players Reveal Morph Cards (possible with expansion cards): both sides lose and all
// ships in the encounter go to the warp.
#[test]
fn morph_vs_morph_both_lose_and_every_ship_in_the_encounter_goes_to_the_warp() {
    let mut t = Table::new(4, 42);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
    t.set_hand(BLUE, &["Morph", "Attack 10"]);
    t.set_hand(GREEN, &["Negotiate"]);
    let second = t.card_in_hand(GREEN, "Negotiate");
    t.reprint(second, "Morph");
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "Purple"),
            step(EncounterCard, "Morph"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "Red")]);
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "offense"),
            step(AllyShips, "Purple 1: 2"),
        ],
    );
    t.script(
        RED,
        [step(JoinAlliance, "defense"), step(AllyShips, "Red 1: 1")],
    );
    t.play();

    assert_eq!(t.outcomes(), [Outcome::BothLose]);
    assert_eq!(t.warp(BLUE), 4);
    assert_eq!(t.warp(PURPLE), 2);
    assert_eq!(t.warp(GREEN), 4);
    assert_eq!(t.warp(RED), 1);
    assert_eq!(t.ships(GREEN, planet(GREEN, 1)), 0);
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 0);
    assert!(
        !t.was_asked(BLUE, SecondEncounter),
        "both losing is no success"
    );
}

// Phase 7, If the Offense Won: all ships on the gate (offense and offensive allies) land on
// the planet and each player establishing a colony advances its marker; the defense's ships
// and the defensive allies' ships go to the warp; bystander colonies are not affected.
#[test]
fn offense_win_lands_the_gate_and_sends_the_defending_side_to_the_warp() {
    let mut t = Table::new(5, 43);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Red)]);
    t.set_ships(YELLOW, planet(YELLOW, 1), 2);
    t.set_ships(YELLOW, planet(RED, 1), 2);
    t.set_hand(BLUE, &["Attack 20"]);
    t.set_hand(RED, &["Attack 04"]);
    for p in [GREEN, PURPLE, YELLOW] {
        t.set_hand(p, &["Negotiate"]);
    }
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Red 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "Green"),
        ],
    );
    t.script(RED, [step(DefenseInvites, "Purple")]);
    t.script(
        GREEN,
        [step(JoinAlliance, "offense"), step(AllyShips, "Green 1: 2")],
    );
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "defense"),
            step(AllyShips, "Purple 1: 3"),
        ],
    );
    t.play();

    assert_eq!(t.totals(), [(20 + 4 + 2, 4 + 4 + 3)]);
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    let target = planet(RED, 1);
    assert_eq!(t.ships(BLUE, target), 4);
    assert_eq!(t.ships(GREEN, target), 2);
    assert_eq!((t.track(BLUE), t.track(GREEN)), (1, 1));
    assert!(t.happened(
        |k| matches!(k, EventKind::TrackMoved { player, colonies: 1 } if *player == BLUE)
    ));
    assert!(t.happened(
        |k| matches!(k, EventKind::TrackMoved { player, colonies: 1 } if *player == GREEN)
    ));
    assert_eq!(t.ships(RED, target), 0);
    assert_eq!(t.warp(RED), 4);
    assert_eq!(t.warp(PURPLE), 3);
    assert_eq!(t.ships(YELLOW, target), 2, "the bystander stays");
    assert_eq!(t.track(YELLOW), 1);
    assert_eq!(t.lost_to_warp(YELLOW), 0);
}

// Phase 7, If the Defense Won: the gate's ships (offense and offensive allies) go to the warp;
// defensive allies return their ships to their colonies and take one reward per ship: a card
// from the deck or one of their ships from the warp.
#[test]
fn defense_win_sends_the_gate_to_the_warp_and_rewards_defensive_allies() {
    let mut t = Table::new(4, 44);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
    t.set_warp(RED, 2);
    t.set_hand(BLUE, &["Attack 04"]);
    t.set_hand(GREEN, &["Attack 20"]);
    t.set_hand(PURPLE, &["Negotiate"]);
    t.set_hand(RED, &["Negotiate"]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "Purple"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "Red")]);
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "offense"),
            step(AllyShips, "Purple 1: 2"),
        ],
    );
    t.script(
        RED,
        [
            step(JoinAlliance, "defense"),
            step(AllyShips, "Red 1: 3"),
            step(ReturnShips, "Red 1: 3"),
            step(Rewards, "2 ships, 1 card"),
            step(ReturnShips, "Red 2: 2"),
        ],
    );
    t.play();

    assert_eq!(t.totals(), [(4 + 4 + 2, 20 + 4 + 3)]);
    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert_eq!((t.warp(BLUE), t.warp(PURPLE)), (4, 2));
    assert_eq!(t.ships(GREEN, planet(GREEN, 1)), 4);
    assert_eq!(
        t.options(RED, Rewards),
        ["0 ships, 3 cards", "1 ship, 2 cards", "2 ships, 1 card"]
    );
    assert!(t.happened(
        |k| matches!(k, EventKind::RewardsTaken { player, cards: 1, ships: 2 } if *player == RED)
    ));
    assert_eq!(t.warp(RED), 0);
    assert_eq!(t.hand(RED).len(), 2);
    assert_eq!(t.ships(RED, planet(RED, 1)), 4);
    assert_eq!(t.ships(RED, planet(RED, 2)), 6);
    assert!(!t.happened(|k| matches!(k, EventKind::RewardsTaken { player, .. } if *player != RED)));
    assert_eq!(t.hand(PURPLE).len(), 1, "offensive allies take nothing");
}

// Defending without Ships: a defense with no ships on the targeted planet still plays an
// encounter card; its own ship value is zero.
#[test]
fn defense_without_ships_on_the_planet_defends_with_zero_ships() {
    let mut t = blue_against_green(45);
    t.set_ships(GREEN, planet(GREEN, 1), 0);
    t.set_hand(BLUE, &["Attack 04"]);
    t.set_hand(GREEN, &["Attack 04"]);
    no_allies(&mut t, "Blue 1: 1");
    t.play();

    assert!(t
        .options(BLUE, LaunchPlanet)
        .contains(&"Green 1".to_string()));
    assert_eq!(t.totals(), [(4 + 1, 4)]);
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 1);
    assert_eq!(t.track(BLUE), 1);
}

/// Blue and Green reveal negotiates; Blue first proposes `bad`, then passes; Green passes and
/// the deal fails. Returns the table after the turn.
fn deal_proposal_then_pass(seed: u64, green_hand: &[&str], bad: DealTerms) -> Table {
    let mut t = blue_against_green(seed);
    t.set_hand(BLUE, &["Negotiate"]);
    t.set_hand(GREEN, green_hand);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 3"),
            step(OffenseInvites, "none"),
            exact(DealProposal, Answer::deal(Some(bad))),
            step(DealProposal, "pass"),
            step(FailedDealShips, "the gate: 3"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
    let encounter_cards = green_hand
        .iter()
        .filter(|n| n.starts_with("Attack") || **n == "Negotiate" || **n == "Morph")
        .count();
    if encounter_cards > 1 {
        t.script(GREEN, [step(EncounterCard, "Negotiate")]);
    }
    t.script(
        GREEN,
        [
            step(DealProposal, "pass"),
            step(FailedDealShips, "Green 2: 3"),
        ],
    );
    t.play();
    t
}

/// The refusal of a bad proposal: one refusal, state unchanged, nothing proposed.
fn assert_refused_unchanged(t: &Table) -> String {
    let refused = t.refused();
    assert_eq!(refused.len(), 1, "the proposal is refused\n{}", t.log());
    let asks = t.asked_of(BLUE, DealProposal);
    assert!(refused[0].state == asks[0].state);
    assert!(asks[1].state == asks[0].state);
    assert!(!t.happened(|k| matches!(k, EventKind::DealProposed { .. })));
    assert_eq!(t.outcomes(), [Outcome::DealFailed]);
    refused[0].reason.clone()
}

// Deals: a colony may only be granted on a planet of the game; a planet id outside the table
// is an illegal answer, to be refused like any other (Decision API: refused with a message,
// nothing changes).
#[test]

fn deal_proposal_granting_a_planet_outside_the_table_is_refused() {
    let nowhere = cosmic_engine::PlanetId {
        owner: PlayerId(6),
        n: 0,
    };
    let t = deal_proposal_then_pass(
        46,
        &["Negotiate", "Quash"],
        DealTerms {
            offense_colony: Some(nowhere),
            ..DealTerms::default()
        },
    );
    let reason = assert_refused_unchanged(&t);
    assert!(!reason.is_empty());
}

// Deals: "allow his opponent to establish one colony on any one planet where he already has a
// colony". "Blue 6" does not exist (five planets a system); the engine must not read it as
// another planet (its index is Green 1's) and must refuse it.
#[test]

fn deal_proposal_granting_a_nonexistent_planet_number_is_refused() {
    let blue_6 = cosmic_engine::PlanetId { owner: BLUE, n: 5 };
    let t = deal_proposal_then_pass(
        47,
        &["Negotiate", "Quash"],
        DealTerms {
            offense_colony: Some(blue_6),
            ..DealTerms::default()
        },
    );
    assert_refused_unchanged(&t);
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 0);
}

// Successful Deal: "The terms of the deal are carried out as agreed upon." Terms asking the
// defense for two attack cards (written as two entries of one attack each) when it holds one
// cannot be carried out, so they are not a legal proposal.
#[test]

fn deal_proposal_asking_more_cards_of_a_type_than_held_is_refused() {
    let t = deal_proposal_then_pass(
        48,
        &["Negotiate", "Attack 12", "Quash", "Card Zap"],
        DealTerms {
            defense_gives: CardTransfer {
                by_type: vec![(CardType::Attack, 1), (CardType::Attack, 1)],
                ..CardTransfer::default()
            },
            ..DealTerms::default()
        },
    );
    let reason = assert_refused_unchanged(&t);
    assert!(reason.contains("attack"), "{reason}");
    assert_eq!(t.hand_names(GREEN), ["Attack 12", "Card Zap", "Quash"]);
}

// A group deal (card text has several players make one deal together, as Galactic Council
// does) keeps a deal's rules between every pair of parties: nobody names cards it cannot
// see, every promise can be kept from the giver's hand (all its gifts at once), and a colony
// is let only onto a planet where the party letting it has one, for a party with none there.
#[test]
fn group_deal_terms_follow_a_deals_rules_between_each_pair() {
    use cosmic_engine::deal::{Gift, Grant};
    let mut t = blue_against_green(50);
    t.set_hand(BLUE, &["Attack 10", "Attack 12"]);
    t.set_hand(GREEN, &["Negotiate"]);
    t.set_hand(PURPLE, &["Attack 20"]);
    let all = 0b111;
    let gift = |from, to, cards: CardTransfer| Gift { from, to, cards };
    let random = |n| CardTransfer {
        random: n,
        ..CardTransfer::default()
    };
    let named = |c| CardTransfer {
        named: vec![c],
        ..CardTransfer::default()
    };
    let check = |terms: DealTerms, proposer| terms.check_group(t.state(), proposer, all);
    let mine = t.card_in_hand(BLUE, "Attack 10");
    let theirs = t.card_in_hand(PURPLE, "Attack 20");
    let fair = DealTerms {
        gifts: vec![
            gift(BLUE, GREEN, named(mine)),
            gift(PURPLE, BLUE, random(1)),
        ],
        grants: vec![Grant {
            by: GREEN,
            player: PURPLE,
            planet: planet(GREEN, 1),
        }],
        ..DealTerms::default()
    };
    assert_eq!(check(fair, BLUE), Ok(()));
    let refusals = [
        (
            DealTerms::default(),
            "a deal must move at least one card or establish a colony",
        ),
        (
            DealTerms {
                gifts: vec![gift(PURPLE, GREEN, named(theirs))],
                ..DealTerms::default()
            },
            "you cannot name cards in another player's hand: ask by type or at random",
        ),
        (
            DealTerms {
                gifts: vec![gift(GREEN, BLUE, random(1)), gift(GREEN, PURPLE, random(1))],
                ..DealTerms::default()
            },
            "Green's cards: 2 cards promised but the giver holds 1",
        ),
        (
            DealTerms {
                gifts: vec![gift(BLUE, BLUE, random(1))],
                ..DealTerms::default()
            },
            "a party cannot give cards to itself",
        ),
        (
            DealTerms {
                grants: vec![Grant {
                    by: PURPLE,
                    player: BLUE,
                    planet: planet(GREEN, 1),
                }],
                ..DealTerms::default()
            },
            "a player can only let others onto a planet where it has a colony",
        ),
        (
            DealTerms {
                offense_gives: random(1),
                gifts: vec![gift(PURPLE, BLUE, random(1))],
                ..DealTerms::default()
            },
            "a deal among more players is written as gifts and grants between players, not by side",
        ),
    ];
    for (terms, why) in refusals {
        assert_eq!(check(terms, BLUE), Err(why.to_string()));
    }
    // Outside the parties, nothing may move.
    let outsider = DealTerms {
        gifts: vec![gift(PURPLE, BLUE, random(1))],
        ..DealTerms::default()
    };
    assert_eq!(
        outsider.check_group(t.state(), BLUE, 0b011),
        Err("a gift goes from one party of the deal to another".to_string())
    );
}
