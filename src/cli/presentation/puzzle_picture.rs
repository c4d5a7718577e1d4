//! A puzzle drawn as SVG: the board with its given numbers, and the task written under it.

use anyhow::{bail, Result};
use knights::board::{Cell, Leaper};
use knights::puzzle::Puzzle;
use knights::spec::Spec;

/// The board of `puzzle` (the model `spec`) with `givens` written in, and the task under it.
pub fn draw_puzzle(puzzle: &Puzzle, spec: &Spec, givens: &[(Cell, u32)]) -> Result<String> {
    let shape = puzzle.board.shape();
    if knights::render::overview::suits(shape) {
        bail!(
            "a {shape} board is too large to draw with its numbers (a side up to {})",
            knights::render::overview::FULL_UP_TO
        );
    }
    Ok(knights::render::puzzle::svg(
        shape,
        givens,
        &task(puzzle, spec),
    ))
}

/// What the solver of the puzzle is asked, under the picture. The start and end sets are
/// read from the model, since givens narrow the puzzle's own.
fn task(puzzle: &Puzzle, spec: &Spec) -> String {
    let n = puzzle.board.n_cells();
    let closed = if puzzle.closed.is_closed() {
        "closed "
    } else {
        ""
    };
    let leaper = puzzle.board.leaper();
    let piece = if leaper == Leaper::KNIGHT {
        "knight's".to_string()
    } else {
        format!("({leaper}) leaper's")
    };
    let mut terms = Vec::new();
    if !puzzle.sums.is_empty() {
        terms.push(sums_in_words(puzzle));
    }
    let more = spec.start.is_some()
        || spec.end.is_some()
        || !puzzle.required.is_empty()
        || !puzzle.angles.is_empty();
    if more {
        terms.push("the model's other rules kept".to_string());
    }
    let mut text = format!(
        "Number the cells 1 to {n} along one {closed}{piece} tour through the given numbers"
    );
    if !terms.is_empty() {
        text.push_str(&format!(", with {}", terms.join(" and ")));
    }
    text.push('.');
    text
}

/// The line sums briefly: "every row and column summing to 260" when they are just that.
fn sums_in_words(puzzle: &Puzzle) -> String {
    let shape = puzzle.board.shape();
    let target = puzzle.sums[0].target;
    let rows_and_columns = !shape.solid
        && puzzle.sums.len() == shape.rows + shape.cols
        && puzzle.sums.iter().all(|line| {
            line.target == target
                && (line.name.starts_with("row ") || line.name.starts_with("column "))
        });
    match rows_and_columns {
        true => format!("every row and column summing to {target}"),
        false => format!("the model's {} line sums met", puzzle.sums.len()),
    }
}
