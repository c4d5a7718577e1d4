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
        "the frontier engine could not write or read its spill files ({source}): {}",
        advice(.source, "--spill-dir")
    )]
    Spill {
        /// The file system's error.
        source: std::io::Error,
    },
    /// A checkpoint file could not be written or read.
    #[error(
        "cannot write or read the checkpoint file {file} ({source}): {}",
        advice(.source, "--checkpoint")
    )]
    CheckpointIo {
        /// The file or directory.
        file: String,
        /// The file system's error.
        source: std::io::Error,
    },
    /// A new checkpoint could not be saved: what it had written is removed, and the one
    /// before it (if any) still stands.
    #[error(
        "cannot save the checkpoint file {file} ({source}): {}; the partial save was removed, \
         and {}",
        advice(.source, "--checkpoint"),
        standing(*.previous)
    )]
    CheckpointSave {
        /// The file being written.
        file: String,
        /// The file system's error.
        source: std::io::Error,
        /// The sweep and step (1-based) of the checkpoint still in place, if any.
        previous: Option<(usize, usize)>,
    },
    /// A checkpoint's header could not be read, or is not a file.
    #[error(
        "{0}; nothing was removed: move the checkpoint directory aside to start the count again"
    )]
    CheckpointUnreadable(#[from] crate::files::ReadError),
    /// The checkpoint holds another count.
    #[error(
        "the checkpoint {file} is of another count: its `{field}` is {found}, this run's is \
         {wanted}; give --checkpoint another directory (nothing was removed)"
    )]
    CheckpointOfAnother {
        /// The header file.
        file: String,
        /// The first field that differs.
        field: &'static str,
        /// The checkpoint's value.
        found: String,
        /// This run's value.
        wanted: String,
    },
    /// The checkpoint was written by a newer build, in a format this one does not read.
    #[error(
        "the checkpoint {file} has format {format}, newer than the format {known} this build \
         reads: continue it with the knights that wrote it (nothing was removed)"
    )]
    CheckpointNewer {
        /// The header file.
        file: String,
        /// Its format.
        format: u64,
        /// The newest format this build reads.
        known: u32,
    },
    /// A checkpoint file is not what its header says.
    #[error(
        "the checkpoint file {file} is damaged: {what}; nothing was removed: move the \
         directory aside to start the count again"
    )]
    CheckpointDamaged {
        /// The damaged file.
        file: String,
        /// What is wrong, naming the field or byte.
        what: String,
    },
    /// Another run holds the checkpoint directory.
    #[error("another run is using the checkpoint directory {dir} (it holds its lock)")]
    CheckpointBusy {
        /// The directory.
        dir: String,
    },
}

/// What a rerun continues from after a failed save.
fn standing(previous: Option<(usize, usize)>) -> String {
    match previous {
        Some((round, step)) => format!(
            "the checkpoint after step {step} of sweep {} is whole: a rerun continues from it",
            round + 1
        ),
        None => "no earlier checkpoint was saved: a rerun starts the count again".to_string(),
    }
}

/// What to do about a file system's error, by its kind: free space helps a full disk only.
fn advice(err: &std::io::Error, flag: &str) -> String {
    use std::io::ErrorKind;
    match err.kind() {
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::FileTooLarge => {
            format!("free disk space or give {flag} a directory with room")
        }
        ErrorKind::NotFound => {
            format!("a directory or file is missing (removed while the count ran?): give {flag} a directory that exists")
        }
        ErrorKind::NotADirectory => format!("part of the path is a file: give {flag} a directory"),
        ErrorKind::ReadOnlyFilesystem => {
            format!("the file system is read-only: give {flag} a directory on a writable one")
        }
        ErrorKind::PermissionDenied => format!("give {flag} a directory this user may write"),
        _ => format!("check the disk and the directory given to {flag}"),
    }
}
