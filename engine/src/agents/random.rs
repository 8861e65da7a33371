//! The random agent: every answer uniformly among the legal ones, from its own seeded RNG.

use super::dice::Dice;
use crate::agent::{Agent, AgentError};
use crate::deal::{CardTransfer, ContentTerm, DealTerms, Gift, Grant};
use crate::decision::{Answer, DealRequest, Decision, Refusal, Request, ShipRequest};
use crate::ids::{PlanetId, PlayerId, Side};
use crate::view::View;

/// Answers uniformly at random.
pub struct RandomAgent {
    dice: Dice,
    refused: bool,
}

impl RandomAgent {
    /// A random agent with its own seed.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            dice: Dice::new(seed),
            refused: false,
        }
    }
}

/// Picks a total between `min` and `max` and spreads it over the places at random: each
/// ship goes to one of the places with room left, each equally likely.
pub(crate) fn random_ships(dice: &mut Dice, r: &ShipRequest) -> Vec<u8> {
    let cap: u32 = r.places.iter().map(|&(_, n)| n as u32).sum();
    let hi = (r.max as u32).min(cap);
    let total = dice.between((r.min as u32).min(hi), hi);
    if total == cap {
        // Every ship goes: nothing to draw.
        return r.places.iter().map(|&(_, n)| n).collect();
    }
    let mut counts = vec![0u8; r.places.len()];
    for _ in 0..total {
        // A place drawn among all, drawn again while full: uniform among those with room
        // (one exists, since fewer ships are placed than there is room for).
        loop {
            let i = dice.index(r.places.len());
            if counts[i] < r.places[i].1 {
                counts[i] += 1;
                break;
            }
        }
    }
    counts
}

/// Planets where `from` has a colony and `to` has none: where `from` may let `to` in.
pub fn colony_offers(
    view: &View,
    from: crate::ids::PlayerId,
    to: crate::ids::PlayerId,
) -> Vec<PlanetId> {
    (view.planet_ships())
        .filter(|(_, ships)| ships[from.ix()] > 0 && ships[to.ix()] == 0)
        .map(|(pl, _)| pl)
        .collect()
}

impl Agent for RandomAgent {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        // Picks are most decisions: answered here, in a small frame; the other shapes out of
        // line.
        if let Request::Pick(options) = &decision.request {
            return Ok(Answer::Pick(self.dice.index(options.len())));
        }
        Ok(self.decide_other(view, decision))
    }

    fn refused(&mut self, _: &View, _: &Decision, _: &Answer, _: &Refusal) {
        self.refused = true;
    }

    fn name(&self) -> &str {
        "random"
    }

    fn reads_advice(&self) -> bool {
        false
    }

    fn restart(&mut self, seed: u64) -> bool {
        *self = RandomAgent::new(seed);
        true
    }
}

impl RandomAgent {
    /// `decide` for the shapes other than a pick.
    #[inline(never)]
    fn decide_other(&mut self, view: &View, decision: &Decision) -> Answer {
        let dice = &mut self.dice;
        match &decision.request {
            Request::Pick(options) => Answer::Pick(dice.index(options.len())),
            Request::Subset { options, min, max } => {
                // A random order, cut to a size that is heads in a coin per option, kept
                // between the bounds: each set of a size is as likely as any other.
                let n = options.len();
                let heads = (0..n).filter(|_| dice.coin()).count();
                let mut order: Vec<usize> = (0..n).collect();
                dice.shuffle(&mut order);
                order.truncate(heads.min(*max as usize).max(*min as usize));
                Answer::Subset(order)
            }
            Request::Ships(r) => Answer::Ships(random_ships(dice, r)),
            Request::Deal(d) => self.random_deal(view, d),
        }
    }

    /// A deal proposal, or a pass. Out of line: deals are few, and their terms would
    /// otherwise widen every decision's frame.
    #[inline(never)]
    fn random_deal(&mut self, view: &View, d: &DealRequest) -> Answer {
        let dice = &mut self.dice;
        if std::mem::take(&mut self.refused) || dice.chance(1, 4) {
            Answer::Deal(None)
        } else if d.parties != 0 {
            Answer::deal(random_group_terms(dice, view, d))
        } else {
            Answer::deal(random_terms(dice, view, d))
        }
    }
}

