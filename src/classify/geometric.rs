//! Classes of tours under the box's own symmetries (seed 004's question): two tours are in
//! one class when a rotation or reflection of the box, with the numbering reversed or not,
//! maps one onto the other; for tours whose ends are a move apart, also wherever the loop
//! starts.

use crate::board::Cell;
use crate::symmetry::{cycle_key, key, Form, SymmetryGroup};
use crate::tour::Tour;

/// A class's canonical form and what the group does to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    /// The least image: the same for every tour of the class.
    pub canonical: Vec<Cell>,
    /// Distinct images of a tour of the class.
    pub size: usize,
    /// The symmetries that map a tour of the class onto itself, by name (`reversed` when
    /// with the numbering reversed); the identity is always among them.
    pub fixed_by: Vec<String>,
}

/// How a tour is compared: a loop as a cycle, anything else as a numbered sequence.
pub fn form_of(closing: bool) -> Form {
    if closing {
        Form::Cycle
    } else {
        Form::Sequence
    }
}

/// The tour's class under `group` (which should include reversal).
pub fn orbit(group: &SymmetryGroup, tour: &Tour, closing: bool) -> Orbit {
    let form = form_of(closing);
    Orbit {
        canonical: group.canonical(tour, form),
        size: group.orbit(tour, form).len(),
        fixed_by: fixers(group, tour, form),
    }
}

/// The canonical form alone, for tours whose class is already known.
pub fn canonical(group: &SymmetryGroup, tour: &Tour, closing: bool) -> Vec<Cell> {
    group.canonical(tour, form_of(closing))
}

fn fixers(group: &SymmetryGroup, tour: &Tour, form: Form) -> Vec<String> {
    let own = key(tour, form);
    let mut found = Vec::new();
    for g in group.elements() {
        let mapped: Vec<Cell> = tour.order().iter().map(|&c| g.apply(c)).collect();
        match form {
            // A loop has no direction: its reversal is itself.
            Form::Cycle => {
                if cycle_key(&mapped) == own {
                    found.push(g.name.clone());
                }
            }
            Form::Sequence => {
                if mapped == own {
                    found.push(g.name.clone());
                }
                if group.includes_reverse() && mapped.iter().rev().eq(own.iter()) {
                    found.push(format!("{} reversed", g.name));
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;
    use crate::tour::text;

    /// A tour unchanged by the half turn is fixed by it; its orbit is half the group's.
    #[test]
    fn a_symmetric_tour_is_fixed_by_its_symmetry() {
        let grid = include_str!("../../tests/data/tours/near-magic-closed-centrosymmetric.txt");
        let tour = text::parse(grid).unwrap();
        let group = SymmetryGroup::of_board(Shape::flat(8, 8), true);
        let found = orbit(&group, &tour, true);
        assert!(found.fixed_by.contains(&"identity".to_string()));
        assert!(
            found.fixed_by.iter().any(|name| name == "rot180"),
            "{found:?}"
        );
        assert_eq!(found.size * found.fixed_by.len(), 8);
        let turned: Vec<Cell> = tour.order().iter().map(|&c| 63 - c).collect();
        let turned = Tour::new(tour.shape(), turned).unwrap();
        assert_eq!(canonical(&group, &turned, true), found.canonical);
    }
}
