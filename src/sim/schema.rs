//! Each model's parameter schema: the one description of its settings that the sliders, the
//! command line's flags, the JSON keys and the scenario codes all read.

use super::ParamSpec;
use super::counter::CounterParams;
use super::failover::{FailoverParams, UnknownStore};
use super::fencing::{self, FencingParams};
use super::params::ParamTable;
use super::renewal::{RenewalParams, UnknownMode};
use super::stale::StaleParams;
use super::ttl::TtlParams;

/// A model's whole parameter schema: its numeric table, then its choice by name or its on/off
/// switch. The command line shows each table parameter under its own flag, or under a flag in
/// seconds for a parameter the model keeps in milliseconds (the millisecond flag then stays as
/// a hidden alias); JSON output uses the same names with '-' as '_'; scenario codes carry the
/// same keys (`scenario::pairs`).
pub trait Schema: ParamTable {
    /// The model's choice by name after its numbers, if it has one.
    const CHOICE: Option<Choice<Self>> = None;

    /// The model's on/off flag after its numbers, if it has one.
    const SWITCH: Option<Switch<Self>> = None;

    /// The flag in seconds that stands for the `i`-th parameter, if it has one.
    fn in_seconds(_i: usize) -> Option<&'static ParamSpec> {
        None
    }
}

/// A model's choice by name (failover's `--store`, renewal's `--mode`), read as text so that
/// a bad name gets the model's own message.
pub struct Choice<P> {
    /// The flag without the dashes; also the choice's key in the output.
    pub flag: &'static str,
    pub default: &'static str,
    pub help: &'static str,
    /// Sets the choice of this name into the parameters.
    pub set: fn(&mut P, &str) -> Result<(), String>,
    /// The parameters' choice by name.
    pub name: fn(&P) -> &'static str,
}

/// An on/off flag of a model: its name (without the dashes), its help and the field it sets.
pub type Switch<P> = (&'static str, &'static str, fn(&mut P) -> &mut bool);

/// `--fencing` of the stale-holder and fencing models.
const FENCING_SWITCH: &str = "Storage checks fencing tokens and refuses an older token's write";

impl Schema for CounterParams {
    const SWITCH: Option<Switch<Self>> = Some((
        "lock",
        "Take a FIFO lock around each read-think-write",
        |p| &mut p.lock,
    ));
}
impl Schema for TtlParams {}
impl Schema for StaleParams {
    const SWITCH: Option<Switch<Self>> = Some(("fencing", FENCING_SWITCH, |p| &mut p.fencing));
}
impl Schema for FailoverParams {
    const CHOICE: Option<Choice<Self>> = Some(Choice {
        flag: "store",
        default: "redis",
        help: "Where the lock lives: redis (asynchronous replica) or consensus (majority)",
        set: |p, raw| {
            p.store = raw.parse().map_err(|e: UnknownStore| e.to_string())?;
            Ok(())
        },
        name: |p| p.store.as_str(),
    });
}
impl Schema for RenewalParams {
    const CHOICE: Option<Choice<Self>> = Some(Choice {
        flag: "mode",
        default: "none",
        help: "The defence: none, renewal (a watchdog extends the lock), fencing (the database \
               refuses the older token), idempotent (every effect carries a key; a repeat \
               changes nothing) or all (the three stacked)",
        set: |p, raw| {
            p.mode = raw.parse().map_err(|e: UnknownMode| e.to_string())?;
            Ok(())
        },
        name: |p| p.mode.as_str(),
    });
}

impl Schema for FencingParams {
    const SWITCH: Option<Switch<Self>> = Some(("fencing", FENCING_SWITCH, |p| &mut p.fencing));

    fn in_seconds(i: usize) -> Option<&'static ParamSpec> {
        match Self::TABLE.get(i)?.flag {
            "ttl-ms" => Some(&FENCING_TTL_S),
            "typical-ms" => Some(&FENCING_TYPICAL_S),
            "stall-mean-ms" => Some(&FENCING_PAUSE_MEAN_S),
            _ => None,
        }
    }
}

/// A flag in seconds for a model parameter kept in milliseconds.
const fn in_seconds(ms: &ParamSpec, flag: &'static str) -> ParamSpec {
    ParamSpec {
        flag,
        unit: "s",
        min: ms.min / 1000.0,
        max: ms.max / 1000.0,
        default: ms.default / 1000.0,
        ..*ms
    }
}

/// The fencing model's times in seconds, like the other lock-hold models (ttl, renewal).
pub const FENCING_TTL_S: ParamSpec = in_seconds(&fencing::TTL_MS, "ttl-s");
pub const FENCING_TYPICAL_S: ParamSpec = in_seconds(&fencing::TYPICAL_MS, "typical-s");
pub const FENCING_PAUSE_MEAN_S: ParamSpec = in_seconds(&fencing::PAUSE_MEAN_MS, "stall-mean-s");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_read_their_names_and_refuse_others() {
        let c = RenewalParams::CHOICE.expect("renewal has a mode");
        let mut p = RenewalParams::default();
        assert_eq!((c.set)(&mut p, "all"), Ok(()));
        assert_eq!((c.name)(&p), "all");
        assert!((c.set)(&mut p, "sometimes").is_err());
        assert_eq!((c.name)(&p), "all", "a refused name changes nothing");
        let c = FailoverParams::CHOICE.expect("failover has a store");
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
