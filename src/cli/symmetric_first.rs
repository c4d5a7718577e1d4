//! `solve` on a model whose tree is too large to search: look among its symmetric
//! sub-models first (see `knights::puzzle::restrict`). A tour found there is a tour of the
//! model, verified against the model itself like any other; when none turns up within the
//! budget the run goes on with the engine `--engine auto` chose, with the time left.

use super::engine::{show_progress, RunArgs, RunConfig};
use super::progress::Progress;
use anyhow::Result;
use knights::choice::large_with_late_constraints;
use knights::puzzle::restrict::symmetric_restrictions;
use knights::puzzle::Puzzle;
use knights::run::{Ending, Engine, Limits, Summary};
use knights::search::SearchEngine;
use knights::tour::Tour;
use std::time::{Duration, Instant};

/// Sub-models whose tree the native search's estimate puts above this are not tried.
const MOST_NODES: f64 = 1e9;

/// The longest a sub-model is searched before the run moves on.
const BUDGET: Duration = Duration::from_secs(60);

/// Probes of each sub-model's tree estimate, as for `--engine auto`.
const PROBES: usize = 1000;

/// What looking among the sub-models came to.
pub enum First {
    /// A tour of a sub-model, and the summary of the run that found it.
    Found(Tour, Summary),
    /// Ctrl-C or another signal stopped the run: nothing else may start.
    Stopped(Summary),
    /// No tour there: the chosen engine runs, within `limits`.
    NotFound(Limits),
}

/// Tries the symmetric sub-models when `--engine auto` found the model's tree too large for
/// the native search, with line sums or angle bounds it checks late (a named engine is left
/// alone, and so is a model whose constraints the native search prunes by as it goes).
pub fn symmetric_first(
    run: &RunArgs,
    puzzle: &Puzzle,
    config: &RunConfig,
    progress: &Progress,
) -> Result<First> {
    let started = Instant::now();
    let auto_found_it_large = config.choice.reason.is_some()
        && config
            .choice
            .estimate
            .as_ref()
            .is_some_and(|e| large_with_late_constraints(puzzle, e));
    if !auto_found_it_large {
        return Ok(First::NotFound(config.limits.clone()));
    }
    for sub in symmetric_restrictions(puzzle) {
        let Ok(estimate) = knights::search::estimate(&sub.puzzle, PROBES, 1) else {
            continue;
        };
        if estimate.nodes > MOST_NODES {
            continue;
        }
        let Some(budget) = budget_left(&config.limits, started) else {
            break;
        };
        progress.suspend(|| {
            errln!(
                "first: {} (a part of this model's tours), by the native search: about {:.1e} nodes, at most {} s",
                sub.what,
                estimate.nodes,
                budget.as_secs()
            );
        });
        let limits = Limits {
            solutions: Some(1),
            timeout: Some(budget),
            stop: config.limits.stop.clone(),
        };
        let engine = SearchEngine {
            options: run.search_options(),
        };
        let (tour, summary) = engine.first_tour(&sub.puzzle, &limits, &show_progress(progress))?;
        if let Some(tour) = tour {
            progress.suspend(|| errln!("found one among the {}", sub.what));
            return Ok(First::Found(tour, summary));
        }
        match summary.ending {
            Ending::Signal => return Ok(First::Stopped(summary)),
            Ending::Exhausted => progress.suspend(|| errln!("none: there are no {}", sub.what)),
            _ => progress.suspend(|| errln!("none within {} s", budget.as_secs())),
        }
    }
    let mut limits = config.limits.clone();
    limits.timeout = limits.timeout.map(|t| t.saturating_sub(started.elapsed()));
    Ok(First::NotFound(limits))
}

/// The sub-model's budget: [`BUDGET`], or less when the user's `--timeout` is nearer.
fn budget_left(limits: &Limits, started: Instant) -> Option<Duration> {
    let left = limits
        .timeout
        .map_or(BUDGET, |t| t.saturating_sub(started.elapsed()).min(BUDGET));
    (!left.is_zero()).then_some(left)
}
