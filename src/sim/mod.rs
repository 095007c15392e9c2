//! The lesson's models: pure, deterministic and seeded. Nothing here knows about the UI,
//! threads or files; `runner::parallel` spreads the Monte Carlo chunks over threads.

pub mod counter;
pub mod exact;
pub mod failover;
pub mod fencing;
pub mod hold;
pub mod mc;
pub mod params;
pub mod renewal;
pub mod schema;
pub mod stale;
pub mod stats;
#[cfg(test)]
pub(crate) mod testutil;
pub mod ttl;

pub use params::{ParamError, ParamSpec, ParamTable, Valid};
pub use schema::Schema;

#[cfg(test)]
mod tests {
    use super::mc::run_sequential;
    use super::*;

    /// Every table value set to `fill`, except the Monte Carlo sample count (kept small).
    fn filled<P: ParamTable>(fill: f64) -> Valid<P> {
        let mut p = P::default();
        for (i, spec) in P::TABLE.iter().enumerate() {
            let small = ["holds", "failovers", "runs"].contains(&spec.flag);
            p.set(i, if small { spec.min } else { fill });
        }
        let v = Valid::clamped(p);
        assert_eq!(v.check_all(), Ok(()));
        v
    }

    #[test]
    fn clamped_extremes_build_every_model_and_run_without_nan() {
        for fill in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            -f64::MAX,
            0.0,
        ] {
            let r = counter::run(&filled(fill), 1);
            assert!(r.elapsed_ms.is_finite(), "counter at {fill}");
            let r = stale::run(&filled(fill));
            assert!(
                r.a_write_s.is_finite() && r.expiry_s.is_finite(),
                "stale at {fill}"
            );
            let r = fencing::run(&filled(fill), 1);
            assert!(r.end_ms.is_finite() && r.stale_fraction.value.is_finite());
            let sim = ttl::TtlSim::new(&filled(fill));
            let s = sim.summary(&run_sequential(&sim, 1), 1);
            assert!(s.unsafe_fraction.value.is_finite() && s.exact_unsafe_fraction.is_finite());
            let sim = failover::FailoverSim::new(&filled(fill));
            let s = sim.summary(&run_sequential(&sim, 1), 1);
            assert!(s.mean_lost.value.is_finite() && s.expected_lost.is_finite());
            let sim = renewal::RenewalSim::new(&filled(fill));
            let s = sim.summary(&run_sequential(&sim, 1), 1);
            assert!(s.fraction.value.is_finite() && s.exact_fraction.is_finite());
        }
    }
}
