//! The SAT engine behind the [`Engine`] interface.

use super::{enumerate_observed, SatOptions};
use crate::puzzle::Puzzle;
use crate::run::{Class, Engine, EngineError, Limits, Progress, Summary};
use crate::tour::Tour;

/// The SAT engine with its options.
#[derive(Clone, Debug, Default)]
pub struct SatEngine {
    /// Solver, encoding and schedule.
    pub options: SatOptions,
}

impl Engine for SatEngine {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn resumes(&self) -> bool {
        true
    }

    fn enumerate(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_class: &(dyn Fn(Class) + Sync),
        on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, EngineError> {
        let mut hand_over = |class: &Class| on_class(class.clone());
        enumerate_observed(
            puzzle,
            &self.options,
            limits,
            already,
            &mut hand_over,
            on_progress,
        )
        .map_err(EngineError::new)
    }
}
