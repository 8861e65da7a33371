//! Card actions on cards: hands traded, mixed, looked at or taken from; encounter cards
//! swapped, replaced or turned; cards set aside, shown, given and discarded from anywhere.

use crate::components::CardKind;
use crate::effects::{Lasting, Until};
use crate::event::{Cause, EventKind, Rule};
use crate::game::{Flow, Game};
use crate::ids::{CardId, PlayerId, Side};

impl Game<'_> {
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

    /// `p` must select `card` as its encounter card this encounter if it can.
    pub fn oblige_to_play(&mut self, p: PlayerId, card: CardId, source: u32) {
        self.add_effect(p, Until::EndOfEncounter, Lasting::MustPlay { card });
        self.emit_caused(
            Cause::Ability(source),
            EventKind::MustPlayCard { player: p, card },
        );
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
