//! The sweep: every step's states from the last step's, until every cell has left, then the
//! count from its residues.
//!
//! The sweep runs once with a 128-bit count per state when a proven bound on the count is
//! below 2^128, else once per prime with one residue per state (see [`Counter`]): a state
//! then takes its key and one count, and the sweeps share nothing but the schedule. Between
//! steps the states are a packed layer (no empty place); the next step is built in one hash
//! table, which is drained into the next layer. When the table would pass the memory
//! allowed, the step spills: the table's states and every later successor are written to
//! partition files by hash, and each partition is summed alone in a smaller table.
//!
//! With checkpoints, the layer after a step is saved when the time between saves has passed
//! (see [`super::checkpoint`]), and a sweep started with a checkpoint of the same count
//! continues after its step; the checkpoint is removed once the count is done.

use super::bignum::BigCount;
use super::bound::count_bits;
use super::budget::Budget;
use super::checkpoint::{Problem, Resume, Store};
use super::counter::{counters_for, Counter};
use super::crt::combine;
use super::layer::Layer;
use super::layout::best_schedule;
use super::parallel::Buffers;
use super::schedule::Schedule;
use super::settings::Settings;
use super::spill::SpillDir;
use super::state::Packing;
use super::table::Table;
use super::transition::{TourKind, Transition};
use super::workers::Workers;
use super::FrontierError;
use crate::board::Board;
use crate::run::{ContinuedProgress, Ending, Limits, Progress, StepProgress};
use rayon::ThreadPool;
use serde::Serialize;
use std::io;
use std::time::Instant;

/// What a sweep measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Figures {
    /// Steps taken in one sweep, one table each: the moves of one cell back to the cells
    /// before it.
    pub steps: usize,
    /// The most states after one step.
    pub peak_states: usize,
    /// The most bytes of states held in memory at once: the table and the packed steps.
    pub peak_bytes: usize,
    /// `peak_bytes` per state of the two steps held then.
    pub bytes_per_state: f64,
    /// Primes the counts are kept modulo, one sweep each; 0 for one sweep with a 128-bit
    /// count.
    pub primes: usize,
    /// Slots of the packed state.
    pub slots: usize,
    /// Bits per slot.
    pub bits_per_slot: u32,
    /// The most cells in the frontier at once.
    pub widest_frontier: usize,
    /// The axes from most significant (the sweep) to least (0 layer, 1 row, 2 column).
    pub axes: [usize; 3],
    /// The memory the states were allowed.
    pub memory_budget: usize,
    /// Steps whose successors were spilled to disk, over every sweep.
    pub spilled_steps: usize,
    /// The most bytes held on disk at once.
    pub peak_disk_bytes: u64,
    /// The step (counted over every sweep) of the checkpoint this run continued from.
    pub continued_from_step: Option<usize>,
    /// The step (counted over every sweep) the checkpoint left on disk holds, when the run
    /// stopped with one saved.
    pub checkpoint_step: Option<usize>,
    /// Whether the checkpoint was removed because the count is done.
    pub checkpoint_removed: bool,
    /// The most bytes of states one checkpoint saved.
    pub peak_checkpoint_bytes: u64,
    /// The threads a step in memory was allowed.
    pub threads: usize,
    /// Steps run on more than one thread, over every sweep.
    pub parallel_steps: usize,
    /// Spill directories of killed runs this run removed, and their bytes.
    pub stale_spill_dirs_removed: usize,
    /// The bytes of the files in them.
    pub stale_spill_bytes_removed: u64,
}

/// How a sweep ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every step was taken: the exact number of cycles, or of undirected paths.
    Counted(BigCount),
    /// A limit or a signal stopped it: there is no count.
    Stopped(Ending),
}

