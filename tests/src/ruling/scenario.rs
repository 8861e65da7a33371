//! The scenario file format (TOML), as read from disk: every field a designer can get wrong
//! keeps its location so an error can point at it.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// The format version rulings are written in.
pub const FORMAT: u32 = 1;

/// A whole ruling file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Format version of the file.
    #[serde(default = "default_format")]
    pub format: Spanned<u32>,
    /// A one-line statement of the ruling.
    pub title: String,
    /// Where the ruling comes from (rule-book section, FAQ entry).
    pub source: String,
    /// The edition (only `ffg` so far).
    #[serde(default)]
    pub edition: Option<Spanned<String>>,
    /// Number of players (default: enough for every color named).
    #[serde(default)]
    pub players: Option<Spanned<u8>>,
    /// The game's seed.
    #[serde(default)]
    pub seed: u64,
    /// Variant switches.
    #[serde(default)]
    pub variants: cosmic_engine::Variants,
    /// Whether card text (alien powers, artifacts) plays even though no player has an alien.
    #[serde(default)]
    pub card_text: bool,
    /// Whose turn it is (default: blue).
    #[serde(default)]
    pub offense: Option<Spanned<String>>,
    /// How far to play: `encounter` (default), `turn` or `game`.
    #[serde(default)]
    pub until: Option<Spanned<String>>,
    /// Players' holdings; players not listed keep a standard setup.
    #[serde(default)]
    pub player: Vec<PlayerSpec>,
    /// The top of the decks.
    #[serde(default)]
    pub deck: DeckSpec,
    /// Where play starts when inside an encounter.
    #[serde(default)]
    pub encounter: Option<EncounterSpec>,
    /// Scripted answers, in order per player.
    #[serde(default)]
    pub answer: Vec<AnswerSpec>,
    /// What must hold afterwards.
    #[serde(default)]
    pub expect: ExpectSpec,
    /// A Duel position's table: the leader, the destiny cards to play, the planets, envoys
    /// and reinforcement deck (`edition = "duel"` only).
    #[serde(default)]
    pub duel: Option<DuelSpec>,
}

fn default_format() -> Spanned<u32> {
    Spanned::new(0..0, FORMAT)
}

/// One player's starting holdings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// The player's color.
    pub color: Spanned<String>,
    /// The exact hand, by card names.
    #[serde(default)]
    pub hand: Option<Vec<Spanned<String>>>,
    /// Every colony of the player: planet name to ships (the rest of the 20 are in the warp).
    #[serde(default)]
    pub colonies: Option<Spanned<BTreeMap<String, u8>>>,
    /// Ships removed from the game.
    #[serde(default)]
    pub removed: u8,
    /// Tokens in the praw (Eon), taken from those not on colonies.
    #[serde(default)]
    pub praw: u8,
    /// Other players' ships this player holds around its home system, by color
    /// (`{ purple = 3 }`), taken from their warps; the hold lasts while the flare in its
    /// hand stays there.
    #[serde(default)]
    pub holds: Option<Spanned<BTreeMap<String, u8>>>,
    /// The player's stacks: place (`warp`, `the gate`, `beside`, a planet) to the ships its
    /// ship there holds captured, by color (`{ warp = { green = 4 } }`), taken from their
    /// owners' warps.
    #[serde(default)]
    pub stacks: Option<Spanned<BTreeMap<String, BTreeMap<String, u8>>>>,
    /// Whether the alien power is active (must agree with the home colonies).
    #[serde(default)]
    pub power: Option<Spanned<bool>>,
    /// Alien powers the player has become besides its own (an incarnation), by name.
    #[serde(default)]
    pub powers: Vec<Spanned<String>>,
    /// The player's alien, by name (none: no power).
    #[serde(default)]
    pub alien: Option<Spanned<String>>,
    /// Tokens on the player's alien sheet.
    #[serde(default)]
    pub tokens: Option<i32>,
    /// The player's tokens lying face down beside planets, planet name to kind as card text
    /// places it (`{ "Red 2" = "trap token" }`): their kind seen by the player alone.
    #[serde(default)]
    pub hidden_tokens: Option<Spanned<BTreeMap<String, String>>>,
    /// Tokens of a kind the player keeps face down on its alien sheet (`["decoy token"]`).
    #[serde(default)]
    pub sheet_tokens: Vec<Spanned<String>>,
    /// The player's lucre (Eon), replacing what setup gave it.
    #[serde(default)]
    pub lucre: Option<u16>,
    /// The player's planet hex (Eon, `variants = { hexes = true }`), by name. Naming hexes
    /// replaces the dealing at setup; a player with none named holds none.
    #[serde(default)]
    pub hex: Option<Spanned<String>>,
    /// Cards face down on the player's alien sheet (a hoard), by card names.
    #[serde(default)]
    pub sheet: Option<Vec<Spanned<String>>>,
    /// Whether content opened the sheet at setup: its cards are playable as if in hand.
    #[serde(default)]
    pub sheet_open: bool,
    /// The player's techs (technology variant): `"Name"` face down, `"Name: 2"` face down
    /// with two ships on it (taken from the warp's spare ships), `"Name: completed"` face up.
    /// Listing techs anywhere replaces the dealing at setup.
    #[serde(default)]
    pub techs: Option<Vec<Spanned<String>>>,
    /// Duel: ships in the supply (default 15; the rest of the 20 not on planets are in the
    /// Warp).
    #[serde(default)]
    pub supply: Option<Spanned<u8>>,
    /// Duel: the player's ships on revealed planets, planet name to ships.
    #[serde(default)]
    pub planets: Option<Spanned<BTreeMap<String, u8>>>,
    /// Duel: the plan deck exactly, top first (default: empty).
    #[serde(default)]
    pub deck: Option<Vec<Spanned<String>>>,
    /// Duel: the discard pile, bottom first (default: empty).
    #[serde(default)]
    pub discard: Option<Vec<Spanned<String>>>,
    /// Duel: the tactics tokens, each `"Shield 2 / Blast 1"` (or one half, `"Shield 2"`, on
    /// both sides), `"spent: ..."` when spent.
    #[serde(default)]
    pub tactics: Option<Vec<Spanned<String>>>,
    /// Duel: the hand limit (default 6).
    #[serde(default)]
    pub hand_limit: Option<Spanned<u8>>,
}

