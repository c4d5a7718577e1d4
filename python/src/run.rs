//! `count` and `solve`: one run of an engine, chosen as the CLI chooses it, off the GIL and
//! stoppable by Ctrl-C.

use crate::convert::{named, record_to_python, serde_name};
use crate::errors::{argument_error, run_error};
use crate::model::Model;
use crate::tour::Tour;
use knights::choice::symmetric_first::{first_tour, FirstReports};
use knights::choice::{Choice, EngineName, EngineRequest, Purpose};
use knights::puzzle::existence::no_solution_reason;
use knights::puzzle::Puzzle;
use knights::run::{CountOnly, Ending, Engine, Limits, Spelling, StopFlag, Summary};
use knights::sat::SatOptions;
use knights::solver::SolverKind;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyInt;
use std::time::{Duration, Instant};

/// How often a thread waiting on a run looks for Ctrl-C.
pub const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// What a run is told, as the Python functions' keyword arguments give it: the library's
/// engine request, which the CLI fills from its flags.
#[derive(Clone, Debug)]
pub struct RunRequest {
    request: EngineRequest,
}

/// A run ready to start: its engine, limits, and the choice behind the engine.
pub struct Lowered {
    pub engine: Box<dyn Engine + Send + Sync>,
    pub limits: Limits,
    pub choice: Choice,
    pub request: EngineRequest,
}

impl RunRequest {
    /// A request as the Python functions' keyword arguments give it, each argument checked.
    pub fn new(
        engine: &str,
        jobs: usize,
        timeout: Option<f64>,
        limit: Option<u64>,
        solver: Option<String>,
    ) -> PyResult<Self> {
        let solver_kind = match &solver {
            Some(name) => named::<SolverKind>("solver", name)?,
            None => SolverKind::default(),
        };
        seconds_argument("timeout", timeout)?;
        Ok(RunRequest {
            request: EngineRequest {
                engine: named::<EngineName>("engine", engine)?,
                jobs,
                limit,
                timeout,
                sat: SatOptions {
                    solver: solver_kind,
                    ..SatOptions::default()
                },
                sat_settings: solver.iter().map(|_| "solver").collect(),
                spelling: Spelling::Keywords,
                ..EngineRequest::default()
            },
        })
    }

    /// The engine for `puzzle` and a run for `purpose` (`auto` resolved by the library's
    /// rule, as `knights` resolves it), and the limits.
    pub fn lower(&self, puzzle: &Puzzle, purpose: Purpose) -> PyResult<Lowered> {
        let limits = self.limits()?;
        let choice = self.request.choose(puzzle, purpose, &limits.stop);
        self.request.check(&choice).map_err(PyValueError::new_err)?;
        Ok(Lowered {
            engine: self.request.build(&choice),
            limits,
            choice,
            request: self.request.clone(),
        })
    }

    /// The limits, with a fresh stop flag.
    pub fn limits(&self) -> PyResult<Limits> {
        Ok(Limits {
            solutions: self.request.limit,
            timeout: seconds_argument("timeout", self.request.timeout)?,
            stop: StopFlag::default(),
        })
    }
}

/// The longest time an argument gives, as the CLI's flags allow: past any run, and a
/// `Duration` a deadline can still be built from (a larger float would panic there).
const LONGEST_SECONDS: f64 = 1e9;

/// An optional time limit given in seconds as the argument `name`: refused unless a positive
/// number, and held to [`LONGEST_SECONDS`].
pub fn seconds_argument(name: &str, seconds: Option<f64>) -> PyResult<Option<Duration>> {
    match seconds {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            Err(argument_error(name, "must be a positive number of seconds"))
        }
        Some(s) => Ok(Some(Duration::from_secs_f64(s.min(LONGEST_SECONDS)))),
        None => Ok(None),
    }
}

/// Runs `work` on its own thread with the GIL released, looking for Ctrl-C meanwhile: a
/// KeyboardInterrupt raises `stop`, waits for the run to end and is raised again.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &StopFlag,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let handle = scope.spawn(work);
        let mut interrupted = None;
        while !handle.is_finished() {
            py.detach(|| std::thread::sleep(SIGNAL_POLL));
            if interrupted.is_none() {
                if let Err(err) = py.check_signals() {
                    stop.raise();
                    interrupted = Some(err);
                }
            }
        }
        let value = handle.join().expect("a run does not panic");
        interrupted.map_or(Ok(value), Err)
    })
}

/// The summary of a run: the counts and how the run ended. Only a complete run's counts are
/// exact; a run stopped by a limit, a time-out or Ctrl-C says complete=False.
#[pyclass(module = "knights", frozen, get_all)]
pub struct CountResult {
    /// Solutions on the fixed board (what one is: see kind), a Python int of any size (the
    /// frontier engine's counts can pass 2**64); None when the frontier engine stopped before
    /// it had a count.
    pub solutions: Option<Py<PyInt>>,
    /// Classes under the model's equivalence (None from the frontier engine).
    pub classes: Option<u64>,
    /// Whether the search space was exhausted, so the counts are exact.
    pub complete: bool,
    /// "exhausted", "limit", "timeout" or "signal".
    pub ending: String,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// The engine that ran: "search", "sat", "frontier", or "theorem" when none had to.
    pub engine: String,
    /// What a solution is: "cycle", "path" or "numbered".
    pub kind: String,
    /// The theorem that rules out every tour, when one does.
    pub theorem: Option<String>,
    /// The engine's own figures (nodes, conflicts, CNF size, ...).
    pub stats: Py<PyAny>,
}

