//! Duel's part of the game state: plain data. Seats are the two players (`PlayerId(0)` and
//! `PlayerId(1)`); arrays indexed by seat hold one entry per player.

use super::components::{DestinyDeck, DuelCardKind, PrizeDef};
use crate::ids::PlayerId;
use crate::piles::Pile;
use serde::{Deserialize, Serialize};

/// One physical plan or reinforcement card of this game, an index into `DuelState::cards`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DuelCardId(pub u16);

/// One physical destiny card of this game, an index into `DuelState::destiny_cards`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DestinyCardId(pub u16);

/// A physical card: which definition it is and its kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelCard {
    /// Its kind and number.
    pub kind: DuelCardKind,
    /// The definition (for its name): an index into the plan decks of `origin`'s colour, or
    /// into the reinforcements.
    pub def: u16,
    /// The colour whose plan deck it started in (none for a reinforcement): a player may
    /// come to hold plans from the opponent's deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<PlayerId>,
}

/// A tactics token on a player's side of the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tactic {
    /// Index into the player's colour's tactics.
    pub def: u16,
    /// Laid face down, visible to both, unusable until readied.
    pub spent: bool,
}

/// An envoy in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envoy {
    /// Index into the components' envoys.
    pub def: u16,
    /// The player allied with it; none while neutral.
    pub ally: Option<PlayerId>,
    /// Whether it has been turned face up (it stays so when it turns neutral).
    pub face_up: bool,
}

/// A revealed planet between the players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelPlanet {
    /// Index into the components' planet tiles.
    pub tile: u16,
    /// Ships of each player on it.
    pub ships: [u8; 2],
    /// Whether it lies in the Warp (the Warplanet: only the player with more ships on it
    /// controls it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub warplanet: bool,
}

/// One player's side of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuelPlayer {
    /// Ships in the supply, ready to be sent.
    pub supply: u8,
    /// Cards in hand (hidden from the opponent).
    pub hand: Vec<DuelCardId>,
    /// The player's deck (plans, and reinforcements discarded to it) and its discard pile
    /// (public).
    pub deck: Pile<DuelCardId>,
    /// The tactics tokens, readied or spent.
    pub tactics: Vec<Tactic>,
    /// Cards the hand is discarded down to, or drawn up to.
    pub hand_limit: u8,
}

/// Where a fight stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FightKind {
    /// A duel over a planet (an index into `DuelState::planets`).
    Duel {
        /// The planet.
        planet: u16,
        /// The ship advantage printed on the destiny card.
        advantage: i16,
    },
    /// A contest: plans only.
    Contest,
}

/// A reinforcement on the table: the card, the player whose clout it changes, who played it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The card.
    pub card: DuelCardId,
    /// Whose clout it changes (and whose discard pile it goes to).
    pub on: PlayerId,
    /// Who played it.
    pub by: PlayerId,
}

/// The duel or contest under way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    /// A duel (where, with what advantage) or a contest.
    pub kind: FightKind,
    /// The prize, for a duel whose card prints one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prize: Option<PrizeDef>,
    /// Each player's chosen plan, face down until revealed.
    pub plans: [Option<DuelCardId>; 2],
    /// Whether the plans are face up.
    pub revealed: bool,
    /// Each player's revealed tactic (token index and half), while being resolved.
    pub tactics: [Option<(u16, u8)>; 2],
    /// Reinforcements played, in order.
    pub reinforcements: Vec<Played>,
    /// Each player's total clout, once determined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clout: Option<[i32; 2]>,
    /// The winner, once known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<PlayerId>,
}

impl Fight {
    /// A fight of `kind` about to begin: nothing chosen, revealed or played yet.
    pub fn new(kind: FightKind, prize: Option<PrizeDef>) -> Fight {
        Fight {
            kind,
            prize,
            plans: [None, None],
            revealed: false,
            tactics: [None, None],
            reinforcements: Vec::new(),
            clout: None,
            winner: None,
        }
    }
}

