//! `cosmic sim`: many bot games, spread over threads, summarised. Each game's seed derives
//! from the run seed and the game's index, so results do not depend on the thread count, nor
//! on which shard of the run plays the game (`--shard`, `shard.rs`).

use crate::seats::{agent, default_search, fresh_seed, reseat, Bots, SearchArgs, SeatKind};
use crate::summary::{fnv, GameResult, RunInfo, RunSetup, Summary, Tally, FNV_START};
use clap::Args;
use cosmic_engine::agents::agent_seed;
use cosmic_engine::{Agent, Game, GameError, Options, Prepared, Setup, Variants};
use indicatif::{ProgressBar, ProgressStyle};
use miette::miette;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
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

/// `cosmic sim`: play a run (or a shard of one), or merge shards.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SimArgs {
    #[command(subcommand)]
    command: Option<SimCommand>,
    #[command(flatten)]
    run: RunArgs,
}

/// What `cosmic sim` does besides playing.
#[derive(clap::Subcommand)]
enum SimCommand {
    /// Combine the `--json` outputs of every shard of one run into the run's summary.
    Merge(crate::shard::MergeArgs),
}

/// Options of a run.
#[derive(Args)]
pub struct RunArgs {
    /// Number of games (of the whole run, with --shard).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Number of players (3 to 8; 2 to 6 with `--edition eon`).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(2..=8))]
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
    /// The run's seed (default: from the clock; required with --shard).
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
    /// Sets whose aliens are dealt at random and whose flares go into the deck, comma-separated: base, incursion, conflict (default: base; a named alien plays whatever its set).
    #[arg(long, default_value = "base")]
    sets: String,
    /// Also play these content files or folders (your own aliens and cards); a
    /// `reward-deck.toml` among them replaces the built-in reward deck.
    #[arg(long)]
    cards: Vec<PathBuf>,
    /// Variants, comma-separated: four-planets, single-encounter, freewheeling-flares, tech, hidden-powers, rotating-powers, hazards, extremely-hazardous (FFG); lucre, praw, reverse-cone, hexes (the planet hexes) (Eon).
    #[arg(long, default_value = "none")]
    variants: String,
    /// The rule book: `ffg` (the default), `eon` (the Complete Book of 1983) or `duel`
    /// (Cosmic Encounter Duel, two players); Eon's and Duel's card libraries are not all
    /// confirmed yet, so a whole game of either is refused with what is missing.
    #[arg(long, default_value = "ffg")]
    edition: String,
    /// Record every game's full event log and print a hash of all of them (in game order),
    /// to check that a change to the code leaves every game identical.
    #[arg(long)]
    fingerprint: bool,
    /// Also count each alien's wins against each other alien at the table (in the JSON's
    /// `pairs`, and as a heat map in the report).
    #[arg(long)]
    matrix: bool,
    /// Also write the results as a self-contained HTML report.
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
    /// Play only shard K of N (K from 0): the run's games split into N consecutive ranges.
    /// Merge the shards' `--json` outputs with `cosmic sim merge`.
    #[arg(long, value_name = "K/N")]
    shard: Option<crate::shard::Shard>,
}

/// What one game contributes to the summary.
#[derive(Clone, Debug)]
pub(crate) struct GameSummary {
    /// The alien each seat was dealt.
    aliens: Vec<Option<u16>>,
    /// The bot in each seat.
    bots: Vec<Bot>,
    winners: Vec<u8>,
    /// Whether the engine's turn limit stopped the game.
    turn_limit: bool,
    turns: u32,
    encounters: u32,
    pub(crate) events: u64,
    /// A hash of the game's JSON event log and final state (with `--fingerprint`).
    fingerprint: Option<u64>,
}

/// The seed of game `index` in a run seeded `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    agent_seed(
        seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407),
        (index % 251) as u8,
    )
}

/// Help for a bad `--variants` list.
pub(crate) const VARIANTS_HELP: &str =
    "e.g. --variants four-planets,single-encounter (or freewheeling-flares, tech, hidden-powers, rotating-powers, hazards, extremely-hazardous, rewards; none by default)";

