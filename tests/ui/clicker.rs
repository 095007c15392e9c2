//! The lecture from a clicker, in every state it can reach: seeded random walks from the
//! lecture's start pressing what a lecturer presses (Page Down, Page Up, Home, End, B, R, the
//! class's vote on 1-4, Ctrl+Plus and Ctrl+Minus), at 1024×768 and 1280×800, in lecture mode
//! and in the presenter view. After every press the walk checks:
//!
//! - a Page Down before the lecture's end changes what the audience sees;
//! - a Page Up right after a Page Down brings back the screen before it;
//! - B, then any key, brings back the same screen and does nothing else;
//! - nothing shows a result before its build: a vote never reveals an answer, a prediction's
//!   class line never shows while the question is asked, and section 3's never before the
//!   story's last moment.
//!
//! "What the audience sees" is read from the accessibility tree: the section, the screenful
//! of a paged column, and every text in view (in the presenter view, the audience window's).
//! A failure prints its seed and the keys pressed, so that it can be replayed with
//! `CLICKER_SEED=<seed> cargo test --test ui clicker`. `CLICKER_WALKS=<n>` walks seeds 1 to n
//! instead of the first ten (a longer soak: 1,000 walks take a few minutes a size).

use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::ui::Shareable;
use locks_lesson::ui::shell::pager;
use locks_lesson::ui::shell::presenter::{AUDIENCE_TITLE, audience_id};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Walks per size and mode, and presses per walk.
const WALKS: u64 = 10;
const PRESSES: usize = 60;

/// Frames after a press (the page measures itself over a few, and a slide whose stage does
/// not fit the type lowers it over a few more: the real program runs them at once).
const SETTLE: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Press {
    Down,
    Up,
    Home,
    End,
    Blank,
    Reveal,
    Vote(u8),
    Larger,
    Smaller,
}

impl Press {
    fn key(self) -> (Modifiers, Key) {
        let plain = |k| (Modifiers::NONE, k);
        match self {
            Press::Down => plain(Key::PageDown),
            Press::Up => plain(Key::PageUp),
            Press::Home => plain(Key::Home),
            Press::End => plain(Key::End),
            Press::Blank => plain(Key::B),
            Press::Reveal => plain(Key::R),
            Press::Vote(n) => {
                plain([Key::Num1, Key::Num2, Key::Num3, Key::Num4][usize::from(n - 1)])
            }
            Press::Larger => (Modifiers::COMMAND, Key::Plus),
            Press::Smaller => (Modifiers::COMMAND, Key::Minus),
        }
    }

    /// A clicker's mix: mostly Page Down, some going back, votes and reveals, now and then
    /// the rest.
    fn random(rng: &mut ChaCha8Rng) -> Press {
        match rng.random_range(0..100) {
            0..45 => Press::Down,
            45..60 => Press::Up,
            60..62 => Press::Home,
            62..64 => Press::End,
            64..70 => Press::Blank,
            70..78 => Press::Reveal,
            78..94 => Press::Vote(rng.random_range(1..=4)),
            94..97 => Press::Larger,
            _ => Press::Smaller,
        }
    }
}

/// What the audience sees.
#[derive(Clone, Debug, PartialEq)]
struct Screen {
    section: u8,
    page: usize,
    blank: bool,
    texts: Vec<String>,
    /// The lecture's last words are in view, whole.
    end: bool,
}

impl Screen {
    fn has(&self, part: &str) -> bool {
        self.texts.iter().any(|t| t.contains(part))
    }

    /// The last screen of the lecture says so.
    fn is_end(&self) -> bool {
        self.end
    }
}

/// The section, its settings, its headline and the screenful on show.
type State = (u8, Option<Vec<(String, String)>>, Option<String>, usize);

struct Walk {
    h: Harness<'static, LessonApp>,
    px: [f32; 2],
    presenter: bool,
    seed: u64,
    pressed: Vec<Press>,
}

