//! Paints egui's triangles into an image on the CPU, the way egui's OpenGL painter does on
//! the GPU: premultiplied sRGB colours, textures sampled bilinearly, blending "over" in
//! gamma space, clip rectangles rounded to whole pixels. Figures for slides are painted
//! here, so the picture is the same on every machine, with or without a graphics card.

use std::collections::HashMap;

use egui::epaint::{ClippedPrimitive, Primitive, Vertex};
use egui::{Color32, ColorImage, TextureId};

/// Textures by id, as the frames' texture deltas left them.
#[derive(Default)]
pub struct Textures {
    images: HashMap<TextureId, ColorImage>,
}

impl Textures {
    /// Applies a frame's texture changes (new images, patches, frees) and clears them.
    pub fn apply(&mut self, delta: &mut egui::TexturesDelta) {
        for (id, deltas) in delta.set.drain() {
            for d in deltas {
                let egui::ImageData::Color(image) = &d.image;
                match d.pos {
                    None => {
                        self.images.insert(id, (**image).clone());
                    }
                    Some([x0, y0]) => {
                        if let Some(target) = self.images.get_mut(&id) {
                            patch(target, image, x0, y0);
                        }
                    }
                }
            }
        }
        for id in delta.free.drain() {
            self.images.remove(&id);
        }
    }

    fn get(&self, id: TextureId) -> Option<&ColorImage> {
        self.images.get(&id)
    }
}

fn patch(target: &mut ColorImage, image: &ColorImage, x0: usize, y0: usize) {
    let [tw, th] = target.size;
    let [w, h] = image.size;
    for y in 0..h.min(th.saturating_sub(y0)) {
        for x in 0..w.min(tw.saturating_sub(x0)) {
            target.pixels[(y0 + y) * tw + x0 + x] = image.pixels[y * w + x];
        }
    }
}

/// Paints `primitives` (positions in points) over a `background` image of `size` pixels.
pub fn paint(
    primitives: &[ClippedPrimitive],
    textures: &Textures,
    size: [usize; 2],
    pixels_per_point: f32,
    background: Color32,
) -> ColorImage {
    paint_with(
        primitives,
        textures,
        size,
        pixels_per_point,
        background,
        true,
    )
}

/// [`paint`], with each row's pixels found from the triangle's edges (`spans`) or by testing
/// every pixel of its bounding box (the plain way, which tests compare against).
fn paint_with(
    primitives: &[ClippedPrimitive],
    textures: &Textures,
    size: [usize; 2],
    pixels_per_point: f32,
    background: Color32,
    spans: bool,
) -> ColorImage {
    let mut image = ColorImage::filled(size, background);
    for p in primitives {
        let Primitive::Mesh(mesh) = &p.primitive else {
            continue;
        };
        let clip = PixelRect::of(p.clip_rect, pixels_per_point, size);
        if clip.is_empty() {
            continue;
        }
        let texture = textures.get(mesh.texture_id);
        for tri in mesh.indices.chunks_exact(3) {
            let v = |i: u32| mesh.vertices.get(i as usize);
            if let (Some(a), Some(b), Some(c)) = (v(tri[0]), v(tri[1]), v(tri[2])) {
                triangle(
                    &mut image,
                    clip,
                    texture,
                    [a, b, c],
                    pixels_per_point,
                    spans,
                );
            }
        }
    }
    image
}

/// A clip rectangle in whole pixels: columns `x0..x1`, rows `y0..y1`.
#[derive(Clone, Copy)]
struct PixelRect {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
}

impl PixelRect {
    fn of(rect: egui::Rect, ppp: f32, [w, h]: [usize; 2]) -> Self {
        let px = |v: f32, max: usize| ((v * ppp).round().max(0.0) as usize).min(max);
        Self {
            x0: px(rect.min.x, w),
            y0: px(rect.min.y, h),
            x1: px(rect.max.x, w),
            y1: px(rect.max.y, h),
        }
    }

    fn is_empty(&self) -> bool {
        self.x1 <= self.x0 || self.y1 <= self.y0
    }
}

