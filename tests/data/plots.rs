//! Every plot is drawn through `ui::kit::plot::show`, which leaves out the tick labels that
//! would be cut at the plot's edge and notes the y range each plot was drawn with (the tests
//! that hold an axis still across a lecture's builds read it). Read from the source itself: no
//! file under `src/` but the kit's own (`src/ui/kit/plot/`) calls egui_plot's `.show(` on a
//! `Plot`, whether on the builder's chain or on a name the plot was bound to. (`clippy.toml`
//! forbids the method too: this test says where, by file and line.)

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::layers::rust_files;

/// Where egui_plot's own `Plot::show` may be called.
const KIT: &str = "src/ui/kit/plot/";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `text` with its line comments blanked (the lines keep their numbers).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| {
            let t = l.trim_start();
            if t.starts_with("//") { "" } else { l }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The start of the method chain that ends just before byte `end` of `s` (the receiver of a
/// `.method(`): names joined by `.` and `::`, with their calls' and indexes' brackets.
fn chain_start(s: &[u8], end: usize) -> usize {
    let mut i = end;
    let skip_space = |mut i: usize| {
        while i > 0 && s[i - 1].is_ascii_whitespace() {
            i -= 1;
        }
        i
    };
    loop {
        i = skip_space(i);
        // A call's or an index's brackets, then the name before them.
        while i > 0 && matches!(s[i - 1], b')' | b']' | b'?') {
            if s[i - 1] == b'?' {
                i -= 1;
                continue;
            }
            let (close, open) = if s[i - 1] == b')' {
                (b')', b'(')
            } else {
                (b']', b'[')
            };
            let mut depth = 0;
            while i > 0 {
                i -= 1;
                if s[i] == close {
                    depth += 1;
                } else if s[i] == open {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            i = skip_space(i);
        }
        while i > 0 && is_ident(s[i - 1]) {
            i -= 1;
        }
        // Joined to what comes before by `.` or `::`?
        let before = skip_space(i);
        if before >= 2 && &s[before - 2..before] == b"::" {
            i = before - 2;
        } else if before >= 1 && s[before - 1] == b'.' && !(before >= 2 && s[before - 2] == b'.') {
            i = before - 1;
        } else {
            return i;
        }
    }
}

/// The first name of a chain (`plot` of `plot.width(3.0)`).
fn root_name(chain: &str) -> &str {
    let chain = chain.trim_start_matches(['&', '*']).trim_start();
    let end = chain
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(chain.len());
    &chain[..end]
}

/// Whether an expression makes a plot: it builds one (`Plot::new`, `egui_plot::Plot`).
fn makes_plot(expr: &str) -> bool {
    expr.contains("Plot::new") || expr.contains("egui_plot::Plot")
}

/// The names a plot is bound to in `code`: `let NAME = <an expression that builds a plot>;`
/// and `NAME: Plot<` (a parameter or a field).
fn plot_names(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices("let ") {
        let rest = &code[at + 4..];
        let rest = rest.strip_prefix("mut ").unwrap_or(rest);
        let name = root_name(rest);
        let Some(eq) = rest.find('=') else { continue };
        let expr = &rest[eq..rest[eq..].find(';').map_or(rest.len(), |e| eq + e)];
        if !name.is_empty() && makes_plot(expr) {
            names.insert(name.to_owned());
        }
    }
    for typed in [": Plot<", ": egui_plot::Plot<", ": &mut Plot<"] {
        for (at, _) in code.match_indices(typed) {
            let before = &code.as_bytes()[..at];
            let start = before
                .iter()
                .rposition(|&c| !is_ident(c))
                .map_or(0, |p| p + 1);
            names.insert(code[start..at].to_owned());
        }
    }
    names
}

/// The lines of `text` (1-based) that call egui_plot's `.show(` on a plot.
fn plot_shows(text: &str) -> Vec<usize> {
    let code = code(text);
    let names = plot_names(&code);
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    for (at, _) in code.match_indices(".show(") {
        let chain = &code[chain_start(bytes, at)..at];
        if makes_plot(chain) || names.contains(root_name(chain)) {
            found.push(code[..at].matches('\n').count() + 1);
        }
    }
    found
}

#[test]
fn no_plot_is_drawn_past_the_kit() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut wrong = Vec::new();
    let mut plots = 0;
    for path in files {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if rel.starts_with(KIT) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        plots += text.matches("Plot::new(").count();
        for line in plot_shows(&text) {
            wrong.push(format!("{rel}:{line}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "plots drawn with egui_plot's own show (draw them with ui::kit::plot::show):\n{}",
        wrong.join("\n")
    );
    // The scan read the figures: every section's, the lab's and the stage's.
    assert!(plots >= 10, "only {plots} plots built under src/");
}

#[test]
fn the_scan_sees_a_plot_shown_on_its_chain_or_by_its_name() {
    let text = r#"
fn a(ui: &mut Ui) {
    let r = plot::fixed_view(Plot::new("a"))
        .width(3.0)
        .include_y(f(1.0))
        .show(ui, |p| {
            p.line(x);
        });
    // egui_plot::Plot::new("c").show(ui, |_| {})
    let b = plot::solid_ticks(egui_plot::Plot::new(("b", n))).height(h);
    b.show(ui, |p| ());
    egui::Frame::group(ui.style()).show(ui, |ui| ui.label("x"));
    plot::show(ui, "d", b, |p| ());
    let frame = widgets::panel_frame(ui);
    frame.show(ui, |ui| ());
}
fn e(ui: &mut Ui, given: Plot<'_>) {
    given
        .height(3.0)
        .show(ui, |_| ());
}
"#;
    assert_eq!(plot_shows(text), [6, 11, 20]);
}
