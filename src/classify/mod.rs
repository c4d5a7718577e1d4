//! Classifying a set of tours of one board (seed 004): by tour type (the cells' location
//! codes in visiting order, [`types`]), and by the box's own symmetries ([`geometric`]).
//! Tours whose ends are a move apart ("closing") are classified apart from the others, as
//! the seed does, and compared as loops; they are also counted as numbered tours, classes
//! of which a closing loop may hold several (the classes of a census of numbered tours,
//! where the loops are its "geometry classes").

pub mod geometric;
pub mod types;

use crate::board::Board;
use crate::symmetry::SymmetryGroup;
use crate::tour::Tour;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// How the tours of one kind (open or closing) fall into categories or classes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Partition {
    /// Tours of the kind.
    pub tours: usize,
    /// Categories (or classes) they fall into.
    pub groups: usize,
    /// For each size, how many categories (or classes) hold that many of the tours.
    pub sizes: BTreeMap<usize, usize>,
}

impl Partition {
    fn of(sizes: impl IntoIterator<Item = usize>) -> Partition {
        let mut partition = Partition::default();
        for size in sizes {
            partition.tours += size;
            partition.groups += 1;
            *partition.sizes.entry(size).or_default() += 1;
        }
        partition
    }
}

/// One geometric class met among the tours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Class {
    /// Whether its tours close.
    pub closing: bool,
    /// The 1-based number, in the input, of its first tour.
    pub first: usize,
    /// Tours of the input in the class.
    pub tours: usize,
    /// Distinct tours in the class: the group's order over the fixing symmetries' number.
    pub orbit: usize,
    /// The symmetries that map its tours onto themselves.
    pub fixed_by: Vec<String>,
}

/// Both classifications of a set of tours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Classified {
    /// The board, as `ROWSxCOLS` or `LAYERSxROWSxCOLS`.
    pub board: String,
    /// Order of the symmetry group used, reversal counted.
    pub group_order: usize,
    /// Tour types of the open tours and of the closing ones.
    pub types_open: Partition,
    /// Tour types of the closing tours.
    pub types_closing: Partition,
    /// Geometric classes of the open tours.
    pub classes_open: Partition,
    /// Geometric classes of the closing tours.
    pub classes_closing: Partition,
    /// Classes of the closing tours as numbered tours: under the same symmetries, but not
    /// wherever the loop starts (an open tour's numbered class is its geometric class).
    pub numbered_closing: Partition,
    /// Every geometric class met, in order of first tour.
    pub classes: Vec<Class>,
}

/// Classifies tours of one board (the caller checks that they share it) whose moves are the
/// board's leaper's.
pub fn classify(board: &Board, tours: &[Tour]) -> Classified {
    let shape = board.shape();
    let codes = types::location_codes(shape);
    let group = SymmetryGroup::of_board(shape, true);
    let mut type_sizes: [HashMap<Vec<u8>, usize>; 2] = Default::default();
    let mut class_of: HashMap<(bool, Vec<usize>), usize> = HashMap::new();
    let mut numbered_closing: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut classes: Vec<Class> = Vec::new();
    for (i, tour) in tours.iter().enumerate() {
        let closing = tour.len() > 1 && board.is_move(tour.last(), tour.first());
        let kind = usize::from(closing);
        if closing {
            *numbered_closing
                .entry(geometric::canonical(&group, tour, false))
                .or_default() += 1;
        }
        *type_sizes[kind]
            .entry(types::tour_type(tour, &codes, closing))
            .or_default() += 1;
        let canonical = geometric::canonical(&group, tour, closing);
        if let Some(&k) = class_of.get(&(closing, canonical.clone())) {
            classes[k].tours += 1;
            continue;
        }
        let orbit = geometric::orbit(&group, tour, closing);
        class_of.insert((closing, canonical), classes.len());
        classes.push(Class {
            closing,
            first: i + 1,
            tours: 1,
            orbit: orbit.size,
            fixed_by: orbit.fixed_by,
        });
    }
    let class_sizes = |closing: bool| {
        Partition::of(
            classes
                .iter()
                .filter(|c| c.closing == closing)
                .map(|c| c.tours),
        )
    };
    let [open_types, closing_types] = type_sizes;
    Classified {
        board: shape.to_string(),
        group_order: group.order(),
        types_open: Partition::of(open_types.into_values()),
        types_closing: Partition::of(closing_types.into_values()),
        classes_open: class_sizes(false),
        classes_closing: class_sizes(true),
        numbered_closing: Partition::of(numbered_closing.into_values()),
        classes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    /// A closed tour numbered from another of its cells is the same loop, but another
    /// numbered tour: one geometric class, two numbered ones; its mirror image joins both.
    #[test]
    fn a_loop_started_elsewhere_is_one_geometric_and_another_numbered_class() {
        let grid = include_str!("../../tests/data/tours/semimagic-2003-06-18-closed.txt");
        let tour = crate::tour::text::parse(grid).unwrap();
        let shape = tour.shape();
        let mut shifted = tour.order().to_vec();
        shifted.rotate_left(8);
        let mirrored = tour
            .order()
            .iter()
            .map(|&c| c / 8 * 8 + 7 - c % 8)
            .collect();
        let tours = [
            tour.clone(),
            Tour::new(shape, shifted).unwrap(),
            Tour::new(shape, mirrored).unwrap(),
        ];
        let found = classify(&Board::knight(shape), &tours);
        assert_eq!(found.classes_closing.groups, 1, "{found:?}");
        assert_eq!(found.numbered_closing.groups, 2, "{found:?}");
        assert_eq!(found.numbered_closing.tours, 3);
        assert_eq!(
            found.numbered_closing.sizes,
            BTreeMap::from([(1, 1), (2, 1)])
        );
    }

    /// A tour and its images under the group's elements fall into one class, and reversed
    /// into one tour type.
    #[test]
    fn images_of_a_tour_share_its_class_and_type() {
        let grid = include_str!("../../tests/data/tours/cube-4x4x4.txt");
        let tour = crate::tour::text::parse(grid).unwrap();
        let shape = Shape::solid(4, 4, 4);
        let group = SymmetryGroup::of_board(shape, false);
        let mut tours: Vec<Tour> = group
            .elements()
            .iter()
            .map(|g| Tour::new(shape, tour.order().iter().map(|&c| g.apply(c)).collect()).unwrap())
            .collect();
        tours.push(tour.reversed());
        let found = classify(&Board::knight(shape), &tours);
        assert_eq!(found.group_order, 96);
        assert_eq!(found.classes.len(), 1, "{found:?}");
        assert_eq!(found.classes[0].tours, 49);
        let kind = if found.classes[0].closing {
            &found.types_closing
        } else {
            &found.types_open
        };
        assert_eq!(kind.groups, 1);
        assert_eq!(kind.tours, 49);
    }
}
