//! Pictures of tours as SVG, drawn the way people draw them: a checkered board with each
//! cell's number in small print, the path of moves as a line through the cell centres, a
//! filled dot on 1 and a ring on the last cell.
//!
//! A box is drawn as its layers side by side, layer 0 on the left, each with a caption. A move
//! within a layer is a line; a move between layers is a short dashed stub at each end, pointing
//! the way the move goes within the layers and labelled with the layer of its other end, so
//! the path can be followed by its numbers.
//!
//! A flat board larger than 60x60 is drawn as an overview instead (`overview`): the path
//! alone, coloured by progress, without numbers.
//!
//! The output is plain SVG text; no crate is involved.

use crate::board::{Cell, Shape};
use crate::tour::Closure;
use crate::tour::Tour;
use std::fmt::Write;

pub mod exploded;
pub mod histogram;
pub mod overview;
pub mod puzzle;
pub mod sheet;

/// Side of one cell, in SVG units.
const CELL: f64 = 40.0;
/// Space around the drawing.
const MARGIN: f64 = 16.0;
/// Space between the layers of a box.
const GAP: f64 = 28.0;
/// Height of the caption line above each layer of a box.
const CAPTION: f64 = 22.0;
/// Length of a stub for a move between layers, as a fraction of a cell.
const STUB: f64 = 0.3;
/// Height of the legend under the layers of a box.
const LEGEND: f64 = 36.0;
/// Height of the line under the board that says what the shaded cells are.
const MARK_LEGEND: f64 = 22.0;

const LIGHT: &str = "#f4ecd8";
const DARK: &str = "#cdb891";
const INK: &str = "#1d4f91";
const START: &str = "#1a8f3c";
const END: &str = "#c0392b";
/// Shade of a marked cell.
const MARK: &str = "#e67e22";

/// Where each layer and cell is drawn.
struct Layout {
    shape: Shape,
    width: f64,
    height: f64,
    top: f64,
}

impl Layout {
    fn new(shape: Shape, marks: bool) -> Layout {
        let layers = shape.layers as f64;
        let panel_w = shape.cols as f64 * CELL;
        let top = if shape.solid {
            MARGIN + CAPTION
        } else {
            MARGIN
        };
        Layout {
            shape,
            width: 2.0 * MARGIN + layers * panel_w + (layers - 1.0) * GAP,
            height: top
                + shape.rows as f64 * CELL
                + MARGIN
                + if shape.solid { LEGEND } else { 0.0 }
                + if marks { MARK_LEGEND } else { 0.0 },
            top,
        }
    }

    /// Left edge of a layer's panel.
    fn panel_x(&self, layer: usize) -> f64 {
        MARGIN + layer as f64 * (self.shape.cols as f64 * CELL + GAP)
    }

    /// Top-left corner of a cell.
    fn corner(&self, cell: Cell) -> (f64, f64) {
        let c = self.shape.coord(cell);
        (
            self.panel_x(c.layer) + c.col as f64 * CELL,
            self.top + c.row as f64 * CELL,
        )
    }

    fn centre(&self, cell: Cell) -> (f64, f64) {
        let (x, y) = self.corner(cell);
        (x + CELL / 2.0, y + CELL / 2.0)
    }
}

/// Formats a coordinate without needless decimals.
fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// The tour as an SVG document. With `closed`, the last cell is joined back to the first. A
/// flat board with a side over 60 is drawn as an overview: the path only, coloured from
/// number 1 to the last, with no numbers.
pub fn svg(tour: &Tour, closed: Closure) -> String {
    svg_marked(tour, closed, &[], "")
}

/// [`svg`] with the `marked` cells shaded (the cells whose angle a reader asked to see, say)
/// and a line under the board saying what they are: "shaded: {meaning} (N cells)". The
/// overview of a large board shows no marks.
pub fn svg_marked(tour: &Tour, closed: Closure, marked: &[Cell], meaning: &str) -> String {
    let shape = tour.shape();
    if overview::suits(shape) {
        return overview::svg(shape, tour.order(), closed);
    }
    let layout = Layout::new(shape, !marked.is_empty());
    let order = tour.order();
    let kind = if closed.is_closed() { "closed" } else { "open" };
    let title = format!("{kind} tour on {shape}, {} cells", order.len());
    let mut out = document_head(layout.width, layout.height, &title);
    draw_board(&mut out, &layout);
    draw_marks(&mut out, &layout, marked);
    draw_moves(&mut out, &layout, order, closed);
    if shape.solid {
        draw_legend(&mut out, &layout);
    }
    if !marked.is_empty() {
        draw_mark_legend(&mut out, &layout, marked.len(), meaning);
    }
    draw_ends(&mut out, &layout, order);
    draw_numbers(&mut out, &layout, order);
    out.push_str("</svg>\n");
    out
}

