//! The basic agent: a sensible heuristic player. It weighs totals, invites allies when it
//! needs them, joins the side likely to win, keeps its home colonies, and accepts fair deals.

use super::dice::Dice;
use super::random::{colony_offers, random_ships};
use crate::agent::{Agent, AgentError};
use crate::components::CardKind;
use crate::deal::{CardTransfer, DealTerms, Gift, Grant};
use crate::decision::{
    Answer, Choice, DealRequest, Decision, DecisionKind, Refusal, Request, ShipRequest,
};
use crate::event::Place;
use crate::ids::{PlanetId, PlayerId, Side};
use crate::view::View;

/// A heuristic player.
pub struct BasicAgent {
    dice: Dice,
    refused: bool,
    /// The scores being weighed (a pick's options, the places a ship may go), kept between
    /// decisions so that weighing allocates nothing: bots answer hundreds of decisions a game.
    scores: Vec<i32>,
    /// The places ships may go, ranked (`BasicAgent::ships`), kept likewise.
    ranked: Vec<i64>,
}

impl BasicAgent {
    /// A basic agent; the seed breaks ties and adds a little unpredictability.
    pub fn new(seed: u64) -> BasicAgent {
        BasicAgent {
            dice: Dice::new(seed),
            refused: false,
            // Room for the usual lists, so that they seldom grow.
            scores: Vec::with_capacity(16),
            ranked: Vec::with_capacity(16),
        }
    }
}

/// The value a player puts on a card in hand, for deals and giving away.
fn card_value(kind: CardKind) -> i32 {
    match kind {
        CardKind::Attack(v) => 2 + v as i32 / 5,
        CardKind::Negotiate => 3,
        CardKind::Morph => 6,
        CardKind::Reinforcement(v) => 1 + v as i32,
        CardKind::Artifact | CardKind::Flare => 4,
        CardKind::Kicker(v) => 2 + v as i32,
        // Ships back from the warp, but a liability in a hand others take from.
        CardKind::Rift(v) => v as i32 / 2,
    }
}

