//! Benchmarks: each case is run several times and its median reported, set against the
//! baseline backtracker (`baseline`) measured in the same run on the same machine, so a ratio
//! means the same thing on any machine. `knights bench` writes the record to `results/`.

pub mod baseline;

use crate::puzzle::{Puzzle, SolutionKind};
use crate::run::{Limits, Summary};
use crate::sat::search::SatOptions;
use crate::sat::SolverKind;
use crate::search::SearchOptions;
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
            None,
            true,
        ),
    ]
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
            crate::sat::search::count(&puzzle, &options, &limits)
                .map_err(|e| fail(e.to_string()))?
        }
        Runner::SatFirst { solver } => {
            let options = SatOptions {
                solver: *solver,
                ..SatOptions::default()
            };
            crate::sat::search::solve(&puzzle, &options, &limits)
                .map_err(|e| fail(e.to_string()))?
                .1
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

/// Runs a case `repeats` times; the first incomplete run ends the case.
pub fn measure(case: &Case, repeats: usize, timeout: Duration) -> Result<CaseResult, BenchError> {
    let mut seconds = Vec::new();
    let mut last = None;
    for _ in 0..repeats.max(1) {
        let (s, summary) = run_once(case, timeout)?;
        seconds.push(s);
        let complete = summary.complete
            || matches!(case.runner, Runner::SatFirst { .. }) && summary.solutions == 1;
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
    fn every_case_model_parses_and_baselines_exist() {
        let cases = suite(1);
        for c in &cases {
            Puzzle::from_spec(&Spec::from_toml(&c.model, &c.name).unwrap()).unwrap();
            if let Some(b) = &c.baseline {
                assert!(cases.iter().any(|d| &d.name == b), "{b}");
            }
        }
    }
}
