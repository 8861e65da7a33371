//! The engine's hook points (`Hooks`), each handed to the module that answers it.

use super::context::{Origin, Subject};
use super::Runtime;
use crate::index::{
    during_key, on_bit, window_key, Keys, Ons, DEAL_KEY, DURING_SHIFT, LANDING_ON, REPLAYS_ON,
    RETRIEVING_ON, SETUP_KEY,
};
use crate::ir::{Happening, Trigger};
use cosmic_engine::deal::{ContentTerm, TermOffer};
use cosmic_engine::event::{Place, Rule};
use cosmic_engine::{Flow, Game, Hooks, Moment, PlanetId, PlayerId, Quantity, Side, Window};

impl Hooks for Runtime {
    fn at(&self, window: Window, game: &mut Game<'_>) -> Flow {
        if window == Window::GameSetup {
            return self.trigger(game, SETUP_KEY, |t, _| *t == Trigger::Setup);
        }
        // Continuous abilities that are uses are announced when their phase starts.
        if let Window::PhaseStart(phase) = window {
            self.trigger(
                game,
                during_key(phase),
                |t, _| matches!(t, Trigger::During(ph) if ph.first() == Some(&phase)),
            )?;
        }
        let at = |t: &Trigger, phase: Option<cosmic_engine::state::Phase>| match t {
            // Duel's windows come in no encounter phase: their abilities name none.
            Trigger::At { phases, window: w } => {
                *w == window
                    && (phase.is_some_and(|p| phases.contains(&p))
                        || (window.is_duel() && phases.is_empty()))
            }
            _ => false,
        };
        // Most windows have no lasting reaction that may act there: one test of the mask.
        if self.reaction_windows(game) & window.bit() == 0 {
            return self.trigger(game, window_key(window), at);
        }
        let reactions = self.due_reactions(game, window, at);
        if reactions.is_empty() {
            return self.trigger(game, window_key(window), at);
        }
        self.trigger_reacting(game, window_key(window), at, &reactions)
    }

    fn windows(&self, game: &Game<'_>) -> u64 {
        // Exactly the windows at which `at` would find something held: those whose own bit
        // anybody's holdings carry, a phase's start also for the phase's continuous
        // abilities, and setup for the setup abilities. `held_all` is kept under the holdings
        // version, which is what the engine keeps this answer under.
        let held = self.held_all(game);
        let keys = held.keys;
        // The gates whose window bits are shared with kinds of quantity: each set exactly when
        // something held acts there. Landings: something held answers or replaces them (or a
        // lasting effect in force does, among its reactions); rewards received: something
        // held answers them; the replay point: something held may replay the encounter.
        let gate =
            |keys: Keys, w: Window, on: bool| (keys & !w.bit()) | if on { w.bit() } else { 0 };
        let lands = held.ons & (on_bit(Happening::ShipsLanded) | LANDING_ON) != 0;
        let rewards = held.ons & on_bit(Happening::MyRewardsReceived) != 0;
        let keys = gate(keys, Window::Landing, lands);
        let keys = gate(keys, Window::Retrieval, held.ons & RETRIEVING_ON != 0);
        let keys = gate(keys, Window::Rewards, rewards);
        let keys = gate(keys, Window::ReplayPoint, held.ons & REPLAYS_ON != 0);
        // And those of lasting effects' reactions (the engine asks again when one starts).
        let at = (keys & ((1 << DURING_SHIFT) - 1)) | self.reaction_windows(game);
        // Phase n's `during` bit is DURING_SHIFT + n and its start's window bit is n.
        let during = (keys >> DURING_SHIFT) & 0xFF;
        let setup = if keys & SETUP_KEY != 0 {
            Window::GameSetup.bit()
        } else {
            0
        };
        at | during | setup
    }

