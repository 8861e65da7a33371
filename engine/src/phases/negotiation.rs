//! Negotiation: with two negotiates, the main players trade proposals for a bounded number of
//! rounds (standing in for the one-minute timer); an accepted deal is carried out exactly.

use crate::components::CardType;
use crate::deal::DealTerms;
use crate::decision::{Answer, Choice, DealRequest, DecisionKind, Request};
use crate::event::{EventKind, Place, Rule};
use crate::game::{unreachable_answer, Flow, Game};
use crate::ids::{CardId, Side};

impl Game<'_> {
    /// Runs the proposal rounds; returns whether a deal was made (and carried out).
    pub(super) fn negotiate(&mut self) -> Flow<bool> {
        let rounds = self.state.rules.deal_rounds;
        let hooks = self.hooks();
        let terms: Vec<_> = Side::BOTH
            .into_iter()
            .flat_map(|side| hooks.deal_terms(side, self))
            .collect();
        let mut passes = 0;
        for round in 1..=rounds {
            for side in Side::BOTH {
                let proposer = self.main(side);
                let request = Request::Deal(DealRequest {
                    side,
                    round,
                    rounds,
                    terms: terms.clone(),
                });
                let terms = match self.ask(proposer, DecisionKind::DealProposal, request)? {
                    Answer::Deal(t) => t.map(|t| *t),
                    _ => return unreachable_answer(),
                };
                let Some(terms) = terms else {
                    passes += 1;
                    // Both players passing in a row means neither wants a deal.
                    if passes >= 2 {
                        return self.no_deal();
                    }
                    continue;
                };
                passes = 0;
                self.emit(
                    Rule::Deal,
                    EventKind::DealProposed {
                        by: proposer,
                        terms: Box::new(terms.clone()),
                    },
                );
                let responder = self.main(side.other());
                self.state.encounter.proposal = Some(terms.clone());
                let mut options = self.choices();
                options.extend([Choice::Accept, Choice::Reject]);
                let answer = self.pick(responder, DecisionKind::DealResponse, options);
                self.state.encounter.proposal = None;
                let answer = answer?;
                if answer == Choice::Accept {
                    self.emit(
                        Rule::Deal,
                        EventKind::DealMade {
                            terms: Box::new(terms.clone()),
                        },
                    );
                    // Content may make an agreed deal fail before it is carried out.
                    self.state.encounter.proposal = Some(terms.clone());
                    self.window(crate::hooks::Window::DealMade)?;
                    let stands = self.state.encounter.proposal.take().is_some();
                    if !stands {
                        return self.no_deal();
                    }
                    // The deal stands: content answering what it carries out (the colonies
                    // landing) reads that a deal was made.
                    self.state.encounter.outcome = Some(crate::state::Outcome::DealMade);
                    self.carry_out(&terms)?;
                    return Ok(true);
                }
                self.emit(Rule::Deal, EventKind::DealRejected { by: responder });
            }
        }
        self.no_deal()
    }

    fn no_deal(&mut self) -> Flow<bool> {
        self.emit(Rule::FailedDeal, EventKind::DealFailed);
        Ok(false)
    }

    /// Carries out agreed terms: both sides' cards change hands at once, then the colonies.
    fn carry_out(&mut self, terms: &DealTerms) -> Flow {
        let mut given: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
        for side in Side::BOTH {
            let giver = self.main(side);
            let t = terms.gives(side);
            let mut cards = t.named.clone();
            for &(ty, n) in &t.by_type {
                cards.extend(self.choose_by_type(giver, ty, n, &cards)?);
            }
            for _ in 0..t.random {
                let hand = &self.state.players[giver.ix()].hand;
                let left: Vec<CardId> = hand
                    .iter()
                    .copied()
                    .filter(|c| !cards.contains(c))
                    .collect();
                if left.is_empty() {
                    break;
                }
                let i = rand::Rng::gen_range(&mut self.rng, 0..left.len());
                cards.push(left[i]);
            }
            given[side.ix()] = cards;
        }
        for side in Side::BOTH {
            let (from, to) = (self.main(side), self.main(side.other()));
            for &card in &given[side.ix()] {
                self.give_card(from, to, card, Rule::Deal);
            }
        }
        for side in Side::BOTH {
            if let Some(planet) = terms.colony_for(side) {
                let p = self.main(side);
                let max = self.state.rules.max_committed_ships;
                let chosen = self.choose_ships(
                    p,
                    DecisionKind::DealColonyShips,
                    Place::Planet(planet),
                    1..=max,
                    true,
                )?;
                let mut landed = 0;
                for &(from, n) in &chosen {
                    landed += self.land_ships(p, from, planet, n, Rule::Deal)?;
                }
                self.spare_places.keep(chosen);
                if landed > 0 {
                    self.answer_landing(planet, 1 << p.0, Rule::Deal)?;
                }
            }
        }
        for term in &terms.content {
            self.hooks().carry_out_term(term, self)?;
        }
        // Colonies from a deal are gained together, so a shared win is possible; the win is
        // checked once the outcome is logged.
        Ok(())
    }

    /// The giver picks which `n` cards of type `ty` it hands over (not among `already`).
    fn choose_by_type(
        &mut self,
        giver: crate::ids::PlayerId,
        ty: CardType,
        n: u8,
        already: &[CardId],
    ) -> Flow<Vec<CardId>> {
        let options: Vec<Choice> = self.state.players[giver.ix()]
            .hand
            .iter()
            .copied()
            .filter(|c| self.state.kind(*c).card_type() == ty && !already.contains(c))
            .map(Choice::Card)
            .collect();
        let picked = self.ask_subset(giver, DecisionKind::DealCards, options, n, n)?;
        Ok(picked
            .into_iter()
            .filter_map(|c| match c {
                Choice::Card(c) => Some(c),
                _ => None,
            })
            .collect())
    }
}
