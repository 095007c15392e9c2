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
    fn chunk_size(&self) -> u64;

    /// The result of zero samples.
    fn empty(&self) -> Self::Acc;

    /// Runs chunk `chunk` (of [`Chunked::chunks`]) with the generator [`chunk_rng`]`(seed,
    /// chunk)`. Pure: the same arguments always give the same result.
    fn run_chunk(&self, seed: u64, chunk: u64) -> Self::Acc;

    /// Adds `other` (the next chunk in order) into `into`.
    fn merge(&self, into: &mut Self::Acc, other: &Self::Acc);

    /// The number of chunks.
    fn chunks(&self) -> u64 {
        self.samples().div_ceil(self.chunk_size())
    }

    /// The number of samples in chunk `chunk` (the last one may be short).
    fn chunk_len(&self, chunk: u64) -> u64 {
        let start = chunk.saturating_mul(self.chunk_size());
        self.samples().saturating_sub(start).min(self.chunk_size())
    }

    /// The samples in chunks `0..chunks`.
    fn samples_in(&self, chunks: u64) -> u64 {
        chunks.saturating_mul(self.chunk_size()).min(self.samples())
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

/// An exact Bernoulli trial with probability `threshold / 2^64` (or always, when `certain`),
/// decided from 32 random bits when they suffice and 32 more bits when they do not.
///
/// This is exactly `next_u64() < threshold`, but the first half of the 64-bit draw can come
/// from a word already in hand, so a model can make two decisions from one 64-bit draw and
/// only rarely (one time in 2^32) pays for another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    hi: u32,
    lo: u32,
    certain: bool,
}

impl Chance {
    /// The chance `p`, rounded down to a multiple of 2^-64 (as `rand`'s `Bernoulli` does);
    /// `p ≥ 1` is certain, `p ≤ 0` (or NaN) never happens.
    pub fn new(p: f64) -> Self {
        if p >= 1.0 {
            return Self {
                hi: 0,
                lo: 0,
                certain: true,
            };
        }
        // `as` saturates and maps NaN to 0.
        let t = (p.max(0.0) * 18_446_744_073_709_551_616.0) as u64;
        Self {
            hi: (t >> 32) as u32,
            lo: t as u32,
            certain: false,
        }
    }

    /// Never.
    pub const NEVER: Chance = Chance {
        hi: 0,
        lo: 0,
        certain: false,
    };

    /// Decides the trial from the 32 random bits `word`, drawing 32 more from `rng` only when
    /// `word` equals the threshold's upper half.
    #[inline(always)]
    pub fn hit<R: rand::Rng + ?Sized>(&self, word: u32, rng: &mut R) -> bool {
        if word != self.hi {
            (word < self.hi) | self.certain
        } else {
            self.certain || rng.next_u32() < self.lo
        }
    }

    /// Decides the trial from a fresh 64-bit draw.
    #[inline]
    pub fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> bool {
        self.certain || rng.next_u64() < ((u64::from(self.hi) << 32) | u64::from(self.lo))
    }
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
    fn chance_is_exact_at_the_ends_and_splits_the_word() {
        let mut rng = chunk_rng(0, 0);
        let always = Chance::new(1.0);
        let never = Chance::new(0.0);
        for w in [0, 1, u32::MAX] {
            assert!(always.hit(w, &mut rng));
            assert!(!never.hit(w, &mut rng));
        }
        let half = Chance::new(0.5);
        assert!(half.hit(0x7fff_ffff, &mut rng));
        assert!(!half.hit(0x8000_0000, &mut rng));
        assert_eq!(Chance::new(f64::NAN), Chance::NEVER);
        // p = 2^-33 has upper half 0: it needs the second word exactly when word == 0.
        let tiny = Chance::new(2f64.powi(-33));
        assert!(!tiny.hit(1, &mut rng));
        let hits = (0..10_000).filter(|_| tiny.hit(0, &mut rng)).count();
        // Second word < 2^31: half of the time (binomial sd 50, so ±400 is 8 sd).
        assert!((4_600..5_400).contains(&hits), "{hits}");
    }

    #[test]
    fn chance_agrees_with_its_64_bit_form() {
        let p = 0.3;
        let t = (p * 2f64.powi(64)) as u64;
        let c = Chance::new(p);
        let mut rng = chunk_rng(5, 0);
        for _ in 0..10_000 {
            let full = rng.next_u64();
            assert_eq!(c.hit((full >> 32) as u32, &mut rng), full < t);
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
}
