//! The picture of a tour of a large flat board, where numbers and per-square marks would be
//! unreadable and the file huge: the checkered board as one pattern fill, the path as a few
//! path elements of relative moves (a move is a few bytes), coloured from green at number 1
//! through blue to red at the last number so the order of visits shows, a dot on 1 and a
//! ring on the last cell.

use super::{num, DARK, END, INK, LIGHT, START};
use crate::board::{Cell, Shape};
use crate::tour::Closure;
use std::fmt::Write;

/// Boards whose longer side is at most this, and with at most its square of cells, are drawn
/// in full, with numbers.
pub const FULL_UP_TO: usize = 60;

/// About how wide the picture is, in pixels.
const TARGET_WIDTH: f64 = 1600.0;
/// Margin around the board, in pixels.
const MARGIN_PX: f64 = 16.0;
/// Height of the line of text under the board, in pixels.
const LEGEND_PX: f64 = 28.0;
/// Stroke width of the path, as a fraction of a square: thin enough that neighbouring moves
/// stay apart, which at eight pixels a square is one pixel.
const STROKE: f64 = 0.13;
/// Path elements, each in one colour of the ramp from the start's to the end's.
const SEGMENTS: usize = 16;
/// Below this many pixels a square, a checkered board is a grey blur that washes out the
/// path's colours: the board is drawn plain, and the path at least a pixel wide.
const CHECKERED_FROM_PX: f64 = 6.0;
/// The radius of the start's dot, in pixels at least: it must be found on any board.
const START_DOT_PX: f64 = 9.0;

/// Whether `shape` is drawn as an overview rather than in full.
pub fn suits(shape: Shape) -> bool {
    let n = shape.rows * shape.cols;
    !shape.solid && (shape.rows.max(shape.cols) > FULL_UP_TO || n > FULL_UP_TO * FULL_UP_TO)
}

/// Pixels per square: the picture about [`TARGET_WIDTH`] wide, each square 2 to 24 pixels.
fn square_px(shape: Shape) -> f64 {
    (TARGET_WIDTH / shape.rows.max(shape.cols) as f64).clamp(2.0, 24.0)
}

/// The picture of the tour visiting `order` on `shape`; the SVG's units are squares.
pub fn svg(shape: Shape, order: &[Cell], closed: Closure) -> String {
    let px = square_px(shape);
    // Whole squares, so that every centre lies on a half and prints exactly; wide enough
    // that the start's dot on a corner square is drawn whole.
    let margin = (MARGIN_PX.max(START_DOT_PX + 3.0) / px).ceil();
    let width = shape.cols as f64 + 2.0 * margin;
    let height = shape.rows as f64 + 2.0 * margin + LEGEND_PX / px;
    let mut out = String::with_capacity(order.len() * 6 + 2048);
    let kind = if closed.is_closed() { "closed" } else { "open" };
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="{}" height="{}" font-family="sans-serif">"#,
        num(width),
        num(height),
        num(width * px),
        num(height * px)
    );
    let _ = writeln!(
        out,
        "<title>{kind} tour on {shape}, {} cells</title>",
        order.len()
    );
    draw_board(
        &mut out,
        shape,
        margin,
        (width, height),
        px >= CHECKERED_FROM_PX,
    );
    draw_path(&mut out, shape, margin, order, closed, STROKE.max(1.0 / px));
    draw_ends(&mut out, shape, margin, px, order);
    draw_legend(&mut out, shape, margin, px, order.len());
    out.push_str("</svg>\n");
    out
}

/// The board: a light square with the dark squares as a pattern fill, anchored so that the
/// top-left square, (0,0), is light as in the full drawing; plain light where squares are
/// too small to show (`checkered` false).
fn draw_board(out: &mut String, shape: Shape, margin: f64, size: (f64, f64), checkered: bool) {
    let (width, height) = size;
    let m = num(margin);
    let _ = writeln!(
        out,
        r#"<rect width="{}" height="{}" fill="white"/>"#,
        num(width),
        num(height)
    );
    let _ = writeln!(
        out,
        r#"<defs><pattern id="squares" x="{m}" y="{m}" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="2" height="2" fill="{LIGHT}"/><rect x="1" width="1" height="1" fill="{DARK}"/><rect y="1" width="1" height="1" fill="{DARK}"/></pattern></defs>"#
    );
    let fill = if checkered { "url(#squares)" } else { LIGHT };
    let _ = writeln!(
        out,
        r##"<rect class="board" x="{m}" y="{m}" width="{}" height="{}" fill="{fill}" stroke="#555" stroke-width="{}"/>"##,
        shape.cols,
        shape.rows,
        num_fine(STROKE / 2.0)
    );
}

/// The path in [`SEGMENTS`] parts, each a `path` element of relative moves in one colour.
fn draw_path(
    out: &mut String,
    shape: Shape,
    margin: f64,
    order: &[Cell],
    closed: Closure,
    stroke: f64,
) {
    let mut stops: Vec<Cell> = order.to_vec();
    if closed.is_closed() && order.len() > 1 {
        stops.push(order[0]);
    }
    let moves = stops.len().saturating_sub(1);
    let parts = SEGMENTS.min(moves.max(1));
    let _ = writeln!(
        out,
        r#"<g class="moves" fill="none" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round">"#,
        num_fine(stroke)
    );
    for part in 0..parts {
        let (from, to) = (part * moves / parts, (part + 1) * moves / parts);
        if to == from {
            continue;
        }
        let colour = ramp(part as f64 / (parts - 1).max(1) as f64);
        let (r, c) = row_col(shape, stops[from]);
        let _ = write!(
            out,
            r#"<path class="path" stroke="{colour}" d="M{} {}"#,
            num(margin + c as f64 + 0.5),
            num(margin + r as f64 + 0.5)
        );
        for pair in stops[from..=to].windows(2) {
            let (a, b) = (row_col(shape, pair[0]), row_col(shape, pair[1]));
            let (dx, dy) = (b.1 as i64 - a.1 as i64, b.0 as i64 - a.0 as i64);
            let _ = write!(out, "l{dx} {dy}");
        }
        out.push_str("\"/>\n");
    }
    out.push_str("</g>\n");
}

