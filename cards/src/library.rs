//! The built-in library ready to play: the component lists, the card files compiled, and
//! the runtime that plays them.

use crate::components::{edition_components, LoadError};
use cosmic_engine::{AlienSetup, Components, Edition};
use cosmic_interpreter::ir::{ItemKind, Program};
use cosmic_interpreter::runtime::{self, Runtime};
use cosmic_interpreter::SourceFile;
use std::sync::Arc;

/// A compiled library: what games are set up from and the hooks that play its cards.
pub struct Library {
    /// The compiled card files.
    pub program: Arc<Program>,
    /// The components, with the aliens and their flares.
    pub components: Arc<Components>,
    /// The sets of the aliens in a designer's own files: always played, whatever `--sets`.
    pub extra_sets: Vec<String>,
    /// The edition whose games the library plays.
    pub edition: Edition,
    /// What the edition's deck lacks (a whole game cannot be dealt while it lacks anything).
    pub missing: Vec<String>,
    /// What the reward deck lacks (a game with the rewards variant cannot be dealt while it
    /// lacks anything).
    pub reward_missing: Vec<String>,
    /// The planet hexes not written (a game with Eon's hexes variant cannot be dealt while
    /// one is missing: they are dealt from all six).
    pub hexes_missing: Vec<String>,
}

/// Component lists a player gives in place of the built-in ones (the file's name and text,
/// in the built-in list's format): a player holding printed cards whose list is not public
/// writes it and plays it, and a designer tries another deck.
#[derive(Default)]
pub struct OwnLists {
    /// The edition's deck (`cosmic-deck.toml`): FFG's cosmic deck, Eon's deck.
    pub cosmic_deck: Option<SourceFile>,
    /// The reward deck (`reward-deck.toml`; FFG games only).
    pub reward_deck: Option<SourceFile>,
}

/// The built-in library, compiled; a file with an error is refused with its first problem.
pub fn builtin_library() -> Result<Library, LoadError> {
    library_with(Vec::new())
}

/// The built-in library and a designer's own files (`extra`), compiled together; a file with
/// an error is refused with its first problem.
pub fn library_with(extra: Vec<SourceFile>) -> Result<Library, LoadError> {
    library_for(Edition::Ffg, extra)
}

/// The built-in files of `edition` (each file says its edition; FFG's when it does not) and
/// a designer's own files (`extra`), compiled together: each edition plays its own texts,
/// so an Eon edict and an FFG artifact of the same name never meet.
pub fn library_for(edition: Edition, extra: Vec<SourceFile>) -> Result<Library, LoadError> {
    library_from(edition, extra, &OwnLists::default())
}

