//! Solutions and classes reported so far, against the run's solution limit, including the
//! classes a resumed run starts with.

use std::collections::HashSet;

use super::family::{classes_of, solution_family};
use super::SatError;
use crate::board::Cell;
use crate::puzzle::{Automorphism, Puzzle};
use crate::run::{Class, Limits};
use crate::symmetry::key;
use crate::tour::Tour;

/// Solutions and classes reported so far, and the limit on them.
pub(super) struct Tally {
    pub(super) solutions: u64,
    pub(super) classes: u64,
    pub(super) resumed_classes: u64,
    pub(super) limit: Option<u64>,
}

impl Tally {
    pub(super) fn new(limits: &Limits) -> Self {
        Tally {
            solutions: 0,
            classes: 0,
            resumed_classes: 0,
            limit: limits.solutions,
        }
    }

    pub(super) fn limit_reached(&self) -> bool {
        self.limit.is_some_and(|limit| self.solutions >= limit)
    }

    pub(super) fn report(&mut self, class: &Class, on_class: &mut dyn FnMut(&Class)) {
        self.solutions += class.members.len() as u64;
        self.classes += 1;
        on_class(class);
    }

    /// Counts the classes of `already`, reports the other classes of their
    /// families, and returns every solution of those families (to block).
    pub(super) fn resume(
        &mut self,
        puzzle: &Puzzle,
        autos: &[Automorphism],
        already: &[Tour],
        on_class: &mut dyn FnMut(&Class),
    ) -> Result<Vec<Tour>, SatError> {
        let mut known: HashSet<Vec<Cell>> = HashSet::new();
        for (index, tour) in already.iter().enumerate() {
            if !puzzle.accepts(tour) {
                return Err(SatError::NotASolution { index });
            }
            known.insert(puzzle.canonical(tour));
        }
        let form = puzzle.form();
        let mut covered: HashSet<Vec<Cell>> = HashSet::new();
        let mut blocked = Vec::new();
        for tour in already {
            if covered.contains(&key(tour, form)) {
                continue;
            }
            let members = solution_family(puzzle, autos, tour)?;
            covered.extend(members.iter().map(|m| key(m, form)));
            for class in classes_of(puzzle, &members) {
                if known.contains(&puzzle.canonical(&class.members[0])) {
                    self.solutions += class.members.len() as u64;
                    self.classes += 1;
                    self.resumed_classes += 1;
                } else {
                    self.report(&class, on_class);
                }
            }
            blocked.extend(members);
        }
        Ok(blocked)
    }
}
