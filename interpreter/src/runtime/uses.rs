//! Using an ability: announcing it, letting others answer it (zaps), asking which to use.

use super::context::{Origin, Subject};
use super::lasting::LastingReaction;
use super::search::Uses;
use super::{Runtime, CARD_USED, FLARE_USED, LIMIT};
use crate::header::Usage;
use crate::index::{on_bits, on_keys, Keys};
use crate::ir::{Happening, Home, Trigger};
use cosmic_engine::effects::Until;
use cosmic_engine::event::Rule;
use cosmic_engine::state::Phase;
use cosmic_engine::{CardKind, Choice, DecisionKind, Flow, Game, PlayerId};

impl Runtime {
    /// Uses ability `a` of `p`: announces it (playing its card), lets others answer, and if
    /// nothing cancelled it, runs its body (when `run`). Returns whether it took effect.
    pub(super) fn use_ability(
        &self,
        game: &mut Game,
        p: PlayerId,
        a: u32,
        origin: Origin,
        subject: Subject,
        run: bool,
    ) -> Flow<bool> {
        let ab = self.ability(a);
        if let Some(until) = ab.limit {
            game.mark(p, LIMIT + a, until);
        }
        let card = origin.card();
        let mut cancelled = false;
        if origin == Origin::HiddenPower {
            game.reveal_alien(p);
        }
        if ab.usage != Usage::Innate {
            let happening = match (origin, card) {
                // An attachment's use is announced but not answered: no zap reaches it.
                (Origin::Attachment(_), _) => {
                    game.announce_use(p, ab.source);
                    None
                }
                (Origin::Tech(t), _) => {
                    game.reveal_tech(p, t, ab.source);
                    game.announce_use(p, ab.source);
                    Some(Happening::TechUsed)
                }
                (_, Some(c)) => {
                    if game.state().kind(c) == CardKind::Flare {
                        let key = if game.state().rules.one_flare_per_encounter {
                            FLARE_USED
                        } else {
                            CARD_USED + c.0 as u32
                        };
                        game.mark(p, key, Until::EndOfEncounter);
                    }
                    game.play_from_hand(p, c, ab.source);
                    // A super flare nothing may cancel is answered by nothing.
                    let item = &self.program.items[ab.item as usize];
                    if ab.home == Home::Super && item.super_uncancellable {
                        None
                    } else {
                        Some(Happening::CardPlayed)
                    }
                }
                (_, None) => {
                    game.announce_use(p, ab.source);
                    Some(Happening::PowerUsed)
                }
            };
            let against = match subject {
                Subject::Use {
                    player, card, tech, ..
                } => Some((player, card.is_none() && tech.is_none())),
                _ => None,
            };
            let target = Subject::Use {
                player: p,
                ability: a,
                card,
                tech: origin.tech(),
                against,
            };
            if let Some(happening) = happening {
                cancelled = self.answer(game, happening, p, target)?;
            }
        }
        if cancelled {
            if let Some(c) = card {
                // A cancelled flare is discarded rather than returned (or removed from the
                // game, while card text removes every card played).
                if game.state().players[p.ix()].hand.contains(&c)
                    && !game.remove_played_from_hand(p, c)
                {
                    let outer = game.set_acting(Some(ab.source));
                    game.discard_card(p, c, Rule::CardText);
                    game.set_acting(outer);
                }
            }
            return Ok(false);
        }
        if ab.replaces_power {
            self.replace_power(game, p, a);
        }
        if run {
            let mut ctx = self.ctx(p, a, subject);
            ctx.card = card;
            ctx.tech = origin.tech();
            self.run_body(&ab.body, game, &mut ctx)?;
            flare_used(game, p, card);
            if let Some(c) = card {
                if game.state().kind(c) == CardKind::Artifact {
                    self.happened(
                        game,
                        Happening::MyArtifactPlayed,
                        1 << p.0,
                        Subject::Card(c),
                    )?;
                }
                self.played(game, p, a, c, subject)?;
            }
        }
        Ok(true)
    }

    /// `p`'s play of `card` (`a`, in answer to `answered`) took effect: if it is a wild
    /// flare or an artifact, the other players may answer it as done.
    #[inline]
    fn played(
        &self,
        game: &mut Game,
        p: PlayerId,
        a: u32,
        card: cosmic_engine::CardId,
        answered: Subject,
    ) -> Flow {
        // Most games hold no answer to a play done: one test of the holdings.
        let h = Happening::OthersPlayed;
        if self.held_all(game).keys & on_keys(h, &[]) == 0
            || !self.holds_answer(game, None, on_bits(h, &[]))
        {
            return Ok(());
        }
        self.answer_played(game, p, a, card, answered)
    }

