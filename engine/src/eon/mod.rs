//! The Eon edition (the Complete Book of Cosmic Encounter, 1983) on the edition seam.
//!
//! Eon's challenge is FFG's encounter under other names (a challenge for a base, the cone,
//! compromise and consolation), so its procedure plays FFG's phases; where the Complete Book
//! differs, the phases read a switch of its `Rules` and call the steps here: lucre
//! (`lucre.rs`: collected at the start of a turn, spent on tokens and cards, added to a main
//! player's total), kickers (`crate::kickers`, shared with FFG's reward deck: multiplying a
//! card's value, consolation or a failed deal's losses) and the timing order (`TimingOrder::OthersFirst`). Events cite the
//! Complete Book's sections (`sections.rs`).

mod hexes;
mod lucre;
mod praw;
mod reverse_cone;
mod sections;
mod two_player;

pub use hexes::HEX;
pub use sections::source;

use crate::components::Components;
use crate::edition::{Rules, TimingOrder, Variants};
use crate::game::{Flow, Game, GameError, Setup};
use crate::ids::PlayerId;
use crate::procedure::{Encounters, Procedure};
use crate::state::GameState;

/// Players an Eon game seats (six sets of tokens, §II; two players play §X's game).
pub const PLAYERS: std::ops::RangeInclusive<u8> = 2..=6;

/// The Complete Book's numbers with `variants` (only `lucre` is an Eon variant).
pub(crate) fn rules(variants: &Variants) -> Rules {
    Rules {
        edition: crate::edition::Edition::Eon,
        // §III.2: twenty tokens, four on each of five planets.
        planets_per_player: 5,
        ships_per_player: 20,
        ships_per_planet: 4,
        // §III.6: seven cards each.
        hand_size: 7,
        // §IV.1: five bases with the regular planet hexes, four with the unique ones.
        colonies_to_win: if variants.hexes { 4 } else { 5 },
        // §IX.2: the power works with tokens on three or more home planets.
        home_colonies_for_power: 3,
        // §V.6, §V.12: one to four tokens in the cone.
        max_committed_ships: 4,
        // §VI.2: three tokens each when no deal is made.
        failed_deal_ships: 3,
        deal_rounds: 3,
        // §IV.2, §VIII.5: a second challenge after a won attack or a deal.
        encounters_per_turn: 2,
        // §XV.1: one flare per player besides each power's own (set at dealing).
        base_flares_in_deck: 0,
        // §XV states no limit on flares per challenge.
        one_flare_per_encounter: false,
        turn_limit: 400,
        tech: false,
        hidden_powers: false,
        rotating_powers: false,
        // §XII: the players not in the challenge first, then the offense, then the defense.
        timing: TimingOrder::OthersFirst,
        // §XVII.2-3: four lucre at setup, one at the start of each turn.
        starting_lucre: if variants.lucre { 4 } else { 0 },
        lucre_income: if variants.lucre { 1 } else { 0 },
        // §V.13: kickers are played when the deck holds them.
        kickers: true,
        // §XIX.2: the warp above the praw (Expansion Set 9).
        praw: variants.praw,
        // §XX.2: the reverse cone (Expansion Set 9).
        reverse_cone: variants.reverse_cone,
        // §X: set with the seats (`Challenges::initial_state`).
        two_player: false,
        // §III.1, §XVIII: a planet hex dealt to each player.
        hexes: variants.hexes,
        hazards: crate::edition::Hazards::Off,
        rewards: false,
    }
}

/// Eon's turn: one or two challenges, each played on FFG's phases with Eon's switches; the
/// turn passes to the left (§VIII.5); five bases outside the home system win (§IV.1).
pub struct Challenges;

// Eon's turn, board, deal and invariants are FFG's: it differs in its rules' numbers and
// the steps its switches add inside the shared phases, not in the procedure, so everything
// but the seats is FFG's `Encounters`.
impl Procedure for Challenges {
    fn play_turn(&self, game: &mut Game<'_>) -> Flow {
        Encounters.play_turn(game)
    }

    fn next_player(&self, state: &GameState) -> PlayerId {
        Encounters.next_player(state)
    }

    fn winners(&self, game: &Game<'_>) -> Vec<PlayerId> {
        Encounters.winners(game)
    }

    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        PLAYERS
    }

    fn initial_state(
        &self,
        setup: &Setup,
        components: &Components,
        mut rules: Rules,
    ) -> Result<GameState, GameError> {
        // §X: two players play without the destiny flip and keep their power down to four
        // home bases.
        if setup.players == 2 {
            rules.two_player = true;
            rules.home_colonies_for_power = two_player::TWO_PLAYER_HOME_BASES_FOR_POWER;
        }
        Encounters.initial_state(setup, components, rules)
    }

    fn deal_setup(&self, game: &mut Game<'_>, prepared: &crate::game::Prepared) -> Flow {
        // §III.1: the hexes are dealt first, before anything else is set up.
        if game.state().rules.hexes {
            game.deal_hexes()?;
        }
        Encounters.deal_setup(game, prepared)
    }

    fn check(&self, state: &GameState, components: &Components) -> Result<(), String> {
        Encounters.check(state, components)
    }
}

impl Game<'_> {
    /// Eon's steps at the start of a challenge, before the token is regained (§VII steps 1
    /// and 2): lucre collected on the turn's first challenge, then tokens bought back.
    pub(crate) fn eon_challenge_start(&mut self) -> Flow {
        if self.state.rules.lucre() {
            if self.state.encounter.number <= 1 {
                self.collect_lucre();
            }
            self.buy_tokens()?;
        }
        Ok(())
    }

    /// Eon's steps after alliances and before the challenge cards (§VII steps 7 and 12):
    /// main players buy cards with lucre, then play kickers.
    pub(crate) fn eon_before_cards(&mut self) -> Flow {
        if self.state.rules.lucre() {
            self.buy_cards()?;
        }
        if self.state.rules.kickers {
            self.play_kickers()?;
        }
        Ok(())
    }
}
