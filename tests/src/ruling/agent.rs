//! The agent that answers a ruling's decisions from its script, and nothing else: a decision
//! the script does not answer stops the run, naming the decision, the player and the options.

use super::scenario::DealSpec;
use cosmic_engine::agents::scripted::parse_text;
use cosmic_engine::deal::{CardTransfer, DealTerms};
use cosmic_engine::{Agent, AgentError, Answer, CardType, Decision, DecisionKind, PlayerId, View};
use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::ops::Range;
use std::rc::Rc;

/// One scripted answer with its place in the file.
pub struct Step {
    /// The decision it answers.
    pub kind: DecisionKind,
    /// The answer.
    pub answer: StepAnswer,
    /// Where it is written.
    pub span: Range<usize>,
    /// The options the engine must offer, as written, and where.
    pub options: Option<(Vec<String>, Range<usize>)>,
}

/// An answer as written.
pub enum StepAnswer {
    /// Option text.
    Text(String),
    /// Deal terms by names.
    Deal(DealNames),
}

/// Deal terms with cards and planets still by name (resolved against the proposer's view).
#[derive(Clone, Debug, Default)]
pub struct DealNames {
    gives: [(Vec<String>, u8, BTreeMap<String, u8>); 2],
    colonies: [Option<String>; 2],
}

/// Copies a deal from the file.
pub fn deal_names(d: &DealSpec) -> DealNames {
    let t = |x: &super::scenario::TransferSpec| {
        (
            x.named.iter().map(|s| s.get_ref().clone()).collect(),
            x.random,
            x.by_type.clone(),
        )
    };
    DealNames {
        gives: [t(&d.offense_gives), t(&d.defense_gives)],
        colonies: [
            d.offense_colony.as_ref().map(|s| s.get_ref().clone()),
            d.defense_colony.as_ref().map(|s| s.get_ref().clone()),
        ],
    }
}

/// What the runner learns from the agents: where a failure happened, which steps were unused.
#[derive(Default)]
pub struct ScriptLog {
    /// The span of the step being answered when an agent failed.
    pub failed_at: Option<Range<usize>>,
    /// Steps never used, with their spans.
    pub unused: Vec<Range<usize>>,
    /// The options offered for each step that lists the options it expects, in play order.
    pub offers: Vec<Offer>,
}

/// The options offered for a decision, against the options a step expects.
pub struct Offer {
    /// Who was asked.
    pub player: String,
    /// What about.
    pub kind: DecisionKind,
    /// The options as the step lists them.
    pub expected: Vec<String>,
    /// Where the step lists them.
    pub span: Range<usize>,
    /// The options as the engine words them.
    pub offered: Vec<String>,
}

impl Offer {
    /// Whether the engine offered exactly the expected options (in any order, any case).
    pub fn matches(&self) -> bool {
        let key = |v: &[String]| {
            let mut v: Vec<String> = v.iter().map(|s| s.trim().to_lowercase()).collect();
            v.sort();
            v
        };
        key(&self.expected) == key(&self.offered)
    }
}

/// Answers one player's decisions from the script.
pub struct RulingAgent {
    steps: VecDeque<Step>,
    refusal: Option<String>,
    last: Option<Range<usize>>,
    log: Rc<RefCell<ScriptLog>>,
    me: PlayerId,
}

impl RulingAgent {
    /// The agent for seat `me`.
    pub fn new(me: PlayerId, steps: Vec<Step>, log: Rc<RefCell<ScriptLog>>) -> Self {
        RulingAgent {
            steps: steps.into(),
            refusal: None,
            last: None,
            log,
            me,
        }
    }
}

impl Drop for RulingAgent {
    fn drop(&mut self) {
        let mut log = self.log.borrow_mut();
        log.unused.extend(self.steps.drain(..).map(|s| s.span));
    }
}

