//! The puzzle's own rules and class definitions, on the reference tours (tests/data/tours,
//! copied from the seeds; see tests/data/known-counts.md for sources).

use crate::common::load::{model, nested_tours, root, tour};
use knights::puzzle::Puzzle;
use knights::spec::Spec;
use knights::tour::Tour;

#[test]
fn every_shipped_model_loads() {
    let dir = root().join("models");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            Puzzle::from_spec(&Spec::from_file(&path).unwrap()).unwrap();
            n += 1;
        }
    }
    assert!(n >= 10, "only {n} models");
}

#[test]
fn nested_reference_tours_are_accepted_and_in_eight_classes_of_two() {
    let puzzle = model("nested-semimagic");
    let tours = nested_tours();
    let mut canon: Vec<_> = tours.iter().map(|t| puzzle.canonical(t)).collect();
    for t in &tours {
        assert!(puzzle.accepts(t));
        // The vertical mirror keeps both end columns: two numbered tours per class.
        assert_eq!(puzzle.class_members(t).len(), 2);
    }
    canon.sort();
    canon.dedup();
    assert_eq!(canon.len(), 8);
}

#[test]
fn mutated_tour_is_rejected() {
    let puzzle = model("nested-semimagic");
    let t = &nested_tours()[0];
    let mut numbers = t.numbers();
    numbers.swap(0, 1);
    let mutated = Tour::from_numbers(t.shape(), &numbers).unwrap();
    assert!(!puzzle.accepts(&mutated));
}

#[test]
fn seed_002_tour_is_semimagic_centrosymmetric_but_not_magic() {
    let t = tour("near-magic-closed-centrosymmetric");
    assert!(model("semimagic-closed-centrosymmetric").accepts(&t));
    assert!(!model("magic-closed-centrosymmetric").accepts(&t));
    assert!(model("closed-8x8-rot180").accepts(&t));
}

#[test]
fn other_reference_tours_fit_their_models() {
    assert!(model("cube-4x4x4-closed").accepts(&tour("cube-4x4x4")));
    assert!(model("semimagic").accepts(&tour("semimagic-beverley-1848")));
    assert!(model("open-5x5").accepts(&tour("open-5x5")));
    assert!(!model("semimagic-closed-centrosymmetric").accepts(&tour("semimagic-beverley-1848")));
    // Closed, but not unchanged by the half turn.
    let closed_2003 = tour("semimagic-2003-06-18-closed");
    assert!(model("semimagic").accepts(&closed_2003));
    assert!(!model("semimagic-closed-centrosymmetric").accepts(&closed_2003));
}

/// The puzzle's automorphisms are the one group both engines reduce by, so they are checked
/// against the verifier, which shares no code with them: every automorphism maps every
/// solution (all of them, found without symmetry reduction) to a tour the verifier accepts.
#[test]
fn every_automorphism_maps_every_solution_to_a_verified_solution() {
    use knights::puzzle::automorphisms;
    use knights::run::{Class, Limits};
    use knights::search::{enumerate, SearchOptions};
    use knights::verify::verify;
    use std::sync::Mutex;
    let models = [
        "board = \"5x5\"\n[start]\ncols = [0]\n",
        "board = \"5x5\"\n[start]\ncols = [0]\n[end]\ncols = [-1]\n",
        "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\n",
        "board = \"5x5\"\n[sums]\nlines = [{ cells = [[0, 0], [4, 4]], target = 26 }]\n",
    ];
    let mut checked = 0;
    for toml in models {
        let puzzle = crate::common::load::puzzle(toml);
        let found = Mutex::new(Vec::new());
        let options = SearchOptions {
            symmetry: false,
            ..SearchOptions::default()
        };
        let sink = |class: Class| found.lock().unwrap().extend(class.members);
        enumerate(&puzzle, &options, &Limits::default(), &sink, &|_| {}).unwrap();
        let solutions = found.into_inner().unwrap();
        let autos = automorphisms(&puzzle);
        assert!(
            autos.len() > 1,
            "{toml}: only the identity, nothing to check"
        );
        for a in &autos {
            for tour in &solutions {
                let image = a.apply(tour);
                let broken = verify(&puzzle, &image);
                assert!(broken.is_empty(), "{toml}: {a:?} breaks {broken:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} images checked");
}
