//! Events: every state change, with the rule (or, later, the ability) that caused it.

use crate::deal::DealTerms;
use crate::ids::{CardId, Color, DestinyId, PlanetId, PlayerId, Side};
use crate::state::{Outcome, Phase};
use serde::{Deserialize, Serialize};

mod names;
pub use names::{Names, Scene};

/// Where ships can be.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    /// A colony (or a would-be colony) on a planet.
    Planet(PlanetId),
    /// The hyperspace gate.
    Gate,
    /// Beside the targeted planet (defensive allies).
    Beside,
    /// The warp.
    Warp,
    /// Removed from the game.
    Removed,
    /// Researching a tech (technology variant): on the mover's tech card of this index.
    Tech(u16),
    /// The praw below the warp (Eon, Expansion Set 9), where the warp's tokens drop at
    /// critical mass.
    Praw,
    /// On a hazard card in play (hazard deck variant), of this index in
    /// `Components::hazards`.
    Hazard(u16),
    /// Captured in another player's stack (`ShipToken::stack`): out of play, still its
    /// owner's, until the stack enters the warp.
    Captured,
    /// Held around this player's home system by card text (`GameState::holds`): out of
    /// play, still their owner's, until the card that holds them is lost.
    Held(PlayerId),
}

/// The rule of the rule book behind an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    Setup,
    FirstPlayer,
    StartTurn,
    NewHand,
    CosmicQuake,
    DeckReshuffle,
    Regroup,
    RegroupNoColonies,
    Destiny,
    DestinyReshuffle,
    DriveOut,
    Reestablish,
    Launch,
    Alliance,
    Planning,
    OffenseOutOfCards,
    /// No destiny card can give the offense an encounter: its turn ends (our reading).
    NoEncounterPossible,
    /// No encounter card is left to draw for a player who needs one, even after a cosmic quake:
    /// the encounter ends (our reading).
    NoEncounterCardLeft,
    DefenseNewHand,
    Reveal,
    Morph,
    Reinforcement,
    OffenseWins,
    DefenseWins,
    BothMorphs,
    DefenderRewards,
    Compensation,
    NegotiateAllies,
    Deal,
    FailedDeal,
    ReturnFromGate,
    Resolution,
    EncounterCleanup,
    HomeColonies,
    Win,
    TurnLimit,
    /// An ability's text (the ability used is announced just before).
    CardText,
    /// Technology variant: the tech deck is prepared, two techs dealt, one kept.
    TechSetup,
    /// Technology variant: researching, completing or abandoning a tech in regroup.
    TechResearch,
    /// Hazard deck variant: a hazard drawn on a warning (or every encounter), discarded,
    /// its discard pile reshuffled.
    Hazard,
    /// Reward deck variant: rewards drawn from the reward deck, kickers, crooked deals, rifts.
    RewardDeck,
    /// Technology variant: a tech acquired instead of a second encounter.
    AcquireTech,
    /// Hidden powers variant: sheets face down until flipped to use them.
    HiddenPowers,
    /// Rotating powers variant: the offense may change its alien at the start of its turn.
    RotatingPowers,
    /// A rule of the Duel rule book.
    Duel(crate::duel::DuelRule),
    /// Eon lucre: each player's lucre at setup.
    LucreSetup,
    /// Eon lucre: the offense collects lucre at the start of its turn.
    LucreIncome,
    /// Eon lucre: the offense buys its tokens back from the warp.
    BuyTokens,
    /// Eon lucre: a main player buys cards from the deck.
    BuyCards,
    /// Eon: a main player plays a kicker before the challenge cards.
    Kicker,
    /// Eon's praw: the warp reached critical mass and its tokens drop into the praw.
    CriticalMass,
    /// Eon's praw: a token raised from the praw to the warp instead of one released.
    RaiseFromPraw,
    /// Eon's praw: a token released or raised before another destiny flip.
    RegainBeforeFlip,
    /// Eon's reverse cone: the disc flipped reverses the cone for the challenge.
    ReverseCone,
    /// Eon's reverse cone: winning allies take the other side's gains.
    ReversedGains,
    /// Eon's two-player game: the offense names where it challenges, no disc turned.
    TwoPlayerChallenge,
    /// Eon's planet hexes: one dealt to each player.
    HexesDealt,
}