fn unanswered(view: &View, d: &Decision, why: &str) -> AgentError {
    let names = view.names();
    AgentError(format!(
        "{why}: {} must answer `{}` ({}); legal options: {}",
        names.player(d.player),
        d.kind.name(),
        d.kind.question(),
        d.describe_options(&names).join(" | ")
    ))
}

impl Agent for RulingAgent {
    fn decide(&mut self, view: &View, d: &Decision) -> Result<Answer, AgentError> {
        debug_assert_eq!(view.me(), self.me);
        if let Some(why) = self.refusal.take() {
            self.log.borrow_mut().failed_at = self.last.clone();
            return Err(unanswered(
                view,
                d,
                &format!("the engine refused the scripted answer ({why})"),
            ));
        }
        let Some(step) = self.steps.front() else {
            return Err(unanswered(
                view,
                d,
                "the script has no answer for this decision",
            ));
        };
        if step.kind != d.kind {
            self.log.borrow_mut().failed_at = Some(step.span.clone());
            return Err(unanswered(
                view,
                d,
                &format!(
                    "the script's next answer for this player is for `{}` (if that decision had a single legal answer, the engine made it without asking: remove its [[answer]])",
                    step.kind.name()
                ),
            ));
        }
        let step = self.steps.pop_front().expect("checked above");
        self.last = Some(step.span.clone());
        if let Some((expected, span)) = &step.options {
            let names = view.names();
            self.log.borrow_mut().offers.push(Offer {
                player: names.player(d.player).to_string(),
                kind: d.kind,
                expected: expected.clone(),
                span: span.clone(),
                offered: d.describe_options(&names),
            });
        }
        let result = match &step.answer {
            StepAnswer::Text(t) => parse_text(view, d, t),
            StepAnswer::Deal(names) => resolve_deal(view, names).map(|t| Answer::Deal(Some(t))),
        };
        result.map_err(|why| {
            self.log.borrow_mut().failed_at = Some(step.span.clone());
            unanswered(view, d, &why)
        })
    }

    fn refused(
        &mut self,
        _: &View,
        _: &Decision,
        _: &Answer,
        why: &cosmic_engine::decision::Refusal,
    ) {
        // A script gets no second try: the next ask reports the refusal.
        self.refusal = Some(why.0.clone());
    }

    fn name(&self) -> &str {
        "ruling script"
    }
}

/// Resolves deal terms written by name against the proposer's view.
fn resolve_deal(view: &View, d: &DealNames) -> Result<DealTerms, String> {
    let names = view.names();
    let planets: Vec<_> = view.planets().collect();
    let planet = |s: &Option<String>| -> Result<_, String> {
        match s {
            None => Ok(None),
            Some(s) => planets
                .iter()
                .copied()
                .find(|&p| names.planet(p).eq_ignore_ascii_case(s.trim()))
                .map(Some)
                .ok_or_else(|| format!("`{s}` is not a planet")),
        }
    };
    let mut hand: Vec<_> = view.hand().to_vec();
    let mut transfer = |(named, random, by_type): &(Vec<String>, u8, BTreeMap<String, u8>)| -> Result<CardTransfer, String> {
        let mut t = CardTransfer {
            random: *random,
            ..CardTransfer::default()
        };
        for n in named {
            let i = hand
                .iter()
                .position(|&c| names.card(c).eq_ignore_ascii_case(n.trim()))
                .ok_or_else(|| format!("`{n}` is not in the proposer's hand"))?;
            t.named.push(hand.remove(i));
        }
        for (ty, &count) in by_type {
            let ty = CardType::ALL
                .into_iter()
                .find(|t| t.name().eq_ignore_ascii_case(ty))
                .ok_or_else(|| format!("`{ty}` is not a card type"))?;
            t.by_type.push((ty, count));
        }
        Ok(t)
    };
    Ok(DealTerms {
        offense_gives: transfer(&d.gives[0])?,
        defense_gives: transfer(&d.gives[1])?,
        offense_colony: planet(&d.colonies[0])?,
        defense_colony: planet(&d.colonies[1])?,
    })
}
