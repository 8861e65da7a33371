//! Kickers (Eon: the Complete Book §V.13, §VI.4; FFG: Cosmic Incursion's reward deck): each
//! main player may play one face down before the encounter cards are selected; it is
//! revealed with them and multiplies its player's attack value (Eon: before any other
//! change; FFG: the value as content changed it), the compensation it takes, or the ships
//! its opponent loses when a deal fails.

use crate::components::CardKind;
use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Rule};
use crate::game::{Flow, Game};
use crate::ids::Side;

impl Game<'_> {
    /// The main players play kickers: the offense may, then the defense; if the defense
    /// plays one after the offense passed, the offense has its chance again ("if one player
    /// plays a Kicker, the other player has a chance to play a Kicker as well").
    pub(crate) fn play_kickers(&mut self) -> Flow {
        let offense = self.offer_kicker(Side::Offense)?;
        let defense = self.offer_kicker(Side::Defense)?;
        if !offense && defense {
            self.offer_kicker(Side::Offense)?;
        }
        Ok(())
    }

    /// Offers the main player on `side` to play one of its kickers; returns whether it did.
    fn offer_kicker(&mut self, side: Side) -> Flow<bool> {
        if self.state.encounter.kickers[side.ix()].is_some() {
            return Ok(false);
        }
        let p = self.main(side);
        let hand = &self.state.players[p.ix()].hand;
        if !hand
            .iter()
            .any(|&c| matches!(self.state.kind(c), CardKind::Kicker(_)))
        {
            return Ok(false);
        }
        let mut options = self.choices();
        options.push(Choice::Pass);
        let hand = &self.state.players[p.ix()].hand;
        options.extend(
            hand.iter()
                .filter(|&&c| matches!(self.state.kind(c), CardKind::Kicker(_)))
                .map(|&c| Choice::Card(c)),
        );
        let Choice::Card(card) = self.pick(p, DecisionKind::Kicker, options)? else {
            return Ok(false);
        };
        let hand = &mut self.state.players[p.ix()].hand;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
        }
        self.state.encounter.kickers[side.ix()] = Some(card);
        // An FFG game's kickers come from the reward deck and cite its rules.
        let rule = if self.state.rules.edition == crate::edition::Edition::Eon {
            Rule::Kicker
        } else {
            Rule::RewardDeck
        };
        self.emit(rule, EventKind::KickerPlayed { player: p, card });
        Ok(true)
    }

    /// The kickers are turned face up with the encounter cards (Eon §V.15).
    pub(crate) fn reveal_kickers(&mut self) {
        for side in Side::BOTH {
            if let Some(card) = self.state.encounter.kickers[side.ix()] {
                let player = self.main(side);
                self.emit(Rule::Reveal, EventKind::CardRevealed { player, card });
            }
        }
    }

    /// The multiplier of the kicker the main player on `side` played (1 without one).
    #[inline]
    pub(crate) fn kicker(&self, side: Side) -> i32 {
        match self.state.encounter.kickers[side.ix()] {
            Some(c) => match self.state.kind(c) {
                CardKind::Kicker(v) => v as i32,
                _ => 1,
            },
            None => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::components::{CardDef, CardKind, Components, DestinyDef, DestinyKind};
    use crate::edition::{Edition, Variants};
    use crate::game::{Game, Options, Setup};
    use crate::hooks::Hooks;
    use crate::ids::{CardId, Color, PlayerId, Side};
    use crate::quantity::Quantity;
    use std::sync::Arc;

    /// Content that adds 10 to the defense's card value (a power's adjustment).
    struct PlusTen;
    impl Hooks for PlusTen {
        fn quantity(&self, q: Quantity, value: i32, _: &Game<'_>) -> i32 {
            match q {
                Quantity::CardValue(Side::Defense) => value + 10,
                _ => value,
            }
        }
    }

    #[test]
    fn a_kicker_multiplies_the_printed_value_before_content_changes_it() {
        // §VI.4.1: "This alteration occurs before any similar alterations take place."
        let components = Components {
            cosmic: vec![
                CardDef::new("Attack 07", CardKind::Attack(7), 40),
                CardDef::new("Kicker x3", CardKind::Kicker(3), 2),
            ],
            destiny: (Color::ALL[..3].iter())
                .map(|&c| DestinyDef {
                    kind: DestinyKind::Color(c),
                    hazard: false,
                    reverse_cone: false,
                    name: None,
                })
                .collect(),
            ..Components::default()
        };
        let setup = Setup {
            edition: Edition::Eon,
            variants: Variants::default(),
            ..Setup::new(3, 7)
        };
        static HOOKS: PlusTen = PlusTen;
        let agents: Vec<Box<dyn crate::Agent>> = (0..3)
            .map(|i| Box::new(crate::agents::RandomAgent::new(i)) as Box<dyn crate::Agent>)
            .collect();
        let mut game = Game::new(
            &setup,
            Arc::new(components),
            agents,
            &HOOKS,
            Options::default(),
        )
        .expect("an Eon game");
        let s = game.state_mut();
        let kind = |s: &crate::state::GameState, k: CardKind| {
            (0..s.cards.len())
                .map(|i| CardId(i as u16))
                .find(|&c| s.kind(c) == k)
                .expect("a card of the kind")
        };
        let (attack, kicker) = (kind(s, CardKind::Attack(7)), kind(s, CardKind::Kicker(3)));
        for p in &mut s.players {
            p.hand.retain(|&c| c != attack && c != kicker);
        }
        s.piles.cosmic.draw.retain(|&c| c != attack && c != kicker);
        s.encounter.defense = Some(PlayerId(1));
        s.encounter.effective = [None, Some(CardKind::Attack(7))];
        s.encounter.kickers[Side::Defense.ix()] = Some(kicker);
        // 7 x 3 + 10, not (7 + 10) x 3: the planet is not set, so no ships count.
        assert_eq!(game.base_total(Side::Defense), 31);
        assert_eq!(game.kicker(Side::Offense), 1);
    }
}
