//! The least number of cells with an angle of one kind, found by descent and proved by an
//! exhausted search.
//!
//! Each step asks an engine for one tour with fewer such angles than the best found so far
//! (the first step for any tour). Each tour found is checked by the verifier, whose own
//! reading of its angles sets the next bound. When the engine exhausts the search for fewer,
//! the best is the minimum and that last search is the proof; a step stopped by a time-out or
//! a signal proves nothing, and the descent then reports its best without calling it the
//! minimum.

use crate::puzzle::{angle_cells, AngleBound, AngleKind, Puzzle};
use crate::run::{Class, Ending, Engine, EngineError, Limits};
use crate::tour::Tour;
use crate::verify::{angle_tally, verify};
use serde::Serialize;
use std::time::{Duration, Instant};

/// One step of the descent: the bound asked for and what the engine answered.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The bound added for this step, `obtuse <= 7`; `none` for the first.
    pub bound: String,
    /// The count of the tour found, or `None` when the engine found none.
    pub found: Option<usize>,
    /// How the engine's search ended.
    pub ending: Ending,
    /// Wall-clock time of the step.
    pub seconds: f64,
    /// The proofs behind the step's answer, when the engine writes proofs (the caller,
    /// which knows where they go, fills this in).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proofs: Option<Vec<String>>,
}

/// Where the descent stopped.
#[derive(Clone, Debug, Serialize)]
pub struct Descent {
    /// The least count found; the minimum only when `proved` (see [`Descent::minimum`]).
    /// `None` when no tour was found.
    pub best: Option<usize>,
    /// Whether the last step exhausted its search (for a count of 0, none is needed).
    pub proved: bool,
    /// Every step, in order.
    pub steps: Vec<Step>,
}

impl Descent {
    /// The minimum: the best count found, once an exhausted search proved that no tour has
    /// fewer; `None` while it is unproved, so that a best found is never read as a minimum.
    pub fn minimum(&self) -> Option<usize> {
        self.best.filter(|_| self.proved)
    }
}

/// Why the descent could not go on.
#[derive(Debug, thiserror::Error)]
pub enum OptimiseError {
    /// The engine failed.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The engine handed over a tour the verifier rejects.
    #[error("internal error: the engine's tour breaks rules: {0}")]
    Unverified(String),
}

/// Descends to the least number of cells with an angle of `kind` among the solutions of
/// `puzzle`; `limits.timeout` bounds the whole descent. `on_step` sees each step as it ends.
pub fn minimise(
    engine: &dyn Engine,
    puzzle: &Puzzle,
    kind: AngleKind,
    limits: &Limits,
    on_step: &mut dyn FnMut(&mut Step),
) -> Result<Descent, OptimiseError> {
    let started = Instant::now();
    let mut descent = Descent {
        best: None,
        proved: false,
        steps: Vec::new(),
    };
    loop {
        let asked = match descent.best {
            None => puzzle.clone(),
            Some(best) => with_angle_bound(puzzle, kind, 0, best - 1),
        };
        let step_limits = Limits {
            solutions: Some(1),
            timeout: remaining(limits.timeout, started),
            stop: limits.stop.clone(),
        };
        let step_started = Instant::now();
        let (tour, ending) = first_tour(engine, &asked, &step_limits)?;
        let found = tour.map(|t| verified_count(&asked, &t, kind)).transpose()?;
        let mut step = Step {
            bound: match descent.best {
                None => "none".into(),
                Some(best) => format!("{} <= {}", kind.name(), best - 1),
            },
            found,
            ending,
            seconds: step_started.elapsed().as_secs_f64(),
            proofs: None,
        };
        on_step(&mut step);
        descent.steps.push(step);
        match found {
            Some(count) => {
                descent.best = Some(count);
                if count == 0 {
                    descent.proved = true;
                    return Ok(descent);
                }
            }
            None => {
                descent.proved = ending == Ending::Exhausted;
                return Ok(descent);
            }
        }
    }
}

/// `puzzle` with one more bound: between `low` and `high` cells with an angle of `kind`.
pub fn with_angle_bound(puzzle: &Puzzle, kind: AngleKind, low: usize, high: usize) -> Puzzle {
    let mut bounded = puzzle.clone();
    let cells = angle_cells(puzzle.n_cells(), puzzle.closed);
    bounded.angles.push(AngleBound {
        kind,
        at_least: low,
        at_most: high.min(cells),
    });
    bounded
}

/// The engine's first tour of `puzzle`, if any, and how its search ended.
fn first_tour(
    engine: &dyn Engine,
    puzzle: &Puzzle,
    limits: &Limits,
) -> Result<(Option<Tour>, Ending), OptimiseError> {
    let found = std::sync::Mutex::new(None);
    let keep_first = |class: Class| {
        let mut slot = found.lock().expect("not poisoned");
        slot.get_or_insert(class.members[0].clone());
    };
    let summary = engine.enumerate(puzzle, limits, &[], &keep_first, &|_| {})?;
    Ok((found.into_inner().expect("not poisoned"), summary.ending))
}

/// The tour's count of `kind`, as the verifier reads it, once the verifier has passed it.
fn verified_count(puzzle: &Puzzle, tour: &Tour, kind: AngleKind) -> Result<usize, OptimiseError> {
    let violations = verify(puzzle, tour);
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
        return Err(OptimiseError::Unverified(list.join("; ")));
    }
    let tally = angle_tally(puzzle.board.shape(), tour.order(), puzzle.closed);
    Ok(tally.of_kind(kind))
}

/// What is left of `timeout` after `started`.
pub fn remaining(timeout: Option<Duration>, started: Instant) -> Option<Duration> {
    timeout.map(|t| t.saturating_sub(started.elapsed()))
}