/// The opening of an SVG document `width` by `height` units: the root element, its title
/// and a white background.
fn document_head(width: f64, height: f64, title: &str) -> String {
    let (w, h) = (num(width), num(height));
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>{title}</title>");
    let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    out
}

/// The board, one panel per layer, with a caption per layer in a box.
fn draw_board(out: &mut String, layout: &Layout) {
    let shape = layout.shape;
    out.push_str("<g class=\"board\">\n");
    for cell in shape.cells() {
        let (x, y) = layout.corner(cell);
        let fill = if shape.colour(cell) == 0 { LIGHT } else { DARK };
        let _ = writeln!(
            out,
            r#"<rect class="square" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
            num(x),
            num(y)
        );
    }
    let panel_w = num(shape.cols as f64 * CELL);
    let panel_h = num(shape.rows as f64 * CELL);
    for layer in 0..shape.layers {
        let x = layout.panel_x(layer);
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{panel_w}" height="{panel_h}" fill="none" stroke="#555" stroke-width="1"/>"##,
            num(x),
            num(layout.top)
        );
        if shape.solid {
            let cx = x + shape.cols as f64 * CELL / 2.0;
            let _ = writeln!(
                out,
                r##"<text class="caption" x="{}" y="{}" font-size="13" text-anchor="middle" fill="#333">layer {layer}</text>"##,
                num(cx),
                num(MARGIN + CAPTION - 8.0)
            );
        }
    }
    out.push_str("</g>\n");
}

/// The moves: runs within one layer as polylines, moves between layers as stubs.
fn draw_moves(out: &mut String, layout: &Layout, order: &[Cell], closed: Closure) {
    let n = order.len();
    let mut moves: Vec<(Cell, Cell)> = order.windows(2).map(|p| (p[0], p[1])).collect();
    if closed.is_closed() && n > 1 {
        moves.push((order[n - 1], order[0]));
    }
    let _ = writeln!(
        out,
        r#"<g class="moves" fill="none" stroke="{INK}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">"#
    );
    let mut run: Vec<Cell> = Vec::new();
    let mut stubs: Vec<(Cell, Cell)> = Vec::new();
    for &(a, b) in &moves {
        let (ca, cb) = (layout.shape.coord(a), layout.shape.coord(b));
        if ca.layer == cb.layer {
            if run.last() != Some(&a) {
                draw_run(out, layout, &mut run);
                run.push(a);
            }
            run.push(b);
        } else {
            draw_run(out, layout, &mut run);
            stubs.push((a, b));
            stubs.push((b, a));
        }
    }
    draw_run(out, layout, &mut run);
    draw_stubs(out, layout, &stubs);
    out.push_str("</g>\n");
}

/// One run of moves within a layer as a polyline; empties `run`.
fn draw_run(out: &mut String, layout: &Layout, run: &mut Vec<Cell>) {
    if run.len() >= 2 {
        let points: Vec<String> = run
            .iter()
            .map(|&c| {
                let (x, y) = layout.centre(c);
                format!("{},{}", num(x), num(y))
            })
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline class="path" points="{}"/>"#,
            points.join(" ")
        );
    }
    run.clear();
}

/// A shade with a bold frame on each marked cell, under the path: the frame shows on light
/// and dark cells alike.
fn draw_marks(out: &mut String, layout: &Layout, marked: &[Cell]) {
    let inset = 2.5;
    for &cell in marked {
        let (x, y) = layout.corner(cell);
        let _ = writeln!(
            out,
            r#"<rect class="mark" x="{}" y="{}" width="{}" height="{}" fill="{MARK}" fill-opacity="0.45" stroke="{MARK}" stroke-width="4"/>"#,
            num(x + inset),
            num(y + inset),
            num(CELL - 2.0 * inset),
            num(CELL - 2.0 * inset)
        );
    }
}

