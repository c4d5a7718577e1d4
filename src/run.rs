//! What every engine reports: how a run ended and the summary record that closes its output.
//!
//! A run ends in one of three states (as Pumpkin's `IteratedSolution` does): the search space
//! was exhausted, a limit stopped it, or a signal did. Only an exhausted run has a count; the
//! others report what they found so far with `complete: false`.

use crate::puzzle::{Puzzle, SolutionKind};
use crate::tour::Tour;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How an enumeration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    /// Every solution was found: the counts are exact.
    Exhausted,
    /// `--limit` solutions were found.
    Limit,
    /// `--timeout` ran out.
    Timeout,
    /// Ctrl-C or SIGTERM.
    Signal,
}

impl Ending {
    pub fn is_complete(self) -> bool {
        self == Ending::Exhausted
    }

    /// How the run ended, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Ending::Exhausted => "the search space is exhausted",
            Ending::Limit => "stopped at --limit",
            Ending::Timeout => "stopped by --timeout",
            Ending::Signal => "stopped by a signal",
        }
    }
}

/// Limits on a run, and the flag a signal handler raises to stop it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop once this many solutions (not classes) are found. Engines stop at whole
    /// classes, so their summaries may pass it; the `knights` commands keep exactly this
    /// many, cutting the last class short.
    pub solutions: Option<u64>,
    pub timeout: Option<Duration>,
    pub stop: StopFlag,
}

/// Shared flag that asks every worker to stop; raised by Ctrl-C, SIGTERM or a limit.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for a signal handler that may only store to an atomic.
    pub fn shared(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

impl Limits {
    /// Why the run must stop now, if it must: checked by engines between steps.
    pub fn reason_to_stop(&self, started: Instant, solutions: u64) -> Option<Ending> {
        if self.stop.is_raised() {
            return Some(Ending::Signal);
        }
        if self.solutions.is_some_and(|limit| solutions >= limit) {
            return Some(Ending::Limit);
        }
        if self.timeout.is_some_and(|t| started.elapsed() >= t) {
            return Some(Ending::Timeout);
        }
        None
    }
}

/// One class of solutions as an engine hands it over: every member is a solution of the
/// puzzle on the fixed board, the first is the class representative.
#[derive(Clone, Debug)]
pub struct Class {
    pub members: Vec<Tour>,
}

/// The last line of `count` and `enumerate`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub model: String,
    pub engine: String,
    pub kind: SolutionKind,
    /// Solutions on the fixed board (see `SolutionKind`).
    pub solutions: u64,
    /// Orbits of solutions under the model's equivalence.
    pub classes: u64,
    /// `true` only when the search space was exhausted.
    pub complete: bool,
    pub ending: Ending,
    pub seconds: f64,
    /// The theorem that rules out every solution, when no engine had to run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theorem: Option<String>,
    /// Engine-specific figures (nodes, conflicts, CNF size, ...).
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub stats: serde_json::Map<String, serde_json::Value>,
}

impl Summary {
    pub fn new(puzzle: &Puzzle, engine: &str) -> Self {
        Summary {
            model: puzzle.name.clone(),
            engine: engine.to_string(),
            kind: puzzle.kind(),
            solutions: 0,
            classes: 0,
            complete: false,
            ending: Ending::Exhausted,
            seconds: 0.0,
            theorem: None,
            stats: serde_json::Map::new(),
        }
    }

    pub fn finish(&mut self, ending: Ending, started: Instant) {
        self.ending = ending;
        self.complete = ending.is_complete();
        self.seconds = started.elapsed().as_secs_f64();
    }

    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a summary always serialises")
    }
}