/// Duel's whole part of the state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuelState {
    /// Each player's side of the table, by seat.
    pub players: [DuelPlayer; 2],
    /// The card table: one entry per physical plan or reinforcement card.
    pub cards: Vec<DuelCard>,
    /// The reinforcement deck (gained cards go to hands; played ones to players' discard
    /// piles, so its discard pile stays empty).
    pub reinforcements: Pile<DuelCardId>,
    /// The destiny card table: one entry per destiny card, an index into the components'.
    pub destiny_cards: Vec<u16>,
    /// The discovery, event and refresh decks (draw piles; their shared discard pile is
    /// `past`).
    pub destiny: [Vec<DestinyCardId>; 3],
    /// The past: every destiny card drawn, face up, the last on top.
    pub past: Vec<DestinyCardId>,
    /// The deck the next destiny card is drawn from.
    pub next: DestinyDeck,
    /// The planet stack, face down (indexes into the components' tiles).
    pub planet_stack: Vec<u16>,
    /// The planets revealed, in the order they were discovered.
    pub planets: Vec<DuelPlanet>,
    /// The envoys in play.
    pub envoys: Vec<Envoy>,
    /// The envoys of each icon deck not in play.
    pub envoy_decks: [Vec<u16>; 3],
    /// The leader (the other player is the straggler and holds its token).
    pub leader: PlayerId,
    /// The duel or contest under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fight: Option<Fight>,
}

impl DuelState {
    /// The other player.
    #[inline]
    pub fn opponent(p: PlayerId) -> PlayerId {
        PlayerId(1 - p.0)
    }

    /// The straggler.
    pub fn straggler(&self) -> PlayerId {
        Self::opponent(self.leader)
    }

    /// The planet under duel now, if any: controlled by neither player until the duel ends.
    pub fn dueled_planet(&self) -> Option<u16> {
        match self.fight.as_ref()?.kind {
            FightKind::Duel { planet, .. } => Some(planet),
            FightKind::Contest => None,
        }
    }

    /// Whether `p` controls planet `i`: a ship there, unless it is being dueled over; on the
    /// Warplanet, more ships there than the opponent.
    pub fn controls(&self, p: PlayerId, i: usize) -> bool {
        let planet = &self.planets[i];
        if self.dueled_planet() == Some(i as u16) {
            return false;
        }
        let mine = planet.ships[p.ix()];
        match planet.warplanet {
            true => mine > planet.ships[Self::opponent(p).ix()],
            false => mine > 0,
        }
    }

    /// How many planets `p` controls.
    pub fn controlled(&self, p: PlayerId) -> usize {
        (0..self.planets.len())
            .filter(|&i| self.controls(p, i))
            .count()
    }

    /// `p`'s allied envoys.
    pub fn allies_of(&self, p: PlayerId) -> impl Iterator<Item = usize> + '_ {
        (self.envoys.iter().enumerate())
            .filter(move |(_, e)| e.ally == Some(p))
            .map(|(i, _)| i)
    }

    /// Ships of `p` on planets.
    pub fn ships_on_planets(&self, p: PlayerId) -> u32 {
        self.planets.iter().map(|pl| pl.ships[p.ix()] as u32).sum()
    }

    /// Every card's place is one: a hand, a deck or discard pile, the reinforcement deck, or
    /// the fight. Returns the first problem found.
    pub fn check_cards(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.cards.len()];
        let mut mark = |c: &DuelCardId| {
            if let Some(n) = seen.get_mut(c.0 as usize) {
                *n += 1;
            }
        };
        for pl in &self.players {
            pl.hand.iter().for_each(&mut mark);
            pl.deck.draw.iter().for_each(&mut mark);
            pl.deck.discard.iter().for_each(&mut mark);
        }
        self.reinforcements.draw.iter().for_each(&mut mark);
        self.reinforcements.discard.iter().for_each(&mut mark);
        if let Some(f) = &self.fight {
            f.plans.iter().flatten().for_each(&mut mark);
            f.reinforcements.iter().for_each(|r| mark(&r.card));
        }
        match seen.iter().position(|&n| n != 1) {
            Some(c) => Err(format!("Duel card {c} is in {} places, not one", seen[c])),
            None => Ok(()),
        }
    }
}
