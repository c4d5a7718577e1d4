//! Why the frontier engine did not count.

/// A model or board the frontier engine cannot count, or a sweep too large to hold.
#[derive(Debug, thiserror::Error)]
pub enum FrontierError {
    /// The model asks for something the sweep cannot express.
    #[error(
        "the frontier engine counts only plain open or closed tours; it cannot express {what}: \
         use --engine search or --engine sat"
    )]
    Unsupported {
        /// What the model asks for, in words.
        what: String,
    },
    /// It only counts: it has no tours to hand over.
    #[error(
        "the frontier engine counts tours without listing them, so it cannot {what}: \
         use --engine search or --engine sat"
    )]
    NoListing {
        /// What was asked of it, in words.
        what: &'static str,
    },
    /// No order of the board's axes gives a frontier whose state fits 128 bits.
    #[error(
        "the {board} board's frontier is too wide for the frontier engine's 128-bit states; \
         use --engine search or --engine sat"
    )]
    TooWide {
        /// The board, as written.
        board: String,
    },
    /// The states of a step did not fit in memory.
    #[error(
        "not enough memory for the frontier states at step {step} ({states} states held): \
         use --engine search or a smaller board"
    )]
    OutOfMemory {
        /// The step (1-based) being built.
        step: usize,
        /// States held by the step before it.
        states: usize,
    },
    /// A file of the disk spill could not be written or read.
    #[error(
        "the frontier engine could not write or read its spill files ({source}): \
         free disk space or give --spill-dir a directory with room"
    )]
    Spill {
        /// The file system's error.
        source: std::io::Error,
    },
}
