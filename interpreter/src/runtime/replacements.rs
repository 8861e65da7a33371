//! Replacements of ships going to the warp: which apply, ranked, and the first to act.

use super::context::{Origin, Subject};
use super::expressions::main_side;
use super::Runtime;
use crate::index::INSTEAD_KEY;
use crate::ir::{Dest, Expr, Replaced, Stmt, Trigger};
use cosmic_engine::event::{Place, Rule};
use cosmic_engine::state::Outcome;
use cosmic_engine::{Flow, Game, PlayerId, Side};

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
        Some((Dest::Removed(_), _)) => 0,
        Some((Dest::Colonies(_), false)) => 1,
        Some((Dest::Warp, _)) | None => 3,
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
        if self.held_all(game).keys & INSTEAD_KEY == 0 {
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
        };
        let mut candidates: Vec<(u8, PlayerId, u32, Origin)> = Vec::new();
        for &q in game.timing_order().iter() {
            if !self.holds_acting(game, q, INSTEAD_KEY) {
                continue;
            }
            for (a, origin) in self.abilities_at(game, q, INSTEAD_KEY) {
                let ab = self.ability(a);
                let applies = ab.triggers.iter().any(|t| match t {
                    Trigger::Instead(Replaced::Mine) => q == player,
                    Trigger::Instead(Replaced::LosingSide) => on_losing_side,
                    Trigger::Instead(Replaced::Others) => q != player,
                    Trigger::Instead(Replaced::MyAllies) => {
                        let st = game.state();
                        st.encounter.ally[player.ix()].is_some()
                            && st.encounter.ally[player.ix()] == st.side_of(q)
                            && main_side(game, q).is_some()
                    }
                    _ => false,
                });
                if applies && self.may_act_on(game, q, a, subject) {
                    candidates.push((replacement_rank(&ab.body), q, a, origin));
                }
            }
        }
        // Removal from the game comes before a return home (FAQ: Void beats Zombie); the
        // sort is stable, so each rank keeps the timing order.
        candidates.sort_by_key(|&(rank, ..)| rank);
        // The first replacement that takes effect replaces the move; its body says where the
        // ships go (what it leaves of them still goes to the warp).
        for (_, q, a, origin) in candidates {
            // An optional replacement asks its controller first.
            if !self.acts_by_itself(a, origin)
                && self.ask_use(game, q, &[(a, origin)], None)?.is_none()
            {
                continue;
            }
            // A body may send other ships to the warp, replaced in their turn: each counts
            // its own.
            let outer = self.replaced.replace(0);
            let used = self.use_ability(game, q, a, origin, subject, true);
            let replaced = self.replaced.replace(outer);
            if used? {
                return Ok(replaced);
            }
        }
        Ok(0)
    }
}
