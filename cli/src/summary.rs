//! A run's results: the counts its games add up to (`Tally`: the counts of a run's shards add
//! up to exactly the run's), and the summary made from them (`Summary`, the `sim --json`
//! document, which `sim merge` and `report` read back).

use crate::interval::wilson;
use cosmic_engine::Color;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Games played and won.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Record {
    /// Games played.
    pub games: u64,
    /// Games won (alone or shared).
    pub wins: u64,
}

impl Record {
    fn add(&mut self, other: Record) {
        self.games += other.games;
        self.wins += other.wins;
    }
}

/// A bot's seats played, wins, and wins it shared with nobody (a mixed table).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct BotRecord {
    /// Seats played, one per game per seat.
    pub seat_games: u64,
    /// Seats that won (alone or shared).
    pub wins: u64,
    /// Seats that won alone.
    pub solo_wins: u64,
}

impl BotRecord {
    fn add(&mut self, other: BotRecord) {
        self.seat_games += other.seat_games;
        self.wins += other.wins;
        self.solo_wins += other.solo_wins;
    }
}

/// What one game contributes to a tally.
pub struct GameResult<'a> {
    /// The alien each seat was dealt, by name.
    pub aliens: Vec<Option<&'a str>>,
    /// The bot in each seat, by name.
    pub bots: Vec<&'a str>,
    /// The winning seats.
    pub winners: &'a [u8],
    /// Whether the engine's turn limit stopped it (no winner then).
    pub turn_limit: bool,
    /// Turns played.
    pub turns: u32,
    /// Encounters had.
    pub encounters: u32,
    /// Events emitted.
    pub events: u64,
    /// The game's fingerprint (with `--fingerprint`).
    pub fingerprint: Option<u64>,
}

/// The counts a run's games add up to, in game order where order matters (failures and
/// fingerprints). Adding the tallies of consecutive game ranges in order gives the tally of
/// the whole range.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games asked for (played or failed).
    pub games: u64,
    /// Wins per seat.
    pub seat_wins: Vec<u64>,
    /// Each alien dealt: games and wins.
    pub aliens: BTreeMap<String, Record>,
    /// With `--matrix`: for each alien, and each other alien dealt in the same game, the
    /// first one's games and wins.
    pub pairs: Option<BTreeMap<String, BTreeMap<String, Record>>>,
    /// With a mixed table (`--seats`): each bot's seats, by bot.
    pub bots: Option<BTreeMap<String, BotRecord>>,
    /// With a mixed table: each alien dealt, by bot then alien.
    pub bot_aliens: Option<BTreeMap<(String, String), Record>>,
    /// Games won by more than one player.
    pub shared_wins: u64,
    /// Games with no winner: stopped by the turn limit, or every player lost.
    pub no_winner: u64,
    /// Of those, the games the engine's turn limit stopped.
    pub turn_limit: u64,
    /// Turns, encounters and events over all games played.
    pub turns: u64,
    /// Encounters over all games played.
    pub encounters: u64,
    /// Events over all games played.
    pub events: u64,
    /// Games played per number of turns.
    pub lengths: BTreeMap<u32, u64>,
    /// One line per failed game, in game order.
    pub failures: Vec<String>,
    /// With `--fingerprint`: each game's fingerprint in game order (none for a failed game).
    pub fingerprints: Option<Vec<Option<u64>>>,
}

impl Tally {
    /// An empty tally for `players` seats; `bots` names the bots of a mixed table (each
    /// gets a row, even one that ends up with no games played).
    pub fn new(players: u8, matrix: bool, fingerprint: bool, bots: Option<&[&str]>) -> Tally {
        Tally {
            seat_wins: vec![0; players as usize],
            pairs: matrix.then(BTreeMap::new),
            bots: bots.map(|b| {
                b.iter()
                    .map(|&b| (b.to_string(), BotRecord::default()))
                    .collect()
            }),
            bot_aliens: bots.map(|_| BTreeMap::new()),
            fingerprints: fingerprint.then(Vec::new),
            ..Tally::default()
        }
    }

    /// Games played to the end (not failed).
    pub fn played(&self) -> u64 {
        self.games - self.failures.len() as u64
    }

