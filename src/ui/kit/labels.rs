//! Words inside a figure, laid out against each other like any text: a figure submits its
//! labels (where each belongs, how much it matters, its words and shorter words), and
//! [`Labels::paint`] measures them, places each where it fits — inside the plot's frame, clear
//! of the labels already placed and of the marks it names — and leaves out the least
//! important ones that fit nowhere. The figure also names the data marks it draws
//! ([`marks`]: bars, error bars, lines, markers), and no label is placed over one. What was
//! placed, and where the marks are, is recorded for the frame (see [`placed`]), so that tests
//! can check every figure in every state.

pub mod marks;

pub use marks::Mark;

use egui::{Align2, Color32, Context, FontId, Id, Pos2, Rect, Ui, Vec2, vec2};
use egui_plot::{PlotPoint, PlotTransform};

/// One label: where it belongs and what it says.
#[derive(Clone, Debug)]
pub struct Label {
    /// The point it names, in plot coordinates.
    pub at: PlotPoint,
    /// Screen points from `at` to the text's anchor (e.g. clear of a marker's radius).
    pub offset: Vec2,
    /// Which point of the text sits at `at + offset`.
    pub align: Align2,
    /// Its words, longest first; a shorter one is used where the longer does not fit.
    pub texts: Vec<String>,
    /// Higher is placed first; the lowest are left out first.
    pub priority: u8,
    pub strong: bool,
    /// Plot x range the text must stay inside (e.g. the bar it names).
    pub within_x: Option<(f64, f64)>,
    /// Plot y range the text must stay inside (e.g. its lane).
    pub within_y: Option<(f64, f64)>,
    /// Whether it may move away from where it belongs (to the other side, up or down).
    pub movable: bool,
    /// The bar it names and is written on, if any: it stays within the bar's length (and its
    /// own `within_y`, e.g. its lane), clear of every other mark, or is left out.
    pub inside: Option<Mark>,
}

impl Label {
    /// `text` at `at`, its `align` point there.
    pub fn new(at: PlotPoint, align: Align2, text: impl Into<String>) -> Self {
        Self {
            at,
            offset: Vec2::ZERO,
            align,
            texts: vec![text.into()],
            priority: 1,
            strong: false,
            within_x: None,
            within_y: None,
            movable: true,
            inside: None,
        }
    }

    pub fn offset(mut self, offset: Vec2) -> Self {
        self.offset = offset;
        self
    }

    pub fn priority(mut self, priority: u8) -> Self {
        self.priority = priority;
        self
    }

    pub fn strong(mut self) -> Self {
        self.strong = true;
        self
    }

    /// A shorter form of the words, tried when the longer ones fit nowhere.
    pub fn or(mut self, shorter: impl Into<String>) -> Self {
        self.texts.push(shorter.into());
        self
    }

    pub fn within_x(mut self, lo: f64, hi: f64) -> Self {
        self.within_x = Some((lo.min(hi), lo.max(hi)));
        self
    }

    pub fn within_y(mut self, lo: f64, hi: f64) -> Self {
        self.within_y = Some((lo.min(hi), lo.max(hi)));
        self
    }

    /// Written on `bar`, the mark it names (see [`Label::inside`]).
    pub fn inside(mut self, bar: Mark) -> Self {
        self.inside = Some(bar);
        self
    }

    /// Stays where it belongs, or is left out.
    pub fn fixed(mut self) -> Self {
        self.movable = false;
        self
    }
}

/// What one figure placed in one frame.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The figure's name.
    pub figure: String,
    /// The plot's frame (screen points).
    pub frame: Rect,
    /// Each label drawn: its words and where.
    pub labels: Vec<(String, Rect)>,
    /// For each label drawn, the bar it names and is written on (by design), if any.
    pub inside: Vec<Option<Rect>>,
    /// The words of labels left out for want of room.
    pub dropped: Vec<String>,
    /// Where each label would have gone without the layout (its first words, asked-for
    /// place): what the figure drew before labels were laid out.
    pub asked: Vec<(String, Rect)>,
    /// Where the figure's data marks are drawn.
    pub marks: Vec<Rect>,
}

