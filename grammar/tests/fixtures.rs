//! Data-driven parser tests: every `fixtures/valid/*.cosmic` parses without error, every
//! `fixtures/invalid/*.cosmic` gives at least one; each gets one snapshot (tree, then rendered
//! diagnostics) after its spans are checked. Valid fixtures also round-trip through the formatter.

mod common;

use std::path::Path;

use cosmic_grammar::{format, parse, same_modulo_spans};

fn read(path: &Path) -> (String, String) {
    let source = std::fs::read_to_string(path).expect("fixture is readable");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (name, source)
}

#[test]
fn valid_fixtures() {
    insta::glob!("fixtures/valid/*.cosmic", |path| {
        let (name, source) = read(path);
        let parsed = parse(&source);
        if let Err(problem) = common::check_spans(&source, &parsed) {
            panic!("{name}: {problem}");
        }
        let doc = common::document(&name, &source, &parsed);
        assert!(parsed.errors.is_empty(), "{name} has errors:\n{doc}");
        insta::assert_snapshot!(doc);
    });
}

#[test]
fn invalid_fixtures() {
    insta::glob!("fixtures/invalid/*.cosmic", |path| {
        let (name, source) = read(path);
        let parsed = parse(&source);
        if let Err(problem) = common::check_spans(&source, &parsed) {
            panic!("{name}: {problem}");
        }
        assert!(!parsed.errors.is_empty(), "{name} parsed without error");
        insta::assert_snapshot!(common::document(&name, &source, &parsed));
    });
}

#[test]
fn valid_fixtures_round_trip_through_the_formatter() {
    insta::glob!("fixtures/valid/*.cosmic", |path| {
        let (name, source) = read(path);
        let first = parse(&source);
        let formatted = format(&first.file);
        let second = parse(&formatted);
        assert!(
            second.errors.is_empty(),
            "{name}: formatted output does not parse:\n{formatted}\n{:?}",
            second.errors
        );
        assert!(
            same_modulo_spans(&first.file, &second.file),
            "{name}: the formatted file is a different tree:\n{formatted}"
        );
        assert_eq!(
            format(&second.file),
            formatted,
            "{name}: formatting is not idempotent"
        );
        let comments = |f: &cosmic_grammar::File| {
            f.comments
                .iter()
                .map(|c| c.text.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            comments(&first.file),
            comments(&second.file),
            "{name}: comments lost"
        );
    });
}

#[test]
fn parsing_the_whole_fixture_library_is_fast() {
    // Not a benchmark: a guard against accidental exponential backtracking.
    let mut sources = Vec::new();
    for dir in ["tests/fixtures/valid", "tests/fixtures/invalid"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for entry in std::fs::read_dir(dir).expect("fixture folder") {
            let path = entry.expect("entry").path();
            sources.push(std::fs::read_to_string(path).expect("fixture"));
        }
    }
    let start = std::time::Instant::now();
    for source in &sources {
        let _ = parse(source);
    }
    let elapsed = start.elapsed();
    assert!(
        elapsed.as_secs() < 5,
        "parsing {} files took {elapsed:?}",
        sources.len()
    );
}
