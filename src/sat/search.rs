//! The SAT engine: solve, cut subtours, decode, block whole families, repeat.
//!
//! This module owns the loop between an [`Encoding`] and its solvers:
//!
//! 1. the puzzle's solutions are split into cubes and only the cubes that
//!    symmetry cannot skip are searched ([`super::cubes`]);
//! 2. each worker thread has one incremental solver and takes cubes one at a
//!    time, solving under the cube's assumption literals; UNSAT means the cube
//!    is done. A cube with a fixed start may be split further by the path its
//!    tours begin with, the parts solved in turn ([`super::prefixes`]);
//! 3. a model is decoded; with lazy connectivity it may still be a set of
//!    subtours, which get one cut-set clause each (solve again);
//! 4. a tour is checked with `Puzzle::accepts` (a wrong tour is an error, never
//!    an answer) and expanded to its family (the closure under the puzzle's
//!    automorphisms and class equivalence); every member is blocked on the
//!    primary variables, and the family's classes are reported by the worker
//!    whose cube owns the family, so every class is reported exactly once
//!    whatever the number of workers;
//! 5. the run stops on the solution limit (*limit*), Ctrl-C (*signal*) or the
//!    deadline (*timeout*). Only an exhausted run is a count.
//!
//! [`enumerate_resuming`] starts from tours an interrupted run already wrote:
//! their families are blocked before any solving and count in the totals.
//!
//! The CLI calls [`enumerate`], [`count`] and [`solve`]; nothing here prints.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use rustsat::solvers::SolverResult;
use rustsat::types::{Lit, Var};
use serde::{Deserialize, Serialize};

use super::backend::kissat::{Refuter, Verdict};
use super::backend::{
    new_backend, Backend, BackendConfig, BackendError, CadicalOption, CadicalPreset, SolverKind,
    StopReason, StopSignal,
};
use super::cubes::{automorphisms, classes_of, family, Automorphism, Cube, CubePlan, FamilyError};
use super::pb::PbEncoding;
use super::prefixes::{prefix_cubes, TooManyParts};
use crate::board::Cell;
use crate::encode::lex_leader::TourSymmetry;
use crate::encode::{
    family_of, DecodeError, Decoded, EncodeError, EncodeOptions, Encoding, Family,
};
use crate::puzzle::Puzzle;
use crate::run::{Class, Ending, Limits, StopFlag, Summary};
use crate::symmetry::key;
use crate::tour::Tour;

/// Everything the SAT engine can be told.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SatOptions {
    pub solver: SolverKind,
    pub cadical_preset: CadicalPreset,
    /// CaDiCaL options set after the preset (for experiments).
    #[serde(default)]
    pub cadical_options: Vec<CadicalOption>,
    pub encode: EncodeOptions,
    /// Worker threads, each with its own solver taking cubes in turn; 0 means
    /// one per core. Counts and classes are the same for any number.
    #[serde(default)]
    pub jobs: usize,
    /// Search both halves of a cube that an automorphism maps onto itself,
    /// instead of only the lex-leaders (for measurements and cross-checks).
    #[serde(default)]
    pub no_symmetry_breaking: bool,
    /// Split each cube with a fixed start by the cells of numbers 2 to this
    /// ([`super::prefixes`]); `None` takes the puzzle's default.
    #[serde(default)]
    pub prefix_length: Option<u32>,
    /// Whether each cube first goes to Kissat, which may show it empty in one
    /// call, before CaDiCaL enumerates it.
    #[serde(default)]
    pub refute_first: RefuteFirst,
}

/// Whether a cube is first handed to Kissat ([`crate::sat::backend::kissat`]):
/// an empty cube is then done in one Kissat call; a cube with solutions goes on
/// to the enumerating backend, having cost one call more.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum RefuteFirst {
    /// Kissat for models whose cubes are mostly empty: numbered tours with line
    /// sums, cubes not split by prefix, CaDiCaL enumerating, no solution limit.
    #[default]
    Auto,
    /// Kissat before every cube of its own encoding.
    Kissat,
    /// Never: the enumerating backend does everything.
    Off,
}

