//! Launch: the offense aims the gate at a planet of the defense's home system (unless destiny
//! already fixed it) and puts one to four ships from any of its colonies onto the gate.

use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Place, Rule};
use crate::game::{Flow, Game};

impl Game<'_> {
    pub(super) fn launch_phase(&mut self) -> Flow {
        let offense = self.state.offense;
        let defense = self.main(crate::ids::Side::Defense);
        let planet = match self.state.encounter.planet {
            Some(p) => p,
            None => {
                let mut options = self.choices();
                options.extend(self.state.home_planets(defense).map(Choice::Planet));
                match self.pick(offense, DecisionKind::LaunchPlanet, options)? {
                    Choice::Planet(p) => p,
                    _ => {
                        return Err(
                            crate::game::GameError::Stuck("no planet to aim at".into()).into()
                        )
                    }
                }
            }
        };
        self.state.encounter.planet = Some(planet);
        self.emit(Rule::Launch, EventKind::GateAimed { planet });
        self.window(crate::hooks::Window::GateAimed)?;
        let base = self.state.rules.max_committed_ships as i32;
        let max = self
            .quantity(crate::quantity::Quantity::MaxShips(offense), base)
            .clamp(0, u8::MAX as i32) as u8;
        let already = self.state.encounter.gate[offense.ix()];
        let room = max.saturating_sub(already);
        let min = u8::from(already == 0);
        self.commit_ships(
            offense,
            DecisionKind::LaunchShips,
            Place::Gate,
            min..=room,
            false,
            Rule::Launch,
        )?;
        Ok(())
    }
}
