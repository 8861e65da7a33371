//! A player's view of the game: the public board plus that player's own hand.
//! Agents get only this; the hidden parts of the state are not reachable through it.

use crate::components::{CardKind, Components};
use crate::edition::Rules;
use crate::event::Names;
use crate::ids::{CardId, Color, PlanetId, PlayerId, Side};
use crate::state::{GameState, Outcome, Phase};

impl<'a> crate::event::Scene<'a> {
    /// What `player` sees of this scene (its agent's view), for the game's owner.
    pub fn view(&self, player: PlayerId) -> View<'a> {
        View::new(self.state, self.components, player)
    }
}

/// A tech in a player's play area as one player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeenTech {
    /// Which tech it is, if known.
    pub tech: Option<u16>,
    /// Ships on it.
    pub ships: u8,
    /// Whether it is completed (face up).
    pub completed: bool,
}

/// What one player can see.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub(crate) state: &'a GameState,
    pub(crate) components: &'a Components,
    pub(crate) me: PlayerId,
    fork: Option<&'a crate::fork::Fork>,
}

impl<'a> View<'a> {
    /// The view of `me` onto `state`.
    pub(crate) fn new(state: &'a GameState, components: &'a Components, me: PlayerId) -> Self {
        View {
            state,
            components,
            me,
            fork: None,
        }
    }

    /// The same view with the game's fork, for a searching agent.
    pub(crate) fn with_fork(self, fork: Option<&'a crate::fork::Fork>) -> Self {
        View { fork, ..self }
    }

