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

/// An ordered list of seats that needs no allocation (written as a list of seat numbers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    ids: [PlayerId; MAX_PLAYERS],
    len: u8,
}

impl Seats {
    /// Adds a seat at the end (there is room for every seat at the table).
    pub(crate) fn push(&mut self, p: PlayerId) {
        self.ids[self.len as usize] = p;
        self.len += 1;
    }

    /// The seats in order.
    #[inline]
    pub fn as_slice(&self) -> &[PlayerId] {
        &self.ids[..self.len as usize]
    }

    /// Puts the seats in seat order.
    pub(crate) fn sort(&mut self) {
        self.ids[..self.len as usize].sort_unstable();
    }
}

impl std::ops::Deref for Seats {
    type Target = [PlayerId];
    #[inline]
    fn deref(&self) -> &[PlayerId] {
        self.as_slice()
    }
}

impl FromIterator<PlayerId> for Seats {
    /// Seats from a list of at most `MAX_PLAYERS` distinct players (the rest are left out).
    fn from_iter<I: IntoIterator<Item = PlayerId>>(iter: I) -> Seats {
        let mut seats = Seats::default();
        for p in iter.into_iter().take(MAX_PLAYERS) {
            seats.push(p);
        }
        seats
    }
}

impl IntoIterator for Seats {
    type Item = PlayerId;
    type IntoIter = std::iter::Take<std::array::IntoIter<PlayerId, MAX_PLAYERS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.ids.into_iter().take(self.len as usize)
    }
}

impl Serialize for Seats {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Seats {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seats, D::Error> {
        let list = Vec::<PlayerId>::deserialize(d)?;
        if list.len() > MAX_PLAYERS {
            return Err(serde::de::Error::invalid_length(
                list.len(),
                &"at most 8 seats",
            ));
        }
        let mut seats = Seats::default();
        for p in list {
            seats.push(p);
        }
        Ok(seats)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_written_as_a_list_and_read_back() {
        let mut seats = Seats::default();
        for p in [3, 0, 5] {
            seats.push(PlayerId(p));
        }
        seats.sort();
        let json = serde_json::to_string(&seats).unwrap();
        assert_eq!(json, "[0,3,5]");
        assert_eq!(serde_json::from_str::<Seats>(&json).unwrap(), seats);
        assert_eq!(
            serde_json::from_str::<Seats>("[]").unwrap(),
            Seats::default()
        );
    }

    #[test]
    fn more_seats_than_a_table_has_are_refused() {
        let err = serde_json::from_str::<Seats>("[0,1,2,3,4,5,6,7,0]").unwrap_err();
        assert!(err.to_string().contains("at most 8 seats"), "{err}");
    }
}
