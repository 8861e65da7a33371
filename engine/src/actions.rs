//! Primitive actions: the only code that changes ships and cards. Each emits its events and
//! keeps the colony track and the alien power in step with the board.

use crate::decision::{ships, Choice, DecisionKind, Request};
use crate::effects::Until;
use crate::event::{EventKind, Place, Rule};
use crate::game::{unreachable_answer, Flow, Game, GameError};
use crate::ids::{CardId, PlanetId, PlayerId};
use crate::piles::Back;
use rand::Rng;

/// Places with a number of ships each, as a ship choice lists them.
type ShipPlaces = Vec<(Place, u8)>;

/// Where a plain move (`Game::plain_move`) finds a place's ships.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Gate,
    Beside,
    Warp,
    /// The planet of this index in `GameState::planets`.
    Planet(usize),
}

/// The slot of a place a plain move may be from or to: the gate, beside the planet, the
/// warp, or a planet still where it was dealt (`None` for any other place).
#[inline(always)]
fn plain_slot(s: &crate::state::GameState, place: Place) -> Option<Slot> {
    match place {
        Place::Gate => Some(Slot::Gate),
        Place::Beside => Some(Slot::Beside),
        Place::Warp => Some(Slot::Warp),
        Place::Planet(id) => s.planet_where_dealt(id).map(Slot::Planet),
        _ => None,
    }
}

/// `p`'s ships at `slot`.
#[inline(always)]
fn slot_mut(s: &mut crate::state::GameState, p: PlayerId, slot: Slot) -> &mut u8 {
    match slot {
        Slot::Gate => &mut s.encounter.gate[p.ix()],
        Slot::Beside => &mut s.encounter.beside[p.ix()],
        Slot::Warp => &mut s.players[p.ix()].warp,
        Slot::Planet(i) => &mut s.planets[i].ships[p.ix()],
    }
}

