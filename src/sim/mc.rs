//! The shape every Monte Carlo model shares: fixed-size chunks, one random stream per chunk,
//! results merged in chunk order.
//!
//! Chunk `k` of a run with seed `s` draws only from [`chunk_rng`]`(s, k)`, so its result does
//! not depend on which thread ran it or when. Merging the chunk results in chunk order then
//! gives the same bits whether one thread or forty did the work. The accumulators hold counts,
//! sums and histogram bins only, so their size never grows with the number of samples.
//!
//! This module is sequential; `runner::parallel` spreads the chunks over threads.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator for chunk `chunk` of a run seeded with `seed`: ChaCha8 seeded from `seed`,
/// switched to stream number `chunk`.
pub fn chunk_rng(seed: u64, chunk: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(chunk);
    rng
}

/// A Monte Carlo model split into independent, equally sized chunks.
pub trait Chunked: Sync {
    /// What one chunk produces and what a whole run adds up to.
    type Acc: Clone + Send;

    /// The number of samples (holds, runs, failovers) in the whole run.
    fn samples(&self) -> u64;

    /// Samples per chunk. Part of what a seed means: changing it changes every result.
    const CHUNK_SIZE: u64;

    /// The result of zero samples.
    fn empty(&self) -> Self::Acc;

    /// Runs chunk `chunk` (of [`Chunked::chunks`]) with the generator [`chunk_rng`]`(seed,
    /// chunk)`. Pure: the same arguments always give the same result.
    fn run_chunk(&self, seed: u64, chunk: u64) -> Self::Acc;

    /// Adds `other` (the next chunk in order) into `into`.
    fn merge(&self, into: &mut Self::Acc, other: &Self::Acc);

    /// The number of chunks.
    fn chunks(&self) -> u64 {
        self.samples().div_ceil(Self::CHUNK_SIZE)
    }

    /// The number of samples in chunk `chunk` (the last one may be short).
    fn chunk_len(&self, chunk: u64) -> u64 {
        let start = chunk.saturating_mul(Self::CHUNK_SIZE);
        self.samples().saturating_sub(start).min(Self::CHUNK_SIZE)
    }

    /// The samples in chunks `0..chunks`.
    fn samples_in(&self, chunks: u64) -> u64 {
        chunks.saturating_mul(Self::CHUNK_SIZE).min(self.samples())
    }
}

/// Runs every chunk on the calling thread, in order: the reference result that any parallel
/// run must reproduce bit for bit.
pub fn run_sequential<M: Chunked>(model: &M, seed: u64) -> M::Acc {
    let mut acc = model.empty();
    for k in 0..model.chunks() {
        let part = model.run_chunk(seed, k);
        model.merge(&mut acc, &part);
    }
    acc
}

/// `2^64` as a float: the scale of a uniform 64-bit draw.
const TWO_64: f64 = 18_446_744_073_709_551_616.0;

/// A point `t / 2^64` of `[0, 1]` that uniform 64-bit draws are compared against: the draw
/// `U` is *below* the cut with probability exactly `t / 2^64`.
///
/// A model can compare only the upper 32 bits of `U` (a word it already holds) and draw the
/// lower 32 bits only when the upper bits tie with the cut, one time in 2^32. Several cuts can
/// classify the same draw: cumulative cuts `c₁ ≤ c₂` split it into three outcomes with
/// probabilities `c₁`, `c₂ − c₁` and `1 − c₂`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Upper 32 bits of `t` (up to 2^32 for the cut at 1).
    hi: u64,
    /// Lower 32 bits of `t`.
    lo: u32,
}

impl Cut {
    /// The cut at 0: nothing is below it.
    pub const ZERO: Cut = Cut { hi: 0, lo: 0 };
    /// The cut at 1: everything is below it.
    pub const ONE: Cut = Cut { hi: 1 << 32, lo: 0 };

    /// The cut at `t / 2^64` (`t` capped at `2^64`).
    pub fn from_scaled(t: u128) -> Self {
        let t = t.min(1 << 64);
        Self {
            hi: (t >> 32) as u64,
            lo: t as u32,
        }
    }

    /// The cut at probability `p`, rounded down to a multiple of 2^-64 (as `rand`'s
    /// `Bernoulli` does); `p ≥ 1` is the cut at 1, `p ≤ 0` and NaN the cut at 0.
    pub fn new(p: f64) -> Self {
        if p >= 1.0 {
            return Self::ONE;
        }
        // `as` saturates and maps NaN to 0.
        Self::from_scaled(u128::from((p.max(0.0) * TWO_64) as u64))
    }

    /// The cut `p` above this one (capped at 1): for cumulative outcomes.
    pub fn plus(&self, p: f64) -> Self {
        let step = if p >= 1.0 {
            1 << 64
        } else {
            u128::from((p.max(0.0) * TWO_64) as u64)
        };
        Self::from_scaled(self.scaled() + step)
    }

    /// `t`, the cut times 2^64.
    pub fn scaled(&self) -> u128 {
        (u128::from(self.hi) << 32) | u128::from(self.lo)
    }

    /// The probability this cut stands for.
    pub fn probability(&self) -> f64 {
        self.scaled() as f64 / TWO_64
    }

    /// Whether the uniform draw `U` is below the cut, given `U`'s upper 32 bits `word`; its
    /// lower 32 bits are drawn from `rng` only when `word` ties with the cut.
    #[inline(always)]
    pub fn hit<R: rand::Rng + ?Sized>(&self, word: u32, rng: &mut R) -> bool {
        let w = u64::from(word);
        if w != self.hi {
            w < self.hi
        } else {
            rng.next_u32() < self.lo
        }
    }

    /// Whether a whole 64-bit draw `u` is below the cut.
    #[inline]
    pub fn below(&self, u: u64) -> bool {
        u128::from(u) < self.scaled()
    }

