//! Lecture mode: a page longer than the window is shown a screenful at a time. Page Down
//! shows the next screenful before it leaves the section, Page Up the one before: a clicker
//! cannot scroll.
//!
//! The page index is one for every window (the presenter view's audience window and console
//! show the same screenful of their own size); each window's scrolling column notes how many
//! screenfuls it needs, and the clicker pages by the audience's count.

use egui::{Context, Id, Rect, ScrollArea, Shape, Ui, ViewportId};

/// A screenful that ends in no line or block is this fraction of the column's height.
const STEP: f32 = 0.85;

/// The index that stands for "the last screenful" until the page has been measured (a page
/// reached by Page Up from the section after it).
const LAST: usize = usize::MAX;

fn index_id() -> Id {
    Id::unique("locks-lesson/lecture-page")
}

/// Every window's [`Pages`].
fn pages_id() -> Id {
    Id::unique("locks-lesson/lecture-pages")
}

fn applied_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-page-applied", viewport))
}

/// The blocks kept whole (see [`keep_whole`]) of the column being drawn in a window.
fn whole_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-page-whole", viewport))
}

/// Asks the paged column being drawn to keep `rect` (screen points, as laid out this pass)
/// whole on one screenful: a screenful that would cut it ends above it, and the next starts
/// with it. One taller than a screenful starts a screenful of its own and is paged by its
/// lines. (A card of section 7.)
pub fn keep_whole(ui: &Ui, rect: Rect) {
    let id = whole_id(ui.ctx().viewport_id());
    ui.ctx().data_mut(|d| {
        // (Only while a column is drawn: it takes them at its end.)
        if let Some(list) = d.get_temp_mut_or_insert_with::<Option<Vec<Rect>>>(id, || None) {
            list.push(rect);
        }
    });
}

/// The screenful on show (0 is the top).
fn visible_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-page-visible", viewport))
}

/// What a window's paged column knows of its page: the lines and blocks seen so far (in the
/// column's content, measured while they were in view: egui draws only what is), and where
/// each screenful starts.
#[derive(Clone, Debug, Default)]
struct Pages {
    /// The column's width and height: another size lays the page out anew.
    size: egui::Vec2,
    /// The content's height (content that grows, a card revealed, may move later lines).
    total: f32,
    blocks: Vec<(f32, f32)>,
    starts: Vec<f32>,
    /// The starts that hold, decided while the screenful before each was on show: a
    /// screenful once shown is shown the same way again.
    kept: usize,
    /// Room added under the content, so that the last screenful can start below a block kept
    /// whole that it would otherwise cut (it ends with the content).
    pad: f32,
}

fn all_pages(ctx: &Context) -> std::collections::HashMap<ViewportId, Pages> {
    ctx.data(|d| d.get_temp(pages_id())).unwrap_or_default()
}

/// Where the last column drawn in `viewport` showed its content whole (what lies outside is
/// clipped or covered: another screenful).
pub fn visible(ctx: &Context, viewport: ViewportId) -> Option<egui::Rect> {
    ctx.data(|d| d.get_temp(visible_id(viewport)))
}

/// The height of a screenful of the paged column in `viewport`, once it has been drawn: a
/// block sized to it shows whole on one screenful.
pub fn screenful_height(ctx: &Context, viewport: ViewportId) -> Option<f32> {
    // (Kept apart from the pages, which a new build forgets: its first pass knows it too.)
    ctx.data(|d| d.get_temp::<f32>(screenful_id(viewport)))
        .filter(|h| *h > 1.0)
}

fn screenful_id(viewport: ViewportId) -> Id {
    Id::unique(("locks-lesson/lecture-screenful", viewport))
}

/// The screenful on show in the window drawing (0 is the top).
pub fn index(ctx: &Context) -> usize {
    let i = ctx.data(|d| d.get_temp(index_id())).unwrap_or(0);
    i.min(count(ctx, ctx.viewport_id()) - 1)
}

/// How many screenfuls the page in `viewport` needs (a page without a paged column, a
/// stage, is one).
pub fn count(ctx: &Context, viewport: ViewportId) -> usize {
    all_pages(ctx)
        .get(&viewport)
        .map_or(1, |p| p.starts.len().max(1))
}

