//! Tables the runtime builds once from a program so that the hot paths (every quantity the
//! rules compute, every window of every encounter) skip content that cannot act there
//! without scanning each ability.

use crate::header::{Roles, Standing};
use crate::ir::{Happening, Home, Program, QuantityRef, Replaced, Stmt, Trigger};
use cosmic_engine::state::Phase;
use cosmic_engine::{Quantity, Window};

/// A set of moments at which abilities act (see `window_key` and `trigger_key`). Some
/// moments share a bit (every happening but moves): the keys only filter, the runtime
/// still checks every trigger.
pub(crate) type Keys = u64;

/// The number of a phase, from 0.
fn phase_number(phase: Phase) -> u32 {
    match phase {
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

/// The bit of the abilities that act at `window` (bits 0 to 47, one per window: a phase's
/// start, a phase's end, then the named moments).
pub(crate) fn window_key(window: Window) -> Keys {
    // The engine's numbering, so that the bits of `Hooks::windows` are these.
    window.bit()
}

/// The first bit of `during_key`: phase `n`'s continuous abilities are bit `DURING_SHIFT + n`.
pub(crate) const DURING_SHIFT: u32 = 48;

/// The bit of the continuous abilities announced when `phase` starts (bits 48 to 55).
pub(crate) fn during_key(phase: Phase) -> Keys {
    1 << (DURING_SHIFT + phase_number(phase))
}

/// The bit of the abilities that answer something happening that has no bit of its own.
pub(crate) const ON_KEY: Keys = 1 << 56;

/// The bit of the abilities that answer a card being played, of any kind (the runtime
/// matches a played artifact or flare with a played card, so they share it).
pub(crate) const PLAY_KEY: Keys = 1 << 62;

/// The bit of the abilities that answer a power or a tech being used.
pub(crate) const USE_KEY: Keys = 1 << 63;

/// The bit of the abilities that answer ships or cards moving (ships lost or retrieved, cards
/// drawn or discarded, colonies gained): these happen often, so they skip the others.
pub(crate) const MOVED_KEY: Keys = 1 << 61;

/// The bit of the abilities that answer `h` (inlined: every search of answers asks it).
#[inline]
pub(crate) fn on_key(h: Happening) -> Keys {
    match h {
        Happening::MyShipsToWarp
        | Happening::OthersShipsToWarp
        | Happening::OthersShipsRemoved
        | Happening::MyShipsRemoved
        | Happening::OthersShipsRetrieved
        | Happening::OthersCardsDrawn
        | Happening::MyShipsRetrieved
        | Happening::MyCardsDrawn
        | Happening::MyCardsTakenAtRandom
        | Happening::MyRewardsDrawn
        | Happening::MyRewardsReceived
        | Happening::OthersColonyGained
        | Happening::MyShipsSent
        | Happening::OthersDiscard(_)
        | Happening::NewHandDiscard(_) => MOVED_KEY,
        Happening::CardPlayed
        | Happening::ArtifactPlayed
        | Happening::FlarePlayed
        | Happening::WildFlarePlayed => PLAY_KEY,
        Happening::PowerUsed | Happening::TechUsed => USE_KEY,
        Happening::ShipsLanded => LAND_KEY,
        _ => ON_KEY,
    }
}

/// The bit of the abilities that answer or replace ships landing: the engine's bit of
/// `Window::Landing`, at which it calls the landing hooks.
pub(crate) const LAND_KEY: Keys = Window::Landing.bit();

/// The bit among the happenings (`Ons`) of the replacements of landings: not a happening,
/// but with it `Hooks::windows` says exactly whether anything held acts at a landing.
pub(crate) const LANDING_ON: Ons = 1 << 28;

/// The bit of the abilities that replace ships being retrieved from the warp: the engine's
/// bit of `Window::Retrieval`, at which it calls `Hooks::redirect_retrieval`.
pub(crate) const RETRIEVE_KEY: Keys = Window::Retrieval.bit();

/// The bit among the happenings (`Ons`) of the replacements of retrievals from the warp:
/// not a happening, but with it `Hooks::windows` says exactly whether anything held acts at
/// a retrieval.
pub(crate) const RETRIEVING_ON: Ons = 1 << 32;

/// The bit among the happenings (`Ons`) of the abilities whose text may replay the encounter
/// from its planning phase: not a happening, but with it `Hooks::windows` says whether the
/// engine must keep the state as planning begins (`Window::ReplayPoint`).
pub(crate) const REPLAYS_ON: Ons = 1 << 31;

/// The bit among the happenings (`Ons`) of the replacements of ships going to the warp that
/// may take over another player's ships (all but `instead of my ships ...`): not a
/// happening, but with it the search for a player's replacements skips the seats that hold
/// only replacements of their own ships.
pub(crate) const REPLACES_OTHERS_ON: Ons = 1 << 36;

/// Whether `body` may replay the encounter (`replay the encounter from the planning
/// phase`), in a branch or in a lasting effect it starts.
fn replays(program: &Program, body: &[Stmt]) -> bool {
    crate::ir::any_stmt(body, &mut |st| match st {
        Stmt::ReplayEncounter => true,
        Stmt::Lasting { effect, .. } => program.lasting.get(*effect as usize).is_some_and(|l| {
            replays(program, &l.body) || l.reactions.iter().any(|r| replays(program, &r.body))
        }),
        _ => false,
    })
}

/// The bits of the abilities that answer `h` or any of `also` (a card's play is answered
/// as a play of its kind too).
#[inline]
pub(crate) fn on_keys(h: Happening, also: &[Happening]) -> Keys {
    also.iter().fold(on_key(h), |m, &k| m | on_key(k))
}

/// A set of happenings, one bit per kind (`on_bit`): finer than the keys, which give most
/// happenings one bit between them, so that a happening nobody answers skips the search.
pub(crate) type Ons = u64;

/// The bit of `h`'s kind among the happenings (whatever it carries: a card type).
pub(crate) fn on_bit(h: Happening) -> Ons {
    use Happening::*;
    1 << match h {
        PowerUsed => 0,
        CardPlayed => 1,
        MyPowerZapped => 2,
        AlienLeft => 3,
        ArtifactPlayed => 4,
        FlarePlayed => 5,
        WildFlarePlayed => 6,
        MyArtifactPlayed => 7,
        PowerLost => 8,
        DeckReshuffled => 9,
        MyShipsToWarp => 10,
        OthersShipsToWarp => 11,
        OthersShipsRemoved => 12,
        MyShipsRemoved => 13,
        OthersShipsRetrieved => 14,
        OthersCardsDrawn => 15,
        MyRewardsDrawn => 16,
        TechUsed => 17,
        TechCompleted => 18,
        OthersColonyGained => 19,
        OthersDiscard(_) => 20,
        NewHandDiscard(_) => 21,
        ReinforcementPlayed => 22,
        HazardDrawn => 23,
        MyShipsRetrieved => 24,
        MyCardsDrawn => 25,
        MyCardsTakenAtRandom => 26,
        ShipsLanded => 27,
        MyRewardsReceived => 29,
        CosmicQuake => 30,
        MyShipsSent => 33,
        OthersPlayed => 34,
        MyTokensRevealed => 35,
    }
}

/// The bits of `h` and of each of `also` (see `on_keys`).
pub(crate) fn on_bits(h: Happening, also: &[Happening]) -> Ons {
    also.iter().fold(on_bit(h), |m, &k| m | on_bit(k))
}

/// The bit of the replacements of ships going to the warp.
pub(crate) const INSTEAD_KEY: Keys = 1 << 57;

/// The bit of setup abilities.
pub(crate) const SETUP_KEY: Keys = 1 << 58;

/// The bit of continuous abilities, whatever their phases (read when a quantity is computed).
pub(crate) const DURING_KEY: Keys = 1 << 59;

/// The first of the bits of continuous abilities that may change a kind of quantity: bits
/// 37 to 47, between the windows' (`Window::bit`, below `Window::BITS`) and the phases'. A bit shared
/// with a window would make every ability held at that window a candidate change to that
/// kind, and the kind changeable (`Hooks::changeable`) wherever such an ability is held.
const MODIFY_SHIFT: u32 = Window::BITS;
const _: () = assert!(
    MODIFY_SHIFT < DURING_SHIFT,
    "no bits left for the kinds of quantity"
);

/// How many bits the kinds of quantity have (`MODIFY_SHIFT` up to `DURING_SHIFT`).
const MODIFY_BITS: u32 = DURING_SHIFT - MODIFY_SHIFT;

/// How many kinds of quantity there are (`Quantity::kind_bit`).
const KINDS: usize = 19;

/// Each kind's bit among the keys (`Index::modify_key`): the kinds some continuous ability
/// of `program` changes get one each, in kind order, sharing them only past `MODIFY_BITS`;
/// a kind none changes gets none, as nothing held can change it. Keys only filter: a
/// shared bit costs speed, never a change.
fn modify_keys(program: &Program) -> [Keys; KINDS] {
    let changed = (program.abilities.iter())
        .filter(|ab| ab.triggers.iter().any(|t| matches!(t, Trigger::During(_))))
        .fold(0, |m, ab| m | modified_kinds(&ab.body));
    let mut keys = [0; KINDS];
    let mut next = 0;
    for (k, key) in keys.iter_mut().enumerate() {
        if changed & 1 << k != 0 {
            *key = 1 << (MODIFY_SHIFT + next % MODIFY_BITS);
            next += 1;
        }
    }
    keys
}

/// The bit of terms offered for deals.
pub(crate) const DEAL_KEY: Keys = 1 << 60;

/// The moments at which a trigger may act (a superset is harmless; a missing bit would
/// skip an ability).
fn trigger_key(t: &Trigger) -> Keys {
    match t {
        Trigger::At { window, .. } => window_key(*window),
        Trigger::Setup => SETUP_KEY,
        Trigger::DealTerm => DEAL_KEY,
        Trigger::On(h) => on_key(*h),
        Trigger::Instead(_) => INSTEAD_KEY,
        Trigger::InsteadOfLanding(_) => LAND_KEY,
        Trigger::InsteadOfRetrieval(_) => RETRIEVE_KEY,
        Trigger::During(phases) => DURING_KEY | phases.first().map_or(0, |&p| during_key(p)),
    }
}

/// The set of kinds of quantities (one bit per kind, whatever its player or side).
pub(crate) type Kinds = u32;

/// The kind of quantity a reference names (the runtime's `instance` never gives another).
fn ref_bit(q: &QuantityRef) -> Kinds {
    use cosmic_engine::{PlayerId, Side};
    let (p, s) = (PlayerId(0), Side::Offense);
    (match q {
        QuantityRef::SideTotal(_) => Quantity::SideTotal(s),
        QuantityRef::BaseTotal(_) => Quantity::BaseTotal(s),
        QuantityRef::ShipWorth(_) => Quantity::ShipWorth(p),
        QuantityRef::CardValue(_) => Quantity::CardValue(s),
        QuantityRef::MaxShips(_) => Quantity::MaxShips(p),
        QuantityRef::Compensation(_) => Quantity::Compensation(p),
        QuantityRef::Rewards(_) => Quantity::Rewards(p),
        QuantityRef::ColoniesToWin(_) => Quantity::ColoniesToWin(p),
        QuantityRef::FailedDealShips(_) => Quantity::FailedDealShips(p),
        QuantityRef::RegroupShips(_) => Quantity::RegroupShips(p),
        QuantityRef::AttackRequired(_) => Quantity::AttackRequired(p),
        QuantityRef::AttackReinforcement(_) => Quantity::AttackReinforcement(p),
        QuantityRef::MayInvite(_) => Quantity::MayInvite(p),
        QuantityRef::MinAllyShips(_) => Quantity::MinAllyShips(p),
        QuantityRef::NewHandThreshold(_) => Quantity::NewHandThreshold(p),
        QuantityRef::Winner => Quantity::Winner,
        QuantityRef::AlliesFromWarp => Quantity::AlliesFromWarp,
    })
    .kind_bit()
}

/// The kinds of quantity the statements a continuous ability reads for changes may modify
/// (the walk mirrors the runtime's `continuous_changes`, which looks into `if` only).
fn modified_kinds(body: &[Stmt]) -> Kinds {
    body.iter()
        .map(|st| match st {
            Stmt::Modify { quantity, .. } => ref_bit(quantity),
            Stmt::If(_, then, otherwise) => modified_kinds(then) | modified_kinds(otherwise),
            _ => 0,
        })
        .fold(0, |a, b| a | b)
}

/// The bits of `kinds` among the keys, given each kind's (`modify_keys`).
fn modify_key(bits: &[Keys; KINDS], mut kinds: Kinds) -> Keys {
    let mut keys = 0;
    while kinds != 0 {
        keys |= bits
            .get(kinds.trailing_zeros() as usize)
            .copied()
            .unwrap_or(0);
        kinds &= kinds - 1;
    }
    keys
}

/// What the runtime looks up instead of scanning abilities.
#[derive(Clone, Debug)]
pub(crate) struct Index {
    /// For each item, each `Part`'s acting abilities and what they may do together: a
    /// player's moments are summed from these a holding at a time, rather than from each
    /// ability.
    items: Vec<ItemParts>,
    /// Every ability that acts at some moment, item by item and part by part, each part in
    /// the item's order.
    acting: Vec<Acting>,
    /// Each kind of quantity's bit among the keys (`modify_keys`).
    modify_bits: [Keys; KINDS],
    /// The kinds of quantity each of those bits stands for (from `MODIFY_SHIFT` on).
    bit_kinds: [Kinds; MODIFY_BITS as usize],
    /// The kinds of quantity each lasting effect's body may change.
    lasting_kinds: Vec<Kinds>,
    /// The windows (`Window::bit`) at which each lasting effect's reactions act (its
    /// replacements of landings at `Window::Landing`).
    lasting_windows: Vec<u64>,
    /// Whether each lasting effect replaces ships going to the warp (`instead of ...`).
    lasting_replaces: Vec<bool>,
    /// Whether each lasting effect answers uses (`whenever ...`).
    lasting_answers: Vec<bool>,
    /// The happenings (`on_bit`) other than uses that each lasting effect's reactions answer
    /// (`whenever I draw cards { ... }`).
    lasting_hears: Vec<Ons>,
    /// Those of all the lasting effects together: a happening no lasting effect of the
    /// library answers never looks for one in force.
    heard: Ons,
    /// For each item, whether it answers its own player's draws, retrievals or takes at
    /// random: its text runs as feeding text (`Game::set_feeding`).
    feeds: Vec<bool>,
}

/// Which of an item's abilities a holding gives: an alien its power, a flare card its wild
/// and super texts, any other card or a tech its effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// An alien's power.
    Power = 0,
    /// A flare's wild and super texts.
    Flare = 1,
    /// The effects of a card other than a flare, or of a tech.
    Effect = 2,
}

impl Part {
    /// Every part, in the order an item's abilities are kept.
    const ALL: [Part; 3] = [Part::Power, Part::Flare, Part::Effect];

    /// The part an ability living in `home` belongs to.
    fn of(home: Home) -> Part {
        match home {
            Home::Power => Part::Power,
            Home::Wild | Home::Super => Part::Flare,
            Home::Effect => Part::Effect,
        }
    }
}

/// One part of an item: where its acting abilities lie in `Index::acting`, and what they
/// may do together.
#[derive(Clone, Copy, Debug, Default)]
struct PartIndex {
    start: u32,
    end: u32,
    sum: Summary,
}

/// An item's parts (indexed by `Part`), and what its flare part's wild texts alone may do
/// (all a flare gives a player whose alien it is not).
#[derive(Clone, Copy, Debug, Default)]
struct ItemParts {
    parts: [PartIndex; Part::ALL.len()],
    wild: Summary,
}

/// An ability that acts at some moment, with its moments and where it lives (what gathering a
/// player's candidate abilities reads, so it reads one slice per item).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Acting {
    pub(crate) ability: u32,
    pub(crate) keys: Keys,
    pub(crate) home: Home,
    /// The happenings it answers (`on_bit`).
    pub(crate) ons: Ons,
    /// The standings that may use it.
    pub(crate) roles: Roles,
    /// Whether it is innate (`Usage::Innate`): a power's acts while the power is held.
    pub(crate) innate: bool,
}

