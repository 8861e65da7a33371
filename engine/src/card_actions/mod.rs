//! Actions that only card text performs (the plain rules never do them), each emitting its
//! event with the content ability that caused it. Here: announcing and cancelling ability
//! uses, lasting effects, marks and tokens, destiny chosen or redrawn, extra encounters,
//! making a deal fail, ending the encounter, winning outright. By what they act on, the
//! others: `cards` (hands, encounter cards), `ships`, `planets`, `sheets`.

mod cards;
mod planets;
mod sheets;
mod ships;

use crate::components::CardKind;
use crate::decision::{Choice, DecisionKind};
use crate::effects::{Effect, Lasting, Until};
use crate::event::{Cause, EventKind, Picked, Place, Rule};
use crate::game::{Flow, Game, Stop};
use crate::ids::{PlayerId, Side};
use rand::Rng;

impl Game<'_> {
    /// Announces that `p` uses the content ability `source` (others may answer it).
    pub fn announce_use(&mut self, p: PlayerId, source: u32) {
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AbilityUsed { player: p, source },
        );
    }

    /// Records a lasting effect on `p` (its log line is the caller's).
    fn add_effect(&mut self, p: PlayerId, until: Until, what: Lasting) {
        let changes = what.changes_quantities();
        self.state
            .effects
            .lasting
            .push(Effect { by: p, until, what });
        if changes {
            self.effects_changed();
        }
    }

    /// Cancels `p`'s ability `source`: it cannot be used again `until`.
    pub fn cancel_ability(&mut self, p: PlayerId, source: u32, until: Until, by: u32) {
        self.add_effect(p, until, Lasting::Cancelled { source });
        self.emit_caused(
            Cause::Ability(by),
            EventKind::AbilityCancelled { player: p, source },
        );
    }

    /// Switches `p`'s alien power off `until`.
    pub fn power_off(&mut self, p: PlayerId, until: Until, by: u32) {
        self.add_effect(p, until, Lasting::PowerOff);
        self.emit_caused(Cause::Ability(by), EventKind::PowerLost { player: p });
    }

    /// Zaps `p`'s alien power `until`: no use of it until then, while its innate parts (text
    /// that is never used) go on acting. The log reads as for a power switched off.
    pub fn zap_power(&mut self, p: PlayerId, until: Until, by: u32) {
        self.add_effect(p, until, Lasting::Zapped);
        self.emit_caused(Cause::Ability(by), EventKind::PowerLost { player: p });
    }

    /// Ends every effect that switched `p`'s power off.
    pub fn power_on(&mut self, p: PlayerId, by: u32) {
        let before = self.state.effects.lasting.len();
        self.state
            .effects
            .lasting
            .retain(|e| !(e.by == p && matches!(e.what, Lasting::PowerOff)));
        if self.state.effects.lasting.len() != before {
            self.effects_changed();
            self.emit_caused(Cause::Ability(by), EventKind::PowerRegained { player: p });
        }
    }

    /// Starts a lasting effect; `source` names it in the log, and `reads`, if given, is how
    /// it applies here (see `EventKind::EffectStarted`).
    pub fn start_effect(
        &mut self,
        p: PlayerId,
        until: Until,
        what: Lasting,
        source: u32,
        reads: Option<Box<str>>,
    ) {
        // Content may act at new windows while it lasts (its reactions): ask hooks again.
        if matches!(what, Lasting::Continuous { .. }) {
            self.holdings_changed(p);
            self.lasting_began();
        }
        let keeps_powers = matches!(what, Lasting::PowersKept);
        self.add_effect(p, until, what);
        if keeps_powers {
            self.update_powers(Cause::Ability(source));
        }
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EffectStarted {
                player: p,
                source,
                reads,
            },
        );
    }

    /// Ends the effects that last no longer than `until`, each content effect with its line.
    pub(crate) fn expire_effects(&mut self, until: Until) {
        let kept = self.state.effects.powers_kept();
        let (ended, changed) = self.state.effects.expire(until);
        if changed {
            self.effects_changed();
        }
        if kept && !self.state.effects.powers_kept() {
            let rule = match until {
                Until::EndOfTurn => crate::event::Rule::StartTurn,
                _ => crate::event::Rule::EncounterCleanup,
            };
            self.update_powers(Cause::Rule(rule));
        }
        for (player, source) in ended {
            self.emit_caused(
                Cause::Ability(source),
                EventKind::EffectEnded { player, source },
            );
        }
    }

    /// Says what `p` picked for the content ability `source` (a card only to whom may see it).
    pub fn announce_pick(&mut self, p: PlayerId, picked: Picked, source: u32) {
        self.emit_caused(
            Cause::Ability(source),
            EventKind::Picked { player: p, picked },
        );
    }

    /// Records the fact `key` for `p` `until` without a log line of its own.
    pub fn mark(&mut self, p: PlayerId, key: u32, until: Until) {
        self.add_effect(p, until, Lasting::Mark { key });
    }

    /// `p` declares something (the declaration `source` is recorded for the encounter).
    pub fn declare(&mut self, p: PlayerId, source: u32) {
        self.mark(p, source, Until::EndOfEncounter);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::Declared { player: p, source },
        );
    }

    /// `p` declares a card kind to every player (`source` is the ability).
    pub fn declare_kind(&mut self, p: PlayerId, kind: CardKind, source: u32) {
        self.emit_caused(
            Cause::Ability(source),
            EventKind::KindDeclared { player: p, kind },
        );
    }

    /// Sets the tokens on `p`'s alien sheet.
    pub fn set_tokens(&mut self, p: PlayerId, tokens: i32, source: u32) {
        self.state.effects.tokens[p.ix()] = tokens.max(0);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::TokensChanged {
                player: p,
                tokens: tokens.max(0),
            },
        );
    }

    /// `p` draws `n` cards as rewards are drawn, though they are not rewards: with the reward
    /// deck, it first says how many come from it, the rest from the cosmic deck.
    pub fn draw_either_deck(&mut self, p: PlayerId, n: u8) -> Flow {
        if n == 0 {
            return Ok(());
        }
        self.draw_rewards(p, n, Rule::CardText)
    }

    /// `owner`'s own destiny cards, one per name, join the destiny deck, which is then
    /// shuffled (an alien's setup text: the Invader's "Invasion!" cards).
    pub fn shuffle_into_destiny(&mut self, owner: PlayerId, names: &[String], source: u32) {
        use crate::components::{DestinyDef, DestinyKind};
        use rand::seq::SliceRandom;
        let mut added = 0u8;
        for name in names {
            // Destiny cards are numbered by a byte: a deck never holds so many.
            let Ok(id) = u8::try_from(self.state.destiny_cards.len()) else {
                break;
            };
            self.state.destiny_cards.push(DestinyDef {
                kind: DestinyKind::Content { owner },
                hazard: false,
                reverse_cone: false,
                name: Some(name.clone()),
            });
            self.state.destiny.draw.push(crate::ids::DestinyId(id));
            added += 1;
        }
        self.state.destiny.draw.shuffle(&mut self.rng);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::DestinyCardsAdded {
                player: owner,
                cards: added,
            },
        );
    }

    /// Makes the deal just agreed fail before it is carried out.
    pub fn fail_deal(&mut self) {
        self.state.encounter.proposal = None;
    }

    /// `p` has an encounter of its own as soon as the current encounter ends, against
    /// `defense`'s home system (or as destiny says, with none); then play resumes.
    pub fn grant_encounter_against(&mut self, p: PlayerId, defense: Option<PlayerId>, source: u32) {
        if defense != Some(p) {
            self.state.extra_encounter = Some((p, defense));
            // The destiny card drawn for this encounter is the one the granted one is had for.
            self.state.granted_by = self.state.encounter.destiny;
            self.emit_caused(
                Cause::Ability(source),
                EventKind::EncounterGranted {
                    player: p,
                    against: defense,
                },
            );
        }
    }

    /// The offense may have another encounter after this one (content's own grant).
    pub fn grant_another_encounter(&mut self, source: u32) {
        self.state.another_encounter = true;
        let player = self.state.offense;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EncounterGranted {
                player,
                against: None,
            },
        );
    }

    /// `players` win the game at once. The win is simultaneous with any win by colonies
    /// standing at this moment (a deal that gave a player its last colony, say): those
    /// players share it.
    /// While the game is being won (`Window::GameWon`), `players` join the win instead.
    /// During an encounter for the game (`contest_win`), nobody wins so: its outcome decides.
    pub fn win_now(&mut self, players: Vec<PlayerId>, source: u32) -> Flow {
        if self.deciding_under_way() {
            return Ok(());
        }
        if !self.state.winners.is_empty() {
            self.state.winners.extend(players);
            self.state.winners.sort();
            self.state.winners.dedup();
            return Ok(());
        }
        let mut winners = players;
        if !winners.is_empty() {
            winners.extend(self.winners_by_colonies());
        }
        winners.sort();
        winners.dedup();
        if winners.is_empty() {
            return Ok(());
        }
        self.open_game_won(winners)?;
        let winners = self.state.winners.clone();
        self.emit_caused(Cause::Ability(source), EventKind::GameWon { winners });
        Err(Stop::GameOver)
    }

    /// `p` wins the game alone. While the game is being won (`Window::GameWon`) the others'
    /// win is ignored and `p` is its only winner; otherwise `p` wins at once, and nobody
    /// shares the win, not even a player whose colonies would win it at this moment.
    pub fn win_alone(&mut self, p: PlayerId, source: u32) -> Flow {
        if self.deciding_under_way() {
            return Ok(());
        }
        if !self.state.winners.is_empty() {
            self.state.winners.clear();
            self.state.winners.push(p);
            return Ok(());
        }
        self.open_game_won(vec![p])?;
        let winners = self.state.winners.clone();
        self.emit_caused(Cause::Ability(source), EventKind::GameWon { winners });
        Err(Stop::GameOver)
    }

    /// Card text ends the game at once with every player losing: nobody wins, not even a
    /// player being named a winner as it happens (the loss of all is what stands).
    /// A win held for an encounter for the game is given up too (`contest_win`).
    pub fn end_game_lost(&mut self, source: u32) -> Flow {
        self.state.winners.clear();
        self.state.deciding = None;
        self.emit_caused(Cause::Ability(source), EventKind::GameLost);
        Err(Stop::GameOver)
    }

    /// Asks `p` to pick between `min` and `max` of `options` for a card's text.
    pub fn ask_choices(
        &mut self,
        p: PlayerId,
        options: Vec<Choice>,
        min: u8,
        max: u8,
    ) -> Flow<Vec<Choice>> {
        self.ask_subset(p, DecisionKind::CardChoice, options, min, max)
    }

    /// Asks `p` to pick ships from `places` (between `min` and `max` in all); returns counts.
    /// The places are offered in a kept list (`Game::ship_places`), kept again afterwards.
    pub fn ask_card_ships(
        &mut self,
        p: PlayerId,
        places: &[(Place, u8)],
        min: u8,
        max: u8,
    ) -> Flow<Vec<u8>> {
        let mut offered = self.ship_places();
        offered.extend_from_slice(places);
        let (offered, counts) =
            self.ask_ships_over(p, DecisionKind::CardShips, offered, min, max)?;
        self.spare_places.keep(offered);
        Ok(counts)
    }

    /// The winning allies' gains swap sides for this encounter (or swap back): offensive
    /// allies take rewards, defensive allies a colony on the target planet.
    pub fn reverse_allies_gains(&mut self, source: u32) {
        let reversed = !self.state.encounter.reversed;
        self.state.encounter.reversed = reversed;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AlliesGainsReversed { reversed },
        );
    }

    /// The turn passes the other way round the table from now on.
    pub fn reverse_turn_order(&mut self, source: u32) {
        self.state.turn_order_reversed = !self.state.turn_order_reversed;
        let counterclockwise = self.state.turn_order_reversed;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::TurnOrderReversed { counterclockwise },
        );
    }

    /// A number from 0 to `n - 1` drawn from the game's generator (card text's pick at
    /// random among `n` things); `n` must be above 0.
    pub fn random_index(&mut self, n: usize) -> usize {
        self.rng.gen_range(0..n)
    }

    /// `p` receives a token of the kind `key` (content's numbering) for the encounter.
    pub fn give_token(&mut self, p: PlayerId, key: u32) {
        self.mark(p, key, Until::EndOfEncounter);
        self.emit_caused(
            Cause::Ability(key),
            EventKind::TokenGiven {
                player: p,
                source: key,
            },
        );
    }

    /// `p` receives `n` rewards by card text: each a ship of its own back from the warp or a
    /// card drawn, split as `p` chooses, as a defensive ally takes them.
    pub fn receive_rewards(&mut self, p: PlayerId, n: u8) -> Flow {
        if n == 0 {
            return Ok(());
        }
        self.defender_rewards(p, n, Rule::CardText)
    }

    /// `side` wins the encounter at once: what is left of it before resolution is skipped.
    /// Once the outcome is known (resolution under way) there is nothing left to win: content
    /// answering a move of resolution cannot cut it short and strand ships in the encounter.
    pub fn win_encounter(&mut self, side: Side, source: u32) -> Flow {
        // Decided once: a second win at once, or one once the outcome is known, does nothing.
        if self.state.encounter.outcome.is_some() || self.state.encounter.decided.is_some() {
            return Ok(());
        }
        self.state.encounter.decided = Some(side);
        self.emit_caused(Cause::Ability(source), EventKind::EncounterDecided { side });
        Err(Stop::EncounterDecided)
    }

    /// The encounter ends at once with `outcome` (nothing more of it is played; ships still
    /// in it go home and its cards are discarded as usual).
    pub fn end_encounter(&mut self, outcome: crate::state::Outcome, source: u32) -> Flow {
        self.state.encounter.outcome = Some(outcome);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EncounterResolved { outcome },
        );
        Err(Stop::EncounterEnds(outcome))
    }

    /// `p` looks through the destiny deck and puts the card it chooses on top (one option per
    /// kind of card; the deck's order is not shown), to be drawn as the offense's.
    pub fn choose_destiny(&mut self, p: PlayerId, source: u32) -> Flow {
        self.refill_destiny();
        let mut ids = self.state.destiny.draw.clone();
        ids.sort();
        let mut kinds = Vec::new();
        let mut options = Vec::new();
        for d in ids {
            let k = self.state.destiny_cards[d.0 as usize].kind;
            if !kinds.contains(&k) {
                kinds.push(k);
                options.push(Choice::Destiny(d));
            }
        }
        if options.is_empty() {
            return Ok(());
        }
        let Choice::Destiny(d) = self.pick(p, DecisionKind::CardChoice, options)? else {
            return Ok(());
        };
        let deck = &mut self.state.destiny.draw;
        if let Some(i) = deck.iter().position(|&x| x == d) {
            let c = deck.remove(i);
            deck.push(c);
        }
        self.emit_caused(
            Cause::Ability(source),
            EventKind::DestinyChosen { player: p },
        );
        Ok(())
    }

    /// The destiny card just drawn is discarded and the offense draws another.
    pub fn redraw_destiny(&mut self) {
        self.state.encounter.redraw_destiny = true;
    }
}
