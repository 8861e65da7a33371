//! Duels and contests, step by step (Steps of a Duel 1-11; Contests 1-7). Secret choices
//! (dials; plans and tactics) are asked together and revealed at once.

use super::components::{DuelCardKind, PrizeDef, PrizeTaker};
use super::event::{DuelEvent, DuelRule, WonBy};
use super::state::{DuelCardId, DuelState, Fight, FightKind, Played};
use super::MAX_DIAL;
use crate::decision::{Answer, Choice, Decision, DecisionKind, Request};
use crate::game::{Flow, Game};
use crate::ids::PlayerId;

const SEATS: [PlayerId; 2] = [PlayerId(0), PlayerId(1)];

impl DuelState {
    /// Each player's total clout in the fight under way: its plan, the ship advantage if it
    /// has more ships on the planet, and the reinforcements on it.
    pub fn clout(&self) -> [i32; 2] {
        let Some(f) = &self.fight else {
            return [0, 0];
        };
        let mut clout = [0i32; 2];
        for p in SEATS {
            if let Some(plan) = f.plans[p.ix()] {
                clout[p.ix()] = self.cards[plan.0 as usize].kind.number() as i32;
            }
        }
        if let Some(p) = self.ship_advantage() {
            if let FightKind::Duel { advantage, .. } = f.kind {
                clout[p.ix()] += advantage as i32;
            }
        }
        for r in &f.reinforcements {
            clout[r.on.ix()] += self.cards[r.card.0 as usize].kind.number() as i32;
        }
        clout
    }

