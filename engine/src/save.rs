//! Saves: a game is its setup, its seed and the answers given so far. Loading plays those
//! answers again (the engine is deterministic), so a save never goes stale with the state
//! layout, and a replay proves a log is reproducible. The format carries a version.

use crate::game::{RecordedAnswer, Setup};
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The save format's version. Format 2 added the card files and the library digest; format
/// 1 saves are still read (they name no card files and have no digest to check).
pub const SAVE_FORMAT: u32 = 2;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    /// Format version.
    pub format: u32,
    /// How the game was set up (seed included).
    pub setup: Setup,
    /// Who sat in each seat (`basic`, `random`, `human`...), for resuming.
    pub seats: Vec<String>,
    /// Every answer given, in order.
    pub answers: Vec<RecordedAnswer>,
    /// Events emitted when the save was written.
    pub events: u64,
    /// A digest of the state when the save was written.
    pub digest: String,
    /// Whether the game had ended.
    pub finished: bool,
    /// The designer's card files played besides the built-in library (`--cards`).
    #[serde(default)]
    pub cards: Vec<String>,
    /// A digest of the compiled card library the game was played with (empty if unknown).
    #[serde(default)]
    pub library: String,
    /// The search bots' budget and horizon, when a seat is a search bot: a resumed game
    /// searches as the original did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<crate::agents::search::Settings>,
}

/// Why a save cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Not valid JSON, or not a save.
    #[error("not a readable save (line {line}, column {column}): {message}")]
    Malformed {
        /// Line of the problem.
        line: usize,
        /// Column of the problem.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Written by another version of the format.
    #[error("save format {found} is not supported (this version reads format {SAVE_FORMAT})")]
    Version {
        /// The version found.
        found: u32,
    },
}

impl Save {
    /// Reads a save from JSON text.
    pub fn from_json(text: &str) -> Result<Save, SaveError> {
        let save: Save = serde_json::from_str(text).map_err(|e| SaveError::Malformed {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if !(1..=SAVE_FORMAT).contains(&save.format) {
            return Err(SaveError::Version { found: save.format });
        }
        Ok(save)
    }

    /// The save as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A digest of a state: FNV-1a over its JSON form. Equal states give equal digests; it is
/// for checking replays, not for security.
pub fn digest(state: &GameState) -> String {
    digest_of(&serde_json::to_vec(state).unwrap_or_default())
}

/// FNV-1a over `bytes`, in hex.
pub fn digest_of(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}
