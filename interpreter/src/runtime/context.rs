//! The values card text works with, what a use answers, and the context its text runs in.

use super::ships::ship_count;
use super::Runtime;
use crate::ir::ShipPlace;
use cosmic_engine::event::{Place, Rule};
use cosmic_engine::{CardId, CardKind, CardType, Game, PlanetId, PlayerId, Quantity, Side};

/// A value during evaluation.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    None,
    Int(i32),
    Bool(bool),
    Player(PlayerId),
    Players(u8),
    Side(Side),
    Card(CardId),
    Cards(Vec<CardId>),
    Type(CardType),
    /// A card kind: a type with its value (`an attack 12`).
    Kind(CardKind),
    Ships(u8, ShipPlace),
    /// Some of one player's ships at one place: those a replacement replaces (`them`).
    Group {
        owner: PlayerId,
        at: Place,
        count: u8,
    },
    Planet(PlanetId),
    Planets(Vec<PlanetId>),
    /// A card of the game named, not held: its definition in the components.
    CardName(u16),
}

impl Value {
    /// Whether this is true (matched, not compared: conditions ask it at every window).
    pub(super) fn is_true(&self) -> bool {
        matches!(self, Value::Bool(true))
    }

    pub(super) fn int(&self) -> i32 {
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

    pub(super) fn mask(&self) -> u8 {
        match self {
            Value::Player(p) => 1 << p.0,
            Value::Players(m) | Value::Ships(m, _) => *m,
            Value::Group { owner, .. } => 1 << owner.0,
            _ => 0,
        }
    }

    pub(super) fn encode(&self) -> [i32; 2] {
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
            Value::Kind(k) => [9, encode_kind(*k)],
            Value::CardName(d) => [10, *d as i32],
        }
    }

    pub(super) fn decode(tag: i32, v: i32) -> Value {
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
            9 => Value::Kind(decode_kind(v)),
            10 => Value::CardName(v as u16),
            _ => Value::None,
        }
    }
}

/// A card kind as one number: its type's index above, its value below.
fn encode_kind(k: CardKind) -> i32 {
    let value = match k {
        CardKind::Attack(v)
        | CardKind::Reinforcement(v)
        | CardKind::Kicker(v)
        | CardKind::Rift(v) => v,
        _ => 0,
    };
    ((k.card_type() as i32) << 16) | (value as u16 as i32)
}

fn decode_kind(v: i32) -> CardKind {
    let value = v as u16 as i16;
    match CardType::ALL.get((v >> 16) as usize) {
        Some(&t) => kind(t, value),
        None => CardKind::Negotiate,
    }
}

/// The kind of a card of type `t` with value `value` (ignored by types without one).
pub(super) fn kind(t: CardType, value: i16) -> CardKind {
    match t {
        CardType::Attack => CardKind::Attack(value),
        CardType::Reinforcement => CardKind::Reinforcement(value),
        CardType::Negotiate => CardKind::Negotiate,
        CardType::Morph => CardKind::Morph,
        CardType::Artifact => CardKind::Artifact,
        CardType::Flare => CardKind::Flare,
        CardType::Kicker => CardKind::Kicker(value),
        CardType::Rift => CardKind::Rift(value),
    }
}

/// The card kind a value names: a kind, or a type (an attack or a reinforcement of 0).
pub(super) fn kind_value(v: &Value) -> Option<CardKind> {
    match v {
        Value::Kind(k) => Some(*k),
        Value::Type(t) => Some(kind(*t, 0)),
        _ => None,
    }
}

/// What an ability answers or replaces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Subject {
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
        /// For cards drawn, how long the encounter's record of them was then (they are the
        /// player's last in it): `Encounter::drawn`, or `gained` for rewards.
        upto: u16,
        /// How many of `count` the player's own answering text drew or retrieved (left out
        /// of the encounter's record of draws: the others see them in `count`).
        fed: u8,
    },
    /// Rewards a player received: how many, and how many of them were cards drawn and ships
    /// back from the warp.
    Rewards {
        player: PlayerId,
        count: u8,
        cards: u8,
        ships: u8,
    },
    /// A card (the artifact just played).
    Card(CardId),
    /// A tech (the one just completed).
    Tech(u16),
    /// Ships headed for the warp (as `rule` sends them), about to land on a planet, or
    /// retrieved from the warp to their colonies, that a replacement replaces.
    Ships {
        owner: PlayerId,
        at: Place,
        count: u8,
        rule: Rule,
        /// Where they would go.
        to: Headed,
    },
    /// A planet something happened beside (the acting player's tokens revealed there).
    Planet(PlanetId),
    /// Ships of `players` (a mask of seats) that just landed on `planet` together.
    Landing {
        planet: PlanetId,
        players: u8,
    },
    /// `player`'s play of `card` (a wild flare or an artifact), `ability` its use, its
    /// effects done; `answered` is the entry of `Runtime::plays` holding what it answered.
    Played {
        player: PlayerId,
        ability: u32,
        card: CardId,
        answered: u16,
    },
}

/// Where ships a replacement takes over would go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Headed {
    /// To the warp.
    Warp,
    /// Onto this planet, to land.
    Planet(PlanetId),
    /// From the warp to their owner's colonies (retrieved).
    Colonies,
}

/// Where an ability is used from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Origin {
    Power,
    /// The power of a face-down alien sheet (hidden powers): optional, and using it flips
    /// the sheet face up.
    HiddenPower,
    Card(CardId),
    /// A completed tech in the player's play area.
    Tech(u16),
    /// An attachment the player has access to (a planet hex): never answered, so no zap
    /// reaches it.
    Attachment(u16),
}

