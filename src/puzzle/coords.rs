//! Resolving the model file's coordinates (`[row, col]` or `[layer, row, col]`, negative
//! counting from the end) to cells of the board.

use super::error::{field_error, PuzzleError};
use crate::board::{Cell, Coord, Shape};

/// Resolves one coordinate list (`[row, col]` or `[layer, row, col]`) to a cell.
pub(super) fn resolve(shape: Shape, coords: &[i64], field: &str) -> Result<Cell, PuzzleError> {
    let ext = shape.extent();
    let axes: Vec<usize> = match (coords.len(), shape.solid) {
        (2, false) => vec![1, 2],
        (3, true) => vec![0, 1, 2],
        _ => {
            let want = if shape.solid {
                "[layer, row, col]"
            } else {
                "[row, col]"
            };
            return Err(field_error(
                field,
                format!("cell {coords:?} should be {want}"),
            ));
        }
    };
    let mut c = [0usize; 3];
    for (&axis, &v) in axes.iter().zip(coords) {
        c[axis] = index(v, ext[axis]).ok_or_else(|| {
            field_error(field, format!("cell {coords:?} is off the {shape} board"))
        })?;
    }
    Ok(shape
        .cell(Coord {
            layer: c[0],
            row: c[1],
            col: c[2],
        })
        .expect("indices checked"))
}

/// A 0-based index, negative counting from the end; `None` outside `0..len`.
pub(super) fn index(v: i64, len: usize) -> Option<usize> {
    let i = if v < 0 { len as i64 + v } else { v };
    (0..len as i64).contains(&i).then_some(i as usize)
}
