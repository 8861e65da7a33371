//! The effect IR: what the compiler makes of card files and the runtime executes. It is plain
//! serializable data with a format version; names are resolved, references typed, windows and
//! quantities are engine values, and every bound name is a numbered slot.

use crate::header::{Roles, Usage};
use cosmic_engine::effects::Until;
use cosmic_engine::state::Phase;
use cosmic_engine::{CardType, Window};
use cosmic_grammar::Span;
use serde::{Deserialize, Serialize};

/// The IR's format version; bumped whenever its serialized shape changes.
pub const FORMAT: u32 = 28;

/// A compiled library: every item and the tables the runtime indexes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Program {
    /// The IR format version.
    pub format: u32,
    /// The items (aliens, artifacts, ...), in library order.
    pub items: Vec<Item>,
    /// Every ability of every item; items refer to them by index.
    pub abilities: Vec<Ability>,
    /// Quantity changes the runtime evaluates when the rules compute a quantity.
    pub codes: Vec<Code>,
    /// Names of abilities, effects, declarations and options for the event log, by source number.
    pub sources: Vec<String>,
    /// The bodies of lasting effects (`for the rest of the encounter { ... }`), read like a
    /// continuous ability's while the effect lasts.
    #[serde(default)]
    pub lasting: Vec<LastingBody>,
}

/// What a lasting effect holds while it lasts: changes to quantities, read whenever the rules
/// compute one, in the context of the ability that started it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastingBody {
    /// The ability whose use started it (its item and slots).
    pub ability: u32,
    /// The statements, as a continuous ability's: changes, `let` and `if`.
    pub body: Vec<Stmt>,
    /// What its owner does at windows while it lasts (`at resolution ... { ... }` inside it).
    #[serde(default)]
    pub reactions: Vec<Reaction>,
}

/// A timed reaction inside a lasting effect: at each of its windows while the effect lasts,
/// if its condition holds, its body runs for the effect's owner, with the values bound when
/// the effect started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reaction {
    /// When it acts (`Trigger::At` only).
    pub triggers: Vec<Trigger>,
    /// Only if this holds then.
    pub condition: Option<Expr>,
    /// Which of its owner's draws it answers, so `the cards drawn` names them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws: Option<Drawn>,
    /// What is done.
    pub body: Vec<Stmt>,
}

/// The kinds of component, from one list: the keyword that opens an item, and whether the
/// runtime plays items of the kind. A kind it does not play yet may be written (names,
/// counts, text), but an ability in it is a lint error: it would never run.
macro_rules! item_kinds {
    ($($(#[$doc:meta])* $kind:ident $word:literal plays $plays:literal,)*) => {
        /// What kind of component an item is.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum ItemKind {
            $($(#[$doc])* $kind,)*
        }

        impl ItemKind {
            /// Every kind, in the list's order.
            pub const ALL: &'static [ItemKind] = &[$(ItemKind::$kind,)*];

            /// Every kind's keyword, in the list's order.
            pub const WORDS: &'static [&'static str] = &[$($word,)*];

            /// The keyword that opens an item of this kind.
            pub fn word(self) -> &'static str {
                match self {
                    $(ItemKind::$kind => $word,)*
                }
            }

            /// Whether the runtime plays this kind's abilities.
            pub fn plays(self) -> bool {
                match self {
                    $(ItemKind::$kind => $plays,)*
                }
            }
        }
    };
}

item_kinds! {
    /// An alien (its flare is part of it).
    Alien "alien" plays true,
    /// An artifact card.
    Artifact "artifact" plays true,
    /// A reinforcement card with text beyond its value.
    Reinforcement "reinforcement" plays false,
    /// A tech card (technology variant).
    Tech "tech" plays true,
    /// A hazard card (hazard deck variant).
    Hazard "hazard" plays true,
    /// A moon.
    Moon "moon" plays false,
    /// A space station.
    Station "station" plays false,
    /// A reward-deck card with text of its own.
    Reward "reward" plays false,
    /// A Duel envoy.
    Envoy "envoy" plays false,
    /// A Duel plan card: a number, the clout it starts a player with.
    Plan "plan" plays false,
    /// An Eon edict: a card played face up from the hand by its text, then discarded (the
    /// rules' role of FFG's artifact, and the runtime plays it the same way).
    Edict "edict" plays true,
    /// An Eon planet hex (Expansion Set 9): an attachment dealt to a player at setup, its
    /// rules held beside the power.
    Hex "hex" plays true,
}

impl ItemKind {
    /// Whether a component of this kind is an attachment: held by a player (or, to come,
    /// on a planet), its `effect`s act for whoever its `access` rule names, and no zap
    /// reaches them. Stations and moons will be attachments too.
    pub fn attachment(self) -> bool {
        matches!(self, ItemKind::Hex)
    }

    /// Whether a component of this kind is a card played from the hand by its text (so
    /// `this card` names it while its ability acts).
    pub fn played_from_hand(self) -> bool {
        matches!(self, ItemKind::Artifact | ItemKind::Edict)
    }

    /// The kind a keyword names, if any.
    pub fn from_word(word: &str) -> Option<ItemKind> {
        ItemKind::ALL.iter().copied().find(|k| k.word() == word)
    }
}

/// One component.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Item {
    /// Its kind.
    pub kind: ItemKind,
    /// Its name.
    pub name: String,
    /// Copies in the deck (cards), if stated.
    pub count: Option<u8>,
    /// A tech's research number (`None` with `research any`, or for other kinds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub research: Option<u8>,
    /// Whether an alien has a flare section.
    pub has_flare: bool,
    /// Its abilities (indexes into `Program::abilities`).
    pub abilities: Vec<u32>,
    /// Tokens on its sheet at setup.
    pub setup_tokens: Option<Expr>,
    /// An alien whose power is never lost for too few home colonies (`power-loss never`).
    #[serde(default)]
    pub keeps_power: bool,
    /// A hazard that remains in play until card text discards it (`lasts until-discarded`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub remains_in_play: bool,
    /// A tech kept secret until used (`reveal when-used`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub secret: bool,
    /// The set (product) it comes from (`set base`), empty when not stated.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub set: String,
    /// The aliens it is not used with (`excludes ["First Alien", "Second Alien"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<String>,
    /// The edition it belongs to (`edition duel`), empty when not stated.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub edition: String,
    /// A Duel card's printed number (`value -10`): a plan's clout, a reinforcement's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i16>,
    /// A Duel plan's colour deck (`deck orange`), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    /// An attachment's access rule (`access holder`): who has its abilities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access: Option<Access>,
}

/// Who has an attachment's abilities (its `access` rule).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    /// The player holding it (a planet hex: the player whose system it is).
    Holder,
}

impl Access {
    /// Every access rule's word, as `access` writes it.
    pub const WORDS: &'static [&'static str] = &["holder"];

    /// The rule a word names, if any.
    pub fn from_word(word: &str) -> Option<Access> {
        match word {
            "holder" => Some(Access::Holder),
            _ => None,
        }
    }
}

/// Where an ability lives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Home {
    /// An alien's power.
    Power,
    /// The wild half of a flare.
    Wild,
    /// The super half of a flare.
    Super,
    /// A card's effect (artifacts and other cards).
    Effect,
}

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
    let deck = triggers.contains(&Trigger::On(Happening::MyCardsDrawn));
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

