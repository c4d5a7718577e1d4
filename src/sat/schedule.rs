//! Which encoding each cube is solved in, and the order workers take the cubes.

use super::SatOptions;
use crate::encode::cubes::{Cube, CubePlan};
use crate::encode::{variable_family_of, VariableFamily};
use crate::puzzle::Puzzle;

/// Whether each cube gets its own encoding: numbered models whose cubes fix
/// the start (and end) cell. Their numbering then loses every (cell, number)
/// pair too far from the fixed ends or of the wrong colour (half of all
/// pairs when the start colour was open), which shrinks line sums the most.
pub(super) fn per_cube(puzzle: &Puzzle, plan: &CubePlan) -> bool {
    variable_family_of(puzzle.kind()) == VariableFamily::Numbering
        && plan
            .searched()
            .first()
            .is_some_and(|cube| cube.fixed_ends().is_some())
}

/// The order workers take cubes in: board order, except that in per-cube
/// mode the cubes symmetry maps onto themselves go last. Their lex-leader
/// clauses leave about 1/|stabiliser| of the search, so the run ends on
/// smaller cubes and one worker waits less for the other
/// (results/sat-measurements-2026-11-23.md).
pub(super) fn hand_out_order(plan: &CubePlan, per_cube: bool, options: &SatOptions) -> Vec<Cube> {
    let mut cubes = plan.searched().to_vec();
    if per_cube && !options.no_symmetry_breaking {
        // A stable sort: board order among cubes of equal stabiliser.
        cubes.sort_by_key(|&cube| plan.stabiliser(cube).len());
    }
    cubes
}

/// The puzzle restricted to one cube's start and end cells.
pub(super) fn narrowed(puzzle: &Puzzle, cube: Cube) -> Puzzle {
    let mut narrow = puzzle.clone();
    if let Some((start, end)) = cube.fixed_ends() {
        narrow.starts = Some(vec![start]);
        if let Some(end) = end {
            narrow.ends = Some(vec![end]);
        }
    }
    narrow
}
