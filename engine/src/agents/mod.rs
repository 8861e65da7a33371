//! The built-in agents: uniform random, a sensible heuristic player, a player that searches
//! by rollouts, and scripts for tests.

pub mod basic;
pub mod dice;
pub mod random;
pub mod replay;
pub mod scripted;
pub mod search;

pub use basic::BasicAgent;
pub use dice::Dice;
pub use random::RandomAgent;
pub use replay::ReplayAgent;
pub use scripted::{ScriptStep, ScriptedAgent};
pub use search::SearchAgent;

/// A per-seat seed derived from a game seed, so agents never draw from the game's RNG
/// (replacing an agent by a script replaying its answers then gives the same game).
pub fn agent_seed(game_seed: u64, seat: u8) -> u64 {
    let mut z = game_seed ^ (0x9E37_79B9_7F4A_7C15u64.wrapping_mul(seat as u64 + 1));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
