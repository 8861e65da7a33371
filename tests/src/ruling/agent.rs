//! The agent that answers a ruling's decisions from its script, and nothing else: a decision
//! the script does not answer stops the run, naming the decision, the player and the options.
//! A decision the engine makes without asking (a single legal answer) may take the player's
//! next answer if it states that answer; one stating another is a contradiction.

use super::scenario::DealSpec;
use cosmic_engine::agents::scripted::parse_text;
use cosmic_engine::deal::{CardTransfer, ContentTerm, DealTerms, Gift, Grant, TermOffer};
use cosmic_engine::{
    Agent, AgentError, Answer, CardType, Decision, DecisionKind, PlayerId, Request, Side, View,
};
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
    /// Deal terms by names (boxed: they are large, and most answers are text).
    Deal(Box<DealNames>),
}

/// Deal terms with cards and planets still by name (resolved against the proposer's view).
#[derive(Clone, Debug, Default)]
pub struct DealNames {
    gives: [(Vec<String>, u8, BTreeMap<String, u8>); 2],
    colonies: [Option<String>; 2],
    /// Content terms: side, term, player color, amount.
    promises: Vec<(String, String, String, u8)>,
    /// A group deal's gifts: giver and receiver colors, the cards.
    gifts: Vec<(String, String, Transfer)>,
    /// A group deal's colonies: the colors of the party letting and of the one landing, the
    /// planet.
    grants: Vec<(String, String, String)>,
}

/// Cards given, by name: named, at random, by type.
type Transfer = (Vec<String>, u8, BTreeMap<String, u8>);

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
        promises: d
            .promises
            .iter()
            .map(|p| (p.by.clone(), p.term.clone(), p.player.clone(), p.amount))
            .collect(),
        gifts: d
            .gifts
            .iter()
            .map(|g| {
                let named = g.named.iter().map(|s| s.get_ref().clone()).collect();
                (
                    g.from.clone(),
                    g.to.clone(),
                    (named, g.random, g.by_type.clone()),
                )
            })
            .collect(),
        grants: d
            .grants
            .iter()
            .map(|g| (g.by.clone(), g.player.clone(), g.planet.clone()))
            .collect(),
    }
}

/// The script, shared by the agents and the runner (which sees the forced decisions), and what
/// the runner learns from it: where a failure happened, the options offered, a contradiction.
#[derive(Default)]
pub struct ScriptLog {
    /// Each player's answers not used yet, in order (those left at the end were never used).
    pub steps: Vec<VecDeque<Step>>,
    /// The span of the step being answered when an agent failed.
    pub failed_at: Option<Range<usize>>,
    /// The options offered for each step that lists the options it expects, in play order.
    pub offers: Vec<Offer>,
    /// A step that states another answer than the only legal one of a forced decision.
    pub contradiction: Option<Contradiction>,
    /// Per player, the place of the last step a forced decision of each kind took, until the
    /// player's agent uses a step of that kind (for the hint when a later decision of that
    /// kind finds no answer).
    taken_by_forced: Vec<Vec<(DecisionKind, Range<usize>)>>,
}

/// A scripted answer that a forced decision contradicts.
pub struct Contradiction {
    /// Where the step is written.
    pub span: Range<usize>,
    /// Who decided.
    pub player: String,
    /// What about.
    pub kind: DecisionKind,
    /// The only legal answer, as the trace words it.
    pub forced: String,
    /// The answer as written.
    pub written: String,
    /// How many decisions had been observed before it (its place in the trace).
    pub asked: usize,
}

impl ScriptLog {
    /// The script of `steps`, one list per player.
    pub fn new(steps: Vec<Vec<Step>>) -> ScriptLog {
        ScriptLog {
            taken_by_forced: vec![Vec::new(); steps.len()],
            steps: steps.into_iter().map(VecDeque::from).collect(),
            ..ScriptLog::default()
        }
    }

    /// The engine made `d` without asking, with its only legal answer `forced` (`asked`
    /// decisions were observed before it): the player's next step, if it is for this kind of
    /// decision, is used up; it must state that answer.
    pub fn forced(&mut self, view: &View, d: &Decision, forced: &Answer, asked: usize) {
        let p = d.player.ix();
        if self.contradiction.is_some() || self.steps[p].front().is_none_or(|s| s.kind != d.kind) {
            return;
        }
        let step = self.steps[p].pop_front().expect("checked above");
        self.offer(view, d, &step);
        let (written, states_it) = match &step.answer {
            StepAnswer::Text(t) => (
                t.clone(),
                parse_text(view, d, t).is_ok_and(|a| same(&a, forced)),
            ),
            StepAnswer::Deal(_) => ("deal terms".to_string(), false),
        };
        if states_it {
            self.taken_by_forced[p].retain(|(k, _)| *k != d.kind);
            self.taken_by_forced[p].push((d.kind, step.span));
        } else {
            let names = view.names();
            self.contradiction = Some(Contradiction {
                span: step.span,
                player: names.player(d.player).to_string(),
                kind: d.kind,
                forced: super::run::describe_answer(d, forced, &names),
                written,
                asked,
            });
        }
    }

