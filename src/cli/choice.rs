//! `--engine auto`: which engine a run gets when the user does not name one, and why.
//!
//! The rule rests on both engines timed over every shipped model and a few plain boards
//! (results/engine-choice): the native search wins on every model whose constraints it
//! prunes by as it goes (plain, symmetric and required-move tours), often by orders of
//! magnitude, while line sums and angle bounds leave it a tree it cannot finish and the SAT
//! engine propagates them. So: the native search, unless the model has line sums or angle
//! bounds and the search's own tree estimate (Knuth's probes) is large.

use super::engine::EngineKind;
use knights::puzzle::Puzzle;
use knights::search::Estimate;

/// The engine a run uses once `auto` is resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    Sat,
    Search,
    Frontier,
}

/// What `--engine` resolved to, and the native search's tree estimate when one was made.
pub struct Choice {
    pub engine: Resolved,
    /// Why `auto` chose this engine; `None` when the user named it.
    pub reason: Option<String>,
    pub estimate: Option<Estimate>,
}

/// Random probes of the tree estimate the choice rests on: enough to tell a tree of
/// millions of nodes from one of trillions, in a fraction of a second.
const PROBES: usize = 1000;

/// Below this many predicted nodes the native search takes seconds, whatever the model.
pub const SMALL_TREE_NODES: f64 = 1e8;

/// Resolves `requested` for `puzzle`. `sat_only` names a SAT-only option the user gave
/// (`--solver`, `--proof`, `--resume`, ...): under `auto` that asks for the SAT engine.
pub fn choose(requested: EngineKind, puzzle: &Puzzle, sat_only: Option<&str>) -> Choice {
    let named = |engine| Choice {
        engine,
        reason: None,
        estimate: None,
    };
    match requested {
        EngineKind::Sat => named(Resolved::Sat),
        EngineKind::Search => named(Resolved::Search),
        EngineKind::Frontier => named(Resolved::Frontier),
        EngineKind::Auto => auto(puzzle, sat_only),
    }
}

fn auto(puzzle: &Puzzle, sat_only: Option<&str>) -> Choice {
    let sat = |reason: String, estimate| Choice {
        engine: Resolved::Sat,
        reason: Some(reason),
        estimate,
    };
    let search = |reason: String, estimate| Choice {
        engine: Resolved::Search,
        reason: Some(reason),
        estimate,
    };
    if let Some(option) = sat_only {
        return sat(format!("{option} applies to the SAT engine"), None);
    }
    let estimate = match knights::search::estimate(puzzle, PROBES, 1) {
        Ok(estimate) => estimate,
        Err(err) => {
            return sat(
                format!("the native search cannot take this model: {err}"),
                None,
            )
        }
    };
    let nodes = format!("about {:.1e} nodes", estimate.nodes);
    match late_constraints(puzzle) {
        None => search(
            format!(
                "no line sums or angle bounds, where it is the faster engine; its tree: {nodes}"
            ),
            Some(estimate),
        ),
        Some(what) if estimate.nodes < SMALL_TREE_NODES => search(
            format!("{what}, but the native search's tree is small: {nodes}"),
            Some(estimate),
        ),
        Some(what) => sat(
            format!("{what}, and the native search's tree is large: {nodes}"),
            Some(estimate),
        ),
    }
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

/// Tells the user which engine `auto` chose and why (nothing when they named it).
pub fn announce(choice: &Choice) {
    if let Some(reason) = &choice.reason {
        let name = match choice.engine {
            Resolved::Sat => "sat",
            Resolved::Search => "search",
            Resolved::Frontier => "frontier",
        };
        errln!("engine: {name} (--engine auto: {reason}; override with --engine sat|search)");
    }
}
