//! Deal terms: what the two main players may agree on after both reveal negotiates.
//! Cards move by name (only the giver can name its own cards), by type (the giver picks
//! which) or at random; each player may let the other establish one colony; and a main
//! player may add terms its own content offers (a power that can free ships from the warp
//! as part of a deal), each for a player and a number.
//!
//! Card text may have more players make one deal together (a group deal,
//! `DealRequest::parties`): its terms are gifts of cards from one party to another and
//! colonies one party lets another establish, as a deal between two allows, each pair at
//! most once each way; the two-player fields stay empty.

use crate::components::CardType;
use crate::event::Names;
use crate::ids::{CardId, PlanetId, PlayerId, Side};
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// Cards one player promises to give.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CardTransfer {
    /// Specific cards from the giver's hand.
    pub named: Vec<CardId>,
    /// A number of cards of a type, the giver choosing which.
    pub by_type: Vec<(CardType, u8)>,
    /// A number of cards taken at random from what remains.
    pub random: u8,
}

impl CardTransfer {
    /// Whether nothing is given.
    pub fn is_empty(&self) -> bool {
        self.named.is_empty() && self.by_type.iter().all(|&(_, n)| n == 0) && self.random == 0
    }

    /// How many cards change hands.
    pub fn count(&self) -> usize {
        self.named.len()
            + self.by_type.iter().map(|&(_, n)| n as usize).sum::<usize>()
            + self.random as usize
    }

    /// Whether `giver` can give exactly this from its current hand.
    pub fn fulfillable(&self, g: &GameState, giver: PlayerId) -> Result<(), String> {
        let hand = &g.players[giver.ix()].hand;
        for (i, c) in self.named.iter().enumerate() {
            if !hand.contains(c) {
                return Err(format!("card #{} is not in the giver's hand", c.0));
            }
            if self.named[..i].contains(c) {
                return Err("the same card is named twice".into());
            }
        }
        for &(t, _) in &self.by_type {
            // The same type may be listed more than once: its counts add up.
            let n: usize = self
                .by_type
                .iter()
                .filter(|&&(u, _)| u == t)
                .map(|&(_, n)| n as usize)
                .sum();
            let have = hand
                .iter()
                .filter(|&&c| g.kind(c).card_type() == t && !self.named.contains(&c))
                .count();
            if have < n {
                return Err(format!(
                    "the giver holds only {have} {} card{} besides the named ones",
                    t.name(),
                    if have == 1 { "" } else { "s" }
                ));
            }
        }
        if self.count() > hand.len() {
            return Err(format!(
                "{} card{} promised but the giver holds {}",
                self.count(),
                if self.count() == 1 { "" } else { "s" },
                hand.len()
            ));
        }
        Ok(())
    }

    fn describe(&self, names: &Names) -> String {
        let mut parts: Vec<String> = self
            .named
            .iter()
            .map(|&c| names.card(c).to_string())
            .collect();
        for &(t, n) in &self.by_type {
            if n > 0 {
                parts.push(format!(
                    "{n} {} card{}",
                    t.name(),
                    if n == 1 { "" } else { "s" }
                ));
            }
        }
        if self.random > 0 {
            parts.push(format!(
                "{} card{} at random",
                self.random,
                if self.random == 1 { "" } else { "s" }
            ));
        }
        parts.join(", ")
    }
}

/// A term content offers a main player for its deals (the content names and runs it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermOffer {
    /// The side whose main player may promise it.
    pub by: Side,
    /// Content's key for the term.
    pub term: u32,
    /// The term in words (the ability that offers it).
    pub name: String,
}

/// A content term in a deal: `by`'s main player does what the term says, for `player` and
/// `amount` (a term that needs no player or number ignores them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentTerm {
    /// The side whose main player promises it.
    pub by: Side,
    /// Content's key for the term (from its offer).
    pub term: u32,
    /// The term in words, as offered.
    pub name: String,
    /// The player the term is for.
    pub player: PlayerId,
    /// The number agreed (ships, cards...).
    pub amount: u8,
}

/// Cards one party of a group deal gives another.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gift {
    /// The giver.
    pub from: PlayerId,
    /// The receiver.
    pub to: PlayerId,
    /// What is given.
    pub cards: CardTransfer,
}

