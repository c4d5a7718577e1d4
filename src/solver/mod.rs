//! Incremental SAT solver backends.
//!
//! This module owns the choice of solver ([`SolverKind`]), the object-safe
//! [`Backend`] trait that the enumeration code drives, the shared stop
//! mechanism ([`StopSignal`]) and the error type of every backend.
//!
//! Two backends exist, each in its own file and each also implementing
//! rustsat's `Solve`, `SolveIncremental` and `SolveStats` traits so that
//! rustsat-based code can use them directly:
//!
//! - [`cadical::CadicalBackend`] wraps the `cadical` crate (CaDiCaL 1.9.5,
//!   Biere et al., SAT Competition 2020 system description);
//! - [`varisat::VarisatBackend`] wraps the pure-Rust `varisat` 0.2 solver.
//!
//! Beside them, [`kissat::Refuter`] runs Kissat 3.1.1 once on a cube's CNF.
//! Kissat cannot enumerate (no assumptions, one solve call per solver), so it
//! is no [`Backend`]: the search only asks it whether a cube is empty
//! (`--refute-first`).
//!
//! rustsat's `Solve` trait is generic (and requires `Extend`), so it cannot be
//! a trait object; [`Backend`] is the small object-safe surface we need.
//!
//! Capabilities that differ between the two (documented, not papered over):
//!
//! - *Stopping a running solve.* CaDiCaL polls a terminate callback, so a
//!   [`StopSignal`] raised from another thread (or a passed deadline) stops it
//!   mid-search. varisat has no interrupt API: it checks the signal only before
//!   each solve call, so one long varisat call runs to completion.
//! - *Freezing variables.* CaDiCaL eliminates variables between solve calls;
//!   [`Backend::freeze`] keeps the ones the engine still needs out of that
//!   (the search freezes the primary variables before its first blocking
//!   clause). Without it the
//!   answers would still be right, since CaDiCaL restores an eliminated
//!   variable's clauses when the variable reappears (Fazekas, Biere, Scholl,
//!   SAT 2019), but each restoration costs work. varisat does no variable
//!   elimination, so it has nothing to freeze.

pub mod cadical;
mod ccadical;
pub mod enumerate;
pub mod kissat;
mod rustsat_traits;
pub mod varisat;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustsat::solvers::{SolverResult, SolverState, SolverStats};
use rustsat::types::{Lit, Var};
use serde::{Deserialize, Serialize};

use crate::run::{Ending, Limits, StopFlag};

pub use self::cadical::CadicalBackend;
pub use self::varisat::VarisatBackend;

pub use crate::encode::MAX_VARIABLE_INDEX;

/// Rejects variables past [`MAX_VARIABLE_INDEX`].
fn check_variable(backend: &'static str, lit: Lit) -> Result<(), BackendError> {
    if lit.vidx() > MAX_VARIABLE_INDEX {
        return Err(BackendError::VariableOutOfRange {
            backend,
            index: lit.vidx(),
            max: MAX_VARIABLE_INDEX,
        });
    }
    Ok(())
}

/// Which SAT solver runs the search.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum SolverKind {
    /// CaDiCaL 1.9.5 (C++, incremental, interruptible).
    #[default]
    Cadical,
    /// varisat 0.2 (pure Rust, incremental, not interruptible mid-solve).
    Varisat,
}

impl SolverKind {
    /// Short lower-case name, as accepted on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Cadical => "cadical",
            SolverKind::Varisat => "varisat",
        }
    }

    /// Solver name and version, as its backend reports it.
    pub fn signature(self) -> &'static str {
        match self {
            SolverKind::Cadical => cadical::signature(),
            SolverKind::Varisat => varisat::SIGNATURE,
        }
    }
}

impl std::fmt::Display for SolverKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// CaDiCaL's built-in option presets (the only configuration the `cadical`
/// crate exposes besides resource limits).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum CadicalPreset {
    /// CaDiCaL's default options, including inprocessing.
    #[default]
    Default,
    /// All internal preprocessing off; no variable is ever eliminated.
    Plain,
    /// Options tuned for satisfiable instances.
    Sat,
    /// Options tuned for unsatisfiable instances.
    Unsat,
}

impl CadicalPreset {
    /// The configuration name CaDiCaL's `configure` understands.
    pub fn config_name(self) -> &'static str {
        match self {
            CadicalPreset::Default => "default",
            CadicalPreset::Plain => "plain",
            CadicalPreset::Sat => "sat",
            CadicalPreset::Unsat => "unsat",
        }
    }
}

