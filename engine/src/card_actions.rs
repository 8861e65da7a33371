//! Actions that only card text performs (the plain rules never do them): announcing and
//! cancelling ability uses, lasting effects, tokens, trading hands, switching encounter
//! cards, joining an alliance uninvited, making a deal fail, winning outright. Each emits
//! its event with the content ability that caused it.

use crate::components::CardKind;
use crate::decision::{Choice, DecisionKind};
use crate::effects::{Effect, Lasting, Until};
use crate::event::{Cause, EventKind, Picked, Place, Rule};
use crate::game::{Flow, Game, Stop};
use crate::ids::{CardId, PlanetId, PlayerId, Side};
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
        // Only what may change a quantity moves the effects' version: the kinds of quantity
        // that may change are kept under it, and marks (one per ability used) change none.
        let changes = matches!(what, Lasting::Modifier { .. } | Lasting::Continuous { .. });
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
        let ended = self.state.effects.expire(until);
        self.effects_changed();
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

    /// `p` plays `card` from its hand: an artifact goes to the discard pile, a flare stays
    /// in hand (flares return to their owner's hand after use).
    pub fn play_from_hand(&mut self, p: PlayerId, card: CardId, source: u32) {
        self.fetch_from_sheet(p, card);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardPlayed { player: p, card },
        );
        if self.state.kind(card) != CardKind::Flare {
            // Card text may remove the cards played from the game instead.
            if self.remove_played_from_hand(p, card) {
                return;
            }
            // Discarded as it is played: the play's ability is the cause.
            let outer = self.set_acting(Some(source));
            self.discard_card(p, card, Rule::CardText);
            self.set_acting(outer);
        }
    }

    /// Whether card text removes every card played from the game now (the source of the
    /// effect that does, `Lasting::PlayedCardsRemoved`). Most games have no lasting effect
    /// at all: that test comes first.
    #[inline]
    pub fn played_cards_removed(&self) -> Option<u32> {
        let effects = &self.state.effects;
        if effects.lasting.is_empty() {
            return None;
        }
        effects.played_cards_removed()
    }

    /// Where the rules are done with a card `p` played from its hand (an artifact as it is
    /// played, a flare once its use is over), card text removing every card played takes
    /// it out of the game instead: returns whether it did (the card is in the hand no more).
    pub fn remove_played_from_hand(&mut self, p: PlayerId, card: CardId) -> bool {
        let Some(source) = self.played_cards_removed() else {
            return false;
        };
        let hand = &mut self.state.players[p.ix()].hand;
        let Some(i) = hand.iter().position(|&c| c == card) else {
            return false;
        };
        hand.remove(i);
        self.state.removed_cards.push(card);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardRemoved { player: p, card },
        );
        true
    }

    /// Two players trade their whole hands.
    pub fn swap_hands(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        if a == b {
            return;
        }
        let ha = std::mem::take(&mut self.state.players[a.ix()].hand);
        let hb = std::mem::replace(&mut self.state.players[b.ix()].hand, ha);
        self.state.players[a.ix()].hand = hb;
        self.emit_caused(Cause::Ability(source), EventKind::HandsSwapped { a, b });
    }

    /// The two selected encounter cards change sides.
    pub fn swap_encounter_cards(&mut self, source: u32) {
        let e = &mut self.state.encounter;
        e.cards.swap(0, 1);
        e.shown.swap(0, 1);
        e.kept_face_down.swap(0, 1);
        if e.revealed {
            e.effective.swap(0, 1);
        }
        self.emit_caused(Cause::Ability(source), EventKind::EncounterCardsSwapped);
    }

    /// Main player `p`'s encounter card becomes `card` (taken from wherever it lies: a hand,
    /// the discard pile or set aside); the old card is discarded. After the reveal the new card counts at
    /// once, a morph copying the other card (or the other side's morph copying it).
    pub fn replace_encounter_card(&mut self, p: PlayerId, card: CardId, source: u32) {
        let Some(side) = self
            .state
            .side_of(p)
            .filter(|_| self.state.is_main_player(p))
        else {
            return;
        };
        let Some(old) = self.state.encounter.cards[side.ix()] else {
            return;
        };
        if old == card
            || self.state.encounter.cards[side.other().ix()] == Some(card)
            || self.lift_loose_card(card).is_none()
        {
            return;
        }
        let s = &mut self.state;
        s.place_in_discard(old);
        let (mine, other) = (side.ix(), side.other().ix());
        let new = s.kind(card);
        let theirs = s.encounter.cards[other].map(|c| s.kind(c));
        let e = &mut s.encounter;
        e.cards[mine] = Some(card);
        e.kept_face_down[mine] = false;
        if e.revealed {
            if new == CardKind::Morph && theirs != Some(CardKind::Morph) {
                e.effective[mine] = e.effective[other];
            } else {
                e.effective[mine] = Some(new);
                if theirs == Some(CardKind::Morph) && new != CardKind::Morph {
                    e.effective[other] = Some(new);
                }
            }
        }
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EncounterCardReplaced {
                player: p,
                old,
                new: card,
            },
        );
    }

    /// The main player on `side` selects its encounter card now, face up for everyone.
    pub fn select_face_up(&mut self, side: Side, source: u32) -> Flow {
        if self.state.encounter.cards[side.ix()].is_some() {
            return Ok(());
        }
        let p = self.main(side);
        match side {
            Side::Offense => self.end_turn_if_offense_out_of_cards()?,
            Side::Defense if !self.state.has_encounter_card(p) => {
                self.new_hand_until_encounter_card(p, Rule::DefenseNewHand)?
            }
            Side::Defense => {}
        }
        self.select_encounter_card(side)?;
        if let Some(card) = self.state.encounter.cards[side.ix()] {
            self.state.encounter.shown[side.ix()] = true;
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardShown { player: p, card },
            );
        }
        Ok(())
    }

    /// The main player on `side` keeps its encounter card face down through the reveal: the
    /// others never see it, and it counts as what card text sets (a bluff that stood).
    pub fn keep_face_down(&mut self, side: Side, source: u32) {
        let e = &mut self.state.encounter;
        if e.cards[side.ix()].is_none() || e.kept_face_down[side.ix()] {
            return;
        }
        e.kept_face_down[side.ix()] = true;
        let player = self.main(side);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::EncounterCardKeptFaceDown { player },
        );
    }

    /// What the card on `side` counts as from now on (before the reveal: once revealed).
    pub fn set_card_kind(&mut self, side: Side, kind: CardKind, source: u32) {
        let e = &mut self.state.encounter;
        let slot = if e.revealed {
            &mut e.effective[side.ix()]
        } else {
            &mut e.preset[side.ix()]
        };
        if *slot == Some(kind) {
            return;
        }
        *slot = Some(kind);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardTypeChanged { side, to: kind },
        );
    }

    /// `p` allies with `side` at once, invited or not, and commits its ships. A main player
    /// may ally with the other side, against itself: its ships count for each side where
    /// they are (the gate or beside the planet) and share that side's fate.
    pub fn join_side(&mut self, p: PlayerId, side: Side, source: u32) -> Flow {
        let s = &self.state;
        if s.encounter.ally[p.ix()].is_some() || s.side_of(p) == Some(side) || !s.has_colony(p) {
            return Ok(());
        }
        // A decided encounter takes no more allies: ships committed after its outcome would
        // miss the resolution that sends the encounter's ships on.
        if s.encounter.decided.is_some() || s.encounter.outcome.is_some() {
            return Ok(());
        }
        self.state.encounter.ally[p.ix()] = Some(side);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AllianceJoined { player: p, side },
        );
        self.commit_ally_ships(p, side)
    }

    /// `p` allies with `side` at once, invited or not, committing no ships: it may not
    /// commit any later in the encounter (an ally is not asked again), and without ships in
    /// the encounter it gains nothing if its side wins.
    pub fn join_side_without_ships(&mut self, p: PlayerId, side: Side, source: u32) {
        let s = &self.state;
        if s.encounter.ally[p.ix()].is_some() || s.side_of(p) == Some(side) || s.is_main_player(p) {
            return;
        }
        if s.encounter.decided.is_some() || s.encounter.outcome.is_some() {
            return;
        }
        self.state.encounter.ally[p.ix()] = Some(side);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AllianceJoined { player: p, side },
        );
    }

    /// `p`, not a main player, allies with both sides at once: it commits ships to each
    /// side it is not on yet (one to its limit each), and they share that side's fate where
    /// they are. Its role stays the side it joined first (the offense's when it joined none).
    pub fn join_both_sides(&mut self, p: PlayerId, source: u32) -> Flow {
        let s = &self.state;
        if s.is_main_player(p) || s.encounter.decided.is_some() || s.encounter.outcome.is_some() {
            return Ok(());
        }
        let first = s.encounter.ally[p.ix()];
        let mut role = first;
        for side in Side::BOTH {
            if first == Some(side) || !self.state.has_colony(p) {
                continue;
            }
            role.get_or_insert(side);
            self.state.encounter.ally[p.ix()] = Some(side);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::AllianceJoined { player: p, side },
            );
            self.commit_ally_ships(p, side)?;
        }
        self.state.encounter.ally[p.ix()] = role;
        Ok(())
    }

    /// `p`'s ships on `planet` share it whatever other players' card text says, for as long
    /// as they stay there: no other player's text moves them off it.
    pub fn shelter(&mut self, p: PlayerId, planet: PlanetId) {
        if !self.state.sheltered.contains(&(planet, p)) {
            self.state.sheltered.push((planet, p));
        }
    }

    /// `p`'s ships on `planet` are held hostage there by the card text `holder` (a key the
    /// hooks give: whose text, from which card) until the encounter ends: no other card
    /// text, their owner's included, moves them off it.
    pub fn take_hostage(&mut self, p: PlayerId, planet: PlanetId, holder: u32) {
        let hostages = &mut self.state.encounter.hostages;
        if !hostages.iter().any(|&(pl, q, _)| (pl, q) == (planet, p)) {
            hostages.push((planet, p, holder));
        }
    }

    /// Whether the card text `holder` may not move `p`'s ships off `planet`: other card
    /// text holds them hostage there.
    pub fn is_hostage(&self, p: PlayerId, planet: PlanetId, holder: u32) -> bool {
        (self.state.encounter.hostages.iter())
            .any(|&(pl, q, h)| (pl, q) == (planet, p) && h != holder)
    }

    /// Whether the card text `holder` may not move `planet` with the ships on it: other card
    /// text holds ships hostage there.
    pub fn holds_hostages(&self, planet: PlanetId, holder: u32) -> bool {
        (self.state.encounter.hostages.iter()).any(|&(pl, _, h)| pl == planet && h != holder)
    }

    /// Whether `p`'s ships on `planet` are sheltered there.
    pub fn is_sheltered(&self, p: PlayerId, planet: PlanetId) -> bool {
        self.state.sheltered.contains(&(planet, p))
    }

    /// `n` of `p`'s ships at `from` are placed on `planet` by card text: they arrive without
    /// landing (nothing answers or replaces a landing), a colony if there was none.
    pub fn place_ships(&mut self, p: PlayerId, from: Place, planet: PlanetId, n: u8) {
        self.move_ships(p, from, Place::Planet(planet), n, Rule::CardText);
    }

    /// `p` draws `n` cards as rewards are drawn, though they are not rewards: with the reward
    /// deck, it first says how many come from it, the rest from the cosmic deck.
    pub fn draw_either_deck(&mut self, p: PlayerId, n: u8) -> Flow {
        if n == 0 {
            return Ok(());
        }
        self.draw_rewards(p, n, Rule::CardText)
    }

    /// `p` leaves its alliance: its ships in the encounter return to its colonies.
    pub fn leave_alliance(&mut self, p: PlayerId, source: u32) -> Flow {
        let Some(side) = self.state.encounter.ally[p.ix()] else {
            return Ok(());
        };
        // Only the ships it committed as an ally (a main player allied against itself keeps
        // its own).
        let place = match side {
            Side::Offense => Place::Gate,
            Side::Defense => Place::Beside,
        };
        let n = self.ships_at(p, place);
        self.return_ships(p, place, n, Rule::CardText)?;
        self.state.encounter.ally[p.ix()] = None;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::AllianceDeclined { player: p },
        );
        Ok(())
    }

    /// The encounter card on `side` goes back to `p`'s hand instead of the discard pile.
    pub fn take_encounter_card(&mut self, side: Side, p: PlayerId, source: u32) {
        if let Some(card) = self.state.encounter.cards[side.ix()].take() {
            self.state.players[p.ix()].hand.push(card);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardReturned { player: p, card },
            );
        }
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
    pub fn win_now(&mut self, players: Vec<PlayerId>, source: u32) -> Flow {
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
    pub fn end_game_lost(&mut self, source: u32) -> Flow {
        self.state.winners.clear();
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
    pub fn ask_card_ships(
        &mut self,
        p: PlayerId,
        places: Vec<(Place, u8)>,
        min: u8,
        max: u8,
    ) -> Flow<Vec<u8>> {
        self.ask_ships(p, DecisionKind::CardShips, places, min, max)
    }

    /// `a` and `b` shuffle their hands together; `a` takes at random as many cards as it
    /// held and `b` the rest.
    pub fn mix_hands(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        if a == b {
            return;
        }
        self.deal_hands_back(&[a, b]);
        self.emit_caused(Cause::Ability(source), EventKind::HandsMixed { a, b });
    }

    /// The hands of `players` (a seat mask) are shuffled together and dealt back, each
    /// player as many cards as it held, in seat order.
    pub fn mix_hands_of(&mut self, players: u8, source: u32) {
        let seats: Vec<PlayerId> = (self.state.seats())
            .filter(|p| players & 1 << p.0 != 0)
            .collect();
        if seats.len() < 2 {
            return;
        }
        self.deal_hands_back(&seats);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::HandsMixedTogether { players },
        );
    }

    /// Shuffles the hands of `seats` into one pool and deals each back its count, in order.
    fn deal_hands_back(&mut self, seats: &[PlayerId]) {
        use rand::seq::SliceRandom;
        let counts: Vec<usize> = (seats.iter())
            .map(|p| self.state.players[p.ix()].hand.len())
            .collect();
        let mut pool = Vec::new();
        for p in seats {
            pool.append(&mut self.state.players[p.ix()].hand);
        }
        pool.shuffle(&mut self.rng);
        for (p, n) in seats.iter().zip(counts) {
            let rest = pool.split_off(n.min(pool.len()));
            self.state.players[p.ix()].hand = std::mem::replace(&mut pool, rest);
        }
    }

    /// The cosmic deck and its discard pile are both turned over and trade places (the deck's
    /// bottom card is the new discard pile's top), and the new deck is shuffled.
    pub fn swap_deck_and_discard(&mut self, source: u32) {
        use rand::seq::SliceRandom;
        let pile = &mut self.state.piles.cosmic;
        std::mem::swap(&mut pile.draw, &mut pile.discard);
        pile.discard.reverse();
        pile.draw.shuffle(&mut self.rng);
        let (deck, discard) = (pile.draw.len() as u16, pile.discard.len() as u16);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::DeckAndDiscardSwapped { deck, discard },
        );
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

    /// `to` takes `n` cards at random from `from`'s hand (with the reward deck, choosing the
    /// card back of each first, as compensation does); a rift taken and kept detonates.
    pub fn take_random_cards(&mut self, from: PlayerId, to: PlayerId, n: u32) -> Flow {
        if from == to {
            return Ok(());
        }
        let first = self.state.encounter.took.len();
        for _ in 0..n {
            let Some(card) = self.random_card_for(to, from)? else {
                break;
            };
            self.give_card(from, to, card, Rule::CardText);
            self.state.encounter.took.push((to, card));
        }
        let taken = self.state.encounter.took.len() - first;
        self.note_taken_at_random(to, from, taken as u8);
        if self.state.rules.rewards {
            for i in first..self.state.encounter.took.len() {
                let card = self.state.encounter.took[i].1;
                self.detonate_if_rift(to, card)?;
            }
        }
        Ok(())
    }

    /// `p` discards `n` cards at random from its hand.
    pub fn discard_random(&mut self, p: PlayerId, n: u32) {
        for _ in 0..n {
            match self.random_card(p) {
                Some(card) => self.discard_card(p, card, Rule::CardText),
                None => break,
            }
        }
    }

    /// `p` shows `card` to every player (a card of its hand, which stays there, or its own
    /// encounter card before the reveal).
    pub fn show_card(&mut self, p: PlayerId, card: CardId, source: u32) {
        let e = &self.state.encounter;
        let own_encounter_card = (e.cards.iter().position(|&c| c == Some(card)))
            .is_some_and(|i| self.main(Side::BOTH[i]) == p);
        if !self.state.players[p.ix()].hand.contains(&card) && !own_encounter_card {
            return;
        }
        let all = self.state.seats().fold(0u8, |m, q| m | 1 << q.0);
        self.state.encounter.seen.push((all, card));
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardRevealed { player: p, card },
        );
    }

    /// `p` shows `card`, a card of its hand that stays there, to `viewer` alone.
    pub fn show_card_to(&mut self, p: PlayerId, card: CardId, viewer: PlayerId, source: u32) {
        if !self.state.players[p.ix()].hand.contains(&card) {
            return;
        }
        self.state
            .encounter
            .seen
            .push((1 << p.0 | 1 << viewer.0, card));
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardShownTo {
                player: p,
                card,
                to: viewer,
            },
        );
    }

    /// `viewer` sees every card `drawer` draws from the deck for the rest of the encounter.
    pub fn watch_draws(&mut self, viewer: PlayerId, drawer: PlayerId, source: u32) {
        if viewer == drawer || self.state.encounter.watching.contains(&(viewer, drawer)) {
            return;
        }
        self.state.encounter.watching.push((viewer, drawer));
        self.emit_caused(
            Cause::Ability(source),
            EventKind::DrawsWatched { viewer, drawer },
        );
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

    /// `card` comes back from the discard pile into `p`'s hand.
    pub fn take_from_discard(&mut self, p: PlayerId, card: CardId, source: u32) {
        let back = self.state.back(card);
        if !self.state.piles.of_mut(back).take_discarded(card) {
            return;
        }
        self.state.players[p.ix()].hand.push(card);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardReturned { player: p, card },
        );
    }

    /// `from` gives `card` from its hand to `to` by card text, which remembers it for the
    /// encounter (`Encounter::given`).
    pub fn give_as_gift(&mut self, from: PlayerId, to: PlayerId, card: CardId) {
        if self.state.players[from.ix()].hand.contains(&card) {
            self.state.encounter.given.push((from, card));
            self.give_card(from, to, card, Rule::CardText);
        }
    }

    /// The player whose hand holds `card`, if any.
    pub fn holder_of(&self, card: CardId) -> Option<PlayerId> {
        (self.state.players.iter())
            .position(|p| p.hand.contains(&card))
            .map(|i| PlayerId(i as u8))
    }

    /// `a` and `b` exchange alien sheets for good.
    pub fn swap_aliens(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        if a == b {
            return;
        }
        self.trade_sheets(a, b);
        self.emit_caused(Cause::Ability(source), EventKind::AliensSwapped { a, b });
    }

    /// `a` and `b` exchange alien sheets for good, with everything on them: the tokens on
    /// each sheet and the cards card text set on it to stay (not those set there only until
    /// a moment), which change owner with the sheet.
    pub fn swap_sheets(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        self.swap_sheets_caused(a, b, Cause::Ability(source));
    }

    /// `swap_sheets` until the end of the encounter: when it is cleaned up, the two trade
    /// back the sheets this trade gave them, if each still has the one it was given.
    pub fn swap_sheets_for_encounter(&mut self, a: PlayerId, b: PlayerId, source: u32) {
        if a == b {
            return;
        }
        self.swap_sheets(a, b, source);
        let (given, taken) = (
            self.state.players[a.ix()].alien,
            self.state.players[b.ix()].alien,
        );
        self.add_effect(
            a,
            Until::EndOfEncounter,
            Lasting::SheetsTraded {
                with: b,
                given,
                taken,
            },
        );
    }

    /// Sheets traded for the encounter go back (the encounter is over), with everything on
    /// them; a sheet that has left its player meanwhile stays where it is, and so does the
    /// other.
    pub(crate) fn return_traded_sheets(&mut self) {
        type Trade = (PlayerId, PlayerId, Option<u16>, Option<u16>);
        // Checked first: every encounter ends here, and sheets are seldom traded.
        let lasting = &self.state.effects.lasting;
        if !(lasting.iter()).any(|e| matches!(e.what, Lasting::SheetsTraded { .. })) {
            return;
        }
        let traded: Vec<Trade> = (self.state.effects.lasting.iter())
            .filter_map(|e| match e.what {
                Lasting::SheetsTraded { with, given, taken } => Some((e.by, with, given, taken)),
                _ => None,
            })
            .collect();
        for (a, b, given, taken) in traded.into_iter().rev() {
            let s = &self.state.players;
            if s[a.ix()].alien == given && s[b.ix()].alien == taken {
                self.swap_sheets_caused(a, b, Cause::Rule(Rule::EncounterCleanup));
            }
        }
    }

    /// `swap_sheets` under any cause.
    fn swap_sheets_caused(&mut self, a: PlayerId, b: PlayerId, cause: Cause) {
        if a == b {
            return;
        }
        // The sheets and the cards on them change hands together, under one event.
        self.trade_sheets(a, b);
        for aside in &mut self.state.aside {
            if aside.at == crate::state::Aside::Sheet && aside.until.is_none() {
                if aside.owner == a {
                    aside.owner = b;
                } else if aside.owner == b {
                    aside.owner = a;
                }
            }
        }
        // So do the tokens kept on them.
        for t in &mut self.state.planet_tokens {
            if t.planet.is_none() {
                if t.owner == a {
                    t.owner = b;
                } else if t.owner == b {
                    t.owner = a;
                }
            }
        }
        self.emit_caused(cause, EventKind::AliensSwapped { a, b });
        let tokens = self.state.effects.tokens;
        if tokens[a.ix()] != tokens[b.ix()] {
            for (p, t) in [(a, tokens[b.ix()]), (b, tokens[a.ix()])] {
                self.state.effects.tokens[p.ix()] = t.max(0);
                self.emit_caused(
                    cause,
                    EventKind::TokensChanged {
                        player: p,
                        tokens: t.max(0),
                    },
                );
            }
        }
    }

    /// The alien sheets of `a` and `b` change places (the caller logs why).
    fn trade_sheets(&mut self, a: PlayerId, b: PlayerId) {
        let x = self.state.players[a.ix()].alien;
        self.state.players[a.ix()].alien = self.state.players[b.ix()].alien;
        self.state.players[b.ix()].alien = x;
    }

    /// `card` goes to the bottom of the deck, from a hand, the encounter (an encounter card
    /// leaves its side, unseen, before the cards are discarded) or the deck itself (a card
    /// looked at on top).
    pub fn card_to_deck_bottom(&mut self, card: CardId, source: u32) {
        let Some(held_by) = self.lift_card(card) else {
            return;
        };
        // Under its own deck: a reward card goes under the reward deck.
        let back = self.state.back(card);
        self.state.piles.of_mut(back).draw.insert(0, card);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardToDeckBottom { card, held_by },
        );
    }

    /// `p` sets `card` aside at `at`, taking it from wherever it lies loose (a hand, the
    /// discard pile, another aside spot).
    pub fn set_aside(
        &mut self,
        p: PlayerId,
        card: CardId,
        at: crate::state::Aside,
        until: Option<Until>,
        source: u32,
    ) {
        if self.lift_loose_card(card).is_none() {
            return;
        }
        self.state.aside.push(crate::state::AsideCard {
            card,
            owner: p,
            at,
            until,
        });
        self.emit_caused(
            Cause::Ability(source),
            EventKind::CardSetAside {
                player: p,
                card,
                at,
            },
        );
    }

    /// Takes `card` out of the encounter (a main player's encounter card leaves its side) or
    /// wherever it lies loose (`lift_loose_card`): `None` if it is in none of them, else the
    /// player whose side or hand held it, if any.
    pub(crate) fn lift_card(&mut self, card: CardId) -> Option<Option<PlayerId>> {
        let s = &mut self.state;
        if let Some(i) = s.encounter.cards.iter().position(|&c| c == Some(card)) {
            s.encounter.cards[i] = None;
            return Some(s.main_player(Side::BOTH[i]));
        }
        self.lift_loose_card(card)
    }

    /// Takes `card` out of wherever it lies loose (a hand, the discard pile, set aside, the
    /// deck), for card text to put elsewhere: `None` if it is in none of them, else the
    /// player whose hand held it, if it was in a hand.
    pub(crate) fn lift_loose_card(&mut self, card: CardId) -> Option<Option<PlayerId>> {
        let s = &mut self.state;
        let holder = s.seats().find(|q| s.players[q.ix()].hand.contains(&card));
        let back = s.back(card);
        if let Some(q) = holder {
            s.players[q.ix()].hand.retain(|&c| c != card);
            return Some(holder);
        }
        if s.piles.of_mut(back).take_discarded(card) {
            return Some(None);
        }
        if let Some(i) = s.aside.iter().position(|a| a.card == card) {
            s.aside.remove(i);
            return Some(None);
        }
        // A card looked at on top of the deck.
        self.lift_from_deck(card).then_some(None)
    }

    /// A card `p` plays from its open alien sheet comes into its hand first (and is played
    /// from there at once).
    #[inline]
    pub(crate) fn fetch_from_sheet(&mut self, p: PlayerId, card: CardId) {
        // Nearly always nothing is set aside: said inline, before the sheet is looked at.
        if self.state.aside.is_empty() || !self.state.playable_sheet(p).any(|c| c == card) {
            return;
        }
        self.state.aside.retain(|a| a.card != card);
        self.state.players[p.ix()].hand.push(card);
        self.emit(Rule::CardText, EventKind::CardFromSheet { player: p, card });
    }

    /// `from` lends its alien power to `to` until the end of the encounter: the two sheets
    /// trade places and `from`'s power is off; they trade back when the encounter is over.
    pub fn lend_power(&mut self, from: PlayerId, to: PlayerId, source: u32) {
        if from == to {
            return;
        }
        self.trade_sheets(from, to);
        self.add_effect(from, Until::EndOfEncounter, Lasting::Lent { to });
        self.add_effect(from, Until::EndOfEncounter, Lasting::PowerOff);
        self.emit_caused(Cause::Ability(source), EventKind::PowerLent { from, to });
    }

    /// Cards `p` set aside `until` go back to its hand.
    pub(crate) fn return_aside_cards_of(&mut self, p: PlayerId, until: Until) {
        while let Some(i) =
            (self.state.aside.iter()).position(|a| a.owner == p && a.until == Some(until))
        {
            let a = self.state.aside.remove(i);
            self.state.players[p.ix()].hand.push(a.card);
            self.emit(
                Rule::CardText,
                EventKind::CardReturnedFromSheet {
                    player: p,
                    card: a.card,
                    at: a.at,
                },
            );
        }
    }

    /// Cards set aside until the end of the encounter go back to their owners' hands.
    pub(crate) fn return_aside_cards(&mut self) {
        // One at a time: every card is somewhere whenever an event is emitted.
        while let Some(i) = (self.state.aside.iter())
            .position(|a| a.until <= Some(Until::EndOfEncounter) && a.until.is_some())
        {
            let a = self.state.aside.remove(i);
            self.state.players[a.owner.ix()].hand.push(a.card);
            self.emit(
                Rule::EncounterCleanup,
                EventKind::CardReturnedFromSheet {
                    player: a.owner,
                    card: a.card,
                    at: a.at,
                },
            );
        }
    }

    /// Lent powers go back to their owners (the encounter is over).
    pub(crate) fn return_lent_powers(&mut self) {
        // Checked first: every encounter ends here, and powers are seldom lent.
        let lasting = &self.state.effects.lasting;
        if !(lasting.iter()).any(|e| matches!(e.what, Lasting::Lent { .. })) {
            return;
        }
        let lent: Vec<(PlayerId, PlayerId)> = (self.state.effects.lasting.iter())
            .filter_map(|e| match e.what {
                Lasting::Lent { to } => Some((e.by, to)),
                _ => None,
            })
            .collect();
        for (from, to) in lent.into_iter().rev() {
            self.trade_sheets(from, to);
            self.emit(
                Rule::EncounterCleanup,
                EventKind::PowerReturned { from, to },
            );
        }
    }

    /// `p` must select `card` as its encounter card this encounter if it can.
    pub fn oblige_to_play(&mut self, p: PlayerId, card: CardId, source: u32) {
        self.add_effect(p, Until::EndOfEncounter, Lasting::MustPlay { card });
        self.emit_caused(
            Cause::Ability(source),
            EventKind::MustPlayCard { player: p, card },
        );
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

    /// `n` of `p`'s ships at `from` (the warp or a colony) join the encounter on `p`'s side
    /// (outside the usual limit on ships committed).
    pub fn ships_to_encounter(&mut self, p: PlayerId, from: Place, n: u8) {
        let Some(side) = self.state.side_of(p) else {
            return;
        };
        let to = match side {
            Side::Offense => Place::Gate,
            Side::Defense if Some(p) == self.state.encounter.defense => {
                Place::Planet(self.target())
            }
            Side::Defense => Place::Beside,
        };
        self.move_ships(p, from, to, n, Rule::CardText);
    }

    /// `n` of `p`'s ships leave the encounter at `from` for colonies of `p`'s other than
    /// `from`; with no other colony they stay.
    pub fn withdraw_ships(&mut self, p: PlayerId, from: Place, n: u8) -> Flow {
        let n = n.min(self.ships_at(p, from));
        let places: Vec<(Place, u8)> = self
            .state
            .colonies(p)
            .map(Place::Planet)
            .filter(|&c| c != from)
            .map(|c| (c, n))
            .collect();
        if n == 0 || places.is_empty() {
            return Ok(());
        }
        let counts = self.ask_ships(p, DecisionKind::ReturnShips, places.clone(), n, n)?;
        for ((place, _), k) in places.into_iter().zip(counts) {
            self.move_ships(p, from, place, k, Rule::CardText);
        }
        Ok(())
    }

    /// `offense` has its encounter with `defense` instead, at a planet `offense` chooses
    /// among `defense`'s home planets and colonies (`anywhere`) or its home planets only.
    pub fn aim_gate_at(
        &mut self,
        offense: PlayerId,
        defense: PlayerId,
        anywhere: bool,
        source: u32,
    ) -> Flow {
        if defense == offense {
            return Ok(());
        }
        let mut planets: Vec<Choice> = self
            .state
            .home_planets(defense)
            .map(Choice::Planet)
            .collect();
        if anywhere {
            for c in self.state.colonies(defense) {
                if c.owner != defense {
                    planets.push(Choice::Planet(c));
                }
            }
        }
        // A player with no planet to attack (its home planets stolen or destroyed, and no
        // colony where `anywhere` allows): the encounter stays as it was.
        if planets.is_empty() {
            return Ok(());
        }
        let Choice::Planet(planet) = self.pick(offense, DecisionKind::LaunchPlanet, planets)?
        else {
            return Ok(());
        };
        self.state.encounter.defense = Some(defense);
        self.state.encounter.planet = Some(planet);
        self.emit_caused(Cause::Ability(source), EventKind::DefenseNamed { defense });
        Ok(())
    }

    /// The offense's encounter is at `planet` instead: the gate is aimed there (before the
    /// launch) and the player whose home system holds it is the defense. Nothing happens if
    /// that is the offense itself.
    pub fn aim_gate_at_planet(&mut self, planet: PlanetId, source: u32) {
        let defense = planet.owner;
        if defense == self.state.offense {
            return;
        }
        self.state.encounter.defense = Some(defense);
        self.state.encounter.planet = Some(planet);
        self.emit_caused(Cause::Ability(source), EventKind::DefenseNamed { defense });
    }

    /// `p` places `n` ships from `from` on a home planet of `host`'s that `p` chooses.
    pub fn colonize_home(&mut self, p: PlayerId, host: PlayerId, from: Place, n: u8) -> Flow {
        let planets: Vec<Choice> = self
            .state
            .planets
            .iter()
            .filter(|pl| pl.id.owner == host)
            .map(|pl| Choice::Planet(pl.id))
            .collect();
        if planets.is_empty() || n == 0 {
            return Ok(());
        }
        if let Choice::Planet(planet) = self.pick(p, DecisionKind::CardChoice, planets)? {
            self.land_alone(p, from, planet, n, Rule::CardText)?;
        }
        Ok(())
    }

    /// `p` takes the ships of an unused player color into its fleet: as many as a player
    /// has, that many more on each of its home colonies as setup places on a home planet,
    /// the rest in the warp. Nothing happens when every color is in play or taken.
    pub fn take_unused_fleet(&mut self, p: PlayerId, source: u32) {
        let Some(color) = self.state.unused_colors().next() else {
            return;
        };
        self.state.players[p.ix()].fleets.push(color);
        let (fleet, per_planet) = (
            self.state.rules.ships_per_player,
            self.state.rules.ships_per_planet,
        );
        // Only where it has a colony already (every home planet at setup), so that no colony,
        // and so neither the colony track nor the power, changes.
        let homes: Vec<PlanetId> = (self.state.home_planets(p))
            .filter(|&h| self.state.ships_on(h, p) > 0)
            .collect();
        let mut placed: u8 = 0;
        for planet in homes {
            let n = per_planet.min(fleet - placed);
            self.state.planet_ships_mut(planet)[p.ix()] += n;
            placed += n;
        }
        self.state.players[p.ix()].warp += fleet - placed;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::FleetTaken {
                player: p,
                color,
                ships: fleet,
            },
        );
    }

    /// `p` adds a ship token of kind `key` to its fleet on `planet` (one of its colonies):
    /// one more ship of its own, held with `tech` when a tech's text adds it.
    pub fn place_ship_token(
        &mut self,
        p: PlayerId,
        planet: PlanetId,
        key: u32,
        tech: Option<u16>,
        source: u32,
    ) {
        if self.state.ships_on(planet, p) == 0 {
            return;
        }
        self.state.planet_ships_mut(planet)[p.ix()] += 1;
        let place = Place::Planet(planet);
        let token = crate::state::ShipToken {
            tech,
            ..crate::state::ShipToken::new(p, key, place)
        };
        self.state.ship_tokens.push(token);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::ShipTokenPlaced {
                player: p,
                key,
                place,
            },
        );
    }

    /// The ship tokens held with `p`'s tech `tech` leave the game with it.
    pub(crate) fn remove_tech_ship_tokens(&mut self, p: PlayerId, tech: u16, rule: Rule) {
        while let Some(i) =
            (self.state.ship_tokens.iter()).position(|t| t.owner == p && t.tech == Some(tech))
        {
            let t = self.state.ship_tokens.remove(i);
            // One ship fewer where it was: moved out of play, then out of the fleet.
            self.move_ships(p, t.place, Place::Removed, 1, rule);
            let removed = &mut self.state.players[p.ix()].removed;
            *removed = removed.saturating_sub(1);
            self.emit(
                rule,
                EventKind::ShipTokenRemoved {
                    player: p,
                    key: t.key,
                },
            );
        }
    }

    /// Puts an empty planet `id` on the table, in planet order.
    fn place_empty_planet(&mut self, id: PlanetId) {
        let planets = &mut self.state.planets;
        let at = planets.partition_point(|pl| pl.id < id);
        let ships = [0; crate::ids::MAX_PLAYERS];
        planets.insert(at, crate::state::Planet { id, ships });
    }

    /// Empties `planet` and takes it off the table (destroyed, or moved elsewhere): every
    /// ship on it goes to the warp, cards set beside it are discarded, tokens beside it are
    /// taken away.
    fn clear_and_lift_planet(&mut self, planet: PlanetId, source: u32) -> Flow {
        for p in self.state.seats().collect::<Vec<_>>() {
            let n = self.state.ships_on(planet, p);
            self.send_to_warp(p, Place::Planet(planet), n, Rule::CardText)?;
        }
        let beside: Vec<CardId> = self.state.cards_beside(planet).collect();
        for card in beside {
            self.discard_anywhere(card, source);
        }
        self.state
            .planet_tokens
            .retain(|t| t.planet != Some(planet));
        // Ships sent away by answers to the warp may have landed again: they go too.
        for p in self.state.seats().collect::<Vec<_>>() {
            let n = self.state.ships_on(planet, p);
            self.move_ships(p, Place::Planet(planet), Place::Warp, n, Rule::CardText);
        }
        self.state.planets.retain(|pl| pl.id != planet);
        Ok(())
    }

    /// Card text destroys `planet`: every ship on it goes to the warp, cards set beside it
    /// are discarded, tokens beside it are taken away, and it leaves the game.
    pub fn destroy_planet(&mut self, planet: PlanetId, source: u32) -> Flow {
        if !self.state.planet_exists(planet) {
            return Ok(());
        }
        self.clear_and_lift_planet(planet, source)?;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetDestroyed { planet },
        );
        Ok(())
    }

    /// Card text sets `planet` on `p`'s alien sheet: it is destroyed (its ships go to the
    /// warp, what lies beside it goes) and counts as one of `p`'s foreign colonies toward its
    /// win for the rest of the game.
    pub fn keep_planet(&mut self, p: PlayerId, planet: PlanetId, source: u32) -> Flow {
        if !self.state.planet_exists(planet) {
            return Ok(());
        }
        self.destroy_planet(planet, source)?;
        let kept = &mut self.state.players[p.ix()].sheet_planets;
        *kept = kept.saturating_add(1);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetKept { player: p, planet },
        );
        Ok(())
    }

    /// Card text creates a planet at the end of `owner`'s home system (a home planet like
    /// the others) and returns it; none once the system holds as many planets as a planet's
    /// number can count.
    pub fn create_planet(&mut self, owner: PlayerId, source: u32) -> Option<PlanetId> {
        let id = self.next_planet(owner)?;
        self.place_empty_planet(id);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetCreated { planet: id },
        );
        Some(id)
    }

    /// The identity a planet added at the end of `owner`'s home system takes; none once the
    /// system holds as many planets as a planet's number can count.
    fn next_planet(&self, owner: PlayerId) -> Option<PlanetId> {
        let s = &self.state;
        let n = match s.home_planets(owner).last() {
            None => 0,
            Some(id) => id.n.checked_add(1)?,
        }
        .max(s.rules.planets_per_player);
        Some(PlanetId { owner, n })
    }

    /// Card text moves `planet` from its home system to the end of `to`'s, where it is a
    /// home planet like the others; returns it there. Every ship on it goes to the warp
    /// first, cards set beside it are discarded and tokens beside it taken away (they belong
    /// to where it stood). Nothing moves if it is in `to`'s system already or `to`'s system
    /// is full.
    pub fn move_planet(
        &mut self,
        planet: PlanetId,
        to: PlayerId,
        source: u32,
    ) -> Flow<Option<PlanetId>> {
        if !self.state.planet_exists(planet) || planet.owner == to {
            return Ok(None);
        }
        let Some(id) = self.next_planet(to) else {
            return Ok(None);
        };
        self.clear_and_lift_planet(planet, source)?;
        self.place_empty_planet(id);
        self.emit_caused(
            Cause::Ability(source),
            EventKind::PlanetMoved {
                from: planet,
                to: id,
            },
        );
        Ok(Some(id))
    }

    /// Card text trades two planets of different home systems: each moves to the end of the
    /// other's system, a home planet there like the others, with the ships on it (colonies
    /// there become home or foreign as the system says); cards set beside them are discarded
    /// and tokens beside them taken away, as when a planet moves. Returns where `a` and `b`
    /// went; nothing moves if either is gone, both are in one system or a system is full.
    pub fn trade_planets(
        &mut self,
        a: PlanetId,
        b: PlanetId,
        source: u32,
    ) -> Flow<Option<(PlanetId, PlanetId)>> {
        let s = &self.state;
        if !s.planet_exists(a) || !s.planet_exists(b) || a.owner == b.owner {
            return Ok(None);
        }
        let Some(a_to) = self.next_planet(b.owner) else {
            return Ok(None);
        };
        self.place_empty_planet(a_to);
        let Some(b_to) = self.next_planet(a.owner) else {
            self.state.planets.retain(|pl| pl.id != a_to);
            return Ok(None);
        };
        self.place_empty_planet(b_to);
        for (from, to) in [(a, a_to), (b, b_to)] {
            for p in self.state.seats().collect::<Vec<_>>() {
                let n = self.state.ships_on(from, p);
                self.move_ships(p, Place::Planet(from), Place::Planet(to), n, Rule::CardText);
            }
        }
        for (from, to) in [(a, a_to), (b, b_to)] {
            self.clear_and_lift_planet(from, source)?;
            self.emit_caused(Cause::Ability(source), EventKind::PlanetMoved { from, to });
        }
        Ok(Some((a_to, b_to)))
    }

    /// `p` lands `n` ships from `from` on `planet` (a colony there if it had none).
    pub fn land_on_planet(&mut self, p: PlayerId, planet: PlanetId, from: Place, n: u8) -> Flow {
        self.land_alone(p, from, planet, n, Rule::CardText)?;
        Ok(())
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

    /// `viewer` looks at `owner`'s hand: its cards are visible to `viewer` for the rest of
    /// the encounter.
    pub fn look_at_hand(&mut self, viewer: PlayerId, owner: PlayerId, source: u32) {
        if viewer == owner {
            return;
        }
        self.state.encounter.looked[viewer.ix()] |= 1 << owner.0;
        self.emit_caused(
            Cause::Ability(source),
            EventKind::HandLooked { viewer, owner },
        );
    }

    /// `to` takes `card` wherever it lies: from the encounter (a selected card), the discard
    /// pile, the table, where card text set it aside, the deck (a card looked at there), or
    /// another player's hand (a rift taken from a hand and kept detonates).
    pub fn take_card(&mut self, to: PlayerId, card: CardId, source: u32) -> Flow {
        if let Some(i) = self
            .state
            .encounter
            .cards
            .iter()
            .position(|&x| x == Some(card))
        {
            let side = Side::BOTH[i];
            if self.state.main_player(side) == Some(to) {
                self.take_encounter_card(side, to, source);
            } else {
                // Another player's card: taken, not taken back.
                self.state.encounter.cards[i] = None;
                self.state.players[to.ix()].hand.push(card);
                self.emit_caused(
                    Cause::Ability(source),
                    EventKind::CardTaken { player: to, card },
                );
            }
        } else if self
            .state
            .piles
            .of_mut(self.state.back(card))
            .take_discarded(card)
        {
            self.state.players[to.ix()].hand.push(card);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardTaken { player: to, card },
            );
        } else if let Some(i) = self
            .state
            .encounter
            .reinforcements
            .iter()
            .position(|r| r.card == card)
        {
            // A card on the table as a reinforcement no longer counts for its side.
            self.state.encounter.reinforcements.remove(i);
            self.state.players[to.ix()].hand.push(card);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardTaken { player: to, card },
            );
        } else if let Some(i) = self.state.aside.iter().position(|a| a.card == card) {
            // A card set aside (on a sheet, beside a planet) comes back into a hand.
            let a = self.state.aside.remove(i);
            self.state.players[to.ix()].hand.push(card);
            let kind = if a.owner == to {
                EventKind::CardReturnedFromSheet {
                    player: to,
                    card,
                    at: a.at,
                }
            } else {
                EventKind::CardTaken { player: to, card }
            };
            self.emit_caused(Cause::Ability(source), kind);
        } else if self.take_from_deck(to, card, source) {
            // A card looked at in the deck, taken unseen by the others.
        } else {
            let from = self
                .state
                .seats()
                .find(|q| self.state.players[q.ix()].hand.contains(&card));
            if let Some(from) = from.filter(|&f| f != to) {
                self.give_card(from, to, card, Rule::CardText);
                if self.state.rules.rewards {
                    self.detonate_if_rift(to, card)?;
                }
            }
        }
        Ok(())
    }

    /// `p` lands `n` ships from `from` on the encounter's target planet (a colony there,
    /// beside whoever is already on it).
    pub fn land_on_target(&mut self, p: PlayerId, from: Place, n: u8) -> Flow {
        let planet = self.target();
        self.land_on_planet(p, planet, from, n)
    }

    /// `p` plays `card` from its hand as a reinforcement for `side` (whatever its type: it
    /// counts its printed value), as card text allows outside the reinforcement rounds.
    pub fn play_as_reinforcement(&mut self, p: PlayerId, card: CardId, side: Side) -> Flow {
        if self.state.encounter.revealed && self.state.players[p.ix()].hand.contains(&card) {
            self.reinforce(p, card, side)?;
        }
        Ok(())
    }

    /// Discards `card` wherever it lies: from a hand or from the table, where it was played
    /// as a reinforcement (it no longer counts for its side).
    pub fn discard_anywhere(&mut self, card: CardId, source: u32) {
        let s = &self.state;
        let owner = s.seats().find(|q| s.players[q.ix()].hand.contains(&card));
        let on_table = s
            .encounter
            .reinforcements
            .iter()
            .position(|r| r.card == card);
        let aside = s.aside.iter().position(|a| a.card == card);
        if let Some(owner) = owner {
            self.discard_card(owner, card, Rule::CardText);
        } else if let Some(i) = aside {
            let a = self.state.aside.remove(i);
            self.state.place_in_discard(card);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardDiscarded {
                    player: a.owner,
                    card,
                },
            );
        } else if let Some(i) = on_table {
            let r = self.state.encounter.reinforcements.remove(i);
            self.state.place_in_discard(card);
            self.emit_caused(
                Cause::Ability(source),
                EventKind::CardDiscarded { player: r.by, card },
            );
        }
    }
}