/// Whether `node` lies under the audience window (in kittest the second window is drawn as a
/// window inside the harness).
fn in_audience(node: &egui_kittest::kittest::AccessKitNode<'_>) -> bool {
    let mut up = node.parent();
    while let Some(p) = up {
        if p.role() == egui::accesskit::Role::Window
            && p.label().is_some_and(|l| l == AUDIENCE_TITLE.get())
        {
            return true;
        }
        up = p.parent();
    }
    false
}

impl Walk {
    fn new(px: [f32; 2], presenter: bool, seed: u64) -> Self {
        let mut open = crate::harness::open_with(AppOptions {
            lecture: !presenter,
            presenter,
            ask_predictions: true,
            ..Default::default()
        })
        .pixels(px, 1.0);
        if presenter {
            open = open.separate_windows();
        }
        let mut h = open.build();
        // Animations shown at once: the walk is about builds, not frames of a film.
        h.state_mut().set_reduced_motion(true);
        crate::harness::settle(&mut h, px, SETTLE);
        Walk {
            h,
            px,
            presenter,
            seed,
            pressed: Vec::new(),
        }
    }

    fn viewport(&self) -> egui::ViewportId {
        if self.presenter {
            audience_id()
        } else {
            egui::ViewportId::ROOT
        }
    }

    fn screen(&self) -> Screen {
        let h = &self.h;
        let ppp = h.ctx.pixels_per_point();
        let shown = pager::visible(&h.ctx, self.viewport());
        let window = h.ctx.content_rect();
        let mut texts = Vec::new();
        let mut end = false;
        let last_words = &locks_lesson::lesson::content().lesson.lecture_end;
        for node in h.query_all_by(|_| true) {
            let n = node.accesskit_node();
            if self.presenter != in_audience(&n) {
                continue;
            }
            use egui::accesskit::Role as R;
            if matches!(
                n.role(),
                R::Window | R::ScrollView | R::Pane | R::GenericContainer | R::TextRun
            ) {
                continue;
            }
            let Some(b) = n.bounding_box() else {
                continue;
            };
            let r = Rect::from_min_max(
                egui::pos2(b.x0 as f32, b.y0 as f32),
                egui::pos2(b.x1 as f32, b.y1 as f32),
            ) / ppp;
            if r.width() < 1.0 || r.height() < 1.0 {
                continue;
            }
            if !self.presenter && !r.intersects(window) {
                continue;
            }
            // What a paged column clips belongs to another screenful.
            if let Some(shown) = shown
                && under_scroll_view(&n)
                && r.intersect(shown).height() < 3.0
            {
                continue;
            }
            let text = n
                .label()
                .map(|l| l.to_string())
                .or_else(|| n.value().map(|v| v.to_string()))
                .unwrap_or_default();
            if text == *last_words {
                end |= shown.is_none_or(|s| s.expand(1.0).contains_rect(r));
            }
            if !text.trim().is_empty() {
                texts.push(text);
            }
        }
        Screen {
            section: h.state().current_section(),
            page: pager::index(&h.ctx),
            blank: h.state().tools().lecture.blanked(),
            texts,
            end,
        }
    }

    /// The app's state behind the screen: the section, its settings and its headline.
    fn state(&mut self) -> State {
        let n = self.h.state().current_section();
        let s = self.h.state_mut().section_mut(n);
        (
            n,
            s.share().and_then(Shareable::scenario),
            s.summary(),
            pager::index(&self.h.ctx),
        )
    }

    fn press(&mut self, p: Press) {
        self.pressed.push(p);
        let (m, k) = p.key();
        self.h.key_press_modifiers(m, k);
        crate::harness::settle(&mut self.h, self.px, SETTLE);
    }

    fn fail(&self, what: &str) -> String {
        format!(
            "{}×{} {}, seed {}: {what}\nkeys: {:?}\n(replay: CLICKER_SEED={} cargo test --test ui clicker)",
            self.px[0],
            self.px[1],
            if self.presenter {
                "presenter"
            } else {
                "lecture"
            },
            self.seed,
            self.pressed,
            self.seed
        )
    }
}

