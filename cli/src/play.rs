//! `cosmic play`: one whole game, its log as it happens, and the winner(s); saved on request
//! (when it ends or is interrupted), and resumed from a save.

use crate::seats::{agent, default_search, fresh_seed, Bots, SearchArgs, SeatKind};
use clap::{Args, ValueEnum};
use cosmic_engine::agents::ReplayAgent;
use cosmic_engine::save::{digest, SAVE_FORMAT};
use cosmic_engine::{Agent, Game, Options, PlayerId, Save, Setup, Variants};
use miette::miette;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Options of `cosmic play`.
#[derive(Args)]
pub struct PlayArgs {
    /// Number of players (3 to 8; 2 to 6 with `--edition eon`).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(2..=8))]
    players: u8,
    /// Who sits in each seat, clockwise from blue (default: all basic bots).
    #[arg(long, value_delimiter = ',')]
    seats: Vec<SeatKind>,
    /// Aliens: `random`, `flares` (two dealt, keep one), `none`, one name per seat, or `combo:` and one name per seat (dealt to the seats at random, as from a cosmic combo card).
    #[arg(long, default_value = "random", conflicts_with = "load")]
    aliens: String,
    /// Sets whose aliens are dealt at random and whose flares go into the deck, comma-separated: base, incursion, conflict (default: base; a named alien plays whatever its set).
    #[arg(long, default_value = "base", conflicts_with = "load")]
    sets: String,
    /// The game's seed (default: from the clock; printed so the game can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Also write the full log to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print the log as JSON lines instead of text.
    #[arg(long)]
    json: bool,
    /// Variants, comma-separated: four-planets, single-encounter, freewheeling-flares, tech, hidden-powers, rotating-powers, hazards, extremely-hazardous (FFG); lucre, praw, reverse-cone, hexes (the planet hexes) (Eon).
    #[arg(long, default_value = "none")]
    variants: String,
    /// The rule book: `ffg` (the default), `eon` (the Complete Book of 1983) or `duel`
    /// (Cosmic Encounter Duel, two players); Eon's and Duel's card libraries are not all
    /// confirmed yet, so a whole game of either is refused with what is missing.
    #[arg(long, default_value = "ffg")]
    edition: String,
    /// Check the invariants after every event.
    #[arg(long)]
    check: bool,
    /// Write the game to this file when it ends or is interrupted (a human may type `quit`).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Also play these content files or folders (your own aliens and cards) with the built-in
    /// library; a `reward-deck.toml` among them replaces the built-in reward deck. A saved game
    /// must be resumed with the same ones.
    #[arg(long)]
    cards: Vec<PathBuf>,
    /// Resume the game saved in this file (its seats unless `--seats` is given).
    #[arg(long, conflicts_with_all = ["seed", "players"])]
    load: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
}

/// Reads a save file, with a clear error for a missing, truncated or edited one.
pub fn read_save(path: &Path) -> miette::Result<Save> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| miette!("cannot read the save {}: {e}", path.display()))?;
    Save::from_json(&text).map_err(|e| {
        miette!(
            help = "a save is written by `cosmic play --save FILE`; an edited or truncated file cannot be resumed",
            "{}: {e}",
            path.display()
        )
    })
}

/// Refuses to resume `save` with a card library other than the one it was played with (its
/// answers would not fit the game any more).
pub fn check_library(save: &Save, library: &cosmic_cards::Library) -> miette::Result<()> {
    if save.library.is_empty() || save.library == library.digest() {
        return Ok(());
    }
    let files = if save.cards.is_empty() {
        "the built-in library alone".to_string()
    } else {
        format!("--cards {}", save.cards.join(" "))
    };
    Err(miette!(
        help = format!("the game was saved with {files}; resume it with the same card files, unchanged, and the same version of cosmic"),
        "the card library differs from the one this game was saved with"
    ))
}

