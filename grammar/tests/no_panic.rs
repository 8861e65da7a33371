//! The parser never panics: thousands of random and mutated inputs, deterministic (a tiny
//! xorshift generator), each checked for sane spans, then formatted, dumped and rendered.
//! Inputs that parse without error must also survive a format round trip.

mod common;

use std::path::Path;

use cosmic_grammar::{dump, format, parse, same_modulo_spans};

/// xorshift64*: tiny, deterministic, good enough to shuffle test inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const TOKENS: &[&str] = &[
    "alien",
    "artifact",
    "\"Name\"",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ",",
    ";",
    "\n",
    "\n  ",
    " ",
    "power",
    "wild",
    "super",
    "effect",
    "flare",
    "mandatory",
    "optional",
    "innate",
    "as",
    "at",
    "whenever",
    "instead",
    "of",
    "during",
    "if",
    "else",
    "once",
    "per",
    "for",
    "each",
    "in",
    "let",
    "define",
    "do",
    "choose",
    "one",
    "all",
    "any",
    "up",
    "to",
    "from",
    "with",
    "by",
    "rounded",
    "down",
    "not",
    "and",
    "or",
    "is",
    "=",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "+",
    "-",
    "*",
    "/",
    "'s",
    "'",
    "my",
    "ships",
    "card",
    "3",
    "10",
    "0",
    "1.5",
    "2x",
    "main",
    "player",
    "reveal",
    "after",
    "when",
    "move",
    "draw",
    "set",
    "add",
    "look at",
    "#c\n",
    "\"",
    "\\",
    "é",
    "’s",
    "\t",
    "\r\n",
    "x",
    "tick-tock",
    "-",
];

fn fixtures() -> Vec<String> {
    let mut sources = Vec::new();
    for dir in ["tests/fixtures/valid", "tests/fixtures/invalid"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("fixture folder")
            .map(|e| e.expect("entry").path())
            .collect();
        paths.sort();
        for path in paths {
            sources.push(std::fs::read_to_string(path).expect("fixture"));
        }
    }
    sources
}

fn random_tokens(rng: &mut Rng) -> String {
    let n = rng.below(120);
    (0..n)
        .map(|_| rng.pick(TOKENS))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cuts a byte index down to the nearest character boundary.
fn boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn mutate(rng: &mut Rng, source: &str) -> String {
    let mut s = source.to_string();
    for _ in 0..1 + rng.below(4) {
        let a = boundary(&s, rng.below(s.len() + 1));
        let b = boundary(&s, a + rng.below(40));
        match rng.below(6) {
            0 => s.replace_range(a..b, ""),
            1 => s.insert_str(a, rng.pick(TOKENS)),
            2 => {
                let piece = s[a..b].to_string();
                s.insert_str(b, &piece);
            }
            3 => s.truncate(a),
            4 => {
                let token = rng.pick(TOKENS);
                s.replace_range(a..b, token);
            }
            _ => {
                let random = random_tokens(rng);
                s.insert_str(a, &random);
            }
        }
    }
    s
}

fn random_bytes(rng: &mut Rng) -> String {
    let n = rng.below(200);
    let bytes: Vec<u8> = (0..n).map(|_| (rng.next() & 0xFF) as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn check(source: &str, render: bool) {
    let parsed = parse(source);
    if let Err(problem) = common::check_spans(source, &parsed) {
        panic!("{problem} for input {source:?}");
    }
    let formatted = format(&parsed.file);
    let _ = dump(&parsed.file);
    if render {
        let _ = common::render("input", source, &parsed);
    }
    if parsed.errors.is_empty() {
        let again = parse(&formatted);
        assert!(
            again.errors.is_empty(),
            "formatted output of an error-free input does not parse:\n{source:?}\n{formatted}\n{:?}",
            again.errors
        );
        assert!(
            same_modulo_spans(&parsed.file, &again.file),
            "format changed the tree of {source:?}:\n{formatted}"
        );
    }
}

#[test]
fn random_and_mutated_inputs_never_panic() {
    let fixtures = fixtures();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..3000 {
        let source = match round % 4 {
            0 => random_tokens(&mut rng),
            1 => random_bytes(&mut rng),
            _ => {
                let base = &fixtures[rng.below(fixtures.len())];
                mutate(&mut rng, base)
            }
        };
        check(&source, round % 10 == 0);
    }
}

#[test]
fn nesting_just_under_the_limit_parses_quickly() {
    // Parentheses are read once: no backtracking that doubles with each level.
    let expr = format!("{}1{}", "(".repeat(36), ")".repeat(36));
    let source =
        format!("alien \"A\" {{\n  power optional {{\n    set x to {expr} cards\n  }}\n}}\n");
    let start = std::time::Instant::now();
    let parsed = parse(&source);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert!(start.elapsed().as_secs() < 2, "took {:?}", start.elapsed());
    check(&source, false);
}

#[test]
fn pathological_inputs_are_refused_without_crashing() {
    let deep_parens = format!(
        "alien \"A\" {{\n  power optional {{\n    set x to {}1{}\n  }}\n}}\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let many_nots = format!(
        "alien \"A\" {{\n  power optional, if {} x {{\n    draw 1 card\n  }}\n}}\n",
        "not ".repeat(20000)
    );
    let many_minus = format!("alien \"A\" {{\n  count {}1\n}}\n", "-".repeat(20000));
    let long_sum = format!("alien \"A\" {{\n  count 1{}\n}}\n", " + 1".repeat(20000));
    let deep_blocks = format!("{}{}", "alien \"A\" {\n".repeat(3000), "}\n".repeat(3000));
    let unclosed = "alien \"A\" {\n".repeat(3000);
    for source in [
        deep_parens,
        many_nots,
        many_minus,
        long_sum,
        deep_blocks,
        unclosed,
    ] {
        let parsed = parse(&source);
        assert!(!parsed.errors.is_empty());
        check(&source, false);
    }
}

/// A random expression, written with arbitrary parentheses.
fn random_expr(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(7) {
            0 => rng.below(20).to_string(),
            1 => "\"text\"".into(),
            2 => "my ships in the encounter".into(),
            3 => "opponent's encounter card's value".into(),
            4 => "3 cards".into(),
            5 => "2 of my allies' ships".into(),
            _ => "x".into(),
        };
    }
    let a = random_expr(rng, depth - 1);
    let b = random_expr(rng, depth - 1);
    match rng.below(12) {
        0 => format!("({a})"),
        1 => format!("not {a}"),
        2 => format!("-{a}"),
        3 => format!("up to {a}"),
        4 => format!("{a} rounded up"),
        5 => format!("{a} rounded down"),
        6 => format!("[{a}, {b}]"),
        7 => format!("all [{a}, {b}]"),
        8 => format!("any [{a}]"),
        9 => format!("({a}) cards"),
        _ => {
            const OPS: &[&str] = &[
                "or", "and", "is", "is not", "=", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/",
            ];
            format!("{a} {} {b}", rng.pick(OPS))
        }
    }
}

#[test]
fn expressions_keep_their_structure_through_the_formatter() {
    let mut rng = Rng(42);
    for _ in 0..2000 {
        let expr = random_expr(&mut rng, 5);
        let source =
            format!("alien \"A\" {{\n  power optional {{\n    set x to {expr}\n  }}\n}}\n");
        let parsed = parse(&source);
        assert!(
            parsed.errors.is_empty(),
            "generated expression does not parse: {expr}\n{:?}",
            parsed.errors
        );
        check(&source, false);
    }
}
