//! Rulings that need cards of their own: every ruling under `tests/rulings-own-cards/` is
//! played with the built-in library and the test cards in its `cards/` folder (small aliens
//! that exercise one corner of the language), its trace snapshotted and its expectations
//! required to hold; an Eon ruling there plays the Eon library with the test cards of
//! `cards/eon/`. A new one is one new file, no new Rust.

use cosmic_interpreter::SourceFile;
use std::path::Path;

/// The `.cosmic` test cards of `folder` (under `tests/rulings-own-cards/`), in name order.
fn test_cards(folder: &str) -> Vec<SourceFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulings-own-cards")
        .join(folder);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("the test cards' folder")
        .map(|e| e.expect("a test card").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cosmic"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let name = format!(
                "tests/rulings-own-cards/{folder}/{}",
                p.file_name().unwrap().to_string_lossy()
            );
            SourceFile::new(
                name,
                std::fs::read_to_string(p).expect("a readable test card"),
            )
        })
        .collect()
}

/// The built-in libraries (FFG and Eon) with their test cards, for this process's rulings.
fn use_test_cards() {
    let library = cosmic_cards::library_with(test_cards("cards")).unwrap_or_else(|e| panic!("{e}"));
    cosmic_tests::ruling::use_library(library);
    let eon = cosmic_cards::library_for(cosmic_engine::Edition::Eon, test_cards("cards/eon"))
        .unwrap_or_else(|e| panic!("{e}"));
    cosmic_tests::ruling::use_library(eon);
}

#[test]
fn rulings_with_their_own_cards_hold() {
    use_test_cards();
    insta::glob!("../rulings-own-cards", "*.toml", |path| {
        let name = format!(
            "rulings-own-cards/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let ruling = cosmic_tests::ruling::run_file_named(path, &name)
            .unwrap_or_else(|e| panic!("{}: {}", name, e.message));
        insta::assert_snapshot!(ruling.render());
        assert!(ruling.passed(), "{}", ruling.render());
    });
}
