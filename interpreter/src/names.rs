//! "Did you mean": the closest known name to a misspelled one.

/// The closest of `known` to `word` by edit distance, if it is close enough to be a typo.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    known
        .into_iter()
        .map(|k| (edit_distance(&w, &k.to_lowercase()), k))
        .filter(|&(d, k)| d > 0 && d <= ((k.chars().count() + 1) / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// Levenshtein distance between two strings, by characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
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
