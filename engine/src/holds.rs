//! Holds: other players' ships a player holds around its home system by card text, out of
//! play but still their owners' (`Place::Held`, `GameState::holds`), for as long as the card
//! that holds them stays in the holder's hand. Once it has left (lost: discarded, given,
//! taken...), the ships go back to their owners' colonies at the next window.

use crate::event::{Place, Rule};
use crate::game::{Flow, Game};
use crate::ids::{CardId, PlayerId, MAX_PLAYERS};
use crate::state::Hold;

impl Game<'_> {
    /// `holder` holds up to `count` of `owner`'s ships at `from` around its home system, for
    /// as long as `card` stays in its hand (`source` is the ability whose text holds them);
    /// returns how many it holds. Only plain ships are held: a ship token (a hired ship, a
    /// flagship, a stack's top) is not, nor are the holder's own ships.
    pub fn hold_ships(
        &mut self,
        holder: PlayerId,
        owner: PlayerId,
        from: Place,
        count: u8,
        card: CardId,
        source: u32,
    ) -> u8 {
        if holder == owner || matches!(from, Place::Held(_)) {
            return 0;
        }
        let count = count.min(self.state.plain_ships_at(owner, from));
        if count == 0 {
            return 0;
        }
        if !self.state.holds.iter().any(|h| h.holder == holder) {
            self.state.holds.push(Hold {
                holder,
                card,
                source: Some(source),
                ships: [0; MAX_PLAYERS],
            });
        }
        self.move_ships(owner, from, Place::Held(holder), count, Rule::CardText);
        count
    }

    /// How many ships `holder` holds around its home system.
    pub fn held_by(&self, holder: PlayerId) -> u8 {
        (self.state.holds.iter())
            .filter(|h| h.holder == holder)
            .flat_map(|h| h.ships)
            .map(u32::from)
            .sum::<u32>()
            .min(u8::MAX as u32) as u8
    }

    /// The holds whose card has left its holder's hand end: their ships go back to their
    /// owners' colonies (to the warp for an owner with none), each owner choosing where.
    /// Called at each window while anything is held.
    #[inline(never)]
    pub(crate) fn release_lost_holds(&mut self) -> Flow {
        while let Some(i) = (self.state.holds.iter())
            .position(|h| !self.state.players[h.holder.ix()].hand.contains(&h.card))
        {
            let hold = self.state.holds[i];
            let seats: Vec<PlayerId> = self.state.seats().collect();
            for owner in seats {
                let n = self.ships_at(owner, Place::Held(hold.holder));
                if n == 0 {
                    continue;
                }
                let outer = self.set_acting(hold.source);
                let result = self.return_ships(owner, Place::Held(hold.holder), n, Rule::CardText);
                self.set_acting(outer);
                result?;
            }
            // Every ship has left by now (`return_ships` sends to the warp what has no colony).
            self.state.holds.retain(|h| h.holder != hold.holder);
        }
        Ok(())
    }
}
