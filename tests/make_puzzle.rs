//! Puzzles made from tours (`knights::clues`, `knights make-puzzle`): the givens left have
//! exactly one tour by every engine, that tour; no given can be left out alone; a model's
//! own givens stay; a tour that is not a solution is refused naming the broken rule. The
//! command writes a model file that reads back, and its picture.

use crate::common::cli::knights;
use crate::common::load::puzzle;
use knights::clues::{thin_givens, ThinError, ThinOptions, Thinned, Verdict};
use knights::puzzle::Puzzle;
use knights::run::{Class, Limits};
use knights::sat::{count as sat_count, SatOptions};
use knights::search::{count as search_count, enumerate, SearchOptions};
use knights::solver::SolverKind;
use knights::spec::Spec;
use knights::tour::Tour;
use knights::verify::verify;
use std::sync::Mutex;

/// Every numbered tour of the puzzle `toml`, by the native search.
fn tours_of(toml: &str) -> Vec<Tour> {
    let found = Mutex::new(Vec::new());
    let sink = |class: Class| found.lock().unwrap().extend(class.members);
    let run = enumerate(
        &puzzle(toml),
        &SearchOptions::default(),
        &Limits::default(),
        &sink,
        &|_| {},
    );
    run.expect("the native search runs");
    found.into_inner().unwrap()
}

fn options(seed: u64) -> ThinOptions {
    ThinOptions {
        seed,
        trial_nodes: None,
        trial_timeout: None,
        jobs: 1,
        stop: Default::default(),
    }
}

/// The model `base` with `givens` as (cell, number) on a board `cols` wide.
fn with_givens(base: &str, givens: &[(usize, u32)], cols: usize) -> Puzzle {
    let entries: Vec<String> = givens
        .iter()
        .map(|&(c, k)| format!("[{}, {}, {k}]", c / cols, c % cols))
        .collect();
    // Top-level keys come before the base's tables.
    puzzle(&format!("givens = [{}]\n{base}", entries.join(", ")))
}

fn native_count(p: &Puzzle) -> u64 {
    let summary = search_count(p, &SearchOptions::default(), &Limits::default(), &|_| {});
    let summary = summary.expect("the native search runs");
    assert!(summary.complete);
    summary.solutions
}

#[test]
fn the_givens_left_have_one_tour_by_every_engine_and_none_can_be_left_out() {
    // Open 5x5 tours from a corner, and closed 6x6 tours numbered from one cell.
    let cases = [
        ("board = \"5x5\"\n[start]\ncells = [[0, 0]]\n", 5, 3usize),
        ("board = \"6x6\"\nclosed = true\n", 6, 0),
    ];
    for (base, cols, pick) in cases {
        let spec = Spec::from_toml(base, "base").unwrap();
        let Some(tour) = tours_of(base).into_iter().nth(pick) else {
            panic!("{base}: no tour {pick}")
        };
        for seed in [1, 2] {
            let thinned = thin_givens(&spec, &tour, &options(seed), &|_, _, _| {}).unwrap();
            assert!(thinned.complete && thinned.undecided() == 0);
            assert_eq!(thinned.trials.len(), tour.len());
            let kept = thinned.givens.len();
            let left_out = thinned
                .trials
                .iter()
                .filter(|t| t.verdict == Verdict::LeftOut)
                .count();
            assert_eq!(kept + left_out, tour.len());
            assert!(kept < tour.len() / 2, "{base}: {kept} givens kept");
            let numbers = tour.numbers();
            assert!(thinned.givens.iter().all(|&(c, k)| numbers[c] == k));
            let p = with_givens(base, &thinned.givens, cols);
            assert!(verify(&p, &tour).is_empty(), "the tour carries the givens");
            assert_eq!(native_count(&p), 1, "{base} seed {seed}");
            for solver in [SolverKind::Cadical, SolverKind::Varisat] {
                let options = SatOptions {
                    solver,
                    ..Default::default()
                };
                let by_sat = sat_count(&p, &options, &Limits::default()).unwrap();
                assert!(by_sat.complete);
                assert_eq!(by_sat.solutions, 1, "{solver:?}: {base} seed {seed}");
            }
            for i in 0..kept {
                let mut fewer = thinned.givens.clone();
                fewer.remove(i);
                let others = native_count(&with_givens(base, &fewer, cols));
                assert!(others >= 2, "{base}: given {i} could be left out");
            }
        }
    }
}

