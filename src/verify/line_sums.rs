//! The sums of a tour's rows and columns, and which of them are magic: equal to the sum every
//! line of its kind would have if the numbers 1..n were spread evenly (a line of `k` cells of
//! an `n`-cell board sums to `k (n + 1) / 2`).

use crate::board::{Cell, Shape};
use std::fmt;

/// The row and column sums of a tour of a flat board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineSums {
    /// Each row's sum, row 0 (the top row of the numbered grid) first.
    pub rows: Vec<u64>,
    /// Each column's sum, column 0 first.
    pub cols: Vec<u64>,
    /// The magic sum of a row, when it is a whole number.
    pub row_magic: Option<u64>,
    /// The magic sum of a column, when it is a whole number.
    pub col_magic: Option<u64>,
}

/// `k (n + 1) / 2`, when it is a whole number.
fn magic(cells_in_line: usize, cells: usize) -> Option<u64> {
    let twice = cells_in_line as u64 * (cells as u64 + 1);
    twice.is_multiple_of(2).then_some(twice / 2)
}

/// The line sums of the tour visiting `order` on `shape`; `None` in a box, whose lines are
/// not rows and columns.
pub fn line_sums(shape: Shape, order: &[Cell]) -> Option<LineSums> {
    if shape.solid {
        return None;
    }
    let mut rows = vec![0u64; shape.rows];
    let mut cols = vec![0u64; shape.cols];
    for (k, &cell) in order.iter().enumerate() {
        let at = shape.coord(cell);
        rows[at.row] += k as u64 + 1;
        cols[at.col] += k as u64 + 1;
    }
    let n = shape.n_cells();
    Some(LineSums {
        rows,
        cols,
        row_magic: magic(shape.cols, n),
        col_magic: magic(shape.rows, n),
    })
}

/// `row sums: 260 260 ...; magic (260): all 8` and the same for columns.
impl fmt::Display for LineSums {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_kind(f, "row", &self.rows, self.row_magic)?;
        writeln!(f)?;
        write_kind(f, "column", &self.cols, self.col_magic)
    }
}

fn write_kind(
    f: &mut fmt::Formatter<'_>,
    kind: &str,
    sums: &[u64],
    magic: Option<u64>,
) -> fmt::Result {
    let shown: Vec<String> = sums.iter().map(u64::to_string).collect();
    write!(f, "{kind} sums: {}; ", shown.join(" "))?;
    let Some(magic) = magic else {
        return write!(
            f,
            "none magic (a {kind} of this board has no whole magic sum)"
        );
    };
    let magic_lines: Vec<String> = (0..sums.len())
        .filter(|&i| sums[i] == magic)
        .map(|i| i.to_string())
        .collect();
    match magic_lines.len() {
        0 => write!(f, "none magic ({magic})"),
        n if n == sums.len() => write!(f, "all {n} magic ({magic})"),
        _ => write!(f, "magic ({magic}): {kind}s {}", magic_lines.join(" ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::text::parse;

    #[test]
    fn sums_name_the_magic_lines() {
        // 2x3: rows hold 3 cells (magic 3 * 7 / 2 is not whole), columns 2 (magic 7).
        let tour = parse("1 4 5\n6 3 2\n").unwrap();
        let sums = line_sums(tour.shape(), tour.order()).unwrap();
        assert_eq!(sums.rows, vec![10, 11]);
        assert_eq!(sums.cols, vec![7, 7, 7]);
        assert_eq!(
            sums.to_string(),
            "row sums: 10 11; none magic (a row of this board has no whole magic sum)\n\
             column sums: 7 7 7; all 3 magic (7)"
        );
    }

    #[test]
    fn some_magic_lines_are_listed_by_index() {
        let tour = parse("1 2\n3 4\n").unwrap();
        let sums = line_sums(tour.shape(), tour.order()).unwrap();
        // Magic 5 for both kinds: rows 3 and 7, columns 4 and 6; none is magic.
        assert_eq!(
            sums.to_string().lines().next().unwrap(),
            "row sums: 3 7; none magic (5)"
        );
        let tour = parse("1 4 7\n6 5 2\n3 8 9\n").unwrap();
        let sums = line_sums(tour.shape(), tour.order()).unwrap();
        assert_eq!(
            sums.to_string().lines().next().unwrap(),
            "row sums: 12 13 20; none magic (15)"
        );
        let tour = parse("2 7 6\n9 5 1\n4 3 8\n").unwrap();
        let sums = line_sums(tour.shape(), tour.order()).unwrap();
        assert!(sums.to_string().ends_with("all 3 magic (15)"), "{sums}");
        let tour = parse("2 7 6\n9 4 1\n5 3 8\n").unwrap();
        let sums = line_sums(tour.shape(), tour.order()).unwrap();
        assert!(
            sums.to_string()
                .starts_with("row sums: 15 14 16; magic (15): rows 0\n"),
            "{sums}"
        );
    }

    #[test]
    fn a_box_has_no_row_and_column_sums() {
        let shape = Shape::solid(2, 1, 1);
        assert_eq!(line_sums(shape, &[0, 1]), None);
    }
}
