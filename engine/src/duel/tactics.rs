//! Reveal & Resolve Tactics: blasts against shields (a pure rule, tested alone), then
//! recovers ready spent tactics, then the revealed tactics are spent.

use super::components::TacticHalf;
use super::event::{DuelEvent, DuelRule};
use super::state::DuelState;
use crate::decision::{Answer, Choice, DecisionKind, Request};
use crate::game::{Flow, Game};
use crate::ids::PlayerId;

/// Ships of each player (by seat) the blasts destroy.
pub type Blasts = [u8; 2];

/// Each revealed Blast destroys that many of the opponent's ships on the planet, less the
/// opponent's revealed Shield (never below zero); a shield with no blast against it does
/// nothing.
pub fn resolve_blasts(halves: [TacticHalf; 2], ships: [u8; 2]) -> Blasts {
    let shield = |h: TacticHalf| match h {
        TacticHalf::Shield(v) => v,
        _ => 0,
    };
    let mut destroyed = [0u8; 2];
    for seat in 0..2 {
        if let TacticHalf::Blast(x) = halves[seat] {
            let target = 1 - seat;
            let hits = x.saturating_sub(shield(halves[target]));
            destroyed[target] = hits.min(ships[target]);
        }
    }
    destroyed
}

impl Game<'_> {
    /// The chosen half of `p`'s tactic (a shield of 0 for none: it does nothing).
    fn half(&self, p: PlayerId, chosen: Option<(u16, u8)>) -> TacticHalf {
        let Some((token, half)) = chosen else {
            return TacticHalf::Shield(0);
        };
        let def = self.duel().players[p.ix()].tactics[token as usize].def;
        self.components.duel.tactics[p.ix()][def as usize].halves[half as usize & 1]
    }

    /// Step 5 once both tactics are revealed: blasts, recovers, then spent tactics.
    pub(super) fn resolve_tactics(&mut self, chosen: [Option<(u16, u8)>; 2], planet: u16) -> Flow {
        let halves = [
            self.half(PlayerId(0), chosen[0]),
            self.half(PlayerId(1), chosen[1]),
        ];
        let ships = self.duel().planets[planet as usize].ships;
        let destroyed = resolve_blasts(halves, ships);
        for p in [PlayerId(0), PlayerId(1)] {
            let count = destroyed[p.ix()];
            if count > 0 {
                self.duel_mut().planets[planet as usize].ships[p.ix()] -= count;
                self.state.players[p.ix()].warp += count;
                self.emit_duel(
                    DuelRule::Tactics,
                    DuelEvent::ShipsDestroyed {
                        player: p,
                        count,
                        planet,
                    },
                );
            }
        }
        let leader = self.duel().leader;
        for p in [leader, DuelState::opponent(leader)] {
            if let TacticHalf::Recover(n) = halves[p.ix()] {
                let own = chosen[p.ix()].map(|c| c.0);
                self.ready_tactics(p, if n >= 2 { 2 } else { 1 }, own)?;
                if n >= 2 {
                    let o = DuelState::opponent(p);
                    self.ready_tactics(o, 1, chosen[o.ix()].map(|c| c.0))?;
                }
            }
        }
        for p in [PlayerId(0), PlayerId(1)] {
            if let (Some((token, _)), false) = (
                chosen[p.ix()],
                matches!(halves[p.ix()], TacticHalf::Recover(_)),
            ) {
                self.duel_mut().players[p.ix()].tactics[token as usize].spent = true;
                self.emit_duel(
                    DuelRule::Tactics,
                    DuelEvent::TacticSpent { player: p, token },
                );
            }
        }
        Ok(())
    }

    /// `p` readies up to `n` of its spent tactics, of its choice, never `revealed` (the one
    /// it revealed this duel, not yet spent).
    fn ready_tactics(&mut self, p: PlayerId, n: u8, revealed: Option<u16>) -> Flow {
        let spent: Vec<Choice> = (self.duel().players[p.ix()].tactics.iter().enumerate())
            .filter(|(i, t)| t.spent && Some(*i as u16) != revealed)
            .map(|(i, _)| Choice::Tactic {
                token: i as u16,
                half: 0,
            })
            .collect();
        if spent.is_empty() {
            return Ok(());
        }
        let k = n.min(spent.len() as u8);
        let picked = if spent.len() as u8 == k {
            (0..spent.len()).collect()
        } else {
            match self.ask(
                p,
                DecisionKind::ReadyTactics,
                Request::Subset {
                    options: spent.clone(),
                    min: k,
                    max: k,
                },
            )? {
                Answer::Subset(v) => v,
                _ => Vec::new(),
            }
        };
        for i in picked {
            if let Choice::Tactic { token, .. } = spent[i] {
                self.duel_mut().players[p.ix()].tactics[token as usize].spent = false;
                self.emit_duel(
                    DuelRule::Tactics,
                    DuelEvent::TacticReadied { player: p, token },
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TacticHalf::*;

    #[test]
    fn a_shield_reduces_the_opposing_blast() {
        // Example of Duel: Blast 4 against Shield 2 destroys 2 of the 3 ships.
        assert_eq!(resolve_blasts([Shield(2), Blast(4)], [3, 2]), [2, 0]);
    }

    #[test]
    fn a_shield_without_a_blast_does_nothing_and_two_blasts_both_hit() {
        assert_eq!(resolve_blasts([Shield(3), Shield(1)], [2, 2]), [0, 0]);
        assert_eq!(resolve_blasts([Blast(1), Blast(2)], [4, 4]), [2, 1]);
        assert_eq!(resolve_blasts([Blast(9), Recover(1)], [1, 3]), [0, 3]);
        assert_eq!(resolve_blasts([Blast(1), Shield(4)], [1, 3]), [0, 0]);
    }
}
