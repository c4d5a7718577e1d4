//! Running one job: its engine over its part, its solutions verified and written as they
//! come, its result renamed into place only when the part is exhausted.
//!
//! Run again, a finished job is left as it is. A job stopped or killed leaves its partial
//! file, and a job that keeps its tours continues from it: the classes it holds in full are
//! kept; the SAT engine blocks their families, and the native search skips the pieces its
//! log (`piece_log`) names as finished and does not write a class twice. A native count
//! starts over.

use super::jobfile::{Job, JobEngine, JobPart, Record};
use super::piece_log::{
    piece_log_path, read_piece_log, remove_piece_log, FinishedPieces, PieceLog,
};
use super::result::ResultWriter;
use super::result::{check_header, finished_path, partial_path, read_result, JobEnd, ResultError};
use crate::files::read_text_if_there;
use crate::puzzle::Puzzle;
use crate::run::{
    Class, Ending, EngineError, JobResumedProgress, Limits, NodeProgress, Progress, SetAside,
};
use crate::sat::{class_of, enumerate_cubes, Observers, ProofDir, SatError, SatOptions};
use crate::search::{
    search_pieces, PieceDone, PieceObservers, SearchError, SearchOptions, TreePiece,
};
use crate::spec::Spec;
use crate::tour::json::parse_lines;
use crate::tour::Tour;
use std::collections::{BTreeMap, HashMap, HashSet};
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
        // A kill between the result's rename and the log's removal leaves a log of no use.
        let _ = remove_piece_log(dir, job.index);
        return Ok(JobOutcome::AlreadyDone(finished));
    }
    if logs_pieces(job) && limits.solutions.is_some() {
        // Stopped at a solution limit, the search hands over classes that another piece,
        // maybe of another job, is in charge of; a later run would keep them.
        return Err(RunJobError::Model {
            index: job.index,
            reason: "a native-search job runs to its end or a time limit, not a solution limit"
                .into(),
        });
    }
    let puzzle = job_puzzle(job)?;
    let partial = partial_path(dir, job.index);
    let io = |file: &Path| {
        let file = file.display().to_string();
        move |source| RunJobError::Io { file, source }
    };
    let earlier = earlier_run(&puzzle, dir, job);
    if let Some(report) = earlier.report(job) {
        on_progress(Progress::JobResumed(report));
    }
    let log_path = piece_log_path(dir, job.index);
    if earlier.pieces.is_none() {
        // Before the new partial file: a log must never name pieces whose classes it lacks.
        remove_piece_log(dir, job.index).map_err(io(&log_path))?;
    }
    let writer = ResultWriter::create(dir, job, &earlier.classes).map_err(io(&partial))?;
    let log = match logs_pieces(job) {
        true => Some(PieceLog::open(dir, job, earlier.pieces.is_some()).map_err(io(&log_path))?),
        false => None,
    };
    let sink = Sink {
        puzzle: &puzzle,
        index: job.index,
        state: Mutex::new(SinkState {
            writer,
            log,
            failure: None,
        }),
        keep: job.record == Record::Tours,
        known: earlier
            .classes
            .iter()
            .map(|c| puzzle.canonical(&c.members[0]))
            .collect(),
    };
    let end = run_engine(job, &puzzle, options, limits, &earlier, &sink, on_progress)?;
    let SinkState {
        writer, failure, ..
    } = sink.state.into_inner().expect("not poisoned");
    if let Some(failure) = failure {
        return Err(failure);
    }
    if end.ending != Ending::Exhausted {
        return Ok(JobOutcome::Stopped {
            ending: end.ending,
            partial,
        });
    }
    let end = match job.record {
        // The file's own tally, which holds the classes an earlier run found too.
        Record::Tours => JobEnd {
            solutions: writer.tour_lines(),
            classes: Some(writer.classes()),
            tour_lines: writer.tour_lines(),
            ..end
        },
        Record::Counts => JobEnd {
            tour_lines: writer.tour_lines(),
            ..end
        },
    };
    let path = writer.finish(&end).map_err(io(&partial))?;
    // The result is in place; a log left behind is removed by the next run of the job.
    let _ = remove_piece_log(dir, job.index);
    Ok(JobOutcome::Finished(path, end))
}

/// Whether a job's runs log the pieces they finish: native searches that keep their tours
/// (a count's class sizes are not kept by piece, so such a job starts over).
fn logs_pieces(job: &Job) -> bool {
    matches!(job.engine, JobEngine::Search { .. }) && job.record == Record::Tours
}

