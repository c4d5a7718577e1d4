//! Puzzles made from tours (as `knights make-puzzle`): the tour's numbers thinned to a few
//! givens with which the native search finds that tour alone.

use crate::errors::{argument_error, model_error, run_error};
use crate::model::Model;
use crate::run::{interruptible, seconds_argument};
use crate::tour::Tour;
use knights::clues::{thin_givens, ThinError, ThinOptions};
use knights::run::StopFlag;
use pyo3::prelude::*;

/// A puzzle made from `tour`, a solution of `model`: the model with given numbers, as few as
/// the thinning finds, with which exactly one tour, this one, keeps every rule.
///
/// Every number is given, then each is left out in turn, in an order drawn from `seed`,
/// while the native search still finds this tour alone. A trial that needs more than
/// `trial_nodes` search nodes (or, when given, more than `trial_timeout` seconds) keeps its
/// given; the puzzle's description says how many were kept that way. With `jobs=1` and no
/// `trial_timeout` the same call makes the same puzzle on any machine. Ctrl-C stops it and
/// raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (model, tour, *, seed=1, trial_nodes=50_000_000, trial_timeout=None, jobs=1))]
pub fn make_puzzle(
    py: Python<'_>,
    model: &Model,
    tour: &Tour,
    seed: u64,
    trial_nodes: u64,
    trial_timeout: Option<f64>,
    jobs: usize,
) -> PyResult<Model> {
    if trial_nodes == 0 {
        return Err(argument_error("trial_nodes", "must be at least 1"));
    }
    let options = ThinOptions {
        seed,
        trial_nodes: Some(trial_nodes),
        trial_timeout: seconds_argument("trial_timeout", trial_timeout)?,
        jobs,
        stop: StopFlag::default(),
    };
    let thinned = interruptible(py, &options.stop, || {
        thin_givens(&model.spec, &tour.tour, &options, &|_, _, _| {})
    })?
    .map_err(|e| match e {
        // The search failing, or losing the tour, is the run's fault, not the model's.
        ThinError::Search(_) | ThinError::Lost { .. } => run_error(e),
        _ => model_error(&format!("model {}", model.puzzle.name), e),
    })?;
    let spec = thinned.puzzle_spec(&model.spec, &model.puzzle, &options);
    Model::checked(spec, "the puzzle's model")
        .map_err(|e| run_error(format!("internal error: {e}")))
}
