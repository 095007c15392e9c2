//! Where a figure's labels go: for each, in order of importance, the first free place among
//! those beside the point it names (where it was asked for, mirrored, flipped, level with the
//! point, a line up or down), slid clear of what is in its way where none is free; a label
//! held near its point ([`super::Near`]) takes no place farther from it.

use egui::{Align2, Pos2, Rect, Vec2, vec2};
use egui_plot::PlotTransform;

use super::{Label, Mark, Near};

/// Where each label goes: the index of the words used and the rect, or `None` if left out.
pub(super) fn place(
    items: &[Label],
    frame: Rect,
    obstacles: &[Rect],
    transform: &PlotTransform,
    measure: &dyn Fn(&str) -> Vec2,
) -> Vec<Option<(usize, Rect)>> {
    let inside = frame.shrink(2.0);
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(items[i].priority));
    let mut taken: Vec<Rect> = Vec::new();
    let mut out = vec![None; items.len()];
    for i in order {
        let label = &items[i];
        let host = label.inside.map(|m| host_rect(&m, transform));
        let mut bounds = bounds_of(label, inside, transform);
        if let Some(h) = host {
            bounds.min.x = bounds.min.x.max(h.min.x + 1.0);
            bounds.max.x = bounds.max.x.min(h.max.x - 1.0);
        }
        let anchor = transform.position_from_point(&label.at);
        let named = anchor_at(label, anchor, frame);
        let fits = |r: &Rect| {
            bounds.contains_rect(*r)
                && label.near.is_none_or(|n| distance(*r, named) <= reach(n))
                && !taken.iter().any(|t| t.expand(1.0).intersects(*r))
                && !obstacles
                    .iter()
                    .any(|o| Some(*o) != host && o.intersects(*r))
        };
        // (What is in the way of a place: a word placed, or a mark other than its bar.)
        let blocker = |r: &Rect| {
            taken
                .iter()
                .map(|t| t.expand(1.0))
                .chain(obstacles.iter().filter(|o| Some(**o) != host).copied())
                .find(|o| o.intersects(*r))
        };
        let mut spot = None;
        'texts: for (k, text) in label.texts.iter().enumerate() {
            let size = measure(text);
            for rect in candidates(label, anchor, size, bounds) {
                if fits(&rect) {
                    spot = Some((k, rect));
                    break 'texts;
                }
            }
        }
        // Where no place is free, the places slid sideways clear of what is in their way (a
        // line through the point, the word beside it), no farther than the words are long.
        if spot.is_none() && label.movable {
            'slid: for (k, text) in label.texts.iter().enumerate() {
                let size = measure(text);
                for rect in candidates(label, anchor, size, bounds) {
                    for dir in [1.0, -1.0] {
                        let slid = slide_clear(rect, dir, size.x, &blocker);
                        if let Some(r) = slid.filter(|r| fits(r)) {
                            spot = Some((k, r));
                            break 'slid;
                        }
                    }
                }
            }
        }
        if let Some((k, rect)) = spot {
            taken.push(rect);
            out[i] = Some((k, rect));
        }
    }
    out
}

/// `r` slid right (`dir` 1) or left (-1) past each thing in its way in turn, while it stays
/// within `reach` of where it was: where it is then clear, if it gets there.
fn slide_clear(
    r: Rect,
    dir: f32,
    reach: f32,
    blocker: &dyn Fn(&Rect) -> Option<Rect>,
) -> Option<Rect> {
    let mut at = r;
    for _ in 0..8 {
        let Some(b) = blocker(&at) else {
            return Some(at);
        };
        let dx = if dir > 0.0 {
            b.right() + 1.0 - at.left()
        } else {
            b.left() - 1.0 - at.right()
        };
        at = at.translate(vec2(dx, 0.0));
        if (at.left() - r.left()).abs() > reach {
            return None;
        }
    }
    None
}

/// The reach of a label held near what it names.
fn reach(near: Near) -> f32 {
    match near {
        Near::Point(r) | Near::Line(r) => r,
    }
}

/// What a label names on screen, its point at `anchor`: the point (an empty rect), or the
/// vertical line through it across the `frame` for a moment's label.
fn anchor_at(label: &Label, anchor: Pos2, frame: Rect) -> Rect {
    match label.near {
        Some(Near::Line(_)) => Rect::from_x_y_ranges(anchor.x..=anchor.x, frame.y_range()),
        _ => Rect::from_min_max(anchor, anchor),
    }
}

