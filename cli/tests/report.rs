//! The HTML balance report (`sim --report`, `cosmic report`): its structure, read with an XML
//! parser (the page is well-formed XHTML). A browser check of the same page, with
//! screenshots, is `scripts/report-check`.

use roxmltree::{Document, Node};
use std::path::{Path, PathBuf};
use std::process::Command;

fn cosmic(args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cosmic-report-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The element with `id`.
fn by_id<'a>(doc: &'a Document, id: &str) -> Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no element with id {id}"))
}

/// The texts of the SVG `text` elements under `node`.
fn svg_texts(node: Node) -> Vec<String> {
    node.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect()
}

/// Checks a report's structure against the JSON document it was made from.
fn check_report(html: &str, json: &serde_json::Value, matrix: bool) {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true, // <!DOCTYPE html>
        ..roxmltree::ParsingOptions::default()
    };
    let doc = Document::parse_with_options(html, options).expect("the report is well-formed XHTML");
    let root = doc.root_element();
    assert!(root.has_tag_name("html"));
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .expect("a title");
    assert!(title.contains(&format!("seed {}", json["seed"])), "{title}");

    let sections: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("section"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut want = vec!["settings", "aliens", "seats", "outcomes", "lengths"];
    if matrix {
        want.push("matrix");
    }
    want.push("raw");
    assert_eq!(sections, want);

    // Self-contained: no script, no file or address to fetch.
    for n in doc.descendants().filter(|n| n.is_element()) {
        assert!(!n.has_tag_name("script"), "a script element");
        assert!(
            n.attribute("src").is_none(),
            "{:?} loads a file",
            n.tag_name()
        );
        if let Some(href) = n.attribute("href") {
            assert!(href.starts_with("data:") || href.starts_with('#'), "{href}");
        }
    }

    // The settings name the seed and the library digest.
    let settings: String = by_id(&doc, "settings")
        .descendants()
        .filter_map(|n| n.text())
        .collect();
    assert!(settings.contains(json["setup"]["library"].as_str().expect("a digest")));

    // Every chart is an SVG drawing; the alien chart labels each alien dealt, the seat chart
    // each seat.
    for id in want.iter().filter(|&&id| id != "settings" && id != "raw") {
        let svg = by_id(&doc, id)
            .descendants()
            .find(|n| n.has_tag_name("svg"))
            .unwrap_or_else(|| panic!("section {id} has no chart"));
        assert!(
            svg.descendants().count() > 20,
            "section {id}: an empty chart"
        );
    }
    let labels = svg_texts(by_id(&doc, "aliens"));
    let aliens = json["aliens"].as_array().expect("aliens");
    assert!(!aliens.is_empty());
    for a in aliens {
        let label = format!("{} ({})", a["alien"].as_str().expect("a name"), a["games"]);
        assert!(labels.contains(&label), "no label {label} in {labels:?}");
    }
    let labels = svg_texts(by_id(&doc, "seats"));
    assert!(labels.contains(&"1 Blue".to_string()), "{labels:?}");
    if matrix {
        let matrix = by_id(&doc, "matrix");
        let labels = svg_texts(matrix);
        let cells = matrix
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .count();
        // Each alien names a row and a column; each pair that met colours its cell.
        assert!(cells >= aliens.len() * aliens.len(), "{cells} cells");
        for a in aliens {
            let name = a["alien"].as_str().expect("a name").to_string();
            assert_eq!(labels.iter().filter(|l| **l == name).count(), 2, "{name}");
        }
    }

    // The JSON document is embedded whole.
    let embedded = by_id(&doc, "sim-json").text().expect("the JSON");
    let embedded: serde_json::Value = serde_json::from_str(embedded).expect("embedded JSON");
    assert_eq!(&embedded, json);
}

#[test]
fn sim_writes_a_self_contained_report_with_every_chart() {
    let dir = temp_dir("sim");
    for matrix in [true, false] {
        let report = dir.join(format!("report-{matrix}.html"));
        let mut args = vec![
            "sim",
            "--games",
            "60",
            "--players",
            "4",
            "--seed",
            "3",
            "--threads",
            "2",
            "--json",
            "--report",
            path(&report),
        ];
        if matrix {
            args.push("--matrix");
        }
        let out = cosmic(&args);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(json["pairs"].is_array(), matrix);
        let html = std::fs::read_to_string(&report).expect("the report");
        check_report(&html, &json, matrix);
    }
}

#[test]
fn report_reads_a_sim_json_document() {
    let dir = temp_dir("subcommand");
    let out = cosmic(&[
        "sim",
        "--games",
        "30",
        "--players",
        "3",
        "--seed",
        "5",
        "--matrix",
        "--json",
    ]);
    let sim = dir.join("sim.json");
    std::fs::write(&sim, &out.stdout).expect("write");
    let report = dir.join("report.html");
    cosmic(&["report", path(&sim), "--out", path(&report)]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    check_report(
        &std::fs::read_to_string(&report).expect("the report"),
        &json,
        true,
    );

    // Not a sim document: a clear error, no report.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"format\": 1, \"diagnostics\": []}").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args(["report", path(&bad), "--out", path(&dir.join("bad.html"))])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    // miette wraps long lines in a box: read the words.
    let err = String::from_utf8_lossy(&out.stderr);
    let words: Vec<&str> = err.split_whitespace().filter(|w| *w != "│").collect();
    assert!(
        words.join(" ").contains("not a `sim --json` document"),
        "{err}"
    );
    assert!(!dir.join("bad.html").exists());
}
