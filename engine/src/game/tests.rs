//! The game's own checks: stamps, holdings audits, the windows hooks are called at, and the
//! ship moves' short path.

use super::*;
use crate::components::{CardDef, CardKind, Components, DestinyDef, DestinyKind};
use crate::event::Place;
use crate::hooks::NoHooks;
use crate::ids::{CardId, Color, PlanetId};

/// A small plain deck: attack cards and negotiates, and one destiny card per color.
fn components() -> Components {
    let mut cosmic: Vec<CardDef> = (1..=10)
        .map(|v| CardDef::new(format!("Attack {v:02}"), CardKind::Attack(v), 4))
        .collect();
    cosmic.push(CardDef::new("Negotiate", CardKind::Negotiate, 10));
    let destiny = Color::ALL
        .iter()
        .map(|&c| DestinyDef {
            kind: DestinyKind::Color(c),
            hazard: false,
            reverse_cone: false,
            name: None,
        })
        .collect();
    Components {
        cosmic,
        destiny,
        ..Components::default()
    }
}

/// Hooks for which only the negotiates (the last definition) may give abilities.
struct OnlyNegotiatesAct;

impl Hooks for OnlyNegotiatesAct {
    fn card_may_act(&self, def: u16) -> bool {
        def == 10
    }
}

/// A checked three-player game, set up and not yet played.
fn game(hooks: &dyn Hooks) -> Game<'_> {
    let agents: Vec<Box<dyn Agent>> = (0..3)
        .map(|s| Box::new(crate::agents::random::RandomAgent::new(s)) as Box<dyn Agent>)
        .collect();
    let options = Options {
        check_invariants: true,
        ..Options::default()
    };
    Game::new(
        &Setup::new(3, 7),
        Arc::new(components()),
        agents,
        hooks,
        options,
    )
    .expect("setup")
}

/// Moves a card from the first player's hand to the second's, behind the stamps' back
/// (only engine code can): every card is still somewhere once.
fn slip_a_card(game: &mut Game) {
    let card = game.state.players[0].hand.pop().expect("a dealt hand");
    game.state.players[1].hand.push(card);
}

#[test]
fn a_step_of_play_returns_in_two_words() {
    // `Flow` is returned by most of the engine; an unboxed error would make every
    // return go through memory.
    assert!(std::mem::size_of::<Flow>() <= 2 * std::mem::size_of::<usize>());
}

/// Hooks that may act at every window (the trait's defaults) and do nothing there, so
/// that the engine calls them at each.
struct EveryWindow;

impl Hooks for EveryWindow {}

#[test]
fn holdings_changed_before_a_hook_call_without_a_new_stamp_are_a_violation() {
    let hooks = EveryWindow;
    let mut game = game(&hooks);
    slip_a_card(&mut game);
    game.window(crate::hooks::Window::GateAimed)
        .expect("no content acts");
    // Even an event that gives everybody new stamps reports the stale read made before it.
    game.emit(Rule::StartTurn, EventKind::CosmicQuake);
    let seen = game.violation.clone();
    assert!(
        matches!(&seen, Some(GameError::Invariant { message, .. }) if message.contains("holdings")),
        "{seen:?}"
    );
}

#[test]
fn holdings_changed_with_a_new_stamp_are_no_violation() {
    let hooks = NoHooks;
    let mut game = game(&hooks);
    let (a, b) = (
        game.holdings_stamp(PlayerId(0)),
        game.holdings_stamp(PlayerId(1)),
    );
    slip_a_card(&mut game);
    game.holdings_changed(PlayerId(0));
    game.holdings_changed(PlayerId(1));
    assert!(game.holdings_stamp(PlayerId(0)) != a && game.holdings_stamp(PlayerId(1)) != b);
    game.quantity(crate::quantity::Quantity::EncountersPerTurn, 2);
    game.emit(
        Rule::StartTurn,
        EventKind::TurnStarted {
            turn: 1,
            offense: PlayerId(0),
        },
    );
    assert_eq!(game.violation, None);
}

#[test]
fn an_event_that_does_not_say_it_changed_holdings_is_a_violation() {
    let hooks = NoHooks;
    let mut game = game(&hooks);
    slip_a_card(&mut game);
    game.emit(
        Rule::StartTurn,
        EventKind::TurnStarted {
            turn: 1,
            offense: PlayerId(0),
        },
    );
    assert!(matches!(game.violation, Some(GameError::Invariant { .. })));
}

#[test]
fn stamps_are_never_shared_between_games() {
    let hooks = NoHooks;
    let (one, two) = (game(&hooks), game(&hooks));
    let stamps = |g: &Game| -> Vec<u64> { g.state.seats().map(|p| g.holdings_stamp(p)).collect() };
    assert!(stamps(&one).iter().all(|s| !stamps(&two).contains(s)));
    assert_ne!(one.holdings_version(), two.holdings_version());
}

#[test]
fn moving_a_card_that_cannot_give_abilities_gives_no_new_stamp() {
    let hooks = OnlyNegotiatesAct;
    let mut game = game(&hooks);
    let p = PlayerId(0);
    let find = |g: &Game, negotiate: bool| {
        (g.state.cards.iter().enumerate())
            .find(|(_, c)| (c.kind == CardKind::Negotiate) == negotiate)
            .map(|(i, _)| CardId(i as u16))
            .expect("a card of each kind")
    };
    let (attack, negotiate) = (find(&game, false), find(&game, true));
    let before = game.holdings_stamp(p);
    game.emit(
        Rule::NewHand,
        EventKind::CardDrawn {
            player: p,
            card: attack,
        },
    );
    assert_eq!(game.holdings_stamp(p), before);
    game.emit(
        Rule::NewHand,
        EventKind::CardDrawn {
            player: p,
            card: negotiate,
        },
    );
    assert_ne!(game.holdings_stamp(p), before);
}

