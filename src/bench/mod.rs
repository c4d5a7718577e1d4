//! Benchmarks: each case is run several times and its median reported, set against the
//! baseline backtracker (`baseline`) measured in the same run on the same machine, so a ratio
//! means the same thing on any machine. `knights bench` writes the record to `results/`.

pub mod baseline;
mod case;
mod ladder;
mod large;
mod measure;
mod sampling;
mod suite;

pub use case::{Case, Runner};
pub use measure::{attach_speedups, measure, BenchError, CaseResult, SatFigures};
pub use suite::{encoding_suite, suite};

/// The machine, as far as this process can tell.
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown cpu".into());
    format!("{cores} cores, {cpu}")
}

#[cfg(test)]
mod tests {
    use super::measure::{finished, median, run_once};
    use super::suite::{case, first_tour_cases, plain};
    use super::*;
    use crate::puzzle::Puzzle;
    use crate::run::Summary;
    use crate::solver::SolverKind;
    use crate::spec::Spec;
    use crate::tour::Closure;
    use std::time::{Duration, Instant};

    #[test]
    fn a_search_case_records_its_nodes_and_a_sat_case_none() {
        let search = case(
            "5x5 open, search",
            plain("5x5", Closure::Open),
            Runner::Search { jobs: 1 },
            None,
            false,
        );
        let sat = case(
            "5x5 open, sat",
            plain("5x5", Closure::Open),
            Runner::SatFirst {
                solver: SolverKind::Cadical,
            },
            None,
            false,
        );
        let timeout = Duration::from_secs(60);
        let searched = super::measure::measure(&search, 1, timeout).unwrap();
        assert!(searched.complete && searched.solutions > 0);
        // Every tour is a leaf of the tree, below the first square's node.
        assert!(searched.nodes.unwrap() > searched.solutions, "{searched:?}");
        assert_eq!(
            super::measure::measure(&sat, 1, timeout).unwrap().nodes,
            None
        );
    }

    #[test]
    fn median_of_odd_and_even_lists() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn a_first_solution_run_is_finished_by_a_first_class_of_any_size() {
        let puzzle = Puzzle::from_spec(&plain("5x5", Closure::Open)).unwrap();
        let mut stopped = Summary::new(&puzzle, "sat");
        stopped.solutions = 2;
        stopped.finish(crate::run::Ending::Limit, Instant::now());
        let first = Runner::SatFirst {
            solver: SolverKind::Cadical,
        };
        let count = Runner::SatCount {
            solver: SolverKind::Cadical,
        };
        assert!(finished(&first, &stopped));
        assert!(!finished(&count, &stopped));
        let mut nothing = Summary::new(&puzzle, "sat");
        nothing.finish(crate::run::Ending::Timeout, Instant::now());
        assert!(!finished(&first, &nothing));
        let mut none_exists = Summary::new(&puzzle, "sat");
        none_exists.finish(crate::run::Ending::Exhausted, Instant::now());
        assert!(finished(&first, &none_exists));
    }

    #[test]
    fn a_cap_stops_a_case_before_the_runs_time_out() {
        let years = case(
            "all closed 8x8",
            plain("8x8", Closure::Closed),
            Runner::Search { jobs: 1 },
            None,
            false,
        );
        let (_, summary) = run_once(&years.capped(0.2), Duration::from_secs(3600)).unwrap();
        assert_eq!(summary.ending, crate::run::Ending::Timeout);
        assert!(!summary.complete);
    }

    #[test]
    fn the_frontier_runner_counts_and_reports_no_classes() {
        // 1,728 directed open tours of 5x5 (OEIS A165134).
        let paths = case(
            "5x5 paths: frontier",
            plain("5x5", Closure::Open),
            Runner::Frontier { jobs: 2 },
            None,
            false,
        );
        let result = measure(&paths, 1, Duration::from_secs(60)).unwrap();
        assert!(result.complete);
        assert_eq!(result.solutions, 1728);
        assert_eq!(result.classes, None);
    }

    #[test]
    fn every_shipped_model_has_a_first_tour_case() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "toml"))
            .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut cased: Vec<String> = first_tour_cases()
            .iter()
            .map(|c| c.name.trim_start_matches("first tour: ").to_string())
            .collect();
        cased.sort();
        assert_eq!(cased, on_disk);
    }

    #[test]
    fn every_case_model_parses_and_baselines_exist() {
        let mut cases = suite(1);
        cases.extend(encoding_suite());
        for c in &cases {
            let spec = Spec::from_toml(&c.model, &c.name).unwrap();
            if !matches!(
                c.runner,
                Runner::Construct | Runner::WriteFloor | Runner::Warnsdorff { .. }
            ) {
                Puzzle::from_spec(&spec).unwrap();
            }
            if let Some(b) = &c.baseline {
                assert!(cases.iter().any(|d| &d.name == b), "{b}");
            }
        }
    }
}