/// Counts the Hamiltonian cycles or undirected Hamiltonian paths of the board's move graph,
/// which must have at least two cells, each with a move, holding at most about
/// `settings.budget.bytes` of states in memory, saving checkpoints in `settings.checkpoints`
/// if given, each step in memory of enough states on `settings.workers`' threads.
pub fn sweep(
    board: &Board,
    kind: TourKind,
    limits: &Limits,
    settings: &Settings,
    started: Instant,
    on_progress: &dyn Fn(Progress),
) -> Result<(Outcome, Figures), FrontierError> {
    let Settings {
        budget,
        checkpoints,
        workers,
    } = settings;
    let workers = *workers;
    let schedule = best_schedule(board).ok_or(FrontierError::TooWide {
        board: board.shape().to_string(),
    })?;
    // Bregman's bound on the count: below 2^128, one sweep modulo 2^128 gives the count;
    // else the product of the primes, each above 2^62, exceeds it.
    let counters = counters_for(count_bits(board, kind == TourKind::Cycle));
    let primes: Vec<u64> = counters
        .iter()
        .filter_map(|c| match c {
            Counter::Prime(p) => Some(*p),
            Counter::Wide => None,
        })
        .collect();
    let transition = Transition {
        packing: Packing::new(schedule.slots as u32, schedule.bits),
        kind,
        spare: Packing::spare_label(schedule.widest),
    };
    let bits = schedule.slots as u32 * schedule.bits;
    let steps = schedule.steps.len();
    let (keep, resume) = match checkpoints {
        Some(plan) => {
            let problem = Problem::new(board, kind, &schedule, &counters);
            let (store, resume) = Store::open(plan, &problem, bits)?;
            (Some(Keeper { store, problem }), resume)
        }
        None => (None, None),
    };
    let continued_from = resume.as_ref().map(|r| r.round * steps + r.step);
    if let (Some(r), Some(step)) = (&resume, continued_from) {
        on_progress(Progress::Continued(ContinuedProgress {
            step,
            steps: counters.len() * steps,
            saved_unix: r.saved_unix,
        }));
    }
    let mut run = Run {
        figures: Figures {
            steps: schedule.steps.len(),
            primes: primes.len(),
            slots: schedule.slots,
            bits_per_slot: schedule.bits,
            widest_frontier: schedule.widest,
            axes: schedule.axes,
            memory_budget: budget.bytes,
            continued_from_step: continued_from,
            threads: workers.threads,
            ..Figures::default()
        },
        bits,
        schedule: &schedule,
        transition: &transition,
        limits,
        budget,
        started,
        on_progress,
        disk: SpillDir::new(budget.spill_dir.clone()),
        spare: Vec::new(),
        keep,
        save_this_step: false,
        workers,
        pool: None,
        buffers: None,
    };
    let (first_round, mut start, mut residues) = match resume {
        Some(Resume {
            round,
            step,
            residues,
            layer,
            ..
        }) => (round, Some((step, layer)), residues),
        None => (0, None, Vec::with_capacity(counters.len())),
    };
    for (round, &counter) in counters.iter().enumerate().skip(first_round) {
        let from = start.take();
        match run.one_sweep(round, counter, counters.len(), from, &residues) {
            Ok(residue) => residues.push(residue),
            Err(Halt::Stopped(ending)) => {
                let saved = run.keep.as_ref().and_then(|k| k.store.saved());
                run.figures.checkpoint_step = saved.map(|(round, step)| round * steps + step);
                return Ok((Outcome::Stopped(ending), run.finished_figures()));
            }
            Err(Halt::OutOfMemory { step, states }) => {
                return Err(FrontierError::OutOfMemory { step, states })
            }
            Err(Halt::Disk(source)) => return Err(FrontierError::Spill { source }),
            Err(Halt::Keep(error)) => return Err(error),
            Err(Halt::NoTable) => unreachable!("a step names the table it could not make"),
        }
    }
    if let Some(keeper) = run.keep.take() {
        keeper.store.remove()?;
        run.figures.checkpoint_removed = true;
    }
    let count = match counters.as_slice() {
        [Counter::Wide] => BigCount::from_u128(residues[0]),
        _ => {
            let residues: Vec<u64> = residues.iter().map(|&r| r as u64).collect();
            combine(&residues, &primes)
        }
    };
    Ok((Outcome::Counted(count), run.finished_figures()))
}

/// Why a sweep did not finish.
#[derive(Debug)]
pub(super) enum Halt {
    /// A limit or a signal.
    Stopped(Ending),
    /// A table could not be allocated at `step`, with `states` of the step before.
    OutOfMemory { step: usize, states: usize },
    /// A spill file could not be written or read.
    Disk(io::Error),
    /// A table could not be allocated or grown (made [`Halt::OutOfMemory`] by the step).
    NoTable,
    /// A checkpoint could not be saved.
    Keep(FrontierError),
}

/// The checkpoints of a sweep: where they go, and the count they belong to.
pub(super) struct Keeper {
    pub(super) store: Store,
    problem: Problem,
}

impl From<io::Error> for Halt {
    fn from(error: io::Error) -> Halt {
        Halt::Disk(error)
    }
}

