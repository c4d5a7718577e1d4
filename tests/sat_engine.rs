//! The SAT engine against published counts and against itself (every
//! solver, connectivity and PB encoding must agree).

use knights::encode::{Connectivity, EncodeOptions};
use knights::puzzle::Puzzle;
use knights::run::{Ending, Limits, Summary};
use knights::sat::pb::PbEncoding;
use knights::sat::search::{count, enumerate, SatOptions};
use knights::sat::SolverKind;
use knights::spec::Spec;
use knights::tour::Tour;

fn puzzle(toml: &str) -> Puzzle {
    Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
}

fn options(solver: SolverKind, connectivity: Connectivity) -> SatOptions {
    SatOptions {
        solver,
        encode: EncodeOptions {
            connectivity,
            ..Default::default()
        },
        ..Default::default()
    }
}

fn every_option() -> Vec<SatOptions> {
    let mut all = Vec::new();
    for solver in [SolverKind::Cadical, SolverKind::Varisat] {
        for connectivity in [Connectivity::Lazy, Connectivity::Ordering] {
            all.push(options(solver, connectivity));
        }
    }
    all
}

fn exhaustive_count(puzzle: &Puzzle, options: &SatOptions) -> Summary {
    let summary = count(puzzle, options, &Limits::default()).unwrap();
    assert_eq!(summary.ending, Ending::Exhausted, "{options:?}");
    assert!(summary.complete);
    summary
}

/// Every solution found, each class's members together.
fn all_solutions(puzzle: &Puzzle, options: &SatOptions) -> Vec<Tour> {
    let mut tours = Vec::new();
    let summary = enumerate(puzzle, options, &Limits::default(), &mut |class| {
        tours.extend(class.members.iter().cloned())
    })
    .unwrap();
    assert_eq!(summary.ending, Ending::Exhausted);
    assert_eq!(summary.solutions as usize, tours.len());
    tours
}

#[test]
fn open_5x5_has_1728_directed_paths_in_216_classes() {
    let p = puzzle("board = \"5x5\"");
    for options in every_option() {
        let summary = exhaustive_count(&p, &options);
        assert_eq!(
            (summary.solutions, summary.classes),
            (1728, 216),
            "{options:?}"
        );
    }
}
