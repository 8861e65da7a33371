//! The tutorial, `docs/first-alien.md`, shows what the tool prints. Its Echo alien and ruling
//! are taken from the page, each command it shows is run on the files as they stand at that
//! point of the page, and the output is compared with the block the page prints under it.
//! A `...` line in a block stands for any lines; the timings line is not compared.

mod pages;

use pages::{check, command, run, workdir, Block};
use std::path::Path;

const PAGE: &str = include_str!("../../docs/first-alien.md");

/// The fenced blocks that follow the first line of the tutorial containing `marker`.
fn blocks_after(marker: &str) -> Vec<Block> {
    pages::blocks_after(PAGE, marker)
}

/// The `n`-th fenced block after `marker`.
fn block(marker: &str, n: usize) -> Block {
    blocks_after(marker)
        .into_iter()
        .nth(n)
        .unwrap_or_else(|| panic!("no block {n} after {marker:?}"))
}

fn write(dir: &Path, file: &str, text: &str) {
    std::fs::write(dir.join("my-aliens").join(file), text).expect("write");
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join("my-aliens").join(file)).expect("read")
}

/// Runs the command of the first block after `marker` and compares its output with the block
/// the page prints under it.
fn check_shown(dir: &Path, marker: &str, success: bool) {
    let b = blocks_after(marker);
    check(dir, &command(&b[0]), &b[1].text, success);
}

const ECHO: &str = "my-aliens/echo.cosmic";

/// The alien after the formatting step (its text as the page prints it).
fn formatted_echo() -> String {
    block("The file now reads:", 0).text
}

/// The alien with its flare, added inside the braces after the power, as the page says.
fn echo_with_flare() -> String {
    let alien = formatted_echo();
    let flare = block("Add this inside the alien's braces, after the power:", 0).text;
    let body = alien
        .trim_end()
        .strip_suffix('}')
        .expect("the alien ends with a brace");
    format!("{body}\n{flare}}}\n")
}

#[test]
fn the_linter_and_the_formatter_print_what_the_tutorial_shows() {
    let dir = workdir("lint");
    let lint = format!("cosmic lint {ECHO}");

    // 1. An empty file, then a bare alien.
    write(&dir, "echo.cosmic", "");
    let b = blocks_after("Make a folder for your own aliens");
    assert!(b[0].text.contains(&lint));
    check(&dir, &lint, &b[1].text, true);
    write(&dir, "echo.cosmic", &block("Now give it an alien", 0).text);
    check(
        &dir,
        &lint,
        &block("The linter now has something to say", 0).text,
        false,
    );

    // 2. The alien typed quickly, with its typo; then fixed; then another typo.
    let typed = block("Here is the whole alien, typed quickly", 0).text;
    write(&dir, "echo.cosmic", &typed);
    let b = blocks_after("Lint it:");
    assert_eq!(command(&b[0]), lint);
    check(&dir, &lint, &b[1].text, false);
    let fixed = typed.replace("mandatroy", "mandatory");
    write(&dir, "echo.cosmic", &fixed);
    check(&dir, &lint, &block("and lint again:", 0).text, true);
    write(
        &dir,
        "echo.cosmic",
        &fixed.replace("at reveal after", "at reveel after"),
    );
    check(
        &dir,
        &lint,
        &block("Had you written `at reveel`", 0).text,
        false,
    );
    let near = "oponent's ships in the encounter {";
    write(
        &dir,
        "echo.cosmic",
        &fixed.replace("opponent's ships in the encounter {", near),
    );
    let (out, _) = run(&dir, &lint);
    assert!(
        out.contains("did you mean `opponent's ships in encounter`?"),
        "the page says a misspelled reference gets the nearest one:\n{out}"
    );

    // 3. Formatting.
    write(&dir, "echo.cosmic", &fixed);
    let b = blocks_after("Every file has one canonical layout. Check it:");
    assert_eq!(command(&b[0]), format!("cosmic fmt --check {ECHO}"));
    check(&dir, &command(&b[0]), &b[1].text, false);
    check_shown(&dir, "Now let it rewrite the file:", true);
    assert_eq!(read(&dir, "echo.cosmic"), formatted_echo());
    check(&dir, &format!("cosmic fmt --check {ECHO}"), "", true);
}

