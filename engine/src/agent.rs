//! Agents answer decisions: bots, scripts, people at a terminal. They see only a `View`.

use crate::decision::{Answer, Decision, Refusal};
use crate::view::View;
use std::fmt;

/// Why an agent could not answer (a script ran out, a terminal closed...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentError(pub String);

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Something that answers a player's decisions.
pub trait Agent {
    /// Answers `decision`, seeing only `view`.
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError>;

    /// Hears that its last answer was refused and why; it will be asked again.
    fn refused(&mut self, _view: &View, _decision: &Decision, _answer: &Answer, _why: &Refusal) {}

    /// A short name for reports ("random", "basic", "human", "script").
    fn name(&self) -> &str;

    /// Whether it reads the hints card text gives bots (`advised` in `Choice::Use` and
    /// `Choice::Option`): for an agent that does not, content spares computing them and
    /// leaves them out.
    fn reads_advice(&self) -> bool {
        true
    }

    /// Hears a question a recording answered for it (a save being resumed): it keeps its own
    /// state in step as if it had answered. By default it is asked and its answer ignored.
    fn shadow(&mut self, view: &View, decision: &Decision) {
        let _ = self.decide(view, decision);
    }

    /// Whether it searches by playing the game forward: the game then keeps a fork
    /// (`View::fork`) from which rollouts can be played.
    fn searches(&self) -> bool {
        false
    }

    /// Becomes the agent it was made as, for a new game, with `seed` for the seed it was
    /// made with, keeping the room its lists grew (a run of games reuses its bots): true if
    /// it did, false if it cannot and a new agent must be made.
    fn restart(&mut self, _seed: u64) -> bool {
        false
    }
}