#[test]
fn the_models_own_givens_stay_and_the_order_follows_the_seed() {
    let base = "board = \"5x5\"\n[start]\ncells = [[0, 0]]\n";
    let tour = tours_of(base).swap_remove(10);
    let numbers = tour.numbers();
    let own = format!("givens = [[2, 2, {}]]\n{base}", numbers[12]);
    let spec = Spec::from_toml(&own, "own").unwrap();
    let thinned = thin_givens(&spec, &tour, &options(5), &|_, _, _| {}).unwrap();
    assert!(thinned.givens.contains(&(12, numbers[12])));
    assert!(thinned.trials.iter().all(|t| t.cell != 12));
    assert_eq!(thinned.trials.len(), 24);
    let again = thin_givens(&spec, &tour, &options(5), &|_, _, _| {}).unwrap();
    assert_eq!(again.givens, thinned.givens);
    let order = |seed| -> Vec<usize> {
        let t = thin_givens(&spec, &tour, &options(seed), &|_, _, _| {}).unwrap();
        t.trials.iter().map(|t| t.cell).collect()
    };
    assert_ne!(order(5), order(6));
}

#[test]
fn a_trial_over_its_node_budget_keeps_its_given_and_the_same_budget_makes_the_same_puzzle() {
    let base = "board = \"6x6\"\nclosed = true\n";
    let spec = Spec::from_toml(base, "base").unwrap();
    let tour = tours_of(base).swap_remove(0);
    let free = thin_givens(&spec, &tour, &options(3), &|_, _, _| {}).unwrap();
    assert_eq!(free.undecided(), 0);
    // A budget below what half the trials took leaves some of them undecided.
    let mut spent: Vec<u64> = free.trials.iter().map(|t| t.nodes).collect();
    spent.sort_unstable();
    let budget = spent[spent.len() / 2];
    assert!(budget > 0, "{spent:?}");
    let within = |nodes| ThinOptions {
        trial_nodes: Some(nodes),
        ..options(3)
    };
    let tight = thin_givens(&spec, &tour, &within(budget), &|_, _, _| {}).unwrap();
    assert!(tight.complete);
    assert!(tight.undecided() > 0, "{:?}", tight.trials);
    for trial in &tight.trials {
        let kept = tight.givens.contains(&(trial.cell, trial.number));
        assert_eq!(kept, trial.verdict != Verdict::LeftOut, "{trial:?}");
    }
    // Undecided trials keep their givens, so the puzzle still has exactly one tour.
    assert_eq!(native_count(&with_givens(base, &tight.givens, 6)), 1);
    // On one thread the budget, unlike a clock, stops each trial at the same node.
    let again = thin_givens(&spec, &tour, &within(budget), &|_, _, _| {}).unwrap();
    let outcome = |t: &Thinned| -> Vec<(usize, Verdict, u64)> {
        t.trials
            .iter()
            .map(|t| (t.cell, t.verdict, t.nodes))
            .collect()
    };
    assert_eq!(outcome(&again), outcome(&tight));
    assert_eq!(again.givens, tight.givens);
    // Every trial stopped by the budget had searched at least that many nodes.
    let undecided = tight
        .trials
        .iter()
        .filter(|t| t.verdict == Verdict::Undecided);
    assert!(undecided.clone().all(|t| t.nodes >= budget));
}

