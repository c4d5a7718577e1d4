//! `--engine auto`: which engine a run gets when the user does not name one, and why. The
//! rule itself is the library's (`knights::choice`), which the Python package follows too.

use super::engine::EngineKind;
use knights::choice::{auto_engine, AutoEngine, Request};
use knights::frontier::Trial;
use knights::puzzle::Puzzle;
use knights::search::Estimate;

pub use knights::choice::SMALL_TREE_NODES;

/// The engine a run uses once `auto` is resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    Sat,
    Search,
    Frontier,
}

/// What `--engine` resolved to, with the native search's tree estimate and the frontier
/// engine's trial when `auto` made them.
pub struct Choice {
    pub engine: Resolved,
    /// Why `auto` chose this engine; `None` when the user named it.
    pub reason: Option<String>,
    pub estimate: Option<Estimate>,
    pub trial: Option<Trial>,
}

/// Resolves `requested` for `puzzle` and a run that does what `request` says. `sat_only`
/// names a SAT-only option the user gave (`--solver`, `--proof`, `--resume`, ...): under
/// `auto` that asks for the SAT engine.
pub fn choose(
    requested: EngineKind,
    puzzle: &Puzzle,
    sat_only: Option<&str>,
    request: &Request,
) -> Choice {
    let named = |engine| Choice {
        engine,
        reason: None,
        estimate: None,
        trial: None,
    };
    match requested {
        EngineKind::Sat => named(Resolved::Sat),
        EngineKind::Search => named(Resolved::Search),
        EngineKind::Frontier => named(Resolved::Frontier),
        EngineKind::Auto => auto(puzzle, sat_only, request),
    }
}

fn auto(puzzle: &Puzzle, sat_only: Option<&str>, request: &Request) -> Choice {
    if let Some(option) = sat_only {
        return Choice {
            engine: Resolved::Sat,
            reason: Some(format!("{option} applies to the SAT engine")),
            estimate: None,
            trial: None,
        };
    }
    let chosen = auto_engine(puzzle, request);
    let engine = match chosen.engine {
        AutoEngine::Sat => Resolved::Sat,
        AutoEngine::Search => Resolved::Search,
        AutoEngine::Frontier => Resolved::Frontier,
    };
    Choice {
        engine,
        reason: Some(chosen.reason),
        estimate: chosen.estimate,
        trial: chosen.trial,
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
        errln!(
            "engine: {name} (--engine auto: {reason}; override with --engine sat|search|frontier)"
        );
    }
}
