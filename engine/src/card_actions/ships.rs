//! Card actions on ships: joining or leaving an alliance outside the invitations, ships
//! sheltered or held hostage, sent into or out of the encounter, the gate aimed by text,
//! colonies given, ship tokens placed.

use crate::decision::{Choice, DecisionKind};
use crate::event::{Cause, EventKind, Place, Rule};
use crate::game::{Flow, Game};
use crate::ids::{PlanetId, PlayerId, Side};

impl Game<'_> {
    /// `p` allies with `side` at once, invited or not, and commits its ships. A main player
    /// may ally with the other side, against itself: its ships count for each side where
    /// they are (the gate or beside the planet) and share that side's fate.
    pub fn join_side(&mut self, p: PlayerId, side: Side, source: u32) -> Flow {
        let s = &self.state;
        if s.encounter.ally[p.ix()].is_some() || s.side_of(p) == Some(side) || !s.has_colony(p) {
            return Ok(());
        }
        if self.barred_from(p, side) {
            return Ok(());
        }
        // A decided encounter takes no more allies: ships committed after its outcome would
        // miss the resolution that sends the encounter's ships on.
        if s.encounter.decided.is_some() || s.encounter.outcome.is_some() {
            return Ok(());
        }
        self.state.encounter.ally[p.ix()] = Some(side);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AllianceJoined { player: p, side },
        );
        self.commit_ally_ships(p, side)
    }

    /// Main player `by` invites `p` to ally with its side once the invitations have been
    /// answered (`Window::AlliancesFormed`): `p` answers at once, joining a side that invited
    /// it (committing ships) or neither, as an invited player answers in the alliance phase.
    /// Nothing happens if `by` is no main player or may not invite (`Quantity::MayInvite`),
    /// `p` is a main player or an ally already, or the encounter is decided.
    pub fn invite_to_ally(&mut self, by: PlayerId, p: PlayerId, source: u32) -> Flow {
        let s = &self.state;
        let Some(side) = s.side_of(by).filter(|_| s.is_main_player(by)) else {
            return Ok(());
        };
        if s.is_main_player(p) || s.encounter.ally[p.ix()].is_some() {
            return Ok(());
        }
        if s.encounter.decided.is_some() || s.encounter.outcome.is_some() {
            return Ok(());
        }
        // Content may forbid it to invite anyone (`my ally invitations`).
        if self.quantity(crate::quantity::Quantity::MayInvite(by), 1) == 0 {
            return Ok(());
        }
        let e = &mut self.state.encounter;
        match side {
            Side::Offense => e.invited_by_offense |= 1 << p.0,
            Side::Defense => e.invited_by_defense |= 1 << p.0,
        }
        let mut players = crate::ids::Seats::default();
        players.push(p);
        self.emit_caused(Cause::Ability(source), EventKind::Invited { by, players });
        self.answer_invitations(p)
    }

    /// `p` allies with `side` at once, invited or not, committing no ships: it may not
    /// commit any later in the encounter (an ally is not asked again), and without ships in
    /// the encounter it gains nothing if its side wins.
    pub fn join_side_without_ships(&mut self, p: PlayerId, side: Side, source: u32) {
        let s = &self.state;
        if s.encounter.ally[p.ix()].is_some() || s.side_of(p) == Some(side) || s.is_main_player(p) {
            return;
        }
        if self.barred_from(p, side) {
            return;
        }
        if s.encounter.decided.is_some() || s.encounter.outcome.is_some() {
            return;
        }
        self.state.encounter.ally[p.ix()] = Some(side);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AllianceJoined { player: p, side },
        );
    }

    /// `p`, not a main player, allies with both sides at once: it commits ships to each
    /// side it is not on yet (one to its limit each), and they share that side's fate where
    /// they are. Its role stays the side it joined first (the offense's when it joined none).
    pub fn join_both_sides(&mut self, p: PlayerId, source: u32) -> Flow {
        let s = &self.state;
        if s.is_main_player(p) || s.encounter.decided.is_some() || s.encounter.outcome.is_some() {
            return Ok(());
        }
        let first = s.encounter.ally[p.ix()];
        let mut role = first;
        for side in Side::BOTH {
            if first == Some(side) || !self.state.has_colony(p) || self.barred_from(p, side) {
                continue;
            }
            role.get_or_insert(side);
            self.state.encounter.ally[p.ix()] = Some(side);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::AllianceJoined { player: p, side },
            );
            self.commit_ally_ships(p, side)?;
        }
        self.state.encounter.ally[p.ix()] = role;
        Ok(())
    }

    /// `p`'s ships on `planet` share it whatever other players' card text says, for as long
    /// as they stay there: no other player's text moves them off it.
    pub fn shelter(&mut self, p: PlayerId, planet: PlanetId) {
        if !self.state.sheltered.contains(&(planet, p)) {
            self.state.sheltered.push((planet, p));
        }
    }

    /// `p`'s ships on `planet` are held hostage there by the card text `holder` (a key the
    /// hooks give: whose text, from which card) until the encounter ends: no other card
    /// text, their owner's included, moves them off it.
    pub fn take_hostage(&mut self, p: PlayerId, planet: PlanetId, holder: u32) {
        let hostages = &mut self.state.encounter.hostages;
        if !hostages.iter().any(|&(pl, q, _)| (pl, q) == (planet, p)) {
            hostages.push((planet, p, holder));
        }
    }

    /// Whether the card text `holder` may not move `p`'s ships off `planet`: other card
    /// text holds them hostage there.
    pub fn is_hostage(&self, p: PlayerId, planet: PlanetId, holder: u32) -> bool {
        (self.state.encounter.hostages.iter())
            .any(|&(pl, q, h)| (pl, q) == (planet, p) && h != holder)
    }

    /// Whether the card text `holder` may not move `planet` with the ships on it: other card
    /// text holds ships hostage there.
    pub fn holds_hostages(&self, planet: PlanetId, holder: u32) -> bool {
        (self.state.encounter.hostages.iter()).any(|&(pl, _, h)| pl == planet && h != holder)
    }

    /// Whether `p`'s ships on `planet` are sheltered there.
    pub fn is_sheltered(&self, p: PlayerId, planet: PlanetId) -> bool {
        self.state.sheltered.contains(&(planet, p))
    }

    /// `n` of `p`'s ships at `from` are placed on `planet` by card text: they arrive without
    /// landing (nothing answers or replaces a landing), a colony if there was none.
    pub fn place_ships(&mut self, p: PlayerId, from: Place, planet: PlanetId, n: u8) {
        self.move_ships(p, from, Place::Planet(planet), n, Rule::CardText);
    }

    /// `p` leaves its alliance: its ships in the encounter return to its colonies.
    pub fn leave_alliance(&mut self, p: PlayerId, source: u32) -> Flow {
        let Some(side) = self.state.encounter.ally[p.ix()] else {
            return Ok(());
        };
        // Only the ships it committed as an ally (a main player allied against itself keeps
        // its own).
        let place = match side {
            Side::Offense => Place::Gate,
            Side::Defense => Place::Beside,
        };
        let n = self.ships_at(p, place);
        self.return_ships(p, place, n, Rule::CardText)?;
        self.state.encounter.ally[p.ix()] = None;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AllianceDeclined { player: p },
        );
        Ok(())
    }

    /// `n` of `p`'s ships at `from` (the warp or a colony) join the encounter on `p`'s side
    /// (outside the usual limit on ships committed).
    pub fn ships_to_encounter(&mut self, p: PlayerId, from: Place, n: u8) {
        let Some(side) = self.state.side_of(p) else {
            return;
        };
        let to = match side {
            Side::Offense => Place::Gate,
            Side::Defense if Some(p) == self.state.encounter.defense => {
                Place::Planet(self.target())
            }
            Side::Defense => Place::Beside,
        };
        self.move_ships(p, from, to, n, Rule::CardText);
    }

    /// `n` of `p`'s ships leave the encounter at `from` for colonies of `p`'s other than
    /// `from`; with no other colony they stay.
    pub fn withdraw_ships(&mut self, p: PlayerId, from: Place, n: u8) -> Flow {
        let n = n.min(self.ships_at(p, from));
        let places: Vec<(Place, u8)> = self
            .state
            .colonies(p)
            .map(Place::Planet)
            .filter(|&c| c != from)
            .map(|c| (c, n))
            .collect();
        if n == 0 || places.is_empty() {
            return Ok(());
        }
        let counts = self.ask_ships(p, DecisionKind::ReturnShips, places.clone(), n, n)?;
        for ((place, _), k) in places.into_iter().zip(counts) {
            self.move_ships(p, from, place, k, Rule::CardText);
        }
        Ok(())
    }

    /// `offense` has its encounter with `defense` instead, at a planet `offense` chooses
    /// among `defense`'s home planets and colonies (`anywhere`) or its home planets only.
    pub fn aim_gate_at(
        &mut self,
        offense: PlayerId,
        defense: PlayerId,
        anywhere: bool,
        source: u32,
    ) -> Flow {
        if defense == offense {
            return Ok(());
        }
        let mut planets: Vec<Choice> = self
            .state
            .home_planets(defense)
            .map(Choice::Planet)
            .collect();
        if anywhere {
            for c in self.state.colonies(defense) {
                if c.owner != defense {
                    planets.push(Choice::Planet(c));
                }
            }
        }
        // A player with no planet to attack (its home planets stolen or destroyed, and no
        // colony where `anywhere` allows): the encounter stays as it was.
        if planets.is_empty() {
            return Ok(());
        }
        let Choice::Planet(planet) = self.pick(offense, DecisionKind::LaunchPlanet, planets)?
        else {
            return Ok(());
        };
        self.state.encounter.defense = Some(defense);
        self.state.encounter.planet = Some(planet);
        self.emit_caused(Cause::Ability(source), EventKind::DefenseNamed { defense });
        Ok(())
    }

    /// The offense's encounter is at `planet` instead: the gate is aimed there (before the
    /// launch) and the player whose home system holds it is the defense. Nothing happens if
    /// that is the offense itself.
    pub fn aim_gate_at_planet(&mut self, planet: PlanetId, source: u32) {
        let defense = planet.owner;
        if defense == self.state.offense {
            return;
        }
        self.state.encounter.defense = Some(defense);
        self.state.encounter.planet = Some(planet);
        self.emit_caused(Cause::Ability(source), EventKind::DefenseNamed { defense });
    }

    /// `p` places `n` ships from `from` on a home planet of `host`'s that `p` chooses.
    pub fn colonize_home(&mut self, p: PlayerId, host: PlayerId, from: Place, n: u8) -> Flow {
        let planets: Vec<Choice> = self
            .state
            .planets
            .iter()
            .filter(|pl| pl.id.owner == host)
            .map(|pl| Choice::Planet(pl.id))
            .collect();
        if planets.is_empty() || n == 0 {
            return Ok(());
        }
        if let Choice::Planet(planet) = self.pick(p, DecisionKind::CardChoice, planets)? {
            self.land_alone(p, from, planet, n, Rule::CardText)?;
        }
        Ok(())
    }

    /// `p` takes the ships of an unused player color into its fleet: as many as a player
    /// has, that many more on each of its home colonies as setup places on a home planet,
    /// the rest in the warp. Nothing happens when every color is in play or taken.
    pub fn take_unused_fleet(&mut self, p: PlayerId, source: u32) {
        let Some(color) = self.state.unused_colors().next() else {
            return;
        };
        self.state.players[p.ix()].fleets.push(color);
        let (fleet, per_planet) = (
            self.state.rules.ships_per_player,
            self.state.rules.ships_per_planet,
        );
        // Only where it has a colony already (every home planet at setup), so that no colony,
        // and so neither the colony track nor the power, changes.
        let homes: Vec<PlanetId> = (self.state.home_planets(p))
            .filter(|&h| self.state.ships_on(h, p) > 0)
            .collect();
        let mut placed: u8 = 0;
        for planet in homes {
            let n = per_planet.min(fleet - placed);
            self.state.planet_ships_mut(planet)[p.ix()] += n;
            placed += n;
        }
        self.state.players[p.ix()].warp += fleet - placed;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::FleetTaken {
                player: p,
                color,
                ships: fleet,
            },
        );
    }

    /// `p` adds a ship token of kind `key` to its fleet on `planet` (one of its colonies):
    /// one more ship of its own, held with `tech` when a tech's text adds it.
    pub fn place_ship_token(
        &mut self,
        p: PlayerId,
        planet: PlanetId,
        key: u32,
        tech: Option<u16>,
        source: u32,
    ) {
        if self.state.ships_on(planet, p) == 0 {
            return;
        }
        self.state.planet_ships_mut(planet)[p.ix()] += 1;
        let place = Place::Planet(planet);
        let token = crate::state::ShipToken {
            tech,
            ..crate::state::ShipToken::new(p, key, place)
        };
        self.state.ship_tokens.push(token);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::ShipTokenPlaced {
                player: p,
                key,
                place,
            },
        );
    }

    /// The ship tokens held with `p`'s tech `tech` leave the game with it.
    pub(crate) fn remove_tech_ship_tokens(&mut self, p: PlayerId, tech: u16, rule: Rule) {
        while let Some(i) =
            (self.state.ship_tokens.iter()).position(|t| t.owner == p && t.tech == Some(tech))
        {
            let t = self.state.ship_tokens.remove(i);
            // One ship fewer where it was: moved out of play, then out of the fleet.
            self.move_ships(p, t.place, Place::Removed, 1, rule);
            let removed = &mut self.state.players[p.ix()].removed;
            *removed = removed.saturating_sub(1);
            self.emit(
                rule,
                EventKind::ShipTokenRemoved {
                    player: p,
                    key: t.key,
                },
            );
        }
    }

    /// `p` lands `n` ships from `from` on `planet` (a colony there if it had none).
    pub fn land_on_planet(&mut self, p: PlayerId, planet: PlanetId, from: Place, n: u8) -> Flow {
        self.land_alone(p, from, planet, n, Rule::CardText)?;
        Ok(())
    }

    /// `p` lands `n` ships from `from` on the encounter's target planet (a colony there,
    /// beside whoever is already on it).
    pub fn land_on_target(&mut self, p: PlayerId, from: Place, n: u8) -> Flow {
        let planet = self.target();
        self.land_on_planet(p, planet, from, n)
    }
}