/// One compiled ability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    /// The item it belongs to.
    pub item: u32,
    /// Its source number (names it in the log and in decisions).
    pub source: u32,
    /// Where it lives.
    pub home: Home,
    /// Mandatory, optional or innate.
    pub usage: Usage,
    /// Who may use it.
    pub roles: Roles,
    /// When it acts.
    pub triggers: Vec<Trigger>,
    /// Only when this holds.
    pub condition: Option<Expr>,
    /// How often it may be used.
    pub limit: Option<Until>,
    /// When a bot should choose to use it (`prefer if ...`; a hint, not a rule).
    pub prefer: Option<Expr>,
    /// The phases an event or replacement ability is limited to (empty: any time).
    pub phases: Vec<Phase>,
    /// A super flare used instead of its alien's power: using it cancels the power's
    /// abilities of the same phases for the encounter.
    pub replaces_power: bool,
    /// Which of its player's draws it answers, so `the cards drawn` names them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws: Option<Drawn>,
    /// Number of slots its statements bind.
    pub slots: u8,
    /// What it does.
    pub body: Vec<Stmt>,
    /// Where it is written.
    pub span: Span,
}

/// A quantity change evaluated when the rules compute the quantity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Code {
    /// How the amount combines with the value so far.
    pub op: Op,
    /// The amount.
    pub amount: Expr,
    /// Whether the amount reads the quantity it changes (applied after the others).
    pub relative: bool,
}

/// How a change combines with a quantity.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    /// Replace it.
    Set,
    /// Add to it.
    Add,
    /// Subtract from it.
    Sub,
    /// Multiply it.
    Mul,
    /// Divide it, rounding down.
    Div,
}

/// A quantity named by card text, with the references that pick its instance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuantityRef {
    /// A side's total.
    SideTotal(Box<Expr>),
    /// A side's base total (its card and ships, before reinforcements).
    BaseTotal(Box<Expr>),
    /// What each of a player's ships is worth.
    ShipWorth(Box<Expr>),
    /// The value of a main player's encounter card.
    CardValue(Box<Expr>),
    /// How many ships a player may commit.
    MaxShips(Box<Expr>),
    /// Cards a player collects as compensation.
    Compensation(Box<Expr>),
    /// Rewards a defensive ally takes.
    Rewards(Box<Expr>),
    /// Foreign colonies a player needs to win.
    ColoniesToWin(Box<Expr>),
    /// Ships a player loses to the warp when a deal fails.
    FailedDealShips(Box<Expr>),
    /// Ships a player takes back from the warp in its regroup phase.
    RegroupShips(Box<Expr>),
    /// Whether a player must select an attack card if it holds one (0 or 1).
    AttackRequired(Box<Expr>),
    /// The highest attack card a player may play as a reinforcement (-1: none).
    AttackReinforcement(Box<Expr>),
    /// Whether a main player may invite allies (1 or 0).
    MayInvite(Box<Expr>),
    /// Fewest ships a player commits when it allies.
    MinAllyShips(Box<Expr>),
    /// Most encounter cards a player may hold and still draw a new hand.
    NewHandThreshold(Box<Expr>),
    /// The winning side.
    Winner,
    /// Whether allies may retrieve ships from the warp to commit (1 or 0).
    AlliesFromWarp,
}

/// Where ships are, as card text names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShipPlace {
    /// In the encounter (on the gate, beside the planet, or defending it).
    Encounter,
    /// In the warp.
    Warp,
    /// In the praw below the warp (Eon).
    Praw,
    /// On the player's colonies.
    Colonies,
    /// On the player's colonies, but not those defending the targeted planet.
    Outside,
    /// On the encounter's target planet.
    Target,
    /// Removed from the game.
    Removed,
    /// Anywhere but removed from the game: colonies, the encounter, the warp, a tech, a
    /// hazard's card.
    InGame,
    /// Researching the tech whose text this is.
    ThisTech,
    /// Researching a given tech (what `ThisTech` names once the tech is known).
    Tech(u16),
    /// On a given planet (what `ShipsOn` names once the planet is known).
    Planet(cosmic_engine::PlanetId),
}

/// Where moved ships or cards go.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dest {
    /// To the owner's colonies (the owner chooses which).
    Colonies(Box<Expr>),
    /// To the warp.
    Warp,
    /// Out of the game (the owner keeping at least `keep` ships in the game, if given).
    Removed(Option<Box<Expr>>),
    /// Into a player's hand.
    Hand(Box<Expr>),
    /// Into the encounter, on the owner's side (from the warp).
    Encounter,
    /// Onto a home planet of a player's (the ships' owner chooses which).
    HomePlanets(Box<Expr>),
    /// Onto the encounter's target planet (ships already there stay).
    TargetPlanet,
    /// Onto a given planet (a colony there if there was none).
    Planet(Box<Expr>),
    /// Onto the hazard whose text runs, while it is in play (`to this hazard`).
    ThisHazard,
    /// Captured by the acting player, stacked under its ships in the encounter (`capture
    /// them under my ships in the encounter`).
    Captured,
}

