//! The top bar: section navigation on the left, the learner's and lecturer's tools on the
//! right. Both groups are laid out left to right, so Tab reaches them in reading order. When
//! the bar is too narrow for both (a small projector, a large zoom), the right-hand group
//! folds into one "Menu" button instead of running under the navigation (all but the
//! review's button, due today); the title gives way only where even that leaves no room.

use egui::{Id, RichText, Ui};

use crate::lesson::catalogue::t;
use crate::lesson::quantity::pct_rounded;
use crate::progress::{Progress, ProgressFile};
use crate::ui::kit::measure::{remember, remembered};
use crate::ui::shell::CatalogueText;
use crate::ui::shell::glossary::Glossary;
use crate::ui::shell::keymap::{Action, key_text, key_texts};

/// What the top bar shows and changes.
pub struct TopBar<'a> {
    pub current: u8,
    /// The last section Page Down reaches (a lecture's ends at the lab where it runs).
    pub last: u8,
    pub side_open: &'a mut bool,
    pub lecture: bool,
    /// The presenter view's audience window is open.
    pub presenting: bool,
    pub glossary: &'a mut Glossary,
    pub progress: &'a ProgressFile,
    /// Shortcuts asked for by the bar's buttons (the app applies them like their keys).
    pub queued: &'a mut Vec<Action>,
    /// The section to go to.
    pub go_to: Option<u8>,
    /// Lecture mode: the lecturer's type factor as shown ("Type 100 %").
    pub type_label: String,
    /// Lecture mode: the type asked to be a step larger (`Some(true)`), smaller, or normal.
    pub type_change: Option<Option<bool>>,
    /// The section's title (lecture mode shows it in the bar: the slide has no title row).
    pub title: &'a str,
    /// Show final results at once (a lecture's menu holds the bottom bar's switch).
    pub reduced_motion: &'a mut bool,
    /// Spaced-review items due now (the button shows only when some are).
    pub review_due: usize,
    /// Lecture mode: a notice (and whether it is an error), shown for a few seconds where the
    /// title is: a projector has no bottom bar, and there it covers nothing of the slide.
    pub notice: Option<(String, bool)>,
}

/// The window title; also the top bar's title on a roomy learner window.
pub const TITLE: CatalogueText = CatalogueText::new(|| t!("app.title"));

/// The room a learner's bar needs for the title and what follows it when the tools are
/// folded (previous, position, next, the review's button and the menu).
const TITLE_ROOM: f32 = 560.0;

fn right_width_id() -> Id {
    Id::unique("locks-lesson/top-bar-right-width")
}

/// Lecture mode: the width of the type button and the menu after the title.
fn tail_width_id() -> Id {
    Id::unique("locks-lesson/top-bar-lecture-tail")
}

