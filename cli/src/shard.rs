//! Shards: one run split over machines. Shard K of N plays the K-th of N consecutive ranges of
//! the run's games (each game's seed derives from the run seed and its index, so a game is the
//! same whichever process plays it); `cosmic sim merge` adds the shards' tallies up in game
//! order into exactly the unsharded run's summary, fingerprint included (a shard lists its
//! games' fingerprints, which the merge folds in order as the run does).

use crate::summary::{RunInfo, ShardInfo, Summary, Tally};
use clap::Args;
use miette::miette;
use std::ops::Range;
use std::path::PathBuf;
use std::str::FromStr;

/// Shard `index` of `count` (`--shard K/N`, K from 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let hint = "write it K/N with K from 0 to N-1, e.g. 0/4 (a Kubernetes completion index or a Slurm array task id is K)";
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not K/N: {hint}"))?;
        let number = |x: &str| {
            x.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{x}` in `{s}` is not a number: {hint}"))
        };
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 || index >= count {
            return Err(format!("there is no shard {index} of {count}: {hint}"));
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    /// The games of a run of `games` this shard plays.
    pub fn games(self, games: u64) -> miette::Result<Range<u64>> {
        if self.count > games {
            return Err(miette!(
                help = "use at most as many shards as games",
                "--shard {}/{}: {} shards for {games} games would leave some empty",
                self.index,
                self.count,
                self.count
            ));
        }
        Ok(self.range(games))
    }

    fn range(self, games: u64) -> Range<u64> {
        let at = |k: u64| (k as u128 * games as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// How a shard's summary says which games it played.
    pub fn info(self, run_games: u64) -> ShardInfo {
        ShardInfo {
            index: self.index,
            count: self.count,
            run_games,
            first_game: self.range(run_games).start,
        }
    }
}

/// Options of `cosmic sim merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The `sim --shard K/N --json` outputs of every shard of one run, in any order.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the results as a self-contained HTML report.
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
}

/// Merges shards into the run's summary; returns the exit code (1 if any game failed).
pub fn merge(args: MergeArgs) -> miette::Result<i32> {
    let mut shards = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| miette!("{name}: {e}"))?;
        let summary = Summary::from_json(&text).map_err(|e| {
            miette!(
                help = "give the files `cosmic sim --shard K/N --json` printed",
                "{name}: {e}"
            )
        })?;
        let Some(shard) = summary.shard else {
            return Err(miette!(
                help = "merge the outputs of `cosmic sim --shard K/N --json`",
                "{name} is not a shard: it was made without --shard"
            ));
        };
        shards.push((name, shard, summary));
    }
    let (first, first_shard, first_summary) = &shards[0];
    for (name, shard, summary) in &shards[1..] {
        if let Some((what, a, b)) = difference(first_shard, first_summary, shard, summary) {
            return Err(miette!(
                help = "merge only the shards of one run: the same --seed, --games, setup and shard count",
                "{name} is from another run than {first}: its {what} is {b}, not {a}"
            ));
        }
    }
    let count = first_shard.count;
    let mut by_index: Vec<Option<&(String, ShardInfo, Summary)>> = vec![None; count as usize];
    for entry in &shards {
        let (name, shard, summary) = entry;
        let expected = Shard {
            index: shard.index,
            count,
        };
        if shard.index >= count
            || expected.info(shard.run_games) != *shard
            || expected.range(shard.run_games).end - shard.first_game != summary.games
        {
            return Err(miette!(
                "{name}: its games do not match shard {}/{count} of {} games",
                shard.index,
                shard.run_games
            ));
        }
        if let Some((other, _, _)) = by_index[shard.index as usize] {
            return Err(miette!(
                help = "give each shard once",
                "shard {}/{count} is given twice: {other} and {name}",
                shard.index
            ));
        }
        by_index[shard.index as usize] = Some(entry);
    }
    let missing: Vec<String> = (0..count)
        .filter(|&k| by_index[k as usize].is_none())
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(miette!(
            help = format!(
                "merge every shard of the run, 0/{count} to {}/{count}",
                count - 1
            ),
            "shard{} {} {} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" }
        ));
    }
    let mut tally: Option<Tally> = None;
    let (mut threads, mut elapsed) = (0, 0.0);
    for (name, _, summary) in by_index.into_iter().flatten() {
        let part = Tally::of_shard(summary).map_err(|e| miette!("{name}: {e}"))?;
        match &mut tally {
            None => tally = Some(part),
            Some(t) => t.append(part),
        }
        threads += summary.threads;
        elapsed += summary.elapsed_seconds;
    }
    let tally = tally.ok_or_else(|| miette!("no shard to merge"))?;
    let summary = Summary::new(
        &tally,
        RunInfo {
            players: first_summary.players,
            bot: first_summary.bot.clone(),
            seed: first_summary.seed,
            threads,
            elapsed_seconds: elapsed,
            setup: first_summary.setup.clone(),
            shard: None,
            merged_shards: Some(count),
        },
    );
    crate::sim::output(&summary, args.json, args.report.as_deref())
}

/// The first way two shards' runs differ: what, the first's, the second's.
fn difference(
    a: &ShardInfo,
    sa: &Summary,
    b: &ShardInfo,
    sb: &Summary,
) -> Option<(&'static str, String, String)> {
    let key = |shard: &ShardInfo, s: &Summary| -> [(&'static str, String); 14] {
        [
            ("seed", s.seed.to_string()),
            ("run's game count", shard.run_games.to_string()),
            ("shard count", shard.count.to_string()),
            ("player count", s.players.to_string()),
            ("bot", s.bot.clone()),
            ("--rotate-seats", s.setup.rotate_seats.to_string()),
            ("search settings", format!("{:?}", s.setup.search)),
            ("alien selection", s.setup.aliens.clone()),
            ("variant list", s.setup.variants.clone()),
            ("set list", s.setup.sets.clone()),
            ("card library digest", s.setup.library.clone()),
            ("--check", s.setup.check.to_string()),
            ("--fingerprint", s.fingerprint.is_some().to_string()),
            ("--matrix", s.pairs.is_some().to_string()),
        ]
    };
    key(a, sa)
        .into_iter()
        .zip(key(b, sb))
        .find(|((_, x), (_, y))| x != y)
        .map(|((what, x), (_, y))| (what, x, y))
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn shards_split_the_games_into_consecutive_ranges_that_cover_them_once() {
        for games in [1u64, 7, 100, 1001] {
            for count in 1..=games.min(9) {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard { index, count }.games(games).expect("a valid shard");
                    assert_eq!(r.start, next, "{index}/{count} of {games}");
                    assert!(!r.is_empty());
                    next = r.end;
                }
                assert_eq!(next, games);
            }
        }
        assert!(Shard { index: 0, count: 5 }.games(4).is_err());
    }

    #[test]
    fn a_shard_is_written_k_of_n_from_zero() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["4/4", "1/0", "1", "a/4", "-1/4"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
