//! Benchmarks: each case is run several times and its median reported, set against the
//! baseline backtracker (`baseline`) measured in the same run on the same machine, so a ratio
//! means the same thing on any machine. `knights bench` writes the record to `results/`.

pub mod baseline;

use crate::encode::pb::PbEncoding;
use crate::encode::{Connectivity, EncodeOptions};
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
    /// The SAT engine finding one solution with a chosen line-sum encoding, on one thread:
    /// the encoding comparison on models too large to count.
    SatEncodingFirst { pb_encoding: PbEncoding },
    /// The SAT engine counting every class with a chosen backend and connectivity: the
    /// options comparison measures time, solver calls and subtour cuts.
    SatConnectivity {
        solver: SolverKind,
        connectivity: Connectivity,
    },
    /// The baseline backtracker on the bare board.
    Baseline,
}

/// One benchmark: a model, what runs it, and what its time is set against.
#[derive(Clone, Debug, Serialize)]
pub struct Case {
    /// "group: what", as `--filter` matches it.
    pub name: String,
    /// The model, as TOML, so the record says exactly what ran.
    pub model: String,
    /// The engine and options that run it.
    pub runner: Runner,
    /// The case whose median this one is divided by, if any.
    pub baseline: Option<String>,
    /// Only with `--heavy`: minutes, not seconds.
    pub heavy: bool,
    /// A time-out of the case's own in seconds, used where it is shorter than the run's:
    /// a case that records how far a run gets in a fixed time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cap_seconds: Option<f64>,
}

impl Case {
    /// The same case, stopped after `seconds` at most.
    pub fn capped(self, seconds: f64) -> Case {
        Case {
            cap_seconds: Some(seconds),
            ..self
        }
    }
}

/// What a case measured: every run's time, their median, and the last run's figures.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    /// The case's name and runner.
    pub name: String,
    pub runner: Runner,
    /// Each run's wall-clock time, and their median.
    pub seconds: Vec<f64>,
    pub median_seconds: f64,
    /// What the last run found; classes are `None` for the baseline, which has none.
    pub solutions: u64,
    pub classes: Option<u64>,
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
    /// Size of the CNF.
    pub variables: u64,
    pub clauses: u64,
    /// `None` where the backend does not count them (varisat).
    pub conflicts: Option<u64>,
    /// Calls to the solver, and the subtour cuts added between them (lazy connectivity).
    pub solve_calls: u64,
    pub subtour_cuts: u64,
}