/// Why the SAT engine could not give an answer.
#[derive(Debug, thiserror::Error)]
pub enum SatError {
    #[error(transparent)]
    Encode(#[from] EncodeError),
    #[error(transparent)]
    Backend(#[from] BackendError),
    #[error("the solver's model does not decode to a tour")]
    Decode(#[from] DecodeError),
    /// The decoded tour breaks a rule of the puzzle: an encoding bug, caught
    /// before it could be reported as a solution.
    #[error("internal error: the SAT model decodes to a tour the puzzle rejects: {0:?}")]
    WrongTour(Vec<usize>),
    #[error(transparent)]
    Family(#[from] FamilyError),
    #[error("internal error: an eager encoding produced {0} subtours")]
    UnexpectedSubtours(usize),
    #[error("the solver stopped without a verdict although no stop was requested")]
    UnexplainedInterruption,
    /// A tour handed to [`enumerate_resuming`] is not a solution of the puzzle.
    #[error("tour {index} to resume from is not a solution of this model")]
    NotASolution { index: usize },
    #[error("a worker thread failed: {0}")]
    Worker(String),
    #[error(transparent)]
    Prefix(#[from] TooManyParts),
}

/// Counters of one SAT run (summed over workers).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SatStats {
    pub solve_calls: u64,
    pub subtour_cuts: u64,
    pub blocking_clauses: u64,
    pub solve_cpu_seconds: f64,
    /// Cubes whose search finished.
    pub cubes_done: u64,
    /// Families found by a worker that did not own them (blocked, not reported).
    pub foreign_families: u64,
    /// CaDiCaL's conflicts (counted as learnt clauses); `None` where the
    /// backend does not count them (varisat), so no summary shows 0 for them.
    pub conflicts: Option<u64>,
    /// Parts of cubes solved one after another ([`super::prefixes`]).
    pub prefix_cubes: u64,
    /// Cubes handed to Kissat first, and those it showed empty.
    pub refuter_calls: u64,
    pub refuted_cubes: u64,
    /// Tours taken from Kissat's models (one per cube it found satisfiable).
    pub refuter_tours: u64,
    pub refuter_cpu_seconds: f64,
}

impl SatStats {
    fn add(&mut self, other: &SatStats) {
        self.solve_calls += other.solve_calls;
        self.subtour_cuts += other.subtour_cuts;
        self.blocking_clauses += other.blocking_clauses;
        self.solve_cpu_seconds += other.solve_cpu_seconds;
        self.cubes_done += other.cubes_done;
        self.foreign_families += other.foreign_families;
        self.conflicts = match (self.conflicts, other.conflicts) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        self.prefix_cubes += other.prefix_cubes;
        self.refuter_calls += other.refuter_calls;
        self.refuted_cubes += other.refuted_cubes;
        self.refuter_tours += other.refuter_tours;
        self.refuter_cpu_seconds += other.refuter_cpu_seconds;
    }
}

/// What the next solve produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A solution not blocked yet.
    Tour(Tour),
    /// No solution is left (under the assumptions).
    Exhausted,
    /// Stopped from outside.
    Stopped(StopReason),
}

/// One encoded puzzle loaded into one solver.
pub struct Search<'a> {
    puzzle: &'a Puzzle,
    encoding: &'a Encoding,
    backend: Box<dyn Backend>,
    primary: Vec<Var>,
    stats: SatStats,
    /// When the encoding holds one cube only: solutions elsewhere cannot be
    /// (and need not be) blocked.
    only_in: Option<(&'a CubePlan, Cube)>,
}

impl<'a> Search<'a> {
    /// Loads the CNF of `encoding` into a fresh solver polling `stop`.
    pub fn new(
        puzzle: &'a Puzzle,
        encoding: &'a Encoding,
        options: &SatOptions,
        stop: StopSignal,
    ) -> Result<Self, SatError> {
        let config = BackendConfig {
            kind: options.solver,
            cadical_preset: options.cadical_preset,
            cadical_options: options.cadical_options.clone(),
            stop,
        };
        let mut backend = new_backend(&config)?;
        for clause in encoding.cnf().iter() {
            backend.add_clause(clause.as_ref())?;
        }
        Ok(Search {
            puzzle,
            encoding,
            backend,
            primary: encoding.primary_vars(),
            stats: SatStats::default(),
            only_in: None,
        })
    }

    pub fn encoding(&self) -> &Encoding {
        self.encoding
    }

    /// The counters, with the solver's conflicts brought up to date.
    pub fn stats(&mut self) -> &SatStats {
        self.stats.conflicts = self.backend.conflicts();
        &self.stats
    }

    pub fn signature(&self) -> &'static str {
        self.backend.signature()
    }

    /// Solves under `assumptions` until a tour (or the end) is reached,
    /// cutting subtours on the way.
    pub fn next_tour(&mut self, assumptions: &[Lit]) -> Result<Next, SatError> {
        loop {
            match self.solve_once(assumptions)? {
                SolverResult::Unsat => return Ok(Next::Exhausted),
                SolverResult::Interrupted => return self.stopped(),
                SolverResult::Sat => {}
            }
            match self.decode_model()? {
                Decoded::Tour(tour) => return self.checked(tour).map(Next::Tour),
                Decoded::Subtours(cycles) => self.cut(&cycles)?,
            }
        }
    }

    /// Blocks every given solution (normally a whole family).
    pub fn block(&mut self, tours: &[Tour]) -> Result<(), SatError> {
        for tour in tours {
            if let Some((plan, cube)) = self.only_in {
                if plan.cube_of(tour) != cube {
                    continue;
                }
            }
            let clause = self.encoding.blocking_clause(tour)?;
            self.freeze_primary()?;
            self.backend.add_clause(&clause)?;
            self.stats.blocking_clauses += 1;
        }
        Ok(())
    }

    /// Freezes the primary variables once blocking starts. From then on
    /// every solution adds a clause over them, and each clause would make
    /// CaDiCaL restore any it had eliminated. Before that they stay free:
    /// on nested-semimagic, whose cubes hold few solutions, freezing them
    /// from the start cost 10% more conflicts (results/).
    fn freeze_primary(&mut self) -> Result<(), SatError> {
        if self.stats.blocking_clauses == 0 {
            self.backend.freeze(&self.primary)?;
        }
        Ok(())
    }

    fn solve_once(&mut self, assumptions: &[Lit]) -> Result<SolverResult, SatError> {
        let started = Instant::now();
        let result = self.backend.solve_under(assumptions)?;
        self.stats.solve_calls += 1;
        self.stats.solve_cpu_seconds += started.elapsed().as_secs_f64();
        Ok(result)
    }

    fn stopped(&self) -> Result<Next, SatError> {
        interruption(self.backend.stop_signal()).map(Next::Stopped)
    }

    fn decode_model(&self) -> Result<Decoded, SatError> {
        let primary_values = self
            .primary
            .iter()
            .map(|&var| self.backend.value(var))
            .collect::<Result<Vec<bool>, _>>()?;
        self.decode_primary(&primary_values)
    }

    /// Decodes the values of the primary variables, in [`Encoding::primary_vars`] order.
    fn decode_primary(&self, primary_values: &[bool]) -> Result<Decoded, SatError> {
        let mut values = vec![false; self.encoding.n_vars() as usize];
        for (var, &value) in self.primary.iter().zip(primary_values) {
            values[var.idx()] = value;
        }
        Ok(self.encoding.decode(|var| values[var.idx()])?)
    }

    /// The tour in another solver's model of this encoding (the primary
    /// variables' values), checked like every tour this search finds.
    fn tour_of_model(&self, primary_values: &[bool]) -> Result<Tour, SatError> {
        match self.decode_primary(primary_values)? {
            Decoded::Tour(tour) => self.checked(tour),
            Decoded::Subtours(cycles) => Err(SatError::UnexpectedSubtours(cycles.len())),
        }
    }

    fn checked(&self, tour: Tour) -> Result<Tour, SatError> {
        if self.puzzle.accepts(&tour) {
            Ok(tour)
        } else {
            Err(SatError::WrongTour(tour.order().to_vec()))
        }
    }

    fn cut(&mut self, cycles: &[Vec<usize>]) -> Result<(), SatError> {
        if !self.encoding.needs_subtour_cuts() {
            return Err(SatError::UnexpectedSubtours(cycles.len()));
        }
        for cycle in cycles {
            let clause = self.encoding.subtour_cut(cycle);
            self.backend.add_clause(&clause)?;
            self.stats.subtour_cuts += 1;
        }
        Ok(())
    }
}

/// The solutions in the class of `tour`, least key first (the representative).
pub fn class_of(puzzle: &Puzzle, tour: &Tour) -> Class {
    let form = puzzle.form();
    let mut members = puzzle.class_members(tour);
    members.sort_by_cached_key(|member| key(member, form));
    Class { members }
}

/// How far a run has got, reported each time a cube is finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CubeProgress {
    /// Cubes finished so far (every solution in them found).
    pub done: usize,
    /// Cubes the run searches in all.
    pub searched: usize,
}

/// Finds every class of solutions, handing each to `on_class` as it is found.
pub fn enumerate(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    on_class: &mut dyn FnMut(&Class),
) -> Result<Summary, SatError> {
    enumerate_resuming(puzzle, options, limits, &[], on_class)
}

/// Continues an interrupted enumeration: the classes of the tours in
/// `already` (any members of them; repeats are fine) are not reported again
/// but count in the summary. Classes that share a family with them but are
/// not among them are reported first, because their solutions get blocked
/// together with the family.
pub fn enumerate_resuming(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    already: &[Tour],
    on_class: &mut dyn FnMut(&Class),
) -> Result<Summary, SatError> {
    enumerate_observed(puzzle, options, limits, already, on_class, &|_| {})
}

/// [`enumerate_resuming`], also calling `on_cube` (on the calling thread)
/// whenever a cube is finished, for progress displays.
pub fn enumerate_observed(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
    already: &[Tour],
    on_class: &mut dyn FnMut(&Class),
    on_cube: &dyn Fn(CubeProgress),
) -> Result<Summary, SatError> {
    let started = Instant::now();
    let autos = automorphisms(puzzle);
    let plan = CubePlan::new(puzzle, &autos);
    let per_cube = per_cube(puzzle, &plan);
    let refutes_first = refutes_first(puzzle, options, limits, already);
    let cube_options = cube_options(&options.encode, per_cube && refutes_first);
    // Built even in per-cube mode: it checks the model and gives the report.
    let encoding = match per_cube {
        true => Encoding::build(&narrowed(puzzle, plan.searched()[0]), &cube_options)?,
        false => Encoding::build(puzzle, &options.encode)?,
    };
    let mut tally = Tally::new(limits);
    let resumed = tally.resume(puzzle, &autos, already, on_class)?;
    let mut stats = SatStats::default();
    let mut signature = "";
    let ending = if tally.limit_reached() {
        Ending::Limit
    } else {
        let shared = Shared {
            puzzle,
            encoding: (!per_cube).then_some(&encoding),
            cube_options,
            refutes_first,
            options,
            autos: &autos,
            plan: &plan,
            blocked: &resumed,
            cubes: hand_out_order(&plan, per_cube, options),
            next_cube: AtomicUsize::new(0),
            halt: StopFlag::default(),
            stop: StopSignal::from_limits(limits, started),
        };
        let observers = Observers { on_class, on_cube };
        let outcome = run_workers(&shared, worker_count(options.jobs), &mut tally, observers)?;
        stats = outcome.stats;
        signature = outcome.signature;
        outcome.ending
    };
    let mut summary = Summary::new(puzzle, "sat");
    summary.solutions = tally.solutions;
    summary.classes = tally.classes;
    summary.stats = summary_stats(&encoding, options, &plan, &autos, &stats, signature);
    summary
        .stats
        .insert("resumed_classes".into(), tally.resumed_classes.into());
    summary.finish(ending, started);
    Ok(summary)
}

/// Whether each cube gets its own encoding: numbered models whose cubes fix
/// the start (and end) cell. Their numbering then loses every (cell, number)
/// pair too far from the fixed ends or of the wrong colour (half of all
/// pairs when the start colour was open), which shrinks line sums the most.
fn per_cube(puzzle: &Puzzle, plan: &CubePlan) -> bool {
    family_of(puzzle.kind()) == Family::Numbering
        && plan
            .searched()
            .first()
            .is_some_and(|cube| cube.fixed_ends().is_some())
}

/// The order workers take cubes in: board order, except that in per-cube
/// mode the cubes symmetry maps onto themselves go last. Their lex-leader
/// clauses leave about 1/|stabiliser| of the search, so the run ends on
/// smaller cubes and one worker waits less for the other. On nested-semimagic,
/// replaying six runs' cube times, board order finished 5-10 s after half the
/// CPU time and this order 0.3-2.1 s after it; paired runs of the engine
/// gave wall ratios 0.89-1.04 (results/sat-measurements-2026-11-23.md).
fn hand_out_order(plan: &CubePlan, per_cube: bool, options: &SatOptions) -> Vec<Cube> {
    let mut cubes = plan.searched().to_vec();
    if per_cube && !options.no_symmetry_breaking {
        // A stable sort: board order among cubes of equal stabiliser.
        cubes.sort_by_key(|&cube| plan.stabiliser(cube).len());
    }
    cubes
}

/// The puzzle restricted to one cube's start and end cells.
fn narrowed(puzzle: &Puzzle, cube: Cube) -> Puzzle {
    let mut narrow = puzzle.clone();
    if let Some((start, end)) = cube.fixed_ends() {
        narrow.starts = Some(vec![start]);
        if let Some(end) = end {
            narrow.ends = Some(vec![end]);
        }
    }
    narrow
}

/// Counts solutions and classes (see [`enumerate`]).
pub fn count(puzzle: &Puzzle, options: &SatOptions, limits: &Limits) -> Result<Summary, SatError> {
    enumerate(puzzle, options, limits, &mut |_| {})
}

/// Finds one solution. The summary's ending says what `None` means:
/// `Exhausted` proves there is none; `Timeout` or `Signal` decide nothing.
pub fn solve(
    puzzle: &Puzzle,
    options: &SatOptions,
    limits: &Limits,
) -> Result<(Option<Tour>, Summary), SatError> {
    let limits = Limits {
        solutions: Some(1),
        ..limits.clone()
    };
    let mut first = None;
    let summary = enumerate(puzzle, options, &limits, &mut |class| {
        first.get_or_insert_with(|| class.members[0].clone());
    })?;
    Ok((first, summary))
}

fn worker_count(jobs: usize) -> usize {
    match jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// What every worker reads.
struct Shared<'a> {
    puzzle: &'a Puzzle,
    /// The one encoding every cube is solved in, under assumptions; `None`
    /// when each cube gets an encoding of its own ([`per_cube`]).
    encoding: Option<&'a Encoding>,
    /// What each cube's own encoding is built with ([`cube_options`]).
    cube_options: EncodeOptions,
    /// Kissat sees each cube of its own encoding first ([`refutes_first`]).
    refutes_first: bool,
    options: &'a SatOptions,
    autos: &'a [Automorphism],
    plan: &'a CubePlan,
    /// Solutions blocked before any solving (families of resumed tours).
    blocked: &'a [Tour],
    /// The cubes in the order workers take them ([`hand_out_order`]).
    cubes: Vec<Cube>,
    next_cube: AtomicUsize,
    /// Raised when the solution limit is met, or a worker failed.
    halt: StopFlag,
    stop: StopSignal,
}

/// Solutions and classes reported so far, and the limit on them.
struct Tally {
    solutions: u64,
    classes: u64,
    resumed_classes: u64,
    limit: Option<u64>,
}

impl Tally {
    fn new(limits: &Limits) -> Self {
        Tally {
            solutions: 0,
            classes: 0,
            resumed_classes: 0,
            limit: limits.solutions,
        }
    }