fn under_scroll_view(node: &egui_kittest::kittest::AccessKitNode<'_>) -> bool {
    let mut up = node.parent();
    while let Some(p) = up {
        if p.role() == egui::accesskit::Role::ScrollView {
            return true;
        }
        up = p.parent();
    }
    false
}

/// What differs between two screens, in short.
fn difference(a: &Screen, b: &Screen) -> String {
    let only = |x: &Screen, y: &Screen| -> Vec<String> {
        x.texts
            .iter()
            .filter(|t| !y.texts.contains(t))
            .map(|t| t.chars().take(80).collect())
            .collect()
    };
    let (x, y) = (only(a, b), only(b, a));
    if x.is_empty() && y.is_empty() && a.texts != b.texts {
        return format!(
            "section {} page {}: the same words, in another order or number: {:?} -> {:?} (blank {} -> {}, end {} -> {})",
            a.section, a.page, a.texts, b.texts, a.blank, b.blank, a.end, b.end
        );
    }
    format!(
        "section {} page {} -> section {} page {}; only before: {:?}; only after: {:?}",
        a.section, a.page, b.section, b.page, x, y
    )
}

/// The marks of a revealed answer (a quiz's, a section 7 card's).
fn reveals(s: &Screen) -> usize {
    s.texts
        .iter()
        .filter(|t| t.starts_with('✔') || t.starts_with('✖') || t.contains("✔ right"))
        .count()
}

fn class_line(s: &Screen) -> bool {
    s.has("The class predicted")
}

/// Where a walk's presses come from: a seeded random clicker, or a script.
enum Keys {
    Random(Box<ChaCha8Rng>, usize),
    Script(std::vec::IntoIter<Press>),
}

impl Keys {
    fn next(&mut self) -> Option<Press> {
        match self {
            Keys::Random(rng, left) => {
                *left = left.checked_sub(1)?;
                Some(Press::random(rng))
            }
            Keys::Script(keys) => keys.next(),
        }
    }

    /// The key that wakes a blank screen.
    fn wake(&mut self) -> Press {
        match self {
            Keys::Random(rng, _) => Press::random(rng),
            Keys::Script(keys) => keys.next().unwrap_or(Press::Down),
        }
    }
}

/// One walk: the invariants after every press. Returns the first broken one, by name.
fn walk(px: [f32; 2], presenter: bool, seed: u64) -> Vec<(String, String)> {
    let keys = Keys::Random(Box::new(ChaCha8Rng::seed_from_u64(seed)), PRESSES);
    walk_with(px, presenter, seed, keys)
}

fn walk_with(px: [f32; 2], presenter: bool, seed: u64, mut keys: Keys) -> Vec<(String, String)> {
    let mut w = Walk::new(px, presenter, seed);
    // Every broken invariant, by name (the walk goes on from where it is).
    let mut found: Vec<(String, String)> = Vec::new();
    let mut broken = |w: &Walk, name: &str, what: String| {
        found.push((name.to_owned(), w.fail(&what)));
    };
    while let Some(p) = keys.next() {
        let before = w.screen();
        if p == Press::Blank {
            let state = w.state();
            w.press(Press::Blank);
            if !w.screen().blank {
                broken(&w, "blank", "B did not blank the audience".into());
                continue;
            }
            let mut wake = keys.wake();
            if wake == Press::Blank {
                wake = Press::Down;
            }
            w.press(wake);
            let after = w.screen();
            if after != before || w.state() != state {
                broken(
                    &w,
                    "blank",
                    format!(
                        "B then {wake:?} did more than bring the screen back: {}",
                        difference(&before, &after)
                    ),
                );
            }
            continue;
        }
        w.press(p);
        let after = w.screen();
        if class_line(&after) && after.has("Predict first") {
            broken(
                &w,
                "spoiler",
                "the class line beside the prediction question".into(),
            );
        }
        match p {
            Press::Down if !before.is_end() && after == before => {
                broken(
                    &w,
                    "dead",
                    format!("Page Down changed nothing on {before:?}"),
                );
            }
            Press::Down if before.is_end() && after != before => {
                broken(&w, "end", format!("Page Down past the end: {after:?}"));
            }
            Press::Down => {
                // Section 3's class line states the result: only at the story's last moment.
                if before.section == 3 && class_line(&before) && after.section == 3 {
                    broken(
                        &w,
                        "spoiler",
                        format!("section 3's class line before its last moment: {before:?}"),
                    );
                }
                if after == before {
                    continue;
                }
                let went = after.clone();
                w.press(Press::Up);
                let back = w.screen();
                if back != before {
                    broken(
                        &w,
                        "back",
                        format!(
                            "Page Up after Page Down did not come back: {} (after Down: {})",
                            difference(&before, &back),
                            difference(&before, &went)
                        ),
                    );
                    continue;
                }
                w.press(Press::Down);
                let again = w.screen();
                if again != went {
                    broken(
                        &w,
                        "back",
                        format!(
                            "Page Down after Page Up went elsewhere:\nfirst {went:?}\nthen {again:?}"
                        ),
                    );
                }
            }
            Press::Vote(_) if reveals(&after) > reveals(&before) => {
                broken(
                    &w,
                    "spoiler",
                    format!("a vote revealed an answer: {after:?}"),
                );
            }
            _ => {}
        }
    }
    found
}

