//! Turns a scenario into a game ready to play: seats, hands, decks, ships and the encounter
//! under way, each mistake reported at its place in the file.

use super::agent::{RulingAgent, Step, StepAnswer};
use super::error::{Errors, ScenarioError};
use super::scenario::{Scenario, ShipsSpec, EXPECT_KEYS, FORMAT};
use cosmic_engine::components::{DestinyKind, SpecialDestiny};
use cosmic_engine::piles::Back;
use cosmic_engine::state::GameState;
use cosmic_engine::Edition;
use cosmic_engine::{
    Agent, CardId, Color, Components, DecisionKind, Game, NoHooks, Options, Phase, PlanetId,
    PlayerId, Setup, Side,
};
use std::cell::RefCell;
use std::ops::Range;
use std::rc::Rc;
use std::sync::Arc;
use toml::Spanned;

/// A game set up from a scenario, with what the runner needs to know about it.
pub struct Prepared {
    /// The game, ready for its first turn.
    pub game: Game<'static>,
    /// The phase the first encounter starts at.
    pub start: Phase,
    /// How far to play.
    pub until: Until,
    /// The scripted answers (those not used yet), and what using them told.
    pub script: Rc<RefCell<super::agent::ScriptLog>>,
}

/// How far a ruling plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Until {
    /// One encounter.
    Encounter,
    /// The offense's whole turn.
    Turn,
    /// The offense's whole turn and the start turn phase of the next one.
    NextTurn,
    /// The whole game.
    Game,
    /// Duel: the destiny cards the position lists, one after the other.
    Destiny,
}

static HOOKS: NoHooks = NoHooks;

static LIBRARY: std::sync::OnceLock<Option<cosmic_cards::Library>> = std::sync::OnceLock::new();

/// The library rulings play, compiled once per process: the built-in one unless
/// [`use_library`] chose another first (`None` if it does not load).
pub fn library() -> Option<&'static cosmic_cards::Library> {
    LIBRARY
        .get_or_init(|| cosmic_cards::builtin_library().ok())
        .as_ref()
}

/// Plays rulings of `library`'s edition (FFG or Eon) with it (the built-in files and a
/// designer's) instead of the built-in one; returns false if a library of that edition was
/// already in use.
pub fn use_library(library: cosmic_cards::Library) -> bool {
    match library.edition {
        Edition::Eon => EON_LIBRARY.set(Some(library)).is_ok(),
        _ => LIBRARY.set(Some(library)).is_ok(),
    }
}

static EON_LIBRARY: std::sync::OnceLock<Option<cosmic_cards::Library>> = std::sync::OnceLock::new();

/// The Eon edition's built-in library, compiled once per process (`None` if it does not
/// load).
fn eon_library() -> Option<&'static cosmic_cards::Library> {
    EON_LIBRARY
        .get_or_init(|| cosmic_cards::library_for(Edition::Eon, Vec::new()).ok())
        .as_ref()
}

static DUEL_LIBRARY: std::sync::OnceLock<Option<cosmic_cards::Library>> =
    std::sync::OnceLock::new();

/// The Duel edition's built-in library, compiled once per process (`None` if it does not
/// load).
pub fn duel_library() -> Option<&'static cosmic_cards::Library> {
    DUEL_LIBRARY
        .get_or_init(|| cosmic_cards::library_for(Edition::Duel, Vec::new()).ok())
        .as_ref()
}

thread_local! {
    /// One runtime per thread, kept for the whole process (games borrow their hooks).
    static RUNTIME: Option<&'static cosmic_interpreter::runtime::Runtime> =
        library().map(|l| &*Box::leak(Box::new(l.runtime())));
    /// The Eon library's runtime, likewise.
    static EON_RUNTIME: Option<&'static cosmic_interpreter::runtime::Runtime> =
        eon_library().map(|l| &*Box::leak(Box::new(l.runtime())));
    /// The Duel library's runtime, likewise.
    static DUEL_RUNTIME: Option<&'static cosmic_interpreter::runtime::Runtime> =
        duel_library().map(|l| &*Box::leak(Box::new(l.runtime())));
}

/// The hooks rulings of `edition` play with: its library's runtime when it loads.
fn hooks(edition: Edition) -> &'static dyn cosmic_engine::Hooks {
    let runtime = match edition {
        Edition::Ffg => RUNTIME.with(|r| *r),
        Edition::Duel => DUEL_RUNTIME.with(|r| *r),
        Edition::Eon => EON_RUNTIME.with(|r| *r),
    };
    match runtime {
        Some(r) => r,
        None => &HOOKS,
    }
}

/// Every key of `[expect]` that is not one of its own is a player color with a table.
fn expect_keys(scn: &Scenario, e: &Errors) -> Result<(), ScenarioError> {
    for (key, value) in &scn.expect.players {
        // serde cannot keep spans through a flattened table: find the key in the file instead.
        let span = e.find_after("[expect", key);
        if Color::parse(key).is_none() {
            let colors = Color::ALL.map(|c| c.name().to_lowercase());
            let known = EXPECT_KEYS
                .iter()
                .copied()
                .chain(colors.iter().map(String::as_str));
            let help = match did_you_mean(key, known) {
                Some(m) => format!("did you mean `{m}`?"),
                None => format!(
                    "the keys here are {}, or a player color with a table like `blue = {{ warp = 2 }}`",
                    EXPECT_KEYS.join(", ")
                ),
            };
            return Err(e.hint(
                span,
                format!("`{key}` is neither a key of [expect] nor a player color"),
                "unknown key",
                help,
            ));
        }
        if !value.is_table() {
            return Err(e.hint(
                span,
                format!("`{key}` takes a table of what to check for that player"),
                "not a table",
                format!("write `{key} = {{ warp = 2, hand_size = 3 }}` (see docs/rulings.md)"),
            ));
        }
    }
    Ok(())
}

