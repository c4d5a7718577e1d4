//! The worker threads: each takes cubes until none is left; the calling thread receives
//! their classes, reports them in order and stops them at the limit.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::cube_search::{search_cube, search_own_cube};
use super::pool::{Message, WorkPool, WorkerEnd};
use super::tally::Tally;
use super::{SatError, SatStats, Session};
use crate::encode::cubes::Cube;
use crate::run::{Class, Ending, FinishedParts};
use crate::run::{CubeProgress, Progress, SolverProgress};
use crate::solver::SolverKind;

/// How often the reporting thread tells how far the solvers got.
const SOLVER_REPORT_EVERY: Duration = Duration::from_secs(1);

/// The caller's callbacks, run on the reporting thread.
pub struct Observers<'a> {
    /// Called with each class reported.
    pub on_class: &'a mut dyn FnMut(&Class),
    /// Called whenever a cube is finished ([`Progress::Cubes`]), and about once a second
    /// with the solvers' conflicts ([`Progress::Solver`]).
    pub on_progress: &'a dyn Fn(Progress),
}

pub(super) struct Outcome {
    pub(super) ending: Ending,
    pub(super) stats: SatStats,
    pub(super) signature: &'static str,
    /// The cubes (indices into the plan's searched cubes) whose classes were all reported.
    pub(super) finished: Vec<usize>,
    /// The parts, by cube index, whose classes were all reported.
    pub(super) finished_parts: BTreeMap<usize, FinishedParts>,
}

impl Outcome {
    /// The outcome of a run whose resumed classes already met the limit.
    pub(super) fn limit_before_search() -> Self {
        Outcome {
            ending: Ending::Limit,
            stats: SatStats::default(),
            signature: "",
            finished: Vec::new(),
            finished_parts: BTreeMap::new(),
        }
    }
}

/// Runs `workers` threads over the cubes; reports classes on this thread.
pub(super) fn run_workers(
    shared: &WorkPool<'_>,
    workers: usize,
    tally: &mut Tally,
    observers: Observers<'_>,
) -> Result<Outcome, SatError> {
    let workers = workers.clamp(1, shared.plan.searched().len().max(1));
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            scope.spawn(move || {
                let result = work(shared, &sender);
                if result.is_err() {
                    shared.halt.raise();
                }
                // The receiver outlives every worker; a failed send cannot happen.
                let _ = sender.send(Message::Done(result));
            });
        }
        drop(sender);
        collect(shared, workers, &receiver, tally, observers)
    })
}

/// Receives every message, reporting classes until the limit is met.
pub(super) fn collect(
    shared: &WorkPool<'_>,
    workers: usize,
    receiver: &mpsc::Receiver<Message>,
    tally: &mut Tally,
    observers: Observers<'_>,
) -> Result<Outcome, SatError> {
    let mut reporter = Reporter {
        shared,
        tally,
        observers,
        outcome: Outcome {
            ending: Ending::Exhausted,
            ..Outcome::limit_before_search()
        },
        first_error: None,
        dropped: None,
        cubes_done: 0,
    };
    let mut done = 0;
    let mut next_report = Instant::now() + SOLVER_REPORT_EVERY;
    while done < workers {
        let wait = next_report.saturating_duration_since(Instant::now());
        match receiver.recv_timeout(wait) {
            Ok(Message::Classes(classes)) => reporter.classes(&classes),
            Ok(Message::PartDone { cube, split, part }) => reporter.part_done(cube, split, part),
            Ok(Message::CubeDone(cube)) => reporter.cube_done(cube),
            Ok(Message::Done(end)) => {
                done += 1;
                reporter.worker_done(end);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(SatError::Worker("a worker ended without reporting".into()));
            }
        }
        // Checked after every message too, so that a stream of classes cannot hold it off.
        if Instant::now() >= next_report {
            reporter.solvers_at_work();
            next_report = Instant::now() + SOLVER_REPORT_EVERY;
        }
    }
    reporter.finish()
}

/// The reporting thread's state while workers run.
struct Reporter<'a, 'b, 'c> {
    shared: &'a WorkPool<'b>,
    tally: &'a mut Tally,
    observers: Observers<'c>,
    outcome: Outcome,
    first_error: Option<SatError>,
    /// Why classes were dropped unreported (a stop was asked for).
    dropped: Option<Ending>,
    cubes_done: usize,
}

