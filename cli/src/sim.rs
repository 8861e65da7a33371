//! `cosmic sim`: many bot games, spread over threads, summarised. Each game's seed derives
//! from the run seed and the game's index, so results do not depend on the thread count.

use crate::seats::{agent, default_search, fresh_seed, Bots, SearchArgs, SeatKind};
use clap::Args;
use cosmic_engine::agents::agent_seed;
use cosmic_engine::{Color, Game, GameError, Options, Setup, Variants};
use indicatif::{ProgressBar, ProgressStyle};
use miette::miette;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Which bot plays every seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Bot {
    /// The heuristic bot.
    Basic,
    /// The uniform random bot.
    Random,
    /// The bot that searches by playing the game forward.
    Search,
}

impl Bot {
    /// The seat kind of this bot.
    pub fn seat(self) -> SeatKind {
        match self {
            Bot::Basic => SeatKind::Basic,
            Bot::Random => SeatKind::Random,
            Bot::Search => SeatKind::Search,
        }
    }
}

/// Options of `cosmic sim`.
#[derive(Args)]
pub struct SimArgs {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Number of players (3 to 8).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(3..=8))]
    players: u8,
    /// The bot in every seat.
    #[arg(long, value_enum, default_value_t = Bot::Basic)]
    bot: Bot,
    /// The bot in each seat, clockwise from blue (a mixed table; instead of `--bot`).
    #[arg(long, value_delimiter = ',', conflicts_with = "bot")]
    seats: Vec<Bot>,
    /// Move the bots of `--seats` one seat clockwise each game (game i seats them i seats
    /// on), so that each bot plays every seat equally often.
    #[arg(long, requires = "seats")]
    rotate_seats: bool,
    #[command(flatten)]
    search: SearchArgs,
    /// The run's seed (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Check the invariants after every event.
    #[arg(long)]
    check: bool,
    /// Aliens: `random`, `flares` (two dealt, keep one), `none`, one name per seat, or `combo:` and one name per seat (dealt to the seats at random, as from a cosmic combo card).
    #[arg(long, default_value = "random")]
    aliens: String,
    /// Also play these content files or folders (your own aliens and cards).
    #[arg(long)]
    cards: Vec<PathBuf>,
    /// Variants, comma-separated: four-planets, single-encounter, freewheeling-flares, tech, hidden-powers, rotating-powers.
    #[arg(long, default_value = "none")]
    variants: String,
    /// Record every game's full event log and print a hash of all of them (in game order),
    /// to check that a change to the code leaves every game identical.
    #[arg(long)]
    fingerprint: bool,
}

/// What one game contributes to the summary.
#[derive(Clone, Debug)]
pub(crate) struct GameSummary {
    /// The alien each seat was dealt.
    aliens: Vec<Option<u16>>,
    /// The bot in each seat.
    bots: Vec<Bot>,
    winners: Vec<u8>,
    turns: u32,
    encounters: u32,
    pub(crate) events: u64,
    /// A hash of the game's JSON event log and final state (with `--fingerprint`).
    fingerprint: Option<u64>,
}

/// A seat's results.
#[derive(Serialize)]
struct SeatSummary {
    seat: u8,
    color: Color,
    wins: u64,
    win_rate: f64,
    /// The 95% interval of the win rate (Wilson).
    win_rate_95: [f64; 2],
}

/// An alien's results over the games it played (with a mixed table, by the bot that
/// played it).
#[derive(Serialize)]
struct AlienSummary {
    alien: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<&'static str>,
    games: u64,
    wins: u64,
    win_rate: f64,
    /// The 95% interval of the win rate (Wilson).
    win_rate_95: [f64; 2],
}

/// A bot's results over the seats it played (with a mixed table).
#[derive(Serialize)]
struct BotSummary {
    bot: &'static str,
    /// Seats it played, one per game per seat.
    seat_games: u64,
    wins: u64,
    /// Wins it shared with nobody.
    solo_wins: u64,
    win_rate: f64,
    /// The 95% interval of the win rate (Wilson).
    win_rate_95: [f64; 2],
}

