//! Every ruling under `tests/rulings/` is played, its trace snapshotted and its expectations
//! required to hold; every scenario under `tests/rulings-invalid/` must be refused with a
//! located diagnostic, also snapshotted. A new ruling is one new file, no new Rust.

// The scenario error is large but only ever returned once per file.
#![allow(clippy::result_large_err)]

use cosmic_tests::ruling::run_file_named;
use std::path::Path;

/// Runs a ruling, naming it by its path inside `tests/` so snapshots do not depend on where
/// the repository is checked out.
fn run_file(
    path: &Path,
) -> Result<cosmic_tests::ruling::Ruling, cosmic_tests::ruling::ScenarioError> {
    let dir = path
        .parent()
        .and_then(|d| d.file_name())
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    run_file_named(path, &format!("{dir}/{file}"))
}

fn render(e: cosmic_tests::ruling::ScenarioError) -> String {
    let mut out = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    handler.render_report(&mut out, &e).expect("render");
    out
}

#[test]
fn rulings_hold() {
    insta::glob!("../rulings", "*.toml", |path| {
        let ruling = run_file(path).unwrap_or_else(|e| panic!("{}", render(e)));
        insta::assert_snapshot!(ruling.render());
        assert!(ruling.passed(), "{}", ruling.render());
    });
}

#[test]
fn invalid_scenarios_are_refused_with_their_place() {
    insta::glob!("../rulings-invalid", "*.toml", |path| {
        match run_file(path) {
            Ok(r) => panic!(
                "{} should be refused, but it ran:\n{}",
                path.display(),
                r.render()
            ),
            Err(e) => {
                assert!(
                    e.span.is_some() || e.message.contains("cannot read"),
                    "no location: {}",
                    e.message
                );
                insta::assert_snapshot!(render(e));
            }
        }
    });
}