/// Runs the walks of one size and mode; fails with every broken invariant, counted by name.
fn walks(px: [f32; 2], presenter: bool) {
    let seeds: Vec<u64> = match std::env::var("CLICKER_SEED") {
        Ok(s) => vec![s.parse().expect("CLICKER_SEED is a number")],
        // CLICKER_WALKS=N: a longer soak than the default's.
        Err(_) => (1..=std::env::var("CLICKER_WALKS")
            .map(|n| n.parse().expect("CLICKER_WALKS is a number"))
            .unwrap_or(WALKS))
            .collect(),
    };
    let walks = seeds.len();
    // Per invariant: the walks that broke it, how often, and the first time.
    let mut counts: std::collections::BTreeMap<String, (Vec<u64>, usize, String)> =
        std::collections::BTreeMap::new();
    for seed in seeds {
        for (name, what) in walk(px, presenter, seed) {
            let e = counts.entry(name).or_insert_with(|| (Vec::new(), 0, what));
            if e.0.last() != Some(&seed) {
                e.0.push(seed);
            }
            e.1 += 1;
        }
    }
    if counts.is_empty() {
        return;
    }
    let lines: Vec<String> = counts
        .iter()
        .map(|(name, (seeds, times, first))| {
            format!(
                "'{name}': broken {times} times in {} of {walks} walks (seeds {seeds:?}); the first:\n{first}",
                seeds.len()
            )
        })
        .collect();
    panic!("{}", lines.join("\n\n"));
}

#[test]
fn clicker_walks_1024x768_lecture() {
    walks([1024.0, 768.0], false);
}

#[test]
fn clicker_walks_1280x800_lecture() {
    walks([1280.0, 800.0], false);
}

#[test]
fn clicker_walks_1024x768_presenter() {
    walks([1024.0, 768.0], true);
}

#[test]
fn clicker_walks_1280x800_presenter() {
    walks([1280.0, 800.0], true);
}

/// The walks the lecture's rehearsal found dead or wrong, pressed as scripts: End, then Page
/// Down to the end and back with Home; section 8's first question and back into section 7;
/// section 9's prediction revealed and back.
#[test]
fn the_reported_presses_do_what_they_should() {
    use Press::*;
    let mut script = vec![
        End, Down, Down, Down, Down, Down, Down, Home, Down, Down, Down, Down,
    ];
    // Section 7's cards, section 8's first question, and back.
    script.extend([Home]);
    script.extend(std::iter::repeat_n(Down, 40));
    script.extend(std::iter::repeat_n(Up, 30));
    for (presenter, px) in [(false, [1024.0, 768.0]), (false, [1280.0, 800.0])] {
        let found = walk_with(px, presenter, 0, Keys::Script(script.clone().into_iter()));
        let lines: Vec<&str> = found.iter().map(|(_, what)| what.as_str()).collect();
        assert!(found.is_empty(), "{}", lines.join("\n\n"));
    }
}