#[test]
fn explain_prints_what_the_tutorial_shows() {
    let dir = workdir("explain");
    write(&dir, "echo.cosmic", &formatted_echo());
    check_shown(&dir, "Give it the name (any case)", true);
    let without = "cosmic explain Echo";
    check(&dir, without, &block("Without a path", 0).text, false);

    // 5. The flare: lint, format check and explain again.
    write(&dir, "echo.cosmic", &echo_with_flare());
    let b = blocks_after("Lint, format check and explain again:");
    let lines: Vec<&str> = b[0].text.lines().collect();
    assert_eq!(lines.len(), 3, "{}", b[0].text);
    check(&dir, lines[0], &b[1].text, true);
    check(&dir, lines[1], "", true);
    check(
        &dir,
        lines[2],
        &block("prints nothing: the flare was typed", 0).text,
        true,
    );
}

#[test]
fn play_and_sim_print_what_the_tutorial_shows() {
    let dir = workdir("play");
    write(&dir, "echo.cosmic", &echo_with_flare());
    check_shown(&dir, "Without `--cards` your alien is unknown:", false);
    check_shown(&dir, "fix the seed to get the same game every time:", true);
    check_shown(&dir, "To follow only your alien", true);
    check_shown(&dir, "let the bots play many games", true);
}

#[test]
fn the_ruling_prints_what_the_tutorial_shows() {
    let dir = workdir("ruling");
    write(&dir, "echo.cosmic", &echo_with_flare());
    let file = "echo-rolling-thunder.toml";
    let scenario = block("Save it as", 0);
    assert_eq!(scenario.info, "toml");
    write(&dir, file, &scenario.text);
    let b = blocks_after("Run it:");
    let run_it = command(&b[0]);
    check(
        &dir,
        &run_it,
        &block("whose it is and what the legal options are:", 0).text,
        false,
    );

    // With the answer, before `[expect]`.
    let answer = block("Answer with one of the options", 0);
    assert_eq!(answer.info, "toml");
    let answered = scenario
        .text
        .replacen("[expect]", &format!("{}\n[expect]", answer.text), 1);
    write(&dir, file, &answered);
    check(&dir, &run_it, &block("Run it again:", 0).text, true);
    check_shown(&dir, "prints only", true);

    // The second ruling the page describes: passing, Resound alone.
    assert!(PAGE.contains("`answer = \"pass\"`, `totals = [16, 14]` and no `events` line"));
    let passing = answered
        .replace("answer = \"use Echo's super flare\"", "answer = \"pass\"")
        .replace("totals = [18, 14]", "totals = [16, 14]")
        .lines()
        .filter(|l| !l.starts_with("events = "))
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    write(&dir, "echo-pass.toml", &passing);
    let (out, ok) = run(
        &dir,
        "cosmic ruling --cards my-aliens my-aliens/echo-pass.toml",
    );
    assert!(
        ok && out.contains(": pass (4 of 4 expectations hold)"),
        "{out}"
    );

    // The same expectations, wrong on purpose; and without `--cards`.
    write(
        &dir,
        file,
        &answered.replace("totals = [18, 14]", "totals = [20, 14]"),
    );
    let fail = block("the totals line would fail", 0).text;
    check(&dir, &run_it, &format!("...\n{fail}...\n"), false);
    write(&dir, file, &answered);
    let without = run_it.replace(" --cards my-aliens", "");
    check(
        &dir,
        &without,
        &block("Without `--cards`, the ruling stops", 0).text,
        false,
    );
}
