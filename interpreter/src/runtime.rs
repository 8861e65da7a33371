//! The runtime: runs a compiled `Program` at the engine's hook points. It collects the
//! abilities each player may use (alien power, flares and artifacts in hand), orders them by
//! the edition's timing order, uses mandatory ones and asks about optional ones through the
//! decision API, lets others answer a use (zaps), applies quantity modifiers in a fixed order
//! of layers, and resolves replacements. It never names a card.

use crate::header::{Standing, Usage};
use crate::index::{
    during_key, kinds_of, modify_key, on_key, on_keys, window_key, Acting, Index, Keys, Part,
    DEAL_KEY, INSTEAD_KEY, SETUP_KEY,
};
use crate::ir::{
    Ability, BinOp, Dest, Expr, Happening, Home, ItemKind, Op, Pick, Program, QuantityRef,
    Replaced, ShipPlace, Stmt, Trigger,
};
use cosmic_engine::deal::{ContentTerm, TermOffer};
use cosmic_engine::effects::{Lasting, Until};
use cosmic_engine::event::{Place, Rule};
use cosmic_engine::ids::MAX_PLAYERS;
use cosmic_engine::state::{Outcome, Phase};
use cosmic_engine::{
    AlienDef, CardDef, CardId, CardKind, CardType, Choice, Components, DecisionKind, Flow, Game,
    Hooks, Moment, PlanetId, PlayerId, Quantity, Side, TechDef, Window,
};
use smallvec::SmallVec;
use std::cell::{Cell, RefCell};
use std::sync::Arc;

/// Fact keys the runtime records (ability limits use `LIMIT + ability`).
const FLARE_USED: u32 = u32::MAX - 1;
/// With freewheeling flares each flare card is marked instead (`CARD_USED + card`).
const CARD_USED: u32 = 1 << 30;
const LIMIT: u32 = 1 << 24;

/// A value during evaluation.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    None,
    Int(i32),
    Bool(bool),
    Player(PlayerId),
    Players(u8),
    Side(Side),
    Card(CardId),
    Cards(Vec<CardId>),
    Type(CardType),
    Ships(u8, ShipPlace),
    /// Some of one player's ships at one place: those a replacement replaces (`them`).
    Group {
        owner: PlayerId,
        at: Place,
        count: u8,
    },
    Planet(PlanetId),
    Planets(Vec<PlanetId>),
}

impl Value {
    /// Whether this is true (matched, not compared: conditions ask it at every window).
    fn is_true(&self) -> bool {
        matches!(self, Value::Bool(true))
    }

    fn int(&self) -> i32 {
        match self {
            Value::Int(n) => *n,
            Value::Bool(b) => *b as i32,
            Value::Side(s) => s.ix() as i32,
            Value::Cards(c) => c.len() as i32,
            Value::Players(m) => m.count_ones() as i32,
            Value::Planets(p) => p.len() as i32,
            _ => 0,
        }
    }

    fn mask(&self) -> u8 {
        match self {
            Value::Player(p) => 1 << p.0,
            Value::Players(m) | Value::Ships(m, _) => *m,
            Value::Group { owner, .. } => 1 << owner.0,
            _ => 0,
        }
    }

    fn encode(&self) -> [i32; 2] {
        match self {
            Value::None
            | Value::Cards(_)
            | Value::Ships(..)
            | Value::Group { .. }
            | Value::Planets(_) => [0, 0],
            Value::Planet(p) => [8, p.owner.0 as i32 * 256 + p.n as i32],
            Value::Int(n) => [1, *n],
            Value::Bool(b) => [2, *b as i32],
            Value::Player(p) => [3, p.0 as i32],
            Value::Side(s) => [4, s.ix() as i32],
            Value::Card(c) => [5, c.0 as i32],
            Value::Type(t) => [6, *t as i32],
            Value::Players(m) => [7, *m as i32],
        }
    }

    fn decode(tag: i32, v: i32) -> Value {
        match tag {
            1 => Value::Int(v),
            2 => Value::Bool(v != 0),
            3 => Value::Player(PlayerId(v as u8)),
            4 => Value::Side(if v == 0 { Side::Offense } else { Side::Defense }),
            5 => Value::Card(CardId(v as u16)),
            8 => Value::Planet(PlanetId {
                owner: PlayerId((v / 256) as u8),
                n: (v % 256) as u8,
            }),
            6 => Value::Type(
                CardType::ALL
                    .get(v as usize)
                    .copied()
                    .unwrap_or(CardType::Attack),
            ),
            7 => Value::Players(v as u8),
            _ => Value::None,
        }
    }
}

/// What an ability answers or replaces.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Subject {
    None,
    /// A use of `ability` by `player` (from a card, when `card` is set).
    Use {
        player: PlayerId,
        ability: u32,
        card: Option<CardId>,
        /// The tech used, when the ability is a tech's.
        tech: Option<u16>,
        /// The player whose use this one answers, and whether that was an alien power's.
        against: Option<(PlayerId, bool)>,
    },
    /// A player something happened to (whose power was lost).
    Player(PlayerId),
    /// A player something happened to, with how many ships or cards it involved.
    Count {
        player: PlayerId,
        count: u8,
    },
    /// A card (the artifact just played).
    Card(CardId),
    /// A tech (the one just completed).
    Tech(u16),
    /// Ships headed for the warp (as `rule` sends them) that a replacement replaces.
    Ships {
        owner: PlayerId,
        at: Place,
        count: u8,
        rule: Rule,
    },
}

/// How many ships a move takes (all, a count, or up to a count) and who picks them (the
/// owner when `chooser` is none).
struct Take<'a> {
    count: Option<&'a Expr>,
    up_to: bool,
    chooser: Option<PlayerId>,
}

/// Where an ability is used from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Origin {
    Power,
    /// The power of a face-down alien sheet (hidden powers): optional, and using it flips
    /// the sheet face up.
    HiddenPower,
    Card(CardId),
    /// A completed tech in the player's play area.
    Tech(u16),
}

impl Origin {
    /// The card played, if the ability comes from one.
    fn card(self) -> Option<CardId> {
        match self {
            Origin::Card(c) => Some(c),
            Origin::Power | Origin::HiddenPower | Origin::Tech(_) => None,
        }
    }

    /// The tech the ability is on, if it comes from one.
    fn tech(self) -> Option<u16> {
        match self {
            Origin::Tech(t) => Some(t),
            _ => None,
        }
    }
}

struct Ctx {
    me: PlayerId,
    slots: Vec<Value>,
    subject: Subject,
    /// The quantity being computed and its value so far (relative changes read it).
    current: Option<(Quantity, i32)>,
    /// Set when the ability cancelled the use it answers.
    cancelled: bool,
    source: u32,
    /// The item the ability belongs to (`u32::MAX` for a quantity change).
    item: u32,
    /// The card the ability is on, when played from a hand.
    card: Option<CardId>,
    /// The tech the ability is on, when used from a completed tech.
    tech: Option<u16>,
    /// The player and number a deal term was agreed for.
    agreed: Option<(PlayerId, u8)>,
}

impl Ctx {
    /// The context a quantity change is computed in.
    fn change(me: PlayerId, slots: Vec<Value>, source: u32) -> Ctx {
        Ctx {
            me,
            slots,
            subject: Subject::None,
            current: None,
            cancelled: false,
            source,
            item: u32::MAX,
            card: None,
            tech: None,
            agreed: None,
        }
    }
}

/// Abilities a player may use, with where each comes from: rarely more than a few, so
/// they stay off the heap.
type Uses = SmallVec<[(u32, Origin); 8]>;

/// The abilities one player's holdings give, under its holdings stamp.
#[derive(Clone, Debug, Default)]
struct Candidates {
    /// The `Game::holdings_stamp` this was gathered under (0: never).
    stamp: u64,
    /// In the order they are offered.
    list: Vec<Candidate>,
}

/// An ability a player's holdings give, and what must hold for it to be usable now.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    ability: u32,
    /// The moments at which it acts.
    keys: Keys,
    origin: Origin,
    need: Need,
}

/// What must hold, besides the holdings, for a candidate ability to be usable.
#[derive(Clone, Copy, Debug)]
enum Need {
    /// The player's alien power works.
    Works,
    /// The player has its alien power, zapped or not: an innate part is never used, so a
    /// zap, which cancels uses, does not stop it (Combined Rules, Zapping Alien Powers).
    Held,
    /// The tech (the player's n-th) is completed, or a secret tech researched enough.
    Tech(u8),
    /// A card: on the sheet, the sheet is open; a flare, no flare was used and its home
    /// matches whether the power works.
    Card {
        sheet: bool,
        flare: Option<FlareHome>,
    },
}

/// Which of a flare's texts a candidate is.
#[derive(Clone, Copy, Debug)]
enum FlareHome {
    /// Another alien's flare: its wild text.
    Wild,
    /// One's own flare while the power works: its super text.
    Super,
    /// One's own flare while the power does not work: its wild text.
    OwnWild,
}

/// Runs a program as the engine's hooks. One per thread: clone it for each worker.
#[derive(Clone)]
pub struct Runtime {
    program: Arc<Program>,
    /// Item of each alien the components list.
    alien_items: Vec<u32>,
    /// Item of each cosmic card definition (artifacts and flares), if content describes it.
    def_items: Vec<Option<u32>>,
    /// Item of each tech the components list.
    tech_items: Vec<u32>,
    /// The tech of each item that is one (the inverse of `tech_items`).
    item_techs: Vec<Option<u16>>,
    /// Tables that let the hot paths skip content that cannot act.
    index: Index,
    depth: Cell<u8>,
    /// How many ships the replacement running now has replaced (moved, or kept in place).
    replaced: Cell<u8>,
    /// The statements run so far, by address in the program, when recording (tests prove
    /// with it that what lints clean runs).
    ran: RefCell<Option<std::collections::HashSet<usize>>>,
    recording: Cell<bool>,
    /// For each seat, what its holdings may do, under the game's holdings stamp.
    held: [Cell<Held>; MAX_PLAYERS],
    /// The union of every seat's `held`, under the game's holdings version.
    held_all: Cell<Held>,
    /// Each player's held moments by the standing its abilities need to act at them
    /// (indexed by `Standing`), under the stamp of `held`.
    held_as: [Cell<[Keys; Standing::ALL.len()]>; MAX_PLAYERS],
    /// For each seat, the abilities its holdings give, under its holdings stamp.
    candidates: [RefCell<Candidates>; MAX_PLAYERS],
}

/// What one player's holdings (powers, techs, hand, sheet) may do: a superset, since it
/// counts techs not yet usable and sheets not open; the full search decides.
#[derive(Clone, Copy, Debug)]
struct Held {
    /// The `Game::holdings_stamp` this was computed under (`u64::MAX`: never).
    stamp: u64,
    /// The moments at which something held may act (with the kinds of quantity it may
    /// change continuously: `index::kinds_of`).
    keys: Keys,
}