/// Which side of the edge `a → b` the point `p` is on (twice the signed area).
fn edge(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

/// Whether a pixel centre exactly on the edge `a → b` belongs to this triangle: the
/// top-left rule, so that two triangles sharing an edge never both paint a pixel on it
/// (with transparent colours that would show as a seam).
fn owns_edge(a: [f64; 2], b: [f64; 2]) -> bool {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    dy < 0.0 || (dy == 0.0 && dx > 0.0)
}

fn triangle(
    image: &mut ColorImage,
    clip: PixelRect,
    texture: Option<&ColorImage>,
    verts: [&Vertex; 3],
    ppp: f32,
    spans: bool,
) {
    let pos = |v: &Vertex| [f64::from(v.pos.x * ppp), f64::from(v.pos.y * ppp)];
    let [mut a, mut b, c] = verts.map(pos);
    let [mut va, mut vb, vc] = verts;
    let mut area = edge(a, b, c);
    if area == 0.0 || !area.is_finite() {
        return;
    }
    if area < 0.0 {
        // One winding for all: egui uses both.
        std::mem::swap(&mut a, &mut b);
        std::mem::swap(&mut va, &mut vb);
        area = -area;
    }
    let lo = |i: usize| a[i].min(b[i]).min(c[i]);
    let hi = |i: usize| a[i].max(b[i]).max(c[i]);
    // Pixel (x, y) has its centre at (x + 0.5, y + 0.5).
    let first = |v: f64, min: usize| ((v - 0.5).ceil().max(0.0) as usize).max(min);
    let end = |v: f64, max: usize| (((v - 0.5).floor().max(-1.0) + 1.0) as usize).min(max);
    let (x0, x1) = (first(lo(0), clip.x0), end(hi(0), clip.x1));
    let (y0, y1) = (first(lo(1), clip.y0), end(hi(1), clip.y1));
    let edges = [(b, c), (c, a), (a, b)];
    let owns = edges.map(|(p, q)| owns_edge(p, q));
    // One colour for the whole triangle when nothing varies across it (most fills).
    let flat = (va.color == vb.color && vb.color == vc.color && va.uv == vb.uv && vb.uv == vc.uv)
        .then(|| shade([va, vb, vc], [1.0, 0.0, 0.0], texture));
    let width = image.size[0];
    for y in y0..y1 {
        let py = y as f64 + 0.5;
        // The row's span inside the triangle (widened by a pixel; each pixel is then tested
        // exactly), so thin slanted triangles cost their area, not their bounding box.
        let (mut from, mut to) = (x0 as f64, x1 as f64);
        for (p, q) in edges.into_iter().filter(|_| spans) {
            // edge(p, q, (x, py)) = slope * x + offset
            let slope = -(q[1] - p[1]);
            let offset = (q[0] - p[0]) * (py - p[1]) + (q[1] - p[1]) * p[0];
            if slope > 0.0 {
                from = from.max(-offset / slope - 1.5);
            } else if slope < 0.0 {
                to = to.min(-offset / slope + 1.5);
            } else if offset < 0.0 {
                to = from;
            }
        }
        let (sx0, sx1) = (
            from.max(x0 as f64) as usize,
            (to.min(x1 as f64).max(0.0)) as usize,
        );
        for x in sx0..sx1.max(sx0) {
            let p = [x as f64 + 0.5, py];
            let w = edges.map(|(e0, e1)| edge(e0, e1, p));
            let inside = w
                .iter()
                .zip(owns)
                .all(|(&w, own)| w > 0.0 || (w == 0.0 && own));
            if !inside {
                continue;
            }
            let colour = flat.unwrap_or_else(|| {
                let l = w.map(|w| (w / area) as f32);
                shade([va, vb, vc], l, texture)
            });
            let dst = &mut image.pixels[y * width + x];
            *dst = if colour.a() == 255 {
                colour
            } else {
                over(colour, *dst)
            };
        }
    }
}

/// The colour at barycentric weights `l`: vertex colour times texture, both premultiplied.
fn shade(v: [&Vertex; 3], l: [f32; 3], texture: Option<&ColorImage>) -> Color32 {
    let mix = |f: fn(&Vertex) -> f32| l[0] * f(v[0]) + l[1] * f(v[1]) + l[2] * f(v[2]);
    let channel = |i: usize| {
        let c = l[0] * f32::from(v[0].color[i])
            + l[1] * f32::from(v[1].color[i])
            + l[2] * f32::from(v[2].color[i]);
        c.clamp(0.0, 255.0)
    };
    let vertex = [channel(0), channel(1), channel(2), channel(3)];
    let tex = match texture {
        Some(t) => sample(t, mix(|v| v.uv.x), mix(|v| v.uv.y)),
        None => [255.0; 4],
    };
    let c = |i: usize| (vertex[i] * tex[i] / 255.0).round() as u8;
    Color32::from_rgba_premultiplied(c(0), c(1), c(2), c(3))
}

/// Bilinear sample at normalised `(u, v)`, clamped at the borders.
fn sample(t: &ColorImage, u: f32, v: f32) -> [f32; 4] {
    let [w, h] = t.size;
    if w == 0 || h == 0 {
        return [255.0; 4];
    }
    let fx = (u * w as f32 - 0.5).clamp(0.0, (w - 1) as f32);
    let fy = (v * h as f32 - 0.5).clamp(0.0, (h - 1) as f32);
    let (x0, y0) = (fx.floor() as usize, fy.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
    let px = |x: usize, y: usize| t.pixels[y * w + x];
    let mut out = [0.0; 4];
    for (i, o) in out.iter_mut().enumerate() {
        let top = f32::from(px(x0, y0)[i]) * (1.0 - tx) + f32::from(px(x1, y0)[i]) * tx;
        let bottom = f32::from(px(x0, y1)[i]) * (1.0 - tx) + f32::from(px(x1, y1)[i]) * tx;
        *o = top * (1.0 - ty) + bottom * ty;
    }
    out
}

/// Premultiplied `src` over `dst`.
fn over(src: Color32, dst: Color32) -> Color32 {
    let keep = 255 - u32::from(src.a());
    let c = |i: usize| {
        let v = u32::from(src[i]) + (u32::from(dst[i]) * keep + 127) / 255;
        v.min(255) as u8
    };
    Color32::from_rgba_premultiplied(c(0), c(1), c(2), c(3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::epaint::{Mesh, WHITE_UV};
    use egui::{Rect, pos2};

    fn paint_one(mesh: Mesh, size: [usize; 2], ppp: f32) -> ColorImage {
        let clip = Rect::from_min_max(pos2(0.0, 0.0), pos2(1e4, 1e4));
        let prims = [ClippedPrimitive {
            clip_rect: clip,
            primitive: Primitive::Mesh(mesh),
        }];
        paint(&prims, &Textures::default(), size, ppp, Color32::WHITE)
    }

    #[test]
    fn a_rectangle_covers_exactly_its_pixels() {
        let mut mesh = Mesh::default();
        mesh.add_colored_rect(
            Rect::from_min_max(pos2(1.0, 1.0), pos2(3.0, 2.0)),
            Color32::RED,
        );
        let img = paint_one(mesh, [10, 6], 2.0);
        for y in 0..6 {
            for x in 0..10 {
                let inside = (2..6).contains(&x) && (2..4).contains(&y);
                let want = if inside { Color32::RED } else { Color32::WHITE };
                assert_eq!(img.pixels[y * 10 + x], want, "pixel ({x}, {y})");
            }
        }
    }

    #[test]
    fn shared_edges_are_painted_once() {
        // Half-transparent black squares whose diagonals and sides run through pixel
        // centres: painted twice, a pixel on an edge would come out darker.
        let half = Color32::from_black_alpha(128);
        let mut mesh = Mesh::default();
        for (x, y) in [(0.5, 0.5), (4.5, 0.5), (0.5, 4.5), (4.5, 4.5)] {
            mesh.add_colored_rect(Rect::from_min_max(pos2(x, y), pos2(x + 4.0, y + 4.0)), half);
        }
        let img = paint_one(mesh, [10, 10], 1.0);
        let inside: Vec<Color32> = (1..8)
            .flat_map(|y| (1..8).map(move |x| (x, y)))
            .map(|(x, y)| img.pixels[y * 10 + x])
            .collect();
        assert!(inside.iter().all(|&c| c == inside[0]), "{inside:?}");
        assert_ne!(inside[0], Color32::WHITE);
        assert_eq!(img.pixels[99], Color32::WHITE);
    }

    #[test]
    fn row_spans_paint_exactly_what_testing_every_pixel_paints() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut mesh = Mesh::default();
        for _ in 0..300 {
            let base = mesh.vertices.len() as u32;
            for _ in 0..3 {
                // Coordinates on a half-pixel grid put many centres exactly on edges.
                let c = |rng: &mut rand_chacha::ChaCha8Rng| rng.random_range(-8..80) as f32 * 0.25;
                let (x, y) = (c(&mut rng), c(&mut rng));
                let a = rng.random_range(0..=255u8);
                mesh.colored_vertex(pos2(x, y), Color32::from_black_alpha(a));
            }
            mesh.add_triangle(base, base + 1, base + 2);
        }
        let prims = [ClippedPrimitive {
            clip_rect: Rect::from_min_max(pos2(1.0, 2.0), pos2(18.0, 19.0)),
            primitive: Primitive::Mesh(mesh),
        }];
        let t = Textures::default();
        let fast = paint_with(&prims, &t, [20, 20], 1.0, Color32::WHITE, true);
        let plain = paint_with(&prims, &t, [20, 20], 1.0, Color32::WHITE, false);
        assert_eq!(fast.pixels, plain.pixels);
        assert!(fast.pixels.iter().any(|&p| p != Color32::WHITE));
    }

    #[test]
    fn colours_blend_over_the_background() {
        assert_eq!(
            over(Color32::from_black_alpha(0), Color32::WHITE),
            Color32::WHITE
        );
        assert_eq!(over(Color32::RED, Color32::WHITE), Color32::RED);
        let grey = over(Color32::from_black_alpha(128), Color32::WHITE);
        assert_eq!(grey, Color32::from_gray(127));
    }

    #[test]
    fn clip_rectangles_cut_the_paint() {
        let mut mesh = Mesh::default();
        mesh.add_colored_rect(
            Rect::from_min_max(pos2(0.0, 0.0), pos2(8.0, 8.0)),
            Color32::BLUE,
        );
        let prims = [ClippedPrimitive {
            clip_rect: Rect::from_min_max(pos2(2.0, 2.0), pos2(4.0, 3.0)),
            primitive: Primitive::Mesh(mesh),
        }];
        let img = paint(&prims, &Textures::default(), [8, 8], 1.0, Color32::WHITE);
        let blue = img.pixels.iter().filter(|&&c| c == Color32::BLUE).count();
        assert_eq!(blue, 2);
        assert_eq!(img.pixels[2 * 8 + 2], Color32::BLUE);
    }

    #[test]
    fn textures_are_sampled_and_patched() {
        let id = TextureId::Managed(7);
        let mut textures = Textures::default();
        let mut delta = egui::TexturesDelta::default();
        let image = ColorImage::filled([4, 4], Color32::from_white_alpha(0));
        delta.set.insert(
            id,
            [egui::epaint::ImageDelta::full(image, Default::default())].into(),
        );
        let spot = ColorImage::filled([2, 2], Color32::from_white_alpha(255));
        delta.set.insert(
            TextureId::Managed(8),
            [egui::epaint::ImageDelta::full(
                ColorImage::filled([1, 1], Color32::WHITE),
                Default::default(),
            )]
            .into(),
        );
        textures.apply(&mut delta);
        let mut patch_delta = egui::TexturesDelta::default();
        patch_delta.set.insert(
            id,
            [egui::epaint::ImageDelta::partial(
                [0, 0],
                spot,
                Default::default(),
            )]
            .into(),
        );
        patch_delta.free.insert(TextureId::Managed(8));
        textures.apply(&mut patch_delta);
        assert!(textures.get(TextureId::Managed(8)).is_none());
        let t = textures.get(id).unwrap();
        // The patched corner is opaque white; the far corner still transparent.
        assert_eq!(sample(t, 0.0, 0.0), [255.0; 4]);
        assert_eq!(sample(t, 1.0, 1.0), [0.0; 4]);
        // A red vertex colour times the opaque texel is red.
        let v = Vertex {
            pos: pos2(0.0, 0.0),
            uv: pos2(0.1, 0.1),
            color: Color32::RED,
        };
        assert_eq!(shade([&v, &v, &v], [1.0, 0.0, 0.0], Some(t)), Color32::RED);
        let untextured = Vertex { uv: WHITE_UV, ..v };
        assert_eq!(shade([&untextured; 3], [0.2, 0.3, 0.5], None), Color32::RED);
    }
}
