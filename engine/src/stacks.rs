//! Stacks: other players' ships captured under one of a player's ships. The top of a stack
//! is one of its owner's own ships, marked by a ship token (`ShipToken::STACK`) that holds the
//! captured ships by seat; those are out of play (`Place::Captured`) but still their owners'.
//! A stack moves with its ship as any ship token does; when it enters the warp, leaves the
//! game or is captured in its turn, its ships are freed into their owners' warps, unless card
//! text sends it to the warp whole (`move_ships_keeping_stacks`): it then waits there, its
//! ships still captured, and comes out of the warp with its ship.

use crate::event::{EventKind, Place, Rule};
use crate::game::Game;
use crate::ids::PlayerId;
use crate::state::ShipToken;

impl Game<'_> {
    /// `captor` captures up to `count` of `owner`'s ships at `from`, stacking them under one
    /// of its ships in the encounter (its stack there if it has one, else a ship of its own
    /// becomes one); returns how many it captured. Only plain ships are captured: a ship
    /// token (a hired ship, a flagship, a stack's top) is not, nor are a player's own ships,
    /// and nothing is captured when the captor has no ship in the encounter to stack them under.
    pub fn capture_ships(
        &mut self,
        captor: PlayerId,
        owner: PlayerId,
        from: Place,
        count: u8,
        rule: Rule,
    ) -> u8 {
        if captor == owner {
            return 0;
        }
        let Some(at) = self.encounter_place(captor) else {
            return 0;
        };
        let count = count.min(self.state.plain_ships_at(owner, from));
        if count == 0 {
            return 0;
        }
        let stack = (self.state.ship_tokens.iter())
            .position(|t| t.owner == captor && t.place == at && t.key == ShipToken::STACK);
        let i = match stack {
            Some(i) => i,
            None if self.ships_at(captor, at) as usize > self.state.tokens_at(captor, at) => {
                let top = ShipToken::new(captor, ShipToken::STACK, at);
                self.state.ship_tokens.push(top);
                self.state.ship_tokens.len() - 1
            }
            // Every ship of the captor's there is a token already (hired ships, say).
            None => return 0,
        };
        // The stack holds them before the move is announced: every event sees them somewhere.
        self.state.ship_tokens[i].stack[owner.ix()] += count;
        self.move_ships(owner, from, Place::Captured, count, rule);
        self.emit(
            rule,
            EventKind::ShipsCaptured {
                captor,
                player: owner,
                count,
                place: at,
            },
        );
        count
    }

    /// How many ships `captor` holds captured in its stacks, in the encounter only or
    /// anywhere.
    pub fn captured_by(&self, captor: PlayerId, in_encounter: bool) -> u8 {
        let e = &self.state.encounter;
        let here = |place: Place| match place {
            _ if !in_encounter => true,
            Place::Gate | Place::Beside => true,
            Place::Planet(id) => e.defense == Some(captor) && e.planet == Some(id),
            _ => false,
        };
        (self.state.ship_tokens.iter())
            .filter(|t| t.owner == captor && t.key == ShipToken::STACK && here(t.place))
            .map(ShipToken::held)
            .sum::<u32>()
            .min(u8::MAX as u32) as u8
    }

    /// Stacks of `p`'s just carried to `to`: one that entered the warp, left the game or was
    /// captured is broken up, its top a plain ship again and its ships freed into their
    /// owners' warps (buffered in `freed`, announced after the move by `announce_freed_ships`).
    #[inline(never)]
    pub(crate) fn break_stacks(&mut self, p: PlayerId, to: Place) {
        if !matches!(to, Place::Warp | Place::Removed | Place::Captured)
            || (to == Place::Warp && self.stacks_kept)
        {
            return;
        }
        while let Some(i) = (self.state.ship_tokens.iter())
            .position(|t| t.owner == p && t.place == to && t.key == ShipToken::STACK)
        {
            let t = self.state.ship_tokens.remove(i);
            for (seat, &n) in t.stack.iter().enumerate().filter(|(_, &n)| n > 0) {
                let player = &mut self.state.players[seat];
                player.captured -= n;
                player.warp += n;
                self.freed.push((PlayerId(seat as u8), n));
            }
        }
    }

    /// Moves `count` of `p`'s ships from `from` to the warp as `move_ships` does, but the
    /// stacks among them enter it whole: their ships stay captured under their tops.
    pub fn move_ships_keeping_stacks(&mut self, p: PlayerId, from: Place, count: u8, rule: Rule) {
        let outer = std::mem::replace(&mut self.stacks_kept, true);
        self.move_ships(p, from, Place::Warp, count, rule);
        self.stacks_kept = outer;
    }

    /// How many captured ships the stacks among `count` of `p`'s ships leaving `from` hold:
    /// those that would go with them, as `move_ships` takes them (`forward`: into the
    /// encounter or onto a planet, see `tokens_going_along`).
    pub fn stacked_among(&self, p: PlayerId, from: Place, count: u8, forward: bool) -> u8 {
        let s = &self.state;
        if s.ship_tokens.is_empty() {
            return 0;
        }
        let moving = s.tokens_going_along(p, from, count, forward);
        (s.ship_tokens.iter())
            .filter(|t| t.owner == p && t.place == from)
            .take(moving)
            .filter(|t| t.key == ShipToken::STACK)
            .map(ShipToken::held)
            .sum::<u32>()
            .min(u8::MAX as u32) as u8
    }

    /// `p`'s ships held captured in other players' stacks are freed into its warp (a stack
    /// left holding nothing is a plain ship again).
    pub fn free_captured(&mut self, p: PlayerId, rule: Rule) {
        let mut freed = 0u8;
        for t in (self.state.ship_tokens.iter_mut()).filter(|t| t.key == ShipToken::STACK) {
            freed = freed.saturating_add(std::mem::take(&mut t.stack[p.ix()]));
        }
        if freed == 0 {
            return;
        }
        (self.state.ship_tokens).retain(|t| t.key != ShipToken::STACK || t.held() > 0);
        let player = &mut self.state.players[p.ix()];
        player.captured -= freed;
        player.warp += freed;
        self.emit(
            rule,
            EventKind::ShipsMoved {
                player: p,
                from: Place::Captured,
                to: Place::Warp,
                count: freed,
            },
        );
    }

    /// The ships freed from broken stacks are announced, after the move that broke them.
    #[inline(never)]
    pub(crate) fn announce_freed_ships(&mut self, rule: Rule) {
        for (player, count) in std::mem::take(&mut self.freed) {
            self.emit(
                rule,
                EventKind::ShipsMoved {
                    player,
                    from: Place::Captured,
                    to: Place::Warp,
                    count,
                },
            );
        }
    }
}
