//! Running a case: each run through the engine its runner names, the median of the runs, and
//! the ratio against the baseline case measured in the same run.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::baseline;
use super::case::{Case, Runner};
use crate::encode::EncodeOptions;
use crate::frontier::{FrontierEngine, Workers};
use crate::optimise::{minimise, remaining, with_angle_bound};
use crate::puzzle::{AngleKind, Puzzle, SolutionKind};
use crate::run::{Ending, Engine, Limits, Summary};
use crate::sat::SatOptions;
use crate::search::SearchOptions;
use crate::spec::Spec;

/// What a case measured: every run's time, their median, and the last run's figures.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    /// The case's name.
    pub name: String,
    /// What ran it.
    pub runner: Runner,
    /// Each run's wall-clock time in seconds.
    pub seconds: Vec<f64>,
    /// The median of `seconds`.
    pub median_seconds: f64,
    /// Solutions the last run found.
    pub solutions: u64,
    /// Classes the last run found; `None` for the baseline and the frontier engine, which
    /// have none.
    pub classes: Option<u64>,
    /// Search nodes of the last run, for the engines that count them (the native search):
    /// the effort beside the time, which the ladders' growth per term is read from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Whether every run did what the case measures (see `finished`).
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
    /// Variables of the CNF.
    pub variables: u64,
    /// Clauses of the CNF.
    pub clauses: u64,
    /// `None` where the backend does not count them (varisat).
    pub conflicts: Option<u64>,
    /// Calls to the solver.
    pub solve_calls: u64,
    /// Subtour cuts added between the calls (lazy connectivity).
    pub subtour_cuts: u64,
}

impl SatFigures {
    fn of(summary: &Summary) -> Option<SatFigures> {
        let stat = |name: &str| summary.stats.get(name).and_then(serde_json::Value::as_u64);
        Some(SatFigures {
            variables: stat("variables")?,
            clauses: stat("clauses")?,
            conflicts: stat("conflicts"),
            solve_calls: stat("solve_calls")?,
            subtour_cuts: stat("subtour_cuts")?,
        })
    }
}

/// Why a case could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The case's model or its engine refused it.
    #[error("case {case}: {message}")]
    Case {
        /// The case's name.
        case: String,
        /// What refused it.
        message: String,
    },
}

/// Runs one case once; a run stopped by `timeout` (or by the case's own shorter cap) is
/// reported as incomplete, never as a count.
pub fn run_once(case: &Case, timeout: Duration) -> Result<(f64, Summary), BenchError> {
    let fail = |message: String| BenchError::Case {
        case: case.name.clone(),
        message,
    };
    let started = Instant::now();
    if let Some(summary) = super::large::run_large(case) {
        return Ok((started.elapsed().as_secs_f64(), summary.map_err(fail)?));
    }
    let spec = Spec::from_toml(&case.model, &case.name).map_err(|e| fail(e.to_string()))?;
    let puzzle = Puzzle::from_spec(&spec).map_err(|e| fail(e.to_string()))?;
    let cap = case.cap_seconds.map(Duration::from_secs_f64);
    let limits = Limits {
        timeout: Some(cap.map_or(timeout, |cap| cap.min(timeout))),
        ..Limits::default()
    };
    let started = Instant::now();
    let summary = run_runner(&case.runner, &puzzle, &limits, started).map_err(fail)?;
    Ok((started.elapsed().as_secs_f64(), summary))
}

