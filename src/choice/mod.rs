//! Which engine takes a model when the user names none, and why: the rule both the `knights`
//! commands and the Python package follow under `auto`.
//!
//! The rule rests on both engines timed over every shipped model and a few plain boards
//! (results/engine-choice): the native search wins on every model whose constraints it
//! prunes by as it goes (plain, symmetric and required-move tours), often by orders of
//! magnitude, while line sums and angle bounds leave it a tree it cannot finish and the SAT
//! engine propagates them. So: the native search, unless the model has line sums or angle
//! bounds and the search's own tree estimate (Knuth's probes) is large. Line sums count only
//! where the lines cross densely (each cell in three or more of them on average, as in the
//! nested model's rows, columns and half lines): where a cell lies in one or two lines (the
//! semimagic census's rows and columns, the 4 x n ladder's columns) the native search's line
//! bounds see what SAT's propagation sees, and it was the faster engine at every size measured.
//!
//! A plain count to the end (no line sums, numbers, required moves, symmetry, angles or
//! limit) may also go to the frontier engine, which counts without listing: past a small
//! tree, a short run of it forecasts its time (see [`crate::frontier::trial`]), and it takes
//! the count when that forecast is below the native search's, the tree's nodes at a node
//! rate measured on these machines.

pub mod request;
pub mod symmetric_first;

pub use request::{Choice, EngineName, EngineRequest};

use crate::frontier::{self, Budget, Trial, Workers};
use crate::puzzle::Puzzle;
use crate::run::{human_duration, StopFlag};
use crate::search::Estimate;

/// The engine a run uses once `auto` is resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// The SAT engine.
    Sat,
    /// The native search.
    Search,
    /// The frontier engine: counts without listing.
    Frontier,
}

/// What the run does with the engine: the frontier engine can only count to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Count every solution, writing none and stopping at no limit.
    Count,
    /// Write solutions, find one, or stop at a limit.
    List,
}

/// What `auto` chose, why, the native search's tree estimate and the frontier engine's
/// trial when they were made.
#[derive(Clone, Debug)]
pub struct AutoChoice {
    /// The engine chosen.
    pub engine: Resolved,
    /// Why, in words.
    pub reason: String,
    /// The native search's tree estimate the choice rests on.
    pub estimate: Option<Estimate>,
    /// The frontier engine's short run the choice rests on.
    pub trial: Option<Trial>,
}

/// What a run offers the choice besides the model: its purpose, its threads, and the flag
/// that stops the frontier engine's trial on Ctrl-C.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// What the run does.
    pub purpose: Purpose,
    /// Worker threads the run starts.
    pub workers: usize,
    /// The run's stop flag.
    pub stop: &'a StopFlag,
    /// The run's time limit in seconds, if it has one: the trial takes at most half of it.
    pub timeout: Option<f64>,
}

/// Below this many predicted nodes of the native search a plain count stays with it: it
/// takes under a second or two and also counts the classes, which the frontier engine does
/// not.
pub const FRONTIER_FROM_NODES: f64 = 2e7;

/// Native search nodes a second on one worker thread, for weighing its tree against the
/// frontier engine's forecast: about what was measured on plain boards on these machines
/// (results/engine-choice/frontier-in-auto.md).
pub const SEARCH_NODES_PER_SECOND: f64 = 1e7;

/// The frontier engine's trial before a plain count: long enough to see the first rows of a
/// sweep of millions of states, whose growth the forecast extrapolates.
pub const FRONTIER_TRIAL_SECONDS: f64 = 2.0;

/// Random probes of the tree estimate the choice rests on: enough to tell a tree of
/// millions of nodes from one of trillions, in a fraction of a second.
const PROBES: usize = 1000;

/// Below this many predicted nodes the native search takes seconds, whatever the model.
pub const SMALL_TREE_NODES: f64 = 1e8;

/// Summed lines a cell lies in on average from which line sums are left to the SAT engine
/// (the nested model has 4, the semimagic census and magic squares about 2, the ladder 1).
pub const DENSE_LINES_PER_CELL: f64 = 3.0;

/// The engine for `puzzle` under `auto`, for a run that does what `request` says.
pub fn auto_engine(puzzle: &Puzzle, request: &Request) -> AutoChoice {
    let choice = auto_among_listing_engines(puzzle);
    match &choice.estimate {
        Some(estimate)
            if request.purpose == Purpose::Count && choice.engine == Resolved::Search =>
        {
            weigh_frontier(puzzle, request, estimate).unwrap_or(choice)
        }
        _ => choice,
    }
}