/// A seat's color by name, checked against the players in the game.
pub fn color(e: &Errors, s: &Spanned<String>, players: u8) -> Result<PlayerId, ScenarioError> {
    let c = Color::parse(s.get_ref()).ok_or_else(|| {
        e.hint(
            s.span(),
            format!("`{}` is not a player color", s.get_ref()),
            "unknown color",
            "colors are blue, green, purple, red, yellow, orange, black, white",
        )
    })?;
    let seat = Color::ALL.iter().position(|&x| x == c).unwrap_or(0) as u8;
    if seat >= players {
        return Err(e.hint(
            s.span(),
            format!("{c} is not in a {players}-player game"),
            "no such player",
            "colors are seated in order blue, green, purple, red, yellow, orange, black, white; raise `players`",
        ));
    }
    Ok(PlayerId(seat))
}

/// A planet by its name ("Red 2"), checked against the table.
pub fn planet(
    e: &Errors,
    name: &str,
    span: Range<usize>,
    g: &GameState,
) -> Result<PlanetId, ScenarioError> {
    let bad = || {
        e.hint(
            span.clone(),
            format!("`{name}` is not a planet"),
            "unknown planet",
            format!(
                "write a color and a number from 1 to {}, e.g. `Red 2`",
                g.rules.planets_per_player
            ),
        )
    };
    let (c, n) = name.trim().rsplit_once(' ').ok_or_else(bad)?;
    let color = Color::parse(c).ok_or_else(bad)?;
    let owner = g.player_of(color).ok_or_else(|| {
        e.at(
            span.clone(),
            format!("{color} is not in this game"),
            "no such player",
        )
    })?;
    let n: u8 = n.parse().map_err(|_| bad())?;
    if n == 0 || n > g.rules.planets_per_player {
        return Err(bad());
    }
    Ok(PlanetId { owner, n: n - 1 })
}

/// Card names known to the components, for "did you mean" hints.
fn card_names(c: &Components) -> Vec<&str> {
    c.cosmic.iter().map(|d| d.name.as_str()).collect()
}

pub use cosmic_interpreter::names::did_you_mean;

/// Takes a free card with this name out of `free`.
fn take_card(
    e: &Errors,
    s: &Spanned<String>,
    g: &mut GameState,
    c: &Components,
    free: &mut Vec<CardId>,
) -> Result<CardId, ScenarioError> {
    // `Morph (reward)`: the copy with the reward deck's back, where both decks hold the card.
    let (name, back) = match s.get_ref().trim().strip_suffix("(reward)") {
        Some(n) => (n.trim(), Some(Back::Reward)),
        None => (s.get_ref().trim(), None),
    };
    let named = |d: &cosmic_engine::components::CardDef| {
        d.name.eq_ignore_ascii_case(name) && back.is_none_or(|b| d.back == b)
    };
    let def = c.cosmic.iter().position(named);
    let Some(def) = def else {
        let mut err = e.at(
            s.span(),
            format!("there is no card named `{name}`"),
            "unknown card",
        );
        err.help = Some(match did_you_mean(name, card_names(c)) {
            Some(m) => format!("did you mean `{m}`?"),
            None => "card names are written as printed, e.g. `Attack 08`, `Negotiate`, `Reinforcement +3`".into(),
        });
        return Err(err);
    };
    // A free copy of the first definition of that name, else of another (the reward deck's).
    let i = free
        .iter()
        .position(|&id| g.cards[id.0 as usize].def as usize == def)
        .or_else(|| {
            free.iter().position(|&id| {
                let d = g.cards[id.0 as usize].def as usize;
                c.cosmic.get(d).is_some_and(named)
            })
        });
    // A flare is in the deck only when its alien was dealt; a scenario naming one brings
    // its single copy into the game.
    let is_flare = c.cosmic[def].kind == cosmic_engine::CardKind::Flare;
    if i.is_none() && is_flare && !g.cards.iter().any(|ci| ci.def as usize == def) {
        let id = CardId(g.cards.len() as u16);
        g.cards.push(cosmic_engine::state::CardInfo {
            kind: cosmic_engine::CardKind::Flare,
            def: def as u16,
            back: Default::default(),
        });
        return Ok(id);
    }
    match i {
        Some(i) => Ok(free.remove(i)),
        None => {
            let copies = c.cosmic[def].count;
            Err(e.hint(
                s.span(),
                format!(
                    "the deck has only {copies} `{}` and all are used already",
                    c.cosmic[def].name
                ),
                "no copy left",
                "each physical card can be in one place only",
            ))
        }
    }
}

fn destiny_matches(card: &cosmic_engine::components::DestinyDef, name: &str) -> Option<bool> {
    let n = name.trim().to_lowercase();
    // An Eon disc with the reverse-cone sticker is named `<color> reverse-cone`.
    let (n, sticker) = match n.strip_suffix(" reverse-cone") {
        Some(color) => (color.to_string(), true),
        None => (n, false),
    };
    if card.reverse_cone != sticker {
        return Some(false);
    }
    // `<color> hazard` is a card with a hazard warning, `<color> plain` one without; a
    // color alone is either.
    let (n, warning) = match (n.strip_suffix(" hazard"), n.strip_suffix(" plain")) {
        (Some(color), _) => (color.to_string(), Some(true)),
        (_, Some(color)) => (color.to_string(), Some(false)),
        _ => (n, None),
    };
    if warning.is_some_and(|w| w != card.hazard) {
        return Some(false);
    }
    let kind = card.kind;
    Some(match n.as_str() {
        "wild" => kind == DestinyKind::Wild,
        "most-foreign-colonies" => {
            kind == DestinyKind::Special(SpecialDestiny::MostForeignColonies)
        }
        "fewest-ships-in-warp" => kind == DestinyKind::Special(SpecialDestiny::FewestShipsInWarp),
        "most-cards-in-hand" => kind == DestinyKind::Special(SpecialDestiny::MostCardsInHand),
        _ => kind == DestinyKind::Color(Color::parse(&n)?),
    })
}

