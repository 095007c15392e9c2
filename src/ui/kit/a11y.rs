//! What a screen reader needs beyond egui's defaults: headings, slider values with their
//! units, the keys of a focused slider, named groups and spoken announcements.
//!
//! Announcements go through two nodes of their own that are in the accessibility tree on every
//! frame (so that they are never added or removed, which would speak them again): one says the
//! section on a change of section, the other the section's headline once it has stopped
//! changing for [`SETTLE`] seconds (so that a dragged slider is not read on every frame). Both
//! are polite live regions: a screen reader speaks them when the user is not typing or
//! listening to something else.

use std::cell::RefCell;
use std::ops::RangeInclusive;
use std::rc::Rc;

use egui::accesskit::{Live, Node, Role};
use egui::{Context, Event, Id, Key, Response, Ui, UiBuilder};

/// Seconds a headline must stay the same before it is announced.
pub const SETTLE: f64 = 0.7;

/// Marks a shown heading (a label) as a heading of `level` (0: a section's title).
pub fn heading(r: &Response, level: usize) {
    let text = r.ctx.accesskit_node_builder(r.id, |node| {
        let text = node.value().map(str::to_owned);
        node.set_role(Role::Heading);
        node.set_level(level);
        text
    });
    if let Some(Some(text)) = text {
        // A heading is named by its label (a label is named by its value).
        r.ctx
            .accesskit_node_builder(r.id, |node| node.set_label(text));
    }
}

/// `ui.heading(text)` that is also a heading for a screen reader. A top-level heading on the
/// page itself (not in a window or dialog) is the section's title: the top bar's "Skip to
/// the section" moves the focus to the first control after it.
pub fn add_heading(ui: &mut Ui, text: impl Into<egui::RichText>, level: usize) -> Response {
    let r = ui.heading(text);
    heading(&r, level);
    if level == 0 && ui.layer_id().order == egui::Order::Background {
        ui.ctx()
            .data_mut(|d| d.insert_temp(page_heading_key(), r.id));
    }
    r
}

fn page_heading_key() -> egui::Id {
    egui::Id::unique("locks-lesson/page-heading")
}

/// The first control after the section's title, in Tab order, as the last frame drew it.
pub fn first_control_of_page(ctx: &egui::Context) -> Option<egui::Id> {
    let heading: egui::Id = ctx.data(|d| d.get_temp(page_heading_key()))?;
    ctx.viewport(|v| {
        let widgets = &v.prev_pass.widgets;
        let (layer, _) = widgets.order(heading)?;
        widgets
            .get_layer(layer)
            .skip_while(|w| w.id != heading)
            .find(|w| w.enabled && w.sense.is_focusable())
            .map(|w| w.id)
    })
}

/// Gives an expandable header ("How this is computed") the open or closed state in a form
/// that Linux screen readers get too: AccessKit's expanded state has no AT-SPI counterpart
/// yet, so the header (a toggle button there) is also pressed while open.
pub fn disclosure<R>(r: &egui::CollapsingResponse<R>) {
    let open = r.openness > 0.0;
    r.header_response
        .ctx
        .accesskit_node_builder(r.header_response.id, |node| {
            node.set_expanded(open);
            node.set_toggled(if open {
                egui::accesskit::Toggled::True
            } else {
                egui::accesskit::Toggled::False
            });
        });
}

/// Lays out `add_contents` left to right as one named group (e.g. the speed buttons), one
/// row high as `ui.horizontal` is: a left-to-right layout centred across the whole height
/// that is left would float its buttons in the middle of it (and make a menu around it as
/// tall as the window).
pub fn group<R>(ui: &mut Ui, name: &str, add_contents: impl FnOnce(&mut Ui) -> R) -> R {
    let builder = UiBuilder::new()
        .layout(egui::Layout::left_to_right(egui::Align::Center))
        .accessibility_role(Role::Group)
        .accessibility_label(name);
    ui.horizontal(|ui| ui.scope_builder(builder, add_contents).inner)
        .inner
}

