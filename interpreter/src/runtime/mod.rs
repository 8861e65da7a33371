//! The runtime: runs a compiled `Program` at the engine's hook points. It collects the
//! abilities each player may use (alien power, flares and artifacts in hand), orders them by
//! the edition's timing order, uses mandatory ones and asks about optional ones through the
//! decision API, lets others answer a use (zaps), applies quantity modifiers in a fixed order
//! of layers, and resolves replacements. It never names a card.
//!
//! This module holds the `Runtime` and what it is built from; its children hold one concern
//! each (see ARCHITECTURE.md for the map).

mod changes;
mod choices;
mod context;
mod expressions;
mod flat;
mod holdings;
mod hooks;
mod lasting;
mod replacements;
mod search;
mod ships;
mod statements;
mod triggers;
mod uses;

use crate::header::Standing;
use crate::index::{Index, Keys};
use crate::ir::{Ability, ItemKind, Program, Stmt, Trigger};
use cosmic_engine::components::HazardDef;
use cosmic_engine::ids::MAX_PLAYERS;
use cosmic_engine::{AlienDef, AttachmentDef, CardDef, CardKind, Components, TechDef};
use holdings::{Candidates, Held};
use std::cell::{Cell, RefCell};
use std::sync::Arc;

/// Fact keys the runtime records (ability limits use `LIMIT + ability`).
const FLARE_USED: u32 = u32::MAX - 1;
/// With freewheeling flares each flare card is marked instead (`CARD_USED + card`).
const CARD_USED: u32 = 1 << 30;
const LIMIT: u32 = 1 << 24;

/// Runs a program as the engine's hooks. One per thread: clone it for each worker.
#[derive(Clone)]
pub struct Runtime {
    program: Arc<Program>,
    /// Item of each alien the components list.
    alien_items: Vec<u32>,
    /// Item of each cosmic card definition (artifacts and flares), if content describes it.
    def_items: Vec<Option<u32>>,
    /// Whether each definition has an item (`Hooks::card_may_act`), shared by every game.
    def_may_act: Arc<[bool]>,
    /// Item of each tech the components list.
    tech_items: Vec<u32>,
    /// The tech of each item that is one (the inverse of `tech_items`).
    item_techs: Vec<Option<u16>>,
    /// Item of each attachment the components list.
    attachment_items: Vec<u32>,
    /// The item of each hazard of the game's components.
    hazard_items: Vec<u32>,
    /// Tables that let the hot paths skip content that cannot act.
    index: Index,
    depth: Cell<u8>,
    /// How many ships the replacement running now has replaced (moved, or kept in place).
    replaced: Cell<u8>,
    /// Whether a lasting effect's replacement is running: the ships its body sends to the
    /// warp go there, never replaced by a lasting effect again (it would replace itself).
    lasting_replacing: Cell<bool>,
    /// Whether a replacement of ships landing is running: the ships it lands land, never
    /// replaced again.
    landing_replacing: Cell<bool>,
    /// Set while a replacement of a retrieval from the warp runs: ships its body retrieves
    /// are retrieved as usual.
    retrieval_replacing: Cell<bool>,
    /// What each play being answered as done (`Happening::OthersPlayed`) answered, innermost
    /// last: `Subject::Played` names its entry, which `duplicate that play` runs again with.
    plays: RefCell<Vec<context::Subject>>,
    /// The statements run so far, by address in the program, when recording (tests prove
    /// with it that what lints clean runs).
    ran: RefCell<Option<std::collections::HashSet<usize>>>,
    recording: Cell<bool>,
    /// For each seat, what its holdings may do, under the game's holdings stamp.
    held: [Cell<Held>; MAX_PLAYERS],
    /// The union of every seat's `held`, under the game's holdings version.
    held_all: Cell<Held>,
    /// Each seat's held moments (its `held` keys), as `held_all` was gathered, and the
    /// version they were gathered under: a window's test of each seat reads one word.
    seat_keys: [Cell<Keys>; MAX_PLAYERS],
    seat_keys_at: Cell<u64>,
    /// Each player's held moments by the standing its abilities need to act at them
    /// (indexed by `Standing`), under the stamp of `held`.
    held_as: [[Cell<Keys>; Standing::ALL.len()]; MAX_PLAYERS],
    /// For each seat, the abilities its holdings give, under its holdings stamp.
    candidates: [RefCell<Candidates>; MAX_PLAYERS],
    /// The windows at which the lasting effects in force may react, the happenings they
    /// answer and the kinds of quantity they may change, under the `Game::lasting_stamp` they
    /// were gathered at (see `lasting_masks_all`).
    reacting: Cell<triggers::LastingMasks>,
    /// The last `Hooks::moments` answer and the happenings answered it was worked out from:
    /// the same happenings give the same answer, whatever the game.
    moments_for: Cell<Option<(crate::index::Ons, u32)>>,
    /// The flat form of each ability's condition, if it has one (see `flat`).
    flats: Vec<Option<flat::Flat>>,
}

