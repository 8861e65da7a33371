//! The game's vocabulary: the references card text may use (`my side's total`, `opponent's
//! encounter card`, `the defense won the encounter`) as word patterns with typed holes, and
//! the resolver that matches a reference against them. Articles are ignored and `my` reads as
//! `me's`, so one pattern covers `my side`, `the offense's side` and `victim's side`.

use crate::ir::{Expr, QuantityRef, ShipPlace};
use cosmic_engine::CardType;

/// The type of a value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A whole number.
    Int,
    /// True or false.
    Bool,
    /// One player.
    Player,
    /// Any number of players.
    Players,
    /// A side of the encounter.
    Side,
    /// One card.
    Card,
    /// Several cards.
    Cards,
    /// A card type.
    Type,
    /// A card kind: a type with its value (`an attack 12`, `a negotiate`).
    Kind,
    /// A player's ships somewhere.
    Ships,
    /// What an ability answers or replaces.
    Subject,
    /// One planet.
    Planet,
    /// Several planets.
    Planets,
    /// The name of a card of the game, not a card held (`choose a card name as wanted`).
    CardName,
}

impl Ty {
    /// The type in words, for diagnostics.
    pub fn words(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Player => "a player",
            Ty::Players => "players",
            Ty::Side => "a side",
            Ty::Card => "a card",
            Ty::Cards => "cards",
            Ty::Type => "a card type",
            Ty::Kind => "a card kind",
            Ty::Ships => "ships",
            Ty::Subject => "the thing answered",
            Ty::Planet => "a planet",
            Ty::Planets => "planets",
            Ty::CardName => "a card name",
        }
    }

    /// Whether a value of this type may stand where `want` is expected.
    pub fn fits(self, want: Ty) -> bool {
        self == want
            || matches!(
                (self, want),
                (Ty::Player, Ty::Players)
                    | (Ty::Ships, Ty::Int)
                    | (Ty::Players, Ty::Int)
                    | (Ty::Cards, Ty::Int)
                    | (
                        Ty::Subject,
                        Ty::Ships | Ty::Card | Ty::Cards | Ty::Player | Ty::Players
                    )
                    | (Ty::Card, Ty::Cards)
                    | (Ty::Planet, Ty::Planets)
                    | (Ty::Planets, Ty::Int)
                    | (Ty::Type, Ty::Kind)
            )
    }
}

type Build = fn(Vec<Expr>) -> Expr;

/// One reference pattern: words with typed holes (`{p}` a player, `{ps}` players, `{s}` a
/// side, `{c}` a card, `{cs}` cards, `{t}` a card type, `{k}` a card kind, `{n}` a number),
/// the type it makes,
/// and how.
pub struct Pattern {
    /// The words, articles left out.
    pub words: &'static str,
    /// The type of the reference.
    pub ty: Ty,
    /// Builds the expression from the holes' expressions.
    pub build: Build,
}

fn b(e: &mut Vec<Expr>) -> Box<Expr> {
    Box::new(e.remove(0))
}

