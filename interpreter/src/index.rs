//! Tables the runtime builds once from a program so that the hot paths (every quantity the
//! rules compute, every window of every encounter) skip content that cannot act there
//! without scanning each ability.

use crate::ir::{Program, QuantityRef, Stmt, Trigger};
use cosmic_engine::Quantity;

/// One bit per kind of engine quantity (whatever its player or side).
pub(crate) fn kind_bit(q: Quantity) -> u16 {
    1 << match q {
        Quantity::CardValue(_) => 0,
        Quantity::ShipWorth(_) => 1,
        Quantity::SideTotal(_) => 2,
        Quantity::Winner => 3,
        Quantity::MaxShips(_) => 4,
        Quantity::Compensation(_) => 5,
        Quantity::Rewards(_) => 6,
        Quantity::FailedDealShips(_) => 7,
        Quantity::ColoniesToWin(_) => 8,
        Quantity::EncountersPerTurn => 9,
        Quantity::JoinUninvited(..) => 10,
    }
}

/// The kind of quantity a reference names (the runtime's `instance` never gives another).
fn ref_bit(q: &QuantityRef) -> u16 {
    use cosmic_engine::{PlayerId, Side};
    let (p, s) = (PlayerId(0), Side::Offense);
    kind_bit(match q {
        QuantityRef::SideTotal(_) => Quantity::SideTotal(s),
        QuantityRef::ShipWorth(_) => Quantity::ShipWorth(p),
        QuantityRef::CardValue(_) => Quantity::CardValue(s),
        QuantityRef::MaxShips(_) => Quantity::MaxShips(p),
        QuantityRef::Compensation(_) => Quantity::Compensation(p),
        QuantityRef::Rewards(_) => Quantity::Rewards(p),
        QuantityRef::ColoniesToWin(_) => Quantity::ColoniesToWin(p),
        QuantityRef::Winner => Quantity::Winner,
    })
}

/// The kinds of quantity the statements a continuous ability reads for changes may modify
/// (the runtime looks into `if` branches only).
fn modified_kinds(body: &[Stmt]) -> u16 {
    body.iter()
        .map(|st| match st {
            Stmt::Modify { quantity, .. } => ref_bit(quantity),
            Stmt::If(_, then, otherwise) => modified_kinds(then) | modified_kinds(otherwise),
            _ => 0,
        })
        .fold(0, |a, b| a | b)
}

/// What the runtime looks up instead of scanning abilities.
#[derive(Clone, Debug)]
pub(crate) struct Index {
    /// For each item, the kinds of quantity its continuous abilities may change.
    during_kinds: Vec<u16>,
    /// The union of `during_kinds`: a quantity of another kind has no continuous change.
    pub(crate) during_any: u16,
}

impl Index {
    /// The index of `program`.
    pub(crate) fn new(program: &Program) -> Index {
        let during_kinds: Vec<u16> = program
            .items
            .iter()
            .map(|i| {
                i.abilities
                    .iter()
                    .map(|&a| &program.abilities[a as usize])
                    .filter(|ab| ab.triggers.iter().any(|t| matches!(t, Trigger::During(_))))
                    .fold(0, |m, ab| m | modified_kinds(&ab.body))
            })
            .collect();
        let during_any = during_kinds.iter().fold(0, |a, b| a | b);
        Index {
            during_kinds,
            during_any,
        }
    }

    /// Whether item `item` has a continuous ability that may change a quantity of the kinds
    /// in `kinds`.
    pub(crate) fn during(&self, item: u32, kinds: u16) -> bool {
        self.during_kinds[item as usize] & kinds != 0
    }
}
