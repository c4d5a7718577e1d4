//! Families: the closure of one solution under the puzzle's automorphisms and its class
//! equivalence. The SAT engine blocks a family as a whole once it finds one member, and the
//! worker whose cube owns the family reports its classes.

use std::collections::HashSet;

use crate::board::Cell;
use crate::puzzle::{Automorphism, Puzzle};
use crate::run::Class;
use crate::symmetry::key;
use crate::tour::Tour;

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
pub fn solution_family(
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
