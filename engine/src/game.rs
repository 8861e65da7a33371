//! A game in progress: the state, the agents, the hooks, the RNG and the log, and the turn loop.

use crate::agent::{Agent, AgentError};
use crate::components::Components;
use crate::decision::{Answer, Decision, DecisionKind, Refusal, Request};
use crate::edition::{Edition, Rules, Variants};
use crate::event::{Cause, Event, EventKind, Holders, Names, Rule, Scene};
use crate::hooks::Hooks;
use crate::ids::{PlayerId, Seats, Side};
use crate::invariants;
use crate::spares::Spares;
use crate::state::GameState;
use crate::view::View;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rule book followed.
    pub edition: Edition,
    /// Number of players (3 to 8).
    pub players: u8,
    /// The seed of the game's RNG.
    pub seed: u64,
    /// Variant switches.
    pub variants: Variants,
    /// How players get their aliens.
    #[serde(default)]
    pub aliens: AlienSetup,
    /// The sets (products) whose aliens may be dealt or drawn from the box, and whose flares
    /// may go into the cosmic deck; an alien named for a seat plays whatever its set.
    #[serde(default = "base_sets")]
    pub sets: Vec<String>,
}

/// The FFG base set alone: the sets of a setup that names none (every game before
/// expansions existed).
pub fn base_sets() -> Vec<String> {
    vec!["base".to_string()]
}

/// How players get their aliens (the rule book's alien selection options).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AlienSetup {
    /// No alien powers: the plain game.
    #[default]
    None,
    /// These aliens (indexes into the components' aliens), seat by seat.
    Fixed(Vec<u16>),
    /// The "Flare Cards" option: each player is dealt two flares and keeps one as its alien.
    DealtFlares,
    /// Distinct aliens at random.
    Random,
    /// The "Cosmic Combo" option: these aliens (a combo card's list) dealt at random, one
    /// to each seat.
    Combo(Vec<u16>),
}

impl Setup {
    /// A plain FFG game for `players` players.
    pub fn new(players: u8, seed: u64) -> Setup {
        Setup {
            edition: Edition::Ffg,
            players,
            seed,
            variants: Variants::default(),
            aliens: AlienSetup::None,
            sets: base_sets(),
        }
    }
}

/// What a game records while it runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Keep every event in memory (for logs and tests).
    pub record_events: bool,
    /// Check the invariants after every event.
    pub check_invariants: bool,
    /// Keep every answer given (for saves and replays).
    pub record_answers: bool,
}

/// Why a game could not go on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The setup is not playable.
    #[error("invalid setup: {0}")]
    Setup(String),
    /// An agent failed to answer.
    #[error("{player} could not answer the {kind} decision: {message}")]
    Agent {
        /// The player's color.
        player: String,
        /// The decision kind.
        kind: &'static str,
        /// What went wrong.
        message: String,
    },
    /// An agent kept giving illegal answers.
    #[error("{player} gave illegal answers to the {kind} decision: {reason}")]
    IllegalAnswers {
        /// The player's color.
        player: String,
        /// The decision kind.
        kind: &'static str,
        /// The last refusal.
        reason: String,
    },
    /// An invariant of the game state was broken: an engine bug.
    #[error("invariant violated after event {seq}: {message}")]
    Invariant {
        /// The event after which it was found.
        seq: u32,
        /// What is wrong.
        message: String,
    },
    /// The rules reached a state they cannot continue from.
    #[error("the game cannot continue: {0}")]
    Stuck(String),
}

/// Why the normal flow of play stops early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Somebody won: unwind to the top.
    GameOver,
    /// The offense's turn ends at once.
    TurnEnds,
    /// The encounter ends at once with this outcome (card text ended it).
    EncounterEnds(crate::state::Outcome),
    /// Card text decided the encounter's winner: play goes straight to resolution.
    EncounterDecided,
    /// Card text stopped the encounter: the offense plays it again from its start.
    EncounterRestarts,
    /// Play cannot go on. Boxed so that a `Flow`, returned by most of the engine, stays two
    /// words and travels in registers: errors are rare, steps of play are not.
    Error(Box<GameError>),
}

impl From<GameError> for Stop {
    fn from(e: GameError) -> Self {
        Stop::Error(Box::new(e))
    }
}

/// The result of a step of play.
pub type Flow<T = ()> = Result<T, Stop>;

/// One answer given during a game, for saves and replays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAnswer {
    /// Who answered.
    pub player: PlayerId,
    /// What about.
    pub kind: DecisionKind,
    /// The answer.
    pub answer: Answer,
}

/// Counters of a finished or running game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Events emitted.
    pub events: u64,
    /// Decisions put to agents (forced ones not counted).
    pub decisions: u64,
    /// Encounters begun.
    pub encounters: u32,
    /// Turns begun.
    pub turns: u32,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winners (several when they share the win; none if the turn limit stopped it or
    /// card text ended it with every player losing).
    pub winners: Vec<PlayerId>,
    /// Counters.
    pub stats: Stats,
}

/// A callback that sees every event as it happens.
type Observer<'h> = Box<dyn FnMut(&Event, &Scene) + 'h>;

/// A callback that sees every decision put to an agent, with the whole game.
type DecisionObserver<'h> = Box<dyn FnMut(&Decision, &Scene) + 'h>;

/// A callback that sees every decision the engine made without asking, with its only answer.
type ForcedObserver<'h> = Box<dyn FnMut(&Decision, &Answer, &Scene) + 'h>;

/// Refusals tolerated before an agent's answers are given up on.
const MAX_REFUSALS: usize = 5;