    fn deal_terms(&self, side: Side, game: &Game<'_>) -> Vec<TermOffer> {
        let Some(p) = game.state().main_player(side) else {
            return Vec::new();
        };
        if self.held_all(game).keys & DEAL_KEY == 0 {
            return Vec::new();
        }
        self.abilities_at(game, p, DEAL_KEY)
            .into_iter()
            // A face-down sheet offers no terms: a deal cannot flip it.
            .filter(|&(a, o)| {
                o != Origin::HiddenPower
                    && self.ability(a).triggers.contains(&Trigger::DealTerm)
                    && self.may_act(game, p, a)
            })
            .map(|(a, _)| TermOffer {
                by: side,
                term: a,
                name: self.program.sources[self.ability(a).source as usize].clone(),
            })
            .collect()
    }

    fn carry_out_term(&self, term: &ContentTerm, game: &mut Game<'_>) -> Flow {
        let Some(p) = game.state().main_player(term.by) else {
            return Ok(());
        };
        // The offer was checked when the deal was proposed; the ability still must exist.
        let Some(ab) = self.program.abilities.get(term.term as usize) else {
            return Ok(());
        };
        let mut ctx = self.ctx(p, term.term, Subject::None);
        ctx.agreed = Some((term.player, term.amount));
        self.run_body(&ab.body, game, &mut ctx)
    }

    fn hazard(&self, hazard: u16, drawer: PlayerId, game: &mut Game<'_>) -> Flow {
        let Some(&item) = self.hazard_items.get(hazard as usize) else {
            return Ok(());
        };
        // A hazard is nobody's holding: its text acts once, now, for its drawer (the lint
        // keeps every ability of a hazard to `whenever this hazard is drawn`).
        for &a in &self.program.items[item as usize].abilities {
            let ab = self.ability(a);
            if !ab.triggers.contains(&Trigger::On(Happening::HazardDrawn)) {
                continue;
            }
            let mut ctx = self.ctx(drawer, a, Subject::None);
            if let Some(c) = &ab.condition {
                if !self.eval(c, game, &mut ctx).is_true() {
                    continue;
                }
            }
            self.run_body(&ab.body, game, &mut ctx)?;
        }
        Ok(())
    }