/// A colony one party of a group deal lets another establish on a planet where it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    /// The party whose colony is there.
    pub by: PlayerId,
    /// The party who establishes a colony.
    pub player: PlayerId,
    /// The planet.
    pub planet: PlanetId,
}

/// A complete deal between the offense and the defense (or, with `gifts` and `grants`, among
/// the parties of a group deal).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DealTerms {
    /// Cards the offense gives the defense.
    pub offense_gives: CardTransfer,
    /// Cards the defense gives the offense.
    pub defense_gives: CardTransfer,
    /// A planet where the defense has a colony, on which the offense may establish one.
    pub offense_colony: Option<PlanetId>,
    /// A planet where the offense has a colony, on which the defense may establish one.
    pub defense_colony: Option<PlanetId>,
    /// Terms offered by content, carried out after the cards and colonies.
    pub content: Vec<ContentTerm>,
    /// A group deal's cards, each from one party to another (left out when none, so the
    /// deals of two players read as they always did).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gifts: Vec<Gift>,
    /// A group deal's colonies, each let by one party to another.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
}

impl DealTerms {
    /// The transfer `side` promises.
    pub fn gives(&self, side: Side) -> &CardTransfer {
        match side {
            Side::Offense => &self.offense_gives,
            Side::Defense => &self.defense_gives,
        }
    }

    /// The planet on which `side` establishes a colony, if any.
    pub fn colony_for(&self, side: Side) -> Option<PlanetId> {
        match side {
            Side::Offense => self.offense_colony,
            Side::Defense => self.defense_colony,
        }
    }

    /// Checks that the terms are a legal deal proposed by `proposer` in the state `g`:
    /// something moves, nobody names cards it cannot see, and every promise can be kept.
    /// `offers` are the content terms the main players may promise.
    pub fn check(&self, g: &GameState, proposer: Side, offers: &[TermOffer]) -> Result<(), String> {
        if self.offense_gives.is_empty()
            && self.defense_gives.is_empty()
            && self.offense_colony.is_none()
            && self.defense_colony.is_none()
            && self.content.is_empty()
        {
            return Err("a deal must move at least one card or establish a colony".into());
        }
        if !self.gifts.is_empty() || !self.grants.is_empty() {
            return Err(
                "gifts and grants are the terms of a deal among more players: write what each side gives and where it establishes a colony".into(),
            );
        }
        for (i, t) in self.content.iter().enumerate() {
            if !offers
                .iter()
                .any(|o| o.by == t.by && o.term == t.term && o.name == t.name)
            {
                return Err(format!("the {} cannot promise `{}`", t.by, t.name));
            }
            if t.player.ix() >= g.player_count() {
                return Err(format!("`{}` is for a player not in the game", t.name));
            }
            if self.content[..i]
                .iter()
                .any(|u| u.by == t.by && u.term == t.term)
            {
                return Err(format!("`{}` is promised twice", t.name));
            }
        }
        if !self.gives(proposer.other()).named.is_empty() {
            return Err(
                "you cannot name cards in your opponent's hand: ask by type or at random".into(),
            );
        }
        for side in Side::BOTH {
            let Some(p) = g.main_player(side) else {
                return Err("there is no defense".into());
            };
            self.gives(side)
                .fulfillable(g, p)
                .map_err(|e| format!("the {side}'s cards: {e}"))?;
            if let Some(planet) = self.colony_for(side) {
                if !g.planet_exists(planet) {
                    return Err(format!(
                        "planet {} {} is not on the table",
                        planet.owner.0, planet.n
                    ));
                }
                let other = g.main_player(side.other()).unwrap_or(p);
                if g.ships_on(planet, other) == 0 {
                    return Err(format!(
                        "the {side} can only be let onto a planet where the {} has a colony",
                        side.other()
                    ));
                }
                if g.ships_on(planet, p) > 0 {
                    return Err(format!("the {side} already has a colony there"));
                }
                let available = g.ships_in_colonies(p)
                    + if side == Side::Offense {
                        g.encounter.gate[p.ix()] as u32
                    } else {
                        0
                    };
                if available == 0 {
                    return Err(format!("the {side} has no ship to establish a colony with"));
                }
            }
        }
        Ok(())
    }