/// One CaDiCaL option set by name after the preset, as `NAME=VALUE` on the
/// command line (`--cadical-option elim=0`). The names and ranges are
/// CaDiCaL's own (`cadical --help` lists them); a name it does not know, or
/// a value outside the option's range, is an error, never silently ignored.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CadicalOption {
    /// The option's name, as CaDiCaL spells it.
    pub name: String,
    /// The value to set it to.
    pub value: i32,
}

impl std::str::FromStr for CadicalOption {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("'{text}' is not NAME=VALUE"))?;
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!(
                "'{name}' is not an option name (letters and digits only)"
            ));
        }
        let value = value
            .trim()
            .parse()
            .map_err(|_| format!("the value of '{name}' is not an integer: '{value}'"))?;
        Ok(CadicalOption {
            name: name.to_owned(),
            value,
        })
    }
}

impl std::fmt::Display for CadicalOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.name, self.value)
    }
}

/// A cheap, cloneable, thread-safe request to stop solving.
///
/// It wraps the run's [`StopFlag`] (raised by Ctrl-C, SIGTERM or a caller)
/// and an optional deadline, so the backend polls exactly what the rest of
/// the run obeys. The deadline is fixed at creation, so every clone agrees.
///
/// Every solver of a run holds a clone, so the signal also carries the one
/// thing a solver tells the run while a call lasts: its conflicts, added up
/// over the run's solvers ([`StopSignal::conflicts`]).
#[derive(Clone, Debug, Default)]
pub struct StopSignal {
    flag: StopFlag,
    deadline: Option<Instant>,
    /// Raised by the engine, not the user: stops its workers once a limit is met.
    halt: Option<StopFlag>,
    /// Conflicts so far over every solver holding a clone; counted by the
    /// backends that can (CaDiCaL), read for progress while a call runs.
    conflicts: Arc<AtomicU64>,
}

impl StopSignal {
    /// A signal that only stops when [`StopSignal::request_stop`] is called.
    pub fn new() -> Self {
        Self::default()
    }

    /// A signal that also stops once `timeout` has elapsed from now.
    pub fn with_timeout(timeout: Duration) -> Self {
        Self::new().until(Instant::now().checked_add(timeout))
    }

    /// Polls `flag`, and the deadline if there is one.
    pub fn watching(flag: StopFlag, deadline: Option<Instant>) -> Self {
        StopSignal {
            flag,
            deadline,
            halt: None,
            conflicts: Arc::default(),
        }
    }

    /// The same signal, also stopping when `halt` is raised (reported as
    /// [`Ending::Limit`]: the engine stops its own workers once its limit is met).
    pub fn halted_by(self, halt: StopFlag) -> Self {
        StopSignal {
            halt: Some(halt),
            ..self
        }
    }

    /// The run's limits as a signal: its stop flag and `timeout` after `started`.
    pub fn from_limits(limits: &Limits, started: Instant) -> Self {
        let deadline = limits.timeout.and_then(|t| started.checked_add(t));
        Self::watching(limits.stop.clone(), deadline)
    }

    fn until(self, deadline: Option<Instant>) -> Self {
        StopSignal { deadline, ..self }
    }

    /// Asks every holder of this signal (and of its flag) to stop soon.
    pub fn request_stop(&self) {
        self.flag.raise();
    }

    /// How the run ends if it stops now: `Some` once a stop was requested
    /// ([`Ending::Signal`]), the engine halted its workers ([`Ending::Limit`])
    /// or the deadline passed ([`Ending::Timeout`]).
    ///
    /// An explicit request wins over the deadline so that Ctrl-C is reported
    /// as such even when it comes after the time limit.
    pub fn reason(&self) -> Option<Ending> {
        if self.flag.is_raised() {
            return Some(Ending::Signal);
        }
        if self.halt.as_ref().is_some_and(StopFlag::is_raised) {
            return Some(Ending::Limit);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Some(Ending::Timeout),
            _ => None,
        }
    }

    /// Whether solving should stop now.
    pub fn is_raised(&self) -> bool {
        self.reason().is_some()
    }

    /// Counts one conflict of a solver holding this signal.
    pub fn count_conflict(&self) {
        self.conflicts.fetch_add(1, Ordering::Relaxed);
    }

    /// Conflicts counted so far by every solver holding a clone of this signal
    /// (0 from backends that do not count them).
    pub fn conflicts(&self) -> u64 {
        self.conflicts.load(Ordering::Relaxed)
    }
}

impl rustsat::solvers::InterruptSolver for StopSignal {
    fn interrupt(&self) {
        self.request_stop();
    }
}

