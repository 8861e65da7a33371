//! Running the abilities that act at a window, at a phase's start, or when something happens.

use super::context::Subject;
use super::lasting::LastingReaction;
use super::search::Uses;
use super::{Runtime, LIMIT};
use crate::header::Usage;
use crate::index::{on_bit, on_key, Keys};
use crate::ir::{Happening, Home, Trigger};
use cosmic_engine::effects::{Lasting, Until};
use cosmic_engine::state::Phase;
use cosmic_engine::{Flow, Game, PlayerId, Window};

/// What the lasting effects in force may do (see `Runtime::lasting_masks_all`).
#[derive(Clone, Copy, Debug)]
pub(super) struct LastingMasks {
    /// The `Game::lasting_stamp` they were gathered under (`u64::MAX`: never).
    pub(super) stamp: u64,
    /// The windows (`Window::bit`) at which their reactions may act.
    pub(super) windows: u64,
    /// The happenings (`on_bit`) their reactions answer.
    pub(super) hears: crate::index::Ons,
    /// The kinds of quantity (`Quantity::kind_bit`) their changes may change.
    pub(super) kinds: crate::index::Kinds,
}

impl LastingMasks {
    /// Never gathered.
    pub(super) const NONE: LastingMasks = LastingMasks {
        stamp: u64::MAX,
        windows: 0,
        hears: 0,
        kinds: 0,
    };
}

impl Runtime {
    /// Offers `players` (a mask of seats, in timing order) the abilities that answer `h`,
    /// with `subject`.
    #[inline]
    pub(super) fn happened(
        &self,
        game: &mut Game,
        h: Happening,
        players: u8,
        subject: Subject,
    ) -> Flow {
        // Most happenings have no answer held anywhere: that test is inline, the search out
        // of line. A lasting effect may answer the few the library's lasting effects hear.
        let (key, bit) = (on_key(h), on_bit(h));
        if (self.held_all(game).keys & key == 0 || !self.holds_answer(game, None, bit))
            && !(self.index.heard(bit) && self.may_hear(game, bit))
        {
            return Ok(());
        }
        self.answer_happening(game, h, players, subject)
    }

    /// `happened` once something held may answer `h`: each player's answers, in timing order.
    #[inline(never)]
    fn answer_happening(
        &self,
        game: &mut Game,
        h: Happening,
        players: u8,
        subject: Subject,
    ) -> Flow {
        let (key, bit) = (on_key(h), on_bit(h));
        let heard = self.lasting_masks(game).1 & bit != 0;
        if !heard && (self.held_all(game).keys & key == 0 || !self.holds_answer(game, None, bit)) {
            return Ok(());
        }
        for &p in game.timing_order().iter() {
            if players & (1 << p.0) == 0 {
                continue;
            }
            // Its lasting effects' reactions first, as at a window.
            if heard {
                self.hear(game, p, h, subject)?;
            }
            if !self.holds_answer(game, Some(p), bit) || !self.holds_acting_now(game, p, key) {
                continue;
            }
            let options = self.answers(game, p, (h, &[], key), subject);
            if options.is_empty() {
                continue;
            }
            // A super flare used instead of a power that would act by itself is offered first.
            let supers: Uses = options
                .iter()
                .copied()
                .filter(|&(b, _)| self.ability(b).replaces_power)
                .collect();
            let mandatory = options.iter().any(|&(a, o)| self.acts_by_itself(a, o));
            if mandatory && !supers.is_empty() {
                if let Some((b, o)) = self.ask_use_on(game, p, &supers, None, subject)? {
                    self.use_ability(game, p, b, o, subject, true)?;
                    continue;
                }
            }
            let options: Uses = if mandatory {
                options
                    .into_iter()
                    .filter(|&(b, _)| !self.ability(b).replaces_power)
                    .collect()
            } else {
                options
            };
            let picked = if options.iter().all(|&(a, o)| !self.acts_by_itself(a, o)) {
                self.ask_use_on(game, p, &options, None, subject)?
            } else {
                options.first().copied()
            };
            if let Some((a, origin)) = picked {
                self.use_ability(game, p, a, origin, subject, true)?;
            }
        }
        Ok(())
    }