/// The scripted answers, per player, and the agents that give them; `seat` reads a
/// player's colour.
#[allow(clippy::type_complexity)]
fn script(
    scn: &Scenario,
    e: &Errors,
    players: u8,
    seat: impl Fn(&Spanned<String>) -> Result<PlayerId, ScenarioError>,
) -> Result<(Rc<RefCell<super::agent::ScriptLog>>, Vec<Box<dyn Agent>>), ScenarioError> {
    let mut steps: Vec<Vec<Step>> = (0..players).map(|_| Vec::new()).collect();
    for a in &scn.answer {
        let p = seat(&a.player)?;
        let kind = parse_kind(e, &a.decision)?;
        let answer = match (&a.answer, &a.deal) {
            (Some(t), None) => StepAnswer::Text(t.get_ref().clone()),
            (None, Some(d)) => StepAnswer::Deal(Box::new(super::agent::deal_names(d))),
            (None, None) => {
                return Err(e.at(
                    a.player.span(),
                    "this answer gives neither `answer` nor `deal`",
                    "incomplete answer",
                ))
            }
            (Some(t), Some(_)) => {
                return Err(e.at(
                    t.span(),
                    "give either `answer` or `deal`, not both",
                    "two answers",
                ))
            }
        };
        let options = match &a.options {
            Some(o) if o.get_ref().is_empty() => {
                return Err(e.hint(
                    o.span(),
                    "an empty `options` list can never match",
                    "no options",
                    "a decision without options is never asked: list every option the engine must offer, as it words them, e.g. `options = [\"Green 1\", \"Green 2\"]`",
                ))
            }
            Some(o) => Some((o.get_ref().clone(), o.span())),
            None => None,
        };
        steps[p.ix()].push(Step {
            kind,
            answer,
            span: a.decision.span(),
            options,
        });
    }
    let script = Rc::new(RefCell::new(super::agent::ScriptLog::new(steps)));
    let agents: Vec<Box<dyn Agent>> = (0..players)
        .map(|i| Box::new(RulingAgent::new(PlayerId(i), script.clone())) as Box<dyn Agent>)
        .collect();
    Ok((script, agents))
}

/// Sets up the Duel position a scenario describes (`duel.rs`).
fn prepare_duel(scn: &Scenario, e: &Errors) -> Result<Prepared, ScenarioError> {
    let library =
        duel_library().ok_or_else(|| e.at(0..0, "the Duel library does not load", "here"))?;
    let (script, agents) = script(scn, e, 2, |s| super::duel::seat(e, s))?;
    let with_text = scn.card_text || scn.player.iter().any(|p| p.alien.is_some());
    let hooks: &'static dyn cosmic_engine::Hooks = if with_text {
        hooks(Edition::Duel)
    } else {
        &HOOKS
    };
    let (game, until) = super::duel::build(scn, e, library, agents, hooks)?;
    Ok(Prepared {
        game,
        start: Phase::StartTurn,
        until,
        script,
    })
}

