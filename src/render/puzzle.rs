//! A puzzle as its solver sees it: the board with only the given numbers, large and centred,
//! and a line under it that says what to do.

use super::histogram::escape;
use super::{document_head, draw_board, num, Layout, CELL, INK, MARGIN};
use crate::board::{Cell, Shape};
use std::fmt::Write;

/// The board of `shape` with `givens` (cell, number) written in, and `task` under it (the
/// rule in words: "number the board 1 to 64 along one knight's tour", say). Boards up to
/// 60 a side, as tours are drawn with their numbers.
pub fn svg(shape: Shape, givens: &[(Cell, u32)], task: &str) -> String {
    let mut layout = Layout::new(shape, true);
    let lines = wrapped(task, layout.width - 2.0 * MARGIN);
    layout.height += (lines.len().max(1) - 1) as f64 * TASK_LINE;
    let title = format!("puzzle on {shape}: {} given numbers", givens.len());
    let mut out = document_head(layout.width, layout.height, &title);
    draw_board(&mut out, &layout);
    let size = if shape.n_cells() > 999 { 12 } else { 16 };
    let _ = writeln!(
        out,
        r#"<g class="givens" font-size="{size}" font-weight="bold" fill="{INK}" text-anchor="middle">"#
    );
    for &(cell, number) in givens {
        let (x, y) = layout.centre(cell);
        let _ = writeln!(
            out,
            r#"<text class="given" x="{}" y="{}">{number}</text>"#,
            num(x),
            num(y + f64::from(size) * 0.35)
        );
    }
    out.push_str("</g>\n");
    let below = layout.top + shape.rows as f64 * CELL + MARGIN + 6.0;
    out.push_str("<g class=\"task\" font-size=\"11\" fill=\"#333\">\n");
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(MARGIN),
            num(below + i as f64 * TASK_LINE),
            escape(line)
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// Height of one line of the task under the board.
const TASK_LINE: f64 = 14.0;

/// `text` cut at spaces into lines that fit `width` units at 11-unit type (about 6.2 units
/// a character in a sans-serif face).
fn wrapped(text: &str, width: f64) -> Vec<String> {
    let most = ((width / 6.2) as usize).max(12);
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= most => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_given_is_written_once_in_its_cell_and_the_task_below() {
        let shape = Shape::parse("5x5").expect("a board");
        let picture = svg(shape, &[(0, 1), (12, 13), (24, 25)], "1 to 25 <open>");
        assert_eq!(picture.matches(r#"class="given""#).count(), 3);
        // Cell 12 is the centre of the 5x5 board: column 2 and row 2 of 40-unit cells.
        assert!(
            picture.contains(r#"x="116" y="121.6">13</text>"#),
            "{picture}"
        );
        assert!(picture.contains("1 to 25 &lt;open&gt;"), "{picture}");
        assert_eq!(picture.matches(r#"class="square""#).count(), 25);
    }
}