/// What `label` names on the plot `transform` describes (see [`anchor_at`]).
pub(super) fn anchor(label: &Label, transform: &PlotTransform) -> Rect {
    let at = transform.position_from_point(&label.at);
    anchor_at(label, at, *transform.frame())
}

/// The gap between two rects (0 where they touch or overlap).
pub(super) fn distance(a: Rect, b: Rect) -> f32 {
    let dx = (a.min.x - b.max.x).max(b.min.x - a.max.x).max(0.0);
    let dy = (a.min.y - b.max.y).max(b.min.y - a.max.y).max(0.0);
    dx.hypot(dy)
}

/// The screen rect of the bar a label is written on.
pub(super) fn host_rect(bar: &Mark, transform: &PlotTransform) -> Rect {
    bar.rects(transform)[0]
}

/// The screen rect a label must stay in: the frame, narrowed by its plot ranges.
fn bounds_of(label: &Label, inside: Rect, transform: &PlotTransform) -> Rect {
    let mut b = inside;
    if let Some((lo, hi)) = label.within_x {
        let (a, c) = (
            transform.position_from_point_x(lo),
            transform.position_from_point_x(hi),
        );
        b.min.x = b.min.x.max(a.min(c));
        b.max.x = b.max.x.min(a.max(c));
    }
    if let Some((lo, hi)) = label.within_y {
        let (a, c) = (
            transform.position_from_point_y(lo),
            transform.position_from_point_y(hi),
        );
        b.min.y = b.min.y.max(a.min(c));
        b.max.y = b.max.y.min(a.max(c));
    }
    b
}

