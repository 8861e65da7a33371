//! `cosmic lint`: checks content files (the built-in library when no path is given) and
//! prints every problem like rustc does, or as JSON.

use clap::{Args, ValueEnum};
use cosmic_interpreter::{check, FileReport, SourceFile};
use miette::{Diagnostic, NamedSource, Report};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// How diagnostics are printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Rendered for a terminal, with the source and a label under each problem.
    Text,
    /// One JSON document listing every diagnostic.
    Json,
}

/// Options of `cosmic lint`.
#[derive(Args)]
pub struct LintArgs {
    /// Files or folders of `.cosmic` files (default: the built-in library).
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Treat warnings as errors.
    #[arg(long)]
    deny_warnings: bool,
}

/// The built-in library plus the content files under `paths` (none: the built-in one alone).
pub fn load_library(paths: &[PathBuf]) -> miette::Result<cosmic_cards::Library> {
    load_edition_library(cosmic_engine::Edition::Ffg, paths)
}

/// The built-in library of `edition` plus the content files under `paths`; a component list
/// among them (`cosmic-deck.toml`, `reward-deck.toml`) replaces the built-in one.
pub fn load_edition_library(
    edition: cosmic_engine::Edition,
    paths: &[PathBuf],
) -> miette::Result<cosmic_cards::Library> {
    let mut found = Vec::new();
    for p in paths {
        find_lists(p, &mut found)?;
    }
    let mut lists = cosmic_cards::OwnLists::default();
    for name in LISTS {
        let given: Vec<&PathBuf> = found
            .iter()
            .filter(|p| p.file_name().is_some_and(|n| n == name))
            .collect();
        if let [first, second, ..] = given[..] {
            return Err(miette::miette!(
                code = "cosmic::components::given_twice",
                help = "give one list of each component: a game has one of each deck",
                "two `{name}` lists among the card files: {} and {}",
                first.display(),
                second.display()
            ));
        }
        let Some(path) = given.first() else { continue };
        let file = SourceFile::new(path.display().to_string(), read_text(path)?);
        match name {
            COSMIC_DECK => lists.cosmic_deck = Some(file),
            _ => lists.reward_deck = Some(file),
        }
    }
    let cosmic = content_paths(paths);
    let extra = if cosmic.is_empty() {
        Vec::new()
    } else {
        read_sources(&cosmic)?
    };
    Ok(cosmic_cards::library_from(edition, extra, &lists)?)
}

/// The name of a list of the edition's deck among the card files.
const COSMIC_DECK: &str = "cosmic-deck.toml";
/// The component lists that can be given among the card files, by file name (each in the
/// format of the built-in list of that name).
const LISTS: [&str; 2] = [COSMIC_DECK, "reward-deck.toml"];

/// The paths among `paths` that hold content files, not a component list.
pub fn content_paths(paths: &[PathBuf]) -> Vec<PathBuf> {
    paths.iter().filter(|p| !is_toml(p)).cloned().collect()
}

fn is_toml(p: &Path) -> bool {
    p.is_file() && p.extension().is_some_and(|x| x == "toml")
}

fn is_list(p: &Path) -> bool {
    p.file_name().is_some_and(|n| LISTS.iter().any(|l| n == *l))
}

/// The component lists under `p` (itself, or in its folders); another `.toml` file given by
/// name is refused, as no other component list can be given.
fn find_lists(p: &Path, out: &mut Vec<PathBuf>) -> miette::Result<()> {
    if p.is_dir() {
        for e in sorted_entries(p)? {
            if e.is_dir() || is_list(&e) {
                find_lists(&e, out)?;
            }
        }
    } else if is_toml(p) {
        if !is_list(p) {
            return Err(miette::miette!(
                code = "cosmic::components::unknown_list",
                help = format!(
                    "the component lists that can be given are {}, each in the format of the built-in list of that name (cards/ffg/)",
                    LISTS.map(|l| format!("`{l}`")).join(" and ")
                ),
                "{} is not a card file or a component list",
                p.display()
            ));
        }
        out.push(p.to_path_buf());
    }
    Ok(())
}

