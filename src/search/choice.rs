//! Which engine takes a model when the user names none, and why: the rule both the `knights`
//! commands and the Python package follow under `auto`.
//!
//! The rule rests on both engines timed over every shipped model and a few plain boards
//! (results/engine-choice): the native search wins on every model whose constraints it
//! prunes by as it goes (plain, symmetric and required-move tours), often by orders of
//! magnitude, while line sums and angle bounds leave it a tree it cannot finish and the SAT
//! engine propagates them. So: the native search, unless the model has line sums or angle
//! bounds and the search's own tree estimate (Knuth's probes) is large.

use super::Estimate;
use crate::puzzle::Puzzle;

/// The engine `auto` picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoEngine {
    /// The SAT engine.
    Sat,
    /// The native search.
    Search,
}

/// What `auto` chose, why, and the native search's tree estimate when one was made.
#[derive(Clone, Debug)]
pub struct AutoChoice {
    /// The engine chosen.
    pub engine: AutoEngine,
    /// Why, in words.
    pub reason: String,
    /// The native search's tree estimate the choice rests on.
    pub estimate: Option<Estimate>,
}

/// Random probes of the tree estimate the choice rests on: enough to tell a tree of
/// millions of nodes from one of trillions, in a fraction of a second.
const PROBES: usize = 1000;

/// Below this many predicted nodes the native search takes seconds, whatever the model.
pub const SMALL_TREE_NODES: f64 = 1e8;

/// The engine for `puzzle` under `auto`.
pub fn auto_engine(puzzle: &Puzzle) -> AutoChoice {
    let choice = |engine, reason, estimate| AutoChoice {
        engine,
        reason,
        estimate,
    };
    let estimate = match super::estimate(puzzle, PROBES, 1) {
        Ok(estimate) => estimate,
        Err(err) => {
            let reason = format!("the native search cannot take this model: {err}");
            return choice(AutoEngine::Sat, reason, None);
        }
    };
    let nodes = format!("about {:.1e} nodes", estimate.nodes);
    let (engine, reason) = match late_constraints(puzzle) {
        None => (
            AutoEngine::Search,
            format!(
                "no line sums or angle bounds, where it is the faster engine; its tree: {nodes}"
            ),
        ),
        Some(what) if estimate.nodes < SMALL_TREE_NODES => (
            AutoEngine::Search,
            format!("{what}, but the native search's tree is small: {nodes}"),
        ),
        Some(what) => (
            AutoEngine::Sat,
            format!("{what}, and the native search's tree is large: {nodes}"),
        ),
    };
    choice(engine, reason, Some(estimate))
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
