//! A model parameter's words on screen: its slider's label (`stage.param.FLAG`) and unit
//! (`stage.unit.FLAG`) from the catalogue. The label and unit in the model's spec (`src/sim`)
//! stay the command line's (`--help`).

use crate::lesson::catalogue::t;
use crate::sim::ParamSpec;

/// Flags one model labels otherwise than the rest: the flag, that model's label in its spec,
/// and the catalogue key of its words (section 9 speaks of jobs, not of work).
const OWN_LABELS: [(&str, &str, &str); 2] = [
    (
        "typical-s",
        "Typical job length",
        "stage.param.typical-s.job",
    ),
    ("spread", "Job-length spread", "stage.param.spread.job"),
];

/// The slider label of `spec`.
pub fn label(spec: &ParamSpec) -> &'static str {
    match OWN_LABELS
        .iter()
        .find(|(flag, label, _)| *flag == spec.flag && *label == spec.label)
    {
        Some((_, _, key)) => t(key),
        None => t(&format!("stage.param.{}", spec.flag)),
    }
}

/// The unit shown after the value of `spec` (`""` when it has none).
pub fn unit(spec: &ParamSpec) -> &'static str {
    if spec.unit.is_empty() {
        ""
    } else {
        t(&format!("stage.unit.{}", spec.flag))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::catalogue::catalogue;

    /// Every parameter a slider can show: each model's table, and the lab's two.
    fn every_spec() -> Vec<&'static ParamSpec> {
        let mut specs: Vec<&'static ParamSpec> = crate::sections::models()
            .flat_map(|(_, m)| m.params().iter().copied())
            .collect();
        specs.extend([&crate::lab::TTL_MS, &crate::lab::PAUSE_MS]);
        specs
    }

    #[test]
    fn every_parameter_of_every_model_has_its_words_in_the_catalogue() {
        let all = catalogue();
        let specs = every_spec();
        assert!(specs.len() > 20, "{} parameters", specs.len());
        for spec in specs {
            let key = OWN_LABELS
                .iter()
                .find(|(flag, label, _)| *flag == spec.flag && *label == spec.label)
                .map_or_else(
                    || format!("stage.param.{}", spec.flag),
                    |(_, _, k)| k.to_string(),
                );
            // In English the slider says what the command line's help says.
            assert_eq!(all.get(&key).map(String::as_str), Some(spec.label), "{key}");
            assert_eq!(label(spec), spec.label, "{}", spec.flag);
            let unit_key = format!("stage.unit.{}", spec.flag);
            if spec.unit.is_empty() {
                assert!(!all.contains_key(&unit_key), "{unit_key} is never shown");
            } else {
                assert_eq!(
                    all.get(&unit_key).map(String::as_str),
                    Some(spec.unit),
                    "{unit_key}"
                );
            }
            assert_eq!(unit(spec), spec.unit, "{}", spec.flag);
        }
    }
}
