//! Card actions on planets: destroyed, kept on a sheet, created, moved between systems
//! and traded.

use crate::event::{Cause, EventKind, Place, Rule};
use crate::game::{Flow, Game};
use crate::ids::{CardId, PlanetId, PlayerId};

impl Game<'_> {
    /// Puts an empty planet `id` on the table, in planet order.
    fn place_empty_planet(&mut self, id: PlanetId) {
        let planets = &mut self.state.planets;
        let at = planets.partition_point(|pl| pl.id < id);
        let ships = [0; crate::ids::MAX_PLAYERS];
        planets.insert(at, crate::state::Planet { id, ships });
        // The planets after it moved along: their colony masks are counted again.
        self.state.colonies_stale();
    }

    /// Empties `planet` and takes it off the table (destroyed, or moved elsewhere): every
    /// ship on it goes to the warp, cards set beside it are discarded, tokens beside it are
    /// taken away.
    fn clear_and_lift_planet(&mut self, planet: PlanetId, source: u32) -> Flow {
        for p in self.state.seats().collect::<Vec<_>>() {
            let n = self.state.ships_on(planet, p);
            self.send_to_warp(p, Place::Planet(planet), n, Rule::CardText)?;
        }
        let beside: Vec<CardId> = self.state.cards_beside(planet).collect();
        for card in beside {
            self.discard_anywhere(card, source);
        }
        self.state
            .planet_tokens
            .retain(|t| t.planet != Some(planet));
        // Ships sent away by answers to the warp may have landed again: they go too.
        for p in self.state.seats().collect::<Vec<_>>() {
            let n = self.state.ships_on(planet, p);
            self.move_ships(p, Place::Planet(planet), Place::Warp, n, Rule::CardText);
        }
        self.state.planets.retain(|pl| pl.id != planet);
        self.state.colonies_stale();
        Ok(())
    }

    /// Card text destroys `planet`: every ship on it goes to the warp, cards set beside it
    /// are discarded, tokens beside it are taken away, and it leaves the game.
    pub fn destroy_planet(&mut self, planet: PlanetId, source: u32) -> Flow {
        if !self.state.planet_exists(planet) {
            return Ok(());
        }
        self.clear_and_lift_planet(planet, source)?;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetDestroyed { planet },
        );
        Ok(())
    }

    /// Card text sets `planet` on `p`'s alien sheet: it is destroyed (its ships go to the
    /// warp, what lies beside it goes) and counts as one of `p`'s foreign colonies toward its
    /// win for the rest of the game.
    pub fn keep_planet(&mut self, p: PlayerId, planet: PlanetId, source: u32) -> Flow {
        if !self.state.planet_exists(planet) {
            return Ok(());
        }
        self.destroy_planet(planet, source)?;
        let kept = &mut self.state.players[p.ix()].sheet_planets;
        *kept = kept.saturating_add(1);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetKept { player: p, planet },
        );
        Ok(())
    }

    /// Card text creates a planet at the end of `owner`'s home system (a home planet like
    /// the others) and returns it; none once the system holds as many planets as a planet's
    /// number can count.
    pub fn create_planet(&mut self, owner: PlayerId, source: u32) -> Option<PlanetId> {
        let id = self.next_planet(owner)?;
        self.place_empty_planet(id);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetCreated { planet: id },
        );
        Some(id)
    }

    /// The identity a planet added at the end of `owner`'s home system takes; none once the
    /// system holds as many planets as a planet's number can count.
    fn next_planet(&self, owner: PlayerId) -> Option<PlanetId> {
        let s = &self.state;
        let n = match s.home_planets(owner).last() {
            None => 0,
            Some(id) => id.n.checked_add(1)?,
        }
        .max(s.rules.planets_per_player);
        Some(PlanetId { owner, n })
    }

    /// Card text moves `planet` from its home system to the end of `to`'s, where it is a
    /// home planet like the others; returns it there. Every ship on it goes to the warp
    /// first, cards set beside it are discarded and tokens beside it taken away (they belong
    /// to where it stood). Nothing moves if it is in `to`'s system already or `to`'s system
    /// is full.
    pub fn move_planet(
        &mut self,
        planet: PlanetId,
        to: PlayerId,
        source: u32,
    ) -> Flow<Option<PlanetId>> {
        if !self.state.planet_exists(planet) || planet.owner == to {
            return Ok(None);
        }
        let Some(id) = self.next_planet(to) else {
            return Ok(None);
        };
        self.clear_and_lift_planet(planet, source)?;
        self.place_empty_planet(id);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetMoved {
                from: planet,
                to: id,
            },
        );
        Ok(Some(id))
    }

    /// Card text trades two planets of different home systems: each moves to the end of the
    /// other's system, a home planet there like the others, with the ships on it (colonies
    /// there become home or foreign as the system says); cards set beside them are discarded
    /// and tokens beside them taken away, as when a planet moves. Returns where `a` and `b`
    /// went; nothing moves if either is gone, both are in one system or a system is full.
    pub fn trade_planets(
        &mut self,
        a: PlanetId,
        b: PlanetId,
        source: u32,
    ) -> Flow<Option<(PlanetId, PlanetId)>> {
        let s = &self.state;
        if !s.planet_exists(a) || !s.planet_exists(b) || a.owner == b.owner {
            return Ok(None);
        }
        let Some(a_to) = self.next_planet(b.owner) else {
            return Ok(None);
        };
        self.place_empty_planet(a_to);
        let Some(b_to) = self.next_planet(a.owner) else {
            self.state.planets.retain(|pl| pl.id != a_to);
            self.state.colonies_stale();
            return Ok(None);
        };
        self.place_empty_planet(b_to);
        for (from, to) in [(a, a_to), (b, b_to)] {
            for p in self.state.seats().collect::<Vec<_>>() {
                let n = self.state.ships_on(from, p);
                self.move_ships(p, Place::Planet(from), Place::Planet(to), n, Rule::CardText);
            }
        }
        for (from, to) in [(a, a_to), (b, b_to)] {
            self.clear_and_lift_planet(from, source)?;
            self.emit_caused(Cause::Ability(source), EventKind::PlanetMoved { from, to });
        }
        Ok(Some((a_to, b_to)))
    }
}
