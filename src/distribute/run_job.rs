//! Running one job: its engine over its part, its solutions verified and written as they
//! come, its result renamed into place only when the part is exhausted.
//!
//! Run again, a finished job is left as it is. A job stopped or killed leaves its partial
//! file: the native search starts such a job over, while the SAT engine continues from the
//! classes the partial file holds in full (their families are blocked, not searched again).

use super::jobfile::{Job, JobEngine, JobPart, Record};
use super::result::ResultWriter;
use super::result::{check_header, partial_path, read_result, result_path, JobEnd, ResultError};
use crate::puzzle::Puzzle;
use crate::run::{Class, CubeProgress, Ending, EngineError, Limits, NodeProgress, Progress};
use crate::sat::{class_of, enumerate_cubes, Observers, ProofDir, SatError, SatOptions};
use crate::search::{search_pieces, SearchError, SearchOptions, TreePiece};
use crate::spec::Spec;
use crate::tour::json::parse_lines;
use crate::tour::Tour;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How a job's run ended.
#[derive(Clone, Debug)]
pub enum JobOutcome {
    /// The result file was already there, finished and checked; nothing was run.
    AlreadyDone(PathBuf),
    /// The part was exhausted and its result renamed into place.
    Finished(PathBuf, JobEnd),
    /// A limit or a signal stopped the run; the partial file holds what was found.
    Stopped {
        /// Why it stopped.
        ending: Ending,
        /// The partial file.
        partial: PathBuf,
    },
}

/// Why a job could not be run.
#[derive(Debug, thiserror::Error)]
pub enum RunJobError {
    /// The job's model does not read or check.
    #[error("job {index}: its model: {reason}")]
    Model {
        /// The job.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// A finished result is there but does not check; it is never overwritten silently.
    #[error("{0}; remove it to run the job again")]
    Corrupt(ResultError),
    /// Writing the result failed.
    #[error("{file}")]
    Io {
        /// The file.
        file: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// The engine failed.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// An engine handed over a tour the verifier rejects: never written.
    #[error("internal error: job {index} found a tour the verifier rejects: {reason}")]
    Unverified {
        /// The job.
        index: usize,
        /// The verifier's findings.
        reason: String,
    },
}

/// How a job runs on this machine: nothing here changes its result.
#[derive(Clone, Debug, Default)]
pub struct RunJobOptions {
    /// Worker threads (0: every core).
    pub threads: usize,
    /// SAT jobs: where the DRAT proofs of their solvers go (`sat::ProofDir`).
    pub proof: Option<ProofDir>,
}

/// Runs `job`, writing its result into `dir`.
pub fn run_job(
    job: &Job,
    dir: &Path,
    options: &RunJobOptions,
    limits: &Limits,
    on_progress: &dyn Fn(Progress),
) -> Result<JobOutcome, RunJobError> {
    if let Some(finished) = finished_result(job, dir)? {
        return Ok(JobOutcome::AlreadyDone(finished));
    }
    let puzzle = job_puzzle(job)?;
    let resumed = match (&job.engine, job.record) {
        (JobEngine::Sat { .. }, Record::Tours) => resumable_classes(&puzzle, dir, job),
        _ => Vec::new(),
    };
    let partial = partial_path(dir, job.index);
    let io = |source| RunJobError::Io {
        file: partial.display().to_string(),
        source,
    };
    let mut writer = ResultWriter::create(dir, job).map_err(io)?;
    for class in &resumed {
        writer.class(class).map_err(io)?;
    }
    let sink = Sink {
        puzzle: &puzzle,
        index: job.index,
        writer: Mutex::new((writer, None)),
        keep: job.record == Record::Tours,
    };
    let already: Vec<Tour> = resumed.into_iter().flat_map(|c| c.members).collect();
    let end = run_engine(job, &puzzle, options, limits, &already, &sink, on_progress)?;
    let (writer, failure) = sink.writer.into_inner().expect("not poisoned");
    if let Some(failure) = failure {
        return Err(failure);
    }
    if end.ending != Ending::Exhausted {
        return Ok(JobOutcome::Stopped {
            ending: end.ending,
            partial,
        });
    }
    let end = JobEnd {
        tour_lines: writer.tour_lines(),
        ..end
    };
    let path = writer.finish(&end).map_err(io)?;
    Ok(JobOutcome::Finished(path, end))
}

/// The job's result file in `dir` when the job has finished, checked; a result that does
/// not check is an error. Callers ask this before creating anything for a run.
pub fn finished_result(job: &Job, dir: &Path) -> Result<Option<PathBuf>, RunJobError> {
    let finished = result_path(dir, job.index);
    if !finished.exists() {
        return Ok(None);
    }
    read_result(&finished, job).map_err(RunJobError::Corrupt)?;
    Ok(Some(finished))
}

/// The puzzle a job's embedded model states.
pub fn job_puzzle(job: &Job) -> Result<Puzzle, RunJobError> {
    let fail = |reason: String| RunJobError::Model {
        index: job.index,
        reason,
    };
    let origin = format!("job {}", job.index);
    let spec = Spec::from_toml(&job.model, &origin).map_err(|e| fail(e.to_string()))?;
    Puzzle::from_spec(&spec).map_err(|e| fail(e.to_string()))
}

/// Receives classes from the engine, verifies them and writes them; the first failure is
/// kept and stops further writing.
struct Sink<'a> {
    puzzle: &'a Puzzle,
    index: usize,
    writer: Mutex<(ResultWriter, Option<RunJobError>)>,
    keep: bool,
}

impl Sink<'_> {
    fn take(&self, class: &Class) {
        if !self.keep {
            return;
        }
        let mut guard = self.writer.lock().expect("not poisoned");
        let (writer, failure) = &mut *guard;
        if failure.is_some() {
            return;
        }
        for tour in &class.members {
            let violations = crate::verify::verify(self.puzzle, tour);
            if !violations.is_empty() {
                let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
                *failure = Some(RunJobError::Unverified {
                    index: self.index,
                    reason: list.join("; "),
                });
                return;
            }
        }
        if let Err(source) = writer.class(class) {
            *failure = Some(RunJobError::Io {
                file: format!("job {} partial result", self.index),
                source,
            });
        }
    }
}

