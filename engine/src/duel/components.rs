//! Duel's components as data: the plan decks, the reinforcement deck, the three destiny
//! decks, the planet tiles, the tactics tokens and the envoys. The content library supplies
//! them; the engine knows their rules meaning (a plan's number, a tactic's halves, which
//! deck a destiny card chains to), never a card's name.

use serde::{Deserialize, Serialize};

/// A plan or reinforcement card definition and its copies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelCardDef {
    /// The printed name (`Sinister`, `Mega Support`).
    pub name: String,
    /// Its rules kind and number.
    pub kind: DuelCardKind,
    /// Copies in its deck.
    pub count: u8,
}

/// What a Duel hand card is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "lowercase")]
pub enum DuelCardKind {
    /// A plan card: its number is the clout it starts a player with.
    Plan(i16),
    /// A reinforcement: its signed value is added to either player's clout.
    Reinforcement(i16),
}

impl DuelCardKind {
    /// The printed number: a plan's clout, a reinforcement's value.
    pub fn number(self) -> i16 {
        match self {
            DuelCardKind::Plan(v) | DuelCardKind::Reinforcement(v) => v,
        }
    }
}

/// The three destiny decks, chained by the icon at the bottom of each card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DestinyDeck {
    /// Discovery cards: discover a planet and duel there.
    Discovery,
    /// Event cards: duels on new or controlled planets, contests, other challenges.
    Event,
    /// Refresh cards: recover ships, draw cards, befriend envoys, gain reinforcements.
    Refresh,
}

impl DestinyDeck {
    /// Every deck, in the order the state keeps them.
    pub const ALL: [DestinyDeck; 3] = [
        DestinyDeck::Discovery,
        DestinyDeck::Event,
        DestinyDeck::Refresh,
    ];

    /// Index into per-deck arrays.
    pub fn ix(self) -> usize {
        self as usize
    }

    /// The deck's name.
    pub fn name(self) -> &'static str {
        match self {
            DestinyDeck::Discovery => "discovery",
            DestinyDeck::Event => "event",
            DestinyDeck::Refresh => "refresh",
        }
    }

    /// Cards the rule book's deck holds (Components).
    pub fn printed_count(self) -> usize {
        match self {
            DestinyDeck::Discovery => 13,
            DestinyDeck::Event => 25,
            DestinyDeck::Refresh => 19,
        }
    }
}

/// Who carries out a duel's prize.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PrizeTaker {
    /// The duel's winner.
    Winner,
    /// The duel's loser.
    Loser,
}

/// A prize printed on a duel's destiny card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeDef {
    /// Its name (`Unsupervised Prize`).
    pub name: String,
    /// Who resolves it.
    pub to: PrizeTaker,
}

/// What a destiny card has the players do, as far as the rules give it structure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum DestinyEffect {
    /// Discover a planet and have a duel there, with this ship advantage and prize.
    DiscoverAndDuel {
        /// The ship advantage printed on the card.
        advantage: i16,
        /// The prize and who resolves it.
        prize: PrizeDef,
    },
    /// Have a contest; the winner carries out the card's contest effect (content).
    Contest,
    /// Nothing the engine plays by itself: the card's text (content) does all of it.
    Text,
}

/// One destiny card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DestinyCardDef {
    /// The card's title (`Vacant Shipyard`).
    pub name: String,
    /// The deck it belongs to.
    pub deck: DestinyDeck,
    /// The deck its bottom icon names: drawn from next.
    pub next: DestinyDeck,
    /// What it has the players do.
    pub effect: DestinyEffect,
}

/// A planet tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanetTileDef {
    /// Its name.
    pub name: String,
    /// Its symbol (the planet bar and resources read it).
    pub symbol: String,
}

/// One half of a tactics token's face.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "lowercase")]
pub enum TacticHalf {
    /// Destroys this many of the opponent's ships on the planet.
    Blast(u8),
    /// Reduces the opponent's blast by this much.
    Shield(u8),
    /// Readies spent tactics (1: one of one's own; 2: two of one's own, then the opponent
    /// readies one of its own); the token itself stays readied.
    Recover(u8),
}

/// A tactics token: two halves, one of which is chosen each time it is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TacticDef {
    /// The two halves.
    pub halves: [TacticHalf; 2],
}