    fn moment(&self, moment: Moment, game: &mut Game<'_>) -> Flow {
        // Seats as masks: everyone, one player, everyone but one.
        let seats = ((1u16 << game.state().player_count()) - 1) as u8;
        let only = |p: PlayerId| 1u8 << p.0;
        let others = |p: PlayerId| seats & !(1u8 << p.0);
        match moment {
            Moment::PowerLost(p) => {
                self.happened(game, Happening::PowerLost, others(p), Subject::Player(p))
            }
            Moment::DeckReshuffled => {
                self.happened(game, Happening::DeckReshuffled, seats, Subject::None)
            }
            Moment::AlienLeft(p, alien) => self.alien_left(game, p, alien),
            Moment::TechCompleted(p, t) => {
                self.happened(game, Happening::TechCompleted, only(p), Subject::Tech(t))
            }
            Moment::ShipsToWarp(p, count) => {
                let subject = Subject::Count {
                    player: p,
                    count,
                    upto: 0,
                    fed: 0,
                };
                self.happened(game, Happening::MyShipsToWarp, only(p), subject)?;
                self.happened(game, Happening::OthersShipsToWarp, others(p), subject)
            }
            Moment::ShipsSent(by, victims) => {
                // `that player` is the first of them in seat order, `that number` how many.
                let Some(first) = game.state().seats().find(|q| victims & (1 << q.0) != 0) else {
                    return Ok(());
                };
                let subject = Subject::Count {
                    player: first,
                    count: victims.count_ones() as u8,
                    upto: 0,
                    fed: 0,
                };
                self.happened(game, Happening::MyShipsSent, only(by), subject)
            }
            Moment::ShipsRemoved(p, count) => {
                let subject = Subject::Count {
                    player: p,
                    count,
                    upto: 0,
                    fed: 0,
                };
                self.happened(game, Happening::MyShipsRemoved, only(p), subject)?;
                self.happened(game, Happening::OthersShipsRemoved, others(p), subject)
            }
            Moment::ShipsRetrieved(p, count, fed) => {
                let (mine, theirs) = (Happening::MyShipsRetrieved, Happening::OthersShipsRetrieved);
                self.gained(game, p, (count, fed, 0), mine, theirs, seats)
            }
            Moment::CardsDrawn(p, count, fed, upto) => {
                let (mine, theirs) = (Happening::MyCardsDrawn, Happening::OthersCardsDrawn);
                self.gained(game, p, (count, fed, upto), mine, theirs, seats)
            }
            Moment::CardsTakenAtRandom(taker, from, count, fed) => {
                // `that player` is whom the cards came from: the same source to take from.
                if count > fed {
                    let subject = Subject::Count {
                        player: from,
                        count: count - fed,
                        upto: 0,
                        fed: 0,
                    };
                    self.happened(game, Happening::MyCardsTakenAtRandom, only(taker), subject)?;
                }
                Ok(())
            }
            Moment::RewardCardsDrawn(p, count, upto) => {
                let subject = Subject::Count {
                    player: p,
                    count,
                    upto,
                    fed: 0,
                };
                self.happened(game, Happening::MyRewardsDrawn, only(p), subject)
            }
            Moment::RewardsReceived(p, count, cards, ships) => {
                let subject = Subject::Rewards {
                    player: p,
                    count,
                    cards,
                    ships,
                };
                self.happened(game, Happening::MyRewardsReceived, only(p), subject)
            }
            Moment::CosmicQuake => {
                self.happened(game, Happening::CosmicQuake, seats, Subject::None)
            }
            Moment::ColonyGained(p) => {
                let subject = Subject::Count {
                    player: p,
                    count: 1,
                    upto: 0,
                    fed: 0,
                };
                self.happened(game, Happening::OthersColonyGained, others(p), subject)
            }
            Moment::CardDiscarded {
                player,
                card,
                new_hand,
            } => {
                // A card taken out of the discard pile since can no longer be answered.
                if !game.state().is_discarded(card) {
                    return Ok(());
                }
                let ty = game.state().kind(card).card_type();
                let subject = Subject::Card(card);
                if new_hand {
                    self.happened(game, Happening::NewHandDiscard(ty), only(player), subject)?;
                }
                self.happened(game, Happening::OthersDiscard(ty), others(player), subject)
            }
            Moment::ReinforcementPlayed(p, card) => self.happened(
                game,
                Happening::ReinforcementPlayed,
                others(p),
                Subject::Card(card),
            ),
        }
    }

    fn moments(&self, game: &Game<'_>) -> u32 {
        // The kinds whose happenings nothing held answers are left out (a kind missing from
        // `Moment::KINDS` stays in): `happened` would find no answer for them. A lasting
        // effect's answers count as held (one that begins gives a new holdings version).
        let ons = self.held_all(game).ons | self.lasting_masks(game).1;
        // Most new holdings answer the same happenings as before: the answer is kept.
        if let Some((from, mask)) = self.moments_for.get() {
            if from == ons {
                return mask;
            }
        }
        let mask = (Moment::KINDS.iter())
            .filter(|m| answered_by(m).is_some_and(|bits| ons & bits == 0))
            .fold(u32::MAX, |mask, m| mask & !m.bit());
        self.moments_for.set(Some((ons, mask)));
        mask
    }

    fn changeable(&self, game: &Game<'_>) -> u32 {
        // The engine keeps this under the effects' version too, so lasting effects count.
        self.index.kinds_of(self.held_all(game).keys) | self.lasting_masks_all(game).kinds
    }

    fn card_may_act(&self, def: u16) -> bool {
        // What the caches read of a card: its item (see `gather_held`, `gather_candidates`).
        matches!(self.def_items.get(def as usize), Some(Some(_)))
    }

    fn cards_may_act(&self) -> Option<std::sync::Arc<[bool]>> {
        Some(self.def_may_act.clone())
    }

