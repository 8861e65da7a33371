//! The edition seam: how an edition plays a turn, who plays next and how a game is won,
//! behind one interface. Everything else (state, random numbers, decisions, events, hooks,
//! actions, invariants, secrecy, saves) is the core every edition shares.
//!
//! An edition plugs in with a `Procedure` and its `Rules` (numbers, timing order, win
//! colonies). FFG's is `Encounters` (the encounter phases in `phases/`); Eon 1983 shares it
//! with switches in its rules; Duel brings its own.

use crate::components::Components;
use crate::edition::{Edition, Rules, TimingOrder};
use crate::game::{Flow, Game, GameError, Prepared, Setup};
use crate::ids::{PlayerId, Seats};
use crate::state::GameState;

/// How an edition plays: the turn, the next player, the winners.
pub trait Procedure: Sync {
    /// Plays one turn of the current player (the offense); `Err(Stop::GameOver)` ends the
    /// game with the winners in the state.
    fn play_turn(&self, game: &mut Game<'_>) -> Flow;

    /// The player who takes the next turn after `state`'s current one.
    fn next_player(&self, state: &GameState) -> PlayerId;

    /// The players who have won now (several share a win; none while play goes on).
    fn winners(&self, game: &Game<'_>) -> Vec<PlayerId>;

    /// How many players the edition seats.
    fn seats(&self) -> std::ops::RangeInclusive<u8>;

    /// The state before anything is shuffled or dealt.
    fn initial_state(
        &self,
        setup: &Setup,
        components: &Components,
        rules: Rules,
    ) -> Result<GameState, GameError>;

    /// Setup's shuffles, deals and choices, once the state is laid out (as `prepared` says).
    fn deal_setup(&self, game: &mut Game<'_>, prepared: &Prepared) -> Flow;

    /// The edition's invariants of a state (checked after every event under `--check`).
    fn check(&self, state: &GameState, components: &Components) -> Result<(), String>;
}

/// The procedure of an edition.
pub fn of(edition: Edition) -> &'static dyn Procedure {
    match edition {
        Edition::Ffg => &Encounters,
        Edition::Eon => &crate::eon::Challenges,
        Edition::Duel => &crate::duel::Duels,
    }
}

/// FFG's turn: one or two encounters, each played phase by phase (`phases/`); the turn
/// passes clockwise (counterclockwise once card text reverses the turn order); players with enough foreign colonies share the win.
pub struct Encounters;

impl Procedure for Encounters {
    fn play_turn(&self, game: &mut Game<'_>) -> Flow {
        game.play_turn()
    }

    fn next_player(&self, state: &GameState) -> PlayerId {
        state.next_in_turn_order(state.offense)
    }

    fn winners(&self, game: &Game<'_>) -> Vec<PlayerId> {
        game.winners_by_colonies()
    }

    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        3..=crate::ids::MAX_PLAYERS as u8
    }

    fn initial_state(
        &self,
        setup: &Setup,
        components: &Components,
        rules: Rules,
    ) -> Result<GameState, GameError> {
        crate::setup::initial_state(setup, components, rules)
    }

    fn deal_setup(&self, game: &mut Game<'_>, prepared: &Prepared) -> Flow {
        game.deal_setup(prepared)
    }

    fn check(&self, state: &GameState, components: &Components) -> Result<(), String> {
        crate::invariants::check(state, components)
    }
}

/// The seats in the order simultaneous abilities and rounds of play go, by the edition's
/// timing rule.
pub fn timing_order(state: &GameState) -> Seats {
    let o = state.offense;
    let defense = state.encounter.defense;
    let mut order = Seats::default();
    let main_first = state.rules.timing == TimingOrder::MainPlayersFirst;
    if main_first {
        order.push(o);
        if let Some(d) = defense {
            order.push(d);
        }
    }
    // Clockwise from the offense's left, wrapping without a division per seat.
    let n = state.player_count() as u8;
    let mut seat = o.0;
    for _ in 1..n {
        seat = if seat + 1 == n { 0 } else { seat + 1 };
        let p = PlayerId(seat);
        if Some(p) != defense {
            order.push(p);
        }
    }
    if !main_first {
        order.push(o);
        if let Some(d) = defense {
            order.push(d);
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::{CardDef, CardKind, Components, DestinyDef, DestinyKind};
    use crate::edition::{Rules, Variants};
    use crate::ids::Color;

    fn state(timing: TimingOrder) -> GameState {
        let mut rules = Rules::new(Edition::Ffg, &Variants::default());
        rules.timing = timing;
        let components = Components {
            cosmic: vec![CardDef::new("Attack 08", CardKind::Attack(8), 60)],
            destiny: (Color::ALL.iter())
                .map(|&c| DestinyDef {
                    kind: DestinyKind::Color(c),
                    hazard: false,
                    reverse_cone: false,
                    name: None,
                })
                .collect(),
            ..Components::default()
        };
        let setup = crate::game::Setup::new(5, 1);
        let mut s = crate::setup::initial_state(&setup, &components, rules).expect("a state");
        s.offense = PlayerId(1);
        s.encounter.defense = Some(PlayerId(3));
        s
    }

    fn seats(order: Seats) -> Vec<u8> {
        order.iter().map(|p| p.0).collect()
    }

    #[test]
    fn ffg_timing_goes_offense_defense_then_clockwise() {
        let s = state(TimingOrder::MainPlayersFirst);
        assert_eq!(seats(timing_order(&s)), [1, 3, 2, 4, 0]);
    }

    #[test]
    fn others_first_timing_puts_the_main_players_last() {
        // Eon's rule: the players not in the challenge from the offense's left, then the
        // offense, then the defense.
        let s = state(TimingOrder::OthersFirst);
        assert_eq!(seats(timing_order(&s)), [2, 4, 0, 1, 3]);
    }
}
