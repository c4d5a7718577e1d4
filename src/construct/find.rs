//! Finding tiles with the SAT engine. A tile is a model like any other: a board, closed or
//! not, with `required_moves` (the agreed moves, or the hook) and, for a strip block, its
//! start and end cells. Every answer is checked by the independent verifier against that
//! model before it is kept.

use super::stitch::{Local, Side, MIN_TILE_SIDE};
use super::strip::{hook, BLOCK_COLS, BLOCK_ENDS, CLOSED_BASES, OPEN_BASES, STRIP_ROWS};
use super::tiles::{Role, Tile};
use crate::puzzle::{Puzzle, PuzzleError};
use crate::run::{Ending, Limits};
use crate::sat::{SatError, SatOptions};
use crate::search::{SearchError, SearchOptions};
use crate::spec::{CellSetSpec, Spec};
use crate::tour::Closure;
use crate::tour::Tour;
use std::sync::Mutex;

/// Why no tile was found for a model.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// The tile's model was refused.
    #[error(transparent)]
    Model(#[from] PuzzleError),
    /// The engine failed.
    #[error(transparent)]
    Sat(#[from] SatError),
    /// The native search failed.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The solver proved that the model has no solution.
    #[error("{name}: no tour of the model exists (the solver exhausted it)")]
    None {
        /// The model's name.
        name: String,
    },
    /// The run ended without an answer.
    #[error("{name}: the search ended without an answer ({ending:?})")]
    Undecided {
        /// The model's name.
        name: String,
        /// How it ended.
        ending: Ending,
    },
    /// The engine's tour broke a rule of the model.
    #[error("{name}: the engine's tour breaks the model: {broken}")]
    Broken {
        /// The model's name.
        name: String,
        /// The broken rules.
        broken: String,
    },
}

fn move_spec([a, b]: [Local; 2]) -> [Vec<i64>; 2] {
    [vec![a.0 as i64, a.1 as i64], vec![b.0 as i64, b.1 as i64]]
}

/// The model of a `rows` x `cols` stitch tile: closed when the number of cells is even,
/// making the agreed move by each side.
pub fn tile_spec(rows: usize, cols: usize) -> Spec {
    let mut spec = Spec::plain(&format!("{rows}x{cols}"));
    spec.name = Some(format!("tile-{rows}x{cols}"));
    spec.closed = (rows * cols).is_multiple_of(2);
    spec.required_moves = Side::ALL
        .iter()
        .map(|side| move_spec(side.stitch_move(rows, cols)))
        .collect();
    spec
}

/// The model of a strip base `cols` wide: a tour making the hook by its right end.
pub fn strip_base_spec(cols: usize, closed: Closure) -> Spec {
    let mut spec = Spec::plain(&format!("{STRIP_ROWS}x{cols}"));
    spec.name = Some(format!("strip-base-{STRIP_ROWS}x{cols}"));
    spec.closed = closed.is_closed();
    spec.required_moves = vec![move_spec(hook(cols))];
    spec
}

/// The model of the strip block: a path between the agreed ends making the hook.
pub fn strip_block_spec() -> Spec {
    let mut spec = Spec::plain(&format!("{STRIP_ROWS}x{BLOCK_COLS}"));
    spec.name = Some(format!("strip-block-{STRIP_ROWS}x{BLOCK_COLS}"));
    spec.start = Some(CellSetSpec::cell(BLOCK_ENDS[0].0, BLOCK_ENDS[0].1));
    spec.end = Some(CellSetSpec::cell(BLOCK_ENDS[1].0, BLOCK_ENDS[1].1));
    spec.required_moves = vec![move_spec(hook(BLOCK_COLS))];
    spec
}

/// The model of a tile on a route between chosen ends: a path from `entry` to `exit` that
/// makes the agreed moves of the sides in `sides`.
pub fn path_tile_spec(rows: usize, cols: usize, entry: Local, exit: Local, sides: &[Side]) -> Spec {
    let mut spec = Spec::plain(&format!("{rows}x{cols}"));
    spec.name = Some(format!("route-tile-{rows}x{cols}"));
    spec.start = Some(CellSetSpec::cell(entry.0, entry.1));
    spec.end = Some(CellSetSpec::cell(exit.0, exit.1));
    spec.required_moves = sides
        .iter()
        .map(|side| move_spec(side.stitch_move(rows, cols)))
        .collect();
    spec
}

/// Every tile the construction uses, with its role and model: stitch tiles with sides from
/// the smallest to `max_side`, then the strip bases and block.
pub fn tile_models(max_side: usize) -> Vec<(Role, Spec)> {
    let sides = MIN_TILE_SIDE..=max_side;
    let stitch = sides
        .clone()
        .flat_map(|rows| sides.clone().map(move |cols| tile_spec(rows, cols)));
    let mut models: Vec<(Role, Spec)> = stitch.map(|spec| (Role::Stitch, spec)).collect();
    let bases = CLOSED_BASES
        .iter()
        .map(|&c| (c, true))
        .chain(OPEN_BASES.iter().map(|&c| (c, false)));
    models.extend(bases.map(|(cols, closed)| {
        (
            Role::StripBase,
            strip_base_spec(cols, Closure::from(closed)),
        )
    }));
    models.push((Role::StripBlock, strip_block_spec()));
    models
}

/// Finds a tile for a model with one SAT worker, so that the same build finds the same
/// tile every time, and checks it with the verifier.
pub fn find_tile(spec: &Spec) -> Result<Tile, FindError> {
    find_tile_within(spec, &Limits::default())
}

/// [`find_tile`] under limits (a time limit ends it as [`FindError::Undecided`]).
pub fn find_tile_within(spec: &Spec, limits: &Limits) -> Result<Tile, FindError> {
    let puzzle = Puzzle::from_spec(spec)?;
    let options = SatOptions {
        jobs: 1,
        ..SatOptions::default()
    };
    let (found, summary) = crate::sat::solve(&puzzle, &options, limits)?;
    checked_tile(&puzzle, found, summary.ending)
}

/// [`find_tile_within`] by the native search (one worker, so the same tile every time), which
/// answers models with fixed ends on tiles far faster than the SAT engine's numbered
/// encoding, or gives up at the time limit.
pub fn search_tile_within(spec: &Spec, limits: &Limits) -> Result<Tile, FindError> {
    let puzzle = Puzzle::from_spec(spec)?;
    let options = SearchOptions {
        jobs: 1,
        symmetry: false,
        node_budget: None,
    };
    let limits = Limits {
        solutions: Some(1),
        ..limits.clone()
    };
    let first: Mutex<Option<Tour>> = Mutex::new(None);
    let keep = |class: crate::run::Class| {
        let mut first = first.lock().expect("no worker panics holding the lock");
        first.get_or_insert_with(|| class.members[0].clone());
    };
    let summary = crate::search::enumerate(&puzzle, &options, &limits, &keep, &|_| {})?;
    let found = first
        .into_inner()
        .expect("no worker panics holding the lock");
    checked_tile(&puzzle, found, summary.ending)
}

/// The tile of an engine's answer, once the verifier has passed it.
fn checked_tile(puzzle: &Puzzle, found: Option<Tour>, ending: Ending) -> Result<Tile, FindError> {
    let name = puzzle.name.clone();
    let Some(tour) = found else {
        return Err(match ending {
            Ending::Exhausted => FindError::None { name },
            ending => FindError::Undecided { name, ending },
        });
    };
    let broken = crate::verify::verify(puzzle, &tour);
    if !broken.is_empty() {
        let broken: Vec<String> = broken.iter().map(ToString::to_string).collect();
        return Err(FindError::Broken {
            name,
            broken: broken.join("; "),
        });
    }
    let shape = puzzle.board.shape();
    Ok(Tile {
        rows: shape.rows,
        cols: shape.cols,
        closed: puzzle.closed,
        order: tour.order().iter().map(|&c| c as u32).collect(),
    })
}