#[test]
fn a_tour_that_is_not_a_solution_is_refused_naming_the_rule() {
    let open = tours_of("board = \"5x5\"\n[start]\ncells = [[0, 0]]\n").swap_remove(0);
    let refusal = |toml: &str| {
        let spec = Spec::from_toml(toml, "m").unwrap();
        match thin_givens(&spec, &open, &options(1), &|_, _, _| {}) {
            Ok(_) => panic!("accepted: {toml}"),
            Err(e) => e,
        }
    };
    // No 5x5 tour closes; the verifier names the rule.
    let text = refusal("board = \"5x5\"\n[start]\ncells = [[2, 2]]\n").to_string();
    assert!(
        text.contains("not a solution") && text.contains("start"),
        "{text}"
    );
    assert!(matches!(
        refusal("board = \"6x6\"\n"),
        ThinError::OtherBoard { .. }
    ));
    let text = refusal("board = \"5x5\"\nsymmetry = \"rot180\"\n").to_string();
    assert!(text.contains("symmetry"), "{text}");
}

#[test]
fn the_command_writes_a_model_that_reads_back_and_its_picture() {
    let dir = tempfile::tempdir().unwrap();
    let tour_file = dir.path().join("tour.jsonl");
    let model = dir.path().join("puzzle.toml");
    let picture = dir.path().join("puzzle.svg");
    let sampled = knights(&[
        "sample",
        "--board",
        "6x6",
        "--count",
        "1",
        "--seed",
        "4",
        "-o",
        tour_file.to_str().unwrap(),
    ]);
    assert!(sampled.status.success(), "{sampled:?}");
    let made = knights(&[
        "make-puzzle",
        tour_file.to_str().unwrap(),
        "-o",
        model.to_str().unwrap(),
        "--svg",
        picture.to_str().unwrap(),
        "--seed",
        "3",
    ]);
    let said = String::from_utf8_lossy(&made.stderr);
    assert!(made.status.success(), "{said}");
    assert!(said.contains("exactly one tour"), "{said}");
    let spec = Spec::from_file(&model).unwrap();
    let description = spec.description.clone().unwrap_or_default();
    assert!(
        description.contains("(make-puzzle, seed 3, trials of at most 50000000 nodes)"),
        "{description}"
    );
    let p = Puzzle::from_spec(&spec).unwrap();
    assert!(!p.givens.is_empty() && p.givens.len() < 18);
    assert_eq!(native_count(&p), 1);
    let verified = knights(&[
        "verify",
        model.to_str().unwrap(),
        tour_file.to_str().unwrap(),
    ]);
    assert!(verified.status.success(), "{verified:?}");
    let svg = std::fs::read_to_string(&picture).unwrap();
    assert_eq!(svg.matches(r#"class="given""#).count(), p.givens.len());
    // `render` draws the model file as the same picture.
    let drawn = knights(&["render", model.to_str().unwrap()]);
    assert!(drawn.status.success());
    assert_eq!(String::from_utf8_lossy(&drawn.stdout), svg);
}

#[test]
fn render_refuses_a_model_without_givens_and_tour_flags_on_a_model() {
    let none = knights(&["render", "models/semimagic.toml"]);
    assert!(!none.status.success());
    let said = String::from_utf8_lossy(&none.stderr);
    assert!(said.contains("gives no numbers"), "{said}");
    let flagged = knights(&["render", "models/puzzle-8x8-givens.toml", "--sheet"]);
    let said = String::from_utf8_lossy(&flagged.stderr);
    assert!(
        !flagged.status.success() && said.contains("--sheet"),
        "{said}"
    );
    // An open tour against a model of closed tours: the verifier's rule is named.
    let bad = knights(&[
        "make-puzzle",
        "tests/data/tours/open-5x5.txt",
        "--board",
        "5x5",
        "--closed",
    ]);
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success(), "{said}");
    assert!(
        said.contains("not a solution") && said.contains("closed"),
        "{said}"
    );
    // Each budget is refused naming its flag and the value given.
    for (flag, named) in [
        ("--trial-timeout", "'0' for '--trial-timeout"),
        ("--trial-nodes", "'0' for '--trial-nodes"),
    ] {
        let bad = knights(&["make-puzzle", "tests/data/tours/open-5x5.txt", flag, "0"]);
        let said = String::from_utf8_lossy(&bad.stderr);
        assert!(!bad.status.success() && said.contains(named), "{said}");
    }
}
