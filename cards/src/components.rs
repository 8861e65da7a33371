//! Component lists (the cosmic and destiny decks) read from TOML.

use cosmic_engine::components::{
    CardDef, CardKind, Components, DestinyDef, DestinyKind, SpecialDestiny,
};
use cosmic_engine::piles::Back;
use cosmic_engine::{Color, Edition};
use serde::Deserialize;

/// The FFG base game's cosmic deck.
const FFG_BASE_COSMIC: &str = include_str!("../ffg/base/cosmic-deck.toml");
/// The FFG destiny deck for all eight colors.
const FFG_BASE_DESTINY: &str = include_str!("../ffg/base/destiny-deck.toml");
/// Cosmic Incursion's reward deck, as far as its cards are confirmed, and what it lacks.
const FFG_INCURSION_REWARDS: &str = include_str!("../ffg/incursion/reward-deck.toml");
/// The Eon deck, as far as its cards are confirmed, and what it lacks.
const EON_DECK: &str = include_str!("../eon/deck.toml");
/// The Eon destiny pile: the star discs of six colors.
const EON_DESTINY: &str = include_str!("../eon/destiny-pile.toml");
/// The names of Eon's six planet hexes (each is a content file of its own when written).
const EON_HEXES: &str = include_str!("../eon/hexes.toml");

/// Each FFG expansion's list of its aliens, written or not (`<set>/aliens.toml`).
const FFG_SET_LISTS: &[(&str, &str)] = &[
    (
        "ffg/incursion/aliens.toml",
        include_str!("../ffg/incursion/aliens.toml"),
    ),
    (
        "ffg/conflict/aliens.toml",
        include_str!("../ffg/conflict/aliens.toml"),
    ),
];

/// The format version these files are written in.
const FORMAT: u32 = 1;

