//! The native search against published counts (tests/data/known-counts.md gives the sources).
//! The slow models are `#[ignore]`d; run them with `cargo test --release -- --ignored`.

use knights::puzzle::Puzzle;
use knights::run::{Class, Limits, Summary};
use knights::search::{count, enumerate, SearchOptions};
use knights::spec::Spec;
use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;

fn model(name: &str) -> Puzzle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("models")
        .join(format!("{name}.toml"));
    Puzzle::from_spec(&Spec::from_file(&path).unwrap()).unwrap()
}

fn toml(text: &str) -> Puzzle {
    Puzzle::from_spec(&Spec::from_toml(text, "test").unwrap()).unwrap()
}

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
    let corner = toml("board = \"5x5\"\n[start]\ncells = [[0, 0]]\n");
    assert_eq!(counted(&corner, 2).solutions, 304);
    let centre = toml("board = \"5x5\"\n[start]\ncells = [[2, 2]]\n");
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
    let p = toml("board = \"6x6\"\nclosed = true\n[start]\nrows = [0, 1, 2, 3, 4, 5]\n");
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
    let (s, _) = enumerated(&model("nested-semimagic"), 0);
    assert_eq!((s.solutions, s.classes), (16, 8));
}