/// Sets up the game a scenario describes.
pub fn prepare(
    scn: &Scenario,
    e: &Errors,
    components: Arc<Components>,
) -> Result<Prepared, ScenarioError> {
    if *scn.format.get_ref() != FORMAT {
        return Err(e.at(
            scn.format.span(),
            format!("format {} is not supported", scn.format.get_ref()),
            "here",
        ));
    }
    expect_keys(scn, e)?;
    let edition = match &scn.edition {
        None => Edition::Ffg,
        Some(ed) => Edition::parse(ed.get_ref()).map_err(|m| {
            e.hint(
                ed.span(),
                m,
                "unknown edition",
                "use `ffg`, `eon` or `duel`",
            )
        })?,
    };
    if edition == Edition::Duel {
        return prepare_duel(scn, e);
    }
    super::duel::refuse_in_ffg(scn, e)?;
    // An Eon ruling plays the Eon library's components: its deck is known only in part, but
    // a ruling stacks the hands and the deck's top it needs.
    let components = match edition {
        Edition::Ffg | Edition::Duel => components,
        Edition::Eon => eon_library()
            .map(|l| l.components.clone())
            .ok_or_else(|| e.at(0..0, "the Eon library does not load", "here"))?,
    };
    let seats = match edition {
        Edition::Ffg | Edition::Duel => 3..=8,
        Edition::Eon => cosmic_engine::eon::PLAYERS,
    };
    // Enough seats for every color named in the file.
    let mut needed = 3u8;
    let mut note = |s: &Spanned<String>| {
        if let Some(c) = Color::parse(s.get_ref()) {
            needed = needed.max(Color::ALL.iter().position(|&x| x == c).unwrap_or(0) as u8 + 1);
        }
    };
    scn.player.iter().for_each(|p| note(&p.color));
    scn.offense.iter().for_each(&mut note);
    if let Some(enc) = &scn.encounter {
        note(&enc.defense);
    }
    let players = match &scn.players {
        Some(p) if !seats.contains(p.get_ref()) => {
            return Err(e.at(
                p.span(),
                format!(
                    "{} players: the game seats {} to {}",
                    p.get_ref(),
                    seats.start(),
                    seats.end()
                ),
                "out of range",
            ))
        }
        Some(p) => *p.get_ref(),
        None => needed,
    };
    let until = match scn.until.as_ref().map(|u| (u.get_ref().as_str(), u.span())) {
        None | Some(("encounter", _)) => Until::Encounter,
        Some(("turn", _)) => Until::Turn,
        Some(("next-turn", _)) => Until::NextTurn,
        Some(("game", _)) => Until::Game,
        Some((other, span)) => {
            const UNTIL: [&str; 4] = ["encounter", "turn", "next-turn", "game"];
            return Err(e.hint(
                span,
                format!("`{other}` is not how far a ruling can play"),
                "unknown",
                match did_you_mean(other, UNTIL) {
                    Some(m) => format!("did you mean `{m}`?"),
                    None => "use `encounter`, `turn`, `next-turn` (the turn and the start of the next) or `game`".into(),
                },
            ));
        }
    };

    let (script, agents) = script(scn, e, players, |s| color(e, s, players))?;
    // Techs named in the file replace the dealing at setup.
    let arranged_techs = !scn.deck.tech.is_empty() || scn.player.iter().any(|p| p.techs.is_some());
    // So do hexes (Eon's unique hexes are dealt from all six, which the library may lack).
    let arranged_hexes = scn.player.iter().any(|p| p.hex.is_some());
    let mut variants = scn.variants.clone();
    if arranged_techs {
        variants.tech = false;
    }
    if arranged_hexes {
        variants.hexes = false;
    }
    let setup = Setup {
        edition,
        variants,
        ..Setup::new(players, scn.seed)
    };
    let options = Options {
        record_events: true,
        check_invariants: true,
        // The answers given, for the decision lines of the trace.
        record_answers: true,
        no_late_observer: false,
    };
    // Card text plays when a player has an alien or a tech, or the file asks for it
    // (`card_text = true`, for artifacts alone); otherwise the rules alone are pinned.
    let with_text = scn.card_text
        || scn.player.iter().any(|p| {
            p.alien.is_some() || p.hex.is_some() || p.techs.as_ref().is_some_and(|t| !t.is_empty())
        });
    let hooks: &'static dyn cosmic_engine::Hooks = if with_text { hooks(edition) } else { &HOOKS };
    let mut game = Game::new(&setup, components.clone(), agents, hooks, options)
        .map_err(|err| e.at(0..0, format!("the game cannot be set up: {err}"), "here"))?;
    let g = game.state_mut();
    if until == Until::Encounter {
        g.rules.encounters_per_turn = 1;
    }
    if let Some(o) = &scn.offense {
        g.offense = color(e, o, players)?;
    } else {
        g.offense = PlayerId(0);
    }

    arrange_cards(scn, e, g, &components)?;
    arrange_ships(scn, e, g)?;
    if arranged_techs {
        if !scn.variants.tech {
            return Err(e.at(
                0..0,
                "techs are named but the technology variant is off",
                "here",
            ));
        }
        g.rules.tech = true;
        arrange_techs(scn, e, g, &components)?;
    }
    if arranged_hexes {
        if !scn.variants.hexes {
            return Err(e.at(0..0, "hexes are named but the hexes variant is off", "here"));
        }
        // The variant's numbers (four bases win), as setup would have set them.
        g.rules.hexes = true;
        g.rules.colonies_to_win = cosmic_engine::Rules::new(edition, &scn.variants).colonies_to_win;
        for spec in &scn.player {
            if let Some(name) = &spec.hex {
                let p = color(e, &spec.color, players)?;
                let hex = hex_index(e, name, &components)?;
                g.players[p.ix()].attachments.push(hex);
            }
        }
    }
    arrange_destiny(scn, e, g)?;
    arrange_hazards(scn, e, g, &components)?;
    let start = arrange_encounter(scn, e, g, &components)?;
    super::captives::arrange_stacks(scn, e, g)?;
    super::captives::arrange_holds(scn, e, g)?;
    // The colony track and the powers follow the board.
    for p in 0..players as usize {
        let id = PlayerId(p as u8);
        g.players[p].track = g.foreign_colonies(id);
        let active = g.home_colonies(id) >= g.rules.home_colonies_for_power;
        g.players[p].power_active = active;
    }
    for spec in &scn.player {
        let p = color(e, &spec.color, players)?;
        if let Some(alien) = &spec.alien {
            let i = alien_index(e, alien, &components)?;
            g.players[p.ix()].alien = Some(i);
            // Hidden powers: sheets start face down, save those with game setup text.
            g.players[p.ix()].face_down =
                g.rules.hidden_powers && !components.aliens[i as usize].game_setup;
        }
        for name in &spec.powers {
            let alien = alien_index(e, name, &components)?;
            g.players[p.ix()]
                .gained
                .push(cosmic_engine::state::GainedPower {
                    alien,
                    tech: None,
                    incarnation: true,
                });
        }
        if let Some(lucre) = spec.lucre {
            (g.players[p.ix()].resources).set(cosmic_engine::Resource::Lucre, lucre);
        }
        if let Some(tokens) = spec.tokens {
            g.effects.tokens[p.ix()] = tokens.max(0);
        }
        arrange_tokens(spec, p, e, g, &components)?;
        if let Some(power) = &spec.power {
            let p = color(e, &spec.color, players)?;
            if *power.get_ref() != g.players[p.ix()].power_active {
                return Err(e.hint(
                    power.span(),
                    format!("{}'s power is {} with {} home colonies", g.players[p.ix()].color, if g.players[p.ix()].power_active { "on" } else { "off" }, g.home_colonies(p)),
                    "disagrees with the board",
                    "the power is on exactly when the player has 3 or more home colonies (2 with four planets)",
                ));
            }
        }
    }
    // The box: the aliens the file names (so a random draw is pinned), else every one not
    // in play.
    g.unused_aliens = if scn.deck.aliens.is_empty() {
        (0..components.aliens.len() as u16)
            .filter(|&a| !g.players.iter().any(|p| p.has_alien(a)))
            .collect()
    } else {
        let mut boxed = Vec::new();
        for name in &scn.deck.aliens {
            let a = alien_index(e, name, &components)?;
            if boxed.contains(&a) || g.players.iter().any(|p| p.has_alien(a)) {
                return Err(e.at(name.span(), "this alien is in play or named twice", "here"));
            }
            boxed.push(a);
        }
        boxed.sort_unstable();
        boxed
    };
    cosmic_engine::invariants::check(g, &components).map_err(|m| {
        e.at(
            0..0,
            format!("the scenario's state is impossible: {m}"),
            "here",
        )
    })?;
    Ok(Prepared {
        game,
        start,
        until,
        script,
    })
}

