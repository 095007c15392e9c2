//! A model parameter's words on screen: its slider's label (`stage.param.WORDS`, see
//! [`ParamSpec::label_key`]) and unit (`stage.unit.FLAG`) from the catalogue. The command
//! line's `--help` reads the same label.

use crate::lesson::catalogue::t;
use crate::sim::ParamSpec;

/// The slider label of `spec`.
pub fn label(spec: &ParamSpec) -> &'static str {
    t(&spec.label_key())
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
            let key = spec.label_key();
            assert!(all.contains_key(&key), "{key}");
            // The command line's help says what the slider says.
            let help = crate::sections::flags::help(spec);
            assert!(help.starts_with(label(spec)), "{help}");
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
