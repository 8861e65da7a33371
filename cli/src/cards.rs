//! `cosmic cards`: the library's components with their metadata, as a table or JSON.

use crate::lint::read_sources;
use clap::Args;
use cosmic_grammar::ast::Entry;
use cosmic_interpreter::explain::property;
use serde::Serialize;
use std::path::PathBuf;

/// Options of `cosmic cards`.
#[derive(Args)]
pub struct CardsArgs {
    /// Content files or folders (default: the built-in library).
    paths: Vec<PathBuf>,
    /// Only components of this edition (`ffg`, `eon`, `duel`).
    #[arg(long)]
    edition: Option<String>,
    /// Only components of this set (`base`, `incursion`, `conflict`, ...).
    #[arg(long)]
    set: Option<String>,
    /// Only components of this kind (`alien`, `artifact`, `tech`, ...).
    #[arg(long)]
    kind: Option<String>,
    /// Print JSON (one array of objects) instead of a table.
    #[arg(long)]
    json: bool,
}

/// One component's metadata.
#[derive(Serialize)]
struct Row {
    kind: String,
    name: String,
    summary: Option<String>,
    alert: Option<String>,
    set: Option<String>,
    edition: Option<String>,
    /// Copies in the deck (artifacts, reinforcements).
    count: Option<String>,
    /// A tech's research number.
    research: Option<String>,
    /// Whether an alien has a flare.
    flare: bool,
    /// The file it is defined in.
    file: String,
}

/// Lists; returns 0 (1 when the filters match nothing).
pub fn run(args: CardsArgs) -> miette::Result<i32> {
    let files = read_sources(&args.paths)?;
    let mut rows = Vec::new();
    for f in &files {
        for d in f.decls() {
            let get = |key| property(d, key, &f.text);
            rows.push(Row {
                kind: d.kind.text.clone(),
                name: d.name.value.clone(),
                summary: get("summary"),
                alert: get("alert"),
                set: get("set"),
                edition: get("edition"),
                count: get("count"),
                research: get("research"),
                flare: d
                    .entries
                    .iter()
                    .any(|e| matches!(e, Entry::Section(s) if s.kind.text == "flare")),
                file: f.name.clone(),
            });
        }
    }
    let matches = |want: &Option<String>, have: Option<&str>| {
        want.as_ref()
            .is_none_or(|w| have.is_some_and(|h| h.eq_ignore_ascii_case(w)))
    };
    rows.retain(|r| {
        matches(&args.edition, r.edition.as_deref())
            && matches(&args.set, r.set.as_deref())
            && matches(&args.kind, Some(&r.kind))
    });
    rows.sort_by(|a, b| (&a.kind, &a.name).cmp(&(&b.kind, &b.name)));
    if args.json {
        crate::json::print_list("cards", &rows)?;
    } else {
        print_table(&rows);
        // The built-in library's sets say what they hold: what has no file yet is named
        // (informational: games deal from the files written).
        if args.paths.is_empty() {
            if let Some(set) = &args.set {
                print_unwritten(set, args.kind.as_deref(), &rows)?;
            }
        }
    }
    Ok(if rows.is_empty() { 1 } else { 0 })
}

/// The components of `set`'s lists (of `kind`, when given) that no row names.
fn print_unwritten(set: &str, kind: Option<&str>, rows: &[Row]) -> miette::Result<()> {
    let lists = cosmic_cards::set_lists().map_err(miette::Report::new)?;
    for list in lists.iter().filter(|l| {
        l.set.eq_ignore_ascii_case(set) && kind.is_none_or(|k| l.kind.eq_ignore_ascii_case(k))
    }) {
        let unwritten: Vec<&str> = (list.names.iter())
            .filter(|n| !rows.iter().any(|r| r.kind == list.kind && &r.name == *n))
            .map(String::as_str)
            .collect();
        if !unwritten.is_empty() {
            println!(
                "not written yet: {} of the {} {}s of {}: {}",
                unwritten.len(),
                list.names.len(),
                list.kind,
                list.set,
                unwritten.join(", ")
            );
        }
    }
    Ok(())
}

fn print_table(rows: &[Row]) {
    if rows.is_empty() {
        println!("no component matches");
        return;
    }
    let dash = || "-".to_string();
    // Columns as wide as their widest entry (Eon's sets are `Expansion Set 8`).
    let widest = |f: &dyn Fn(&Row) -> usize, head: &str| {
        rows.iter().map(f).max().unwrap_or(0).max(head.len())
    };
    // At least 9 wide, as before Duel's `reinforcement` came.
    let kind_w = widest(&|r| r.kind.chars().count(), "kind").max(9);
    let width = widest(&|r| r.name.chars().count(), "name");
    let set_w = widest(&|r| r.set.as_ref().map_or(1, |s| s.chars().count()), "set").max(5);
    println!(
        "{:<kind_w$} {:<width$} {:<6} {:<set_w$} {:<7} {:<5} {:<5} summary",
        "kind", "name", "alert", "set", "edition", "flare", "count"
    );
    for r in rows {
        let count = r.count.clone().or_else(|| {
            // Research X is written `research any`.
            r.research
                .as_deref()
                .map(|n| format!("r{}", if n == "any" { "X" } else { n }))
        });
        println!(
            "{:<kind_w$} {:<width$} {:<6} {:<set_w$} {:<7} {:<5} {:<5} {}",
            r.kind,
            r.name,
            r.alert.clone().unwrap_or_else(dash),
            r.set.clone().unwrap_or_else(dash),
            r.edition.clone().unwrap_or_else(dash),
            if r.flare { "yes" } else { "-" },
            count.unwrap_or_else(dash),
            r.summary.clone().unwrap_or_default()
        );
    }
    let kinds = {
        let mut k: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
        k.dedup();
        k.into_iter()
            .map(|k| format!("{} {k}", rows.iter().filter(|r| r.kind == k).count()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!("{} components: {kinds}", rows.len());
}
