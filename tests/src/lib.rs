//! Integration tests of cosmic live in `tests/tests/`; this library holds their shared helpers.
//!
//! The main helper is [`Table`]: a game whose every seat is a [`ScriptedAgent`] (optionally
//! falling back to the basic bot for decisions the script does not cover), arranged by card
//! and planet names so that a test reads like a ruling:
//!
//! ```no_run
//! use cosmic_engine::DecisionKind::*;
//! use cosmic_engine::{Color, DestinyKind};
//! use cosmic_tests::*;
//!
//! let mut t = Table::new(3, 1);
//! t.set_offense(BLUE);
//! t.set_hand(BLUE, &["Attack 20"]);
//! t.set_hand(GREEN, &["Attack 04"]);
//! t.destiny_on_top(&[DestinyKind::Color(Color::Green)]);
//! t.script(BLUE, [
//!     step(LaunchPlanet, "Green 1"),
//!     step(LaunchShips, "Blue 1: 4"),
//!     step(OffenseInvites, "none"),
//! ]);
//! t.script(GREEN, [step(DefenseInvites, "none")]);
//! t.play();
//! assert_eq!(t.ships(BLUE, planet(GREEN, 1)), 4);
//! ```
//!
//! Arrangements go through `state_mut()` and keep every invariant (20 ships per player, every
//! card in exactly one place, colony track and alien power in step with the board); each one
//! is checked with `invariants::check` right away. While a turn is played, an observer checks
//! the invariants after every event, and `play_turn` checks them once more at the end.

pub mod ruling;

use cosmic_engine::agents::scripted::{ScriptAnswer, ScriptStep, ScriptedAgent};
use cosmic_engine::agents::{agent_seed, BasicAgent};
use cosmic_engine::decision::Refusal;
use cosmic_engine::event::{Cause, Rule};
use cosmic_engine::ids::DestinyId;
use cosmic_engine::state::CardInfo;
use cosmic_engine::{
    invariants, Agent, AgentError, Answer, CardId, Components, Decision, DecisionKind, DestinyKind,
    Event, EventKind, Game, GameState, Hooks, NoHooks, Options, Outcome, Place, PlanetId, PlayerId,
    Request, Scene, Setup, Stop, View,
};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

pub use cosmic_engine::agents::scripted::step;

/// Seats in color order (setup hands colors out as blue, green, purple, red, yellow, orange,
/// black, white).
pub const BLUE: PlayerId = PlayerId(0);
/// The second seat.
pub const GREEN: PlayerId = PlayerId(1);
/// The third seat.
pub const PURPLE: PlayerId = PlayerId(2);
/// The fourth seat.
pub const RED: PlayerId = PlayerId(3);
/// The fifth seat.
pub const YELLOW: PlayerId = PlayerId(4);
/// The sixth seat.
pub const ORANGE: PlayerId = PlayerId(5);
/// The seventh seat.
pub const BLACK: PlayerId = PlayerId(6);
/// The eighth seat.
pub const WHITE: PlayerId = PlayerId(7);

/// One bot per seat, each with its own seed derived from the game's: random or basic.
pub fn bot_agents(players: u8, seed: u64, random: bool) -> Vec<Box<dyn Agent>> {
    (0..players)
        .map(|i| -> Box<dyn Agent> {
            if random {
                Box::new(cosmic_engine::agents::RandomAgent::new(agent_seed(seed, i)))
            } else {
                Box::new(BasicAgent::new(agent_seed(seed, i)))
            }
        })
        .collect()
}

/// The planet the rule book would call "Green 3": `planet(GREEN, 3)` (1-based).
pub fn planet(owner: PlayerId, n: u8) -> PlanetId {
    assert!(n >= 1, "planets are numbered from 1, as in \"Green 1\"");
    PlanetId { owner, n: n - 1 }
}

/// A scripted step that gives an exact answer (an index, ship counts, deal terms...).
pub fn exact(kind: DecisionKind, answer: Answer) -> ScriptStep {
    ScriptStep {
        kind: Some(kind),
        answer: ScriptAnswer::Exact(answer),
    }
}