impl Game<'_> {
    /// Ships `p` has at `place`.
    #[inline]
    pub fn ships_at(&self, p: PlayerId, place: Place) -> u8 {
        self.state.ships_at(p, place)
    }

    // Always inlined: `move_ships` calls it twice per move, and LLVM would not.
    #[inline(always)]
    pub(crate) fn ships_at_mut(&mut self, p: PlayerId, place: Place) -> &mut u8 {
        let s = &mut self.state;
        match place {
            // Moves check first that the planet is in play; none holds no ships.
            // Ships written here change colonies unseen by the masks (`ColonyMasks`): a
            // planet is changed so only by hired ships, seldom (`move_ships` keeps them).
            Place::Planet(id) => match s.planet_index(id) {
                Some(i) => {
                    s.colonies_stale();
                    &mut s.planets[i].ships[p.ix()]
                }
                None => &mut s.players[p.ix()].removed,
            },
            Place::Gate => &mut s.encounter.gate[p.ix()],
            Place::Beside => &mut s.encounter.beside[p.ix()],
            Place::Warp => &mut s.players[p.ix()].warp,
            Place::Removed => &mut s.players[p.ix()].removed,
            Place::Praw => &mut s.players[p.ix()].praw,
            Place::Captured => &mut s.players[p.ix()].captured,
            // A hold is made before ships move there (`Game::hold_ships`); none holds none.
            Place::Held(holder) => match s.holds.iter().position(|h| h.holder == holder) {
                Some(i) => &mut s.holds[i].ships[p.ix()],
                None => &mut s.players[p.ix()].removed,
            },
            Place::Tech(t) => {
                let player = &mut s.players[p.ix()];
                match player.techs.iter().position(|h| h.tech == t) {
                    Some(i) => &mut player.techs[i].ships,
                    // Moves check first that the tech is held; none holds no ships.
                    None => &mut player.removed,
                }
            }
            Place::Hazard(h) => {
                let ships = &mut s.hazard_ships;
                let i = match ships.iter().position(|x| x.hazard == h && x.owner == p) {
                    Some(i) => i,
                    None => {
                        ships.push(crate::state::HazardShips {
                            hazard: h,
                            owner: p,
                            ships: 0,
                        });
                        ships.len() - 1
                    }
                };
                &mut ships[i].ships
            }
        }
    }

    /// Takes up to `count` of `p`'s ships from `place`, finding them once; returns how many
    /// were taken and how many are left there, or `None` when there were none to take (a
    /// place not in play holds none: nothing changes then).
    #[inline(always)]
    fn take_ships(&mut self, p: PlayerId, place: Place, count: u8) -> Option<(u8, u8)> {
        let s = &mut self.state;
        let at = match place {
            Place::Planet(id) => &mut s.planet_mut(id)?.ships[p.ix()],
            Place::Gate => &mut s.encounter.gate[p.ix()],
            Place::Beside => &mut s.encounter.beside[p.ix()],
            Place::Warp => &mut s.players[p.ix()].warp,
            Place::Removed => &mut s.players[p.ix()].removed,
            Place::Praw => &mut s.players[p.ix()].praw,
            Place::Captured => &mut s.players[p.ix()].captured,
            Place::Held(holder) => {
                &mut s.holds.iter_mut().find(|h| h.holder == holder)?.ships[p.ix()]
            }
            Place::Tech(t) => {
                let techs = &mut s.players[p.ix()].techs;
                &mut techs.iter_mut().find(|h| h.tech == t)?.ships
            }
            Place::Hazard(h) => {
                let mut ships = s.hazard_ships.iter_mut();
                &mut ships.find(|x| x.hazard == h && x.owner == p)?.ships
            }
        };
        let count = count.min(*at);
        if count == 0 {
            return None;
        }
        *at -= count;
        Some((count, *at))
    }

    /// Moves `count` of `p`'s ships from one place to another, then updates colonies, the
    /// colony track and the alien power. The bookkeeping is done before the events are
    /// emitted, so every event sees a consistent state.
    #[inline(never)]
    pub fn move_ships(&mut self, p: PlayerId, from: Place, to: Place, count: u8, rule: Rule) {
        if !self.plain_move(p, from, to, count, rule) {
            self.move_ships_in_full(p, from, to, count, rule);
        }
    }

    /// Makes a move that changes no colony, between the gate, beside the planet, the warp
    /// and planets where they were dealt, while no ship token is in play and no ship reaches
    /// the warp under the praw's rule; returns `false`, having changed nothing, for any
    /// other move. Most moves are such: they need none of `move_ships_in_full`'s
    /// bookkeeping, and are done here with each place found once.
    #[inline(always)]
    fn plain_move(&mut self, p: PlayerId, from: Place, to: Place, count: u8, rule: Rule) -> bool {
        let s = &mut self.state;
        // A seat past the fixed arrays' size is left to the full move: checked once here,
        // not at each array below.
        if !s.ship_tokens.is_empty() || p.ix() >= crate::ids::MAX_PLAYERS {
            return false;
        }
        let (Some(a), Some(b)) = (plain_slot(s, from), plain_slot(s, to)) else {
            return false;
        };
        // The same slot is the same place (a planet is found where it was dealt).
        if a == b {
            return true;
        }
        // A colony gained, or ships reaching the warp under the praw: in full.
        match b {
            Slot::Planet(i) if s.planets[i].ships[p.ix()] == 0 => return false,
            Slot::Warp if s.rules.praw => return false,
            _ => {}
        }
        // Where the ships come from, found once: read, and taken.
        let at = slot_mut(s, p, a);
        let have = *at;
        let count = count.min(have);
        if count == 0 {
            return true;
        }
        // A colony lost: in full.
        if matches!(a, Slot::Planet(_)) && count == have {
            return false;
        }
        *at = have - count;
        *slot_mut(s, p, b) += count;
        if b == Slot::Warp {
            s.encounter.lost_to_warp[p.ix()] += count;
        }
        // The moments `move_ships_in_full` notes for these places.
        if a == Slot::Warp {
            self.note_retrieved(p, count);
        } else if b == Slot::Warp {
            self.note_to_warp(p, count);
        }
        self.emit_ships_moved(p, from, to, count, rule);
        true
    }

    /// Notes `p`'s `count` ships retrieved from the warp (fed, if `p` is being fed).
    #[inline(always)]
    fn note_retrieved(&mut self, p: PlayerId, count: u8) {
        let fed = if self.feeding == Some(p) { count } else { 0 };
        self.note(crate::hooks::Moment::ShipsRetrieved(p, count, fed))
    }

    /// Notes `p`'s `count` ships gone to the warp, and whether card text sent them.
    #[inline(always)]
    fn note_to_warp(&mut self, p: PlayerId, count: u8) {
        self.note(crate::hooks::Moment::ShipsToWarp(p, count));
        // Card text sent them: content says whose text it was.
        if self.acting.is_some() {
            self.sent |= 1 << p.0;
        }
    }

    /// Emits the move of `p`'s `count` ships.
    #[inline(always)]
    fn emit_ships_moved(&mut self, p: PlayerId, from: Place, to: Place, count: u8, rule: Rule) {
        let kind = EventKind::ShipsMoved {
            player: p,
            from,
            to,
            count,
        };
        self.emit(rule, kind);
    }

    /// `move_ships` for any move: ship tokens carried along, colonies lost or gained with the
    /// colony track, shelters and power they change, critical mass.
    #[inline(never)]
    pub(crate) fn move_ships_in_full(
        &mut self,
        p: PlayerId,
        from: Place,
        to: Place,
        count: u8,
        rule: Rule,
    ) {
        if from == to {
            return;
        }
        // Where the ships go must be in play; a planet's record is found once, for the
        // check and the move (nothing below creates or destroys a planet).
        let to_planet = match to {
            Place::Planet(id) => match self.state.planet_index(id) {
                Some(i) => Some(i),
                None => return,
            },
            Place::Tech(t) if self.state.held_tech(p, t).is_none() => return,
            Place::Hazard(h) if !self.state.hazards_in_play.contains(&h) => return,
            _ => None,
        };
        // Hired ships reaching the warp or leaving the game are gone with their cards, and
        // stacks reaching it free their ships (both announced after the move): the hired
        // ones arrive nowhere.
        let (count, gone, tokens_moved) = if self.state.ship_tokens.is_empty() {
            (count, 0, false)
        } else {
            let count = count.min(self.ships_at(p, from));
            if count == 0 {
                return;
            }
            let (gone, moved) = self.carry_ship_tokens(p, from, to, count);
            (count, gone, moved)
        };
        // The ships there, found once: read, and taken.
        let Some((count, left)) = self.take_ships(p, from, count) else {
            return;
        };
        let before = {
            let at = match to_planet {
                Some(i) => &mut self.state.planets[i].ships[p.ix()],
                None => self.ships_at_mut(p, to),
            };
            *at += count - gone;
            *at - (count - gone)
        };
        // A token raised from the praw (Eon) was lost before; it is not lost again.
        if to == Place::Warp && from != Place::Praw {
            self.state.encounter.lost_to_warp[p.ix()] += count;
        }
        let lost = match from {
            Place::Planet(id) if left == 0 => Some(id),
            _ => None,
        };
        // The colony masks change with a colony lost or gained (no hired ship is lost on a
        // planet: ships reach one, all of them).
        if let Some(i) = lost.and_then(|id| self.state.planet_index(id)) {
            self.state.mark_colony(p, i, false);
        }
        if let Some(i) = to_planet.filter(|_| before == 0) {
            self.state.mark_colony(p, i, true);
        }
        // Ships sheltered on a planet are so while they stay: all gone, the shelter ends.
        if let Some(id) = lost.filter(|_| !self.state.sheltered.is_empty()) {
            self.state.sheltered.retain(|&(pl, q)| (pl, q) != (id, p));
        }
        let gained = match to {
            Place::Planet(id) if before == 0 => Some(id),
            _ => None,
        };
        // A foreign colony lost or gained moves the colony track (both cancel out).
        let foreign = |planet: Option<crate::ids::PlanetId>| planet.is_some_and(|id| id.owner != p);
        let (down, up) = (foreign(lost), foreign(gained));
        let track_moved = down || up;
        if track_moved {
            let t = &mut self.state.players[p.ix()].track;
            *t = (*t).saturating_sub(down as u8) + up as u8;
        }
        // Only a colony lost or gained on one of `p`'s home planets changes its home
        // colonies, and the power flag always matches them (the invariants check it): a
        // home colony gained can only turn the power on, one lost only off.
        let home = |planet: Option<crate::ids::PlanetId>| planet.is_some_and(|id| id.owner == p);
        let active = self.state.players[p.ix()].power_active;
        let power = if (home(gained) && !active) || (home(lost) && active) {
            self.update_power(p)
        } else {
            None
        };
        match (from, to) {
            // Dropping into the praw is no retrieval.
            (Place::Warp, Place::Removed | Place::Praw) | (Place::Praw, _) => {}
            (Place::Warp, _) => self.note_retrieved(p, count),
            (_, Place::Warp) => self.note_to_warp(p, count),
            (_, Place::Removed) => self.note(crate::hooks::Moment::ShipsRemoved(p, count)),
            _ => {}
        }
        if gained.is_some_and(|id| id.owner != p) {
            self.note(crate::hooks::Moment::ColonyGained(p));
        }
        self.emit_ships_moved(p, from, to, count, rule);
        self.announce_colonies(p, lost, gained, track_moved, power, rule);
        if tokens_moved {
            self.announce_lost_hired_ships(p, rule);
            self.announce_freed_ships(rule);
        }
        if to == Place::Warp && self.state.rules.praw {
            self.critical_mass();
        }
    }

    /// One ship of `p`'s at `place` leaves play without going anywhere (a ship token that
    /// stops being a ship): one fewer there, and a colony it alone held is lost.
    #[inline(never)]
    pub(crate) fn ship_leaves_play(&mut self, p: PlayerId, place: Place, rule: Rule) {
        let left = {
            let at = self.ships_at_mut(p, place);
            *at = at.saturating_sub(1);
            *at
        };
        let Place::Planet(planet) = place else {
            return;
        };
        if left > 0 {
            return;
        }
        // Bookkeeping first, so that every event sees a consistent state.
        let foreign = planet.owner != p;
        if foreign {
            let t = &mut self.state.players[p.ix()].track;
            *t = t.saturating_sub(1);
        }
        let power = if foreign { None } else { self.update_power(p) };
        self.announce_colonies(p, Some(planet), None, foreign, power, rule);
    }

    /// Announces what a move of `p`'s ships did to its colonies, once the bookkeeping is
    /// done: a colony lost or gained, the colony track moved, the power lost or regained.
    // Always inlined: `move_ships` is hot, and this is most of its events.
    #[inline(always)]
    fn announce_colonies(
        &mut self,
        p: PlayerId,
        lost: Option<PlanetId>,
        gained: Option<PlanetId>,
        track_moved: bool,
        power: Option<EventKind>,
        rule: Rule,
    ) {
        if let Some(planet) = lost {
            self.emit(rule, EventKind::ColonyLost { player: p, planet });
        }
        if let Some(planet) = gained {
            self.emit(rule, EventKind::ColonyGained { player: p, planet });
        }
        if track_moved {
            let colonies = self.state.players[p.ix()].track;
            self.emit(
                rule,
                EventKind::TrackMoved {
                    player: p,
                    colonies,
                },
            );
        }
        if let Some(kind) = power {
            self.emit(Rule::HomeColonies, kind);
        }
    }

    /// A ship token at `from` goes along when some of `p`'s ships there go into the
    /// encounter or onto a planet (its owner keeps it in the fight), and otherwise only when
    /// the other ships there are too few for the move: its owner keeps it out of the warp as
    /// long as it can (the engine decides for the owner rather than asking each time).
    /// Returns how many of them were hired ships gone to the warp or out of the game, which
    /// are discarded (`take_lost_hired_ships`), and whether any token moved; a stack that
    /// moved there is broken up (`break_stacks`).
    #[inline(never)]
    fn carry_ship_tokens(&mut self, p: PlayerId, from: Place, to: Place, count: u8) -> (u8, bool) {
        let forward = matches!(to, Place::Gate | Place::Beside | Place::Planet(_));
        let mut moving = self.state.tokens_going_along(p, from, count, forward);
        let wanted = moving;
        for t in self.state.ship_tokens.iter_mut() {
            if moving == 0 {
                break;
            }
            if t.owner == p && t.place == from {
                t.place = to;
                moving -= 1;
            }
        }
        if moving == wanted {
            return (0, false);
        }
        self.break_stacks(p, to);
        if matches!(to, Place::Warp | Place::Removed) {
            (self.take_lost_hired_ships(p, to), true)
        } else {
            (0, true)
        }
    }

    /// Queues a moment for content to answer at the next window; a count of the same kind
    /// for the same player as the moment queued last is added to it.
    // Always inlined: each caller notes one kind of moment, so the merge folds to one test.
    #[inline(always)]
    pub(crate) fn note(&mut self, m: crate::hooks::Moment) {
        if let Some(last) = self.moments.last_mut() {
            if let Some(both) = last.merged(m) {
                *last = both;
                return;
            }
        }
        self.moments.push(m);
    }

    /// Queues the sending of other players' ships to the warp by `by`'s card text: `victims`
    /// is the mask of seats whose ships it sent (content says which, and only when something
    /// held answers it: the engine does not track who sends ships).
    pub fn note_ships_sent(&mut self, by: PlayerId, victims: u8) {
        if victims != 0 {
            self.moments
                .push(crate::hooks::Moment::ShipsSent(by, victims));
        }
    }

    /// Queues `taker`'s taking of `count` cards at random from `from`'s hand.
    pub(crate) fn note_taken_at_random(&mut self, taker: PlayerId, from: PlayerId, count: u8) {
        if count > 0 {
            let fed = if self.feeding == Some(taker) {
                count
            } else {
                0
            };
            self.note(crate::hooks::Moment::CardsTakenAtRandom(
                taker, from, count, fed,
            ));
        }
    }

    /// Says whose feeding text runs now (`None`: none); returns the one before, for the
    /// caller to restore when the text is done. What that player draws, retrieves or takes
    /// at random meanwhile is counted apart in its moments, so that text answering the
    /// player's own draws does not answer its own extra cards again.
    pub fn set_feeding(&mut self, player: Option<PlayerId>) -> Option<PlayerId> {
        std::mem::replace(&mut self.feeding, player)
    }

    /// Turns `p`'s alien power off below the home-colony threshold and on again at it;
    /// returns the event to emit if it changed.
    fn update_power(&mut self, p: PlayerId) -> Option<EventKind> {
        let active = self.state.keeps_power(p);
        if active == self.state.players[p.ix()].power_active {
            return None;
        }
        self.state.players[p.ix()].power_active = active;
        if !active {
            self.moments.push(crate::hooks::Moment::PowerLost(p));
        }
        Some(if active {
            EventKind::PowerRegained { player: p }
        } else {
            EventKind::PowerLost { player: p }
        })
    }

    /// Turns every player's power off or on again by the home-colony threshold, after an
    /// effect suspending it started or ended.
    pub(crate) fn update_powers(&mut self, cause: crate::event::Cause) {
        // Every flag is set before any event, which the invariants observe.
        let players = (0..self.state.player_count()).map(|i| PlayerId(i as u8));
        let changed: Vec<EventKind> = players.filter_map(|p| self.update_power(p)).collect();
        for kind in changed {
            self.emit_caused(cause, kind);
        }
    }

    /// Lands `count` of `p`'s ships at `from` on `planet` (a colony there if it had none),
    /// unless content replaces the landing (`Hooks::redirect_landing`): returns how many
    /// landed. Answering the landing is the caller's part (`answer_landing`), once every
    /// player landing together has landed. While nothing held cares about landings, it is the
    /// plain move and returns `count` as asked: nothing reads it then.
    #[inline]
    pub fn land_ships(
        &mut self,
        p: PlayerId,
        from: Place,
        planet: PlanetId,
        count: u8,
        rule: Rule,
    ) -> Flow<u8> {
        // Most games hold nothing that cares: one test of the window.
        if !self.may_act_at(crate::hooks::Window::Landing) {
            self.move_ships(p, from, Place::Planet(planet), count, rule);
            return Ok(count);
        }
        self.land_replaced(p, from, planet, count, rule)
    }

    /// `land_ships` once content may replace the landing.
    #[inline(never)]
    fn land_replaced(
        &mut self,
        p: PlayerId,
        from: Place,
        planet: PlanetId,
        count: u8,
        rule: Rule,
    ) -> Flow<u8> {
        let count = count.min(self.ships_at(p, from));
        if count == 0 || from == Place::Planet(planet) || !self.state.planet_exists(planet) {
            return Ok(0);
        }
        let replaced = (self.hooks()).redirect_landing(p, from, planet, count, rule, self)?;
        // Content may also have moved some of the ships meanwhile.
        let count = count.saturating_sub(replaced).min(self.ships_at(p, from));
        self.move_ships(p, from, Place::Planet(planet), count, rule);
        Ok(count)
    }

    /// Lets content answer the ships of `players` (a mask of seats) that just landed on
    /// `planet` together, as `rule` landed them.
    pub fn answer_landing(&mut self, planet: PlanetId, players: u8, rule: Rule) -> Flow {
        if players == 0 || !self.may_act_at(crate::hooks::Window::Landing) {
            return Ok(());
        }
        self.hooks().landed(planet, players, rule, self)
    }

    /// `p` picks from one to the launch limit of its ships (as `decision` asks) and they land
    /// on `planet`, answered at once: a colony a deal grants, a home colony re-established.
    pub(crate) fn land_chosen_ships(
        &mut self,
        p: PlayerId,
        planet: PlanetId,
        decision: crate::decision::DecisionKind,
        rule: Rule,
    ) -> Flow {
        let max = self.state.rules.max_committed_ships;
        let chosen = self.choose_ships(p, decision, Place::Planet(planet), 1..=max, true)?;
        let mut landed = 0;
        for &(from, n) in &chosen {
            landed += self.land_ships(p, from, planet, n, rule)?;
        }
        self.spare_places.keep(chosen);
        if landed > 0 {
            self.answer_landing(planet, 1 << p.0, rule)?;
        }
        Ok(())
    }

    /// `p`'s ships land on `planet` by themselves (card text lands one player's ships at a
    /// time): `land_ships`, answered at once. Returns how many landed.
    pub fn land_alone(
        &mut self,
        p: PlayerId,
        from: Place,
        planet: PlanetId,
        count: u8,
        rule: Rule,
    ) -> Flow<u8> {
        let landed = self.land_ships(p, from, planet, count, rule)?;
        if landed > 0 {
            self.answer_landing(planet, 1 << p.0, rule)?;
        }
        Ok(landed)
    }

    /// Sends `count` of `p`'s ships from `from` to the warp, unless content sends some or
    /// all of them elsewhere instead (back to the colonies, out of the game...).
    pub fn send_to_warp(&mut self, p: PlayerId, from: Place, count: u8, rule: Rule) -> Flow {
        let count = count.min(self.ships_at(p, from));
        if count == 0 {
            return Ok(());
        }
        let replaced = self.hooks().redirect_ships(p, from, count, rule, self)?;
        // Content may also have moved some of the ships meanwhile.
        let count = count.saturating_sub(replaced).min(self.ships_at(p, from));
        self.move_ships(p, from, Place::Warp, count, rule);
        Ok(())
    }

    /// Removes up to `count` of `p`'s ships at `from` from the game, but never so many that
    /// fewer than `keep` of its ships stay in the game; returns how many were not removed.
    pub fn remove_keeping(
        &mut self,
        p: PlayerId,
        from: Place,
        count: u8,
        keep: u8,
        rule: Rule,
    ) -> u8 {
        let total = self.state.standard_fleets(p).min(u8::MAX as u32) as u8;
        let in_game = total.saturating_sub(self.state.players[p.ix()].removed);
        let removable = in_game.saturating_sub(keep).min(count);
        self.move_ships(p, from, Place::Removed, removable, rule);
        count - removable
    }

    /// Returns `count` of `p`'s ships from `from` to colonies `p` chooses; with no colony
    /// anywhere they go to the warp instead.
    pub fn return_ships(&mut self, p: PlayerId, from: Place, count: u8, rule: Rule) -> Flow {
        self.return_ships_to(p, from, count, rule, None)
    }

    /// Like `return_ships`, from a planet of `p`'s to its *other* colonies (the ships
    /// leave that planet; with no other colony they go to the warp).
    pub fn return_ships_elsewhere(
        &mut self,
        p: PlayerId,
        from: PlanetId,
        count: u8,
        rule: Rule,
    ) -> Flow {
        self.return_ships_to(p, Place::Planet(from), count, rule, Some(from))
    }

    fn return_ships_to(
        &mut self,
        p: PlayerId,
        from: Place,
        count: u8,
        rule: Rule,
        not: Option<PlanetId>,
    ) -> Flow {
        let mut count = count.min(self.ships_at(p, from));
        if count == 0 {
            return Ok(());
        }
        // Most games hold nothing that replaces a retrieval: one test of the window.
        if from == Place::Warp && self.may_act_at(crate::hooks::Window::Retrieval) {
            count = self.retrieval_replaced(p, count, rule)?;
            if count == 0 {
                return Ok(());
            }
        }
        let mut places = self.ship_places();
        self.state.recount_colonies();
        places.extend(
            (self.state.colonies(p))
                .filter(|&c| Some(c) != not)
                .map(|c| (Place::Planet(c), count)),
        );
        if places.is_empty() {
            self.spare_places.keep(places);
            self.move_ships(p, from, Place::Warp, count, rule);
            return Ok(());
        }
        let (places, counts) =
            self.ask_ships_over(p, DecisionKind::ReturnShips, places, count, count)?;
        // Most colonies offered get none of the ships: no call for those.
        for (&(place, _), n) in places.iter().zip(counts) {
            if n > 0 {
                self.move_ships(p, from, place, n, rule);
            }
        }
        self.spare_places.keep(places);
        Ok(())
    }

    /// Lets content send some of `count` of `p`'s ships being retrieved from the warp
    /// elsewhere than the rules would (`Hooks::redirect_retrieval`); returns how many of
    /// them are still to be retrieved as usual.
    #[inline(never)]
    pub(crate) fn retrieval_replaced(&mut self, p: PlayerId, count: u8, rule: Rule) -> Flow<u8> {
        let replaced = self.hooks().redirect_retrieval(p, count, rule, self)?;
        // Content may also have moved some of the ships meanwhile.
        Ok(count
            .saturating_sub(replaced)
            .min(self.ships_at(p, Place::Warp)))
    }

    /// Lets `p` choose a number of ships in `range` from its colonies (and from the gate if
    /// `gate` is set) and moves them to `to`. Returns how many moved.
    pub fn commit_ships(
        &mut self,
        p: PlayerId,
        kind: DecisionKind,
        to: Place,
        range: std::ops::RangeInclusive<u8>,
        gate: bool,
        rule: Rule,
    ) -> Flow<u8> {
        self.commit_ships_from(p, kind, to, range, gate, false, rule)
    }

    /// `commit_ships`, the ships also coming from the warp when `warp` is set (retrieved
    /// from it as they go).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn commit_ships_from(
        &mut self,
        p: PlayerId,
        kind: DecisionKind,
        to: Place,
        range: std::ops::RangeInclusive<u8>,
        gate: bool,
        warp: bool,
        rule: Rule,
    ) -> Flow<u8> {
        let (places, counts) = self.offer_ships(p, kind, to, range, gate, warp)?;
        // Most places offered give none of the ships: no call for those.
        let mut moved = 0;
        for (&(place, _), n) in places.iter().zip(counts) {
            if n > 0 {
                self.move_ships(p, place, to, n, rule);
                moved += n;
            }
        }
        self.spare_places.keep(places);
        Ok(moved)
    }

    /// Lets `p` choose a number of ships in `range` from its colonies (and from the gate if
    /// `gate` is set), other than `to`; returns where they are, without moving them.
    pub fn choose_ships(
        &mut self,
        p: PlayerId,
        kind: DecisionKind,
        to: Place,
        range: std::ops::RangeInclusive<u8>,
        gate: bool,
    ) -> Flow<Vec<(Place, u8)>> {
        let (mut places, counts) = self.offer_ships(p, kind, to, range, gate, false)?;
        // The places ships come from, each with its count, in the same list.
        let mut kept = 0;
        for (i, n) in counts.into_iter().enumerate() {
            if n > 0 {
                places[kept] = (places[i].0, n);
                kept += 1;
            }
        }
        places.truncate(kept);
        Ok(places)
    }

    /// Offers `p` its ships as `choose_ships` does (the ships in the warp too when `warp` is
    /// set); returns the places offered and the count chosen at each, in order (no places and no counts when `p` has no ships to
    /// offer: nothing is asked then).
    fn offer_ships(
        &mut self,
        p: PlayerId,
        kind: DecisionKind,
        to: Place,
        range: std::ops::RangeInclusive<u8>,
        gate: bool,
        warp: bool,
    ) -> Flow<(ShipPlaces, Vec<u8>)> {
        let (min, max) = range.into_inner();
        let mut places = self.ship_places();
        // The ships offered in all, summed as the places are listed.
        let mut available = 0u32;
        let mut offer = |place: Place, n: u8| {
            available += n.min(max) as u32;
            places.push((place, n.min(max)));
        };
        let at_gate = self.state.encounter.gate[p.ix()];
        if gate && to != Place::Gate && at_gate > 0 {
            offer(Place::Gate, at_gate);
        }
        let in_warp = self.state.players[p.ix()].warp;
        if warp && in_warp > 0 {
            offer(Place::Warp, in_warp);
        }
        self.state.recount_colonies();
        for (c, n) in self.state.colony_ships(p) {
            if Place::Planet(c) != to {
                offer(Place::Planet(c), n);
            }
        }
        let max = (max as u32).min(available) as u8;
        let min = min.min(max);
        if max == 0 {
            places.clear();
            return Ok((places, Vec::new()));
        }
        self.ask_ships_over(p, kind, places, min, max)
    }

    /// Asks a ship selection; returns the places (given back, not copied) and the counts.
    // Always inlined: the decision is then built, and the lists returned, in the caller's
    // frame, rather than copied through this call's, for every ship decision.
    #[inline(always)]
    pub(crate) fn ask_ships_over(
        &mut self,
        p: PlayerId,
        kind: DecisionKind,
        places: Vec<(Place, u8)>,
        min: u8,
        max: u8,
    ) -> Flow<(ShipPlaces, Vec<u8>)> {
        let decision = crate::decision::Decision {
            player: p,
            kind,
            request: ships(places, min, max),
            asker: self.acting,
        };
        let counts = self.ask_counts(&decision)?;
        match decision.request {
            Request::Ships(r) => Ok((r.places, counts)),
            _ => unreachable_answer(),
        }
    }

    /// Asks a ship selection and returns the counts per place.
    pub fn ask_ships(
        &mut self,
        p: PlayerId,
        kind: DecisionKind,
        places: Vec<(Place, u8)>,
        min: u8,
        max: u8,
    ) -> Flow<Vec<u8>> {
        Ok(self.ask_ships_over(p, kind, places, min, max)?.1)
    }

    /// Asks `p` to pick between `min` and `max` of `options`; returns the picked options.
    pub fn ask_subset(
        &mut self,
        p: PlayerId,
        kind: DecisionKind,
        options: Vec<Choice>,
        min: u8,
        max: u8,
    ) -> Flow<Vec<Choice>> {
        let decision = crate::decision::Decision {
            player: p,
            kind,
            request: Request::Subset { options, min, max },
            asker: self.acting,
        };
        match (self.ask_decision(&decision)?, decision.request) {
            (crate::decision::Answer::Subset(ix), Request::Subset { options, .. }) => {
                // Into a kept list: callers hand it back, so a subset seldom allocates.
                let mut picked = self.spare_choices.take();
                picked.extend(ix.iter().map(|&i| options[i]));
                self.spare_choices.keep(options);
                Ok(picked)
            }
            _ => unreachable_answer(),
        }
    }

    /// Draws one card from the cosmic deck for `p`. An empty deck is refilled from the
    /// discard pile; with both empty a cosmic quake happens instead and `false` is returned.
    pub fn draw(&mut self, p: PlayerId, rule: Rule) -> Flow<bool> {
        self.draw_from(p, Back::Cosmic, rule)
    }

    /// Draws one card for `p` from the deck of cards with this back. An empty deck is
    /// refilled from its discard pile; with both empty `false` is returned, after a cosmic
    /// quake if it is the cosmic deck (the reward deck never quakes).
    pub fn draw_from(&mut self, p: PlayerId, back: Back, rule: Rule) -> Flow<bool> {
        let pile = self.state.piles.of(back);
        if pile.draw.is_empty() {
            if pile.discard.is_empty() {
                if back.quakes() {
                    self.cosmic_quake()?;
                }
                return Ok(false);
            }
            self.reshuffle_discard(back);
        }
        let Some(card) = self.state.piles.of_mut(back).draw.pop() else {
            return Ok(false);
        };
        self.state.players[p.ix()].hand.push(card);
        let watchers = self
            .state
            .encounter
            .watching
            .iter()
            .filter(|&&(_, drawer)| drawer == p)
            .fold(0u8, |m, &(viewer, _)| m | 1 << viewer.0);
        if watchers != 0 {
            self.state.encounter.seen.push((watchers, card));
        }
        let fed = u8::from(self.feeding == Some(p));
        let end = if fed == 0 {
            self.record_draw(p, card)
        } else {
            self.drawn_this_encounter().len() as u16
        };
        self.note(crate::hooks::Moment::CardsDrawn(p, 1, fed, end));
        self.emit(rule, EventKind::CardDrawn { player: p, card });
        Ok(true)
    }

    /// Draws `n` cards for `p`, stopping if a cosmic quake replaces the draw.
    pub fn draw_n(&mut self, p: PlayerId, n: u32, rule: Rule) -> Flow {
        for _ in 0..n {
            if !self.draw(p, rule)? {
                break;
            }
        }
        Ok(())
    }

    pub(crate) fn reshuffle_discard(&mut self, deck: Back) {
        let cards = self.state.piles.of_mut(deck).reshuffle(&mut self.rng) as u16;
        // Content's "when the deck is reshuffled" means the cosmic deck.
        if deck == Back::Cosmic {
            self.moments.push(crate::hooks::Moment::DeckReshuffled);
        }
        self.emit(Rule::DeckReshuffle, EventKind::DeckShuffled { cards, deck });
    }

    /// Card text shuffles the cosmic discard pile and the deck together into a new deck
    /// (`source` is the ability); as when the rules reshuffle, content answering the
    /// deck's reshuffle may act.
    pub fn shuffle_discard_into_deck(&mut self, source: u32) {
        let piles = &mut self.state.piles.cosmic;
        // The log counts the discard pile's cards, which join what the deck still holds.
        let cards = piles.discard.len() as u16;
        let deck = std::mem::take(&mut piles.draw);
        piles.discard.extend(deck);
        piles.reshuffle(&mut self.rng);
        self.moments.push(crate::hooks::Moment::DeckReshuffled);
        let deck = Back::Cosmic;
        self.emit_caused(
            crate::event::Cause::Ability(source),
            EventKind::DeckShuffled { cards, deck },
        );
    }

    /// Cosmic quake: every hand is discarded, the discard pile becomes the deck and every
    /// player is dealt a new hand. A quake never causes another: when the cards cannot fill
    /// every hand, they are dealt evenly to the players and one dummy hand, and the dummy
    /// hand with the odd cards becomes the deck (the Cosmic Incursion procedure).
    fn cosmic_quake(&mut self) -> Flow {
        self.emit(Rule::CosmicQuake, EventKind::CosmicQuake);
        // Answered before the hands go: a card held may answer the quake.
        self.pass_moment(crate::hooks::Moment::CosmicQuake)?;
        let players = self.state.player_count();
        for p in 0..players {
            self.discard_hand(PlayerId(p as u8), Rule::CosmicQuake);
        }
        // A quake for want of encounter cards leaves cards in the deck: they are shuffled in too.
        let deck = std::mem::take(&mut self.state.piles.cosmic.draw);
        self.state.piles.cosmic.discard.extend(deck);
        self.reshuffle_discard(Back::Cosmic);
        let full = self.state.rules.hand_size as usize;
        let total = self.state.piles.cosmic.draw.len();
        let each = if total >= full * players {
            full
        } else {
            total / (players + 1)
        };
        for _ in 0..each {
            for p in 0..players {
                let Some(card) = self.state.piles.cosmic.draw.pop() else {
                    return Ok(());
                };
                let player = PlayerId(p as u8);
                self.state.players[p].hand.push(card);
                self.emit(Rule::CosmicQuake, EventKind::CardDrawn { player, card });
            }
        }
        Ok(())
    }

    /// Moves a card from `p`'s hand to the discard pile.
    pub fn discard_card(&mut self, p: PlayerId, card: CardId, rule: Rule) {
        let hand = &mut self.state.players[p.ix()].hand;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
            self.state.place_in_discard(card);
            let new_hand = self.new_hand;
            self.note(crate::hooks::Moment::CardDiscarded {
                player: p,
                card,
                new_hand,
            });
            self.emit(rule, EventKind::CardDiscarded { player: p, card });
        }
    }

    /// Discards `p`'s whole hand.
    pub fn discard_hand(&mut self, p: PlayerId, rule: Rule) {
        while let Some(&card) = self.state.players[p.ix()].hand.last() {
            self.discard_card(p, card, rule);
        }
    }

    /// Moves a card from one hand to another.
    pub fn give_card(&mut self, from: PlayerId, to: PlayerId, card: CardId, rule: Rule) {
        let hand = &mut self.state.players[from.ix()].hand;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
            self.state.players[to.ix()].hand.push(card);
            self.emit(rule, EventKind::CardGiven { from, to, card });
        }
    }

    /// A card from `p`'s hand at random.
    pub fn random_card(&mut self, p: PlayerId) -> Option<CardId> {
        let hand = &self.state.players[p.ix()].hand;
        if hand.is_empty() {
            None
        } else {
            Some(hand[self.rng.gen_range(0..hand.len())])
        }
    }

    /// `p` discards its hand and draws a new one of the rules' hand size.
    pub fn draw_new_hand(&mut self, p: PlayerId, rule: Rule) -> Flow {
        // Content may set cards aside first (the moments queued so far wait for the next
        // window, as they would without it).
        let before = self.state.renewing.replace(p);
        let replaced_before = std::mem::take(&mut self.state.new_hand_replaced);
        let answered = if self.may_act_at(crate::hooks::Window::NewHand) {
            self.hooks().at(crate::hooks::Window::NewHand, self)
        } else {
            Ok(())
        };
        self.state.renewing = before;
        let replaced = std::mem::replace(&mut self.state.new_hand_replaced, replaced_before);
        answered?;
        // Card text that replaced the new hand discarded the old one and drew instead.
        if !replaced {
            self.discard_for_new_hand(p, rule);
            let hand = self.state.rules.hand_size as u32;
            self.draw_n(p, hand, rule)?;
        }
        self.return_aside_cards_of(p, Until::NewHand);
        Ok(())
    }

    /// Card text replaces the new hand the player `GameState::renewing` names is about to
    /// draw (at `Window::NewHand`): its hand is discarded now, as for a new hand, and the
    /// rules draw it none, the text drawing what it draws instead. Nothing happens outside
    /// that window, or once the new hand is replaced already.
    pub fn replace_new_hand(&mut self, rule: Rule) {
        let Some(p) = self.state.renewing else {
            return;
        };
        if std::mem::replace(&mut self.state.new_hand_replaced, true) {
            return;
        }
        self.discard_for_new_hand(p, rule);
    }

    /// `p` discards its hand to draw a new one (the discards are a new hand's, not plays).
    fn discard_for_new_hand(&mut self, p: PlayerId, rule: Rule) {
        self.new_hand = true;
        self.discard_hand(p, rule);
        self.new_hand = false;
    }

    /// Whether `p` holds too few encounter cards and must draw a new hand when the rules
    /// check: none, or (content raising its threshold) no more than its threshold.
    pub(crate) fn needs_new_hand(&self, p: PlayerId) -> bool {
        let threshold = self.quantity(crate::quantity::Quantity::NewHandThreshold(p), 0);
        if threshold <= 0 {
            return !self.state.has_encounter_card(p);
        }
        let held = (self.state.players[p.ix()].hand.iter())
            .filter(|&&c| self.state.kind(c).is_encounter())
            .count();
        held <= threshold as usize
    }

    /// Discards `p`'s hand and draws new hands until it holds an encounter card (more than
    /// its new-hand threshold, when content raised it).
    ///
    /// When neither the deck nor the discard pile holds an encounter card, drawing could go
    /// on forever; the deck then counts as empty and a cosmic quake puts every card back in
    /// play (our reading: the rules do not cover this case). If the player still holds none
    /// and none can be drawn (cards removed from the game leave too few), the encounter ends
    /// with no outcome and the turn with it, as for an offense out of encounter cards.
    pub fn new_hand_until_encounter_card(&mut self, p: PlayerId, rule: Rule) -> Flow {
        let mut quaked = false;
        // Each new hand holds an encounter card with good odds once one is drawable, so
        // this bound is only a guard against a broken card pool.
        for _ in 0..10_000 {
            if !self.needs_new_hand(p) {
                return Ok(());
            }
            let is_encounter = |c: &CardId| self.state.kind(*c).is_encounter();
            let drawable = self.state.piles.cosmic.draw.iter().any(is_encounter)
                || self.state.piles.cosmic.discard.iter().any(is_encounter);
            if !drawable {
                if quaked {
                    return Err(self.abort_encounter(Rule::NoEncounterCardLeft));
                }
                quaked = true;
                self.emit(rule, EventKind::NoEncounterCardToDraw { player: p });
                self.cosmic_quake()?;
                continue;
            }
            self.draw_new_hand(p, rule)?;
        }
        Err(GameError::Stuck("no encounter card can be drawn from the deck".into()).into())
    }
}
