//! The physical components a game is set up from: cosmic and destiny card definitions with
//! their counts. The content library supplies them; the engine knows their rules meaning
//! (an attack's value, a destiny card's color) but never a card's name.

use crate::ids::{Color, PlayerId};
use serde::{Deserialize, Serialize};

/// What kind of cosmic card a card is, as far as the core rules care.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "lowercase")]
pub enum CardKind {
    /// An attack encounter card with its printed value.
    Attack(i16),
    /// A negotiate encounter card.
    Negotiate,
    /// The morph encounter card: duplicates the opponent's card.
    Morph,
    /// A reinforcement card adding its value to a side's total.
    Reinforcement(i16),
    /// An artifact card; its effect is content.
    Artifact,
    /// A flare card; its effect is content.
    Flare,
    /// A kicker (Eon): played face down beside an encounter card, it multiplies the card's
    /// value, the consolation taken or the tokens lost by a failed deal.
    Kicker(i16),
    /// A rift (Cosmic Incursion's reward deck): played at the start of an encounter to bring
    /// back up to its value in ships from the warp; taken from a hand and kept, it detonates.
    Rift(i16),
}

impl CardKind {
    /// Whether the card may be played as an encounter card.
    #[inline]
    pub fn is_encounter(self) -> bool {
        matches!(
            self,
            CardKind::Attack(_) | CardKind::Negotiate | CardKind::Morph
        )
    }

    /// The card's type without its value.
    pub fn card_type(self) -> CardType {
        match self {
            CardKind::Attack(_) => CardType::Attack,
            CardKind::Negotiate => CardType::Negotiate,
            CardKind::Morph => CardType::Morph,
            CardKind::Reinforcement(_) => CardType::Reinforcement,
            CardKind::Artifact => CardType::Artifact,
            CardKind::Flare => CardType::Flare,
            CardKind::Kicker(_) => CardType::Kicker,
            CardKind::Rift(_) => CardType::Rift,
        }
    }
}

/// A card type, as named in deals ("two of your attack cards") and in Plague-like effects.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Attack,
    Negotiate,
    Morph,
    Reinforcement,
    Artifact,
    Flare,
    Kicker,
    Rift,
}

impl CardType {
    /// Every card type, in a fixed order.
    pub const ALL: [CardType; 8] = [
        CardType::Attack,
        CardType::Negotiate,
        CardType::Morph,
        CardType::Reinforcement,
        CardType::Artifact,
        CardType::Flare,
        CardType::Kicker,
        CardType::Rift,
    ];

    /// The type's name in logs and scenario files.
    pub fn name(self) -> &'static str {
        match self {
            CardType::Attack => "attack",
            CardType::Negotiate => "negotiate",
            CardType::Morph => "morph",
            CardType::Reinforcement => "reinforcement",
            CardType::Artifact => "artifact",
            CardType::Flare => "flare",
            CardType::Kicker => "kicker",
            CardType::Rift => "rift",
        }
    }
}

/// One card definition of the cosmic deck with how many copies the deck holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardDef {
    /// The printed name ("Attack 08", or a content card's name).
    pub name: String,
    /// Its rules kind.
    pub kind: CardKind,
    /// Copies in the deck.
    pub count: u8,
    /// The deck it belongs to (the reward deck's cards have their own back).
    #[serde(default, skip_serializing_if = "crate::piles::Back::is_cosmic")]
    pub back: crate::piles::Back,
    /// A crooked deal (Cosmic Incursion): a negotiate that takes one card more as
    /// compensation and shifts a failed deal's losses by one ship.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crooked: bool,
}

impl CardDef {
    /// A card of the cosmic deck's back, not crooked: `count` copies of `name` of `kind`.
    pub fn new(name: impl Into<String>, kind: CardKind, count: u8) -> CardDef {
        CardDef {
            name: name.into(),
            kind,
            count,
            back: Default::default(),
            crooked: false,
        }
    }
}

/// Which player a special destiny card designates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpecialDestiny {
    /// The player with the most foreign colonies.
    MostForeignColonies,
    /// The player with the fewest ships in the warp.
    FewestShipsInWarp,
    /// The player with the most cards in hand.
    MostCardsInHand,
}

/// What a destiny card shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "lowercase")]
pub enum DestinyKind {
    /// A player color (removed from the deck when that color is not in play).
    Color(Color),
    /// Wild: the offense picks any other player.
    Wild,
    /// Special: designates a player by a criterion.
    Special(SpecialDestiny),
    /// A card content shuffled into the deck (an alien's own destiny cards): it names nobody
    /// by itself; the text answering its draw decides what it does.
    Content {
        /// The player whose text shuffled it in.
        owner: PlayerId,
    },
}