/// A Duel position: what the players share.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuelSpec {
    /// The leader (default orange); the other player is the straggler.
    #[serde(default)]
    pub leader: Option<Spanned<String>>,
    /// Where play starts: `destiny` (default: before the next destiny card, with its win
    /// check and hand limit).
    #[serde(default)]
    pub step: Option<Spanned<String>>,
    /// The destiny cards to play, in order, the first drawn first.
    #[serde(default)]
    pub destiny: Vec<Spanned<DestinySpec>>,
    /// The planets already revealed, in the order they were discovered.
    #[serde(default)]
    pub planets: Vec<Spanned<String>>,
    /// The envoys in play.
    #[serde(default)]
    pub envoys: Vec<Spanned<EnvoySpec>>,
    /// The reinforcement deck, top first (default: empty).
    #[serde(default)]
    pub reinforcements: Vec<Spanned<String>>,
}

/// A destiny card of a Duel position: its deck, the deck it chains to, and what it has the
/// players do, as far as the rules give it structure.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DestinySpec {
    /// Its title (default: "a <deck> card").
    #[serde(default)]
    pub name: Option<String>,
    /// `discovery`, `event` or `refresh`.
    pub deck: Spanned<String>,
    /// The deck its icon names (default: its own).
    #[serde(default)]
    pub next: Option<Spanned<String>>,
    /// A duel over a newly discovered planet with this ship advantage.
    #[serde(default)]
    pub advantage: Option<Spanned<i16>>,
    /// The duel's prize, by name.
    #[serde(default)]
    pub prize: Option<Spanned<String>>,
    /// Who resolves the prize: `winner` or `loser`.
    #[serde(default)]
    pub to: Option<Spanned<String>>,
    /// A contest.
    #[serde(default)]
    pub contest: bool,
}

/// An envoy of a Duel position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvoySpec {
    /// Its name.
    pub name: Spanned<String>,
    /// The player allied with it (none: neutral).
    #[serde(default)]
    pub ally: Option<Spanned<String>>,
    /// Whether it is face up.
    #[serde(default)]
    pub face_up: bool,
}