impl Held {
    const NONE: Held = Held {
        stamp: u64::MAX,
        keys: 0,
    };
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
            c.cosmic.push(CardDef {
                name: format!("Flare: {}", item.name),
                kind: CardKind::Flare,
                count: 0,
            });
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
        });
    }
    for item in program.items.iter().filter(|i| i.kind == ItemKind::Tech) {
        c.techs.push(TechDef {
            name: item.name.clone(),
            research: item.research,
            secret: item.secret,
        });
    }
    c.sources = program.sources.clone();
    c
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
                    .position(|i| i.name == name && i.kind != ItemKind::Other)
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
        let mut item_techs = vec![None; program.items.len()];
        for (t, &item) in tech_items.iter().enumerate() {
            item_techs[item as usize] = Some(t as u16);
        }
        let index = Index::new(&program);
        Runtime {
            program,
            alien_items,
            def_items,
            tech_items,
            item_techs,
            index,
            depth: Cell::new(0),
            replaced: Cell::new(0),
            ran: RefCell::new(None),
            recording: Cell::new(false),
            held: std::array::from_fn(|_| Cell::new(Held::NONE)),
            held_all: Cell::new(Held::NONE),
            held_as: Default::default(),
            candidates: Default::default(),
        }
    }

    /// What anybody's holdings may do, from the cache while no holdings changed.
    #[inline]
    fn held_all(&self, game: &Game) -> Held {
        let cached = self.held_all.get();
        if cached.stamp == game.holdings_version() {
            return cached;
        }
        self.gather_held_all(game)
    }

    /// What anybody's holdings may do, computed afresh and cached.
    #[inline(never)]
    fn gather_held_all(&self, game: &Game) -> Held {
        let version = game.holdings_version();
        let mut all = Held {
            stamp: version,
            ..Held::NONE
        };
        for p in game.state().seats() {
            all.keys |= self.held(game, p).keys;
        }
        self.held_all.set(all);
        all
    }

    /// What `p`'s holdings may do, from the cache while its holdings stamp is unchanged.
    #[inline]
    fn held(&self, game: &Game, p: PlayerId) -> Held {
        let cached = self.held[p.ix()].get();
        if cached.stamp == game.holdings_stamp(p) {
            return cached;
        }
        self.gather_held(game, p)
    }

    /// What `p`'s holdings may do, computed afresh and cached: the moments of its candidate
    /// abilities (gathered now if they are stale too, as they are about to be read).
    #[inline(never)]
    fn gather_held(&self, game: &Game, p: PlayerId) -> Held {
        let mut held = Held {
            stamp: game.holdings_stamp(p),
            ..Held::NONE
        };
        let mut as_standing = [0; Standing::ALL.len()];
        for c in &self.candidates(game, p).list {
            held.keys |= c.keys;
            let roles = self.ability(c.ability).roles;
            for (keys, s) in as_standing.iter_mut().zip(Standing::ALL) {
                if roles.allows(s) {
                    *keys |= c.keys;
                }
            }
        }
        self.held[p.ix()].set(held);
        self.held_as[p.ix()].set(as_standing);
        held
    }

    fn ability(&self, i: u32) -> &Ability {
        &self.program.abilities[i as usize]
    }

    /// Whether ability `a`, used from `origin`, acts by itself (mandatory or innate): a
    /// face-down sheet's power never does, since using it means flipping the sheet.
    fn acts_by_itself(&self, a: u32, origin: Origin) -> bool {
        self.ability(a).usage != Usage::Optional && origin != Origin::HiddenPower
    }

    /// Whether `p`'s alien power works now (enough home colonies, or an alien that never
    /// loses its power that way; not zapped or lost).
    fn power_works(&self, game: &Game, p: PlayerId) -> bool {
        self.power_held(game, p) && !game.state().effects.power_zapped(p)
    }

    /// Whether `p` has its alien power, zapped or not (enough home colonies, or an alien
    /// that never loses its power that way; not lost by an effect): its innate parts act.
    fn power_held(&self, game: &Game, p: PlayerId) -> bool {
        let s = game.state();
        let player = &s.players[p.ix()];
        let kept = || {
            player.alien.is_some_and(|a| {
                self.program.items[self.alien_items[a as usize] as usize].keeps_power
            })
        };
        (player.power_active || kept()) && !s.effects.power_off(p)
    }

    /// The abilities `p`'s holdings give, from the cache while its holdings stamp is
    /// unchanged (see `abilities_at`, which checks what may change without a new stamp).
    fn candidates(&self, game: &Game, p: PlayerId) -> std::cell::Ref<'_, Candidates> {
        let stamp = game.holdings_stamp(p);
        let cell = &self.candidates[p.ix()];
        if cell.borrow().stamp != stamp {
            let mut cache = cell.borrow_mut();
            cache.stamp = stamp;
            cache.list.clear();
            self.gather_candidates(game, p, &mut cache.list);
        }
        cell.borrow()
    }

    /// Every ability `p`'s alien powers, techs, hand and sheet carry, in the order they are
    /// offered.
    #[inline(never)]
    fn gather_candidates(&self, game: &Game, p: PlayerId, out: &mut Vec<Candidate>) {
        let s = game.state();
        let player = &s.players[p.ix()];
        let mut push = |act: &Acting, origin: Origin, need: Need| {
            out.push(Candidate {
                ability: act.ability,
                keys: act.keys,
                origin,
                need,
            });
        };
        for (k, alien) in player.aliens().enumerate() {
            let item = self.alien_items[alien as usize];
            let origin = if k == 0 && player.face_down {
                Origin::HiddenPower
            } else {
                Origin::Power
            };
            for act in self.index.acting(item, Part::Power) {
                let need = if self.ability(act.ability).usage == Usage::Innate {
                    Need::Held
                } else {
                    Need::Works
                };
                push(act, origin, need);
            }
        }
        for (i, h) in player.techs.iter().enumerate() {
            let Some(&item) = self.tech_items.get(h.tech as usize) else {
                continue;
            };
            for act in self.index.acting(item, Part::Effect) {
                push(act, Origin::Tech(h.tech), Need::Tech(i as u8));
            }
        }
        let hand = player.hand.iter().map(|&c| (c, false));
        for (card, sheet) in hand.chain(s.sheet_cards(p).map(|c| (c, true))) {
            let def = s.cards[card.0 as usize].def as usize;
            let Some(&Some(item)) = self.def_items.get(def) else {
                continue;
            };
            let origin = Origin::Card(card);
            if s.kind(card) != CardKind::Flare {
                for act in self.index.acting(item, Part::Effect) {
                    push(act, origin, Need::Card { sheet, flare: None });
                }
                continue;
            }
            // A face-down sheet's own flare is played as a wild flare: it does not tell.
            let own = player.aliens().enumerate().any(|(k, a)| {
                self.alien_items[a as usize] == item && !(k == 0 && player.face_down)
            });
            for act in self.index.acting(item, Part::Flare) {
                let home = match act.home {
                    Home::Super if own => FlareHome::Super,
                    Home::Wild if own => FlareHome::OwnWild,
                    Home::Wild => FlareHome::Wild,
                    _ => continue,
                };
                let flare = Some(home);
                push(act, origin, Need::Card { sheet, flare });
            }
        }
    }

    /// Every ability `p` may use now that may act at one of the moments in `keys`, with where
    /// it comes from: its alien power's, then those of its techs, then those of the cards in
    /// its hand, in hand order (a flare as super or wild), then its open sheet's. The
    /// candidates come from a cache kept under `p`'s holdings stamp; what changes without a
    /// new stamp (whether the power works, techs researched, flares used) is checked here.
    fn abilities_at(&self, game: &Game, p: PlayerId, keys: Keys) -> Uses {
        let mut out = Uses::new();
        self.each_ability_at(game, p, keys, |a, origin| out.push((a, origin)));
        out
    }

    /// Calls `found` with each ability `abilities_at` would list, in its order, without
    /// making the list. The candidate cache stays borrowed meanwhile: `found` may read the
    /// game (conditions, quantities) but, holding no `&mut Game`, cannot change a stamp.
    fn each_ability_at(
        &self,
        game: &Game,
        p: PlayerId,
        keys: Keys,
        mut found: impl FnMut(u32, Origin),
    ) {
        let s = game.state();
        let player = &s.players[p.ix()];
        let mut works = None;
        let mut works = || *works.get_or_insert_with(|| self.power_works(game, p));
        let mut flare_used = None;
        let mut sheet_open = None;
        let cache = self.candidates(game, p);
        for c in cache.list.iter().filter(|c| c.keys & keys != 0) {
            let ok = match c.need {
                Need::Works => works(),
                Need::Held => self.power_held(game, p),
                Need::Tech(i) => {
                    (player.techs.get(i as usize)).is_some_and(|h| game.tech_usable(h))
                }
                Need::Card { sheet, flare } => {
                    (!sheet || *sheet_open.get_or_insert_with(|| s.sheet_open(p)))
                        && match (flare, c.origin) {
                            (None, _) => true,
                            (Some(home), Origin::Card(card)) => {
                                !*flare_used.get_or_insert_with(|| s.effects.marked(p, FLARE_USED))
                                    && (s.rules.one_flare_per_encounter
                                        || !s.effects.marked(p, CARD_USED + card.0 as u32))
                                    && match home {
                                        FlareHome::Wild => true,
                                        FlareHome::Super => works(),
                                        FlareHome::OwnWild => !works(),
                                    }
                            }
                            (Some(_), _) => false,
                        }
                }
            };
            if ok {
                found(c.ability, c.origin);
            }
        }
    }

    /// Whether `p`'s alien or a card in its hand has an ability that may act at one of the
    /// moments in `keys` (a cheap test before the full search of its abilities).
    fn holds_acting(&self, game: &Game, p: PlayerId, keys: Keys) -> bool {
        self.held(game, p).keys & keys != 0
    }

    /// `holds_acting`, counting only abilities whose roles allow `p`'s standing now: for
    /// searches that test each ability's roles (`may_act`), to skip players none of whose
    /// abilities they would let act.
    fn holds_acting_now(&self, game: &Game, p: PlayerId, keys: Keys) -> bool {
        self.holds_acting(game, p, keys)
            && self.held_as[p.ix()].get()[Self::standing(game, p) as usize] & keys != 0
    }

    fn standing(game: &Game, p: PlayerId) -> Standing {
        let s = game.state();
        if p == s.offense && s.encounter.phase.is_some() {
            Standing::Offense
        } else if Some(p) == s.encounter.defense {
            Standing::Defense
        } else {
            match s.encounter.ally[p.ix()] {
                Some(Side::Offense) => Standing::OffensiveAlly,
                Some(Side::Defense) => Standing::DefensiveAlly,
                None => Standing::Uninvolved,
            }
        }
    }

    /// Whether ability `a` may act for `p` now: its roles, limit, cancellation and condition.
    fn may_act(&self, game: &Game, p: PlayerId, a: u32) -> bool {
        self.may_act_on(game, p, a, Subject::None)
    }

    /// Whether ability `a` may act for `p` now in answer to `subject` (its condition may
    /// name what it answers).
    fn may_act_on(&self, game: &Game, p: PlayerId, a: u32, subject: Subject) -> bool {
        let ab = self.ability(a);
        let s = game.state();
        if !ab.roles.allows(Self::standing(game, p)) {
            return false;
        }
        if !ab.phases.is_empty() && !s.encounter.phase.is_some_and(|ph| ab.phases.contains(&ph)) {
            return false;
        }
        if ab.limit.is_some() && s.effects.marked(p, LIMIT + a) {
            return false;
        }
        if s.effects.cancelled(p, ab.source) {
            return false;
        }
        match &ab.condition {
            None => true,
            Some(c) => {
                let mut ctx = self.test_ctx(p, a, subject);
                self.eval(c, game, &mut ctx).is_true()
            }
        }
    }

    fn ctx(&self, me: PlayerId, a: u32, subject: Subject) -> Ctx {
        let slots = vec![Value::None; self.ability(a).slots as usize];
        self.ctx_with(me, a, subject, slots)
    }

    /// The context a condition or a bot's preference is tested in. It has no slots: an
    /// expression only reads them, every slot is empty before the body runs, and reading a
    /// slot that is not there gives the same empty value (sparing an allocation per test).
    fn test_ctx(&self, me: PlayerId, a: u32, subject: Subject) -> Ctx {
        self.ctx_with(me, a, subject, Vec::new())
    }

    fn ctx_with(&self, me: PlayerId, a: u32, subject: Subject, slots: Vec<Value>) -> Ctx {
        let ab = self.ability(a);
        Ctx {
            subject,
            item: ab.item,
            // A tech's own text knows its tech (conditions on `ships on this tech`).
            tech: self.item_techs[ab.item as usize],
            ..Ctx::change(me, slots, ab.source)
        }
    }

    /// Uses ability `a` of `p`: announces it (playing its card), lets others answer, and if
    /// nothing cancelled it, runs its body (when `run`). Returns whether it took effect.
    fn use_ability(
        &self,
        game: &mut Game,
        p: PlayerId,
        a: u32,
        origin: Origin,
        subject: Subject,
        run: bool,
    ) -> Flow<bool> {
        let ab = self.ability(a);
        if let Some(until) = ab.limit {
            game.mark(p, LIMIT + a, until);
        }
        let card = origin.card();
        let mut cancelled = false;
        if origin == Origin::HiddenPower {
            game.reveal_alien(p);
        }
        if ab.usage != Usage::Innate {
            let happening = match (origin, card) {
                (Origin::Tech(t), _) => {
                    game.reveal_tech(p, t, ab.source);
                    game.announce_use(p, ab.source);
                    Happening::TechUsed
                }
                (_, Some(c)) => {
                    if game.state().kind(c) == CardKind::Flare {
                        let key = if game.state().rules.one_flare_per_encounter {
                            FLARE_USED
                        } else {
                            CARD_USED + c.0 as u32
                        };
                        game.mark(p, key, Until::EndOfEncounter);
                    }
                    game.play_from_hand(p, c, ab.source);
                    Happening::CardPlayed
                }
                (_, None) => {
                    game.announce_use(p, ab.source);
                    Happening::PowerUsed
                }
            };
            let against = match subject {
                Subject::Use {
                    player, card, tech, ..
                } => Some((player, card.is_none() && tech.is_none())),
                _ => None,
            };
            let target = Subject::Use {
                player: p,
                ability: a,
                card,
                tech: origin.tech(),
                against,
            };
            cancelled = self.answer(game, happening, p, target)?;
        }
        if cancelled {
            if let Some(c) = card {
                // A cancelled flare is discarded rather than returned.
                if game.state().players[p.ix()].hand.contains(&c) {
                    let outer = game.set_acting(Some(ab.source));
                    game.discard_card(p, c, Rule::CardText);
                    game.set_acting(outer);
                }
            }
            return Ok(false);
        }
        if ab.replaces_power {
            self.replace_power(game, p, a);
        }
        if run {
            let mut ctx = self.ctx(p, a, subject);
            ctx.card = card;
            ctx.tech = origin.tech();
            self.run_body(&ab.body, game, &mut ctx)?;
            if let Some(c) = card {
                if game.state().kind(c) == CardKind::Artifact {
                    self.happened(
                        game,
                        Happening::MyArtifactPlayed,
                        1 << p.0,
                        Subject::Card(c),
                    )?;
                }
            }
        }
        Ok(true)
    }

    /// A super flare used instead of the power: the power's abilities of the same phases
    /// are off for the encounter.
    fn replace_power(&self, game: &mut Game, p: PlayerId, sup: u32) {
        let Some(alien) = game.state().players[p.ix()].alien else {
            return;
        };
        let phases = |a: &Ability| -> Vec<Phase> {
            a.triggers
                .iter()
                .flat_map(|t| match t {
                    Trigger::At { phases, .. } | Trigger::During(phases) => phases.clone(),
                    _ => Vec::new(),
                })
                .collect()
        };
        let mine = phases(self.ability(sup));
        let item = self.alien_items[alien as usize];
        let source = self.ability(sup).source;
        for &a in &self.program.items[item as usize].abilities {
            let ab = self.ability(a);
            if ab.home == Home::Power && phases(ab).iter().any(|ph| mine.contains(ph)) {
                game.cancel_ability(p, ab.source, Until::EndOfEncounter, source);
            }
        }
    }

    /// Offers `players` (a mask of seats, in timing order) the abilities that answer `h`,
    /// with `subject`.
    fn happened(&self, game: &mut Game, h: Happening, players: u8, subject: Subject) -> Flow {
        let key = on_key(h);
        if self.held_all(game).keys & key == 0 {
            return Ok(());
        }
        for &p in game.timing_order().iter() {
            if players & (1 << p.0) == 0 || !self.holds_acting_now(game, p, key) {
                continue;
            }
            let options = self.answers(game, p, h, &[], subject);
            if options.is_empty() {
                continue;
            }
            // A super flare used instead of a power that would act by itself is offered first.
            let supers: Uses = options
                .iter()
                .copied()
                .filter(|&(b, _)| self.ability(b).replaces_power)
                .collect();
            let mandatory = options.iter().any(|&(a, o)| self.acts_by_itself(a, o));
            if mandatory && !supers.is_empty() {
                if let Some((b, o)) = self.ask_use_on(game, p, &supers, None, subject)? {
                    self.use_ability(game, p, b, o, subject, true)?;
                    continue;
                }
            }
            let options: Uses = if mandatory {
                options
                    .into_iter()
                    .filter(|&(b, _)| !self.ability(b).replaces_power)
                    .collect()
            } else {
                options
            };
            let picked = if options.iter().all(|&(a, o)| !self.acts_by_itself(a, o)) {
                self.ask_use_on(game, p, &options, None, subject)?
            } else {
                options.first().copied()
            };
            if let Some((a, origin)) = picked {
                self.use_ability(game, p, a, origin, subject, true)?;
            }
        }
        Ok(())
    }

    /// The abilities `p` may use now in answer to `h` (and, for a card being played, those
    /// answering plays of its kind only: `also`).
    fn answers(
        &self,
        game: &Game,
        p: PlayerId,
        h: Happening,
        also: &[Happening],
        subject: Subject,
    ) -> Uses {
        let mut out = Uses::new();
        let key = on_keys(h, also);
        self.each_ability_at(game, p, key, |a, origin| {
            let t = &self.ability(a).triggers;
            // A tech's completion is answered by that tech's own abilities only.
            let own = h != Happening::TechCompleted
                || matches!((origin, subject), (Origin::Tech(x), Subject::Tech(y)) if x == y);
            if own
                && t.iter().any(|t| match *t {
                    Trigger::On(k) => k == h || also.contains(&k),
                    _ => false,
                })
                && self.may_act_on(game, p, a, subject)
            {
                out.push((a, origin));
            }
        });
        out
    }

    /// The kinds of play a use of a card is besides `CardPlayed` (an artifact, a flare, a
    /// flare's wild half), for abilities that answer plays of one kind only.
    fn play_kinds(&self, game: &Game, target: Subject) -> &'static [Happening] {
        let Subject::Use {
            card: Some(c),
            ability,
            ..
        } = target
        else {
            return &[];
        };
        match game.state().kind(c) {
            CardKind::Artifact => &[Happening::ArtifactPlayed],
            CardKind::Flare if self.ability(ability).home == Home::Wild => {
                &[Happening::FlarePlayed, Happening::WildFlarePlayed]
            }
            CardKind::Flare => &[Happening::FlarePlayed],
            _ => &[],
        }
    }

    /// Lets every other player answer a use; returns whether it was cancelled.
    fn answer(&self, game: &mut Game, h: Happening, user: PlayerId, target: Subject) -> Flow<bool> {
        if self.depth.get() > 6 {
            return Ok(false);
        }
        self.depth.set(self.depth.get() + 1);
        let result = self.answer_inner(game, h, user, target);
        self.depth.set(self.depth.get() - 1);
        result
    }

    fn answer_inner(
        &self,
        game: &mut Game,
        h: Happening,
        user: PlayerId,
        target: Subject,
    ) -> Flow<bool> {
        let also = self.play_kinds(game, target);
        let key = on_keys(h, also);
        if self.held_all(game).keys & key == 0 {
            return Ok(false);
        }
        for &q in game.timing_order().iter() {
            if q == user || !self.holds_acting_now(game, q, key) {
                continue;
            }
            let options = self.answers(game, q, h, also, target);
            if options.is_empty() {
                continue;
            }
            // The option says which use it answers (the human seat words it).
            let answered = match target {
                Subject::Use { ability, .. } => self.ability(ability).source,
                _ => u32::MAX,
            };
            let Some((a, origin)) = self.ask_use(game, q, &options, Some((user, answered)))? else {
                continue;
            };
            let ab = self.ability(a);
            if !self.use_ability(game, q, a, origin, target, false)? {
                continue;
            }
            let mut ctx = self.ctx(q, a, target);
            ctx.card = origin.card();
            ctx.tech = origin.tech();
            self.run_body(&ab.body, game, &mut ctx)?;
            if ctx.cancelled {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Asks `p` which of `options` to use now, or to pass.
    fn ask_use(
        &self,
        game: &mut Game,
        p: PlayerId,
        options: &[(u32, Origin)],
        answering: Option<(PlayerId, u32)>,
    ) -> Flow<Option<(u32, Origin)>> {
        self.ask_use_on(game, p, options, answering, Subject::None)
    }

    /// Asks `p` which of `options` to use now in answer to `subject` (bot hints may name
    /// it), or to pass.
    fn ask_use_on(
        &self,
        game: &mut Game,
        p: PlayerId,
        options: &[(u32, Origin)],
        answering: Option<(PlayerId, u32)>,
        subject: Subject,
    ) -> Flow<Option<(u32, Origin)>> {
        let mut choices = game.choices();
        let advise = game.reads_advice(p);
        choices.extend(options.iter().map(|&(a, origin)| {
            Choice::Use {
                source: self.ability(a).source,
                card: origin.card(),
                answering: answering.map(|(user, _)| user),
                answers: answering.map(|(_, source)| source),
                advised: (self.ability(a).prefer.as_ref())
                    .filter(|_| advise)
                    .map(|c| {
                        let mut ctx = self.test_ctx(p, a, subject);
                        self.eval(c, game, &mut ctx).is_true()
                    }),
            }
        }));
        choices.push(Choice::Pass);
        // Passing is the last option, past the end of `options`.
        let k = game.pick_index(p, DecisionKind::UseAbility, choices)?;
        Ok(options.get(k).copied())
    }

    /// Runs the abilities that trigger at a moment: those with a trigger that `matches`
    /// (which only triggers of the moments in `keys` may do).
    fn trigger(
        &self,
        game: &mut Game,
        keys: Keys,
        matches: impl Fn(&Trigger, Option<Phase>) -> bool,
    ) -> Flow {
        if self.held_all(game).keys & keys == 0 {
            return Ok(());
        }
        let phase = game.state().encounter.phase;
        for &p in game.timing_order().iter() {
            if !self.holds_acting_now(game, p, keys) {
                continue;
            }
            let mut asked_out = false;
            loop {
                let mut ready = Uses::new();
                self.each_ability_at(game, p, keys, |a, origin| {
                    // Used already this window (marked): not tested again.
                    if self.ability(a).triggers.iter().any(|t| matches(t, phase))
                        && !game.state().effects.marked(p, LIMIT + a)
                        && self.may_act(game, p, a)
                    {
                        ready.push((a, origin));
                    }
                });
                // Mandatory and innate abilities act by themselves, once per window.
                if let Some(&(a, origin)) = ready.iter().find(|&&(a, o)| self.acts_by_itself(a, o))
                {
                    // A super flare used instead of this power is offered first.
                    let supers: Uses = ready
                        .iter()
                        .copied()
                        .filter(|&(b, _)| {
                            let sb = self.ability(b);
                            sb.replaces_power && sb.usage == Usage::Optional
                        })
                        .collect();
                    if self.ability(a).home == Home::Power && !supers.is_empty() {
                        for &(b, _) in &supers {
                            game.mark(p, LIMIT + b, Until::EndOfEncounter);
                        }
                        if let Some((b, o)) = self.ask_use(game, p, &supers, None)? {
                            self.use_ability(game, p, b, o, Subject::None, true)?;
                            continue;
                        }
                    }
                    game.mark(p, LIMIT + a, Until::EndOfEncounter);
                    let run = !self.is_continuous(a);
                    self.use_ability(game, p, a, origin, Subject::None, run)?;
                    continue;
                }
                if asked_out {
                    break;
                }
                if ready.is_empty() {
                    break;
                }
                match self.ask_use(game, p, &ready, None)? {
                    Some((a, origin)) => {
                        game.mark(p, LIMIT + a, Until::EndOfEncounter);
                        let run = !self.is_continuous(a);
                        self.use_ability(game, p, a, origin, Subject::None, run)?;
                    }
                    None => asked_out = true,
                }
            }
        }
        Ok(())
    }

    /// Whether an ability is continuous (`during` a phase): its changes are read when the
    /// rules compute a quantity, so announcing its use must not start them a second time.
    fn is_continuous(&self, a: u32) -> bool {
        self.ability(a)
            .triggers
            .iter()
            .any(|t| matches!(t, Trigger::During(_)))
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

    /// Runs an ability's body: the events card text causes meanwhile cite the ability, and
    /// the decisions it asks name it.
    fn run_body(&self, stmts: &[Stmt], game: &mut Game, ctx: &mut Ctx) -> Flow {
        let outer = game.set_acting(Some(ctx.source));
        let result = self.exec(stmts, game, ctx);
        game.set_acting(outer);
        result
    }

    fn exec(&self, stmts: &[Stmt], game: &mut Game, ctx: &mut Ctx) -> Flow {
        for s in stmts {
            self.stmt(s, game, ctx)?;
        }
        Ok(())
    }

    fn stmt(&self, s: &Stmt, game: &mut Game, ctx: &mut Ctx) -> Flow {
        self.note_run(s);
        let me = ctx.me;
        match s {
            Stmt::Modify {
                quantity,
                code,
                source,
                until,
                names,
            } => {
                if let Some(q) = self.instance(quantity, game, ctx) {
                    let mut env = vec![me.0 as i32];
                    for v in &ctx.slots {
                        env.extend(v.encode());
                    }
                    // Written only for a log: simulations skip it.
                    let reads = (!names.is_empty() && game.logs_events())
                        .then(|| self.reads(*source, names, game, ctx));
                    game.start_effect(
                        me,
                        *until,
                        Lasting::Modifier {
                            quantity: q,
                            code: *code,
                            env,
                        },
                        *source,
                        reads,
                    );
                }
            }
            Stmt::SetType { card, to, source } => {
                if let Value::Card(c) = self.eval(card, game, ctx) {
                    let e = &game.state().encounter;
                    if let Some(i) = e.cards.iter().position(|&x| x == Some(c)) {
                        let side = Side::BOTH[i];
                        let kind = match to {
                            CardType::Negotiate => CardKind::Negotiate,
                            CardType::Morph => CardKind::Morph,
                            _ => CardKind::Attack(0),
                        };
                        game.set_card_kind(side, kind, *source);
                    }
                }
            }
            Stmt::Tokens { player, delta } => {
                if let Value::Player(p) = self.eval(player, game, ctx) {
                    let n = number(&self.eval(delta, game, ctx), game);
                    let now = game.state().effects.tokens[p.ix()] + n;
                    game.set_tokens(p, now, ctx.source);
                }
            }
            Stmt::Move {
                ships,
                count,
                up_to,
                to,
                chooser,
            } => {
                let chooser = chooser.as_ref().and_then(|c| self.player(c, game, ctx));
                let take = Take {
                    count: count.as_ref(),
                    up_to: *up_to,
                    chooser,
                };
                self.move_ships(ships, take, to, game, ctx)?
            }
            Stmt::TakeCard { card, to } => {
                if let (Value::Card(c), Value::Player(p)) =
                    (self.eval(card, game, ctx), self.eval(to, game, ctx))
                {
                    game.take_card(p, c, ctx.source);
                }
            }
            Stmt::Draw(n, named) => {
                let n = number(&self.eval(n, game, ctx), game).max(0) as u32;
                let before = game.state().players[me.ix()].hand.len();
                game.draw_n(me, n, Rule::CardText)?;
                if let Some(slot) = named {
                    // Drawn cards join the end of the hand.
                    let hand = &game.state().players[me.ix()].hand;
                    let drawn = hand.get(before..).unwrap_or_default().to_vec();
                    ctx.slots[*slot as usize] = Value::Cards(drawn);
                }
            }
            Stmt::DiscardEachType(who) => {
                if let Value::Player(p) = self.eval(who, game, ctx) {
                    for t in CardType::ALL {
                        let options: Vec<Choice> = game.state().players[p.ix()]
                            .hand
                            .iter()
                            .filter(|&&c| game.state().kind(c).card_type() == t)
                            .map(|&c| Choice::Card(c))
                            .collect();
                        if options.is_empty() {
                            continue;
                        }
                        if let Choice::Card(c) = game.pick(p, DecisionKind::CardCards, options)? {
                            game.discard_card(p, c, Rule::CardText);
                        }
                    }
                }
            }
            Stmt::ChooseDestiny => game.choose_destiny(me, ctx.source)?,
            Stmt::RedrawDestiny => game.redraw_destiny(),
            Stmt::EncounterWith { defense, anywhere } => {
                if let Some(d) = self.player(defense, game, ctx) {
                    let offense = game.state().offense;
                    game.aim_gate_at(offense, d, *anywhere, ctx.source)?;
                }
            }
            Stmt::SwapHands(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.swap_hands(a, b, ctx.source);
                }
            }
            Stmt::SwapEncounterCards => game.swap_encounter_cards(ctx.source),
            Stmt::SetAside {
                card,
                planet,
                until,
            } => {
                let at = match planet {
                    None => Some(cosmic_engine::state::Aside::Sheet),
                    Some(pl) => match self.eval(pl, game, ctx) {
                        Value::Planet(pl) => Some(cosmic_engine::state::Aside::Planet(pl)),
                        _ => None,
                    },
                };
                if let Some(at) = at {
                    for c in cards_of(self.eval(card, game, ctx)) {
                        game.set_aside(ctx.me, c, at, *until, ctx.source);
                    }
                }
            }
            Stmt::SetUnderTech(card) => {
                if let Some(t) = ctx.tech {
                    for c in cards_of(self.eval(card, game, ctx)) {
                        let at = cosmic_engine::state::Aside::Tech(t);
                        game.set_aside(ctx.me, c, at, None, ctx.source);
                    }
                }
            }
            Stmt::OpenSheet => game.start_effect(
                ctx.me,
                Until::EndOfGame,
                Lasting::SheetAccess,
                ctx.source,
                None,
            ),
            Stmt::PlaceToken { key, planet } => {
                if let Value::Planet(pl) = self.eval(planet, game, ctx) {
                    game.place_planet_token(me, pl, *key, ctx.source);
                }
            }
            Stmt::RemovePlanetTokens(key) => game.remove_planet_tokens(me, *key, ctx.source),
            Stmt::DestroyPlanet(pl) => {
                if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                    game.destroy_planet(pl, ctx.source)?;
                }
            }
            Stmt::CreatePlanet { owner, named } => {
                if let Some(owner) = self.player(owner, game, ctx) {
                    let pl = game.create_planet(owner, ctx.source);
                    if let Some(slot) = named {
                        ctx.slots[*slot as usize] = Value::Planet(pl);
                    }
                }
            }
            Stmt::GiveTech(to) => {
                if let (Some(to), Some(tech)) = (self.player(to, game, ctx), ctx.tech) {
                    game.give_tech(me, tech, to, ctx.source);
                }
            }
            Stmt::ToDeckBottom(cards) => {
                for c in cards_of(self.eval(cards, game, ctx)) {
                    game.card_to_deck_bottom(c, ctx.source);
                }
            }
            Stmt::LendPower(to) => {
                if let Value::Player(to) = self.eval(to, game, ctx) {
                    game.lend_power(ctx.me, to, ctx.source);
                }
            }
            Stmt::ObligePlay { who, card } => {
                if let (Value::Player(p), Value::Card(c)) =
                    (self.eval(who, game, ctx), self.eval(card, game, ctx))
                {
                    game.oblige_to_play(p, c, ctx.source);
                }
            }
            Stmt::ReplaceEncounterCard { who, card } => {
                if let (Value::Player(p), Value::Card(c)) =
                    (self.eval(who, game, ctx), self.eval(card, game, ctx))
                {
                    game.replace_encounter_card(p, c, ctx.source);
                }
            }
            Stmt::MixHands(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.mix_hands(a, b, ctx.source);
                }
            }
            Stmt::GainRandomAlien { incarnation } => {
                let tech = if *incarnation { None } else { ctx.tech };
                game.gain_random_power(ctx.me, tech, *incarnation, ctx.source);
            }
            Stmt::ReplaceAlien(p) => {
                if let Value::Player(p) = self.eval(p, game, ctx) {
                    game.replace_alien(p, ctx.source);
                }
            }
            Stmt::SwapAliens(a, b) => {
                if let (Value::Player(a), Value::Player(b)) =
                    (self.eval(a, game, ctx), self.eval(b, game, ctx))
                {
                    game.swap_aliens(a, b, ctx.source);
                }
            }
            Stmt::Give { card, to, named } => {
                let to = self.player(to, game, ctx);
                let card = match card {
                    Some(c) => match self.eval(c, game, ctx) {
                        Value::Card(c) => Some(c),
                        _ => None,
                    },
                    None => {
                        let options: Vec<Choice> = game.state().players[me.ix()]
                            .hand
                            .iter()
                            .map(|&c| Choice::Card(c))
                            .collect();
                        if options.is_empty() {
                            None
                        } else {
                            match game.pick(me, DecisionKind::CardCards, options)? {
                                Choice::Card(c) => Some(c),
                                _ => None,
                            }
                        }
                    }
                };
                if let Some(c) = card {
                    if !game.state().players[me.ix()].hand.contains(&c) {
                        return Ok(());
                    }
                    if let Some(slot) = named {
                        ctx.slots[*slot as usize] = Value::Card(c);
                    }
                    match to {
                        Some(to) if to != me => game.give_as_gift(me, to, c),
                        Some(_) => {}
                        // Nobody to give it to: the card is discarded.
                        None => game.discard_card(me, c, Rule::CardText),
                    }
                }
            }
            Stmt::TakeChosen { count, up_to, from } => {
                let n = number(&self.eval(count, game, ctx), game).max(0);
                if let Some(from) = self.player(from, game, ctx).filter(|&f| f != me) {
                    game.look_at_hand(me, from, ctx.source);
                    let options: Vec<Choice> = game.state().players[from.ix()]
                        .hand
                        .iter()
                        .map(|&c| Choice::Card(c))
                        .collect();
                    let max = (n as usize).min(options.len()) as u8;
                    let min = if *up_to { 0 } else { max };
                    if max > 0 {
                        let picked =
                            game.ask_subset(me, DecisionKind::TakeCards, options, min, max)?;
                        for c in picked {
                            if let Choice::Card(c) = c {
                                game.give_card(from, me, c, Rule::CardText);
                            }
                        }
                    }
                }
            }
            Stmt::DiscardChosen {
                count,
                ty,
                like,
                up_to,
            } => {
                let n = number(&self.eval(count, game, ctx), game).max(0);
                let like = match like.as_ref().map(|l| self.eval(l, game, ctx)) {
                    Some(Value::Card(c)) => Some(c),
                    Some(_) => return Ok(()),
                    None => None,
                };
                let s = game.state();
                let options: Vec<Choice> = s.players[me.ix()]
                    .hand
                    .iter()
                    .filter(|&&c| ty.is_none_or(|t| s.kind(c).card_type() == t))
                    .filter(|&&c| like.is_none_or(|l| matches(s.kind(c), s.kind(l))))
                    .map(|&c| Choice::Card(c))
                    .collect();
                let k = (n as usize).min(options.len()) as u8;
                let min = if *up_to { 0 } else { k };
                if k > 0 {
                    for c in game.ask_subset(me, DecisionKind::CardCards, options, min, k)? {
                        if let Choice::Card(c) = c {
                            game.discard_card(me, c, Rule::CardText);
                        }
                    }
                }
            }
            Stmt::DiscardAny(list) => {
                let hand = &game.state().players[me.ix()].hand;
                let options: Vec<Choice> = match self.eval(list, game, ctx) {
                    Value::Cards(cs) => cs
                        .into_iter()
                        .filter(|c| hand.contains(c))
                        .map(Choice::Card)
                        .collect(),
                    _ => Vec::new(),
                };
                if !options.is_empty() {
                    let n = options.len() as u8;
                    for c in game.ask_subset(me, DecisionKind::CardCards, options, 0, n)? {
                        if let Choice::Card(c) = c {
                            game.discard_card(me, c, Rule::CardText);
                        }
                    }
                }
            }
            Stmt::DiscardCards(list) => {
                for c in cards_of(self.eval(list, game, ctx)) {
                    game.discard_anywhere(c, ctx.source);
                }
            }
            Stmt::Reinforce { card, side } => {
                if let (Value::Card(c), Value::Side(side)) =
                    (self.eval(card, game, ctx), self.eval(side, game, ctx))
                {
                    game.play_as_reinforcement(me, c, side)?;
                }
            }
            Stmt::GiveCards { count, to } => {
                let n = number(&self.eval(count, game, ctx), game).max(0);
                if let Some(to) = self.player(to, game, ctx).filter(|&t| t != me) {
                    let options: Vec<Choice> = game.state().players[me.ix()]
                        .hand
                        .iter()
                        .map(|&c| Choice::Card(c))
                        .collect();
                    let k = (n as usize).min(options.len()) as u8;
                    if k > 0 {
                        for c in game.ask_subset(me, DecisionKind::CardCards, options, k, k)? {
                            if let Choice::Card(c) = c {
                                game.give_card(me, to, c, Rule::CardText);
                            }
                        }
                    }
                }
            }
            Stmt::DiscardHand(who) => {
                if let Some(p) = self.player(who, game, ctx) {
                    game.discard_hand(p, Rule::CardText);
                }
            }
            Stmt::DiscardRandom { count, from } => {
                let n = number(&self.eval(count, game, ctx), game).max(0) as u32;
                if let Some(from) = self.player(from, game, ctx) {
                    game.discard_random(from, n);
                }
            }
            Stmt::WatchDraws(who) => {
                if let Some(p) = self.player(who, game, ctx) {
                    game.watch_draws(me, p, ctx.source);
                }
            }
            Stmt::ShowCard(card) => {
                if let Value::Card(c) = self.eval(card, game, ctx) {
                    game.show_card(me, c, ctx.source);
                }
            }
            Stmt::KeepFaceDown => {
                let s = game.state();
                if let Some(side) = s.side_of(me).filter(|_| s.is_main_player(me)) {
                    game.keep_face_down(side, ctx.source);
                }
            }
            Stmt::GiveToken(to, key) => {
                if let Some(p) = self.player(to, game, ctx) {
                    game.give_token(p, *key);
                }
            }
            Stmt::WinEncounter => {
                if let Some(side) = game.state().side_of(me) {
                    game.win_encounter(side, ctx.source)?;
                }
            }
            Stmt::LookAtHand(who) => {
                if let Some(p) = self.player(who, game, ctx) {
                    game.look_at_hand(me, p, ctx.source);
                }
            }
            Stmt::TakeRandom { count, from } => {
                let n = self.eval(count, game, ctx).int().max(0);
                if let Some(from) = self.player(from, game, ctx) {
                    for _ in 0..n {
                        game.take_random_card(from, me);
                    }
                }
            }
            Stmt::ZapOwnPower => {
                game.zap_power(me, Until::EndOfEncounter, ctx.source);
                self.zapped(game, me)?;
            }
            Stmt::DiscardThis => {
                if let Some(t) = ctx.tech {
                    game.discard_tech(me, t, Rule::CardText)?;
                }
                if let Some(c) = ctx.card {
                    if game.state().players[me.ix()].hand.contains(&c) {
                        game.discard_card(me, c, Rule::CardText);
                    }
                }
            }
            Stmt::EndEncounter(outcome) => game.end_encounter(*outcome, ctx.source)?,
            Stmt::NewHand => game.draw_new_hand(me, Rule::CardText)?,
            Stmt::SelectFaceUp(who) => {
                if let Value::Player(p) = self.eval(who, game, ctx) {
                    if let Some(side) = main_side(game, p) {
                        game.select_face_up(side, ctx.source)?;
                    }
                }
            }
            Stmt::Join(side) => {
                if let Value::Side(side) = self.eval(side, game, ctx) {
                    game.join_side(me, side, ctx.source)?;
                }
            }
            Stmt::CancelSubject => ctx.cancelled = true,
            Stmt::PlaceShipToken { key, planet } => {
                if let Value::Planet(pl) = self.eval(planet, game, ctx) {
                    game.place_ship_token(me, pl, *key, ctx.tech, ctx.source);
                }
            }
            Stmt::DiscardSubjectTech => {
                if let Subject::Use {
                    player,
                    tech: Some(t),
                    ..
                } = ctx.subject
                {
                    game.discard_tech(player, t, Rule::CardText)?;
                }
            }
            Stmt::PowerOffSubject(until) => {
                if let Subject::Use {
                    player,
                    card: None,
                    tech: None,
                    ..
                } = ctx.subject
                {
                    ctx.cancelled = true;
                    game.zap_power(player, *until, ctx.source);
                    self.zapped(game, player)?;
                }
            }
            Stmt::FailDeal => game.fail_deal(),
            Stmt::Declare(key) => game.declare(me, *key),
            Stmt::AnotherEncounter => game.grant_another_encounter(ctx.source),
            Stmt::OutOfTurnEncounter(defense) => {
                if let Some(d) = self.player(defense, game, ctx) {
                    game.grant_encounter_against(me, Some(d), ctx.source);
                }
            }
            Stmt::OwnEncounter => game.grant_encounter_against(me, None, ctx.source),
            Stmt::Win => game.win_now(vec![me], ctx.source)?,
            Stmt::LosePower(until) => game.power_off(me, *until, ctx.source),
            Stmt::RegainPower => game.power_on(me, ctx.source),
            Stmt::If(c, then, otherwise) => {
                if self.eval(c, game, ctx).is_true() {
                    self.exec(then, game, ctx)?;
                } else {
                    self.exec(otherwise, game, ctx)?;
                }
            }
            Stmt::ForEach(slot, over, body) => {
                let over = self.eval(over, game, ctx);
                if let Value::Int(n) = over {
                    for i in 1..=n.clamp(0, 255) {
                        ctx.slots[*slot as usize] = Value::Int(i);
                        self.exec(body, game, ctx)?;
                    }
                    return Ok(());
                }
                if let Value::Cards(cards) = over {
                    for c in cards {
                        ctx.slots[*slot as usize] = Value::Card(c);
                        self.exec(body, game, ctx)?;
                    }
                    return Ok(());
                }
                // Players act clockwise, starting with the acting player (the rule book's
                // order for effects on several players).
                let mask = over.mask();
                let n = game.state().player_count();
                let order: Vec<PlayerId> = (0..n).map(|k| game.state().left_of(me, k)).collect();
                for p in order {
                    if mask & (1 << p.0) != 0 {
                        ctx.slots[*slot as usize] = Value::Player(p);
                        self.exec(body, game, ctx)?;
                    }
                }
            }
            Stmt::Let(slot, e) => ctx.slots[*slot as usize] = self.eval(e, game, ctx),
            Stmt::Choose(slot, pick) => {
                let v = self.choose(pick, game, ctx)?;
                ctx.slots[*slot as usize] = v;
            }
            Stmt::ChooseOne(options) => {
                let advise = game.reads_advice(me);
                let choices: Vec<Choice> = options
                    .iter()
                    .map(|o| Choice::Option {
                        label: o.label,
                        advised: (o.prefer.as_ref())
                            .filter(|_| advise)
                            .map(|c| self.eval(c, game, ctx).is_true()),
                    })
                    .collect();
                let k = game.pick_index(me, DecisionKind::CardChoice, choices)?;
                if let Some(option) = options.get(k) {
                    self.exec(&option.body, game, ctx)?;
                }
            }
            Stmt::As(who, body) => {
                if let Value::Player(p) = self.eval(who, game, ctx) {
                    let saved = ctx.me;
                    ctx.me = p;
                    let r = self.exec(body, game, ctx);
                    ctx.me = saved;
                    r?;
                }
            }
        }
        Ok(())
    }

    /// Runs the abilities of `alien` that answer its sheet leaving the game, for `p`, who had
    /// it (nobody has it any more, so they are run here rather than gathered).
    fn alien_left(&self, game: &mut Game, p: PlayerId, alien: u16) -> Flow {
        let item = self.alien_items[alien as usize];
        for &a in &self.program.items[item as usize].abilities {
            let ab = self.ability(a);
            if ab.home == Home::Power && ab.triggers.contains(&Trigger::On(Happening::AlienLeft)) {
                let mut ctx = self.ctx(p, a, Subject::None);
                self.exec(&ab.body, game, &mut ctx)?;
            }
        }
        Ok(())
    }

    /// Runs the abilities that answer `p`'s power being zapped.
    fn zapped(&self, game: &mut Game, p: PlayerId) -> Flow {
        let Some(alien) = game.state().players[p.ix()].alien else {
            return Ok(());
        };
        let item = self.alien_items[alien as usize];
        for &a in &self.program.items[item as usize].abilities {
            let ab = self.ability(a);
            if ab.home == Home::Power
                && ab.triggers.contains(&Trigger::On(Happening::MyPowerZapped))
                && ab.roles.allows(Self::standing(game, p))
            {
                let mut ctx = self.ctx(p, a, Subject::None);
                self.run_body(&ab.body, game, &mut ctx)?;
            }
        }
        Ok(())
    }

    fn choose(&self, pick: &Pick, game: &mut Game, ctx: &mut Ctx) -> Flow<Value> {
        let me = ctx.me;
        match pick {
            Pick::Planet(list) => {
                let planets = planets_of(self.eval(list, game, ctx));
                let options = planets.into_iter().map(Choice::Planet).collect();
                pick_one(game, me, DecisionKind::CardChoice, options)
            }
            Pick::Player(list) | Pick::Players(list) | Pick::SomePlayers(list) => {
                let options = seats_in(game, self.eval(list, game, ctx).mask());
                let many = !matches!(pick, Pick::Player(_));
                if options.is_empty() {
                    return Ok(if many { Value::Players(0) } else { Value::None });
                }
                if many {
                    let n = options.len() as u8;
                    // One or more of a single player is that player: the engine does not ask.
                    let min = u8::from(matches!(pick, Pick::SomePlayers(_)));
                    let picked = game.ask_choices(me, options, min, n)?;
                    let mut m = 0u8;
                    for c in picked {
                        if let Choice::Player(p) = c {
                            m |= 1 << p.0;
                        }
                    }
                    return Ok(Value::Players(m));
                }
                pick_one(game, me, DecisionKind::CardChoice, options)
            }
            Pick::Side(list) => {
                let sides = match self.eval(list, game, ctx) {
                    Value::Side(s) => vec![s],
                    _ => match list {
                        Expr::List(items) => items
                            .iter()
                            .filter_map(|i| match self.eval(i, game, ctx) {
                                Value::Side(s) => Some(s),
                                _ => None,
                            })
                            .collect(),
                        _ => Side::BOTH.to_vec(),
                    },
                };
                let options: Vec<Choice> = sides.into_iter().map(Choice::Side).collect();
                pick_one(game, me, DecisionKind::CardChoice, options)
            }
            Pick::Card(list) => {
                let cards = cards_of(self.eval(list, game, ctx));
                let options: Vec<Choice> = cards.into_iter().map(Choice::Card).collect();
                pick_one(game, me, DecisionKind::CardCards, options)
            }
            Pick::Cards(list) => {
                let options: Vec<Choice> = cards_of(self.eval(list, game, ctx))
                    .into_iter()
                    .map(Choice::Card)
                    .collect();
                if options.is_empty() {
                    return Ok(Value::Cards(Vec::new()));
                }
                let n = options.len() as u8;
                let picked = game.ask_subset(me, DecisionKind::PlayCards, options, 0, n)?;
                Ok(Value::Cards(
                    picked
                        .into_iter()
                        .filter_map(|c| match c {
                            Choice::Card(c) => Some(c),
                            _ => None,
                        })
                        .collect(),
                ))
            }
            Pick::Defense(list) => {
                let options = seats_in(game, self.eval(list, game, ctx).mask());
                pick_one(game, me, DecisionKind::WildDefense, options)
            }
            Pick::Number(lo, hi) => {
                let (lo, hi) = (
                    number(&self.eval(lo, game, ctx), game),
                    number(&self.eval(hi, game, ctx), game),
                );
                let options: Vec<Choice> = (lo..=hi.max(lo)).map(Choice::Number).collect();
                Ok(match game.pick(me, DecisionKind::CardChoice, options)? {
                    Choice::Number(n) => Value::Int(n),
                    _ => Value::Int(lo),
                })
            }
        }
    }

    fn move_ships(
        &self,
        ships: &Expr,
        take: Take,
        to: &Dest,
        game: &mut Game,
        ctx: &mut Ctx,
    ) -> Flow {
        let Take {
            count,
            up_to,
            chooser,
        } = take;
        let (mask, place) = match self.eval(ships, game, ctx) {
            Value::Ships(mask, place) => (mask, place),
            Value::Group {
                owner,
                at,
                count: n,
            } => {
                return self.move_group(owner, at, n, take, to, game, ctx);
            }
            _ => return Ok(()),
        };
        // Several players' ships share one count: it is a total, not one per player.
        let mut left = count.map(|c| number(&self.eval(c, game, ctx), game).max(0) as u32);
        let owners: Vec<PlayerId> = (game.state().seats())
            .filter(|p| mask & (1 << p.0) != 0)
            .collect();
        // Ships joining the encounter come from elsewhere than where they would go.
        let places_of = |game: &Game, p: PlayerId| -> Vec<(Place, u8)> {
            let target = game.state().encounter.planet;
            let defending = Some(p) == game.state().encounter.defense;
            ship_places(game, p, place)
                .into_iter()
                .filter(|&(at, n)| {
                    n > 0
                        && !(matches!(to, Dest::Encounter)
                            && defending
                            && target.is_some_and(|t| at == Place::Planet(t)))
                })
                .collect()
        };
        for (i, &p) in owners.iter().enumerate() {
            let places = places_of(game, p);
            let total: u32 = places.iter().map(|&(_, n)| n as u32).sum();
            let take = match left {
                None => places.iter().map(|&(_, n)| n).collect::<Vec<u8>>(),
                Some(n) => {
                    // What the later owners hold bounds how few this one may give.
                    let later: u32 = (owners[i + 1..].iter())
                        .flat_map(|&q| places_of(game, q))
                        .map(|(_, n)| n as u32)
                        .sum();
                    let most = n.min(total) as u8;
                    let min = if up_to {
                        0
                    } else {
                        n.saturating_sub(later).min(most as u32) as u8
                    };
                    game.ask_card_ships(chooser.unwrap_or(p), places.clone(), min, most)?
                }
            };
            if let Some(n) = &mut left {
                *n = n.saturating_sub(take.iter().map(|&k| k as u32).sum());
            }
            if matches!(to, Dest::Colonies(_)) && place == ShipPlace::Encounter {
                // An ally whose ships all leave the encounter for home leaves the alliance.
                let all = take.iter().map(|&n| n as u32).sum::<u32>() == total;
                if all && game.state().encounter.ally[p.ix()].is_some() {
                    game.leave_alliance(p, ctx.source)?;
                    continue;
                }
                // Ships that stay in the game go to the owner's other colonies.
                for ((from, _), n) in places.into_iter().zip(take) {
                    game.withdraw_ships(p, from, n)?;
                }
                continue;
            }
            for ((from, _), n) in places.into_iter().zip(take) {
                if n == 0 {
                    continue;
                }
                match to {
                    Dest::Encounter => game.ships_to_encounter(p, from, n),
                    Dest::HomePlanets(host) => {
                        if let Some(host) = self.player(host, game, ctx) {
                            game.colonize_home(p, host, from, n)?;
                        }
                    }
                    Dest::Warp => game.send_to_warp(p, from, n, Rule::CardText)?,
                    Dest::TargetPlanet => game.land_on_target(p, from, n),
                    Dest::Planet(pl) => {
                        if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                            game.land_on_planet(p, pl, from, n);
                        }
                    }
                    Dest::Removed(keep) => {
                        let keep = keep.as_ref().map_or(0, |k| self.ships(k, game, ctx));
                        let kept = game.remove_keeping(p, from, n, keep, Rule::CardText);
                        game.send_to_warp(p, from, kept, Rule::CardText)?;
                    }
                    Dest::Colonies(_) | Dest::Hand(_) => {
                        game.return_ships(p, from, n, Rule::CardText)?
                    }
                }
            }
        }
        Ok(())
    }

    /// Moves some or all of `n` of `owner`'s ships at `at` that a replacement replaces: as
    /// the replaced move would have (its rule is the cause), and never back through the
    /// replacements (one that sends some of them to the warp after all sends them there).
    #[allow(clippy::too_many_arguments)]
    fn move_group(
        &self,
        owner: PlayerId,
        at: Place,
        n: u8,
        take: Take,
        to: &Dest,
        game: &mut Game,
        ctx: &mut Ctx,
    ) -> Flow {
        let rule = match ctx.subject {
            Subject::Ships { rule, .. } => rule,
            _ => Rule::CardText,
        };
        let here = n.min(game.ships_at(owner, at));
        let k = match take.count {
            None => here,
            Some(c) => {
                let most = number(&self.eval(c, game, ctx), game).clamp(0, here as i32) as u8;
                if take.up_to {
                    let chooser = take.chooser.unwrap_or(owner);
                    let chosen = game.ask_card_ships(chooser, vec![(at, here)], 0, most)?;
                    chosen.first().copied().unwrap_or(0)
                } else {
                    // All at one place: there is nothing to choose.
                    most
                }
            }
        };
        if k == 0 {
            return Ok(());
        }
        // Moved or kept where they are, these no longer go to the warp.
        self.replaced.set(self.replaced.get().saturating_add(k));
        match to {
            Dest::Warp => game.move_ships(owner, at, Place::Warp, k, rule),
            Dest::Removed(keep) => {
                let keep = keep.as_ref().map_or(0, |e| self.ships(e, game, ctx));
                let kept = game.remove_keeping(owner, at, k, keep, rule);
                game.move_ships(owner, at, Place::Warp, kept, rule);
            }
            // Ships go home to their owner's colonies, whoever's text moves them.
            Dest::Colonies(_) | Dest::Hand(_) => game.return_ships(owner, at, k, rule)?,
            Dest::TargetPlanet => {
                if let Some(planet) = game.state().encounter.planet {
                    game.move_ships(owner, at, Place::Planet(planet), k, rule);
                }
            }
            Dest::Planet(pl) => {
                if let Value::Planet(pl) = self.eval(pl, game, ctx) {
                    game.land_on_planet(owner, pl, at, k);
                }
            }
            Dest::Encounter => game.ships_to_encounter(owner, at, k),
            Dest::HomePlanets(host) => {
                if let Some(host) = self.player(host, game, ctx) {
                    game.colonize_home(owner, host, at, k)?;
                }
            }
        }
        Ok(())
    }

    /// Statement `source` as it reads here: its bound `names` replaced by their values (a
    /// name whose value has no short reading is left as it is).
    fn reads(&self, source: u32, names: &[(String, u8)], game: &Game, ctx: &Ctx) -> Box<str> {
        let n = game.names();
        let values: Vec<(&str, String)> = names
            .iter()
            .filter_map(|(name, slot)| {
                let text = match ctx.slots.get(*slot as usize)? {
                    Value::Int(v) => v.to_string(),
                    Value::Player(p) => n.player(*p).to_string(),
                    Value::Card(c) => n.card(*c).to_string(),
                    Value::Planet(p) => n.planet(*p),
                    Value::Side(Side::Offense) => "the offense's side".to_string(),
                    Value::Side(Side::Defense) => "the defense's side".to_string(),
                    _ => return None,
                };
                Some((name.as_str(), text))
            })
            .collect();
        let text = &self.program.sources[source as usize];
        crate::reads::substitute(text, &values).into_boxed_str()
    }

    /// The engine quantity a reference names for the acting player, if it exists now.
    fn instance(&self, q: &QuantityRef, game: &Game, ctx: &mut Ctx) -> Option<Quantity> {
        Some(match q {
            QuantityRef::SideTotal(s) => match self.eval(s, game, ctx) {
                Value::Side(s) => Quantity::SideTotal(s),
                _ => return None,
            },
            QuantityRef::BaseTotal(s) => match self.eval(s, game, ctx) {
                Value::Side(s) => Quantity::BaseTotal(s),
                _ => return None,
            },
            QuantityRef::ShipWorth(p) => Quantity::ShipWorth(self.player(p, game, ctx)?),
            QuantityRef::CardValue(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => {
                    let i = game
                        .state()
                        .encounter
                        .cards
                        .iter()
                        .position(|&x| x == Some(c))?;
                    Quantity::CardValue(Side::BOTH[i])
                }
                _ => return None,
            },
            QuantityRef::MaxShips(p) => Quantity::MaxShips(self.player(p, game, ctx)?),
            QuantityRef::Compensation(p) => Quantity::Compensation(self.player(p, game, ctx)?),
            QuantityRef::Rewards(p) => Quantity::Rewards(self.player(p, game, ctx)?),
            QuantityRef::ColoniesToWin(p) => Quantity::ColoniesToWin(self.player(p, game, ctx)?),
            QuantityRef::FailedDealShips(p) => {
                Quantity::FailedDealShips(self.player(p, game, ctx)?)
            }
            QuantityRef::RegroupShips(p) => Quantity::RegroupShips(self.player(p, game, ctx)?),
            QuantityRef::AttackRequired(p) => Quantity::AttackRequired(self.player(p, game, ctx)?),
            QuantityRef::AttackReinforcement(p) => {
                Quantity::AttackReinforcement(self.player(p, game, ctx)?)
            }
            QuantityRef::MayInvite(p) => Quantity::MayInvite(self.player(p, game, ctx)?),
            QuantityRef::MinAllyShips(p) => Quantity::MinAllyShips(self.player(p, game, ctx)?),
            QuantityRef::Winner => Quantity::Winner,
        })
    }

    /// A number of ships (0 to 255) an expression gives.
    fn ships(&self, e: &Expr, game: &Game, ctx: &mut Ctx) -> u8 {
        self.eval(e, game, ctx).int().clamp(0, 255) as u8
    }

    fn player(&self, e: &Expr, game: &Game, ctx: &mut Ctx) -> Option<PlayerId> {
        match self.eval(e, game, ctx) {
            // `that player` in a replacement: whose ships are replaced.
            Value::Player(p) | Value::Group { owner: p, .. } => Some(p),
            _ => None,
        }
    }

    /// A quantity's value now: the rules' value through every change.
    fn read(&self, q: Quantity, game: &Game, ctx: &Ctx) -> i32 {
        if let Some((cq, v)) = ctx.current {
            if cq == q {
                return v;
            }
        }
        let s = game.state();
        let e = &s.encounter;
        let base = match q {
            Quantity::CardValue(side) => match e.effective[side.ix()] {
                Some(CardKind::Attack(v)) => v as i32,
                _ => 0,
            },
            Quantity::ShipWorth(_) => 1,
            Quantity::SideTotal(side) => return game.side_total(side),
            Quantity::BaseTotal(side) => return game.base_total(side),
            Quantity::Winner => {
                let [o, d] = e.totals.unwrap_or([0, 0]);
                (o <= d) as i32
            }
            Quantity::MaxShips(_) => s.rules.max_committed_ships as i32,
            Quantity::Compensation(p) => e.lost_to_warp[p.ix()] as i32,
            Quantity::Rewards(p) => e.beside[p.ix()] as i32,
            Quantity::ColoniesToWin(_) => s.rules.colonies_to_win as i32,
            Quantity::FailedDealShips(_) => s.rules.failed_deal_ships as i32,
            Quantity::RegroupShips(_) => 1,
            Quantity::AttackReinforcement(_) => -1,
            Quantity::MayInvite(_) => 1,
            Quantity::MinAllyShips(_) => 1,
            _ => 0,
        };
        game.quantity(q, base)
    }

    fn eval(&self, e: &Expr, game: &Game, ctx: &mut Ctx) -> Value {
        let s = game.state();
        match e {
            Expr::Int(n) => Value::Int(*n),
            Expr::Bool(b) => Value::Bool(*b),
            Expr::Type(t) => Value::Type(*t),
            Expr::Slot(k) => ctx.slots.get(*k as usize).cloned().unwrap_or(Value::None),
            Expr::Me => Value::Player(ctx.me),
            Expr::Offense => Value::Player(s.offense),
            Expr::Defense => s.encounter.defense.map_or(Value::None, Value::Player),
            Expr::Opponent(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => match s.side_of(p) {
                    Some(side) => s
                        .main_player(side.other())
                        .map_or(Value::None, Value::Player),
                    None => Value::None,
                },
                _ => Value::None,
            },
            Expr::AllPlayers => Value::Players(all_mask(game)),
            Expr::OthersThan(p) => {
                let m = self.eval(p, game, ctx).mask();
                Value::Players(all_mask(game) & !m)
            }
            Expr::Allies(side) => {
                let want = side.as_ref().map(|x| self.eval(x, game, ctx));
                let mut m = 0u8;
                for p in s.seats() {
                    if let Some(a) = s.encounter.ally[p.ix()] {
                        if want.as_ref().is_none_or(|w| *w == Value::Side(a)) {
                            m |= 1 << p.0;
                        }
                    }
                }
                Value::Players(m)
            }
            Expr::SideOf(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => s.side_of(p).map_or(Value::None, Value::Side),
                // A card on the table: the side it was played for.
                Value::Card(c) => {
                    let e = &s.encounter;
                    match e.reinforcements.iter().find(|r| r.card == c) {
                        Some(r) => Value::Side(r.side),
                        None => match e.cards.iter().position(|&x| x == Some(c)) {
                            Some(0) => Value::Side(Side::Offense),
                            Some(_) => Value::Side(Side::Defense),
                            None => Value::None,
                        },
                    }
                }
                v @ Value::Side(_) => v,
                _ => Value::None,
            },
            Expr::Side(side) => Value::Side(*side),
            Expr::WouldLose | Expr::WouldWin => {
                let w = match ctx.current {
                    Some((Quantity::Winner, v)) => v,
                    _ => match s.encounter.outcome {
                        Some(Outcome::OffenseWins) => 0,
                        _ => 1,
                    },
                };
                let winner = Quantity::winner_side(w);
                Value::Side(if matches!(e, Expr::WouldWin) {
                    winner
                } else {
                    winner.other()
                })
            }
            Expr::LosingSide => match s.encounter.outcome {
                Some(Outcome::OffenseWins) => Value::Side(Side::Defense),
                Some(Outcome::DefenseWins) => Value::Side(Side::Offense),
                _ => Value::None,
            },
            Expr::Quantity(q) => match self.instance(q, game, ctx) {
                Some(Quantity::Winner) => Value::Side(Quantity::winner_side(self.read(
                    Quantity::Winner,
                    game,
                    ctx,
                ))),
                Some(q) => Value::Int(self.read(q, game, ctx)),
                None => Value::Int(0),
            },
            Expr::Ships(who, place) => {
                let place = match (place, ctx.tech) {
                    (ShipPlace::ThisTech, Some(t)) => ShipPlace::Tech(t),
                    _ => *place,
                };
                Value::Ships(self.eval(who, game, ctx).mask(), place)
            }
            Expr::CardsInHand(p, encounter_only) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(
                    s.players[p.ix()]
                        .hand
                        .iter()
                        .filter(|&&c| !*encounter_only || s.kind(c).is_encounter())
                        .count() as i32,
                ),
                _ => Value::Int(0),
            },
            Expr::HandCards(p, t) => match (self.eval(p, game, ctx), self.eval(t, game, ctx)) {
                (Value::Player(p), Value::Type(t)) => Value::Cards(
                    s.players[p.ix()]
                        .hand
                        .iter()
                        .copied()
                        .filter(|&c| s.kind(c).card_type() == t)
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Valued {
                cards,
                bound,
                above,
            } => {
                let bound = number(&self.eval(bound, game, ctx), game);
                let keep = |c: &CardId| match s.kind(*c) {
                    CardKind::Attack(v) if *above => v as i32 > bound,
                    CardKind::Attack(v) => (v as i32) < bound,
                    _ => false,
                };
                Value::Cards(
                    cards_of(self.eval(cards, game, ctx))
                        .into_iter()
                        .filter(keep)
                        .collect(),
                )
            }
            Expr::CombinedValue(cards) => Value::Int(
                cards_of(self.eval(cards, game, ctx))
                    .into_iter()
                    .map(|c| match s.kind(c) {
                        CardKind::Attack(v) | CardKind::Reinforcement(v) => v as i32,
                        _ => 0,
                    })
                    .sum(),
            ),
            Expr::Reinforcements(who) => {
                let mask = self.eval(who, game, ctx).mask();
                Value::Cards(
                    s.encounter
                        .reinforcements
                        .iter()
                        .filter(|r| mask & (1 << r.by.0) != 0)
                        .filter(|r| matches!(s.kind(r.card), CardKind::Reinforcement(_)))
                        .map(|r| r.card)
                        .collect(),
                )
            }
            Expr::Gained(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(
                    s.encounter
                        .gained
                        .iter()
                        .filter(|&&(q, c)| q == p && s.players[p.ix()].hand.contains(&c))
                        .map(|&(_, c)| c)
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Hand(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(s.players[p.ix()].hand.clone()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Matching(p, c) => match (self.eval(p, game, ctx), self.eval(c, game, ctx)) {
                (Value::Player(p), Value::Card(c)) => Value::Cards(
                    s.players[p.ix()]
                        .hand
                        .iter()
                        .copied()
                        .filter(|&h| h != c && matches(s.kind(h), s.kind(c)))
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Invited(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Players(match main_side(game, p) {
                    Some(Side::Offense) => s.encounter.invited_by_offense,
                    Some(Side::Defense) => s.encounter.invited_by_defense,
                    None => 0,
                }),
                _ => Value::Players(0),
            },
            Expr::Gifts(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(
                    (s.encounter.given.iter())
                        .filter(|&&(q, c)| q == p && game.holder_of(c).is_some_and(|h| h != p))
                        .map(|&(_, c)| c)
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Renewing(p) => Value::Bool(
                s.renewing
                    .is_some_and(|r| self.eval(p, game, ctx) == Value::Player(r)),
            ),
            Expr::Holder(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => game.holder_of(c).map_or(Value::None, Value::Player),
                _ => Value::None,
            },
            Expr::Took(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(
                    s.encounter
                        .took
                        .iter()
                        .filter(|&&(q, c)| q == p && s.players[p.ix()].hand.contains(&c))
                        .map(|&(_, c)| c)
                        .collect(),
                ),
                _ => Value::Cards(Vec::new()),
            },
            Expr::Compensating(p) => Value::Bool(
                s.encounter
                    .compensating
                    .is_some_and(|c| self.eval(p, game, ctx) == Value::Player(c)),
            ),
            Expr::TopDiscard => s
                .piles
                .cosmic
                .discard
                .last()
                .map_or(Value::None, |&c| Value::Card(c)),
            Expr::EncounterCard(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => match main_side(game, p) {
                    Some(side) => s.encounter.cards[side.ix()].map_or(Value::None, Value::Card),
                    None => Value::None,
                },
                _ => Value::None,
            },
            Expr::DiscardPile => Value::Cards(s.piles.cosmic.discard.clone()),
            Expr::RevealedCards => {
                if s.encounter.revealed {
                    Value::Cards(s.encounter.cards.iter().flatten().copied().collect())
                } else {
                    Value::Cards(Vec::new())
                }
            }
            Expr::TypeOf(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => {
                    let e = &s.encounter;
                    let kind = match e.cards.iter().position(|&x| x == Some(c)) {
                        Some(i) if e.revealed => e.effective[i].unwrap_or(s.kind(c)),
                        _ => s.kind(c),
                    };
                    Value::Type(kind.card_type())
                }
                _ => Value::None,
            },
            Expr::Reversed(n) => {
                let n = number(&self.eval(n, game, ctx), game);
                Value::Int(n % 10 * 10 + n / 10 % 10 + n / 100 * 100)
            }
            Expr::Odd(n) => Value::Bool(number(&self.eval(n, game, ctx), game) % 2 != 0),
            Expr::PrintedValue(c) => match self.eval(c, game, ctx) {
                Value::Card(c) => {
                    let e = &s.encounter;
                    let kind = match e.cards.iter().position(|&x| x == Some(c)) {
                        Some(i) if e.revealed => e.effective[i].unwrap_or(s.kind(c)),
                        _ => s.kind(c),
                    };
                    match kind {
                        CardKind::Attack(v) => Value::Int(v as i32),
                        _ => Value::Int(0),
                    }
                }
                _ => Value::Int(0),
            },
            Expr::Tokens(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(s.effects.tokens[p.ix()]),
                _ => Value::Int(0),
            },
            Expr::EncounterNumber => Value::Int(s.encounter.number as i32),
            Expr::AgreedPlayer => ctx.agreed.map_or(Value::None, |(p, _)| Value::Player(p)),
            Expr::AgreedNumber => ctx
                .agreed
                .map_or(Value::None, |(_, n)| Value::Int(n as i32)),
            Expr::Won(side) => {
                let side = self.eval(side, game, ctx);
                Value::Bool(match s.encounter.outcome {
                    Some(Outcome::OffenseWins) => side == Value::Side(Side::Offense),
                    Some(Outcome::DefenseWins) => side == Value::Side(Side::Defense),
                    _ => false,
                })
            }
            Expr::DealMade => Value::Bool(s.encounter.outcome == Some(Outcome::DealMade)),
            Expr::DealFailed => Value::Bool(s.encounter.outcome == Some(Outcome::DealFailed)),
            Expr::Lost(side) => {
                let side = self.eval(side, game, ctx);
                Value::Bool(match s.encounter.outcome {
                    Some(Outcome::OffenseWins) => side == Value::Side(Side::Defense),
                    Some(Outcome::DefenseWins) => side == Value::Side(Side::Offense),
                    Some(Outcome::BothLose) => matches!(side, Value::Side(_)),
                    _ => false,
                })
            }
            Expr::OnSide(side) => {
                let Value::Side(side) = self.eval(side, game, ctx) else {
                    return Value::Players(0);
                };
                let mut m = s.main_player(side).map_or(0, |p| 1u8 << p.0);
                for p in s.seats() {
                    if s.encounter.ally[p.ix()] == Some(side) {
                        m |= 1 << p.0;
                    }
                }
                Value::Players(m)
            }
            Expr::TargetPlanet => match s.encounter.planet {
                Some(p) => Value::Planet(p),
                None => Value::None,
            },
            Expr::HomePlanets(ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                Value::Planets(
                    (s.planets.iter())
                        .map(|pl| pl.id)
                        .filter(|pl| mask & (1 << pl.owner.0) != 0)
                        .collect(),
                )
            }
            Expr::ColoniesOf(ps) => {
                let mask = self.eval(ps, game, ctx).mask();
                Value::Planets(
                    (s.planets.iter())
                        .filter(|pl| {
                            (s.seats()).any(|q| mask & (1 << q.0) != 0 && pl.ships[q.ix()] > 0)
                        })
                        .map(|pl| pl.id)
                        .collect(),
                )
            }
            Expr::ShipTokensInEncounter(p, key) => match self.eval(p, game, ctx) {
                Value::Player(p) => {
                    let places = ship_places(game, p, ShipPlace::Encounter);
                    Value::Int(
                        (s.ship_tokens.iter())
                            .filter(|t| t.owner == p && t.key == *key)
                            .filter(|t| places.iter().any(|&(at, _)| at == t.place))
                            .count() as i32,
                    )
                }
                _ => Value::Int(0),
            },
            Expr::PlanetHasToken(pl, key) => match self.eval(pl, game, ctx) {
                Value::Planet(pl) => Value::Bool(
                    s.planet_tokens
                        .iter()
                        .any(|t| t.planet == pl && t.key == *key),
                ),
                _ => Value::Bool(false),
            },
            Expr::PlanetsNextTo(pl) => match self.eval(pl, game, ctx) {
                Value::Planet(pl) => {
                    // Neighbours sit next to each other in the system, whatever was destroyed
                    // or created between them.
                    let system: Vec<PlanetId> = s.home_planets(pl.owner).collect();
                    let at = system.iter().position(|&x| x == pl);
                    Value::Planets(match at {
                        Some(i) => (system.iter().enumerate())
                            .filter(|&(k, _)| k.abs_diff(i) == 1)
                            .map(|(_, &x)| x)
                            .collect(),
                        None => Vec::new(),
                    })
                }
                _ => Value::Planets(Vec::new()),
            },
            Expr::PlanetsWithout(planets, p) => {
                let p = self.eval(p, game, ctx);
                let list = planets_of(self.eval(planets, game, ctx));
                match p {
                    Value::Player(p) => Value::Planets(
                        list.into_iter()
                            .filter(|&pl| s.ships_on(pl, p) == 0)
                            .collect(),
                    ),
                    _ => Value::Planets(list),
                }
            }
            Expr::AllPlanets => Value::Planets(s.planets.iter().map(|p| p.id).collect()),
            Expr::CardsBeside(pl) => match self.eval(pl, game, ctx) {
                Value::Planet(pl) => Value::Cards(s.cards_beside(pl).collect()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::OwnCardsBeside(p, pl) => {
                match (self.eval(p, game, ctx), self.eval(pl, game, ctx)) {
                    (Value::Player(p), Value::Planet(pl)) => Value::Cards(
                        (s.aside.iter())
                            .filter(|a| {
                                a.owner == p && a.at == cosmic_engine::state::Aside::Planet(pl)
                            })
                            .map(|a| a.card)
                            .collect(),
                    ),
                    _ => Value::Cards(Vec::new()),
                }
            }
            Expr::CardsUnderTech => match ctx.tech {
                Some(t) => Value::Cards(s.cards_under_tech(ctx.me, t).collect()),
                None => Value::Cards(Vec::new()),
            },
            Expr::AllCardsBeside => Value::Cards(
                (s.aside.iter())
                    .filter(|a| matches!(a.at, cosmic_engine::state::Aside::Planet(_)))
                    .map(|a| a.card)
                    .collect(),
            ),
            Expr::CardsOnSheet(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Cards(s.sheet_cards(p).collect()),
                _ => Value::Cards(Vec::new()),
            },
            Expr::OfType(cards, ty) => {
                let ty = ty.as_ref().map(|t| self.eval(t, game, ctx));
                let keep = |c: &CardId| match &ty {
                    None => s.kind(*c).is_encounter(),
                    Some(Value::Type(t)) => s.kind(*c).card_type() == *t,
                    Some(_) => false,
                };
                Value::Cards(
                    cards_of(self.eval(cards, game, ctx))
                        .into_iter()
                        .filter(keep)
                        .collect(),
                )
            }
            Expr::ExceptCards(all, but) => {
                let but = cards_of(self.eval(but, game, ctx));
                let all = cards_of(self.eval(all, game, ctx));
                Value::Cards(all.into_iter().filter(|c| !but.contains(c)).collect())
            }
            Expr::Except(all, but) => {
                Value::Players(self.eval(all, game, ctx).mask() & !self.eval(but, game, ctx).mask())
            }
            Expr::MainPlayers => Value::Players(
                Side::BOTH
                    .iter()
                    .filter_map(|&side| s.main_player(side))
                    .fold(0, |m, p| m | 1 << p.0),
            ),
            Expr::SideInvited(side, p) => {
                let e = &s.encounter;
                Value::Bool(
                    match (self.eval(side, game, ctx), self.eval(p, game, ctx)) {
                        (Value::Side(Side::Offense), Value::Player(p)) => {
                            e.invited_by_offense & (1 << p.0) != 0
                        }
                        (Value::Side(Side::Defense), Value::Player(p)) => {
                            e.invited_by_defense & (1 << p.0) != 0
                        }
                        _ => false,
                    },
                )
            }
            Expr::Declared(p, key) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Bool(s.effects.marked(p, *key)),
                _ => Value::Bool(false),
            },
            Expr::FourPlanets => Value::Bool(s.rules.planets_per_player == 4),
            Expr::DestinyPlayer => s.encounter.destiny_names.map_or(Value::None, Value::Player),
            Expr::DestinyWild => Value::Bool(s.encounter.destiny_wild),
            Expr::DestinyColor => Value::Bool(s.encounter.destiny.is_some_and(|d| {
                matches!(
                    s.destiny_cards[d.0 as usize].kind,
                    cosmic_engine::components::DestinyKind::Color(_)
                )
            })),
            Expr::Subject => match ctx.subject {
                Subject::Use { card: Some(c), .. } | Subject::Card(c) => Value::Card(c),
                Subject::Player(p) | Subject::Count { player: p, .. } => Value::Player(p),
                Subject::Ships {
                    owner, at, count, ..
                } => Value::Group { owner, at, count },
                _ => Value::None,
            },
            Expr::TargetsPower(p) => {
                let p = self.eval(p, game, ctx);
                Value::Bool(matches!(ctx.subject,
                    Subject::Use { against: Some((q, true)), .. } if p == Value::Player(q)))
            }
            // A tech of research X needs as many ships as are on it.
            Expr::SubjectResearch => match ctx.subject {
                Subject::Use {
                    player,
                    tech: Some(t),
                    ..
                } => Value::Int(match game.components().techs[t as usize].research {
                    Some(n) => n as i32,
                    None => game.ships_at(player, Place::Tech(t)) as i32,
                }),
                _ => Value::Int(0),
            },
            Expr::SubjectCount => match ctx.subject {
                Subject::Count { count, .. } => Value::Int(count as i32),
                _ => Value::Int(0),
            },
            Expr::LostThisEncounter(p) => match self.eval(p, game, ctx) {
                Value::Player(p) => Value::Int(s.encounter.lost_to_warp[p.ix()] as i32),
                _ => Value::Int(0),
            },
            Expr::MainOf(side) => match self.eval(side, game, ctx) {
                Value::Side(side) => s.main_player(side).map_or(Value::None, Value::Player),
                _ => Value::None,
            },
            Expr::ThisAlienPlayer => s
                .seats()
                .find(|p| {
                    s.players[p.ix()]
                        .aliens()
                        .any(|a| self.alien_items[a as usize] == ctx.item)
                })
                .map_or(Value::None, Value::Player),
            Expr::ThisCard => ctx.card.map_or(Value::None, Value::Card),
            Expr::List(items) => {
                let vals: Vec<Value> = items.iter().map(|i| self.eval(i, game, ctx)).collect();
                if vals
                    .iter()
                    .all(|v| matches!(v, Value::Player(_) | Value::Players(_)))
                {
                    Value::Players(vals.iter().fold(0, |m, v| m | v.mask()))
                } else {
                    Value::Cards(
                        vals.iter()
                            .filter_map(|v| match v {
                                Value::Card(c) => Some(*c),
                                _ => None,
                            })
                            .collect(),
                    )
                }
            }
            Expr::Not(x) => Value::Bool(!self.eval(x, game, ctx).is_true()),
            Expr::Neg(x) => Value::Int(-number(&self.eval(x, game, ctx), game)),
            Expr::All(items) => {
                Value::Bool(items.iter().all(|i| self.eval(i, game, ctx).is_true()))
            }
            Expr::Any(items) => {
                Value::Bool(items.iter().any(|i| self.eval(i, game, ctx).is_true()))
            }
            Expr::DivUp(a, b) => {
                let (a, b) = (
                    number(&self.eval(a, game, ctx), game),
                    number(&self.eval(b, game, ctx), game),
                );
                Value::Int(if b == 0 { 0 } else { (a + b - 1).div_euclid(b) })
            }
            Expr::Binary(op, a, b) => {
                let (x, y) = (self.eval(a, game, ctx), self.eval(b, game, ctx));
                let (i, j) = (number(&x, game), number(&y, game));
                // Ships compare as how many there are.
                let counted = matches!(x, Value::Ships(..)) || matches!(y, Value::Ships(..));
                let (x, y) = if counted {
                    (Value::Int(i), Value::Int(j))
                } else {
                    (x, y)
                };
                match op {
                    BinOp::Or => Value::Bool(x.is_true() || y.is_true()),
                    BinOp::And => Value::Bool(x.is_true() && y.is_true()),
                    BinOp::Eq => Value::Bool(x == y),
                    BinOp::Ne => Value::Bool(x != y),
                    BinOp::Lt => Value::Bool(i < j),
                    BinOp::Le => Value::Bool(i <= j),
                    BinOp::Gt => Value::Bool(i > j),
                    BinOp::Ge => Value::Bool(i >= j),
                    BinOp::Add => Value::Int(i.saturating_add(j)),
                    BinOp::Sub => Value::Int(i.saturating_sub(j)),
                    BinOp::Mul => Value::Int(i.saturating_mul(j)),
                    BinOp::Div => Value::Int(if j == 0 { 0 } else { i.div_euclid(j) }),
                }
            }
        }
    }

    /// Every change to `q` in force: lasting modifiers and continuous abilities, as
    /// (layer, op, code, context) in the order they apply.
    fn changes(&self, q: Quantity, game: &Game) -> Vec<(u8, u32, Ctx)> {
        let s = game.state();
        let mut out = Vec::new();
        for e in &s.effects.lasting {
            if let Lasting::Modifier {
                quantity,
                code,
                env,
            } = &e.what
            {
                if *quantity != q {
                    continue;
                }
                let me = PlayerId(env.first().copied().unwrap_or(0) as u8);
                let slots = env[1..]
                    .chunks(2)
                    .map(|c| Value::decode(c[0], *c.get(1).unwrap_or(&0)))
                    .collect();
                out.push((self.layer(*code), *code, Ctx::change(me, slots, 0)));
            }
        }
        let key = modify_key(q.kind_bit());
        if self.held_all(game).keys & key != 0 {
            let phase = s.encounter.phase;
            for &p in game.timing_order().iter() {
                if !self.holds_acting(game, p, key) {
                    continue;
                }
                self.each_ability_at(game, p, key, |a, origin| {
                    // A face-down sheet changes nothing until it is flipped.
                    if origin == Origin::HiddenPower {
                        return;
                    }
                    let ab = self.ability(a);
                    let during = ab.triggers.iter().any(|t| match t {
                        Trigger::During(ph) => phase.is_some_and(|x| ph.contains(&x)),
                        _ => false,
                    });
                    if !during || !self.may_act(game, p, a) {
                        return;
                    }
                    let mut ctx = self.ctx(p, a, Subject::None);
                    self.continuous_changes(&ab.body, q, game, &mut ctx, &mut out);
                });
            }
        }
        out.sort_by_key(|(layer, _, _)| *layer);
        out
    }

    fn continuous_changes(
        &self,
        body: &[Stmt],
        q: Quantity,
        game: &Game,
        ctx: &mut Ctx,
        out: &mut Vec<(u8, u32, Ctx)>,
    ) {
        // The index's `modified_kinds` walks bodies as this does: keep them in step.
        for st in body {
            self.note_run(st);
            match st {
                Stmt::Modify { quantity, code, .. }
                    if self.instance(quantity, game, ctx) == Some(q) =>
                {
                    let copy = Ctx::change(ctx.me, ctx.slots.clone(), ctx.source);
                    out.push((self.layer(*code), *code, copy));
                }
                Stmt::Let(slot, e) => ctx.slots[*slot as usize] = self.eval(e, game, ctx),
                Stmt::If(c, then, otherwise) => {
                    if self.eval(c, game, ctx).is_true() {
                        self.continuous_changes(then, q, game, ctx, out);
                    } else {
                        self.continuous_changes(otherwise, q, game, ctx, out);
                    }
                }
                // The compiler lets nothing else into a continuous ability (`check_form`).
                _ => {}
            }
        }
    }

    /// The order of changes to one quantity: plain sets, then multiplications and
    /// divisions, then additions and subtractions, then changes that read the value so far
    /// (such as a reversal of the winner) last.
    fn layer(&self, code: u32) -> u8 {
        let c = &self.program.codes[code as usize];
        if c.relative {
            return 3;
        }
        match c.op {
            Op::Set => 0,
            Op::Mul | Op::Div => 1,
            Op::Add | Op::Sub => 2,
        }
    }
}

fn all_mask(game: &Game) -> u8 {
    ((1u16 << game.state().player_count()) - 1) as u8
}

/// The players of `mask`, in seat order, as options.
fn seats_in(game: &Game, mask: u8) -> Vec<Choice> {
    game.state()
        .seats()
        .filter(|p| mask & (1 << p.0) != 0)
        .map(Choice::Player)
        .collect()
}

/// Asks `me` to pick one of `options` (none to pick from gives no value).
fn pick_one(
    game: &mut Game,
    me: PlayerId,
    kind: DecisionKind,
    options: Vec<Choice>,
) -> Flow<Value> {
    if options.is_empty() {
        return Ok(Value::None);
    }
    Ok(match game.pick(me, kind, options)? {
        Choice::Player(p) => Value::Player(p),
        Choice::Side(s) => Value::Side(s),
        Choice::Card(c) => Value::Card(c),
        Choice::Planet(p) => Value::Planet(p),
        _ => Value::None,
    })
}

fn main_side(game: &Game, p: PlayerId) -> Option<Side> {
    let s = game.state();
    if p == s.offense {
        Some(Side::Offense)
    } else if Some(p) == s.encounter.defense {
        Some(Side::Defense)
    } else {
        None
    }
}

impl Hooks for Runtime {
    fn at(&self, window: Window, game: &mut Game<'_>) -> Flow {
        if window == Window::GameSetup {
            return self.trigger(game, SETUP_KEY, |t, _| *t == Trigger::Setup);
        }
        // Continuous abilities that are uses are announced when their phase starts.
        if let Window::PhaseStart(phase) = window {
            self.trigger(
                game,
                during_key(phase),
                |t, _| matches!(t, Trigger::During(ph) if ph.first() == Some(&phase)),
            )?;
        }
        self.trigger(game, window_key(window), |t, phase| match t {
            Trigger::At { phases, window: w } => {
                *w == window && phase.is_some_and(|p| phases.contains(&p))
            }
            _ => false,
        })
    }

    fn deal_terms(&self, side: Side, game: &Game<'_>) -> Vec<TermOffer> {
        let Some(p) = game.state().main_player(side) else {
            return Vec::new();
        };
        if self.held_all(game).keys & DEAL_KEY == 0 {
            return Vec::new();
        }
        self.abilities_at(game, p, DEAL_KEY)
            .into_iter()
            // A face-down sheet offers no terms: a deal cannot flip it.
            .filter(|&(a, o)| {
                o != Origin::HiddenPower
                    && self.ability(a).triggers.contains(&Trigger::DealTerm)
                    && self.may_act(game, p, a)
            })
            .map(|(a, _)| TermOffer {
                by: side,
                term: a,
                name: self.program.sources[self.ability(a).source as usize].clone(),
            })
            .collect()
    }

    fn carry_out_term(&self, term: &ContentTerm, game: &mut Game<'_>) -> Flow {
        let Some(p) = game.state().main_player(term.by) else {
            return Ok(());
        };
        // The offer was checked when the deal was proposed; the ability still must exist.
        let Some(ab) = self.program.abilities.get(term.term as usize) else {
            return Ok(());
        };
        let mut ctx = self.ctx(p, term.term, Subject::None);
        ctx.agreed = Some((term.player, term.amount));
        self.run_body(&ab.body, game, &mut ctx)
    }

    fn moment(&self, moment: Moment, game: &mut Game<'_>) -> Flow {
        // Seats as masks: everyone, one player, everyone but one.
        let seats = ((1u16 << game.state().player_count()) - 1) as u8;
        let only = |p: PlayerId| 1u8 << p.0;
        let others = |p: PlayerId| seats & !(1u8 << p.0);
        match moment {
            Moment::PowerLost(p) => {
                self.happened(game, Happening::PowerLost, others(p), Subject::Player(p))
            }
            Moment::DeckReshuffled => {
                self.happened(game, Happening::DeckReshuffled, seats, Subject::None)
            }
            Moment::AlienLeft(p, alien) => self.alien_left(game, p, alien),
            Moment::TechCompleted(p, t) => {
                self.happened(game, Happening::TechCompleted, only(p), Subject::Tech(t))
            }
            Moment::ShipsToWarp(p, count) => {
                let subject = Subject::Count { player: p, count };
                self.happened(game, Happening::MyShipsToWarp, only(p), subject)?;
                self.happened(game, Happening::OthersShipsToWarp, others(p), subject)
            }
            Moment::ShipsRemoved(p, count) => {
                let subject = Subject::Count { player: p, count };
                self.happened(game, Happening::OthersShipsRemoved, others(p), subject)
            }
            Moment::ShipsRetrieved(p, count) => {
                let subject = Subject::Count { player: p, count };
                self.happened(game, Happening::OthersShipsRetrieved, others(p), subject)
            }
            Moment::CardsDrawn(p, count) => {
                let subject = Subject::Count { player: p, count };
                self.happened(game, Happening::OthersCardsDrawn, others(p), subject)
            }
            Moment::ColonyGained(p) => {
                let subject = Subject::Count {
                    player: p,
                    count: 1,
                };
                self.happened(game, Happening::OthersColonyGained, others(p), subject)
            }
            Moment::CardDiscarded {
                player,
                card,
                new_hand,
            } => {
                // A card taken out of the discard pile since can no longer be answered.
                if !game.state().is_discarded(card) {
                    return Ok(());
                }
                let ty = game.state().kind(card).card_type();
                let subject = Subject::Card(card);
                if new_hand {
                    self.happened(game, Happening::NewHandDiscard(ty), only(player), subject)?;
                }
                self.happened(game, Happening::OthersDiscard(ty), others(player), subject)
            }
            Moment::ReinforcementPlayed(p, card) => self.happened(
                game,
                Happening::ReinforcementPlayed,
                others(p),
                Subject::Card(card),
            ),
        }
    }

    fn changeable(&self, game: &Game<'_>) -> u32 {
        kinds_of(self.held_all(game).keys)
    }

    fn card_may_act(&self, def: u16) -> bool {
        // What the caches read of a card: its item (see `gather_held`, `gather_candidates`).
        matches!(self.def_items.get(def as usize), Some(Some(_)))
    }

    // The engine calls this only for kinds `changeable` names or a lasting modifier
    // changes (`Game::quantity`); `changes` finds what applies to `q` itself.
    fn quantity(&self, q: Quantity, value: i32, game: &Game<'_>) -> i32 {
        if self.depth.get() > 8 {
            return value;
        }
        self.depth.set(self.depth.get() + 1);
        let mut v = value;
        for (_, code, mut ctx) in self.changes(q, game) {
            let c = &self.program.codes[code as usize];
            ctx.current = Some((q, v));
            let amount = match self.eval(&c.amount, game, &mut ctx) {
                Value::Side(s) => s.ix() as i32,
                other => number(&other, game),
            };
            v = match c.op {
                Op::Set => amount,
                Op::Add => v.saturating_add(amount),
                Op::Sub => v.saturating_sub(amount),
                Op::Mul => v.saturating_mul(amount),
                Op::Div => {
                    if amount == 0 {
                        v
                    } else {
                        v.div_euclid(amount)
                    }
                }
            };
        }
        self.depth.set(self.depth.get() - 1);
        v
    }

    fn redirect_ships(
        &self,
        player: PlayerId,
        from: Place,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        if self.held_all(game).keys & INSTEAD_KEY == 0 {
            return Ok(0);
        }
        let s = game.state();
        let losing = match s.encounter.outcome {
            Some(Outcome::OffenseWins) => Some(Side::Defense),
            Some(Outcome::DefenseWins) => Some(Side::Offense),
            _ => None,
        };
        let on_losing_side = losing.is_some() && s.side_of(player) == losing;
        let mut candidates: Vec<(u8, PlayerId, u32, Origin)> = Vec::new();
        for &q in game.timing_order().iter() {
            if !self.holds_acting(game, q, INSTEAD_KEY) {
                continue;
            }
            for (a, origin) in self.abilities_at(game, q, INSTEAD_KEY) {
                let ab = self.ability(a);
                let applies = ab.triggers.iter().any(|t| match t {
                    Trigger::Instead(Replaced::Mine) => q == player,
                    Trigger::Instead(Replaced::LosingSide) => on_losing_side,
                    Trigger::Instead(Replaced::Others) => q != player,
                    Trigger::Instead(Replaced::MyAllies) => {
                        let st = game.state();
                        st.encounter.ally[player.ix()].is_some()
                            && st.encounter.ally[player.ix()] == st.side_of(q)
                            && main_side(game, q).is_some()
                    }
                    _ => false,
                });
                if applies && self.may_act(game, q, a) {
                    candidates.push((replacement_rank(&ab.body), q, a, origin));
                }
            }
        }
        // Removal from the game comes before a return home (FAQ: Void beats Zombie); the
        // sort is stable, so each rank keeps the timing order.
        candidates.sort_by_key(|&(rank, ..)| rank);
        let subject = Subject::Ships {
            owner: player,
            at: from,
            count,
            rule,
        };
        // The first replacement that takes effect replaces the move; its body says where the
        // ships go (what it leaves of them still goes to the warp).
        for (_, q, a, origin) in candidates {
            // An optional replacement asks its controller first.
            if !self.acts_by_itself(a, origin)
                && self.ask_use(game, q, &[(a, origin)], None)?.is_none()
            {
                continue;
            }
            // A body may send other ships to the warp, replaced in their turn: each counts
            // its own.
            let outer = self.replaced.replace(0);
            let used = self.use_ability(game, q, a, origin, subject, true);
            let replaced = self.replaced.replace(outer);
            if used? {
                return Ok(replaced);
            }
        }
        Ok(0)
    }
}

/// Where a replacement of ships going to the warp sends them, as a rank: out of the game
/// first, then home, then anything else. Read from the body's first move of `them`.
fn replacement_rank(body: &[Stmt]) -> u8 {
    let first = body.iter().find_map(|st| match st {
        Stmt::Move {
            ships: Expr::Subject,
            to,
            count,
            ..
        } => Some((to, count.is_some())),
        _ => None,
    });
    match first {
        Some((Dest::Removed(_), _)) => 0,
        Some((Dest::Colonies(_), false)) => 1,
        Some((Dest::Warp, _)) | None => 3,
        Some(_) => 2,
    }
}

/// Where `p`'s ships of a kind are, with how many on each place.
fn ship_places(game: &Game, p: PlayerId, place: ShipPlace) -> Vec<(Place, u8)> {
    match place {
        ShipPlace::Warp => vec![(Place::Warp, game.ships_at(p, Place::Warp))],
        ShipPlace::Removed => vec![(Place::Removed, game.ships_at(p, Place::Removed))],
        ShipPlace::Encounter => {
            let mut v = vec![
                (Place::Gate, game.ships_at(p, Place::Gate)),
                (Place::Beside, game.ships_at(p, Place::Beside)),
            ];
            let e = &game.state().encounter;
            if let (Some(d), Some(pl)) = (e.defense, e.planet) {
                if d == p {
                    v.push((Place::Planet(pl), game.ships_at(p, Place::Planet(pl))));
                }
            }
            v
        }
        ShipPlace::Colonies => game
            .state()
            .colony_ships(p)
            .map(|(pl, n)| (Place::Planet(pl), n))
            .collect(),
        ShipPlace::Outside => {
            let e = &game.state().encounter;
            let defending = (e.defense == Some(p)).then_some(e.planet).flatten();
            game.state()
                .colony_ships(p)
                .filter(|&(pl, _)| Some(pl) != defending)
                .map(|(pl, n)| (Place::Planet(pl), n))
                .collect()
        }
        ShipPlace::Target => match game.state().encounter.planet {
            Some(pl) => vec![(Place::Planet(pl), game.ships_at(p, Place::Planet(pl)))],
            None => Vec::new(),
        },
        ShipPlace::Tech(t) => vec![(Place::Tech(t), game.ships_at(p, Place::Tech(t)))],
        ShipPlace::ThisTech => Vec::new(),
    }
}

/// The planets a value names: one planet, a list, or none.
fn planets_of(v: Value) -> Vec<PlanetId> {
    match v {
        Value::Planet(p) => vec![p],
        Value::Planets(ps) => ps,
        _ => Vec::new(),
    }
}

/// The cards a value names: one card, a list, or none.
fn cards_of(v: Value) -> Vec<CardId> {
    match v {
        Value::Card(c) => vec![c],
        Value::Cards(cs) => cs,
        _ => Vec::new(),
    }
}

/// A value as a number: ships count as how many there are.
fn number(v: &Value, game: &Game) -> i32 {
    match *v {
        Value::Group { owner, at, count } => count.min(game.ships_at(owner, at)) as i32,
        Value::Ships(mask, place) => game
            .state()
            .seats()
            .filter(|p| mask & (1 << p.0) != 0)
            .map(|p| ship_count(game, p, place))
            .sum(),
        ref other => other.int(),
    }
}

/// How many ships `ship_places` lists, counted without listing them (conditions count
/// ships often).
fn ship_count(game: &Game, p: PlayerId, place: ShipPlace) -> i32 {
    let s = game.state();
    let on_planets = || s.ships_in_colonies(p) as i32;
    match place {
        ShipPlace::Colonies => on_planets(),
        ShipPlace::Outside => {
            let e = &s.encounter;
            let defended = match (e.defense, e.planet) {
                (Some(d), Some(pl)) if d == p => s.ships_on(pl, p) as i32,
                _ => 0,
            };
            on_planets() - defended
        }
        _ => (ship_places(game, p, place).iter())
            .map(|&(_, n)| n as i32)
            .sum(),
    }
}

/// Whether `card` matches `like`: the same type and, for an attack card, a value at least as
/// high (what a card must be to answer another in kind).
fn matches(card: CardKind, like: CardKind) -> bool {
    match (card, like) {
        (CardKind::Attack(v), CardKind::Attack(w)) => v >= w,
        _ => card.card_type() == like.card_type(),
    }
}
