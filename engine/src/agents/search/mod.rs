//! The search agent: at each decision it tries a few answers (`candidates`) by playing the
//! game forward many times from the decision under way (`View::fork`), each time with what
//! it cannot see redealt at random (a determinization: the engine redeals it, the agent
//! never reads the real hidden state), the basic agent playing every seat, and keeps the
//! answer with the best mean outcome. Every answer tried meets the same redealt worlds
//! (common random numbers), so the comparison is not swamped by the luck of the deal.
//!
//! It knows no card: what an alien, a flare or an artifact does, it learns by playing it
//! with the real engine and content. Its choices depend only on its seed, its budget and
//! the game, so games with search seats are as reproducible as any other, unless the budget
//! is a time.

mod candidates;

pub use candidates::{candidates, MAX_CANDIDATES};

use super::BasicAgent;
use crate::agent::{Agent, AgentError};
use crate::decision::{Answer, Decision, Refusal};
use crate::fork::Rollout;
use crate::game::{Game, GameError};
use crate::hooks::Hooks;
use crate::ids::PlayerId;
use crate::view::View;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How much a search may play at each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Budget {
    /// Rollouts per decision, shared among the answers tried: reproducible.
    Rollouts(u32),
    /// Milliseconds per decision (at least one rollout per answer): not reproducible, since
    /// how many rollouts fit depends on the machine and its load.
    Millis(u32),
}

/// How the search plays and judges its rollouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The budget per decision.
    pub budget: Budget,
    /// Turns a rollout plays after the one under way before it is judged on the colonies
    /// (none: to the end of the game).
    pub horizon: Option<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::Rollouts(DEFAULT_ROLLOUTS),
            horizon: Some(DEFAULT_HORIZON),
        }
    }
}

/// Rollouts per decision by default.
pub const DEFAULT_ROLLOUTS: u32 = 128;

/// Turns a rollout plays after the current one by default.
pub const DEFAULT_HORIZON: u32 = 1;

/// A player that searches by rollouts.
pub struct SearchAgent {
    seed: u64,
    settings: Settings,
    /// The hooks rollouts are played with: the agent's own, since the game's are busy
    /// answering the decision under way (a runtime keeps per-call state).
    hooks: Box<dyn Hooks>,
    /// Decisions answered or heard so far: each decision's draws come from the seed and
    /// this count, so a resumed game draws as the uninterrupted one did.
    asked: u64,
    /// Set when the last answer was refused: the next is the basic agent's.
    refused: bool,
}

/// Rollouts played by every search agent of this process (for benchmarks).
static ROLLOUTS: AtomicU64 = AtomicU64::new(0);

/// Rollouts played so far by every search agent of this process.
pub fn rollouts_played() -> u64 {
    ROLLOUTS.load(Ordering::Relaxed)
}

impl SearchAgent {
    /// A search agent with its own seed, playing rollouts with `hooks`.
    pub fn new(seed: u64, settings: Settings, hooks: Box<dyn Hooks>) -> SearchAgent {
        SearchAgent {
            seed,
            settings,
            hooks,
            asked: 0,
            refused: false,
        }
    }
}

/// A seed mixed from two numbers (SplitMix64's finaliser).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a finished rollout is worth to `me`, from 0 to 1: a win 1 (shared or not), a loss
/// 0; a game stopped at the horizon is judged on the colonies: each player's share of
/// `e^(3 × foreign colonies / colonies needed)`.
pub fn outcome(game: &Game, me: PlayerId) -> f64 {
    let state = game.state();
    if !state.winners.is_empty() {
        return if state.winners.contains(&me) {
            1.0
        } else {
            0.0
        };
    }
    let need = state.rules.colonies_to_win.max(1) as f64;
    let weight = |p: &crate::state::Player| (3.0 * p.track as f64 / need).exp();
    let all: f64 = state.players.iter().map(weight).sum();
    weight(&state.players[me.ix()]) / all
}

/// How sure a search must be before it leaves the basic agent's answer: another answer is
/// taken only if its mean gain over the basic one, world by world, exceeds this many
/// standard errors of that gain.
const CONFIDENCE: f64 = 1.0;

