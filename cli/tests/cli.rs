//! The `cosmic` binary end to end: whole games, summaries, and clear errors for bad input.

use std::io::Write;
use std::process::{Command, Stdio};

fn cosmic(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn play_prints_a_whole_game_and_its_winner() {
    let out = cosmic(&["play", "--players", "5", "--seed", "3", "--check"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("== turn 1:"));
    assert!(text.contains("seed: 3"));
    assert!(text.lines().any(|l| l.starts_with("winner")), "{text}");
}

#[test]
fn play_with_the_same_seed_prints_the_same_log() {
    let a = cosmic(&[
        "play",
        "--seed",
        "8",
        "--seats",
        "random,basic,random,basic",
    ]);
    let b = cosmic(&[
        "play",
        "--seed",
        "8",
        "--seats",
        "random,basic,random,basic",
    ]);
    // --seats with four entries needs --players 4.
    assert!(!a.status.success());
    assert!(String::from_utf8_lossy(&a.stderr).contains("--seats lists 4 seats"));
    assert_eq!(a.stdout, b.stdout);
    let a = cosmic(&[
        "play",
        "--players",
        "4",
        "--seed",
        "8",
        "--seats",
        "random,basic,random,basic",
    ]);
    let b = cosmic(&[
        "play",
        "--players",
        "4",
        "--seed",
        "8",
        "--seats",
        "random,basic,random,basic",
    ]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn play_json_prints_one_event_per_line() {
    let out = cosmic(&["play", "--players", "3", "--seed", "5", "--json"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        assert!(v.get("event").is_some() && v.get("text").is_some() && v.get("source").is_some());
    }
    assert!(text.contains("\"game-won\""));
}

#[test]
fn sim_reports_games_per_second_and_is_independent_of_threads() {
    let run = |threads: &str| {
        let out = cosmic(&[
            "sim",
            "--games",
            "40",
            "--players",
            "4",
            "--bot",
            "random",
            "--seed",
            "2",
            "--threads",
            threads,
            "--json",
            "--check",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("summary is JSON");
        assert!(v["games_per_second"].as_f64().unwrap_or(0.0) > 0.0);
        assert!(v["failures"].as_array().is_some_and(|f| f.is_empty()));
        (
            v["seats"].clone(),
            v["mean_turns"].clone(),
            v["shared_wins"].clone(),
        )
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn bad_arguments_get_clap_errors_not_panics() {
    for args in [
        &["play", "--players", "9"][..],
        &["play", "--players", "two"],
        &["play", "--seats", "human,alien"],
        &["sim", "--bot", "clever"],
        &["frobnicate"],
    ] {
        let out = cosmic(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_human_seat_answers_at_the_terminal_and_a_closed_terminal_ends_cleanly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args([
            "play",
            "--players",
            "3",
            "--seed",
            "4",
            "--seats",
            "human,basic,basic",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // A few answers, then the input closes.
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"1\n1\n1\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("your hand (Blue)"), "{stdout}");
    // Other players' draws are hidden from the human's log.
    assert!(stdout.contains("Green draws a card"), "{stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    if !out.status.success() {
        assert!(stderr.contains("the terminal closed"), "{stderr}");
    }
}
