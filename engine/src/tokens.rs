//! Tokens card text puts beside planets or keeps on a sheet: placed face up or face down (its
//! kind then seen by its owner alone), taken from the sheet, turned face up, taken back.

use crate::event::{Cause, EventKind};
use crate::game::Game;
use crate::ids::{PlanetId, PlayerId};

impl Game<'_> {
    /// `p` puts a token of kind `key` beside `planet`, face down if `face_down` (its kind
    /// seen by `p` alone).
    pub fn place_planet_token(
        &mut self,
        p: PlayerId,
        planet: PlanetId,
        key: u32,
        face_down: bool,
        source: u32,
    ) {
        if !self.state.planet_exists(planet) {
            return;
        }
        self.state.planet_tokens.push(crate::state::PlanetToken {
            planet: Some(planet),
            key,
            owner: p,
            face_down,
        });
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetTokenPlaced {
                player: p,
                planet,
                key,
                face_down,
                from_sheet: false,
            },
        );
    }

    /// `p` puts one of the tokens of kind `key` it keeps on its sheet face down beside
    /// `planet`; nothing if it keeps none of that kind.
    pub fn place_sheet_token(&mut self, p: PlayerId, planet: PlanetId, key: u32, source: u32) {
        if !self.state.planet_exists(planet) {
            return;
        }
        let kept = (self.state.planet_tokens.iter_mut())
            .find(|t| t.owner == p && t.planet.is_none() && t.key == key);
        let Some(token) = kept else {
            return;
        };
        token.planet = Some(planet);
        token.face_down = true;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetTokenPlaced {
                player: p,
                planet,
                key,
                face_down: true,
                from_sheet: true,
            },
        );
    }

    /// `p`'s tokens beside `planet` go back onto its sheet, face down.
    pub fn return_planet_tokens(&mut self, p: PlayerId, planet: PlanetId, source: u32) {
        let mut count = 0u8;
        for t in (self.state.planet_tokens.iter_mut())
            .filter(|t| t.owner == p && t.planet == Some(planet))
        {
            t.planet = None;
            t.face_down = true;
            count = count.saturating_add(1);
        }
        if count > 0 {
            self.emit_caused(
                Cause::Ability(source),
                EventKind::PlanetTokensReturned {
                    player: p,
                    planet,
                    count,
                },
            );
        }
    }

    /// `p`'s face-down tokens beside `planet` are turned face up, for every player to see;
    /// whether any was.
    pub fn reveal_planet_tokens(&mut self, p: PlayerId, planet: PlanetId, source: u32) -> bool {
        let mut shown = Vec::new();
        for t in (self.state.planet_tokens.iter_mut())
            .filter(|t| t.owner == p && t.planet == Some(planet) && t.face_down)
        {
            t.face_down = false;
            shown.push(t.key);
        }
        let any = !shown.is_empty();
        for key in shown {
            self.emit_caused(
                Cause::Ability(source),
                EventKind::PlanetTokenRevealed {
                    player: p,
                    planet,
                    key,
                },
            );
        }
        any
    }

    /// `p` takes back its tokens of kind `key` from beside the planets.
    pub fn remove_planet_tokens(&mut self, p: PlayerId, key: u32, source: u32) {
        let before = self.state.planet_tokens.len();
        (self.state.planet_tokens)
            .retain(|t| !(t.owner == p && t.key == key && t.planet.is_some()));
        if self.state.planet_tokens.len() != before {
            self.emit_caused(
                Cause::Ability(source),
                EventKind::PlanetTokensRemoved { player: p, key },
            );
        }
    }
}