/// A game in progress.
pub struct Game<'h> {
    pub(crate) state: GameState,
    pub(crate) components: Arc<Components>,
    pub(crate) rng: ChaCha8Rng,
    pub(crate) agents: Vec<Box<dyn Agent + 'h>>,
    pub(crate) hooks: &'h dyn Hooks,
    pub(crate) options: Options,
    pub(crate) events: Vec<Event>,
    pub(crate) answers: Vec<RecordedAnswer>,
    pub(crate) stats: Stats,
    pub(crate) violation: Option<GameError>,
    pub(crate) seed: u64,
    /// Things content may answer at the next window.
    pub(crate) moments: Vec<crate::hooks::Moment>,
    /// Set while a player discards its hand to draw a new one.
    pub(crate) new_hand: bool,
    /// The player whose feeding text runs now (`set_feeding`).
    pub(crate) feeding: Option<PlayerId>,
    /// Cards of hired ships lost in the move under way, announced once it is (`hired.rs`).
    pub(crate) lost_hired: Vec<crate::ids::CardId>,
    /// Ships freed from stacks broken in a move, by owner, to be announced after it.
    pub(crate) freed: Vec<(crate::ids::PlayerId, u8)>,
    /// Cards drawn from a deck in the encounter numbered `drawn_in` (`Stats::encounters`),
    /// with who drew them: see `drawn_this_encounter`. Kept off the state (what the draw
    /// events say already, rebuilt by a save's replay), its room reused from encounter to
    /// encounter.
    drawn: Vec<(crate::ids::PlayerId, crate::ids::CardId)>,
    drawn_in: u32,
    observer: Option<Observer<'h>>,
    decision_observer: Option<DecisionObserver<'h>>,
    forced_observer: Option<ForcedObserver<'h>>,
    /// Where the number of events played so far is kept for a progress display
    /// (`set_progress`): a plain store per event, read by another thread.
    progress: Option<&'h std::sync::atomic::AtomicU64>,
    /// Whether anything follows an event: a progress count, the checks, a log or an observer
    /// (`follows_events`, kept up to date by whatever sets them), so that an event nobody
    /// keeps is one test.
    followed: bool,
    /// Setup's events, kept for an observer attached after `new` when events are not recorded.
    setup_log: Vec<Event>,
    started: bool,
    /// Each player's holdings stamp (see `holdings_stamp`).
    stamps: [u64; crate::ids::MAX_PLAYERS],
    /// For each cosmic card definition, whether its cards may give abilities
    /// (`Hooks::card_may_act`): moving the others touches no stamp.
    may_act: Vec<bool>,
    /// The next stamp: this game's number in the high half, a count in the low half.
    next_stamp: u64,
    /// Under `check_invariants`: each player's stamp and holdings digest when last checked.
    holdings_seen: std::cell::RefCell<Vec<(u64, u64)>>,
    /// Under `check_invariants`: a problem found where no event was being emitted (a stale
    /// holdings stamp when hooks were called, a quantity skipped wrongly), reported as a
    /// violation at the next event.
    pending_violation: std::cell::RefCell<Option<String>>,
    /// A count that changes whenever a lasting effect starts or ends.
    effects_version: u64,
    /// The holdings version when a lasting effect content started last began (or the state
    /// was last arranged by hand): see `lasting_stamp`.
    lasting_stamp: u64,
    /// The kinds of quantity that may be changed now, under (holdings version, effects
    /// version): `Hooks::changeable` and the lasting modifiers' kinds.
    changeable: std::cell::Cell<(u64, u64, u32)>,
    /// The windows content may act at (`Hooks::windows`), under the holdings version it was
    /// asked for: the hooks answer from holdings alone, so it holds until the version moves.
    windows: std::cell::Cell<(u64, u64)>,
    /// The kinds of moment content may answer (`Hooks::moments`), likewise kept under the
    /// holdings version it was asked for.
    moments_answered: std::cell::Cell<(u64, u32)>,
    /// The last timing order, under the offense and defense it was computed for.
    timing: std::cell::Cell<(PlayerId, Option<PlayerId>, Seats)>,
    /// Option lists of decisions already answered, for the next (`choices`).
    pub(crate) spare_choices: Spares<crate::decision::Choice>,
    /// Lists of places ships were offered from, likewise (`ship_places`).
    pub(crate) spare_places: Spares<(crate::event::Place, u8)>,
    /// Kept while a searching agent sits at the table (`Agent::searches`).
    fork: Option<Box<crate::fork::Fork>>,
    /// In a rollout: when to redeal what the searching player cannot see.
    redeal: Option<crate::fork::Redeal>,
    /// The content ability whose text is running now, if any (`set_acting`): events that
    /// card text causes through the card actions cite it, and decisions it asks name it.
    pub(crate) acting: Option<u32>,
    /// The seats whose ships card text sent to the warp (while `acting` was set) since
    /// content last took them (`swap_sent`): who sent them is content's to say.
    pub(crate) sent: u8,
}