    /// Counts one game played to the end.
    pub fn add_game(&mut self, g: &GameResult) {
        self.games += 1;
        for &w in g.winners {
            self.seat_wins[w as usize] += 1;
        }
        let won = |seat: usize| g.winners.contains(&(seat as u8)) as u64;
        for (seat, alien) in g.aliens.iter().enumerate() {
            if let Some(alien) = alien {
                record(&mut self.aliens, alien).add(Record {
                    games: 1,
                    wins: won(seat),
                });
            }
        }
        if let (Some(bots), Some(bot_aliens)) = (&mut self.bots, &mut self.bot_aliens) {
            let solo = (g.winners.len() == 1) as u64;
            for (seat, &bot) in g.bots.iter().enumerate() {
                bots.entry(bot.to_string()).or_default().add(BotRecord {
                    seat_games: 1,
                    wins: won(seat),
                    solo_wins: won(seat) * solo,
                });
                if let Some(alien) = g.aliens.get(seat).copied().flatten() {
                    let key = (bot.to_string(), alien.to_string());
                    bot_aliens.entry(key).or_default().add(Record {
                        games: 1,
                        wins: won(seat),
                    });
                }
            }
        }
        if let Some(pairs) = &mut self.pairs {
            for (seat, alien) in g.aliens.iter().enumerate() {
                let Some(alien) = alien else { continue };
                let row = match pairs.get_mut(*alien) {
                    Some(row) => row,
                    None => pairs.entry(alien.to_string()).or_default(),
                };
                for (other_seat, other) in g.aliens.iter().enumerate() {
                    if let Some(other) = other.filter(|_| other_seat != seat) {
                        record(row, other).add(Record {
                            games: 1,
                            wins: won(seat),
                        });
                    }
                }
            }
        }
        self.shared_wins += (g.winners.len() > 1) as u64;
        self.no_winner += g.winners.is_empty() as u64;
        self.turn_limit += g.turn_limit as u64;
        self.turns += g.turns as u64;
        self.encounters += g.encounters as u64;
        self.events += g.events;
        *self.lengths.entry(g.turns).or_default() += 1;
        if let Some(f) = &mut self.fingerprints {
            f.push(g.fingerprint);
        }
    }

    /// Counts one failed game.
    pub fn add_failure(&mut self, line: String) {
        self.games += 1;
        self.failures.push(line);
        if let Some(f) = &mut self.fingerprints {
            f.push(None);
        }
    }

    /// Adds the tally of the games that follow this tally's.
    pub fn append(&mut self, next: Tally) {
        self.games += next.games;
        for (w, n) in self.seat_wins.iter_mut().zip(next.seat_wins) {
            *w += n;
        }
        for (alien, r) in next.aliens {
            self.aliens.entry(alien).or_default().add(r);
        }
        if let (Some(pairs), Some(next)) = (&mut self.pairs, next.pairs) {
            for (alien, row) in next {
                let mine = pairs.entry(alien).or_default();
                for (other, r) in row {
                    mine.entry(other).or_default().add(r);
                }
            }
        }
        if let (Some(bots), Some(next)) = (&mut self.bots, next.bots) {
            for (bot, r) in next {
                bots.entry(bot).or_default().add(r);
            }
        }
        if let (Some(bot_aliens), Some(next)) = (&mut self.bot_aliens, next.bot_aliens) {
            for (key, r) in next {
                bot_aliens.entry(key).or_default().add(r);
            }
        }
        self.shared_wins += next.shared_wins;
        self.no_winner += next.no_winner;
        self.turn_limit += next.turn_limit;
        self.turns += next.turns;
        self.encounters += next.encounters;
        self.events += next.events;
        for (turns, n) in next.lengths {
            *self.lengths.entry(turns).or_default() += n;
        }
        self.failures.extend(next.failures);
        if let (Some(f), Some(next)) = (&mut self.fingerprints, next.fingerprints) {
            f.extend(next);
        }
    }

    /// The run's fingerprint: the games' fingerprints folded in game order.
    pub fn fingerprint(&self) -> Option<u64> {
        self.fingerprints.as_ref().map(|f| {
            f.iter()
                .flatten()
                .fold(FNV_START, |h, g| fnv(h, &g.to_le_bytes()))
        })
    }

