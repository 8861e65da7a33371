//! The balance report: one self-contained HTML file with a run's results as charts (win rates
//! per alien and per seat with their 95% intervals, outcomes, game lengths, and with
//! `--matrix` the alien-against-alien heat map), its settings, and its JSON document. The
//! page is well-formed XHTML (so tests can read it with an XML parser) and needs no script,
//! font or file of its own.

use crate::charts;
use crate::interval::wilson;
use crate::summary::Summary;
use clap::Args;
use miette::miette;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Options of `cosmic report`.
#[derive(Args)]
pub struct ReportArgs {
    /// A `cosmic sim --json` (or `sim merge --json`) output.
    #[arg(value_name = "SIM.json")]
    input: PathBuf,
    /// Where to write the report.
    #[arg(long, short, value_name = "FILE.html")]
    out: PathBuf,
}

/// Runs `cosmic report`.
pub fn run(args: ReportArgs) -> miette::Result<i32> {
    let name = args.input.display().to_string();
    let text = std::fs::read_to_string(&args.input).map_err(|e| miette!("{name}: {e}"))?;
    let summary = Summary::from_json(&text).map_err(|e| {
        miette!(
            help = "give the output of `cosmic sim --json` or `cosmic sim merge --json`",
            "{name}: {e}"
        )
    })?;
    save(&render(&summary, &text)?, &args.out)?;
    Ok(0)
}

/// Writes the report of `summary` to `path`.
pub fn write(summary: &Summary, path: &Path) -> miette::Result<()> {
    let json = crate::json::document_text(summary)?;
    save(&render(summary, &json)?, path)
}

fn save(html: &str, path: &Path) -> miette::Result<()> {
    std::fs::write(path, html).map_err(|e| miette!("{}: {e}", path.display()))
}

/// Escapes text for HTML (and XML).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn interval([lo, hi]: [f64; 2]) -> String {
    format!("{} to {}", pct(lo), pct(hi))
}