/// Reads `--edition`.
pub fn parse_edition(name: &str) -> miette::Result<cosmic_engine::Edition> {
    cosmic_engine::Edition::parse(name).map_err(|e| {
        miette::miette!(
            help = "e.g. --edition ffg (the default), --edition eon or --edition duel",
            "--edition: {e}"
        )
    })
}

/// Refuses to deal a game from a library whose edition's components are not all confirmed
/// (the Eon deck lacks cards the rule book does not list): never a made-up deck.
pub fn check_dealable(
    library: &cosmic_cards::Library,
    variants: &cosmic_engine::Variants,
) -> miette::Result<()> {
    if !library.missing.is_empty() {
        // Duel's components are content files, not a deck list.
        let own = match library.edition {
            cosmic_engine::Edition::Duel => "",
            _ => "; a player holding the printed cards gives the deck's list as `cosmic-deck.toml` with --cards",
        };
        return Err(miette::miette!(
            code = "cosmic::edition::incomplete",
            help = format!("card texts are written only once confirmed from an official source; the engine plays the edition, and rulings can set up its positions (see docs/rulings.md){own}"),
            "a whole {} game cannot be dealt: its components are not all confirmed; missing:\n  - {}",
            library.edition.name(),
            library.missing.join("\n  - ")
        ));
    }
    // Eon's hexes are dealt from all six: the variant waits for every one to be written.
    if variants.hexes && !library.hexes_missing.is_empty() {
        return Err(miette::miette!(
            code = "cosmic::edition::incomplete",
            help = "card texts are written only once confirmed from an official source; a hex of your own can be given with --cards",
            "a game with the planet hexes cannot be dealt: they are not all written; missing:\n  - {}",
            library.hexes_missing.join("\n  - ")
        ));
    }
    // The reward deck is known only in part too (Cosmic Incursion's printed list is not public).
    if variants.rewards && !library.reward_missing.is_empty() {
        return Err(miette::miette!(
            code = "cosmic::edition::incomplete",
            help = "the reward deck's cards are written only once confirmed from an official source; the engine plays its rules, and rulings can set up its positions with `variants = { rewards = true }` (see docs/rulings.md); a player holding the printed cards gives their list as `reward-deck.toml` with --cards",
            "a game with the reward deck cannot be dealt: its cards are not all confirmed; missing:\n  - {}",
            library.reward_missing.join("\n  - ")
        ));
    }
    Ok(())
}

/// Reads every `.cosmic` file under the given paths (folders recursively, sorted).
pub fn read_sources(paths: &[PathBuf]) -> miette::Result<Vec<SourceFile>> {
    if paths.is_empty() {
        return Ok(cosmic_cards::builtin_sources()
            .iter()
            .map(|(name, text)| SourceFile::new(format!("cards/{name}"), *text))
            .collect());
    }
    let mut files = Vec::new();
    for p in paths {
        collect(p, &mut files)?;
    }
    files
        .into_iter()
        .map(|p| {
            let text = read_text(&p)?;
            Ok(SourceFile::new(p.display().to_string(), text))
        })
        .collect()
}

/// A folder's entries, sorted (so files are read in the same order on every machine).
fn sorted_entries(p: &Path) -> miette::Result<Vec<PathBuf>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
        .map_err(|e| miette::miette!("cannot read {}: {e}", p.display()))?
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    Ok(entries)
}

fn collect(p: &Path, out: &mut Vec<PathBuf>) -> miette::Result<()> {
    if p.is_dir() {
        for e in sorted_entries(p)? {
            if e.is_dir() || e.extension().is_some_and(|x| x == "cosmic") {
                collect(&e, out)?;
            }
        }
        Ok(())
    } else if p.exists() {
        out.push(p.to_path_buf());
        Ok(())
    } else {
        Err(miette::miette!(
            help = "give a .cosmic file or a folder of them",
            "{} does not exist",
            p.display()
        ))
    }
}

