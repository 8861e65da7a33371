//! Quantities: the numbers the rules compute that content may change (a side's total, a
//! ship's worth, how many ships may be committed, who wins...). The engine computes each from
//! the plain rules and passes it through `Hooks::quantity`; the interpreter applies its
//! modifiers in a defined order. The engine computes them in the order the rules need:
//! card values, then ship worths and totals, then the winner.

use crate::ids::{PlayerId, Side};
use serde::{Deserialize, Serialize};

/// A number the rules compute.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quantity {
    /// What a side's revealed attack card counts for (a morph already counts as its copy).
    CardValue(Side),
    /// What one of `player`'s ships in the encounter adds to its side's total.
    ShipWorth(PlayerId),
    /// A side's total, after its card, ships and reinforcements are added up.
    SideTotal(Side),
    /// A side's base total: its card's value and its ships, before reinforcements.
    BaseTotal(Side),
    /// The winning side of the encounter: 0 for the offense, 1 for the defense.
    Winner,
    /// Most ships `player` may commit to an encounter (launching or allying).
    MaxShips(PlayerId),
    /// Cards `player` collects as compensation (base: its own ships lost to the warp).
    Compensation(PlayerId),
    /// Rewards defensive ally `player` takes (base: its ships that defended).
    Rewards(PlayerId),
    /// Ships `player` loses to the warp when a deal fails.
    FailedDealShips(PlayerId),
    /// Whether `player` must select an attack card when it holds one (0 no, 1 yes).
    AttackRequired(PlayerId),
    /// Ships `player` takes back from the warp in its regroup phase.
    RegroupShips(PlayerId),
    /// Foreign colonies `player` needs to win the game.
    ColoniesToWin(PlayerId),
    /// Encounters the offense may have in its turn.
    EncountersPerTurn,
    /// Whether `player` may ally with `side` without being invited (0 no, 1 yes).
    JoinUninvited(PlayerId, Side),
    /// The highest attack card `player` may play as a reinforcement of its value during the
    /// reinforcement rounds (base -1: none).
    AttackReinforcement(PlayerId),
    /// Whether main player `player` may invite allies this encounter (1 yes, 0 no).
    MayInvite(PlayerId),
    /// Fewest ships `player` commits when it allies (base 1; never more than it can send
    /// without abandoning a colony).
    MinAllyShips(PlayerId),
    /// The most encounter cards `player` may hold and still have to draw a new hand when
    /// the rules check (base 0: a new hand only with none).
    NewHandThreshold(PlayerId),
    /// Whether allies may retrieve ships from the warp to commit to the encounter, within
    /// their usual limit (0 no, 1 yes).
    AlliesFromWarp,
}

impl Quantity {
    /// The side a `Winner` value names.
    pub fn winner_side(value: i32) -> Side {
        if value == 0 {
            Side::Offense
        } else {
            Side::Defense
        }
    }

    /// The `Winner` value of a side.
    pub fn winner_value(side: Side) -> i32 {
        side.ix() as i32
    }
}

impl Quantity {
    /// The bit of this quantity's kind, whatever its player or side (one per kind): what
    /// `Hooks::changeable` answers in.
    pub fn kind_bit(self) -> u32 {
        let n = match self {
            Quantity::CardValue(_) => 0,
            Quantity::ShipWorth(_) => 1,
            Quantity::SideTotal(_) => 2,
            Quantity::Winner => 3,
            Quantity::MaxShips(_) => 4,
            Quantity::Compensation(_) => 5,
            Quantity::Rewards(_) => 6,
            Quantity::FailedDealShips(_) => 7,
            Quantity::AttackRequired(_) => 8,
            Quantity::RegroupShips(_) => 9,
            Quantity::ColoniesToWin(_) => 10,
            Quantity::EncountersPerTurn => 11,
            Quantity::JoinUninvited(..) => 12,
            Quantity::AttackReinforcement(_) => 13,
            Quantity::MayInvite(_) => 14,
            Quantity::MinAllyShips(_) => 15,
            Quantity::BaseTotal(_) => 16,
            Quantity::NewHandThreshold(_) => 17,
            Quantity::AlliesFromWarp => 18,
        };
        1 << n
    }
}
