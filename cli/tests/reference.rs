//! The reference pages' examples are what the tool accepts and prints: every whole component
//! in `docs/language.md` lints clean, every fragment of it parses and can run, and the ruling
//! that `docs/rulings.md` walks through is the one in `tests/rulings/`, printing what the page
//! shows.

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

/// The smallest file around a fragment of the reference: a block of the page that is not a
/// whole component (an ability, a flare, header clauses, definitions, statements, an outline
/// of items), with each elided `...` body filled by one statement. `n` names its alien.
fn around(fragment: &str, n: usize) -> String {
    let filler = "draw 1 card";
    let text = fragment
        .lines()
        .map(|l| match l.trim() {
            "..." => format!("{}{filler}", &l[..l.len() - l.trim_start().len()]),
            _ => l.replace("{ ... }", &format!("{{\n{filler}\n}}")),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap_or_default();
    let starts = |words: &[&str]| words.iter().any(|w| first.starts_with(&format!("{w} ")));
    let alien = |body: &str| {
        format!(
            "alien \"Reference {n}\" {{\n  summary \"An example\"\n  alert green\n  set base\n  edition ffg\n\n{body}\n}}\n"
        )
    };
    let clauses = |clause: &dyn Fn(&str) -> String| {
        let abilities: Vec<String> = (text.lines().filter(|l| !l.trim().is_empty()))
            .enumerate()
            .map(|(i, l)| format!("power \"Clause {i}\" {} {{\n  {filler}\n}}\n", clause(l)))
            .collect();
        alien(&abilities.join("\n"))
    };
    let kinds = cosmic_interpreter::library::KINDS;
    if kinds.iter().any(|k| first.starts_with(&format!("{k} \""))) {
        // An outline of items: each `{ ... }` is an empty item.
        text.replace(&format!("{{\n{filler}\n}}"), "{\n}") + "\n"
    } else if starts(&["power", "effect"]) {
        alien(&text)
    } else if starts(&["wild", "super"]) {
        alien(&format!("flare {{\n{text}\n}}"))
    } else if first.starts_with("flare {") {
        alien(&text)
    } else if starts(&["define"]) {
        // Definitions belong to the item; what follows the elision uses them.
        let (defs, uses) = fragment.split_once("\n...\n").unwrap_or((fragment, filler));
        alien(&format!(
            "{defs}\n\npower \"Uses\" mandatory, as offense, at regroup {{\n{uses}\n}}"
        ))
    } else if starts(&["as"]) && !text.contains('{') {
        clauses(&|l| format!("mandatory, {l}, at regroup"))
    } else if starts(&["if"]) && !text.contains('{') {
        clauses(&|l| format!("mandatory, as offense, at regroup, {l}"))
    } else {
        alien(&format!(
            "power \"Statements\" mandatory, as offense, at regroup {{\n{text}\n}}"
        ))
    }
}

#[test]
fn every_fragment_of_the_language_reference_parses_and_can_run() {
    let dir = workdir("fragments");
    let blocks: Vec<String> = blocks_after(LANGUAGE, "")
        .into_iter()
        .filter(|b| b.info.is_empty() || b.info == "cosmic")
        .map(|b| b.text)
        .collect();
    assert!(blocks.len() >= 20, "only {} blocks", blocks.len());
    for (i, block) in blocks.iter().enumerate() {
        let file = dir.join(format!("my-aliens/fragment-{i:02}.cosmic"));
        std::fs::write(&file, around(block, i)).expect("write");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args(["lint", "my-aliens", "--format", "json"])
        .current_dir(&dir)
        .output()
        .expect("the binary runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut problems = Vec::new();
    for d in report["diagnostics"].as_array().expect("diagnostics") {
        let code = d["code"].as_str().unwrap_or_default();
        // Names and timing depend on the card around a fragment; its syntax does not, nor
        // whether the interpreter can run what it shows.
        if !code.starts_with("cosmic::syntax::") && code != "cosmic::lint::unsupported" {
            continue;
        }
        let file = d["file"].as_str().unwrap_or_default();
        let i: usize = file
            .trim_start_matches("my-aliens/fragment-")
            .trim_end_matches(".cosmic")
            .parse()
            .expect("a fragment's file");
        let wrapped = std::fs::read_to_string(dir.join(file)).expect("read");
        problems.push(format!(
            "{code}: {} (line {})\n--- the page's block:\n{}--- as linted:\n{wrapped}",
            d["message"], d["line"], blocks[i]
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn the_rulings_page_lists_every_decision_the_engine_asks() {
    use cosmic_engine::DecisionKind;
    let table: String = (DecisionKind::ALL.iter())
        .map(|k| format!("| `{}` | {} |\n", k.name(), k.question()))
        .collect();
    let (_, listed) = RULINGS
        .split_once("| decision | asks |\n|---|---|\n")
        .expect("docs/rulings.md has the Decisions table");
    // The table runs until its first line that is not a row.
    let listed: String = (listed.lines())
        .take_while(|l| l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        listed.trim_end(),
        table.trim_end(),
        "the Decisions table of docs/rulings.md, as the engine lists them:\n{table}"
    );
}
