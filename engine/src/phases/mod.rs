//! The FFG turn: one or two encounters, each played phase by phase.

mod alliance;
mod destiny;
mod launch;
mod negotiation;
mod planning;
mod regroup;
mod resolution;
mod reveal;
mod start_turn;

use crate::decision::{Choice, DecisionKind};
use crate::event::{Cause, EventKind, Place, Rule};
use crate::game::{Flow, Game, Stop};
use crate::hooks::Window;
use crate::ids::{CardId, PlayerId};
use crate::state::{Encounter, Outcome, Phase};

/// Restarts of encounters one turn allows: after them the turn ends (a guard against text
/// that restarts every encounter).
const MAX_RESTARTS: u32 = 16;

impl Game<'_> {
    /// Plays one turn of the current offense (one or two encounters). `run` calls it in a
    /// loop; tests and step-by-step drivers call it directly. A won game returns
    /// `Err(Stop::GameOver)` with the winners in the state.
    pub fn play_turn(&mut self) -> Flow {
        self.play_turn_from(Phase::StartTurn)
    }

    /// Starts the current offense's turn and plays its start turn phase only, stopping
    /// before regroup (a ruling played `until` the start of the next turn ends there).
    pub fn play_turn_start(&mut self) -> Flow {
        self.state.turn += 1;
        self.stats.turns += 1;
        let (turn, offense) = (self.state.turn, self.state.offense);
        self.emit(Rule::StartTurn, EventKind::TurnStarted { turn, offense });
        self.state.encounter = Encounter {
            number: 1,
            ..Encounter::default()
        };
        self.stats.encounters += 1;
        self.emit(Rule::StartTurn, EventKind::EncounterStarted { number: 1 });
        self.enter(Phase::StartTurn)?;
        self.start_turn_phase()?;
        self.leave(Phase::StartTurn)
    }

    /// Plays the current offense's turn with its first encounter entered at `from`: the
    /// phases before it are skipped and the encounter is taken as already set up (a ruling's
    /// scenario fixes the defense, the planet, the gate and the allies in the state).
    pub fn play_turn_from(&mut self, from: Phase) -> Flow {
        match self.turn_from(from) {
            // Card text held the game's win for an encounter for the game.
            Err(Stop::GameOver) if self.win_held() => self.decide_held_win(),
            other => other,
        }
    }

    fn turn_from(&mut self, from: Phase) -> Flow {
        self.state.turn += 1;
        self.stats.turns += 1;
        let offense = self.state.offense;
        let turn = self.state.turn;
        self.emit(Rule::StartTurn, EventKind::TurnStarted { turn, offense });
        let mut number = 1;
        let mut from = from;
        let mut restarts = 0;
        loop {
            let outcome = match self.play_encounter(number, from) {
                Ok(o) => o,
                Err(Stop::TurnEnds) => break,
                // Card text stopped the encounter: what it granted meanwhile is played, then
                // the same encounter again from its start (it keeps its number).
                Err(Stop::EncounterRestarts) => {
                    // Text that restarts every encounter would never let the turn end.
                    restarts += 1;
                    if restarts > MAX_RESTARTS {
                        break;
                    }
                    from = Phase::StartTurn;
                    if let Some((p, defense)) = self.state.extra_encounter.take() {
                        self.interposed_encounter(p, defense)?;
                    }
                    continue;
                }
                Err(e) => return Err(e),
            };
            from = Phase::StartTurn;
            if let Some((p, defense)) = self.state.extra_encounter.take() {
                self.interposed_encounter(p, defense)?;
            }
            let allowed = self.quantity(
                crate::quantity::Quantity::EncountersPerTurn,
                self.state.rules.encounters_per_turn as i32,
            );
            // Content that grants another encounter asked its own question already.
            let granted = std::mem::take(&mut self.state.another_encounter);
            let has_card = self.state.has_encounter_card(offense);
            if granted && has_card {
                number += 1;
                continue;
            }
            let more = (number as i32) < allowed && outcome.is_success() && has_card;
            if !more {
                break;
            }
            let mut options = self.choices();
            options.extend([Choice::Yes, Choice::No]);
            if self.state.rules.tech {
                options.push(Choice::AcquireTech);
            }
            let again = self.pick(offense, DecisionKind::SecondEncounter, options)?;
            if again == Choice::AcquireTech {
                self.acquire_tech(offense)?;
            }
            if again != Choice::Yes {
                break;
            }
            number += 1;
        }
        self.expire_effects(crate::effects::Until::EndOfTurn);
        self.state.another_encounter = false;
        self.emit(Rule::StartTurn, EventKind::TurnEnded { offense });
        match self.violation.take() {
            Some(v) => Err(v.into()),
            None => Ok(()),
        }
    }

    /// Plays an encounter content granted `p` against `defense`'s home system at once, out of
    /// turn; the turn's offense then goes on where it left off.
    fn interposed_encounter(&mut self, p: PlayerId, defense: Option<PlayerId>) -> Flow {
        let offense = self.state.offense;
        let number = self.state.encounter.number;
        let another = std::mem::take(&mut self.state.another_encounter);
        self.state.offense = p;
        self.state.fixed_defense = defense;
        let result = self.play_encounter(1, Phase::StartTurn);
        self.state.fixed_defense = None;
        self.state.granted_by = None;
        match result {
            Ok(_) | Err(Stop::TurnEnds) | Err(Stop::EncounterRestarts) => {}
            Err(e) => return Err(e),
        }
        self.state.offense = offense;
        self.state.encounter.number = number;
        self.state.another_encounter = another;
        Ok(())
    }

    /// Plays one encounter from phase `from` on and returns its outcome. Card text replaying
    /// it puts the state back as its planning phase began and plays it again from there.
    fn play_encounter(&mut self, number: u8, from: Phase) -> Flow<Outcome> {
        if from == Phase::StartTurn {
            self.state.encounter = Encounter {
                number,
                ..Encounter::default()
            };
        } else {
            self.state.encounter.number = number;
        }
        let mut from = from;
        let mut replays = 0;
        loop {
            self.stats.encounters += 1;
            self.emit(Rule::StartTurn, EventKind::EncounterStarted { number });
            let mut result = self.encounter_phases(from);
            if let Err(Stop::EncounterDecided) = result {
                // Card text decided the winner: the encounter is resolved at once.
                result = self.decided_resolution();
            }
            let mut result = match result {
                // Card text ended the encounter early; its outcome stands.
                Err(Stop::EncounterEnds(outcome)) => Ok(outcome),
                other => other,
            };
            if let Err(Stop::EncounterRestarts) = result {
                // A replay from the planning phase, rather than a restart from the start.
                if self.state.encounter.replay_effects_from.is_some() {
                    // Text that replays every encounter would never let the turn end: as
                    // for restarts, after so many the turn ends.
                    replays += 1;
                    if replays <= MAX_RESTARTS {
                        self.rewind_to_replay_point();
                        from = Phase::Planning;
                        continue;
                    }
                    result = Err(Stop::TurnEnds);
                }
            }
            // In an encounter for the game, its outcome decides who wins.
            if self.state.deciding.is_some() {
                if let Ok(outcome) = result {
                    self.note_deciding_outcome(outcome);
                }
            }
            // Whether the encounter ran its course or the turn ended early, nothing stays in
            // the encounter area; a won game or an error is left exactly as it stopped.
            match result {
                Ok(_) | Err(Stop::TurnEnds) | Err(Stop::EncounterRestarts) => {
                    self.state.replay_point = None;
                    self.clean_up_encounter()?
                }
                Err(_) => {}
            }
            return result;
        }
    }

    fn encounter_phases(&mut self, from: Phase) -> Flow<Outcome> {
        let run = |phase: Phase| phase >= from;
        if run(Phase::StartTurn) {
            self.enter(Phase::StartTurn)?;
            self.start_turn_phase()?;
            // Reward deck variant: rifts are played at the start of any encounter.
            if self.state.rules.rewards {
                self.rift_step()?;
            }
            self.leave(Phase::StartTurn)?;
        }
        if run(Phase::Regroup) {
            self.enter(Phase::Regroup)?;
            self.regroup_phase()?;
            self.leave(Phase::Regroup)?;
        }
        if run(Phase::Destiny) {
            self.enter(Phase::Destiny)?;
            let settled = self.destiny_phase()?;
            // Hazard deck variant: before allies are invited, whatever the destiny card did.
            self.hazard_step()?;
            self.leave(Phase::Destiny)?;
            if let Some(outcome) = settled {
                return Ok(outcome);
            }
        }
        if run(Phase::Launch) && !self.state.encounter.to_reveal {
            self.enter(Phase::Launch)?;
            self.launch_phase()?;
            self.leave(Phase::Launch)?;
        }
        if run(Phase::Alliance) && !self.state.encounter.to_reveal {
            self.enter(Phase::Alliance)?;
            self.alliance_phase()?;
            self.leave(Phase::Alliance)?;
        }
        if run(Phase::Planning) && !self.state.encounter.to_reveal {
            self.keep_replay_point();
            self.enter(Phase::Planning)?;
            self.planning_phase()?;
            self.leave(Phase::Planning)?;
        }
        // Card text may send the encounter straight to the reveal (`to_reveal`), skipping
        // the phases between. An encounter entered at resolution still turns its cards face
        // up first.
        self.enter(Phase::Reveal)?;
        self.reveal_phase()?;
        self.leave(Phase::Reveal)?;

        self.enter(Phase::Resolution)?;
        let outcome = self.resolution_phase()?;
        self.leave(Phase::Resolution)?;
        Ok(outcome)
    }

    /// Resolves an encounter whose winner card text decided, skipping what was left of it.
    fn decided_resolution(&mut self) -> Flow<Outcome> {
        self.enter(Phase::Resolution)?;
        let outcome = self.resolution_phase()?;
        self.leave(Phase::Resolution)?;
        Ok(outcome)
    }

    /// Opens a phase: records it and lets content act at its start.
    fn enter(&mut self, phase: Phase) -> Flow {
        self.state.encounter.phase = Some(phase);
        let rule = phase_rule(phase);
        self.emit(rule, EventKind::PhaseStarted { phase });
        if phase == Phase::Regroup {
            // Technology variant: before anything else in regroup.
            self.tech_step()?;
        }
        self.window(Window::PhaseStart(phase))
    }

    /// Closes a phase: lets content act at its end and checks for a win.
    fn leave(&mut self, phase: Phase) -> Flow {
        self.window(Window::PhaseEnd(phase))?;
        self.check_win()
    }

    /// Calls the hooks at a window. A game passes about a thousand windows, most with no
    /// moment queued and nothing held acting there: that path is kept to a few tests, and
    /// the rest is out of line.
    #[inline]
    pub(crate) fn window(&mut self, window: Window) -> Flow {
        if !self.state.holds.is_empty() {
            self.release_lost_holds()?;
        }
        if !self.moments.is_empty() {
            self.answer_moments()?;
        }
        if !self.may_act_at(window) {
            return Ok(());
        }
        self.hooks().at(window, self)?;
        // Card text restarting the encounter waits for the window's other abilities.
        if self.state.encounter.restarting {
            return Err(Stop::EncounterRestarts);
        }
        Ok(())
    }

    /// Passes the queued moments to the hooks, in the order they happened.
    #[inline(never)]
    fn answer_moments(&mut self) -> Flow {
        while !self.moments.is_empty() {
            let moment = self.moments.remove(0);
            self.pass_moment(moment)?;
        }
        Ok(())
    }

    /// The encounter stopped where the game's win was held is cleaned up, as an encounter
    /// whose turn ended early is (`decide_held_win`).
    pub(crate) fn clean_up_stopped_encounter(&mut self) -> Flow {
        self.state.replay_point = None;
        self.clean_up_encounter()
    }

    /// The encounter for the game (`decide_held_win`): the offense's, out of turn, from its
    /// start, against the defense content fixed.
    pub(crate) fn play_encounter_for_the_game(&mut self) -> Flow<Outcome> {
        self.play_encounter(1, Phase::StartTurn)
    }

    /// Returns every ship still in the encounter to its owner's colonies and discards the
    /// encounter's cards and destiny card.
    fn clean_up_encounter(&mut self) -> Flow {
        for p in 0..self.state.player_count() {
            let p = PlayerId(p as u8);
            let gate = self.state.encounter.gate[p.ix()];
            if gate > 0 {
                self.return_ships(p, Place::Gate, gate, Rule::ReturnFromGate)?;
            }
            let beside = self.state.encounter.beside[p.ix()];
            if beside > 0 {
                self.return_ships(p, Place::Beside, beside, Rule::ReturnFromGate)?;
            }
        }
        let offense = self.state.offense;
        let defense = self.state.encounter.defense.unwrap_or(offense);
        // Card text may remove the cards played from the game instead of discarding them.
        let removal = self.played_cards_removed();
        let cards = self.state.encounter.cards;
        for (i, c) in cards.into_iter().enumerate() {
            if let Some(card) = c {
                self.state.encounter.cards[i] = None;
                let player = if i == 0 { offense } else { defense };
                self.done_with_played(player, card, removal);
            }
        }
        for (i, c) in self.state.encounter.kickers.into_iter().enumerate() {
            if let Some(card) = c {
                self.state.encounter.kickers[i] = None;
                let player = if i == 0 { offense } else { defense };
                self.done_with_played(player, card, removal);
            }
        }
        let reinforcements = std::mem::take(&mut self.state.encounter.reinforcements);
        if removal.is_some() {
            self.state
                .removed_cards
                .extend(reinforcements.iter().map(|r| r.card));
        } else {
            for r in &reinforcements {
                self.state.place_in_discard(r.card);
            }
        }
        for r in reinforcements {
            let (player, card) = (r.by, r.card);
            match removal {
                Some(source) => self.emit_caused(
                    Cause::Ability(source),
                    EventKind::CardRemoved { player, card },
                ),
                None => self.emit(
                    Rule::EncounterCleanup,
                    EventKind::CardDiscarded { player, card },
                ),
            }
        }
        if let Some(card) = self.state.encounter.destiny.take() {
            self.state.destiny.discard.push(card);
            self.emit(Rule::EncounterCleanup, EventKind::DestinyDiscarded { card });
        }
        self.discard_hazard();
        self.return_lent_powers();
        self.return_traded_sheets();
        self.return_hired_ships();
        self.return_aside_cards();
        self.expire_effects(crate::effects::Until::EndOfEncounter);
        // Card text that ended the encounter during the outcome's losses left the warp held
        // (Eon's praw): critical mass is checked before the encounter is forgotten.
        self.release_warp();
        // The finished encounter leaves only its number and outcome behind.
        self.state.encounter = Encounter {
            number: self.state.encounter.number,
            outcome: self.state.encounter.outcome,
            ..Encounter::default()
        };
        Ok(())
    }
}

impl Game<'_> {
    /// Encounter cleanup is done with a card `player` played, already taken off the table:
    /// it is discarded, or removed from the game while card text removes every card played
    /// (`removal`, the source of that effect).
    fn done_with_played(&mut self, player: PlayerId, card: CardId, removal: Option<u32>) {
        match removal {
            Some(source) => {
                self.state.removed_cards.push(card);
                self.emit_caused(
                    Cause::Ability(source),
                    EventKind::CardRemoved { player, card },
                );
            }
            None => {
                self.state.place_in_discard(card);
                self.emit(
                    Rule::EncounterCleanup,
                    EventKind::CardDiscarded { player, card },
                );
            }
        }
    }
}

fn phase_rule(phase: Phase) -> Rule {
    match phase {
        Phase::StartTurn => Rule::StartTurn,
        Phase::Regroup => Rule::Regroup,
        Phase::Destiny => Rule::Destiny,
        Phase::Launch => Rule::Launch,
        Phase::Alliance => Rule::Alliance,
        Phase::Planning => Rule::Planning,
        Phase::Reveal => Rule::Reveal,
        Phase::Resolution => Rule::Resolution,
    }
}