/// Games made so far in this process: each game's stamps start from its own number, so no
/// two games share a stamp and a cache keyed by stamps never mixes games up.
static GAMES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl<'h> Game<'h> {
    /// Sets up a game: colors, planets and ships, decks, hands and the first player.
    pub fn new(
        setup: &Setup,
        components: Arc<Components>,
        agents: Vec<Box<dyn Agent + 'h>>,
        hooks: &'h dyn Hooks,
        options: Options,
    ) -> Result<Game<'h>, GameError> {
        Game::build(setup, components, agents, hooks, options, None)
    }

    /// A rollout's game from a fork's setup: redeals at `redeal`.
    pub(crate) fn set_up(
        setup: &Setup,
        components: Arc<Components>,
        agents: Vec<Box<dyn Agent + 'h>>,
        hooks: &'h dyn Hooks,
        options: Options,
        redeal: crate::fork::Redeal,
    ) -> Result<Game<'h>, GameError> {
        Game::build(setup, components, agents, hooks, options, Some(redeal))
    }

    fn build(
        setup: &Setup,
        components: Arc<Components>,
        agents: Vec<Box<dyn Agent + 'h>>,
        hooks: &'h dyn Hooks,
        options: Options,
        redeal: Option<crate::fork::Redeal>,
    ) -> Result<Game<'h>, GameError> {
        let procedure = crate::procedure::of(setup.edition);
        let seats = procedure.seats();
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
            .map_err(GameError::Setup)?;
        if agents.len() != setup.players as usize {
            return Err(GameError::Setup(format!(
                "{} agents for {} players",
                agents.len(),
                setup.players
            )));
        }
        let rules = Rules::new(setup.edition, &setup.variants);
        let state = procedure.initial_state(setup, &components, rules)?;
        let start = crate::fork::Snapshot {
            state,
            rng: ChaCha8Rng::seed_from_u64(setup.seed),
            moments: Vec::new(),
            new_hand: false,
            stats: Stats::default(),
            seed: setup.seed,
        };
        let mut game = Game::assemble(start, components, agents, hooks, options, redeal);
        if game.agents.iter().any(|a| a.searches()) {
            let fork = crate::fork::Fork::at_setup(
                setup.clone(),
                game.components.clone(),
                options.check_invariants,
            );
            game.fork = Some(Box::new(fork));
        }
        game.touch_holdings(Holders::All);
        // Setup's log is kept: room for its events (a hand drawn a card at a time, the
        // aliens given, the destiny cards turned for the first player) from the start.
        let per_player = game.state.rules.hand_size as usize + 4;
        game.events
            .reserve(setup.players as usize * per_player + 16);
        game.options.record_events = true;
        game.followed = game.follows_events();
        game.emit(
            Rule::Setup,
            EventKind::GameStarted {
                seed: setup.seed,
                players: setup.players,
            },
        );
        procedure
            .deal_setup(&mut game, setup)
            .map_err(|s| match s {
                Stop::Error(e) => *e,
                _ => GameError::Stuck("setup was interrupted".into()),
            })?;
        game.options.record_events = options.record_events;
        game.followed = game.follows_events();
        if !options.record_events {
            game.setup_log = std::mem::take(&mut game.events);
        }
        Ok(game)
    }

    /// Keeps the number of events played so far in `counter` after every event, for a
    /// display of a long game's progress on another thread (no log is kept for it).
    pub fn set_progress(&mut self, counter: &'h std::sync::atomic::AtomicU64) {
        self.progress = Some(counter);
        self.followed = true;
    }

    /// A rollout's game from a snapshot taken between two turns: redeals at `redeal`.
    pub(crate) fn restore(
        snapshot: crate::fork::Snapshot,
        components: Arc<Components>,
        agents: Vec<Box<dyn Agent + 'h>>,
        hooks: &'h dyn Hooks,
        options: Options,
        redeal: crate::fork::Redeal,
    ) -> Game<'h> {
        let mut game = Game::assemble(snapshot, components, agents, hooks, options, Some(redeal));
        // Snapshots are taken between turns: setup is over.
        game.started = true;
        game.touch_holdings(Holders::All);
        game
    }

    /// A game at `start` with nothing yet logged, observed or cached: what `new` and
    /// `restore` share.
    fn assemble(
        start: crate::fork::Snapshot,
        components: Arc<Components>,
        agents: Vec<Box<dyn Agent + 'h>>,
        hooks: &'h dyn Hooks,
        options: Options,
        redeal: Option<crate::fork::Redeal>,
    ) -> Game<'h> {
        let may_act = (0..components.cosmic.len())
            .map(|d| hooks.card_may_act(d as u16))
            .collect();
        let first_stamp = GAMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed) << 32;
        Game {
            state: start.state,
            components,
            rng: start.rng,
            agents,
            hooks,
            options,
            events: Vec::new(),
            answers: Vec::new(),
            stats: start.stats,
            violation: None,
            seed: start.seed,
            moments: start.moments,
            new_hand: start.new_hand,
            // Snapshots are taken between turns, where no text runs.
            feeding: None,
            lost_hired: Vec::new(),
            freed: Vec::new(),
            drawn: Vec::new(),
            drawn_in: 0,
            observer: None,
            decision_observer: None,
            forced_observer: None,
            progress: None,
            followed: options.check_invariants || options.record_events,
            setup_log: Vec::new(),
            started: false,
            stamps: [0; crate::ids::MAX_PLAYERS],
            may_act,
            next_stamp: first_stamp,
            holdings_seen: Default::default(),
            pending_violation: Default::default(),
            effects_version: 0,
            // Unique to the game, as its stamps are: effects restored with the state count.
            lasting_stamp: first_stamp,
            changeable: std::cell::Cell::new((u64::MAX, u64::MAX, 0)),
            windows: std::cell::Cell::new((u64::MAX, 0)),
            moments_answered: std::cell::Cell::new((u64::MAX, 0)),
            timing: std::cell::Cell::new((PlayerId(u8::MAX), None, Seats::default())),
            spare_choices: Spares::default(),
            spare_places: Spares::default(),
            fork: None,
            redeal,
            // No card text runs before setup or between turns.
            acting: None,
            sent: 0,
        }
    }

    /// What a rollout needs to start again from here, between two turns.
    fn snapshot(&self) -> crate::fork::Snapshot {
        crate::fork::Snapshot {
            state: self.state.clone(),
            rng: self.rng.clone(),
            moments: self.moments.clone(),
            new_hand: self.new_hand,
            stats: self.stats,
            seed: self.seed,
        }
    }

    /// A copy of the game's state, taken the way a search's checkpoint takes it (for
    /// benchmarks: `cosmic bench` times it).
    pub fn clone_state(&self) -> GameState {
        self.snapshot().state
    }

    /// Calls `observer` with every event from now on (a terminal printing the log as it
    /// happens, a progress display...).
    /// Setup's events are shown to it first.
    pub fn set_observer(&mut self, observer: impl FnMut(&Event, &Scene) + 'h) {
        let mut observer: Observer<'h> = Box::new(observer);
        let names = Scene {
            state: &self.state,
            components: &self.components,
        };
        let past = if self.options.record_events {
            &self.events
        } else {
            &self.setup_log
        };
        for e in past {
            observer(e, &names);
        }
        self.setup_log = Vec::new();
        self.observer = Some(observer);
        self.followed = true;
    }

    /// Calls `observer` each time a decision is put to an agent (forced ones are not put, see
    /// `set_forced_observer`; a refused answer means it is put again), before the agent
    /// answers: for the game's owner, e.g. a test journaling what was asked.
    pub fn set_decision_observer(&mut self, observer: impl FnMut(&Decision, &Scene) + 'h) {
        self.decision_observer = Some(Box::new(observer));
    }

    /// Calls `observer` with each decision that had a single legal answer, and that answer,
    /// when the engine makes it without asking (no agent sees it; it is not a recorded answer).
    pub fn set_forced_observer(&mut self, observer: impl FnMut(&Decision, &Answer, &Scene) + 'h) {
        self.forced_observer = Some(Box::new(observer));
    }

    /// The state (read-only).
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The state, for arranging a scenario before play starts. Changes made here bypass
    /// the event log; the invariants are checked again at the next event.
    pub fn state_mut(&mut self) -> &mut GameState {
        self.touch_holdings(Holders::All);
        self.effects_changed();
        self.lasting_stamp = self.next_stamp;
        &mut self.state
    }

    /// A number that changes whenever what `p` holds may have changed: its alien powers, its
    /// techs, its hand and the cards on its sheet. Hooks may cache what they derive from a
    /// player's holdings under this stamp; no two games share a stamp.
    pub fn holdings_stamp(&self, p: PlayerId) -> u64 {
        self.stamps[p.ix()]
    }

    /// A number that changes whenever anybody's holdings may have changed (the latest
    /// `holdings_stamp` given); no two games share one.
    pub fn holdings_version(&self) -> u64 {
        self.next_stamp
    }

    /// A number that changes whenever a lasting effect content started begins, unique to
    /// the game: hooks may cache what they derive from the content effects in force under it
    /// (one that ended may still be counted until the number moves again).
    pub fn lasting_stamp(&self) -> u64 {
        self.lasting_stamp
    }

    /// The cards drawn from a deck this encounter, in order, with who drew them, leaving out
    /// those the drawer's own feeding text drew (`Game::set_feeding`): what `the cards
    /// drawn` names in an answer to a player's own draws.
    pub fn drawn_this_encounter(&self) -> &[(crate::ids::PlayerId, crate::ids::CardId)] {
        if self.drawn_in == self.stats.encounters {
            &self.drawn
        } else {
            &[]
        }
    }

    /// Notes that `p` drew `card` (not by its own feeding text); returns how many draws the
    /// encounter's record holds now.
    pub(crate) fn record_draw(&mut self, p: crate::ids::PlayerId, card: crate::ids::CardId) -> u16 {
        if self.drawn_in != self.stats.encounters {
            self.drawn.clear();
            self.drawn_in = self.stats.encounters;
        }
        self.drawn.push((p, card));
        self.drawn.len() as u16
    }

    /// Notes that a content lasting effect began (after a new holdings stamp).
    pub(crate) fn lasting_began(&mut self) {
        self.lasting_stamp = self.next_stamp;
    }

    /// Notes that a lasting effect started or ended (what may change a quantity changed).
    pub(crate) fn effects_changed(&mut self) {
        self.effects_version += 1;
    }

    /// The kinds of quantity that content or a lasting modifier may change now.
    #[inline]
    fn changeable(&self) -> u32 {
        let key = (self.holdings_version(), self.effects_version);
        let (version, effects, mask) = self.changeable.get();
        if (version, effects) == key {
            return mask;
        }
        self.compute_changeable()
    }

    /// Whether content may act at `window` now (`Hooks::windows`, kept under the holdings
    /// version): the hooks are not called at a window nothing held acts at.
    #[inline]
    pub(crate) fn may_act_at(&self, window: crate::hooks::Window) -> bool {
        let (version, mask) = self.windows.get();
        let mask = if version == self.holdings_version() {
            mask
        } else {
            self.ask_windows()
        };
        mask & window.bit() != 0
    }

    /// `Hooks::windows`, asked afresh and kept under the holdings version.
    #[inline(never)]
    fn ask_windows(&self) -> u64 {
        let mask = self.hooks().windows(self);
        self.windows.set((self.holdings_version(), mask));
        mask
    }

    /// Passes `moment` to the hooks, unless nothing held may answer its kind
    /// (`Hooks::moments`, kept under the holdings version): most moments (ships to the
    /// warp, cards drawn) have no answer held anywhere.
    #[inline]
    pub(crate) fn pass_moment(&mut self, moment: crate::hooks::Moment) -> Flow {
        let (version, mask) = self.moments_answered.get();
        let mask = if version == self.holdings_version() {
            mask
        } else {
            self.ask_moments()
        };
        if mask & moment.bit() == 0 {
            return Ok(());
        }
        self.hooks().moment(moment, self)
    }

    /// `Hooks::moments`, asked afresh and kept under the holdings version.
    #[inline(never)]
    fn ask_moments(&self) -> u32 {
        let mask = self.hooks().moments(self);
        self.moments_answered.set((self.holdings_version(), mask));
        mask
    }

    /// `changeable`, computed afresh and kept under the versions it was computed for.
    #[inline(never)]
    fn compute_changeable(&self) -> u32 {
        let key = (self.holdings_version(), self.effects_version);
        let modified = (self.state.effects.lasting.iter())
            .filter_map(|e| match &e.what {
                crate::effects::Lasting::Modifier { quantity, .. } => Some(quantity.kind_bit()),
                _ => None,
            })
            .fold(0, |a, b| a | b);
        let mask = self.hooks().changeable(self) | modified;
        self.changeable.set((key.0, key.1, mask));
        mask
    }

    /// Gives `p` a new holdings stamp: for a change to its holdings that hooks may see before
    /// the event announcing it.
    pub(crate) fn holdings_changed(&mut self, p: PlayerId) {
        self.touch_holdings(Holders::Players(1 << p.0));
    }

    /// Whose holdings `kind` may change: `EventKind::holders`, but nobody's when the one card
    /// it moves cannot give abilities.
    #[inline(always)]
    fn holders(&self, kind: &EventKind) -> Holders {
        let card = match kind {
            // The card selected is hidden from the log but lies in the encounter by now.
            EventKind::CardSelected { player } => {
                let e = &self.state.encounter;
                let side = if *player == self.state.offense { 0 } else { 1 };
                e.cards[side].filter(|_| side == 0 || e.defense == Some(*player))
            }
            _ => kind.card_moved(),
        };
        match card {
            Some(card) if !self.card_may_act(card) => Holders::None,
            _ => kind.holders(),
        }
    }

    /// Whether `card` may give abilities while held (`Hooks::card_may_act`).
    pub(crate) fn card_may_act(&self, card: crate::ids::CardId) -> bool {
        let def = self.state.cards[card.0 as usize].def as usize;
        self.may_act.get(def).copied().unwrap_or(true)
    }

    /// Gives the players of `who` new holdings stamps.
    #[inline]
    fn touch_holdings(&mut self, who: Holders) {
        let mask = match who {
            Holders::None => return,
            Holders::Players(m) => m,
            Holders::All => u8::MAX,
        };
        for (p, stamp) in self.stamps.iter_mut().enumerate() {
            if mask & (1 << p) != 0 {
                self.next_stamp += 1;
                *stamp = self.next_stamp;
            }
        }
    }

    /// Under `check_invariants`: an error if a player's holdings changed without a new
    /// stamp, in an event that did not say so (`EventKind::holders`) or before hooks were
    /// called, which would let them read stale caches.
    fn check_holdings(&self) -> Result<(), String> {
        let seen: Vec<(u64, u64)> = self
            .state
            .seats()
            .map(|p| {
                (
                    self.stamps[p.ix()],
                    // Asked of the hooks afresh, not of the table the stamps use.
                    invariants::holdings_digest(&self.state, p, |c| {
                        self.hooks.card_may_act(self.state.cards[c.0 as usize].def)
                    }),
                )
            })
            .collect();
        let before = self.holdings_seen.replace(seen);
        let now = self.holdings_seen.borrow();
        for (p, (old, new)) in before.iter().zip(now.iter()).enumerate() {
            if old.0 == new.0 && old.1 != new.1 {
                return Err(format!(
                    "player {p}'s holdings (powers, techs, hand or sheet) changed without an event saying so"
                ));
            }
        }
        Ok(())
    }

    /// Under `check_invariants`: notes it if the hooks would have changed a quantity the
    /// engine skipped as unchangeable (a lasting effect started or ended unnoticed).
    #[cold]
    fn check_unchangeable(&self, q: crate::quantity::Quantity, value: i32) {
        let changed = self.hooks().quantity(q, value, self);
        if changed != value {
            self.note_violation(format!(
                "{q:?} was skipped as unchangeable, but content makes it {changed} (not {value})"
            ));
        }
    }

    /// Under `check_invariants`: keeps a violation found outside an event, for the next
    /// event to report (the first one found stands).
    pub(crate) fn note_violation(&self, message: String) {
        self.pending_violation.borrow_mut().get_or_insert(message);
    }

    /// The hooks, for a call into content. Under `check_invariants` every such call first
    /// checks that no holdings changed without a new stamp (the hooks' caches would be stale),
    /// for the next event to report.
    #[inline]
    pub(crate) fn hooks(&self) -> &'h dyn Hooks {
        if self.options.check_invariants {
            self.audit_holdings_now();
        }
        self.hooks
    }

    #[cold]
    fn audit_holdings_now(&self) {
        if let Err(message) = self.check_holdings() {
            self.note_violation(message);
        }
    }

    /// The components the game was set up from.
    pub fn components(&self) -> &Components {
        &self.components
    }

    /// Name rendering for this game's ids.
    pub fn names(&self) -> Names<'_> {
        Names::new(&self.state, &self.components)
    }

    /// The whole game as its owner sees it.
    pub fn scene(&self) -> Scene<'_> {
        Scene {
            state: &self.state,
            components: &self.components,
        }
    }

    /// The events recorded so far (empty unless `record_events` is on).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The answers recorded so far (empty unless `record_answers` is on).
    pub fn answers(&self) -> &[RecordedAnswer] {
        &self.answers
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The seed the game was set up with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Plays turns until somebody wins (or the turn limit is reached).
    pub fn run(&mut self) -> Result<GameResult, GameError> {
        if !self.started {
            self.started = true;
        }
        let procedure = crate::procedure::of(self.state.rules.edition);
        loop {
            if self.state.turn >= self.state.rules.turn_limit {
                let turns = self.state.turn;
                self.emit(Rule::TurnLimit, EventKind::GameStopped { turns });
                break;
            }
            if self.fork.is_some() {
                let snapshot = self.snapshot();
                if let Some(fork) = self.fork.as_mut() {
                    fork.at_turn(snapshot);
                }
            }
            match procedure.play_turn(self) {
                Ok(()) => {}
                Err(Stop::GameOver) => break,
                Err(Stop::TurnEnds)
                | Err(Stop::EncounterEnds(_))
                | Err(Stop::EncounterDecided)
                | Err(Stop::EncounterRestarts) => {}
                Err(Stop::Error(e)) => return Err(*e),
            }
            if let Some(v) = self.violation.take() {
                return Err(v);
            }
            self.state.offense = procedure.next_player(&self.state);
        }
        if let Some(v) = self.violation.take() {
            return Err(v);
        }
        Ok(GameResult {
            winners: self.state.winners.clone(),
            stats: self.stats,
        })
    }

    /// Records an event caused by a rule.
    // Always inlined, with `emit_caused`, so the kind is known where it is folded.
    #[inline(always)]
    pub(crate) fn emit(&mut self, rule: Rule, kind: EventKind) {
        // Card text's events cite the ability whose text runs, when the hooks said which.
        let cause = match (rule, self.acting) {
            (Rule::CardText, Some(source)) => Cause::Ability(source),
            _ => Cause::Rule(rule),
        };
        self.emit_caused(cause, kind);
    }

    /// Replaces the seats whose ships card text sent to the warp (`Game::sent`) with `sent`;
    /// returns them: content takes them as its text ends, and puts back the outer text's.
    #[inline]
    pub fn swap_sent(&mut self, sent: u8) -> u8 {
        std::mem::replace(&mut self.sent, sent)
    }

    /// Says which content ability's text runs now (`None`: none); returns the one before,
    /// for the caller to restore when the text is done.
    pub fn set_acting(&mut self, source: Option<u32>) -> Option<u32> {
        std::mem::replace(&mut self.acting, source)
    }

    /// Whether events are shown or kept (an observer, or `Options::record_events`): content
    /// may spare itself writing what only a log would read.
    pub fn logs_events(&self) -> bool {
        self.options.record_events || self.observer.is_some()
    }

    /// Records an event with its cause, and checks the invariants if asked to.
    // Always inlined where events are built: their kind is known there, so whose holdings
    // they touch is worked out at compile time and an event nobody keeps costs a counter;
    // the progress count, the checks and the log stay out of line.
    #[inline(always)]
    pub fn emit_caused(&mut self, cause: Cause, kind: EventKind) {
        let seq = self.stats.events as u32;
        self.stats.events += 1;
        self.touch_holdings(self.holders(&kind));
        if self.followed {
            self.after_event(seq, cause, kind);
        } else if kind.is_plain() {
            // Nothing to free: spares a call to the drop glue for every event.
            std::mem::forget(kind);
        }
    }

    /// Whether anything follows an event (what `followed` keeps).
    fn follows_events(&self) -> bool {
        self.progress.is_some()
            || self.options.check_invariants
            || self.options.record_events
            || self.observer.is_some()
    }

    /// What follows event `seq` when anyone counts, checks or keeps events.
    #[inline(never)]
    fn after_event(&mut self, seq: u32, cause: Cause, kind: EventKind) {
        if let Some(p) = self.progress {
            p.store(self.stats.events, std::sync::atomic::Ordering::Relaxed);
        }
        if self.options.check_invariants && self.violation.is_none() {
            self.check_after_event(seq);
        }
        if self.options.record_events || self.observer.is_some() {
            self.record(Event { seq, cause, kind });
        }
    }

    /// Under `check_invariants`: checks the state after event `seq`.
    #[inline(never)]
    fn check_after_event(&mut self, seq: u32) {
        let stale = self
            .pending_violation
            .borrow_mut()
            .take()
            .map_or(Ok(()), Err);
        let checked = crate::procedure::of(self.state.rules.edition)
            .check(&self.state, &self.components)
            .and(stale)
            .and_then(|_| self.check_holdings());
        if let Err(message) = checked {
            self.violation = Some(GameError::Invariant { seq, message });
        }
    }

    /// Shows `event` to the observer and keeps it in the log, as the options say.
    #[inline(never)]
    fn record(&mut self, event: Event) {
        if let Some(observe) = self.observer.as_mut() {
            let scene = Scene {
                state: &self.state,
                components: &self.components,
            };
            observe(&event, &scene);
        }
        if self.options.record_events {
            self.events.push(event);
        }
    }

    /// Puts a decision to a player and returns a legal answer. A decision with exactly one
    /// legal answer is not asked: the forced observer is told of it instead.
    pub fn ask(&mut self, player: PlayerId, kind: DecisionKind, request: Request) -> Flow<Answer> {
        let decision = Decision {
            player,
            kind,
            request,
            asker: self.acting,
        };
        self.ask_decision(&decision)
    }

    /// Puts secret simultaneous decisions (ship dials, plans, tactics) to their players:
    /// every answer is collected before any is revealed. Nothing is emitted and nothing
    /// changes between the asks, so each player decides on a view and a log that show no
    /// other answer of the round; the caller reveals them together afterwards. Returns the
    /// answers in the order of `decisions`.
    pub fn ask_together(&mut self, decisions: &[Decision]) -> Flow<Vec<Answer>> {
        let before = self.stats.events;
        let mut answers = Vec::with_capacity(decisions.len());
        for d in decisions {
            answers.push(self.ask_decision(d)?);
            if self.stats.events != before {
                return Err(Stop::from(GameError::Stuck(
                    "an event was emitted during simultaneous decisions".into(),
                )));
            }
        }
        Ok(answers)
    }

    /// Whether `p`'s agent reads the hints card text gives bots (`Agent::reads_advice`).
    pub fn reads_advice(&self, p: PlayerId) -> bool {
        self.agents[p.ix()].reads_advice()
    }

    /// Puts a prepared decision to its player (see `ask`).
    pub(crate) fn ask_decision(&mut self, decision: &Decision) -> Flow<Answer> {
        if let Some(a) = decision.forced() {
            if let Some(observe) = self.forced_observer.as_mut() {
                let scene = Scene {
                    state: &self.state,
                    components: &self.components,
                };
                observe(decision, &a, &scene);
            }
            return Ok(a);
        }
        self.stats.decisions += 1;
        // Bot games ask hundreds of decisions with nobody watching, recording or forking:
        // one call to the agent and the check of its answer, kept short. The rest (a redeal
        // due, observers, recordings, an answer refused) goes out of line.
        if self.redeal.is_some()
            || self.decision_observer.is_some()
            || self.fork.is_some()
            || self.options.record_answers
        {
            return self.ask_attempts(decision, None);
        }
        let player = decision.player;
        let view = View::new(&self.state, &self.components, player);
        let answer = match self.agents[player.ix()].decide(&view, decision) {
            Ok(answer) => answer,
            Err(e) => return Err(self.agent_failed(decision, e)),
        };
        // An answer that fits the options and proposes no deal terms is legal: checked here,
        // inline; terms (few) and refusals go through `check_answer` out of line.
        if decision.accepts(&answer) && !matches!(answer, Answer::Deal(Some(_))) {
            return Ok(answer);
        }
        self.ask_attempts(decision, Some(answer))
    }

    /// `ask_decision` attempt by attempt, while someone watches, records or forks, or after
    /// a refused answer (`first`: the agent's first answer, not yet told it was refused).
    #[inline(never)]
    fn ask_attempts(&mut self, decision: &Decision, mut first: Option<Answer>) -> Flow<Answer> {
        let (player, kind) = (decision.player, decision.kind);
        if first.is_none() {
            if let Some(r) = self.redeal.filter(|r| r.at == self.stats.decisions) {
                self.redeal = None;
                self.redeal_hidden(r.viewer, r.seed);
            }
        }
        let mut last = Refusal(String::new());
        for _ in 0..MAX_REFUSALS {
            let answer = match first.take() {
                Some(answer) => answer,
                None => {
                    // Observed at every attempt, so a refused answer can be seen to change
                    // nothing.
                    if let Some(observe) = self.decision_observer.as_mut() {
                        let scene = Scene {
                            state: &self.state,
                            components: &self.components,
                        };
                        observe(decision, &scene);
                    }
                    let view = View::new(&self.state, &self.components, player)
                        .with_fork(self.fork.as_deref());
                    match self.agents[player.ix()].decide(&view, decision) {
                        Ok(answer) => answer,
                        Err(e) => return Err(self.agent_failed(decision, e)),
                    }
                }
            };
            match self.check_answer(decision, &answer) {
                Ok(()) => {
                    if let Some(fork) = self.fork.as_mut() {
                        fork.answers.push(RecordedAnswer {
                            player,
                            kind,
                            answer: answer.clone(),
                        });
                    }
                    if self.options.record_answers {
                        self.answers.push(RecordedAnswer {
                            player,
                            kind,
                            answer: answer.clone(),
                        });
                    }
                    return Ok(answer);
                }
                Err(why) => {
                    let view = View::new(&self.state, &self.components, player);
                    self.agents[player.ix()].refused(&view, decision, &answer, &why);
                    last = why;
                }
            }
        }
        Err(Stop::from(GameError::IllegalAnswers {
            player: self.state.players[player.ix()].color.name().into(),
            kind: kind.name(),
            reason: last.0,
        }))
    }

    /// The stop for an agent that could not answer `decision`.
    #[cold]
    fn agent_failed(&self, decision: &Decision, e: AgentError) -> Stop {
        Stop::from(GameError::Agent {
            player: self.state.players[decision.player.ix()].color.name().into(),
            kind: decision.kind.name(),
            message: e.0,
        })
    }

    /// Checks an answer: its shape and options, and for deals the terms themselves.
    fn check_answer(&self, decision: &Decision, answer: &Answer) -> Result<(), Refusal> {
        decision.validate(answer)?;
        if let (Request::Deal(r), Answer::Deal(Some(terms))) = (&decision.request, answer) {
            return self.check_terms(decision.player, r, terms);
        }
        Ok(())
    }

    /// Checks proposed deal terms: a group deal's (card text's, among `r.parties`) or the main
    /// players'. Out of line: deals are few, and every answer passes `check_answer`.
    #[inline(never)]
    fn check_terms(
        &self,
        proposer: PlayerId,
        r: &crate::decision::DealRequest,
        terms: &crate::deal::DealTerms,
    ) -> Result<(), Refusal> {
        let checked = if r.parties != 0 {
            terms.check_group(&self.state, proposer, r.parties)
        } else {
            terms.check(&self.state, r.side, &r.terms)
        };
        checked.map_err(Refusal)
    }

    /// An empty list to build a decision's options in: one a decision answered before left
    /// behind, so that the many small decisions of a game seldom allocate.
    pub fn choices(&mut self) -> Vec<crate::decision::Choice> {
        self.spare_choices.take()
    }

    /// An empty list of places to offer ships from, kept like `choices`.
    pub fn ship_places(&mut self) -> Vec<(crate::event::Place, u8)> {
        self.spare_places.take()
    }

    /// Asks a pick among `options` and returns the picked option.
    pub fn pick(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: Vec<crate::decision::Choice>,
    ) -> Flow<crate::decision::Choice> {
        let (i, options) = self.ask_pick(player, kind, options)?;
        let picked = options[i];
        self.spare_choices.keep(options);
        Ok(picked)
    }

    /// Asks a pick among `options` and returns where the picked option is in them.
    pub fn pick_index(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: Vec<crate::decision::Choice>,
    ) -> Flow<usize> {
        let (i, options) = self.ask_pick(player, kind, options)?;
        self.spare_choices.keep(options);
        Ok(i)
    }

    /// Asks a pick; returns the picked index and the options (given back, not copied).
    // Always inlined into `pick` and `pick_index`: a call less, and the index and the options
    // stay in registers instead of going through a returned tuple, for most decisions a game
    // asks.
    #[inline(always)]
    fn ask_pick(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: Vec<crate::decision::Choice>,
    ) -> Flow<(usize, Vec<crate::decision::Choice>)> {
        // A forced pick needs no decision built, unless someone watches forced decisions.
        if let Some(i) = crate::decision::forced_pick(&options) {
            if self.forced_observer.is_none() {
                return Ok((i, options));
            }
        }
        let decision = Decision {
            player,
            kind,
            request: Request::Pick(options),
            asker: self.acting,
        };
        match (self.ask_decision(&decision)?, decision.request) {
            (Answer::Pick(i), Request::Pick(options)) => Ok((i, options)),
            _ => unreachable_answer(),
        }
    }

    /// The order in which simultaneous abilities and rounds of play go, by the edition's
    /// timing rule (`procedure::timing_order`).
    #[inline]
    pub fn timing_order(&self) -> Seats {
        // Asked at every window and for every answer: kept while the main players stay.
        let (o, d) = (self.state.offense, self.state.encounter.defense);
        let (last_o, last_d, order) = self.timing.get();
        if (last_o, last_d) == (o, d) {
            return order;
        }
        let order = crate::procedure::timing_order(&self.state);
        self.timing.set((o, d, order));
        order
    }

    /// The main player on `side` (the defense must be named).
    pub fn main(&self, side: Side) -> PlayerId {
        match side {
            Side::Offense => self.state.offense,
            Side::Defense => self.state.encounter.defense.unwrap_or(self.state.offense),
        }
    }

    /// A quantity as the rules compute it (`value`), changed by content. The common case,
    /// nothing that could change it, is kept small enough to inline.
    #[inline]
    pub fn quantity(&self, q: crate::quantity::Quantity, value: i32) -> i32 {
        // Most quantities have nothing that could change them: no call into the hooks.
        if self.changeable() & q.kind_bit() == 0 && !self.options.check_invariants {
            return value;
        }
        self.compute_quantity(q, value)
    }

    /// `quantity` when content or a lasting modifier may change it (or under the checks).
    #[inline(never)]
    fn compute_quantity(&self, q: crate::quantity::Quantity, value: i32) -> i32 {
        if self.changeable() & q.kind_bit() == 0 {
            self.check_unchangeable(q, value);
            return value;
        }
        self.hooks().quantity(q, value, self)
    }

    /// The players with enough foreign colonies to win now (FFG's and Eon's win).
    pub(crate) fn winners_by_colonies(&self) -> Vec<PlayerId> {
        if self.below_colonies_to_win() {
            return Vec::new();
        }
        self.state.seats().filter(|&p| self.has_won(p)).collect()
    }

    /// Whether `p` has enough foreign colonies to win.
    fn has_won(&self, p: PlayerId) -> bool {
        let need = self.state.rules.colonies_to_win as i32;
        let pl = &self.state.players[p.ix()];
        // Planets kept on the sheet count toward the win beside the track.
        let track = pl.track as i32 + pl.sheet_planets as i32;
        track >= self.quantity(crate::quantity::Quantity::ColoniesToWin(p), need)
    }

    /// Ends the game if anyone has won by the edition's rules; all such players share the win.
    /// Checked at the end of every phase of FFG's and Eon's encounters, which are won by
    /// colonies: the usual answer (no track has reached the colonies needed, and nothing can
    /// change that number) is given here, before the procedure is asked.
    #[inline]
    pub(crate) fn check_win(&mut self) -> Flow {
        if self.below_colonies_to_win() {
            return Ok(());
        }
        self.check_win_now()
    }

    /// Whether every track is below the colonies needed to win while nothing can change
    /// that number (never under the checks, which compute every quantity).
    #[inline]
    fn below_colonies_to_win(&self) -> bool {
        let need = self.state.rules.colonies_to_win;
        self.changeable() & crate::quantity::Quantity::ColoniesToWin(PlayerId(0)).kind_bit() == 0
            && !self.options.check_invariants
            && (self.state.players.iter())
                .all(|pl| pl.track.saturating_add(pl.sheet_planets) < need)
    }

    /// `check_win` past its usual answer: asks the procedure who has won.
    #[inline(never)]
    fn check_win_now(&mut self) -> Flow {
        let winners = crate::procedure::of(self.state.rules.edition).winners(self);
        if winners.is_empty() {
            return Ok(());
        }
        self.open_game_won(winners)?;
        let winners = self.state.winners.clone();
        self.emit(Rule::Win, EventKind::GameWon { winners });
        Err(Stop::GameOver)
    }

    /// The game is won by `winners`: they are named in the state and content may join the
    /// win at `Window::GameWon` (a win while it is open adds to them) before the game ends.
    /// Queued moments are left unanswered, as the game ends here.
    pub(crate) fn open_game_won(&mut self, winners: Vec<PlayerId>) -> Flow {
        self.state.winners = winners;
        if self.may_act_at(crate::hooks::Window::GameWon) {
            self.hooks().at(crate::hooks::Window::GameWon, self)?;
        }
        Ok(())
    }
}

