//! `PuzzleError`, why a model cannot become a puzzle, and the two helpers that build its
//! field-level variants (`field_error`, `impossible`) for every part of the model's checks.

/// Why a model cannot become a puzzle: malformed, or impossible before any search.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PuzzleError {
    /// The board is not a valid size.
    #[error(transparent)]
    Board(#[from] crate::board::ShapeError),
    /// The leaper never leaves its cell; holds its two step lengths (both 0).
    #[error("leaper: [{0}, {1}] does not move (both steps are 0)")]
    Leaper(usize, usize),
    /// A field's value is malformed or names cells off the board.
    #[error("{field}: {message}")]
    Field {
        /// The field at fault, as the model file names it (e.g. `start.cells`).
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// The model is well-formed but can never have a solution (an unreachable sum, say).
    #[error("{field}: {message}")]
    Impossible {
        /// The field at fault, as the model file names it (e.g. `sums.rows`).
        field: String,
        /// Why no tour can meet it.
        message: String,
    },
}

pub(super) fn field_error(field: impl Into<String>, message: impl Into<String>) -> PuzzleError {
    PuzzleError::Field {
        field: field.into(),
        message: message.into(),
    }
}

pub(super) fn impossible(field: impl Into<String>, message: impl Into<String>) -> PuzzleError {
    PuzzleError::Impossible {
        field: field.into(),
        message: message.into(),
    }
}
