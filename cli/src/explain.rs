//! `cosmic explain`: what a component does, when and for whom.

use crate::lint::read_sources;
use clap::Args;
use std::path::PathBuf;

/// Options of `cosmic explain`.
#[derive(Args)]
pub struct ExplainArgs {
    /// The component's name (an alien, an artifact, ...), in any case.
    name: String,
    /// Where to look (default: the built-in library).
    paths: Vec<PathBuf>,
}

/// Explains; returns 1 if no component has that name.
pub fn run(args: ExplainArgs) -> miette::Result<i32> {
    let files = read_sources(&args.paths)?;
    let mut names = Vec::new();
    for f in &files {
        for d in f.decls() {
            if d.name.value.eq_ignore_ascii_case(args.name.trim()) {
                println!("{}", cosmic_interpreter::explain::explain(d, &f.text));
                println!("  (from {})", f.name);
                return Ok(0);
            }
            names.push(d.name.value.clone());
        }
    }
    let suggestion =
        cosmic_interpreter::names::did_you_mean(&args.name, names.iter().map(String::as_str));
    match suggestion {
        Some(s) => eprintln!("no component is named `{}`; did you mean `{s}`?", args.name),
        None => eprintln!(
            "no component is named `{}` ({} components searched)",
            args.name,
            names.len()
        ),
    }
    Ok(1)
}
