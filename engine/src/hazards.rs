//! The hazard deck variant (Cosmic Conflict): a deck of hazards, shuffled at setup, from which
//! the offense draws one in an encounter whose destiny draws showed a hazard warning (whether
//! that destiny card was used or drawn again; later warnings add nothing), at the end of the
//! destiny phase, so before allies are invited. With extremely hazardous, every encounter
//! draws one. A hazard takes effect through `Hooks::hazard` and is discarded to its own
//! discard pile when the encounter is cleaned up; an empty deck takes its discard pile back,
//! and never quakes.

use crate::components::Components;
use crate::edition::Hazards;
use crate::event::{Cause, EventKind, Place, Rule};
use crate::game::{Flow, Game};

/// The hazard deck before it is shuffled: every copy of every hazard.
pub(crate) fn deck(components: &Components) -> Vec<u16> {
    (components.hazards.iter().enumerate())
        .flat_map(|(h, d)| std::iter::repeat_n(h as u16, d.count as usize))
        .collect()
}

impl Game<'_> {
    /// The end of the destiny phase: the offense draws the encounter's hazard, if one is due
    /// and none was drawn yet, and it takes effect.
    pub(crate) fn hazard_step(&mut self) -> Flow {
        let due = match self.state.rules.hazards {
            Hazards::Off => return Ok(()),
            Hazards::OnWarning => self.state.encounter.hazard_warning,
            Hazards::EveryEncounter => true,
        };
        if !due || self.state.encounter.hazard.is_some() {
            return Ok(());
        }
        if self.state.hazards.draw.is_empty() && !self.state.hazards.discard.is_empty() {
            self.state.hazards.reshuffle(&mut self.rng);
            self.emit(Rule::Hazard, EventKind::HazardDeckReshuffled);
        }
        // A deck with no card at all (no hazard in the library) draws nothing.
        let Some(hazard) = self.state.hazards.draw.pop() else {
            return Ok(());
        };
        self.state.encounter.hazard = Some(hazard);
        let player = self.state.offense;
        // In play from its draw on (before the event, which the invariants observe).
        if self.components.hazards[hazard as usize].remains_in_play {
            self.state.hazards_in_play.push(hazard);
        }
        self.emit(Rule::Hazard, EventKind::HazardDrawn { player, hazard });
        self.hooks().hazard(hazard, player, self)
    }

    /// Encounter cleanup: the encounter's hazard goes to the hazard discard pile, unless it
    /// remains in play.
    pub(crate) fn discard_hazard(&mut self) {
        let Some(hazard) = self.state.encounter.hazard.take() else {
            return;
        };
        // Gone already if card text discarded it from play during its own encounter.
        let remains = self.components.hazards[hazard as usize].remains_in_play;
        if !remains {
            self.state.hazards.discard.push(hazard);
            self.emit(Rule::Hazard, EventKind::HazardDiscarded { hazard });
        } else if self.state.hazards_in_play.contains(&hazard) {
            self.emit(Rule::Hazard, EventKind::HazardRemains { hazard });
        }
    }

    /// Card text (`source`) discards `hazard` from play, if it is in play: the ships on it
    /// go back to their owners' colonies, it goes to the hazard discard pile and the effects
    /// lasting while it is in play end with it.
    pub fn discard_hazard_from_play(&mut self, hazard: u16, source: u32) -> Flow {
        if !self.state.hazards_in_play.contains(&hazard) {
            return Ok(());
        }
        let on_it: Vec<_> = (self.state.hazard_ships.iter())
            .filter(|x| x.hazard == hazard && x.ships > 0)
            .map(|x| x.owner)
            .collect();
        for owner in on_it {
            let ships = self.ships_at(owner, Place::Hazard(hazard));
            let outer = self.set_acting(Some(source));
            let result = self.return_ships(owner, Place::Hazard(hazard), ships, Rule::CardText);
            self.set_acting(outer);
            result?;
        }
        self.state.hazard_ships.retain(|x| x.hazard != hazard);
        let Some(i) = (self.state.hazards_in_play.iter()).position(|&h| h == hazard) else {
            return Ok(());
        };
        self.state.hazards_in_play.remove(i);
        self.state.hazards.discard.push(hazard);
        let cause = Cause::Ability(source);
        self.emit_caused(cause, EventKind::HazardDiscarded { hazard });
        let ended = self.state.effects.end_in_play(hazard);
        self.effects_changed();
        for (player, source) in ended {
            let ended_by = Cause::Ability(source);
            self.emit_caused(ended_by, EventKind::EffectEnded { player, source });
        }
        self.update_powers(cause);
        Ok(())
    }
}
