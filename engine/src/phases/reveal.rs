//! Reveal: the encounter cards are turned face up; a morph copies the other card; with two
//! attacks, reinforcements are played back and forth until everyone passes and the totals
//! are computed.

use crate::components::CardKind;
use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Rule};
use crate::game::{Flow, Game};
use crate::hooks::{Moment, Window};
use crate::ids::{CardId, PlayerId, Seats, Side};
use crate::quantity::Quantity;
use crate::state::Reinforcement;

impl Game<'_> {
    pub(super) fn reveal_phase(&mut self) -> Flow {
        let [Some(o), Some(d)] = self.state.encounter.cards else {
            return Ok(());
        };
        self.state.encounter.revealed = true;
        self.emit(
            Rule::Reveal,
            EventKind::CardsRevealed {
                offense: o,
                defense: d,
            },
        );
        if self.state.encounter.kickers != [None, None] {
            self.reveal_kickers();
        }
        let (ko, kd) = (self.state.kind(o), self.state.kind(d));
        let mut effective = [ko, kd];
        // A morph modifies itself before any other effect.
        if ko == CardKind::Morph && kd != CardKind::Morph {
            effective[0] = kd;
            let player = self.state.offense;
            self.emit(Rule::Morph, EventKind::MorphCopied { player, copies: d });
        } else if kd == CardKind::Morph && ko != CardKind::Morph {
            effective[1] = ko;
            let player = self.main(Side::Defense);
            self.emit(Rule::Morph, EventKind::MorphCopied { player, copies: o });
        }
        // What card text said a card would count as holds from the reveal on.
        for (i, preset) in self.state.encounter.preset.iter().enumerate() {
            if let Some(k) = preset {
                effective[i] = *k;
            }
        }
        self.state.encounter.effective = [Some(effective[0]), Some(effective[1])];
        self.window(Window::CardsRevealed)?;
        // Read again: abilities in the window may have changed or replaced a card.
        if let [Some(CardKind::Attack(_)), Some(CardKind::Attack(_))] =
            self.state.encounter.effective
        {
            // Totals stand from the reveal on, so players see them while reinforcing.
            let first = self.update_totals();
            self.reinforcement_rounds()?;
            // Each reinforcement computes them again once content has answered it, and
            // nothing else acts in the rounds: they are current (`--check` makes sure).
            let totals = self.state.encounter.totals.unwrap_or(first);
            if self.options.check_invariants {
                self.check_totals(totals);
            }
            self.emit(
                Rule::Reveal,
                EventKind::TotalsComputed {
                    offense: totals[0],
                    defense: totals[1],
                },
            );
        }
        Ok(())
    }

    /// A side's base total: its attack value and its ships (each worth what content says),
    /// each step passed through the hooks.
    pub fn base_total(&self, side: Side) -> i32 {
        let e = &self.state.encounter;
        let card = match e.effective[side.ix()] {
            // An Eon kicker multiplies the value before any other change (§VI.4); a reward
            // deck's kicker the value content made of the card.
            Some(CardKind::Attack(v)) => {
                if self.state.rules.edition == crate::edition::Edition::Eon {
                    self.quantity(Quantity::CardValue(side), v as i32 * self.kicker(side))
                } else {
                    self.quantity(Quantity::CardValue(side), v as i32) * self.kicker(side)
                }
            }
            _ => 0,
        };
        let mut ships = 0;
        for p in self.state.seats() {
            let n = match side {
                Side::Offense => e.gate[p.ix()] as i32,
                Side::Defense => {
                    let own = match (e.defense, e.planet) {
                        (Some(d), Some(pl)) if d == p => self.state.ships_on(pl, d) as i32,
                        _ => 0,
                    };
                    own + e.beside[p.ix()] as i32
                }
            };
            if n > 0 {
                ships += n * self.quantity(Quantity::ShipWorth(p), 1);
            }
        }
        self.quantity(Quantity::BaseTotal(side), card + ships)
    }

    /// A side's total: its base total and its reinforcements, passed through the hooks.
    pub fn side_total(&self, side: Side) -> i32 {
        let e = &self.state.encounter;
        // An attack card played as a reinforcement counts its printed value.
        let reinforcements: i32 = e
            .reinforcements
            .iter()
            .filter(|r| r.side == side)
            .map(|r| match self.state.kind(r.card) {
                CardKind::Reinforcement(v) | CardKind::Attack(v) => v as i32,
                _ => 0,
            })
            .sum();
        let base = self.base_total(side);
        // Eon's lucre counts after every other change (§XVII.4).
        self.quantity(Quantity::SideTotal(side), base + reinforcements) + self.lucre_in_total(side)
    }

    /// Under `check_invariants`: notes it if `totals` are not what computing them gives now.
    #[cold]
    fn check_totals(&self, totals: [i32; 2]) {
        let now = [
            self.side_total(Side::Offense),
            self.side_total(Side::Defense),
        ];
        if now != totals {
            self.note_violation(format!(
                "the totals kept are {totals:?}, but they are {now:?}"
            ));
        }
    }

    /// Computes both totals and keeps them in the state.
    fn update_totals(&mut self) -> [i32; 2] {
        let totals = [
            self.side_total(Side::Offense),
            self.side_total(Side::Defense),
        ];
        self.state.encounter.totals = Some(totals);
        totals
    }

    /// Main players and allies play reinforcements, in timing order, until all pass in a row.
    fn reinforcement_rounds(&mut self) -> Flow {
        let mut players = Seats::default();
        for p in self.timing_order() {
            if self.state.side_of(p).is_some() {
                players.push(p);
            }
        }
        let players = players.as_slice();
        let mut passes = 0;
        let mut i = 0;
        while passes < players.len() {
            let p = players[i % players.len()];
            i += 1;
            // Attack cards count as reinforcements up to the value content allows.
            let limit = self.quantity(Quantity::AttackReinforcement(p), -1);
            let mut options = self.choices();
            options.push(Choice::Pass);
            let hand = &self.state.players[p.ix()].hand;
            for card in hand.iter().copied().chain(self.state.playable_sheet(p)) {
                let playable = match self.state.kind(card) {
                    CardKind::Reinforcement(_) => true,
                    CardKind::Attack(v) => (v as i32) <= limit,
                    _ => false,
                };
                if playable {
                    options.extend(Side::BOTH.map(|side| Choice::Reinforce { card, side }));
                }
            }
            match self.pick(p, DecisionKind::Reinforcement, options)? {
                Choice::Reinforce { card, side } => {
                    self.reinforce(p, card, side)?;
                    passes = 0;
                }
                _ => passes += 1,
            }
        }
        Ok(())
    }

    /// `p` plays `card` from its hand as a reinforcement for `side`; content may answer the
    /// play at once (a cancelled reinforcement leaves the table).
    pub(crate) fn reinforce(&mut self, p: PlayerId, card: CardId, side: Side) -> Flow {
        self.fetch_from_sheet(p, card);
        let hand = &mut self.state.players[p.ix()].hand;
        let Some(k) = hand.iter().position(|&c| c == card) else {
            return Ok(());
        };
        hand.remove(k);
        // The totals below are computed before the event announces the play; a card that
        // gives no abilities (most reinforcements) changes no holdings.
        if self.card_may_act(card) {
            self.holdings_changed(p);
        }
        self.state
            .encounter
            .reinforcements
            .push(Reinforcement { card, side, by: p });
        self.update_totals();
        self.emit(
            Rule::Reinforcement,
            EventKind::ReinforcementPlayed {
                player: p,
                card,
                side,
            },
        );
        // Only content answering the play can change what the totals count: nothing else
        // acts between the two computations (`--check` makes sure).
        let moment = Moment::ReinforcementPlayed(p, card);
        if self.answers_moment(moment) {
            self.hooks().moment(moment, self)?;
            self.update_totals();
        } else if self.options.check_invariants {
            self.check_totals(self.state.encounter.totals.unwrap_or_default());
        }
        Ok(())
    }
}

impl Game<'_> {
    /// Card text sends the encounter straight to the reveal: the phases left before it are
    /// skipped and no encounter cards are played, so the reveal turns nothing face up and
    /// nothing is resolved. Only before the planning phase; afterwards nothing happens.
    pub fn skip_to_reveal(&mut self, source: u32) {
        let e = &self.state.encounter;
        if e.to_reveal || e.phase.is_none_or(|p| p >= crate::state::Phase::Planning) {
            return;
        }
        self.state.encounter.to_reveal = true;
        self.emit_caused(
            crate::event::Cause::Ability(source),
            EventKind::SkippedToReveal,
        );
    }
}
