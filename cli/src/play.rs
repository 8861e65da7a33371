//! `cosmic play`: one whole game, its log as it happens, and the winner(s).

use crate::seats::{agent, fresh_seed, SeatKind};
use clap::Args;
use cosmic_engine::{Game, NoHooks, Options, PlayerId, Setup};
use miette::{miette, IntoDiagnostic};
use std::io::Write;
use std::sync::Arc;

/// Options of `cosmic play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Number of players (3 to 8).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(3..=8))]
    players: u8,
    /// Who sits in each seat, clockwise from blue (default: all basic bots).
    #[arg(long, value_delimiter = ',')]
    seats: Vec<SeatKind>,
    /// The game's seed (default: from the clock; printed so the game can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Also write the full log to this file.
    #[arg(long)]
    log: Option<std::path::PathBuf>,
    /// Print the log as JSON lines instead of text.
    #[arg(long)]
    json: bool,
    /// Check the invariants after every event.
    #[arg(long)]
    check: bool,
}

/// Plays the game; returns the process exit code.
pub fn run(args: PlayArgs) -> miette::Result<i32> {
    let seats = if args.seats.is_empty() {
        vec![SeatKind::Basic; args.players as usize]
    } else if args.seats.len() == args.players as usize {
        args.seats.clone()
    } else {
        return Err(miette!(
            help = "give one seat kind per player, e.g. --seats human,basic,basic,random,basic",
            "--seats lists {} seats but --players is {}",
            args.seats.len(),
            args.players
        ));
    };
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let components = Arc::new(cosmic_cards::builtin_components()?);
    let agents = seats
        .iter()
        .enumerate()
        .map(|(i, &k)| agent(k, seed, i as u8))
        .collect();
    let setup = Setup::new(args.players, seed);
    let options = Options {
        check_invariants: args.check,
        ..Options::default()
    };
    // A human sees the log from their own seat; otherwise the log is the referee's.
    let viewer = seats
        .iter()
        .position(|&k| k == SeatKind::Human)
        .map(|i| PlayerId(i as u8));
    let mut file = match &args.log {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).into_diagnostic()?,
        )),
        None => None,
    };
    let json = args.json;
    let hooks = NoHooks;
    let mut game =
        Game::new(&setup, components, agents, &hooks, options).map_err(|e| miette!("{e}"))?;
    let stdout = std::io::stdout();
    game.set_observer(move |event, scene| {
        let names = scene.names();
        let line = if json {
            names.json(event)
        } else {
            names.event_for(event, viewer)
        };
        let _ = writeln!(stdout.lock(), "{line}");
        if let Some(f) = file.as_mut() {
            let full = if json {
                names.json(event)
            } else {
                names.event(event)
            };
            let _ = writeln!(f, "{full}");
        }
    });
    let result = game.run().map_err(|e| miette!("{e}"))?;
    let names = game.names();
    if !json {
        println!();
        println!("seed: {seed}");
        if result.winners.is_empty() {
            println!("no winner (turn limit reached)");
        } else {
            let w: Vec<&str> = result.winners.iter().map(|&p| names.player(p)).collect();
            println!(
                "winner{}: {} after {} turns ({} encounters)",
                if w.len() == 1 { "" } else { "s" },
                w.join(", "),
                result.stats.turns,
                result.stats.encounters
            );
        }
    }
    Ok(0)
}
