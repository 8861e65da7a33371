//! When abilities act: triggers, the happenings they answer and what their text may name.

use cosmic_engine::state::Phase;
use cosmic_engine::Window;
use serde::{Deserialize, Serialize};

/// When an ability acts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// At an engine window while one of the phases is under way.
    At {
        /// The phases.
        phases: Vec<Phase>,
        /// The window.
        window: Window,
    },
    /// At game setup.
    Setup,
    /// When something happens.
    On(Happening),
    /// Instead of ships going to the warp.
    Instead(Replaced),
    /// Instead of ships landing on a planet (whose ships, as for the warp).
    InsteadOfLanding(Replaced),
    /// Instead of ships retrieved from the warp going to their owner's colonies (whose
    /// ships, as for the warp).
    InsteadOfRetrieval(Replaced),
    /// Throughout the phases (continuous changes to quantities).
    During(Vec<Phase>),
    /// A term its player may promise in a deal, carried out when the deal is.
    DealTerm,
}

/// Things that happen which abilities answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Happening {
    /// An alien power is used (Cosmic Zap answers this).
    PowerUsed,
    /// A flare or an artifact is played (Card Zap answers this).
    CardPlayed,
    /// The controller's own power was zapped.
    MyPowerZapped,
    /// This alien's sheet went back to the box: it left the game (run for the player who
    /// had it).
    AlienLeft,
    /// An artifact is played (answered like `CardPlayed`, for artifacts only).
    ArtifactPlayed,
    /// A flare is played, as its wild or super half (answered like `CardPlayed`).
    FlarePlayed,
    /// A flare is played as its wild half (answered like `CardPlayed`).
    WildFlarePlayed,
    /// The controller played an artifact and its effect took place.
    MyArtifactPlayed,
    /// Another player's power went off for too few home colonies (the subject is that player).
    PowerLost,
    /// The discard pile was shuffled to form a new deck.
    DeckReshuffled,
    /// The controller's ships went to the warp (the subject: the controller and how many).
    MyShipsToWarp,
    /// Another player's ships went to the warp (the subject: that player and how many).
    OthersShipsToWarp,
    /// Another player's ships were removed from the game (that player and how many).
    OthersShipsRemoved,
    /// The controller's ships were removed from the game (the controller and how many).
    MyShipsRemoved,
    /// Another player retrieved ships from the warp (that player and how many).
    OthersShipsRetrieved,
    /// Another player drew cards from the deck (that player and how many).
    OthersCardsDrawn,
    /// The controller retrieved ships from the warp (the controller and how many), leaving
    /// out those its own feeding text retrieved (`Game::set_feeding`).
    MyShipsRetrieved,
    /// The controller drew cards from the deck (the controller and how many), leaving out
    /// those its own feeding text drew.
    MyCardsDrawn,
    /// The controller took cards at random from another player's hand (that other player and
    /// how many), leaving out those its own feeding text took.
    MyCardsTakenAtRandom,
    /// The controller drew cards as rewards (the controller and how many).
    MyRewardsDrawn,
    /// Another player used a tech (Tech Scrambler answers this).
    TechUsed,
    /// The tech this ability is on was just completed (the subject: that tech).
    TechCompleted,
    /// Another player gained a foreign colony (that player).
    OthersColonyGained,
    /// Another player discarded a card of this type (the subject: the card).
    OthersDiscard(cosmic_engine::CardType),
    /// The controller discarded a card of this type to draw a new hand (the card).
    NewHandDiscard(cosmic_engine::CardType),
    /// Another player played a card as a reinforcement (the subject is that card).
    ReinforcementPlayed,
    /// The hazard this ability is on was just drawn (hazard deck variant): the drawer acts.
    HazardDrawn,
    /// Ships landed on a planet (the subject: the planet and the players who landed there
    /// together), answered at once.
    ShipsLanded,
    /// The controller received rewards, as a defensive ally or by card text (the controller
    /// and how many).
    MyRewardsReceived,
    /// A cosmic quake is about to discard every hand (answered at once, the hands still held).
    CosmicQuake,
    /// The controller's card text sent other players' ships to the warp (the subject: the
    /// first of those players in seat order, and how many players they are).
    MyShipsSent,
    /// Another player played a wild flare or an artifact and its effects took place (the
    /// subject: that play, with what it answered, which `duplicate that play` runs again).
    OthersPlayed,
    /// The controller's face-down tokens beside a planet were turned face up (the subject:
    /// that planet), answered at once.
    MyTokensRevealed,
}

