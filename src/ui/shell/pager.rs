//! Lecture mode: a page longer than the window is shown a screenful at a time. Page Down
//! shows the next screenful before it leaves the section, Page Up the one before: a clicker
//! cannot scroll.
//!
//! The page index is one for every window (the presenter view's audience window and console
//! show the same screenful of their own size); each window's scrolling column notes how many
//! screenfuls it needs, and the clicker pages by the audience's count.

use egui::{Context, Id, ScrollArea, Ui, ViewportId};

/// A screenful is this share of the column's height (a line of the last one stays in view).
const STEP: f32 = 0.85;

fn index_id() -> Id {
    Id::unique("locks-lesson/lecture-page")
}

fn count_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-pages", viewport))
}

fn applied_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-page-applied", viewport))
}

/// The screenful on show (0 is the top).
fn visible_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-page-visible", viewport))
}

/// Where the last column drawn in `viewport` showed its content (what lies outside is
/// clipped: another screenful).
pub fn visible(ctx: &Context, viewport: ViewportId) -> Option<egui::Rect> {
    ctx.data(|d| d.get_temp(visible_id(viewport)))
}

pub fn index(ctx: &Context) -> usize {
    ctx.data(|d| d.get_temp(index_id())).unwrap_or(0)
}

/// How many screenfuls the page in `viewport` needed when it was last drawn.
pub fn count(ctx: &Context, viewport: ViewportId) -> usize {
    ctx.data(|d| d.get_temp(count_id(viewport))).unwrap_or(1)
}

/// Back to the first screenful (a new section, a new build step).
pub fn reset(ctx: &Context) {
    ctx.data_mut(|d| d.insert_temp(index_id(), 0_usize));
}

/// Page Down (`forward`) or Page Up within the page of `viewport`: true when it moved.
pub fn step(ctx: &Context, viewport: ViewportId, forward: bool) -> bool {
    let (i, n) = (index(ctx), count(ctx, viewport));
    let to = match forward {
        true if i + 1 < n => i + 1,
        false if i > 0 => (i - 1).min(n.saturating_sub(1)),
        _ => return false,
    };
    ctx.data_mut(|d| d.insert_temp(index_id(), to));
    ctx.request_repaint();
    true
}

/// A scrolling column (the page of a quiz or a words-only section). In lecture mode it shows
/// the current screenful and counts them; otherwise it scrolls as usual.
pub fn column<R>(
    ui: &mut Ui,
    id_salt: impl egui::AsIdSalt,
    lecture: bool,
    add_contents: impl FnOnce(&mut Ui) -> R,
) -> R {
    let mut area = ScrollArea::vertical()
        .id_salt(id_salt)
        .auto_shrink([false, false]);
    let ctx = ui.ctx().clone();
    let viewport = ctx.viewport_id();
    let height = ui.available_height();
    let i = index(&ctx);
    if lecture {
        let applied: Option<(usize, u64)> = ctx.data(|d| d.get_temp(applied_id(viewport)));
        // Only when the page index changed: the wheel still scrolls in between.
        let key = (i, ui.scope_id().value());
        if applied != Some(key) {
            area = area.vertical_scroll_offset(i as f32 * height * STEP);
            ctx.data_mut(|d| d.insert_temp(applied_id(viewport), key));
        }
    }
    // A scroll view to assistive technology (and to the layout tests: what it clips belongs
    // to another screenful).
    let page = egui::UiBuilder::new().accessibility_role(egui::accesskit::Role::ScrollView);
    let out = area.show(ui, |ui| ui.scope_builder(page, add_contents).inner);
    ctx.data_mut(|d| d.insert_temp(visible_id(viewport), out.inner_rect));
    if lecture {
        let view = out.inner_rect.height().max(1.0);
        let beyond = (out.content_size.y - view).max(0.0);
        let n = 1 + (beyond / (view * STEP) - 0.01).ceil().max(0.0) as usize;
        let old = count(&ctx, viewport);
        if old != n {
            ctx.data_mut(|d| d.insert_temp(count_id(viewport), n));
            ctx.request_repaint();
        }
    } else {
        ctx.data_mut(|d| d.insert_temp(count_id(viewport), 1_usize));
    }
    out.inner
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pass of a column of `lines` labels in a window 400 points tall.
    fn pass(ctx: &Context, lines: usize) -> f32 {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(600.0, 400.0),
            )),
            ..Default::default()
        };
        let mut first_visible = f32::NAN;
        ctx.run_ui(input, |ui| {
            column(ui, "test-column", true, |ui| {
                for k in 0..lines {
                    let r = ui.label(format!("line {k}")).rect;
                    if first_visible.is_nan() && r.top() >= ui.clip_rect().top() - 0.5 {
                        first_visible = k as f32;
                    }
                }
            });
        })
        .drop_without_applying_deltas();
        first_visible
    }

    #[test]
    fn page_down_shows_every_screenful_then_lets_go() {
        let ctx = Context::default();
        for _ in 0..3 {
            pass(&ctx, 60);
        }
        let n = count(&ctx, ViewportId::ROOT);
        assert!(n >= 3, "60 lines need several screenfuls, not {n}");
        let mut tops = vec![pass(&ctx, 60)];
        while step(&ctx, ViewportId::ROOT, true) {
            pass(&ctx, 60);
            tops.push(pass(&ctx, 60));
        }
        assert_eq!(tops.len(), n);
        assert!(tops.windows(2).all(|w| w[1] > w[0]), "{tops:?}");
        assert!(
            !step(&ctx, ViewportId::ROOT, true),
            "the last screenful lets go"
        );
        assert!(step(&ctx, ViewportId::ROOT, false));
        assert_eq!(index(&ctx), n - 2);
        reset(&ctx);
        assert!(
            !step(&ctx, ViewportId::ROOT, false),
            "the first lets go back"
        );
        // A page that fits is one screenful.
        let ctx = Context::default();
        for _ in 0..3 {
            pass(&ctx, 5);
        }
        assert_eq!(count(&ctx, ViewportId::ROOT), 1);
    }
}
