//! `cosmic bench`: times, on one core, whole bot games (random and basic), the content
//! library's parse, lint and compile, and the ruling scenarios. Each measure is warmed up
//! first, then repeated; the median repetition is reported.

use crate::json::print_document;
use crate::lint::read_sources;
use crate::seats::{default_search, Bots};
use crate::sim::{game_seed, play_one, Bot, Seated};
use clap::Args;
use cosmic_cards::Library;
use cosmic_engine::agents::search::Budget;
use cosmic_engine::{GameError, Prepared, Setup};
use cosmic_interpreter::runtime::Runtime;
use cosmic_interpreter::{check, SourceFile};
use miette::miette;
use serde::Serialize;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Players in the timed games.
const PLAYERS: u8 = 5;
/// A library pass is repeated until one repetition lasts at least this long (seconds).
const MIN_REPETITION: f64 = 0.05;
/// The grammar's valid fixtures, a second corpus to time (relative to the repository root).
const FIXTURES: &str = "grammar/tests/fixtures/valid";
/// Where the rulings live, relative to the repository root.
const RULINGS: &str = "tests/rulings";

/// Options of `cosmic bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Games with one search bot (seat 1) and four basic bots, for the search's rollouts.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..))]
    search_games: u64,
    #[command(flatten)]
    search: crate::seats::SearchArgs,
    /// Games per repetition, for each bot.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Seed of the games (game i uses the seed `cosmic sim` gives it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Timed repetitions of each measure (the median is reported).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    repetitions: u32,
    /// Aliens in the timed games, as for `cosmic sim`: `random`, `flares`, `none`, or names.
    #[arg(long, default_value = "random")]
    aliens: String,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

/// Timed bot games.
#[derive(Serialize)]
struct SimBench {
    bot: String,
    aliens: String,
    players: u8,
    games: u64,
    events: u64,
    seconds: f64,
    games_per_second: f64,
    events_per_second: f64,
}

/// One timed pass over a set of content files.
#[derive(Serialize)]
struct LibraryBench {
    source: String,
    files: usize,
    bytes: usize,
    parse_seconds: f64,
    lint_seconds: f64,
    total_seconds: f64,
    /// Parse, check and compile into a playable library (the built-in library only).
    load_seconds: Option<f64>,
}

/// One timed run of every ruling scenario.
#[derive(Serialize)]
struct RulingBench {
    source: String,
    files: usize,
    failed: usize,
    seconds: f64,
    seconds_per_ruling: f64,
}

/// The size of one game's state: the struct itself, and its save form (JSON) after setup and
/// at the end of a random-bot game.
#[derive(Serialize)]
struct StateSize {
    inline_bytes: usize,
    json_bytes_after_setup: usize,
    json_bytes_at_end: usize,
}

/// Games with a search bot: how fast it plays rollouts, and what a rollout's copy of the
/// state costs.
#[derive(Serialize)]
struct SearchBench {
    games: u64,
    /// Rollouts per decision (or milliseconds, if so asked).
    budget: String,
    horizon: Option<u32>,
    rollouts: u64,
    seconds: f64,
    seconds_per_game: f64,
    rollouts_per_second: f64,
    /// A copy of a game state at the end of a game, as a rollout's checkpoint takes it.
    state_clone_nanoseconds: f64,
}

/// Everything `cosmic bench` measured.
#[derive(Serialize)]
struct Bench {
    seed: u64,
    repetitions: u32,
    threads: usize,
    random: SimBench,
    basic: SimBench,
    search: SearchBench,
    library_builtin: LibraryBench,
    library_fixtures: Option<LibraryBench>,
    rulings: Option<RulingBench>,
    state: StateSize,
    notes: Vec<String>,
}

/// The median of `repetitions` timings of `f` (seconds), after one untimed call whose
/// result is returned.
fn median_time<T>(repetitions: u32, mut f: impl FnMut() -> T) -> (f64, T) {
    let first = f();
    let mut times: Vec<f64> = (0..repetitions)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], first)
}

