//! The interface both engines implement, so that a caller runs either without knowing which.

use super::{Class, Limits, Progress, Summary};
use crate::puzzle::Puzzle;
use crate::tour::Tour;

/// An engine's failure: its own error type, kept whole behind the engine's name.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct EngineError {
    source: Box<dyn std::error::Error + Send + Sync>,
}

impl EngineError {
    /// Wraps an engine's own error.
    pub fn new(source: impl std::error::Error + Send + Sync + 'static) -> Self {
        EngineError {
            source: Box::new(source),
        }
    }

    /// The engine's own error, for a caller that knows the engine.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.source.downcast_ref()
    }
}

/// A way of finding every solution of a puzzle, class by class.
///
/// Both calls honour `limits` the same way: a run stops at the solution limit, the time-out or
/// the stop flag, and its summary's ending says which; only an exhausted run is a count. An
/// engine stops at whole classes, so its summary may pass a solution limit; callers that must
/// keep exactly that many cut the last class short.
///
/// `already` holds tours an interrupted run wrote: their classes count in the summary but are
/// neither searched for nor handed over. Only an engine that [`Engine::resumes`] accepts any.
pub trait Engine {
    /// The name summaries carry.
    fn name(&self) -> &'static str;

    /// Whether the engine can continue from tours already written: only an engine that can
    /// skip their classes says so.
    fn resumes(&self) -> bool {
        false
    }

    /// Counts solutions and classes; no tour leaves the engine. By default the enumeration
    /// with every class dropped, for an engine that has no cheaper way to count.
    fn count(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, EngineError> {
        self.enumerate(puzzle, limits, already, &|_| {}, on_progress)
    }

    /// Finds every class, handing each to `on_class` as it is found.
    fn enumerate(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_class: &(dyn Fn(Class) + Sync),
        on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, EngineError>;

    /// The first tour found within `limits` (set a solution limit of 1 to stop there), with
    /// the run's summary; `None` when the run found none. The engine reports to `on_progress`
    /// as it does while enumerating, since a search for one tour may run as long.
    fn first_tour(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        on_progress: &dyn Fn(Progress),
    ) -> Result<(Option<Tour>, Summary), EngineError> {
        let found = std::sync::Mutex::new(None);
        let keep_first = |class: Class| {
            let mut slot = found.lock().expect("not poisoned");
            slot.get_or_insert(class.members[0].clone());
        };
        let summary = self.enumerate(puzzle, limits, &[], &keep_first, on_progress)?;
        Ok((found.into_inner().expect("not poisoned"), summary))
    }
}