/// The run's results.
#[derive(Serialize)]
struct Summary {
    games: u64,
    players: u8,
    bot: String,
    seed: u64,
    threads: usize,
    seats: Vec<SeatSummary>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    bots: Vec<BotSummary>,
    aliens: Vec<AlienSummary>,
    shared_wins: u64,
    no_winner: u64,
    mean_turns: f64,
    mean_encounters: f64,
    events: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    fingerprint: Option<String>,
    failures: Vec<String>,
    elapsed_seconds: f64,
    games_per_second: f64,
    events_per_second: f64,
}

/// The seed of game `index` in a run seeded `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    agent_seed(
        seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407),
        (index % 251) as u8,
    )
}

/// Folds `bytes` into an FNV-1a hash.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// FNV-1a's starting value.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// Help for a bad `--variants` list.
pub(crate) const VARIANTS_HELP: &str =
    "e.g. --variants four-planets,single-encounter (or freewheeling-flares, tech, hidden-powers, rotating-powers; none by default)";

/// Plays one game of `template`'s setup with `seed` and `seats` (a bot per seat; also timed
/// by `cosmic bench`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_one(
    bots: &Bots,
    runtime: &cosmic_interpreter::runtime::Runtime,
    template: &Setup,
    seats: &[Bot],
    seed: u64,
    check: bool,
    fingerprint: bool,
) -> Result<GameSummary, GameError> {
    let library = bots.library;
    let players = template.players;
    let agents = (0..players)
        .map(|i| agent(seats[i as usize].seat(), seed, i, bots))
        .collect();
    let options = Options {
        check_invariants: check,
        record_events: fingerprint,
        ..Options::default()
    };
    let setup = Setup {
        seed,
        ..template.clone()
    };
    let mut game = Game::new(&setup, library.components.clone(), agents, runtime, options)?;
    // Win rates are per alien dealt: a sheet swapped or replaced in play still counts for
    // the alien its player started with.
    let dealt: Vec<Option<u16>> = game.state().players.iter().map(|p| p.alien).collect();
    let r = game.run()?;
    let alien_of = |p: usize| dealt[p];
    let fingerprint = fingerprint.then(|| {
        let names = game.names();
        let log = game
            .events()
            .iter()
            .fold(FNV_START, |h, e| fnv(h, (names.json(e) + "\n").as_bytes()));
        fnv(log, cosmic_engine::save::digest(game.state()).as_bytes())
    });
    Ok(GameSummary {
        aliens: (0..players as usize).map(alien_of).collect(),
        bots: seats.to_vec(),
        winners: r.winners.iter().map(|p| p.0).collect(),
        turns: r.stats.turns,
        encounters: r.stats.encounters,
        events: r.stats.events,
        fingerprint,
    })
}