/// The engine validated the answer's shape before this point.
#[cold]
pub(crate) fn unreachable_answer<T>() -> Flow<T> {
    Err(Stop::from(GameError::Stuck(
        "an answer of the wrong shape passed validation".into(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::{CardDef, CardKind, Components, DestinyDef, DestinyKind};
    use crate::hooks::NoHooks;
    use crate::ids::{CardId, Color};

    /// A small plain deck: attack cards and negotiates, and one destiny card per color.
    fn components() -> Components {
        let mut cosmic: Vec<CardDef> = (1..=10)
            .map(|v| CardDef {
                name: format!("Attack {v:02}"),
                kind: CardKind::Attack(v),
                count: 4,
                back: Default::default(),
                crooked: false,
            })
            .collect();
        cosmic.push(CardDef {
            name: "Negotiate".into(),
            kind: CardKind::Negotiate,
            count: 10,
            back: Default::default(),
            crooked: false,
        });
        let destiny = Color::ALL
            .iter()
            .map(|&c| DestinyDef {
                kind: DestinyKind::Color(c),
                hazard: false,
                reverse_cone: false,
                name: None,
            })
            .collect();
        Components {
            cosmic,
            destiny,
            ..Components::default()
        }
    }

    /// Hooks for which only the negotiates (the last definition) may give abilities.
    struct OnlyNegotiatesAct;

    impl Hooks for OnlyNegotiatesAct {
        fn card_may_act(&self, def: u16) -> bool {
            def == 10
        }
    }

    /// A checked three-player game, set up and not yet played.
    fn game(hooks: &dyn Hooks) -> Game<'_> {
        let agents: Vec<Box<dyn Agent>> = (0..3)
            .map(|s| Box::new(crate::agents::random::RandomAgent::new(s)) as Box<dyn Agent>)
            .collect();
        let options = Options {
            check_invariants: true,
            ..Options::default()
        };
        Game::new(
            &Setup::new(3, 7),
            Arc::new(components()),
            agents,
            hooks,
            options,
        )
        .expect("setup")
    }

    /// Moves a card from the first player's hand to the second's, behind the stamps' back
    /// (only engine code can): every card is still somewhere once.
    fn slip_a_card(game: &mut Game) {
        let card = game.state.players[0].hand.pop().expect("a dealt hand");
        game.state.players[1].hand.push(card);
    }

    #[test]
    fn a_step_of_play_returns_in_two_words() {
        // `Flow` is returned by most of the engine; an unboxed error would make every
        // return go through memory.
        assert!(std::mem::size_of::<Flow>() <= 2 * std::mem::size_of::<usize>());
    }

    /// Hooks that may act at every window (the trait's defaults) and do nothing there, so
    /// that the engine calls them at each.
    struct EveryWindow;

    impl Hooks for EveryWindow {}

    #[test]
    fn holdings_changed_before_a_hook_call_without_a_new_stamp_are_a_violation() {
        let hooks = EveryWindow;
        let mut game = game(&hooks);
        slip_a_card(&mut game);
        game.window(crate::hooks::Window::GateAimed)
            .expect("no content acts");
        // Even an event that gives everybody new stamps reports the stale read made before it.
        game.emit(Rule::StartTurn, EventKind::CosmicQuake);
        let seen = game.violation.clone();
        assert!(
            matches!(&seen, Some(GameError::Invariant { message, .. }) if message.contains("holdings")),
            "{seen:?}"
        );
    }

    #[test]
    fn holdings_changed_with_a_new_stamp_are_no_violation() {
        let hooks = NoHooks;
        let mut game = game(&hooks);
        let (a, b) = (
            game.holdings_stamp(PlayerId(0)),
            game.holdings_stamp(PlayerId(1)),
        );
        slip_a_card(&mut game);
        game.holdings_changed(PlayerId(0));
        game.holdings_changed(PlayerId(1));
        assert!(game.holdings_stamp(PlayerId(0)) != a && game.holdings_stamp(PlayerId(1)) != b);
        game.quantity(crate::quantity::Quantity::EncountersPerTurn, 2);
        game.emit(
            Rule::StartTurn,
            EventKind::TurnStarted {
                turn: 1,
                offense: PlayerId(0),
            },
        );
        assert_eq!(game.violation, None);
    }

    #[test]
    fn an_event_that_does_not_say_it_changed_holdings_is_a_violation() {
        let hooks = NoHooks;
        let mut game = game(&hooks);
        slip_a_card(&mut game);
        game.emit(
            Rule::StartTurn,
            EventKind::TurnStarted {
                turn: 1,
                offense: PlayerId(0),
            },
        );
        assert!(matches!(game.violation, Some(GameError::Invariant { .. })));
    }

    #[test]
    fn stamps_are_never_shared_between_games() {
        let hooks = NoHooks;
        let (one, two) = (game(&hooks), game(&hooks));
        let stamps =
            |g: &Game| -> Vec<u64> { g.state.seats().map(|p| g.holdings_stamp(p)).collect() };
        assert!(stamps(&one).iter().all(|s| !stamps(&two).contains(s)));
        assert_ne!(one.holdings_version(), two.holdings_version());
    }

    #[test]
    fn moving_a_card_that_cannot_give_abilities_gives_no_new_stamp() {
        let hooks = OnlyNegotiatesAct;
        let mut game = game(&hooks);
        let p = PlayerId(0);
        let find = |g: &Game, negotiate: bool| {
            (g.state.cards.iter().enumerate())
                .find(|(_, c)| (c.kind == CardKind::Negotiate) == negotiate)
                .map(|(i, _)| CardId(i as u16))
                .expect("a card of each kind")
        };
        let (attack, negotiate) = (find(&game, false), find(&game, true));
        let before = game.holdings_stamp(p);
        game.emit(
            Rule::NewHand,
            EventKind::CardDrawn {
                player: p,
                card: attack,
            },
        );
        assert_eq!(game.holdings_stamp(p), before);
        game.emit(
            Rule::NewHand,
            EventKind::CardDrawn {
                player: p,
                card: negotiate,
            },
        );
        assert_ne!(game.holdings_stamp(p), before);
    }

    #[test]
    fn cards_that_cannot_give_abilities_are_not_audited() {
        let hooks = OnlyNegotiatesAct;
        let mut game = game(&hooks);
        // The first player's hand loses an attack card behind the stamps' back: no violation.
        let hand = &game.state.players[0].hand;
        let k = (hand.iter())
            .position(|&c| game.state.kind(c) != CardKind::Negotiate)
            .expect("an attack card in a dealt hand");
        let card = game.state.players[0].hand.remove(k);
        game.state.players[1].hand.push(card);
        let turn = EventKind::TurnStarted {
            turn: 1,
            offense: PlayerId(0),
        };
        game.emit(Rule::StartTurn, turn.clone());
        assert_eq!(game.violation, None);
        // A negotiate moved from the deck into a hand the same way is one.
        let k = (game.state.piles.cosmic.draw.iter())
            .position(|&c| game.state.kind(c) == CardKind::Negotiate)
            .expect("a negotiate in the deck");
        let negotiate = game.state.piles.cosmic.draw.remove(k);
        game.state.players[2].hand.push(negotiate);
        game.emit(Rule::StartTurn, turn);
        let seen = game.violation.clone();
        assert!(
            matches!(&seen, Some(GameError::Invariant { message, .. }) if message.contains("holdings")),
            "{seen:?}"
        );
    }

    /// Hooks that act only at the start of the destiny phase, counting the windows they are
    /// called at.
    #[derive(Default)]
    struct DestinyOnly {
        calls: std::cell::Cell<u32>,
        elsewhere: std::cell::Cell<u32>,
    }

    impl Hooks for DestinyOnly {
        fn windows(&self, _: &Game<'_>) -> u64 {
            crate::hooks::Window::PhaseStart(crate::state::Phase::Destiny).bit()
        }

        fn at(&self, window: crate::hooks::Window, _: &mut Game<'_>) -> Flow {
            self.calls.set(self.calls.get() + 1);
            if window != crate::hooks::Window::PhaseStart(crate::state::Phase::Destiny) {
                self.elsewhere.set(self.elsewhere.get() + 1);
            }
            Ok(())
        }
    }

    #[test]
    fn hooks_are_called_only_at_the_windows_they_may_act_at() {
        let hooks = DestinyOnly::default();
        let mut game = game(&hooks);
        game.run().expect("the game ends");
        assert!(hooks.calls.get() > 0, "called at the destiny phase's start");
        assert_eq!(hooks.elsewhere.get(), 0, "called at no other window");
    }
}