const STYLE: &str = "
body { font-family: sans-serif; color: #333; max-width: 70em; margin: 2em auto; padding: 0 1em; line-height: 1.4; }
h1 { margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ddd; padding-bottom: 0.2em; margin-top: 2em; }
figure { margin: 1em 0; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.15em 0.8em; text-align: left; border-bottom: 1px solid #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.note { color: #666; font-size: 0.9em; }
.high { color: #c0392b; } .low { color: #2e6da4; }
pre { background: #f7f7f7; padding: 1em; overflow-x: auto; font-size: 0.85em; }
";

/// The report's HTML; `json` is the document it is made from, embedded as is.
pub fn render(s: &Summary, json: &str) -> miette::Result<String> {
    let chart = |r: Result<String, String>| r.map_err(|e| miette!("{e}"));
    let fair = 1.0 / s.players.max(1) as f64;
    let played = s.games - s.failures.len() as u64;
    let mut h = String::new();
    let title = format!(
        "cosmic balance report: {} games, {} players, seed {}",
        s.games, s.players, s.seed
    );
    // Writing to a String cannot fail.
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <link rel=\"icon\" href=\"data:,\"/>\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&title)
    );
    let _ = writeln!(
        h,
        "<header id=\"summary\"><h1>Balance report</h1><p>{} games of {} players, {} bots in every seat, seed {}{}.</p></header>",
        s.games,
        s.players,
        escape(&s.bot),
        s.seed,
        match (s.shard, s.merged_shards) {
            (Some(k), _) => format!(
                "; <strong>shard {} of {}</strong> (games {} to {} of {}: merge every shard for the run's results)",
                k.index,
                k.count,
                k.first_game,
                k.first_game + s.games.max(1) - 1,
                k.run_games
            ),
            (None, Some(n)) => format!(", merged from {n} shards"),
            (None, None) => String::new(),
        }
    );

    // The run's settings.
    let setup = &s.setup;
    let rows: Vec<(&str, String)> = vec![
        ("games", s.games.to_string()),
        ("players", s.players.to_string()),
        ("bot", s.bot.clone()),
        ("seed", s.seed.to_string()),
        ("aliens", setup.aliens.clone()),
        ("variants", setup.variants.clone()),
        ("sets", setup.sets.clone()),
        (
            "card files",
            if setup.cards.is_empty() {
                "built-in library only".into()
            } else {
                setup.cards.join(", ")
            },
        ),
        ("card library digest", setup.library.clone()),
        (
            "invariants checked",
            if setup.check { "yes" } else { "no" }.into(),
        ),
        (
            "fingerprint",
            s.fingerprint
                .clone()
                .unwrap_or_else(|| "not recorded".into()),
        ),
        (
            "time",
            match s.merged_shards {
                Some(n) => format!(
                    "{:.1} s summed over {n} shards ({} threads in all)",
                    s.elapsed_seconds, s.threads
                ),
                None => format!(
                    "{:.1} s on {} thread{} ({} games/s)",
                    s.elapsed_seconds,
                    s.threads,
                    if s.threads == 1 { "" } else { "s" },
                    crate::summary::rate(s.games_per_second)
                ),
            },
        ),
    ];
    h.push_str("<section id=\"settings\">\n<h2>Run</h2>\n<table>\n");
    for (k, v) in rows {
        let _ = writeln!(h, "<tr><th>{k}</th><td>{}</td></tr>", escape(&v));
    }
    let mut command = format!(
        "cosmic sim --games {} --players {} --{} {} --seed {} --aliens {} --variants {} --sets {}",
        s.shard.map_or(s.games, |k| k.run_games),
        s.players,
        // A mixed table's `bot` lists its seats.
        if s.bot.contains(',') { "seats" } else { "bot" },
        s.bot,
        s.seed,
        setup.aliens,
        setup.variants,
        setup.sets
    );
    for path in &setup.cards {
        command += &format!(" --cards {path}");
    }
    for (on, flag) in [
        (setup.check, " --check"),
        (s.fingerprint.is_some(), " --fingerprint"),
        (s.pairs.is_some(), " --matrix"),
        (setup.rotate_seats, " --rotate-seats"),
    ] {
        if on {
            command += flag;
        }
    }
    if let Some(k) = s.shard {
        command += &format!(" --shard {}/{}", k.index, k.count);
    }
    let _ = writeln!(
        h,
        "</table>\n<p class=\"note\">Reproduce: <code>{}</code></p>\n</section>",
        escape(&command)
    );

    // Aliens.
    h.push_str("<section id=\"aliens\">\n<h2>Win rate per alien</h2>\n");
    if s.aliens.is_empty() {
        h.push_str("<p>No alien was dealt in this run.</p>\n");
    } else {
        let _ = writeln!(
            h,
            "<p class=\"note\">Each alien's share of the games it was dealt in that its player won (alone or shared), with the 95% interval (Wilson); the games it played are in brackets. The dashed line is one game in {}: <span class=\"high\">red</span> intervals lie wholly above it, <span class=\"low\">blue</span> ones wholly below.</p>",
            s.players
        );
        let _ = writeln!(
            h,
            "<figure>{}</figure>",
            chart(charts::alien_rates(&s.aliens, fair))?
        );
        h.push_str("<details><summary>Table</summary>\n<table>\n<tr><th>alien</th><th>games</th><th>wins</th><th>win rate</th><th>95% interval</th></tr>\n");
        let mut aliens: Vec<_> = s.aliens.iter().collect();
        aliens.sort_by(|a, b| b.win_rate.total_cmp(&a.win_rate));
        for a in aliens {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
                escape(&a.alien),
                a.games,
                a.wins,
                pct(a.win_rate),
                interval(a.win_rate_95)
            );
        }
        h.push_str("</table>\n</details>\n");
    }
    h.push_str("</section>\n");

    // Seats.
    h.push_str("<section id=\"seats\">\n<h2>Seat position</h2>\n<p class=\"note\">Win rate by seat (seat 1 plays the first turn), with the 95% interval.</p>\n");
    let _ = writeln!(
        h,
        "<figure>{}</figure>",
        chart(charts::seat_rates(&s.seats, fair))?
    );
    h.push_str("<table>\n<tr><th>seat</th><th>color</th><th>wins</th><th>win rate</th><th>95% interval</th></tr>\n");
    for seat in &s.seats {
        let _ = writeln!(
            h,
            "<tr><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            seat.seat + 1,
            seat.color.name(),
            seat.wins,
            pct(seat.win_rate),
            interval(seat.win_rate_95)
        );
    }
    h.push_str("</table>\n</section>\n");

    // Outcomes.
    let alone = played.saturating_sub(s.shared_wins + s.no_winner);
    let share = |x: u64| {
        (
            if played == 0 {
                0.0
            } else {
                x as f64 / played as f64
            },
            wilson(x, played),
        )
    };
    let outcomes: Vec<(String, f64, [f64; 2])> = [
        ("one winner", alone),
        ("shared win", s.shared_wins),
        (
            "every player lost",
            s.no_winner.saturating_sub(s.turn_limit),
        ),
        ("stopped by the turn limit", s.turn_limit),
    ]
    .into_iter()
    .map(|(name, x)| {
        let (rate, ci) = share(x);
        (name.to_string(), rate, ci)
    })
    .collect();
    let (shared_rate, shared_ci) = share(s.shared_wins);
    let _ = writeln!(
        h,
        "<section id=\"outcomes\">\n<h2>Shared wins</h2>\n<p>Shared-win rate: <strong>{}</strong> ({} of {} games; 95% interval {}).</p>\n<figure>{}</figure>\n</section>",
        pct(shared_rate),
        s.shared_wins,
        played,
        interval(shared_ci),
        chart(charts::shares(&outcomes))?
    );

    // Game length.
    let _ = writeln!(
        h,
        "<section id=\"lengths\">\n<h2>Game length</h2>\n<p>Mean {:.1} turns and {:.1} encounters per game.</p>",
        s.mean_turns, s.mean_encounters
    );
    if s.game_lengths.is_empty() {
        h.push_str("<p class=\"note\">This document has no game-length counts.</p>\n");
    } else {
        let _ = writeln!(
            h,
            "<figure>{}</figure>",
            chart(charts::game_lengths(&s.game_lengths))?
        );
    }
    h.push_str("</section>\n");

    // Alien against alien.
    if let Some(pairs) = s.pairs.as_ref().filter(|p| !p.is_empty()) {
        let _ = writeln!(
            h,
            "<section id=\"matrix\">\n<h2>Alien against alien</h2>\n<p class=\"note\">Each cell is the row alien's win rate in the games the column alien was dealt in too: white at one game in {}, red above, blue below; grey where they never met. {} pairs met, in {} to {} games each: with few games a cell is mostly noise.</p>\n<figure>{}</figure>\n</section>",
            s.players,
            pairs.len(),
            pairs.iter().map(|p| p.games).min().unwrap_or(0),
            pairs.iter().map(|p| p.games).max().unwrap_or(0),
            chart(charts::pair_matrix(pairs, fair))?
        );
    }

    if !s.failures.is_empty() {
        h.push_str("<section id=\"failures\">\n<h2>Failed games</h2>\n<ul>\n");
        for f in &s.failures {
            let _ = writeln!(h, "<li>{}</li>", escape(f));
        }
        h.push_str("</ul>\n</section>\n");
    }

    let _ = writeln!(
        h,
        "<section id=\"raw\">\n<h2>Raw results</h2>\n<details><summary>The run's JSON document (<code>cosmic sim --json</code>)</summary>\n<pre id=\"sim-json\">{}</pre>\n</details>\n</section>\n</body>\n</html>",
        escape(json.trim_end())
    );
    Ok(h)
}
