//! A box's tour drawn in three dimensions: the layers as isometric grids stacked with space
//! between them (an exploded view, layer 0 at the bottom), and the path through the cell
//! centres coloured from green at number 1 through blue to red at the last, so that a move
//! between layers is a line across the gap and the tour can be followed by eye and by number.
//!
//! A move that skips a layer (from layer 1 to layer 3, say) is drawn as a dashed curve bowed
//! to the side, so that it is not read as a move through the cells of the layer it passes; a
//! legend under the layers says what each kind of line means.

use super::overview::ramp;
use super::{num, DARK, END, INK, LIGHT, START};
use crate::board::{Cell, Shape};
use crate::tour::Closure;
use crate::tour::Tour;
use std::fmt::Write;

/// Length of a cell's edge, in SVG units.
const EDGE: f64 = 44.0;
/// Space between two layers' grids, as a multiple of a cell's edge.
const GAP: f64 = 1.2;
/// Space around the drawing.
const MARGIN: f64 = 24.0;
/// Room for a layer's caption left of its grid.
const CAPTION: f64 = 70.0;
/// Height of the legend under the layers.
const LEGEND: f64 = 76.0;
/// How far right of the middle of its straight line a move that skips a layer has its
/// curve's control point (the curve bows half as far).
const BOW: f64 = 64.0;

/// Where the picture puts things.
struct Projection {
    shape: Shape,
    /// Height of one layer's slot: its grid and the gap above it.
    slot: f64,
    /// Where the back corner of the top layer's grid lies.
    origin: (f64, f64),
    width: f64,
    height: f64,
}

impl Projection {
    fn new(shape: Shape) -> Self {
        let (rows, cols) = (shape.rows as f64, shape.cols as f64);
        let (dx, dy) = (EDGE * 3f64.sqrt() / 2.0, EDGE / 2.0);
        let grid_height = (rows + cols) * dy;
        let slot = grid_height + GAP * EDGE;
        let width = CAPTION + (rows + cols) * dx + 2.0 * MARGIN + BOW / 2.0;
        let height = shape.layers as f64 * slot - GAP * EDGE + 2.0 * MARGIN + LEGEND;
        let origin = (MARGIN + CAPTION + rows * dx, MARGIN);
        Projection {
            shape,
            slot,
            origin,
            width,
            height,
        }
    }

    /// The picture's point for position (`row`, `col`) in `layer`, in cells from the grid's
    /// back corner (a cell's centre is at + 0.5 each way).
    fn point(&self, layer: usize, row: f64, col: f64) -> (f64, f64) {
        let (dx, dy) = (EDGE * 3f64.sqrt() / 2.0, EDGE / 2.0);
        let top = (self.shape.layers - 1 - layer) as f64 * self.slot;
        (
            self.origin.0 + (col - row) * dx,
            self.origin.1 + top + (col + row) * dy,
        )
    }

    fn centre(&self, cell: Cell) -> (f64, f64) {
        let at = self.shape.coord(cell);
        self.point(at.layer, at.row as f64 + 0.5, at.col as f64 + 0.5)
    }
}

/// The exploded view of the tour; with `closed`, the last cell is joined back to the first.
pub fn svg(tour: &Tour, closed: Closure) -> String {
    let shape = tour.shape();
    let view = Projection::new(shape);
    let kind = if closed.is_closed() { "closed" } else { "open" };
    let title = format!("{kind} tour on {shape}, exploded view");
    let mut out = super::document_head(view.width, view.height, &title);
    for layer in 0..shape.layers {
        draw_layer(&mut out, &view, layer);
    }
    draw_path(&mut out, &view, tour.order(), closed);
    draw_numbers(&mut out, &view, tour.order());
    draw_legend(&mut out, &view);
    out.push_str("</svg>\n");
    out
}

/// A layer's grid, checkered, with its caption.
fn draw_layer(out: &mut String, view: &Projection, layer: usize) {
    let shape = view.shape;
    for row in 0..shape.rows {
        for col in 0..shape.cols {
            let (r, c) = (row as f64, col as f64);
            let corners = [(r, c), (r, c + 1.0), (r + 1.0, c + 1.0), (r + 1.0, c)]
                .map(|(r, c)| view.point(layer, r, c));
            let points: Vec<String> = corners
                .iter()
                .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
                .collect();
            let fill = if (layer + row + col).is_multiple_of(2) {
                LIGHT
            } else {
                DARK
            };
            let _ = writeln!(
                out,
                r##"<polygon points="{}" fill="{fill}" fill-opacity="0.75" stroke="#8a7a5a" stroke-width="0.6"/>"##,
                points.join(" ")
            );
        }
    }
    let (x, y) = view.point(layer, shape.rows as f64, 0.0);
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="13" fill="#444" text-anchor="end">layer {layer}</text>"##,
        num(x - 8.0),
        num(y)
    );
}