/// Runs the simulation; returns the process exit code (1 if any game failed).
pub fn run(args: SimArgs) -> miette::Result<i32> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if args.games == 0 {
        return Err(miette!(help = "ask for at least one game", "--games is 0"));
    }
    let library = crate::lint::load_library(&args.cards)?;
    let seats: Vec<Bot> = if args.seats.is_empty() {
        vec![args.bot; args.players as usize]
    } else if args.seats.len() == args.players as usize {
        args.seats.clone()
    } else {
        return Err(miette!(
            help = "give one bot per player, e.g. --seats search,basic,basic,basic,basic",
            "--seats lists {} seats but the games have {} players",
            args.seats.len(),
            args.players
        ));
    };
    let bots = Bots {
        library: &library,
        search: args.search.settings(default_search())?,
    };
    let aliens = library
        .alien_setup(&args.aliens, args.players)
        .map_err(|e| {
            miette!(
                help = "e.g. --aliens random, --aliens none, --aliens Virus,Oracle,Human",
                "--aliens: {e}"
            )
        })?;
    let template = Setup {
        aliens,
        variants: Variants::parse(&args.variants)
            .map_err(|e| miette!(help = VARIANTS_HELP, "--variants: {e}"))?,
        ..Setup::new(args.players, seed)
    };
    let progress = ProgressBar::new(args.games);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(u64, Result<GameSummary, GameError>)>> =
        Mutex::new(Vec::with_capacity(args.games as usize));
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let runtime = library.runtime();
                let mut local = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as u64;
                    if i >= args.games {
                        break;
                    }
                    let mut table = seats.clone();
                    if args.rotate_seats {
                        table.rotate_right(i as usize % seats.len());
                    }
                    let r = play_one(
                        &bots,
                        &runtime,
                        &template,
                        &table,
                        game_seed(seed, i),
                        args.check,
                        args.fingerprint,
                    );
                    local.push((i, r));
                    progress.inc(1);
                }
                if let Ok(mut all) = results.lock() {
                    all.extend(local);
                }
            });
        }
    });
    let elapsed = start.elapsed().as_secs_f64();
    progress.finish_and_clear();
    let mut results = results
        .into_inner()
        .map_err(|_| miette!("a worker thread panicked"))?;
    results.sort_by_key(|(i, _)| *i);

    let mut wins = vec![0u64; args.players as usize];
    let names = library.alien_names();
    // With a mixed table each alien is counted by the bot that played it.
    let mixed = seats.iter().any(|&b| b != seats[0]);
    let kinds: Vec<Bot> = if mixed {
        let mut k = seats.clone();
        k.sort_by_key(|b| b.seat().name());
        k.dedup();
        k
    } else {
        vec![seats[0]]
    };
    let kind_of = |bot: Bot| kinds.iter().position(|&k| k == bot).unwrap_or(0);
    let mut by_alien: Vec<Vec<(u64, u64)>> = vec![vec![(0, 0); names.len()]; kinds.len()];
    // Seats played, wins, wins shared with nobody.
    let mut by_bot: Vec<(u64, u64, u64)> = vec![(0, 0, 0); kinds.len()];
    let (mut shared, mut none, mut turns, mut encounters, mut events) = (0, 0, 0u64, 0u64, 0u64);
    let mut failures = Vec::new();
    let mut played = 0u64;
    let mut fingerprint = FNV_START;
    for (i, r) in &results {
        match r {
            Ok(g) => {
                played += 1;
                for &w in &g.winners {
                    wins[w as usize] += 1;
                }
                for (seat, &bot) in g.bots.iter().enumerate() {
                    let won = g.winners.contains(&(seat as u8)) as u64;
                    let tally = &mut by_bot[kind_of(bot)];
                    tally.0 += 1;
                    tally.1 += won;
                    tally.2 += won * (g.winners.len() == 1) as u64;
                }
                for (seat, a) in g.aliens.iter().enumerate() {
                    if let Some(a) = a {
                        let tally = &mut by_alien[kind_of(g.bots[seat])][*a as usize];
                        tally.0 += 1;
                        tally.1 += g.winners.contains(&(seat as u8)) as u64;
                    }
                }
                if g.winners.len() > 1 {
                    shared += 1;
                }
                if g.winners.is_empty() {
                    none += 1;
                }
                turns += g.turns as u64;
                encounters += g.encounters as u64;
                events += g.events;
                if let Some(f) = g.fingerprint {
                    fingerprint = fnv(fingerprint, &f.to_le_bytes());
                }
            }
            Err(e) => failures.push(format!("game {i} (seed {}): {e}", game_seed(seed, *i))),
        }
    }
    let per = |x: u64| {
        if played == 0 {
            0.0
        } else {
            x as f64 / played as f64
        }
    };
    let summary = Summary {
        games: args.games,
        players: args.players,
        bot: if mixed {
            seats
                .iter()
                .map(|b| b.seat().name())
                .collect::<Vec<_>>()
                .join(",")
        } else {
            seats[0].seat().name().to_string()
        },
        seed,
        threads,
        seats: wins
            .iter()
            .enumerate()
            .map(|(i, &w)| SeatSummary {
                seat: i as u8,
                color: Color::ALL[i],
                wins: w,
                win_rate: per(w),
                win_rate_95: crate::interval::wilson(w, args.games),
            })
            .collect(),
        bots: (by_bot.iter().zip(&kinds))
            .filter(|_| mixed)
            .map(|(&(games, wins, solo_wins), kind)| BotSummary {
                bot: kind.seat().name(),
                seat_games: games,
                wins,
                solo_wins,
                win_rate: wins as f64 / games.max(1) as f64,
                win_rate_95: crate::interval::wilson(wins, games),
            })
            .collect(),
        aliens: (by_alien.iter().zip(&kinds))
            .flat_map(|(tallies, &kind)| {
                (tallies.iter().zip(&names)).map(move |(&t, name)| (t, name, kind))
            })
            .filter(|((games, _), _, _)| *games > 0)
            .map(|((games, wins), name, kind)| AlienSummary {
                alien: name.to_string(),
                bot: mixed.then_some(kind.seat().name()),
                games,
                wins,
                win_rate: wins as f64 / games as f64,
                win_rate_95: crate::interval::wilson(wins, games),
            })
            .collect(),
        shared_wins: shared,
        no_winner: none,
        mean_turns: per(turns),
        mean_encounters: per(encounters),
        events,
        fingerprint: args.fingerprint.then(|| format!("{fingerprint:016x}")),
        failures,
        elapsed_seconds: elapsed,
        games_per_second: args.games as f64 / elapsed.max(1e-9),
        events_per_second: events as f64 / elapsed.max(1e-9),
    };
    if args.json {
        crate::json::print_document(&summary)?;
    } else {
        print_summary(&summary);
    }
    Ok(if summary.failures.is_empty() { 0 } else { 1 })
}