/// As [`library_for`], with a player's own component lists in place of the built-in ones.
/// Only FFG games have a reward deck.
pub fn library_from(
    edition: Edition,
    extra: Vec<SourceFile>,
    lists: &OwnLists,
) -> Result<Library, LoadError> {
    if let (Some(deck), false) = (&lists.reward_deck, edition == Edition::Ffg) {
        return Err(LoadError {
            file: deck.name.clone(),
            message: format!(
                "a reward deck belongs to FFG games; the {} edition has none",
                edition.name()
            ),
            src: deck.text.clone(),
            span: None,
        });
    }
    let mut files: Vec<SourceFile> = crate::builtin_sources()
        .iter()
        .map(|(name, text)| SourceFile::new(*name, *text))
        .filter(|f| file_edition(f) == edition)
        .collect();
    let builtin = files.len();
    files.extend(extra);
    let reports = cosmic_interpreter::check(&files);
    for (f, r) in files.iter().zip(&reports) {
        if r.errors() > 0 {
            let message = match (r.syntax.first(), r.lints.iter().find(|l| !l.is_warning())) {
                (Some(e), _) => e.to_string(),
                (None, Some(l)) => l.to_string(),
                _ => "an error".to_string(),
            };
            return Err(LoadError {
                file: f.name.clone(),
                message: format!("{message} (run `cosmic lint` for every problem)"),
                src: f.text.clone(),
                span: None,
            });
        }
    }
    let (program, _) = cosmic_interpreter::compile::compile(&files);
    let program = Arc::new(program);
    let (mut base, mut missing) = edition_components(edition)?;
    if let Some(deck) = &lists.cosmic_deck {
        base.cosmic = crate::components::parse_cosmic_deck(&deck.name, &deck.text)?;
        missing = crate::components::missing_cards(&deck.name, &deck.text)?;
    }
    // A card played by its text needs its text: one the library does not have yet is missing.
    for def in &base.cosmic {
        let written = program
            .items
            .iter()
            .any(|i| i.name == def.name && i.kind.plays());
        if def.kind == cosmic_engine::CardKind::Artifact && !written {
            missing.push(format!(
                "the text of the {} `{}`",
                edition.words().artifact,
                def.name
            ));
        }
    }
    let mut hexes_missing = Vec::new();
    if edition == Edition::Eon {
        // The unique hexes are dealt from all six: one not written leaves the set short.
        for hex in crate::components::eon_hexes()? {
            let written = (program.items.iter()).any(|i| i.kind == ItemKind::Hex && i.name == hex);
            if !written {
                hexes_missing.push(format!("the planet hex `{hex}` (Expansion Set 9)"));
            }
        }
    }
    let mut components = runtime::components(&program, &base);
    // The reward deck's cards follow every other card definition, so the cosmic deck's
    // numbering is what it was; only a game with the rewards variant deals them.
    let mut reward_missing = Vec::new();
    if edition == Edition::Ffg {
        let (defs, lacks) = match &lists.reward_deck {
            Some(deck) => crate::components::reward_deck_from(&deck.name, &deck.text)?,
            None => crate::components::reward_deck()?,
        };
        reward_missing = lacks;
        for def in &defs {
            let written = (program.items.iter()).any(|i| i.name == def.name && i.kind.plays());
            if def.kind == cosmic_engine::CardKind::Artifact && !written {
                reward_missing.push(format!("the text of the artifact `{}`", def.name));
            }
        }
        components.cosmic.extend(defs);
    }
    if edition == Edition::Duel {
        missing.extend(components.duel.missing());
        let aliens = components.aliens.len();
        if aliens < cosmic_engine::duel::components::ALIENS {
            missing.push(format!(
                "aliens: {aliens} of {}",
                cosmic_engine::duel::components::ALIENS
            ));
        }
    }
    let extra_names: Vec<&str> = files[builtin..]
        .iter()
        .flat_map(|f| f.decls().map(|d| d.name.value.as_str()).collect::<Vec<_>>())
        .collect();
    let mut extra_sets: Vec<String> = components
        .aliens
        .iter()
        .filter(|a| extra_names.contains(&a.name.as_str()))
        .map(|a| a.set.clone())
        .collect();
    extra_sets.sort();
    extra_sets.dedup();
    Ok(Library {
        program,
        components: Arc::new(components),
        extra_sets,
        edition,
        missing,
        reward_missing,
        hexes_missing,
    })
}

/// The edition a content file is written for: its first component's `edition`, FFG's when
/// it names none.
fn file_edition(f: &SourceFile) -> Edition {
    f.decls()
        .find_map(|d| cosmic_interpreter::explain::property(d, "edition", &f.text))
        .and_then(|e| Edition::parse(&e).ok())
        .unwrap_or(Edition::Ffg)
}

impl Library {
    /// A digest of the compiled library: saves record it so a game is resumed only with the
    /// same cards.
    pub fn digest(&self) -> String {
        let mut bytes = serde_json::to_vec(&*self.program).unwrap_or_default();
        bytes.extend(serde_json::to_vec(&*self.components).unwrap_or_default());
        cosmic_engine::save::digest_of(&bytes)
    }

    /// Hooks that play this library's cards (one per thread: a runtime is not shared).
    pub fn runtime(&self) -> Runtime {
        Runtime::new(self.program.clone(), &self.components)
    }