impl SearchAgent {
    /// Weighs `answers` (the basic agent's first) by rollouts and returns the index of the
    /// one to give.
    fn search(
        &mut self,
        view: &View,
        decision: &Decision,
        answers: &[Answer],
        seed: u64,
    ) -> Result<usize, AgentError> {
        let Some(fork) = view.fork() else {
            return Ok(0);
        };
        let players = view.player_count();
        // Each answer's outcome in each redealt world; none once the answer failed.
        let mut values: Vec<Option<Vec<f64>>> = vec![Some(Vec::new()); answers.len()];
        let started = Instant::now();
        let rounds = match self.settings.budget {
            Budget::Rollouts(n) => (n as usize).div_ceil(answers.len()).max(1),
            Budget::Millis(_) => usize::MAX,
        };
        for round in 0..rounds {
            if let Budget::Millis(ms) = self.settings.budget {
                if round > 0 && started.elapsed() >= Duration::from_millis(ms as u64) {
                    break;
                }
            }
            // One redealt world per round, met by every answer.
            let world = mix(seed, round as u64 + 1);
            for (i, answer) in answers.iter().enumerate() {
                let Some(list) = values[i].as_mut() else {
                    continue;
                };
                let agents = (0..players)
                    .map(|s| Box::new(BasicAgent::new(mix(world, s as u64))) as Box<dyn Agent>)
                    .collect();
                let rollout = Rollout {
                    answer: answer.clone(),
                    seed: world,
                    agents,
                    turns: self.settings.horizon,
                };
                ROLLOUTS.fetch_add(1, Ordering::Relaxed);
                match fork.rollout(self.hooks.as_ref(), decision, rollout) {
                    Ok(game) => list.push(outcome(&game, view.me())),
                    // A redealt world that breaks the rules is a bug to report (under
                    // `--check`), not an answer to avoid.
                    Err(e @ GameError::Invariant { .. }) => {
                        return Err(AgentError(format!("a rollout broke an invariant: {e}")));
                    }
                    Err(_) => values[i] = None,
                }
            }
        }
        Ok(best(&values))
    }
}

/// The answer to give, from each answer's outcomes world by world (the basic agent's
/// first): the one whose mean gain over the basic answer is largest once `CONFIDENCE`
/// standard errors are taken off it, if that is a gain; else the basic answer.
fn best(values: &[Option<Vec<f64>>]) -> usize {
    let Some(Some(base)) = values.first() else {
        // The basic answer failed: the best mean of the others.
        let mean = |v: &Vec<f64>| v.iter().sum::<f64>() / v.len().max(1) as f64;
        return (values.iter().enumerate())
            .filter_map(|(i, v)| v.as_ref().map(|v| (i, mean(v))))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(0, |(i, _)| i);
    };
    let mut best = (0, 0.0);
    for (i, v) in values.iter().enumerate().skip(1) {
        let Some(v) = v else { continue };
        let n = v.len().min(base.len());
        if n < 2 {
            continue;
        }
        let gains: Vec<f64> = (0..n).map(|k| v[k] - base[k]).collect();
        let mean = gains.iter().sum::<f64>() / n as f64;
        let var = gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        let sure = mean - CONFIDENCE * (var / n as f64).sqrt();
        if sure > best.1 {
            best = (i, sure);
        }
    }
    best.0
}

impl Agent for SearchAgent {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        let seed = mix(self.seed, self.asked);
        self.asked += 1;
        let base = BasicAgent::new(seed).decide(view, decision)?;
        if std::mem::take(&mut self.refused) {
            return Ok(base);
        }
        let answers = candidates(view, decision, base, mix(seed, u64::MAX));
        if answers.len() == 1 {
            return Ok(answers.into_iter().next().unwrap_or(Answer::Pick(0)));
        }
        let best = self.search(view, decision, &answers, seed)?;
        Ok(answers[best].clone())
    }

    fn refused(&mut self, _: &View, _: &Decision, _: &Answer, _: &Refusal) {
        self.refused = true;
    }

    fn shadow(&mut self, _: &View, _: &Decision) {
        self.asked += 1;
    }

    fn name(&self) -> &str {
        "search"
    }

    fn searches(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{best, mix};

    #[test]
    fn the_basic_answer_stands_unless_another_is_surely_better() {
        let base = Some(vec![0.2, 0.4, 0.3, 0.5]);
        // Better by 0.1 in every world: taken.
        let sure = Some(vec![0.3, 0.5, 0.4, 0.6]);
        assert_eq!(best(&[base.clone(), sure]), 1);
        // Better on average, but only by luck in one world: not taken.
        let lucky = Some(vec![0.2, 0.4, 0.3, 0.9]);
        assert_eq!(best(&[base.clone(), lucky]), 0);
        // A failed answer is never taken.
        assert_eq!(best(&[base, None]), 0);
        assert_eq!(best(&[None, Some(vec![0.1]), Some(vec![0.3])]), 2);
    }

    #[test]
    fn mixed_seeds_differ_by_either_number() {
        assert_ne!(mix(1, 2), mix(1, 3));
        assert_ne!(mix(1, 2), mix(2, 2));
        assert_eq!(mix(5, 6), mix(5, 6));
    }
}
