//! Plain-language cards: the card of one term (opened from a marked word anywhere in the
//! lesson), and the glossary index that lists every card with a search box.

mod place;

use egui::{Rect, RichText, Ui, Vec2, vec2};

use crate::lesson::{self, Term};
use crate::ui::{Cx, kit::readable, kit::widgets};

/// Which card is open, and the index window.
#[derive(Debug, Default)]
pub struct Glossary {
    open: Option<String>,
    /// Cards opened before the one on screen, for "Back".
    history: Vec<String>,
    index_open: bool,
    search: String,
    /// Give the search box the keyboard on the next frame.
    focus_search: bool,
    /// Give the card the keyboard when it is next drawn (it was just opened).
    focus_card: bool,
    /// The card as last drawn: the width its words wrapped to, their height, and the height
    /// of the rest (the buttons): how tall it is at another width.
    measured: Option<Measured>,
}

#[derive(Clone, Copy, Debug)]
struct Measured {
    width: f32,
    words: f32,
    rest: f32,
}

impl Measured {
    /// The card's words wrapped to `width`: about as many lines of that width as fill the same
    /// area, and the rest as it was.
    fn size(&self, width: f32) -> Vec2 {
        vec2(width, self.rest + self.words * self.width / width.max(1.0))
    }
}

/// Before a card is first drawn: its likely size at its widest.
const FIRST_GUESS: Measured = Measured {
    width: place::WIDTHS[0],
    words: 240.0,
    rest: 40.0,
};

fn card_id() -> egui::Id {
    egui::Id::unique("term-card")
}

/// Where the open card was drawn in the latest frame, if one is open (a card covers no figure:
/// see `place`).
pub fn drawn_card(ctx: &egui::Context) -> Option<Rect> {
    ctx.data(|d| d.get_temp::<Rect>(card_id()))
}

impl Glossary {
    /// The id of the card on screen.
    pub fn open_term(&self) -> Option<&str> {
        self.open.as_deref()
    }

    pub fn card_open(&self) -> bool {
        self.open.is_some()
    }

    /// Opens a card (from a link, the index or another card's "see also").
    pub fn open(&mut self, id: String) {
        if lesson::content().term(&id).is_none() {
            return;
        }
        if let Some(previous) = self.open.take()
            && previous != id
        {
            self.history.push(previous);
        }
        self.open = Some(id);
        self.focus_card = true;
    }

    pub fn close_card(&mut self) {
        self.open = None;
        self.history.clear();
    }

    pub fn index_open(&self) -> bool {
        self.index_open
    }

    /// Opens or closes the index (the top-bar button and the G key).
    pub fn toggle_index(&mut self) {
        self.index_open = !self.index_open;
        self.focus_search = self.index_open;
    }

