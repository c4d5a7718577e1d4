//! Projected model enumeration with blocking clauses.
//!
//! This module owns the generic loop "solve, read the primary variables,
//! block what was found, solve again", which ends as every run does
//! ([`Ending`]). Only *primary* variables (the projection) are read
//! and blocked, so auxiliary variables of an encoding (totalizer outputs,
//! ordering variables, ...) never multiply the count.
//!
//! The caller decides what to block for each model: by default the model
//! itself; a symmetry-aware caller returns one clause per image of the model
//! under its equivalence so each class is found exactly once.
//!
//! A stopped enumeration is never a count: only [`Ending::Exhausted`] is, and
//! the caller must report any other ending as such.

use rustsat::solvers::SolverResult;
use rustsat::types::{Lit, Var};
use serde::{Deserialize, Serialize};

use super::{Backend, BackendError};
use crate::run::Ending;

/// Models found and how the enumeration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnumerationOutcome {
    /// Models (or equivalence classes) reported to the caller.
    pub found: u64,
    /// Why the loop stopped: exhausted (the count is exact), the requested number of models
    /// reached ([`Ending::Limit`]; more may exist), or stopped from outside (the count is a
    /// lower bound).
    pub end: Ending,
}

/// Errors of the enumeration loop.
#[derive(Debug, thiserror::Error)]
pub enum EnumerationError {
    /// The backend failed.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// The solver gave up although nobody asked it to stop; reporting this as
    /// a count or as "stopped by signal" would both be wrong.
    #[error("the solver stopped without a verdict and without a stop request")]
    UnexplainedInterruption,
    /// The caller asked to block nothing, which would find the same model forever.
    #[error("no blocking clause was given for a model; enumeration would not progress")]
    NothingBlocked,
}

/// The clause that excludes exactly the given assignment of the projection.
pub fn blocking_clause(projection: &[Var], values: &[bool]) -> Vec<Lit> {
    projection
        .iter()
        .zip(values)
        // `Var::lit(negated)`: a true variable is blocked by its negation.
        .map(|(&var, &value)| var.lit(value))
        .collect()
}

/// Reads the projection's values from the backend's current model.
pub fn read_projection(
    backend: &dyn Backend,
    projection: &[Var],
) -> Result<Vec<bool>, BackendError> {
    projection.iter().map(|&var| backend.value(var)).collect()
}

/// Enumerates the distinct assignments of `projection` that extend to models.
///
/// For each one, `on_model` gets the values (in `projection` order) and
/// returns the clauses to add before the next solve (at least one, and they
/// must exclude this assignment, or the loop never ends). `limit` caps the
/// number of models reported.
pub fn enumerate_projected<F>(
    backend: &mut dyn Backend,
    projection: &[Var],
    limit: Option<u64>,
    mut on_model: F,
) -> Result<EnumerationOutcome, EnumerationError>
where
    F: FnMut(&[bool]) -> Vec<Vec<Lit>>,
{
    let mut found = 0;
    loop {
        if limit.is_some_and(|limit| found >= limit) {
            return Ok(outcome(found, Ending::Limit));
        }
        match backend.solve_under(&[])? {
            SolverResult::Unsat => return Ok(outcome(found, Ending::Exhausted)),
            SolverResult::Interrupted => {
                let reason = backend
                    .stop_signal()
                    .reason()
                    .ok_or(EnumerationError::UnexplainedInterruption)?;
                return Ok(outcome(found, reason));
            }
            SolverResult::Sat => {
                let values = read_projection(backend, projection)?;
                found += 1;
                add_blocking_clauses(backend, on_model(&values))?;
            }
        }
    }
}

/// Counts the distinct assignments of `projection`, blocking each exactly.
pub fn count_projected(
    backend: &mut dyn Backend,
    projection: &[Var],
    limit: Option<u64>,
) -> Result<EnumerationOutcome, EnumerationError> {
    enumerate_projected(backend, projection, limit, |values| {
        vec![blocking_clause(projection, values)]
    })
}

fn add_blocking_clauses(
    backend: &mut dyn Backend,
    clauses: Vec<Vec<Lit>>,
) -> Result<(), EnumerationError> {
    if clauses.is_empty() {
        return Err(EnumerationError::NothingBlocked);
    }
    for clause in &clauses {
        backend.add_clause(clause)?;
    }
    Ok(())
}

fn outcome(found: u64, end: Ending) -> EnumerationOutcome {
    EnumerationOutcome { found, end }
}
