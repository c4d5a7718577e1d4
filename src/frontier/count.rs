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
use super::checkpoint::{Checkpoints, Problem, Resume, Store};
use super::counter::{counters_for, Counter};
use super::crt::combine;
use super::layer::{record_bytes, Layer, LayerWriter};
use super::layout::{best_schedule, Schedule, Step};
use super::parallel::{drain_into_slots, Buffers, Round};
use super::spill::{Partitions, SpillDir, MAX_PARTITIONS};
use super::state::Packing;
use super::table::{place_bytes, states_within, AddError, Batch, Table, BATCH};
use super::transition::{Shape, Transition};
use super::workers::Workers;
use super::FrontierError;
use crate::board::Board;
use crate::run::{ContinuedProgress, Ending, Limits, Progress, StepProgress};
use rayon::ThreadPool;
use serde::Serialize;
use std::io;
use std::time::Instant;

/// How often, in states, a step looks at the limits.
const STATES_BETWEEN_CHECKS: usize = 1 << 16;

/// A step's table is first made for this many states a state of the layer before (it
/// doubles when full): about as many as a step keeps, and well below the most a step can make
/// (see [`Step::most_successors`]), which sizes the spill.
const SUCCESSORS_PER_STATE: usize = 2;

/// The share of the memory allowed (in quarters) a packed layer may take and stay in memory.
const LAYER_QUARTERS: usize = 1;

/// The share of the memory allowed (in sixteenths) that the tables and buffers of the steps on
/// several threads may keep, empty, through a step on one thread: made anew at every step on
/// several threads, they would cost fresh pages (a fault each) and copies as they grow.
const IDLE_SIXTEENTHS: usize = 1;

/// The bytes of a spill file's write buffer at most, and at least.
const SPILL_BUFFER: (usize, usize) = (1 << 20, 4 << 10);

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

/// What a sweep may use: the memory its states may take, where its checkpoints go, and its
/// threads.
#[derive(Clone, Copy, Debug)]
pub struct Means<'a> {
    pub budget: &'a Budget,
    pub checkpoints: Option<&'a Checkpoints>,
    pub workers: Workers,
}

