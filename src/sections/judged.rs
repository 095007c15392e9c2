//! How a simulation section's prediction is judged on its model: each model's parameters say,
//! through [`Judged`] (written beside its descriptor, in `src/sections/models/NAME.rs`), what
//! the model answers at those settings, the words its prompt is filled with, and what the
//! review draws and avoids. [`ModelParams`] holds any model's settings behind that one trait,
//! so that the stage, the review and the command line judge every model alike and none of
//! them lists the models: the registry ([`super::SECTIONS`]) finds a settings' section.

use std::any::Any;
use std::fmt;

use super::truth::Truth;
use crate::sim::Schema;
use crate::sim::params::{ParamSpec, ParamTable};

/// A model's parameters as its section's prediction is asked and judged at them.
pub trait Judged: Schema + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// Other quantities of the model a prompt may ask instead of the section's own (its
    /// `measure` in its word file, `assets/sections/ID.ron`, names one).
    const MEASURES: &'static [Measure<Self>] = &[];

    /// Whether the answer reads the model's on/off switch (section 3's storage that checks
    /// tokens), which the settings' flags then state; otherwise the model answers whatever
    /// the switch says (the counter without its lock, the chain without fencing).
    const SWITCH_ASKED: bool = false;

    /// The model's answer to the section's own prediction at these settings.
    fn truth(&self) -> Truth;

    /// The values of the prompt's `{name}` slots at these settings.
    fn prompt_values(&self) -> Vec<(&'static str, String)>;

    /// Whether the prompt's words are true of these settings (section 3's story has B write
    /// before A: only when A's pause outlasts the TTL).
    fn prompt_fits(&self) -> bool {
        true
    }

    /// What the review draws besides the parameters its descriptor names (a switch, a
    /// parameter set by name), from random numbers.
    fn draw(&mut self, _random: &mut dyn FnMut() -> u64) {}

    /// Settings at which a prediction asks nothing to think about (one worker; nobody ever
    /// paused), which the review draws only now and then.
    fn degenerate(&self) -> bool {
        false
    }

    /// Settings too near a turn of the model's story for the review to ask at.
    fn borderline(&self) -> bool {
        false
    }
}

/// Another quantity of a model that a prompt may ask ([`Judged::MEASURES`]).
pub struct Measure<P> {
    /// Its name, as a prompt's `measure` gives it (`LastWrite`).
    pub name: &'static str,
    /// The model's answer.
    pub truth: fn(&P) -> Truth,
    /// Whether the prompt's words are true of the settings.
    pub fits: fn(&P) -> bool,
}

/// The settings of one section's model, as its sliders set them or the review draws them.
pub struct ModelParams(Box<dyn Erased>);

impl ModelParams {
    /// These parameters of a model.
    pub fn new<P: Judged>(params: P) -> Self {
        Self(Box::new(params))
    }

    /// The parameters, if they are of the model whose parameters are `P`.
    pub fn model<P: Judged>(&self) -> Option<&P> {
        self.0.as_any().downcast_ref()
    }

    /// The same, to change.
    pub fn model_mut<P: Judged>(&mut self) -> Option<&mut P> {
        self.0.as_any_mut().downcast_mut()
    }

    /// The lesson's own settings of section `id` (`None`: it is no simulation).
    pub fn lesson(id: &str) -> Option<ModelParams> {
        super::model_of(id).map(|m| m.lesson_settings())
    }