/// What some acting abilities may do together: the union of their moments and happenings,
/// and of their moments by the standing whose roles allow them (indexed by `Standing`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    pub(crate) keys: Keys,
    pub(crate) ons: Ons,
    pub(crate) as_standing: [Keys; Standing::ALL.len()],
}

impl Summary {
    /// Counts `act` in.
    pub(crate) fn add(&mut self, act: &Acting) {
        self.keys |= act.keys;
        self.ons |= act.ons;
        for (keys, s) in self.as_standing.iter_mut().zip(Standing::ALL) {
            if act.roles.allows(s) {
                *keys |= act.keys;
            }
        }
    }

    /// Counts everything `other` counts in.
    #[inline]
    pub(crate) fn merge(&mut self, other: &Summary) {
        self.keys |= other.keys;
        self.ons |= other.ons;
        for (keys, k) in self.as_standing.iter_mut().zip(other.as_standing) {
            *keys |= k;
        }
    }
}

impl Index {
    /// The index of `program`.
    pub(crate) fn new(program: &Program) -> Index {
        let modify_bits = modify_keys(program);
        let ability_keys: Vec<Keys> = program
            .abilities
            .iter()
            .map(|ab| {
                let keys = ab.triggers.iter().fold(0, |m, t| m | trigger_key(t));
                if keys & DURING_KEY != 0 {
                    keys | modify_key(&modify_bits, modified_kinds(&ab.body))
                } else {
                    keys
                }
            })
            .collect();
        let mut acting = Vec::new();
        let items = (program.items.iter())
            .map(|i| {
                let mut item = ItemParts::default();
                for part in Part::ALL {
                    let start = acting.len();
                    for &a in &i.abilities {
                        let keys = ability_keys[a as usize];
                        let ab = &program.abilities[a as usize];
                        if keys != 0 && Part::of(ab.home) == part {
                            let mut ons = ab.triggers.iter().fold(0, |m, t| match t {
                                Trigger::On(h) => m | on_bit(*h),
                                Trigger::InsteadOfLanding(_) => m | LANDING_ON,
                                Trigger::InsteadOfRetrieval(_) => m | RETRIEVING_ON,
                                Trigger::Instead(w) if *w != Replaced::Mine => {
                                    m | REPLACES_OTHERS_ON
                                }
                                _ => m,
                            });
                            if replays(program, &ab.body) {
                                ons |= REPLAYS_ON;
                            }
                            acting.push(Acting {
                                ability: a,
                                keys,
                                home: ab.home,
                                ons,
                                roles: ab.roles,
                                innate: ab.usage == crate::header::Usage::Innate,
                            });
                        }
                    }
                    let mut sum = Summary::default();
                    for act in &acting[start..] {
                        sum.add(act);
                        if act.home == Home::Wild {
                            item.wild.add(act);
                        }
                    }
                    let (start, end) = (start as u32, acting.len() as u32);
                    item.parts[part as usize] = PartIndex { start, end, sum };
                }
                item
            })
            .collect();
        let lasting_kinds = (program.lasting.iter())
            .map(|l| modified_kinds(&l.body))
            .collect();
        // A replacement of landings acts at the landing's window.
        let lasting_windows = (program.lasting.iter())
            .map(|l| {
                (l.reactions.iter().flat_map(|r| &r.triggers)).fold(0, |m, t| match t {
                    Trigger::At { window, .. } => m | window.bit(),
                    Trigger::InsteadOfLanding(_) => m | LAND_KEY,
                    _ => m,
                })
            })
            .collect();
        let lasting_replaces = (program.lasting.iter())
            .map(|l| {
                (l.reactions.iter().flat_map(|r| &r.triggers))
                    .any(|t| matches!(t, Trigger::Instead(_)))
            })
            .collect();
        let lasting_answers = (program.lasting.iter())
            .map(|l| {
                (l.reactions.iter().flat_map(|r| &r.triggers))
                    .any(|t| matches!(t, Trigger::On(h) if !h.moves()))
            })
            .collect();
        let lasting_hears: Vec<Ons> = (program.lasting.iter())
            .map(|l| {
                (l.reactions.iter().flat_map(|r| &r.triggers)).fold(0, |m, t| match t {
                    Trigger::On(h) if h.moves() => m | on_bit(*h),
                    _ => m,
                })
            })
            .collect();
        let feeding = on_bit(Happening::MyShipsRetrieved)
            | on_bit(Happening::MyCardsDrawn)
            | on_bit(Happening::MyCardsTakenAtRandom);
        let feeds_on = |triggers: &[Trigger]| {
            (triggers.iter()).any(|t| matches!(t, Trigger::On(h) if on_bit(*h) & feeding != 0))
        };
        let mut feeds: Vec<bool> = (program.items.iter())
            .map(|i| {
                (i.abilities.iter()).any(|&a| feeds_on(&program.abilities[a as usize].triggers))
            })
            .collect();
        // A lasting effect answering its owner's draws feeds for the item that started it.
        for (l, hears) in program.lasting.iter().zip(&lasting_hears) {
            if hears & feeding != 0 {
                if let Some(ability) = program.abilities.get(l.ability as usize) {
                    feeds[ability.item as usize] = true;
                }
            }
        }
        let mut bit_kinds = [0; MODIFY_BITS as usize];
        for (k, key) in modify_bits.iter().enumerate() {
            if *key != 0 {
                bit_kinds[(key.trailing_zeros() - MODIFY_SHIFT) as usize] |= 1 << k;
            }
        }
        Index {
            modify_bits,
            bit_kinds,
            items,
            acting,
            lasting_kinds,
            lasting_windows,
            lasting_replaces,
            lasting_answers,
            heard: lasting_hears.iter().fold(0, |m, h| m | h),
            lasting_hears,
            feeds,
        }
    }

