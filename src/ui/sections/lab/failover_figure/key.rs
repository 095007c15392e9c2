//! The key of a failover run's lane diagram: only what the diagram shows, each event with the
//! mark the diagram draws for it ([`super::glyph`]).

use egui::Ui;

use super::{A_COLOR, B_COLOR, glyph, word};
use crate::lab::failover::{Client, Event, FailoverRun, LaneState};
use crate::ui::Cx;
use crate::ui::kit::plot::{KeyMark, key_row, palette};

/// The key's entries: only what this run's diagram shows, each event's mark from [`glyph`]
/// (a client's event, drawn in its holder's colour, in a neutral grey where both clients
/// have one).
pub fn key_marks(run: &FailoverRun) -> Vec<KeyMark> {
    let holds = |w: Client| run.bars.iter().any(|b| b.state == LaneState::Holds(w));
    let down = run.bars.iter().any(|b| b.state == LaneState::Down);
    let kinds = |same: fn(Event) -> bool| -> Vec<Event> {
        let mut out: Vec<Event> = Vec::new();
        for m in run.marks.iter().filter(|m| same(m.event)) {
            if !out.contains(&m.event) {
                out.push(m.event);
            }
        }
        out
    };
    let mut marks = Vec::new();
    let granted = kinds(|e| matches!(e, Event::Granted(_)));
    marks.extend(client_key(&granted, t!("lab.failover.key.granted")));
    if holds(Client::A) {
        marks.push(KeyMark::Bar(A_COLOR, t!("lab.failover.key.a_holds").into()));
    }
    if holds(Client::B) {
        marks.push(KeyMark::Bar(B_COLOR, t!("lab.failover.key.b_holds").into()));
    }
    if down {
        let words = t!("lab.failover.key.down");
        marks.push(KeyMark::Bar(palette::GREY, words.into()));
    }
    for e in [
        Event::Killed,
        Event::Restarted,
        Event::Promoted,
        Event::Elected,
        Event::LinkCut,
    ] {
        if run.marks.iter().any(|m| m.event == e) {
            let (shape, colour) = glyph(e);
            let words = match e {
                Event::Killed => t!("lab.failover.key.killed"),
                _ => word(e),
            };
            marks.push(KeyMark::Shape(shape, colour, words.into()));
        }
    }
    let refused = kinds(|e| matches!(e, Event::Refused(_)));
    marks.extend(client_key(&refused, t!("lab.failover.mark.refused")));
    marks
}

/// The key's entry of a client's event drawn as `events` (one kind, by one or both clients),
/// in `words`: in the holder's colour, or a neutral grey where both clients have one.
fn client_key(events: &[Event], words: &str) -> Option<KeyMark> {
    let (shape, colour) = glyph(*events.first()?);
    let colour = if events.len() > 1 {
        palette::GREY
    } else {
        colour
    };
    Some(KeyMark::Shape(shape, colour, words.into()))
}

/// The key under the diagram: only what this run's diagram shows.
pub fn key(ui: &mut Ui, cx: &Cx<'_>, run: &FailoverRun) {
    key_row(ui, cx, &key_marks(run));
}

#[cfg(test)]
mod tests {
    use super::super::{client, drawn_marks};
    use super::*;
    use crate::ui::sections::lab::failover::EXPERIMENTS;
    use egui::Color32;
    use egui_plot::MarkerShape;

    /// Each kind of event a diagram draws has its entry in the key, with the mark the diagram
    /// paints for it (one table, [`glyph`]; one painter): the same shape, and the same colour
    /// (or a neutral grey for a client's event both clients have); and no two entries of the
    /// key share a shape.
    #[test]
    fn the_key_shows_each_event_with_the_mark_the_diagram_draws() {
        for params in EXPERIMENTS {
            let run = crate::lab::recorded::failover_run(params);
            let store = run.params.store.as_str();
            let key = key_marks(&run);
            let shapes: Vec<(MarkerShape, Color32)> = key
                .iter()
                .filter_map(|k| match k {
                    KeyMark::Shape(s, c, _) => Some((*s, *c)),
                    _ => None,
                })
                .collect();
            for (_, e) in drawn_marks(&run) {
                let (shape, colour) = glyph(e);
                let shown = shapes.iter().find(|(s, _)| *s == shape);
                let Some(&(_, c)) = shown else {
                    panic!("{store}: {e:?} drawn as {shape:?}, no such mark in the key");
                };
                assert!(
                    c == colour || (client(e) && c == palette::GREY),
                    "{store}: {e:?} drawn in {colour:?}, keyed in {c:?}"
                );
            }
            for (i, (a, _)) in shapes.iter().enumerate() {
                assert!(
                    shapes[i + 1..].iter().all(|(b, _)| a != b),
                    "{store}: two entries of the key are {a:?}"
                );
            }
        }
    }
}
