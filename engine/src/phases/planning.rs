//! Planning: both main players select an encounter card face down. An offense without one
//! ends its turn; a defense without one draws new hands until it has one (a card content
//! selected face up already counts).

use crate::components::CardKind;
use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Rule};
use crate::game::{Flow, Game, Stop};
use crate::ids::CardId;
use crate::ids::Side;
use crate::state::Outcome;

impl Game<'_> {
    pub(super) fn planning_phase(&mut self) -> Flow {
        self.end_turn_if_offense_out_of_cards()?;
        let defense = self.main(Side::Defense);
        let selected = self.state.encounter.cards[Side::Defense.ix()].is_some();
        if !selected && self.needs_new_hand(defense) {
            self.new_hand_until_encounter_card(defense, Rule::DefenseNewHand)?;
            // A cosmic quake while the defense drew may have left the offense without one.
            self.end_turn_if_offense_out_of_cards()?;
        }
        if self.state.rules.edition == crate::edition::Edition::Eon {
            self.eon_before_cards()?;
        } else if self.state.rules.kickers {
            // The reward deck's kickers: face down in planning, before cards are selected.
            self.play_kickers()?;
        }
        for side in Side::BOTH {
            // Content may have had a card selected (face up) already.
            if self.state.encounter.cards[side.ix()].is_none() {
                self.select_encounter_card(side)?;
            }
        }
        self.window(crate::hooks::Window::CardsSelected)
    }

    /// An offense without an encounter card before cards are selected ends its turn.
    pub(crate) fn end_turn_if_offense_out_of_cards(&mut self) -> Flow {
        let selected = self.state.encounter.cards[Side::Offense.ix()].is_some();
        if selected || self.state.has_encounter_card(self.state.offense) {
            return Ok(());
        }
        Err(self.abort_encounter(Rule::OffenseOutOfCards))
    }

    /// Ends the encounter with no outcome under `rule`, and the offense's turn with it: the
    /// stop to return.
    pub(crate) fn abort_encounter(&mut self, rule: Rule) -> Stop {
        let outcome = Outcome::Aborted;
        self.state.encounter.outcome = Some(outcome);
        self.emit(rule, EventKind::EncounterResolved { outcome });
        Stop::TurnEnds
    }

    /// The main player on `side` puts an encounter card face down.
    pub(crate) fn select_encounter_card(&mut self, side: Side) -> Flow {
        let p = self.main(side);
        let mut options = self.choices();
        let hand = &self.state.players[p.ix()].hand;
        let attack = |c: &CardId| matches!(self.state.kind(*c), CardKind::Attack(_));
        // Content may oblige a player to play an attack card if it can.
        let only_attacks = hand.iter().any(attack)
            && self.quantity(crate::quantity::Quantity::AttackRequired(p), 0) > 0;
        // ... or to play a card it was given.
        let forced = (self.state.effects.must_play(p))
            .filter(|c| hand.contains(c) && self.state.kind(*c).is_encounter());
        let allowed = |c: CardId| {
            self.state.kind(c).is_encounter()
                && match forced {
                    Some(f) => f == c,
                    None => !only_attacks || attack(&c),
                }
        };
        // Plain loops: a chain of filters has no size to reserve and pushes card by card
        // through the general `extend`, at every selection of every encounter.
        for &c in hand {
            if allowed(c) {
                options.push(Choice::Card(c));
            }
        }
        for c in self.state.playable_sheet(p) {
            if allowed(c) {
                options.push(Choice::Card(c));
            }
        }
        if let Choice::Card(card) = self.pick(p, DecisionKind::EncounterCard, options)? {
            self.fetch_from_sheet(p, card);
            let hand = &mut self.state.players[p.ix()].hand;
            if let Some(i) = hand.iter().position(|&c| c == card) {
                hand.remove(i);
            }
            self.state.encounter.cards[side.ix()] = Some(card);
            self.emit(Rule::Planning, EventKind::CardSelected { player: p });
        }
        Ok(())
    }
}
