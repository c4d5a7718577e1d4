//! The frontier sweep as an engine: what it refuses, and the summary it reports.

use super::count::{Figures, Outcome};
use super::settings::Settings;
use super::{count_tours_within, FrontierError};
use crate::puzzle::Puzzle;
use crate::run::{CheckpointNote, Class, Ending, Engine, EngineError, Limits, Progress, Summary};
use crate::tour::Tour;
use std::time::Instant;

/// Counts plain open and closed tours without listing them; has no classes to report. The
/// engine is its [`Settings`] and nothing more, so that what a count may use is spelled
/// once: its states take at most the settings' budget of memory, the rest spilled to disk.
pub type FrontierEngine = Settings;

/// What a model asks for that the sweep cannot express, if anything.
pub fn unsupported(puzzle: &Puzzle) -> Option<&'static str> {
    let refusals = [
        (!puzzle.sums.is_empty(), "line sums"),
        (!puzzle.givens.is_empty(), "given numbers"),
        (puzzle.starts.is_some(), "start cells (numbered tours)"),
        (puzzle.ends.is_some(), "end cells (numbered tours)"),
        (!puzzle.required.is_empty(), "required moves"),
        (
            puzzle.symmetry.has_half_turn() || puzzle.symmetry.has_quarter_turn(),
            "a symmetry the tour must have",
        ),
        (!puzzle.angles.is_empty(), "bounds on angles"),
    ];
    refusals
        .into_iter()
        .find_map(|(refused, what)| refused.then_some(what))
}

impl FrontierEngine {
    fn run(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, FrontierError> {
        if let Some(what) = unsupported(puzzle) {
            return Err(FrontierError::Unsupported {
                what: what.to_string(),
            });
        }
        let started = Instant::now();
        let (outcome, figures) = count_tours_within(puzzle, limits, self, started, on_progress)?;
        let mut summary = summarise(puzzle, &outcome, &figures, started);
        summary.checkpoint = self.checkpoints.as_ref().map(|plan| CheckpointNote {
            dir: plan.dir.display().to_string(),
            steps: figures.steps * figures.primes.max(1),
            continued_from_step: figures.continued_from_step,
            saved_step: figures.checkpoint_step,
            removed: figures.checkpoint_removed,
        });
        Ok(summary)
    }
}

fn summarise(puzzle: &Puzzle, outcome: &Outcome, figures: &Figures, started: Instant) -> Summary {
    let mut summary = Summary::new(puzzle, "frontier");
    summary.set_stats(figures);
    match outcome {
        Outcome::Counted(count) => {
            summary.set_exact_count(count.to_string(), count.to_u64());
            summary.finish(Ending::Exhausted, started);
        }
        Outcome::Stopped(ending) => {
            summary.set_no_count();
            summary.finish(*ending, started);
        }
    }
    summary
}

impl Engine for FrontierEngine {
    fn name(&self) -> &'static str {
        "frontier"
    }

    fn count(
        &self,
        puzzle: &Puzzle,
        limits: &Limits,
        already: &[Tour],
        on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, EngineError> {
        if !already.is_empty() {
            let what = "continue from written tours";
            return Err(EngineError::new(FrontierError::NoListing { what }));
        }
        self.run(puzzle, limits, on_progress)
            .map_err(EngineError::new)
    }

    fn enumerate(
        &self,
        _puzzle: &Puzzle,
        _limits: &Limits,
        _already: &[Tour],
        _on_class: &(dyn Fn(Class) + Sync),
        _on_progress: &dyn Fn(Progress),
    ) -> Result<Summary, EngineError> {
        let what = "write tours or stop at --limit";
        Err(EngineError::new(FrontierError::NoListing { what }))
    }
}
