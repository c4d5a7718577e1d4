//! Benchmarks: each case is run several times and its median reported, set against the
//! baseline backtracker (`baseline`) measured in the same run on the same machine, so a ratio
//! means the same thing on any machine. `knights bench` writes the record to `results/`.

pub mod baseline;

use crate::encode::pb::PbEncoding;
use crate::encode::EncodeOptions;
use crate::puzzle::{Puzzle, SolutionKind};
use crate::run::{Limits, Summary};
use crate::sat::SatOptions;
use crate::search::SearchOptions;
use crate::solver::SolverKind;
use crate::spec::Spec;
use serde::Serialize;
use std::time::{Duration, Instant};

/// What a case runs.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Runner {
    /// The native search, with this many threads.
    Search { jobs: usize },
    /// The SAT engine counting every class.
    SatCount { solver: SolverKind },
    /// The SAT engine finding one solution.
    SatFirst { solver: SolverKind },
    /// The SAT engine counting every class with a chosen line-sum encoding, on one
    /// thread: the encoding comparison measures CNF size, time and conflicts.
    SatEncoding { pb_encoding: PbEncoding },
    /// The baseline backtracker on the bare board.
    Baseline,
}

#[derive(Clone, Debug, Serialize)]
pub struct Case {
    pub name: String,
    /// The model, as TOML, so the record says exactly what ran.
    pub model: String,
    pub runner: Runner,
    /// The case whose median this one is divided by, if any.
    pub baseline: Option<String>,
    /// Only with `--heavy`: minutes, not seconds.
    pub heavy: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub name: String,
    pub runner: Runner,
    pub seconds: Vec<f64>,
    pub median_seconds: f64,
    pub solutions: u64,
    pub classes: Option<u64>,
    pub complete: bool,
    /// baseline median / this median: how many times faster than the baseline.
    pub speedup: Option<f64>,
    /// The SAT engine's CNF and search figures (of the last run), when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sat: Option<SatFigures>,
}

/// CNF size and search effort of a SAT run, from its summary's stats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SatFigures {
    pub variables: u64,
    pub clauses: u64,
    /// `None` where the backend does not count them (varisat).
    pub conflicts: Option<u64>,
}

