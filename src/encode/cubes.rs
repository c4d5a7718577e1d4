//! Cubes: disjoint parts of a puzzle's solution space, each a few assumption literals, and
//! the plan of which of them symmetry lets an engine skip.
//!
//! This is the "cube and conquer" idea of Heule, Kullmann, Wieringa and Biere
//! ("Cube and Conquer: Guiding CDCL SAT Solvers by Lookaheads", HVC 2011) with
//! the cubes chosen by hand: fixing where the tour starts and ends (or, for a
//! cycle, which two moves it makes at one cell) splits the solutions into
//! disjoint sets, each solved under a few assumption literals of one
//! incremental solver. A fixed start square is also what makes numbered
//! models with line sums tractable: unit propagation from `p(start, 1)`
//! derives every distance and parity restriction at once.
//!
//! Symmetry cuts the work but never changes a count:
//!
//! - The puzzle's [`Automorphism`]s map every solution to a solution.
//! - The SAT engine finds solutions a *family* at a time: the closure of one
//!   solution under every automorphism and under the puzzle's class
//!   equivalence (`sat::family`). A family is a union of classes and is
//!   blocked as a whole once found.
//! - The automorphisms that map cubes to cubes permute them; every family has
//!   a member in the least cube of some orbit, so only those cubes are
//!   searched ([`CubePlan::searched`]).
//! - Every family is reported exactly once, by its *owner*: the least cube
//!   holding one of its members ([`CubePlan::owner`]). A solver that finds a
//!   family it does not own blocks it and moves on, so any assignment of
//!   cubes to threads reports the same families.

use crate::board::Cell;
use crate::puzzle::{Automorphism, Puzzle, SolutionKind};
use crate::symmetry::half_turn;
use crate::tour::Tour;

/// At most this many cubes are listed; larger splits fall back to coarser ones.
const MAX_CUBES: usize = 4096;

/// One part of the solution space. The derived order decides which cubes are
/// searched and which cube owns a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cube {
    /// Every solution (no split).
    All,
    /// Solutions whose number 1 is on `start` and whose last number is on `end`.
    Ends {
        /// The cell carrying number 1.
        start: Cell,
        /// The cell carrying the last number.
        end: Cell,
    },
    /// Solutions whose number 1 is on `start`.
    Start {
        /// The cell carrying number 1.
        start: Cell,
    },
    /// Cycles that use the moves `pivot - a` and `pivot - b` (`a < b`).
    Pivot {
        /// The cell whose two moves the cube fixes.
        pivot: Cell,
        /// The smaller of the two cells the cycle moves to from `pivot`.
        a: Cell,
        /// The larger of the two cells the cycle moves to from `pivot`.
        b: Cell,
    },
}

impl Cube {
    /// The start cell the cube fixes, and the end cell if it fixes one too.
    pub fn fixed_ends(self) -> Option<(Cell, Option<Cell>)> {
        match self {
            Cube::Ends { start, end } => Some((start, Some(end))),
            Cube::Start { start } => Some((start, None)),
            Cube::All | Cube::Pivot { .. } => None,
        }
    }
}

/// How solutions are split, which cubes are searched, and who owns a family.
#[derive(Clone, Debug)]
pub struct CubePlan {
    scheme: Scheme,
    /// Automorphisms that map every cube onto a cube.
    acting: Vec<Automorphism>,
    searched: Vec<Cube>,
    total: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    All,
    Ends,
    Start,
    Pivot(Cell),
}

impl CubePlan {
    /// Splits the puzzle's solutions; `automorphisms` must be the puzzle's own.
    pub fn new(puzzle: &Puzzle, automorphisms: &[Automorphism]) -> Self {
        let scheme = choose_scheme(puzzle);
        let acting: Vec<Automorphism> = automorphisms
            .iter()
            .filter(|a| acts_on_cubes(scheme, a))
            .cloned()
            .collect();
        let cubes = list_cubes(puzzle, scheme);
        let total = cubes.len();
        let mut plan = CubePlan {
            scheme,
            acting,
            searched: Vec::new(),
            total,
        };
        plan.searched = cubes
            .into_iter()
            .filter(|&cube| plan.is_least_of_orbit(cube))
            .collect();
        plan
    }

    /// A plan with one cube holding everything (nothing skipped).
    pub fn single() -> Self {
        CubePlan {
            scheme: Scheme::All,
            acting: Vec::new(),
            searched: vec![Cube::All],
            total: 1,
        }
    }