impl Rule {
    /// Where the rule is written, for explanations in the log.
    pub fn source(self) -> &'static str {
        match self {
            Rule::Setup => "Setup",
            Rule::FirstPlayer => "Setup 7, Choose First Player",
            Rule::StartTurn => "Start Turn Phase",
            Rule::NewHand => "Drawing New Cards",
            Rule::CosmicQuake => "Cosmic Quake",
            Rule::DeckReshuffle => "Drawing New Cards (deck empty)",
            Rule::Regroup => "Phase 1: Regroup",
            Rule::RegroupNoColonies => "No Colonies during Regroup Phase",
            Rule::Destiny => "Phase 2: Destiny",
            Rule::DestinyReshuffle => "Depleting the Destiny Deck",
            Rule::DriveOut => "Driving Out Foreign Colonies",
            Rule::Reestablish => "Re-Establishing a Home Colony",
            Rule::Launch => "Phase 3: Launch",
            Rule::Alliance => "Phase 4: Alliance",
            Rule::Planning => "Phase 5: Planning",
            Rule::OffenseOutOfCards => "Offense has no Encounter Cards",
            Rule::NoEncounterPossible => {
                "Phase 2: Destiny (no planet left to attack: the turn ends; our reading)"
            }
            Rule::NoEncounterCardLeft => {
                "Drawing New Cards (no encounter card left to draw, even after a cosmic quake: the encounter ends; our reading)"
            }
            Rule::DefenseNewHand => "Defense has no Encounter Cards",
            Rule::Reveal => "Phase 6: Reveal",
            Rule::Morph => "If Either Player Reveals the Morph Card",
            Rule::Reinforcement => "Reinforcement Cards",
            Rule::OffenseWins => "If the Offense Won",
            Rule::DefenseWins => "If the Defense Won",
            Rule::BothMorphs => "Both players play a morph",
            Rule::DefenderRewards => "Defender rewards",
            Rule::Compensation => "Compensation",
            Rule::NegotiateAllies => "If Both Players Reveal Negotiate Cards",
            Rule::Deal => "Successful Deal",
            Rule::FailedDeal => "Unsuccessful Deal",
            Rule::ReturnFromGate => "Ships return from the gate",
            Rule::Resolution => "Phase 7: Resolution",
            Rule::EncounterCleanup => "After Resolving the Encounter",
            Rule::HomeColonies => "Losing Alien Powers",
            Rule::Win => "Winning the Game",
            Rule::TurnLimit => "Turn limit (engine safety net, not a rule)",
            Rule::CardText => "Card text",
            Rule::TechSetup => "Setup 8, Prepare Tech Deck (Technology Variant)",
            Rule::TechResearch => "Researching, Completing, Abandoning Tech (Technology Variant)",
            Rule::Hazard => "Hazard Deck (Cosmic Conflict, Hazard Deck Variant)",
            Rule::RewardDeck => "Reward Deck (Cosmic Incursion, Reward Deck Variant)",
            Rule::AcquireTech => "Acquiring New Tech (Technology Variant)",
            Rule::HiddenPowers => "Hidden Powers (Variant)",
            Rule::RotatingPowers => "Rotating Powers (Variant)",
            Rule::Duel(r) => r.source(),
            // Eon's rules: an FFG game never cites them.
            Rule::LucreSetup
            | Rule::LucreIncome
            | Rule::BuyTokens
            | Rule::BuyCards
            | Rule::Kicker
            | Rule::CriticalMass
            | Rule::RaiseFromPraw
            | Rule::RegainBeforeFlip
            | Rule::ReverseCone
            | Rule::ReversedGains
            | Rule::TwoPlayerChallenge
            | Rule::HexesDealt => crate::eon::source(self),
        }
    }
}

/// The version of the JSON event log's shape (`Names::json`), written on its first line;
/// bumped whenever an event's field is renamed, removed or changes meaning. 2: an event's own
/// source number is written `ability` (`declaration`, `token`), no longer overwritten by the
/// cause's `source` text.
pub const LOG_FORMAT: u32 = 2;

/// What caused an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// A rule of the rule book.
    Rule(Rule),
    /// A content ability (its source number; `Names::source` names it).
    Ability(u32),
}

