//! The game state: plain data, serializable, with the queries the rules ask of it.
//! Everything that changes goes through the primitive actions in `actions.rs`, which emit events.

use crate::components::{CardKind, DestinyDef};
use crate::edition::Rules;
use crate::ids::{CardId, Color, DestinyId, PlanetId, PlayerId, Side, MAX_PLAYERS};
use serde::{Deserialize, Serialize};

/// One player's private and public holdings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// The player's color (also names the home system).
    pub color: Color,
    /// Cards in hand (hidden from other players).
    pub hand: Vec<CardId>,
    /// Ships in the warp.
    pub warp: u8,
    /// Ships removed from the game.
    pub removed: u8,
    /// Tokens in the praw (Eon's warp/praw).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub praw: u8,
    /// Ships captured in other players' stacks (`ShipToken::stack`), out of play but still
    /// this player's.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub captured: u8,
    /// The colony marker: foreign colonies as tracked around the warp.
    pub track: u8,
    /// Whether the alien power is active (three or more home colonies).
    pub power_active: bool,
    /// The player's alien, as an index into the components' aliens (none in a game without powers).
    #[serde(default)]
    pub alien: Option<u16>,
    /// The player's techs (technology variant), in the order gained.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub techs: Vec<HeldTech>,
    /// Whether the alien sheet is face down (hidden powers): its power cannot be used until
    /// the player flips it face up, which it may do whenever it wants to use it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub face_down: bool,
    /// Alien powers the player has besides its own sheet's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gained: Vec<GainedPower>,
    /// Planets card text set on the player's alien sheet, out of the game: each counts as
    /// one of its foreign colonies toward its win, whatever becomes of its power or sheet.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sheet_planets: u8,
    /// The unused player colors whose ships card text added to this player's fleet (a
    /// second fleet of the standard size each), in the order taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleets: Vec<Color>,
    /// The resources the player holds (Eon's lucre).
    #[serde(default, skip_serializing_if = "crate::resources::Resources::is_empty")]
    pub resources: crate::resources::Resources,
    /// The attachments the player holds (Eon's planet hexes), as indices into the
    /// components' attachments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<u16>,
}

impl Player {
    /// A player of `color` before anything is dealt: `warp` ships in the warp (the others
    /// are placed by setup), no cards, no alien.
    pub(crate) fn new(color: Color, warp: u8) -> Player {
        Player {
            color,
            hand: Vec::with_capacity(16),
            warp,
            removed: 0,
            praw: 0,
            captured: 0,
            track: 0,
            power_active: true,
            alien: None,
            techs: Vec::new(),
            face_down: false,
            gained: Vec::new(),
            sheet_planets: 0,
            fleets: Vec::new(),
            resources: Default::default(),
            attachments: Vec::new(),
        }
    }

    /// Every alien power the player has: its sheet's, then those gained, in order.
    #[inline]
    pub fn aliens(&self) -> impl Iterator<Item = u16> + '_ {
        self.alien
            .into_iter()
            .chain(self.gained.iter().map(|g| g.alien))
    }

    /// Whether `alien` is one of the player's powers.
    pub fn has_alien(&self, alien: u16) -> bool {
        self.aliens().any(|a| a == alien)
    }
}

/// An alien power a player has besides its own sheet: an incarnation it became, or a power
/// held with a tech, which lasts while that tech is in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GainedPower {
    /// The alien, as an index into the components' aliens.
    pub alien: u16,
    /// The tech it is held with, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tech: Option<u16>,
    /// Whether it is what the player became (the next incarnation replaces it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub incarnation: bool,
}

/// A tech in a player's play area: face down while researched, face up once completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldTech {
    /// The tech, as an index into the components' techs.
    pub tech: u16,
    /// Ships researching it.
    pub ships: u8,
    /// Whether it is completed (face up, its abilities usable).
    pub completed: bool,
    /// Whether everyone knows it though it lies face down (a secret tech used, or a
    /// completed tech reset).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub revealed: bool,
}

impl HeldTech {
    /// Whether every player knows which tech it is (completed, or revealed face down).
    pub fn known_to_all(&self) -> bool {
        self.completed || self.revealed
    }
}

/// A planet: whose home system it belongs to and the ships of each player on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Planet {
    /// Its identity.
    pub id: PlanetId,
    /// Ships per player (a player with at least one ship here has a colony here).
    pub ships: [u8; MAX_PLAYERS],
}

/// What a planet no longer in play reads as.
static NO_PLANET: Planet = Planet {
    id: PlanetId {
        owner: PlayerId(u8::MAX),
        n: u8::MAX,
    },
    ships: [0; MAX_PLAYERS],
};

/// One physical cosmic card in this game.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardInfo {
    /// Its rules kind.
    pub kind: CardKind,
    /// Index of its definition in the components (for its name).
    pub def: u16,
    /// The deck it is drawn from and discarded to.
    #[serde(default, skip_serializing_if = "crate::piles::Back::is_cosmic")]
    pub back: crate::piles::Back,
}

/// The phases of an encounter, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    StartTurn,
    Regroup,
    Destiny,
    Launch,
    Alliance,
    Planning,
    Reveal,
    Resolution,
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Phase; 8] = [
        Phase::StartTurn,
        Phase::Regroup,
        Phase::Destiny,
        Phase::Launch,
        Phase::Alliance,
        Phase::Planning,
        Phase::Reveal,
        Phase::Resolution,
    ];

    /// The phase's name as the rule book prints it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::StartTurn => "start turn",
            Phase::Regroup => "regroup",
            Phase::Destiny => "destiny",
            Phase::Launch => "launch",
            Phase::Alliance => "alliance",
            Phase::Planning => "planning",
            Phase::Reveal => "reveal",
            Phase::Resolution => "resolution",
        }
    }
}