/// The recorded answers of each seat, in order.
pub fn answers_by_seat(
    save: &Save,
) -> Vec<Vec<(cosmic_engine::DecisionKind, cosmic_engine::Answer)>> {
    let mut by_seat = vec![Vec::new(); save.setup.players as usize];
    for a in &save.answers {
        if let Some(seat) = by_seat.get_mut(a.player.ix()) {
            seat.push((a.kind, a.answer.clone()));
        }
    }
    by_seat
}

/// Plays the game; returns the process exit code.
pub fn run(args: PlayArgs) -> miette::Result<i32> {
    // A file that cannot be written is reported now, not after a whole game.
    for (flag, path) in [("--save", &args.save), ("--log", &args.log)] {
        if let Some(path) = path {
            check_writable(flag, path)?;
        }
    }
    let loaded = args.load.as_deref().map(read_save).transpose()?;
    // A resumed game plays with the card files it was saved with, unless others are given.
    let cards: Vec<PathBuf> = match &loaded {
        Some(s) if args.cards.is_empty() => s.cards.iter().map(PathBuf::from).collect(),
        _ => args.cards.clone(),
    };
    let edition = match &loaded {
        Some(s) => s.setup.edition,
        None => crate::lint::parse_edition(&args.edition)?,
    };
    let library = crate::lint::load_edition_library(edition, &cards)?;
    let variants = match &loaded {
        Some(s) => s.setup.variants.clone(),
        None => Variants::parse(&args.variants)
            .map_err(|e| miette!(help = crate::sim::VARIANTS_HELP, "--variants: {e}"))?,
    };
    crate::lint::check_dealable(&library, &variants)?;
    if let Some(save) = &loaded {
        check_library(save, &library)?;
        // An edited save must not resume a game other than the one it recorded.
        if let Err(why) = crate::replay::verify(save, &library)? {
            return Err(miette!(
                help = "the save was edited, or written by another version of cosmic; `cosmic replay FILE` shows the same check",
                "the save does not reproduce its game: {why}"
            ));
        }
    }
    let setup = match &loaded {
        Some(s) => s.setup.clone(),
        None => Setup {
            aliens: library.alien_setup(&args.aliens, args.players).map_err(|e| {
                miette!(
                    help = "e.g. --aliens random, --aliens none, --aliens Virus,Oracle,Human,Zombie,Void",
                    "--aliens: {e}"
                )
            })?,
            variants,
            sets: library
                .game_sets(&args.sets)
                .map_err(|e| miette!(help = "e.g. --sets base,incursion,conflict", "--sets: {e}"))?,
            edition,
            ..Setup::new(args.players, args.seed.unwrap_or_else(fresh_seed))
        },
    };
    let players = setup.players as usize;
    let seats: Vec<SeatKind> = if !args.seats.is_empty() {
        if args.seats.len() != players {
            return Err(miette!(
                help = "give one seat kind per player, e.g. --seats human,basic,basic,random,basic",
                "--seats lists {} seats but the game has {players} players",
                args.seats.len()
            ));
        }
        args.seats.clone()
    } else if let Some(s) = &loaded {
        s.seats
            .iter()
            .map(|k| {
                SeatKind::from_str(k, true)
                    .map_err(|_| miette!("the save names an unknown seat kind `{k}`"))
            })
            .collect::<miette::Result<_>>()?
    } else {
        vec![SeatKind::Basic; players]
    };
    let seed = setup.seed;
    let components = library.components.clone();
    let replayed = loaded.as_ref().map(answers_by_seat);
    // A resumed game searches as it was saved searching, unless told otherwise.
    let base = loaded
        .as_ref()
        .and_then(|s| s.search)
        .unwrap_or_else(default_search);
    let bots = Bots {
        library: &library,
        search: args.search.settings(base)?,
    };
    let human = seats.contains(&SeatKind::Human);
    // What `help` shows a human: the text of every component in play.
    let texts = match human {
        true => crate::human::texts(&cards)?,
        false => Vec::new(),
    };
    let agents: Vec<Box<dyn Agent>> = seats
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let mut live = match k {
                SeatKind::Human => Box::new(crate::human::HumanAgent::new(texts.clone())),
                _ => agent(k, seed, i as u8, &bots),
            };
            if human && k == SeatKind::Search {
                live = Box::new(crate::thinking::Thinking::new(live));
            }
            match &replayed {
                // Bots are shadowed so their own randomness stays in step with the original.
                Some(r) => Box::new(ReplayAgent::new(
                    r[i].clone(),
                    Some(live),
                    k != SeatKind::Human,
                )) as Box<dyn Agent>,
                None => live,
            }
        })
        .collect();
    let options = Options {
        check_invariants: args.check,
        record_answers: true,
        ..Options::default()
    };
    // A human sees the log from their own seat; otherwise the log is the referee's.
    let viewer = seats
        .iter()
        .position(|&k| k == SeatKind::Human)
        .map(|i| PlayerId(i as u8));
    let mut file = match &args.log {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| miette!("cannot write the --log file {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let json = args.json;
    let skip = loaded.as_ref().map_or(0, |s| s.events);
    if skip > 0 && !json {
        println!(
            "(resuming: replaying {} answers, {skip} events)",
            loaded.as_ref().map_or(0, |s| s.answers.len())
        );
    }
    let hooks = library.runtime();
    let mut game =
        Game::new(&setup, components, agents, &hooks, options).map_err(|e| miette!("{e}"))?;
    let stdout = std::io::stdout();
    game.set_observer(move |event, scene| {
        // A resumed game skips the events already played, but a JSON log still opens with
        // its first line, which carries the log's format.
        if (event.seq as u64) < skip && !(json && event.seq == 0) {
            return;
        }
        let names = scene.names();
        let line = if json {
            names.json_for(event, viewer)
        } else {
            names.event_for(event, viewer)
        };
        if let Some(line) = line {
            let _ = writeln!(stdout.lock(), "{line}");
        }
        if let Some(f) = file.as_mut() {
            let full = if json {
                names.json(event)
            } else {
                names.event(event)
            };
            let _ = writeln!(f, "{full}");
        }
    });
    let result = game.run();
    if let Some(path) = &args.save {
        let save = Save {
            format: SAVE_FORMAT,
            setup: setup.clone(),
            seats: seats.iter().map(|k| k.name().to_string()).collect(),
            answers: game.answers().to_vec(),
            events: game.stats().events,
            digest: digest(game.state()),
            finished: result.is_ok(),
            cards: cards.iter().map(|p| p.display().to_string()).collect(),
            library: library.digest(),
            search: seats.contains(&SeatKind::Search).then_some(bots.search),
        };
        std::fs::write(path, save.to_json())
            .map_err(|e| miette!("cannot write the save {}: {e}", path.display()))?;
        if result.is_err() {
            println!(
                "\ngame saved to {}; resume it with `cosmic play --load {}`",
                path.display(),
                path.display()
            );
        }
    }
    let result = match result {
        Ok(r) => r,
        Err(e) if args.save.is_some() => {
            eprintln!("the game stopped: {e}");
            return Ok(0);
        }
        Err(e) => return Err(miette!("{e}")),
    };
    let names = game.names();
    if !json {
        println!();
        println!("seed: {seed}");
        if result.winners.is_empty() {
            // Card text may end the game with every player losing before the turn limit.
            let turns = game.state().turn;
            if turns >= game.state().rules.turn_limit {
                println!("no winner (turn limit reached)");
            } else {
                println!("no winner: every player lost after {turns} turns");
            }
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

/// Checks that `path` (given to `flag`) can be written, leaving no file behind that was not
/// there before.
fn check_writable(flag: &str, path: &Path) -> miette::Result<()> {
    if path.is_dir() {
        return Err(miette!(
            help = "give a file name, e.g. `{flag} game.json`",
            "cannot write the {flag} file {}: it is a folder",
            path.display()
        ));
    }
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| miette!("cannot write the {flag} file {}: {e}", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}