/// Adds `slider` and gives its two controls the value as shown, with its unit.
///
/// `format` writes the number (egui's number format unless the slider has its own) and
/// `suffix` follows it, as on screen. The slider part gets the text as its value and as its
/// description (Linux screen readers read only the description: AccessKit's AT-SPI bridge
/// passes numbers alone), and the number box is named "NAME: exact value" so that the two
/// stops of one setting say which is which.
pub fn add_slider<'a>(
    ui: &mut Ui,
    slider: egui::Slider<'a>,
    name: &str,
    format: impl Fn(f64, RangeInclusive<usize>) -> String + 'a,
    suffix: &str,
) -> Response {
    let shown: Rc<RefCell<Option<String>>> = Rc::default();
    let sink = Rc::clone(&shown);
    let slider = slider.custom_formatter(move |v, decimals| {
        let s = format(v, decimals);
        *sink.borrow_mut() = Some(s.clone());
        s
    });
    let r = ui.add(slider);
    let text = shown.borrow_mut().take().map(|s| format!("{s}{suffix}"));
    let parts = focusable_parts(ui, &r);
    if let (Some(text), Some(&slider_id)) = (text, parts.first()) {
        ui.ctx().accesskit_node_builder(slider_id, |node| {
            node.set_value(text.clone());
            node.set_description(text.clone());
        });
        if let Some(&number) = parts.get(1) {
            let editing = ui.ctx().text_edit_focused() && r.has_focus() && r.id == number;
            ui.ctx().accesskit_node_builder(number, |node| {
                node.clear_labelled_by();
                let label = tf!("stage.slider.exact_value", &[("name", name)]);
                node.set_label(label);
                if !editing {
                    node.set_value(text.clone());
                    node.set_description(text);
                }
            });
        }
    }
    r
}

/// Gives the slider part of `r` (a slider drawn without [`add_slider`]) `text`, its value
/// as shown with its unit, as its value and description (see [`add_slider`]).
pub fn slider_value_text(ui: &Ui, r: &Response, text: &str) {
    if let Some(&slider_id) = focusable_parts(ui, r).first() {
        ui.ctx().accesskit_node_builder(slider_id, |node| {
            node.set_value(text);
            node.set_description(text);
        });
    }
}

/// The focusable widgets drawn inside `r` (a slider: the rail, then the number box).
fn focusable_parts(ui: &Ui, r: &Response) -> Vec<Id> {
    let area = r.rect.expand(0.5);
    ui.ctx().viewport(|v| {
        v.this_pass
            .widgets
            .get_layer(r.layer_id)
            .filter(|w| w.sense.is_focusable() && area.contains_rect(w.rect))
            .map(|w| w.id)
            .collect()
    })
}

/// The keys a focused slider takes, read before it is drawn (`last_id` is its id in the last
/// frame): ↑ and ↓ become → and ← (left for the slider), Page Up and Page Down ten of them,
/// and Home and End set `value` to the ends of `range`. The keys are consumed, and ↑ and ↓ no
/// longer move the focus away.
pub fn slider_keys(ui: &Ui, last_id: Option<Id>, range: RangeInclusive<f64>, value: &mut f64) {
    let Some(id) = last_id else { return };
    if !ui.memory(|m| m.has_focus(id)) || ui.ctx().text_edit_focused() {
        return;
    }
    ui.memory_mut(|m| {
        m.set_focus_lock_filter(
            id,
            egui::EventFilter {
                horizontal_arrows: true,
                vertical_arrows: true,
                ..Default::default()
            },
        );
    });
    let jump = ui.input_mut(|i| {
        let mut jump = None;
        let mut out = Vec::with_capacity(i.events.len());
        for e in std::mem::take(&mut i.events) {
            let Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } = &e
            else {
                out.push(e);
                continue;
            };
            let (to, times) = match key {
                Key::ArrowUp => (Key::ArrowRight, 1),
                Key::ArrowDown => (Key::ArrowLeft, 1),
                Key::PageUp => (Key::ArrowRight, 10),
                Key::PageDown => (Key::ArrowLeft, 10),
                Key::Home | Key::End => {
                    jump = Some(if *key == Key::Home {
                        *range.start()
                    } else {
                        *range.end()
                    });
                    continue;
                }
                _ => {
                    out.push(e);
                    continue;
                }
            };
            for _ in 0..times {
                out.push(arrow(to, *modifiers));
            }
        }
        i.events = out;
        jump
    });
    if let Some(to) = jump {
        *value = to;
    }
}

