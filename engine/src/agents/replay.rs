//! The replaying agent: answers from a recorded list first, then hands over to a live agent.
//! A bot that is "shadowed" is also asked each replayed question (its answer ignored), so its
//! own random state advances exactly as in the original game and the resumed game goes on
//! exactly as the uninterrupted one would.

use crate::agent::{Agent, AgentError};
use crate::decision::{Answer, Decision, Refusal};
use crate::view::View;
use std::collections::VecDeque;

/// Replays recorded answers, then lets `live` play.
pub struct ReplayAgent {
    answers: VecDeque<(crate::decision::DecisionKind, Answer)>,
    live: Option<Box<dyn Agent>>,
    shadow: bool,
    /// Whether the last answer came from the recording.
    replayed_last: bool,
    /// Set when a recorded answer was refused: the recording does not fit this game.
    broken: Option<String>,
}

impl ReplayAgent {
    /// Replays `answers`; then `live` answers (or, without one, any further decision fails).
    /// With `shadow`, `live` is also asked every replayed question to keep its state in step.
    pub fn new(
        answers: impl IntoIterator<Item = (crate::decision::DecisionKind, Answer)>,
        live: Option<Box<dyn Agent>>,
        shadow: bool,
    ) -> Self {
        ReplayAgent {
            answers: answers.into_iter().collect(),
            live,
            shadow,
            replayed_last: false,
            broken: None,
        }
    }
}

impl Agent for ReplayAgent {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        if let Some(why) = self.broken.take() {
            return Err(AgentError(format!(
                "a recorded answer was refused ({why}): the save does not match this game"
            )));
        }
        self.replayed_last = !self.answers.is_empty();
        match self.answers.pop_front() {
            Some((kind, answer)) => {
                if kind != decision.kind {
                    return Err(AgentError(format!(
                        "the recording answers {} here, but the game asks {}: the save does not match this game",
                        kind.name(),
                        decision.kind.name()
                    )));
                }
                if self.shadow {
                    if let Some(live) = self.live.as_mut() {
                        live.shadow(view, decision);
                    }
                }
                Ok(answer)
            }
            None => match self.live.as_mut() {
                Some(live) => live.decide(view, decision),
                None => Err(AgentError("the recording has no more answers".into())),
            },
        }
    }

    fn refused(&mut self, view: &View, decision: &Decision, answer: &Answer, why: &Refusal) {
        if self.replayed_last {
            self.broken = Some(why.0.clone());
            return;
        }
        if let Some(live) = self.live.as_mut() {
            live.refused(view, decision, answer, why);
        }
    }

    fn name(&self) -> &str {
        self.live.as_ref().map_or("replay", |l| l.name())
    }

    fn searches(&self) -> bool {
        self.live.as_ref().is_some_and(|l| l.searches())
    }
}