/// The highest attack card in my hand (0 without one).
fn best_attack(view: &View) -> i32 {
    (view.hand().iter())
        .filter_map(|&h| match view.my_kind(h) {
            CardKind::Attack(v) => Some(v as i32),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// A place's appeal for one more ship with the place's index below it: ranks order by
/// appeal, then by index, so the highest rank is the last of the most appealing places.
#[inline]
fn rank(appeal: i32, index: usize) -> i64 {
    (appeal as i64) << 32 | index as i64
}

/// Puts `rank` into `ranked`, which stays in increasing order. Ranks go in near the end (a
/// place's appeal seldom drops below many others), so the walk is from there.
#[inline]
fn insert_ranked(ranked: &mut Vec<i64>, rank: i64) {
    ranked.push(rank);
    let mut at = ranked.len() - 1;
    while at > 0 && ranked[at - 1] > rank {
        ranked[at] = ranked[at - 1];
        at -= 1;
    }
    ranked[at] = rank;
}

/// A colony is worth about this many cards.
const COLONY_VALUE: i32 = 10;

impl BasicAgent {
    /// Picks an option. The rule that weighs the options is chosen once per decision (by its
    /// kind), not once per option: a decision's options share their kind, and bots weigh
    /// tens of thousands of options a game.
    #[inline(never)]
    fn pick(&mut self, view: &View, d: &Decision, options: &[Choice]) -> usize {
        let me = view.me();
        match d.kind {
            DecisionKind::RegroupColony => self.best(options, |c| match *c {
                Choice::Planet(pl) => {
                    // Shore up home planets first, the thinnest first.
                    let home = if pl.owner == me { 100 } else { 0 };
                    home - view.ships_on(pl, me) as i32
                }
                // Below a home planet: a token raised stays lost, but out of the praw.
                _ => 0,
            }),
            DecisionKind::OwnColor => self.best(options, |c| match *c {
                Choice::Reestablish(_) => 100,
                Choice::DriveOut { planet, player } => {
                    50 - view.ships_on(planet, player) as i32 * 5
                }
                Choice::DrawAgain => 20,
                _ => 0,
            }),
            // Eon's two-player game: a base in my system is worth driving out when thin.
            DecisionKind::ChallengeTarget => self.best(options, |c| match *c {
                Choice::DriveOut { planet, player } => {
                    50 - view.ships_on(planet, player) as i32 * 10
                }
                _ => 20,
            }),
            DecisionKind::WildDefense | DecisionKind::SpecialTie => {
                self.best(options, |c| match *c {
                    Choice::Player(p) if p == me => -100,
                    // The weakest planet I have no colony on.
                    Choice::Player(p) => {
                        view.planets()
                            .filter(|pl| pl.owner == p && view.ships_on(*pl, me) == 0)
                            .map(|pl| 10 - view.ships_on(pl, p) as i32)
                            .max()
                            .unwrap_or(-10)
                            + view.foreign_colonies(p) as i32
                    }
                    _ => 0,
                })
            }
            DecisionKind::CardChoice => self.pick_card_choice(view, options),
            DecisionKind::LaunchPlanet => {
                let d = view.defense().unwrap_or(me);
                self.best(options, |c| match *c {
                    Choice::Planet(pl) => {
                        let new = if view.ships_on(pl, me) == 0 { 50 } else { 0 };
                        new - view.ships_on(pl, d) as i32 * 3
                    }
                    _ => 0,
                })
            }
            DecisionKind::JoinAlliance => {
                // The ships on each side are the same for every option: counted once.
                let ships = [Side::Offense, Side::Defense].map(|s| view.side_ships(s));
                self.best(options, |c| match *c {
                    Choice::Join(side) => Self::join_score(view, side, ships),
                    _ => 0,
                })
            }
            DecisionKind::EncounterCard => {
                // What an encounter card is weighed against is the same for every card.
                let cards = CardOdds::new(view);
                self.best(options, |c| match *c {
                    Choice::Card(c) => cards.score(view, c),
                    _ => 0,
                })
            }
            // A kicker goes only on a strong attack: one I hold, to play with it.
            DecisionKind::Kicker => self.best(options, |c| match *c {
                Choice::Card(c) => match view.my_kind(c) {
                    CardKind::Kicker(v) if v >= 2 && best_attack(view) >= 10 => 10,
                    _ => -10,
                },
                _ => 0,
            }),
            // The reward deck's cards are the stronger: take every reward card from it.
            DecisionKind::RewardDeck => self.best(options, |c| match *c {
                Choice::Number(n) => n,
                _ => 0,
            }),
            DecisionKind::RandomBack => self.best(options, |c| match *c {
                Choice::Back(b) => i32::from(b == crate::piles::Back::Reward),
                _ => 0,
            }),
            // A rift brings my own ships back, once a few are in the warp.
            DecisionKind::Rift => {
                let rift = if view.warp(me) >= 2 { 10 } else { -10 };
                self.best(options, |c| match *c {
                    Choice::Card(_) => rift,
                    _ => 0,
                })
            }
            DecisionKind::RiftShips => self.best(options, |c| match *c {
                Choice::Player(p) if p == me => 10,
                Choice::Player(_) => -10,
                _ => 0,
            }),
            DecisionKind::Reinforcement => self.best(options, |c| match *c {
                Choice::Reinforce { card, side } => reinforce_score(view, card, side),
                _ => 0,
            }),
            DecisionKind::DealResponse => self.best(options, |c| match *c {
                Choice::Accept => 1,
                _ => 0,
            }),
            DecisionKind::Rewards => {
                // Ships back while the warp is full, cards while the hand is thin.
                let want_ships = view.warp(me) >= 3 && view.hand().len() >= 6;
                self.best(options, |c| match *c {
                    Choice::Rewards {
                        ships,
                        cards,
                        raised,
                    } => {
                        let ships = ships + raised;
                        if want_ships {
                            ships as i32 * 2 + cards as i32
                        } else {
                            cards as i32 * 2 + ships as i32
                        }
                    }
                    _ => 0,
                })
            }
            DecisionKind::UseAbility => {
                let mine = view.side_of(me);
                self.best(options, |c| match *c {
                    // The card's own hint advises against using it now ...
                    Choice::Use {
                        advised: Some(false),
                        ..
                    } => -1,
                    // ... or for it: used even outside the encounter or for an ally's play.
                    Choice::Use {
                        advised: Some(true),
                        ..
                    } => 2,
                    Choice::Use {
                        card, answering, ..
                    } => Self::use_score(view, mine, card.is_some(), answering),
                    _ => 0,
                })
            }
            DecisionKind::CardCards => self.best(options, |c| match *c {
                Choice::Card(c) => view.kind(c).map_or(0, card_value),
                _ => 0,
            }),
            DecisionKind::SecondEncounter => self.best(options, |c| match *c {
                Choice::Yes => 1,
                // A new tech when nothing is left to research, else the second encounter.
                Choice::AcquireTech if view.my_techs().iter().all(|h| h.completed) => 2,
                _ => 0,
            }),
            // Keep the tech that is quickest to complete.
            DecisionKind::KeepTech => self.best(options, |c| match *c {
                Choice::Tech(t) => 20 - view.tech_research(t).unwrap_or(10) as i32,
                _ => 0,
            }),
            DecisionKind::TechAction => self.best(options, |c| match *c {
                Choice::Complete(_) => 100,
                Choice::Research(t) => Self::research_score(view, t),
                Choice::Abandon(_) => -10,
                _ => 0,
            }),
            _ => self.best(options, |_| 0),
        }
    }

    /// The option scoring highest; a tie is broken at random: the k-th of the best options.
    #[inline(always)]
    fn best(&mut self, options: &[Choice], score: impl Fn(&Choice) -> i32) -> usize {
        let mut scores = std::mem::take(&mut self.scores);
        scores.clear();
        // The best score, how many options have it and the first that does, found as the
        // options are scored: one walk for the usual pick, a second only past the first tie.
        let (mut best, mut ties, mut first) = (i32::MIN, 0, 0);
        for (i, option) in options.iter().enumerate() {
            let s = score(option);
            scores.push(s);
            if s > best {
                (best, ties, first) = (s, 1, i);
            } else if s == best {
                ties += 1;
            }
        }
        let k = self.dice.index(ties);
        let chosen = if k == 0 {
            first
        } else {
            (scores.iter().enumerate())
                .filter(|&(_, &s)| s == best)
                .nth(k)
                .map_or(0, |(i, _)| i)
        };
        self.scores = scores;
        chosen
    }

    /// Picks among the options card text offers: players, planets, cards, labelled options,
    /// destiny cards.
    fn pick_card_choice(&mut self, view: &View, options: &[Choice]) -> usize {
        let me = view.me();
        // Planets offered where none holds my ships are targets to strike.
        let strike = options.iter().all(|o| match o {
            Choice::Planet(pl) => view.ships_on(*pl, me) == 0,
            _ => true,
        });
        self.best(options, |c| match *c {
            // A player named by card text: most such choices pick a victim, so aim at the
            // leader (the most foreign colonies, then the biggest hand), never at me.
            Choice::Player(p) => {
                if p == me {
                    -100
                } else {
                    8 * view.foreign_colonies(p) as i32 + view.hand_size(p) as i32
                }
            }
            // A card's own hint for its options; a card picked by card text: the best.
            Choice::Option {
                advised: Some(a), ..
            } => {
                if a {
                    2
                } else {
                    -1
                }
            }
            Choice::Card(c) => view.kind(c).map_or(0, card_value),
            // A card named by card text (to be given it when drawn): the best card.
            Choice::CardName(def) => view.def_kind(def).map_or(0, card_value),
            // A planet to strike: where other players hold foreign colonies, best not mine.
            Choice::Planet(pl) if strike => {
                let invaders = view
                    .seats()
                    .filter(|&q| q != pl.owner && view.ships_on(pl, q) > 0)
                    .count() as i32;
                let own = if pl.owner == me { 20 } else { 0 };
                10 * invaders - own
            }
            // A planet named by card text: one of my colonies, the more ships the better.
            Choice::Planet(pl) => {
                let mine = if pl.owner == me { 5 } else { 0 };
                mine + 2 * view.ships_on(pl, me) as i32
            }
            // Send the offense against the leader, never against me.
            Choice::Destiny(d) => match view.destiny_kind(d) {
                crate::components::DestinyKind::Color(c) => {
                    match view.seats().find(|&p| view.color(p) == c) {
                        Some(p) if p == me => -50,
                        Some(p) if p == view.offense() => 0,
                        Some(p) => 5 + 3 * view.foreign_colonies(p) as i32,
                        None => -1,
                    }
                }
                _ => 1,
            },
            _ => 0,
        })
    }

    /// How much researching tech `t` appeals: the tech closest to completion, while a colony
    /// has a ship to spare.
    fn research_score(view: &View, t: u16) -> i32 {
        let me = view.me();
        let spare = view.planets().any(|pl| view.ships_on(pl, me) > 1);
        let needed = view.tech_research(t).unwrap_or(10) as i32;
        let on = view
            .my_techs()
            .iter()
            .find(|h| h.tech == t)
            .map_or(0, |h| h.ships as i32);
        if !spare {
            -1
        } else if view.tech_secret(t) {
            // A secret tech is armed, not completed: a few ships arm one of X.
            let arm = view.tech_research(t).unwrap_or(4) as i32;
            if on < arm {
                50 - (arm - on)
            } else {
                -1
            }
        } else if needed <= 7 {
            50 - (needed - on)
        } else {
            // A big tech only when nothing smaller is left to
            // research: slowly, a ship a turn, so it is not dead weight forever.
            (20 - (needed - on)).max(1)
        }
    }

    /// How much using an ability appeals (passing scores 0). Card text states when an
    /// ability applies, so a power is used whenever offered; a card is spent only when this
    /// player is in the encounter, and an answer (a zap) only against the other side.
    /// `mine`: the side this player is on, if any.
    fn use_score(
        view: &View,
        mine: Option<Side>,
        from_card: bool,
        answering: Option<PlayerId>,
    ) -> i32 {
        match answering {
            Some(user) => match (mine, view.side_of(user)) {
                (Some(a), Some(b)) if a != b => 2,
                _ => -1,
            },
            None if !from_card => 1,
            None if mine.is_some() => 1,
            None => 0,
        }
    }

    /// How much joining `side` (or staying out) appeals; `ships`: the ships on the offense's
    /// side and on the defense's (`View::side_ships`).
    fn join_score(view: &View, side: Option<Side>, ships: [i32; 2]) -> i32 {
        let me = view.me();
        let Some(side) = side else {
            // Staying out keeps ships home; worth it when my home is thin.
            return if view.home_colonies(me) <= view.rules().home_colonies_for_power {
                3
            } else {
                1
            };
        };
        let [o, d] = ships;
        match side {
            Side::Offense => {
                let planet = view.target();
                let new_colony =
                    planet.is_some_and(|pl| pl.owner != me && view.ships_on(pl, me) == 0);
                let offense_near_win =
                    view.foreign_colonies(view.offense()) + 1 >= view.colonies_to_win();
                if offense_near_win && !new_colony {
                    return -5;
                }
                (if new_colony { 6 } else { 1 }) + (o - d).clamp(-4, 4)
            }
            Side::Defense => {
                let leader = (view.seats())
                    .filter(|&p| p != me)
                    .any(|p| view.foreign_colonies(p) + 1 >= view.colonies_to_win());
                let stop_leader = if leader { 4 } else { 0 };
                3 + stop_leader + (d - o).clamp(-4, 4)
            }
        }
    }

    /// How many ships to take from (or return to) each place. Take from the gate and the
    /// fullest colonies, keeping home colonies alive; return to the thinnest home colonies.
    /// Each ship goes to the place that appeals most (the last of equals).
    #[inline(never)]
    fn ships(&mut self, view: &View, d: &Decision, r: &ShipRequest) -> Vec<u8> {
        let me = view.me();
        let returning = d.kind == DecisionKind::ReturnShips;
        // The places with room, each as its appeal for one more ship paired with its index
        // (`rank`), kept in order, the most appealing last; and the room there in all.
        let mut ranked = std::mem::take(&mut self.ranked);
        ranked.clear();
        let mut cap = 0u32;
        for (i, &(place, room)) in r.places.iter().enumerate() {
            cap += room as u32;
            if room == 0 {
                continue;
            }
            let appeal = match place {
                Place::Planet(pl) => {
                    let here = view.ships_on(pl, me) as i32;
                    if returning {
                        (if pl.owner == me { 100 } else { 0 }) - here
                    } else if here > 1 {
                        100 + here
                    } else {
                        Self::stripped(pl, me)
                    }
                }
                _ if returning => 0,
                Place::Gate => 1000,
                _ => 0,
            };
            insert_ranked(&mut ranked, rank(appeal, i));
        }
        let want: u32 = match d.kind {
            DecisionKind::LaunchShips | DecisionKind::ReestablishShips => r.max as u32,
            DecisionKind::AllyShips => {
                if view.home_colonies(me) > view.rules().home_colonies_for_power {
                    (r.max as u32).min(3)
                } else {
                    r.min as u32
                }
            }
            DecisionKind::DealColonyShips => (r.max as u32).min(3),
            // Card text: how many is left to chance, which ships is chosen with care.
            DecisionKind::CardShips => {
                let hi = (r.max as u32).min(cap);
                self.dice.between((r.min as u32).min(hi), hi)
            }
            DecisionKind::ReturnShips | DecisionKind::FailedDealShips => r.min as u32,
            DecisionKind::ResearchShip => r.max as u32,
            _ => {
                self.ranked = ranked;
                return random_ships(&mut self.dice, r);
            }
        }
        .clamp(r.min as u32, (r.max as u32).min(cap));
        let mut counts = vec![0u8; r.places.len()];
        // Each ship goes to the most appealing place, whose appeal for the next ship there
        // then drops (or stays): it is ranked again among the others, which do not change.
        for _ in 0..want {
            let Some(top) = ranked.pop() else {
                break;
            };
            let (appeal, i) = ((top >> 32) as i32, top as u32 as usize);
            counts[i] += 1;
            let (place, room) = r.places[i];
            if counts[i] >= room {
                continue;
            }
            // Returning, one more ship there now; taking, one fewer left, down to the last
            // ship (stripping the colony), after which the appeal stays.
            let next = if returning {
                appeal - 1
            } else {
                match place {
                    Place::Planet(_) if appeal > 102 => appeal - 1,
                    Place::Planet(pl) if appeal == 102 => Self::stripped(pl, me),
                    _ => appeal,
                }
            };
            insert_ranked(&mut ranked, rank(next, i));
        }
        self.ranked = ranked;
        counts
    }

    /// How little taking the last ship (or the last but one) of a colony appeals: stripping
    /// a home colony weakens the power, a foreign one loses progress toward the win.
    fn stripped(pl: PlanetId, me: PlayerId) -> i32 {
        if pl.owner == me {
            -50
        } else {
            -100
        }
    }

    fn invite(&self, view: &View, d: &Decision, options: &[Choice], max: u8) -> Vec<usize> {
        let me = view.me();
        let _ = me;
        let side = if d.kind == DecisionKind::OffenseInvites {
            Side::Offense
        } else {
            Side::Defense
        };
        let mine = view.side_ships(side);
        let theirs = view.side_ships(side.other());
        let need_help = side == Side::Defense || mine <= theirs + 4;
        if !need_help {
            return Vec::new();
        }
        options
            .iter()
            .enumerate()
            .filter(|(_, c)| match c {
                // Never hand a colony to someone about to win.
                Choice::Player(p) => {
                    side == Side::Defense || view.foreign_colonies(*p) + 1 < view.colonies_to_win()
                }
                _ => false,
            })
            .map(|(i, _)| i)
            .take(max as usize)
            .collect()
    }

    fn propose(&mut self, view: &View, side: Side) -> Option<DealTerms> {
        let me = view.me();
        let other = if side == Side::Offense {
            view.defense()?
        } else {
            view.offense()
        };
        let to_me = colony_offers(view, other, me);
        let to_them = colony_offers(view, me, other);
        let mut terms = DealTerms::default();
        let pick_planet = |list: &[PlanetId], owner_pref: PlayerId| -> Option<PlanetId> {
            list.iter()
                .copied()
                .find(|p| p.owner == owner_pref)
                .or_else(|| list.first().copied())
        };
        let my_colony = pick_planet(&to_me, other);
        // A colony each way is the classic fair deal.
        let their_colony = pick_planet(&to_them, me).filter(|p| p.owner != other);
        match side {
            Side::Offense => {
                terms.offense_colony = my_colony;
                terms.defense_colony = their_colony.or_else(|| to_them.first().copied());
            }
            Side::Defense => {
                terms.defense_colony = my_colony;
                terms.offense_colony = their_colony.or_else(|| to_them.first().copied());
            }
        }
        if terms.offense_colony.is_none() && terms.defense_colony.is_none() {
            // No colonies to swap: swap a card each way rather than lose ships.
            let one = CardTransfer {
                random: 1,
                ..CardTransfer::default()
            };
            if !view.hand().is_empty() {
                terms.offense_gives = one.clone();
            }
            if view.hand_size(other) > 0 {
                terms.defense_gives = one;
            }
        }
        let empty = terms.offense_gives.is_empty()
            && terms.defense_gives.is_empty()
            && terms.offense_colony.is_none()
            && terms.defense_colony.is_none();
        (!empty).then_some(terms)
    }
}

/// What an encounter card is weighed against: the ships on each side and my best attack.
/// Worked out once per decision, not once per card offered.
#[derive(Clone, Copy)]
struct CardOdds {
    my_side: Side,
    mine: i32,
    theirs: i32,
    margin: i32,
    /// Whether I played a kicker that multiplies (x2 or more) this encounter.
    kicked: bool,
}

impl CardOdds {
    /// The odds for choosing an encounter card now.
    fn new(view: &View) -> CardOdds {
        let my_side = view.side_of(view.me()).unwrap_or(Side::Offense);
        let mine = view.side_ships(my_side);
        let theirs = view.side_ships(my_side.other());
        let best_attack = best_attack(view);
        CardOdds {
            my_side,
            mine,
            theirs,
            // Expect the opponent to play about an 8 (the deck's median attack).
            margin: mine + best_attack - (theirs + 8),
            kicked: view.rules().kickers && view.my_kicker().is_some_and(|k| k >= 2),
        }
    }

    /// How good a card is to play as my encounter card now.
    fn score(&self, view: &View, c: crate::ids::CardId) -> i32 {
        let CardOdds {
            my_side,
            mine,
            theirs,
            margin,
            ..
        } = *self;
        // With a kicker played, the strongest attack goes with it, never a negotiate.
        if self.kicked {
            return match view.my_kind(c) {
                CardKind::Attack(v) => 200 + v as i32,
                CardKind::Morph => 40 + theirs,
                _ => -100,
            };
        }
        match view.my_kind(c) {
            CardKind::Attack(v) => {
                let v = v as i32;
                let needed = theirs + 8 - mine + 1;
                if margin >= 6 && v >= needed {
                    // Comfortably ahead: win with the smallest card that still does.
                    100 - v
                } else {
                    50 + v
                }
            }
            CardKind::Negotiate => {
                if margin < -6 || (mine == 0 && my_side == Side::Offense) {
                    120
                } else {
                    10
                }
            }
            CardKind::Morph => 40 + theirs,
            _ => -100,
        }
    }
}

/// How much playing a reinforcement helps me.
fn reinforce_score(view: &View, card: crate::ids::CardId, side: Side) -> i32 {
    let me = view.me();
    let Some(my_side) = view.side_of(me) else {
        return -1;
    };
    if side != my_side {
        return -1;
    }
    // An attack card played as a reinforcement costs an encounter card: a little less apt.
    let (v, cost) = match view.my_kind(card) {
        CardKind::Reinforcement(v) => (v, 0),
        CardKind::Attack(v) => (v, 1),
        _ => return -1,
    };
    let (Some(mine), Some(theirs)) = (
        view.current_total(my_side),
        view.current_total(my_side.other()),
    ) else {
        return -1;
    };
    // Offense needs to be strictly ahead; the defense wins ties.
    let winning = |m: i32| {
        if my_side == Side::Offense {
            m > theirs
        } else {
            m >= theirs
        }
    };
    if !winning(mine) && winning(mine + v as i32) {
        10 - v as i32 - cost
    } else {
        -1
    }
}

impl Agent for BasicAgent {
    /// Picks and ship counts, most of the bot's answers, each go straight to their own
    /// function; the rest, out of line, keep this call small.
    fn decide(&mut self, view: &View, d: &Decision) -> Result<Answer, AgentError> {
        Ok(match &d.request {
            Request::Pick(options) if d.kind != DecisionKind::DealResponse => {
                Answer::Pick(self.pick(view, d, options))
            }
            Request::Ships(r) => Answer::Ships(self.ships(view, d, r)),
            _ => self.answer_other(view, d),
        })
    }

    fn restart(&mut self, seed: u64) -> bool {
        // What `new` makes, but the lists keep their room. Every field is named, so a field
        // added to the agent cannot be forgotten here and carried from game to game.
        let BasicAgent {
            dice,
            refused,
            scores,
            ranked,
        } = self;
        *dice = Dice::new(seed);
        *refused = false;
        scores.clear();
        ranked.clear();
        true
    }

    fn refused(&mut self, _: &View, _: &Decision, _: &Answer, _: &Refusal) {
        self.refused = true;
    }

    fn name(&self) -> &str {
        "basic"
    }
}

impl BasicAgent {
    /// Answers a response to a deal, a subset or deal terms.
    #[inline(never)]
    fn answer_other(&mut self, view: &View, d: &Decision) -> Answer {
        match &d.request {
            Request::Pick(options) => Answer::Pick(self.respond_to_deal(view, options)),
            Request::Subset { options, min, max } => match d.kind {
                DecisionKind::OffenseInvites | DecisionKind::DefenseInvites => {
                    Answer::Subset(self.invite(view, d, options, *max))
                }
                // Cards put to use for their value: all of them.
                DecisionKind::PlayCards => Answer::Subset((0..*max as usize).collect()),
                DecisionKind::TakeCards => {
                    // Take the most valuable cards offered.
                    let mut ix: Vec<usize> = (0..options.len()).collect();
                    ix.sort_by_key(|&i| match options[i] {
                        Choice::Card(c) => -view.kind(c).map_or(0, card_value),
                        _ => 0,
                    });
                    ix.truncate(*max as usize);
                    Answer::Subset(ix)
                }
                _ => {
                    // Give away the least valuable cards.
                    let mut ix: Vec<usize> = (0..options.len()).collect();
                    ix.sort_by_key(|&i| match options[i] {
                        Choice::Card(c) => card_value(view.my_kind(c)),
                        _ => 0,
                    });
                    ix.truncate(*min as usize);
                    Answer::Subset(ix)
                }
            },
            Request::Ships(r) => Answer::Ships(self.ships(view, d, r)),
            Request::Deal(req) => {
                if std::mem::take(&mut self.refused) {
                    Answer::Deal(None)
                } else if req.parties != 0 {
                    Answer::deal(propose_group(view, req))
                } else {
                    Answer::deal(self.propose(view, req.side))
                }
            }
        }
    }

    /// Accepts a deal worth more than a failed one (which costs ships).
    fn respond_to_deal(&mut self, view: &View, options: &[Choice]) -> usize {
        let accept = options
            .iter()
            .position(|c| *c == Choice::Accept)
            .unwrap_or(0);
        let reject = options
            .iter()
            .position(|c| *c == Choice::Reject)
            .unwrap_or(0);
        let Some(terms) = view.proposal() else {
            return reject;
        };
        if !terms.gifts.is_empty() || !terms.grants.is_empty() {
            return if group_value(view, terms) >= -6 {
                accept
            } else {
                reject
            };
        }
        let me = view.me();
        let Some(my_side) = view.side_of(me) else {
            return reject;
        };
        let other = if my_side == Side::Offense {
            view.defense().unwrap_or(me)
        } else {
            view.offense()
        };
        // Never hand the opponent its winning colony unless I win too.
        let i_win = terms.colony_for(my_side).is_some_and(|pl| pl.owner != me)
            && view.foreign_colonies(me) + 1 >= view.colonies_to_win();
        let they_win = terms
            .colony_for(my_side.other())
            .is_some_and(|pl| pl.owner != other)
            && view.foreign_colonies(other) + 1 >= view.colonies_to_win();
        if they_win && !i_win {
            return reject;
        }
        let cards = |t: &CardTransfer, mine: bool| -> i32 {
            let named: i32 = if mine {
                t.named.iter().map(|&c| card_value(view.my_kind(c))).sum()
            } else {
                t.named.len() as i32 * 4
            };
            named + (t.random as i32 + t.by_type.iter().map(|&(_, n)| n as i32).sum::<i32>()) * 4
        };
        let colony = |side: Side| {
            if terms.colony_for(side).is_some() {
                COLONY_VALUE
            } else {
                0
            }
        };
        let value = colony(my_side) - colony(my_side.other())
            + cards(terms.gives(my_side.other()), false)
            - cards(terms.gives(my_side), true);
        // A failed deal costs three ships: take anything better than that.
        if value >= -6 {
            accept
        } else {
            reject
        }
    }
}

/// A group deal's proposal: each party hands the next one, in turn, a card at random (a
/// ring, fair to all); with no cards to pass round, each lets the next establish a colony
/// on one of its planets, never one that would win the game for its receiver.
#[cold]
#[inline(never)]
fn propose_group(view: &View, req: &DealRequest) -> Option<DealTerms> {
    let parties: Vec<PlayerId> = req.parties().collect();
    let mut terms = DealTerms::default();
    let held = |p: PlayerId| {
        if p == view.me() {
            view.hand().len()
        } else {
            view.hand_size(p)
        }
    };
    let n = parties.len();
    for (i, &from) in parties.iter().enumerate() {
        let to = parties[(i + 1) % n];
        if from != to && held(from) > 0 {
            terms.gifts.push(Gift {
                from,
                to,
                cards: CardTransfer {
                    random: 1,
                    ..CardTransfer::default()
                },
            });
        }
    }
    if terms.gifts.is_empty() {
        for (i, &by) in parties.iter().enumerate() {
            let player = parties[(i + 1) % n];
            let wins = view.foreign_colonies(player) + 1 >= view.colonies_to_win();
            let free = |pl: &PlanetId| {
                !terms
                    .grants
                    .iter()
                    .any(|g| g.player == player && g.planet == *pl)
            };
            let offer = colony_offers(view, by, player).into_iter().find(free);
            if let (false, Some(planet), true) = (wins, offer, by != player) {
                terms.grants.push(Grant { by, player, planet });
            }
        }
    }
    (!terms.gifts.is_empty() || !terms.grants.is_empty()).then_some(terms)
}

/// What a group deal is worth to me, as a deal between two is weighed: cards in (about 4
/// each) less cards out, a colony of mine gained less one let onto my planets; a colony
/// that wins the game for another, and not for me too, is never worth taking.
#[cold]
#[inline(never)]
fn group_value(view: &View, terms: &DealTerms) -> i32 {
    let me = view.me();
    let i_win = terms.grants.iter().any(|g| g.player == me)
        && view.foreign_colonies(me) + 1 >= view.colonies_to_win();
    let other_wins = terms.grants.iter().any(|g| {
        g.player != me
            && g.planet.owner != g.player
            && view.foreign_colonies(g.player) + 1 >= view.colonies_to_win()
    });
    if other_wins && !i_win {
        return i32::MIN / 2;
    }
    let mut value = 0;
    for g in &terms.gifts {
        let t = &g.cards;
        if g.to == me {
            value += t.count() as i32 * 4;
        }
        if g.from == me {
            let named: i32 = t.named.iter().map(|&c| card_value(view.my_kind(c))).sum();
            value -= named + (t.count() - t.named.len()) as i32 * 4;
        }
    }
    for g in &terms.grants {
        if g.player == me {
            value += COLONY_VALUE;
        }
        if g.by == me {
            value -= COLONY_VALUE;
        }
    }
    value
}
