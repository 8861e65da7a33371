//! Setup as the rule book orders it: colors, planets and ships, the destiny deck, the cosmic
//! deck, starting hands, and the first player.

use crate::components::{CardKind, Components, DestinyKind};
use crate::decision::{Choice, DecisionKind};
use crate::edition::Rules;
use crate::event::{EventKind, Rule};
use crate::game::{AlienSetup, Flow, Game, GameError, Setup};
use crate::ids::{CardId, Color, DestinyId, PlanetId, PlayerId, MAX_PLAYERS};
use crate::piles::{Back, CardPiles, Pile};
use crate::state::CardInfo as Info;
use crate::state::{CardInfo, GameState, Planet, Player};
use rand::seq::SliceRandom;
use std::sync::Arc;

/// A setup checked and laid out once for games that differ only in their seed (a run of
/// games): what each of them would otherwise work out again from the components, the state
/// before anything is shuffled and the aliens of the chosen sets. `Game::prepared` starts a
/// game from it.
#[derive(Clone, Debug)]
pub struct Prepared {
    setup: Setup,
    components: Arc<Components>,
    /// The state before anything is shuffled or dealt (`Procedure::initial_state`), but for
    /// its cards, kept apart with the room made for them (`fresh_state`).
    state: GameState,
    cards: Vec<CardInfo>,
    /// The aliens of the setup's sets, by number.
    in_sets: Vec<u16>,
    /// Those of them with a flare, with the flare's cosmic card definition, by number.
    set_flares: Vec<(u16, u16)>,
}

impl Prepared {
    /// Checks `setup` (its seed aside) against the edition and lays it out from `components`.
    pub fn new(setup: &Setup, components: Arc<Components>) -> Result<Prepared, GameError> {
        Prepared::check(setup)?;
        Prepared::lay_out(setup, components)
    }

    /// The setup (its seed that of the setup it was prepared from).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The components its games are played with.
    pub fn components(&self) -> &Arc<Components> {
        &self.components
    }

    /// Refuses a number of players the edition does not seat, or variants it does not play.
    pub(crate) fn check(setup: &Setup) -> Result<(), GameError> {
        let seats = crate::procedure::of(setup.edition).seats();
        if !seats.contains(&setup.players) {
            let range = match (seats.start(), seats.end()) {
                (a, b) if a == b => format!("{a}"),
                (a, b) => format!("{a} to {b}"),
            };
            return Err(GameError::Setup(format!(
                "{} players: the game seats {range}",
                setup.players
            )));
        }
        setup
            .variants
            .check(setup.edition)
            .map_err(GameError::Setup)
    }

    /// Lays out a checked setup (`check`).
    pub(crate) fn lay_out(
        setup: &Setup,
        components: Arc<Components>,
    ) -> Result<Prepared, GameError> {
        let rules = Rules::new(setup.edition, &setup.variants);
        let procedure = crate::procedure::of(setup.edition);
        let mut state = procedure.initial_state(setup, &components, rules)?;
        let cards = std::mem::take(&mut state.cards);
        let aliens = &components.aliens;
        let in_sets: Vec<u16> = (0..aliens.len() as u16)
            .filter(|&a| setup.sets.contains(&aliens[a as usize].set))
            .collect();
        let set_flares = (in_sets.iter())
            .filter_map(|&a| aliens[a as usize].flare.map(|f| (a, f)))
            .collect();
        Ok(Prepared {
            setup: setup.clone(),
            components,
            state,
            cards,
            in_sets,
            set_flares,
        })
    }

