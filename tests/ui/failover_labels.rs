//! The lab's failover diagrams in a lecture on a 1024×768 projector at Type 100 % and 130 %
//! (each experiment's recorded run replayed, Page Down through the lab): every word placed on
//! a diagram sits beside what it names (a mark's word within a few points of the mark, a
//! moment's beside its line), and the moments a diagram names in words (the fault's time,
//! until when A's lock is valid) are all drawn. The same for each recorded run with its times
//! stretched and squeezed, as a run on other servers measures them.

use locks_lesson::lab::failover::FailoverRun;
use locks_lesson::lab::recorded::failover_run;
use locks_lesson::ui::kit::labels;
use locks_lesson::ui::sections::lab::LabPage;
use locks_lesson::ui::sections::lab::failover::EXPERIMENTS;
use locks_lesson::ui::sections::lab::failover_figure::moment_words;

/// The farthest (screen points) a word may be from the mark or line it names: the mark's
/// radius and a gap, or a line beside it.
pub const MOST: f32 = 20.0;

/// The lab's lecture at `type_steps`: what was wrong with its failover diagrams, and how many
/// were looked at.
fn walk(type_steps: i32) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let mut seen = 0;
    crate::layout_walk::lab_lecture_at([1024.0, 768.0], type_steps, |w| {
        let build = crate::harness::build_of(&w.h);
        // (A diagram is the build "part-N-result", N = 2 the first experiment.)
        let Some(part) = build
            .strip_prefix("part-")
            .and_then(|b| b.strip_suffix("-result"))
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n >= 2)
        else {
            return;
        };
        let what = format!("Type {} % {build}", 100 + 10 * type_steps);
        let placed = labels::placed(&w.h.ctx);
        seen += 1;
        let run = failover_run(EXPERIMENTS[part - 2]);
        problems.extend(check(&placed, &run, &what));
    });
    (problems, seen)
}

/// What is wrong with the failover diagram of `run` among the figures `placed`: a word far
/// from what it names, a moment's words not drawn.
fn check(placed: &[labels::Placed], run: &FailoverRun, what: &str) -> Vec<String> {
    let Some(p) = placed.iter().find(|p| p.figure == "lab-failover") else {
        return vec![format!("{what}: no diagram drawn")];
    };
    let mut problems: Vec<String> = labels::far_from_anchor(p, MOST)
        .into_iter()
        .map(|f| format!("{what}: {f}"))
        .collect();
    for forms in moment_words(run) {
        if !p.labels.iter().any(|(t, _)| forms.contains(t)) {
            problems.push(format!(
                "{what}: '{}' not drawn; left out {:?}; drawn {:?}",
                forms[0],
                p.dropped,
                p.labels.iter().map(|(t, _)| t).collect::<Vec<_>>()
            ));
        }
    }
    problems
}

/// `run` with every time `k` times as long.
fn stretched(run: &FailoverRun, k: f64) -> FailoverRun {
    let mut run = run.clone();
    for (_, at) in &mut run.moments {
        *at *= k;
    }
    for b in &mut run.bars {
        b.from_ms *= k;
        b.to_ms *= k;
    }
    for m in &mut run.marks {
        m.at_ms *= k;
    }
    run.total_ms *= k;
    run
}

#[test]
fn every_failover_word_sits_by_what_it_names_at_type_100_and_130() {
    let mut problems = Vec::new();
    for type_steps in [0, 3] {
        let (found, seen) = walk(type_steps);
        assert_eq!(seen, EXPERIMENTS.len(), "Type step {type_steps}: {found:?}");
        problems.extend(found);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each experiment's recorded run, its times squeezed and stretched (the moments fall apart
/// and together as on other servers), on a 1024×768 projector at Type 100 % and 130 %.
#[test]
fn failover_words_sit_by_what_they_name_whatever_the_times() {
    let mut problems = Vec::new();
    for params in EXPERIMENTS {
        let recorded = failover_run(params);
        for k in [0.7, 1.0, 1.4] {
            let run = stretched(&recorded, k);
            for factor in [1.0, 1.3] {
                let page = LabPage::with_failover(run.clone());
                let h = crate::figure_labels::lab_page_at(page, [1024.0, 768.0], true, factor);
                let what = format!(
                    "{} ×{k} Type {:.0} %",
                    params.store.as_str(),
                    factor * 100.0
                );
                problems.extend(check(&labels::placed(&h.ctx), &run, &what));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