/// A state change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum EventKind {
    GameStarted {
        seed: u64,
        players: u8,
    },
    FirstPlayer {
        player: PlayerId,
    },
    TurnStarted {
        turn: u32,
        offense: PlayerId,
    },
    EncounterStarted {
        number: u8,
    },
    /// Content granted a player another encounter (against a given defense, out of turn).
    EncounterGranted {
        player: PlayerId,
        against: Option<PlayerId>,
    },
    /// Content stopped the encounter: the offense plays it again from its start.
    EncounterRestarted {
        offense: PlayerId,
    },
    /// Content stopped the encounter: once the window is over, it is played again from its
    /// planning phase (`EncounterRewound` follows).
    EncounterReplayed {
        offense: PlayerId,
    },
    /// Everything went back to how it stood as the encounter's planning phase began (the
    /// cards content set aside meanwhile stay aside): the encounter is played again from there.
    EncounterRewound,
    /// Content shuffled its own destiny cards into the destiny deck.
    DestinyCardsAdded {
        player: PlayerId,
        cards: u8,
    },
    PhaseStarted {
        phase: Phase,
    },
    DeckShuffled {
        cards: u16,
        /// Which deck (left out for the cosmic deck).
        #[serde(default, skip_serializing_if = "crate::piles::Back::is_cosmic")]
        deck: crate::piles::Back,
    },
    CosmicQuake,
    /// A player must draw a hand with an encounter card, but the deck and the discard pile
    /// hold none (every one is in other hands): the deck counts as spent.
    NoEncounterCardToDraw {
        player: PlayerId,
    },
    CardDrawn {
        player: PlayerId,
        card: CardId,
    },
    CardDiscarded {
        player: PlayerId,
        card: CardId,
    },
    CardGiven {
        from: PlayerId,
        to: PlayerId,
        card: CardId,
    },
    ShipsMoved {
        player: PlayerId,
        from: Place,
        to: Place,
        count: u8,
    },
    ColonyGained {
        player: PlayerId,
        planet: PlanetId,
    },
    ColonyLost {
        player: PlayerId,
        planet: PlanetId,
    },
    TrackMoved {
        player: PlayerId,
        colonies: u8,
    },
    PowerLost {
        player: PlayerId,
    },
    PowerRegained {
        player: PlayerId,
    },
    DestinyRevealed {
        card: DestinyId,
    },
    DestinyDrawn {
        player: PlayerId,
        card: DestinyId,
    },
    DestinyDiscarded {
        card: DestinyId,
    },
    DestinyShuffled {
        cards: u8,
    },
    DefenseNamed {
        defense: PlayerId,
    },
    GateAimed {
        planet: PlanetId,
    },
    Invited {
        by: PlayerId,
        players: crate::ids::Seats,
    },
    AllianceJoined {
        player: PlayerId,
        side: Side,
    },
    AllianceDeclined {
        player: PlayerId,
    },
    CardSelected {
        player: PlayerId,
    },
    CardsRevealed {
        offense: CardId,
        defense: CardId,
    },
    MorphCopied {
        player: PlayerId,
        copies: CardId,
    },
    ReinforcementPlayed {
        player: PlayerId,
        card: CardId,
        side: Side,
    },
    TotalsComputed {
        offense: i32,
        defense: i32,
    },
    EncounterResolved {
        outcome: Outcome,
    },
    DealProposed {
        by: PlayerId,
        // Boxed, as in `DealMade`: events are moved often and deals are rare.
        terms: Box<DealTerms>,
    },
    DealRejected {
        by: PlayerId,
    },
    DealMade {
        terms: Box<DealTerms>,
    },
    DealFailed,
    CompensationTaken {
        player: PlayerId,
        from: PlayerId,
        cards: u8,
    },
    RewardsTaken {
        player: PlayerId,
        cards: u8,
        ships: u8,
    },
    TurnEnded {
        offense: PlayerId,
    },
    GameWon {
        winners: Vec<PlayerId>,
    },
    GameStopped {
        turns: u32,
    },
    /// Card text ended the game with every player losing: nobody wins.
    GameLost,
    /// A card played leaves the game (from a hand, the encounter or the table) instead of
    /// going to the discard pile or back to the hand.
    CardRemoved {
        player: PlayerId,
        card: CardId,
    },
    AlienGiven {
        player: PlayerId,
        alien: u16,
    },
    /// Hidden powers: a player's alien sheet stays face down (the log names it; views do not).
    AlienFaceDown {
        player: PlayerId,
    },
    /// A face-down alien sheet is flipped face up.
    AlienRevealed {
        player: PlayerId,
        alien: u16,
    },
    /// Rotating powers: the offense draws an unused alien sheet.
    AlienDrawn {
        player: PlayerId,
        alien: u16,
    },
    /// An alien sheet goes back to the box.
    AlienDiscarded {
        player: PlayerId,
        alien: u16,
    },
    /// A player gains an alien power besides its own sheet's.
    PowerGained {
        player: PlayerId,
        alien: u16,
    },
    /// A player loses an alien power it had gained.
    GainedPowerLost {
        player: PlayerId,
        alien: u16,
    },
    /// A tech card is drawn from the tech deck into a player's choice.
    TechDrawn {
        player: PlayerId,
        tech: u16,
    },
    /// A player keeps a tech face down in its play area.
    TechKept {
        player: PlayerId,
        tech: u16,
    },
    /// A tech goes to the tech discard pile (not kept, abandoned or used up).
    TechDiscarded {
        player: PlayerId,
        tech: u16,
    },
    /// A tech is completed: turned face up, its abilities usable.
    TechCompleted {
        player: PlayerId,
        tech: u16,
    },
    /// A secret tech is shown as it is used (it stays face down, known to all).
    TechRevealed {
        player: PlayerId,
        tech: u16,
    },
    /// A completed tech is reset: turned face down again.
    TechReset {
        player: PlayerId,
        tech: u16,
    },
    /// The tech discard pile is shuffled to form a new tech deck.
    TechDeckReshuffled,
    /// The offense draws a hazard and shows it (hazard deck variant): it takes effect.
    HazardDrawn {
        player: PlayerId,
        hazard: u16,
    },
    /// A hazard goes to the hazard discard pile.
    HazardDiscarded {
        hazard: u16,
    },
    /// A hazard that remains in play stays face up after its encounter (hazard deck variant).
    HazardRemains {
        hazard: u16,
    },
    /// The hazard discard pile is shuffled to form a new hazard deck.
    HazardDeckReshuffled,
    /// A player taking rewards says how many of its cards come from the reward deck.
    RewardDeckChosen {
        player: PlayerId,
        cards: u8,
    },
    /// A rift taken from another player's hand detonates in its taker's hand.
    RiftDetonated {
        player: PlayerId,
        card: CardId,
    },
    AbilityUsed {
        player: PlayerId,
        // Written `ability`: a JSON line's `source` is the cause in words.
        #[serde(rename = "ability")]
        source: u32,
    },
    AbilityCancelled {
        player: PlayerId,
        #[serde(rename = "ability")]
        source: u32,
    },
    CardPlayed {
        player: PlayerId,
        card: CardId,
    },
    CardReturned {
        player: PlayerId,
        card: CardId,
    },
    CardShown {
        player: PlayerId,
        card: CardId,
    },
    HandLooked {
        viewer: PlayerId,
        owner: PlayerId,
    },
    /// A player chose the destiny card the offense will draw (which one stays hidden).
    DestinyChosen {
        player: PlayerId,
    },
    CardTaken {
        player: PlayerId,
        card: CardId,
    },
    CardTypeChanged {
        side: Side,
        to: crate::components::CardKind,
    },
    HandsSwapped {
        a: PlayerId,
        b: PlayerId,
    },
    EncounterCardsSwapped,
    /// Card text sent the encounter straight to the reveal, with no encounter cards.
    SkippedToReveal,
    /// Card text has these players (a mask of seats) make one deal together.
    GroupDealOpened {
        parties: u16,
    },
    /// A main player's encounter card was replaced by another (the old one is discarded).
    EncounterCardReplaced {
        player: PlayerId,
        old: CardId,
        new: CardId,
    },
    HandsMixed {
        a: PlayerId,
        b: PlayerId,
    },
    /// The hands of these players (a seat mask) were shuffled together and dealt back, each
    /// as many cards as it held.
    HandsMixedTogether {
        players: u8,
    },
    /// The cosmic deck and its discard pile traded places (the new deck shuffled), holding
    /// now this many cards each.
    DeckAndDiscardSwapped {
        deck: u16,
        discard: u16,
    },
    /// The turn order was reversed: the turn now passes counterclockwise (or back).
    TurnOrderReversed {
        counterclockwise: bool,
    },
    /// Card text swapped the winning allies' gains for this encounter (or swapped them back):
    /// offensive allies go home with rewards, defensive allies land on the target planet.
    AlliesGainsReversed {
        reversed: bool,
    },
    AliensSwapped {
        a: PlayerId,
        b: PlayerId,
    },
    /// A card was set aside (beside a planet face up, or on its owner's sheet face down).
    CardSetAside {
        player: PlayerId,
        card: CardId,
        at: crate::state::Aside,
    },
    /// A player took a card from its open alien sheet to play it.
    CardFromSheet {
        player: PlayerId,
        card: CardId,
    },
    /// A player gave a completed tech to another.
    TechGiven {
        player: PlayerId,
        tech: u16,
        to: PlayerId,
    },
    /// A player put a token beside a planet.
    PlanetTokenPlaced {
        player: PlayerId,
        planet: PlanetId,
        key: u32,
        /// Face down: its kind is seen by its player alone.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        face_down: bool,
        /// Taken from the tokens its player keeps on its sheet.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_sheet: bool,
    },
    /// A player's tokens beside a planet went back onto its sheet (face down).
    PlanetTokensReturned {
        player: PlayerId,
        planet: PlanetId,
        count: u8,
    },
    /// A player's face-down token beside a planet was turned face up.
    PlanetTokenRevealed {
        player: PlayerId,
        planet: PlanetId,
        key: u32,
    },
    /// A player took its tokens of a kind back from the planets.
    PlanetTokensRemoved {
        player: PlayerId,
        key: u32,
    },
    /// A player took the ships of an unused color into its fleet.
    FleetTaken {
        player: PlayerId,
        color: Color,
        ships: u8,
    },
    /// A ship token joined a player's fleet.
    ShipTokenPlaced {
        player: PlayerId,
        key: u32,
        place: Place,
    },
    /// `player`'s ships, just moved into captivity, were stacked under one of `captor`'s
    /// ships at `place` (`Game::capture_ships`).
    ShipsCaptured {
        captor: PlayerId,
        player: PlayerId,
        count: u8,
        place: Place,
    },
    /// A ship token left the game (with the tech it came with).
    ShipTokenRemoved {
        player: PlayerId,
        key: u32,
    },
    /// Card text destroyed a planet: it left the game.
    PlanetDestroyed {
        planet: PlanetId,
    },
    /// Card text set a planet, out of the game, on a player's alien sheet: it counts as one
    /// of that player's foreign colonies toward its win for the rest of the game.
    PlanetKept {
        player: PlayerId,
        planet: PlanetId,
    },
    /// Card text created a planet in a home system.
    PlanetCreated {
        planet: PlanetId,
    },
    /// Card text moved a planet, emptied, from its home system to another's, where it is
    /// the planet `to`.
    PlanetMoved {
        from: PlanetId,
        to: PlanetId,
    },
    /// A card went to the bottom of the cosmic deck (unseen).
    CardToDeckBottom {
        card: CardId,
        /// Whose hand or encounter card it was: that player saw it go, the others did not.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        held_by: Option<PlayerId>,
    },
    /// A player looked at the top cards of the deck, without drawing them: `count` is
    /// public, the cards (top first) are seen by the looker only.
    TopCardsLooked {
        player: PlayerId,
        count: u8,
        cards: Vec<CardId>,
    },
    /// A player took a card it had looked at from the deck into its hand (unseen by others).
    CardTakenFromDeck {
        player: PlayerId,
        card: CardId,
    },
    /// A card set aside for the encounter went back to its owner's hand.
    CardReturnedFromSheet {
        player: PlayerId,
        card: CardId,
        /// Where it lay: face up beside a planet, or face down on the sheet.
        #[serde(default = "on_sheet", skip_serializing_if = "is_on_sheet")]
        at: crate::state::Aside,
    },
    /// A player lent its alien power to another for the encounter.
    PowerLent {
        from: PlayerId,
        to: PlayerId,
    },
    /// A lent power went back to its owner.
    PowerReturned {
        from: PlayerId,
        to: PlayerId,
    },
    /// A player must select a given card as its encounter card if it can. Only who may see
    /// the card learns of it (to the others, it would tell that the player holds the card).
    MustPlayCard {
        player: PlayerId,
        /// Not written in the JSON: the referee's log reads as before, and a seat that may see
        /// the card knows it from the text's context.
        #[serde(skip_serializing, default = "no_card")]
        card: CardId,
    },
    EffectStarted {
        player: PlayerId,
        #[serde(rename = "ability")]
        source: u32,
        /// The statement as it applies here, with the values of the names it uses
        /// (`set Green's compensation to 0` for `set player's compensation to 0`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reads: Option<Box<str>>,
    },
    /// A lasting effect content started ended.
    EffectEnded {
        player: PlayerId,
        source: u32,
    },
    TokensChanged {
        player: PlayerId,
        tokens: i32,
    },
    Declared {
        player: PlayerId,
        #[serde(rename = "declaration")]
        source: u32,
    },
    /// A player declares a card kind to every player (what the Gambler says its card is).
    KindDeclared {
        player: PlayerId,
        kind: crate::components::CardKind,
    },
    /// A main player keeps its encounter card face down through the reveal (card text).
    EncounterCardKeptFaceDown {
        player: PlayerId,
    },
    /// A player shows a card of its hand (it keeps it).
    CardRevealed {
        player: PlayerId,
        card: CardId,
    },
    /// A player shows a card of its hand to one other player only (it keeps it).
    CardShownTo {
        player: PlayerId,
        card: CardId,
        to: PlayerId,
    },
    /// A player receives a token of a kind content names.
    TokenGiven {
        player: PlayerId,
        #[serde(rename = "token")]
        source: u32,
    },
    /// A player sees the cards another draws from the deck for the rest of the encounter.
    DrawsWatched {
        viewer: PlayerId,
        drawer: PlayerId,
    },
    /// Card text decided the winner of the encounter before it was played out.
    EncounterDecided {
        side: Side,
    },
    /// A player picked what card text asked it to choose (a player, a planet, cards...); the
    /// cause names the ability. Picked cards are named only to whom may see them.
    Picked {
        player: PlayerId,
        picked: Picked,
    },
    /// A change to Duel's part of the state.
    Duel(crate::duel::DuelEvent),
    /// A player takes some of a resource from the box.
    ResourceGained {
        player: PlayerId,
        resource: crate::resources::Resource,
        amount: u16,
    },
    /// A player pays some of a resource to the box.
    ResourcePaid {
        player: PlayerId,
        resource: crate::resources::Resource,
        amount: u16,
    },
    /// A player gives some of a resource to another.
    ResourceGiven {
        from: PlayerId,
        to: PlayerId,
        resource: crate::resources::Resource,
        amount: u16,
    },
    /// A main player plays a kicker face down (Eon); it is revealed with the encounter cards.
    KickerPlayed {
        player: PlayerId,
        card: CardId,
    },
    /// The destiny disc flipped carries the reverse-cone sticker (Eon): the cone is
    /// reversed for this challenge.
    ConeReversed,
    /// A player is dealt an attachment (Eon's planet hex) at setup.
    AttachmentDealt {
        player: PlayerId,
        attachment: u16,
    },
}