/// The labels of one figure.
pub struct Labels {
    figure: String,
    items: Vec<Label>,
    marks: Vec<Mark>,
    /// A band of the plot's x range drawn in a tint (a highlighted column): its labels' ground
    /// is the tinted one.
    tint: Option<(f64, f64, Color32)>,
}

impl Labels {
    pub fn new(figure: impl Into<String>) -> Self {
        Self {
            figure: figure.into(),
            items: Vec::new(),
            marks: Vec::new(),
            tint: None,
        }
    }

    /// The plot's x range `lo..=hi` is drawn in `tint` over its ground: a label there sits on
    /// the tinted ground.
    pub fn tinted(&mut self, lo: f64, hi: f64, tint: Color32) {
        self.tint = Some((lo, hi, tint));
    }

    pub fn add(&mut self, label: Label) {
        self.items.push(label);
    }

    /// A marker of `radius` screen points at `at` that no label may cover.
    pub fn avoid(&mut self, at: PlotPoint, radius: f32) {
        self.marks.push(Mark::Dot(at, radius));
    }

    /// Data marks the figure draws, that no label may cover.
    pub fn avoid_marks(&mut self, marks: impl IntoIterator<Item = Mark>) {
        self.marks.extend(marks);
    }

    /// Places and draws the labels on the plot `transform` describes, in `ink`
    /// (`strong` ones in `strong_ink`), in the figure's text size ([`font`]).
    pub fn paint(self, ui: &Ui, transform: &PlotTransform, ink: Color32, strong_ink: Color32) {
        let font = font(ui);
        let frame = *transform.frame();
        let painter = ui.painter().with_clip_rect(frame);
        let measure = |t: &str| {
            painter
                .layout_no_wrap(t.to_owned(), font.clone(), Color32::WHITE)
                .size()
        };
        let obstacles = marks::rects(&self.marks, transform);
        let layout = place(&self.items, frame, &obstacles, transform, &measure);
        let on_screen = |r: &Rect| r.intersects(frame).then(|| r.intersect(frame));
        let mut placed = Placed {
            figure: self.figure,
            frame,
            labels: Vec::new(),
            inside: Vec::new(),
            dropped: Vec::new(),
            asked: Vec::new(),
            marks: obstacles.iter().filter_map(on_screen).collect(),
        };
        for (label, spot) in self.items.iter().zip(layout) {
            let first = &label.texts[0];
            let asked_at = transform.position_from_point(&label.at) + label.offset;
            placed.asked.push((
                first.clone(),
                label.align.anchor_size(asked_at, measure(first)),
            ));
            match spot {
                Some((i, rect)) => {
                    let text = &label.texts[i];
                    let colour = if label.strong { strong_ink } else { ink };
                    if label.inside.is_none() {
                        // On the plot's own ground, so no grid line runs through the words
                        // (a label inside a bar has the bar's).
                        let plain = ui.visuals().extreme_bg_color;
                        let ground = match self.tint {
                            Some((lo, hi, tint)) if (lo..=hi).contains(&label.at.x) => {
                                plain.blend(tint)
                            }
                            _ => plain,
                        };
                        painter.rect_filled(rect.expand(1.0), 2.0, ground);
                    }
                    painter.text(rect.min, Align2::LEFT_TOP, text, font.clone(), colour);
                    placed.labels.push((text.clone(), rect));
                    let host = label.inside.map(|m| host_rect(&m, transform));
                    placed.inside.push(host.as_ref().and_then(on_screen));
                }
                None => placed.dropped.push(first.clone()),
            }
        }
        record(ui.ctx(), placed);
    }
}

