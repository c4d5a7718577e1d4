//! What every engine reports: how a run ended and the summary record that closes its output.
//!
//! A run ends in one of three states (as Pumpkin's `IteratedSolution` does): the search space
//! was exhausted, a limit stopped it, or a signal did. Only an exhausted run has a count; the
//! others report what they found so far with `complete: false`.

mod engine;
mod finished;
mod progress;
mod spelling;
mod summary;

pub use engine::{Engine, EngineError};
pub use finished::{fingerprint, FinishedCubes, FinishedParts};
pub use progress::{
    ContinuedProgress, CubeProgress, JobResumedProgress, NodeProgress, Progress, SetAside,
    SolverProgress, StepProgress,
};
pub use spelling::Spelling;
pub use summary::{CheckpointNote, CountOnly, Summary};

use crate::tour::Tour;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How an enumeration ended: the one end state of every engine and command, down to a single
/// solver's enumeration loop and its stop signal. The order is the one reported when workers
/// end differently: a user's signal wins over a time-out, which wins over the engine's own
/// limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    /// Every solution was found: the counts are exact.
    Exhausted,
    /// `--limit` solutions were found (or the number of models a caller asked for).
    Limit,
    /// `--timeout` ran out.
    Timeout,
    /// Ctrl-C or SIGTERM.
    Signal,
}

impl Ending {
    /// Every ending, in order.
    pub const ALL: [Ending; 4] = [
        Ending::Exhausted,
        Ending::Limit,
        Ending::Timeout,
        Ending::Signal,
    ];

    /// Whether the counts are exact.
    pub fn is_complete(self) -> bool {
        self == Ending::Exhausted
    }

    /// How the run ended, in the CLI's words.
    pub fn describe(self) -> String {
        self.describe_in(Spelling::Flags)
    }

    /// How the run ended, naming the setting that stopped it as the caller spells it.
    pub fn describe_in(self, spelling: Spelling) -> String {
        match self {
            Ending::Exhausted => "the search space is exhausted".to_string(),
            Ending::Limit => format!("stopped at {}", spelling.setting("limit")),
            Ending::Timeout => format!("stopped by {}", spelling.setting("timeout")),
            Ending::Signal => "stopped by a signal".to_string(),
        }
    }

    /// The ending to report of two: the later in the order above.
    pub fn worse(self, other: Ending) -> Ending {
        self.max(other)
    }

    /// The ending as a small number, for an atomic that workers share.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The ending of a [`Ending::code`]; `None` for any other number, which must never be
    /// read as an ending, least of all as the one that claims a complete count.
    pub fn from_code(code: u8) -> Option<Ending> {
        Ending::ALL.into_iter().find(|ending| ending.code() == code)
    }
}

/// Workers per core beyond which more threads only add stacks and switching: the engines'
/// work is computation, and a few per core already hide any waiting.
const WORKERS_PER_CORE: usize = 4;

/// The cores this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// The worker threads a run starts for `asked` (0: one per core): never more than
/// `WORKERS_PER_CORE` (4) per core, so that `-j 100000` neither takes minutes to start its
/// threads nor to stop them.
pub fn workers(asked: usize) -> usize {
    match asked {
        0 => cores(),
        n => n.min(most_workers()),
    }
}

/// The most worker threads a run starts.
pub fn most_workers() -> usize {
    cores() * WORKERS_PER_CORE
}

/// Limits on a run, and the flag a signal handler raises to stop it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop once this many solutions (not classes) are found. Engines stop at whole
    /// classes, so their summaries may pass it; the `knights` commands keep exactly this
    /// many, cutting the last class short.
    pub solutions: Option<u64>,
    /// Stop once this much wall-clock time has passed since the start.
    pub timeout: Option<Duration>,
    /// Raised to stop the run from outside (a signal handler, another thread).
    pub stop: StopFlag,
}

/// Shared flag that asks every worker to stop; raised by Ctrl-C, SIGTERM or a limit.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Asks every worker to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop has been asked for.
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

/// A duration in the largest unit that keeps it readable ("101 days").
pub fn human_duration(seconds: f64) -> String {
    match seconds {
        s if s < 0.5 => "under a second".to_string(),
        s if s < 1.5 => "1 second".to_string(),
        s if s < 120.0 => format!("{s:.0} seconds"),
        s if s < 7200.0 => format!("{:.0} minutes", s / 60.0),
        s if s < 172_800.0 => format!("{:.0} hours", s / 3600.0),
        s if s < 63_072_000.0 => format!("{:.0} days", s / 86_400.0),
        s if s < 3.2e10 => format!("{:.0} years", s / 31_536_000.0),
        s => format!("{:.1e} years", s / 31_536_000.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_and_no_other_number_is_an_ending() {
        for ending in Ending::ALL {
            assert_eq!(Ending::from_code(ending.code()), Some(ending));
        }
        assert_eq!(Ending::from_code(Ending::ALL.len() as u8), None);
        assert_eq!(Ending::from_code(u8::MAX), None);
    }

    #[test]
    fn workers_are_capped_at_a_few_per_core() {
        assert_eq!(workers(0), cores());
        assert_eq!(workers(1), 1);
        assert_eq!(workers(100_000), most_workers());
        assert!(most_workers() < 100_000);
    }
}

/// One class of solutions as an engine hands it over: every member is a solution of the
/// puzzle on the fixed board, the first is the class representative.
#[derive(Clone, Debug)]
pub struct Class {
    /// The solutions of the class, representative first.
    pub members: Vec<Tour>,
}
