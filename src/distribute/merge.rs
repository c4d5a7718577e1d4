//! Merging the results of a split: every job must be finished for a count. Solutions are
//! verified again as they are read, classes are deduplicated by canonical form, and each
//! class must be there whole; native counts are summed by class size.

use super::jobfile::{Job, Record};
use super::result::{finished_path, partial_path, read_result, JobResult, ResultError};
use super::run_job::{job_puzzle, RunJobError};
use crate::board::Cell;
use crate::puzzle::{Puzzle, SolutionKind};
use crate::symmetry::key;
use crate::tour::json::parse_lines;
use crate::tour::Tour;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

/// The merged summary. Without every job finished it has no count.
#[derive(Clone, Debug, Serialize)]
pub struct MergeSummary {
    /// The model's name.
    pub model: String,
    /// The engine the jobs ran.
    pub engine: String,
    /// What one solution is.
    pub kind: SolutionKind,
    /// Jobs in the split.
    pub jobs: usize,
    /// Jobs whose result is finished.
    pub finished: usize,
    /// `true` only when every job's part was exhausted.
    pub complete: bool,
    /// Solutions; only when complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
    /// Classes; only when complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<u64>,
    /// Jobs with no result at all.
    pub missing: Vec<usize>,
    /// Jobs with a partial result only (stopped or killed).
    pub unfinished: Vec<usize>,
    /// Classes found by more than one job (kept once).
    pub duplicate_classes: u64,
    /// Seconds the finished jobs took, added up.
    pub job_seconds: f64,
}

/// Why results cannot be merged: a file that does not check, never counted.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A result file is damaged, of another job, or wrong.
    #[error(transparent)]
    Result(#[from] ResultError),
    /// The jobs' model does not read.
    #[error(transparent)]
    Model(#[from] RunJobError),
}

/// Merges the results in `dir` of the jobs of one split.
pub fn merge(jobs: &[Job], dir: &Path) -> Result<MergeSummary, MergeError> {
    let first = &jobs[0];
    let puzzle = job_puzzle(first)?;
    let mut summary = MergeSummary {
        model: puzzle.name.clone(),
        engine: first.engine.name().to_string(),
        kind: puzzle.kind(),
        jobs: jobs.len(),
        finished: 0,
        complete: false,
        solutions: None,
        classes: None,
        missing: Vec::new(),
        unfinished: Vec::new(),
        duplicate_classes: 0,
        job_seconds: 0.0,
    };
    let mut totals = Totals::default();
    for job in jobs {
        let Some(path) = finished_path(dir, job.index) else {
            match partial_path(dir, job.index).exists() {
                true => summary.unfinished.push(job.index),
                false => summary.missing.push(job.index),
            }
            continue;
        };
        let result = read_result(&path, job)?;
        summary.finished += 1;
        summary.job_seconds += result.end.seconds;
        let shown = path.display().to_string();
        totals.add(&puzzle, job, &result, &shown)?;
    }
    if summary.finished == jobs.len() {
        let (solutions, classes) = totals.count(&puzzle, first.record, dir)?;
        summary.complete = true;
        summary.solutions = Some(solutions);
        summary.classes = Some(classes);
    }
    summary.duplicate_classes = totals.duplicates;
    Ok(summary)
}

/// What the finished results add up to so far.
#[derive(Default)]
struct Totals {
    /// Tours records: each class by canonical form, with the keys of the members seen.
    classes: HashMap<Vec<Cell>, (Tour, HashSet<Vec<Cell>>)>,
    /// Tours records: which job first reported each class.
    first_job: HashMap<Vec<Cell>, usize>,
    duplicates: u64,
    /// Counts records.
    solutions: u64,
    reported_classes: u64,
    class_sizes: BTreeMap<u64, u64>,
}

impl Totals {
    fn add(
        &mut self,
        puzzle: &Puzzle,
        job: &Job,
        result: &JobResult,
        shown: &str,
    ) -> Result<(), ResultError> {
        let fail = |reason: String| ResultError {
            file: shown.to_string(),
            reason,
        };
        let end = &result.end;
        match job.record {
            Record::Tours => {
                if end.solutions != end.tour_lines {
                    return Err(fail(format!(
                        "its end record counts {} solutions but it holds {} lines",
                        end.solutions, end.tour_lines
                    )));
                }
                self.add_tours(puzzle, job.index, &result.body, &fail)
            }
            Record::Counts => {
                let weighted: u64 = end.class_sizes.values().sum();
                if end.classes.is_none() && weighted != end.solutions {
                    return Err(fail(format!(
                        "its class sizes add up to {weighted} solutions, not {}",
                        end.solutions
                    )));
                }
                self.solutions += end.solutions;
                self.reported_classes += end.classes.unwrap_or(0);
                for (&m, &b) in &end.class_sizes {
                    *self.class_sizes.entry(m).or_default() += b;
                }
                Ok(())
            }
        }
    }

    fn add_tours(
        &mut self,
        puzzle: &Puzzle,
        index: usize,
        body: &str,
        fail: &dyn Fn(String) -> ResultError,
    ) -> Result<(), ResultError> {
        let tours = parse_lines(body).map_err(|e| fail(e.to_string()))?;
        let form = puzzle.form();
        let mut seen_here = HashSet::new();
        for (line, tour) in tours {
            let violations = crate::verify::verify(puzzle, &tour);
            if let Some(first) = violations.first() {
                return Err(fail(format!("line {line}: not a solution: {first}")));
            }
            let canonical = puzzle.canonical(&tour);
            let owner = *self.first_job.entry(canonical.clone()).or_insert(index);
            if owner != index && seen_here.insert(canonical.clone()) {
                self.duplicates += 1;
            }
            let member = key(&tour, form);
            let (_, members) = self
                .classes
                .entry(canonical)
                .or_insert_with(|| (tour, HashSet::new()));
            members.insert(member);
        }
        Ok(())
    }

    /// The merged counts once every job is in: each class whole, class sizes whole.
    fn count(
        &self,
        puzzle: &Puzzle,
        record: Record,
        dir: &Path,
    ) -> Result<(u64, u64), ResultError> {
        let fail = |reason: String| ResultError {
            file: dir.display().to_string(),
            reason,
        };
        match record {
            Record::Tours => {
                let mut solutions = 0;
                for (canonical, (tour, members)) in &self.classes {
                    let class_size = puzzle.class_members(tour).len();
                    if members.len() != class_size {
                        return Err(fail(format!(
                            "a class has {} of its {class_size} solutions in the results (class of job {})",
                            members.len(),
                            self.first_job[canonical]
                        )));
                    }
                    solutions += members.len() as u64;
                }
                Ok((solutions, self.classes.len() as u64))
            }
            Record::Counts if self.class_sizes.is_empty() => {
                Ok((self.solutions, self.reported_classes))
            }
            Record::Counts => {
                let mut classes = 0;
                for (&m, &b) in &self.class_sizes {
                    if m == 0 || b % m != 0 {
                        return Err(fail(format!(
                            "{b} weighted solutions in classes of {m} do not make whole classes"
                        )));
                    }
                    classes += b / m;
                }
                Ok((self.solutions, classes))
            }
        }
    }
}