/// The top cards of the decks, first drawn first.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSpec {
    /// The top of the cosmic deck, by card names.
    #[serde(default)]
    pub cosmic: Vec<Spanned<String>>,
    /// The top of the destiny deck: colors, `wild`, or special names.
    #[serde(default)]
    pub destiny: Vec<Spanned<String>>,
    /// The top of the tech deck, by tech names (technology variant; replaces the dealing at
    /// setup).
    #[serde(default)]
    pub tech: Vec<Spanned<String>>,
    /// The top of the hazard deck, by hazard names (hazard deck variant): the other copies lie
    /// under them.
    #[serde(default)]
    pub hazard: Vec<Spanned<String>>,
    /// The top of the reward deck, by card names (rewards variant): its other cards lie under
    /// them.
    #[serde(default)]
    pub reward: Vec<Spanned<String>>,
    /// Leave the reward deck and its discard pile empty: its free cards go to the last
    /// player whose hand is not listed.
    #[serde(default)]
    pub reward_empty: bool,
    /// The whole destiny deck, top first: every other destiny card is in the discard pile.
    #[serde(default)]
    pub destiny_only: Option<Spanned<Vec<Spanned<String>>>>,
    /// The alien sheets in the box, which random draws of unused aliens take from (by
    /// default every alien not in play).
    #[serde(default)]
    pub aliens: Vec<Spanned<String>>,
    /// Leave the cosmic deck and the discard pile empty (after hands and named cards).
    #[serde(default)]
    pub empty: bool,
    /// Leave no encounter card in the cosmic deck or the discard pile: the free ones go to
    /// the last player whose hand is not listed.
    #[serde(default)]
    pub no_encounter_cards: bool,
}

/// An encounter already under way.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncounterSpec {
    /// The phase play starts at: launch, alliance, planning or reveal.
    pub phase: Spanned<String>,
    /// The defense.
    pub defense: Spanned<String>,
    /// The targeted planet (required from alliance on).
    #[serde(default)]
    pub planet: Option<Spanned<String>>,
    /// Ships on the gate, by color (the offense's and offensive allies').
    #[serde(default = "no_ships")]
    pub gate: Spanned<BTreeMap<String, ShipsSpec>>,
    /// Defensive allies' ships beside the planet, by color.
    #[serde(default = "no_ships")]
    pub beside: Spanned<BTreeMap<String, ShipsSpec>>,
    /// The encounter cards already selected (for phase `reveal`): offense and defense.
    #[serde(default)]
    pub cards: Option<CardsSpec>,
}

fn no_ships() -> Spanned<BTreeMap<String, ShipsSpec>> {
    Spanned::new(0..0, BTreeMap::new())
}

/// One player's ships in the encounter: a count (taken from the warp's spare ships, else the
/// fullest colonies), or the colonies they come from.
#[derive(Clone, Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "ships are a number, or a table of planets to ships like `{ \"Blue 1\" = 2 }`"
)]
pub enum ShipsSpec {
    /// So many ships.
    Count(u8),
    /// So many ships from each of these colonies.
    From(BTreeMap<String, u8>),
}

/// The two selected encounter cards.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsSpec {
    /// The offense's card.
    pub offense: Spanned<String>,
    /// The defense's card.
    pub defense: Spanned<String>,
}

/// One scripted answer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerSpec {
    /// Who answers.
    pub player: Spanned<String>,
    /// Which decision kind it answers (as printed in errors, e.g. `encounter-card`).
    pub decision: Spanned<String>,
    /// The answer: option text, `place: count` pairs for ships, comma-separated options.
    #[serde(default)]
    pub answer: Option<Spanned<String>>,
    /// Deal terms, for a `deal-proposal`.
    #[serde(default)]
    pub deal: Option<DealSpec>,
    /// The exact options the engine must offer for this decision (in any order).
    #[serde(default)]
    pub options: Option<Spanned<Vec<String>>>,
}

/// Deal terms written by the proposer.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealSpec {
    /// Cards the offense gives.
    #[serde(default)]
    pub offense_gives: TransferSpec,
    /// Cards the defense gives.
    #[serde(default)]
    pub defense_gives: TransferSpec,
    /// The planet on which the offense establishes a colony.
    #[serde(default)]
    pub offense_colony: Option<Spanned<String>>,
    /// The planet on which the defense establishes a colony.
    #[serde(default)]
    pub defense_colony: Option<Spanned<String>>,
    /// Terms content offers: `{ by = "defense", term = "Zombie's power (...)", player = "blue", amount = 2 }`.
    #[serde(default)]
    pub promises: Vec<PromiseSpec>,
    /// A group deal's cards: `{ from = "blue", to = "red", random = 1 }`.
    #[serde(default)]
    pub gifts: Vec<GiftSpec>,
    /// A group deal's colonies: `{ by = "red", player = "blue", planet = "Red 1" }`.
    #[serde(default)]
    pub grants: Vec<GrantSpec>,
}