/// The median time of one call of a fast `f`, called in batches that last long enough to
/// time.
fn median_time_fast<T>(repetitions: u32, mut f: impl FnMut() -> T) -> f64 {
    let start = Instant::now();
    black_box(f());
    let once = start.elapsed().as_secs_f64().max(1e-9);
    let batch = ((MIN_REPETITION / once).ceil() as u64).clamp(1, 1_000_000);
    let (seconds, ()) = median_time(repetitions, || {
        for _ in 0..batch {
            black_box(f());
        }
    });
    seconds / batch as f64
}

/// The setup every bench game starts from: the bench's players, aliens and seed.
fn bench_setup(library: &Library, args: &BenchArgs) -> miette::Result<Setup> {
    let aliens = library
        .alien_setup(&args.aliens, PLAYERS)
        .map_err(|e| miette!("--aliens: {e}"))?;
    Ok(Setup {
        aliens,
        ..Setup::new(PLAYERS, args.seed)
    })
}

/// Plays games 0 to `games` of run seed `seed` with `seats`, unchecked and unrecorded, the
/// bots kept from game to game as a run's thread keeps them; returns the events played.
/// `what` names the games in an error (`"search "`, or nothing).
fn play_games(
    bots: &Bots,
    runtime: &Runtime,
    prepared: &Result<Prepared, GameError>,
    seats: &[Bot],
    seed: u64,
    games: u64,
    what: &str,
) -> miette::Result<u64> {
    let mut seated = Seated::default();
    let mut events = 0;
    for i in 0..games {
        let game = game_seed(seed, i);
        let g = play_one(
            bots,
            runtime,
            &mut seated,
            prepared,
            seats,
            game,
            false,
            false,
            None,
        )
        .map_err(|e| miette!("bench {what}game {i} (seed {game}) failed: {e}"))?;
        events += g.events;
    }
    Ok(events)
}

/// Times five-player games of `bot`s, the same games in every repetition.
fn bench_sim(library: &Library, bot: Bot, args: &BenchArgs) -> miette::Result<SimBench> {
    let template = bench_setup(library, args)?;
    let prepared = Prepared::new(&template, library.components.clone());
    let runtime = library.runtime();
    let bots = Bots {
        library,
        search: default_search(),
    };
    let seats = [bot; PLAYERS as usize];
    let play = || {
        play_games(
            &bots, &runtime, &prepared, &seats, args.seed, args.games, "",
        )
    };
    // The same games every repetition, so the repetitions differ only by noise.
    let (seconds, events) = median_time(args.repetitions, play);
    let events = events?;
    Ok(SimBench {
        bot: format!("{bot:?}").to_lowercase(),
        aliens: args.aliens.clone(),
        players: PLAYERS,
        games: args.games,
        events,
        seconds,
        games_per_second: args.games as f64 / seconds.max(1e-9),
        events_per_second: events as f64 / seconds.max(1e-9),
    })
}