/// The vocabulary, most specific patterns first.
pub const PATTERNS: &[Pattern] = &[
    // Players.
    Pattern {
        words: "me",
        ty: Ty::Player,
        build: |_| Expr::Me,
    },
    Pattern {
        words: "opponent",
        ty: Ty::Player,
        build: |_| Expr::Opponent(Box::new(Expr::Me)),
    },
    Pattern {
        words: "{p} 's opponent",
        ty: Ty::Player,
        build: |mut e| Expr::Opponent(b(&mut e)),
    },
    Pattern {
        words: "offense",
        ty: Ty::Player,
        build: |_| Expr::Offense,
    },
    Pattern {
        words: "defense",
        ty: Ty::Player,
        build: |_| Expr::Defense,
    },
    Pattern {
        words: "{p} 's left neighbour",
        ty: Ty::Player,
        build: |mut e| Expr::LeftNeighbour(b(&mut e)),
    },
    Pattern {
        words: "this alien 's player",
        ty: Ty::Player,
        build: |_| Expr::ThisAlienPlayer,
    },
    Pattern {
        words: "{s} 's main player",
        ty: Ty::Player,
        build: |mut e| Expr::MainOf(b(&mut e)),
    },
    Pattern {
        words: "that player",
        ty: Ty::Subject,
        build: |_| Expr::Subject,
    },
    Pattern {
        words: "players {p} invited",
        ty: Ty::Players,
        build: |mut e| Expr::Invited(b(&mut e)),
    },
    Pattern {
        words: "all players",
        ty: Ty::Players,
        build: |_| Expr::AllPlayers,
    },
    Pattern {
        words: "game 's winners",
        ty: Ty::Players,
        build: |_| Expr::GameWinners,
    },
    Pattern {
        words: "other players",
        ty: Ty::Players,
        build: |_| Expr::OthersThan(Box::new(Expr::Me)),
    },
    Pattern {
        words: "{p} 's opponents",
        ty: Ty::Players,
        build: |mut e| Expr::OthersThan(b(&mut e)),
    },
    Pattern {
        words: "allies",
        ty: Ty::Players,
        build: |_| Expr::Allies(None),
    },
    Pattern {
        words: "{p} 's allies",
        ty: Ty::Players,
        build: |mut e| Expr::Allies(Some(Box::new(Expr::SideOf(b(&mut e))))),
    },
    Pattern {
        words: "players on {s}",
        ty: Ty::Players,
        build: |mut e| Expr::OnSide(b(&mut e)),
    },
    Pattern {
        words: "{ps} except {ps}",
        ty: Ty::Players,
        build: |mut e| {
            let all = b(&mut e);
            Expr::Except(Box::new(*all), b(&mut e))
        },
    },
    Pattern {
        words: "main players",
        ty: Ty::Players,
        build: |_| Expr::MainPlayers,
    },
    Pattern {
        words: "{s} 's allies",
        ty: Ty::Players,
        build: |mut e| Expr::Allies(Some(b(&mut e))),
    },
    // Sides.
    Pattern {
        words: "{p} 's side",
        ty: Ty::Side,
        build: |mut e| Expr::SideOf(b(&mut e)),
    },
    Pattern {
        words: "side that would lose",
        ty: Ty::Side,
        build: |_| Expr::WouldLose,
    },
    Pattern {
        words: "side that would win",
        ty: Ty::Side,
        build: |_| Expr::WouldWin,
    },
    Pattern {
        words: "losing side",
        ty: Ty::Side,
        build: |_| Expr::LosingSide,
    },
    Pattern {
        words: "winner",
        ty: Ty::Side,
        build: |_| Expr::Quantity(QuantityRef::Winner),
    },
    // Quantities.
    Pattern {
        words: "{s} 's base total",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::BaseTotal(b(&mut e))),
    },
    Pattern {
        words: "{s} 's total",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::SideTotal(b(&mut e))),
    },
    Pattern {
        words: "{p} 's ships 's worth",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::ShipWorth(b(&mut e))),
    },
    Pattern {
        words: "{n} reversed",
        ty: Ty::Int,
        build: |mut e| Expr::Reversed(b(&mut e)),
    },
    Pattern {
        words: "{c} 's printed value",
        ty: Ty::Int,
        build: |mut e| Expr::PrintedValue(b(&mut e)),
    },
    Pattern {
        words: "{c} 's value",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::CardValue(b(&mut e))),
    },
    Pattern {
        words: "value of {c}",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::CardValue(b(&mut e))),
    },
    Pattern {
        words: "{p} 's launch limit",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::MaxShips(b(&mut e))),
    },
    Pattern {
        words: "{p} 's ally invitations",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::MayInvite(b(&mut e))),
    },
    Pattern {
        words: "{p} 's alliance minimum",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::MinAllyShips(b(&mut e))),
    },
    Pattern {
        words: "allies 's warp access",
        ty: Ty::Int,
        build: |_| Expr::Quantity(QuantityRef::AlliesFromWarp),
    },
    Pattern {
        words: "{p} 's new hand threshold",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::NewHandThreshold(b(&mut e))),
    },
    Pattern {
        words: "{p} 's alliance limit",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::MaxShips(b(&mut e))),
    },
    Pattern {
        words: "{p} 's compensation",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::Compensation(b(&mut e))),
    },
    Pattern {
        words: "{p} 's rewards",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::Rewards(b(&mut e))),
    },
    Pattern {
        words: "{p} 's deal penalty",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::FailedDealShips(b(&mut e))),
    },
    // Duel: a revealed plan's number.
    Pattern {
        words: "{p} 's plan",
        ty: Ty::Int,
        build: |mut e| Expr::Plan(b(&mut e)),
    },
    Pattern {
        words: "{p} 's attack obligation",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::AttackRequired(b(&mut e))),
    },
    Pattern {
        words: "{p} 's regroup ships",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::RegroupShips(b(&mut e))),
    },
    Pattern {
        words: "{p} 's colonies needed",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::ColoniesToWin(b(&mut e))),
    },
    Pattern {
        words: "tokens on this sheet",
        ty: Ty::Int,
        build: |_| Expr::Tokens(Box::new(Expr::Me)),
    },
    Pattern {
        words: "tokens on {p} 's sheet",
        ty: Ty::Int,
        build: |mut e| Expr::Tokens(b(&mut e)),
    },
    Pattern {
        words: "{p} 's captured ships",
        ty: Ty::Int,
        build: |mut e| Expr::CapturedShips(b(&mut e)),
    },
    Pattern {
        words: "ships in {p} 's stacks in encounter",
        ty: Ty::Int,
        build: |mut e| Expr::StackedShips(b(&mut e), true),
    },
    Pattern {
        words: "ships in {p} 's stacks",
        ty: Ty::Int,
        build: |mut e| Expr::StackedShips(b(&mut e), false),
    },
    Pattern {
        words: "{p} 's held ships",
        ty: Ty::Int,
        build: |mut e| Expr::HeldShips(b(&mut e)),
    },
    Pattern {
        words: "ships in their stacks",
        ty: Ty::Int,
        build: |_| Expr::SubjectStacked,
    },
    Pattern {
        words: "{p} 's hired ships",
        ty: Ty::Int,
        build: |mut e| Expr::HiredShips(b(&mut e)),
    },
    Pattern {
        words: "{p} 's lucre",
        ty: Ty::Int,
        build: |mut e| Expr::Resource(b(&mut e), cosmic_engine::Resource::Lucre),
    },
    Pattern {
        words: "{p} 's encounters this turn",
        ty: Ty::Int,
        build: |_| Expr::EncounterNumber,
    },
    Pattern {
        words: "encounter cards in {p} 's hand",
        ty: Ty::Int,
        build: |mut e| Expr::CardsInHand(b(&mut e), true),
    },
    Pattern {
        words: "cards in {p} 's hand that match {c}",
        ty: Ty::Cards,
        build: |mut e| {
            let p = b(&mut e);
            Expr::Matching(p, b(&mut e))
        },
    },
    Pattern {
        words: "cards in {p} 's hand",
        ty: Ty::Int,
        build: |mut e| Expr::CardsInHand(b(&mut e), false),
    },
    Pattern {
        words: "{t} cards in {p} 's hand",
        ty: Ty::Cards,
        build: |mut e| {
            let t = b(&mut e);
            Expr::HandCards(b(&mut e), t)
        },
    },
    Pattern {
        words: "{p} 's attack reinforcement limit",
        ty: Ty::Int,
        build: |mut e| Expr::Quantity(QuantityRef::AttackReinforcement(b(&mut e))),
    },
    // Ships.
    Pattern {
        words: "{ps} 's ships in encounter",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::Encounter),
    },
    Pattern {
        words: "{s} 's ships in encounter",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(Box::new(Expr::OnSide(b(&mut e))), ShipPlace::Encounter),
    },
    Pattern {
        words: "cards on this tech",
        ty: Ty::Cards,
        build: |_| Expr::CardsUnderTech,
    },
    Pattern {
        words: "ships on this tech",
        ty: Ty::Ships,
        build: |_| Expr::Ships(Box::new(Expr::Me), ShipPlace::ThisTech),
    },
    Pattern {
        words: "{ps} 's ships outside encounter",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::Outside),
    },
    Pattern {
        words: "{ps} 's ships on target planet",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::Target),
    },
    Pattern {
        words: "{ps} 's ships on {pl}",
        ty: Ty::Ships,
        build: |mut e| {
            let players = b(&mut e);
            Expr::ShipsOn(players, b(&mut e))
        },
    },
    Pattern {
        words: "{ps} 's ships in warp",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::Warp),
    },
    Pattern {
        words: "{ps} 's ships in praw",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::Praw),
    },
    Pattern {
        words: "{ps} 's ships in game",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::InGame),
    },
    Pattern {
        words: "{ps} 's removed ships",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::Removed),
    },
    Pattern {
        words: "{ps} 's ships",
        ty: Ty::Ships,
        build: |mut e| Expr::Ships(b(&mut e), ShipPlace::Colonies),
    },
    // Cards.
    Pattern {
        words: "{p} 's encounter card",
        ty: Ty::Card,
        build: |mut e| Expr::EncounterCard(b(&mut e)),
    },
    Pattern {
        words: "{s} 's encounter card",
        ty: Ty::Card,
        build: |mut e| Expr::EncounterCard(Box::new(Expr::MainOf(b(&mut e)))),
    },
    Pattern {
        words: "cards drawn",
        ty: Ty::Cards,
        build: |_| Expr::DrawnCards,
    },
    Pattern {
        words: "cards {p} gained this encounter",
        ty: Ty::Cards,
        build: |mut e| Expr::Gained(b(&mut e)),
    },
    Pattern {
        words: "{p} 's gifts this encounter",
        ty: Ty::Cards,
        build: |mut e| Expr::Gifts(b(&mut e)),
    },
    Pattern {
        words: "holder of {c}",
        ty: Ty::Player,
        build: |mut e| Expr::Holder(b(&mut e)),
    },
    Pattern {
        words: "cards {p} took this encounter",
        ty: Ty::Cards,
        build: |mut e| Expr::Took(b(&mut e)),
    },
    Pattern {
        words: "{p} 's hand",
        ty: Ty::Cards,
        build: |mut e| Expr::Hand(b(&mut e)),
    },
    Pattern {
        words: "top card of discard pile",
        ty: Ty::Card,
        build: |_| Expr::TopDiscard,
    },
    Pattern {
        words: "this card",
        ty: Ty::Card,
        build: |_| Expr::ThisCard,
    },
    Pattern {
        words: "agreed player",
        ty: Ty::Player,
        build: |_| Expr::AgreedPlayer,
    },
    Pattern {
        words: "that play targets {p} 's power",
        ty: Ty::Bool,
        build: |mut e| Expr::TargetsPower(b(&mut e)),
    },
    Pattern {
        words: "that tech 's research number",
        ty: Ty::Int,
        build: |_| Expr::SubjectResearch,
    },
    Pattern {
        words: "that number",
        ty: Ty::Int,
        build: |_| Expr::SubjectCount,
    },
    Pattern {
        words: "rewards 's cards",
        ty: Ty::Int,
        build: |_| Expr::RewardsTaken(true),
    },
    Pattern {
        words: "rewards 's ships",
        ty: Ty::Int,
        build: |_| Expr::RewardsTaken(false),
    },
    Pattern {
        words: "{p} 's ships lost this encounter",
        ty: Ty::Int,
        build: |mut e| Expr::LostThisEncounter(b(&mut e)),
    },
    Pattern {
        words: "agreed number",
        ty: Ty::Int,
        build: |_| Expr::AgreedNumber,
    },
    Pattern {
        words: "this flare",
        ty: Ty::Card,
        build: |_| Expr::ThisCard,
    },
    Pattern {
        words: "{ps} 's reinforcement cards",
        ty: Ty::Cards,
        build: |mut e| Expr::Reinforcements(b(&mut e)),
    },
    Pattern {
        words: "combined value of {cs}",
        ty: Ty::Int,
        build: |mut e| Expr::CombinedValue(b(&mut e)),
    },
    Pattern {
        words: "{cs} above {n}",
        ty: Ty::Cards,
        build: |mut e| {
            let cards = b(&mut e);
            Expr::Valued {
                cards,
                bound: b(&mut e),
                above: true,
            }
        },
    },
    Pattern {
        words: "{cs} except {cs}",
        ty: Ty::Cards,
        build: |mut e| {
            let all = b(&mut e);
            Expr::ExceptCards(Box::new(*all), b(&mut e))
        },
    },
    Pattern {
        words: "encounter cards of {cs}",
        ty: Ty::Cards,
        build: |mut e| Expr::OfType(b(&mut e), None),
    },
    Pattern {
        words: "cards of {t} in {cs}",
        ty: Ty::Cards,
        build: |mut e| {
            let t = b(&mut e);
            Expr::OfType(b(&mut e), Some(t))
        },
    },
    Pattern {
        words: "{t} cards of {cs}",
        ty: Ty::Cards,
        build: |mut e| {
            let t = b(&mut e);
            Expr::OfType(b(&mut e), Some(t))
        },
    },
    Pattern {
        words: "{cs} below {n}",
        ty: Ty::Cards,
        build: |mut e| {
            let cards = b(&mut e);
            Expr::Valued {
                cards,
                bound: b(&mut e),
                above: false,
            }
        },
    },
    Pattern {
        words: "{p} 's cards at {pl}",
        ty: Ty::Cards,
        build: |mut e| {
            let p = b(&mut e);
            Expr::OwnCardsBeside(p, b(&mut e))
        },
    },
    Pattern {
        words: "cards at all planets",
        ty: Ty::Cards,
        build: |_| Expr::AllCardsBeside,
    },
    Pattern {
        words: "cards at {pl}",
        ty: Ty::Cards,
        build: |mut e| Expr::CardsBeside(b(&mut e)),
    },
    Pattern {
        words: "cards on {p} 's sheet",
        ty: Ty::Cards,
        build: |mut e| Expr::CardsOnSheet(b(&mut e)),
    },
    // Planets.
    Pattern {
        words: "target planet",
        ty: Ty::Planet,
        build: |_| Expr::TargetPlanet,
    },
    Pattern {
        words: "that planet",
        ty: Ty::Planet,
        build: |_| Expr::SubjectPlanet,
    },
    Pattern {
        words: "landing players",
        ty: Ty::Players,
        build: |_| Expr::LandingPlayers,
    },
    Pattern {
        words: "{pl} 's place in its system",
        ty: Ty::Int,
        build: |mut e| Expr::PlanetPlace(b(&mut e)),
    },
    Pattern {
        words: "neighbours of {pl}",
        ty: Ty::Planets,
        build: |mut e| Expr::PlanetsNextTo(b(&mut e)),
    },
    Pattern {
        words: "{pls} without {ps} 's ships",
        ty: Ty::Planets,
        build: |mut e| {
            let planets = b(&mut e);
            Expr::PlanetsWithout(planets, b(&mut e))
        },
    },
    Pattern {
        words: "{pls} without {ps} 's tokens",
        ty: Ty::Planets,
        build: |mut e| {
            let planets = b(&mut e);
            Expr::PlanetsWithoutTokens(planets, b(&mut e))
        },
    },
    Pattern {
        words: "{pls} where {ps} outnumber {ps}",
        ty: Ty::Planets,
        build: |mut e| {
            let planets = b(&mut e);
            let more = b(&mut e);
            Expr::PlanetsOutnumbered(planets, more, b(&mut e))
        },
    },
    Pattern {
        words: "{pls} where {ps} 's ships reach {n}",
        ty: Ty::Planets,
        build: |mut e| {
            let planets = b(&mut e);
            let ships = b(&mut e);
            Expr::PlanetsReached(planets, ships, b(&mut e))
        },
    },
    Pattern {
        words: "{pls} holding most ships",
        ty: Ty::Planets,
        build: |mut e| Expr::PlanetsFullest(b(&mut e)),
    },
    Pattern {
        words: "{pls} except {pls}",
        ty: Ty::Planets,
        build: |mut e| {
            let all = b(&mut e);
            Expr::ExceptPlanets(all, b(&mut e))
        },
    },
    Pattern {
        words: "{pl} 's owner",
        ty: Ty::Player,
        build: |mut e| Expr::PlanetOwner(b(&mut e)),
    },
    Pattern {
        words: "{p} has its power",
        ty: Ty::Bool,
        build: |mut e| Expr::HasPower(b(&mut e)),
    },
    Pattern {
        words: "{ps} 's foreign colonies",
        ty: Ty::Planets,
        build: |mut e| Expr::ForeignColoniesOf(b(&mut e)),
    },
    Pattern {
        words: "{p} 's planets on sheet",
        ty: Ty::Int,
        build: |mut e| Expr::SheetPlanets(b(&mut e)),
    },
    Pattern {
        words: "{ps} 's home planets",
        ty: Ty::Planets,
        build: |mut e| Expr::HomePlanets(b(&mut e)),
    },
    Pattern {
        words: "{pls} include {pl}",
        ty: Ty::Bool,
        build: |mut e| {
            let planets = b(&mut e);
            Expr::Includes(planets, b(&mut e))
        },
    },
    Pattern {
        words: "{ps} 's home colonies",
        ty: Ty::Planets,
        build: |mut e| Expr::HomeColonies(b(&mut e)),
    },
    Pattern {
        words: "{ps} 's colonies",
        ty: Ty::Planets,
        build: |mut e| Expr::ColoniesOf(b(&mut e)),
    },
    Pattern {
        words: "all planets",
        ty: Ty::Planets,
        build: |_| Expr::AllPlanets,
    },
    Pattern {
        words: "cards in discard pile",
        ty: Ty::Cards,
        build: |_| Expr::DiscardPile,
    },
    Pattern {
        words: "revealed encounter cards",
        ty: Ty::Cards,
        build: |_| Expr::RevealedCards,
    },
    Pattern {
        words: "{c} 's type",
        ty: Ty::Type,
        build: |mut e| Expr::TypeOf(b(&mut e)),
    },
    Pattern {
        words: "{c} 's kind",
        ty: Ty::Kind,
        build: |mut e| Expr::KindOf(b(&mut e)),
    },
    Pattern {
        words: "{k} 's value",
        ty: Ty::Int,
        build: |mut e| Expr::KindValue(b(&mut e)),
    },
    Pattern {
        words: "attack",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Attack),
    },
    Pattern {
        words: "negotiate",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Negotiate),
    },
    Pattern {
        words: "morph",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Morph),
    },
    Pattern {
        words: "artifact",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Artifact),
    },
    // Eon's words for the same card types (the Complete Book's compromise and edict).
    Pattern {
        words: "compromise",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Negotiate),
    },
    Pattern {
        words: "edict",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Artifact),
    },
    Pattern {
        words: "flare",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Flare),
    },
    Pattern {
        words: "reinforcement",
        ty: Ty::Type,
        build: |_| Expr::Type(CardType::Reinforcement),
    },
    // What an ability answers or replaces.
    Pattern {
        words: "it",
        ty: Ty::Subject,
        build: |_| Expr::Subject,
    },
    Pattern {
        words: "them",
        ty: Ty::Subject,
        build: |_| Expr::Subject,
    },
    Pattern {
        words: "that use",
        ty: Ty::Subject,
        build: |_| Expr::Subject,
    },
    Pattern {
        words: "that power",
        ty: Ty::Subject,
        build: |_| Expr::Subject,
    },
    Pattern {
        words: "that reinforcement",
        ty: Ty::Subject,
        build: |_| Expr::Subject,
    },
    // Facts.
    Pattern {
        words: "{p} won encounter",
        ty: Ty::Bool,
        build: |mut e| Expr::Won(Box::new(Expr::SideOf(b(&mut e)))),
    },
    Pattern {
        words: "{s} won encounter",
        ty: Ty::Bool,
        build: |mut e| Expr::Won(b(&mut e)),
    },
    Pattern {
        words: "{p} lost encounter",
        ty: Ty::Bool,
        build: |mut e| Expr::Lost(Box::new(Expr::SideOf(b(&mut e)))),
    },
    Pattern {
        words: "{s} lost encounter",
        ty: Ty::Bool,
        build: |mut e| Expr::Lost(b(&mut e)),
    },
    Pattern {
        words: "deal failed",
        ty: Ty::Bool,
        build: |_| Expr::DealFailed,
    },
    Pattern {
        words: "{p} draws new hand",
        ty: Ty::Bool,
        build: |mut e| Expr::Renewing(b(&mut e)),
    },
    Pattern {
        words: "{p} draw new hand",
        ty: Ty::Bool,
        build: |mut e| Expr::Renewing(b(&mut e)),
    },
    Pattern {
        words: "{p} wins game",
        ty: Ty::Bool,
        build: |mut e| Expr::Winning(b(&mut e)),
    },
    Pattern {
        words: "{p} win game",
        ty: Ty::Bool,
        build: |mut e| Expr::Winning(b(&mut e)),
    },
    Pattern {
        words: "{p} collects compensation",
        ty: Ty::Bool,
        build: |mut e| Expr::Compensating(b(&mut e)),
    },
    Pattern {
        words: "{p} collect compensation",
        ty: Ty::Bool,
        build: |mut e| Expr::Compensating(b(&mut e)),
    },
    Pattern {
        words: "{s} invited {p}",
        ty: Ty::Bool,
        build: |mut e| {
            let side = b(&mut e);
            Expr::SideInvited(side, b(&mut e))
        },
    },
    Pattern {
        words: "deal was made",
        ty: Ty::Bool,
        build: |_| Expr::DealMade,
    },
    Pattern {
        words: "destiny card 's player",
        ty: Ty::Player,
        build: |_| Expr::DestinyPlayer,
    },
    Pattern {
        words: "color destiny card was drawn",
        ty: Ty::Bool,
        build: |_| Expr::DestinyColor,
    },
    Pattern {
        words: "encounter was replayed",
        ty: Ty::Bool,
        build: |_| Expr::EncounterReplayed,
    },
    Pattern {
        words: "wild destiny card was drawn",
        ty: Ty::Bool,
        build: |_| Expr::DestinyWild,
    },
    Pattern {
        words: "game uses four-planet variant",
        ty: Ty::Bool,
        build: |_| Expr::FourPlanets,
    },
    Pattern {
        words: "true",
        ty: Ty::Bool,
        build: |_| Expr::Bool(true),
    },
    Pattern {
        words: "false",
        ty: Ty::Bool,
        build: |_| Expr::Bool(false),
    },
];

