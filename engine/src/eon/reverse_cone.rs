//! Eon's reverse cone (the Complete Book §XX.2, Expansion Set 9): one star disc of each
//! color carries the reverse-cone sticker; when it is flipped, the cone is reversed for that
//! challenge and the winning allies' gains swap sides. Winning offensive allies take their
//! tokens home with one reward (a card or a token) per token; winning defensive allies
//! establish a base on the challenged planet. Losing allies still go to the warp. Card text
//! reverses the gains the same way in any edition (`Game::reverse_allies_gains`).

use crate::event::{EventKind, Place, Rule};
use crate::game::{Flow, Game};
use crate::ids::DestinyId;
use crate::quantity::Quantity;

impl Game<'_> {
    /// The disc just flipped sets the cone's side for the challenge (§V.4, §XX.2).
    pub(crate) fn turn_cone(&mut self, disc: DestinyId) {
        let reversed = self.state.destiny_cards[disc.0 as usize].reverse_cone;
        self.state.encounter.reversed = reversed;
        if reversed {
            self.emit(Rule::ReverseCone, EventKind::ConeReversed);
        }
    }

    /// The rule the reversed gains are done under: Eon's reverse cone, or in another edition
    /// the card text that reversed them (an FFG game never cites Eon's sections).
    fn reversed_gains_rule(&self) -> Rule {
        if self.state.rules.edition == crate::edition::Edition::Eon {
            Rule::ReversedGains
        } else {
            Rule::CardText
        }
    }

    /// The offense won with the cone reversed: each offensive ally takes its tokens back to
    /// its bases and one reward per token, as a winning defensive ally would (§VI.1, §XX.2).
    pub(crate) fn reversed_offensive_allies(&mut self) -> Flow {
        let offense = self.state.offense;
        for p in self.timing_order() {
            let n = self.state.encounter.gate[p.ix()];
            if p == offense || n == 0 {
                continue;
            }
            self.return_ships(p, Place::Gate, n, self.reversed_gains_rule())?;
            let rewards = self
                .quantity(Quantity::Rewards(p), n as i32)
                .clamp(0, u8::MAX as i32);
            self.defender_rewards(p, rewards as u8, self.reversed_gains_rule())?;
        }
        Ok(())
    }

    /// The defense won with the cone reversed: each defensive ally lands its tokens on the
    /// challenged planet, a base there; tokens that cannot land (the planet is gone) go back
    /// to their bases (§XX.2). Landing together, they share a win.
    pub(crate) fn reversed_defensive_allies(&mut self) -> Flow {
        let planet = self.target();
        let rule = self.reversed_gains_rule();
        let mut landed = 0u8;
        for p in self.timing_order() {
            let n = self.state.encounter.beside[p.ix()];
            if n == 0 {
                continue;
            }
            if self.state.planet_exists(planet) {
                if self.land_ships(p, Place::Beside, planet, n, rule)? > 0 {
                    landed |= 1 << p.0;
                }
            } else {
                self.return_ships(p, Place::Beside, n, rule)?;
            }
        }
        self.answer_landing(planet, landed, rule)?;
        self.check_win()
    }
}
