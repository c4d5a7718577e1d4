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

/// Summed lines a cell lies in on average from which line sums are left to the SAT engine
/// (the nested model has 4, the semimagic census and magic squares about 2, the ladder 1).
pub const DENSE_LINES_PER_CELL: f64 = 3.0;

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
        Some(what) if puzzle.angles.is_empty() && lines_per_cell(puzzle) < DENSE_LINES_PER_CELL => (
            AutoEngine::Search,
            format!(
                "{what} on lines that cross sparsely ({:.1} a cell), where it is the faster engine; its tree: {nodes}",
                lines_per_cell(puzzle)
            ),
        ),
        Some(what) => (
            AutoEngine::Sat,
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
