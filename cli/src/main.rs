//! The `cosmic` command-line tool: a small layer over the engine and the card library.

// Games allocate many small short-lived lists (decision options, ability lists); mimalloc
// serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

/// mimalloc, asked for a plain block whenever its word alignment suffices: `MiMalloc` asks
/// for every block by its alignment, a slower path taken a thousand times a game.
struct Allocator;

/// What every mimalloc block is aligned to: its sizes are whole words.
const WORD: usize = std::mem::size_of::<usize>();

// SAFETY: each call passes to mimalloc, which returns blocks aligned to at least a word, so
// a layout of word alignment or less is met by the plain calls; the rest go through
// `MiMalloc`, whose blocks `mi_free` frees like the others.
unsafe impl std::alloc::GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if layout.align() <= WORD {
            libmimalloc_sys::mi_malloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc(layout)
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        if layout.align() <= WORD {
            libmimalloc_sys::mi_zalloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc_zeroed(layout)
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        mimalloc::MiMalloc.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            libmimalloc_sys::mi_realloc(ptr.cast(), size).cast()
        } else {
            mimalloc::MiMalloc.realloc(ptr, layout, size)
        }
    }
}

mod bench;
mod cards;
mod charts;
mod explain;
mod fmt;
mod human;
mod interval;
mod json;
mod lint;
mod lsp;
mod play;
mod replay;
mod report;
mod ruling;
mod seats;
mod shard;
mod sim;
mod summary;
mod thinking;

use clap::{Parser, Subcommand};

/// Cosmic Encounter rules engine: play games, run simulations.
#[derive(Parser)]
#[command(name = "cosmic", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play one whole game on the built-in library and print its log and winner(s).
    Play(play::PlayArgs),
    /// Play many games with bots and print a summary (or `sim merge` the shards of a run).
    Sim(sim::SimArgs),
    /// Write a `sim --json` document as a self-contained HTML balance report.
    Report(report::ReportArgs),
    /// Run ruling scenarios: print each resolution trace and whether its expectations hold.
    Ruling(ruling::RulingArgs),
    /// Play a save's answers again and check the game reaches the saved state.
    Replay(replay::ReplayArgs),
    /// Time bot games, the library's parse and lint, and the rulings, on one core.
    Bench(bench::BenchArgs),
    /// Check content files (the built-in library by default) and report every problem.
    Lint(lint::LintArgs),
    /// Show what a component does, when and for whom.
    Explain(explain::ExplainArgs),
    /// List the library's components with their metadata.
    Cards(cards::CardsArgs),
    /// Rewrite content files in the canonical layout (or `--check` that they are).
    Fmt(fmt::FmtArgs),
    /// Serve the effect language to an editor: a language server on stdin and stdout.
    Lsp,
}

fn main() -> miette::Result<()> {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`cosmic cards | head`) would
    // panic; like other command-line tools, end quietly instead.
    #[cfg(unix)]
    // SAFETY: sets a signal's disposition to its default before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Play(args) => play::run(args)?,
        Command::Sim(args) => sim::run(args)?,
        Command::Report(args) => report::run(args)?,
        Command::Ruling(args) => ruling::run(args)?,
        Command::Replay(args) => replay::run(args)?,
        Command::Lint(args) => lint::run(args)?,
        Command::Bench(args) => bench::run(args)?,
        Command::Fmt(args) => fmt::run(args)?,
        Command::Explain(args) => explain::run(args)?,
        Command::Cards(args) => cards::run(args)?,
        Command::Lsp => lsp::run()?,
    };
    std::process::exit(code);
}
