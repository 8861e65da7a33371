//! How sure a win rate is: the 95% Wilson score interval of a proportion. Balance runs compare
//! win rates measured over a few hundred games per alien, where the noise is several points;
//! the interval says which differences are real. Wilson's interval stays inside 0 to 1 and
//! behaves at rates near 0 or 1, where the textbook normal interval does not.

/// The two-sided 95% quantile of the standard normal distribution.
const Z: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval for `successes` out of `trials` (0 to 1 when there were none).
pub fn wilson(successes: u64, trials: u64) -> [f64; 2] {
    if trials == 0 {
        return [0.0, 1.0];
    }
    let n = trials as f64;
    let p = successes.min(trials) as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::wilson;

    fn close(a: [f64; 2], b: [f64; 2]) -> bool {
        (a[0] - b[0]).abs() < 5e-5 && (a[1] - b[1]).abs() < 5e-5
    }

    #[test]
    fn known_intervals() {
        // Values from the closed form, as tabulated by Newcombe (1998) and R's prop.test
        // without continuity correction.
        assert!(
            close(wilson(5, 10), [0.2366, 0.7634]),
            "{:?}",
            wilson(5, 10)
        );
        assert!(close(wilson(0, 10), [0.0, 0.2775]), "{:?}", wilson(0, 10));
        assert!(close(wilson(10, 10), [0.7225, 1.0]), "{:?}", wilson(10, 10));
        assert!(
            close(wilson(81, 263), [0.2553, 0.3662]),
            "{:?}",
            wilson(81, 263)
        );
    }

    #[test]
    fn the_interval_holds_the_rate_and_narrows_with_more_games() {
        for (wins, games) in [(1, 3), (33, 200), (100, 200), (199, 200), (20, 1000)] {
            let [lo, hi] = wilson(wins, games);
            let rate = wins as f64 / games as f64;
            assert!(lo <= rate && rate <= hi, "{wins}/{games}: {lo}..{hi}");
        }
        let width = |[lo, hi]: [f64; 2]| hi - lo;
        assert!(width(wilson(200, 1000)) < width(wilson(20, 100)));
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }
}
