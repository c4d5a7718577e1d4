//! Several drawings on one sheet: each scaled to the same width, laid out in rows, with its
//! label under it, so that the tours of one file can be compared at a glance.

use super::histogram::escape;
use super::{num, sized};
use std::fmt::Write;

/// The width every drawing is scaled to.
const CELL: f64 = 240.0;
/// Room between drawings and around the sheet.
const GAP: f64 = 16.0;
/// Room under each drawing for its label.
const LABEL: f64 = 18.0;
/// At most this many drawings a row.
const MOST_COLUMNS: usize = 5;
/// The labels' font size.
const LABEL_FONT: f64 = 12.0;
/// A generous width of one character of the labels' font, as a fraction of its size: wide
/// enough that a label cut to fit by it stays inside its drawing's width.
const CHAR_WIDTH: f64 = 0.65;

/// The root element's `name` attribute (`width`, `height`), in pixels.
fn attribute(svg: &str, name: &str) -> Option<f64> {
    let head = svg.split_once('>')?.0;
    let key = format!(" {name}=\"");
    let start = head.find(&key)? + key.len();
    head[start..].split('"').next()?.parse().ok()
}

/// `label`, cut with an ellipsis where it would be wider than a drawing: a label never
/// runs into its neighbour's.
fn fitted(label: &str) -> String {
    let most = (CELL / (LABEL_FONT * CHAR_WIDTH)) as usize;
    if label.chars().count() <= most {
        return label.to_string();
    }
    let kept: String = label.chars().take(most - 1).collect();
    format!("{kept}…")
}

/// One SVG holding every `(label, svg)` drawing, row by row, each label under its drawing
/// and no wider.
pub fn sheet(drawings: &[(String, String)]) -> String {
    let columns = drawings.len().clamp(1, MOST_COLUMNS);
    let scaled: Vec<(String, f64)> = drawings
        .iter()
        .map(|(_, svg)| {
            let svg = sized(svg, CELL);
            let height = attribute(&svg, "height").unwrap_or(CELL);
            (svg, height)
        })
        .collect();
    let mut body = String::new();
    let mut y = GAP;
    for (row, chunk) in scaled.chunks(columns).enumerate() {
        let row_height = chunk.iter().map(|(_, h)| *h).fold(0.0, f64::max);
        for (col, (svg, height)) in chunk.iter().enumerate() {
            let x = GAP + (CELL + GAP) * col as f64;
            let placed = svg.replacen(
                "<svg ",
                &format!("<svg x=\"{}\" y=\"{}\" ", num(x), num(y)),
                1,
            );
            body.push_str(&placed);
            let label = &drawings[row * columns + col].0;
            let _ = writeln!(
                body,
                r#"<text class="sheet-label" x="{}" y="{}" font-size="{LABEL_FONT}" text-anchor="middle">{}</text>"#,
                num(x + CELL / 2.0),
                num(y + height + 13.0),
                escape(&fitted(label))
            );
        }
        y += row_height + LABEL + GAP;
    }
    let width = GAP + (CELL + GAP) * columns as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="sans-serif">"#,
        num(width),
        num(y),
        num(width),
        num(y)
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::tour::Closure;
    use crate::tour::Tour;

    #[test]
    fn every_drawing_is_placed_with_its_label() {
        let shape = Shape::flat(3, 4);
        let tour = Tour::from_numbers(shape, &[1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12]).unwrap();
        let one = super::super::svg(&tour, Closure::Open);
        let drawings: Vec<(String, String)> = (1..=7)
            .map(|i| (format!("t.jsonl line {i}"), one.clone()))
            .collect();
        let sheet = sheet(&drawings);
        assert_eq!(sheet.matches("<svg ").count(), 1 + 7);
        assert_eq!(sheet.matches("class=\"sheet-label\"").count(), 7);
        assert!(sheet.contains(">t.jsonl line 7</text>"));
        // A label too long for its drawing's width is cut, not run into the next one's.
        let long = "a label much longer than any drawing on the sheet is wide";
        let cut = fitted(long);
        assert!(cut.ends_with('…') && cut.chars().count() < long.chars().count());
        assert!(cut.chars().count() as f64 * LABEL_FONT * CHAR_WIDTH <= CELL);
        assert_eq!(
            fitted("tour 140: class 16 of job 864"),
            "tour 140: class 16 of job 864"
        );
        // Five a row: the sixth drawing starts the second row at the left.
        assert_eq!(
            sheet.matches(&format!("<svg x=\"{}\" ", num(GAP))).count(),
            2
        );
    }
}
