//! Duel's events and the rule-book sections behind them, their text, and what each seat may
//! read of them.

use super::components::DuelComponents;
use super::state::{DestinyCardId, DuelCardId, DuelState};
use crate::event::Names;
use crate::ids::PlayerId;
use crate::secrecy::Fields;
use serde::{Deserialize, Serialize};

/// The section of the Duel rule book behind an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuelRule {
    Setup,
    DetermineStraggler,
    OpeningHands,
    Destiny,
    Winning,
    SetDials,
    RevealDials,
    RevealEnvoys,
    ChoosePlans,
    Tactics,
    CheckShips,
    RevealPlans,
    Reinforcements,
    DetermineWinner,
    Prize,
    Cleanup,
    Contest,
    LeaderStraggler,
    HandLimit,
    EmptyDeck,
    Envoys,
}

impl DuelRule {
    /// Where the rule is written, for the log.
    pub fn source(self) -> &'static str {
        match self {
            DuelRule::Setup => "Duel: Setup",
            DuelRule::DetermineStraggler => "Duel: Setup 5, Determine the Straggler",
            DuelRule::OpeningHands => "Duel: Setup 6, Draw Opening Hands",
            DuelRule::Destiny => "Duel: Playing the Game",
            DuelRule::Winning => "Duel: Winning the Game",
            DuelRule::SetDials => "Duel: Steps of a Duel 1, Set Dials",
            DuelRule::RevealDials => "Duel: Steps of a Duel 2, Reveal Dials",
            DuelRule::RevealEnvoys => "Duel: Reveal Facedown Envoys",
            DuelRule::ChoosePlans => "Duel: Choose Plans & Tactics",
            DuelRule::Tactics => "Duel: Steps of a Duel 5, Reveal & Resolve Tactics",
            DuelRule::CheckShips => "Duel: Steps of a Duel 6, Check for Ships",
            DuelRule::RevealPlans => "Duel: Reveal Plans",
            DuelRule::Reinforcements => "Duel: Reinforcements",
            DuelRule::DetermineWinner => "Duel: Determine Winner",
            DuelRule::Prize => "Duel: Steps of a Duel 10, Resolve Prize",
            DuelRule::Cleanup => "Duel: Cleanup",
            DuelRule::Contest => "Duel: Contests",
            DuelRule::LeaderStraggler => "Duel: The Leader and the Straggler",
            DuelRule::HandLimit => "Duel: Enforcing the Hand Limit",
            DuelRule::EmptyDeck => "Duel: Having Zero Cards in Deck",
            DuelRule::Envoys => "Duel: Becoming Allied",
        }
    }
}

/// How a fight was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WonBy {
    /// Only the winner had ships left on the planet.
    Ships,
    /// Higher total clout.
    Clout,
    /// Equal clout: the straggler wins ties.
    Tie,
    /// An ability decided the fight at once.
    Ability,
}