    /// Reads back the tally a shard's summary was made from.
    pub fn of_shard(s: &Summary) -> Result<Tally, String> {
        // A file edited by hand or truncated is refused, not added up.
        if s.seats.len() != s.players as usize {
            return Err(format!(
                "it lists {} seats for {} players",
                s.seats.len(),
                s.players
            ));
        }
        let played = s
            .games
            .checked_sub(s.failures.len() as u64)
            .ok_or("it lists more failures than games")?;
        let lengths = s
            .game_lengths
            .iter()
            .try_fold(0u64, |n, l| n.checked_add(l.games));
        if lengths != Some(played) {
            return Err(format!(
                "its game lengths count {} games, not the {played} it played",
                lengths.map_or("too many".into(), |n| n.to_string())
            ));
        }
        let fingerprints = match (&s.fingerprint, &s.game_fingerprints) {
            (None, _) => None,
            (Some(_), None) => return Err("it has a fingerprint but not its games'".into()),
            (Some(_), Some(list)) => Some(
                list.iter()
                    .map(|f| {
                        f.as_deref()
                            .map(|hex| u64::from_str_radix(hex, 16))
                            .transpose()
                            .map_err(|_| format!("a game fingerprint {f:?} is not hexadecimal"))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        if fingerprints
            .as_ref()
            .is_some_and(|f| f.len() as u64 != s.games)
        {
            return Err("its game fingerprints do not match its game count".into());
        }
        let record = |games, wins| Record { games, wins };
        // A mixed table lists its bots (`--seats`); a run with one bot lists none.
        let mixed = s.bot.contains(',');
        if !mixed && (!s.bots.is_empty() || !s.bot_aliens.is_empty()) {
            return Err("it lists bots, but one bot played every seat".into());
        }
        let mut bot_aliens = BTreeMap::new();
        for a in &s.bot_aliens {
            let bot = a
                .bot
                .clone()
                .ok_or("a row of its bot_aliens names no bot")?;
            bot_aliens.insert((bot, a.alien.clone()), record(a.games, a.wins));
        }
        Ok(Tally {
            games: s.games,
            seat_wins: s.seats.iter().map(|seat| seat.wins).collect(),
            aliens: s
                .aliens
                .iter()
                .map(|a| (a.alien.clone(), record(a.games, a.wins)))
                .collect(),
            pairs: s.pairs.as_ref().map(|pairs| {
                let mut m: BTreeMap<String, BTreeMap<String, Record>> = BTreeMap::new();
                for p in pairs {
                    m.entry(p.alien.clone())
                        .or_default()
                        .insert(p.against.clone(), record(p.games, p.wins));
                }
                m
            }),
            bots: mixed.then(|| {
                (s.bots.iter())
                    .map(|b| {
                        let r = BotRecord {
                            seat_games: b.seat_games,
                            wins: b.wins,
                            solo_wins: b.solo_wins,
                        };
                        (b.bot.clone(), r)
                    })
                    .collect()
            }),
            bot_aliens: mixed.then_some(bot_aliens),
            shared_wins: s.shared_wins,
            no_winner: s.no_winner,
            turn_limit: s.turn_limit,
            turns: s.turns,
            encounters: s.encounters,
            events: s.events,
            lengths: s.game_lengths.iter().map(|l| (l.turns, l.games)).collect(),
            failures: s.failures.clone(),
            fingerprints,
        })
    }
}

/// The record of `name` in `map`, made empty if missing (without allocating when present).
fn record<'m>(map: &'m mut BTreeMap<String, Record>, name: &str) -> &'m mut Record {
    if !map.contains_key(name) {
        map.insert(name.to_string(), Record::default());
    }
    map.get_mut(name).expect("just inserted")
}

/// Folds `bytes` into an FNV-1a hash.
pub fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// FNV-1a's starting value.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A seat's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat, from 0.
    pub seat: u8,
    /// Its color.
    pub color: Color,
    /// Games it won.
    pub wins: u64,
    /// Its wins per game played.
    pub win_rate: f64,
    /// The 95% interval of the win rate (Wilson).
    pub win_rate_95: [f64; 2],
}

/// An alien's results over the games it was dealt in (in `bot_aliens`, to one bot).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlienSummary {
    /// The alien's name.
    pub alien: String,
    /// In `bot_aliens`: the bot that played it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// Games it was dealt in.
    pub games: u64,
    /// Games its player won.
    pub wins: u64,
    /// Its wins per game.
    pub win_rate: f64,
    /// The 95% interval of the win rate (Wilson).
    pub win_rate_95: [f64; 2],
}