/// Runs what `runner` names on `puzzle` once.
fn run_runner(
    runner: &Runner,
    puzzle: &Puzzle,
    limits: &Limits,
    started: Instant,
) -> Result<Summary, String> {
    match runner {
        Runner::Search { jobs } => {
            let options = SearchOptions {
                jobs: *jobs,
                ..SearchOptions::default()
            };
            crate::search::count(puzzle, &options, limits, &|_| {}).map_err(|e| e.to_string())
        }
        Runner::Frontier { jobs } => {
            let engine = FrontierEngine {
                workers: Workers::new(crate::run::workers(*jobs)),
                ..FrontierEngine::default()
            };
            engine
                .count(puzzle, limits, &[], &|_| {})
                .map_err(|e| e.to_string())
        }
        Runner::Baseline => baseline_summary(puzzle, started),
        Runner::SatFirst { .. } | Runner::SatEncodingFirst { .. } => {
            crate::sat::solve(puzzle, &sat_options(runner), limits)
                .map(|(_, summary)| summary)
                .map_err(|e| e.to_string())
        }
        Runner::SatCount { .. } | Runner::SatEncoding { .. } | Runner::SatConnectivity { .. } => {
            crate::sat::count(puzzle, &sat_options(runner), limits).map_err(|e| e.to_string())
        }
        Runner::Construct | Runner::WriteFloor | Runner::Warnsdorff { .. } => {
            Err("a construction case runs without a puzzle".into())
        }
        Runner::Sample { .. } | Runner::Classify { .. } => {
            super::sampling::run_sampling(runner, puzzle, started)
        }
        Runner::Minimise { kind } => minimise_summary(puzzle, *kind, limits, started),
    }
}

/// The SAT engine's options for a SAT runner; the defaults for the others.
fn sat_options(runner: &Runner) -> SatOptions {
    let encode = EncodeOptions::default();
    match *runner {
        Runner::SatCount { solver } | Runner::SatFirst { solver } => SatOptions {
            solver,
            ..SatOptions::default()
        },
        Runner::SatEncoding { pb_encoding } | Runner::SatEncodingFirst { pb_encoding } => {
            SatOptions {
                jobs: 1,
                encode: EncodeOptions {
                    pb_encoding,
                    ..encode
                },
                ..SatOptions::default()
            }
        }
        Runner::SatConnectivity {
            solver,
            connectivity,
        } => SatOptions {
            solver,
            encode: EncodeOptions {
                connectivity,
                ..encode
            },
            ..SatOptions::default()
        },
        _ => SatOptions::default(),
    }
}

/// The descent, then the count of the optimal tours with the minimum in the stats; a descent
/// stopped before its proof is an incomplete run.
fn minimise_summary(
    puzzle: &Puzzle,
    kind: AngleKind,
    limits: &Limits,
    started: Instant,
) -> Result<Summary, String> {
    let engine = crate::sat::SatEngine::default();
    let descent =
        minimise(&engine, puzzle, kind, limits, &mut |_| {}).map_err(|e| e.to_string())?;
    let Some(minimum) = descent.minimum() else {
        let mut summary = Summary::new(puzzle, "sat");
        summary.finish(Ending::Timeout, started);
        return Ok(summary);
    };
    let optimal = with_angle_bound(puzzle, kind, minimum, minimum);
    let limits = Limits {
        timeout: remaining(limits.timeout, started),
        ..limits.clone()
    };
    let mut summary =
        crate::sat::count(&optimal, &SatOptions::default(), &limits).map_err(|e| e.to_string())?;
    summary.stats.insert("minimum".into(), minimum.into());
    Ok(summary)
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

/// The middle value (the mean of the two middle ones for an even count).
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
/// first-solution run found one or showed there is none (it stops on its limit after
/// the first class, which may hold several tours: two for nested-semimagic).
pub(super) fn finished(runner: &Runner, summary: &Summary) -> bool {
    match runner {
        Runner::SatFirst { .. } | Runner::SatEncodingFirst { .. } => {
            summary.solutions > 0 || summary.ending == crate::run::Ending::Exhausted
        }
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
    // Neither the baseline nor the frontier engine sorts its tours into classes.
    let counts_classes = !matches!(case.runner, Runner::Baseline | Runner::Frontier { .. });
    let classes = counts_classes.then_some(summary.classes);
    Ok(CaseResult {
        name: case.name.clone(),
        runner: case.runner.clone(),
        median_seconds: median(&seconds),
        seconds,
        solutions: summary.solutions,
        classes,
        nodes: summary
            .stats
            .get("nodes")
            .and_then(serde_json::Value::as_u64),
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