#[pymethods]
impl CountResult {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "CountResult(solutions={}, classes={}, complete={}, ending={:?}, engine={:?}, seconds={:.3})",
            self.solutions
                .as_ref()
                .map_or("None".to_string(), |n| n.bind(py).to_string()),
            self.classes.map_or("None".to_string(), |n| n.to_string()),
            if self.complete { "True" } else { "False" },
            self.ending,
            self.engine,
            self.seconds
        )
    }
}

impl CountResult {
    /// The result of a run's summary: its counts as exact Python ints, a count-only
    /// engine's (which may pass 2**64) read from its digits; no classes from such an engine,
    /// and no count at all from one stopped before it had one.
    pub fn of(py: Python<'_>, summary: &Summary) -> PyResult<CountResult> {
        let (solutions, classes) = match &summary.count_only {
            None => (
                Some(summary.solutions.into_pyobject(py)?),
                Some(summary.classes),
            ),
            Some(CountOnly { solutions }) => (
                solutions.as_deref().map(|d| exact_int(py, d)).transpose()?,
                None,
            ),
        };
        Ok(CountResult {
            solutions: solutions.map(Bound::unbind),
            classes,
            complete: summary.complete,
            ending: serde_name(py, &summary.ending)?,
            seconds: summary.seconds,
            engine: summary.engine.clone(),
            kind: serde_name(py, &summary.kind)?,
            theorem: summary.theorem.clone(),
            stats: record_to_python(py, &summary.stats)?,
        })
    }
}

/// An exact count given in decimal (the frontier engine's, which can pass 2**64) as a Python
/// int, read by Python's int() with every digit.
fn exact_int<'py>(py: Python<'py>, digits: &str) -> PyResult<Bound<'py, PyInt>> {
    Ok(py
        .get_type::<PyInt>()
        .call1((digits,))?
        .cast_into::<PyInt>()?)
}

/// The summary of a model no tour can satisfy, by the theorem that says so.
pub fn by_theorem(puzzle: &Puzzle) -> Option<Summary> {
    let reason = no_solution_reason(puzzle)?;
    let mut summary = Summary::new(puzzle, "theorem");
    summary.theorem = Some(reason);
    summary.finish(Ending::Exhausted, Instant::now());
    Some(summary)
}

/// Counts the solutions and classes of a model.
///
/// engine: "auto" (as `knights count` chooses: for a plain count of a large tree the frontier
/// engine when its short trial forecasts it faster, else the native search unless line sums
/// or angle bounds make its tree large), "sat", "search" or "frontier"; jobs: worker threads (0: one
/// per core); timeout: seconds; solver: the SAT backend ("cadical", "varisat", ...).
/// Ctrl-C stops the run and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (model, *, engine="auto", jobs=0, timeout=None, solver=None))]
pub fn count(
    py: Python<'_>,
    model: &Model,
    engine: &str,
    jobs: usize,
    timeout: Option<f64>,
    solver: Option<String>,
) -> PyResult<CountResult> {
    let puzzle = &model.puzzle;
    if let Some(summary) = by_theorem(puzzle) {
        return CountResult::of(py, &summary);
    }
    let run =
        RunRequest::new(engine, jobs, timeout, None, solver)?.lower(puzzle, Purpose::Count)?;
    let summary = interruptible(py, &run.limits.stop, || {
        run.engine.count(puzzle, &run.limits, &[], &|_| {})
    })?;
    CountResult::of(py, &summary.map_err(run_error)?)
}

/// The first solution of a model, verified; None when none exists (raises KnightsError when a
/// time-out ended the search before it decided).
#[pyfunction]
#[pyo3(signature = (model, *, engine="auto", jobs=0, timeout=None, solver=None))]
pub fn solve(
    py: Python<'_>,
    model: &Model,
    engine: &str,
    jobs: usize,
    timeout: Option<f64>,
    solver: Option<String>,
) -> PyResult<Option<Tour>> {
    let puzzle = &model.puzzle;
    if by_theorem(puzzle).is_some() {
        return Ok(None);
    }
    let run =
        RunRequest::new(engine, jobs, timeout, Some(1), solver)?.lower(puzzle, Purpose::List)?;
    let search = run.request.search_options();
    let (found, summary) = interruptible(py, &run.limits.stop, || {
        let reports = FirstReports {
            progress: &|_| {},
            note: &|_| {},
        };
        first_tour(
            puzzle,
            &run.choice,
            run.engine.as_ref(),
            &search,
            &run.limits,
            &reports,
        )
    })?
    .map_err(run_error)?;
    match found {
        Some(tour) => checked(puzzle, tour).map(Some),
        None if summary.complete => Ok(None),
        None => Err(run_error(format!(
            "no solution found before the run ended: {}",
            summary.ending.describe_in(Spelling::Keywords)
        ))),
    }
}

/// A tour an engine found, passed through the verifier (which shares no code with any
/// engine) before Python sees it.
pub fn checked(puzzle: &Puzzle, tour: knights::tour::Tour) -> PyResult<Tour> {
    let violations = knights::verify::verify(puzzle, &tour);
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(run_error(format!(
            "internal error: the engine's tour breaks rules: {}",
            list.join("; ")
        )));
    }
    Ok(Tour::new(tour, &puzzle.board))
}