/// What a player picked for card text (`EventKind::Picked`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Picked {
    /// One player.
    Player(PlayerId),
    /// Any number of players, in seat order.
    Players(crate::ids::Seats),
    /// A planet.
    Planet(PlanetId),
    /// A side of the encounter.
    Side(Side),
    /// A number.
    Number(i32),
    /// One card.
    Card(CardId),
    /// Any number of cards.
    Cards(Vec<CardId>),
    /// A card named, not held (a card definition of the components), said aloud.
    CardName(u16),
}

/// Whose holdings (alien powers, techs, hand, sheet) an event may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holders {
    /// Nobody's.
    None,
    /// The players of this seat mask.
    Players(u8),
    /// Anybody's.
    All,
}

impl EventKind {
    /// Whether this event holds nothing on the heap (no deal terms, list or text), so that
    /// it may be forgotten rather than dropped (a kind given such a field must leave the
    /// list). A kind not named here is dropped: only slower. Always inlined, so where the
    /// kind is known no drop is called at all (the drop glue is never inlined).
    #[inline(always)]
    pub(crate) fn is_plain(&self) -> bool {
        use EventKind::*;
        matches!(
            self,
            GameStarted { .. }
                | FirstPlayer { .. }
                | TurnStarted { .. }
                | EncounterStarted { .. }
                | EncounterGranted { .. }
                | EncounterRestarted { .. }
                | EncounterReplayed { .. }
                | EncounterRewound
                | DestinyCardsAdded { .. }
                | PhaseStarted { .. }
                | DeckShuffled { .. }
                | CosmicQuake
                | NoEncounterCardToDraw { .. }
                | CardDrawn { .. }
                | CardDiscarded { .. }
                | CardRemoved { .. }
                | CardGiven { .. }
                | ShipsMoved { .. }
                | ColonyGained { .. }
                | ColonyLost { .. }
                | TrackMoved { .. }
                | PowerLost { .. }
                | PowerRegained { .. }
                | DestinyRevealed { .. }
                | DestinyDrawn { .. }
                | DestinyDiscarded { .. }
                | DestinyShuffled { .. }
                | DefenseNamed { .. }
                | GateAimed { .. }
                | Invited { .. }
                | AllianceJoined { .. }
                | AllianceDeclined { .. }
                | CardSelected { .. }
                | CardsRevealed { .. }
                | MorphCopied { .. }
                | ReinforcementPlayed { .. }
                | TotalsComputed { .. }
                | EncounterResolved { .. }
                | DealRejected { .. }
                | DealFailed
                | CompensationTaken { .. }
                | RewardsTaken { .. }
                | TurnEnded { .. }
                | GameStopped { .. }
                | GameLost
                | AlienGiven { .. }
                | AlienFaceDown { .. }
                | AlienRevealed { .. }
                | AlienDrawn { .. }
                | AlienDiscarded { .. }
                | PowerGained { .. }
                | GainedPowerLost { .. }
                | TechDrawn { .. }
                | TechKept { .. }
                | TechDiscarded { .. }
                | TechCompleted { .. }
                | TechRevealed { .. }
                | TechReset { .. }
                | TechDeckReshuffled
                | HazardDrawn { .. }
                | HazardDiscarded { .. }
                | HazardRemains { .. }
                | HazardDeckReshuffled
                | RewardDeckChosen { .. }
                | RiftDetonated { .. }
                | AbilityUsed { .. }
                | AbilityCancelled { .. }
                | CardPlayed { .. }
                | CardReturned { .. }
                | CardShown { .. }
                | HandLooked { .. }
                | DestinyChosen { .. }
                | CardTaken { .. }
                | CardTypeChanged { .. }
                | HandsSwapped { .. }
                | EncounterCardsSwapped
                | SkippedToReveal
                | GroupDealOpened { .. }
                | EncounterCardReplaced { .. }
                | HandsMixed { .. }
                | HandsMixedTogether { .. }
                | DeckAndDiscardSwapped { .. }
                | TurnOrderReversed { .. }
                | AlliesGainsReversed { .. }
                | AliensSwapped { .. }
                | CardSetAside { .. }
                | CardFromSheet { .. }
                | TechGiven { .. }
                | PlanetTokenPlaced { .. }
                | PlanetTokensRemoved { .. }
                | PlanetTokensReturned { .. }
                | PlanetTokenRevealed { .. }
                | FleetTaken { .. }
                | ShipTokenPlaced { .. }
                | ShipsCaptured { .. }
                | ShipTokenRemoved { .. }
                | PlanetDestroyed { .. }
                | PlanetKept { .. }
                | PlanetCreated { .. }
                | PlanetMoved { .. }
                | CardToDeckBottom { .. }
                | CardTakenFromDeck { .. }
                | CardReturnedFromSheet { .. }
                | PowerLent { .. }
                | PowerReturned { .. }
                | MustPlayCard { .. }
                | TokensChanged { .. }
                | Declared { .. }
                | EncounterCardKeptFaceDown { .. }
                | CardRevealed { .. }
                | CardShownTo { .. }
                | TokenGiven { .. }
                | DrawsWatched { .. }
                | EncounterDecided { .. }
                | AttachmentDealt { .. }
        )
    }