    /// Runs the abilities that trigger at a moment: those with a trigger that `matches`
    /// (which only triggers of the moments in `keys` may do).
    pub(super) fn trigger(
        &self,
        game: &mut Game,
        keys: Keys,
        matches: impl Fn(&Trigger, Option<Phase>) -> bool,
    ) -> Flow {
        if self.held_all(game).keys & keys == 0 {
            return Ok(());
        }
        self.trigger_reacting(game, keys, matches, &[])
    }

    /// `trigger`, with the reactions of lasting effects due at this window (`due_reactions`):
    /// each player's act in its place in the timing order, before its abilities, as its
    /// mandatory abilities would.
    pub(super) fn trigger_reacting(
        &self,
        game: &mut Game,
        keys: Keys,
        matches: impl Fn(&Trigger, Option<Phase>) -> bool,
        reactions: &[LastingReaction],
    ) -> Flow {
        let phase = game.state().encounter.phase;
        let order = game.timing_order();
        let mut next = 0;
        while let Some(p) = self.next_seat(game, &order, &mut next, keys, reactions) {
            if reactions.iter().any(|d| d.by == p) {
                self.react(game, p, keys, &matches, reactions)?;
            }
            if self.holds_acting_now(game, p, keys) {
                self.offer_at(game, p, keys, &matches, phase)?;
            }
        }
        Ok(())
    }

    /// The next seat of `order` from place `next` on with a reaction due or holdings that may
    /// act at `keys` (standing aside), `next` moved past it: the others are passed over in a
    /// short loop, most seats holding nothing that acts at a window.
    #[inline]
    fn next_seat(
        &self,
        game: &Game,
        order: &[PlayerId],
        next: &mut usize,
        keys: Keys,
        reactions: &[LastingReaction],
    ) -> Option<PlayerId> {
        // Each seat's moments are kept with `held_all`, under the holdings version: what a
        // seat did may have changed the holdings of those after it.
        if self.seat_keys_at.get() != game.holdings_version() {
            self.held_all(game);
        }
        let mut i = *next;
        while i < order.len() {
            let p = order[i];
            i += 1;
            if self.seat_keys[p.ix()].get() & keys != 0 || reactions.iter().any(|d| d.by == p) {
                *next = i;
                return Some(p);
            }
        }
        *next = i;
        None
    }

    /// `p`'s abilities acting at `keys` (with a trigger that `matches`): each that acts by
    /// itself is used, and `p` is asked which optional one to use until it passes.
    #[inline]
    fn offer_at(
        &self,
        game: &mut Game,
        p: PlayerId,
        keys: Keys,
        matches: &impl Fn(&Trigger, Option<Phase>) -> bool,
        phase: Option<Phase>,
    ) -> Flow {
        let mut asked_out = false;
        loop {
            let mut ready = Uses::new();
            self.each_ability_at(game, p, keys, |a, origin| {
                // Once `p` has passed, only what acts by itself (and the supers offered
                // before it) is read from `ready`: the other optional abilities' tests
                // (conditions, which only read the game) are spared.
                if asked_out && !self.acts_by_itself(a, origin) && !self.offered_first(a) {
                    return;
                }
                // Used already this window (marked): not tested again.
                if self.ability(a).triggers.iter().any(|t| matches(t, phase))
                    && !game.state().effects.marked(p, LIMIT + a)
                    && self.may_act(game, p, a)
                {
                    ready.push((a, origin));
                }
            });
            // Mandatory and innate abilities act by themselves, once per window.
            if let Some(&(a, origin)) = ready.iter().find(|&&(a, o)| self.acts_by_itself(a, o)) {
                // A super flare used instead of this power is offered first.
                if self.ability(a).home == Home::Power && self.offer_supers(game, p, &ready)? {
                    continue;
                }
                game.mark(p, LIMIT + a, Until::EndOfEncounter);
                let run = !self.is_continuous(a);
                self.use_ability(game, p, a, origin, Subject::None, run)?;
                continue;
            }
            if asked_out {
                break;
            }
            if ready.is_empty() {
                break;
            }
            let redeal = game.may_redeal();
            match self.ask_use(game, p, &ready, None)? {
                Some((a, origin)) => {
                    game.mark(p, LIMIT + a, Until::EndOfEncounter);
                    let run = !self.is_continuous(a);
                    self.use_ability(game, p, a, origin, Subject::None, run)?;
                }
                // A pass changes nothing, and what acts by itself in `ready` acted before `p`
                // was asked: nothing more acts, unless the question redealt a rollout.
                None if !redeal => break,
                None => asked_out = true,
            }
        }
        Ok(())
    }