/// An interval of rates as percentages: `11.9 to 22.4%`.
fn percent_range([lo, hi]: [f64; 2]) -> String {
    format!("{:>4.1} to {:>4.1}%", lo * 100.0, hi * 100.0)
}

fn print_summary(s: &Summary) {
    println!(
        "{} games, {} players, {} bots, seed {}, {} thread{}",
        s.games,
        s.players,
        s.bot,
        s.seed,
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    );
    println!("seat  color   wins   win rate   95% interval");
    for seat in &s.seats {
        println!(
            "{:>4}  {:<6} {:>6}   {:>6.1}%   {}",
            seat.seat,
            seat.color.name(),
            seat.wins,
            seat.win_rate * 100.0,
            percent_range(seat.win_rate_95)
        );
    }
    if !s.bots.is_empty() {
        println!("bot     seats   wins   win rate   95% interval    solo wins");
        for b in &s.bots {
            println!(
                "{:<6} {:>6} {:>6}   {:>6.1}%   {}   {:>6}",
                b.bot,
                b.seat_games,
                b.wins,
                b.win_rate * 100.0,
                percent_range(b.win_rate_95),
                b.solo_wins
            );
        }
    }
    if !s.aliens.is_empty() {
        // A mixed table names the bot that played the alien.
        let label = |a: &AlienSummary| match a.bot {
            Some(bot) => format!("{} ({bot})", a.alien),
            None => a.alien.clone(),
        };
        // The column is as wide as the longest name (Philanthropist has 14 letters).
        let w = s
            .aliens
            .iter()
            .map(|a| label(a).len())
            .max()
            .unwrap_or(0)
            .max(12);
        println!(
            "{:<w$} {:>6}  {:>6}   win rate   95% interval",
            "alien", "games", "wins"
        );
        for a in &s.aliens {
            println!(
                "{:<w$} {:>6}  {:>6}   {:>6.1}%   {}",
                label(a),
                a.games,
                a.wins,
                a.win_rate * 100.0,
                percent_range(a.win_rate_95)
            );
        }
    }
    println!(
        "shared wins: {}   no winner: {}",
        s.shared_wins, s.no_winner
    );
    println!(
        "mean turns: {:.1}   mean encounters: {:.1}",
        s.mean_turns, s.mean_encounters
    );
    println!(
        "elapsed: {:.2}s   games_per_second: {:.0}   events_per_second: {:.0}",
        s.elapsed_seconds, s.games_per_second, s.events_per_second
    );
    if let Some(f) = &s.fingerprint {
        println!("fingerprint: {f}");
    }
    for f in &s.failures {
        println!("FAILED {f}");
    }
}
