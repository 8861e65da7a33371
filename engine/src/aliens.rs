//! Alien sheets in play and in the box: hidden powers (sheets face down until used),
//! rotating powers (the offense may change its alien each turn) and alien powers gained
//! besides a player's own sheet (drawn at random from the unused aliens).

use crate::decision::{Choice, DecisionKind};
use crate::event::{Cause, EventKind, Rule};
use crate::game::{Flow, Game};
use crate::ids::PlayerId;
use crate::state::GainedPower;
use rand::Rng;

impl Game<'_> {
    /// Gives `player` the sheet of `alien` at setup, face down with hidden powers unless the
    /// alien has game setup text (which must be done in the open).
    pub(crate) fn give_alien(&mut self, player: PlayerId, alien: u16) {
        // Face down before the sheet is announced, so a player's log never names it.
        let face_down = self.state.rules.hidden_powers && !self.has_game_setup(alien);
        let p = &mut self.state.players[player.ix()];
        p.alien = Some(alien);
        p.face_down = face_down;
        self.emit(Rule::Setup, EventKind::AlienGiven { player, alien });
        if face_down {
            self.emit(Rule::HiddenPowers, EventKind::AlienFaceDown { player });
        }
    }

    /// Puts every alien of the game's sets (`in_sets`) not given to a player in the box, for
    /// later draws.
    pub(crate) fn box_unused_aliens(&mut self, in_sets: &[u16]) {
        // The aliens in play, marked by number once rather than searched for each alien of
        // the sets.
        let mut in_play = vec![false; self.components.aliens.len()];
        for a in self.state.players.iter().flat_map(|p| p.aliens()) {
            if let Some(seen) = in_play.get_mut(a as usize) {
                *seen = true;
            }
        }
        let mut unused = Vec::with_capacity(in_sets.len());
        unused.extend((in_sets.iter().copied()).filter(|&a| !in_play[a as usize]));
        self.state.unused_aliens = unused;
    }

    fn has_game_setup(&self, alien: u16) -> bool {
        self.components
            .aliens
            .get(alien as usize)
            .is_some_and(|d| d.game_setup)
    }

    /// Takes a random alien from the box, leaving aside those with game setup text (they
    /// cannot join a game under way); none when no such alien is left.
    fn draw_unused_alien(&mut self) -> Option<u16> {
        let (s, components) = (&self.state, &*self.components);
        let defs = &components.aliens;
        let excludes = |a: u16| defs.get(a as usize).is_some_and(|d| !d.excludes.is_empty());
        // Nor one whose sheet excludes an alien in play, or is excluded by one. Only the
        // aliens in play are compared, and only when one of the two sheets excludes anything
        // (few do): names are compared, which is slow, and the box is searched whole.
        let in_play: smallvec::SmallVec<[u16; 16]> =
            s.players.iter().flat_map(|p| p.aliens()).collect();
        let any_in_play_excludes = in_play.iter().any(|&b| excludes(b));
        let usable = |a: u16| {
            !defs.get(a as usize).is_some_and(|d| d.game_setup)
                && !((any_in_play_excludes || excludes(a))
                    && in_play.iter().any(|&b| components.aliens_exclude(a, b)))
        };
        let count = s.unused_aliens.iter().filter(|&&a| usable(a)).count();
        if count == 0 {
            return None;
        }
        let k = self.rng.gen_range(0..count);
        let i = (0..s.unused_aliens.len())
            .filter(|&i| usable(s.unused_aliens[i]))
            .nth(k)?;
        Some(self.state.unused_aliens.remove(i))
    }

    /// Puts `alien`, which `p` had, back in the box, keeping the box in ascending order; its
    /// text may answer leaving the game (`Moment::AlienLeft`).
    fn box_alien(&mut self, p: PlayerId, alien: u16) {
        let at = self.state.unused_aliens.partition_point(|&a| a < alien);
        self.state.unused_aliens.insert(at, alien);
        self.note(crate::hooks::Moment::AlienLeft(p, alien));
    }

    /// Flips `p`'s face-down alien sheet face up (to use its power); nothing if it is up.
    pub fn reveal_alien(&mut self, p: PlayerId) {
        let player = &mut self.state.players[p.ix()];
        if !player.face_down {
            return;
        }
        player.face_down = false;
        if let Some(alien) = player.alien {
            self.emit(
                Rule::HiddenPowers,
                EventKind::AlienRevealed { player: p, alien },
            );
        }
    }

    /// `p` gains a random unused alien's power besides its own: held with `tech` (lost when
    /// that tech leaves play), or kept; as an `incarnation` it replaces the power `p` became
    /// before (which goes back to the box). Returns the alien gained.
    pub fn gain_random_power(
        &mut self,
        p: PlayerId,
        tech: Option<u16>,
        incarnation: bool,
        source: u32,
    ) -> Option<u16> {
        if incarnation {
            let before: Vec<u16> = self.state.players[p.ix()]
                .gained
                .iter()
                .filter(|g| g.incarnation)
                .map(|g| g.alien)
                .collect();
            self.state.players[p.ix()].gained.retain(|g| !g.incarnation);
            for alien in before {
                self.box_alien(p, alien);
                self.emit_caused(
                    Cause::Ability(source),
                    EventKind::GainedPowerLost { player: p, alien },
                );
            }
        }
        let alien = self.draw_unused_alien()?;
        self.state.players[p.ix()].gained.push(GainedPower {
            alien,
            tech,
            incarnation,
        });
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PowerGained { player: p, alien },
        );
        Some(alien)
    }

    /// `p`'s alien sheet goes back to the box and `p` takes a random unused one instead
    /// (face up, without tokens); nothing happens when no usable alien is left.
    pub fn replace_alien(&mut self, p: PlayerId, source: u32) {
        let Some(old) = self.state.players[p.ix()].alien else {
            return;
        };
        let Some(new) = self.draw_unused_alien() else {
            return;
        };
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AlienDiscarded {
                player: p,
                alien: old,
            },
        );
        self.box_alien(p, old);
        let player = &mut self.state.players[p.ix()];
        player.alien = Some(new);
        player.face_down = false;
        self.state.effects.tokens[p.ix()] = 0;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AlienGiven {
                player: p,
                alien: new,
            },
        );
    }

    /// `p` loses the powers it holds with `tech` (the tech left play); they go back to the box.
    pub(crate) fn lose_tech_powers(&mut self, p: PlayerId, tech: u16, rule: Rule) {
        let lost: Vec<u16> = self.state.players[p.ix()]
            .gained
            .iter()
            .filter(|g| g.tech == Some(tech))
            .map(|g| g.alien)
            .collect();
        if lost.is_empty() {
            return;
        }
        self.state.players[p.ix()]
            .gained
            .retain(|g| g.tech != Some(tech));
        for alien in lost {
            self.box_alien(p, alien);
            self.emit(rule, EventKind::GainedPowerLost { player: p, alien });
        }
    }

    /// Rotating powers: at the start of its turn the offense draws an unused alien sheet and
    /// keeps it or its old one; the other goes back to the box. A new sheet enters face down with
    /// hidden powers, and starts without tokens.
    pub(crate) fn rotate_alien(&mut self) -> Flow {
        let p = self.state.offense;
        let Some(old) = self.state.players[p.ix()].alien else {
            return Ok(());
        };
        let Some(new) = self.draw_unused_alien() else {
            return Ok(());
        };
        self.emit(
            Rule::RotatingPowers,
            EventKind::AlienDrawn {
                player: p,
                alien: new,
            },
        );
        let options = vec![Choice::Alien(old), Choice::Alien(new)];
        let kept = match self.pick(p, DecisionKind::ChooseAlien, options)? {
            Choice::Alien(a) if a == new => new,
            _ => old,
        };
        let gone = if kept == new { old } else { new };
        let hidden = self.state.rules.hidden_powers;
        // The old sheet is announced as discarded while its player still holds it, so a
        // player's log can tell whether it lay face up (`secrecy`).
        if kept == old {
            // Drawn and put back unplayed: it never was in the game.
            let at = self.state.unused_aliens.partition_point(|&a| a < gone);
            self.state.unused_aliens.insert(at, gone);
        }
        self.emit(
            Rule::RotatingPowers,
            EventKind::AlienDiscarded {
                player: p,
                alien: gone,
            },
        );
        if kept == new {
            self.box_alien(p, gone);
            let player = &mut self.state.players[p.ix()];
            player.alien = Some(new);
            player.face_down = hidden;
            self.state.effects.tokens[p.ix()] = 0;
            self.emit(
                Rule::RotatingPowers,
                EventKind::AlienGiven {
                    player: p,
                    alien: new,
                },
            );
            if hidden {
                self.emit(Rule::RotatingPowers, EventKind::AlienFaceDown { player: p });
            }
        }
        Ok(())
    }
}