/// Counts the Hamiltonian cycles or undirected Hamiltonian paths of the board's move graph,
/// which must have at least two cells, each with a move, holding at most about
/// `means.budget.bytes` of states in memory, saving checkpoints in `means.checkpoints` if
/// given, each step in memory of enough states on `means.workers`' threads.
pub fn sweep(
    board: &Board,
    shape: Shape,
    limits: &Limits,
    means: Means,
    started: Instant,
    on_progress: &dyn Fn(Progress),
) -> Result<(Outcome, Figures), FrontierError> {
    let Means {
        budget,
        checkpoints,
        workers,
    } = means;
    let schedule = best_schedule(board).ok_or(FrontierError::TooWide {
        board: board.shape().to_string(),
    })?;
    // Bregman's bound on the count: below 2^128, one sweep modulo 2^128 gives the count;
    // else the product of the primes, each above 2^62, exceeds it.
    let counters = counters_for(count_bits(board, shape == Shape::Cycle));
    let primes: Vec<u64> = counters
        .iter()
        .filter_map(|c| match c {
            Counter::Prime(p) => Some(*p),
            Counter::Wide => None,
        })
        .collect();
    let transition = Transition {
        packing: Packing::new(schedule.slots as u32, schedule.bits),
        shape,
        spare: Packing::spare_label(schedule.widest),
    };
    let bits = schedule.slots as u32 * schedule.bits;
    let steps = schedule.steps.len();
    let (keep, resume) = match checkpoints {
        Some(plan) => {
            let problem = Problem::new(board, shape, &schedule, &counters);
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
enum Halt {
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
struct Keeper {
    store: Store,
    problem: Problem,
}

impl From<io::Error> for Halt {
    fn from(error: io::Error) -> Halt {
        Halt::Disk(error)
    }
}

/// What every step of every prime's sweep shares.
struct Run<'a> {
    figures: Figures,
    bits: u32,
    schedule: &'a Schedule,
    transition: &'a Transition,
    limits: &'a Limits,
    budget: &'a Budget,
    started: Instant,
    on_progress: &'a dyn Fn(Progress),
    disk: SpillDir,
    /// The memory of the last layer read, for the next layer in memory to reuse.
    spare: Vec<u8>,
    keep: Option<Keeper>,
    /// Whether the layer being built is saved at the end of its step (decided when its
    /// writer is made, so that a layer written to a file is hashed as it is written).
    save_this_step: bool,
    workers: Workers,
    /// The threads of the steps in memory, made at the first such step.
    pool: Option<ThreadPool>,
    /// The buffers of the steps on several threads, kept from step to step.
    buffers: Option<Buffers>,
}

/// What one step measured for the figures and the progress line.
struct StepFigures {
    memory: usize,
    disk: u64,
    spilled: bool,
    parallel: bool,
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

    fn check(&self) -> Result<(), Halt> {
        match self.limits.reason_to_stop(self.started, 0) {
            Some(ending) => Err(Halt::Stopped(ending)),
            None => Ok(()),
        }
    }

    /// Empties `layer` into the next: each state's successors after `step` (1-based `at`),
    /// summed in `tables`: on several threads when the step has enough states and its
    /// tables fit in memory (see [`Run::advance_in_shards`]), else in the first table alone
    /// or through the spill.
    fn advance(
        &mut self,
        at: usize,
        step: &Step,
        counter: Counter,
        layer: Layer,
        tables: &mut Vec<Table>,
    ) -> Result<(Layer, StepFigures), Halt> {
        if let Some(mut seen) = self.sum_in_shards(at, step, counter, &layer, tables)? {
            // The layer's memory goes to the next layer, as after a step on one thread.
            self.spare = layer.into_spare();
            let table_bytes: usize = tables.iter().map(Table::bytes).sum();
            let total = tables.iter().map(Table::len).sum();
            let mut out = self.writer(total, table_bytes, counter)?;
            let lens: Vec<usize> = tables.iter().map(Table::len).collect();
            match (out.slots(&lens), &self.pool) {
                (Some(slots), Some(pool)) => drain_into_slots(pool, tables, slots),
                _ => {
                    for table in tables.iter_mut() {
                        out = drain_into(table, out)?;
                    }
                }
            }
            let next = out.finish()?;
            seen.memory = seen.memory.max(table_bytes + next.memory_bytes());
            seen.disk = next.disk_bytes();
            return Ok((next, seen));
        }
        let idle = self.keep_idle_within(tables);
        self.advance_alone(at, step, counter, layer, &mut tables[0], idle)
    }

    /// Sums the step's successors on the workers' threads, one table each, when there are
    /// several, the layer is in memory with at least the workers' least number of states,
    /// and a table of a share of the step's successors fits each thread's share of the
    /// memory left; `None` (the tables emptied) when not, or when a table filled its share
    /// after all.
    fn sum_in_shards(
        &mut self,
        at: usize,
        step: &Step,
        counter: Counter,
        layer: &Layer,
        tables: &mut Vec<Table>,
    ) -> Result<Option<StepFigures>, Halt> {
        let (threads, states) = (self.workers.threads, layer.len());
        let Some(records) = layer.records() else {
            return Ok(None);
        };
        if threads < 2 || states < self.workers.from_states.max(1) {
            return Ok(None);
        }
        let no_memory = || Halt::OutOfMemory { step: at, states };
        let held = layer.memory_bytes();
        let round_states = states.min(STATES_BETWEEN_CHECKS);
        let buffers_bytes = Buffers::bytes_for(round_states, step.most_successors());
        let each = (self.budget.bytes.saturating_sub(held + buffers_bytes)) / threads;
        // A shard's share of the states, with room for an uneven share.
        let share = |all: usize| all / threads + all / threads / 8 + BATCH;
        let within = states_within(each, self.bits, counter);
        let needed = share(states + states / 4);
        if within < needed {
            return Ok(None);
        }
        let preferred = share(states.saturating_mul(SUCCESSORS_PER_STATE)).min(within);
        while tables.len() < threads {
            let table = Table::with_capacity(self.bits, counter, 1).map_err(|_| no_memory())?;
            tables.push(table);
        }
        for table in tables.iter_mut() {
            table
                .make_room(needed, preferred, each)
                .map_err(|_| no_memory())?;
        }
        if !self.start_pool(threads) {
            return Ok(None);
        }
        let pool = self.pool.as_ref().expect("started above");
        let round = Round {
            pool,
            transition: self.transition,
            step,
            table_bytes: each,
        };
        let mut buffers = self.buffers.take().unwrap_or_else(|| Buffers::new(threads));
        let mut from = 0;
        while from < states {
            self.check()?;
            let to = (from + STATES_BETWEEN_CHECKS).min(states);
            match round.run(records.part(from, to), &mut buffers, tables) {
                Ok(()) => from = to,
                Err(AddError::Full) => {
                    tables.iter_mut().for_each(Table::clear);
                    return Ok(None);
                }
                Err(AddError::NoMemory) => return Err(no_memory()),
            }
        }
        let table_bytes: usize = tables.iter().map(Table::bytes).sum();
        let memory = held + table_bytes + buffers.bytes();
        self.buffers = Some(buffers);
        Ok(Some(StepFigures {
            memory,
            disk: 0,
            spilled: false,
            parallel: true,
        }))
    }

    /// Keeps the (empty) tables of the steps on several threads and their buffers through a
    /// step on one thread, when they take at most [`IDLE_SIXTEENTHS`] of the memory allowed;
    /// else gives them back. Returns the bytes kept.
    fn keep_idle_within(&mut self, tables: &mut Vec<Table>) -> usize {
        let buffers = self.buffers.as_ref().map_or(0, Buffers::bytes);
        let shards: usize = tables[1..].iter().map(Table::bytes).sum();
        if buffers + shards <= self.budget.bytes / 16 * IDLE_SIXTEENTHS {
            return buffers + shards;
        }
        tables.truncate(1);
        self.buffers = None;
        0
    }

    /// Makes the pool of `threads` threads at the first call; false when the system would
    /// not start them (the step then runs on one thread).
    fn start_pool(&mut self, threads: usize) -> bool {
        if self.pool.is_none() {
            let built = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
            self.pool = built.ok();
        }
        self.pool.is_some()
    }

    /// The step on the calling thread, in `table` or through the spill, beside `idle` bytes
    /// kept for the steps on several threads.
    fn advance_alone(
        &mut self,
        at: usize,
        step: &Step,
        counter: Counter,
        layer: Layer,
        table: &mut Table,
        idle: usize,
    ) -> Result<(Layer, StepFigures), Halt> {
        let states = layer.len();
        let no_memory = |halt| match halt {
            Halt::NoTable => Halt::OutOfMemory { step: at, states },
            other => other,
        };
        let held = layer.memory_bytes() + idle;
        let room = self.budget.bytes.saturating_sub(held);
        let typical = states.saturating_mul(SUCCESSORS_PER_STATE) + BATCH;
        let preferred = typical.min(states_within(room, self.bits, counter));
        let needed = (states + states / 4 + BATCH).min(preferred);
        table
            .make_room(needed, preferred, room)
            .map_err(|_| no_memory(Halt::NoTable))?;
        let mut seen = StepFigures {
            memory: held + table.bytes(),
            disk: layer.disk_bytes(),
            spilled: false,
            parallel: false,
        };
        let mut batch = Batch::default();
        let mut successors = Vec::with_capacity(step.most_successors());
        let mut sink = Sink {
            spill: None,
            bound: states.saturating_mul(step.most_successors()) + BATCH,
            room,
        };
        let mut count = 0usize;
        let disk_before = layer.disk_bytes();
        self.spare = layer
            .drain(|word, residue| {
                if count.is_multiple_of(STATES_BETWEEN_CHECKS) {
                    self.check()?;
                }
                count += 1;
                successors.clear();
                self.transition.successors(word, step, &mut successors);
                for &successor in &successors {
                    batch.push(successor, residue);
                    if batch.is_full() {
                        self.flush(&mut batch, counter, table, &mut sink)?;
                    }
                }
                Ok::<(), Halt>(())
            })
            .map_err(no_memory)?;
        self.flush(&mut batch, counter, table, &mut sink)
            .map_err(no_memory)?;
        let Some(parts) = sink.spill else {
            let out = self.writer(table.len(), table.bytes(), counter)?;
            let next = self.drain_table(table, out)?;
            seen.memory = seen.memory.max(table.bytes() + next.memory_bytes());
            seen.disk = seen.disk.max(next.disk_bytes());
            return Ok((next, seen));
        };
        seen.spilled = true;
        let records = parts.len();
        let parts = parts.finish()?;
        let spilled: u64 = parts.iter().map(Layer::disk_bytes).sum();
        seen.disk = seen.disk.max(disk_before + spilled);
        let mut out = self.writer(records, 0, counter)?;
        for part in parts {
            self.check()?;
            let room = self.budget.bytes.saturating_sub(out.memory_bytes());
            table
                .make_room(part.len(), part.len(), room)
                .map_err(|_| no_memory(Halt::NoTable))?;
            seen.memory = seen.memory.max(table.bytes() + out.memory_bytes());
            sum_into(part, table).map_err(no_memory)?;
            out = drain_into(table, out)?;
        }
        let next = out.finish()?;
        seen.disk = seen.disk.max(spilled + next.disk_bytes());
        Ok((next, seen))
    }

    /// A writer for the next layer of at most `states`, in memory when it takes at most
    /// a quarter of the memory allowed and fits beside `table_bytes`.
    fn writer(
        &mut self,
        states: usize,
        table_bytes: usize,
        counter: Counter,
    ) -> Result<LayerWriter, Halt> {
        let bytes = states.saturating_mul(record_bytes(self.bits, counter));
        let budget = self.budget.bytes;
        let spare = std::mem::take(&mut self.spare);
        // Decided here, near the end of the step (its successors summed or spilled), so that
        // a save comes at the first step's end past the time between saves.
        self.save_this_step = self.keep.as_ref().is_some_and(|k| k.store.due());
        if bytes <= budget / 4 * LAYER_QUARTERS && bytes + table_bytes <= budget {
            return Ok(LayerWriter::in_memory_reusing(
                self.bits, counter, spare, states,
            ));
        }
        let path = self.disk.new_path()?;
        let writer = LayerWriter::on_disk(self.bits, counter, path, SPILL_BUFFER.0)?;
        Ok(if self.save_this_step {
            writer.hashing()
        } else {
            writer
        })
    }

    fn drain_table(&self, table: &mut Table, out: LayerWriter) -> Result<Layer, Halt> {
        Ok(drain_into(table, out)?.finish()?)
    }

    /// Adds the batch to the table, or to the spill once the table is full (opening the
    /// spill then, with the table's states moved to it).
    fn flush(
        &mut self,
        batch: &mut Batch,
        counter: Counter,
        table: &mut Table,
        sink: &mut Sink,
    ) -> Result<(), Halt> {
        let words = &batch.words[..batch.held];
        let residues = &batch.counts[..batch.held];
        let spill = &mut sink.spill;
        if spill.is_none() {
            match table.add_batch(words, residues, sink.room) {
                Ok(()) => {
                    batch.held = 0;
                    return Ok(());
                }
                Err(AddError::NoMemory) => return Err(Halt::NoTable),
                Err(AddError::Full) => *spill = Some(self.open_spill(table, sink.bound, counter)?),
            }
        }
        let parts = spill.as_mut().expect("opened above");
        for (&word, &residue) in words.iter().zip(residues) {
            parts.add(word, residue)?;
        }
        batch.held = 0;
        Ok(())
    }

    /// Partition files for a step of at most `bound` successors, each partition's table
    /// within half the memory allowed, with the table's states moved into them.
    fn open_spill(
        &mut self,
        table: &mut Table,
        bound: usize,
        counter: Counter,
    ) -> Result<Partitions, Halt> {
        let budget = self.budget.bytes;
        let table_bytes = bound.saturating_mul(place_bytes(self.bits, counter)) / 3 * 4;
        let parts = table_bytes
            .div_ceil((budget / 2).max(1))
            .min(MAX_PARTITIONS);
        let buffer = (budget / 8 / parts.max(2)).clamp(SPILL_BUFFER.1, SPILL_BUFFER.0);
        let mut spill = Partitions::open(&mut self.disk, self.bits, counter, parts, buffer)?;
        table.drain(|word, count| spill.add(word, count))?;
        Ok(spill)
    }
}

/// Where a step's successors go: its table while it has room, then the spill.
struct Sink {
    spill: Option<Partitions>,
    /// The most successors the step can have.
    bound: usize,
    /// The bytes the table may take.
    room: usize,
}

/// Sums a spilled partition's records in the (empty) table.
fn sum_into(part: Layer, table: &mut Table) -> Result<(), Halt> {
    let mut batch = Batch::default();
    let mut add = |batch: &mut Batch| batch.add_to(table, usize::MAX).map_err(|_| Halt::NoTable);
    part.drain(|word, residue| {
        batch.push(word, residue);
        if batch.is_full() {
            add(&mut batch)?;
        }
        Ok::<(), Halt>(())
    })?;
    add(&mut batch)
}

/// Moves the table's states to the end of `out`, emptying the table: into one run of slots
/// made at once when the layer is in memory (no room to check a record), else one by one.
fn drain_into(table: &mut Table, mut out: LayerWriter) -> io::Result<LayerWriter> {
    let len = table.len();
    match out.slots(&[len]) {
        Some(mut runs) => table.drain_to(&mut runs[0]),
        None => table.drain(|word, count| out.push(word, count))?,
    }
    Ok(out)
}