/// How an encounter came out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The offense's side won.
    OffenseWins,
    /// The defense's side won.
    DefenseWins,
    /// Both played negotiate and made a deal.
    DealMade,
    /// Both played negotiate and failed to deal.
    DealFailed,
    /// Both played morph: both sides lose.
    BothLose,
    /// The offense re-established a home colony (counts as a success).
    Reestablished,
    /// The encounter ended early (the offense ran out of encounter cards).
    Aborted,
}

impl Outcome {
    /// Whether the outcome lets the offense have a second encounter.
    pub fn is_success(self) -> bool {
        matches!(
            self,
            Outcome::OffenseWins | Outcome::DealMade | Outcome::Reestablished
        )
    }
}

/// A win held while an encounter for the game is played: a challenger, who was not among
/// the winners, against one of them (`Game::contest_win`). If the challenger's side wins that
/// encounter, the challenger and its allies win the game instead; otherwise the held win
/// stands. The winners whose win is held may not ally with the challenger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deciding {
    /// Who contests the win: the offense of the encounter for the game.
    pub challenger: PlayerId,
    /// The winner it plays that encounter against: the defense, in its home system.
    pub defender: PlayerId,
    /// The winners whose win is held (named once the encounter for the game begins).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<PlayerId>,
    /// The card text that contested the win (its ability key).
    pub source: u32,
    /// Whether the encounter for the game is under way (the window that held the win is
    /// closed).
    #[serde(default)]
    pub started: bool,
    /// The challenger's side won the encounter for the game: the challenger and the allies
    /// it had then, who win the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub won_by: Option<Vec<PlayerId>>,
}

/// A reinforcement card on the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcement {
    /// The card.
    pub card: CardId,
    /// The side it helps.
    pub side: Side,
    /// Who played it.
    pub by: PlayerId,
}

/// Where a card set aside by card text lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aside {
    /// Face up beside a planet, for everyone to see.
    Planet(PlanetId),
    /// Face down on its owner's alien sheet, seen by its owner only.
    Sheet,
    /// Face down under one of its owner's techs (its number), seen by its owner only, apart
    /// from the sheet; discarded with the tech.
    Tech(u16),
    /// Face up in front of its owner, for everyone to see, out of its hand (a revealed
    /// encounter card set aside while the encounter is replayed).
    Table,
    /// Face down in the encounter as a hired ship (a ship token holds it), seen by its owner
    /// only; back to the hand when the encounter ends, discarded if the ship is lost.
    Hired,
}

impl Aside {
    /// Whether a card lying here is face up, for everyone to see.
    pub fn is_face_up(self) -> bool {
        matches!(self, Aside::Planet(_) | Aside::Table)
    }
}

/// Ships a player set on a hazard in play (hazard deck variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HazardShips {
    /// The hazard (its index in `Components::hazards`).
    pub hazard: u16,
    /// Whose ships.
    pub owner: PlayerId,
    /// How many.
    pub ships: u8,
}

/// Other players' ships a player holds around its home system by card text (one entry per
/// holder): out of play, still their owners', until the card that holds them leaves the
/// holder's hand (`Game::release_lost_holds`), when they go back to their owners' colonies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hold {
    /// Who holds them.
    pub holder: PlayerId,
    /// The card whose loss frees them (a flare in the holder's hand).
    pub card: CardId,
    /// The ability whose text holds them (the cause of their release), if known (a ruling
    /// may arrange a hold).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<u32>,
    /// The ships held, by owner's seat.
    pub ships: [u8; MAX_PLAYERS],
}

/// A card card text set aside, out of hand and deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AsideCard {
    /// The card.
    pub card: CardId,
    /// Who set it aside (and owns it).
    pub owner: PlayerId,
    /// Where it lies.
    pub at: Aside,
    /// When it goes back to its owner's hand (never, if none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<crate::effects::Until>,
}

/// A token card text put beside a planet (a tech's cannon, say), or one of a kind its
/// owner keeps on its alien sheet to put beside a planet later (a Saboteur's trap).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanetToken {
    /// The planet it lies beside; none while it is kept on its owner's sheet.
    pub planet: Option<PlanetId>,
    /// What kind of token, in content's numbering.
    pub key: u32,
    /// Who put it there (and controls it).
    pub owner: PlayerId,
    /// Whether it lies face down: its kind is seen by its owner alone (a token kept on a
    /// sheet always is). Left out of saves while false, so earlier digests hold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub face_down: bool,
}

impl PlanetToken {
    /// Whether `viewer` sees which kind of token it is.
    #[inline]
    pub fn seen_by(&self, viewer: PlayerId) -> bool {
        !self.face_down || self.owner == viewer
    }
}

/// A ship token card text added to a player's fleet (a tech's flagship, say): one more of
/// its ships in every way, found wherever it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipToken {
    /// Whose ship it is.
    pub owner: PlayerId,
    /// What kind of ship, in content's numbering.
    pub key: u32,
    /// Where it is.
    pub place: crate::event::Place,
    /// The tech it comes with (it leaves the game with that tech), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tech: Option<u16>,
    /// The card hired as this ship (set aside as `Aside::Hired`), if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    /// Other players' ships captured under this one, by seat, if it tops a stack.
    #[serde(default, skip_serializing_if = "is_empty_stack")]
    pub stack: [u8; MAX_PLAYERS],
}

impl ShipToken {
    /// The kind of a hired ship: a card played face down as a ship (no content declares it).
    pub const HIRED: u32 = u32::MAX;
    /// The kind of a ship topping a stack of captured ships: one of its owner's own ships,
    /// marked (never one more ship, as the other tokens are).
    pub const STACK: u32 = u32::MAX - 1;