fn arrow(key: Key, modifiers: egui::Modifiers) -> Event {
    Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers,
    }
}

fn section_node_id() -> Id {
    Id::unique("locks-lesson/announce-section")
}

fn headline_node_id() -> Id {
    Id::unique("locks-lesson/announce-headline")
}

fn headline_seen_id() -> Id {
    Id::unique("locks-lesson/headline-seen")
}

/// Records the headline on screen this frame (`shown` is its label), for [`announce`].
///
/// The label is marked as labelled by the announcement node, so that the two count as one
/// text: a look-up of the headline's words (a test's, a tool's) finds the label on screen, not
/// both. A screen reader names a label by its own text, so it reads the headline unchanged.
pub fn headline_shown(shown: &Response, text: &str) {
    shown.ctx.accesskit_node_builder(shown.id, |node| {
        node.push_labelled_by(headline_node_id().accesskit_id());
    });
    shown
        .ctx
        .data_mut(|d| d.insert_temp(headline_seen_id(), text.to_owned()));
}

/// The headline last on screen, as the announcer has it (a slide's may say less than the
/// section's summary).
pub fn headline_on_screen(ctx: &Context) -> Option<String> {
    let s: Settling = ctx.data(|d| d.get_temp(headline_node_id().with("state")))?;
    (!s.latest.is_empty()).then_some(s.latest)
}

/// What the headline announcer remembers between frames.
#[derive(Clone, Debug, Default)]
struct Settling {
    /// The section the headline belongs to.
    section: u8,
    /// The latest headline and since when it has been on screen.
    latest: String,
    since: f64,
}

/// Names the window and keeps the two announcement nodes up to date. Call once a frame,
/// after the page: `section` is the section on screen and `title` what to say about it.
///
/// The headline node is empty (and not live) while the headline is changing or missing, and
/// holds it once it has settled: that change from empty to the text is what is spoken, once,
/// and the node never holds an old headline.
pub fn announce(ctx: &Context, window_title: &str, section: u8, title: &str) {
    ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| {
        node.set_label(window_title);
    });
    let now = ctx.input(|i| i.time);
    let seen: Option<String> = ctx.data_mut(|d| d.remove_temp(headline_seen_id()));
    let state_id = headline_node_id().with("state");
    let mut s: Settling = ctx.data(|d| d.get_temp(state_id)).unwrap_or_default();
    if s.section != section {
        s = Settling {
            section,
            ..Settling::default()
        };
    }
    let settled = match &seen {
        Some(text) if *text != s.latest => {
            s.latest.clone_from(text);
            s.since = now;
            false
        }
        Some(_) => now - s.since >= SETTLE,
        None => false,
    };
    if seen.is_some() && !settled {
        let wait = (SETTLE - (now - s.since)).max(0.0);
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(wait));
    }
    live_node(ctx, section_node_id(), title, true);
    live_node(ctx, headline_node_id(), &s.latest, settled);
    ctx.data_mut(|d| d.insert_temp(state_id, s));
}

/// A polite live region saying `text`, or an empty, silent one when not `on`.
fn live_node(ctx: &Context, id: Id, text: &str, on: bool) {
    let text = if on { text.to_owned() } else { String::new() };
    ctx.accesskit_node_builder(id, |node: &mut Node| {
        node.set_role(Role::Label);
        node.set_live(if on { Live::Polite } else { Live::Off });
        node.set_value(text);
    });
}