/// A dot on the start and a ring on the end.
fn draw_ends(out: &mut String, layout: &Layout, order: &[Cell]) {
    let (Some(&first), Some(&last)) = (order.first(), order.last()) else {
        return;
    };
    let (x, y) = layout.centre(first);
    let _ = writeln!(
        out,
        r#"<circle class="start" cx="{}" cy="{}" r="{}" fill="{START}"/>"#,
        num(x),
        num(y),
        num(CELL * 0.16)
    );
    let (x, y) = layout.centre(last);
    let _ = writeln!(
        out,
        r#"<circle class="end" cx="{}" cy="{}" r="{}" fill="none" stroke="{END}" stroke-width="2.5"/>"#,
        num(x),
        num(y),
        num(CELL * 0.22)
    );
}

/// The numbers, in the top-left corner of each cell, over everything else. A white halo
/// keeps them legible where the path crosses.
fn draw_numbers(out: &mut String, layout: &Layout, order: &[Cell]) {
    out.push_str("<g class=\"numbers\" font-size=\"11\" fill=\"#222\" stroke=\"white\" stroke-width=\"2.5\" stroke-opacity=\"0.8\" paint-order=\"stroke\">\n");
    for (k, &cell) in order.iter().enumerate() {
        let (x, y) = layout.corner(cell);
        let _ = writeln!(
            out,
            r#"<text class="number" x="{}" y="{}">{}</text>"#,
            num(x + 3.0),
            num(y + 12.0),
            k + 1
        );
    }
    out.push_str("</g>\n");
}

/// What the marks of a box's picture mean: the stubs and their labels are not obvious.
fn draw_legend(out: &mut String, layout: &Layout) {
    let x = MARGIN;
    let y = layout.top + layout.shape.rows as f64 * CELL + 16.0;
    let _ = writeln!(
        out,
        r#"<g class="legend" font-size="10" fill="{INK}" stroke="none">"#
    );
    let _ = writeln!(
        out,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{INK}" stroke-width="2" stroke-dasharray="2.5 2"/>"#,
        num(x),
        num(y - 3.0),
        num(x + 14.0),
        num(y - 3.0)
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}">a move to another layer; the small number is that layer (several: "0,2")</text>"#,
        num(x + 20.0),
        num(y)
    );
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{}" r="4" fill="{START}"/><text x="{}" y="{}">number 1</text><circle cx="{}" cy="{}" r="5" fill="none" stroke="{END}" stroke-width="2"/><text x="{}" y="{}">the last number</text>"#,
        num(x + 7.0),
        num(y + 11.0),
        num(x + 20.0),
        num(y + 14.0),
        num(x + 87.0),
        num(y + 11.0),
        num(x + 100.0),
        num(y + 14.0)
    );
    out.push_str("</g>\n");
}

/// The line under everything else that says what the shaded cells are.
fn draw_mark_legend(out: &mut String, layout: &Layout, count: usize, meaning: &str) {
    let x = MARGIN;
    let y = layout.height - MARGIN - MARK_LEGEND + 16.0;
    let cells = if count == 1 { "cell" } else { "cells" };
    let _ = writeln!(
        out,
        r##"<g class="mark-legend" font-size="10" fill="#333"><rect x="{}" y="{}" width="12" height="12" fill="{MARK}" fill-opacity="0.45" stroke="{MARK}" stroke-width="2"/><text x="{}" y="{}">shaded: {meaning} ({count} {cells})</text></g>"##,
        num(x),
        num(y - 10.0),
        num(x + 18.0),
        num(y)
    );
}

/// The unit vector within the layers from `from` towards `to`; straight through the layers,
/// the upper right.
fn direction(shape: Shape, from: Cell, to: Cell) -> (f64, f64) {
    let (a, b) = (shape.coord(from), shape.coord(to));
    let (dx, dy) = (b.col as f64 - a.col as f64, b.row as f64 - a.row as f64);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        let d = std::f64::consts::FRAC_1_SQRT_2;
        (d, -d)
    } else {
        (dx / len, dy / len)
    }
}

