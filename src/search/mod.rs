//! The native backtracking engine: the project's second opinion on every count.
//!
//! It shares no code with the SAT encodings. It reads a `Puzzle` and finds its solutions by
//! depth-first search over paths, with the pruning of seeds 000 and 002 (see `walker` and
//! `sums`), and counts them exactly as `Puzzle::kind` defines a solution:
//!
//! - `Path`: directed open paths, each numbering once;
//! - `Cycle`: undirected closed tours;
//! - `Numbered`: numberings of the fixed board that satisfy the model.
//!
//! Classes are the distinct `Puzzle::canonical` forms among the solutions.
//!
//! Symmetry cuts the work but never changes an answer: the search visits one representative
//! of every orbit of (first cell, last cell) pairs under the puzzle's own automorphisms and
//! weighs each solution by the size of that orbit (`plan`); classes are counted from class
//! sizes (`autos`). Closed tours that must be half-turn symmetric are searched as half-tours;
//! numbered tours with line sums grow from both ends at once or from 1 up, whichever tree
//! Knuth's estimate finds smaller (`order_choice`), and from 1 up place the last cell as soon
//! as it is nearly forced; everything else grows from the start. Stats in the summary: `nodes` (states entered, the figure `estimate` predicts),
//! `roots`, `prefixes` (units of parallel work), `automorphisms`, `mode`, `threads`.
//!
//! Limits: a run stops within about a thousand nodes per thread of a `StopFlag`, within a
//! quarter of a second of its timeout, once its node budget is spent (`SearchOptions`; checked
//! every 1,024 nodes a thread), and once at least `--limit` solutions are found (whole
//! classes, so it may pass the limit; a count with a limit is an enumeration whose classes are
//! not kept, so that both report the same). Whatever was found is reported, with
//! `complete: false`.
//!
//! Module map: `bits` (cell sets), `tables` (move graph), `autos` (symmetries of a puzzle,
//! class sizes), `plan` (roots and weights), `walker` (search state and pruning), `sums` (line
//! sums), `job` (one worker), `driver` (threads, limits, progress), `estimate` (Knuth's
//! estimate), `subtrees` (the estimate with real subtrees below sampled walks), `small_boards` (boards of at most three cells).

mod autos;
mod bits;
mod driver;
mod engine;
mod estimate;
mod job;
mod mode;
mod order_choice;
mod pieces;
mod plan;
mod predict;
mod refine;
mod setup;
mod small_boards;
mod subtrees;
mod sums;
mod tables;
mod tree_piece;
mod walker;

pub use driver::{PieceDone, SearchStats};
pub use engine::SearchEngine;
pub use estimate::Probes;
pub use pieces::{cut_pieces, search_pieces, ForeignPiece, PieceCount, PieceObservers};
pub use predict::{predict, predict_from, Prediction};
pub use subtrees::{sample_prefixes, search_below_prefixes, SampledPrefix, SubtreeEstimate};
pub use tree_piece::{PieceEstimate, TreePiece};

use crate::puzzle::Puzzle;
use crate::run::{Class, Limits, NodeProgress, Summary};
use serde::Serialize;
use std::time::Instant;

/// The largest board the engine takes: 64 words of cell set.
pub const MAX_SEARCH_CELLS: usize = 64 * 64;

/// How the native search runs; the answers do not depend on them, though a node budget may
/// stop a run before its answer.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Worker threads; 0 uses every core.
    pub jobs: usize,
    /// Use the puzzle's automorphisms to search less (the answers are the same either way).
    pub symmetry: bool,
    /// Stop, with [`Ending::Limit`](crate::run::Ending), once the workers have searched this
    /// many nodes (checked every thousand or so nodes a thread). Unlike a time-out it does not
    /// depend on the machine's speed or load: on one thread a run stops at the same node
    /// every time.
    pub node_budget: Option<u64>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            jobs: 0,
            symmetry: true,
            node_budget: None,
        }
    }
}

