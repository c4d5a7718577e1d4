//! The numbered grid people write: one row a line, numbers separated by spaces, tabs, `|`,
//! `,` or `.` (all appear in published tours), `#` comments, and in 3D one layer a block of
//! rows, layers separated by blank lines (layer 0 first).
//!
//! Some sources put a blank line after every row; a file whose blocks are all single rows is
//! read as one flat grid.

use super::Tour;
use crate::board::Shape;
use std::fmt::Write;

/// Why text is not a numbered grid of a tour.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParseError {
    /// A token is not a whole number.
    #[error("line {line}: '{token}' is not a number")]
    NotANumber {
        /// 1-based line number.
        line: usize,
        /// The token as written.
        token: String,
    },
    /// A row holds more or fewer numbers than the first row.
    #[error("line {line}: row has {found} numbers, but the first row has {expected}")]
    RaggedRow {
        /// 1-based line number of the row.
        line: usize,
        /// Numbers in this row.
        found: usize,
        /// Numbers in the first row.
        expected: usize,
    },
    /// A layer holds more or fewer rows than the first layer.
    #[error("line {line}: layer has {found} rows, but the first layer has {expected}")]
    RaggedLayer {
        /// 1-based line number of the layer's first row.
        line: usize,
        /// Rows in this layer.
        found: usize,
        /// Rows in the first layer.
        expected: usize,
    },
    /// The text holds no numbers at all.
    #[error("no numbers found")]
    Empty,
    /// A number is 0 or larger than the number of cells.
    #[error("line {line}: number {number} is out of range 1..={max} for the {shape} grid read")]
    OutOfRange {
        /// The number as written.
        number: u64,
        /// The largest number allowed: the number of cells of the grid read.
        max: usize,
        /// 1-based line number.
        line: usize,
        /// The grid's shape, as read from the layout of the text.
        shape: Shape,
    },
    /// A number appears twice.
    #[error("{}", repeated(*.number, *.first, *.second))]
    Repeated {
        /// The repeated number.
        number: u64,
        /// 1-based line number of its first appearance.
        first: usize,
        /// 1-based line number of its second appearance (may equal `first`).
        second: usize,
    },
    /// Some numbers never appear; holds them, comma-separated.
    #[error("numbers missing from the grid: {0}")]
    Missing(String),
    /// The grid's layout does not match the model's board.
    #[error("the grid read is {found} ({}), but the model's board is {expected}", layout(*.found))]
    WrongShape {
        /// The shape read from the layout of the text.
        found: Shape,
        /// The model's board.
        expected: Shape,
    },
    /// The grid read has more cells than any board this tool handles.
    #[error(transparent)]
    Board(#[from] crate::board::ShapeError),
}

fn repeated(number: u64, first: usize, second: usize) -> String {
    match first == second {
        true => format!("line {first}: number {number} appears twice"),
        false => format!("number {number} appears twice (lines {first} and {second})"),
    }
}

/// How a grid's shape was read, in words.
fn layout(shape: Shape) -> String {
    let grid = format!("rows of {} numbers", shape.cols);
    match shape.solid {
        true => format!("{} layers of {} {grid}", shape.layers, shape.rows),
        false => format!("{} {grid}", shape.rows),
    }
}

/// One number with the line it was read from (1-based).
struct Entry {
    number: u64,
    line: usize,
}

/// Reads a numbered grid. The shape comes from the layout of the text.
pub fn parse(text: &str) -> Result<Tour, ParseError> {
    let blocks = read_blocks(text)?;
    let (shape, entries) = assemble(blocks)?;
    tour_from_entries(shape, &entries)
}

/// Reads a numbered grid that must have the given shape.
pub fn parse_with_shape(text: &str, expected: Shape) -> Result<Tour, ParseError> {
    // The layout is checked before the numbers: a grid with a layer missing is named as
    // such, not by the first number that no longer fits.
    let (found, entries) = assemble(read_blocks(text)?)?;
    // A one-layer box is written like a flat board. A box whose layers are single rows is
    // written as rows separated by blank lines, which reads as one flat grid of its layers
    // (the layout of text with blank lines between rows); the cell order is the same.
    let same = found.extent() == expected.extent()
        || (expected.solid
            && expected.rows == 1
            && found == Shape::flat(expected.layers, expected.cols));
    if !same {
        return Err(ParseError::WrongShape { found, expected });
    }
    let tour = tour_from_entries(found, &entries)?;
    Ok(Tour {
        shape: expected,
        order: tour.order,
    })
}