impl SatFigures {
    fn of(summary: &Summary) -> Option<SatFigures> {
        let stat = |name: &str| summary.stats.get(name).and_then(|v| v.as_u64());
        Some(SatFigures {
            variables: stat("variables")?,
            clauses: stat("clauses")?,
            conflicts: stat("conflicts"),
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("case {case}: {message}")]
    Case { case: String, message: String },
}

fn model_toml(spec: &Spec) -> String {
    spec.to_toml()
}

fn plain(board: &str, closed: bool) -> Spec {
    Spec {
        closed,
        ..Spec::plain(board)
    }
}

fn shipped(name: &str) -> Spec {
    let text = match name {
        "closed-8x8-rot180" => include_str!("../../models/closed-8x8-rot180.toml"),
        "nested-semimagic" => include_str!("../../models/nested-semimagic.toml"),
        "magic-closed-centrosymmetric" => {
            include_str!("../../models/magic-closed-centrosymmetric.toml")
        }
        "cube-4x4x4-open" => include_str!("../../models/cube-4x4x4-open.toml"),
        "cube-4x4x4-closed" => include_str!("../../models/cube-4x4x4-closed.toml"),
        other => unreachable!("no shipped model {other} in the bench suite"),
    };
    Spec::from_toml(text, name).expect("shipped models parse")
}

fn case(name: &str, spec: Spec, runner: Runner, baseline: Option<&str>, heavy: bool) -> Case {
    Case {
        name: name.into(),
        model: model_toml(&spec),
        runner,
        baseline: baseline.map(String::from),
        heavy,
    }
}

/// The suite: the published counts the engines must reproduce, and the speed goals of the
/// issues, each against the baseline where the baseline can finish.
pub fn suite(jobs: usize) -> Vec<Case> {
    use Runner::*;
    let cad = SolverKind::Cadical;
    vec![
        case(
            "5x5 paths: baseline",
            plain("5x5", false),
            Baseline,
            None,
            false,
        ),
        case(
            "5x5 paths: search",
            plain("5x5", false),
            Search { jobs },
            Some("5x5 paths: baseline"),
            false,
        ),
        case(
            "5x5 paths: sat",
            plain("5x5", false),
            SatCount { solver: cad },
            Some("5x5 paths: baseline"),
            false,
        ),
        case(
            "6x6 cycles: baseline",
            plain("6x6", true),
            Baseline,
            None,
            false,
        ),
        case(
            "6x6 cycles: search",
            plain("6x6", true),
            Search { jobs },
            Some("6x6 cycles: baseline"),
            false,
        ),
        case(
            "6x6 cycles: sat cadical",
            plain("6x6", true),
            SatCount { solver: cad },
            Some("6x6 cycles: baseline"),
            false,
        ),
        case(
            "6x6 cycles: sat varisat",
            plain("6x6", true),
            SatCount {
                solver: SolverKind::Varisat,
            },
            Some("6x6 cycles: baseline"),
            false,
        ),
        case(
            "6x6 paths: baseline",
            plain("6x6", false),
            Baseline,
            None,
            true,
        ),
        case(
            "6x6 paths: search",
            plain("6x6", false),
            Search { jobs },
            Some("6x6 paths: baseline"),
            false,
        ),
        case(
            "4x4x4 open: sat first",
            shipped("cube-4x4x4-open"),
            SatFirst { solver: cad },
            None,
            false,
        ),
        case(
            "4x4x4 closed: sat first",
            shipped("cube-4x4x4-closed"),
            SatFirst { solver: cad },
            None,
            false,
        ),
        case(
            "8x8 rot180 cycles: search",
            shipped("closed-8x8-rot180"),
            Search { jobs },
            None,
            true,
        ),
        case(
            "nested semimagic: search",
            shipped("nested-semimagic"),
            Search { jobs },
            None,
            true,
        ),
        case(
            "nested semimagic: sat first",
            shipped("nested-semimagic"),
            SatFirst { solver: cad },
            None,
            true,
        ),
        case(
            "nested semimagic: sat all",
            shipped("nested-semimagic"),
            SatCount { solver: cad },
            Some("nested semimagic: search"),
            true,
        ),
        case(
            "magic centrosymmetric: sat (no tour)",
            shipped("magic-closed-centrosymmetric"),
            SatCount { solver: cad },
            None,
            true,
        ),
    ]
}

/// Line-sum models on which every PB encoding is compared: (group name, model, heavy).
const ENCODING_MODELS: [(&str, &str, bool); 3] = [
    (
        "5x5 open paths, rows 65",
        "board = \"5x5\"\n[sums]\nrows = 65\n",
        false,
    ),
    (
        "6x6 closed rot180, rows 111",
        "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\n[sums]\nrows = 111\n",
        false,
    ),
    (
        "nested semimagic, start (0,0), end (2,7)",
        "board = \"8x8\"\n[start]\ncells = [[0, 0]]\n[end]\ncells = [[2, 7]]\n\
         [sums]\nrows = 260\ncols = 260\nhalf_rows = 130\nhalf_cols = 130\n",
        true,
    ),
];

/// Every PB encoding on every model of [`ENCODING_MODELS`], each against the default
/// encoding on the same model in the same run. Names start with "encodings:".
pub fn encoding_suite() -> Vec<Case> {
    let mut cases = Vec::new();
    for (group, model, heavy) in ENCODING_MODELS {
        let spec = Spec::from_toml(model, group).expect("encoding bench models parse");
        let name = |encoding: PbEncoding| format!("encodings: {group}: {encoding}");
        let default_name = name(PbEncoding::default());
        for pb_encoding in PbEncoding::ALL {
            let own = name(pb_encoding);
            let baseline = (own != default_name).then_some(default_name.as_str());
            let runner = Runner::SatEncoding { pb_encoding };
            cases.push(case(&own, spec.clone(), runner, baseline, heavy));
        }
    }
    cases
}

/// Runs one case once; a run stopped by `timeout` is reported as incomplete, never as a count.
pub fn run_once(case: &Case, timeout: Duration) -> Result<(f64, Summary), BenchError> {
    let fail = |message: String| BenchError::Case {
        case: case.name.clone(),
        message,
    };
    let spec = Spec::from_toml(&case.model, &case.name).map_err(|e| fail(e.to_string()))?;
    let puzzle = Puzzle::from_spec(&spec).map_err(|e| fail(e.to_string()))?;
    let limits = Limits {
        timeout: Some(timeout),
        ..Limits::default()
    };
    let started = Instant::now();
    let summary = match &case.runner {
        Runner::Search { jobs } => {
            let options = SearchOptions {
                jobs: *jobs,
                ..SearchOptions::default()
            };
            crate::search::count(&puzzle, &options, &limits, &|_| {})
                .map_err(|e| fail(e.to_string()))?
        }
        Runner::SatCount { solver } => {
            let options = SatOptions {
                solver: *solver,
                ..SatOptions::default()
            };
            crate::sat::count(&puzzle, &options, &limits).map_err(|e| fail(e.to_string()))?
        }
        Runner::SatFirst { solver } => {
            let options = SatOptions {
                solver: *solver,
                ..SatOptions::default()
            };
            crate::sat::solve(&puzzle, &options, &limits)
                .map_err(|e| fail(e.to_string()))?
                .1
        }
        Runner::SatEncoding { pb_encoding } => {
            let options = SatOptions {
                jobs: 1,
                encode: EncodeOptions {
                    pb_encoding: *pb_encoding,
                    ..EncodeOptions::default()
                },
                ..SatOptions::default()
            };
            crate::sat::count(&puzzle, &options, &limits).map_err(|e| fail(e.to_string()))?
        }
        Runner::Baseline => baseline_summary(&puzzle, started).map_err(fail)?,
    };
    Ok((started.elapsed().as_secs_f64(), summary))
}

fn baseline_summary(puzzle: &Puzzle, started: Instant) -> Result<Summary, String> {
    let solutions = match puzzle.kind() {
        SolutionKind::Path => baseline::count_paths(&puzzle.board),
        SolutionKind::Cycle => baseline::count_cycles(&puzzle.board),
        SolutionKind::Numbered => return Err("the baseline counts bare boards only".into()),
    };
    let mut summary = Summary::new(puzzle, "baseline");
    summary.solutions = solutions;
    summary.finish(crate::run::Ending::Exhausted, started);
    Ok(summary)
}

pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len() % 2 == 1 {
        v[mid]
    } else {
        (v[mid - 1] + v[mid]) / 2.0
    }
}

/// Whether a run did what its case measures: a count ran to the end, and a
/// first-solution run found one. The latter stops on its limit after the first
/// class, which may hold several tours (two for nested-semimagic).
fn finished(runner: &Runner, summary: &Summary) -> bool {
    match runner {
        Runner::SatFirst { .. } => summary.solutions > 0,
        _ => summary.complete,
    }
}

/// Runs a case `repeats` times; the first incomplete run ends the case.
pub fn measure(case: &Case, repeats: usize, timeout: Duration) -> Result<CaseResult, BenchError> {
    let mut seconds = Vec::new();
    let mut last = None;
    for _ in 0..repeats.max(1) {
        let (s, summary) = run_once(case, timeout)?;
        seconds.push(s);
        let complete = finished(&case.runner, &summary);
        last = Some((summary, complete));
        if !complete {
            break;
        }
    }
    let (summary, complete) = last.expect("at least one run");
    let classes = (!matches!(case.runner, Runner::Baseline)).then_some(summary.classes);
    Ok(CaseResult {
        name: case.name.clone(),
        runner: case.runner.clone(),
        median_seconds: median(&seconds),
        seconds,
        solutions: summary.solutions,
        classes,
        complete,
        speedup: None,
        sat: SatFigures::of(&summary),
    })
}

/// Fills in each result's speedup over its baseline case, when both completed.
pub fn attach_speedups(cases: &[Case], results: &mut [CaseResult]) {
    for case in cases {
        let Some(base_name) = &case.baseline else {
            continue;
        };
        let base = results
            .iter()
            .find(|r| &r.name == base_name && r.complete)
            .map(|r| r.median_seconds);
        if let (Some(base), Some(r)) = (base, results.iter_mut().find(|r| r.name == case.name)) {
            if r.complete {
                r.speedup = Some(base / r.median_seconds.max(1e-9));
            }
        }
    }
}

/// The machine, as far as this process can tell.
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
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
    use super::*;

    #[test]
    fn median_of_odd_and_even_lists() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn a_first_solution_run_is_finished_by_a_first_class_of_any_size() {
        let puzzle = Puzzle::from_spec(&plain("5x5", false)).unwrap();
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
    }

    #[test]
    fn every_case_model_parses_and_baselines_exist() {
        let mut cases = suite(1);
        cases.extend(encoding_suite());
        for c in &cases {
            Puzzle::from_spec(&Spec::from_toml(&c.model, &c.name).unwrap()).unwrap();
            if let Some(b) = &c.baseline {
                assert!(cases.iter().any(|d| &d.name == b), "{b}");
            }
        }
    }
}
