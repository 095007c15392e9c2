//! Every number a learner reads on a simulation page follows the lesson's one rule
//! (`tests/common/numbers.rs`), at each slider's ends: the headline, the verdict, the figure's
//! labels and ticks, the slider values and every other text drawn or named for a screen reader.

#[path = "../common/numbers.rs"]
mod rule;

use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::sections;

use crate::harness;
use crate::layout_walk::App;

/// Every text the frame drew, and every name and value the screen reader hears.
fn texts(h: &App) -> Vec<String> {
    fn walk(shape: &egui::Shape, out: &mut Vec<String>) {
        match shape {
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            egui::Shape::Text(t) => out.push(t.galley.text().to_owned()),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    for n in h.query_all_by(|_| true) {
        let node = n.accesskit_node();
        out.extend(node.label());
        out.extend(node.value());
    }
    out
}

#[test]
fn pages_show_no_raw_number_at_any_slider_end() {
    let mut found: Vec<String> = Vec::new();
    for (n, model) in sections::models() {
        let mut h = harness::open(n).settle(4).build();
        let base = harness::scenario(&h, n).expect("a simulation page shares its settings");
        for spec in model.params() {
            for end in [spec.min, spec.max] {
                let mut pairs = base.clone();
                let Some(pair) = pairs.iter_mut().find(|(k, _)| k == spec.flag) else {
                    continue;
                };
                pair.1 = end.to_string();
                harness::apply_scenario(&mut h, n, &pairs).unwrap();
                h.run_steps(12);
                let mut shown = texts(&h);
                shown.extend(h.state_mut().section_mut(n).summary());
                // (A scenario code is a code, not a number to read: `L1-S5-REDIS-500-…`.)
                shown.retain(|t| !t.contains("L1-S"));
                for text in shown {
                    for raw in rule::raw_numbers(&text) {
                        let line = format!("section {n}, --{} {end}: {raw}", spec.flag);
                        if !found.contains(&line) {
                            found.push(line);
                        }
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} raw numbers:\n{}",
        found.len(),
        found.join("\n")
    );
}