/// A decision put to a seat during play, with the whole state at that moment.
#[derive(Clone, Debug)]
pub struct Asked {
    /// Who was asked.
    pub player: PlayerId,
    /// What about.
    pub kind: DecisionKind,
    /// The request as the engine made it.
    pub request: Request,
    /// The options in words (as a script names them).
    pub options: Vec<String>,
    /// The full state when the question was put.
    pub state: GameState,
}

/// An answer the engine refused.
#[derive(Clone, Debug)]
pub struct Refused {
    /// Who answered.
    pub player: PlayerId,
    /// What about.
    pub kind: DecisionKind,
    /// The refused answer.
    pub answer: Answer,
    /// The engine's message.
    pub reason: String,
    /// The full state when the refusal was heard.
    pub state: GameState,
}

#[derive(Default)]
struct Journal {
    asked: Vec<Asked>,
    refused: Vec<Refused>,
}

/// One seat's script: the steps given so far and the scripted agent answering from them.
struct Seat {
    steps: Vec<ScriptStep>,
    agent: ScriptedAgent,
    fallback: Option<u64>,
}

impl Seat {
    fn build(steps: &[ScriptStep], fallback: Option<u64>) -> ScriptedAgent {
        match fallback {
            Some(seed) => {
                ScriptedAgent::with_fallback(steps.to_vec(), Box::new(BasicAgent::new(seed)))
            }
            None => ScriptedAgent::new(steps.to_vec()),
        }
    }

    fn unused(&self) -> &[ScriptStep] {
        &self.steps[self.steps.len() - self.agent.remaining()..]
    }

    fn append(&mut self, more: Vec<ScriptStep>) {
        let mut steps = self.unused().to_vec();
        steps.extend(more);
        self.agent = Seat::build(&steps, self.fallback);
        self.steps = steps;
    }

    fn clear(&mut self) {
        self.steps.clear();
        self.agent = Seat::build(&[], self.fallback);
    }
}

/// The agent the game sees: it journals every question and refusal, and lets the seat's
/// scripted agent answer.
struct Puppet {
    seat: Rc<RefCell<Seat>>,
    journal: Rc<RefCell<Journal>>,
}

impl Agent for Puppet {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        self.seat.borrow_mut().agent.decide(view, decision)
    }

    fn refused(&mut self, view: &View, decision: &Decision, answer: &Answer, why: &Refusal) {
        // A refused answer changes nothing, so the state is the one the question was put in.
        let mut journal = self.journal.borrow_mut();
        let state = journal
            .asked
            .last()
            .map(|a| a.state.clone())
            .expect("a refusal follows a question");
        journal.refused.push(Refused {
            player: decision.player,
            kind: decision.kind,
            answer: answer.clone(),
            reason: why.0.clone(),
            state,
        });
        drop(journal);
        self.seat
            .borrow_mut()
            .agent
            .refused(view, decision, answer, why);
    }

    fn name(&self) -> &str {
        "script"
    }
}

static NO_HOOKS: NoHooks = NoHooks;

/// How a [`Table`] is set up.
pub struct TableSetup {
    /// Players, 3 to 8.
    pub players: u8,
    /// The game seed.
    pub seed: u64,
    /// Whether unscripted decisions go to the basic bot (otherwise they fail the test).
    pub bots: bool,
    /// Card behaviour (none for the plain game).
    pub hooks: &'static dyn Hooks,
    /// The components (the built-in FFG base game when `None`).
    pub components: Option<Components>,
}

impl TableSetup {
    /// A plain game where every decision must be scripted.
    pub fn new(players: u8, seed: u64) -> TableSetup {
        TableSetup {
            players,
            seed,
            bots: false,
            hooks: &NO_HOOKS,
            components: None,
        }
    }
}

/// A game under test: scripted seats, arrangement by name, turn-by-turn play with the events
/// and the decisions of the last turn at hand.
pub struct Table {
    game: Game<'static>,
    seats: Vec<Rc<RefCell<Seat>>>,
    journal: Rc<RefCell<Journal>>,
    violation: Rc<RefCell<Option<String>>>,
    /// Cards placed by an arrangement: later arrangements do not take them away.
    pinned: Vec<CardId>,
    /// Where the last turn's events, questions and refusals begin.
    mark: (usize, usize, usize),
}

