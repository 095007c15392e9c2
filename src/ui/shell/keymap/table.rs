//! The table of shortcuts: every key, how the keyboard map writes it and what it does, both
//! from the catalogue (`assets/ui/keys.ron`), and the keys egui's controls handle themselves.

use egui::{Key, Modifiers};

use super::Action;

/// One row of the keyboard map. Its words come from the catalogue (`assets/ui/keys.ron`) when
/// they are shown, in the language of the moment.
#[derive(Clone, Copy, Debug)]
pub struct Shortcut {
    pub action: Action,
    pub modifiers: Modifiers,
    pub key: Key,
    /// How the key is written in the keyboard map.
    keys: fn() -> &'static str,
    /// What it does.
    what: fn() -> String,
}

impl Shortcut {
    /// How the key is written in the keyboard map ("Page Down", "Ctrl+B").
    pub fn keys_text(&self) -> &'static str {
        (self.keys)()
    }

    /// What the key does, as the keyboard map says it.
    pub fn description(&self) -> String {
        (self.what)()
    }
}

/// `Ctrl+Shift+key` (Cmd+Shift on a Mac).
const SHIFT_COMMAND: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

const fn with(
    modifiers: Modifiers,
    action: Action,
    key: Key,
    keys: fn() -> &'static str,
    what: fn() -> String,
) -> Shortcut {
    Shortcut {
        action,
        modifiers,
        key,
        keys,
        what,
    }
}

const fn plain(
    action: Action,
    key: Key,
    keys: fn() -> &'static str,
    what: fn() -> String,
) -> Shortcut {
    with(Modifiers::NONE, action, key, keys, what)
}

/// The number of the section with this id, for the descriptions that name sections.
fn section(id: &str) -> String {
    crate::sections::number(id).to_string()
}

fn next_section() -> String {
    t!("keys.what.next_section").to_owned()
}

fn previous_section() -> String {
    t!("keys.what.previous_section").to_owned()
}

fn choose() -> String {
    t!("keys.what.choose").to_owned()
}

fn next_question() -> String {
    t!("keys.what.continue").to_owned()
}

/// P, ↓ and ↑: the presenter view's keys, one row of the map.
fn presenter() -> String {
    let keys = [
        ("p", t!("keys.name.p")),
        ("down", t!("keys.name.down")),
        ("up", t!("keys.name.up")),
    ];
    tf!("keys.what.presenter", &keys)
}

fn blank() -> String {
    t!("keys.what.blank").to_owned()
}

fn keyboard_map() -> String {
    t!("keys.what.keyboard_map").to_owned()
}

