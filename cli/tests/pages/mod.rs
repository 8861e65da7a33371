//! Reading the documentation pages for their tests: fenced blocks, commands run as a reader
//! would, and output compared with what a page shows.
// Each test file uses part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// One fenced block of the page: its info string (`sh`, `toml`, or none) and its text.
pub struct Block {
    pub info: String,
    pub text: String,
}

/// The fenced blocks that follow the first line of `page` containing `marker`, in order. A
/// fence may be indented (a block inside a list item); its lines lose that indentation.
pub fn blocks_after(page: &str, marker: &str) -> Vec<Block> {
    let lines: Vec<&str> = page.lines().collect();
    let start = (lines.iter())
        .position(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("the page no longer says {marker:?}"));
    let mut blocks = Vec::new();
    let mut open: Option<(Block, usize)> = None;
    for line in &lines[start + 1..] {
        let indent = line.len() - line.trim_start().len();
        match (open.take(), line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => {
                let block = Block {
                    info: info.trim().to_string(),
                    text: String::new(),
                };
                open = Some((block, indent));
            }
            (Some((block, _)), Some(_)) => blocks.push(block),
            (Some((mut block, indent)), None) => {
                block
                    .text
                    .push_str(line.get(indent..).unwrap_or(line.trim_start()));
                block.text.push('\n');
                open = Some((block, indent));
            }
            (None, None) => {}
        }
    }
    blocks
}

/// A folder holding `my-aliens/`, as the reader's working folder.
pub fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cosmic-pages-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("my-aliens")).expect("temp dir");
    dir
}

/// Runs one `cosmic ...` line of the page in `dir`: what a terminal shows (the diagnostics on
/// standard error, then standard output), and whether it exited with status 0. A trailing
/// `| grep WORD` keeps the lines that contain the word.
pub fn run(dir: &Path, line: &str) -> (String, bool) {
    let (command, grep) = match line.split_once(" | grep ") {
        Some((c, word)) => (c, Some(word.trim())),
        None => (line, None),
    };
    let args = command
        .strip_prefix("cosmic ")
        .unwrap_or_else(|| panic!("not a cosmic command: {line}"));
    let out = Command::new(env!("CARGO_BIN_EXE_cosmic"))
        .args(args.split_whitespace())
        .current_dir(dir)
        // Plain text whatever the environment asks for: the page has no colour codes.
        .env("NO_COLOR", "1")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the binary runs");
    let mut text = String::from_utf8_lossy(&out.stderr).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stdout));
    if let Some(word) = grep {
        text = text
            .lines()
            .filter(|l| l.contains(word))
            .map(|l| format!("{l}\n"))
            .collect();
    }
    (text, out.status.success())
}

/// The single `cosmic` command of an `sh` block.
pub fn command(b: &Block) -> String {
    assert_eq!(b.info, "sh", "expected a command block, found:\n{}", b.text);
    let lines: Vec<&str> = b
        .text
        .lines()
        .filter(|l| l.starts_with("cosmic "))
        .collect();
    assert_eq!(lines.len(), 1, "expected one command in:\n{}", b.text);
    lines[0].to_string()
}

/// Whether `actual` is what the page shows: line by line (trailing spaces aside), where a
/// `...` line of `shown` stands for any number of lines and the timings line is not compared.
pub fn shows(shown: &str, actual: &str) -> bool {
    fn norm(text: &str) -> Vec<String> {
        (text.lines())
            .map(|l| l.trim_end())
            .map(|l| {
                if l.starts_with("elapsed: ") {
                    "elapsed: (timings)".to_string()
                } else {
                    l.to_string()
                }
            })
            .collect()
    }
    fn fits(shown: &[String], actual: &[String]) -> bool {
        match shown.split_first() {
            None => actual.iter().all(|l| l.is_empty()),
            Some((first, rest)) if first == "..." => {
                (0..=actual.len()).any(|skip| fits(rest, &actual[skip..]))
            }
            Some((first, rest)) => actual
                .split_first()
                .is_some_and(|(a, more)| a == first && fits(rest, more)),
        }
    }
    let (shown, actual) = (norm(shown), norm(actual));
    let shown: Vec<String> = shown.into_iter().skip_while(|l| l.is_empty()).collect();
    let actual: Vec<String> = actual.into_iter().skip_while(|l| l.is_empty()).collect();
    fits(&shown, &actual)
}

/// Runs `line` in `dir` and checks it prints what the page shows and exits as expected.
pub fn check(dir: &Path, line: &str, shown: &str, success: bool) {
    let (actual, ok) = run(dir, line);
    assert!(
        shows(shown, &actual),
        "`{line}` no longer prints what the page shows.\n\
         --- the page ---\n{shown}--- the tool ---\n{actual}"
    );
    assert_eq!(ok, success, "`{line}` exit status\n{actual}");
}
