//! Alliance: the offense invites, then the defense invites; then each invited player, clockwise
//! from the offense's left, joins one inviting side (committing one to four ships) or neither.

use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Place, Rule};
use crate::game::{Flow, Game};
use crate::hooks::Window;
use crate::ids::{PlayerId, Seats, Side};
use crate::quantity::Quantity;

impl Game<'_> {
    pub(super) fn alliance_phase(&mut self) -> Flow {
        let offense = self.state.offense;
        let defense = self.main(Side::Defense);
        // With two players nobody else is at the table: no invitation to ask or log (Eon's
        // two-player game has no alliances). The windows still open for card text.
        let sides: &[Side] = if self.state.player_count() > 2 {
            &Side::BOTH
        } else {
            &[]
        };
        for &side in sides {
            let inviter = self.main(side);
            // Content may forbid a main player to invite anyone.
            let may_invite = self.quantity(Quantity::MayInvite(inviter), 1) != 0;
            let mains = 1u8 << offense.0 | 1 << defense.0;
            // Content may oblige it to invite some players: they are invited unasked.
            let must = match may_invite && !self.state.effects.lasting.is_empty() {
                true => self.state.effects.must_invite(inviter) & !mains & !self.barred_mask(side),
                false => 0,
            };
            // The main players, and those invited unasked, are not offered; nor, in an
            // encounter for the game, the winners it contests to the challenger.
            let offered = !(mains | must | self.barred_mask(side));
            let mut options = self.choices();
            options.extend(
                (self.state.seats())
                    .filter(|&p| may_invite && offered & 1 << p.0 != 0)
                    .map(Choice::Player),
            );
            let n = options.len() as u8;
            let kind = match side {
                Side::Offense => DecisionKind::OffenseInvites,
                Side::Defense => DecisionKind::DefenseInvites,
            };
            let invited = self.ask_subset(inviter, kind, options, 0, n)?;
            let mut mask = must;
            let mut players = Seats::default();
            if must != 0 {
                for p in self.state.seats().filter(|p| must & 1 << p.0 != 0) {
                    players.push(p);
                }
            }
            for &c in &invited {
                if let Choice::Player(p) = c {
                    mask |= 1 << p.0;
                    players.push(p);
                }
            }
            self.spare_choices.keep(invited);
            players.sort();
            match side {
                Side::Offense => self.state.encounter.invited_by_offense = mask,
                Side::Defense => self.state.encounter.invited_by_defense = mask,
            }
            self.emit(
                Rule::Alliance,
                EventKind::Invited {
                    by: inviter,
                    players,
                },
            );
        }
        self.window(Window::AlliesInvited)?;
        for k in 1..self.state.player_count() {
            let p = self.state.left_of(offense, k);
            if p == defense {
                continue;
            }
            self.answer_invitations(p)?;
        }
        self.window(Window::AlliancesFormed)
    }

    /// One invited player accepts an invitation (and commits ships) or declines.
    pub(crate) fn answer_invitations(&mut self, p: PlayerId) -> Flow {
        // A player who joined already (content let it join uninvited) is not asked again.
        if self.state.encounter.ally[p.ix()].is_some() {
            return Ok(());
        }
        let bit = 1u8 << p.0;
        let e = &self.state.encounter;
        let (invited_o, invited_d) = (
            e.invited_by_offense & bit != 0,
            e.invited_by_defense & bit != 0,
        );
        // Content may let a player join a side uninvited.
        let allowed = |game: &Self, side: Side, invited: bool| {
            (invited || game.quantity(Quantity::JoinUninvited(p, side), 0) != 0)
                && !game.barred_from(p, side)
        };
        let by_offense = allowed(self, Side::Offense, invited_o);
        let by_defense = allowed(self, Side::Defense, invited_d);
        if !by_offense && !by_defense {
            return Ok(());
        }
        let mut options = self.choices();
        if self.state.has_colony(p) {
            if by_offense {
                options.push(Choice::Join(Some(Side::Offense)));
            }
            if by_defense {
                options.push(Choice::Join(Some(Side::Defense)));
            }
        }
        options.push(Choice::Join(None));
        let Choice::Join(Some(side)) = self.pick(p, DecisionKind::JoinAlliance, options)? else {
            self.emit(Rule::Alliance, EventKind::AllianceDeclined { player: p });
            return Ok(());
        };
        self.state.encounter.ally[p.ix()] = Some(side);
        self.emit(
            Rule::Alliance,
            EventKind::AllianceJoined { player: p, side },
        );
        self.commit_ally_ships(p, side)
    }

    /// A new ally commits one ship up to its limit to its side.
    pub(crate) fn commit_ally_ships(&mut self, p: PlayerId, side: Side) -> Flow {
        let to = match side {
            Side::Offense => Place::Gate,
            Side::Defense => Place::Beside,
        };
        let base = self.state.rules.max_committed_ships as i32;
        let max = self
            .quantity(crate::quantity::Quantity::MaxShips(p), base)
            .clamp(0, u8::MAX as i32) as u8;
        // Card text may let allies retrieve ships from the warp to commit (the usual limit
        // still applies).
        let warp = self.quantity(Quantity::AlliesFromWarp, 0) != 0;
        // Content may oblige more than one ship, but never the last ship of a colony. The
        // ships to spare are counted only then: one ship, the usual least, is always spare.
        let wanted = self.quantity(Quantity::MinAllyShips(p), 1).max(1) as u32;
        let min = if wanted == 1 {
            1
        } else {
            let spare: u32 = (self.state.colony_ships(p))
                .map(|(_, n)| n as u32 - 1)
                .sum::<u32>()
                + if warp {
                    self.state.players[p.ix()].warp as u32
                } else {
                    0
                };
            wanted.min(spare.max(1)).min(max.max(1) as u32) as u8
        };
        self.commit_ships_from(
            p,
            DecisionKind::AllyShips,
            to,
            min..=max,
            false,
            warp,
            Rule::Alliance,
        )?;
        Ok(())
    }
}
