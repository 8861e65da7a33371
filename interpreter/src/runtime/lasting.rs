//! The lasting effects content started, as their reactions see them: which reactions are in
//! force for a purpose, whether one an alien power started may act now, and the context a
//! reaction runs in. Replacements, windows and answers to a use all find them here.

use super::context::{Ctx, Subject};
use super::Runtime;
use crate::ir::{Home, Reaction, Stmt};
use cosmic_engine::effects::Lasting;
use cosmic_engine::{Flow, Game, PlayerId};

/// A reaction of a lasting effect in force, found before any runs: whose effect, which
/// reaction, with the values the effect started with.
pub(super) struct LastingReaction {
    /// The player who started the effect; the reaction acts for them.
    pub(super) by: PlayerId,
    pub(super) effect: u32,
    pub(super) reaction: u32,
    /// Names the effect in the log.
    pub(super) source: u32,
    pub(super) env: Vec<i32>,
}

/// A reaction of a lasting effect in force, borrowed from the state while it is tested.
pub(super) struct InForce<'a> {
    pub(super) by: PlayerId,
    pub(super) effect: u32,
    pub(super) index: u32,
    pub(super) reaction: &'a Reaction,
    source: u32,
    env: &'a [i32],
}

impl InForce<'_> {
    /// The reaction kept beyond the test (its values copied).
    pub(super) fn found(&self) -> LastingReaction {
        LastingReaction {
            by: self.by,
            effect: self.effect,
            reaction: self.index,
            source: self.source,
            env: self.env.to_vec(),
        }
    }
}

impl Runtime {
    /// The reactions of the lasting effects in force whose effect `wanted` accepts (an index
    /// test, so an effect that never cares is skipped whole), in the order the effects started.
    pub(super) fn lasting_reactions<'a>(
        &'a self,
        game: &'a Game,
        wanted: impl Fn(u32) -> bool + 'a,
    ) -> impl Iterator<Item = InForce<'a>> + 'a {
        let effects = game.state().effects.lasting.iter();
        effects
            .filter_map(move |e| match &e.what {
                Lasting::Continuous {
                    effect,
                    source,
                    env,
                } if wanted(*effect) => Some((e.by, *effect, *source, env.as_slice())),
                _ => None,
            })
            .flat_map(move |(by, effect, source, env)| {
                let reactions = &self.program.lasting[effect as usize].reactions;
                (reactions.iter().enumerate()).map(move |(i, reaction)| InForce {
                    by,
                    effect,
                    index: i as u32,
                    reaction,
                    source,
                    env,
                })
            })
    }

    /// Whether the lasting effect `effect` was started by an alien power.
    pub(super) fn started_by_power(&self, effect: u32) -> bool {
        self.ability(self.program.lasting[effect as usize].ability)
            .home
            == Home::Power
    }

    /// Whether `by`'s lasting effect `effect` is idle now: one an alien power started acts
    /// only while `by` has the power, and not once a super flare used instead of the power
    /// has cancelled the ability that started it.
    pub(super) fn lasting_idle(&self, game: &Game, by: PlayerId, effect: u32) -> bool {
        let started_by = self.ability(self.program.lasting[effect as usize].ability);
        started_by.home == Home::Power
            && (!self.power_held(game, by) || game.state().effects.cancelled(by, started_by.source))
    }

    /// The context `r` runs in: the effect's values and its own names (`let`), answering
    /// `subject`.
    pub(super) fn lasting_ctx(&self, game: &Game, r: &LastingReaction, subject: Subject) -> Ctx {
        let lasting = &self.program.lasting[r.effect as usize];
        let mut ctx = self.effect_ctx(lasting.ability, &r.env);
        ctx.source = r.source;
        ctx.subject = subject;
        ctx.draws = self.reaction_of(r).draws;
        for st in &lasting.body {
            if let Stmt::Let(slot, e) = st {
                ctx.slots[*slot as usize] = self.eval(e, game, &mut ctx);
            }
        }
        ctx
    }

    /// Runs the reaction `d` answering `subject`, unless its effect is idle now or its
    /// condition fails; whether it cancelled the use it answers.
    pub(super) fn run_reaction(
        &self,
        game: &mut Game,
        d: &LastingReaction,
        subject: Subject,
    ) -> Flow<bool> {
        if self.lasting_idle(game, d.by, d.effect) {
            return Ok(false);
        }
        let mut ctx = self.lasting_ctx(game, d, subject);
        let reaction = self.reaction_of(d);
        if let Some(c) = &reaction.condition {
            if !self.eval(c, game, &mut ctx).is_true() {
                return Ok(false);
            }
        }
        self.run_body(&reaction.body, game, &mut ctx)?;
        Ok(ctx.cancelled)
    }

    /// The reaction `r` stands for.
    pub(super) fn reaction_of(&self, r: &LastingReaction) -> &Reaction {
        &self.program.lasting[r.effect as usize].reactions[r.reaction as usize]
    }
}