/// A typed expression.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expr {
    /// A number.
    Int(i32),
    /// A truth value.
    Bool(bool),
    /// A card type (`attack`).
    Type(CardType),
    /// A card kind: a type and, for an attack or a reinforcement, its value
    /// (`an attack 12`, `an attack (claim value)`).
    Kind(CardType, Option<Box<Expr>>),
    /// A card's kind (`my encounter card's kind`): as printed, or as it counts once revealed.
    KindOf(Box<Expr>),
    /// A card kind's value (`claim's value`; 0 for a kind without one).
    KindValue(Box<Expr>),
    /// Whether a card is the one of that printed name (`it is "Cosmic Zap"`; names
    /// compared without case).
    Named(Box<Expr>, String),
    /// Whether the destiny card drawn last is a content destiny card of that name (`the
    /// destiny card is "Invasion!"`; compared without case).
    DestinyNamed(String),
    /// Whether a card is a copy of the same printed card as another, or as any card of a
    /// list (`it is a copy of claw`: the same name, as two Attack 08s or two Cosmic Zaps).
    CopyOf(Box<Expr>, Box<Expr>),
    /// A bound name.
    Slot(u8),
    /// The player whose ability it is (or who acts, inside `as`).
    Me,
    /// The offense.
    Offense,
    /// The defense.
    Defense,
    /// A main player's opponent.
    Opponent(Box<Expr>),
    /// Every player.
    AllPlayers,
    /// Every player but this one.
    OthersThan(Box<Expr>),
    /// The player seated to a player's left (the next one clockwise).
    LeftNeighbour(Box<Expr>),
    /// The allies of a player's side (or of both sides with `None`).
    Allies(Option<Box<Expr>>),
    /// A player's side.
    SideOf(Box<Expr>),
    /// The main player of a side.
    MainOf(Box<Expr>),
    /// The player whose alien the ability belongs to (none when nobody has it).
    ThisAlienPlayer,
    /// Duel: a player's plan, once revealed: its number (none before the reveal).
    Plan(Box<Expr>),
    /// The card the ability is on (a flare or an artifact being played).
    ThisCard,
    /// The offense's side or the defense's side.
    Side(cosmic_engine::Side),
    /// The side that loses the encounter as things stand.
    WouldLose,
    /// The side that wins the encounter as things stand.
    WouldWin,
    /// The side that lost the resolved encounter.
    LosingSide,
    /// A quantity's value.
    Quantity(QuantityRef),
    /// How many ships a player (or players) has there.
    Ships(Box<Expr>, ShipPlace),
    /// Cards in a player's hand (all of them, or encounter cards only).
    CardsInHand(Box<Expr>, bool),
    /// The cards of a type in a player's hand.
    HandCards(Box<Expr>, Box<Expr>),
    /// The attack cards of a list whose printed value is above (`true`) or below a bound.
    Valued {
        /// The cards.
        cards: Box<Expr>,
        /// The bound (not included).
        bound: Box<Expr>,
        /// Above the bound rather than below it.
        above: bool,
    },
    /// The printed values of a list's attack and reinforcement cards, added up.
    CombinedValue(Box<Expr>),
    /// The reinforcement cards the players of a list have on the table this encounter.
    Reinforcements(Box<Expr>),
    /// The top card of the discard pile.
    TopDiscard,
    /// Whether a player is collecting compensation now.
    Compensating(Box<Expr>),
    /// The players winning the game now (`Window::GameWon`; none before).
    GameWinners,
    /// Whether a player is among those winning the game now (`Window::GameWon`).
    Winning(Box<Expr>),
    /// Cards a player gained as compensation or rewards this encounter (still in its hand).
    Gained(Box<Expr>),
    /// In an answer to a player's own draws, the cards drawn (the ones still in the hand):
    /// which draws, the answering ability's or reaction's trigger says (`Ability::draws`).
    DrawnCards,
    /// The number the acting player remembered under a name this encounter (none if it did
    /// not).
    Remembered(u32),
    /// The cards in a player's hand.
    Hand(Box<Expr>),
    /// The cards in a player's hand that match a card: of the same type and, for an attack
    /// card, of a value at least as high.
    Matching(Box<Expr>, Box<Expr>),
    /// The players a player invited to ally with its side this encounter.
    Invited(Box<Expr>),
    /// Cards a player took from other players' hands this encounter (still in its hand).
    Took(Box<Expr>),
    /// Cards a player gave from its hand to others by card text this encounter (still in
    /// another player's hand).
    Gifts(Box<Expr>),
    /// The player whose hand holds a card (nobody if none does).
    Holder(Box<Expr>),
    /// Whether a player is about to draw a new hand (`Window::NewHand`).
    Renewing(Box<Expr>),
    /// A main player's encounter card.
    EncounterCard(Box<Expr>),
    /// The revealed encounter cards.
    RevealedCards,
    /// Every card in the cosmic discard pile.
    DiscardPile,
    /// What a card counts as.
    TypeOf(Box<Expr>),
    /// The value printed on an attack card, before any change (a revealed morph: the value
    /// it copies); 0 for any other card.
    PrintedValue(Box<Expr>),
    /// A number with its two decimal digits swapped (`23` reads `32`, `8` reads `80`).
    Reversed(Box<Expr>),
    /// Whether a number is odd.
    Odd(Box<Expr>),
    /// Tokens on a player's sheet.
    Tokens(Box<Expr>),
    /// How much of a resource (Eon's lucre) a player holds.
    Resource(Box<Expr>, cosmic_engine::Resource),
    /// The number of the encounter under way in the offense's turn.
    EncounterNumber,
    /// Whether a player's side won the encounter.
    Won(Box<Expr>),
    /// Whether a deal was made this encounter.
    DealMade,
    /// Whether a player's side lost the encounter (the other side won, or both lost).
    Lost(Box<Expr>),
    /// Whether the main players failed to make a deal this encounter.
    DealFailed,
    /// The main player and the allies of a side.
    OnSide(Box<Expr>),
    /// Both main players.
    MainPlayers,
    /// Players of the first set who are not in the second.
    Except(Box<Expr>, Box<Expr>),
    /// Cards of the first list that are not in the second.
    ExceptCards(Box<Expr>, Box<Expr>),
    /// The planet the gate is aimed at.
    TargetPlanet,
    /// A player's home planets.
    HomePlanets(Box<Expr>),
    /// Whether a list of planets holds a planet.
    Includes(Box<Expr>, Box<Expr>),
    /// The planets of these players' home systems where their owner has ships.
    HomeColonies(Box<Expr>),
    /// The planets where some of the players have colonies.
    ColoniesOf(Box<Expr>),
    /// Every planet.
    AllPlanets,
    /// Whether a planet has a token of a kind beside it (one lying face down counts only for
    /// its owner, who alone sees its face).
    PlanetHasToken(Box<Expr>, u32),
    /// Whether a planet has a token of a player's beside it, of any kind (the planet, the
    /// player).
    PlanetHasOwnToken(Box<Expr>, Box<Expr>),
    /// How many tokens of a kind a player keeps on its sheet (the player, the kind).
    SheetTokens(Box<Expr>, u32),
    /// The planets of a list with no token of the players' beside them.
    PlanetsWithoutTokens(Box<Expr>, Box<Expr>),
    /// The planet ships land on, in an answer to a landing or a replacement of one
    /// (`that planet`).
    SubjectPlanet,
    /// The players whose ships just landed together, in an answer to a landing (`the
    /// landing players`).
    LandingPlayers,
    /// How many of a player's ship tokens of a kind are in the encounter.
    ShipTokensInEncounter(Box<Expr>, u32),
    /// How many hired ships a player has (`my hired ships`).
    HiredShips(Box<Expr>),
    /// How many ships a player holds captured in its stacks, those in the encounter only or
    /// all (`ships in my stacks in the encounter`).
    StackedShips(Box<Expr>, bool),
    /// How many of a player's ships are captured in other players' stacks (`my captured
    /// ships`): a count only, as nothing moves them but their stack.
    CapturedShips(Box<Expr>),
    /// The planets next to a planet in its system.
    PlanetsNextTo(Box<Expr>),
    /// A planet's place in its system, counted from 1 in system order (0 for a planet in
    /// none).
    PlanetPlace(Box<Expr>),
    /// The planets of a list with none of the players' ships on them.
    PlanetsWithout(Box<Expr>, Box<Expr>),
    /// The planets of a list where the first players have more ships, all told, than the
    /// second players (`my colonies where I outnumber other players`).
    PlanetsOutnumbered(Box<Expr>, Box<Expr>, Box<Expr>),
    /// The planets of a list where the players have, all told, at least that many ships
    /// (`victim's home planets where my ships reach crowd`).
    PlanetsReached(Box<Expr>, Box<Expr>, Box<Expr>),
    /// The planets of the first list that are not in the second.
    ExceptPlanets(Box<Expr>, Box<Expr>),
    /// The planets of a list holding the most ships, every player's counted (several when
    /// tied; `all planets holding the most ships`).
    PlanetsFullest(Box<Expr>),
    /// The player whose home system holds a planet (nobody for no planet).
    PlanetOwner(Box<Expr>),
    /// Whether a player has its alien power: not lost to too few home colonies or an effect
    /// (a zapped power is still had).
    HasPower(Box<Expr>),
    /// The foreign planets where some of the players have colonies.
    ForeignColoniesOf(Box<Expr>),
    /// The players' ships on a planet (the players, the planet).
    ShipsOn(Box<Expr>, Box<Expr>),
    /// How many planets a player keeps on its alien sheet.
    SheetPlanets(Box<Expr>),
    /// The cards set face up beside a planet.
    CardsBeside(Box<Expr>),
    /// The cards a player set face up beside a planet (the player, the planet).
    OwnCardsBeside(Box<Expr>, Box<Expr>),
    /// Every card set face up beside any planet.
    AllCardsBeside,
    /// The cards stored face down under the tech whose text this is.
    CardsUnderTech,
    /// The cards set face down on a player's alien sheet.
    CardsOnSheet(Box<Expr>),
    /// Cards of a list of one type (`attack cards of drawn`), or its encounter cards (`None`).
    OfType(Box<Expr>, Option<Box<Expr>>),
    /// Whether a side's main player invited a player to ally this encounter.
    SideInvited(Box<Expr>, Box<Expr>),
    /// Whether a player declared something this encounter.
    Declared(Box<Expr>, u32),
    /// The largest (`most`) or smallest number among players: `per` is read for each of
    /// `players` in turn, bound to `slot` (`the most ships in the warp among other players`).
    Extreme {
        /// Whether the largest is wanted (else the smallest).
        most: bool,
        /// The slot each player is bound to while `per` is read.
        slot: u8,
        /// The players compared.
        players: Box<Expr>,
        /// The number read for each of them.
        per: Box<Expr>,
    },
    /// The players among `players` for whom `per`, read for each in turn bound to `slot`,
    /// counts at least one (`all players having ships in the warp`).
    Having {
        /// The slot each player is bound to while `per` is read.
        slot: u8,
        /// The players filtered.
        players: Box<Expr>,
        /// The number read for each of them.
        per: Box<Expr>,
    },
    /// Whether the game uses the four-planet variant.
    FourPlanets,
    /// The player the destiny card drawn last names (none for a wild card).
    DestinyPlayer,
    /// Whether the destiny card drawn last is wild.
    DestinyWild,
    /// Whether the destiny card drawn last shows a player color.
    DestinyColor,
    /// Whether the encounter is being played again from its planning phase.
    EncounterReplayed,
    /// The thing an ability answers or replaces (`it`, `them`, `that use`).
    Subject,
    /// The player a deal term was agreed for.
    AgreedPlayer,
    /// The number a deal term was agreed for.
    AgreedNumber,
    /// How many ships or cards the answered event involved (`that number`).
    SubjectCount,
    /// The research number of the tech whose use is answered (`that tech's research number`).
    SubjectResearch,
    /// How many of a player's ships went to the warp this encounter.
    LostThisEncounter(Box<Expr>),
    /// Whether the answered play answers a use of a player's alien power (a zap against it).
    TargetsPower(Box<Expr>),
    /// A list.
    List(Vec<Expr>),
    /// Logical not.
    Not(Box<Expr>),
    /// Unary minus.
    Neg(Box<Expr>),
    /// A binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Every condition holds.
    All(Vec<Expr>),
    /// At least one holds.
    Any(Vec<Expr>),
    /// A division rounded up.
    DivUp(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// Calls `f` on each direct sub-expression (for checks that walk a whole expression).
    pub fn for_each_child(&self, mut f: impl FnMut(&Expr)) {
        match self {
            Expr::Int(_)
            | Expr::Bool(_)
            | Expr::Type(_)
            | Expr::Kind(_, None)
            | Expr::Slot(_)
            | Expr::Me
            | Expr::Offense
            | Expr::Defense
            | Expr::AllPlayers
            | Expr::GameWinners
            | Expr::Allies(None)
            | Expr::ThisAlienPlayer
            | Expr::ThisCard
            | Expr::Side(_)
            | Expr::WouldLose
            | Expr::WouldWin
            | Expr::LosingSide
            | Expr::RevealedCards
            | Expr::DiscardPile
            | Expr::EncounterNumber
            | Expr::DealMade
            | Expr::DealFailed
            | Expr::MainPlayers
            | Expr::FourPlanets
            | Expr::DestinyPlayer
            | Expr::DestinyWild
            | Expr::DestinyColor
            | Expr::EncounterReplayed
            | Expr::DestinyNamed(_)
            | Expr::Subject
            | Expr::AgreedPlayer
            | Expr::AgreedNumber
            | Expr::SubjectCount
            | Expr::SubjectResearch
            | Expr::TopDiscard
            | Expr::DrawnCards
            | Expr::Remembered(_)
            | Expr::TargetPlanet
            | Expr::AllCardsBeside
            | Expr::CardsUnderTech
            | Expr::SubjectPlanet
            | Expr::LandingPlayers
            | Expr::AllPlanets => {}
            Expr::Except(a, b) | Expr::ExceptCards(a, b) | Expr::OfType(a, Some(b)) => {
                f(a);
                f(b);
            }
            Expr::OfType(a, None) => f(a),
            Expr::Opponent(a)
            | Expr::Plan(a)
            | Expr::Kind(_, Some(a))
            | Expr::KindOf(a)
            | Expr::KindValue(a)
            | Expr::Named(a, _)
            | Expr::Lost(a)
            | Expr::OnSide(a)
            | Expr::OthersThan(a)
            | Expr::LeftNeighbour(a)
            | Expr::Allies(Some(a))
            | Expr::SideOf(a)
            | Expr::MainOf(a)
            | Expr::Ships(a, _)
            | Expr::CardsInHand(a, _)
            | Expr::Gained(a)
            | Expr::Hand(a)
            | Expr::Invited(a)
            | Expr::Took(a)
            | Expr::Gifts(a)
            | Expr::Holder(a)
            | Expr::Renewing(a)
            | Expr::CombinedValue(a)
            | Expr::Reinforcements(a)
            | Expr::Compensating(a)
            | Expr::Winning(a)
            | Expr::EncounterCard(a)
            | Expr::TypeOf(a)
            | Expr::PrintedValue(a)
            | Expr::Reversed(a)
            | Expr::Odd(a)
            | Expr::Tokens(a)
            | Expr::Resource(a, _)
            | Expr::Won(a)
            | Expr::Declared(a, _)
            | Expr::LostThisEncounter(a)
            | Expr::TargetsPower(a)
            | Expr::Not(a)
            | Expr::HomePlanets(a)
            | Expr::HomeColonies(a)
            | Expr::ColoniesOf(a)
            | Expr::ForeignColoniesOf(a)
            | Expr::SheetPlanets(a)
            | Expr::PlanetHasToken(a, _)
            | Expr::SheetTokens(a, _)
            | Expr::ShipTokensInEncounter(a, _)
            | Expr::HiredShips(a)
            | Expr::StackedShips(a, _)
            | Expr::CapturedShips(a)
            | Expr::PlanetsNextTo(a)
            | Expr::PlanetsFullest(a)
            | Expr::PlanetOwner(a)
            | Expr::HasPower(a)
            | Expr::PlanetPlace(a)
            | Expr::CardsBeside(a)
            | Expr::CardsOnSheet(a)
            | Expr::Neg(a) => f(a),
            Expr::Quantity(q) => {
                if let Some(a) = q.player() {
                    f(a)
                }
            }
            Expr::Binary(_, a, b)
            | Expr::CopyOf(a, b)
            | Expr::DivUp(a, b)
            | Expr::Matching(a, b)
            | Expr::HandCards(a, b)
            | Expr::SideInvited(a, b)
            | Expr::PlanetsWithout(a, b)
            | Expr::PlanetsWithoutTokens(a, b)
            | Expr::PlanetHasOwnToken(a, b)
            | Expr::ExceptPlanets(a, b)
            | Expr::ShipsOn(a, b)
            | Expr::Includes(a, b)
            | Expr::OwnCardsBeside(a, b)
            | Expr::Extreme {
                players: a, per: b, ..
            }
            | Expr::Having {
                players: a, per: b, ..
            }
            | Expr::Valued {
                cards: a, bound: b, ..
            } => {
                f(a);
                f(b)
            }
            Expr::PlanetsOutnumbered(a, b, c) | Expr::PlanetsReached(a, b, c) => {
                f(a);
                f(b);
                f(c)
            }
            Expr::List(l) | Expr::All(l) | Expr::Any(l) => l.iter().for_each(f),
        }
    }
}

