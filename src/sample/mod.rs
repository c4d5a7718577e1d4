//! Random tours: seed 004 samples 4x4x4 tours by a random greedy walk, starting again when it
//! is stuck. Each sample here is one numbered tour found by walks of one rule ([`Rule`]) from
//! random starts, or by the SAT engine from a random path (`sat`), with a random generator
//! seeded by the run's seed and the sample's index, so that a run is the same for a seed
//! whatever the number of threads. Samples that repeat an earlier numbered tour are dropped
//! (the SAT engine blocks each tour it found, so it never repeats one); every tour kept has
//! passed the verifier.

mod bounds;
mod sat;
mod walk;

pub use bounds::Bounds;
pub use walk::Rule;

use crate::board::Cell;
use crate::puzzle::Puzzle;
use crate::random::Stream;
use crate::run::Ending;
use crate::solver::SolverKind;
use crate::tour::Tour;
use bounds::Clock;
use rayon::prelude::*;
use std::collections::HashSet;
use walk::Walker;

/// How samples are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Random walks, any unvisited neighbour at random: seed 004's greedy search.
    Greedy,
    /// Random walks by Warnsdorff's rule, ties at random.
    Warnsdorff,
    /// The SAT engine, asked for a tour that begins with a random path.
    Sat,
}

impl Method {
    /// The walks' rule, for the methods that walk.
    pub fn rule(self) -> Option<Rule> {
        match self {
            Method::Greedy => Some(Rule::Greedy),
            Method::Warnsdorff => Some(Rule::Warnsdorff),
            Method::Sat => None,
        }
    }
}

/// What a sampling run is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleOptions {
    /// How samples are found.
    pub method: Method,
    /// The SAT backend, for [`Method::Sat`].
    pub solver: SolverKind,
    /// Distinct tours wanted.
    pub count: usize,
    /// Seed of the run: with the sample's index, the seed of its random generator.
    pub seed: u64,
    /// Walks a sample may make before it gives up (seed 004: 1,000); for [`Method::Sat`],
    /// solver calls under a random path before one that assumes nothing.
    pub walks_per_sample: u32,
}

/// One tour found, with the walks it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The sample's index: its random generator's seed, with the run's.
    pub index: u64,
    /// The tour, verified.
    pub tour: Tour,
    /// Walks (or solver calls) made for it, the last the one that finished.
    pub walks: u32,
    /// Whether its last cell is a move from its first.
    pub closes: bool,
}

/// What a sampling run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SampleReport {
    /// Distinct tours kept.
    pub found: usize,
    /// Samples tried (indices used).
    pub samples: u64,
    /// Walks made in all (for the SAT method: solver calls).
    pub walks: u64,
    /// Walks that visited every cell but broke the model (not closed, or the wrong end); for
    /// the SAT method, calls whose random path no tour continues.
    pub walks_unfit: u64,
    /// Samples that made every walk allowed without a tour.
    pub gave_up: u64,
    /// Samples whose tour repeated an earlier one.
    pub duplicates: u64,
    /// Kept tours whose last cell is a move from the first.
    pub closing: usize,
    /// Whether the SAT engine proved that the model has no tour besides those kept.
    pub exhausted: bool,
    /// The bound that stopped the run before it had its tours, if one did (named as the
    /// other commands' summaries name their ending).
    #[serde(rename = "ending", skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Ending>,
}

/// Why sampling could not run, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    /// The model has a rule that random walks do not meet.
    #[error("random walks take models of a board, a leaper, closed or not, and allowed start and end cells; this one has {0} (--method sat takes every model)")]
    Unsupported(&'static str),
    /// No cell may start a tour.
    #[error("the model allows no start cell")]
    NoStart,
    /// A walk's tour failed the verifier: a defect of the sampler.
    #[error("a sampled tour failed the verifier: {0}")]
    Broken(String),
    /// The SAT engine could not encode the model or failed.
    #[error("the SAT engine failed: {0}")]
    Solver(String),
}

/// Samples tried before a run stops short of `count` (all duplicates or given up): enough
/// for any board with that many tours that walks find at all.
fn samples_allowed(count: usize) -> u64 {
    20 * count as u64 + 1000
}