    /// A token of kind `key` for `owner` at `place`, with no tech, card or stack.
    pub fn new(owner: PlayerId, key: u32, place: crate::event::Place) -> ShipToken {
        ShipToken {
            owner,
            key,
            place,
            tech: None,
            card: None,
            stack: [0; MAX_PLAYERS],
        }
    }

    /// Whether this token is one more ship of its owner's (a tech's flagship, a hired ship),
    /// rather than one of its standard ships marked (a stack's top).
    pub fn is_extra(&self) -> bool {
        self.key != Self::STACK
    }

    /// How many captured ships its stack holds (none for a token that tops no stack).
    pub fn held(&self) -> u32 {
        self.stack.iter().map(|&n| n as u32).sum()
    }
}

/// The encounter under way.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Encounter {
    /// 1 for the turn's first encounter, 2 for the second...
    pub number: u8,
    /// The phase being played.
    pub phase: Option<Phase>,
    /// The destiny card that was drawn for it.
    pub destiny: Option<DestinyId>,
    /// The defense, once destiny has named it.
    pub defense: Option<PlayerId>,
    /// The planet the gate is aimed at.
    pub planet: Option<PlanetId>,
    /// Ships on the hyperspace gate, per player (the offense's and offensive allies').
    pub gate: [u8; MAX_PLAYERS],
    /// Defensive allies' ships next to the targeted planet, per player.
    pub beside: [u8; MAX_PLAYERS],
    /// Each player's ally role, if any.
    pub ally: [Option<Side>; MAX_PLAYERS],
    /// Players the offense invited (bit per seat).
    pub invited_by_offense: u8,
    /// Players the defense invited (bit per seat).
    pub invited_by_defense: u8,
    /// The encounter cards selected in planning: offense, defense.
    pub cards: [Option<CardId>; 2],
    /// The kickers played face down before the encounter cards (Eon): offense, defense.
    #[serde(default, skip_serializing_if = "no_card")]
    pub kickers: [Option<CardId>; 2],
    /// Whether the encounter cards have been turned face up.
    pub revealed: bool,
    /// Card text sent the encounter straight to the reveal: the launch, alliance and
    /// planning phases are skipped, and no encounter cards are played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub to_reveal: bool,
    /// Eon's praw: the outcome's losses are arriving at the warp together, so critical
    /// mass waits until they all have (§XIX.2 note 2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub warp_held: bool,
    /// The winning allies' gains swap sides this encounter: Eon's reverse cone (the disc
    /// flipped for this challenge reversed the cone, §XX.2), or card text.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reversed: bool,
    /// What each revealed card counts as (a morph counts as the card it copies): offense, defense.
    pub effective: [Option<CardKind>; 2],
    /// What card text said a card will count as before it is revealed (applied at the
    /// reveal, after a morph copies): offense, defense.
    #[serde(default, skip_serializing_if = "is_unset")]
    pub preset: [Option<CardKind>; 2],
    /// Reinforcement cards played, in order.
    pub reinforcements: Vec<Reinforcement>,
    /// The totals computed at reveal: offense, defense.
    pub totals: Option<[i32; 2]>,
    /// The outcome, once known.
    pub outcome: Option<Outcome>,
    /// The deal proposal on the table, if any (proposals are public).
    pub proposal: Option<crate::deal::DealTerms>,
    /// Ships each player lost to the warp during this encounter (compensation counts them).
    pub lost_to_warp: [u8; MAX_PLAYERS],
    /// Whether each side's selected encounter card was played face up (everyone sees it).
    #[serde(default)]
    pub shown: [bool; 2],
    /// Whether each side's encounter card stays face down through the reveal (card text):
    /// only its main player sees it, and what it counts as is what card text set.
    #[serde(default, skip_serializing_if = "neither")]
    pub kept_face_down: [bool; 2],
    /// The player the destiny card drawn last names (its color's player, or the player a
    /// special card designates); none for a wild card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destiny_names: Option<PlayerId>,
    /// Whether the destiny card drawn last is wild.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub destiny_wild: bool,
    /// Card text had the destiny card discarded: the offense draws another.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub redraw_destiny: bool,
    /// Card text restarts the encounter once the window it acts at is over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub restarting: bool,
    /// This encounter is being played again from its planning phase (card text replayed it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub replayed: bool,
    /// While a replay waits for its window to end (the restart card text asked for goes
    /// back to `GameState::replay_point` rather than to the encounter's start): how many
    /// lasting effects there were when it was asked for (those started after it carry over
    /// into the replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay_effects_from: Option<u32>,
    /// Hands each player has looked at this encounter (bit per seat of the hand's owner).
    #[serde(default)]
    pub looked: [u8; MAX_PLAYERS],
    /// Cards gained as compensation or rewards this encounter, with who gained them.
    #[serde(default)]
    pub gained: Vec<(PlayerId, CardId)>,
    /// The main player collecting compensation, while it does.
    #[serde(default)]
    pub compensating: Option<PlayerId>,
    /// Ships held hostage on a planet until the encounter ends (`(planet, owner, holder)`):
    /// no card text but the holder's (a key the hooks give to the text that took them)
    /// moves them off it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hostages: Vec<(PlanetId, PlayerId, u32)>,
    /// Cards taken at random from another player's hand this encounter, with who took them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub took: Vec<(PlayerId, CardId)>,
    /// Cards card text had a player give from its hand to another this encounter, with the
    /// giver.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<(PlayerId, CardId)>,
    /// Cards of a hand shown this encounter, or looked at on top of the deck, with the
    /// players who saw them (bit per seat).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seen: Vec<(u8, CardId)>,
    /// Whose draws from the deck another player sees this encounter: (viewer, drawer).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub watching: Vec<(PlayerId, PlayerId)>,
    /// Card text had this side win the encounter at once: it is resolved as won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<Side>,
    /// A destiny card drawn this encounter showed a hazard warning (used or redrawn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hazard_warning: bool,
    /// The hazard drawn this encounter (hazard deck variant): at most one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hazard: Option<u16>,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// The rule numbers in force.
    pub rules: Rules,
    /// Players in clockwise seat order.
    pub players: Vec<Player>,
    /// The planets in play, in system order (seat, then position); planet `n` of seat `p`
    /// sits at `p * planets_per_player + n` until card text creates or destroys one.
    pub planets: Vec<Planet>,
    /// The card table: one entry per physical cosmic card.
    pub cards: Vec<CardInfo>,
    /// The decks of cosmic-sized cards and their discard piles, one per card back.
    #[serde(flatten)]
    pub piles: crate::piles::CardPiles,
    /// The destiny card table: one entry per physical destiny card in play.
    pub destiny_cards: Vec<DestinyDef>,
    /// The destiny deck and its discard pile.
    #[serde(flatten, with = "crate::piles::destiny_fields")]
    pub destiny: crate::piles::Pile<DestinyId>,
    /// Turns begun so far.
    pub turn: u32,
    /// The offense of the current (or most recent) encounter.
    pub offense: PlayerId,
    /// The encounter under way (or the last one).
    pub encounter: Encounter,
    /// The winners, once the game is over.
    pub winners: Vec<PlayerId>,
    /// Tokens and lasting effects that content left on the table.
    #[serde(default)]
    pub effects: crate::effects::Effects,
    /// Content granted the offense another encounter after this one, whatever the rules say.
    #[serde(default)]
    pub another_encounter: bool,
    /// Content granted a player an encounter of its own, had as soon as the current encounter
    /// ends (then play resumes): (offense, defense), against that player's home system, or
    /// with the defense drawn from destiny when none is named.
    #[serde(default)]
    pub extra_encounter: Option<(PlayerId, Option<PlayerId>)>,
    /// The defense of the next encounter, fixed by content instead of drawn from destiny.
    #[serde(default)]
    pub fixed_defense: Option<PlayerId>,
    /// A win held while an encounter for the game is played (`Game::contest_win`): the
    /// game ends once it is played, its outcome deciding the winners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deciding: Option<Deciding>,
    /// The destiny card drawn for the encounter in which content granted the one being had
    /// out of turn (`extra_encounter`), which draws none: the card it is had for (the
    /// Invader's "Invasion!").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub granted_by: Option<DestinyId>,
    /// The tech deck and its discard pile (technology variant).
    #[serde(flatten, with = "crate::piles::tech_fields")]
    pub techs: crate::piles::Pile<u16>,
    /// The hazard deck and its discard pile (hazard deck variant), apart from the cosmic
    /// discard pile: what card text does to "the discard pile" never reaches it.
    #[serde(flatten, with = "crate::piles::hazard_fields")]
    pub hazards: crate::piles::Pile<u16>,
    /// The hazards that remain in play once drawn (`HazardDef::remains_in_play`), face up
    /// for everyone, in the order they entered play, until card text discards them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hazards_in_play: Vec<u16>,
    /// Players' ships that share a planet whatever other players' card text says, for as
    /// long as they stay there (`(planet, player)`): no other player's text moves them off it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sheltered: Vec<(PlanetId, PlayerId)>,
    /// Ships set on hazards in play (hazard deck variant): one entry per hazard and owner,
    /// in the order they were first set there.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hazard_ships: Vec<HazardShips>,
    /// Ships held around players' home systems by card text (`Place::Held`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holds: Vec<Hold>,
    /// Cards removed from the game (face up, public), in the order they left: played while
    /// card text removes every card played (`Lasting::PlayedCardsRemoved`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_cards: Vec<CardId>,
    /// The alien sheets left in the box (not in play), in ascending order: rotating powers
    /// and content that gives a random unused alien draw from them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unused_aliens: Vec<u16>,
    /// Cards card text set aside (beside planets, on alien sheets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aside: Vec<AsideCard>,
    /// The state as this encounter's planning phase began, kept while content that may
    /// replay the encounter from there is held (`Window::ReplayPoint`); dropped when the
    /// encounter is cleaned up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay_point: Option<Box<GameState>>,
    /// The player about to discard its hand for a new one, while content answers
    /// (`Window::NewHand`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renewing: Option<PlayerId>,
    /// Whether card text replaced the new hand `renewing` was about to draw
    /// (`Game::replace_new_hand`): the rules then draw it none.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub new_hand_replaced: bool,
    /// Tokens card text put beside planets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub planet_tokens: Vec<PlanetToken>,
    /// Ship tokens card text added to fleets (each also counted among its owner's ships).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship_tokens: Vec<ShipToken>,
    /// Duel's part of the state (a Duel game only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duel: Option<Box<crate::duel::DuelState>>,
    /// Whether card text reversed the turn order: the turn then passes to the right
    /// (counterclockwise). Left out of saves while false, so earlier digests hold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_order_reversed: bool,
    /// Each player's colonies, as the planets show them (`ColonyMasks`): not saved.
    #[serde(skip)]
    pub(crate) colony_masks: ColonyMasks,
}