/// Turns a reference's words into tokens: lower case, articles dropped, `my` as `me 's`,
/// `I` as `me`, possessives as `'s`.
pub fn tokens(words: &[(String, Option<&'static str>)]) -> Vec<String> {
    let mut out = Vec::new();
    for (w, link) in words {
        let lw = w.to_lowercase();
        match lw.as_str() {
            "the" | "a" | "an" => {}
            "my" => {
                out.push("me".to_string());
                out.push("'s".to_string());
            }
            "i" => out.push("me".to_string()),
            _ => out.push(lw),
        }
        if let Some(l) = link {
            out.push(l.to_string());
        }
    }
    out
}

/// A name bound in scope (`victim`, `player`, `helped side`).
#[derive(Clone, Debug)]
pub struct Bound {
    /// Its tokens.
    pub tokens: Vec<String>,
    /// Its slot.
    pub slot: u8,
    /// Its type.
    pub ty: Ty,
    /// What it stands for, when it names an item's `let` (a number or a reference), which
    /// may then stand inside another reference.
    pub value: Option<Expr>,
}

/// Resolves `toks` to an expression of a type fitting `want` (any type with `None`).
pub fn resolve(
    toks: &[String],
    want: Option<Ty>,
    scope: &[Bound],
    depth: u8,
) -> Option<(Expr, Ty)> {
    if toks.is_empty() || depth > 6 {
        return None;
    }
    let ok = |ty: Ty| want.is_none_or(|w| ty.fits(w));
    for bound in scope.iter().rev() {
        if bound.tokens == toks && ok(bound.ty) {
            let e = bound.value.clone().unwrap_or(Expr::Slot(bound.slot));
            return Some((e, bound.ty));
        }
    }
    for (p, pat) in PATTERNS.iter().zip(pattern_words()) {
        if !ok(p.ty) || !may_match(pat, toks) {
            continue;
        }
        if let Some(holes) = match_pattern(pat, toks, scope, depth) {
            return Some(((p.build)(holes), p.ty));
        }
    }
    None
}

/// The vocabulary pattern a reference reads as (the first that matches, as [`resolve`]
/// tries them), with the expression it makes; `None` for a name in scope or no pattern.
pub fn pattern_of(toks: &[String], scope: &[Bound]) -> Option<(&'static Pattern, Expr)> {
    if scope.iter().any(|b| b.tokens == toks) {
        return None;
    }
    PATTERNS
        .iter()
        .zip(pattern_words())
        .filter(|(_, pat)| may_match(pat, toks))
        .find_map(|(p, pat)| match_pattern(pat, toks, scope, 0).map(|h| (p, (p.build)(h))))
}

/// A pattern in a designer's words, each hole named by its type (`‹a side›'s total`).
pub fn pattern_words_with_holes(p: &Pattern) -> String {
    p.words
        .split(' ')
        .map(|w| match hole_ty(w) {
            Some(ty) => format!("‹{}›", ty.words()),
            None => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" 's", "'s")
}

/// Each pattern's words, split once: resolving tries every pattern for every reference.
fn pattern_words() -> &'static [Vec<&'static str>] {
    static WORDS: std::sync::OnceLock<Vec<Vec<&'static str>>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        PATTERNS
            .iter()
            .map(|p| p.words.split(' ').collect())
            .collect()
    })
}

