//! Start turn: with rotating powers the offense may change its alien; an offense without
//! encounter cards discards its hand and draws a new one.

use crate::event::Rule;
use crate::game::{Flow, Game};

impl Game<'_> {
    pub(super) fn start_turn_phase(&mut self) -> Flow {
        let offense = self.state.offense;
        if self.state.rules.rotating_powers && self.state.encounter.number <= 1 {
            self.rotate_alien()?;
        }
        if self.needs_new_hand(offense) {
            self.new_hand_until_encounter_card(offense, Rule::NewHand)?;
        }
        if self.state.rules.edition == crate::edition::Edition::Eon {
            self.eon_challenge_start()?;
        }
        Ok(())
    }
}
