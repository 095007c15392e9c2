//! Each model's parameter schema: the one description of its settings that the sliders, the
//! command line's flags, the JSON keys and the scenario codes all read.
//!
//! Each model's `impl Schema` stands in its own file, beside its parameters.

use super::ParamSpec;
use super::params::ParamTable;

/// A model's whole parameter schema: its numeric table, then its parameter set by name
/// ([`NamedParam`]) or its on/off switch. The command line shows each table parameter under
/// its own flag, or under a flag in seconds for a parameter the model keeps in milliseconds
/// (the millisecond flag then stays as a hidden alias); JSON output uses the same names with
/// '-' as '_'; scenario codes carry the same keys (`scenario::pairs`).
pub trait Schema: ParamTable {
    /// The model's parameter set by name after its numbers, if it has one.
    const NAMED: Option<NamedParam<Self>> = None;

    /// The model's on/off flag after its numbers, if it has one.
    const SWITCH: Option<Switch<Self>> = None;

    /// The flag in seconds that stands for the `i`-th parameter, if it has one.
    fn in_seconds(_i: usize) -> Option<&'static ParamSpec> {
        None
    }
}

/// A model's parameter set by name (failover's `--store`, renewal's `--mode`), read as text so
/// that a bad name gets the model's own message.
pub struct NamedParam<P> {
    /// The flag without the dashes; also its key in the output.
    pub flag: &'static str,
    pub default: &'static str,
    pub help: &'static str,
    /// Sets the value of this name into the parameters.
    pub set: fn(&mut P, &str) -> Result<(), String>,
    /// The parameters' value, by its name.
    pub name: fn(&P) -> &'static str,
}

/// An on/off flag of a model: its name (without the dashes), its help and the field it sets.
pub type Switch<P> = (&'static str, &'static str, fn(&mut P) -> &mut bool);

/// `--fencing` of the stale-holder and fencing models.
pub(crate) const FENCING_SWITCH: &str =
    "Storage checks fencing tokens and refuses an older token's write";

/// A flag in seconds for a model parameter kept in milliseconds.
pub(crate) const fn in_seconds(ms: &ParamSpec, flag: &'static str) -> ParamSpec {
    ParamSpec {
        flag,
        unit: "s",
        min: ms.min / 1000.0,
        max: ms.max / 1000.0,
        default: ms.default / 1000.0,
        ..*ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::failover::FailoverParams;
    use crate::sim::fencing::{self, FencingParams};
    use crate::sim::renewal::RenewalParams;

    #[test]
    fn named_parameters_read_their_names_and_refuse_others() {
        let c = RenewalParams::NAMED.expect("renewal has a mode");
        let mut p = RenewalParams::default();
        assert_eq!((c.set)(&mut p, "all"), Ok(()));
        assert_eq!((c.name)(&p), "all");
        assert!((c.set)(&mut p, "sometimes").is_err());
        assert_eq!((c.name)(&p), "all", "a refused name changes nothing");
        let c = FailoverParams::NAMED.expect("failover has a store");
        assert!((c.set)(&mut FailoverParams::default(), "consensus").is_ok());
    }

    #[test]
    fn seconds_flags_scale_their_millisecond_specs() {
        assert_eq!(FencingParams::in_seconds(0), None);
        let i = FencingParams::TABLE
            .iter()
            .position(|s| s.flag == "ttl-ms")
            .expect("fencing has a TTL");
        let s = FencingParams::in_seconds(i).expect("in seconds");
        assert_eq!(
            (s.flag, s.default * 1000.0),
            ("ttl-s", fencing::TTL_MS.default)
        );
    }
}