    /// The game's fork, when the game keeps one for searching agents (`Agent::searches`):
    /// rollouts from the decision under way, with what this player cannot see redealt.
    pub fn fork(&self) -> Option<&'a crate::fork::Fork> {
        self.fork
    }

    /// The viewing player.
    pub fn me(&self) -> PlayerId {
        self.me
    }

    /// The rule numbers in force.
    pub fn rules(&self) -> &Rules {
        &self.state.rules
    }

    /// Name rendering for ids.
    pub fn names(&self) -> Names<'a> {
        Names::new(self.state, self.components)
    }

    /// Number of seats.
    pub fn player_count(&self) -> usize {
        self.state.player_count()
    }

    /// All seats in clockwise order.
    pub fn seats(&self) -> impl Iterator<Item = PlayerId> + 'a {
        self.state.seats()
    }

    /// A player's color.
    pub fn color(&self, p: PlayerId) -> Color {
        self.state.players[p.ix()].color
    }

    /// My hand.
    pub fn hand(&self) -> &'a [CardId] {
        &self.state.players[self.me.ix()].hand
    }

    /// What a destiny card shows (destiny cards are public components).
    pub fn destiny_kind(&self, d: crate::ids::DestinyId) -> crate::components::DestinyKind {
        self.state.destiny_cards[d.0 as usize].kind
    }

    /// How many cards a player holds.
    pub fn hand_size(&self, p: PlayerId) -> usize {
        self.state.players[p.ix()].hand.len()
    }

    /// The rules kind of a card I can see (my hand, revealed or discarded cards).
    pub fn kind(&self, c: CardId) -> Option<CardKind> {
        crate::decision::visible_to(self.state, self.me, c).then(|| self.state.kind(c))
    }

    /// The rules kind of a card definition (the components are public: a card named).
    pub fn def_kind(&self, def: u16) -> Option<CardKind> {
        self.components.cosmic.get(def as usize).map(|d| d.kind)
    }

    /// The kind of a card in my hand (or on my own alien sheet).
    pub fn my_kind(&self, c: CardId) -> CardKind {
        debug_assert!(crate::decision::visible_to(self.state, self.me, c));
        self.state.kind(c)
    }

    /// The tokens beside `planet`: each one's player, and its kind if I may see it (a token
    /// lying face down shows its kind to its own player alone).
    pub fn tokens_beside(
        &self,
        planet: PlanetId,
    ) -> impl Iterator<Item = (PlayerId, Option<u32>)> + 'a {
        let me = self.me;
        (self.state.tokens_beside(planet)).map(move |t| (t.owner, t.seen_by(me).then_some(t.key)))
    }

    /// The tokens `p` keeps on its alien sheet, each one's kind if I may see it (mine only).
    pub fn sheet_tokens(&self, p: PlayerId) -> impl Iterator<Item = Option<u32>> + 'a {
        let me = self.me;
        (self.state.sheet_tokens(p)).map(move |t| (t.owner == me).then_some(t.key))
    }

    /// Ships `p` has on a planet.
    #[inline]
    pub fn ships_on(&self, planet: PlanetId, p: PlayerId) -> u8 {
        self.state.ships_on(planet, p)
    }

    /// The cards set face up beside a planet.
    pub fn cards_beside(&self, planet: PlanetId) -> impl Iterator<Item = CardId> + 'a {
        self.state.cards_beside(planet)
    }

    /// Every planet on the table.
    pub fn planets(&self) -> impl Iterator<Item = PlanetId> + 'a {
        self.state.planets.iter().map(|p| p.id)
    }

    /// Every planet on the table with each player's ships on it (by seat), for looking at
    /// many planets at once.
    pub fn planet_ships(
        &self,
    ) -> impl Iterator<Item = (PlanetId, &'a [u8; crate::ids::MAX_PLAYERS])> + 'a {
        self.state.planets.iter().map(|p| (p.id, &p.ships))
    }

    /// A player's ships in the warp.
    pub fn warp(&self, p: PlayerId) -> u8 {
        self.state.players[p.ix()].warp
    }

    /// The cards `p` has set aside (beside a planet, on its sheet, under a tech, on the
    /// table, hired as ships), each with where it lies; the card itself only where I may see
    /// it (face up, or mine), else `None`.
    pub fn set_aside(&self, p: PlayerId) -> Vec<(crate::state::Aside, Option<CardId>)> {
        (self.state.aside.iter())
            .filter(|a| a.owner == p)
            .map(|a| {
                let seen = a.at.is_face_up() || a.owner == self.me;
                (a.at, seen.then_some(a.card))
            })
            .collect()
    }

    /// A player's ships captured in other players' stacks (public).
    pub fn captured(&self, p: PlayerId) -> u8 {
        self.state.players[p.ix()].captured
    }

    /// A player's stacks (public): where each is and how many captured ships it holds.
    pub fn stacks(&self, p: PlayerId) -> Vec<(crate::event::Place, u8)> {
        (self.state.ship_tokens.iter())
            .filter(|t| t.owner == p && t.key == crate::state::ShipToken::STACK)
            .map(|t| (t.place, t.held().min(u8::MAX as u32) as u8))
            .collect()
    }

    /// The other players' ships a player holds around its home system (public), by owner.
    pub fn held(&self, p: PlayerId) -> Vec<(PlayerId, u8)> {
        (self.state.holds.iter())
            .filter(|h| h.holder == p)
            .flat_map(|h| h.ships.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .map(|(seat, &n)| (PlayerId(seat as u8), n))
            .collect()
    }

    /// A player's tokens in the praw (Eon's warp/praw; public).
    pub fn praw(&self, p: PlayerId) -> u8 {
        self.state.players[p.ix()].praw
    }

    /// Whether the cone is reversed for this challenge (Eon's reverse cone; public).
    pub fn cone_reversed(&self) -> bool {
        self.state.encounter.reversed
    }

    /// A player's foreign colonies (the colony track).
    pub fn foreign_colonies(&self, p: PlayerId) -> u8 {
        self.state.players[p.ix()].track
    }

    /// The hazards in play (face up for everyone), in the order they entered play.
    pub fn hazards_in_play(&self) -> &[u16] {
        &self.state.hazards_in_play
    }

    /// A player's home colonies.
    pub fn home_colonies(&self, p: PlayerId) -> u8 {
        self.state.home_colonies(p)
    }

    /// A player's alien as this player may know it: its own always, another's once face up.
    pub fn alien(&self, p: PlayerId) -> Option<u16> {
        let player = &self.state.players[p.ix()];
        (p == self.me || !player.face_down)
            .then_some(player.alien)
            .flatten()
    }

    /// Whether a player's alien sheet lies face down (hidden powers): public, its alien is not.
    pub fn sheet_face_down(&self, p: PlayerId) -> bool {
        self.state.players[p.ix()].face_down
    }

    /// Whether a player's alien power is active.
    pub fn power_active(&self, p: PlayerId) -> bool {
        self.state.players[p.ix()].power_active
    }

    /// Cards left in the cosmic deck.
    pub fn deck_size(&self) -> usize {
        self.state.piles.cosmic.draw.len()
    }

    /// The cosmic discard pile (public).
    pub fn discard(&self) -> &'a [CardId] {
        &self.state.piles.cosmic.discard
    }

    /// The cards removed from the game (public), in the order they left.
    pub fn removed_cards(&self) -> &'a [CardId] {
        &self.state.removed_cards
    }

    /// The discard piles' card kinds are public.
    pub fn discarded_kind(&self, c: CardId) -> Option<CardKind> {
        self.state.is_discarded(c).then(|| self.state.kind(c))
    }

    /// The turn number.
    pub fn turn(&self) -> u32 {
        self.state.turn
    }

    /// The offense.
    pub fn offense(&self) -> PlayerId {
        self.state.offense
    }

    /// The defense, once named.
    pub fn defense(&self) -> Option<PlayerId> {
        self.state.encounter.defense
    }

    /// The encounter's phase.
    pub fn phase(&self) -> Option<Phase> {
        self.state.encounter.phase
    }

    /// The targeted planet.
    pub fn target(&self) -> Option<PlanetId> {
        self.state.encounter.planet
    }

    /// Which side a player is on in the encounter (main player or ally).
    pub fn side_of(&self, p: PlayerId) -> Option<Side> {
        self.state.side_of(p)
    }

    /// Ships a player has on the gate.
    pub fn gate(&self, p: PlayerId) -> u8 {
        self.state.encounter.gate[p.ix()]
    }

    /// Ships a defensive ally has beside the planet.
    pub fn beside(&self, p: PlayerId) -> u8 {
        self.state.encounter.beside[p.ix()]
    }

    /// Ships counting toward a side.
    pub fn side_ships(&self, side: Side) -> i32 {
        self.state.side_ships(side)
    }

    /// The kicker I played face down this encounter, as a main player (its multiplier).
    pub fn my_kicker(&self) -> Option<i16> {
        let side = self.side_of(self.me)?;
        if self.state.main_player(side) != Some(self.me) {
            return None;
        }
        match self.state.encounter.kickers[side.ix()].map(|c| self.state.kind(c)) {
            Some(CardKind::Kicker(v)) => Some(v),
            _ => None,
        }
    }

    /// The encounter card a main player selected, if I may see it (mine, or revealed or
    /// selected face up, unless kept face down).
    pub fn encounter_card(&self, side: Side) -> Option<CardId> {
        let c = self.state.encounter.cards[side.ix()]?;
        self.state.sees_encounter_card(side, self.me).then_some(c)
    }

    /// Whether I may see `card` now: in my hand, face up, or shown to me.
    pub fn can_see(&self, card: CardId) -> bool {
        crate::decision::visible_to(self.state, self.me, card)
    }

    /// The kind of a revealed encounter card (or my own).
    pub fn encounter_kind(&self, side: Side) -> Option<CardKind> {
        self.encounter_card(side).map(|c| self.state.kind(c))
    }

    /// Reinforcements played so far this encounter.
    pub fn reinforcements(&self) -> &'a [crate::state::Reinforcement] {
        &self.state.encounter.reinforcements
    }

    /// A side's total as it stands now (after reveal, with the reinforcements played so far).
    pub fn current_total(&self, side: Side) -> Option<i32> {
        self.state.encounter.totals.map(|t| t[side.ix()])
    }

    /// What each revealed encounter card counts as (a morph as its copy).
    pub fn effective_kind(&self, side: Side) -> Option<CardKind> {
        self.state.encounter.effective[side.ix()]
    }

    /// Totals once computed: offense, defense.
    pub fn totals(&self) -> Option<[i32; 2]> {
        self.state.encounter.totals
    }

    /// The encounter's outcome, once known.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.encounter.outcome
    }

    /// Whether `planet` lies in `p`'s home system.
    pub fn is_home(&self, planet: PlanetId, p: PlayerId) -> bool {
        planet.owner == p
    }

    /// Which seats the offense invited.
    pub fn invited_by(&self, side: Side, p: PlayerId) -> bool {
        let mask = match side {
            Side::Offense => self.state.encounter.invited_by_offense,
            Side::Defense => self.state.encounter.invited_by_defense,
        };
        mask & (1 << p.0) != 0
    }

    /// The deal proposal being considered, if any.
    pub fn proposal(&self) -> Option<&'a crate::deal::DealTerms> {
        self.state.encounter.proposal.as_ref()
    }

    /// My techs (technology variant), face down or completed, with the ships on them.
    pub fn my_techs(&self) -> &'a [crate::state::HeldTech] {
        &self.state.players[self.me.ix()].techs
    }

    /// `p`'s techs as I see them: which tech each is when it is mine, completed or known
    /// (a secret tech used, a completed one reset), with its ships.
    pub fn techs_of(&self, p: PlayerId) -> Vec<SeenTech> {
        (self.state.players[p.ix()].techs.iter())
            .map(|h| SeenTech {
                tech: (h.known_to_all() || p == self.me).then_some(h.tech),
                ships: h.ships,
                completed: h.completed,
            })
            .collect()
    }

    /// The tech discard pile (face up, public).
    pub fn tech_discard(&self) -> &'a [u16] {
        &self.state.techs.discard
    }

    /// A tech's research number (`None` for X).
    pub fn tech_research(&self, tech: u16) -> Option<u8> {
        self.components
            .techs
            .get(tech as usize)
            .and_then(|t| t.research)
    }

    /// Whether a tech is kept secret until used (researched, never completed).
    pub fn tech_secret(&self, tech: u16) -> bool {
        self.components
            .techs
            .get(tech as usize)
            .is_some_and(|t| t.secret)
    }

    /// The colonies needed to win.
    pub fn colonies_to_win(&self) -> u8 {
        self.state.rules.colonies_to_win
    }

    /// How much of a resource (Eon's lucre) a player holds: public, like its ships.
    pub fn resource(&self, p: PlayerId, r: crate::resources::Resource) -> u16 {
        self.state.players[p.ix()].resources.get(r)
    }
}
