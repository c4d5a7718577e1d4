//! The job file: one self-contained JSON line per job, sealed by a checksum.
//!
//! A line holds the model itself (its TOML text, so that a job does not depend on a file
//! that may change), the engine and its options, what the result records, the job's part of
//! the work and its estimated cost. Every line of one split shares a run identifier, which
//! result files repeat, so that a result is never counted for a job it does not belong to.

use super::checksum::{digest, seal, unseal, Fnv};
use crate::sat::SatOptions;
use crate::search::TreePiece;
use serde::{Deserialize, Serialize};

/// The job file format this version writes and reads.
pub const JOB_FORMAT: u32 = 1;

/// What a job's result file holds besides its counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Record {
    /// Every solution, so that merge can check and deduplicate classes by canonical form.
    Tours,
    /// Counts only, for runs whose solutions are too many to keep.
    Counts,
}

/// The engine a job runs and the options that decide its part of the work.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "name", rename_all = "lowercase")]
pub enum JobEngine {
    /// The native search over pieces of its tree.
    Search {
        /// Whether the search reduces by the puzzle's automorphisms (the roots depend on it).
        symmetry: bool,
    },
    /// The SAT engine over some of its cubes. The thread count is the runner's choice.
    Sat {
        /// Solver, encoding and schedule.
        options: SatOptions,
    },
}

impl JobEngine {
    /// The engine's name, as summaries carry it.
    pub fn name(&self) -> &'static str {
        match self {
            JobEngine::Search { .. } => "search",
            JobEngine::Sat { .. } => "sat",
        }
    }
}

/// A job's part of the work.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JobPart {
    /// Pieces of the native search's tree.
    Pieces(Vec<TreePiece>),
    /// Indices into the SAT engine's searched cubes (`sat::searched_cubes`).
    Cubes(Vec<usize>),
}

impl JobPart {
    /// How many pieces or cubes the part holds.
    pub fn len(&self) -> usize {
        match self {
            JobPart::Pieces(pieces) => pieces.len(),
            JobPart::Cubes(cubes) => cubes.len(),
        }
    }

    /// Whether the part holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One job: everything needed to run it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The job file format ([`JOB_FORMAT`]).
    pub knights_job: u32,
    /// The version of knights that cut the jobs: pieces and cubes are numbered by it.
    pub version: String,
    /// Shared by every job of one split, and repeated by their result files.
    pub run: String,
    /// 0-based position of the job in its file.
    pub index: usize,
    /// How many jobs the split made.
    pub jobs: usize,
    /// The model's name.
    pub name: String,
    /// The model, as TOML.
    pub model: String,
    /// The engine and its options.
    pub engine: JobEngine,
    /// What the result file holds.
    pub record: Record,
    /// The job's part of the work.
    pub part: JobPart,
    /// Predicted search nodes (native-search estimate) of the part.
    pub estimated_nodes: f64,
}

impl Job {
    /// The job as one sealed JSON line (without its newline).
    pub fn to_line(&self) -> String {
        seal(Fnv::default(), &self.object())
    }

    /// The checksum that seals the job's line; result files repeat it.
    pub fn checksum(&self) -> String {
        digest(self.object().as_bytes())
    }

    fn object(&self) -> String {
        serde_json::to_string(self).expect("a job always serialises")
    }

    /// Whether `other` belongs to the same split: the same run, model, engine and record.
    fn same_run(&self, other: &Job) -> bool {
        self.run == other.run
            && self.jobs == other.jobs
            && self.model == other.model
            && self.engine == other.engine
            && self.record == other.record
    }
}

/// Why a job file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum JobFileError {
    /// One line is wrong; says which and why.
    #[error("{file} line {line}: {reason}")]
    Line {
        /// The file as given.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The file holds no job.
    #[error("{file}: no jobs in it")]
    Empty {
        /// The file as given.
        file: String,
    },
}