impl TopBar<'_> {
    pub fn show(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let remembered = remembered(ui, right_width_id()).unwrap_or(420.0);
            let tail_start = self.navigation(ui);
            let room = ui.available_width();
            // A lecture keeps the bar for the slide's title: its tools are in the menu.
            if !self.lecture && room >= remembered {
                ui.add_space(room - remembered);
                let start = ui.cursor().left();
                self.tools(ui);
                let width = ui.cursor().left() - start + ui.spacing().item_spacing.x;
                remember(ui, right_width_id(), width);
            } else {
                if !self.lecture {
                    // The review is due today: it stays in the bar, the rest folds.
                    self.review_button(ui);
                }
                let folded = !self.lecture;
                ui.menu_button(t!("app.topbar.menu"), |ui| {
                    self.tools_but_review(ui, folded)
                })
                .response
                .on_hover_text(t!("app.topbar.menu_hint"));
                if let Some(start) = tail_start {
                    remember(ui, tail_width_id(), ui.cursor().left() - start);
                }
            }
        });
    }

    /// Skip to the section, sections, title, previous, position, next; in lecture mode the
    /// slide's title and the type button too. Returns where the type button starts (lecture
    /// mode), to measure what follows the title.
    fn navigation(&mut self, ui: &mut Ui) -> Option<f32> {
        // The first Tab stop: straight to the section, past the rest of the bar (not on a
        // slide: the audience needs no keyboard help).
        if !self.lecture {
            skip_link(ui);
        }
        if !self.lecture {
            let toggle = ui
                .selectable_label(*self.side_open, t!("app.topbar.section_list"))
                .on_hover_text(tf!(
                    "app.topbar.section_list_hint",
                    &[("key", key_text(Action::ToggleSidePanel))],
                ));
            if toggle.clicked() {
                *self.side_open = !*self.side_open;
            }
            ui.separator();
        }
        // A projector needs the room; the window and the page carry the title. A learner's
        // bar keeps it wherever the rest of the navigation and the folded tools fit beside
        // it: the tools fold into the menu first.
        if !self.lecture && ui.available_width() > TITLE_ROOM {
            ui.label(RichText::new(TITLE.get()).strong());
            ui.separator();
        }
        let n = self.current;
        // A learner turns the pages on to the lab; a lecture ends with the lesson.
        let count = if self.lecture {
            crate::sections::lesson_count()
        } else {
            crate::sections::lab()
        };
        // On a projector the arrows alone leave room for the title.
        let (previous, next) = if self.lecture {
            ("◀", "▶")
        } else {
            (t!("app.topbar.previous"), t!("app.topbar.next"))
        };
        // On a projector the arrows are the clicker's keys: one build on or back, always
        // ready (a press past the deck's ends does nothing, as Page Down does).
        if ui
            .add_enabled(n > 1 || self.lecture, egui::Button::new(previous))
            .accessible_name(if self.lecture {
                t!("app.topbar.previous_build_name")
            } else {
                t!("app.topbar.previous_name")
            })
            .clicked()
        {
            if self.lecture {
                self.queued.push(Action::PreviousSection);
            } else {
                self.go_to = Some(n - 1);
            }
        }
        if self.lecture && n > count {
            ui.label(t!("app.topbar.lab"));
        } else {
            ui.label(format!("{n} / {count}"));
        }
        if ui
            .add_enabled(
                n < count.max(self.last) || self.lecture,
                egui::Button::new(next),
            )
            .accessible_name(if self.lecture {
                t!("app.topbar.next_build_name")
            } else {
                t!("app.topbar.next_name")
            })
            .clicked()
        {
            if self.lecture {
                self.queued.push(Action::NextSection);
            } else {
                self.go_to = Some(n + 1);
            }
        }
        if self.lecture {
            ui.separator();
            // (The type button and the menu follow: last frame's width of theirs.)
            // (At another zoom, say the first frame of a slide at another type, not known: the
            // title takes the room a long tail would leave it.)
            let tail = remembered(ui, tail_width_id()).unwrap_or(260.0);
            let room = (ui.available_width() - tail - ui.spacing().item_spacing.x).max(40.0);
            let title = match &self.notice {
                Some((text, error)) => {
                    let color = if *error {
                        crate::ui::kit::widgets::warn_color(ui)
                    } else {
                        ui.visuals().strong_text_color()
                    };
                    RichText::new(text).color(color)
                }
                None => RichText::new(self.title).strong(),
            };
            let shown = ui.add_sized(
                [room, ui.spacing().interact_size.y],
                egui::Label::new(title).truncate(),
            );
            if let Some((text, _)) = &self.notice {
                // The whole notice where it does not fit, and said to assistive technology.
                shown.on_hover_text(text.as_str());
            }
            // The type follows the projector; the lecturer's factor is always shown, and set
            // here.
            let tail_start = ui.cursor().left();
            ui.separator();
            ui.menu_button(self.type_label.as_str(), |ui| {
                self.type_change = type_menu(ui);
            })
            .response
            .on_hover_text(t!("app.topbar.type_hint"));
            return Some(tail_start);
        }
        None
    }

    /// XP, review, glossary, view, lecture, keys.
    fn tools(&mut self, ui: &mut Ui) {
        self.tools_but_review(ui, false);
    }

    /// "Review: N due", when some are.
    fn review_button(&mut self, ui: &mut Ui) {
        if self.review_due == 0 {
            return;
        }
        let w = crate::review::words();
        let n = [("n", self.review_due.to_string())];
        if ui
            .button(crate::lesson::fill(&w.button, &n))
            .on_hover_text(crate::lesson::fill(
                &w.button_hint,
                &[("key", key_text(Action::Review))],
            ))
            .clicked()
        {
            self.queued.push(Action::Review);
        }
    }

    /// The tools; without the review button when `without_review` (it is in the bar).
    fn tools_but_review(&mut self, ui: &mut Ui, without_review: bool) {
        if !self.lecture {
            // Nothing is scored in lecture mode.
            let p = self.progress.get();
            let xp = [("xp", p.xp.to_string())];
            ui.label(RichText::new(tf!("app.topbar.xp", &xp)).strong())
                .on_hover_text(tf!(
                    "app.topbar.xp_hint",
                    &[
                        ("xp", p.xp.to_string()),
                        ("max", Progress::max_xp().to_string()),
                        ("per", crate::progress::XP_PER_QUESTION.to_string()),
                    ],
                ));
        }
        if !without_review {
            self.review_button(ui);
        }
        let r = ui
            .selectable_label(self.glossary.index_open(), t!("app.topbar.glossary"))
            .on_hover_text(tf!(
                "app.topbar.glossary_hint",
                &[("key", key_text(Action::ToggleGlossary))],
            ));
        if r.clicked() {
            self.glossary.toggle_index();
        }
        if !self.lecture {
            ui.menu_button(t!("app.topbar.view"), view_menu)
                .response
                .on_hover_text(t!("app.topbar.view_hint"));
        }
        if ui
            .selectable_label(self.lecture, t!("app.topbar.lecture"))
            .on_hover_text(tf!(
                "app.topbar.lecture_hint",
                &[("key", key_text(Action::ToggleLecture))],
            ))
            .clicked()
        {
            self.queued.push(Action::ToggleLecture);
        }
        if ui
            .selectable_label(self.presenting, t!("app.topbar.presenter"))
            .on_hover_text(tf!(
                "app.topbar.presenter_hint",
                &[("key", key_text(Action::TogglePresenter))],
            ))
            .clicked()
        {
            self.queued.push(Action::TogglePresenter);
        }
        if ui
            .button(t!("app.topbar.keys"))
            .on_hover_text({
                let keys = key_texts(Action::KeyboardMap);
                let key = |i: usize| keys.get(i).copied().unwrap_or_default();
                tf!("app.topbar.keys_hint", &[("key", key(0)), ("key2", key(1))])
            })
            .clicked()
        {
            self.queued.push(Action::KeyboardMap);
        }
        if self.lecture {
            // The bottom bar's tools: a projector shows no bottom bar.
            ui.separator();
            if ui
                .button(t!("app.topbar.copy_code"))
                .on_hover_text(tf!(
                    "app.topbar.copy_code_hint",
                    &[("key", key_text(Action::CopyScenario))],
                ))
                .clicked()
            {
                self.queued.push(Action::CopyScenario);
            }
            ui.toggle_value(self.reduced_motion, t!("app.motion.label"))
                .on_hover_text(t!("app.motion.hint"));
        }
    }
}

