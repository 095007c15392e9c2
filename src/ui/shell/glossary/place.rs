//! Where a card opened over the page goes: where it covers no figure. The page's free room is
//! the window less its figures, cut into the largest rectangles that touch none; the card takes
//! the place in them nearest the window's centre, at the widest of its widths that fits whole,
//! else the largest free rectangle, its words scrolling.

use egui::{Rect, Vec2, pos2, vec2};

/// Room kept between the card, the window's edge and a figure.
pub const GAP: f32 = 8.0;

/// The card's widths, widest first (its words wrap to them).
pub const WIDTHS: [f32; 4] = [560.0, 480.0, 400.0, 320.0];

/// The largest rectangles inside `room` that overlap none of `obstacles` (every free point of
/// `room` is in at least one of them).
pub fn free_rects(room: Rect, obstacles: &[Rect]) -> Vec<Rect> {
    let mut free = vec![room];
    for o in obstacles.iter().filter(|o| o.intersects(room)) {
        let mut next = Vec::new();
        for f in free {
            if !f.intersects(*o) {
                next.push(f);
                continue;
            }
            // The parts of `f` left, right, above and below the obstacle.
            let parts = [
                Rect::from_min_max(f.min, pos2(o.left(), f.bottom())),
                Rect::from_min_max(pos2(o.right(), f.top()), f.max),
                Rect::from_min_max(f.min, pos2(f.right(), o.top())),
                Rect::from_min_max(pos2(f.left(), o.bottom()), f.max),
            ];
            next.extend(
                parts
                    .into_iter()
                    .filter(|p| p.width() > 0.0 && p.height() > 0.0),
            );
        }
        free = next;
    }
    // Only the largest: none inside another.
    let keep: Vec<bool> = (0..free.len())
        .map(|i| {
            !free
                .iter()
                .enumerate()
                .any(|(j, g)| j != i && g.contains_rect(free[i]) && (free[i] != *g || j < i))
        })
        .collect();
    free.into_iter()
        .zip(keep)
        .filter_map(|(f, k)| k.then_some(f))
        .collect()
}

/// The rect of `size` inside `room` nearest `centre` (`size` no larger than `room`).
fn nearest(room: Rect, size: Vec2, centre: egui::Pos2) -> Rect {
    let half = size / 2.0;
    let x = centre.x.clamp(room.left() + half.x, room.right() - half.x);
    let y = centre.y.clamp(room.top() + half.y, room.bottom() - half.y);
    Rect::from_center_size(pos2(x, y), size)
}

/// Where a card goes in `window` clear of `figures`: `size(width)` is the card's size at each
/// of [`WIDTHS`] (narrower is taller). The widest card that fits whole in the free room, nearest
/// the window's centre; else the largest free rectangle (the card's words scroll in it); with
/// no free room at all (a figure fills the window), the window's centre.
pub fn card_rect(window: Rect, figures: &[Rect], size: &dyn Fn(f32) -> Vec2) -> Rect {
    let room = window.shrink(GAP);
    let centre = window.center();
    let obstacles: Vec<Rect> = figures.iter().map(|f| f.expand(GAP)).collect();
    let free = free_rects(room, &obstacles);
    for w in WIDTHS {
        let want = size(w);
        let best = free
            .iter()
            .filter(|f| f.width() >= want.x && f.height() >= want.y)
            .map(|f| nearest(*f, want, centre))
            .min_by(|a, b| {
                let d = |r: &Rect| (r.center() - centre).length();
                d(a).total_cmp(&d(b))
            });
        if let Some(r) = best {
            return r;
        }
    }
    let narrowest = size(WIDTHS[WIDTHS.len() - 1]);
    let largest = free
        .iter()
        .filter(|f| f.width() >= narrowest.x)
        .max_by(|a, b| a.area().total_cmp(&b.area()));
    match largest {
        Some(f) => {
            let wide = size(WIDTHS[0]).x.min(f.width());
            nearest(*f, vec2(wide, f.height()), centre)
        }
        None => Rect::from_center_size(centre, size(WIDTHS[0]).min(room.size())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(w: f32) -> Vec2 {
        vec2(w, 120_000.0 / w)
    }

    #[test]
    fn free_room_is_the_window_less_its_figures() {
        let window = Rect::from_min_size(pos2(0.0, 0.0), vec2(100.0, 100.0));
        let figure = Rect::from_min_max(pos2(40.0, 40.0), pos2(60.0, 60.0));
        let free = free_rects(window, &[figure]);
        assert_eq!(free.len(), 4, "{free:?}");
        // (Rects that share an edge touch: what counts is area in common.)
        let overlap = |a: Rect, b: Rect| a.intersect(b).is_positive();
        assert!(free.iter().all(|f| !overlap(*f, figure)), "{free:?}");
        // Every corner and every edge's middle is free.
        for p in [
            pos2(1.0, 1.0),
            pos2(99.0, 50.0),
            pos2(50.0, 99.0),
            pos2(1.0, 99.0),
        ] {
            assert!(free.iter().any(|f| f.contains(p)), "{p:?} in {free:?}");
        }
        assert_eq!(free_rects(window, &[]), vec![window]);
        assert!(free_rects(window, &[window]).is_empty());
    }

    #[test]
    fn a_card_with_no_figure_under_it_stays_in_the_middle() {
        let window = Rect::from_min_size(pos2(0.0, 0.0), vec2(1280.0, 720.0));
        let r = card_rect(window, &[], &card);
        assert_eq!(r.center(), window.center());
        assert_eq!(r.width(), WIDTHS[0]);
    }

    #[test]
    fn a_card_goes_beside_a_figure_and_narrows_before_it_covers_one() {
        let window = Rect::from_min_size(pos2(0.0, 0.0), vec2(1280.0, 720.0));
        // A figure across the middle, room above and below it.
        let figure = Rect::from_min_max(pos2(200.0, 200.0), pos2(1200.0, 600.0));
        let r = card_rect(window, &[figure], &|w| vec2(w, 150.0));
        assert!(!r.intersects(figure.expand(GAP - 0.5)), "{r:?}");
        assert!(window.contains_rect(r));
        assert_eq!(r.width(), WIDTHS[0]);
        // Room only at the left, 420 points wide: the card narrows to fit it.
        let figure = Rect::from_min_max(pos2(420.0, 0.0), pos2(1280.0, 720.0));
        let r = card_rect(window, &[figure], &card);
        assert!(!r.intersect(figure).is_positive(), "{r:?}");
        assert_eq!(r.width(), 400.0);
        // Too little room for any width whole: the largest free room, the words scrolling.
        let figure = Rect::from_min_max(pos2(0.0, 300.0), pos2(1280.0, 720.0));
        let r = card_rect(window, &[figure], &|w| vec2(w, 400.0));
        assert!(!r.intersect(figure).is_positive(), "{r:?}");
        assert_eq!(r.width(), WIDTHS[0]);
        assert!(r.height() < 300.0);
    }
}
