//! The tools that take tours in or give them out without an engine's run: sampling,
//! classification, the large-board construction and the verifier.

use crate::convert::{named, record_to_python};
use crate::errors::{argument_error, model_error, run_error};
use crate::model::Model;
use crate::run::{checked, interruptible};
use crate::tour::Tour;
use knights::board::{Board, Shape};
use knights::construct::{build, build_magic, magic, Request};
use knights::puzzle::Puzzle;
use knights::sample::{sample_within, Bounds, Method, SampleOptions};
use knights::solver::SolverKind;
use pyo3::prelude::*;

fn method_named(name: &str) -> PyResult<Method> {
    match name {
        "greedy" => Ok(Method::Greedy),
        "warnsdorff" => Ok(Method::Warnsdorff),
        "sat" => Ok(Method::Sat),
        other => Err(argument_error(
            "method",
            format!("'{other}' is not one of greedy, warnsdorff, sat"),
        )),
    }
}

/// Up to `count` distinct tours of the model at random, each verified (fewer when the
/// samples allowed run out).
///
/// method: "warnsdorff" (random walks by Warnsdorff's rule), "greedy" (seed 004's random
/// walks) or "sat" (the SAT engine from a random path; takes every model); seed: the same
/// seed gives the same tours; walks: walks per sample before it gives up.
#[pyfunction]
#[pyo3(signature = (model, count=1, *, method="warnsdorff", seed=0, walks=1000, solver="cadical"))]
pub fn sample(
    py: Python<'_>,
    model: &Model,
    count: usize,
    method: &str,
    seed: u64,
    walks: u32,
    solver: &str,
) -> PyResult<Vec<Tour>> {
    let options = SampleOptions {
        method: method_named(method)?,
        solver: named::<SolverKind>("solver", solver)?,
        count,
        seed,
        walks_per_sample: walks,
    };
    let puzzle = &model.puzzle;
    // The sampler watches the same flag Ctrl-C raises, so an interrupt ends the run itself
    // and not only the wait for it.
    let bounds = Bounds::default();
    let mut tours = Vec::new();
    let report = interruptible(py, &bounds.stop, || {
        sample_within(puzzle, &options, &bounds, |s| tours.push(s.tour.clone()))
    })?;
    report.map_err(run_error)?;
    tours
        .into_iter()
        .map(|tour| checked(puzzle, tour))
        .collect()
}

/// Classifies tours of one board (as `knights classify`): tour types by the cells' location
/// codes, and geometric classes under the board's symmetries, closing tours apart. Returns
/// the record `knights classify --json` prints, as a dict.
#[pyfunction]
pub fn classify(py: Python<'_>, tours: Vec<PyRef<'_, Tour>>) -> PyResult<Py<PyAny>> {
    let Some(first) = tours.first() else {
        return Err(argument_error("tours", "no tours"));
    };
    let board: &Board = &first.board;
    for (i, tour) in tours.iter().enumerate() {
        if tour.tour.shape() != board.shape() || tour.board.leaper() != board.leaper() {
            return Err(argument_error(
                "tours",
                format!(
                    "tour {} is of {} ({}), but the first is of {} ({}); classify takes tours of one board",
                    i + 1,
                    tour.tour.shape(),
                    tour.board.leaper(),
                    board.shape(),
                    board.leaper()
                ),
            ));
        }
    }
    let all: Vec<knights::tour::Tour> = tours.iter().map(|t| t.tour.clone()).collect();
    let found = py.detach(|| knights::classify::classify(board, &all));
    record_to_python(py, &found)
}

/// A tour of the rows x cols board built by the stitch construction (as `knights tour`),
/// verified: closed wherever a closed tour exists unless closed=False or both ends are
/// given; start and end are (row, col) cells. With magic=True, an open semimagic tour
/// (every row and column at the magic sum) by the magic construction (as `knights tour
/// --magic`), verified with its line sums; a board it does not cover is a ModelError
/// saying why.
#[pyfunction]
#[pyo3(signature = (rows, cols, *, closed=None, start=None, end=None, magic=false))]
pub fn construct_tour(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    closed: Option<bool>,
    start: Option<(usize, usize)>,
    end: Option<(usize, usize)>,
    magic: bool,
) -> PyResult<Tour> {
    if magic {
        if closed.is_some() || start.is_some() || end.is_some() {
            return Err(argument_error(
                "magic",
                "a semimagic tour is built open, with the ends the construction gives: drop closed, start and end",
            ));
        }
        return magic_tour(py, rows, cols);
    }
    let request = Request {
        rows,
        cols,
        closed,
        start,
        end,
    };
    let planned = build(&request).map_err(|e| model_error(&format!("{rows}x{cols}"), e))?;
    let cells = py.detach(|| planned.cells());
    let order = cells.into_iter().map(|c| c as usize).collect();
    let tour = knights::tour::Tour::new(Shape::flat(rows, cols), order).map_err(run_error)?;
    let puzzle = Puzzle::from_spec(&request.spec()).map_err(run_error)?;
    checked(&puzzle, tour)
}

/// The semimagic tour of the rows x cols board, verified with every row and column sum.
fn magic_tour(py: Python<'_>, rows: usize, cols: usize) -> PyResult<Tour> {
    let board = format!("{rows}x{cols}");
    let request = Request::open(rows, cols);
    // A board with no knight's tour at all is refused by its theorem first, as the CLI does.
    request.check().map_err(|e| model_error(&board, e))?;
    let planned = build_magic(rows, cols).map_err(|e| model_error(&board, e))?;
    let order = py
        .detach(|| planned.cells())
        .into_iter()
        .map(|c| c as usize)
        .collect();
    let tour = knights::tour::Tour::new(Shape::flat(rows, cols), order).map_err(run_error)?;
    let puzzle = Puzzle::from_spec(&magic::spec(rows, cols)).map_err(run_error)?;
    checked(&puzzle, tour)
}

/// The rules of the model a tour breaks, in words: empty when the tour is a solution. The
/// verifier shares no code with any engine. `tour` is a Tour or the numbers of its cells in
/// row-major order.
#[pyfunction]
pub fn verify(model: &Model, tour: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let puzzle = &model.puzzle;
    let tour = match tour.cast::<Tour>() {
        Ok(tour) => tour.get().tour.clone(),
        Err(_) => {
            let numbers: Vec<u32> = tour.extract()?;
            knights::tour::Tour::from_numbers(puzzle.board.shape(), &numbers)
                .map_err(|e| argument_error("tour", e))?
        }
    };
    if tour.shape() != puzzle.board.shape() {
        return Ok(vec![format!(
            "the tour is of the {} board, the model's board is {}",
            tour.shape(),
            puzzle.board.shape()
        )]);
    }
    let broken = knights::verify::verify(puzzle, &tour);
    Ok(broken.iter().map(ToString::to_string).collect())
}