    /// Draws the index window and the open card. Call once per frame, after the page.
    pub fn show(&mut self, ctx: &egui::Context, cx: &mut Cx<'_>) {
        let card_was_open = self.card_open();
        if self.index_open {
            self.index(ctx);
        }
        if self.card_open() {
            self.card(ctx, cx);
        } else {
            ctx.data_mut(|d| d.remove::<Rect>(card_id()));
        }
        // Escape closes the index when no card was on top of it.
        if self.index_open
            && !card_was_open
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            self.index_open = false;
        }
    }

    fn card(&mut self, ctx: &egui::Context, cx: &mut Cx<'_>) {
        let Some(term) = self
            .open
            .as_deref()
            .and_then(|id| lesson::content().term(id))
        else {
            self.close_card();
            return;
        };
        let mut back = false;
        let focus = std::mem::take(&mut self.focus_card);
        // Where it covers no figure of the page drawn under it.
        let frame = egui::Frame::popup(&ctx.global_style());
        let margin = frame.total_margin().sum();
        let window = ctx.content_rect();
        let figures: Vec<Rect> = readable::figures_so_far(ctx, ctx.viewport_id())
            .iter()
            .map(|f| f.rect)
            .collect();
        let measured = self.measured.unwrap_or(FIRST_GUESS);
        let spot = place::card_rect(window, &figures, &|w| measured.size(w) + margin);
        let inner = spot.size() - margin;
        let area = egui::Modal::default_area(card_id())
            .anchor(egui::Align2::LEFT_TOP, spot.min - window.min);
        let modal = egui::Modal::new(card_id())
            .area(area)
            .frame(frame)
            .show(ctx, |ui| {
                ui.set_max_width(inner.x);
                name_dialog(ui, &tf!("app.glossary.card_name", &[("name", &term.name)]));
                let words = egui::ScrollArea::vertical()
                    .max_height((inner.y - measured.rest).max(0.0))
                    .show(ui, |ui| {
                        ui.set_max_width(inner.x);
                        card_body(ui, term, cx);
                    });
                ui.add_space(8.0);
                let buttons = ui.horizontal(|ui| {
                    if !self.history.is_empty() {
                        let previous = self
                            .history
                            .last()
                            .and_then(|id| lesson::content().term(id));
                        let label = previous.map_or_else(
                            || t!("app.glossary.back").to_owned(),
                            |p| tf!("app.glossary.back_to", &[("name", &p.name)]),
                        );
                        back = ui.button(label).clicked();
                    }
                    let close = ui
                        .button(t!("app.dialog.close"))
                        .on_hover_text(t!("keys.widget_keys.escape"));
                    if focus {
                        // Into the card, as a sighted reader's eyes go: a screen reader says the
                        // card's name, then its text.
                        close.request_focus();
                    }
                    close.clicked()
                });
                let spacing = ui.spacing().item_spacing.y;
                self.measured = Some(Measured {
                    width: words.inner_rect.width().max(1.0),
                    words: words.content_size.y,
                    rest: buttons.response.rect.height() + 8.0 + 2.0 * spacing,
                });
                buttons.inner
            });
        ctx.data_mut(|d| d.insert_temp(card_id(), modal.response.rect));
        if back {
            self.open = self.history.pop();
        } else if modal.inner || modal.should_close() {
            self.close_card();
        }
    }

    fn index(&mut self, ctx: &egui::Context) {
        let mut open = true;
        let mut chosen = None;
        let screen = ctx.content_rect();
        egui::Window::new(t!("app.glossary.title"))
            .id(egui::Id::unique("glossary-index"))
            .open(&mut open)
            .collapsible(false)
            .resizable(true)
            .default_width(430.0)
            .default_height((screen.height() - 120.0).clamp(240.0, 640.0))
            .default_pos(egui::pos2(screen.right() - 460.0, screen.top() + 56.0))
            // Moved by dragging anywhere: a title-bar drag area would be a nameless Tab stop.
            .drag_area(egui::WindowDrag::Anywhere)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label(t!("app.glossary.search"));
                    let r = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.search)
                                .hint_text(t!("app.glossary.search_hint"))
                                .desired_width(ui.available_width()),
                        )
                        .labelled_by(label.id);
                    if std::mem::take(&mut self.focus_search) {
                        r.request_focus();
                    }
                });
                let hits = matches(&self.search);
                let total = lesson::content().glossary.len();
                let count = if self.search.trim().is_empty() {
                    tf!("app.glossary.count", &[("total", total.to_string())])
                } else {
                    tf!(
                        "app.glossary.matches",
                        &[("n", hits.len().to_string()), ("total", total.to_string())],
                    )
                };
                ui.label(RichText::new(count).weak());
                ui.separator();
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        for term in hits {
                            let r = ui
                                .link(RichText::new(&term.name).size(
                                    ui.style().text_styles[&egui::TextStyle::Body].size * 1.1,
                                ))
                                .on_hover_text(t!("app.glossary.open_card"));
                            if r.clicked() {
                                chosen = Some(term.id.clone());
                            }
                            ui.label(
                                RichText::new(first_sentence(&lesson::plain(&term.text))).weak(),
                            );
                            ui.add_space(4.0);
                        }
                    });
            });
        if !open {
            self.index_open = false;
        }
        if let Some(id) = chosen {
            self.open(id);
        }
    }
}

/// Marked-up text whose terms open their cards, like [`widgets::paragraph`] but without the
/// space after it (for list items and table cells).
pub fn marked_text(ui: &mut Ui, text: &str, cx: &mut Cx<'_>) {
    ui.horizontal_wrapped(|ui| {
        ui.ctx()
            .accesskit_node_builder(ui.unique_id(), |n| n.set_role(egui::Role::Paragraph));
        ui.spacing_mut().item_spacing.x = 0.0;
        for span in lesson::spans(text) {
            match span {
                lesson::Span::Plain(p) => {
                    ui.label(p);
                }
                lesson::Span::Term { id, shown } => {
                    if ui
                        .link(shown)
                        .on_hover_text(t!("app.glossary.open_term"))
                        .clicked()
                    {
                        cx.emit(crate::ui::AppEvent::OpenTerm(id.to_owned()));
                    }
                }
            }
        }
    });
}