/// A component file that cannot be read.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{file}: {message}")]
#[diagnostic(code(cosmic::components::invalid))]
pub struct LoadError {
    /// The file's name.
    pub file: String,
    /// What is wrong.
    pub message: String,
    /// The file's text.
    #[source_code]
    pub src: String,
    /// Where.
    #[label("here")]
    pub span: Option<miette::SourceSpan>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CosmicFile {
    format: u32,
    /// What a deck known only in part lacks, in words (none for a whole deck).
    #[serde(default)]
    missing: Vec<String>,
    card: Vec<CosmicEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CosmicEntry {
    name: String,
    #[serde(rename = "type")]
    ty: String,
    value: Option<i16>,
    count: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DestinyFile {
    format: u32,
    card: Vec<DestinyEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DestinyEntry {
    color: Option<String>,
    #[serde(default)]
    wild: bool,
    special: Option<SpecialDestiny>,
    #[serde(default)]
    hazard: bool,
    #[serde(default)]
    reverse_cone: bool,
}

fn error(
    file: &str,
    src: &str,
    message: String,
    span: Option<std::ops::Range<usize>>,
) -> LoadError {
    LoadError {
        file: file.to_string(),
        message,
        src: src.to_string(),
        span: span.map(|r| (r.start, r.end - r.start).into()),
    }
}

fn from_toml<T: for<'de> Deserialize<'de>>(file: &str, src: &str) -> Result<T, LoadError> {
    toml::from_str(src).map_err(|e| error(file, src, e.message().to_string(), e.span()))
}

/// Refuses files written in a format this version cannot read.
fn check_format(file: &str, src: &str, format: u32) -> Result<(), LoadError> {
    if format == FORMAT {
        Ok(())
    } else {
        let message = format!("format {format} is not supported (expected {FORMAT})");
        Err(error(file, src, message, None))
    }
}

/// Reads a cosmic deck list.
pub fn parse_cosmic_deck(file: &str, src: &str) -> Result<Vec<CardDef>, LoadError> {
    parse_deck(file, src, Back::Cosmic)
}

/// Reads a deck list whose cards have `back` (the cosmic deck's, or the reward deck's).
pub fn parse_deck(file: &str, src: &str, back: Back) -> Result<Vec<CardDef>, LoadError> {
    let f: CosmicFile = from_toml(file, src)?;
    check_format(file, src, f.format)?;
    f.card
        .into_iter()
        .map(|c| {
            let value = |what: &str| {
                c.value
                    .ok_or_else(|| error(file, src, format!("{what} `{}` needs a value", c.name), None))
            };
            let crooked = c.ty == "crooked-deal";
            let kind = match c.ty.as_str() {
                "attack" => CardKind::Attack(value("attack card")?),
                // Eon's compromise is the rules' negotiate (the Complete Book §VI.2-3); a
                // crooked deal counts as a negotiate (Cosmic Incursion).
                "negotiate" | "compromise" | "crooked-deal" => CardKind::Negotiate,
                "rift" => CardKind::Rift(value("rift")?),
                "morph" => CardKind::Morph,
                "reinforcement" => CardKind::Reinforcement(value("reinforcement card")?),
                // Eon's edict plays as an artifact does: face up from the hand by its text,
                // then discarded (§XIV).
                "artifact" | "edict" => CardKind::Artifact,
                "flare" => CardKind::Flare,
                "kicker" => CardKind::Kicker(value("kicker")?),
                other => {
                    return Err(error(
                        file,
                        src,
                        format!(
                            "`{other}` is not a card type (attack, negotiate, morph, reinforcement, artifact, flare, compromise, edict, kicker, crooked-deal, rift)"
                        ),
                        None,
                    ))
                }
            };
            Ok(CardDef {
                name: c.name,
                kind,
                count: c.count,
                back,
                crooked,
            })
        })
        .collect()
}

/// Reads a destiny deck list.
pub fn parse_destiny_deck(file: &str, src: &str) -> Result<Vec<DestinyDef>, LoadError> {
    let f: DestinyFile = from_toml(file, src)?;
    check_format(file, src, f.format)?;
    f.card
        .into_iter()
        .map(|c| {
            let kind = match (c.color, c.wild, c.special) {
                (Some(name), false, None) => {
                    DestinyKind::Color(Color::parse(&name).ok_or_else(|| {
                        error(file, src, format!("`{name}` is not a player color"), None)
                    })?)
                }
                (None, true, None) => DestinyKind::Wild,
                (None, false, Some(s)) => DestinyKind::Special(s),
                _ => {
                    return Err(error(
                        file,
                        src,
                        "each destiny card is exactly one of: a color, wild, or a special".into(),
                        None,
                    ))
                }
            };
            Ok(DestinyDef {
                kind,
                hazard: c.hazard,
                reverse_cone: c.reverse_cone,
                name: None,
            })
        })
        .collect()
}

/// A set's list of its components of one kind, by name (`ffg/incursion/aliens.toml`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetListFile {
    format: u32,
    set: String,
    kind: String,
    names: Vec<String>,
}

/// Every component of one kind a set holds, written as a content file or not: what
/// `cosmic cards --set` compares with the files to say what is not written yet. Games deal
/// only from the files written, so the list never blocks one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetList {
    /// The set (`incursion`), as content files name it with `set`.
    pub set: String,
    /// The kind of component (`alien`).
    pub kind: String,
    /// Every name in the set, as printed.
    pub names: Vec<String>,
}

/// The FFG expansions' lists of their components (`ffg/<set>/<kinds>.toml`).
pub fn set_lists() -> Result<Vec<SetList>, LoadError> {
    FFG_SET_LISTS
        .iter()
        .map(|(file, src)| {
            let f: SetListFile = from_toml(file, src)?;
            check_format(file, src, f.format)?;
            Ok(SetList {
                set: f.set,
                kind: f.kind,
                names: f.names,
            })
        })
        .collect()
}

/// The list of an edition's planet hexes (`eon/hexes.toml`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HexesFile {
    #[allow(dead_code)]
    format: u32,
    hexes: Vec<String>,
}

/// The names of the Eon edition's planet hexes, all of which a game with the unique hexes
/// deals from (the Complete Book §III.1, §XVIII).
pub fn eon_hexes() -> Result<Vec<String>, LoadError> {
    let f: HexesFile = from_toml("eon/hexes.toml", EON_HEXES)?;
    Ok(f.hexes)
}

/// What a deck known only in part lacks (`missing` in its file); empty for a whole deck.
pub fn missing_cards(file: &str, src: &str) -> Result<Vec<String>, LoadError> {
    let f: CosmicFile = from_toml(file, src)?;
    Ok(f.missing)
}

/// The components of the built-in library (the FFG base game).
pub fn builtin_components() -> Result<Components, LoadError> {
    Ok(Components {
        cosmic: parse_cosmic_deck("ffg/base/cosmic-deck.toml", FFG_BASE_COSMIC)?,
        destiny: parse_destiny_deck("ffg/base/destiny-deck.toml", FFG_BASE_DESTINY)?,
        aliens: Vec::new(),
        sources: Vec::new(),
        techs: Vec::new(),
        hazards: Vec::new(),
        duel: Default::default(),
        attachments: Vec::new(),
    })
}

/// Cosmic Incursion's reward deck (the cards confirmed so far, each with the reward deck's
/// back) and what it lacks: a game cannot be dealt from it, a ruling's stacked cards can.
pub fn reward_deck() -> Result<(Vec<CardDef>, Vec<String>), LoadError> {
    reward_deck_from("ffg/incursion/reward-deck.toml", FFG_INCURSION_REWARDS)
}

/// A reward deck list in the built-in one's format (`file` names it in errors), with what it
/// says it lacks: a player holding the printed cards can write the whole list and play it.
pub fn reward_deck_from(file: &str, src: &str) -> Result<(Vec<CardDef>, Vec<String>), LoadError> {
    Ok((
        parse_deck(file, src, Back::Reward)?,
        missing_cards(file, src)?,
    ))
}

/// The built-in components of an edition, and what its deck lacks (the Eon deck is known
/// only in part: a game cannot be dealt from it, a ruling's stacked hands can).
pub fn edition_components(edition: Edition) -> Result<(Components, Vec<String>), LoadError> {
    match edition {
        Edition::Ffg => Ok((builtin_components()?, Vec::new())),
        Edition::Eon => Ok((
            Components {
                cosmic: parse_cosmic_deck("eon/deck.toml", EON_DECK)?,
                destiny: parse_destiny_deck("eon/destiny-pile.toml", EON_DESTINY)?,
                aliens: Vec::new(),
                sources: Vec::new(),
                techs: Vec::new(),
                hazards: Vec::new(),
                duel: Default::default(),
                attachments: Vec::new(),
            },
            missing_cards("eon/deck.toml", EON_DECK)?,
        )),
        // Duel's components are all content files (`Components::duel`, gathered from the
        // compiled library); what they lack is counted there.
        Edition::Duel => Ok((
            Components {
                cosmic: Vec::new(),
                destiny: Vec::new(),
                aliens: Vec::new(),
                sources: Vec::new(),
                techs: Vec::new(),
                hazards: Vec::new(),
                duel: Default::default(),
                attachments: Vec::new(),
            },
            Vec::new(),
        )),
    }
}
