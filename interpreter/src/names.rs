//! "Did you mean": the closest known name to a misspelled one.

pub use cosmic_grammar::diagnostic::edit_distance;

/// The closest of `known` to `word` by edit distance, if it is close enough to be a typo.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    known
        .into_iter()
        .map(|k| (edit_distance(&w, &k.to_lowercase()), k))
        .filter(|&(d, k)| d > 0 && d <= ((k.chars().count() + 1) / 3).max(1))
        // Among equally close names, one the typed word begins was probably cut short.
        .min_by_key(|&(d, k)| (d, !k.to_lowercase().starts_with(&w)))
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_misses_only() {
        assert_eq!(did_you_mean("alein", ["alien", "artifact"]), Some("alien"));
        assert_eq!(did_you_mean("zzzz", ["alien", "artifact"]), None);
        assert_eq!(
            did_you_mean("alien", ["alien"]),
            None,
            "an exact match needs no suggestion"
        );
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