    #[inline(never)]
    fn answer_played(
        &self,
        game: &mut Game,
        p: PlayerId,
        a: u32,
        card: cosmic_engine::CardId,
        answered: Subject,
    ) -> Flow {
        let wild_or_artifact = match game.state().kind(card) {
            CardKind::Artifact => true,
            CardKind::Flare => self.ability(a).home == Home::Wild,
            _ => false,
        };
        if !wild_or_artifact {
            return Ok(());
        }
        let seats = ((1u16 << game.state().player_count()) - 1) as u8;
        let entry = {
            let mut plays = self.plays.borrow_mut();
            plays.push(answered);
            plays.len() - 1
        };
        let subject = Subject::Played {
            player: p,
            ability: a,
            card,
            answered: entry as u16,
        };
        let result = self.happened(game, Happening::OthersPlayed, seats & !(1 << p.0), subject);
        self.plays.borrow_mut().truncate(entry);
        result
    }

    /// Runs again, as `me`'s, the effects of the play `subject` names (`duplicate that
    /// play`): the played ability's block, with what that play answered, and no card of its
    /// own (`this card` names nothing). Its timing, roles and condition are not asked again.
    pub(super) fn duplicate_play(&self, game: &mut Game, me: PlayerId, subject: Subject) -> Flow {
        let Subject::Played {
            ability, answered, ..
        } = subject
        else {
            return Ok(());
        };
        let Some(answered) = self.plays.borrow().get(answered as usize).copied() else {
            return Ok(());
        };
        // A duplicate of a duplicate of ... stops, as answers to answers do.
        if self.depth.get() > 6 {
            return Ok(());
        }
        self.depth.set(self.depth.get() + 1);
        let mut ctx = self.ctx(me, ability, answered);
        let result = self.run_body(&self.ability(ability).body, game, &mut ctx);
        self.depth.set(self.depth.get() - 1);
        result
    }

    /// A super flare used instead of the power: the power's abilities of the same phases
    /// are off for the encounter.
    fn replace_power(&self, game: &mut Game, p: PlayerId, sup: u32) {
        let Some(alien) = game.state().players[p.ix()].alien else {
            return;
        };
        // An ability's phases include those of the reactions of the lasting effects it
        // starts: a power's delayed reaction is part of the power.
        let phases = |a: u32| -> Vec<Phase> {
            let reactions = (self.program.lasting.iter())
                .filter(|l| l.ability == a)
                .flat_map(|l| l.reactions.iter().flat_map(|r| &r.triggers));
            (self.ability(a).triggers.iter().chain(reactions))
                .flat_map(|t| match t {
                    Trigger::At { phases, .. } | Trigger::During(phases) => phases.clone(),
                    _ => Vec::new(),
                })
                .collect()
        };
        let mine = phases(sup);
        let item = self.alien_items[alien as usize];
        let source = self.ability(sup).source;
        for &a in &self.program.items[item as usize].abilities {
            let ab = self.ability(a);
            if ab.home == Home::Power && phases(a).iter().any(|ph| mine.contains(ph)) {
                game.cancel_ability(p, ab.source, Until::EndOfEncounter, source);
            }
        }
    }

    /// The abilities `p` may use now in answer to `h` (and, for a card being played, those
    /// answering plays of its kind only: `also`); `key` is `on_keys(h, also)`.
    pub(super) fn answers(
        &self,
        game: &Game,
        p: PlayerId,
        (h, also, key): (Happening, &[Happening], Keys),
        subject: Subject,
    ) -> Uses {
        debug_assert_eq!(key, on_keys(h, also));
        let mut out = Uses::new();
        self.each_ability_at(game, p, key, |a, origin| {
            let t = &self.ability(a).triggers;
            // A tech's completion is answered by that tech's own abilities only.
            let own = h != Happening::TechCompleted
                || matches!((origin, subject), (Origin::Tech(x), Subject::Tech(y)) if x == y);
            if own
                && t.iter().any(|t| match *t {
                    Trigger::On(k) => k == h || also.contains(&k),
                    _ => false,
                })
                && self.may_act_on(game, p, a, subject)
            {
                out.push((a, origin));
            }
        });
        out
    }

