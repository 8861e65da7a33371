//! Checking and compiling any text as a card file never panics: it gives a report.
#![no_main]

use cosmic_interpreter::library::{check, SourceFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let reports = check(&[SourceFile::new("fuzz.cosmic", source)]);
    assert_eq!(reports.len(), 1);
});