/// Knuth's Monte Carlo estimate of the search tree.
#[derive(Clone, Debug, Serialize)]
pub struct Estimate {
    /// Number of random root-to-leaf walks the estimate averages.
    pub probes: usize,
    /// Predicted nodes at each depth below the roots (depth 0: the roots).
    pub nodes_per_depth: Vec<f64>,
    /// Predicted total: the `nodes` figure the search would report.
    pub nodes: f64,
    /// Predicted solutions reached by the search itself (before symmetry weights).
    pub leaves: f64,
    /// Predicted solutions of the puzzle (what `count` would report).
    pub solutions: f64,
}

/// Why the native search could not run.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SearchError {
    /// The board has more cells than the search's cell sets hold.
    #[error("the board has {cells} cells; the search engine takes at most {MAX_SEARCH_CELLS}")]
    TooLarge {
        /// Number of cells on the board.
        cells: usize,
    },
    /// The line sums' tables would not fit in memory.
    #[error(transparent)]
    LineTables(#[from] sums::TablesTooLarge),
    /// A piece to search is not part of this puzzle's tree.
    #[error(transparent)]
    ForeignPiece(#[from] ForeignPiece),
    /// The operating system refused the worker threads.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
}

/// Counts the solutions and classes of a puzzle.
pub fn count(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    progress: &dyn Fn(NodeProgress),
) -> Result<Summary, SearchError> {
    // Counting by symmetry weights stops at whole orbits and knows classes only at the end.
    let discard: &(dyn Fn(Class) + Sync) = &|_| {};
    let sink = limits.solutions.is_some().then_some(discard);
    execute(puzzle, opts, limits, sink, progress)
}

/// Finds every class and hands it to `sink` (from worker threads), all members at once, the
/// least (the canonical representative) first. Each class is handed over exactly once.
pub fn enumerate(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    sink: &(dyn Fn(Class) + Sync),
    progress: &dyn Fn(NodeProgress),
) -> Result<Summary, SearchError> {
    execute(puzzle, opts, limits, Some(sink), progress)
}

/// Predicts the search's tree size with `probes` random root-to-leaf walks.
pub fn estimate(puzzle: &Puzzle, probes: usize, seed: u64) -> Result<Estimate, SearchError> {
    estimate_within(puzzle, Probes::exactly(probes), seed)
}

/// [`estimate`] with as many walks as `probes` allows: more of them where time allows, since
/// the mean of a heavy-tailed tree's few walks tends to fall short of its size.
pub fn estimate_within(
    puzzle: &Puzzle,
    probes: Probes,
    seed: u64,
) -> Result<Estimate, SearchError> {
    macro_rules! go {
        ($w:literal) => {
            estimate_width::<$w>(puzzle, probes, seed)
        };
    }
    with_width(
        puzzle.n_cells(),
        || go!(1),
        || go!(2),
        || go!(4),
        || go!(16),
        || go!(64),
    )
}

fn estimate_width<const W: usize>(
    puzzle: &Puzzle,
    probes: Probes,
    seed: u64,
) -> Result<Estimate, SearchError> {
    driver::with_setup::<W, _>(puzzle, true, |setup| {
        Ok(match setup.plan.mode {
            mode::FOLD => estimate::probe::<W, { mode::FOLD }>(setup, probes, seed),
            mode::QUARTER => estimate::probe::<W, { mode::QUARTER }>(setup, probes, seed),
            mode::MEET => estimate::probe::<W, { mode::MEET }>(setup, probes, seed),
            _ => estimate::probe::<W, { mode::PLAIN }>(setup, probes, seed),
        })
    })
}

fn execute(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    sink: Option<&(dyn Fn(Class) + Sync)>,
    progress: &dyn Fn(NodeProgress),
) -> Result<Summary, SearchError> {
    let started = Instant::now();
    let n = puzzle.n_cells();
    if n <= 3 {
        return Ok(small_boards::search_small_board(
            puzzle, limits, sink, started,
        ));
    }
    macro_rules! go {
        ($w:literal) => {
            driver::search_width::<$w>(puzzle, opts, limits, sink, progress, started)
        };
    }
    with_width(n, || go!(1), || go!(2), || go!(4), || go!(16), || go!(64))
}

/// Picks the narrowest cell-set width that holds `n` cells.
pub(super) fn with_width<T>(
    n: usize,
    w1: impl FnOnce() -> Result<T, SearchError>,
    w2: impl FnOnce() -> Result<T, SearchError>,
    w4: impl FnOnce() -> Result<T, SearchError>,
    w16: impl FnOnce() -> Result<T, SearchError>,
    w64: impl FnOnce() -> Result<T, SearchError>,
) -> Result<T, SearchError> {
    match n {
        0..=64 => w1(),
        65..=128 => w2(),
        129..=256 => w4(),
        257..=1024 => w16(),
        1025..=MAX_SEARCH_CELLS => w64(),
        _ => Err(SearchError::TooLarge { cells: n }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;
    use std::time::Duration;

    fn puzzle(text: &str) -> Puzzle {
        Puzzle::from_spec(&Spec::from_toml(text, "test").unwrap()).unwrap()
    }

    fn at_width<const W: usize>(p: &Puzzle) -> (u64, u64, serde_json::Value) {
        let opts = SearchOptions {
            jobs: 2,
            symmetry: true,
            node_budget: None,
        };
        let s =
            driver::search_width::<W>(p, &opts, &Limits::default(), None, &|_| {}, Instant::now())
                .unwrap();
        assert!(s.complete);
        (s.solutions, s.classes, s.stats["nodes"].clone())
    }

    #[test]
    fn an_estimate_takes_its_least_probes_then_more_while_time_lasts_up_to_its_most() {
        let p = puzzle("board = \"6x6\"\nclosed = true\n");
        let within = |least, most, budget| {
            let probes = Probes {
                least,
                most,
                budget,
            };
            estimate_within(&p, probes, 7).unwrap()
        };
        // No time to spare: the least, and the same walks as an estimate of that many.
        let least = within(100, 100_000, Duration::ZERO);
        assert_eq!(least.probes, 100);
        assert_eq!(least.nodes, estimate(&p, 100, 7).unwrap().nodes);
        // Time to spare: the most.
        let most = within(100, 300, Duration::from_secs(3600));
        assert_eq!(most.probes, 300);
        assert_eq!(most.nodes, estimate(&p, 300, 7).unwrap().nodes);
    }

    /// The wide cell sets give the same answers, node for node, as one word.
    #[test]
    fn every_width_agrees() {
        let models = [
            "board = \"5x5\"",
            "board = \"4x6\"\nleaper = [0, 1]\nclosed = true",
            "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"",
            "board = \"6x6\"\nclosed = true\nsymmetry = \"rot180\"\n[start]\nrows = [0]\n[sums]\nlines = [{ cells = [[0, 0], [1, 1], [2, 2]], target = 30 }]",
            "board = \"5x5\"\nrequired_moves = [[[0, 0], [1, 2]]]\n[sums]\nlines = [{ cells = [[0, 0], [4, 4], [2, 2]], target = 39 }]",
            "board = \"2x3x4\"\n[start]\ncells = [[0, 0, 0]]\n[end]\ncells = [[1, 2, 3], [1, 1, 1]]",
        ];
        for m in models {
            let p = puzzle(m);
            let one = at_width::<1>(&p);
            assert!(one.0 > 0, "{m}");
            assert_eq!(at_width::<2>(&p), one, "{m}");
            assert_eq!(at_width::<4>(&p), one, "{m}");
            assert_eq!(at_width::<16>(&p), one, "{m}");
            assert_eq!(at_width::<64>(&p), one, "{m}");
        }
    }
}