impl QuantityRef {
    /// The player or side the quantity belongs to (none for the winning side).
    pub fn player(&self) -> Option<&Expr> {
        match self {
            QuantityRef::SideTotal(a)
            | QuantityRef::BaseTotal(a)
            | QuantityRef::ShipWorth(a)
            | QuantityRef::CardValue(a)
            | QuantityRef::MaxShips(a)
            | QuantityRef::Compensation(a)
            | QuantityRef::Rewards(a)
            | QuantityRef::ColoniesToWin(a)
            | QuantityRef::FailedDealShips(a)
            | QuantityRef::RegroupShips(a)
            | QuantityRef::AttackRequired(a)
            | QuantityRef::AttackReinforcement(a)
            | QuantityRef::MayInvite(a)
            | QuantityRef::MinAllyShips(a)
            | QuantityRef::NewHandThreshold(a) => Some(a),
            QuantityRef::Winner | QuantityRef::AlliesFromWarp => None,
        }
    }
}

/// Binary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BinOp {
    /// `or`.
    Or,
    /// `and`.
    And,
    /// `=` and `is`.
    Eq,
    /// `!=` and `is not`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/` (rounded down).
    Div,
}

/// What a `choose` picks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    /// One player from a list.
    Player(Expr),
    /// Any number of players from a list.
    Players(Expr),
    /// One or more players from a list (none only when the list is empty).
    SomePlayers(Expr),
    /// One side from a list.
    Side(Expr),
    /// A number in a range.
    Number(Expr, Expr),
    /// A number in a range drawn at random (a coin flip is 1 to 2): nobody chooses.
    RandomNumber(Expr, Expr),
    /// One card from a list.
    Card(Expr),
    /// One card of a list drawn at random: nobody chooses.
    RandomCard(Expr),
    /// Any number of cards from a list (put to use for their value: bots take them all).
    Cards(Expr),
    /// At most this many cards from a list (`choose up to 3 of the cards drawn`).
    UpToCards(Expr, Expr),
    /// The defense of the encounter, from a list of players (`choose a defense`).
    Defense(Expr),
    /// One planet from a list.
    Planet(Expr),
}