    /// Whether `item`'s text is feeding text: it answers its own player's draws,
    /// retrievals or takes at random, and must not answer the extra ones it makes.
    pub(crate) fn feeds(&self, item: u32) -> bool {
        self.feeds.get(item as usize).copied().unwrap_or(false)
    }

    /// The windows at which lasting effect `effect` has reactions.
    pub(crate) fn lasting_windows(&self, effect: u32) -> u64 {
        (self.lasting_windows.get(effect as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Whether some lasting effect of the library answers any of the happenings `bits`.
    #[inline]
    pub(crate) fn heard(&self, bits: Ons) -> bool {
        self.heard & bits != 0
    }

    /// The happenings (`on_bit`) other than uses that lasting effect `effect` answers.
    pub(crate) fn lasting_hears(&self, effect: u32) -> Ons {
        (self.lasting_hears.get(effect as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Whether lasting effect `effect` answers uses.
    pub(crate) fn lasting_answers(&self, effect: u32) -> bool {
        (self.lasting_answers.get(effect as usize))
            .copied()
            .unwrap_or(false)
    }

    /// Whether lasting effect `effect` replaces ships going to the warp.
    pub(crate) fn lasting_replaces(&self, effect: u32) -> bool {
        (self.lasting_replaces.get(effect as usize))
            .copied()
            .unwrap_or(false)
    }

    /// Whether lasting effect `effect` replaces ships landing.
    pub(crate) fn lasting_lands(&self, effect: u32) -> bool {
        self.lasting_windows(effect) & LAND_KEY != 0
    }

    /// The bits of the continuous abilities that may change quantities of the `kinds`, so
    /// that computing a quantity gathers only the abilities that may change it (none: no
    /// continuous ability changes them).
    pub(crate) fn modify_key(&self, kinds: Kinds) -> Keys {
        modify_key(&self.modify_bits, kinds)
    }

    /// The kinds of quantity that the continuous abilities with moments `keys` may change (a
    /// superset: each bit stands for every kind given it).
    pub(crate) fn kinds_of(&self, keys: Keys) -> Kinds {
        // Asked at every new holdings version: only the bits set are read.
        let mut bits = (keys >> MODIFY_SHIFT) & ((1 << MODIFY_BITS) - 1);
        let mut kinds = 0;
        while bits != 0 {
            kinds |= self.bit_kinds[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        kinds
    }

    /// The kinds of quantity lasting effect `effect` may change.
    pub(crate) fn lasting_kinds(&self, effect: u32) -> Kinds {
        self.lasting_kinds
            .get(effect as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The abilities of item `item` in `part` that act at some moment, in the item's order,
    /// and what they may do together.
    #[inline]
    pub(crate) fn part(&self, item: u32, part: Part) -> (&[Acting], &Summary) {
        let p = &self.items[item as usize].parts[part as usize];
        (self.slice(p), &p.sum)
    }

    /// The abilities of item `item`'s flare part (wild and super texts) that act at some
    /// moment, and what those a holder gives may do together: all of them for one's own
    /// alien's flare (`own`), else the wild texts only.
    #[inline]
    pub(crate) fn flare_part(&self, item: u32, own: bool) -> (&[Acting], &Summary) {
        let item = &self.items[item as usize];
        let flare = &item.parts[Part::Flare as usize];
        (self.slice(flare), if own { &flare.sum } else { &item.wild })
    }

    /// A part's acting abilities.
    fn slice(&self, p: &PartIndex) -> &[Acting] {
        &self.acting[p.start as usize..p.end as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds of quantity share no bit with a window or a phase: a shared bit would make
    /// every ability held at that window a candidate change (and its kind changeable).
    #[test]
    fn modify_bits_lie_between_the_windows_and_the_phases() {
        let named = [
            Window::DestinyDrawn,
            Window::DefenseNamed,
            Window::GateAimed,
            Window::AlliesInvited,
            Window::AlliancesFormed,
            Window::CardsSelected,
            Window::CardsRevealed,
            Window::WinnerDetermined,
            Window::EncounterResolved,
            Window::DealMade,
            Window::GameSetup,
            Window::DealFailed,
            Window::Compensation,
            Window::NewHand,
            Window::PlansRevealed { contest: false },
            Window::PlansRevealed { contest: true },
            Window::GameWon,
            Window::Landing,
            Window::ReplayPoint,
            Window::Rewards,
            Window::Retrieval,
        ];
        let phases = Phase::ALL.map(|p| [Window::PhaseStart(p), Window::PhaseEnd(p)]);
        let modify = ((1 << MODIFY_BITS) - 1) << MODIFY_SHIFT;
        for w in named.into_iter().chain(phases.into_iter().flatten()) {
            assert_eq!(window_key(w) & modify, 0, "{w:?}");
        }
        for p in Phase::ALL {
            assert_eq!(during_key(p) & modify, 0, "{p:?}");
        }
        assert_eq!(
            modify & (ON_KEY | INSTEAD_KEY | SETUP_KEY | DURING_KEY | DEAL_KEY),
            0
        );
        assert_eq!(Quantity::AlliesFromWarp.kind_bit(), 1 << (KINDS - 1));
    }

    /// Every kind gets a bit of its own while there are bits for them, and shares them
    /// past that; `kinds_of` gives back every kind of a bit.
    #[test]
    fn each_kind_changed_has_a_bit() {
        let mut bits = [0; KINDS];
        for (k, key) in bits.iter_mut().enumerate() {
            *key = 1 << (MODIFY_SHIFT + k as u32 % MODIFY_BITS);
        }
        let all: Kinds = (1 << KINDS) - 1;
        for k in 0..KINDS {
            let key = modify_key(&bits, 1 << k);
            assert_eq!(key.count_ones(), 1);
            let kinds = (bits.iter().enumerate())
                .filter(|(_, &b)| b & key != 0)
                .fold(0, |m: Kinds, (j, _)| m | 1 << j);
            assert_ne!(kinds & 1 << k, 0);
        }
        assert_eq!(modify_key(&bits, all).count_ones(), MODIFY_BITS);
    }
}
