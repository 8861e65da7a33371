//! The scripted agent: answers from a list written in advance (tests and rulings). An answer
//! is the text of an option as the engine describes it ("Green 3", "attack 08", "yes").

use crate::agent::{Agent, AgentError};
use crate::decision::{Answer, Decision, DecisionKind, Request};
use crate::view::View;
use std::collections::VecDeque;

/// One scripted answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ScriptStep {
    /// The decision kind it answers; `None` answers whatever comes.
    pub kind: Option<DecisionKind>,
    /// The answer: option text, or an exact answer.
    pub answer: ScriptAnswer,
}

/// How a scripted answer is written.
#[derive(Clone, Debug, PartialEq)]
pub enum ScriptAnswer {
    /// Option text: one option for a pick; comma-separated options (or "none") for a subset;
    /// "place: count" pairs for ships; "pass" for a deal proposal.
    Text(String),
    /// An exact answer.
    Exact(Answer),
}

/// Answers from a script, handing unscripted decisions to a fallback agent if it has one.
pub struct ScriptedAgent {
    steps: VecDeque<ScriptStep>,
    fallback: Option<Box<dyn Agent>>,
}

impl ScriptedAgent {
    /// A scripted agent that fails on any decision its script does not answer.
    pub fn new(steps: impl IntoIterator<Item = ScriptStep>) -> Self {
        ScriptedAgent {
            steps: steps.into_iter().collect(),
            fallback: None,
        }
    }

    /// A scripted agent that lets `fallback` answer what the script does not.
    pub fn with_fallback(
        steps: impl IntoIterator<Item = ScriptStep>,
        fallback: Box<dyn Agent>,
    ) -> Self {
        ScriptedAgent {
            steps: steps.into_iter().collect(),
            fallback: Some(fallback),
        }
    }

    /// Steps not used yet.
    pub fn remaining(&self) -> usize {
        self.steps.len()
    }
}

/// A step answering decisions of `kind` with option text.
pub fn step(kind: DecisionKind, text: &str) -> ScriptStep {
    ScriptStep {
        kind: Some(kind),
        answer: ScriptAnswer::Text(text.to_string()),
    }
}

fn unanswered(view: &View, decision: &Decision, why: &str) -> AgentError {
    let options = decision.describe_options(&view.names());
    AgentError(format!(
        "{why}: {} must answer {} ({}); legal options: {}",
        view.names().player(decision.player),
        decision.kind.name(),
        decision.kind.question(),
        options.join(" | ")
    ))
}

/// Turns option text into an answer to `decision`.
pub fn parse_text(view: &View, decision: &Decision, text: &str) -> Result<Answer, String> {
    let options = decision.describe_options(&view.names());
    let find = |t: &str| -> Result<usize, String> {
        let t = t.trim();
        options
            .iter()
            .position(|o| o.eq_ignore_ascii_case(t))
            .ok_or_else(|| format!("`{t}` is not one of the options"))
    };
    match &decision.request {
        Request::Pick(_) => find(text).map(Answer::Pick),
        Request::Subset { .. } => {
            if text.trim().eq_ignore_ascii_case("none") || text.trim().is_empty() {
                return Ok(Answer::Subset(Vec::new()));
            }
            text.split(',')
                .map(find)
                .collect::<Result<_, _>>()
                .map(Answer::Subset)
        }
        Request::Ships(r) => {
            let names = view.names();
            let mut counts = vec![0u8; r.places.len()];
            for (place, n) in ship_pairs(text)? {
                let n: u8 = n
                    .parse()
                    .map_err(|_| format!("`{n}` is not a number of ships"))?;
                let i = r
                    .places
                    .iter()
                    .position(|&(pl, _)| names.place(pl).eq_ignore_ascii_case(place))
                    .ok_or_else(|| format!("`{place}` is not one of the places"))?;
                counts[i] += n;
            }
            Ok(Answer::Ships(counts))
        }
        Request::Deal(_) => {
            if text.trim().eq_ignore_ascii_case("pass") {
                Ok(Answer::Deal(None))
            } else {
                Err("deal terms must be given as an exact answer".into())
            }
        }
    }
}

/// The `place: count` pairs of `text`, separated by commas, spaces or both
/// (`Blue 1: 2, Blue 3: 1` or `Blue 1: 2 Blue 3: 1`). A place's name may hold spaces: each
/// count is the first word after a colon, and the words after it name the next place.
fn ship_pairs(text: &str) -> Result<Vec<(&str, &str)>, String> {
    let sep = |c: char| c == ',' || c.is_whitespace();
    let text = text.trim_matches(sep);
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut parts = text.split(':');
    let mut place = parts.next().unwrap_or_default().trim_matches(sep);
    let mut pairs = Vec::new();
    let mut rest = parts.peekable();
    if rest.peek().is_none() {
        return Err(format!("`{text}`: write ships as `place: count`"));
    }
    while let Some(part) = rest.next() {
        let part = part.trim_matches(sep);
        let (n, next) = match part.find(sep) {
            Some(i) => (&part[..i], part[i..].trim_matches(sep)),
            None => (part, ""),
        };
        if place.is_empty() || n.is_empty() {
            return Err(format!("`{text}`: write ships as `place: count`"));
        }
        pairs.push((place, n));
        if rest.peek().is_none() && !next.is_empty() {
            return Err(format!("`{next}`: write ships as `place: count`"));
        }
        place = next;
    }
    Ok(pairs)
}

impl Agent for ScriptedAgent {
    fn decide(&mut self, view: &View, decision: &Decision) -> Result<Answer, AgentError> {
        let matches = match self.steps.front() {
            Some(s) => s.kind.is_none_or(|k| k == decision.kind),
            None => false,
        };
        if !matches {
            if let Some(f) = self.fallback.as_mut() {
                return f.decide(view, decision);
            }
            let why = match self.steps.front() {
                None => "the script has no answer left".to_string(),
                Some(s) => format!(
                    "the script's next answer is for {}",
                    s.kind.map_or("any decision", |k| k.name())
                ),
            };
            return Err(unanswered(view, decision, &why));
        }
        let step = self.steps.pop_front().expect("checked above");
        match step.answer {
            ScriptAnswer::Exact(a) => Ok(a),
            ScriptAnswer::Text(t) => parse_text(view, decision, &t)
                .map_err(|e| unanswered(view, decision, &format!("scripted answer `{t}`: {e}"))),
        }
    }

    fn name(&self) -> &str {
        "script"
    }
}

#[cfg(test)]
mod tests {
    use super::ship_pairs;

    #[test]
    fn ship_pairs_take_commas_spaces_or_both() {
        let pairs = vec![("Blue 1", "2"), ("the gate", "1")];
        assert_eq!(ship_pairs("Blue 1: 2, the gate: 1"), Ok(pairs.clone()));
        assert_eq!(ship_pairs("Blue 1: 2 the gate: 1"), Ok(pairs.clone()));
        assert_eq!(ship_pairs(" Blue 1:2,the gate :1 "), Ok(pairs));
        assert_eq!(ship_pairs(""), Ok(vec![]));
        assert_eq!(ship_pairs("Blue 1: 2"), Ok(vec![("Blue 1", "2")]));
        assert!(ship_pairs("Blue 1 2").is_err());
        assert!(ship_pairs("Blue 1: 2 Blue 3").is_err());
        assert!(ship_pairs(": 2").is_err());
        assert!(ship_pairs("Blue 1:").is_err());
    }
}