/// A compiled statement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stmt {
    /// Change a quantity (a lasting modifier in a triggered ability; continuous in `during`).
    Modify {
        /// The quantity.
        quantity: QuantityRef,
        /// The change (index into `Program::codes`).
        code: u32,
        /// Names it in the log.
        source: u32,
        /// How long a triggered change lasts.
        until: Until,
        /// The bound names the statement uses, with their slots, longest first: the log shows
        /// the statement with their values.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        names: Vec<(String, u8)>,
    },
    /// What a card counts as from now on.
    SetType {
        /// The card.
        card: Expr,
        /// Its new type.
        to: CardType,
        /// Names it in the log.
        source: u32,
    },
    /// What a card counts as from now on, kind and value (`set my encounter card's kind to
    /// claim`).
    SetKind {
        /// The card.
        card: Expr,
        /// Its new kind.
        to: Expr,
        /// Names it in the log.
        source: u32,
    },
    /// Add (or with a negative amount remove) tokens on a player's sheet.
    Tokens {
        /// Whose sheet.
        player: Expr,
        /// How many.
        delta: Expr,
    },
    /// Move ships.
    Move {
        /// Whose ships and from where (`Subject` for the ships being replaced).
        ships: Expr,
        /// How many; `None` for all of them.
        count: Option<Expr>,
        /// Whether the count is a most (`up to 4 of my ships`): the owner chooses how many.
        up_to: bool,
        /// Where to.
        to: Dest,
        /// Who picks which ships (`by PLAYER`); the owner when `None`.
        chooser: Option<Expr>,
    },
    /// Move a card (the subject encounter card) into a hand.
    TakeCard {
        /// The card.
        card: Expr,
        /// Whose hand.
        to: Expr,
    },
    /// Draw cards from the deck.
    Draw(Expr, Option<u8>),
    /// Look at the top cards of the deck without drawing them: how many, the slot that gets
    /// them (top first) and the slot that gets the top one.
    LookAtTop {
        /// How many cards.
        count: Expr,
        /// The slot of the cards looked at.
        cards: u8,
        /// The slot of the top card looked at.
        top: u8,
    },
    /// Discard one card of each type held.
    DiscardEachType(Expr),

    /// The offense has its encounter with this player instead (at a planet of the
    /// offense's choice in that player's home system, or wherever it has a colony when
    /// `anywhere`).
    EncounterWith {
        /// The new defense.
        defense: Expr,
        /// Whether any of its colonies may be targeted.
        anywhere: bool,
    },
    /// The offense has its encounter at this planet instead (`move the encounter to PLANET`:
    /// the gate aimed there before the launch); the defense is the player whose home system
    /// holds it.
    EncounterAt(Expr),
    /// Trade whole hands.
    SwapHands(Expr, Expr),
    /// Shuffle two hands together; the first player takes back as many as it held.
    MixHands(Expr, Expr),
    /// Shuffle the hands of these players together; each is dealt back as many as it held.
    MixHandsOf(Expr),
    /// The cosmic deck and its discard pile trade places; the new deck is shuffled.
    SwapDeckAndDiscard,
    /// The turn order is reversed for the rest of the game.
    ReverseTurnOrder,
    /// The winning allies' gains swap sides for this encounter.
    ReverseAlliesGains,
    /// The acting player takes the ships of an unused player color into its fleet (as many
    /// as a player has; that many more on each home colony as setup places on a home planet,
    /// the rest in the warp; nothing when every color is in play or taken).
    TakeFleet,
    /// Give a card to a player: this card, or one the giver chooses from its hand.
    Give {
        /// The card (`None`: the giver chooses one from its hand).
        card: Option<Expr>,
        /// To whom (nobody: a given card of this ability's is discarded).
        to: Expr,
        /// The slot that names the card given (`as NAME`).
        named: Option<u8>,
    },
    /// Take cards of the taker's choice from a player's hand (it sees the cards offered).
    TakeChosen {
        /// How many.
        count: Expr,
        /// Whether fewer may be taken.
        up_to: bool,
        /// From whom.
        from: Expr,
    },
    /// Discard cards of the acting player's choice from its hand (of one type, if given).
    DiscardChosen {
        /// How many.
        count: Expr,
        /// The type, if only cards of one type may be discarded.
        ty: Option<CardType>,
        /// A card the discarded ones must match (same type; an attack at least as high).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        like: Option<Expr>,
        /// Whether fewer may be chosen (`up to N cards`).
        up_to: bool,
    },
    /// Discard a player's whole hand.
    DiscardHand(Expr),
    /// Discard cards at random from a player's hand.
    DiscardRandom {
        /// How many.
        count: Expr,
        /// From whom.
        from: Expr,
    },
    /// The acting player sees every card a player draws from the deck for the rest of the
    /// encounter.
    WatchDraws(Expr),
    /// The acting player shows a card of its hand to every player (it stays in the hand).
    ShowCard(Expr, Option<Expr>),
    /// The acting main player keeps its encounter card face down through the reveal.
    KeepFaceDown,
    /// Put a token of a kind (a declaration's source number) on a player for the encounter.
    GiveToken(Expr, u32),
    /// The acting player's side wins the encounter at once: the rest of the encounter is
    /// skipped and it is resolved as won.
    WinEncounter,
    /// Duel: the acting player wins the duel or contest under way outright.
    WinFight,
    /// Runs the effects of the play the ability answers again, as the acting player's: the
    /// played card's block, with what that play answered (`duplicate that play`).
    DuplicatePlay,
    /// Give cards of the acting player's choice from its hand to a player.
    GiveCards {
        /// How many.
        count: Expr,
        /// To whom.
        to: Expr,
    },
    /// Discard any number of the listed cards (those in the acting player's hand).
    DiscardAny(Expr),
    /// Discard a card or every card of a list, wherever each lies (a hand, the table).
    DiscardCards(Expr),
    /// The acting player plays a card from its hand as a reinforcement for a side.
    Reinforce {
        /// The card.
        card: Expr,
        /// The side it helps.
        side: Expr,
    },
    /// The acting player looks at a player's hand.
    LookAtHand(Expr),
    /// The acting player looks through the destiny deck and chooses the card drawn next.
    ChooseDestiny,
    /// The destiny card just drawn is discarded; the offense draws another.
    RedrawDestiny,
    /// Take cards at random from a player's hand.
    TakeRandom {
        /// How many.
        count: Expr,
        /// From whom.
        from: Expr,
    },
    /// Two players exchange alien sheets.
    SwapAliens(Expr, Expr),
    /// No alien power is lost for too few home colonies until then (`keep every alien power
    /// with too few home colonies until this hazard leaves play`).
    KeepPowers(Until),
    /// Every card played until then leaves the game once it has taken effect, where the
    /// rules would discard it or return it to the hand (`remove every card played from the
    /// game until the end of the encounter`).
    RemovePlayed(Until),
    /// The hazard named (an index in the program's sources) leaves play for the hazard
    /// discard pile, if it is in play (`discard "The Witness" from play`).
    DiscardHazard(u32),
    /// The acting player's own destiny cards, one per name, join the destiny deck, which is
    /// shuffled (`shuffle ["Invasion!", "Invasion!"] into the destiny deck`).
    ShuffleDestiny(Vec<String>),
    /// The encounter stops once the window's abilities have acted; the offense plays it
    /// again from its start, after any encounter granted meanwhile (`restart the encounter`).
    RestartEncounter,
    /// The cosmic discard pile and deck are shuffled together into a new deck (`shuffle the
    /// discard pile into the deck`).
    ShuffleDiscardIntoDeck,
    /// The encounter stops once the window's abilities have acted; everything goes back to
    /// how it stood as its planning phase began, and it is played again from there (`replay
    /// the encounter from the planning phase`).
    ReplayEncounter,
    /// The card's holder sets it aside face up, out of its hand or the encounter, until the
    /// card comes back (`set aside opponent's encounter card until the end of the encounter`).
    SetAsideFaceUp {
        /// The card.
        card: Expr,
        /// When the card goes back to its owner's hand (never, if none).
        until: Option<Until>,
    },
    /// The acting player plays cards from its hand face down as hired ships: each one more
    /// of its ships where its ships in the encounter are, until the encounter ends (`hire
    /// hires as ships`).
    Hire(Expr),
    /// Up to (or exactly) a number of the acting player's hired ships give way to its ships
    /// from the warp, one for one, their cards discarded (`replace up to 2 of my hired ships
    /// with my ships in the warp`).
    ReplaceHired {
        /// How many.
        count: Expr,
        /// Whether the player may replace fewer.
        up_to: bool,
    },
    /// Two players exchange alien sheets with everything on them (tokens, cards set on them).
    SwapSheets(Expr, Expr),
    /// Two players trade alien sheets with everything on them until the end of the
    /// encounter, then trade back.
    SwapSheetsForEncounter(Expr, Expr),
    /// The acting player gains a random unused alien's power: with `incarnation`, replacing
    /// the one it became before (`become a random unused alien`); without, held with the
    /// tech the ability is on (`gain the power of a random unused alien`).
    GainRandomAlien { incarnation: bool },
    /// A player's alien sheet goes back to the box for a random unused one.
    ReplaceAlien(Expr),
    /// The acting player's own power is zapped (off for the encounter; answers to a zap act).
    ZapOwnPower,
    /// The card the ability is on goes to the discard pile.
    DiscardThis,
    /// The encounter ends at once with an outcome.
    EndEncounter(cosmic_engine::Outcome),
    /// Discard the hand and draw a new one.
    NewHand,
    /// Switch the two encounter cards.
    SwapEncounterCards,
    /// `place CARD beside PLANET` (face up) or `place CARD on my sheet` (face down).
    /// `place stored on this tech`: cards of the acting player's hand go face down under
    /// the tech whose text this is, apart from its sheet, until the tech is discarded.
    SetUnderTech(Expr),
    /// `receive N rewards`: the acting player takes N rewards, each a ship of its own back
    /// from the warp or a card drawn, split as it chooses (as a defensive ally's).
    Rewards(Expr),
    /// `collect compensation from PLAYER`: the acting player collects compensation from that
    /// player as if it had played a negotiate against an attack (the compensation window
    /// and quantity included).
    Compensation(Expr),
    /// `remember (guess) as eureka guess`: the acting player notes a whole number from 0 to
    /// 4095 under a name, for the rest of the encounter (`remembered eureka guess` reads it).
    Remember {
        /// The name, in content's numbering.
        key: u32,
        /// The number.
        value: Expr,
    },
    SetAside {
        /// The card.
        card: Expr,
        /// The planet, or none for the acting player's alien sheet.
        planet: Option<Expr>,
        /// When the card goes back to its owner's hand (never, if none).
        until: Option<Until>,
    },
    /// `play from my sheet for the rest of the game`: the cards on the acting player's sheet
    /// are playable as if in its hand while its power works.
    OpenSheet,
    /// `place a cannon token beside PLANET`; `place a trap token face down beside PLANET`
    /// (its face seen by its owner alone); `... face down from this sheet beside PLANET` (one
    /// of that kind the acting player keeps on its sheet, if it has one).
    PlaceToken {
        /// The kind of token (a declaration's source number).
        key: u32,
        /// The planet.
        planet: Expr,
        /// Whether it lies face down.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        face_down: bool,
        /// Whether it comes from the acting player's sheet rather than the supply.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_sheet: bool,
    },
    /// `move my tokens beside PLANET to this sheet`: the acting player's tokens beside the
    /// planet go back onto its sheet, face down.
    ReturnTokens(Expr),
    /// `reveal my tokens beside PLANET`: they are turned face up, for every player to see.
    RevealTokens(Expr),
    /// `remove my cannon tokens`: the acting player's tokens of the kind leave the planets.
    RemovePlanetTokens(u32),
    /// `place a WORDS ship on PLANET`: a ship token of that kind joins my fleet there.
    PlaceShipToken { key: u32, planet: Expr },
    /// `discard that tech`: the tech whose use this ability answers.
    DiscardSubjectTech,
    /// `destroy PLANET`: its ships go to the warp and it leaves the game.
    DestroyPlanet(Expr),
    /// `place PLANET on my sheet`: destroyed, it counts as one of my foreign colonies toward
    /// my win for the rest of the game.
    KeepPlanet(Expr),
    /// `create a planet in PLAYER's home system [as NAME]`.
    CreatePlanet { owner: Expr, named: Option<u8> },
    /// Moves a planet from its home system to the end of a player's home system, its ships
    /// sent to the warp first and what lies beside it gone (`move site to my home system`),
    /// naming it there (`as`).
    MovePlanet {
        planet: Expr,
        to: Expr,
        named: Option<u8>,
    },
    /// `give this tech to PLAYER` (a completed tech changes hands).
    GiveTech(Expr),
    /// `move CARD to the bottom of the deck`.
    ToDeckBottom(Expr),
    /// `lend my power to PLAYER`: for the rest of the encounter.
    LendPower(Expr),
    /// `force PLAYER to invite PLAYER until ...`: as a main player, the first must invite
    /// the second to ally with its side, whenever that player is not the other main player.
    ObligeInvite {
        /// Who must invite.
        who: Expr,
        /// Whom it must invite.
        whom: Expr,
        /// How long the obligation lasts.
        until: Until,
    },
    /// `force PLAYER to play CARD`: the player must select it as its encounter card.
    ObligePlay {
        /// Who must play it.
        who: Expr,
        /// The card.
        card: Expr,
    },
    /// `replace my encounter card with CARD`: the card takes the old one's place, which is
    /// discarded.
    ReplaceEncounterCard {
        /// The main player whose card is replaced.
        who: Expr,
        /// The new card.
        card: Expr,
    },
    /// A main player selects its encounter card now, face up.
    SelectFaceUp(Expr),
    /// Ally with a side now, invited or not.
    Join(Expr),
    /// Cancel the use or play being answered.
    CancelSubject,
    /// Switch off the power whose use is being answered.
    PowerOffSubject(Until),
    /// Make the deal just agreed fail.
    FailDeal,
    /// `skip to the reveal with no encounter cards`: the encounter goes straight to the
    /// reveal (before the planning phase only).
    SkipToReveal,
    /// `make a deal with PLAYERS`: the acting player and these players make one deal
    /// together; the encounter's outcome then says whether it was made.
    DealAmong(Expr),
    /// Starts a lasting effect: `for the rest of the encounter { ... }`.
    Lasting {
        /// Its body (index into `Program::lasting`).
        effect: u32,
        /// When it ends.
        until: Until,
        /// Names it in the log when it starts and ends.
        source: u32,
    },
    /// Record a declaration for the encounter.
    Declare(u32),
    /// Declare a card kind to every player (`declare claim`: what the Gambler says its card is).
    DeclareKind(Expr),
    /// The offense may have another encounter.
    AnotherEncounter,
    /// The acting player has an encounter of its own against a player's home system as soon
    /// as this one ends, then play resumes.
    OutOfTurnEncounter(Expr),
    /// `have an encounter`: the acting player has an encounter of its own (destiny drawn as
    /// usual) as soon as the current one ends.
    OwnEncounter,
    /// The acting player wins the game.
    Win,
    /// The acting player wins the game alone (`win the game alone`): while the game is being
    /// won, the others' win is ignored.
    WinAlone,
    /// The game ends at once with every player losing (`end the game with every player
    /// losing`): nobody wins.
    EndGame,
    /// The acting player's power goes off.
    LosePower(Until),
    /// The acting player's power comes back.
    RegainPower,
    /// `if` / `else`.
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `for each`: over players, or as many times as a number says.
    ForEach(u8, Expr, Vec<Stmt>),
    /// `let`.
    Let(u8, Expr),
    /// `choose`.
    Choose(u8, Pick),
    /// `choose one`: labelled options and what each does.
    ChooseOne(Vec<ChoiceArm>),
    /// `as PLAYER { ... }`.
    As(Expr, Vec<Stmt>),
}