impl Table {
    /// A plain game of `players` with `seed`; every decision asked must be scripted.
    pub fn new(players: u8, seed: u64) -> Table {
        Table::setup(TableSetup::new(players, seed))
    }

    /// A plain game where the basic bot answers what the scripts leave out.
    pub fn with_bots(players: u8, seed: u64) -> Table {
        Table::setup(TableSetup {
            bots: true,
            ..TableSetup::new(players, seed)
        })
    }

    /// A game as `setup` says.
    pub fn setup(setup: TableSetup) -> Table {
        let components = match setup.components {
            Some(c) => c,
            None => cosmic_cards::builtin_components().expect("built-in components load"),
        };
        let journal = Rc::new(RefCell::new(Journal::default()));
        let seats: Vec<Rc<RefCell<Seat>>> = (0..setup.players)
            .map(|i| {
                let fallback = setup.bots.then(|| agent_seed(setup.seed, i));
                Rc::new(RefCell::new(Seat {
                    steps: Vec::new(),
                    agent: Seat::build(&[], fallback),
                    fallback,
                }))
            })
            .collect();
        let agents: Vec<Box<dyn Agent>> = seats
            .iter()
            .map(|seat| {
                Box::new(Puppet {
                    seat: seat.clone(),
                    journal: journal.clone(),
                }) as Box<dyn Agent>
            })
            .collect();
        let options = Options {
            record_events: true,
            check_invariants: true,
            record_answers: true,
            no_late_observer: false,
        };
        let mut game = Game::new(
            &Setup::new(setup.players, setup.seed),
            Arc::new(components),
            agents,
            setup.hooks,
            options,
        )
        .expect("the game sets up");
        let violation = Rc::new(RefCell::new(None));
        let seen = violation.clone();
        game.set_observer(move |e: &Event, scene: &Scene| {
            if seen.borrow().is_some() {
                return;
            }
            if let Err(message) = invariants::check(scene.state, scene.components) {
                *seen.borrow_mut() = Some(format!(
                    "after event {} ({}): {message}",
                    e.seq,
                    scene.event(e)
                ));
            }
        });
        // The game's owner journals every question with the whole state; agents cannot.
        let journal_of_decisions = journal.clone();
        game.set_decision_observer(move |decision: &Decision, scene: &Scene| {
            let mut j = journal_of_decisions.borrow_mut();
            j.asked.push(Asked {
                player: decision.player,
                kind: decision.kind,
                request: decision.request.clone(),
                options: decision.describe_options(&scene.names()),
                state: scene.state.clone(),
            });
        });
        let mark = (game.events().len(), 0, 0);
        Table {
            game,
            seats,
            journal,
            violation,
            pinned: Vec::new(),
            mark,
        }
    }

    // ----- access -----

