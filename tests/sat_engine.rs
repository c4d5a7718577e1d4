//! The SAT engine against itself (every solver, connectivity and PB encoding
//! must agree), against filtered enumerations, and at its limits; its
//! published counts are in `known_counts`.

use crate::common::load::{model, puzzle, tour};
use std::collections::HashSet;

use knights::encode::cubes::{Cube, CubePlan};
use knights::encode::pb::PbEncoding;
use knights::encode::{Connectivity, EncodeOptions, Encoding};
use knights::puzzle::automorphisms;
use knights::puzzle::Puzzle;
use knights::run::{Ending, Limits, Summary};
use knights::sat::{count, enumerate, SatOptions, Session, Step};
use knights::solver::kissat::{KissatVerdict, Refuter};
use knights::solver::{SolverKind, StopSignal};
use knights::tour::Tour;
use knights::verify::verify;
use rustsat::types::Lit;

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

fn pb_options(solver: SolverKind, pb_encoding: PbEncoding) -> SatOptions {
    SatOptions {
        solver,
        encode: EncodeOptions {
            pb_encoding,
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
        tours.extend(class.members.iter().cloned());
    })
    .unwrap();
    assert_eq!(summary.ending, Ending::Exhausted);
    assert_eq!(summary.solutions as usize, tours.len());
    tours
}

#[test]
fn numbering_model_counts_the_same_paths_as_the_move_model() {
    // Allowing every start makes the model numbered without changing its solutions.
    let p = puzzle("board = \"5x5\"\n[start]\nrows = [0, 1, 2, 3, 4]");
    let summary = exhaustive_count(&p, &SatOptions::default());
    assert_eq!((summary.solutions, summary.classes), (1728, 216));
}

/// All 9,862 closed 6x6 tours, found once.
fn closed_6x6_cycles() -> Vec<Tour> {
    all_solutions(
        &puzzle("board = \"6x6\"\nclosed = true"),
        &SatOptions::default(),
    )
}