/// The tokens a player keeps face down beside planets and on its sheet, by the kind card text
/// names (`trap token`).
fn arrange_tokens(
    spec: &crate::ruling::scenario::PlayerSpec,
    p: PlayerId,
    e: &Errors,
    g: &mut GameState,
    components: &Components,
) -> Result<(), ScenarioError> {
    let kind = |name: &str, span: Range<usize>| -> Result<u32, ScenarioError> {
        let found = (components.sources.iter()).position(|s| s == name.trim());
        found.map(|i| i as u32).ok_or_else(|| {
            e.hint(
                span,
                format!("no card text places a `{name}`"),
                "unknown token",
                "name the kind as card text places it, e.g. `trap token`",
            )
        })
    };
    if let Some(map) = &spec.hidden_tokens {
        for (name, what) in map.get_ref() {
            let planet = planet(e, name, map.span(), g)?;
            let key = kind(what, map.span())?;
            g.planet_tokens.push(cosmic_engine::state::PlanetToken {
                planet: Some(planet),
                key,
                owner: p,
                face_down: true,
            });
        }
    }
    for what in &spec.sheet_tokens {
        let key = kind(what.get_ref(), what.span())?;
        g.planet_tokens.push(cosmic_engine::state::PlanetToken {
            planet: None,
            key,
            owner: p,
            face_down: true,
        });
    }
    Ok(())
}

/// The index of the planet hex a file names, or an error with the closest name.
fn hex_index(
    e: &Errors,
    hex: &Spanned<String>,
    components: &Components,
) -> Result<u16, ScenarioError> {
    let names: Vec<&str> = (components.attachments_of(cosmic_engine::eon::HEX))
        .map(|a| components.attachments[a as usize].name.as_str())
        .collect();
    match (components.attachments_of(cosmic_engine::eon::HEX)).find(|&a| {
        components.attachments[a as usize]
            .name
            .eq_ignore_ascii_case(hex.get_ref())
    }) {
        Some(a) => Ok(a),
        None => {
            let hint =
                cosmic_interpreter::names::did_you_mean(hex.get_ref(), names.iter().copied())
                    .map(|m| format!("did you mean `{m}`? "))
                    .unwrap_or_default();
            Err(e.hint(
                hex.span(),
                format!("no planet hex named `{}`", hex.get_ref()),
                "unknown hex",
                format!("{hint}known hexes: {}", names.join(", ")),
            ))
        }
    }
}

/// The index of the alien a file names, or an error with the closest name.
fn alien_index(
    e: &Errors,
    alien: &Spanned<String>,
    components: &cosmic_engine::components::Components,
) -> Result<u16, ScenarioError> {
    let names: Vec<&str> = components.aliens.iter().map(|a| a.name.as_str()).collect();
    let Some(i) = names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(alien.get_ref()))
    else {
        let hint = cosmic_interpreter::names::did_you_mean(alien.get_ref(), names.iter().copied())
            .map(|m| format!("did you mean `{m}`? "))
            .unwrap_or_default();
        return Err(e.hint(
            alien.span(),
            format!("no alien named `{}`", alien.get_ref()),
            "unknown alien",
            format!("{hint}known aliens: {}", names.join(", ")),
        ));
    };
    Ok(i as u16)
}

fn parse_kind(e: &Errors, s: &Spanned<String>) -> Result<DecisionKind, ScenarioError> {
    const ALL: [DecisionKind; DecisionKind::ALL.len()] = DecisionKind::ALL;
    let name = s.get_ref().trim();
    ALL.into_iter().find(|k| k.name() == name).ok_or_else(|| {
        let mut err = e.at(
            s.span(),
            format!("`{name}` is not a decision"),
            "unknown decision",
        );
        err.help = Some(match did_you_mean(name, ALL.iter().map(|k| k.name())) {
            Some(m) => format!("did you mean `{m}`?"),
            None => format!(
                "decisions are: {}",
                ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
            ),
        });
        err
    })
}

