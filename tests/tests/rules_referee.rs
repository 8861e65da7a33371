//! A referee watching whole bot games: at key events it checks rules of the rule book against
//! the full state (Combined Rules v8.3). The scenario tests pin one ruling each; this catches
//! rules broken on paths no scenario walks.

use cosmic_engine::event::Rule;
use cosmic_engine::ids::MAX_PLAYERS;
use cosmic_engine::{
    Event, EventKind, Game, GameState, NoHooks, Options, Outcome, Phase, Place, Scene, Setup, Side,
};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

#[derive(Default)]
struct Referee {
    /// Ships on the gate / beside the planet when the outcome was known.
    gate: [u8; MAX_PLAYERS],
    beside: [u8; MAX_PLAYERS],
    outcome: Option<Outcome>,
    warp_at_regroup: u8,
    regrouped: u8,
    /// Ships each player sent to the warp for a failed deal this encounter.
    failed_deal: [u8; MAX_PLAYERS],
    last_outcome: Option<Outcome>,
    violations: Vec<String>,
}

impl Referee {
    fn fail(&mut self, e: &Event, names: &Scene, what: String) {
        if self.violations.len() < 20 {
            self.violations
                .push(format!("event {} ({}): {what}", e.seq, names.event(e)));
        }
    }

    fn see(&mut self, e: &Event, names: &Scene) {
        let s: &GameState = names.state;
        let enc = &s.encounter;
        let o = s.offense;
        match &e.kind {
            EventKind::EncounterStarted { number } => {
                // Start Turn Phase: a second encounter only after a success, with an encounter
                // card in hand; never a third.
                if *number == 2 {
                    if !self.last_outcome.is_some_and(|x| x.is_success()) {
                        let msg = format!("second encounter after {:?}", self.last_outcome);
                        self.fail(e, names, msg);
                    }
                    if !s.has_encounter_card(o) {
                        self.fail(
                            e,
                            names,
                            "second encounter without an encounter card".into(),
                        );
                    }
                }
                if *number > 2 {
                    self.fail(e, names, "a third encounter".into());
                }
                self.outcome = None;
                self.regrouped = 0;
                self.failed_deal = [0; MAX_PLAYERS];
            }
            EventKind::PhaseStarted { phase } => match phase {
                Phase::Regroup => {
                    // Start Turn Phase: the offense holds an encounter card once it is over.
                    if !s.has_encounter_card(o) {
                        self.fail(
                            e,
                            names,
                            "the offense starts without encounter cards".into(),
                        );
                    }
                    self.warp_at_regroup = s.players[o.ix()].warp;
                }
                Phase::Destiny => {
                    // Phase 1: Regroup: exactly one ship back from the warp if there is one.
                    let want = u8::from(self.warp_at_regroup > 0);
                    if self.regrouped != want {
                        let msg = format!("{} ships regrouped, not {want}", self.regrouped);
                        self.fail(e, names, msg);
                    }
                }
                Phase::Alliance => {
                    // Phase 3: Launch: one to four ships on the gate.
                    let g = enc.gate[o.ix()];
                    if !(1..=4).contains(&g) {
                        self.fail(e, names, format!("the offense launched {g} ships"));
                    }
                }
                Phase::Planning => {
                    // Phase 4: Alliance: each ally commits one to four ships to its side.
                    for p in s.seats() {
                        let (g, b) = (enc.gate[p.ix()], enc.beside[p.ix()]);
                        let ok = match enc.ally[p.ix()] {
                            Some(Side::Offense) => (1..=4).contains(&g) && b == 0,
                            Some(Side::Defense) => (1..=4).contains(&b) && g == 0,
                            None => p == o || (g == 0 && b == 0),
                        };
                        if !ok {
                            let msg = format!("seat {} has {g} on the gate, {b} beside", p.0);
                            self.fail(e, names, msg);
                        }
                    }
                }
                _ => {}
            },
            EventKind::ShipsMoved {
                from: Place::Warp,
                player,
                ..
            } if *player == o
                && matches!(
                    e.cause,
                    cosmic_engine::event::Cause::Rule(Rule::Regroup | Rule::RegroupNoColonies)
                ) =>
            {
                self.regrouped += 1;
            }
            EventKind::ShipsMoved {
                to: Place::Warp,
                player,
                count,
                ..
            } if matches!(e.cause, cosmic_engine::event::Cause::Rule(Rule::FailedDeal)) => {
                self.failed_deal[player.ix()] += count;
            }
            EventKind::ColonyGained { player, planet } => {
                // Moving Ships / Stripping a Planet: returning or retrieved ships only go to
                // existing colonies; new colonies come from winning, deals or re-establishing.
                // Content may establish colonies by its own text; the referee judges the rules.
                let cosmic_engine::event::Cause::Rule(rule) = e.cause else {
                    return;
                };
                if !matches!(rule, Rule::OffenseWins | Rule::Deal | Rule::Reestablish) {
                    let msg = format!("seat {} gains {planet:?} by {rule:?}", player.0);
                    self.fail(e, names, msg);
                }
            }
            // Phase 4: Alliance: the main players cannot be invited.
            EventKind::Invited { players, .. } if players.iter().any(|&p| s.is_main_player(p)) => {
                self.fail(e, names, "a main player was invited".into());
            }
            EventKind::AllianceJoined { player, side } => {
                let mask = match side {
                    Side::Offense => enc.invited_by_offense,
                    Side::Defense => enc.invited_by_defense,
                };
                if mask & (1 << player.0) == 0 || s.is_main_player(*player) {
                    self.fail(e, names, "an uninvited ally".into());
                }
            }
            EventKind::ReinforcementPlayed { player, .. } => {
                // Reinforcement Cards: main players and allies, with two attacks revealed.
                let attacks = enc
                    .effective
                    .iter()
                    .all(|k| matches!(k, Some(cosmic_engine::CardKind::Attack(_))));
                if s.side_of(*player).is_none() || !attacks {
                    self.fail(e, names, "a reinforcement out of place".into());
                }
            }
            EventKind::DefenseNamed { defense } if *defense == o => {
                self.fail(e, names, "the offense is its own defense".into());
            }
            EventKind::GateAimed { planet } => {
                // Phase 3: Launch: a planet of the system destiny named (the offense's own
                // system when driving out a colony).
                let d = enc.defense.unwrap_or(o);
                let ok = planet.owner == d || (planet.owner == o && s.ships_on(*planet, d) > 0);
                if !ok {
                    self.fail(e, names, format!("gate aimed at {planet:?}"));
                }
            }
            EventKind::EncounterResolved { outcome } => {
                self.outcome = Some(*outcome);
                self.last_outcome = Some(*outcome);
                self.gate = enc.gate;
                self.beside = enc.beside;
                // Phase 6: Reveal: the higher total wins, ties go to the defense.
                if let Some([to, td]) = enc.totals {
                    let ok = match outcome {
                        Outcome::OffenseWins => to > td,
                        Outcome::DefenseWins => to <= td,
                        _ => true,
                    };
                    if !ok {
                        self.fail(e, names, format!("{outcome:?} with totals {to} v {td}"));
                    }
                }
                // If Both Players Reveal Negotiate Cards: allies are home before the deal.
                if matches!(outcome, Outcome::DealMade | Outcome::DealFailed)
                    && s.seats()
                        .any(|p| p != o && (enc.gate[p.ix()] > 0 || enc.beside[p.ix()] > 0))
                {
                    self.fail(e, names, "allies still in the encounter at the deal".into());
                }
            }
            EventKind::CompensationTaken {
                player,
                from,
                cards,
            } => {
                let side = if *player == o {
                    Side::Offense
                } else {
                    Side::Defense
                };
                let ok = enc.effective[side.ix()] == Some(cosmic_engine::CardKind::Negotiate)
                    && matches!(
                        enc.effective[side.other().ix()],
                        Some(cosmic_engine::CardKind::Attack(_))
                    );
                if !ok {
                    self.fail(e, names, "compensation without negotiate v attack".into());
                }
                // Compensation: one card per own ship lost, or the whole hand.
                let lost = enc.lost_to_warp[player.ix()];
                let ok = *cards <= lost && (*cards == lost || s.players[from.ix()].hand.is_empty());
                if !ok {
                    self.fail(e, names, format!("{cards} cards for {lost} ships lost"));
                }
            }
            EventKind::RewardsTaken {
                player,
                cards,
                ships,
            } => {
                // If the Defense Won: one reward per ship the ally contributed.
                let had = self.beside[player.ix()];
                if cards + ships != had || enc.ally[player.ix()] != Some(Side::Defense) {
                    self.fail(e, names, format!("{cards}+{ships} rewards for {had} ships"));
                }
            }
            EventKind::DestinyDiscarded { .. }
                if matches!(
                    e.cause,
                    cosmic_engine::event::Cause::Rule(Rule::EncounterCleanup)
                ) =>
            {
                self.encounter_over(e, names);
            }
            EventKind::GameWon { winners } => {
                // Winning the Game: every player with five foreign colonies, and only they.
                let need = s.rules.colonies_to_win;
                let at: Vec<_> = s
                    .seats()
                    .filter(|&p| s.foreign_colonies(p) >= need)
                    .collect();
                if *winners != at {
                    self.fail(e, names, format!("winners {winners:?}, at five: {at:?}"));
                }
            }
            _ => {}
        }
    }