    /// The cubes to search, in increasing order.
    pub fn searched(&self) -> &[Cube] {
        &self.searched
    }

    /// Where `cube` stands among the [`CubePlan::searched`] cubes, the index a stopped run
    /// records it by.
    pub fn index_of(&self, cube: Cube) -> Option<usize> {
        self.searched.iter().position(|&c| c == cube)
    }

    /// How many cubes the split has before symmetry removes some.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The cube a solution lies in.
    pub fn cube_of(&self, tour: &Tour) -> Cube {
        match self.scheme {
            Scheme::All => Cube::All,
            Scheme::Ends => Cube::Ends {
                start: tour.first(),
                end: tour.last(),
            },
            Scheme::Start => Cube::Start {
                start: tour.first(),
            },
            Scheme::Pivot(pivot) => {
                let order = tour.order();
                let n = order.len();
                let at = order.iter().position(|&c| c == pivot).unwrap_or(0);
                let (x, y) = (order[(at + n - 1) % n], order[(at + 1) % n]);
                Cube::Pivot {
                    pivot,
                    a: x.min(y),
                    b: x.max(y),
                }
            }
        }
    }

    /// The cube that reports a family: the least cube holding a member.
    pub fn owner(&self, family: &[Tour]) -> Cube {
        family
            .iter()
            .map(|tour| self.cube_of(tour))
            .min()
            .unwrap_or(Cube::All)
    }

    /// The automorphisms, other than the identity, that map `cube` onto
    /// itself: within the cube a tour and its images are all solutions.
    pub fn stabiliser(&self, cube: Cube) -> Vec<&Automorphism> {
        self.acting
            .iter()
            .filter(|a| !a.is_identity() && self.image(cube, a) == cube)
            .collect()
    }

    fn image(&self, cube: Cube, a: &Automorphism) -> Cube {
        match cube {
            Cube::All => Cube::All,
            Cube::Ends { start, end } if a.reverse => Cube::Ends {
                start: a.cell(end),
                end: a.cell(start),
            },
            Cube::Ends { start, end } => Cube::Ends {
                start: a.cell(start),
                end: a.cell(end),
            },
            Cube::Start { start } => Cube::Start {
                start: a.cell(start),
            },
            Cube::Pivot { pivot, a: x, b: y } => {
                let (x, y) = (a.cell(x), a.cell(y));
                Cube::Pivot {
                    pivot: a.cell(pivot),
                    a: x.min(y),
                    b: x.max(y),
                }
            }
        }
    }

    fn is_least_of_orbit(&self, cube: Cube) -> bool {
        // The acting automorphisms form a group, so the orbit is their images.
        self.acting.iter().all(|a| cube <= self.image(cube, a))
    }
}

fn choose_scheme(puzzle: &Puzzle) -> Scheme {
    let n = puzzle.n_cells();
    if n < 3 {
        return Scheme::All;
    }
    if puzzle.kind() == SolutionKind::Cycle {
        return pivot_cell(puzzle).map_or(Scheme::All, Scheme::Pivot);
    }
    let starts = puzzle.starts.as_ref().map_or(n, Vec::len);
    let ends = puzzle.ends.as_ref().map_or(n, Vec::len);
    if starts.saturating_mul(ends) <= MAX_CUBES {
        Scheme::Ends
    } else if starts <= MAX_CUBES {
        Scheme::Start
    } else {
        Scheme::All
    }
}

/// The cell with the most moves (the first such): the most cubes to split into.
fn pivot_cell(puzzle: &Puzzle) -> Option<Cell> {
    let board = &puzzle.board;
    let best = (0..board.n_cells()).max_by_key(|&c| (board.degree(c), std::cmp::Reverse(c)))?;
    (board.degree(best) >= 3).then_some(best)
}

fn acts_on_cubes(scheme: Scheme, a: &Automorphism) -> bool {
    match scheme {
        Scheme::All | Scheme::Ends => true,
        Scheme::Start => !a.reverse,
        Scheme::Pivot(pivot) => a.cell(pivot) == pivot,
    }
}