/// The places to try, best first: where it was asked for; slid along x into its bounds; on
/// the other side of its point; then a line up or down.
fn candidates(label: &Label, anchor: Pos2, size: Vec2, bounds: Rect) -> Vec<Rect> {
    let slide = |r: Rect| {
        let dx = if r.min.x < bounds.min.x {
            bounds.min.x - r.min.x
        } else if r.max.x > bounds.max.x {
            bounds.max.x - r.max.x
        } else {
            0.0
        };
        r.translate(vec2(dx, 0.0))
    };
    let asked = label.align.anchor_size(anchor + label.offset, size);
    if label.over {
        let step = size.y + 2.0;
        return [0.0, -step, -2.0 * step]
            .into_iter()
            .flat_map(|dy| {
                let r = asked.translate(vec2(0.0, dy));
                [r, slide(r)]
            })
            .collect();
    }
    if !label.movable {
        return vec![asked, slide(asked)];
    }
    let mirrored = label
        .align
        .flipped_x()
        .anchor_size(anchor + vec2(-label.offset.x, label.offset.y), size);
    let flipped = label
        .align
        .flipped_y()
        .anchor_size(anchor + vec2(label.offset.x, -label.offset.y), size);
    // Beside the point, level with it: to its right, then to its left.
    let gap = label.offset.x.abs().max(label.offset.y.abs()).max(4.0);
    let right = Align2::LEFT_CENTER.anchor_size(anchor + vec2(gap, 0.0), size);
    let left = Align2::RIGHT_CENTER.anchor_size(anchor + vec2(-gap, 0.0), size);
    let step = size.y + 2.0;
    let mut out = Vec::new();
    // A label held near its point also tries its corners: above or below it as asked, but to
    // one side, clear of a moment's line through a mark drawn on it (a fault's ✕ on the
    // fault's line).
    let places = if label.near.is_some() && label.offset.y != 0.0 {
        let corner = |dy: f32, right: bool| {
            let (h, x) = if right {
                (egui::Align::Min, 3.0)
            } else {
                (egui::Align::Max, -3.0)
            };
            let v = if dy < 0.0 {
                egui::Align::Max
            } else {
                egui::Align::Min
            };
            Align2([h, v]).anchor_size(anchor + vec2(x, dy), size)
        };
        let dy = label.offset.y;
        vec![
            asked,
            mirrored,
            corner(dy, true),
            corner(dy, false),
            flipped,
            corner(-dy, true),
            corner(-dy, false),
            right,
            left,
        ]
    } else {
        vec![asked, mirrored, flipped, right, left]
    };
    for dy in [0.0, -step, step, -2.0 * step, 2.0 * step] {
        for &r in &places {
            let r = r.translate(vec2(0.0, dy));
            out.push(r);
            out.push(slide(r));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;
    use egui_plot::PlotPoint;

    fn transform() -> PlotTransform {
        let frame = Rect::from_min_max(pos2(0.0, 0.0), pos2(400.0, 200.0));
        let bounds = egui_plot::PlotBounds::from_min_max([0.0, 0.0], [10.0, 4.0]);
        PlotTransform::new(frame, bounds, egui::Vec2b::new(false, false))
    }

    fn measure(t: &str) -> Vec2 {
        vec2(8.0 * t.len() as f32, 14.0)
    }

    #[test]
    fn labels_that_would_collide_are_moved_or_left_out() {
        let t = transform();
        let at = PlotPoint::new(5.0, 2.0);
        let items: Vec<Label> = (0..3)
            .map(|i| Label::new(at, Align2::CENTER_CENTER, format!("label {i}")).priority(3 - i))
            .collect();
        let out = place(&items, *t.frame(), &[], &t, &measure);
        let rects: Vec<Rect> = out.iter().flatten().map(|(_, r)| *r).collect();
        assert_eq!(rects.len(), 3);
        for (i, a) in rects.iter().enumerate() {
            assert!(t.frame().contains_rect(*a));
            assert!(rects[i + 1..].iter().all(|b| !a.intersects(*b)));
        }
        // Fixed in place: the second one has nowhere to go.
        let fixed: Vec<Label> = items.into_iter().map(Label::fixed).collect();
        let out = place(&fixed, *t.frame(), &[], &t, &measure);
        assert!(out[0].is_some() && out[1].is_none() && out[2].is_none());
    }

    #[test]
    fn a_label_stays_in_its_range_or_takes_its_shorter_words() {
        let t = transform();
        // A bar from 1 to 3 (80 points): "paused 14 s" (88) does not fit, "14 s" does.
        let l = Label::new(
            PlotPoint::new(2.0, 3.0),
            Align2::CENTER_CENTER,
            "paused 14 s",
        )
        .or("14 s")
        .within_x(1.0, 3.0);
        let out = place(&[l], *t.frame(), &[], &t, &measure);
        assert_eq!(out[0].map(|(k, _)| k), Some(1));
        // Near the frame's left edge: slid inside it.
        let l = Label::new(PlotPoint::new(0.0, 2.0), Align2::RIGHT_CENTER, "left");
        let (_, r) = place(&[l], *t.frame(), &[], &t, &measure)[0].unwrap();
        assert!(t.frame().shrink(2.0).contains_rect(r));
        // Never on a mark.
        let mark = Rect::from_center_size(pos2(200.0, 100.0), vec2(20.0, 20.0));
        let l = Label::new(
            PlotPoint::new(5.0, 2.0),
            Align2::CENTER_CENTER,
            "on the dot",
        );
        let (_, r) = place(&[l], *t.frame(), &[mark], &t, &measure)[0].unwrap();
        assert!(!r.intersects(mark));
    }

    #[test]
    fn a_label_held_near_its_mark_is_left_out_rather_than_moved_away() {
        let t = transform();
        // A mark at (5, 2) (200, 100) on a vertical line through it; a bar to its right.
        let at = PlotPoint::new(5.0, 2.0);
        let line = Rect::from_min_max(pos2(199.0, 0.0), pos2(201.0, 200.0));
        let bar = Rect::from_min_max(pos2(205.0, 95.0), pos2(400.0, 105.0));
        let dot = Rect::from_center_size(pos2(200.0, 100.0), vec2(12.0, 12.0));
        let word = |near: bool| {
            let l = Label::new(at, Align2::CENTER_BOTTOM, "killed")
                .offset(vec2(0.0, -8.0))
                .within_y(1.5, 2.5);
            if near { l.near(16.0) } else { l }
        };
        // Above it, centred, the line is in the way: at a corner, clear of the line.
        let (_, r) = place(&[word(true)], *t.frame(), &[line, bar, dot], &t, &measure)[0].unwrap();
        assert!(
            !r.intersects(line)
                && distance(
                    r,
                    Rect::from_min_max(pos2(200.0, 100.0), pos2(200.0, 100.0))
                ) <= 16.0
        );
        // Something in the way of every place beside it: left out, not slid a word away.
        let left = Rect::from_min_max(pos2(150.0, 60.0), pos2(199.0, 140.0));
        let right = Rect::from_min_max(pos2(201.0, 60.0), pos2(250.0, 140.0));
        let blocked = [line, left, right];
        assert!(place(&[word(true)], *t.frame(), &blocked, &t, &measure)[0].is_none());
        assert!(place(&[word(false)], *t.frame(), &blocked, &t, &measure)[0].is_some());
    }
}
