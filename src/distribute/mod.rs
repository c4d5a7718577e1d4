//! Runs too big for one process: split into jobs, run each anywhere, merge the results.
//!
//! `split` cuts the work of one count into self-contained jobs (a line of JSON each, sealed
//! by a checksum): pieces of the native search's tree, or cubes of the SAT engine. Each piece
//! or cube is a disjoint part of the solution space and together they cover it (the pieces
//! are every node at one depth of the search tree, and the cubes are every cube the engine
//! searches), so the parts' counts add up to the count of one run. `run_job` runs one job and
//! writes its result file, which exists under its final name only once the job is finished.
//! `merge` checks every result against its job and adds them up, or says which are missing.
//! Scheduling jobs is left to tools made for it (GNU parallel, Slurm): see docs/guide.md.

mod checksum;
mod jobfile;
mod lock;
mod merge;
mod piece_log;
mod result;
mod run_job;
mod split;

pub use checksum::{digest, SealError};
pub use jobfile::{read_jobs, Job, JobEngine, JobFileError, JobPart, Record, JOB_FORMAT};
pub use lock::{lock_path, JobLock, LockError};
pub use merge::{merge, MergeError, MergeSummary};
pub use piece_log::piece_log_path;
pub use result::{
    finished_path, packed_result_path, partial_path, read_result, result_path, JobEnd, JobResult,
    ResultError,
};
pub use run_job::{finished_result, job_puzzle, run_job, JobOutcome, RunJobError, RunJobOptions};
pub use split::{split, split_with_progress, SplitError, SplitRequest};
