//! The console's speaker notes, whole at every build: the note of the build on show gets the
//! column's remaining height, its type is lowered a step at a time down to a readable least
//! size where it needs more, and only beyond that is it shown a screenful at a time, turned by
//! the keys the keyboard map lists ([`Action::NotesForward`], [`Action::NotesBack`]). Nothing
//! of the notes is left to a mouse's scroll wheel.

use egui::{RichText, TextStyle, TextWrapMode, Ui, WidgetText};

use super::notes;
use crate::ui::kit::widgets;
use crate::ui::shell::keymap::{Action, key_text};

/// The least size, in pixels, the notes' type is lowered to (a laptop's small print, read at
/// arm's length).
pub const MIN_NOTES_PX: f32 = 15.0;
/// One step down of the notes' type.
const FIT_STEP: f32 = 0.94;
/// The framed secret's margin and stroke, around its two lines.
const SECRET_MARGIN: f32 = 6.0;
const SECRET_STROKE: f32 = 2.0;

/// One piece of the notes, kept whole on a screenful (a heading stays with what follows).
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Heading(String),
    Text(String),
    /// What only the lecturer may see yet, framed.
    Secret(String),
}

/// The notes of build `build` of section `n`, with the answer only the lecturer sees: the
/// build's own note, or where it has none (settings that are no build) the section's.
pub fn blocks(n: u8, build: &str, secret: Option<String>) -> Vec<Block> {
    let mut out = Vec::new();
    let secret = secret.map(Block::Secret);
    if let Some(b) = notes::of_build(n, build) {
        out.push(Block::Heading(t!("app.presenter.say_now").to_owned()));
        out.push(Block::Text(b.say.clone()));
        out.extend(secret);
        return out;
    }
    let Some(x) = notes::of(n) else {
        out.extend(secret);
        return out;
    };
    out.push(Block::Heading(t!("app.presenter.say").to_owned()));
    out.push(Block::Text(x.say.clone()));
    out.extend(secret);
    for (heading, text) in [
        (t!("app.presenter.ask"), &x.ask),
        (t!("app.presenter.surprise"), &x.surprise),
    ] {
        out.push(Block::Heading(heading.to_owned()));
        out.push(Block::Text(text.clone()));
    }
    out
}

/// The blocks with each text cut into its sentences (finer screenfuls).
fn sentences(blocks: &[Block]) -> Vec<Block> {
    let mut out = Vec::new();
    for b in blocks {
        let Block::Text(text) = b else {
            out.push(b.clone());
            continue;
        };
        let mut start = 0;
        for (i, _) in text.match_indices(['.', '?', '!']) {
            if text[i + 1..].starts_with(' ') {
                out.push(Block::Text(text[start..=i].trim().to_owned()));
                start = i + 1;
            }
        }
        out.push(Block::Text(text[start..].trim().to_owned()));
    }
    out.retain(|b| !matches!(b, Block::Text(s) if s.is_empty()));
    out
}

/// The height of `block` laid out `width` wide in `ui`'s style with its type at `factor`.
fn height(ui: &Ui, block: &Block, width: f32, factor: f32) -> f32 {
    let size = |style: TextStyle| ui.style().text_styles[&style].size * factor;
    let galley = |text: RichText, w: f32| {
        WidgetText::from(text)
            .into_galley(ui, Some(TextWrapMode::Wrap), w, TextStyle::Body)
            .size()
            .y
    };
    let body = |s: &str| RichText::new(s).size(size(TextStyle::Body));
    match block {
        Block::Heading(s) => galley(body(s).strong(), width),
        Block::Text(s) => galley(body(s), width),
        Block::Secret(s) => {
            let inner = width - 2.0 * (SECRET_MARGIN + SECRET_STROKE);
            let label = RichText::new(t!("app.presenter.only_here"))
                .size(size(TextStyle::Small))
                .strong();
            galley(label, inner)
                + ui.spacing().item_spacing.y
                + galley(body(s).strong(), inner)
                + 2.0 * (SECRET_MARGIN + SECRET_STROKE)
        }
    }
}

/// The screenfuls of `blocks` (heights `heights`) in `room`: ranges of blocks, none cut, a
/// heading never last on a screenful.
fn screenfuls(
    blocks: &[Block],
    heights: &[f32],
    gap: f32,
    room: f32,
) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < blocks.len() {
        let mut used = 0.0;
        let mut end = start;
        while end < blocks.len() {
            let h = heights[end] + if end > start { gap } else { 0.0 };
            if end > start && used + h > room {
                break;
            }
            used += h;
            end += 1;
        }
        // A heading goes with what it heads.
        if end < blocks.len() && end > start + 1 && matches!(blocks[end - 1], Block::Heading(_)) {
            end -= 1;
        }
        out.push(start..end);
        start = end;
    }
    out
}