/// Whether Page Down in `viewport` shows a later screenful of its page (see [`step`]).
pub fn more_after(ctx: &Context, viewport: ViewportId) -> bool {
    let n = count(ctx, viewport);
    let i = ctx.data(|d| d.get_temp::<usize>(index_id())).unwrap_or(0);
    i.min(n - 1) + 1 < n
}

/// Back to the first screenful of a page not measured yet (a new section, a new build step).
pub fn reset(ctx: &Context) {
    ctx.data_mut(|d| {
        d.insert_temp(index_id(), 0_usize);
        d.remove_temp::<std::collections::HashMap<ViewportId, Pages>>(pages_id());
    });
}

/// To the last screenful, once the page is measured (a page reached going back).
pub fn to_last(ctx: &Context) {
    reset(ctx);
    ctx.data_mut(|d| d.insert_temp(index_id(), LAST));
    ctx.request_repaint();
}

/// Page Down (`forward`) or Page Up within the page of `viewport`: true when it moved.
pub fn step(ctx: &Context, viewport: ViewportId, forward: bool) -> bool {
    let n = count(ctx, viewport);
    let i = ctx
        .data(|d| d.get_temp::<usize>(index_id()))
        .unwrap_or(0)
        .min(n - 1);
    let to = match forward {
        true if i + 1 < n => i + 1,
        false if i > 0 => i - 1,
        _ => return false,
    };
    ctx.data_mut(|d| d.insert_temp(index_id(), to));
    ctx.request_repaint();
    true
}

/// The lines and blocks drawn in `layer` since shape `from`, clipped to `view`, as ranges of
/// the column's content (`offset` is the column's scroll): a screenful never cuts one.
fn blocks(
    ctx: &Context,
    layer: egui::LayerId,
    from: usize,
    view: Rect,
    offset: f32,
) -> Vec<(f32, f32)> {
    fn walk(shape: &Shape, out: &mut Vec<Rect>) {
        match shape {
            Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            Shape::Text(t) => {
                out.extend(
                    t.galley
                        .rows
                        .iter()
                        .map(|r| r.rect().translate(t.pos.to_vec2())),
                );
            }
            Shape::Rect(r) => out.push(r.rect),
            _ => {}
        }
    }
    let mut rects = Vec::new();
    ctx.graphics(|g| {
        if let Some(list) = g.get(layer) {
            for c in list.all_entries().skip(from) {
                if c.clip_rect.intersects(view) && c.clip_rect.height() <= view.height() + 1.0 {
                    walk(&c.shape, &mut rects);
                }
            }
        }
    });
    rects
        .into_iter()
        .filter(|r| r.height() >= 1.0 && r.height() <= view.height() * 0.5)
        .map(|r| {
            (
                r.top() - view.top() + offset,
                r.bottom() - view.top() + offset,
            )
        })
        .collect()
}

/// Where each screenful of a column `height` tall starts, for content `total` tall made of
/// `blocks`: the next one starts at the first line or block the screenful before would cut,
/// the last one where the column can scroll to.
fn page_starts(
    blocks: &[(f32, f32)],
    whole: &[(f32, f32)],
    height: f32,
    total: f32,
    kept: &[f32],
) -> Vec<f32> {
    let end = (total - height).max(0.0);
    let mut starts = if kept.is_empty() {
        vec![0.0_f32]
    } else {
        kept.to_vec()
    };
    while let Some(&top) = starts.last() {
        let bottom = top + height;
        if top >= end - 1.0 || starts.len() > 200 {
            break;
        }
        let cut = blocks
            .iter()
            .filter(|(a, b)| *a < bottom - 0.5 && *b > bottom + 0.5 && *a > top + 0.5)
            .map(|(a, _)| *a)
            .fold(bottom, f32::min);
        // A block taller than a screenful is cut: at least most of a screenful each time.
        let next = if cut > top + height * 0.3 {
            cut
        } else {
            top + height * STEP
        };
        // A block kept whole that this screenful would cut starts the next one.
        let next = whole_cut(whole, top, bottom).map_or(next, |a| a.min(next));
        starts.push(next.min(end));
    }
    starts
}

