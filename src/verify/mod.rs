//! The independent verifier: does a tour satisfy every rule of a model?
//!
//! This module shares no code with any engine. It reads only the puzzle's declarative data
//! (board shape and leaper, `closed`, allowed start and end cells, line sums, the half-turn
//! and quarter-turn requirements and required moves) and the tour's visiting order, and
//! recomputes everything else from cell coordinates: whether two cells are a leap apart, where
//! the half and quarter turns send a cell, which numbers lie on a line. It deliberately does not use the board's move graph, the
//! leaper's displacement list, the symmetry permutations or `Puzzle::accepts`, so a mistake in
//! any of those cannot make a wrong tour look right.
//!
//! `verify` returns every broken rule it finds, each naming the rule and the numbers involved;
//! an empty list means the tour is a solution of the model. `stream` checks the plain rules of
//! a tour too large to hold, one bit per cell, as it streams past.

use crate::board::{Cell, Coord, Leaper, Shape};
use crate::puzzle::Puzzle;
use crate::tour::Tour;
use std::collections::HashSet;
use std::fmt;

pub mod stream;

/// A cell of a board, shown as people write it: `(row,col)`, or `(layer,row,col)` in a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct At {
    /// The cell's row-major index.
    pub cell: Cell,
    /// The cell's layer, row and column, 0-based.
    pub coord: Coord,
    /// Whether to show the layer: `true` on a 3D board.
    pub solid: bool,
}

impl At {
    fn new(shape: Shape, cell: Cell) -> At {
        At {
            cell,
            coord: shape.coord(cell),
            solid: shape.solid,
        }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.coord;
        if self.solid {
            write!(f, "({},{},{})", c.layer, c.row, c.col)
        } else {
            write!(f, "({},{})", c.row, c.col)
        }
    }
}

/// One broken rule, with the numbers that show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The tour and the model are on different boards; nothing else is checked.
    BoardMismatch {
        /// The board the tour is on.
        tour: Shape,
        /// The board the model asks for.
        model: Shape,
    },
    /// The tour has no cells at all.
    Empty,
    /// The tour does not have one entry per cell.
    Length {
        /// Number of entries in the tour.
        found: usize,
        /// Number of cells on the board.
        expected: usize,
    },
    /// Number `number` names a cell index outside the board.
    OffBoard {
        /// The 1-based number the tour gives that entry.
        number: usize,
        /// The entry's cell index, which the board does not have.
        cell: Cell,
        /// The board the index falls outside of.
        shape: Shape,
    },
    /// A cell carries two numbers.
    Repeated {
        /// The cell that carries both numbers.
        at: At,
        /// The smaller of the two 1-based numbers.
        first: usize,
        /// The larger of the two 1-based numbers.
        second: usize,
    },
    /// A cell carries no number.
    Unvisited {
        /// The cell the tour never visits.
        at: At,
    },
    /// Consecutive numbers are not a leap apart.
    IllegalMove {
        /// 1-based number of the cell the move leaves; the move goes to `number + 1`.
        number: usize,
        /// The cell carrying `number`.
        from: At,
        /// The cell carrying `number + 1`.
        to: At,
        /// The leaper whose leap the move should be.
        leaper: Leaper,
    },
    /// A closed model, but the last cell is not a leap from the first.
    NotClosed {
        /// The last number, which is also the number of cells.
        last: usize,
        /// The cell carrying the last number.
        from: At,
        /// The cell carrying number 1.
        to: At,
        /// The leaper whose leap the closing move should be.
        leaper: Leaper,
    },
    /// Number 1 is on a cell the model does not allow.
    Start {
        /// The cell carrying number 1.
        at: At,
    },
    /// The last number is on a cell the model does not allow.
    End {
        /// The cell carrying the last number.
        at: At,
        /// The last number, which is also the number of cells.
        number: usize,
    },
    /// A cell the model gives a number carries another.
    Given {
        /// The cell.
        at: At,
        /// The number the model gives it.
        given: u32,
        /// The number the tour puts there.
        found: usize,
    },
    /// A line's numbers do not add up to its target.
    LineSum {
        /// The line's name in the model.
        name: String,
        /// The sum of the numbers on the line's cells in this tour.
        found: u64,
        /// The sum the model asks for.
        target: u64,
    },
    /// The tour makes a move whose image under a required turn it does not make.
    NotSymmetric {
        /// The turn: `half turn` or `quarter turn`.
        turn: &'static str,
        /// One end of the move the tour makes.
        from: At,
        /// The other end of that move.
        to: At,
        /// Where the turn sends `from`.
        image_from: At,
        /// Where the turn sends `to`.
        image_to: At,
    },
    /// More or fewer cells with an angle of one kind than the model allows.
    Angles {
        /// The kind of angle, as the model file names it.
        kind: &'static str,
        /// How many cells of the tour have it.
        found: usize,
        /// The least the model allows.
        at_least: usize,
        /// The most the model allows.
        at_most: usize,
    },
    /// A move the model requires is not among the tour's moves.
    RequiredMove {
        /// One end of the required move.
        from: At,
        /// The other end of the required move.
        to: At,
    },
}

