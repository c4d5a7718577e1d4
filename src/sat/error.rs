//! Why the SAT engine could not give an answer.

use super::family::FamilyError;
use super::prefixes::TooManyParts;
use crate::encode::{DecodeError, EncodeError};
use crate::solver::{BackendError, StopReason, StopSignal};

/// Why the SAT engine could not give an answer.
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error("the solver's model does not decode to a tour")]
    Decode(#[from] DecodeError),
    /// The decoded tour breaks a rule of the puzzle: an encoding bug, caught
    /// before it could be reported as a solution.
    #[error("internal error: the SAT model decodes to a tour the puzzle rejects: {0:?}")]
    WrongTour(Vec<usize>),
    #[error(transparent)]
    Family(#[from] FamilyError),
    #[error("internal error: an eager encoding produced {0} subtours")]
    UnexpectedSubtours(usize),
    #[error("the solver stopped without a verdict although no stop was requested")]
    UnexplainedInterruption,
    /// A tour handed to [`enumerate_resuming`] is not a solution of the puzzle.
    #[error("tour {index} to resume from is not a solution of this model")]
    NotASolution { index: usize },
    #[error("a worker thread failed: {0}")]
    Worker(String),
    #[error(transparent)]
    Prefix(#[from] TooManyParts),
}

/// Why a solver stopped: a stop that was never asked for is an error.
pub(super) fn interruption(stop: &StopSignal) -> Result<StopReason, SatError> {
    stop.reason().ok_or(SatError::UnexplainedInterruption)
}
