//! The language's keywords, read from the grammar itself (`cosmic.pest`), so that an editor's
//! completion and highlighting cannot drift from what the parser accepts.

use std::sync::OnceLock;

/// The grammar's source.
pub const GRAMMAR: &str = include_str!("cosmic.pest");

/// The keywords of the language, by the grammar rule that holds them.
#[derive(Debug)]
pub struct Keywords {
    /// The verbs that open an action (`move`, `look at`).
    pub verbs: Vec<String>,
    /// How an ability is used (`mandatory`, `optional`, `innate`).
    pub usages: Vec<String>,
    /// The words that open an ability (`power`, `wild`, `super`, `effect`).
    pub abilities: Vec<String>,
    /// The relations of a window (`after`, `before`, `when`).
    pub windows: Vec<String>,
    /// The reserved connectives, which never are words of a reference (`and`, `of`, `to`).
    pub connectives: Vec<String>,
    /// The other keywords (`if`, `else`, `let`, `define`, `choose`, `whenever`, ...).
    pub others: Vec<String>,
}

impl Keywords {
    /// Every keyword, each once.
    pub fn all(&self) -> Vec<&str> {
        let mut all: Vec<&str> = [
            &self.verbs,
            &self.usages,
            &self.abilities,
            &self.windows,
            &self.connectives,
            &self.others,
        ]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// The keywords, read once from the grammar.
pub fn keywords() -> &'static Keywords {
    static KEYWORDS: OnceLock<Keywords> = OnceLock::new();
    KEYWORDS.get_or_init(|| {
        let connectives = rule_words("reserved");
        let mut others = Vec::new();
        for line in GRAMMAR.lines() {
            if let Some(rest) = line.strip_prefix("kw_") {
                let name = rest.split_whitespace().next().unwrap_or("");
                for w in rule_words(&format!("kw_{name}")) {
                    if !connectives.contains(&w) && !others.contains(&w) {
                        others.push(w);
                    }
                }
            }
        }
        Keywords {
            verbs: rule_words("verb"),
            usages: rule_words("usage"),
            abilities: rule_words("ability_kw"),
            windows: rule_words("window_kw"),
            connectives,
            others,
        }
    })
}

/// The quoted words of one rule (`"look" ~ (" " | "\t")+ ~ "at"` reads as `look at`).
fn rule_words(rule: &str) -> Vec<String> {
    let start = GRAMMAR
        .find(&format!("\n{rule} = "))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("the grammar has a rule `{rule}`"));
    let body = &GRAMMAR[start..];
    // A rule ends at the first line that closes its braces.
    let mut depth = 0i32;
    let mut end = body.len();
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    end = i;
                    break;
                }
            }
            _ => {}
        }
    }
    let body = body[..end].replace("\" ~ (\" \" | \"\\t\")+ ~ \"", " ");
    body.split('"')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == ' '))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_rule() {
        let k = keywords();
        assert!(k.verbs.iter().any(|v| v == "look at"), "{:?}", k.verbs);
        assert!(k.verbs.iter().any(|v| v == "move"));
        assert_eq!(k.usages, ["mandatory", "optional", "innate"]);
        assert_eq!(k.abilities, ["power", "wild", "super", "effect"]);
        assert_eq!(k.windows, ["after", "before", "when"]);
        assert!(k.connectives.iter().any(|w| w == "into"));
        assert!(k.others.iter().any(|w| w == "whenever"));
        assert!(
            !k.others.iter().any(|w| w == "and"),
            "connectives are kept apart"
        );
    }

    #[test]
    fn every_verb_parses_as_one() {
        for verb in &keywords().verbs {
            let src = format!("alien \"A\" {{\n  power {{\n    {verb} 1 card\n  }}\n}}\n");
            let parsed = crate::parse(&src);
            assert!(parsed.errors.is_empty(), "{verb}: {:?}", parsed.errors);
        }
    }
}
