//! Properties of symmetry groups and canonical forms, and round trips of the tour formats, on
//! random boards (flat up to 6x6, boxes up to 27 cells such as 3x3x3 and 2x3x4) with random
//! permutations of the cells as tours. Legality does not matter here: the group acts on any
//! numbering.

use crate::common::load::tour;
use knights::board::{Cell, Shape};
use knights::symmetry::{key, Form, SymmetryGroup};
use knights::tour::json::{parse_lines, TourRecord};
use knights::tour::{text, Tour};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (1usize..=6, 1usize..=6).prop_map(|(r, c)| Shape::flat(r, c)),
        (1usize..=4, 1usize..=4, 1usize..=4)
            .prop_filter("at most 27 cells", |(l, r, c)| l * r * c <= 27)
            .prop_map(|(l, r, c)| Shape::solid(l, r, c)),
    ]
}

fn tours() -> impl Strategy<Value = Tour> {
    shapes().prop_flat_map(|shape| {
        Just(shape.cells().collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(move |order| Tour::new(shape, order).unwrap())
    })
}

fn forms() -> impl Strategy<Value = Form> {
    prop_oneof![Just(Form::Sequence), Just(Form::Cycle)]
}

/// Every tour the group element (and reversal, and for cycles every renumbering) makes of
/// `t`, built with the tour's own operations rather than the group's `images`.
fn all_images(group: &SymmetryGroup, t: &Tour, form: Form) -> Vec<Tour> {
    let mut out = Vec::new();
    for g in group.elements() {
        let mapped = t.mapped(&g.perm);
        let mut base = vec![mapped.clone()];
        if group.includes_reverse() || form == Form::Cycle {
            base.push(mapped.reversed());
        }
        for image in base {
            if form == Form::Cycle {
                for start in 0..image.len() {
                    out.push(image.rotated(start));
                }
            } else {
                out.push(image);
            }
        }
    }
    out
}

/// The group's elements as permutations, for closure checks.
fn perms(group: &SymmetryGroup) -> BTreeSet<Vec<Cell>> {
    group.elements().iter().map(|g| g.perm.clone()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_board_symmetries_form_a_group(shape in shapes()) {
        let group = SymmetryGroup::of_board(shape, false);
        let set = perms(&group);
        // A side of length 1 makes its mirror the identity; otherwise no two elements agree.
        let sides = if shape.solid { shape.extent().to_vec() } else { vec![shape.rows, shape.cols] };
        if sides.iter().all(|&s| s >= 2) {
            prop_assert_eq!(set.len(), group.elements().len(), "repeated elements");
        }
        prop_assert!(group.elements()[0].is_identity());
        for g in group.elements() {
            let mut inverse = vec![0; shape.n_cells()];
            for (c, &image) in g.perm.iter().enumerate() {
                inverse[image] = c;
            }
            prop_assert!(set.contains(&inverse), "{} has no inverse", g.name);
            for h in group.elements() {
                let composed: Vec<Cell> = g.perm.iter().map(|&c| h.perm[c]).collect();
                prop_assert!(set.contains(&composed), "{} then {}", g.name, h.name);
            }
        }
    }

    #[test]
    fn every_image_has_the_same_canonical_form(
        t in tours(),
        reverse in any::<bool>(),
        form in forms(),
    ) {
        let group = SymmetryGroup::of_board(t.shape(), reverse);
        let canonical = group.canonical(&t, form);
        for image in all_images(&group, &t, form) {
            prop_assert_eq!(&group.canonical(&image, form), &canonical);
        }
    }

    #[test]
    fn orbit_times_stabiliser_is_the_group_order(
        t in tours(),
        reverse in any::<bool>(),
        form in forms(),
    ) {
        let group = SymmetryGroup::of_board(t.shape(), reverse);
        let orbit = group.orbit(&t, form);
        let stabiliser = group.stabiliser_size(&t, form);
        prop_assert_eq!(orbit.len() * stabiliser, group.order());
        // The orbit is exactly the keys of the images built by hand.
        let by_hand: BTreeSet<Vec<Cell>> = all_images(&group, &t, form)
            .iter()
            .map(|image| key(image, form))
            .collect();
        let orbit: BTreeSet<Vec<Cell>> = orbit.into_iter().collect();
        prop_assert_eq!(&orbit, &by_hand);
        // The canonical form is the least of them.
        prop_assert_eq!(Some(&group.canonical(&t, form)), orbit.iter().next());
    }

    #[test]
    fn the_stabiliser_divides_the_group_order(t in tours(), form in forms()) {
        let group = SymmetryGroup::of_board(t.shape(), true);
        let stabiliser = group.stabiliser_size(&t, form);
        prop_assert!(stabiliser >= 1);
        prop_assert_eq!(group.order() % stabiliser, 0);
    }

    #[test]
    fn the_canonical_form_is_its_own_canonical_form(
        t in tours(),
        reverse in any::<bool>(),
        form in forms(),
    ) {
        let group = SymmetryGroup::of_board(t.shape(), reverse);
        let canonical = group.canonical(&t, form);
        let again = Tour::new(t.shape(), canonical.clone()).unwrap();
        prop_assert_eq!(key(&again, form), canonical.clone());
        prop_assert_eq!(group.canonical(&again, form), canonical);
    }

    #[test]
    fn equal_canonical_forms_mean_the_same_class(
        t in tours(),
        seed in any::<u64>(),
        reverse in any::<bool>(),
        form in forms(),
    ) {
        let group = SymmetryGroup::of_board(t.shape(), reverse);
        // Half the time an image of t, otherwise another random numbering of the board.
        let images = all_images(&group, &t, form);
        let other = if seed % 2 == 0 {
            images[(seed / 2) as usize % images.len()].clone()
        } else {
            let mut order = t.order().to_vec();
            let n = order.len();
            order.swap((seed as usize / 2) % n, (seed as usize / 7) % n);
            Tour::new(t.shape(), order).unwrap()
        };
        let same = group.canonical(&t, form) == group.canonical(&other, form);
        let in_orbit = group.orbit(&t, form).contains(&key(&other, form));
        prop_assert_eq!(same, in_orbit);
    }

    #[test]
    fn text_round_trip(t in tours()) {
        let shape = t.shape();
        let written = text::format(&t);
        prop_assert_eq!(&text::parse_with_shape(&written, shape).unwrap(), &t);
        // Without a shape to go by, the layout decides: exact for flat boards and for boxes
        // of two or more layers of two or more rows.
        if !shape.solid || (shape.layers >= 2 && shape.rows >= 2) {
            prop_assert_eq!(&text::parse(&written).unwrap(), &t);
        }
    }

    #[test]
    fn json_round_trip(t in tours()) {
        let record = TourRecord::of(&t);
        prop_assert_eq!(&record.to_tour().unwrap(), &t);
        let line = serde_json::to_string(&record).unwrap();
        let back: TourRecord = serde_json::from_str(&line).unwrap();
        prop_assert_eq!(&back, &record);
        let lines = format!("{line}\n\n{line}\n{{\"solutions\":2}}\n");
        prop_assert_eq!(parse_lines(&lines).unwrap(), vec![(1, t.clone()), (3, t)]);
    }
}

#[test]
fn group_orders_on_small_shapes() {
    let order = |s: Shape, reverse| SymmetryGroup::of_board(s, reverse).order();
    assert_eq!(order(Shape::flat(6, 6), false), 8);
    assert_eq!(order(Shape::flat(1, 1), false), 8);
    assert_eq!(order(Shape::flat(3, 5), true), 8);
    assert_eq!(order(Shape::solid(3, 3, 3), false), 48);
    assert_eq!(order(Shape::solid(2, 3, 4), true), 16);
    assert_eq!(order(Shape::solid(1, 1, 1), false), 48);
}

#[test]
fn the_centrosymmetric_tour_is_fixed_by_the_half_turn_as_a_cycle() {
    // Seed 002's tour: the half turn maps the cycle onto itself (renumbering k -> k + 32), so
    // as a cycle its stabiliser holds the identity and the half turn; as a numbered sequence
    // nothing but the identity fixes it.
    let t = tour("near-magic-closed-centrosymmetric");
    let group = SymmetryGroup::of_board(t.shape(), false);
    assert_eq!(group.stabiliser_size(&t, Form::Cycle), 2);
    assert_eq!(group.orbit(&t, Form::Cycle).len(), 4);
    assert_eq!(group.stabiliser_size(&t, Form::Sequence), 1);
    let half_turn = t.mapped(&knights::symmetry::half_turn(t.shape()).perm);
    assert_eq!(key(&half_turn, Form::Cycle), key(&t, Form::Cycle));
    assert_eq!(half_turn, t.rotated(32));
}

#[test]
fn a_path_numbered_backwards_by_the_half_turn_is_fixed_with_reversal() {
    // 3x4 open tour whose half turn carries number k to 13 - k.
    let shape = Shape::flat(3, 4);
    let t = Tour::from_numbers(shape, &[1, 4, 7, 10, 8, 11, 2, 5, 3, 6, 9, 12]).unwrap();
    let with_reverse = SymmetryGroup::of_board(shape, true);
    assert_eq!(with_reverse.order(), 8);
    assert_eq!(with_reverse.stabiliser_size(&t, Form::Sequence), 2);
    assert_eq!(with_reverse.orbit(&t, Form::Sequence).len(), 4);
    let without = SymmetryGroup::of_board(shape, false);
    assert_eq!(without.stabiliser_size(&t, Form::Sequence), 1);
    assert_eq!(without.orbit(&t, Form::Sequence).len(), 4);
}