/// A bot's results over the seats it played (a mixed table).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotSummary {
    /// The bot's name.
    pub bot: String,
    /// Seats it played, one per game per seat.
    pub seat_games: u64,
    /// Seats it won (alone or shared).
    pub wins: u64,
    /// Wins it shared with nobody.
    pub solo_wins: u64,
    /// Its wins per seat played.
    pub win_rate: f64,
    /// The 95% interval of the win rate (Wilson).
    pub win_rate_95: [f64; 2],
}

/// An alien's results in the games another alien was dealt in too (`--matrix`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairSummary {
    /// The alien whose wins are counted.
    pub alien: String,
    /// The other alien at the table.
    pub against: String,
    /// Games both were dealt in.
    pub games: u64,
    /// Games the first one's player won.
    pub wins: u64,
    /// Its wins per game.
    pub win_rate: f64,
    /// The 95% interval of the win rate (Wilson).
    pub win_rate_95: [f64; 2],
}

/// How many games lasted a number of turns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LengthCount {
    /// Turns played.
    pub turns: u32,
    /// Games that lasted that many.
    pub games: u64,
}

/// The setup every game of the run was played with.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunSetup {
    /// The `--aliens` selection.
    pub aliens: String,
    /// The `--variants` list.
    pub variants: String,
    /// The `--sets` list (runs made before sets existed played the base set).
    #[serde(default = "base_set")]
    pub sets: String,
    /// The `--cards` paths played besides the built-in library.
    pub cards: Vec<String>,
    /// A digest of the card library played (built-in and `--cards`).
    pub library: String,
    /// Whether the invariants were checked after every event.
    pub check: bool,
    /// Whether the bots of `--seats` moved one seat clockwise each game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rotate_seats: bool,
    /// The search bots' budget and horizon, when any seat searches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
}

/// Which part of a run a shard played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardInfo {
    /// The shard's index, from 0.
    pub index: u64,
    /// The number of shards the run is split into.
    pub count: u64,
    /// The whole run's games.
    pub run_games: u64,
    /// The index of the shard's first game in the run.
    pub first_game: u64,
}

/// The run's results: the `sim --json` document (after its `format`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games in this summary (a shard's own games).
    pub games: u64,
    /// Players per game.
    pub players: u8,
    /// The bot in every seat, or with a mixed table (`--seats`) the bots clockwise from
    /// blue, comma-separated.
    pub bot: String,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (summed over the shards of a merge).
    pub threads: usize,
    /// Per seat.
    pub seats: Vec<SeatSummary>,
    /// Per alien dealt, by name.
    pub aliens: Vec<AlienSummary>,
    /// With a mixed table: per bot, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<BotSummary>,
    /// With a mixed table: per alien dealt, by the bot that played it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bot_aliens: Vec<AlienSummary>,
    /// Games won by more than one player.
    pub shared_wins: u64,
    /// Games with no winner: stopped by the turn limit, or every player lost.
    pub no_winner: u64,
    /// Of those, the games the engine's turn limit stopped (its safety net, not a rule).
    #[serde(default)]
    pub turn_limit: u64,
    /// Turns per game played.
    pub mean_turns: f64,
    /// Encounters per game played.
    pub mean_encounters: f64,
    /// Events over all games played.
    pub events: u64,
    /// A hash of every game's event log and final state, in game order (`--fingerprint`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// One line per failed game.
    pub failures: Vec<String>,
    /// Seconds spent playing (summed over the shards of a merge).
    pub elapsed_seconds: f64,
    /// Games per elapsed second.
    pub games_per_second: f64,
    /// Events per elapsed second.
    pub events_per_second: f64,
    /// The setup of every game.
    #[serde(default)]
    pub setup: RunSetup,
    /// Turns over all games played.
    #[serde(default)]
    pub turns: u64,
    /// Encounters over all games played.
    #[serde(default)]
    pub encounters: u64,
    /// Games played per number of turns, by turns.
    #[serde(default)]
    pub game_lengths: Vec<LengthCount>,
    /// With `--matrix`: each alien's results with each other alien at the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairs: Option<Vec<PairSummary>>,
    /// With `--shard`: which games of the run these are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardInfo>,
    /// Made by `sim merge`: how many shards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merged_shards: Option<u64>,
    /// A shard's games' fingerprints in game order (null for a failed game), which the
    /// merge folds into the run's fingerprint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_fingerprints: Option<Vec<Option<String>>>,
}