/// Everything needed to build a backend.
#[derive(Clone, Debug, Default)]
pub struct BackendConfig {
    /// Which solver to run.
    pub kind: SolverKind,
    /// CaDiCaL option preset; ignored by varisat.
    pub cadical_preset: CadicalPreset,
    /// CaDiCaL options set after the preset, in order; ignored by varisat.
    pub cadical_options: Vec<CadicalOption>,
    /// Polled by the backend to stop early.
    pub stop: StopSignal,
}

/// Errors from any backend. None of them is a panic: bad literals, calls in
/// the wrong solver state and solver failures all come back here.
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    /// A variable index the solver cannot represent.
    #[error("{backend}: variable index {index} is beyond the largest supported index {max}")]
    VariableOutOfRange {
        /// Name of the backend that refused it.
        backend: &'static str,
        /// The 0-based index of the variable.
        index: usize,
        /// The largest 0-based index the backend accepts.
        max: usize,
    },
    /// An operation that needs another solver state (e.g. reading a model
    /// after an UNSAT answer).
    #[error("{backend}: {operation} needs the solver in state {required}, but it is {actual}")]
    WrongState {
        /// Name of the backend.
        backend: &'static str,
        /// The operation that was called.
        operation: &'static str,
        /// The state the operation needs.
        required: SolverState,
        /// The state the solver was in.
        actual: SolverState,
    },
    /// The solver rejected a configuration.
    #[error("{backend}: cannot apply configuration '{config}': {message}")]
    Configuration {
        /// Name of the backend.
        backend: &'static str,
        /// The preset or the `NAME=VALUE` option it refused.
        config: String,
        /// Why it was refused.
        message: String,
    },
    /// The solver itself reported a failure.
    #[error("{backend}: solver failure: {message}")]
    Solver {
        /// Name of the backend.
        backend: &'static str,
        /// The solver's own account of the failure.
        message: String,
    },
    /// The backend cannot do what was asked of it.
    #[error("{backend} cannot write {what}; use --solver cadical")]
    Unsupported {
        /// Name of the backend.
        backend: &'static str,
        /// What it cannot do.
        what: &'static str,
    },
    /// A proof file could not be created or written.
    #[error("{backend}: cannot write the proof file {path}")]
    ProofFile {
        /// Name of the backend.
        backend: &'static str,
        /// The file.
        path: String,
    },
}

/// Counters every backend keeps about its own use.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BackendStats {
    /// Solve calls answered SAT.
    pub sat_answers: usize,
    /// Solve calls answered UNSAT.
    pub unsat_answers: usize,
    /// Solve calls stopped before a verdict.
    pub interrupted: usize,
    /// Clauses added by the caller (not counting learnt clauses).
    pub clauses_added: usize,
    /// Total literals over all added clauses.
    pub literals_added: usize,
    /// Highest variable mentioned in a clause or assumption.
    pub max_var: Option<Var>,
    /// Wall-clock time spent inside solve calls.
    pub solve_time: Duration,
}

impl BackendStats {
    fn note_var(&mut self, var: Var) {
        if self.max_var.is_none_or(|max| var > max) {
            self.max_var = Some(var);
        }
    }

    fn note_clause(&mut self, clause: &[Lit]) {
        self.clauses_added += 1;
        self.literals_added += clause.len();
        clause.iter().for_each(|lit| self.note_var(lit.var()));
    }

    fn note_answer(&mut self, result: SolverResult, elapsed: Duration) {
        self.solve_time += elapsed;
        match result {
            SolverResult::Sat => self.sat_answers += 1,
            SolverResult::Unsat => self.unsat_answers += 1,
            SolverResult::Interrupted => self.interrupted += 1,
        }
    }

    /// The same numbers in rustsat's shape.
    pub fn to_rustsat(&self) -> SolverStats {
        let avg_clause_len = if self.clauses_added == 0 {
            0.0
        } else {
            self.literals_added as f32 / self.clauses_added as f32
        };
        SolverStats {
            n_sat: self.sat_answers,
            n_unsat: self.unsat_answers,
            n_terminated: self.interrupted,
            n_clauses: self.clauses_added,
            max_var: self.max_var,
            avg_clause_len,
            cpu_solve_time: self.solve_time,
        }
    }
}

/// The object-safe solver interface the models and the enumerator use.
///
/// State machine (as in IPASIR): adding a clause returns the solver to the
/// input state; [`Backend::value`] is valid only right after a SAT answer and
/// [`Backend::failed_assumptions`] only right after an UNSAT answer.
pub trait Backend {
    /// Which solver this is.
    fn kind(&self) -> SolverKind;

