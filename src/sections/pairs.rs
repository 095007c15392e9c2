//! Reading and writing a section's settings as `key=value` pairs (for scenario codes).
//! Keys are the model's command-line flag names, plus `seed`.

use crate::sim::ParamSpec;
use crate::sim::params::ParamTable;

pub type Pairs = Vec<(String, String)>;

/// Builds pairs with `push`-style calls.
#[derive(Default)]
pub struct PairsBuilder(Pairs);

impl PairsBuilder {
    pub fn num(mut self, spec: &ParamSpec, v: f64) -> Self {
        self.0.push((spec.flag.to_owned(), format!("{v}")));
        self
    }
    /// Every numeric parameter of a model that scenario codes carry, in its table's order.
    pub fn table<P: ParamTable>(mut self, p: &P) -> Self {
        for (i, spec) in P::TABLE.iter().enumerate() {
            if P::in_scenario(i) {
                self = self.num(spec, p.get(i));
            }
        }
        self
    }
    pub fn flag(mut self, key: &str, on: bool) -> Self {
        self.0.push((key.to_owned(), on.to_string()));
        self
    }
    pub fn text(mut self, key: &str, v: &str) -> Self {
        self.0.push((key.to_owned(), v.to_owned()));
        self
    }
    pub fn seed(mut self, seed: u64) -> Self {
        self.0.push(("seed".to_owned(), seed.to_string()));
        self
    }
    pub fn build(self) -> Pairs {
        self.0
    }
}

/// Reads pairs strictly: every key must be known, and each value valid.
pub struct PairsReader<'a> {
    pairs: &'a [(String, String)],
    known: Vec<&'a str>,
}

impl<'a> PairsReader<'a> {
    pub fn new(pairs: &'a [(String, String)]) -> Self {
        Self {
            pairs,
            known: Vec::new(),
        }
    }

    fn get(&mut self, key: &'a str) -> Option<&'a str> {
        self.known.push(key);
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The text under `key`, as given; `None` if absent.
    pub fn text(&mut self, key: &'a str) -> Option<&'a str> {
        self.get(key)
    }

    /// A number in the spec's range; `None` if absent.
    pub fn num(&mut self, spec: &'static ParamSpec) -> Result<Option<f64>, String> {
        match self.get(spec.flag) {
            None => Ok(None),
            Some(raw) => {
                let values = [
                    ("setting", spec.flag.to_owned()),
                    ("range", range_text(spec)),
                    ("raw", raw.to_owned()),
                ];
                let v: f64 = raw
                    .trim()
                    .parse()
                    .map_err(|_| tf!("share.code.not_a_number", &values))?;
                spec.check(v)
                    .map(Some)
                    .map_err(|_| tf!("share.code.out_of_range", &values))
            }
        }
    }

    /// Every numeric parameter of `P` that is present (of those scenario codes carry), on
    /// top of `base`.
    pub fn table<P: ParamTable>(&mut self, base: P) -> Result<P, String> {
        let mut p = base;
        for (i, spec) in P::TABLE.iter().enumerate() {
            if !P::in_scenario(i) {
                continue;
            }
            if let Some(v) = self.num(spec)? {
                p.set(i, v);
            }
        }
        Ok(p)
    }

    pub fn flag(&mut self, key: &'static str) -> Result<Option<bool>, String> {
        match self.get(key) {
            None => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(raw) => {
                let values = [("setting", key), ("raw", raw)];
                Err(tf!("share.code.not_a_flag", &values))
            }
        }
    }

    /// The table of `P` on top of `base` (see [`Self::table`]), then its on/off switch under
    /// `key`, the field `switch` gives (absent: as in `base`).
    pub fn table_and_flag<P: ParamTable>(
        &mut self,
        base: P,
        key: &'static str,
        switch: fn(&mut P) -> &mut bool,
    ) -> Result<P, String> {
        let mut p = self.table(base)?;
        if let Some(on) = self.flag(key)? {
            *switch(&mut p) = on;
        }
        Ok(p)
    }

    /// One of `choices`; `None` if absent.
    pub fn choice(
        &mut self,
        key: &'static str,
        choices: &[&str],
    ) -> Result<Option<String>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(raw) if choices.contains(&raw) => Ok(Some(raw.to_owned())),
            Some(raw) => {
                let choices = choices.join(t!("share.code.choices.separator"));
                let values = [
                    ("setting", key),
                    ("choices", choices.as_str()),
                    ("raw", raw),
                ];
                Err(tf!("share.code.not_a_choice", &values))
            }
        }
    }

    pub fn seed(&mut self) -> Result<Option<u64>, String> {
        match self.get("seed") {
            None => Ok(None),
            Some(raw) => raw
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| tf!("share.code.bad_seed", &[("raw", raw)])),
        }
    }

    /// Fails on any key that no reader asked for.
    pub fn finish(self) -> Result<(), String> {
        match self
            .pairs
            .iter()
            .find(|(k, _)| !self.known.contains(&k.as_str()))
        {
            Some((k, _)) => Err(tf!("share.code.unknown_setting", &[("setting", k)])),
            None => Ok(()),
        }
    }
}

/// The valid range of `spec` in words, e.g. "an integer from 1 to 20" (the model's own words,
/// `ParamSpec::range_text`, are the command line's).
fn range_text(spec: &ParamSpec) -> String {
    let num = |v: f64| {
        if v.fract() == 0.0 && v.abs() < 1e15 {
            format!("{}", v as i64)
        } else {
            format!("{v}")
        }
    };
    let values = [("min", num(spec.min)), ("max", num(spec.max))];
    if spec.integer {
        tf!("share.code.range.integer", &values)
    } else {
        tf!("share.code.range.number", &values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::counter::WORKERS;

    #[test]
    fn round_trip_and_strictness() {
        let pairs = PairsBuilder::default()
            .num(&WORKERS, 7.0)
            .flag("lock", true)
            .seed(9)
            .build();
        let mut r = PairsReader::new(&pairs);
        assert_eq!(r.num(&WORKERS), Ok(Some(7.0)));
        assert_eq!(r.flag("lock"), Ok(Some(true)));
        assert_eq!(r.seed(), Ok(Some(9)));
        assert_eq!(r.finish(), Ok(()));

        let bad = vec![("workers".to_owned(), "99".to_owned())];
        assert!(
            PairsReader::new(&bad)
                .num(&WORKERS)
                .unwrap_err()
                .contains("1 to 20")
        );
        let unknown = vec![("wrokers".to_owned(), "3".to_owned())];
        let mut r = PairsReader::new(&unknown);
        assert_eq!(r.num(&WORKERS), Ok(None));
        assert_eq!(r.finish(), Err("unknown setting 'wrokers'".into()));
    }
}
