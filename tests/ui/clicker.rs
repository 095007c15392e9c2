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
//! The lab's walks start at the lab, whose runs are recorded runs replayed a moment per tick
//! of a clock the walk moves on (`Tick`: time passes, not a key), so that a run is in flight
//! for as many presses as the walk likes. There, besides the above, after every press:
//!
//! - a Page Down never skips an experiment: from a part whose question is asked it stays on
//!   that part, and one pressed while a run is in flight says that it waits for it (the only
//!   Page Down that may change nothing: a second one while it waits);
//! - a number key on the question selects that choice;
//! - a run that ends shows its headline, in view;
//! - no result or verdict shows beside a question;
//! - Shift+R starts the part on screen again.
//!
//! A failure prints its seed and the keys pressed, so that it can be replayed with
//! `CLICKER_SEED=<seed> cargo test --test ui clicker`. `CLICKER_WALKS=<n>` walks seeds 1 to n
//! instead of the first ten (a longer soak: 1,000 walks take a few minutes a size).

use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use locks_lesson::app::{AppOptions, LessonApp};
use locks_lesson::ui::Shareable;
use locks_lesson::ui::sections::lab::{LabPage, ReplayClock};
use locks_lesson::ui::shell::presenter::AUDIENCE_TITLE;
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
    /// The lab: run the part on screen again (Shift+R).
    Rerun,
    /// The lab's replayed run goes on by one moment (not a key: time passing).
    Tick,
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
            Press::Rerun => (Modifiers::SHIFT, Key::R),
            Press::Tick => unreachable!("a tick is no key"),
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

    /// In the lab: Page Down and time passing most, the votes, reruns and going back.
    fn random_lab(rng: &mut ChaCha8Rng) -> Press {
        match rng.random_range(0..100) {
            0..34 => Press::Down,
            34..46 => Press::Up,
            46..66 => Press::Tick,
            66..78 => Press::Vote(rng.random_range(1..=3)),
            78..84 => Press::Reveal,
            84..89 => Press::Rerun,
            89..93 => Press::Blank,
            93..95 => Press::End,
            95..96 => Press::Home,
            96..98 => Press::Larger,
            _ => Press::Smaller,
        }
    }
}

/// What the audience sees.
#[derive(Clone, Debug, PartialEq)]
struct Screen {
    section: u8,
    page: String,
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
type State = (u8, Option<Vec<(String, String)>>, Option<String>, String);

struct Walk {
    h: Harness<'static, LessonApp>,
    px: [f32; 2],
    presenter: bool,
    seed: u64,
    pressed: Vec<Press>,
    /// The lab's replay clock, in a walk of the lab.
    clock: Option<ReplayClock>,
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
        Self::open(px, presenter, seed, false)
    }

    /// A walk that starts at the lab, its runs replayed.
    fn lab(px: [f32; 2], presenter: bool, seed: u64) -> Self {
        Self::open(px, presenter, seed, true)
    }

    fn open(px: [f32; 2], presenter: bool, seed: u64, lab: bool) -> Self {
        let mut open = crate::harness::open_with(AppOptions {
            lecture: !presenter,
            presenter,
            ask_predictions: true,
            section: lab.then(locks_lesson::sections::lab),
            lab_in_lecture: Some(lab),
            ..Default::default()
        })
        .pixels(px, 1.0);
        if presenter {
            open = open.separate_windows();
        }
        let mut h = open.build();
        // Animations shown at once: the walk is about builds, not frames of a film.
        h.state_mut().set_reduced_motion(true);
        let clock = lab.then(ReplayClock::default);
        if let Some(clock) = &clock {
            // (Opened at its first step, as the app opens a lecture's first section.)
            h.state_mut()
                .replace_section(Box::new(LabPage::replaying(clock.clone())));
        }
        crate::harness::settle(&mut h, px, SETTLE);
        Walk {
            h,
            px,
            presenter,
            seed,
            pressed: Vec::new(),
            clock,
        }
    }

    fn screen(&self) -> Screen {
        let h = &self.h;
        let ppp = h.ctx.pixels_per_point();
        let shown = None::<egui::Rect>;
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
        // (The screenful the audience sees: the console's column, narrower, may count more.)
        let page = crate::harness::build_of(h);
        Screen {
            section: h.state().current_section(),
            page,
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
            crate::harness::build_of(&self.h),
        )
    }

    fn press(&mut self, p: Press) {
        self.pressed.push(p);
        match (p, &self.clock) {
            (Press::Tick, Some(clock)) => clock.tick(),
            (Press::Tick, None) => {}
            _ => {
                let (m, k) = p.key();
                self.h.key_press_modifiers(m, k);
            }
        }
        crate::harness::settle(&mut self.h, self.px, SETTLE);
    }