/// A change to Duel's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "duel", rename_all = "kebab-case")]
pub enum DuelEvent {
    /// Setup: a player turns up the top card of its plan deck.
    TopPlanRevealed { player: PlayerId, card: DuelCardId },
    /// The leader (the other player is the straggler).
    LeaderChosen { leader: PlayerId },
    /// An envoy is placed face down and neutral between the players.
    EnvoyPlaced { envoy: u16 },
    /// A card drawn from a player's deck into its hand.
    CardDrawn { player: PlayerId, card: DuelCardId },
    /// A reinforcement gained from the reinforcement deck.
    ReinforcementGained { player: PlayerId, card: DuelCardId },
    /// A player's discard pile is shuffled into a new deck.
    DeckShuffled { player: PlayerId, cards: u16 },
    /// A card goes to a player's discard pile (face up: discard piles are public).
    CardDiscarded { player: PlayerId, card: DuelCardId },
    /// A destiny card is drawn and put face up in the past.
    DestinyDrawn { card: DestinyCardId },
    /// A destiny deck ran dry: its cards in the past are shuffled back into it.
    DestinyReshuffled {
        deck: super::DestinyDeck,
        cards: u16,
    },
    /// A planet is discovered.
    PlanetDiscovered { planet: u16, tile: u16 },
    /// A duel over a planet starts.
    DuelStarted { planet: u16, advantage: i16 },
    /// A contest starts.
    ContestStarted,
    /// Both dials are revealed together.
    DialsRevealed { dials: [u8; 2] },
    /// Ships sent from the supply to a planet.
    ShipsSent {
        player: PlayerId,
        count: u8,
        planet: u16,
    },
    /// Ships destroyed: from a planet to the Warp.
    ShipsDestroyed {
        player: PlayerId,
        count: u8,
        planet: u16,
    },
    /// Ships retreated from a planet to the supply.
    ShipsRetreated {
        player: PlayerId,
        count: u8,
        planet: u16,
    },
    /// A facedown allied envoy turned face up.
    EnvoyRevealed { player: PlayerId, envoy: u16 },
    /// A player's plan (and tactic, in a duel) is chosen face down.
    PlanChosen { player: PlayerId },
    /// Both tactics revealed together: token and half, by seat.
    TacticsRevealed { tactics: [Option<(u16, u8)>; 2] },
    /// A spent tactic is readied.
    TacticReadied { player: PlayerId, token: u16 },
    /// A played tactic is spent.
    TacticSpent { player: PlayerId, token: u16 },
    /// No ships are left on the planet: plans are discarded and the duel starts again.
    DuelRestarted,
    /// Both plans are revealed together.
    PlansRevealed { plans: [DuelCardId; 2] },
    /// A reinforcement played on a player's clout.
    ReinforcementPlayed {
        player: PlayerId,
        card: DuelCardId,
        on: PlayerId,
    },
    /// A player passes its chance to play a reinforcement.
    Passed { player: PlayerId },
    /// Each player's total clout; who had the ship advantage.
    CloutDetermined {
        clout: [i32; 2],
        advantage: Option<PlayerId>,
    },
    /// The fight's winner.
    FightWon { winner: PlayerId, by: WonBy },
    /// A player resolves the duel's prize.
    PrizeResolved { player: PlayerId, prize: String },
    /// The winner of a contest resolves the card's contest effect.
    ContestEffect { player: PlayerId },
    /// The straggler controls more planets: the roles swap.
    RolesSwapped { leader: PlayerId },
    /// An envoy's alliance changes (none: neutral).
    FriendshipChanged { envoy: u16, ally: Option<PlayerId> },
    /// A player must send ships with none in its supply: it loses.
    EmptySupply { player: PlayerId },
}

impl DuelEvent {
    /// Whether the event may change a player's holdings (hand, envoys) as the hooks see them.
    pub fn touches_holdings(&self) -> bool {
        !matches!(
            self,
            DuelEvent::DialsRevealed { .. }
                | DuelEvent::ShipsSent { .. }
                | DuelEvent::ShipsDestroyed { .. }
                | DuelEvent::ShipsRetreated { .. }
                | DuelEvent::CloutDetermined { .. }
        )
    }
}

fn s(n: impl Into<u32>) -> &'static str {
    if n.into() == 1 {
        ""
    } else {
        "s"
    }
}

