//! The figure is never the part that gives way: the least height at which a plot's axis
//! ticks are drawn, tick labels thinned to fit the height a plot has, and a record of every
//! figure drawn in a frame (where it is, and the height its ticks need) that layout checks
//! read back.

use egui::Ui;

/// The smallest text on a projector, in pixels on a 768-line projector.
pub const MIN_TEXT_PX: f32 = 20.0;

/// The height of a y-axis tick label's row: egui_plot draws no tick label closer than 20
/// points to the next one, nor closer than the label is tall.
pub fn tick_row(ui: &Ui) -> f32 {
    figure_text_height(ui).max(20.0) + 2.0
}

/// The height of a line of a figure's own text (tick labels, axis titles): the body's, a
/// step smaller on a slide (see [`crate::ui::kit::plot::SLIDE_PLOT_TEXT`]).
pub fn figure_text_height(ui: &Ui) -> f32 {
    let body = ui.text_style_height(&egui::TextStyle::Body);
    if crate::ui::kit::style::on_slide(ui.ctx()) {
        body * crate::ui::kit::plot::SLIDE_PLOT_TEXT
    } else {
        body
    }
}

/// The tick labels a value axis keeps room for, one above the other: four, or three on a
/// slide, whose room is short and whose numbers are large (two whole labels either way).
pub fn value_axis_rows(ctx: &egui::Context) -> f32 {
    if crate::ui::kit::style::on_slide(ctx) {
        3.0
    } else {
        4.0
    }
}

/// The least height of a plot (axes included) whose y axis shows `rows` tick labels one above
/// the other: the x axis's tick labels and title take the rest.
pub fn readable_height(ui: &Ui, rows: f32) -> f32 {
    rows * tick_row(ui) + 2.6 * figure_text_height(ui)
}

/// A figure as drawn in a frame: where it is (axes, titles and key) and the least height at
/// which its axis ticks are drawn. The stage records every figure it draws, and the lab its
/// diagrams; a layout check reads them back with [`drawn_figures`], and a card opened over the
/// page keeps clear of them ([`figures_so_far`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawnFigure {
    /// The section the figure belongs to.
    pub section: u8,
    pub rect: egui::Rect,
    pub readable: f32,
    /// The height the figure was given, and the height its plot drew: a figure that draws
    /// taller than its room runs into what is under it.
    pub room: f32,
    pub drawn: f32,
}

fn figures_id(viewport: egui::ViewportId) -> egui::Id {
    egui::Id::unique(("locks-lesson/drawn-figures", viewport))
}

/// Notes a figure drawn in this frame (see [`DrawnFigure`]).
pub fn record_figure(ui: &Ui, figure: DrawnFigure) {
    let pass = ui.ctx().cumulative_pass_nr();
    let id = figures_id(ui.ctx().viewport_id());
    ui.ctx().data_mut(|d| {
        let list = d.get_temp_mut_or_default::<(u64, Vec<DrawnFigure>)>(id);
        if list.0 != pass {
            *list = (pass, Vec::new());
        }
        list.1.push(figure);
    });
}

/// The figures drawn in `viewport` in the last finished frame.
pub fn drawn_figures(ctx: &egui::Context, viewport: egui::ViewportId) -> Vec<DrawnFigure> {
    let last = ctx.cumulative_pass_nr().saturating_sub(1);
    ctx.data(|d| d.get_temp::<(u64, Vec<DrawnFigure>)>(figures_id(viewport)))
        .filter(|(pass, _)| *pass == last)
        .map(|(_, list)| list)
        .unwrap_or_default()
}

/// The figures drawn in `viewport` so far in the pass being drawn (for what is drawn over the
/// page after it, in the same pass).
pub fn figures_so_far(ctx: &egui::Context, viewport: egui::ViewportId) -> Vec<DrawnFigure> {
    let now = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(u64, Vec<DrawnFigure>)>(figures_id(viewport)))
        .filter(|(pass, _)| *pass == now)
        .map(|(_, list)| list)
        .unwrap_or_default()
}

/// Every how many decades a log axis labels its ticks so that no two labels of a plot
/// `height` points tall (axes included), spanning `decades`, overprint: the first multiple of
/// `every` whose labels are at least a tick row apart.
pub fn thinned_every(ui: &Ui, height: f32, decades: f64, every: i32) -> i32 {
    let axis = (height - 2.6 * figure_text_height(ui)).max(1.0);
    let per_decade = f64::from(axis) / decades.max(1e-9);
    let row = f64::from(tick_row(ui));
    let every = every.max(1);
    (1..=16)
        .map(|k| every * k)
        .find(|&e| f64::from(e) * per_decade >= row)
        .unwrap_or(16 * every)
}