#[test]
fn cards_that_cannot_give_abilities_are_not_audited() {
    let hooks = OnlyNegotiatesAct;
    let mut game = game(&hooks);
    // The first player's hand loses an attack card behind the stamps' back: no violation.
    let hand = &game.state.players[0].hand;
    let k = (hand.iter())
        .position(|&c| game.state.kind(c) != CardKind::Negotiate)
        .expect("an attack card in a dealt hand");
    let card = game.state.players[0].hand.remove(k);
    game.state.players[1].hand.push(card);
    let turn = EventKind::TurnStarted {
        turn: 1,
        offense: PlayerId(0),
    };
    game.emit(Rule::StartTurn, turn.clone());
    assert_eq!(game.violation, None);
    // A negotiate moved from the deck into a hand the same way is one.
    let k = (game.state.piles.cosmic.draw.iter())
        .position(|&c| game.state.kind(c) == CardKind::Negotiate)
        .expect("a negotiate in the deck");
    let negotiate = game.state.piles.cosmic.draw.remove(k);
    game.state.players[2].hand.push(negotiate);
    game.emit(Rule::StartTurn, turn);
    let seen = game.violation.clone();
    assert!(
        matches!(&seen, Some(GameError::Invariant { message, .. }) if message.contains("holdings")),
        "{seen:?}"
    );
}

/// Hooks that act only at the start of the destiny phase, counting the windows they are
/// called at.
#[derive(Default)]
struct DestinyOnly {
    calls: std::cell::Cell<u32>,
    elsewhere: std::cell::Cell<u32>,
}

impl Hooks for DestinyOnly {
    fn windows(&self, _: &Game<'_>) -> u64 {
        crate::hooks::Window::PhaseStart(crate::state::Phase::Destiny).bit()
    }

    fn at(&self, window: crate::hooks::Window, _: &mut Game<'_>) -> Flow {
        self.calls.set(self.calls.get() + 1);
        if window != crate::hooks::Window::PhaseStart(crate::state::Phase::Destiny) {
            self.elsewhere.set(self.elsewhere.get() + 1);
        }
        Ok(())
    }
}

#[test]
fn hooks_are_called_only_at_the_windows_they_may_act_at() {
    let hooks = DestinyOnly::default();
    let mut game = game(&hooks);
    game.run().expect("the game ends");
    assert!(hooks.calls.get() > 0, "called at the destiny phase's start");
    assert_eq!(hooks.elsewhere.get(), 0, "called at no other window");
}

/// The places a short-path ship move (`plain_move`) may take, and some it leaves to the full
/// move, for the first player (`p`) and the second (`q`).
fn move_places(p: PlayerId, q: PlayerId) -> Vec<Place> {
    vec![
        Place::Gate,
        Place::Beside,
        Place::Warp,
        Place::Planet(PlanetId { owner: p, n: 0 }),
        Place::Planet(PlanetId { owner: p, n: 1 }),
        Place::Planet(PlanetId { owner: q, n: 0 }),
        Place::Planet(PlanetId { owner: q, n: 1 }),
        Place::Removed,
    ]
}

/// Two ships at the gate, one beside, three in the warp, two more on the second player's
/// first planet (a foreign colony of one ship; the planets keep their dealt four ships) and
/// none left on the first player's second planet: colonies gained, lost and kept.
fn arrange_ships(game: &mut Game, p: PlayerId, q: PlayerId, acting: bool) {
    let s = &mut game.state;
    s.encounter.gate[p.ix()] = 2;
    s.encounter.beside[p.ix()] = 1;
    s.players[p.ix()].warp = 3;
    let foreign = s.planet_index(PlanetId { owner: q, n: 0 }).expect("dealt");
    s.planets[foreign].ships[p.ix()] = 1;
    let own = s.planet_index(PlanetId { owner: p, n: 1 }).expect("dealt");
    s.planets[own].ships[p.ix()] = 1;
    s.colonies_stale();
    game.acting = acting.then_some(0);
    game.feeding = acting.then_some(p);
}

#[test]
fn a_short_path_ship_move_does_what_the_full_move_does() {
    // Every move between the places above, with every count that matters, is made twice from
    // the same arranged game: once by `move_ships` (which takes the short path when it
    // may) and once by the full move alone. Events, moments queued, the ships sent by card
    // text and the state (its digest) must be the same: a moment or a record the short path
    // forgot would show here.
    let (p, q) = (PlayerId(0), PlayerId(1));
    let mut checked = 0;
    for acting in [false, true] {
        for from in move_places(p, q) {
            for to in move_places(p, q) {
                for count in [0, 1, 2, 3, 9] {
                    let made = |full: bool| {
                        let mut game = game(&NoHooks);
                        game.options.record_events = true;
                        arrange_ships(&mut game, p, q, acting);
                        let before = game.events().len();
                        if full {
                            game.move_ships_in_full(p, from, to, count, Rule::Regroup);
                        } else {
                            game.move_ships(p, from, to, count, Rule::Regroup);
                        }
                        let events: Vec<String> = game.events()[before..]
                            .iter()
                            .map(|e| format!("{e:?}"))
                            .collect();
                        let state = crate::save::digest(&game.state);
                        (events, game.moments.clone(), game.sent, state)
                    };
                    assert_eq!(
                        made(false),
                        made(true),
                        "{from:?} -> {to:?}, {count} ships, acting {acting}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 2 * 8 * 8 * 5);
}
