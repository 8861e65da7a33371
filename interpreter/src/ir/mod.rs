//! The effect IR: what the compiler makes of card files and the runtime executes. It is plain
//! serializable data with a format version; names are resolved, references typed, windows and
//! quantities are engine values, and every bound name is a numbered slot.

use crate::header::{Roles, Usage};
use cosmic_engine::effects::Until;
use cosmic_engine::state::Phase;

use cosmic_grammar::Span;
use serde::{Deserialize, Serialize};

/// The IR's format version; bumped whenever its serialized shape changes.
pub const FORMAT: u32 = 31;

/// A compiled library: every item and the tables the runtime indexes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Program {
    /// The IR format version.
    pub format: u32,
    /// The items (aliens, artifacts, ...), in library order.
    pub items: Vec<Item>,
    /// Every ability of every item; items refer to them by index.
    pub abilities: Vec<Ability>,
    /// Quantity changes the runtime evaluates when the rules compute a quantity.
    pub codes: Vec<Code>,
    /// Names of abilities, effects, declarations and options for the event log, by source number.
    pub sources: Vec<String>,
    /// The bodies of lasting effects (`for the rest of the encounter { ... }`), read like a
    /// continuous ability's while the effect lasts.
    #[serde(default)]
    pub lasting: Vec<LastingBody>,
}

/// What a lasting effect holds while it lasts: changes to quantities, read whenever the rules
/// compute one, in the context of the ability that started it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastingBody {
    /// The ability whose use started it (its item and slots).
    pub ability: u32,
    /// The statements, as a continuous ability's: changes, `let` and `if`.
    pub body: Vec<Stmt>,
    /// What its owner does at windows while it lasts (`at resolution ... { ... }` inside it).
    #[serde(default)]
    pub reactions: Vec<Reaction>,
}

/// A timed reaction inside a lasting effect: at each of its windows while the effect lasts,
/// if its condition holds, its body runs for the effect's owner, with the values bound when
/// the effect started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reaction {
    /// When it acts (`Trigger::At` only).
    pub triggers: Vec<Trigger>,
    /// Only if this holds then.
    pub condition: Option<Expr>,
    /// Which of its owner's draws it answers, so `the cards drawn` names them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws: Option<Drawn>,
    /// What is done.
    pub body: Vec<Stmt>,
}

/// The kinds of component, from one list: the keyword that opens an item, and whether the
/// runtime plays items of the kind. A kind it does not play yet may be written (names,
/// counts, text), but an ability in it is a lint error: it would never run.
macro_rules! item_kinds {
    ($($(#[$doc:meta])* $kind:ident $word:literal plays $plays:literal,)*) => {
        /// What kind of component an item is.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum ItemKind {
            $($(#[$doc])* $kind,)*
        }

        impl ItemKind {
            /// Every kind, in the list's order.
            pub const ALL: &'static [ItemKind] = &[$(ItemKind::$kind,)*];

            /// Every kind's keyword, in the list's order.
            pub const WORDS: &'static [&'static str] = &[$($word,)*];

            /// The keyword that opens an item of this kind.
            pub fn word(self) -> &'static str {
                match self {
                    $(ItemKind::$kind => $word,)*
                }
            }

            /// Whether the runtime plays this kind's abilities.
            pub fn plays(self) -> bool {
                match self {
                    $(ItemKind::$kind => $plays,)*
                }
            }
        }
    };
}

item_kinds! {
    /// An alien (its flare is part of it).
    Alien "alien" plays true,
    /// An artifact card.
    Artifact "artifact" plays true,
    /// A reinforcement card with text beyond its value.
    Reinforcement "reinforcement" plays false,
    /// A tech card (technology variant).
    Tech "tech" plays true,
    /// A hazard card (hazard deck variant).
    Hazard "hazard" plays true,
    /// A moon.
    Moon "moon" plays false,
    /// A space station.
    Station "station" plays false,
    /// A reward-deck card with text of its own.
    Reward "reward" plays false,
    /// A Duel envoy.
    Envoy "envoy" plays false,
    /// A Duel plan card: a number, the clout it starts a player with.
    Plan "plan" plays false,
    /// An Eon edict: a card played face up from the hand by its text, then discarded (the
    /// rules' role of FFG's artifact, and the runtime plays it the same way).
    Edict "edict" plays true,
    /// An Eon planet hex (Expansion Set 9): an attachment dealt to a player at setup, its
    /// rules held beside the power.
    Hex "hex" plays true,
}

impl ItemKind {
    /// Whether a component of this kind is an attachment: held by a player (or, to come,
    /// on a planet), its `effect`s act for whoever its `access` rule names, and no zap
    /// reaches them. Stations and moons will be attachments too.
    pub fn attachment(self) -> bool {
        matches!(self, ItemKind::Hex)
    }

    /// Whether a component of this kind is a card played from the hand by its text (so
    /// `this card` names it while its ability acts).
    pub fn played_from_hand(self) -> bool {
        matches!(self, ItemKind::Artifact | ItemKind::Edict)
    }

    /// The kind a keyword names, if any.
    pub fn from_word(word: &str) -> Option<ItemKind> {
        ItemKind::ALL.iter().copied().find(|k| k.word() == word)
    }
}

/// One component.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Item {
    /// Its kind.
    pub kind: ItemKind,
    /// Its name.
    pub name: String,
    /// Copies in the deck (cards), if stated.
    pub count: Option<u8>,
    /// A tech's research number (`None` with `research any`, or for other kinds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub research: Option<u8>,
    /// Whether an alien has a flare section.
    pub has_flare: bool,
    /// Its abilities (indexes into `Program::abilities`).
    pub abilities: Vec<u32>,
    /// Tokens on its sheet at setup.
    pub setup_tokens: Option<Expr>,
    /// An alien whose power is never lost for too few home colonies (`power-loss never`).
    #[serde(default)]
    pub keeps_power: bool,
    /// A flare whose super half's play nothing may cancel (`super-cancel never`): nothing
    /// answers it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub super_uncancellable: bool,
    /// A hazard that remains in play until card text discards it (`lasts until-discarded`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub remains_in_play: bool,
    /// A tech kept secret until used (`reveal when-used`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub secret: bool,
    /// The set (product) it comes from (`set base`), empty when not stated.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub set: String,
    /// The aliens it is not used with (`excludes ["First Alien", "Second Alien"]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<String>,
    /// The edition it belongs to (`edition duel`), empty when not stated.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub edition: String,
    /// A Duel card's printed number (`value -10`): a plan's clout, a reinforcement's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i16>,
    /// A Duel plan's colour deck (`deck orange`), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    /// An attachment's access rule (`access holder`): who has its abilities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access: Option<Access>,
}