/// Hands, the top of the deck, encounter cards, and where the rest of the cards go.
fn arrange_cards(
    scn: &Scenario,
    e: &Errors,
    g: &mut GameState,
    c: &Components,
) -> Result<(), ScenarioError> {
    let players = g.player_count() as u8;
    // Every card goes back to one pool, deck order first, then hands in seat order.
    let mut free: Vec<CardId> = std::mem::take(&mut g.piles.cosmic.draw);
    free.extend(std::mem::take(&mut g.piles.cosmic.discard));
    // The reward deck's cards (rewards variant) after the cosmic deck's.
    free.extend(std::mem::take(&mut g.piles.reward.draw));
    free.extend(std::mem::take(&mut g.piles.reward.discard));
    free.extend(g.aside.drain(..).map(|a| a.card));
    let dealt: Vec<Vec<CardId>> = g
        .players
        .iter_mut()
        .map(|p| std::mem::take(&mut p.hand))
        .collect();
    for h in &dealt {
        free.extend(h.iter().copied());
    }
    let mut listed = vec![false; players as usize];
    for spec in &scn.player {
        let p = color(e, &spec.color, players)?;
        if let Some(hand) = &spec.hand {
            listed[p.ix()] = true;
            for name in hand {
                let card = take_card(e, name, g, c, &mut free)?;
                g.players[p.ix()].hand.push(card);
            }
        }
        for name in spec.sheet.iter().flatten() {
            let card = take_card(e, name, g, c, &mut free)?;
            g.aside.push(cosmic_engine::state::AsideCard {
                card,
                owner: p,
                at: cosmic_engine::state::Aside::Sheet,
                until: None,
            });
        }
        if spec.sheet_open {
            g.effects.lasting.push(cosmic_engine::effects::Effect {
                by: p,
                until: cosmic_engine::effects::Until::EndOfGame,
                what: cosmic_engine::effects::Lasting::SheetAccess,
            });
        }
    }
    let mut top = Vec::new();
    for name in &scn.deck.cosmic {
        top.push(take_card(e, name, g, c, &mut free)?);
    }
    let mut reward_top = Vec::new();
    for name in &scn.deck.reward {
        let card = take_card(e, name, g, c, &mut free)?;
        if g.cards[card.0 as usize].back != Back::Reward {
            return Err(e.at(
                name.span(),
                format!("`{}` is not a reward deck card", name.get_ref()),
                "not in the reward deck",
            ));
        }
        reward_top.push(card);
    }
    if let Some(enc) = &scn.encounter {
        if let Some(cards) = &enc.cards {
            for (i, name) in [&cards.offense, &cards.defense].into_iter().enumerate() {
                let card = take_card(e, name, g, c, &mut free)?;
                if !g.cards[card.0 as usize].kind.is_encounter() {
                    return Err(e.at(
                        name.span(),
                        format!("`{}` is not an encounter card", name.get_ref()),
                        "not attack, negotiate or morph",
                    ));
                }
                g.encounter.cards[i] = Some(card);
            }
        }
    }
    // The reward deck's free cards go back to it, never into a hand.
    let (mut reward_free, rest): (Vec<CardId>, Vec<CardId>) = free
        .into_iter()
        .partition(|&card| g.cards[card.0 as usize].back == Back::Reward);
    free = rest;
    // Unlisted players keep what they were dealt, as far as it is still free.
    for (p, hand) in dealt.iter().enumerate() {
        if listed[p] {
            continue;
        }
        for card in hand {
            if let Some(i) = free.iter().position(|x| x == card) {
                free.remove(i);
                g.players[p].hand.push(*card);
            }
        }
    }
    let hand_size = g.rules.hand_size as usize;
    for (p, is_listed) in listed.iter().enumerate() {
        while !is_listed && g.players[p].hand.len() < hand_size && !free.is_empty() {
            let card = free.remove(0);
            g.players[p].hand.push(card);
        }
    }
    // The rest of the cards must be somewhere: the last unlisted player holds them.
    let holder = |option: &str| {
        (0..players as usize).rev().find(|&p| !listed[p]).ok_or_else(|| {
            e.hint(0..0, format!("`{option} = true` needs a player whose hand is not listed to hold the other cards"), "here", "leave one player's hand unlisted")
        })
    };
    if scn.deck.no_encounter_cards {
        let p = holder("no_encounter_cards")?;
        let (held, rest): (Vec<CardId>, Vec<CardId>) = free
            .into_iter()
            .partition(|&card| g.cards[card.0 as usize].kind.is_encounter());
        g.players[p].hand.extend(held);
        free = rest;
    }
    if scn.deck.empty {
        g.piles.cosmic.discard = Vec::new();
        if !free.is_empty() {
            let p = holder("empty")?;
            g.players[p].hand.append(&mut free);
        }
    }
    // The deck: the free cards, with the named ones on top (the top is the end).
    if scn.deck.reward_empty && !reward_free.is_empty() {
        let p = holder("reward_empty")?;
        g.players[p].hand.append(&mut reward_free);
    }
    g.piles.cosmic.draw = free;
    g.piles.cosmic.draw.extend(top.into_iter().rev());
    g.piles.reward.draw = reward_free;
    g.piles.reward.draw.extend(reward_top.into_iter().rev());
    Ok(())
}

/// A tech written as in a scenario: `Name`, `Name: 2` (ships on it) or `Name: completed`.
pub fn tech_spec(
    e: &Errors,
    s: &Spanned<String>,
    components: &Components,
) -> Result<cosmic_engine::state::HeldTech, ScenarioError> {
    let (name, rest) = match s.get_ref().split_once(':') {
        Some((n, r)) => (n.trim(), Some(r.trim())),
        None => (s.get_ref().trim(), None),
    };
    let names: Vec<&str> = components.techs.iter().map(|t| t.name.as_str()).collect();
    let Some(tech) = names.iter().position(|n| n.eq_ignore_ascii_case(name)) else {
        let hint = cosmic_interpreter::names::did_you_mean(name, names.iter().copied())
            .map(|m| format!("did you mean `{m}`? "))
            .unwrap_or_default();
        return Err(e.hint(
            s.span(),
            format!("no tech named `{name}`"),
            "unknown tech",
            format!("{hint}known techs: {}", names.join(", ")),
        ));
    };
    let (ships, completed) = match rest {
        None => (0, false),
        Some("completed") => (0, true),
        Some(n) => match n.parse::<u8>() {
            Ok(k) => (k, false),
            Err(_) => {
                return Err(e.hint(
                    s.span(),
                    format!("`{n}` is neither a number of ships nor `completed`"),
                    "bad tech state",
                    "write `\"Name\"`, `\"Name: 2\"` (ships on it) or `\"Name: completed\"`",
                ))
            }
        },
    };
    Ok(cosmic_engine::state::HeldTech {
        tech: tech as u16,
        ships,
        completed,
        revealed: false,
    })
}

/// The players' techs and the top of the tech deck as the file names them; every other tech
/// is in the deck below them (none in the discard pile). Ships on techs come from the warp.
fn arrange_techs(
    scn: &Scenario,
    e: &Errors,
    g: &mut GameState,
    components: &Components,
) -> Result<(), ScenarioError> {
    let players = g.player_count() as u8;
    let mut used: Vec<u16> = Vec::new();
    for spec in &scn.player {
        let p = color(e, &spec.color, players)?;
        let Some(list) = &spec.techs else {
            continue;
        };
        for t in list {
            let held = tech_spec(e, t, components)?;
            if used.contains(&held.tech) {
                return Err(e.at(t.span(), "this tech is named twice", "named twice"));
            }
            if g.players[p.ix()].warp < held.ships {
                return Err(e.hint(
                    t.span(),
                    "not enough ships in the warp to put on this tech",
                    "too many ships",
                    "ships on techs come from the ships not placed on colonies",
                ));
            }
            g.players[p.ix()].warp -= held.ships;
            used.push(held.tech);
            g.players[p.ix()].techs.push(held);
        }
    }
    let mut top = Vec::new();
    for t in &scn.deck.tech {
        let held = tech_spec(e, t, components)?;
        if used.contains(&held.tech) {
            return Err(e.at(t.span(), "this tech is named twice", "named twice"));
        }
        used.push(held.tech);
        top.push(held.tech);
    }
    let four = g.rules.planets_per_player == 4;
    let mut deck: Vec<u16> = (0..components.techs.len() as u16)
        .filter(|t| !used.contains(t))
        .filter(|&t| {
            !(four
                && components.techs[t as usize]
                    .research
                    .is_some_and(|r| r >= 8))
        })
        .collect();
    deck.reverse();
    deck.extend(top.into_iter().rev());
    g.techs.draw = deck;
    Ok(())
}

