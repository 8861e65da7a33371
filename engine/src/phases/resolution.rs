//! Resolution: the outcome of the revealed cards is carried out: colonies, the warp,
//! compensation, defender rewards, deals.

use crate::components::CardKind;
use crate::decision::{Choice, DecisionKind};
use crate::event::{EventKind, Place, Rule};
use crate::game::{Flow, Game};
use crate::hooks::Window;
use crate::ids::{PlayerId, Side, MAX_PLAYERS};
use crate::quantity::Quantity;
use crate::state::Outcome;

impl Game<'_> {
    pub(super) fn resolution_phase(&mut self) -> Flow<Outcome> {
        let e = &self.state.encounter;
        let decided = e.decided;
        let (ko, kd) = match (e.effective[0], e.effective[1], decided) {
            (_, _, Some(side)) => match side {
                // A decided encounter counts as won by an attack against whatever.
                Side::Offense => (CardKind::Attack(0), CardKind::Negotiate),
                Side::Defense => (CardKind::Negotiate, CardKind::Attack(0)),
            },
            (Some(ko), Some(kd), None) => (ko, kd),
            _ => return Ok(Outcome::Aborted),
        };
        self.state.encounter.lost_to_warp = [0; MAX_PLAYERS];
        let winner = |base: Side| -> Outcome {
            match Quantity::winner_side(
                self.quantity(Quantity::Winner, Quantity::winner_value(base)),
            ) {
                Side::Offense => Outcome::OffenseWins,
                Side::Defense => Outcome::DefenseWins,
            }
        };
        let outcome = match (ko, kd) {
            (CardKind::Morph, CardKind::Morph) => Outcome::BothLose,
            (CardKind::Attack(_), CardKind::Attack(_)) => {
                let [o, d] = self.state.encounter.totals.unwrap_or([0, 0]);
                // Ties go to the defense.
                winner(if o > d { Side::Offense } else { Side::Defense })
            }
            (CardKind::Attack(_), _) => winner(Side::Offense),
            (_, CardKind::Attack(_)) => winner(Side::Defense),
            _ => {
                self.allies_go_home()?;
                if self.negotiate()? {
                    Outcome::DealMade
                } else {
                    Outcome::DealFailed
                }
            }
        };
        self.state.encounter.outcome = Some(outcome);
        self.emit(
            outcome_rule(outcome),
            EventKind::EncounterResolved { outcome },
        );
        self.window(Window::WinnerDetermined)?;
        if self.state.rules.praw {
            self.hold_warp();
        }
        match outcome {
            Outcome::OffenseWins => self.offense_wins()?,
            Outcome::DefenseWins => self.defense_wins()?,
            Outcome::BothLose => self.both_lose()?,
            Outcome::DealMade => self.check_win()?,
            Outcome::DealFailed => self.deal_failed()?,
            Outcome::Reestablished | Outcome::Aborted => {}
        }
        self.release_warp();
        let offense = self.state.offense;
        let gate = self.state.encounter.gate[offense.ix()];
        self.return_ships(offense, Place::Gate, gate, Rule::ReturnFromGate)?;
        self.window(Window::EncounterResolved)?;
        Ok(outcome)
    }

    /// The offense's side lands on the planet; the defense's side goes to the warp.
    fn offense_wins(&mut self) -> Flow {
        let planet = self.target();
        // The defending ships, counted before the landing (a defense allied against itself
        // lands ships of its own there with the offense, and those stay).
        let defense = self.main(Side::Defense);
        let defending = self.state.ships_on(planet, defense);
        // With Eon's cone reversed, offensive allies stay in the cone to go home with rewards.
        let reversed = self.state.encounter.reversed;
        let offense = self.state.offense;
        let mut landed = 0u8;
        for p in self.timing_order() {
            if reversed && p != offense {
                continue;
            }
            let n = self.state.encounter.gate[p.ix()];
            if n > 0 && self.land_ships(p, Place::Gate, planet, n, Rule::OffenseWins)? > 0 {
                landed |= 1 << p.0;
            }
        }
        // Content answers the landing at once, before the win is checked.
        self.answer_landing(planet, landed, Rule::OffenseWins)?;
        // Landing is simultaneous: everyone reaching the winning count shares the win.
        self.check_win()?;
        self.send_to_warp(defense, Place::Planet(planet), defending, Rule::OffenseWins)?;
        for p in self.timing_order() {
            let n = self.state.encounter.beside[p.ix()];
            self.send_to_warp(p, Place::Beside, n, Rule::OffenseWins)?;
        }
        self.release_warp();
        if reversed {
            self.reversed_offensive_allies()?;
        }
        if self.state.encounter.effective[Side::Defense.ix()] == Some(CardKind::Negotiate) {
            self.compensation(Side::Defense)?;
        }
        Ok(())
    }

    /// The offense's side goes to the warp; defensive allies go home with rewards.
    fn defense_wins(&mut self) -> Flow {
        for p in self.timing_order() {
            let n = self.state.encounter.gate[p.ix()];
            self.send_to_warp(p, Place::Gate, n, Rule::DefenseWins)?;
        }
        self.release_warp();
        if self.state.encounter.effective[Side::Offense.ix()] == Some(CardKind::Negotiate) {
            self.compensation(Side::Offense)?;
        }
        if self.state.encounter.reversed {
            return self.reversed_defensive_allies();
        }
        for p in self.timing_order() {
            let n = self.state.encounter.beside[p.ix()];
            if n == 0 {
                continue;
            }
            self.return_ships(p, Place::Beside, n, Rule::DefenseWins)?;
            let rewards = self
                .quantity(Quantity::Rewards(p), n as i32)
                .clamp(0, u8::MAX as i32);
            self.defender_rewards(p, rewards as u8, Rule::DefenderRewards)?;
        }
        Ok(())
    }

    /// Two morphs: every ship in the encounter goes to the warp.
    fn both_lose(&mut self) -> Flow {
        let planet = self.target();
        let defense = self.main(Side::Defense);
        let n = self.state.ships_on(planet, defense);
        self.send_to_warp(defense, Place::Planet(planet), n, Rule::BothMorphs)?;
        for p in self.timing_order() {
            let e = &self.state.encounter;
            let (g, b) = (e.gate[p.ix()], e.beside[p.ix()]);
            self.send_to_warp(p, Place::Gate, g, Rule::BothMorphs)?;
            self.send_to_warp(p, Place::Beside, b, Rule::BothMorphs)?;
        }
        Ok(())
    }

    /// A defensive ally takes one reward per ship: a card, or a ship back from the warp
    /// (card text gives rewards the same way, under its own rule).
    pub(crate) fn defender_rewards(&mut self, p: PlayerId, ships: u8, rule: Rule) -> Flow {
        let warp = self.state.players[p.ix()].warp;
        // With Eon's praw a reward may also raise a token from the praw (§VI.1, §XIX.2).
        let praw = self.state.players[p.ix()].praw;
        let mut options = self.choices();
        for raised in 0..=ships.min(praw) {
            options.extend((0..=(ships - raised).min(warp)).map(|k| Choice::Rewards {
                ships: k,
                cards: ships - raised - k,
                raised,
            }));
        }
        let Choice::Rewards {
            ships: back,
            cards,
            raised,
        } = self.pick(p, DecisionKind::Rewards, options)?
        else {
            return Ok(());
        };
        self.emit(
            rule,
            EventKind::RewardsTaken {
                player: p,
                cards,
                ships: back,
            },
        );
        let before = self.state.players[p.ix()].hand.len();
        self.draw_rewards(p, cards, rule)?;
        let hand = &self.state.players[p.ix()].hand;
        let drawn: Vec<_> = hand.get(before..).unwrap_or(&[]).to_vec();
        self.state
            .encounter
            .gained
            .extend(drawn.into_iter().map(|c| (p, c)));
        if cards > 0 {
            let end = self.state.encounter.gained.len() as u16;
            self.note(crate::hooks::Moment::RewardCardsDrawn(p, cards, end));
        }
        self.return_ships(p, Place::Warp, back, rule)?;
        self.move_ships(p, Place::Praw, Place::Warp, raised, Rule::RaiseFromPraw);
        // Queued only while something held answers it: rewards come often.
        if ships > 0 && self.may_act_at(crate::hooks::Window::Rewards) {
            self.note(crate::hooks::Moment::RewardsReceived(p, ships, cards, back));
        }
        Ok(())
    }

    /// The player on `side` who played a negotiate against an attack takes one card at random
    /// from the opponent's hand for each of its own ships lost to the warp.
    fn compensation(&mut self, side: Side) -> Flow {
        let taker = self.main(side);
        let from = self.main(side.other());
        self.collect_compensation(taker, from)
    }

    /// `taker` collects compensation from `from`: one card at random for each of its own
    /// ships lost to the warp this encounter (as the rules' negotiate, or as card text says).
    pub fn collect_compensation(&mut self, taker: PlayerId, from: PlayerId) -> Flow {
        self.state.encounter.compensating = Some(taker);
        self.window(Window::Compensation)?;
        self.state.encounter.compensating = None;
        // An Eon kicker multiplies the normal number of cards (§VI.4): a main player's own.
        let kicker = if self.state.is_main_player(taker) {
            self.state
                .side_of(taker)
                .map_or(1, |side| self.kicker(side))
        } else {
            1
        };
        let mut lost = self.state.encounter.lost_to_warp[taker.ix()] as i32 * kicker;
        // A crooked deal takes one card more, after the kicker multiplied the count.
        if self.state.rules.rewards
            && self.state.is_main_player(taker)
            && (self.state.side_of(taker)).is_some_and(|side| self.crooked(side))
        {
            lost += 1;
        }
        let due = self.quantity(Quantity::Compensation(taker), lost).max(0);
        let mut taken = 0;
        for _ in 0..due {
            let Some(card) = self.random_card_for(taker, from)? else {
                break;
            };
            self.give_card(from, taker, card, Rule::Compensation);
            self.state.encounter.gained.push((taker, card));
            taken += 1;
        }
        self.note_taken_at_random(taker, from, taken);
        self.emit(
            Rule::Compensation,
            EventKind::CompensationTaken {
                player: taker,
                from,
                cards: taken,
            },
        );
        if self.state.rules.rewards {
            // A rift taken as compensation and kept detonates.
            let gained = self.state.encounter.gained.len();
            for i in gained - taken as usize..gained {
                let card = self.state.encounter.gained[i].1;
                self.detonate_if_rift(taker, card)?;
            }
        }
        Ok(())
    }

    /// With two negotiates, allies take their ships home and get nothing.
    fn allies_go_home(&mut self) -> Flow {
        let offense = self.state.offense;
        for p in self.timing_order() {
            let e = &self.state.encounter;
            // The offense keeps its own ships on the gate (it may have allied against itself).
            let g = if p == offense { 0 } else { e.gate[p.ix()] };
            let b = e.beside[p.ix()];
            self.return_ships(p, Place::Gate, g, Rule::NegotiateAllies)?;
            self.return_ships(p, Place::Beside, b, Rule::NegotiateAllies)?;
        }
        Ok(())
    }

    /// A failed deal: each main player loses ships to the warp, from colonies or the gate.
    fn deal_failed(&mut self) -> Flow {
        self.window(Window::DealFailed)?;
        let base = self.state.rules.failed_deal_ships as i32;
        for side in Side::BOTH {
            let p = self.main(side);
            // Crooked deals: one ship fewer for their player, one more for its opponent;
            // two cancel out. Then a kicker multiplies what the other main player loses
            // (Eon §VI.4; the reward deck's kickers alike).
            let base = if self.state.rules.rewards {
                base - self.crooked(side) as i32 + self.crooked(side.other()) as i32
            } else {
                base
            };
            let base = base * self.kicker(side.other());
            let n = self
                .quantity(Quantity::FailedDealShips(p), base)
                .clamp(0, u8::MAX as i32) as u8;
            let chosen =
                self.choose_ships(p, DecisionKind::FailedDealShips, Place::Warp, n..=n, true)?;
            for (place, k) in chosen {
                self.send_to_warp(p, place, k, Rule::FailedDeal)?;
            }
        }
        Ok(())
    }

    /// The targeted planet (set in launch).
    pub(crate) fn target(&self) -> crate::ids::PlanetId {
        self.state.encounter.planet.unwrap_or(crate::ids::PlanetId {
            owner: self.main(Side::Defense),
            n: 0,
        })
    }
}

fn outcome_rule(outcome: Outcome) -> Rule {
    match outcome {
        Outcome::OffenseWins => Rule::OffenseWins,
        Outcome::DefenseWins => Rule::DefenseWins,
        Outcome::BothLose => Rule::BothMorphs,
        Outcome::DealMade => Rule::Deal,
        Outcome::DealFailed => Rule::FailedDeal,
        Outcome::Reestablished => Rule::Reestablish,
        Outcome::Aborted => Rule::OffenseOutOfCards,
    }
}
