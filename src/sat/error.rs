//! Why the SAT engine could not give an answer.

use super::family::FamilyError;
use super::prefixes::TooManyParts;
use crate::encode::{DecodeError, EncodeError};
use crate::run::Ending;
use crate::solver::{BackendError, StopSignal};

/// Why the SAT engine could not give an answer.
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    /// The puzzle, or one cube of it, could not be encoded.
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// The proof directory could not be made or claimed for this run.
    #[error(transparent)]
    ProofDir(#[from] super::ProofDirError),
    /// The solver backend failed or refused a call.
    #[error(transparent)]
    Backend(#[from] BackendError),
    /// A model's primary variables do not describe a tour: an encoding bug.
    #[error("the solver's model does not decode to a tour")]
    Decode(#[from] DecodeError),
    /// The decoded tour breaks a rule of the puzzle: an encoding bug, caught
    /// before it could be reported as a solution.
    #[error("internal error: the SAT model decodes to a tour the puzzle rejects: {0:?}")]
    WrongTour(Vec<usize>),
    /// The family of a tour could not be formed.
    #[error(transparent)]
    Family(#[from] FamilyError),
    /// Subtours in a model whose encoding should rule them out (a bug); holds how many.
    #[error("internal error: an eager encoding produced {0} subtours")]
    UnexpectedSubtours(usize),
    /// The solver stopped early, but nothing asked it to.
    #[error("the solver stopped without a verdict although no stop was requested")]
    UnexplainedInterruption,
    /// A tour handed to [`enumerate_resuming`](super::enumerate_resuming) is not a solution of the puzzle.
    #[error("tour {index} to resume from is not a solution of this model")]
    NotASolution {
        /// 0-based position of the tour in the list given.
        index: usize,
    },
    /// A worker thread or the thread collecting results ended too early; says which.
    #[error("a worker thread failed: {0}")]
    Worker(String),
    /// A cube index given to [`enumerate_cubes`](super::enumerate_cubes) names no searched cube
    /// of the puzzle (a job cut for another model or version).
    #[error("cube {index} is not among the {searched} cubes this model is searched in")]
    ForeignCube {
        /// The index given.
        index: usize,
        /// How many cubes the model has.
        searched: usize,
    },
    /// The finished cubes given belong to another cube plan (another model or version).
    #[error(
        "the finished cubes given were recorded for another cube plan of this model's solutions"
    )]
    ForeignPlan,
    /// A cube could not be split by its prefixes.
    #[error(transparent)]
    Prefix(#[from] TooManyParts),
}

/// Why a solver stopped: a stop that was never asked for is an error.
pub(super) fn interruption(stop: &StopSignal) -> Result<Ending, SatError> {
    stop.reason().ok_or(SatError::UnexplainedInterruption)
}
