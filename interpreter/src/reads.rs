//! How a statement reads where it applies: the names it binds (`choose ... as victim`, `let`,
//! `for each`) replaced by what they stood for then. The log shows `set Green's compensation
//! to 0` where the card says `set player's compensation to 0`.

/// Where `name` occurs in `text` as whole words (not inside a longer word), from `from` on.
fn find(text: &str, name: &str, from: usize) -> Option<usize> {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let mut at = from;
    while let Some(i) = text[at..].find(name).map(|i| i + at) {
        let before = text[..i].chars().next_back().is_none_or(|c| !word(c));
        let after = text[i + name.len()..]
            .chars()
            .next()
            .is_none_or(|c| !word(c));
        if before && after {
            return Some(i);
        }
        at = i + name.len().max(1);
    }
    None
}

/// Whether `text` uses `name` as whole words.
pub fn uses(text: &str, name: &str) -> bool {
    !name.is_empty() && find(text, name, 0).is_some()
}

/// `text` with each name of `values` (longest first, so a longer name wins) replaced by its
/// value wherever it stands as whole words.
pub fn substitute(text: &str, values: &[(&str, String)]) -> String {
    let mut out = text.to_string();
    for (name, value) in values {
        if name.is_empty() {
            continue;
        }
        let mut at = 0;
        while let Some(i) = find(&out, name, at) {
            out.replace_range(i..i + name.len(), value);
            at = i + value.len();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_whole_words() {
        assert!(uses("set player's compensation to 0", "player"));
        assert!(!uses("set my players' total to 0", "player"));
        assert!(!uses("add gains to my total", "gain"));
        assert!(uses("add gain", "gain"));
        assert!(!uses("anything", ""));
    }

    #[test]
    fn values_replace_names_longest_first() {
        let values = [
            ("claim value", "22".to_string()),
            ("claim", "7".to_string()),
        ];
        assert_eq!(
            substitute("set my card's value to claim value + claim", &values),
            "set my card's value to 22 + 7"
        );
        let values = [("player", "Green".to_string())];
        assert_eq!(
            substitute("set player's rewards to player's rewards - 1", &values),
            "set Green's rewards to Green's rewards - 1"
        );
        // A value that contains the name does not loop.
        let values = [("x", "x x".to_string())];
        assert_eq!(substitute("add x to y", &values), "add x x to y");
    }
}