    /// A game's own copy of the laid-out state, with the room its lists were made with (a
    /// clone keeps none), so that dealing fills them without growing them.
    pub(crate) fn fresh_state(&self) -> GameState {
        let laid = &self.state;
        let mut state = laid.clone();
        for (p, q) in state.players.iter_mut().zip(&laid.players) {
            p.hand.reserve(q.hand.capacity());
        }
        state.cards = Vec::with_capacity(self.cards.capacity());
        state.cards.extend_from_slice(&self.cards);
        let piles = [
            (&mut state.piles.cosmic.discard, &laid.piles.cosmic.discard),
            (&mut state.piles.reward.discard, &laid.piles.reward.discard),
        ];
        for (pile, room) in piles {
            pile.reserve(room.capacity());
        }
        state
            .destiny
            .discard
            .reserve(laid.destiny.discard.capacity());
        state
    }
}

/// The state before any card is dealt: colors, planets with their ships, unshuffled decks.
pub(crate) fn initial_state(
    setup: &Setup,
    components: &Components,
    rules: Rules,
) -> Result<GameState, GameError> {
    let n = setup.players as usize;
    let colors = &Color::ALL[..n];
    let hazards = if rules.hazards.is_off() {
        Vec::new()
    } else {
        crate::hazards::deck(components)
    };
    if rules.ships_per_planet as u32 * rules.planets_per_player as u32
        > rules.ships_per_player as u32
    {
        return Err(GameError::Setup(
            "more ships on planets than players own".into(),
        ));
    }
    // Ships not placed on planets at setup start in the warp (none in the base game).
    let warp = rules.ships_per_player - rules.ships_per_planet * rules.planets_per_player;
    let players = colors
        .iter()
        .map(|&color| Player::new(color, warp))
        .collect();
    let mut planets = Vec::with_capacity(n * rules.planets_per_player as usize);
    for p in 0..n {
        for k in 0..rules.planets_per_player {
            let mut ships = [0u8; MAX_PLAYERS];
            ships[p] = rules.ships_per_planet;
            planets.push(Planet {
                id: PlanetId {
                    owner: PlayerId(p as u8),
                    n: k,
                },
                ships,
            });
        }
    }
    let mut cards = Vec::with_capacity(components.cosmic_count());
    for (def, c) in components.cosmic.iter().enumerate() {
        if c.kind == CardKind::Flare || !c.back.is_cosmic() {
            continue; // flares enter the deck when aliens are given out
        }
        for _ in 0..c.count {
            cards.push(CardInfo {
                kind: c.kind,
                def: def as u16,
                back: Back::Cosmic,
            });
        }
    }
    if cards.len() < n * rules.hand_size as usize {
        return Err(GameError::Setup(format!(
            "a cosmic deck of {} cards cannot deal {} hands of {}",
            cards.len(),
            n,
            rules.hand_size
        )));
    }
    // The reward deck's cards follow the cosmic deck's (numbered after them, so a game
    // without the reward deck numbers its cards as before).
    let cosmic_cards = cards.len();
    if rules.rewards {
        for (def, c) in components.cosmic.iter().enumerate() {
            if c.back == Back::Reward {
                let info = CardInfo {
                    kind: c.kind,
                    def: def as u16,
                    back: Back::Reward,
                };
                cards.extend(std::iter::repeat_n(info, c.count as usize));
            }
        }
    }
    // Lists built at every setup are made at their final size rather than grown.
    let mut destiny_cards = Vec::with_capacity(components.destiny.len());
    destiny_cards.extend(
        (components.destiny.iter())
            .filter(|d| match d.kind {
                DestinyKind::Color(c) => colors.contains(&c),
                _ => true,
            })
            .cloned(),
    );
    for &c in colors {
        if !destiny_cards
            .iter()
            .any(|d| d.kind == DestinyKind::Color(c))
        {
            return Err(GameError::Setup(format!(
                "the destiny deck has no {c} card"
            )));
        }
    }
    Ok(GameState {
        piles: CardPiles {
            cosmic: Pile {
                draw: (0..cosmic_cards as u16).map(CardId).collect(),
                discard: Vec::with_capacity(cosmic_cards),
            },
            reward: Pile {
                draw: (cosmic_cards as u16..cards.len() as u16)
                    .map(CardId)
                    .collect(),
                discard: Vec::new(),
            },
        },
        destiny: Pile {
            draw: (0..destiny_cards.len() as u8).map(DestinyId).collect(),
            discard: Vec::with_capacity(destiny_cards.len()),
        },
        destiny_cards,
        cards,
        planets,
        // Every copy of every hazard, face down (shuffled when setup is dealt).
        hazards: Pile {
            draw: hazards,
            discard: Vec::new(),
        },
        ..GameState::empty(rules, players)
    })
}