    /// Keeps the options offered for `d` when `step` lists the options it expects.
    fn offer(&mut self, view: &View, d: &Decision, step: &Step) {
        if let Some((expected, span)) = &step.options {
            let names = view.names();
            self.offers.push(Offer {
                player: names.player(d.player).to_string(),
                kind: d.kind,
                expected: expected.clone(),
                span: span.clone(),
                offered: d.describe_options(&names),
            });
        }
    }
}

/// Whether two answers are the same (options picked in any order).
fn same(a: &Answer, b: &Answer) -> bool {
    match (a, b) {
        (Answer::Subset(x), Answer::Subset(y)) => {
            let (mut x, mut y) = (x.clone(), y.clone());
            x.sort_unstable();
            y.sort_unstable();
            x == y
        }
        _ => a == b,
    }
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
    refusal: Option<String>,
    last: Option<Range<usize>>,
    log: Rc<RefCell<ScriptLog>>,
    me: PlayerId,
}

impl RulingAgent {
    /// The agent for seat `me`, answering from `me`'s steps in `log`.
    pub fn new(me: PlayerId, log: Rc<RefCell<ScriptLog>>) -> Self {
        RulingAgent {
            refusal: None,
            last: None,
            log,
            me,
        }
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
        let mut log = self.log.borrow_mut();
        let me = self.me.ix();
        if log.contradiction.is_some() {
            return Err(AgentError(
                "a scripted answer contradicts a forced decision".into(),
            ));
        }
        let next = log.steps[me].front().map(|s| (s.kind, s.span.clone()));
        if next.as_ref().is_none_or(|(kind, _)| *kind != d.kind) {
            // The answer meant for this decision may have gone to a forced one before it.
            let taken = log.taken_by_forced[me]
                .iter()
                .find(|(k, _)| *k == d.kind)
                .map(|(_, span)| span.clone());
            let mut why = match &next {
                None => "the script has no answer for this decision".to_string(),
                Some((kind, _)) => format!(
                    "the script's next answer for this player is for `{}`, not this decision (each player's answers are used in the order the engine asks)",
                    kind.name()
                ),
            };
            if taken.is_some() {
                why.push_str(&format!(
                    " (the `{}` answer marked here went to an earlier decision with a single legal answer: if it was meant for this one, write the forced answer before it)",
                    d.kind.name()
                ));
            }
            log.failed_at = taken.or(next.map(|(_, span)| span));
            return Err(unanswered(view, d, &why));
        }
        let step = log.steps[me].pop_front().expect("checked above");
        log.taken_by_forced[me].retain(|(k, _)| *k != d.kind);
        self.last = Some(step.span.clone());
        log.offer(view, d, &step);
        let result = match &step.answer {
            StepAnswer::Text(t) => parse_text(view, d, t),
            StepAnswer::Deal(names) => {
                let (offers, side, parties) = match &d.request {
                    Request::Deal(r) => (r.terms.as_slice(), r.side, r.parties),
                    _ => (&[][..], Side::Offense, 0),
                };
                if parties != 0 {
                    resolve_group_deal(view, names).map(|t| Answer::deal(Some(t)))
                } else {
                    resolve_deal(view, names, offers, side).map(|t| Answer::deal(Some(t)))
                }
            }
        };
        result.map_err(|why| {
            log.failed_at = Some(step.span.clone());
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

/// Resolves deal terms written by name against the view of the proposer, on `side`.
fn resolve_deal(
    view: &View,
    d: &DealNames,
    offers: &[TermOffer],
    side: Side,
) -> Result<DealTerms, String> {
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
    let held: Vec<&str> = hand.iter().map(|&c| names.card(c)).collect();
    let held = if held.is_empty() {
        "no cards".to_string()
    } else {
        held.join(", ")
    };
    let me = names.player(view.me());
    let mut transfer = |giver: Side,
                        (named, random, by_type): &(Vec<String>, u8, BTreeMap<String, u8>)|
     -> Result<CardTransfer, String> {
        let mut t = CardTransfer {
            random: *random,
            ..CardTransfer::default()
        };
        if let (Some(n), true) = (named.first(), giver != side) {
            // The proposer cannot see the other hand: it names only cards it gives.
            return Err(format!(
                "`{n}` is named among the cards the {giver} gives, but the {side} proposes: a proposal names only the proposer's own cards; ask for the {giver}'s cards with `random = N` or `by_type = {{ attack = 1 }}`"
            ));
        }
        for n in named {
            let i = hand
                .iter()
                .position(|&c| names.card(c).eq_ignore_ascii_case(n.trim()))
                .ok_or_else(|| {
                    format!(
                        "`{n}` is not in {me}'s hand (the {side}, who proposes): {me} holds {held}"
                    )
                })?;
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
    let mut content = Vec::new();
    for (by, term, player, amount) in &d.promises {
        let offer = offers
            .iter()
            .find(|o| o.by.to_string() == by.trim() && o.name.eq_ignore_ascii_case(term.trim()))
            .ok_or_else(|| {
                let known: Vec<String> = offers
                    .iter()
                    .map(|o| format!("{} promises `{}`", o.by, o.name))
                    .collect();
                format!(
                    "the {by} cannot promise `{term}`; offered: {}",
                    if known.is_empty() {
                        "nothing".into()
                    } else {
                        known.join(", ")
                    }
                )
            })?;
        let player = view
            .seats()
            .find(|&p| names.player(p).eq_ignore_ascii_case(player.trim()))
            .ok_or_else(|| format!("`{player}` is not a player"))?;
        content.push(ContentTerm {
            by: offer.by,
            term: offer.term,
            name: offer.name.clone(),
            player,
            amount: *amount,
        });
    }
    if !d.gifts.is_empty() || !d.grants.is_empty() {
        return Err(
            "`gifts` and `grants` are the terms of a deal among more players; this deal is between the main players: write `offense_gives`, `defense_colony`..."
                .into(),
        );
    }
    Ok(DealTerms {
        offense_gives: transfer(Side::Offense, &d.gives[0])?,
        defense_gives: transfer(Side::Defense, &d.gives[1])?,
        offense_colony: planet(&d.colonies[0])?,
        defense_colony: planet(&d.colonies[1])?,
        content,
        ..DealTerms::default()
    })
}

/// Resolves a group deal's terms written by name against the view of the proposer.
fn resolve_group_deal(view: &View, d: &DealNames) -> Result<DealTerms, String> {
    let names = view.names();
    if d.gives
        .iter()
        .any(|(n, r, t)| !n.is_empty() || *r > 0 || !t.is_empty())
        || d.colonies.iter().any(Option::is_some)
        || !d.promises.is_empty()
    {
        return Err(
            "a deal among more players is written with `gifts` and `grants`, not by side".into(),
        );
    }
    let player = |s: &str| -> Result<PlayerId, String> {
        view.seats()
            .find(|&p| names.player(p).eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("`{s}` is not a player"))
    };
    let planets: Vec<_> = view.planets().collect();
    let mut hand: Vec<_> = view.hand().to_vec();
    let mut terms = DealTerms::default();
    for (from, to, (named, random, by_type)) in &d.gifts {
        let (from, to) = (player(from)?, player(to)?);
        let mut cards = CardTransfer {
            random: *random,
            ..CardTransfer::default()
        };
        if let (Some(n), true) = (named.first(), from != view.me()) {
            return Err(format!(
                "`{n}` is named among the cards {} gives, but {} proposes: a proposal names only the proposer's own cards",
                names.player(from),
                names.player(view.me())
            ));
        }
        for n in named {
            let i = hand
                .iter()
                .position(|&c| names.card(c).eq_ignore_ascii_case(n.trim()))
                .ok_or_else(|| format!("`{n}` is not in the proposer's hand"))?;
            cards.named.push(hand.remove(i));
        }
        for (ty, &count) in by_type {
            let ty = CardType::ALL
                .into_iter()
                .find(|t| t.name().eq_ignore_ascii_case(ty))
                .ok_or_else(|| format!("`{ty}` is not a card type"))?;
            cards.by_type.push((ty, count));
        }
        terms.gifts.push(Gift { from, to, cards });
    }
    for (by, who, planet) in &d.grants {
        let planet = planets
            .iter()
            .copied()
            .find(|&p| names.planet(p).eq_ignore_ascii_case(planet.trim()))
            .ok_or_else(|| format!("`{planet}` is not a planet"))?;
        terms.grants.push(Grant {
            by: player(by)?,
            player: player(who)?,
            planet,
        });
    }
    Ok(terms)
}