    fn limit_reached(&self) -> bool {
        self.limit.is_some_and(|limit| self.solutions >= limit)
    }

    fn report(&mut self, class: &Class, on_class: &mut dyn FnMut(&Class)) {
        self.solutions += class.members.len() as u64;
        self.classes += 1;
        on_class(class);
    }

    /// Counts the classes of `already`, reports the other classes of their
    /// families, and returns every solution of those families (to block).
    fn resume(
        &mut self,
        puzzle: &Puzzle,
        autos: &[Automorphism],
        already: &[Tour],
        on_class: &mut dyn FnMut(&Class),
    ) -> Result<Vec<Tour>, SatError> {
        let mut known: HashSet<Vec<Cell>> = HashSet::new();
        for (index, tour) in already.iter().enumerate() {
            if !puzzle.accepts(tour) {
                return Err(SatError::NotASolution { index });
            }
            known.insert(puzzle.canonical(tour));
        }
        let form = puzzle.form();
        let mut covered: HashSet<Vec<Cell>> = HashSet::new();
        let mut blocked = Vec::new();
        for tour in already {
            if covered.contains(&key(tour, form)) {
                continue;
            }
            let members = family(puzzle, autos, tour)?;
            covered.extend(members.iter().map(|m| key(m, form)));
            for class in classes_of(puzzle, &members) {
                if known.contains(&puzzle.canonical(&class.members[0])) {
                    self.solutions += class.members.len() as u64;
                    self.classes += 1;
                    self.resumed_classes += 1;
                } else {
                    self.report(&class, on_class);
                }
            }
            blocked.extend(members);
        }
        Ok(blocked)
    }
}

/// What a worker sends to the thread that reports.
enum Message {
    Classes(Vec<Class>),
    /// One cube finished.
    CubeDone,
    Done(Result<WorkerEnd, SatError>),
}

/// The caller's callbacks, run on the reporting thread.
struct Observers<'a> {
    on_class: &'a mut dyn FnMut(&Class),
    on_cube: &'a dyn Fn(CubeProgress),
}