/// The moves, each coloured by how far along the tour it is.
fn draw_path(out: &mut String, view: &Projection, order: &[Cell], closed: Closure) {
    let n = order.len();
    let mut moves: Vec<(Cell, Cell)> = order.windows(2).map(|w| (w[0], w[1])).collect();
    if closed.is_closed() && n > 2 {
        moves.push((order[n - 1], order[0]));
    }
    for (k, &(a, b)) in moves.iter().enumerate() {
        let ((x1, y1), (x2, y2)) = (view.centre(a), view.centre(b));
        let colour = ramp(k as f64 / (moves.len().max(2) - 1) as f64);
        let dashed = if k + 1 == moves.len() && closed.is_closed() {
            r#" stroke-dasharray="5 4""#
        } else {
            ""
        };
        // A move within a layer is drawn bold; one to the next layer, which crosses the gap,
        // fainter, so that each layer's own moves stay legible; one that skips a layer, as a
        // dashed curve bowed aside, so that it does not seem to pass through the cells of
        // the layers between.
        let (la, lb) = (view.shape.coord(a).layer, view.shape.coord(b).layer);
        if la.abs_diff(lb) >= 2 {
            let (cx, cy) = bow((x1, y1), (x2, y2));
            let _ = writeln!(
                out,
                r#"<path class="move skip" d="M{} {} Q{} {} {} {}" fill="none" stroke="{colour}" stroke-width="1.8" stroke-opacity="0.8" stroke-dasharray="7 4" stroke-linecap="round"/>"#,
                num(x1),
                num(y1),
                num(cx),
                num(cy),
                num(x2),
                num(y2)
            );
            continue;
        }
        let style = if la == lb {
            r#"stroke-width="3""#
        } else {
            r#"stroke-width="1.6" stroke-opacity="0.55""#
        };
        let _ = writeln!(
            out,
            r#"<line class="move" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" {style} stroke-linecap="round"{dashed}/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }
    if let (Some(&first), Some(&last)) = (order.first(), order.last()) {
        let (x, y) = view.centre(first);
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="7" fill="{START}"/>"#,
            num(x),
            num(y)
        );
        let (x, y) = view.centre(last);
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="7" fill="none" stroke="{END}" stroke-width="2.5"/>"#,
            num(x),
            num(y)
        );
    }
}

/// The control point of a move's curve: [`BOW`] right of the middle of the straight line.
/// Such moves run mostly up and down, so a bow sideways shows them apart from the moves to
/// the next layer.
fn bow((x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> (f64, f64) {
    ((x1 + x2) / 2.0 + BOW, (y1 + y2) / 2.0)
}

/// What the lines, colours and marks mean, under the lowest layer.
fn draw_legend(out: &mut String, view: &Projection) {
    let x = MARGIN;
    let y = view.height - MARGIN - LEGEND + 20.0;
    let _ = writeln!(out, r##"<g class="legend" font-size="11" fill="#333">"##);
    let samples = [
        (r#"stroke-width="3""#, "a move within a layer"),
        (
            r#"stroke-width="1.6" stroke-opacity="0.55""#,
            "a move to the next layer",
        ),
        (
            r#"stroke-width="1.8" stroke-dasharray="7 4""#,
            "a move that skips a layer (bowed: it touches no cell between)",
        ),
    ];
    for (row, (style, text)) in samples.iter().enumerate() {
        let ly = y + row as f64 * 15.0;
        let _ = writeln!(
            out,
            r#"<path d="M{} {} l26 0" stroke="{INK}" {style} fill="none"/><text x="{}" y="{}">{text}</text>"#,
            num(x),
            num(ly - 4.0),
            num(x + 34.0),
            num(ly)
        );
    }
    let ly = y + 45.0;
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{}" r="5" fill="{START}"/><text x="{}" y="{}">number 1</text><circle cx="{}" cy="{}" r="5" fill="none" stroke="{END}" stroke-width="2"/><text x="{}" y="{}">the last number</text>"#,
        num(x + 13.0),
        num(ly - 4.0),
        num(x + 34.0),
        num(ly),
        num(x + 113.0),
        num(ly - 4.0),
        num(x + 126.0),
        num(ly)
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}">the lines' colour runs from green at number 1 through blue to red</text>"#,
        num(x + 34.0),
        num(ly + 15.0)
    );
    out.push_str("</g>\n");
}

/// Each cell's number, small, beside its centre.
fn draw_numbers(out: &mut String, view: &Projection, order: &[Cell]) {
    for (k, &cell) in order.iter().enumerate() {
        let (x, y) = view.centre(cell);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="12" fill="{INK}" stroke="white" stroke-width="3" paint-order="stroke" text-anchor="middle">{}</text>"#,
            num(x),
            num(y + 4.0),
            k + 1
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_cell_and_layer_is_drawn() {
        let grid = include_str!("../../tests/data/tours/cube-4x4x4.txt");
        let tour = crate::tour::text::parse(grid).unwrap();
        let svg = svg(&tour, Closure::Closed);
        assert_eq!(svg.matches("<polygon").count(), 64);
        assert_eq!(svg.matches("class=\"move").count(), 64);
        let skips = svg.matches("class=\"move skip\"").count();
        let order = tour.order();
        let skipping = (0..64)
            .filter(|&i| {
                let (a, b) = (
                    tour.shape().coord(order[i]),
                    tour.shape().coord(order[(i + 1) % 64]),
                );
                a.layer.abs_diff(b.layer) >= 2
            })
            .count();
        assert!(skipping > 0);
        assert_eq!(skips, skipping);
        assert!(svg.contains("class=\"legend\""));
        for layer in 0..4 {
            assert!(svg.contains(&format!(">layer {layer}</text>")));
        }
        assert!(svg.contains(">64</text>"));
    }

    /// Layers do not overlap: each lies above the one below it, with a gap.
    #[test]
    fn layers_are_stacked_apart() {
        let view = Projection::new(Shape::solid(3, 4, 5));
        for layer in 1..3 {
            let lowest_above = view.point(layer, 4.0, 5.0).1;
            let highest_below = view.point(layer - 1, 0.0, 0.0).1;
            assert!(lowest_above < highest_below, "{layer}");
        }
        let (x, y) = view.point(0, 4.0, 5.0);
        assert!(x <= view.width && y <= view.height);
    }
}