/// One diagnostic as JSON (and as the language server reports it).
#[derive(Serialize)]
pub struct JsonDiagnostic {
    file: String,
    /// `error` or `warning`.
    pub severity: &'static str,
    /// `cosmic::area::name`.
    pub code: String,
    /// What is wrong.
    pub message: String,
    line: usize,
    column: usize,
    /// The byte offset of the first label.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The labels' texts.
    pub labels: Vec<String>,
    /// How to fix it.
    pub help: Option<String>,
}

/// Every problem of a file's report, in the order `lint` prints them (syntax errors, then
/// lints), each with whether it is a warning.
pub fn problems(report: &FileReport) -> impl Iterator<Item = (&dyn Diagnostic, bool)> {
    let syntax = report.syntax.iter().map(|e| (e as &dyn Diagnostic, false));
    syntax.chain(
        report
            .lints
            .iter()
            .map(|l| (l as &dyn Diagnostic, l.is_warning())),
    )
}

/// One diagnostic of `file` in the shape `lint --format json` prints.
pub fn to_json(file: &SourceFile, d: &dyn Diagnostic, warning: bool) -> JsonDiagnostic {
    let labels: Vec<_> = d.labels().map(|l| l.collect()).unwrap_or_default();
    let (start, end) = labels
        .first()
        .map(|l: &miette::LabeledSpan| (l.offset(), l.offset() + l.len()))
        .unwrap_or((0, 0));
    let before = &file.text[..start.min(file.text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    JsonDiagnostic {
        file: file.name.clone(),
        severity: if warning { "warning" } else { "error" },
        code: d.code().map(|c| c.to_string()).unwrap_or_default(),
        message: d.to_string(),
        line,
        column,
        start,
        end,
        labels: labels
            .iter()
            .filter_map(|l| l.label().map(str::to_string))
            .collect(),
        help: d.help().map(|h| h.to_string()),
    }
}

/// Lints; returns the process exit code (1 on errors, or on warnings with `--deny-warnings`).
pub fn run(args: LintArgs) -> miette::Result<i32> {
    let files = read_sources(&args.paths)?;
    let reports = check(&files);
    let (mut errors, mut warnings) = (0, 0);
    let mut json = Vec::new();
    for (file, report) in files.iter().zip(&reports) {
        errors += report.errors();
        warnings += report.warnings();
        if args.format == Format::Json {
            json.extend(problems(report).map(|(d, warning)| to_json(file, d, warning)));
            continue;
        }
        let source = || NamedSource::new(&file.name, file.text.clone());
        for e in &report.syntax {
            eprintln!("{:?}", Report::new(e.clone()).with_source_code(source()));
        }
        for l in &report.lints {
            eprintln!("{:?}", Report::new(l.clone()).with_source_code(source()));
        }
    }
    match args.format {
        Format::Json => crate::json::print_list("diagnostics", &json)?,
        Format::Text => println!(
            "{} file{} checked: {errors} error{}, {warnings} warning{}",
            files.len(),
            if files.len() == 1 { "" } else { "s" },
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        ),
    }
    let failed = errors > 0 || (args.deny_warnings && warnings > 0);
    Ok(i32::from(failed))
}

/// A text file's contents; a file that is not UTF-8 is named with the offset of its first
/// bad byte.
pub fn read_text(path: &Path) -> miette::Result<String> {
    let bytes =
        std::fs::read(path).map_err(|e| miette::miette!("cannot read {}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        miette::miette!(
            help = "save the file as UTF-8 text",
            "{} is not UTF-8 text: the byte at offset {at} (line {}) is not valid UTF-8",
            path.display(),
            e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1
        )
    })
}
