//! Tests of the engine's inner parts: sessions, the cube schedule, Kissat first.

mod session_tests {
    use super::super::schedule::{hand_out_order, per_cube};
    use super::super::*;
    use crate::encode::cubes::CubePlan;
    use crate::encode::Encoding;
    use crate::puzzle::{automorphisms, Puzzle};
    use crate::run::{CubeProgress, Limits, Progress};
    use crate::solver::{SolverKind, StopSignal};
    use crate::spec::Spec;

    /// varisat does not count conflicts: its summary leaves them out rather
    /// than report 0; CaDiCaL's has them.
    #[test]
    fn conflicts_are_reported_only_by_a_backend_that_counts_them() {
        let spec = Spec::from_toml("board = \"5x5\"\n[start]\ncells = [[0, 0]]", "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let conflicts = |solver: SolverKind| {
            let options = SatOptions {
                solver,
                ..SatOptions::default()
            };
            let summary = count(&puzzle, &options, &Limits::default()).unwrap();
            summary
                .stats
                .get("conflicts")
                .and_then(serde_json::Value::as_u64)
        };
        assert!(conflicts(SolverKind::Cadical).is_some_and(|c| c > 0));
        assert_eq!(conflicts(SolverKind::Varisat), None);
    }

    #[test]
    fn primary_variables_are_frozen_from_the_first_blocking_clause_on() {
        let spec = Spec::from_toml("board = \"5x5\"\n[start]\ncells = [[0, 0]]", "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let options = SatOptions::default();
        let encoding = Encoding::build(&puzzle, &options.encode).unwrap();
        let mut search = Session::new(&puzzle, &encoding, &options, StopSignal::new()).unwrap();
        let primary = encoding.primary_vars();
        let frozen = |search: &Session<'_>| -> Vec<Option<bool>> {
            primary
                .iter()
                .map(|&var| search.backend.is_frozen(var).unwrap())
                .collect()
        };
        assert!(frozen(&search).iter().all(|&f| f == Some(false)));
        let Step::Tour(tour) = search.next_tour(&[]).unwrap() else {
            panic!("5x5 has open tours from a corner");
        };
        assert!(crate::verify::verify(&puzzle, &tour).is_empty());
        search.block(&[tour]).unwrap();
        assert!(frozen(&search).iter().all(|&f| f == Some(true)));
    }

    #[test]
    fn each_finished_cube_is_reported_once_in_order() {
        // Open 5x5 tours from any start: one cube per (start, end) orbit.
        let spec = Spec::from_toml("board = \"5x5\"", "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let options = SatOptions {
            jobs: 2,
            ..SatOptions::default()
        };
        let reports = std::cell::RefCell::new(Vec::new());
        let summary = enumerate_observed(
            &puzzle,
            &options,
            &Limits::default(),
            &[],
            &mut |_| {},
            &|progress| {
                if let Progress::Cubes(cubes) = progress {
                    reports.borrow_mut().push(cubes);
                }
            },
        )
        .unwrap();
        let reports = reports.into_inner();
        let searched = summary.stats["cubes_searched"].as_u64().unwrap() as usize;
        assert!(searched > 1);
        let expected: Vec<CubeProgress> = (1..=searched)
            .map(|done| CubeProgress { done, searched })
            .collect();
        assert_eq!(reports, expected);
        assert_eq!(summary.solutions, 1728);
    }

    #[test]
    fn per_cube_runs_take_the_cubes_symmetry_maps_onto_themselves_last() {
        let text = "board = \"8x8\"\n[start]\ncols = [0]\n[end]\ncols = [-1]\n\
                    [sums]\nhalf_rows = 130\nhalf_cols = 130";
        let puzzle = Puzzle::from_spec(&Spec::from_toml(text, "test").unwrap()).unwrap();
        let plan = CubePlan::new(&puzzle, &automorphisms(&puzzle));
        assert!(per_cube(&puzzle, &plan));
        let options = SatOptions::default();
        let order = hand_out_order(&plan, true, &options);
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, plan.searched());
        let self_mapped: Vec<bool> = order
            .iter()
            .map(|&cube| !plan.stabiliser(cube).is_empty())
            .collect();
        assert_eq!(self_mapped, [vec![false; 6], vec![true; 4]].concat());
        // Without lex-leader clauses (or one solver for all cubes) no cube is smaller.
        let unbroken = SatOptions {
            no_symmetry_breaking: true,
            ..SatOptions::default()
        };
        assert_eq!(hand_out_order(&plan, true, &unbroken), plan.searched());
        assert_eq!(hand_out_order(&plan, false, &options), plan.searched());
    }
}

mod refute_first_tests {
    use super::super::refuter::cube_options;
    use super::super::*;
    use crate::encode::pb::PbEncoding;
    use crate::encode::EncodeOptions;
    use crate::puzzle::Puzzle;
    use crate::run::{Limits, Summary};
    use crate::spec::Spec;