    /// The alien names, in the components' order.
    pub fn alien_names(&self) -> Vec<&str> {
        self.components
            .aliens
            .iter()
            .map(|a| a.name.as_str())
            .collect()
    }

    /// The sets the library's aliens come from, in the library's order.
    pub fn sets(&self) -> Vec<&str> {
        let mut sets: Vec<&str> = Vec::new();
        for a in self.components.aliens.iter() {
            if !sets.contains(&a.set.as_str()) {
                sets.push(&a.set);
            }
        }
        sets
    }

    /// Reads a set selection (`base,incursion,conflict`): the sets whose aliens are dealt
    /// at random, boxed and whose flares fill the deck. The sets of a designer's own aliens
    /// (`--cards`) are always added.
    pub fn game_sets(&self, spec: &str) -> Result<Vec<String>, String> {
        let known = self.sets();
        // An edition with no alien written yet has no set: the default selection (FFG's base
        // set) selects none, and only a designer's own aliens are dealt.
        if known.is_empty() && spec.trim() == "base" {
            return Ok(self.extra_sets.clone());
        }
        let mut sets = Vec::new();
        for want in spec.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match known.iter().find(|k| k.eq_ignore_ascii_case(want)) {
                Some(k) => sets.push(k.to_string()),
                None => {
                    let hint = cosmic_interpreter::names::did_you_mean(want, known.iter().copied())
                        .map(|m| format!(" (did you mean `{m}`?)"))
                        .unwrap_or_default();
                    return Err(format!(
                        "no set named `{want}`{hint}; known: {}",
                        known.join(", ")
                    ));
                }
            }
        }
        if sets.is_empty() {
            return Err("name at least one set".into());
        }
        for s in &self.extra_sets {
            if !sets.contains(s) {
                sets.push(s.clone());
            }
        }
        Ok(sets)
    }

    /// Reads an alien selection: `none`, `random`, `flares` (two dealt, keep one), a
    /// comma-separated list of names, one per seat, or `combo:` and such a list, dealt to the
    /// seats at random (as from a cosmic combo card).
    pub fn alien_setup(&self, spec: &str, players: u8) -> Result<AlienSetup, String> {
        let lower = spec.trim().to_lowercase();
        if let Some(list) = lower.strip_prefix("combo:") {
            return match self.alien_setup(list, players)? {
                AlienSetup::Fixed(list) => Ok(AlienSetup::Combo(list)),
                _ => Err("`combo:` takes a list of alien names, one per seat".into()),
            };
        }
        match lower.as_str() {
            "none" => return Ok(AlienSetup::None),
            "random" => return Ok(AlienSetup::Random),
            "flares" | "dealt" => return Ok(AlienSetup::DealtFlares),
            _ => {}
        }
        let names = self.alien_names();
        let mut list = Vec::new();
        for want in spec.split(',').map(str::trim) {
            match names.iter().position(|n| n.eq_ignore_ascii_case(want)) {
                Some(i) => list.push(i as u16),
                None => {
                    let hint = cosmic_interpreter::names::did_you_mean(want, names.iter().copied())
                        .map(|m| format!(" (did you mean `{m}`?)"))
                        .unwrap_or_default();
                    return Err(format!(
                        "no alien named `{want}`{hint}; known: {}",
                        names.join(", ")
                    ));
                }
            }
        }
        if list.len() != players as usize {
            return Err(format!(
                "{} aliens listed for {players} players: give one per seat",
                list.len()
            ));
        }
        let mut seen = list.clone();
        seen.sort();
        seen.dedup();
        if seen.len() != list.len() {
            return Err("an alien is listed twice".into());
        }
        Ok(AlienSetup::Fixed(list))
    }

    /// Whether the program has an item of this kind and name.
    pub fn has(&self, kind: ItemKind, name: &str) -> bool {
        self.program
            .items
            .iter()
            .any(|i| i.kind == kind && i.name == name)
    }
}