/// The bots of a thread's last game, restarted for its next (their room kept, not made and
/// dropped each game).
#[derive(Default)]
pub(crate) struct Seated<'r> {
    /// The bot in each seat of the last game.
    bots: Vec<Bot>,
    /// Their agents, as the last game left them (none if it failed).
    agents: Vec<Box<dyn Agent + 'r>>,
}

impl<'r> Seated<'r> {
    /// Agents for game `seed` with `seats`, each as `agent` makes it: last game's restarted
    /// where the seat's bot is the same.
    fn agents(&mut self, seats: &[Bot], seed: u64, bots: &Bots) -> Vec<Box<dyn Agent + 'r>> {
        let mut agents = std::mem::take(&mut self.agents);
        if self.bots != seats {
            agents.clear();
            self.bots = seats.to_vec();
        }
        for (i, &bot) in seats.iter().enumerate() {
            match agents.get_mut(i) {
                Some(old) => reseat(old, bot.seat(), seed, i as u8, bots),
                None => agents.push(agent(bot.seat(), seed, i as u8, bots)),
            }
        }
        agents
    }
}

/// Plays one game of `prepared`'s setup with `seed` and `seats` (a bot per seat; also timed
/// by `cosmic bench`), with the bots `seated` kept from the thread's last game;
/// `progress`, if given, holds the number of events played so far. A setup that could not be
/// prepared fails every game with its error, as each would.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_one<'r>(
    bots: &Bots,
    runtime: &'r cosmic_interpreter::runtime::Runtime,
    seated: &mut Seated<'r>,
    prepared: &Result<Prepared, GameError>,
    seats: &[Bot],
    seed: u64,
    check: bool,
    fingerprint: bool,
    progress: Option<&'r AtomicU64>,
) -> Result<GameSummary, GameError> {
    let prepared = prepared.as_ref().map_err(Clone::clone)?;
    let players = prepared.setup().players;
    let agents = seated.agents(&seats[..players as usize], seed, bots);
    let options = Options {
        check_invariants: check,
        record_events: fingerprint,
        // Nothing watches a run's games: setup's events are kept only for a fingerprint.
        no_late_observer: true,
        ..Options::default()
    };
    let mut game = Game::prepared(prepared, seed, agents, runtime, options)?;
    // Win rates are per alien dealt: a sheet swapped or replaced in play still counts for
    // the alien its player started with.
    let dealt: Vec<Option<u16>> = game.state().players.iter().map(|p| p.alien).collect();
    if let Some(p) = progress {
        game.set_progress(p);
    }
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
    let summary = GameSummary {
        aliens: (0..players as usize).map(alien_of).collect(),
        bots: seats.to_vec(),
        winners: r.winners.iter().map(|p| p.0).collect(),
        turn_limit: r.winners.is_empty() && game.state().turn >= game.state().rules.turn_limit,
        turns: r.stats.turns,
        encounters: r.stats.encounters,
        events: r.stats.events,
        fingerprint,
    };
    seated.agents = game.into_agents();
    Ok(summary)
}

/// Runs `cosmic sim`; returns the process exit code (1 if any game failed).
pub fn run(args: SimArgs) -> miette::Result<i32> {
    match args.command {
        Some(SimCommand::Merge(merge)) => crate::shard::merge(merge),
        None => play(args.run),
    }
}