/// The top of the hazard deck as the file names it, every other copy under it.
fn arrange_hazards(
    scn: &Scenario,
    e: &Errors,
    g: &mut GameState,
    components: &Components,
) -> Result<(), ScenarioError> {
    if scn.deck.hazard.is_empty() {
        return Ok(());
    }
    if g.rules.hazards.is_off() {
        return Err(e.at(
            scn.deck.hazard[0].span(),
            "hazards are named but the hazard deck variant is off",
            "write `variants = { hazards = true }`",
        ));
    }
    let mut rest: Vec<u16> = (components.hazards.iter().enumerate())
        .flat_map(|(h, d)| std::iter::repeat_n(h as u16, d.count as usize))
        .collect();
    let mut top = Vec::new();
    for name in &scn.deck.hazard {
        let Some(h) =
            (components.hazards.iter()).position(|d| d.name.eq_ignore_ascii_case(name.get_ref()))
        else {
            return Err(e.at(
                name.span(),
                format!("no hazard named `{}`", name.get_ref()),
                "unknown hazard",
            ));
        };
        let Some(i) = rest.iter().position(|&x| x == h as u16) else {
            return Err(e.at(name.span(), "no copy of this hazard left", "no copy left"));
        };
        top.push(rest.remove(i));
    }
    rest.extend(top.into_iter().rev());
    g.hazards.draw = rest;
    g.hazards.discard.clear();
    Ok(())
}

/// Each listed player's colonies; the rest of their ships are in the warp.
fn arrange_ships(scn: &Scenario, e: &Errors, g: &mut GameState) -> Result<(), ScenarioError> {
    let players = g.player_count() as u8;
    let per = g.rules.ships_per_player as u32;
    for spec in &scn.player {
        let p = color(e, &spec.color, players)?;
        let Some(colonies) = &spec.colonies else {
            continue;
        };
        for pl in g.planets.iter_mut() {
            pl.ships[p.ix()] = 0;
        }
        let mut total = spec.removed as u32 + spec.praw as u32;
        for (name, &n) in colonies.get_ref() {
            let id = planet(e, name, colonies.span(), g)?;
            g.planet_ships_mut(id)[p.ix()] = n;
            total += n as u32;
        }
        if total > per {
            return Err(e.hint(
                colonies.span(),
                format!("{} has {total} ships here but owns only {per}", g.players[p.ix()].color),
                "too many ships",
                "each player owns 20 ships (16 with four planets); ships not on planets are in the warp",
            ));
        }
        g.players[p.ix()].removed = spec.removed;
        g.players[p.ix()].praw = spec.praw;
        g.players[p.ix()].warp = (per - total) as u8;
    }
    Ok(())
}

/// A destiny card an alien's setup text shuffles in, named with its owner's color as the log
/// shows it (`Invasion! (blue)`): its name and the color.
fn content_destiny(name: &str) -> Option<(String, Color)> {
    let name = name.trim();
    let (n, color) = name.strip_suffix(')')?.rsplit_once(" (")?;
    Some((n.trim().to_string(), Color::parse(&color.to_lowercase())?))
}

/// Rulings do not run game setup text: the content destiny cards the position names
/// (`Invasion! (blue)`) are shuffled in here for their owners, as many as it names, as
/// `shuffle [...] into the destiny deck` does at setup.
fn add_content_destiny(scn: &Scenario, g: &mut GameState) {
    let named = (scn.deck.destiny.iter())
        .chain(
            scn.deck
                .destiny_only
                .iter()
                .flat_map(|o| o.get_ref().iter()),
        )
        .filter_map(|n| content_destiny(n.get_ref()));
    for (name, color) in named {
        let Some(owner) = g.seats().find(|p| g.players[p.ix()].color == color) else {
            continue;
        };
        let Ok(id) = u8::try_from(g.destiny_cards.len()) else {
            break;
        };
        g.destiny_cards.push(cosmic_engine::components::DestinyDef {
            kind: DestinyKind::Content { owner },
            hazard: false,
            reverse_cone: false,
            name: Some(name),
        });
        g.destiny.draw.push(cosmic_engine::ids::DestinyId(id));
    }
}

/// The named destiny cards on top of the destiny deck, or (`destiny_only`) the whole deck
/// with every other destiny card in the discard pile.
fn arrange_destiny(scn: &Scenario, e: &Errors, g: &mut GameState) -> Result<(), ScenarioError> {
    add_content_destiny(scn, g);
    let take = |pool: &mut Vec<cosmic_engine::ids::DestinyId>,
                name: &Spanned<String>,
                g: &GameState|
     -> Result<cosmic_engine::ids::DestinyId, ScenarioError> {
        let found = pool.iter().position(|d| {
            let card = &g.destiny_cards[d.0 as usize];
            match (card.kind, content_destiny(name.get_ref())) {
                (DestinyKind::Content { owner }, Some((n, c))) => {
                    g.players[owner.ix()].color == c
                        && card
                            .name
                            .as_deref()
                            .is_some_and(|m| m.eq_ignore_ascii_case(&n))
                }
                (DestinyKind::Content { .. }, None) => false,
                _ => destiny_matches(card, name.get_ref()).unwrap_or(false),
            }
        });
        match found {
            Some(i) => Ok(pool.remove(i)),
            None => Err(e.hint(
                name.span(),
                format!("no destiny card `{}` is left in this game", name.get_ref()),
                "unknown or used up",
                "write a color in play, `wild`, `most-foreign-colonies`, `fewest-ships-in-warp`, `most-cards-in-hand`, or a destiny card an alien's setup shuffles in with its owner's color (`Invasion! (blue)`); the destiny deck holds three cards of each color in play, two wilds and one of each special",
            )),
        }
    };
    if let Some(only) = &scn.deck.destiny_only {
        if let Some(first) = scn.deck.destiny.first() {
            return Err(e.hint(
                first.span(),
                "give either `destiny` (the top of the destiny deck) or `destiny_only` (the whole deck), not both",
                "two destiny decks",
                "`destiny_only` lists the whole destiny deck, top first",
            ));
        }
        if only.get_ref().is_empty() {
            return Err(e.hint(
                only.span(),
                "the destiny deck is never empty",
                "no destiny cards",
                "the deck is reshuffled when one card is left: list at least one card",
            ));
        }
        let mut pool = std::mem::take(&mut g.destiny.draw);
        pool.extend(std::mem::take(&mut g.destiny.discard));
        let mut deck = Vec::new();
        for name in only.get_ref() {
            deck.push(take(&mut pool, name, g)?);
        }
        // The top of the deck is its end.
        g.destiny.draw = deck.into_iter().rev().collect();
        g.destiny.discard = pool;
        return Ok(());
    }
    let mut top = Vec::new();
    for name in &scn.deck.destiny {
        let mut pool = std::mem::take(&mut g.destiny.draw);
        let card = take(&mut pool, name, g);
        g.destiny.draw = pool;
        top.push(card?);
    }
    g.destiny.draw.extend(top.into_iter().rev());
    Ok(())
}