/// Which draws `the cards drawn` names: an ability answers one kind of its player's draws.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Drawn {
    /// The cards drawn as rewards (`whenever I draw cards as rewards`).
    Rewards,
    /// The cards drawn from a deck (`whenever I draw cards`), new hands included.
    Deck,
}

/// Which of its player's draws an ability or reaction with these triggers answers (`the
/// cards drawn` names them): none, or one kind only.
pub fn answered_draws(triggers: &[Trigger]) -> Option<Drawn> {
    let rewards = triggers.contains(&Trigger::On(Happening::MyRewardsDrawn));
    // Another player's draws are named as its own answers name them.
    let deck = triggers.contains(&Trigger::On(Happening::MyCardsDrawn))
        || triggers.contains(&Trigger::On(Happening::OthersCardsDrawn));
    match (rewards, deck) {
        (true, false) => Some(Drawn::Rewards),
        (false, true) => Some(Drawn::Deck),
        _ => None,
    }
}

/// Whose ships a replacement takes over (going to the warp, or landing on a planet).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Replaced {
    /// The controller's own ships.
    Mine,
    /// Ships of the side that lost the encounter.
    LosingSide,
    /// Any other player's ships.
    Others,
    /// Ships of an ally of the controller's side (the controller a main player).
    MyAllies,
    /// Any player's ships, the controller's included.
    Any,
}

kinds! {
    /// How an ability is set off: one form per `Trigger` variant.
    TriggerForm { At, Setup, On, Instead, InsteadOfLanding, InsteadOfRetrieval, During, DealTerm }
}

impl Trigger {
    /// The trigger's form.
    pub fn form(&self) -> TriggerForm {
        match self {
            Trigger::At { .. } => TriggerForm::At,
            Trigger::Setup => TriggerForm::Setup,
            Trigger::On(_) => TriggerForm::On,
            Trigger::Instead(_) => TriggerForm::Instead,
            Trigger::InsteadOfLanding(_) => TriggerForm::InsteadOfLanding,
            Trigger::InsteadOfRetrieval(_) => TriggerForm::InsteadOfRetrieval,
            Trigger::During(_) => TriggerForm::During,
            Trigger::DealTerm => TriggerForm::DealTerm,
        }
    }

    /// What the trigger hands its ability to name as `it`, `them` or `that ...`.
    pub fn subject(&self) -> SubjectKind {
        match self {
            Trigger::On(h) => h.subject(),
            Trigger::Instead(_) | Trigger::InsteadOfRetrieval(_) => SubjectKind::Ships,
            Trigger::InsteadOfLanding(_) => SubjectKind::LandingShips,
            Trigger::At {
                window: Window::NewHand,
                ..
            } => SubjectKind::NewHand,
            Trigger::At {
                window: Window::AlliancesFormed,
                ..
            } => SubjectKind::Alliances,
            Trigger::At {
                window: Window::GameWon,
                ..
            } => SubjectKind::GameWon,
            Trigger::At { .. } | Trigger::Setup | Trigger::During(_) | Trigger::DealTerm => {
                SubjectKind::Nothing
            }
        }
    }
}