    /// The one card this event moves into, out of or between holdings, for the kinds that
    /// move exactly one card and nothing else held.
    // Always inlined, as `holders`: where the event is built its kind is known, so the match
    // folds away.
    #[inline(always)]
    pub fn card_moved(&self) -> Option<CardId> {
        use EventKind::*;
        match self {
            CardDrawn { card, .. }
            | CardDiscarded { card, .. }
            | CardRemoved { card, .. }
            | CardGiven { card, .. }
            | ReinforcementPlayed { card, .. }
            | CardPlayed { card, .. }
            | CardReturned { card, .. }
            | CardTaken { card, .. }
            | CardSetAside { card, .. }
            | CardFromSheet { card, .. }
            | CardReturnedFromSheet { card, .. }
            | CardToDeckBottom { card, .. }
            | CardTakenFromDeck { card, .. } => Some(*card),
            _ => None,
        }
    }

    /// Whose holdings this event may change. Kinds not named here may change anybody's,
    /// so a new kind is safe until it is sorted; `--check` finds a kind sorted wrongly.
    #[inline(always)]
    pub fn holders(&self) -> Holders {
        use EventKind::*;
        let one = |p: &PlayerId| Holders::Players(1 << p.0);
        let two = |a: &PlayerId, b: &PlayerId| Holders::Players(1 << a.0 | 1 << b.0);
        match self {
            FirstPlayer { .. }
            | TurnStarted { .. }
            | EncounterStarted { .. }
            | EncounterGranted { .. }
            | EncounterRestarted { .. }
            | EncounterReplayed { .. }
            | DestinyCardsAdded { .. }
            | PhaseStarted { .. }
            | DeckShuffled { .. }
            | NoEncounterCardToDraw { .. }
            | ShipsMoved { .. }
            | ColonyGained { .. }
            | ColonyLost { .. }
            | TrackMoved { .. }
            | PowerLost { .. }
            | PowerRegained { .. }
            | DestinyRevealed { .. }
            | DestinyDrawn { .. }
            | DestinyDiscarded { .. }
            | DestinyShuffled { .. }
            | DefenseNamed { .. }
            | GateAimed { .. }
            | Invited { .. }
            | AllianceJoined { .. }
            | AllianceDeclined { .. }
            | CardsRevealed { .. }
            | EncounterCardKeptFaceDown { .. }
            | TechRevealed { .. }
            | MorphCopied { .. }
            | TotalsComputed { .. }
            | EncounterResolved { .. }
            | DealProposed { .. }
            | DealRejected { .. }
            | DealFailed
            | TurnEnded { .. }
            | GameWon { .. }
            | GameStopped { .. }
            | GameLost
            | AbilityUsed { .. }
            | AbilityCancelled { .. }
            | CardShown { .. }
            | HandLooked { .. }
            | DestinyChosen { .. }
            | CardTypeChanged { .. }
            | EncounterCardsSwapped
            | SkippedToReveal
            | GroupDealOpened { .. }
            | PlanetTokenPlaced { .. }
            | PlanetTokensRemoved { .. }
            | PlanetTokensReturned { .. }
            | PlanetTokenRevealed { .. }
            | FleetTaken { .. }
            | ShipTokenPlaced { .. }
            | ShipsCaptured { .. }
            | ShipTokenRemoved { .. }
            | PlanetDestroyed { .. }
            | PlanetKept { .. }
            | PlanetCreated { .. }
            | PlanetMoved { .. }
            | MustPlayCard { .. }
            | EffectStarted { .. }
            | EffectEnded { .. }
            | TokensChanged { .. }
            | Declared { .. }
            | KindDeclared { .. }
            | CardRevealed { .. }
            | CardShownTo { .. }
            | TokenGiven { .. }
            | DrawsWatched { .. }
            | TopCardsLooked { .. }
            | EncounterDecided { .. }
            | ResourceGained { .. }
            | ResourcePaid { .. }
            | ResourceGiven { .. }
            | Picked { .. }
            | AlliesGainsReversed { .. }
            | ConeReversed => Holders::None,
            // Summaries: the cards they stand for move in events of their own.
            RewardsTaken { .. } | CompensationTaken { .. } | DealMade { .. } => Holders::None,
            // The detonating rift leaves the hand in an event of its own.
            RewardDeckChosen { .. } | RiftDetonated { .. } => Holders::None,
            // A card is announced while still in the hand; it leaves in an event of its own.
            CardPlayed { .. } => Holders::None,
            CardDrawn { player, .. }
            | CardDiscarded { player, .. }
            | CardRemoved { player, .. }
            | CardSelected { player }
            | ReinforcementPlayed { player, .. }
            | CardReturned { player, .. }
            | EncounterCardReplaced { player, .. }
            | CardSetAside { player, .. }
            | CardFromSheet { player, .. }
            | CardReturnedFromSheet { player, .. }
            | AlienGiven { player, .. }
            | AlienFaceDown { player }
            | AlienRevealed { player, .. }
            | AlienDrawn { player, .. }
            | AlienDiscarded { player, .. }
            | PowerGained { player, .. }
            | GainedPowerLost { player, .. }
            | TechDrawn { player, .. }
            | TechKept { player, .. }
            | TechDiscarded { player, .. }
            | TechCompleted { player, .. }
            | TechReset { player, .. }
            | CardTakenFromDeck { player, .. }
            | AttachmentDealt { player, .. }
            | KickerPlayed { player, .. } => one(player),
            CardGiven { from, to, .. } | PowerLent { from, to } | PowerReturned { from, to } => {
                two(from, to)
            }
            TechGiven { player, to, .. } => two(player, to),
            HandsSwapped { a, b } | HandsMixed { a, b } | AliensSwapped { a, b } => two(a, b),
            HandsMixedTogether { players } => Holders::Players(*players),
            _ => Holders::All,
        }
    }
}

