//! The puzzle's own symmetries: maps of the board, possibly reading the numbering backwards,
//! that send every solution to a solution. Both engines take them from here, so they agree on
//! the group they reduce by; the verifier never uses them, and a test maps every solution of
//! small puzzles through each of them and asks the verifier about the image.
//!
//! An [`Automorphism`] is a board symmetry, optionally followed by reversing the numbering,
//! that maps the puzzle onto itself: the start set, the end set (swapped under reversal), the
//! required moves, and every line sum (a line of `m` cells with target `T` becomes one with
//! target `m (n + 1) - T` under reversal). Closedness and the half-turn symmetry of the tour
//! are kept by every board symmetry, since the half turn commutes with them all. Nested
//! semimagic tours have four: the identity, the vertical mirror, and the horizontal mirror
//! with and without reversal.

use std::collections::HashSet;

use super::{Puzzle, SolutionKind};
use crate::board::Cell;
use crate::symmetry::board_symmetries;
use crate::tour::Tour;

/// A map from solutions to solutions: a board symmetry, then (if `reverse`)
/// the numbering read backwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automorphism {
    /// `perm[c]` is the image of cell `c`.
    pub perm: Vec<Cell>,
    /// Whether the numbering is read backwards after the board map.
    pub reverse: bool,
}

impl Automorphism {
    /// The image of `tour`: its cells mapped, then its order reversed if `reverse`.
    pub fn apply(&self, tour: &Tour) -> Tour {
        let mapped = tour.mapped(&self.perm);
        if self.reverse {
            mapped.reversed()
        } else {
            mapped
        }
    }

    /// Whether this map leaves every tour as it is.
    pub fn is_identity(&self) -> bool {
        !self.reverse && self.perm.iter().enumerate().all(|(c, &image)| c == image)
    }

    /// The image of one cell.
    pub fn cell(&self, cell: Cell) -> Cell {
        self.perm[cell]
    }
}

/// Every automorphism of the puzzle, the identity first.
///
/// Reversal is tried only where numbering has a direction (not for cycles);
/// it maps the start cells onto the end cells and a line of `m` cells with
/// target `T` onto one with target `m (n + 1) - T`.
pub fn automorphisms(puzzle: &Puzzle) -> Vec<Automorphism> {
    let reversals: &[bool] = if puzzle.kind() == SolutionKind::Cycle {
        &[false]
    } else {
        &[false, true]
    };
    let mut out = Vec::new();
    for &reverse in reversals {
        for symmetry in board_symmetries(puzzle.board.shape()) {
            let candidate = Automorphism {
                perm: symmetry.perm,
                reverse,
            };
            if preserves(puzzle, &candidate) {
                out.push(candidate);
            }
        }
    }
    out
}

/// Whether `a` maps the puzzle onto itself.
pub fn preserves(puzzle: &Puzzle, a: &Automorphism) -> bool {
    preserves_ends(puzzle, a)
        && preserves_givens(puzzle, a)
        && preserves_sums(puzzle, a)
        && preserves_required(puzzle, a)
}

/// A given number maps to its image cell, as `n + 1 - k` when the numbering is reversed.
fn preserves_givens(puzzle: &Puzzle, a: &Automorphism) -> bool {
    let n = puzzle.n_cells() as u32;
    let mut image: Vec<(Cell, u32)> = puzzle
        .givens
        .iter()
        .map(|&(c, k)| (a.cell(c), if a.reverse { n + 1 - k } else { k }))
        .collect();
    image.sort_unstable();
    image == puzzle.givens
}

fn mapped_set(a: &Automorphism, cells: Option<&Vec<Cell>>) -> Option<Vec<Cell>> {
    cells.map(|cells| {
        let mut image: Vec<Cell> = cells.iter().map(|&c| a.cell(c)).collect();
        image.sort_unstable();
        image
    })
}

fn preserves_ends(puzzle: &Puzzle, a: &Automorphism) -> bool {
    let starts = mapped_set(a, puzzle.starts.as_ref());
    let ends = mapped_set(a, puzzle.ends.as_ref());
    if a.reverse {
        starts == puzzle.ends && ends == puzzle.starts
    } else {
        starts == puzzle.starts && ends == puzzle.ends
    }
}

fn preserves_sums(puzzle: &Puzzle, a: &Automorphism) -> bool {
    let n = puzzle.n_cells() as u64;
    let lines: HashSet<(Vec<Cell>, u64)> = puzzle
        .sums
        .iter()
        .map(|line| (sorted(line.cells.clone()), line.target))
        .collect();
    puzzle.sums.iter().all(|line| {
        let cells = sorted(line.cells.iter().map(|&c| a.cell(c)).collect());
        let target = if a.reverse {
            (line.cells.len() as u64 * (n + 1)).checked_sub(line.target)
        } else {
            Some(line.target)
        };
        target.is_some_and(|target| lines.contains(&(cells, target)))
    })
}

fn preserves_required(puzzle: &Puzzle, a: &Automorphism) -> bool {
    let required: HashSet<(Cell, Cell)> = puzzle.required.iter().copied().collect();
    puzzle.required.iter().all(|&(x, y)| {
        let (x, y) = (a.cell(x), a.cell(y));
        required.contains(&(x.min(y), x.max(y)))
    })
}

fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort_unstable();
    cells
}