impl Reporter<'_, '_, '_> {
    /// Reports classes until the limit is met, an error came, or a stop was asked for.
    fn classes(&mut self, classes: &[Class]) {
        for class in classes {
            if self.tally.limit_reached() || self.first_error.is_some() {
                break;
            }
            // Once asked to stop, report nothing more (and never claim a count).
            if let Some(reason) = self.shared.stop.reason() {
                self.dropped = Some(reason);
                break;
            }
            self.tally.report(class, self.observers.on_class);
        }
        if self.tally.limit_reached() {
            self.shared.halt.raise();
        }
    }

    /// Whether every class sent so far was reported: a worker sends a cube's (or a part's)
    /// classes before the cube (or the part), so none of them is still on its way.
    fn nothing_dropped(&self) -> bool {
        self.dropped.is_none() && self.first_error.is_none() && !self.tally.limit_reached()
    }

    /// Records a part of `cube` as finished unless a class may be missing from what was
    /// reported.
    fn part_done(&mut self, cube: Cube, split: String, part: usize) {
        let Some(index) = self.shared.plan.index_of(cube) else {
            return;
        };
        if self.nothing_dropped() {
            let parts = self.outcome.finished_parts.entry(index);
            let record = parts.or_insert_with(|| FinishedParts::new(split, Vec::new()));
            record.done.push(part);
        }
    }

    /// Records `cube` as finished unless a class may be missing from what was reported.
    fn cube_done(&mut self, cube: Cube) {
        if let (true, Some(index)) = (self.nothing_dropped(), self.shared.plan.index_of(cube)) {
            self.outcome.finished.push(index);
        }
        self.cubes_done += 1;
        (self.observers.on_progress)(Progress::Cubes(CubeProgress {
            done: self.cubes_done,
            searched: self.shared.plan.searched().len(),
        }));
    }

    /// Tells how far the solvers got: a solve call says nothing until it returns, and one
    /// cube may take hours. Only CaDiCaL counts its conflicts.
    fn solvers_at_work(&self) {
        if self.shared.options.solver != SolverKind::Cadical {
            return;
        }
        (self.observers.on_progress)(Progress::Solver(SolverProgress {
            conflicts: self.shared.stop.conflicts(),
            seconds: self.shared.started.elapsed().as_secs_f64(),
        }));
    }

    fn worker_done(&mut self, end: Result<WorkerEnd, SatError>) {
        match end {
            Ok(end) => {
                self.outcome.stats.add(&end.stats);
                self.outcome.signature = end.signature;
                if let Some(reason) = end.stopped {
                    self.outcome.ending = self.outcome.ending.worse(reason);
                }
            }
            Err(error) => {
                self.first_error.get_or_insert(error);
            }
        }
    }

    /// The run's outcome once every worker has ended.
    fn finish(mut self) -> Result<Outcome, SatError> {
        if let Some(error) = self.first_error {
            return Err(error);
        }
        if let Some(ending) = self.dropped {
            self.outcome.ending = self.outcome.ending.worse(ending);
        }
        if self.tally.limit_reached() && self.outcome.ending == Ending::Exhausted {
            // Classes after the limit were dropped: never a count.
            self.outcome.ending = Ending::Limit;
        }
        Ok(self.outcome)
    }
}

/// One worker: takes cubes until none is left, with one solver for all of
/// them or a fresh one per cube.
pub(super) fn work(
    shared: &WorkPool<'_>,
    sender: &mpsc::Sender<Message>,
) -> Result<WorkerEnd, SatError> {
    let stop = shared.stop.clone().halted_by(shared.halt.clone());
    let mut end = WorkerEnd {
        stopped: None,
        stats: SatStats::default(),
        signature: "",
    };
    let mut one_solver = match shared.encoding {
        Some(encoding) => {
            let mut search = Session::new(shared.puzzle, encoding, shared.options, stop.clone())?;
            search.block(shared.blocked)?;
            Some(search)
        }
        None => None,
    };
    let cubes = &shared.cubes;
    loop {
        let index = shared.next_cube.fetch_add(1, Ordering::Relaxed);
        let Some(&cube) = cubes.get(index) else { break };
        let stopped = match one_solver.as_mut() {
            Some(search) => search_cube(shared, search, cube, sender)?,
            None => search_own_cube(shared, cube, stop.clone(), sender, &mut end)?,
        };
        if stopped.is_some() {
            end.stopped = stopped;
            break;
        }
        end.stats.cubes_done += 1;
        // The receiver outlives every worker; a failed send cannot happen.
        let _ = sender.send(Message::CubeDone(cube));
    }
    if let Some(mut search) = one_solver {
        search.finish_proof()?;
        end.stats.add(search.stats());
        end.signature = search.signature();
    }
    Ok(end)
}
