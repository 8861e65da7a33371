//! Cosmic Encounter Duel: the two-player edition as its own procedure on the edition seam.
//!
//! A Duel game is a chain of destiny cards, not of turns: each "turn" of the core's loop is
//! one destiny card (the win check and the hand limit before it, then the card drawn from
//! the deck the last card named, put in the past and resolved). Discovery cards discover a
//! planet and hold a duel there (`fight.rs`); event cards hold duels or contests; refresh
//! cards are card text. Duel keeps its own part of the state (`state.rs`: supplies, the
//! planets between the players, plan decks, tactics, envoys, the destiny decks and the
//! past), its components (`components.rs`) and its events (`event.rs`), and shares the
//! core's decisions (secret choices go through `Game::ask_together`), RNG, log, secrecy
//! and invariants.

pub mod components;
pub mod event;
mod fight;
mod friendship;
pub mod state;
mod tactics;
pub mod view;

pub use components::{
    DestinyCardDef, DestinyDeck, DestinyEffect, DuelCardDef, DuelCardKind, DuelComponents,
    EnvoyDef, PlanetTileDef, PrizeDef, PrizeTaker, TacticDef, TacticHalf,
};
pub use event::{DuelEvent, DuelRule, WonBy};
pub use state::{
    DestinyCardId, DuelCard, DuelCardId, DuelPlanet, DuelPlayer, DuelState, Envoy, Fight,
    FightKind, Played, Tactic,
};
pub use tactics::{resolve_blasts, Blasts};

use crate::decision::{Choice, DecisionKind, Request};
use crate::event::{EventKind, Rule};
use crate::game::{Flow, Game, GameError, Setup, Stop};
use crate::ids::{Color, PlayerId};
use crate::piles::Pile;
use crate::procedure::Procedure;
use crate::state::GameState;
use rand::seq::SliceRandom;
use rand::Rng;

/// The default hand limit.
pub const HAND_LIMIT: u8 = 6;
/// Ships each player owns.
pub const SHIPS: u8 = 20;
/// Ships each player puts in the Warp at setup.
pub const SHIPS_IN_WARP: u8 = 5;
/// Planets controlled that win the game.
pub const PLANETS_TO_WIN: usize = 5;
/// The most ships a dial sends.
pub const MAX_DIAL: u8 = 4;
/// The players' colours, by seat.
pub const COLOURS: [Color; 2] = [Color::Orange, Color::Blue];

/// Duel's procedure: a destiny card per turn of the core's loop.
pub struct Duels;

impl Procedure for Duels {
    fn play_turn(&self, game: &mut Game<'_>) -> Flow {
        game.play_destiny()
    }

    fn next_player(&self, state: &GameState) -> PlayerId {
        // No turn order: the "offense" of the core's loop stays the leader.
        state.duel.as_deref().map_or(PlayerId(0), |d| d.leader)
    }

    fn winners(&self, game: &Game<'_>) -> Vec<PlayerId> {
        let Some(d) = game.state.duel.as_deref() else {
            return Vec::new();
        };
        (0..2)
            .map(PlayerId)
            .filter(|&p| d.controlled(p) >= PLANETS_TO_WIN)
            .collect()
    }

    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        2..=2
    }

    fn initial_state(
        &self,
        setup: &Setup,
        components: &crate::components::Components,
        rules: crate::edition::Rules,
    ) -> Result<GameState, GameError> {
        initial_state(setup, components, rules)
    }

    fn deal_setup(&self, game: &mut Game<'_>, _prepared: &crate::game::Prepared) -> Flow {
        game.duel_setup()
    }

    fn check(
        &self,
        state: &GameState,
        _components: &crate::components::Components,
    ) -> Result<(), String> {
        check(state)
    }
}

