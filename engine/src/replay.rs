//! Encounters played again: restarted from their start, or replayed from their planning
//! phase with the state as it stood then (the card a replay sets aside face up excepted).

use crate::effects::Until;
use crate::event::{Cause, EventKind};
use crate::game::Game;
use crate::hooks::Window;
use crate::ids::{CardId, PlayerId};
use crate::state::{Aside, AsideCard};

impl Game<'_> {
    /// Card text restarts the encounter: once every ability of the window it acts at has
    /// acted, its cards and ships leave it, and the offense plays it again from its start,
    /// after any encounter granted meanwhile.
    pub fn restart_encounter(&mut self, source: u32) {
        if self.state.encounter.restarting {
            return;
        }
        self.state.encounter.restarting = true;
        let offense = self.state.offense;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EncounterRestarted { offense },
        );
    }

    /// Card text replays the encounter from its planning phase: once every ability of the
    /// window it acts at has acted, everything goes back to how it stood as planning began
    /// (cards played since return to their hands, effects started since end, ships stand
    /// where they stood), save the cards set aside face up meanwhile and the lasting effects
    /// started from now until the window ends (what text does after asking for the replay,
    /// it does for the replay), and the encounter is played again from there. Nothing
    /// happens before planning has begun, or if the encounter already stops.
    pub fn replay_encounter(&mut self, source: u32) {
        if self.state.encounter.restarting || self.state.replay_point.is_none() {
            return;
        }
        self.state.encounter.restarting = true;
        self.state.encounter.replay_effects_from = Some(self.state.effects.lasting.len() as u32);
        let offense = self.state.offense;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EncounterReplayed { offense },
        );
    }

    /// Keeps the state as the planning phase begins, if content held may replay the
    /// encounter from there (few games hold any: one test of the windows' mask).
    pub(crate) fn keep_replay_point(&mut self) {
        if !self.may_act_at(Window::ReplayPoint) {
            return;
        }
        let mut point = self.state.clone();
        point.replay_point = None;
        self.state.replay_point = Some(Box::new(point));
    }

    /// Puts the state back where `keep_replay_point` kept it, for a replay of the encounter:
    /// the cards set aside face up since stay aside, and the encounter is marked replayed.
    pub(crate) fn rewind_to_replay_point(&mut self) {
        let Some(point) = self.state.replay_point.take() else {
            return;
        };
        let kept: Vec<AsideCard> = (self.state.aside.iter())
            .filter(|a| a.at == Aside::Table && !point.aside.contains(a))
            .copied()
            .collect();
        let from = self.state.encounter.replay_effects_from.unwrap_or(u32::MAX) as usize;
        let carried = self
            .state
            .effects
            .lasting
            .get(from..)
            .unwrap_or(&[])
            .to_vec();
        self.state = *point;
        self.state.encounter.replayed = true;
        for a in kept {
            if self.lift_loose_card(a.card).is_some() {
                self.state.aside.push(a);
            }
        }
        self.state.effects.lasting.extend(carried);
        // What was queued to be answered happened in the time undone.
        self.moments.clear();
        self.effects_changed();
        // Anybody's holdings may differ: the event gives every player a new stamp.
        self.emit(crate::event::Rule::CardText, EventKind::EncounterRewound);
    }

    /// The holder of `card` sets it aside face up until `until` (or for good): a card in a
    /// hand, or a main player's encounter card, even revealed (it leaves the encounter); a
    /// card in nobody's hand (the discard pile) is set aside by `p`, the text's user.
    pub fn set_aside_face_up(
        &mut self,
        p: PlayerId,
        card: CardId,
        until: Option<Until>,
        source: u32,
    ) {
        let Some(owner) = self.lift_card(card) else {
            return;
        };
        let owner = owner.unwrap_or(p);
        self.state.aside.push(AsideCard {
            card,
            owner,
            at: Aside::Table,
            until,
        });
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardSetAside {
                player: owner,
                card,
                at: Aside::Table,
            },
        );
    }
}
