//! The data marks of a figure (bars, error bars, lines, markers) as the words inside it must
//! see them: what no label may cover. A figure names each mark it draws; the layout keeps
//! labels off them, and what they covered on screen is recorded with the labels (see
//! [`super::Placed`]), so that tests can check no word is printed over the data.

use egui::{Pos2, Rect, vec2};
use egui_plot::{PlotPoint, PlotTransform};

/// One mark, in plot coordinates, with its screen-point sizes.
#[derive(Clone, Copy, Debug)]
pub enum Mark {
    /// A filled area between two corners (a bar).
    Area(PlotPoint, PlotPoint),
    /// A straight stroke `width` screen points wide (an error bar, a line's segment).
    Stroke(PlotPoint, PlotPoint, f32),
    /// A marker of this radius in screen points.
    Dot(PlotPoint, f32),
    /// A vertical line across the whole plot at this x, `width` screen points wide.
    Vertical(f64, f32),
}

/// A slanting stroke is seen as boxes along it, each this many screen points long at most (one
/// box around a long diagonal would cover half the plot).
const PIECE: f32 = 8.0;

impl Mark {
    /// Where it is drawn on screen: one rect, or boxes along a slanting stroke.
    pub fn rects(&self, transform: &PlotTransform) -> Vec<Rect> {
        let at = |p: &PlotPoint| transform.position_from_point(p);
        match self {
            Mark::Area(a, b) => vec![Rect::from_two_pos(at(a), at(b))],
            Mark::Stroke(a, b, w) => {
                let (a, b) = (at(a), at(b));
                let d = b - a;
                let pieces = if d.x.abs() < 1.0 || d.y.abs() < 1.0 {
                    1
                } else {
                    (d.length() / PIECE).ceil().max(1.0) as usize
                };
                (0..pieces)
                    .map(|i| {
                        let f = |k: usize| a + d * (k as f32 / pieces as f32);
                        Rect::from_two_pos(f(i), f(i + 1)).expand(w / 2.0)
                    })
                    .collect()
            }
            Mark::Dot(c, r) => vec![Rect::from_center_size(at(c), vec2(*r, *r) * 2.0)],
            Mark::Vertical(x, w) => {
                let frame = transform.frame();
                let x = transform.position_from_point_x(*x);
                let line =
                    Rect::from_min_max(Pos2::new(x, frame.top()), Pos2::new(x, frame.bottom()));
                vec![line.expand2(vec2(w / 2.0, 0.0))]
            }
        }
    }
}

/// The area of a bar as [`egui_plot::BarChart`] draws it (`horizontal` for a chart drawn
/// with `.horizontal()`).
pub fn bar(b: &egui_plot::Bar, horizontal: bool) -> Mark {
    let base = b.base_offset.unwrap_or(0.0);
    let (lo, hi) = (base.min(base + b.value), base.max(base + b.value));
    let (a, c) = (
        b.argument - b.bar_width / 2.0,
        b.argument + b.bar_width / 2.0,
    );
    if horizontal {
        Mark::Area(PlotPoint::new(lo, a), PlotPoint::new(hi, c))
    } else {
        Mark::Area(PlotPoint::new(a, lo), PlotPoint::new(c, hi))
    }
}

/// The area of each bar (see [`bar`]).
pub fn bars(bars: &[egui_plot::Bar], horizontal: bool) -> impl Iterator<Item = Mark> + '_ {
    bars.iter().map(move |b| bar(b, horizontal))
}

/// Each segment of a line through `points`, `width` screen points wide.
pub fn line(points: &[[f64; 2]], width: f32) -> impl Iterator<Item = Mark> + '_ {
    points.windows(2).map(move |w| {
        Mark::Stroke(
            PlotPoint::new(w[0][0], w[0][1]),
            PlotPoint::new(w[1][0], w[1][1]),
            width,
        )
    })
}

/// The screen rects of `marks` on the plot `transform` describes.
pub fn rects(marks: &[Mark], transform: &PlotTransform) -> Vec<Rect> {
    marks.iter().flat_map(|m| m.rects(transform)).collect()
}

/// Whether a label's rect covers a mark's: sharing an edge is not covering.
pub fn covers(label: Rect, mark: Rect) -> bool {
    let overlap = label.intersect(mark);
    overlap.width() > 0.5 && overlap.height() > 0.5
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn marks_are_where_the_plot_draws_them() {
        let frame = Rect::from_min_max(pos2(0.0, 0.0), pos2(400.0, 200.0));
        let bounds = egui_plot::PlotBounds::from_min_max([0.0, 0.0], [10.0, 4.0]);
        let t = PlotTransform::new(frame, bounds, egui::Vec2b::new(false, false));
        let bar = egui_plot::Bar::new(5.0, 2.0).width(1.0);
        let up = rects(
            &bars(std::slice::from_ref(&bar), false).collect::<Vec<_>>(),
            &t,
        );
        assert_eq!(
            up[0],
            Rect::from_min_max(pos2(180.0, 100.0), pos2(220.0, 200.0))
        );
        // Lying down, from 1 to 3 on x, at y 2 ± 0.5.
        let lying = egui_plot::Bar::new(2.0, 2.0).base_offset(1.0).width(1.0);
        let r = bars(std::slice::from_ref(&lying), true)
            .next()
            .unwrap()
            .rects(&t)[0];
        assert_eq!(r, Rect::from_min_max(pos2(40.0, 75.0), pos2(120.0, 125.0)));
        let segs: Vec<Mark> = line(&[[0.0, 0.0], [5.0, 2.0], [10.0, 2.0]], 2.0).collect();
        assert_eq!(segs.len(), 2);
        let level = Rect::from_min_max(pos2(199.0, 99.0), pos2(401.0, 101.0));
        assert_eq!(segs[1].rects(&t), vec![level]);
        // A slant, in boxes along it that leave its corners free.
        let slant = segs[0].rects(&t);
        assert!(slant.len() >= 27, "{}", slant.len());
        assert!(slant.iter().all(|r| !r.contains(pos2(190.0, 190.0))));
        let v = Mark::Vertical(5.0, 4.0).rects(&t)[0];
        assert_eq!(v, Rect::from_min_max(pos2(198.0, 0.0), pos2(202.0, 200.0)));
        assert!(covers(up[0], v));
        // Side by side is not over.
        assert!(!covers(r, up[0].translate(vec2(-60.0, 0.0))));
    }
}