    /// The player with more ships on the planet under duel (none on equal counts, or in a
    /// contest).
    pub fn ship_advantage(&self) -> Option<PlayerId> {
        let planet = self.dueled_planet()?;
        let ships = self.planets[planet as usize].ships;
        match ships[0].cmp(&ships[1]) {
            std::cmp::Ordering::Greater => Some(PlayerId(0)),
            std::cmp::Ordering::Less => Some(PlayerId(1)),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl Game<'_> {
    /// Content (`source`) decides the fight under way for `p`: it wins outright, once its
    /// plans are revealed. A fight already decided, or no fight, is left alone.
    pub fn win_fight(&mut self, p: PlayerId, source: u32) {
        let Some(f) = self.duel_mut().fight.as_mut() else {
            return;
        };
        if f.winner.is_some() {
            return;
        }
        f.winner = Some(p);
        self.emit_caused(
            crate::event::Cause::Ability(source),
            crate::event::EventKind::Duel(DuelEvent::FightWon {
                winner: p,
                by: WonBy::Ability,
            }),
        );
    }

    fn fight(&self) -> &Fight {
        self.duel().fight.as_ref().expect("a fight under way")
    }

    fn fight_mut(&mut self) -> &mut Fight {
        self.duel_mut().fight.as_mut().expect("a fight under way")
    }

    /// Has a duel over `planet` with the card's ship advantage and prize.
    pub(crate) fn have_duel(
        &mut self,
        planet: u16,
        advantage: i16,
        prize: Option<PrizeDef>,
    ) -> Flow {
        self.duel_mut().fight = Some(Fight::new(FightKind::Duel { planet, advantage }, prize));
        self.emit_duel(
            DuelRule::Destiny,
            DuelEvent::DuelStarted { planet, advantage },
        );
        let (winner, by) = loop {
            self.set_and_reveal_dials(planet)?;
            self.reveal_envoys()?;
            let tactics = self.choose_plans(true)?;
            self.emit_duel(DuelRule::Tactics, DuelEvent::TacticsRevealed { tactics });
            self.fight_mut().tactics = tactics;
            self.resolve_tactics(tactics, planet)?;
            self.fight_mut().tactics = [None, None];
            let ships = self.duel().planets[planet as usize].ships;
            match ships {
                [0, 0] => {
                    for p in SEATS {
                        if let Some(plan) = self.fight_mut().plans[p.ix()].take() {
                            self.discard_played(p, plan, DuelRule::CheckShips);
                        }
                    }
                    self.emit_duel(DuelRule::CheckShips, DuelEvent::DuelRestarted);
                }
                [_, 0] => break (PlayerId(0), WonBy::Ships),
                [0, _] => break (PlayerId(1), WonBy::Ships),
                _ => break self.clout_step()?,
            }
        };
        self.fight_mut().winner = Some(winner);
        if by != WonBy::Ability {
            self.emit_duel(
                DuelRule::DetermineWinner,
                DuelEvent::FightWon { winner, by },
            );
        }
        if let Some(prize) = self.fight().prize.clone() {
            let player = match prize.to {
                PrizeTaker::Winner => winner,
                PrizeTaker::Loser => DuelState::opponent(winner),
            };
            // The prize's effect is its card text (content): none is confirmed yet.
            self.emit_duel(
                DuelRule::Prize,
                DuelEvent::PrizeResolved {
                    player,
                    prize: prize.name,
                },
            );
        }
        let loser = DuelState::opponent(winner);
        let count = self.duel().planets[planet as usize].ships[loser.ix()];
        if count > 0 {
            self.duel_mut().planets[planet as usize].ships[loser.ix()] = 0;
            self.duel_mut().players[loser.ix()].supply += count;
            self.emit_duel(
                DuelRule::Cleanup,
                DuelEvent::ShipsRetreated {
                    player: loser,
                    count,
                    planet,
                },
            );
        }
        self.fight_cleanup();
        Ok(())
    }

    /// Has a contest: envoys, plans, reinforcements, the winner; returns the winner, who
    /// resolves the card's contest effect (content).
    pub(crate) fn have_contest(&mut self) -> Flow<PlayerId> {
        self.duel_mut().fight = Some(Fight::new(FightKind::Contest, None));
        self.emit_duel(DuelRule::Contest, DuelEvent::ContestStarted);
        self.reveal_envoys()?;
        self.choose_plans(false)?;
        let (winner, by) = self.clout_step()?;
        self.fight_mut().winner = Some(winner);
        if by != WonBy::Ability {
            self.emit_duel(DuelRule::Contest, DuelEvent::FightWon { winner, by });
        }
        self.emit_duel(
            DuelRule::Contest,
            DuelEvent::ContestEffect { player: winner },
        );
        self.fight_cleanup();
        Ok(winner)
    }

    /// Steps 1 and 2: both dials set in secret, revealed together; each player sends that
    /// many ships (all it has if fewer); a player with none to send loses.
    fn set_and_reveal_dials(&mut self, planet: u16) -> Flow {
        let asks = SEATS.map(|p| Decision {
            player: p,
            kind: DecisionKind::Dial,
            request: Request::Pick((1..=MAX_DIAL as i32).map(Choice::Number).collect()),
            asker: None,
        });
        let answers = self.ask_together(&asks)?;
        let mut dials = [0u8; 2];
        for (i, a) in answers.iter().enumerate() {
            dials[i] = match a {
                Answer::Pick(k) => *k as u8 + 1,
                _ => 1,
            };
        }
        self.emit_duel(DuelRule::RevealDials, DuelEvent::DialsRevealed { dials });
        let empty: Vec<PlayerId> = SEATS
            .into_iter()
            .filter(|p| self.duel().players[p.ix()].supply == 0)
            .collect();
        if !empty.is_empty() {
            return self.lose_for_empty_supply(&empty);
        }
        for p in SEATS {
            let d = self.duel_mut();
            let count = dials[p.ix()].min(d.players[p.ix()].supply);
            d.players[p.ix()].supply -= count;
            d.planets[planet as usize].ships[p.ix()] += count;
            self.emit_duel(
                DuelRule::RevealDials,
                DuelEvent::ShipsSent {
                    player: p,
                    count,
                    planet,
                },
            );
        }
        Ok(())
    }

    /// Step 4 (contest step 2): each player chooses a card of its hand as its plan and, in a
    /// duel, one of its readied tactics and the half to resolve, all in secret; returns the
    /// tactics, revealed next. A player with an empty hand first draws up to its limit.
    fn choose_plans(&mut self, tactics: bool) -> Flow<[Option<(u16, u8)>; 2]> {
        for p in SEATS {
            if self.duel().players[p.ix()].hand.is_empty() {
                self.draw_up_to_limit(p, DuelRule::HandLimit)?;
            }
        }
        let mut asks = Vec::with_capacity(4);
        for p in SEATS {
            let pl = &self.duel().players[p.ix()];
            if !pl.hand.is_empty() {
                let options = pl.hand.iter().map(|&c| Choice::DuelCard(c)).collect();
                asks.push(Decision {
                    player: p,
                    kind: DecisionKind::Plan,
                    request: Request::Pick(options),
                    asker: None,
                });
            }
            if tactics {
                let defs = &self.components.duel.tactics[p.ix()];
                // A token whose two halves are the same offers one choice, not two.
                let options: Vec<Choice> = (pl.tactics.iter().enumerate())
                    .filter(|(_, t)| !t.spent)
                    .flat_map(|(i, t)| {
                        let same = defs
                            .get(t.def as usize)
                            .is_some_and(|d| d.halves[0] == d.halves[1]);
                        (0..if same { 1 } else { 2 }).map(move |half| Choice::Tactic {
                            token: i as u16,
                            half,
                        })
                    })
                    .collect();
                // With every tactic spent, a player plays none (the rule book does not
                // say; this is our reading).
                if options.is_empty() {
                    continue;
                }
                asks.push(Decision {
                    player: p,
                    kind: DecisionKind::Tactic,
                    request: Request::Pick(options),
                    asker: None,
                });
            }
        }
        let answers = self.ask_together(&asks)?;
        let mut chosen = [None; 2];
        for (ask, answer) in asks.iter().zip(&answers) {
            let (Request::Pick(options), Answer::Pick(i)) = (&ask.request, answer) else {
                continue;
            };
            let p = ask.player;
            match options[*i] {
                Choice::DuelCard(card) => {
                    self.duel_mut().players[p.ix()].hand.retain(|&c| c != card);
                    self.fight_mut().plans[p.ix()] = Some(card);
                }
                Choice::Tactic { token, half } => chosen[p.ix()] = Some((token, half)),
                _ => {}
            }
        }
        for player in SEATS {
            self.emit_duel(DuelRule::ChoosePlans, DuelEvent::PlanChosen { player });
        }
        Ok(chosen)
    }

    /// Steps 7-9 (contest steps 3-5): plans revealed, reinforcements, the winner by clout;
    /// the straggler wins ties. Content may decide the fight once the plans are revealed
    /// (`Game::win_fight`): then no reinforcement is played and no clout counted.
    fn clout_step(&mut self) -> Flow<(PlayerId, WonBy)> {
        let plans = self.fight().plans;
        self.fight_mut().revealed = true;
        if let [Some(a), Some(b)] = plans {
            self.emit_duel(
                DuelRule::RevealPlans,
                DuelEvent::PlansRevealed { plans: [a, b] },
            );
        }
        let contest = self.fight().kind == FightKind::Contest;
        self.window(crate::hooks::Window::PlansRevealed { contest })?;
        if let Some(winner) = self.fight().winner {
            return Ok((winner, WonBy::Ability));
        }
        self.play_reinforcements()?;
        let clout = self.duel().clout();
        let advantage = self.duel().ship_advantage();
        self.fight_mut().clout = Some(clout);
        self.emit_duel(
            DuelRule::DetermineWinner,
            DuelEvent::CloutDetermined { clout, advantage },
        );
        Ok(match clout[0].cmp(&clout[1]) {
            std::cmp::Ordering::Greater => (PlayerId(0), WonBy::Clout),
            std::cmp::Ordering::Less => (PlayerId(1), WonBy::Clout),
            std::cmp::Ordering::Equal => (self.duel().straggler(), WonBy::Tie),
        })
    }

    /// Step 8: from the leader, players alternate playing one reinforcement on either
    /// player's clout or passing, until both pass one after the other.
    fn play_reinforcements(&mut self) -> Flow {
        let mut turn = self.duel().leader;
        let mut passes = 0;
        while passes < 2 {
            let mut options = vec![Choice::Pass];
            for &card in &self.duel().players[turn.ix()].hand {
                if let DuelCardKind::Reinforcement(_) = self.duel().cards[card.0 as usize].kind {
                    for on in [turn, DuelState::opponent(turn)] {
                        options.push(Choice::Clout { card, on });
                    }
                }
            }
            match self.pick(turn, DecisionKind::Clout, options)? {
                Choice::Clout { card, on } => {
                    passes = 0;
                    self.duel_mut().players[turn.ix()]
                        .hand
                        .retain(|&c| c != card);
                    self.fight_mut()
                        .reinforcements
                        .push(Played { card, on, by: turn });
                    self.emit_duel(
                        DuelRule::Reinforcements,
                        DuelEvent::ReinforcementPlayed {
                            player: turn,
                            card,
                            on,
                        },
                    );
                }
                _ => {
                    passes += 1;
                    self.emit_duel(DuelRule::Reinforcements, DuelEvent::Passed { player: turn });
                }
            }
            turn = DuelState::opponent(turn);
        }
        Ok(())
    }

    /// Cleanup: each plan, and every reinforcement on that player's clout, to that player's
    /// discard pile; then the leader and straggler may swap.
    fn fight_cleanup(&mut self) {
        let rule = match self.fight().kind {
            FightKind::Duel { .. } => DuelRule::Cleanup,
            FightKind::Contest => DuelRule::Contest,
        };
        for p in SEATS {
            if let Some(plan) = self.fight_mut().plans[p.ix()].take() {
                self.discard_played(p, plan, rule);
            }
            let played: Vec<Played> = (self.fight().reinforcements.iter())
                .filter(|r| r.on == p)
                .copied()
                .collect();
            for r in played {
                self.fight_mut().reinforcements.retain(|x| x.card != r.card);
                self.discard_played(p, r.card, rule);
            }
        }
        self.duel_mut().fight = None;
        self.check_straggler();
    }

    /// Puts `card` (no longer in a hand) on `p`'s discard pile.
    fn discard_played(&mut self, p: PlayerId, card: DuelCardId, rule: DuelRule) {
        self.duel_mut().players[p.ix()].deck.discard.push(card);
        self.emit_duel(rule, DuelEvent::CardDiscarded { player: p, card });
    }
}