/// A dot on number 1 and a ring on the last cell: about a square across, and never less
/// than a few pixels, so that they can be found on a large board.
fn draw_ends(out: &mut String, shape: Shape, margin: f64, px: f64, order: &[Cell]) {
    let (Some(&first), Some(&last)) = (order.first(), order.last()) else {
        return;
    };
    let centre = |cell: Cell| {
        let (r, c) = row_col(shape, cell);
        (num(margin + c as f64 + 0.5), num(margin + r as f64 + 0.5))
    };
    let at_least = |squares: f64, pixels: f64| num_fine(squares.max(pixels / px));
    // The ring first, so that the dot stays whole where a closed tour's ends are neighbours.
    let (x, y) = centre(last);
    let _ = writeln!(
        out,
        r#"<circle class="end" cx="{x}" cy="{y}" r="{}" fill="none" stroke="{END}" stroke-width="{}"/>"#,
        at_least(0.9, 9.0),
        at_least(0.35, 3.0)
    );
    let (x, y) = centre(first);
    let _ = writeln!(
        out,
        r#"<circle class="start" cx="{x}" cy="{y}" r="{}" fill="{START}" stroke="white" stroke-width="{}"/>"#,
        at_least(0.8, START_DOT_PX),
        at_least(0.2, 2.0)
    );
}

/// A line under the board saying what the colours mean.
fn draw_legend(out: &mut String, shape: Shape, margin: f64, px: f64, n: usize) {
    let size = 14.0 / px;
    let y = margin + shape.rows as f64 + (LEGEND_PX - 8.0) / px;
    let _ = writeln!(
        out,
        r##"<text class="legend" x="{}" y="{}" font-size="{}" fill="#333">{shape}, {n} cells: the path runs from number 1 (green dot) through blue to {n} (red ring)</text>"##,
        num(margin),
        num_fine(y),
        num_fine(size)
    );
}

/// Row and column of a cell of a flat board.
fn row_col(shape: Shape, cell: Cell) -> (usize, usize) {
    (cell / shape.cols, cell % shape.cols)
}

/// A colour on the ramp from the start's green (`t` = 0) through the path's blue to the end's
/// red (`t` = 1), as `#rrggbb`.
pub(super) fn ramp(t: f64) -> String {
    let rgb = |hex: &str| {
        let v = u32::from_str_radix(&hex[1..], 16).unwrap_or(0);
        [(v >> 16) & 255, (v >> 8) & 255, v & 255].map(f64::from)
    };
    let (a, b, s) = if t < 0.5 {
        (rgb(START), rgb(INK), t * 2.0)
    } else {
        (rgb(INK), rgb(END), t * 2.0 - 1.0)
    };
    let mix = |i: usize| (a[i] + (b[i] - a[i]) * s).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2))
}

/// Formats a small length to two decimals, without needless zeros.
fn num_fine(v: f64) -> String {
    let text = format!("{v:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ramp_runs_from_the_start_colour_to_the_end_colour() {
        assert_eq!(ramp(0.0), START);
        assert_eq!(ramp(0.5), INK);
        assert_eq!(ramp(1.0), END);
    }

    /// Where squares are a few pixels, the board is plain and the path at least a pixel wide,
    /// so that its colours are not washed out; larger squares keep the checkered board.
    #[test]
    fn small_squares_get_a_plain_board_and_a_wider_path() {
        let order: Vec<Cell> = vec![0, 1002];
        let large = svg(Shape::flat(1000, 1000), &order, Closure::Open);
        assert!(!large.contains("fill=\"url(#squares)\""));
        assert!(large.contains("stroke-width=\"0.5\""), "{large}");
        let small = svg(Shape::flat(100, 100), &[0, 102], Closure::Open);
        assert!(small.contains("fill=\"url(#squares)\""));
    }

    #[test]
    fn only_large_flat_boards_are_drawn_as_overviews() {
        assert!(!suits(Shape::flat(60, 60)));
        assert!(suits(Shape::flat(61, 8)));
        assert!(suits(Shape::flat(59, 62)));
        assert!(!suits(Shape::solid(8, 8, 8)));
    }

    #[test]
    fn moves_are_written_as_relative_steps_one_colour_a_part() {
        let shape = Shape::flat(61, 61);
        // (0,0) -> (1,2) -> (0,3), then back to (0,0) when closed.
        let order = [0, 63, 3];
        let paths = |closed: Closure| -> Vec<String> {
            let svg = svg(shape, &order, closed);
            let tags = svg.lines().filter(|l| l.starts_with("<path"));
            tags.map(|l| l.split(" d=").nth(1).unwrap().to_string())
                .collect()
        };
        assert_eq!(
            paths(Closure::Open),
            ["\"M1.5 1.5l2 1\"/>", "\"M3.5 2.5l1 -1\"/>"]
        );
        let closed = paths(Closure::Closed);
        assert_eq!(closed.len(), 3);
        assert_eq!(closed[2], "\"M4.5 1.5l-3 0\"/>");
    }
}