/// What a summary says besides its tally.
pub struct RunInfo {
    /// Players per game.
    pub players: u8,
    /// The bot's name.
    pub bot: String,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Seconds spent playing.
    pub elapsed_seconds: f64,
    /// The games' setup.
    pub setup: RunSetup,
    /// Which games of the run (a shard).
    pub shard: Option<ShardInfo>,
    /// Shards merged.
    pub merged_shards: Option<u64>,
}

impl Summary {
    /// The summary of `tally`; rates and intervals are computed here, so a summary made from
    /// merged shards equals the unsharded run's.
    pub fn new(tally: &Tally, info: RunInfo) -> Summary {
        let played = tally.played();
        let per = |x: u64| {
            if played == 0 {
                0.0
            } else {
                x as f64 / played as f64
            }
        };
        let elapsed = info.elapsed_seconds.max(1e-9);
        Summary {
            games: tally.games,
            players: info.players,
            bot: info.bot,
            seed: info.seed,
            threads: info.threads,
            seats: tally
                .seat_wins
                .iter()
                .enumerate()
                .map(|(i, &w)| SeatSummary {
                    seat: i as u8,
                    color: Color::ALL[i],
                    wins: w,
                    win_rate: per(w),
                    win_rate_95: wilson(w, tally.games),
                })
                .collect(),
            aliens: tally
                .aliens
                .iter()
                .map(|(alien, r)| AlienSummary {
                    alien: alien.clone(),
                    bot: None,
                    games: r.games,
                    wins: r.wins,
                    win_rate: r.wins as f64 / r.games as f64,
                    win_rate_95: wilson(r.wins, r.games),
                })
                .collect(),
            bots: (tally.bots.iter().flatten())
                .map(|(bot, r)| BotSummary {
                    bot: bot.clone(),
                    seat_games: r.seat_games,
                    wins: r.wins,
                    solo_wins: r.solo_wins,
                    win_rate: r.wins as f64 / r.seat_games.max(1) as f64,
                    win_rate_95: wilson(r.wins, r.seat_games),
                })
                .collect(),
            bot_aliens: (tally.bot_aliens.iter().flatten())
                .map(|((bot, alien), r)| AlienSummary {
                    alien: alien.clone(),
                    bot: Some(bot.clone()),
                    games: r.games,
                    wins: r.wins,
                    win_rate: r.wins as f64 / r.games as f64,
                    win_rate_95: wilson(r.wins, r.games),
                })
                .collect(),
            shared_wins: tally.shared_wins,
            no_winner: tally.no_winner,
            turn_limit: tally.turn_limit,
            mean_turns: per(tally.turns),
            mean_encounters: per(tally.encounters),
            events: tally.events,
            fingerprint: tally.fingerprint().map(|f| format!("{f:016x}")),
            failures: tally.failures.clone(),
            elapsed_seconds: info.elapsed_seconds,
            games_per_second: tally.games as f64 / elapsed,
            events_per_second: tally.events as f64 / elapsed,
            setup: info.setup,
            turns: tally.turns,
            encounters: tally.encounters,
            game_lengths: tally
                .lengths
                .iter()
                .map(|(&turns, &games)| LengthCount { turns, games })
                .collect(),
            pairs: tally.pairs.as_ref().map(|pairs| {
                pairs
                    .iter()
                    .flat_map(|(alien, row)| {
                        row.iter().map(move |(against, r)| PairSummary {
                            alien: alien.clone(),
                            against: against.clone(),
                            games: r.games,
                            wins: r.wins,
                            win_rate: r.wins as f64 / r.games as f64,
                            win_rate_95: wilson(r.wins, r.games),
                        })
                    })
                    .collect()
            }),
            game_fingerprints: info
                .shard
                .and(tally.fingerprints.as_ref())
                .map(|f| f.iter().map(|g| g.map(|g| format!("{g:016x}"))).collect()),
            shard: info.shard,
            merged_shards: info.merged_shards,
        }
    }

    /// Reads a `sim --json` document.
    pub fn from_json(text: &str) -> Result<Summary, String> {
        let mut value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let format = value
            .as_object_mut()
            .and_then(|o| o.remove("format"))
            .ok_or("not a `sim --json` document (it has no `format`)")?;
        if format != crate::json::JSON_FORMAT {
            return Err(format!(
                "its format is {format}; this version reads format {}",
                crate::json::JSON_FORMAT
            ));
        }
        serde_json::from_value(value).map_err(|e| format!("not a `sim --json` document: {e}"))
    }