/// Splits text into blocks (separated by blank lines) of rows of numbers.
fn read_blocks(text: &str) -> Result<Vec<Vec<Vec<Entry>>>, ParseError> {
    let mut blocks: Vec<Vec<Vec<Entry>>> = vec![Vec::new()];
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("");
        let row = read_row(content, line)?;
        if row.is_empty() {
            // Only a truly blank line separates blocks; a comment line does not.
            if raw.trim().is_empty() && !blocks.last().expect("never empty").is_empty() {
                blocks.push(Vec::new());
            }
            continue;
        }
        blocks.last_mut().expect("never empty").push(row);
    }
    blocks.retain(|b| !b.is_empty());
    if blocks.is_empty() {
        return Err(ParseError::Empty);
    }
    if blocks.iter().all(|b| b.len() == 1) {
        // Rows written with blank lines between them: one flat grid.
        blocks = vec![blocks.into_iter().flatten().collect()];
    }
    Ok(blocks)
}

fn read_row(content: &str, line: usize) -> Result<Vec<Entry>, ParseError> {
    content
        .split(|c: char| c.is_whitespace() || matches!(c, '|' | ',' | '.' | ';'))
        .filter(|t| !t.is_empty())
        .map(|token| {
            token
                .parse::<u64>()
                .map(|number| Entry { number, line })
                .map_err(|_| ParseError::NotANumber {
                    line,
                    token: token.to_string(),
                })
        })
        .collect()
}

/// Checks that all rows and layers have the same length and flattens them in cell order.
fn assemble(blocks: Vec<Vec<Vec<Entry>>>) -> Result<(Shape, Vec<Entry>), ParseError> {
    let rows = blocks[0].len();
    let cols = blocks[0][0].len();
    for block in &blocks {
        let line = block[0][0].line;
        if block.len() != rows {
            return Err(ParseError::RaggedLayer {
                line,
                found: block.len(),
                expected: rows,
            });
        }
        for row in block {
            if row.len() != cols {
                let line = row[0].line;
                return Err(ParseError::RaggedRow {
                    line,
                    found: row.len(),
                    expected: cols,
                });
            }
        }
    }
    let shape = if blocks.len() == 1 {
        Shape::flat(rows, cols)
    } else {
        Shape::solid(blocks.len(), rows, cols)
    };
    Shape::parse(&shape.to_string())?;
    Ok((shape, blocks.into_iter().flatten().flatten().collect()))
}

fn tour_from_entries(shape: Shape, entries: &[Entry]) -> Result<Tour, ParseError> {
    let n = shape.n_cells();
    let mut order = vec![usize::MAX; n];
    let mut line_of = vec![0usize; n];
    for (cell, e) in entries.iter().enumerate() {
        if e.number == 0 || e.number > n as u64 {
            return Err(ParseError::OutOfRange {
                number: e.number,
                max: n,
                line: e.line,
                shape,
            });
        }
        let slot = e.number as usize - 1;
        if order[slot] != usize::MAX {
            let (first, second) = (line_of[slot], e.line);
            return Err(ParseError::Repeated {
                number: e.number,
                first,
                second,
            });
        }
        order[slot] = cell;
        line_of[slot] = e.line;
    }
    let missing: Vec<String> = (0..n)
        .filter(|&k| order[k] == usize::MAX)
        .map(|k| (k + 1).to_string())
        .collect();
    if !missing.is_empty() {
        return Err(ParseError::Missing(missing.join(", ")));
    }
    Ok(Tour { shape, order })
}