    /// A Bernoulli trial with this cut's probability from a fresh 64-bit draw.
    #[inline]
    pub fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> bool {
        self.below(rng.next_u64())
    }
}

/// One uniform 64-bit draw known by its upper 32 bits, with the lower 32 drawn the first
/// time a comparison needs them: compare it against any number of cuts consistently.
#[derive(Clone, Copy, Debug)]
pub struct Draw {
    word: u64,
    lower: Option<u32>,
}

impl Draw {
    /// The draw whose upper 32 bits are `word`.
    #[inline(always)]
    pub fn new(word: u32) -> Self {
        Self {
            word: u64::from(word),
            lower: None,
        }
    }

    /// Whether the draw is below `cut`.
    #[inline(always)]
    pub fn below<R: rand::Rng + ?Sized>(&mut self, cut: &Cut, rng: &mut R) -> bool {
        if self.word != cut.hi {
            self.word < cut.hi
        } else {
            *self.lower.get_or_insert_with(|| rng.next_u32()) < cut.lo
        }
    }
}

/// Which of two cumulative cuts `low ≤ high` the uniform draw with upper bits `word` falls
/// under: 0 below `low`, 1 between them, 2 above both. The lower 32 bits, when needed, are
/// drawn once and used for both comparisons.
#[inline(always)]
pub fn classify<R: rand::Rng + ?Sized>(word: u32, low: &Cut, high: &Cut, rng: &mut R) -> u8 {
    let w = u64::from(word);
    if w != low.hi && w != high.hi {
        return u8::from(w >= low.hi) + u8::from(w >= high.hi);
    }
    let u = (u128::from(w) << 32) | u128::from(rng.next_u32());
    u8::from(u >= low.scaled()) + u8::from(u >= high.scaled())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn chunk_streams_differ_and_repeat() {
        let a: Vec<u64> = (0..4).map(|_| chunk_rng(1, 0).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(chunk_rng(1, 0).next_u64(), chunk_rng(1, 1).next_u64());
        assert_ne!(chunk_rng(1, 0).next_u64(), chunk_rng(2, 0).next_u64());
    }

    #[test]
    fn cuts_are_exact_at_the_ends_and_split_the_word() {
        let mut rng = chunk_rng(0, 0);
        for w in [0, 1, u32::MAX] {
            assert!(Cut::ONE.hit(w, &mut rng));
            assert!(!Cut::ZERO.hit(w, &mut rng));
        }
        assert_eq!(Cut::new(1.0), Cut::ONE);
        assert_eq!(Cut::new(f64::NAN), Cut::ZERO);
        assert_eq!(Cut::new(-1.0), Cut::ZERO);
        assert!(Cut::ONE.below(u64::MAX) && !Cut::ZERO.below(0));
        let half = Cut::new(0.5);
        assert_eq!(half.probability(), 0.5);
        assert!(half.hit(0x7fff_ffff, &mut rng));
        assert!(!half.hit(0x8000_0000, &mut rng));
        assert_eq!(half.plus(0.75), Cut::ONE);
        assert_eq!(Cut::new(0.25).plus(0.25), half);
        // p = 2^-33 has upper half 0: the second word decides exactly when the first is 0.
        let tiny = Cut::new(2f64.powi(-33));
        assert!(!tiny.hit(1, &mut rng));
        let hits = (0..10_000).filter(|_| tiny.hit(0, &mut rng)).count();
        // Second word < 2^31: half of the time (binomial sd 50, so ±400 is 8 sd).
        assert!((4_600..5_400).contains(&hits), "{hits}");
    }

    #[test]
    fn cuts_agree_with_the_64_bit_compare() {
        let p = 0.3;
        let t = (p * 2f64.powi(64)) as u64;
        let c = Cut::new(p);
        let mut rng = chunk_rng(5, 0);
        for _ in 0..10_000 {
            let full = rng.next_u64();
            assert_eq!(c.hit((full >> 32) as u32, &mut rng), full < t);
            assert_eq!(c.below(full), full < t);
        }
        // When the upper halves tie, the next 32 bits decide, exactly as in the 64-bit compare.
        let hi = (t >> 32) as u32;
        for _ in 0..1_000 {
            let mut peek = rng.clone();
            let low = peek.next_u32();
            let want = ((u64::from(hi) << 32) | u64::from(low)) < t;
            assert_eq!(c.hit(hi, &mut rng), want);
        }
    }

    #[test]
    fn classify_splits_one_draw_three_ways() {
        let low = Cut::new(0.25);
        let high = low.plus(0.5);
        let mut rng = chunk_rng(1, 0);
        assert_eq!(classify(0, &low, &high, &mut rng), 0);
        assert_eq!(classify(0x5000_0000, &low, &high, &mut rng), 1);
        assert_eq!(classify(0xf000_0000, &low, &high, &mut rng), 2);
        // A tie with `low`'s upper bits: the lower bits are at or above `low`'s (0), so the
        // draw is at or above the cut.
        assert_eq!(classify(0x4000_0000, &low, &high, &mut rng), 1);
        assert_eq!(classify(0xc000_0000, &low, &high, &mut rng), 2);
        assert_eq!(classify(u32::MAX, &Cut::ZERO, &Cut::ONE, &mut rng), 1);
        let counts = (0..40_000).fold([0u32; 3], |mut c, _| {
            let w = rng.next_u32();
            c[usize::from(classify(w, &low, &high, &mut rng))] += 1;
            c
        });
        // Expected 10,000 / 20,000 / 10,000; binomial sds about 87 and 100.
        assert!(
            counts[0].abs_diff(10_000) < 400 && counts[1].abs_diff(20_000) < 450,
            "{counts:?}"
        );
    }
}