/// Duel's invariants: every ship in one place, every card in one place, at most one allied
/// envoy per player outside a friendship change.
fn check(state: &GameState) -> Result<(), String> {
    let Some(d) = state.duel.as_deref() else {
        return Err("a Duel game without Duel state".into());
    };
    for p in [PlayerId(0), PlayerId(1)] {
        let total = d.players[p.ix()].supply as u32
            + state.players[p.ix()].warp as u32
            + d.ships_on_planets(p);
        if total != SHIPS as u32 {
            return Err(format!(
                "{} has {total} ships somewhere, not {SHIPS}",
                state.players[p.ix()].color
            ));
        }
    }
    d.check_cards()?;
    for (i, t) in d.destiny_cards.iter().enumerate() {
        let id = DestinyCardId(i as u16);
        let places = d.past.iter().filter(|&&c| c == id).count()
            + d.destiny.iter().flatten().filter(|&&c| c == id).count();
        if places != 1 {
            return Err(format!("destiny card {t} is in {places} places"));
        }
    }
    Ok(())
}

/// The state before anything is shuffled or dealt: two players, their ships in supply and
/// Warp, the cards in their decks in component order.
fn initial_state(
    setup: &Setup,
    components: &crate::components::Components,
    rules: crate::edition::Rules,
) -> Result<GameState, GameError> {
    let comps = &components.duel;
    if let Some(why) = comps.unplayable() {
        return Err(GameError::Setup(format!(
            "the Duel components cannot start a game: {why}"
        )));
    }
    let mut cards = Vec::new();
    let mut decks: [Vec<DuelCardId>; 2] = Default::default();
    for (seat, deck) in decks.iter_mut().enumerate() {
        for (def, d) in comps.plans[seat].iter().enumerate() {
            for _ in 0..d.count {
                deck.push(DuelCardId(cards.len() as u16));
                cards.push(DuelCard {
                    kind: d.kind,
                    def: def as u16,
                    origin: Some(PlayerId(seat as u8)),
                });
            }
        }
    }
    let mut reinforcements = Vec::new();
    for (def, d) in comps.reinforcements.iter().enumerate() {
        for _ in 0..d.count {
            reinforcements.push(DuelCardId(cards.len() as u16));
            cards.push(DuelCard {
                kind: d.kind,
                def: def as u16,
                origin: None,
            });
        }
    }
    let mut destiny: [Vec<DestinyCardId>; 3] = Default::default();
    for (i, d) in comps.destiny.iter().enumerate() {
        destiny[d.deck.ix()].push(DestinyCardId(i as u16));
    }
    let mut envoy_decks: [Vec<u16>; 3] = Default::default();
    for (i, e) in comps.envoys.iter().enumerate() {
        if let Some(deck) = envoy_decks.get_mut(e.deck as usize) {
            deck.push(i as u16);
        }
    }
    let [orange, blue] = decks;
    let side = |deck: Vec<DuelCardId>, seat: usize| DuelPlayer {
        supply: SHIPS - SHIPS_IN_WARP,
        hand: Vec::with_capacity(HAND_LIMIT as usize + 2),
        deck: Pile {
            draw: deck,
            discard: Vec::new(),
        },
        tactics: (0..comps.tactics[seat].len() as u16)
            .map(|def| Tactic { def, spent: false })
            .collect(),
        hand_limit: HAND_LIMIT,
    };
    let duel = DuelState {
        players: [side(orange, 0), side(blue, 1)],
        cards,
        reinforcements: Pile {
            draw: reinforcements,
            discard: Vec::new(),
        },
        destiny_cards: (0..comps.destiny.len() as u16).collect(),
        destiny,
        past: Vec::new(),
        next: DestinyDeck::Discovery,
        planet_stack: (0..comps.planets.len() as u16).collect(),
        planets: Vec::new(),
        envoys: Vec::new(),
        envoy_decks,
        leader: PlayerId(0),
        fight: None,
    };
    let players = COLOURS
        .iter()
        .map(|&color| crate::state::Player::new(color, SHIPS_IN_WARP))
        .collect();
    let _ = setup;
    Ok(GameState {
        duel: Some(Box::new(duel)),
        ..GameState::empty(rules, players)
    })
}