/// Reads and checks every line of a job file: each checksum, the format and version, the
/// index of each line, and that all lines belong to one split.
pub fn read_jobs(text: &str, file: &str) -> Result<Vec<Job>, JobFileError> {
    let mut jobs: Vec<Job> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let fail = |reason: String| JobFileError::Line {
            file: file.to_string(),
            line: i + 1,
            reason,
        };
        let job = parse_line(raw).map_err(fail)?;
        check_place(&job, jobs.first(), jobs.len()).map_err(fail)?;
        jobs.push(job);
    }
    let Some(first) = jobs.first() else {
        return Err(JobFileError::Empty {
            file: file.to_string(),
        });
    };
    if first.jobs != jobs.len() {
        return Err(JobFileError::Line {
            file: file.to_string(),
            line: text.lines().count(),
            reason: format!(
                "the split made {} jobs, but the file holds {} (lines lost or added)",
                first.jobs,
                jobs.len()
            ),
        });
    }
    Ok(jobs)
}

fn parse_line(raw: &str) -> Result<Job, String> {
    let object = unseal(Fnv::default(), raw).map_err(|e| format!("not a knights job: {e}"))?;
    let value: serde_json::Value =
        serde_json::from_str(&object).map_err(|e| format!("not a knights job: {e}"))?;
    let format = value.get("knights_job").and_then(serde_json::Value::as_u64);
    if format != Some(u64::from(JOB_FORMAT)) {
        return Err(format!(
            "job format {} where this version reads {JOB_FORMAT}",
            format.map_or("missing".into(), |f| f.to_string())
        ));
    }
    let version = value.get("version").and_then(serde_json::Value::as_str);
    let ours = env!("CARGO_PKG_VERSION");
    if version != Some(ours) {
        return Err(format!(
            "cut by knights {}, but this is knights {ours}: cut the jobs again with this version",
            version.unwrap_or("(unknown)")
        ));
    }
    serde_json::from_value(value).map_err(|e| format!("not a knights job: {e}"))
}

/// The job must be the next of its split: index in order, same run as the first line.
fn check_place(job: &Job, first: Option<&Job>, position: usize) -> Result<(), String> {
    if job.index != position {
        return Err(format!(
            "job index {} where {position} was expected (lines reordered or lost)",
            job.index
        ));
    }
    if let Some(first) = first {
        if !job.same_run(first) {
            return Err(format!(
                "job of run {} ({}), but line 1 is of run {} ({}): two splits mixed in one file",
                job.run, job.name, first.run, first.name
            ));
        }
    }
    if job.index >= job.jobs {
        return Err(format!(
            "job index {} of a split into {} jobs",
            job.index, job.jobs
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(index: usize, jobs: usize) -> Job {
        Job {
            knights_job: JOB_FORMAT,
            version: env!("CARGO_PKG_VERSION").into(),
            run: "0123456789abcdef".into(),
            index,
            jobs,
            name: "t".into(),
            model: "board = \"5x5\"\n".into(),
            engine: JobEngine::Search { symmetry: true },
            record: Record::Tours,
            part: JobPart::Cubes(vec![index]),
            estimated_nodes: 1.5,
        }
    }

    fn file(jobs: &[Job]) -> String {
        jobs.iter().map(|j| j.to_line() + "\n").collect()
    }

    #[test]
    fn a_job_file_reads_back_as_written() {
        let jobs = vec![job(0, 2), job(1, 2)];
        assert_eq!(read_jobs(&file(&jobs), "f").unwrap(), jobs);
    }

    #[test]
    fn a_lost_or_reordered_line_is_named() {
        let lost = file(&[job(0, 3), job(1, 3)]);
        let err = read_jobs(&lost, "f").unwrap_err().to_string();
        assert!(err.contains("made 3 jobs, but the file holds 2"), "{err}");
        let reordered = file(&[job(1, 2), job(0, 2)]);
        let err = read_jobs(&reordered, "f").unwrap_err().to_string();
        assert!(err.starts_with("f line 1: job index 1 where 0"), "{err}");
        let err = read_jobs("\n", "f").unwrap_err().to_string();
        assert_eq!(err, "f: no jobs in it");
    }

    #[test]
    fn a_line_of_another_format_is_named() {
        let mut other = job(0, 1);
        other.knights_job = 2;
        let err = read_jobs(&file(&[other]), "f").unwrap_err().to_string();
        assert!(
            err.contains("job format 2 where this version reads 1"),
            "{err}"
        );
        let err = read_jobs("{\"a\":1}\n", "f").unwrap_err().to_string();
        assert!(err.contains("f line 1: not a knights job"), "{err}");
    }
}