    fn counted(text: &str, refute_first: RefuteFirst) -> Summary {
        let spec = Spec::from_toml(text, "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let options = SatOptions {
            refute_first,
            jobs: 2,
            ..SatOptions::default()
        };
        count(&puzzle, &options, &Limits::default()).unwrap()
    }

    fn stat(summary: &Summary, name: &str) -> u64 {
        summary
            .stats
            .get(name)
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0)
    }

    /// Open 5x5 tours from column 0 to column 4: some (start, end) cubes hold
    /// tours and some none; with Kissat first the empty ones are refuted and
    /// the count is the same as CaDiCaL's alone.
    #[test]
    fn kissat_refutes_the_empty_cubes_and_the_count_stays() {
        let model = "board = \"5x5\"\n[start]\ncols = [0]\n[end]\ncols = [-1]";
        let alone = counted(model, RefuteFirst::Off);
        let first = counted(model, RefuteFirst::Kissat);
        assert_eq!(
            (first.solutions, first.classes),
            (alone.solutions, alone.classes)
        );
        assert!(first.complete && alone.solutions > 0);
        // The native search, which shares no code with either, counts the same.
        let puzzle = Puzzle::from_spec(&Spec::from_toml(model, "test").unwrap()).unwrap();
        let native = crate::search::count(
            &puzzle,
            &crate::search::SearchOptions::default(),
            &Limits::default(),
            &|_| {},
        )
        .unwrap();
        assert_eq!(
            (first.solutions, first.classes),
            (native.solutions, native.classes)
        );
        assert_eq!(stat(&alone, "refuter_calls"), 0);
        // The stats name the encoding the cubes were built with.
        assert_eq!(alone.stats["pb_encoding"], "mdd");
        assert_eq!(first.stats["pb_encoding"], "mdd-lean");
        let calls = stat(&first, "refuter_calls");
        let refuted = stat(&first, "refuted_cubes");
        assert_eq!(calls, stat(&first, "cubes_searched"));
        assert!(0 < refuted && refuted < calls, "{refuted} of {calls}");
        // Every cube Kissat found satisfiable gave CaDiCaL its first tour.
        assert_eq!(stat(&first, "refuter_tours"), calls - refuted);
    }

    /// A resumed run keeps Kissat's step (the run it continues had it): Kissat
    /// sees the resumed tours blocked too, so it still refutes the empty cubes,
    /// and a cube whose only tours were resumed is refuted as well, never
    /// reported again. The two runs' classes together are the whole count.
    #[test]
    fn a_resumed_run_keeps_kissat_first_and_counts_each_class_once() {
        let model = "board = \"5x5\"\n[start]\ncols = [0]\n[end]\ncols = [-1]";
        let puzzle = Puzzle::from_spec(&Spec::from_toml(model, "test").unwrap()).unwrap();
        let options = SatOptions {
            refute_first: RefuteFirst::Kissat,
            jobs: 1,
            ..SatOptions::default()
        };
        let mut classes = Vec::new();
        let whole = enumerate(&puzzle, &options, &Limits::default(), &mut |class| {
            classes.push(class.members.clone());
        })
        .unwrap();
        let half = classes.len() / 2;
        let already: Vec<crate::tour::Tour> = classes[..half].concat();
        let mut again = 0;
        let resumed =
            enumerate_resuming(&puzzle, &options, &Limits::default(), &already, &mut |_| {
                again += 1;
            })
            .unwrap();
        assert_eq!(
            (resumed.solutions, resumed.classes),
            (whole.solutions, whole.classes)
        );
        assert_eq!(again as usize, classes.len() - half);
        assert_eq!(
            stat(&resumed, "refuter_calls"),
            stat(&whole, "refuter_calls")
        );
        assert!(stat(&resumed, "refuted_cubes") > stat(&whole, "refuted_cubes"));
        assert_eq!(resumed.stats["pb_encoding"], "mdd-lean");
    }

    /// Cubes lose the diagram's support clauses only when Kissat refutes them
    /// and the run uses the diagram.
    #[test]
    fn cubes_get_the_lean_diagram_only_under_kissat_and_the_diagram() {
        let run = |pb_encoding| EncodeOptions {
            pb_encoding,
            ..EncodeOptions::default()
        };
        let lean = cube_options(&run(PbEncoding::Mdd), true);
        assert_eq!(lean, run(PbEncoding::MddLean));
        assert_eq!(
            cube_options(&run(PbEncoding::Mdd), false),
            run(PbEncoding::Mdd)
        );
        for other in PbEncoding::ALL
            .into_iter()
            .filter(|&e| e != PbEncoding::Mdd)
        {
            assert_eq!(cube_options(&run(other), true), run(other), "{other}");
        }
    }

    /// `auto` engages on numbered models with line sums only.
    #[test]
    fn auto_hands_line_sum_models_to_kissat_and_others_not() {
        let plain = counted("board = \"5x5\"\n[start]\ncols = [0]", RefuteFirst::Auto);
        assert_eq!(stat(&plain, "refuter_calls"), 0);
        // No 5x5 tour from column 0 has every row summing to 65 (the native search agrees).
        let sums = counted(
            "board = \"5x5\"\n[start]\ncols = [0]\n[sums]\nrows = 65",
            RefuteFirst::Auto,
        );
        assert!(stat(&sums, "refuter_calls") > 0);
        assert_eq!(stat(&sums, "refuted_cubes"), stat(&sums, "refuter_calls"));
        assert_eq!(sums.solutions, 0);
        // With a solution limit (`solve`) the first tour matters: no Kissat call.
        let spec = Spec::from_toml(
            "board = \"5x5\"\n[start]\ncols = [0]\n[sums]\nrows = 65",
            "t",
        );
        let puzzle = Puzzle::from_spec(&spec.unwrap()).unwrap();
        let (first, limited) = solve(&puzzle, &SatOptions::default(), &Limits::default()).unwrap();
        assert!(first.is_none());
        assert_eq!(stat(&limited, "refuter_calls"), 0);
    }
}

