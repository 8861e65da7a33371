//! Piles: a deck to draw from and its discard pile, one type for every deck the rules use
//! (the cosmic deck, the reward deck, the destiny deck, the tech deck, the hazard deck).

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::ids::CardId;

/// A deck and its discard pile. Both keep their top card last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pile<T> {
    /// The cards face down, drawn from the end.
    pub draw: Vec<T>,
    /// The cards discarded face up, the top card last.
    pub discard: Vec<T>,
}

impl<T> Default for Pile<T> {
    fn default() -> Pile<T> {
        Pile {
            draw: Vec::new(),
            discard: Vec::new(),
        }
    }
}

impl<T: Copy + PartialEq> Pile<T> {
    /// Whether both the deck and the discard pile are empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.draw.is_empty() && self.discard.is_empty()
    }

    /// Cards in the deck and the discard pile together.
    #[inline]
    pub fn len(&self) -> usize {
        self.draw.len() + self.discard.len()
    }

    /// Whether `card` lies face up in the discard pile.
    #[inline]
    pub fn discarded(&self, card: T) -> bool {
        self.discard.contains(&card)
    }

    /// Takes `card` out of the discard pile (the copy nearest the top); whether it was there.
    pub fn take_discarded(&mut self, card: T) -> bool {
        match self.discard.iter().rposition(|&c| c == card) {
            Some(i) => {
                self.discard.remove(i);
                true
            }
            None => false,
        }
    }

    /// Shuffles the discard pile into a new deck under whatever the deck still holds (the
    /// rules reshuffle only an empty deck, so that is all of it); returns the cards
    /// shuffled.
    pub fn reshuffle(&mut self, rng: &mut impl rand::Rng) -> usize {
        let mut pile = std::mem::take(&mut self.discard);
        pile.shuffle(rng);
        let cards = pile.len();
        pile.append(&mut self.draw);
        self.draw = pile;
        cards
    }
}

/// The design on a card's back: which deck it is drawn from and discarded to.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Back {
    /// The cosmic deck.
    #[default]
    Cosmic,
    /// The reward deck (Cosmic Incursion's rewards variant).
    Reward,
}

impl Back {
    /// Every back, in the order piles are kept.
    pub const ALL: [Back; 2] = [Back::Cosmic, Back::Reward];

    /// Whether this is the cosmic deck's back (left out of saves and logs, the usual case).
    #[inline]
    pub fn is_cosmic(&self) -> bool {
        *self == Back::Cosmic
    }

    /// Whether drawing from this deck when it and its discard pile are empty causes a
    /// cosmic quake (only the cosmic deck's does; the reward deck then gives nothing).
    #[inline]
    pub fn quakes(self) -> bool {
        self == Back::Cosmic
    }
}

/// The piles of cosmic-sized cards, one per back; a card goes back to its own back's pile.
/// Saved under the field names the state had before piles were one type (`deck`,
/// `discard`; the reward pile as `reward_deck`, `reward_discard`, left out when empty), so
/// that the digests, and with them the fingerprints, of earlier games stay what they were.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardPiles {
    /// The cosmic deck and discard pile.
    #[serde(flatten, with = "cosmic_fields")]
    pub cosmic: Pile<CardId>,
    /// The reward deck and discard pile (empty unless the rewards variant is played).
    #[serde(flatten, with = "reward_fields")]
    pub reward: Pile<CardId>,
}

impl CardPiles {
    /// The pile of cards with this back.
    #[inline]
    pub fn of(&self, back: Back) -> &Pile<CardId> {
        match back {
            Back::Cosmic => &self.cosmic,
            Back::Reward => &self.reward,
        }
    }

    /// The pile of cards with this back, to change.
    #[inline]
    pub fn of_mut(&mut self, back: Back) -> &mut Pile<CardId> {
        match back {
            Back::Cosmic => &mut self.cosmic,
            Back::Reward => &mut self.reward,
        }
    }

    /// Cards in every pile, deck and discard.
    pub fn card_count(&self) -> usize {
        self.cosmic.len() + self.reward.len()
    }
}

/// Serde functions that write a pile as two fields of the state under the names they had
/// before piles were one type (`#[serde(flatten, with = ...)]`), so that digests stay what
/// they were; with `$skip`, empty halves are left out, as they were.
macro_rules! pile_fields {
    ($module:ident, $t:ty, $draw:literal, $discard:literal, $skip:literal) => {
        pub(crate) mod $module {
            use super::Pile;
            use serde::{Deserialize, Deserializer, Serialize, Serializer};

            fn skip(v: &[$t]) -> bool {
                $skip && v.is_empty()
            }

            #[derive(Serialize)]
            struct Out<'a> {
                #[serde(rename = $draw, skip_serializing_if = "skip")]
                draw: &'a [$t],
                #[serde(rename = $discard, skip_serializing_if = "skip")]
                discard: &'a [$t],
            }

            #[derive(Deserialize)]
            struct In {
                #[serde(rename = $draw, default)]
                draw: Vec<$t>,
                #[serde(rename = $discard, default)]
                discard: Vec<$t>,
            }

            pub fn serialize<S: Serializer>(p: &Pile<$t>, s: S) -> Result<S::Ok, S::Error> {
                Out {
                    draw: &p.draw,
                    discard: &p.discard,
                }
                .serialize(s)
            }

            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Pile<$t>, D::Error> {
                let i = In::deserialize(d)?;
                Ok(Pile {
                    draw: i.draw,
                    discard: i.discard,
                })
            }
        }
    };
}

pile_fields!(cosmic_fields, crate::ids::CardId, "deck", "discard", false);
pile_fields!(
    reward_fields,
    crate::ids::CardId,
    "reward_deck",
    "reward_discard",
    true
);
pile_fields!(
    destiny_fields,
    crate::ids::DestinyId,
    "destiny_deck",
    "destiny_discard",
    false
);
pile_fields!(tech_fields, u16, "tech_deck", "tech_discard", true);
pile_fields!(hazard_fields, u16, "hazard_deck", "hazard_discard", true);

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn reshuffle_moves_the_discard_pile_under_the_deck() {
        let mut p = Pile {
            draw: vec![1u8],
            discard: vec![2, 3, 4],
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        assert_eq!(p.reshuffle(&mut rng), 3);
        assert!(p.discard.is_empty());
        assert_eq!(p.draw.len(), 4);
        assert_eq!(
            *p.draw.last().unwrap(),
            1,
            "the deck's own cards stay on top"
        );
    }

    #[test]
    fn piles_serialize_under_their_old_names() {
        let mut piles = CardPiles::default();
        piles.cosmic.draw.push(CardId(3));
        let json = serde_json::to_string(&piles).unwrap();
        assert_eq!(json, r#"{"deck":[3],"discard":[]}"#);
        piles.reward.discard.push(CardId(9));
        let json = serde_json::to_string(&piles).unwrap();
        assert_eq!(json, r#"{"deck":[3],"discard":[],"reward_discard":[9]}"#);
        let back: CardPiles = serde_json::from_str(&json).unwrap();
        assert_eq!(back, piles);
    }
}
