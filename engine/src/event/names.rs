//! The event log in words: ids rendered as the names players use, and each event as a line of
//! the referee's log.

use super::{top_cards, Cause, Event, EventKind, Picked, Place, LOG_FORMAT};
use crate::components::Components;
use crate::deal::DealTerms;
use crate::ids::{CardId, DestinyId, PlanetId, PlayerId};
use crate::state::{GameState, Outcome};
use std::fmt::Write;

/// A card kind in words (`attack 08`, `negotiate`).
fn kind_words(k: crate::components::CardKind) -> String {
    use crate::components::CardKind;
    match k {
        CardKind::Attack(v) => format!("attack {v:02}"),
        CardKind::Reinforcement(v) => format!("reinforcement +{v}"),
        CardKind::Kicker(v) => format!("kicker x{v}"),
        CardKind::Rift(v) => format!("rift {v}"),
        other => other.card_type().name().to_string(),
    }
}

/// Renders ids as the names players use. It reaches the state only to look names up, so an
/// agent holding one learns nothing hidden.
pub struct Names<'a> {
    pub(crate) state: &'a GameState,
    pub(crate) components: &'a Components,
}

/// The whole game as its owner (a referee, a test, a log printer) sees it: the full state,
/// hidden cards included. Observers get one; agents never do.
pub struct Scene<'a> {
    /// The full state.
    pub state: &'a GameState,
    /// The components the game was set up from.
    pub components: &'a Components,
}

impl<'a> Scene<'a> {
    /// Name rendering for this game's ids.
    pub fn names(&self) -> Names<'a> {
        Names::new(self.state, self.components)
    }

    /// One event as a line of the referee's log.
    pub fn event(&self, e: &Event) -> String {
        self.names().event(e)
    }
}

impl<'a> Names<'a> {
    /// Names for the ids of `state`.
    pub(crate) fn new(state: &'a GameState, components: &'a Components) -> Names<'a> {
        Names { state, components }
    }
}

