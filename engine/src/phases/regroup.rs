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

    /// The offense takes one ship from the warp to a colony (to the gate with none). With
    /// Eon's praw it may raise a token from the praw to the warp instead (§V.3, §XIX.2).
    pub(crate) fn retrieve_one(&mut self, offense: crate::ids::PlayerId, rule: Rule) -> Flow {
        let (warp, praw) = {
            let pl = &self.state.players[offense.ix()];
            (pl.warp, pl.praw)
        };
        if warp == 0 && praw == 0 {
            return Ok(());
        }
        // Content may send the ship elsewhere than a colony (with Eon's praw the choice of
        // raising a token instead comes first, so content is not asked then).
        if warp > 0
            && praw == 0
            && self.may_act_at(crate::hooks::Window::Retrieval)
            && self.retrieval_replaced(offense, 1, rule)? == 0
        {
            return Ok(());
        }
        let mut colonies = self.choices();
        if warp > 0 {
            colonies.extend(self.state.colonies(offense).map(Choice::Planet));
        }
        let homeless = if warp > 0 {
            colonies.is_empty()
        } else {
            self.state.colonies(offense).next().is_none()
        };
        if homeless {
            // With no base, a token from the warp or the praw goes into the cone (§V.3):
            // from the praw, the deeper loss, when there is one there.
            let from = if praw > 0 { Place::Praw } else { Place::Warp };
            self.move_ships(offense, from, Place::Gate, 1, Rule::RegroupNoColonies);
            return Ok(());
        }
        if praw > 0 {
            colonies.push(Choice::RaiseFromPraw);
        }
        match self.pick(offense, DecisionKind::RegroupColony, colonies)? {
            Choice::Planet(planet) => {
                self.move_ships(offense, Place::Warp, Place::Planet(planet), 1, rule)
            }
            Choice::RaiseFromPraw => {
                self.move_ships(offense, Place::Praw, Place::Warp, 1, Rule::RaiseFromPraw)
            }
            _ => {}
        }
        Ok(())
    }
}