struct WorkerEnd {
    stopped: Option<StopReason>,
    stats: SatStats,
    signature: &'static str,
}

struct Outcome {
    ending: Ending,
    stats: SatStats,
    signature: &'static str,
}

/// Runs `workers` threads over the cubes; reports classes on this thread.
fn run_workers(
    shared: &Shared<'_>,
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
fn collect(
    shared: &Shared<'_>,
    workers: usize,
    receiver: &mpsc::Receiver<Message>,
    tally: &mut Tally,
    observers: Observers<'_>,
) -> Result<Outcome, SatError> {
    let Observers { on_class, on_cube } = observers;
    let mut outcome = Outcome {
        ending: Ending::Exhausted,
        stats: SatStats::default(),
        signature: "",
    };
    let mut first_error = None;
    let mut dropped = None;
    let mut done = 0;
    let mut cubes_done = 0;
    while done < workers {
        let Ok(message) = receiver.recv() else {
            return Err(SatError::Worker("a worker ended without reporting".into()));
        };
        match message {
            Message::Classes(classes) => {
                for class in &classes {
                    if tally.limit_reached() || first_error.is_some() {
                        break;
                    }
                    // Once asked to stop, report nothing more (and never claim a count).
                    if let Some(reason) = shared.stop.reason() {
                        dropped = Some(reason.ending());
                        break;
                    }
                    tally.report(class, on_class);
                }
                if tally.limit_reached() {
                    shared.halt.raise();
                }
            }
            Message::CubeDone => {
                cubes_done += 1;
                on_cube(CubeProgress {
                    done: cubes_done,
                    searched: shared.plan.searched().len(),
                });
            }
            Message::Done(Ok(end)) => {
                done += 1;
                outcome.stats.add(&end.stats);
                outcome.signature = end.signature;
                if let Some(reason) = end.stopped {
                    outcome.ending = worse(outcome.ending, reason.ending());
                }
            }
            Message::Done(Err(error)) => {
                done += 1;
                first_error.get_or_insert(error);
            }
        }
    }
    if let Some(error) = first_error {
        return Err(error);
    }
    if let Some(ending) = dropped {
        outcome.ending = worse(outcome.ending, ending);
    }
    if tally.limit_reached() && outcome.ending == Ending::Exhausted {
        // Classes after the limit were dropped: never a count.
        outcome.ending = Ending::Limit;
    }
    Ok(outcome)
}

/// The ending to report when workers ended differently: a user's signal
/// wins over a time-out, which wins over the engine's own limit.
fn worse(a: Ending, b: Ending) -> Ending {
    let rank = |e: Ending| match e {
        Ending::Exhausted => 0,
        Ending::Limit => 1,
        Ending::Timeout => 2,
        Ending::Signal => 3,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// One worker: takes cubes until none is left, with one solver for all of
/// them or a fresh one per cube.
fn work(shared: &Shared<'_>, sender: &mpsc::Sender<Message>) -> Result<WorkerEnd, SatError> {
    let stop = shared.stop.clone().halted_by(shared.halt.clone());
    let mut end = WorkerEnd {
        stopped: None,
        stats: SatStats::default(),
        signature: "",
    };
    let mut one_solver = match shared.encoding {
        Some(encoding) => {
            let mut search = Search::new(shared.puzzle, encoding, shared.options, stop.clone())?;
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
        let _ = sender.send(Message::CubeDone);
    }
    if let Some(mut search) = one_solver {
        end.stats.add(search.stats());
        end.signature = search.signature();
    }
    Ok(end)
}

/// Solves one cube in an encoding of its own, in a fresh solver. When
/// automorphisms map the cube onto itself, the encoding keeps only the
/// lex-leaders of their orbits ([`crate::encode::lex_leader`]): every family
/// found is still reported whole.
fn search_own_cube(
    shared: &Shared<'_>,
    cube: Cube,
    stop: StopSignal,
    sender: &mpsc::Sender<Message>,
    end: &mut WorkerEnd,
) -> Result<Option<StopReason>, SatError> {
    let narrow = narrowed(shared.puzzle, cube);
    let stabiliser = match shared.options.no_symmetry_breaking {
        true => Vec::new(),
        false => shared.plan.stabiliser(cube),
    };
    let symmetries: Vec<TourSymmetry<'_>> = stabiliser.iter().map(|a| a.tour_symmetry()).collect();
    let encoding = Encoding::build(&narrow, &shared.cube_options)?.with_lex_leaders(&symmetries)?;
    end.signature = shared.options.solver.signature();
    let mut kissat_model = None;
    if shared.refutes_first {
        match refute(&encoding, cube, stop.clone(), &mut end.stats)? {
            (Verdict::Unsatisfiable, _) => return Ok(None),
            (Verdict::Interrupted, _) => return Ok(Some(interruption(&stop)?)),
            (Verdict::Satisfiable, model) => kissat_model = model,
        }
    }
    let mut search = Search::new(shared.puzzle, &encoding, shared.options, stop)?;
    search.only_in = Some((shared.plan, cube));
    search.block(shared.blocked)?;
    // Kissat's model is a tour already: reported and blocked, CaDiCaL need not
    // find it again (on the nested-semimagic cube with tours CaDiCaL's first
    // call, which finds one, was more than half of its time).
    if let Some(values) = kissat_model {
        let tour = search.tour_of_model(&values)?;
        report_family(shared, &mut search, cube, &tour, sender)?;
        search.stats.refuter_tours += 1;
    }
    let stopped = search_cube(shared, &mut search, cube, sender);
    end.stats.add(search.stats());
    end.signature = search.signature();
    stopped
}

/// Whether this run hands each cube of its own encoding to Kissat first
/// ([`RefuteFirst`]), decided before any encoding is built. `Auto` also needs
/// a run without a solution limit (`solve`, `--limit`): there the first tour
/// matters, and Kissat's call would only delay it. Never when tours were
/// blocked before solving (`--resume`): Kissat's answer would not see them.
/// Never when the encoding needs subtour cuts: a Kissat model could be a
/// cover by several cycles, so only CaDiCaL may judge.
fn refutes_first(puzzle: &Puzzle, options: &SatOptions, limits: &Limits, already: &[Tour]) -> bool {
    let family = family_of(puzzle.kind());
    let possible = already.is_empty() && !family.needs_subtour_cuts(options.encode.connectivity);
    let auto = || {
        limits.solutions.is_none()
            && options.solver == SolverKind::Cadical
            && family == Family::Numbering
            && !puzzle.sums.is_empty()
            && prefix_length(puzzle, options) <= 1
    };
    possible
        && match options.refute_first {
            RefuteFirst::Off => false,
            RefuteFirst::Kissat => true,
            RefuteFirst::Auto => auto(),
        }
}

/// The options each cube's own encoding is built with: the run's, except
/// that when Kissat refutes the cubes first the decision diagram drops its
/// support clauses (`mdd` becomes `mdd-lean`) for both solvers. On
/// nested-semimagic Kissat then took 14% less time on the empty cubes (three
/// seeds), and CaDiCaL 11.2-16.5 s against 16.4-24.4 s on the cube with
/// tours (seven alternating pairs of runs; results/sat-measurements-2026-11-23.md).
/// Where CaDiCaL searches everything the full diagram stays: there it was
/// the faster one in session 6.
fn cube_options(run: &EncodeOptions, kissat_first: bool) -> EncodeOptions {
    match kissat_first && run.pb_encoding == PbEncoding::Mdd {
        true => EncodeOptions {
            pb_encoding: PbEncoding::MddLean,
            ..*run
        },
        false => *run,
    }
}

/// One Kissat call on `encoding` restricted to `cube`; a model comes back as
/// the values of the primary variables, in [`Encoding::primary_vars`] order.
fn refute(
    encoding: &Encoding,
    cube: Cube,
    stop: StopSignal,
    stats: &mut SatStats,
) -> Result<(Verdict, Option<Vec<bool>>), SatError> {
    let started = Instant::now();
    let Some(assumptions) = encoding.cube_literals(&cube)? else {
        return Ok((Verdict::Unsatisfiable, None));
    };
    let mut refuter = Refuter::new(stop);
    for clause in encoding.cnf().iter() {
        refuter.add_clause(clause.as_ref())?;
    }
    for &lit in &assumptions {
        refuter.add_clause(&[lit])?;
    }
    let (verdict, model) = refuter.solve_reading(&encoding.primary_vars());
    stats.refuter_calls += 1;
    stats.refuted_cubes += u64::from(verdict == Verdict::Unsatisfiable);
    stats.refuter_cpu_seconds += started.elapsed().as_secs_f64();
    Ok((verdict, model))
}

/// Why a solver stopped: a stop that was never asked for is an error.
fn interruption(stop: &StopSignal) -> Result<StopReason, SatError> {
    stop.reason().ok_or(SatError::UnexplainedInterruption)
}

/// Finds every family with a member in `cube`; sends the classes of those it owns.
fn search_cube(
    shared: &Shared<'_>,
    search: &mut Search<'_>,
    cube: Cube,
    sender: &mpsc::Sender<Message>,
) -> Result<Option<StopReason>, SatError> {
    let Some(assumptions) = search.encoding().cube_literals(&cube)? else {
        return Ok(None);
    };
    let length = prefix_length(shared.puzzle, shared.options);
    for part in parts_of(shared.puzzle, search.encoding(), cube, length)? {
        search.stats.prefix_cubes += 1;
        let assumptions: Vec<Lit> = assumptions.iter().chain(&part).copied().collect();
        if let Some(reason) = search_part(shared, search, cube, &assumptions, sender)? {
            return Ok(Some(reason));
        }
    }
    Ok(None)
}

/// How many numbers each prefix cube fixes: the option, or the default for
/// the puzzle. Closed half-turn symmetric tours split into paths of 8 cells
/// (magic-closed-centrosymmetric: done in 266 s; whole cubes had finished 6
/// of 21 in 1200 s); the open nested-semimagic got slower with every length
/// tried, so other models are not split (results/sat-measurements-2026-11-23.md).
fn prefix_length(puzzle: &Puzzle, options: &SatOptions) -> u32 {
    options
        .prefix_length
        .unwrap_or(if puzzle.closed && puzzle.rot180 { 8 } else { 1 })
}

/// The extra assumptions of each part of `cube` ([`super::prefixes`]); one
/// empty part when the cube is not split.
fn parts_of(
    puzzle: &Puzzle,
    encoding: &Encoding,
    cube: Cube,
    length: u32,
) -> Result<Vec<Vec<Lit>>, TooManyParts> {
    match (cube.fixed_ends(), encoding.numbers()) {
        (Some((start, end)), Some(numbers)) => prefix_cubes(puzzle, numbers, start, end, length),
        _ => Ok(vec![Vec::new()]),
    }
}

/// Finds every family with a member under `assumptions`, a part of `cube`;
/// sends the classes of those the cube owns.
fn search_part(
    shared: &Shared<'_>,
    search: &mut Search<'_>,
    cube: Cube,
    assumptions: &[Lit],
    sender: &mpsc::Sender<Message>,
) -> Result<Option<StopReason>, SatError> {
    loop {
        let tour = match search.next_tour(assumptions)? {
            Next::Exhausted => return Ok(None),
            Next::Stopped(reason) => return Ok(Some(reason)),
            Next::Tour(tour) => tour,
        };
        report_family(shared, search, cube, &tour, sender)?;
    }
}

/// Blocks the family of `tour` in `search` and sends its classes if `cube`
/// owns it (the family's other members may lie in other cubes).
fn report_family(
    shared: &Shared<'_>,
    search: &mut Search<'_>,
    cube: Cube,
    tour: &Tour,
    sender: &mpsc::Sender<Message>,
) -> Result<(), SatError> {
    let members = family(shared.puzzle, shared.autos, tour)?;
    search.block(&members)?;
    if shared.plan.owner(&members) == cube {
        let classes = classes_of(shared.puzzle, &members);
        if sender.send(Message::Classes(classes)).is_err() {
            return Err(SatError::Worker("the reporting thread is gone".into()));
        }
    } else {
        search.stats.foreign_families += 1;
    }
    Ok(())
}

/// Engine figures for the summary's `stats` object.
fn summary_stats(
    encoding: &Encoding,
    options: &SatOptions,
    plan: &CubePlan,
    autos: &[Automorphism],
    stats: &SatStats,
    signature: &str,
) -> serde_json::Map<String, serde_json::Value> {
    let report = encoding.report();
    let mut map = serde_json::Map::new();
    let mut put = |name: &str, value: serde_json::Value| {
        map.insert(name.to_string(), value);
    };
    put("solver", signature.into());
    put(
        "family",
        serde_json::to_value(encoding.family()).unwrap_or_default(),
    );
    put(
        "connectivity",
        serde_json::to_value(options.encode.connectivity).unwrap_or_default(),
    );
    put(
        "pb_encoding",
        serde_json::to_value(encoding.options().pb_encoding).unwrap_or_default(),
    );
    put("variables", report.variables.into());
    put("clauses", report.clauses.into());
    put("primary_variables", report.primary_variables.into());
    put("jobs", worker_count(options.jobs).into());
    put("automorphisms", autos.len().into());
    put("cubes", plan.total().into());
    put("cubes_searched", plan.searched().len().into());
    put("cubes_done", stats.cubes_done.into());
    put("solve_calls", stats.solve_calls.into());
    put("subtour_cuts", stats.subtour_cuts.into());
    put("blocking_clauses", stats.blocking_clauses.into());
    put("foreign_families", stats.foreign_families.into());
    put("prefix_cubes", stats.prefix_cubes.into());
    if let Some(conflicts) = stats.conflicts {
        put("conflicts", conflicts.into());
    }
    put("solve_cpu_seconds", stats.solve_cpu_seconds.into());
    if stats.refuter_calls > 0 {
        put("refuter", Refuter::signature().into());
        put("refuter_calls", stats.refuter_calls.into());
        put("refuted_cubes", stats.refuted_cubes.into());
        put("refuter_tours", stats.refuter_tours.into());
        put("refuter_cpu_seconds", stats.refuter_cpu_seconds.into());
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

    /// varisat does not count conflicts: its summary leaves them out rather
    /// than report 0; CaDiCaL's has them.
    #[test]
    fn conflicts_are_reported_only_by_a_backend_that_counts_them() {
        let spec = Spec::from_toml("board = \"5x5\"\n[start]\ncells = [[0, 0]]", "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let conflicts = |solver: SolverKind| {
            let options = SatOptions {
                solver,
                ..SatOptions::default()
            };
            let summary = count(&puzzle, &options, &Limits::default()).unwrap();
            summary.stats.get("conflicts").and_then(|v| v.as_u64())
        };
        assert!(conflicts(SolverKind::Cadical).is_some_and(|c| c > 0));
        assert_eq!(conflicts(SolverKind::Varisat), None);
    }

    #[test]
    fn primary_variables_are_frozen_from_the_first_blocking_clause_on() {
        let spec = Spec::from_toml("board = \"5x5\"\n[start]\ncells = [[0, 0]]", "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let options = SatOptions::default();
        let encoding = Encoding::build(&puzzle, &options.encode).unwrap();
        let mut search = Search::new(&puzzle, &encoding, &options, StopSignal::new()).unwrap();
        let primary = encoding.primary_vars();
        let frozen = |search: &Search<'_>| -> Vec<Option<bool>> {
            primary
                .iter()
                .map(|&var| search.backend.is_frozen(var).unwrap())
                .collect()
        };
        assert!(frozen(&search).iter().all(|&f| f == Some(false)));
        let Next::Tour(tour) = search.next_tour(&[]).unwrap() else {
            panic!("5x5 has open tours from a corner");
        };
        assert!(crate::verify::verify(&puzzle, &tour).is_empty());
        search.block(&[tour]).unwrap();
        assert!(frozen(&search).iter().all(|&f| f == Some(true)));
    }

    #[test]
    fn each_finished_cube_is_reported_once_in_order() {
        // Open 5x5 tours from any start: one cube per (start, end) orbit.
        let spec = Spec::from_toml("board = \"5x5\"", "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let options = SatOptions {
            jobs: 2,
            ..SatOptions::default()
        };
        let reports = std::cell::RefCell::new(Vec::new());
        let summary = enumerate_observed(
            &puzzle,
            &options,
            &Limits::default(),
            &[],
            &mut |_| {},
            &|progress| reports.borrow_mut().push(progress),
        )
        .unwrap();
        let reports = reports.into_inner();
        let searched = summary.stats["cubes_searched"].as_u64().unwrap() as usize;
        assert!(searched > 1);
        let expected: Vec<CubeProgress> = (1..=searched)
            .map(|done| CubeProgress { done, searched })
            .collect();
        assert_eq!(reports, expected);
        assert_eq!(summary.solutions, 1728);
    }

    #[test]
    fn per_cube_runs_take_the_cubes_symmetry_maps_onto_themselves_last() {
        let text = "board = \"8x8\"\n[start]\ncols = [0]\n[end]\ncols = [-1]\n\
                    [sums]\nhalf_rows = 130\nhalf_cols = 130";
        let puzzle = Puzzle::from_spec(&Spec::from_toml(text, "test").unwrap()).unwrap();
        let plan = CubePlan::new(&puzzle, &automorphisms(&puzzle));
        assert!(per_cube(&puzzle, &plan));
        let options = SatOptions::default();
        let order = hand_out_order(&plan, true, &options);
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, plan.searched());
        let self_mapped: Vec<bool> = order
            .iter()
            .map(|&cube| !plan.stabiliser(cube).is_empty())
            .collect();
        assert_eq!(self_mapped, [vec![false; 6], vec![true; 4]].concat());
        // Without lex-leader clauses (or one solver for all cubes) no cube is smaller.
        let unbroken = SatOptions {
            no_symmetry_breaking: true,
            ..SatOptions::default()
        };
        assert_eq!(hand_out_order(&plan, true, &unbroken), plan.searched());
        assert_eq!(hand_out_order(&plan, false, &options), plan.searched());
    }
}

#[cfg(test)]
mod refute_first_tests {
    use super::*;
    use crate::spec::Spec;

    fn counted(text: &str, refute_first: RefuteFirst) -> Summary {
        let spec = Spec::from_toml(text, "test").unwrap();
        let puzzle = Puzzle::from_spec(&spec).unwrap();
        let options = SatOptions {
            refute_first,
            jobs: 2,
            ..SatOptions::default()
        };
        count(&puzzle, &options, &Limits::default()).unwrap()
    }

    fn stat(summary: &Summary, name: &str) -> u64 {
        summary
            .stats
            .get(name)
            .and_then(|v| v.as_u64())
            .unwrap_or(0)
    }

    /// Open 5x5 tours from column 0 to column 4: some (start, end) cubes hold
    /// tours and some none; with Kissat first the empty ones are refuted and
    /// the count is the same as CaDiCaL's alone.
    #[test]
    fn kissat_refutes_the_empty_cubes_and_the_count_stays() {
        let model = "board = \"5x5\"\n[start]\ncols = [0]\n[end]\ncols = [-1]";
        let alone = counted(model, RefuteFirst::Off);
        let first = counted(model, RefuteFirst::Kissat);
        assert_eq!(
            (first.solutions, first.classes),
            (alone.solutions, alone.classes)
        );
        assert!(first.complete && alone.solutions > 0);
        // The native search, which shares no code with either, counts the same.
        let puzzle = Puzzle::from_spec(&Spec::from_toml(model, "test").unwrap()).unwrap();
        let native = crate::search::count(
            &puzzle,
            &crate::search::SearchOptions::default(),
            &Limits::default(),
            &|_| {},
        )
        .unwrap();
        assert_eq!(
            (first.solutions, first.classes),
            (native.solutions, native.classes)
        );
        assert_eq!(stat(&alone, "refuter_calls"), 0);
        // The stats name the encoding the cubes were built with.
        assert_eq!(alone.stats["pb_encoding"], "mdd");
        assert_eq!(first.stats["pb_encoding"], "mdd-lean");
        let calls = stat(&first, "refuter_calls");
        let refuted = stat(&first, "refuted_cubes");
        assert_eq!(calls, stat(&first, "cubes_searched"));
        assert!(0 < refuted && refuted < calls, "{refuted} of {calls}");
        // Every cube Kissat found satisfiable gave CaDiCaL its first tour.
        assert_eq!(stat(&first, "refuter_tours"), calls - refuted);
    }

    /// Cubes lose the diagram's support clauses only when Kissat refutes them
    /// and the run uses the diagram.
    #[test]
    fn cubes_get_the_lean_diagram_only_under_kissat_and_the_diagram() {
        let run = |pb_encoding| EncodeOptions {
            pb_encoding,
            ..EncodeOptions::default()
        };
        let lean = cube_options(&run(PbEncoding::Mdd), true);
        assert_eq!(lean, run(PbEncoding::MddLean));
        assert_eq!(
            cube_options(&run(PbEncoding::Mdd), false),
            run(PbEncoding::Mdd)
        );
        for other in PbEncoding::ALL
            .into_iter()
            .filter(|&e| e != PbEncoding::Mdd)
        {
            assert_eq!(cube_options(&run(other), true), run(other), "{other}");
        }
    }

    /// `auto` engages on numbered models with line sums only.
    #[test]
    fn auto_hands_line_sum_models_to_kissat_and_others_not() {
        let plain = counted("board = \"5x5\"\n[start]\ncols = [0]", RefuteFirst::Auto);
        assert_eq!(stat(&plain, "refuter_calls"), 0);
        // No 5x5 tour from column 0 has every row summing to 65 (the native search agrees).
        let sums = counted(
            "board = \"5x5\"\n[start]\ncols = [0]\n[sums]\nrows = 65",
            RefuteFirst::Auto,
        );
        assert!(stat(&sums, "refuter_calls") > 0);
        assert_eq!(stat(&sums, "refuted_cubes"), stat(&sums, "refuter_calls"));
        assert_eq!(sums.solutions, 0);
        // With a solution limit (`solve`) the first tour matters: no Kissat call.
        let spec = Spec::from_toml(
            "board = \"5x5\"\n[start]\ncols = [0]\n[sums]\nrows = 65",
            "t",
        );
        let puzzle = Puzzle::from_spec(&spec.unwrap()).unwrap();
        let (first, limited) = solve(&puzzle, &SatOptions::default(), &Limits::default()).unwrap();
        assert!(first.is_none());
        assert_eq!(stat(&limited, "refuter_calls"), 0);
    }
}
