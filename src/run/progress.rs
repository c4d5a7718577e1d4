//! How far a run has got, as each engine can measure it, for progress displays.

use serde::Serialize;

/// The native search's progress: nodes and solutions so far.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NodeProgress {
    /// Solutions found so far (not a count until the run is complete).
    pub solutions: u64,
    /// Search nodes so far.
    pub nodes: u64,
    /// Seconds since the run started.
    pub seconds: f64,
    /// Nodes per second of wall time so far.
    pub nodes_per_second: f64,
}

/// The SAT engine's progress, reported each time a cube is finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CubeProgress {
    /// Cubes finished so far (every solution in them found).
    pub done: usize,
    /// Cubes the run searches in all.
    pub searched: usize,
}

/// The SAT engine's solvers at work, reported about once a second while the run lasts: one
/// solve call may run for hours between two finished cubes. Only from backends that count
/// their conflicts (CaDiCaL).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SolverProgress {
    /// Conflicts so far, over every solver of the run.
    pub conflicts: u64,
    /// Seconds since the run started.
    pub seconds: f64,
}

/// The frontier engine's progress, reported after each step (one move of the board).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct StepProgress {
    /// Steps done.
    pub step: usize,
    /// Steps in all.
    pub steps: usize,
    /// Steps of one sweep: a count modulo several primes sweeps once for each.
    pub sweep_steps: usize,
    /// Steps of one row of the sweep, after which the frontier's shape repeats.
    pub row_steps: usize,
    /// Steps done before this run started: those of the checkpoint it continued from.
    pub first_step: usize,
    /// States after the last step done.
    pub states: usize,
    /// Bytes the states of the last two steps hold in memory.
    pub bytes: usize,
    /// Bytes the last step held on disk when it spilled; 0 when it did not.
    pub disk_bytes: u64,
    /// Seconds since the run started.
    pub seconds: f64,
}

/// The frontier engine continues a count from a checkpoint saved after `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ContinuedProgress {
    /// Steps done when the checkpoint was saved.
    pub step: usize,
    /// Steps in all.
    pub steps: usize,
    /// When it was saved, in seconds since 1970 (UTC).
    pub saved_unix: u64,
}

/// A job continues what an earlier, unfinished run of it left (`distribute::run_job`),
/// reported once before its engine starts, when there was anything to keep or to set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct JobResumedProgress {
    /// Classes the earlier run wrote in full, each verified again and kept.
    pub classes: usize,
    /// The job's pieces (native search) the earlier run finished: not searched again.
    pub pieces_done: usize,
    /// The job's pieces in all; 0 for a job that does not log them (SAT, native counts).
    pub pieces: usize,
    /// What the earlier run left that could not be used: what it held is found again.
    pub set_aside: Option<SetAside>,
}

/// A file an earlier run of a job left that a new run does not use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SetAside {
    /// The partial result does not read as this job's.
    Partial,
    /// A piece log whose partial result is gone or does not read.
    LogWithoutPartial,
    /// The piece log does not read: the file (`line` 0), its header line, not this job's (1),
    /// or a later line.
    Log {
        /// The first line that does not read.
        line: usize,
    },
}

impl std::fmt::Display for SetAside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetAside::Partial => {
                write!(
                    f,
                    "the earlier run's partial result does not read as this job's"
                )
            }
            SetAside::LogWithoutPartial => {
                write!(
                    f,
                    "the earlier run's piece log has no partial result beside it"
                )
            }
            SetAside::Log { line: 0 } => write!(f, "the earlier run's piece log does not read"),
            SetAside::Log { line: 1 } => {
                write!(
                    f,
                    "the earlier run's piece log does not begin with this job's header"
                )
            }
            SetAside::Log { line } => {
                write!(
                    f,
                    "line {line} of the earlier run's piece log does not read"
                )
            }
        }
    }
}

/// Progress of any engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// From the native search.
    Nodes(NodeProgress),
    /// From the SAT engine.
    Cubes(CubeProgress),
    /// From the SAT engine, between its cubes.
    Solver(SolverProgress),
    /// From the frontier engine.
    Steps(StepProgress),
    /// From the frontier engine, once, before its first step: where it continues from.
    Continued(ContinuedProgress),
    /// From a job's run, once, before its engine starts: what an earlier run left.
    JobResumed(JobResumedProgress),
}
