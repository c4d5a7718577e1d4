//! What a model means: a checked, normalised puzzle that every engine reads.
//!
//! `Puzzle::from_spec` resolves coordinates to cells, expands the named line families, and
//! rejects what can never hold (an unreachable sum, an illegal required move) before any
//! engine starts. The puzzle also defines, once for every engine, what a solution is and
//! which solutions fall in one class.

mod angles;
mod automorphisms;
mod build;
mod coords;
mod error;
pub mod existence;
mod givens;
pub mod restrict;
mod rules;
mod turns;

pub use angles::{angle_at, angle_cells, angles_along, AngleBound, AngleCounts, AngleKind};
pub use automorphisms::{automorphisms, preserves, Automorphism};
pub use error::PuzzleError;
pub use turns::Symmetry;

use crate::board::{Board, Cell};
use crate::symmetry::{Form, SymmetryGroup};
use crate::tour::Closure;
use crate::tour::Tour;
use serde::Serialize;

/// A set of cells a line of numbers must sum to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineSum {
    /// Name in reports and errors: `row 3`, `diagonal 1`, or the model's own name for it.
    pub name: String,
    /// The cells of the line, none twice.
    pub cells: Vec<Cell>,
    /// What the numbers on these cells must add up to.
    pub target: u64,
}

/// What one solution is, which decides what `solutions` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SolutionKind {
    /// A numbering of the fixed board: the model constrains numbers (sums, start or end,
    /// given numbers).
    Numbered,
    /// An undirected closed tour: start and direction do not matter.
    Cycle,
    /// A directed open path, each numbering once; paths whose ends are a move apart count too
    /// (as OEIS A165134 counts them).
    Path,
}

impl SolutionKind {
    /// What one solution of this kind is, in words (plural).
    pub fn describe(self) -> &'static str {
        match self {
            SolutionKind::Numbered => "numbered tours of the fixed board",
            SolutionKind::Cycle => "closed tours, whatever their start and direction",
            SolutionKind::Path => "directed open paths",
        }
    }
}

/// What counts as the same solution when classes are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Equivalence {
    /// Rotations and reflections of the board.
    pub board: bool,
    /// Reversed numbering.
    pub reverse: bool,
}

/// A checked model with cells resolved: the one description of a problem every engine reads.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Name in reports; the model file's name, or the board when it has none.
    pub name: String,
    /// The board and the leaper whose moves the tour makes.
    pub board: Board,
    /// Whether the last cell must be a move away from the first.
    pub closed: Closure,
    /// Cells allowed to carry number 1, sorted; `None` allows every cell.
    pub starts: Option<Vec<Cell>>,
    /// Cells allowed to carry the last number, sorted; `None` allows every cell.
    pub ends: Option<Vec<Cell>>,
    /// Numbers the model gives, as (cell, number), sorted by cell. Given numbers also narrow
    /// `starts` and `ends`: to the cell given 1 (or the last number), else to the cells not
    /// given another number.
    pub givens: Vec<(Cell, u32)>,
    /// Line sums the numbers must meet, each named family expanded into single lines.
    pub sums: Vec<LineSum>,
    /// The turns that must map the tour onto itself (the quarter turn on square flat boards
    /// only).
    pub symmetry: Symmetry,
    /// Undirected moves the tour must make, each as (smaller cell, larger cell).
    pub required: Vec<(Cell, Cell)>,
    /// Bounds on how many cells have an angle of each kind (see [`AngleKind`]).
    pub angles: Vec<AngleBound>,
    /// What counts as the same solution when classes are counted.
    pub equivalence: Equivalence,
}

impl Puzzle {
    /// The puzzle with no rule but the board and whether the tour closes: every tour of the
    /// board is a solution, and classes are taken under the board's symmetries. It is named
    /// after the board, as a model file without a name is.
    pub fn plain(board: Board, closed: Closure) -> Puzzle {
        Puzzle {
            name: board.shape().to_string(),
            board,
            closed,
            starts: None,
            ends: None,
            givens: Vec::new(),
            sums: Vec::new(),
            symmetry: Symmetry::None,
            required: Vec::new(),
            angles: Vec::new(),
            equivalence: Equivalence {
                board: true,
                reverse: false,
            },
        }
    }

    /// Number of cells on the board.
    pub fn n_cells(&self) -> usize {
        self.board.n_cells()
    }

    /// What a solution is for this model.
    pub fn kind(&self) -> SolutionKind {
        let numbered = !self.sums.is_empty()
            || self.starts.is_some()
            || self.ends.is_some()
            || !self.givens.is_empty();
        match (numbered, self.closed) {
            (true, _) => SolutionKind::Numbered,
            (false, Closure::Closed) => SolutionKind::Cycle,
            (false, Closure::Open) => SolutionKind::Path,
        }
    }

    /// How solutions are compared: cycles ignore start and direction.
    pub fn form(&self) -> Form {
        match self.kind() {
            SolutionKind::Cycle => Form::Cycle,
            _ => Form::Sequence,
        }
    }

    /// The group whose orbits are the classes.
    pub fn equivalence_group(&self) -> SymmetryGroup {
        let shape = self.board.shape();
        let reverse = self.equivalence.reverse;
        if self.equivalence.board {
            SymmetryGroup::of_board(shape, reverse)
        } else {
            SymmetryGroup::trivial(shape, reverse)
        }
    }

    /// The class representative of a solution: equal for two solutions in one class.
    pub fn canonical(&self, tour: &Tour) -> Vec<Cell> {
        self.equivalence_group().canonical(tour, self.form())
    }

    /// The solutions in the class of `tour`: every distinct image under the equivalence
    /// group that is itself a solution. `tour` must be a solution.
    pub fn class_members(&self, tour: &Tour) -> Vec<Tour> {
        let group = self.equivalence_group();
        let form = self.form();
        let mut members: Vec<Tour> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for g in group.elements() {
            let mapped = tour.mapped(&g.perm);
            let candidates = if group.includes_reverse() && form == Form::Sequence {
                vec![mapped.reversed(), mapped]
            } else {
                vec![mapped]
            };
            for image in candidates {
                if seen.insert(crate::symmetry::key(&image, form)) && self.accepts(&image) {
                    members.push(image);
                }
            }
        }
        members
    }

    /// Number of cells of each line that a tour of `n` cells could fill with numbers 1..=n:
    /// the least and greatest sum a line of `len` cells can reach.
    pub fn sum_range(len: usize, n: usize) -> (u64, u64) {
        let (len, n) = (len as u64, n as u64);
        let low = len * (len + 1) / 2;
        let high = len * (2 * n - len + 1) / 2;
        (low, high)
    }

    /// The symmetry the model requires of the tour, by its model-file name.
    pub fn tour_symmetry(&self) -> Option<&'static str> {
        self.symmetry.name()
    }

    /// Whether the moves of the board include `from -> to`.
    pub fn is_move(&self, from: Cell, to: Cell) -> bool {
        self.board.is_move(from, to)
    }
}