    /// Checks how the encounter's ships ended up.
    fn encounter_over(&mut self, e: &Event, names: &Scene) {
        let s = names.state;
        let enc = &s.encounter;
        let Some(target) = enc.planet else { return };
        let lost = enc.lost_to_warp;
        match self.outcome {
            Some(Outcome::OffenseWins) => {
                // If the Offense Won: the gate lands, the defending side goes to the warp.
                for p in s.seats() {
                    let g = self.gate[p.ix()];
                    if g > 0 && s.ships_on(target, p) < g {
                        self.fail(e, names, format!("seat {} did not land its {g} ships", p.0));
                    }
                    let b = self.beside[p.ix()];
                    if b > 0 && lost[p.ix()] < b {
                        self.fail(e, names, format!("defensive ally {} kept its ships", p.0));
                    }
                }
                // The defense's ships on the planet go to the warp (also when driven out).
                if let Some(d) = enc.defense {
                    if s.ships_on(target, d) > 0 {
                        self.fail(e, names, "the defense kept ships on the planet".into());
                    }
                }
            }
            Some(Outcome::DefenseWins) => {
                // If the Defense Won: the gate goes to the warp; defensive allies go home.
                for p in s.seats() {
                    let g = self.gate[p.ix()];
                    if g > 0 && lost[p.ix()] < g {
                        self.fail(e, names, format!("seat {} kept gate ships", p.0));
                    }
                }
            }
            Some(Outcome::BothLose) => {
                for p in s.seats() {
                    let n = self.gate[p.ix()] + self.beside[p.ix()];
                    if lost[p.ix()] < n {
                        self.fail(
                            e,
                            names,
                            format!("seat {} kept ships after two morphs", p.0),
                        );
                    }
                }
            }
            Some(Outcome::DealFailed) => {
                // Unsuccessful Deal: three ships each (or all they had); gate ships with no
                // colony to return to go to the warp on top of that.
                for p in [Some(s.offense), enc.defense].into_iter().flatten() {
                    let l = self.failed_deal[p.ix()];
                    if l > 3 || (l < 3 && s.ships_in_colonies(p) > 0) {
                        self.fail(e, names, format!("seat {} lost {l} ships", p.0));
                    }
                }
            }
            _ => {}
        }
        for p in s.seats() {
            if enc.gate[p.ix()] > 0 || enc.beside[p.ix()] > 0 {
                self.fail(
                    e,
                    names,
                    format!("seat {} left ships in the encounter", p.0),
                );
            }
        }
    }
}

