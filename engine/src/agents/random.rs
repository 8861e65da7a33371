//! The random agent: every answer uniformly among the legal ones, from its own seeded RNG.

use crate::agent::{Agent, AgentError};
use crate::deal::{CardTransfer, ContentTerm, DealTerms};
use crate::decision::{Answer, DealRequest, Decision, Refusal, Request, ShipRequest};
use crate::ids::{PlanetId, PlayerId, Side};
use crate::view::View;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Answers uniformly at random.
pub struct RandomAgent {
    rng: ChaCha8Rng,
    refused: bool,
}

impl RandomAgent {
    /// A random agent with its own seed.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
            refused: false,
        }
    }
}

/// Picks a total between `min` and `max` and spreads it over the places at random.
pub(crate) fn random_ships(rng: &mut impl Rng, r: &ShipRequest) -> Vec<u8> {
    let cap: u32 = r.places.iter().map(|&(_, n)| n as u32).sum();
    let hi = (r.max as u32).min(cap);
    let lo = (r.min as u32).min(hi);
    let total = rng.gen_range(lo..=hi);
    let n = r.places.len();
    let mut counts = vec![0u8; n];
    // The places with room left, in order (on the stack when few): a place that fills up
    // leaves the list, so each ship is a pick among the open places as they stand.
    let mut open: smallvec::SmallVec<[usize; 16]> = (0..n).filter(|&i| r.places[i].1 > 0).collect();
    for _ in 0..total {
        let Some(&i) = open.choose(rng) else {
            break;
        };
        counts[i] += 1;
        if counts[i] >= r.places[i].1 {
            open.retain(|&mut k| k != i);
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
    view.planets()
        .filter(|&pl| view.ships_on(pl, from) > 0 && view.ships_on(pl, to) == 0)
        .collect()
}

impl Agent for RandomAgent {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        let rng = &mut self.rng;
        let answer = match &decision.request {
            Request::Pick(options) => Answer::Pick(rng.gen_range(0..options.len().max(1))),
            Request::Subset { options, min, max } => {
                let mut ix: Vec<usize> = (0..options.len()).filter(|_| rng.gen_bool(0.5)).collect();
                ix.shuffle(rng);
                ix.truncate(*max as usize);
                // The rest stays off the heap (options are few); only the answer is a `Vec`.
                let mut rest: smallvec::SmallVec<[usize; 16]> =
                    (0..options.len()).filter(|i| !ix.contains(i)).collect();
                rest.shuffle(rng);
                while ix.len() < *min as usize {
                    match rest.pop() {
                        Some(i) => ix.push(i),
                        None => break,
                    }
                }
                Answer::Subset(ix)
            }
            Request::Ships(r) => Answer::Ships(random_ships(rng, r)),
            Request::Deal(d) => {
                if std::mem::take(&mut self.refused) || rng.gen_bool(0.25) {
                    Answer::Deal(None)
                } else {
                    Answer::Deal(random_terms(rng, view, d))
                }
            }
        };
        Ok(answer)
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
}

/// Random but legal-looking terms: random cards each way and maybe a colony each way.
fn random_terms(rng: &mut impl Rng, view: &View, request: &DealRequest) -> Option<DealTerms> {
    let side = request.side;
    let me = view.me();
    let other = if side == Side::Offense {
        view.defense()?
    } else {
        view.offense()
    };
    let mut terms = DealTerms::default();
    let mine = rng.gen_range(0..=view.hand().len().min(2)) as u8;
    let theirs = rng.gen_range(0..=view.hand_size(other).min(2)) as u8;
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
    if rng.gen_bool(0.5) {
        *my_colony = to_me.choose(rng).copied();
    }
    if rng.gen_bool(0.5) {
        *their_colony = to_them.choose(rng).copied();
    }
    // Content terms (drawn only when there are some, so plain games are unchanged).
    for offer in &request.terms {
        if rng.gen_bool(0.5) {
            let seats = view.player_count() as u8;
            terms.content.push(ContentTerm {
                by: offer.by,
                term: offer.term,
                name: offer.name.clone(),
                player: PlayerId(rng.gen_range(0..seats)),
                amount: rng.gen_range(1..=4),
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
