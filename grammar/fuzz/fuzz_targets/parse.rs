//! The parser never panics, and whatever parses cleanly formats to text that parses back to
//! the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let parsed = cosmic_grammar::parse(source);
    if parsed.errors.is_empty() {
        let formatted = cosmic_grammar::format(&parsed.file);
        let again = cosmic_grammar::parse(&formatted);
        assert!(again.errors.is_empty(), "formatted output does not parse:\n{formatted}");
        assert!(
            cosmic_grammar::same_modulo_spans(&parsed.file, &again.file),
            "formatting changed the tree:\n{formatted}"
        );
    }
});