impl Violation {
    /// A short name of the rule broken, stable for scripts and tests.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::BoardMismatch { .. } => "board",
            Violation::Empty
            | Violation::Length { .. }
            | Violation::OffBoard { .. }
            | Violation::Repeated { .. }
            | Violation::Unvisited { .. } => "integrity",
            Violation::IllegalMove { .. } => "move",
            Violation::NotClosed { .. } => "closed",
            Violation::Start { .. } => "start",
            Violation::End { .. } => "end",
            Violation::Given { .. } => "given",
            Violation::LineSum { .. } => "sum",
            Violation::NotSymmetric { .. } => "symmetry",
            Violation::RequiredMove { .. } => "required",
            Violation::Angles { .. } => "angles",
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::BoardMismatch { tour, model } => {
                write!(f, "the tour is on {tour} but the model's board is {model}")
            }
            Violation::Empty => write!(f, "the tour visits no cells"),
            Violation::Length { found, expected } => {
                write!(f, "the tour has {found} cells but the board has {expected}")
            }
            Violation::OffBoard {
                number,
                cell,
                shape,
            } => write!(
                f,
                "number {number} is on cell {cell}, outside the {shape} board"
            ),
            Violation::Repeated { at, first, second } => {
                write!(f, "cell {at} carries both {first} and {second}")
            }
            Violation::Unvisited { at } => write!(f, "cell {at} carries no number"),
            Violation::Start { at } => {
                write!(f, "starts at {at}, which is not an allowed start cell")
            }
            Violation::End { at, number } => write!(
                f,
                "ends ({number}) at {at}, which is not an allowed end cell"
            ),
            Violation::Given { at, given, found } => {
                write!(
                    f,
                    "cell {at} carries {found}, but the model gives it {given}"
                )
            }
            Violation::LineSum {
                name,
                found,
                target,
            } => write!(f, "{name} sums to {found}, not {target}"),
            _ => self.describe_move(f),
        }
    }
}

impl Violation {
    /// The message of a violation about the tour's moves.
    fn describe_move(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::IllegalMove {
                number,
                from,
                to,
                leaper,
            } => write!(
                f,
                "move {number} -> {} from {from} to {to} is not a {},{} leap",
                number + 1,
                leaper.a,
                leaper.b
            ),
            Violation::NotClosed {
                last,
                from,
                to,
                leaper,
            } => write!(
                f,
                "the tour is not closed: {last} at {from} is not a {},{} leap from 1 at {to}",
                leaper.a, leaper.b
            ),
            Violation::NotSymmetric {
                turn,
                from,
                to,
                image_from,
                image_to,
            } => write!(
                f,
                "not symmetric under the {turn}: move {from}-{to} maps to {image_from}-{image_to}, which the tour does not make"
            ),
            Violation::RequiredMove { from, to } => {
                write!(f, "required move {from}-{to} is not made")
            }
            Violation::Angles {
                kind,
                found,
                at_least,
                at_most,
            } => write!(
                f,
                "{found} cells have {kind} angles; the model allows {at_least} to {at_most}"
            ),
            _ => unreachable!("every other violation is described by Display"),
        }
    }
}