/// Runs the job's engine over its part; the end record without its line count.
fn run_engine(
    job: &Job,
    puzzle: &Puzzle,
    options: &RunJobOptions,
    limits: &Limits,
    already: &[Tour],
    sink: &Sink,
    on_progress: &dyn Fn(Progress),
) -> Result<JobEnd, RunJobError> {
    match (&job.engine, &job.part) {
        (JobEngine::Search { symmetry }, JobPart::Pieces(pieces)) => {
            if options.proof.is_some() {
                return Err(RunJobError::Model {
                    index: job.index,
                    reason: "proofs come from the SAT engine; this job runs the native search"
                        .into(),
                });
            }
            let opts = SearchOptions {
                jobs: options.threads,
                symmetry: *symmetry,
            };
            search_part(puzzle, &opts, limits, pieces, sink, on_progress)
        }
        (JobEngine::Sat { options: sat }, JobPart::Cubes(cubes)) => {
            let sat_options = SatOptions {
                jobs: options.threads,
                proof: options.proof.clone(),
                ..sat.clone()
            };
            let part = SatPart { cubes, already };
            sat_part(puzzle, &sat_options, limits, &part, sink, on_progress)
        }
        _ => Err(RunJobError::Model {
            index: job.index,
            reason: "its part does not fit its engine".into(),
        }),
    }
}

fn search_part(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    pieces: &[TreePiece],
    sink: &Sink,
    on_progress: &dyn Fn(Progress),
) -> Result<JobEnd, RunJobError> {
    let take = |class: Class| sink.take(&class);
    let keep: Option<&(dyn Fn(Class) + Sync)> = sink.keep.then_some(&take);
    let on_nodes = |p: NodeProgress| on_progress(Progress::Nodes(p));
    let count = search_pieces(puzzle, opts, limits, keep, &on_nodes, pieces)
        .map_err(|e: SearchError| EngineError::new(e))?;
    let summary = count.summary;
    Ok(JobEnd {
        ending: summary.ending,
        solutions: summary.solutions,
        classes: sink.keep.then_some(summary.classes),
        class_sizes: match sink.keep {
            true => BTreeMap::new(),
            false => count.by_class_size,
        },
        tour_lines: 0,
        seconds: summary.seconds,
        stats: summary.stats,
    })
}

/// A SAT job's cubes, and the tours its partial result already holds.
struct SatPart<'a> {
    cubes: &'a [usize],
    already: &'a [Tour],
}

fn sat_part(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    part: &SatPart,
    sink: &Sink,
    on_progress: &dyn Fn(Progress),
) -> Result<JobEnd, RunJobError> {
    let mut on_class = |class: &Class| sink.take(class);
    let on_cube = |p: CubeProgress| on_progress(Progress::Cubes(p));
    let observers = Observers {
        on_class: &mut on_class,
        on_cube: &on_cube,
    };
    let summary = enumerate_cubes(puzzle, options, limits, part.already, part.cubes, observers)
        .map_err(|e: SatError| EngineError::new(e))?;
    Ok(JobEnd {
        ending: summary.ending,
        solutions: summary.solutions,
        classes: Some(summary.classes),
        class_sizes: BTreeMap::new(),
        tour_lines: 0,
        seconds: summary.seconds,
        stats: summary.stats,
    })
}

/// The classes a partial result of this job holds in full, each verified. A partial file of
/// another job, or one that does not read, is started over.
fn resumable_classes(puzzle: &Puzzle, dir: &Path, job: &Job) -> Vec<Class> {
    let Ok(text) = std::fs::read_to_string(partial_path(dir, job.index)) else {
        return Vec::new();
    };
    if check_header(&text, job).is_err() {
        return Vec::new();
    }
    // A kill may cut the last line; every whole line before it counts.
    let whole: Vec<&str> = match text.ends_with('\n') {
        true => text.lines().collect(),
        false => text
            .lines()
            .collect::<Vec<_>>()
            .split_last()
            .map_or(Vec::new(), |(_, w)| w.to_vec()),
    };
    let Ok(tours) = parse_lines(&whole.join("\n")) else {
        return Vec::new();
    };
    let mut groups: HashMap<Vec<crate::board::Cell>, Vec<Tour>> = HashMap::new();
    for (_, tour) in tours {
        if crate::verify::verify(puzzle, &tour).is_empty() {
            groups
                .entry(puzzle.canonical(&tour))
                .or_default()
                .push(tour);
        }
    }
    let mut classes: Vec<Class> = groups
        .into_values()
        .map(|group| (class_of(puzzle, &group[0]), group))
        .filter(|(class, group)| holds_all(puzzle, class, group))
        .map(|(class, _)| class)
        .collect();
    classes.sort_by(|a, b| a.members[0].order().cmp(b.members[0].order()));
    classes
}

/// Whether `group` holds every member of `class`.
fn holds_all(puzzle: &Puzzle, class: &Class, group: &[Tour]) -> bool {
    let form = puzzle.form();
    let have: std::collections::HashSet<_> = group
        .iter()
        .map(|t| crate::symmetry::key(t, form))
        .collect();
    class
        .members
        .iter()
        .all(|m| have.contains(&crate::symmetry::key(m, form)))
}