mod resume_inside_a_cube_tests {
    use std::collections::HashSet;

    use super::super::*;
    use crate::puzzle::Puzzle;
    use crate::run::{FinishedCubes, Limits, Summary};
    use crate::spec::Spec;
    use crate::tour::Tour;

    fn run(
        puzzle: &Puzzle,
        options: &SatOptions,
        limits: &Limits,
        already: &[Tour],
    ) -> (Summary, Vec<Vec<Tour>>) {
        let mut classes = Vec::new();
        let summary = enumerate_resuming(puzzle, options, limits, already, &mut |class| {
            classes.push(class.members.clone());
        })
        .unwrap();
        (summary, classes)
    }

    fn parts_searched(summary: &Summary) -> u64 {
        summary.stats["prefix_cubes"].as_u64().unwrap()
    }

    /// A run stopped inside a split cube records the parts it finished there; resumed, it
    /// searches only the others, and the two runs' classes are the fresh run's, none twice.
    /// Against a resume told only the finished cubes, it searches exactly the recorded parts
    /// fewer.
    #[test]
    fn a_resume_continues_inside_the_cube_it_was_stopped_in() {
        let model = "board = \"5x5\"\n[start]\ncols = [0]\n[end]\ncols = [-1]";
        let puzzle = Puzzle::from_spec(&Spec::from_toml(model, "test").unwrap()).unwrap();
        let options = SatOptions {
            prefix_length: Some(3),
            refute_first: RefuteFirst::Off,
            jobs: 1,
            ..SatOptions::default()
        };
        let (fresh, fresh_classes) = run(&puzzle, &options, &Limits::default(), &[]);
        let limits = Limits {
            solutions: Some(fresh.solutions / 2),
            ..Limits::default()
        };
        let (stopped, first) = run(&puzzle, &options, &limits, &[]);
        let finished = stopped
            .finished_cubes
            .clone()
            .expect("a stopped run records");
        let recorded: usize = finished.parts.values().map(|p| p.done.len()).sum();
        assert!(recorded > 0, "no part recorded: {finished:?}");

        let already: Vec<Tour> = first.concat();
        let resuming = |finished: FinishedCubes| SatOptions {
            finished: Some(finished),
            ..options.clone()
        };
        let (resumed, rest) = run(
            &puzzle,
            &resuming(finished.clone()),
            &Limits::default(),
            &already,
        );
        assert!(resumed.complete);
        assert_eq!(
            (resumed.solutions, resumed.classes),
            (fresh.solutions, fresh.classes)
        );
        let representatives = |classes: &[Vec<Tour>]| -> Vec<Vec<usize>> {
            classes.iter().map(|c| c[0].order().to_vec()).collect()
        };
        let mut both = representatives(&first);
        both.extend(representatives(&rest));
        let distinct: HashSet<&Vec<usize>> = both.iter().collect();
        assert_eq!(distinct.len(), both.len(), "a class reported twice");
        let fresh_set: HashSet<Vec<usize>> = representatives(&fresh_classes).into_iter().collect();
        assert_eq!(
            distinct.into_iter().cloned().collect::<HashSet<_>>(),
            fresh_set
        );

        let cubes_only = FinishedCubes::new(finished.plan.clone(), finished.done.clone());
        let (whole_cube, _) = run(&puzzle, &resuming(cubes_only), &Limits::default(), &already);
        assert_eq!(whole_cube.solutions, fresh.solutions);
        assert_eq!(
            parts_searched(&whole_cube) - parts_searched(&resumed),
            recorded as u64
        );
    }
}
