//! Warnsdorff's rule: go next to the square with the fewest ways onward. Seed 003 searches
//! with it, backtracking, within a budget of 100 jumps per square, and starts again when the
//! budget is spent. Ties among equally constrained squares decide how far the rule goes
//! without backtracking: at random (the seed), by the sum of the candidates' own ways onward
//! (after Pohl), or farthest from the centre first (after Roth).

mod grid;
mod search;

use crate::random::Stream;
use crate::tour::Closure;
use grid::Grid;
use search::{Attempt, Search};

/// How ties among equally constrained squares are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// At random (seeded): the seed's search.
    Random,
    /// The candidate whose own unvisited neighbours have the fewest ways onward in all.
    Pohl,
    /// The candidate farthest from the centre of the board.
    Roth,
}

/// What a Warnsdorff search is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarnsdorffOptions {
    /// The tie-break.
    pub tie_break: TieBreak,
    /// Jumps allowed per attempt, per square of the board (the seed: 100).
    pub budget_per_square: u64,
    /// Attempts before giving up.
    pub attempts: u32,
    /// Seed of the random tie-breaks (every attempt after the first breaks the remaining
    /// ties at random, so that it differs from the last).
    pub seed: u64,
    /// Whether the tour must close.
    pub closed: Closure,
}

impl Default for WarnsdorffOptions {
    fn default() -> Self {
        WarnsdorffOptions {
            tie_break: TieBreak::Roth,
            budget_per_square: 100,
            attempts: 100,
            seed: 0,
            closed: Closure::Open,
        }
    }
}

/// A tour found, with what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarnsdorffTour {
    /// Board cells (row-major) in visiting order.
    pub order: Vec<u32>,
    /// Attempts made, the last one successful.
    pub attempts: u32,
    /// Jumps made in all attempts, the failed ones and backtracking included.
    pub jumps: u64,
    /// Jumps made by the successful attempt alone.
    pub last_attempt_jumps: u64,
    /// Jumps of the successful attempt beyond one per square: 0 when it never backtracked.
    /// The failed attempts' jumps are not in it (they are in `jumps`).
    pub last_attempt_backtracks: u64,
}

/// Why no tour was found.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WarnsdorffError {
    /// Every attempt spent its budget. This decides nothing about existence.
    #[error("no tour found in {attempts} attempts of {budget} jumps each (this is a search giving up, not a proof that none exists)")]
    GaveUp {
        /// Attempts made.
        attempts: u32,
        /// Jumps allowed per attempt.
        budget: u64,
    },
    /// The search tried every branch from the start: no tour of this kind starts there.
    #[error("no tour of this kind starts on ({0},{1}): the search tried every branch")]
    NoneFromStart(usize, usize),
}

/// Searches for a knight's tour of `rows` x `cols` from `start` (row, col).
pub fn warnsdorff(
    rows: usize,
    cols: usize,
    start: (usize, usize),
    options: &WarnsdorffOptions,
) -> Result<WarnsdorffTour, WarnsdorffError> {
    let budget = options
        .budget_per_square
        .saturating_mul((rows * cols) as u64);
    let mut rng = Stream::new(options.seed);
    let mut jumps = 0;
    for attempt in 1..=options.attempts {
        let grid = Grid::new(rows, cols);
        let at = grid.index(start.0, start.1);
        let shuffle = (attempt > 1 || options.tie_break == TieBreak::Random).then_some(&mut rng);
        let mut search = Search {
            grid,
            tie_break: options.tie_break,
            shuffle,
            closed: options.closed,
            budget,
            jumps: 0,
        };
        let outcome = search.run(at);
        jumps += search.jumps;
        match outcome {
            Attempt::Found(path) => {
                let order = path.iter().map(|&p| search.grid.cell(p)).collect();
                return Ok(WarnsdorffTour {
                    order,
                    attempts: attempt,
                    jumps,
                    last_attempt_jumps: search.jumps,
                    last_attempt_backtracks: search.jumps - (rows * cols - 1) as u64,
                });
            }
            Attempt::Exhausted => return Err(WarnsdorffError::NoneFromStart(start.0, start.1)),
            Attempt::OutOfBudget => {}
        }
    }
    Err(WarnsdorffError::GaveUp {
        attempts: options.attempts,
        budget,
    })
}