/// For each move between layers, a short dashed line from each end pointing the way the other
/// end lies within the layers, labelled with the other end's layer. Stubs of one cell that
/// point the same way share one label ("0,2").
fn draw_stubs(out: &mut String, layout: &Layout, stubs: &[(Cell, Cell)]) {
    let shape = layout.shape;
    let key = |from: Cell, to: Cell| {
        let (ux, uy) = direction(shape, from, to);
        (
            from,
            (ux * 1000.0).round() as i64,
            (uy * 1000.0).round() as i64,
        )
    };
    let mut labelled = std::collections::HashSet::new();
    for &(from, to) in stubs {
        let (ux, uy) = direction(shape, from, to);
        let (x, y) = layout.centre(from);
        let (x2, y2) = (x + ux * STUB * CELL, y + uy * STUB * CELL);
        let _ = writeln!(
            out,
            r#"<line class="stub" x1="{}" y1="{}" x2="{}" y2="{}" stroke-dasharray="2.5 2"/>"#,
            num(x),
            num(y),
            num(x2),
            num(y2),
        );
        if !labelled.insert(key(from, to)) {
            continue;
        }
        let layers: Vec<String> = stubs
            .iter()
            .filter(|&&(f, t)| key(f, t) == key(from, to))
            .map(|&(_, t)| shape.coord(t).layer.to_string())
            .collect();
        // Below the tip, or right of it: away from the cell's number in the top-left corner,
        // and apart from the label of a facing stub from the next cell.
        let (px, py) = (uy.abs(), ux.abs());
        let (tx, ty) = (x2 + px * 6.0, y2 + py * 6.0 + 3.0);
        let _ = writeln!(
            out,
            r#"<text class="stub-layer" x="{}" y="{}" font-size="8" text-anchor="middle" fill="{INK}" stroke="none">{}</text>"#,
            num(tx),
            num(ty),
            layers.join(",")
        );
    }
}

/// The picture scaled to `width` pixels wide, its height in proportion: only the root
/// element's `width` and `height` change (its `viewBox` keeps the drawing's units).
pub fn sized(svg: &str, width: f64) -> String {
    let (head, rest) = svg.split_once('\n').unwrap_or((svg, ""));
    let read = |name: &str| -> Option<f64> {
        let key = format!(" {name}=\"");
        let start = head.find(&key)? + key.len();
        head[start..].split('"').next()?.parse().ok()
    };
    let (Some(w), Some(h)) = (read("width"), read("height")) else {
        return svg.to_string();
    };
    let scaled = head
        .replacen(
            &format!(" width=\"{}\"", num(w)),
            &format!(" width=\"{}\"", num(width)),
            1,
        )
        .replacen(
            &format!(" height=\"{}\"", num(h)),
            &format!(" height=\"{}\"", num(h * width / w)),
            1,
        );
    format!("{scaled}\n{rest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_printed_briefly() {
        assert_eq!(num(20.0), "20");
        assert_eq!(num(16.8), "16.8");
        assert_eq!(num(-3.04), "-3");
    }

    /// Marked cells get a line under the board that says what they are, and room for it.
    #[test]
    fn marks_come_with_a_legend_and_the_size_option_scales_the_picture() {
        let shape = Shape::flat(3, 4);
        let numbers = [1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12];
        let tour = Tour::from_numbers(shape, &numbers).unwrap();
        let plain = svg(&tour, Closure::Open);
        assert!(!plain.contains("mark-legend"));
        let marked = svg_marked(&tour, Closure::Open, &[1, 5], "obtuse angles");
        assert!(
            marked.contains("shaded: obtuse angles (2 cells)"),
            "{marked}"
        );
        assert!(marked.contains("viewBox=\"0 0 192 174\""), "{marked}");
        let big = sized(&plain, 384.0);
        assert!(big.starts_with("<svg") && big.contains("viewBox=\"0 0 192 152\""));
        assert!(big.contains(" width=\"384\" height=\"304\""), "{big}");
        assert_eq!(big.lines().count(), plain.lines().count());
    }

    #[test]
    fn a_closed_flat_tour_is_one_polyline_back_to_its_start() {
        let shape = Shape::flat(3, 4);
        let numbers = [1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12];
        let tour = Tour::from_numbers(shape, &numbers).unwrap();
        let open = svg(&tour, Closure::Open);
        assert_eq!(open.matches("<polyline").count(), 1);
        assert_eq!(open.matches("class=\"number\"").count(), 12);
        assert!(open.contains("viewBox=\"0 0 192 152\""), "{open}");
        let closed = svg(&tour, Closure::Closed);
        let line = closed.lines().find(|l| l.starts_with("<polyline")).unwrap();
        assert_eq!(line.matches(',').count(), 13);
    }
}
