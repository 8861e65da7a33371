//! Seat kinds chosen on the command line, and the agents they become.

use cosmic_engine::agents::{agent_seed, BasicAgent, RandomAgent};
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
}

/// The agent for a seat; bots get their own seed derived from the game's.
pub fn agent(kind: SeatKind, game_seed: u64, seat: u8) -> Box<dyn Agent> {
    match kind {
        SeatKind::Human => Box::new(crate::human::HumanAgent::new(Vec::new())),
        SeatKind::Basic => Box::new(BasicAgent::new(agent_seed(game_seed, seat))),
        SeatKind::Random => Box::new(RandomAgent::new(agent_seed(game_seed, seat))),
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