/// Random but legal-looking terms: random cards each way and maybe a colony each way.
fn random_terms(dice: &mut Dice, view: &View, request: &DealRequest) -> Option<DealTerms> {
    let side = request.side;
    let me = view.me();
    let other = if side == Side::Offense {
        view.defense()?
    } else {
        view.offense()
    };
    let mut terms = DealTerms::default();
    let mine = dice.between(0, view.hand().len().min(2) as u32) as u8;
    let theirs = dice.between(0, view.hand_size(other).min(2) as u32) as u8;
    let (my_give, their_give) = match side {
        Side::Offense => (&mut terms.offense_gives, &mut terms.defense_gives),
        Side::Defense => (&mut terms.defense_gives, &mut terms.offense_gives),
    };
    *my_give = CardTransfer {
        random: mine,
        ..CardTransfer::default()
    };
    *their_give = CardTransfer {
        random: theirs,
        ..CardTransfer::default()
    };
    let to_me = colony_offers(view, other, me);
    let to_them = colony_offers(view, me, other);
    let (my_colony, their_colony) = match side {
        Side::Offense => (&mut terms.offense_colony, &mut terms.defense_colony),
        Side::Defense => (&mut terms.defense_colony, &mut terms.offense_colony),
    };
    if dice.coin() {
        *my_colony = dice.choose(&to_me).copied();
    }
    if dice.coin() {
        *their_colony = dice.choose(&to_them).copied();
    }
    // Content terms (drawn only when there are some, so plain games are unchanged).
    for offer in &request.terms {
        if dice.coin() {
            let seats = view.player_count() as u8;
            terms.content.push(ContentTerm {
                by: offer.by,
                term: offer.term,
                name: offer.name.clone(),
                player: PlayerId(dice.below(seats as u32) as u8),
                amount: dice.between(1, 4) as _,
            });
        }
    }
    let empty = terms.offense_gives.is_empty()
        && terms.defense_gives.is_empty()
        && terms.offense_colony.is_none()
        && terms.defense_colony.is_none()
        && terms.content.is_empty();
    (!empty).then_some(terms)
}

/// Random terms for a group deal: a card or two at random between a few pairs of parties,
/// maybe a colony let by one party to another (no card is named: all go at random). Out of
/// line: only card text asks for a group deal, and the plain deals' code stays as it was.
#[cold]
#[inline(never)]
fn random_group_terms(dice: &mut Dice, view: &View, request: &DealRequest) -> Option<DealTerms> {
    let parties: Vec<PlayerId> = request.parties().collect();
    if parties.len() < 2 {
        return None;
    }
    let mut terms = DealTerms::default();
    let pairs = dice.between(1, parties.len() as u32);
    for _ in 0..pairs {
        let from = parties[dice.index(parties.len())];
        let to = parties[dice.index(parties.len())];
        let held = if from == view.me() {
            view.hand().len()
        } else {
            view.hand_size(from)
        };
        let promised: usize = (terms.gifts.iter())
            .filter(|g| g.from == from)
            .map(|g| g.cards.count())
            .sum();
        let room = held.saturating_sub(promised).min(2) as u32;
        if from == to || room == 0 || terms.gifts.iter().any(|g| g.from == from && g.to == to) {
            continue;
        }
        terms.gifts.push(Gift {
            from,
            to,
            cards: CardTransfer {
                random: dice.between(1, room) as u8,
                ..CardTransfer::default()
            },
        });
    }
    if dice.coin() {
        let by = parties[dice.index(parties.len())];
        let player = parties[dice.index(parties.len())];
        if by != player {
            if let Some(&planet) = dice.choose(&colony_offers(view, by, player)) {
                terms.grants.push(Grant { by, player, planet });
            }
        }
    }
    (!terms.gifts.is_empty() || !terms.grants.is_empty()).then_some(terms)
}
