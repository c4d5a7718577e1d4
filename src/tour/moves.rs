//! A tour as the move list chess players write: the squares in visiting order in board
//! coordinates, files `a`, `b`, ... from the left and ranks `1`, `2`, ... from the bottom row
//! (the last row of the numbered grid), so the 8x8 board runs from `a1` to `h8`.
//!
//! Boards wider than 26 columns continue the files as spreadsheets do (`z`, `aa`, `ab`, ...).
//! A box has no such coordinates.

use super::Tour;
use crate::board::{Cell, Shape};

/// Why a tour has no move list.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MovesError {
    /// Board coordinates name squares of a flat board only.
    #[error("the {0} box has no board coordinates (a1-h8 name squares of a flat board)")]
    Solid(Shape),
}

/// The file letters of column `col` (0-based): `a`..`z`, then `aa`, `ab`, ...
fn file(col: usize) -> String {
    let mut letters = Vec::new();
    let mut rest = col + 1;
    while rest > 0 {
        let digit = (rest - 1) % 26;
        letters.push(b'a' + digit as u8);
        rest = (rest - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The square's name in board coordinates: `a1` is the bottom-left square.
pub fn square(shape: Shape, cell: Cell) -> Result<String, MovesError> {
    if shape.solid {
        return Err(MovesError::Solid(shape));
    }
    let c = shape.coord(cell);
    Ok(format!("{}{}", file(c.col), shape.rows - c.row))
}

/// The squares of `tour` in visiting order, space-separated on one line, with a newline.
pub fn format(tour: &Tour) -> Result<String, MovesError> {
    let squares: Result<Vec<String>, MovesError> = tour
        .order()
        .iter()
        .map(|&cell| square(tour.shape(), cell))
        .collect();
    Ok(squares?.join(" ") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_of_the_chessboard_are_a1_to_h8() {
        let shape = Shape::flat(8, 8);
        let bottom_left = shape.cell(crate::board::Coord::flat(7, 0)).unwrap();
        let top_right = shape.cell(crate::board::Coord::flat(0, 7)).unwrap();
        assert_eq!(square(shape, bottom_left).unwrap(), "a1");
        assert_eq!(square(shape, top_right).unwrap(), "h8");
    }

    #[test]
    fn files_past_z_continue_with_two_letters() {
        let names: Vec<String> = [0, 25, 26, 27, 51, 52, 701, 702].map(file).to_vec();
        assert_eq!(names, ["a", "z", "aa", "ab", "az", "ba", "zz", "aaa"]);
    }

    #[test]
    fn a_tour_is_listed_square_by_square_in_visiting_order() {
        let tour = crate::tour::text::parse("1 4\n2 5\n3 6\n").unwrap();
        // Row 0 is the top rank (3), so number 1 sits on a3 and number 6 on b1.
        assert_eq!(format(&tour).unwrap(), "a3 a2 a1 b3 b2 b1\n");
    }

    #[test]
    fn a_box_has_no_board_coordinates() {
        let tour = Tour::new(Shape::solid(2, 1, 1), vec![0, 1]).unwrap();
        assert_eq!(format(&tour), Err(MovesError::Solid(Shape::solid(2, 1, 1))));
    }
}
