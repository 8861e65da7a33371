//! The reward deck variant (Cosmic Incursion): a second deck of cosmic-sized cards with its own
//! back and discard pile (`CardPiles::reward`; it never quakes). A player taking rewards
//! chooses how many of its cards come from the reward deck before drawing any; the deck
//! brings kickers (`kickers.rs`), crooked deals (negotiates that shift compensation and a
//! failed deal's losses by one) and rifts (played at the start of an encounter to bring ships
//! back from the warp; taken from a hand and kept, one detonates).

use crate::components::CardKind;
use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Rule};
use crate::game::{Flow, Game};
use crate::ids::{CardId, PlayerId, Side};
use crate::piles::Back;

impl Game<'_> {
    /// Whether the main player on `side` played a crooked deal as its encounter card.
    pub(crate) fn crooked(&self, side: Side) -> bool {
        self.state.encounter.cards[side.ix()].is_some_and(|c| self.is_crooked(c))
    }

    /// Whether `card` is a crooked deal.
    fn is_crooked(&self, card: CardId) -> bool {
        let def = self.state.cards[card.0 as usize].def as usize;
        self.components.cosmic.get(def).is_some_and(|d| d.crooked)
    }

    /// A card at random from `from`'s hand for `taker`: with the reward deck, card backs are
    /// seen, so when the hand holds both, the taker first chooses the back to take from.
    pub fn random_card_for(&mut self, taker: PlayerId, from: PlayerId) -> Flow<Option<CardId>> {
        if !self.state.rules.rewards {
            return Ok(self.random_card(from));
        }
        let held = self.state.players[from.ix()].hand.len();
        let reward = (self.state.players[from.ix()].hand.iter())
            .filter(|&&c| self.state.back(c) == Back::Reward)
            .count();
        if reward == 0 || reward == held {
            return Ok(self.random_card(from));
        }
        let mut options = self.choices();
        options.extend(Back::ALL.map(Choice::Back));
        let Choice::Back(back) = self.pick(taker, DecisionKind::RandomBack, options)? else {
            return Ok(self.random_card(from));
        };
        let n = if back == Back::Reward {
            reward
        } else {
            held - reward
        };
        let k = self.random_index(n);
        let hand = &self.state.players[from.ix()].hand;
        Ok(hand
            .iter()
            .filter(|&&c| self.state.back(c) == back)
            .nth(k)
            .copied())
    }

    /// `p` draws `cards` reward cards: with the reward deck, it first says how many come from
    /// it (the rest from the cosmic deck), before it sees any.
    pub(crate) fn draw_rewards(&mut self, p: PlayerId, cards: u8, rule: Rule) -> Flow {
        let mut from_reward = 0;
        if self.state.rules.rewards && cards > 0 && !self.state.piles.reward.is_empty() {
            let mut options = self.choices();
            options.extend((0..=cards as i32).map(Choice::Number));
            if let Choice::Number(n) = self.pick(p, DecisionKind::RewardDeck, options)? {
                from_reward = n as u8;
            }
            self.emit(
                rule,
                EventKind::RewardDeckChosen {
                    player: p,
                    cards: from_reward,
                },
            );
        }
        for _ in 0..cards - from_reward {
            if !self.draw(p, rule)? {
                break;
            }
        }
        for _ in 0..from_reward {
            if !self.draw_from(p, Back::Reward, rule)? {
                break;
            }
        }
        Ok(())
    }

    /// The start of an encounter with the reward deck: each player, in timing order, may play
    /// rifts from its hand, each bringing back up to its value in ships of any players from
    /// the warp, one ship at a time as its player chooses.
    pub(crate) fn rift_step(&mut self) -> Flow {
        for p in self.timing_order() {
            loop {
                if !self.state.players.iter().any(|q| q.warp > 0) {
                    return Ok(());
                }
                let hand = &self.state.players[p.ix()].hand;
                if !hand
                    .iter()
                    .any(|&c| matches!(self.state.kind(c), CardKind::Rift(_)))
                {
                    break;
                }
                let mut options = self.choices();
                options.push(Choice::Pass);
                let hand = &self.state.players[p.ix()].hand;
                options.extend(
                    hand.iter()
                        .filter(|&&c| matches!(self.state.kind(c), CardKind::Rift(_)))
                        .map(|&c| Choice::Card(c)),
                );
                let Choice::Card(card) = self.pick(p, DecisionKind::Rift, options)? else {
                    break;
                };
                self.play_rift(p, card)?;
            }
        }
        Ok(())
    }

    /// `p` plays `card`, a rift: up to its value in ships, each from the warp of a player it
    /// names, return to their owners' colonies.
    fn play_rift(&mut self, p: PlayerId, card: CardId) -> Flow {
        let CardKind::Rift(n) = self.state.kind(card) else {
            return Ok(());
        };
        self.emit(Rule::RewardDeck, EventKind::CardPlayed { player: p, card });
        for _ in 0..n.max(0) {
            let mut options = self.choices();
            options.push(Choice::Pass);
            options.extend(
                (self.state.seats())
                    .filter(|q| self.state.players[q.ix()].warp > 0)
                    .map(Choice::Player),
            );
            let Choice::Player(owner) = self.pick(p, DecisionKind::RiftShips, options)? else {
                break;
            };
            self.return_ships(owner, crate::event::Place::Warp, 1, Rule::RewardDeck)?;
        }
        self.discard_card(p, card, Rule::RewardDeck);
        Ok(())
    }

    /// A rift taken from `from`'s hand into `taker`'s, and kept there, detonates: it is
    /// discarded and the taker loses as many ships to the warp as its value. A card given
    /// (not taken) never detonates.
    pub(crate) fn detonate_if_rift(&mut self, taker: PlayerId, card: CardId) -> Flow {
        let CardKind::Rift(n) = self.state.kind(card) else {
            return Ok(());
        };
        if !self.state.players[taker.ix()].hand.contains(&card) {
            return Ok(());
        }
        self.emit(
            Rule::RewardDeck,
            EventKind::RiftDetonated {
                player: taker,
                card,
            },
        );
        self.discard_card(taker, card, Rule::RewardDeck);
        let n = n.clamp(0, u8::MAX as i16) as u8;
        let chosen = self.choose_ships(
            taker,
            DecisionKind::RiftLosses,
            crate::event::Place::Warp,
            n..=n,
            true,
        )?;
        for (place, k) in chosen {
            self.send_to_warp(taker, place, k, Rule::RewardDeck)?;
        }
        Ok(())
    }
}
