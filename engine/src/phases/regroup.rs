//! Regroup: the offense retrieves one ship from the warp to a colony of its choice, or to the
//! gate when it has no colony at all.

use crate::decision::{Choice, DecisionKind};
use crate::event::{Place, Rule};
use crate::game::{Flow, Game};
use crate::quantity::Quantity;

impl Game<'_> {
    pub(super) fn regroup_phase(&mut self) -> Flow {
        let offense = self.state.offense;
        // Content may change how many ships come back (e.g. a card drawn instead).
        let n = self.quantity(Quantity::RegroupShips(offense), 1);
        for _ in 0..n.max(0) {
            self.retrieve_one(offense, Rule::Regroup)?;
        }
        Ok(())
    }

    /// The offense takes one ship from the warp to a colony (to the gate with none).
    pub(crate) fn retrieve_one(&mut self, offense: crate::ids::PlayerId, rule: Rule) -> Flow {
        if self.state.players[offense.ix()].warp == 0 {
            return Ok(());
        }
        let mut colonies = self.choices();
        colonies.extend(self.state.colonies(offense).map(Choice::Planet));
        if colonies.is_empty() {
            self.move_ships(
                offense,
                Place::Warp,
                Place::Gate,
                1,
                Rule::RegroupNoColonies,
            );
            return Ok(());
        }
        if let Choice::Planet(planet) = self.pick(offense, DecisionKind::RegroupColony, colonies)? {
            self.move_ships(offense, Place::Warp, Place::Planet(planet), 1, rule);
        }
        Ok(())
    }
}
