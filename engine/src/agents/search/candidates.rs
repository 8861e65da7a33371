//! The answers a search tries: the basic agent's first, then others drawn so that every kind
//! of decision (a pick, a subset, ships, a deal) has a handful of different answers to weigh.

use crate::agent::Agent;
use crate::agents::RandomAgent;
use crate::decision::{Answer, Decision, Request};
use crate::view::View;

/// The most answers weighed at one decision: more would leave too few rollouts for each.
pub const MAX_CANDIDATES: usize = 8;

/// Random answers drawn to find other candidates for a subset, ships or a deal.
const DRAWS: usize = 12;

/// The answers to try at `decision`: `base` (the basic agent's) first, then every option of a
/// pick, or distinct answers of the random agent (seeded `seed`) for the other requests, at
/// most `MAX_CANDIDATES`, each once.
pub fn candidates(view: &View, decision: &Decision, base: Answer, seed: u64) -> Vec<Answer> {
    let mut out = vec![normal(base)];
    match &decision.request {
        Request::Pick(options) => {
            for i in 0..options.len() {
                push(&mut out, Answer::Pick(i));
            }
            out.truncate(MAX_CANDIDATES);
        }
        Request::Deal(_) => {
            push(&mut out, Answer::Deal(None));
            draw(view, decision, seed, &mut out, 4);
        }
        Request::Subset { min, .. } => {
            if *min == 0 {
                push(&mut out, Answer::Subset(Vec::new()));
            }
            draw(view, decision, seed, &mut out, MAX_CANDIDATES);
        }
        Request::Ships(_) => draw(view, decision, seed, &mut out, MAX_CANDIDATES / 2),
    }
    out
}

/// Adds the random agent's distinct answers until `out` holds `cap`.
fn draw(view: &View, decision: &Decision, seed: u64, out: &mut Vec<Answer>, cap: usize) {
    let mut random = RandomAgent::new(seed);
    for _ in 0..DRAWS {
        if out.len() >= cap {
            break;
        }
        if let Ok(a) = random.decide(view, decision) {
            push(out, a);
        }
    }
}

/// Adds `a` unless it is there already.
fn push(out: &mut Vec<Answer>, a: Answer) {
    let a = normal(a);
    if !out.contains(&a) {
        out.push(a);
    }
}

/// A subset's indices in order, so two answers naming the same options compare equal.
fn normal(a: Answer) -> Answer {
    match a {
        Answer::Subset(mut s) => {
            s.sort_unstable();
            Answer::Subset(s)
        }
        other => other,
    }
}
