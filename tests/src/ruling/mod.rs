//! Rulings: scenario files that pin a rules interaction and check its outcome. A scenario
//! states the starting position, the scripted answers and the expectations; running it gives
//! the resolution trace (each event with the rule that caused it) and a pass/fail per check.

// A scenario error carries its file for rendering; it happens once per run, so its size on
// the error path does not matter.
#![allow(clippy::result_large_err)]

mod agent;
mod build;
mod captives;
mod duel;
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
        let (message, help) = plain(err.message());
        e.hint(
            span,
            format!("the scenario is not valid: {message}"),
            "here",
            help.unwrap_or_else(|| "see docs/rulings.md for the format".into()),
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
    let bytes = std::fs::read(path).map_err(|err| {
        error::Errors::new(&name, "").at(0..0, format!("cannot read {name}: {err}"), "here")
    })?;
    let src = String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        let line = err.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        error::Errors::new(&name, "").at(
            0..0,
            format!("cannot read {name}: the byte at offset {at} (line {line}) is not valid UTF-8"),
            "here",
        )
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

/// A TOML reader's message in plain words, with a hint when there is a better one than the
/// page (`unknown field` gets "did you mean").
fn plain(message: &str) -> (String, Option<String>) {
    let message = message.trim();
    // `unknown field `x`, expected one of `a`, `b``, or `expected `a``.
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((key, expected)) = rest.split_once('`') {
            let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            let help = match did_you_mean(key, known.iter().copied()) {
                Some(m) => format!("did you mean `{m}`?"),
                None if known.is_empty() => "this table takes no keys".into(),
                None => format!("the keys here are {}", known.join(", ")),
            };
            return (format!("`{key}` is not a key here"), Some(help));
        }
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        let key = rest.trim_end_matches('`');
        return (
            format!("the key `{key}` is missing"),
            Some(format!("add `{key} = ...` here (see docs/rulings.md)")),
        );
    }
    // `invalid type: string "four", expected u8` / `invalid value: integer `300`, expected u8`.
    for (prefix, what) in [
        ("invalid type: ", "found"),
        ("invalid value: ", "out of range:"),
    ] {
        if let Some(rest) = message.strip_prefix(prefix) {
            if let Some((found, expected)) = rest.split_once(", expected ") {
                let found = found.replace('`', "");
                return (
                    format!(
                        "{what} {found}, but this takes {}",
                        expected_words(expected)
                    ),
                    None,
                );
            }
        }
    }
    (message.to_string(), None)
}

/// What a value should be, in words (`u8` is "a whole number from 0 to 255").
fn expected_words(expected: &str) -> String {
    match expected.trim() {
        "u8" => "a whole number from 0 to 255".into(),
        "u16" => "a whole number from 0 to 65535".into(),
        "u32" | "u64" => "a whole number, 0 or more".into(),
        "i32" | "i64" => "a whole number".into(),
        "a boolean" => "`true` or `false`".into(),
        "a string" => "text in quotes, like \"Attack 08\"".into(),
        "a sequence" => "a list, like [\"Attack 08\", \"Negotiate\"]".into(),
        "a map" => "a table, like { key = value }".into(),
        other if other.starts_with("struct ") => "a table, like { key = value }".into(),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn reader_messages_are_put_in_plain_words() {
        let (m, h) = plain("unknown field `tokns`, expected one of `color`, `hand`, `tokens`");
        assert_eq!(m, "`tokns` is not a key here");
        assert_eq!(h.as_deref(), Some("did you mean `tokens`?"));
        let (m, _) = plain("invalid type: string \"four\", expected u8");
        assert_eq!(
            m,
            "found string \"four\", but this takes a whole number from 0 to 255"
        );
        let (m, _) = plain("invalid value: integer `300`, expected u8");
        assert_eq!(
            m,
            "out of range: integer 300, but this takes a whole number from 0 to 255"
        );
        let (m, h) = plain("missing field `title`");
        assert_eq!(m, "the key `title` is missing");
        assert!(h.is_some());
    }
}
