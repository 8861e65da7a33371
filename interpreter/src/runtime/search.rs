//! The search for the abilities a player may use now (holdings, standing, limits, conditions).

use super::context::{Origin, Subject};
use super::holdings::{FlareHome, Need};
use super::{Runtime, CARD_USED, FLARE_USED, LIMIT};
use crate::header::{Standing, Usage};
use crate::index::Keys;
use cosmic_engine::{Game, PlayerId, Side};
use smallvec::SmallVec;

/// Abilities a player may use, with where each comes from: rarely more than a few, so
/// they stay off the heap.
pub(super) type Uses = SmallVec<[(u32, Origin); 8]>;

impl Runtime {
    /// Whether ability `a`, used from `origin`, acts by itself (mandatory or innate): a
    /// face-down sheet's power never does, since using it means flipping the sheet.
    pub(super) fn acts_by_itself(&self, a: u32, origin: Origin) -> bool {
        self.ability(a).usage != Usage::Optional && origin != Origin::HiddenPower
    }

    /// Whether `p`'s alien power works now (enough home colonies, or an alien that never
    /// loses its power that way; not zapped or lost).
    fn power_works(&self, game: &Game, p: PlayerId) -> bool {
        self.power_held(game, p) && !game.state().effects.power_zapped(p)
    }

    /// Whether `p` has its alien power, zapped or not (enough home colonies, or an alien
    /// that never loses its power that way; not lost by an effect): its innate parts act.
    #[inline]
    pub(super) fn power_held(&self, game: &Game, p: PlayerId) -> bool {
        let s = game.state();
        let player = &s.players[p.ix()];
        let kept = || {
            player.alien.is_some_and(|a| {
                self.program.items[self.alien_items[a as usize] as usize].keeps_power
            })
        };
        (player.power_active || kept()) && !s.effects.power_off(p)
    }

    /// Every ability `p` may use now that may act at one of the moments in `keys`, with where
    /// it comes from: its alien power's, then those of its techs, then those of the cards in
    /// its hand, in hand order (a flare as super or wild), then its open sheet's. The
    /// candidates come from a cache kept under `p`'s holdings stamp; what changes without a
    /// new stamp (whether the power works, techs researched, flares used) is checked here.
    pub(super) fn abilities_at(&self, game: &Game, p: PlayerId, keys: Keys) -> Uses {
        let mut out = Uses::new();
        self.each_ability_at(game, p, keys, |a, origin| out.push((a, origin)));
        out
    }

    /// Calls `found` with each ability `abilities_at` would list, in its order, without
    /// making the list. The candidate cache stays borrowed meanwhile: `found` may read the
    /// game (conditions, quantities) but, holding no `&mut Game`, cannot change a stamp.
    pub(super) fn each_ability_at(
        &self,
        game: &Game,
        p: PlayerId,
        keys: Keys,
        mut found: impl FnMut(u32, Origin),
    ) {
        let s = game.state();
        let player = &s.players[p.ix()];
        let mut works = None;
        let mut works = || *works.get_or_insert_with(|| self.power_works(game, p));
        let mut flare_used = None;
        let mut sheet_open = None;
        let cache = self.candidates(game, p);
        for c in cache.list.iter().filter(|c| c.keys & keys != 0) {
            let ok = match c.need {
                Need::Works => works(),
                Need::Held => self.power_held(game, p),
                Need::Tech(i) => {
                    (player.techs.get(i as usize)).is_some_and(|h| game.tech_usable(h))
                }
                Need::Access => true,
                Need::Card { sheet, flare } => {
                    (!sheet || *sheet_open.get_or_insert_with(|| s.sheet_open(p)))
                        && match (flare, c.origin) {
                            (None, _) => true,
                            (Some(home), Origin::Card(card)) => {
                                // An innate part of a flare is never played, so the limit
                                // on flares played does not stop it: it is the rest of a
                                // play its own condition recognises.
                                (self.ability(c.ability).usage == Usage::Innate
                                    || !*flare_used
                                        .get_or_insert_with(|| s.effects.marked(p, FLARE_USED))
                                        && (s.rules.one_flare_per_encounter
                                            || !s.effects.marked(p, CARD_USED + card.0 as u32)))
                                    && match home {
                                        FlareHome::Wild => true,
                                        FlareHome::Super => works(),
                                        FlareHome::OwnWild => !works(),
                                    }
                            }
                            (Some(_), _) => false,
                        }
                }
            };
            if ok {
                found(c.ability, c.origin);
            }
        }
    }

    pub(super) fn standing(game: &Game, p: PlayerId) -> Standing {
        let s = game.state();
        if p == s.offense && s.encounter.phase.is_some() {
            Standing::Offense
        } else if Some(p) == s.encounter.defense {
            Standing::Defense
        } else {
            match s.encounter.ally[p.ix()] {
                Some(Side::Offense) => Standing::OffensiveAlly,
                Some(Side::Defense) => Standing::DefensiveAlly,
                None => Standing::Uninvolved,
            }
        }
    }

    /// Whether ability `a` may act for `p` now: its roles, limit, cancellation and condition.
    pub(super) fn may_act(&self, game: &Game, p: PlayerId, a: u32) -> bool {
        self.may_act_on(game, p, a, Subject::None)
    }

    /// Whether ability `a` may act for `p` now in answer to `subject` (its condition may
    /// name what it answers).
    pub(super) fn may_act_on(&self, game: &Game, p: PlayerId, a: u32, subject: Subject) -> bool {
        let ab = self.ability(a);
        let s = game.state();
        if !ab.roles.allows(Self::standing(game, p)) {
            return false;
        }
        if !ab.phases.is_empty() && !s.encounter.phase.is_some_and(|ph| ab.phases.contains(&ph)) {
            return false;
        }
        if ab.limit.is_some() && s.effects.marked(p, LIMIT + a) {
            return false;
        }
        if s.effects.cancelled(p, ab.source) {
            return false;
        }
        match (&ab.condition, &self.flats[a as usize]) {
            (None, _) => true,
            (Some(c), Some(flat)) => {
                let holds = self.holds(flat, game, p);
                // The flat form answers as the condition evaluated as written would.
                debug_assert_eq!(holds, {
                    let mut ctx = self.test_ctx(p, a, subject);
                    self.eval(c, game, &mut ctx).is_true()
                });
                holds
            }
            (Some(c), None) => {
                let mut ctx = self.test_ctx(p, a, subject);
                self.eval(c, game, &mut ctx).is_true()
            }
        }
    }
}