/// Each player's colonies as a mask of positions in `GameState::planets`, so that listing a
/// player's colonies (every ship decision offers them) visits only those, not every planet.
/// A copy of what the planets say: kept by the ship moves, dropped (`stale`) where the
/// planets change otherwise (a planet created or destroyed, a scenario arranged, hired
/// ships), and counted again where ships are next offered or returned; the planets are
/// walked meanwhile. The invariants check it against the planets.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ColonyMasks {
    /// Bit `k` of a player's mask: it has ships on `planets[k]`.
    masks: [u64; MAX_PLAYERS],
    /// Whether the masks hold (never with more planets than bits).
    valid: bool,
}

/// A copy of the planets, never a difference between two states.
impl PartialEq for ColonyMasks {
    fn eq(&self, _: &ColonyMasks) -> bool {
        true
    }
}

impl ColonyMasks {
    /// The masks as `planets` show them (not kept with more planets than a mask has bits).
    /// Out of line: seldom needed, and kept out of the ship offers that check for it.
    #[cold]
    #[inline(never)]
    fn count(planets: &[Planet]) -> ColonyMasks {
        let mut masks = [0u64; MAX_PLAYERS];
        let valid = planets.len() <= u64::BITS as usize;
        if valid {
            for (k, pl) in planets.iter().enumerate() {
                for (m, &n) in masks.iter_mut().zip(&pl.ships) {
                    *m |= u64::from(n > 0) << k;
                }
            }
        }
        ColonyMasks { masks, valid }
    }
}