/// Who has an attachment's abilities (its `access` rule).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    /// The player holding it (a planet hex: the player whose system it is).
    Holder,
}

impl Access {
    /// Every access rule's word, as `access` writes it.
    pub const WORDS: &'static [&'static str] = &["holder"];

    /// The rule a word names, if any.
    pub fn from_word(word: &str) -> Option<Access> {
        match word {
            "holder" => Some(Access::Holder),
            _ => None,
        }
    }
}

/// Where an ability lives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Home {
    /// An alien's power.
    Power,
    /// The wild half of a flare.
    Wild,
    /// The super half of a flare.
    Super,
    /// A card's effect (artifacts and other cards).
    Effect,
}

/// One compiled ability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    /// The item it belongs to.
    pub item: u32,
    /// Its source number (names it in the log and in decisions).
    pub source: u32,
    /// Where it lives.
    pub home: Home,
    /// Mandatory, optional or innate.
    pub usage: Usage,
    /// Who may use it.
    pub roles: Roles,
    /// When it acts.
    pub triggers: Vec<Trigger>,
    /// Only when this holds.
    pub condition: Option<Expr>,
    /// How often it may be used.
    pub limit: Option<Until>,
    /// When a bot should choose to use it (`prefer if ...`; a hint, not a rule).
    pub prefer: Option<Expr>,
    /// The phases an event or replacement ability is limited to (empty: any time).
    pub phases: Vec<Phase>,
    /// A super flare used instead of its alien's power: using it cancels the power's
    /// abilities of the same phases for the encounter.
    pub replaces_power: bool,
    /// Which of its player's draws it answers, so `the cards drawn` names them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws: Option<Drawn>,
    /// Number of slots its statements bind.
    pub slots: u8,
    /// What it does.
    pub body: Vec<Stmt>,
    /// Where it is written.
    pub span: Span,
}

/// A quantity change evaluated when the rules compute the quantity.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Code {
    /// How the amount combines with the value so far.
    pub op: Op,
    /// The amount.
    pub amount: Expr,
    /// Whether the amount reads the quantity it changes (applied after the others).
    pub relative: bool,
}

/// How a change combines with a quantity.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    /// Replace it.
    Set,
    /// Add to it.
    Add,
    /// Subtract from it.
    Sub,
    /// Multiply it.
    Mul,
    /// Divide it, rounding down.
    Div,
}

/// Declares a fieldless enum of kinds with `ALL`, the list of every kind (tests walk it:
/// a kind added here is a kind they must cover).
macro_rules! kinds {
    ($(#[$doc:meta])* $name:ident { $($kind:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $(#[allow(missing_docs)] $kind),*
        }
        impl $name {
            /// Every kind.
            pub const ALL: &'static [$name] = &[$($name::$kind),*];
        }
    };
}

mod expr;
mod stmt;
mod trigger;
pub use expr::*;
pub use stmt::*;
pub use trigger::*;
