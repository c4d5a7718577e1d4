//! The sweep: every step's states from the last step's, until every cell has left, then the
//! count from its residues.

use super::bignum::BigCount;
use super::bound::{count_bits, primes_for};
use super::crt::combine;
use super::layout::{best_schedule, Schedule};
use super::modular::primes;
use super::state::Packing;
use super::table::{Table, BATCH};
use super::transition::{Shape, Transition};
use super::FrontierError;
use crate::board::Board;
use crate::run::{Ending, Limits, Progress, StepProgress};
use serde::Serialize;
use std::time::Instant;

/// How often, in states, a step looks at the limits.
const STATES_BETWEEN_CHECKS: usize = 1 << 16;

/// What a sweep measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Figures {
    /// Steps (moves of the board) taken.
    pub steps: usize,
    /// The most states after one step.
    pub peak_states: usize,
    /// The most bytes the states of two consecutive steps held.
    pub peak_bytes: usize,
    /// `peak_bytes` per state of those two steps.
    pub bytes_per_state: f64,
    /// Primes the counts are kept modulo.
    pub primes: usize,
    /// Slots of the packed state.
    pub slots: usize,
    /// Bits per slot.
    pub bits_per_slot: u32,
    /// The most cells in the frontier at once.
    pub widest_frontier: usize,
    /// The axes from most significant (the sweep) to least (0 layer, 1 row, 2 column).
    pub axes: [usize; 3],
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
/// which must have at least two cells, each with a move.
pub fn sweep(
    board: &Board,
    shape: Shape,
    limits: &Limits,
    started: Instant,
    on_progress: &dyn Fn(Progress),
) -> Result<(Outcome, Figures), FrontierError> {
    let schedule = best_schedule(board).ok_or(FrontierError::TooWide {
        board: board.shape().to_string(),
    })?;
    let primes = primes(primes_for(count_bits(board, shape == Shape::Cycle)));
    let transition = Transition {
        packing: Packing::new(schedule.slots as u32, schedule.bits),
        shape,
        spare: Packing::spare_label(schedule.widest),
    };
    let mut figures = Figures {
        steps: schedule.steps.len(),
        primes: primes.len(),
        slots: schedule.slots,
        bits_per_slot: schedule.bits,
        widest_frontier: schedule.widest,
        axes: schedule.axes,
        ..Figures::default()
    };
    let mut table = Table::start(primes.len())
        .map_err(|_| FrontierError::OutOfMemory { step: 0, states: 0 })?;
    for i in 0..schedule.steps.len() {
        let mut next = match advance(&table, &schedule, i, &transition, &primes, limits, started)? {
            Ok(next) => next,
            Err(ending) => return Ok((Outcome::Stopped(ending), figures)),
        };
        measure(&mut figures, &table, &next);
        next.seal();
        table = next;
        on_progress(Progress::Steps(StepProgress {
            step: i + 1,
            steps: schedule.steps.len(),
            states: table.len(),
            bytes: figures.peak_bytes,
            seconds: started.elapsed().as_secs_f64(),
        }));
    }
    let residues = table.residues_of(0);
    Ok((Outcome::Counted(combine(&residues, &primes)), figures))
}

/// The states after step `i`, not yet packed, or how the run was stopped.
fn advance(
    table: &Table,
    schedule: &Schedule,
    i: usize,
    transition: &Transition,
    primes: &[u64],
    limits: &Limits,
    started: Instant,
) -> Result<Result<Table, Ending>, FrontierError> {
    let step = &schedule.steps[i];
    let out_of_memory = |_| FrontierError::OutOfMemory {
        step: i + 1,
        states: table.len(),
    };
    let mut next =
        Table::with_capacity(primes.len(), table.len() + table.len() / 4).map_err(out_of_memory)?;
    let mut batch: Vec<(u128, &[u64])> = Vec::with_capacity(BATCH);
    for (n, (word, counts)) in table.iter().enumerate() {
        if n % STATES_BETWEEN_CHECKS == 0 {
            if let Some(ending) = limits.reason_to_stop(started, 0) {
                return Ok(Err(ending));
            }
        }
        for successor in transition.successors(word, step).into_iter().flatten() {
            batch.push((successor, counts));
        }
        if batch.len() + 2 > BATCH {
            next.add_batch(&batch, primes).map_err(out_of_memory)?;
            batch.clear();
        }
    }
    next.add_batch(&batch, primes).map_err(out_of_memory)?;
    Ok(Ok(next))
}

/// Keeps the peak figures up to date with a step just built.
fn measure(figures: &mut Figures, before: &Table, after: &Table) {
    figures.peak_states = figures.peak_states.max(after.len());
    let bytes = before.bytes() + after.bytes();
    if bytes > figures.peak_bytes {
        figures.peak_bytes = bytes;
        figures.bytes_per_state = bytes as f64 / (before.len() + after.len()).max(1) as f64;
    }
}