impl Names<'_> {
    /// A player's color name.
    pub fn player(&self, p: PlayerId) -> &'static str {
        self.state.players[p.ix()].color.name()
    }

    /// A planet as "Green 3" (1-based within its system).
    pub fn planet(&self, id: PlanetId) -> String {
        format!("{} {}", self.player(id.owner), id.n + 1)
    }

    /// The words of the game's edition (`challenge` for `encounter` in Eon).
    pub fn words(&self) -> &'static crate::edition::Words {
        self.state.rules.edition.words()
    }

    /// A card's printed name.
    pub fn card(&self, c: CardId) -> &str {
        let def = self.state.cards[c.0 as usize].def as usize;
        &self.components.cosmic[def].name
    }

    /// A card definition's printed name (a card named, not one held).
    pub fn card_name(&self, def: u16) -> &str {
        self.components
            .cosmic
            .get(def as usize)
            .map_or("an unknown card", |d| d.name.as_str())
    }

    /// A destiny card's face.
    pub fn destiny(&self, d: DestinyId) -> String {
        use crate::components::{DestinyKind, SpecialDestiny};
        let card = &self.state.destiny_cards[d.0 as usize];
        let face = match card.kind {
            DestinyKind::Color(c) => c.name().to_string(),
            DestinyKind::Wild => "wild".to_string(),
            DestinyKind::Special(SpecialDestiny::MostForeignColonies) => {
                "special: most foreign colonies".to_string()
            }
            DestinyKind::Special(SpecialDestiny::FewestShipsInWarp) => {
                "special: fewest ships in the warp".to_string()
            }
            DestinyKind::Special(SpecialDestiny::MostCardsInHand) => {
                "special: most cards in hand".to_string()
            }
            DestinyKind::Content { owner } => format!(
                "{} ({})",
                card.name.as_deref().unwrap_or("special"),
                self.player(owner)
            ),
        };
        if card.hazard {
            format!("{face} (hazard warning)")
        } else {
            face
        }
    }

    /// What caused an event: a rule-book section, or a content ability's name.
    pub fn cause(&self, c: Cause) -> String {
        match c {
            Cause::Rule(r) => match self.state.rules.edition {
                crate::edition::Edition::Ffg | crate::edition::Edition::Duel => {
                    r.source().to_string()
                }
                crate::edition::Edition::Eon => crate::eon::source(r).to_string(),
            },
            Cause::Ability(a) => self.source(a).to_string(),
        }
    }

    /// An alien's name.
    pub fn alien(&self, a: u16) -> &str {
        self.components
            .aliens
            .get(a as usize)
            .map_or("an unknown alien", |d| d.name.as_str())
    }

    /// An attachment's name.
    pub fn attachment(&self, a: u16) -> &str {
        (self.components.attachments.get(a as usize))
            .map_or("an unknown attachment", |d| d.name.as_str())
    }

    /// The words for an attachment's kind (`planet hex` for a `hex`).
    pub fn attachment_kind(&self, a: u16) -> &str {
        match self.components.attachments.get(a as usize) {
            Some(d) if d.kind == crate::eon::HEX => "planet hex",
            Some(d) => d.kind.as_str(),
            None => "attachment",
        }
    }

    /// A tech's name.
    pub fn tech(&self, t: u16) -> &str {
        self.components
            .techs
            .get(t as usize)
            .map_or("an unknown tech", |d| d.name.as_str())
    }

    /// A hazard's name.
    pub fn hazard(&self, h: u16) -> &str {
        self.components
            .hazards
            .get(h as usize)
            .map_or("an unknown hazard", |d| d.name.as_str())
    }

    /// A content ability's or text's name, by its source number.
    pub fn source(&self, s: u32) -> &str {
        self.components
            .sources
            .get(s as usize)
            .map_or("an unknown ability", |n| n.as_str())
    }

    /// A place ships can be.
    pub fn place(&self, place: Place) -> String {
        match place {
            Place::Planet(id) => self.planet(id),
            Place::Gate => "the gate".to_string(),
            Place::Beside => "beside the planet".to_string(),
            Place::Warp => "the warp".to_string(),
            Place::Removed => "out of the game".to_string(),
            Place::Praw => "the praw".to_string(),
            Place::Captured => "captivity".to_string(),
            Place::Held(holder) => format!("around {}'s home system", self.player(holder)),
            Place::Tech(t) => format!("the tech {}", self.tech(t)),
            Place::Hazard(h) => format!("the hazard {}", self.hazard(h)),
        }
    }

    /// Where ships go, with its preposition: `to Red 2`, `beside the planet`.
    pub fn to_place(&self, place: Place) -> String {
        match place {
            Place::Beside => self.place(place),
            _ => format!("to {}", self.place(place)),
        }
    }

    /// What a player picked, in words: `Green`, `Green and Red`, `the offense`, `Attack 08`.
    pub fn picked(&self, picked: &Picked) -> String {
        let list = |names: Vec<String>, none: &str| match names.len() {
            0 => none.to_string(),
            1 => names[0].clone(),
            n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
        };
        match picked {
            Picked::Player(p) => self.player(*p).to_string(),
            Picked::Players(ps) => list(
                ps.iter().map(|&p| self.player(p).to_string()).collect(),
                "no player",
            ),
            Picked::Planet(p) => self.planet(*p),
            Picked::Side(side) => format!("the {side}"),
            Picked::Number(n) => n.to_string(),
            Picked::Card(c) => self.card(*c).to_string(),
            Picked::CardName(def) => self.card_name(*def).to_string(),
            Picked::Cards(cs) => list(
                cs.iter().map(|&c| self.card(c).to_string()).collect(),
                "no card",
            ),
        }
    }

    /// Deal terms in words.
    pub fn terms(&self, t: &DealTerms) -> String {
        t.describe(self)
    }

    /// One event as a line of the readable log.
    pub fn event(&self, e: &Event) -> String {
        let mut s = String::new();
        let _ = match &e.kind {
            EventKind::GameStarted { seed, players } => {
                write!(s, "game starts: {players} players, seed {seed}")
            }
            EventKind::FirstPlayer { player } => {
                write!(s, "{} is the first player", self.player(*player))
            }
            EventKind::TurnStarted { turn, offense } => {
                write!(
                    s,
                    "== turn {turn}: {} is the offense ==",
                    self.player(*offense)
                )
            }
            EventKind::EncounterStarted { number } => {
                write!(s, "-- {} {number} --", self.words().encounter)
            }
            EventKind::EncounterGranted { player, against } => match against {
                Some(d) => write!(
                    s,
                    "{} may have an encounter against {}",
                    self.player(*player),
                    self.player(*d)
                ),
                None => write!(s, "{} may have another encounter", self.player(*player)),
            },
            EventKind::EncounterRestarted { offense } => write!(
                s,
                "the {} stops: {} plays it again from its start",
                self.words().encounter,
                self.player(*offense)
            ),
            EventKind::EncounterReplayed { offense } => write!(
                s,
                "the {} stops: {} plays it again from its planning phase",
                self.words().encounter,
                self.player(*offense)
            ),
            EventKind::EncounterRewound => write!(
                s,
                "everything goes back to how it stood as the planning phase began"
            ),
            EventKind::DestinyCardsAdded { player, cards } => write!(
                s,
                "{} shuffles {cards} destiny card{} of its own into the destiny deck",
                self.player(*player),
                if *cards == 1 { "" } else { "s" }
            ),
            EventKind::PhaseStarted { phase } => write!(s, "{} phase", phase.name()),
            EventKind::DeckShuffled { cards, deck } => {
                let (pile, new) = match deck {
                    crate::piles::Back::Cosmic => ("the discard pile", "a new deck"),
                    crate::piles::Back::Reward => {
                        ("the reward discard pile", "a new reward deck")
                    }
                };
                write!(
                    s,
                    "{pile} ({cards} card{}) is shuffled into {new}",
                    if *cards == 1 { "" } else { "s" }
                )
            }
            EventKind::CosmicQuake => write!(
                s,
                "cosmic quake! every hand is discarded, then the discard pile is reshuffled and dealt"
            ),
            EventKind::NoEncounterCardToDraw { player } => write!(
                s,
                "{} needs an encounter card, but the deck and the discard pile hold none: the deck counts as empty",
                self.player(*player)
            ),
            EventKind::CardDrawn { player, card } => {
                write!(s, "{} draws {}", self.player(*player), self.card(*card))
            }
            EventKind::CardDiscarded { player, card } => {
                write!(s, "{} discards {}", self.player(*player), self.card(*card))
            }
            EventKind::CardRemoved { player, card } => write!(
                s,
                "{}'s {} is removed from the game",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::CardGiven { from, to, card } => write!(
                s,
                "{} gives {} to {}",
                self.player(*from),
                self.card(*card),
                self.player(*to)
            ),
            EventKind::ShipsMoved {
                player,
                from,
                to,
                count,
            } => write!(
                s,
                "{} moves {count} ship{} from {} {}",
                self.player(*player),
                if *count == 1 { "" } else { "s" },
                self.place(*from),
                self.to_place(*to)
            ),
            EventKind::ColonyGained { player, planet } => write!(
                s,
                "{} establishes a colony on {}",
                self.player(*player),
                self.planet(*planet)
            ),
            EventKind::ColonyLost { player, planet } => write!(
                s,
                "{} no longer has a colony on {}",
                self.player(*player),
                self.planet(*planet)
            ),
            EventKind::TrackMoved { player, colonies } => write!(
                s,
                "{}'s colony marker moves to {colonies}",
                self.player(*player)
            ),
            EventKind::PowerLost { player } => {
                write!(s, "{} loses its alien power", self.player(*player))
            }
            EventKind::PowerRegained { player } => {
                write!(s, "{} regains its alien power", self.player(*player))
            }
            EventKind::DestinyRevealed { card } => {
                write!(s, "destiny card revealed: {}", self.destiny(*card))
            }
            EventKind::DestinyDrawn { player, card } => write!(
                s,
                "{} draws destiny: {}",
                self.player(*player),
                self.destiny(*card)
            ),
            EventKind::DestinyDiscarded { card } => {
                write!(s, "destiny card {} is discarded", self.destiny(*card))
            }
            EventKind::DestinyShuffled { cards } => {
                write!(
                    s,
                    "the destiny deck is reshuffled ({cards} card{})",
                    if *cards == 1 { "" } else { "s" }
                )
            }
            EventKind::DefenseNamed { defense } => {
                write!(s, "{} is the defense", self.player(*defense))
            }
            EventKind::GateAimed { planet } => {
                write!(s, "the gate is aimed at {}", self.planet(*planet))
            }
            EventKind::Invited { by, players } => {
                let names: Vec<&str> = players.iter().map(|&p| self.player(p)).collect();
                if names.is_empty() {
                    write!(s, "{} invites no allies", self.player(*by))
                } else {
                    write!(s, "{} invites {}", self.player(*by), names.join(", "))
                }
            }
            EventKind::AllianceJoined { player, side } => {
                write!(s, "{} allies with the {side}", self.player(*player))
            }
            EventKind::AllianceDeclined { player } => {
                write!(s, "{} stays out of the encounter", self.player(*player))
            }
            EventKind::CardSelected { player } => write!(
                s,
                "{} selects an encounter card face down",
                self.player(*player)
            ),
            EventKind::CardsRevealed { offense, defense } => write!(
                s,
                "revealed: offense {}, defense {}",
                self.card(*offense),
                self.card(*defense)
            ),
            EventKind::EncounterCardKeptFaceDown { player } => write!(
                s,
                "{} keeps its encounter card face down",
                self.player(*player)
            ),
            EventKind::MorphCopied { player, copies } => write!(
                s,
                "{}'s morph becomes a copy of {}",
                self.player(*player),
                self.card(*copies)
            ),
            EventKind::ReinforcementPlayed { player, card, side } => write!(
                s,
                "{} plays {} for the {side}",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::TotalsComputed { offense, defense } => {
                write!(s, "totals: offense {offense}, defense {defense}")
            }
            EventKind::EncounterResolved { outcome } => write!(
                s,
                "outcome: {}",
                match outcome {
                    Outcome::OffenseWins => "the offense wins",
                    Outcome::DefenseWins => "the defense wins",
                    Outcome::DealMade => "a deal is made",
                    Outcome::DealFailed => "the deal fails",
                    Outcome::BothLose => "both sides lose",
                    Outcome::Reestablished => "a home colony is re-established",
                    Outcome::Aborted => "the encounter ends early",
                }
            ),
            EventKind::DealProposed { by, terms } => {
                write!(s, "{} proposes: {}", self.player(*by), self.terms(terms))
            }
            EventKind::DealRejected { by } => {
                write!(s, "{} rejects the proposal", self.player(*by))
            }
            EventKind::DealMade { terms } => write!(s, "deal agreed: {}", self.terms(terms)),
            EventKind::DealFailed => write!(s, "no deal is made"),
            EventKind::CompensationTaken {
                player,
                from,
                cards,
            } => write!(
                s,
                "{} takes {cards} card{} at random from {} as {}",
                self.player(*player),
                if *cards == 1 { "" } else { "s" },
                self.player(*from),
                self.words().compensation
            ),
            EventKind::RewardsTaken {
                player,
                cards,
                ships,
            } => write!(
                s,
                "{} takes rewards: {cards} card{}, {ships} ship{} from the warp",
                self.player(*player),
                if *cards == 1 { "" } else { "s" },
                if *ships == 1 { "" } else { "s" }
            ),
            EventKind::TurnEnded { offense } => {
                write!(s, "{}'s turn ends", self.player(*offense))
            }
            EventKind::GameWon { winners } => {
                let names: Vec<&str> = winners.iter().map(|&p| self.player(p)).collect();
                write!(
                    s,
                    "*** {} win{} the game ***",
                    names.join(" and "),
                    if names.len() == 1 { "s" } else { "" }
                )
            }
            EventKind::Duel(d) => write!(s, "{}", self.duel_event(d)),
            EventKind::GameStopped { turns } => write!(
                s,
                "the game stops without a winner after {turns} turns (turn limit)"
            ),
            EventKind::GameLost => write!(s, "*** every player loses the game ***"),
            EventKind::AlienGiven { player, alien } => {
                write!(s, "{} is the {}", self.player(*player), self.alien(*alien))
            }
            EventKind::AlienFaceDown { player } => {
                write!(s, "{}'s alien sheet stays face down", self.player(*player))
            }
            EventKind::AlienRevealed { player, alien } => write!(
                s,
                "{} flips its alien sheet face up: the {}",
                self.player(*player),
                self.alien(*alien)
            ),
            EventKind::AlienDrawn { player, alien } => write!(
                s,
                "{} draws the {} alien sheet",
                self.player(*player),
                self.alien(*alien)
            ),
            EventKind::AlienDiscarded { player, alien } => write!(
                s,
                "{} returns the {} alien sheet to the box",
                self.player(*player),
                self.alien(*alien)
            ),
            EventKind::PowerGained { player, alien } => write!(
                s,
                "{} gains the power of the {}",
                self.player(*player),
                self.alien(*alien)
            ),
            EventKind::GainedPowerLost { player, alien } => write!(
                s,
                "{} loses the power of the {}",
                self.player(*player),
                self.alien(*alien)
            ),
            EventKind::TechDrawn { player, tech } => {
                write!(s, "{} draws the tech {}", self.player(*player), self.tech(*tech))
            }
            EventKind::TechKept { player, tech } => write!(
                s,
                "{} keeps the tech {} face down",
                self.player(*player),
                self.tech(*tech)
            ),
            EventKind::TechDiscarded { player, tech } => write!(
                s,
                "{} discards the tech {}",
                self.player(*player),
                self.tech(*tech)
            ),
            EventKind::TechCompleted { player, tech } => write!(
                s,
                "{} completes the tech {}",
                self.player(*player),
                self.tech(*tech)
            ),
            EventKind::TechRevealed { player, tech } => write!(
                s,
                "{} reveals its tech: {}",
                self.player(*player),
                self.tech(*tech)
            ),
            EventKind::TechReset { player, tech } => write!(
                s,
                "{} resets the tech {} (face down)",
                self.player(*player),
                self.tech(*tech)
            ),
            EventKind::TechDeckReshuffled => {
                write!(s, "the tech discard pile is shuffled into a new tech deck")
            }
            EventKind::HazardDrawn { player, hazard } => write!(
                s,
                "{} draws the hazard {}",
                self.player(*player),
                self.hazard(*hazard)
            ),
            EventKind::HazardDiscarded { hazard } => {
                write!(s, "the hazard {} is discarded", self.hazard(*hazard))
            }
            EventKind::HazardRemains { hazard } => {
                write!(s, "the hazard {} remains in play", self.hazard(*hazard))
            }
            EventKind::HazardDeckReshuffled => {
                write!(s, "the hazard discard pile is shuffled into a new hazard deck")
            }
            EventKind::RewardDeckChosen { player, cards } => write!(
                s,
                "{} takes {cards} of its reward cards from the reward deck",
                self.player(*player)
            ),
            EventKind::RiftDetonated { player, card } => write!(
                s,
                "{} detonates in the hand of {}, who took it",
                self.card(*card),
                self.player(*player)
            ),
            EventKind::AbilityUsed { player, source } => {
                write!(s, "{} uses {}", self.player(*player), self.source(*source))
            }
            EventKind::AbilityCancelled { player, source } => write!(
                s,
                "{} is cancelled for {}",
                self.source(*source),
                self.player(*player)
            ),
            EventKind::CardPlayed { player, card } => {
                write!(s, "{} plays {}", self.player(*player), self.card(*card))
            }
            EventKind::CardReturned { player, card } => write!(
                s,
                "{} takes {} back into its hand",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::CardTaken { player, card } => write!(
                s,
                "{} takes {} into its hand",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::DestinyChosen { player } => {
                write!(s, "{} chooses the destiny card", self.player(*player))
            }
            EventKind::HandLooked { viewer, owner } => write!(
                s,
                "{} looks at {}'s hand",
                self.player(*viewer),
                self.player(*owner)
            ),
            EventKind::CardShown { player, card } => write!(
                s,
                "{} selects {} face up",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::CardTypeChanged { side, to } => {
                write!(s, "the {side}'s card now counts as {}", kind_words(*to))
            }
            EventKind::HandsSwapped { a, b } => {
                write!(s, "{} and {} trade hands", self.player(*a), self.player(*b))
            }
            EventKind::EncounterCardsSwapped => write!(s, "the encounter cards are switched"),
            EventKind::SkippedToReveal => write!(
                s,
                "the encounter goes straight to the reveal, with no encounter cards"
            ),
            EventKind::GroupDealOpened { parties } => {
                let names: Vec<&str> = (0..16u8)
                    .filter(|i| parties & (1 << i) != 0)
                    .map(|i| self.player(PlayerId(i)))
                    .collect();
                write!(s, "{} must make a deal together", names.join(", "))
            }
            EventKind::EncounterCardReplaced { player, old, new } => write!(
                s,
                "{} replaces its encounter card {} with {}",
                self.player(*player),
                self.card(*old),
                self.card(*new)
            ),
            EventKind::HandsMixed { a, b } => write!(
                s,
                "{} and {} shuffle their hands together and deal them out again",
                self.player(*a),
                self.player(*b)
            ),
            EventKind::HandsMixedTogether { players } => {
                let names: Vec<String> = (0..crate::ids::MAX_PLAYERS as u8)
                    .filter(|p| players & 1 << p != 0)
                    .map(|p| self.player(PlayerId(p)).to_string())
                    .collect();
                write!(
                    s,
                    "the hands of {} are shuffled together and each is dealt back as many cards as it held",
                    names.join(", ")
                )
            }
            EventKind::DeckAndDiscardSwapped { deck, discard } => write!(
                s,
                "the deck and the discard pile trade places: the new discard pile holds {discard} card{}, the new deck {deck}, shuffled",
                if *discard == 1 { "" } else { "s" }
            ),
            EventKind::AlliesGainsReversed { reversed } => s.write_str(if *reversed {
                "the allies' gains are reversed this encounter: winning offensive allies go home with rewards, winning defensive allies land on the target planet"
            } else {
                "the allies' gains are the rule book's again this encounter"
            }),
            EventKind::TurnOrderReversed { counterclockwise } => write!(
                s,
                "the turn order is reversed: play now passes {}",
                if *counterclockwise {
                    "counterclockwise"
                } else {
                    "clockwise"
                }
            ),
            EventKind::AliensSwapped { a, b } => write!(
                s,
                "{} and {} exchange alien sheets",
                self.player(*a),
                self.player(*b)
            ),
            EventKind::CardSetAside { player, card, at } => match at {
                crate::state::Aside::Planet(pl) => write!(
                    s,
                    "{} sets {} face up beside {}",
                    self.player(*player),
                    self.card(*card),
                    self.planet(*pl)
                ),
                crate::state::Aside::Sheet => write!(
                    s,
                    "{} sets {} face down on its alien sheet",
                    self.player(*player),
                    self.card(*card)
                ),
                crate::state::Aside::Tech(_) => write!(
                    s,
                    "{} sets {} face down under a tech",
                    self.player(*player),
                    self.card(*card)
                ),
                crate::state::Aside::Table => write!(
                    s,
                    "{} sets {} aside face up",
                    self.player(*player),
                    self.card(*card)
                ),
                crate::state::Aside::Hired => write!(
                    s,
                    "{} hires {} face down as one more ship in the encounter",
                    self.player(*player),
                    self.card(*card)
                ),
            },
            EventKind::CardFromSheet { player, card } => write!(
                s,
                "{} plays {} from its alien sheet",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::TechGiven { player, tech, to } => write!(
                s,
                "{} gives the tech {} to {}",
                self.player(*player),
                self.tech(*tech),
                self.player(*to)
            ),
            EventKind::PlanetTokenPlaced {
                player,
                planet,
                key,
                face_down,
                from_sheet,
            } => write!(
                s,
                "{} puts a {}{} beside {}{}",
                self.player(*player),
                self.source(*key),
                if *face_down { " face down" } else { "" },
                self.planet(*planet),
                if *from_sheet { " from its sheet" } else { "" }
            ),
            EventKind::PlanetTokensReturned {
                player,
                planet,
                count,
            } => write!(
                s,
                "{} takes {} back from beside {} onto its sheet",
                self.player(*player),
                if *count == 1 { "its token" } else { "its tokens" },
                self.planet(*planet)
            ),
            EventKind::PlanetTokenRevealed {
                player,
                planet,
                key,
            } => write!(
                s,
                "{} turns its token beside {} face up: a {}",
                self.player(*player),
                self.planet(*planet),
                self.source(*key)
            ),
            EventKind::PlanetTokensRemoved { player, key } => write!(
                s,
                "{} takes its {}s back",
                self.player(*player),
                self.source(*key)
            ),
            EventKind::FleetTaken {
                player,
                color,
                ships,
            } => write!(
                s,
                "{} takes the {ships} ships of the unused color {color} into its fleet",
                self.player(*player),
            ),
            EventKind::ShipTokenPlaced { player, key, place } => write!(
                s,
                "{} adds the {} to its ships at {}",
                self.player(*player),
                self.source(*key),
                self.place(*place)
            ),
            EventKind::ShipsCaptured {
                captor,
                player,
                count,
                place,
            } => write!(
                s,
                "{} stacks {} of {}'s ships under one of its ships at {}",
                self.player(*captor),
                count,
                self.player(*player),
                self.place(*place)
            ),
            EventKind::ShipTokenRemoved { player, key } => write!(
                s,
                "{}'s {} leaves the game",
                self.player(*player),
                self.source(*key)
            ),
            EventKind::PlanetDestroyed { planet } => {
                write!(s, "{} is destroyed", self.planet(*planet))
            }
            EventKind::PlanetKept { player, planet } => write!(
                s,
                "{} sets {} on its alien sheet, where it counts as a foreign colony",
                self.player(*player),
                self.planet(*planet)
            ),
            EventKind::PlanetCreated { planet } => write!(
                s,
                "a new planet, {}, appears in {}'s home system",
                self.planet(*planet),
                self.player(planet.owner)
            ),
            EventKind::PlanetMoved { from, to } => write!(
                s,
                "{} is moved to {}'s home system, where it is {}",
                self.planet(*from),
                self.player(to.owner),
                self.planet(*to)
            ),
            EventKind::CardToDeckBottom { card, .. } => {
                write!(s, "{} goes to the bottom of the deck", self.card(*card))
            }
            EventKind::TopCardsLooked {
                player,
                count,
                cards,
            } => {
                let cards: Vec<&str> = cards.iter().map(|c| self.card(*c)).collect();
                write!(
                    s,
                    "{} looks at {}: {}",
                    self.player(*player),
                    top_cards(*count),
                    cards.join(", ")
                )
            }
            EventKind::CardTakenFromDeck { player, card } => write!(
                s,
                "{} takes {} from the deck into its hand",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::CardReturnedFromSheet { player, card, .. } => write!(
                s,
                "{} takes {} back into its hand",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::PowerLent { from, to } => write!(
                s,
                "{} lends its alien power to {} for the encounter",
                self.player(*from),
                self.player(*to)
            ),
            EventKind::PowerReturned { from, to } => write!(
                s,
                "{} gives {}'s alien power back",
                self.player(*to),
                self.player(*from)
            ),
            EventKind::MustPlayCard { player, .. } => write!(
                s,
                "{} must select the card it was given as its encounter card",
                self.player(*player)
            ),
            EventKind::EffectStarted {
                player,
                source,
                reads,
            } => match reads {
                Some(text) => write!(s, "{}: {text}", self.player(*player)),
                None => write!(s, "{}: {}", self.player(*player), self.source(*source)),
            },
            EventKind::EffectEnded { player, source } => {
                write!(s, "{}: end of {}", self.player(*player), self.source(*source))
            }
            EventKind::TokensChanged { player, tokens } => write!(
                s,
                "{} has {tokens} token{} on its sheet",
                self.player(*player),
                if *tokens == 1 { "" } else { "s" }
            ),
            EventKind::CardRevealed { player, card } => {
                write!(s, "{} shows {}", self.player(*player), self.card(*card))
            }
            EventKind::CardShownTo { player, card, to } => write!(
                s,
                "{} shows {} to {}",
                self.player(*player),
                self.card(*card),
                self.player(*to)
            ),
            EventKind::TokenGiven { player, source } => {
                write!(s, "{} gets a {}", self.player(*player), self.source(*source))
            }
            EventKind::DrawsWatched { viewer, drawer } => write!(
                s,
                "{} sees the cards {} draws this encounter",
                self.player(*viewer),
                self.player(*drawer)
            ),
            EventKind::EncounterDecided { side } => {
                write!(s, "the {side} wins the encounter at once")
            }
            EventKind::Declared { player, source } => {
                write!(
                    s,
                    "{} declares {}",
                    self.player(*player),
                    self.source(*source)
                )
            }
            EventKind::KindDeclared { player, kind } => {
                write!(s, "{} declares {}", self.player(*player), kind_words(*kind))
            }
            EventKind::Picked { player, picked } => write!(
                s,
                "{} picks {} for {}",
                self.player(*player),
                self.picked(picked),
                self.cause(e.cause)
            ),
            EventKind::ResourceGained { .. }
            | EventKind::ResourcePaid { .. }
            | EventKind::ResourceGiven { .. } => {
                s.push_str(&crate::resources::describe(self, &e.kind).unwrap_or_default());
                Ok(())
            }
            EventKind::KickerPlayed { player, card } => write!(
                s,
                "{} plays a kicker face down: {}",
                self.player(*player),
                self.card(*card)
            ),
            EventKind::ConeReversed => {
                s.push_str("the disc carries the reverse-cone sticker: the cone is reversed");
                Ok(())
            }
            EventKind::AttachmentDealt { player, attachment } => write!(
                s,
                "{} is dealt the {} {}",
                self.player(*player),
                self.attachment_kind(*attachment),
                self.attachment(*attachment)
            ),
        };
        s
    }

    /// One event as a JSON line: the event's fields plus its readable text. The log's first
    /// line, `game-started`, also carries the log's `format` (`LOG_FORMAT`).
    pub fn json(&self, e: &Event) -> String {
        let mut v = serde_json::to_value(e).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(map) = &mut v {
            if matches!(e.kind, EventKind::GameStarted { .. }) {
                map.insert("format".into(), LOG_FORMAT.into());
            }
            map.insert("text".into(), serde_json::Value::String(self.event(e)));
            map.insert(
                "source".into(),
                serde_json::Value::String(self.cause(e.cause)),
            );
        }
        v.to_string()
    }
}