/// Samples `options.count` distinct tours of the puzzle, handing each to `found` in index
/// order as it is kept; stops early (the report says how far it got) when the samples
/// allowed run out.
pub fn sample(
    puzzle: &Puzzle,
    options: &SampleOptions,
    found: impl FnMut(&Sample),
) -> Result<SampleReport, SampleError> {
    sample_within(puzzle, options, &Bounds::default(), found)
}

/// As [`sample`], stopping early (with the report's `stopped` set) when a bound is met. The
/// tours kept are then the first ones the unbounded run keeps, as the samples are taken in
/// index order and a sample cut short is dropped whole.
pub fn sample_within(
    puzzle: &Puzzle,
    options: &SampleOptions,
    bounds: &Bounds,
    found: impl FnMut(&Sample),
) -> Result<SampleReport, SampleError> {
    let clock = Clock::start(bounds);
    let starts: Vec<Cell> = match &puzzle.starts {
        Some(cells) => cells.clone(),
        None => (0..puzzle.n_cells()).collect(),
    };
    if starts.is_empty() {
        return Err(SampleError::NoStart);
    }
    match options.method.rule() {
        Some(rule) => {
            check_supported(puzzle)?;
            sample_by_walks(puzzle, options, rule, &starts, &clock, found)
        }
        None => sat::sample_by_sat(puzzle, options, &starts, &clock, found),
    }
}

/// Samples a round of walks may try per thread: rounds short enough that tours are handed
/// on (and written) as the run goes, not all at its end; the tours do not depend on it.
const ROUND_PER_THREAD: usize = 64;

/// Samples by walks of `rule`, each round of samples walked in parallel.
fn sample_by_walks(
    puzzle: &Puzzle,
    options: &SampleOptions,
    rule: Rule,
    starts: &[Cell],
    clock: &Clock,
    mut found: impl FnMut(&Sample),
) -> Result<SampleReport, SampleError> {
    let mut report = SampleReport::default();
    let mut seen: HashSet<Vec<Cell>> = HashSet::new();
    while report.found < options.count && report.samples < samples_allowed(options.count) {
        let first = report.samples;
        report.stopped = clock.reason_before(first);
        if report.stopped.is_some() {
            break;
        }
        let threads = rayon::current_num_threads();
        let wanted =
            (options.count - report.found).clamp(threads, threads * ROUND_PER_THREAD) as u64;
        let batch = clock
            .samples_left(first)
            .map_or(wanted, |left| left.min(wanted));
        let tried: Vec<Attempt> = (first..first + batch)
            .into_par_iter()
            .map_init(
                || Walker::new(&puzzle.board),
                |walker, index| attempt(puzzle, starts, options, rule, clock, walker, index),
            )
            .collect();
        for (index, outcome) in (first..).zip(tried) {
            if report.found == options.count {
                break;
            }
            report.stopped = outcome.cut_short;
            if report.stopped.is_some() {
                return Ok(report);
            }
            report.samples = index + 1;
            report.walks += u64::from(outcome.walks);
            report.walks_unfit += u64::from(outcome.unfit);
            let Some(order) = outcome.order else {
                report.gave_up += 1;
                continue;
            };
            if !seen.insert(order.clone()) {
                report.duplicates += 1;
                continue;
            }
            let sample = verified(puzzle, index, order, outcome.walks)?;
            report.found += 1;
            report.closing += usize::from(sample.closes);
            found(&sample);
        }
    }
    Ok(report)
}

fn check_supported(puzzle: &Puzzle) -> Result<(), SampleError> {
    if !puzzle.sums.is_empty() {
        return Err(SampleError::Unsupported("line sums"));
    }
    if puzzle.symmetry.has_half_turn() {
        return Err(SampleError::Unsupported("a symmetry rule (rot180, rot90)"));
    }
    if !puzzle.required.is_empty() {
        return Err(SampleError::Unsupported("required moves"));
    }
    if !puzzle.givens.is_empty() {
        return Err(SampleError::Unsupported("given numbers"));
    }
    if !puzzle.angles.is_empty() {
        return Err(SampleError::Unsupported("angle bounds"));
    }
    Ok(())
}

