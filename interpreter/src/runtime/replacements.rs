//! Replacements of ships going to the warp: which apply, ranked, and the first to act.

use super::context::{Headed, Origin, Subject};
use super::expressions::main_side;
use super::lasting::LastingReaction;
use super::Runtime;
use crate::index::{
    Keys, INSTEAD_KEY, LANDING_ON, LAND_KEY, REPLACES_OTHERS_ON, RETRIEVE_KEY, RETRIEVING_ON,
};
use crate::ir::{Dest, Expr, Reaction, Replaced, Stmt, Trigger};
use cosmic_engine::effects::Lasting;
use cosmic_engine::event::{Place, Rule};
use cosmic_engine::state::Outcome;
use cosmic_engine::{Flow, Game, PlanetId, PlayerId, Side};
use smallvec::SmallVec;

/// Where a replacement of ships going to the warp sends them, as a rank: out of the game
/// first, then home, then anything else. Read from the body's first move of `them`.
fn replacement_rank(body: &[Stmt]) -> u8 {
    let first = body.iter().find_map(|st| match st {
        Stmt::Move {
            ships: Expr::Subject,
            to,
            count,
            ..
        } => Some((to, count.is_some())),
        _ => None,
    });
    match first {
        // Capture too: effects that save ships from the warp cannot prevent it (Fungus).
        Some((Dest::Removed(_) | Dest::Captured | Dest::HeldAround, _)) => 0,
        Some((Dest::Colonies(_), false)) => 1,
        Some((Dest::Warp | Dest::WarpWhole, _)) | None => 3,
        Some(_) => 2,
    }
}

impl Runtime {
    /// Replaces `count` of `player`'s ships leaving `from` for the warp (as `rule` sends
    /// them) by the first replacement that takes effect; returns how many it replaced.
    pub(super) fn replace_ships_to_warp(
        &self,
        player: PlayerId,
        from: Place,
        count: u8,
        rule: Rule,
        game: &mut Game,
    ) -> Flow<u8> {
        let lasting = !self.lasting_replacing.get() && self.lasting_replaces(game);
        if self.held_all(game).keys & INSTEAD_KEY == 0 && !lasting {
            return Ok(0);
        }
        let s = game.state();
        let losing = match s.encounter.outcome {
            Some(Outcome::OffenseWins) => Some(Side::Defense),
            Some(Outcome::DefenseWins) => Some(Side::Offense),
            _ => None,
        };
        let on_losing_side = losing.is_some() && s.side_of(player) == losing;
        // A condition may name the ships replaced (`them`) and their owner (`that player`).
        let subject = Subject::Ships {
            owner: player,
            at: from,
            count,
            rule,
            to: Headed::Warp,
        };
        // Lasting effects' replacements: each is nobody's use, so it is ranked with the
        // abilities and, once reached, always takes effect.
        let standing = if lasting {
            self.lasting_replacements(
                game,
                |effect| self.index.lasting_replaces(effect),
                |t, q| replaces_for(game, t, q, player, on_losing_side),
                |r| replacement_rank(&r.body),
                subject,
            )
        } else {
            Vec::new()
        };
        let applies = |t: &Trigger, q| replaces_for(game, t, q, player, on_losing_side);
        // Another seat's replacements of its own ships never take over these.
        let seat = |q| q == player || self.holds_answer(game, Some(q), REPLACES_OTHERS_ON);
        let mut candidates: SmallVec<[(u8, PlayerId, u32, Origin); 4]> = SmallVec::new();
        self.each_replacement(game, INSTEAD_KEY, subject, seat, applies, |q, a, origin| {
            candidates.push((replacement_rank(&self.ability(a).body), q, a, origin));
        });
        // Removal from the game comes before a return home (FAQ: Void beats Zombie); the
        // sort is stable, so each rank keeps the timing order.
        if candidates.len() > 1 {
            candidates.sort_by_key(|&(rank, ..)| rank);
        }
        // A lasting effect's replacement of a rank acts before the abilities of that rank.
        let first_ability = candidates.first().map_or(u8::MAX, |c| c.0);
        if let Some((_, r)) = standing
            .iter()
            .filter(|s| s.0 <= first_ability)
            .min_by_key(|s| s.0)
        {
            return self.run_lasting_replacement(game, r, subject);
        }
        // The first replacement that takes effect replaces the move; its body says where the
        // ships go (what it leaves of them still goes to the warp).
        let abilities = candidates
            .into_iter()
            .map(|(_, q, a, origin)| (q, a, origin));
        if let Some(replaced) = self.first_replacement(game, abilities, subject)? {
            return Ok(replaced);
        }
        // Every ability passed on it: a lasting effect's replacement of a lower rank acts.
        if let Some((_, r)) = standing.iter().min_by_key(|s| s.0) {
            return self.run_lasting_replacement(game, r, subject);
        }
        Ok(0)
    }

