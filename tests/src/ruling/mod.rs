//! Rulings: scenario files that pin a rules interaction and check its outcome. A scenario
//! states the starting position, the scripted answers and the expectations; running it gives
//! the resolution trace (each event with the rule that caused it) and a pass/fail per check.

// A scenario error carries its file for rendering; it happens once per run, so its size on
// the error path does not matter.
#![allow(clippy::result_large_err)]

mod agent;
mod build;
mod error;
mod run;
mod scenario;

pub use build::{did_you_mean, use_library};
pub use error::ScenarioError;
pub use run::{Check, Ruling};
pub use scenario::FORMAT;

use cosmic_engine::Components;
use std::sync::Arc;

/// Runs the ruling in `src` (named `name` in errors) on `components`.
pub fn run_source(
    name: &str,
    src: &str,
    components: Arc<Components>,
) -> Result<Ruling, ScenarioError> {
    let e = error::Errors::new(name, src);
    let scn: scenario::Scenario = toml::from_str(src).map_err(|err| {
        let span = err.span().unwrap_or(0..0);
        e.hint(
            span,
            format!("the scenario is not valid: {}", err.message()),
            "here",
            "see docs/rulings.md for the format",
        )
    })?;
    let prepared = build::prepare(&scn, &e, components)?;
    run::play(&scn, &e, prepared)
}

/// Runs the ruling file at `path` on the built-in library.
pub fn run_file(path: &std::path::Path) -> Result<Ruling, ScenarioError> {
    run_file_named(path, &path.display().to_string())
}

/// Runs the ruling file at `path`, calling it `name` in diagnostics.
pub fn run_file_named(path: &std::path::Path, name: &str) -> Result<Ruling, ScenarioError> {
    let name = name.to_string();
    let src = std::fs::read_to_string(path).map_err(|err| {
        error::Errors::new(&name, "").at(0..0, format!("cannot read {name}: {err}"), "here")
    })?;
    let components = match build::library() {
        Some(l) => l.components.clone(),
        None => Arc::new(cosmic_cards::builtin_components().map_err(|err| {
            error::Errors::new(&name, &src).at(
                0..0,
                format!("the built-in library does not load: {err}"),
                "here",
            )
        })?),
    };
    run_source(&name, &src, components)
}
