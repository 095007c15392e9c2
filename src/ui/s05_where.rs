//! Section 5, "Where the lock lives": locks lost when a Redis primary fails over, against a
//! consensus store that loses none, and the comparison table of the five stores.

use egui::{RichText, Ui};
use egui_plot::{Bar, BarChart, Legend, Plot, VLine};

use super::fmt::{fmt_count, fmt_int, fmt_pct, fmt_sig};
use super::mc_stream::{self, McStream};
use super::pairs::{Pairs, PairsBuilder, PairsReader};
use super::plot::{self, palette};
use super::widgets;
use super::{Cx, Section};
use crate::lesson::{self, Store as StoreRow};
use crate::runner::Runner;
use crate::sim::failover::{
    self, FailoverAcc, FailoverParams, FailoverSim, FailoverSummary, Store,
};

/// The store chosen when the section opens (and after a reset): the first row of the table.
const DEFAULT_STORE: usize = 0;

/// What the plot and the headline are drawn from: the merged failovers so far.
pub struct FailoverView {
    pub acc: FailoverAcc,
    pub summary: FailoverSummary,
}

pub struct WhereLock {
    /// The model's parameters; `store` follows the selected row.
    pub params: FailoverParams,
    /// Index into the store table (`assets/stores.ron`).
    pub store: usize,
    pub seed: u64,
    run: McStream<FailoverView>,
    /// The parameters and seed the running simulation was started with.
    started: (FailoverParams, u64),
    plot_rect: Option<egui::Rect>,
}

fn stores() -> &'static [StoreRow] {
    &lesson::content().stores
}

fn model_store(row: &StoreRow) -> Store {
    if row.consensus {
        Store::Consensus
    } else {
        Store::Redis
    }
}

fn spawn(runner: &Runner, params: FailoverParams, seed: u64) -> McStream<FailoverView> {
    // The sliders clamp every value, so the parameters are always valid.
    let sim = FailoverSim::new(&params).expect("clamped parameters");
    McStream::spawn(runner, "failover", sim, seed, move |sim, acc| {
        FailoverView {
            acc: acc.clone(),
            summary: sim.summary(acc, seed),
        }
    })
}

impl WhereLock {
    pub fn new(runner: &Runner) -> Self {
        let store = DEFAULT_STORE;
        let params = FailoverParams {
            store: model_store(&stores()[store]),
            ..FailoverParams::default()
        };
        let seed = 1;
        Self {
            params,
            store,
            seed,
            run: spawn(runner, params, seed),
            started: (params, seed),
            plot_rect: None,
        }
    }

