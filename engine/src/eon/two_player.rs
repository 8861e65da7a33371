//! Eon's two-player game (the Complete Book §X): the destiny pile only decides the first
//! player; each challenge is made in the opponent's system, or against the opponent's base
//! in one's own system. There are no alliances (nobody else is at the table), and a power is
//! lost only below four home bases (set with the seats, `Challenges::initial_state`).

use crate::decision::{Choice, DecisionKind};
use crate::game::{Flow, Game};
use crate::ids::PlayerId;

/// Home bases below which a power is lost in the two-player game (§X).
pub(super) const TWO_PLAYER_HOME_BASES_FOR_POWER: u8 = 4;

impl Game<'_> {
    /// Where the offense challenges without a destiny flip (§X): the opponent's system (it
    /// picks the planet at launch), or one of the opponent's bases in its own system.
    /// Returns the defense, and the planet when it is a base at home.
    pub(crate) fn two_player_target(&mut self) -> Flow<(PlayerId, Option<crate::ids::PlanetId>)> {
        let offense = self.state.offense;
        let opponent = self
            .state
            .seats()
            .find(|&p| p != offense)
            .unwrap_or(offense);
        let mut options = self.choices();
        if self.state.has_home_planets(opponent) {
            options.push(Choice::Player(opponent));
        }
        for planet in self.state.home_planets(offense) {
            if self.state.ships_on(planet, opponent) > 0 {
                options.push(Choice::DriveOut {
                    planet,
                    player: opponent,
                });
            }
        }
        if options.is_empty() {
            // Nothing to challenge (card text destroyed the opponent's planets and it has
            // no base here): the opponent's system is named anyway, as destiny would.
            return Ok((opponent, None));
        }
        Ok(
            match self.pick(offense, DecisionKind::ChallengeTarget, options)? {
                Choice::DriveOut { planet, player } => (player, Some(planet)),
                _ => (opponent, None),
            },
        )
    }
}
