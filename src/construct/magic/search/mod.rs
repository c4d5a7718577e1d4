//! Semimagic tours found by a SAT search on a block-structured model ([`model`]) rather than
//! built: the model asks every 4x4 block for 4 visits of transversal pieces ([`pieces`])
//! whose indices sum to a constant ([`automaton`], or four passes each reversed by another)
//! and whose positions are balanced along every block line; any tour of it is semimagic. The
//! construction of the parent module follows fixed paths and tables; this search chooses the
//! passes itself (seconds on the 3x3 grid of blocks, 12x12, with the passes A, B, A reversed,
//! B reversed), so it is where variants the tables do not give can be tried. No time bound
//! is known.

pub mod automaton;
pub mod model;
pub mod pieces;

use rustsat::solvers::SolverResult;

use super::MagicRefusal;
use crate::solver::{new_backend, BackendConfig, StopSignal};
use model::{Model, Sequence};

/// The cells (row, col) of a semimagic knight's tour of the `rows` x `cols` board in tour
/// order, found by solving the block model of its (rows/4) x (cols/4) grid of blocks with
/// CaDiCaL until `stop` is raised. Both sides must be multiples of 4. The clauses, and so
/// the tour, are the same every run.
pub fn search_cells(
    rows: usize,
    cols: usize,
    stop: &StopSignal,
) -> Result<Vec<(usize, usize)>, MagicRefusal> {
    let failed = |reason: &'static str| MagicRefusal::SearchFailed { rows, cols, reason };
    if !rows.is_multiple_of(4) || !cols.is_multiple_of(4) || rows == 0 || cols == 0 {
        return Err(MagicRefusal::NotMultipleOfFour { rows, cols });
    }
    let model = Model::new(rows / 4, cols / 4, Sequence::Mirrored)
        .map_err(|_| failed("the model could not be built"))?;
    let mut backend = new_backend(&BackendConfig {
        stop: stop.clone(),
        ..BackendConfig::default()
    })
    .map_err(|_| failed("the solver could not be started"))?;
    for clause in model.cnf.cnf() {
        backend
            .add_clause(clause.as_ref())
            .map_err(|_| failed("the solver refused a clause"))?;
    }
    match backend.solve_under(&[]) {
        Ok(SolverResult::Sat) => {}
        Ok(SolverResult::Unsat) => return Err(failed("the block model has no solution")),
        Ok(SolverResult::Interrupted) => return Err(failed("the search was stopped")),
        Err(_) => return Err(failed("the solver failed")),
    }
    model
        .decode(|lit| backend.value(lit.var()).unwrap_or(false) != lit.is_neg())
        .ok_or_else(|| failed("the solver's model names no block or piece for a visit"))
}

#[cfg(test)]
mod tests;