/// Every rule of `puzzle` that `tour` breaks; empty when the tour is a solution.
pub fn verify(puzzle: &Puzzle, tour: &Tour) -> Vec<Violation> {
    let shape = puzzle.board.shape();
    if tour.shape() != shape {
        return vec![Violation::BoardMismatch {
            tour: tour.shape(),
            model: shape,
        }];
    }
    let order = tour.order();
    let integrity = check_integrity(shape, order);
    if !integrity.is_empty() {
        // The other rules read numbers off cells; without one number a cell they are moot.
        return integrity;
    }
    let mut out = check_moves(puzzle, order);
    out.extend(check_ends(puzzle, order));
    out.extend(check_givens(puzzle, order));
    out.extend(check_line_sums(puzzle, order));
    out.extend(check_moves_made(puzzle, order));
    out.extend(angles::check_angles(puzzle, order));
    out
}

/// Consecutive numbers, and the last and the first in a closed model, are a leap apart.
fn check_moves(puzzle: &Puzzle, order: &[Cell]) -> Vec<Violation> {
    let shape = puzzle.board.shape();
    let leaper = puzzle.board.leaper();
    let at = |cell: Cell| At::new(shape, cell);
    let mut out = Vec::new();
    for (k, pair) in order.windows(2).enumerate() {
        if !is_leap(shape, leaper, pair[0], pair[1]) {
            out.push(Violation::IllegalMove {
                number: k + 1,
                from: at(pair[0]),
                to: at(pair[1]),
                leaper,
            });
        }
    }
    let (first, last) = (order[0], order[order.len() - 1]);
    if puzzle.closed.is_closed() && !is_leap(shape, leaper, last, first) {
        out.push(Violation::NotClosed {
            last: order.len(),
            from: at(last),
            to: at(first),
            leaper,
        });
    }
    out
}

/// Number 1 and the last number are on cells the model allows.
fn check_ends(puzzle: &Puzzle, order: &[Cell]) -> Vec<Violation> {
    let shape = puzzle.board.shape();
    let (first, last) = (order[0], order[order.len() - 1]);
    let mut out = Vec::new();
    if let Some(starts) = &puzzle.starts {
        if !starts.contains(&first) {
            out.push(Violation::Start {
                at: At::new(shape, first),
            });
        }
    }
    if let Some(ends) = &puzzle.ends {
        if !ends.contains(&last) {
            out.push(Violation::End {
                at: At::new(shape, last),
                number: order.len(),
            });
        }
    }
    out
}

/// The number each cell carries (the tour's `k`-th cell carries `k`), read once the
/// integrity check has passed: every cell once.
fn numbers_by_cell(order: &[Cell]) -> Vec<u64> {
    let mut number_of = vec![0u64; order.len()];
    for (k, &cell) in order.iter().enumerate() {
        number_of[cell] = k as u64 + 1;
    }
    number_of
}

/// Every cell the model gives a number carries it: the tour's `k`-th cell carries `k`.
fn check_givens(puzzle: &Puzzle, order: &[Cell]) -> Vec<Violation> {
    if puzzle.givens.is_empty() {
        return Vec::new();
    }
    let shape = puzzle.board.shape();
    let number_of = numbers_by_cell(order);
    let mut out = Vec::new();
    for &(cell, given) in &puzzle.givens {
        let found = number_of.get(cell).copied().unwrap_or(0);
        if found != u64::from(given) {
            out.push(Violation::Given {
                at: At::new(shape, cell),
                given,
                found: found as usize,
            });
        }
    }
    out
}

/// Every line's numbers add up to its target.
fn check_line_sums(puzzle: &Puzzle, order: &[Cell]) -> Vec<Violation> {
    let number_of = numbers_by_cell(order);
    let mut out = Vec::new();
    for line in &puzzle.sums {
        // A line naming a cell off the board can never hold; count it as 0 so the sum is off.
        let found: u64 = line
            .cells
            .iter()
            .map(|&c| number_of.get(c).copied().unwrap_or(0))
            .sum();
        if found != line.target {
            out.push(Violation::LineSum {
                name: line.name.clone(),
                found,
                target: line.target,
            });
        }
    }
    out
}

