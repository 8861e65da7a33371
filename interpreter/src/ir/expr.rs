//! Expressions: quantities, places, destinations, operators and what `choose` picks.

use cosmic_engine::CardType;
use serde::{Deserialize, Serialize};

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
    /// Placed on a given planet, without landing (`place 2 of my removed ships on site`).
    Placed(Box<Expr>),
    /// Onto the hazard whose text runs, while it is in play (`to this hazard`).
    ThisHazard,
    /// Captured by the acting player, stacked under its ships in the encounter (`capture
    /// them under my ships in the encounter`).
    Captured,
    /// Held by the acting player around its home system, out of play, until the flare whose
    /// text holds them leaves its hand (`capture them around my home system until this
    /// flare is lost`).
    HeldAround,
    /// To the warp, the stacks among them entering it whole (`move them to the warp with
    /// their stacks kept`, in a replacement of ships going to the warp only).
    WarpWhole,
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
    /// How many other players' ships a player holds around its home system (`my held
    /// ships`).
    HeldShips(Box<Expr>),
    /// How many captured ships the stacks among the ships a replacement takes over hold
    /// (`ships in their stacks`).
    SubjectStacked,
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
    /// The cards of a list (the second) that are copies of a card named (the first, a card
    /// name: `cards named wanted in the cards drawn`).
    CardsNamed(Box<Expr>, Box<Expr>),
    /// Whether a side's main player invited a player to ally this encounter.
    SideInvited(Box<Expr>, Box<Expr>),
    /// Whether a player declared something this encounter.
    Declared(Box<Expr>, u32),
    /// The players of a list who declared something this encounter (`PLAYERS who declared
    /// WORDS this encounter`).
    DeclaredAmong(Box<Expr>, u32),
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
    /// Of the rewards an answer to `whenever I receive rewards` answers, how many were cards
    /// drawn (`the rewards' cards`) or, when false, ships back from the warp (`the rewards'
    /// ships`).
    RewardsTaken(bool),
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
            | Expr::SubjectStacked
            | Expr::RewardsTaken(_)
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
            | Expr::DeclaredAmong(a, _)
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
            | Expr::HeldShips(a)
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
            | Expr::CardsNamed(a, b)
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
    /// Each of a list of players picks one card of its own hand, in secret (`choose a card
    /// from each hand of PLAYERS`): the cards picked, in seat order, none for an empty hand.
    CardEach(Expr),
    /// Any number of cards from a list (put to use for their value: bots take them all).
    Cards(Expr),
    /// At most this many cards from a list (`choose up to 3 of the cards drawn`).
    UpToCards(Expr, Expr),
    /// The defense of the encounter, from a list of players (`choose a defense`).
    Defense(Expr),
    /// One planet from a list.
    Planet(Expr),
    /// The name of a card of the game (`choose a card name`): one of the distinct printed
    /// cards of the decks in play, named, not held.
    CardName,
}