/// Times games with one search bot among basic bots (once each: they are long), counting
/// the rollouts played, and a copy of a game state.
fn bench_search(library: &Library, args: &BenchArgs) -> miette::Result<SearchBench> {
    let template = bench_setup(library, args)?;
    let runtime = library.runtime();
    let bots = Bots {
        library,
        search: args.search.settings(default_search())?,
    };
    let prepared = Prepared::new(&template, library.components.clone());
    let mut seats = [Bot::Basic; PLAYERS as usize];
    seats[1] = Bot::Search;
    let before = cosmic_engine::agents::search::rollouts_played();
    let start = Instant::now();
    play_games(
        &bots,
        &runtime,
        &prepared,
        &seats,
        args.seed,
        args.search_games,
        "search ",
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let rollouts = cosmic_engine::agents::search::rollouts_played() - before;
    // A state as a rollout's checkpoint copies it: from a finished basic game.
    let agents = (0..PLAYERS)
        .map(|i| crate::seats::agent(crate::seats::SeatKind::Basic, args.seed, i, &bots))
        .collect();
    let mut game = cosmic_engine::Game::new(
        &template,
        library.components.clone(),
        agents,
        &runtime,
        cosmic_engine::Options::default(),
    )
    .map_err(|e| miette!("bench state game: {e}"))?;
    game.run().map_err(|e| miette!("bench state game: {e}"))?;
    let clone = median_time_fast(args.repetitions, || game.clone_state());
    let (budget, horizon) = (bots.search.budget, bots.search.horizon);
    Ok(SearchBench {
        games: args.search_games,
        budget: match budget {
            Budget::Rollouts(n) => format!("{n} rollouts"),
            Budget::Millis(ms) => format!("{ms} ms"),
        },
        horizon,
        rollouts,
        seconds,
        seconds_per_game: seconds / args.search_games as f64,
        rollouts_per_second: rollouts as f64 / seconds.max(1e-9),
        state_clone_nanoseconds: clone * 1e9,
    })
}

/// Measures the state of a 5-player random-bot game with the bench's aliens and seed.
fn state_size(library: &Library, args: &BenchArgs) -> miette::Result<StateSize> {
    let setup = bench_setup(library, args)?;
    let runtime = library.runtime();
    let agents = (0..PLAYERS)
        .map(|i| {
            let bots = Bots {
                library,
                search: default_search(),
            };
            crate::seats::agent(crate::seats::SeatKind::Random, args.seed, i, &bots)
        })
        .collect();
    let options = cosmic_engine::Options::default();
    let mut game = cosmic_engine::Game::new(
        &setup,
        library.components.clone(),
        agents,
        &runtime,
        options,
    )
    .map_err(|e| miette!("bench state game: {e}"))?;
    let json = |g: &cosmic_engine::Game| serde_json::to_vec(g.state()).map_or(0, |v| v.len());
    let json_bytes_after_setup = json(&game);
    game.run().map_err(|e| miette!("bench state game: {e}"))?;
    Ok(StateSize {
        inline_bytes: std::mem::size_of::<cosmic_engine::state::GameState>(),
        json_bytes_after_setup,
        json_bytes_at_end: json(&game),
    })
}

fn bench_library(source: String, files: &[SourceFile], repetitions: u32) -> LibraryBench {
    let parse_seconds = median_time_fast(repetitions, || {
        files
            .iter()
            .map(|f| cosmic_grammar::parse(&f.text))
            .collect::<Vec<_>>()
    });
    let lint_seconds = median_time_fast(repetitions, || check(files));
    LibraryBench {
        source,
        files: files.len(),
        bytes: files.iter().map(|f| f.text.len()).sum(),
        parse_seconds,
        lint_seconds,
        total_seconds: parse_seconds + lint_seconds,
        load_seconds: None,
    }
}

fn bench_rulings(dir: &Path, repetitions: u32) -> miette::Result<RulingBench> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| miette!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    // As `cosmic ruling` runs them: each file read, loaded and played.
    let run_all = || {
        files
            .iter()
            .filter(|p| {
                !cosmic_tests::ruling::run_file(p).is_ok_and(|r| r.checks.iter().all(|c| c.ok))
            })
            .count()
    };
    let (seconds, failed) = median_time(repetitions, run_all);
    Ok(RulingBench {
        source: dir.display().to_string(),
        files: files.len(),
        failed,
        seconds,
        seconds_per_ruling: seconds / files.len().max(1) as f64,
    })
}

/// A folder of the repository: from the current directory, else from the source tree this
/// binary was built from.
fn repo_dir(relative: &str) -> Option<PathBuf> {
    let here = PathBuf::from(relative);
    if here.is_dir() {
        return Some(here);
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative);
    built.is_dir().then_some(built)
}

