//! The native search against published counts (tests/data/known-counts.md gives the sources).
//! The slow models are `#[ignore]`d; run them with `cargo test --release -- --ignored`.

use crate::common::load::{model, nested_tours, puzzle};
use knights::puzzle::Puzzle;
use knights::run::{Class, Ending, Limits, Summary};
use knights::search::{count, enumerate, estimate, SearchOptions};
use knights::spec::Spec;
use std::collections::HashSet;
use std::sync::Mutex;

fn opts(jobs: usize) -> SearchOptions {
    SearchOptions {
        jobs,
        ..SearchOptions::default()
    }
}

fn counted(puzzle: &Puzzle, jobs: usize) -> Summary {
    let s = count(puzzle, &opts(jobs), &Limits::default(), &|_| {}).unwrap();
    assert!(s.complete, "{s:?}");
    s
}

/// Enumerates and checks every class: members accepted, one canonical form per class,
/// distinct classes, the least member first.
fn enumerated(puzzle: &Puzzle, jobs: usize) -> (Summary, Vec<Class>) {
    let classes = Mutex::new(Vec::new());
    let sink = |c: Class| classes.lock().unwrap().push(c);
    let s = enumerate(puzzle, &opts(jobs), &Limits::default(), &sink, &|_| {}).unwrap();
    assert!(s.complete);
    let classes = classes.into_inner().unwrap();
    let mut seen = HashSet::new();
    let mut members = 0;
    for class in &classes {
        let canon = puzzle.canonical(&class.members[0]);
        assert!(seen.insert(canon.clone()), "class delivered twice");
        for m in &class.members {
            assert!(puzzle.accepts(m));
            assert_eq!(puzzle.canonical(m), canon);
        }
        assert_eq!(
            class.members.len(),
            puzzle.class_members(&class.members[0]).len()
        );
        members += class.members.len() as u64;
    }
    assert_eq!(members, s.solutions);
    assert_eq!(classes.len() as u64, s.classes);
    (s, classes)
}

#[test]
fn open_5x5_has_1728_paths_in_216_classes() {
    // OEIS A165134: 1,728 directed open paths on 5x5; 216 up to symmetry.
    let s = counted(&model("open-5x5"), 1);
    assert_eq!((s.solutions, s.classes), (1728, 216));
    let (e, _) = enumerated(&model("open-5x5"), 2);
    assert_eq!((e.solutions, e.classes), (1728, 216));
}

#[test]
fn open_5x5_by_start_square() {
    // OEIS A165134 / known-counts.md: 304 paths from a corner, 64 from the centre.
    let corner = puzzle("board = \"5x5\"\n[start]\ncells = [[0, 0]]\n");
    assert_eq!(counted(&corner, 2).solutions, 304);
    let centre = puzzle("board = \"5x5\"\n[start]\ncells = [[2, 2]]\n");
    assert_eq!(counted(&centre, 1).solutions, 64);
}

#[test]
fn closed_6x6_has_9862_cycles_in_1245_classes() {
    // Duby 1964; OEIS A001230.
    let s = counted(&model("closed-6x6"), 2);
    assert_eq!((s.solutions, s.classes), (9862, 1245));
    let (e, _) = enumerated(&model("closed-6x6"), 2);
    assert_eq!((e.solutions, e.classes), (9862, 1245));
}

#[test]
fn all_6x6_directed_paths_same_for_one_and_two_threads() {
    // OEIS A165134: 6,637,920 directed paths on 6x6 (open and closed numberings).
    let p = Puzzle::from_spec(&Spec::plain("6x6")).unwrap();
    let one = counted(&p, 1);
    let two = counted(&p, 2);
    assert_eq!(one.solutions, 6_637_920);
    assert_eq!((one.solutions, one.classes), (two.solutions, two.classes));
    assert_eq!(one.stats["nodes"], two.stats["nodes"]);
    // No directed path is fixed by a board symmetry: eight to a class.
    assert_eq!(one.classes, 6_637_920 / 8);
}

#[test]
fn closed_6x6_numberings() {
    // known-counts.md: 710,064 = 9,862 cycles x 36 starts x 2 directions.
    let p = puzzle("board = \"6x6\"\nclosed = true\n[start]\nrows = [0, 1, 2, 3, 4, 5]\n");
    assert_eq!(counted(&p, 2).solutions, 710_064);
}

#[test]
#[ignore = "slow: about a minute in release on two cores"]
fn closed_8x8_rot180() {
    // Knuth (SHAM 1992, OBDD 1996), seed 001: 2,432,932 cycles, 608,233 classes.
    let s = counted(&model("closed-8x8-rot180"), 0);
    assert_eq!((s.solutions, s.classes), (2_432_932, 608_233));
}