impl Game<'_> {
    /// Shuffles the decks, deals the starting hands and chooses the first player.
    pub(crate) fn deal_setup(&mut self, prepared: &Prepared) -> Flow {
        self.assign_aliens(&prepared.setup.aliens, prepared)?;
        self.state.destiny.draw.shuffle(&mut self.rng);
        self.state.piles.cosmic.draw.shuffle(&mut self.rng);
        let hand = self.state.rules.hand_size;
        for p in 0..self.state.player_count() {
            for _ in 0..hand {
                self.deal_card(PlayerId(p as u8))?;
            }
        }
        // Starting hands are dealt, not drawn: nothing for content to answer.
        self.moments.clear();
        // Reveal destiny cards until one shows a player's color, then shuffle them all back.
        let first = loop {
            let Some(&card) = self.state.destiny.draw.last() else {
                return Err(GameError::Setup("no colored destiny card".into()).into());
            };
            self.state.destiny.draw.pop();
            self.state.destiny.discard.push(card);
            self.emit(Rule::FirstPlayer, EventKind::DestinyRevealed { card });
            if let DestinyKind::Color(c) = self.state.destiny_cards[card.0 as usize].kind {
                if let Some(p) = self.state.player_of(c) {
                    break p;
                }
            }
        };
        let revealed = std::mem::take(&mut self.state.destiny.discard);
        self.state.destiny.draw.extend(revealed);
        self.state.destiny.draw.shuffle(&mut self.rng);
        self.state.offense = first;
        self.emit(Rule::FirstPlayer, EventKind::FirstPlayer { player: first });
        if self.state.rules.tech {
            self.deal_techs()?;
        }
        if !self.state.rules.hazards.is_off() {
            self.state.hazards.draw.shuffle(&mut self.rng);
        }
        if self.state.rules.rewards {
            self.state.piles.reward.draw.shuffle(&mut self.rng);
        }
        if self.state.rules.lucre() {
            self.deal_lucre();
        }
        self.window(crate::hooks::Window::GameSetup)
    }
}

