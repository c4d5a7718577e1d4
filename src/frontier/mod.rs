//! Counting tours without listing them: frontier dynamic programming over the moves.
//!
//! The moves are taken one at a time in a fixed order (see `layout`); after each, the
//! partial tours are grouped by what the rest of the board can see of them: for each cell
//! in the frontier between the moves decided and those to come, its degree and, for a path
//! end, which cell is its other end. Each group keeps only how many partial tours it holds.
//! This is the transfer-matrix method behind Knuth's frontier algorithms for knight graphs
//! (pre-fascicle 8A of TAOCP vol. 4, "Hamiltonian paths and cycles") and the frontier-based
//! search of Iwashita, Minato and others (TdZdd, Graphillion); the code here is written from
//! those descriptions, not from theirs.
//!
//! Counts are kept modulo 2^128 when Bregman's bound on the count (see `bound`) is below
//! it, else modulo primes near 2^63, as many as the bound needs, joined by the Chinese
//! remainder theorem into an exact integer (see `counter`).

mod advance;
mod bignum;
mod bound;
mod budget;
mod checkpoint;
mod count;
mod counter;
mod crt;
mod engine;
mod error;
mod fold;
mod forecast;
mod layer;
mod layout;
mod modular;
mod parallel;
mod schedule;
mod settings;
mod spill;
mod state;
mod table;
mod transition;
mod trial;
mod workers;

pub use bignum::BigCount;
pub use budget::{parse_size, Budget};
pub use checkpoint::Checkpoints;
pub use count::{Figures, Outcome};
pub use engine::{unsupported, FrontierEngine};
pub use error::FrontierError;
pub use forecast::{Forecast, Forecaster, Span};
pub use settings::Settings;
pub use trial::{trial, Trial};
pub use workers::{Workers, PARALLEL_FROM_STATES};

use crate::puzzle::Puzzle;
use crate::run::{Limits, Progress};
use std::time::Instant;
use transition::TourKind;

/// Counts the puzzle's tours as its solution kind counts them: undirected cycles when closed,
/// directed paths (each numbering once) when open. The puzzle's other rules are not read:
/// callers refuse what [`unsupported`] names. The states are held to the settings' budget in
/// memory and the rest spilled to disk, the sweep is saved in their checkpoints (and
/// continued from the one there), and the steps in memory of enough states run on their
/// workers' threads.
pub fn count_tours_within(
    puzzle: &Puzzle,
    limits: &Limits,
    settings: &Settings,
    started: Instant,
    on_progress: &dyn Fn(Progress),
) -> Result<(Outcome, Figures), FrontierError> {
    let board = &puzzle.board;
    let kind = if puzzle.closed.is_closed() {
        TourKind::Cycle
    } else {
        TourKind::Path
    };
    let n = board.n_cells();
    if n <= 1 {
        // One cell: the open tour that is just that cell, and no move to close it with.
        let paths = u64::from(n == 1 && kind == TourKind::Path);
        return Ok((
            Outcome::Counted(BigCount::from_u64(paths)),
            Figures::default(),
        ));
    }
    if n == 2 && kind == TourKind::Cycle {
        // Two cells a move apart make a closed tour, as the puzzle defines one (the last cell
        // a move from the first), though no cycle of the graph uses one move twice.
        let closed = u64::from(board.is_move(0, 1));
        return Ok((
            Outcome::Counted(BigCount::from_u64(closed)),
            Figures::default(),
        ));
    }
    if (0..n).any(|c| board.degree(c) == 0) {
        return Ok((Outcome::Counted(BigCount::default()), Figures::default()));
    }
    let (outcome, figures) = count::sweep(board, kind, limits, settings, started, on_progress)?;
    let outcome = match (outcome, kind) {
        // Each undirected path is two numberings, one from each end.
        (Outcome::Counted(paths), TourKind::Path) => Outcome::Counted(paths.mul_add(2, 0)),
        (other, _) => other,
    };
    Ok((outcome, figures))
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod workers_tests;
