//! Words inside a figure, laid out against each other like any text: a figure submits its
//! labels (where each belongs, how much it matters, its words and shorter words), and
//! [`Labels::paint`] measures them, places each where it fits — inside the plot's frame, clear
//! of the labels already placed and of the marks it names — and leaves out the least
//! important ones that fit nowhere. The figure also names the data marks it draws
//! ([`marks`]: bars, error bars, lines, markers), and no label is placed over one. What was
//! placed, and where the marks are, is recorded for the frame (see [`placed`]), so that tests
//! can check every figure in every state.

pub mod marks;
mod place;

pub use marks::Mark;

use egui::{Align2, Color32, Context, FontId, Id, Rect, Ui, Vec2};
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
    /// How near the words must stay to what they name, if held there (see [`Near`]).
    pub near: Option<Near>,
    /// A count over its bar: where asked, or a line or two higher, never beside (where it
    /// would seem to name the neighbouring bar).
    pub over: bool,
}

/// How near a label stays to what it names: beside it, or left out (never slid a word's
/// length away, where it would seem to name something else).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Near {
    /// A mark at the label's point: the words within this many screen points of it.
    Point(f32),
    /// A moment's vertical line through the label's point: the words within this many screen
    /// points of the line, anywhere along it that their `within_y` allows.
    Line(f32),
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
            near: None,
            over: false,
        }
    }

    /// Names the mark at its point: within `reach` screen points of it, or left out.
    pub fn near(mut self, reach: f32) -> Self {
        self.near = Some(Near::Point(reach));
        self
    }

    /// Names the vertical line through its point: within `reach` screen points of it.
    pub fn near_line(mut self, reach: f32) -> Self {
        self.near = Some(Near::Line(reach));
        self
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

    /// Stays over its point: where asked or a line or two higher, or left out.
    pub fn over(mut self) -> Self {
        self.over = true;
        self.movable = false;
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
    /// For each label drawn, what it names on screen: its point (an empty rect), or for a
    /// moment's label ([`Near::Line`]) the line through it across the frame.
    pub anchors: Vec<Rect>,
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
        let layout = place::place(&self.items, frame, &obstacles, transform, &measure);
        let on_screen = |r: &Rect| r.intersects(frame).then(|| r.intersect(frame));
        let mut placed = Placed {
            figure: self.figure,
            frame,
            labels: Vec::new(),
            anchors: Vec::new(),
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
                    placed.anchors.push(place::anchor(label, transform));
                    let host = label.inside.map(|m| place::host_rect(&m, transform));
                    placed.inside.push(host.as_ref().and_then(on_screen));
                }
                None => placed.dropped.push(first.clone()),
            }
        }
        record(ui.ctx(), placed);
    }
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

/// Labels of `p` farther than `most` screen points from what they name (for tests).
pub fn far_from_anchor(p: &Placed, most: f32) -> Vec<String> {
    p.labels
        .iter()
        .zip(&p.anchors)
        .filter_map(|((text, r), a)| {
            let d = place::distance(*r, *a);
            (d > most).then(|| {
                format!(
                    "{}: \"{text}\" at {r:?} is {d:.0} points from what it names at {a:?}",
                    p.figure
                )
            })
        })
        .collect()
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