    /// Whether ability `a` is an optional super flare used instead of a power, offered
    /// before the power acts by itself (`offer_supers`).
    fn offered_first(&self, a: u32) -> bool {
        let ab = self.ability(a);
        ab.replaces_power && ab.usage == Usage::Optional
    }

    /// Offers `p` the optional super flares among `ready` that are used instead of its power,
    /// before the power acts by itself (each offered once per window); whether one was used.
    fn offer_supers(&self, game: &mut Game, p: PlayerId, ready: &Uses) -> Flow<bool> {
        let supers: Uses = (ready.iter().copied())
            .filter(|&(b, _)| self.offered_first(b))
            .collect();
        if supers.is_empty() {
            return Ok(false);
        }
        for &(b, _) in &supers {
            game.mark(p, LIMIT + b, Until::EndOfEncounter);
        }
        let Some((b, o)) = self.ask_use(game, p, &supers, None)? else {
            return Ok(false);
        };
        self.use_ability(game, p, b, o, Subject::None, true)?;
        Ok(true)
    }

    /// The windows (`Window::bit`) at which the lasting effects in force may react.
    #[inline]
    pub(super) fn reaction_windows(&self, game: &Game) -> u64 {
        self.lasting_masks(game).0
    }

    /// The windows (`Window::bit`) at which the lasting effects in force may react, and the
    /// happenings (`on_bit`) their reactions answer, kept under `Game::lasting_stamp`: it
    /// moves whenever a content lasting effect begins, so the masks never miss one in force.
    /// One that ended keeps its bits until the stamp moves, which costs only a search that
    /// finds nothing due.
    #[inline]
    pub(super) fn lasting_masks(&self, game: &Game) -> (u64, crate::index::Ons) {
        let m = self.lasting_masks_all(game);
        (m.windows, m.hears)
    }

    /// `lasting_masks` with the kinds of quantity the effects may change (`Hooks::changeable`;
    /// as for the others, one that ended counts until the stamp moves, which costs only a
    /// quantity computed to no change).
    #[inline]
    pub(super) fn lasting_masks_all(&self, game: &Game) -> LastingMasks {
        let cached = self.reacting.get();
        if cached.stamp == game.lasting_stamp() {
            return cached;
        }
        self.gather_lasting_masks(game)
    }

    /// `lasting_masks_all` gathered afresh from the effects in force, and kept.
    #[inline(never)]
    fn gather_lasting_masks(&self, game: &Game) -> LastingMasks {
        let mut m = LastingMasks {
            stamp: game.lasting_stamp(),
            ..LastingMasks::NONE
        };
        for e in &game.state().effects.lasting {
            if let Lasting::Continuous { effect, .. } = e.what {
                m.windows |= self.index.lasting_windows(effect);
                m.hears |= self.index.lasting_hears(effect);
                m.kinds |= self.index.lasting_kinds(effect);
            }
        }
        self.reacting.set(m);
        m
    }

    /// Whether a lasting effect in force may answer the happening `bit`: the masks' test
    /// when they are fresh, else `true` (the search out of line gathers them anew).
    #[inline]
    fn may_hear(&self, game: &Game, bit: crate::index::Ons) -> bool {
        let m = self.reacting.get();
        m.stamp != game.lasting_stamp() || m.hears & bit != 0
    }