    /// Whether a lasting effect in force may replace ships going to the warp.
    #[inline]
    fn lasting_replaces(&self, game: &Game) -> bool {
        any_lasting(game, |effect| self.index.lasting_replaces(effect))
    }

    /// The lasting effects' replacements that `applies` accepts (with the effect's owner) and
    /// whose condition holds now, ranked by `rank`, in the order their effects started (the
    /// first of each rank acts).
    fn lasting_replacements(
        &self,
        game: &Game,
        wanted: impl Fn(u32) -> bool,
        applies: impl Fn(&Trigger, PlayerId) -> bool,
        rank: impl Fn(&Reaction) -> u8,
        subject: Subject,
    ) -> Vec<(u8, LastingReaction)> {
        let mut out = Vec::new();
        for r in self.lasting_reactions(game, wanted) {
            if self.lasting_idle(game, r.by, r.effect)
                || !r.reaction.triggers.iter().any(|t| applies(t, r.by))
            {
                continue;
            }
            let found = r.found();
            let mut ctx = self.lasting_ctx(game, &found, subject);
            if let Some(c) = &r.reaction.condition {
                if !self.eval(c, game, &mut ctx).is_true() {
                    continue;
                }
            }
            out.push((rank(r.reaction), found));
        }
        out
    }

    /// Runs a lasting effect's replacement for its owner; how many ships it replaced.
    fn run_lasting_replacement(
        &self,
        game: &mut Game,
        r: &LastingReaction,
        subject: Subject,
    ) -> Flow<u8> {
        let mut ctx = self.lasting_ctx(game, r, subject);
        debug_assert_eq!(ctx.me, r.by);
        let outer = self.replaced.replace(0);
        self.lasting_replacing.set(true);
        let ran = self.run_body(&self.reaction_of(r).body, game, &mut ctx);
        self.lasting_replacing.set(false);
        let replaced = self.replaced.replace(outer);
        ran?;
        Ok(replaced)
    }
}