/// The components of a game played with `program`: the base components plus its aliens,
/// their flares as cards, and the names of its abilities.
pub fn components(program: &Program, base: &Components) -> Components {
    let mut c = base.clone();
    for item in &program.items {
        if item.kind != ItemKind::Alien {
            continue;
        }
        let flare = item.has_flare.then(|| {
            c.cosmic.push(CardDef::new(
                format!("Flare: {}", item.name),
                CardKind::Flare,
                0,
            ));
            (c.cosmic.len() - 1) as u16
        });
        let game_setup = item.setup_tokens.is_some()
            || item.abilities.iter().any(|&a| {
                program.abilities[a as usize]
                    .triggers
                    .contains(&Trigger::Setup)
            });
        c.aliens.push(AlienDef {
            name: item.name.clone(),
            flare,
            game_setup,
            set: item.set.clone(),
            excludes: item.excludes.clone(),
        });
    }
    for item in program.items.iter().filter(|i| i.kind == ItemKind::Tech) {
        c.techs.push(TechDef {
            name: item.name.clone(),
            research: item.research,
            secret: item.secret,
        });
    }
    for item in program.items.iter().filter(|i| i.kind.attachment()) {
        c.attachments.push(AttachmentDef {
            name: item.name.clone(),
            kind: item.kind.word().to_string(),
        });
    }
    for item in program.items.iter().filter(|i| i.kind == ItemKind::Hazard) {
        c.hazards.push(HazardDef {
            name: item.name.clone(),
            count: item.count.unwrap_or(1),
            remains_in_play: item.remains_in_play,
        });
    }
    c.duel = duel_components(program, &c.duel);
    c.sources = program.sources.clone();
    c
}

/// Duel's components from the program's Duel items: plans in their colour's deck (a plan
/// whose deck is not known is left out) and reinforcements, with their numbers.
fn duel_components(
    program: &Program,
    base: &cosmic_engine::duel::DuelComponents,
) -> cosmic_engine::duel::DuelComponents {
    use cosmic_engine::duel::{DuelCardDef, DuelCardKind};
    let mut d = base.clone();
    for item in program.items.iter().filter(|i| i.edition == "duel") {
        let Some(value) = item.value else { continue };
        let def = |kind| DuelCardDef {
            name: item.name.clone(),
            kind,
            count: item.count.unwrap_or(1),
        };
        match item.kind {
            ItemKind::Plan => {
                let seat = match item.deck.as_deref() {
                    Some("orange") => 0,
                    Some("blue") => 1,
                    _ => continue,
                };
                d.plans[seat].push(def(DuelCardKind::Plan(value)));
            }
            ItemKind::Reinforcement => d
                .reinforcements
                .push(def(DuelCardKind::Reinforcement(value))),
            _ => {}
        }
    }
    d
}

impl Runtime {
    /// A runtime for `program` in games set up from `components` (made by [`components`]).
    pub fn new(program: Arc<Program>, components: &Components) -> Runtime {
        let alien_items = components
            .aliens
            .iter()
            .map(|a| {
                program
                    .items
                    .iter()
                    .position(|i| i.kind == ItemKind::Alien && i.name == a.name)
                    .unwrap_or(0) as u32
            })
            .collect();
        let def_items: Vec<Option<u32>> = components
            .cosmic
            .iter()
            .map(|d| {
                let name = d.name.strip_prefix("Flare: ").unwrap_or(&d.name);
                program
                    .items
                    .iter()
                    .position(|i| i.name == name && i.kind.plays())
                    .map(|i| i as u32)
            })
            .collect();
        let tech_items: Vec<u32> = components
            .techs
            .iter()
            .map(|t| {
                program
                    .items
                    .iter()
                    .position(|i| i.kind == ItemKind::Tech && i.name == t.name)
                    .unwrap_or(0) as u32
            })
            .collect();
        let hazard_items: Vec<u32> = (components.hazards.iter())
            .map(|h| {
                (program.items.iter())
                    .position(|i| i.kind == ItemKind::Hazard && i.name == h.name)
                    .unwrap_or(0) as u32
            })
            .collect();
        let mut item_techs = vec![None; program.items.len()];
        for (t, &item) in tech_items.iter().enumerate() {
            item_techs[item as usize] = Some(t as u16);
        }
        let attachment_items = (components.attachments.iter())
            .map(|a| {
                (program.items.iter())
                    .position(|i| i.kind.attachment() && i.name == a.name)
                    .unwrap_or(0) as u32
            })
            .collect();
        let index = Index::new(&program);
        let flats = (program.abilities.iter())
            .map(|ab| ab.condition.as_ref().and_then(flat::Flat::of))
            .collect();
        let def_may_act = def_items.iter().map(Option::is_some).collect();
        Runtime {
            program,
            alien_items,
            def_items,
            def_may_act,
            tech_items,
            item_techs,
            attachment_items,
            hazard_items,
            index,
            depth: Cell::new(0),
            replaced: Cell::new(0),
            lasting_replacing: Cell::new(false),
            landing_replacing: Cell::new(false),
            retrieval_replacing: Cell::new(false),
            plays: RefCell::new(Vec::new()),
            ran: RefCell::new(None),
            recording: Cell::new(false),
            held: std::array::from_fn(|_| Cell::new(Held::NONE)),
            held_all: Cell::new(Held::NONE),
            seat_keys: Default::default(),
            seat_keys_at: Cell::new(u64::MAX),
            held_as: Default::default(),
            candidates: Default::default(),
            reacting: Cell::new(triggers::LastingMasks::NONE),
            moments_for: Cell::new(None),
            flats,
        }
    }

    fn ability(&self, i: u32) -> &Ability {
        &self.program.abilities[i as usize]
    }

    /// Starts recording which statements run (`has_run`).
    pub fn record_statements(&self) {
        self.recording.set(true);
        *self.ran.borrow_mut() = Some(Default::default());
    }

    /// Whether `st`, a statement of this runtime's program, has run since recording started:
    /// executed, or read as a continuous change of a quantity.
    pub fn has_run(&self, st: &Stmt) -> bool {
        (self.ran.borrow().as_ref()).is_some_and(|r| r.contains(&(st as *const Stmt as usize)))
    }

    fn note_run(&self, st: &Stmt) {
        if self.recording.get() {
            if let Some(r) = self.ran.borrow_mut().as_mut() {
                r.insert(st as *const Stmt as usize);
            }
        }
    }
}