impl Game<'_> {
    /// Duel's part of the state (a Duel game always has one: `initial_state` made it).
    pub(crate) fn duel(&self) -> &DuelState {
        self.state
            .duel
            .as_deref()
            .expect("a Duel game has Duel state")
    }

    /// Duel's part of the state, to change.
    pub(crate) fn duel_mut(&mut self) -> &mut DuelState {
        self.state
            .duel
            .as_deref_mut()
            .expect("a Duel game has Duel state")
    }

    /// Records a Duel event.
    pub(crate) fn emit_duel(&mut self, rule: DuelRule, e: DuelEvent) {
        self.emit(Rule::Duel(rule), EventKind::Duel(e));
    }

    /// Setup's steps after the components are laid out: shuffles, envoys, the leader and the
    /// opening hands (Setup 1-6); the first discovery card is the first turn's.
    fn duel_setup(&mut self) -> Flow {
        let mut d = self.state.duel.take().expect("a Duel game has Duel state");
        for deck in d.destiny.iter_mut() {
            deck.shuffle(&mut self.rng);
        }
        d.reinforcements.draw.shuffle(&mut self.rng);
        d.planet_stack.shuffle(&mut self.rng);
        let mut placed = Vec::new();
        for deck in d.envoy_decks.iter_mut() {
            if !deck.is_empty() {
                let i = self.rng.gen_range(0..deck.len());
                placed.push(deck.remove(i));
            }
        }
        for pl in d.players.iter_mut() {
            pl.deck.draw.shuffle(&mut self.rng);
        }
        self.state.duel = Some(d);
        for envoy in placed {
            self.duel_mut().envoys.push(Envoy {
                def: envoy,
                ally: None,
                face_up: false,
            });
            self.emit_duel(DuelRule::Setup, DuelEvent::EnvoyPlaced { envoy });
        }
        // Setup 5: the higher top plan leads; on equal cards the older player does, and
        // seat order stands for age here (the first seat is the older player).
        let mut top = [0i16; 2];
        for p in [PlayerId(0), PlayerId(1)] {
            let card = self.duel().players[p.ix()].deck.draw.last().copied();
            let Some(card) = card else {
                return Err(Stop::from(GameError::Setup("an empty plan deck".into())));
            };
            top[p.ix()] = self.duel().cards[card.0 as usize].kind.number();
            self.emit_duel(
                DuelRule::DetermineStraggler,
                DuelEvent::TopPlanRevealed { player: p, card },
            );
        }
        let leader = PlayerId(if top[1] > top[0] { 1 } else { 0 });
        self.duel_mut().leader = leader;
        self.state.offense = leader;
        self.emit_duel(
            DuelRule::DetermineStraggler,
            DuelEvent::LeaderChosen { leader },
        );
        // Setup 6: the revealed card and draws up to the hand limit.
        for p in [PlayerId(0), PlayerId(1)] {
            let d = self.duel_mut();
            if let Some(card) = d.players[p.ix()].deck.draw.pop() {
                d.players[p.ix()].hand.push(card);
            }
            self.draw_up_to_limit(p, DuelRule::OpeningHands)?;
        }
        Ok(())
    }

    /// One destiny card: the win check, the hand limit, then the card drawn from the deck
    /// the last one named, put in the past and resolved.
    fn play_destiny(&mut self) -> Flow {
        if self.state.duel.is_none() {
            return Err(Stop::from(GameError::Stuck(
                "a Duel procedure without Duel state".into(),
            )));
        }
        self.state.turn += 1;
        self.stats.turns += 1;
        self.duel_check_win()?;
        self.enforce_hand_limits()?;
        let deck = self.duel().next;
        let card = self.duel_draw_destiny(deck)?;
        self.emit_duel(DuelRule::Destiny, DuelEvent::DestinyDrawn { card });
        let def = self.duel().destiny_cards[card.0 as usize] as usize;
        let def = self.components.duel.destiny[def].clone();
        match &def.effect {
            DestinyEffect::DiscoverAndDuel { advantage, prize } => {
                if let Some(planet) = self.discover_planet() {
                    self.have_duel(planet, *advantage, Some(prize.clone()))?;
                }
            }
            DestinyEffect::Contest => {
                self.have_contest()?;
            }
            DestinyEffect::Text => {}
        }
        self.duel_mut().next = def.next;
        Ok(())
    }

    /// Winning the Game: before the next destiny card, a player controlling five planets
    /// wins; both win if both do.
    fn duel_check_win(&mut self) -> Flow {
        let winners = Duels.winners(self);
        if winners.is_empty() {
            return Ok(());
        }
        self.state.winners = winners.clone();
        self.emit(
            Rule::Duel(DuelRule::Winning),
            EventKind::GameWon { winners },
        );
        Err(Stop::GameOver)
    }

    /// Ends the game: `losers` had to send ships with an empty supply. The other player
    /// wins; if both did at once, nobody does.
    pub(crate) fn lose_for_empty_supply(&mut self, losers: &[PlayerId]) -> Flow {
        for &player in losers {
            self.emit_duel(DuelRule::Winning, DuelEvent::EmptySupply { player });
        }
        let winners: Vec<PlayerId> = [PlayerId(0), PlayerId(1)]
            .into_iter()
            .filter(|p| !losers.contains(p))
            .collect();
        self.state.winners = winners.clone();
        if !winners.is_empty() {
            self.emit(
                Rule::Duel(DuelRule::Winning),
                EventKind::GameWon { winners },
            );
        }
        Err(Stop::GameOver)
    }

    /// Draws the top card of `deck`; an empty deck first takes its own cards back from the
    /// past, shuffled (the rule book does not say; this is our reading).
    fn duel_draw_destiny(&mut self, deck: DestinyDeck) -> Flow<DestinyCardId> {
        if self.duel().destiny[deck.ix()].is_empty() {
            let comps = self.components.clone();
            let d = self.duel_mut();
            let of_deck = |c: &DestinyCardId| {
                comps.duel.destiny[d.destiny_cards[c.0 as usize] as usize].deck == deck
            };
            let (back, past): (Vec<_>, Vec<_>) = d.past.iter().partition(|c| of_deck(c));
            d.past = past;
            d.destiny[deck.ix()] = back;
            let cards = d.destiny[deck.ix()].len() as u16;
            let mut pile = std::mem::take(&mut self.duel_mut().destiny[deck.ix()]);
            pile.shuffle(&mut self.rng);
            self.duel_mut().destiny[deck.ix()] = pile;
            self.emit_duel(
                DuelRule::Destiny,
                DuelEvent::DestinyReshuffled { deck, cards },
            );
        }
        let d = self.duel_mut();
        let Some(card) = d.destiny[deck.ix()].pop() else {
            return Err(Stop::from(GameError::Stuck(format!(
                "the {} deck has no card",
                deck.name()
            ))));
        };
        d.past.push(card);
        Ok(card)
    }

    /// Discovers a planet: the top of the planet stack, face up between the players. None
    /// when the stack is empty (the rule book does not say; no planet, no duel).
    fn discover_planet(&mut self) -> Option<u16> {
        let d = self.duel_mut();
        let tile = d.planet_stack.pop()?;
        d.planets.push(DuelPlanet {
            tile,
            ships: [0, 0],
            warplanet: false,
        });
        let planet = d.planets.len() as u16 - 1;
        self.emit_duel(
            DuelRule::Destiny,
            DuelEvent::PlanetDiscovered { planet, tile },
        );
        Some(planet)
    }

    /// Enforcing the Hand Limit, before each destiny card: above the limit, discard down to
    /// it (the player chooses); with no card, draw up to it. The leader goes first.
    fn enforce_hand_limits(&mut self) -> Flow {
        let leader = self.duel().leader;
        for p in [leader, DuelState::opponent(leader)] {
            let pl = &self.duel().players[p.ix()];
            let (held, limit) = (pl.hand.len(), pl.hand_limit as usize);
            if held > limit {
                let options: Vec<Choice> = pl.hand.iter().map(|&c| Choice::DuelCard(c)).collect();
                let excess = (held - limit) as u8;
                let answer = self.ask(
                    p,
                    DecisionKind::HandLimit,
                    Request::Subset {
                        options: options.clone(),
                        min: excess,
                        max: excess,
                    },
                )?;
                let crate::decision::Answer::Subset(picked) = answer else {
                    return Err(Stop::from(GameError::Stuck("a hand-limit answer".into())));
                };
                for i in picked {
                    if let Choice::DuelCard(card) = options[i] {
                        self.discard_from_hand(p, card, DuelRule::HandLimit);
                    }
                }
            } else if held == 0 {
                self.draw_up_to_limit(p, DuelRule::HandLimit)?;
            }
        }
        Ok(())
    }

    /// Moves `card` from `p`'s hand to its discard pile.
    fn discard_from_hand(&mut self, p: PlayerId, card: DuelCardId, rule: DuelRule) {
        let pl = &mut self.duel_mut().players[p.ix()];
        pl.hand.retain(|&c| c != card);
        pl.deck.discard.push(card);
        self.emit_duel(rule, DuelEvent::CardDiscarded { player: p, card });
    }

    /// Draws cards until `p` holds its hand limit.
    pub(crate) fn draw_up_to_limit(&mut self, p: PlayerId, rule: DuelRule) -> Flow {
        loop {
            let pl = &self.duel().players[p.ix()];
            if pl.hand.len() >= pl.hand_limit as usize {
                return Ok(());
            }
            if !self.duel_draw(p, rule) {
                return Ok(());
            }
        }
    }

    /// Draws one card from `p`'s deck into its hand, shuffling its discard pile into a new
    /// deck first if the deck is empty; false when there is no card at all.
    pub(crate) fn duel_draw(&mut self, p: PlayerId, rule: DuelRule) -> bool {
        if self.duel().players[p.ix()].deck.draw.is_empty() {
            let mut deck = std::mem::take(&mut self.duel_mut().players[p.ix()].deck);
            let cards = deck.reshuffle(&mut self.rng) as u16;
            self.duel_mut().players[p.ix()].deck = deck;
            if cards == 0 {
                return false;
            }
            self.emit_duel(
                DuelRule::EmptyDeck,
                DuelEvent::DeckShuffled { player: p, cards },
            );
        }
        let pl = &mut self.duel_mut().players[p.ix()];
        let Some(card) = pl.deck.draw.pop() else {
            return false;
        };
        pl.hand.push(card);
        self.emit_duel(rule, DuelEvent::CardDrawn { player: p, card });
        true
    }

    /// Gains a reinforcement: the top of the reinforcement deck into `p`'s hand; nothing if
    /// the deck is empty.
    pub fn gain_reinforcement(&mut self, p: PlayerId) {
        let d = self.duel_mut();
        let Some(card) = d.reinforcements.draw.pop() else {
            return;
        };
        d.players[p.ix()].hand.push(card);
        self.emit_duel(
            DuelRule::Reinforcements,
            DuelEvent::ReinforcementGained { player: p, card },
        );
    }

    /// The Leader and the Straggler: whenever the straggler controls more planets than the
    /// leader, the roles swap.
    pub(crate) fn check_straggler(&mut self) {
        let d = self.duel();
        let (leader, straggler) = (d.leader, d.straggler());
        if d.controlled(straggler) > d.controlled(leader) {
            self.duel_mut().leader = straggler;
            self.state.offense = straggler;
            self.emit_duel(
                DuelRule::LeaderStraggler,
                DuelEvent::RolesSwapped { leader: straggler },
            );
        }
    }
}
