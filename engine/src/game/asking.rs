//! Decisions put to players: asked, checked, refused and asked again, observed and recorded.

use super::*;

impl Game<'_> {
    /// Puts a decision to a player and returns a legal answer. A decision with exactly one
    /// legal answer is not asked: the forced observer is told of it instead.
    pub fn ask(&mut self, player: PlayerId, kind: DecisionKind, request: Request) -> Flow<Answer> {
        let decision = Decision {
            player,
            kind,
            request,
            asker: self.acting,
        };
        self.ask_decision(&decision)
    }

    /// Puts secret simultaneous decisions (ship dials, plans, tactics) to their players:
    /// every answer is collected before any is revealed. Nothing is emitted and nothing
    /// changes between the asks, so each player decides on a view and a log that show no
    /// other answer of the round; the caller reveals them together afterwards. Returns the
    /// answers in the order of `decisions`.
    pub fn ask_together(&mut self, decisions: &[Decision]) -> Flow<Vec<Answer>> {
        let before = self.stats.events;
        let mut answers = Vec::with_capacity(decisions.len());
        for d in decisions {
            answers.push(self.ask_decision(d)?);
            if self.stats.events != before {
                return Err(Stop::from(GameError::Stuck(
                    "an event was emitted during simultaneous decisions".into(),
                )));
            }
        }
        Ok(answers)
    }

    /// Whether decisions are asked plainly (`Game::plain_asking`), checked against what it
    /// stands for in debug builds.
    #[inline(always)]
    fn plain_asking(&self) -> bool {
        debug_assert_eq!(self.plain_asking, self.asks_plainly());
        self.plain_asking
    }

    /// Whether `p`'s agent reads the hints card text gives bots (`Agent::reads_advice`).
    pub fn reads_advice(&self, p: PlayerId) -> bool {
        self.agents[p.ix()].reads_advice()
    }

    /// Puts a prepared decision to its player (see `ask`).
    pub(crate) fn ask_decision(&mut self, decision: &Decision) -> Flow<Answer> {
        if let Some(a) = decision.forced() {
            if let Some(observe) = self.forced_observer.as_mut() {
                let scene = Scene {
                    state: &self.state,
                    components: &self.components,
                };
                observe(decision, &a, &scene);
            }
            return Ok(a);
        }
        self.stats.decisions += 1;
        // Bot games ask hundreds of decisions with nobody watching, recording or forking:
        // one call to the agent and the check of its answer, kept short. The rest (a redeal
        // due, observers, recordings, an answer refused) goes out of line.
        if !self.plain_asking() {
            return self.ask_attempts(decision, None);
        }
        // An answer that fits the options and proposes no deal terms is legal: checked here,
        // inline; terms (few) and refusals go through `check_answer` out of line.
        let legal = |answer: Answer| {
            if decision.accepts(&answer) && !matches!(answer, Answer::Deal(Some(_))) {
                Ok(answer)
            } else {
                Err(answer)
            }
        };
        self.ask_agent(decision, legal, Ok)
    }

    /// `ask_decision` attempt by attempt, while someone watches, records or forks, or after
    /// a refused answer (`first`: the agent's first answer, not yet told it was refused).
    #[inline(never)]
    fn ask_attempts(&mut self, decision: &Decision, mut first: Option<Answer>) -> Flow<Answer> {
        let (player, kind) = (decision.player, decision.kind);
        if first.is_none() {
            if let Some(r) = self.redeal.filter(|r| r.at == self.stats.decisions) {
                self.redeal = None;
                self.plain_asking = self.asks_plainly();
                self.redeal_hidden(r.viewer, r.seed);
            }
        }
        let mut last = Refusal(String::new());
        for _ in 0..MAX_REFUSALS {
            let answer = match first.take() {
                Some(answer) => answer,
                None => {
                    // Observed at every attempt, so a refused answer can be seen to change
                    // nothing.
                    if let Some(observe) = self.decision_observer.as_mut() {
                        let scene = Scene {
                            state: &self.state,
                            components: &self.components,
                        };
                        observe(decision, &scene);
                    }
                    let view = View::new(&self.state, &self.components, player)
                        .with_fork(self.fork.as_deref());
                    match self.agents[player.ix()].decide(&view, decision) {
                        Ok(answer) => answer,
                        Err(e) => return Err(self.agent_failed(decision, e)),
                    }
                }
            };
            match self.check_answer(decision, &answer) {
                Ok(()) => {
                    if let Some(fork) = self.fork.as_mut() {
                        fork.answers.push(RecordedAnswer {
                            player,
                            kind,
                            answer: answer.clone(),
                        });
                    }
                    if self.options.record_answers {
                        self.answers.push(RecordedAnswer {
                            player,
                            kind,
                            answer: answer.clone(),
                        });
                    }
                    return Ok(answer);
                }
                Err(why) => {
                    let view = View::new(&self.state, &self.components, player);
                    self.agents[player.ix()].refused(&view, decision, &answer, &why);
                    last = why;
                }
            }
        }
        Err(Stop::from(GameError::IllegalAnswers {
            player: self.state.players[player.ix()].color.name().into(),
            kind: kind.name(),
            reason: last.0,
        }))
    }

    /// The stop for an agent that could not answer `decision`.
    #[cold]
    fn agent_failed(&self, decision: &Decision, e: AgentError) -> Stop {
        Stop::from(GameError::Agent {
            player: self.state.players[decision.player.ix()].color.name().into(),
            kind: decision.kind.name(),
            message: e.0,
        })
    }

    /// Checks an answer: its shape and options, and for deals the terms themselves.
    fn check_answer(&self, decision: &Decision, answer: &Answer) -> Result<(), Refusal> {
        decision.validate(answer)?;
        if let (Request::Deal(r), Answer::Deal(Some(terms))) = (&decision.request, answer) {
            return self.check_terms(decision.player, r, terms);
        }
        Ok(())
    }

    /// Checks proposed deal terms: a group deal's (card text's, among `r.parties`) or the main
    /// players'. Out of line: deals are few, and every answer passes `check_answer`.
    #[inline(never)]
    fn check_terms(
        &self,
        proposer: PlayerId,
        r: &crate::decision::DealRequest,
        terms: &crate::deal::DealTerms,
    ) -> Result<(), Refusal> {
        let checked = if r.parties != 0 {
            terms.check_group(&self.state, proposer, r.parties)
        } else {
            terms.check(&self.state, r.side, &r.terms)
        };
        checked.map_err(Refusal)
    }

    /// An empty list to build a decision's options in: one a decision answered before left
    /// behind, so that the many small decisions of a game seldom allocate.
    pub fn choices(&mut self) -> Vec<crate::decision::Choice> {
        self.spare_choices.take()
    }

    /// An empty list of places to offer ships from, kept like `choices`.
    pub fn ship_places(&mut self) -> Vec<(crate::event::Place, u8)> {
        self.spare_places.take()
    }

    /// Asks a pick among `options` and returns the picked option.
    pub fn pick(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: Vec<crate::decision::Choice>,
    ) -> Flow<crate::decision::Choice> {
        let (i, options) = self.ask_pick(player, kind, options)?;
        let picked = options[i];
        self.spare_choices.keep(options);
        Ok(picked)
    }

    /// Asks a pick among `options` and returns where the picked option is in them.
    pub fn pick_index(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: Vec<crate::decision::Choice>,
    ) -> Flow<usize> {
        let (i, options) = self.ask_pick(player, kind, options)?;
        self.spare_choices.keep(options);
        Ok(i)
    }

    /// Asks a pick; returns the picked index and the options (given back, not copied).
    // Always inlined into `pick` and `pick_index`: a call less, and the index and the options
    // stay in registers instead of going through a returned tuple, for most decisions a game
    // asks.
    #[inline(always)]
    fn ask_pick(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: Vec<crate::decision::Choice>,
    ) -> Flow<(usize, Vec<crate::decision::Choice>)> {
        // A forced pick needs no decision built, unless someone watches forced decisions.
        if let Some(i) = crate::decision::forced_pick(&options) {
            if self.forced_observer.is_none() {
                return Ok((i, options));
            }
        }
        let decision = Decision {
            player,
            kind,
            request: Request::Pick(options),
            asker: self.acting,
        };
        let i = self.ask_index(&decision)?;
        match decision.request {
            Request::Pick(options) => Ok((i, options)),
            _ => unreachable_answer(),
        }
    }

    /// `ask_decision` for a ship selection, returning the counts: a forced selection, and the
    /// bots' common case (nobody watching, recording or forking, the answer fitting), without
    /// the answer's shape matched twice; anything else through `ask_decision`.
    #[inline(never)]
    pub(crate) fn ask_counts(&mut self, decision: &Decision) -> Flow<Vec<u8>> {
        let Request::Ships(r) = &decision.request else {
            return unreachable_answer();
        };
        if self.plain_asking() {
            if let Some(counts) = r.forced() {
                return Ok(counts);
            }
            self.stats.decisions += 1;
            return self.ask_agent(
                decision,
                |answer| match answer {
                    Answer::Ships(c) if crate::decision::ships_fit(r, &c) => Ok(c),
                    answer => Err(answer),
                },
                counts_of,
            );
        }
        counts_of(self.ask_decision(decision)?)
    }

    /// `ask_decision` for a pick, returning the picked index: the bots' common case (nobody
    /// watching, recording or forking, the answer a listed option) inline, without the
    /// answer passed back through memory; anything else through `ask_decision`.
    #[inline(always)]
    fn ask_index(&mut self, decision: &Decision) -> Flow<usize> {
        let len = match &decision.request {
            Request::Pick(options) => options.len(),
            _ => return unreachable_answer(),
        };
        // A forced pick reaches here only for the forced observer, when decisions are not
        // asked plainly: `ask_decision` tells it.
        if self.plain_asking() {
            self.stats.decisions += 1;
            return self.ask_agent(
                decision,
                |answer| match answer {
                    Answer::Pick(i) if i < len => Ok(i),
                    answer => Err(answer),
                },
                index_of,
            );
        }
        index_of(self.ask_decision(decision)?)
    }

    /// Asks `decision` of its agent, plainly (`plain_asking`, the decision counted): `legal`
    /// takes what a legal answer says, inline, or hands the answer back to be checked, and
    /// refused, out of line (`ask_attempts`), whose answer `from_checked` reads.
    #[inline(always)]
    fn ask_agent<T>(
        &mut self,
        decision: &Decision,
        legal: impl FnOnce(Answer) -> Result<T, Answer>,
        from_checked: impl FnOnce(Answer) -> Flow<T>,
    ) -> Flow<T> {
        let player = decision.player;
        let view = View::new(&self.state, &self.components, player);
        let answer = match self.agents[player.ix()].decide(&view, decision) {
            Ok(answer) => answer,
            Err(e) => return Err(self.agent_failed(decision, e)),
        };
        match legal(answer) {
            Ok(value) => Ok(value),
            Err(answer) => from_checked(self.ask_attempts(decision, Some(answer))?),
        }
    }
}

/// The index a checked pick's answer gives.
fn index_of(answer: Answer) -> Flow<usize> {
    match answer {
        Answer::Pick(i) => Ok(i),
        _ => unreachable_answer(),
    }
}

/// The counts a checked ship selection's answer gives.
fn counts_of(answer: Answer) -> Flow<Vec<u8>> {
    match answer {
        Answer::Ships(c) => Ok(c),
        _ => unreachable_answer(),
    }
}