/// One option of `choose one`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChoiceArm {
    /// The label's source number.
    pub label: u32,
    /// The bot hint (`prefer if ...`).
    pub prefer: Option<Expr>,
    /// What the option does.
    pub body: Vec<Stmt>,
}

/// Declares a fieldless enum of kinds with `ALL`, the list of every kind (tests walk it:
/// a kind added here is a kind they must cover).
macro_rules! kinds {
    ($(#[$doc:meta])* $name:ident { $($kind:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $(#[allow(missing_docs)] $kind),*
        }
        impl $name {
            /// Every kind.
            pub const ALL: &'static [$name] = &[$($name::$kind),*];
        }
    };
}

kinds! {
    /// What a statement does, without its operands: one kind per `Stmt` variant.
    StmtKind { Modify, SetType, SetKind, Tokens, Move, TakeCard, Draw, DiscardEachType, EncounterWith, EncounterAt, SwapHands, MixHands, MixHandsOf, SwapDeckAndDiscard, ReverseTurnOrder, ReverseAlliesGains, TakeFleet, Give, TakeChosen, DiscardChosen, DiscardHand, DiscardRandom, WatchDraws, ShowCard, KeepFaceDown, GiveToken, WinEncounter, GiveCards, DiscardAny, DiscardCards, Reinforce, LookAtHand, ChooseDestiny, RedrawDestiny, TakeRandom, SwapAliens, KeepPowers, RemovePlayed, DiscardHazard, ShuffleDestiny, RestartEncounter, ReplayEncounter, SetAsideFaceUp, Hire, ReplaceHired, ShuffleDiscardIntoDeck, SwapSheets, SwapSheetsForEncounter, GainRandomAlien, ReplaceAlien, ZapOwnPower, DiscardThis, EndEncounter, NewHand, SwapEncounterCards, SetAside, OpenSheet, PlaceToken, ReturnTokens, RevealTokens, RemovePlanetTokens, PlaceShipToken, DiscardSubjectTech, DestroyPlanet, KeepPlanet, CreatePlanet, MovePlanet, GiveTech, ToDeckBottom, LendPower, ObligeInvite, ObligePlay, ReplaceEncounterCard, SelectFaceUp, Join, CancelSubject, PowerOffSubject, FailDeal, SkipToReveal, DealAmong, Lasting, Declare, DeclareKind, AnotherEncounter, OutOfTurnEncounter, OwnEncounter, Win, WinAlone, EndGame, LosePower, RegainPower, If, ForEach, Let, Choose, ChooseOne, As, SetUnderTech, Rewards, Remember, Compensation, LookAtTop, WinFight, DuplicatePlay }
}