fn list_cubes(puzzle: &Puzzle, scheme: Scheme) -> Vec<Cube> {
    let all: Vec<Cell> = (0..puzzle.n_cells()).collect();
    let starts = puzzle.starts.clone().unwrap_or_else(|| all.clone());
    let ends = puzzle.ends.clone().unwrap_or(all);
    match scheme {
        Scheme::All => vec![Cube::All],
        Scheme::Ends => starts
            .iter()
            .flat_map(|&start| ends.iter().map(move |&end| (start, end)))
            .filter(|&(start, end)| could_start_and_end(puzzle, start, end))
            .map(|(start, end)| Cube::Ends { start, end })
            .collect(),
        Scheme::Start => starts.iter().map(|&start| Cube::Start { start }).collect(),
        Scheme::Pivot(pivot) => {
            let around = puzzle.board.neighbours(pivot);
            let mut cubes = Vec::new();
            for (i, &a) in around.iter().enumerate() {
                for &b in &around[i + 1..] {
                    cubes.push(Cube::Pivot {
                        pivot,
                        a: a.min(b),
                        b: a.max(b),
                    });
                }
            }
            cubes
        }
    }
}

/// Whether a tour of `puzzle` could start on `start` and end on `end`: a
/// closed tour ends a move away from its start, a colour-alternating path
/// of `n` cells ends on its start's colour exactly when `n` is odd, and a
/// half-turn symmetric path ends on the image of its start. Leaving out the
/// other pairs keeps the engine from building an encoding for each only to
/// find it empty.
fn could_start_and_end(puzzle: &Puzzle, start: Cell, end: Cell) -> bool {
    let board = &puzzle.board;
    if start == end {
        return false;
    }
    if puzzle.closed.is_closed() {
        return board.is_move(start, end);
    }
    let odd_cells = board.n_cells() % 2 == 1;
    if board.leaper().alternates_colour() && (board.colour(start) == board.colour(end)) != odd_cells
    {
        return false;
    }
    !puzzle.symmetry.has_half_turn() || half_turn(board.shape()).apply(start) == end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::automorphisms;
    use crate::spec::Spec;
    use std::collections::HashSet;

    fn puzzle(toml: &str) -> Puzzle {
        Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
    }

    #[test]
    fn nested_semimagic_has_four_automorphisms() {
        let p = puzzle(
            "board = \"8x8\"\n[start]\ncols = [0]\n[end]\ncols = [-1]\n[sums]\nhalf_rows = 130\nhalf_cols = 130",
        );
        let autos = automorphisms(&p);
        assert_eq!(autos.len(), 4);
        assert_eq!(autos.iter().filter(|a| a.reverse).count(), 2);
        let plan = CubePlan::new(&p, &autos);
        // Of the 8 x 8 (start, end) pairs, the 32 on opposite colours can hold an open tour of
        // 64 cells. The 8 pairs (r,0)-(r,7) are fixed by "backwards and mirrored" (4 orbits of
        // 2); the other 24 form 6 orbits of 4.
        assert_eq!(plan.total(), 32);
        assert_eq!(plan.searched().len(), 10);
        let self_mapped = plan
            .searched()
            .iter()
            .filter(|&&cube| plan.stabiliser(cube).len() == 1)
            .count();
        assert_eq!(self_mapped, 4);
    }

    #[test]
    fn plain_board_has_every_symmetry_with_and_without_reversal() {
        let p = puzzle("board = \"5x5\"");
        assert_eq!(automorphisms(&p).len(), 16);
        let closed = puzzle("board = \"6x6\"\nclosed = true");
        assert_eq!(automorphisms(&closed).len(), 8);
    }

    #[test]
    fn an_asymmetric_start_leaves_only_the_identity() {
        let p = puzzle("board = \"5x5\"\n[start]\ncells = [[0, 1]]");
        let autos = automorphisms(&p);
        // The diagonal mirror maps (0,1) to (1,0): not an automorphism.
        assert_eq!(autos.len(), 1);
        assert!(autos[0].perm.iter().enumerate().all(|(i, &c)| i == c));
    }

    #[test]
    fn every_searched_cube_is_least_in_its_orbit_and_orbits_cover_all_cubes() {
        let p = puzzle("board = \"5x5\"");
        let autos = automorphisms(&p);
        let plan = CubePlan::new(&p, &autos);
        let mut covered = HashSet::new();
        for &cube in plan.searched() {
            for a in &plan.acting {
                covered.insert(plan.image(cube, a));
            }
        }
        assert_eq!(covered.len(), plan.total());
    }
}