/// What every step of every prime's sweep shares.
pub(super) struct Run<'a> {
    pub(super) figures: Figures,
    pub(super) bits: u32,
    pub(super) schedule: &'a Schedule,
    pub(super) transition: &'a Transition,
    pub(super) limits: &'a Limits,
    pub(super) budget: &'a Budget,
    pub(super) started: Instant,
    pub(super) on_progress: &'a dyn Fn(Progress),
    pub(super) disk: SpillDir,
    /// The memory of the last layer read, for the next layer in memory to reuse.
    pub(super) spare: Vec<u8>,
    pub(super) keep: Option<Keeper>,
    /// Whether the layer being built is saved at the end of its step (decided when its
    /// writer is made, so that a layer written to a file is hashed as it is written).
    pub(super) save_this_step: bool,
    pub(super) workers: Workers,
    /// The threads of the steps in memory, made at the first such step.
    pub(super) pool: Option<ThreadPool>,
    /// The buffers of the steps on several threads, kept from step to step.
    pub(super) buffers: Option<Buffers>,
}

/// What one step measured for the figures and the progress line.
pub(super) struct StepFigures {
    pub(super) memory: usize,
    pub(super) disk: u64,
    pub(super) spilled: bool,
    pub(super) parallel: bool,
}

impl Run<'_> {
    /// The figures, with what the spill directory removed of killed runs' directories.
    fn finished_figures(self) -> Figures {
        let stale = self.disk.stale_removed();
        Figures {
            stale_spill_dirs_removed: stale.dirs,
            stale_spill_bytes_removed: stale.bytes,
            ..self.figures
        }
    }

    /// The count in `counter`: the empty frontier's after the last step, from the start or
    /// from `from`'s layer after its step. `residues` are the counts of the sweeps before.
    fn one_sweep(
        &mut self,
        round: usize,
        counter: Counter,
        rounds: usize,
        from: Option<(usize, Layer)>,
        residues: &[u128],
    ) -> Result<u128, Halt> {
        let (done, mut layer) = from.unwrap_or_else(|| (0, Layer::start(self.bits, counter)));
        // The first table is the one of a step on one thread; the others are the shards of a
        // step on several threads, given back before a step on one.
        let mut tables = vec![Table::with_capacity(self.bits, counter, 1)
            .map_err(|_| Halt::OutOfMemory { step: 0, states: 0 })?];
        let steps = self.schedule.steps.len();
        for (i, step) in self.schedule.steps.iter().enumerate().skip(done) {
            let before = layer.len();
            self.save_this_step = false;
            let (next, seen) = self.advance(i + 1, step, counter, layer, &mut tables)?;
            layer = next;
            if self.save_this_step {
                self.save(round, residues, i + 1, &layer)?;
            }
            self.measure(before, layer.len(), &seen);
            (self.on_progress)(Progress::Steps(StepProgress {
                step: round * steps + i + 1,
                steps: rounds * steps,
                sweep_steps: steps,
                row_steps: self.schedule.row,
                first_step: self.figures.continued_from_step.unwrap_or(0),
                states: layer.len(),
                bytes: seen.memory,
                disk_bytes: if seen.spilled { seen.disk } else { 0 },
                seconds: self.started.elapsed().as_secs_f64(),
            }));
        }
        let mut residue = 0;
        layer.drain(|word, r| {
            if word == 0 {
                residue = r;
            }
            Ok::<(), Halt>(())
        })?;
        Ok(residue)
    }

    /// Saves `layer`, the states after step `step` of sweep `round`, as the checkpoint.
    fn save(
        &mut self,
        round: usize,
        residues: &[u128],
        step: usize,
        layer: &Layer,
    ) -> Result<(), Halt> {
        let keeper = self
            .keep
            .as_mut()
            .expect("only a sweep with checkpoints saves");
        let header = keeper.problem.header(round, residues, step, layer.len());
        let f = &mut self.figures;
        f.peak_checkpoint_bytes = f.peak_checkpoint_bytes.max(header.bytes);
        keeper.store.save(header, layer).map_err(Halt::Keep)
    }

    fn measure(&mut self, before: usize, after: usize, seen: &StepFigures) {
        let f = &mut self.figures;
        f.peak_states = f.peak_states.max(after);
        if seen.memory > f.peak_bytes {
            f.peak_bytes = seen.memory;
            f.bytes_per_state = seen.memory as f64 / (before + after).max(1) as f64;
        }
        f.peak_disk_bytes = f.peak_disk_bytes.max(seen.disk);
        f.spilled_steps += usize::from(seen.spilled);
        f.parallel_steps += usize::from(seen.parallel);
    }

    pub(super) fn check(&self) -> Result<(), Halt> {
        match self.limits.reason_to_stop(self.started, 0) {
            Some(ending) => Err(Halt::Stopped(ending)),
            None => Ok(()),
        }
    }
}
