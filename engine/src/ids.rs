//! Small copyable identifiers: players, colors, planets, cards, sides.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players a game may seat (the FFG base game plus its expansions).
pub const MAX_PLAYERS: usize = 8;

/// A seat at the table, numbered clockwise from 0.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat as an index into per-player arrays.
    #[inline]
    pub fn ix(self) -> usize {
        self.0 as usize
    }
}

/// A player color; the order is the order in which colors are given out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Blue,
    Green,
    Purple,
    Red,
    Yellow,
    Orange,
    Black,
    White,
}

impl Color {
    /// Every color in the order the rules hand them out (base colors, then expansions).
    pub const ALL: [Color; MAX_PLAYERS] = [
        Color::Blue,
        Color::Green,
        Color::Purple,
        Color::Red,
        Color::Yellow,
        Color::Orange,
        Color::Black,
        Color::White,
    ];

    /// The color's name as printed in logs and scenario files.
    pub fn name(self) -> &'static str {
        match self {
            Color::Blue => "Blue",
            Color::Green => "Green",
            Color::Purple => "Purple",
            Color::Red => "Red",
            Color::Yellow => "Yellow",
            Color::Orange => "Orange",
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// Parses a color name, ignoring case.
    pub fn parse(s: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A planet on the table: the `n`-th planet (0-based) of `owner`'s home system.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlanetId {
    /// Whose home system the planet belongs to.
    pub owner: PlayerId,
    /// Position inside that system, 0-based.
    pub n: u8,
}

/// One physical card of the cosmic deck (an index into the game's card table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// One physical card of the destiny deck (an index into the game's destiny table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DestinyId(pub u8);

/// The two sides of an encounter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Offense,
    Defense,
}

impl Side {
    /// Both sides, offense first.
    pub const BOTH: [Side; 2] = [Side::Offense, Side::Defense];

    /// The side as an index into per-side arrays (offense 0, defense 1).
    #[inline]
    pub fn ix(self) -> usize {
        match self {
            Side::Offense => 0,
            Side::Defense => 1,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Offense => Side::Defense,
            Side::Defense => Side::Offense,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Offense => "offense",
            Side::Defense => "defense",
        })
    }
}