    /// The lab's part on screen (its tab selected), if the lab is on screen.
    fn lab_part(&self) -> Option<usize> {
        // (The build's name, `part-2-result`: a slide names its part, with no tabs.)
        let build = crate::harness::build_of(&self.h);
        let n: usize = build
            .strip_prefix("part-")?
            .split('-')
            .next()?
            .parse()
            .ok()?;
        n.checked_sub(1)
    }

    /// A lab run is in flight (its Cancel button is on the page, in view or not).
    fn lab_running_anywhere(&self) -> bool {
        let cancel = lab_words("lab.button.cancel");
        self.h
            .query_all_by_label(cancel)
            .any(|n| self.presenter == in_audience(&n.accesskit_node()))
    }

    /// The choices selected on screen ("1  …").
    fn selected(&self) -> Vec<String> {
        self.h
            .query_all_by(|_| true)
            .filter(|n| self.presenter == in_audience(&n.accesskit_node()))
            .filter(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
            .filter_map(|n| n.accesskit_node().label())
            .collect()
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

fn lab_words(key: &str) -> &'static str {
    locks_lesson::lesson::catalogue::t(key)
}

/// A lab question is on screen.
fn lab_question(s: &Screen) -> bool {
    use locks_lesson::lab::failover::experiment;
    use locks_lesson::ui::sections::lab::failover::EXPERIMENTS;
    s.has(lab_words("lab.expect.stale.question"))
        || EXPERIMENTS
            .iter()
            .any(|p| s.has(&experiment(p).expect.question))
}

/// A lab run is in flight on screen (its Cancel button shows).
fn lab_running(s: &Screen) -> bool {
    s.texts.iter().any(|t| t == lab_words("lab.button.cancel"))
}

/// A Page Down waits for the run in flight.
fn lab_held(s: &Screen) -> bool {
    s.has(lab_words("lab.status.held"))
}

fn class_line(s: &Screen) -> bool {
    s.has("The class predicted")
}

/// Where a walk's presses come from: a seeded random clicker, or a script.
enum Keys {
    /// The generator, the presses left, and the mix drawn from.
    Random(Box<ChaCha8Rng>, usize, fn(&mut ChaCha8Rng) -> Press),
    Script(std::vec::IntoIter<Press>),
}

impl Keys {
    fn next(&mut self) -> Option<Press> {
        match self {
            Keys::Random(rng, left, mix) => {
                *left = left.checked_sub(1)?;
                Some(mix(rng))
            }
            Keys::Script(keys) => keys.next(),
        }
    }

    /// The key that wakes a blank screen.
    fn wake(&mut self) -> Press {
        match self {
            Keys::Random(rng, _, mix) => mix(rng),
            Keys::Script(keys) => keys.next().unwrap_or(Press::Down),
        }
    }
}

/// One walk: the invariants after every press. Returns the first broken one, by name.
fn walk(px: [f32; 2], presenter: bool, seed: u64) -> Vec<(String, String)> {
    let rng = Box::new(ChaCha8Rng::seed_from_u64(seed));
    let keys = Keys::Random(rng, PRESSES, Press::random);
    walk_with(Walk::new(px, presenter, seed), keys)
}

/// One walk from the lab's first part, its runs replayed.
fn walk_lab(px: [f32; 2], presenter: bool, seed: u64) -> Vec<(String, String)> {
    let rng = Box::new(ChaCha8Rng::seed_from_u64(seed));
    let keys = Keys::Random(rng, PRESSES, Press::random_lab);
    walk_with(Walk::lab(px, presenter, seed), keys)
}

fn walk_with(mut w: Walk, mut keys: Keys) -> Vec<(String, String)> {
    // Every broken invariant, by name (the walk goes on from where it is).
    let mut found: Vec<(String, String)> = Vec::new();
    let mut broken = |w: &Walk, name: &str, what: String| {
        found.push((name.to_owned(), w.fail(&what)));
    };
    let lab = locks_lesson::sections::lab();
    while let Some(p) = keys.next() {
        let before = w.screen();
        let part_before = w.lab_part();
        if p == Press::Blank {
            let state = w.state();
            w.press(Press::Blank);
            if !w.screen().blank {
                broken(&w, "blank", "B did not blank the audience".into());
                continue;
            }
            let mut wake = keys.wake();
            if matches!(wake, Press::Blank | Press::Tick) {
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
        if before.section == lab && after.section == lab && !before.blank {
            lab_checks(&w, p, (&before, part_before), &after, &mut broken);
        }
        if class_line(&after) && after.has("Predict first") {
            broken(
                &w,
                "spoiler",
                "the class line beside the prediction question".into(),
            );
        }
        match p {
            // A second Page Down while one waits for the run in flight adds nothing.
            Press::Down if before.section == lab && lab_held(&before) && after == before => {}
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

/// The lab's invariants after press `p` (see the module's words).
fn lab_checks(
    w: &Walk,
    p: Press,
    (before, part_before): (&Screen, Option<usize>),
    after: &Screen,
    broken: &mut impl FnMut(&Walk, &str, String),
) {
    let part = w.lab_part();
    if lab_question(after) && (reveals(after) > 0 || summary(w).is_some()) {
        broken(
            w,
            "lab spoiler",
            format!("a result beside the question: {after:?}"),
        );
    }
    match p {
        Press::Down if lab_question(before) && part != part_before => {
            broken(
                w,
                "lab skip",
                format!("Page Down left part {part_before:?} at its question for {part:?}"),
            );
        }
        Press::Down
            if lab_running(before)
                && !lab_held(before)
                && before.page == after.page
                && lab_running(after)
                && !lab_held(after) =>
        {
            broken(
                w,
                "lab held",
                format!("Page Down in flight says nothing: {after:?}"),
            );
        }
        Press::Vote(n @ 1..=2) if lab_question(before) => {
            let prefix = format!("{n}  ");
            if !w.selected().iter().any(|l| l.starts_with(&prefix)) {
                broken(
                    w,
                    "lab vote",
                    format!("key {n} did not select choice {n}: {after:?}"),
                );
            }
        }
        Press::Tick if lab_running(before) && !lab_running(after) => {
            let shown = summary(w).is_some_and(|h| after.texts.contains(&h));
            if !shown {
                broken(
                    w,
                    "lab reveal",
                    format!("a run ended without its headline in view: {after:?}"),
                );
            }
        }
        // (The lecture's last words run nothing: no experiment is on screen.)
        Press::Rerun if !w.lab_running_anywhere() && before.page != "end" => {
            broken(w, "lab rerun", format!("Shift+R ran nothing: {after:?}"));
        }
        _ => {}
    }
}

/// The headline of the section on screen.
/// The words the slide on show says (a lab result's headline in short).
fn summary(w: &Walk) -> Option<String> {
    let n = w.h.state().current_section();
    locks_lesson::ui::shown_words(w.h.state().section(n))
}

/// Runs the walks of one size and mode; fails with every broken invariant, counted by name.
fn walks(px: [f32; 2], presenter: bool) {
    walks_of(px, presenter, walk);
}

/// A walk of one seed: every broken invariant, by name.
type WalkFn = fn([f32; 2], bool, u64) -> Vec<(String, String)>;

fn walks_of(px: [f32; 2], presenter: bool, walk: WalkFn) {
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

#[test]
fn clicker_walks_lab_1024x768_lecture() {
    walks_of([1024.0, 768.0], false, walk_lab);
}

#[test]
fn clicker_walks_lab_1280x800_presenter() {
    walks_of([1280.0, 800.0], true, walk_lab);
}

/// The rehearsal's reported presses in the lab: arriving asks (nothing runs), Page Down runs,
/// a Page Down within the run waits for it instead of skipping the next experiment, the
/// number keys vote, Shift+R runs again, and each run's end shows its headline.
#[test]
fn the_lab_from_the_clicker() {
    use Press::*;
    let mut script = vec![Vote(1), Down, Down, Down, Tick, Tick, Down, Vote(2), Down];
    script.extend([Down, Tick, Rerun, Tick, Up, Up, Down, Down]);
    for _ in 0..4 {
        script.extend([Down, Vote(1), Down, Down, Tick, Down]);
    }
    // The last experiment: run, its result, paged to the lecture's last words.
    script.extend([Down, Tick, Down, Down, Down, Down, Down]);
    for presenter in [false, true] {
        let px = [1024.0, 768.0];
        let found = walk_with(
            Walk::lab(px, presenter, 0),
            Keys::Script(script.clone().into_iter()),
        );
        let lines: Vec<&str> = found.iter().map(|(_, what)| what.as_str()).collect();
        assert!(found.is_empty(), "{}", lines.join("\n\n"));
        // And the walk ended at the lab's last words, every part run.
        let mut w = Walk::lab(px, presenter, 0);
        for p in script.clone() {
            w.press(p);
        }
        for _ in 0..5 {
            w.press(Tick);
        }
        for _ in 0..10 {
            if w.screen().is_end() {
                break;
            }
            w.press(Down);
        }
        // The lecture's last words, a screen of their own after the last result; Page Up
        // brings the result back.
        assert_eq!(crate::harness::build_of(&w.h), "end", "{:?}", w.screen());
        assert!(presenter || w.screen().is_end(), "{:?}", w.screen());
        w.press(Up);
        assert_eq!(
            w.lab_part(),
            Some(locks_lesson::ui::sections::lab::PARTS - 1)
        );
        assert!(summary(&w).is_some(), "{:?}", w.screen());
    }
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
        let found = walk_with(
            Walk::new(px, presenter, 0),
            Keys::Script(script.clone().into_iter()),
        );
        let lines: Vec<&str> = found.iter().map(|(_, what)| what.as_str()).collect();
        assert!(found.is_empty(), "{}", lines.join("\n\n"));
    }
}