/// Whether `pred` holds of a statement of `body` or of a block nested in one (`if`'s
/// branches, `for each`'s and `as`'s bodies, `choose one`'s arms); not of the lasting effects
/// a statement starts, which the program keeps apart. The one walk of nested statements.
pub fn any_stmt(body: &[Stmt], pred: &mut impl FnMut(&Stmt) -> bool) -> bool {
    body.iter().any(|st| {
        pred(st)
            || match st {
                Stmt::If(_, then, otherwise) => any_stmt(then, pred) || any_stmt(otherwise, pred),
                Stmt::ForEach(_, _, b) | Stmt::As(_, b) => any_stmt(b, pred),
                Stmt::ChooseOne(arms) => arms.iter().any(|arm| any_stmt(&arm.body, pred)),
                _ => false,
            }
    })
}

impl Stmt {
    /// The statement's kind.
    pub fn kind(&self) -> StmtKind {
        match self {
            Stmt::Modify { .. } => StmtKind::Modify,
            Stmt::SetType { .. } => StmtKind::SetType,
            Stmt::SetKind { .. } => StmtKind::SetKind,
            Stmt::Tokens { .. } => StmtKind::Tokens,
            Stmt::Move { .. } => StmtKind::Move,
            Stmt::TakeCard { .. } => StmtKind::TakeCard,
            Stmt::Draw(..) => StmtKind::Draw,
            Stmt::DiscardEachType(..) => StmtKind::DiscardEachType,
            Stmt::EncounterWith { .. } => StmtKind::EncounterWith,
            Stmt::EncounterAt(_) => StmtKind::EncounterAt,
            Stmt::SwapHands(..) => StmtKind::SwapHands,
            Stmt::MixHands(..) => StmtKind::MixHands,
            Stmt::MixHandsOf(..) => StmtKind::MixHandsOf,
            Stmt::SwapDeckAndDiscard => StmtKind::SwapDeckAndDiscard,
            Stmt::ReverseTurnOrder => StmtKind::ReverseTurnOrder,
            Stmt::ReverseAlliesGains => StmtKind::ReverseAlliesGains,
            Stmt::TakeFleet => StmtKind::TakeFleet,
            Stmt::Give { .. } => StmtKind::Give,
            Stmt::TakeChosen { .. } => StmtKind::TakeChosen,
            Stmt::DiscardChosen { .. } => StmtKind::DiscardChosen,
            Stmt::DiscardHand(..) => StmtKind::DiscardHand,
            Stmt::DiscardRandom { .. } => StmtKind::DiscardRandom,
            Stmt::WatchDraws(..) => StmtKind::WatchDraws,
            Stmt::ShowCard(..) => StmtKind::ShowCard,
            Stmt::KeepFaceDown => StmtKind::KeepFaceDown,
            Stmt::GiveToken(..) => StmtKind::GiveToken,
            Stmt::WinEncounter => StmtKind::WinEncounter,
            Stmt::WinFight => StmtKind::WinFight,
            Stmt::GiveCards { .. } => StmtKind::GiveCards,
            Stmt::DiscardAny(..) => StmtKind::DiscardAny,
            Stmt::DiscardCards(..) => StmtKind::DiscardCards,
            Stmt::Reinforce { .. } => StmtKind::Reinforce,
            Stmt::LookAtHand(..) => StmtKind::LookAtHand,
            Stmt::ChooseDestiny => StmtKind::ChooseDestiny,
            Stmt::RedrawDestiny => StmtKind::RedrawDestiny,
            Stmt::TakeRandom { .. } => StmtKind::TakeRandom,
            Stmt::SwapAliens(..) => StmtKind::SwapAliens,
            Stmt::SwapSheets(..) => StmtKind::SwapSheets,
            Stmt::SwapSheetsForEncounter(..) => StmtKind::SwapSheetsForEncounter,
            Stmt::KeepPowers(..) => StmtKind::KeepPowers,
            Stmt::RemovePlayed(..) => StmtKind::RemovePlayed,
            Stmt::DiscardHazard(..) => StmtKind::DiscardHazard,
            Stmt::ShuffleDestiny(..) => StmtKind::ShuffleDestiny,
            Stmt::RestartEncounter => StmtKind::RestartEncounter,
            Stmt::ReplayEncounter => StmtKind::ReplayEncounter,
            Stmt::ShuffleDiscardIntoDeck => StmtKind::ShuffleDiscardIntoDeck,
            Stmt::SetAsideFaceUp { .. } => StmtKind::SetAsideFaceUp,
            Stmt::Hire(_) => StmtKind::Hire,
            Stmt::ReplaceHired { .. } => StmtKind::ReplaceHired,
            Stmt::GainRandomAlien { .. } => StmtKind::GainRandomAlien,
            Stmt::ReplaceAlien(..) => StmtKind::ReplaceAlien,
            Stmt::ZapOwnPower => StmtKind::ZapOwnPower,
            Stmt::DiscardThis => StmtKind::DiscardThis,
            Stmt::EndEncounter(..) => StmtKind::EndEncounter,
            Stmt::NewHand => StmtKind::NewHand,
            Stmt::SwapEncounterCards => StmtKind::SwapEncounterCards,
            Stmt::SetAside { .. } => StmtKind::SetAside,
            Stmt::OpenSheet => StmtKind::OpenSheet,
            Stmt::PlaceToken { .. } => StmtKind::PlaceToken,
            Stmt::ReturnTokens(..) => StmtKind::ReturnTokens,
            Stmt::RevealTokens(..) => StmtKind::RevealTokens,
            Stmt::RemovePlanetTokens(..) => StmtKind::RemovePlanetTokens,
            Stmt::PlaceShipToken { .. } => StmtKind::PlaceShipToken,
            Stmt::DiscardSubjectTech => StmtKind::DiscardSubjectTech,
            Stmt::DestroyPlanet(..) => StmtKind::DestroyPlanet,
            Stmt::KeepPlanet(..) => StmtKind::KeepPlanet,
            Stmt::CreatePlanet { .. } => StmtKind::CreatePlanet,
            Stmt::MovePlanet { .. } => StmtKind::MovePlanet,
            Stmt::GiveTech(..) => StmtKind::GiveTech,
            Stmt::ToDeckBottom(..) => StmtKind::ToDeckBottom,
            Stmt::LendPower(..) => StmtKind::LendPower,
            Stmt::ObligeInvite { .. } => StmtKind::ObligeInvite,
            Stmt::ObligePlay { .. } => StmtKind::ObligePlay,
            Stmt::ReplaceEncounterCard { .. } => StmtKind::ReplaceEncounterCard,
            Stmt::SelectFaceUp(..) => StmtKind::SelectFaceUp,
            Stmt::Join(..) => StmtKind::Join,
            Stmt::CancelSubject => StmtKind::CancelSubject,
            Stmt::PowerOffSubject(..) => StmtKind::PowerOffSubject,
            Stmt::FailDeal => StmtKind::FailDeal,
            Stmt::SkipToReveal => StmtKind::SkipToReveal,
            Stmt::DealAmong(..) => StmtKind::DealAmong,
            Stmt::Lasting { .. } => StmtKind::Lasting,
            Stmt::Declare(..) => StmtKind::Declare,
            Stmt::DeclareKind(..) => StmtKind::DeclareKind,
            Stmt::AnotherEncounter => StmtKind::AnotherEncounter,
            Stmt::OutOfTurnEncounter(..) => StmtKind::OutOfTurnEncounter,
            Stmt::OwnEncounter => StmtKind::OwnEncounter,
            Stmt::Win => StmtKind::Win,
            Stmt::WinAlone => StmtKind::WinAlone,
            Stmt::EndGame => StmtKind::EndGame,
            Stmt::LosePower(..) => StmtKind::LosePower,
            Stmt::RegainPower => StmtKind::RegainPower,
            Stmt::If(..) => StmtKind::If,
            Stmt::ForEach(..) => StmtKind::ForEach,
            Stmt::Let(..) => StmtKind::Let,
            Stmt::Choose(..) => StmtKind::Choose,
            Stmt::ChooseOne(..) => StmtKind::ChooseOne,
            Stmt::As(..) => StmtKind::As,
            Stmt::SetUnderTech(..) => StmtKind::SetUnderTech,
            Stmt::Rewards(..) => StmtKind::Rewards,
            Stmt::Remember { .. } => StmtKind::Remember,
            Stmt::Compensation(..) => StmtKind::Compensation,
            Stmt::LookAtTop { .. } => StmtKind::LookAtTop,
            Stmt::DuplicatePlay => StmtKind::DuplicatePlay,
        }
    }
}