    /// Solver name and version, e.g. `cadical-1.9.5`.
    fn signature(&self) -> &'static str;

    /// Adds a clause (a disjunction); the empty clause makes the formula UNSAT.
    fn add_clause(&mut self, clause: &[Lit]) -> Result<(), BackendError>;

    /// Solves under `assumptions`, which hold for this call only.
    fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SolverResult, BackendError>;

    /// Value of `var` in the last model. Variables the solver never saw are
    /// false (both solvers agree on this), so the answer is always a bool.
    fn value(&self, var: Var) -> Result<bool, BackendError>;

    /// Assumptions of the last UNSAT call that were used to refute them (a
    /// subset of the assumptions, not negated).
    fn failed_assumptions(&self) -> Result<Vec<Lit>, BackendError>;

    /// The signal this backend polls.
    fn stop_signal(&self) -> &StopSignal;

    /// Whether a raised [`StopSignal`] stops a solve call that is already
    /// running (true for CaDiCaL, false for varisat).
    fn interrupts_running_solve(&self) -> bool;

    /// Usage counters.
    fn usage(&self) -> &BackendStats;

    /// Caps the conflicts of the next solve call only, which then answers
    /// `Interrupted` on reaching the cap with no stop raised. False (and nothing capped)
    /// for solvers without such a cap (varisat).
    fn cap_next_conflicts(&mut self, _conflicts: u32) -> bool {
        false
    }

    /// Conflicts so far (learnt clauses), when the solver reports them.
    fn conflicts(&mut self) -> Option<u64> {
        None
    }

    /// Keeps `vars` in the formula for the solver's whole life: they will
    /// appear in later clauses and assumptions. A no-op for solvers that
    /// eliminate no variables.
    fn freeze(&mut self, _vars: &[Var]) -> Result<(), BackendError> {
        Ok(())
    }

    /// Whether `var` is frozen; `None` for solvers without freezing.
    fn is_frozen(&self, _var: Var) -> Result<Option<bool>, BackendError> {
        Ok(None)
    }

    /// Traces a DRAT proof of the solver's work into a new file at `path`: only before the
    /// first clause. `Ok(false)` for solvers that write no proofs.
    fn trace_proof(&mut self, _path: &std::path::Path) -> Result<bool, BackendError> {
        Ok(false)
    }

    /// Writes `clause` into the traced proof as a lemma, where the checker then checks it.
    fn write_lemma(&mut self, _clause: &[Lit]) -> Result<(), BackendError> {
        Err(BackendError::Unsupported {
            backend: self.kind().name(),
            what: "proofs",
        })
    }

    /// Ends the traced proof, its file complete on disk.
    fn close_proof(&mut self) -> Result<(), BackendError> {
        Ok(())
    }
}

/// Builds the backend chosen in `config`, ready for clauses.
pub fn new_backend(config: &BackendConfig) -> Result<Box<dyn Backend>, BackendError> {
    Ok(match config.kind {
        SolverKind::Cadical => Box::new(CadicalBackend::with_options(
            config.cadical_preset,
            &config.cadical_options,
            config.stop.clone(),
        )?),
        SolverKind::Varisat => Box::new(VarisatBackend::new(config.stop.clone())),
    })
}

/// Shared state bookkeeping of both adapters, so that state errors look alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AnswerState {
    Input,
    Sat,
    Unsat,
    Unknown,
}

impl AnswerState {
    fn from_result(result: SolverResult) -> Self {
        match result {
            SolverResult::Sat => AnswerState::Sat,
            SolverResult::Unsat => AnswerState::Unsat,
            SolverResult::Interrupted => AnswerState::Unknown,
        }
    }

    fn to_rustsat(self) -> SolverState {
        match self {
            AnswerState::Input => SolverState::Input,
            AnswerState::Sat => SolverState::Sat,
            AnswerState::Unsat => SolverState::Unsat,
            AnswerState::Unknown => SolverState::Unknown,
        }
    }

    /// `Ok` when in `required`, otherwise the error a caller should see.
    fn require(
        self,
        required: AnswerState,
        backend: &'static str,
        operation: &'static str,
    ) -> Result<(), BackendError> {
        if self == required {
            Ok(())
        } else {
            Err(BackendError::WrongState {
                backend,
                operation,
                required: required.to_rustsat(),
                actual: self.to_rustsat(),
            })
        }
    }
}

/// Converts a rustsat result into the `anyhow` shape rustsat's traits expect.
fn into_anyhow<T>(result: Result<T, BackendError>) -> anyhow::Result<T> {
    result.map_err(anyhow::Error::from)
}

#[cfg(test)]
mod tests;