impl SatFigures {
    fn of(summary: &Summary) -> Option<SatFigures> {
        let stat = |name: &str| summary.stats.get(name).and_then(|v| v.as_u64());
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

/// Every shipped model, by name, as the binary carries it.
const SHIPPED: [(&str, &str); 13] = [
    ("closed-6x6", include_str!("../../models/closed-6x6.toml")),
    (
        "closed-8x8-rot180",
        include_str!("../../models/closed-8x8-rot180.toml"),
    ),
    (
        "cube-4x4x4-closed",
        include_str!("../../models/cube-4x4x4-closed.toml"),
    ),
    (
        "cube-4x4x4-open",
        include_str!("../../models/cube-4x4x4-open.toml"),
    ),
    (
        "magic-closed-centrosymmetric",
        include_str!("../../models/magic-closed-centrosymmetric.toml"),
    ),
    (
        "nested-semimagic-any-ends",
        include_str!("../../models/nested-semimagic-any-ends.toml"),
    ),
    (
        "nested-semimagic",
        include_str!("../../models/nested-semimagic.toml"),
    ),
    ("open-5x5", include_str!("../../models/open-5x5.toml")),
    (
        "semimagic-closed-centrosymmetric",
        include_str!("../../models/semimagic-closed-centrosymmetric.toml"),
    ),
    ("semimagic", include_str!("../../models/semimagic.toml")),
    (
        "tile-6x6-structured",
        include_str!("../../models/tile-6x6-structured.toml"),
    ),
    (
        "tile-6x8-structured",
        include_str!("../../models/tile-6x8-structured.toml"),
    ),
    (
        "tile-8x8-structured",
        include_str!("../../models/tile-8x8-structured.toml"),
    ),
];

fn shipped(name: &str) -> Spec {
    let Some((_, text)) = SHIPPED.iter().find(|(shipped, _)| *shipped == name) else {
        unreachable!("no shipped model {name} in the bench suite")
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
        cap_seconds: None,
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
    .into_iter()
    .chain(options_cases())
    .chain(first_tour_cases())
    .collect()
}

/// Models on which the SAT engine's options are compared: (group name, model).
fn options_models() -> [(&'static str, Spec); 3] {
    let corner = "board = \"5x5\"\n[start]\ncells = [[0, 0]]\n";
    [
        ("5x5 paths", plain("5x5", false)),
        ("6x6 cycles", plain("6x6", true)),
        (
            "5x5 paths from a corner",
            Spec::from_toml(corner, "5x5 corner").expect("the corner model parses"),
        ),
    ]
}

/// Both backends with both kinds of connectivity on every model of [`options_models`],
/// each against the default options (CaDiCaL, lazy cuts) on the same model in the same run.
/// Names start with "options:".
pub fn options_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (group, spec) in options_models() {
        let name = |solver: SolverKind, connectivity: Connectivity| {
            let connectivity = format!("{connectivity:?}").to_lowercase();
            format!("options: {group}: {} {connectivity}", solver.name())
        };
        let default_name = name(SolverKind::default(), Connectivity::default());
        for solver in [SolverKind::Cadical, SolverKind::Varisat] {
            for connectivity in [Connectivity::Lazy, Connectivity::Ordering] {
                let own = name(solver, connectivity);
                let baseline = (own != default_name).then_some(default_name.as_str());
                let runner = Runner::SatConnectivity {
                    solver,
                    connectivity,
                };
                cases.push(case(&own, spec.clone(), runner, baseline, false));
            }
        }
    }
    cases
}

/// The first tour of every shipped model through the SAT engine (default options), each
/// stopped after 30 s: which models the engine answers quickly, and how large their CNF is.
/// Heavy; names start with "first tour:".
pub fn first_tour_cases() -> Vec<Case> {
    SHIPPED
        .iter()
        .map(|(name, _)| {
            let runner = Runner::SatFirst {
                solver: SolverKind::Cadical,
            };
            case(
                &format!("first tour: {name}"),
                shipped(name),
                runner,
                None,
                true,
            )
            .capped(30.0)
        })
        .collect()
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

/// Line-sum models too large to count, on which every PB encoding looks for one tour
/// within 20 s: (group name, model, heavy).
const ENCODING_FIRST_MODELS: [(&str, &str, bool); 3] = [
    (
        "6x6 paths, rows 1 and 2 sum to 111",
        "board = \"6x6\"\n[[sums.lines]]\ncells = [[0,0],[0,1],[0,2],[0,3],[0,4],[0,5]]\n\
         target = 111\n[[sums.lines]]\ncells = [[1,0],[1,1],[1,2],[1,3],[1,4],[1,5]]\n\
         target = 111\n",
        false,
    ),
    (
        "6x6 paths, rows 111",
        "board = \"6x6\"\n[sums]\nrows = 111\n",
        false,
    ),
    (
        "8x8 paths, rows 260",
        "board = \"8x8\"\n[sums]\nrows = 260\n",
        true,
    ),
];

/// Every PB encoding on one model, each against the default encoding in the same run.
fn encoding_group(prefix: &str, group: &str, model: &str, heavy: bool, first: bool) -> Vec<Case> {
    let spec = Spec::from_toml(model, group).expect("encoding bench models parse");
    let name = |encoding: PbEncoding| format!("{prefix}: {group}: {encoding}");
    let default_name = name(PbEncoding::default());
    let mut cases = Vec::new();
    for pb_encoding in PbEncoding::ALL {
        let own = name(pb_encoding);
        let baseline = (own != default_name).then_some(default_name.as_str());
        let runner = match first {
            true => Runner::SatEncodingFirst { pb_encoding },
            false => Runner::SatEncoding { pb_encoding },
        };
        let one = case(&own, spec.clone(), runner, baseline, heavy);
        cases.push(if first { one.capped(20.0) } else { one });
    }
    cases
}

/// Every PB encoding on every model of [`ENCODING_MODELS`] (counting every class; names
/// start with "encodings:") and of [`ENCODING_FIRST_MODELS`] (one tour, stopped after
/// 20 s; names start with "encodings, first tour:"), each against the default encoding
/// on the same model in the same run.
pub fn encoding_suite() -> Vec<Case> {
    let counted = ENCODING_MODELS
        .iter()
        .flat_map(|&(group, model, heavy)| encoding_group("encodings", group, model, heavy, false));
    let first = ENCODING_FIRST_MODELS
        .iter()
        .flat_map(|&(group, model, heavy)| {
            encoding_group("encodings, first tour", group, model, heavy, true)
        });
    counted.chain(first).collect()
}

/// Runs one case once; a run stopped by `timeout` (or by the case's own shorter cap) is
/// reported as incomplete, never as a count.
pub fn run_once(case: &Case, timeout: Duration) -> Result<(f64, Summary), BenchError> {
    let fail = |message: String| BenchError::Case {
        case: case.name.clone(),
        message,
    };
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
        Runner::Baseline => baseline_summary(puzzle, started),
        Runner::SatFirst { .. } | Runner::SatEncodingFirst { .. } => {
            crate::sat::solve(puzzle, &sat_options(runner), limits)
                .map(|(_, summary)| summary)
                .map_err(|e| e.to_string())
        }
        Runner::SatCount { .. } | Runner::SatEncoding { .. } | Runner::SatConnectivity { .. } => {
            crate::sat::count(puzzle, &sat_options(runner), limits).map_err(|e| e.to_string())
        }
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
        Runner::Search { .. } | Runner::Baseline => SatOptions::default(),
    }
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
fn finished(runner: &Runner, summary: &Summary) -> bool {
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
        let mut none_exists = Summary::new(&puzzle, "sat");
        none_exists.finish(crate::run::Ending::Exhausted, Instant::now());
        assert!(finished(&first, &none_exists));
    }

    #[test]
    fn a_cap_stops_a_case_before_the_runs_time_out() {
        let years = case(
            "all closed 8x8",
            plain("8x8", true),
            Runner::Search { jobs: 1 },
            None,
            false,
        );
        let (_, summary) = run_once(&years.capped(0.2), Duration::from_secs(3600)).unwrap();
        assert_eq!(summary.ending, crate::run::Ending::Timeout);
        assert!(!summary.complete);
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
            Puzzle::from_spec(&Spec::from_toml(&c.model, &c.name).unwrap()).unwrap();
            if let Some(b) = &c.baseline {
                assert!(cases.iter().any(|d| &d.name == b), "{b}");
            }
        }
    }
}
