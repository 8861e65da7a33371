//! Destiny: the offense draws a destiny card to learn the defense. Its own color lets it drive
//! out a foreign colony at home, re-establish an empty home planet, or draw again.

use crate::components::{DestinyKind, SpecialDestiny};
use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Rule};
use crate::game::{Flow, Game, GameError};
use crate::hooks::Window;
use crate::ids::{DestinyId, PlayerId, Seats};
use crate::state::Outcome;
use rand::seq::SliceRandom;

impl Game<'_> {
    /// Names the defense (and, when driving out a colony, the planet). Returns an outcome
    /// when the encounter is settled here (a re-established home colony).
    pub(super) fn destiny_phase(&mut self) -> Flow<Option<Outcome>> {
        let offense = self.state.offense;
        if let Some(defense) = self.state.fixed_defense.take() {
            // A home system whose planets card text all destroyed cannot be attacked: the
            // defense is drawn from destiny as usual instead (our reading).
            if self.state.has_home_planets(defense) {
                self.name_defense(defense)?;
                return Ok(None);
            }
        }
        // Eon's two-player game turns no disc (§X).
        if self.state.rules.two_player {
            let (defense, planet) = self.two_player_target()?;
            self.state.encounter.planet = planet;
            self.name_defense_by(defense, Rule::TwoPlayerChallenge)?;
            return Ok(None);
        }
        // Card text may have destroyed every planet the offense could attack: no card of the
        // destiny deck can give it an encounter, so its turn ends (our reading: the rules
        // never leave a game without planets to attack).
        if !self.encounter_possible() {
            return Err(self.abort_encounter(Rule::NoEncounterPossible));
        }
        // Drawing again discards; a deck of destiny cards all showing the offense's own color
        // cannot loop forever because each reshuffle includes the other colors.
        for flip in 0..256 {
            // With Eon's praw, a token is regained before every flip, not only the first
            // (§XIX.2 note 1; the first was regained in regroup).
            if flip > 0 && self.state.rules.praw {
                self.retrieve_one(offense, Rule::RegainBeforeFlip)?;
            }
            let card = self.draw_destiny()?;
            self.state.encounter.destiny = Some(card);
            // Noted whether this card is used or drawn again (hazard deck variant; without
            // it the state leaves warnings unrecorded, as it always did).
            if self.state.destiny_cards[card.0 as usize].hazard
                && !self.state.rules.hazards.is_off()
            {
                self.state.encounter.hazard_warning = true;
            }
            self.emit(
                Rule::Destiny,
                EventKind::DestinyDrawn {
                    player: offense,
                    card,
                },
            );
            if self.state.rules.reverse_cone {
                self.turn_cone(card);
            }
            let kind = self.state.destiny_cards[card.0 as usize].kind;
            let named = match kind {
                DestinyKind::Color(c) => self.state.player_of(c).unwrap_or(offense),
                DestinyKind::Wild => {
                    // A player whose home planets card text destroyed cannot be attacked.
                    let mut others = self.choices();
                    others.extend(
                        (self.state.seats())
                            .filter(|&p| p != offense && self.state.has_home_planets(p))
                            .map(Choice::Player),
                    );
                    if others.is_empty() {
                        // Nobody else has a planet left: the card names nobody; draw again.
                        self.spare_choices.keep(others);
                        self.discard_destiny(card);
                        continue;
                    }
                    match self.pick(offense, DecisionKind::WildDefense, others)? {
                        Choice::Player(p) => p,
                        _ => offense,
                    }
                }
                DestinyKind::Content { .. } => {
                    // The card names nobody by itself: the text answering its draw may aim the
                    // encounter, or stop it. If none does, it is discarded and another drawn.
                    self.state.encounter.destiny_wild = false;
                    self.state.encounter.destiny_names = None;
                    self.window(Window::DestinyDrawn)?;
                    if self.state.encounter.defense.is_some() {
                        if self.destiny_redrawn(card) {
                            continue;
                        }
                        return Ok(None);
                    }
                    self.discard_destiny(card);
                    continue;
                }
                DestinyKind::Special(criterion) => {
                    let candidates = self.special_candidates(criterion);
                    let mut tied = self.choices();
                    tied.extend(candidates.iter().map(|&p| Choice::Player(p)));
                    match self.pick(offense, DecisionKind::SpecialTie, tied)? {
                        Choice::Player(p) => p,
                        _ => offense,
                    }
                }
            };
            let wild = matches!(kind, DestinyKind::Wild);
            self.state.encounter.destiny_wild = wild;
            self.state.encounter.destiny_names = (!wild).then_some(named);
            self.window(Window::DestinyDrawn)?;
            if named != offense && !self.state.has_home_planets(named) {
                // Card text destroyed every planet of the home system named: there is nothing
                // to attack there, so the card is discarded and another drawn (our reading;
                // the rules never leave a system without planets).
                self.discard_destiny(card);
                continue;
            }
            if named != offense {
                self.name_defense(named)?;
                if self.destiny_redrawn(card) {
                    continue;
                }
                return Ok(None);
            }
            match self.own_color_choice()? {
                Choice::DriveOut { planet, player } => {
                    self.state.encounter.planet = Some(planet);
                    self.name_defense(player)?;
                    if self.destiny_redrawn(card) {
                        continue;
                    }
                    return Ok(None);
                }
                Choice::Reestablish(planet) => {
                    self.state.encounter.planet = Some(planet);
                    let decision = DecisionKind::ReestablishShips;
                    self.land_chosen_ships(offense, planet, decision, Rule::Reestablish)?;
                    let outcome = Outcome::Reestablished;
                    self.state.encounter.outcome = Some(outcome);
                    self.emit(Rule::Reestablish, EventKind::EncounterResolved { outcome });
                    return Ok(Some(outcome));
                }
                _ => self.discard_destiny(card),
            }
        }
        Err(GameError::Stuck("destiny never named a defense".into()).into())
    }

    /// Whether card text had the destiny card discarded: the encounter forgets the defense
    /// and the planet, the card is discarded, and the offense draws again.
    fn destiny_redrawn(&mut self, card: DestinyId) -> bool {
        if !std::mem::take(&mut self.state.encounter.redraw_destiny) {
            return false;
        }
        let e = &mut self.state.encounter;
        e.defense = None;
        e.planet = None;
        self.discard_destiny(card);
        true
    }

    /// The destiny card drawn is discarded (the offense draws again).
    fn discard_destiny(&mut self, card: DestinyId) {
        self.state.encounter.destiny = None;
        self.state.destiny.discard.push(card);
        self.emit(Rule::Destiny, EventKind::DestinyDiscarded { card });
    }

    /// Shuffles the destiny discards into a deck down to its last card (the rules draw from
    /// a deck of two or more).
    pub(crate) fn refill_destiny(&mut self) {
        if self.state.destiny.draw.len() <= 1 {
            let discards = std::mem::take(&mut self.state.destiny.discard);
            self.state.destiny.draw.extend(discards);
            self.state.destiny.draw.shuffle(&mut self.rng);
            let cards = self.state.destiny.draw.len() as u8;
            self.emit(Rule::DestinyReshuffle, EventKind::DestinyShuffled { cards });
        }
    }

    fn name_defense(&mut self, defense: PlayerId) -> Flow {
        self.name_defense_by(defense, Rule::Destiny)
    }

    /// Names the defense under `rule` (destiny, or Eon's two-player choice).
    fn name_defense_by(&mut self, defense: PlayerId, rule: Rule) -> Flow {
        self.state.encounter.defense = Some(defense);
        self.emit(rule, EventKind::DefenseNamed { defense });
        self.window(Window::DefenseNamed)
    }

    /// The options after drawing one's own color.
    fn own_color_choice(&mut self) -> Flow<Choice> {
        let mut options = self.choices();
        self.own_color_encounters(&mut options);
        // Drawing again is offered only if another card could name someone: once every
        // other home system has lost its planets, it could only loop (our reading).
        let offense = self.state.offense;
        if (self.state.seats()).any(|p| p != offense && self.state.has_home_planets(p)) {
            options.push(Choice::DrawAgain);
        }
        if options.is_empty() {
            // Card text destroyed the last planets to attack while the offense drew (a hazard
            // devouring planets on special destiny cards): the turn ends as it does when that
            // is found before the first draw.
            return Err(self.abort_encounter(Rule::NoEncounterPossible));
        }
        self.pick(self.state.offense, DecisionKind::OwnColor, options)
    }

    /// Whether some destiny card can give the offense an encounter: another player has a
    /// home planet left, or its own color offers a colony to drive out or a planet to
    /// re-establish.
    fn encounter_possible(&mut self) -> bool {
        let offense = self.state.offense;
        if (self.state.seats()).any(|p| p != offense && self.state.has_home_planets(p)) {
            return true;
        }
        let mut options = self.choices();
        self.own_color_encounters(&mut options);
        let possible = !options.is_empty();
        self.spare_choices.keep(options);
        possible
    }

    /// The encounters the offense's own color offers: foreign colonies to drive out of its
    /// home system, and empty home planets to re-establish; added to `options`.
    fn own_color_encounters(&self, options: &mut Vec<Choice>) {
        let offense = self.state.offense;
        // Eon has no re-establishing of an empty home planet: its own color offers the next
        // disc or a challenge against another player's base at home (§VIII.1-2).
        let can_commit = (self.state.has_colony(offense)
            || self.state.encounter.gate[offense.ix()] > 0)
            && self.state.rules.edition == crate::edition::Edition::Ffg;
        for planet in self.state.home_planets(offense) {
            let ships = &self.state.planet(planet).ships;
            if ships.iter().all(|&n| n == 0) {
                if can_commit {
                    options.push(Choice::Reestablish(planet));
                }
                continue;
            }
            for p in self.state.seats() {
                if p != offense && ships[p.ix()] > 0 {
                    options.push(Choice::DriveOut { planet, player: p });
                }
            }
        }
    }

    /// The players a special destiny card designates (several when tied).
    fn special_candidates(&self, criterion: SpecialDestiny) -> Seats {
        let s = &self.state;
        let score = |p: PlayerId| -> i64 {
            let pl = &s.players[p.ix()];
            match criterion {
                SpecialDestiny::MostForeignColonies => pl.track as i64,
                SpecialDestiny::FewestShipsInWarp => -(pl.warp as i64),
                SpecialDestiny::MostCardsInHand => pl.hand.len() as i64,
            }
        };
        let best = s.seats().map(score).max().unwrap_or(0);
        let mut tied = Seats::default();
        for p in s.seats().filter(|&p| score(p) == best) {
            tied.push(p);
        }
        tied
    }

    /// Draws the top destiny card; a deck down to its last card is shuffled with the discards.
    fn draw_destiny(&mut self) -> Flow<DestinyId> {
        self.refill_destiny();
        self.state
            .destiny
            .draw
            .pop()
            .ok_or_else(|| GameError::Stuck("the destiny deck is empty".into()).into())
    }
}