/// Plays the run (or its shard) and prints the summary.
fn play(args: RunArgs) -> miette::Result<i32> {
    if args.shard.is_some() && args.seed.is_none() {
        return Err(miette!(
            help = "give every shard the same --seed (and the same --games and setup)",
            "--shard needs --seed: each shard must play the same run"
        ));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if args.games == 0 {
        return Err(miette!(help = "ask for at least one game", "--games is 0"));
    }
    let games = match args.shard {
        Some(shard) => shard.games(args.games)?,
        None => 0..args.games,
    };
    let edition = crate::lint::parse_edition(&args.edition)?;
    let library = crate::lint::load_edition_library(edition, &args.cards)?;
    let variants = Variants::parse(&args.variants)
        .map_err(|e| miette!(help = VARIANTS_HELP, "--variants: {e}"))?;
    crate::lint::check_dealable(&library, &variants)?;
    // Refused once here rather than in every game (Eon seats 2 to 6, FFG 3 to 8).
    let seated = cosmic_engine::procedure::of(edition).seats();
    if !seated.contains(&args.players) {
        return Err(miette!(
            help = "FFG seats 3 to 8 players, Eon 2 to 6",
            "--players {}: the {} edition seats {} to {}",
            args.players,
            edition.name(),
            seated.start(),
            seated.end()
        ));
    }
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
        variants,
        sets: library
            .game_sets(&args.sets)
            .map_err(|e| miette!(help = "e.g. --sets base,incursion,conflict", "--sets: {e}"))?,
        edition,
        ..Setup::new(args.players, seed)
    };
    // Laid out once for the run's games, which differ only by their seeds.
    let prepared = Prepared::new(&template, library.components.clone());
    let progress = ProgressBar::new(games.end - games.start);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  eta {eta}  {msg}")
            .map(|s| {
                // A whole number of games a second (indicatif's `per_sec` shows decimals).
                s.with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0} games/s", state.per_sec());
                    },
                )
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // The bar moves within a game too: each thread's game keeps its events played in its
    // own counter (no thread waits on another's), and a ticker adds them up for the bar.
    // Nothing is counted when the bar is hidden (stderr not a terminal).
    let shown = !progress.is_hidden();
    let playing: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let finished_events = AtomicU64::new(0);
    let done = std::sync::atomic::AtomicBool::new(false);
    let panicked = std::sync::atomic::AtomicBool::new(false);
    let next = AtomicU64::new(games.start);
    let results: Mutex<Vec<(u64, Result<GameSummary, GameError>)>> =
        Mutex::new(Vec::with_capacity((games.end - games.start) as usize));
    let start = Instant::now();
    std::thread::scope(|scope| {
        let ticker = shown.then(|| {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    let events = finished_events.load(Ordering::Relaxed)
                        + (playing.iter())
                            .map(|c| c.load(Ordering::Relaxed))
                            .sum::<u64>();
                    progress.set_message(format!("{events} events played"));
                    progress.tick();
                    std::thread::park_timeout(std::time::Duration::from_millis(250));
                }
            })
        });
        let workers: Vec<_> = (playing.iter())
            .map(|counter| {
                let (progress, next, results) = (&progress, &next, &results);
                let (library, prepared, args, games) = (&library, &prepared, &args, &games);
                let (bots, seats) = (&bots, &seats);
                let finished_events = &finished_events;
                scope.spawn(move || {
                    let runtime = library.runtime();
                    let mut seated = Seated::default();
                    let mut local = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games.end {
                            break;
                        }
                        let mut table = seats.clone();
                        if args.rotate_seats {
                            table.rotate_right(i as usize % seats.len());
                        }
                        let r = play_one(
                            bots,
                            &runtime,
                            &mut seated,
                            prepared,
                            &table,
                            game_seed(seed, i),
                            args.check,
                            args.fingerprint,
                            shown.then_some(counter),
                        );
                        if shown {
                            let events = r
                                .as_ref()
                                .map_or(counter.load(Ordering::Relaxed), |g| g.events);
                            finished_events.fetch_add(events, Ordering::Relaxed);
                            counter.store(0, Ordering::Relaxed);
                        }
                        local.push((i, r));
                        progress.inc(1);
                    }
                    if let Ok(mut all) = results.lock() {
                        all.extend(local);
                    }
                })
            })
            .collect();
        // A worker that panicked (unwinding builds: debug and tests) lost its games: the run
        // is refused below rather than tallied short.
        for w in workers {
            if w.join().is_err() {
                panicked.store(true, Ordering::Relaxed);
            }
        }
        done.store(true, Ordering::Relaxed);
        if let Some(t) = ticker {
            t.thread().unpark();
        }
    });
    let elapsed = start.elapsed().as_secs_f64();
    progress.finish_and_clear();
    if panicked.load(Ordering::Relaxed) {
        return Err(miette!(
            "a worker thread panicked: its games are missing from the run"
        ));
    }
    let mut results = results
        .into_inner()
        .map_err(|_| miette!("a worker thread panicked"))?;
    results.sort_by_key(|(i, _)| *i);

    let names = library.alien_names();
    // A mixed table counts each bot's seats, and each alien by the bot that played it.
    let mixed = seats.iter().any(|&b| b != seats[0]);
    let mut kinds: Vec<&str> = seats.iter().map(|b| b.seat().name()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let mut tally = Tally::new(
        args.players,
        args.matrix,
        args.fingerprint,
        mixed.then_some(&kinds[..]),
    );
    for (i, r) in &results {
        match r {
            Ok(g) => tally.add_game(&GameResult {
                aliens: g
                    .aliens
                    .iter()
                    .map(|a| a.map(|a| names[a as usize]))
                    .collect(),
                bots: g.bots.iter().map(|b| b.seat().name()).collect(),
                winners: &g.winners,
                turn_limit: g.turn_limit,
                turns: g.turns,
                encounters: g.encounters,
                events: g.events,
                fingerprint: g.fingerprint,
            }),
            Err(e) => tally.add_failure(format!("game {i} (seed {}): {e}", game_seed(seed, *i))),
        }
    }
    let summary = Summary::new(
        &tally,
        RunInfo {
            players: args.players,
            bot: match mixed {
                true => (seats.iter().map(|b| b.seat().name()))
                    .collect::<Vec<_>>()
                    .join(","),
                false => seats[0].seat().name().to_string(),
            },
            seed,
            threads,
            elapsed_seconds: elapsed,
            setup: RunSetup {
                aliens: args.aliens.clone(),
                variants: args.variants.clone(),
                sets: args.sets.clone(),
                cards: args.cards.iter().map(|p| p.display().to_string()).collect(),
                library: library.digest(),
                check: args.check,
                rotate_seats: args.rotate_seats,
                search: seats
                    .contains(&Bot::Search)
                    .then(|| crate::seats::describe_search(bots.search)),
            },
            shard: args.shard.map(|s| s.info(args.games)),
            merged_shards: None,
        },
    );
    output(&summary, args.json, args.report.as_deref())
}