    // The engine calls this only for kinds `changeable` names or a lasting modifier
    // changes (`Game::quantity`); `changes` finds what applies to `q` itself.
    fn quantity(&self, q: Quantity, value: i32, game: &Game<'_>) -> i32 {
        self.changed(q, value, game)
    }

    fn redirect_landing(
        &self,
        player: PlayerId,
        from: Place,
        planet: PlanetId,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        self.replace_landing(player, from, planet, count, rule, game)
    }

    fn redirect_retrieval(
        &self,
        player: PlayerId,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        self.replace_retrieval(player, count, rule, game)
    }

    fn landed(&self, planet: PlanetId, players: u8, _: Rule, game: &mut Game<'_>) -> Flow {
        // Anybody may answer, the landing players too.
        let seats = ((1u16 << game.state().player_count()) - 1) as u8;
        let subject = Subject::Landing { planet, players };
        self.happened(game, Happening::ShipsLanded, seats, subject)
    }

    fn redirect_ships(
        &self,
        player: PlayerId,
        from: Place,
        count: u8,
        rule: Rule,
        game: &mut Game<'_>,
    ) -> Flow<u8> {
        self.replace_ships_to_warp(player, from, count, rule, game)
    }
}

/// The happenings (`on_bit`) `moment` asks the holdings about for `m`'s kind: keep the two
/// alike. `None` for an alien leaving the game, which runs its own text (nobody's holding):
/// always passed on.
fn answered_by(m: &Moment) -> Option<Ons> {
    use cosmic_engine::CardType;
    use Happening::*;
    Some(match m {
        Moment::PowerLost(..) => on_bit(PowerLost),
        Moment::DeckReshuffled => on_bit(DeckReshuffled),
        Moment::ShipsToWarp(..) => on_bit(MyShipsToWarp) | on_bit(OthersShipsToWarp),
        Moment::ShipsRemoved(..) => on_bit(MyShipsRemoved) | on_bit(OthersShipsRemoved),
        Moment::ShipsRetrieved(..) => on_bit(MyShipsRetrieved) | on_bit(OthersShipsRetrieved),
        Moment::CardsDrawn(..) => on_bit(MyCardsDrawn) | on_bit(OthersCardsDrawn),
        Moment::CardsTakenAtRandom(..) => on_bit(MyCardsTakenAtRandom),
        Moment::RewardCardsDrawn(..) => on_bit(MyRewardsDrawn),
        Moment::RewardsReceived(..) => on_bit(MyRewardsReceived),
        Moment::CosmicQuake => on_bit(CosmicQuake),
        Moment::ColonyGained(..) => on_bit(OthersColonyGained),
        // The card's type is no part of the bit.
        Moment::CardDiscarded { .. } => {
            on_bit(NewHandDiscard(CardType::Attack)) | on_bit(OthersDiscard(CardType::Attack))
        }
        Moment::ReinforcementPlayed(..) => on_bit(ReinforcementPlayed),
        Moment::ShipsSent(..) => on_bit(MyShipsSent),
        Moment::TechCompleted(..) => on_bit(TechCompleted),
        Moment::AlienLeft(..) => return None,
    })
}

impl Runtime {
    /// `p` gained `count` things (ships retrieved, cards drawn), `fed` of them by its own
    /// feeding text, the cards drawn the last of the encounter's record while it was `upto`
    /// long: `p` answers those it did not feed itself (`mine`), the others answer all of
    /// them (`theirs`).
    fn gained(
        &self,
        game: &mut Game,
        p: PlayerId,
        (count, fed, upto): (u8, u8, u16),
        mine: Happening,
        theirs: Happening,
        seats: u8,
    ) -> Flow {
        if count > fed {
            let unfed = Subject::Count {
                player: p,
                count: count - fed,
                upto,
                fed: 0,
            };
            self.happened(game, mine, 1 << p.0, unfed)?;
        }
        let subject = Subject::Count {
            player: p,
            count,
            upto,
            fed,
        };
        self.happened(game, theirs, seats & !(1 << p.0), subject)
    }
}