/// Names the dialog (the modal) that `ui` is drawn in, and gives it the modal state.
fn name_dialog(ui: &Ui, name: &str) {
    let modal = ui
        .stack()
        .iter()
        .find(|f| f.kind() == Some(egui::UiKind::Modal))
        .map(|f| f.unique_id);
    if let Some(id) = modal {
        let name = name.to_owned();
        ui.ctx().accesskit_node_builder(id, |node| {
            node.set_label(name);
            node.set_modal();
        });
    }
}

/// Name, text, analogy and "see also" of a card.
fn card_body(ui: &mut Ui, term: &Term, cx: &mut Cx<'_>) {
    crate::ui::kit::a11y::add_heading(ui, &term.name, 0);
    ui.add_space(4.0);
    widgets::paragraph(ui, &term.text, cx);
    ui.label(
        RichText::new(tf!(
            "app.glossary.analogy",
            &[("analogy", lesson::plain(&term.analogy))],
        ))
        .italics(),
    );
    if !term.see_also.is_empty() {
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(t!("app.glossary.see_also"));
            for other in &term.see_also {
                if let Some(term) = lesson::content().term(other)
                    && ui
                        .link(&term.name)
                        .on_hover_text(t!("app.glossary.open_this"))
                        .clicked()
                {
                    cx.emit(crate::ui::AppEvent::OpenTerm(other.clone()));
                }
            }
        });
    }
}

/// Cards whose name, text or analogy contains every word of `query` (case does not matter),
/// best first: the card named exactly that, then names that start with it, then names that
/// contain it, then matches in the text; alphabetical within each group.
pub fn matches(query: &str) -> Vec<&'static Term> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let query = words.join(" ");
    let mut hits: Vec<(u8, String, &Term)> = lesson::content()
        .glossary
        .iter()
        .filter(|t| {
            let hay = format!(
                "{} {} {} {}",
                t.name,
                t.id,
                lesson::plain(&t.text),
                t.analogy
            )
            .to_lowercase();
            words.iter().all(|w| hay.contains(w.as_str()))
        })
        .map(|t| {
            let name = t.name.to_lowercase();
            (rank(&name, &query), name, t)
        })
        .collect();
    hits.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    hits.into_iter().map(|(_, _, t)| t).collect()
}

/// How well a card's name (lower case) answers `query` (lower case): 0 for the name itself
/// (with or without its bracketed part: "ttl" for "TTL (time to live)"), 1 for a name that
/// starts with the query, 2 for one that contains it, 3 for a match in the text only.
fn rank(name: &str, query: &str) -> u8 {
    let bare = name.split(" (").next().unwrap_or(name);
    if name == query || bare == query {
        0
    } else if name.starts_with(query) {
        1
    } else if name.contains(query) {
        2
    } else {
        3
    }
}

fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(i) => &text[..=i],
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(query: &str) -> Vec<&'static str> {
        matches(query).iter().map(|t| t.name.as_str()).collect()
    }

    #[test]
    fn the_card_named_by_the_query_comes_first() {
        let lease = names("lease");
        assert_eq!(lease[0], "Lease", "{lease:?}");
        // Other cards that mention leases follow, in their groups.
        for other in ["Clock drift", "Critical section"] {
            let at = lease.iter().position(|n| *n == other);
            assert!(at.is_some_and(|i| i > 0), "{other} in {lease:?}");
        }
        assert_eq!(names("TTL")[0], "TTL (time to live)");
        assert_eq!(names("  Lease ")[0], "Lease");
    }

    #[test]
    fn name_prefixes_come_before_names_that_contain_it_and_text_matches() {
        let lock = names("lock");
        assert_eq!(lock[0], "Lock", "{lock:?}");
        let prefix = lock
            .iter()
            .position(|n| *n == "Lock renewal (watchdog)")
            .unwrap();
        let inside = lock.iter().position(|n| *n == "Redlock").unwrap();
        let text = lock.iter().position(|n| *n == "Mutual exclusion").unwrap();
        assert!(prefix < inside && inside < text, "{lock:?}");
        assert_eq!(rank("lease", "lease"), 0);
        assert_eq!(rank("lock renewal (watchdog)", "lock"), 1);
        assert_eq!(rank("redlock", "lock"), 2);
        assert_eq!(rank("clock drift", "lease"), 3);
    }
}
