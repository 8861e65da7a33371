//! Eon's warp above the praw (the Complete Book §XIX.2, Expansion Set 9): when the tokens in
//! the warp, all players' together, reach critical mass (three per player), they all drop
//! into the praw. Wherever a token may be released from the warp (regaining before a
//! destiny flip, a defensive ally's reward, lucre), one may be raised from the praw to the
//! warp instead. The outcome's losses all reach the warp at once: critical mass is checked
//! after them, before anything is retrieved (note 2).

use crate::event::{Place, Rule};
use crate::game::Game;

impl Game<'_> {
    /// Tokens in the warp at which they all drop into the praw: three per player (§XIX.2).
    #[inline]
    pub(crate) fn critical_mass_at(&self) -> u32 {
        3 * self.state.player_count() as u32
    }

    /// Drops every token in the warp into the praw if the warp has reached critical mass;
    /// does nothing while the outcome's losses are still arriving (§XIX.2 note 2).
    pub(crate) fn critical_mass(&mut self) {
        if !self.state.rules.praw || self.state.encounter.warp_held {
            return;
        }
        let total: u32 = self.state.players.iter().map(|p| p.warp as u32).sum();
        if total < self.critical_mass_at() {
            return;
        }
        for p in self.state.seats().collect::<Vec<_>>() {
            let n = self.state.players[p.ix()].warp;
            self.move_ships(p, Place::Warp, Place::Praw, n, Rule::CriticalMass);
        }
    }

    /// Holds critical mass while the outcome's losses go to the warp together.
    #[inline]
    pub(crate) fn hold_warp(&mut self) {
        self.state.encounter.warp_held = true;
    }

    /// The outcome's losses have all arrived: critical mass is checked now (§XIX.2 note 2).
    #[inline]
    pub(crate) fn release_warp(&mut self) {
        if std::mem::take(&mut self.state.encounter.warp_held) {
            self.critical_mass();
        }
    }
}