/// What an earlier, unfinished run of a job left that a new run keeps.
#[derive(Default)]
struct EarlierRun {
    /// The classes its partial result holds in full, each verified.
    classes: Vec<Class>,
    /// The pieces it finished (native search), when its log and partial result agree.
    pieces: Option<FinishedPieces>,
    /// A file it left that is not used.
    set_aside: Option<SetAside>,
}

impl EarlierRun {
    /// The report of what is kept and set aside; `None` when the earlier run left nothing.
    fn report(&self, job: &Job) -> Option<JobResumedProgress> {
        let pieces_done = self.pieces.as_ref().map_or(0, FinishedPieces::len);
        let left_something =
            !self.classes.is_empty() || pieces_done > 0 || self.set_aside.is_some();
        left_something.then(|| JobResumedProgress {
            classes: self.classes.len(),
            pieces_done,
            pieces: if logs_pieces(job) { job.part.len() } else { 0 },
            set_aside: self.set_aside,
        })
    }
}

fn earlier_run(puzzle: &Puzzle, dir: &Path, job: &Job) -> EarlierRun {
    if job.record != Record::Tours {
        return EarlierRun::default();
    }
    let has_log = logs_pieces(job) && piece_log_path(dir, job.index).exists();
    let classes = match resumable_classes(puzzle, dir, job) {
        Ok(Some(classes)) => classes,
        Ok(None) if has_log => return set_aside(SetAside::LogWithoutPartial),
        Ok(None) => return EarlierRun::default(),
        Err(problem) => return set_aside(problem),
    };
    let (pieces, set_aside) = match logs_pieces(job) {
        true => match read_piece_log(dir, job, job.part.len()) {
            Ok(pieces) => (pieces, None),
            Err(problem) => (None, Some(problem)),
        },
        false => (None, None),
    };
    EarlierRun {
        classes,
        pieces,
        set_aside,
    }
}

fn set_aside(problem: SetAside) -> EarlierRun {
    EarlierRun {
        set_aside: Some(problem),
        ..EarlierRun::default()
    }
}

/// The job's result file in `dir` (packed or not) when the job has finished, checked; a
/// result that does not check is an error. Callers ask this before creating anything for a
/// run.
pub fn finished_result(job: &Job, dir: &Path) -> Result<Option<PathBuf>, RunJobError> {
    let Some(finished) = finished_path(dir, job.index) else {
        return Ok(None);
    };
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

/// Receives classes from the engine, verifies them and writes them, and logs the pieces
/// finished; the first failure is kept and stops further writing.
struct Sink<'a> {
    puzzle: &'a Puzzle,
    index: usize,
    state: Mutex<SinkState>,
    keep: bool,
    /// Canonical forms of the classes an earlier run wrote: a piece it did not finish
    /// finds them again, and they are not written twice.
    known: HashSet<Vec<crate::board::Cell>>,
}

struct SinkState {
    writer: ResultWriter,
    log: Option<PieceLog>,
    failure: Option<RunJobError>,
}

impl Sink<'_> {
    fn take(&self, class: &Class) {
        if !self.keep {
            return;
        }
        let mut guard = self.state.lock().expect("not poisoned");
        let state = &mut *guard;
        if state.failure.is_some() {
            return;
        }
        for tour in &class.members {
            let violations = crate::verify::verify(self.puzzle, tour);
            if !violations.is_empty() {
                let list: Vec<String> = violations.iter().map(ToString::to_string).collect();
                state.failure = Some(RunJobError::Unverified {
                    index: self.index,
                    reason: list.join("; "),
                });
                return;
            }
        }
        if !self.known.is_empty()
            && self
                .known
                .contains(&self.puzzle.canonical(&class.members[0]))
        {
            return;
        }
        if let Err(source) = state.writer.class(class) {
            state.failure = Some(RunJobError::Io {
                file: format!("job {} partial result", self.index),
                source,
            });
        }
    }

    /// Logs piece `index` of the job as finished, once its classes are on disk.
    fn piece_done(&self, index: usize, done: &PieceDone) {
        let mut guard = self.state.lock().expect("not poisoned");
        let state = &mut *guard;
        let Some(log) = state.log.as_mut() else {
            return;
        };
        if state.failure.is_some() {
            return;
        }
        if let Err(source) = state.writer.sync() {
            state.failure = Some(RunJobError::Io {
                file: format!("job {} partial result", self.index),
                source,
            });
            return;
        }
        if let Err(source) = log.record(index, done) {
            state.failure = Some(RunJobError::Io {
                file: log.path().display().to_string(),
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
    earlier: &EarlierRun,
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
                node_budget: None,
            };
            let part = SearchPart {
                pieces,
                finished: earlier.pieces.as_ref(),
            };
            search_part(puzzle, &opts, limits, &part, sink, on_progress)
        }
        (JobEngine::Sat { options: sat }, JobPart::Cubes(cubes)) => {
            let sat_options = SatOptions {
                jobs: options.threads,
                proof: options.proof.clone(),
                ..sat.clone()
            };
            let already: Vec<Tour> = earlier
                .classes
                .iter()
                .flat_map(|c| c.members.iter().cloned())
                .collect();
            let part = SatPart {
                cubes,
                already: &already,
            };
            sat_part(puzzle, &sat_options, limits, &part, sink, on_progress)
        }
        _ => Err(RunJobError::Model {
            index: job.index,
            reason: "its part does not fit its engine".into(),
        }),
    }
}

