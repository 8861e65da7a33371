//! Negotiation: with two negotiates, the main players trade proposals for a bounded number of
//! rounds (standing in for the one-minute timer); an accepted deal is carried out exactly.

use crate::components::CardType;
use crate::deal::DealTerms;
use crate::decision::{Answer, Choice, DealRequest, DecisionKind, Request};
use crate::event::{EventKind, Rule};
use crate::game::{unreachable_answer, Flow, Game};
use crate::ids::{CardId, PlayerId, Side};

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
                    parties: 0,
                });
                let Some(terms) = self.propose(proposer, request)? else {
                    passes += 1;
                    // Both players passing in a row means neither wants a deal.
                    if passes >= 2 {
                        return self.no_deal();
                    }
                    continue;
                };
                passes = 0;
                let responder = self.main(side.other());
                let mut options = self.choices();
                options.extend([Choice::Accept, Choice::Reject]);
                let answer = self.pick(responder, DecisionKind::DealResponse, options);
                self.state.encounter.proposal = None;
                let answer = answer?;
                if answer == Choice::Accept {
                    if !self.agree(&terms)? {
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
                self.deal_colony(self.main(side), planet)?;
            }
        }
        for term in &terms.content {
            self.hooks().carry_out_term(term, self)?;
        }
        // Colonies from a deal are gained together, so a shared win is possible; the win is
        // checked once the outcome is logged.
        Ok(())
    }

    /// `terms` are agreed: announced, then content may still make the deal fail before it
    /// is carried out (at the deal-made window); returns whether it stands.
    fn agree(&mut self, terms: &DealTerms) -> Flow<bool> {
        self.emit(
            Rule::Deal,
            EventKind::DealMade {
                terms: Box::new(terms.clone()),
            },
        );
        self.state.encounter.proposal = Some(terms.clone());
        self.window(crate::hooks::Window::DealMade)?;
        Ok(self.state.encounter.proposal.take().is_some())
    }

    /// Asks `proposer` for a deal's terms (`None`: it passes); terms proposed are announced
    /// and become the proposal on the table.
    fn propose(&mut self, proposer: PlayerId, request: Request) -> Flow<Option<DealTerms>> {
        let terms = match self.ask(proposer, DecisionKind::DealProposal, request)? {
            Answer::Deal(t) => t.map(|t| *t),
            _ => return unreachable_answer(),
        };
        if let Some(terms) = &terms {
            self.emit(
                Rule::Deal,
                EventKind::DealProposed {
                    by: proposer,
                    terms: Box::new(terms.clone()),
                },
            );
            self.state.encounter.proposal = Some(terms.clone());
        }
        Ok(terms)
    }

    /// `p` establishes the colony a deal lets it have on `planet`: it picks its ships.
    fn deal_colony(&mut self, p: PlayerId, planet: crate::ids::PlanetId) -> Flow {
        self.land_chosen_ships(p, planet, DecisionKind::DealColonyShips, Rule::Deal)
    }

    /// Card text has the players of `parties` (a mask of seats) make one deal together:
    /// for the deal's rounds, each party in turn from the offense proposes terms or passes,
    /// and every other party, in the same order, accepts or declines; the first terms all
    /// accept are carried out (unless content cancels them as the deal is made), and the
    /// deal fails once every party passed in a row, or when the rounds run out. Returns
    /// whether a deal was made; the encounter's outcome says so too (`a deal was made`, `a
    /// deal failed`). With fewer than two parties nothing is asked, and no deal is made.
    pub fn deal_among(&mut self, parties: u16, source: u32) -> Flow<bool> {
        let order = self.parties_in_turn(parties);
        if order.len() < 2 {
            return Ok(false);
        }
        let parties = order.iter().fold(0u16, |m, p| m | 1 << p.0);
        self.emit_caused(
            crate::event::Cause::Ability(source),
            EventKind::GroupDealOpened { parties },
        );
        let rounds = self.state.rules.deal_rounds;
        let mut passes = 0;
        for round in 1..=rounds {
            for &proposer in &order {
                let request = Request::Deal(DealRequest {
                    side: self.state.side_of(proposer).unwrap_or(Side::Offense),
                    round,
                    rounds,
                    terms: Vec::new(),
                    parties,
                });
                let Some(terms) = self.propose(proposer, request)? else {
                    passes += 1;
                    // Every party passing in a row means nobody wants a deal.
                    if passes >= order.len() {
                        return self.group_deal_failed();
                    }
                    continue;
                };
                passes = 0;
                let mut declined = None;
                for &responder in order.iter().filter(|&&p| p != proposer) {
                    let mut options = self.choices();
                    options.extend([Choice::Accept, Choice::Reject]);
                    let answer = self.pick(responder, DecisionKind::DealResponse, options);
                    let answer = match answer {
                        Ok(a) => a,
                        Err(e) => {
                            self.state.encounter.proposal = None;
                            return Err(e);
                        }
                    };
                    if answer != Choice::Accept {
                        declined = Some(responder);
                        break;
                    }
                }
                self.state.encounter.proposal = None;
                if let Some(by) = declined {
                    self.emit(Rule::Deal, EventKind::DealRejected { by });
                    continue;
                }
                if !self.agree(&terms)? {
                    return self.group_deal_failed();
                }
                self.state.encounter.outcome = Some(crate::state::Outcome::DealMade);
                self.carry_out_group(&terms)?;
                self.check_win()?;
                return Ok(true);
            }
        }
        self.group_deal_failed()
    }

    /// The parties of `mask` in turn order from the offense.
    fn parties_in_turn(&self, mask: u16) -> Vec<PlayerId> {
        let mut order = Vec::new();
        let mut p = self.state.offense;
        for _ in 0..self.state.player_count() {
            if mask & (1 << p.0) != 0 {
                order.push(p);
            }
            p = self.state.next_in_turn_order(p);
        }
        order
    }

    fn group_deal_failed(&mut self) -> Flow<bool> {
        self.emit(Rule::FailedDeal, EventKind::DealFailed);
        self.state.encounter.outcome = Some(crate::state::Outcome::DealFailed);
        Ok(false)
    }

    /// Carries out a group deal: every party's cards change hands at once (each giver picks
    /// the cards it gives by type, gift by gift; cards at random come from what it keeps),
    /// then the colonies, in the order the terms list them.
    fn carry_out_group(&mut self, terms: &DealTerms) -> Flow {
        let gifts = &terms.gifts;
        let mut given: Vec<Vec<CardId>> = gifts.iter().map(|g| g.cards.named.clone()).collect();
        // The cards a giver has already promised in any of its gifts.
        let spoken = |given: &[Vec<CardId>], giver: PlayerId| -> Vec<CardId> {
            (gifts.iter().zip(given))
                .filter(|(g, _)| g.from == giver)
                .flat_map(|(_, cards)| cards.iter().copied())
                .collect()
        };
        for (i, gift) in gifts.iter().enumerate() {
            for &(ty, n) in &gift.cards.by_type {
                let skip = spoken(&given, gift.from);
                let picked = self.choose_by_type(gift.from, ty, n, &skip)?;
                given[i].extend(picked);
            }
        }
        for (i, gift) in gifts.iter().enumerate() {
            for _ in 0..gift.cards.random {
                let skip = spoken(&given, gift.from);
                let hand = &self.state.players[gift.from.ix()].hand;
                let left: Vec<CardId> =
                    hand.iter().copied().filter(|c| !skip.contains(c)).collect();
                if left.is_empty() {
                    break;
                }
                let k = rand::Rng::gen_range(&mut self.rng, 0..left.len());
                given[i].push(left[k]);
            }
        }
        for (gift, cards) in gifts.iter().zip(&given) {
            for &card in cards {
                self.give_card(gift.from, gift.to, card, Rule::Deal);
            }
        }
        for grant in &terms.grants {
            self.deal_colony(grant.player, grant.planet)?;
        }
        Ok(())
    }

    /// The giver picks which `n` cards of type `ty` it hands over (not among `already`).
    fn choose_by_type(
        &mut self,
        giver: PlayerId,
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
