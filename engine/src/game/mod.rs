//! A game in progress: the state, the agents, the hooks, the RNG and the log, and the turn loop.

use crate::agent::{Agent, AgentError};
use crate::components::Components;
use crate::decision::{Answer, Decision, DecisionKind, Refusal, Request};
use crate::edition::{Edition, Variants};
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

mod asking;
mod holdings;
mod winning;

pub use crate::setup::Prepared;

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
    /// No observer will be attached once the game is made (`Game::set_observer`), so
    /// setup's events need not be kept for one when events are not recorded (a run of games).
    pub no_late_observer: bool,
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
    /// While set, stacks entering the warp stay whole (`Game::move_ships_keeping_stacks`).
    pub(crate) stacks_kept: bool,
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
    may_act: Arc<[bool]>,
    /// The next stamp: this game's number in the high half, a count in the low half.
    next_stamp: u64,
    /// Under `check_invariants`: each player's stamp and holdings digest when last checked.
    holdings_seen: std::cell::RefCell<Vec<(u64, u64)>>,
    /// Under `check_invariants`: a problem found where no event was being emitted (a stale
    /// holdings stamp when hooks were called, a quantity skipped wrongly), reported as a
    /// violation at the next event.
    pending_violation: std::cell::RefCell<Option<String>>,
    /// A count that changes whenever a lasting effect that may change a quantity starts or
    /// ends.
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
    /// Whether decisions are asked plainly: nobody watches them (asked or forced), records
    /// their answers or forks the game, and no redeal is due (`asks_plainly`, kept up to
    /// date by whatever sets them), so that a bot's decision tests one flag.
    plain_asking: bool,
    /// The content ability whose text is running now, if any (`set_acting`): events that
    /// card text causes through the card actions cite it, and decisions it asks name it.
    pub(crate) acting: Option<u32>,
    /// The seats whose ships card text sent to the warp (while `acting` was set) since
    /// content last took them (`swap_sent`): who sent them is content's to say.
    pub(crate) sent: u8,
}