impl Origin {
    /// The card played, if the ability comes from one.
    pub(super) fn card(self) -> Option<CardId> {
        match self {
            Origin::Card(c) => Some(c),
            Origin::Power | Origin::HiddenPower | Origin::Tech(_) | Origin::Attachment(_) => None,
        }
    }

    /// The tech the ability is on, if it comes from one.
    pub(super) fn tech(self) -> Option<u16> {
        match self {
            Origin::Tech(t) => Some(t),
            _ => None,
        }
    }
}

pub(super) struct Ctx {
    pub(super) me: PlayerId,
    pub(super) slots: Vec<Value>,
    pub(super) subject: Subject,
    /// The quantity being computed and its value so far (relative changes read it).
    pub(super) current: Option<(Quantity, i32)>,
    /// Set when the ability cancelled the use it answers.
    pub(super) cancelled: bool,
    pub(super) source: u32,
    /// The item the ability belongs to (`u32::MAX` for a quantity change).
    pub(super) item: u32,
    /// Where in the item the ability lives (an alien's power or a flare half), if known.
    pub(super) home: Option<crate::ir::Home>,
    /// The card the ability is on, when played from a hand.
    pub(super) card: Option<CardId>,
    /// The tech the ability is on, when used from a completed tech.
    pub(super) tech: Option<u16>,
    /// The player and number a deal term was agreed for.
    pub(super) agreed: Option<(PlayerId, u8)>,
    /// Which of its player's draws the text answers (`the cards drawn`).
    pub(super) draws: Option<crate::ir::Drawn>,
}

impl Ctx {
    /// Who holds ships hostage by this text (`Game::take_hostage`): its player, its item
    /// and the part of the item it lives in (a power, a flare half), so that a lasting effect
    /// the text started counts as the same text and the rest of the card does not.
    pub(super) fn holder(&self) -> u32 {
        let home = self.home.map_or(7, |h| h as u32);
        self.item.wrapping_shl(11) | home << 8 | self.me.0 as u32
    }

    /// The context a quantity change is computed in.
    pub(super) fn change(me: PlayerId, slots: Vec<Value>, source: u32) -> Ctx {
        Ctx {
            me,
            slots,
            subject: Subject::None,
            current: None,
            cancelled: false,
            source,
            item: u32::MAX,
            home: None,
            card: None,
            tech: None,
            agreed: None,
            draws: None,
        }
    }
}

/// The planets a value names: one planet, a list, or none.
pub(super) fn planets_of(v: Value) -> Vec<PlanetId> {
    match v {
        Value::Planet(p) => vec![p],
        Value::Planets(ps) => ps,
        _ => Vec::new(),
    }
}

/// The cards a value names: one card, a list, or none.
pub(super) fn cards_of(v: Value) -> Vec<CardId> {
    match v {
        Value::Card(c) => vec![c],
        Value::Cards(cs) => cs,
        _ => Vec::new(),
    }
}

/// The largest number `remember` keeps (the low bits of the mark that records it).
pub(super) const REMEMBERED_MAX: i32 = 0xfff;

/// The mark recording that a number was remembered under the name `key`: a flag bit, the
/// name, then the number in the low bits (a declaration's own marks never set the flag).
pub(super) fn remembered_key(key: u32, value: i32) -> u32 {
    1 << 31 | (key & 0x7ffff) << 12 | (value & REMEMBERED_MAX) as u32
}

/// A value as a number: ships count as how many there are (counted out of line: most values
/// read as numbers are plain numbers).
#[inline]
pub(super) fn number(v: &Value, game: &Game) -> i32 {
    match *v {
        Value::Int(n) => n,
        Value::Group { .. } | Value::Ships(..) => ships_number(v, game),
        ref other => other.int(),
    }
}

/// `number` of a value naming ships: how many there are.
#[inline(never)]
fn ships_number(v: &Value, game: &Game) -> i32 {
    match *v {
        Value::Group { owner, at, count } => count.min(game.ships_at(owner, at)) as i32,
        Value::Ships(mask, place) => game
            .state()
            .seats()
            .filter(|p| mask & (1 << p.0) != 0)
            .map(|p| ship_count(game, p, place))
            .sum(),
        _ => 0,
    }
}

impl Runtime {
    pub(super) fn ctx(&self, me: PlayerId, a: u32, subject: Subject) -> Ctx {
        let slots = vec![Value::None; self.ability(a).slots as usize];
        self.ctx_with(me, a, subject, slots)
    }

    /// The context a condition or a bot's preference is tested in. It has no slots: an
    /// expression only reads them, every slot is empty before the body runs, and reading a
    /// slot that is not there gives the same empty value (sparing an allocation per test).
    pub(super) fn test_ctx(&self, me: PlayerId, a: u32, subject: Subject) -> Ctx {
        self.ctx_with(me, a, subject, Vec::new())
    }

    fn ctx_with(&self, me: PlayerId, a: u32, subject: Subject, slots: Vec<Value>) -> Ctx {
        let ab = self.ability(a);
        Ctx {
            subject,
            item: ab.item,
            home: Some(ab.home),
            // A tech's own text knows its tech (conditions on `ships on this tech`).
            tech: self.item_techs[ab.item as usize],
            draws: ab.draws,
            ..Ctx::change(me, slots, ab.source)
        }
    }
}
