//! The native search behind the [`Engine`] interface.

use super::{count, enumerate, SearchOptions};
use crate::puzzle::Puzzle;
use crate::run::{Class, Engine, EngineError, Limits, Progress, Summary};
use crate::tour::Tour;

/// The native backtracker with its options.
#[derive(Clone, Debug, Default)]
pub struct SearchEngine {
    /// How the search runs.
    pub options: SearchOptions,
}

/// The search cannot start from tours: it has no way to skip their classes.
#[derive(Debug, thiserror::Error)]
#[error("the native search cannot continue from written tours")]
pub struct CannotResume;

impl Engine for SearchEngine {
    fn name(&self) -> &'static str {
        "search"
    }

    fn count(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, EngineError> {
        if !already.is_empty() {
            return Err(EngineError::new(CannotResume));
        }
        let on_nodes = |nodes| on_progress(Progress::Nodes(nodes));
        count(puzzle, &self.options, limits, &on_nodes).map_err(EngineError::new)
    }

    fn enumerate(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_class: &(dyn Fn(Class) + Sync),
        on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, EngineError> {
        if !already.is_empty() {
            return Err(EngineError::new(CannotResume));
        }
        let on_nodes = |nodes| on_progress(Progress::Nodes(nodes));
        enumerate(puzzle, &self.options, limits, on_class, &on_nodes).map_err(EngineError::new)
    }
}
