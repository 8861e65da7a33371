//! The bots' dice: exact uniform draws (a number below a bound, a fair coin, a shuffle) from
//! a seeded, portable generator.
//!
//! Bots draw hundreds of small numbers a game. `rand`'s `gen_range` works out its rejection
//! zone again at every call; these draws use Lemire's multiply-and-shift instead, which
//! needs a division only in the rare case that may be biased, and coins take one bit each
//! from a drawn word. The draws are exact: every outcome equally likely.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A bot's source of chance.
pub struct Dice {
    rng: ChaCha8Rng,
    /// Unused random bits for coins, lowest first.
    bits: u64,
    /// How many of `bits` are unused.
    left: u32,
}

impl Dice {
    /// Dice seeded with `seed` (the same seed gives the same draws on every platform).
    pub fn new(seed: u64) -> Dice {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            bits: 0,
            left: 0,
        }
    }

    /// A number from 0 to `n - 1`, each equally likely (0 when `n` is 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let mut m = self.rng.next_u32() as u64 * n as u64;
        // Only a low part under `n` can fall in the biased zone; redraw while it does.
        if (m as u32) < n {
            let zone = n.wrapping_neg() % n;
            while (m as u32) < zone {
                m = self.rng.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// A number from `lo` to `hi` inclusive, each equally likely (`lo` when `hi < lo`).
    pub fn between(&mut self, lo: u32, hi: u32) -> u32 {
        if hi <= lo {
            return lo;
        }
        lo + self.below(hi - lo + 1)
    }

    /// An index into a list of `len` items, each equally likely.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len.min(u32::MAX as usize) as u32) as usize
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        if self.left == 0 {
            self.bits = self.rng.next_u64();
            self.left = 64;
        }
        let heads = self.bits & 1 == 1;
        self.bits >>= 1;
        self.left -= 1;
        heads
    }

    /// True with chance `num` in `den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// One of `items`, each equally likely; none when it is empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.index(items.len())])
        }
    }

    /// Puts `items` in a uniformly random order (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Dice;

    #[test]
    fn below_stays_in_range_and_hits_every_value_about_equally() {
        let mut d = Dice::new(7);
        for n in [1u32, 2, 3, 5, 7, 10, 100] {
            let mut seen = vec![0u32; n as usize];
            let draws = 2000 * n;
            for _ in 0..draws {
                let x = d.below(n);
                assert!(x < n, "{x} drawn below {n}");
                seen[x as usize] += 1;
            }
            // Each value's count is near 2000: far outside 1,700..2,300 would be a bias.
            for (v, &c) in seen.iter().enumerate() {
                assert!((1700..=2300).contains(&c), "{v} of {n} drawn {c} times");
            }
        }
        assert_eq!(d.below(0), 0);
    }

    #[test]
    fn between_is_inclusive_and_coins_are_fair() {
        let mut d = Dice::new(8);
        let (mut lo, mut hi) = (false, false);
        for _ in 0..1000 {
            let x = d.between(3, 5);
            assert!((3..=5).contains(&x));
            lo |= x == 3;
            hi |= x == 5;
        }
        assert!(lo && hi, "both ends are drawn");
        assert_eq!(d.between(4, 2), 4);
        let heads = (0..10_000).filter(|_| d.coin()).count();
        assert!((4700..=5300).contains(&heads), "{heads} heads in 10,000");
    }

    #[test]
    fn shuffle_keeps_the_items_and_the_same_seed_gives_the_same_draws() {
        let (mut a, mut b) = (Dice::new(9), Dice::new(9));
        let mut xs: Vec<u32> = (0..20).collect();
        let mut ys = xs.clone();
        a.shuffle(&mut xs);
        b.shuffle(&mut ys);
        assert_eq!(xs, ys);
        assert_ne!(xs, (0..20).collect::<Vec<_>>(), "20 items are moved");
        xs.sort();
        assert_eq!(xs, (0..20).collect::<Vec<_>>());
    }
}