/// A search job's pieces, and those an earlier run finished.
struct SearchPart<'a> {
    pieces: &'a [TreePiece],
    finished: Option<&'a FinishedPieces>,
}

fn search_part(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limits: &Limits,
    part: &SearchPart,
    sink: &Sink,
    on_progress: &dyn Fn(Progress),
) -> Result<JobEnd, RunJobError> {
    let done_before = |i: usize| part.finished.is_some_and(|f| f.contains(i));
    // The job's index of each piece searched now.
    let (indices, todo): (Vec<usize>, Vec<TreePiece>) = part
        .pieces
        .iter()
        .enumerate()
        .filter(|&(i, _)| !done_before(i))
        .map(|(i, p)| (i, p.clone()))
        .unzip();
    let take = |class: Class| sink.take(&class);
    let on_piece = |done: PieceDone| sink.piece_done(indices[done.index], &done);
    let on_nodes = |p: NodeProgress| on_progress(Progress::Nodes(p));
    let observers = PieceObservers {
        sink: sink.keep.then_some(&take),
        progress: &on_nodes,
        on_piece: Some(&on_piece),
    };
    let count = search_pieces(puzzle, opts, limits, observers, &todo)
        .map_err(|e: SearchError| EngineError::new(e))?;
    let summary = count.summary;
    let mut end = JobEnd {
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
    };
    if let Some(finished) = part.finished.filter(|f| !f.is_empty()) {
        with_earlier_pieces(&mut end, finished);
    }
    Ok(end)
}

/// The end record of a run that continued an earlier one: nodes and seconds count the
/// whole job's pieces (the earlier run's finished pieces, and this run's), so a job's
/// figures do not depend on where it was stopped; the part the earlier run did is named.
fn with_earlier_pieces(end: &mut JobEnd, finished: &FinishedPieces) {
    end.seconds += finished.seconds();
    let stats = &mut end.stats;
    let now = stats
        .get("nodes")
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0);
    stats.insert("nodes".into(), (now + finished.nodes()).into());
    stats.insert("resumed_pieces".into(), finished.len().into());
    stats.insert("resumed_nodes".into(), finished.nodes().into());
    stats.insert("resumed_seconds".into(), finished.seconds().into());
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
    let observers = Observers {
        on_class: &mut on_class,
        on_progress,
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

/// The classes a partial result of this job holds in full, each verified; `None` without a
/// partial file, an error when it does not read as this job's (either way the job starts
/// over).
fn resumable_classes(
    puzzle: &Puzzle,
    dir: &Path,
    job: &Job,
) -> Result<Option<Vec<Class>>, SetAside> {
    let read = read_text_if_there(&partial_path(dir, job.index));
    let Some(text) = read.map_err(|_| SetAside::Partial)? else {
        return Ok(None);
    };
    check_header(&text, job).map_err(|_| SetAside::Partial)?;
    // A kill may cut the last line; every whole line before it counts.
    let whole: Vec<&str> = match text.ends_with('\n') {
        true => text.lines().collect(),
        false => text
            .lines()
            .collect::<Vec<_>>()
            .split_last()
            .map_or(Vec::new(), |(_, w)| w.to_vec()),
    };
    let tours = parse_lines(&whole.join("\n")).map_err(|_| SetAside::Partial)?;
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
    Ok(Some(classes))
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
