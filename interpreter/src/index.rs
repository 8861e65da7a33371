//! Tables the runtime builds once from a program so that the hot paths (every quantity the
//! rules compute, every window of every encounter) skip content that cannot act there
//! without scanning each ability.

use crate::ir::{Happening, Program, QuantityRef, Stmt, Trigger};
use cosmic_engine::state::Phase;
use cosmic_engine::{Quantity, Window};

/// A set of moments at which abilities act, one bit each (see `window_key` and `trigger_key`).
pub(crate) type Keys = u64;

fn phase_ix(p: Phase) -> u32 {
    match p {
        Phase::StartTurn => 0,
        Phase::Regroup => 1,
        Phase::Destiny => 2,
        Phase::Launch => 3,
        Phase::Alliance => 4,
        Phase::Planning => 5,
        Phase::Reveal => 6,
        Phase::Resolution => 7,
    }
}

/// The bit of the abilities that act at `window` (triggered there).
pub(crate) fn window_key(window: Window) -> Keys {
    1 << match window {
        Window::PhaseStart(p) => phase_ix(p),
        Window::PhaseEnd(p) => 8 + phase_ix(p),
        Window::DefenseNamed => 16,
        Window::GateAimed => 17,
        Window::AlliesInvited => 18,
        Window::AlliancesFormed => 19,
        Window::CardsSelected => 20,
        Window::CardsRevealed => 21,
        Window::WinnerDetermined => 22,
        Window::EncounterResolved => 23,
        Window::DealMade => 24,
        Window::GameSetup => 25,
    }
}

/// The bit of the continuous abilities announced when `phase` starts.
pub(crate) fn during_key(phase: Phase) -> Keys {
    1 << (26 + phase_ix(phase))
}

/// The bit of the abilities that answer a happening.
pub(crate) fn happening_key(h: Happening) -> Keys {
    1 << match h {
        Happening::PowerUsed => 34,
        Happening::CardPlayed => 35,
        Happening::MyPowerZapped => 36,
    }
}

/// The bit of the replacements of ships going to the warp.
pub(crate) const INSTEAD_KEY: Keys = 1 << 37;

/// The bit of setup abilities.
pub(crate) const SETUP_KEY: Keys = 1 << 38;

/// The moments at which a trigger may act (a superset is harmless: the runtime still checks
/// each trigger; a missing bit would skip an ability).
fn trigger_key(t: &Trigger) -> Keys {
    match t {
        Trigger::At { window, .. } => window_key(*window),
        Trigger::Setup => SETUP_KEY,
        Trigger::On(h) => happening_key(*h),
        Trigger::Instead(_) => INSTEAD_KEY,
        Trigger::During(phases) => phases.first().map_or(0, |&p| during_key(p)),
    }
}

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
    /// For each item, the moments at which its abilities act.
    item_keys: Vec<Keys>,
    /// The union of `item_keys`: at any other moment no content acts.
    pub(crate) any_keys: Keys,
    /// For each cosmic card definition, the moments at which its item acts (0 if none).
    def_keys: Vec<Keys>,
    /// The union of `def_keys`: at any other moment only alien powers may act.
    card_keys: Keys,
}

impl Index {
    /// The index of `program`, whose items describe the cosmic card definitions as
    /// `def_items` says.
    pub(crate) fn new(program: &Program, def_items: &[Option<u32>]) -> Index {
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
        let item_keys: Vec<Keys> = program
            .items
            .iter()
            .map(|i| {
                i.abilities
                    .iter()
                    .flat_map(|&a| &program.abilities[a as usize].triggers)
                    .fold(0, |m, t| m | trigger_key(t))
            })
            .collect();
        let any_keys = item_keys.iter().fold(0, |a, b| a | b);
        let def_keys: Vec<Keys> = def_items
            .iter()
            .map(|d| d.map_or(0, |i| item_keys[i as usize]))
            .collect();
        let card_keys = def_keys.iter().fold(0, |a, b| a | b);
        Index {
            during_kinds,
            during_any,
            item_keys,
            any_keys,
            def_keys,
            card_keys,
        }
    }

    /// Whether item `item` has an ability that may act at one of the moments in `keys`.
    pub(crate) fn acts(&self, item: u32, keys: Keys) -> bool {
        self.item_keys[item as usize] & keys != 0
    }

    /// Whether a card of definition `def` has an ability that may act at one of the
    /// moments in `keys`.
    pub(crate) fn card_acts(&self, def: usize, keys: Keys) -> bool {
        self.def_keys.get(def).is_some_and(|k| k & keys != 0)
    }

    /// Whether any card has an ability that may act at one of the moments in `keys`.
    pub(crate) fn cards_act(&self, keys: Keys) -> bool {
        self.card_keys & keys != 0
    }

    /// Whether item `item` has a continuous ability that may change a quantity of the kinds
    /// in `kinds`.
    pub(crate) fn during(&self, item: u32, kinds: u16) -> bool {
        self.during_kinds[item as usize] & kinds != 0
    }
}
