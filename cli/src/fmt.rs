//! `cosmic fmt`: rewrites content files in the one canonical layout, or checks that they are.

use crate::lint::read_sources;
use clap::Args;
use miette::{NamedSource, Report};
use std::path::PathBuf;

/// Options of `cosmic fmt`.
#[derive(Args)]
pub struct FmtArgs {
    /// Files or folders of `.cosmic` files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Change nothing; list the files that are not formatted and exit 1 if there are any.
    #[arg(long)]
    check: bool,
}

/// Formats; returns the process exit code.
pub fn run(args: FmtArgs) -> miette::Result<i32> {
    let files = read_sources(&args.paths)?;
    let (mut unformatted, mut broken) = (0, 0);
    for f in &files {
        if !f.parsed.errors.is_empty() {
            // A file that does not parse is left alone: formatting would lose what failed.
            broken += 1;
            for e in &f.parsed.errors {
                eprintln!(
                    "{:?}",
                    Report::new(e.clone())
                        .with_source_code(NamedSource::new(&f.name, f.text.clone()))
                );
            }
            continue;
        }
        let formatted = cosmic_grammar::format(&f.parsed.file);
        if formatted == f.text {
            continue;
        }
        unformatted += 1;
        if args.check {
            println!("would reformat {}", f.name);
        } else {
            std::fs::write(&f.name, formatted)
                .map_err(|e| miette::miette!("cannot write {}: {e}", f.name))?;
            println!("formatted {}", f.name);
        }
    }
    if broken > 0 {
        eprintln!(
            "{broken} file{} not formatted because of syntax errors",
            if broken == 1 { "" } else { "s" }
        );
    }
    Ok(i32::from(broken > 0 || (args.check && unformatted > 0)))
}