/// `p`'s colonies with its ships on each, in system order (`GameState::colony_ships`): the
/// planets its mask names, or every planet walked while the masks are stale.
pub struct ColonyShips<'a> {
    planets: &'a [Planet],
    p: usize,
    mask: u64,
    walk: std::slice::Iter<'a, Planet>,
}

impl Iterator for ColonyShips<'_> {
    type Item = (PlanetId, u8);

    #[inline]
    fn next(&mut self) -> Option<(PlanetId, u8)> {
        if self.mask != 0 {
            let k = self.mask.trailing_zeros() as usize;
            self.mask &= self.mask - 1;
            let pl = &self.planets[k];
            return Some((pl.id, pl.ships[self.p]));
        }
        (self.walk.by_ref())
            .map(|pl| (pl.id, pl.ships[self.p]))
            .find(|&(_, n)| n > 0)
    }
}

impl GameState {
    /// A state of these rules and players and nothing else (no planets, cards or piles, the
    /// first seat on offense): each edition's setup fills in its own parts, so a field added
    /// here is added once.
    pub(crate) fn empty(rules: Rules, players: Vec<Player>) -> GameState {
        GameState {
            rules,
            players,
            planets: Vec::new(),
            cards: Vec::new(),
            piles: Default::default(),
            destiny_cards: Vec::new(),
            destiny: Default::default(),
            turn: 0,
            offense: PlayerId(0),
            encounter: Default::default(),
            winners: Vec::new(),
            effects: Default::default(),
            another_encounter: false,
            extra_encounter: None,
            deciding: None,
            granted_by: None,
            fixed_defense: None,
            techs: Default::default(),
            hazards: Default::default(),
            hazards_in_play: Vec::new(),
            sheltered: Vec::new(),
            removed_cards: Vec::new(),
            hazard_ships: Vec::new(),
            holds: Vec::new(),
            unused_aliens: Vec::new(),
            aside: Vec::new(),
            replay_point: None,
            renewing: None,
            new_hand_replaced: false,
            planet_tokens: Vec::new(),
            ship_tokens: Vec::new(),
            duel: None,
            turn_order_reversed: false,
            colony_masks: ColonyMasks::default(),
        }
    }