    fn row(&self) -> &'static StoreRow {
        &stores()[self.store.min(stores().len() - 1)]
    }

    /// Starts a new simulation if anything it depends on changed.
    fn refresh(&mut self, runner: &Runner) {
        self.params.store = model_store(self.row());
        self.params = self.params.clamped();
        if (self.params, self.seed) != self.started {
            self.run = spawn(runner, self.params, self.seed);
            self.started = (self.params, self.seed);
        }
    }

    fn reset(&mut self) {
        self.params = FailoverParams::default();
        self.store = DEFAULT_STORE;
    }

    /// The computed headline for the failovers simulated so far.
    pub fn headline(&self, view: &FailoverView) -> String {
        let s = &view.summary;
        let row = self.row();
        let window = fmt_sig(s.params.window_s, 2);
        let n = fmt_int(s.mean_lost.n);
        if row.consensus {
            return format!(
                "{} grants a lock only after a majority of its servers has stored it, so a failover \
                 loses none. That is the store's documented behaviour, and the model sets its loss to \
                 zero by construction.",
                row.name,
            );
        }
        let lost = fmt_count(s.expected_lost);
        let twice = fmt_count(s.expected_double_granted);
        let sim = fmt_count(s.mean_lost.value);
        let rate = fmt_count(s.params.rate);
        let lag = fmt_sig(s.params.lag_ms, 2);
        let base = format!(
            "At {rate} grants a second and a {lag}\u{a0}ms replication lag, each failover loses about \
             {lost} locks granted in the last {window}\u{a0}s that had not reached the replica \
             (simulated mean {sim} over {n} failovers), and about {twice} of them are granted a \
             second time while their first holder is still working."
        );
        if s.params.store == Store::Redis && row.id == "redlock" {
            format!(
                "{} masters have no replicas, so no failover loses their locks; a master that \
                 restarts without its keys does, unless it saves every write with fsync=always or \
                 stays down for longer than the TTL. For comparison, a single Redis primary with \
                 a replica: {}{}",
                row.name,
                base[..1].to_lowercase(),
                &base[1..]
            )
        } else {
            base
        }
    }

    fn controls(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Where the lock lives:").strong());
            for (i, row) in stores().iter().enumerate() {
                if ui
                    .selectable_label(self.store == i, &row.name)
                    .on_hover_text(&row.in_short)
                    .clicked()
                {
                    self.store = i;
                }
            }
        });
        ui.add_space(4.0);
        let p = &mut self.params;
        widgets::slider_grid(
            ui,
            "s5-controls",
            vec![
                Box::new(|ui| {
                    widgets::param_slider(ui, &failover::RATE, &mut p.rate);
                }),
                Box::new(|ui| {
                    widgets::param_slider(ui, &failover::LAG_MS, &mut p.lag_ms).on_hover_text(
                        "How long the copy of a grant takes to reach the replica, on average",
                    );
                }),
                Box::new(|ui| {
                    mc_stream::percent_slider(ui, &failover::CONTENTION, &mut p.contention, false);
                }),
                Box::new(|ui| {
                    mc_stream::count_slider(ui, &failover::FAILOVERS, &mut p.failovers).on_hover_text(
                        "More failovers: a smoother histogram and a tighter interval, but a longer run",
                    );
                }),
            ],
        );
        if ui.button("Reset to lesson defaults").clicked() {
            self.reset();
        }
    }

    /// The store table, the selected row highlighted.
    fn table(&self, ui: &mut Ui) {
        let highlight = ui.visuals().selection.bg_fill.gamma_multiply(0.45);
        let strong = ui.visuals().strong_text_color();
        let total = ui.available_width();
        let gap = 16.0;
        let name_w = (total * 0.17).max(110.0);
        let col_w = ((total - name_w - 3.0 * gap) / 3.0 - 4.0).max(100.0);
        let chosen = self.store;
        let cell = |ui: &mut Ui, width: f32, text: RichText| {
            ui.vertical(|ui| {
                ui.set_width(width);
                ui.add(egui::Label::new(text).wrap());
            });
        };
        egui::Grid::new("s5-stores")
            .num_columns(4)
            .spacing([gap, 8.0])
            .with_row_color(move |row, _style| (row > 0 && row - 1 == chosen).then_some(highlight))
            .show(ui, |ui| {
                cell(ui, name_w, RichText::new("Store").strong());
                for head in ["On failover", "Fencing token", "In short"] {
                    cell(ui, col_w, RichText::new(head).strong());
                }
                ui.end_row();
                for (i, row) in stores().iter().enumerate() {
                    let selected = i == chosen;
                    let style = |t: &str| {
                        let t = RichText::new(t);
                        if selected { t.color(strong) } else { t }
                    };
                    let name = if selected {
                        format!("▶ {}", row.name)
                    } else {
                        row.name.clone()
                    };
                    cell(ui, name_w, style(&name).strong());
                    for text in [&row.on_failover, &row.fencing_token, &row.in_short] {
                        cell(ui, col_w, style(text));
                    }
                    ui.end_row();
                }
            });
    }
}