    /// Runs `p`'s lasting effects' reactions to `h` (ships or cards moving), in the order
    /// the effects started, taken before any runs. One an alien power started acts while
    /// `p` has the power.
    fn hear(&self, game: &mut Game, p: PlayerId, h: Happening, subject: Subject) -> Flow {
        let bit = on_bit(h);
        let due: Vec<LastingReaction> = (self
            .lasting_reactions(game, |effect| self.index.lasting_hears(effect) & bit != 0))
        .filter(|r| r.by == p && r.reaction.triggers.contains(&Trigger::On(h)))
        .map(|r| r.found())
        .collect();
        for d in &due {
            self.run_reaction(game, d, subject)?;
        }
        Ok(())
    }

    /// The reactions of the lasting effects in force that act at `window` now, in the order
    /// their effects started (taken before any runs: a reaction's own effects wait for the
    /// next window).
    pub(super) fn due_reactions(
        &self,
        game: &Game,
        window: Window,
        matches: impl Fn(&Trigger, Option<Phase>) -> bool,
    ) -> Vec<LastingReaction> {
        let bit = window.bit();
        let phase = game.state().encounter.phase;
        (self.lasting_reactions(game, |effect| self.index.lasting_windows(effect) & bit != 0))
            .filter(|r| r.reaction.triggers.iter().any(|t| matches(t, phase)))
            .map(|r| r.found())
            .collect()
    }

    /// Runs `p`'s due reactions. One an alien power started acts while `p` has the power, and
    /// not once a super flare used instead of the power has cancelled the ability that
    /// started it: as for a mandatory power ability, such a super ready now is offered first.
    fn react(
        &self,
        game: &mut Game,
        p: PlayerId,
        keys: Keys,
        matches: &impl Fn(&Trigger, Option<Phase>) -> bool,
        reactions: &[LastingReaction],
    ) -> Flow {
        let by_power = |d: &LastingReaction| d.by == p && self.started_by_power(d.effect);
        if reactions.iter().any(by_power) && self.power_held(game, p) {
            let phase = game.state().encounter.phase;
            let mut ready = Uses::new();
            self.each_ability_at(game, p, keys, |a, origin| {
                if self.ability(a).triggers.iter().any(|t| matches(t, phase))
                    && !game.state().effects.marked(p, LIMIT + a)
                    && self.may_act(game, p, a)
                {
                    ready.push((a, origin));
                }
            });
            self.offer_supers(game, p, &ready)?;
        }
        for d in reactions.iter().filter(|d| d.by == p) {
            self.run_reaction(game, d, Subject::None)?;
        }
        Ok(())
    }

    /// Whether an ability is continuous (`during` a phase): its changes are read when the
    /// rules compute a quantity, so announcing its use must not start them a second time.
    fn is_continuous(&self, a: u32) -> bool {
        self.ability(a)
            .triggers
            .iter()
            .any(|t| matches!(t, Trigger::During(_)))
    }

    /// Runs the abilities of `alien` that answer its sheet leaving the game, for `p`, who had
    /// it (nobody has it any more, so they are run here rather than gathered).
    pub(super) fn alien_left(&self, game: &mut Game, p: PlayerId, alien: u16) -> Flow {
        let item = self.alien_items[alien as usize];
        for &a in &self.program.items[item as usize].abilities {
            let ab = self.ability(a);
            if ab.home == Home::Power && ab.triggers.contains(&Trigger::On(Happening::AlienLeft)) {
                let mut ctx = self.ctx(p, a, Subject::None);
                self.exec(&ab.body, game, &mut ctx)?;
            }
        }
        Ok(())
    }

    /// Runs the abilities that answer `p`'s power being zapped.
    pub(super) fn zapped(&self, game: &mut Game, p: PlayerId) -> Flow {
        let Some(alien) = game.state().players[p.ix()].alien else {
            return Ok(());
        };
        let item = self.alien_items[alien as usize];
        for &a in &self.program.items[item as usize].abilities {
            let ab = self.ability(a);
            if ab.home == Home::Power
                && ab.triggers.contains(&Trigger::On(Happening::MyPowerZapped))
                && ab.roles.allows(Self::standing(game, p))
            {
                let mut ctx = self.ctx(p, a, Subject::None);
                self.run_body(&ab.body, game, &mut ctx)?;
            }
        }
        Ok(())
    }
}
