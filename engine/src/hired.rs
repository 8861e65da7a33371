//! Hired ships: cards a player plays face down into an encounter, each counting as one more
//! of its ships there (a ship token holding the card, the card set aside as `Aside::Hired`).
//! A hired ship moves and counts like the player's other ships; when it goes to the warp or
//! leaves the game its card is discarded, and when the encounter ends it turns back into a
//! card in its owner's hand.

use crate::event::{Cause, EventKind, Place, Rule};
use crate::game::Game;
use crate::ids::{CardId, PlayerId};
use crate::state::{Aside, AsideCard, ShipToken};

impl Game<'_> {
    /// Where `p`'s ships in the encounter are: the targeted planet for the defense, the gate
    /// for the offense and its allies (the planet, once they have landed on it), beside the
    /// planet for the defense's allies; none if it has no ship in the encounter.
    pub fn encounter_place(&self, p: PlayerId) -> Option<Place> {
        let e = &self.state.encounter;
        let defended = (e.defense == Some(p)).then_some(e.planet).flatten();
        let landed = (e.outcome == Some(crate::state::Outcome::OffenseWins)
            && self.state.side_of(p) == Some(crate::ids::Side::Offense))
        .then_some(e.planet)
        .flatten();
        [
            defended.map(Place::Planet),
            Some(Place::Gate),
            Some(Place::Beside),
            landed.map(Place::Planet),
        ]
        .into_iter()
        .flatten()
        .find(|&at| self.ships_at(p, at) > 0)
    }

    /// `p` hires `cards` from its hand as ships: each leaves the hand face down and becomes
    /// one more of `p`'s ships where its ships in the encounter are. Nothing happens without
    /// a ship of `p`'s in the encounter; a card no longer in the hand is skipped.
    pub fn hire_ships(&mut self, p: PlayerId, cards: &[CardId], source: u32) {
        let Some(place) = self.encounter_place(p) else {
            return;
        };
        for &card in cards {
            let hand = &mut self.state.players[p.ix()].hand;
            let Some(i) = hand.iter().position(|&c| c == card) else {
                continue;
            };
            hand.remove(i);
            self.state.aside.push(AsideCard {
                card,
                owner: p,
                at: Aside::Hired,
                until: None,
            });
            *self.ships_at_mut(p, place) += 1;
            self.state.ship_tokens.push(ShipToken {
                card: Some(card),
                ..ShipToken::new(p, ShipToken::HIRED, place)
            });
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardSetAside {
                    player: p,
                    card,
                    at: Aside::Hired,
                },
            );
        }
    }

    /// How many hired ships `p` has (wherever they are: a hired ship is always in play).
    pub fn hired_ships(&self, p: PlayerId) -> usize {
        (self.state.ship_tokens.iter())
            .filter(|t| t.owner == p && t.card.is_some())
            .count()
    }

    /// Hired ships of `p`'s just carried to the warp or out of the game (`at`) are gone with
    /// their cards, which go to the discard pile, to be announced after the move: returns
    /// how many (they arrive nowhere; they still count among the ships lost this encounter,
    /// compensation say, as the ships they were).
    #[inline(never)]
    pub(crate) fn take_lost_hired_ships(&mut self, p: PlayerId, at: Place) -> u8 {
        let mut gone = 0;
        while let Some(i) = (self.state.ship_tokens.iter())
            .position(|t| t.owner == p && t.place == at && t.card.is_some())
        {
            let (_, card) = self.unhire(i);
            self.state.place_in_discard(card);
            self.lost_hired.push(card);
            gone += 1;
        }
        gone
    }

    /// The cards of hired ships lost in a move are announced as discarded, after the move.
    #[inline(never)]
    pub(crate) fn announce_lost_hired_ships(&mut self, p: PlayerId, rule: Rule) {
        for card in std::mem::take(&mut self.lost_hired) {
            self.emit(rule, EventKind::CardDiscarded { player: p, card });
        }
    }

    /// Up to `n` of `p`'s hired ships give way to ships of its own from the warp, one for one,
    /// each taking its place; their cards are discarded.
    pub fn replace_hired_ships(&mut self, p: PlayerId, n: u8, source: u32) {
        for _ in 0..n {
            if self.ships_at(p, Place::Warp) == 0 {
                return;
            }
            let Some(i) = (self.state.ship_tokens.iter())
                .position(|t| t.owner == p && t.card.is_some() && t.place != Place::Warp)
            else {
                return;
            };
            let place = self.state.ship_tokens[i].place;
            // The ship from the warp arrives first, so the place never empties meanwhile
            // (the warp holds no token, so the move carries none and `i` still holds).
            self.move_ships(p, Place::Warp, place, 1, Rule::CardText);
            let (_, card) = self.unhire(i);
            let at = self.ships_at_mut(p, place);
            *at = at.saturating_sub(1);
            self.state.place_in_discard(card);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardDiscarded { player: p, card },
            );
        }
    }

    /// The encounter is over: every hired ship turns back into a card in its owner's hand.
    pub(crate) fn return_hired_ships(&mut self) {
        while let Some(i) = (self.state.ship_tokens.iter()).position(|t| t.card.is_some()) {
            let t = self.state.ship_tokens.remove(i);
            let card = t.card.expect("a hired ship's card");
            // The card stays aside while the ship leaves (a colony it alone held is lost),
            // and comes into the hand with the event that says so.
            self.ship_leaves_play(t.owner, t.place, Rule::EncounterCleanup);
            self.state.aside.retain(|a| a.card != card);
            self.state.players[t.owner.ix()].hand.push(card);
            self.emit(
                Rule::EncounterCleanup,
                EventKind::CardReturnedFromSheet {
                    player: t.owner,
                    card,
                    at: Aside::Hired,
                },
            );
        }
    }

    /// The hired ship `ship_tokens[i]` is gone from play at once (lost, or replaced): its
    /// token and the card's place aside go; where it was and its card are returned for the
    /// caller to put somewhere.
    fn unhire(&mut self, i: usize) -> (Place, CardId) {
        let t = self.state.ship_tokens.remove(i);
        let card = t.card.expect("a hired ship's card");
        self.state.aside.retain(|a| a.card != card);
        (t.place, card)
    }
}