    /// The terms in words.
    pub fn describe(&self, names: &Names) -> String {
        let mut parts = Vec::new();
        for side in Side::BOTH {
            let gives = self.gives(side);
            if !gives.is_empty() {
                parts.push(format!("{side} gives {}", gives.describe(names)));
            }
            if let Some(pl) = self.colony_for(side) {
                parts.push(format!(
                    "{side} establishes a colony on {}",
                    names.planet(pl)
                ));
            }
        }
        for gift in &self.gifts {
            parts.push(format!(
                "{} gives {} {}",
                names.player(gift.from),
                names.player(gift.to),
                gift.cards.describe(names)
            ));
        }
        for grant in &self.grants {
            parts.push(format!(
                "{} lets {} establish a colony on {}",
                names.player(grant.by),
                names.player(grant.player),
                names.planet(grant.planet)
            ));
        }
        for t in &self.content {
            parts.push(format!(
                "{} promises {} for {}, {}",
                t.by,
                t.name,
                names.player(t.player),
                t.amount
            ));
        }
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join("; ")
        }
    }
}

impl DealTerms {
    /// Checks that the terms are a legal group deal among `parties` (a mask of seats)
    /// proposed by `proposer` in the state `g`: something moves, every gift and colony is
    /// between two parties, each pair at most once each way, nobody names cards it cannot
    /// see, every party can give all it promises, and every colony is on a planet where the
    /// party letting it has a colony, for a party with none there and a ship to land.
    #[cold]
    #[inline(never)]
    pub fn check_group(
        &self,
        g: &GameState,
        proposer: PlayerId,
        parties: u16,
    ) -> Result<(), String> {
        if self.gifts.is_empty() && self.grants.is_empty() {
            return Err("a deal must move at least one card or establish a colony".into());
        }
        if !self.offense_gives.is_empty()
            || !self.defense_gives.is_empty()
            || self.offense_colony.is_some()
            || self.defense_colony.is_some()
            || !self.content.is_empty()
        {
            return Err(
                "a deal among more players is written as gifts and grants between players, not by side".into(),
            );
        }
        let party = |p: PlayerId| p.ix() < g.player_count() && parties & (1 << p.0) != 0;
        for (i, gift) in self.gifts.iter().enumerate() {
            if !party(gift.from) || !party(gift.to) {
                return Err("a gift goes from one party of the deal to another".into());
            }
            if gift.from == gift.to {
                return Err("a party cannot give cards to itself".into());
            }
            if gift.cards.is_empty() {
                return Err("a gift gives at least one card".into());
            }
            if gift.from != proposer && !gift.cards.named.is_empty() {
                return Err(
                    "you cannot name cards in another player's hand: ask by type or at random"
                        .into(),
                );
            }
            if self.gifts[..i]
                .iter()
                .any(|o| o.from == gift.from && o.to == gift.to)
            {
                return Err("the same player gives the same player twice".into());
            }
        }
        // What each giver promises in all must come out of its hand at once.
        for giver in g.seats() {
            let mut all = CardTransfer::default();
            for gift in self.gifts.iter().filter(|t| t.from == giver) {
                all.named.extend_from_slice(&gift.cards.named);
                all.by_type.extend_from_slice(&gift.cards.by_type);
                all.random = all.random.saturating_add(gift.cards.random);
            }
            if !all.is_empty() {
                all.fulfillable(g, giver)
                    .map_err(|e| format!("{}'s cards: {e}", g.players[giver.ix()].color.name()))?;
            }
        }
        for (i, grant) in self.grants.iter().enumerate() {
            if !party(grant.by) || !party(grant.player) || grant.by == grant.player {
                return Err("a colony is let by one party of the deal to another".into());
            }
            if self.grants[..i]
                .iter()
                .any(|o| o.player == grant.player && (o.by == grant.by || o.planet == grant.planet))
            {
                return Err("a party lets another establish one colony at most".into());
            }
            let planet = grant.planet;
            if !g.planet_exists(planet) {
                return Err(format!(
                    "planet {} {} is not on the table",
                    planet.owner.0, planet.n
                ));
            }
            if g.ships_on(planet, grant.by) == 0 {
                return Err(
                    "a player can only let others onto a planet where it has a colony".into(),
                );
            }
            if g.ships_on(planet, grant.player) > 0 {
                return Err("that player already has a colony there".into());
            }
            let p = grant.player;
            if g.ships_in_colonies(p) + g.encounter.gate[p.ix()] as u32 == 0 {
                return Err("that player has no ship to establish a colony with".into());
            }
        }
        Ok(())
    }
}