/// Share of failovers losing each number of locks, with the exact and simulated means.
fn histogram_plot(ui: &mut Ui, cx: &Cx<'_>, view: &FailoverView, height: f32) -> egui::Rect {
    let h = &view.acc.lost_hist;
    let n = view.acc.failovers.max(1) as f64;
    let width = (h.hi - h.lo) / h.bins.len() as f64;
    let bars: Vec<Bar> = h
        .bins
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(i, &c)| {
            // Bin i holds the whole numbers i·width .. (i+1)·width − 1.
            let first = h.lo + i as f64 * width;
            let centre = first + (width - 1.0) / 2.0;
            let label = if width > 1.0 {
                format!("{}–{} lost", first, first + width - 1.0)
            } else {
                format!("{first} lost")
            };
            Bar::new(centre, 100.0 * c as f64 / n)
                .width(width * 0.9)
                .name(label)
                .fill(palette::SKY)
        })
        .collect();
    let peak = h
        .bins
        .iter()
        .map(|&c| 100.0 * c as f64 / n)
        .fold(5.0, f64::max);
    let last = h
        .bins
        .iter()
        .rposition(|&c| c > 0)
        .map_or(0.0, |i| (i + 1) as f64 * width);
    let exact = view.summary.expected_lost;
    let simulated = view.summary.mean_lost.value;
    // A consensus store loses nothing by construction: nothing there is a simulation result.
    let (bars_name, mean_name) = if view.summary.params.store == Store::Consensus {
        (
            "failovers (none loses a lock, by construction)",
            "model mean",
        )
    } else {
        ("simulated failovers", "simulated mean")
    };
    let right = last.max(exact + 1.0).max(4.0) + width * 0.5;
    // Hug the data: a distribution far from zero gets the width of the plot.
    let first = h
        .bins
        .iter()
        .position(|&c| c > 0)
        .map_or(0.0, |i| i as f64 * width);
    let left = (first - 2.0 * width).min(exact - 1.0).max(0.0) - 0.5;
    let w = plot::line_width(cx);
    let text = ui.visuals().strong_text_color();
    let response = Plot::new("s5-histogram")
        .height(height)
        .legend(Legend::default().position(egui_plot::Corner::RightTop))
        .x_axis_label("locks lost in one failover")
        .y_axis_label("share of failovers (%)")
        .include_x(left)
        .include_x(right)
        .include_y(0.0)
        // Head-room above the tallest bar for the legend.
        .include_y(peak / 0.6)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .show(ui, |p| {
            p.bar_chart(
                BarChart::new(bars_name, bars)
                    .color(palette::SKY)
                    .element_formatter(Box::new(|b, _| {
                        format!("{}: {:.2} % of failovers", b.name, b.value)
                    })),
            );
            p.vline(
                VLine::new(format!("exact mean: {}", fmt_count(exact)), exact)
                    .color(palette::VERMILION)
                    .width(w * 1.2),
            );
            p.vline(
                VLine::new(format!("{mean_name}: {}", fmt_count(simulated)), simulated)
                    .color(text)
                    .width(w * 0.7)
                    .style(egui_plot::LineStyle::dashed_loose()),
            );
        })
        .response;
    widgets::describe_plot(
        &response,
        "Plot: how many locks one failover loses, over many failovers",
        "",
    );
    response.rect
}

/// The numbers beside the histogram.
fn numbers(ui: &mut Ui, view: &FailoverView) {
    let s = &view.summary;
    let interval = |e: &crate::sim::stats::Estimate| {
        let half = (e.hi - e.lo) / 2.0;
        if half > 0.0 && half.is_finite() {
            // Enough decimals that the interval's width shows.
            let d = (1.0 - half.log10().floor()).clamp(0.0, 4.0) as usize;
            format!("{:.d$} ({:.d$} to {:.d$})", e.value, e.lo, e.hi)
        } else {
            format!(
                "{} ({} to {})",
                fmt_count(e.value),
                fmt_count(e.lo),
                fmt_count(e.hi)
            )
        }
    };
    let (mean_label, run_label) = if s.params.store == Store::Consensus {
        ("Model mean (zero by construction)", "Failovers counted")
    } else {
        ("Simulated mean (95 % interval)", "Failovers simulated")
    };
    let zero_share = view.acc.lost_hist.bins.first().copied().unwrap_or(0) as f64
        / view.acc.failovers.max(1) as f64;
    egui::Grid::new("s5-numbers")
        .num_columns(2)
        .spacing([16.0, 6.0])
        .striped(true)
        .show(ui, |ui| {
            ui.label("Locks lost per failover, exact mean");
            ui.label(RichText::new(fmt_count(s.expected_lost)).strong());
            ui.end_row();
            ui.label(mean_label);
            ui.label(interval(&s.mean_lost));
            ui.end_row();
            ui.label("Granted twice per failover, exact mean");
            ui.label(RichText::new(fmt_count(s.expected_double_granted)).strong());
            ui.end_row();
            ui.label(mean_label);
            ui.label(interval(&s.mean_double_granted));
            ui.end_row();
            ui.label("Failovers that lost no lock");
            ui.label(format!(
                "{} (exact {})",
                fmt_pct(zero_share),
                fmt_pct((-s.expected_lost).exp())
            ));
            ui.end_row();
            ui.label(run_label);
            ui.label(format!(
                "{} of {}",
                fmt_int(view.acc.failovers),
                fmt_int(s.params.failovers)
            ));
            ui.end_row();
        });
}

