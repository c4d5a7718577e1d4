//! Tours: the cells of a board in visiting order.
//!
//! A `Tour` knows its board's shape but not the leaper or the rules of any puzzle: whether it
//! is legal is the verifier's business. It converts to and from the numbered grid people
//! write (`text`), a JSON record for machines (`json`), and the binary file of cell indices
//! that tours of large boards are written as (`binary`), and is written as the move list in
//! board coordinates chess players use (`moves`).

pub mod binary;
mod closure;
pub mod json;
pub mod moves;
pub mod text;

use crate::board::{Cell, Shape};
pub use closure::Closure;

/// The cells of a board in the order the piece visits them; cell `order[k]` carries number k+1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tour {
    shape: Shape,
    order: Vec<Cell>,
}

/// Why a visiting order or a list of numbers is not a tour of the board.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TourError {
    /// Not one entry per cell of the board.
    #[error("the tour has {found} cells but the {shape} board has {expected}")]
    Length {
        /// The board.
        shape: Shape,
        /// Number of entries given.
        found: usize,
        /// Number of cells on the board.
        expected: usize,
    },
    /// An entry of a visiting order names no cell of the board.
    #[error("cell {cell} is outside the {shape} board")]
    OffBoard {
        /// The board.
        shape: Shape,
        /// The off-board cell index.
        cell: usize,
    },
    /// A cell's number lies outside 1..=n (numbered from 0, say).
    #[error("number {number} at cell {} is out of range 1..={} for the {shape} board", shape.cell_name(*cell), shape.n_cells())]
    NumberOutOfRange {
        /// The board.
        shape: Shape,
        /// The cell that carries it.
        cell: Cell,
        /// The number given.
        number: u32,
    },
    /// A cell is visited twice, or a number is given twice; names which.
    #[error("cell {0} is visited twice")]
    Repeated(String),
}

impl Tour {
    /// A tour from its visiting order; every cell of the board exactly once.
    pub fn new(shape: Shape, order: Vec<Cell>) -> Result<Self, TourError> {
        let n = shape.n_cells();
        if order.len() != n {
            return Err(TourError::Length {
                shape,
                found: order.len(),
                expected: n,
            });
        }
        let mut seen = vec![false; n];
        for &cell in &order {
            if cell >= n {
                return Err(TourError::OffBoard { shape, cell });
            }
            if std::mem::replace(&mut seen[cell], true) {
                return Err(TourError::Repeated(shape.cell_name(cell)));
            }
        }
        Ok(Tour { shape, order })
    }

    /// A tour from the number (1..=n) each cell carries, in cell order.
    pub fn from_numbers(shape: Shape, numbers: &[u32]) -> Result<Self, TourError> {
        let n = shape.n_cells();
        if numbers.len() != n {
            return Err(TourError::Length {
                shape,
                found: numbers.len(),
                expected: n,
            });
        }
        let mut order = vec![usize::MAX; n];
        for (cell, &k) in numbers.iter().enumerate() {
            let slot = (k as usize).checked_sub(1).filter(|&s| s < n);
            let slot = slot.ok_or(TourError::NumberOutOfRange {
                shape,
                cell,
                number: k,
            })?;
            if order[slot] != usize::MAX {
                return Err(TourError::Repeated(format!("number {k}")));
            }
            order[slot] = cell;
        }
        Ok(Tour { shape, order })
    }

    /// The board the tour covers.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells in visiting order: `order()[k]` carries number k+1.
    pub fn order(&self) -> &[Cell] {
        &self.order
    }

    /// Number of cells visited, which is the number of cells of the board.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the tour visits no cell (only on a board without cells).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The cell carrying number 1.
    pub fn first(&self) -> Cell {
        self.order[0]
    }

    /// The cell carrying the last number.
    pub fn last(&self) -> Cell {
        self.order[self.order.len() - 1]
    }

    /// The number (1-based) each cell carries, in cell order.
    pub fn numbers(&self) -> Vec<u32> {
        let mut numbers = vec![0; self.order.len()];
        for (k, &cell) in self.order.iter().enumerate() {
            numbers[cell] = k as u32 + 1;
        }
        numbers
    }

    /// The same cells visited backwards: number k becomes n + 1 - k.
    pub fn reversed(&self) -> Tour {
        let mut order = self.order.clone();
        order.reverse();
        Tour {
            shape: self.shape,
            order,
        }
    }

    /// Cells mapped through a permutation of the board (a symmetry).
    pub fn mapped(&self, perm: &[Cell]) -> Tour {
        Tour {
            shape: self.shape,
            order: self.order.iter().map(|&c| perm[c]).collect(),
        }
    }

    /// A closed tour renumbered to start at position `start` of this one.
    pub fn rotated(&self, start: usize) -> Tour {
        let mut order = self.order.clone();
        order.rotate_left(start);
        Tour {
            shape: self.shape,
            order,
        }
    }
}