pub const SHORTCUTS: &[Shortcut] = &[
    plain(
        Action::NextSection,
        Key::PageDown,
        || t!("keys.name.page_down"),
        next_section,
    ),
    plain(
        Action::NextSectionArrow,
        Key::ArrowRight,
        || t!("keys.name.right"),
        next_section,
    ),
    plain(
        Action::PreviousSection,
        Key::PageUp,
        || t!("keys.name.page_up"),
        previous_section,
    ),
    plain(
        Action::PreviousSectionArrow,
        Key::ArrowLeft,
        || t!("keys.name.left"),
        previous_section,
    ),
    plain(
        Action::FirstSection,
        Key::Home,
        || t!("keys.name.home"),
        || t!("keys.what.first_section").to_owned(),
    ),
    plain(
        Action::LastSection,
        Key::End,
        || t!("keys.name.end"),
        || t!("keys.what.last_section").to_owned(),
    ),
    with(
        Modifiers::COMMAND,
        Action::ToggleSidePanel,
        Key::B,
        || t!("keys.name.ctrl_b"),
        || t!("keys.what.side_panel").to_owned(),
    ),
    plain(Action::Choose(1), Key::Num1, || t!("keys.name.1"), choose),
    plain(Action::Choose(2), Key::Num2, || t!("keys.name.2"), choose),
    plain(Action::Choose(3), Key::Num3, || t!("keys.name.3"), choose),
    plain(Action::Choose(4), Key::Num4, || t!("keys.name.4"), choose),
    plain(Action::Choose(5), Key::Num5, || t!("keys.name.5"), choose),
    plain(
        Action::Continue,
        Key::Enter,
        || t!("keys.name.enter"),
        next_question,
    ),
    plain(
        Action::Continue,
        Key::Space,
        || t!("keys.name.space"),
        next_question,
    ),
    // Shift+R before R: a plain R row would take Shift+R too. One row of the map with R (the
    // same words).
    with(
        Modifiers::SHIFT,
        Action::Rerun,
        Key::R,
        || t!("keys.name.shift_r"),
        || t!("keys.what.reveal").to_owned(),
    ),
    plain(
        Action::Reveal,
        Key::R,
        || t!("keys.name.r"),
        || t!("keys.what.reveal").to_owned(),
    ),
    plain(
        Action::PlayPause,
        Key::K,
        || t!("keys.name.k"),
        || {
            tf!(
                "keys.what.play_pause",
                &[
                    ("why_lock", section("why-lock")),
                    ("stale", section("stale")),
                ],
            )
        },
    ),
    plain(
        Action::StepPlayback,
        Key::S,
        || t!("keys.name.s"),
        || {
            tf!(
                "keys.what.step",
                &[
                    ("why_lock", section("why-lock")),
                    ("stale", section("stale")),
                ],
            )
        },
    ),
    plain(
        Action::ResetPlayback,
        Key::X,
        || t!("keys.name.x"),
        || {
            tf!(
                "keys.what.reset",
                &[
                    ("why_lock", section("why-lock")),
                    ("stale", section("stale")),
                ],
            )
        },
    ),
    // Shift+N before N: a plain N row would take Shift+N too.
    with(
        Modifiers::SHIFT,
        Action::PreviousChoice,
        Key::N,
        || t!("keys.name.shift_n"),
        || t!("keys.what.previous_choice").to_owned(),
    ),
    plain(
        Action::NextChoice,
        Key::N,
        || t!("keys.name.n"),
        || {
            tf!(
                "keys.what.next_choice",
                &[
                    ("ttl", section("ttl")),
                    ("where", section("where")),
                    ("break", section("break")),
                ],
            )
        },
    ),
    plain(
        Action::ToggleFencing,
        Key::F,
        || t!("keys.name.f"),
        || {
            tf!(
                "keys.what.fencing",
                &[("stale", section("stale")), ("fencing", section("fencing"))],
            )
        },
    ),
    plain(
        Action::ToggleLock,
        Key::M,
        || t!("keys.name.m"),
        || tf!("keys.what.lock", &[("why_lock", section("why-lock"))]),
    ),
    plain(
        Action::Review,
        Key::V,
        || t!("keys.name.v"),
        || t!("keys.what.review").to_owned(),
    ),
    plain(
        Action::ToggleGlossary,
        Key::G,
        || t!("keys.name.g"),
        || t!("keys.what.glossary").to_owned(),
    ),
    plain(
        Action::ToggleLecture,
        Key::L,
        || t!("keys.name.l"),
        || t!("keys.what.lecture").to_owned(),
    ),
    plain(
        Action::ToggleFullscreen,
        Key::F11,
        || t!("keys.name.f11"),
        || t!("keys.what.fullscreen").to_owned(),
    ),
    plain(Action::BlankScreen, Key::B, || t!("keys.name.b"), blank),
    plain(
        Action::BlankScreen,
        Key::Period,
        || t!("keys.name.period"),
        blank,
    ),
    plain(
        Action::TogglePresenter,
        Key::P,
        || t!("keys.name.p"),
        presenter,
    ),
    // ↓ and ↑ share P's row of the map (the same words).
    plain(
        Action::NotesForward,
        Key::ArrowDown,
        || t!("keys.name.down"),
        presenter,
    ),
    plain(
        Action::NotesBack,
        Key::ArrowUp,
        || t!("keys.name.up"),
        presenter,
    ),
    // Shift+/ on many layouts; also matched as typed text, see `pressed`.
    plain(
        Action::KeyboardMap,
        Key::Questionmark,
        || t!("keys.name.question"),
        keyboard_map,
    ),
    plain(
        Action::KeyboardMap,
        Key::F1,
        || t!("keys.name.f1"),
        keyboard_map,
    ),
    // Ctrl+Shift rows before any plain Ctrl row on the same key: a pattern without Shift
    // also matches a press with Shift (see the `no_row_is_shadowed` test).
    with(
        SHIFT_COMMAND,
        Action::CopyScenario,
        Key::C,
        || t!("keys.name.ctrl_shift_c"),
        || t!("keys.what.copy_scenario").to_owned(),
    ),
    with(
        SHIFT_COMMAND,
        Action::PasteScenario,
        Key::V,
        || t!("keys.name.ctrl_shift_v"),
        || t!("keys.what.paste_scenario").to_owned(),
    ),
    with(
        SHIFT_COMMAND,
        Action::ExportData,
        Key::E,
        || t!("keys.name.ctrl_shift_e"),
        || t!("keys.what.export_data").to_owned(),
    ),
    with(
        Modifiers::COMMAND,
        Action::ExportPlot,
        Key::E,
        || t!("keys.name.ctrl_e"),
        || t!("keys.what.export_plot").to_owned(),
    ),
    with(
        SHIFT_COMMAND,
        Action::CopyFigure,
        Key::F,
        || t!("keys.name.ctrl_shift_f"),
        || t!("keys.what.copy_figure").to_owned(),
    ),
    with(
        SHIFT_COMMAND,
        Action::AddToPlaylist,
        Key::A,
        || t!("keys.name.ctrl_shift_a"),
        || t!("keys.what.add_to_playlist").to_owned(),
    ),
];