/// What one sample's walks came to.
struct Attempt {
    order: Option<Vec<Cell>>,
    walks: u32,
    unfit: u32,
    /// A signal or the time-out stopped the walks before they decided.
    cut_short: Option<Ending>,
}

/// The walks of sample `index`: from random starts until one gives a tour of the model or
/// the walks allowed run out.
fn attempt(
    puzzle: &Puzzle,
    starts: &[Cell],
    options: &SampleOptions,
    rule: Rule,
    clock: &Clock,
    walker: &mut Walker,
    index: u64,
) -> Attempt {
    let mut rng = Stream::new(mix(options.seed, index));
    let mut unfit = 0;
    for walks in 1..=options.walks_per_sample {
        if let Some(ending) = clock.interrupted() {
            return Attempt {
                order: None,
                walks,
                unfit,
                cut_short: Some(ending),
            };
        }
        let start = starts[rng.below(starts.len())];
        let Some(order) = walker.walk(start, rule, &mut rng) else {
            continue;
        };
        if fits(puzzle, order) {
            return Attempt {
                order: Some(order.to_vec()),
                walks,
                unfit,
                cut_short: None,
            };
        }
        unfit += 1;
    }
    Attempt {
        order: None,
        walks: options.walks_per_sample,
        unfit,
        cut_short: None,
    }
}

/// Whether a walk through every cell meets the model: closed if it must be, and ending on
/// an allowed cell.
fn fits(puzzle: &Puzzle, order: &[Cell]) -> bool {
    let (first, last) = (order[0], order[order.len() - 1]);
    let closes = order.len() == 1 || puzzle.board.is_move(last, first);
    let ends = puzzle
        .ends
        .as_ref()
        .is_none_or(|cells| cells.binary_search(&last).is_ok());
    (closes || !puzzle.closed.is_closed()) && ends
}

fn closes(puzzle: &Puzzle, tour: &Tour) -> bool {
    tour.len() > 1 && puzzle.board.is_move(tour.last(), tour.first())
}

/// The sample, once the verifier has passed its tour.
fn verified(
    puzzle: &Puzzle,
    index: u64,
    order: Vec<Cell>,
    walks: u32,
) -> Result<Sample, SampleError> {
    let tour =
        Tour::new(puzzle.board.shape(), order).map_err(|e| SampleError::Broken(e.to_string()))?;
    let broken = crate::verify::verify(puzzle, &tour);
    if let Some(first) = broken.first() {
        return Err(SampleError::Broken(first.to_string()));
    }
    let closes = closes(puzzle, &tour);
    Ok(Sample {
        index,
        tour,
        walks,
        closes,
    })
}

/// The seed of sample `index`'s generator: the run's seed and the index, the index spread
/// by an odd multiplier (the generator's seeding mixes the bits further).
fn mix(seed: u64, index: u64) -> u64 {
    seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Spec;

    fn run(threads: usize, method: Method, count: usize) -> (Vec<Sample>, SampleReport) {
        let puzzle = Puzzle::from_spec(&Spec::plain("4x4x4")).unwrap();
        let options = SampleOptions {
            method,
            solver: SolverKind::default(),
            count,
            seed: 11,
            walks_per_sample: 1000,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut kept = Vec::new();
        let report = pool
            .install(|| sample(&puzzle, &options, |s| kept.push(s.clone())))
            .unwrap();
        (kept, report)
    }

    /// The tours and the report depend on the seed alone, not on the threads that ran (nor
    /// on how many samples each round tries: at least one per thread).
    #[test]
    fn a_run_is_the_same_on_one_thread_or_several() {
        for method in [Method::Greedy, Method::Warnsdorff, Method::Sat] {
            for count in [2, 25] {
                let (one, one_report) = run(1, method, count);
                let (three, three_report) = run(3, method, count);
                assert_eq!(one, three, "{method:?}");
                assert_eq!(one_report, three_report, "{method:?}");
                assert_eq!(one.len(), count);
            }
        }
    }
}