    /// The section's id in the registry.
    pub fn section_id(&self) -> &'static str {
        super::all()
            .find(|(_, d)| matches!(d.kind, super::Kind::Model(m) if m.judges(self)))
            .map(|(_, d)| d.id)
            .expect("every model's settings have their section")
    }

    /// The range of the parameter with this flag.
    pub fn spec(&self, flag: &str) -> Option<&'static ParamSpec> {
        self.0.spec(flag)
    }

    /// The value of the parameter with this flag.
    pub fn get(&self, flag: &str) -> Option<f64> {
        self.0.get(flag)
    }

    /// Sets the parameter with this flag (clamped into its range); false when there is none.
    pub fn set(&mut self, flag: &str, v: f64) -> bool {
        self.0.set(flag, v)
    }

    /// The settings as the `sim` command's flags and values (its parameter set by name, and its
    /// switch where the answer reads it, after the numbers).
    pub fn flags(&self) -> Vec<(String, String)> {
        self.0.flags()
    }

    /// The model's answer to the section's own prediction.
    pub fn truth(&self) -> Truth {
        self.0.truth(None).expect("a model's own answer")
    }

    /// The model's answer to a prompt that asks `measure` (`None`: the section's own
    /// quantity); `None` when the model has no such quantity.
    pub fn truth_of(&self, measure: Option<&str>) -> Option<Truth> {
        self.0.truth(measure)
    }

    /// Whether the words of a prompt that asks `measure` are true of these settings (never,
    /// for a quantity the model does not have).
    pub fn fits(&self, measure: Option<&str>) -> bool {
        self.0.fits(measure)
    }

    /// Whether the section's own prompt is true of these settings.
    pub fn prompt_fits(&self) -> bool {
        self.fits(None)
    }

    /// The values of the prompt's `{name}` slots at these settings.
    pub fn prompt_values(&self) -> Vec<(&'static str, String)> {
        self.0.prompt_values()
    }

    /// Draws what the review draws besides the named parameters ([`Judged::draw`]).
    pub fn draw(&mut self, random: &mut dyn FnMut() -> u64) {
        self.0.draw(random);
    }

    /// Whether a prediction asks nothing to think about here ([`Judged::degenerate`]).
    pub fn degenerate(&self) -> bool {
        self.0.degenerate()
    }

    /// Whether these settings lie too near a turn of the story ([`Judged::borderline`]).
    pub fn borderline(&self) -> bool {
        self.0.borderline()
    }
}

impl Clone for ModelParams {
    fn clone(&self) -> Self {
        Self(self.0.clone_box())
    }
}

impl PartialEq for ModelParams {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_any(other.0.as_any())
    }
}

impl fmt::Debug for ModelParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

/// [`Judged`] without its type, as [`ModelParams`] holds it.
trait Erased: Send + Sync + fmt::Debug {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_box(&self) -> Box<dyn Erased>;
    fn eq_any(&self, other: &dyn Any) -> bool;
    fn spec(&self, flag: &str) -> Option<&'static ParamSpec>;
    fn get(&self, flag: &str) -> Option<f64>;
    fn set(&mut self, flag: &str, v: f64) -> bool;
    fn flags(&self) -> Vec<(String, String)>;
    fn truth(&self, measure: Option<&str>) -> Option<Truth>;
    fn fits(&self, measure: Option<&str>) -> bool;
    fn prompt_values(&self) -> Vec<(&'static str, String)>;
    fn draw(&mut self, random: &mut dyn FnMut() -> u64);
    fn degenerate(&self) -> bool;
    fn borderline(&self) -> bool;
}

impl<P: Judged> Erased for P {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn Erased> {
        Box::new(*self)
    }

    fn eq_any(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<P>() == Some(self)
    }

    fn spec(&self, flag: &str) -> Option<&'static ParamSpec> {
        P::index_of(flag).map(|i| P::TABLE[i])
    }

    fn get(&self, flag: &str) -> Option<f64> {
        P::index_of(flag).map(|i| ParamTable::get(self, i))
    }

    fn set(&mut self, flag: &str, v: f64) -> bool {
        let Some(i) = P::index_of(flag) else {
            return false;
        };
        ParamTable::set(self, i, P::TABLE[i].clamp(v));
        true
    }

    fn flags(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = P::TABLE
            .iter()
            .enumerate()
            .filter(|(i, _)| P::in_scenario(*i))
            .map(|(i, s)| (s.flag.to_owned(), ParamTable::get(self, i).to_string()))
            .collect();
        if let Some(c) = P::NAMED {
            out.push((c.flag.to_owned(), (c.name)(self).to_owned()));
        }
        if let Some((flag, _, field)) = P::SWITCH.filter(|_| P::SWITCH_ASKED) {
            let mut copy = *self;
            out.push((flag.to_owned(), field(&mut copy).to_string()));
        }
        out
    }

    fn truth(&self, measure: Option<&str>) -> Option<Truth> {
        match measure {
            None => Some(Judged::truth(self)),
            Some(name) => P::MEASURES
                .iter()
                .find(|m| m.name == name)
                .map(|m| (m.truth)(self)),
        }
    }

    fn fits(&self, measure: Option<&str>) -> bool {
        match measure {
            None => self.prompt_fits(),
            Some(name) => P::MEASURES
                .iter()
                .find(|m| m.name == name)
                .is_some_and(|m| (m.fits)(self)),
        }
    }

    fn prompt_values(&self) -> Vec<(&'static str, String)> {
        Judged::prompt_values(self)
    }

    fn draw(&mut self, random: &mut dyn FnMut() -> u64) {
        Judged::draw(self, random);
    }

    fn degenerate(&self) -> bool {
        Judged::degenerate(self)
    }

    fn borderline(&self) -> bool {
        Judged::borderline(self)
    }
}