/// What an ability's trigger answers or replaces, which its text may name (`it`, `them`,
/// `that player`, `that number`): the runtime hands each trigger's ability one of these.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SubjectKind {
    /// Nothing: a window, game setup, a continuous change, a deal term, or a happening that
    /// carries nothing (a reshuffle, a hazard drawn).
    Nothing,
    /// A use of an alien power (which `cancel it` and `cancel that power` stop).
    PowerUse,
    /// A flare or an artifact played (the card, which `cancel it` stops).
    CardUse,
    /// A tech used (which `cancel it` stops and `discard that tech` discards).
    TechUse,
    /// A card that was played or discarded, already done with.
    Card,
    /// A player something happened to.
    Player,
    /// A player and how many ships or cards it involved (`that number`).
    Count,
    /// A tech just completed.
    Tech,
    /// The ships a replacement takes over.
    Ships,
    /// A landing: the planet, and the players who landed there together.
    Landing,
    /// The ships a replacement of a landing takes over, with the planet they would land on.
    LandingShips,
    /// A wild flare or an artifact another player just played, its effects done, with what
    /// it answered (which `duplicate that play` runs again).
    Play,
    /// Rewards a player received: how many, and how many were cards and ships (`the rewards'
    /// cards`, `the rewards' ships`).
    Rewards,
    /// A planet something happened beside (tokens revealed there).
    Planet,
    /// A new hand about to be drawn (`when a new hand is drawn`), which `replace the new
    /// hand` takes over.
    NewHand,
    /// Alliances formed, the invitations answered (`after alliances are formed`), which
    /// `invite PLAYER as ally` reopens.
    Alliances,
    /// The game being won (`when the game is won`), whose win `have an encounter with
    /// PLAYER for the game` holds.
    GameWon,
}

impl SubjectKind {
    /// The kind's bit in a set of kinds.
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// Every kind of use an answer can cancel.
    pub const USES: u32 =
        SubjectKind::PowerUse.bit() | SubjectKind::CardUse.bit() | SubjectKind::TechUse.bit();

    /// The kinds `it` or `them` names as a value: a card, a player or ships.
    pub const VALUES: u32 = SubjectKind::CardUse.bit()
        | SubjectKind::Card.bit()
        | SubjectKind::Player.bit()
        | SubjectKind::Count.bit()
        | SubjectKind::Rewards.bit()
        | SubjectKind::Ships.bit()
        | SubjectKind::LandingShips.bit();

    /// The kinds that name a planet (`that planet`): a landing, ships about to land, or a
    /// planet where tokens were revealed.
    pub const PLANETS: u32 =
        SubjectKind::Landing.bit() | SubjectKind::LandingShips.bit() | SubjectKind::Planet.bit();
}

impl Happening {
    /// Whether it is ships or cards moving (lost, retrieved, drawn, taken, received) or a
    /// colony gained: answered at the next window, a lasting effect's reactions too.
    pub fn moves(self) -> bool {
        matches!(self.subject(), SubjectKind::Count | SubjectKind::Rewards)
    }

    /// What the runtime hands an ability answering this happening.
    pub fn subject(self) -> SubjectKind {
        use Happening::*;
        match self {
            PowerUsed => SubjectKind::PowerUse,
            CardPlayed | ArtifactPlayed | FlarePlayed | WildFlarePlayed => SubjectKind::CardUse,
            TechUsed => SubjectKind::TechUse,
            MyArtifactPlayed | OthersDiscard(_) | NewHandDiscard(_) | ReinforcementPlayed => {
                SubjectKind::Card
            }
            PowerLost => SubjectKind::Player,
            MyShipsToWarp | OthersShipsToWarp | OthersShipsRemoved | MyShipsRemoved
            | OthersShipsRetrieved | OthersCardsDrawn | MyRewardsDrawn | OthersColonyGained
            | MyShipsRetrieved | MyCardsDrawn | MyCardsTakenAtRandom | MyShipsSent => {
                SubjectKind::Count
            }
            MyRewardsReceived => SubjectKind::Rewards,
            TechCompleted => SubjectKind::Tech,
            MyPowerZapped | AlienLeft | DeckReshuffled | HazardDrawn | CosmicQuake => {
                SubjectKind::Nothing
            }
            ShipsLanded => SubjectKind::Landing,
            OthersPlayed => SubjectKind::Play,
            MyTokensRevealed => SubjectKind::Planet,
        }
    }
}