/// The tour's undirected moves (the closing one included when the model is closed) hold the
/// half-turn and quarter-turn images of each move when the model asks for them, and every
/// required move.
fn check_moves_made(puzzle: &Puzzle, order: &[Cell]) -> Vec<Violation> {
    let shape = puzzle.board.shape();
    let at = |cell: Cell| At::new(shape, cell);
    let n = order.len();
    let mut made: Vec<(Cell, Cell)> = order.windows(2).map(|w| edge(w[0], w[1])).collect();
    if puzzle.closed.is_closed() && n > 1 {
        made.push(edge(order[n - 1], order[0]));
    }
    let made_set: HashSet<(Cell, Cell)> = made.iter().copied().collect();
    let mut out = Vec::new();
    let turns = [
        (
            puzzle.symmetry.has_half_turn(),
            "half turn",
            half_turn as Turn,
        ),
        (
            puzzle.symmetry.has_quarter_turn(),
            "quarter turn",
            quarter_turn as Turn,
        ),
    ];
    for (_, name, turn) in turns.into_iter().filter(|t| t.0) {
        let mut reported = HashSet::new();
        for &(a, b) in &made {
            let image = edge(turn(shape, a), turn(shape, b));
            if !made_set.contains(&image) && reported.insert((a, b)) {
                out.push(Violation::NotSymmetric {
                    turn: name,
                    from: at(a),
                    to: at(b),
                    image_from: at(turn(shape, a)),
                    image_to: at(turn(shape, b)),
                });
            }
        }
    }
    for &(a, b) in &puzzle.required {
        if !made_set.contains(&edge(a, b)) {
            out.push(Violation::RequiredMove {
                from: at(a),
                to: at(b),
            });
        }
    }
    out
}

/// Each cell of the board exactly once, each entry a cell of the board.
fn check_integrity(shape: Shape, order: &[Cell]) -> Vec<Violation> {
    let n = shape.n_cells();
    if order.is_empty() {
        return vec![Violation::Empty];
    }
    let mut out = Vec::new();
    if order.len() != n {
        out.push(Violation::Length {
            found: order.len(),
            expected: n,
        });
    }
    let mut number_of: Vec<Option<usize>> = vec![None; n];
    for (k, &cell) in order.iter().enumerate() {
        let number = k + 1;
        if cell >= n {
            out.push(Violation::OffBoard {
                number,
                cell,
                shape,
            });
            continue;
        }
        match number_of[cell] {
            Some(first) => out.push(Violation::Repeated {
                at: At::new(shape, cell),
                first,
                second: number,
            }),
            None => number_of[cell] = Some(number),
        }
    }
    for (cell, number) in number_of.iter().enumerate() {
        if number.is_none() {
            out.push(Violation::Unvisited {
                at: At::new(shape, cell),
            });
        }
    }
    out
}

/// An undirected move as (smaller cell, larger cell).
fn edge(a: Cell, b: Cell) -> (Cell, Cell) {
    (a.min(b), a.max(b))
}

/// Whether `a` and `b` are one (p, q) leap apart: the sorted absolute coordinate differences
/// are exactly the sorted (0, p, q). On a flat board the layer difference is always 0.
fn is_leap(shape: Shape, leaper: Leaper, a: Cell, b: Cell) -> bool {
    let (x, y) = (shape.coord(a), shape.coord(b));
    let mut diff = [
        x.layer.abs_diff(y.layer),
        x.row.abs_diff(y.row),
        x.col.abs_diff(y.col),
    ];
    diff.sort_unstable();
    let mut want = [0, leaper.a, leaper.b];
    want.sort_unstable();
    diff == want
}

/// The half turn of a flat board, (r, c) -> (R-1-r, C-1-c); in a box the point reflection
/// through the centre, every axis flipped.
fn half_turn(shape: Shape, cell: Cell) -> Cell {
    let c = shape.coord(cell);
    let layer = if shape.solid {
        shape.layers - 1 - c.layer
    } else {
        c.layer
    };
    let row = shape.rows - 1 - c.row;
    let col = shape.cols - 1 - c.col;
    (layer * shape.rows + row) * shape.cols + col
}

/// Where a turn of the board sends a cell.
type Turn = fn(Shape, Cell) -> Cell;

/// The quarter turn of a square flat board, (r, c) -> (c, N-1-r).
fn quarter_turn(shape: Shape, cell: Cell) -> Cell {
    let c = shape.coord(cell);
    let (row, col) = (c.col, shape.rows - 1 - c.row);
    (c.layer * shape.rows + row) * shape.cols + col
}

mod angles;
mod line_sums;
pub use angles::{angle_tally, AngleTally};
pub use line_sums::{line_sums, LineSums};

#[cfg(test)]
mod tests;
