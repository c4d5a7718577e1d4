//! Cubes: disjoint parts of a puzzle's solution space, and the puzzle's own
//! symmetries, which let the engine search only some of them.
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
//! - An [`Automorphism`] is a board symmetry, optionally followed by reversing
//!   the numbering, that maps every solution of the puzzle to a solution
//!   (checked on the puzzle's rules: start and end cells, line sums, required
//!   moves). Nested semimagic tours have four: the identity, the vertical
//!   mirror, and the horizontal mirror with and without reversal.
//! - The engine finds solutions a *family* at a time: the closure of one
//!   solution under every automorphism and under the puzzle's class
//!   equivalence (see [`family`]). A family is a union of classes and is
//!   blocked as a whole once found.
//! - The automorphisms that map cubes to cubes permute them; every family has
//!   a member in the least cube of some orbit, so only those cubes are
//!   searched ([`CubePlan::searched`]).
//! - Every family is reported exactly once, by its *owner*: the least cube
//!   holding one of its members ([`CubePlan::owner`]). A solver that finds a
//!   family it does not own blocks it and moves on, so any assignment of
//!   cubes to threads reports the same families.

use std::collections::HashSet;

use crate::board::Cell;
use crate::encode::lex_leader::TourSymmetry;
use crate::puzzle::{Puzzle, SolutionKind};
use crate::run::Class;
use crate::symmetry::{board_symmetries, half_turn, key};
use crate::tour::Tour;

/// At most this many cubes are listed; larger splits fall back to coarser ones.
const MAX_CUBES: usize = 4096;

/// A map from solutions to solutions: a board symmetry, then (if `reverse`)
/// the numbering read backwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automorphism {
    /// `perm[c]` is the image of cell `c`.
    pub perm: Vec<Cell>,
    pub reverse: bool,
}

impl Automorphism {
    pub fn apply(&self, tour: &Tour) -> Tour {
        let mapped = tour.mapped(&self.perm);
        if self.reverse {
            mapped.reversed()
        } else {
            mapped
        }
    }

    /// The map as the lex-leader encoding takes it.
    pub fn tour_symmetry(&self) -> TourSymmetry<'_> {
        TourSymmetry {
            perm: &self.perm,
            reverse: self.reverse,
        }
    }

    pub fn is_identity(&self) -> bool {
        !self.reverse && self.perm.iter().enumerate().all(|(c, &image)| c == image)
    }

    fn cell(&self, cell: Cell) -> Cell {
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

fn preserves(puzzle: &Puzzle, a: &Automorphism) -> bool {
    preserves_ends(puzzle, a) && preserves_sums(puzzle, a) && preserves_required(puzzle, a)
}

fn mapped_set(a: &Automorphism, cells: &Option<Vec<Cell>>) -> Option<Vec<Cell>> {
    cells.as_ref().map(|cells| {
        let mut image: Vec<Cell> = cells.iter().map(|&c| a.cell(c)).collect();
        image.sort_unstable();
        image
    })
}

fn preserves_ends(puzzle: &Puzzle, a: &Automorphism) -> bool {
    let starts = mapped_set(a, &puzzle.starts);
    let ends = mapped_set(a, &puzzle.ends);
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

/// One part of the solution space. The derived order decides which cubes are
/// searched and which cube owns a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cube {
    /// Every solution (no split).
    All,
    /// Solutions whose number 1 is on `start` and whose last number is on `end`.
    Ends { start: Cell, end: Cell },
    /// Solutions whose number 1 is on `start`.
    Start { start: Cell },
    /// Cycles that use the moves `pivot - a` and `pivot - b` (`a < b`).
    Pivot { pivot: Cell, a: Cell, b: Cell },
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
    if puzzle.closed {
        return board.is_move(start, end);
    }
    let odd_cells = board.n_cells() % 2 == 1;
    if board.leaper().alternates_colour() && (board.colour(start) == board.colour(end)) != odd_cells
    {
        return false;
    }
    !puzzle.rot180 || half_turn(board.shape()).apply(start) == end
}

/// Why a family could not be formed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FamilyError {
    /// An automorphism mapped a solution to a non-solution: a bug, never an answer.
    #[error(
        "internal error: a symmetry of the puzzle maps a solution to a tour it rejects: {0:?}"
    )]
    BrokenAutomorphism(Vec<Cell>),
}

/// The closure of `tour` under the automorphisms and the class equivalence:
/// every solution reachable by mapping with either. `tour` must be a solution.
pub fn family(
    puzzle: &Puzzle,
    automorphisms: &[Automorphism],
    tour: &Tour,
) -> Result<Vec<Tour>, FamilyError> {
    let form = puzzle.form();
    let mut seen: HashSet<Vec<Cell>> = HashSet::new();
    let mut members = Vec::new();
    let mut queue = vec![tour.clone()];
    while let Some(next) = queue.pop() {
        if !seen.insert(key(&next, form)) {
            continue;
        }
        for a in automorphisms {
            let image = a.apply(&next);
            if !puzzle.accepts(&image) {
                return Err(FamilyError::BrokenAutomorphism(image.order().to_vec()));
            }
            queue.push(image);
        }
        queue.extend(puzzle.class_members(&next));
        members.push(next);
    }
    Ok(members)
}

/// The classes a family falls into, each with its least member first, in
/// order of their representatives.
pub fn classes_of(puzzle: &Puzzle, family: &[Tour]) -> Vec<Class> {
    let form = puzzle.form();
    let mut placed: HashSet<Vec<Cell>> = HashSet::new();
    let mut classes = Vec::new();
    for tour in family {
        if placed.contains(&key(tour, form)) {
            continue;
        }
        let mut members = puzzle.class_members(tour);
        members.sort_by_cached_key(|member| key(member, form));
        placed.extend(members.iter().map(|member| key(member, form)));
        classes.push(Class { members });
    }
    classes.sort_by_cached_key(|class| key(&class.members[0], form));
    classes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

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