/// Where each label goes: the index of the words used and the rect, or `None` if left out.
fn place(
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
        let fits = |r: &Rect| {
            bounds.contains_rect(*r)
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

/// The screen rect of the bar a label is written on.
fn host_rect(bar: &Mark, transform: &PlotTransform) -> Rect {
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
    for dy in [0.0, -step, step, -2.0 * step, 2.0 * step] {
        for r in [asked, mirrored, flipped, right, left] {
            let r = r.translate(vec2(0.0, dy));
            out.push(r);
            out.push(slide(r));
        }
    }
    out
}

/// The data key under which the frame's placements are kept.
fn key() -> Id {
    Id::unique("locks-lesson/figure-labels")
}

fn record(ctx: &Context, placed: Placed) {
    let frame = ctx.cumulative_frame_nr();
    ctx.data_mut(|d| {
        let entry = d.get_temp_mut_or_default::<(u64, Vec<Placed>)>(key());
        if entry.0 != frame {
            *entry = (frame, Vec::new());
        }
        entry.1.retain(|p| p.figure != placed.figure);
        entry.1.push(placed);
    });
}

/// What the figures of the latest frame that drew any placed.
pub fn placed(ctx: &Context) -> Vec<Placed> {
    ctx.data(|d| d.get_temp::<(u64, Vec<Placed>)>(key()))
        .map(|(_, p)| p)
        .unwrap_or_default()
}

/// Forgets what was recorded (for tests: the next frames record anew).
pub fn forget(ctx: &Context) {
    ctx.data_mut(|d| d.remove::<(u64, Vec<Placed>)>(key()));
}

/// Pairs of labels of `p` that overlap, and labels that leave its frame (for tests).
pub fn faults(p: &Placed) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (a, ra)) in p.labels.iter().enumerate() {
        if !p.frame.contains_rect(*ra) {
            out.push(format!("{}: \"{a}\" leaves the frame", p.figure));
        }
        for (b, rb) in &p.labels[i + 1..] {
            if ra.intersects(*rb) {
                out.push(format!("{}: \"{a}\" overlaps \"{b}\"", p.figure));
            }
        }
    }
    out
}

/// Labels of `p` printed over one of its data marks, and labels written on the bar they
/// name that reach past its ends (for tests).
pub fn over_marks(p: &Placed) -> Vec<String> {
    let mut out = Vec::new();
    for ((text, r), host) in p.labels.iter().zip(&p.inside) {
        if let Some(h) = host
            && (r.left() < h.left() - 0.5 || r.right() > h.right() + 0.5)
        {
            out.push(format!(
                "{}: \"{text}\" at {r:?} reaches out of its bar at {h:?}",
                p.figure
            ));
        }
        let other = |m: &&Rect| Some(**m) != *host && marks::covers(*r, **m);
        if let Some(m) = p.marks.iter().find(other) {
            out.push(format!(
                "{}: \"{text}\" at {r:?} is printed over a mark at {m:?}",
                p.figure
            ));
        }
    }
    out
}

/// How many pairs of the asked-for places overlap or leave the frame: what the figure drew
/// before its labels were laid out.
pub fn asked_faults(p: &Placed) -> usize {
    let mut n = 0;
    for (i, (_, ra)) in p.asked.iter().enumerate() {
        n += usize::from(!p.frame.contains_rect(*ra));
        n += p.asked[i + 1..]
            .iter()
            .filter(|(_, rb)| ra.intersects(*rb))
            .count();
    }
    n
}

/// The share of a plot `height` points tall (axes included) to keep free above its data for
/// `rows` rows of labels: a short plot gives them a larger share.
pub fn headroom(ui: &Ui, height: f32, rows: u8) -> f64 {
    let row = row(ui);
    let data = (height - 2.6 * row).max(1.0);
    f64::from(f32::from(rows) * (row + 8.0) / data).clamp(0.12, 0.6)
}

/// A font's row height, for offsets in lines.
pub fn row(ui: &Ui) -> f32 {
    crate::ui::kit::readable::figure_text_height(ui)
}

/// The font labels are drawn in: the figure's own text, as its tick labels (a step below the
/// body on a slide).
pub fn font(ui: &Ui) -> FontId {
    let mut font = egui::TextStyle::Body.resolve(ui.style());
    if crate::ui::kit::style::on_slide(ui.ctx()) {
        font.size *= crate::ui::kit::plot::SLIDE_PLOT_TEXT;
    }
    font
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

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
}