fn referee_game(players: u8, seed: u64, random: bool) -> Vec<String> {
    static HOOKS: NoHooks = NoHooks;
    let components =
        Arc::new(cosmic_cards::builtin_components().expect("built-in components load"));
    let agents = cosmic_tests::bot_agents(players, seed, random);
    let mut game = Game::new(
        &Setup::new(players, seed),
        components,
        agents,
        &HOOKS,
        Options {
            check_invariants: true,
            ..Options::default()
        },
    )
    .expect("setup");
    let referee = Rc::new(RefCell::new(Referee::default()));
    let watcher = referee.clone();
    game.set_observer(move |e: &Event, names: &Scene| watcher.borrow_mut().see(e, names));
    game.run()
        .unwrap_or_else(|err| panic!("{players} players, seed {seed}: {err}"));
    let v = std::mem::take(&mut referee.borrow_mut().violations);
    v
}

fn referee_games(random: bool) {
    let mut report = Vec::new();
    for players in 3..=6u8 {
        for k in 0..3u64 {
            let seed = 900 + 10 * players as u64 + k;
            for v in referee_game(players, seed, random) {
                report.push(format!("{players} players, seed {seed}: {v}"));
            }
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

// The rules checked above hold through whole games between basic bots.
#[test]
fn referee_finds_no_broken_rule_in_basic_bot_games() {
    referee_games(false);
}

// The rules checked above hold through whole games between random bots (odd choices reach
// odd paths: stripped systems, empty warps, failed deals).
#[test]
fn referee_finds_no_broken_rule_in_random_bot_games() {
    referee_games(true);
}
