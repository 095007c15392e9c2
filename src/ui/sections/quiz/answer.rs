//! One answer of a quiz question as a button: its key in a badge, the words wrapping beside
//! it, and its mark on the right.

use egui::{
    Color32, FontId, Rect, Response, Sense, Stroke, StrokeKind, TextStyle, Ui, Widget, WidgetInfo,
    vec2,
};

use super::state::Mark;
use crate::ui::kit::plot::palette;
use crate::ui::kit::widgets;

/// One answer, drawn at a fixed width: its key in a badge on the left, the words wrapping
/// beside it (never under the key), and the mark ("✔ right", "your answer") on the right.
pub(super) struct AnswerButton {
    pub(super) key: usize,
    pub(super) text: String,
    pub(super) mark: Mark,
    pub(super) mark_text: &'static str,
    pub(super) width: f32,
}

impl Widget for AnswerButton {
    fn ui(self, ui: &mut Ui) -> Response {
        // A little larger than body text for a learner; on a slide, whose body text is a
        // projector's already, the body's size (the question above is larger).
        let larger = if crate::ui::kit::style::on_slide(ui.ctx()) {
            1.0
        } else {
            1.1
        };
        let size = ui.style().text_styles[&TextStyle::Body].size * larger;
        let font = FontId::proportional(size);
        let pad = vec2(8.0, 6.0);
        let gap = 10.0;
        let badge = vec2(size * 1.6, size * 1.5);
        let visuals = ui.visuals().clone();
        let (colour, stroke_w) = match self.mark {
            Mark::Right => (palette::GREEN, 2.5),
            Mark::Wrong => (widgets::warn_color(ui), 2.5),
            Mark::Chosen => (visuals.selection.stroke.color, 2.5),
            Mark::Open | Mark::Other => (visuals.widgets.inactive.bg_stroke.color, 1.0),
        };
        let painter = ui.painter();
        let mark = painter.layout_no_wrap(self.mark_text.to_owned(), font.clone(), colour);
        // The words keep a narrow column on the right for a mark's sign; the mark's words
        // show where they fit beside the last line, else its sign alone. (The words never
        // wrap anew when a mark appears: nothing under them moves.)
        let sign_room = painter
            .layout_no_wrap("✖".into(), font.clone(), colour)
            .size()
            .x
            + gap;
        let whole_w = (self.width - 2.0 * pad.x - badge.x - gap).max(60.0 + sign_room);
        let text_w = whole_w - sign_room;
        let text_colour = visuals.text_color();
        let galley = painter.layout(self.text.clone(), font.clone(), text_colour, text_w);
        let last = galley.rows.last().map_or(0.0, |r| r.rect().width());
        let mark = if last + gap + mark.size().x <= whole_w {
            mark
        } else {
            painter.layout_no_wrap(self.mark.sign().to_owned(), font.clone(), colour)
        };
        // The first line of the words sits level with the key.
        let row = galley.rows.first().map_or(size, |r| r.height());
        let offset = ((badge.y - row) / 2.0).max(0.0);
        let height = (galley.size().y + offset).max(badge.y) + 2.0 * pad.y;
        let (rect, response) = ui.allocate_exact_size(vec2(self.width, height), Sense::click());
        let name = match self.mark {
            Mark::Open | Mark::Other => format!("{} {}", self.key, self.text),
            _ => format!("{} {}, {}", self.key, self.text, self.mark_text),
        };
        response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, ui.is_enabled(), &name));
        if !ui.is_rect_visible(rect) {
            return response;
        }
        let style = ui.style().interact(&response);
        let fill = if self.mark == Mark::Other {
            Color32::TRANSPARENT
        } else {
            style.weak_bg_fill
        };
        let stroke = match (response.has_focus(), response.hovered(), self.mark) {
            (true, _, Mark::Open) => Stroke::new(2.0, visuals.selection.stroke.color),
            (_, true, Mark::Open) => Stroke::new(1.5, style.bg_stroke.color),
            (true, _, _) => Stroke::new(stroke_w + 1.0, colour),
            _ => Stroke::new(stroke_w, colour),
        };
        // A chosen answer's key is filled in the mark's colour: the vote reads from the back
        // of the room even where the mark's words give way to its sign.
        let (badge_fill, key_ink) = match self.mark {
            Mark::Chosen | Mark::Wrong => (colour, visuals.extreme_bg_color),
            _ => (visuals.extreme_bg_color, visuals.strong_text_color()),
        };
        let painter = ui.painter();
        painter.rect(rect, 6.0, fill, stroke, StrokeKind::Inside);
        let badge_rect = Rect::from_min_size(rect.min + pad, badge);
        painter.rect(
            badge_rect,
            4.0,
            badge_fill,
            Stroke::new(1.0, visuals.widgets.inactive.bg_stroke.color),
            StrokeKind::Inside,
        );
        let key = painter.layout_no_wrap(self.key.to_string(), FontId::monospace(size), key_ink);
        painter.galley(badge_rect.center() - key.size() / 2.0, key, key_ink);
        let top = rect.top() + pad.y + offset;
        let left = badge_rect.right() + gap;
        // (Level with the words' last line.)
        let mark_top = top + galley.size().y - mark.size().y;
        painter.galley(egui::pos2(left, top), galley, text_colour);
        if !self.mark_text.is_empty() {
            let at = egui::pos2(rect.right() - pad.x - mark.size().x, mark_top);
            painter.galley(at, mark, colour);
        }
        response
    }
}