#[test]
#[ignore = "slow: minutes in release on two cores"]
fn nested_semimagic() {
    // Seed 000: 16 numbered tours in 8 classes, exactly the 8 reference tours.
    nested_classes_are_the_reference_tours("nested-semimagic", 16);
}

#[test]
#[ignore = "slow: about 10 minutes in release on two cores"]
fn nested_semimagic_any_ends() {
    // Seed 000: with start and end anywhere, still the same 8 classes (of 8 tours each).
    nested_classes_are_the_reference_tours("nested-semimagic-any-ends", 64);
}

fn nested_classes_are_the_reference_tours(name: &str, tours: u64) {
    let puzzle = model(name);
    let (s, classes) = enumerated(&puzzle, 0);
    assert_eq!((s.solutions, s.classes), (tours, 8));
    let mut found: Vec<_> = classes
        .iter()
        .map(|c| puzzle.canonical(&c.members[0]))
        .collect();
    let mut known: Vec<_> = nested_tours().iter().map(|t| puzzle.canonical(t)).collect();
    found.sort();
    known.sort();
    assert_eq!(found, known);
}

#[test]
#[ignore = "slow: tens of seconds in release on two cores"]
fn centrosymmetric_magic_and_semimagic() {
    // Seed 002: no closed centrosymmetric tour is fully magic (the 2003 enumeration of all
    // 140 semimagic classes found no diagonally magic one). borderschess.org lists 17
    // half-turn symmetric closed semimagic tours up to rotation, reflection and reversal:
    // 17 x 16 = 272 numbered tours, 34 classes without reversal.
    let magic = counted(&model("magic-closed-centrosymmetric"), 0);
    assert_eq!(magic.solutions, 0);
    let semi = counted(&model("semimagic-closed-centrosymmetric"), 0);
    assert_eq!((semi.solutions, semi.classes), (272, 34));
}

#[test]
fn limits_stop_the_run_and_say_so() {
    let p = model("open-5x5");
    let limited = Limits {
        solutions: Some(10),
        ..Limits::default()
    };
    let s = count(&p, &opts(2), &limited, &|_| {}).unwrap();
    assert!(!s.complete);
    assert_eq!(s.ending, Ending::Limit);
    assert!(s.solutions >= 10 && s.solutions < 1728, "{s:?}");

    let got = Mutex::new(0u64);
    let sink = |c: Class| *got.lock().unwrap() += c.members.len() as u64;
    let s = enumerate(&p, &opts(1), &limited, &sink, &|_| {}).unwrap();
    assert_eq!((s.ending, s.complete), (Ending::Limit, false));
    assert_eq!(*got.lock().unwrap(), s.solutions);
    assert!(s.solutions >= 10 && s.solutions < 1728);

    let stopped = Limits::default();
    stopped.stop.raise();
    let s = count(&model("closed-8x8-rot180"), &opts(2), &stopped, &|_| {}).unwrap();
    assert_eq!((s.ending, s.complete), (Ending::Signal, false));

    // All closed 8x8 tours: far too many; the clock must stop it promptly.
    let timed = Limits {
        timeout: Some(std::time::Duration::from_millis(300)),
        ..Limits::default()
    };
    let s = count(
        &puzzle("board = \"8x8\"\nclosed = true\n"),
        &opts(2),
        &timed,
        &|_| {},
    )
    .unwrap();
    assert_eq!((s.ending, s.complete), (Ending::Timeout, false));
    assert!(s.seconds < 2.0, "{s:?}");
}

#[test]
fn estimate_predicts_the_search() {
    // Knuth's estimator is unbiased for the search's own tree: on open-5x5 (1,728 paths,
    // OEIS A165134) many probes land close to the real node count.
    let p = model("open-5x5");
    let real = counted(&p, 1);
    let e = estimate(&p, 200_000, 7).unwrap();
    let nodes = real.stats["nodes"].as_u64().unwrap() as f64;
    assert!((e.nodes / nodes - 1.0).abs() < 0.1, "{e:?} vs {nodes}");
    assert!((e.solutions / 1728.0 - 1.0).abs() < 0.1, "{e:?}");
    assert_eq!(
        e.nodes_per_depth[0],
        real.stats["roots"].as_u64().unwrap() as f64
    );
    // The same seed gives the same estimate.
    assert_eq!(estimate(&p, 200_000, 7).unwrap().nodes, e.nodes);
}
