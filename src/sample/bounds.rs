//! What may stop a sampling run before it has the tours it was asked for: a number of samples
//! tried (a bound on the work that, unlike a time, stops a run at the same place on any
//! machine), a time-out, and the run's stop flag (Ctrl-C, SIGTERM).

use crate::run::{Ending, StopFlag};
use std::time::{Duration, Instant};

/// The bounds of one sampling run.
#[derive(Clone, Debug, Default)]
pub struct Bounds {
    /// Stop once this many samples have been tried.
    pub samples: Option<u64>,
    /// Stop once this much wall-clock time has passed since the start.
    pub timeout: Option<Duration>,
    /// Raised to stop the run from outside.
    pub stop: StopFlag,
}

/// The bounds, with the moment the run started.
#[derive(Clone, Debug)]
pub(super) struct Clock<'a> {
    bounds: &'a Bounds,
    deadline: Option<Instant>,
}

impl<'a> Clock<'a> {
    pub(super) fn start(bounds: &'a Bounds) -> Self {
        let deadline = bounds.timeout.and_then(|t| Instant::now().checked_add(t));
        Clock { bounds, deadline }
    }

    /// The moment the time-out runs out, if there is one.
    pub(super) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    pub(super) fn stop_flag(&self) -> &StopFlag {
        &self.bounds.stop
    }

    /// Why the run must stop before trying sample number `tried` + 1, if it must.
    pub(super) fn reason_before(&self, tried: u64) -> Option<Ending> {
        if let Some(ending) = self.interrupted() {
            return Some(ending);
        }
        self.bounds
            .samples
            .is_some_and(|most| tried >= most)
            .then_some(Ending::Limit)
    }

    /// The samples the bound on them leaves after `tried`, if there is one.
    pub(super) fn samples_left(&self, tried: u64) -> Option<u64> {
        self.bounds.samples.map(|most| most.saturating_sub(tried))
    }

    /// A signal or the time-out, which also cut a sample short.
    pub(super) fn interrupted(&self) -> Option<Ending> {
        if self.bounds.stop.is_raised() {
            return Some(Ending::Signal);
        }
        self.deadline
            .is_some_and(|at| Instant::now() >= at)
            .then_some(Ending::Timeout)
    }
}
