//! One step on several threads. The layer's states are read in rounds; each round's states
//! are cut into one part per thread, and each thread adds its part's successors of its own
//! shard (the words [`shard_of`] sends to its table) to its table, and writes the others
//! into one buffer per shard; then each thread adds every buffer of its shard to its table. No table is shared, so no lock is taken, and the
//! tables together hold the states and counts the one table of a step on one thread holds.

use super::layer::{Records, Slots};
use super::schedule::Step;
use super::table::{shard_of, AddError, Batch, Table, BATCH};
use super::transition::Transition;
use rayon::prelude::*;
use rayon::ThreadPool;

/// Bytes a buffered successor takes: its word and its count.
const BUFFERED_BYTES: usize = 2 * std::mem::size_of::<u128>();

/// Successors of one part bound for one shard.
#[derive(Debug, Default)]
struct Buffer {
    words: Vec<u128>,
    counts: Vec<u128>,
}

/// A round's successors, `[part][shard]`.
#[derive(Debug)]
pub struct Buffers {
    grid: Vec<Vec<Buffer>>,
}

impl Buffers {
    /// Empty buffers for `threads` parts and shards.
    pub fn new(threads: usize) -> Buffers {
        let row = || (0..threads).map(|_| Buffer::default()).collect();
        Buffers {
            grid: (0..threads).map(|_| row()).collect(),
        }
    }

    /// The most bytes the buffers of rounds of `states` states take, each making at most
    /// `successors`, with as much again for the room a growing buffer leaves.
    pub fn bytes_for(states: usize, successors: usize) -> usize {
        states.saturating_mul(successors * 2 * BUFFERED_BYTES)
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        let buffer = |b: &Buffer| (b.words.capacity() + b.counts.capacity()) * 16;
        self.grid.iter().flatten().map(buffer).sum()
    }

    fn clear(&mut self) {
        for buffer in self.grid.iter_mut().flatten() {
            buffer.words.clear();
            buffer.counts.clear();
        }
    }
}

/// What a round on several threads needs.
pub struct Round<'a> {
    pub pool: &'a ThreadPool,
    pub transition: &'a Transition,
    pub step: &'a Step,
    /// The bytes one shard's table may take.
    pub table_bytes: usize,
}

impl Round<'_> {
    /// Adds the successors of `records` after the step to `tables`, one table a thread (the
    /// number of parts and shards of `buffers`). On an error the tables hold some of the
    /// successors: the step must be taken again.
    pub fn run(
        &self,
        records: Records,
        buffers: &mut Buffers,
        tables: &mut [Table],
    ) -> Result<(), AddError> {
        let shards = tables.len();
        let per_part = records.len().div_ceil(shards);
        let outcome = self.pool.install(|| {
            buffers
                .grid
                .par_iter_mut()
                .zip(tables.par_iter_mut())
                .enumerate()
                .try_for_each(|(part, (out, table))| {
                    let from = (part * per_part).min(records.len());
                    let to = (from + per_part).min(records.len());
                    self.successors(records.part(from, to), part, out, table)
                })?;
            let grid = &buffers.grid;
            tables
                .par_iter_mut()
                .enumerate()
                .try_for_each(|(shard, table)| {
                    grid.iter().try_for_each(|row| self.add(&row[shard], table))
                })
        });
        buffers.clear();
        outcome
    }

    /// Each successor of `records` into `table` when it belongs to shard `own` (the
    /// thread's own table: no other thread touches it until the round's second half), else
    /// into the buffer of its shard in `out`, to be added by that shard's thread. Only the
    /// successors of other shards go through memory twice.
    fn successors(
        &self,
        records: Records,
        own: usize,
        out: &mut [Buffer],
        table: &mut Table,
    ) -> Result<(), AddError> {
        let shards = out.len();
        let mut batch = Batch::default();
        let mut successors = Vec::with_capacity(self.step.most_successors());
        for (word, count) in records.iter() {
            successors.clear();
            self.transition.successors(word, self.step, &mut successors);
            for &next in &successors {
                let shard = shard_of(next, shards);
                if shard == own {
                    batch.push(next, count);
                    if batch.is_full() {
                        batch.add_to(table, self.table_bytes)?;
                    }
                } else {
                    let buffer = &mut out[shard];
                    buffer.words.push(next);
                    buffer.counts.push(count);
                }
            }
        }
        batch.add_to(table, self.table_bytes)
    }

    fn add(&self, buffer: &Buffer, table: &mut Table) -> Result<(), AddError> {
        let words = buffer.words.chunks(BATCH);
        let counts = buffer.counts.chunks(BATCH);
        words
            .zip(counts)
            .try_for_each(|(w, c)| table.add_batch(w, c, self.table_bytes))
    }
}

/// Empties each table into its run of slots, each on its own thread of `pool`.
pub fn drain_into_slots(pool: &ThreadPool, tables: &mut [Table], slots: Vec<Slots>) {
    pool.install(|| {
        slots
            .into_par_iter()
            .zip(tables.par_iter_mut())
            .for_each(|(mut run, table)| table.drain_to(&mut run));
    });
}
