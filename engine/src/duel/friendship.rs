//! Envoys and friendship: increasing and decreasing friendship, the one-allied-envoy rule,
//! and turning facedown allied envoys face up in a duel or contest, leader first.

use super::event::{DuelEvent, DuelRule};
use super::state::DuelState;
use crate::decision::{Answer, Choice, DecisionKind, Request};
use crate::game::{Flow, Game};
use crate::ids::PlayerId;

impl Game<'_> {
    /// Reveal Facedown Envoys: starting with the leader, each player with a facedown allied
    /// envoy may turn it face up.
    pub(super) fn reveal_envoys(&mut self) -> Flow {
        let leader = self.duel().leader;
        for p in [leader, DuelState::opponent(leader)] {
            let facedown: Vec<usize> = (self.duel().allies_of(p))
                .filter(|&i| !self.duel().envoys[i].face_up)
                .collect();
            for i in facedown {
                let envoy = self.duel().envoys[i].def;
                let options = vec![Choice::No, Choice::Envoy(envoy)];
                if let Choice::Envoy(_) = self.pick(p, DecisionKind::RevealEnvoy, options)? {
                    self.duel_mut().envoys[i].face_up = true;
                    self.emit_duel(
                        DuelRule::RevealEnvoys,
                        DuelEvent::EnvoyRevealed { player: p, envoy },
                    );
                }
            }
        }
        Ok(())
    }

    /// `p` increases its friendship with an envoy of its choice: a neutral envoy becomes its
    /// ally, or the opponent's ally becomes neutral. With none to choose, nothing happens.
    pub fn increase_friendship(&mut self, p: PlayerId) -> Flow {
        let o = DuelState::opponent(p);
        let options: Vec<Choice> = (self.duel().envoys.iter())
            .filter(|e| e.ally.is_none() || e.ally == Some(o))
            .map(|e| Choice::Envoy(e.def))
            .collect();
        if options.is_empty() {
            return Ok(());
        }
        if let Choice::Envoy(envoy) = self.pick(p, DecisionKind::Friendship, options)? {
            let ally = match self.envoy_ally(envoy) {
                None => Some(p),
                _ => None,
            };
            self.set_ally(envoy, ally);
            self.keep_one_envoy(p)?;
        }
        Ok(())
    }

    /// `p` decreases its friendship with an envoy of its choice: its own ally becomes
    /// neutral, or a neutral envoy becomes the opponent's ally.
    pub fn decrease_friendship(&mut self, p: PlayerId) -> Flow {
        let options: Vec<Choice> = (self.duel().envoys.iter())
            .filter(|e| e.ally.is_none() || e.ally == Some(p))
            .map(|e| Choice::Envoy(e.def))
            .collect();
        if options.is_empty() {
            return Ok(());
        }
        if let Choice::Envoy(envoy) = self.pick(p, DecisionKind::Friendship, options)? {
            let o = DuelState::opponent(p);
            let ally = match self.envoy_ally(envoy) {
                None => Some(o),
                _ => None,
            };
            self.set_ally(envoy, ally);
            self.keep_one_envoy(o)?;
        }
        Ok(())
    }

    fn envoy_ally(&self, envoy: u16) -> Option<PlayerId> {
        (self.duel().envoys.iter())
            .find(|e| e.def == envoy)
            .and_then(|e| e.ally)
    }

    fn set_ally(&mut self, envoy: u16, ally: Option<PlayerId>) {
        if let Some(e) = self.duel_mut().envoys.iter_mut().find(|e| e.def == envoy) {
            e.ally = ally;
        }
        self.emit_duel(
            DuelRule::Envoys,
            DuelEvent::FriendshipChanged { envoy, ally },
        );
    }

    /// A player with more than one allied envoy chooses one to keep; the others become
    /// neutral (decreasing friendship with one's own ally).
    fn keep_one_envoy(&mut self, p: PlayerId) -> Flow {
        let allies: Vec<u16> = (self.duel().allies_of(p))
            .map(|i| self.duel().envoys[i].def)
            .collect();
        if allies.len() <= 1 {
            return Ok(());
        }
        let options: Vec<Choice> = allies.iter().map(|&e| Choice::Envoy(e)).collect();
        let keep = match self.ask(p, DecisionKind::KeepEnvoy, Request::Pick(options))? {
            Answer::Pick(i) => allies[i],
            _ => allies[0],
        };
        for envoy in allies.into_iter().filter(|&e| e != keep) {
            self.set_ally(envoy, None);
        }
        Ok(())
    }
}
