//! The built-in content library: component lists and card files, embedded into the binary so
//! `cosmic` runs anywhere. The files live beside this crate under `cards/<edition>/<set>/`.

mod components;
mod library;

pub use components::{
    builtin_components, edition_components, parse_cosmic_deck, parse_destiny_deck, set_lists,
    LoadError, SetList,
};
pub use library::{builtin_library, library_for, library_from, library_with, Library, OwnLists};

mod sources {
    include!(concat!(env!("OUT_DIR"), "/sources.rs"));
}

/// Every built-in content file (effect-language source): its path inside `cards/` and its text.
pub fn builtin_sources() -> &'static [(&'static str, &'static str)] {
    sources::SOURCES
}
