//! The cosmic engine: game state, the FFG encounter pipeline, primitive actions, the decision
//! API, the seeded RNG and the event log. It knows no card by name: card behaviour reaches it
//! only through the `Hooks` trait it owns, and components arrive as data.

pub mod actions;
pub mod agent;
pub mod agents;
mod aliens;
mod card_actions;
pub mod components;
pub mod deal;
pub mod decision;
mod deck_top;
pub mod duel;
pub mod edition;
pub mod effects;
pub mod eon;
pub mod event;
pub mod fork;
pub mod game;
mod hazards;
mod hired;
mod holds;
pub mod hooks;
pub mod ids;
pub mod invariants;
mod kickers;
mod phases;
pub mod piles;
pub mod procedure;
pub mod quantity;
mod replay;
pub mod resources;
mod rewards;
pub mod save;
pub mod secrecy;
mod setup;
mod spares;
mod stacks;
pub mod state;
mod tech;
mod tokens;
pub mod view;

pub use agent::{Agent, AgentError};
pub use components::{
    AlienDef, AttachmentDef, CardDef, CardKind, CardType, Components, DestinyDef, DestinyKind,
    TechDef,
};
pub use decision::{Answer, Choice, Decision, DecisionKind, Request};
pub use edition::{Edition, Rules, Variants};
pub use event::{Event, EventKind, Names, Place, Scene};
pub use game::{
    AlienSetup, Flow, Game, GameError, GameResult, Options, Prepared, RecordedAnswer, Setup, Stop,
};
pub use hooks::{Hooks, Moment, NoHooks, Window};
pub use ids::{CardId, Color, PlanetId, PlayerId, Side};
pub use quantity::Quantity;
pub use resources::Resource;
pub use save::{Save, SaveError};
pub use state::{GameState, Outcome, Phase};
pub use view::View;