/// One physical destiny card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DestinyDef {
    /// What the card shows.
    pub kind: DestinyKind,
    /// Whether it carries a hazard warning (used by the hazard variant).
    #[serde(default)]
    pub hazard: bool,
    /// Whether it carries the reverse-cone sticker (Eon's star discs, Expansion Set 9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reverse_cone: bool,
    /// The printed name of a content destiny card (`DestinyKind::Content`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// An alien a player may be: its name and its flare card, if it has one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlienDef {
    /// The alien's name.
    pub name: String,
    /// Index of its flare among the cosmic card definitions.
    pub flare: Option<u16>,
    /// Whether it has game setup text (such an alien is not drawn during the game, and is
    /// revealed at setup with hidden powers).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub game_setup: bool,
    /// The set (product) it comes from, as its file says (`base`, `incursion`, ...).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub set: String,
    /// Aliens it is not used with (its sheet says "do not use with"), by name: never dealt
    /// or drawn into a game beside one of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<String>,
}

impl Components {
    /// Whether aliens `a` and `b` may not be in one game (either sheet excludes the other).
    pub fn aliens_exclude(&self, a: u16, b: u16) -> bool {
        let (Some(x), Some(y)) = (self.aliens.get(a as usize), self.aliens.get(b as usize)) else {
            return false;
        };
        x.excludes.iter().any(|n| n.eq_ignore_ascii_case(&y.name))
            || y.excludes.iter().any(|n| n.eq_ignore_ascii_case(&x.name))
    }
}

/// A tech card of the technology variant: its name and research number.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TechDef {
    /// The tech's name.
    pub name: String,
    /// Ships needed on it to complete it; `None` for X (any number).
    pub research: Option<u8>,
    /// A tech kept secret until used: never completed, it is usable face down once enough
    /// ships research it, and is revealed only when used.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub secret: bool,
}

impl TechDef {
    /// Whether `ships` researching it are enough to complete it (or, secret, to use it).
    pub fn researched(&self, ships: u8) -> bool {
        self.research.is_none_or(|n| ships >= n)
    }
}

/// A hazard card of the hazard deck variant: its name and copies in the deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HazardDef {
    /// The hazard's name.
    pub name: String,
    /// Copies in the hazard deck.
    pub count: u8,
    /// Whether it remains in play once drawn, until card text discards it from play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub remains_in_play: bool,
}

/// Everything a game is set up from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Components {
    /// The cosmic deck's card definitions (flares are added by setup when aliens exist).
    pub cosmic: Vec<CardDef>,
    /// The destiny deck, one entry per physical card, for all eight colors.
    pub destiny: Vec<DestinyDef>,
    /// The aliens available to the game.
    #[serde(default)]
    pub aliens: Vec<AlienDef>,
    /// Names of content abilities, by the number the hooks give them, for the event log.
    #[serde(default)]
    pub sources: Vec<String>,
    /// The tech deck of the technology variant, one entry per card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub techs: Vec<TechDef>,
    /// The hazard deck of the hazard deck variant, one entry per distinct hazard.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hazards: Vec<HazardDef>,
    /// Duel's components (empty in an FFG library).
    #[serde(default, skip_serializing_if = "crate::duel::DuelComponents::is_empty")]
    pub duel: crate::duel::DuelComponents,
    /// The attachments content describes (Eon's planet hexes): components held by a player,
    /// whose abilities act for their holder beside its power.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<AttachmentDef>,
}

/// An attachment: a component held by a player (Eon's planet hexes; FFG's stations and moons
/// are the same mechanism on a planet), whose abilities act for whoever its access rule
/// names, beside the power and out of a zap's reach.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttachmentDef {
    /// Its name.
    pub name: String,
    /// The kind of component it is, as content names it (`hex`): a variant deals its kind.
    pub kind: String,
}

impl Components {
    /// The attachments of `kind` (`hex`), by number.
    pub fn attachments_of<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = u16> + 'a {
        (self.attachments.iter().enumerate())
            .filter(move |(_, a)| a.kind == kind)
            .map(|(i, _)| i as u16)
    }

    /// Total number of physical cosmic cards described.
    pub fn cosmic_count(&self) -> usize {
        self.cosmic.iter().map(|c| c.count as usize).sum()
    }
}
