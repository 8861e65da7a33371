//! `cosmic ruling`: runs scenario files, prints each resolution trace and a pass/fail line per
//! expectation, and exits 1 if any expectation fails or any file cannot be run.

use clap::Args;
use std::path::PathBuf;

/// Options of `cosmic ruling`.
#[derive(Args)]
pub struct RulingArgs {
    /// Scenario files (TOML) to run.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print only the summary line of each ruling, not its trace.
    #[arg(long)]
    quiet: bool,
    /// Also play these content files or folders (your own aliens and cards).
    #[arg(long)]
    cards: Vec<PathBuf>,
}

/// Runs the rulings; returns the process exit code.
pub fn run(args: RulingArgs) -> miette::Result<i32> {
    if !args.cards.is_empty() {
        cosmic_tests::ruling::use_library(crate::lint::load_library(&args.cards)?);
    }
    let mut failed = 0;
    let total = args.files.len();
    for path in &args.files {
        match cosmic_tests::ruling::run_file(path) {
            Ok(r) => {
                if !args.quiet {
                    println!("{}", r.render());
                }
                let bad = r.checks.iter().filter(|c| !c.ok).count();
                if bad > 0 {
                    failed += 1;
                }
                println!(
                    "{}: {} ({} of {} expectations hold)",
                    path.display(),
                    if bad == 0 { "pass" } else { "FAIL" },
                    r.checks.len() - bad,
                    r.checks.len()
                );
            }
            Err(e) => {
                failed += 1;
                eprintln!("{:?}", miette::Report::new(e));
            }
        }
    }
    if total > 1 {
        println!("{} of {total} rulings pass", total - failed);
    }
    Ok(if failed == 0 { 0 } else { 1 })
}
