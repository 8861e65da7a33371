//! The reference pages' examples are what the tool accepts and prints: every whole component
//! in `docs/language.md` lints clean, and the ruling that `docs/rulings.md` walks through is
//! the one in `tests/rulings/`, printing what the page shows.

mod pages;

use pages::{blocks_after, check, workdir};
use std::path::Path;

const LANGUAGE: &str = include_str!("../../docs/language.md");
const RULINGS: &str = include_str!("../../docs/rulings.md");

/// Whether a block is a whole component, not a fragment or an outline with `...` in it.
fn whole_component(text: &str) -> bool {
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let starts = first.is_some_and(|l| {
        (cosmic_interpreter::library::KINDS.iter()).any(|c| l.starts_with(&format!("{c} \"")))
    });
    // `...` outside quotes elides text; inside quotes (`text "..."`) it is the text itself.
    let elided = text.lines().any(|l| {
        let outside: String = l.split('"').step_by(2).collect();
        outside.contains("...")
    });
    starts && !elided
}

#[test]
fn the_language_references_whole_examples_lint_clean() {
    let dir = workdir("language");
    let examples: Vec<String> = blocks_after(LANGUAGE, "")
        .into_iter()
        .map(|b| b.text)
        .filter(|t| whole_component(t))
        .collect();
    assert!(
        examples.len() >= 2,
        "the reference should show at least two whole components, found {}",
        examples.len()
    );
    for (i, text) in examples.iter().enumerate() {
        let file = format!("my-aliens/example-{i}.cosmic");
        std::fs::write(dir.join(&file), text).expect("write");
        check(
            &dir,
            &format!("cosmic lint {file}"),
            "1 file checked: 0 errors, 0 warnings\n",
            true,
        );
    }
}

#[test]
fn the_rulings_page_shows_a_real_ruling_and_its_trace() {
    let scenario = &blocks_after(RULINGS, "## Five minutes, by example")[0];
    assert_eq!(scenario.info, "toml");
    let path = "tests/rulings/ties-go-to-the-defense.toml";
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let file = std::fs::read_to_string(root.join(path)).expect("the ruling exists");
    assert_eq!(scenario.text, file, "docs/rulings.md shows {path} as it is");
    let marker = format!("`cosmic ruling {path}` prints:");
    let shown = &blocks_after(RULINGS, &marker)[0];
    // The page stops before the last line, the file's name and its verdict.
    check(
        &root,
        &format!("cosmic ruling {path}"),
        &format!("{}...\n", shown.text),
        true,
    );
}
