//! The ruling scenario loader never panics: any text, given as a scenario file, becomes a
//! ruling (run to its end) or a located error. Seed the corpus with `tests/rulings` and
//! `tests/rulings-invalid`.
#![no_main]

use cosmic_cards::Library;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// The built-in library, with its aliens, as `cosmic ruling` loads it.
fn library() -> &'static Library {
    static LIBRARY: OnceLock<Library> = OnceLock::new();
    LIBRARY.get_or_init(|| cosmic_cards::builtin_library().expect("the library loads"))
}

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let _ = cosmic_tests::ruling::run_source("fuzz.toml", source, library().components.clone());
});