/// Lecture mode: the type a step smaller, normal, or a step larger.
pub fn type_menu(ui: &mut Ui) -> Option<Option<bool>> {
    let mut change = None;
    let key = |k: &str| [("key", t(k))];
    crate::ui::kit::a11y::group(ui, t!("app.type.group"), |ui| {
        if ui
            .button(tf!("app.type.smaller", &key(key!("keys.name.zoom_out"))))
            .clicked()
        {
            change = Some(Some(false));
        }
        if ui
            .button(tf!("app.type.normal", &key(key!("keys.name.zoom_reset"))))
            .clicked()
        {
            change = Some(None);
        }
        if ui
            .button(tf!("app.type.larger", &key(key!("keys.name.zoom_in"))))
            .clicked()
        {
            change = Some(Some(true));
        }
    });
    change
}

/// Theme and text size (learner mode: lecture mode brings its own colours and type).
fn view_menu(ui: &mut Ui) {
    ui.label(RichText::new(t!("app.view.theme")).strong());
    let mut pref = ui.ctx().options(|o| o.theme_preference);
    let before = pref;
    crate::ui::kit::a11y::group(ui, t!("app.view.theme"), |ui| {
        use egui::ThemePreference as Theme;
        ui.selectable_value(&mut pref, Theme::System, t!("app.view.theme_system"));
        ui.selectable_value(&mut pref, Theme::Light, t!("app.view.theme_light"));
        ui.selectable_value(&mut pref, Theme::Dark, t!("app.view.theme_dark"));
    });
    if pref != before {
        ui.ctx().set_theme(pref);
    }
    ui.separator();
    ui.label(RichText::new(t!("app.view.text_size")).strong());
    let zoom = ui.ctx().zoom_factor();
    crate::ui::kit::a11y::group(ui, t!("app.view.text_size"), |ui| {
        if ui
            .button(t!("app.view.smaller"))
            .on_hover_text(t!("keys.name.zoom_out"))
            .clicked()
        {
            ui.ctx().set_zoom_factor((zoom - 0.1).max(0.5));
        }
        if ui
            .button(pct_rounded(f64::from(zoom), 3))
            .on_hover_text(tf!(
                "app.view.normal_hint",
                &[
                    ("percent", pct_rounded(1.0, 3).as_str()),
                    ("key", t!("keys.name.zoom_reset")),
                ],
            ))
            .clicked()
        {
            ui.ctx().set_zoom_factor(1.0);
        }
        if ui
            .button(t!("app.view.larger"))
            .on_hover_text(t!("keys.name.zoom_in"))
            .clicked()
        {
            ui.ctx().set_zoom_factor((zoom + 0.1).min(3.0));
        }
    });
}

/// The "Skip to section" link: moves the keyboard focus to the section's first control.
fn skip_link(ui: &mut Ui) {
    let skip = ui
        .add(egui::Button::new(
            RichText::new(t!("app.topbar.skip")).small(),
        ))
        .accessible_name(t!("app.topbar.skip_name"))
        .on_hover_text(t!("app.topbar.skip_hint"));
    if skip.clicked()
        && let Some(id) = crate::ui::kit::a11y::first_control_of_page(ui.ctx())
    {
        ui.memory_mut(|m| m.request_focus(id));
        // The key that pressed this button must not press the control that now has the
        // focus too, later in this frame.
        ui.input_mut(|i| {
            for key in [egui::Key::Enter, egui::Key::Space] {
                i.consume_key(egui::Modifiers::NONE, key);
            }
        });
    }
}