/// The frontier engine, when a plain count's tree is past a small one and the engine's
/// trial forecasts it faster than the native search; `None` to keep the search.
fn weigh_frontier(puzzle: &Puzzle, request: &Request, estimate: &Estimate) -> Option<AutoChoice> {
    if frontier::unsupported(puzzle).is_some() || estimate.nodes < FRONTIER_FROM_NODES {
        return None;
    }
    let workers = request.workers.max(1);
    let seconds = request.timeout.map_or(FRONTIER_TRIAL_SECONDS, |t| {
        FRONTIER_TRIAL_SECONDS.min(t / 2.0)
    });
    let trial = frontier::trial(
        puzzle,
        &Budget::default(),
        Workers::new(workers),
        seconds,
        request.stop,
    )
    .ok()?;
    let search_seconds = estimate.nodes / (SEARCH_NODES_PER_SECOND * workers as f64);
    let frontier_seconds = trial.total_seconds()?;
    if frontier_seconds > search_seconds {
        return None;
    }
    let forecast = match &trial.forecast {
        Some(forecast) if !trial.complete => format!(
            "forecast {} in all",
            forecast
                .seconds_left
                .map(|left| left + trial.seconds)
                .text(human_duration)
        ),
        _ => format!("{} in its trial", human_duration(trial.seconds)),
    };
    let reason = format!(
        "a plain count, which it makes without listing tours: {forecast}, against the native \
         search's {} ({:.1e} nodes); it counts no classes, --engine search does",
        human_duration(search_seconds),
        estimate.nodes
    );
    Some(AutoChoice {
        engine: Resolved::Frontier,
        reason,
        estimate: Some(estimate.clone()),
        trial: Some(trial),
    })
}

/// The engine among those that list tours: the native search or the SAT engine.
fn auto_among_listing_engines(puzzle: &Puzzle) -> AutoChoice {
    let choice = |engine, reason, estimate| AutoChoice {
        engine,
        reason,
        estimate,
        trial: None,
    };
    let estimate = match crate::search::estimate(puzzle, PROBES, 1) {
        Ok(estimate) => estimate,
        Err(err) => {
            let reason = format!("the native search cannot take this model: {err}");
            return choice(Resolved::Sat, reason, None);
        }
    };
    let nodes = format!("about {:.1e} nodes", estimate.nodes);
    let (engine, reason) = match late_constraints(puzzle) {
        None => (
            Resolved::Search,
            format!(
                "no line sums or angle bounds, where it is the faster engine; its tree: {nodes}"
            ),
        ),
        Some(what) if estimate.nodes < SMALL_TREE_NODES => (
            Resolved::Search,
            format!("{what}, but the native search's tree is small: {nodes}"),
        ),
        Some(what) if puzzle.angles.is_empty() && lines_per_cell(puzzle) < DENSE_LINES_PER_CELL => (
            Resolved::Search,
            format!(
                "{what} on lines that cross sparsely ({:.1} a cell), where it is the faster engine; its tree: {nodes}",
                lines_per_cell(puzzle)
            ),
        ),
        Some(what) => (
            Resolved::Sat,
            format!("{what}, and the native search's tree is large: {nodes}"),
        ),
    };
    choice(engine, reason, Some(estimate))
}

/// Whether `auto` weighed this model's tree as one the native search may not finish: it has
/// constraints the search checks late, and the estimate made for the choice is large. Such a
/// model is worth trying through its symmetric sub-models first when one tour is wanted.
pub fn large_with_late_constraints(puzzle: &Puzzle, estimate: &Estimate) -> bool {
    late_constraints(puzzle).is_some() && estimate.nodes >= SMALL_TREE_NODES
}

/// The summed lines a cell lies in, on average over the board.
pub fn lines_per_cell(puzzle: &Puzzle) -> f64 {
    let cells: usize = puzzle.sums.iter().map(|line| line.cells.len()).sum();
    cells as f64 / puzzle.n_cells().max(1) as f64
}

/// The constraints the native search checks late (line sums only once a line fills, angles
/// only at the leaf), so that its tree stays large where the SAT engine propagates them.
fn late_constraints(puzzle: &Puzzle) -> Option<&'static str> {
    match (!puzzle.sums.is_empty(), !puzzle.angles.is_empty()) {
        (true, true) => Some("line sums and angle bounds"),
        (true, false) => Some("line sums"),
        (false, true) => Some("angle bounds"),
        (false, false) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

    fn puzzle(toml: &str) -> Puzzle {
        Puzzle::from_spec(&Spec::from_toml(toml, "test").unwrap()).unwrap()
    }

    #[test]
    fn lines_a_cell_lies_in_count_every_summed_line_once() {
        let semimagic = "board = \"8x8\"\n[sums]\nrows = 260\ncols = 260\n";
        let nested = format!("{semimagic}half_rows = 130\nhalf_cols = 130\n");
        let ladder = "board = \"4x16\"\n[sums]\ncols = 130\n";
        assert_eq!(lines_per_cell(&puzzle(semimagic)), 2.0);
        assert_eq!(lines_per_cell(&puzzle(&nested)), 4.0);
        assert_eq!(lines_per_cell(&puzzle(ladder)), 1.0);
        assert_eq!(lines_per_cell(&puzzle("board = \"5x5\"")), 0.0);
        assert!(lines_per_cell(&puzzle(&nested)) >= DENSE_LINES_PER_CELL);
        assert!(lines_per_cell(&puzzle(semimagic)) < DENSE_LINES_PER_CELL);
    }
}