/// How the key of `action` is written (its first shortcut's), for sentences that name it:
/// their `{key}` slot is filled with `key_text(Action::Reveal)`, say.
pub fn key_text(action: Action) -> &'static str {
    SHORTCUTS
        .iter()
        .find(|s| s.action == action)
        .map_or("", Shortcut::keys_text)
}

/// How every key of `action` is written, in the keyboard map's order (B and "." both blank
/// the screen), for sentences that name more than one.
pub fn key_texts(action: Action) -> Vec<&'static str> {
    SHORTCUTS
        .iter()
        .filter(|s| s.action == action)
        .map(Shortcut::keys_text)
        .collect()
}

/// Keys that egui's controls handle themselves, and what they do. They are listed in the
/// keyboard map beside [`SHORTCUTS`] but never matched by [`pressed`].
pub fn widget_keys() -> Vec<(&'static str, String)> {
    let by_fraction =
        |fraction: &str| tf!("keys.widget_what.slider_share", &[("fraction", fraction)]);
    vec![
        (
            t!("keys.widget_keys.tab"),
            t!("keys.widget_what.tab").to_owned(),
        ),
        (
            t!("keys.widget_keys.press"),
            t!("keys.widget_what.press").to_owned(),
        ),
        (t!("keys.widget_keys.slider"), by_fraction("1/100")),
        (
            t!("keys.widget_keys.slider_fine"),
            tf!("keys.widget_what.slider_fine", &[("fraction", "1/1000")]),
        ),
        (
            t!("keys.widget_keys.slider_step"),
            t!("keys.widget_what.slider_step").to_owned(),
        ),
        (t!("keys.widget_keys.slider_page"), by_fraction("1/10")),
        (
            t!("keys.widget_keys.slider_ends"),
            t!("keys.widget_what.slider_ends").to_owned(),
        ),
        (
            t!("keys.widget_keys.zoom"),
            t!("keys.widget_what.zoom").to_owned(),
        ),
        (
            t!("keys.widget_keys.escape"),
            t!("keys.widget_what.escape").to_owned(),
        ),
    ]
}