/// A quick test before matching: each word of the pattern takes at least one token, and
/// literal words at either end must be there.
fn may_match(pat: &[&str], toks: &[String]) -> bool {
    let literal_fits = |w: Option<&&str>, t: Option<&String>| match w {
        Some(w) if hole_ty(w).is_none() => t.is_some_and(|t| t == w),
        _ => true,
    };
    pat.len() <= toks.len()
        && literal_fits(pat.first(), toks.first())
        && literal_fits(pat.last(), toks.last())
}

fn hole_ty(h: &str) -> Option<Ty> {
    match h {
        "{p}" => Some(Ty::Player),
        "{ps}" => Some(Ty::Players),
        "{s}" => Some(Ty::Side),
        "{c}" => Some(Ty::Card),
        "{t}" => Some(Ty::Type),
        "{k}" => Some(Ty::Kind),
        "{cs}" => Some(Ty::Cards),
        "{n}" => Some(Ty::Int),
        "{pl}" => Some(Ty::Planet),
        "{pls}" => Some(Ty::Planets),
        _ => None,
    }
}

fn match_pattern(pat: &[&str], toks: &[String], scope: &[Bound], depth: u8) -> Option<Vec<Expr>> {
    let Some((&first, rest)) = pat.split_first() else {
        return toks.is_empty().then(Vec::new);
    };
    match hole_ty(first) {
        None => {
            if toks.first().map(String::as_str) == Some(first) {
                match_pattern(rest, &toks[1..], scope, depth)
            } else {
                None
            }
        }
        Some(ty) => {
            for k in 1..=toks.len() {
                // The next literal must follow the hole; skip splits that cannot match.
                if let Some(next) = rest.first() {
                    if hole_ty(next).is_none() && toks.get(k).map(String::as_str) != Some(*next) {
                        continue;
                    }
                }
                let Some((e, _)) = resolve(&toks[..k], Some(ty), scope, depth + 1) else {
                    continue;
                };
                if let Some(mut more) = match_pattern(rest, &toks[k..], scope, depth) {
                    more.insert(0, e);
                    return Some(more);
                }
            }
            None
        }
    }
}

/// Every literal word of the vocabulary's patterns, for spelling suggestions.
pub fn words() -> Vec<String> {
    let mut out: Vec<String> = PATTERNS
        .iter()
        .flat_map(|p| p.words.split(' '))
        .filter(|w| !w.starts_with('{'))
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The patterns in the words a designer writes, for "did you mean" and help lines.
pub fn examples() -> Vec<String> {
    PATTERNS
        .iter()
        .map(|p| {
            p.words
                .replace("{ps} 's", "my")
                .replace("{p} 's", "my")
                .replace("{s} 's", "my side's")
                .replace("{c} 's", "my encounter card's")
                .replace("{t}", "negotiate")
                .replace("{k} 's", "claim's")
                .replace("{cs}", "attack cards in my hand")
                .replace("{n}", "my encounter card's value")
                .replace("{pls}", "all planets")
                .replace("{pl}", "target planet")
                .replace(" 's", "'s")
                .replace("{p}", "the defense")
                .replace("{s}", "my side")
                .replace("{c}", "my encounter card")
        })
        .collect()
}
