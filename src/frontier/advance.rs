//! One step of the sweep and its memory: the successors of a layer summed in memory on one
//! thread or several, or spilled to partition files when the tables would pass the memory
//! allowed, then drained into the next layer (in memory, or a file when it is large).

use super::count::{Halt, Run, StepFigures};
use super::counter::Counter;
use super::layer::{record_bytes, Layer, LayerWriter};
use super::parallel::{drain_into_slots, Buffers, Round};
use super::schedule::Step;
use super::spill::{Partitions, MAX_PARTITIONS};
use super::table::{place_bytes, states_within, AddError, Batch, Table, BATCH};
use std::io;

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

impl Run<'_> {
    /// Empties `layer` into the next: each state's successors after `step` (1-based `at`),
    /// summed in `tables`: on several threads when the step has enough states and its
    /// tables fit in memory (see [`Run::advance_in_shards`]), else in the first table alone
    /// or through the spill.
    pub(super) fn advance(
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
