//! The engine honours its hooks: each quantity, each ship redirect and each window reaches
//! content. The hooks here are Rust test doubles standing in for compiled card content; they
//! name no card and only prove the seams work (the interpreter supplies real content).

use cosmic_engine::event::{Place, Rule};
use cosmic_engine::DecisionKind::*;
use cosmic_engine::{
    Color, DestinyKind, Flow, Game, Hooks, Outcome, PlayerId, Quantity, Side, Window,
};
use cosmic_tests::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A table where Blue attacks Green 1 with 4 ships, no allies, with `hooks` installed.
fn table(hooks: &'static dyn Hooks, seed: u64, blue: &str, green: &str) -> Table {
    let mut setup = TableSetup::new(3, seed);
    setup.hooks = hooks;
    let mut t = Table::setup(setup);
    t.set_offense(BLUE);
    t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
    t.set_hand(BLUE, &[blue]);
    t.set_hand(GREEN, &[green]);
    t
}

fn plain_launch(t: &mut Table) {
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 4"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(GREEN, [step(DefenseInvites, "none")]);
}

/// Blue's ships are each worth 4; Green's attack card counts triple; Green's side gets +4.
struct Totals;
impl Hooks for Totals {
    fn quantity(&self, q: Quantity, value: i32, _: &Game<'_>) -> i32 {
        match q {
            Quantity::ShipWorth(p) if p == BLUE => 4,
            Quantity::CardValue(Side::Defense) => value * 3,
            Quantity::SideTotal(Side::Defense) => value + 4,
            _ => value,
        }
    }
}

#[test]
fn totals_go_through_card_value_ship_worth_and_side_total() {
    static HOOKS: Totals = Totals;
    let mut t = table(&HOOKS, 1, "Attack 10", "Attack 04");
    plain_launch(&mut t);
    t.play();
    // Offense: 10 + 4 ships x 4. Defense: 4 x 3 + 4 ships + 4.
    assert_eq!(t.totals(), [(26, 20)]);
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
}

/// The winner is reversed (an outcome modifier applied last).
struct Reversed;
impl Hooks for Reversed {
    fn quantity(&self, q: Quantity, value: i32, _: &Game<'_>) -> i32 {
        match q {
            Quantity::Winner => 1 - value,
            _ => value,
        }
    }
}

#[test]
fn the_winner_goes_through_its_quantity_for_attacks_and_negotiates() {
    static HOOKS: Reversed = Reversed;
    let mut t = table(&HOOKS, 2, "Attack 20", "Attack 01");
    plain_launch(&mut t);
    t.play();
    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert_eq!(t.warp(BLUE), 4);

    let mut t = table(&HOOKS, 3, "Negotiate", "Attack 01");
    plain_launch(&mut t);
    t.play();
    // The negotiate wins; the attack side loses and collects no compensation.
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 4);
}

/// Green's ships never go to the warp (they return home); Blue's are removed instead.
struct Redirects;
impl Hooks for Redirects {
    fn redirect_ships(
        &self,
        player: PlayerId,
        from: Place,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        if player == GREEN {
            game.return_ships(player, from, count, rule)?;
        } else if player == BLUE {
            game.move_ships(player, from, Place::Removed, count, rule);
        } else {
            return Ok(0);
        }
        Ok(count)
    }
}

#[test]
fn ships_headed_for_the_warp_can_be_redirected() {
    static HOOKS: Redirects = Redirects;
    let mut t = table(&HOOKS, 4, "Attack 20", "Attack 01");
    plain_launch(&mut t);
    t.script(GREEN, [step(ReturnShips, "Green 2: 4")]);
    t.play();
    assert_eq!(t.outcomes(), [Outcome::OffenseWins]);
    assert_eq!(t.warp(GREEN), 0);
    assert_eq!(t.ships(GREEN, planet(GREEN, 2)), 8);

    let mut t = table(&HOOKS, 5, "Attack 01", "Attack 20");
    plain_launch(&mut t);
    t.play();
    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert_eq!(t.warp(BLUE), 0);
    assert_eq!(t.state().players[BLUE.ix()].removed, 4);
}

/// Blue may commit one ship only; Purple may join the defense uninvited; compensation
/// doubles; three encounters a turn.
struct Limits;
impl Hooks for Limits {
    fn quantity(&self, q: Quantity, value: i32, _: &Game<'_>) -> i32 {
        match q {
            Quantity::MaxShips(p) if p == BLUE => 1,
            Quantity::JoinUninvited(p, Side::Defense) if p == PURPLE => 1,
            Quantity::Compensation(_) => value * 2,
            _ => value,
        }
    }
}

#[test]
fn commitments_invitations_and_compensation_go_through_quantities() {
    static HOOKS: Limits = Limits;
    let mut t = table(&HOOKS, 6, "Negotiate", "Attack 04");
    t.set_hand(GREEN, &["Attack 04", "Attack 05", "Attack 06", "Attack 07"]);
    t.script(
        BLUE,
        [
            step(LaunchPlanet, "Green 1"),
            step(LaunchShips, "Blue 1: 1"),
            step(OffenseInvites, "none"),
        ],
    );
    t.script(
        GREEN,
        [
            step(DefenseInvites, "none"),
            step(EncounterCard, "Attack 04"),
        ],
    );
    // Purple was not invited, yet joins the defense.
    t.script(
        PURPLE,
        [
            step(JoinAlliance, "defense"),
            step(AllyShips, "Purple 1: 2"),
            step(ReturnShips, "Purple 1: 2"),
        ],
    );
    t.play();
    assert_eq!(t.outcomes(), [Outcome::DefenseWins]);
    assert_eq!(t.warp(BLUE), 1, "only one ship could be launched");
    assert!(t.happened(|k| matches!(k,
        cosmic_engine::EventKind::AllianceJoined { player, side: Side::Defense } if *player == PURPLE)));
    // One ship lost, compensation doubled: two of Green's three remaining cards.
    assert!(t.happened(|k| matches!(k,
        cosmic_engine::EventKind::CompensationTaken { player, cards: 2, .. } if *player == BLUE)));
    assert_eq!(t.hand(GREEN).len(), 1);
}

/// Counts how often each phase window is reached.
struct Windows;
static STARTS: AtomicUsize = AtomicUsize::new(0);
impl Hooks for Windows {
    fn at(&self, window: Window, _: &mut Game<'_>) -> cosmic_engine::Flow {
        if matches!(window, Window::PhaseStart(_)) {
            STARTS.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    }
}

#[test]
fn every_phase_start_reaches_the_hooks() {
    static HOOKS: Windows = Windows;
    let mut t = table(&HOOKS, 7, "Attack 10", "Attack 04");
    plain_launch(&mut t);
    STARTS.store(0, Ordering::Relaxed);
    t.play();
    // Start turn, regroup, destiny, launch, alliance, planning, reveal, resolution.
    assert_eq!(STARTS.load(Ordering::Relaxed), 8);
}
