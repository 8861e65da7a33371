//! The scenario loader and runner never panic: every ruling, truncated, with lines dropped or
//! duplicated, and with bytes changed, gives a ruling or a located error.

use cosmic_tests::ruling::run_source;
use std::sync::Arc;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(src: &str, rng: &mut Rng) -> String {
    let lines: Vec<&str> = src.lines().collect();
    match rng.below(5) {
        0 => src[..src
            .char_indices()
            .nth(rng.below(src.len()))
            .map_or(0, |(i, _)| i)]
            .to_string(),
        1 => {
            let drop = rng.below(lines.len());
            lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != drop)
                .map(|(_, l)| *l)
                .collect::<Vec<_>>()
                .join("\n")
        }
        2 => {
            let dup = rng.below(lines.len());
            let mut out: Vec<&str> = lines.clone();
            out.insert(dup, lines[dup]);
            out.join("\n")
        }
        3 => {
            // Swap a number for another one.
            let mut out = String::with_capacity(src.len());
            for c in src.chars() {
                if c.is_ascii_digit() && rng.below(4) == 0 {
                    out.push(char::from(b'0' + rng.below(10) as u8));
                } else {
                    out.push(c);
                }
            }
            out
        }
        _ => {
            let mut bytes: Vec<char> = src.chars().collect();
            for _ in 0..3 {
                let i = rng.below(bytes.len());
                bytes[i] = ['"', '{', '}', '[', ']', '=', 'x', '\n', ' ', '9'][rng.below(10)];
            }
            bytes.into_iter().collect()
        }
    }
}

#[test]
fn mutated_rulings_never_panic() {
    let components =
        Arc::new(cosmic_cards::builtin_components().expect("built-in components load"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let mut sources: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the rulings folder")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .map(|e| {
            (
                e.path().display().to_string(),
                std::fs::read_to_string(e.path()).expect("read"),
            )
        })
        .collect();
    sources.sort();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut errors = 0;
    for round in 0..40 {
        for (name, src) in &sources {
            let mutated = mutate(src, &mut rng);
            let run = std::panic::catch_unwind(|| {
                run_source(name, &mutated, components.clone()).is_err()
            });
            match run {
                Ok(true) => errors += 1,
                Ok(false) => {}
                Err(_) => panic!("round {round}: {name} mutated to this panics:\n{mutated}"),
            }
        }
    }
    assert!(errors > 0, "the mutations should break some scenarios");
}
