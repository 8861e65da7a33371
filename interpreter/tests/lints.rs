//! Data-driven lint tests: every `bad-cards/*.cosmic` parses but gives at least one lint; each
//! gets one snapshot of its rendered diagnostics (no colour), so a new bad-card case is one
//! new file.

use cosmic_interpreter::{check, SourceFile};

#[test]
fn bad_cards_are_reported() {
    insta::glob!("bad-cards/*.cosmic", |path| {
        let text = std::fs::read_to_string(path).expect("fixture is readable");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let files = [SourceFile::new(name.clone(), text.clone())];
        let report = &check(&files)[0];
        assert!(report.syntax.is_empty(), "{name} has syntax errors");
        assert!(!report.lints.is_empty(), "{name} gave no lint");
        let handler =
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
                .with_width(100);
        let mut out = String::new();
        for lint in &report.lints {
            let r = miette::Report::new(lint.clone())
                .with_source_code(miette::NamedSource::new(&name, text.clone()));
            if handler.render_report(&mut out, r.as_ref()).is_err() {
                out.push_str("<could not render>\n");
            }
            out.push('\n');
        }
        insta::assert_snapshot!(out);
    });
}
