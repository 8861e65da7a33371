//! Sharded runs: four `sim --shard K/4` processes, merged with `sim merge`, give exactly the
//! unsharded run's summary and fingerprint; the merge refuses shards that do not make one run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const RUN: &[&str] = &[
    "sim",
    "--games",
    "50",
    "--players",
    "4",
    "--seed",
    "11",
    "--threads",
    "1",
    "--fingerprint",
    "--matrix",
    "--json",
];

fn cosmic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok(out: Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cosmic-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Plays the four shards as separate processes at once; returns their output files.
fn play_shards(dir: &Path, extra: &[&str]) -> Vec<PathBuf> {
    let children: Vec<_> = (0..4)
        .map(|k| {
            let shard = format!("{k}/4");
            Command::new(env!("CARGO_BIN_EXE_cosmic"))
                .args(RUN)
                .args(extra)
                .args(["--shard", &shard])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("a shard starts")
        })
        .collect();
    children
        .into_iter()
        .enumerate()
        .map(|(k, child)| {
            let out = child.wait_with_output().expect("a shard ends");
            let json = ok(out.clone());
            assert_eq!(json["shard"]["index"], k);
            let file = dir.join(format!("shard-{k}.json"));
            std::fs::write(&file, &out.stdout).expect("write");
            file
        })
        .collect()
}

fn merge(files: &[&Path]) -> Output {
    let mut args = vec!["sim", "merge", "--json"];
    args.extend(files.iter().map(|f| f.to_str().expect("utf-8 path")));
    cosmic(&args)
}

/// `json` without what depends on the machine and the split (time, threads, shard count).
fn results(mut json: serde_json::Value) -> serde_json::Value {
    let o = json.as_object_mut().expect("an object");
    for key in [
        "elapsed_seconds",
        "games_per_second",
        "events_per_second",
        "threads",
        "merged_shards",
    ] {
        o.remove(key);
    }
    json
}

#[test]
fn four_shards_merge_into_exactly_the_unsharded_run() {
    let dir = temp_dir("merge");
    let single = ok(cosmic(RUN));
    let files = play_shards(&dir, &[]);
    // Shards split the games into consecutive ranges: 12, 13, 12, 13 of 50.
    let games: Vec<u64> = files
        .iter()
        .map(|f| {
            let json: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(f).expect("read")).expect("JSON");
            json["games"].as_u64().expect("games")
        })
        .collect();
    assert_eq!(games, [12, 13, 12, 13]);
    // In any order.
    let merged = ok(merge(&[&files[2], &files[0], &files[3], &files[1]]));
    assert_eq!(merged["merged_shards"], 4);
    assert!(single["fingerprint"].is_string());
    assert_eq!(merged["fingerprint"], single["fingerprint"]);
    assert!(merged.get("shard").is_none() && merged.get("game_fingerprints").is_none());
    assert_eq!(results(merged), results(single));
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_run() {
    let dir = temp_dir("refuse");
    let files = play_shards(&dir, &[]);
    let f: Vec<&Path> = files.iter().map(|f| f.as_path()).collect();
    let refused = |files: &[&Path], expected: &str| {
        let out = merge(files);
        assert_eq!(out.status.code(), Some(1), "{expected}");
        // miette wraps long lines in a box: read the words.
        let err = String::from_utf8_lossy(&out.stderr);
        let words: Vec<&str> = err.split_whitespace().filter(|w| *w != "│").collect();
        assert!(
            words.join(" ").contains(expected),
            "wanted {expected:?} in {err}"
        );
    };
    refused(&[f[0], f[1], f[3]], "shard 2/4 is missing");
    refused(&[f[0], f[1]], "shards 2/4, 3/4 are missing");
    refused(&[f[0], f[1], f[2], f[3], f[1]], "shard 1/4 is given twice");

    // A shard of another seed.
    let other = dir.join("other.json");
    let out = cosmic(&[
        "sim",
        "--games",
        "50",
        "--players",
        "4",
        "--seed",
        "12",
        "--fingerprint",
        "--matrix",
        "--json",
        "--shard",
        "3/4",
    ]);
    std::fs::write(&other, &out.stdout).expect("write");
    refused(&[f[0], f[1], f[2], &other], "its seed is 12, not 11");

    // A shard edited by hand.
    let edited = dir.join("edited.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(f[3]).expect("read")).expect("JSON");
    json["seats"].as_array_mut().expect("seats").pop();
    std::fs::write(&edited, json.to_string()).expect("write");
    refused(
        &[f[0], f[1], f[2], &edited],
        "it lists 3 seats for 4 players",
    );

    // An unsharded run is not a shard.
    let whole = dir.join("whole.json");
    std::fs::write(&whole, cosmic(RUN).stdout).expect("write");
    refused(&[f[0], &whole], "is not a shard");

    // A sharded run needs a seed, and a shard must exist.
    let out = cosmic(&["sim", "--games", "10", "--shard", "0/2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--shard needs --seed"));
    let out = cosmic(&["sim", "--games", "10", "--seed", "1", "--shard", "2/2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no shard 2 of 2"));
}

#[test]
fn shards_of_a_mixed_rotating_table_merge_into_exactly_the_unsharded_run() {
    let dir = temp_dir("mixed");
    let table = ["--seats", "basic,random,basic,random", "--rotate-seats"];
    let single = ok(cosmic(&[RUN, &table[..]].concat()));
    let files = play_shards(&dir, &table);
    let merged = ok(merge(&[&files[0], &files[1], &files[2], &files[3]]));
    assert_eq!(merged["fingerprint"], single["fingerprint"]);
    // The bots' rows and the aliens by bot add up like the other counts.
    let bots = single["bots"].as_array().expect("bots rows");
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["bot"], "basic");
    assert_eq!(bots[0]["seat_games"], 100);
    assert!(single["bot_aliens"]
        .as_array()
        .is_some_and(|a| !a.is_empty()));
    assert_eq!(single["setup"]["rotate_seats"], true);
    assert_eq!(results(merged), results(single));

    // Shards of the same seats, one not rotating, are not one run.
    let still = dir.join("still.json");
    let out = cosmic(&[RUN, &table[..2], &["--shard", "3/4"]].concat());
    std::fs::write(&still, ok(out).to_string()).expect("write");
    let out = merge(&[&files[0], &files[1], &files[2], &still]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--rotate-seats"));
}
