//! The top of a deck, as card text reaches it: a player looks at the top cards without
//! drawing them (seen by that player alone, `Encounter::seen`), then may leave them there,
//! take one into its hand or discard it; putting one under the deck is
//! `card_to_deck_bottom`, which lifts it from wherever it lies.

use crate::event::{Cause, EventKind};
use crate::game::Game;
use crate::ids::{CardId, PlayerId};
use crate::piles::Back;

impl Game<'_> {
    /// `p` looks at the top `n` cards of the deck of cards with this back, which stay where
    /// they are; returns them, top first. A deck with fewer than `n` cards first has its
    /// discard pile shuffled in under it, as a draw of `n` would, so the cards looked at are
    /// the ones such a draw would take; with both empty it shows what there is (no quake:
    /// looking is not drawing).
    pub fn look_at_top(&mut self, p: PlayerId, back: Back, n: u8, source: u32) -> Vec<CardId> {
        if n == 0 {
            return Vec::new();
        }
        let pile = self.state.piles.of(back);
        if pile.draw.len() < n as usize && !pile.discard.is_empty() {
            self.reshuffle_discard(back);
        }
        let cards: Vec<CardId> = (self.state.piles.of(back).draw.iter().rev())
            .take(n as usize)
            .copied()
            .collect();
        if cards.is_empty() {
            return cards;
        }
        for &c in &cards {
            self.state.encounter.seen.push((1 << p.0, c));
        }
        self.emit_caused(
            Cause::Ability(source),
            EventKind::TopCardsLooked {
                player: p,
                count: cards.len() as u8,
                cards: cards.clone(),
            },
        );
        cards
    }

    /// Takes `card` out of its deck, wherever it lies there; whether it was there.
    pub(crate) fn lift_from_deck(&mut self, card: CardId) -> bool {
        let back = self.state.back(card);
        let draw = &mut self.state.piles.of_mut(back).draw;
        match draw.iter().rposition(|&c| c == card) {
            Some(i) => {
                draw.remove(i);
                true
            }
            None => false,
        }
    }

    /// `p` takes `card` from its deck into its hand (a card it looked at there).
    pub(crate) fn take_from_deck(&mut self, p: PlayerId, card: CardId, source: u32) -> bool {
        if !self.lift_from_deck(card) {
            return false;
        }
        self.state.players[p.ix()].hand.push(card);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardTakenFromDeck { player: p, card },
        );
        true
    }

    /// `p` discards `card` from its deck, face up for everyone (a card it looked at there);
    /// whether the card was in the deck.
    pub fn discard_from_deck(&mut self, p: PlayerId, card: CardId, source: u32) -> bool {
        if !self.lift_from_deck(card) {
            return false;
        }
        self.state.place_in_discard(card);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardDiscarded { player: p, card },
        );
        true
    }
}