/// Prints `summary` (as JSON with `json`) and writes its HTML report to `report`; returns the
/// exit code (1 if any game failed).
pub(crate) fn output(
    summary: &Summary,
    json: bool,
    report: Option<&std::path::Path>,
) -> miette::Result<i32> {
    if let Some(path) = report {
        crate::report::write(summary, path)?;
    }
    if json {
        crate::json::print_document(summary)?;
    } else {
        summary.print();
    }
    Ok(if summary.failures.is_empty() { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_played_after_others_is_the_game_played_alone() {
        // A run's thread keeps its bots from game to game (`Seated`): each game must be the
        // one its seed gives on its own, event for event and to the final state, whatever
        // the thread played before, with its bots mixed and moved between seats.
        let library = cosmic_cards::builtin_library().expect("the built-in library loads");
        let runtime = library.runtime();
        let bots = Bots {
            library: &library,
            search: default_search(),
        };
        let template = Setup {
            sets: vec!["base".into(), "incursion".into()],
            ..Setup::new(5, 0)
        };
        let prepared = Prepared::new(&template, library.components.clone());
        let table = [Bot::Basic, Bot::Random, Bot::Basic, Bot::Basic, Bot::Random];
        let seats_of = |i: usize| -> Vec<Bot> {
            let mut seats = table.to_vec();
            seats.rotate_right(i / 2 % 2);
            seats
        };
        let fingerprint = |seated: &mut _, i: usize| {
            let (seats, seed) = (seats_of(i), game_seed(7, i as u64));
            let g = play_one(
                &bots, &runtime, seated, &prepared, &seats, seed, false, true, None,
            )
            .expect("the game plays");
            g.fingerprint.expect("a fingerprint")
        };
        let mut kept = Seated::default();
        let after: Vec<u64> = (0..5).map(|i| fingerprint(&mut kept, i)).collect();
        let alone: Vec<u64> = (0..5)
            .map(|i| fingerprint(&mut Seated::default(), i))
            .collect();
        assert_eq!(after, alone);
    }
}