/// How much room under content `total` tall lets the last of the screenfuls `starts` begin
/// below the block kept whole that it cuts at its top (none shorter than a screenful `height`
/// is cut). The last screenful starts no lower than the column scrolls: `height` above the end.
fn pad_for_whole(whole: &[(f32, f32)], starts: &[f32], height: f32, total: f32) -> f32 {
    let Some(&last) = starts.last() else {
        return 0.0;
    };
    let last = last.min((total - height).max(0.0));
    whole
        .iter()
        .filter(|(a, b)| *a < last - 0.5 && *b > last + 0.5 && b - a <= height)
        .map(|(_, b)| b - last)
        .fold(0.0, f32::max)
}

/// The top of the first block kept whole that a screenful from `top` to `bottom` cuts, where
/// it starts below `top`.
fn whole_cut(whole: &[(f32, f32)], top: f32, bottom: f32) -> Option<f32> {
    whole
        .iter()
        .filter(|(a, b)| *a > top + 0.5 && *a < bottom - 0.5 && *b > bottom + 0.5)
        .map(|(a, _)| *a)
        .reduce(f32::min)
}

/// A scrolling column (the page of a quiz or a words-only section). In lecture mode it shows
/// the current screenful, whole lines and blocks only (a line the next screenful starts with
/// is not drawn half, and a mark says that more follows), and counts them; otherwise it
/// scrolls as usual.
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
    let mut map = all_pages(&ctx);
    let mut pages = map.remove(&viewport).unwrap_or_default();
    let starts = if pages.starts.is_empty() {
        vec![0.0]
    } else {
        pages.starts.clone()
    };
    let i = index(&ctx).min(starts.len() - 1);
    if lecture {
        let applied: Option<(usize, u64, u32)> = ctx.data(|d| d.get_temp(applied_id(viewport)));
        // Only when the screenful changed: the wheel still scrolls in between.
        let key = (i, ui.scope_id().value(), starts[i].to_bits());
        if applied != Some(key) {
            area = area.vertical_scroll_offset(starts[i]);
            ctx.data_mut(|d| d.insert_temp(applied_id(viewport), key));
        }
    }
    let layer = ui.layer_id();
    let from = ctx.graphics(|g| g.get(layer).map_or(0, |l| l.next_idx().0));
    // A scroll view to assistive technology (and to the layout tests: what it clips belongs
    // to another screenful).
    let page = egui::UiBuilder::new().accessibility_role(egui::accesskit::Role::ScrollView);
    ctx.data_mut(|d| d.insert_temp::<Option<Vec<Rect>>>(whole_id(viewport), Some(Vec::new())));
    let pad = if lecture { pages.pad } else { 0.0 };
    let out = area.show(ui, |ui| {
        let inner = ui.scope_builder(page, add_contents).inner;
        ui.add_space(pad);
        inner
    });
    let whole_rects: Vec<Rect> = ctx.data_mut(|d| {
        let list = d.get_temp::<Option<Vec<Rect>>>(whole_id(viewport));
        d.insert_temp::<Option<Vec<Rect>>>(whole_id(viewport), None);
        list.flatten().unwrap_or_default()
    });
    let view = out.inner_rect;
    let mut shown = view;
    if lecture {
        ctx.data_mut(|d| d.insert_temp(screenful_id(viewport), view.height()));
        let offset = out.state.clamped_offset().y;
        let resized = (pages.size - view.size()).length() > 1.0;
        if resized {
            pages = Pages {
                size: view.size(),
                ..Pages::default()
            };
        }
        // (The content's own height: without the room added under it.)
        let content = out.content_size.y - pad;
        if (pages.total - content).abs() > 1.0 {
            pages.total = content;
            pages.kept = 0;
        }
        // What is in view now replaces what was known of that stretch.
        let (lo, hi) = (offset, offset + view.height());
        pages.blocks.retain(|(a, b)| *b <= lo || *a >= hi);
        pages.blocks.extend(blocks(&ctx, layer, from, view, offset));
        let kept = &pages.starts[..pages.kept.min(pages.starts.len())];
        let whole: Vec<(f32, f32)> = whole_rects
            .iter()
            .map(|r| {
                (
                    r.top() - view.top() + offset,
                    r.bottom() - view.top() + offset,
                )
            })
            .collect();
        let starts =
            |total: f32| page_starts(&pages.blocks, &whole, view.height().max(1.0), total, kept);
        let new = starts(pages.total);
        // Room under the content where the last screenful would cut a block kept whole.
        let need = pad_for_whole(&whole, &new, view.height(), pages.total);
        let new = if need > 0.5 {
            starts(pages.total + need)
        } else {
            new
        };
        // The next screenful's first line is not drawn here: covered (only when it lies in the
        // last third of the column, a line the next screenful starts with), with a mark that
        // more follows.
        if let Some(&next) = new.get(i + 1) {
            // (The next screenful starts with the line cut here, or, the last one ending with
            // the content, above it: then the first line the bottom edge cuts.)
            let bottom = offset + view.height();
            let straddling = pages
                .blocks
                .iter()
                .filter(|(a, b)| *a < bottom - 0.5 && *b > bottom + 0.5)
                .map(|(a, _)| *a)
                .fold(f32::INFINITY, f32::min);
            let cut = view.top() + next.max(straddling.min(bottom)) - offset;
            // (A block kept whole is not begun here, wherever the next screenful starts: one
            // that this screenful cuts is covered from its top.)
            let whole_top = whole_cut(&whole, offset, bottom)
                .or_else(|| whole.iter().map(|w| w.0).find(|a| (a - next).abs() < 0.5));
            let whole_next = whole_top.is_some();
            let cut = whole_top.map_or(cut, |a| view.top() + a - offset);
            let low = if whole_next { 0.0 } else { 0.67 };
            if cut < view.bottom() && cut > view.top() + view.height() * low {
                let cover = Rect::from_min_max(egui::pos2(view.left(), cut), view.max);
                let painter = ui.painter().with_clip_rect(cover.expand(1.0));
                painter.rect_filled(cover, 0.0, ui.visuals().panel_fill);
                shown.max.y = cut;
            }
            more_mark(ui, view);
        }
        // The last screenful ends with the content, so its top may fall inside a line that
        // the screenful before showed whole: that line is covered, not drawn half.
        if i > 0 && i + 1 == new.len() {
            let cut = pages
                .blocks
                .iter()
                .filter(|(a, b)| *a < offset - 0.5 && *b > offset + 0.5)
                .map(|(_, b)| *b - offset)
                .fold(0.0_f32, f32::max);
            if cut > 0.0 && cut < view.height() * 0.33 {
                let cover = Rect::from_min_size(view.min, egui::vec2(view.width(), cut));
                let painter = ui.painter().with_clip_rect(cover.expand(1.0));
                painter.rect_filled(cover, 0.0, ui.visuals().panel_fill);
                shown.min.y = view.top() + cut;
            }
        }
        if new != pages.starts {
            ctx.request_repaint();
        }
        pages.kept = pages.kept.max(i + 2).min(new.len());
        if (need - pages.pad).abs() > 0.5 {
            // The screenfuls after the one on show are laid out again with the room added.
            pages.pad = need;
            pages.kept = pages.kept.min(i + 1);
            ctx.request_repaint();
        }
        pages.starts = new;
        if resized {
            // The screenfuls of a column of another size are laid out from its top again (what
            // was known of the lines above the one in view no longer holds): the next pass
            // shows the first, measures it, and goes on to the screenful asked for.
            pages.starts.clear();
            pages.kept = 0;
            ctx.request_repaint();
        }
        map.insert(viewport, pages);
        ctx.data_mut(|d| d.insert_temp(pages_id(), map));
    }
    ctx.data_mut(|d| d.insert_temp(visible_id(viewport), shown));
    out.inner
}

