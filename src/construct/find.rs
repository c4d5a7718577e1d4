//! Finding tiles with the SAT engine: a tour of a small board that makes the four agreed
//! moves, closed when the tile has an even number of cells.
//!
//! A tile is a model like any other (`required_moves` are the agreed moves), so the answer is
//! checked by the independent verifier against that model before it is kept.

use super::stitch::{Side, MIN_TILE_SIDE};
use super::tiles::Tile;
use crate::puzzle::{Puzzle, PuzzleError};
use crate::run::{Ending, Limits};
use crate::sat::{SatError, SatOptions};
use crate::spec::Spec;

/// Why no tile of a size was found.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// The tile's model was refused (a side under the minimum).
    #[error(transparent)]
    Model(#[from] PuzzleError),
    /// The engine failed.
    #[error(transparent)]
    Sat(#[from] SatError),
    /// The solver proved that no tour of this size makes the four agreed moves.
    #[error("no {rows}x{cols} tour makes the four agreed moves (the solver exhausted the model)")]
    None {
        /// Rows of the tile.
        rows: usize,
        /// Columns of the tile.
        cols: usize,
    },
    /// The run ended without an answer.
    #[error("the {rows}x{cols} search ended without an answer ({ending:?})")]
    Undecided {
        /// Rows of the tile.
        rows: usize,
        /// Columns of the tile.
        cols: usize,
        /// How it ended.
        ending: Ending,
    },
    /// The engine's tour broke a rule of the tile's model.
    #[error("the {rows}x{cols} tile the engine found breaks its model: {broken}")]
    Broken {
        /// Rows of the tile.
        rows: usize,
        /// Columns of the tile.
        cols: usize,
        /// The broken rules.
        broken: String,
    },
}

/// The model of a `rows` x `cols` tile: closed when the number of cells is even, making the
/// agreed move by each side.
pub fn tile_spec(rows: usize, cols: usize) -> Spec {
    let mut spec = Spec::plain(&format!("{rows}x{cols}"));
    spec.name = Some(format!("tile-{rows}x{cols}"));
    spec.closed = (rows * cols) % 2 == 0;
    spec.required_moves = Side::ALL
        .iter()
        .map(|side| {
            let [a, b] = side.stitch_move(rows, cols);
            [vec![a.0 as i64, a.1 as i64], vec![b.0 as i64, b.1 as i64]]
        })
        .collect();
    spec
}

/// Finds a tile of `rows` x `cols` with one SAT worker, so that the same build finds the
/// same tile every time, and checks it with the verifier.
pub fn find_tile(rows: usize, cols: usize) -> Result<Tile, FindError> {
    let puzzle = Puzzle::from_spec(&tile_spec(rows, cols))?;
    let options = SatOptions {
        jobs: 1,
        ..SatOptions::default()
    };
    let (found, summary) = crate::sat::solve(&puzzle, &options, &Limits::default())?;
    let Some(tour) = found else {
        return Err(match summary.ending {
            Ending::Exhausted => FindError::None { rows, cols },
            ending => FindError::Undecided { rows, cols, ending },
        });
    };
    let broken = crate::verify::verify(&puzzle, &tour);
    if !broken.is_empty() {
        let broken: Vec<String> = broken.iter().map(ToString::to_string).collect();
        return Err(FindError::Broken {
            rows,
            cols,
            broken: broken.join("; "),
        });
    }
    Ok(Tile {
        rows,
        cols,
        closed: puzzle.closed,
        order: tour.order().iter().map(|&c| c as u32).collect(),
    })
}

/// Every tile size the construction may use, smallest first.
pub fn tile_sizes(max_side: usize) -> impl Iterator<Item = (usize, usize)> {
    (MIN_TILE_SIDE..=max_side)
        .flat_map(move |rows| (MIN_TILE_SIDE..=max_side).map(move |cols| (rows, cols)))
}
