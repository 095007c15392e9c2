//! Section 7, "Who lives by this": four cards (Chubby, ZooKeeper, the Redlock debate, etcd),
//! each naming what plays the fencing-token role there.

use egui::{RichText, Stroke, Ui};

use crate::lesson::{self, SystemCard};
use crate::ui::kit::plot::palette;
use crate::ui::sections::quiz::how_note;
use crate::ui::shell::glossary::marked_text;
use crate::ui::{Cx, Section, kit::a11y};

#[derive(Default)]
pub struct Who;

impl Who {
    pub fn new() -> Self {
        Self
    }
}

fn card(ui: &mut Ui, c: &SystemCard, cx: &mut Cx<'_>) {
    egui::Frame::group(ui.style())
        .corner_radius(8.0)
        .inner_margin(egui::Margin::same(12))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            a11y::add_heading(ui, RichText::new(&c.name).heading().strong(), 1);
            ui.label(RichText::new(lesson::plain(&c.tagline)).italics());
            ui.add_space(6.0);
            // The point of the section first: what plays the fencing token here.
            egui::Frame::new()
                .stroke(Stroke::new(2.0, palette::BLUE))
                .corner_radius(6.0)
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    let accent = if ui.visuals().dark_mode {
                        palette::SKY
                    } else {
                        palette::BLUE
                    };
                    ui.label(RichText::new("Fencing token here").strong().color(accent));
                    marked_text(ui, &c.fencing_role, cx);
                });
            ui.add_space(6.0);
            for point in &c.points {
                ui.horizontal_top(|ui| {
                    ui.label("•");
                    ui.vertical(|ui| marked_text(ui, point, cx));
                });
                ui.add_space(2.0);
            }
        });
}

impl Section for Who {
    fn number(&self) -> u8 {
        crate::sections::number_of("who").unwrap_or(7)
    }

    fn summary(&self) -> Option<String> {
        let roles: Vec<String> = lesson::content()
            .systems
            .iter()
            .map(|c| format!("{}: {}", c.name, lesson::plain(&c.fencing_role)))
            .collect();
        Some(format!(
            "What plays the fencing-token role. {}",
            roles.join(" ")
        ))
    }

    fn ui(&mut self, ui: &mut Ui, cx: &mut Cx<'_>) {
        let cards = &lesson::content().systems;
        for pair in cards.chunks(2) {
            ui.columns(2, |cols| {
                for (col, c) in cols.iter_mut().zip(pair) {
                    card(col, c, cx);
                }
            });
            ui.add_space(8.0);
        }
        how_note(ui, &self.text().how, cx);
    }
}
