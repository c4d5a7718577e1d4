//! One tour of a model whose tree is too large to search: look among its symmetric
//! sub-models first (see [`crate::puzzle::restrict`]). A tour found there is a tour of the
//! model, verified against the model itself like any other by the caller; when none turns up
//! within the budget the run goes on with the engine chosen, with the time left. The CLI's
//! `solve` and Python's `solve` both take this path.

use super::large_with_late_constraints;
use super::request::Choice;
use crate::puzzle::restrict::symmetric_restrictions;
use crate::puzzle::Puzzle;
use crate::run::{Ending, Engine, EngineError, Limits, Progress, Summary};
use crate::search::{SearchEngine, SearchOptions};
use crate::tour::Tour;
use std::time::{Duration, Instant};

/// Sub-models whose tree the native search's estimate puts above this are not tried.
const MOST_NODES: f64 = 1e9;

/// The longest a sub-model is searched before the run moves on.
const BUDGET: Duration = Duration::from_secs(60);

/// Probes of each sub-model's tree estimate, as for `auto`.
const PROBES: usize = 1000;

/// How a search for one tour reports: the engines' progress, and a line of words for each
/// sub-model tried.
pub struct FirstReports<'a> {
    /// The engines' progress.
    pub progress: &'a dyn Fn(Progress),
    /// A line for people: which sub-model is tried, and what came of it.
    pub note: &'a dyn Fn(&str),
}

/// The first tour of `puzzle` within `limits`: among the symmetric sub-models when `auto`
/// found the model's tree too large for the native search, with line sums or angle bounds it
/// checks late, else (or when none is found there) by `engine`. A named engine is left
/// alone, and so is a model whose constraints the native search prunes by as it goes.
pub fn first_tour(
    puzzle: &Puzzle,
    choice: &Choice,
    engine: &dyn Engine,
    search: &SearchOptions,
    limits: &Limits,
    reports: &FirstReports,
) -> Result<(Option<Tour>, Summary), EngineError> {
    let started = Instant::now();
    let auto_found_it_large = choice.reason.is_some()
        && choice
            .estimate
            .as_ref()
            .is_some_and(|e| large_with_late_constraints(puzzle, e));
    if !auto_found_it_large {
        return engine.first_tour(puzzle, limits, reports.progress);
    }
    for sub in symmetric_restrictions(puzzle) {
        let Ok(estimate) = crate::search::estimate(&sub.puzzle, PROBES, 1) else {
            continue;
        };
        if estimate.nodes > MOST_NODES {
            continue;
        }
        let Some(budget) = budget_left(limits, started) else {
            break;
        };
        (reports.note)(&format!(
            "first: {} (a part of this model's tours), by the native search: about {:.1e} nodes, at most {} s",
            sub.what,
            estimate.nodes,
            budget.as_secs()
        ));
        let sub_limits = Limits {
            solutions: Some(1),
            timeout: Some(budget),
            stop: limits.stop.clone(),
        };
        let search = SearchEngine {
            options: search.clone(),
        };
        let (tour, summary) = search.first_tour(&sub.puzzle, &sub_limits, reports.progress)?;
        if tour.is_some() {
            (reports.note)(&format!("found one among the {}", sub.what));
            return Ok((tour, summary));
        }
        match summary.ending {
            Ending::Signal => return Ok((None, summary)),
            Ending::Exhausted => (reports.note)(&format!("none: there are no {}", sub.what)),
            _ => (reports.note)(&format!("none within {} s", budget.as_secs())),
        }
    }
    let mut rest = limits.clone();
    rest.timeout = rest.timeout.map(|t| t.saturating_sub(started.elapsed()));
    engine.first_tour(puzzle, &rest, reports.progress)
}

/// The sub-model's budget: [`BUDGET`], or less when the caller's time limit is nearer.
fn budget_left(limits: &Limits, started: Instant) -> Option<Duration> {
    let left = limits
        .timeout
        .map_or(BUDGET, |t| t.saturating_sub(started.elapsed()).min(BUDGET));
    (!left.is_zero()).then_some(left)
}