impl Game<'_> {
    /// Deals `p` the top card of the cosmic deck into its starting hand: a draw as the log
    /// and the encounter's record of draws see it, without the moment that the dealing
    /// clears anyway (nobody watches draws or feeds yet); 40 a game.
    fn deal_card(&mut self, p: PlayerId) -> Flow {
        // The deck holds every hand (`initial_state` checks it); else a draw says what happens.
        let Some(card) = self.state.piles.cosmic.draw.pop() else {
            return self.draw(p, Rule::Setup).map(|_| ());
        };
        self.state.players[p.ix()].hand.push(card);
        self.record_draw(p, card);
        self.emit(Rule::Setup, EventKind::CardDrawn { player: p, card });
        Ok(())
    }

    /// Gives every player an alien as `how` says, then puts flares into the cosmic deck:
    /// the flares of the aliens dealt or in play, topped up at random to the rules' count
    /// (10 for up to five players, two per player beyond). Only aliens of the setup's sets
    /// (`prepared`'s) are dealt at random, put in the box or have their flares added; an
    /// alien named for a seat plays whatever its set.
    fn assign_aliens(&mut self, how: &AlienSetup, prepared: &Prepared) -> Flow {
        let n = self.state.player_count();
        let available = self.components.aliens.len();
        let in_sets = &prepared.in_sets;
        let mut in_deck: Vec<u16> = Vec::with_capacity(2 * n);
        match how {
            AlienSetup::None => return Ok(()),
            AlienSetup::Fixed(list) | AlienSetup::Combo(list) => {
                if list.len() != n {
                    return Err(GameError::Setup(format!(
                        "{} aliens named for {n} players (of {available} available)",
                        list.len()
                    ))
                    .into());
                }
                if let Some(a) = list.iter().find(|&&a| a as usize >= available) {
                    return Err(GameError::Setup(format!(
                        "alien number {a} does not exist (the components have {available} aliens, numbered from 0)"
                    ))
                    .into());
                }
                let mut list = list.clone();
                if matches!(how, AlienSetup::Combo(_)) {
                    list.shuffle(&mut self.rng);
                }
                for (p, &a) in list.iter().enumerate() {
                    self.give_alien(PlayerId(p as u8), a);
                    in_deck.push(a);
                }
            }
            AlienSetup::Random => {
                let mut pool: Vec<u16> = in_sets.clone();
                if pool.len() < n {
                    return Err(GameError::Setup(format!(
                        "{} aliens in the chosen sets for {n} players",
                        pool.len()
                    ))
                    .into());
                }
                pool.shuffle(&mut self.rng);
                // Dealt in the shuffled order, passing over an alien whose sheet excludes
                // one already dealt, or is excluded by it ("do not use with").
                let mut dealt: Vec<u16> = Vec::with_capacity(n);
                for &a in &pool {
                    if dealt.len() == n {
                        break;
                    }
                    if !dealt.iter().any(|&d| self.components.aliens_exclude(a, d)) {
                        dealt.push(a);
                    }
                }
                if dealt.len() < n {
                    return Err(GameError::Setup(format!(
                        "the chosen sets' aliens cannot be dealt to {n} players without two that exclude each other"
                    ))
                    .into());
                }
                for (p, &a) in dealt.iter().enumerate() {
                    self.give_alien(PlayerId(p as u8), a);
                    in_deck.push(a);
                }
            }
            AlienSetup::DealtFlares => {
                let mut pool: Vec<u16> = prepared.set_flares.iter().map(|&(a, _)| a).collect();
                if pool.len() < 2 * n {
                    return Err(GameError::Setup(format!(
                        "{} aliens with flares cannot deal two to each of {n} players",
                        pool.len()
                    ))
                    .into());
                }
                pool.shuffle(&mut self.rng);
                for p in 0..n {
                    let pair = [pool[2 * p], pool[2 * p + 1]];
                    let options = pair.iter().map(|&a| Choice::Alien(a)).collect();
                    let player = PlayerId(p as u8);
                    let kept = match self.pick(player, DecisionKind::ChooseAlien, options)? {
                        Choice::Alien(a) => a,
                        _ => pair[0],
                    };
                    self.give_alien(player, kept);
                    in_deck.extend(pair);
                }
            }
        }
        self.box_unused_aliens(in_sets);
        let flare = |a: &u16| self.components.aliens[*a as usize].flare;
        let target = (self.state.rules.base_flares_in_deck as usize).max(2 * n);
        let mut flares: Vec<u16> = Vec::with_capacity(target.max(in_deck.len()));
        flares.extend(in_deck.iter().filter_map(flare));
        // Each alien of the sets is asked whether it was dealt: one look-up by number.
        let mut dealt = vec![false; available];
        for &a in &in_deck {
            dealt[a as usize] = true;
        }
        let mut others: Vec<u16> = Vec::with_capacity(prepared.set_flares.len());
        others.extend(
            (prepared.set_flares.iter())
                .filter(|&&(a, _)| !dealt[a as usize])
                .map(|&(_, f)| f),
        );
        others.shuffle(&mut self.rng);
        let fill = target.saturating_sub(flares.len());
        flares.extend(others.into_iter().take(fill));
        for def in flares {
            let id = CardId(self.state.cards.len() as u16);
            self.state.cards.push(Info {
                kind: CardKind::Flare,
                def,
                back: Back::Cosmic,
            });
            self.state.piles.cosmic.draw.push(id);
        }
        Ok(())
    }
}