/// Refuses a list of agents that does not seat one per player.
fn check_agents(agents: &[Box<dyn Agent + '_>], players: u8) -> Result<(), GameError> {
    if agents.len() != players as usize {
        return Err(GameError::Setup(format!(
            "{} agents for {} players",
            agents.len(),
            players
        )));
    }
    Ok(())
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
        Prepared::check(setup)?;
        check_agents(&agents, setup.players)?;
        let prepared = Prepared::lay_out(setup, components)?;
        Game::start(&prepared, setup.seed, agents, hooks, options, redeal)
    }

    /// Sets up a game of `prepared`'s setup with the RNG seeded `seed`: the game
    /// `Game::new` sets up from that setup with that seed.
    pub fn prepared(
        prepared: &Prepared,
        seed: u64,
        agents: Vec<Box<dyn Agent + 'h>>,
        hooks: &'h dyn Hooks,
        options: Options,
    ) -> Result<Game<'h>, GameError> {
        check_agents(&agents, prepared.setup().players)?;
        Game::start(prepared, seed, agents, hooks, options, None)
    }

    /// Deals a game of a prepared setup (checked, with as many agents as seats).
    fn start(
        prepared: &Prepared,
        seed: u64,
        agents: Vec<Box<dyn Agent + 'h>>,
        hooks: &'h dyn Hooks,
        options: Options,
        redeal: Option<crate::fork::Redeal>,
    ) -> Result<Game<'h>, GameError> {
        let setup = prepared.setup();
        let start = crate::fork::Snapshot {
            state: prepared.fresh_state(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            moments: Vec::new(),
            new_hand: false,
            stats: Stats::default(),
            seed,
        };
        let components = prepared.components().clone();
        let mut game = Game::assemble(start, components, agents, hooks, options, redeal);
        if game.agents.iter().any(|a| a.searches()) {
            let fork = crate::fork::Fork::at_setup(
                Setup {
                    seed,
                    ..setup.clone()
                },
                game.components.clone(),
                options.check_invariants,
            );
            game.fork = Some(Box::new(fork));
            game.plain_asking = game.asks_plainly();
        }
        game.touch_holdings(Holders::All);
        // Setup's log is kept, for the game's log or a late observer: room for its events (a
        // hand drawn a card at a time, the aliens given, the destiny cards turned for the
        // first player) from the start.
        let hand = game.state.rules.hand_size as usize;
        let setup_log = options.record_events || !options.no_late_observer;
        if setup_log {
            game.events
                .reserve(setup.players as usize * (hand + 4) + 16);
        }
        // And for the starting hands' draws in the encounter's record (`record_draw`).
        game.drawn.reserve(setup.players as usize * hand);
        game.options.record_events = setup_log;
        game.followed = game.follows_events();
        game.emit(
            Rule::Setup,
            EventKind::GameStarted {
                seed,
                players: setup.players,
            },
        );
        crate::procedure::of(setup.edition)
            .deal_setup(&mut game, prepared)
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
        // Asked once a load when the hooks keep the answers (a table as long as the deck's
        // definitions), else once a definition.
        let defs = components.cosmic.len();
        let may_act = match hooks.cards_may_act() {
            Some(table) if table.len() == defs => table,
            _ => (0..defs).map(|d| hooks.card_may_act(d as u16)).collect(),
        };
        let first_stamp = GAMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed) << 32;
        // Whatever the state given, its colony masks are counted afresh at the first move.
        let mut state = start.state;
        state.colonies_stale();
        Game {
            state,
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
            stacks_kept: false,
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
            // `asks_plainly` for a game with no observer and no fork yet.
            plain_asking: redeal.is_none() && !options.record_answers,
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
    /// Setup's events are shown to it first (unless `Options::no_late_observer` said none
    /// would come).
    pub fn set_observer(&mut self, observer: impl FnMut(&Event, &Scene) + 'h) {
        debug_assert!(
            !self.options.no_late_observer,
            "an observer set on a game made without setup's log for one"
        );
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
        self.plain_asking = false;
    }

    /// Calls `observer` with each decision that had a single legal answer, and that answer,
    /// when the engine makes it without asking (no agent sees it; it is not a recorded answer).
    pub fn set_forced_observer(&mut self, observer: impl FnMut(&Decision, &Answer, &Scene) + 'h) {
        self.forced_observer = Some(Box::new(observer));
        self.plain_asking = false;
    }

    /// Whether decisions are asked plainly (what `plain_asking` keeps).
    fn asks_plainly(&self) -> bool {
        self.forced_observer.is_none()
            && self.decision_observer.is_none()
            && self.fork.is_none()
            && self.redeal.is_none()
            && !self.options.record_answers
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
        // A scenario may arrange ships on planets: the colony masks are counted again.
        self.state.colonies_stale();
        &mut self.state
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

    /// Whether asking a decision may still change the game before it is answered: a rollout
    /// redeals what its searching player cannot see at one decision (`Fork::rollout`). Else a
    /// decision changes nothing until its answer is carried out.
    #[inline]
    pub fn may_redeal(&self) -> bool {
        self.redeal.is_some()
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Ends the game and hands back its agents (to play another: `Agent::restart`).
    pub fn into_agents(mut self) -> Vec<Box<dyn Agent + 'h>> {
        std::mem::take(&mut self.agents)
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
                // A win held where no turn could play the encounter for the game.
                Err(Stop::GameOver) if self.win_held() => match self.decide_held_win() {
                    Err(Stop::Error(e)) => return Err(*e),
                    _ => break,
                },
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
        let event = Event { seq, cause, kind };
        if self.observer.is_some() {
            self.record(event);
        } else if self.options.record_events {
            // Kept without the call that showing it needs: every event of setup and of a
            // recorded game comes this way.
            self.events.push(event);
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
}

/// The engine validated the answer's shape before this point.
#[cold]
pub(crate) fn unreachable_answer<T>() -> Flow<T> {
    Err(Stop::from(GameError::Stuck(
        "an answer of the wrong shape passed validation".into(),
    )))
}

#[cfg(test)]
mod tests;