/// An envoy card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvoyDef {
    /// Its name.
    pub name: String,
    /// Which of the three icon decks it belongs to (0, 1, 2).
    pub deck: u8,
}

/// Everything a Duel game is set up from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DuelComponents {
    /// Each colour's plan deck (by seat: the first player's colour, then the second's).
    pub plans: [Vec<DuelCardDef>; 2],
    /// The reinforcement deck.
    pub reinforcements: Vec<DuelCardDef>,
    /// The destiny cards of all three decks.
    pub destiny: Vec<DestinyCardDef>,
    /// The planet stack.
    pub planets: Vec<PlanetTileDef>,
    /// Each colour's tactics tokens (by seat).
    pub tactics: [Vec<TacticDef>; 2],
    /// The envoys of the three icon decks.
    pub envoys: Vec<EnvoyDef>,
}

/// A seat's colour in words.
fn colour(seat: usize) -> String {
    crate::duel::COLOURS[seat].name().to_lowercase()
}

/// Cards in each colour's plan deck (Components).
pub const PLANS_PER_COLOUR: usize = 17;
/// Cards in the reinforcement deck.
pub const REINFORCEMENTS: usize = 19;
/// Planet tiles.
pub const PLANET_TILES: usize = 12;
/// Tactics tokens per colour.
pub const TACTICS_PER_COLOUR: usize = 5;
/// Envoy cards in all three decks.
pub const ENVOYS: usize = 18;
/// Alien cards (Components).
pub const ALIENS: usize = 27;

impl DuelComponents {
    /// Whether nothing of Duel was supplied (an FFG library).
    pub fn is_empty(&self) -> bool {
        *self == DuelComponents::default()
    }

    /// What a game with these components cannot do without: each item names the component
    /// and how many the rule book has against how many are here. Empty when a game can be
    /// played as the rule book's components make it.
    pub fn missing(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut want = |what: &str, have: usize, need: usize| {
            if have < need {
                out.push(format!("{what}: {have} of {need}"));
            }
        };
        let count = |defs: &[DuelCardDef]| defs.iter().map(|d| d.count as usize).sum();
        for deck in DestinyDeck::ALL {
            let have = self.destiny.iter().filter(|d| d.deck == deck).count();
            want(
                &format!("{} cards", deck.name()),
                have,
                deck.printed_count(),
            );
        }
        want("planet tiles", self.planets.len(), PLANET_TILES);
        for (seat, plans) in self.plans.iter().enumerate() {
            want(
                &format!("{} plan cards", colour(seat)),
                count(plans),
                PLANS_PER_COLOUR,
            );
        }
        want(
            "reinforcement cards",
            count(&self.reinforcements),
            REINFORCEMENTS,
        );
        for (seat, tactics) in self.tactics.iter().enumerate() {
            want(
                &format!("{} tactics tokens", colour(seat)),
                tactics.len(),
                TACTICS_PER_COLOUR,
            );
        }
        want("envoy cards", self.envoys.len(), ENVOYS);
        out
    }

    /// What a game cannot even start without (a first discovery card, planets, opening
    /// hands, tactics): the engine refuses a setup short of these, so that a test may play
    /// a few fixture cards but nothing plays a deck with a hole in its chain.
    pub fn unplayable(&self) -> Option<String> {
        let count = |defs: &[DuelCardDef]| -> usize { defs.iter().map(|d| d.count as usize).sum() };
        if !self
            .destiny
            .iter()
            .any(|d| d.deck == DestinyDeck::Discovery)
        {
            return Some("no discovery card to start the game with".into());
        }
        for d in &self.destiny {
            if !self.destiny.iter().any(|e| e.deck == d.next) {
                return Some(format!(
                    "`{}` chains to the {} deck, which has no card",
                    d.name,
                    d.next.name()
                ));
            }
        }
        if self.planets.is_empty() {
            return Some("no planet tile".into());
        }
        for seat in 0..2 {
            if count(&self.plans[seat]) < crate::duel::HAND_LIMIT as usize {
                return Some(format!(
                    "the {} plan deck holds {} cards, fewer than an opening hand",
                    colour(seat),
                    count(&self.plans[seat])
                ));
            }
            if self.tactics[seat].is_empty() {
                return Some(format!("{} has no tactics token", colour(seat)));
            }
        }
        None
    }
}
