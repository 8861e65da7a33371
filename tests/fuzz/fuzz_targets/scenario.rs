//! The ruling scenario loader never panics: any text, given as a scenario file, becomes a
//! ruling (run to its end) or a located error. Seed the corpus with `tests/rulings` and
//! `tests/rulings-invalid`.
#![no_main]

use cosmic_engine::Components;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

fn components() -> Arc<Components> {
    static LIBRARY: OnceLock<Arc<Components>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| Arc::new(cosmic_cards::builtin_components().expect("the library loads")))
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let _ = cosmic_tests::ruling::run_source("fuzz.toml", source, components());
});