    /// Number of seats.
    #[inline]
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// All seats in clockwise order.
    pub fn seats(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.players.len() as u8).map(PlayerId)
    }

    /// The seat `k` places clockwise (to the left) of `p`.
    #[inline]
    pub fn left_of(&self, p: PlayerId, k: usize) -> PlayerId {
        PlayerId(((p.ix() + k) % self.players.len()) as u8)
    }

    /// The player who takes the turn after `p`'s: to its left, or to its right once card
    /// text reversed the turn order.
    #[inline]
    pub fn next_in_turn_order(&self, p: PlayerId) -> PlayerId {
        let k = if self.turn_order_reversed {
            self.players.len() - 1
        } else {
            1
        };
        self.left_of(p, k)
    }

    /// The player of a color, if that color is in play.
    pub fn player_of(&self, color: Color) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.color == color)
            .map(|i| PlayerId(i as u8))
    }

    /// Where planet `id` sits in `planets`, if it is still in play. Planets stay in system
    /// order, so a planet created or destroyed by card text only moves the others.
    #[inline]
    pub(crate) fn planet_index(&self, id: PlanetId) -> Option<usize> {
        self.planet_where_dealt(id).or_else(|| self.moved_index(id))
    }

    /// Where planet `id` is in `planets` if it is still where it was dealt (all planets,
    /// unless card text created or destroyed some).
    #[inline]
    pub(crate) fn planet_where_dealt(&self, id: PlanetId) -> Option<usize> {
        let dealt = self.dealt_index(id);
        match self.planets.get(dealt) {
            Some(pl) if pl.id == id => Some(dealt),
            _ => None,
        }
    }

    /// Where planet `id` was dealt in `planets`: where it still is unless card text created
    /// or destroyed planets.
    #[inline]
    fn dealt_index(&self, id: PlanetId) -> usize {
        id.owner.ix() * self.rules.planets_per_player as usize + id.n as usize
    }

    /// `planet_index` for a planet not where it was dealt, or no longer in play.
    #[cold]
    #[inline(never)]
    fn moved_index(&self, id: PlanetId) -> Option<usize> {
        self.planets.binary_search_by_key(&id, |pl| pl.id).ok()
    }

    /// Whether planet `id` is in play (not destroyed, or created by card text).
    pub fn planet_exists(&self, id: PlanetId) -> bool {
        self.planet_index(id).is_some()
    }

    /// The planet record of an id; a planet no longer in play reads as empty.
    #[inline]
    pub fn planet(&self, id: PlanetId) -> &Planet {
        // The record found where it was dealt is read there: one bounds check, not a second
        // to index again (bots look planets up thousands of times a game).
        match self.planets.get(self.dealt_index(id)) {
            Some(pl) if pl.id == id => pl,
            _ => self
                .moved_index(id)
                .map_or(&NO_PLANET, |i| &self.planets[i]),
        }
    }

    /// The planet record of an id, mutably (moves check first that it is in play).
    #[inline]
    pub(crate) fn planet_mut(&mut self, id: PlanetId) -> Option<&mut Planet> {
        // Read where it was dealt, as `planet` does: one bounds check.
        let dealt = self.dealt_index(id);
        match self.planets.get(dealt) {
            Some(pl) if pl.id == id => self.planets.get_mut(dealt),
            _ => {
                let i = self.moved_index(id)?;
                Some(&mut self.planets[i])
            }
        }
    }

    /// The ships on a planet by player, for arranging a scenario (bypasses the event log).
    /// Panics if the planet is not in play (scenarios name planets checked beforehand).
    pub fn planet_ships_mut(&mut self, id: PlanetId) -> &mut [u8; MAX_PLAYERS] {
        self.colonies_stale();
        &mut self.planet_mut(id).expect("a planet in play").ships
    }

    /// Ships `p` has on planet `id`.
    #[inline]
    pub fn ships_on(&self, id: PlanetId, p: PlayerId) -> u8 {
        self.planet(id).ships[p.ix()]
    }

    /// Whether any planet of `owner`'s home system is still in play (card text can destroy
    /// them all).
    pub fn has_home_planets(&self, owner: PlayerId) -> bool {
        // One of its planets where its system's first was dealt says so at once (destiny
        // asks this of every seat, every encounter).
        let first = self.dealt_index(PlanetId { owner, n: 0 });
        self.planets
            .get(first)
            .is_some_and(|pl| pl.id.owner == owner)
            || !self.home_system(owner).is_empty()
    }

    /// The planets of `owner`'s home system, in order.
    pub fn home_planets(&self, owner: PlayerId) -> impl Iterator<Item = PlanetId> + '_ {
        self.home_system(owner).iter().map(|pl| pl.id)
    }

    /// The records of `owner`'s home planets in play: a run of `planets`, which stay in
    /// planet order (by owner, then number), so no walk over every planet is needed.
    fn home_system(&self, owner: PlayerId) -> &[Planet] {
        // As dealt (no planet created or destroyed there), the system is the run where
        // `planet_index` guesses it: its first and last planets say so.
        let per = self.rules.planets_per_player;
        let at = owner.ix() * per as usize;
        if let Some(run) = self.planets.get(at..at + per as usize) {
            let first = run.first().map(|pl| pl.id);
            let last = run.last().map(|pl| pl.id);
            let next = self.planets.get(at + per as usize).map(|pl| pl.id.owner);
            if first == Some(PlanetId { owner, n: 0 })
                && last == Some(PlanetId { owner, n: per - 1 })
                && next != Some(owner)
            {
                return run;
            }
        }
        let start = self.planets.partition_point(|pl| pl.id.owner < owner);
        let rest = &self.planets[start..];
        &rest[..rest.partition_point(|pl| pl.id.owner == owner)]
    }

    /// Planets where `p` has a colony (home or foreign).
    pub fn colonies(&self, p: PlayerId) -> impl Iterator<Item = PlanetId> + '_ {
        self.colony_ships(p).map(|(id, _)| id)
    }

    /// `p`'s colonies with its ships on each, in system order (read from the planets its
    /// colony mask names: no lookup by id, no walk over the others).
    #[inline]
    pub fn colony_ships(&self, p: PlayerId) -> ColonyShips<'_> {
        let m = &self.colony_masks;
        let (mask, walk) = if m.valid {
            (m.masks[p.ix()], [].iter())
        } else {
            (0, self.planets.iter())
        };
        ColonyShips {
            planets: &self.planets,
            p: p.ix(),
            mask,
            walk,
        }
    }

    /// Whether `p` has any colony at all.
    pub fn has_colony(&self, p: PlayerId) -> bool {
        self.colony_ships(p).next().is_some()
    }

    /// Counts the colony masks again if they are stale (see `ColonyMasks`).
    #[inline]
    pub(crate) fn recount_colonies(&mut self) {
        if !self.colony_masks.valid {
            self.colony_masks = ColonyMasks::count(&self.planets);
        }
    }

    /// Drops the colony masks: the planets changed other than by a ship move.
    #[inline]
    pub(crate) fn colonies_stale(&mut self) {
        self.colony_masks.valid = false;
    }

    /// Marks in `p`'s colony mask whether it has ships on `planets[k]` (`has`), after a
    /// move. Marked whether or not the masks hold: stale masks are never read (and are
    /// counted afresh), so a move spends no test on them.
    #[inline]
    pub(crate) fn mark_colony(&mut self, p: PlayerId, k: usize, has: bool) {
        // With more planets than bits the masks never hold: a bit past them wraps.
        let bit = 1u64 << (k % u64::BITS as usize);
        let mask = &mut self.colony_masks.masks[p.ix()];
        *mask = if has { *mask | bit } else { *mask & !bit };
    }

    /// Whether the colony masks, where they hold, say what the planets say (an invariant).
    pub(crate) fn colony_masks_hold(&self) -> bool {
        let m = &self.colony_masks;
        !m.valid || m.masks == ColonyMasks::count(&self.planets).masks
    }

    /// Home planets where `p` has a colony.
    pub fn home_colonies(&self, p: PlayerId) -> u8 {
        (self.home_system(p).iter())
            .filter(|pl| pl.ships[p.ix()] > 0)
            .count() as u8
    }

    /// Whether `p`'s alien power is on by the home-colony rule: enough home colonies, or an
    /// effect suspending the rule (`Lasting::PowersKept`).
    pub fn keeps_power(&self, p: PlayerId) -> bool {
        self.home_colonies(p) >= self.rules.home_colonies_for_power || self.effects.powers_kept()
    }

    /// Foreign planets where `p` has a colony (what the colony track should show).
    pub fn foreign_colonies(&self, p: PlayerId) -> u8 {
        self.planets
            .iter()
            .filter(|pl| pl.id.owner != p && pl.ships[p.ix()] > 0)
            .count() as u8
    }

    /// Ships `p` has on planets.
    pub fn ships_in_colonies(&self, p: PlayerId) -> u32 {
        self.planets.iter().map(|pl| pl.ships[p.ix()] as u32).sum()
    }

    /// Every ship of `p` wherever it is (colonies, gate, beside the planet, warp, removed).
    pub fn ships_total(&self, p: PlayerId) -> u32 {
        let pl = &self.players[p.ix()];
        self.ships_in_colonies(p)
            + self.encounter.gate[p.ix()] as u32
            + self.encounter.beside[p.ix()] as u32
            + pl.warp as u32
            + pl.removed as u32
            + pl.praw as u32
            + pl.captured as u32
            + pl.techs.iter().map(|t| t.ships as u32).sum::<u32>()
            + (self.hazard_ships.iter())
                .filter(|h| h.owner == p)
                .map(|h| h.ships as u32)
                .sum::<u32>()
            + (self.holds.iter())
                .map(|h| h.ships[p.ix()] as u32)
                .sum::<u32>()
    }

    /// Ships `p` has at `place`.
    #[inline]
    pub fn ships_at(&self, p: PlayerId, place: crate::event::Place) -> u8 {
        use crate::event::Place;
        match place {
            Place::Planet(id) => self.ships_on(id, p),
            Place::Gate => self.encounter.gate[p.ix()],
            Place::Beside => self.encounter.beside[p.ix()],
            Place::Warp => self.players[p.ix()].warp,
            Place::Removed => self.players[p.ix()].removed,
            Place::Praw => self.players[p.ix()].praw,
            Place::Captured => self.players[p.ix()].captured,
            Place::Held(holder) => (self.holds.iter())
                .find(|h| h.holder == holder)
                .map_or(0, |h| h.ships[p.ix()]),
            Place::Tech(t) => self.held_tech(p, t).map_or(0, |h| h.ships),
            Place::Hazard(h) => (self.hazard_ships.iter())
                .find(|x| x.hazard == h && x.owner == p)
                .map_or(0, |x| x.ships),
        }
    }

    /// The ships of `p`'s standard fleets: its own color's and those of the unused colors it
    /// took (ship tokens aside).
    pub fn standard_fleets(&self, p: PlayerId) -> u32 {
        self.rules.ships_per_player as u32 * (1 + self.players[p.ix()].fleets.len() as u32)
    }

    /// The player colors nobody plays and no fleet was taken from, in the order of colors.
    pub fn unused_colors(&self) -> impl Iterator<Item = Color> + '_ {
        let seated = self.player_count();
        (Color::ALL[seated..].iter().copied())
            .filter(move |c| !self.players.iter().any(|pl| pl.fleets.contains(c)))
    }

    /// How many of `p`'s ship tokens are at `place` (each is one of its ships counted there).
    pub fn tokens_at(&self, p: PlayerId, place: crate::event::Place) -> usize {
        (self.ship_tokens.iter())
            .filter(|t| t.owner == p && t.place == place)
            .count()
    }

    /// `p`'s plain ships at `place`: its ships there that are not ship tokens (a hired ship,
    /// a flagship, a stack's top), the only ones a capture or a hold takes.
    pub fn plain_ships_at(&self, p: PlayerId, place: crate::event::Place) -> u8 {
        let plain = (self.ships_at(p, place) as usize).saturating_sub(self.tokens_at(p, place));
        plain.min(u8::MAX as usize) as u8
    }

    /// How many of `p`'s ship tokens at `from` go along when `count` of its ships there move:
    /// all of them first when the ships go `forward` (into the encounter or onto a planet:
    /// their owner keeps them in the fight), else only as many as the plain ships there are
    /// too few for (their owner keeps them out of the warp as long as it can).
    #[inline]
    pub fn tokens_going_along(
        &self,
        p: PlayerId,
        from: crate::event::Place,
        count: u8,
        forward: bool,
    ) -> usize {
        if forward {
            count as usize
        } else {
            (count as usize).saturating_sub(self.plain_ships_at(p, from) as usize)
        }
    }

    /// The ships `p` should have in all: the standard fleet and its ship tokens.
    pub fn fleet_size(&self, p: PlayerId) -> u32 {
        let extra = (self.ship_tokens.iter()).filter(|t| t.owner == p && t.is_extra());
        self.standard_fleets(p) + extra.count() as u32
    }

    /// `p`'s held tech `tech`, if it has it.
    pub fn held_tech(&self, p: PlayerId, tech: u16) -> Option<&HeldTech> {
        self.players[p.ix()].techs.iter().find(|t| t.tech == tech)
    }

    /// Whether `p` has completed the tech `tech` (it is face up in its play area).
    pub fn has_completed(&self, p: PlayerId, tech: u16) -> bool {
        self.held_tech(p, tech).is_some_and(|t| t.completed)
    }

    /// The rules kind of a card.
    #[inline]
    pub fn kind(&self, c: CardId) -> CardKind {
        self.cards[c.0 as usize].kind
    }

    /// Whether `p` holds at least one encounter card.
    pub fn has_encounter_card(&self, p: PlayerId) -> bool {
        self.players[p.ix()]
            .hand
            .iter()
            .any(|&c| self.kind(c).is_encounter())
    }

    /// The defense of the encounter under way, if named.
    #[inline]
    pub fn defense(&self) -> Option<PlayerId> {
        self.encounter.defense
    }

    /// The main player on `side`.
    pub fn main_player(&self, side: Side) -> Option<PlayerId> {
        match side {
            Side::Offense => Some(self.offense),
            Side::Defense => self.encounter.defense,
        }
    }

    /// Whether `p` sees the encounter card `side` selected: its own, or one face up (revealed,
    /// or selected face up) unless card text keeps it face down.
    pub fn sees_encounter_card(&self, side: Side, p: PlayerId) -> bool {
        let (e, i) = (&self.encounter, side.ix());
        let face_up = (e.revealed || e.shown[i]) && !e.kept_face_down[i];
        face_up || self.main_player(side) == Some(p)
    }

    /// Whether `p` is the offense or the defense of the encounter under way.
    pub fn is_main_player(&self, p: PlayerId) -> bool {
        p == self.offense || Some(p) == self.encounter.defense
    }

    /// The side `p` is on in the encounter (as main player or ally), if any.
    pub fn side_of(&self, p: PlayerId) -> Option<Side> {
        if p == self.offense {
            Some(Side::Offense)
        } else if Some(p) == self.encounter.defense {
            Some(Side::Defense)
        } else {
            self.encounter.ally[p.ix()]
        }
    }

    /// Ships counting toward `side`: the offense's and its allies' on the gate, or the
    /// defense's on the planet and its allies' beside it.
    pub fn side_ships(&self, side: Side) -> i32 {
        let e = &self.encounter;
        match side {
            Side::Offense => e.gate.iter().map(|&n| n as i32).sum(),
            Side::Defense => {
                let own = match (e.defense, e.planet) {
                    (Some(d), Some(pl)) => self.ships_on(pl, d) as i32,
                    _ => 0,
                };
                own + e.beside.iter().map(|&n| n as i32).sum::<i32>()
            }
        }
    }

    /// The tokens beside `planet`, face up or down.
    pub fn tokens_beside(&self, planet: PlanetId) -> impl Iterator<Item = &PlanetToken> + '_ {
        (self.planet_tokens.iter()).filter(move |t| t.planet == Some(planet))
    }

    /// The tokens `p` keeps on its alien sheet.
    pub fn sheet_tokens(&self, p: PlayerId) -> impl Iterator<Item = &PlanetToken> + '_ {
        (self.planet_tokens.iter()).filter(move |t| t.owner == p && t.planet.is_none())
    }

    /// The cards face up beside `planet`.
    pub fn cards_beside(&self, planet: PlanetId) -> impl Iterator<Item = CardId> + '_ {
        (self.aside.iter())
            .filter(move |a| a.at == Aside::Planet(planet))
            .map(|a| a.card)
    }

    /// The cards face down under `p`'s tech `tech`.
    pub fn cards_under_tech(&self, p: PlayerId, tech: u16) -> impl Iterator<Item = CardId> + '_ {
        (self.aside.iter())
            .filter(move |a| a.owner == p && a.at == Aside::Tech(tech))
            .map(|a| a.card)
    }

    /// The cards face down on `p`'s alien sheet.
    pub fn sheet_cards(&self, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        (self.aside.iter())
            .filter(move |a| a.owner == p && a.at == Aside::Sheet)
            .map(|a| a.card)
    }

    /// The cards on `p`'s alien sheet it may play as if from its hand: none unless content
    /// opened the sheet and `p`'s power works.
    pub fn playable_sheet(&self, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        let open = self.sheet_open(p);
        self.sheet_cards(p).filter(move |_| open)
    }

    /// Whether `p` may play the cards on its sheet (see `playable_sheet`): some card is set
    /// aside, content opened the sheet and `p`'s power works.
    pub fn sheet_open(&self, p: PlayerId) -> bool {
        !self.aside.is_empty()
            && self.players[p.ix()].power_active
            && !self.effects.power_off(p)
            && !self.effects.power_zapped(p)
            && (self.effects.lasting.iter())
                .any(|e| e.by == p && matches!(e.what, crate::effects::Lasting::SheetAccess))
    }

    /// The deck a card is drawn from and discarded to.
    #[inline]
    pub fn back(&self, card: CardId) -> crate::piles::Back {
        self.cards[card.0 as usize].back
    }

    /// Puts `card` face up on the discard pile of its own deck (a reward card on the
    /// reward discard pile).
    #[inline]
    pub fn place_in_discard(&mut self, card: CardId) {
        let back = self.back(card);
        self.piles.of_mut(back).discard.push(card);
    }

    /// Whether `card` lies face up on its deck's discard pile.
    #[inline]
    pub fn is_discarded(&self, card: CardId) -> bool {
        self.piles.of(self.back(card)).discarded(card)
    }

    /// The card count in every place a card can be (for the invariant check).
    pub fn cards_accounted(&self) -> usize {
        let e = &self.encounter;
        self.piles.card_count()
            + self.players.iter().map(|p| p.hand.len()).sum::<usize>()
            + e.cards.iter().flatten().count()
            + e.kickers.iter().flatten().count()
            + e.reinforcements.len()
            + self.aside.len()
            + self.removed_cards.len()
    }
}

fn no_card(p: &[Option<CardId>; 2]) -> bool {
    p.iter().all(Option::is_none)
}

fn is_unset(p: &[Option<CardKind>; 2]) -> bool {
    p.iter().all(Option::is_none)
}

/// Whether neither side's flag is set (such a pair is left out of saves and digests).
fn neither(flags: &[bool; 2]) -> bool {
    !flags[0] && !flags[1]
}

fn is_empty_stack(stack: &[u8; MAX_PLAYERS]) -> bool {
    stack.iter().all(|&n| n == 0)
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