    /// The kinds of play a use of a card is besides `CardPlayed` (an artifact, a flare, a
    /// flare's wild half), for abilities that answer plays of one kind only.
    fn play_kinds(&self, game: &Game, target: Subject) -> &'static [Happening] {
        let Subject::Use {
            card: Some(c),
            ability,
            ..
        } = target
        else {
            return &[];
        };
        match game.state().kind(c) {
            CardKind::Artifact => &[Happening::ArtifactPlayed],
            CardKind::Flare if self.ability(ability).home == Home::Wild => {
                &[Happening::FlarePlayed, Happening::WildFlarePlayed]
            }
            CardKind::Flare => &[Happening::FlarePlayed],
            _ => &[],
        }
    }

    /// Lets every other player answer a use; returns whether it was cancelled.
    fn answer(&self, game: &mut Game, h: Happening, user: PlayerId, target: Subject) -> Flow<bool> {
        if self.depth.get() > 6 {
            return Ok(false);
        }
        self.depth.set(self.depth.get() + 1);
        let result = self.answer_inner(game, h, user, target);
        self.depth.set(self.depth.get() - 1);
        result
    }

    fn answer_inner(
        &self,
        game: &mut Game,
        h: Happening,
        user: PlayerId,
        target: Subject,
    ) -> Flow<bool> {
        let also = self.play_kinds(game, target);
        // A lasting effect answers first, at once: it is nobody's choice.
        if self.answers_lasting(game) && self.answer_lasting(game, h, also, target)? {
            return Ok(true);
        }
        let (key, bits) = (on_keys(h, also), on_bits(h, also));
        if self.held_all(game).keys & key == 0 || !self.holds_answer(game, None, bits) {
            return Ok(false);
        }
        for &q in game.timing_order().iter() {
            if q == user
                || !self.holds_answer(game, Some(q), bits)
                || !self.holds_acting_now(game, q, key)
            {
                continue;
            }
            let options = self.answers(game, q, (h, also, key), target);
            if options.is_empty() {
                continue;
            }
            // The option says which use it answers (the human seat words it).
            let answered = match target {
                Subject::Use { ability, .. } => self.ability(ability).source,
                _ => u32::MAX,
            };
            let Some((a, origin)) = self.ask_use(game, q, &options, Some((user, answered)))? else {
                continue;
            };
            let ab = self.ability(a);
            if !self.use_ability(game, q, a, origin, target, false)? {
                continue;
            }
            let mut ctx = self.ctx(q, a, target);
            ctx.card = origin.card();
            ctx.tech = origin.tech();
            self.run_body(&ab.body, game, &mut ctx)?;
            flare_used(game, q, ctx.card);
            if let Some(c) = ctx.card {
                self.played(game, q, a, c, target)?;
            }
            if ctx.cancelled {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether a lasting effect in force answers uses.
    #[inline]
    fn answers_lasting(&self, game: &Game) -> bool {
        super::replacements::any_lasting(game, |effect| self.index.lasting_answers(effect))
    }

    /// The lasting effects in force answer a use (`h`, or one of `also`), every player's,
    /// their owners' included, in the order they started; whether one cancelled it. One an
    /// alien power started answers while its owner has the power.
    fn answer_lasting(
        &self,
        game: &mut Game,
        h: Happening,
        also: &[Happening],
        target: Subject,
    ) -> Flow<bool> {
        let answers = |t: &Trigger| matches!(t, Trigger::On(x) if *x == h || also.contains(x));
        let due: Vec<LastingReaction> = (self
            .lasting_reactions(game, |effect| self.index.lasting_answers(effect)))
        .filter(|r| r.reaction.triggers.iter().any(answers))
        .map(|r| r.found())
        .collect();
        for d in &due {
            if self.run_reaction(game, d, target)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Asks `p` which of `options` to use now, or to pass.
    pub(super) fn ask_use(
        &self,
        game: &mut Game,
        p: PlayerId,
        options: &[(u32, Origin)],
        answering: Option<(PlayerId, u32)>,
    ) -> Flow<Option<(u32, Origin)>> {
        self.ask_use_on(game, p, options, answering, Subject::None)
    }

    /// Asks `p` which of `options` to use now in answer to `subject` (bot hints may name
    /// it), or to pass.
    pub(super) fn ask_use_on(
        &self,
        game: &mut Game,
        p: PlayerId,
        options: &[(u32, Origin)],
        answering: Option<(PlayerId, u32)>,
        subject: Subject,
    ) -> Flow<Option<(u32, Origin)>> {
        let mut choices = game.choices();
        let advise = game.reads_advice(p);
        choices.extend(options.iter().map(|&(a, origin)| {
            Choice::Use {
                source: self.ability(a).source,
                card: origin.card(),
                answering: answering.map(|(user, _)| user),
                answers: answering.map(|(_, source)| source),
                advised: (self.ability(a).prefer.as_ref())
                    .filter(|_| advise)
                    .map(|c| {
                        let mut ctx = self.test_ctx(p, a, subject);
                        self.eval(c, game, &mut ctx).is_true()
                    }),
            }
        }));
        choices.push(Choice::Pass);
        // Passing is the last option, past the end of `options`.
        let k = game.pick_index(p, DecisionKind::UseAbility, choices)?;
        Ok(options.get(k).copied())
    }
}

/// A flare's use is over: it stays in its player's hand, unless card text removes every card
/// played from the game (an artifact left the hand as it was played). A flare whose text holds
/// through a phase (`during`: none is written) is left in the hand.
fn flare_used(game: &mut Game, p: PlayerId, card: Option<cosmic_engine::CardId>) {
    if let Some(c) = card.filter(|&c| game.state().kind(c) == CardKind::Flare) {
        game.remove_played_from_hand(p, c);
    }
}
