//! Eon's planet hexes (the Complete Book §III.1, §XVIII, Expansion Set 9): with the unique
//! hexes each player is dealt one at random. A hex is an attachment: its rules are content
//! (the `hex` kind), held by its player beside the power, out of a zap's reach.

use crate::event::{EventKind, Rule};
use crate::game::{Flow, Game, GameError};
use rand::seq::SliceRandom;

/// The content kind of a planet hex.
pub const HEX: &str = "hex";

impl Game<'_> {
    /// Shuffles the planet hexes and deals one to each player (§III.1). The book deals from
    /// all six: a library without enough of them cannot deal a game.
    pub(crate) fn deal_hexes(&mut self) -> Flow {
        let mut hexes: Vec<u16> = self.components.attachments_of(HEX).collect();
        let n = self.state.player_count();
        if hexes.len() < n {
            return Err(GameError::Setup(format!(
                "{} planet hexes for {n} players: the library lacks the others",
                hexes.len()
            ))
            .into());
        }
        hexes.shuffle(&mut self.rng);
        for (p, hex) in self
            .state
            .seats()
            .collect::<Vec<_>>()
            .into_iter()
            .zip(hexes)
        {
            self.state.players[p.ix()].attachments.push(hex);
            self.emit(
                Rule::HexesDealt,
                EventKind::AttachmentDealt {
                    player: p,
                    attachment: hex,
                },
            );
        }
        Ok(())
    }
}