/// How the notes are shown in the room they have: their type's factor and their screenfuls.
struct Layout {
    factor: f32,
    blocks: Vec<Block>,
    pages: Vec<std::ops::Range<usize>>,
}

/// The largest factor, from 1 down to the readable least, at which `blocks` fit `room`
/// (`width` wide); below it, screenfuls at the least.
fn layout(ui: &Ui, blocks: Vec<Block>, width: f32, room: f32) -> Layout {
    let body = ui.style().text_styles[&TextStyle::Body].size;
    let least = (MIN_NOTES_PX / (body * ui.ctx().pixels_per_point()).max(1.0)).min(1.0);
    let gap = ui.spacing().item_spacing.y;
    let measure = |factor: f32, blocks: &[Block]| -> Vec<f32> {
        blocks
            .iter()
            .map(|b| height(ui, b, width, factor))
            .collect()
    };
    let mut factor = 1.0_f32;
    loop {
        let heights = measure(factor, &blocks);
        let total: f32 = heights.iter().sum::<f32>() + gap * heights.len().saturating_sub(1) as f32;
        if total <= room {
            let pages = std::iter::once(0..blocks.len()).collect();
            return Layout {
                factor,
                blocks,
                pages,
            };
        }
        if factor <= least + 1e-3 {
            break;
        }
        factor = (factor * FIT_STEP).max(least);
    }
    // Screenfuls at the least size, the hint line under them.
    let hint = ui.text_style_height(&TextStyle::Body) * factor + gap;
    let blocks = sentences(&blocks);
    let heights = measure(factor, &blocks);
    let pages = screenfuls(&blocks, &heights, gap, room - hint);
    Layout {
        factor,
        blocks,
        pages,
    }
}

fn scale(ui: &mut Ui, factor: f32) {
    for font in ui.style_mut().text_styles.values_mut() {
        font.size *= factor;
    }
}

/// Draws `blocks` in the rest of `ui`'s column; `page` is the screenful asked for (by the
/// keys), kept within the screenfuls there are. Returns how many there are.
pub fn show(ui: &mut Ui, blocks: Vec<Block>, page: &mut usize) -> usize {
    let rect = ui.available_rect_before_wrap();
    // (A little kept back: rounding in the layout of what is measured here.)
    let room = rect.height() - 4.0;
    let Layout {
        factor,
        blocks,
        pages,
    } = layout(ui, blocks, rect.width(), room);
    let count = pages.len().max(1);
    *page = (*page).min(count - 1);
    let range = pages.get(*page).cloned().unwrap_or(0..0);
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
        ui.set_clip_rect(rect.intersect(ui.clip_rect()));
        scale(ui, factor);
        for b in &blocks[range] {
            match b {
                Block::Heading(s) => {
                    ui.label(RichText::new(s).strong());
                }
                Block::Text(s) => {
                    ui.label(s.as_str());
                }
                Block::Secret(s) => secret(ui, s),
            }
        }
        if count > 1 {
            let words = tf!(
                "app.presenter.notes_page",
                &[
                    ("page", (*page + 1).to_string()),
                    ("pages", count.to_string()),
                    ("forward", key_text(Action::NotesForward).to_owned()),
                    ("back", key_text(Action::NotesBack).to_owned()),
                ],
            );
            ui.label(RichText::new(words).color(ui.visuals().weak_text_color()));
        }
    });
    count
}

/// What only the lecturer sees (a question's answer before its reveal), framed.
fn secret(ui: &mut Ui, text: &str) {
    egui::Frame::new()
        .stroke(egui::Stroke::new(SECRET_STROKE, widgets::warn_color(ui)))
        .corner_radius(4.0)
        .inner_margin(SECRET_MARGIN)
        .show(ui, |ui| {
            ui.label(
                RichText::new(t!("app.presenter.only_here"))
                    .small()
                    .strong(),
            );
            ui.label(RichText::new(text).strong());
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_keep_their_stops() {
        let b = sentences(&[Block::Text("One. Two? Three 3.5 s!".into())]);
        assert_eq!(
            b,
            vec![
                Block::Text("One.".into()),
                Block::Text("Two?".into()),
                Block::Text("Three 3.5 s!".into())
            ]
        );
    }

    #[test]
    fn screenfuls_cut_no_block_and_keep_a_heading_with_its_words() {
        let blocks = vec![
            Block::Text("a".into()),
            Block::Heading("h".into()),
            Block::Text("b".into()),
        ];
        let pages = screenfuls(&blocks, &[10.0, 10.0, 10.0], 0.0, 20.0);
        assert_eq!(pages, vec![0..1, 1..3]);
        let pages = screenfuls(&blocks, &[10.0, 10.0, 10.0], 0.0, 30.0);
        assert_eq!(pages, vec![0..3]);
    }
}