/// The encounter under way, if the scenario starts inside one.
fn arrange_encounter(
    scn: &Scenario,
    e: &Errors,
    g: &mut GameState,
    _c: &Components,
) -> Result<Phase, ScenarioError> {
    let Some(enc) = &scn.encounter else {
        return Ok(Phase::StartTurn);
    };
    let players = g.player_count() as u8;
    let phase = match enc.phase.get_ref().as_str() {
        "launch" => Phase::Launch,
        "alliance" => Phase::Alliance,
        "planning" => Phase::Planning,
        "reveal" => Phase::Reveal,
        other => {
            return Err(e.hint(enc.phase.span(), format!("an encounter cannot start at `{other}`"), "unknown phase", "use launch, alliance, planning or reveal (or leave [encounter] out to start at the start of the turn)"))
        }
    };
    let defense = color(e, &enc.defense, players)?;
    if defense == g.offense {
        return Err(e.at(
            enc.defense.span(),
            "the defense cannot be the offense",
            "same player",
        ));
    }
    g.encounter.defense = Some(defense);
    g.encounter.number = 1;
    match &enc.planet {
        Some(s) => g.encounter.planet = Some(planet(e, s.get_ref(), s.span(), g)?),
        None if phase > Phase::Launch => {
            return Err(e.at(
                enc.phase.span(),
                "an encounter past launch needs its `planet`",
                "planet missing",
            ))
        }
        None => {}
    }
    if phase == Phase::Reveal && enc.cards.is_none() {
        return Err(e.at(
            enc.phase.span(),
            "an encounter starting at reveal needs its `cards`",
            "cards missing",
        ));
    }
    for (table, to_gate) in [(&enc.gate, true), (&enc.beside, false)] {
        for (name, ships) in table.get_ref() {
            let at = e.find_within(table.span(), name);
            let p = color(e, &Spanned::new(at.clone(), name.clone()), players)?;
            let side = if to_gate {
                Side::Offense
            } else {
                Side::Defense
            };
            if p == g.offense && !to_gate || Some(p) == g.encounter.defense {
                return Err(e.at(
                    at,
                    format!(
                        "{} cannot have ships {}",
                        g.players[p.ix()].color,
                        if to_gate {
                            "on the gate"
                        } else {
                            "beside the planet"
                        }
                    ),
                    "wrong side",
                ));
            }
            if p != g.offense {
                g.encounter.ally[p.ix()] = Some(side);
            }
            let n = match ships {
                ShipsSpec::Count(n) => {
                    take_ships(g, p, *n).map_err(|m| e.at(at, m, "not enough ships"))?;
                    *n
                }
                ShipsSpec::From(from) => take_ships_from(e, g, p, from, table.span())?,
            };
            if to_gate {
                g.encounter.gate[p.ix()] = n;
            } else {
                g.encounter.beside[p.ix()] = n;
            }
        }
    }
    Ok(phase)
}

/// Takes ships for the encounter from the named colonies of `p`; returns how many.
fn take_ships_from(
    e: &Errors,
    g: &mut GameState,
    p: PlayerId,
    from: &std::collections::BTreeMap<String, u8>,
    table: Range<usize>,
) -> Result<u8, ScenarioError> {
    let mut total = 0u8;
    for (name, &n) in from {
        let at = e.find_within(table.clone(), name);
        let id = planet(e, name, at.clone(), g)?;
        let there = g.ships_on(id, p);
        if n > there {
            let c = g.players[p.ix()].color;
            return Err(e.hint(
                at,
                format!(
                    "{c} has {there} ship{} on {name}, not {n}",
                    if there == 1 { "" } else { "s" }
                ),
                "not enough ships",
                format!("ships in the encounter come from {c}'s colonies as `[[player]] colonies` leaves them"),
            ));
        }
        if n == 0 {
            return Err(e.hint(
                at,
                format!("no ships come from {name}"),
                "zero ships",
                "list only the colonies ships come from",
            ));
        }
        g.planet_ships_mut(id)[p.ix()] -= n;
        total = total.saturating_add(n);
    }
    Ok(total)
}

/// Takes `n` ships for the encounter from the warp's spare ships, or else from the player's
/// fullest colonies.
fn take_ships(g: &mut GameState, p: PlayerId, n: u8) -> Result<(), String> {
    let mut left = n;
    let from_warp = g.players[p.ix()].warp.min(left);
    g.players[p.ix()].warp -= from_warp;
    left -= from_warp;
    while left > 0 {
        let best = g.colonies(p).max_by_key(|&id| g.ships_on(id, p));
        let Some(id) = best else {
            return Err(format!(
                "{} has no ships left for the encounter",
                g.players[p.ix()].color
            ));
        };
        g.planet_ships_mut(id)[p.ix()] -= 1;
        left -= 1;
    }
    Ok(())
}