/// A small downward triangle at the bottom right of the column: more follows.
fn more_mark(ui: &Ui, view: Rect) {
    let s = ui.style().text_styles[&egui::TextStyle::Body].size * 0.6;
    let tip = egui::pos2(view.right() - s * 1.6, view.bottom() - s * 0.3);
    let colour = ui.visuals().strong_text_color();
    ui.painter().add(Shape::convex_polygon(
        vec![
            tip,
            egui::pos2(tip.x - s * 0.8, tip.y - s),
            egui::pos2(tip.x + s * 0.8, tip.y - s),
        ],
        colour,
        egui::Stroke::NONE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_last_screenful_that_would_cut_a_block_kept_whole_gets_room_to_start_below_it() {
        // A figure from 300 to 700 on a 1,000-point page, 420-point screenfuls: the last one
        // ends with the content (starting at 580), inside the figure; 120 points more let it
        // start at 700.
        let whole = [(300.0, 700.0)];
        for (starts, height, total, pad) in [
            ([0.0, 300.0, 900.0], 420.0, 1000.0, 120.0),
            // Past the content's end the column does not scroll: the same.
            ([0.0, 300.0, 700.0], 420.0, 1000.0, 120.0),
            // A last screenful below the figure, or a figure taller than a screenful: none.
            ([0.0, 300.0, 700.0], 420.0, 1200.0, 0.0),
            ([0.0, 300.0, 580.0], 380.0, 960.0, 0.0),
        ] {
            assert_eq!(
                pad_for_whole(&whole, &starts, height, total),
                pad,
                "{starts:?}"
            );
        }
    }

    /// A frame's input for a window of 500 × 333 points.
    fn window_500_by_333() -> egui::RawInput {
        egui::RawInput {
            screen_rect: Some(Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(500.0, 333.0),
            )),
            ..Default::default()
        }
    }

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

    /// A block kept whole is never cut by a screenful: the one before ends above it, and it
    /// is shown whole once.
    #[test]
    fn a_block_kept_whole_starts_a_screenful() {
        let ctx = Context::default();
        let run = |ctx: &Context| {
            let mut card = Rect::NOTHING;
            let input = window_500_by_333();
            ctx.run_ui(input, |ui| {
                column(ui, "whole-column", true, |ui| {
                    for k in 0..12 {
                        ui.label(format!("line {k}"));
                    }
                    card = ui
                        .vertical(|ui| {
                            for k in 0..8 {
                                ui.label(format!("card line {k}"));
                            }
                        })
                        .response
                        .rect;
                    keep_whole(ui, card);
                    for k in 0..30 {
                        ui.label(format!("line after {k}"));
                    }
                });
            })
            .drop_without_applying_deltas();
            card
        };
        for _ in 0..3 {
            run(&ctx);
        }
        let mut whole_once = false;
        loop {
            run(&ctx);
            let card = run(&ctx);
            let shown = visible(&ctx, ViewportId::ROOT).expect("drawn");
            let whole = shown.expand(0.5).contains_rect(card);
            let part = card.intersect(shown);
            assert!(
                whole || part.height() <= 0.5 || part.width() <= 0.0,
                "the card {card:?} is cut by {shown:?}"
            );
            whole_once |= whole;
            if !step(&ctx, ViewportId::ROOT, true) {
                break;
            }
        }
        assert!(whole_once, "the card was shown whole");
    }

    /// Every screenful shows whole lines only: a line is wholly in the part on show, or wholly
    /// out of it (the next screenful starts with it), and each line is shown whole once.
    #[test]
    fn screenfuls_cut_no_line() {
        for lines in 36..=44 {
            screenfuls_of(lines);
        }
    }

    fn screenfuls_of(lines: usize) {
        let ctx = Context::default();
        let mut seen = vec![0_usize; lines];
        let run = |ctx: &Context| {
            let mut rects = Vec::new();
            let input = window_500_by_333();
            ctx.run_ui(input, |ui| {
                column(ui, "cut-column", true, |ui| {
                    for k in 0..lines {
                        // Lines of two heights, so that no screenful is a whole number of them.
                        let size = if k % 3 == 0 { 23.0 } else { 14.0 };
                        rects.push(
                            ui.label(egui::RichText::new(format!("line {k}")).size(size))
                                .rect,
                        );
                    }
                });
            })
            .drop_without_applying_deltas();
            rects
        };
        for _ in 0..3 {
            run(&ctx);
        }
        loop {
            run(&ctx);
            let rects = run(&ctx);
            let shown = visible(&ctx, ViewportId::ROOT).expect("drawn");
            for (k, r) in rects.iter().enumerate() {
                let part = r.intersect(shown);
                let whole = shown.expand(0.5).contains_rect(*r);
                assert!(
                    whole || part.height() <= 0.5 || part.width() <= 0.0,
                    "{lines} lines: line {k} at {r:?} is cut by {shown:?}"
                );
                if whole {
                    seen[k] += 1;
                }
            }
            if !step(&ctx, ViewportId::ROOT, true) {
                break;
            }
        }
        assert!(
            seen.iter().all(|&n| n >= 1),
            "every line shown whole: {seen:?}"
        );
    }
}