#[test]
fn rot180_closed_6x6_matches_filtering_all_cycles() {
    let p = puzzle("board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"");
    let expected = closed_6x6_cycles().iter().filter(|t| p.accepts(t)).count() as u64;
    assert!(expected > 0);
    for options in every_option() {
        assert_eq!(
            exhaustive_count(&p, &options).solutions,
            expected,
            "{options:?}"
        );
    }
}

#[test]
fn required_moves_match_filtering_all_cycles() {
    // (0,1)-(2,0) and the centre move (2,2)-(3,4).
    let p = puzzle(
        "board = \"6x6\"\nclosed = true\nrequired_moves = [[[0, 1], [2, 0]], [[2, 2], [3, 4]]]",
    );
    let expected = closed_6x6_cycles().iter().filter(|t| p.accepts(t)).count() as u64;
    assert!(expected > 0 && expected < 9862);
    for options in every_option() {
        assert_eq!(
            exhaustive_count(&p, &options).solutions,
            expected,
            "{options:?}"
        );
    }
}

#[test]
fn line_sums_match_filtering_all_paths_for_every_pb_encoding() {
    let paths = all_solutions(&puzzle("board = \"5x5\""), &SatOptions::default());
    assert_eq!(paths.len(), 1728);
    // Targets taken from the paths themselves: the commonest top-row sum,
    // then the commonest left-column sum among those paths.
    let top_row = [0usize, 1, 2, 3, 4];
    let left_col = [0usize, 5, 10, 15, 20];
    let sum = |t: &Tour, cells: &[usize]| cells.iter().map(|&c| t.numbers()[c]).sum::<u32>();
    let top = most_common(paths.iter().map(|t| sum(t, &top_row)));
    let left = most_common(
        paths
            .iter()
            .filter(|t| sum(t, &top_row) == top)
            .map(|t| sum(t, &left_col)),
    );
    let toml = format!(
        "board = \"5x5\"\n[[sums.lines]]\ncells = [[0,0],[0,1],[0,2],[0,3],[0,4]]\ntarget = {top}\n[[sums.lines]]\ncells = [[0,0],[1,0],[2,0],[3,0],[4,0]]\ntarget = {left}"
    );
    let p = puzzle(&toml);
    let expected = paths.iter().filter(|t| p.accepts(t)).count() as u64;
    assert!(expected > 1);
    for pb_encoding in PbEncoding::ALL {
        for solver in [SolverKind::Cadical, SolverKind::Varisat] {
            let options = pb_options(solver, pb_encoding);
            assert_eq!(
                exhaustive_count(&p, &options).solutions,
                expected,
                "{options:?}"
            );
        }
    }
}

#[test]
fn solution_limit_ends_the_run_as_limit_not_as_a_count() {
    let p = puzzle("board = \"5x5\"");
    let limits = Limits {
        solutions: Some(20),
        ..Default::default()
    };
    let summary = count(&p, &SatOptions::default(), &limits).unwrap();
    assert_eq!(summary.ending, Ending::Limit);
    assert!(!summary.complete);
    assert!(summary.solutions >= 20 && summary.solutions < 1728);
}

#[test]
fn zero_timeout_ends_as_timeout_with_nothing_counted() {
    let p = puzzle("board = \"6x6\"\nclosed = true");
    for options in every_option() {
        let limits = Limits {
            timeout: Some(std::time::Duration::ZERO),
            ..Default::default()
        };
        let summary = count(&p, &options, &limits).unwrap();
        assert_eq!(summary.ending, Ending::Timeout);
        assert!(!summary.complete);
        assert_eq!(summary.solutions, 0);
    }
}

#[test]
fn raised_stop_flag_ends_as_signal() {
    let p = puzzle("board = \"5x5\"");
    let limits = Limits::default();
    let signal = StopSignal::from_limits(&limits, std::time::Instant::now());
    let mut seen = 0;
    let summary = enumerate(&p, &SatOptions::default(), &limits, &mut |_| {
        seen += 1;
        if seen == 3 {
            signal.request_stop();
        }
    })
    .unwrap();
    assert_eq!(summary.ending, Ending::Signal);
    assert_eq!(summary.classes, 3);
}

#[test]
fn disconnected_board_is_exhausted_with_no_solution() {
    let summary = exhaustive_count(&puzzle("board = \"3x3x3\""), &SatOptions::default());
    assert_eq!(summary.solutions, 0);
}

fn most_common(values: impl Iterator<Item = u32>) -> u32 {
    let mut counts = std::collections::BTreeMap::new();
    values.for_each(|v| *counts.entry(v).or_insert(0) += 1);
    counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map(|(v, _)| v)
        .unwrap()
}

#[test]
fn closed_numberings_are_two_per_cycle_and_start() {
    // Each undirected closed tour gives two numberings from a fixed start.
    let cycles = exhaustive_count(
        &puzzle("board = \"5x6\"\nclosed = true"),
        &SatOptions::default(),
    );
    assert!(cycles.solutions > 0);
    let numbered = puzzle("board = \"5x6\"\nclosed = true\n[start]\ncells = [[0, 0]]");
    for options in every_option() {
        assert_eq!(
            exhaustive_count(&numbered, &options).solutions,
            2 * cycles.solutions,
            "{options:?}"
        );
    }
}

/// The CNF must admit the tour: solving under its primary values is SAT.
fn assert_tour_is_a_model(p: &Puzzle, tour: &Tour, options: &EncodeOptions) {
    use knights::encode::Encoding;
    use knights::solver::{new_backend, BackendConfig};
    assert!(p.accepts(tour));
    let encoding = Encoding::build(p, options).unwrap();
    let assumptions: Vec<_> = encoding
        .blocking_clause(tour)
        .unwrap()
        .iter()
        .map(|&l| !l)
        .collect();
    let mut backend = new_backend(&BackendConfig::default()).unwrap();
    for clause in encoding.cnf() {
        backend.add_clause(clause.as_ref()).unwrap();
    }
    let result = backend.solve_under(&assumptions).unwrap();
    assert_eq!(
        result,
        rustsat::solvers::SolverResult::Sat,
        "{} {options:?}",
        p.name
    );
}

#[test]
fn reference_tours_are_models_of_their_cnf() {
    let pairs = [
        (
            "semimagic-closed-centrosymmetric",
            "near-magic-closed-centrosymmetric",
        ),
        ("closed-8x8-rot180", "near-magic-closed-centrosymmetric"),
        ("semimagic", "semimagic-beverley-1848"),
        ("nested-semimagic", "nested-semimagic-1"),
        ("cube-4x4x4-closed", "cube-4x4x4"),
        ("open-5x5", "open-5x5"),
    ];
    for (model_name, tour_name) in pairs {
        let p = model(model_name);
        // Not the totalizer or the adder here: the totalizer's CNF for 8x8 line sums has
        // millions of clauses, and under the adder CaDiCaL needs a minute to
        // complete even a fully given numbering (its clauses do not
        // propagate the sums). The 5x5 line-sum test covers all encodings.
        for pb_encoding in [PbEncoding::Dpw, PbEncoding::GroupTree, PbEncoding::Mdd] {
            let options = EncodeOptions {
                pb_encoding,
                ..Default::default()
            };
            assert_tour_is_a_model(&p, &tour(tour_name), &options);
        }
    }
}

/// Closed rot180 numberings get opposite cells numbered n/2 apart and their
/// line sums folded onto half the range (seed 002's reduction); the counts
/// must still be the native search's, for lines that are images of each
/// other, lines that are their own image, and targets no numbering meets.
#[test]
fn folded_half_turn_line_sums_match_the_native_search() {
    use knights::search::{count as search_count, SearchOptions};
    let models = [
        "[sums]\nrows = 111",
        "[sums]\nrows = 111\ncols = 111",
        "[[sums.lines]]\ncells = [[0,0],[0,1],[0,2],[0,3],[0,4],[0,5]]\ntarget = 105\n[[sums.lines]]\ncells = [[5,0],[5,1],[5,2],[5,3],[5,4],[5,5]]\ntarget = 117",
        "[sums]\ndiagonals = 110",
        "[sums]\ndiagonals = 111",
    ];
    let mut total = 0;
    for sums in models {
        let p = puzzle(&format!(
            "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\n{sums}"
        ));
        let native =
            search_count(&p, &SearchOptions::default(), &Limits::default(), &|_| {}).unwrap();
        assert!(native.complete, "{sums}");
        total += native.solutions;
        for pb_encoding in [PbEncoding::Mdd, PbEncoding::GroupTree, PbEncoding::Dpw] {
            for solver in [SolverKind::Cadical, SolverKind::Varisat] {
                let options = pb_options(solver, pb_encoding);
                let sat = exhaustive_count(&p, &options);
                assert_eq!(
                    (sat.solutions, sat.classes),
                    (native.solutions, native.classes),
                    "{sums} {options:?}"
                );
            }
        }
    }
    assert!(
        total > 0,
        "every model is empty: the test would prove nothing"
    );
}

/// Every tour of `encoding` (blocking each one alone), as the solver finds them.
fn every_model_tour(puzzle: &Puzzle, encoding: &Encoding) -> Vec<Tour> {
    let options = SatOptions::default();
    let mut search = Session::new(puzzle, encoding, &options, StopSignal::new()).unwrap();
    let mut tours = Vec::new();
    while let Step::Tour(tour) = search.next_tour(&[]).unwrap() {
        let broken = verify(puzzle, &tour);
        assert!(broken.is_empty(), "{:?}: {broken:?}", tour.order());
        search.block(std::slice::from_ref(&tour)).unwrap();
        tours.push(tour);
    }
    tours
}

#[test]
fn lex_leaders_keep_one_tour_of_every_orbit_in_a_cube_a_symmetry_fixes() {
    // Reading a tour from the left column to the right one backwards and
    // mirroring it left to right keeps it in its cube when both ends share a row.
    let p = puzzle("board = \"5x6\"\n[start]\ncols = [0]\n[end]\ncols = [-1]");
    let autos = automorphisms(&p);
    let plan = CubePlan::new(&p, &autos);
    let (start, end, stabiliser) = plan
        .searched()
        .iter()
        .find_map(|&cube| match cube {
            Cube::Ends { start, end } if !plan.stabiliser(cube).is_empty() => {
                Some((start, end, plan.stabiliser(cube)))
            }
            _ => None,
        })
        .expect("a cube mapped onto itself");
    let mut narrow = p.clone();
    narrow.starts = Some(vec![start]);
    narrow.ends = Some(vec![end]);
    let plain = Encoding::build(&narrow, &EncodeOptions::default()).unwrap();
    let broken = plain.clone().with_lex_leaders(&stabiliser).unwrap();

    let all = every_model_tour(&narrow, &plain);
    let kept = every_model_tour(&narrow, &broken);
    let all_set: HashSet<Vec<usize>> = all.iter().map(|t| t.order().to_vec()).collect();
    let kept_set: HashSet<Vec<usize>> = kept.iter().map(|t| t.order().to_vec()).collect();
    assert!(all.len() > 10, "the cube should hold tours: {}", all.len());
    assert!(kept_set.is_subset(&all_set));
    assert!(kept.len() < all.len(), "nothing was pruned");
    for tour in &all {
        let orbit_kept = kept_set.contains(tour.order())
            || stabiliser
                .iter()
                .any(|a| kept_set.contains(a.apply(tour).order()));
        assert!(
            orbit_kept,
            "no member of the orbit of {:?} was kept",
            tour.order()
        );
    }
}

#[test]
fn symmetry_breaking_changes_no_count() {
    let p = puzzle("board = \"5x6\"\n[start]\ncols = [0]\n[end]\ncols = [-1]");
    let plain = SatOptions {
        no_symmetry_breaking: true,
        ..SatOptions::default()
    };
    let with = exhaustive_count(&p, &SatOptions::default());
    let without = exhaustive_count(&p, &plain);
    assert_eq!(
        (with.solutions, with.classes),
        (without.solutions, without.classes)
    );
    assert!(with.solutions > 0);
    // The premise: symmetry breaking did add clauses (the stat is shown only when some were).
    let lex_leader_clauses = |s: &Summary| {
        s.stats
            .get("lex_leader_clauses")
            .map(serde_json::Value::as_u64)
    };
    assert!(
        lex_leader_clauses(&with).flatten().is_some_and(|n| n > 0),
        "{:?}",
        with.stats
    );
    assert!(
        lex_leader_clauses(&without).is_none_or(|n| n == Some(0)),
        "{:?}",
        without.stats
    );
}

/// The stop signal ends a Kissat call from inside. The formula is the pigeonhole principle
/// for 20 pigeons in 19 holes, which no resolution-based solver refutes in a lifetime (its
/// resolution proofs are exponentially long), so the call returns only because it was
/// stopped, and must say so rather than give a verdict.
#[test]
fn a_stop_signal_ends_kissat_inside_its_call() {
    let (pigeons, holes) = (20u32, 19u32);
    let sits = |pigeon: u32, hole: u32| Lit::positive(pigeon * holes + hole);
    let stop = StopSignal::new();
    let mut refuter = Refuter::new(stop.clone());
    for pigeon in 0..pigeons {
        let somewhere: Vec<Lit> = (0..holes).map(|hole| sits(pigeon, hole)).collect();
        refuter.add_clause(&somewhere).unwrap();
    }
    for hole in 0..holes {
        for a in 0..pigeons {
            for b in a + 1..pigeons {
                refuter
                    .add_clause(&[!sits(a, hole), !sits(b, hole)])
                    .unwrap();
            }
        }
    }
    // The stop is raised once the call is seen running (its watcher has looked at the signal
    // twice), so that it is the running search that is stopped, not a call never started.
    let checks = refuter.stop_checks();
    let raiser = std::thread::spawn(move || {
        let started = std::time::Instant::now();
        while checks.load(std::sync::atomic::Ordering::Relaxed) < 2 {
            assert!(started.elapsed().as_secs() < 60, "the call never ran");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        stop.request_stop();
    });
    assert_eq!(refuter.solve(), KissatVerdict::Interrupted);
    raiser.join().unwrap();
}