/// Cards one party of a group deal gives another.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiftSpec {
    /// The giver's color.
    pub from: String,
    /// The receiver's color.
    pub to: String,
    /// Named cards from the giver's hand (the proposer's own cards only).
    #[serde(default)]
    pub named: Vec<Spanned<String>>,
    /// Cards at random.
    #[serde(default)]
    pub random: u8,
    /// Counts by card type, the giver choosing which.
    #[serde(default)]
    pub by_type: BTreeMap<String, u8>,
}

/// A colony one party of a group deal lets another establish.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrantSpec {
    /// The color of the party whose colony is there.
    pub by: String,
    /// The color of the party who establishes a colony.
    pub player: String,
    /// The planet, as the log names it (`Red 1`).
    pub planet: String,
}

/// A content term one side promises in a deal.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromiseSpec {
    /// `offense` or `defense`.
    pub by: String,
    /// The term as offered (the name of the ability that offers it).
    pub term: String,
    /// The player color the term is for.
    pub player: String,
    /// The number agreed.
    #[serde(default = "one")]
    pub amount: u8,
}

fn one() -> u8 {
    1
}

/// Cards one side gives in a deal.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransferSpec {
    /// Named cards from the giver's hand.
    #[serde(default)]
    pub named: Vec<Spanned<String>>,
    /// Cards at random.
    #[serde(default)]
    pub random: u8,
    /// Counts by card type, the giver choosing which: `{ attack = 1 }`.
    #[serde(default)]
    pub by_type: BTreeMap<String, u8>,
}

/// The keys of `[expect]` besides player colors (a key that is neither is refused before play).
pub const EXPECT_KEYS: &[&str] = &[
    "outcome",
    "outcomes",
    "totals",
    "deck_size",
    "discard_size",
    "destiny_size",
    "destiny_discard_size",
    "winners",
    "events",
    "no_events",
    "events_in_order",
    "clout",
    "leader",
];

/// What must hold after play. (Other keys are player colors, each with a table.)
#[derive(Debug, Default, Deserialize)]
pub struct ExpectSpec {
    /// The (first) encounter's outcome, e.g. `defense-wins`, `deal-made`.
    #[serde(default)]
    pub outcome: Option<Spanned<String>>,
    /// Every encounter's outcome, in order.
    #[serde(default)]
    pub outcomes: Option<Vec<Spanned<String>>>,
    /// The first encounter's final totals: offense, defense.
    #[serde(default)]
    pub totals: Option<Spanned<Vec<i32>>>,
    /// Cards left in the cosmic deck at the end.
    #[serde(default)]
    pub deck_size: Option<Spanned<u32>>,
    /// Cards in the cosmic discard pile at the end.
    #[serde(default)]
    pub discard_size: Option<Spanned<u32>>,
    /// Cards left in the destiny deck at the end.
    #[serde(default)]
    pub destiny_size: Option<Spanned<u32>>,
    /// Cards in the destiny discard pile at the end.
    #[serde(default)]
    pub destiny_discard_size: Option<Spanned<u32>>,
    /// The game's winners (an empty list: nobody has won).
    #[serde(default)]
    pub winners: Option<Vec<Spanned<String>>>,
    /// Per player, by color: `warp`, `removed`, `colonies` (foreign), `home_colonies`,
    /// `hand_size`, `power`, `hand` (cards that must be in hand), `techs` (the player's techs
    /// exactly, written as in a player's `techs`), `tokens` (on its alien sheet), or a planet
    /// name for ships.
    #[serde(flatten)]
    pub players: BTreeMap<String, toml::Value>,
    /// Lines of the log that must appear (exact text of an event).
    #[serde(default)]
    pub events: Vec<Spanned<String>>,
    /// Lines of the log that must not appear.
    #[serde(default)]
    pub no_events: Vec<Spanned<String>>,
    /// Lines of the log that must appear in this order (others may come between them).
    #[serde(default)]
    pub events_in_order: Vec<Spanned<String>>,
    /// Duel: the last clout determined, `[orange, blue]`.
    #[serde(default)]
    pub clout: Option<Spanned<Vec<i32>>>,
    /// Duel: the leader at the end.
    #[serde(default)]
    pub leader: Option<Spanned<String>>,
}