/// The top cards of the deck in words (`the top card of the deck`, `the top 3 cards ...`).
pub(crate) fn top_cards(count: u8) -> String {
    match count {
        1 => "the top card of the deck".into(),
        n => format!("the top {n} cards of the deck"),
    }
}

/// One entry of the event log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Position in the log, from 0.
    pub seq: u32,
    /// What caused it.
    pub cause: Cause,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

/// The card of an event read back from JSON that did not write it.
fn no_card() -> CardId {
    CardId(0)
}

/// Where a card set aside lay when the JSON does not say: on its owner's sheet.
fn on_sheet() -> crate::state::Aside {
    crate::state::Aside::Sheet
}

/// Whether a card set aside lay on its owner's sheet (left out of the JSON).
fn is_on_sheet(at: &crate::state::Aside) -> bool {
    *at == crate::state::Aside::Sheet
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_kinds_with_nothing_on_the_heap_are_plain() {
        // Forgotten rather than dropped when nobody keeps them (`Game::emit_caused`): a kind
        // holding memory must be dropped, or every event of it would leak.
        let p = PlayerId(0);
        let holding = [
            EventKind::DealProposed {
                by: p,
                terms: Box::default(),
            },
            EventKind::DealMade {
                terms: Box::default(),
            },
            EventKind::GameWon { winners: vec![p] },
            EventKind::EffectStarted {
                player: p,
                source: 0,
                reads: Some("set Blue's compensation to 0".into()),
            },
            EventKind::Picked {
                player: p,
                picked: Picked::Cards(vec![CardId(0)]),
            },
        ];
        for kind in &holding {
            assert!(!kind.is_plain(), "{kind:?} holds memory");
        }
        assert!(EventKind::ShipsMoved {
            player: p,
            from: Place::Warp,
            to: Place::Gate,
            count: 1,
        }
        .is_plain());
    }
}
