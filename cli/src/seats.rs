//! Seat kinds chosen on the command line, and the agents they become.

use clap::Args;
use cosmic_cards::Library;
use cosmic_engine::agents::search::{Budget, Settings, DEFAULT_HORIZON, DEFAULT_ROLLOUTS};
use cosmic_engine::agents::{agent_seed, BasicAgent, RandomAgent, SearchAgent};
use cosmic_engine::Agent;

/// Who sits in a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SeatKind {
    /// A person at this terminal.
    Human,
    /// The heuristic bot.
    Basic,
    /// The uniform random bot.
    Random,
    /// The bot that searches by playing the game forward (rollouts of basic bots).
    Search,
}

impl SeatKind {
    /// The seat kind's name, as the command line and saves write it.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Basic => "basic",
            SeatKind::Random => "random",
            SeatKind::Search => "search",
        }
    }
}

/// The search bot's budget and horizon, as `play` and `sim` take them.
#[derive(Args, Clone, Debug, Default)]
pub struct SearchArgs {
    /// Search bots: rollouts per decision, shared among the answers weighed (reproducible).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    rollouts: Option<u32>,
    /// Search bots: milliseconds per decision instead of a number of rollouts (NOT
    /// reproducible: how many rollouts fit depends on the machine and its load).
    #[arg(long, conflicts_with = "rollouts", value_parser = clap::value_parser!(u32).range(1..))]
    think_ms: Option<u32>,
    /// Search bots: turns each rollout plays after the current one before it is judged on
    /// the colonies, or `end` to play every rollout to the end of the game.
    #[arg(long)]
    horizon: Option<String>,
}

impl SearchArgs {
    /// The settings these options give, over `base` (the defaults, or a save's).
    pub fn settings(&self, base: Settings) -> miette::Result<Settings> {
        let budget = match (self.rollouts, self.think_ms) {
            (Some(n), _) => Budget::Rollouts(n),
            (None, Some(ms)) => Budget::Millis(ms),
            (None, None) => base.budget,
        };
        let horizon = match self.horizon.as_deref().map(str::trim) {
            None => base.horizon,
            Some("end") => None,
            Some(n) => Some(n.parse::<u32>().map_err(|_| {
                miette::miette!(
                    help = "a number of turns, e.g. --horizon 5, or --horizon end",
                    "--horizon: `{n}` is not a number of turns"
                )
            })?),
        };
        Ok(Settings { budget, horizon })
    }
}

/// The settings of a search bot with no options given.
pub fn default_search() -> Settings {
    Settings {
        budget: Budget::Rollouts(DEFAULT_ROLLOUTS),
        horizon: Some(DEFAULT_HORIZON),
    }
}

/// What bots need besides their seed: the library search bots play rollouts with, and
/// their settings.
pub struct Bots<'a> {
    /// The card library of the game.
    pub library: &'a Library,
    /// The search bots' budget and horizon.
    pub search: Settings,
}

/// The agent for a seat; bots get their own seed derived from the game's.
pub fn agent(kind: SeatKind, game_seed: u64, seat: u8, bots: &Bots) -> Box<dyn Agent> {
    let seed = agent_seed(game_seed, seat);
    match kind {
        SeatKind::Human => Box::new(crate::human::HumanAgent::new(Vec::new())),
        SeatKind::Basic => Box::new(BasicAgent::new(seed)),
        SeatKind::Random => Box::new(RandomAgent::new(seed)),
        SeatKind::Search => Box::new(SearchAgent::new(
            seed,
            bots.search,
            Box::new(bots.library.runtime()),
        )),
    }
}

/// `old`, for game `game_seed`'s `seat`, made ready as `agent` makes one: restarted when it
/// can be (its room kept), else made anew.
pub fn reseat<'a>(
    old: &mut Box<dyn Agent + 'a>,
    kind: SeatKind,
    game_seed: u64,
    seat: u8,
    bots: &Bots,
) {
    if !old.restart(agent_seed(game_seed, seat)) {
        *old = agent(kind, game_seed, seat, bots);
    }
}

/// A seed from the clock, for runs without `--seed`.
pub fn fresh_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let t = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    agent_seed(t, 0) % 1_000_000_000
}

/// A search bot's settings in words, as a run's summary records them: `128 rollouts,
/// horizon 1`, `50 ms, horizon end`.
pub fn describe_search(settings: Settings) -> String {
    let budget = match settings.budget {
        Budget::Rollouts(n) => format!("{n} rollouts"),
        Budget::Millis(ms) => format!("{ms} ms"),
    };
    match settings.horizon {
        Some(turns) => format!("{budget}, horizon {turns}"),
        None => format!("{budget}, horizon end"),
    }
}