    /// The game.
    pub fn game(&self) -> &Game<'static> {
        &self.game
    }

    /// The game, mutably (for calling engine entry points such as `ask` directly).
    pub fn game_mut(&mut self) -> &mut Game<'static> {
        &mut self.game
    }

    /// The state.
    pub fn state(&self) -> &GameState {
        self.game.state()
    }

    /// Ships `p` has on `pl`.
    pub fn ships(&self, p: PlayerId, pl: PlanetId) -> u8 {
        self.state().ships_on(pl, p)
    }

    /// Ships `p` has in the warp.
    pub fn warp(&self, p: PlayerId) -> u8 {
        self.state().players[p.ix()].warp
    }

    /// `p`'s colony marker.
    pub fn track(&self, p: PlayerId) -> u8 {
        self.state().players[p.ix()].track
    }

    /// Whether `p`'s alien power is active.
    pub fn power(&self, p: PlayerId) -> bool {
        self.state().players[p.ix()].power_active
    }

    /// `p`'s hand.
    pub fn hand(&self, p: PlayerId) -> Vec<CardId> {
        self.state().players[p.ix()].hand.clone()
    }

    /// The printed name of a card.
    pub fn card_name(&self, c: CardId) -> String {
        self.game.names().card(c).to_string()
    }

    /// The names of the cards in `p`'s hand, sorted.
    pub fn hand_names(&self, p: PlayerId) -> Vec<String> {
        let mut v: Vec<String> = self.state().players[p.ix()]
            .hand
            .iter()
            .map(|&c| self.card_name(c))
            .collect();
        v.sort();
        v
    }

    /// Every physical card printed `name`.
    pub fn cards_named(&self, name: &str) -> Vec<CardId> {
        let s = self.state();
        let comps = self.game.components();
        let found: Vec<CardId> = (0..s.cards.len())
            .filter(|&i| comps.cosmic[s.cards[i].def as usize].name == name)
            .map(|i| CardId(i as u16))
            .collect();
        assert!(!found.is_empty(), "no card is printed `{name}`");
        found
    }

    /// A card printed `name` in `p`'s hand.
    pub fn card_in_hand(&self, p: PlayerId, name: &str) -> CardId {
        let hand = &self.state().players[p.ix()].hand;
        *hand
            .iter()
            .find(|&&c| self.card_name(c) == name)
            .unwrap_or_else(|| {
                panic!(
                    "{} holds no `{name}` (hand: {:?})",
                    self.color(p),
                    self.hand_names(p)
                )
            })
    }

    /// A player's color name.
    pub fn color(&self, p: PlayerId) -> &'static str {
        self.game.names().player(p)
    }

    // ----- arrangement -----

    /// Makes `p` the offense of the next turn.
    pub fn set_offense(&mut self, p: PlayerId) {
        self.game.state_mut().offense = p;
    }

    /// Gives `p` exactly the cards named (copies taken from the deck, then the discard pile,
    /// then other hands, which get a card from the bottom of the deck instead). `p`'s old hand
    /// goes to the bottom of the deck. Arrange hands before the deck top.
    pub fn set_hand(&mut self, p: PlayerId, names: &[&str]) {
        let old = std::mem::take(&mut self.game.state_mut().players[p.ix()].hand);
        for c in old {
            self.pinned.retain(|&x| x != c);
            self.game.state_mut().piles.cosmic.draw.insert(0, c);
        }
        for name in names {
            let c = self.take_free_copy(name, Some(p));
            self.game.state_mut().players[p.ix()].hand.push(c);
            self.pinned.push(c);
        }
        self.check_arrangement("set_hand");
    }

    /// Puts the named cards on top of the cosmic deck: the first named is drawn first.
    pub fn deck_on_top(&mut self, names: &[&str]) {
        let cards: Vec<CardId> = names
            .iter()
            .map(|name| {
                let c = self.take_free_copy(name, None);
                self.pinned.push(c);
                c
            })
            .collect();
        self.game
            .state_mut()
            .piles
            .cosmic
            .draw
            .extend(cards.into_iter().rev());
        self.check_arrangement("deck_on_top");
    }

    /// Turns `card` into a copy of the card printed `as_name` (same rules kind and name), for
    /// situations the base deck cannot produce (two morphs in one encounter).
    pub fn reprint(&mut self, card: CardId, as_name: &str) {
        let def = self
            .game
            .components()
            .cosmic
            .iter()
            .position(|d| d.name == as_name)
            .unwrap_or_else(|| panic!("no card is printed `{as_name}`"));
        let kind = self.game.components().cosmic[def].kind;
        self.game.state_mut().cards[card.0 as usize] = CardInfo {
            kind,
            def: def as u16,
            back: self.game.state().back(card),
        };
        self.check_arrangement("reprint");
    }

    /// Leaves only the top `n` cards in the cosmic deck; the others go to the discard pile.
    pub fn deck_down_to(&mut self, n: usize) {
        let s = self.game.state_mut();
        let cut = s.piles.cosmic.draw.len().saturating_sub(n);
        let rest: Vec<CardId> = s.piles.cosmic.draw.drain(..cut).collect();
        s.piles.cosmic.discard.extend(rest);
        self.check_arrangement("deck_down_to");
    }

    /// Empties the deck and the discard pile into `p`'s hand (to set up a cosmic quake).
    pub fn deck_and_discard_into_hand(&mut self, p: PlayerId) {
        let s = self.game.state_mut();
        let mut all = std::mem::take(&mut s.piles.cosmic.draw);
        all.append(&mut s.piles.cosmic.discard);
        s.players[p.ix()].hand.extend(all);
        self.check_arrangement("deck_and_discard_into_hand");
    }

    /// Removes a free copy of the card `name` from wherever it is; a hand it leaves gets the
    /// bottom card of the deck in its place. `for_player`'s own hand is not searched.
    fn take_free_copy(&mut self, name: &str, for_player: Option<PlayerId>) -> CardId {
        let copies = self.cards_named(name);
        let pinned = self.pinned.clone();
        let free = |c: &CardId| !pinned.contains(c);
        let s = self.game.state_mut();
        if let Some(i) = s
            .piles
            .cosmic
            .draw
            .iter()
            .position(|c| copies.contains(c) && free(c))
        {
            return s.piles.cosmic.draw.remove(i);
        }
        if let Some(i) = s
            .piles
            .cosmic
            .discard
            .iter()
            .position(|c| copies.contains(c) && free(c))
        {
            return s.piles.cosmic.discard.remove(i);
        }
        for q in 0..s.players.len() {
            if Some(PlayerId(q as u8)) == for_player {
                continue;
            }
            let hand = &mut s.players[q].hand;
            if let Some(i) = hand.iter().position(|c| copies.contains(c) && free(c)) {
                let c = hand.remove(i);
                let j = s
                    .piles
                    .cosmic
                    .draw
                    .iter()
                    .position(free)
                    .unwrap_or_else(|| panic!("no card left in the deck to refill a hand"));
                let refill = s.piles.cosmic.draw.remove(j);
                s.players[q].hand.push(refill);
                return c;
            }
        }
        panic!("no free copy of `{name}` is left (the others are already arranged)")
    }

    /// Makes `p` have exactly `n` ships on `pl`, taking them from or returning them to `p`'s
    /// warp, then sets the colony track and the alien power to match the board.
    pub fn set_ships(&mut self, p: PlayerId, pl: PlanetId, n: u8) {
        let have = self.ships(p, pl);
        let warp = self.warp(p);
        assert!(
            n <= have || n - have <= warp,
            "{} needs {} more ships in the warp to have {n} on {} (warp holds {warp}); \
             empty a planet first or use `transfer`",
            self.color(p),
            n - have,
            self.game.names().planet(pl)
        );
        let s = self.game.state_mut();
        s.planet_ships_mut(pl)[p.ix()] = n;
        s.players[p.ix()].warp = warp + have - n;
        self.sync_player(p);
        self.check_arrangement("set_ships");
    }

    /// Moves `n` of `p`'s ships from one planet to another (no event).
    pub fn transfer(&mut self, p: PlayerId, from: PlanetId, to: PlanetId, n: u8) {
        let (a, b) = (self.ships(p, from), self.ships(p, to));
        assert!(a >= n, "{} has only {a} ships to transfer", self.color(p));
        let s = self.game.state_mut();
        s.planet_ships_mut(from)[p.ix()] = a - n;
        s.planet_ships_mut(to)[p.ix()] = b + n;
        self.sync_player(p);
        self.check_arrangement("transfer");
    }

    /// Puts `n` of `p`'s ships in the warp, taking them from its home planets (the last
    /// planet first) without emptying any planet that was not already going to be emptied.
    pub fn set_warp(&mut self, p: PlayerId, n: u8) {
        let mut warp = self.warp(p);
        let ppp = self.state().rules.planets_per_player;
        while warp < n {
            // `max_by_key` keeps the last of equals: the highest-numbered planet.
            let donor = (0..ppp)
                .map(|k| PlanetId { owner: p, n: k })
                .filter(|&pl| self.ships(p, pl) > 1)
                .max_by_key(|&pl| self.ships(p, pl))
                .unwrap_or_else(|| panic!("{} has no spare ships for the warp", self.color(p)));
            let have = self.ships(p, donor);
            self.set_ships(p, donor, have - 1);
            warp += 1;
        }
        while warp > n {
            let home = PlanetId { owner: p, n: 0 };
            let have = self.ships(p, home);
            self.set_ships(p, home, have + 1);
            warp -= 1;
        }
    }

    /// Brings `p`'s colony marker and alien power in line with the board.
    fn sync_player(&mut self, p: PlayerId) {
        let s = self.game.state_mut();
        s.players[p.ix()].track = s.foreign_colonies(p);
        s.players[p.ix()].power_active = s.home_colonies(p) >= s.rules.home_colonies_for_power;
    }

    /// Puts destiny cards of the given faces on top of the destiny deck: the first listed is
    /// drawn first. Cards come from the deck or the discard pile.
    pub fn destiny_on_top(&mut self, faces: &[DestinyKind]) {
        let mut chosen: Vec<DestinyId> = Vec::new();
        for &face in faces {
            let s = self.game.state_mut();
            let is = |d: &DestinyId| s.destiny_cards[d.0 as usize].kind == face;
            let id = if let Some(i) = s
                .destiny
                .draw
                .iter()
                .position(|d| is(d) && !chosen.contains(d))
            {
                s.destiny.draw.remove(i)
            } else if let Some(i) = s.destiny.discard.iter().position(is) {
                s.destiny.discard.remove(i)
            } else {
                panic!("no destiny card {face:?} is left to put on top");
            };
            chosen.push(id);
        }
        let s = self.game.state_mut();
        s.destiny.draw.extend(chosen.into_iter().rev());
        self.check_arrangement("destiny_on_top");
    }

    /// Leaves exactly `n` cards in the destiny deck (the rest go to the destiny discard pile).
    pub fn destiny_deck_down_to(&mut self, n: usize) {
        let s = self.game.state_mut();
        s.destiny.draw.append(&mut s.destiny.discard);
        let cut = s.destiny.draw.len() - n;
        let rest: Vec<DestinyId> = s.destiny.draw.drain(..cut).collect();
        s.destiny.discard = rest;
        self.check_arrangement("destiny_deck_down_to");
    }

    /// Panics if an arrangement broke an invariant (a bug in this helper).
    fn check_arrangement(&self, what: &str) {
        if let Err(m) = invariants::check(self.state(), self.game.components()) {
            panic!("{what} broke an invariant: {m}");
        }
    }

    // ----- scripts -----

    /// Adds steps to `p`'s script (after any steps not used yet).
    pub fn script(&mut self, p: PlayerId, steps: impl IntoIterator<Item = ScriptStep>) {
        self.seats[p.ix()]
            .borrow_mut()
            .append(steps.into_iter().collect());
    }

    /// Drops every step of `p`'s script not used yet.
    pub fn clear_script(&mut self, p: PlayerId) {
        self.seats[p.ix()].borrow_mut().clear();
    }

    /// Steps of `p`'s script not used yet.
    pub fn unused_steps(&self, p: PlayerId) -> Vec<ScriptStep> {
        self.seats[p.ix()].borrow().unused().to_vec()
    }

    /// Panics if a seat has scripted steps that were never used (the ruling took another path).
    pub fn assert_scripts_used(&self) {
        for (i, seat) in self.seats.iter().enumerate() {
            let seat = seat.borrow();
            let unused = seat.unused();
            if !unused.is_empty() {
                panic!(
                    "{}'s script has unused steps: {:?}\n{}",
                    self.color(PlayerId(i as u8)),
                    unused,
                    self.log()
                );
            }
        }
    }

    // ----- play -----

    /// Plays one turn of the current offense and checks every invariant (after each event
    /// and at the end). Returns how the turn stopped. The offense does not move on: call
    /// `set_offense` (or `pass_turn`) before the next turn.
    pub fn play_turn(&mut self) -> Result<(), Stop> {
        self.pinned.clear();
        {
            let j = self.journal.borrow();
            self.mark = (self.game.events().len(), j.asked.len(), j.refused.len());
        }
        let result = self.game.play_turn();
        if let Some(v) = self.violation.borrow().as_ref() {
            panic!("invariant violated during the turn {v}\n{}", self.log());
        }
        if let Err(m) = invariants::check(self.game.state(), self.game.components()) {
            panic!("invariant violated after the turn: {m}\n{}", self.log());
        }
        result
    }

    /// Plays one turn that must end normally (no win, no error) with every scripted step used.
    pub fn play(&mut self) {
        match self.play_turn() {
            Ok(()) => {}
            Err(Stop::Error(e)) => panic!("the turn failed: {e}\n{}", self.log()),
            Err(other) => panic!("the turn stopped: {other:?}\n{}", self.log()),
        }
        self.assert_scripts_used();
    }

    /// Plays one turn that must end the game, with every scripted step used.
    pub fn play_to_win(&mut self) {
        match self.play_turn() {
            Err(Stop::GameOver) => {}
            other => panic!("expected the game to end, got {other:?}\n{}", self.log()),
        }
        self.assert_scripts_used();
    }

    /// Moves the offense to the next seat in turn order, as `Game::run` does between turns.
    pub fn pass_turn(&mut self) {
        let s = self.game.state_mut();
        s.offense = s.next_in_turn_order(s.offense);
    }

    // ----- what happened in the last turn -----

    /// The events of the last turn.
    pub fn events(&self) -> &[Event] {
        &self.game.events()[self.mark.0..]
    }

    /// The events of the last turn's encounter `number` (1 or 2).
    pub fn encounter_events(&self, number: u8) -> &[Event] {
        let all = self.events();
        let start = |n: u8| {
            all.iter().position(
                |e| matches!(e.kind, EventKind::EncounterStarted { number } if number == n),
            )
        };
        let Some(from) = start(number) else {
            return &[];
        };
        let to = start(number + 1).unwrap_or(all.len());
        &all[from..to]
    }

    /// The event kinds of the last turn.
    pub fn kinds(&self) -> Vec<&EventKind> {
        self.events().iter().map(|e| &e.kind).collect()
    }

    /// Whether an event of the last turn matches.
    pub fn happened(&self, pred: impl Fn(&EventKind) -> bool) -> bool {
        self.events().iter().any(|e| pred(&e.kind))
    }

    /// How many events of the last turn match.
    pub fn count(&self, pred: impl Fn(&EventKind) -> bool) -> usize {
        self.events().iter().filter(|e| pred(&e.kind)).count()
    }

    /// Index (within the last turn's events) of the first event that matches.
    pub fn index_of(&self, pred: impl Fn(&EventKind) -> bool) -> Option<usize> {
        self.events().iter().position(|e| pred(&e.kind))
    }

    /// The rule that caused an event (`Rule::Setup` stands for none: content caused it).
    pub fn rule_of(e: &Event) -> Rule {
        match e.cause {
            Cause::Rule(r) => r,
            Cause::Ability(_) => Rule::Setup,
        }
    }

    /// Ships of `p` moved from `from` to `to` during the last turn (any rule).
    pub fn moved(&self, p: PlayerId, from: Place, to: Place) -> u32 {
        self.moved_by(p, from, to, None)
    }

    /// Ships of `p` moved from `from` to `to` during the last turn, by `rule` if given.
    pub fn moved_by(&self, p: PlayerId, from: Place, to: Place, rule: Option<Rule>) -> u32 {
        self.events()
            .iter()
            .filter(|e| rule.is_none_or(|r| Table::rule_of(e) == r))
            .map(|e| match e.kind {
                EventKind::ShipsMoved {
                    player,
                    from: f,
                    to: t,
                    count,
                } if player == p && f == from && t == to => count as u32,
                _ => 0,
            })
            .sum()
    }

    /// Ships of `p` sent to the warp during the last turn, from anywhere.
    pub fn lost_to_warp(&self, p: PlayerId) -> u32 {
        self.events()
            .iter()
            .map(|e| match e.kind {
                EventKind::ShipsMoved {
                    player,
                    to: Place::Warp,
                    count,
                    ..
                } if player == p => count as u32,
                _ => 0,
            })
            .sum()
    }

    /// The outcomes of the last turn's encounters, in order.
    pub fn outcomes(&self) -> Vec<Outcome> {
        self.events()
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::EncounterResolved { outcome } => Some(outcome),
                _ => None,
            })
            .collect()
    }

    /// The totals computed in the last turn (offense, defense), per encounter.
    pub fn totals(&self) -> Vec<(i32, i32)> {
        self.events()
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::TotalsComputed { offense, defense } => Some((offense, defense)),
                _ => None,
            })
            .collect()
    }

    /// The decisions put to seats during the last turn.
    pub fn asked(&self) -> Vec<Asked> {
        self.journal.borrow().asked[self.mark.1..].to_vec()
    }

    /// The decisions of `kind` put to `p` during the last turn.
    pub fn asked_of(&self, p: PlayerId, kind: DecisionKind) -> Vec<Asked> {
        self.asked()
            .into_iter()
            .filter(|a| a.player == p && a.kind == kind)
            .collect()
    }

    /// Whether `p` was asked a decision of `kind` during the last turn.
    pub fn was_asked(&self, p: PlayerId, kind: DecisionKind) -> bool {
        !self.asked_of(p, kind).is_empty()
    }

    /// The options of the first decision of `kind` put to `p` in the last turn.
    pub fn options(&self, p: PlayerId, kind: DecisionKind) -> Vec<String> {
        self.asked_of(p, kind)
            .into_iter()
            .next()
            .unwrap_or_else(|| {
                panic!(
                    "{} was never asked {}\n{}",
                    self.color(p),
                    kind.name(),
                    self.log()
                )
            })
            .options
    }

    /// The places offered by the first ship decision of `kind` put to `p` in the last turn
    /// ("Blue 2", "the gate"...), without their limits.
    pub fn places(&self, p: PlayerId, kind: DecisionKind) -> Vec<String> {
        self.options(p, kind)
            .into_iter()
            .map(|o| match o.rfind(" (up to ") {
                Some(i) => o[..i].to_string(),
                None => o,
            })
            .collect()
    }

    /// The answers refused during the last turn.
    pub fn refused(&self) -> Vec<Refused> {
        self.journal.borrow().refused[self.mark.2..].to_vec()
    }

    /// The last turn as readable lines (for failure messages).
    pub fn log(&self) -> String {
        let names = self.game.names();
        let mut s = String::from("--- log of the turn ---\n");
        for e in self.events() {
            s.push_str(&format!("{:>4} {}\n", e.seq, names.event(e)));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cosmic_engine::Color;

    #[test]
    fn arrangements_keep_every_invariant() {
        let mut t = Table::new(4, 3);
        t.set_hand(BLUE, &["Morph", "Attack 40", "Negotiate"]);
        t.set_hand(GREEN, &["Attack 30", "Negotiate"]);
        assert_eq!(t.hand_names(BLUE), ["Attack 40", "Morph", "Negotiate"]);
        t.deck_on_top(&["Attack 20", "Reinforcement +5"]);
        let top = *t.state().piles.cosmic.draw.last().unwrap();
        assert_eq!(t.card_name(top), "Attack 20");
        t.set_ships(GREEN, planet(GREEN, 1), 1);
        assert_eq!(t.warp(GREEN), 3);
        t.set_ships(GREEN, planet(BLUE, 2), 2);
        assert_eq!((t.warp(GREEN), t.track(GREEN)), (1, 1));
        t.set_ships(BLUE, planet(BLUE, 1), 0);
        t.set_ships(BLUE, planet(BLUE, 2), 0);
        t.set_ships(BLUE, planet(BLUE, 3), 0);
        assert!(!t.power(BLUE));
        t.set_warp(RED, 5);
        assert_eq!(t.warp(RED), 5);
        t.destiny_on_top(&[
            DestinyKind::Color(Color::Red),
            DestinyKind::Wild,
            DestinyKind::Color(Color::Red),
        ]);
        let deck = &t.state().destiny.draw;
        let top: Vec<DestinyKind> = deck[deck.len() - 3..]
            .iter()
            .rev()
            .map(|d| t.state().destiny_cards[d.0 as usize].kind)
            .collect();
        assert_eq!(
            top,
            [
                DestinyKind::Color(Color::Red),
                DestinyKind::Wild,
                DestinyKind::Color(Color::Red)
            ]
        );
        assert_eq!(t.state().cards.len(), 72);
    }

    #[test]
    #[should_panic(expected = "no free copy of `Morph`")]
    fn the_only_morph_cannot_be_in_two_hands() {
        let mut t = Table::new(3, 3);
        t.set_hand(BLUE, &["Morph"]);
        t.set_hand(GREEN, &["Morph"]);
    }
}