impl StmtKind {
    /// Whether the statement acts on an encounter, a turn or the use it answers, none of
    /// which exists at game setup.
    pub fn needs_encounter(self) -> bool {
        use StmtKind::*;
        matches!(
            self,
            WinEncounter
                | Compensation
                | EndEncounter
                | RestartEncounter
                | ReplayEncounter
                | SwapEncounterCards
                | ReplaceEncounterCard
                | KeepFaceDown
                | Reinforce
                | ChooseDestiny
                | RedrawDestiny
                | EncounterWith
                | EncounterAt
                | Join
                | FailDeal
                | SkipToReveal
                | DealAmong
                | AnotherEncounter
                | OutOfTurnEncounter
                | OwnEncounter
                | SelectFaceUp
                | ObligePlay
                | LendPower
                | WatchDraws
                | GiveToken
                | CancelSubject
                | PowerOffSubject
                | DiscardSubjectTech
                | Win
                | WinAlone
                | EndGame
                | ZapOwnPower
                | Declare
                | DiscardThis
                | ReverseAlliesGains
                | SwapSheetsForEncounter
                | DuplicatePlay
        )
    }
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
}

impl SubjectKind {
    /// The kind's bit in a set of kinds.
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// Every kind of use an answer can cancel.
    pub const USES: u16 =
        SubjectKind::PowerUse.bit() | SubjectKind::CardUse.bit() | SubjectKind::TechUse.bit();

    /// The kinds `it` or `them` names as a value: a card, a player or ships.
    pub const VALUES: u16 = SubjectKind::CardUse.bit()
        | SubjectKind::Card.bit()
        | SubjectKind::Player.bit()
        | SubjectKind::Count.bit()
        | SubjectKind::Ships.bit()
        | SubjectKind::LandingShips.bit();

    /// The kinds that name a planet (`that planet`): a landing, or ships about to land.
    pub const PLANETS: u16 = SubjectKind::Landing.bit() | SubjectKind::LandingShips.bit();
}

impl Happening {
    /// Whether it is ships or cards moving (lost, retrieved, drawn, taken, received) or a
    /// colony gained: answered at the next window, a lasting effect's reactions too.
    pub fn moves(self) -> bool {
        self.subject() == SubjectKind::Count
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
            | MyShipsRetrieved | MyCardsDrawn | MyCardsTakenAtRandom | MyRewardsReceived
            | MyShipsSent => SubjectKind::Count,
            TechCompleted => SubjectKind::Tech,
            MyPowerZapped | AlienLeft | DeckReshuffled | HazardDrawn | CosmicQuake => {
                SubjectKind::Nothing
            }
            ShipsLanded => SubjectKind::Landing,
            OthersPlayed => SubjectKind::Play,
        }
    }
}