    /// Prints the summary as text.
    pub fn print(&self) {
        let s = self;
        println!(
            "{} games, {} players, {} bots, seed {}, {} thread{}",
            s.games,
            s.players,
            s.bot,
            s.seed,
            s.threads,
            if s.threads == 1 { "" } else { "s" }
        );
        if let Some(shard) = &s.shard {
            println!(
                "shard {}/{}: games {} to {} of {}",
                shard.index,
                shard.count,
                shard.first_game,
                shard.first_game + s.games - 1,
                shard.run_games
            );
        }
        if let Some(n) = s.merged_shards {
            println!("merged from {n} shards");
        }
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
        // A mixed table's aliens are shown by the bot that played them.
        let aliens = match s.bot_aliens.is_empty() {
            true => &s.aliens,
            false => &s.bot_aliens,
        };
        if !aliens.is_empty() {
            let label = |a: &AlienSummary| match &a.bot {
                Some(bot) => format!("{} ({bot})", a.alien),
                None => a.alien.clone(),
            };
            // The column is as wide as the longest name (Philanthropist has 14 letters).
            let w = aliens
                .iter()
                .map(|a| label(a).len())
                .max()
                .unwrap_or(0)
                .max(12);
            println!(
                "{:<w$} {:>6}  {:>6}   win rate   95% interval",
                "alien", "games", "wins"
            );
            for a in aliens {
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
        // Which games had no winner matters to a balance study: a rule (every player lost)
        // or the engine's safety net.
        let stopped = match s.turn_limit {
            0 => String::new(),
            n => format!(" ({n} stopped by the turn limit)"),
        };
        println!(
            "shared wins: {}   no winner: {}{stopped}",
            s.shared_wins, s.no_winner
        );
        println!(
            "mean turns: {:.1}   mean encounters: {:.1}",
            s.mean_turns, s.mean_encounters
        );
        println!(
            "elapsed: {:.2}s   games_per_second: {}   events_per_second: {:.0}",
            s.elapsed_seconds,
            rate(s.games_per_second),
            s.events_per_second
        );
        if let Some(f) = &s.fingerprint {
            println!("fingerprint: {f}");
        }
        for f in &s.failures {
            println!("FAILED {f}");
        }
    }
}

/// An interval of rates as percentages: `11.9 to 22.4%`.
pub fn percent_range([lo, hi]: [f64; 2]) -> String {
    format!("{:>4.1} to {:>4.1}%", lo * 100.0, hi * 100.0)
}

/// The `--sets` of a run that names none.
fn base_set() -> String {
    "base".to_string()
}

/// A rate in words: whole above 100, else with enough decimals that a slow run does not
/// read 0 (`0.13` games a second for games of seconds each).
pub(crate) fn rate(x: f64) -> String {
    if x >= 100.0 || x == 0.0 {
        format!("{x:.0}")
    } else if x >= 1.0 {
        format!("{x:.1}")
    } else {
        // Two significant digits.
        let digits = (-x.log10()).floor() as usize + 2;
        format!("{x:.digits$}")
    }
}

#[cfg(test)]
mod tests {
    use super::{rate, GameResult, Tally};

    /// A game of two seats with these winners, stopped by the turn limit or not.
    fn game(winners: &[u8], turn_limit: bool) -> GameResult<'_> {
        GameResult {
            aliens: vec![None, None],
            bots: vec!["random", "random"],
            winners,
            turn_limit,
            turns: 10,
            encounters: 12,
            events: 100,
            fingerprint: None,
        }
    }

    #[test]
    fn games_without_a_winner_tell_the_turn_limit_from_every_player_losing() {
        let mut first = Tally::new(2, false, false, None);
        first.add_game(&game(&[0], false));
        first.add_game(&game(&[], true));
        let mut second = Tally::new(2, false, false, None);
        second.add_game(&game(&[], false));
        second.add_game(&game(&[0, 1], false));
        first.append(second);
        assert_eq!((first.games, first.shared_wins), (4, 1));
        assert_eq!((first.no_winner, first.turn_limit), (2, 1));
    }

    #[test]
    fn a_slow_rate_does_not_read_zero() {
        assert_eq!(rate(0.1322), "0.13");
        assert_eq!(rate(0.004_51), "0.0045");
        assert_eq!(rate(7.56), "7.6");
        assert_eq!(rate(2345.6), "2346");
        assert_eq!(rate(0.0), "0");
    }
}