/// Writes the numbered grid, columns aligned, layers separated by blank lines.
pub fn format(tour: &Tour) -> String {
    let shape = tour.shape();
    let numbers = tour.numbers();
    let width = shape.n_cells().to_string().len();
    let mut out = String::new();
    for layer in 0..shape.layers {
        if layer > 0 {
            out.push('\n');
        }
        for row in 0..shape.rows {
            let start = (layer * shape.rows + row) * shape.cols;
            let cells = &numbers[start..start + shape.cols];
            let line: Vec<String> = cells.iter().map(|k| format!("{k:>width$}")).collect();
            writeln!(out, "{}", line.join(" ")).expect("writing to a String");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPEN_5X5: &str =
        " 5 20  9 14  7\n10 15  6 19 24\n21  4 23  8 13\n16 11  2 25 18\n 3 22 17 12  1\n";

    #[test]
    fn round_trip_is_lossless() {
        let tour = parse(OPEN_5X5).unwrap();
        assert_eq!(format(&tour), OPEN_5X5);
        assert_eq!(parse(&format(&tour)).unwrap(), tour);
    }

    #[test]
    fn reads_pipes_with_blank_lines_between_rows() {
        let text = "1 | 2 | 3 |\n\n6 | 5 | 4 |\n\n7 | 8 | 9 |\n";
        let tour = parse(text).unwrap();
        assert_eq!(tour.shape(), Shape::flat(3, 3));
        assert_eq!(tour.numbers(), vec![1, 2, 3, 6, 5, 4, 7, 8, 9]);
    }

    #[test]
    fn reads_dots_commas_and_comments() {
        let text = "# a comment\n1.2,3 # trailing\n6\t5|4\n";
        let tour = parse(text).unwrap();
        assert_eq!(tour.numbers(), vec![1, 2, 3, 6, 5, 4]);
    }

    #[test]
    fn reads_layers() {
        let text = "1 2\n4 3\n\n5 6\n8 7\n";
        let tour = parse(text).unwrap();
        assert_eq!(tour.shape(), Shape::solid(2, 2, 2));
        assert_eq!(format(&tour), text);
    }

    #[test]
    fn a_box_of_single_rows_reads_back_with_its_shape() {
        let shape = Shape::solid(3, 1, 2);
        let tour = Tour::new(shape, vec![0, 1, 3, 2, 4, 5]).unwrap();
        let text = format(&tour);
        assert_eq!(text, "1 2\n\n4 3\n\n5 6\n");
        assert_eq!(parse_with_shape(&text, shape).unwrap(), tour);
        assert!(matches!(
            parse_with_shape(&text, Shape::solid(2, 1, 3)),
            Err(ParseError::WrongShape { .. })
        ));
    }

    #[test]
    fn names_the_repeated_number_and_its_lines() {
        let err = parse("1 2\n2 4\n").unwrap_err();
        assert_eq!(
            err,
            ParseError::Repeated {
                number: 2,
                first: 1,
                second: 2
            }
        );
    }

    #[test]
    fn names_the_missing_number() {
        let err = parse("1 2\n3 5\n").unwrap_err();
        assert_eq!(
            err,
            ParseError::OutOfRange {
                number: 5,
                max: 4,
                line: 2,
                shape: Shape::flat(2, 2),
            }
        );
        let err = parse("1 2 3\n4 5 5\n").unwrap_err();
        assert!(matches!(err, ParseError::Repeated { number: 5, .. }));
    }

    #[test]
    fn a_layer_too_few_is_named_before_the_numbers() {
        let cube = "1 2\n3 4\n\n5 6\n7 8\n";
        let err = parse_with_shape(cube, Shape::solid(3, 2, 2)).unwrap_err();
        assert_eq!(
            err,
            ParseError::WrongShape {
                found: Shape::solid(2, 2, 2),
                expected: Shape::solid(3, 2, 2)
            }
        );
        assert!(err.to_string().contains("2 layers of 2 rows"), "{err}");
        let two_of_three = "1 2\n3 4\n\n5 6\n7 12\n";
        let err = parse_with_shape(two_of_three, Shape::solid(3, 2, 2)).unwrap_err();
        assert!(matches!(err, ParseError::WrongShape { .. }), "{err}");
    }

    #[test]
    fn names_the_ragged_row() {
        let err = parse("1 2 3\n4 5\n").unwrap_err();
        assert_eq!(
            err,
            ParseError::RaggedRow {
                line: 2,
                found: 2,
                expected: 3
            }
        );
    }

    #[test]
    fn rejects_words() {
        let err = parse("1 two\n").unwrap_err();
        assert_eq!(
            err,
            ParseError::NotANumber {
                line: 1,
                token: "two".into()
            }
        );
        assert_eq!(parse("# nothing\n").unwrap_err(), ParseError::Empty);
    }
}
