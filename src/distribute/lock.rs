//! One runner per job: an OS lock (`flock`) on `job-I.lock` beside the job's partial file.
//!
//! A scheduler may start a job twice (Slurm requeues a task whose first run still lives, GNU
//! parallel retries one), and two writers of one partial file spoil it. The kernel releases
//! an `flock` when its holder dies however it dies, so a killed job never blocks its rerun;
//! the holder writes its process id into the file so that a second runner can name it. The
//! file stays after the run: removing it would let a runner that had opened it but not yet
//! locked it hold a lock on a name no one else sees.

use crate::files::try_lock;
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// Held while a job runs; dropping it (or the process ending) releases the lock.
#[derive(Debug)]
pub struct JobLock {
    _file: File,
}

/// Why a job's lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process runs the job now.
    #[error("job {index} is being run by process {holder} (it holds the lock {file}); this run stops without touching the job's files")]
    Held {
        /// The job.
        index: usize,
        /// The holder's process id as it wrote it, or "unknown".
        holder: String,
        /// The lock file.
        file: String,
    },
    /// The lock file could not be opened, locked or written.
    #[error("cannot lock {file}")]
    Io {
        /// The lock file.
        file: String,
        /// The system's error.
        source: std::io::Error,
    },
}

/// The lock file of job `index` in `dir`.
pub fn lock_path(dir: &Path, index: usize) -> PathBuf {
    dir.join(format!("job-{index}.lock"))
}

impl JobLock {
    /// Takes job `index`'s lock in `dir` without waiting: another live runner is an error
    /// naming its process.
    pub fn acquire(dir: &Path, index: usize) -> Result<JobLock, LockError> {
        let path = lock_path(dir, index);
        let io = |source| LockError::Io {
            file: path.display().to_string(),
            source,
        };
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        if !try_lock(&file).map_err(io)? {
            let mut holder = String::new();
            // A process id; the bound keeps a lock file replaced by a device from being read on.
            let _ = (&file).take(64).read_to_string(&mut holder);
            let holder = holder.trim();
            return Err(LockError::Held {
                index,
                holder: if holder.is_empty() { "unknown" } else { holder }.to_string(),
                file: path.display().to_string(),
            });
        }
        file.set_len(0).map_err(io)?;
        file.rewind().map_err(io)?;
        writeln!(file, "{}", std::process::id()).map_err(io)?;
        Ok(JobLock { _file: file })
    }
}
