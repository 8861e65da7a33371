//! What one Duel player sees: the public table and its own hand. A choice made in secret
//! is not here until it is revealed (it is not in the state until then either:
//! `Game::ask_together` holds the answers).

use super::components::{DestinyDeck, DuelCardKind};
use super::state::{DestinyCardId, DuelCardId, DuelPlanet, DuelState, FightKind, Tactic};
use crate::ids::PlayerId;
use crate::view::View;

/// One player's view of Duel's state.
#[derive(Clone, Copy)]
pub struct DuelView<'a> {
    d: &'a DuelState,
    me: PlayerId,
}

impl<'a> View<'a> {
    /// Duel's table as this player sees it (none in an FFG game).
    pub fn duel(&self) -> Option<DuelView<'a>> {
        Some(DuelView {
            d: self.state.duel.as_deref()?,
            me: self.me,
        })
    }
}

/// A fight as a player sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeenFight {
    /// A duel (planet, advantage) or a contest.
    pub kind: FightKind,
    /// Each player's plan, where the viewer may see it: its own once chosen, both once
    /// revealed.
    pub plans: [Option<DuelCardId>; 2],
    /// Whether each player has chosen a plan (face down or up).
    pub chosen: [bool; 2],
    /// The reinforcements on the table: card, whose clout, who played it.
    pub reinforcements: Vec<super::state::Played>,
}

impl<'a> DuelView<'a> {
    /// The viewer.
    pub fn me(&self) -> PlayerId {
        self.me
    }

    /// The viewer's hand.
    pub fn hand(&self) -> &'a [DuelCardId] {
        &self.d.players[self.me.ix()].hand
    }

    /// Cards in `p`'s hand.
    pub fn hand_size(&self, p: PlayerId) -> usize {
        self.d.players[p.ix()].hand.len()
    }

    /// `p`'s hand limit.
    pub fn hand_limit(&self, p: PlayerId) -> u8 {
        self.d.players[p.ix()].hand_limit
    }

    /// Cards in `p`'s deck (face down).
    pub fn deck_size(&self, p: PlayerId) -> usize {
        self.d.players[p.ix()].deck.draw.len()
    }

    /// `p`'s discard pile (public), the top last.
    pub fn discard(&self, p: PlayerId) -> &'a [DuelCardId] {
        &self.d.players[p.ix()].deck.discard
    }

    /// A card's kind and number, if the viewer may see it (its hand, a discard pile, a
    /// revealed plan, a played reinforcement).
    pub fn card(&self, c: DuelCardId) -> Option<DuelCardKind> {
        self.visible(c)
            .then(|| self.d.cards.get(c.0 as usize).map(|k| k.kind))
            .flatten()
    }

    fn visible(&self, c: DuelCardId) -> bool {
        let d = self.d;
        if self.hand().contains(&c) || d.players.iter().any(|p| p.deck.discard.contains(&c)) {
            return true;
        }
        let Some(f) = &d.fight else {
            return false;
        };
        f.reinforcements.iter().any(|r| r.card == c)
            || (f.plans.iter().enumerate())
                .any(|(i, &plan)| plan == Some(c) && (f.revealed || i == self.me.ix()))
    }

    /// Ships in `p`'s supply.
    pub fn supply(&self, p: PlayerId) -> u8 {
        self.d.players[p.ix()].supply
    }

    /// The revealed planets.
    pub fn planets(&self) -> &'a [DuelPlanet] {
        &self.d.planets
    }

    /// Planets `p` controls.
    pub fn controlled(&self, p: PlayerId) -> usize {
        self.d.controlled(p)
    }

    /// The leader.
    pub fn leader(&self) -> PlayerId {
        self.d.leader
    }

    /// `p`'s tactics tokens, readied or spent (which tokens a colour has is public).
    pub fn tactics(&self, p: PlayerId) -> &'a [Tactic] {
        &self.d.players[p.ix()].tactics
    }

    /// The fight under way, as the viewer may see it.
    pub fn fight(&self) -> Option<SeenFight> {
        let f = self.d.fight.as_ref()?;
        let mut plans = f.plans;
        for (i, plan) in plans.iter_mut().enumerate() {
            if !f.revealed && i != self.me.ix() {
                *plan = None;
            }
        }
        Some(SeenFight {
            kind: f.kind,
            plans,
            chosen: f.plans.map(|p| p.is_some()),
            reinforcements: f.reinforcements.clone(),
        })
    }

    /// Each player's clout now, once the plans are revealed.
    pub fn clout(&self) -> Option<[i32; 2]> {
        let f = self.d.fight.as_ref()?;
        f.revealed.then(|| self.d.clout())
    }

    /// The ship advantage printed for the duel under way, and who has it.
    pub fn ship_advantage(&self) -> Option<(i16, Option<PlayerId>)> {
        match self.d.fight.as_ref()?.kind {
            FightKind::Duel { advantage, .. } => Some((advantage, self.d.ship_advantage())),
            FightKind::Contest => None,
        }
    }

    /// The envoys in play: each one's card if face up or allied with the viewer, its ally,
    /// and whether it is face up.
    pub fn envoys(&self) -> impl Iterator<Item = (Option<u16>, Option<PlayerId>, bool)> + 'a {
        let me = self.me;
        self.d.envoys.iter().map(move |e| {
            let known = e.face_up || e.ally == Some(me);
            (known.then_some(e.def), e.ally, e.face_up)
        })
    }

    /// The past (public), the last drawn on top.
    pub fn past(&self) -> &'a [DestinyCardId] {
        &self.d.past
    }

    /// The deck the next destiny card comes from.
    pub fn next_deck(&self) -> DestinyDeck {
        self.d.next
    }
}
