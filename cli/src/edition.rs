//! `--edition`: which rule book a game follows, and whether the library can play it.

use cosmic_cards::Library;
use cosmic_engine::Edition;
use miette::miette;

/// Reads `--edition` (`ffg` or `duel`).
pub fn parse(name: &str) -> Result<Edition, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "ffg" => Ok(Edition::Ffg),
        "duel" => Ok(Edition::Duel),
        other => Err(format!("unknown edition `{other}`; known: ffg, duel")),
    }
}

/// Refuses an edition the library cannot play as its rule book's components make it, naming
/// what is missing: a Duel game is never played on a made-up deck.
pub fn check_playable(edition: Edition, library: &Library) -> miette::Result<()> {
    if edition != Edition::Duel {
        return Ok(());
    }
    let missing = library.components.duel.missing();
    if missing.is_empty() {
        return Ok(());
    }
    Err(miette!(
        code = "cosmic::edition::incomplete",
        help = "Duel card texts are written only once confirmed from an official source (see cards/duel/README.md); the engine plays Duel, but the library cannot deal a game yet",
        "--edition duel: the card library lacks Duel components the rule book lists:\n  {}",
        missing.join("\n  ")
    ))
}