impl Section for WhereLock {
    fn number(&self) -> u8 {
        5
    }

    fn summary(&self) -> Option<String> {
        let snap = self.run.snapshot();
        snap.result.as_ref().map(|v| self.headline(v))
    }

    fn scenario(&self) -> Option<Pairs> {
        let p = &self.params;
        Some(
            PairsBuilder::default()
                .text("store", &self.row().id)
                .num(&failover::RATE, p.rate)
                .num(&failover::LAG_MS, p.lag_ms)
                .num(&failover::CONTENTION, p.contention)
                .num(&failover::FAILOVERS, p.failovers as f64)
                .seed(self.seed)
                .build(),
        )
    }

    fn apply_scenario(&mut self, pairs: &[(String, String)]) -> Result<(), String> {
        let mut r = PairsReader::new(pairs);
        let d = FailoverParams::default();
        let ids: Vec<&str> = stores().iter().map(|s| s.id.as_str()).collect();
        let store = match r.choice("store", &ids)? {
            Some(id) => ids.iter().position(|s| *s == id).unwrap_or(DEFAULT_STORE),
            None => DEFAULT_STORE,
        };
        let p = FailoverParams {
            rate: r.num(&failover::RATE)?.unwrap_or(d.rate),
            lag_ms: r.num(&failover::LAG_MS)?.unwrap_or(d.lag_ms),
            contention: r.num(&failover::CONTENTION)?.unwrap_or(d.contention),
            failovers: r
                .num(&failover::FAILOVERS)?
                .map_or(d.failovers, |v| v as u64),
            store: model_store(&stores()[store]),
            ..d
        };
        let seed = r.seed()?.unwrap_or(self.seed);
        r.finish()?;
        self.params = p;
        self.store = store;
        self.seed = seed;
        Ok(())
    }

    fn csv(&self) -> Option<String> {
        let snap = self.run.snapshot();
        let view = snap.result.as_ref()?;
        let h = &view.acc.lost_hist;
        let width = (h.hi - h.lo) / h.bins.len() as f64;
        let mut out = String::from("lost_from,lost_to,failovers,share\n");
        let n = view.acc.failovers.max(1) as f64;
        for (i, &c) in h.bins.iter().enumerate() {
            let first = h.lo + i as f64 * width;
            out.push_str(&format!(
                "{first},{},{c},{}\n",
                first + width - 1.0,
                c as f64 / n
            ));
        }
        Some(out)
    }

    fn plot_rect(&self) -> Option<egui::Rect> {
        self.plot_rect
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        self.controls(ui);
        self.refresh(cx.runner);
        ui.add_space(8.0);

        // Before the snapshot is held: the progress bar reads it too.
        self.run.progress_ui(ui, "simulating failovers");
        let snap = self.run.snapshot();
        let Some(view) = snap.result.as_ref() else {
            // Nothing merged yet: the progress bar above shows once the wait is noticeable.
            widgets::no_result_yet(ui, snap.failed.as_deref(), None);
            return;
        };
        widgets::headline(ui, &self.headline(view));
        ui.add_space(8.0);
        let height = (ui.available_height() * 0.42).clamp(220.0, 380.0);
        let mut rect = None;
        widgets::side_by_side(
            ui,
            |ui| {
                ui.label(RichText::new("Locks lost in one failover").strong());
                // The whole figure, axes and labels included, for the PNG export.
                rect = Some(
                    ui.scope(|ui| histogram_plot(ui, cx, view, height))
                        .response
                        .rect,
                );
            },
            |ui| {
                ui.label(RichText::new("The numbers").strong());
                numbers(ui, view);
            },
        );
        self.plot_rect = rect;
        drop(snap);
        ui.add_space(8.0);
        ui.label(RichText::new("Where the lock can live").strong());
        self.table(ui);
        ui.add_space(6.0);
        if widgets::how_computed(ui, &self.text().how, self.seed, cx) {
            self.seed = widgets::next_seed(self.seed);
        }
    }
}