/// Runs every measure; returns the process exit code.
pub fn run(args: BenchArgs) -> miette::Result<i32> {
    let library = cosmic_cards::builtin_library()?;
    let mut notes = vec![
        "one thread; each measure warmed up once, then the median of the repetitions".to_string(),
    ];
    let random = bench_sim(&library, Bot::Random, &args)?;
    let basic = bench_sim(&library, Bot::Basic, &args)?;
    let search = bench_search(&library, &args)?;

    let builtin = read_sources(&[])?;
    let mut library_builtin = bench_library("built-in".into(), &builtin, args.repetitions);
    library_builtin.load_seconds = Some(median_time_fast(args.repetitions, || {
        cosmic_cards::builtin_library().is_ok()
    }));
    let library_fixtures = match repo_dir(FIXTURES) {
        Some(dir) => {
            notes.push(format!(
                "the valid grammar fixtures ({FIXTURES}) are timed too: a second corpus, \
                 written to exercise the grammar rather than to play"
            ));
            let files = read_sources(std::slice::from_ref(&dir))?;
            Some(bench_library(
                dir.display().to_string(),
                &files,
                args.repetitions,
            ))
        }
        None => {
            notes.push(format!(
                "{FIXTURES} not found: the second corpus is skipped"
            ));
            None
        }
    };
    let rulings = match repo_dir(RULINGS) {
        Some(dir) => Some(bench_rulings(&dir, args.repetitions)?),
        None => {
            notes.push(format!("{RULINGS} not found: rulings skipped"));
            None
        }
    };

    let state = state_size(&library, &args)?;
    let bench = Bench {
        seed: args.seed,
        repetitions: args.repetitions,
        threads: 1,
        random,
        basic,
        search,
        library_builtin,
        library_fixtures,
        rulings,
        state,
        notes,
    };
    if args.json {
        print_document(&bench)?;
    } else {
        print_table(&bench);
    }
    Ok(0)
}

/// A duration in the unit that suits it.
fn duration(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}

/// A large count, readably (1234567 → 1.23M).
fn count(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2}M", x / 1e6)
    } else if x >= 1e4 {
        format!("{:.1}k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

fn print_table(b: &Bench) {
    let mut rows: Vec<[String; 4]> = vec![[
        "measure".into(),
        "work".into(),
        "median".into(),
        "throughput".into(),
    ]];
    for s in [&b.random, &b.basic] {
        rows.push([
            format!("{} players, {} bots, aliens {}", s.players, s.bot, s.aliens),
            format!("{} games, {} events", s.games, count(s.events as f64)),
            duration(s.seconds),
            format!(
                "{} games/s, {} events/s",
                count(s.games_per_second),
                count(s.events_per_second)
            ),
        ]);
    }
    let s = &b.search;
    rows.push([
        format!(
            "{PLAYERS} players, 1 search bot ({}, horizon {}) and basic bots",
            s.budget,
            match s.horizon {
                None => "to the end".to_string(),
                Some(1) => "1 turn".to_string(),
                Some(h) => format!("{h} turns"),
            }
        ),
        format!("{} games, {} rollouts", s.games, count(s.rollouts as f64)),
        duration(s.seconds_per_game),
        format!(
            "per game; {} rollouts/s, state clone {:.0} ns",
            count(s.rollouts_per_second),
            s.state_clone_nanoseconds
        ),
    ]);
    for l in std::iter::once(&b.library_builtin).chain(&b.library_fixtures) {
        let work = format!("{} files, {} bytes", l.files, l.bytes);
        rows.push([
            format!("parse {}", l.source),
            work.clone(),
            duration(l.parse_seconds),
            String::new(),
        ]);
        rows.push([
            format!("lint+compile {}", l.source),
            work.clone(),
            duration(l.lint_seconds),
            String::new(),
        ]);
        if let Some(load) = l.load_seconds {
            rows.push([
                format!("load {}", l.source),
                work,
                duration(load),
                "parse, lint, compile, components".into(),
            ]);
        }
    }
    if let Some(r) = &b.rulings {
        rows.push([
            format!("rulings {}", r.source),
            format!("{} files, {} failed", r.files, r.failed),
            duration(r.seconds),
            format!("{} per ruling", duration(r.seconds_per_ruling)),
        ]);
    }
    rows.push([
        "game state".into(),
        format!("{} bytes inline", b.state.inline_bytes),
        String::new(),
        format!(
            "{} bytes as JSON after setup, {} at the end",
            b.state.json_bytes_after_setup, b.state.json_bytes_at_end
        ),
    ]);
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let widths = [width(0), width(1), width(2)];
    println!(
        "cosmic bench: seed {}, {} repetitions, 1 thread",
        b.seed, b.repetitions
    );
    for r in &rows {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:>w2$}  {}",
            r[0],
            r[1],
            r[2],
            r[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2]
        );
        println!("{}", line.trim_end());
    }
    for n in &b.notes {
        println!("note: {n}");
    }
}
