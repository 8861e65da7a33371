//! The built-in card library is in the one canonical layout (`cosmic fmt --check cards`), so
//! `cargo test` catches what only `.ci/run` checked before: a file merged unformatted.

use cosmic_cards::builtin_sources;

#[test]
fn every_builtin_card_file_is_in_the_canonical_layout() {
    let mut unformatted = Vec::new();
    for (path, text) in builtin_sources() {
        let parsed = cosmic_grammar::parse(text);
        assert!(parsed.is_ok(), "{path} does not parse: {:?}", parsed.errors);
        if cosmic_grammar::format(&parsed.file) != *text {
            unformatted.push(*path);
        }
    }
    assert!(
        unformatted.is_empty(),
        "not in the canonical layout (run `cosmic fmt cards`): {unformatted:?}"
    );
    assert!(
        builtin_sources().len() > 100,
        "the library's files were not found"
    );
}
