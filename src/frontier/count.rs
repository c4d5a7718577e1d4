//! The sweep: every step's states from the last step's, until every cell has left, then the
//! count from its residues.

use super::bignum::BigCount;
use super::bound::{count_bits, primes_for};
use super::crt::combine;
use super::layout::{best_schedule, Step};
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
    let word_bits = schedule.slots as u32 * schedule.bits;
    let mut table = Table::start(word_bits, primes.len())
        .map_err(|_| FrontierError::OutOfMemory { step: 0, states: 0 })?;
    let mut next = Table::with_capacity(word_bits, primes.len(), 1)
        .map_err(|_| FrontierError::OutOfMemory { step: 1, states: 0 })?;
    for i in 0..schedule.steps.len() {
        let before = table.len();
        let step = Sweep {
            step: &schedule.steps[i],
            transition: &transition,
            primes: &primes,
            limits,
            started,
        };
        match step.advance(&mut table, &mut next) {
            Ok(()) => {}
            Err(Halt::Stopped(ending)) => return Ok((Outcome::Stopped(ending), figures)),
            Err(Halt::OutOfMemory(states)) => {
                return Err(FrontierError::OutOfMemory {
                    step: i + 1,
                    states,
                })
            }
        }
        std::mem::swap(&mut table, &mut next);
        measure(&mut figures, before, &table, &next);
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

/// One step of the sweep and what it needs.
struct Sweep<'a> {
    step: &'a Step,
    transition: &'a Transition,
    primes: &'a [u64],
    limits: &'a Limits,
    started: Instant,
}

/// Why a step did not finish.
enum Halt {
    /// A limit or a signal.
    Stopped(Ending),
    /// The next table could not be allocated, with the states of the step before.
    OutOfMemory(usize),
}

impl Sweep<'_> {
    /// Empties `table` into `next`: each state's successors after the step.
    fn advance(&self, table: &mut Table, next: &mut Table) -> Result<(), Halt> {
        let states = table.len();
        next.make_room(states + states / 4)
            .map_err(|_| Halt::OutOfMemory(states))?;
        let k = self.primes.len();
        let mut words = [0u128; BATCH];
        let mut residues = vec![0u64; BATCH * k];
        let mut held = 0;
        let mut seen = 0usize;
        let drained = table.drain(|word, counts| {
            if seen.is_multiple_of(STATES_BETWEEN_CHECKS) {
                if let Some(ending) = self.limits.reason_to_stop(self.started, 0) {
                    return Err(Halt::Stopped(ending));
                }
            }
            seen += 1;
            let successors = self.transition.successors(word, self.step);
            for successor in successors.into_iter().flatten() {
                words[held] = successor;
                residues[held * k..(held + 1) * k].copy_from_slice(counts);
                held += 1;
            }
            if held + 2 > BATCH {
                next.add_batch(&words[..held], &residues[..held * k], self.primes)
                    .map_err(|_| Halt::OutOfMemory(states))?;
                held = 0;
            }
            Ok(())
        });
        drained?;
        next.add_batch(&words[..held], &residues[..held * k], self.primes)
            .map_err(|_| Halt::OutOfMemory(states))
    }
}

/// Keeps the peak figures up to date with a step just built (`after`) from `before` states,
/// whose table, now empty, is `emptied`.
fn measure(figures: &mut Figures, before: usize, after: &Table, emptied: &Table) {
    figures.peak_states = figures.peak_states.max(after.len());
    let bytes = emptied.bytes() + after.bytes();
    if bytes > figures.peak_bytes {
        figures.peak_bytes = bytes;
        figures.bytes_per_state = bytes as f64 / (before + after.len()).max(1) as f64;
    }
}