impl Names<'_> {
    fn duel_state(&self) -> Option<&DuelState> {
        self.state.duel.as_deref()
    }

    fn duel_components(&self) -> &DuelComponents {
        &self.components.duel
    }

    /// A Duel card's name and number (`Sinister 13`).
    pub fn duel_card(&self, c: DuelCardId) -> String {
        let Some(card) = self.duel_state().and_then(|d| d.cards.get(c.0 as usize)) else {
            return format!("card {}", c.0);
        };
        let comps = self.duel_components();
        let defs = match card.origin {
            Some(p) => &comps.plans[p.ix()],
            None => &comps.reinforcements,
        };
        let name = defs.get(card.def as usize).map_or("?", |d| d.name.as_str());
        match card.kind {
            super::DuelCardKind::Plan(v) => format!("{name} \"{v:02}\""),
            super::DuelCardKind::Reinforcement(v) => format!("{name} \"{v:+03}\""),
        }
    }

    /// A destiny card's title.
    pub fn duel_destiny(&self, d: DestinyCardId) -> String {
        let def = self
            .duel_state()
            .and_then(|s| s.destiny_cards.get(d.0 as usize))
            .and_then(|&i| self.duel_components().destiny.get(i as usize));
        def.map_or_else(|| format!("destiny card {}", d.0), |d| d.name.clone())
    }

    /// A revealed planet's name.
    pub fn duel_planet(&self, i: u16) -> String {
        let tile = self
            .duel_state()
            .and_then(|s| s.planets.get(i as usize))
            .map(|p| p.tile);
        self.duel_tile(tile.unwrap_or(u16::MAX))
    }

    fn duel_tile(&self, tile: u16) -> String {
        (self.duel_components().planets.get(tile as usize))
            .map_or_else(|| format!("planet {tile}"), |t| t.name.clone())
    }

    /// An envoy's name.
    pub fn envoy(&self, e: u16) -> String {
        (self.duel_components().envoys.get(e as usize))
            .map_or_else(|| format!("envoy {e}"), |d| d.name.clone())
    }

    /// A tactics token's half in words (`Shield 2`).
    pub fn tactic(&self, p: PlayerId, token: u16, half: u8) -> String {
        let def = (self.duel_components().tactics.get(p.ix())).and_then(|t| t.get(token as usize));
        match def.map(|d| d.halves[half as usize & 1]) {
            Some(super::TacticHalf::Blast(v)) => format!("Blast {v}"),
            Some(super::TacticHalf::Shield(v)) => format!("Shield {v}"),
            Some(super::TacticHalf::Recover(v)) => format!("Recover {v}"),
            None => format!("tactic {token}"),
        }
    }

    /// A Duel event in words.
    pub fn duel_event(&self, e: &DuelEvent) -> String {
        let who = |p: &PlayerId| self.player(*p);
        match e {
            DuelEvent::TopPlanRevealed { player, card } => {
                format!("{} turns up {}", who(player), self.duel_card(*card))
            }
            DuelEvent::LeaderChosen { leader } => format!(
                "{} is the leader, {} the straggler",
                who(leader),
                who(&DuelState::opponent(*leader))
            ),
            DuelEvent::EnvoyPlaced { envoy } => {
                format!("{} is placed face down, neutral", self.envoy(*envoy))
            }
            DuelEvent::CardDrawn { player, card } => {
                format!("{} draws {}", who(player), self.duel_card(*card))
            }
            DuelEvent::ReinforcementGained { player, card } => {
                format!("{} gains {}", who(player), self.duel_card(*card))
            }
            DuelEvent::DeckShuffled { player, cards } => format!(
                "{} shuffles {cards} discarded card{} into a new deck",
                who(player),
                s(*cards)
            ),
            DuelEvent::CardDiscarded { player, card } => {
                format!("{} discards {}", who(player), self.duel_card(*card))
            }
            DuelEvent::DestinyDrawn { card } => {
                format!("destiny: {}", self.duel_destiny(*card))
            }
            DuelEvent::DestinyReshuffled { deck, cards } => format!(
                "the {} deck is empty: its {cards} card{} in the past are shuffled back",
                deck.name(),
                s(*cards)
            ),
            DuelEvent::PlanetDiscovered { tile, .. } => {
                format!("{} is discovered", self.duel_tile(*tile))
            }
            DuelEvent::DuelStarted { planet, advantage } => format!(
                "duel over {} (ship advantage {advantage:+})",
                self.duel_planet(*planet)
            ),
            DuelEvent::ContestStarted => "contest".into(),
            DuelEvent::DialsRevealed { dials } => format!(
                "dials revealed: {} {}, {} {}",
                who(&PlayerId(0)),
                dials[0],
                who(&PlayerId(1)),
                dials[1]
            ),
            DuelEvent::ShipsSent {
                player,
                count,
                planet,
            } => format!(
                "{} sends {count} ship{} to {}",
                who(player),
                s(*count),
                self.duel_planet(*planet)
            ),
            DuelEvent::ShipsDestroyed {
                player,
                count,
                planet,
            } => format!(
                "{count} of {}'s ships on {} are destroyed (to the Warp)",
                who(player),
                self.duel_planet(*planet)
            ),
            DuelEvent::ShipsRetreated {
                player,
                count,
                planet,
            } => format!(
                "{} retreats {count} ship{} from {}",
                who(player),
                s(*count),
                self.duel_planet(*planet)
            ),
            DuelEvent::EnvoyRevealed { player, envoy } => {
                format!("{} reveals its envoy {}", who(player), self.envoy(*envoy))
            }
            DuelEvent::PlanChosen { player } => {
                format!("{} chooses face down", who(player))
            }
            DuelEvent::TacticsRevealed { tactics } => {
                let t = |p: PlayerId| match tactics[p.ix()] {
                    Some((token, half)) => self.tactic(p, token, half),
                    None => "no tactic (all spent)".into(),
                };
                format!(
                    "tactics revealed: {} {}, {} {}",
                    who(&PlayerId(0)),
                    t(PlayerId(0)),
                    who(&PlayerId(1)),
                    t(PlayerId(1))
                )
            }
            DuelEvent::TacticReadied { player, token } => {
                format!("{} readies tactic {}", who(player), token + 1)
            }
            DuelEvent::TacticSpent { player, token } => {
                format!("{}'s tactic {} is spent", who(player), token + 1)
            }
            DuelEvent::DuelRestarted => {
                "no ships are left on the planet: the duel starts again".into()
            }
            DuelEvent::PlansRevealed { plans } => format!(
                "plans revealed: {} {}, {} {}",
                who(&PlayerId(0)),
                self.duel_card(plans[0]),
                who(&PlayerId(1)),
                self.duel_card(plans[1])
            ),
            DuelEvent::ReinforcementPlayed { player, card, on } => format!(
                "{} plays {} on {}'s clout",
                who(player),
                self.duel_card(*card),
                who(on)
            ),
            DuelEvent::Passed { player } => format!("{} passes", who(player)),
            DuelEvent::CloutDetermined { clout, advantage } => format!(
                "clout: {} {}, {} {}{}",
                who(&PlayerId(0)),
                clout[0],
                who(&PlayerId(1)),
                clout[1],
                match advantage {
                    Some(p) => format!(" ({} has the ship advantage)", who(p)),
                    None => String::new(),
                }
            ),
            DuelEvent::FightWon { winner, by } => format!(
                "{} wins{}",
                who(winner),
                match by {
                    WonBy::Ships => " (only its ships are left)",
                    WonBy::Clout => "",
                    WonBy::Tie => " (the straggler wins ties)",
                    WonBy::Ability => " outright",
                }
            ),
            DuelEvent::PrizeResolved { player, prize } => {
                format!("{} resolves the {prize}", who(player))
            }
            DuelEvent::ContestEffect { player } => {
                format!("{} resolves the contest effect", who(player))
            }
            DuelEvent::RolesSwapped { leader } => format!(
                "{} becomes the leader, {} the straggler",
                who(leader),
                who(&DuelState::opponent(*leader))
            ),
            DuelEvent::FriendshipChanged { envoy, ally } => match ally {
                Some(p) => format!("{} allies with {}", self.envoy(*envoy), who(p)),
                None => format!("{} becomes neutral", self.envoy(*envoy)),
            },
            DuelEvent::EmptySupply { player } => format!(
                "{} must send ships but has none in its supply: it loses",
                who(player)
            ),
        }
    }

    /// A Duel event with its `hidden` fields left out.
    pub(crate) fn duel_concealed(&self, e: &DuelEvent) -> String {
        let who = |p: &PlayerId| self.player(*p);
        match e {
            DuelEvent::CardDrawn { player, .. } => format!("{} draws a card", who(player)),
            DuelEvent::ReinforcementGained { player, .. } => {
                format!("{} gains a reinforcement", who(player))
            }
            DuelEvent::EnvoyPlaced { .. } => "an envoy is placed face down, neutral".into(),
            DuelEvent::FriendshipChanged { ally, .. } => match ally {
                Some(p) => format!("a face-down envoy allies with {}", who(p)),
                None => "a face-down envoy becomes neutral".into(),
            },
            _ => String::new(),
        }
    }
}

/// The fields of a Duel event's JSON that name what `viewer` may not see.
pub(crate) fn hidden_fields(
    e: &DuelEvent,
    state: &crate::state::GameState,
    viewer: PlayerId,
) -> Fields {
    let envoy_unseen = |envoy: &u16| {
        let d = state.duel.as_deref();
        let face_up = d
            .and_then(|d| d.envoys.iter().find(|x| x.def == *envoy))
            .is_some_and(|x| x.face_up || x.ally == Some(viewer));
        !face_up
    };
    match e {
        DuelEvent::CardDrawn { player, .. } | DuelEvent::ReinforcementGained { player, .. }
            if *player != viewer =>
        {
            &["card"]
        }
        DuelEvent::EnvoyPlaced { envoy } if envoy_unseen(envoy) => &["envoy"],
        DuelEvent::FriendshipChanged { envoy, .. } if envoy_unseen(envoy) => &["envoy"],
        _ => &[],
    }
}
