//! A toy model, added by the recipe in `src/sections.rs` to check it (`tests/toy/run.sh`
//! copies this file to `src/sim/toy.rs` in a scratch copy of the crate): `tries` tries, each
//! right with the chance `chance`, counted with a seeded generator.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Bernoulli, Distribution};

use super::params::Valid;
use super::schema::Schema;

crate::param_specs! {
    pub TRIES = new("tries", "", 10.0, 1000.0, 100.0).whole().log();
    pub CHANCE = new("chance", "", 0.05, 0.95, 0.3);
}

/// The toy's parameters.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ToyParams {
    pub tries: u32,
    pub chance: f64,
}

crate::param_table!(ToyParams {
    tries: TRIES,
    chance: CHANCE,
} default {});

impl Schema for ToyParams {}

/// How many of the tries were right. Equal parameters and seed give the same count.
pub fn run(params: &Valid<ToyParams>, seed: u64) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let p = **params;
    // Valid: the chance is within 0.05 to 0.95.
    let right = Bernoulli::new(p.chance).expect("a chance from 0 to 1");
    (0..p.tries)
        .map(|_| u32::from(right.sample(&mut rng)))
        .sum()
}