impl Runtime {
    /// Replaces `count` of `player`'s ships landing on `planet` from `from` (as `rule` lands
    /// them) by the first replacement that takes effect: a lasting effect's first, in the
    /// order they started (nobody's use), then the abilities', in timing order. Returns how
    /// many it replaced. Ships a replacement lands elsewhere (or on the same planet) land
    /// there, never replaced again.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn replace_landing(
        &self,
        player: PlayerId,
        from: Place,
        planet: PlanetId,
        count: u8,
        rule: Rule,
        game: &mut Game,
    ) -> Flow<u8> {
        if self.landing_replacing.get() {
            return Ok(0);
        }
        let subject = Subject::Ships {
            owner: player,
            at: from,
            count,
            rule,
            to: Headed::Planet(planet),
        };
        let lands = |t: &Trigger, q| lands_for(game, t, q, player);
        let standing = if any_lasting(game, |effect| self.index.lasting_lands(effect)) {
            let wanted = |effect| self.index.lasting_lands(effect);
            self.lasting_replacements(game, wanted, lands, |_| 0, subject)
        } else {
            Vec::new()
        };
        self.landing_replacing.set(true);
        let replaced = self.first_landing_replacement(game, player, subject, &standing);
        self.landing_replacing.set(false);
        replaced
    }

    /// `replace_landing` once its candidates are known.
    fn first_landing_replacement(
        &self,
        game: &mut Game,
        player: PlayerId,
        subject: Subject,
        standing: &[(u8, LastingReaction)],
    ) -> Flow<u8> {
        if let Some((_, r)) = standing.first() {
            return self.run_lasting_replacement(game, r, subject);
        }
        if !self.holds_answer(game, None, LANDING_ON) {
            return Ok(0);
        }
        let lands = |t: &Trigger, q| lands_for(game, t, q, player);
        let candidates = self.replacement_candidates(game, LAND_KEY, subject, lands);
        Ok(self
            .first_replacement(game, candidates, subject)?
            .unwrap_or(0))
    }

    /// Replaces where `count` of `player`'s ships retrieved from the warp go (as `rule`
    /// retrieves them to its colonies) by the first ability's replacement that takes
    /// effect, in timing order; returns how many it replaced. Ships a replacement sends home
    /// after all (`move them to my colonies`) are retrieved as usual, never replaced again.
    pub(super) fn replace_retrieval(
        &self,
        player: PlayerId,
        count: u8,
        rule: Rule,
        game: &mut Game,
    ) -> Flow<u8> {
        if self.retrieval_replacing.get() || !self.holds_answer(game, None, RETRIEVING_ON) {
            return Ok(0);
        }
        let subject = Subject::Ships {
            owner: player,
            at: Place::Warp,
            count,
            rule,
            to: Headed::Colonies,
        };
        let applies = |t: &Trigger, q| match t {
            Trigger::InsteadOfRetrieval(w) => replaces_whose(game, *w, q, player, false),
            _ => false,
        };
        let candidates = self.replacement_candidates(game, RETRIEVE_KEY, subject, applies);
        self.retrieval_replacing.set(true);
        let replaced = self.first_replacement(game, candidates, subject);
        self.retrieval_replacing.set(false);
        Ok(replaced?.unwrap_or(0))
    }

    /// The abilities held under `key` that replace `subject` (`applies`, given the holder)
    /// and may act on it now, in timing order.
    fn replacement_candidates(
        &self,
        game: &Game,
        key: Keys,
        subject: Subject,
        applies: impl Fn(&Trigger, PlayerId) -> bool,
    ) -> SmallVec<[(PlayerId, u32, Origin); 4]> {
        let mut out = SmallVec::new();
        let any_seat = |_| true;
        self.each_replacement(game, key, subject, any_seat, applies, |q, a, origin| {
            out.push((q, a, origin))
        });
        out
    }

    /// Calls `found` with each ability `replacement_candidates` lists, in its order, without
    /// copying any player's abilities; only at the seats `seat` lets through (a cheap test of
    /// what they hold, which `applies` would refuse anyway).
    fn each_replacement(
        &self,
        game: &Game,
        key: Keys,
        subject: Subject,
        seat: impl Fn(PlayerId) -> bool,
        applies: impl Fn(&Trigger, PlayerId) -> bool,
        mut found: impl FnMut(PlayerId, u32, Origin),
    ) {
        for &q in game.timing_order().iter() {
            // `may_act_on` tests roles: a seat none of whose abilities' roles allow its
            // standing now replaces nothing.
            if !self.holds_acting_now(game, q, key) || !seat(q) {
                continue;
            }
            self.each_ability_at(game, q, key, |a, origin| {
                let replaces = self.ability(a).triggers.iter().any(|t| applies(t, q));
                if replaces && self.may_act_on(game, q, a, subject) {
                    found(q, a, origin);
                }
            });
        }
    }

    /// Offers `candidates` in order; the first that takes effect replaces `subject`: how
    /// many ships it replaced, or none if none took effect.
    fn first_replacement(
        &self,
        game: &mut Game,
        candidates: impl IntoIterator<Item = (PlayerId, u32, Origin)>,
        subject: Subject,
    ) -> Flow<Option<u8>> {
        for (q, a, origin) in candidates {
            // An optional replacement asks its controller first.
            if !self.acts_by_itself(a, origin)
                && self.ask_use(game, q, &[(a, origin)], None)?.is_none()
            {
                continue;
            }
            // A body may move other ships, replaced in their turn: each counts its own.
            let outer = self.replaced.replace(0);
            let used = self.use_ability(game, q, a, origin, subject, true);
            let replaced = self.replaced.replace(outer);
            if used? {
                return Ok(Some(replaced));
            }
        }
        Ok(None)
    }
}

/// Whether `t`, held by `q`, replaces `player`'s ships landing.
fn lands_for(game: &Game, t: &Trigger, q: PlayerId, player: PlayerId) -> bool {
    match t {
        Trigger::InsteadOfLanding(w) => replaces_whose(game, *w, q, player, false),
        _ => false,
    }
}

/// Whether `t`, held by `q`, replaces `player`'s ships going to the warp (`on_losing_side`:
/// whether they are on the losing side).
fn replaces_for(
    game: &Game,
    t: &Trigger,
    q: PlayerId,
    player: PlayerId,
    on_losing_side: bool,
) -> bool {
    match t {
        Trigger::Instead(r) => replaces_whose(game, *r, q, player, on_losing_side),
        _ => false,
    }
}

/// Whether a replacement of `whose` ships, held by `q`, takes over `player`'s.
fn replaces_whose(
    game: &Game,
    whose: Replaced,
    q: PlayerId,
    player: PlayerId,
    on_losing_side: bool,
) -> bool {
    match whose {
        Replaced::Mine => q == player,
        Replaced::LosingSide => on_losing_side,
        Replaced::Others => q != player,
        Replaced::Any => true,
        Replaced::MyAllies => {
            let st = game.state();
            st.encounter.ally[player.ix()].is_some()
                && st.encounter.ally[player.ix()] == st.side_of(q)
                && main_side(game, q).is_some()
        }
    }
}

/// Whether a lasting effect in force (a block of card text) has what `has` looks for.
#[inline]
pub(super) fn any_lasting(game: &Game, has: impl Fn(u32) -> bool) -> bool {
    let lasting = &game.state().effects.lasting;
    !lasting.is_empty()
        && (lasting.iter())
            .any(|e| matches!(e.what, Lasting::Continuous { effect, .. } if has(effect)))
}
